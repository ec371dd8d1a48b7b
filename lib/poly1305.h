// Poly1305 (RFC 8439 §2.5), the one-time authenticator, in base 2^64: the
// accumulator is three limbs (h2 holds bits 128..130 and a few carries), a
// block costs four 64x64 products with their high halves (MUL, UMULH) and
// one partial reduction, all on the integer pipes, with no branch and no
// memory access that depends on the key or the message.
//
//   auto mac = braid::Poly1305::Create(one_time_key);
//   mac->Update(part1); mac->Update(part2);
//   mac->Finish(tag);  // 16 bytes
//
// poly1305_internal::Blocks is the part that the AEAD (chacha20_poly1305.h)
// runs beside ChaCha20.
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
#include "braid/wipe.h"

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
struct State {
  uint64_t r0, r1, s1;
  uint64_t pad0, pad1;
  uint64_t h0, h1, h2;
};

inline void Init(State& st, const uint8_t key[32]) {
  st.r0 = Load64(key) & 0x0ffffffc0fffffffull;
  st.r1 = Load64(key + 8) & 0x0ffffffc0ffffffcull;
  st.s1 = st.r1 + (st.r1 >> 2);
  st.pad0 = Load64(key + 16);
  st.pad1 = Load64(key + 24);
  st.h0 = st.h1 = st.h2 = 0;
}

// h = (h + block + 2^128 * hibit) * r, partly reduced (h2 < 8), for each of
// `nblocks` 16-byte blocks at p. hibit is 1 for whole blocks, 0 for a last
// block that the caller padded with 0x01 and zeros.
BRAID_INLINE void Blocks(State& st, const uint8_t* p, size_t nblocks,
                         uint64_t hibit = 1) {
  const uint64_t r0 = st.r0, r1 = st.r1, s1 = st.s1;
  uint64_t h0 = st.h0, h1 = st.h1, h2 = st.h2;
  for (size_t i = 0; i < nblocks; ++i, p += 16) {
    const u128 sum0 = static_cast<u128>(h0) + Load64(p);
    const u128 sum1 = static_cast<u128>(h1) + Load64(p + 8) +
                      static_cast<uint64_t>(sum0 >> 64);
    h0 = static_cast<uint64_t>(sum0);
    h1 = static_cast<uint64_t>(sum1);
    h2 += static_cast<uint64_t>(sum1 >> 64) + hibit;
    // h * r with the limbs at 2^128 and above folded by 2^130 = 5.
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
  st.h0 = h0;
  st.h1 = h1;
  st.h2 = h2;
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
// authenticate two messages.
class Poly1305 {
 public:
  static constexpr size_t kKeyBytes = 32;
  static constexpr size_t kTagBytes = 16;
  static constexpr size_t kBlockBytes = 16;

  static absl::StatusOr<Poly1305> Create(absl::Span<const uint8_t> key) {
    if (key.size() != kKeyBytes || key.data() == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("Poly1305: key must be 32 bytes, got ", key.size()));
    }
    return Poly1305(key.data());
  }

  // The tag of one message under one key.
  static absl::Status Mac(absl::Span<const uint8_t> key,
                          absl::Span<const uint8_t> message,
                          absl::Span<uint8_t> tag) {
    auto mac = Create(key);
    if (!mac.ok()) return mac.status();
    if (absl::Status s = mac->Update(message); !s.ok()) return s;
    return mac->Finish(tag);
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
      poly1305_internal::Blocks(state_, buffer_, 1);
      buffered_ = 0;
    }
    poly1305_internal::Blocks(state_, p, n / kBlockBytes);
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
      poly1305_internal::Blocks(state_, buffer_, 1, /*hibit=*/0);
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

  BRAID_COLD static absl::Status FinishedError() {
    return absl::FailedPreconditionError(
        "Poly1305: the tag was already computed; a one-time key takes one "
        "message");
  }

  poly1305_internal::State state_;
  uint8_t buffer_[kBlockBytes] = {};
  size_t buffered_ = 0;
  bool finished_ = false;
};

BRAID_NAMESPACE_END

#endif  // BRAID_POLY1305_H_
