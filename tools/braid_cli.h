// The braid command's logic, as a function tests can call: `enc`/`dec` of
// files and streams with every mode braid offers, `info`, and `speed`.
#ifndef BRAID_TOOLS_BRAID_CLI_H_
#define BRAID_TOOLS_BRAID_CLI_H_

#include <cstdio>
#include <string>
#include <vector>

namespace braid::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitAuthFailed = 1;  // a tag did not verify
inline constexpr int kExitBadInput = 2;    // bad usage, argument or input

// Where "standard" input, output and messages go.
struct Io {
  std::FILE* in = stdin;
  std::FILE* out = stdout;
  std::FILE* err = stderr;
};

// Runs `braid ARGS...` (args excludes the program name) and returns the exit
// status.
int Run(const std::vector<std::string>& args, const Io& io = Io{});

}  // namespace braid::cli

#endif  // BRAID_TOOLS_BRAID_CLI_H_
