// The AES configuration a build uses when the caller names none: the tag and
// the number of blocks in flight, per target profile, chosen from the
// a64perf measurements in benchmarks/RESULTS.md.
#ifndef BRAID_AES_DEFAULTS_H_
#define BRAID_AES_DEFAULTS_H_

#include <cstddef>

#include "braid/simd/isa.h"

namespace braid {

#if defined(__ARM_NEON) && defined(__ARM_FEATURE_AES)
using DefaultAesIsa = isa::NeonAes;
#else
using DefaultAesIsa = isa::Scalar;
#endif

#if defined(__ARM_FEATURE_SVE)
// Neoverse V1/V2-class cores: four AES pipes with 2-cycle latency need eight
// or more independent blocks to stay busy.
inline constexpr size_t kDefaultAesWays = 8;
#else
// Neoverse N1-class cores: two AES pipes.
inline constexpr size_t kDefaultAesWays = 4;
#endif

}  // namespace braid

#endif  // BRAID_AES_DEFAULTS_H_
