// The ChaCha20 configurations of the kernel registry (see kernels.cc):
// "chacha20_neon_n4_s1" runs 4 NEON blocks and 1 scalar block per batch,
// "chacha20_sve2_s1" one SVE2 vector-length group and 1 scalar block,
// "chacha20_sve2_g2_s1" two such groups and 1 scalar block,
// "chacha20_scalar_s2" two scalar blocks, "chacha20_auto" the run-time
// choice; "chacha20_poly1305_enc_neon_n4_s2" and "_dec_" the AEAD over
// the same configurations; "poly1305" Poly1305 alone.
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "benchmarks/kernels.h"
#include "braid/chacha20.h"
#include "braid/chacha20_defaults.h"
#include "braid/modes/chacha20_poly1305.h"
#include "braid/poly1305.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"

namespace braid::bench {
namespace {

// "neon_n4_s2", "sve2_g2_s1", "scalar_s2", "auto".
template <class Tag, size_t kVectorBlocks, size_t kScalarBlocks>
std::string ConfigName() {
  constexpr bool kAuto = std::is_same_v<Tag, isa::Auto>;
  std::string name(isa::kName<Tag>);
  if constexpr (kAuto) {
    return name;  // the split is the chosen profile's
  } else if constexpr (isa::Traits<Tag>::kNeon && !isa::Traits<Tag>::kSve) {
    name += "_n" + std::to_string(kVectorBlocks);
  } else if (kVectorBlocks > 1) {
    name += "_g" + std::to_string(kVectorBlocks);
  }
  return name + "_s" + std::to_string(kScalarBlocks);
}

// ChaCha20-Poly1305 in a configuration, with 13 bytes of associated data as
// TLS and the peers' chacha20-poly1305-enc call it: "_enc" seals (the output
// is n + 16 bytes), "_dec" opens a message sealed once from the first input
// it is given (a64perf subtracts two runs, so the setup drops out).
template <class Tag, size_t kVectorBlocks, size_t kScalarBlocks>
void AddChaCha20Poly1305(std::vector<Kernel>& out) {
  static constexpr uint8_t kKey[32] = {3, 1, 4, 1, 5, 9, 2, 6};
  static constexpr uint8_t kNonce[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  static constexpr uint8_t kAad[13] = {23, 3, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  using Aead = ChaCha20Poly1305<Tag, kVectorBlocks, kScalarBlocks>;
  auto aead = std::make_shared<const Aead>(*Aead::Create(kKey));
  const std::string config = ConfigName<Tag, kVectorBlocks, kScalarBlocks>();
  out.push_back({"chacha20_poly1305_enc_" + config,
                 [aead](const uint8_t* in, uint8_t* o, size_t n) {
                   (void)aead->Seal(kNonce, kAad, absl::MakeConstSpan(in, n),
                                    absl::MakeSpan(o, n + 16));
                 }});
  // The message last sealed: a call of the same size compares one size (a
  // lookup in each call would be counted as the mode's work).
  auto sealed = std::make_shared<std::vector<uint8_t>>();
  out.push_back({"chacha20_poly1305_dec_" + config,
                 [aead, sealed](const uint8_t* in, uint8_t* o, size_t n) {
                   auto& s = *sealed;
                   if (s.size() != n + 16) {
                     s.resize(n + 16);
                     (void)aead->Seal(kNonce, kAad, absl::MakeConstSpan(in, n),
                                      absl::MakeSpan(s));
                   }
                   (void)aead->Open(kNonce, kAad, s, absl::MakeSpan(o, n));
                 }});
}

// ChaCha20 alone in a configuration; kAead: its AEAD in the same one.
template <class Tag, size_t kVectorBlocks, size_t kScalarBlocks,
          bool kAead = true>
void AddChaCha20(std::vector<Kernel>& out) {
  constexpr bool kAuto = std::is_same_v<Tag, isa::Auto>;
  if constexpr (kAuto || chacha20_engine::kValidConfig<Tag, kVectorBlocks,
                                                       kScalarBlocks>) {
    out.push_back(
        {"chacha20_" + ConfigName<Tag, kVectorBlocks, kScalarBlocks>(),
         [](const uint8_t* in, uint8_t* o, size_t n) {
           static constexpr uint8_t kKey[32] = {1, 2, 3, 4, 5, 6, 7};
           static constexpr uint8_t kNonce[12] = {9, 8, 7};
           (void)ChaCha20Crypt<Tag, kVectorBlocks, kScalarBlocks>(
               kKey, kNonce, 0, absl::MakeConstSpan(in, n),
               absl::MakeSpan(o, n));
         }});
    if constexpr (kAead) {
      AddChaCha20Poly1305<Tag, kVectorBlocks, kScalarBlocks>(out);
    }
  }
}

// Poly1305 alone, the one-time key fixed: "poly1305" writes the tag of the
// whole input to out[0..16).
void AddPoly1305(std::vector<Kernel>& out) {
  out.push_back({"poly1305", [](const uint8_t* in, uint8_t* o, size_t n) {
                   static constexpr uint8_t kKey[32] = {7, 1, 8, 2, 8, 1, 8, 2};
                   (void)Poly1305::Mac(kKey, absl::MakeConstSpan(in, n),
                                       absl::MakeSpan(o, 16));
                 }});
}

}  // namespace

void AddChaCha20Kernels(std::vector<Kernel>& out) {
  AddPoly1305(out);
#if defined(BRAID_BENCH_DEFAULTS_ONLY)  // see kernels.cc
  using Defaults = ChaCha20Defaults<DefaultChaCha20Isa>;
  using AeadDefaults = ChaCha20Poly1305Defaults<DefaultChaCha20Isa>;
  AddChaCha20<DefaultChaCha20Isa, Defaults::kVectorBlocks,
              Defaults::kScalarBlocks, /*kAead=*/false>(out);
  AddChaCha20Poly1305<DefaultChaCha20Isa, AeadDefaults::kVectorBlocks,
                      AeadDefaults::kScalarBlocks>(out);
#else
  // NeonAes and Sve2Aes run the same ChaCha20 code as Neon and Sve2.
  isa::ForEachEnabled([&](auto tag) {
    using Tag = decltype(tag);
    if constexpr (std::is_same_v<Tag, isa::Scalar>) {
      simd::Unroll<5>([&](auto... s) { (AddChaCha20<Tag, 0, s()>(out), ...); });
    } else if constexpr (std::is_same_v<Tag, isa::Neon>) {
      simd::Unroll<9>([&](auto... n) {
        auto row = [&](auto vector_blocks) {
          simd::Unroll<5>([&](auto... s) {
            (AddChaCha20<Tag, vector_blocks(), s()>(out), ...);
          });
        };
        (row(n), ...);
      });
    } else if constexpr (std::is_same_v<Tag, isa::Sve> ||
                         std::is_same_v<Tag, isa::Sve2>) {
      simd::Unroll<5>([&](auto... s) { (AddChaCha20<Tag, 1, s()>(out), ...); });
      simd::Unroll<5>([&](auto... s) { (AddChaCha20<Tag, 2, s()>(out), ...); });
    }
  });
#endif
}

}  // namespace braid::bench
