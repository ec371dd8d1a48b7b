// What a consumer writes: braid's public headers under the braid/ prefix,
// a key object from bytes, one call per message.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "braid/modes/ecb.h"
#include "braid/simd/isa.h"

int main() {
  std::printf("braid: native ISA tag %s\n",
              std::string(braid::isa::kName<braid::isa::Native>).c_str());
  const std::vector<uint8_t> key_bytes(32, 0x2a);
  absl::StatusOr<braid::AesKey> key = braid::AesKey::Create(key_bytes);
  if (!key.ok()) return 1;

  std::vector<uint8_t> message(4096);
  for (size_t i = 0; i < message.size(); ++i) message[i] = i * 7;
  std::vector<uint8_t> sealed(message.size()), opened(message.size());
  if (!braid::AesEcbEncrypt(*key, message, absl::MakeSpan(sealed)).ok() ||
      sealed == message) {
    return 1;
  }
  if (!braid::AesEcbDecrypt(*key, sealed, absl::MakeSpan(opened)).ok()) {
    return 1;
  }
  if (opened != message) return 1;

  // The explicit form: a named tag and number of blocks in flight.
  if (!braid::AesEcbEncrypt<braid::isa::Scalar, 2>(*key, message,
                                                   absl::MakeSpan(opened))
           .ok() ||
      opened != sealed) {
    return 1;
  }
  std::printf("round trip ok\n");
  return 0;
}
