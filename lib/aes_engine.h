// The N-way AES block engine, written once over ISA tags.
//
// WithCipher loads the round keys into registers once, then hands the body a
// set of operations that apply every round to any number of blocks, round by
// round, so that the compiler interleaves the independent blocks the way
// hand-written assembly does. The final AddRoundKey is left to the caller:
// CTR, CBC and XTS fold the value the result is XORed with into it (one EOR,
// or EOR3 where FEAT_SHA3 allows), off the critical path. isa::Neon, which
// has no AES instructions, offers the same operations from rounds of its own
// (simd/aes_neon.h): eight blocks at a time bit-sliced, or one at a time.
#ifndef BRAID_AES_ENGINE_H_
#define BRAID_AES_ENGINE_H_

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "braid/namespace.h"
#include "braid/simd/aes_neon.h"
#include "braid/simd/aes_ops.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace aes_engine {

enum class Direction { kEncrypt, kDecrypt };

// What the body of WithCipher gets. Members are lambdas; the round keys they
// use live in registers for the duration of the call (isa::Neon's bit-sliced
// ones on the stack, wiped when it ends).
//   rounds(x...)             all rounds but the final AddRoundKey, in place;
//   rounds_after_first(x...) the same after first_round, for a body that
//                            starts round 0 itself with a per-block key
//                            ("multikey": OCB and XTS fold their offset into
//                            round key 0);
//   first_round(x, k)        round 0 with key k (the fused pair; on isa::Neon
//                            only its AddRoundKey, since a bit-sliced batch
//                            starts at SubBytes): its result is for
//                            rounds_after_first alone;
//   first_key(), last_key()  round keys 0 and Nr.
template <class Rounds, class RoundsAfterFirst, class FirstRound,
          class FirstKey, class LastKey>
struct Cipher {
  Rounds rounds;
  RoundsAfterFirst rounds_after_first;
  FirstRound first_round;
  FirstKey first_key;
  LastKey last_key;
};

template <class Isa, class Rounds, class RoundsAfterFirst, class FirstRound,
          class FirstKey, class LastKey>
BRAID_INLINE auto MakeCipher(Rounds r, RoundsAfterFirst r1, FirstRound f,
                             FirstKey k0, LastKey kn) {
  return Cipher<Rounds, RoundsAfterFirst, FirstRound, FirstKey, LastKey>{
      r, r1, f, k0, kn};
}

#if defined(__ARM_NEON)
// isa::Neon (no AES instructions): fewer than kMinSlicedBlocks blocks go one
// at a time through the table rounds, more as bit-sliced batches of eight
// (the last one padded), whose cost does not depend on how many of the
// eight are real.
inline constexpr size_t kMinSlicedBlocks = 4;

// All rounds but the final AddRoundKey on eight blocks, bit-sliced (round
// key 0 already added; `middle_keys` holds keys 1..Nr-1 as planes).
template <Direction kDirection, int kRounds>
BRAID_INLINE void SlicedRounds(simd::neon_aes::Planes& v,
                               const simd::neon_aes::Planes* middle_keys) {
  namespace neon = simd::neon_aes;
  constexpr bool kEnc = kDirection == Direction::kEncrypt;
  neon::ToPlanes(v);
  const auto& shift = kEnc ? neon::kPermutations.plane_shift_rows
                           : neon::kPermutations.plane_inv_shift_rows;
  if constexpr (!kEnc) neon::AddSboxConstant(v);
  for (int r = 1; r < kRounds; ++r) {
    if constexpr (kEnc) {
      simd::sliced::SubBytes(v);
      neon::PermutePlanes(v, shift);
      neon::MixColumns(v);
    } else {
      simd::sliced::InvSubBytes(v);
      neon::PermutePlanes(v, shift);
      neon::InvMixColumns(v);
    }
    neon::AddKey(v, middle_keys[r - 1]);
  }
  if constexpr (kEnc) {
    simd::sliced::SubBytes(v);
    neon::PermutePlanes(v, shift);
    neon::AddSboxConstant(v);
  } else {
    simd::sliced::InvSubBytes(v);
    neon::PermutePlanes(v, shift);
  }
  neon::FromPlanes(v);
}

// The same for a padded batch (a tail, or a kWays that is not a multiple of
// eight), out of line: one copy per direction and key size instead of one
// in every kernel and tail, where a padded batch already spends eight
// blocks' work on fewer. Whole batches stay inline: out of line, the call
// and the blocks' trip through memory slow the in-order Cortex-A53
// measurably (RESULTS.md).
template <Direction kDirection, int kRounds>
__attribute__((noinline)) void PaddedSlicedRounds(
    simd::neon_aes::Planes& blocks, const simd::neon_aes::Planes* middle_keys) {
  namespace neon = simd::neon_aes;
  // A local copy, which the compiler keeps in registers: the stores of the
  // rounds to `blocks` could alias the keys.
  neon::Planes v;
  neon::EachPlane([&](auto j) BRAID_LAMBDA_INLINE { v[j] = blocks[j]; });
  SlicedRounds<kDirection, kRounds>(v, middle_keys);
  neon::EachPlane([&](auto j) BRAID_LAMBDA_INLINE { blocks[j] = v[j]; });
}

template <Direction kDirection, int kRounds, class Body>
BRAID_INLINE void WithNeonCipher(const uint8_t* round_keys, Body&& body) {
  namespace neon = simd::neon_aes;
  constexpr bool kEnc = kDirection == Direction::kEncrypt;
  auto key = [&](size_t r) BRAID_LAMBDA_INLINE {
    return vld1q_u8(round_keys + 16 * r);
  };
  // Keys 1..Nr-1 as planes, on the stack (wiped at the end).
  neon::Planes middle_keys[kRounds - 1];
  for (int r = 1; r < kRounds; ++r) {
    neon::KeyToPlanes(round_keys + 16 * r, middle_keys[r - 1]);
  }
  const neon::Table table = neon::LoadTable(
      kEnc ? neon::kByteTables.sbox : neon::kByteTables.inverse_sbox);
  auto one_block = [&](uint8x16_t& x) BRAID_LAMBDA_INLINE {
    neon::Quarters q = neon::ToQuarters(x);
    simd::Unroll<kRounds - 1>([&](auto... r) BRAID_LAMBDA_INLINE {
      if constexpr (kEnc) {
        ((q = neon::EncRound(table, q, key(r + 1))), ...);
        x = neon::EncLast(table, q);
      } else {
        ((q = neon::DecRound(table, q, key(r + 1))), ...);
        x = neon::DecLast(table, q);
      }
    });
  };
  auto rounds_after_first = [&](auto&... x) BRAID_LAMBDA_INLINE {
    constexpr size_t kCount = sizeof...(x);
    if constexpr (kCount < kMinSlicedBlocks) {
      (one_block(x), ...);
    } else {
      uint8x16_t* blocks[] = {&x...};
      simd::Unroll<(kCount + 7) / 8>([&](auto... group) BRAID_LAMBDA_INLINE {
        auto run = [&](auto batch) BRAID_LAMBDA_INLINE {
          constexpr size_t first = 8 * batch();
          neon::Planes v;
          neon::EachPlane([&](auto j) BRAID_LAMBDA_INLINE {
            v[j] = first + j < kCount ? *blocks[first + j] : vdupq_n_u8(0);
          });
          if constexpr (first + 8 <= kCount) {
            SlicedRounds<kDirection, kRounds>(v, middle_keys);
          } else {
            PaddedSlicedRounds<kDirection, kRounds>(v, middle_keys);
          }
          neon::EachPlane([&](auto j) BRAID_LAMBDA_INLINE {
            if (first + j < kCount) *blocks[first + j] = v[j];
          });
        };
        (run(group), ...);
      });
    }
  };
  auto rounds = [&](auto&... x) BRAID_LAMBDA_INLINE {
    const uint8x16_t k0 = key(0);
    ((x = veorq_u8(x, k0)), ...);
    rounds_after_first(x...);
  };
  auto first_round = [&](uint8x16_t x, uint8x16_t k) BRAID_LAMBDA_INLINE {
    return veorq_u8(x, k);
  };
  body(MakeCipher<isa::Neon>(
      rounds, rounds_after_first, first_round,
      [&]() BRAID_LAMBDA_INLINE { return key(0); },
      [&]() BRAID_LAMBDA_INLINE { return key(kRounds); }));
  internal::Wipe(middle_keys, sizeof(middle_keys));
}
#endif  // defined(__ARM_NEON)

// The engine on tags with a per-block round primitive (simd::AesEncRound and
// the like): Scalar, NeonAes, Sve2Aes.
template <Direction kDirection, int kRounds, class Isa, class Body>
BRAID_INLINE void WithRoundPrimitives(Isa isa, const uint8_t* round_keys,
                                      Body&& body) {
  constexpr bool kEnc = kDirection == Direction::kEncrypt;
  auto key = [&](size_t r) {
    return simd::LoadBroadcast(isa, round_keys + 16 * r);
  };
  // Keys 1..Nr-2 are a pack of lambda parameters: registers, not an array
  // (SVE vectors are sizeless and cannot be array elements).
  simd::Unroll<kRounds - 2>([&](auto... r) BRAID_LAMBDA_INLINE {
    [&](auto k0, auto k_penultimate, auto k_last,
        auto... k_middle) BRAID_LAMBDA_INLINE {
      auto round = [&](auto& x, auto k) BRAID_LAMBDA_INLINE {
        if constexpr (kEnc) {
          x = simd::AesEncRound(isa, x, k);
        } else {
          x = simd::AesDecRound(isa, x, k);
        }
      };
      auto last_round = [&](auto& x) BRAID_LAMBDA_INLINE {
        if constexpr (kEnc) {
          x = simd::AesEncLast(isa, x, k_penultimate);
        } else {
          x = simd::AesDecLast(isa, x, k_penultimate);
        }
      };
      auto rounds_after_first = [&](auto&... x) BRAID_LAMBDA_INLINE {
        // Every block takes round r before any block takes round r + 1.
        auto all_blocks = [&](auto k) BRAID_LAMBDA_INLINE {
          (round(x, k), ...);
        };
        (all_blocks(k_middle), ...);
        (last_round(x), ...);
      };
      auto rounds = [&](auto&... x) BRAID_LAMBDA_INLINE {
        (round(x, k0), ...);
        rounds_after_first(x...);
      };
      auto first_round = [&](auto x, auto k) BRAID_LAMBDA_INLINE {
        round(x, k);
        return x;
      };
      body(MakeCipher<Isa>(
          rounds, rounds_after_first, first_round,
          [&]() BRAID_LAMBDA_INLINE { return k0; },
          [&]() BRAID_LAMBDA_INLINE { return k_last; }));
    }(key(0), key(kRounds - 1), key(kRounds), key(1 + r)...);
  });
}

// Runs body(cipher) with the schedule `round_keys` (Nr + 1 keys of 16 bytes:
// AesKey's encryption or decryption keys, matching `kDirection`).
template <Direction kDirection, int kRounds, class Isa, class Body>
BRAID_INLINE void WithCipher(Isa isa, const uint8_t* round_keys, Body&& body) {
  static_assert(kRounds == 10 || kRounds == 12 || kRounds == 14);
  static_assert(simd::kAesCapable<Isa>,
                "the AES engine runs on isa::Scalar, isa::Neon, isa::NeonAes "
                "and isa::Sve2Aes");
  isa::RequireEnabled<Isa>();
#if defined(__ARM_NEON)
  if constexpr (std::is_same_v<Isa, isa::Neon>) {
    WithNeonCipher<kDirection, kRounds>(round_keys, body);
  } else
#endif
  {
    WithRoundPrimitives<kDirection, kRounds>(isa, round_keys, body);
  }
}

}  // namespace aes_engine
BRAID_NAMESPACE_END

#endif  // BRAID_AES_ENGINE_H_
