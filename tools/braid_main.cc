// The braid program: see `braid --help`, or tools/braid_cli.h.
#include <cstdio>
#include <string>
#include <vector>

#include "tools/braid_cli.h"

int main(int argc, char** argv) {
  // Chunks go to standard output whole, not the first 4 KiB of each by way
  // of stdio's buffer (as the program's -out files do).
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  return braid::cli::Run(std::vector<std::string>(argv + 1, argv + argc));
}
