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

#include "braid/simd/inline.h"

namespace braid::simd {

template <size_t kCount, class F>
BRAID_INLINE decltype(auto) Unroll(F&& f) {
  return [&]<size_t... kI>(std::index_sequence<kI...>)
             BRAID_LAMBDA_INLINE -> decltype(auto) {
    return f(std::integral_constant<size_t, kI>{}...);
  }(std::make_index_sequence<kCount>{});
}

}  // namespace braid::simd

#endif  // BRAID_SIMD_UNROLL_H_
