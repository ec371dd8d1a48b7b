// Defines the OCB kernels that tests/instances.h declares.
#define BRAID_TEST_INSTANCES_DEFINE
#include "tests/instances.h"

namespace braid {
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_OCB, template)
}  // namespace braid
