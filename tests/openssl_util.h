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

// An AEAD's ciphertext || tag from OpenSSL's EVP interface. OCB takes the
// tag length before the key (`set_tag_bytes`); GCM's tag is always 16.
inline Bytes OpensslAeadSeal(const EVP_CIPHER* cipher, const Bytes& key,
                             const Bytes& nonce, const Bytes& aad,
                             const Bytes& pt, size_t tag_bytes,
                             bool set_tag_bytes) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(pt.size() + 16 + tag_bytes);
  int n = 0, m = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, cipher, nullptr, nullptr, nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN,
                                static_cast<int>(nonce.size()), nullptr),
            1);
  if (set_tag_bytes) {
    EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG,
                                  static_cast<int>(tag_bytes), nullptr),
              1);
  }
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, nullptr, nullptr, key.data(), nonce.data()),
            1);
  if (!aad.empty()) {
    EXPECT_EQ(EVP_EncryptUpdate(ctx, nullptr, &n, aad.data(),
                                static_cast<int>(aad.size())),
              1);
  }
  n = 0;
  if (!pt.empty()) {
    EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &n, pt.data(),
                                static_cast<int>(pt.size())),
              1);
  }
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx, out.data() + n, &m), 1);
  out.resize(n + m);
  Bytes tag(tag_bytes);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG,
                                static_cast<int>(tag_bytes), tag.data()),
            1);
  out.insert(out.end(), tag.begin(), tag.end());
  EVP_CIPHER_CTX_free(ctx);
  return out;
}

// AES-OCB ciphertext || tag from OpenSSL (RFC 7253).
inline Bytes OpensslOcbSeal(const Bytes& key, const Bytes& nonce,
                            const Bytes& aad, const Bytes& pt,
                            size_t tag_bytes) {
  const EVP_CIPHER* cipher = key.size() == 16   ? EVP_aes_128_ocb()
                             : key.size() == 24 ? EVP_aes_192_ocb()
                                                : EVP_aes_256_ocb();
  return OpensslAeadSeal(cipher, key, nonce, aad, pt, tag_bytes, true);
}

// AES-GCM ciphertext || 16-byte tag from OpenSSL (SP 800-38D), any nonce
// length.
inline Bytes OpensslGcmSeal(const Bytes& key, const Bytes& nonce,
                            const Bytes& aad, const Bytes& pt) {
  const EVP_CIPHER* cipher = key.size() == 16   ? EVP_aes_128_gcm()
                             : key.size() == 24 ? EVP_aes_192_gcm()
                                                : EVP_aes_256_gcm();
  return OpensslAeadSeal(cipher, key, nonce, aad, pt, 16, false);
}

}  // namespace braid::test

#endif  // BRAID_TESTS_OPENSSL_UTIL_H_
