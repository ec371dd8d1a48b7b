// ISA tag types: which instruction set a kernel is instantiated for.
//
// Kernels are templates over a tag; the tag selects overloads of the free
// functions in lib/simd/ (SVE vector types are sizeless, so they cannot be
// wrapped in classes: tags carry the choice instead). Every tag the compile
// flags enable can be named explicitly, so one test binary checks them all;
// isa::Native is the best one the flags allow. isa::Auto is the choice made
// at run time, for the CPU the program runs on (lib/dispatch/).
#ifndef BRAID_SIMD_ISA_H_
#define BRAID_SIMD_ISA_H_

#include <string_view>

#include "braid/namespace.h"

BRAID_NAMESPACE_BEGIN
namespace isa {

struct Scalar {};   // Portable C++, constant time; no vector unit needed.
struct Neon {};     // Advanced SIMD (ARMv8-A).
struct NeonAes {};  // Advanced SIMD + AES + PMULL (ARMv8 Crypto Extensions).
struct Sve {};      // SVE, vector-length agnostic, with NEON beside it.
struct Sve2 {};     // SVE2 (XAR, EOR3), with NEON beside it.
struct Sve2Aes {};  // SVE2 + SVE2-AES + the Crypto Extensions.
// The best kernels lib/dispatch/ compiled (one set per ISA profile, each
// with its own -march) that the running CPU can execute, chosen once from
// its HWCAP bits. Modes take it as they take any tag; it needs no flags.
struct Auto {};

// What each tag offers, and whether the compile flags enable it.
template <class Tag>
struct Traits;

template <>
struct Traits<Scalar> {
  static constexpr std::string_view kName = "scalar";
  static constexpr bool kNeon = false, kAes = false, kPmull = false;
  static constexpr bool kSve = false, kSve2 = false, kSveAes = false;
  static constexpr bool kEnabled = true;
};

template <>
struct Traits<Neon> {
  static constexpr std::string_view kName = "neon";
  static constexpr bool kNeon = true, kAes = false, kPmull = false;
  static constexpr bool kSve = false, kSve2 = false, kSveAes = false;
#if defined(__ARM_NEON)
  static constexpr bool kEnabled = true;
#else
  static constexpr bool kEnabled = false;
#endif
};

template <>
struct Traits<NeonAes> {
  static constexpr std::string_view kName = "neonaes";
  static constexpr bool kNeon = true, kAes = true, kPmull = true;
  static constexpr bool kSve = false, kSve2 = false, kSveAes = false;
#if defined(__ARM_NEON) && defined(__ARM_FEATURE_AES)
  static constexpr bool kEnabled = true;
#else
  static constexpr bool kEnabled = false;
#endif
};

template <>
struct Traits<Sve> {
  static constexpr std::string_view kName = "sve";
  static constexpr bool kNeon = true, kAes = false, kPmull = false;
  static constexpr bool kSve = true, kSve2 = false, kSveAes = false;
#if defined(__ARM_FEATURE_SVE)
  static constexpr bool kEnabled = true;
#else
  static constexpr bool kEnabled = false;
#endif
};

template <>
struct Traits<Sve2> {
  static constexpr std::string_view kName = "sve2";
  static constexpr bool kNeon = true, kAes = false, kPmull = false;
  static constexpr bool kSve = true, kSve2 = true, kSveAes = false;
#if defined(__ARM_FEATURE_SVE2)
  static constexpr bool kEnabled = true;
#else
  static constexpr bool kEnabled = false;
#endif
};

template <>
struct Traits<Sve2Aes> {
  static constexpr std::string_view kName = "sve2aes";
  static constexpr bool kNeon = true, kAes = true, kPmull = true;
  static constexpr bool kSve = true, kSve2 = true, kSveAes = true;
#if defined(__ARM_FEATURE_SVE2_AES) && defined(__ARM_FEATURE_AES)
  static constexpr bool kEnabled = true;
#else
  static constexpr bool kEnabled = false;
#endif
};

template <>
struct Traits<Auto> {
  static constexpr std::string_view kName = "auto";
  static constexpr bool kNeon = false, kAes = false, kPmull = false;
  static constexpr bool kSve = false, kSve2 = false, kSveAes = false;
  static constexpr bool kEnabled = true;
};

template <class Tag>
inline constexpr bool kEnabled = Traits<Tag>::kEnabled;

template <class Tag>
inline constexpr std::string_view kName = Traits<Tag>::kName;

// Kernels start with this so that naming a tag the flags do not enable is
// one clear error instead of a screen of missing-intrinsic errors.
template <class Tag>
constexpr void RequireEnabled() {
  static_assert(kEnabled<Tag>,
                "this ISA tag is not enabled by the compile flags: build with "
                "the matching -march (see .bazelrc: --config=crypto, sve, "
                "sve2) or name another tag");
}

// The best tag the compile flags allow.
#if defined(__ARM_FEATURE_SVE2_AES) && defined(__ARM_FEATURE_AES)
using Native = Sve2Aes;
#elif defined(__ARM_FEATURE_SVE2)
using Native = Sve2;
#elif defined(__ARM_FEATURE_SVE)
using Native = Sve;
#elif defined(__ARM_NEON) && defined(__ARM_FEATURE_AES)
using Native = NeonAes;
#elif defined(__ARM_NEON)
using Native = Neon;
#else
using Native = Scalar;
#endif

// Whether a caller who names no tag gets isa::Auto: on AArch64 when the
// flags pin no profile (no AES, no SVE: a build meant for every Arm64 core).
// A build whose -march pins a profile, and any other host, gets the native
// tag at compile time; so do the per-profile objects of lib/dispatch/.
#if defined(__aarch64__) && !defined(BRAID_PROFILE) && \
    !defined(__ARM_FEATURE_AES) && !defined(__ARM_FEATURE_SVE)
#define BRAID_RUNTIME_DISPATCH 1
#else
#define BRAID_RUNTIME_DISPATCH 0
#endif

// Calls f(Tag{}) for every tag the compile flags enable, Scalar first.
template <class F>
constexpr void ForEachEnabled(F&& f) {
  f(Scalar{});
  if constexpr (kEnabled<Neon>) f(Neon{});
  if constexpr (kEnabled<NeonAes>) f(NeonAes{});
  if constexpr (kEnabled<Sve>) f(Sve{});
  if constexpr (kEnabled<Sve2>) f(Sve2{});
  if constexpr (kEnabled<Sve2Aes>) f(Sve2Aes{});
}

}  // namespace isa
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_ISA_H_
