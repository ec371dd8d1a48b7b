// How braid's AEADs report a message that fails authentication: a status
// code of its own (absl::StatusCode::kDataLoss: the message is not what was
// sealed), which no argument error uses, so that a caller can tell a forgery
// or a corrupted message from a bug without reading the message text.
#ifndef BRAID_STATUS_H_
#define BRAID_STATUS_H_

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "braid/namespace.h"
#include "braid/simd/inline.h"

BRAID_NAMESPACE_BEGIN

inline constexpr absl::StatusCode kAuthenticationFailureCode =
    absl::StatusCode::kDataLoss;

// Whether `status` says that a tag did not verify.
inline bool IsAuthenticationFailure(const absl::Status& status) {
  return status.code() == kAuthenticationFailureCode;
}

namespace internal {

BRAID_COLD absl::Status AuthenticationFailure(absl::string_view what) {
  return absl::Status(
      kAuthenticationFailureCode,
      absl::StrCat(what, ": authentication failed (tag mismatch)"));
}

}  // namespace internal
BRAID_NAMESPACE_END

#endif  // BRAID_STATUS_H_
