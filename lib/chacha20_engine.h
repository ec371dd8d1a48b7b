// The ChaCha20 kernel, written once over (ISA tag, vector blocks, scalar
// blocks): every batch runs kVectorBlocks blocks in vector registers and
// kScalarBlocks blocks in general-purpose registers through the same twenty
// rounds in one loop body, so the integer pipes work beside the vector pipes
// (OpenSSL's 4+1 and 6+2, Mbed TLS's (n, s), all from one template).
//
// Layouts. NEON runs each group of four blocks "by word" (register j holds
// state word j of four blocks; the rounds need no shuffles, the output is
// transposed), and the remaining kVectorBlocks % 4 blocks "by row" (one block
// in four registers, lanes rotated between column and diagonal rounds). SVE
// runs groups of VL/32 blocks by word, sixteen whole vectors each; for SVE
// tags kVectorBlocks counts such groups, 1 or 2 (two fill the thirty-two
// vector registers, and hide each other's chains: see simd::chacha::Rotates).
// Messages end in one-group batches. (NEON row blocks beside a group were
// tried: a row's double round is a longer dependent chain than the group's,
// and slowed the batch on the V2 model.)
//
// Counters: state words 12 and 13 are taken as one 64-bit little-endian
// block counter (the original ChaCha); for RFC 8439's 32-bit counter word 13
// is the first nonce word, and the caller never lets word 12 wrap, so the
// carry into it never happens. Whole blocks only: the caller keeps the
// keystream of a partial last block.
#ifndef BRAID_CHACHA20_ENGINE_H_
#define BRAID_CHACHA20_ENGINE_H_

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "braid/namespace.h"
#include "braid/simd/chacha_ops.h"
#include "braid/simd/inline.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace chacha20_engine {

static_assert(std::endian::native == std::endian::little,
              "ChaCha20 words are stored little-endian as they are");

inline constexpr int kDoubleRounds = 10;

// Under -Os a NEON kernel ends a message with one more whole batch, run in a
// buffer, where at -O2 it has a batch shape for each possible remainder:
// those shapes are most of the code (n = 4, s = 2 with GCC: 10.3 KB at -O2,
// 2.4 KB in one shape at -Os), and they pay only for messages of a few
// batches.
#if defined(__OPTIMIZE_SIZE__)
inline constexpr bool kCompactTails = true;
#else
inline constexpr bool kCompactTails = false;
#endif

// Blocks in an SVE word group (VL/32) at the largest vector length, 2048 bits.
inline constexpr size_t kMaxLanes = 64;

// Scalar blocks in the one-group batches that finish a message: kScalar
// when the configuration has one group, at most one after two-group batches
// (one scalar block beside one group models faster than two on V2).
template <size_t kGroups, size_t kScalar>
inline constexpr size_t kTailScalar = kGroups > 1 ? std::min<size_t>(kScalar, 1)
                                                  : kScalar;

template <class Isa>
inline constexpr bool kSveTag = isa::Traits<Isa>::kSve;
template <class Isa>
inline constexpr bool kNeonTag = isa::Traits<Isa>::kNeon && !kSveTag<Isa>;

// Whether (Isa, kVectorBlocks, kScalarBlocks) is a configuration the kernel
// offers.
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks>
inline constexpr bool kValidConfig =
    kScalarBlocks <= 4 &&
    (kSveTag<Isa>
         ? kVectorBlocks == 1 || (kVectorBlocks == 2 && kScalarBlocks <= 2)
     : kNeonTag<Isa> ? kVectorBlocks <= 8 && kVectorBlocks + kScalarBlocks > 0
                     : kVectorBlocks == 0 && kScalarBlocks > 0);

// Work run beside the rounds (the AEAD's Poly1305, on the integer pipes):
// Round() once per double round of each batch of the loop over whole
// batches, and AfterBatch(blocks) after each such batch. The batches that
// end a message run without it.
struct NoCompanion {
  BRAID_INLINE void Round() {}
  BRAID_INLINE void AfterBatch(size_t) {}
};

template <size_t kCount, class F>
BRAID_INLINE void StaticFor(F&& f) {
  simd::Unroll<kCount>([&](auto... i) BRAID_LAMBDA_INLINE { (f(i), ...); });
}

BRAID_INLINE uint64_t CounterOf(const uint32_t state[16]) {
  return state[12] | static_cast<uint64_t>(state[13]) << 32;
}

BRAID_INLINE uint32_t LoadWord(const uint8_t* p) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  return w;
}
BRAID_INLINE void StoreWord(uint8_t* p, uint32_t w) { std::memcpy(p, &w, 4); }

// A block in general-purpose registers.
struct ScalarBlock {
  uint32_t x[16];

  BRAID_INLINE void Init(const uint32_t state[16], uint64_t counter) {
    StaticFor<16>([&](auto j) BRAID_LAMBDA_INLINE { x[j] = state[j]; });
    x[12] = static_cast<uint32_t>(counter);
    x[13] = static_cast<uint32_t>(counter >> 32);
  }
  template <class Isa>
  BRAID_INLINE void DoubleRound(Isa isa) {
    simd::chacha::DoubleRound(isa, x[0], x[1], x[2], x[3], x[4], x[5], x[6],
                              x[7], x[8], x[9], x[10], x[11], x[12], x[13],
                              x[14], x[15]);
  }
  // kAlone: the only scalar block beside vector blocks.
  template <bool kAlone, class Isa>
  BRAID_INLINE void Finish(Isa, const uint32_t state[16], uint64_t counter,
                           const uint8_t* in, uint8_t* out) {
#if defined(__clang__)
    // Clang's SLP vectorizer takes rows built from a lone block as its cue
    // to run the block's rounds as a row block on the vector pipes, which
    // the vector blocks already fill (V2 model, NEON 4 + 1: 2.84 c/B with
    // rows, 1.79 without).
    constexpr bool kRows = !kAlone;
#else
    constexpr bool kRows = true;
#endif
#if defined(__ARM_NEON)
    if constexpr (isa::Traits<Isa>::kNeon && kRows) {
      // Under a vector tag, four rows through the vector unit: about half
      // the instructions of sixteen words through the integer one.
      auto row = [](uint32_t a, uint32_t b, uint32_t c,
                    uint32_t d) BRAID_LAMBDA_INLINE {
        return vcombine_u32(vcreate_u32(a | static_cast<uint64_t>(b) << 32),
                            vcreate_u32(c | static_cast<uint64_t>(d) << 32));
      };
      const uint32x4_t rows[4] = {
          vaddq_u32(row(x[0], x[1], x[2], x[3]), vld1q_u32(state)),
          vaddq_u32(row(x[4], x[5], x[6], x[7]), vld1q_u32(state + 4)),
          vaddq_u32(row(x[8], x[9], x[10], x[11]), vld1q_u32(state + 8)),
          vaddq_u32(row(x[12], x[13], x[14], x[15]),
                    vcombine_u32(vcreate_u32(counter), vld1_u32(state + 14)))};
      StaticFor<4>([&](auto k) BRAID_LAMBDA_INLINE {
        vst1q_u8(out + 16 * k, veorq_u8(vreinterpretq_u8_u32(rows[k]),
                                        vld1q_u8(in + 16 * k)));
      });
      return;
    }
#endif
    StaticFor<16>([&](auto j) BRAID_LAMBDA_INLINE {
      const uint32_t initial = j == 12   ? static_cast<uint32_t>(counter)
                               : j == 13 ? static_cast<uint32_t>(counter >> 32)
                                         : state[j];
      StoreWord(out + 4 * j, (x[j] + initial) ^ LoadWord(in + 4 * j));
    });
  }
};

// Runs the twenty rounds of a batch: ten times `vector_double_round`, and
// kScalar blocks in general-purpose registers beside it, whose output goes
// to out[0..64 * kScalar). kSerial, where kScalar divides ten: the scalar
// blocks run one after the other, kScalar of their double rounds beside each
// vector one, so that only one block's sixteen words are live (two would
// need more registers than there are, and spill) -- for throughput beside
// vector blocks. Otherwise side by side, the shorter chain: for a tail.
// kBesideVectors: the batch has vector blocks too.
template <size_t kScalar, bool kSerial, bool kBesideVectors, class Isa, class F>
BRAID_INLINE void RunRounds(Isa isa, const uint32_t state[16], uint64_t counter,
                            const uint8_t* in, uint8_t* out,
                            F&& vector_double_round) {
  constexpr bool kAlone = kScalar == 1 && kBesideVectors;
  if constexpr (kScalar == 0) {
    for (int i = 0; i < kDoubleRounds; ++i) vector_double_round();
  } else if constexpr (kSerial && kDoubleRounds % kScalar == 0) {
    for (size_t b = 0; b < kScalar; ++b) {
      ScalarBlock block;
      block.Init(state, counter + b);
      for (int i = 0; i < kDoubleRounds / static_cast<int>(kScalar); ++i) {
        vector_double_round();
        StaticFor<kScalar>([&](auto)
                               BRAID_LAMBDA_INLINE { block.DoubleRound(isa); });
      }
      block.Finish<kAlone>(isa, state, counter + b, in + 64 * b, out + 64 * b);
    }
  } else {
    ScalarBlock blocks[kScalar];
    StaticFor<kScalar>([&](auto b) BRAID_LAMBDA_INLINE {
      blocks[b].Init(state, counter + b);
    });
    for (int i = 0; i < kDoubleRounds; ++i) {
      vector_double_round();
      StaticFor<kScalar>(
          [&](auto b) BRAID_LAMBDA_INLINE { blocks[b].DoubleRound(isa); });
    }
    StaticFor<kScalar>([&](auto b) BRAID_LAMBDA_INLINE {
      blocks[b].template Finish<kAlone>(isa, state, counter + b, in + 64 * b,
                                        out + 64 * b);
    });
  }
}

#if defined(__ARM_NEON)
// Four blocks by word: lane i of x[j] is word j of block i.
struct NeonWordGroup {
  uint32x4_t x[16];
  uint32x4_t counter_lo, counter_hi;

  BRAID_INLINE void Init(const uint32_t state[16], uint64_t counter) {
    StaticFor<16>([&](auto j)
                      BRAID_LAMBDA_INLINE { x[j] = vld1q_dup_u32(state + j); });
    static constexpr uint32_t kLanes[4] = {0, 1, 2, 3};
    const uint32x4_t lanes = vld1q_u32(kLanes);
    const uint32x4_t base = vdupq_n_u32(static_cast<uint32_t>(counter));
    counter_lo = vaddq_u32(base, lanes);
    // A lane whose low word wrapped carries one into its high word (the
    // comparison gives all ones, -1, where it did).
    counter_hi = vsubq_u32(vdupq_n_u32(static_cast<uint32_t>(counter >> 32)),
                           vcltq_u32(counter_lo, base));
    x[12] = counter_lo;
    x[13] = counter_hi;
  }
  template <class Isa>
  BRAID_INLINE void DoubleRound(Isa isa) {
    simd::chacha::DoubleRound(isa, x[0], x[1], x[2], x[3], x[4], x[5], x[6],
                              x[7], x[8], x[9], x[10], x[11], x[12], x[13],
                              x[14], x[15]);
  }
  // Adds the input state, transposes each 4x4 quarter into rows of 16 bytes
  // and XORs the four blocks into out[0..256).
  BRAID_INLINE void Finish(const uint32_t state[16], const uint8_t* in,
                           uint8_t* out) {
    StaticFor<4>([&](auto q) BRAID_LAMBDA_INLINE {
      uint32x4_t w[4];
      StaticFor<4>([&](auto k) BRAID_LAMBDA_INLINE {
        constexpr size_t j = 4 * q + k;
        const uint32x4_t initial = j == 12   ? counter_lo
                                   : j == 13 ? counter_hi
                                             : vld1q_dup_u32(state + j);
        w[k] = vaddq_u32(x[j], initial);
      });
      const uint64x2_t ab_lo = vreinterpretq_u64_u32(vzip1q_u32(w[0], w[1]));
      const uint64x2_t ab_hi = vreinterpretq_u64_u32(vzip2q_u32(w[0], w[1]));
      const uint64x2_t cd_lo = vreinterpretq_u64_u32(vzip1q_u32(w[2], w[3]));
      const uint64x2_t cd_hi = vreinterpretq_u64_u32(vzip2q_u32(w[2], w[3]));
      const uint64x2_t rows[4] = {
          vzip1q_u64(ab_lo, cd_lo), vzip2q_u64(ab_lo, cd_lo),
          vzip1q_u64(ab_hi, cd_hi), vzip2q_u64(ab_hi, cd_hi)};
      StaticFor<4>([&](auto b) BRAID_LAMBDA_INLINE {
        const size_t at = 64 * b + 16 * q;
        vst1q_u8(out + at,
                 veorq_u8(vreinterpretq_u8_u64(rows[b]), vld1q_u8(in + at)));
      });
    });
  }
};

// One block by row: a = words 0-3, b = 4-7, c = 8-11, d = 12-15.
struct NeonRowBlock {
  uint32x4_t a, b, c, d, d_initial;

  BRAID_INLINE void Init(const uint32_t state[16], uint64_t counter) {
    a = vld1q_u32(state);
    b = vld1q_u32(state + 4);
    c = vld1q_u32(state + 8);
    d_initial = vcombine_u32(vcreate_u32(counter), vld1_u32(state + 14));
    d = d_initial;
  }
  template <class Isa>
  BRAID_INLINE void DoubleRound(Isa isa) {
    simd::chacha::RowDoubleRound(isa, a, b, c, d);
  }
  BRAID_INLINE void Finish(const uint32_t state[16], const uint8_t* in,
                           uint8_t* out) {
    const uint32x4_t rows[4] = {
        vaddq_u32(a, vld1q_u32(state)), vaddq_u32(b, vld1q_u32(state + 4)),
        vaddq_u32(c, vld1q_u32(state + 8)), vaddq_u32(d, d_initial)};
    StaticFor<4>([&](auto k) BRAID_LAMBDA_INLINE {
      vst1q_u8(out + 16 * k,
               veorq_u8(vreinterpretq_u8_u32(rows[k]), vld1q_u8(in + 16 * k)));
    });
  }
};
#endif

// One batch: kGroups word groups of four, kRows row blocks, kScalar scalar
// blocks (one after the other if kSerialScalar, see RunRounds),
// blocks, in that order in the keystream, from block counter `counter`.
template <size_t kGroups, size_t kRows, size_t kScalar, bool kSerialScalar,
          class Isa, class Companion = NoCompanion>
BRAID_INLINE void NeonBatch(Isa isa, const uint32_t state[16], uint64_t counter,
                            const uint8_t* in, uint8_t* out,
                            Companion&& companion = {}) {
#if defined(__ARM_NEON)
  NeonWordGroup groups[kGroups > 0 ? kGroups : 1];
  NeonRowBlock rows[kRows > 0 ? kRows : 1];
#endif
  constexpr size_t kFirstRow = 4 * kGroups, kFirstScalar = kFirstRow + kRows;
#if defined(__ARM_NEON)
  StaticFor<kGroups>([&](auto g) BRAID_LAMBDA_INLINE {
    groups[g].Init(state, counter + 4 * g);
  });
  StaticFor<kRows>([&](auto r) BRAID_LAMBDA_INLINE {
    rows[r].Init(state, counter + kFirstRow + r);
  });
#endif
  RunRounds<kScalar, kSerialScalar, kGroups + kRows != 0>(
      isa, state, counter + kFirstScalar, in + 64 * kFirstScalar,
      out + 64 * kFirstScalar, [&]() BRAID_LAMBDA_INLINE {
#if defined(__ARM_NEON)
        StaticFor<kGroups>(
            [&](auto g) BRAID_LAMBDA_INLINE { groups[g].DoubleRound(isa); });
        StaticFor<kRows>([&](auto r)
                             BRAID_LAMBDA_INLINE { rows[r].DoubleRound(isa); });
#endif
        companion.Round();
      });
#if defined(__ARM_NEON)
  StaticFor<kGroups>([&](auto g) BRAID_LAMBDA_INLINE {
    groups[g].Finish(state, in + 256 * g, out + 256 * g);
  });
  StaticFor<kRows>([&](auto r) BRAID_LAMBDA_INLINE {
    rows[r].Finish(state, in + 64 * (kFirstRow + r),
                   out + 64 * (kFirstRow + r));
  });
#endif
}

// out[0..64 * nblocks) = in ^ the keystream from the state's block counter.
template <size_t kVectorBlocks, size_t kScalarBlocks, class Isa,
          class Companion>
void NeonBlocks(Isa isa, const uint32_t state[16], const uint8_t* in,
                uint8_t* out, size_t nblocks, Companion& companion_state) {
  constexpr size_t kGroups = kVectorBlocks / 4, kRows = kVectorBlocks % 4;
  constexpr size_t kBatch = kVectorBlocks + kScalarBlocks;
  // Scalar blocks one after the other only where vector blocks hide the
  // chain (see RunRounds).
  constexpr bool kSerialScalar = kNeonTag<Isa> && kVectorBlocks > 0;
  uint64_t counter = CounterOf(state);
  // A local copy, which the stores to `out` cannot alias: it stays in
  // registers.
  Companion companion = companion_state;
  auto run = [&](auto groups, auto rows, auto scalars, auto serial,
                 auto&& beside) BRAID_LAMBDA_INLINE {
    constexpr size_t n = 4 * groups() + rows() + scalars();
    NeonBatch<groups(), rows(), scalars(), serial()>(isa, state, counter, in,
                                                     out, beside);
    counter += n;
    in += 64 * n;
    out += 64 * n;
    nblocks -= n;
  };
  using std::integral_constant;
  if constexpr (kCompactTails) {
    static_assert(std::is_same_v<Companion, NoCompanion>,
                  "-Os kernels have one batch shape, run without companion");
    // One batch shape in one loop; the last, partial batch runs in a buffer.
    alignas(16) uint8_t buffer[64 * kBatch];
    while (nblocks > 0) {
      const size_t n = std::min(nblocks, kBatch);
      const bool partial = n < kBatch;
      if (partial) {
        std::memcpy(buffer, in, 64 * n);
        std::memset(buffer + 64 * n, 0, 64 * (kBatch - n));
      }
      NeonBatch<kGroups, kRows, kScalarBlocks, kSerialScalar>(
          isa, state, counter, partial ? buffer : in, partial ? buffer : out);
      if (partial) {
        std::memcpy(out, buffer, 64 * n);
        internal::Wipe(buffer, sizeof(buffer));
      }
      counter += n;
      in += 64 * n;
      out += 64 * n;
      nblocks -= n;
    }
    return;
  }
  while (nblocks >= kBatch) {
    run(integral_constant<size_t, kGroups>{},
        integral_constant<size_t, kRows>{},
        integral_constant<size_t, kScalarBlocks>{},
        std::bool_constant<kSerialScalar>{}, companion);
    companion.AfterBatch(kBatch);
  }
  companion_state = companion;
  // The rest, 1 <= r < kBatch blocks, in one batch of its own: word groups
  // while they fit, then up to three blocks in general-purpose registers
  // side by side (a scalar block's chain is less than half a row block's),
  // and where more are left, kScalarBlocks of them scalar and rows for the
  // others. Under NEON tags three blocks alone take a word group in a
  // buffer instead.
  if (nblocks == 0) return;
  simd::Unroll<kBatch>([&](auto... r) BRAID_LAMBDA_INLINE {
    auto tail = [&](auto blocks) BRAID_LAMBDA_INLINE {
      constexpr size_t n = blocks();
      if constexpr (kNeonTag<Isa> && kGroups > 0 && n == 3) {
        // Three scalar blocks side by side hold more words than there are
        // registers: a word group of four in a buffer is quicker.
        alignas(16) uint8_t buffer[64 * 4] = {};
        std::memcpy(buffer, in, 64 * n);
        NeonBatch<1, 0, 0, false>(isa, state, counter, buffer, buffer);
        std::memcpy(out, buffer, 64 * n);
        internal::Wipe(buffer, sizeof(buffer));
        return;
      }
      constexpr size_t g = std::min(n / 4, kGroups), rest = n - 4 * g;
      constexpr size_t s =
          rest <= 3 || !kNeonTag<Isa>
              ? rest
              : std::min(rest, std::max<size_t>(kScalarBlocks, 1));
      run(integral_constant<size_t, g>{}, integral_constant<size_t, rest - s>{},
          integral_constant<size_t, s>{}, std::false_type{}, NoCompanion{});
    };
    ((r() > 0 && nblocks == r() ? (tail(r), 0) : 0), ...);
  });
}

#if defined(__ARM_FEATURE_SVE)
// The output of a word group, its sixteen vectors put in memory order: four
// perfect shuffles (each a ZIP1/ZIP2 of vector p with vector p + 8) move the
// element at flat position F = j * L + i (word j of block i, L = VL/32) to
// 16 F mod (16 L - 1) = 16 i + j, block i's word j, at any vector length.
BRAID_INLINE void ToMemoryOrder(svuint32_t& x0, svuint32_t& x1, svuint32_t& x2,
                                svuint32_t& x3, svuint32_t& x4, svuint32_t& x5,
                                svuint32_t& x6, svuint32_t& x7, svuint32_t& x8,
                                svuint32_t& x9, svuint32_t& x10,
                                svuint32_t& x11, svuint32_t& x12,
                                svuint32_t& x13, svuint32_t& x14,
                                svuint32_t& x15) {
  for (int level = 0; level < 4; ++level) {
    const svuint32_t y0 = svzip1_u32(x0, x8), y1 = svzip2_u32(x0, x8);
    const svuint32_t y2 = svzip1_u32(x1, x9), y3 = svzip2_u32(x1, x9);
    const svuint32_t y4 = svzip1_u32(x2, x10), y5 = svzip2_u32(x2, x10);
    const svuint32_t y6 = svzip1_u32(x3, x11), y7 = svzip2_u32(x3, x11);
    const svuint32_t y8 = svzip1_u32(x4, x12), y9 = svzip2_u32(x4, x12);
    const svuint32_t y10 = svzip1_u32(x5, x13), y11 = svzip2_u32(x5, x13);
    const svuint32_t y12 = svzip1_u32(x6, x14), y13 = svzip2_u32(x6, x14);
    const svuint32_t y14 = svzip1_u32(x7, x15), y15 = svzip2_u32(x7, x15);
    x0 = y0, x1 = y1, x2 = y2, x3 = y3, x4 = y4, x5 = y5, x6 = y6, x7 = y7;
    x8 = y8, x9 = y9, x10 = y10, x11 = y11, x12 = y12, x13 = y13, x14 = y14;
    x15 = y15;
  }
}

// One SVE word group of `blocks` <= VL/32 blocks from block counter
// `counter`, then kGroups - 1 whole groups more and kScalar scalar blocks
// after them (both only when this group is whole). `outer_round` is the
// double round of the groups before this one in the batch: each group's
// sixteen vectors are locals of its own call, since sizeless SVE types can
// be neither array elements nor members, and the innermost call runs the
// rounds of all of them together.
template <size_t kBatchGroups, size_t kGroups, size_t kScalar, class Isa,
          class F>
BRAID_INLINE void SveGroups(Isa isa, const uint32_t state[16], uint64_t counter,
                            const uint8_t* in, uint8_t* out, size_t blocks,
                            F&& outer_round) {
  const svbool_t all = svptrue_b32();
  const size_t lanes = svcntw();
  // Lanes whose low word wrapped carry one into the high word.
  auto counters = [&](svuint32_t& lo, svuint32_t& hi) BRAID_LAMBDA_INLINE {
    lo = svindex_u32(static_cast<uint32_t>(counter), 1);
    hi = svadd_n_u32_m(svcmplt_n_u32(all, lo, static_cast<uint32_t>(counter)),
                       svdup_n_u32(static_cast<uint32_t>(counter >> 32)), 1);
  };
  svuint32_t x0 = svdup_n_u32(state[0]), x1 = svdup_n_u32(state[1]),
             x2 = svdup_n_u32(state[2]), x3 = svdup_n_u32(state[3]),
             x4 = svdup_n_u32(state[4]), x5 = svdup_n_u32(state[5]),
             x6 = svdup_n_u32(state[6]), x7 = svdup_n_u32(state[7]),
             x8 = svdup_n_u32(state[8]), x9 = svdup_n_u32(state[9]),
             x10 = svdup_n_u32(state[10]), x11 = svdup_n_u32(state[11]), x12,
             x13, x14 = svdup_n_u32(state[14]), x15 = svdup_n_u32(state[15]);
  counters(x12, x13);
  auto double_round = [&]() BRAID_LAMBDA_INLINE {
    outer_round();
    constexpr auto kRotates = kBatchGroups > 1
                                  ? simd::chacha::Rotates::kSpreadAcrossPipes
                                  : simd::chacha::Rotates::kShortestChain;
    simd::chacha::DoubleRound<kRotates>(isa, x0, x1, x2, x3, x4, x5, x6, x7, x8,
                                        x9, x10, x11, x12, x13, x14, x15);
  };
  if constexpr (kGroups > 1) {
    SveGroups<kBatchGroups, kGroups - 1, kScalar>(
        isa, state, counter + lanes, in + 64 * lanes, out + 64 * lanes, lanes,
        double_round);
  } else {
    RunRounds<kScalar, true, true>(isa, state, counter + lanes, in + 64 * lanes,
                                   out + 64 * lanes, double_round);
  }
  // The counters again rather than kept through the rounds: with two groups
  // the rounds need every vector register.
  svuint32_t counter_lo, counter_hi;
  counters(counter_lo, counter_hi);
  auto add = [&](svuint32_t& x, svuint32_t initial)
                 BRAID_LAMBDA_INLINE { x = svadd_u32_x(all, x, initial); };
  add(x0, svdup_n_u32(state[0])), add(x1, svdup_n_u32(state[1]));
  add(x2, svdup_n_u32(state[2])), add(x3, svdup_n_u32(state[3]));
  add(x4, svdup_n_u32(state[4])), add(x5, svdup_n_u32(state[5]));
  add(x6, svdup_n_u32(state[6])), add(x7, svdup_n_u32(state[7]));
  add(x8, svdup_n_u32(state[8])), add(x9, svdup_n_u32(state[9]));
  add(x10, svdup_n_u32(state[10])), add(x11, svdup_n_u32(state[11]));
  add(x12, counter_lo), add(x13, counter_hi);
  add(x14, svdup_n_u32(state[14])), add(x15, svdup_n_u32(state[15]));
  ToMemoryOrder(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14,
                x15);
  const uint64_t bytes = 64 * blocks;
  const uint64_t vector_bytes = svcntb();
  int r = 0;
  auto put = [&](svuint32_t x) BRAID_LAMBDA_INLINE {
    const svbool_t active = blocks == lanes
                                ? svptrue_b8()
                                : svwhilelt_b8_u64(r * vector_bytes, bytes);
    const svuint8_t data = svld1_vnum_u8(active, in, r);
    svst1_vnum_u8(active, out, r,
                  sveor_u8_x(active, svreinterpret_u8_u32(x), data));
    ++r;
  };
  put(x0), put(x1), put(x2), put(x3), put(x4), put(x5), put(x6), put(x7);
  put(x8), put(x9), put(x10), put(x11), put(x12), put(x13), put(x14);
  put(x15);
}

// One batch: kGroups word groups of VL/32 blocks (the first holding only
// `blocks` of them, the others whole) and kScalar scalar blocks.
template <size_t kGroups, size_t kScalar, class Isa,
          class Companion = NoCompanion>
BRAID_INLINE void SveBatch(Isa isa, const uint32_t state[16], uint64_t counter,
                           const uint8_t* in, uint8_t* out, size_t blocks,
                           Companion&& companion = {}) {
  SveGroups<kGroups, kGroups, kScalar>(
      isa, state, counter, in, out, blocks,
      [&]() BRAID_LAMBDA_INLINE { companion.Round(); });
}

template <size_t kGroups, size_t kScalarBlocks, class Isa, class Companion>
void SveBlocks(Isa isa, const uint32_t state[16], const uint8_t* in,
               uint8_t* out, size_t nblocks, Companion& companion_state) {
  constexpr size_t kTail = kTailScalar<kGroups, kScalarBlocks>;
  const size_t lanes = svcntw();
  uint64_t counter = CounterOf(state);
  Companion companion = companion_state;  // in registers, as in NeonBlocks
  auto loop = [&](auto groups, auto scalars, auto&& beside)
                  BRAID_LAMBDA_INLINE {
                    const size_t batch = groups() * lanes + scalars();
                    while (nblocks >= batch) {
                      SveBatch<groups(), scalars()>(isa, state, counter, in,
                                                    out, lanes, beside);
                      beside.AfterBatch(batch);
                      counter += batch;
                      in += 64 * batch;
                      out += 64 * batch;
                      nblocks -= batch;
                    }
                  };
  using std::integral_constant;
  loop(integral_constant<size_t, kGroups>{},
       integral_constant<size_t, kScalarBlocks>{}, companion);
  companion_state = companion;
  if constexpr (kGroups > 1) {
    loop(integral_constant<size_t, 1>{}, integral_constant<size_t, kTail>{},
         NoCompanion{});
  }
  // The rest: up to a vector's worth of blocks under predicates, and beyond
  // that (at most kTail more) a whole batch's keystream in a buffer.
  const size_t batch = lanes + kTail;
  if (nblocks > lanes) {
    alignas(64) uint8_t buffer[64 * (kMaxLanes + kTail)];
    std::memcpy(buffer, in, 64 * nblocks);
    std::memset(buffer + 64 * nblocks, 0, 64 * (batch - nblocks));
    SveBatch<1, kTail>(isa, state, counter, buffer, buffer, lanes);
    std::memcpy(out, buffer, 64 * nblocks);
    internal::Wipe(buffer, sizeof(buffer));
  } else if (nblocks == 1) {
    // A lone block: general-purpose registers have the shorter chain.
    NeonBatch<0, 0, 1, false>(isa, state, counter, in, out);
  } else if (nblocks > 0) {
    SveBatch<1, 0>(isa, state, counter, in, out, nblocks);
  }
}
#endif

// Blocks in the batch that ends a message (for SVE tags, a one-group
// batch), and the most at any vector length.
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks>
BRAID_INLINE size_t BlocksPerBatch(Isa) {
#if defined(__ARM_FEATURE_SVE)
  if constexpr (kSveTag<Isa>) {
    return svcntw() + kTailScalar<kVectorBlocks, kScalarBlocks>;
  }
#endif
  return kVectorBlocks + kScalarBlocks;
}
// Blocks in a batch of the loop over whole batches, the batches a companion
// runs beside.
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks>
BRAID_INLINE size_t BlocksPerWholeBatch(Isa) {
#if defined(__ARM_FEATURE_SVE)
  if constexpr (kSveTag<Isa>) return kVectorBlocks * svcntw() + kScalarBlocks;
#endif
  return kVectorBlocks + kScalarBlocks;
}
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks>
inline constexpr size_t kMaxBlocksPerBatch =
    kSveTag<Isa> ? kMaxLanes + kTailScalar<kVectorBlocks, kScalarBlocks>
                 : kVectorBlocks + kScalarBlocks;

// out[0..64 * nblocks) = in ^ the keystream from the state's block counter
// (words 12 and 13), which the caller advances. In place is allowed.
// `companion` runs beside the rounds of the whole batches (NoCompanion).
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks,
          class Companion>
void Blocks(Isa isa, const uint32_t state[16], const uint8_t* in, uint8_t* out,
            size_t nblocks, Companion& companion) {
  isa::RequireEnabled<Isa>();
  static_assert(kValidConfig<Isa, kVectorBlocks, kScalarBlocks>,
                "ChaCha20 configurations: Scalar (0, 1..4); NEON tags "
                "(0..8, 0..4), not both 0; SVE tags (1, 0..4) and (2, 0..2)");
#if defined(__ARM_FEATURE_SVE)
  if constexpr (kSveTag<Isa>) {
    return SveBlocks<kVectorBlocks, kScalarBlocks>(isa, state, in, out, nblocks,
                                                   companion);
  }
#endif
  if constexpr (!kSveTag<Isa>) {
    NeonBlocks<kVectorBlocks, kScalarBlocks>(isa, state, in, out, nblocks,
                                             companion);
  }
}

template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks>
void Blocks(Isa isa, const uint32_t state[16], const uint8_t* in, uint8_t* out,
            size_t nblocks) {
  NoCompanion none;
  Blocks<Isa, kVectorBlocks, kScalarBlocks>(isa, state, in, out, nblocks, none);
}

}  // namespace chacha20_engine
BRAID_NAMESPACE_END

#endif  // BRAID_CHACHA20_ENGINE_H_
