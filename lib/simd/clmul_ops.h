// Carry-less multiplication for POLYVAL, per ISA tag: a 128-bit field
// element, its 256-bit unreduced products (Karatsuba: three 64x64
// multiplies) and the Montgomery reduction by x^128 for the polynomial
// x^128 + x^127 + x^126 + x^121 + 1 (RFC 8452 §3). GHASH runs on the same
// arithmetic with its blocks byte-reversed (RFC 8452 Appendix A), which
// FieldLoadReversed / FieldStoreReversed do.
//
// NeonAes and Sve2Aes use PMULL (FEAT_PMULL comes with the AES extension);
// Scalar and Neon multiply in general-purpose registers (integer multiplies
// on masked words), in constant time.
#ifndef BRAID_SIMD_CLMUL_OPS_H_
#define BRAID_SIMD_CLMUL_OPS_H_

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "braid/namespace.h"
#include "braid/simd/inline.h"
#include "braid/simd/isa.h"

#if defined(__ARM_NEON)
#include <arm_neon.h>
#endif

BRAID_NAMESPACE_BEGIN
namespace simd {

// The reduction constant: x^-128 folding uses the polynomial's terms
// x^127 + x^126 + x^121, i.e. 0xc2 in the top byte of a 64-bit word.
inline constexpr uint64_t kPolyvalFold = 0xc200000000000000ull;

// ------------------------------------------------------------------ Scalar
struct Clmul128 {
  uint64_t lo, hi;
};
// An unreduced product: lo + mid * x^64 + hi * x^128 (Karatsuba terms
// before recombination).
struct ClmulWide {
  Clmul128 lo, mid, hi;
};

namespace clmul_internal {
// The low 64 bits of a * b over GF(2)[x], from integer multiplies: each
// operand split into four words whose bits are four apart, so that the sums
// the multiplier forms in a bit position carry only into positions of other
// words (masked off), except at bit 60, whose carry leaves the word.
inline uint64_t MulLow64(uint64_t a, uint64_t b) {
  constexpr uint64_t kM0 = 0x1111111111111111ull, kM1 = kM0 << 1,
                     kM2 = kM0 << 2, kM3 = kM0 << 3;
  const uint64_t a0 = a & kM0, a1 = a & kM1, a2 = a & kM2, a3 = a & kM3;
  const uint64_t b0 = b & kM0, b1 = b & kM1, b2 = b & kM2, b3 = b & kM3;
  const uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
  const uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
  const uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
  const uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
  return (z0 & kM0) | (z1 & kM1) | (z2 & kM2) | (z3 & kM3);
}

inline uint64_t ReverseBits64(uint64_t x) {
#if defined(__clang__)
  return __builtin_bitreverse64(x);
#else
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  return __builtin_bswap64(x);
#endif
}

// a * b over GF(2)[x], 64 x 64 -> 128 bits, in constant time (multiplies,
// masks, shifts). The high half is the low half of the bit-reversed
// operands' product, reversed: rev(a) * rev(b) = rev(a * b) >> 1 over 127
// bits.
inline Clmul128 Mul64(uint64_t a, uint64_t b) {
  const uint64_t lo = MulLow64(a, b);
  const uint64_t hi =
      ReverseBits64(MulLow64(ReverseBits64(a), ReverseBits64(b))) >> 1;
  return {lo, hi};
}
inline Clmul128 Xor(Clmul128 a, Clmul128 b) {
  return {a.lo ^ b.lo, a.hi ^ b.hi};
}
}  // namespace clmul_internal

// Scalar, and Neon (no PMULL without the Crypto Extensions).
template <class Tag>
concept IntegerClmulTag =
    std::is_same_v<Tag, isa::Scalar> || std::is_same_v<Tag, isa::Neon>;

template <IntegerClmulTag Tag>
BRAID_INLINE Clmul128 FieldLoad(Tag, const uint8_t* p) {
  Clmul128 v;
  std::memcpy(&v, p, 16);
  return v;
}
template <IntegerClmulTag Tag>
BRAID_INLINE void FieldStore(Tag, uint8_t* p, Clmul128 v) {
  std::memcpy(p, &v, 16);
}
// The bytes of v in reverse order.
template <IntegerClmulTag Tag>
BRAID_INLINE Clmul128 FieldReverse(Tag, Clmul128 v) {
  return {__builtin_bswap64(v.hi), __builtin_bswap64(v.lo)};
}
template <IntegerClmulTag Tag>
BRAID_INLINE Clmul128 FieldLoadReversed(Tag tag, const uint8_t* p) {
  return FieldReverse(tag, FieldLoad(tag, p));
}
template <IntegerClmulTag Tag>
BRAID_INLINE void FieldStoreReversed(Tag tag, uint8_t* p, Clmul128 v) {
  FieldStore(tag, p, FieldReverse(tag, v));
}
template <IntegerClmulTag Tag>
BRAID_INLINE Clmul128 FieldXor(Tag, Clmul128 a, Clmul128 b) {
  return clmul_internal::Xor(a, b);
}
template <IntegerClmulTag Tag>
BRAID_INLINE Clmul128 FieldZero(Tag) {
  return {0, 0};
}
template <IntegerClmulTag Tag>
BRAID_INLINE ClmulWide WideZero(Tag) {
  return {};
}
// acc += a * b; `b_folded` is b.lo ^ b.hi in its low half (precomputed).
template <IntegerClmulTag Tag>
BRAID_INLINE void MulAcc(Tag, ClmulWide& acc, Clmul128 a, Clmul128 b,
                         Clmul128 b_folded) {
  using clmul_internal::Mul64;
  using clmul_internal::Xor;
  acc.lo = Xor(acc.lo, Mul64(a.lo, b.lo));
  acc.hi = Xor(acc.hi, Mul64(a.hi, b.hi));
  acc.mid = Xor(acc.mid, Mul64(a.lo ^ a.hi, b_folded.lo));
}
// Two blocks a, b as their low halves {a.lo, b.lo} and their high halves
// {a.hi, b.hi}: the form MulAccHalves multiplies.
struct ClmulHalves {
  Clmul128 lo, hi;
};
template <IntegerClmulTag Tag>
BRAID_INLINE ClmulHalves SplitHalves(Tag, Clmul128 a, Clmul128 b) {
  return {{a.lo, b.lo}, {a.hi, b.hi}};
}
// The two blocks at p, each byte-reversed (GHASH's), split.
template <IntegerClmulTag Tag>
BRAID_INLINE ClmulHalves LoadReversedSplitHalves(Tag tag, const uint8_t* p) {
  return SplitHalves(tag, FieldLoadReversed(tag, p),
                     FieldLoadReversed(tag, p + 16));
}
template <IntegerClmulTag Tag>
BRAID_INLINE ClmulHalves LoadHalves(Tag tag, const uint8_t* lo,
                                    const uint8_t* hi) {
  return {FieldLoad(tag, lo), FieldLoad(tag, hi)};
}
template <IntegerClmulTag Tag>
BRAID_INLINE Clmul128 FoldHalves(Tag, const ClmulHalves& x) {
  return clmul_internal::Xor(x.lo, x.hi);
}
// acc += a * c + b * d, for x = SplitHalves(a, b), key = SplitHalves(c, d)
// and key_folded = FoldHalves(key).
template <IntegerClmulTag Tag>
BRAID_INLINE void MulAccHalves(Tag tag, ClmulWide& acc, const ClmulHalves& x,
                               const ClmulHalves& key, Clmul128 key_folded) {
  using clmul_internal::Mul64;
  using clmul_internal::Xor;
  const Clmul128 folded = FoldHalves(tag, x);
  acc.lo = Xor(acc.lo,
               Xor(Mul64(x.lo.lo, key.lo.lo), Mul64(x.lo.hi, key.lo.hi)));
  acc.hi = Xor(acc.hi,
               Xor(Mul64(x.hi.lo, key.hi.lo), Mul64(x.hi.hi, key.hi.hi)));
  acc.mid = Xor(acc.mid, Xor(Mul64(folded.lo, key_folded.lo),
                             Mul64(folded.hi, key_folded.hi)));
}
// acc * x^-128 mod the POLYVAL polynomial.
template <IntegerClmulTag Tag>
BRAID_INLINE Clmul128 Reduce(Tag, const ClmulWide& acc) {
  using clmul_internal::Mul64;
  const Clmul128 mid =
      clmul_internal::Xor(acc.mid, clmul_internal::Xor(acc.lo, acc.hi));
  Clmul128 lo = {acc.lo.lo, acc.lo.hi ^ mid.lo};
  const Clmul128 hi = {acc.hi.lo ^ mid.hi, acc.hi.hi};
  for (int i = 0; i < 2; ++i) {
    const Clmul128 t = Mul64(lo.lo, kPolyvalFold);
    lo = {lo.hi ^ t.lo, lo.lo ^ t.hi};
  }
  return clmul_internal::Xor(lo, hi);
}

// -------------------------------------------------- NeonAes and Sve2Aes
#if defined(__ARM_NEON) && defined(__ARM_FEATURE_AES)
struct NeonWide {
  uint8x16_t lo, mid, hi;
};

namespace clmul_internal {
BRAID_INLINE uint8x16_t MulLow(uint8x16_t a, uint8x16_t b) {
  return vreinterpretq_u8_p128(
      vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u8(a), 0),
                vgetq_lane_p64(vreinterpretq_p64_u8(b), 0)));
}
BRAID_INLINE uint8x16_t MulHigh(uint8x16_t a, uint8x16_t b) {
  return vreinterpretq_u8_p128(
      vmull_high_p64(vreinterpretq_p64_u8(a), vreinterpretq_p64_u8(b)));
}
BRAID_INLINE uint8x16_t SwapHalves(uint8x16_t a) { return vextq_u8(a, a, 8); }
}  // namespace clmul_internal

// NeonAes, and Sve2Aes (whose builds have the same PMULL; POLYVAL's serial
// chain gains nothing from wider vectors).
template <class Tag>
concept PmullTag =
    std::is_same_v<Tag, isa::NeonAes> || std::is_same_v<Tag, isa::Sve2Aes>;

template <PmullTag Tag>
BRAID_INLINE uint8x16_t FieldLoad(Tag, const uint8_t* p) {
  return vld1q_u8(p);
}
template <PmullTag Tag>
BRAID_INLINE void FieldStore(Tag, uint8_t* p, uint8x16_t v) {
  vst1q_u8(p, v);
}
// One TBL: a byte permutation is one vector operation where REV64 and EXT
// would be two.
template <PmullTag Tag>
BRAID_INLINE uint8x16_t FieldReverse(Tag, uint8x16_t v) {
  const uint8x16_t reverse = {15, 14, 13, 12, 11, 10, 9, 8,
                              7,  6,  5,  4,  3,  2,  1, 0};
  return vqtbl1q_u8(v, reverse);
}
template <PmullTag Tag>
BRAID_INLINE uint8x16_t FieldLoadReversed(Tag tag, const uint8_t* p) {
  return FieldReverse(tag, vld1q_u8(p));
}
template <PmullTag Tag>
BRAID_INLINE void FieldStoreReversed(Tag tag, uint8_t* p, uint8x16_t v) {
  vst1q_u8(p, FieldReverse(tag, v));
}
template <PmullTag Tag>
BRAID_INLINE uint8x16_t FieldXor(Tag, uint8x16_t a, uint8x16_t b) {
  return veorq_u8(a, b);
}
template <PmullTag Tag>
BRAID_INLINE uint8x16_t FieldZero(Tag) {
  return vdupq_n_u8(0);
}
template <PmullTag Tag>
BRAID_INLINE NeonWide WideZero(Tag) {
  return {vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0)};
}
template <PmullTag Tag>
BRAID_INLINE void MulAcc(Tag, NeonWide& acc, uint8x16_t a, uint8x16_t b,
                         uint8x16_t b_folded) {
  using namespace clmul_internal;
  acc.lo = veorq_u8(acc.lo, MulLow(a, b));
  acc.hi = veorq_u8(acc.hi, MulHigh(a, b));
  acc.mid = veorq_u8(acc.mid, MulLow(veorq_u8(a, SwapHalves(a)), b_folded));
}

struct NeonHalves {
  uint8x16_t lo, hi;
};
template <PmullTag Tag>
BRAID_INLINE NeonHalves SplitHalves(Tag, uint8x16_t a, uint8x16_t b) {
  const uint64x2_t a64 = vreinterpretq_u64_u8(a);
  const uint64x2_t b64 = vreinterpretq_u64_u8(b);
  return {vreinterpretq_u8_u64(vtrn1q_u64(a64, b64)),
          vreinterpretq_u8_u64(vtrn2q_u64(a64, b64))};
}
// Two TBLs that reverse and split at once, where reversing each block
// first would be two more (a reversed block's low half is its high half's
// bytes backwards). One LD1 fills the two consecutive registers TBL reads;
// GCC moves such a tuple through the stack if it must change it.
template <PmullTag Tag>
BRAID_INLINE NeonHalves LoadReversedSplitHalves(Tag, const uint8_t* p) {
  const uint8x16x2_t both = vld1q_u8_x2(p);
  const uint8x16_t low = {15, 14, 13, 12, 11, 10, 9,  8,
                          31, 30, 29, 28, 27, 26, 25, 24};
  const uint8x16_t high = {7,  6,  5,  4,  3,  2,  1,  0,
                           23, 22, 21, 20, 19, 18, 17, 16};
  return {vqtbl2q_u8(both, low), vqtbl2q_u8(both, high)};
}
template <PmullTag Tag>
BRAID_INLINE NeonHalves LoadHalves(Tag, const uint8_t* lo, const uint8_t* hi) {
  return {vld1q_u8(lo), vld1q_u8(hi)};
}
template <PmullTag Tag>
BRAID_INLINE uint8x16_t FoldHalves(Tag, const NeonHalves& x) {
  return veorq_u8(x.lo, x.hi);
}
template <PmullTag Tag>
BRAID_INLINE void MulAccHalves(Tag tag, NeonWide& acc, const NeonHalves& x,
                               const NeonHalves& key, uint8x16_t key_folded) {
  using namespace clmul_internal;
  const uint8x16_t folded = FoldHalves(tag, x);
  acc.lo = veorq_u8(acc.lo, MulLow(x.lo, key.lo));
  acc.hi = veorq_u8(acc.hi, MulLow(x.hi, key.hi));
  acc.mid = veorq_u8(acc.mid, MulLow(folded, key_folded));
  acc.lo = veorq_u8(acc.lo, MulHigh(x.lo, key.lo));
  acc.hi = veorq_u8(acc.hi, MulHigh(x.hi, key.hi));
  acc.mid = veorq_u8(acc.mid, MulHigh(folded, key_folded));
}
template <PmullTag Tag>
BRAID_INLINE uint8x16_t Reduce(Tag, const NeonWide& acc) {
  using namespace clmul_internal;
  const uint8x16_t mid = veorq_u8(acc.mid, veorq_u8(acc.lo, acc.hi));
  const uint8x16_t zero = vdupq_n_u8(0);
  uint8x16_t lo = veorq_u8(acc.lo, vextq_u8(zero, mid, 8));
  const uint8x16_t hi = veorq_u8(acc.hi, vextq_u8(mid, zero, 8));
  const uint8x16_t fold = vreinterpretq_u8_u64(vdupq_n_u64(kPolyvalFold));
  lo = veorq_u8(SwapHalves(lo), MulLow(lo, fold));
  lo = veorq_u8(SwapHalves(lo), MulLow(lo, fold));
  return veorq_u8(lo, hi);
}
#endif

}  // namespace simd
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_CLMUL_OPS_H_
