// AES-GCM: the GCM specification's test cases 1-4, all of Wycheproof's
// valid and invalid cases (nonces of 1 to 257 bytes, counter wrap), every
// (tag, kWays) equal to Scalar at kWays = 1 on random inputs, truncated
// tags, tampering with every bit, and the inputs GCM refuses. OpenSSL is
// compared in differential_test.
#include "braid/modes/gcm.h"

#include <random>
#include <string>

#include "braid/status.h"
#include "gtest/gtest.h"
#include "tests/aead_instances.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::FromHex;
using test::ToHex;

template <class Tag>
class GcmTest : public ::testing::Test {};
TYPED_TEST_SUITE(GcmTest, test::AesTags, test::TagName);

template <class Tag, size_t kWays>
Bytes Seal(const AesGcm<Tag, kWays>& gcm, const Bytes& nonce, const Bytes& aad,
           const Bytes& pt) {
  Bytes out(pt.size() + 16);
  EXPECT_TRUE(gcm.Seal(nonce, aad, pt, absl::MakeSpan(out)).ok());
  return out;
}

template <class Tag, size_t kWays>
void CheckSpec() {
  int cases = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/gcm_spec.txt")) {
    SCOPED_TRACE("case " + v.at("case") + " ways " + std::to_string(kWays));
    auto gcm = AesGcm<Tag, kWays>::Create(FromHex(v.at("key")));
    ASSERT_TRUE(gcm.ok());
    const Bytes nonce = FromHex(v.at("iv")), aad = FromHex(v.at("aad"));
    const Bytes pt = FromHex(v.at("pt"));
    const Bytes sealed = FromHex(v.at("ct") + v.at("tag"));
    EXPECT_EQ(ToHex(Seal(*gcm, nonce, aad, pt)), ToHex(sealed));
    Bytes out(pt.size());
    EXPECT_TRUE(gcm->Open(nonce, aad, sealed, absl::MakeSpan(out)).ok());
    EXPECT_EQ(ToHex(out), ToHex(pt));
    ++cases;
  }
  EXPECT_EQ(cases, 4);
}

TYPED_TEST(GcmTest, SpecificationTestCases) {
  CheckSpec<TypeParam, 1>();
  CheckSpec<TypeParam, DefaultAesWays<TypeParam>::kGcm>();
}

template <class Tag, size_t kWays>
void CheckWycheproof() {
  int valid = 0, forged = 0, refused = 0, wraps = 0;
  for (const auto& v :
       test::ReadVectors("tests/vectors/wycheproof_aes_gcm_test.txt")) {
    SCOPED_TRACE("tcId " + v.at("tcId") + " ways " + std::to_string(kWays));
    auto gcm = AesGcm<Tag, kWays>::Create(FromHex(v.at("key")));
    ASSERT_TRUE(gcm.ok());
    const Bytes nonce = FromHex(v.at("iv")), aad = FromHex(v.at("aad"));
    const Bytes pt = FromHex(v.at("msg"));
    const Bytes sealed = FromHex(v.at("ct") + v.at("tag"));
    Bytes out(sealed.size() - 16, 0x55);
    const absl::Status s = gcm->Open(nonce, aad, sealed, absl::MakeSpan(out));
    if (v.at("flags") == "CounterWrap") ++wraps;
    if (v.at("result") == "valid") {
      EXPECT_EQ(ToHex(Seal(*gcm, nonce, aad, pt)), ToHex(sealed));
      EXPECT_TRUE(s.ok()) << s;
      EXPECT_EQ(ToHex(out), ToHex(pt));
      ++valid;
    } else if (nonce.empty()) {
      // Not a forgery: an argument GCM does not take, refused as such.
      EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
      EXPECT_FALSE(IsAuthenticationFailure(s));
      ++refused;
    } else {
      EXPECT_TRUE(IsAuthenticationFailure(s)) << s;
      EXPECT_EQ(out, Bytes(out.size(), 0));
      ++forged;
    }
  }
  EXPECT_EQ(valid, 229);
  EXPECT_EQ(forged, 81);
  EXPECT_EQ(refused, 6);
  EXPECT_EQ(wraps, 36);
}

TYPED_TEST(GcmTest, Wycheproof) {
  CheckWycheproof<TypeParam, 1>();
  CheckWycheproof<TypeParam, DefaultAesWays<TypeParam>::kGcm>();
}

template <class Tag, size_t kWays>
void CheckAgainstScalar(uint64_t seed) {
  constexpr bool kScalar = std::is_same_v<Tag, isa::Scalar>;
  std::mt19937_64 rng(seed + kWays);
  for (int c = 0; c < (kScalar ? 3 : 8); ++c) {
    const size_t key_bytes = 16 + 8 * (rng() % 3);
    const Bytes key = test::RandomBytes(rng, key_bytes);
    auto gcm = AesGcm<Tag, kWays>::Create(key);
    auto reference = AesGcm<isa::Scalar, 1>::Create(key);
    ASSERT_TRUE(gcm.ok() && reference.ok());
    const Bytes nonce = test::RandomBytes(rng, c % 2 ? 12 : 1 + rng() % 64);
    const Bytes aad = test::RandomBytes(rng, rng() % 300);
    const Bytes pt =
        test::RandomBytes(rng, rng() % (kScalar ? 40 * 16 : 300 * 16 + 16));
    SCOPED_TRACE("pt " + std::to_string(pt.size()) + " aad " +
                 std::to_string(aad.size()) + " nonce " +
                 std::to_string(nonce.size()));
    const Bytes sealed = Seal(*reference, nonce, aad, pt);
    ASSERT_EQ(ToHex(Seal(*gcm, nonce, aad, pt)), ToHex(sealed));
    Bytes buf = sealed;  // in place
    ASSERT_TRUE(gcm->Open(nonce, aad, buf, absl::MakeSpan(buf)).ok());
    ASSERT_EQ(Bytes(buf.begin(), buf.begin() + pt.size()), pt);
    buf = pt;
    buf.resize(pt.size() + 16);
    ASSERT_TRUE(gcm->Seal(nonce, aad, absl::MakeConstSpan(buf).first(pt.size()),
                          absl::MakeSpan(buf))
                    .ok());
    ASSERT_EQ(buf, sealed);
  }
}

template <class Tag, size_t kWays>
void CheckIfSwept(uint64_t seed) {
  if constexpr (kWays == DefaultAesWays<Tag>::kGcm ||
                test::kSweeps<Tag, kWays>) {
    CheckAgainstScalar<Tag, kWays>(seed);
  }
}

template <class Tag, size_t... kWays>
void CheckWays(uint64_t seed) {
  (CheckIfSwept<Tag, kWays>(seed), ...);
}

TYPED_TEST(GcmTest, EveryWaysEqualsScalar) {
  CheckWays<TypeParam, 1, 3, DefaultAesWays<TypeParam>::kGcm, 16>(81);
}

TYPED_TEST(GcmTest, TruncatedTagsArePrefixes) {
  std::mt19937_64 rng(83);
  auto gcm = AesGcm<TypeParam>::Create(test::RandomBytes(rng, 16));
  ASSERT_TRUE(gcm.ok());
  const Bytes nonce = test::RandomBytes(rng, 12);
  const Bytes aad = test::RandomBytes(rng, 13);
  const Bytes pt = test::RandomBytes(rng, 50);
  const Bytes sealed = Seal(*gcm, nonce, aad, pt);
  for (size_t t = 12; t <= 16; ++t) {
    Bytes ct(pt.size()), tag(t);
    ASSERT_TRUE(gcm->SealDetached(nonce, aad, pt, absl::MakeSpan(ct),
                                  absl::MakeSpan(tag))
                    .ok());
    EXPECT_EQ(ct, Bytes(sealed.begin(), sealed.begin() + pt.size()));
    EXPECT_EQ(
        tag, Bytes(sealed.begin() + pt.size(), sealed.begin() + pt.size() + t));
    Bytes out(pt.size());
    EXPECT_TRUE(
        gcm->OpenDetached(nonce, aad, ct, tag, absl::MakeSpan(out)).ok());
    EXPECT_EQ(out, pt);
    tag[t - 1] ^= 1;
    EXPECT_TRUE(IsAuthenticationFailure(
        gcm->OpenDetached(nonce, aad, ct, tag, absl::MakeSpan(out))));
    EXPECT_EQ(out, Bytes(pt.size(), 0));
  }
}

TYPED_TEST(GcmTest, InPiecesEqualsWhole) {
  std::mt19937_64 rng(84);
  for (size_t key_bytes : {16, 24, 32}) {
    auto gcm = AesGcm<TypeParam>::Create(test::RandomBytes(rng, key_bytes));
    ASSERT_TRUE(gcm.ok());
    test::CheckPieces(*gcm, rng, 12);
    test::CheckPieces(*gcm, rng, 1 + rng() % 40);  // J0 through GHASH
  }
}

TEST(GcmInputTest, PiecesRefuseMisuse) {
  auto gcm = AesGcm<>::Create(Bytes(16, 3));
  ASSERT_TRUE(gcm.ok());
  const Bytes nonce(12, 1), aad(3), zeros(50);
  EXPECT_NE(gcm->BeginSeal(Bytes(), aad).status().message().find("nonce"),
            std::string::npos);
  auto sealer = gcm->BeginSeal(nonce, aad);
  ASSERT_TRUE(sealer.ok());
  Bytes out(50), tag(16);
  ASSERT_TRUE(sealer
                  ->Update(absl::MakeConstSpan(zeros).first(32),
                           absl::MakeSpan(out).first(32))
                  .ok());
  ASSERT_TRUE(sealer
                  ->Update(absl::MakeConstSpan(zeros).subspan(32),
                           absl::MakeSpan(out).subspan(32))
                  .ok());
  auto s = sealer->Update(zeros, absl::MakeSpan(out));
  EXPECT_NE(s.message().find("only the last piece may be other than a "
                             "multiple of 16 bytes"),
            std::string::npos)
      << s;
  for (size_t t : {0, 11, 17}) {
    s = sealer->Finish(absl::MakeSpan(tag.data(), t));
    EXPECT_NE(s.message().find("tag must be 12 to 16 bytes"), std::string::npos)
        << s;
  }
  ASSERT_TRUE(sealer->Finish(absl::MakeSpan(tag).first(12)).ok());
  EXPECT_EQ(sealer->Finish(absl::MakeSpan(tag)).code(),
            absl::StatusCode::kFailedPrecondition);
  Bytes whole(50 + 16);
  ASSERT_TRUE(gcm->Seal(nonce, aad, zeros, absl::MakeSpan(whole)).ok());
  EXPECT_EQ(Bytes(whole.begin(), whole.begin() + 50), out);
  EXPECT_EQ(Bytes(whole.begin() + 50, whole.begin() + 62),
            Bytes(tag.begin(), tag.begin() + 12));
  // A truncated tag opens what it sealed.
  auto opener = gcm->BeginOpen(nonce, aad);
  ASSERT_TRUE(opener.ok());
  ASSERT_TRUE(opener->Update(out, absl::MakeSpan(out)).ok());
  EXPECT_TRUE(opener->Finish(absl::MakeConstSpan(tag).first(12)).ok());
  EXPECT_EQ(out, zeros);
  // Past SP 800-38D's limit: refused from the length alone.
  opener = gcm->BeginOpen(nonce, aad);
  const uint8_t byte = 0;
  const size_t too_long = AesGcm<>::kMaxPlaintextBytes + 1;
  s = opener->Update(absl::Span<const uint8_t>(&byte, too_long),
                     absl::Span<uint8_t>(&out[0], too_long));
  EXPECT_NE(s.message().find("over the 2^36 - 32-byte limit"),
            std::string::npos)
      << s;
}

TYPED_TEST(GcmTest, TamperingFails) {
  std::mt19937_64 rng(85);
  auto gcm = AesGcm<TypeParam>::Create(test::RandomBytes(rng, 32));
  ASSERT_TRUE(gcm.ok());
  const Bytes nonce = test::RandomBytes(rng, 12);
  const Bytes aad = test::RandomBytes(rng, 19);
  const Bytes pt = test::RandomBytes(rng, 35);
  const Bytes sealed = Seal(*gcm, nonce, aad, pt);
  int failures = 0, tries = 0;
  auto attempt = [&](const Bytes& n, const Bytes& a, const Bytes& s) {
    Bytes out(pt.size(), 0xaa);
    auto st = gcm->Open(n, a, s, absl::MakeSpan(out));
    ++tries;
    if (IsAuthenticationFailure(st)) {
      ++failures;
      EXPECT_NE(st.message().find("authentication failed"), std::string::npos);
      EXPECT_EQ(out, Bytes(pt.size(), 0));
    }
  };
  test::ForEachBitFlip(nonce, [&](const Bytes& n) { attempt(n, aad, sealed); });
  test::ForEachBitFlip(aad, [&](const Bytes& a) { attempt(nonce, a, sealed); });
  test::ForEachBitFlip(sealed, [&](const Bytes& s) { attempt(nonce, aad, s); });
  EXPECT_EQ(failures, tries);
  EXPECT_EQ(tries, 8 * (12 + 19 + 35 + 16));
}

TEST(GcmInputTest, RefusesBadArguments) {
  for (size_t n : {0, 15, 20, 31, 33}) {
    auto s = AesGcm<>::Create(Bytes(n)).status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("must be 16, 24 or 32 bytes"),
              std::string::npos);
  }
  auto gcm = AesGcm<>::Create(Bytes(16, 9));
  ASSERT_TRUE(gcm.ok());
  const Bytes pt(20), aad(5), nonce(12, 2);
  Bytes out(36);
  auto s = gcm->Seal(Bytes(), aad, pt, absl::MakeSpan(out));
  EXPECT_NE(s.message().find("nonce must be 1 to"), std::string::npos) << s;
  EXPECT_FALSE(IsAuthenticationFailure(s));
  s = gcm->Open(Bytes(), aad, out, absl::MakeSpan(out));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  s = gcm->Seal(nonce, aad, pt, absl::MakeSpan(out).first(35));
  EXPECT_NE(s.message().find("cannot hold"), std::string::npos) << s;
  s = gcm->Open(nonce, aad, Bytes(15), absl::MakeSpan(out));
  EXPECT_NE(s.message().find("shorter than the 16-byte tag"),
            std::string::npos);
  s = gcm->Open(nonce, aad, Bytes(40), absl::MakeSpan(out).first(23));
  EXPECT_NE(s.message().find("cannot hold the 24-byte plaintext"),
            std::string::npos)
      << s;
  for (size_t t : {0, 4, 8, 11, 17}) {
    Bytes ct(pt.size()), tag(t);
    s = gcm->SealDetached(nonce, aad, pt, absl::MakeSpan(ct),
                          absl::MakeSpan(tag));
    EXPECT_NE(s.message().find("tag must be 12 to 16 bytes"), std::string::npos)
        << s;
    s = gcm->OpenDetached(nonce, aad, ct, tag, absl::MakeSpan(ct));
    EXPECT_NE(s.message().find("tag must be 12 to 16 bytes"), std::string::npos)
        << s;
  }
  // Over the standard's limits: refused from the lengths alone, nothing read.
  const uint8_t byte = 0;
  const size_t too_long = AesGcm<>::kMaxPlaintextBytes + 1;
  s = gcm->Seal(nonce, aad, absl::Span<const uint8_t>(&byte, too_long),
                absl::Span<uint8_t>(&out[0], too_long + 16));
  EXPECT_NE(s.message().find("over the 2^36 - 32-byte limit"),
            std::string::npos)
      << s;
  s = gcm->Seal(nonce,
                absl::Span<const uint8_t>(&byte, AesGcm<>::kMaxAadBytes + 1),
                pt, absl::MakeSpan(out));
  EXPECT_NE(s.message().find("associated data of"), std::string::npos) << s;
  Bytes buf(60);
  s = gcm->Seal(nonce, aad, absl::MakeConstSpan(buf).first(20),
                absl::MakeSpan(buf).subspan(1));
  EXPECT_NE(s.message().find("overlap"), std::string::npos) << s;
}

}  // namespace
}  // namespace braid
