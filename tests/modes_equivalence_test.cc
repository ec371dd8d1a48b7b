// Every (tag, kWays) of CBC, CFB128, CTR and CTR32LE equals the one-block
// reference: random keys, IVs and lengths that cross the main loop, the tail
// and (on SVE) partial vectors at any vector length; messages split into
// random pieces; in place; and counters at their carry boundaries.
//
// BRAID_WAYS_GROUP (0, 1, 2) picks which kWays this binary checks, so that
// the three test targets compile and run in parallel; each group has odd and
// even kWays, so that each compiler's half of the sweep (test_util.h:
// kSweepsPoint) leaves none of them empty, and group 0 has kWays 1 and the
// default, which every build checks.
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/mode_runner.h"
#include "tests/reference_modes.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::Mode;

template <class Tag>
class ModesEquivalenceTest : public ::testing::Test {};
TYPED_TEST_SUITE(ModesEquivalenceTest, test::AesTags, test::TagName);

template <class Tag, size_t kWays>
void CheckRandom(uint64_t seed) {
  constexpr bool kScalar = std::is_same_v<Tag, isa::Scalar>;
  std::mt19937_64 rng(seed + kWays);
  const int kCases = kScalar ? 3 : 8;
  for (Mode mode : test::kAllModes) {
    for (int c = 0; c < kCases; ++c) {
      const Bytes key_bytes = test::RandomBytes(rng, 16 + 8 * (rng() % 3));
      auto key = AesKey::Create(key_bytes);
      ASSERT_TRUE(key.ok());
      const Bytes iv = test::RandomBytes(rng, 16);
      // Up to 300 blocks: past a 16-way batch of 2048-bit vectors.
      size_t len = rng() % (kScalar ? 40 * 16 : 300 * 16 + 16);
      if (test::WholeBlocksOnly(mode)) len -= len % 16;
      const Bytes in = test::RandomBytes(rng, len);
      const Bytes expected = test::ReferenceMode(mode, *key, iv, in);
      SCOPED_TRACE(std::string(test::ModeName(mode)) + " len " +
                   std::to_string(len) + " key " +
                   std::to_string(key_bytes.size()));
      Bytes out;
      ASSERT_TRUE((test::RunMode<Tag, kWays>(mode, *key, iv, in, out)).ok());
      ASSERT_EQ(out, expected) << "one call";
      const auto cuts = test::RandomCuts(rng, len, test::WholeBlocksOnly(mode));
      ASSERT_TRUE(
          (test::RunMode<Tag, kWays>(mode, *key, iv, in, out, cuts)).ok());
      ASSERT_EQ(out, expected) << "pieces";
      ASSERT_TRUE(
          (test::RunMode<Tag, kWays>(mode, *key, iv, in, out, cuts, true))
              .ok());
      ASSERT_EQ(out, expected) << "in place";
    }
  }
}

// Counters whose low byte, 32 or 64 bits, or all 128 bits are about to wrap.
template <class Tag, size_t kWays>
void CheckCounterBoundaries() {
  std::mt19937_64 rng(99 + kWays);
  const Bytes key_bytes = test::RandomBytes(rng, 16);
  auto key = AesKey::Create(key_bytes);
  ASSERT_TRUE(key.ok());
  std::vector<Bytes> ivs;
  Bytes iv = test::RandomBytes(rng, 16);
  for (int low : {0xfd, 0xff, 0xf0, 0x01}) {
    iv[15] = static_cast<uint8_t>(low);
    ivs.push_back(iv);
  }
  for (int ones : {4, 8, 16}) {
    Bytes b = test::RandomBytes(rng, 16);
    for (int j = 16 - ones; j < 16; ++j) b[j] = 0xff;
    b[15] = 0xfe;
    ivs.push_back(b);
  }
  for (int ones : {1, 4}) {  // CTR32LE's counter is the first four bytes
    Bytes b = test::RandomBytes(rng, 16);
    for (int j = 0; j < ones; ++j) b[j] = 0xff;
    b[0] = 0xfb;
    ivs.push_back(b);
  }
  const size_t len = (std::is_same_v<Tag, isa::Scalar> ? 24 : 280) * 16 + 7;
  const Bytes in = test::RandomBytes(rng, len);
  for (Mode mode : {Mode::kCtr, Mode::kCtr32Le}) {
    for (const Bytes& start : ivs) {
      SCOPED_TRACE(std::string(test::ModeName(mode)) + " iv " +
                   test::ToHex(start));
      Bytes out;
      ASSERT_TRUE((test::RunMode<Tag, kWays>(mode, *key, start, in, out)).ok());
      ASSERT_EQ(out, test::ReferenceMode(mode, *key, start, in));
    }
  }
  // Runs whose last counter has the low byte's last value, and one past it:
  // the first takes unaligned batches throughout, the second carries and
  // takes aligned batches after a head of shorter ones (ctr.h, Run).
  const size_t blocks = std::is_same_v<Tag, isa::Scalar> ? 24 : 200;
  const Bytes whole = test::RandomBytes(rng, 16 * blocks);
  for (size_t end : {256, 257}) {
    Bytes start = test::RandomBytes(rng, 16);
    start[15] = static_cast<uint8_t>(end - blocks);  // CTR's low byte
    start[0] = static_cast<uint8_t>(end - blocks);   // CTR32LE's
    for (Mode mode : {Mode::kCtr, Mode::kCtr32Le}) {
      SCOPED_TRACE(std::string(test::ModeName(mode)) + " iv " +
                   test::ToHex(start));
      Bytes out;
      ASSERT_TRUE(
          (test::RunMode<Tag, kWays>(mode, *key, start, whole, out)).ok());
      ASSERT_EQ(out, test::ReferenceMode(mode, *key, start, whole));
    }
  }
}

template <class Tag, size_t kWays>
void CheckOne(uint64_t seed) {
  if constexpr (test::kSweeps<Tag, kWays>) {
    CheckRandom<Tag, kWays>(seed);
    CheckCounterBoundaries<Tag, kWays>();
  }
}

template <class Tag, size_t... kWays>
void CheckAll(uint64_t seed) {
  (CheckOne<Tag, kWays>(seed), ...);
}

TYPED_TEST(ModesEquivalenceTest, EveryWaysEqualsTheReference) {
#if BRAID_WAYS_GROUP == 0
  CheckAll<TypeParam, 1, 4, 12>(1);
#elif BRAID_WAYS_GROUP == 1
  CheckAll<TypeParam, 2, 3, 16>(2);
#else
  CheckAll<TypeParam, 5, 8>(3);
#endif
}

}  // namespace
}  // namespace braid
