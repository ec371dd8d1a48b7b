// AES rounds on Advanced SIMD without the Crypto Extensions, constant time.
//
// Two shapes, both free of secret-indexed memory and secret branches:
//  - one block at a time (serial modes, short tails): the S-box is a
//    256-byte table held in sixteen registers and read with TBL, whose
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
  uint8_t shift_rows_rot[4][16];  // ShiftRows, each column rotated by i
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
      p.shift_rows_rot[0][j] = static_cast<uint8_t>(4 * ((c + r) % 4) + r);
      p.inv_shift_rows[j] = static_cast<uint8_t>(4 * ((c + 4 - r) % 4) + r);
      p.to_planes[4 * r + c] = static_cast<uint8_t>(j);
      p.plane_shift_rows[4 * r + c] = static_cast<uint8_t>(4 * r + (c + r) % 4);
      p.plane_inv_shift_rows[4 * r + c] =
          static_cast<uint8_t>(4 * r + (c + 4 - r) % 4);
    }
  }
  auto next_row = [](int j) { return (j & ~3) | ((j + 1) & 3); };
  for (int i = 1; i < 4; ++i) {
    for (int j = 0; j < 16; ++j) {
      p.shift_rows_rot[i][j] = p.shift_rows_rot[i - 1][next_row(j)];
    }
  }
  for (int j = 0; j < 16; ++j) {
    p.inv_shift_rows_rot[j] = p.inv_shift_rows[next_row(j)];
    p.rotate_columns[j] = static_cast<uint8_t>(next_row(j));
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

// An index x with x ^ 64q beside it for q = 1..3: TBL gives 0 for an index
// past its 64 bytes, so table[x] is the OR of quarter q read at x ^ 64q,
// four lookups side by side.
struct Quarters {
  uint8x16_t x[4];
};

BRAID_INLINE Quarters ToQuarters(uint8x16_t x) {
  return Quarters{{x, veorq_u8(x, vdupq_n_u8(0x40)),
                   veorq_u8(x, vdupq_n_u8(0x80)),
                   veorq_u8(x, vdupq_n_u8(0xc0))}};
}

// The empty asm keeps the halves apart: GCC would chain the three ORs, a
// step longer where the four TBLs issue back to back (in-order cores).
BRAID_INLINE uint8x16_t Lookup(const Table& t, const Quarters& i) {
  uint8x16_t low =
      vorrq_u8(vqtbl4q_u8(t.q[0], i.x[0]), vqtbl4q_u8(t.q[1], i.x[1]));
  uint8x16_t high =
      vorrq_u8(vqtbl4q_u8(t.q[2], i.x[2]), vqtbl4q_u8(t.q[3], i.x[3]));
  __asm__("" : "+w"(low), "+w"(high));
  return vorrq_u8(low, high);
}

BRAID_INLINE uint8x16_t Permute(uint8x16_t x, const uint8_t (&index)[16]) {
  return vqtbl1q_u8(x, vld1q_u8(index));
}

// The part of 2a that multiplication by x folds back: 0x1b where a >= 0x80.
BRAID_INLINE uint8x16_t XtimeCarry(uint8x16_t a) {
  return vandq_u8(vcltzq_s8(vreinterpretq_s8_u8(a)), vdupq_n_u8(0x1b));
}

// Multiplication by x in GF(2^8), bytewise.
BRAID_INLINE uint8x16_t Xtime(uint8x16_t a) {
  return veorq_u8(vaddq_u8(a, a), XtimeCarry(a));
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

// MixColumns(ShiftRows(SubBytes(x))) ^ k, as the next round's quarters.
// Serial modes wait on this chain, so it is kept shallow: the four column
// rotations after ShiftRows are four TBLs of s, and the key, once per
// quarter with its constant, joins the XOR tree early.
BRAID_INLINE Quarters EncRound(const Table& sbox, const Quarters& x,
                               uint8x16_t k) {
  const uint8x16_t s = Lookup(sbox, x);
  const auto& p = kPermutations.shift_rows_rot;
  const uint8x16_t r1 = Permute(s, p[1]);
  const uint8x16_t t = veorq_u8(Permute(s, p[0]), r1);
  const uint8x16_t r12 = veorq_u8(r1, Permute(s, p[2]));
  const uint8x16_t r3 = Permute(s, p[3]);
  const uint8x16_t twice_t = vaddq_u8(t, t);
  const uint8x16_t carry = XtimeCarry(t);
  // 2t = twice_t ^ carry, the deepest terms, enters last.
  auto quarter = [&](uint8_t c) BRAID_LAMBDA_INLINE {
    const uint8x16_t kc = veorq_u8(k, vdupq_n_u8(c));
    return veorq_u8(veorq_u8(veorq_u8(r12, veorq_u8(r3, kc)), twice_t),
                    carry);
  };
  return Quarters{
      {quarter(0x00), quarter(0x40), quarter(0x80), quarter(0xc0)}};
}
BRAID_INLINE uint8x16_t EncLast(const Table& sbox, const Quarters& x) {
  return Permute(Lookup(sbox, x), kPermutations.shift_rows_rot[0]);
}
// InvMixColumns = MixColumns after multiplying by 5 + 4x^2.
BRAID_INLINE Quarters DecRound(const Table& inverse_sbox, const Quarters& x,
                               uint8x16_t k) {
  const uint8x16_t s = Lookup(inverse_sbox, x);
  uint8x16_t y = Permute(s, kPermutations.inv_shift_rows);
  uint8x16_t r1 = Permute(s, kPermutations.inv_shift_rows_rot);
  const uint8x16_t u = Xtime(Xtime(veorq_u8(y, RotateColumns16(y))));
  y = veorq_u8(y, u);
  r1 = veorq_u8(r1, Permute(u, kPermutations.rotate_columns));
  return ToQuarters(veorq_u8(MixColumns(y, r1), k));
}
BRAID_INLINE uint8x16_t DecLast(const Table& inverse_sbox, const Quarters& x) {
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
