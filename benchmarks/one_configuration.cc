// One AES configuration alone in an object file, for the size report: the
// object's code is that configuration's, and tools/speed sums the sizes of
// its symbols. The size_<configuration> targets (benchmarks.bzl) build it
// with BRAID_TAG (an isa:: tag), BRAID_WAYS and one BRAID_MODE_<MODE>.
#include <cstddef>
#include <cstdint>

#include "absl/types/span.h"
#include "braid/aes_key.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/simd/isa.h"

namespace braid::bench {

using Tag = isa::BRAID_TAG;
inline constexpr size_t kWays = BRAID_WAYS;

// `key` is the mode's key object: AesKey, AesXtsKey, AesOcb, AesGcmSiv or
// AesGcm.
extern "C" void braid_one_configuration(const void* key, const uint8_t* iv,
                                        const uint8_t* in, uint8_t* out,
                                        size_t n) {
  const auto src = absl::MakeConstSpan(in, n);
  const auto dst = absl::MakeSpan(out, n + 16);
  const auto iv16 = absl::MakeConstSpan(iv, 16);
  [[maybe_unused]] const auto& aes = *static_cast<const AesKey*>(key);
  [[maybe_unused]] const auto& xts = *static_cast<const AesXtsKey*>(key);
  [[maybe_unused]] const auto& ocb =
      *static_cast<const AesOcb<Tag, kWays>*>(key);
  [[maybe_unused]] const auto& siv =
      *static_cast<const AesGcmSiv<Tag, kWays>*>(key);
  [[maybe_unused]] const auto& gcm =
      *static_cast<const AesGcm<Tag, kWays>*>(key);
#if defined(BRAID_MODE_ECB_ENC)
  (void)AesEcbEncrypt<Tag, kWays>(aes, src, dst);
#elif defined(BRAID_MODE_ECB_DEC)
  (void)AesEcbDecrypt<Tag, kWays>(aes, src, dst);
#elif defined(BRAID_MODE_CBC_ENC)
  (void)AesCbcEncrypt<Tag, kWays>(aes, iv16, src, dst);
#elif defined(BRAID_MODE_CBC_DEC)
  (void)AesCbcDecrypt<Tag, kWays>(aes, iv16, src, dst);
#elif defined(BRAID_MODE_CFB_ENC)
  (void)AesCfbEncrypt<Tag, kWays>(aes, iv16, src, dst);
#elif defined(BRAID_MODE_CFB_DEC)
  (void)AesCfbDecrypt<Tag, kWays>(aes, iv16, src, dst);
#elif defined(BRAID_MODE_CTR)
  (void)AesCtrCrypt<Tag, kWays>(aes, iv16, src, dst);
#elif defined(BRAID_MODE_CTR32LE)
  (void)AesCtr32LeCrypt<Tag, kWays>(aes, iv16, src, dst);
#elif defined(BRAID_MODE_XTS_ENC)
  (void)AesXtsEncrypt<Tag, kWays>(xts, iv16, src, dst);
#elif defined(BRAID_MODE_XTS_DEC)
  (void)AesXtsDecrypt<Tag, kWays>(xts, iv16, src, dst);
#elif defined(BRAID_MODE_OCB_ENC)
  (void)ocb.Seal(iv16.first(12), {}, src, dst);
#elif defined(BRAID_MODE_OCB_DEC)
  (void)ocb.Open(iv16.first(12), {}, src, dst);
#elif defined(BRAID_MODE_GCM_SIV_ENC)
  (void)siv.Seal(iv16.first(12), {}, src, dst);
#elif defined(BRAID_MODE_GCM_SIV_DEC)
  (void)siv.Open(iv16.first(12), {}, src, dst);
#elif defined(BRAID_MODE_GCM_ENC)
  (void)gcm.Seal(iv16.first(12), iv16.first(13), src, dst);
#elif defined(BRAID_MODE_GCM_DEC)
  (void)gcm.Open(iv16.first(12), iv16.first(13), src, dst);
#else
#error "define one BRAID_MODE_<MODE>"
#endif
}

}  // namespace braid::bench
