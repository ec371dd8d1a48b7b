// Runtime detection (HWCAP) against what the emulated CPU model offers.
//
// tools/test runs this under several qemu CPU models and names the model in
// QEMU_CPU; each model has a known feature set. Without the variable
// (real hardware) the test checks only what must hold everywhere.
#include "braid/simd/cpu_features.h"

#include <cstdlib>
#include <string>

#include "gtest/gtest.h"

namespace braid::isa {
namespace {

std::string QemuModel() {
  const char* cpu = std::getenv("QEMU_CPU");
  if (cpu == nullptr) return "";
  std::string s = cpu;
  return s.substr(0, s.find(','));
}

int QemuVectorBits() {
  const char* cpu = std::getenv("QEMU_CPU");
  if (cpu == nullptr) return 0;
  const std::string s = cpu;
  const size_t at = s.find(",sve");
  if (at == std::string::npos) return 0;
  return std::stoi(s.substr(at + 4));
}

TEST(CpuFeaturesTest, ConsistentEverywhere) {
  const CpuFeatures cpu = DetectCpu();
  if (cpu.sve2) {
    EXPECT_TRUE(cpu.sve);
  }
  if (cpu.sve_aes) {
    EXPECT_TRUE(cpu.sve2);
  }
  EXPECT_EQ(cpu.sve, cpu.sve_vector_bits > 0);
  if (cpu.sve) {
    EXPECT_EQ(cpu.sve_vector_bits % 128, 0);
    EXPECT_LE(cpu.sve_vector_bits, 2048);
  }
#if defined(__aarch64__)
  // This binary runs, so the CPU has what it was compiled for.
  EXPECT_TRUE(CanRun<Native>(cpu)) << Describe(cpu);
#else
  EXPECT_FALSE(cpu.neon);
  EXPECT_EQ(Describe(cpu), "none");
#endif
}

TEST(CpuFeaturesTest, MatchesTheEmulatedModel) {
  const std::string model = QemuModel();
  if (model.empty()) GTEST_SKIP() << "not under qemu: no model to compare";
  const CpuFeatures cpu = DetectCpu();
  SCOPED_TRACE(model + ": " + Describe(cpu));
  if (model == "max") {
    EXPECT_TRUE(cpu.neon && cpu.aes && cpu.pmull && cpu.sha3);
    EXPECT_TRUE(cpu.sve && cpu.sve2 && cpu.sve_aes);
    const int bits = QemuVectorBits();
    if (bits != 0) {
      EXPECT_EQ(cpu.sve_vector_bits, bits);
    }
    EXPECT_TRUE(CanRun<Sve2Aes>(cpu));
  } else if (model == "a64fx") {
    EXPECT_TRUE(cpu.neon && cpu.aes && cpu.pmull);
    EXPECT_TRUE(cpu.sve);
    EXPECT_FALSE(cpu.sve2);
    EXPECT_FALSE(cpu.sve_aes);
    EXPECT_FALSE(cpu.sha3);
    EXPECT_TRUE(CanRun<Sve>(cpu));
    EXPECT_FALSE(CanRun<Sve2>(cpu));
  } else if (model == "cortex-a53") {
    EXPECT_TRUE(cpu.neon && cpu.aes && cpu.pmull);
    EXPECT_FALSE(cpu.sha3);
    EXPECT_FALSE(cpu.sve);
    EXPECT_EQ(cpu.sve_vector_bits, 0);
    EXPECT_TRUE(CanRun<NeonAes>(cpu));
    EXPECT_FALSE(CanRun<Sve>(cpu));
  } else {
    FAIL() << "no expectations for qemu model " << model;
  }
}

}  // namespace
}  // namespace braid::isa
