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

// Row j of what batches read of a hash key H: H^(j+1), and for j >= 1 the
// pair H^(j+1), H^j split as SplitHalves splits two blocks, with its
// Karatsuba folds (row 0: H's fold in the low half). Raw bytes; a row's
// parts side by side, so that the rows in use are one run to wipe.
struct PowerRow {
  alignas(16) uint8_t power[16];
  alignas(16) uint8_t pair_lo[16];
  alignas(16) uint8_t pair_hi[16];
  alignas(16) uint8_t folded[16];
};
template <size_t kCount>
struct PowerTable {
  PowerRow rows[kCount];

  void Wipe(size_t count) { internal::Wipe(rows, sizeof(PowerRow) * count); }
};

// Row 0, from H.
template <class Isa, size_t kCount>
void SetKey(Isa isa, PowerTable<kCount>& t, const uint8_t h[16]) {
  std::memcpy(t.rows[0].power, h, 16);
  const auto key = simd::FieldLoad(isa, h);
  simd::FieldStore(isa, t.rows[0].folded,
                   simd::FoldHalves(isa, simd::SplitHalves(isa, key, key)));
}

// Rows from..count, from H and the rows below `from`. H^(k+1) =
// H^(k+1-m)·H^m for m the largest power of two not above k, so the powers
// of one range [m, 2m) are independent of each other: a chain of
// log2(count) multiplies, not count.
template <class Isa, size_t kCount>
void ComputePowers(Isa isa, PowerTable<kCount>& t, size_t from, size_t count) {
  for (size_t k = from; k < count; ++k) {
    const size_t m = std::bit_floor(k);
    auto acc = simd::WideZero(isa);
    simd::MulAcc(isa, acc, simd::FieldLoad(isa, t.rows[k - m].power),
                 simd::FieldLoad(isa, t.rows[m - 1].power),
                 simd::FieldLoad(isa, t.rows[m - 1].folded));
    const auto power = simd::Reduce(isa, acc);
    simd::FieldStore(isa, t.rows[k].power, power);
    const auto pair = simd::SplitHalves(
        isa, power, simd::FieldLoad(isa, t.rows[k - 1].power));
    simd::FieldStore(isa, t.rows[k].pair_lo, pair.lo);
    simd::FieldStore(isa, t.rows[k].pair_hi, pair.hi);
    simd::FieldStore(isa, t.rows[k].folded, simd::FoldHalves(isa, pair));
  }
}

// One batch of kBlocks blocks: returns (s ^ X_1)·H^k ^ ... ^ X_k·H.
// Blocks go in pairs split into halves, so that a pair's Karatsuba folds
// take one EOR. kReversed: the blocks are GHASH's, byte-reversed as they
// are loaded; kSplitOnLoad: by two TBLs that also split (see gcm.h's
// kSplitInputOnLoad for where they do not pay).
template <size_t kBlocks, bool kReversed, class Isa, class Field,
          size_t kCount, bool kSplitOnLoad = kReversed>
BRAID_INLINE Field Batch(Isa isa, Field s, const uint8_t* blocks,
                         const PowerTable<kCount>& t) {
  static_assert(kBlocks <= kCount && (kReversed || !kSplitOnLoad));
  auto load = [&](size_t block) BRAID_LAMBDA_INLINE {
    return kReversed ? simd::FieldLoadReversed(isa, blocks + 16 * block)
                     : simd::FieldLoad(isa, blocks + 16 * block);
  };
  auto acc = simd::WideZero(isa);
  // Last block first: the block that carries S joins the sums last, so
  // that the loop-carried chain is one multiply and one reduction long.
  constexpr size_t kOdd = kBlocks % 2;
  if constexpr (kOdd == 1) {
    auto x = load(kBlocks - 1);
    if constexpr (kBlocks == 1) x = simd::FieldXor(isa, x, s);
    simd::MulAcc(isa, acc, x, simd::FieldLoad(isa, t.rows[0].power),
                 simd::FieldLoad(isa, t.rows[0].folded));
  }
  simd::Unroll<kBlocks / 2>([&](auto... pair) BRAID_LAMBDA_INLINE {
    // The pair of powers j + 1 and j: blocks kBlocks - 1 - j and the next.
    auto step = [&](auto pair_index) BRAID_LAMBDA_INLINE {
      constexpr size_t j = kOdd + 2 * decltype(pair_index)::value + 1;
      constexpr size_t kBlock = kBlocks - 1 - j;
      auto x = [&]() BRAID_LAMBDA_INLINE {
        if constexpr (kSplitOnLoad && kBlock != 0) {
          return simd::LoadReversedSplitHalves(isa, blocks + 16 * kBlock);
        } else {
          auto a = load(kBlock);
          if constexpr (kBlock == 0) a = simd::FieldXor(isa, a, s);
          return simd::SplitHalves(isa, a, load(kBlock + 1));
        }
      }();
      const PowerRow& row = t.rows[j];
      simd::MulAccHalves(isa, acc, x,
                         simd::LoadHalves(isa, row.pair_lo, row.pair_hi),
                         simd::FieldLoad(isa, row.folded));
    };
    (step(pair), ...);
  });
  return simd::Reduce(isa, acc);
}

// Absorbs n blocks into s, kWays per reduction, then the remainder in
// batches of the powers of two below kWays.
template <size_t kWays, bool kReversed, class Isa, class Field,
          size_t kCount>
BRAID_INLINE Field Blocks(Isa isa, Field s, const uint8_t* blocks, size_t n,
                          const PowerTable<kCount>& t) {
  while (n >= kWays) {
    s = Batch<kWays, kReversed>(isa, s, blocks, t);
    blocks += 16 * kWays;
    n -= kWays;
  }
  simd::ForEachPowerOfTwoBelow<kWays>([&](auto ways) BRAID_LAMBDA_INLINE {
    if (n >= ways()) {
      s = Batch<ways(), kReversed>(isa, s, blocks, t);
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
    polyval_internal::SetKey(Isa{}, table_, h);
  }

  // Resumes from a Digest() taken earlier.
  Polyval(const uint8_t h[16], const uint8_t state[16]) : Polyval(h) {
    std::memcpy(state_, state, 16);
  }

  Polyval(const Polyval&) = default;
  Polyval& operator=(const Polyval&) = default;
  ~Polyval() {
    table_.Wipe(powers_ready_);
    internal::Wipe(state_, sizeof(state_));
  }

  // Absorbs n whole blocks.
  void Update(const uint8_t* blocks, size_t n) {
    const Isa isa;
    if (powers_ready_ < kWays && n > powers_ready_) {
      const size_t count = n < kWays ? n : kWays;
      polyval_internal::ComputePowers(isa, table_, powers_ready_, count);
      powers_ready_ = count;
    }
    simd::FieldStore(
        isa, state_,
        polyval_internal::Blocks<kWays, false>(
            isa, simd::FieldLoad(isa, state_), blocks, n, table_));
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
  polyval_internal::PowerTable<kWays> table_;
  alignas(16) uint8_t state_[16] = {};
  size_t powers_ready_ = 1;  // rows 0..powers_ready_ of table_ are set
};

BRAID_NAMESPACE_END

#endif  // BRAID_POLYVAL_H_
