// Seeded differential test against OpenSSL's libcrypto: every mode and key
// size on generated cases — lengths 0..8192, input and output misaligned by
// 0..15 bytes, in place and out of place, streams cut into random-sized
// calls — for every AES tag the build enables at its default kWays, and the
// default ChaCha20 configuration (with ChaCha20-Poly1305 and
// XChaCha20-Poly1305, and Poly1305 against EVP_MAC). GCM-SIV, which OpenSSL 3.0
// lacks, is compared with a textbook RFC 8452 built on OpenSSL's AES.
//
// BRAID_DIFF_CASES sets the cases per test (default: the short CI slice) and
// BRAID_DIFF_SEED the sequence; tools/differential runs the long version.
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "braid/chacha20.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/chacha20_poly1305.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/poly1305.h"
#include "gtest/gtest.h"
#include "tests/aead_instances.h"
#include "tests/openssl_util.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;

uint64_t EnvOr(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::strtoull(v, nullptr, 10) : fallback;
}

const uint64_t kCases = EnvOr("BRAID_DIFF_CASES", 48);
const uint64_t kSeed = EnvOr("BRAID_DIFF_SEED", 20261201);

// One generated case: where the buffers sit and how a stream is cut.
struct Layout {
  size_t len = 0;
  size_t in_offset = 0;  // input starts this many bytes past a 16-byte boundary
  size_t out_offset = 0;  // likewise the output
  bool in_place = false;
  std::vector<size_t> cuts;  // call lengths; the rest goes in a last call

  std::string Describe() const {
    return "len " + std::to_string(len) + " in+" + std::to_string(in_offset) +
           " out+" + std::to_string(out_offset) +
           (in_place ? " in place" : "") + " calls " +
           std::to_string(cuts.size() + 1);
  }
};

// Lengths: a quarter uniform over 0..8192, the rest log-uniform, so short
// messages and tails (where the kernels branch) come up often.
size_t DrawLength(std::mt19937_64& rng) {
  if (rng() % 4 == 0) return rng() % 8193;
  const int bits = static_cast<int>(rng() % 14);  // 2^13 = 8192
  return rng() % ((size_t{1} << bits) + 1);
}

Layout DrawLayout(std::mt19937_64& rng, size_t len, size_t cut_unit) {
  Layout l;
  l.len = len;
  l.in_offset = rng() % 16;
  l.out_offset = rng() % 16;
  l.in_place = rng() % 3 == 0;
  if (cut_unit != 0 && rng() % 2 == 0) {
    size_t at = 0;
    while (at < len && l.cuts.size() < 6) {
      size_t c = rng() % (len - at + 1);
      c -= c % cut_unit;
      l.cuts.push_back(c);
      at += c;
    }
  }
  return l;
}

// Input and output placed as a Layout says, with room for a 16-byte tag.
class Placed {
 public:
  Placed(const Layout& l, const Bytes& in)
      : layout_(l), in_buf_(l.len + 32), out_buf_(l.len + 48) {
    if (!in.empty()) std::memcpy(in_ptr(), in.data(), in.size());
  }
  uint8_t* in_ptr() { return in_buf_.data() + layout_.in_offset; }
  uint8_t* out_ptr() {
    return layout_.in_place ? in_ptr() : out_buf_.data() + layout_.out_offset;
  }
  absl::Span<const uint8_t> in(size_t n) { return {in_ptr(), n}; }
  absl::Span<uint8_t> out(size_t n) { return {out_ptr(), n}; }
  Bytes Result(size_t n) { return Bytes(out_ptr(), out_ptr() + n); }

  // Runs step(in piece, out piece) over the layout's cuts.
  template <class Step>
  absl::Status Stream(Step&& step) {
    size_t at = 0;
    for (size_t cut : layout_.cuts) {
      cut = std::min(cut, layout_.len - at);
      if (absl::Status s = step(absl::MakeConstSpan(in_ptr() + at, cut),
                                absl::MakeSpan(out_ptr() + at, cut));
          !s.ok()) {
        return s;
      }
      at += cut;
    }
    return step(absl::MakeConstSpan(in_ptr() + at, layout_.len - at),
                absl::MakeSpan(out_ptr() + at, layout_.len - at));
  }

 private:
  Layout layout_;
  Bytes in_buf_, out_buf_;
};

const EVP_CIPHER* OpensslAes(const char* mode, size_t key_bytes) {
  const std::string name =
      "aes-" + std::to_string(8 * key_bytes) + "-" + std::string(mode);
  return EVP_get_cipherbyname(name.c_str());
}

// The seed for one (test, tag): independent sequences, reproducible.
uint64_t SeedFor(const std::string& test, const std::string& tag) {
  uint64_t h = kSeed;
  for (char c : test + "/" + tag)
    h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3;
  return h;
}

// Runs `cases` cases of `check(rng, case_index)`, stopping at the first
// failure, and says how many ran and with which seed.
template <class Check>
void RunCases(const std::string& test, const std::string& tag, Check&& check) {
  const uint64_t seed = SeedFor(test, tag);
  std::mt19937_64 rng(seed);
  uint64_t done = 0;
  for (; done < kCases; ++done) {
    SCOPED_TRACE(test + " " + tag + " case " + std::to_string(done) +
                 " (BRAID_DIFF_SEED=" + std::to_string(kSeed) + ")");
    check(rng);
    if (::testing::Test::HasFailure()) break;
  }
  std::printf("differential %s %s: %llu cases, seed 0x%016llx\n", test.c_str(),
              tag.c_str(), static_cast<unsigned long long>(done),
              static_cast<unsigned long long>(seed));
}

size_t DrawAesKeyBytes(std::mt19937_64& rng) { return 16 + 8 * (rng() % 3); }

template <class Tag>
class DifferentialTest : public ::testing::Test {};
TYPED_TEST_SUITE(DifferentialTest, test::AesTags, test::TagName);

// ECB, CBC, CFB and CTR: braid against EVP in both directions on the same
// random input (decrypting random bytes is as good a check as any).
template <class Tag, class Run>
void CheckAgainstEvp(std::mt19937_64& rng, const char* evp_mode,
                     bool whole_blocks, size_t cut_unit, Run&& run) {
  const size_t key_bytes = DrawAesKeyBytes(rng);
  const Bytes key = test::RandomBytes(rng, key_bytes);
  const Bytes iv = test::RandomBytes(rng, 16);
  size_t len = DrawLength(rng);
  if (whole_blocks) len -= len % 16;
  const Bytes in = test::RandomBytes(rng, len);
  const Layout layout = DrawLayout(rng, len, cut_unit);
  auto aes = AesKey::Create(key);
  ASSERT_TRUE(aes.ok());
  for (bool encrypt : {true, false}) {
    SCOPED_TRACE(std::string(encrypt ? "encrypt" : "decrypt") + " AES-" +
                 std::to_string(8 * key_bytes) + " " + layout.Describe());
    Placed placed(layout, in);
    ASSERT_TRUE(run(*aes, iv, encrypt, placed).ok());
    const bool no_iv = std::strcmp(evp_mode, "ecb") == 0;
    ASSERT_EQ(
        test::ToHex(placed.Result(len)),
        test::ToHex(test::OpensslCrypt(OpensslAes(evp_mode, key_bytes), key,
                                       no_iv ? Bytes() : iv, in, encrypt)));
  }
}

TYPED_TEST(DifferentialTest, Ecb) {
  RunCases("ecb", std::string(isa::kName<TypeParam>), [](std::mt19937_64& rng) {
    CheckAgainstEvp<TypeParam>(
        rng, "ecb", true, 16,
        [](const AesKey& k, const Bytes&, bool encrypt, Placed& p) {
          return p.Stream([&](auto in, auto out) {
            return encrypt ? AesEcbEncrypt<TypeParam>(k, in, out)
                           : AesEcbDecrypt<TypeParam>(k, in, out);
          });
        });
  });
}

// CBC and CFB: a chaining mode created from a key and an IV, streamed both
// ways.
template <class Mode>
absl::Status RunChained(const AesKey& k, const Bytes& iv, bool encrypt,
                        Placed& p) {
  auto c = Mode::Create(k, iv);
  if (!c.ok()) return c.status();
  return p.Stream([&](auto in, auto out) {
    return encrypt ? c->Encrypt(in, out) : c->Decrypt(in, out);
  });
}

TYPED_TEST(DifferentialTest, Cbc) {
  RunCases("cbc", std::string(isa::kName<TypeParam>), [](std::mt19937_64& rng) {
    CheckAgainstEvp<TypeParam>(rng, "cbc", true, 16,
                               RunChained<AesCbc<TypeParam>>);
  });
}

TYPED_TEST(DifferentialTest, Cfb) {
  RunCases("cfb", std::string(isa::kName<TypeParam>), [](std::mt19937_64& rng) {
    CheckAgainstEvp<TypeParam>(rng, "cfb", false, 1,
                               RunChained<AesCfb<TypeParam>>);
  });
}

TYPED_TEST(DifferentialTest, Ctr) {
  RunCases("ctr", std::string(isa::kName<TypeParam>), [](std::mt19937_64& rng) {
    CheckAgainstEvp<TypeParam>(
        rng, "ctr", false, 1,
        [](const AesKey& k, const Bytes& iv, bool, Placed& p) {
          auto c = AesCtr<TypeParam>::Create(k, iv);
          if (!c.ok()) return c.status();
          return p.Stream([&](auto in, auto out) { return c->Crypt(in, out); });
        });
  });
}

// Encrypts whole blocks with OpenSSL's AES (ECB).
Bytes OpensslAesBlocks(const Bytes& key, const Bytes& blocks) {
  return test::OpensslCrypt(OpensslAes("ecb", key.size()), key, Bytes(), blocks,
                            /*encrypt=*/true);
}

// CTR32LE (GCM-SIV's counter, no EVP cipher): the counter blocks built here
// and enciphered by OpenSSL's AES.
Bytes OpensslCtr32Le(const Bytes& key, const Bytes& iv, const Bytes& in) {
  const size_t blocks = (in.size() + 15) / 16;
  Bytes counters(16 * blocks);
  uint32_t ctr = static_cast<uint32_t>(iv[0]) | iv[1] << 8 | iv[2] << 16 |
                 static_cast<uint32_t>(iv[3]) << 24;
  for (size_t b = 0; b < blocks; ++b, ++ctr) {
    uint8_t* c = &counters[16 * b];
    std::memcpy(c, iv.data(), 16);
    for (int i = 0; i < 4; ++i) c[i] = static_cast<uint8_t>(ctr >> (8 * i));
  }
  Bytes out = OpensslAesBlocks(key, counters);
  out.resize(in.size());
  for (size_t i = 0; i < in.size(); ++i) out[i] ^= in[i];
  return out;
}

TYPED_TEST(DifferentialTest, Ctr32Le) {
  RunCases("ctr32le", std::string(isa::kName<TypeParam>),
           [](std::mt19937_64& rng) {
             const Bytes key = test::RandomBytes(rng, DrawAesKeyBytes(rng));
             Bytes iv = test::RandomBytes(rng, 16);
             if (rng() % 4 == 0) std::memset(iv.data(), 0xff, 3);  // wraps soon
             const size_t len = DrawLength(rng);
             const Bytes in = test::RandomBytes(rng, len);
             const Layout layout = DrawLayout(rng, len, 1);
             SCOPED_TRACE("AES-" + std::to_string(8 * key.size()) + " " +
                          layout.Describe());
             auto aes = AesKey::Create(key);
             ASSERT_TRUE(aes.ok());
             auto c = AesCtr32Le<TypeParam>::Create(*aes, iv);
             ASSERT_TRUE(c.ok());
             Placed p(layout, in);
             ASSERT_TRUE(
                 p.Stream([&](auto i, auto o) { return c->Crypt(i, o); }).ok());
             ASSERT_EQ(test::ToHex(p.Result(len)),
                       test::ToHex(OpensslCtr32Le(key, iv, in)));
           });
}

TYPED_TEST(DifferentialTest, Xts) {
  RunCases("xts", std::string(isa::kName<TypeParam>), [](std::mt19937_64& rng) {
    const size_t half = rng() % 2 == 0 ? 16 : 32;
    const Bytes key = test::RandomBytes(rng, 2 * half);
    const Bytes tweak = test::RandomBytes(rng, 16);
    const size_t len = std::max<size_t>(16, DrawLength(rng));
    const Bytes in = test::RandomBytes(rng, len);
    const Layout layout = DrawLayout(rng, len, 0);
    auto xts_key = AesXtsKey::Create(key);
    ASSERT_TRUE(xts_key.ok());
    const EVP_CIPHER* evp = half == 16 ? EVP_aes_128_xts() : EVP_aes_256_xts();
    for (bool encrypt : {true, false}) {
      SCOPED_TRACE(std::string(encrypt ? "encrypt" : "decrypt") + " AES-" +
                   std::to_string(8 * half) + " " + layout.Describe());
      Placed p(layout, in);
      ASSERT_TRUE((encrypt ? AesXtsEncrypt<TypeParam>(*xts_key, tweak,
                                                      p.in(len), p.out(len))
                           : AesXtsDecrypt<TypeParam>(*xts_key, tweak,
                                                      p.in(len), p.out(len)))
                      .ok());
      ASSERT_EQ(test::ToHex(p.Result(len)),
                test::ToHex(test::OpensslCrypt(evp, key, tweak, in, encrypt)));
    }
  });
}

TYPED_TEST(DifferentialTest, Ocb) {
  RunCases("ocb", std::string(isa::kName<TypeParam>), [](std::mt19937_64& rng) {
    const Bytes key = test::RandomBytes(rng, DrawAesKeyBytes(rng));
    const Bytes nonce = test::RandomBytes(rng, 1 + rng() % 15);
    const size_t tag_bytes = 8 + rng() % 9;
    const Bytes aad = test::RandomBytes(rng, DrawLength(rng) / 4);
    const size_t len = DrawLength(rng);
    const Bytes pt = test::RandomBytes(rng, len);
    const Layout layout = DrawLayout(rng, len, 0);
    SCOPED_TRACE("AES-" + std::to_string(8 * key.size()) + " nonce " +
                 std::to_string(nonce.size()) + " tag " +
                 std::to_string(tag_bytes) + " aad " +
                 std::to_string(aad.size()) + " " + layout.Describe());
    auto ocb = AesOcb<TypeParam>::Create(key, tag_bytes);
    ASSERT_TRUE(ocb.ok());
    const Bytes expected = test::OpensslOcbSeal(key, nonce, aad, pt, tag_bytes);
    Placed seal(layout, pt);
    ASSERT_TRUE(
        ocb->Seal(nonce, aad, seal.in(len), seal.out(len + tag_bytes)).ok());
    ASSERT_EQ(test::ToHex(seal.Result(len + tag_bytes)), test::ToHex(expected));
    Placed open(layout, expected);
    ASSERT_TRUE(
        ocb->Open(nonce, aad, open.in(len + tag_bytes), open.out(len)).ok());
    ASSERT_EQ(test::ToHex(open.Result(len)), test::ToHex(pt));
  });
}

// POLYVAL's dot(a, b) = a * b * x^-128 over x^128 + x^127 + x^126 + x^121 +
// 1, bit by bit (RFC 8452 §3): little-endian bytes, bit i of the integer is
// the coefficient of x^i.
void PolyvalDot(const uint8_t a[16], const uint8_t b[16], uint8_t out[16]) {
  uint64_t r0 = 0, r1 = 0, b0, b1, a0, a1;
  std::memcpy(&a0, a, 8);
  std::memcpy(&a1, a + 8, 8);
  std::memcpy(&b0, b, 8);
  std::memcpy(&b1, b + 8, 8);
  for (int i = 0; i < 128; ++i) {
    if (((i < 64 ? a0 >> i : a1 >> (i - 64)) & 1) != 0) {
      r0 ^= b0;
      r1 ^= b1;
    }
    // r = r * x^-1: if r is odd, add the polynomial (its x^0 clears bit 0,
    // its x^128 comes back as bit 127 after the shift), then halve.
    const bool odd = (r0 & 1) != 0;
    if (odd)
      r1 ^= (uint64_t{1} << 57) | (uint64_t{1} << 62) | (uint64_t{1} << 63);
    r0 = (r0 >> 1) | (r1 << 63);
    r1 = (r1 >> 1) | (odd ? uint64_t{1} << 63 : 0);
  }
  std::memcpy(out, &r0, 8);
  std::memcpy(out + 8, &r1, 8);
}

// AES-GCM-SIV seal (RFC 8452 §4) from its definition, on OpenSSL's AES.
Bytes ReferenceGcmSivSeal(const Bytes& key, const Bytes& nonce,
                          const Bytes& aad, const Bytes& pt) {
  Bytes derive;
  const int pieces = key.size() == 16 ? 4 : 6;
  for (int i = 0; i < pieces; ++i) {
    uint8_t block[16] = {static_cast<uint8_t>(i)};
    std::memcpy(block + 4, nonce.data(), 12);
    derive.insert(derive.end(), block, block + 16);
  }
  const Bytes derived = OpensslAesBlocks(key, derive);
  Bytes auth_key, enc_key;
  for (int i = 0; i < pieces; ++i) {
    Bytes& to = i < 2 ? auth_key : enc_key;
    to.insert(to.end(), derived.begin() + 16 * i, derived.begin() + 16 * i + 8);
  }
  uint8_t s[16] = {};
  auto absorb = [&](const uint8_t* p, size_t n) {
    for (size_t at = 0; at < n; at += 16) {
      uint8_t x[16] = {};
      std::memcpy(x, p + at, std::min<size_t>(16, n - at));
      for (int j = 0; j < 16; ++j) s[j] ^= x[j];
      PolyvalDot(s, auth_key.data(), s);
    }
  };
  absorb(aad.data(), aad.size());
  absorb(pt.data(), pt.size());
  uint8_t lengths[16];
  const uint64_t aad_bits = 8 * aad.size(), pt_bits = 8 * pt.size();
  for (int j = 0; j < 8; ++j) {
    lengths[j] = static_cast<uint8_t>(aad_bits >> (8 * j));
    lengths[8 + j] = static_cast<uint8_t>(pt_bits >> (8 * j));
  }
  absorb(lengths, 16);
  for (int j = 0; j < 12; ++j) s[j] ^= nonce[j];
  s[15] &= 0x7f;
  const Bytes tag = OpensslAesBlocks(enc_key, Bytes(s, s + 16));
  Bytes counter = tag;
  counter[15] |= 0x80;
  Bytes out = OpensslCtr32Le(enc_key, counter, pt);
  out.insert(out.end(), tag.begin(), tag.end());
  return out;
}

TYPED_TEST(DifferentialTest, GcmSiv) {
  RunCases(
      "gcm-siv", std::string(isa::kName<TypeParam>), [](std::mt19937_64& rng) {
        const Bytes key = test::RandomBytes(rng, rng() % 2 == 0 ? 16 : 32);
        const Bytes nonce = test::RandomBytes(rng, 12);
        const Bytes aad = test::RandomBytes(rng, DrawLength(rng) / 4);
        const size_t len = DrawLength(rng);
        const Bytes pt = test::RandomBytes(rng, len);
        const Layout layout = DrawLayout(rng, len, 0);
        SCOPED_TRACE("AES-" + std::to_string(8 * key.size()) + " aad " +
                     std::to_string(aad.size()) + " " + layout.Describe());
        auto siv = AesGcmSiv<TypeParam>::Create(key);
        ASSERT_TRUE(siv.ok());
        const Bytes expected = ReferenceGcmSivSeal(key, nonce, aad, pt);
        Placed seal(layout, pt);
        ASSERT_TRUE(
            siv->Seal(nonce, aad, seal.in(len), seal.out(len + 16)).ok());
        ASSERT_EQ(test::ToHex(seal.Result(len + 16)), test::ToHex(expected));
        Placed open(layout, expected);
        ASSERT_TRUE(
            siv->Open(nonce, aad, open.in(len + 16), open.out(len)).ok());
        ASSERT_EQ(test::ToHex(open.Result(len)), test::ToHex(pt));
      });
}

TYPED_TEST(DifferentialTest, Gcm) {
  RunCases("gcm", std::string(isa::kName<TypeParam>), [](std::mt19937_64& rng) {
    const Bytes key = test::RandomBytes(rng, DrawAesKeyBytes(rng));
    // The 12-byte fast path half the time, any length from 1 to 64 else.
    const Bytes nonce =
        test::RandomBytes(rng, rng() % 2 == 0 ? 12 : 1 + rng() % 64);
    const Bytes aad = test::RandomBytes(rng, DrawLength(rng) / 2);
    const size_t len = DrawLength(rng);
    const Bytes pt = test::RandomBytes(rng, len);
    const Layout layout = DrawLayout(rng, len, 0);
    SCOPED_TRACE("AES-" + std::to_string(8 * key.size()) + " nonce " +
                 std::to_string(nonce.size()) + " aad " +
                 std::to_string(aad.size()) + " " + layout.Describe());
    auto gcm = AesGcm<TypeParam>::Create(key);
    ASSERT_TRUE(gcm.ok());
    const Bytes expected = test::OpensslGcmSeal(key, nonce, aad, pt);
    Placed seal(layout, pt);
    ASSERT_TRUE(gcm->Seal(nonce, aad, seal.in(len), seal.out(len + 16)).ok());
    ASSERT_EQ(test::ToHex(seal.Result(len + 16)), test::ToHex(expected));
    Placed open(layout, expected);
    ASSERT_TRUE(gcm->Open(nonce, aad, open.in(len + 16), open.out(len)).ok());
    ASSERT_EQ(test::ToHex(open.Result(len)), test::ToHex(pt));
  });
}

// ChaCha20 through the build's default configuration against EVP_chacha20,
// whose 16-byte IV is the counter (little-endian) then the nonce; OpenSSL
// carries the low counter word into the next, which is the 64-bit counter of
// the 8-byte-nonce variant.
TEST(DifferentialChaCha20Test, DefaultConfiguration) {
  RunCases(
      "chacha20", std::string(isa::kName<DefaultChaCha20Isa>),
      [](std::mt19937_64& rng) {
        const Bytes key = test::RandomBytes(rng, 32);
        const bool ietf = rng() % 2 == 0;
        const Bytes nonce = test::RandomBytes(rng, ietf ? 12 : 8);
        uint64_t counter = rng();
        if (ietf) counter &= 0xffffffff;
        if (rng() % 3 == 0) counter |= 0xffffff00;  // near a carry or the end
        const size_t len = DrawLength(rng);
        const Bytes in = test::RandomBytes(rng, len);
        const Layout layout = DrawLayout(rng, len, 1);
        SCOPED_TRACE(std::string(ietf ? "12" : "8") + "-byte nonce, counter " +
                     std::to_string(counter) + " " + layout.Describe());
        auto stream = ChaCha20<>::Create(key, nonce, counter);
        ASSERT_TRUE(stream.ok());
        Placed p(layout, in);
        const uint64_t blocks = (len + 63) / 64;
        const uint64_t last = ietf ? 0xffffffff : ~uint64_t{0};
        const absl::Status s =
            p.Stream([&](auto i, auto o) { return stream->Crypt(i, o); });
        if (blocks > 0 && last - counter < blocks - 1) {
          // Past the last block: refused, not wrapped.
          ASSERT_EQ(s.code(), absl::StatusCode::kOutOfRange) << s;
          return;
        }
        ASSERT_TRUE(s.ok()) << s;
        Bytes iv;
        for (int i = 0; i < (ietf ? 4 : 8); ++i) {
          iv.push_back(static_cast<uint8_t>(counter >> (8 * i)));
        }
        iv.insert(iv.end(), nonce.begin(), nonce.end());
        ASSERT_EQ(test::ToHex(p.Result(len)),
                  test::ToHex(test::OpensslCrypt(EVP_chacha20(), key, iv, in,
                                                 /*encrypt=*/true)));
      });
}

// ChaCha20-Poly1305 through the default configuration against
// EVP_chacha20_poly1305; XChaCha20-Poly1305 against the same with the key
// and nonce that HChaCha20 (checked on the draft's vector) derives, since
// OpenSSL has no XChaCha.
TEST(DifferentialChaCha20Test, ChaCha20Poly1305) {
  RunCases(
      "chacha20-poly1305", std::string(isa::kName<DefaultChaCha20Isa>),
      [](std::mt19937_64& rng) {
        const Bytes key = test::RandomBytes(rng, 32);
        const bool extended = rng() % 2 == 0;
        const Bytes nonce = test::RandomBytes(rng, extended ? 24 : 12);
        const Bytes aad = test::RandomBytes(rng, rng() % 301);
        const size_t len = DrawLength(rng);
        const Bytes pt = test::RandomBytes(rng, len);
        const Layout layout = DrawLayout(rng, len, 0);
        SCOPED_TRACE(std::string(extended ? "XChaCha20" : "ChaCha20") +
                     " aad " + std::to_string(aad.size()) + " " +
                     layout.Describe());
        Bytes expected;
        if (extended) {
          Bytes subkey(32), inner(12, 0);
          chacha20_poly1305_internal::HChaCha20(key.data(), nonce.data(),
                                                subkey.data());
          std::copy(nonce.begin() + 16, nonce.end(), inner.begin() + 4);
          expected = test::OpensslAeadSeal(EVP_chacha20_poly1305(), subkey,
                                           inner, aad, pt, 16, false);
        } else {
          expected = test::OpensslAeadSeal(EVP_chacha20_poly1305(), key, nonce,
                                           aad, pt, 16, false);
        }
        auto check = [&](const auto& aead) {
          Placed seal(layout, pt);
          ASSERT_TRUE(
              aead.Seal(nonce, aad, seal.in(len), seal.out(len + 16)).ok());
          ASSERT_EQ(test::ToHex(seal.Result(len + 16)), test::ToHex(expected));
          Placed open(layout, expected);
          ASSERT_TRUE(
              aead.Open(nonce, aad, open.in(len + 16), open.out(len)).ok());
          ASSERT_EQ(test::ToHex(open.Result(len)), test::ToHex(pt));
        };
        if (extended) {
          auto aead = XChaCha20Poly1305<>::Create(key);
          ASSERT_TRUE(aead.ok());
          check(*aead);
        } else {
          auto aead = ChaCha20Poly1305<>::Create(key);
          ASSERT_TRUE(aead.ok());
          check(*aead);
        }
      });
}

Bytes OpensslPoly1305(const Bytes& key, const Bytes& msg) {
  EVP_MAC* mac = EVP_MAC_fetch(nullptr, "POLY1305", nullptr);
  EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
  Bytes tag(16);
  size_t n = 0;
  EXPECT_EQ(EVP_MAC_init(ctx, key.data(), key.size(), nullptr), 1);
  EXPECT_EQ(EVP_MAC_update(ctx, msg.data(), msg.size()), 1);
  EXPECT_EQ(EVP_MAC_final(ctx, tag.data(), &n, tag.size()), 1);
  EXPECT_EQ(n, 16u);
  EVP_MAC_CTX_free(ctx);
  EVP_MAC_free(mac);
  return tag;
}

// Poly1305 (under the tag its class runs, the build's own) fed in random
// cuts against EVP_MAC's Poly1305.
TEST(DifferentialPoly1305Test, Updates) {
  RunCases(
      "poly1305", std::string(isa::kName<isa::Native>),
      [](std::mt19937_64& rng) {
        const Bytes key = test::RandomBytes(rng, 32);
        const size_t len = DrawLength(rng);
        const Bytes msg = test::RandomBytes(rng, len);
        const Layout layout = DrawLayout(rng, len, 1);
        SCOPED_TRACE(layout.Describe());
        auto mac = Poly1305::Create(key);
        ASSERT_TRUE(mac.ok());
        size_t at = 0;
        for (size_t cut : layout.cuts) {
          ASSERT_TRUE(
              mac->Update(absl::MakeConstSpan(msg).subspan(at, cut)).ok());
          at += cut;
        }
        ASSERT_TRUE(mac->Update(absl::MakeConstSpan(msg).subspan(at)).ok());
        Bytes tag(16);
        ASSERT_TRUE(mac->Finish(absl::MakeSpan(tag)).ok());
        ASSERT_EQ(test::ToHex(tag), test::ToHex(OpensslPoly1305(key, msg)));
      });
}

}  // namespace
}  // namespace braid
