// Portable, constant-time AES round primitives for the Scalar tag.
//
// No table is indexed by secret data: the S-box is computed, eight bytes at a
// time in a 64-bit word, as the GF(2^8) inverse x^254 followed by the affine
// map. The primitives follow the Arm instructions' semantics (AESE =
// AddRoundKey, SubBytes, ShiftRows; AESMC = MixColumns; likewise AESD/AESIMC),
// so the block engine runs unchanged on every tag.
#ifndef BRAID_SIMD_AES_SCALAR_H_
#define BRAID_SIMD_AES_SCALAR_H_

#include <bit>
#include <cstdint>
#include <cstring>

#include "braid/namespace.h"

BRAID_NAMESPACE_BEGIN
namespace simd {

static_assert(std::endian::native == std::endian::little,
              "the scalar AES packs bytes little-endian into 64-bit words");

// Sixteen bytes of AES state, column-major as in FIPS-197: byte 4c+r is row r
// of column c. lo holds bytes 0..7.
struct Block128 {
  uint64_t lo;
  uint64_t hi;
};

namespace scalar_internal {

inline constexpr uint64_t kOnes = 0x0101010101010101ull;

inline constexpr uint64_t Xtime(uint64_t a) {
  return ((a & 0x7f7f7f7f7f7f7f7full) << 1) ^ (((a >> 7) & kOnes) * 0x1b);
}

// Eight independent GF(2^8) products, one per byte.
inline constexpr uint64_t GfMul(uint64_t a, uint64_t b) {
  uint64_t r = 0;
  for (int i = 0; i < 8; ++i) {
    r ^= a & (((b >> i) & kOnes) * 0xff);
    a = Xtime(a);
  }
  return r;
}

// x^254 = x^-1 for x != 0, and 0 for 0.
inline constexpr uint64_t GfInverse(uint64_t x) {
  const uint64_t x2 = GfMul(x, x);
  const uint64_t x3 = GfMul(x2, x);
  const uint64_t x6 = GfMul(x3, x3);
  const uint64_t x12 = GfMul(x6, x6);
  const uint64_t x15 = GfMul(x12, x3);
  const uint64_t x30 = GfMul(x15, x15);
  const uint64_t x60 = GfMul(x30, x30);
  const uint64_t x120 = GfMul(x60, x60);
  const uint64_t x240 = GfMul(x120, x120);
  const uint64_t x252 = GfMul(x240, x12);
  return GfMul(x252, x2);
}

// Rotates every byte left by n bits.
inline constexpr uint64_t RotateBytes(uint64_t x, int n) {
  const uint64_t low_mask = (0xffull >> (8 - n)) * kOnes;
  return ((x << n) & ~low_mask) | ((x >> (8 - n)) & low_mask);
}

inline constexpr uint64_t SubBytes(uint64_t x) {
  const uint64_t b = GfInverse(x);
  return b ^ RotateBytes(b, 1) ^ RotateBytes(b, 2) ^ RotateBytes(b, 3) ^
         RotateBytes(b, 4) ^ (0x63 * kOnes);
}

inline constexpr uint64_t InvSubBytes(uint64_t s) {
  const uint64_t b = RotateBytes(s, 1) ^ RotateBytes(s, 3) ^ RotateBytes(s, 6) ^
                     (0x05 * kOnes);
  return GfInverse(b);
}

// Within every 32-bit column, byte i takes byte i+k (mod 4).
inline constexpr uint64_t RotateColumn8(uint64_t a) {
  return ((a >> 8) & 0x00ffffff00ffffffull) |
         ((a << 24) & 0xff000000ff000000ull);
}
inline constexpr uint64_t RotateColumn16(uint64_t a) {
  return ((a >> 16) & 0x0000ffff0000ffffull) |
         ((a << 16) & 0xffff0000ffff0000ull);
}

inline constexpr uint64_t MixColumns(uint64_t a) {
  const uint64_t r1 = RotateColumn8(a);
  const uint64_t r2 = RotateColumn16(a);
  return Xtime(a ^ r1) ^ r1 ^ r2 ^ RotateColumn8(r2);
}

// InvMixColumns = MixColumns after multiplying by 5 + 4x^2 (mod x^4 + 1).
inline constexpr uint64_t InvMixColumns(uint64_t a) {
  return MixColumns(a ^ Xtime(Xtime(a ^ RotateColumn16(a))));
}

inline void ToBytes(Block128 b, uint8_t out[16]) {
  std::memcpy(out, &b.lo, 8);
  std::memcpy(out + 8, &b.hi, 8);
}

inline Block128 FromBytes(const uint8_t in[16]) {
  Block128 b;
  std::memcpy(&b.lo, in, 8);
  std::memcpy(&b.hi, in + 8, 8);
  return b;
}

// Row r of column c moves to column c - r (ShiftRows) or c + r (inverse).
template <bool kInverse>
inline Block128 ShiftRows(Block128 x) {
  uint8_t in[16], out[16];
  ToBytes(x, in);
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      const int shifted = 4 * ((c + r) % 4) + r;
      if constexpr (kInverse) {
        out[shifted] = in[4 * c + r];
      } else {
        out[4 * c + r] = in[shifted];
      }
    }
  }
  return FromBytes(out);
}

}  // namespace scalar_internal

// The round primitives stay out of line: inlined into every block of every
// unrolled kernel they would multiply compile time for no gain on a path
// that is slow by nature.

// AESE: AddRoundKey, SubBytes, ShiftRows.
__attribute__((noinline)) inline Block128 ScalarAese(Block128 x, Block128 k) {
  using namespace scalar_internal;
  return ShiftRows<false>(
      Block128{SubBytes(x.lo ^ k.lo), SubBytes(x.hi ^ k.hi)});
}

// AESD: AddRoundKey, InvSubBytes, InvShiftRows.
__attribute__((noinline)) inline Block128 ScalarAesd(Block128 x, Block128 k) {
  using namespace scalar_internal;
  return ShiftRows<true>(
      Block128{InvSubBytes(x.lo ^ k.lo), InvSubBytes(x.hi ^ k.hi)});
}

__attribute__((noinline)) inline Block128 ScalarAesmc(Block128 x) {
  using namespace scalar_internal;
  return Block128{MixColumns(x.lo), MixColumns(x.hi)};
}

__attribute__((noinline)) inline Block128 ScalarAesimc(Block128 x) {
  using namespace scalar_internal;
  return Block128{InvMixColumns(x.lo), InvMixColumns(x.hi)};
}

// Full rounds as one call each: half the calls of AESE then AESMC, which
// keeps wide unrolled kernels quick to compile.
__attribute__((noinline)) inline Block128 ScalarEncRound(Block128 x,
                                                         Block128 k) {
  using namespace scalar_internal;
  const Block128 y =
      ShiftRows<false>(Block128{SubBytes(x.lo ^ k.lo), SubBytes(x.hi ^ k.hi)});
  return Block128{MixColumns(y.lo), MixColumns(y.hi)};
}

__attribute__((noinline)) inline Block128 ScalarDecRound(Block128 x,
                                                         Block128 k) {
  using namespace scalar_internal;
  const Block128 y = ShiftRows<true>(
      Block128{InvSubBytes(x.lo ^ k.lo), InvSubBytes(x.hi ^ k.hi)});
  return Block128{InvMixColumns(y.lo), InvMixColumns(y.hi)};
}

// The S-box applied to each byte of a 32-bit word (the key schedule's SubWord).
inline uint32_t ScalarSubWord(uint32_t w) {
  return static_cast<uint32_t>(scalar_internal::SubBytes(w));
}

}  // namespace simd
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_AES_SCALAR_H_
