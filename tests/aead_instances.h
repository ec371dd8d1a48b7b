// The AEADs' kernels that tests share (OCB, GCM, GCM-SIV's POLYVAL, at
// kWays 1 and the default), as instances.h shares the block modes': apart,
// so that builds whose tests use no AEAD (the subsets tools/test runs on some
// profiles) do not compile them. A test that uses an AEAD without this header
// compiles those kernels itself.
#ifndef BRAID_TESTS_AEAD_INSTANCES_H_
#define BRAID_TESTS_AEAD_INSTANCES_H_

#include "tests/instances.h"

#if !defined(BRAID_TEST_INSTANCES_DEFINE) && !defined(__OPTIMIZE_SIZE__)
namespace braid {
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_OCB, extern template)
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_GCM, extern template)
BRAID_TEST_INSTANCES(BRAID_TEST_INSTANCES_GCM_SIV, extern template)
}  // namespace braid
#endif

#endif  // BRAID_TESTS_AEAD_INSTANCES_H_
