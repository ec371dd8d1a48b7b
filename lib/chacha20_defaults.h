// The ChaCha20 configuration a build uses when the caller names none: the
// tag and the (vector blocks, scalar blocks) split, per target profile,
// chosen from the a64perf measurements in benchmarks/RESULTS.md.
#ifndef BRAID_CHACHA20_DEFAULTS_H_
#define BRAID_CHACHA20_DEFAULTS_H_

#include <cstddef>

#include "braid/namespace.h"
#include "braid/simd/isa.h"

BRAID_NAMESPACE_BEGIN

#if defined(__ARM_FEATURE_SVE2)
// SVE2, two vector-length groups (below), beats the NEON default (7 + 2) on
// the V2 model at 256, 320 and 1024 bytes and 16 KiB with both compilers,
// and at 576 with GCC; it is within 2% at 64 and loses at 512, and at 576
// with Clang (benchmarks/RESULTS.md, by length).
using NativeChaCha20Isa = isa::Sve2;
#elif defined(__ARM_NEON)
using NativeChaCha20Isa = isa::Neon;
#else
using NativeChaCha20Isa = isa::Scalar;
#endif

// What a caller who names no tag gets (as DefaultAesIsa).
#if BRAID_RUNTIME_DISPATCH
using DefaultChaCha20Isa = isa::Auto;
#else
using DefaultChaCha20Isa = NativeChaCha20Isa;
#endif

// NEON tags. Two scalar blocks beside the vector ones on every profile: the
// integer pipes are otherwise idle. Armv8-A builds (Neoverse N1-class, two
// vector pipes) run four blocks by word (N1 model at 16 KiB: 1.93 c/B with
// GCC, 1.98 with Clang); builds with SVE (V1- and V2-class: four vector
// pipes, and latency to hide) run a word group and three row blocks, 7 + 2
// (V2 model 1.25 GCC, 1.24 Clang; V1 1.30). Three scalar blocks model
// faster with Clang (7 + 3: V2 1.09) but not with GCC, which spills their
// 48 words (1.57). SVE without XAR models faster than 7 + 2 on V1 at 1 KiB
// and 16 KiB (two scalar blocks: 1.21 GCC, 1.19 Clang) but slower at 256 to
// 576 bytes, by up to a fifth, so the sve profile keeps NEON; SVE2 builds
// default to the SVE2 tag (above).
template <class Isa>
struct ChaCha20Defaults {
#if defined(__ARM_FEATURE_SVE)
  static constexpr size_t kVectorBlocks = 7;
#else
  static constexpr size_t kVectorBlocks = 4;
#endif
  static constexpr size_t kScalarBlocks = 2;
};
template <>
struct ChaCha20Defaults<isa::Scalar> {
  static constexpr size_t kVectorBlocks = 0;
  static constexpr size_t kScalarBlocks = 1;
};
// SVE: one vector-length group by word and two blocks in general-purpose
// registers (V1 model, VL 256, 16 KiB: 1.21 GCC, 1.19 Clang; two groups
// 1.40, 1.45).
template <>
struct ChaCha20Defaults<isa::Sve> {
  static constexpr size_t kVectorBlocks = 1;
  static constexpr size_t kScalarBlocks = 2;
};
// SVE2: two groups, whose rotates spread across the vector pipes (V2 model,
// VL 128, 16 KiB: GCC 0.99, Clang 1.05, against 1.15 and 1.22 for one group
// and one scalar block). One scalar block with GCC (two: 0.97, but slower
// at 320 to 576 bytes); two with Clang (one: 1.16).
template <>
struct ChaCha20Defaults<isa::Sve2> {
  static constexpr size_t kVectorBlocks = 2;
#if defined(__clang__)
  static constexpr size_t kScalarBlocks = 2;
#else
  static constexpr size_t kScalarBlocks = 1;
#endif
};
template <>
struct ChaCha20Defaults<isa::Sve2Aes> : ChaCha20Defaults<isa::Sve2> {};
// The run-time choice brings its own split (lib/dispatch/ reports it).
template <>
struct ChaCha20Defaults<isa::Auto> {
  static constexpr size_t kVectorBlocks = 0;
  static constexpr size_t kScalarBlocks = 0;
};

// ChaCha20-Poly1305: Poly1305 takes the integer pipes beside the rounds, so
// NEON batches have no scalar ChaCha20 blocks, and five vector blocks give
// twenty Poly1305 blocks, two a double round (benchmarks/RESULTS.md). SVE
// tags keep ChaCha20's split.
template <class Isa>
struct ChaCha20Poly1305Defaults : ChaCha20Defaults<Isa> {};
template <>
struct ChaCha20Poly1305Defaults<isa::Neon> {
  static constexpr size_t kVectorBlocks = 5;
  static constexpr size_t kScalarBlocks = 0;
};
template <>
struct ChaCha20Poly1305Defaults<isa::NeonAes>
    : ChaCha20Poly1305Defaults<isa::Neon> {};

BRAID_NAMESPACE_END

#endif  // BRAID_CHACHA20_DEFAULTS_H_
