// The ChaCha20 configurations of the kernel registry (see kernels.cc):
// "chacha20_neon_n4_s1" runs 4 NEON blocks and 1 scalar block per batch,
// "chacha20_sve2_s1" one SVE2 vector-length group and 1 scalar block,
// "chacha20_sve2_g2_s1" two such groups and 1 scalar block,
// "chacha20_scalar_s2" two scalar blocks, "chacha20_auto" the run-time
// choice.
#include <string>
#include <type_traits>

#include "benchmarks/kernels.h"
#include "braid/chacha20.h"
#include "braid/simd/isa.h"
#include "braid/simd/unroll.h"

namespace braid::bench {
namespace {

template <class Tag, size_t kVectorBlocks, size_t kScalarBlocks>
void AddChaCha20(std::vector<Kernel>& out) {
  constexpr bool kAuto = std::is_same_v<Tag, isa::Auto>;
  if constexpr (kAuto || chacha20_engine::kValidConfig<Tag, kVectorBlocks,
                                                       kScalarBlocks>) {
    std::string name = "chacha20_" + std::string(isa::kName<Tag>);
    if constexpr (kAuto) {
      // "chacha20_auto": the split is the chosen profile's.
    } else if constexpr (isa::Traits<Tag>::kNeon && !isa::Traits<Tag>::kSve) {
      name += "_n" + std::to_string(kVectorBlocks);
    } else if (kVectorBlocks > 1) {
      name += "_g" + std::to_string(kVectorBlocks);
    }
    if constexpr (!kAuto) name += "_s" + std::to_string(kScalarBlocks);
    out.push_back({name, [](const uint8_t* in, uint8_t* o, size_t n) {
                     static constexpr uint8_t kKey[32] = {1, 2, 3, 4, 5, 6, 7};
                     static constexpr uint8_t kNonce[12] = {9, 8, 7};
                     (void)ChaCha20Crypt<Tag, kVectorBlocks, kScalarBlocks>(
                         kKey, kNonce, 0, absl::MakeConstSpan(in, n),
                         absl::MakeSpan(o, n));
                   }});
  }
}

}  // namespace

void AddChaCha20Kernels(std::vector<Kernel>& out) {
#if defined(BRAID_BENCH_DEFAULTS_ONLY)  // see kernels.cc
  using Defaults = ChaCha20Defaults<DefaultChaCha20Isa>;
  AddChaCha20<DefaultChaCha20Isa, Defaults::kVectorBlocks,
              Defaults::kScalarBlocks>(out);
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
