// A deterministic loop driver for ../shared/tools/a64perf: runs one kernel
// exactly REPS times over BYTES bytes, with no timing, so the cost model can
// subtract two runs and count only the repeated work.
//
//   loop_driver KERNEL BYTES REPS     run it
//   loop_driver --list                the kernel names in this build
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "benchmarks/kernels.h"

int main(int argc, char** argv) {
  const auto kernels = braid::bench::AllKernels();
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const auto& k : kernels) std::printf("%s\n", k.name.c_str());
    return 0;
  }
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s KERNEL BYTES REPS | --list\n", argv[0]);
    return 2;
  }
  const std::string name = argv[1];
  const size_t bytes = std::strtoull(argv[2], nullptr, 10);
  const long reps = std::strtol(argv[3], nullptr, 10);
  for (const auto& k : kernels) {
    if (k.name != name) continue;
    std::vector<uint8_t> in(bytes + 64), out(bytes + 64);
    for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint8_t>(i);
    for (long r = 0; r < reps; ++r) k.run(in.data(), out.data(), bytes);
    // Keep the result observable so nothing is optimised away.
    unsigned sum = 0;
    for (size_t i = 0; i < bytes; ++i) sum += out[i];
    std::printf("%s %zu bytes x %ld: checksum %u\n", name.c_str(), bytes, reps, sum);
    return 0;
  }
  std::fprintf(stderr, "unknown kernel %s (see --list)\n", name.c_str());
  return 2;
}
