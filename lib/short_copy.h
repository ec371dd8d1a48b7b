// Copies of fewer than 16 bytes (a message's tail) without a call into the
// C library, which a memcpy of variable length becomes: at most four moves
// of 8, 4, 2 and 1 bytes, chosen by the length's bits. The length must be
// public: it picks the moves.
#ifndef BRAID_SHORT_COPY_H_
#define BRAID_SHORT_COPY_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "braid/namespace.h"

BRAID_NAMESPACE_BEGIN
namespace internal {

inline void CopyShort(uint8_t* to, const uint8_t* from, size_t n) {
  size_t i = 0;
  auto move = [&](auto width) {
    if (n & width()) {
      std::memcpy(to + i, from + i, width());
      i += width();
    }
  };
  move(std::integral_constant<size_t, 8>{});
  move(std::integral_constant<size_t, 4>{});
  move(std::integral_constant<size_t, 2>{});
  move(std::integral_constant<size_t, 1>{});
}

}  // namespace internal
BRAID_NAMESPACE_END

#endif  // BRAID_SHORT_COPY_H_
