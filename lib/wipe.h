// Erases secrets (round keys, keystream) so that they do not outlive the
// objects that held them. A plain memset before destruction may be removed
// as a dead store; explicit_bzero (glibc) and volatile stores may not.
#ifndef BRAID_WIPE_H_
#define BRAID_WIPE_H_

#include <cstddef>
#include <cstring>

#include "braid/namespace.h"

BRAID_NAMESPACE_BEGIN
namespace internal {

inline void Wipe(void* p, size_t n) {
  if (n == 0) return;  // p may be null then (an empty span's data())
#if defined(__GLIBC__)
  explicit_bzero(p, n);
#else
  volatile unsigned char* b = static_cast<volatile unsigned char*>(p);
  for (size_t i = 0; i < n; ++i) b[i] = 0;
#endif
}

}  // namespace internal
BRAID_NAMESPACE_END

#endif  // BRAID_WIPE_H_
