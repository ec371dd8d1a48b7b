// Marks a value that is computed from secrets but public by design (an AEAD
// tag, whether a tag matched) as public, for the constant-time check: built
// with BRAID_CONSTANT_TIME_VALIDATION (tests/constant_time does), it tells
// valgrind memcheck that the bytes are defined, so that a branch on them is
// not reported while every branch on the secrets that led to them still is.
// In every other build it is nothing at all.
#ifndef BRAID_DECLASSIFY_H_
#define BRAID_DECLASSIFY_H_

#include <cstddef>

#include "braid/namespace.h"

#if defined(BRAID_CONSTANT_TIME_VALIDATION)
#include <valgrind/memcheck.h>
#endif

BRAID_NAMESPACE_BEGIN
namespace internal {

inline void Declassify(const void* p, size_t n) {
#if defined(BRAID_CONSTANT_TIME_VALIDATION)
  VALGRIND_MAKE_MEM_DEFINED(p, n);
#else
  (void)p;
  (void)n;
#endif
}

}  // namespace internal
BRAID_NAMESPACE_END

#endif  // BRAID_DECLASSIFY_H_
