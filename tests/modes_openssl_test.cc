// Differential test: CBC, CFB128 and CTR against OpenSSL's libcrypto (the
// architecture's own Debian build) on random keys, IVs and lengths 0..4096,
// all key sizes, every AES tag at its default parallelism and one other.
#include <openssl/evp.h>

#include <random>
#include <string>

#include "gtest/gtest.h"
#include "tests/mode_runner.h"
#include "tests/openssl_util.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::Mode;

const EVP_CIPHER* OpensslCipher(Mode mode, size_t key_bytes) {
  const int k = key_bytes == 16 ? 0 : key_bytes == 24 ? 1 : 2;
  switch (mode) {
    case Mode::kCbcEncrypt:
    case Mode::kCbcDecrypt: {
      const EVP_CIPHER* c[] = {EVP_aes_128_cbc(), EVP_aes_192_cbc(),
                               EVP_aes_256_cbc()};
      return c[k];
    }
    case Mode::kCfbEncrypt:
    case Mode::kCfbDecrypt: {
      const EVP_CIPHER* c[] = {EVP_aes_128_cfb128(), EVP_aes_192_cfb128(),
                               EVP_aes_256_cfb128()};
      return c[k];
    }
    default: {
      const EVP_CIPHER* c[] = {EVP_aes_128_ctr(), EVP_aes_192_ctr(),
                               EVP_aes_256_ctr()};
      return c[k];
    }
  }
}

Bytes Openssl(Mode mode, const Bytes& key, const Bytes& iv, const Bytes& in) {
  const bool encrypt = mode == Mode::kCbcEncrypt || mode == Mode::kCfbEncrypt ||
                       mode == Mode::kCtr;
  return test::OpensslCrypt(OpensslCipher(mode, key.size()), key, iv, in,
                            encrypt);
}

template <class Tag>
class ModesOpensslTest : public ::testing::Test {};
TYPED_TEST_SUITE(ModesOpensslTest, test::AesTags, test::TagName);

template <class Tag, size_t kWays>
void Check(uint64_t seed) {
  constexpr bool kScalar = std::is_same_v<Tag, isa::Scalar>;
  std::mt19937_64 rng(seed);
  for (Mode mode : {Mode::kCbcEncrypt, Mode::kCbcDecrypt, Mode::kCfbEncrypt,
                    Mode::kCfbDecrypt, Mode::kCtr}) {
    for (int c = 0; c < (kScalar ? 6 : 40); ++c) {
      const Bytes key = test::RandomBytes(rng, 16 + 8 * (rng() % 3));
      const Bytes iv = test::RandomBytes(rng, 16);
      size_t len = rng() % (kScalar ? 513 : 4097);
      if (test::WholeBlocksOnly(mode)) len -= len % 16;
      const Bytes in = test::RandomBytes(rng, len);
      auto k = AesKey::Create(key);
      ASSERT_TRUE(k.ok());
      Bytes out;
      ASSERT_TRUE((test::RunMode<Tag, kWays>(mode, *k, iv, in, out)).ok());
      ASSERT_EQ(out, Openssl(mode, key, iv, in))
          << test::ModeName(mode) << " len " << len << " key " << key.size();
    }
  }
}

TYPED_TEST(ModesOpensslTest, DefaultWays) {
  Check<TypeParam, kDefaultAesWays>(7);
}
TYPED_TEST(ModesOpensslTest, FiveWays) { Check<TypeParam, 5>(8); }

}  // namespace
}  // namespace braid
