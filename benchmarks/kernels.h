// The registry of kernel configurations that the loop driver, the Google
// Benchmark targets and the size report run: one entry per (algorithm, mode,
// direction, ISA tag, parallelism), named like "aes128_ecb_enc_neonaes_w8".
#ifndef BRAID_BENCHMARKS_KERNELS_H_
#define BRAID_BENCHMARKS_KERNELS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace braid::bench {

struct Kernel {
  std::string name;
  // Processes `bytes` bytes from in to out (both at least `bytes` long).
  std::function<void(const uint8_t* in, uint8_t* out, size_t bytes)> run;
};

// Every configuration compiled into this binary.
std::vector<Kernel> AllKernels();

// The XTS, OCB and GCM-SIV part of AllKernels (kernels_aead.cc).
void AddAeadKernels(std::vector<Kernel>& out);

// Blocks in flight for every AES mode: a sweep's point, in the form of
// lib/aes_defaults.h's DefaultAesWays (the defaults' registries take that).
template <size_t k>
struct SameWays {
  static constexpr size_t kEcb = k, kCbc = k, kCfb = k, kCtr = k, kXts = k,
                          kOcb = k, kGcm = k;
};

// A configuration's name after its mode: "_neonaes_w8"; isa::Auto's kernels
// are the dispatcher's, whose kWays its profile decides: "_auto".
std::string ConfigSuffix(std::string_view tag, size_t ways);

// The ChaCha20 part (kernels_chacha.cc).
void AddChaCha20Kernels(std::vector<Kernel>& out);

}  // namespace braid::bench

#endif  // BRAID_BENCHMARKS_KERNELS_H_
