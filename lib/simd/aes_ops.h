// The AES primitives the block engine is written in, one overload per tag.
//
// A "vector" holds one 16-byte block on Scalar and NeonAes, and VL/128 blocks
// on Sve2Aes (the AES instructions work on each 128-bit segment). Rounds come
// as AESE+AESMC (AESD+AESIMC) on the same register in one expression, so the
// pair stays adjacent for the cores to fuse. Clang defines some NEON
// intrinsics as macros, which break inside pack expansions: every intrinsic
// is wrapped in an inline function here.
#ifndef BRAID_SIMD_AES_OPS_H_
#define BRAID_SIMD_AES_OPS_H_

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "braid/namespace.h"
#include "braid/simd/aes_scalar.h"
#include "braid/simd/isa.h"

#if defined(__ARM_NEON)
#include <arm_neon.h>
#endif
#if defined(__ARM_FEATURE_SVE)
#include <arm_sve.h>
#endif

#include "braid/simd/inline.h"

BRAID_NAMESPACE_BEGIN
namespace simd {

// ---------------------------------------------------------------- Scalar
BRAID_INLINE constexpr size_t BlocksPerVector(isa::Scalar) { return 1; }
BRAID_INLINE Block128 LoadBlocks(isa::Scalar, const uint8_t* p) {
  return scalar_internal::FromBytes(p);
}
// Loads n (<= BlocksPerVector) blocks; the rest of the vector is zero.
BRAID_INLINE Block128 LoadBlocks(isa::Scalar, const uint8_t* p, size_t) {
  return scalar_internal::FromBytes(p);
}
BRAID_INLINE void StoreBlocks(isa::Scalar, uint8_t* p, Block128 v) {
  scalar_internal::ToBytes(v, p);
}
BRAID_INLINE void StoreBlocks(isa::Scalar, uint8_t* p, Block128 v, size_t) {
  scalar_internal::ToBytes(v, p);
}
BRAID_INLINE Block128 LoadBroadcast(isa::Scalar, const uint8_t* k) {
  return scalar_internal::FromBytes(k);
}
BRAID_INLINE Block128 Xor(isa::Scalar, Block128 a, Block128 b) {
  return Block128{a.lo ^ b.lo, a.hi ^ b.hi};
}
BRAID_INLINE Block128 Xor3(isa::Scalar, Block128 a, Block128 b, Block128 c) {
  return Block128{a.lo ^ b.lo ^ c.lo, a.hi ^ b.hi ^ c.hi};
}
// Bytewise addition mod 256, no carry between bytes.
BRAID_INLINE Block128 AddBytes(isa::Scalar, Block128 a, Block128 b) {
  constexpr uint64_t kLow7 = 0x7f7f7f7f7f7f7f7full;
  auto add = [](uint64_t x, uint64_t y) {
    return ((x & kLow7) + (y & kLow7)) ^ ((x ^ y) & ~kLow7);
  };
  return Block128{add(a.lo, b.lo), add(a.hi, b.hi)};
}
BRAID_INLINE Block128 AesEncRound(isa::Scalar, Block128 x, Block128 k) {
  return ScalarEncRound(x, k);
}
BRAID_INLINE Block128 AesEncLast(isa::Scalar, Block128 x, Block128 k) {
  return ScalarAese(x, k);
}
BRAID_INLINE Block128 AesDecRound(isa::Scalar, Block128 x, Block128 k) {
  return ScalarDecRound(x, k);
}
BRAID_INLINE Block128 AesDecLast(isa::Scalar, Block128 x, Block128 k) {
  return ScalarAesd(x, k);
}
BRAID_INLINE uint32_t SubWord(isa::Scalar, uint32_t w) {
  return ScalarSubWord(w);
}
BRAID_INLINE void InvMixColumnsKey(isa::Scalar, const uint8_t in[16],
                                   uint8_t out[16]) {
  scalar_internal::ToBytes(ScalarAesimc(scalar_internal::FromBytes(in)), out);
}

// ------------------------------------------------------- Neon and NeonAes
// One 16-byte block a vector. Neon (no AES instructions) runs the block
// engine's own rounds (aes_neon.h), and its key schedule's primitives are
// Scalar's.
#if defined(__ARM_NEON)
template <class Tag>
concept NeonBlockTag =
    std::is_same_v<Tag, isa::Neon> || std::is_same_v<Tag, isa::NeonAes>;

template <NeonBlockTag Tag>
BRAID_INLINE constexpr size_t BlocksPerVector(Tag) {
  return 1;
}
template <NeonBlockTag Tag>
BRAID_INLINE uint8x16_t LoadBlocks(Tag, const uint8_t* p) {
  return vld1q_u8(p);
}
template <NeonBlockTag Tag>
BRAID_INLINE uint8x16_t LoadBlocks(Tag, const uint8_t* p, size_t) {
  return vld1q_u8(p);
}
template <NeonBlockTag Tag>
BRAID_INLINE void StoreBlocks(Tag, uint8_t* p, uint8x16_t v) {
  vst1q_u8(p, v);
}
template <NeonBlockTag Tag>
BRAID_INLINE void StoreBlocks(Tag, uint8_t* p, uint8x16_t v, size_t) {
  vst1q_u8(p, v);
}
template <NeonBlockTag Tag>
BRAID_INLINE uint8x16_t LoadBroadcast(Tag, const uint8_t* k) {
  return vld1q_u8(k);
}
template <NeonBlockTag Tag>
BRAID_INLINE uint8x16_t Xor(Tag, uint8x16_t a, uint8x16_t b) {
  return veorq_u8(a, b);
}
template <NeonBlockTag Tag>
BRAID_INLINE uint8x16_t Xor3(Tag, uint8x16_t a, uint8x16_t b, uint8x16_t c) {
#if defined(__ARM_FEATURE_SHA3)
  return veor3q_u8(a, b, c);
#else
  return veorq_u8(veorq_u8(a, b), c);
#endif
}
template <NeonBlockTag Tag>
BRAID_INLINE uint8x16_t AddBytes(Tag, uint8x16_t a, uint8x16_t b) {
  return vaddq_u8(a, b);
}
BRAID_INLINE uint32_t SubWord(isa::Neon, uint32_t w) {
  return ScalarSubWord(w);
}
BRAID_INLINE void InvMixColumnsKey(isa::Neon, const uint8_t in[16],
                                   uint8_t out[16]) {
  InvMixColumnsKey(isa::Scalar{}, in, out);
}
#endif

// ---------------------------------------------------------------- NeonAes
#if defined(__ARM_NEON) && defined(__ARM_FEATURE_AES)
BRAID_INLINE uint8x16_t AesEncRound(isa::NeonAes, uint8x16_t x, uint8x16_t k) {
  return vaesmcq_u8(vaeseq_u8(x, k));
}
BRAID_INLINE uint8x16_t AesEncLast(isa::NeonAes, uint8x16_t x, uint8x16_t k) {
  return vaeseq_u8(x, k);
}
BRAID_INLINE uint8x16_t AesDecRound(isa::NeonAes, uint8x16_t x, uint8x16_t k) {
  return vaesimcq_u8(vaesdq_u8(x, k));
}
BRAID_INLINE uint8x16_t AesDecLast(isa::NeonAes, uint8x16_t x, uint8x16_t k) {
  return vaesdq_u8(x, k);
}
// With the word in all four columns, ShiftRows is the identity and AESE
// with a zero key is SubBytes.
BRAID_INLINE uint32_t SubWord(isa::NeonAes, uint32_t w) {
  const uint8x16_t x = vreinterpretq_u8_u32(vdupq_n_u32(w));
  return vgetq_lane_u32(vreinterpretq_u32_u8(vaeseq_u8(x, vdupq_n_u8(0))), 0);
}
BRAID_INLINE void InvMixColumnsKey(isa::NeonAes, const uint8_t in[16],
                                   uint8_t out[16]) {
  vst1q_u8(out, vaesimcq_u8(vld1q_u8(in)));
}
#endif

// ---------------------------------------------------------------- Sve2Aes
#if defined(__ARM_FEATURE_SVE2_AES) && defined(__ARM_FEATURE_AES)
BRAID_INLINE size_t BlocksPerVector(isa::Sve2Aes) { return svcntb() / 16; }
BRAID_INLINE svuint8_t LoadBlocks(isa::Sve2Aes, const uint8_t* p) {
  return svld1_u8(svptrue_b8(), p);
}
// Predicated: bytes past n blocks are neither read nor written.
BRAID_INLINE svuint8_t LoadBlocks(isa::Sve2Aes, const uint8_t* p, size_t n) {
  return svld1_u8(svwhilelt_b8_u64(0, n * 16), p);
}
BRAID_INLINE void StoreBlocks(isa::Sve2Aes, uint8_t* p, svuint8_t v) {
  svst1_u8(svptrue_b8(), p, v);
}
BRAID_INLINE void StoreBlocks(isa::Sve2Aes, uint8_t* p, svuint8_t v, size_t n) {
  svst1_u8(svwhilelt_b8_u64(0, n * 16), p, v);
}
// One 16-byte block (a round key, a counter) in every 128-bit segment.
BRAID_INLINE svuint8_t LoadBroadcast(isa::Sve2Aes, const uint8_t* k) {
  return svld1rq_u8(svptrue_b8(), k);
}
BRAID_INLINE svuint8_t Xor(isa::Sve2Aes, svuint8_t a, svuint8_t b) {
  return sveor_u8_x(svptrue_b8(), a, b);
}
BRAID_INLINE svuint8_t Xor3(isa::Sve2Aes, svuint8_t a, svuint8_t b,
                            svuint8_t c) {
  return sveor3_u8(a, b, c);
}
BRAID_INLINE svuint8_t AddBytes(isa::Sve2Aes, svuint8_t a, svuint8_t b) {
  return svadd_u8_x(svptrue_b8(), a, b);
}
BRAID_INLINE svuint8_t AesEncRound(isa::Sve2Aes, svuint8_t x, svuint8_t k) {
  return svaesmc_u8(svaese_u8(x, k));
}
BRAID_INLINE svuint8_t AesEncLast(isa::Sve2Aes, svuint8_t x, svuint8_t k) {
  return svaese_u8(x, k);
}
BRAID_INLINE svuint8_t AesDecRound(isa::Sve2Aes, svuint8_t x, svuint8_t k) {
  return svaesimc_u8(svaesd_u8(x, k));
}
BRAID_INLINE svuint8_t AesDecLast(isa::Sve2Aes, svuint8_t x, svuint8_t k) {
  return svaesd_u8(x, k);
}
BRAID_INLINE uint32_t SubWord(isa::Sve2Aes, uint32_t w) {
  return SubWord(isa::NeonAes{}, w);
}
BRAID_INLINE void InvMixColumnsKey(isa::Sve2Aes, const uint8_t in[16],
                                   uint8_t out[16]) {
  InvMixColumnsKey(isa::NeonAes{}, in, out);
}
#endif

// acc ^= x_0 ^ ... ^ x_{n-1}: the x's first, three at a time, and acc last,
// so that a running sum (OCB's checksum) waits for one XOR a batch and
// FEAT_SHA3's EOR3 takes two blocks an operation.
template <class Isa, class V, class... Vs>
BRAID_INLINE void XorInto(Isa isa, V& acc, V x, Vs... rest) {
  if constexpr (sizeof...(Vs) == 0) {
    acc = Xor(isa, acc, x);
  } else if constexpr (sizeof...(Vs) == 1) {
    acc = Xor3(isa, acc, x, rest...);
  } else {
    [&](V y, V z, auto... tail) BRAID_LAMBDA_INLINE {
      XorInto(isa, acc, Xor3(isa, x, y, z), tail...);
    }(rest...);
  }
}

// Tags the AES engine runs on.
template <class Tag>
inline constexpr bool kAesCapable =
    std::is_same_v<Tag, isa::Scalar> || std::is_same_v<Tag, isa::Neon> ||
    std::is_same_v<Tag, isa::NeonAes> || std::is_same_v<Tag, isa::Sve2Aes>;

}  // namespace simd
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_AES_OPS_H_
