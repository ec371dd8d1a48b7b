// RunModes<4> of ct_check_runs.h, compiled beside ct_check.cc.
#include "tests/constant_time/ct_check_runs.h"

namespace braid_ct {
template void RunModes<4>(size_t key_bytes, size_t len);
}  // namespace braid_ct
