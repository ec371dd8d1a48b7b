// The N-way AES block engine, written once over ISA tags.
//
// WithCipher loads the round keys into registers once, then hands the body a
// set of operations that apply every round to any number of blocks, round by
// round, so that the compiler interleaves the independent blocks the way
// hand-written assembly does. The final AddRoundKey is left to the caller:
// CTR, CBC and XTS fold the value the result is XORed with into it (one EOR,
// or EOR3 where FEAT_SHA3 allows), off the critical path.
#ifndef BRAID_AES_ENGINE_H_
#define BRAID_AES_ENGINE_H_

#include <cstddef>
#include <cstdint>
#include <utility>

#include "braid/namespace.h"
#include "braid/simd/aes_ops.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"

BRAID_NAMESPACE_BEGIN
namespace aes_engine {

enum class Direction { kEncrypt, kDecrypt };

// What the body of WithCipher gets. Members are lambdas; the round keys they
// use live in registers for the duration of the call.
//   rounds(x...)             all rounds but the final AddRoundKey, in place;
//   rounds_after_first(x...) the same from round 1, for a body that ran round
//                            0 itself with a per-block key ("multikey": OCB
//                            and XTS fold their offset into round key 0);
//   first_round(x, k)        round 0 with key k, fused pair;
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

// Runs body(cipher) with the schedule `round_keys` (Nr + 1 keys of 16 bytes:
// AesKey's encryption or decryption keys, matching `kDirection`).
template <Direction kDirection, int kRounds, class Isa, class Body>
BRAID_INLINE void WithCipher(Isa isa, const uint8_t* round_keys, Body&& body) {
  static_assert(kRounds == 10 || kRounds == 12 || kRounds == 14);
  static_assert(simd::kAesCapable<Isa>,
                "the AES engine runs on isa::Scalar, isa::NeonAes and "
                "isa::Sve2Aes");
  isa::RequireEnabled<Isa>();
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

}  // namespace aes_engine
BRAID_NAMESPACE_END

#endif  // BRAID_AES_ENGINE_H_
