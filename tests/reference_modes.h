// Textbook implementations of CBC, CFB128, CTR and CTR32LE, one block at a
// time over single-block ECB: slow and obviously right, the reference that
// every (tag, kWays) configuration of lib/modes/ is compared with.
#ifndef BRAID_TESTS_REFERENCE_MODES_H_
#define BRAID_TESTS_REFERENCE_MODES_H_

#include <cstdint>
#include <cstring>

#include "braid/modes/ecb.h"
#include "tests/mode_runner.h"
#include "tests/test_util.h"

namespace braid::test {

inline void EncryptBlock(const AesKey& key, const uint8_t in[16],
                         uint8_t out[16]) {
  EXPECT_TRUE((AesEcbEncrypt<DefaultAesIsa, 1>(key, absl::MakeConstSpan(in, 16),
                                               absl::MakeSpan(out, 16)))
                  .ok());
}

inline void DecryptBlock(const AesKey& key, const uint8_t in[16],
                         uint8_t out[16]) {
  EXPECT_TRUE((AesEcbDecrypt<DefaultAesIsa, 1>(key, absl::MakeConstSpan(in, 16),
                                               absl::MakeSpan(out, 16)))
                  .ok());
}

inline Bytes ReferenceMode(Mode mode, const AesKey& key, const Bytes& iv,
                           const Bytes& in) {
  Bytes out(in.size());
  uint8_t chain[16], block[16];
  std::memcpy(chain, iv.data(), 16);
  for (size_t at = 0; at < in.size(); at += 16) {
    const size_t n = std::min<size_t>(16, in.size() - at);
    const uint8_t* src = in.data() + at;
    uint8_t* dst = out.data() + at;
    switch (mode) {
      case Mode::kCbcEncrypt:
        for (size_t j = 0; j < 16; ++j) block[j] = src[j] ^ chain[j];
        EncryptBlock(key, block, chain);
        std::memcpy(dst, chain, 16);
        break;
      case Mode::kCbcDecrypt:
        DecryptBlock(key, src, block);
        for (size_t j = 0; j < 16; ++j) dst[j] = block[j] ^ chain[j];
        std::memcpy(chain, src, 16);
        break;
      case Mode::kCfbEncrypt:
      case Mode::kCfbDecrypt:
        EncryptBlock(key, chain, block);
        for (size_t j = 0; j < n; ++j) dst[j] = src[j] ^ block[j];
        std::memcpy(chain, mode == Mode::kCfbEncrypt ? dst : src, n);
        break;
      case Mode::kCtr:
      case Mode::kCtr32Le:
        EncryptBlock(key, chain, block);
        for (size_t j = 0; j < n; ++j) dst[j] = src[j] ^ block[j];
        if (mode == Mode::kCtr) {
          for (int j = 15; j >= 0 && ++chain[j] == 0; --j) {
          }
        } else {
          for (int j = 0; j < 4 && ++chain[j] == 0; ++j) {
          }
        }
        break;
    }
  }
  return out;
}

}  // namespace braid::test

#endif  // BRAID_TESTS_REFERENCE_MODES_H_
