// ChaCha20-Poly1305 (RFC 8439 §2.8) and XChaCha20-Poly1305
// (draft-irtf-cfrg-xchacha-03: HChaCha20 turns the key and the first 16
// bytes of a 24-byte nonce into a subkey, safe for nonces drawn at random).
//
//   auto aead = braid::ChaCha20Poly1305<>::Create(key);  // 32 bytes
//   aead->Seal(nonce, aad, plaintext, out);  // out: ciphertext || 16-byte tag
//   aead->Open(nonce, aad, sealed, out);     // IsAuthenticationFailure(s)
//   aead->BeginSeal(nonce, aad), BeginOpen: the same in pieces
//
// ChaCha20 runs in the configuration of chacha20.h (ISA, vector blocks,
// scalar blocks; isa::Auto chooses at run time; the defaults are
// ChaCha20Poly1305Defaults). Under vector tags Poly1305 runs in
// general-purpose registers inside the rounds of ChaCha20's batches, one
// batch behind sealing and one ahead opening, and the split names those
// batches; the ends of a message run in ChaCha20's own split and hash each
// chunk of ciphertext while it is in L1 (poly1305.h), as the Scalar tag
// does throughout.
#ifndef BRAID_MODES_CHACHA20_POLY1305_H_
#define BRAID_MODES_CHACHA20_POLY1305_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/chacha20.h"
#include "braid/chacha20_defaults.h"
#include "braid/chacha20_engine.h"
#include "braid/declassify.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/aead_stream.h"
#include "braid/modes/buffer_checks.h"
#include "braid/namespace.h"
#include "braid/poly1305.h"
#include "braid/simd/isa.h"
#include "braid/status.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace chacha20_poly1305_internal {

inline constexpr size_t kKeyBytes = 32;
inline constexpr size_t kTagBytes = 16;
inline constexpr size_t kBlockBytes = 64;

// The ChaCha20 state for (key, 12-byte nonce) at block counter 0.
inline void InitState(uint32_t state[16], const uint8_t* key,
                      const uint8_t* nonce) {
  state[0] = 0x61707865;  // "expand 32-byte k"
  state[1] = 0x3320646e;
  state[2] = 0x79622d32;
  state[3] = 0x6b206574;
  std::memcpy(state + 4, key, 32);
  state[12] = 0;
  std::memcpy(state + 13, nonce, 12);
}

// HChaCha20: the twenty rounds over (key, 16-byte nonce) without the final
// addition; words 0..3 and 12..15 are the subkey.
inline void HChaCha20(const uint8_t* key, const uint8_t* nonce,
                      uint8_t subkey[32]) {
  chacha20_engine::ScalarBlock block;
  InitState(block.x, key, nonce);
  std::memcpy(block.x + 12, nonce, 16);  // no counter: four nonce words
  for (int i = 0; i < chacha20_engine::kDoubleRounds; ++i) {
    block.DoubleRound(isa::Scalar{});
  }
  std::memcpy(subkey, block.x, 16);
  std::memcpy(subkey + 16, block.x + 12, 16);
  internal::Wipe(&block, sizeof(block));
}

// Poly1305 over `data` padded with zeros to 16 bytes, as the AEAD's MAC
// input takes both the associated data and the ciphertext.
template <class Isa>
BRAID_INLINE void HashPadded(Isa isa, poly1305_internal::State& mac,
                             const uint8_t* data, size_t n) {
  poly1305_internal::Blocks(isa, mac, data, n / 16);
  if (n % 16 != 0) {
    alignas(16) uint8_t last[16] = {};
    std::memcpy(last, data + n / 16 * 16, n % 16);
    poly1305_internal::Blocks(isa, mac, last, 1);
  }
}

// Poly1305 beside the ChaCha20 rounds, a chacha20_engine companion: the
// accumulator in general-purpose registers, kPerRound blocks of ciphertext
// from `next` on absorbed each double round, and the rest of a batch's
// four per ChaCha20 block after the batch.
template <size_t kPerRound>
struct HashBeside {
  uint64_t r0, r1, s1, h0, h1, h2;
  const uint8_t* next;

  BRAID_INLINE void Absorb() {
    poly1305_internal::Absorb(r0, r1, s1, h0, h1, h2, next);
    next += 16;
  }
  BRAID_INLINE void Round() {
    chacha20_engine::StaticFor<kPerRound>(
        [&](auto) BRAID_LAMBDA_INLINE { Absorb(); });
  }
  BRAID_INLINE void AfterBatch(size_t blocks) {
    for (size_t i = chacha20_engine::kDoubleRounds * kPerRound;
         i < kBlockBytes / 16 * blocks; ++i) {
      Absorb();
    }
  }
};

// One message under (key, 12-byte nonce), in pieces: Begin keys Poly1305
// with block 0 and hashes the associated data; each Piece (a multiple of 64
// bytes but the last) is out = in ^ keystream from block 1 on, its
// ciphertext hashed; End hashes the lengths and writes the tag.
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks, bool kEncrypt>
struct Pass {
  // Poly1305 runs on the integer pipes inside the rounds of whole batches
  // where the vector pipes run ChaCha20; -Os kernels keep one batch shape.
  static constexpr bool kStitched = isa::Traits<Isa>::kNeon &&
                                    kVectorBlocks > 0 &&
                                    !chacha20_engine::kCompactTails;
  // (kVectorBlocks, kScalarBlocks) is the split of the stitched batches;
  // the rest of a stitched message (its ends, and all of a short one) runs
  // in ChaCha20's own, which is faster over a few blocks.
  using K = std::conditional_t<
      kStitched,
      chacha20_internal::Kernel<Isa, ChaCha20Defaults<Isa>::kVectorBlocks,
                                ChaCha20Defaults<Isa>::kScalarBlocks>,
      chacha20_internal::Kernel<Isa, kVectorBlocks, kScalarBlocks>>;
  // Poly1305 blocks a double round: at most a tenth of a batch's (four a
  // ChaCha20 block; SVE groups counted at the smallest vector length).
  static constexpr size_t kHashPerRound =
      kBlockBytes / 16 *
      ((isa::Traits<Isa>::kSve ? 4 : 1) * kVectorBlocks + kScalarBlocks) /
      chacha20_engine::kDoubleRounds;

  uint32_t state[16];
  poly1305_internal::State mac;
  uint64_t aad_bytes;
  uint64_t text_bytes;

  BRAID_INLINE void Begin(const uint8_t* key, const uint8_t* nonce,
                          const uint8_t* aad, size_t aad_len) {
    InitState(state, key, nonce);
    alignas(64) uint8_t block0[kBlockBytes] = {};
    K::Blocks(state, block0, block0, 1);
    poly1305_internal::Init(mac, block0);
    internal::Wipe(block0, sizeof(block0));
    state[12] = 1;
    HashPadded(Isa{}, mac, aad, aad_len);
    aad_bytes = aad_len;
    text_bytes = 0;
  }

  BRAID_INLINE void Piece(const uint8_t* in, uint8_t* out, size_t len) {
    text_bytes += len;
    // Whole blocks, then a partial one in a buffer together with the whole
    // blocks of its batch, so that a short message is one batch.
    const size_t whole = len / kBlockBytes, part = len % kBlockBytes;
    const size_t tail_blocks =
        part > 0 ? std::min(whole, K::BlocksPerBatch() - 1) : 0;
    const size_t bulk = whole - tail_blocks;
    if constexpr (kStitched) {
      if (!Stitched(in, out, bulk)) Apart(in, out, bulk);
    } else {
      Apart(in, out, bulk);
    }
    const size_t done = kBlockBytes * bulk, rest = len - done;
    if (!kEncrypt) HashPadded(Isa{}, mac, in + done, rest);
    if (part > 0) {
      alignas(64) uint8_t buffer[kBlockBytes * K::kMaxBlocksPerBatch];
      std::memcpy(buffer, in + done, rest);
      K::Blocks(state, buffer, buffer, tail_blocks + 1);
      std::memcpy(out + done, buffer, rest);
      internal::Wipe(buffer, kBlockBytes * (tail_blocks + 1));
    }
    if (kEncrypt) HashPadded(Isa{}, mac, out + done, rest);
  }

  // Whole blocks, ChaCha20 and then Poly1305 over chunks of about 8 KiB,
  // each hashed while it is in L1.
  BRAID_INLINE void Apart(const uint8_t* in, uint8_t* out, size_t nblocks) {
    const size_t batch = K::BlocksPerBatch();
    const size_t chunk = batch * std::max<size_t>(1, 128 / batch);
    while (nblocks > 0) {
      const size_t n = std::min(nblocks, chunk);
      if (!kEncrypt) poly1305_internal::Blocks(Isa{}, mac, in, 4 * n);
      K::Blocks(state, in, out, n);
      if (kEncrypt) poly1305_internal::Blocks(Isa{}, mac, out, 4 * n);
      state[12] += static_cast<uint32_t>(n);
      in += kBlockBytes * n;
      out += kBlockBytes * n;
      nblocks -= n;
    }
  }

  // Whole blocks with Poly1305 beside the rounds, one batch apart from
  // ChaCha20: sealing hashes the batch before the one being encrypted,
  // opening the batch after the one being decrypted (in place, a batch's
  // ciphertext is gone once it is written). False, with nothing done, for
  // fewer than two whole batches.
  BRAID_INLINE bool Stitched(const uint8_t* in, uint8_t* out, size_t nblocks) {
    const size_t batch =
        chacha20_engine::BlocksPerWholeBatch<Isa, kVectorBlocks, kScalarBlocks>(
            Isa{});
    const size_t batches = nblocks / batch;
    if (batches < 2) return false;
    const size_t beside = batch * (batches - 1);
    // ChaCha20 runs blocks [from, from + beside) beside Poly1305 over
    // [hashed - beside, hashed).
    const size_t from = kEncrypt ? batch : 0;
    const size_t hashed = kEncrypt ? beside : batch + beside;
    if (kEncrypt) {
      K::Blocks(state, in, out, batch);
      state[12] += static_cast<uint32_t>(batch);
    } else {
      poly1305_internal::Blocks(Isa{}, mac, in, 4 * batch);
    }
    HashBeside<kHashPerRound> hash{
        mac.r0,
        mac.r1,
        mac.s1,
        mac.h0,
        mac.h1,
        mac.h2,
        (kEncrypt ? out : in) + kBlockBytes * (hashed - beside)};
    chacha20_engine::Blocks<Isa, kVectorBlocks, kScalarBlocks>(
        Isa{}, state, in + kBlockBytes * from, out + kBlockBytes * from, beside,
        hash);
    state[12] += static_cast<uint32_t>(beside);
    mac.h0 = hash.h0, mac.h1 = hash.h1, mac.h2 = hash.h2;
    internal::Wipe(&hash, sizeof(hash));
    // The rest of both, opening hashing before it decrypts.
    const size_t crypted = from + beside;
    if (!kEncrypt) {
      poly1305_internal::Blocks(Isa{}, mac, in + kBlockBytes * hashed,
                                4 * (nblocks - hashed));
    }
    K::Blocks(state, in + kBlockBytes * crypted, out + kBlockBytes * crypted,
              nblocks - crypted);
    state[12] += static_cast<uint32_t>(nblocks - crypted);
    if (kEncrypt) {
      poly1305_internal::Blocks(Isa{}, mac, out + kBlockBytes * hashed,
                                4 * (nblocks - hashed));
    }
    return true;
  }

  BRAID_INLINE bool End(uint8_t tag[16]) {
    alignas(16) uint8_t lengths[16];
    std::memcpy(lengths, &aad_bytes, 8);
    std::memcpy(lengths + 8, &text_bytes, 8);
    poly1305_internal::Blocks(Isa{}, mac, lengths, 1);
    poly1305_internal::Finish(mac, tag);
    Wipe();
    return true;
  }

  void Wipe() { internal::Wipe(this, sizeof(*this)); }
};

// One whole message: tag = Poly1305 over aad and the ciphertext.
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks, bool kEncrypt>
void Crypt(const uint8_t* key, const uint8_t* nonce, const uint8_t* aad,
           size_t aad_len, const uint8_t* in, uint8_t* out, size_t len,
           uint8_t tag[16]) {
  Pass<Isa, kVectorBlocks, kScalarBlocks, kEncrypt> pass;
  pass.Begin(key, nonce, aad, aad_len);
  pass.Piece(in, out, len);
  pass.End(tag);
}

// The ISA part, after the arguments were checked: Crypt above, or for
// isa::Auto the running CPU's profile's (lib/dispatch).
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks>
struct Kernel {
  template <bool kEncrypt>
  static void Crypt(const uint8_t* key, const uint8_t* nonce,
                    const uint8_t* aad, size_t aad_bytes, const uint8_t* in,
                    uint8_t* out, size_t bytes, uint8_t* tag) {
    chacha20_poly1305_internal::Crypt<Isa, kVectorBlocks, kScalarBlocks,
                                      kEncrypt>(key, nonce, aad, aad_bytes, in,
                                                out, bytes, tag);
  }
};

template <size_t kVectorBlocks, size_t kScalarBlocks>
struct Kernel<isa::Auto, kVectorBlocks, kScalarBlocks> {
  template <bool kEncrypt>
  static void Crypt(const uint8_t* key, const uint8_t* nonce,
                    const uint8_t* aad, size_t aad_bytes, const uint8_t* in,
                    uint8_t* out, size_t bytes, uint8_t* tag) {
    const auto& k = dispatch_internal::ChaCha20();
    (kEncrypt ? k.aead_seal : k.aead_open)(key, nonce, aad, aad_bytes, in, out,
                                           bytes, tag);
  }
};

// The two variants: the nonce's length and how it becomes the ChaCha20
// key and 12-byte nonce.
struct Ietf {
  static constexpr size_t kNonceBytes = 12;
  static constexpr absl::string_view kName = "ChaCha20-Poly1305";
  static constexpr absl::string_view kSeal = "ChaCha20-Poly1305 seal";
  static constexpr absl::string_view kOpen = "ChaCha20-Poly1305 open";
  static void Derive(const uint8_t* key, const uint8_t* nonce,
                     uint8_t chacha_key[32], uint8_t chacha_nonce[12]) {
    std::memcpy(chacha_key, key, 32);
    std::memcpy(chacha_nonce, nonce, 12);
  }
};

struct Extended {
  static constexpr size_t kNonceBytes = 24;
  static constexpr absl::string_view kName = "XChaCha20-Poly1305";
  static constexpr absl::string_view kSeal = "XChaCha20-Poly1305 seal";
  static constexpr absl::string_view kOpen = "XChaCha20-Poly1305 open";
  static void Derive(const uint8_t* key, const uint8_t* nonce,
                     uint8_t chacha_key[32], uint8_t chacha_nonce[12]) {
    HChaCha20(key, nonce, chacha_key);
    std::memset(chacha_nonce, 0, 4);
    std::memcpy(chacha_nonce + 4, nonce + 16, 8);
  }
};

BRAID_COLD absl::Status KeyError(absl::string_view what, size_t size) {
  return absl::InvalidArgumentError(
      absl::StrCat(what, ": key must be 32 bytes, got ", size));
}

BRAID_COLD absl::Status NonceError(absl::string_view what, size_t expected,
                                   size_t size) {
  return absl::InvalidArgumentError(
      absl::StrCat(what, ": nonce must be ", expected, " bytes, got ", size));
}

BRAID_COLD absl::Status TagError(absl::string_view what, size_t size) {
  return absl::InvalidArgumentError(absl::StrCat(
      what, ": tag must be 16 bytes (a null pointer is not), got ", size));
}

// The AEAD under one key, for either variant. Seal and Open take
// ciphertext || 16-byte tag; SealDetached and OpenDetached take the tag
// apart. The output may be the input (in place) or disjoint from it.
template <class Variant, class Isa, size_t kVectorBlocks, size_t kScalarBlocks>
class Aead {
 public:
  static constexpr size_t kKeyBytes = chacha20_poly1305_internal::kKeyBytes;
  static constexpr size_t kNonceBytes = Variant::kNonceBytes;
  static constexpr size_t kTagBytes = chacha20_poly1305_internal::kTagBytes;
  // Blocks 1 .. 2^32 - 1 of the 32-bit counter (block 0 keys Poly1305).
  static constexpr uint64_t kMaxPlaintextBytes =
      kBlockBytes * ((uint64_t{1} << 32) - 1);

  static absl::StatusOr<Aead> Create(absl::Span<const uint8_t> key) {
    isa::RequireEnabled<Isa>();
    if (key.size() != kKeyBytes || key.data() == nullptr) {
      return KeyError(Variant::kName, key.size());
    }
    return Aead(key.data());
  }

  Aead(const Aead&) = default;
  Aead& operator=(const Aead&) = default;
  ~Aead() { internal::Wipe(key_, sizeof(key_)); }

  // out = ciphertext || tag: plaintext.size() + 16 bytes.
  absl::Status Seal(absl::Span<const uint8_t> nonce,
                    absl::Span<const uint8_t> aad,
                    absl::Span<const uint8_t> plaintext,
                    absl::Span<uint8_t> out) const {
    if (out.size() < plaintext.size() ||
        out.size() - plaintext.size() < kTagBytes) {
      return modes_internal::SealOutputError(Variant::kSeal, plaintext.size(),
                                             out.size());
    }
    return SealDetached(nonce, aad, plaintext, out.first(plaintext.size()),
                        out.subspan(plaintext.size(), kTagBytes));
  }

  // `sealed` = ciphertext || 16-byte tag; out receives sealed.size() - 16
  // bytes of plaintext, or, if the tag does not verify, all zeros and a
  // status for which braid::IsAuthenticationFailure is true.
  absl::Status Open(absl::Span<const uint8_t> nonce,
                    absl::Span<const uint8_t> aad,
                    absl::Span<const uint8_t> sealed,
                    absl::Span<uint8_t> out) const {
    if (sealed.size() < kTagBytes || out.size() < sealed.size() - kTagBytes) {
      return modes_internal::SealedSizeError(Variant::kOpen, sealed.size(),
                                             out.size());
    }
    const size_t len = sealed.size() - kTagBytes;
    return OpenDetached(nonce, aad, sealed.first(len), sealed.subspan(len),
                        out.first(len));
  }

  absl::Status SealDetached(absl::Span<const uint8_t> nonce,
                            absl::Span<const uint8_t> aad,
                            absl::Span<const uint8_t> plaintext,
                            absl::Span<uint8_t> ciphertext,
                            absl::Span<uint8_t> tag) const {
    if (absl::Status s = Check(Variant::kSeal, nonce, aad, plaintext,
                               ciphertext, tag.size(), tag.data());
        !s.ok()) {
      return s;
    }
    alignas(16) uint8_t full[kTagBytes];
    Run<true>(nonce.data(), aad, plaintext.data(), ciphertext.data(),
              plaintext.size(), full);
    internal::Declassify(full, sizeof(full));  // the tag is output
    std::memcpy(tag.data(), full, kTagBytes);
    return absl::OkStatus();
  }

  absl::Status OpenDetached(absl::Span<const uint8_t> nonce,
                            absl::Span<const uint8_t> aad,
                            absl::Span<const uint8_t> ciphertext,
                            absl::Span<const uint8_t> tag,
                            absl::Span<uint8_t> plaintext) const {
    if (absl::Status s = Check(Variant::kOpen, nonce, aad, ciphertext,
                               plaintext, tag.size(), tag.data());
        !s.ok()) {
      return s;
    }
    // The tag may follow the ciphertext where an in-place caller's
    // plaintext does not reach; copied first all the same.
    alignas(16) uint8_t expected[kTagBytes];
    std::memcpy(expected, tag.data(), kTagBytes);
    alignas(16) uint8_t full[kTagBytes];
    Run<false>(nonce.data(), aad, ciphertext.data(), plaintext.data(),
               ciphertext.size(), full);
    const bool match =
        modes_internal::ConstantTimeEqual(full, expected, kTagBytes);
    internal::Wipe(full, sizeof(full));
    if (!match) {
      internal::Wipe(plaintext.data(), ciphertext.size());
      return internal::AuthenticationFailure(Variant::kOpen);
    }
    return absl::OkStatus();
  }

  // Seal and Open in pieces, for a message too long to hold in memory
  // (modes/aead_stream.h): every piece but the last 64 * k bytes.
  static constexpr size_t kPieceBytes = kBlockBytes;
  using Sealer =
      modes_internal::AeadStream<Pass<Isa, kVectorBlocks, kScalarBlocks, true>,
                                 true>;
  using Opener =
      modes_internal::AeadStream<Pass<Isa, kVectorBlocks, kScalarBlocks, false>,
                                 false>;

  absl::StatusOr<Sealer> BeginSeal(absl::Span<const uint8_t> nonce,
                                   absl::Span<const uint8_t> aad) const {
    return Begin<true>(nonce, aad);
  }
  absl::StatusOr<Opener> BeginOpen(absl::Span<const uint8_t> nonce,
                                   absl::Span<const uint8_t> aad) const {
    return Begin<false>(nonce, aad);
  }

 private:
  explicit Aead(const uint8_t* key) { std::memcpy(key_, key, kKeyBytes); }

  template <bool kEncrypt>
  absl::StatusOr<modes_internal::AeadStream<
      Pass<Isa, kVectorBlocks, kScalarBlocks, kEncrypt>, kEncrypt>>
  Begin(absl::Span<const uint8_t> nonce, absl::Span<const uint8_t> aad) const {
    const absl::string_view what = kEncrypt ? Variant::kSeal : Variant::kOpen;
    if (absl::Status s = CheckNonceAndAad(what, nonce, aad); !s.ok()) {
      return s;
    }
    Pass<Isa, kVectorBlocks, kScalarBlocks, kEncrypt> pass;
    alignas(16) uint8_t chacha_key[32];
    uint8_t chacha_nonce[12];
    Variant::Derive(key_, nonce.data(), chacha_key, chacha_nonce);
    pass.Begin(chacha_key, chacha_nonce, aad.data(), aad.size());
    internal::Wipe(chacha_key, sizeof(chacha_key));
    modes_internal::AeadStream<decltype(pass), kEncrypt> stream(
        pass, {what, kBlockBytes, kMaxPlaintextBytes, "64 * (2^32 - 1)-byte",
               kTagBytes});
    pass.Wipe();
    return stream;
  }

  static absl::Status CheckNonceAndAad(absl::string_view what,
                                       absl::Span<const uint8_t> nonce,
                                       absl::Span<const uint8_t> aad) {
    if (nonce.size() != kNonceBytes || nonce.data() == nullptr) {
      return NonceError(what, kNonceBytes, nonce.size());
    }
    if (aad.data() == nullptr && !aad.empty()) {
      return modes_internal::InOutError(what, aad, aad);
    }
    return absl::OkStatus();
  }

  static absl::Status Check(absl::string_view what,
                            absl::Span<const uint8_t> nonce,
                            absl::Span<const uint8_t> aad,
                            absl::Span<const uint8_t> in,
                            absl::Span<const uint8_t> out, size_t tag_bytes,
                            const void* tag) {
    if (absl::Status s = CheckNonceAndAad(what, nonce, aad); !s.ok()) {
      return s;
    }
    if (in.size() > kMaxPlaintextBytes) {
      return modes_internal::LengthError(what, "message", in.size(),
                                         "64 * (2^32 - 1)-byte");
    }
    if (tag_bytes != kTagBytes || tag == nullptr) {
      return TagError(what, tag_bytes);
    }
    return modes_internal::CheckInOut(what, in, out);
  }

  template <bool kEncrypt>
  void Run(const uint8_t* nonce, absl::Span<const uint8_t> aad,
           const uint8_t* in, uint8_t* out, size_t len, uint8_t tag[16]) const {
    alignas(16) uint8_t chacha_key[32];
    uint8_t chacha_nonce[12];
    Variant::Derive(key_, nonce, chacha_key, chacha_nonce);
    Kernel<Isa, kVectorBlocks, kScalarBlocks>::template Crypt<kEncrypt>(
        chacha_key, chacha_nonce, aad.data(), aad.size(), in, out, len, tag);
    internal::Wipe(chacha_key, sizeof(chacha_key));
  }

  alignas(16) uint8_t key_[kKeyBytes];
};

}  // namespace chacha20_poly1305_internal

template <class Isa = DefaultChaCha20Isa,
          size_t kVectorBlocks = ChaCha20Poly1305Defaults<Isa>::kVectorBlocks,
          size_t kScalarBlocks = ChaCha20Poly1305Defaults<Isa>::kScalarBlocks>
using ChaCha20Poly1305 =
    chacha20_poly1305_internal::Aead<chacha20_poly1305_internal::Ietf, Isa,
                                     kVectorBlocks, kScalarBlocks>;

template <class Isa = DefaultChaCha20Isa,
          size_t kVectorBlocks = ChaCha20Poly1305Defaults<Isa>::kVectorBlocks,
          size_t kScalarBlocks = ChaCha20Poly1305Defaults<Isa>::kScalarBlocks>
using XChaCha20Poly1305 =
    chacha20_poly1305_internal::Aead<chacha20_poly1305_internal::Extended, Isa,
                                     kVectorBlocks, kScalarBlocks>;

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_CHACHA20_POLY1305_H_
