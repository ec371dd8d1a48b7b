// Every ChaCha20 configuration the build enables, (ISA tag, vector blocks,
// scalar blocks), against the plain reference of tests/reference_chacha20.h:
// RFC 8439's vectors, random keys, nonces, counters and lengths, the 64-bit
// counter carrying across 2^32 inside a batch, messages split into random
// calls, in place, buffers against inaccessible pages. BRAID_CHACHA20_GROUP
// picks the tags of this binary, so the groups compile in parallel: 0 Scalar
// and the SVE tags, 1 Neon, 2 NeonAes. Which configurations a build checks:
// kSwept below. The _os_ targets build the same at -Os, where the NEON
// kernels have compact tails (chacha20_engine::kCompactTails).
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "braid/chacha20.h"
#include "braid/chacha20_defaults.h"
#include "gtest/gtest.h"
#include "tests/guarded_buffer.h"
#include "tests/reference_chacha20.h"
#include "tests/test_util.h"

#ifndef BRAID_CHACHA20_GROUP
#define BRAID_CHACHA20_GROUP 0
#endif

// The -Os targets exist to check the kernels' compact tails: they must get
// them, or they would check the -O2 path again under another name.
#if defined(BRAID_CHACHA20_EXPECT_COMPACT_TAILS)
static_assert(braid::chacha20_engine::kCompactTails,
              "this target must build at -Os (see tests/BUILD.bazel)");
#endif

namespace braid {
namespace {

using test::Bytes;

// Neon's 44 configurations are swept where test::kFullSweep holds, each by
// the compiler test::kSweepsPoint gives the parity of its blocks; other
// builds check its default, one vector block and one scalar block. NeonAes
// and Sve2Aes get that short list everywhere: ChaCha20 uses neither AES nor
// PMULL, and their kernels are Neon's and Sve2's, instantiated under another
// tag.
template <class Isa, size_t kVector, size_t kScalar>
constexpr bool kSwept() {
  using Default = ChaCha20Defaults<Isa>;
  constexpr bool kShortList = (kVector == Default::kVectorBlocks &&
                               kScalar == Default::kScalarBlocks) ||
                              kVector + kScalar == 1;
  if constexpr (std::is_same_v<Isa, isa::NeonAes> ||
                std::is_same_v<Isa, isa::Sve2Aes>) {
    return kShortList;
  } else if constexpr (std::is_same_v<Isa, isa::Neon>) {
    return (test::kFullSweep && test::kSweepsPoint(kVector + kScalar)) ||
           kShortList;
  } else {
    return true;
  }
}

template <class Isa, size_t kVector, size_t kScalar>
struct Config {
  using Stream = ChaCha20<Isa, kVector, kScalar>;
  static constexpr bool kTested =
      isa::kEnabled<Isa> &&
      chacha20_engine::kValidConfig<Isa, kVector, kScalar> &&
      kSwept<Isa, kVector, kScalar>();
};

// ::testing::Types of the configurations in Cs... that the build enables.
template <class Out, class... Cs>
struct Tested {
  using type = Out;
};
template <class... Os, class C, class... Cs>
struct Tested<::testing::Types<Os...>, C, Cs...> {
  using type =
      typename Tested<std::conditional_t<C::kTested, ::testing::Types<Os..., C>,
                                         ::testing::Types<Os...>>,
                      Cs...>::type;
};

// (n, s) for n in 0..8 and s in 0..4: index i is (i / 5, i % 5).
template <class Isa, size_t... kI>
auto Grid(std::index_sequence<kI...>) ->
    typename Tested<::testing::Types<>, Config<Isa, kI / 5, kI % 5>...>::type;

template <class Isa>
using AllOf = decltype(Grid<Isa>(std::make_index_sequence<45>{}));

template <class A, class B>
struct Join;
template <class... As, class... Bs>
struct Join<::testing::Types<As...>, ::testing::Types<Bs...>> {
  using type = ::testing::Types<As..., Bs...>;
};

#if BRAID_CHACHA20_GROUP == 0
using Configs = typename Join<
    typename Join<AllOf<isa::Scalar>, AllOf<isa::Sve>>::type,
    typename Join<AllOf<isa::Sve2>, AllOf<isa::Sve2Aes>>::type>::type;
#elif BRAID_CHACHA20_GROUP == 1
using Configs = AllOf<isa::Neon>;
#else
using Configs = AllOf<isa::NeonAes>;
#endif

// Groups 1 and 2 are NEON tags: a build without NEON has none to test.
#if BRAID_CHACHA20_GROUP == 0 || defined(__ARM_NEON)
template <class C>
class ChaCha20ConfigTest : public ::testing::Test {};

struct ConfigName {
  template <class C>
  static std::string GetName(int) {
    return Name(static_cast<C*>(nullptr));
  }
  template <class Isa, size_t kVector, size_t kScalar>
  static std::string Name(Config<Isa, kVector, kScalar>*) {
    return std::string(isa::kName<Isa>) + "_n" + std::to_string(kVector) +
           "_s" + std::to_string(kScalar);
  }
};

TYPED_TEST_SUITE(ChaCha20ConfigTest, Configs, ConfigName);

// One configuration's ChaCha20 behind a virtual interface, so that each
// check below is compiled once, not once per configuration: the
// configurations' own code is then only their kernels.
class Cipher {
 public:
  virtual ~Cipher() = default;
  // A new stream from (key, nonce, counter); false if Create refused.
  virtual bool Begin(const Bytes& key, const Bytes& nonce,
                     uint64_t counter) = 0;
  virtual absl::Status Crypt(absl::Span<const uint8_t> in,
                             absl::Span<uint8_t> out) = 0;

  Bytes Crypt(const Bytes& in) {
    Bytes out(in.size());
    EXPECT_TRUE(Crypt(in, absl::MakeSpan(out)).ok());
    return out;
  }
};

template <class Stream>
class CipherOf : public Cipher {
 public:
  bool Begin(const Bytes& key, const Bytes& nonce, uint64_t counter) override {
    auto s = Stream::Create(key, nonce, counter);
    if (!s.ok()) return false;
    stream_.emplace(*std::move(s));
    return true;
  }
  absl::Status Crypt(absl::Span<const uint8_t> in,
                     absl::Span<uint8_t> out) override {
    return stream_->Crypt(in, out);
  }

 private:
  std::optional<Stream> stream_;
};

template <class C>
std::unique_ptr<Cipher> Make() {
  return std::make_unique<CipherOf<typename C::Stream>>();
}

void CheckRfc8439Vectors(Cipher& cipher) {
  const auto records = test::ReadVectors("tests/vectors/rfc8439_chacha20.txt");
  ASSERT_EQ(records.size(), 10u);
  for (const auto& r : records) {
    ASSERT_TRUE(cipher.Begin(test::FromHex(r.at("key")),
                             test::FromHex(r.at("nonce")),
                             std::stoull(r.at("counter"))));
    EXPECT_EQ(test::ToHex(cipher.Crypt(test::FromHex(r.at("pt")))), r.at("ct"))
        << r.at("section");
  }
}

TYPED_TEST(ChaCha20ConfigTest, Rfc8439Vectors) {
  CheckRfc8439Vectors(*Make<TypeParam>());
}

// Random keys, both nonce sizes, lengths 0..300, every tail length of a
// batch, a spread up to 4 KiB, and around one to three two-group SVE
// batches at 2048 bits (130 blocks with two scalar blocks): each equals the
// reference, also in place.
void CheckEqualsReference(Cipher& cipher) {
  std::mt19937_64 rng(8439);
  std::vector<size_t> lengths;
  for (size_t n = 0; n <= 300; ++n) lengths.push_back(n);
  // Every tail a batch can leave (up to 12 blocks), whole and partial.
  for (size_t blocks = 5; blocks <= 16; ++blocks) {
    for (size_t extra : {0, 1, 33}) lengths.push_back(64 * blocks + extra);
    lengths.push_back(64 * blocks - 1);
  }
  for (size_t n : {511, 512, 513, 575, 576, 577, 1023, 1024, 1088, 2047, 2048,
                   4096, 4160}) {
    lengths.push_back(n);
  }
  for (size_t blocks : {128, 129, 130, 131, 133, 194, 195, 259, 260, 261}) {
    lengths.push_back(64 * blocks);
    lengths.push_back(64 * blocks + 33);
  }
  for (size_t len : lengths) {
    const Bytes key = test::RandomBytes(rng, 32);
    const Bytes nonce = test::RandomBytes(rng, len % 2 ? 12 : 8);
    const uint64_t counter =
        nonce.size() == 12 ? rng() % 0xffff0000u : rng() >> 1;
    const Bytes in = test::RandomBytes(rng, len);
    const Bytes want = test::ReferenceChaCha20(key.data(), nonce, counter, in);
    ASSERT_TRUE(cipher.Begin(key, nonce, counter));
    ASSERT_EQ(test::ToHex(cipher.Crypt(in)), test::ToHex(want))
        << "length " << len;
    Bytes buf = in;
    ASSERT_TRUE(cipher.Begin(key, nonce, counter));
    ASSERT_TRUE(cipher.Crypt(buf, absl::MakeSpan(buf)).ok());
    EXPECT_EQ(buf, want) << "in place, length " << len;
  }
}

TYPED_TEST(ChaCha20ConfigTest, EqualsReference) {
  CheckEqualsReference(*Make<TypeParam>());
}

// The original 64-bit counter starting just below 2^32 and 2^64 - 2^10:
// lanes inside one batch carry into word 13 (or not) independently, also
// inside the second group of a two-group batch at 2048 bits (block 70).
void CheckCounterCarries(Cipher& cipher) {
  std::mt19937_64 rng(7);
  const Bytes key = test::RandomBytes(rng, 32);
  const Bytes nonce = test::RandomBytes(rng, 8);
  const Bytes in = test::RandomBytes(rng, 64 * 200 + 17);
  for (uint64_t counter :
       {0xffffffffull - 2, 0xffffffffull - 9, 0xffffffffull - 69,
        0x1ffffffffull - 16, 0xffffffffffffffffull - 1024}) {
    ASSERT_TRUE(cipher.Begin(key, nonce, counter));
    EXPECT_EQ(cipher.Crypt(in),
              test::ReferenceChaCha20(key.data(), nonce, counter, in))
        << "counter " << counter;
  }
}

TYPED_TEST(ChaCha20ConfigTest, CounterCarriesIntoTheHighWord) {
  CheckCounterCarries(*Make<TypeParam>());
}

// A message cut into random pieces gives the bytes of one call.
void CheckSplitCalls(Cipher& cipher) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 20; ++trial) {
    const Bytes key = test::RandomBytes(rng, 32);
    const Bytes nonce = test::RandomBytes(rng, 12);
    const Bytes in = test::RandomBytes(rng, rng() % 3000);
    const Bytes want = test::ReferenceChaCha20(key.data(), nonce, 1, in);
    ASSERT_TRUE(cipher.Begin(key, nonce, 1));
    Bytes out(in.size());
    size_t at = 0;
    while (at < in.size()) {
      const size_t n = std::min<size_t>(in.size() - at, rng() % 200);
      ASSERT_TRUE(cipher
                      .Crypt(absl::MakeConstSpan(in).subspan(at, n),
                             absl::MakeSpan(out).subspan(at, n))
                      .ok());
      at += n;
    }
    EXPECT_EQ(out, want) << "trial " << trial;
  }
}

TYPED_TEST(ChaCha20ConfigTest, SplitCallsResume) {
  CheckSplitCalls(*Make<TypeParam>());
}

// Input and output right against a PROT_NONE page, before and after, and in
// place: every tail (the predicated SVE ones at every vector length, the
// buffered partial block) stays inside the buffers.
void CheckStaysInside(Cipher& cipher) {
  std::mt19937_64 rng(4);
  std::vector<size_t> lengths;
  for (size_t n = 0; n <= 300; ++n) lengths.push_back(n);
  for (size_t blocks :
       {5, 7, 9, 12, 13, 17, 33, 64, 65, 66, 67, 68, 69, 130, 131, 133, 195}) {
    lengths.push_back(64 * blocks);
    lengths.push_back(64 * blocks - 7);
  }
  constexpr size_t kCapacity = 64 * 195;
  const test::GuardedBuffer in_buffer(kCapacity), out_buffer(kCapacity);
  const Bytes key = test::RandomBytes(rng, 32);
  const Bytes nonce = test::RandomBytes(rng, 12);
  for (size_t len : lengths) {
    const Bytes in = test::RandomBytes(rng, len);
    const Bytes want = test::ReferenceChaCha20(key.data(), nonce, 7, in);
    struct Placement {
      uint8_t* in;
      uint8_t* out;
      const char* what;
    };
    for (const Placement& p :
         {Placement{in_buffer.Tail(len), out_buffer.Head(len),
                    "input before a guard page, output after one"},
          Placement{in_buffer.Head(len), out_buffer.Tail(len),
                    "input after a guard page, output before one"},
          Placement{in_buffer.Tail(len), in_buffer.Tail(len),
                    "in place before a guard page"}}) {
      if (len > 0) std::memcpy(p.in, in.data(), len);
      ASSERT_TRUE(cipher.Begin(key, nonce, 7));
      ASSERT_TRUE(
          cipher
              .Crypt(absl::MakeConstSpan(p.in, len), absl::MakeSpan(p.out, len))
              .ok());
      ASSERT_EQ(Bytes(p.out, p.out + len), want)
          << p.what << ", length " << len;
    }
  }
}

TYPED_TEST(ChaCha20ConfigTest, StaysInsideItsBuffers) {
  CheckStaysInside(*Make<TypeParam>());
}

#endif  // BRAID_CHACHA20_GROUP == 0 || defined(__ARM_NEON)

}  // namespace
}  // namespace braid
