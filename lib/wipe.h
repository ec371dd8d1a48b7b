// Erases secrets (round keys, keystream) so that they do not outlive the
// objects that held them. A plain memset before destruction may be removed
// as a dead store; one followed by an empty asm that takes the pointer and
// clobbers memory may not (the compiler must assume the asm reads the
// bytes). The memset stays inline for the small fixed sizes most callers
// wipe, where a call to explicit_bzero cost more than the stores.
#ifndef BRAID_WIPE_H_
#define BRAID_WIPE_H_

#include <cstddef>
#include <cstring>

#include "braid/namespace.h"

BRAID_NAMESPACE_BEGIN
namespace internal {

inline void Wipe(void* p, size_t n) {
  if (n == 0) return;  // p may be null then (an empty span's data())
#if defined(__GNUC__)
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
#else
  volatile unsigned char* b = static_cast<volatile unsigned char*>(p);
  for (size_t i = 0; i < n; ++i) b[i] = 0;
#endif
}

}  // namespace internal
BRAID_NAMESPACE_END

#endif  // BRAID_WIPE_H_
