// The bit-sliced S-box circuits (braid/simd/aes_sliced.h) against the
// computed S-box over every byte, with 64-bit words as the slices; and, on
// NEON, the plane layout's round trip and its single round against Scalar.
#include "braid/simd/aes_sliced.h"

#include <cstdint>
#include <cstring>

#include "braid/simd/aes_ops.h"
#include "braid/simd/aes_scalar.h"
#include "gtest/gtest.h"
#if defined(__ARM_NEON)
#include "braid/simd/aes_neon.h"
#endif

namespace braid::test {
namespace {

// Bit i of bytes first..first+63, one per bit of slice[i].
void Slice(int first, uint64_t (&slice)[8], uint8_t xor_with = 0) {
  for (int i = 0; i < 8; ++i) {
    slice[i] = 0;
    for (int j = 0; j < 64; ++j) {
      slice[i] |= uint64_t{((first + j) ^ xor_with) >> i & 1u} << j;
    }
  }
}

int ByteAt(const uint64_t (&slice)[8], int j) {
  int byte = 0;
  for (int i = 0; i < 8; ++i) byte |= static_cast<int>(slice[i] >> j & 1) << i;
  return byte;
}

TEST(AesSlicedTest, SubBytesEveryByte) {
  for (int first = 0; first < 256; first += 64) {
    uint64_t slice[8];
    Slice(first, slice);
    simd::sliced::SubBytes(slice);
    for (int j = 0; j < 64; ++j) {
      const int x = first + j;
      const int want =
          static_cast<int>(simd::scalar_internal::SubBytes(x) & 0xff) ^ 0x63;
      ASSERT_EQ(ByteAt(slice, j), want) << "x = " << x;
    }
  }
}

TEST(AesSlicedTest, InvSubBytesEveryByte) {
  for (int first = 0; first < 256; first += 64) {
    uint64_t slice[8];
    Slice(first, slice, 0x63);
    simd::sliced::InvSubBytes(slice);
    for (int j = 0; j < 64; ++j) {
      const int x = first + j;
      const int want =
          static_cast<int>(simd::scalar_internal::InvSubBytes(x) & 0xff);
      ASSERT_EQ(ByteAt(slice, j), want) << "x = " << x;
    }
  }
}

#if defined(__ARM_NEON)
// Eight distinct blocks through the planes and back are unchanged, and one
// round in planes (SubBytes, ShiftRows, MixColumns, the key) equals
// Scalar's AESE+AESMC on each block.
TEST(AesSlicedTest, PlanesRoundTripAndOneRound) {
  namespace neon = simd::neon_aes;
  uint8_t blocks[8][16], key[16];
  for (int b = 0; b < 8; ++b) {
    for (int j = 0; j < 16; ++j) {
      blocks[b][j] = static_cast<uint8_t>(37 * b + 11 * j + b * j);
    }
  }
  for (int j = 0; j < 16; ++j) key[j] = static_cast<uint8_t>(0xa5 ^ (29 * j));

  neon::Planes v;
  for (int b = 0; b < 8; ++b) v[b] = vld1q_u8(blocks[b]);
  neon::ToPlanes(v);
  neon::FromPlanes(v);
  for (int b = 0; b < 8; ++b) {
    uint8_t out[16];
    vst1q_u8(out, v[b]);
    EXPECT_EQ(std::memcmp(out, blocks[b], 16), 0) << "block " << b;
  }

  // AESE+AESMC(x, 0) then ^ key, as the engine's middle rounds run.
  neon::Planes k;
  neon::KeyToPlanes(key, k);
  for (int b = 0; b < 8; ++b) v[b] = vld1q_u8(blocks[b]);
  neon::ToPlanes(v);
  simd::sliced::SubBytes(v);
  neon::PermutePlanes(v, neon::kPermutations.plane_shift_rows);
  neon::MixColumns(v);
  neon::AddKey(v, k);
  neon::FromPlanes(v);
  for (int b = 0; b < 8; ++b) {
    const uint8_t zero[16] = {};
    uint8_t want[16], out[16];
    simd::StoreBlocks(
        isa::Scalar{}, want,
        simd::Xor(isa::Scalar{},
                  simd::AesEncRound(isa::Scalar{},
                                    simd::LoadBlocks(isa::Scalar{}, blocks[b]),
                                    simd::LoadBlocks(isa::Scalar{}, zero)),
                  simd::LoadBlocks(isa::Scalar{}, key)));
    vst1q_u8(out, v[b]);
    EXPECT_EQ(std::memcmp(out, want, 16), 0) << "block " << b;
  }
}
#endif

}  // namespace
}  // namespace braid::test
