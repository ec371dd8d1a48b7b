// What ct_check runs under valgrind (its banner says how), shared by its two
// translation units: ct_check.cc, and ct_check_wide.cc, which compiles
// RunModes<4> beside it (GCC takes most of a minute over each half).
#ifndef BRAID_TESTS_CONSTANT_TIME_CT_CHECK_RUNS_H_
#define BRAID_TESTS_CONSTANT_TIME_CT_CHECK_RUNS_H_

#include <valgrind/memcheck.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "braid/aes_key.h"
#include "braid/chacha20.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/chacha20_poly1305.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/poly1305.h"

namespace braid_ct {

// The tag checked: Scalar on the host; on aarch64 (tools/test runs an
// aarch64 valgrind under qemu) Neon, whose AES engine reads its S-box with
// secret indices (from registers) and which the host cannot run. NeonAes and
// Sve2Aes are AES and PMULL instructions around the same mode templates: not
// checked, for the run's time.
#if defined(__aarch64__)
using Tag = braid::isa::Neon;
#else
using Tag = braid::isa::Scalar;
#endif
using Bytes = std::vector<uint8_t>;

inline void Secret(const void* p, size_t n) {
  VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}
inline void Public(const void* p, size_t n) { VALGRIND_MAKE_MEM_DEFINED(p, n); }

inline Bytes Pattern(size_t n, uint8_t seed) {
  Bytes b(n);
  for (size_t i = 0; i < n; ++i) b[i] = static_cast<uint8_t>(i * 31 + seed);
  return b;
}

inline int failures = 0;
inline void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "ct_check: %s failed\n", what);
    ++failures;
  }
}

// Opens `sealed` (len bytes of ciphertext, then a 16-byte tag) with the
// key still secret: once as it is, which must verify, and once with one bit
// of its tag flipped, which must fail and leave the output zeroed. The
// ciphertext and tag are public (they travel), the plaintext is secret.
template <class Aead>
void OpenBothWays(const Aead& aead, absl::Span<const uint8_t> nonce,
                  absl::Span<const uint8_t> aad, Bytes& sealed, size_t len,
                  const std::string& what) {
  Public(sealed.data(), sealed.size());
  Bytes plain(len + 1, 0xa5);
  const auto sealed_span = absl::MakeConstSpan(sealed).first(len + 16);
  Check(
      aead.Open(nonce, aad, sealed_span, absl::MakeSpan(plain).first(len)).ok(),
      (what + " open, tag verifies").c_str());
  sealed[len] ^= 0x01;
  const bool refused =
      !aead.Open(nonce, aad, sealed_span, absl::MakeSpan(plain).first(len))
           .ok();
  sealed[len] ^= 0x01;
  Check(refused, (what + " open, tag does not verify").c_str());
  // Whether the output was wiped is public once the call has returned.
  Public(plain.data(), plain.size());
  bool zeroed = plain[len] == 0xa5;
  for (size_t i = 0; i < len; ++i) zeroed = zeroed && plain[i] == 0;
  Check(zeroed, (what + " open, failed tag leaves zeros").c_str());
}

template <size_t kWays>
void RunModes(size_t key_bytes, size_t len) {
  const Bytes key_bytes_v = Pattern(key_bytes, 3);
  const Bytes iv = Pattern(16, 9);
  Bytes pt = Pattern(len, 17), out(len + 16);

  // The key schedule on a secret key.
  Secret(key_bytes_v.data(), key_bytes_v.size());
  auto key = braid::AesKey::Create(key_bytes_v);
  Check(key.ok(), "AesKey::Create");
  Secret(pt.data(), pt.size());
  const auto in = absl::MakeConstSpan(pt);
  const auto o = absl::MakeSpan(out).first(len);
  const size_t whole = len - len % 16;

  Check(braid::AesEcbEncrypt<Tag, kWays>(*key, in.first(whole), o.first(whole))
            .ok(),
        "ECB enc");
  Check(braid::AesEcbDecrypt<Tag, kWays>(*key, in.first(whole), o.first(whole))
            .ok(),
        "ECB dec");
  Check(braid::AesCbcEncrypt<Tag, kWays>(*key, iv, in.first(whole),
                                         o.first(whole))
            .ok(),
        "CBC enc");
  Check(braid::AesCbcDecrypt<Tag, kWays>(*key, iv, in.first(whole),
                                         o.first(whole))
            .ok(),
        "CBC dec");
  Check(braid::AesCfbEncrypt<Tag, kWays>(*key, iv, in, o).ok(), "CFB enc");
  Check(braid::AesCfbDecrypt<Tag, kWays>(*key, iv, in, o).ok(), "CFB dec");
  Check(braid::AesCtrCrypt<Tag, kWays>(*key, iv, in, o).ok(), "CTR");
  Check(braid::AesCtr32LeCrypt<Tag, kWays>(*key, iv, in, o).ok(), "CTR32LE");

  if (key_bytes != 24 && len >= 16) {
    Bytes xts_bytes = Pattern(2 * key_bytes, 5);
    Secret(xts_bytes.data(), xts_bytes.size());
    auto xts = braid::AesXtsKey::Create(xts_bytes);
    Check(xts.ok(), "AesXtsKey::Create");
    Public(xts_bytes.data(), xts_bytes.size());
    Check(braid::AesXtsEncrypt<Tag, kWays>(*xts, iv, in, o).ok(), "XTS enc");
    Check(braid::AesXtsDecrypt<Tag, kWays>(*xts, iv, in, o).ok(), "XTS dec");
  }

  const auto nonce = absl::MakeConstSpan(iv).first(12);
  Bytes aad = Pattern(len % 40, 1);
  auto ocb = braid::AesOcb<Tag, kWays>::Create(key_bytes_v);
  Check(ocb.ok(), "AesOcb::Create");
  Check(ocb->Seal(nonce, aad, in, absl::MakeSpan(out)).ok(), "OCB seal");
  OpenBothWays(*ocb, nonce, aad, out, len, "OCB");
  if (key_bytes != 24) {
    auto siv = braid::AesGcmSiv<Tag, kWays>::Create(key_bytes_v);
    Check(siv.ok(), "AesGcmSiv::Create");
    Check(siv->Seal(nonce, aad, in, absl::MakeSpan(out)).ok(), "GCM-SIV seal");
    OpenBothWays(*siv, nonce, aad, out, len, "GCM-SIV");
  }
  // GCM with the 12-byte nonce and with a 16-byte one, which goes through
  // GHASH.
  auto gcm = braid::AesGcm<Tag, kWays>::Create(key_bytes_v);
  Check(gcm.ok(), "AesGcm::Create");
  for (const size_t nonce_bytes : {12, 16}) {
    const auto n = absl::MakeConstSpan(iv).first(nonce_bytes);
    Check(gcm->Seal(n, aad, in, absl::MakeSpan(out)).ok(), "GCM seal");
    OpenBothWays(*gcm, n, aad, out, len, "GCM");
  }
  Public(out.data(), out.size());
  Public(pt.data(), pt.size());
  Public(key_bytes_v.data(), key_bytes_v.size());
}

inline void RunChaCha20(size_t len) {
  const Bytes key = Pattern(32, 7), nonce = Pattern(12, 2);
  Bytes pt = Pattern(len, 11), out(len);
  Secret(key.data(), key.size());
  Secret(pt.data(), pt.size());
  Check(braid::ChaCha20Crypt<Tag>(key, nonce, 1, pt, absl::MakeSpan(out)).ok(),
        "ChaCha20");
  Public(out.data(), out.size());
  Public(pt.data(), pt.size());
  Public(key.data(), key.size());
}

// The AEADs' key and plaintext secret, the Poly1305 one-time key and
// message too; the tags are public once computed.
inline void RunChaCha20Poly1305(size_t len) {
  const Bytes key = Pattern(32, 7), nonce = Pattern(24, 2),
              aad = Pattern(13, 4);
  Bytes pt = Pattern(len, 11), out(len + 16);
  Secret(key.data(), key.size());
  Secret(pt.data(), pt.size());
  auto ietf = braid::ChaCha20Poly1305<Tag>::Create(key);
  Check(ietf.ok(), "ChaCha20Poly1305::Create");
  const auto n12 = absl::MakeConstSpan(nonce).first(12);
  Check(ietf->Seal(n12, aad, pt, absl::MakeSpan(out)).ok(),
        "ChaCha20-Poly1305 seal");
  OpenBothWays(*ietf, n12, aad, out, len, "ChaCha20-Poly1305");
  auto extended = braid::XChaCha20Poly1305<Tag>::Create(key);
  Check(extended.ok(), "XChaCha20Poly1305::Create");
  Check(extended->Seal(nonce, aad, pt, absl::MakeSpan(out)).ok(),
        "XChaCha20-Poly1305 seal");
  OpenBothWays(*extended, nonce, aad, out, len, "XChaCha20-Poly1305");
  Bytes tag(16);
  Check(braid::Poly1305::Mac(key, pt, absl::MakeSpan(tag)).ok(), "Poly1305");
  Public(tag.data(), tag.size());
  Check(tag != Bytes(16, 0), "Poly1305 tag computed");
  Public(out.data(), out.size());
  Public(pt.data(), pt.size());
  Public(key.data(), key.size());
}

extern template void RunModes<4>(size_t key_bytes, size_t len);

}  // namespace braid_ct

#endif  // BRAID_TESTS_CONSTANT_TIME_CT_CHECK_RUNS_H_
