// Defines the ECB kernels that tests/instances.h declares.
#define BRAID_TEST_INSTANCES_DEFINE
#include "tests/instances.h"

namespace braid {
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_ECB, template)
}  // namespace braid
