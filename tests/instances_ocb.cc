// Defines the OCB kernels that tests/aead_instances.h declares.
#define BRAID_TEST_INSTANCES_DEFINE
#include "tests/aead_instances.h"

namespace braid {
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_OCB, template)
}  // namespace braid
