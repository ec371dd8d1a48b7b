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
    ExpectInvalid(EcbEncrypt(key, in, absl::MakeSpan(out)),
                  "whole number of 16-byte blocks, got " + std::to_string(n));
    ExpectInvalid(EcbDecrypt(key, in, absl::MakeSpan(out)), "ECB decrypt");
  }
}

TEST(EcbTest, RejectsShortOutput) {
  const AesKey key = TestKey();
  Bytes in(32), out(16);
  ExpectInvalid(EcbEncrypt(key, in, absl::MakeSpan(out)),
                "output buffer of 16 bytes cannot hold the 32-byte input");
}

TEST(EcbTest, RejectsPartialOverlapAndAllowsInPlace) {
  const AesKey key = TestKey();
  Bytes buf(96, 1);
  const absl::Span<const uint8_t> in(buf.data(), 64);
  ExpectInvalid(EcbEncrypt(key, in, absl::MakeSpan(buf.data() + 16, 64)),
                "overlap");
  ExpectInvalid(EcbEncrypt(key, absl::Span<const uint8_t>(buf.data() + 16, 64),
                           absl::MakeSpan(buf.data(), 64)),
                "overlap");
  // Adjacent buffers do not overlap.
  EXPECT_TRUE(EcbEncrypt(key, absl::Span<const uint8_t>(buf.data(), 32),
                         absl::MakeSpan(buf.data() + 32, 32))
                  .ok());
  Bytes copy(buf.begin(), buf.begin() + 64);
  Bytes expected(64);
  ASSERT_TRUE(EcbEncrypt(key, copy, absl::MakeSpan(expected)).ok());
  ASSERT_TRUE(EcbEncrypt(key, copy, absl::MakeSpan(copy)).ok());
  EXPECT_EQ(copy, expected);
}

TEST(EcbTest, RejectsNullWithLength) {
  const AesKey key = TestKey();
  Bytes out(16);
  ExpectInvalid(EcbEncrypt(key, absl::Span<const uint8_t>(nullptr, 16),
                           absl::MakeSpan(out)),
                "input pointer is null");
  Bytes in(16);
  ExpectInvalid(EcbEncrypt(key, in, absl::Span<uint8_t>(nullptr, 16)),
                "output pointer is null");
}

TEST(EcbTest, EmptyInputIsFine) {
  const AesKey key = TestKey();
  EXPECT_TRUE(EcbEncrypt(key, {}, {}).ok());
  EXPECT_TRUE(EcbDecrypt(key, {}, {}).ok());
}

TEST(EcbTest, LeavesBytesPastTheInputAlone) {
  const AesKey key = TestKey();
  Bytes in(48, 3), out(64, 0xee);
  ASSERT_TRUE(EcbEncrypt(key, in, absl::MakeSpan(out)).ok());
  for (size_t i = 48; i < 64; ++i) EXPECT_EQ(out[i], 0xee) << i;
}

}  // namespace
}  // namespace braid
