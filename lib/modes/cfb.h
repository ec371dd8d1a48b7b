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
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/buffer_checks.h"
#include "braid/modes/chain.h"
#include "braid/modes/ecb.h"
#include "braid/namespace.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN

namespace cfb_internal {

// Where a CFB stream stands: iv is the last complete ciphertext block; while
// a block is in progress (used < 16), keystream = E(iv) and partial collects
// the block's ciphertext until it is complete and becomes the next iv.
struct State {
  alignas(16) uint8_t iv[16];
  alignas(16) uint8_t keystream[16] = {};
  uint8_t partial[16] = {};
  size_t used = 16;

  State() = default;
  State(const State&) = default;
  State& operator=(const State&) = default;
  ~State() { internal::Wipe(keystream, sizeof(keystream)); }
};

template <bool kEncrypt>
BRAID_INLINE void Bytes(State& st, const uint8_t*& src, uint8_t*& dst,
                        size_t& len) {
  while (len > 0 && st.used < 16) {
    const uint8_t in = *src++;
    const uint8_t result = in ^ st.keystream[st.used];
    *dst++ = result;
    st.partial[st.used++] = kEncrypt ? result : in;
    --len;
    if (st.used == 16) std::memcpy(st.iv, st.partial, 16);
  }
}

template <class Isa, size_t kWays>
using Kernel = chain_internal::Kernel<false, Isa, kWays>;

template <bool kEncrypt, class Isa, size_t kWays>
absl::Status Run(const AesKey& key, State& st, absl::Span<const uint8_t> in,
                 absl::Span<uint8_t> out) {
  constexpr absl::string_view what =
      kEncrypt ? "AES-CFB encrypt" : "AES-CFB decrypt";
  if (absl::Status s = modes_internal::CheckInOut(what, in, out); !s.ok()) {
    return s;
  }
  const uint8_t* src = in.data();
  uint8_t* dst = out.data();
  size_t len = in.size();
  Bytes<kEncrypt>(st, src, dst, len);
  const size_t whole = len / 16;
  const uint8_t* round_keys = key.encryption_round_keys();
  if (whole > 0) {
    if constexpr (kEncrypt) {
      Kernel<Isa, kWays>::Encrypt(round_keys, key.rounds(), st.iv, src, dst,
                                  whole);
    } else {
      Kernel<Isa, kWays>::Decrypt(round_keys, key.rounds(), st.iv, src, dst,
                                  whole);
    }
  }
  if (len % 16 != 0) {
    ecb_internal::Kernel<chain_internal::SerialIsa<Isa>, 1>::EncryptBlock(
        round_keys, key.rounds(), st.iv, st.keystream);
    st.used = 0;
  }
  src += 16 * whole;
  dst += 16 * whole;
  len -= 16 * whole;
  Bytes<kEncrypt>(st, src, dst, len);
  return absl::OkStatus();
}

}  // namespace cfb_internal

// A CFB stream over its own copy of the key: Encrypt() or Decrypt() (one
// direction per object) continue at the byte where the previous call ended.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCfb>
class AesCfb {
 public:
  // `iv` is 16 bytes.
  static absl::StatusOr<AesCfb> Create(const AesKey& key,
                                       absl::Span<const uint8_t> iv) {
    if (absl::Status s =
            modes_internal::CheckIv<Isa, kWays>("AES-CFB", "IV", iv);
        !s.ok()) {
      return s;
    }
    return AesCfb(key, iv.data());
  }

  absl::Status Encrypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return cfb_internal::Run<true, Isa, kWays>(key_, state_, in, out);
  }
  absl::Status Decrypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return cfb_internal::Run<false, Isa, kWays>(key_, state_, in, out);
  }

 private:
  AesCfb(const AesKey& key, const uint8_t* iv) : key_(key) {
    std::memcpy(state_.iv, iv, 16);
  }

  AesKey key_;
  cfb_internal::State state_;
};

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCfb>
absl::Status AesCfbEncrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  if (absl::Status s = modes_internal::CheckIv<Isa, kWays>("AES-CFB", "IV", iv);
      !s.ok())
    return s;
  cfb_internal::State state;
  std::memcpy(state.iv, iv.data(), 16);
  return cfb_internal::Run<true, Isa, kWays>(key, state, in, out);
}

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCfb>
absl::Status AesCfbDecrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  if (absl::Status s = modes_internal::CheckIv<Isa, kWays>("AES-CFB", "IV", iv);
      !s.ok())
    return s;
  cfb_internal::State state;
  std::memcpy(state.iv, iv.data(), 16);
  return cfb_internal::Run<false, Isa, kWays>(key, state, in, out);
}

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_CFB_H_
