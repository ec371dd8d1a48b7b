// The kernel XTS and OCB share: ECB with a per-block whitening value W_j
// XORed in before and after the cipher, out_j = E(in_j ^ W_j) ^ W_j (or D),
// and optionally a running XOR of the inputs or the outputs (OCB's checksum
// and its associated-data sum).
//
// The vector pipes do no more per block than ECB does: a Whitener computes
// W_j in general-purpose registers and writes k0 ^ W_j and kNr ^ W_j to a
// buffer one batch ahead of the rounds that load them. AESE(in, k0 ^ W) is
// round 0 of E(in ^ W), and one EOR with kNr ^ W ends the cipher and the
// whitening together.
#ifndef BRAID_MODES_WHITENED_H_
#define BRAID_MODES_WHITENED_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "braid/aes_engine.h"
#include "braid/namespace.h"
#include "braid/simd/aes_ops.h"
#include "braid/simd/unroll.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace whitened {

// Round keys 0 and Nr of a schedule, for whiteners. 128-bit integers stay in
// general-purpose register pairs; two 64-bit halves would be paired into
// vector XORs that take the AES pipes.
struct EdgeKeys {
  template <int kRounds>
  static EdgeKeys Of(const uint8_t* round_keys) {
    EdgeKeys k;
    std::memcpy(&k.first, round_keys, 16);
    std::memcpy(&k.last, round_keys + 16 * kRounds, 16);
    return k;
  }
  // Writes k0 ^ w and kNr ^ w.
  BRAID_INLINE void Whiten(unsigned __int128 w, uint8_t* first_out,
                           uint8_t* last_out) const {
    const unsigned __int128 f = w ^ first, l = w ^ last;
    std::memcpy(first_out, &f, 16);
    std::memcpy(last_out, &l, 16);
  }
  // Writes k0 ^ w and kNr: whitening on the way in only.
  BRAID_INLINE void WhitenFirst(unsigned __int128 w, uint8_t* first_out,
                                uint8_t* last_out) const {
    const unsigned __int128 f = w ^ first;
    std::memcpy(first_out, &f, 16);
    std::memcpy(last_out, &last, 16);
  }
  unsigned __int128 first, last;
};

// What the kernel XORs into `sum`: nothing, the input blocks, the output
// blocks, or the output blocks without storing them (OCB's HASH).
enum class Sum { kNone, kInput, kOutput, kOutputOnly };

// Most blocks per vector of any tag (SVE2-AES at 2048-bit vectors).
inline constexpr size_t kMaxBlocksPerVector = 16;

template <class Isa>
inline constexpr size_t kBlocksPerVectorBound =
    std::is_same_v<Isa, isa::Sve2Aes> ? kMaxBlocksPerVector : 1;

// nblocks whole blocks; `whiten(first, last, at)` writes the next block's
// k0 ^ W and kNr ^ W and advances. `at` is the block's place in its batch
// as a std::integral_constant where the batch is known to start a whole
// number of kWays blocks into the call (OCB then knows ntz(i) for all but
// the last block of a batch when kWays is a power of two), else -1. `sum` (16
// bytes) is read and updated unless kSum is kNone; `out` is unused with
// kOutputOnly.
template <aes_engine::Direction kDirection, int kRounds, size_t kWays, Sum kSum,
          class Isa, class Whiten>
BRAID_INLINE void Blocks(Isa isa, const uint8_t* round_keys, Whiten& whiten,
                         const uint8_t* in, uint8_t* out, size_t nblocks,
                         uint8_t* sum) {
  constexpr size_t kSpanBound = kWays * kBlocksPerVectorBound<Isa>;
  constexpr bool kStore = kSum != Sum::kOutputOnly;
  const size_t per_vector = simd::BlocksPerVector(isa);
  const size_t span = kWays * per_vector;
  constexpr size_t kLast = 16 * kSpanBound;
  auto whiten_n = [&](uint8_t* w, size_t count) BRAID_LAMBDA_INLINE {
    for (size_t j = 0; j < count; ++j) {
      whiten(w + 16 * j, w + kLast + 16 * j, -1);
    }
  };
  // Two batches of whitening, each first keys then last keys: the rounds
  // read one while the general-purpose registers write the other; and room
  // for a partial vector and the sum. One buffer, wiped once.
  struct Scratch {
    alignas(16) uint8_t white[2][2 * kLast];
    alignas(16) uint8_t part[16 * kBlocksPerVectorBound<Isa>];
  } scratch;
  auto& white = scratch.white;
  auto& part = scratch.part;
  whiten_n(white[0], std::min(span, nblocks));

  aes_engine::WithCipher<kDirection, kRounds>(
      isa, round_keys, [&](const auto& cipher) BRAID_LAMBDA_INLINE {
        // The running sum, one block per vector segment until the end.
        auto acc = simd::Xor(isa, cipher.first_key(), cipher.first_key());
        size_t i = 0;
        // `ways` vectors from block i, whitened from `w`.
        auto batch = [&](auto ways, const uint8_t* w) BRAID_LAMBDA_INLINE {
          simd::Unroll<ways()>([&](auto... j) BRAID_LAMBDA_INLINE {
            [&](auto... x) BRAID_LAMBDA_INLINE {
              if constexpr (kSum == Sum::kInput) simd::XorInto(isa, acc, x...);
              (void)((x = cipher.first_round(
                          x, simd::LoadBlocks(isa, w + 16 * j * per_vector))),
                     ...);
              cipher.rounds_after_first(x...);
              ((x = simd::Xor(
                    isa, x,
                    simd::LoadBlocks(isa, w + kLast + 16 * j * per_vector))),
               ...);
              if constexpr (kSum == Sum::kOutput || !kStore) {
                simd::XorInto(isa, acc, x...);
              }
              if constexpr (kStore) {
                (simd::StoreBlocks(isa, out + 16 * (i + j * per_vector), x),
                 ...);
              }
            }(simd::LoadBlocks(isa, in + 16 * (i + j * per_vector))...);
          });
          i += ways() * per_vector;
        };
        // A whole batch from white[from] while the next whole batch is
        // whitened into white[to]. On NEON that is a fixed count, unrolled
        // into the same straight line as the rounds so that the integer and
        // the vector pipes overlap, and the loop is unrolled twice so that
        // the buffers' roles are constants. Scalar and SVE keep loops (for
        // Scalar, a far shorter compile of a path that is slow anyway).
        int cur = 0;
        if constexpr (std::is_same_v<Isa, isa::NeonAes>) {
          auto step = [&](int from, int to) BRAID_LAMBDA_INLINE {
            simd::Unroll<kWays>([&](auto... j) BRAID_LAMBDA_INLINE {
              (whiten(white[to] + 16 * j, white[to] + kLast + 16 * j, j), ...);
            });
            batch(std::integral_constant<size_t, kWays>{}, white[from]);
          };
          while (nblocks - i >= 2 * span) {
            step(0, 1);
            if (nblocks - i < 2 * span) {
              cur = 1;
              break;
            }
            step(1, 0);
          }
        } else {
          while (nblocks - i >= 2 * span) {
            whiten_n(white[cur ^ 1], span);
            batch(std::integral_constant<size_t, kWays>{}, white[cur]);
            cur ^= 1;
          }
        }
        if (nblocks - i >= span) {  // the last whole batch
          whiten_n(white[cur ^ 1], nblocks - i - span);
          batch(std::integral_constant<size_t, kWays>{}, white[cur]);
          cur ^= 1;
        }
        const uint8_t* w = white[cur];
        simd::ForEachPowerOfTwoBelow<kWays>([&](auto ways) BRAID_LAMBDA_INLINE {
          if (nblocks - i >= ways() * per_vector) {
            batch(ways, w);
            w += 16 * ways() * per_vector;
          }
        });
        if (i < nblocks) {  // SVE: fewer blocks than a vector, predicated
          const size_t n = nblocks - i;
          auto x = simd::LoadBlocks(isa, in + 16 * i, n);  // zero past n
          if constexpr (kSum == Sum::kInput) acc = simd::Xor(isa, acc, x);
          x = cipher.first_round(x, simd::LoadBlocks(isa, w, n));
          cipher.rounds_after_first(x);
          x = simd::Xor(isa, x, simd::LoadBlocks(isa, w + kLast, n));
          uint8_t* to = kStore ? out + 16 * i : part;
          simd::StoreBlocks(isa, to, x, n);
          if constexpr (kSum == Sum::kOutput || !kStore) {
            // Lanes past n hold cipher output of zeros: reload them as 0.
            acc = simd::Xor(isa, acc, simd::LoadBlocks(isa, to, n));
          }
        }
        if constexpr (kSum != Sum::kNone) {
          simd::StoreBlocks(isa, part, acc);
          for (size_t v = 0; v < per_vector; ++v) {
            for (size_t b = 0; b < 16; ++b) sum[b] ^= part[16 * v + b];
          }
        }
      });
  internal::Wipe(&scratch, sizeof(scratch));
}

}  // namespace whitened
BRAID_NAMESPACE_END

#endif  // BRAID_MODES_WHITENED_H_
