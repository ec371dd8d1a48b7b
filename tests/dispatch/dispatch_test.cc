// Run-time dispatch on the CPU the test runs on (tools/test runs it under
// several qemu CPU models): the kernels chosen are the ones the CPU allows,
// checked against what tools/test says that CPU must get, and every mode
// through isa::Auto gives the same bytes as the portable Scalar kernels.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/status/status.h"
#include "braid/aes_key.h"
#include "braid/chacha20.h"
#include "braid/dispatch/dispatch.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/simd/isa.h"
#include "gtest/gtest.h"
#include "tests/dispatch/mode_outputs.h"

namespace braid::test {
namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

const dispatch::Selection& Find(const std::vector<dispatch::Selection>& all,
                                const std::string& family) {
  for (const auto& s : all) {
    if (s.family == family) return s;
  }
  ADD_FAILURE() << "no selection for " << family;
  return all.front();
}

// A build for every Arm64 core gives the run-time choice to callers who
// name no tag.
TEST(DispatchTest, DefaultsAreTheRunTimeChoice) {
#if defined(__aarch64__)
  EXPECT_TRUE((std::is_same_v<DefaultAesIsa, isa::Auto>));
  EXPECT_TRUE((std::is_same_v<DefaultChaCha20Isa, isa::Auto>));
#else
  GTEST_SKIP() << "the defaults dispatch on AArch64 only";
#endif
}

// BRAID_EXPECT_AES / BRAID_EXPECT_CHACHA20 (set by tools/test for each qemu
// CPU) name the profiles that CPU must get.
TEST(DispatchTest, ChoosesWhatTheCpuAllows) {
  const std::string want_aes = Env("BRAID_EXPECT_AES");
  const std::string want_chacha20 = Env("BRAID_EXPECT_CHACHA20");
  ASSERT_FALSE(want_aes.empty() || want_chacha20.empty())
      << "run with --test_env=BRAID_EXPECT_AES=... and BRAID_EXPECT_CHACHA20";
  const auto selections = dispatch::Selections();
  EXPECT_EQ(Find(selections, "AES").profile, want_aes)
      << Find(selections, "AES").why;
  EXPECT_EQ(Find(selections, "ChaCha20").profile, want_chacha20)
      << Find(selections, "ChaCha20").why;
}

// Whatever was chosen, the CPU has every feature its profile needs.
TEST(DispatchTest, ChoiceIsRunnable) {
  const isa::CpuFeatures cpu = dispatch::DetectedCpu();
  for (const auto& s : dispatch::Selections()) {
    const std::string& p = s.profile;
    if (p == "scalar") continue;
    EXPECT_TRUE(cpu.neon) << p;
    if (p == "neonaes" || p == "neonaes-sha3" || p == "sve2") {
      if (s.family == "AES") EXPECT_TRUE(cpu.aes && cpu.pmull) << p;
    }
    if (p == "neonaes-sha3" || p == "sve2") EXPECT_TRUE(cpu.sha3) << p;
    if (p == "sve" || p == "sve2") EXPECT_TRUE(cpu.sve) << p;
    if (p == "sve2") EXPECT_TRUE(cpu.sve2) << p;
  }
}

// The reference: the Scalar tag compiled here, one block at a time, not
// through the dispatcher's tables.
TEST(DispatchTest, EveryModeMatchesScalar) {
  const std::vector<ModeOutput> dispatched = AllModeOutputs<isa::Auto>();
  const std::vector<ModeOutput> scalar =
      AllModeOutputs<isa::Scalar, OneBlockWays>();
  ASSERT_EQ(dispatched.size(), scalar.size());
  ASSERT_GT(dispatched.size(), 1000u);
  for (size_t i = 0; i < scalar.size(); ++i) {
    ASSERT_EQ(dispatched[i].what, scalar[i].what);
    EXPECT_TRUE(dispatched[i].bytes == scalar[i].bytes) << scalar[i].what;
  }
}

}  // namespace
}  // namespace braid::test
