// BRAID_CHECK for the fuzz targets: a failed invariant prints itself and
// aborts, which libFuzzer reports as a crash and saves the input.
#ifndef BRAID_TESTS_FUZZ_FUZZ_CHECK_H_
#define BRAID_TESTS_FUZZ_FUZZ_CHECK_H_

#include <cstdio>
#include <cstdlib>

#define BRAID_CHECK(cond)                                                   \
  do {                                                                      \
    if (!(cond)) {                                                          \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                   #cond);                                                  \
      std::abort();                                                         \
    }                                                                       \
  } while (0)

#endif  // BRAID_TESTS_FUZZ_FUZZ_CHECK_H_
