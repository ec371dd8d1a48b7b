// One call through OpenSSL's EVP interface, the reference the differential
// tests compare braid with.
#ifndef BRAID_TESTS_OPENSSL_UTIL_H_
#define BRAID_TESTS_OPENSSL_UTIL_H_

#include <openssl/evp.h>

#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace braid::test {

// Encrypts or decrypts `in` with `cipher`, padding off; `iv` may be empty
// for ECB.
inline Bytes OpensslCrypt(const EVP_CIPHER* cipher, const Bytes& key,
                          const Bytes& iv, const Bytes& in, bool encrypt) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(in.size() + 32);
  int n = 0, m = 0;
  EXPECT_EQ(
      EVP_CipherInit_ex(ctx, cipher, nullptr, key.data(),
                        iv.empty() ? nullptr : iv.data(), encrypt ? 1 : 0),
      1);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  EXPECT_EQ(EVP_CipherUpdate(ctx, out.data(), &n, in.data(),
                             static_cast<int>(in.size())),
            1);
  EXPECT_EQ(EVP_CipherFinal_ex(ctx, out.data() + n, &m), 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(n + m);
  return out;
}

}  // namespace braid::test

#endif  // BRAID_TESTS_OPENSSL_UTIL_H_
