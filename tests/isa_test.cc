// The compile-time ISA selection: tags, traits, isa::Native.
#include "braid/simd/isa.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace braid::isa {
namespace {

TEST(IsaTest, NativeIsEnabledAndMatchesTheFlags) {
  EXPECT_TRUE(kEnabled<Native>);
#if defined(__ARM_FEATURE_SVE2_AES)
  EXPECT_EQ(kName<Native>, "sve2aes");
#elif defined(__ARM_FEATURE_SVE)
  EXPECT_EQ(kName<Native>, "sve");
#elif defined(__ARM_FEATURE_AES)
  EXPECT_EQ(kName<Native>, "neonaes");
#elif !defined(__aarch64__)
  EXPECT_EQ(kName<Native>, "scalar");
#endif
}

TEST(IsaTest, EnabledTagsFollowTheFlags) {
  std::vector<std::string> names;
  ForEachEnabled(
      [&](auto tag) { names.push_back(std::string(kName<decltype(tag)>)); });
  std::vector<std::string> expected = {"scalar"};
#if defined(__aarch64__)
  expected.push_back("neon");
#endif
#if defined(__ARM_FEATURE_AES)
  expected.push_back("neonaes");
#endif
#if defined(__ARM_FEATURE_SVE)
  expected.push_back("sve");
#endif
#if defined(__ARM_FEATURE_SVE2)
  expected.push_back("sve2");
#endif
#if defined(__ARM_FEATURE_SVE2_AES)
  expected.push_back("sve2aes");
#endif
  EXPECT_EQ(names, expected);
}

TEST(IsaTest, TraitsNestTheWayTheArchitectureDoes) {
  ForEachEnabled([](auto tag) {
    using T = Traits<decltype(tag)>;
    if (T::kSve2) {
      EXPECT_TRUE(T::kSve);
    }
    if (T::kSveAes) {
      EXPECT_TRUE(T::kSve2 && T::kAes);
    }
    if (T::kAes) {
      EXPECT_TRUE(T::kNeon && T::kPmull);
    }
  });
}

}  // namespace
}  // namespace braid::isa
