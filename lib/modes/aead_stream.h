// An AEAD message sealed or opened in pieces, for messages too long to hold
// in memory: the rules every AEAD's Sealer and Opener keep. The mode's part
// (`Core`) encrypts or decrypts a piece and computes the tag; this class
// checks the arguments, the pieces' lengths and the order of the calls.
//
//   auto sealer = aead.BeginSeal(nonce, aad);  // absl::StatusOr<Sealer>
//   sealer->Update(piece, out);  // every piece but the last: kPieceBytes * k
//   sealer->Finish(tag);         // writes the tag
//
// An Opener writes plaintext before it has seen the tag: what its Update
// wrote may be used only once Finish(tag) returns OK; otherwise
// braid::IsAuthenticationFailure is true of the status and that plaintext
// must be discarded. After Finish, Update and Finish fail.
#ifndef BRAID_MODES_AEAD_STREAM_H_
#define BRAID_MODES_AEAD_STREAM_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/declassify.h"
#include "braid/modes/buffer_checks.h"
#include "braid/namespace.h"
#include "braid/status.h"
#include "braid/wipe.h"

BRAID_NAMESPACE_BEGIN
namespace modes_internal {

BRAID_COLD absl::Status FinishedError(absl::string_view what) {
  return absl::FailedPreconditionError(
      absl::StrCat(what, ": the message is finished"));
}

BRAID_COLD absl::Status PieceError(absl::string_view what, size_t granule) {
  return absl::InvalidArgumentError(absl::StrCat(
      what, ": only the last piece may be other than a multiple of ", granule,
      " bytes"));
}

BRAID_COLD absl::Status StreamTagError(absl::string_view what, size_t size,
                                       size_t min, size_t max) {
  return absl::InvalidArgumentError(absl::StrCat(
      what, ": tag must be ", min == max ? "" : absl::StrCat(min, " to "), max,
      " bytes (a null pointer is not), got ", size));
}

// What an AEAD tells the stream about itself.
struct StreamRules {
  absl::string_view what;   // "AES-GCM seal"
  size_t piece_bytes;       // pieces but the last are multiples of it
  uint64_t max_bytes;       // of the whole message
  absl::string_view limit;  // how LengthError names max_bytes
  size_t min_tag_bytes;     // Finish takes min_tag_bytes to max_tag_bytes
  size_t max_tag_bytes = 16;
};

// Core: Piece(in, out, n); End(uint8_t tag[16]) once, false if the core
// knows the message cannot verify whatever tag Finish is given; Wipe().
template <class Core, bool kEncrypt>
class AeadStream {
 public:
  AeadStream(Core core, const StreamRules& rules)
      : core_(std::move(core)), rules_(rules) {}
  AeadStream(AeadStream&&) = default;
  AeadStream& operator=(AeadStream&&) = default;
  ~AeadStream() { core_.Wipe(); }

  // out receives in.size() bytes; it may be in (in place).
  absl::Status Update(absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
    if (finished_) return FinishedError(rules_.what);
    if (partial_ && !in.empty()) {
      return PieceError(rules_.what, rules_.piece_bytes);
    }
    if (in.size() > rules_.max_bytes - bytes_) {
      return LengthError(rules_.what, "message", bytes_ + in.size(),
                         rules_.limit);
    }
    if (absl::Status s = CheckInOut(rules_.what, in, out); !s.ok()) return s;
    if (in.empty()) return absl::OkStatus();
    core_.Piece(in.data(), out.data(), in.size());
    bytes_ += in.size();
    partial_ = in.size() % rules_.piece_bytes != 0;
    return absl::OkStatus();
  }

  // Sealing: writes the tag's first tag.size() bytes.
  absl::Status Finish(absl::Span<uint8_t> tag) requires kEncrypt {
    if (absl::Status s = CheckFinish(tag.size(), tag.data()); !s.ok()) {
      return s;
    }
    alignas(16) uint8_t full[16];
    core_.End(full);
    internal::Declassify(full, sizeof(full));  // the tag is output
    std::memcpy(tag.data(), full, tag.size());
    internal::Wipe(full, sizeof(full));
    return absl::OkStatus();
  }

  // Opening: checks the tag (its first tag.size() bytes).
  absl::Status Finish(absl::Span<const uint8_t> tag) requires(!kEncrypt) {
    if (absl::Status s = CheckFinish(tag.size(), tag.data()); !s.ok()) {
      return s;
    }
    alignas(16) uint8_t full[16];
    const bool possible = core_.End(full);
    const bool match =
        ConstantTimeEqual(full, tag.data(), tag.size()) && possible;
    internal::Wipe(full, sizeof(full));
    if (!match) return internal::AuthenticationFailure(rules_.what);
    return absl::OkStatus();
  }

 private:
  absl::Status CheckFinish(size_t size, const void* tag) {
    if (finished_) return FinishedError(rules_.what);
    if (size < rules_.min_tag_bytes || size > rules_.max_tag_bytes ||
        tag == nullptr) {
      return StreamTagError(rules_.what, size, rules_.min_tag_bytes,
                            rules_.max_tag_bytes);
    }
    finished_ = true;
    return absl::OkStatus();
  }

  Core core_;
  StreamRules rules_;
  uint64_t bytes_ = 0;
  bool partial_ = false;
  bool finished_ = false;
};

}  // namespace modes_internal
BRAID_NAMESPACE_END

#endif  // BRAID_MODES_AEAD_STREAM_H_
