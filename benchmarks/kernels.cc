// Instantiates every benchmarked configuration this build's flags enable:
// ECB, CBC, CFB and CTR here, XTS and the AEADs in kernels_aead.cc (two
// files that compile in parallel). With BRAID_BENCH_DEFAULTS_ONLY, only the
// configuration the build defaults to (what tools/speed's table runs).
#include "benchmarks/kernels.h"

#include <memory>
#include <string>

#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
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

// Ways: each mode's kWays (SameWays<k>, or DefaultAesWays<Tag>).
template <class Tag, class Ways>
void AddAes(std::vector<Kernel>& out) {
  constexpr size_t kEcb = Ways::kEcb, kCbc = Ways::kCbc, kCfb = Ways::kCfb,
                   kCtr = Ways::kCtr;
  auto suffix = [](size_t ways) { return ConfigSuffix(isa::kName<Tag>, ways); };
  for (size_t key_bytes : {16, 32}) {
    auto key = MakeKey(key_bytes);
    const std::string aes = "aes" + std::to_string(key_bytes * 8);
    out.push_back({aes + "_ecb_enc" + suffix(kEcb),
                   [key](const uint8_t* in, uint8_t* o, size_t n) {
                     (void)AesEcbEncrypt<Tag, kEcb>(*key,
                                                    absl::MakeConstSpan(in, n),
                                                    absl::MakeSpan(o, n));
                   }});
    out.push_back({aes + "_ecb_dec" + suffix(kEcb),
                   [key](const uint8_t* in, uint8_t* o, size_t n) {
                     (void)AesEcbDecrypt<Tag, kEcb>(*key,
                                                    absl::MakeConstSpan(in, n),
                                                    absl::MakeSpan(o, n));
                   }});
    // Chained modes: one call per message, from a fixed IV.
    auto add = [&](const std::string& mode, size_t ways, auto run) {
      out.push_back({aes + "_" + mode + suffix(ways),
                     [key, run](const uint8_t* in, uint8_t* o, size_t n) {
                       static constexpr uint8_t kIv[16] = {
                           0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                           0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
                       (void)run(*key, absl::MakeConstSpan(kIv),
                                 absl::MakeConstSpan(in, n),
                                 absl::MakeSpan(o, n));
                     }});
    };
    add("ctr", kCtr, AesCtrCrypt<Tag, kCtr>);
    add("ctr32le", kCtr, AesCtr32LeCrypt<Tag, kCtr>);
    add("cbc_enc", kCbc, AesCbcEncrypt<Tag, kCbc>);
    add("cbc_dec", kCbc, AesCbcDecrypt<Tag, kCbc>);
    add("cfb_enc", kCfb, AesCfbEncrypt<Tag, kCfb>);
    add("cfb_dec", kCfb, AesCfbDecrypt<Tag, kCfb>);
  }
}

template <class Tag>
void AddAesAllWays(std::vector<Kernel>& out) {
  simd::Unroll<12>(
      [&](auto... i) { (AddAes<Tag, SameWays<i + 1>>(out), ...); });
  AddAes<Tag, SameWays<16>>(out);
}

}  // namespace

std::string ConfigSuffix(std::string_view tag, size_t ways) {
  if (tag == isa::kName<isa::Auto>) return "_auto";
  return "_" + std::string(tag) + "_w" + std::to_string(ways);
}

std::vector<Kernel> AllKernels() {
  std::vector<Kernel> out;
  AddAeadKernels(out);
  AddChaCha20Kernels(out);
#if defined(BRAID_BENCH_DEFAULTS_ONLY)
  AddAes<DefaultAesIsa, DefaultAesWays<DefaultAesIsa>>(out);
#else
  AddAes<isa::Scalar, SameWays<1>>(out);
  if constexpr (isa::kEnabled<isa::Neon>) {
    AddAes<isa::Neon, DefaultAesWays<isa::Neon>>(out);
  }
  if constexpr (isa::kEnabled<isa::NeonAes>) AddAesAllWays<isa::NeonAes>(out);
  // SVE2-AES at the widths its sweep in RESULTS.md uses: every kWays of
  // every mode would double this file's compile time for configurations
  // that no profile picks.
  if constexpr (isa::kEnabled<isa::Sve2Aes>) {
    AddAes<isa::Sve2Aes, SameWays<1>>(out);
    AddAes<isa::Sve2Aes, SameWays<2>>(out);
    AddAes<isa::Sve2Aes, SameWays<4>>(out);
    AddAes<isa::Sve2Aes, SameWays<8>>(out);
  }
#endif
  return out;
}

}  // namespace braid::bench
