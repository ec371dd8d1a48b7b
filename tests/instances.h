// The AES mode kernels that most tests call (every enabled tag at kWays 1 and
// the mode's default), compiled once per build in instances_*.cc instead of
// once per test: each test that includes this header sees explicit
// instantiation declarations, so its compiler links to those kernels rather
// than instantiating them again. The sweeps' other kWays are instantiated
// where they are used, but CTR's, which two tests share. This header declares
// the block modes' kernels;
// aead_instances.h the AEADs' (OCB, GCM, GCM-SIV's POLYVAL), from the macros
// below.
//
// Only non-inline function templates can be shared this way (an inline one,
// such as a member defined in its class, is instantiated wherever it is
// called), so these are the modes' internal entry points that hold the
// kernels.
#ifndef BRAID_TESTS_INSTANCES_H_
#define BRAID_TESTS_INSTANCES_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/simd/isa.h"

// BRAID_TEST_<MODE>_AT(KIND, Isa, kWays) with KIND `extern template`
// declares the instances, with KIND `template` defines them;
// BRAID_TEST_INSTANCES_<MODE>(KIND, Isa) takes the kWays the tests share.
#define BRAID_TEST_ECB_AT(KIND, Isa, kWays)                           \
  KIND absl::Status                                                   \
  ecb_internal::Run<aes_engine::Direction::kEncrypt, Isa, kWays>(     \
      const AesKey&, absl::Span<const uint8_t>, absl::Span<uint8_t>); \
  KIND absl::Status                                                   \
  ecb_internal::Run<aes_engine::Direction::kDecrypt, Isa, kWays>(     \
      const AesKey&, absl::Span<const uint8_t>, absl::Span<uint8_t>)

#define BRAID_TEST_CBC_CFB_AT(KIND, Isa, kCbcWays, kCfbWays)          \
  KIND absl::Status cbc_internal::Encrypt<Isa, kCbcWays>(             \
      const AesKey&, uint8_t*, absl::Span<const uint8_t>,             \
      absl::Span<uint8_t>);                                           \
  KIND absl::Status cbc_internal::Decrypt<Isa, kCbcWays>(             \
      const AesKey&, uint8_t*, absl::Span<const uint8_t>,             \
      absl::Span<uint8_t>);                                           \
  KIND absl::Status cfb_internal::Run<true, Isa, kCfbWays>(           \
      const AesKey&, cfb_internal::State&, absl::Span<const uint8_t>, \
      absl::Span<uint8_t>);                                           \
  KIND absl::Status cfb_internal::Run<false, Isa, kCfbWays>(          \
      const AesKey&, cfb_internal::State&, absl::Span<const uint8_t>, \
      absl::Span<uint8_t>)

#define BRAID_TEST_CTR_AT(KIND, Isa, kWays)                      \
  KIND absl::Status                                              \
  ctr_internal::Crypt<ctr_internal::BigEndian128, Isa, kWays>(   \
      const AesKey&, ctr_internal::State&, absl::string_view,    \
      absl::Span<const uint8_t>, absl::Span<uint8_t>);           \
  KIND absl::Status                                              \
  ctr_internal::Crypt<ctr_internal::LittleEndian32, Isa, kWays>( \
      const AesKey&, ctr_internal::State&, absl::string_view,    \
      absl::Span<const uint8_t>, absl::Span<uint8_t>)

#define BRAID_TEST_XTS_AT(KIND, Isa, kWays)                        \
  KIND absl::Status                                                \
  xts_internal::Run<aes_engine::Direction::kEncrypt, Isa, kWays>(  \
      const AesXtsKey&, const uint8_t*, absl::Span<const uint8_t>, \
      absl::Span<uint8_t>);                                        \
  KIND absl::Status                                                \
  xts_internal::Run<aes_engine::Direction::kDecrypt, Isa, kWays>(  \
      const AesXtsKey&, const uint8_t*, absl::Span<const uint8_t>, \
      absl::Span<uint8_t>)

#define BRAID_TEST_OCB_AT(KIND, Isa, kWays)                                   \
  KIND dispatch_internal::Block128 ocb_internal::Kernel<Isa, kWays>::Hash(    \
      const uint8_t*, int, const uint8_t*, const uint8_t*, size_t, uint8_t*); \
  KIND dispatch_internal::Block128                                            \
  ocb_internal::Kernel<Isa, kWays>::Crypt<aes_engine::Direction::kEncrypt>(   \
      const uint8_t*, int, const uint8_t*, dispatch_internal::Block128,       \
      uint64_t, const uint8_t*, uint8_t*, size_t, uint8_t*);                  \
  KIND dispatch_internal::Block128                                            \
  ocb_internal::Kernel<Isa, kWays>::Crypt<aes_engine::Direction::kDecrypt>(   \
      const uint8_t*, int, const uint8_t*, dispatch_internal::Block128,       \
      uint64_t, const uint8_t*, uint8_t*, size_t, uint8_t*)

#define BRAID_TEST_GCM_AT(KIND, Isa, kWays)                                 \
  KIND void                                                                 \
  gcm_internal::Kernel<Isa, kWays>::Crypt<aes_engine::Direction::kEncrypt>( \
      const uint8_t*, int, const uint8_t*, const uint8_t*, size_t,          \
      const uint8_t*, size_t, const uint8_t*, uint8_t*, size_t, uint8_t*);  \
  KIND void                                                                 \
  gcm_internal::Kernel<Isa, kWays>::Crypt<aes_engine::Direction::kDecrypt>( \
      const uint8_t*, int, const uint8_t*, const uint8_t*, size_t,          \
      const uint8_t*, size_t, const uint8_t*, uint8_t*, size_t, uint8_t*);  \
  BRAID_TEST_GCM_LOOP_AT(KIND, Isa, kWays, 10);                             \
  BRAID_TEST_GCM_LOOP_AT(KIND, Isa, kWays, 12);                             \
  BRAID_TEST_GCM_LOOP_AT(KIND, Isa, kWays, 14)
// GCM's CTR-and-GHASH loop, which the pieces of its stream API (inline)
// reach too.
#define BRAID_TEST_GCM_LOOP_AT(KIND, Isa, kWays, kRounds)                      \
  KIND void                                                                    \
  ctr_internal::Blocks<ctr_internal::BigEndian32, kRounds, kWays, Isa,         \
                       gcm_internal::HashRuns<Isa, kWays, false>>(             \
      Isa, const uint8_t*, const uint8_t*, uint8_t*, const uint8_t*, uint8_t*, \
      size_t, gcm_internal::HashRuns<Isa, kWays, false>&);                     \
  KIND void                                                                    \
  ctr_internal::Blocks<ctr_internal::BigEndian32, kRounds, kWays, Isa,         \
                       gcm_internal::HashRuns<Isa, kWays, true>>(              \
      Isa, const uint8_t*, const uint8_t*, uint8_t*, const uint8_t*, uint8_t*, \
      size_t, gcm_internal::HashRuns<Isa, kWays, true>&)

// kWays 1 and the mode's default (DefaultAesWays), where the mode has a
// kWays to sweep.
#define BRAID_TEST_INSTANCES_ECB(KIND, Isa) \
  BRAID_TEST_ECB_AT(KIND, Isa, 1);          \
  BRAID_TEST_ECB_AT(KIND, Isa, DefaultAesWays<Isa>::kEcb)
#define BRAID_TEST_INSTANCES_CBC_CFB(KIND, Isa)               \
  BRAID_TEST_CBC_CFB_AT(KIND, Isa, 1, 1);                     \
  BRAID_TEST_CBC_CFB_AT(KIND, Isa, DefaultAesWays<Isa>::kCbc, \
                        DefaultAesWays<Isa>::kCfb)
#define BRAID_TEST_INSTANCES_CTR(KIND, Isa) \
  BRAID_TEST_CTR_AT(KIND, Isa, 1);          \
  BRAID_TEST_CTR_AT(KIND, Isa, DefaultAesWays<Isa>::kCtr)
#define BRAID_TEST_INSTANCES_XTS(KIND, Isa) \
  BRAID_TEST_XTS_AT(KIND, Isa, 1);          \
  BRAID_TEST_XTS_AT(KIND, Isa, DefaultAesWays<Isa>::kXts)
#define BRAID_TEST_INSTANCES_OCB(KIND, Isa) \
  BRAID_TEST_OCB_AT(KIND, Isa, 1);          \
  BRAID_TEST_OCB_AT(KIND, Isa, DefaultAesWays<Isa>::kOcb)
#define BRAID_TEST_INSTANCES_GCM(KIND, Isa) \
  BRAID_TEST_GCM_AT(KIND, Isa, 1);          \
  BRAID_TEST_GCM_AT(KIND, Isa, DefaultAesWays<Isa>::kGcm)
// GCM-SIV's CTR is CTR's; its POLYVAL has no kWays.
#define BRAID_TEST_INSTANCES_GCM_SIV(KIND, Isa)                       \
  KIND void gcm_siv_internal::Kernel<Isa>::Polyval(                   \
      const uint8_t*, const uint8_t*, size_t, const uint8_t*, size_t, \
      uint8_t*)

// The sweeps' other kWays (test_util.h: kSweeps): CTR's, which
// modes_equivalence_test and gcm_siv_test (GCM-SIV's CTR is CTR32LE) both
// take, for the tags the build sweeps, at the kWays it sweeps
// (BRAID_TEST_SWEEPS_ODD, _EVEN and _12 below); BUILD.bazel's
// swept_ctr_instances compiles them. Not 4 or 8, which are CTR's defaults on
// some profile (lib/aes_defaults.h): an instance may be defined only once.
#define BRAID_TEST_SWEPT_CTR(KIND, Isa) \
  BRAID_TEST_SWEPT_CTR_ODD(KIND, Isa);  \
  BRAID_TEST_SWEPT_CTR_EVEN(KIND, Isa); \
  BRAID_TEST_SWEPT_CTR_12(KIND, Isa)

// MODE's instances for every tag the flags enable. BRAID_TEST_NO_NEON_AES
// leaves out the Neon AES engine, whose bit-sliced batches are the costliest
// to compile: the aarch64 UBSan build defines it (.bazelrc: a64_ubsan_trap;
// its tests check the modes' bounds and argument logic, which every tag
// shares), and so do tools/test's crypto runs (the engine uses none of that
// profile's flags). BRAID_TEST_NEON_AES says whether this build tests the
// engine (test_util.h's AesTags too).
#if defined(__ARM_NEON) && !defined(BRAID_TEST_NO_NEON_AES)
#define BRAID_TEST_NEON_AES 1
#define BRAID_TEST_INSTANCES_NEON(MODE, KIND) MODE(KIND, isa::Neon);
#else
#define BRAID_TEST_NEON_AES 0
#define BRAID_TEST_INSTANCES_NEON(MODE, KIND)
#endif
#if defined(__ARM_NEON) && defined(__ARM_FEATURE_AES)
#define BRAID_TEST_INSTANCES_NEONAES(MODE, KIND) MODE(KIND, isa::NeonAes);
#else
#define BRAID_TEST_INSTANCES_NEONAES(MODE, KIND)
#endif
#if defined(__ARM_FEATURE_SVE2_AES) && defined(__ARM_FEATURE_AES)
#define BRAID_TEST_INSTANCES_SVE2AES(MODE, KIND) MODE(KIND, isa::Sve2Aes);
#else
#define BRAID_TEST_INSTANCES_SVE2AES(MODE, KIND)
#endif
#define BRAID_TEST_INSTANCES(MODE, KIND)   \
  MODE(KIND, isa::Scalar);                 \
  BRAID_TEST_INSTANCES_NEON(MODE, KIND)    \
  BRAID_TEST_INSTANCES_NEONAES(MODE, KIND) \
  BRAID_TEST_INSTANCES_SVE2AES(MODE, KIND)

// Which tags the build sweeps over every kWays (test_util.h: kSweeps): the
// sve2 profile takes the SIMD tags through them, the host build the portable
// Scalar tag; BRAID_FULL_SWEEP (tools/test --full) every tag everywhere.
#if defined(BRAID_FULL_SWEEP) || !defined(__aarch64__)
#define BRAID_TEST_SWEEPS_SCALAR 1
#define BRAID_TEST_SWEPT_SCALAR(MODE, KIND) MODE(KIND, isa::Scalar);
#else
#define BRAID_TEST_SWEEPS_SCALAR 0
#define BRAID_TEST_SWEPT_SCALAR(MODE, KIND)
#endif
#if defined(BRAID_FULL_SWEEP) || !defined(__aarch64__) || \
    defined(__ARM_FEATURE_SVE2_AES)
#define BRAID_TEST_SWEEPS_SIMD 1
// The Neon tag takes MODE_NEON, its own points (below).
#define BRAID_TEST_SWEPT_SIMD(MODE, KIND)           \
  BRAID_TEST_INSTANCES_NEON(MODE##_NEON, KIND)      \
  BRAID_TEST_INSTANCES_NEONAES(MODE, KIND)          \
  BRAID_TEST_INSTANCES_SVE2AES(MODE, KIND)
#else
#define BRAID_TEST_SWEEPS_SIMD 0
#define BRAID_TEST_SWEPT_SIMD(MODE, KIND)
#endif
// Which of a sweep's points: on aarch64 the two compilers share the SIMD
// tags' sweep, GCC compiling its odd kWays (and ChaCha20 configurations,
// by the parity of their blocks) and Clang the even ones, so that each
// point is compiled once per profile and run at every vector length, and
// kWays 1 and the default by both; BRAID_FULL_SWEEP every point with both.
#if defined(BRAID_FULL_SWEEP) || !defined(__aarch64__)
#define BRAID_TEST_SWEEPS_ODD 1
#define BRAID_TEST_SWEEPS_EVEN 1
#elif defined(__clang__)
#define BRAID_TEST_SWEEPS_ODD 0
#define BRAID_TEST_SWEEPS_EVEN 1
#else
#define BRAID_TEST_SWEEPS_ODD 1
#define BRAID_TEST_SWEEPS_EVEN 0
#endif
#if BRAID_TEST_SWEEPS_ODD
#define BRAID_TEST_SWEPT_CTR_ODD(KIND, Isa) \
  BRAID_TEST_CTR_AT(KIND, Isa, 3);          \
  BRAID_TEST_CTR_AT(KIND, Isa, 5)
#else
#define BRAID_TEST_SWEPT_CTR_ODD(KIND, Isa)
#endif
#if BRAID_TEST_SWEEPS_EVEN
#define BRAID_TEST_SWEPT_CTR_EVEN(KIND, Isa) \
  BRAID_TEST_CTR_AT(KIND, Isa, 2);           \
  BRAID_TEST_CTR_AT(KIND, Isa, 16)
#else
#define BRAID_TEST_SWEPT_CTR_EVEN(KIND, Isa)
#endif
// kWays 12, a wide batch that is neither a power of two nor a default, adds
// least to what 3, 5 and 16 check, and costs the most after 16: only
// BRAID_FULL_SWEEP takes it.
#if defined(BRAID_FULL_SWEEP)
#define BRAID_TEST_SWEEPS_12 1
#define BRAID_TEST_SWEPT_CTR_12(KIND, Isa) BRAID_TEST_CTR_AT(KIND, Isa, 12)
#else
#define BRAID_TEST_SWEEPS_12 0
#define BRAID_TEST_SWEPT_CTR_12(KIND, Isa)
#endif
// The Neon tag's engine runs a call's blocks one at a time below four and
// as bit-sliced batches of eight, the last one padded, from four up
// (lib/aes_engine.h: kMinSlicedBlocks); a kernel at kWays k hands it k
// blocks and, in its tails, the powers of two below k. Its sweep takes one
// kWays of each kind beside 1 and its default 8 (whose tails give 4, 2 and
// 1): 3 (one at a time), 5 (one padded batch), 9 (a whole batch and a padded
// one) and 16 (two whole batches), each by the compiler kSweepsPoint gives
// it; the other kWays add no path of the engine's. test_util.h's
// kIsSweptWays lists the same points. BRAID_FULL_SWEEP: every point.
#if defined(BRAID_FULL_SWEEP)
#define BRAID_TEST_NEON_SWEEPS_ALL 1
#define BRAID_TEST_SWEPT_CTR_NEON(KIND, Isa) BRAID_TEST_SWEPT_CTR(KIND, Isa)
#else
#define BRAID_TEST_NEON_SWEEPS_ALL 0
#if BRAID_TEST_SWEEPS_EVEN
#define BRAID_TEST_SWEPT_CTR_NEON_EVEN(KIND, Isa) \
  BRAID_TEST_CTR_AT(KIND, Isa, 16)
#else
#define BRAID_TEST_SWEPT_CTR_NEON_EVEN(KIND, Isa)
#endif
#define BRAID_TEST_SWEPT_CTR_NEON(KIND, Isa) \
  BRAID_TEST_SWEPT_CTR_ODD(KIND, Isa);       \
  BRAID_TEST_SWEPT_CTR_NEON_EVEN(KIND, Isa)
#endif
#define BRAID_TEST_SWEPT_INSTANCES(MODE, KIND) \
  BRAID_TEST_SWEPT_SCALAR(MODE, KIND)          \
  BRAID_TEST_SWEPT_SIMD(MODE, KIND)

// Not at -Os: those tests check the kernels as -Os compiles them.
#if !defined(BRAID_TEST_INSTANCES_DEFINE) && !defined(__OPTIMIZE_SIZE__)
namespace braid {
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_ECB, extern template)
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_CBC_CFB, extern template)
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_CTR, extern template)
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_XTS, extern template)
BRAID_TEST_SWEPT_INSTANCES(BRAID_TEST_SWEPT_CTR, extern template)
}  // namespace braid
#endif

#endif  // BRAID_TESTS_INSTANCES_H_
