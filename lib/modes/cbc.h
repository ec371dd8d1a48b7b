// AES-CBC (SP 800-38A §6.2), whole blocks only (no padding: callers that need
// it pad before and check after). Encryption is serial, with the chain XORs
// folded into the round keys; decryption runs kWays vectors side by side.
// The IV advances with every call, so a message can be split across calls.
#ifndef BRAID_MODES_CBC_H_
#define BRAID_MODES_CBC_H_

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

namespace braid {

template <class Isa = DefaultAesIsa, size_t kWays = kDefaultAesWays>
class AesCbc {
 public:
  // `iv` is 16 bytes.
  static absl::StatusOr<AesCbc> Create(const AesKey& key,
                                       absl::Span<const uint8_t> iv) {
    isa::RequireEnabled<Isa>();
    static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
    if (iv.size() != 16 || iv.data() == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("AES-CBC: IV must be 16 bytes, got ", iv.size()));
    }
    return AesCbc(key, iv.data());
  }

  absl::Status Encrypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    if (absl::Status s = Check("AES-CBC encrypt", in, out); !s.ok()) return s;
    modes_internal::DispatchRounds(key_.rounds(), [&](auto rounds) {
      chain_internal::SerialBlocks<chain_internal::Serial::kCbcEncrypt,
                                   rounds()>(
          chain_internal::SerialIsa<Isa>{}, key_.encryption_round_keys(), iv_,
          in.data(), out.data(), in.size() / 16);
    });
    return absl::OkStatus();
  }

  absl::Status Decrypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    if (absl::Status s = Check("AES-CBC decrypt", in, out); !s.ok()) return s;
    modes_internal::DispatchRounds(key_.rounds(), [&](auto rounds) {
      chain_internal::ShiftedBlocks<true, rounds(), kWays>(
          Isa{}, key_.decryption_round_keys(), iv_, in.data(), out.data(),
          in.size() / 16);
    });
    return absl::OkStatus();
  }

  // The IV the next call continues from (the last ciphertext block).
  const uint8_t* iv() const { return iv_; }

 private:
  AesCbc(const AesKey& key, const uint8_t* iv) : key_(key) {
    std::memcpy(iv_, iv, 16);
  }

  static absl::Status Check(const char* what, absl::Span<const uint8_t> in,
                            absl::Span<const uint8_t> out) {
    if (absl::Status s = modes_internal::CheckInOut(what, in, out); !s.ok()) {
      return s;
    }
    return modes_internal::CheckWholeBlocks(what, in.size());
  }

  AesKey key_;
  alignas(16) uint8_t iv_[16];
};

template <class Isa = DefaultAesIsa, size_t kWays = kDefaultAesWays>
absl::Status AesCbcEncrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  auto cbc = AesCbc<Isa, kWays>::Create(key, iv);
  if (!cbc.ok()) return cbc.status();
  return cbc->Encrypt(in, out);
}

template <class Isa = DefaultAesIsa, size_t kWays = kDefaultAesWays>
absl::Status AesCbcDecrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  auto cbc = AesCbc<Isa, kWays>::Create(key, iv);
  if (!cbc.ok()) return cbc.status();
  return cbc->Decrypt(in, out);
}

}  // namespace braid

#endif  // BRAID_MODES_CBC_H_
