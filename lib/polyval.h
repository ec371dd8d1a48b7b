// POLYVAL (RFC 8452 §3), the universal hash of AES-GCM-SIV, over whole
// 16-byte blocks, kWays blocks per reduction.
//
// A batch of k blocks X_1..X_k updates S to
//   (S ^ X_1)·H^k ^ X_2·H^(k-1) ^ ... ^ X_k·H,
// with the products added unreduced (three PMULLs each, Karatsuba) and one
// Montgomery reduction per batch; the powers H^1..H^kWays are computed once
// per key.
#ifndef BRAID_POLYVAL_H_
#define BRAID_POLYVAL_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "braid/namespace.h"
#include "braid/simd/clmul_ops.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace polyval_internal {

// One batch of kBlocks blocks: returns (s ^ X_1)·H^k ^ ... ^ X_k·H, where
// powers[j] = H^(j+1) and folded[j] = FoldPair(H^(j+1), H^j). Blocks go in
// pairs, whose Karatsuba folds share their operations. kReversed loads each
// block byte-reversed (GHASH's blocks in POLYVAL's field).
template <size_t kBlocks, bool kReversed, class Isa, class Field>
BRAID_INLINE Field Batch(Isa isa, Field s, const uint8_t* blocks,
                         const uint8_t (*powers)[16],
                         const uint8_t (*folded)[16]) {
  auto acc = simd::WideZero(isa);
  auto load = [&](auto block) BRAID_LAMBDA_INLINE {
    auto x = kReversed ? simd::FieldLoadReversed(isa, blocks + 16 * block)
                       : simd::FieldLoad(isa, blocks + 16 * block);
    if constexpr (decltype(block)::value == 0) x = simd::FieldXor(isa, x, s);
    return x;
  };
  auto power = [&](size_t j) BRAID_LAMBDA_INLINE {
    return simd::FieldLoad(isa, powers[j]);
  };
  // Last block first: the block that carries S joins the sums last, so
  // that the loop-carried chain is one multiply and one reduction long.
  constexpr size_t kOdd = kBlocks % 2;
  if constexpr (kOdd == 1) {
    simd::MulAcc(isa, acc, load(std::integral_constant<size_t, kBlocks - 1>{}),
                 power(0), simd::FieldLoad(isa, folded[0]));
  }
  simd::Unroll<kBlocks / 2>([&](auto... pair) BRAID_LAMBDA_INLINE {
    // The pair of powers j and j - 1: blocks kBlocks - 1 - j and the next.
    auto step = [&](auto pair_index) BRAID_LAMBDA_INLINE {
      constexpr size_t j = kOdd + 2 * decltype(pair_index)::value + 1;
      constexpr size_t kBlock = kBlocks - 1 - j;
      simd::MulAccPair(isa, acc, load(std::integral_constant<size_t, kBlock>{}),
                       power(j),
                       load(std::integral_constant<size_t, kBlock + 1>{}),
                       power(j - 1), simd::FieldLoad(isa, folded[j]));
    };
    (step(pair), ...);
  });
  return simd::Reduce(isa, acc);
}

// Sets powers[from..count) and folded[from..count) from powers[0] = H and
// the powers below `from`. H^(k+1) = H^(k+1-m)·H^m for m the largest power
// of two not above k, so the powers of one range [m, 2m) are independent
// of each other: a chain of log2(count) multiplies, not count.
template <class Isa>
void ComputePowers(Isa isa, uint8_t (*powers)[16], uint8_t (*folded)[16],
                   size_t from, size_t count) {
  for (size_t k = from; k < count; ++k) {
    const size_t m = std::bit_floor(k);
    auto acc = simd::WideZero(isa);
    simd::MulAcc(isa, acc, simd::FieldLoad(isa, powers[k - m]),
                 simd::FieldLoad(isa, powers[m - 1]),
                 simd::FieldLoad(isa, folded[m - 1]));
    const auto power = simd::Reduce(isa, acc);
    simd::FieldStore(isa, powers[k], power);
    simd::FieldStore(
        isa, folded[k],
        simd::FoldPair(isa, power, simd::FieldLoad(isa, powers[k - 1])));
  }
}

// Absorbs n blocks into s, kWays per reduction, then the remainder in
// batches of the powers of two below kWays.
template <size_t kWays, bool kReversed, class Isa, class Field>
BRAID_INLINE Field Blocks(Isa isa, Field s, const uint8_t* blocks, size_t n,
                          const uint8_t (*powers)[16],
                          const uint8_t (*folded)[16]) {
  while (n >= kWays) {
    s = Batch<kWays, kReversed>(isa, s, blocks, powers, folded);
    blocks += 16 * kWays;
    n -= kWays;
  }
  simd::ForEachPowerOfTwoBelow<kWays>([&](auto ways) BRAID_LAMBDA_INLINE {
    if (n >= ways()) {
      s = Batch<ways(), kReversed>(isa, s, blocks, powers, folded);
      blocks += 16 * ways();
      n -= ways();
    }
  });
  return s;
}

}  // namespace polyval_internal

template <class Isa, size_t kWays>
class Polyval {
 public:
  // h: the 16-byte hash key. The powers of H that wide batches use are
  // computed when a call first needs them: a short message's hash would
  // otherwise be mostly this table.
  explicit Polyval(const uint8_t h[16]) {
    static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
    const Isa isa;
    std::memcpy(powers_[0], h, 16);
    const auto key = simd::FieldLoad(isa, h);
    simd::FieldStore(isa, folded_[0], simd::FoldPair(isa, key, key));
  }

  // Resumes from a Digest() taken earlier.
  Polyval(const uint8_t h[16], const uint8_t state[16]) : Polyval(h) {
    std::memcpy(state_, state, 16);
  }

  Polyval(const Polyval&) = default;
  Polyval& operator=(const Polyval&) = default;
  ~Polyval() {
    internal::Wipe(powers_, sizeof(powers_[0]) * powers_ready_);
    internal::Wipe(folded_, sizeof(folded_[0]) * powers_ready_);
    internal::Wipe(state_, sizeof(state_));
  }

  // Absorbs n whole blocks.
  void Update(const uint8_t* blocks, size_t n) {
    const Isa isa;
    if (powers_ready_ < kWays && n > powers_ready_) {
      const size_t count = n < kWays ? n : kWays;
      polyval_internal::ComputePowers(isa, powers_, folded_, powers_ready_,
                                      count);
      powers_ready_ = count;
    }
    simd::FieldStore(
        isa, state_,
        polyval_internal::Blocks<kWays, false>(
            isa, simd::FieldLoad(isa, state_), blocks, n, powers_, folded_));
  }

  // Absorbs `len` bytes, the last block padded with zeros.
  void UpdatePadded(const uint8_t* data, size_t len) {
    Update(data, len / 16);
    if (len % 16 != 0) {
      alignas(16) uint8_t block[16] = {};
      std::memcpy(block, data + len - len % 16, len % 16);
      Update(block, 1);
      internal::Wipe(block, sizeof(block));
    }
  }

  void Digest(uint8_t out[16]) const { std::memcpy(out, state_, 16); }

 private:
  alignas(16) uint8_t powers_[kWays][16];  // powers_[k] = H^(k+1)
  alignas(16) uint8_t folded_[kWays][16];  // their Karatsuba halves' XOR
  alignas(16) uint8_t state_[16] = {};
  size_t powers_ready_ = 1;  // powers_[0..powers_ready_) are set
};

BRAID_NAMESPACE_END

#endif  // BRAID_POLYVAL_H_
