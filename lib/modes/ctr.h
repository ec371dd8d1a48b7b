// AES in counter mode: CTR with a 128-bit big-endian counter (SP 800-38A
// §6.5) and CTR32LE, the 32-bit little-endian counter in the first four bytes
// that GCM-SIV uses (RFC 8452 §4), both resumable at any byte.
//
// The fast path adds nothing per block: batches of kWays vectors start at a
// counter whose low byte is a multiple of the batch size, so counter i of the
// batch is the base XOR i in the low byte, and that XOR folds into a per-block
// round key 0 (k0 ^ i, "multikey"). The base is loaded once a batch.
// The head up to that alignment, the tail, and messages under two batches
// go in shorter batches whose counters are the base plus a constant; a batch
// that would carry out of the low byte, and the last blocks short of a
// vector, build each counter in memory.
#ifndef BRAID_MODES_CTR_H_
#define BRAID_MODES_CTR_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

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
#include "braid/namespace.h"
#include "braid/simd/aes_ops.h"
#include "braid/simd/unroll.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace ctr_internal {

// The 16-byte counter block and how it counts.
// kStreamBlocks: the keystream blocks one stream may use before a counter
// block would repeat; 0 where the counter cannot wrap within any message.
struct BigEndian128 {
  static constexpr int kLowByte = 15;
  static constexpr uint64_t kStreamBlocks = 0;
  // One 128-bit integer: compilers keep it in a general-purpose register
  // pair, where two 64-bit halves were paired into vector operations.
  static void Add(uint8_t block[16], uint64_t n) {
    uint64_t hi, lo;
    std::memcpy(&hi, block, 8);
    std::memcpy(&lo, block + 8, 8);
    unsigned __int128 c =
        (static_cast<unsigned __int128>(__builtin_bswap64(hi)) << 64) |
        __builtin_bswap64(lo);
    c += n;  // wraps mod 2^128
    hi = __builtin_bswap64(static_cast<uint64_t>(c >> 64));
    lo = __builtin_bswap64(static_cast<uint64_t>(c));
    std::memcpy(block, &hi, 8);
    std::memcpy(block + 8, &lo, 8);
  }
};

// GCM's inc32 (SP 800-38D §6.2): the last four bytes, big-endian, wrapping
// mod 2^32 without touching the rest. GCM bounds its messages itself.
struct BigEndian32 {
  static constexpr int kLowByte = 15;
  static constexpr uint64_t kStreamBlocks = 0;
  static void Add(uint8_t block[16], uint64_t n) {
    uint32_t c;
    std::memcpy(&c, block + 12, 4);
    c = __builtin_bswap32(__builtin_bswap32(c) + static_cast<uint32_t>(n));
    std::memcpy(block + 12, &c, 4);
  }
};

struct LittleEndian32 {
  static constexpr int kLowByte = 0;
  static constexpr uint64_t kStreamBlocks = uint64_t{1} << 32;
  static void Add(uint8_t block[16], uint64_t n) {
    uint32_t c;
    std::memcpy(&c, block, 4);
    c += static_cast<uint32_t>(n);  // wraps mod 2^32, the rest untouched
    std::memcpy(block, &c, 4);
  }
};

// Most blocks per vector of any tag (SVE2-AES at 2048-bit vectors).
inline constexpr size_t kMaxBlocksPerVector = 16;

template <class Isa>
inline constexpr size_t kBlocksPerVectorBound =
    std::is_same_v<Isa, isa::Sve2Aes> ? kMaxBlocksPerVector : 1;

// Room for the fast path's per-block round keys 0: k0 ^ (block index in the
// counter's low byte), one block for each block of a batch.
template <class Isa, size_t kWays>
using Multikeys = uint8_t[16 * kWays * kBlocksPerVectorBound<Isa>];

template <class Counter, class Isa, size_t kWays>
void FillMultikeys(Isa isa, const uint8_t* k0, Multikeys<Isa, kWays>& table) {
  const size_t blocks = kWays * simd::BlocksPerVector(isa);
  for (size_t b = 0; b < blocks; ++b) {
    std::memcpy(table + 16 * b, k0, 16);
    table[16 * b + Counter::kLowByte] ^= static_cast<uint8_t>(b);
  }
}

// What Blocks shows each run of blocks it writes, so that a hash can run in
// the same loop body as the cipher (GCM). kInput: the hash reads the input,
// before the output (which may be the input) is written; otherwise it reads
// the output once written. Batch hashes `ways` vectors of blocks, Run any
// number. kAhead (with kInput): the aligned loop hashes each batch one loop
// body ahead of the cipher, through BatchAhead. SecretCounter(): the counter
// block is secret (GCM's first counter from a nonce of another length than
// 12 bytes is GHASH's output), so the loop must not branch on its value or
// index memory with it. NoHash is plain CTR.
struct NoHash {
  static constexpr bool kInput = false;
  static constexpr bool kAhead = false;
  static constexpr bool SecretCounter() { return false; }
  template <class Ways>
  BRAID_INLINE void Batch(Ways, const uint8_t*, size_t) {}
  template <class Ways>
  BRAID_INLINE void BatchAhead(Ways, const uint8_t*, size_t) {}
  BRAID_INLINE void Run(const uint8_t*, size_t) {}
};

// out[0..nblocks) = in ^ keystream from `counter`; advances `counter`.
// Not inlined on purpose: `multikeys` then comes from outside, and since the
// stores to `out` may alias it, the compiler reloads it every batch instead
// of keeping copies in registers, and a load is free where a register copy
// (MOV) would take a vector-pipe slot from the AES rounds.
template <class Counter, int kRounds, size_t kWays, class Isa,
          class Hash = NoHash>
__attribute__((noinline)) void Blocks(Isa isa, const uint8_t* round_keys,
                                      const uint8_t* multikeys,
                                      uint8_t counter[16], const uint8_t* in,
                                      uint8_t* out, size_t nblocks,
                                      Hash& hash_io) {
  using aes_engine::Direction;
  // A copy the stores to `out` cannot alias: the hash state stays in a
  // register for the whole loop.
  Hash hash = hash_io;
  const size_t per_vector = simd::BlocksPerVector(isa);
  const size_t span = kWays * per_vector;
  // Without a multikey table (under two batches) the add path serves.
  const bool secret_counter = hash.SecretCounter();
  const bool xor_path = !secret_counter && multikeys != nullptr &&
                        (span & (span - 1)) == 0 && span <= 256;
  // A secret counter's batches: every counter built in memory by Add,
  // which has no branch, then the same rounds as a batch.
  alignas(16) uint8_t counters[16 * kWays * kBlocksPerVectorBound<Isa>];

  // Counters built in memory, n <= per_vector blocks per vector.
  auto general = [&](const auto& cipher, size_t count) BRAID_LAMBDA_INLINE {
    alignas(16) uint8_t buf[16 * kMaxBlocksPerVector];
    for (size_t v = 0; v < count; v += per_vector) {
      const size_t n = std::min(per_vector, count - v);
      for (size_t j = 0; j < n; ++j) {
        std::memcpy(buf + 16 * j, counter, 16);
        Counter::Add(counter, 1);
      }
      auto x = simd::LoadBlocks(isa, buf, n);
      cipher.rounds(x);
      if constexpr (Hash::kInput) hash.Run(in, n);
      simd::StoreBlocks(
          isa, out,
          simd::Xor3(isa, x, cipher.last_key(), simd::LoadBlocks(isa, in, n)),
          n);
      if constexpr (!Hash::kInput) hash.Run(out, n);
      in += 16 * n;
      out += 16 * n;
    }
  };

  enum { kInLine, kHashedNext, kHashed };
  aes_engine::WithCipher<Direction::kEncrypt, kRounds>(
      isa, round_keys, [&](const auto& cipher) BRAID_LAMBDA_INLINE {
        size_t done = 0;
        // offset(way): segment j holds way*per_vector + j in the low byte.
        auto offset = [&](size_t way) BRAID_LAMBDA_INLINE {
          alignas(16) uint8_t buf[16 * kMaxBlocksPerVector];
          std::memset(buf, 0, 16 * per_vector);
          for (size_t j = 0; j < per_vector; ++j) {
            buf[16 * j + Counter::kLowByte] =
                static_cast<uint8_t>(way * per_vector + j);
          }
          return simd::LoadBlocks(isa, buf);
        };
        // `ways` vectors of counters from the current one; false if the
        // batch would carry out of the low byte (the caller then takes the
        // general path). `known_aligned`: the caller knows the low byte is
        // a multiple of the batch size and there is a multikey table.
        // An input hash running a batch ahead (`ahead`): kHashedNext, this
        // batch hashed already and the next (whole, not yet written) beside
        // its rounds; kHashed, this batch hashed already.
        auto batch_ahead = [&](auto ways, auto known_aligned,
                               auto ahead) BRAID_LAMBDA_INLINE {
          const size_t count = ways() * per_vector;
          const unsigned low = counter[Counter::kLowByte];
          const bool aligned =
              known_aligned() || (xor_path && low % count == 0);
          if (!aligned && low + count > 256) return false;
          const auto base = simd::LoadBroadcast(isa, counter);
          if constexpr (Hash::kInput && decltype(ahead)::value == kInLine) {
            hash.Batch(ways, in, per_vector);
          }
          simd::Unroll<ways()>([&](auto... i) BRAID_LAMBDA_INLINE {
            auto finish = [&](auto... x) BRAID_LAMBDA_INLINE {
              cipher.rounds_after_first(x...);
              (simd::StoreBlocks(
                   isa, out + 16 * i * per_vector,
                   simd::Xor3(isa, x, cipher.last_key(),
                              simd::LoadBlocks(isa, in + 16 * i * per_vector))),
               ...);
            };
            if (aligned) {
              // Round 0 of counter i: AESE(k0 ^ i, base); the base's low
              // byte is a multiple of the (power of two) batch size.
              finish(cipher.first_round(
                  simd::LoadBlocks(isa, multikeys + 16 * i * per_vector),
                  base)...);
            } else {
              finish(cipher.first_round(simd::AddBytes(isa, base, offset(i)),
                                        cipher.first_key())...);
            }
          });
          if constexpr (!Hash::kInput) hash.Batch(ways, out, per_vector);
          if constexpr (decltype(ahead)::value == kHashedNext) {
            hash.BatchAhead(ways, in + 16 * count, per_vector);
          }
          Counter::Add(counter, count);
          in += 16 * count;
          out += 16 * count;
          done += count;
          return true;
        };
        auto batch = [&](auto ways, auto known_aligned) BRAID_LAMBDA_INLINE {
          return batch_ahead(ways, known_aligned,
                             std::integral_constant<int, kInLine>{});
        };
        constexpr std::integral_constant<size_t, kWays> kAll;
        auto from_memory = [&](auto ways) BRAID_LAMBDA_INLINE {
          const size_t count = ways() * per_vector;
          for (size_t j = 0; j < count; ++j) {
            std::memcpy(counters + 16 * j, counter, 16);
            Counter::Add(counter, 1);
          }
          if constexpr (Hash::kInput) hash.Batch(ways, in, per_vector);
          simd::Unroll<ways()>([&](auto... i) BRAID_LAMBDA_INLINE {
            auto finish = [&](auto... x) BRAID_LAMBDA_INLINE {
              cipher.rounds(x...);
              (simd::StoreBlocks(
                   isa, out + 16 * i * per_vector,
                   simd::Xor3(isa, x, cipher.last_key(),
                              simd::LoadBlocks(isa, in + 16 * i * per_vector))),
               ...);
            };
            finish(simd::LoadBlocks(isa, counters + 16 * i * per_vector)...);
          });
          if constexpr (!Hash::kInput) hash.Batch(ways, out, per_vector);
          in += 16 * count;
          out += 16 * count;
          done += count;
        };
        // Batches of fewer vectors up to block `stop`, then single blocks.
        auto up_to = [&](size_t stop) BRAID_LAMBDA_INLINE {
          simd::ForEachPowerOfTwoBelow<kWays>(
              [&](auto ways) BRAID_LAMBDA_INLINE {
                if (stop - done >= ways() * per_vector &&
                    !batch(ways, std::false_type{})) {
                  general(cipher, ways() * per_vector);
                  done += ways() * per_vector;
                }
              });
          general(cipher, stop - done);
          done = stop;
        };
        // With a multikey table, the blocks up to the first counter whose
        // low byte is a multiple of the batch size go first, in shorter
        // batches; from there every batch is aligned.
        size_t stop = nblocks;
        if (secret_counter) {
          while (nblocks - done >= span) from_memory(kAll);
          simd::ForEachPowerOfTwoBelow<kWays>(
              [&](auto ways) BRAID_LAMBDA_INLINE {
                if (nblocks - done >= ways() * per_vector) from_memory(ways);
              });
        } else if (xor_path) {
          stop = std::min(nblocks,
                          (span - counter[Counter::kLowByte] % span) % span);
        } else {
          while (nblocks - done >= span) {
            if (!batch(kAll, std::false_type{})) {
              general(cipher, span);
              done += span;
            }
          }
        }
        up_to(stop);
        if (xor_path) {
          // Aligned once, aligned for good: a loop without the test, one
          // straight line for the compiler to schedule.
          if constexpr (Hash::kAhead) {
            // The input hashed a batch ahead: the blocks the hash loads are
            // not the ones the cipher loads in the same loop body, so they
            // need not stay in registers through the rounds.
            if (nblocks - done >= 2 * span) {
              hash.BatchAhead(kAll, in, per_vector);
              while (nblocks - done >= 2 * span) {
                batch_ahead(kAll, std::true_type{},
                            std::integral_constant<int, kHashedNext>{});
              }
              batch_ahead(kAll, std::true_type{},
                          std::integral_constant<int, kHashed>{});
            }
          }
          while (nblocks - done >= span) batch(kAll, std::true_type{});
          up_to(nblocks);
        }
      });
  if (secret_counter) internal::Wipe(counters, sizeof(counters));
  hash_io = hash;
}

// The position in a keystream: the next counter block, what is left of the
// current keystream block, and how many keystream blocks were made.
struct State {
  alignas(16) uint8_t counter[16];
  alignas(16) uint8_t keystream[16] = {};
  size_t used = 16;
  uint64_t blocks = 0;

  State() = default;
  State(const State&) = default;
  State& operator=(const State&) = default;
  ~State() { internal::Wipe(keystream, sizeof(keystream)); }
};

// The ISA part, after the arguments were checked: out = in ^ keystream for
// nblocks whole blocks from `counter`, which is advanced.
// Blocks for any round count, with its table of round keys 0.
template <class Counter, size_t kWays, class Isa, class Hash>
void Run(Isa isa, const uint8_t* round_keys, int rounds, uint8_t counter[16],
         const uint8_t* in, uint8_t* out, size_t nblocks, Hash& hash) {
  alignas(16) Multikeys<Isa, kWays> multikeys;
  // Aligning the counter pays from two batches up, and only in a run that
  // carries out of the counter's low byte (where an unaligned batch would
  // take the general path): other runs take unaligned batches (an add a
  // block) and skip the table and the shorter batches up to alignment. A
  // secret counter is not read here: its batches come from memory.
  const bool batches =
      nblocks >= 2 * kWays * simd::BlocksPerVector(isa) &&
      (hash.SecretCounter() || counter[Counter::kLowByte] + nblocks > 256);
  if (batches) FillMultikeys<Counter, Isa, kWays>(isa, round_keys, multikeys);
  modes_internal::DispatchRounds(rounds, [&](auto r) {
    ctr_internal::Blocks<Counter, r(), kWays>(isa, round_keys,
                                              batches ? multikeys : nullptr,
                                              counter, in, out, nblocks, hash);
  });
  if (batches) internal::Wipe(multikeys, sizeof(multikeys));
}

template <class Counter, class Isa, size_t kWays>
struct Kernel {
  static void Blocks(const uint8_t* round_keys, int rounds, uint8_t counter[16],
                     const uint8_t* in, uint8_t* out, size_t nblocks) {
    NoHash none;
    Run<Counter, kWays>(Isa{}, round_keys, rounds, counter, in, out, nblocks,
                        none);
  }
};

template <class Counter, size_t kWays>
struct Kernel<Counter, isa::Auto, kWays> {
  static void Blocks(const uint8_t* round_keys, int rounds, uint8_t counter[16],
                     const uint8_t* in, uint8_t* out, size_t nblocks) {
    const auto& k = dispatch_internal::Aes();
    (std::is_same_v<Counter, BigEndian128> ? k.ctr_be128 : k.ctr_le32)(
        round_keys, rounds, counter, in, out, nblocks);
  }
};

inline absl::Status CounterError(absl::string_view what, uint64_t needed,
                                 uint64_t left) {
  return absl::OutOfRangeError(absl::StrCat(
      what,
      ": the 32-bit counter gives 2^32 blocks of keystream; this call "
      "needs ",
      needed, " more and ", left, " are left (a counter block would repeat)"));
}

// Under an encryption schedule of `rounds` rounds.
template <class Counter, class Isa, size_t kWays>
absl::Status Crypt(const uint8_t* round_keys, int rounds, State& state,
                   absl::string_view what, absl::Span<const uint8_t> in,
                   absl::Span<uint8_t> out) {
  if (absl::Status s = modes_internal::CheckInOut(what, in, out); !s.ok()) {
    return s;
  }
  if constexpr (Counter::kStreamBlocks != 0) {
    const size_t leftover = 16 - state.used;
    const uint64_t needed =
        in.size() > leftover ? (in.size() - leftover + 15) / 16 : 0;
    const uint64_t left = Counter::kStreamBlocks - state.blocks;
    if (needed > left) return CounterError(what, needed, left);
    state.blocks += needed;
  }
  const uint8_t* src = in.data();
  uint8_t* dst = out.data();
  size_t len = in.size();
  // Keystream left over from the previous call.
  while (len > 0 && state.used < 16) {
    *dst++ = *src++ ^ state.keystream[state.used++];
    --len;
  }
  using K = Kernel<Counter, Isa, kWays>;
  const size_t whole = len / 16;
  if (whole > 0) {
    K::Blocks(round_keys, rounds, state.counter, src, dst, whole);
    src += 16 * whole;
    dst += 16 * whole;
    len -= 16 * whole;
  }
  if (len > 0) {
    std::memset(state.keystream, 0, 16);
    K::Blocks(round_keys, rounds, state.counter, state.keystream,
              state.keystream, 1);
    for (size_t j = 0; j < len; ++j) dst[j] = src[j] ^ state.keystream[j];
    state.used = len;
  }
  return absl::OkStatus();
}

template <class Counter, class Isa, size_t kWays>
absl::Status Crypt(const AesKey& key, State& state, absl::string_view what,
                   absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
  return Crypt<Counter, Isa, kWays>(key.encryption_round_keys(), key.rounds(),
                                    state, what, in, out);
}

// A resumable keystream over its own copy of the key.
template <class Counter, class Isa, size_t kWays>
class Stream {
 public:
  static absl::StatusOr<Stream> Create(const AesKey& key,
                                       absl::Span<const uint8_t> iv,
                                       absl::string_view what) {
    if (absl::Status s = modes_internal::CheckIv<Isa, kWays>(
            what, "the initial counter block", iv);
        !s.ok()) {
      return s;
    }
    return Stream(key, iv.data(), what);
  }

  absl::Status Crypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return ctr_internal::Crypt<Counter, Isa, kWays>(key_, state_, what_, in,
                                                    out);
  }

  const uint8_t* counter() const { return state_.counter; }

 private:
  Stream(const AesKey& key, const uint8_t* iv, absl::string_view what)
      : key_(key), what_(what) {
    std::memcpy(state_.counter, iv, 16);
  }

  AesKey key_;
  absl::string_view what_;  // a string literal
  State state_;
};

template <class Counter, class Isa, size_t kWays>
absl::Status OneShot(const AesKey& key, absl::Span<const uint8_t> iv,
                     absl::string_view what, absl::Span<const uint8_t> in,
                     absl::Span<uint8_t> out) {
  if (absl::Status s = modes_internal::CheckIv<Isa, kWays>(
          what, "the initial counter block", iv);
      !s.ok()) {
    return s;
  }
  State state;
  std::memcpy(state.counter, iv.data(), 16);
  return Crypt<Counter, Isa, kWays>(key, state, what, in, out);
}

}  // namespace ctr_internal

// CTR with a 128-bit big-endian counter; `iv` is the initial counter block.
// Crypt() encrypts or decrypts (the same operation) and continues where the
// previous call stopped, at any byte.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCtr>
class AesCtr {
 public:
  static absl::StatusOr<AesCtr> Create(const AesKey& key,
                                       absl::Span<const uint8_t> iv) {
    auto s = Impl::Create(key, iv, "AES-CTR");
    if (!s.ok()) return s.status();
    return AesCtr(*std::move(s));
  }
  absl::Status Crypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return stream_.Crypt(in, out);
  }
  const uint8_t* counter() const { return stream_.counter(); }

 private:
  using Impl = ctr_internal::Stream<ctr_internal::BigEndian128, Isa, kWays>;
  explicit AesCtr(Impl s) : stream_(std::move(s)) {}
  Impl stream_;
};

// CTR32LE (RFC 8452): the first four bytes of the counter block are a
// little-endian counter that wraps mod 2^32 without touching the rest. A
// stream gives at most 2^32 blocks of keystream (64 GiB); a call that would
// need more, so that a counter block would repeat, is refused with
// OutOfRange before anything is written, and the stream stays usable.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCtr>
class AesCtr32Le {
 public:
  static absl::StatusOr<AesCtr32Le> Create(const AesKey& key,
                                           absl::Span<const uint8_t> iv) {
    auto s = Impl::Create(key, iv, "AES-CTR32LE");
    if (!s.ok()) return s.status();
    return AesCtr32Le(*std::move(s));
  }
  absl::Status Crypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    return stream_.Crypt(in, out);
  }
  const uint8_t* counter() const { return stream_.counter(); }

 private:
  using Impl = ctr_internal::Stream<ctr_internal::LittleEndian32, Isa, kWays>;
  explicit AesCtr32Le(Impl s) : stream_(std::move(s)) {}
  Impl stream_;
};

// One-shot forms.
template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCtr>
absl::Status AesCtrCrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                         absl::Span<const uint8_t> in,
                         absl::Span<uint8_t> out) {
  return ctr_internal::OneShot<ctr_internal::BigEndian128, Isa, kWays>(
      key, iv, "AES-CTR", in, out);
}

template <class Isa = DefaultAesIsa, size_t kWays = DefaultAesWays<Isa>::kCtr>
absl::Status AesCtr32LeCrypt(const AesKey& key, absl::Span<const uint8_t> iv,
                             absl::Span<const uint8_t> in,
                             absl::Span<uint8_t> out) {
  return ctr_internal::OneShot<ctr_internal::LittleEndian32, Isa, kWays>(
      key, iv, "AES-CTR32LE", in, out);
}

BRAID_NAMESPACE_END

#endif  // BRAID_MODES_CTR_H_
