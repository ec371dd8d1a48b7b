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
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/buffer_checks.h"
#include "braid/modes/chain.h"
#include "braid/namespace.h"

BRAID_NAMESPACE_BEGIN

namespace cbc_internal {

inline absl::Status Check(absl::string_view what, absl::Span<const uint8_t> in,
                          absl::Span<const uint8_t> out) {
  if (absl::Status s = modes_internal::CheckInOut(what, in, out); !s.ok()) {
    return s;
  }
  return modes_internal::CheckWholeBlocks(what, in.size());
}

template <class Isa, size_t kWays>
using Kernel = chain_internal::Kernel<true, Isa, kWays>;

template <class Isa, size_t kWays>
absl::Status Encrypt(const AesKey& key, uint8_t iv[16],
                     absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
  if (absl::Status s = Check("AES-CBC encrypt", in, out); !s.ok()) return s;
  Kernel<Isa, kWays>::Encrypt(key.encryption_round_keys(), key.rounds(), iv,
                              in.data(), out.data(), in.size() / 16);
  return absl::OkStatus();
}

template <class Isa, size_t kWays>
absl::Status Decrypt(const AesKey& key, uint8_t iv[16],
                     absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
  if (absl::Status s = Check("AES-CBC decrypt", in, out); !s.ok()) return s;
  Kernel<Isa, kWays>::Decrypt(key.decryption_round_keys(), key.rounds(), iv,
                              in.data(), out.data(), in.size() / 16);
  return absl::OkStatus();
}

}  // namespace cbc_internal

// A CBC stream over its own copy of the key: Encrypt() or Decrypt() (one
// direction per object) continue from the IV the previous call left.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCbc>
class AesCbc {
 public:
  // `iv` is 16 bytes.
  static absl::StatusOr<AesCbc> Create(const AesKey& key,
                                       absl::Span<const uint8_t> iv) {
    if (absl::Status s =
            modes_internal::CheckIv<Isa, kWays>("AES-CBC", "IV", iv);
        !s.ok()) {
      return s;
    }
    return AesCbc(key, iv.data());
  }

  absl::Status Encrypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return cbc_internal::Encrypt<Isa, kWays>(key_, iv_, in, out);
  }
  absl::Status Decrypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return cbc_internal::Decrypt<Isa, kWays>(key_, iv_, in, out);
  }

  // The IV the next call continues from (the last ciphertext block).
  const uint8_t* iv() const { return iv_; }

 private:
  AesCbc(const AesKey& key, const uint8_t* iv) : key_(key) {
    std::memcpy(iv_, iv, 16);
  }

  AesKey key_;
  alignas(16) uint8_t iv_[16];
};

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCbc>
absl::Status AesCbcEncrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  if (absl::Status s = modes_internal::CheckIv<Isa, kWays>("AES-CBC", "IV", iv);
      !s.ok())
    return s;
  alignas(16) uint8_t chain[16];
  std::memcpy(chain, iv.data(), 16);
  return cbc_internal::Encrypt<Isa, kWays>(key, chain, in, out);
}

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCbc>
absl::Status AesCbcDecrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  if (absl::Status s = modes_internal::CheckIv<Isa, kWays>("AES-CBC", "IV", iv);
      !s.ok())
    return s;
  alignas(16) uint8_t chain[16];
  std::memcpy(chain, iv.data(), 16);
  return cbc_internal::Decrypt<Isa, kWays>(key, chain, in, out);
}

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_CBC_H_
