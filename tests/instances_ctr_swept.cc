// Defines the swept CTR kernels that tests/instances.h declares.
#define BRAID_TEST_INSTANCES_DEFINE
#include "tests/instances.h"

namespace braid {
BRAID_TEST_SWEPT_INSTANCES(BRAID_TEST_SWEPT_CTR, template)
}  // namespace braid
