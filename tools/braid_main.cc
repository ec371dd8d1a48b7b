// The braid program: see `braid --help`, or tools/braid_cli.h.
#include <string>
#include <vector>

#include "tools/braid_cli.h"

int main(int argc, char** argv) {
  return braid::cli::Run(std::vector<std::string>(argv + 1, argv + argc));
}
