// Differential test: ECB against OpenSSL's libcrypto (Debian's, for the
// architecture under test) on random keys and lengths, every AES tag.
#include <openssl/evp.h>

#include <random>

#include "braid/aes_defaults.h"
#include "braid/modes/ecb.h"
#include "gtest/gtest.h"
#include "tests/openssl_util.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;

Bytes OpensslEcb(const Bytes& key, const Bytes& in, bool encrypt) {
  const EVP_CIPHER* cipher = key.size() == 16   ? EVP_aes_128_ecb()
                             : key.size() == 24 ? EVP_aes_192_ecb()
                                                : EVP_aes_256_ecb();
  return test::OpensslCrypt(cipher, key, {}, in, encrypt);
}

template <class Tag>
class EcbOpensslTest : public ::testing::Test {};
TYPED_TEST_SUITE(EcbOpensslTest, test::AesTags, test::TagName);

TYPED_TEST(EcbOpensslTest, RandomKeysAndLengths) {
  constexpr bool kScalar = std::is_same_v<TypeParam, isa::Scalar>;
  // Odd widths where the build sweeps the tag; its default elsewhere.
  constexpr size_t kEncryptWays =
      test::kSweeps<TypeParam, 5> ? 5 : DefaultAesWays<TypeParam>::kEcb;
  constexpr size_t kDecryptWays =
      test::kSweeps<TypeParam, 7> ? 7 : DefaultAesWays<TypeParam>::kEcb;
  std::mt19937_64 rng(4242);
  for (int i = 0; i < (kScalar ? 30 : 200); ++i) {
    const size_t key_bytes = 16 + 8 * (rng() % 3);
    const Bytes key = test::RandomBytes(rng, key_bytes);
    const Bytes pt =
        test::RandomBytes(rng, 16 * (rng() % (kScalar ? 20 : 257)));
    auto k = AesKey::CreateWith(TypeParam{}, key);
    ASSERT_TRUE(k.ok());
    Bytes ct(pt.size()), back(pt.size());
    ASSERT_TRUE(
        (AesEcbEncrypt<TypeParam, kEncryptWays>(*k, pt, absl::MakeSpan(ct)))
            .ok());
    ASSERT_EQ(ct, OpensslEcb(key, pt, true)) << "case " << i;
    ASSERT_TRUE(
        (AesEcbDecrypt<TypeParam, kDecryptWays>(*k, ct, absl::MakeSpan(back)))
            .ok());
    ASSERT_EQ(back, pt) << "case " << i;
    ASSERT_EQ(OpensslEcb(key, ct, false), pt);
  }
}

}  // namespace
}  // namespace braid
