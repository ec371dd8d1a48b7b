// Must not compile when built for ARMv8-A + crypto: it names the SVE2-AES tag,
// which those flags do not enable. tools/test checks that the compiler says
// so in braid's words (isa::RequireEnabled), not only with intrinsic errors.
#include "braid/modes/ecb.h"

absl::Status EncryptWithSve2Aes(const braid::AesKey& key,
                                absl::Span<const uint8_t> in,
                                absl::Span<uint8_t> out) {
  return braid::AesEcbEncrypt<braid::isa::Sve2Aes, 4>(key, in, out);
}
