// A plain ChaCha20 written from RFC 8439 §2.1-2.4, one block at a time with
// no vector code: what every kernel configuration is compared with. The
// 64-bit `counter` spans state words 12 and 13 (the original ChaCha); with a
// 12-byte nonce, word 13 is the nonce's and the counter stays below 2^32.
#ifndef BRAID_TESTS_REFERENCE_CHACHA20_H_
#define BRAID_TESTS_REFERENCE_CHACHA20_H_

#include <cstdint>
#include <cstring>
#include <vector>

namespace braid::test {

inline uint32_t ReferenceRotl(uint32_t x, int k) {
  return (x << k) | (x >> (32 - k));
}

inline void ReferenceQuarterRound(uint32_t* s, int a, int b, int c, int d) {
  s[a] += s[b], s[d] = ReferenceRotl(s[d] ^ s[a], 16);
  s[c] += s[d], s[b] = ReferenceRotl(s[b] ^ s[c], 12);
  s[a] += s[b], s[d] = ReferenceRotl(s[d] ^ s[a], 8);
  s[c] += s[d], s[b] = ReferenceRotl(s[b] ^ s[c], 7);
}

inline uint32_t ReferenceWord(const uint8_t* p) {
  return p[0] | p[1] << 8 | p[2] << 16 | static_cast<uint32_t>(p[3]) << 24;
}

// in ^ keystream; `nonce` is 12 or 8 bytes.
inline std::vector<uint8_t> ReferenceChaCha20(const uint8_t key[32],
                                              const std::vector<uint8_t>& nonce,
                                              uint64_t counter,
                                              const std::vector<uint8_t>& in) {
  std::vector<uint8_t> out(in.size());
  for (size_t at = 0; at < in.size(); at += 64, ++counter) {
    uint32_t s[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    for (int j = 0; j < 8; ++j) s[4 + j] = ReferenceWord(key + 4 * j);
    s[12] = static_cast<uint32_t>(counter);
    if (nonce.size() == 12) {
      for (int j = 0; j < 3; ++j) s[13 + j] = ReferenceWord(&nonce[4 * j]);
    } else {
      s[13] = static_cast<uint32_t>(counter >> 32);
      for (int j = 0; j < 2; ++j) s[14 + j] = ReferenceWord(&nonce[4 * j]);
    }
    uint32_t x[16];
    std::memcpy(x, s, sizeof(x));
    for (int i = 0; i < 10; ++i) {
      ReferenceQuarterRound(x, 0, 4, 8, 12);
      ReferenceQuarterRound(x, 1, 5, 9, 13);
      ReferenceQuarterRound(x, 2, 6, 10, 14);
      ReferenceQuarterRound(x, 3, 7, 11, 15);
      ReferenceQuarterRound(x, 0, 5, 10, 15);
      ReferenceQuarterRound(x, 1, 6, 11, 12);
      ReferenceQuarterRound(x, 2, 7, 8, 13);
      ReferenceQuarterRound(x, 3, 4, 9, 14);
    }
    uint8_t block[64];
    for (int j = 0; j < 16; ++j) {
      const uint32_t w = x[j] + s[j];
      for (int b = 0; b < 4; ++b)
        block[4 * j + b] = static_cast<uint8_t>(w >> (8 * b));
    }
    for (size_t k = 0; k < 64 && at + k < in.size(); ++k) {
      out[at + k] = in[at + k] ^ block[k];
    }
  }
  return out;
}

}  // namespace braid::test

#endif  // BRAID_TESTS_REFERENCE_CHACHA20_H_
