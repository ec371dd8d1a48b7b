// Compile-time unrolling over block indices.
//
// Unroll<N>(f) calls f(std::integral_constant<size_t, 0>{}, ..., <N-1>{}):
// the callee expands its work over the pack, so N independent blocks live in
// N registers with no array in between (SVE vectors are sizeless and cannot
// live in arrays at all).
#ifndef BRAID_SIMD_UNROLL_H_
#define BRAID_SIMD_UNROLL_H_

#include <cstddef>
#include <type_traits>
#include <utility>

#include "braid/namespace.h"
#include "braid/simd/inline.h"

BRAID_NAMESPACE_BEGIN
namespace simd {

template <size_t kCount, class F>
BRAID_INLINE decltype(auto) Unroll(F&& f) {
  return [&]<size_t... kI>(std::index_sequence<kI...>)
             BRAID_LAMBDA_INLINE -> decltype(auto) {
    return f(std::integral_constant<size_t, kI>{}...);
  }(std::make_index_sequence<kCount>{});
}

// Calls f(std::integral_constant<size_t, k>{}) for k = 8, 4, 2, 1, the
// powers of two below kWays, largest first. A kernel that has run its
// kWays-wide batches finishes a remainder r < kWays with one batch of each
// k that r's binary digits name, instead of r single blocks whose latency
// nothing hides.
template <size_t kWays, class F>
BRAID_INLINE void ForEachPowerOfTwoBelow(F&& f) {
  static_assert(kWays <= 16);
  if constexpr (kWays > 8) f(std::integral_constant<size_t, 8>{});
  if constexpr (kWays > 4) f(std::integral_constant<size_t, 4>{});
  if constexpr (kWays > 2) f(std::integral_constant<size_t, 2>{});
  if constexpr (kWays > 1) f(std::integral_constant<size_t, 1>{});
}

}  // namespace simd
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_UNROLL_H_
