// AES-128/192/256 key schedules (FIPS-197 §5.2), for encryption and for the
// equivalent inverse cipher (§5.3.5), held together in one key object that
// wipes them when it goes.
#ifndef BRAID_AES_KEY_H_
#define BRAID_AES_KEY_H_

#include <cstdint>
#include <cstring>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/namespace.h"
#include "braid/simd/aes_ops.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace aes_key_internal {

inline constexpr int kMaxRounds = 14;

// FIPS-197 §5.2, one group of kNk words at a time: the key length is a
// constant, so there is no division and no branch per word.
template <int kNk, class Isa>
void ExpandWords(Isa isa, uint32_t* w) {
  constexpr int total_words = 4 * (kNk + 7);
  uint32_t rcon = 1;
  for (int i = kNk; i < total_words; i += kNk) {
    const uint32_t rotated = (w[i - 1] >> 8) | (w[i - 1] << 24);
    w[i] = w[i - kNk] ^ simd::SubWord(isa, rotated) ^ rcon;
    rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
    for (int j = 1; j < kNk && i + j < total_words; ++j) {
      uint32_t t = w[i + j - 1];
      if (kNk == 8 && j == 4) t = simd::SubWord(isa, t);
      w[i + j] = w[i + j - kNk] ^ t;
    }
  }
}

// Both schedules of a 16-, 24- or 32-byte key, 16 * (rounds + 1) bytes each:
// `enc` in order of use, `dec` for the equivalent inverse cipher (§5.3.5),
// or no `dec` if it is null. Returns the rounds.
template <class Isa>
int Expand(Isa isa, const uint8_t* key, size_t key_bytes, uint8_t* enc,
           uint8_t* dec) {
  const int nk = static_cast<int>(key_bytes) / 4;
  const int rounds = nk + 6;
  const int total_words = 4 * (rounds + 1);
  // Words hold bytes little-endian: byte 0 of a word is its low byte.
  uint32_t w[4 * (kMaxRounds + 1)];
  std::memcpy(w, key, key_bytes);
  switch (nk) {
    case 4:
      ExpandWords<4>(isa, w);
      break;
    case 6:
      ExpandWords<6>(isa, w);
      break;
    default:
      ExpandWords<8>(isa, w);
      break;
  }
  std::memcpy(enc, w, total_words * 4);
  internal::Wipe(w, sizeof(w));
  if (dec == nullptr) return rounds;

  // Equivalent inverse cipher: keys reversed, InvMixColumns on the middle.
  std::memcpy(dec, enc + 16 * rounds, 16);
  for (int r = 1; r < rounds; ++r) {
    simd::InvMixColumnsKey(isa, enc + 16 * (rounds - r), dec + 16 * r);
  }
  std::memcpy(dec + 16 * rounds, enc, 16);
  return rounds;
}

inline int Expand(isa::Auto, const uint8_t* key, size_t key_bytes,
                  uint8_t* enc, uint8_t* dec) {
  return dispatch_internal::Aes().expand_key(key, key_bytes, enc, dec);
}

}  // namespace aes_key_internal

class AesKey {
 public:
  static constexpr int kMaxRounds = aes_key_internal::kMaxRounds;
  static constexpr size_t kBlockBytes = 16;

  // A key of 16, 24 or 32 bytes; anything else is InvalidArgument.
  static absl::StatusOr<AesKey> Create(absl::Span<const uint8_t> key) {
    return CreateWith(DefaultAesIsa{}, key);
  }

  // The same, computing SubWord/InvMixColumns with a named tag's primitives.
  template <class Isa>
  static absl::StatusOr<AesKey> CreateWith(Isa isa,
                                           absl::Span<const uint8_t> key) {
    isa::RequireEnabled<Isa>();
    if (key.size() != 16 && key.size() != 24 && key.size() != 32) {
      return absl::InvalidArgumentError(
          absl::StrCat("AES key must be 16, 24 or 32 bytes, got ", key.size()));
    }
    if (key.data() == nullptr) {
      return absl::InvalidArgumentError("AES key pointer is null");
    }
    AesKey k;
    k.rounds_ =
        aes_key_internal::Expand(isa, key.data(), key.size(), k.enc_, k.dec_);
    return k;
  }

  AesKey(const AesKey&) = default;
  AesKey& operator=(const AesKey&) = default;
  ~AesKey() { Wipe(); }

  int rounds() const { return rounds_; }
  int key_bytes() const { return (rounds_ - 6) * 4; }
  // Round keys 0..rounds() in order of use, 16 bytes each.
  const uint8_t* encryption_round_keys() const { return enc_; }
  const uint8_t* decryption_round_keys() const { return dec_; }

 private:
  AesKey() = default;

  void Wipe() {
    internal::Wipe(enc_, sizeof(enc_));
    internal::Wipe(dec_, sizeof(dec_));
  }

  int rounds_ = 0;
  alignas(16) uint8_t enc_[16 * (kMaxRounds + 1)] = {};
  alignas(16) uint8_t dec_[16 * (kMaxRounds + 1)] = {};
};

namespace aes_key_internal {

// The encryption schedule alone, for a key that only ever encrypts and is
// made anew for each message (GCM-SIV's per-nonce key): half the work and
// half the wiping of an AesKey. The caller has checked the key's size.
class EncryptionSchedule {
 public:
  template <class Isa>
  EncryptionSchedule(Isa isa, const uint8_t* key, size_t key_bytes)
      : rounds_(Expand(isa, key, key_bytes, enc_, nullptr)) {}
  EncryptionSchedule(const EncryptionSchedule&) = default;
  EncryptionSchedule& operator=(const EncryptionSchedule&) = default;
  ~EncryptionSchedule() { internal::Wipe(enc_, sizeof(enc_)); }

  int rounds() const { return rounds_; }
  const uint8_t* encryption_round_keys() const { return enc_; }

 private:
  alignas(16) uint8_t enc_[16 * (kMaxRounds + 1)];
  int rounds_;
};

}  // namespace aes_key_internal

BRAID_NAMESPACE_END

#endif  // BRAID_AES_KEY_H_
