// Runs the modes of lib/modes/ by name for a given (tag, kWays), whole or in
// pieces, so that one test body can check every configuration of each.
#ifndef BRAID_TESTS_MODE_RUNNER_H_
#define BRAID_TESTS_MODE_RUNNER_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "braid/aes_key.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/ctr.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace braid::test {

enum class Mode {
  kCbcEncrypt,
  kCbcDecrypt,
  kCfbEncrypt,
  kCfbDecrypt,
  kCtr,
  kCtr32Le
};

inline const char* ModeName(Mode m) {
  switch (m) {
    case Mode::kCbcEncrypt:
      return "cbc-enc";
    case Mode::kCbcDecrypt:
      return "cbc-dec";
    case Mode::kCfbEncrypt:
      return "cfb-enc";
    case Mode::kCfbDecrypt:
      return "cfb-dec";
    case Mode::kCtr:
      return "ctr";
    case Mode::kCtr32Le:
      return "ctr32le";
  }
  return "?";
}

inline constexpr Mode kAllModes[] = {Mode::kCbcEncrypt, Mode::kCbcDecrypt,
                                     Mode::kCfbEncrypt, Mode::kCfbDecrypt,
                                     Mode::kCtr,        Mode::kCtr32Le};

inline bool WholeBlocksOnly(Mode m) {
  return m == Mode::kCbcEncrypt || m == Mode::kCbcDecrypt;
}

// Runs `mode` over `in` in the pieces `cuts` gives (piece lengths; whatever
// is left goes in a last piece), writing `out` (resized to in.size()).
// `in_place` copies in to out first and passes the same buffer.
template <class Tag, size_t kWays>
absl::Status RunMode(Mode mode, const AesKey& key, const Bytes& iv,
                     const Bytes& in, Bytes& out,
                     const std::vector<size_t>& cuts = {},
                     bool in_place = false) {
  out.assign(in.size(), 0);
  if (in_place) out = in;
  const uint8_t* src = in_place ? out.data() : in.data();
  auto pieces = [&](auto&& step) -> absl::Status {
    size_t at = 0;
    for (size_t cut : cuts) {
      cut = std::min(cut, in.size() - at);
      absl::Status s = step(absl::MakeConstSpan(src + at, cut),
                            absl::MakeSpan(out.data() + at, cut));
      if (!s.ok()) return s;
      at += cut;
    }
    return step(absl::MakeConstSpan(src + at, in.size() - at),
                absl::MakeSpan(out.data() + at, in.size() - at));
  };
  switch (mode) {
    case Mode::kCbcEncrypt:
    case Mode::kCbcDecrypt: {
      auto c = AesCbc<Tag, kWays>::Create(key, iv);
      if (!c.ok()) return c.status();
      return pieces([&](auto i, auto o) {
        return mode == Mode::kCbcEncrypt ? c->Encrypt(i, o) : c->Decrypt(i, o);
      });
    }
    case Mode::kCfbEncrypt:
    case Mode::kCfbDecrypt: {
      auto c = AesCfb<Tag, kWays>::Create(key, iv);
      if (!c.ok()) return c.status();
      return pieces([&](auto i, auto o) {
        return mode == Mode::kCfbEncrypt ? c->Encrypt(i, o) : c->Decrypt(i, o);
      });
    }
    case Mode::kCtr: {
      auto c = AesCtr<Tag, kWays>::Create(key, iv);
      if (!c.ok()) return c.status();
      return pieces([&](auto i, auto o) { return c->Crypt(i, o); });
    }
    case Mode::kCtr32Le: {
      auto c = AesCtr32Le<Tag, kWays>::Create(key, iv);
      if (!c.ok()) return c.status();
      return pieces([&](auto i, auto o) { return c->Crypt(i, o); });
    }
  }
  return absl::InternalError("unknown mode");
}

// Random piece lengths summing to at most n (multiples of 16 if `blocks`).
inline std::vector<size_t> RandomCuts(std::mt19937_64& rng, size_t n,
                                      bool blocks) {
  std::vector<size_t> cuts;
  size_t at = 0;
  while (at < n && cuts.size() < 8) {
    size_t c = rng() % (n - at + 1);
    if (blocks) c -= c % 16;
    cuts.push_back(c);
    at += c;
  }
  return cuts;
}

}  // namespace braid::test

#endif  // BRAID_TESTS_MODE_RUNNER_H_
