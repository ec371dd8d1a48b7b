// The ChaCha20 primitives, one overload per word type: uint32_t (a state
// word in a general-purpose register), uint32x4_t (NEON: one word of four
// blocks, or one row of one block) and svuint32_t (SVE: one word of VL/32
// blocks). The tag picks the instructions where a word type has more than one
// way: SVE2 fuses the XOR and the rotate into XAR, plain SVE cannot.
#ifndef BRAID_SIMD_CHACHA_OPS_H_
#define BRAID_SIMD_CHACHA_OPS_H_

#include <cstdint>
#include <type_traits>

#include "braid/namespace.h"
#include "braid/simd/inline.h"
#include "braid/simd/isa.h"

#if defined(__ARM_NEON)
#include <arm_neon.h>
#endif
#if defined(__ARM_FEATURE_SVE)
#include <arm_sve.h>
#endif

BRAID_NAMESPACE_BEGIN
namespace simd::chacha {

// How SVE rotates: for a double round whose dependent chains bound it, or
// for one whose vector pipes do. With SVE2, XAR is one instruction and the
// shortest chain, but Neoverse V2 (and its model) issues it to one vector
// pipe of four: one word group is chain-bound and XARs everywhere, two
// groups are pipe-bound and XAR only 12 and 7 (a shift pair otherwise, on
// two pipes), with the halfword reverse for 16 (any pipe) and, under GCC, a
// byte table for 8 (two pipes). Clang spills around the table's index
// register with thirty-two state vectors live, so under Clang 8 stays XAR.
enum class Rotates { kShortestChain, kSpreadAcrossPipes };

// ---------------------------------------------------------------- uint32_t
template <class Isa>
BRAID_INLINE uint32_t Add(Isa, uint32_t a, uint32_t b) {
  return a + b;
}
// rotl(d ^ a, k): ChaCha's "d ^= a; d <<<= k" as one value.
template <int k, Rotates = Rotates::kShortestChain, class Isa>
BRAID_INLINE uint32_t XorRotl(Isa, uint32_t d, uint32_t a) {
  const uint32_t x = d ^ a;
  return (x << k) | (x >> (32 - k));
}

// ---------------------------------------------------------------- NEON
#if defined(__ARM_NEON)
template <class Isa>
BRAID_INLINE uint32x4_t Add(Isa, uint32x4_t a, uint32x4_t b) {
  return vaddq_u32(a, b);
}
template <int k, Rotates = Rotates::kShortestChain, class Isa>
BRAID_INLINE uint32x4_t XorRotl(Isa, uint32x4_t d, uint32x4_t a) {
  const uint32x4_t x = veorq_u32(d, a);
  if constexpr (k == 16) {
    // Swapping the halfwords of each word is one permute.
    return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)));
  } else if constexpr (k == 8) {
    // A byte rotate is one table lookup.
    static constexpr uint8_t kRotl8[16] = {3,  0, 1, 2,  7,  4,  5,  6,
                                           11, 8, 9, 10, 15, 12, 13, 14};
    return vreinterpretq_u32_u8(
        vqtbl1q_u8(vreinterpretq_u8_u32(x), vld1q_u8(kRotl8)));
  } else {
    return vsriq_n_u32(vshlq_n_u32(x, k), x, 32 - k);
  }
}
#endif

// ---------------------------------------------------------------- SVE
#if defined(__ARM_FEATURE_SVE)
template <class Isa>
BRAID_INLINE svuint32_t Add(Isa, svuint32_t a, svuint32_t b) {
  return svadd_u32_x(svptrue_b32(), a, b);
}
template <int k, Rotates kRotates = Rotates::kShortestChain, class Isa>
BRAID_INLINE svuint32_t XorRotl(Isa, svuint32_t d, svuint32_t a) {
  const svbool_t all = svptrue_b32();
#if defined(__clang__)
  constexpr bool kXar8 = true;
#else
  constexpr bool kXar8 = false;
#endif
  if constexpr (isa::Traits<Isa>::kSve2 &&
                (kRotates == Rotates::kShortestChain || k == 12 || k == 7 ||
                 (k == 8 && kXar8))) {
    return svxar_n_u32(d, a, 32 - k);
  } else {
    const svuint32_t x = sveor_u32_x(all, d, a);
    if constexpr (k == 16) {
      return svrevh_u32_x(all, x);
    } else if constexpr (k == 8) {
      // Lane i's bytes 3, 0, 1, 2 (+ 4i): a byte rotate. Indices reach 255
      // at the largest vector, 64 words.
      const svuint8_t rotl8 =
          svreinterpret_u8_u32(svindex_u32(0x02010003, 0x04040404));
      return svreinterpret_u32_u8(svtbl_u8(svreinterpret_u8_u32(x), rotl8));
    } else {
      return svorr_u32_x(all, svlsl_n_u32_x(all, x, k),
                         svlsr_n_u32_x(all, x, 32 - k));
    }
  }
}
#endif

// One ChaCha double round (a column round, then a diagonal round) over the
// sixteen words of a state, each word of any of the types above. Each step
// is written for all four quarter rounds at once, so four independent chains
// sit next to each other in the instruction stream.
template <Rotates kRotates = Rotates::kShortestChain, class Isa, class W>
BRAID_INLINE void DoubleRound(Isa isa, W& x0, W& x1, W& x2, W& x3, W& x4, W& x5,
                              W& x6, W& x7, W& x8, W& x9, W& x10, W& x11,
                              W& x12, W& x13, W& x14, W& x15) {
  // "a += b; d ^= a; d <<<= k" for four quarter rounds.
  auto step = [&](auto k, W& a0, W& a1, W& a2, W& a3, W& b0, W& b1, W& b2,
                  W& b3, W& d0, W& d1, W& d2, W& d3) BRAID_LAMBDA_INLINE {
    a0 = Add(isa, a0, b0), a1 = Add(isa, a1, b1);
    a2 = Add(isa, a2, b2), a3 = Add(isa, a3, b3);
    d0 = XorRotl<k(), kRotates>(isa, d0, a0);
    d1 = XorRotl<k(), kRotates>(isa, d1, a1);
    d2 = XorRotl<k(), kRotates>(isa, d2, a2);
    d3 = XorRotl<k(), kRotates>(isa, d3, a3);
  };
  auto quarter_rounds = [&](W& a0, W& b0, W& c0, W& d0, W& a1, W& b1, W& c1,
                            W& d1, W& a2, W& b2, W& c2, W& d2, W& a3, W& b3,
                            W& c3, W& d3) BRAID_LAMBDA_INLINE {
    using std::integral_constant;
    step(integral_constant<int, 16>{}, a0, a1, a2, a3, b0, b1, b2, b3, d0, d1,
         d2, d3);
    step(integral_constant<int, 12>{}, c0, c1, c2, c3, d0, d1, d2, d3, b0, b1,
         b2, b3);
    step(integral_constant<int, 8>{}, a0, a1, a2, a3, b0, b1, b2, b3, d0, d1,
         d2, d3);
    step(integral_constant<int, 7>{}, c0, c1, c2, c3, d0, d1, d2, d3, b0, b1,
         b2, b3);
  };
  quarter_rounds(x0, x4, x8, x12, x1, x5, x9, x13, x2, x6, x10, x14, x3, x7,
                 x11, x15);
  quarter_rounds(x0, x5, x10, x15, x1, x6, x11, x12, x2, x7, x8, x13, x3, x4,
                 x9, x14);
}

// The same double round for a block held as four NEON rows (a: words 0-3,
// b: 4-7, c: 8-11, d: 12-15): the four quarter rounds are the four lanes,
// and rotating rows b, c, d by one, two and three lanes turns the diagonals
// into columns and back.
#if defined(__ARM_NEON)
template <class Isa>
BRAID_INLINE void RowDoubleRound(Isa isa, uint32x4_t& a, uint32x4_t& b,
                                 uint32x4_t& c, uint32x4_t& d) {
  auto quarter_round = [&]() BRAID_LAMBDA_INLINE {
    a = Add(isa, a, b);
    d = XorRotl<16>(isa, d, a);
    c = Add(isa, c, d);
    b = XorRotl<12>(isa, b, c);
    a = Add(isa, a, b);
    d = XorRotl<8>(isa, d, a);
    c = Add(isa, c, d);
    b = XorRotl<7>(isa, b, c);
  };
  quarter_round();
  b = vextq_u32(b, b, 1);
  c = vextq_u32(c, c, 2);
  d = vextq_u32(d, d, 3);
  quarter_round();
  b = vextq_u32(b, b, 3);
  c = vextq_u32(c, c, 2);
  d = vextq_u32(d, d, 1);
}
#endif

}  // namespace simd::chacha
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_CHACHA_OPS_H_
