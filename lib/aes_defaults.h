// The AES configuration a build uses when the caller names none: the tag and
// the number of blocks in flight, per target profile, chosen from the
// a64perf measurements in benchmarks/RESULTS.md.
#ifndef BRAID_AES_DEFAULTS_H_
#define BRAID_AES_DEFAULTS_H_

#include <cstddef>

#include "braid/namespace.h"
#include "braid/simd/isa.h"

BRAID_NAMESPACE_BEGIN

// The best AES tag the compile flags enable.
#if defined(__ARM_NEON) && defined(__ARM_FEATURE_AES)
using NativeAesIsa = isa::NeonAes;
#else
using NativeAesIsa = isa::Scalar;
#endif

// What a caller who names no tag gets: the run-time choice in a build for
// every Arm64 core, the native tag where the flags pin a profile.
#if BRAID_RUNTIME_DISPATCH
using DefaultAesIsa = isa::Auto;
#else
using DefaultAesIsa = NativeAesIsa;
#endif

// Four blocks in flight, on every profile. On the Neoverse V2 model, whose
// four AES pipes would suggest eight, CTR, CBC and CFB decryption model
// fastest at four (out-of-order execution overlaps the batches) and ECB
// within 1% of the best; on N1 four is within 5% of the best for every mode.
// benchmarks/RESULTS.md has the sweeps.
inline constexpr size_t kDefaultAesWays = 4;

// AES-GCM's batches, eight on every profile: each batch carries one GHASH
// reduction and the latency of its chain, which four blocks of AES do not
// cover on either model (benchmarks/RESULTS.md).
inline constexpr size_t kDefaultGcmWays = 8;

BRAID_NAMESPACE_END

#endif  // BRAID_AES_DEFAULTS_H_
