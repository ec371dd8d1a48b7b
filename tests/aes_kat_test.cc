// Known answers for the AES core and ECB: FIPS-197 Appendices A and C,
// SP 800-38A F.1 — for every AES tag the build enables.
#include <string>

#include "braid/aes_key.h"
#include "braid/modes/ecb.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::FromHex;
using test::ToHex;

template <class Tag>
class AesKatTest : public ::testing::Test {};
TYPED_TEST_SUITE(AesKatTest, test::AesTags, test::TagName);

TYPED_TEST(AesKatTest, Fips197KeyExpansion) {
  int checked = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/fips197.txt")) {
    if (!v.count("round_key_1")) continue;
    SCOPED_TRACE(v.at("source"));
    const Bytes key = FromHex(v.at("key"));
    auto k = AesKey::CreateWith(TypeParam{}, key);
    ASSERT_TRUE(k.ok()) << k.status();
    const uint8_t* rk = k->encryption_round_keys();
    EXPECT_EQ(ToHex(rk, 16), v.at("key").substr(0, 32));
    EXPECT_EQ(ToHex(rk + 16, 16), v.at("round_key_1"));
    EXPECT_EQ(ToHex(rk + 16 * k->rounds(), 16), v.at("round_key_last"));
    EXPECT_EQ(k->rounds(), static_cast<int>(key.size()) / 4 + 6);
    // The inverse cipher starts with the last key and ends with the first.
    const uint8_t* dk = k->decryption_round_keys();
    EXPECT_EQ(ToHex(dk, 16), v.at("round_key_last"));
    EXPECT_EQ(ToHex(dk + 16 * k->rounds(), 16), v.at("key").substr(0, 32));
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

template <class Tag, size_t kWays>
void CheckEcb(const std::string& file, int expected_records) {
  int checked = 0;
  for (const auto& v : test::ReadVectors(file)) {
    if (!v.count("ciphertext")) continue;
    SCOPED_TRACE(v.at("source") + " ways=" + std::to_string(kWays));
    auto key = AesKey::Create(FromHex(v.at("key")));
    ASSERT_TRUE(key.ok()) << key.status();
    const Bytes pt = FromHex(v.at("plaintext"));
    const Bytes ct = FromHex(v.at("ciphertext"));
    Bytes out(pt.size());
    ASSERT_TRUE(
        (AesEcbEncrypt<Tag, kWays>(*key, pt, absl::MakeSpan(out))).ok());
    EXPECT_EQ(ToHex(out), ToHex(ct));
    ASSERT_TRUE(
        (AesEcbDecrypt<Tag, kWays>(*key, ct, absl::MakeSpan(out))).ok());
    EXPECT_EQ(ToHex(out), ToHex(pt));
    ++checked;
  }
  EXPECT_EQ(checked, expected_records);
}

TYPED_TEST(AesKatTest, Fips197Cipher) {
  CheckEcb<TypeParam, 1>("tests/vectors/fips197.txt", 3);
  CheckEcb<TypeParam, 4>("tests/vectors/fips197.txt", 3);
}

// At kWays 1 and 4 everywhere; 2, 3 and 8 where the build sweeps the tag.
template <class Tag, size_t kWays>
void CheckSp80038aEcb() {
  if constexpr (kWays == 1 || kWays == 4 || test::kSweeps<Tag, kWays>) {
    CheckEcb<Tag, kWays>("tests/vectors/sp800_38a_ecb.txt", 3);
  }
}

TYPED_TEST(AesKatTest, Sp80038aEcb) {
  CheckSp80038aEcb<TypeParam, 1>();
  CheckSp80038aEcb<TypeParam, 2>();
  CheckSp80038aEcb<TypeParam, 3>();
  CheckSp80038aEcb<TypeParam, 4>();
  CheckSp80038aEcb<TypeParam, 8>();
}

TEST(AesKeyTest, RejectsBadKeySizes) {
  for (size_t n : {0, 1, 15, 17, 23, 25, 31, 33, 64}) {
    const Bytes key(n, 0x42);
    auto k = AesKey::Create(key);
    ASSERT_FALSE(k.ok()) << n;
    EXPECT_EQ(k.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(
        std::string(k.status().message()).find("got " + std::to_string(n)),
        std::string::npos)
        << k.status();
  }
}

}  // namespace
}  // namespace braid
