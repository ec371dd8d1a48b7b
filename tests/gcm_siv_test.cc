// AES-GCM-SIV and POLYVAL: RFC 8452's POLYVAL example and Appendix C (as
// carried by Wycheproof), all of Wycheproof's valid and invalid cases, every
// (tag, kWays) equal to Scalar at kWays = 1 on random inputs, tampering with
// every bit, and the inputs GCM-SIV refuses. (OpenSSL 3.0 has no GCM-SIV.)
#include "braid/modes/gcm_siv.h"

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "braid/polyval.h"
#include "gtest/gtest.h"
#include "tests/aead_instances.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::FromHex;
using test::ToHex;

template <class Tag>
class GcmSivTest : public ::testing::Test {};
TYPED_TEST_SUITE(GcmSivTest, test::AesTags, test::TagName);

template <class Tag, size_t kWays>
Bytes Seal(const AesGcmSiv<Tag, kWays>& siv, const Bytes& nonce,
           const Bytes& aad, const Bytes& pt) {
  Bytes out(pt.size() + 16);
  EXPECT_TRUE(siv.Seal(nonce, aad, pt, absl::MakeSpan(out)).ok());
  return out;
}

template <class Tag, size_t kWays>
void CheckPolyval() {
  const auto v = test::ReadVectors("tests/vectors/rfc8452_polyval.txt").at(0);
  const Bytes h = FromHex(v.at("h")), x = FromHex(v.at("x"));
  Polyval<Tag, kWays> polyval(h.data());
  polyval.Update(x.data(), 2);
  uint8_t out[16];
  polyval.Digest(out);
  EXPECT_EQ(ToHex(out, 16), v.at("polyval")) << "kWays " << kWays;
  // One block at a time gives the same.
  Polyval<Tag, kWays> serial(h.data());
  serial.Update(x.data(), 1);
  serial.Update(x.data() + 16, 1);
  serial.Digest(out);
  EXPECT_EQ(ToHex(out, 16), v.at("polyval"));
}

// Every aggregation width equals block-at-a-time POLYVAL on random data,
// whatever the lengths of the calls.
template <class Tag, size_t kWays>
void CheckPolyvalWays(uint64_t seed) {
  std::mt19937_64 rng(seed + kWays);
  for (int c = 0; c < 4; ++c) {
    const Bytes h = test::RandomBytes(rng, 16);
    const size_t n = rng() % 70;
    const Bytes x = test::RandomBytes(rng, 16 * n);
    Polyval<Tag, kWays> wide(h.data());
    Polyval<Tag, 1> serial(h.data());
    // Two calls, so that the table of powers grows between them.
    const size_t first = rng() % (n + 1);
    wide.Update(x.data(), first);
    wide.Update(x.data() + 16 * first, n - first);
    for (size_t i = 0; i < n; ++i) serial.Update(x.data() + 16 * i, 1);
    uint8_t a[16], b[16];
    wide.Digest(a);
    serial.Digest(b);
    ASSERT_EQ(ToHex(a, 16), ToHex(b, 16)) << "kWays " << kWays << " n " << n;
  }
}

TYPED_TEST(GcmSivTest, PolyvalEveryWays) {
  simd::Unroll<16>(
      [](auto... w) { (CheckPolyvalWays<TypeParam, w + 1>(71), ...); });
}

TYPED_TEST(GcmSivTest, PolyvalRfc8452) {
  CheckPolyval<TypeParam, 1>();
  CheckPolyval<TypeParam, 2>();
  CheckPolyval<TypeParam, DefaultAesWays<TypeParam>::kCtr>();
  CheckPolyval<TypeParam, 16>();
}

template <class Tag, size_t kWays>
void CheckWycheproof() {
  int valid = 0, invalid = 0, rfc = 0;
  for (const auto& v :
       test::ReadVectors("tests/vectors/wycheproof_aes_gcm_siv_test.txt")) {
    SCOPED_TRACE("tcId " + v.at("tcId") + " ways " + std::to_string(kWays));
    auto siv = AesGcmSiv<Tag, kWays>::Create(FromHex(v.at("key")));
    ASSERT_TRUE(siv.ok());
    const Bytes nonce = FromHex(v.at("iv")), aad = FromHex(v.at("aad"));
    const Bytes pt = FromHex(v.at("msg"));
    Bytes sealed = FromHex(v.at("ct"));
    const Bytes tag = FromHex(v.at("tag"));
    sealed.insert(sealed.end(), tag.begin(), tag.end());
    Bytes out(sealed.size() - 16, 0x55);
    const absl::Status s = siv->Open(nonce, aad, sealed, absl::MakeSpan(out));
    if (v.at("result") == "valid") {
      EXPECT_EQ(ToHex(Seal(*siv, nonce, aad, pt)), ToHex(sealed));
      EXPECT_TRUE(s.ok()) << s;
      EXPECT_EQ(ToHex(out), ToHex(pt));
      ++valid;
      if (v.at("comment") == "RFC 8452") ++rfc;
    } else {
      EXPECT_FALSE(s.ok());
      EXPECT_EQ(out, Bytes(out.size(), 0));
      ++invalid;
    }
  }
  EXPECT_EQ(valid, 136);
  EXPECT_EQ(invalid, 66);
  EXPECT_EQ(rfc, 50);
}

TYPED_TEST(GcmSivTest, Wycheproof) {
  CheckWycheproof<TypeParam, 1>();
  CheckWycheproof<TypeParam, DefaultAesWays<TypeParam>::kCtr>();
}

template <class Tag, size_t kWays>
void CheckAgainstScalar(uint64_t seed) {
  constexpr bool kScalar = std::is_same_v<Tag, isa::Scalar>;
  std::mt19937_64 rng(seed + kWays);
  for (int c = 0; c < (kScalar ? 3 : 10); ++c) {
    const Bytes key = test::RandomBytes(rng, rng() % 2 ? 16 : 32);
    auto siv = AesGcmSiv<Tag, kWays>::Create(key);
    auto reference = AesGcmSiv<isa::Scalar, 1>::Create(key);
    ASSERT_TRUE(siv.ok() && reference.ok());
    const Bytes nonce = test::RandomBytes(rng, 12);
    const Bytes aad = test::RandomBytes(rng, rng() % 300);
    const Bytes pt =
        test::RandomBytes(rng, rng() % (kScalar ? 40 * 16 : 300 * 16 + 16));
    SCOPED_TRACE("pt " + std::to_string(pt.size()) + " aad " +
                 std::to_string(aad.size()));
    const Bytes sealed = Seal(*reference, nonce, aad, pt);
    ASSERT_EQ(ToHex(Seal(*siv, nonce, aad, pt)), ToHex(sealed));
    Bytes buf = sealed;  // in place
    ASSERT_TRUE(siv->Open(nonce, aad, buf, absl::MakeSpan(buf)).ok());
    ASSERT_EQ(Bytes(buf.begin(), buf.begin() + pt.size()), pt);
    buf = pt;
    buf.resize(pt.size() + 16);
    ASSERT_TRUE(siv->Seal(nonce, aad, absl::MakeConstSpan(buf).first(pt.size()),
                          absl::MakeSpan(buf))
                    .ok());
    ASSERT_EQ(buf, sealed);
  }
}

template <class Tag, size_t kWays>
void CheckIfSwept(uint64_t seed) {
  if constexpr (test::kSweeps<Tag, kWays>) CheckAgainstScalar<Tag, kWays>(seed);
}

template <class Tag, size_t... kWays>
void CheckWays(uint64_t seed) {
  (CheckIfSwept<Tag, kWays>(seed), ...);
}

TYPED_TEST(GcmSivTest, EveryWaysEqualsScalar) {
  CheckWays<TypeParam, 1, 2, 3, 4, 5, 8, 12, 16>(51);
}

// Sealing in two passes and opening in pieces give what Seal and Open
// give; a wrong tag, or a tag other than the one the opener began with,
// fails as an authentication failure.
TYPED_TEST(GcmSivTest, InPiecesEqualsWhole) {
  std::mt19937_64 rng(165);
  for (size_t key_bytes : {16, 32}) {
    auto siv = AesGcmSiv<TypeParam>::Create(test::RandomBytes(rng, key_bytes));
    ASSERT_TRUE(siv.ok());
    for (size_t len : {0, 1, 15, 16, 17, 100, 1000, 8191, 20000}) {
      SCOPED_TRACE("length " + std::to_string(len));
      const Bytes nonce = test::RandomBytes(rng, 12);
      const Bytes aad = test::RandomBytes(rng, rng() % 40);
      const Bytes pt = test::RandomBytes(rng, len);
      const Bytes sealed = Seal(*siv, nonce, aad, pt);
      std::vector<size_t> cuts = {0};
      while (cuts.back() < len) {
        cuts.push_back(std::min(len, cuts.back() + 16 * (rng() % 512)));
      }
      auto sealer = siv->BeginSeal(nonce, aad);
      ASSERT_TRUE(sealer.ok());
      for (size_t i = 1; i < cuts.size(); ++i) {
        ASSERT_TRUE(sealer
                        ->Absorb(absl::MakeConstSpan(pt).subspan(
                            cuts[i - 1], cuts[i] - cuts[i - 1]))
                        .ok());
      }
      Bytes tag(16);
      ASSERT_TRUE(sealer->Tag(absl::MakeSpan(tag)).ok());
      Bytes ct = pt;  // in place
      for (size_t i = 1; i < cuts.size(); ++i) {
        const auto piece =
            absl::MakeSpan(ct).subspan(cuts[i - 1], cuts[i] - cuts[i - 1]);
        ASSERT_TRUE(sealer->Update(piece, piece).ok());
      }
      ASSERT_TRUE(sealer->Finish().ok());
      ct.insert(ct.end(), tag.begin(), tag.end());
      EXPECT_EQ(ToHex(ct), ToHex(sealed));

      auto opener = siv->BeginOpen(nonce, aad, tag);
      ASSERT_TRUE(opener.ok());
      Bytes back(len);
      for (size_t i = 1; i < cuts.size(); ++i) {
        const size_t at = cuts[i - 1], n = cuts[i] - at;
        ASSERT_TRUE(opener
                        ->Update(absl::MakeConstSpan(sealed).subspan(at, n),
                                 absl::MakeSpan(back).subspan(at, n))
                        .ok());
      }
      EXPECT_TRUE(opener->Finish(tag).ok());
      EXPECT_EQ(back, pt);

      // Bit 0 of byte 0 too: the first byte of the computed tag is where a
      // careless "make it differ" would land.
      Bytes other = tag, first_bit = tag;
      other[len % 16] ^= 8;
      first_bit[0] ^= 1;
      for (const auto& [begun, finished] :
           {std::pair{other, other}, std::pair{tag, other},
            std::pair{other, tag}, std::pair{first_bit, first_bit}}) {
        auto forged = siv->BeginOpen(nonce, aad, begun);
        ASSERT_TRUE(forged.ok());
        ASSERT_TRUE(forged
                        ->Update(absl::MakeConstSpan(sealed).first(len),
                                 absl::MakeSpan(back))
                        .ok());
        EXPECT_TRUE(IsAuthenticationFailure(forged->Finish(finished)));
      }
    }
  }
}

TEST(GcmSivInputTest, PiecesRefuseMisuse) {
  auto siv = AesGcmSiv<>::Create(Bytes(16, 4));
  ASSERT_TRUE(siv.ok());
  const Bytes nonce(12, 5), aad(7), pt(40);
  EXPECT_NE(siv->BeginSeal(Bytes(11), aad)
                .status()
                .message()
                .find("nonce must be 12 bytes"),
            std::string::npos);
  EXPECT_NE(siv->BeginOpen(nonce, aad, Bytes(15))
                .status()
                .message()
                .find("tag must be 16 bytes"),
            std::string::npos);
  auto sealer = siv->BeginSeal(nonce, aad);
  ASSERT_TRUE(sealer.ok());
  Bytes out(40), tag(16);
  EXPECT_EQ(sealer->Update(pt, absl::MakeSpan(out)).code(),
            absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE(sealer->Absorb(absl::MakeConstSpan(pt).first(17)).ok());
  EXPECT_NE(sealer->Absorb(pt).message().find("only the last piece"),
            std::string::npos);
  EXPECT_NE(sealer->Tag(absl::MakeSpan(tag).first(12))
                .message()
                .find("tag must be 16 bytes"),
            std::string::npos);
  ASSERT_TRUE(sealer->Tag(absl::MakeSpan(tag)).ok());
  EXPECT_EQ(sealer->Absorb(pt).code(), absl::StatusCode::kFailedPrecondition);
  // A second pass longer or shorter than the first is refused.
  auto s = sealer->Update(pt, absl::MakeSpan(out));
  EXPECT_NE(s.message().find("the second pass is not the first's 17 bytes"),
            std::string::npos)
      << s;
  ASSERT_TRUE(sealer
                  ->Update(absl::MakeConstSpan(pt).first(16),
                           absl::MakeSpan(out).first(16))
                  .ok());
  EXPECT_EQ(sealer->Finish().code(), absl::StatusCode::kInvalidArgument);
  ASSERT_TRUE(sealer
                  ->Update(absl::MakeConstSpan(pt).subspan(16, 1),
                           absl::MakeSpan(out).subspan(16, 1))
                  .ok());
  ASSERT_TRUE(sealer->Finish().ok());
  EXPECT_EQ(sealer->Finish().code(), absl::StatusCode::kFailedPrecondition);
  Bytes whole(17 + 16);
  ASSERT_TRUE(siv->Seal(nonce, aad, absl::MakeConstSpan(pt).first(17),
                        absl::MakeSpan(whole))
                  .ok());
  EXPECT_EQ(Bytes(whole.begin(), whole.begin() + 17),
            Bytes(out.begin(), out.begin() + 17));
  EXPECT_EQ(Bytes(whole.begin() + 17, whole.end()), tag);
  // Past RFC 8452's limit: refused from the length alone.
  auto again = siv->BeginSeal(nonce, aad);
  const uint8_t byte = 0;
  s = again->Absorb(
      absl::Span<const uint8_t>(&byte, AesGcmSiv<>::kMaxBytes + 1));
  EXPECT_NE(s.message().find("over the 2^36-byte limit"), std::string::npos)
      << s;
}

TYPED_TEST(GcmSivTest, TamperingFails) {
  std::mt19937_64 rng(61);
  auto siv = AesGcmSiv<TypeParam>::Create(test::RandomBytes(rng, 32));
  ASSERT_TRUE(siv.ok());
  const Bytes nonce = test::RandomBytes(rng, 12);
  const Bytes aad = test::RandomBytes(rng, 19);
  const Bytes pt = test::RandomBytes(rng, 35);
  const Bytes sealed = Seal(*siv, nonce, aad, pt);
  int failures = 0, tries = 0;
  auto attempt = [&](const Bytes& n, const Bytes& a, const Bytes& s) {
    Bytes out(pt.size(), 0xaa);
    auto st = siv->Open(n, a, s, absl::MakeSpan(out));
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
  EXPECT_EQ(tries, 8 * (12 + 19 + 35 + 16));
}

TEST(GcmSivInputTest, RefusesBadArguments) {
  for (size_t n : {0, 15, 24, 31, 33}) {
    auto s = AesGcmSiv<>::Create(Bytes(n)).status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("must be 16 or 32 bytes"), std::string::npos);
  }
  auto siv = AesGcmSiv<>::Create(Bytes(16, 9));
  ASSERT_TRUE(siv.ok());
  const Bytes pt(20), aad(5);
  Bytes out(36);
  for (size_t n : {0, 8, 11, 13, 16}) {
    auto s = siv->Seal(Bytes(n), aad, pt, absl::MakeSpan(out));
    EXPECT_NE(s.message().find("nonce must be 12 bytes"), std::string::npos);
    EXPECT_FALSE(siv->Open(Bytes(n), aad, out, absl::MakeSpan(out)).ok());
  }
  const Bytes nonce(12, 2);
  auto s = siv->Seal(nonce, aad, pt, absl::MakeSpan(out).first(35));
  EXPECT_NE(s.message().find("cannot hold"), std::string::npos);
  s = siv->Open(nonce, aad, Bytes(15), absl::MakeSpan(out));
  EXPECT_NE(s.message().find("shorter than the 16-byte tag"),
            std::string::npos);
  // Over 2^36 bytes: refused from the length alone, nothing read.
  const uint8_t byte = 0;
  const size_t huge = (size_t{1} << 36) + 1;
  s = siv->Seal(nonce, absl::Span<const uint8_t>(&byte, huge), pt,
                absl::MakeSpan(out));
  EXPECT_NE(s.message().find("over the 2^36-byte limit"), std::string::npos);
  s = siv->Seal(nonce, aad, absl::Span<const uint8_t>(&byte, huge),
                absl::MakeSpan(out));
  EXPECT_NE(s.message().find("over the 2^36-byte limit"), std::string::npos);
  Bytes buf(60);
  s = siv->Seal(nonce, aad, absl::MakeConstSpan(buf).first(20),
                absl::MakeSpan(buf).subspan(1));
  EXPECT_NE(s.message().find("overlap"), std::string::npos);
}

}  // namespace
}  // namespace braid
