// AES-OCB (RFC 7253) for AES-128/192/256: nonces of 1 to 15 bytes, tags of 8
// to 16 bytes, associated data of any length.
//
// The message and the associated data run through the whitened-ECB kernel
// (whitened.h): Offset_i = Offset_{i-1} ^ L_{ntz(i)} is kept in
// general-purpose registers and folded into round keys 0 and Nr one batch
// ahead, and the checksum accumulates in a vector register as the blocks go
// by.
#ifndef BRAID_MODES_OCB_H_
#define BRAID_MODES_OCB_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_engine.h"
#include "braid/aes_key.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/aead_stream.h"
#include "braid/modes/buffer_checks.h"
#include "braid/modes/ecb.h"
#include "braid/modes/whitened.h"
#include "braid/namespace.h"
#include "braid/short_copy.h"
#include "braid/status.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace ocb_internal {

// Doubling in GF(2^128) with OCB's big-endian bit order (RFC 7253 §2).
inline void Double(const uint8_t in[16], uint8_t out[16]) {
  const uint8_t carry = static_cast<uint8_t>(-(in[0] >> 7)) & 0x87;
  for (int i = 0; i < 15; ++i) {
    out[i] = static_cast<uint8_t>((in[i] << 1) | (in[i + 1] >> 7));
  }
  out[15] = static_cast<uint8_t>((in[15] << 1) ^ carry);
}

inline void XorInto(uint8_t* to, const uint8_t* from, size_t n) {
  for (size_t i = 0; i < n; ++i) to[i] ^= from[i];
}

// L_0..L_63 cover every block index a 64-bit count can reach.
inline constexpr int kMaxNtz = 64;

using Block128 = dispatch_internal::Block128;

// Offset_i = Offset_{i-1} ^ L_{ntz(i)}, in general-purpose registers: as
// one 128-bit integer, which compilers keep in a register pair, where two
// 64-bit halves would be paired into vector XORs that take the AES pipes.
template <size_t kWays>
struct Offsets {
  const uint8_t* l;  // L_0..L_63, 16 bytes each
  Block128 value;
  uint64_t index = 0;  // blocks so far, a multiple of 16 at the start
  // `at` as whitened::Blocks gives it: with kWays a power of two and the
  // batch at a multiple of kWays, ntz(i) = ntz(at + 1) but for the last
  // block of the batch.
  template <class At>
  BRAID_INLINE void Next(At) {
    ++index;
    size_t ntz = static_cast<size_t>(__builtin_ctzll(index));
    if constexpr (!std::is_integral_v<At>) {
      if constexpr ((kWays & (kWays - 1)) == 0 && At::value + 1 < kWays) {
        ntz = static_cast<size_t>(__builtin_ctzll(At::value + 1));
      }
    }
    Block128 next;
    std::memcpy(&next, l + 16 * ntz, 16);
    value ^= next;
  }
};

// The ISA part, after the arguments were checked: whole blocks (see
// dispatch_internal::AesKernels for what each computes).
template <class Isa, size_t kWays>
struct Kernel {
  using Direction = aes_engine::Direction;

  static Block128 Hash(const uint8_t* round_keys, int rounds, const uint8_t* l,
                       const uint8_t* aad, size_t nblocks, uint8_t sum[16]);

  template <Direction kDirection>
  static Block128 Crypt(const uint8_t* round_keys, int rounds, const uint8_t* l,
                        Block128 offset, uint64_t first_block,
                        const uint8_t* in, uint8_t* out, size_t nblocks,
                        uint8_t checksum[16]);

 private:
  // One function per round count, the offsets its locals: inlined into a
  // caller, or with the three round counts in one function, the compilers
  // kept them in memory (tools/speed --check's OCB rows caught it).
  template <int kRounds>
  __attribute__((noinline)) static Block128 HashRounds(
      const uint8_t* round_keys, const uint8_t* l, const uint8_t* aad,
      size_t nblocks, uint8_t sum[16]) {
    Offsets<kWays> off{l, 0};
    const auto keys = whitened::EdgeKeys::Of<kRounds>(round_keys);
    // The sum takes E_K(A_i ^ Offset_i) itself: no offset after the cipher.
    auto whiten = [&](uint8_t* first, uint8_t* last, auto at)
                      BRAID_LAMBDA_INLINE {
                        off.Next(at);
                        keys.WhitenFirst(off.value, first, last);
                      };
    whitened::Blocks<Direction::kEncrypt, kRounds, kWays,
                     whitened::Sum::kOutputOnly>(Isa{}, round_keys, whiten, aad,
                                                 nullptr, nblocks, sum);
    return off.value;
  }

  template <Direction kDirection, int kRounds>
  __attribute__((noinline)) static Block128 CryptRounds(
      const uint8_t* round_keys, const uint8_t* l, Block128 offset,
      uint64_t first_block, const uint8_t* in, uint8_t* out, size_t nblocks,
      uint8_t checksum[16]) {
    constexpr bool kEncrypt = kDirection == Direction::kEncrypt;
    Offsets<kWays> off{l, offset, first_block};
    const auto keys = whitened::EdgeKeys::Of<kRounds>(round_keys);
    auto whiten = [&](uint8_t* first, uint8_t* last, auto at)
                      BRAID_LAMBDA_INLINE {
                        off.Next(at);
                        keys.Whiten(off.value, first, last);
                      };
    whitened::Blocks<kDirection, kRounds, kWays,
                     kEncrypt ? whitened::Sum::kInput : whitened::Sum::kOutput>(
        Isa{}, round_keys, whiten, in, out, nblocks, checksum);
    return off.value;
  }
};

// Hash and Crypt are defined out of their class, so not inline:
// tests/instances.h shares their instances between tests.
template <class Isa, size_t kWays>
Block128 Kernel<Isa, kWays>::Hash(const uint8_t* round_keys, int rounds,
                                  const uint8_t* l, const uint8_t* aad,
                                  size_t nblocks, uint8_t sum[16]) {
  Block128 offset;
  modes_internal::DispatchRounds(rounds, [&](auto r) {
    offset = HashRounds<r()>(round_keys, l, aad, nblocks, sum);
  });
  return offset;
}

template <class Isa, size_t kWays>
template <aes_engine::Direction kDirection>
Block128 Kernel<Isa, kWays>::Crypt(const uint8_t* round_keys, int rounds,
                                   const uint8_t* l, Block128 offset,
                                   uint64_t first_block, const uint8_t* in,
                                   uint8_t* out, size_t nblocks,
                                   uint8_t checksum[16]) {
  modes_internal::DispatchRounds(rounds, [&](auto r) {
    offset = CryptRounds<kDirection, r()>(round_keys, l, offset, first_block,
                                          in, out, nblocks, checksum);
  });
  return offset;
}

template <size_t kWays>
struct Kernel<isa::Auto, kWays> {
  using Direction = aes_engine::Direction;

  static Block128 Hash(const uint8_t* round_keys, int rounds, const uint8_t* l,
                       const uint8_t* aad, size_t nblocks, uint8_t sum[16]) {
    return dispatch_internal::Aes().ocb_hash(round_keys, rounds, l, aad,
                                             nblocks, sum);
  }

  template <Direction kDirection>
  static Block128 Crypt(const uint8_t* round_keys, int rounds, const uint8_t* l,
                        Block128 offset, uint64_t first_block,
                        const uint8_t* in, uint8_t* out, size_t nblocks,
                        uint8_t checksum[16]) {
    const auto& k = dispatch_internal::Aes();
    return (kDirection == Direction::kEncrypt ? k.ocb_encrypt : k.ocb_decrypt)(
        round_keys, rounds, l, offset, first_block, in, out, nblocks, checksum);
  }
};

}  // namespace ocb_internal

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kOcb>
class AesOcb {
 public:
  static constexpr size_t kMaxTagBytes = 16;

  // A key of 16, 24 or 32 bytes and a tag length of 8 to 16 bytes.
  static absl::StatusOr<AesOcb> Create(absl::Span<const uint8_t> key,
                                       size_t tag_bytes = kMaxTagBytes) {
    isa::RequireEnabled<Isa>();
    static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
    if (tag_bytes < 8 || tag_bytes > kMaxTagBytes) {
      return absl::InvalidArgumentError(
          absl::StrCat("AES-OCB tag must be 8 to 16 bytes, got ", tag_bytes));
    }
    auto aes = AesKey::CreateWith(Isa{}, key);
    if (!aes.ok()) return aes.status();
    return AesOcb(*std::move(aes), tag_bytes);
  }

  AesOcb(const AesOcb&) = default;
  AesOcb& operator=(const AesOcb&) = default;
  ~AesOcb() { internal::Wipe(&table_, sizeof(table_)); }

  size_t tag_bytes() const { return tag_bytes_; }

  // out = ciphertext || tag: plaintext.size() + tag_bytes() bytes. out may
  // start at plaintext.data() (in place).
  absl::Status Seal(absl::Span<const uint8_t> nonce,
                    absl::Span<const uint8_t> aad,
                    absl::Span<const uint8_t> plaintext,
                    absl::Span<uint8_t> out) const {
    constexpr absl::string_view kWhat = "OCB encrypt";
    if (absl::Status s = CheckNonceAndAad(kWhat, nonce, aad); !s.ok()) {
      return s;
    }
    if (out.size() < plaintext.size() + tag_bytes_) {
      return absl::InvalidArgumentError(
          absl::StrCat(kWhat, ": output of ", out.size(),
                       " bytes cannot hold the ", plaintext.size(),
                       "-byte ciphertext and the ", tag_bytes_, "-byte tag"));
    }
    if (absl::Status s = modes_internal::CheckInOut(
            kWhat, plaintext, out.first(plaintext.size()));
        !s.ok()) {
      return s;
    }
    CallState call;
    Crypt<aes_engine::Direction::kEncrypt>(nonce, aad, plaintext.data(),
                                           out.data(), plaintext.size(), call);
    std::memcpy(out.data() + plaintext.size(), call.tag, tag_bytes_);
    internal::Wipe(&call, sizeof(call));
    return absl::OkStatus();
  }

  // `sealed` = ciphertext || tag; out receives the plaintext,
  // sealed.size() - tag_bytes() bytes. If the tag does not verify, the
  // result is an error and `out` is all zeros.
  absl::Status Open(absl::Span<const uint8_t> nonce,
                    absl::Span<const uint8_t> aad,
                    absl::Span<const uint8_t> sealed,
                    absl::Span<uint8_t> out) const {
    constexpr absl::string_view kWhat = "OCB decrypt";
    if (absl::Status s = CheckNonceAndAad(kWhat, nonce, aad); !s.ok()) {
      return s;
    }
    if (sealed.data() == nullptr || sealed.size() < tag_bytes_) {
      return absl::InvalidArgumentError(
          absl::StrCat(kWhat, ": input of ", sealed.size(),
                       " bytes is shorter than the ", tag_bytes_, "-byte tag"));
    }
    const size_t len = sealed.size() - tag_bytes_;
    if (absl::Status s =
            modes_internal::CheckInOut(kWhat, sealed.first(len), out);
        !s.ok()) {
      return s;
    }
    CallState call;
    Crypt<aes_engine::Direction::kDecrypt>(nonce, aad, sealed.data(),
                                           out.data(), len, call);
    const bool match = modes_internal::ConstantTimeEqual(
        call.tag, sealed.data() + len, tag_bytes_);
    internal::Wipe(&call, sizeof(call));
    if (!match) {
      internal::Wipe(out.data(), len);
      return internal::AuthenticationFailure(kWhat);
    }
    return absl::OkStatus();
  }

  // Seal and Open in pieces, for a message too long to hold in memory
  // (modes/aead_stream.h): every piece but the last a multiple of 256 bytes
  // (16 blocks, so that each piece's offsets start at a multiple of the
  // batch); Finish takes a tag of tag_bytes().
  static constexpr size_t kPieceBytes = 256;
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
    return Begin<aes_engine::Direction::kEncrypt>("OCB encrypt", nonce, aad);
  }
  absl::StatusOr<Opener> BeginOpen(absl::Span<const uint8_t> nonce,
                                   absl::Span<const uint8_t> aad) const {
    return Begin<aes_engine::Direction::kDecrypt>("OCB decrypt", nonce, aad);
  }

 private:
  using Direction = aes_engine::Direction;

  struct Table {
    alignas(16) uint8_t star[16];                      // L_* = E_K(0)
    alignas(16) uint8_t dollar[16];                    // L_$ = double(L_*)
    alignas(16) uint8_t l[ocb_internal::kMaxNtz][16];  // L_i = double^i+1
  };

  // What one call derives from the key, in one place so that it is wiped
  // once at the end.
  struct CallState {
    alignas(16) uint8_t offset[16];  // Offset_0, then Offset_i as it goes
    alignas(16) uint8_t aad_sum[16];
    alignas(16) uint8_t tag[16];
    // Work space: the nonce block, Ktop and its stretch; partial blocks.
    alignas(16) uint8_t block[16];
    alignas(16) uint8_t pad[16];
    alignas(16) uint8_t stretch[24];
  };

  AesOcb(AesKey key, size_t tag_bytes)
      : key_(std::move(key)), tag_bytes_(tag_bytes) {
    std::memset(&table_, 0, sizeof(table_));
    EncryptBlock(table_.star, table_.star);
    ocb_internal::Double(table_.star, table_.dollar);
    ocb_internal::Double(table_.dollar, table_.l[0]);
    for (int i = 1; i < ocb_internal::kMaxNtz; ++i) {
      ocb_internal::Double(table_.l[i - 1], table_.l[i]);
    }
  }

  absl::Status CheckNonceAndAad(absl::string_view what,
                                absl::Span<const uint8_t> nonce,
                                absl::Span<const uint8_t> aad) const {
    if (nonce.empty() || nonce.size() > 15 || nonce.data() == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": nonce must be 1 to 15 bytes, got ", nonce.size()));
    }
    if (aad.data() == nullptr && !aad.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": associated data pointer is null with length ", aad.size()));
    }
    return absl::OkStatus();
  }

  void EncryptBlock(const uint8_t in[16], uint8_t out[16]) const {
    ecb_internal::Kernel<Isa, 1>::EncryptBlock(key_.encryption_round_keys(),
                                               key_.rounds(), in, out);
  }

  // Offset_0 from the nonce (RFC 7253 §4.2) into call.offset.
  void InitialOffset(absl::Span<const uint8_t> nonce, CallState& call) const {
    uint8_t* block = call.block;
    std::memset(block, 0, 16);
    block[0] = static_cast<uint8_t>((tag_bytes_ * 8 % 128) << 1);
    block[15 - nonce.size()] |= 1;
    std::memcpy(block + 16 - nonce.size(), nonce.data(), nonce.size());
    const unsigned bottom = block[15] & 63;
    block[15] &= 0xc0;
    uint8_t* stretch = call.stretch;
    EncryptBlock(block, stretch);  // Ktop
    for (int i = 0; i < 8; ++i) stretch[16 + i] = stretch[i] ^ stretch[i + 1];
    // Offset_0 = bits bottom .. bottom + 127 of Stretch, a 192-bit
    // big-endian number. The nonce is public: the shift may depend on it.
    auto word = [&](int i) {
      uint64_t w;
      std::memcpy(&w, stretch + 8 * i, 8);
      return __builtin_bswap64(w);
    };
    const uint64_t s0 = word(0), s1 = word(1), s2 = word(2);
    // x << bottom, filled from y: y >> (64 - bottom), or nothing at 0.
    auto take = [&](uint64_t x, uint64_t y) {
      return __builtin_bswap64((x << bottom) | ((y >> 1) >> (63 - bottom)));
    };
    const uint64_t hi = take(s0, s1), lo = take(s1, s2);
    std::memcpy(call.offset, &hi, 8);
    std::memcpy(call.offset + 8, &lo, 8);
  }

  // HASH(K, A), RFC 7253 §4.1, into call.aad_sum.
  void Hash(absl::Span<const uint8_t> aad, CallState& call) const {
    uint8_t* sum = call.aad_sum;
    std::memset(sum, 0, 16);
    if (aad.empty()) return;
    const size_t whole = aad.size() / 16, rest = aad.size() % 16;
    const ocb_internal::Block128 offset =
        ocb_internal::Kernel<Isa, kWays>::Hash(key_.encryption_round_keys(),
                                               key_.rounds(), table_.l[0],
                                               aad.data(), whole, sum);
    if (rest != 0) {
      // E_K((A_* || 1 || 0...) ^ Offset_m ^ L_*).
      uint8_t* block = call.block;
      std::memset(block, 0, 16);
      internal::CopyShort(block, aad.data() + 16 * whole, rest);
      block[rest] = 0x80;
      std::memcpy(call.pad, &offset, 16);
      ocb_internal::XorInto(block, call.pad, 16);
      ocb_internal::XorInto(block, table_.star, 16);
      EncryptBlock(block, block);
      ocb_internal::XorInto(sum, block, 16);
    }
  }

  // The message through the cipher, and the tag into call.tag.
  template <Direction kDirection>
  void Crypt(absl::Span<const uint8_t> nonce, absl::Span<const uint8_t> aad,
             const uint8_t* in, uint8_t* out, size_t len,
             CallState& call) const {
    constexpr bool kEncrypt = kDirection == Direction::kEncrypt;
    InitialOffset(nonce, call);
    // A local of its own, not a CallState member: with it in the struct GCC
    // scheduled the decryption loop a cycle a batch slower on the V2 model
    // (a64perf, AES-128 OCB dec, 16 KiB: 0.240 against 0.220 c/B).
    alignas(16) uint8_t checksum[16] = {};
    Hash(aad, call);
    const uint8_t* rk =
        kEncrypt ? key_.encryption_round_keys() : key_.decryption_round_keys();
    const size_t whole = len / 16, rest = len % 16;
    uint8_t* offset = call.offset;
    ocb_internal::Block128 value;
    std::memcpy(&value, offset, 16);
    value = ocb_internal::Kernel<Isa, kWays>::template Crypt<kDirection>(
        rk, key_.rounds(), table_.l[0], value, 0, in, out, whole, checksum);
    std::memcpy(offset, &value, 16);
    if (rest != 0) {
      Partial<kDirection>(in + 16 * whole, out + 16 * whole, rest, checksum,
                          call);
    }
    Tag(checksum, call);
    internal::Wipe(checksum, sizeof(checksum));
  }

  // The last block when it is partial (`rest` bytes): Offset_* = Offset_m ^
  // L_*, Pad = E_K(Offset_*) in both directions, and the block's part of
  // the checksum.
  template <Direction kDirection>
  void Partial(const uint8_t* in, uint8_t* out, size_t rest,
               uint8_t checksum[16], CallState& call) const {
    ocb_internal::XorInto(call.offset, table_.star, 16);
    EncryptBlock(call.offset, call.pad);
    uint8_t* last = call.block;
    std::memset(last, 0, 16);
    internal::CopyShort(last, in, rest);
    for (size_t i = 0; i < rest; ++i) out[i] = last[i] ^ call.pad[i];
    if (kDirection == Direction::kDecrypt) internal::CopyShort(last, out, rest);
    last[rest] = 0x80;
    ocb_internal::XorInto(checksum, last, 16);
  }

  // Tag = E_K(Checksum ^ Offset ^ L_$) ^ HASH(K, A), into call.tag.
  void Tag(uint8_t checksum[16], CallState& call) const {
    ocb_internal::XorInto(checksum, call.offset, 16);
    ocb_internal::XorInto(checksum, table_.dollar, 16);
    EncryptBlock(checksum, call.tag);
    ocb_internal::XorInto(call.tag, call.aad_sum, 16);
  }

  template <Direction kDirection>
  absl::StatusOr<modes_internal::AeadStream<StreamCore<kDirection>,
                                            kDirection == Direction::kEncrypt>>
  Begin(absl::string_view what, absl::Span<const uint8_t> nonce,
        absl::Span<const uint8_t> aad) const {
    if (absl::Status s = CheckNonceAndAad(what, nonce, aad); !s.ok()) {
      return s;
    }
    StreamCore<kDirection> core{*this, {}, {}, 0};
    InitialOffset(nonce, core.call);
    Hash(aad, core.call);
    return modes_internal::AeadStream<StreamCore<kDirection>,
                                      kDirection == Direction::kEncrypt>(
        std::move(core),
        {what, kPieceBytes, ~uint64_t{0}, "", tag_bytes_, tag_bytes_});
  }

  AesKey key_;
  size_t tag_bytes_;
  Table table_;
};

// A stream's own copy of the key object, and its message's state.
template <class Isa, size_t kWays>
template <aes_engine::Direction kDirection>
struct AesOcb<Isa, kWays>::StreamCore {
  AesOcb ocb;
  CallState call;
  alignas(16) uint8_t checksum[16];
  uint64_t blocks;  // so far

  void Piece(const uint8_t* in, uint8_t* out, size_t n) {
    const size_t whole = n / 16;
    const uint8_t* rk = kDirection == Direction::kEncrypt
                            ? ocb.key_.encryption_round_keys()
                            : ocb.key_.decryption_round_keys();
    ocb_internal::Block128 value;
    std::memcpy(&value, call.offset, 16);
    value = ocb_internal::Kernel<Isa, kWays>::template Crypt<kDirection>(
        rk, ocb.key_.rounds(), ocb.table_.l[0], value, blocks, in, out, whole,
        checksum);
    std::memcpy(call.offset, &value, 16);
    blocks += whole;
    if (n % 16 != 0) {
      ocb.template Partial<kDirection>(in + 16 * whole, out + 16 * whole,
                                       n % 16, checksum, call);
    }
  }
  bool End(uint8_t tag[16]) {
    ocb.Tag(checksum, call);
    std::memcpy(tag, call.tag, 16);
    return true;
  }
  void Wipe() {
    internal::Wipe(&call, sizeof(call));
    internal::Wipe(checksum, sizeof(checksum));
  }
};

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_OCB_H_
