// The two kernel shapes that CBC and CFB-128 share, and their kernels.
//
// Serial (CBC and CFB encryption): each block's cipher input depends on the
// previous output, so one block is in flight; the chain XORs fold into round
// key 0 and the last round key, leaving ten fused AES rounds (AES-128) on the
// critical path and the other XORs beside it.
//
// Shifted parallel (CBC and CFB decryption): block i needs ciphertext i and
// i-1 and nothing else, so kWays vectors run side by side. The kernel walks
// from the end of the buffer to the start, so that in-place operation never
// reads a ciphertext block that was already overwritten.
#ifndef BRAID_MODES_CHAIN_H_
#define BRAID_MODES_CHAIN_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "braid/aes_engine.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/buffer_checks.h"
#include "braid/namespace.h"
#include "braid/simd/aes_ops.h"
#include "braid/simd/unroll.h"

BRAID_NAMESPACE_BEGIN
namespace chain_internal {

// Serial modes run one block at a time: SVE2-AES gains nothing there, so it
// runs them with the NEON instructions it also has.
template <class Isa>
using SerialIsa =
    std::conditional_t<std::is_same_v<Isa, isa::Sve2Aes>, isa::NeonAes, Isa>;

enum class Serial { kCbcEncrypt, kCfbEncrypt };

// Encrypts nblocks serially; `iv` holds the previous ciphertext block on entry
// and the last one on return.
template <Serial kMode, int kRounds, class Isa>
void SerialBlocks(Isa isa, const uint8_t* round_keys, uint8_t iv[16],
                  const uint8_t* in, uint8_t* out, size_t nblocks) {
  if (nblocks == 0) return;
  aes_engine::WithCipher<aes_engine::Direction::kEncrypt, kRounds>(
      isa, round_keys, [&](const auto& cipher) BRAID_LAMBDA_INLINE {
        const auto k_last = cipher.last_key();
        const auto k0_last = simd::Xor(isa, cipher.first_key(), k_last);
        // Runs block(i) for i up to `count`: eight blocks of straight line a
        // loop iteration, then one run of each smaller power of two. Each
        // block moves the chain into the register of its round key 0 (AESE
        // is destructive and the chain value has a second use), so a loop
        // with an odd trip through the registers, such as a one-block tail
        // loop, pays a MOV on the critical path. Eight blocks rather than
        // four spread the loop's fixed cost: Clang's AES-128 CBC encryption
        // models at 1.257 c/B on N1 against 1.260 (the bound is 1.25).
        // isa::Neon (an EOR for round key 0, no MOV) takes four: unrolled
        // over eight and the tails, its table rounds were the largest
        // functions the tests compile, and with fewer than four a trip the
        // compiler reloads its 256-byte table more often (RESULTS.md).
        constexpr size_t kUnroll = std::is_same_v<Isa, isa::Neon> ? 4 : 8;
        size_t done = 0;
        auto run = [&](auto& block, size_t count) BRAID_LAMBDA_INLINE {
          auto blocks = [&](auto n) BRAID_LAMBDA_INLINE {
            simd::Unroll<n()>(
                [&](auto... j) BRAID_LAMBDA_INLINE { (block(done + j), ...); });
            done += n();
          };
          auto blocks_if_left = [&](auto n) BRAID_LAMBDA_INLINE {
            if (count - done >= n()) blocks(n);
          };
          while (count - done >= kUnroll) {
            blocks(std::integral_constant<size_t, kUnroll>{});
          }
          simd::ForEachPowerOfTwoBelow<kUnroll>(blocks_if_left);
        };
        // x is a cipher output before its final AddRoundKey (x ^ k_last).
        if constexpr (kMode == Serial::kCbcEncrypt) {
          auto x = simd::Xor(isa, simd::LoadBlocks(isa, iv), k_last);
          auto block = [&](size_t i) BRAID_LAMBDA_INLINE {
            const auto p = simd::LoadBlocks(isa, in + 16 * i);
            // Round 0 of E(c_prev ^ p): AESE(k0 ^ k_last ^ p, x).
            x = cipher.first_round(simd::Xor(isa, k0_last, p), x);
            cipher.rounds_after_first(x);
            simd::StoreBlocks(isa, out + 16 * i, simd::Xor(isa, x, k_last));
          };
          run(block, nblocks);
        } else {
          // c_i = x_i ^ k_last ^ p_i, where x_i is E(c_{i-1}) but for its
          // final AddRoundKey; round 0 of x_i is AESE(k0 ^ k_last ^ p_{i-1},
          // x_{i-1}).
          auto x = simd::LoadBlocks(isa, iv);
          cipher.rounds(x);
          // p_{i-1} is carried, not reloaded: in place, c_{i-1} has
          // overwritten it.
          auto p = x;
          auto finish = [&](size_t i) BRAID_LAMBDA_INLINE {
            p = simd::LoadBlocks(isa, in + 16 * i);
            simd::StoreBlocks(isa, out + 16 * i, simd::Xor3(isa, x, k_last, p));
          };
          finish(0);
          auto block = [&](size_t i) BRAID_LAMBDA_INLINE {
            x = cipher.first_round(simd::Xor(isa, k0_last, p), x);
            cipher.rounds_after_first(x);
            finish(i + 1);
          };
          run(block, nblocks - 1);
        }
        std::memcpy(iv, out + 16 * (nblocks - 1), 16);
      });
}

// CBC decryption: p_i = D(c_i) ^ c_{i-1}. CFB decryption: p_i = E(c_{i-1}) ^
// c_i. `round_keys` match (decryption keys for CBC, encryption keys for CFB);
// `iv` is c_{-1} on entry and the last ciphertext block on return.
template <bool kCbc, int kRounds, size_t kWays, class Isa>
void ShiftedBlocks(Isa isa, const uint8_t* round_keys, uint8_t iv[16],
                   const uint8_t* in, uint8_t* out, size_t nblocks) {
  if (nblocks == 0) return;
  constexpr auto kDirection =
      kCbc ? aes_engine::Direction::kDecrypt : aes_engine::Direction::kEncrypt;
  alignas(16) uint8_t last[16];
  std::memcpy(last, in + 16 * (nblocks - 1), 16);
  const size_t per_vector = simd::BlocksPerVector(isa);
  const size_t span = kWays * per_vector;
  aes_engine::WithCipher<kDirection, kRounds>(
      isa, round_keys, [&](const auto& cipher) BRAID_LAMBDA_INLINE {
        // The cipher runs on c_i (CBC) or c_{i-1} (CFB); its output is XORed
        // with the other one and the last round key in one step.
        auto finish = [&](uint8_t* dst, auto x, auto prev, auto cur,
                          auto... n) BRAID_LAMBDA_INLINE {
          simd::StoreBlocks(
              isa, dst,
              simd::Xor3(isa, x, cipher.last_key(), kCbc ? prev : cur), n...);
        };
        // Finishes the vector at cur (full), reloading its XOR operand.
        auto finish_at = [&](const uint8_t* cur, uint8_t* dst,
                             auto x) BRAID_LAMBDA_INLINE {
          simd::StoreBlocks(
              isa, dst,
              simd::Xor3(isa, x, cipher.last_key(),
                         simd::LoadBlocks(isa, cur - (kCbc ? 16 : 0))));
        };
        // One vector of n blocks; prev points 16 bytes before its blocks.
        auto one = [&](const uint8_t* prev_src, size_t start,
                       size_t n) BRAID_LAMBDA_INLINE {
          const auto prev = simd::LoadBlocks(isa, prev_src, n);
          const auto cur = simd::LoadBlocks(isa, in + 16 * start, n);
          auto x = kCbc ? cur : prev;
          cipher.rounds(x);
          finish(out + 16 * start, x, prev, cur, n);
        };
        const size_t head = std::min(per_vector, nblocks);
        size_t end = nblocks;
        // `ways` vectors ending at block `end`.
        auto batch = [&](auto ways) BRAID_LAMBDA_INLINE {
          const size_t start = end - ways() * per_vector;
          const uint8_t* src = in + 16 * start;
          uint8_t* dst = out + 16 * start;
          simd::Unroll<ways()>([&](auto... i) BRAID_LAMBDA_INLINE {
            // The cipher inputs are loaded first; the XOR operands late,
            // once per use, after the stores of the blocks above them: a load
            // costs no vector-pipe slot, a register copy would. Blocks finish
            // from the last to the first, so in place the operand c_{i-1} is
            // read before block i-1 overwrites it.
            [&](auto... x) BRAID_LAMBDA_INLINE {
              cipher.rounds(x...);
              // finish(k, x_k, x_k+1, ...) finishes the later blocks first.
              auto finish = [&]<size_t k>(
                                auto& self, std::integral_constant<size_t, k>,
                                auto x_k, auto... later) BRAID_LAMBDA_INLINE {
                if constexpr (sizeof...(later) > 0) {
                  self(self, std::integral_constant<size_t, k + 1>{}, later...);
                }
                finish_at(src + 16 * k * per_vector, dst + 16 * k * per_vector,
                          x_k);
              };
              finish(finish, std::integral_constant<size_t, 0>{}, x...);
            }(simd::LoadBlocks(isa,
                               src + 16 * i * per_vector - (kCbc ? 0 : 16))...);
          });
          end = start;
        };
        while (end - head >= span) {
          batch(std::integral_constant<size_t, kWays>{});
        }
        simd::ForEachPowerOfTwoBelow<kWays>([&](auto ways) BRAID_LAMBDA_INLINE {
          if (end - head >= ways() * per_vector) batch(ways);
        });
        if (end > head) {  // SVE: fewer blocks than a vector, predicated
          const size_t n = end - head;
          one(in + 16 * head - 16, head, n);
        }
        // The first vector's previous blocks are the IV and its own blocks.
        alignas(16) uint8_t prev_buf[256];
        std::memcpy(prev_buf, iv, 16);
        std::memcpy(prev_buf + 16, in, 16 * (head - 1));
        one(prev_buf, 0, head);
      });
  std::memcpy(iv, last, 16);
}

// CBC's (kCbc) or CFB's ISA part, after the arguments were checked: whole
// blocks, `iv` advanced to the last ciphertext block. Encrypt is serial,
// Decrypt shifted parallel.
template <bool kCbc, class Isa, size_t kWays>
struct Kernel {
  static constexpr Serial kSerial =
      kCbc ? Serial::kCbcEncrypt : Serial::kCfbEncrypt;

  static void Encrypt(const uint8_t* round_keys, int rounds, uint8_t iv[16],
                      const uint8_t* in, uint8_t* out, size_t nblocks) {
    modes_internal::DispatchRounds(rounds, [&](auto r) {
      SerialBlocks<kSerial, r()>(SerialIsa<Isa>{}, round_keys, iv, in, out,
                                 nblocks);
    });
  }
  static void Decrypt(const uint8_t* round_keys, int rounds, uint8_t iv[16],
                      const uint8_t* in, uint8_t* out, size_t nblocks) {
    modes_internal::DispatchRounds(rounds, [&](auto r) {
      ShiftedBlocks<kCbc, r(), kWays>(Isa{}, round_keys, iv, in, out, nblocks);
    });
  }
};

template <bool kCbc, size_t kWays>
struct Kernel<kCbc, isa::Auto, kWays> {
  static void Encrypt(const uint8_t* round_keys, int rounds, uint8_t iv[16],
                      const uint8_t* in, uint8_t* out, size_t nblocks) {
    const auto& k = dispatch_internal::Aes();
    (kCbc ? k.cbc_encrypt : k.cfb_encrypt)(round_keys, rounds, iv, in, out,
                                           nblocks);
  }
  static void Decrypt(const uint8_t* round_keys, int rounds, uint8_t iv[16],
                      const uint8_t* in, uint8_t* out, size_t nblocks) {
    const auto& k = dispatch_internal::Aes();
    (kCbc ? k.cbc_decrypt : k.cfb_decrypt)(round_keys, rounds, iv, in, out,
                                           nblocks);
  }
};

}  // namespace chain_internal
BRAID_NAMESPACE_END

#endif  // BRAID_MODES_CHAIN_H_
