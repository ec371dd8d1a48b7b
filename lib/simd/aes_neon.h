// AES rounds on Advanced SIMD without the Crypto Extensions, constant time.
//
// Two shapes, both free of secret-indexed memory and secret branches:
//  - one block at a time (serial modes, short tails): the S-box is a
//    256-byte table held in sixteen registers and read with TBL/TBX, whose
//    timing does not depend on the index;
//  - eight blocks bit-sliced (parallel modes): plane i holds bit i of all
//    128 bytes, and SubBytes is the Boolean circuit of aes_sliced.h.
// A plane's byte 4r + c is row r, column c of the state (FIPS-197's byte
// 4c + r), so a MixColumns row rotation is one EXT and ShiftRows one TBL.
#ifndef BRAID_SIMD_AES_NEON_H_
#define BRAID_SIMD_AES_NEON_H_

#include <cstddef>
#include <cstdint>

#include "braid/namespace.h"
#include "braid/simd/aes_scalar.h"
#include "braid/simd/aes_sliced.h"
#include "braid/simd/inline.h"
#include "braid/simd/unroll.h"

#if defined(__ARM_NEON)
#include <arm_neon.h>
#endif

BRAID_NAMESPACE_BEGIN
namespace simd {
namespace neon_aes {

struct ByteTables {
  uint8_t sbox[256];
  uint8_t inverse_sbox[256];
};

inline constexpr ByteTables kByteTables = [] {
  ByteTables t{};
  for (int x = 0; x < 256; ++x) {
    t.sbox[x] = static_cast<uint8_t>(scalar_internal::SubBytes(x));
    t.inverse_sbox[x] = static_cast<uint8_t>(scalar_internal::InvSubBytes(x));
  }
  return t;
}();

// Byte permutations, as TBL indices: out[j] = in[index[j]].
struct Permutations {
  uint8_t shift_rows[16];      // FIPS-197 byte order
  uint8_t shift_rows_rot[16];  // ShiftRows, then each column rotated by one
  uint8_t inv_shift_rows[16];
  uint8_t inv_shift_rows_rot[16];
  uint8_t rotate_columns[16];  // each column rotated by one byte
  // FIPS-197 order to the planes' order and back (a 4x4 transpose).
  uint8_t to_planes[16];
  uint8_t plane_shift_rows[16];
  uint8_t plane_inv_shift_rows[16];
};

inline constexpr Permutations kPermutations = [] {
  Permutations p{};
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      const int j = 4 * c + r;
      p.shift_rows[j] = static_cast<uint8_t>(4 * ((c + r) % 4) + r);
      p.inv_shift_rows[j] = static_cast<uint8_t>(4 * ((c + 4 - r) % 4) + r);
      p.to_planes[4 * r + c] = static_cast<uint8_t>(j);
      p.plane_shift_rows[4 * r + c] = static_cast<uint8_t>(4 * r + (c + r) % 4);
      p.plane_inv_shift_rows[4 * r + c] =
          static_cast<uint8_t>(4 * r + (c + 4 - r) % 4);
    }
  }
  for (int j = 0; j < 16; ++j) {
    const int next_row = (j & ~3) | ((j + 1) & 3);
    p.shift_rows_rot[j] = p.shift_rows[next_row];
    p.inv_shift_rows_rot[j] = p.inv_shift_rows[next_row];
    p.rotate_columns[j] = static_cast<uint8_t>(next_row);
  }
  return p;
}();

#if defined(__ARM_NEON)

// ------------------------------------------------------------ one block

// A 256-byte table in sixteen registers.
struct Table {
  uint8x16x4_t q[4];
};

BRAID_INLINE Table LoadTable(const uint8_t* bytes) {
  return Table{{vld1q_u8_x4(bytes), vld1q_u8_x4(bytes + 64),
                vld1q_u8_x4(bytes + 128), vld1q_u8_x4(bytes + 192)}};
}

// table[x] bytewise. TBL gives 0 for an index past its 64 bytes, TBX keeps
// the destination: x ^ 64q brings quarter q's indices below 64 and takes
// every other index past it; two chains of two quarters.
BRAID_INLINE uint8x16_t Lookup(const Table& t, uint8x16_t x) {
  const uint8x16_t x1 = veorq_u8(x, vdupq_n_u8(0x40));
  const uint8x16_t x2 = veorq_u8(x, vdupq_n_u8(0x80));
  const uint8x16_t x3 = veorq_u8(x, vdupq_n_u8(0xc0));
  const uint8x16_t low = vqtbx4q_u8(vqtbl4q_u8(t.q[0], x), t.q[1], x1);
  const uint8x16_t high = vqtbx4q_u8(vqtbl4q_u8(t.q[2], x2), t.q[3], x3);
  return vorrq_u8(low, high);
}

BRAID_INLINE uint8x16_t Permute(uint8x16_t x, const uint8_t (&index)[16]) {
  return vqtbl1q_u8(x, vld1q_u8(index));
}

// Multiplication by x in GF(2^8), bytewise.
BRAID_INLINE uint8x16_t Xtime(uint8x16_t a) {
  const uint8x16_t carry =
      vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(a), 7));
  return veorq_u8(vaddq_u8(a, a), vandq_u8(carry, vdupq_n_u8(0x1b)));
}

BRAID_INLINE uint8x16_t RotateColumns16(uint8x16_t a) {
  return vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(a)));
}

// MixColumns of y, given r1 = y with each column rotated by one byte:
// 2y ^ 3r1 ^ r2 ^ r3 = 2(y ^ r1) ^ r1 ^ rot2(y ^ r1).
BRAID_INLINE uint8x16_t MixColumns(uint8x16_t y, uint8x16_t r1) {
  const uint8x16_t t = veorq_u8(y, r1);
  return veorq_u8(Xtime(t), veorq_u8(r1, RotateColumns16(t)));
}

// MixColumns(ShiftRows(SubBytes(x))): AESE+AESMC but for the key.
BRAID_INLINE uint8x16_t EncRound(const Table& sbox, uint8x16_t x) {
  const uint8x16_t s = Lookup(sbox, x);
  return MixColumns(Permute(s, kPermutations.shift_rows),
                    Permute(s, kPermutations.shift_rows_rot));
}
BRAID_INLINE uint8x16_t EncLast(const Table& sbox, uint8x16_t x) {
  return Permute(Lookup(sbox, x), kPermutations.shift_rows);
}
// InvMixColumns = MixColumns after multiplying by 5 + 4x^2.
BRAID_INLINE uint8x16_t DecRound(const Table& inverse_sbox, uint8x16_t x) {
  const uint8x16_t s = Lookup(inverse_sbox, x);
  uint8x16_t y = Permute(s, kPermutations.inv_shift_rows);
  uint8x16_t r1 = Permute(s, kPermutations.inv_shift_rows_rot);
  const uint8x16_t u = Xtime(Xtime(veorq_u8(y, RotateColumns16(y))));
  y = veorq_u8(y, u);
  r1 = veorq_u8(r1, Permute(u, kPermutations.rotate_columns));
  return MixColumns(y, r1);
}
BRAID_INLINE uint8x16_t DecLast(const Table& inverse_sbox, uint8x16_t x) {
  return Permute(Lookup(inverse_sbox, x), kPermutations.inv_shift_rows);
}

// ------------------------------------------------------------ eight blocks

using Planes = uint8x16_t[8];

// f(0) ... f(7), unrolled: plane arrays must become registers.
template <class F>
BRAID_INLINE void EachPlane(F&& f) {
  Unroll<8>([&](auto... i) BRAID_LAMBDA_INLINE { (f(i), ...); });
}

// Exchanges the bits of b under `mask` with the bits kShift places above
// them in a (within each byte): a keeps its bits outside mask << kShift, b
// its bits outside mask.
template <int kShift>
BRAID_INLINE void SwapBits(uint8x16_t& a, uint8x16_t& b, uint8_t mask) {
  const uint8x16_t low = vdupq_n_u8(mask);
  const uint8x16_t high = vdupq_n_u8(static_cast<uint8_t>(mask << kShift));
  const uint8x16_t a_down = vshrq_n_u8(a, kShift);
  a = vbslq_u8(high, vshlq_n_u8(b, kShift), a);
  b = vbslq_u8(low, a_down, b);
}
// The same for kShift 4 (mask 0x0f), where the shift-and-insert
// instructions keep exactly the other half.
BRAID_INLINE void SwapNibbles(uint8x16_t& a, uint8x16_t& b) {
  const uint8x16_t a_old = a;
  a = vsliq_n_u8(a, b, 4);
  b = vsriq_n_u8(b, a_old, 4);
}

// Transposes, in every byte position, the 8x8 bit matrix of (register,
// bit): bit k of v[i] trades places with bit i of v[k]. Its own inverse.
BRAID_INLINE void TransposeBits(Planes& v) {
  SwapBits<1>(v[0], v[1], 0x55);
  SwapBits<1>(v[2], v[3], 0x55);
  SwapBits<1>(v[4], v[5], 0x55);
  SwapBits<1>(v[6], v[7], 0x55);
  SwapBits<2>(v[0], v[2], 0x33);
  SwapBits<2>(v[1], v[3], 0x33);
  SwapBits<2>(v[4], v[6], 0x33);
  SwapBits<2>(v[5], v[7], 0x33);
  SwapNibbles(v[0], v[4]);
  SwapNibbles(v[1], v[5]);
  SwapNibbles(v[2], v[6]);
  SwapNibbles(v[3], v[7]);
}

// Eight blocks (FIPS-197 byte order) to planes, and back.
BRAID_INLINE void ToPlanes(Planes& v) {
  const uint8x16_t order = vld1q_u8(kPermutations.to_planes);
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE {
    v[i] = vqtbl1q_u8(v[i], order);
  });
  TransposeBits(v);
}
BRAID_INLINE void FromPlanes(Planes& v) {
  TransposeBits(v);
  const uint8x16_t order = vld1q_u8(kPermutations.to_planes);
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE {
    v[i] = vqtbl1q_u8(v[i], order);
  });
}

// A round key as planes, with the 0x63 the circuits leave out folded in.
BRAID_INLINE void KeyToPlanes(const uint8_t* key, Planes& k) {
  const uint8x16_t bytes = vqtbl1q_u8(veorq_u8(vld1q_u8(key), vdupq_n_u8(0x63)),
                                      vld1q_u8(kPermutations.to_planes));
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE {
    k[i] = vtstq_u8(bytes, vdupq_n_u8(static_cast<uint8_t>(1 << i)));
  });
}

// x ^ 0x63 in every byte: planes 0, 1, 5 and 6 inverted.
BRAID_INLINE void AddSboxConstant(Planes& v) {
  v[0] = vmvnq_u8(v[0]);
  v[1] = vmvnq_u8(v[1]);
  v[5] = vmvnq_u8(v[5]);
  v[6] = vmvnq_u8(v[6]);
}

BRAID_INLINE void AddKey(Planes& v, const Planes& k) {
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE { v[i] = veorq_u8(v[i], k[i]); });
}

BRAID_INLINE void PermutePlanes(Planes& v, const uint8_t (&index)[16]) {
  const uint8x16_t order = vld1q_u8(index);
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE {
    v[i] = vqtbl1q_u8(v[i], order);
  });
}

// Row r takes row r + k (mod 4): byte 4r + c of a plane is row r.
template <int kRows>
BRAID_INLINE uint8x16_t RotateRows(uint8x16_t x) {
  return vextq_u8(x, x, 4 * kRows);
}

// 2t, bytewise over planes: bit i of 2t is bit i - 1 of t, and the carry
// (bit 7) reduces by x^4 + x^3 + x + 1.
BRAID_INLINE void TimesX(const Planes& t, Planes& out) {
  out[0] = t[7];
  out[1] = veorq_u8(t[0], t[7]);
  out[2] = t[1];
  out[3] = veorq_u8(t[2], t[7]);
  out[4] = veorq_u8(t[3], t[7]);
  out[5] = t[4];
  out[6] = t[5];
  out[7] = t[6];
}

// MixColumns: 2(a ^ r1) ^ r1 ^ rot2(a ^ r1), r1 = a rotated by one row.
BRAID_INLINE void MixColumns(Planes& a) {
  Planes t, twice;
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE {
    const uint8x16_t r1 = RotateRows<1>(a[i]);
    t[i] = veorq_u8(a[i], r1);
    a[i] = veorq_u8(r1, RotateRows<2>(t[i]));
  });
  TimesX(t, twice);
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE {
    a[i] = veorq_u8(a[i], twice[i]);
  });
}

// InvMixColumns = MixColumns after a ^= 4(a ^ rot2(a)).
BRAID_INLINE void InvMixColumns(Planes& a) {
  Planes u, twice, four;
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE {
    u[i] = veorq_u8(a[i], RotateRows<2>(a[i]));
  });
  TimesX(u, twice);
  TimesX(twice, four);
  EachPlane([&](auto i) BRAID_LAMBDA_INLINE {
    a[i] = veorq_u8(a[i], four[i]);
  });
  MixColumns(a);
}

#endif  // defined(__ARM_NEON)

}  // namespace neon_aes
}  // namespace simd
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_AES_NEON_H_
