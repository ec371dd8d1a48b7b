// Poly1305, ChaCha20-Poly1305 and XChaCha20-Poly1305: RFC 8439's Poly1305
// vectors (with its carry edge cases) and AEAD vectors, the XChaCha draft's
// HChaCha20 vector, all of Wycheproof's valid and invalid cases for both
// AEADs, Poly1305 fed in every split equal to one call, every ChaCha20
// configuration below equal to Scalar on random inputs (lengths across the
// 8 KiB chunks, in place and not), tampering with every bit, and the inputs
// they refuse. OpenSSL is compared in differential_test.
#include "braid/modes/chacha20_poly1305.h"

#include <algorithm>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "braid/chacha20_defaults.h"
#include "braid/poly1305.h"
#include "braid/status.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::FromHex;
using test::ToHex;

constexpr char kRfcVectors[] = "tests/vectors/rfc8439_poly1305_aead.txt";

Bytes Mac(const Bytes& key, const Bytes& msg) {
  Bytes tag(16);
  EXPECT_TRUE(Poly1305::Mac(key, msg, absl::MakeSpan(tag)).ok());
  return tag;
}

TEST(Poly1305Test, Rfc8439Vectors) {
  int cases = 0;
  for (const auto& v : test::ReadVectors(kRfcVectors)) {
    if (v.at("kind") != "poly1305") continue;
    SCOPED_TRACE(v.at("section"));
    EXPECT_EQ(ToHex(Mac(FromHex(v.at("key")), FromHex(v.at("msg")))),
              v.at("tag"));
    ++cases;
  }
  EXPECT_EQ(cases, 12);
}

TEST(Poly1305Test, EverySplitEqualsOneCall) {
  std::mt19937_64 rng(91);
  for (size_t len : {0, 1, 15, 16, 17, 31, 32, 33, 100}) {
    const Bytes key = test::RandomBytes(rng, 32),
                msg = test::RandomBytes(rng, len);
    const Bytes whole = Mac(key, msg);
    for (size_t a = 0; a <= len; ++a) {
      for (size_t b = a; b <= len; b += 7) {
        auto mac = Poly1305::Create(key);
        ASSERT_TRUE(mac.ok());
        const absl::Span<const uint8_t> m(msg);
        ASSERT_TRUE(mac->Update(m.first(a)).ok());
        ASSERT_TRUE(mac->Update(m.subspan(a, b - a)).ok());
        ASSERT_TRUE(mac->Update(m.subspan(b)).ok());
        Bytes tag(16);
        ASSERT_TRUE(mac->Finish(absl::MakeSpan(tag)).ok());
        ASSERT_EQ(tag, whole) << len << " split at " << a << ", " << b;
      }
    }
  }
}

// Accumulators at the final reduction's edges (p - 2 .. p + 3) and every
// clamped bit of r set, with the tags OpenSSL gives, through one call and
// through 5-byte updates.
TEST(Poly1305Test, ReductionEdges) {
  int cases = 0;
  for (const auto& v : test::ReadVectors(kRfcVectors)) {
    if (v.at("kind") != "poly1305-edge") continue;
    SCOPED_TRACE(v.at("section"));
    const Bytes key = FromHex(v.at("key")), msg = FromHex(v.at("msg"));
    EXPECT_EQ(ToHex(Mac(key, msg)), v.at("tag"));
    auto mac = Poly1305::Create(key);
    ASSERT_TRUE(mac.ok());
    for (size_t i = 0; i < msg.size(); i += 5) {
      ASSERT_TRUE(mac->Update(absl::MakeConstSpan(msg).subspan(
                                  i, std::min<size_t>(5, msg.size() - i)))
                      .ok());
    }
    Bytes tag(16);
    ASSERT_TRUE(mac->Finish(absl::MakeSpan(tag)).ok());
    EXPECT_EQ(ToHex(tag), v.at("tag"));
    ++cases;
  }
  EXPECT_EQ(cases, 14);
}

// The vector path (NEON tags, runs of 8 blocks or more) against the
// general-purpose one: random keys and messages, runs entered with an
// accumulator already holding blocks, and the all-ones key and message
// (every limb at its largest).
TEST(Poly1305Test, VectorPathEqualsScalar) {
  if constexpr (!isa::kEnabled<isa::Neon>) {
    GTEST_SKIP() << "no NEON in this build: the vector path is not compiled";
  } else {
    std::mt19937_64 rng(97);
    int runs = 0;
    for (size_t blocks = 0; blocks <= 90; ++blocks) {
      for (int c = 0; c < 3; ++c) {
        Bytes key = test::RandomBytes(rng, 32);
        Bytes msg = test::RandomBytes(rng, 16 * blocks + 16);
        if (c == 2) {
          key.assign(32, 0xff);
          msg.assign(msg.size(), 0xff);
        }
        const size_t lead = c == 0 ? 0 : 1 + rng() % 3;
        poly1305_internal::State vector, scalar;
        poly1305_internal::Init(vector, key.data());
        poly1305_internal::Init(scalar, key.data());
        // `lead` blocks first, so the run starts from a non-zero h.
        poly1305_internal::ScalarBlocks(vector, msg.data(), lead);
        poly1305_internal::Blocks(isa::Neon{}, vector, msg.data() + 16 * lead,
                                  blocks);
        poly1305_internal::ScalarBlocks(scalar, msg.data(), lead + blocks);
        uint8_t a[16], b[16];
        poly1305_internal::Finish(vector, a);
        poly1305_internal::Finish(scalar, b);
        ASSERT_EQ(ToHex(Bytes(a, a + 16)), ToHex(Bytes(b, b + 16)))
            << blocks << " blocks after " << lead << ", case " << c;
        ++runs;
      }
    }
    EXPECT_EQ(runs, 91 * 3);
  }
}

#if defined(__ARM_NEON)
// SplitBlocks in each shape (vector chains, serial blocks a step), at and
// around its shortest run, from a non-zero h, random and all-ones (limbs at
// their largest): the blocks it takes, then the tag.
template <size_t kChains, size_t kScalar>
void ExpectSplitEqualsScalar(std::mt19937_64& rng) {
  constexpr size_t kStep = 4 * kChains + kScalar;
  for (size_t blocks : {2 * kStep - 1, 2 * kStep, 2 * kStep + 1, 3 * kStep - 1,
                        size_t{256}, size_t{263}, size_t{1029}}) {
    for (int c = 0; c < 2; ++c) {
      Bytes key = test::RandomBytes(rng, 32);
      Bytes msg = test::RandomBytes(rng, 16 * (blocks + 3));
      if (c == 1) {
        key.assign(32, 0xff);
        msg.assign(msg.size(), 0xff);
      }
      poly1305_internal::State split, scalar;
      poly1305_internal::Init(split, key.data());
      poly1305_internal::Init(scalar, key.data());
      poly1305_internal::ScalarBlocks(split, msg.data(), 3);
      const size_t taken = poly1305_internal::SplitBlocks<kChains, kScalar>(
          split, msg.data() + 48, blocks);
      EXPECT_EQ(taken, blocks / kStep >= 2 ? blocks / kStep * kStep : 0)
          << blocks << " blocks";
      poly1305_internal::ScalarBlocks(split, msg.data() + 16 * (3 + taken),
                                      blocks - taken);
      poly1305_internal::ScalarBlocks(scalar, msg.data(), 3 + blocks);
      uint8_t a[16], b[16];
      poly1305_internal::Finish(split, a);
      poly1305_internal::Finish(scalar, b);
      ASSERT_EQ(ToHex(Bytes(a, a + 16)), ToHex(Bytes(b, b + 16)))
          << kChains << " chains, " << kScalar << " serial blocks a step, "
          << blocks << " blocks, case " << c;
    }
  }
}
#endif  // __ARM_NEON

TEST(Poly1305Test, SplitRunsEqualScalar) {
#if defined(__ARM_NEON)
  std::mt19937_64 rng(98);
  ExpectSplitEqualsScalar<1, 1>(rng);
  ExpectSplitEqualsScalar<1, 2>(rng);  // the NEON tags' shape
  ExpectSplitEqualsScalar<2, 3>(rng);
  ExpectSplitEqualsScalar<2, 4>(rng);  // the SVE tags' shape
#else
  GTEST_SKIP() << "no NEON in this build: the split path is not compiled";
#endif
}

// One state through a short vector run (r .. r^4), a split one (under an
// SVE tag two chains: r^5 .. r^8 added to the powers already there), then a
// short one again, under the build's own tag.
TEST(Poly1305Test, VectorRunsOfEveryLengthInOneState) {
  if constexpr (!isa::Traits<isa::Native>::kNeon) {
    GTEST_SKIP() << "no NEON in this build: the vector path is not compiled";
  } else {
    constexpr size_t kLong = poly1305_internal::kSplitBlocks;
    std::mt19937_64 rng(99);
    for (size_t first : {8, 12, 15}) {
      for (size_t second : {kLong - 1, kLong, kLong + 7, kLong + 13}) {
        const Bytes key = test::RandomBytes(rng, 32);
        const Bytes msg = test::RandomBytes(rng, 16 * (2 * first + second));
        poly1305_internal::State vector, scalar;
        poly1305_internal::Init(vector, key.data());
        poly1305_internal::Init(scalar, key.data());
        const uint8_t* p = msg.data();
        for (size_t run : {first, second, first}) {
          poly1305_internal::Blocks(isa::Native{}, vector, p, run);
          p += 16 * run;
        }
        // Which paths ran: two chains compute r^5 .. r^8.
        EXPECT_EQ(vector.powers26_count,
                  isa::Traits<isa::Native>::kSve && second >= kLong ? 8u : 4u);
        poly1305_internal::ScalarBlocks(scalar, msg.data(), 2 * first + second);
        uint8_t a[16], b[16];
        poly1305_internal::Finish(vector, a);
        poly1305_internal::Finish(scalar, b);
        ASSERT_EQ(ToHex(Bytes(a, a + 16)), ToHex(Bytes(b, b + 16)))
            << first << ", " << second << ", " << first << " blocks";
      }
    }
  }
}

TEST(Poly1305Test, RefusesBadArguments) {
  for (size_t n : {0, 16, 31, 33}) {
    auto s = Poly1305::Create(Bytes(n)).status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("key must be 32 bytes"), std::string::npos);
  }
  auto mac = Poly1305::Create(Bytes(32, 1));
  ASSERT_TRUE(mac.ok());
  Bytes tag(16);
  EXPECT_FALSE(mac->Finish(absl::MakeSpan(tag).first(15)).ok());
  ASSERT_TRUE(mac->Finish(absl::MakeSpan(tag)).ok());
  EXPECT_EQ(mac->Update(Bytes(3)).code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(mac->Finish(absl::MakeSpan(tag)).code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(HChaCha20Test, DraftVector) {
  int cases = 0;
  for (const auto& v : test::ReadVectors(kRfcVectors)) {
    if (v.at("kind") != "hchacha20") continue;
    uint8_t subkey[32];
    chacha20_poly1305_internal::HChaCha20(
        FromHex(v.at("key")).data(), FromHex(v.at("nonce")).data(), subkey);
    EXPECT_EQ(ToHex(Bytes(subkey, subkey + 32)), v.at("subkey"));
    ++cases;
  }
  EXPECT_EQ(cases, 1);
}

// The AEADs under one ChaCha20 configuration.
template <class Isa, size_t kVector, size_t kScalar>
struct Config {
  using Ietf = ChaCha20Poly1305<Isa, kVector, kScalar>;
  using X = XChaCha20Poly1305<Isa, kVector, kScalar>;
  static std::string Name() {
    return std::string(isa::kName<Isa>) + "_" + std::to_string(kVector) + "_" +
           std::to_string(kScalar);
  }
};
template <class Isa>
using DefaultConfig = Config<Isa, ChaCha20Poly1305Defaults<Isa>::kVectorBlocks,
                             ChaCha20Poly1305Defaults<Isa>::kScalarBlocks>;

// Each tag's default, and batches of one vector block or group (the chunk
// and tail arithmetic at their smallest; the modes fuzzer also sets three
// scalar blocks against one). The ChaCha20 kernels themselves are checked in
// every configuration by chacha20_configs_test.
template <class Out, class... Cs>
struct Enabled {
  using type = Out;
};
template <class... Os, class Isa, size_t kV, size_t kS, class... Cs>
struct Enabled<::testing::Types<Os...>, Config<Isa, kV, kS>, Cs...> {
  using type = typename Enabled<
      std::conditional_t<isa::kEnabled<Isa>,
                         ::testing::Types<Os..., Config<Isa, kV, kS>>,
                         ::testing::Types<Os...>>,
      Cs...>::type;
};
using Configs =
    typename Enabled<::testing::Types<>, DefaultConfig<isa::Scalar>,
                     DefaultConfig<isa::Neon>, Config<isa::Neon, 1, 0>,
                     Config<isa::Neon, 4, 2>, Config<isa::Neon, 8, 1>,
                     DefaultConfig<isa::Sve>, DefaultConfig<isa::Sve2>,
                     Config<isa::Sve2, 1, 0>>::type;

struct ConfigName {
  template <class C>
  static std::string GetName(int) {
    return C::Name();
  }
};

template <class C>
class ChaCha20Poly1305Test : public ::testing::Test {};
TYPED_TEST_SUITE(ChaCha20Poly1305Test, Configs, ConfigName);

template <class Aead>
Bytes Seal(const Aead& aead, const Bytes& nonce, const Bytes& aad,
           const Bytes& pt) {
  Bytes out(pt.size() + 16);
  EXPECT_TRUE(aead.Seal(nonce, aad, pt, absl::MakeSpan(out)).ok());
  return out;
}

TYPED_TEST(ChaCha20Poly1305Test, Rfc8439Vectors) {
  int cases = 0;
  for (const auto& v : test::ReadVectors(kRfcVectors)) {
    if (v.at("kind") != "aead") continue;
    SCOPED_TRACE(v.at("section"));
    auto aead = TypeParam::Ietf::Create(FromHex(v.at("key")));
    ASSERT_TRUE(aead.ok());
    const Bytes nonce = FromHex(v.at("nonce")), aad = FromHex(v.at("aad"));
    const Bytes pt = FromHex(v.at("msg"));
    const Bytes sealed = FromHex(v.at("ct") + v.at("tag"));
    EXPECT_EQ(ToHex(Seal(*aead, nonce, aad, pt)), ToHex(sealed));
    Bytes out(pt.size());
    EXPECT_TRUE(aead->Open(nonce, aad, sealed, absl::MakeSpan(out)).ok());
    EXPECT_EQ(ToHex(out), ToHex(pt));
    ++cases;
  }
  EXPECT_EQ(cases, 2);
}

// Every valid vector seals to its ciphertext and tag and opens; every
// modified tag is refused with the authentication status and a zeroed
// output; every nonce of the wrong size is refused as an argument.
template <class Aead>
void CheckWycheproof(const std::string& path, int expect_valid,
                     int expect_forged, int expect_bad_nonce) {
  int valid = 0, forged = 0, bad_nonce = 0;
  for (const auto& v : test::ReadVectors(path)) {
    SCOPED_TRACE("tcId " + v.at("tcId"));
    auto aead = Aead::Create(FromHex(v.at("key")));
    ASSERT_TRUE(aead.ok());
    const Bytes nonce = FromHex(v.at("iv")), aad = FromHex(v.at("aad"));
    const Bytes pt = FromHex(v.at("msg"));
    const Bytes sealed = FromHex(v.at("ct") + v.at("tag"));
    Bytes out(pt.size(), 0xaa);
    const absl::Status opened =
        aead->Open(nonce, aad, sealed, absl::MakeSpan(out));
    if (v.at("result") == "valid") {
      EXPECT_EQ(ToHex(Seal(*aead, nonce, aad, pt)), ToHex(sealed));
      EXPECT_TRUE(opened.ok()) << opened;
      EXPECT_EQ(out, pt);
      ++valid;
    } else if (v.at("flags") == "InvalidNonceSize") {
      EXPECT_EQ(opened.code(), absl::StatusCode::kInvalidArgument) << opened;
      EXPECT_FALSE(IsAuthenticationFailure(opened));
      ++bad_nonce;
    } else {
      EXPECT_TRUE(IsAuthenticationFailure(opened)) << opened;
      EXPECT_EQ(out, Bytes(pt.size(), 0));
      ++forged;
    }
  }
  EXPECT_EQ(valid, expect_valid);
  EXPECT_EQ(forged, expect_forged);
  EXPECT_EQ(bad_nonce, expect_bad_nonce);
}

TYPED_TEST(ChaCha20Poly1305Test, Wycheproof) {
  CheckWycheproof<typename TypeParam::Ietf>(
      "tests/vectors/wycheproof_chacha20_poly1305_test.txt", 256, 60, 9);
  CheckWycheproof<typename TypeParam::X>(
      "tests/vectors/wycheproof_xchacha20_poly1305_test.txt", 246, 60, 9);
}

template <class Aead, class Reference>
void CheckAgainst(std::mt19937_64& rng, size_t nonce_bytes) {
  for (int c = 0; c < 12; ++c) {
    const Bytes key = test::RandomBytes(rng, 32);
    auto aead = Aead::Create(key);
    auto reference = Reference::Create(key);
    ASSERT_TRUE(aead.ok() && reference.ok());
    const Bytes nonce = test::RandomBytes(rng, nonce_bytes);
    const Bytes aad = test::RandomBytes(rng, rng() % 300);
    // Across the 8 KiB chunks as well as short ones.
    const size_t len = c % 3 == 0 ? rng() % 200 : rng() % 20000;
    const Bytes pt = test::RandomBytes(rng, len);
    SCOPED_TRACE("pt " + std::to_string(len) + " aad " +
                 std::to_string(aad.size()));
    const Bytes sealed = Seal(*reference, nonce, aad, pt);
    ASSERT_EQ(ToHex(Seal(*aead, nonce, aad, pt)), ToHex(sealed));
    Bytes buf = sealed;  // in place
    ASSERT_TRUE(aead->Open(nonce, aad, buf, absl::MakeSpan(buf)).ok());
    ASSERT_EQ(Bytes(buf.begin(), buf.begin() + len), pt);
    buf = pt;
    buf.resize(len + 16);
    ASSERT_TRUE(aead->Seal(nonce, aad, absl::MakeConstSpan(buf).first(len),
                           absl::MakeSpan(buf))
                    .ok());
    ASSERT_EQ(buf, sealed);
  }
}

TYPED_TEST(ChaCha20Poly1305Test, EqualsScalar) {
  std::mt19937_64 rng(93);
  CheckAgainst<typename TypeParam::Ietf, ChaCha20Poly1305<isa::Scalar, 0, 1>>(
      rng, 12);
  CheckAgainst<typename TypeParam::X, XChaCha20Poly1305<isa::Scalar, 0, 1>>(rng,
                                                                            24);
}

TYPED_TEST(ChaCha20Poly1305Test, InPiecesEqualsWhole) {
  std::mt19937_64 rng(94);
  auto ietf = TypeParam::Ietf::Create(test::RandomBytes(rng, 32));
  auto x = TypeParam::X::Create(test::RandomBytes(rng, 32));
  ASSERT_TRUE(ietf.ok() && x.ok());
  test::CheckPieces(*ietf, rng, 12);
  test::CheckPieces(*x, rng, 24);
}

TEST(ChaCha20Poly1305InputTest, PiecesRefuseMisuse) {
  auto aead = ChaCha20Poly1305<>::Create(Bytes(32, 9));
  ASSERT_TRUE(aead.ok());
  const Bytes nonce(12, 2), aad(5);
  EXPECT_NE(aead->BeginSeal(Bytes(11), aad)
                .status()
                .message()
                .find("nonce must be 12 bytes"),
            std::string::npos);
  EXPECT_NE(XChaCha20Poly1305<>::Create(Bytes(32))
                ->BeginOpen(nonce, aad)
                .status()
                .message()
                .find("nonce must be 24 bytes"),
            std::string::npos);
  auto sealer = aead->BeginSeal(nonce, aad);
  ASSERT_TRUE(sealer.ok());
  Bytes buf(200), tag(16);
  // Past the 32-bit block counter: refused from the length alone.
  const uint8_t byte = 0;
  const size_t too_long = ChaCha20Poly1305<>::kMaxPlaintextBytes + 1;
  auto s = sealer->Update(absl::Span<const uint8_t>(&byte, too_long),
                          absl::Span<uint8_t>(&buf[0], too_long));
  EXPECT_NE(s.message().find("over the 64 * (2^32 - 1)-byte limit"),
            std::string::npos)
      << s;
  EXPECT_EQ(sealer->Update(buf, absl::MakeSpan(buf).first(199)).code(),
            absl::StatusCode::kInvalidArgument);
  const Bytes zeros(138);
  ASSERT_TRUE(sealer
                  ->Update(absl::MakeConstSpan(zeros).first(128),
                           absl::MakeSpan(buf).first(128))
                  .ok());
  ASSERT_TRUE(sealer
                  ->Update(absl::MakeConstSpan(zeros).subspan(128),
                           absl::MakeSpan(buf).first(10))
                  .ok());
  s = sealer->Update(absl::MakeConstSpan(buf).first(64),
                     absl::MakeSpan(buf).first(64));
  EXPECT_NE(s.message().find("only the last piece"), std::string::npos) << s;
  EXPECT_NE(sealer->Finish(absl::MakeSpan(tag).first(15))
                .message()
                .find("tag must be 16 bytes"),
            std::string::npos);
  ASSERT_TRUE(sealer->Finish(absl::MakeSpan(tag)).ok());
  EXPECT_EQ(sealer->Finish(absl::MakeSpan(tag)).code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(sealer->Update(buf, absl::MakeSpan(buf)).code(),
            absl::StatusCode::kFailedPrecondition);
  // The pieces sealed what Seal seals.
  Bytes whole(138 + 16);
  ASSERT_TRUE(aead->Seal(nonce, aad, zeros, absl::MakeSpan(whole)).ok());
  EXPECT_EQ(Bytes(whole.end() - 16, whole.end()), tag);
}

template <class Aead>
void CheckTampering(size_t nonce_bytes) {
  std::mt19937_64 rng(95);
  auto aead = Aead::Create(test::RandomBytes(rng, 32));
  ASSERT_TRUE(aead.ok());
  const Bytes nonce = test::RandomBytes(rng, nonce_bytes);
  const Bytes aad = test::RandomBytes(rng, 11);
  const Bytes pt = test::RandomBytes(rng, 37);
  const Bytes sealed = Seal(*aead, nonce, aad, pt);
  int failures = 0, tries = 0;
  auto attempt = [&](const Bytes& n, const Bytes& a, const Bytes& s) {
    Bytes out(pt.size(), 0xaa);
    auto st = aead->Open(n, a, s, absl::MakeSpan(out));
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
  EXPECT_EQ(tries, static_cast<int>(8 * (nonce_bytes + 11 + 37 + 16)));
}

TYPED_TEST(ChaCha20Poly1305Test, TamperingFails) {
  CheckTampering<typename TypeParam::Ietf>(12);
  CheckTampering<typename TypeParam::X>(24);
}

TEST(ChaCha20Poly1305InputTest, RefusesBadArguments) {
  for (size_t n : {0, 16, 31, 33}) {
    auto s = ChaCha20Poly1305<>::Create(Bytes(n)).status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("ChaCha20-Poly1305: key must be 32 bytes"),
              std::string::npos)
        << s;
    s = XChaCha20Poly1305<>::Create(Bytes(n)).status();
    EXPECT_NE(s.message().find("XChaCha20-Poly1305: key must be 32 bytes"),
              std::string::npos)
        << s;
  }
  auto aead = ChaCha20Poly1305<>::Create(Bytes(32, 9));
  auto xaead = XChaCha20Poly1305<>::Create(Bytes(32, 9));
  ASSERT_TRUE(aead.ok() && xaead.ok());
  const Bytes pt(20), aad(5), nonce(12, 2);
  Bytes out(36);
  for (size_t n : {0, 8, 11, 13, 24}) {
    auto s = aead->Seal(Bytes(n), aad, pt, absl::MakeSpan(out));
    EXPECT_NE(s.message().find("nonce must be 12 bytes"), std::string::npos)
        << s;
    EXPECT_FALSE(IsAuthenticationFailure(s));
  }
  for (size_t n : {0, 12, 23, 25}) {
    auto s = xaead->Open(Bytes(n), aad, out, absl::MakeSpan(out));
    EXPECT_NE(s.message().find("nonce must be 24 bytes"), std::string::npos)
        << s;
  }
  auto s = aead->Seal(nonce, aad, pt, absl::MakeSpan(out).first(35));
  EXPECT_NE(s.message().find("cannot hold"), std::string::npos) << s;
  s = aead->Open(nonce, aad, Bytes(15), absl::MakeSpan(out));
  EXPECT_NE(s.message().find("shorter than the 16-byte tag"),
            std::string::npos);
  for (size_t t : {0, 12, 15, 17}) {
    Bytes ct(pt.size()), tag(t);
    s = aead->SealDetached(nonce, aad, pt, absl::MakeSpan(ct),
                           absl::MakeSpan(tag));
    EXPECT_NE(s.message().find("tag must be 16 bytes"), std::string::npos) << s;
    s = aead->OpenDetached(nonce, aad, ct, tag, absl::MakeSpan(ct));
    EXPECT_NE(s.message().find("tag must be 16 bytes"), std::string::npos) << s;
  }
  // Past the 32-bit block counter: refused from the length alone.
  const uint8_t byte = 0;
  const size_t too_long = ChaCha20Poly1305<>::kMaxPlaintextBytes + 1;
  s = aead->Seal(nonce, aad, absl::Span<const uint8_t>(&byte, too_long),
                 absl::Span<uint8_t>(&out[0], too_long + 16));
  EXPECT_NE(s.message().find("over the 64 * (2^32 - 1)-byte limit"),
            std::string::npos)
      << s;
  s = aead->Seal(nonce, absl::Span<const uint8_t>(nullptr, 3), pt,
                 absl::MakeSpan(out));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  Bytes buf(60);
  s = aead->Seal(nonce, aad, absl::MakeConstSpan(buf).first(20),
                 absl::MakeSpan(buf).subspan(1));
  EXPECT_NE(s.message().find("overlap"), std::string::npos) << s;
}

}  // namespace
}  // namespace braid
