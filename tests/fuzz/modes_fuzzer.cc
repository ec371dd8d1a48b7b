// libFuzzer target for every mode with the Scalar tag, built with ASan and
// UBSan (bazel build --config=fuzz). The first byte picks the mode; the rest
// gives keys, IVs, nonces, lengths and the message. Each mode checks its
// round trip, kWays 1 against 4, calls split at a fuzzed point against one
// call, and a relation to another mode (CBC, CFB, CTR and XTS against ECB;
// ChaCha20's two nonce sizes against each other). Bad sizes must get an
// error, and a tampered AEAD message an error and a zeroed output.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

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
#include "braid/status.h"
#include "tests/fuzz/fuzz_check.h"

namespace braid {
namespace {

using Tag = isa::Scalar;
using Bytes = std::vector<uint8_t>;

Bytes Take(FuzzedDataProvider& in, size_t n) {
  Bytes b = in.ConsumeBytes<uint8_t>(n);
  b.resize(n);  // short input: zeros
  return b;
}

// A key length that is valid most of the time and anything up to 40 else.
size_t KeyBytes(FuzzedDataProvider& in, std::initializer_list<size_t> valid) {
  const uint8_t pick = in.ConsumeIntegral<uint8_t>();
  if (pick < 240) return valid.begin()[pick % valid.size()];
  return pick % 41;
}

bool Contains(std::initializer_list<size_t> set, size_t v) {
  for (size_t s : set) {
    if (s == v) return true;
  }
  return false;
}

Bytes EcbEncryptBlocks(const AesKey& key, const Bytes& in) {
  Bytes out(in.size());
  BRAID_CHECK((AesEcbEncrypt<Tag, 1>(key, in, absl::MakeSpan(out))).ok());
  return out;
}

void Xor(uint8_t* to, const uint8_t* from, size_t n) {
  for (size_t i = 0; i < n; ++i) to[i] ^= from[i];
}

// Runs crypt(in, out) as two calls, the first of `cut` bytes (at most all).
template <class Crypt>
void InTwoCalls(const Bytes& in, Bytes& out, size_t cut, Crypt&& crypt) {
  const size_t first = std::min(cut, in.size());
  BRAID_CHECK(crypt(absl::MakeConstSpan(in).first(first),
                    absl::MakeSpan(out).first(first))
                  .ok());
  BRAID_CHECK(crypt(absl::MakeConstSpan(in).subspan(first),
                    absl::MakeSpan(out).subspan(first))
                  .ok());
}

void FuzzEcb(FuzzedDataProvider& in) {
  const size_t key_bytes = KeyBytes(in, {16, 24, 32});
  const Bytes key = Take(in, key_bytes);
  auto aes = AesKey::Create(key);
  BRAID_CHECK(aes.ok() == Contains({16, 24, 32}, key_bytes));
  if (!aes.ok()) return;
  const Bytes msg = in.ConsumeRemainingBytes<uint8_t>();
  Bytes c4(msg.size()), c1(msg.size()), back(msg.size());
  const absl::Status s = AesEcbEncrypt<Tag, 4>(*aes, msg, absl::MakeSpan(c4));
  BRAID_CHECK(s.ok() == (msg.size() % 16 == 0));
  if (!s.ok()) return;
  BRAID_CHECK((AesEcbEncrypt<Tag, 1>(*aes, msg, absl::MakeSpan(c1))).ok());
  BRAID_CHECK(c1 == c4);
  BRAID_CHECK((AesEcbDecrypt<Tag, 4>(*aes, c4, absl::MakeSpan(back))).ok());
  BRAID_CHECK(back == msg);
}

void FuzzCbc(FuzzedDataProvider& in) {
  auto aes = AesKey::Create(Take(in, KeyBytes(in, {16, 24, 32})));
  if (!aes.ok()) return;
  const Bytes iv = Take(in, 16);
  const size_t cut = 16 * in.ConsumeIntegralInRange<size_t>(0, 64);
  Bytes msg = in.ConsumeRemainingBytes<uint8_t>();
  msg.resize(msg.size() - msg.size() % 16);
  Bytes c(msg.size()), c1(msg.size()), back(msg.size());
  BRAID_CHECK((AesCbcEncrypt<Tag, 4>(*aes, iv, msg, absl::MakeSpan(c))).ok());
  BRAID_CHECK((AesCbcEncrypt<Tag, 1>(*aes, iv, msg, absl::MakeSpan(c1))).ok());
  BRAID_CHECK(c == c1);
  // Block i is ECB(P_i ^ C_{i-1}), C_{-1} the IV.
  Bytes chained = msg;
  for (size_t at = 0; at < msg.size(); at += 16) {
    Xor(&chained[at], at == 0 ? iv.data() : &c[at - 16], 16);
  }
  BRAID_CHECK(EcbEncryptBlocks(*aes, chained) == c);
  // Decrypt in two calls.
  auto dec = AesCbc<Tag, 4>::Create(*aes, iv);
  BRAID_CHECK(dec.ok());
  InTwoCalls(c, back, cut, [&](auto i, auto o) { return dec->Decrypt(i, o); });
  BRAID_CHECK(back == msg);
}

void FuzzCfb(FuzzedDataProvider& in) {
  auto aes = AesKey::Create(Take(in, KeyBytes(in, {16, 24, 32})));
  if (!aes.ok()) return;
  const Bytes iv = Take(in, 16);
  const size_t cut = in.ConsumeIntegralInRange<size_t>(0, 1024);
  const Bytes msg = in.ConsumeRemainingBytes<uint8_t>();
  Bytes c(msg.size()), c1(msg.size()), back(msg.size());
  BRAID_CHECK((AesCfbEncrypt<Tag, 4>(*aes, iv, msg, absl::MakeSpan(c))).ok());
  BRAID_CHECK((AesCfbEncrypt<Tag, 1>(*aes, iv, msg, absl::MakeSpan(c1))).ok());
  BRAID_CHECK(c == c1);
  // The first block is ECB(IV) ^ P_0.
  Bytes head = EcbEncryptBlocks(*aes, iv);
  const size_t n = std::min<size_t>(16, msg.size());
  Xor(head.data(), msg.data(), n);
  BRAID_CHECK(std::equal(c.begin(), c.begin() + n, head.begin()));
  auto dec = AesCfb<Tag, 4>::Create(*aes, iv);
  BRAID_CHECK(dec.ok());
  InTwoCalls(c, back, cut, [&](auto i, auto o) { return dec->Decrypt(i, o); });
  BRAID_CHECK(back == msg);
}

// CTR and CTR32LE: the keystream is ECB over the counter blocks, which the
// fuzzer builds itself (big-endian 128-bit or little-endian 32-bit).
template <bool kLittleEndian32>
void FuzzCounter(FuzzedDataProvider& in) {
  auto aes = AesKey::Create(Take(in, KeyBytes(in, {16, 24, 32})));
  if (!aes.ok()) return;
  Bytes iv = Take(in, 16);
  if (in.ConsumeBool()) {  // near a carry or the wrap
    std::memset(kLittleEndian32 ? iv.data() : iv.data() + 8, 0xff,
                kLittleEndian32 ? 3 : 7);
  }
  const size_t cut = in.ConsumeIntegralInRange<size_t>(0, 1024);
  const Bytes msg = in.ConsumeRemainingBytes<uint8_t>();
  using Stream4 =
      std::conditional_t<kLittleEndian32, AesCtr32Le<Tag, 4>, AesCtr<Tag, 4>>;
  using Stream1 =
      std::conditional_t<kLittleEndian32, AesCtr32Le<Tag, 1>, AesCtr<Tag, 1>>;
  Bytes c(msg.size()), c1(msg.size()), back(msg.size());
  auto s4 = Stream4::Create(*aes, iv);
  auto s1 = Stream1::Create(*aes, iv);
  BRAID_CHECK(s4.ok() && s1.ok());
  InTwoCalls(msg, c, cut, [&](auto i, auto o) { return s4->Crypt(i, o); });
  BRAID_CHECK(s1->Crypt(msg, absl::MakeSpan(c1)).ok());
  BRAID_CHECK(c == c1);
  Bytes counters((msg.size() + 15) / 16 * 16);
  Bytes block = iv;
  for (size_t at = 0; at < counters.size(); at += 16) {
    std::memcpy(&counters[at], block.data(), 16);
    if (kLittleEndian32) {
      for (int i = 0; i < 4 && ++block[i] == 0; ++i) {
      }
    } else {
      for (int i = 15; i >= 0 && ++block[i] == 0; --i) {
      }
    }
  }
  Bytes keystream = EcbEncryptBlocks(*aes, counters);
  Xor(keystream.data(), msg.data(), msg.size());
  keystream.resize(msg.size());
  BRAID_CHECK(keystream == c);
  auto again = Stream4::Create(*aes, iv);
  BRAID_CHECK(again.ok() && again->Crypt(c, absl::MakeSpan(back)).ok());
  BRAID_CHECK(back == msg);
}

// Multiplies a little-endian GF(2^128) element by x (XTS's tweak step).
void TimesX(uint8_t t[16]) {
  const uint8_t carry = t[15] >> 7;
  for (int i = 15; i > 0; --i) {
    t[i] = static_cast<uint8_t>(t[i] << 1 | t[i - 1] >> 7);
  }
  t[0] = static_cast<uint8_t>(t[0] << 1 ^ (carry * 0x87));
}

void FuzzXts(FuzzedDataProvider& in) {
  const size_t key_bytes = KeyBytes(in, {32, 64});
  Bytes key = Take(in, key_bytes);
  if (in.ConsumeIntegral<uint8_t>() < 8 && key_bytes > 0 &&
      key_bytes % 2 == 0) {
    std::memcpy(key.data() + key_bytes / 2, key.data(), key_bytes / 2);
  }
  auto xts = AesXtsKey::Create(key);
  const bool valid_key =
      Contains({32, 64}, key_bytes) &&
      std::memcmp(key.data(), key.data() + key_bytes / 2, key_bytes / 2) != 0;
  BRAID_CHECK(xts.ok() == valid_key);
  if (!xts.ok()) return;
  const uint64_t sector = in.ConsumeIntegral<uint64_t>();
  const Bytes msg = in.ConsumeRemainingBytes<uint8_t>();
  Bytes c(msg.size()), c1(msg.size()), back(msg.size());
  const absl::Status s =
      AesXtsEncryptSector<Tag, 4>(*xts, sector, msg, absl::MakeSpan(c));
  BRAID_CHECK(s.ok() == (msg.size() >= 16));
  if (!s.ok()) return;
  uint8_t tweak[16] = {};
  for (int i = 0; i < 8; ++i)
    tweak[i] = static_cast<uint8_t>(sector >> (8 * i));
  BRAID_CHECK((AesXtsEncrypt<Tag, 1>(*xts, absl::MakeConstSpan(tweak, 16), msg,
                                     absl::MakeSpan(c1)))
                  .ok());
  BRAID_CHECK(c == c1);
  // The blocks before the last two: ECB1(P_j ^ T_j) ^ T_j, T_0 = ECB2(tweak).
  Bytes t = EcbEncryptBlocks(xts->tweak_key(), Bytes(tweak, tweak + 16));
  const size_t plain_blocks = msg.size() / 16 >= 2 ? msg.size() / 16 - 2 : 0;
  for (size_t j = 0; j < plain_blocks; ++j, TimesX(t.data())) {
    Bytes x(msg.begin() + 16 * j, msg.begin() + 16 * j + 16);
    Xor(x.data(), t.data(), 16);
    x = EcbEncryptBlocks(xts->data_key(), x);
    Xor(x.data(), t.data(), 16);
    BRAID_CHECK(std::memcmp(x.data(), &c[16 * j], 16) == 0);
  }
  BRAID_CHECK(
      (AesXtsDecryptSector<Tag, 4>(*xts, sector, c, absl::MakeSpan(back)))
          .ok());
  BRAID_CHECK(back == msg);
}

// The AEADs: seal, open, two configurations against each other, and a
// flipped byte.
template <class Aead4, class Aead1>
void CheckAead(FuzzedDataProvider& in, const Aead4& aead4, const Aead1& aead1,
               size_t tag_bytes, const Bytes& nonce, bool nonce_ok) {
  const Bytes aad = in.ConsumeBytes<uint8_t>(in.ConsumeIntegral<uint8_t>());
  const size_t flip = in.ConsumeIntegral<uint16_t>();
  const Bytes msg = in.ConsumeRemainingBytes<uint8_t>();
  Bytes sealed(msg.size() + tag_bytes), sealed1(msg.size() + tag_bytes);
  const absl::Status s = aead4.Seal(nonce, aad, msg, absl::MakeSpan(sealed));
  BRAID_CHECK(s.ok() == nonce_ok);
  if (!s.ok()) return;
  BRAID_CHECK(aead1.Seal(nonce, aad, msg, absl::MakeSpan(sealed1)).ok());
  BRAID_CHECK(sealed == sealed1);
  Bytes back(msg.size());
  BRAID_CHECK(aead4.Open(nonce, aad, sealed, absl::MakeSpan(back)).ok());
  BRAID_CHECK(back == msg);
  sealed[flip % sealed.size()] ^= 1;
  BRAID_CHECK(IsAuthenticationFailure(
      aead1.Open(nonce, aad, sealed, absl::MakeSpan(back))));
  BRAID_CHECK(back == Bytes(msg.size(), 0));
}

void FuzzOcb(FuzzedDataProvider& in) {
  const Bytes key = Take(in, KeyBytes(in, {16, 24, 32}));
  const size_t tag_bytes = in.ConsumeIntegralInRange<size_t>(6, 17);
  auto ocb4 = AesOcb<Tag, 4>::Create(key, tag_bytes);
  auto ocb1 = AesOcb<Tag, 1>::Create(key, tag_bytes);
  BRAID_CHECK(ocb4.ok() == (Contains({16, 24, 32}, key.size()) &&
                            tag_bytes >= 8 && tag_bytes <= 16));
  if (!ocb4.ok()) return;
  BRAID_CHECK(ocb1.ok());
  const Bytes nonce = Take(in, in.ConsumeIntegralInRange<size_t>(0, 16));
  CheckAead(in, *ocb4, *ocb1, tag_bytes, nonce,
            nonce.size() >= 1 && nonce.size() <= 15);
}

void FuzzGcmSiv(FuzzedDataProvider& in) {
  const Bytes key = Take(in, KeyBytes(in, {16, 32}));
  auto siv4 = AesGcmSiv<Tag, 4>::Create(key);
  auto siv1 = AesGcmSiv<Tag, 1>::Create(key);
  BRAID_CHECK(siv4.ok() == Contains({16, 32}, key.size()));
  if (!siv4.ok()) return;
  BRAID_CHECK(siv1.ok());
  const Bytes nonce =
      Take(in, in.ConsumeBool() ? 12 : in.ConsumeIntegral<uint8_t>() % 20);
  CheckAead(in, *siv4, *siv1, 16, nonce, nonce.size() == 12);
}

void FuzzGcm(FuzzedDataProvider& in) {
  const Bytes key = Take(in, KeyBytes(in, {16, 24, 32}));
  auto gcm4 = AesGcm<Tag, 4>::Create(key);
  auto gcm1 = AesGcm<Tag, 1>::Create(key);
  BRAID_CHECK(gcm4.ok() == Contains({16, 24, 32}, key.size()));
  if (!gcm4.ok()) return;
  BRAID_CHECK(gcm1.ok());
  const Bytes nonce =
      Take(in, in.ConsumeBool() ? 12 : in.ConsumeIntegral<uint8_t>() % 70);
  CheckAead(in, *gcm4, *gcm1, 16, nonce, !nonce.empty());
}

// ChaCha20-Poly1305 and XChaCha20-Poly1305: three scalar blocks a batch
// against one; Poly1305 fed in two pieces against one call.
void FuzzChaCha20Poly1305(FuzzedDataProvider& in) {
  const Bytes key = Take(in, 32);
  const bool extended = in.ConsumeBool();
  const Bytes nonce =
      Take(in, in.ConsumeBool() ? (extended ? 24 : 12)
                                : in.ConsumeIntegral<uint8_t>() % 30);
  const bool nonce_ok = nonce.size() == (extended ? 24u : 12u);
  if (in.ConsumeBool()) {
    const size_t cut = in.ConsumeIntegral<uint16_t>();
    const Bytes msg = in.ConsumeRemainingBytes<uint8_t>();
    Bytes whole(16), pieces(16);
    BRAID_CHECK(Poly1305::Mac(key, msg, absl::MakeSpan(whole)).ok());
    auto mac = Poly1305::Create(key);
    BRAID_CHECK(mac.ok());
    const size_t at = msg.empty() ? 0 : cut % (msg.size() + 1);
    BRAID_CHECK(mac->Update(absl::MakeConstSpan(msg).first(at)).ok());
    BRAID_CHECK(mac->Update(absl::MakeConstSpan(msg).subspan(at)).ok());
    BRAID_CHECK(mac->Finish(absl::MakeSpan(pieces)).ok());
    BRAID_CHECK(whole == pieces);
    return;
  }
  if (extended) {
    auto three = XChaCha20Poly1305<Tag, 0, 3>::Create(key);
    auto one = XChaCha20Poly1305<Tag, 0, 1>::Create(key);
    BRAID_CHECK(three.ok() && one.ok());
    CheckAead(in, *three, *one, 16, nonce, nonce_ok);
  } else {
    auto three = ChaCha20Poly1305<Tag, 0, 3>::Create(key);
    auto one = ChaCha20Poly1305<Tag, 0, 1>::Create(key);
    BRAID_CHECK(three.ok() && one.ok());
    CheckAead(in, *three, *one, 16, nonce, nonce_ok);
  }
}

void FuzzChaCha20(FuzzedDataProvider& in) {
  const Bytes key = Take(in, 32);
  const bool ietf = in.ConsumeBool();
  const Bytes nonce = Take(in, ietf ? 12 : 8);
  const uint32_t counter = in.ConsumeIntegral<uint32_t>() & 0x7fffffff;
  const size_t cut = in.ConsumeIntegralInRange<size_t>(0, 1024);
  const Bytes msg = in.ConsumeRemainingBytes<uint8_t>();
  auto a = ChaCha20<Tag, 0, 1>::Create(key, nonce, counter);
  BRAID_CHECK(a.ok());
  Bytes c(msg.size()), c4(msg.size()), back(msg.size());
  InTwoCalls(msg, c, cut, [&](auto i, auto o) { return a->Crypt(i, o); });
  BRAID_CHECK(
      (ChaCha20Crypt<Tag, 0, 4>(key, nonce, counter, msg, absl::MakeSpan(c4)))
          .ok());
  BRAID_CHECK(c == c4);
  // The 8-byte nonce N with a counter below 2^32 is the 12-byte nonce
  // 0^4 || N: state words 12..15 are the same.
  if (!ietf) {
    Bytes nonce12(4, 0);
    nonce12.insert(nonce12.end(), nonce.begin(), nonce.end());
    Bytes c12(msg.size());
    BRAID_CHECK((ChaCha20Crypt<Tag, 0, 1>(key, nonce12, counter, msg,
                                          absl::MakeSpan(c12)))
                    .ok());
    BRAID_CHECK(c12 == c);
  }
  BRAID_CHECK(
      (ChaCha20Crypt<Tag, 0, 1>(key, nonce, counter, c, absl::MakeSpan(back)))
          .ok());
  BRAID_CHECK(back == msg);
}

}  // namespace
}  // namespace braid

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegral<uint8_t>() % 11) {
    case 0:
      braid::FuzzEcb(in);
      break;
    case 1:
      braid::FuzzCbc(in);
      break;
    case 2:
      braid::FuzzCfb(in);
      break;
    case 3:
      braid::FuzzCounter<false>(in);
      break;
    case 4:
      braid::FuzzCounter<true>(in);
      break;
    case 5:
      braid::FuzzXts(in);
      break;
    case 6:
      braid::FuzzOcb(in);
      break;
    case 7:
      braid::FuzzGcmSiv(in);
      break;
    case 8:
      braid::FuzzChaCha20(in);
      break;
    case 9:
      braid::FuzzGcm(in);
      break;
    case 10:
      braid::FuzzChaCha20Poly1305(in);
      break;
  }
  return 0;
}
