// AES-XTS: IEEE 1619 and Wycheproof known answers, every (tag, kWays) equal
// to a one-block reference built on ECB (lengths 16..80 for stealing and
// random lengths past the widest batch), OpenSSL's EVP_aes_*_xts on random
// inputs, and the inputs XTS must refuse.
#include "braid/modes/xts.h"

#include <openssl/evp.h>

#include <random>
#include <string>

#include "braid/modes/ecb.h"
#include "gtest/gtest.h"
#include "tests/openssl_util.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::FromHex;
using test::ToHex;

template <class Tag>
class XtsTest : public ::testing::Test {};
TYPED_TEST_SUITE(XtsTest, test::AesTags, test::TagName);

template <class Tag, size_t kWays>
Bytes Encrypt(const AesXtsKey& key, const Bytes& tweak, const Bytes& in) {
  Bytes out(in.size());
  EXPECT_TRUE(
      (AesXtsEncrypt<Tag, kWays>(key, tweak, in, absl::MakeSpan(out))).ok());
  return out;
}
template <class Tag, size_t kWays>
Bytes Decrypt(const AesXtsKey& key, const Bytes& tweak, const Bytes& in) {
  Bytes out(in.size());
  EXPECT_TRUE(
      (AesXtsDecrypt<Tag, kWays>(key, tweak, in, absl::MakeSpan(out))).ok());
  return out;
}

// XTS from its definition, one block at a time with the one-block ECB.
Bytes Reference(bool encrypt, const Bytes& key_bytes, const Bytes& tweak,
                const Bytes& in) {
  const size_t half = key_bytes.size() / 2;
  auto k1 = AesKey::Create(Bytes(key_bytes.begin(), key_bytes.begin() + half));
  auto k2 = AesKey::Create(Bytes(key_bytes.begin() + half, key_bytes.end()));
  EXPECT_TRUE(k1.ok() && k2.ok());
  Bytes t(16);
  EXPECT_TRUE(
      (AesEcbEncrypt<isa::Scalar, 1>(*k2, tweak, absl::MakeSpan(t))).ok());
  auto next = [](Bytes& t) {
    int carry = 0;
    for (int i = 0; i < 16; ++i) {
      const int c = t[i] >> 7;
      t[i] = static_cast<uint8_t>((t[i] << 1) | carry);
      carry = c;
    }
    if (carry) t[0] ^= 0x87;
  };
  auto block = [&](const Bytes& t, const uint8_t* src, uint8_t* dst) {
    Bytes x(16), y(16);
    for (int i = 0; i < 16; ++i) x[i] = src[i] ^ t[i];
    EXPECT_TRUE((encrypt
                     ? AesEcbEncrypt<isa::Scalar, 1>(*k1, x, absl::MakeSpan(y))
                     : AesEcbDecrypt<isa::Scalar, 1>(*k1, x, absl::MakeSpan(y)))
                    .ok());
    for (int i = 0; i < 16; ++i) dst[i] = y[i] ^ t[i];
  };
  Bytes out(in.size());
  const size_t m = in.size() / 16, r = in.size() % 16;
  const size_t bulk = r == 0 ? m : m - 1;
  for (size_t j = 0; j < bulk; ++j) {
    block(t, in.data() + 16 * j, out.data() + 16 * j);
    next(t);
  }
  if (r != 0) {
    Bytes t_next = t;
    next(t_next);
    Bytes cc(16), pp(16);
    block(encrypt ? t : t_next, in.data() + 16 * bulk, cc.data());
    for (size_t i = 0; i < 16; ++i) pp[i] = i < r ? in[16 * m + i] : cc[i];
    for (size_t i = 0; i < r; ++i) out[16 * m + i] = cc[i];
    block(encrypt ? t_next : t, pp.data(), out.data() + 16 * bulk);
  }
  return out;
}

Bytes SectorTweak(uint64_t sector) {
  Bytes t(16, 0);
  for (int i = 0; i < 8; ++i) t[i] = static_cast<uint8_t>(sector >> (8 * i));
  return t;
}

template <class Tag, size_t kWays>
void CheckIeee1619() {
  int checked = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/ieee1619_xts.txt")) {
    SCOPED_TRACE("IEEE 1619 vector " + v.at("vector"));
    auto key = AesXtsKey::Create(FromHex(v.at("key")));
    ASSERT_TRUE(key.ok());
    const uint64_t sector = std::stoull(v.at("sector"), nullptr, 16);
    const Bytes pt = FromHex(v.at("pt")), ct = FromHex(v.at("ct"));
    Bytes out(pt.size());
    ASSERT_TRUE(
        (AesXtsEncryptSector<Tag, kWays>(*key, sector, pt, absl::MakeSpan(out)))
            .ok());
    EXPECT_EQ(ToHex(out), ToHex(ct));
    ASSERT_TRUE(
        (AesXtsDecryptSector<Tag, kWays>(*key, sector, ct, absl::MakeSpan(out)))
            .ok());
    EXPECT_EQ(ToHex(out), ToHex(pt));
    EXPECT_EQ(ToHex((Encrypt<Tag, kWays>(*key, SectorTweak(sector), pt))),
              ToHex(ct));
    ++checked;
  }
  EXPECT_EQ(checked, 6);
}

TYPED_TEST(XtsTest, Ieee1619) {
  CheckIeee1619<TypeParam, 1>();
  CheckIeee1619<TypeParam, DefaultAesWays<TypeParam>::kXts>();
}

// Wycheproof's IVs are 1..16 bytes: the low-order bytes of the tweak.
TYPED_TEST(XtsTest, Wycheproof) {
  int checked = 0, refused = 0;
  for (const auto& v :
       test::ReadVectors("tests/vectors/wycheproof_aes_xts_test.txt")) {
    SCOPED_TRACE("tcId " + v.at("tcId"));
    ASSERT_EQ(v.at("result"), "valid");
    auto key = AesXtsKey::Create(FromHex(v.at("key")));
    if (v.at("keySize") == "384") {  // XTS-AES-192 is not in IEEE 1619
      EXPECT_EQ(key.status().code(), absl::StatusCode::kInvalidArgument);
      ++refused;
      continue;
    }
    ASSERT_TRUE(key.ok());
    Bytes tweak = FromHex(v.at("iv"));
    tweak.resize(16, 0);
    const Bytes pt = FromHex(v.at("msg")), ct = FromHex(v.at("ct"));
    EXPECT_EQ(ToHex((Encrypt<TypeParam, DefaultAesWays<TypeParam>::kXts>(
                  *key, tweak, pt))),
              ToHex(ct));
    EXPECT_EQ(ToHex((Decrypt<TypeParam, DefaultAesWays<TypeParam>::kXts>(
                  *key, tweak, ct))),
              ToHex(pt));
    ++checked;
  }
  EXPECT_EQ(checked, 82);
  EXPECT_EQ(refused, 41);
}

template <class Tag, size_t kWays>
void CheckAgainstReference(uint64_t seed) {
  constexpr bool kScalar = std::is_same_v<Tag, isa::Scalar>;
  std::mt19937_64 rng(seed + kWays);
  std::vector<size_t> lengths;
  for (size_t len = 16; len <= 80; ++len) lengths.push_back(len);
  for (int c = 0; c < (kScalar ? 2 : 8); ++c) {
    lengths.push_back(16 + rng() % (kScalar ? 40 * 16 : 300 * 16));
  }
  for (size_t len : lengths) {
    const Bytes key = test::RandomBytes(rng, rng() % 2 ? 32 : 64);
    auto k = AesXtsKey::Create(key);
    ASSERT_TRUE(k.ok());
    const Bytes tweak = test::RandomBytes(rng, 16);
    const Bytes in = test::RandomBytes(rng, len);
    SCOPED_TRACE("len " + std::to_string(len) + " key " +
                 std::to_string(key.size()));
    for (bool encrypt : {true, false}) {
      const Bytes expected = Reference(encrypt, key, tweak, in);
      Bytes out = encrypt ? Encrypt<Tag, kWays>(*k, tweak, in)
                          : Decrypt<Tag, kWays>(*k, tweak, in);
      ASSERT_EQ(ToHex(out), ToHex(expected)) << (encrypt ? "enc" : "dec");
      out = in;  // in place
      ASSERT_TRUE(
          (encrypt
               ? AesXtsEncrypt<Tag, kWays>(*k, tweak, out, absl::MakeSpan(out))
               : AesXtsDecrypt<Tag, kWays>(*k, tweak, out, absl::MakeSpan(out)))
              .ok());
      ASSERT_EQ(ToHex(out), ToHex(expected)) << "in place";
    }
  }
}

template <class Tag, size_t kWays>
void CheckIfSwept(uint64_t seed) {
  if constexpr (test::kSweeps<Tag, kWays>) {
    CheckAgainstReference<Tag, kWays>(seed);
  }
}

template <class Tag, size_t... kWays>
void CheckWays(uint64_t seed) {
  (CheckIfSwept<Tag, kWays>(seed), ...);
}

TYPED_TEST(XtsTest, EveryWaysEqualsTheReference) {
  CheckWays<TypeParam, 1, 2, 3, 4, 5, 8, 12, 16>(11);
}

template <class Tag, size_t kWays>
void CheckOpenssl(uint64_t seed) {
  constexpr bool kScalar = std::is_same_v<Tag, isa::Scalar>;
  std::mt19937_64 rng(seed);
  for (int c = 0; c < (kScalar ? 8 : 60); ++c) {
    const Bytes key = test::RandomBytes(rng, rng() % 2 ? 32 : 64);
    auto k = AesXtsKey::Create(key);
    ASSERT_TRUE(k.ok());
    const Bytes tweak = test::RandomBytes(rng, 16);
    const Bytes in =
        test::RandomBytes(rng, 16 + rng() % (kScalar ? 512 : 4081));
    const EVP_CIPHER* cipher =
        key.size() == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts();
    SCOPED_TRACE("len " + std::to_string(in.size()));
    EXPECT_EQ(ToHex((Encrypt<Tag, kWays>(*k, tweak, in))),
              ToHex(test::OpensslCrypt(cipher, key, tweak, in, true)));
    EXPECT_EQ(ToHex((Decrypt<Tag, kWays>(*k, tweak, in))),
              ToHex(test::OpensslCrypt(cipher, key, tweak, in, false)));
  }
}

TYPED_TEST(XtsTest, MatchesOpenssl) {
  CheckOpenssl<TypeParam, DefaultAesWays<TypeParam>::kXts>(21);
  if constexpr (test::kSweeps<TypeParam, 8>) CheckOpenssl<TypeParam, 8>(22);
}

TEST(XtsKeyTest, RefusesBadKeys) {
  for (size_t n : {0, 16, 24, 31, 33, 48, 63, 65}) {
    auto k = AesXtsKey::Create(Bytes(n, 1));
    EXPECT_EQ(k.status().code(), absl::StatusCode::kInvalidArgument) << n;
    EXPECT_NE(k.status().message().find("32 bytes (AES-128) or 64 bytes"),
              std::string::npos);
  }
  for (size_t n : {32, 64}) {
    Bytes key(n, 0x5a);
    auto k = AesXtsKey::Create(key);
    EXPECT_EQ(k.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(k.status().message().find("key1 and key2 must differ"),
              std::string::npos);
    key[n - 1] ^= 1;  // differ in the last byte only: accepted
    EXPECT_TRUE(AesXtsKey::Create(key).ok());
  }
}

TEST(XtsInputTest, RefusesBadLengthsTweaksAndOverlap) {
  Bytes key(32);
  for (size_t i = 0; i < 32; ++i) key[i] = static_cast<uint8_t>(i);
  auto k = AesXtsKey::Create(key);
  ASSERT_TRUE(k.ok());
  const Bytes tweak(16, 7);
  for (size_t len : {0, 1, 15}) {
    Bytes in(len), out(len);
    auto s = AesXtsEncrypt(*k, tweak, in, absl::MakeSpan(out));
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("at least 16 bytes"), std::string::npos)
        << s.message();
    EXPECT_FALSE(AesXtsDecryptSector(*k, 0, in, absl::MakeSpan(out)).ok());
  }
  // Over 2^20 blocks: refused before a byte is touched.
  {
    const size_t len = 16 * (size_t{1} << 20) + 1;
    Bytes in(len), out(len);
    auto s = AesXtsEncrypt(*k, tweak, in, absl::MakeSpan(out));
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("at most 2^20 blocks"), std::string::npos);
    in.resize(16 * (size_t{1} << 20));
    out.resize(in.size());
    EXPECT_TRUE(AesXtsEncrypt(*k, tweak, in, absl::MakeSpan(out)).ok());
  }
  Bytes in(64), out(64);
  for (size_t n : {0, 8, 15, 17}) {
    auto s = AesXtsEncrypt(*k, Bytes(n), in, absl::MakeSpan(out));
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("tweak must be 16 bytes"), std::string::npos);
  }
  Bytes buf(80);
  auto s = AesXtsEncrypt(*k, tweak, absl::MakeConstSpan(buf).subspan(0, 64),
                         absl::MakeSpan(buf).subspan(8, 64));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("overlap"), std::string::npos);
  s = AesXtsEncrypt(*k, tweak, in, absl::MakeSpan(out).subspan(0, 63));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace braid
