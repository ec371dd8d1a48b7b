// The API contract of CBC, CFB and CTR/CTR32LE: bad IVs, lengths, buffers
// and overlaps are InvalidArgument with a message naming the problem, and
// nothing is written; in place works (checked against the reference in
// modes_equivalence_test).
#include <string>

#include "gtest/gtest.h"
#include "tests/mode_runner.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::Mode;

void ExpectInvalid(const absl::Status& s, const std::string& fragment) {
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_NE(std::string(s.message()).find(fragment), std::string::npos) << s;
}

AesKey TestKey() { return *AesKey::Create(Bytes(32, 9)); }

TEST(ModesApiTest, RejectsIvsThatAreNot16Bytes) {
  const AesKey key = TestKey();
  Bytes in(32), out(32);
  for (size_t n : {0, 12, 15, 17, 32}) {
    const Bytes iv(n, 1);
    const std::string got = "got " + std::to_string(n);
    ExpectInvalid(AesCbcEncrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCbcDecrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCfbEncrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCfbDecrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCtrCrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCtr32LeCrypt(key, iv, in, absl::MakeSpan(out)), got);
    EXPECT_FALSE(AesCtr<>::Create(key, iv).ok());
    EXPECT_FALSE(AesCbc<>::Create(key, iv).ok());
    EXPECT_FALSE(AesCfb<>::Create(key, iv).ok());
  }
}

TEST(ModesApiTest, CbcTakesWholeBlocksOnly) {
  const AesKey key = TestKey();
  const Bytes iv(16, 2);
  for (size_t n : {1, 15, 17, 40}) {
    Bytes in(n), out(n, 0xee);
    ExpectInvalid(AesCbcEncrypt(key, iv, in, absl::MakeSpan(out)),
                  "whole number of 16-byte blocks, got " + std::to_string(n));
    ExpectInvalid(AesCbcDecrypt(key, iv, in, absl::MakeSpan(out)),
                  "AES-CBC decrypt");
    EXPECT_EQ(out, Bytes(n, 0xee)) << "nothing written on error";
  }
}

TEST(ModesApiTest, EveryModeRejectsPartialOverlapAndShortOutput) {
  const AesKey key = TestKey();
  const Bytes iv(16, 3);
  for (Mode mode : test::kAllModes) {
    SCOPED_TRACE(test::ModeName(mode));
    Bytes buf(128, 4);
    auto run = [&](absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
      switch (mode) {
        case Mode::kCbcEncrypt:
          return AesCbcEncrypt(key, iv, in, out);
        case Mode::kCbcDecrypt:
          return AesCbcDecrypt(key, iv, in, out);
        case Mode::kCfbEncrypt:
          return AesCfbEncrypt(key, iv, in, out);
        case Mode::kCfbDecrypt:
          return AesCfbDecrypt(key, iv, in, out);
        case Mode::kCtr:
          return AesCtrCrypt(key, iv, in, out);
        case Mode::kCtr32Le:
          return AesCtr32LeCrypt(key, iv, in, out);
      }
      return absl::InternalError("unknown mode");
    };
    const absl::Span<const uint8_t> in(buf.data(), 64);
    ExpectInvalid(run(in, absl::MakeSpan(buf.data() + 16, 64)), "overlap");
    ExpectInvalid(run(absl::Span<const uint8_t>(buf.data() + 48, 64),
                      absl::MakeSpan(buf.data(), 64)),
                  "overlap");
    ExpectInvalid(run(in, absl::MakeSpan(buf.data() + 64, 48)),
                  "cannot hold the 64-byte input");
    ExpectInvalid(run(absl::Span<const uint8_t>(nullptr, 16),
                      absl::MakeSpan(buf.data(), 16)),
                  "input pointer is null");
    EXPECT_TRUE(run(in, absl::MakeSpan(buf.data() + 64, 64)).ok());
    EXPECT_TRUE(run(in, absl::MakeSpan(buf.data(), 64)).ok()) << "in place";
    EXPECT_TRUE(run({}, {}).ok()) << "empty";
  }
}

TEST(ModesApiTest, StreamsContinueAcrossCalls) {
  const AesKey key = TestKey();
  const Bytes iv(16, 5);
  const Bytes msg(100, 6);
  Bytes whole(100), pieces(100);
  ASSERT_TRUE(AesCtrCrypt(key, iv, msg, absl::MakeSpan(whole)).ok());
  auto ctr = AesCtr<>::Create(key, iv);
  ASSERT_TRUE(ctr.ok());
  for (size_t at : {0, 7, 23, 64}) {
    const size_t end = at == 64 ? 100 : (at == 0 ? 7 : at == 7 ? 23 : 64);
    ASSERT_TRUE(ctr->Crypt(absl::MakeConstSpan(msg.data() + at, end - at),
                           absl::MakeSpan(pieces.data() + at, end - at))
                    .ok());
  }
  EXPECT_EQ(pieces, whole);
  // The counter advanced by the seven blocks the 100 bytes touched.
  Bytes expected_counter = iv;
  expected_counter[15] += 7;
  EXPECT_EQ(Bytes(ctr->counter(), ctr->counter() + 16), expected_counter);
}

}  // namespace
}  // namespace braid
