// ChaCha20 (RFC 8439, and the original 64-bit-nonce variant) as a user meets
// it: a stream from a key, a nonce and a block counter, which encrypts or
// decrypts (the same operation) any length and resumes at any byte.
//
//   auto c = braid::ChaCha20<>::Create(key, nonce, /*counter=*/1);
//   if (!c.ok()) ...;
//   absl::Status s = c->Crypt(plaintext, ciphertext);
//
// A 12-byte nonce selects RFC 8439: a 32-bit block counter, and a message
// that would run past block 2^32 - 1 is refused before anything is written.
// An 8-byte nonce selects the original ChaCha: a 64-bit block counter.
// ISA and parallelism default to the best for the build (chacha20_defaults.h)
// and can be named: ChaCha20<isa::Neon, 8, 2>.
#ifndef BRAID_CHACHA20_H_
#define BRAID_CHACHA20_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "braid/chacha20_defaults.h"
#include "braid/chacha20_engine.h"
#include "braid/dispatch/kernel_table.h"
#include "braid/modes/buffer_checks.h"
#include "braid/namespace.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN

namespace chacha20_internal {

// The ISA part: whole blocks from the state's counter, and the batch size
// that a message's last blocks are grouped by.
template <class Isa, size_t kVectorBlocks, size_t kScalarBlocks>
struct Kernel {
  static constexpr size_t kMaxBlocksPerBatch =
      chacha20_engine::kMaxBlocksPerBatch<Isa, kVectorBlocks, kScalarBlocks>;
  static size_t BlocksPerBatch() {
    return chacha20_engine::BlocksPerBatch<Isa, kVectorBlocks, kScalarBlocks>(
        Isa{});
  }
  static void Blocks(const uint32_t* state, const uint8_t* in, uint8_t* out,
                     size_t nblocks) {
    chacha20_engine::Blocks<Isa, kVectorBlocks, kScalarBlocks>(Isa{}, state, in,
                                                               out, nblocks);
  }
};

template <size_t kVectorBlocks, size_t kScalarBlocks>
struct Kernel<isa::Auto, kVectorBlocks, kScalarBlocks> {
  static constexpr size_t kMaxBlocksPerBatch =
      dispatch_internal::kMaxChaCha20BlocksPerBatch;
  static size_t BlocksPerBatch() {
    return dispatch_internal::ChaCha20().blocks_per_batch();
  }
  static void Blocks(const uint32_t* state, const uint8_t* in, uint8_t* out,
                     size_t nblocks) {
    dispatch_internal::ChaCha20().blocks(state, in, out, nblocks);
  }
};

}  // namespace chacha20_internal

template <class Isa = DefaultChaCha20Isa,
          size_t kVectorBlocks = ChaCha20Defaults<Isa>::kVectorBlocks,
          size_t kScalarBlocks = ChaCha20Defaults<Isa>::kScalarBlocks>
class ChaCha20 {
 public:
  static constexpr size_t kKeyBytes = 32;
  static constexpr size_t kBlockBytes = 64;

  // `nonce`: 12 bytes (RFC 8439, 32-bit counter) or 8 bytes (original,
  // 64-bit counter). `counter`: the first block's counter.
  static absl::StatusOr<ChaCha20> Create(absl::Span<const uint8_t> key,
                                         absl::Span<const uint8_t> nonce,
                                         uint64_t counter = 0) {
    isa::RequireEnabled<Isa>();
    if (key.size() != kKeyBytes || key.data() == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("ChaCha20: key must be 32 bytes, got ", key.size()));
    }
    if ((nonce.size() != 12 && nonce.size() != 8) || nonce.data() == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ChaCha20: nonce must be 12 bytes (RFC 8439) or 8 bytes (original "
          "ChaCha, 64-bit counter), got ",
          nonce.size()));
    }
    const bool ietf = nonce.size() == 12;
    if (ietf && counter > 0xffffffffu) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ChaCha20: the block counter of RFC 8439 (12-byte nonce) is 32 "
          "bits, got ",
          counter));
    }
    return ChaCha20(key.data(), nonce, counter, ietf);
  }

  ChaCha20(const ChaCha20&) = default;
  ChaCha20& operator=(const ChaCha20&) = default;
  ~ChaCha20() {
    internal::Wipe(state_, sizeof(state_));
    internal::Wipe(keystream_, sizeof(keystream_));
  }

  // out[0..in.size()) = in ^ the next in.size() bytes of keystream. In place
  // (out.data() == in.data()) is allowed, a partial overlap is not. A call
  // that would need a block counter past the last one fails and writes
  // nothing.
  absl::Status Crypt(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    if (absl::Status s = modes_internal::CheckInOut("ChaCha20", in, out);
        !s.ok()) {
      return s;
    }
    const size_t left_in_block = kBlockBytes - used_;
    if (in.size() > left_in_block &&
        (in.size() - left_in_block + kBlockBytes - 1) / kBlockBytes >
            blocks_left_) {
      return absl::OutOfRangeError(
          ietf_ ? "ChaCha20: the message runs past block counter 2^32 - 1, "
                  "the last of RFC 8439's 32-bit counter"
                : "ChaCha20: the message runs past block counter 2^64 - 1");
    }
    const uint8_t* src = in.data();
    uint8_t* dst = out.data();
    size_t len = in.size();
    while (len > 0 && used_ < kBlockBytes) {
      *dst++ = *src++ ^ keystream_[used_++];
      --len;
    }
    const size_t whole = len / kBlockBytes, part = len % kBlockBytes;
    // With a partial last block, the blocks before it that fit in its batch
    // go through a buffer with it, so that a short message is one batch.
    const size_t batch = K::BlocksPerBatch();
    const size_t tail_blocks = part > 0 ? std::min(whole, batch - 1) : 0;
    if (whole > tail_blocks) {
      K::Blocks(state_, src, dst, whole - tail_blocks);
      Advance(whole - tail_blocks);
      src += kBlockBytes * (whole - tail_blocks);
      dst += kBlockBytes * (whole - tail_blocks);
    }
    if (part > 0) {
      alignas(64) uint8_t buffer[kBlockBytes * kMaxBatch];
      const size_t bytes = kBlockBytes * tail_blocks + part;
      std::memcpy(buffer, src, bytes);
      std::memset(buffer + bytes, 0, kBlockBytes - part);
      K::Blocks(state_, buffer, buffer, tail_blocks + 1);
      Advance(tail_blocks + 1);
      std::memcpy(dst, buffer, bytes);
      // Past `part`, the last block of the buffer is bare keystream.
      std::memcpy(keystream_, buffer + kBlockBytes * tail_blocks, kBlockBytes);
      used_ = part;
      internal::Wipe(buffer, sizeof(buffer));
    }
    return absl::OkStatus();
  }

  // The counter of the next keystream block to be generated.
  uint64_t counter() const { return chacha20_engine::CounterOf(state_); }

 private:
  ChaCha20(const uint8_t* key, absl::Span<const uint8_t> nonce,
           uint64_t counter, bool ietf)
      : ietf_(ietf) {
    state_[0] = 0x61707865;  // "expand 32-byte k"
    state_[1] = 0x3320646e;
    state_[2] = 0x79622d32;
    state_[3] = 0x6b206574;
    std::memcpy(state_ + 4, key, 32);
    if (ietf) {
      state_[12] = static_cast<uint32_t>(counter);
      std::memcpy(state_ + 13, nonce.data(), 12);
      blocks_left_ = (static_cast<unsigned __int128>(1) << 32) - counter;
    } else {
      state_[12] = static_cast<uint32_t>(counter);
      state_[13] = static_cast<uint32_t>(counter >> 32);
      std::memcpy(state_ + 14, nonce.data(), 8);
      blocks_left_ = (static_cast<unsigned __int128>(1) << 64) - counter;
    }
  }

  void Advance(size_t blocks) {
    blocks_left_ -= blocks;
    if (ietf_) {
      state_[12] += static_cast<uint32_t>(blocks);
    } else {
      const uint64_t next = counter() + blocks;
      state_[12] = static_cast<uint32_t>(next);
      state_[13] = static_cast<uint32_t>(next >> 32);
    }
  }

  using K = chacha20_internal::Kernel<Isa, kVectorBlocks, kScalarBlocks>;
  static constexpr size_t kMaxBatch = K::kMaxBlocksPerBatch;

  uint32_t state_[16];
  uint8_t keystream_[kBlockBytes] = {};
  size_t used_ = kBlockBytes;
  // Blocks the counter can still give: up to 2^32 or 2^64.
  unsigned __int128 blocks_left_;
  bool ietf_;
};

// One message from a fresh stream.
template <class Isa = DefaultChaCha20Isa,
          size_t kVectorBlocks = ChaCha20Defaults<Isa>::kVectorBlocks,
          size_t kScalarBlocks = ChaCha20Defaults<Isa>::kScalarBlocks>
absl::Status ChaCha20Crypt(absl::Span<const uint8_t> key,
                           absl::Span<const uint8_t> nonce, uint64_t counter,
                           absl::Span<const uint8_t> in,
                           absl::Span<uint8_t> out) {
  auto stream =
      ChaCha20<Isa, kVectorBlocks, kScalarBlocks>::Create(key, nonce, counter);
  if (!stream.ok()) return stream.status();
  return stream->Crypt(in, out);
}

BRAID_NAMESPACE_END

#endif  // BRAID_CHACHA20_H_
