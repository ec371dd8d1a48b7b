// The dispatcher: reads the CPU's features once, caps them by BRAID_ISA and
// LimitTo(), and picks for each family the best compiled profile whose
// features all remain. Built at the baseline -march with the rest of the
// program: it executes no instruction of any profile before the choice.
#include "braid/dispatch/dispatch.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "braid/aes_defaults.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/simd/cpu_features.h"

// Each profile's tables, defined in its own objects (profile.cc), in its own
// namespace. BUILD.bazel says which profiles this build has.
#define BRAID_DECLARE_PROFILE(ns)                                   \
  namespace braid::ns {                                             \
  extern const dispatch_internal::AesKernels kAesKernels;           \
  extern const dispatch_internal::ChaCha20Kernels kChaCha20Kernels; \
  }
BRAID_DECLARE_PROFILE(profile_scalar)
#if defined(BRAID_DISPATCH_AARCH64)
BRAID_DECLARE_PROFILE(profile_neon)
BRAID_DECLARE_PROFILE(profile_neonaes)
BRAID_DECLARE_PROFILE(profile_neonaes_sha3)
BRAID_DECLARE_PROFILE(profile_sve)
BRAID_DECLARE_PROFILE(profile_sve2)
#endif
#undef BRAID_DECLARE_PROFILE

namespace braid {
namespace {

using dispatch_internal::AesKernels;
using dispatch_internal::ChaCha20Kernels;

enum Feature : uint32_t {
  kNeon = 1 << 0,
  kAes = 1 << 1,
  kPmull = 1 << 2,
  kSha3 = 1 << 3,
  kSve = 1 << 4,
  kSve2 = 1 << 5,
  kAll = (1 << 6) - 1,
};

constexpr struct {
  const char* name;
  uint32_t features;
} kFeatureNames[] = {{"neon", kNeon}, {"aes", kAes}, {"pmull", kPmull},
                     {"sha3", kSha3}, {"sve", kSve}, {"sve2", kSve2}};

std::string Names(uint32_t features) {
  std::string out;
  for (const auto& f : kFeatureNames) {
    if (features & f.features)
      absl::StrAppend(&out, out.empty() ? "" : " ", f.name);
  }
  return out.empty() ? "none" : out;
}

struct Profile {
  const char* name;
  uint32_t needs;
  const AesKernels* aes;  // null: not this profile's family
  const ChaCha20Kernels* chacha20;
};

// Best first; each profile's -march in BUILD.bazel enables exactly `needs`
// (besides the architecture version those features imply).
const Profile kProfiles[] = {
#if defined(BRAID_DISPATCH_AARCH64)
    {"sve2", kNeon | kAes | kPmull | kSha3 | kSve | kSve2,
     &profile_sve2::kAesKernels, &profile_sve2::kChaCha20Kernels},
    {"sve", kNeon | kSve, nullptr, &profile_sve::kChaCha20Kernels},
    {"neonaes-sha3", kNeon | kAes | kPmull | kSha3,
     &profile_neonaes_sha3::kAesKernels, nullptr},
    {"neonaes", kNeon | kAes | kPmull, &profile_neonaes::kAesKernels, nullptr},
    {"neon", kNeon, &profile_neon::kAesKernels,
     &profile_neon::kChaCha20Kernels},
#endif
    {"scalar", 0, &profile_scalar::kAesKernels,
     &profile_scalar::kChaCha20Kernels},
};

// The caps BRAID_ISA and LimitTo() name, each with what it leaves.
constexpr struct {
  const char* name;
  uint32_t keeps;
} kCaps[] = {
    {"scalar", 0},
    {"neon", kNeon},
    {"neonaes", kNeon | kAes | kPmull},
    {"neonaes-sha3", kNeon | kAes | kPmull | kSha3},
    {"sve", kNeon | kAes | kPmull | kSha3 | kSve},
    {"sve2", kAll},
};

bool FindCap(std::string_view name, uint32_t* keeps) {
  for (const auto& c : kCaps) {
    if (name == c.name) {
      *keeps = c.keeps;
      return true;
    }
  }
  return false;
}

uint32_t CpuBits(const isa::CpuFeatures& cpu) {
  uint32_t bits = 0;
  if (cpu.neon) bits |= kNeon;
  if (cpu.aes) bits |= kAes;
  if (cpu.pmull) bits |= kPmull;
  if (cpu.sha3) bits |= kSha3;
  // SVE2 counts only with SVE (a kernel for it runs SVE instructions too).
  if (cpu.sve) bits |= kSve;
  if (cpu.sve && cpu.sve2) bits |= kSve2;
  return bits;
}

// What the dispatcher knows: the CPU's features, read once; the cap, as
// features kept and as the words that set it.
struct State {
  isa::CpuFeatures cpu;
  uint32_t cpu_bits;
  std::atomic<uint32_t> keeps{kAll};
  mutable std::mutex mu;  // guards `limit`, and orders LimitTo() calls
  std::string limit;
  // What Choose() picked last (also published in dispatch_internal).
  std::atomic<const AesKernels*> aes{nullptr};
  std::atomic<const ChaCha20Kernels*> chacha20{nullptr};

  State() : cpu(isa::DetectCpu()), cpu_bits(CpuBits(cpu)) {
    if (const char* env = std::getenv("BRAID_ISA"); env != nullptr) {
      uint32_t cap = 0;
      if (FindCap(env, &cap)) {
        limit = absl::StrCat("BRAID_ISA=", env);
      } else {
        limit = absl::StrCat("BRAID_ISA=", env,
                             " is no profile: limited to scalar");
      }
      keeps.store(cap);
    }
    Choose();
  }

  // Picks, for each family, the best profile whose needs the CPU and the
  // cap both allow (scalar needs nothing: there is always one).
  void Choose() {
    const uint32_t usable = cpu_bits & keeps.load();
    const AesKernels* best_aes = nullptr;
    const ChaCha20Kernels* best_chacha20 = nullptr;
    for (const Profile& p : kProfiles) {
      if ((p.needs & ~usable) != 0) continue;
      if (best_aes == nullptr) best_aes = p.aes;
      if (best_chacha20 == nullptr) best_chacha20 = p.chacha20;
    }
    aes.store(best_aes, std::memory_order_relaxed);
    chacha20.store(best_chacha20, std::memory_order_relaxed);
    dispatch_internal::aes_choice.store(best_aes, std::memory_order_relaxed);
    dispatch_internal::chacha20_choice.store(best_chacha20,
                                             std::memory_order_relaxed);
  }
};

State& Dispatcher() {
  static State* state = new State();  // thread-safe first use; never freed
  return *state;
}

template <class Kernels>
const Profile& ProfileOf(const Kernels* k) {
  for (const Profile& p : kProfiles) {
    if (static_cast<const void*>(p.aes) == k ||
        static_cast<const void*>(p.chacha20) == k) {
      return p;
    }
  }
  return kProfiles[sizeof(kProfiles) / sizeof(kProfiles[0]) - 1];
}

// Why `chosen` runs: what it needs, and for each better profile of the
// family, what it lacks (on the CPU, or through the cap).
template <class Kernels>
std::string Why(const State& s, const Kernels* chosen,
                const Kernels* Profile::*family) {
  const Profile& mine = ProfileOf(chosen);
  std::string why = mine.needs == 0
                        ? std::string("needs nothing")
                        : absl::StrCat("the CPU has ", Names(mine.needs));
  const uint32_t keeps = s.keeps.load();
  for (const Profile& p : kProfiles) {
    if (&p == &mine) break;
    if (p.*family == nullptr) continue;
    const uint32_t missing_cpu = p.needs & ~s.cpu_bits;
    const uint32_t capped = p.needs & s.cpu_bits & ~keeps;
    absl::StrAppend(&why, "; not ", p.name, ": ");
    if (missing_cpu != 0) {
      absl::StrAppend(&why, "the CPU lacks ", Names(missing_cpu));
    } else {
      absl::StrAppend(&why, Names(capped), " left out by ", s.limit);
    }
  }
  return why;
}

}  // namespace

namespace dispatch_internal {
namespace {

// The tables in place until the first call: each entry makes the choice,
// then runs what was chosen.
template <auto kEntry>
struct Lazy;
template <class R, class... Args, R (*AesKernels::*kEntry)(Args...)>
struct Lazy<kEntry> {
  static R Call(Args... args) {
    return (*Dispatcher().aes.load(std::memory_order_relaxed).*kEntry)(args...);
  }
};
template <class R, class... Args, R (*ChaCha20Kernels::*kEntry)(Args...)>
struct Lazy<kEntry> {
  static R Call(Args... args) {
    return (*Dispatcher().chacha20.load(std::memory_order_relaxed).*
            kEntry)(args...);
  }
};

constexpr AesKernels kLazyAes = {
    "(not chosen yet)",
    "",
    {},
    &Lazy<&AesKernels::expand_key>::Call,
    &Lazy<&AesKernels::ecb_encrypt>::Call,
    &Lazy<&AesKernels::ecb_decrypt>::Call,
    &Lazy<&AesKernels::encrypt_block>::Call,
    &Lazy<&AesKernels::cbc_encrypt>::Call,
    &Lazy<&AesKernels::cbc_decrypt>::Call,
    &Lazy<&AesKernels::cfb_encrypt>::Call,
    &Lazy<&AesKernels::cfb_decrypt>::Call,
    &Lazy<&AesKernels::ctr_be128>::Call,
    &Lazy<&AesKernels::ctr_le32>::Call,
    &Lazy<&AesKernels::xts_encrypt>::Call,
    &Lazy<&AesKernels::xts_decrypt>::Call,
    &Lazy<&AesKernels::ocb_hash>::Call,
    &Lazy<&AesKernels::ocb_encrypt>::Call,
    &Lazy<&AesKernels::ocb_decrypt>::Call,
    &Lazy<&AesKernels::gcm_siv_polyval>::Call,
    &Lazy<&AesKernels::gcm_siv_polyval_piece>::Call,
    &Lazy<&AesKernels::gcm_key>::Call,
    &Lazy<&AesKernels::gcm_encrypt>::Call,
    &Lazy<&AesKernels::gcm_decrypt>::Call,
    &Lazy<&AesKernels::gcm_begin>::Call,
    &Lazy<&AesKernels::gcm_encrypt_piece>::Call,
    &Lazy<&AesKernels::gcm_decrypt_piece>::Call,
    &Lazy<&AesKernels::gcm_end>::Call,
};

constexpr ChaCha20Kernels kLazyChaCha20 = {
    "(not chosen yet)",
    "",
    0,
    0,
    &Lazy<&ChaCha20Kernels::blocks>::Call,
    &Lazy<&ChaCha20Kernels::blocks_per_batch>::Call,
    &Lazy<&ChaCha20Kernels::aead_seal>::Call,
    &Lazy<&ChaCha20Kernels::aead_open>::Call,
};

}  // namespace

std::atomic<const AesKernels*> aes_choice{&kLazyAes};
std::atomic<const ChaCha20Kernels*> chacha20_choice{&kLazyChaCha20};

}  // namespace dispatch_internal

namespace dispatch {

std::vector<Selection> Selections() {
  const State& s = Dispatcher();
  std::lock_guard<std::mutex> lock(s.mu);
  const AesKernels* aes = s.aes.load(std::memory_order_relaxed);
  const ChaCha20Kernels* chacha20 = s.chacha20.load(std::memory_order_relaxed);
  return {
      {"AES", aes->profile, aes->isa, DescribeAesWays(aes->ways),
       Why(s, aes, &Profile::aes)},
      {"ChaCha20", chacha20->profile, chacha20->isa,
       absl::StrCat(chacha20->vector_blocks, " vector + ",
                    chacha20->scalar_blocks, " scalar blocks"),
       Why(s, chacha20, &Profile::chacha20)},
  };
}

isa::CpuFeatures DetectedCpu() { return Dispatcher().cpu; }

std::string Limit() {
  const State& s = Dispatcher();
  std::lock_guard<std::mutex> lock(s.mu);
  return s.limit;
}

absl::Status LimitTo(std::string_view profile) {
  uint32_t cap = 0;
  if (!FindCap(profile, &cap)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "braid::dispatch::LimitTo: \"", std::string(profile),
        "\" is not a profile (scalar, neon, neonaes, neonaes-sha3, sve, "
        "sve2)"));
  }
  State& s = Dispatcher();
  std::lock_guard<std::mutex> lock(s.mu);
  s.keeps.fetch_and(cap);
  s.limit =
      s.limit.empty()
          ? absl::StrCat("LimitTo(", std::string(profile), ")")
          : absl::StrCat(s.limit, ", LimitTo(", std::string(profile), ")");
  s.Choose();
  return absl::OkStatus();
}

std::vector<std::string> CompiledProfiles() {
  std::vector<std::string> names;
  for (const Profile& p : kProfiles) names.emplace_back(p.name);
  return names;
}

}  // namespace dispatch
}  // namespace braid
