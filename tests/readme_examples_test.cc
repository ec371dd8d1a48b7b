// README.md's C++ examples (extracted by the readme_examples genrule), run
// against published vectors so that the README cannot rot.
#include "tests/readme_examples.inc"

#include <string>

#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace {

using braid::test::Bytes;
using braid::test::FromHex;
using braid::test::ReadVectors;
using braid::test::ToHex;

// The first record of a vector file whose `field` is `value`.
braid::test::Record Find(const std::string& file, const std::string& field,
                         const std::string& value) {
  for (const auto& v : ReadVectors("tests/vectors/" + file)) {
    if (v.count(field) && v.at(field) == value) return v;
  }
  ADD_FAILURE() << "no record with " << field << " = " << value << " in "
                << file;
  return {};
}

TEST(ReadmeExamples, CtrInTwoPiecesAndNamedConfigurations) {
  const auto v = Find("sp800_38a_modes.txt", "source",
                      "SP 800-38A F.5.1/F.5.2 CTR-AES128");
  const Bytes key = FromHex(v.at("key")), iv = FromHex(v.at("iv"));
  const Bytes pt = FromHex(v.at("plaintext"));
  Bytes out(pt.size());
  ASSERT_TRUE(CtrInTwoPieces(key, iv, pt, absl::MakeSpan(out)).ok());
  EXPECT_EQ(ToHex(out), v.at("ciphertext"));
  std::fill(out.begin(), out.end(), 0);
  ASSERT_TRUE(CtrNamedConfigurations(*braid::AesKey::Create(key), iv, pt,
                                     absl::MakeSpan(out))
                  .ok());
  EXPECT_EQ(ToHex(out), v.at("ciphertext"));
  EXPECT_FALSE(CtrInTwoPieces(Bytes(15), iv, pt, absl::MakeSpan(out)).ok());
}

TEST(ReadmeExamples, Cbc) {
  const auto v = Find("sp800_38a_modes.txt", "source",
                      "SP 800-38A F.2.1/F.2.2 CBC-AES128");
  const Bytes pt = FromHex(v.at("plaintext"));
  Bytes out(pt.size());
  ASSERT_TRUE(CbcEncrypt(*braid::AesKey::Create(FromHex(v.at("key"))),
                         FromHex(v.at("iv")), pt, absl::MakeSpan(out))
                  .ok());
  EXPECT_EQ(ToHex(out), v.at("ciphertext"));
}

TEST(ReadmeExamples, XtsSector) {
  const auto v = Find("ieee1619_xts.txt", "vector", "2");
  const Bytes pt = FromHex(v.at("pt"));
  Bytes out(pt.size());
  ASSERT_TRUE(EncryptSector(FromHex(v.at("key")),
                            std::stoull(v.at("sector"), nullptr, 16), pt,
                            absl::MakeSpan(out))
                  .ok());
  EXPECT_EQ(ToHex(out), v.at("ct"));
}

TEST(ReadmeExamples, GcmSivSeal) {
  const auto v = Find("wycheproof_aes_gcm_siv_test.txt", "tcId", "3");
  ASSERT_EQ(v.at("result"), "valid");
  auto sealed = SealGcmSiv(FromHex(v.at("key")), FromHex(v.at("iv")),
                           FromHex(v.at("aad")), FromHex(v.at("msg")));
  ASSERT_TRUE(sealed.ok());
  EXPECT_EQ(ToHex(*sealed), v.at("ct") + v.at("tag"));
}

TEST(ReadmeExamples, OcbOpenAndForgery) {
  const auto v = Find("rfc7253_ocb.txt", "nonce", "BBAA99887766554433221101");
  const Bytes key = FromHex("000102030405060708090a0b0c0d0e0f");
  Bytes sealed = FromHex(v.at("ct"));
  auto opened =
      OpenOcb(key, FromHex(v.at("nonce")), FromHex(v.at("aad")), sealed);
  ASSERT_TRUE(opened.ok()) << opened.status();
  EXPECT_EQ(ToHex(*opened), v.at("pt"));
  sealed[0] ^= 1;
  EXPECT_FALSE(
      OpenOcb(key, FromHex(v.at("nonce")), FromHex(v.at("aad")), sealed).ok());
}

TEST(ReadmeExamples, GcmOpenAndForgery) {
  const auto v = Find("gcm_spec.txt", "case", "4");
  Bytes sealed = FromHex(v.at("ct") + v.at("tag"));
  auto opened = OpenGcm(FromHex(v.at("key")), FromHex(v.at("iv")),
                        FromHex(v.at("aad")), sealed);
  ASSERT_TRUE(opened.ok()) << opened.status();
  EXPECT_EQ(ToHex(*opened), v.at("pt"));
  sealed[3] ^= 1;
  opened = OpenGcm(FromHex(v.at("key")), FromHex(v.at("iv")),
                   FromHex(v.at("aad")), sealed);
  EXPECT_EQ(opened.status().code(), absl::StatusCode::kPermissionDenied);
}

TEST(ReadmeExamples, SealRecordWithXChaCha20Poly1305) {
  const auto v = Find("wycheproof_xchacha20_poly1305_test.txt", "tcId", "1");
  const Bytes pt = FromHex(v.at("msg"));
  Bytes out(pt.size() + 16);
  ASSERT_TRUE(SealRecord(FromHex(v.at("key")), FromHex(v.at("iv")),
                         FromHex(v.at("aad")), pt, absl::MakeSpan(out))
                  .ok());
  EXPECT_EQ(ToHex(out), v.at("ct") + v.at("tag"));
  EXPECT_FALSE(SealRecord(FromHex(v.at("key")), Bytes(12), FromHex(v.at("aad")),
                          pt, absl::MakeSpan(out))
                   .ok());
}

TEST(ReadmeExamples, ChaCha20FromBlock1) {
  const auto v = Find("rfc8439_chacha20.txt", "section", "2.4.2");
  ASSERT_EQ(v.at("counter"), "1");
  const Bytes pt = FromHex(v.at("pt"));
  Bytes out(pt.size());
  ASSERT_TRUE(ChaCha20FromBlock1(FromHex(v.at("key")), FromHex(v.at("nonce")),
                                 pt, absl::MakeSpan(out))
                  .ok());
  EXPECT_EQ(ToHex(out), v.at("ct"));
}

}  // namespace
