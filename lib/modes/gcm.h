// AES-GCM (SP 800-38D) with 128-, 192- and 256-bit keys, nonces of any
// length and tags of 12 to 16 bytes.
//
// CTR (inc32) and GHASH run in one loop: each batch of kWays counter blocks
// is encrypted in the same loop body that hashes ciphertext, so the
// compiler interleaves the PMULLs with the AES rounds (ctr.h's Blocks takes
// the hash; ghash.h does the arithmetic). Open hashes the ciphertext as it
// decrypts and, if the tag does not verify, wipes the output and returns the
// authentication-failure status (braid/status.h).
#ifndef BRAID_MODES_GCM_H_
#define BRAID_MODES_GCM_H_

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
#include "braid/aes_engine.h"
#include "braid/aes_key.h"
#include "braid/declassify.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/ghash.h"
#include "braid/modes/aead_stream.h"
#include "braid/modes/buffer_checks.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/namespace.h"
#include "braid/polyval.h"
#include "braid/simd/clmul_ops.h"
#include "braid/status.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace gcm_internal {

// Whether GHASH splits a pair of blocks as it loads them (polyval.h's
// kSplitOnLoad) when the blocks are also the cipher's input in the same
// loop body (decryption, but for CTR's BatchAhead): there GCC spills around
// the two-register TBLs and Clang does not.
#if defined(__clang__)
inline constexpr bool kSplitInputOnLoad = true;
#else
inline constexpr bool kSplitInputOnLoad = false;
#endif

// Whether decryption's hash runs a batch ahead of the cipher in CTR's
// aligned loop (ctr.h: BatchAhead), so that the blocks the cipher reads are
// not also held for the hash through the rounds: GCC then spills. Measured
// per build: ahead, GCC's sve2 build (EOR3) no longer spills; GCC's crypto
// build and Clang's model no faster or slower on N1.
#if !defined(__clang__) && defined(__ARM_FEATURE_SHA3)
inline constexpr bool kHashInputAhead = true;
#else
inline constexpr bool kHashInputAhead = false;
#endif

// GHASH over the runs of ciphertext that CTR's loop shows it: the input's
// when decrypting, the output's when encrypting (ctr.h, NoHash).
template <class Isa, size_t kWays, bool kHashInput>
struct HashRuns {
  static constexpr bool kInput = kHashInput;
  static constexpr bool kAhead = kHashInput && kHashInputAhead;
  using Field = decltype(simd::FieldZero(Isa{}));

  const GhashKey* key;
  Field s;
  bool secret_counter;  // a nonce of another length than 12 bytes

  bool SecretCounter() const { return secret_counter; }

  // `ways` vectors of blocks: one reduction per `ways` blocks. BatchAhead:
  // input blocks that the cipher does not read in the same loop body.
  template <class Ways>
  BRAID_INLINE void Batch(Ways ways, const uint8_t* p, size_t per_vector) {
    BatchSplit<!kHashInput || kSplitInputOnLoad>(ways, p, per_vector);
  }
  template <class Ways>
  BRAID_INLINE void BatchAhead(Ways ways, const uint8_t* p, size_t per_vector) {
    BatchSplit<true>(ways, p, per_vector);
  }
  template <bool kSplitOnLoad, class Ways>
  BRAID_INLINE void BatchSplit(Ways ways, const uint8_t* p, size_t per_vector) {
    for (size_t v = 0; v < per_vector; ++v) {
      s = polyval_internal::Batch<ways(), true, Isa, Field, kGhashMaxWays,
                                  kSplitOnLoad>(Isa{}, s, p + 16 * ways() * v,
                                                key->table);
    }
  }
  BRAID_INLINE void Run(const uint8_t* p, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      s = polyval_internal::Batch<1, true>(Isa{}, s, p + 16 * i, key->table);
    }
  }
};

// GHASH's last block: the bit lengths of the AAD and the ciphertext, each
// 64 bits big-endian.
inline void LengthBlock(uint64_t aad_bytes, uint64_t bytes, uint8_t out[16]) {
  const uint64_t a = __builtin_bswap64(aad_bytes * 8);
  const uint64_t c = __builtin_bswap64(bytes * 8);
  std::memcpy(out, &a, 8);
  std::memcpy(out + 8, &c, 8);
}

// The ISA part, after the arguments were checked. Key fills the GHASH key
// table (a GhashKey, as bytes) from the encryption schedule. A message is
// Begin (J0, GHASH of the associated data), Piece for each piece of it
// (whole blocks but the last), End (the full 16-byte tag); Crypt is the
// three for one whole message.
template <class Isa, size_t kWays>
struct Kernel {
  using Direction = aes_engine::Direction;
  using State = dispatch_internal::GcmState;

  static void Key(const uint8_t* rk, int rounds, uint8_t* table) {
    alignas(16) uint8_t h[16] = {};
    ecb_internal::Kernel<Isa, 1>::EncryptBlock(rk, rounds, h, h);
    ghash_internal::Init(Isa{}, h, *reinterpret_cast<GhashKey*>(table));
    internal::Wipe(h, sizeof(h));
  }

  static BRAID_INLINE void Begin(const uint8_t* rk, int rounds,
                                 const uint8_t* table, const uint8_t* nonce,
                                 size_t nonce_bytes, const uint8_t* aad,
                                 size_t aad_bytes, State* st) {
    (void)rk;
    (void)rounds;
    const GhashKey& key = *reinterpret_cast<const GhashKey*>(table);
    if (nonce_bytes == 12) {
      std::memcpy(st->j0, nonce, 12);
      const uint8_t one[4] = {0, 0, 0, 1};
      std::memcpy(st->j0 + 12, one, 4);
    } else {
      alignas(16) uint8_t lengths[16];
      Ghash<Isa, kWays> nonce_hash(key);
      nonce_hash.UpdatePadded(nonce, nonce_bytes);
      LengthBlock(0, nonce_bytes, lengths);
      nonce_hash.Update(lengths, 1);
      nonce_hash.Digest(st->j0);
    }
    Ghash<Isa, kWays> ghash(key);
    ghash.UpdatePadded(aad, aad_bytes);
    std::memcpy(st->hash, ghash.state(), 16);
    std::memcpy(st->counter, st->j0, 16);
    ctr_internal::BigEndian32::Add(st->counter, 1);
    st->aad_bytes = aad_bytes;
    st->bytes = 0;
    st->secret_counter = nonce_bytes != 12;
  }

  template <Direction kDirection>
  static BRAID_INLINE void Piece(const uint8_t* rk, int rounds,
                                 const uint8_t* table, State* st,
                                 const uint8_t* in, uint8_t* out,
                                 size_t bytes) {
    constexpr bool kDecrypt = kDirection == Direction::kDecrypt;
    const Isa isa;
    const GhashKey& key = *reinterpret_cast<const GhashKey*>(table);
    st->bytes += bytes;
    const size_t whole = bytes / 16;
    if (whole > 0) {
      HashRuns<Isa, kWays, kDecrypt> hash{&key, simd::FieldLoad(isa, st->hash),
                                          st->secret_counter};
      ctr_internal::Run<ctr_internal::BigEndian32, kWays>(
          isa, rk, rounds, st->counter, in, out, whole, hash);
      simd::FieldStore(isa, st->hash, hash.s);
    }
    if (const size_t rest = bytes % 16; rest > 0) {
      const uint8_t* tail_in = in + 16 * whole;
      uint8_t* tail_out = out + 16 * whole;
      Ghash<Isa, kWays> ghash(key, st->hash);
      if constexpr (kDecrypt) ghash.UpdatePadded(tail_in, rest);
      alignas(16) uint8_t block[16];
      ecb_internal::Kernel<Isa, 1>::EncryptBlock(rk, rounds, st->counter,
                                                 block);
      for (size_t i = 0; i < rest; ++i) tail_out[i] = tail_in[i] ^ block[i];
      if constexpr (!kDecrypt) ghash.UpdatePadded(tail_out, rest);
      std::memcpy(st->hash, ghash.state(), 16);
      internal::Wipe(block, sizeof(block));
    }
  }

  // Finish with no tail left (either direction: there is none to hash).
  static BRAID_INLINE void End(const uint8_t* rk, int rounds,
                               const uint8_t* table, State* st, uint8_t* tag) {
    Finish<Direction::kEncrypt>(rk, rounds, table, st, nullptr, nullptr, 0,
                                tag);
  }

  // Piece and End for the last `rest` < 16 bytes of a message, with two
  // serial steps fewer: the tail's keystream and E(J0) are one AES call of
  // two blocks, and the tail's GHASH and the lengths' one batch of two.
  template <Direction kDirection>
  static BRAID_INLINE void Finish(const uint8_t* rk, int rounds,
                                  const uint8_t* table, State* st,
                                  const uint8_t* in, uint8_t* out, size_t rest,
                                  uint8_t* tag) {
    constexpr bool kDecrypt = kDirection == Direction::kDecrypt;
    const GhashKey& key = *reinterpret_cast<const GhashKey*>(table);
    st->bytes += rest;
    const size_t blocks = rest > 0 ? 2 : 1;
    // E(J0), then the tail's keystream.
    alignas(16) uint8_t encrypted[32];
    std::memcpy(encrypted, st->j0, 16);
    std::memcpy(encrypted + 16, st->counter, 16);
    using Ecb = ecb_internal::Kernel<Isa, kWays>;
    if (rest > 0) {
      Ecb::template Run<Direction::kEncrypt>(rk, rounds, encrypted, encrypted,
                                             2);
    } else {
      Ecb::EncryptBlock(rk, rounds, encrypted, encrypted);
    }
    // The tail's ciphertext zero-padded, then the lengths (or the lengths
    // alone).
    alignas(16) uint8_t hashed[32] = {};
    for (size_t i = 0; i < rest; ++i) {
      const uint8_t c = in[i];  // out may be in
      out[i] = c ^ encrypted[16 + i];
      hashed[i] = kDecrypt ? c : out[i];
    }
    LengthBlock(st->aad_bytes, st->bytes, hashed + 16 * (blocks - 1));
    Ghash<Isa, kWays> ghash(key, st->hash);
    ghash.Update(hashed, blocks);
    ghash.Digest(hashed);
    for (int i = 0; i < 16; ++i) tag[i] = hashed[i] ^ encrypted[i];
    internal::Wipe(encrypted, sizeof(encrypted));
    internal::Wipe(hashed, sizeof(hashed));
    internal::Wipe(st, sizeof(*st));
  }

  template <Direction kDirection>
  static void Crypt(const uint8_t* rk, int rounds, const uint8_t* table,
                    const uint8_t* nonce, size_t nonce_bytes,
                    const uint8_t* aad, size_t aad_bytes, const uint8_t* in,
                    uint8_t* out, size_t bytes, uint8_t* tag);
};

// Defined out of its class, so not inline: tests/instances.h shares its
// instances between tests.
template <class Isa, size_t kWays>
template <aes_engine::Direction kDirection>
void Kernel<Isa, kWays>::Crypt(const uint8_t* rk, int rounds,
                               const uint8_t* table, const uint8_t* nonce,
                               size_t nonce_bytes, const uint8_t* aad,
                               size_t aad_bytes, const uint8_t* in,
                               uint8_t* out, size_t bytes, uint8_t* tag) {
  State st;
  Begin(rk, rounds, table, nonce, nonce_bytes, aad, aad_bytes, &st);
  const size_t whole = bytes - bytes % 16;
  Piece<kDirection>(rk, rounds, table, &st, in, out, whole);
  Finish<kDirection>(rk, rounds, table, &st, in + whole, out + whole,
                     bytes - whole, tag);
}

template <size_t kWays>
struct Kernel<isa::Auto, kWays> {
  static void Key(const uint8_t* rk, int rounds, uint8_t* table) {
    dispatch_internal::Aes().gcm_key(rk, rounds, table);
  }
  template <aes_engine::Direction kDirection>
  static void Crypt(const uint8_t* rk, int rounds, const uint8_t* table,
                    const uint8_t* nonce, size_t nonce_bytes,
                    const uint8_t* aad, size_t aad_bytes, const uint8_t* in,
                    uint8_t* out, size_t bytes, uint8_t* tag) {
    const auto& k = dispatch_internal::Aes();
    (kDirection == aes_engine::Direction::kEncrypt
         ? k.gcm_encrypt
         : k.gcm_decrypt)(rk, rounds, table, nonce, nonce_bytes, aad, aad_bytes,
                          in, out, bytes, tag);
  }
  using State = dispatch_internal::GcmState;
  static void Begin(const uint8_t* rk, int rounds, const uint8_t* table,
                    const uint8_t* nonce, size_t nonce_bytes,
                    const uint8_t* aad, size_t aad_bytes, State* st) {
    dispatch_internal::Aes().gcm_begin(rk, rounds, table, nonce, nonce_bytes,
                                       aad, aad_bytes, st);
  }
  template <aes_engine::Direction kDirection>
  static void Piece(const uint8_t* rk, int rounds, const uint8_t* table,
                    State* st, const uint8_t* in, uint8_t* out, size_t bytes) {
    const auto& k = dispatch_internal::Aes();
    (kDirection == aes_engine::Direction::kEncrypt
         ? k.gcm_encrypt_piece
         : k.gcm_decrypt_piece)(rk, rounds, table, st, in, out, bytes);
  }
  static void End(const uint8_t* rk, int rounds, const uint8_t* table,
                  State* st, uint8_t* tag) {
    dispatch_internal::Aes().gcm_end(rk, rounds, table, st, tag);
  }
};

BRAID_COLD absl::Status NonceError(absl::string_view what,
                                   absl::Span<const uint8_t> nonce) {
  if (nonce.data() == nullptr && !nonce.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": nonce pointer is null"));
  }
  return absl::InvalidArgumentError(absl::StrCat(
      what, ": nonce must be 1 to 2^61 - 1 bytes, got ", nonce.size()));
}

BRAID_COLD absl::Status TagSizeError(absl::string_view what, size_t size) {
  return absl::InvalidArgumentError(
      absl::StrCat(what, ": tag must be 12 to 16 bytes, got ", size));
}

}  // namespace gcm_internal

// AES-GCM under one key: the AES schedule and the powers of GHASH's H are
// computed once, in Create. Seal and Open take ciphertext || 16-byte tag;
// SealDetached and OpenDetached take the tag apart, 12 to 16 bytes. The
// output may be the input (in place) or disjoint from it.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kGcm>
class AesGcm {
 public:
  static constexpr size_t kTagBytes = 16;
  static constexpr size_t kMinTagBytes = 12;
  // SP 800-38D §5.2.1.1: plaintext of at most 2^39 - 256 bits, AAD and IV
  // below 2^64 bits.
  static constexpr uint64_t kMaxPlaintextBytes = (uint64_t{1} << 36) - 32;
  static constexpr uint64_t kMaxAadBytes = (uint64_t{1} << 61) - 1;
  static constexpr uint64_t kMaxNonceBytes = (uint64_t{1} << 61) - 1;

  // A key of 16, 24 or 32 bytes.
  static absl::StatusOr<AesGcm> Create(absl::Span<const uint8_t> key) {
    isa::RequireEnabled<Isa>();
    static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
    auto aes = AesKey::CreateWith(Isa{}, key);
    if (!aes.ok()) return aes.status();
    return AesGcm(*std::move(aes));
  }

  // out = ciphertext || tag: plaintext.size() + 16 bytes.
  absl::Status Seal(absl::Span<const uint8_t> nonce,
                    absl::Span<const uint8_t> aad,
                    absl::Span<const uint8_t> plaintext,
                    absl::Span<uint8_t> out) const {
    constexpr absl::string_view kWhat = "AES-GCM seal";
    if (out.size() < plaintext.size() ||
        out.size() - plaintext.size() < kTagBytes) {
      return modes_internal::SealOutputError(kWhat, plaintext.size(),
                                             out.size());
    }
    return SealTo(kWhat, nonce, aad, plaintext, out.first(plaintext.size()),
                  out.subspan(plaintext.size(), kTagBytes));
  }

  // `sealed` = ciphertext || 16-byte tag; out receives sealed.size() - 16
  // bytes of plaintext, or, if the tag does not verify, all zeros and a
  // status for which braid::IsAuthenticationFailure is true.
  absl::Status Open(absl::Span<const uint8_t> nonce,
                    absl::Span<const uint8_t> aad,
                    absl::Span<const uint8_t> sealed,
                    absl::Span<uint8_t> out) const {
    constexpr absl::string_view kWhat = "AES-GCM open";
    if (sealed.size() < kTagBytes || out.size() < sealed.size() - kTagBytes) {
      return modes_internal::SealedSizeError(kWhat, sealed.size(), out.size());
    }
    const size_t len = sealed.size() - kTagBytes;
    return OpenFrom(kWhat, nonce, aad, sealed.first(len), sealed.subspan(len),
                    out.first(len));
  }

  // ciphertext: plaintext.size() bytes; tag: 12 to 16 bytes, the tag's
  // first tag.size() bytes.
  absl::Status SealDetached(absl::Span<const uint8_t> nonce,
                            absl::Span<const uint8_t> aad,
                            absl::Span<const uint8_t> plaintext,
                            absl::Span<uint8_t> ciphertext,
                            absl::Span<uint8_t> tag) const {
    return SealTo("AES-GCM seal", nonce, aad, plaintext, ciphertext, tag);
  }

  absl::Status OpenDetached(absl::Span<const uint8_t> nonce,
                            absl::Span<const uint8_t> aad,
                            absl::Span<const uint8_t> ciphertext,
                            absl::Span<const uint8_t> tag,
                            absl::Span<uint8_t> plaintext) const {
    return OpenFrom("AES-GCM open", nonce, aad, ciphertext, tag, plaintext);
  }

  // Seal and Open in pieces, for a message too long to hold in memory
  // (modes/aead_stream.h): every piece but the last a multiple of 16 bytes;
  // Finish takes a tag of 12 to 16 bytes.
  static constexpr size_t kPieceBytes = 16;
  template <aes_engine::Direction kDirection>
  struct StreamCore;
  using Sealer =
      modes_internal::AeadStream<StreamCore<aes_engine::Direction::kEncrypt>,
                                 true>;
  using Opener =
      modes_internal::AeadStream<StreamCore<aes_engine::Direction::kDecrypt>,
                                 false>;

  absl::StatusOr<Sealer> BeginSeal(absl::Span<const uint8_t> nonce,
                                   absl::Span<const uint8_t> aad) const {
    return Begin<aes_engine::Direction::kEncrypt>("AES-GCM seal", nonce, aad);
  }
  absl::StatusOr<Opener> BeginOpen(absl::Span<const uint8_t> nonce,
                                   absl::Span<const uint8_t> aad) const {
    return Begin<aes_engine::Direction::kDecrypt>("AES-GCM open", nonce, aad);
  }

 private:
  using K = gcm_internal::Kernel<Isa, kWays>;
  using Direction = aes_engine::Direction;

  template <Direction kDirection>
  absl::StatusOr<modes_internal::AeadStream<StreamCore<kDirection>,
                                            kDirection == Direction::kEncrypt>>
  Begin(absl::string_view what, absl::Span<const uint8_t> nonce,
        absl::Span<const uint8_t> aad) const {
    if (absl::Status s = CheckNonceAndAad(what, nonce, aad); !s.ok()) {
      return s;
    }
    StreamCore<kDirection> core{key_, ghash_key_, {}};
    K::Begin(key_.encryption_round_keys(), key_.rounds(), core.table(),
             nonce.data(), nonce.size(), aad.data(), aad.size(), &core.state);
    return modes_internal::AeadStream<StreamCore<kDirection>,
                                      kDirection == Direction::kEncrypt>(
        std::move(core), {what, kPieceBytes, kMaxPlaintextBytes,
                          "2^36 - 32-byte", kMinTagBytes});
  }

  explicit AesGcm(AesKey key) : key_(std::move(key)) {
    K::Key(key_.encryption_round_keys(), key_.rounds(),
           reinterpret_cast<uint8_t*>(&ghash_key_));
  }

  static absl::Status CheckNonceAndAad(absl::string_view what,
                                       absl::Span<const uint8_t> nonce,
                                       absl::Span<const uint8_t> aad) {
    if (nonce.empty() || nonce.data() == nullptr ||
        nonce.size() > kMaxNonceBytes) {
      return gcm_internal::NonceError(what, nonce);
    }
    if (aad.data() == nullptr && !aad.empty()) {
      return modes_internal::InOutError(what, aad, aad);
    }
    if (aad.size() > kMaxAadBytes) {
      return modes_internal::LengthError(what, "associated data", aad.size(),
                                         "2^61 - 1-byte");
    }
    return absl::OkStatus();
  }

  static absl::Status Check(absl::string_view what,
                            absl::Span<const uint8_t> nonce,
                            absl::Span<const uint8_t> aad,
                            absl::Span<const uint8_t> in,
                            absl::Span<const uint8_t> out, size_t tag_bytes) {
    if (absl::Status s = CheckNonceAndAad(what, nonce, aad); !s.ok()) {
      return s;
    }
    if (in.size() > kMaxPlaintextBytes) {
      return modes_internal::LengthError(what, "message", in.size(),
                                         "2^36 - 32-byte");
    }
    if (tag_bytes < kMinTagBytes || tag_bytes > kTagBytes) {
      return gcm_internal::TagSizeError(what, tag_bytes);
    }
    return modes_internal::CheckInOut(what, in, out);
  }

  absl::Status SealTo(absl::string_view what, absl::Span<const uint8_t> nonce,
                      absl::Span<const uint8_t> aad,
                      absl::Span<const uint8_t> plaintext,
                      absl::Span<uint8_t> ciphertext,
                      absl::Span<uint8_t> tag) const {
    if (absl::Status s =
            Check(what, nonce, aad, plaintext, ciphertext, tag.size());
        !s.ok()) {
      return s;
    }
    if (tag.data() == nullptr) return TagPointerError(what);
    alignas(16) uint8_t full[16];
    K::template Crypt<Direction::kEncrypt>(
        key_.encryption_round_keys(), key_.rounds(),
        reinterpret_cast<const uint8_t*>(&ghash_key_), nonce.data(),
        nonce.size(), aad.data(), aad.size(), plaintext.data(),
        ciphertext.data(), plaintext.size(), full);
    internal::Declassify(full, sizeof(full));  // the tag is output
    std::memcpy(tag.data(), full, tag.size());
    internal::Wipe(full, sizeof(full));
    return absl::OkStatus();
  }

  absl::Status OpenFrom(absl::string_view what, absl::Span<const uint8_t> nonce,
                        absl::Span<const uint8_t> aad,
                        absl::Span<const uint8_t> ciphertext,
                        absl::Span<const uint8_t> tag,
                        absl::Span<uint8_t> plaintext) const {
    if (absl::Status s =
            Check(what, nonce, aad, ciphertext, plaintext, tag.size());
        !s.ok()) {
      return s;
    }
    if (tag.data() == nullptr) return TagPointerError(what);
    // The tag may sit right after the ciphertext, where an in-place caller's
    // output does not reach; copied first all the same.
    alignas(16) uint8_t expected[16];
    std::memcpy(expected, tag.data(), tag.size());
    alignas(16) uint8_t full[16];
    K::template Crypt<Direction::kDecrypt>(
        key_.encryption_round_keys(), key_.rounds(),
        reinterpret_cast<const uint8_t*>(&ghash_key_), nonce.data(),
        nonce.size(), aad.data(), aad.size(), ciphertext.data(),
        plaintext.data(), ciphertext.size(), full);
    const bool match =
        modes_internal::ConstantTimeEqual(full, expected, tag.size());
    internal::Wipe(full, sizeof(full));
    if (!match) {
      internal::Wipe(plaintext.data(), ciphertext.size());
      return internal::AuthenticationFailure(what);
    }
    return absl::OkStatus();
  }

  BRAID_COLD static absl::Status TagPointerError(absl::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": tag pointer is null"));
  }

  AesKey key_;
  GhashKey ghash_key_;
};

// A stream's own copy of the key, and its message's state.
template <class Isa, size_t kWays>
template <aes_engine::Direction kDirection>
struct AesGcm<Isa, kWays>::StreamCore {
  AesKey key;
  GhashKey ghash_key;
  dispatch_internal::GcmState state;

  const uint8_t* table() const {
    return reinterpret_cast<const uint8_t*>(&ghash_key);
  }
  void Piece(const uint8_t* in, uint8_t* out, size_t n) {
    K::template Piece<kDirection>(key.encryption_round_keys(), key.rounds(),
                                  table(), &state, in, out, n);
  }
  bool End(uint8_t tag[16]) {
    K::End(key.encryption_round_keys(), key.rounds(), table(), &state, tag);
    return true;
  }
  void Wipe() { internal::Wipe(&state, sizeof(state)); }
};

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_GCM_H_
