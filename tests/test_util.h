// Helpers shared by braid's tests: hex, seeded random bytes, vector files,
// and the gtest type lists of the ISA tags this build enables.
#ifndef BRAID_TESTS_TEST_UTIL_H_
#define BRAID_TESTS_TEST_UTIL_H_

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/simd/aes_ops.h"
#include "braid/simd/isa.h"
#include "braid/status.h"
#include "gtest/gtest.h"
#include "tests/instances.h"  // the kernels compiled once, not per test

namespace braid::test {

using Bytes = std::vector<uint8_t>;

inline Bytes FromHex(const std::string& hex) {
  Bytes out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(
        static_cast<uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  }
  return out;
}

inline std::string ToHex(const uint8_t* p, size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    s += kDigits[p[i] >> 4];
    s += kDigits[p[i] & 15];
  }
  return s;
}
inline std::string ToHex(const Bytes& b) { return ToHex(b.data(), b.size()); }

inline Bytes RandomBytes(std::mt19937_64& rng, size_t n) {
  Bytes out(n);
  for (auto& b : out) b = static_cast<uint8_t>(rng());
  return out;
}

// Calls f(copy) for each bit of `base`, the copy with that one bit flipped.
template <class F>
void ForEachBitFlip(const Bytes& base, F&& f) {
  for (size_t bit = 0; bit < 8 * base.size(); ++bit) {
    Bytes b = base;
    b[bit / 8] ^= static_cast<uint8_t>(1 << (bit % 8));
    f(b);
  }
}

// Records of `name = value` lines separated by blank lines; '#' comments.
using Record = std::map<std::string, std::string>;

inline std::vector<Record> ReadVectors(const std::string& path) {
  std::ifstream file(path);
  EXPECT_TRUE(file.good()) << "cannot open " << path;
  std::vector<Record> records;
  Record current;
  std::string line;
  auto flush = [&] {
    if (!current.empty()) records.push_back(current);
    current.clear();
  };
  while (std::getline(file, line)) {
    if (!line.empty() && line[0] == '#') continue;
    const size_t eq = line.find(" = ");
    if (eq == std::string::npos) {
      flush();
      continue;
    }
    current[line.substr(0, eq)] = line.substr(eq + 3);
  }
  flush();
  return records;
}

// The AES tags in Ts that this build tests, as ::testing::Types: those the
// compile flags enable, and Neon only where BRAID_TEST_NEON_AES (instances.h).
template <class T>
inline constexpr bool kTestsAes =
    isa::kEnabled<T> && (BRAID_TEST_NEON_AES || !std::is_same_v<T, isa::Neon>);
template <class Out, class... Ts>
struct TestedOnly {
  using type = Out;
};
template <class... Os, class T, class... Ts>
struct TestedOnly<::testing::Types<Os...>, T, Ts...> {
  using type = typename TestedOnly<
      std::conditional_t<kTestsAes<T>, ::testing::Types<Os..., T>,
                         ::testing::Types<Os...>>,
      Ts...>::type;
};

using AesTags = typename TestedOnly<::testing::Types<>, isa::Scalar, isa::Neon,
                                     isa::NeonAes, isa::Sve2Aes>::type;

// Whether this build runs the sweeps (every kWays, every ChaCha20
// configuration) of the SIMD tags it enables. The sve2 profile enables every
// tag, so it sweeps them all, at every vector length, GCC and Clang each
// compiling half of each sweep's points (kSweepsPoint); the crypto and sve
// profiles compile the same templates under narrower flags and check each
// tag at kWays 1 and its default (their ChaCha20 SVE tag is swept there too:
// it is small). The host build sweeps the portable Scalar tag.
inline constexpr bool kFullSweep = BRAID_TEST_SWEEPS_SIMD;  // instances.h

// Whether this compiler takes a point of a SIMD sweep: GCC the odd ones,
// Clang the even ones, both every one with BRAID_FULL_SWEEP (instances.h).
constexpr bool kSweepsPoint(size_t point) {
  return point % 2 == 1 ? BRAID_TEST_SWEEPS_ODD : BRAID_TEST_SWEEPS_EVEN;
}

// Whether kWays is some block mode's default kWays for Tag (GCM's, whose
// batches differ, gcm_test checks itself).
template <class Tag, size_t kWays>
inline constexpr bool kIsDefaultWays =
    kWays == DefaultAesWays<Tag>::kEcb || kWays == DefaultAesWays<Tag>::kCbc ||
    kWays == DefaultAesWays<Tag>::kCfb || kWays == DefaultAesWays<Tag>::kCtr ||
    kWays == DefaultAesWays<Tag>::kXts || kWays == DefaultAesWays<Tag>::kOcb;

// Whether Tag's sweep takes kWays at all: every point but for the Neon tag,
// which sweeps those that take its engine down each of its paths (the same
// as instances.h's BRAID_TEST_SWEPT_CTR_NEON; BRAID_TEST_NEON_SWEEPS_ALL
// with BRAID_FULL_SWEEP).
template <class Tag, size_t kWays>
inline constexpr bool kIsSweptWays =
    !std::is_same_v<Tag, isa::Neon> || BRAID_TEST_NEON_SWEEPS_ALL ||
    kWays == 3 || kWays == 5 || kWays == 9 || kWays == 16;

// Whether a kWays sweep includes (Tag, kWays) in this build: kWays 1 and
// the block modes' defaults in every build. The Scalar
// tag's kernels are the same templates on every target, and GCC spends
// minutes on their widest instances (every AES round is a call), so the
// host build sweeps Scalar over every kWays and the aarch64 builds check it
// at kWays 1 and the default (all of them with BRAID_FULL_SWEEP); the SIMD
// tags sweep where kFullSweep, at the kWays kSweepsPoint gives this
// compiler (the Neon tag at those of kIsSweptWays); kWays 12 only with
// BRAID_FULL_SWEEP. instances.h decides them, and shares the swept CTR
// kernels.
template <class Tag, size_t kWays>
inline constexpr bool kSweeps = kWays == 1 || kIsDefaultWays<Tag, kWays> ||
                                ((kWays != 12 || BRAID_TEST_SWEEPS_12) &&
                                 (std::is_same_v<Tag, isa::Scalar>
                                      ? BRAID_TEST_SWEEPS_SCALAR
                                      : BRAID_TEST_SWEEPS_SIMD &&
                                            kSweepsPoint(kWays) &&
                                            kIsSweptWays<Tag, kWays>));

struct TagName {
  template <class T>
  static std::string GetName(int) {
    return std::string(isa::kName<T>);
  }
};

// Sealing and opening in pieces (Aead::BeginSeal, BeginOpen: random
// multiples of Aead::kPieceBytes but the last, some in place) gives what Seal
// gives, and a wrong tag fails as an authentication failure.
template <class Aead>
void CheckPieces(const Aead& aead, std::mt19937_64& rng, size_t nonce_bytes) {
  for (size_t len : {0, 1, 15, 63, 64, 65, 200, 1000, 8191, 20000}) {
    SCOPED_TRACE("length " + std::to_string(len));
    const Bytes nonce = RandomBytes(rng, nonce_bytes);
    const Bytes aad = RandomBytes(rng, rng() % 40);
    const Bytes pt = RandomBytes(rng, len);
    Bytes sealed(len + 16);
    ASSERT_TRUE(aead.Seal(nonce, aad, pt, absl::MakeSpan(sealed)).ok());
    std::vector<size_t> cuts = {0};
    while (cuts.back() < len) {
      cuts.push_back(std::min(
          len, cuts.back() +
                   Aead::kPieceBytes * (rng() % (8192 / Aead::kPieceBytes))));
    }
    auto sealer = aead.BeginSeal(nonce, aad);
    auto opener = aead.BeginOpen(nonce, aad);
    ASSERT_TRUE(sealer.ok() && opener.ok());
    Bytes ct(len), back(sealed.begin(), sealed.end() - 16);
    for (size_t i = 1; i < cuts.size(); ++i) {
      const size_t at = cuts[i - 1], n = cuts[i] - at;
      ASSERT_TRUE(sealer
                      ->Update(absl::MakeConstSpan(pt).subspan(at, n),
                               absl::MakeSpan(ct).subspan(at, n))
                      .ok());
      const auto piece = absl::MakeSpan(back).subspan(at, n);
      ASSERT_TRUE(opener->Update(piece, piece).ok());
    }
    Bytes tag(16);
    ASSERT_TRUE(sealer->Finish(absl::MakeSpan(tag)).ok());
    ct.insert(ct.end(), tag.begin(), tag.end());
    EXPECT_EQ(ct, sealed);
    EXPECT_TRUE(opener->Finish(tag).ok());
    EXPECT_EQ(back, pt);

    auto forged = aead.BeginOpen(nonce, aad);
    ASSERT_TRUE(forged.ok());
    Bytes out(len);
    ASSERT_TRUE(forged
                    ->Update(absl::MakeConstSpan(sealed).first(len),
                             absl::MakeSpan(out))
                    .ok());
    tag[len % 16] ^= 4;
    EXPECT_TRUE(IsAuthenticationFailure(forged->Finish(tag)));
  }
}

}  // namespace braid::test

#endif  // BRAID_TESTS_TEST_UTIL_H_
