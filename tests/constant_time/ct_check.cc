// Constant-time check, run under valgrind memcheck (tools/test does): the
// keys and the plaintext are marked undefined, so any branch or memory
// address that depends on them is reported as a use of an uninitialised
// value. Every mode runs with the Scalar tag (the host build's) at lengths
// that reach each mode's bulk loop and tail, ChaCha20 too; the AEADs seal,
// and open both a message whose tag verifies and one whose tag does not.
//
// Public by design, and so declassified inside the library (built here with
// BRAID_CONSTANT_TIME_VALIDATION, braid/declassify.h): whether two tags or
// two XTS key halves are equal (the caller is told), and GCM-SIV's tag, which
// is output and the start of its counter.
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

namespace {

using Tag = braid::isa::Scalar;
using Bytes = std::vector<uint8_t>;

void Secret(const void* p, size_t n) { VALGRIND_MAKE_MEM_UNDEFINED(p, n); }
void Public(const void* p, size_t n) { VALGRIND_MAKE_MEM_DEFINED(p, n); }

Bytes Pattern(size_t n, uint8_t seed) {
  Bytes b(n);
  for (size_t i = 0; i < n; ++i) b[i] = static_cast<uint8_t>(i * 31 + seed);
  return b;
}

int failures = 0;
void Check(bool ok, const char* what) {
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

  Check(
      braid::EcbEncrypt<Tag, kWays>(*key, in.first(whole), o.first(whole)).ok(),
      "ECB enc");
  Check(
      braid::EcbDecrypt<Tag, kWays>(*key, in.first(whole), o.first(whole)).ok(),
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

void RunChaCha20(size_t len) {
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
void RunChaCha20Poly1305(size_t len) {
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

}  // namespace

int main(int argc, char** argv) {
  if (!RUNNING_ON_VALGRIND) {
    std::fprintf(stderr, "ct_check: run me under valgrind (tools/test does)\n");
    return 2;
  }
  if (argc == 2 && std::string(argv[1]) == "--leak") {
    // The control: a branch on a secret byte, which memcheck must report.
    Bytes secret = Pattern(1, 1);
    Secret(secret.data(), 1);
    volatile int sink = 0;
    if (secret[0] == 1) sink = 1;
    return sink - 1;
  }
  // Every length from 0 to 80 (each tail of one to five blocks), then whole
  // batches and longer tails.
  std::vector<size_t> lengths;
  for (size_t len = 0; len <= 80; ++len) lengths.push_back(len);
  for (size_t len : {96, 100, 128, 255, 256, 260}) lengths.push_back(len);
  for (size_t key_bytes : {16, 24, 32}) {
    for (size_t len : lengths) {
      RunModes<1>(key_bytes, len);
      RunModes<4>(key_bytes, len);
    }
  }
  for (size_t len : {0, 1, 64, 65, 200, 600}) RunChaCha20(len);
  for (size_t len : {0, 1, 15, 16, 17, 64, 65, 200, 2100}) {
    RunChaCha20Poly1305(len);
  }
  std::printf("ct_check: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
