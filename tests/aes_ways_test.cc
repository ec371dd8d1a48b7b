// Every (tag, kWays) equals the scalar engine at kWays = 1, for
// AES-128/192/256, encrypt and decrypt, over lengths that exercise the main
// loop and the tail (on SVE, predicated vectors) at whatever vector length the
// test runs with.
#include <random>
#include <string>
#include <vector>

#include "braid/aes_key.h"
#include "braid/modes/ecb.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;

// Up to 300 blocks: past one main-loop batch of 16 ways at 2048-bit vectors.
std::vector<size_t> BlockCounts(bool scalar) {
  if (scalar) return {0, 1, 2, 3, 5, 8, 13, 17, 33};
  return {0,  1,  2,  3,  5,  7,   8,   9,   15,  16,  17,  31,
          33, 47, 64, 65, 97, 127, 129, 191, 255, 256, 257, 300};
}

struct Case {
  Bytes key;
  Bytes plaintext;
  Bytes ciphertext;  // from the scalar engine, kWays = 1
};

const std::vector<Case>& Cases(bool scalar) {
  static const auto* const kCases = [] {
    auto* cases = new std::vector<Case>[2];
    std::mt19937_64 rng(20261130);
    for (int s = 0; s < 2; ++s) {
      for (size_t key_bytes : {16, 24, 32}) {
        for (size_t blocks : BlockCounts(s == 1)) {
          Case c;
          c.key = test::RandomBytes(rng, key_bytes);
          c.plaintext = test::RandomBytes(rng, 16 * blocks);
          c.ciphertext.resize(c.plaintext.size());
          auto key = AesKey::CreateWith(isa::Scalar{}, c.key);
          EXPECT_TRUE(key.ok());
          EXPECT_TRUE((AesEcbEncrypt<isa::Scalar, 1>(
                           *key, c.plaintext, absl::MakeSpan(c.ciphertext)))
                          .ok());
          cases[s].push_back(std::move(c));
        }
      }
    }
    return cases;
  }();
  return kCases[scalar ? 1 : 0];
}

template <class Tag, size_t kWays>
void CheckSwept() {
  constexpr bool kScalar = std::is_same_v<Tag, isa::Scalar>;
  int checked = 0;
  for (const Case& c : Cases(kScalar)) {
    SCOPED_TRACE("key bytes " + std::to_string(c.key.size()) + ", blocks " +
                 std::to_string(c.plaintext.size() / 16));
    auto key = AesKey::CreateWith(Tag{}, c.key);
    ASSERT_TRUE(key.ok());
    Bytes out(c.plaintext.size());
    ASSERT_TRUE(
        (AesEcbEncrypt<Tag, kWays>(*key, c.plaintext, absl::MakeSpan(out)))
            .ok());
    ASSERT_EQ(out, c.ciphertext);
    ASSERT_TRUE(
        (AesEcbDecrypt<Tag, kWays>(*key, c.ciphertext, absl::MakeSpan(out)))
            .ok());
    ASSERT_EQ(out, c.plaintext);
    // In place.
    out = c.plaintext;
    ASSERT_TRUE(
        (AesEcbEncrypt<Tag, kWays>(*key, out, absl::MakeSpan(out))).ok());
    ASSERT_EQ(out, c.ciphertext);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

template <class Tag, size_t kWays>
void CheckWays() {
  if constexpr (test::kSweeps<Tag, kWays>) CheckSwept<Tag, kWays>();
}

template <class Tag>
class AesWaysTest : public ::testing::Test {};
TYPED_TEST_SUITE(AesWaysTest, test::AesTags, test::TagName);

TYPED_TEST(AesWaysTest, Ways1To4) {
  CheckWays<TypeParam, 1>();
  CheckWays<TypeParam, 2>();
  CheckWays<TypeParam, 3>();
  CheckWays<TypeParam, 4>();
}
TYPED_TEST(AesWaysTest, Ways5To8) {
  CheckWays<TypeParam, 5>();
  CheckWays<TypeParam, 6>();
  CheckWays<TypeParam, 7>();
  CheckWays<TypeParam, 8>();
}
TYPED_TEST(AesWaysTest, Ways9To16) {
  CheckWays<TypeParam, 9>();
  CheckWays<TypeParam, 10>();
  CheckWays<TypeParam, 11>();
  CheckWays<TypeParam, 12>();
  CheckWays<TypeParam, 16>();
}
TEST(AesDefaultsTest, DefaultTagAndWaysMatchTheReference) {
  int checked = 0;
  for (const Case& c : Cases(std::is_same_v<DefaultAesIsa, isa::Scalar>)) {
    auto key = AesKey::Create(c.key);
    ASSERT_TRUE(key.ok());
    Bytes out(c.plaintext.size());
    ASSERT_TRUE(AesEcbEncrypt(*key, c.plaintext, absl::MakeSpan(out)).ok());
    ASSERT_EQ(out, c.ciphertext);
    ASSERT_TRUE(AesEcbDecrypt(*key, c.ciphertext, absl::MakeSpan(out)).ok());
    ASSERT_EQ(out, c.plaintext);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace braid
