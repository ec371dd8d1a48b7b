// AES-ECB (SP 800-38A §6.1): each 16-byte block enciphered on its own.
//
// The first consumer of the block engine, and the shape every mode's API
// follows: an AesKey, spans in, absl::Status out; the ISA tag and the number
// of blocks in flight default to the build's best and can be named.
//
// ECB leaks equal plaintext blocks as equal ciphertext blocks; it is here as
// a building block and a benchmark of the engine, not for general use.
#ifndef BRAID_MODES_ECB_H_
#define BRAID_MODES_ECB_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_engine.h"
#include "braid/aes_key.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/buffer_checks.h"
#include "braid/namespace.h"

BRAID_NAMESPACE_BEGIN
namespace ecb_internal {

// nblocks whole blocks; the main loop takes kWays vectors at a time, the
// remainder smaller batches, and on SVE a last predicated vector.
template <aes_engine::Direction kDirection, int kRounds, size_t kWays,
          class Isa>
void Blocks(Isa isa, const uint8_t* round_keys, const uint8_t* in, uint8_t* out,
            size_t nblocks) {
  aes_engine::WithCipher<kDirection, kRounds>(
      isa, round_keys, [&](const auto& cipher) BRAID_LAMBDA_INLINE {
        const size_t per_vector = simd::BlocksPerVector(isa);
        size_t i = 0;
        // `ways` vectors from block i.
        auto batch = [&](auto ways) BRAID_LAMBDA_INLINE {
          simd::Unroll<ways()>([&](auto... j) BRAID_LAMBDA_INLINE {
            [&](auto... x) BRAID_LAMBDA_INLINE {
              cipher.rounds(x...);
              (simd::StoreBlocks(isa, out + 16 * (i + j * per_vector),
                                 simd::Xor(isa, x, cipher.last_key())),
               ...);
            }(simd::LoadBlocks(isa, in + 16 * (i + j * per_vector))...);
          });
          i += ways() * per_vector;
        };
        while (nblocks - i >= kWays * per_vector) {
          batch(std::integral_constant<size_t, kWays>{});
        }
        simd::ForEachPowerOfTwoBelow<kWays>([&](auto ways) BRAID_LAMBDA_INLINE {
          if (nblocks - i >= ways() * per_vector) batch(ways);
        });
        if (i < nblocks) {  // SVE: fewer blocks than a vector, predicated
          const size_t n = nblocks - i;
          auto x = simd::LoadBlocks(isa, in + 16 * i, n);
          cipher.rounds(x);
          simd::StoreBlocks(isa, out + 16 * i,
                            simd::Xor(isa, x, cipher.last_key()), n);
        }
      });
}

// The ISA part of ECB and of every mode's single-block steps, after the
// arguments were checked; isa::Auto's (below) calls the CPU's choice.
template <class Isa, size_t kWays>
struct Kernel {
  template <aes_engine::Direction kDirection>
  static void Run(const uint8_t* round_keys, int rounds, const uint8_t* in,
                  uint8_t* out, size_t nblocks) {
    modes_internal::DispatchRounds(rounds, [&](auto r) {
      Blocks<kDirection, r(), kWays>(Isa{}, round_keys, in, out, nblocks);
    });
  }
  static void EncryptBlock(const uint8_t* round_keys, int rounds,
                           const uint8_t* in, uint8_t* out) {
    modes_internal::DispatchRounds(rounds, [&](auto r) {
      Blocks<aes_engine::Direction::kEncrypt, r(), 1>(Isa{}, round_keys, in,
                                                      out, 1);
    });
  }
};

template <size_t kWays>
struct Kernel<isa::Auto, kWays> {
  template <aes_engine::Direction kDirection>
  static void Run(const uint8_t* round_keys, int rounds, const uint8_t* in,
                  uint8_t* out, size_t nblocks) {
    const auto& k = dispatch_internal::Aes();
    (kDirection == aes_engine::Direction::kEncrypt ? k.ecb_encrypt
                                                   : k.ecb_decrypt)(
        round_keys, rounds, in, out, nblocks);
  }
  static void EncryptBlock(const uint8_t* round_keys, int rounds,
                           const uint8_t* in, uint8_t* out) {
    dispatch_internal::Aes().encrypt_block(round_keys, rounds, in, out);
  }
};

template <aes_engine::Direction kDirection, class Isa, size_t kWays>
absl::Status Run(const AesKey& key, absl::Span<const uint8_t> in,
                 absl::Span<uint8_t> out) {
  isa::RequireEnabled<Isa>();
  static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
  constexpr absl::string_view kWhat =
      kDirection == aes_engine::Direction::kEncrypt ? "ECB encrypt"
                                                    : "ECB decrypt";
  if (absl::Status s = modes_internal::CheckInOut(kWhat, in, out); !s.ok()) {
    return s;
  }
  if (absl::Status s = modes_internal::CheckWholeBlocks(kWhat, in.size());
      !s.ok()) {
    return s;
  }
  const uint8_t* round_keys = kDirection == aes_engine::Direction::kEncrypt
                                  ? key.encryption_round_keys()
                                  : key.decryption_round_keys();
  Kernel<Isa, kWays>::template Run<kDirection>(
      round_keys, key.rounds(), in.data(), out.data(), in.size() / 16);
  return absl::OkStatus();
}

}  // namespace ecb_internal

// Encrypts in.size() bytes (a multiple of 16) into out; out == in is allowed.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kEcb>
absl::Status AesEcbEncrypt(const AesKey& key, absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  return ecb_internal::Run<aes_engine::Direction::kEncrypt, Isa, kWays>(key, in,
                                                                        out);
}

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kEcb>
absl::Status AesEcbDecrypt(const AesKey& key, absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  return ecb_internal::Run<aes_engine::Direction::kDecrypt, Isa, kWays>(key, in,
                                                                        out);
}

// The names from before every mode's calls were named Aes<Mode>...: callers
// written against them still build, with a warning that names the new call.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kEcb>
[[deprecated("use AesEcbEncrypt")]] absl::Status EcbEncrypt(
    const AesKey& key, absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
  return AesEcbEncrypt<Isa, kWays>(key, in, out);
}

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kEcb>
[[deprecated("use AesEcbDecrypt")]] absl::Status EcbDecrypt(
    const AesKey& key, absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
  return AesEcbDecrypt<Isa, kWays>(key, in, out);
}

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_ECB_H_
