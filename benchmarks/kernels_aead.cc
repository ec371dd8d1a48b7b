// The XTS, OCB, GCM-SIV and GCM configurations of the kernel registry (see
// kernels.cc), in a file of their own so that the two compile in parallel.
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "benchmarks/kernels.h"
#include "braid/aes_defaults.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"

namespace braid::bench {
namespace {

// key1 || key2 of 2 * `bytes` bytes, the halves different.
std::shared_ptr<const AesXtsKey> MakeXtsKey(size_t bytes) {
  uint8_t key[64];
  for (size_t i = 0; i < sizeof(key); ++i)
    key[i] = static_cast<uint8_t>(i * 37 + 5);
  return std::make_shared<const AesXtsKey>(
      *AesXtsKey::Create(absl::MakeConstSpan(key, 2 * bytes)));
}

// An AEAD (OCB, GCM-SIV, GCM) with a 12-byte nonce and its 16-byte tag;
// GCM with 13 bytes of associated data, as TLS and the peers' gcm-enc call
// it, the others with none. Decrypt opens a message sealed once from the
// first input it is given (a64perf subtracts two runs, so that setup drops
// out) and writes the plaintext.
template <class Tag, size_t kWays, class Aead>
void AddAead(const std::string& name, std::shared_ptr<const Aead> aead,
             std::vector<Kernel>& out) {
  static constexpr uint8_t kNonce[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  static constexpr uint8_t kAad[13] = {23, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  auto seal = [aead](absl::Span<const uint8_t> in, absl::Span<uint8_t> o) {
    constexpr bool kGcm = std::is_same_v<Aead, AesGcm<Tag, kWays>>;
    (void)aead->Seal(kNonce, absl::MakeConstSpan(kAad, kGcm ? 13 : 0), in, o);
  };
  out.push_back(
      {name + "_enc", [seal](const uint8_t* in, uint8_t* o, size_t n) {
         seal(absl::MakeConstSpan(in, n), absl::MakeSpan(o, n + 16));
       }});
  // The message last sealed: a call of the same size compares one size (a
  // lookup in each call would be counted as the mode's work).
  auto sealed = std::make_shared<std::vector<uint8_t>>();
  out.push_back(
      {name + "_dec",
       [aead, seal, sealed](const uint8_t* in, uint8_t* o, size_t n) {
         auto& s = *sealed;
         if (s.size() != n + 16) {
           s.resize(n + 16);
           seal(absl::MakeConstSpan(in, n), absl::MakeSpan(s));
         }
         constexpr bool kGcm = std::is_same_v<Aead, AesGcm<Tag, kWays>>;
         (void)aead->Open(kNonce, absl::MakeConstSpan(kAad, kGcm ? 13 : 0), s,
                          absl::MakeSpan(o, n));
       }});
}

// Ways: each mode's kWays (SameWays<k>, or DefaultAesWays<Tag>); GCM-SIV
// takes CTR's.
template <class Tag, class Ways>
void AddModes(std::vector<Kernel>& out) {
  constexpr size_t kXts = Ways::kXts, kOcb = Ways::kOcb, kGcmSiv = Ways::kCtr;
  auto suffix = [](size_t ways) { return ConfigSuffix(isa::kName<Tag>, ways); };
  for (size_t key_bytes : {16, 32}) {
    const std::string aes = "aes" + std::to_string(key_bytes * 8);
    // XTS: the whole buffer is one data unit under two keys of this size.
    auto xts_key = MakeXtsKey(key_bytes);
    auto add_xts = [&](const std::string& mode, auto run) {
      out.push_back({aes + "_" + mode + suffix(kXts),
                     [xts_key, run](const uint8_t* in, uint8_t* o, size_t n) {
                       (void)run(*xts_key, uint64_t{0x1234567},
                                 absl::MakeConstSpan(in, n),
                                 absl::MakeSpan(o, n));
                     }});
    };
    add_xts("xts_enc", AesXtsEncryptSector<Tag, kXts>);
    add_xts("xts_dec", AesXtsDecryptSector<Tag, kXts>);
    uint8_t aead_key[32];
    for (size_t i = 0; i < sizeof(aead_key); ++i) {
      aead_key[i] = static_cast<uint8_t>(i * 13 + 7);
    }
    const auto aead_key_span = absl::MakeConstSpan(aead_key, key_bytes);
    // Names put the mode and direction first: aes128_ocb_enc_neonaes_w4.
    auto add_aead = [&]<size_t kWays>(const std::string& mode, auto aead) {
      std::vector<Kernel> two;
      AddAead<Tag, kWays>(aes + "_" + mode, aead, two);
      for (auto& k : two) {
        k.name += suffix(kWays);
        out.push_back(std::move(k));
      }
    };
    add_aead.template operator()<kOcb>(
        "ocb", std::make_shared<const AesOcb<Tag, kOcb>>(
                   *AesOcb<Tag, kOcb>::Create(aead_key_span)));
    add_aead.template operator()<kGcmSiv>(
        "gcm_siv", std::make_shared<const AesGcmSiv<Tag, kGcmSiv>>(
                       *AesGcmSiv<Tag, kGcmSiv>::Create(aead_key_span)));
  }
}

// AES-GCM, registered apart: its default kWays is not the other modes'.
template <class Tag, size_t kWays>
void AddGcm(std::vector<Kernel>& out) {
  const std::string suffix = ConfigSuffix(isa::kName<Tag>, kWays);
  uint8_t key[32];
  for (size_t i = 0; i < sizeof(key); ++i) {
    key[i] = static_cast<uint8_t>(i * 13 + 7);
  }
  for (size_t key_bytes : {16, 32}) {
    std::vector<Kernel> two;
    AddAead<Tag, kWays>(
        "aes" + std::to_string(key_bytes * 8) + "_gcm",
        std::make_shared<const AesGcm<Tag, kWays>>(
            *AesGcm<Tag, kWays>::Create(absl::MakeConstSpan(key, key_bytes))),
        two);
    for (auto& k : two) {
      k.name += suffix;
      out.push_back(std::move(k));
    }
  }
}

// A template, so that a build without the tag never instantiates it.
template <class Tag>
void AddModesAllWays(std::vector<Kernel>& out) {
  simd::Unroll<12>([&](auto... i) {
    (AddModes<Tag, SameWays<i + 1>>(out), ...);
    (AddGcm<Tag, i + 1>(out), ...);
  });
  AddModes<Tag, SameWays<16>>(out);
  AddGcm<Tag, 16>(out);
}

}  // namespace

void AddAeadKernels(std::vector<Kernel>& out) {
#if defined(BRAID_BENCH_DEFAULTS_ONLY)  // see kernels.cc
  AddModes<DefaultAesIsa, DefaultAesWays<DefaultAesIsa>>(out);
  AddGcm<DefaultAesIsa, DefaultAesWays<DefaultAesIsa>::kGcm>(out);
#else
  AddModes<isa::Scalar, SameWays<1>>(out);
  AddGcm<isa::Scalar, 1>(out);
  if constexpr (isa::kEnabled<isa::Neon>) {
    AddModes<isa::Neon, DefaultAesWays<isa::Neon>>(out);
    AddGcm<isa::Neon, DefaultAesWays<isa::Neon>::kGcm>(out);
  }
  if constexpr (isa::kEnabled<isa::NeonAes>) AddModesAllWays<isa::NeonAes>(out);
  if constexpr (isa::kEnabled<isa::Sve2Aes>) {  // as in kernels.cc
    AddModes<isa::Sve2Aes, SameWays<1>>(out);
    AddGcm<isa::Sve2Aes, 1>(out);
    AddModes<isa::Sve2Aes, SameWays<2>>(out);
    AddGcm<isa::Sve2Aes, 2>(out);
    AddModes<isa::Sve2Aes, SameWays<4>>(out);
    AddGcm<isa::Sve2Aes, 4>(out);
    AddModes<isa::Sve2Aes, SameWays<8>>(out);
    AddGcm<isa::Sve2Aes, 8>(out);
  }
#endif
}

}  // namespace braid::bench
