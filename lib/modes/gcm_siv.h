// AES-GCM-SIV (RFC 8452) with AES-128 or AES-256 key-generating keys and
// 12-byte nonces: per-nonce key derivation, POLYVAL over the associated data
// and the plaintext, the tag as the initial counter of CTR32LE.
//
// Seal takes two passes (the tag depends on the whole plaintext before
// the first keystream block). Open writes the plaintext, computes the tag
// over it and, if the tag does not match, wipes the output before it
// returns the error: no unauthenticated plaintext reaches the caller.
#ifndef BRAID_MODES_GCM_SIV_H_
#define BRAID_MODES_GCM_SIV_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/declassify.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/aead_stream.h"
#include "braid/modes/buffer_checks.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/namespace.h"
#include "braid/polyval.h"
#include "braid/status.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN

namespace gcm_siv_internal {

// Blocks per POLYVAL reduction, whatever kWays the AES runs at: the hash is
// one serial chain, and its latency per batch is hidden only by wide
// batches (16 models fastest on N1 and V2; see benchmarks/RESULTS.md).
inline constexpr size_t kPolyvalWays = 16;

// The ISA part of the tag: POLYVAL under `h` over the zero-padded
// associated data, the zero-padded message and their bit lengths.
template <class Isa>
struct Kernel {
  static void Polyval(const uint8_t* h, const uint8_t* aad, size_t aad_bytes,
                      const uint8_t* msg, size_t msg_bytes, uint8_t* digest);

  // `bytes` of data, the last block padded with zeros, into `state`.
  static void PolyvalPiece(const uint8_t* h, uint8_t* state,
                           const uint8_t* data, size_t bytes) {
    braid::Polyval<Isa, kPolyvalWays> polyval(h, state);
    polyval.UpdatePadded(data, bytes);
    polyval.Digest(state);
  }
};

// Defined out of its class, so not inline: tests/instances.h shares its
// instances between tests.
template <class Isa>
void Kernel<Isa>::Polyval(const uint8_t* h, const uint8_t* aad,
                          size_t aad_bytes, const uint8_t* msg,
                          size_t msg_bytes, uint8_t* digest) {
  braid::Polyval<Isa, kPolyvalWays> polyval(h);
  polyval.UpdatePadded(aad, aad_bytes);
  polyval.UpdatePadded(msg, msg_bytes);
  alignas(16) uint8_t lengths[16];
  const uint64_t bits[2] = {uint64_t{aad_bytes} * 8, uint64_t{msg_bytes} * 8};
  std::memcpy(lengths, bits, 16);  // little-endian on AArch64 and x86-64
  polyval.Update(lengths, 1);
  polyval.Digest(digest);
}

template <>
struct Kernel<isa::Auto> {
  static void Polyval(const uint8_t* h, const uint8_t* aad, size_t aad_bytes,
                      const uint8_t* msg, size_t msg_bytes, uint8_t* digest) {
    dispatch_internal::Aes().gcm_siv_polyval(h, aad, aad_bytes, msg, msg_bytes,
                                             digest);
  }
  static void PolyvalPiece(const uint8_t* h, uint8_t* state,
                           const uint8_t* data, size_t bytes) {
    dispatch_internal::Aes().gcm_siv_polyval_piece(h, state, data, bytes);
  }
};

}  // namespace gcm_siv_internal

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCtr>
class AesGcmSiv {
 public:
  static constexpr size_t kNonceBytes = 12;
  static constexpr size_t kTagBytes = 16;
  // RFC 8452 §6: plaintext and associated data of at most 2^36 bytes.
  static constexpr uint64_t kMaxBytes = uint64_t{1} << 36;
  static constexpr size_t kPolyvalWays = gcm_siv_internal::kPolyvalWays;

  // A key-generating key of 16 (AES-128) or 32 bytes (AES-256).
  static absl::StatusOr<AesGcmSiv> Create(absl::Span<const uint8_t> key) {
    isa::RequireEnabled<Isa>();
    static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
    if (key.size() != 16 && key.size() != 32) {
      return absl::InvalidArgumentError(absl::StrCat(
          "AES-GCM-SIV key must be 16 or 32 bytes, got ", key.size()));
    }
    auto aes = AesKey::CreateWith(Isa{}, key);
    if (!aes.ok()) return aes.status();
    return AesGcmSiv(*std::move(aes));
  }

  // out = ciphertext || tag: plaintext.size() + 16 bytes. out may start at
  // plaintext.data() (in place).
  absl::Status Seal(absl::Span<const uint8_t> nonce,
                    absl::Span<const uint8_t> aad,
                    absl::Span<const uint8_t> plaintext,
                    absl::Span<uint8_t> out) const {
    constexpr absl::string_view kWhat = "GCM-SIV encrypt";
    if (absl::Status s = CheckArgs(kWhat, nonce, aad, plaintext.size());
        !s.ok()) {
      return s;
    }
    if (out.size() < plaintext.size() + kTagBytes) {
      return absl::InvalidArgumentError(absl::StrCat(
          kWhat, ": output of ", out.size(), " bytes cannot hold the ",
          plaintext.size(), "-byte ciphertext and the 16-byte tag"));
    }
    if (absl::Status s = modes_internal::CheckInOut(
            kWhat, plaintext, out.first(plaintext.size()));
        !s.ok()) {
      return s;
    }
    Keys keys = Derive(nonce);
    alignas(16) uint8_t tag[16];
    Tag(keys, nonce, aad, plaintext, tag);
    // The tag is output, and the counter starts from it: public.
    internal::Declassify(tag, sizeof(tag));
    // Keystream from the tag, before the output (which may be the input)
    // is written; then the tag after the ciphertext.
    Crypt(keys, tag, plaintext, out.data());
    std::memcpy(out.data() + plaintext.size(), tag, kTagBytes);
    internal::Wipe(tag, sizeof(tag));
    return absl::OkStatus();
  }

  // `sealed` = ciphertext || tag; out receives sealed.size() - 16 bytes of
  // plaintext, or, if the tag does not verify, an error and all zeros.
  absl::Status Open(absl::Span<const uint8_t> nonce,
                    absl::Span<const uint8_t> aad,
                    absl::Span<const uint8_t> sealed,
                    absl::Span<uint8_t> out) const {
    constexpr absl::string_view kWhat = "GCM-SIV decrypt";
    if (sealed.data() == nullptr || sealed.size() < kTagBytes) {
      return absl::InvalidArgumentError(
          absl::StrCat(kWhat, ": input of ", sealed.size(),
                       " bytes is shorter than the 16-byte tag"));
    }
    const size_t len = sealed.size() - kTagBytes;
    if (absl::Status s = CheckArgs(kWhat, nonce, aad, len); !s.ok()) {
      return s;
    }
    if (absl::Status s =
            modes_internal::CheckInOut(kWhat, sealed.first(len), out);
        !s.ok()) {
      return s;
    }
    Keys keys = Derive(nonce);
    alignas(16) uint8_t expected[16];
    std::memcpy(expected, sealed.data() + len, kTagBytes);  // out may alias
    Crypt(keys, expected, sealed.first(len), out.data());
    alignas(16) uint8_t tag[16];
    Tag(keys, nonce, aad, out.first(len), tag);
    const bool match =
        modes_internal::ConstantTimeEqual(tag, expected, kTagBytes);
    internal::Wipe(tag, sizeof(tag));
    if (!match) {
      internal::Wipe(out.data(), len);
      return internal::AuthenticationFailure(kWhat);
    }
    return absl::OkStatus();
  }

  // GCM-SIV in pieces, for a message too long to hold in memory; every
  // piece but the last a multiple of 16 bytes. The tag is computed from the
  // whole plaintext and the keystream from the tag, so sealing takes the
  // plaintext twice:
  //
  //   auto sealer = siv->BeginSeal(nonce, aad);
  //   sealer->Absorb(piece);       // the whole plaintext, in pieces
  //   sealer->Tag(tag);            // 16 bytes
  //   sealer->Update(piece, out);  // the same plaintext again: ciphertext
  //   sealer->Finish();            // refuses a second pass of another length
  //
  // The second pass must be the same bytes as the first: the caller keeps
  // them (braid's program spools them, encrypted under a key of its own).
  // Opening takes the tag first (modes/aead_stream.h), and writes plaintext
  // that may be used only once Finish(tag), with the same tag, returns OK.
  static constexpr size_t kPieceBytes = 16;
  class Sealer;
  struct OpenCore;
  using Opener = modes_internal::AeadStream<OpenCore, false>;

  absl::StatusOr<Sealer> BeginSeal(absl::Span<const uint8_t> nonce,
                                   absl::Span<const uint8_t> aad) const;
  absl::StatusOr<Opener> BeginOpen(absl::Span<const uint8_t> nonce,
                                   absl::Span<const uint8_t> aad,
                                   absl::Span<const uint8_t> tag) const;

 private:
  // The per-nonce keys (RFC 8452 §4).
  struct Keys {
    // material: 8 bytes from each block E_K(LE32(i) || nonce).
    Keys(const uint8_t* material, size_t enc_bytes)
        : enc(Isa{}, material + 16, enc_bytes) {
      std::memcpy(auth, material, 16);
    }
    Keys(const Keys&) = default;
    Keys& operator=(const Keys&) = default;
    ~Keys() { internal::Wipe(auth, sizeof(auth)); }

    alignas(16) uint8_t auth[16];
    aes_key_internal::EncryptionSchedule enc;
  };

  explicit AesGcmSiv(AesKey key) : key_(std::move(key)) {}

  static absl::Status CheckArgs(absl::string_view what,
                                absl::Span<const uint8_t> nonce,
                                absl::Span<const uint8_t> aad, size_t len) {
    if (nonce.size() != kNonceBytes || nonce.data() == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": nonce must be 12 bytes, got ", nonce.size()));
    }
    if (aad.data() == nullptr && !aad.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": associated data pointer is null with length ", aad.size()));
    }
    if (aad.size() > kMaxBytes) {
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": associated data of ", aad.size(),
                       " bytes is over the 2^36-byte limit"));
    }
    if (len > kMaxBytes) {
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": message of ", len, " bytes is over the 2^36-byte limit"));
    }
    return absl::OkStatus();
  }

  // Blocks LE32(i) || nonce under the key-generating key; the first 8 bytes
  // of each make the authentication key (i = 0, 1) and the encryption key
  // (i = 2, 3, and 4, 5 for AES-256).
  Keys Derive(absl::Span<const uint8_t> nonce) const {
    const int blocks = key_.key_bytes() == 16 ? 4 : 6;
    alignas(16) uint8_t in[6 * 16] = {};
    alignas(16) uint8_t out[6 * 16];
    for (int i = 0; i < blocks; ++i) {
      in[16 * i] = static_cast<uint8_t>(i);
      std::memcpy(in + 16 * i + 4, nonce.data(), kNonceBytes);
    }
    ecb_internal::Kernel<Isa, kWays>::template Run<
        aes_engine::Direction::kEncrypt>(key_.encryption_round_keys(),
                                         key_.rounds(), in, out, blocks);
    // 8 bytes from each block: 32 for AES-128, 48 for AES-256.
    alignas(16) uint8_t material[6 * 8];
    for (int i = 0; i < blocks; ++i)
      std::memcpy(material + 8 * i, out + 16 * i, 8);
    Keys keys(material, 8 * (blocks - 2));
    internal::Wipe(material, sizeof(material));
    internal::Wipe(out, sizeof(out));
    return keys;
  }

  // The tag over `plaintext` (RFC 8452 §4).
  void Tag(const Keys& keys, absl::Span<const uint8_t> nonce,
           absl::Span<const uint8_t> aad, absl::Span<const uint8_t> plaintext,
           uint8_t tag[16]) const {
    alignas(16) uint8_t s[16];
    gcm_siv_internal::Kernel<Isa>::Polyval(keys.auth, aad.data(), aad.size(),
                                           plaintext.data(), plaintext.size(),
                                           s);
    TagFromHash(keys, nonce.data(), s, tag);
  }

  // The tag from POLYVAL's result `s` (which it wipes).
  static void TagFromHash(const Keys& keys, const uint8_t* nonce, uint8_t s[16],
                          uint8_t tag[16]) {
    // s[0..12) ^= nonce as two words: as bytes, GCC keeps a loop (s and
    // nonce might overlap, as far as it knows).
    uint64_t s_low, nonce_low;
    uint32_t s_high, nonce_high;
    std::memcpy(&s_low, s, 8);
    std::memcpy(&s_high, s + 8, 4);
    std::memcpy(&nonce_low, nonce, 8);
    std::memcpy(&nonce_high, nonce + 8, 4);
    s_low ^= nonce_low;
    s_high ^= nonce_high;
    std::memcpy(s, &s_low, 8);
    std::memcpy(s + 8, &s_high, 4);
    s[15] &= 0x7f;
    ecb_internal::Kernel<Isa, 1>::EncryptBlock(keys.enc.encryption_round_keys(),
                                               keys.enc.rounds(), s, tag);
    internal::Wipe(s, 16);
  }

  // The bit lengths of the associated data and the message, POLYVAL's last
  // block, into a running POLYVAL state.
  static void HashLengths(const Keys& keys, uint64_t aad_bytes,
                          uint64_t msg_bytes, uint8_t state[16]) {
    alignas(16) uint8_t lengths[16];
    const uint64_t bits[2] = {aad_bytes * 8, msg_bytes * 8};
    std::memcpy(lengths, bits, 16);  // little-endian on AArch64 and x86-64
    gcm_siv_internal::Kernel<Isa>::PolyvalPiece(keys.auth, state, lengths, 16);
  }

  // CTR32LE from the tag with its top bit set.
  static void CounterFrom(const uint8_t tag[16], ctr_internal::State& state) {
    std::memcpy(state.counter, tag, 16);
    state.counter[15] |= 0x80;
  }
  static void Crypt(const Keys& keys, const uint8_t tag[16],
                    absl::Span<const uint8_t> in, uint8_t* out) {
    ctr_internal::State state;
    CounterFrom(tag, state);
    CryptPiece(keys, state, in.data(), out, in.size());
  }
  static void CryptPiece(const Keys& keys, ctr_internal::State& state,
                         const uint8_t* in, uint8_t* out, size_t n) {
    (void)ctr_internal::Crypt<ctr_internal::LittleEndian32, Isa, kWays>(
        keys.enc.encryption_round_keys(), keys.enc.rounds(), state, "GCM-SIV",
        absl::MakeConstSpan(in, n), absl::MakeSpan(out, n));
  }

  AesKey key_;
};

// What a stream keeps between pieces: the message's keys, POLYVAL's state
// over the associated data and the plaintext so far, CTR's state from the
// tag.
template <class Isa, size_t kWays>
struct AesGcmSiv<Isa, kWays>::OpenCore {
  Keys keys;
  uint8_t nonce[kNonceBytes];
  alignas(16) uint8_t tag[16];  // the one the keystream comes from
  alignas(16) uint8_t hash[16];
  ctr_internal::State ctr;
  uint64_t aad_bytes;
  uint64_t bytes;

  void Piece(const uint8_t* in, uint8_t* out, size_t n) {
    CryptPiece(keys, ctr, in, out, n);
    gcm_siv_internal::Kernel<Isa>::PolyvalPiece(keys.auth, hash, out, n);
    bytes += n;
  }
  // The tag of the plaintext, which verifies only if it is also the tag
  // the keystream came from.
  bool End(uint8_t computed[16]) {
    HashLengths(keys, aad_bytes, bytes, hash);
    TagFromHash(keys, nonce, hash, computed);
    return modes_internal::ConstantTimeEqual(computed, tag, 16);
  }
  void Wipe() {
    internal::Wipe(hash, sizeof(hash));
    internal::Wipe(ctr.keystream, sizeof(ctr.keystream));
  }
};

template <class Isa, size_t kWays>
class AesGcmSiv<Isa, kWays>::Sealer {
 public:
  Sealer(Sealer&&) = default;
  Sealer& operator=(Sealer&&) = default;
  ~Sealer() { core_.Wipe(); }

  // The first pass: a piece of the plaintext into the tag.
  absl::Status Absorb(absl::Span<const uint8_t> piece) {
    if (phase_ != Phase::kAbsorb) return PhaseError("Absorb");
    if (partial_ && !piece.empty()) {
      return modes_internal::PieceError(kWhat, kPieceBytes);
    }
    if (piece.size() > kMaxBytes - core_.bytes) {
      return modes_internal::LengthError(
          kWhat, "message", core_.bytes + piece.size(), "2^36-byte");
    }
    if (piece.data() == nullptr && !piece.empty()) {
      return modes_internal::InOutError(kWhat, piece, piece);
    }
    gcm_siv_internal::Kernel<Isa>::PolyvalPiece(core_.keys.auth, core_.hash,
                                                piece.data(), piece.size());
    core_.bytes += piece.size();
    partial_ = piece.size() % kPieceBytes != 0;
    return absl::OkStatus();
  }

  // The tag (16 bytes), after the first pass.
  absl::Status Tag(absl::Span<uint8_t> tag) {
    if (phase_ != Phase::kAbsorb) return PhaseError("Tag");
    if (tag.size() != kTagBytes || tag.data() == nullptr) {
      return modes_internal::StreamTagError(kWhat, tag.size(), 16, 16);
    }
    HashLengths(core_.keys, core_.aad_bytes, core_.bytes, core_.hash);
    TagFromHash(core_.keys, core_.nonce, core_.hash, core_.tag);
    internal::Declassify(core_.tag, sizeof(core_.tag));  // output
    std::memcpy(tag.data(), core_.tag, kTagBytes);
    CounterFrom(core_.tag, core_.ctr);
    phase_ = Phase::kEncrypt;
    absorbed_ = core_.bytes;
    core_.bytes = 0;
    partial_ = false;
    return absl::OkStatus();
  }

  // The second pass: the same plaintext, encrypted to out.
  absl::Status Update(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    if (phase_ != Phase::kEncrypt) return PhaseError("Update");
    if (partial_ && !in.empty()) {
      return modes_internal::PieceError(kWhat, kPieceBytes);
    }
    if (in.size() > absorbed_ - core_.bytes) return PassError(in.size());
    if (absl::Status s = modes_internal::CheckInOut(kWhat, in, out); !s.ok()) {
      return s;
    }
    CryptPiece(core_.keys, core_.ctr, in.data(), out.data(), in.size());
    core_.bytes += in.size();
    partial_ = in.size() % kPieceBytes != 0;
    return absl::OkStatus();
  }

  absl::Status Finish() {
    if (phase_ != Phase::kEncrypt) return PhaseError("Finish");
    if (core_.bytes != absorbed_) return PassError(0);
    phase_ = Phase::kDone;
    return absl::OkStatus();
  }

 private:
  friend class AesGcmSiv;
  static constexpr absl::string_view kWhat = "GCM-SIV encrypt";
  enum class Phase { kAbsorb, kEncrypt, kDone };

  explicit Sealer(OpenCore core) : core_(std::move(core)) {}

  BRAID_COLD absl::Status PhaseError(absl::string_view call) const {
    return absl::FailedPreconditionError(
        absl::StrCat(kWhat, ": ", call, " ",
                     phase_ == Phase::kAbsorb    ? "before Tag"
                     : phase_ == Phase::kEncrypt ? "after Tag"
                                                 : "after Finish"));
  }
  BRAID_COLD absl::Status PassError(size_t more) const {
    return absl::InvalidArgumentError(
        absl::StrCat(kWhat, ": the second pass is not the first's ", absorbed_,
                     " bytes (", core_.bytes + more, " so far)"));
  }

  OpenCore core_;
  Phase phase_ = Phase::kAbsorb;
  uint64_t absorbed_ = 0;
  bool partial_ = false;
};

template <class Isa, size_t kWays>
auto AesGcmSiv<Isa, kWays>::BeginSeal(absl::Span<const uint8_t> nonce,
                                      absl::Span<const uint8_t> aad) const
    -> absl::StatusOr<Sealer> {
  if (absl::Status s = CheckArgs("GCM-SIV encrypt", nonce, aad, 0); !s.ok()) {
    return s;
  }
  OpenCore core{Derive(nonce), {}, {}, {}, {}, aad.size(), 0};
  std::memcpy(core.nonce, nonce.data(), kNonceBytes);
  gcm_siv_internal::Kernel<Isa>::PolyvalPiece(core.keys.auth, core.hash,
                                              aad.data(), aad.size());
  return Sealer(std::move(core));
}

template <class Isa, size_t kWays>
auto AesGcmSiv<Isa, kWays>::BeginOpen(absl::Span<const uint8_t> nonce,
                                      absl::Span<const uint8_t> aad,
                                      absl::Span<const uint8_t> tag) const
    -> absl::StatusOr<Opener> {
  constexpr absl::string_view kWhat = "GCM-SIV decrypt";
  if (absl::Status s = CheckArgs(kWhat, nonce, aad, 0); !s.ok()) return s;
  if (tag.size() != kTagBytes || tag.data() == nullptr) {
    return modes_internal::StreamTagError(kWhat, tag.size(), 16, 16);
  }
  OpenCore core{Derive(nonce), {}, {}, {}, {}, aad.size(), 0};
  std::memcpy(core.nonce, nonce.data(), kNonceBytes);
  std::memcpy(core.tag, tag.data(), kTagBytes);
  CounterFrom(core.tag, core.ctr);
  gcm_siv_internal::Kernel<Isa>::PolyvalPiece(core.keys.auth, core.hash,
                                              aad.data(), aad.size());
  return Opener(std::move(core),
                {kWhat, kPieceBytes, kMaxBytes, "2^36-byte", 16, 16});
}

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_GCM_SIV_H_
