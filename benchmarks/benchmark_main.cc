// Google Benchmark over the kernel registry: every configuration this build
// compiles, at the message sizes users meet (16 bytes to 16 KiB), reporting
// bytes/s and, as the counter "cycles/B", cycles per byte: from the CPU's
// cycle counter where perf_event_open allows it, else from --cpu-mhz=MHZ.
// //benchmarks:<configuration> targets run this with a filter for theirs.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "benchmarks/kernels.h"
#include "tools/cycle_counter.h"

namespace braid::bench {
namespace {

constexpr int64_t kSizes[] = {16,  64,   256,  320,  512,
                              576, 1024, 1420, 4096, 16384};

using tools::CycleCounter;

const CycleCounter& Cycles() {
  static const CycleCounter* counter = new CycleCounter;
  return *counter;
}

double g_cpu_mhz = 0;  // from --cpu-mhz; 0: not given

// ECB and CBC take whole blocks only.
bool WholeBlocksOnly(const std::string& name) {
  return name.find("_ecb_") != std::string::npos ||
         name.find("_cbc_") != std::string::npos;
}

void RunKernel(benchmark::State& state, const Kernel& kernel) {
  const size_t bytes = static_cast<size_t>(state.range(0));
  if (WholeBlocksOnly(kernel.name) && bytes % 16 != 0) {
    state.SkipWithError("whole 16-byte blocks only");
    return;
  }
  std::vector<uint8_t> in(bytes + 64), out(bytes + 64);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint8_t>(i);
  const std::optional<uint64_t> c0 = Cycles().Read();
  const auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) {
    kernel.run(in.data(), out.data(), bytes);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  const std::chrono::duration<double> seconds =
      std::chrono::steady_clock::now() - t0;
  const std::optional<uint64_t> c1 = Cycles().Read();
  const double total = static_cast<double>(state.iterations()) * bytes;
  state.SetBytesProcessed(static_cast<int64_t>(total));
  if (c0 && c1) {
    state.counters["cycles/B"] = (*c1 - *c0) / total;
  } else if (g_cpu_mhz > 0) {
    state.counters["cycles/B"] = seconds.count() * g_cpu_mhz * 1e6 / total;
  }
}

}  // namespace
}  // namespace braid::bench

int main(int argc, char** argv) {
  // --cpu-mhz=MHZ is ours; Google Benchmark takes the rest.
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    constexpr const char kFlag[] = "--cpu-mhz=";
    if (std::strncmp(argv[i], kFlag, sizeof(kFlag) - 1) == 0) {
      char* end;
      braid::bench::g_cpu_mhz = std::strtod(argv[i] + sizeof(kFlag) - 1, &end);
      if (*end != '\0' || !(braid::bench::g_cpu_mhz > 0)) {
        std::fprintf(stderr, "--cpu-mhz: a clock in MHz, got '%s'\n",
                     argv[i] + sizeof(kFlag) - 1);
        return 2;
      }
      continue;
    }
    args.push_back(argv[i]);
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 2;

  static const std::vector<braid::bench::Kernel> kernels =
      braid::bench::AllKernels();
  for (const braid::bench::Kernel& k : kernels) {
    auto* b = benchmark::RegisterBenchmark(
        k.name.c_str(),
        [&k](benchmark::State& s) { braid::bench::RunKernel(s, k); });
    for (int64_t size : braid::bench::kSizes) b->Arg(size);
  }
  benchmark::AddCustomContext(
      "cycles/B", braid::bench::Cycles().ok() ? "the CPU's cycle counter"
                  : braid::bench::g_cpu_mhz > 0
                      ? "--cpu-mhz"
                      : "unavailable: give --cpu-mhz=MHZ");
  if (benchmark::RunSpecifiedBenchmarks() == 0) {
    std::fprintf(stderr,
                 "no configuration matched: this build has the kernels "
                 "--benchmark_list_tests lists (its -march decides which ISA "
                 "tags exist; see .bazelrc --config=crypto, sve, sve2)\n");
    return 1;
  }
  benchmark::Shutdown();
  return 0;
}
