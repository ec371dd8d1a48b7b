// Argument checks every mode shares: buffer sizes, null pointers, overlap.
#ifndef BRAID_MODES_BUFFER_CHECKS_H_
#define BRAID_MODES_BUFFER_CHECKS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <type_traits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/declassify.h"
#include "braid/namespace.h"
#include "braid/simd/inline.h"
#include "braid/simd/isa.h"

BRAID_NAMESPACE_BEGIN
namespace modes_internal {

// The checks below are inline and cheap when the arguments are good; the
// messages for bad ones are built out of line, in cold functions that are
// never inlined, so that a call on good arguments costs a few compares: no
// frame, no string code and no stack protector on the path that encrypts.

// What CheckInOut says about arguments it rejects.
BRAID_COLD absl::Status InOutError(absl::string_view what,
                                   absl::Span<const uint8_t> in,
                                   absl::Span<const uint8_t> out) {
  if (in.data() == nullptr && !in.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": input pointer is null with length ", in.size()));
  }
  if (out.size() < in.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": output buffer of ", out.size(),
                     " bytes cannot hold the ", in.size(), "-byte input"));
  }
  if (out.data() == nullptr && !in.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": output pointer is null with length ", in.size()));
  }
  return absl::InvalidArgumentError(
      absl::StrCat(what,
                   ": input and output overlap partially (in-place is allowed "
                   "only with the same pointer)"));
}

// `out` must hold `in`, and the two must be the same buffer or disjoint:
// a partial overlap would read bytes that were already overwritten.
BRAID_INLINE absl::Status CheckInOut(absl::string_view what,
                                     absl::Span<const uint8_t> in,
                                     absl::Span<const uint8_t> out) {
  if (in.empty()) return absl::OkStatus();
  if (in.data() == nullptr || out.data() == nullptr || out.size() < in.size()) {
    return InOutError(what, in, out);
  }
  if (in.data() == out.data()) return absl::OkStatus();
  // std::less gives a total order on pointers into unrelated buffers.
  const std::less<const uint8_t*> before;
  const uint8_t* in_end = in.data() + in.size();
  const uint8_t* out_end = out.data() + in.size();
  if (before(in.data(), out_end) && before(out.data(), in_end)) {
    return InOutError(what, in, out);
  }
  return absl::OkStatus();
}

BRAID_COLD absl::Status IvError(absl::string_view what, absl::string_view name,
                                size_t size) {
  return absl::InvalidArgumentError(
      absl::StrCat(what, ": ", name, " must be 16 bytes, got ", size));
}

// What every mode checks when it is given an IV: the configuration it was
// instantiated with, and a 16-byte IV (`name`: "IV", "initial counter block").
template <class Isa, size_t kWays>
BRAID_INLINE absl::Status CheckIv(absl::string_view what,
                                  absl::string_view name,
                                  absl::Span<const uint8_t> iv) {
  isa::RequireEnabled<Isa>();
  static_assert(kWays >= 1 && kWays <= 16, "kWays must be 1..16");
  if (iv.size() != 16 || iv.data() == nullptr) {
    return IvError(what, name, iv.size());
  }
  return absl::OkStatus();
}

BRAID_COLD absl::Status WholeBlocksError(absl::string_view what, size_t bytes) {
  return absl::InvalidArgumentError(
      absl::StrCat(what,
                   ": input must be a whole number of 16-byte blocks, "
                   "got ",
                   bytes, " bytes"));
}

BRAID_INLINE absl::Status CheckWholeBlocks(absl::string_view what,
                                           size_t bytes) {
  if (bytes % 16 != 0) return WholeBlocksError(what, bytes);
  return absl::OkStatus();
}

// The AEADs' size errors: a message or associated data over the mode's
// limit, and outputs that cannot hold ciphertext || 16-byte tag or the
// plaintext of such an input.
BRAID_COLD absl::Status LengthError(absl::string_view what,
                                    absl::string_view name, uint64_t size,
                                    absl::string_view limit) {
  return absl::InvalidArgumentError(absl::StrCat(
      what, ": ", name, " of ", size, " bytes is over the ", limit, " limit"));
}

BRAID_COLD absl::Status SealedSizeError(absl::string_view what, size_t size,
                                        size_t out_size) {
  if (size < 16) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, ": input of ", size, " bytes is shorter than the 16-byte tag"));
  }
  return absl::InvalidArgumentError(absl::StrCat(what, ": output of ", out_size,
                                                 " bytes cannot hold the ",
                                                 size - 16, "-byte plaintext"));
}

BRAID_COLD absl::Status SealOutputError(absl::string_view what, size_t size,
                                        size_t out_size) {
  return absl::InvalidArgumentError(
      absl::StrCat(what, ": output of ", out_size, " bytes cannot hold the ",
                   size, "-byte ciphertext and the 16-byte tag"));
}

// Whether a[0..n) == b[0..n), reading every byte whatever the answer: for
// tags and keys, where an early exit would tell how many bytes matched. The
// answer itself is public (the caller is told it), so it is declassified.
// Eight bytes a step: a byte loop is what a baseline build would otherwise
// run for every tag (a build for a newer -march vectorises it).
inline bool ConstantTimeEqual(const uint8_t* a, const uint8_t* b, size_t n) {
  uint64_t diff = 0;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    diff |= x ^ y;
  }
  for (; i < n; ++i) diff |= a[i] ^ b[i];
  const bool equal = diff == 0;
  internal::Declassify(&equal, sizeof(equal));
  return equal;
}

// Calls f(std::integral_constant<int, Nr>) for the key's round count, so that
// kernels are compiled with the round count as a constant.
template <class F>
BRAID_INLINE void DispatchRounds(int rounds, F&& f) {
  switch (rounds) {
    case 10:
      return f(std::integral_constant<int, 10>{});
    case 12:
      return f(std::integral_constant<int, 12>{});
    default:
      return f(std::integral_constant<int, 14>{});
  }
}

}  // namespace modes_internal
BRAID_NAMESPACE_END

#endif  // BRAID_MODES_BUFFER_CHECKS_H_
