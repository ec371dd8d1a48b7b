// Poly1305 (RFC 8439 §2.5), the one-time authenticator. Its state is in
// base 2^64: three limbs (h2 holds bits 128..130 and a few carries); a block
// costs four 64x64 products with their high halves (MUL, UMULH) and one
// partial reduction on the integer pipes. That is one dependent chain a
// block, so under a NEON tag a run of 8 blocks or more goes to the vector
// unit instead: base 2^26 (five limbs, 32x32 -> 64-bit UMULL/UMLAL), four
// blocks a step, one a lane, into two accumulators (one carry a step), with
// precomputed powers of r so that the lanes sum to the serial result. The
// integer pipes are then idle, so a long run is split: its head on the
// vector unit, its tail on a serial accumulator in the same loop, joined by
// one multiplication by r^(tail blocks); under an SVE tag the head takes
// eight blocks a step, in two independent chains.
// Neither path branches or indexes memory on the key or the message.
//
//   auto mac = braid::Poly1305::Create(one_time_key);
//   mac->Update(part1); mac->Update(part2);
//   mac->Finish(tag);  // 16 bytes
//
// poly1305_internal::Blocks is the part that the AEAD (chacha20_poly1305.h)
// runs over its ciphertext, under the AEAD's ISA tag.
#ifndef BRAID_POLY1305_H_
#define BRAID_POLY1305_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "braid/namespace.h"
#include "braid/simd/inline.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"
#include "braid/wipe.h"

#if defined(__ARM_NEON)
#include <arm_neon.h>
#endif

BRAID_NAMESPACE_BEGIN
namespace poly1305_internal {

static_assert(std::endian::native == std::endian::little,
              "Poly1305 reads its limbs little-endian as they are");

using u128 = unsigned __int128;

BRAID_INLINE uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// r (clamped), s1 = r1 + r1 / 4 (r1's low two bits are clamped to zero, so
// r1 * 2^128 = s1 mod 2^130 - 5 after a shift by 2^130), the pad s and the
// accumulator h.
// powers26: r, r^2, ..., r^8 in base 2^26 for the vector path; the first
// `powers26_count` of them are computed, as a message's runs need them.
struct State {
  uint64_t r0, r1, s1;
  uint64_t pad0, pad1;
  uint64_t h0, h1, h2;
  uint32_t powers26_count;
  uint32_t powers26[8][5];
};

inline void Init(State& st, const uint8_t key[32]) {
  st.r0 = Load64(key) & 0x0ffffffc0fffffffull;
  st.r1 = Load64(key + 8) & 0x0ffffffc0ffffffcull;
  st.s1 = st.r1 + (st.r1 >> 2);
  st.pad0 = Load64(key + 16);
  st.pad1 = Load64(key + 24);
  st.h0 = st.h1 = st.h2 = 0;
  st.powers26_count = 0;
}

// h = h * r, partly reduced (h2 below 8 in, at most 4 out): four products
// with their high halves, the limbs at 2^128 and above folded by
// 2^130 = 5. r is clamped, which s1 relies on.
BRAID_INLINE void MultiplyByR(uint64_t r0, uint64_t r1, uint64_t s1,
                              uint64_t& h0, uint64_t& h1, uint64_t& h2) {
  const u128 d0 = static_cast<u128>(h0) * r0 + static_cast<u128>(h1) * s1;
  u128 d1 = static_cast<u128>(h0) * r1 + static_cast<u128>(h1) * r0 +
            static_cast<u128>(h2 * s1);
  const uint64_t d2 = h2 * r0;
  d1 += static_cast<uint64_t>(d0 >> 64);
  h0 = static_cast<uint64_t>(d0);
  const uint64_t top = d2 + static_cast<uint64_t>(d1 >> 64);
  // top * 2^128 = (top & 3) * 2^128 + (top >> 2) * 5.
  const uint64_t fold = (top >> 2) + (top & ~uint64_t{3});
  const u128 low = static_cast<u128>(h0) + fold;
  const u128 mid = static_cast<u128>(static_cast<uint64_t>(d1)) +
                   static_cast<uint64_t>(low >> 64);
  h0 = static_cast<uint64_t>(low);
  h1 = static_cast<uint64_t>(mid);
  h2 = (top & 3) + static_cast<uint64_t>(mid >> 64);
}

// h = (h + block + 2^128 * hibit) * r for the 16-byte block at p.
BRAID_INLINE void Absorb(uint64_t r0, uint64_t r1, uint64_t s1, uint64_t& h0,
                         uint64_t& h1, uint64_t& h2, const uint8_t* p,
                         uint64_t hibit = 1) {
  const u128 sum0 = static_cast<u128>(h0) + Load64(p);
  const u128 sum1 =
      static_cast<u128>(h1) + Load64(p + 8) + static_cast<uint64_t>(sum0 >> 64);
  h0 = static_cast<uint64_t>(sum0);
  h1 = static_cast<uint64_t>(sum1);
  h2 += static_cast<uint64_t>(sum1 >> 64) + hibit;
  MultiplyByR(r0, r1, s1, h0, h1, h2);
}

// Absorb for each of `nblocks` blocks at p.
BRAID_INLINE void ScalarBlocks(State& st, const uint8_t* p, size_t nblocks,
                               uint64_t hibit = 1) {
  const uint64_t r0 = st.r0, r1 = st.r1, s1 = st.s1;
  uint64_t h0 = st.h0, h1 = st.h1, h2 = st.h2;
  for (size_t i = 0; i < nblocks; ++i, p += 16) {
    Absorb(r0, r1, s1, h0, h1, h2, p, hibit);
  }
  st.h0 = h0;
  st.h1 = h1;
  st.h2 = h2;
}

// Base 2^26: limb i holds bits 26i .. 26i + 25 (the last up to bit 130 and
// a few carries).
inline constexpr uint32_t kMask26 = (1u << 26) - 1;

BRAID_INLINE void ToBase26(uint64_t h0, uint64_t h1, uint64_t h2,
                           uint32_t out[5]) {
  out[0] = static_cast<uint32_t>(h0) & kMask26;
  out[1] = static_cast<uint32_t>(h0 >> 26) & kMask26;
  out[2] = static_cast<uint32_t>((h0 >> 52) | (h1 << 12)) & kMask26;
  out[3] = static_cast<uint32_t>(h1 >> 14) & kMask26;
  out[4] = static_cast<uint32_t>((h1 >> 40) | (h2 << 24));
}

// d = the five 64-bit column sums of a product; returns it carried into
// base 2^64 (h2 small), reduced mod 2^130 - 5 but not fully.
BRAID_INLINE void FromColumns(uint64_t d[5], uint64_t& h0, uint64_t& h1,
                              uint64_t& h2) {
  for (int i = 0; i < 4; ++i) {
    d[i + 1] += d[i] >> 26;
    d[i] &= kMask26;
  }
  d[0] += (d[4] >> 26) * 5;
  d[4] &= kMask26;
  d[1] += d[0] >> 26;
  d[0] &= kMask26;
  u128 low = static_cast<u128>(d[0]) + (static_cast<u128>(d[1]) << 26) +
             (static_cast<u128>(d[2]) << 52);
  h0 = static_cast<uint64_t>(low);
  const u128 high = (low >> 64) + (static_cast<u128>(d[3]) << 14) +
                    (static_cast<u128>(d[4]) << 40);
  h1 = static_cast<uint64_t>(high);
  h2 = static_cast<uint64_t>(high >> 64);
}

// f(0) .. f(4), unrolled: GCC keeps a loop over five limbs as a loop
// through the stack.
template <class F>
BRAID_INLINE void ForEachLimb(F&& f) {
  simd::Unroll<5>([&](auto... i) BRAID_LAMBDA_INLINE { (f(i()), ...); });
}

// a * b mod 2^130 - 5, a and b in base 2^26, the product in base 2^64
// (h2 small).
inline void Multiply26To64(const uint32_t a[5], const uint32_t b[5],
                           uint64_t& h0, uint64_t& h1, uint64_t& h2) {
  uint64_t d[5] = {};
  ForEachLimb([&](int i) BRAID_LAMBDA_INLINE {
    ForEachLimb([&](int j) BRAID_LAMBDA_INLINE {
      const uint64_t bj = i + j >= 5 ? 5ull * b[j] : b[j];
      d[(i + j) % 5] += static_cast<uint64_t>(a[i]) * bj;
    });
  });
  FromColumns(d, h0, h1, h2);
}

// a * b mod 2^130 - 5 in base 2^26, partly carried: the powers of r.
inline void Multiply26(const uint32_t a[5], const uint32_t b[5],
                       uint32_t out[5]) {
  uint64_t h0, h1, h2;
  Multiply26To64(a, b, h0, h1, h2);
  ToBase26(h0, h1, h2, out);
}

// a^2 mod 2^130 - 5 in base 2^26, partly carried: Multiply26 with each
// cross product taken once, doubled.
inline void Square26(uint32_t a[5]) {
  uint64_t d[5] = {};
  ForEachLimb([&](int i) BRAID_LAMBDA_INLINE {
    ForEachLimb([&](int j) BRAID_LAMBDA_INLINE {
      if (j < i) return;
      const uint64_t f = (i == j ? 1 : 2) * (i + j >= 5 ? 5 : 1);
      d[(i + j) % 5] += static_cast<uint64_t>(a[i]) * (f * a[j]);
    });
  });
  uint64_t h0, h1, h2;
  FromColumns(d, h0, h1, h2);
  ToBase26(h0, h1, h2, a);
}

// r^e (e >= 1) in base 2^26, from r in base 2^26. e is a count of blocks,
// public.
inline void Power26(const uint32_t r[5], uint64_t e, uint32_t out[5]) {
  std::memcpy(out, r, 5 * sizeof(uint32_t));
  for (int bit = std::bit_width(e) - 2; bit >= 0; --bit) {
    Square26(out);
    if ((e >> bit) & 1) Multiply26(out, r, out);
  }
}

#if defined(__ARM_NEON)
// Four lanes, one a block.
using Lanes = uint32x4_t;

// f(integral_constant 0) .. f(integral_constant 4): for lane indices, which
// must be constants.
template <class F>
BRAID_INLINE void ForEachLimbIndex(F&& f) {
  simd::Unroll<5>([&](auto... i) BRAID_LAMBDA_INLINE { (f(i), ...); });
}

// A multiplier with a limb a lane: its limbs, and limbs 1..4 times 5 (the
// columns past 2^130 fold back times 5).
struct Multiplier {
  Lanes r[5], s[5];
};

BRAID_INLINE Multiplier MultiplierOf(const uint32_t (&lanes)[4][5]) {
  Multiplier m;
  ForEachLimb([&](int i) BRAID_LAMBDA_INLINE {
    const uint32_t limb[4] = {lanes[0][i], lanes[1][i], lanes[2][i],
                              lanes[3][i]};
    m.r[i] = vld1q_u32(limb);
    m.s[i] = vmulq_n_u32(m.r[i], 5);
  });
  return m;
}

// One multiplier for every lane, as elements: r0..r4 then 5 r1 .. 5 r4, so
// that a loop step holds it in three registers instead of ten.
struct Broadcast {
  Lanes v[3];
};

BRAID_INLINE Broadcast BroadcastOf(const uint32_t (&r)[5]) {
  const uint32_t e[12] = {r[0],     r[1],     r[2],     r[3], r[4], 5 * r[1],
                          5 * r[2], 5 * r[3], 5 * r[4], 0,    0,    0};
  return {{vld1q_u32(e), vld1q_u32(e + 4), vld1q_u32(e + 8)}};
}

// The column sums of h * m: lanes 0-1 in lo, 2-3 in hi. Column k takes
// h[i] times r[k - i], or 5 r[k - i + 5] where that wraps.
BRAID_INLINE void Columns(const Lanes h[5], const Multiplier& m,
                          uint64x2_t lo[5], uint64x2_t hi[5]) {
  ForEachLimb([&](int k) BRAID_LAMBDA_INLINE {
    lo[k] = vmull_u32(vget_low_u32(h[0]), vget_low_u32(m.r[k]));
    hi[k] = vmull_high_u32(h[0], m.r[k]);
  });
  simd::Unroll<4>([&](auto... i) BRAID_LAMBDA_INLINE {
    auto row = [&](int row) BRAID_LAMBDA_INLINE {
      ForEachLimb([&](int k) BRAID_LAMBDA_INLINE {
        const Lanes& f = k >= row ? m.r[k - row] : m.s[k - row + 5];
        lo[k] = vmlal_u32(lo[k], vget_low_u32(h[row]), vget_low_u32(f));
        hi[k] = vmlal_high_u32(hi[k], h[row], f);
      });
    };
    (row(i() + 1), ...);
  });
}

// One loop step's column sums, two lanes (the accumulators) wide:
// (h + blocks 0, 1) * far + (blocks 2, 3) * near, blocks one a lane of m.
// The products of blocks 2 and 3 come first: they do not wait for h.
BRAID_INLINE void StepColumns(const uint32x2_t h[5], const Lanes m[5],
                              const Broadcast& far, const Broadcast& near,
                              uint64x2_t d[5]) {
  auto each_product = [&](auto&& f) BRAID_LAMBDA_INLINE {
    ForEachLimbIndex([&](auto row) BRAID_LAMBDA_INLINE {
      ForEachLimbIndex([&](auto k) BRAID_LAMBDA_INLINE {
        // Column k takes limb `row` times limb k - row of the multiplier,
        // or 5 times limb k - row + 5 (element k - row + 9) where it wraps.
        constexpr size_t e = k >= row ? k - row : k - row + 9;
        f(row, k, std::integral_constant<size_t, e / 4>{},
          std::integral_constant<int, e % 4>{});
      });
    });
  };
  each_product([&](auto row, auto k, auto v, auto lane) BRAID_LAMBDA_INLINE {
    if constexpr (row == 0) {
      d[k] = vmull_high_laneq_u32(m[row], near.v[v], lane);
    } else {
      d[k] = vmlal_high_laneq_u32(d[k], m[row], near.v[v], lane);
    }
  });
  uint32x2_t x[5];
  ForEachLimb([&](int i) BRAID_LAMBDA_INLINE {
    x[i] = vadd_u32(h[i], vget_low_u32(m[i]));
  });
  // Rows 3 and 4 of h's products in a sum of their own: two shorter
  // chains of multiply-adds after h instead of one of five.
  uint64x2_t e[5];
  each_product([&](auto row, auto k, auto v, auto lane) BRAID_LAMBDA_INLINE {
    if constexpr (row < 3) {
      d[k] = vmlal_laneq_u32(d[k], x[row], far.v[v], lane);
    } else if constexpr (row == 3) {
      e[k] = vmull_laneq_u32(x[row], far.v[v], lane);
    } else {
      e[k] = vmlal_laneq_u32(e[k], x[row], far.v[v], lane);
    }
  });
  ForEachLimb([&](int k) BRAID_LAMBDA_INLINE { d[k] = vaddq_u64(d[k], e[k]); });
}

// Column sums back to limbs below 2^26 (limbs 1 and 4 a little above): two
// carry chains side by side, as the columns allow.
BRAID_INLINE void Carry(uint64x2_t d[5]) {
  const uint64x2_t mask = vdupq_n_u64(kMask26);
  uint64x2_t c0 = vshrq_n_u64(d[0], 26), c3 = vshrq_n_u64(d[3], 26);
  d[0] = vandq_u64(d[0], mask), d[3] = vandq_u64(d[3], mask);
  d[1] = vaddq_u64(d[1], c0), d[4] = vaddq_u64(d[4], c3);
  const uint64x2_t c1 = vshrq_n_u64(d[1], 26), c4 = vshrq_n_u64(d[4], 26);
  d[1] = vandq_u64(d[1], mask), d[4] = vandq_u64(d[4], mask);
  d[2] = vaddq_u64(d[2], c1);
  d[0] = vaddq_u64(d[0], vaddq_u64(c4, vshlq_n_u64(c4, 2)));
  const uint64x2_t c2 = vshrq_n_u64(d[2], 26);
  c0 = vshrq_n_u64(d[0], 26);
  d[2] = vandq_u64(d[2], mask), d[0] = vandq_u64(d[0], mask);
  d[3] = vaddq_u64(d[3], c2), d[1] = vaddq_u64(d[1], c0);
  c3 = vshrq_n_u64(d[3], 26);
  d[3] = vandq_u64(d[3], mask);
  d[4] = vaddq_u64(d[4], c3);
}

// Four 16-byte blocks, one a lane, as limbs (with the 2^128 bit): vld4 puts
// word w of every block in vector w.
BRAID_INLINE void LoadBlocks(const uint8_t* p, Lanes m[5]) {
  const uint32x4x4_t w = vld4q_u32(reinterpret_cast<const uint32_t*>(p));
  const Lanes mask = vdupq_n_u32(kMask26);
  m[0] = vandq_u32(w.val[0], mask);
  m[1] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[0], 26), w.val[1], 6), mask);
  m[2] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[1], 20), w.val[2], 12), mask);
  m[3] = vandq_u32(vsliq_n_u32(vshrq_n_u32(w.val[2], 14), w.val[3], 18), mask);
  m[4] = vorrq_u32(vshrq_n_u32(w.val[3], 8), vdupq_n_u32(1u << 24));
}

// r^1 .. r^count in st.powers26: each power the one before times r, in
// base 2^64 (a quarter of the products a base 2^26 multiplication takes).
BRAID_INLINE void EnsurePowers(State& st, uint32_t count) {
  if (count <= st.powers26_count) return;
  uint64_t h0 = st.r0, h1 = st.r1, h2 = 0;
  ToBase26(h0, h1, h2, st.powers26[0]);
  for (uint32_t n = 1; n < count; ++n) {
    MultiplyByR(st.r0, st.r1, st.s1, h0, h1, h2);
    ToBase26(h0, h1, h2, st.powers26[n]);
  }
  st.powers26_count = count;
}

// A serial accumulator that runs beside the vector chains, on the
// general-purpose registers: kScalar blocks a vector step, from q.
struct ScalarSide {
  uint64_t r0, r1, s1;
  uint64_t h0 = 0, h1 = 0, h2 = 0;
  const uint8_t* q;
};

// nblocks (a multiple of 4 kChains, at least 4 kChains) whole blocks into
// st's accumulator, and kScalar blocks a step into `side`'s. Chain c takes
// blocks 4 kChains j + 4 c + k (k = 0..3, one a lane) into two accumulators:
// accumulator a takes block a times r^(4 kChains) and block a + 2 times
// r^(4 kChains - 2) a step, so that one carry serves four blocks. The last
// step multiplies block k (with its accumulator) by r^(4 kChains - 4 c - k)
// and sums the lanes: the serial result. Two chains let one's products run
// while the other carries.
template <size_t kChains, size_t kScalar = 0>
BRAID_INLINE void VectorBlocks(State& st, const uint8_t* p, size_t nblocks,
                               ScalarSide* side = nullptr) {
  constexpr size_t kStep = 4 * kChains;
  EnsurePowers(st, kStep);
  const uint32_t(&pw)[8][5] = st.powers26;
  const Broadcast far = BroadcastOf(pw[kStep - 1]);
  const Broadcast near = BroadcastOf(pw[kStep - 3]);
  // The accumulator so far enters with block 0, in chain 0's lane 0.
  uint32_t start[5];
  ToBase26(st.h0, st.h1, st.h2, start);
  uint32x2_t h[kChains][5];
  ForEachLimb([&](int i) BRAID_LAMBDA_INLINE {
    h[0][i] = vset_lane_u32(start[i], vdup_n_u32(0), 0);
    for (size_t c = 1; c < kChains; ++c) h[c][i] = vdup_n_u32(0);
  });
  auto each_chain = [&](auto&& f) BRAID_LAMBDA_INLINE {
    simd::Unroll<kChains>([&](auto... c)
                              BRAID_LAMBDA_INLINE { (f(c()), ...); });
  };
  [[maybe_unused]] uint64_t r0 = 0, r1 = 0, s1 = 0, h0 = 0, h1 = 0, h2 = 0;
  [[maybe_unused]] const uint8_t* q = nullptr;
  if constexpr (kScalar > 0) {
    r0 = side->r0, r1 = side->r1, s1 = side->s1;
    h0 = side->h0, h1 = side->h1, h2 = side->h2;
    q = side->q;
  }
  auto scalar_step = [&]() BRAID_LAMBDA_INLINE {
    simd::Unroll<kScalar>([&](auto... i) BRAID_LAMBDA_INLINE {
      (Absorb(r0, r1, s1, h0, h1, h2, q + 16 * i()), ...);
    });
    q += 16 * kScalar;
  };
  for (size_t step = 0; step + 1 < nblocks / kStep; ++step, p += 16 * kStep) {
    each_chain([&](size_t c) BRAID_LAMBDA_INLINE {
      Lanes m[5];
      uint64x2_t d[5];
      LoadBlocks(p + 64 * c, m);
      StepColumns(h[c], m, far, near, d);
      Carry(d);
      ForEachLimb([&](int i)
                      BRAID_LAMBDA_INLINE { h[c][i] = vmovn_u64(d[i]); });
    });
    scalar_step();
  }
  scalar_step();
  if constexpr (kScalar > 0) {
    side->h0 = h0, side->h1 = h1, side->h2 = h2;
  }
  uint64x2_t sum[5];
  each_chain([&](size_t c) BRAID_LAMBDA_INLINE {
    Lanes x[5];
    LoadBlocks(p + 64 * c, x);
    ForEachLimb([&](int i) BRAID_LAMBDA_INLINE {
      x[i] = vaddq_u32(x[i], vcombine_u32(h[c][i], vdup_n_u32(0)));
    });
    uint32_t last[4][5];
    for (size_t k = 0; k < 4; ++k) {
      std::memcpy(last[k], pw[kStep - 1 - 4 * c - k], sizeof(last[k]));
    }
    uint64x2_t lo[5], hi[5];
    Columns(x, MultiplierOf(last), lo, hi);
    ForEachLimb([&](int i) BRAID_LAMBDA_INLINE {
      const uint64x2_t both = vaddq_u64(lo[i], hi[i]);
      sum[i] = c == 0 ? both : vaddq_u64(sum[i], both);
    });
  });
  uint64_t d[5];
  ForEachLimb([&](int i) BRAID_LAMBDA_INLINE { d[i] = vaddvq_u64(sum[i]); });
  FromColumns(d, st.h0, st.h1, st.h2);
}

// A long run split in two, hashed side by side: its head (4 kChains blocks
// a step) by the vector chains, its tail (kScalar blocks a step) by a serial
// accumulator from zero; then h = head's h * r^(tail blocks) + tail's h.
// Returns the blocks it took, whole steps; 0 below two steps. Out of line:
// it only runs on kilobytes, and each caller would carry a copy.
template <size_t kChains, size_t kScalar>
__attribute__((noinline)) size_t SplitBlocks(State& st, const uint8_t* p,
                                             size_t nblocks) {
  constexpr size_t kStep = 4 * kChains + kScalar;
  const size_t steps = nblocks / kStep;
  if (steps < 2) return 0;
  const size_t head = 4 * kChains * steps, tail = kScalar * steps;
  ScalarSide side{st.r0, st.r1, st.s1};
  side.q = p + 16 * head;
  VectorBlocks<kChains, kScalar>(st, p, head, &side);
  uint32_t h26[5], power[5];
  ToBase26(st.h0, st.h1, st.h2, h26);
  Power26(st.powers26[0], tail, power);
  uint64_t h0, h1, h2;
  Multiply26To64(h26, power, h0, h1, h2);
  const u128 sum0 = static_cast<u128>(h0) + side.h0;
  const u128 sum1 =
      static_cast<u128>(h1) + side.h1 + static_cast<uint64_t>(sum0 >> 64);
  const uint64_t top = h2 + side.h2 + static_cast<uint64_t>(sum1 >> 64);
  // Bits 130 and up fold back times 5, keeping h2 below 4 as Absorb wants.
  const u128 low =
      static_cast<u128>(static_cast<uint64_t>(sum0)) + (top >> 2) * 5;
  const u128 mid = static_cast<u128>(static_cast<uint64_t>(sum1)) +
                   static_cast<uint64_t>(low >> 64);
  st.h0 = static_cast<uint64_t>(low);
  st.h1 = static_cast<uint64_t>(mid);
  st.h2 = (top & 3) + static_cast<uint64_t>(mid >> 64);
  return kStep * steps;
}
#endif  // __ARM_NEON

// Runs this long are split between the vector chains and a serial
// accumulator (SplitBlocks): shorter ones do not repay r^(tail blocks).
inline constexpr size_t kSplitBlocks = 256;

// h = (h + block + 2^128 * hibit) * r for each block, in order: under a
// NEON tag, runs of whole blocks (hibit 1) of kSplitBlocks or more on the
// vector unit and the general-purpose registers side by side, of 8 or more
// on the vector unit; the rest in general-purpose registers.
template <class Isa>
BRAID_INLINE void Blocks(Isa, State& st, const uint8_t* p, size_t nblocks,
                         uint64_t hibit = 1) {
#if defined(__ARM_NEON)
  if constexpr (isa::Traits<Isa>::kNeon) {
    if (nblocks >= kSplitBlocks && hibit == 1) {
      // Cores with SVE have more vector pipes: one chain would wait on its
      // own carries there, and more of the work fits beside it.
      constexpr bool kWide = isa::Traits<Isa>::kSve;
      const size_t done = SplitBlocks < kWide ? 2 : 1,
                   kWide ? 4 : 2 > (st, p, nblocks);
      p += 16 * done;
      nblocks -= done;
    }
    if (nblocks >= 8 && hibit == 1) {
      const size_t vector = nblocks & ~size_t{3};
      VectorBlocks<1>(st, p, vector);
      p += 16 * vector;
      nblocks -= vector;
    }
  }
#endif
  ScalarBlocks(st, p, nblocks, hibit);
}

// The tag: h fully reduced mod 2^130 - 5, plus the pad, mod 2^128.
inline void Finish(const State& st, uint8_t tag[16]) {
  uint64_t h0 = st.h0, h1 = st.h1, h2 = st.h2;
  // h < 2^131: one fold brings it below 2^130 + 5 * 2, then h - p is chosen
  // without a branch when it does not go below zero.
  const uint64_t fold = (h2 >> 2) * 5;
  h2 &= 3;
  u128 t = static_cast<u128>(h0) + fold;
  h0 = static_cast<uint64_t>(t);
  t = static_cast<u128>(h1) + static_cast<uint64_t>(t >> 64);
  h1 = static_cast<uint64_t>(t);
  h2 += static_cast<uint64_t>(t >> 64);
  t = static_cast<u128>(h0) + 5;
  const uint64_t g0 = static_cast<uint64_t>(t);
  t = static_cast<u128>(h1) + static_cast<uint64_t>(t >> 64);
  const uint64_t g1 = static_cast<uint64_t>(t);
  const uint64_t g2 = h2 + static_cast<uint64_t>(t >> 64);
  // g = h + 5 reaches 2^130 exactly when h >= p.
  const uint64_t take_g = 0 - (g2 >> 2);
  h0 = (g0 & take_g) | (h0 & ~take_g);
  h1 = (g1 & take_g) | (h1 & ~take_g);
  t = static_cast<u128>(h0) + st.pad0;
  h0 = static_cast<uint64_t>(t);
  h1 = h1 + st.pad1 + static_cast<uint64_t>(t >> 64);
  std::memcpy(tag, &h0, 8);
  std::memcpy(tag + 8, &h1, 8);
}

}  // namespace poly1305_internal

// Poly1305 under one 32-byte one-time key (r || s): a key must never
// authenticate two messages. On AArch64 it takes the vector path, NEON
// being part of the baseline the compiler already emits.
class Poly1305 {
 public:
  static constexpr size_t kKeyBytes = 32;
  static constexpr size_t kTagBytes = 16;
  static constexpr size_t kBlockBytes = 16;

  static absl::StatusOr<Poly1305> Create(absl::Span<const uint8_t> key) {
    if (absl::Status s = CheckKey(key); !s.ok()) return s;
    return Poly1305(key.data());
  }

  // The tag of one message under one key.
  static absl::Status Mac(absl::Span<const uint8_t> key,
                          absl::Span<const uint8_t> message,
                          absl::Span<uint8_t> tag) {
    if (absl::Status s = CheckKey(key); !s.ok()) return s;
    Poly1305 mac(key.data());  // not through Create: no StatusOr to copy
    if (absl::Status s = mac.Update(message); !s.ok()) return s;
    return mac.Finish(tag);
  }

  Poly1305(const Poly1305&) = default;
  Poly1305& operator=(const Poly1305&) = default;
  ~Poly1305() {
    internal::Wipe(&state_, sizeof(state_));
    internal::Wipe(buffer_, sizeof(buffer_));
  }

  // Appends `data` to the message. Fails only on a null pointer with a
  // length, or after Finish.
  absl::Status Update(absl::Span<const uint8_t> data) {
    if (data.data() == nullptr && !data.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "Poly1305: input pointer is null with length ", data.size()));
    }
    if (finished_) return FinishedError();
    if (data.empty()) return absl::OkStatus();  // data() may be null then
    const uint8_t* p = data.data();
    size_t n = data.size();
    if (buffered_ > 0) {
      const size_t take =
          n < kBlockBytes - buffered_ ? n : kBlockBytes - buffered_;
      std::memcpy(buffer_ + buffered_, p, take);
      buffered_ += take;
      p += take;
      n -= take;
      if (buffered_ < kBlockBytes) return absl::OkStatus();
      poly1305_internal::Blocks(kIsa, state_, buffer_, 1);
      buffered_ = 0;
    }
    poly1305_internal::Blocks(kIsa, state_, p, n / kBlockBytes);
    p += n / kBlockBytes * kBlockBytes;
    n %= kBlockBytes;
    if (n > 0) std::memcpy(buffer_, p, n);
    buffered_ = n;
    return absl::OkStatus();
  }

  // Writes the 16-byte tag to tag[0..16); the object takes no more input.
  absl::Status Finish(absl::Span<uint8_t> tag) {
    if (tag.size() < kTagBytes || tag.data() == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          "Poly1305: tag buffer must hold 16 bytes, got ", tag.size()));
    }
    if (finished_) return FinishedError();
    if (buffered_ > 0) {
      buffer_[buffered_] = 1;
      std::memset(buffer_ + buffered_ + 1, 0, kBlockBytes - buffered_ - 1);
      poly1305_internal::Blocks(kIsa, state_, buffer_, 1, /*hibit=*/0);
    }
    poly1305_internal::Finish(state_, tag.data());
    internal::Wipe(&state_, sizeof(state_));
    finished_ = true;
    return absl::OkStatus();
  }

 private:
  explicit Poly1305(const uint8_t* key) {
    poly1305_internal::Init(state_, key);
  }

  static absl::Status CheckKey(absl::Span<const uint8_t> key) {
    if (key.size() != kKeyBytes || key.data() == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("Poly1305: key must be 32 bytes, got ", key.size()));
    }
    return absl::OkStatus();
  }

  BRAID_COLD static absl::Status FinishedError() {
    return absl::FailedPreconditionError(
        "Poly1305: the tag was already computed; a one-time key takes one "
        "message");
  }

  static constexpr isa::Native kIsa{};

  poly1305_internal::State state_;
  uint8_t buffer_[kBlockBytes] = {};
  size_t buffered_ = 0;
  bool finished_ = false;
};

BRAID_NAMESPACE_END

#endif  // BRAID_POLY1305_H_
