// Known answers for CBC, CFB128 and CTR: SP 800-38A Appendix F for AES-128,
// -192 and -256, and Project Wycheproof's AES-CBC-PKCS5 vectors for the CBC
// core — for every AES tag the build enables, at kWays 1 and the default.
#include <string>

#include "gtest/gtest.h"
#include "tests/mode_runner.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::FromHex;
using test::Mode;
using test::ToHex;

template <class Tag>
class ModesKatTest : public ::testing::Test {};
TYPED_TEST_SUITE(ModesKatTest, test::AesTags, test::TagName);

template <class Tag, size_t kWays>
void CheckSp80038a() {
  int checked = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/sp800_38a_modes.txt")) {
    SCOPED_TRACE(v.at("source") + " ways " + std::to_string(kWays));
    auto key = AesKey::Create(FromHex(v.at("key")));
    ASSERT_TRUE(key.ok());
    const Bytes iv = FromHex(v.at("iv"));
    const Bytes pt = FromHex(v.at("plaintext"));
    const Bytes ct = FromHex(v.at("ciphertext"));
    const std::string mode = v.at("mode");
    const Mode enc = mode == "cbc"   ? Mode::kCbcEncrypt
                     : mode == "cfb" ? Mode::kCfbEncrypt
                                     : Mode::kCtr;
    const Mode dec = mode == "cbc"   ? Mode::kCbcDecrypt
                     : mode == "cfb" ? Mode::kCfbDecrypt
                                     : Mode::kCtr;
    Bytes out;
    ASSERT_TRUE((test::RunMode<Tag, kWays>(enc, *key, iv, pt, out)).ok());
    EXPECT_EQ(ToHex(out), ToHex(ct));
    ASSERT_TRUE((test::RunMode<Tag, kWays>(dec, *key, iv, ct, out)).ok());
    EXPECT_EQ(ToHex(out), ToHex(pt));
    ++checked;
  }
  EXPECT_EQ(checked, 9);
}

TYPED_TEST(ModesKatTest, Sp80038a) {
  // The other kWays equal these (modes_equivalence_*_test). The three
  // modes of the file share their default on every profile.
  using Ways = DefaultAesWays<TypeParam>;
  static_assert(Ways::kCbc == Ways::kCfb && Ways::kCfb == Ways::kCtr);
  CheckSp80038a<TypeParam, 1>();
  CheckSp80038a<TypeParam, Ways::kCtr>();
}

Bytes Pkcs7Pad(Bytes m) {
  const size_t pad = 16 - m.size() % 16;
  m.insert(m.end(), pad, static_cast<uint8_t>(pad));
  return m;
}

bool Pkcs7Valid(const Bytes& p) {
  if (p.empty() || p.size() % 16 != 0) return false;
  const uint8_t pad = p.back();
  if (pad == 0 || pad > 16) return false;
  for (size_t i = p.size() - pad; i < p.size(); ++i) {
    if (p[i] != pad) return false;
  }
  return true;
}

TYPED_TEST(ModesKatTest, WycheproofCbcPkcs5) {
  int valid = 0, invalid = 0;
  for (const auto& v :
       test::ReadVectors("tests/vectors/wycheproof_aes_cbc_pkcs5_test.txt")) {
    SCOPED_TRACE("tcId " + v.at("tcId") + ": " + v.at("comment"));
    auto key = AesKey::Create(FromHex(v.at("key")));
    ASSERT_TRUE(key.ok());
    const Bytes iv = FromHex(v.at("iv"));
    const Bytes ct = FromHex(v.at("ct"));
    Bytes out;
    if (v.at("result") == "valid") {
      const Bytes padded = Pkcs7Pad(FromHex(v.at("msg")));
      ASSERT_TRUE((test::RunMode<TypeParam, 4>(Mode::kCbcEncrypt, *key, iv,
                                               padded, out))
                      .ok());
      EXPECT_EQ(ToHex(out), ToHex(ct));
      ASSERT_TRUE(
          (test::RunMode<TypeParam, 4>(Mode::kCbcDecrypt, *key, iv, ct, out))
              .ok());
      EXPECT_EQ(ToHex(out), ToHex(padded));
      ++valid;
    } else {
      // Invalid vectors have bad padding or a partial block: the CBC core
      // either rejects the length or yields bytes whose padding is wrong.
      absl::Status s =
          test::RunMode<TypeParam, 4>(Mode::kCbcDecrypt, *key, iv, ct, out);
      if (ct.size() % 16 != 0) {
        EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
      } else {
        ASSERT_TRUE(s.ok());
        EXPECT_FALSE(Pkcs7Valid(out));
      }
      ++invalid;
    }
  }
  // Every record of the file was read.
  EXPECT_EQ(valid, 72);
  EXPECT_EQ(invalid, 144);
}

}  // namespace
}  // namespace braid
