// ECB's API contract: bad lengths, buffers and overlaps are InvalidArgument
// with a message that names the problem; in-place and empty input work.
#include "braid/modes/ecb.h"

#include <string>

#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;

AesKey TestKey() { return *AesKey::Create(Bytes(16, 7)); }

void ExpectInvalid(const absl::Status& s, const std::string& fragment) {
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_NE(std::string(s.message()).find(fragment), std::string::npos) << s;
}

TEST(EcbTest, RejectsPartialBlocks) {
  const AesKey key = TestKey();
  for (size_t n : {1, 15, 17, 31, 33}) {
    Bytes in(n), out(n);
    ExpectInvalid(AesEcbEncrypt(key, in, absl::MakeSpan(out)),
                  "whole number of 16-byte blocks, got " + std::to_string(n));
    ExpectInvalid(AesEcbDecrypt(key, in, absl::MakeSpan(out)), "ECB decrypt");
  }
}

TEST(EcbTest, RejectsShortOutput) {
  const AesKey key = TestKey();
  Bytes in(32), out(16);
  ExpectInvalid(AesEcbEncrypt(key, in, absl::MakeSpan(out)),
                "output buffer of 16 bytes cannot hold the 32-byte input");
}

TEST(EcbTest, RejectsPartialOverlapAndAllowsInPlace) {
  const AesKey key = TestKey();
  Bytes buf(96, 1);
  const absl::Span<const uint8_t> in(buf.data(), 64);
  ExpectInvalid(AesEcbEncrypt(key, in, absl::MakeSpan(buf.data() + 16, 64)),
                "overlap");
  ExpectInvalid(
      AesEcbEncrypt(key, absl::Span<const uint8_t>(buf.data() + 16, 64),
                    absl::MakeSpan(buf.data(), 64)),
      "overlap");
  // Adjacent buffers do not overlap.
  EXPECT_TRUE(AesEcbEncrypt(key, absl::Span<const uint8_t>(buf.data(), 32),
                            absl::MakeSpan(buf.data() + 32, 32))
                  .ok());
  Bytes copy(buf.begin(), buf.begin() + 64);
  Bytes expected(64);
  ASSERT_TRUE(AesEcbEncrypt(key, copy, absl::MakeSpan(expected)).ok());
  ASSERT_TRUE(AesEcbEncrypt(key, copy, absl::MakeSpan(copy)).ok());
  EXPECT_EQ(copy, expected);
}

TEST(EcbTest, RejectsNullWithLength) {
  const AesKey key = TestKey();
  Bytes out(16);
  ExpectInvalid(AesEcbEncrypt(key, absl::Span<const uint8_t>(nullptr, 16),
                              absl::MakeSpan(out)),
                "input pointer is null");
  Bytes in(16);
  ExpectInvalid(AesEcbEncrypt(key, in, absl::Span<uint8_t>(nullptr, 16)),
                "output pointer is null");
}

TEST(EcbTest, EmptyInputIsFine) {
  const AesKey key = TestKey();
  EXPECT_TRUE(AesEcbEncrypt(key, {}, {}).ok());
  EXPECT_TRUE(AesEcbDecrypt(key, {}, {}).ok());
}

TEST(EcbTest, LeavesBytesPastTheInputAlone) {
  const AesKey key = TestKey();
  Bytes in(48, 3), out(64, 0xee);
  ASSERT_TRUE(AesEcbEncrypt(key, in, absl::MakeSpan(out)).ok());
  for (size_t i = 48; i < 64; ++i) EXPECT_EQ(out[i], 0xee) << i;
}

// The old names must stay the same calls until callers have moved.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST(EcbTest, DeprecatedNamesAreTheSameCalls) {
  const AesKey key = TestKey();
  Bytes in(48), expected(48), out(48);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint8_t>(i);
  ASSERT_TRUE(AesEcbEncrypt(key, in, absl::MakeSpan(expected)).ok());
  ASSERT_TRUE(EcbEncrypt(key, in, absl::MakeSpan(out)).ok());
  EXPECT_EQ(out, expected);
  ASSERT_TRUE(EcbDecrypt(key, expected, absl::MakeSpan(out)).ok());
  EXPECT_EQ(out, in);
  ExpectInvalid(EcbDecrypt(key, Bytes(15), absl::MakeSpan(out)), "ECB decrypt");
}
#pragma GCC diagnostic pop

}  // namespace
}  // namespace braid
