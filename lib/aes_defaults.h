// The AES configuration a build uses when the caller names none: the tag and
// the number of blocks in flight, per target profile, chosen from the
// a64perf measurements in benchmarks/RESULTS.md.
#ifndef BRAID_AES_DEFAULTS_H_
#define BRAID_AES_DEFAULTS_H_

#include <cstddef>
#include <string>
#include <utility>

#include "braid/dispatch/kernel_table.h"
#include "braid/namespace.h"
#include "braid/simd/isa.h"

BRAID_NAMESPACE_BEGIN

// The best AES tag the compile flags enable.
#if defined(__ARM_NEON) && defined(__ARM_FEATURE_AES)
using NativeAesIsa = isa::NeonAes;
#elif defined(__ARM_NEON)
using NativeAesIsa = isa::Neon;
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

// Blocks in flight, by mode: what a caller who names no kWays gets with tag
// Isa (GCM-SIV takes CTR's: its CTR32LE is that kernel). Four, and eight for
// GCM, whose batches each carry one GHASH reduction and the latency of its
// chain, which four blocks of AES do not cover on either model. On the
// Neoverse V2 model, whose four AES pipes would suggest eight, CTR, CBC and
// CFB decryption model fastest at four (out-of-order execution overlaps the
// batches).
template <class Isa>
struct DefaultAesWays {
  static constexpr size_t kEcb = 4, kCbc = 4, kCfb = 4, kCtr = 4, kXts = 4,
                          kOcb = 4, kGcm = 8;
};

#if !defined(__ARM_FEATURE_SVE)
// Profiles without SVE, whose kernels the run-time-dispatched build also
// gives the cores of that class (Neoverse N1, Cortex-A72, Cortex-A53): CBC
// and CFB decryption and CTR (with CTR32LE and GCM-SIV) model as fast or
// faster at eight blocks on the N1, A72 and A53 models at 16 KiB, a fifth
// faster on the in-order A53, and at most 3.2% slower on N1 from 64 bytes
// to 1420; ECB, XTS and OCB lose on N1 at eight (benchmarks/RESULTS.md).
template <>
struct DefaultAesWays<isa::NeonAes> : DefaultAesWays<isa::Scalar> {
  static constexpr size_t kCbc = 8, kCfb = 8, kCtr = 8;
};
#endif

// Without the AES instructions every mode runs whole bit-sliced batches of
// eight (aes_engine.h).
template <>
struct DefaultAesWays<isa::Neon> {
  static constexpr size_t kEcb = 8, kCbc = 8, kCfb = 8, kCtr = 8, kXts = 8,
                          kOcb = 8, kGcm = 8;
};

// The same as values, for lib/dispatch's tables and the program's reports.
template <class Isa>
inline constexpr dispatch_internal::AesWays kAesModeWays = {
    DefaultAesWays<Isa>::kEcb, DefaultAesWays<Isa>::kCbc,
    DefaultAesWays<Isa>::kCfb, DefaultAesWays<Isa>::kCtr,
    DefaultAesWays<Isa>::kXts, DefaultAesWays<Isa>::kOcb,
    DefaultAesWays<Isa>::kGcm};

// "blocks in flight: ECB 4, CBC 8, ...".
inline std::string DescribeAesWays(const dispatch_internal::AesWays& w) {
  std::string s = "blocks in flight:";
  const std::pair<const char*, size_t> modes[] = {
      {"ECB", w.ecb}, {"CBC", w.cbc}, {"CFB", w.cfb}, {"CTR", w.ctr},
      {"XTS", w.xts}, {"OCB", w.ocb}, {"GCM", w.gcm}};
  for (const auto& [mode, ways] : modes) {
    s += (s.back() == ':' ? " " : ", ") + std::string(mode) + " " +
         std::to_string(ways);
  }
  return s;
}

BRAID_NAMESPACE_END

#endif  // BRAID_AES_DEFAULTS_H_
