// Instantiates every benchmarked configuration this build's flags enable.
#include "benchmarks/kernels.h"

#include <map>
#include <memory>
#include <string>

#include "braid/aes_key.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"

namespace braid::bench {
namespace {

std::shared_ptr<const AesKey> MakeKey(size_t bytes) {
  uint8_t key[32];
  for (size_t i = 0; i < sizeof(key); ++i)
    key[i] = static_cast<uint8_t>(i * 29 + 1);
  return std::make_shared<const AesKey>(
      *AesKey::Create(absl::MakeConstSpan(key, bytes)));
}

// key1 || key2 of 2 * `bytes` bytes, the halves different.
std::shared_ptr<const AesXtsKey> MakeXtsKey(size_t bytes) {
  uint8_t key[64];
  for (size_t i = 0; i < sizeof(key); ++i)
    key[i] = static_cast<uint8_t>(i * 37 + 5);
  return std::make_shared<const AesXtsKey>(
      *AesXtsKey::Create(absl::MakeConstSpan(key, 2 * bytes)));
}

// An AEAD (OCB, GCM-SIV) with a 12-byte nonce, no associated data and its
// 16-byte tag. Decrypt opens a message sealed once from the first input it
// is given (a64perf subtracts two runs, so that setup drops out) and writes
// the plaintext.
template <class Aead>
void AddAead(const std::string& name, std::shared_ptr<const Aead> aead,
             std::vector<Kernel>& out) {
  static constexpr uint8_t kNonce[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  out.push_back(
      {name + "_enc", [aead](const uint8_t* in, uint8_t* o, size_t n) {
         (void)aead->Encrypt(kNonce, {}, absl::MakeConstSpan(in, n),
                             absl::MakeSpan(o, n + 16));
       }});
  auto sealed = std::make_shared<std::map<size_t, std::vector<uint8_t>>>();
  out.push_back(
      {name + "_dec", [aead, sealed](const uint8_t* in, uint8_t* o, size_t n) {
         auto& s = (*sealed)[n];
         if (s.empty()) {
           s.resize(n + 16);
           (void)aead->Encrypt(kNonce, {}, absl::MakeConstSpan(in, n),
                               absl::MakeSpan(s));
         }
         (void)aead->Decrypt(kNonce, {}, s, absl::MakeSpan(o, n));
       }});
}

template <class Tag, size_t kWays>
void AddAes(std::vector<Kernel>& out) {
  const std::string suffix = std::string("_") + std::string(isa::kName<Tag>) +
                             "_w" + std::to_string(kWays);
  for (size_t key_bytes : {16, 32}) {
    auto key = MakeKey(key_bytes);
    const std::string aes = "aes" + std::to_string(key_bytes * 8);
    out.push_back({aes + "_ecb_enc" + suffix,
                   [key](const uint8_t* in, uint8_t* o, size_t n) {
                     (void)EcbEncrypt<Tag, kWays>(*key,
                                                  absl::MakeConstSpan(in, n),
                                                  absl::MakeSpan(o, n));
                   }});
    out.push_back({aes + "_ecb_dec" + suffix,
                   [key](const uint8_t* in, uint8_t* o, size_t n) {
                     (void)EcbDecrypt<Tag, kWays>(*key,
                                                  absl::MakeConstSpan(in, n),
                                                  absl::MakeSpan(o, n));
                   }});
    // Chained modes: one call per message, from a fixed IV.
    auto add = [&](const std::string& mode, auto run) {
      out.push_back({aes + "_" + mode + suffix,
                     [key, run](const uint8_t* in, uint8_t* o, size_t n) {
                       static constexpr uint8_t kIv[16] = {
                           0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                           0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
                       (void)run(*key, absl::MakeConstSpan(kIv),
                                 absl::MakeConstSpan(in, n),
                                 absl::MakeSpan(o, n));
                     }});
    };
    add("ctr", AesCtrCrypt<Tag, kWays>);
    add("ctr32le", AesCtr32LeCrypt<Tag, kWays>);
    add("cbc_enc", AesCbcEncrypt<Tag, kWays>);
    add("cbc_dec", AesCbcDecrypt<Tag, kWays>);
    add("cfb_enc", AesCfbEncrypt<Tag, kWays>);
    add("cfb_dec", AesCfbDecrypt<Tag, kWays>);
    // XTS: the whole buffer is one data unit under two keys of this size.
    auto xts_key = MakeXtsKey(key_bytes);
    auto add_xts = [&](const std::string& mode, auto run) {
      out.push_back({aes + "_" + mode + suffix,
                     [xts_key, run](const uint8_t* in, uint8_t* o, size_t n) {
                       (void)run(*xts_key, uint64_t{0x1234567},
                                 absl::MakeConstSpan(in, n),
                                 absl::MakeSpan(o, n));
                     }});
    };
    add_xts("xts_enc", AesXtsEncryptSector<Tag, kWays>);
    add_xts("xts_dec", AesXtsDecryptSector<Tag, kWays>);
    uint8_t aead_key[32];
    for (size_t i = 0; i < sizeof(aead_key); ++i) {
      aead_key[i] = static_cast<uint8_t>(i * 13 + 7);
    }
    const auto aead_key_span = absl::MakeConstSpan(aead_key, key_bytes);
    // Names put the mode and direction first: aes128_ocb_enc_neonaes_w4.
    auto add_aead = [&](const std::string& mode, auto aead) {
      std::vector<Kernel> two;
      AddAead(aes + "_" + mode, aead, two);
      for (auto& k : two) {
        k.name += suffix;
        out.push_back(std::move(k));
      }
    };
    add_aead("ocb", std::make_shared<const AesOcb<Tag, kWays>>(
                        *AesOcb<Tag, kWays>::Create(aead_key_span)));
    add_aead("gcm_siv", std::make_shared<const AesGcmSiv<Tag, kWays>>(
                            *AesGcmSiv<Tag, kWays>::Create(aead_key_span)));
  }
}

template <class Tag>
void AddAesAllWays(std::vector<Kernel>& out) {
  simd::Unroll<12>([&](auto... i) { (AddAes<Tag, i + 1>(out), ...); });
  AddAes<Tag, 16>(out);
}

}  // namespace

std::vector<Kernel> AllKernels() {
  std::vector<Kernel> out;
  AddAes<isa::Scalar, 1>(out);
  if constexpr (isa::kEnabled<isa::NeonAes>) AddAesAllWays<isa::NeonAes>(out);
  // SVE2-AES at the widths its sweep in RESULTS.md uses: every kWays of
  // every mode would double this file's compile time for configurations
  // that no profile picks.
  if constexpr (isa::kEnabled<isa::Sve2Aes>) {
    AddAes<isa::Sve2Aes, 1>(out);
    AddAes<isa::Sve2Aes, 2>(out);
    AddAes<isa::Sve2Aes, 4>(out);
    AddAes<isa::Sve2Aes, 8>(out);
  }
  return out;
}

}  // namespace braid::bench
