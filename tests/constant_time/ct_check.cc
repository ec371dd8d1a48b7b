// Constant-time check, run under valgrind memcheck (tools/test does): the
// key and the plaintext are marked undefined, so any branch or memory
// address that depends on them is reported as a use of an uninitialised
// value. Every mode runs with the Scalar tag (the host build's), at lengths
// that reach each mode's bulk loop and tail; ChaCha20 too.
//
// Out of scope by design: the branch on the *result* of a tag comparison
// (the comparison itself is ConstantTimeEqual) and XTS's refusal of equal
// key halves; both decide what is returned, which the caller sees anyway.
// So the AEAD keys are secret while sealing, and XTS keys are marked
// secret after they are made.
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
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"

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

// An AES key object's round keys (not its round count) made secret.
void SecretRoundKeys(const braid::AesKey& key) {
  const size_t n = 16 * (key.rounds() + 1);
  Secret(key.encryption_round_keys(), n);
  Secret(key.decryption_round_keys(), n);
}

int failures = 0;
void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "ct_check: %s failed\n", what);
    ++failures;
  }
}

template <size_t kWays>
void RunModes(size_t key_bytes, size_t len) {
  const Bytes key_bytes_v = Pattern(key_bytes, 3);
  const Bytes iv = Pattern(16, 9);
  Bytes pt = Pattern(len, 17), out(len + 16), back(len + 16);

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
    auto xts = braid::AesXtsKey::Create(xts_bytes);
    Check(xts.ok(), "AesXtsKey::Create");
    SecretRoundKeys(xts->data_key());
    SecretRoundKeys(xts->tweak_key());
    Check(braid::AesXtsEncrypt<Tag, kWays>(*xts, iv, in, o).ok(), "XTS enc");
    Check(braid::AesXtsDecrypt<Tag, kWays>(*xts, iv, in, o).ok(), "XTS dec");
  }

  const auto nonce = absl::MakeConstSpan(iv).first(12);
  Bytes aad = Pattern(len % 40, 1);
  auto ocb = braid::AesOcb<Tag, kWays>::Create(key_bytes_v);
  Check(ocb.ok(), "AesOcb::Create");
  Check(ocb->Encrypt(nonce, aad, in, absl::MakeSpan(out)).ok(), "OCB seal");
  if (key_bytes != 24) {
    auto siv = braid::AesGcmSiv<Tag, kWays>::Create(key_bytes_v);
    Check(siv.ok(), "AesGcmSiv::Create");
    Check(siv->Encrypt(nonce, aad, in, absl::MakeSpan(out)).ok(),
          "GCM-SIV seal");
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
  for (size_t key_bytes : {16, 24, 32}) {
    for (size_t len : {0, 1, 16, 33, 64, 100, 260}) {
      RunModes<1>(key_bytes, len);
      RunModes<4>(key_bytes, len);
    }
  }
  for (size_t len : {0, 1, 64, 65, 200, 600}) RunChaCha20(len);
  std::printf("ct_check: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
