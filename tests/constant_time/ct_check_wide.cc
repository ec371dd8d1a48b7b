// RunModes<Tag, 4> of ct_check_runs.h for every tag checked, compiled beside
// ct_check.cc.
#include "tests/constant_time/ct_check_runs.h"

namespace braid_ct {
#define BRAID_CT_INSTANTIATE(T) \
  template void RunModes<braid::isa::T, 4>(size_t, size_t);
BRAID_CT_TAGS(BRAID_CT_INSTANTIATE)
#undef BRAID_CT_INSTANTIATE
}  // namespace braid_ct
