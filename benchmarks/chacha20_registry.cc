// The registry of the ChaCha20-only loop driver: the ChaCha20 configurations
// alone, so that the size report can build them at -Os without the AES ones.
#include "benchmarks/kernels.h"

namespace braid::bench {

std::vector<Kernel> AllKernels() {
  std::vector<Kernel> out;
  AddChaCha20Kernels(out);
  return out;
}

}  // namespace braid::bench
