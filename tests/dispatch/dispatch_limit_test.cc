// braid::dispatch::LimitTo: it only removes features (a later, wider limit
// adds nothing back), an unknown profile changes nothing, and the kernels
// it leaves give the same bytes, through the library and through the braid
// program. One process, one order: each step narrows the last.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "braid/dispatch/dispatch.h"
#include "braid/simd/isa.h"
#include "gtest/gtest.h"
#include "tests/dispatch/mode_outputs.h"
#include "tools/braid_cli.h"

namespace braid::test {
namespace {

std::string ProfileOf(const std::string& family) {
  for (const auto& s : dispatch::Selections()) {
    if (s.family == family) return s.profile;
  }
  return "";
}

std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// Every cipher of the braid program on one input: the ciphertexts, and the
// plaintexts it decrypts them back to.
std::vector<std::string> CliOutputs(const std::string& dir) {
  const std::string in = dir + "/in.bin";
  {
    std::ofstream f(in, std::ios::binary);
    for (int i = 0; i < 5 * 4096; ++i) f.put(static_cast<char>(i * 131 + i / 7));
  }
  const std::string key64(128, 'a');
  struct Case {
    std::string cipher, key, iv;
  };
  const std::vector<Case> cases = {
      {"aes-128-ecb", key64.substr(0, 32), ""},
      {"aes-192-cbc", key64.substr(0, 48), std::string(32, '1')},
      {"aes-256-cfb", key64.substr(0, 64), std::string(32, '2')},
      {"aes-128-ctr", key64.substr(0, 32), std::string(32, 'f')},
      {"aes-256-xts", key64.substr(0, 64) + std::string(64, 'b'),
       std::string(32, '3')},
      {"aes-192-ocb", key64.substr(0, 48), std::string(24, '4')},
      {"aes-256-gcm-siv", key64.substr(0, 64), std::string(24, '5')},
      {"chacha20", key64.substr(0, 64), std::string(24, '6')},
  };
  std::vector<std::string> outputs;
  for (const Case& c : cases) {
    const std::string enc = dir + "/" + c.cipher + ".enc";
    const std::string dec = dir + "/" + c.cipher + ".dec";
    std::vector<std::string> args = {"enc", "-c", c.cipher, "-K", c.key,
                                     "-in", in,  "-out", enc};
    if (!c.iv.empty()) {
      args.push_back("--iv");
      args.push_back(c.iv);
    }
    if (c.cipher == "aes-256-xts") {
      args.push_back("--sector-size");
      args.push_back("4096");
    }
    EXPECT_EQ(cli::Run(args), cli::kExitOk) << c.cipher;
    args[0] = "dec";
    args[6] = enc;
    args[8] = dec;
    EXPECT_EQ(cli::Run(args), cli::kExitOk) << c.cipher;
    outputs.push_back(ReadFile(enc));
    EXPECT_TRUE(ReadFile(dec) == ReadFile(in)) << c.cipher << " round trip";
  }
  return outputs;
}

TEST(DispatchLimitTest, OnlyEverNarrows) {
  const std::string tmp = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR")
                                                     : "/tmp";
  const std::vector<ModeOutput> first = AllModeOutputs<isa::Auto>();
  const std::vector<std::string> first_cli = CliOutputs(tmp);
  const std::string aes = ProfileOf("AES");
  const std::string chacha20 = ProfileOf("ChaCha20");

  const absl::Status bad = dispatch::LimitTo("neonaes+");
  EXPECT_TRUE(absl::IsInvalidArgument(bad)) << bad;
  EXPECT_EQ(ProfileOf("AES"), aes);
  EXPECT_EQ(ProfileOf("ChaCha20"), chacha20);

  // The widest limit leaves the choice as it was.
  ASSERT_TRUE(dispatch::LimitTo("sve2").ok());
  EXPECT_EQ(ProfileOf("AES"), aes);
  EXPECT_EQ(ProfileOf("ChaCha20"), chacha20);

  // NEON and AES stay if the CPU has them and no earlier cap (BRAID_ISA)
  // took them.
  ASSERT_TRUE(dispatch::LimitTo("neonaes").ok());
  const isa::CpuFeatures cpu = dispatch::DetectedCpu();
  // AES: the instructions if the CPU has them and the cap left them,
  // else NEON's bit-sliced kernels.
  std::string want_aes = "scalar";
  if (aes != "scalar" && cpu.neon) {
    want_aes = cpu.aes && cpu.pmull && aes != "neon" ? "neonaes" : "neon";
  }
  const std::string want_chacha20 =
      cpu.neon && chacha20 != "scalar" ? "neon" : "scalar";
  EXPECT_EQ(ProfileOf("AES"), want_aes);
  EXPECT_EQ(ProfileOf("ChaCha20"), want_chacha20);
  EXPECT_NE(dispatch::Limit().find("LimitTo(neonaes)"), std::string::npos)
      << dispatch::Limit();

  // Asking for more again adds nothing back.
  ASSERT_TRUE(dispatch::LimitTo("sve2").ok());
  EXPECT_EQ(ProfileOf("AES"), want_aes);
  EXPECT_EQ(ProfileOf("ChaCha20"), want_chacha20);

  ASSERT_TRUE(dispatch::LimitTo("scalar").ok());
  EXPECT_EQ(ProfileOf("AES"), "scalar");
  EXPECT_EQ(ProfileOf("ChaCha20"), "scalar");

  // The portable kernels, switched to mid-program, give the same bytes.
  const std::vector<ModeOutput> last = AllModeOutputs<isa::Auto>();
  ASSERT_EQ(first.size(), last.size());
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_TRUE(first[i].bytes == last[i].bytes) << first[i].what;
  }
  const std::vector<std::string> last_cli = CliOutputs(tmp);
  ASSERT_EQ(last_cli.size(), first_cli.size());
  for (size_t i = 0; i < first_cli.size(); ++i) {
    EXPECT_FALSE(first_cli[i].empty()) << i;
    EXPECT_TRUE(last_cli[i] == first_cli[i]) << "cipher " << i;
  }
}

}  // namespace
}  // namespace braid::test
