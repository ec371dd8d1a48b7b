// AES-OCB: RFC 7253 Appendix A (the sample results and the iterated test for
// every key and tag length), OpenSSL's EVP_aes_*_ocb on random inputs for
// every (tag, kWays), tampering with every bit, and the inputs OCB refuses.
#include "braid/modes/ocb.h"

#include <random>
#include <string>

#include "gtest/gtest.h"
#include "tests/aead_instances.h"
#include "tests/openssl_util.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::FromHex;
using test::ToHex;

template <class Tag>
class OcbTest : public ::testing::Test {};
TYPED_TEST_SUITE(OcbTest, test::AesTags, test::TagName);

template <class Tag, size_t kWays>
Bytes Seal(const AesOcb<Tag, kWays>& ocb, const Bytes& nonce, const Bytes& aad,
           const Bytes& pt) {
  Bytes out(pt.size() + ocb.tag_bytes());
  EXPECT_TRUE(ocb.Seal(nonce, aad, pt, absl::MakeSpan(out)).ok());
  return out;
}

template <class Tag, size_t kWays>
void CheckSamples() {
  const Bytes key = FromHex("000102030405060708090a0b0c0d0e0f");
  auto ocb = AesOcb<Tag, kWays>::Create(key);
  ASSERT_TRUE(ocb.ok());
  int checked = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/rfc7253_ocb.txt")) {
    if (v.at("kind") != "sample") continue;
    SCOPED_TRACE("nonce " + v.at("nonce") + " ways " + std::to_string(kWays));
    const Bytes nonce = FromHex(v.at("nonce")), aad = FromHex(v.at("aad"));
    const Bytes pt = FromHex(v.at("pt")), ct = FromHex(v.at("ct"));
    EXPECT_EQ(ToHex(Seal(*ocb, nonce, aad, pt)), ToHex(ct));
    EXPECT_EQ(ToHex(test::OpensslOcbSeal(key, nonce, aad, pt, 16)), ToHex(ct));
    Bytes out(pt.size());
    ASSERT_TRUE(ocb->Open(nonce, aad, ct, absl::MakeSpan(out)).ok());
    EXPECT_EQ(ToHex(out), ToHex(pt));
    ++checked;
  }
  EXPECT_EQ(checked, 16);
}

TYPED_TEST(OcbTest, Rfc7253Samples) {
  CheckSamples<TypeParam, 1>();
  CheckSamples<TypeParam, DefaultAesWays<TypeParam>::kOcb>();
}

// RFC 7253 Appendix A's iterated test: 128 rounds of three encryptions,
// then one tag over all of their output.
TYPED_TEST(OcbTest, Rfc7253Iterated) {
  int checked = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/rfc7253_ocb.txt")) {
    if (v.at("kind") != "iterated") continue;
    const size_t key_bytes = std::stoul(v.at("key_bytes"));
    const size_t tag_bytes = std::stoul(v.at("tag_bytes"));
    SCOPED_TRACE("key " + std::to_string(key_bytes) + " tag " +
                 std::to_string(tag_bytes));
    Bytes key(key_bytes, 0);
    key.back() = static_cast<uint8_t>(8 * tag_bytes);
    auto ocb = AesOcb<TypeParam>::Create(key, tag_bytes);
    ASSERT_TRUE(ocb.ok());
    auto nonce = [](size_t n) {
      Bytes b(12, 0);
      for (int i = 0; i < 4; ++i)
        b[11 - i] = static_cast<uint8_t>(n >> (8 * i));
      return b;
    };
    Bytes c;
    for (size_t i = 0; i < 128; ++i) {
      const Bytes s(i, 0);
      for (const Bytes& part : {Seal(*ocb, nonce(3 * i + 1), s, s),
                                Seal(*ocb, nonce(3 * i + 2), Bytes(), s),
                                Seal(*ocb, nonce(3 * i + 3), s, Bytes())}) {
        c.insert(c.end(), part.begin(), part.end());
      }
    }
    EXPECT_EQ(ToHex(Seal(*ocb, nonce(385), c, Bytes())), v.at("tag"));
    ++checked;
  }
  EXPECT_EQ(checked, 9);
}

template <class Tag, size_t kWays>
void CheckOpenssl(uint64_t seed) {
  constexpr bool kScalar = std::is_same_v<Tag, isa::Scalar>;
  std::mt19937_64 rng(seed + kWays);
  for (int c = 0; c < (kScalar ? 4 : 12); ++c) {
    const Bytes key = test::RandomBytes(rng, 16 + 8 * (rng() % 3));
    const size_t tag_bytes = 8 + rng() % 9;
    auto ocb = AesOcb<Tag, kWays>::Create(key, tag_bytes);
    ASSERT_TRUE(ocb.ok());
    const Bytes nonce = test::RandomBytes(rng, 1 + rng() % 15);
    const Bytes aad = test::RandomBytes(rng, rng() % (kScalar ? 100 : 700));
    const Bytes pt =
        test::RandomBytes(rng, rng() % (kScalar ? 40 * 16 : 300 * 16 + 16));
    SCOPED_TRACE("pt " + std::to_string(pt.size()) + " aad " +
                 std::to_string(aad.size()) + " key " +
                 std::to_string(key.size()) + " tag " +
                 std::to_string(tag_bytes));
    const Bytes sealed = test::OpensslOcbSeal(key, nonce, aad, pt, tag_bytes);
    ASSERT_EQ(ToHex(Seal(*ocb, nonce, aad, pt)), ToHex(sealed));
    Bytes out(pt.size());
    ASSERT_TRUE(ocb->Open(nonce, aad, sealed, absl::MakeSpan(out)).ok());
    ASSERT_EQ(out, pt);
    // In place, both ways.
    Bytes buf = pt;
    buf.resize(pt.size() + tag_bytes);
    ASSERT_TRUE(ocb->Seal(nonce, aad, absl::MakeConstSpan(buf).first(pt.size()),
                          absl::MakeSpan(buf))
                    .ok());
    ASSERT_EQ(buf, sealed);
    ASSERT_TRUE(ocb->Open(nonce, aad, buf, absl::MakeSpan(buf)).ok());
    ASSERT_EQ(Bytes(buf.begin(), buf.begin() + pt.size()), pt);
  }
}

template <class Tag, size_t kWays>
void CheckIfSwept(uint64_t seed) {
  if constexpr (test::kSweeps<Tag, kWays>) CheckOpenssl<Tag, kWays>(seed);
}

template <class Tag, size_t... kWays>
void CheckWays(uint64_t seed) {
  (CheckIfSwept<Tag, kWays>(seed), ...);
}

// Offset_0 takes 128 bits of the nonce's stretch from bit `bottom`, the
// nonce's last six bits: every shift, 0 to 63, for nonces of 1, 12 and 15
// bytes and each tag length's top bits, against OpenSSL.
TYPED_TEST(OcbTest, EveryStretchShiftMatchesOpenssl) {
  std::mt19937_64 rng(77);
  const Bytes key = test::RandomBytes(rng, 16);
  const Bytes pt = test::RandomBytes(rng, 40);
  for (size_t tag_bytes : {8, 16}) {
    auto ocb = AesOcb<TypeParam>::Create(key, tag_bytes);
    ASSERT_TRUE(ocb.ok());
    for (size_t len : {1, 12, 15}) {
      Bytes nonce = test::RandomBytes(rng, len);
      for (int bottom = 0; bottom < 64; ++bottom) {
        nonce.back() = static_cast<uint8_t>((nonce.back() & 0xc0) | bottom);
        SCOPED_TRACE("nonce " + ToHex(nonce) + " tag " +
                     std::to_string(tag_bytes));
        ASSERT_EQ(
            ToHex(Seal(*ocb, nonce, Bytes(), pt)),
            ToHex(test::OpensslOcbSeal(key, nonce, Bytes(), pt, tag_bytes)));
      }
    }
  }
}

TYPED_TEST(OcbTest, EveryWaysMatchesOpenssl) {
  CheckWays<TypeParam, 1, 2, 3, 4, 5, 8, 12, 16>(31);
}

// Any flipped bit of nonce, associated data, ciphertext or tag: an error
// and an all-zero output.
// In pieces at the default and, where the build sweeps the tag, kWays 3 (no
// power of two) and 16 (a piece's offsets start at a multiple of the widest
// batch).
TYPED_TEST(OcbTest, InPiecesEqualsWhole) {
  std::mt19937_64 rng(167);
  for (size_t key_bytes : {16, 24, 32}) {
    const Bytes key = test::RandomBytes(rng, key_bytes);
    if constexpr (test::kSweeps<TypeParam, 3>) {
      test::CheckPieces(*AesOcb<TypeParam, 3>::Create(key), rng, 12);
    }
    test::CheckPieces(*AesOcb<TypeParam>::Create(key), rng, 1 + rng() % 15);
    if constexpr (test::kSweeps<TypeParam, 16>) {
      test::CheckPieces(*AesOcb<TypeParam, 16>::Create(key), rng, 15);
    }
  }
}

TYPED_TEST(OcbTest, TamperingFails) {
  std::mt19937_64 rng(41);
  const Bytes key = test::RandomBytes(rng, 16);
  auto ocb = AesOcb<TypeParam>::Create(key);
  ASSERT_TRUE(ocb.ok());
  const Bytes nonce = test::RandomBytes(rng, 12);
  const Bytes aad = test::RandomBytes(rng, 21);
  const Bytes pt = test::RandomBytes(rng, 37);
  const Bytes sealed = Seal(*ocb, nonce, aad, pt);
  int failures = 0, tries = 0;
  auto attempt = [&](const Bytes& n, const Bytes& a, const Bytes& s) {
    Bytes out(pt.size(), 0xaa);
    auto st = ocb->Open(n, a, s, absl::MakeSpan(out));
    ++tries;
    if (!st.ok()) {
      ++failures;
      EXPECT_NE(st.message().find("authentication failed"), std::string::npos);
      EXPECT_EQ(out, Bytes(pt.size(), 0));
    }
  };
  test::ForEachBitFlip(nonce, [&](const Bytes& n) { attempt(n, aad, sealed); });
  test::ForEachBitFlip(aad, [&](const Bytes& a) { attempt(nonce, a, sealed); });
  test::ForEachBitFlip(sealed, [&](const Bytes& s) { attempt(nonce, aad, s); });
  EXPECT_EQ(failures, tries);
  EXPECT_EQ(tries, 8 * (12 + 21 + 37 + 16));
  Bytes out(pt.size());
  EXPECT_TRUE(ocb->Open(nonce, aad, sealed, absl::MakeSpan(out)).ok());
  EXPECT_EQ(out, pt);
}

TEST(OcbInputTest, RefusesBadArguments) {
  const Bytes key(16, 3);
  for (size_t bad : {0, 7, 17, 32}) {
    auto s = AesOcb<>::Create(key, bad).status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("tag must be 8 to 16 bytes"), std::string::npos);
  }
  EXPECT_EQ(AesOcb<>::Create(Bytes(15)).status().code(),
            absl::StatusCode::kInvalidArgument);
  auto ocb = AesOcb<>::Create(key);
  ASSERT_TRUE(ocb.ok());
  const Bytes pt(40), aad(3);
  Bytes out(56);
  for (size_t n : {0, 16, 20}) {
    auto s = ocb->Seal(Bytes(n), aad, pt, absl::MakeSpan(out));
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("nonce must be 1 to 15 bytes"),
              std::string::npos);
    EXPECT_FALSE(ocb->Open(Bytes(n), aad, out, absl::MakeSpan(out)).ok());
  }
  const Bytes nonce(12, 1);
  auto s = ocb->Seal(nonce, aad, pt, absl::MakeSpan(out).first(55));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("cannot hold"), std::string::npos);
  s = ocb->Open(nonce, aad, Bytes(15), absl::MakeSpan(out));
  EXPECT_NE(s.message().find("shorter than the 16-byte tag"),
            std::string::npos);
  s = ocb->Open(nonce, aad, Bytes(56), absl::MakeSpan(out).first(39));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  Bytes buf(80);
  s = ocb->Seal(nonce, aad, absl::MakeConstSpan(buf).first(40),
                absl::MakeSpan(buf).subspan(4));
  EXPECT_NE(s.message().find("overlap"), std::string::npos);
  s = ocb->Seal(nonce, absl::Span<const uint8_t>(nullptr, 4), pt,
                absl::MakeSpan(out));
  EXPECT_NE(s.message().find("associated data pointer is null"),
            std::string::npos);
}

}  // namespace
}  // namespace braid
