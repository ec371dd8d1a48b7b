// GHASH (SP 800-38D §6.4), the universal hash of AES-GCM, on POLYVAL's
// arithmetic: GHASH(H, X_1..X_n) = ByteReverse(POLYVAL(mulX(ByteReverse(H)),
// ByteReverse(X_1), ..., ByteReverse(X_n))) (RFC 8452 Appendix A). The key
// table holds that hash key's powers, computed once per AES key, so that a
// batch of k blocks costs 3k PMULLs and one reduction, as POLYVAL's does.
#ifndef BRAID_GHASH_H_
#define BRAID_GHASH_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "braid/namespace.h"
#include "braid/polyval.h"
#include "braid/simd/clmul_ops.h"
#include "braid/simd/inline.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN

// The most blocks a GHASH batch can take (the powers a key table holds).
inline constexpr size_t kGhashMaxWays = 16;

// H^1..H^16 in POLYVAL's field, as batches read them: raw bytes, so that
// the dispatch tables can pass it as such.
struct GhashKey {
  polyval_internal::PowerTable<kGhashMaxWays> table;

  GhashKey() = default;
  GhashKey(const GhashKey&) = default;
  GhashKey& operator=(const GhashKey&) = default;
  ~GhashKey() { internal::Wipe(this, sizeof(*this)); }
};

namespace ghash_internal {

// Fills `key` from GHASH's H = E_K(0^128), in GHASH's byte order.
template <class Isa>
void Init(Isa isa, const uint8_t h[16], GhashKey& key) {
  // mulX(ByteReverse(H)) as a little-endian 128-bit integer: shifted left
  // by one; the bit shifted out comes back as x^128 = x^127 + x^126 +
  // x^121 + 1. Masks, not branches: H is secret.
  uint64_t lo = 0, hi = 0;
  for (int i = 0; i < 8; ++i) {
    lo |= uint64_t{h[15 - i]} << (8 * i);
    hi |= uint64_t{h[7 - i]} << (8 * i);
  }
  const uint64_t carry = 0 - (hi >> 63);
  hi = (hi << 1) | (lo >> 63);
  lo <<= 1;
  lo ^= carry & 1;
  hi ^= carry & simd::kPolyvalFold;
  alignas(16) uint8_t key_h[16];
  std::memcpy(key_h, &lo, 8);  // little-endian on AArch64, x86-64
  std::memcpy(key_h + 8, &hi, 8);
  polyval_internal::SetKey(isa, key.table, key_h);
  polyval_internal::ComputePowers(isa, key.table, 1, kGhashMaxWays);
  internal::Wipe(key_h, sizeof(key_h));
}

}  // namespace ghash_internal

// A running GHASH under a key table, kWays blocks per reduction.
template <class Isa, size_t kWays>
class Ghash {
 public:
  explicit Ghash(const GhashKey& key) : key_(key) {
    static_assert(kWays >= 1 && kWays <= kGhashMaxWays, "kWays must be 1..16");
  }
  // Resumes from a state() saved earlier.
  Ghash(const GhashKey& key, const uint8_t state[16]) : Ghash(key) {
    std::memcpy(state_, state, 16);
  }
  Ghash(const Ghash&) = delete;
  Ghash& operator=(const Ghash&) = delete;
  ~Ghash() { internal::Wipe(state_, sizeof(state_)); }

  // Absorbs n whole blocks.
  void Update(const uint8_t* blocks, size_t n) {
    const Isa isa;
    simd::FieldStore(isa, state_,
                     polyval_internal::Blocks<kWays, true>(
                         isa, simd::FieldLoad(isa, state_), blocks, n,
                         key_.table));
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

  // The state lives in POLYVAL's order; these move it in and out of a
  // kernel that keeps it in a register.
  uint8_t* state() { return state_; }

  // GHASH's output, in its own byte order.
  void Digest(uint8_t out[16]) const {
    const Isa isa;
    simd::FieldStoreReversed(isa, out, simd::FieldLoad(isa, state_));
  }

 private:
  const GhashKey& key_;
  alignas(16) uint8_t state_[16] = {};
};

BRAID_NAMESPACE_END

#endif  // BRAID_GHASH_H_
