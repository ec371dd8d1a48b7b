// The registry of kernel configurations that the loop driver, the Google
// Benchmark targets and the size report run: one entry per (algorithm, mode,
// direction, ISA tag, parallelism), named like "aes128_ecb_enc_neonaes_w8".
#ifndef BRAID_BENCHMARKS_KERNELS_H_
#define BRAID_BENCHMARKS_KERNELS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
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

// The ChaCha20 part (kernels_chacha.cc).
void AddChaCha20Kernels(std::vector<Kernel>& out);

}  // namespace braid::bench

#endif  // BRAID_BENCHMARKS_KERNELS_H_
