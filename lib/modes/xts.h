// AES-XTS (IEEE 1619-2007, SP 800-38E) for AES-128 and AES-256: one data
// unit of 16 bytes to 2^20 blocks per call, with ciphertext stealing.
//
// The vector pipes do no more per block than ECB does. The tweak T_j is
// doubled in general-purpose registers and folded there into the first and
// last round keys (k0 ^ T_j, kNr ^ T_j), stored to a small buffer one batch
// ahead of the AES rounds that load it: AESE(P, k0 ^ T) is round 0 of
// E(P ^ T), and one EOR with kNr ^ T finishes both the cipher and the
// output whitening.
#ifndef BRAID_MODES_XTS_H_
#define BRAID_MODES_XTS_H_

#include <bit>
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
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/buffer_checks.h"
#include "braid/modes/ecb.h"
#include "braid/modes/whitened.h"
#include "braid/namespace.h"
#include "braid/short_copy.h"
#include "braid/simd/aes_ops.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN

// The two keys of XTS: key1 enciphers the data, key2 the tweak.
class AesXtsKey {
 public:
  // key1 || key2: 32 bytes (AES-128) or 64 bytes (AES-256). The halves must
  // differ (SP 800-38E; equal halves void XTS's security argument).
  static absl::StatusOr<AesXtsKey> Create(absl::Span<const uint8_t> key) {
    if (key.size() != 32 && key.size() != 64) {
      return absl::InvalidArgumentError(absl::StrCat(
          "AES-XTS key must be 32 bytes (AES-128) or 64 bytes (AES-256): key1 "
          "followed by key2, got ",
          key.size()));
    }
    if (key.data() == nullptr) {
      return absl::InvalidArgumentError("AES-XTS key pointer is null");
    }
    const size_t half = key.size() / 2;
    if (modes_internal::ConstantTimeEqual(key.data(), key.data() + half,
                                          half)) {
      return absl::InvalidArgumentError(
          "AES-XTS key1 and key2 must differ (SP 800-38E)");
    }
    auto data_key = AesKey::Create(key.first(half));
    auto tweak_key = AesKey::Create(key.subspan(half));
    if (!data_key.ok()) return data_key.status();
    if (!tweak_key.ok()) return tweak_key.status();
    return AesXtsKey(*std::move(data_key), *std::move(tweak_key));
  }

  const AesKey& data_key() const { return data_key_; }
  const AesKey& tweak_key() const { return tweak_key_; }

 private:
  AesXtsKey(AesKey data_key, AesKey tweak_key)
      : data_key_(std::move(data_key)), tweak_key_(std::move(tweak_key)) {}

  AesKey data_key_;
  AesKey tweak_key_;
};

namespace xts_internal {

// Largest data unit, in blocks (SP 800-38E §5.1).
inline constexpr size_t kMaxBlocks = size_t{1} << 20;

// A tweak: a 128-bit little-endian integer (IEEE 1619 §5.2), kept in a
// general-purpose register pair.
using Tweak = unsigned __int128;

// Multiplication by x in GF(2^128) mod x^128 + x^7 + x^2 + x + 1.
BRAID_INLINE Tweak Double(Tweak t) {
  const uint64_t reduce =
      static_cast<uint64_t>(static_cast<int64_t>(t >> 64) >> 63) & 0x87;
  return (t << 1) ^ reduce;
}

BRAID_COLD absl::Status UnitSizeError(absl::string_view what, size_t bytes) {
  if (bytes < 16) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, ": a data unit must be at least 16 bytes, got ", bytes));
  }
  return absl::InvalidArgumentError(
      absl::StrCat(what, ": a data unit may hold at most 2^20 blocks (",
                   16 * kMaxBlocks, " bytes), got ", bytes, " bytes"));
}

// nblocks whole blocks from tweak `t` with the schedule `round_keys` (the
// encryption or the decryption keys); returns the tweak after them.
template <aes_engine::Direction kDirection, int kRounds, size_t kWays,
          class Isa>
__attribute__((noinline)) Tweak Blocks(Isa isa, const uint8_t* round_keys,
                                       Tweak t, const uint8_t* in, uint8_t* out,
                                       size_t nblocks) {
  const auto keys = whitened::EdgeKeys::Of<kRounds>(round_keys);
  auto whiten = [&](uint8_t* first, uint8_t* last, auto) BRAID_LAMBDA_INLINE {
    keys.Whiten(t, first, last);
    t = Double(t);
  };
  whitened::Blocks<kDirection, kRounds, kWays, whitened::Sum::kNone>(
      isa, round_keys, whiten, in, out, nblocks, nullptr);
  return t;
}

// Ciphertext stealing (IEEE 1619 §5.3.2, §5.4.2) over the last whole block
// (at `in`, `out`) and the `partial` bytes after it, with `t` the tweak after
// the blocks before them. Encrypting, the bulk has already written the last
// whole block's output CC to `out`: the stolen block, the partial input then
// CC's last bytes, takes tweak t, and CC's first bytes become the partial
// output. Decrypting undoes that: the whole block under tweak Double(t) first,
// then the stolen block under t. Out of line: its buffers would give every
// call a stack-protected frame.
template <aes_engine::Direction kDirection, int kRounds, class Isa>
__attribute__((noinline)) void Steal(Isa isa, const uint8_t* round_keys,
                                     Tweak t, const uint8_t* in, uint8_t* out,
                                     size_t partial) {
  const auto keys = whitened::EdgeKeys::Of<kRounds>(round_keys);
  struct Scratch {
    alignas(16) uint8_t white[32];
    alignas(16) uint8_t head[16];
    alignas(16) uint8_t steal[16];
    alignas(16) uint8_t partial_in[16];
  } scratch;
  constexpr bool kEncrypt = kDirection == aes_engine::Direction::kEncrypt;
  // The partial input is read before `out` (which may be `in`) is written.
  if constexpr (kEncrypt) {
    internal::CopyShort(scratch.steal, in + 16, partial);
    internal::CopyShort(scratch.steal + partial, out + partial,
                        16 - partial);
    internal::CopyShort(out + 16, out, partial);
  } else {
    internal::CopyShort(scratch.partial_in, in + 16, partial);
  }
  aes_engine::WithCipher<kDirection, kRounds>(
      isa, round_keys, [&](const auto& cipher) BRAID_LAMBDA_INLINE {
        auto block = [&](Tweak w, const uint8_t* from,
                         uint8_t* to) BRAID_LAMBDA_INLINE {
          keys.Whiten(w, scratch.white, scratch.white + 16);
          auto x = cipher.first_round(simd::LoadBlocks(isa, from, 1),
                                      simd::LoadBlocks(isa, scratch.white, 1));
          cipher.rounds_after_first(x);
          simd::StoreBlocks(
              isa, to,
              simd::Xor(isa, x, simd::LoadBlocks(isa, scratch.white + 16, 1)),
              1);
        };
        if constexpr (!kEncrypt) {
          block(Double(t), in, scratch.head);
          // Byte-wide indices: GCC vectorizes the choice in one compare.
          const uint8_t taken = static_cast<uint8_t>(partial);
          for (uint8_t j = 0; j < 16; ++j) {
            scratch.steal[j] =
                j < taken ? scratch.partial_in[j] : scratch.head[j];
          }
        }
        block(t, scratch.steal, out);
      });
  if constexpr (!kEncrypt) {
    internal::CopyShort(out + 16, scratch.head, partial);
  }
  internal::Wipe(&scratch, sizeof(scratch));
}

// The ISA part, after the arguments were checked: one data unit of `bytes`
// (16 to 16 * kMaxBlocks) under the data key's schedule for the direction
// (`round_keys`, `rounds`) and the tweak key's encryption schedule
// (`tweak_keys`, `tweak_rounds`). One call a data unit, so that isa::Auto's
// dispatches once for the tweak, the bulk and the stealing.
template <class Isa, size_t kWays>
struct Kernel {
  template <aes_engine::Direction kDirection>
  static void Unit(const uint8_t* round_keys, int rounds,
                   const uint8_t* tweak_keys, int tweak_rounds,
                   const uint8_t* tweak_block, const uint8_t* in, uint8_t* out,
                   size_t bytes) {
    // T_0 = E_key2(tweak), written straight into the integer that doubles
    // it (bytes of any object may be written as bytes): no buffer to wipe.
    Tweak t;
    ecb_internal::Kernel<Isa, 1>::EncryptBlock(
        tweak_keys, tweak_rounds, tweak_block, reinterpret_cast<uint8_t*>(&t));
    // With a partial last block, the last whole block takes part in the
    // stealing. Encrypting, it is an ordinary block until then and runs in
    // the bulk; decrypting, it takes the tweak after the stolen block's and
    // is left to the stealing.
    const size_t partial = bytes % 16;
    const size_t whole = bytes / 16;
    const size_t bulk =
        whole - (partial != 0 && kDirection == aes_engine::Direction::kDecrypt);
    t = Whole<kDirection>(round_keys, rounds, t, in, out, bulk);
    if (partial != 0) {
      Steal<kDirection>(round_keys, rounds, t, in + 16 * (whole - 1),
                        out + 16 * (whole - 1), partial);
    }
    t = 0;
  }

  // nblocks whole blocks from tweak t; returns the tweak after them.
  template <aes_engine::Direction kDirection>
  static Tweak Whole(const uint8_t* round_keys, int rounds, Tweak t,
                     const uint8_t* in, uint8_t* out, size_t nblocks) {
    modes_internal::DispatchRounds(rounds, [&](auto r) {
      t = Blocks<kDirection, r(), kWays>(Isa{}, round_keys, t, in, out,
                                         nblocks);
    });
    return t;
  }

  // Ciphertext stealing for any round count.
  template <aes_engine::Direction kDirection>
  static void Steal(const uint8_t* round_keys, int rounds, Tweak t,
                    const uint8_t* in, uint8_t* out, size_t partial) {
    modes_internal::DispatchRounds(rounds, [&](auto r) {
      xts_internal::Steal<kDirection, r()>(Isa{}, round_keys, t, in, out,
                                           partial);
    });
  }
};

template <size_t kWays>
struct Kernel<isa::Auto, kWays> {
  template <aes_engine::Direction kDirection>
  static void Unit(const uint8_t* round_keys, int rounds,
                   const uint8_t* tweak_keys, int tweak_rounds,
                   const uint8_t* tweak_block, const uint8_t* in, uint8_t* out,
                   size_t bytes) {
    const auto& k = dispatch_internal::Aes();
    (kDirection == aes_engine::Direction::kEncrypt
         ? k.xts_encrypt
         : k.xts_decrypt)(round_keys, rounds, tweak_keys, tweak_rounds,
                          tweak_block, in, out, bytes);
  }
};

template <aes_engine::Direction kDirection, class Isa, size_t kWays>
absl::Status Run(const AesXtsKey& key, const uint8_t tweak_block[16],
                 absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
  isa::RequireEnabled<Isa>();
  static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
  constexpr bool kEncrypt = kDirection == aes_engine::Direction::kEncrypt;
  constexpr absl::string_view kWhat = kEncrypt ? "XTS encrypt" : "XTS decrypt";
  if (absl::Status s = modes_internal::CheckInOut(kWhat, in, out); !s.ok()) {
    return s;
  }
  if (in.size() < 16 || in.size() > 16 * kMaxBlocks) {
    return UnitSizeError(kWhat, in.size());
  }
  const AesKey& data_key = key.data_key();
  Kernel<Isa, kWays>::template Unit<kDirection>(
      kEncrypt ? data_key.encryption_round_keys()
               : data_key.decryption_round_keys(),
      data_key.rounds(), key.tweak_key().encryption_round_keys(),
      key.tweak_key().rounds(), tweak_block, in.data(), out.data(), in.size());
  return absl::OkStatus();
}

inline absl::Status CheckTweak(absl::string_view what,
                               absl::Span<const uint8_t> tweak) {
  if (tweak.size() != 16 || tweak.data() == nullptr) {
    return modes_internal::IvError(what, "tweak", tweak.size());
  }
  return absl::OkStatus();
}

// The tweak of data unit `sector`: its number as a 128-bit little-endian
// integer (IEEE 1619 §5.1).
struct SectorTweak {
  explicit SectorTweak(uint64_t sector) {
    const uint64_t le = std::endian::native == std::endian::little
                            ? sector
                            : __builtin_bswap64(sector);
    std::memcpy(bytes, &le, 8);
  }
  alignas(16) uint8_t bytes[16] = {};
};

}  // namespace xts_internal

// Encrypts one data unit (16 bytes to 2^20 blocks, any length in between)
// under the 16-byte tweak; out == in is allowed.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kXts>
absl::Status AesXtsEncrypt(const AesXtsKey& key,
                           absl::Span<const uint8_t> tweak,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  if (absl::Status s = xts_internal::CheckTweak("XTS encrypt", tweak);
      !s.ok()) {
    return s;
  }
  return xts_internal::Run<aes_engine::Direction::kEncrypt, Isa, kWays>(
      key, tweak.data(), in, out);
}

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kXts>
absl::Status AesXtsDecrypt(const AesXtsKey& key,
                           absl::Span<const uint8_t> tweak,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  if (absl::Status s = xts_internal::CheckTweak("XTS decrypt", tweak);
      !s.ok()) {
    return s;
  }
  return xts_internal::Run<aes_engine::Direction::kDecrypt, Isa, kWays>(
      key, tweak.data(), in, out);
}

// The same with the tweak of a 64-bit data unit (sector) number.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kXts>
absl::Status AesXtsEncryptSector(const AesXtsKey& key, uint64_t sector,
                                 absl::Span<const uint8_t> in,
                                 absl::Span<uint8_t> out) {
  const xts_internal::SectorTweak tweak(sector);
  return xts_internal::Run<aes_engine::Direction::kEncrypt, Isa, kWays>(
      key, tweak.bytes, in, out);
}

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kXts>
absl::Status AesXtsDecryptSector(const AesXtsKey& key, uint64_t sector,
                                 absl::Span<const uint8_t> in,
                                 absl::Span<uint8_t> out) {
  const xts_internal::SectorTweak tweak(sector);
  return xts_internal::Run<aes_engine::Direction::kDecrypt, Isa, kWays>(
      key, tweak.bytes, in, out);
}

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_XTS_H_
