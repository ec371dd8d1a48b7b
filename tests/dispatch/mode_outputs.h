// Every mode's output over a fixed set of inputs, for one tag: the dispatch
// tests compare isa::Auto's with Scalar's, byte for byte. Key sizes, lengths
// around every block and batch edge, streams cut into pieces, in-place
// calls, counters about to carry, and opened AEAD messages (the ChaCha20
// ones too), intact and tampered (a failed open records its status and the
// zeroed output).
#ifndef BRAID_TESTS_DISPATCH_MODE_OUTPUTS_H_
#define BRAID_TESTS_DISPATCH_MODE_OUTPUTS_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
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

namespace braid::test {

struct ModeOutput {
  std::string what;
  std::vector<uint8_t> bytes;
};

inline const std::vector<size_t>& OutputLengths() {
  static const std::vector<size_t> lengths = {
      0,   1,   15,  16,  17,  31,  32,  33,  48,  63,   64,   65,  100,
      127, 128, 129, 191, 255, 256, 257, 300, 511, 1000, 1420, 4103};
  return lengths;
}

// Every AES mode at kWays 1: the dispatch tests take their Scalar reference
// one block at a time (the same bytes at any kWays, as the sweeps show, and
// a fraction of the default's compile time).
struct OneBlockWays {
  static constexpr size_t kEcb = 1, kCbc = 1, kCfb = 1, kCtr = 1, kXts = 1,
                          kOcb = 1, kGcm = 1;
};

// Ways: each AES mode's batch, in the form of DefaultAesWays (GCM-SIV takes
// CTR's).
template <class Isa, class Ways = DefaultAesWays<Isa>>
std::vector<ModeOutput> AllModeOutputs() {
  using Bytes = std::vector<uint8_t>;
  std::vector<ModeOutput> out;
  std::mt19937_64 rng(20261202);
  auto random = [&](size_t n) {
    Bytes b(n);
    for (auto& x : b) x = static_cast<uint8_t>(rng());
    return b;
  };
  auto status_byte = [](const absl::Status& s) {
    return static_cast<uint8_t>(s.code());
  };
  // Runs `op(in, out)` on a copy of `in`, into a fresh buffer and in place;
  // records both (they must agree, and agree across tags).
  auto both_ways = [&](const std::string& what, const Bytes& in, size_t out_len,
                       auto op) {
    Bytes fresh(out_len, 0xee);
    const absl::Status s1 = op(absl::MakeConstSpan(in), absl::MakeSpan(fresh));
    fresh.push_back(status_byte(s1));
    out.push_back({what, fresh});
    Bytes inplace = in;
    inplace.resize(std::max(in.size(), out_len));
    const absl::Status s2 = op(absl::MakeConstSpan(inplace.data(), in.size()),
                               absl::MakeSpan(inplace.data(), out_len));
    inplace.resize(out_len);
    inplace.push_back(status_byte(s2));
    out.push_back({what + " in place", inplace});
  };

  for (size_t key_bytes : {16, 24, 32}) {
    const Bytes key_bytes_v = random(key_bytes);
    auto key = AesKey::CreateWith(Isa{}, key_bytes_v);
    out.push_back(
        {absl::StrCat("AES-", key_bytes * 8, " schedule"),
         Bytes(key->encryption_round_keys(),
               key->encryption_round_keys() + 16 * (key->rounds() + 1))});
    out.back().bytes.insert(
        out.back().bytes.end(), key->decryption_round_keys(),
        key->decryption_round_keys() + 16 * (key->rounds() + 1));
    for (size_t len : OutputLengths()) {
      const std::string tag =
          absl::StrCat("AES-", key_bytes * 8, " ", len, " B ");
      const Bytes data = random(len);
      Bytes iv = random(16);
      if (len % 16 == 0) {
        both_ways(tag + "ECB enc", data, len, [&](auto in, auto o) {
          return AesEcbEncrypt<Isa, Ways::kEcb>(*key, in, o);
        });
        both_ways(tag + "ECB dec", data, len, [&](auto in, auto o) {
          return AesEcbDecrypt<Isa, Ways::kEcb>(*key, in, o);
        });
        both_ways(tag + "CBC enc", data, len, [&](auto in, auto o) {
          return AesCbcEncrypt<Isa, Ways::kCbc>(*key, iv, in, o);
        });
        both_ways(tag + "CBC dec", data, len, [&](auto in, auto o) {
          return AesCbcDecrypt<Isa, Ways::kCbc>(*key, iv, in, o);
        });
        // A stream of CBC calls, cut at block boundaries.
        both_ways(tag + "CBC dec stream", data, len, [&](auto in, auto o) {
          auto cbc = AesCbc<Isa, Ways::kCbc>::Create(*key, iv);
          for (size_t at = 0; at < in.size();) {
            const size_t n =
                std::min<size_t>(in.size() - at, 16 * (1 + at % 5));
            if (auto s = cbc->Decrypt(in.subspan(at, n), o.subspan(at, n));
                !s.ok())
              return s;
            at += n;
          }
          return absl::OkStatus();
        });
      }
      both_ways(tag + "CFB enc", data, len, [&](auto in, auto o) {
        return AesCfbEncrypt<Isa, Ways::kCfb>(*key, iv, in, o);
      });
      both_ways(tag + "CFB dec stream", data, len, [&](auto in, auto o) {
        auto cfb = AesCfb<Isa, Ways::kCfb>::Create(*key, iv);
        for (size_t at = 0; at < in.size();) {
          const size_t n = std::min<size_t>(in.size() - at, 1 + at % 37);
          if (auto s = cfb->Decrypt(in.subspan(at, n), o.subspan(at, n));
              !s.ok())
            return s;
          at += n;
        }
        return absl::OkStatus();
      });
      // Counters a few blocks before the low byte, and the 32-bit and
      // 64-bit halves, carry.
      Bytes counter = iv;
      for (int i = 8; i < 16; ++i) counter[i] = 0xff;
      counter[15] = 0xfd;
      both_ways(tag + "CTR", data, len, [&](auto in, auto o) {
        return AesCtrCrypt<Isa, Ways::kCtr>(*key, counter, in, o);
      });
      both_ways(tag + "CTR stream", data, len, [&](auto in, auto o) {
        auto ctr = AesCtr<Isa, Ways::kCtr>::Create(*key, iv);
        for (size_t at = 0; at < in.size();) {
          const size_t n = std::min<size_t>(in.size() - at, 1 + at % 71);
          if (auto s = ctr->Crypt(in.subspan(at, n), o.subspan(at, n)); !s.ok())
            return s;
          at += n;
        }
        return absl::OkStatus();
      });
      Bytes counter32 = iv;
      counter32[0] = 0xfe;
      counter32[1] = counter32[2] = counter32[3] = 0xff;
      both_ways(tag + "CTR32LE", data, len, [&](auto in, auto o) {
        return AesCtr32LeCrypt<Isa, Ways::kCtr>(*key, counter32, in, o);
      });
      if (key_bytes != 24 && len >= 16) {
        Bytes xts_key_bytes = random(2 * key_bytes);
        auto xts_key = AesXtsKey::Create(xts_key_bytes);
        both_ways(tag + "XTS enc", data, len, [&](auto in, auto o) {
          return AesXtsEncrypt<Isa, Ways::kXts>(*xts_key, iv, in, o);
        });
        both_ways(tag + "XTS dec", data, len, [&](auto in, auto o) {
          return AesXtsDecrypt<Isa, Ways::kXts>(*xts_key, iv, in, o);
        });
      }
      // AEADs: seal, open, and open a message with one bit flipped.
      const Bytes aad = random(len % 41);
      const Bytes nonce = random(12);
      auto ocb = AesOcb<Isa, Ways::kOcb>::Create(key_bytes_v, 8 + len % 9);
      const size_t ocb_tag = ocb->tag_bytes();
      Bytes sealed(len + ocb_tag);
      (void)ocb->Seal(nonce, aad, data, absl::MakeSpan(sealed));
      out.push_back({tag + "OCB seal", sealed});
      both_ways(tag + "OCB open", sealed, len,
                [&](auto in, auto o) { return ocb->Open(nonce, aad, in, o); });
      sealed[(len * 7) % sealed.size()] ^= 4;
      both_ways(tag + "OCB open tampered", sealed, len,
                [&](auto in, auto o) { return ocb->Open(nonce, aad, in, o); });
      if (key_bytes != 24) {
        auto siv = AesGcmSiv<Isa, Ways::kCtr>::Create(key_bytes_v);
        Bytes siv_sealed(len + 16);
        (void)siv->Seal(nonce, aad, data, absl::MakeSpan(siv_sealed));
        out.push_back({tag + "GCM-SIV seal", siv_sealed});
        both_ways(tag + "GCM-SIV open", siv_sealed, len, [&](auto in, auto o) {
          return siv->Open(nonce, aad, in, o);
        });
        siv_sealed[(len * 5) % siv_sealed.size()] ^= 1;
        both_ways(
            tag + "GCM-SIV open tampered", siv_sealed, len,
            [&](auto in, auto o) { return siv->Open(nonce, aad, in, o); });
      }
      // GCM with the 12-byte nonce, and with one of another length (GHASH
      // makes the first counter block).
      auto gcm = AesGcm<Isa, Ways::kGcm>::Create(key_bytes_v);
      for (const Bytes& n : {nonce, random(1 + len % 30)}) {
        const std::string what = absl::StrCat(tag, "GCM nonce ", n.size());
        Bytes gcm_sealed(len + 16);
        (void)gcm->Seal(n, aad, data, absl::MakeSpan(gcm_sealed));
        out.push_back({what + " seal", gcm_sealed});
        both_ways(what + " open", gcm_sealed, len,
                  [&](auto in, auto o) { return gcm->Open(n, aad, in, o); });
        gcm_sealed[(len * 3) % gcm_sealed.size()] ^= 2;
        both_ways(what + " open tampered", gcm_sealed, len,
                  [&](auto in, auto o) { return gcm->Open(n, aad, in, o); });
      }
    }
  }

  const Bytes chacha_key = random(32);
  for (size_t nonce_bytes : {12, 8}) {
    const Bytes nonce = random(nonce_bytes);
    for (size_t len : OutputLengths()) {
      const std::string tag =
          absl::StrCat("ChaCha20 nonce ", nonce_bytes, " ", len, " B");
      const Bytes data = random(len);
      both_ways(tag, data, len, [&](auto in, auto o) {
        return ChaCha20Crypt<Isa>(chacha_key, nonce, 7, in, o);
      });
      both_ways(tag + " stream", data, len, [&](auto in, auto o) {
        auto c = ChaCha20<Isa>::Create(chacha_key, nonce, 0xfffffff0u);
        for (size_t at = 0; at < in.size();) {
          const size_t n = std::min<size_t>(in.size() - at, 1 + at % 333);
          if (auto s = c->Crypt(in.subspan(at, n), o.subspan(at, n)); !s.ok())
            return s;
          at += n;
        }
        return absl::OkStatus();
      });
    }
  }
  // ChaCha20-Poly1305 and XChaCha20-Poly1305: seal, open, open tampered.
  for (size_t len : OutputLengths()) {
    const Bytes data = random(len), aad = random(len % 29);
    const Bytes nonce = random(24);
    const auto n12 = absl::MakeConstSpan(nonce).first(12);
    auto ietf = ChaCha20Poly1305<Isa>::Create(chacha_key);
    auto extended = XChaCha20Poly1305<Isa>::Create(chacha_key);
    const auto add = [&](const std::string& what, const auto& aead,
                         absl::Span<const uint8_t> n) {
      Bytes sealed(len + 16);
      (void)aead.Seal(n, aad, data, absl::MakeSpan(sealed));
      out.push_back({what + " seal", sealed});
      both_ways(what + " open", sealed, len,
                [&](auto in, auto o) { return aead.Open(n, aad, in, o); });
      sealed[(len * 11) % sealed.size()] ^= 8;
      both_ways(what + " open tampered", sealed, len,
                [&](auto in, auto o) { return aead.Open(n, aad, in, o); });
    };
    add(absl::StrCat("ChaCha20-Poly1305 ", len, " B"), *ietf, n12);
    add(absl::StrCat("XChaCha20-Poly1305 ", len, " B"), *extended, nonce);
  }
  return out;
}

}  // namespace braid::test

#endif  // BRAID_TESTS_DISPATCH_MODE_OUTPUTS_H_
