// ChaCha20 as a caller meets it: argument checks, the block counter's limits
// (RFC 8439's 32-bit counter never wraps silently; the 64-bit one neither),
// and OpenSSL's EVP_chacha20 on random keys, nonces, counters and lengths.
// The configurations' equivalence is chacha20_configs_test.
#include "braid/chacha20.h"

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>

#include "gtest/gtest.h"
#include "tests/openssl_util.h"
#include "tests/reference_chacha20.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;

const Bytes kKey(32, 0x42);
const Bytes kNonce12(12, 0x07);
const Bytes kNonce8(8, 0x09);

TEST(ChaCha20Test, RejectsBadKeysNoncesAndCounters) {
  for (size_t n : {0, 16, 31, 33, 64}) {
    auto s = ChaCha20<>::Create(Bytes(n, 1), kNonce12);
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.status().message().find("key must be 32 bytes, got " +
                                        std::to_string(n)),
              std::string::npos)
        << s.status();
  }
  for (size_t n : {0, 7, 11, 13, 16, 24}) {
    auto s = ChaCha20<>::Create(kKey, Bytes(n, 1));
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.status().message().find("nonce must be 12 bytes"),
              std::string::npos)
        << s.status();
  }
  auto big = ChaCha20<>::Create(kKey, kNonce12, 0x100000000ull);
  EXPECT_EQ(big.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(big.status().message().find("32 bits"), std::string::npos);
  EXPECT_TRUE(ChaCha20<>::Create(kKey, kNonce12, 0xffffffffull).ok());
  EXPECT_TRUE(ChaCha20<>::Create(kKey, kNonce8, 0x100000000ull).ok());
}

TEST(ChaCha20Test, RejectsBadBuffers) {
  auto s = ChaCha20<>::Create(kKey, kNonce12);
  ASSERT_TRUE(s.ok());
  Bytes buf(200);
  Bytes small(10);
  EXPECT_EQ(s->Crypt(buf, absl::MakeSpan(small)).code(),
            absl::StatusCode::kInvalidArgument);
  // Partial overlap, either way round.
  EXPECT_EQ(s->Crypt(absl::MakeConstSpan(buf).subspan(0, 100),
                     absl::MakeSpan(buf).subspan(1, 100))
                .code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s->Crypt(absl::MakeConstSpan(buf).subspan(1, 100),
                     absl::MakeSpan(buf).subspan(0, 100))
                .code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s->Crypt(absl::Span<const uint8_t>(nullptr, 5), absl::MakeSpan(buf))
                .code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(s->Crypt({}, {}).ok());
  // Refused calls used no keystream: the stream still starts at block 0.
  EXPECT_EQ(s->counter() & 0xffffffffu, 0u);
}

// Block 2^32 - 1 is the last of RFC 8439's counter: 64 bytes from it are
// fine, one byte more is refused up front with the output untouched, in one
// call or over several.
TEST(ChaCha20Test, ThirtyTwoBitCounterStopsAtItsLastBlock) {
  std::mt19937_64 rng(1);
  const Bytes in = test::RandomBytes(rng, 200);
  {
    auto s = ChaCha20<>::Create(kKey, kNonce12, 0xffffffffull);
    Bytes out(65, 0xaa);
    const absl::Status st =
        s->Crypt(absl::MakeConstSpan(in).subspan(0, 65), absl::MakeSpan(out));
    EXPECT_EQ(st.code(), absl::StatusCode::kOutOfRange) << st;
    EXPECT_NE(st.message().find("2^32 - 1"), std::string::npos) << st;
    EXPECT_EQ(out, Bytes(65, 0xaa));
  }
  {
    auto s = ChaCha20<>::Create(kKey, kNonce12, 0xfffffffeull);
    const Bytes part(in.begin(), in.begin() + 128);
    Bytes out(128);
    ASSERT_TRUE(s->Crypt(part, absl::MakeSpan(out)).ok());
    EXPECT_EQ(out, test::ReferenceChaCha20(kKey.data(), kNonce12, 0xfffffffeull,
                                           part));
    Bytes one(1, 0xaa);
    EXPECT_EQ(s->Crypt(Bytes(1), absl::MakeSpan(one)).code(),
              absl::StatusCode::kOutOfRange);
    EXPECT_EQ(one, Bytes(1, 0xaa));
  }
  {
    // Ten bytes, then the 54 left in the last block, then nothing more.
    auto s = ChaCha20<>::Create(kKey, kNonce12, 0xffffffffull);
    Bytes out(64);
    ASSERT_TRUE(s->Crypt(Bytes(10), absl::MakeSpan(out).subspan(0, 10)).ok());
    ASSERT_TRUE(s->Crypt(Bytes(54), absl::MakeSpan(out).subspan(10)).ok());
    EXPECT_EQ(out, test::ReferenceChaCha20(kKey.data(), kNonce12, 0xffffffffull,
                                           Bytes(64)));
    Bytes one(1);
    EXPECT_EQ(s->Crypt(Bytes(1), absl::MakeSpan(one)).code(),
              absl::StatusCode::kOutOfRange);
  }
}

TEST(ChaCha20Test, SixtyFourBitCounterStopsAtItsLastBlock) {
  auto s = ChaCha20<>::Create(kKey, kNonce8, 0xffffffffffffffffull);
  Bytes out(65);
  EXPECT_EQ(s->Crypt(Bytes(65), absl::MakeSpan(out)).code(),
            absl::StatusCode::kOutOfRange);
  ASSERT_TRUE(s->Crypt(Bytes(64), absl::MakeSpan(out).subspan(0, 64)).ok());
  EXPECT_EQ(Bytes(out.begin(), out.begin() + 64),
            test::ReferenceChaCha20(kKey.data(), kNonce8, 0xffffffffffffffffull,
                                    Bytes(64)));
  EXPECT_EQ(s->Crypt(Bytes(1), absl::MakeSpan(out).subspan(0, 1)).code(),
            absl::StatusCode::kOutOfRange);
}

TEST(ChaCha20Test, CounterReportsTheNextBlock) {
  auto s = ChaCha20<>::Create(kKey, kNonce8, 5);
  Bytes out(130);
  ASSERT_TRUE(s->Crypt(Bytes(130), absl::MakeSpan(out)).ok());
  EXPECT_EQ(s->counter(), 8u);  // blocks 5, 6 and 7 (partly) used
}

// OpenSSL's 16-byte IV is the 32-bit little-endian counter, then the nonce.
Bytes OpensslChaCha20(const Bytes& key, const Bytes& nonce, uint32_t counter,
                      const Bytes& in) {
  Bytes iv = {static_cast<uint8_t>(counter), static_cast<uint8_t>(counter >> 8),
              static_cast<uint8_t>(counter >> 16),
              static_cast<uint8_t>(counter >> 24)};
  iv.insert(iv.end(), nonce.begin(), nonce.end());
  return test::OpensslCrypt(EVP_chacha20(), key, iv, in, /*encrypt=*/true);
}

template <class Isa, size_t kVector, size_t kScalar>
void CompareWithOpenssl() {
  std::mt19937_64 rng(kVector * 10 + kScalar);
  for (int trial = 0; trial < 150; ++trial) {
    const Bytes key = test::RandomBytes(rng, 32);
    const Bytes nonce = test::RandomBytes(rng, 12);
    const uint32_t counter =
        trial % 3 == 0 ? 0xffffffffu - 70 : static_cast<uint32_t>(rng() >> 40);
    const Bytes in = test::RandomBytes(rng, rng() % 4097);
    Bytes out(in.size());
    ASSERT_TRUE((ChaCha20Crypt<Isa, kVector, kScalar>(key, nonce, counter, in,
                                                      absl::MakeSpan(out)))
                    .ok());
    ASSERT_EQ(test::ToHex(out),
              test::ToHex(OpensslChaCha20(key, nonce, counter, in)))
        << isa::kName<Isa> << " n" << kVector << " s" << kScalar << " trial "
        << trial << " length " << in.size();
  }
}

TEST(ChaCha20Test, EqualsOpenssl) {
  CompareWithOpenssl<isa::Scalar, 0, 1>();
  CompareWithOpenssl<DefaultChaCha20Isa,
                     ChaCha20Defaults<DefaultChaCha20Isa>::kVectorBlocks,
                     ChaCha20Defaults<DefaultChaCha20Isa>::kScalarBlocks>();
  isa::ForEachEnabled([](auto tag) {
    using Tag = decltype(tag);
    if constexpr (std::is_same_v<Tag, isa::Neon>) {
      CompareWithOpenssl<Tag, 8, 2>();
      CompareWithOpenssl<Tag, 3, 0>();
    } else if constexpr (std::is_same_v<Tag, isa::Sve>) {
      CompareWithOpenssl<Tag, 1, 1>();
      CompareWithOpenssl<Tag, 2, 2>();
    } else if constexpr (std::is_same_v<Tag, isa::Sve2>) {
      CompareWithOpenssl<Tag, 1, 0>();
      CompareWithOpenssl<Tag, 1, 2>();
      CompareWithOpenssl<Tag, 2, 0>();
      CompareWithOpenssl<Tag, 2, 1>();
    }
  });
}

}  // namespace
}  // namespace braid
