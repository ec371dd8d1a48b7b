// `braid speed`: the speed table measured on the machine it runs on.
#ifndef BRAID_TOOLS_BRAID_SPEED_H_
#define BRAID_TOOLS_BRAID_SPEED_H_

#include <cstdio>
#include <string>
#include <vector>

namespace braid::cli {

// Times each mode's default configuration over --bytes N (16384) for about
// --seconds S (0.3) and prints ns/B, MiB/s and cycles/B: from the CPU's
// cycle counter where perf_event_open allows it, else from --cpu-mhz.
int RunSpeed(const std::vector<std::string>& args, std::FILE* out,
             std::FILE* err);

}  // namespace braid::cli

#endif  // BRAID_TOOLS_BRAID_SPEED_H_
