// AES-CFB128 (SP 800-38A §6.3, segment size 128), any length. Encryption is
// serial with the chain XORs folded into the round keys; decryption runs
// kWays vectors side by side. A call may stop at any byte and the next one
// continues there, as OpenSSL's CFB128 does.
#ifndef BRAID_MODES_CFB_H_
#define BRAID_MODES_CFB_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/modes/buffer_checks.h"
#include "braid/modes/chain.h"
#include "braid/modes/ecb.h"

namespace braid {

template <class Isa = DefaultAesIsa, size_t kWays = kDefaultAesWays>
class AesCfb {
 public:
  // `iv` is 16 bytes.
  static absl::StatusOr<AesCfb> Create(const AesKey& key,
                                       absl::Span<const uint8_t> iv) {
    isa::RequireEnabled<Isa>();
    static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
    if (iv.size() != 16 || iv.data() == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("AES-CFB: IV must be 16 bytes, got ", iv.size()));
    }
    return AesCfb(key, iv.data());
  }

  absl::Status Encrypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return Run<true>("AES-CFB encrypt", in, out);
  }
  absl::Status Decrypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return Run<false>("AES-CFB decrypt", in, out);
  }

  ~AesCfb() {
    volatile uint8_t* k = keystream_;
    for (size_t i = 0; i < 16; ++i) k[i] = 0;
  }
  AesCfb(const AesCfb&) = default;
  AesCfb& operator=(const AesCfb&) = default;

 private:
  AesCfb(const AesKey& key, const uint8_t* iv) : key_(key) {
    std::memcpy(iv_, iv, 16);
  }

  // Bytes of a block in progress: keystream_ = E(iv_), partial_ collects the
  // block's ciphertext until it is complete and becomes the next iv_.
  template <bool kEncrypt>
  void Bytes(const uint8_t*& src, uint8_t*& dst, size_t& len) {
    while (len > 0 && used_ < 16) {
      const uint8_t in = *src++;
      const uint8_t result = in ^ keystream_[used_];
      *dst++ = result;
      partial_[used_++] = kEncrypt ? result : in;
      --len;
      if (used_ == 16) std::memcpy(iv_, partial_, 16);
    }
  }

  template <bool kEncrypt>
  absl::Status Run(const char* what, absl::Span<const uint8_t> in,
                   absl::Span<uint8_t> out) {
    if (absl::Status s = modes_internal::CheckInOut(what, in, out); !s.ok()) {
      return s;
    }
    const uint8_t* src = in.data();
    uint8_t* dst = out.data();
    size_t len = in.size();
    Bytes<kEncrypt>(src, dst, len);
    const size_t whole = len / 16;
    modes_internal::DispatchRounds(key_.rounds(), [&](auto rounds) {
      if (whole > 0) {
        if constexpr (kEncrypt) {
          chain_internal::SerialBlocks<chain_internal::Serial::kCfbEncrypt,
                                       rounds()>(
              chain_internal::SerialIsa<Isa>{}, key_.encryption_round_keys(),
              iv_, src, dst, whole);
        } else {
          chain_internal::ShiftedBlocks<false, rounds(), kWays>(
              Isa{}, key_.encryption_round_keys(), iv_, src, dst, whole);
        }
      }
      if (len % 16 != 0) {
        ecb_internal::Blocks<aes_engine::Direction::kEncrypt, rounds(), 1>(
            chain_internal::SerialIsa<Isa>{}, key_.encryption_round_keys(),
            iv_, keystream_, 1);
        used_ = 0;
      }
    });
    src += 16 * whole;
    dst += 16 * whole;
    len -= 16 * whole;
    Bytes<kEncrypt>(src, dst, len);
    return absl::OkStatus();
  }

  AesKey key_;
  alignas(16) uint8_t iv_[16];
  alignas(16) uint8_t keystream_[16] = {};
  uint8_t partial_[16] = {};
  size_t used_ = 16;
};

template <class Isa = DefaultAesIsa, size_t kWays = kDefaultAesWays>
absl::Status AesCfbEncrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  auto cfb = AesCfb<Isa, kWays>::Create(key, iv);
  if (!cfb.ok()) return cfb.status();
  return cfb->Encrypt(in, out);
}

template <class Isa = DefaultAesIsa, size_t kWays = kDefaultAesWays>
absl::Status AesCfbDecrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  auto cfb = AesCfb<Isa, kWays>::Create(key, iv);
  if (!cfb.ok()) return cfb.status();
  return cfb->Decrypt(in, out);
}

}  // namespace braid

#endif  // BRAID_MODES_CFB_H_
