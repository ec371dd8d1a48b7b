// Bounds: every AES mode, for every tag compiled in, and the ChaCha20 AEADs, at
// every length from 0 to 300 bytes, reads and writes nothing outside its
// buffers. The input is placed right before a PROT_NONE page and the output
// right after one, then the other way round; a byte too many faults. The
// results equal the same call on ordinary memory. Under qemu this covers the
// predicated SVE2-AES tails at every vector length of the matrix.
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/chacha20_poly1305.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "gtest/gtest.h"
#include "tests/aead_instances.h"
#include "tests/guarded_buffer.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using In = absl::Span<const uint8_t>;
using Out = absl::Span<uint8_t>;

constexpr size_t kMaxLength = 300;

// One operation: out_size(len) bytes out of len bytes in.
struct Operation {
  std::string name;
  std::function<bool(size_t len)> takes;  // which lengths it accepts
  std::function<size_t(size_t len)> out_size;
  std::function<absl::Status(In, Out)> run;
};

// Runs each operation at every length it takes against guard pages on both
// sides; counts the runs in `checked` (a void function: gtest's ASSERTs).
void CheckInBounds(const std::vector<Operation>& operations,
                   std::mt19937_64& rng, int& checked) {
  const test::GuardedBuffer in_buffer(kMaxLength + 16);
  const test::GuardedBuffer out_buffer(kMaxLength + 16);
  for (const Operation& op : operations) {
    for (size_t len = 0; len <= kMaxLength + 16; ++len) {
      if (!op.takes(len)) continue;
      SCOPED_TRACE(op.name + " length " + std::to_string(len));
      const Bytes in = test::RandomBytes(rng, len);
      const size_t out_len = op.out_size(len);
      Bytes want(out_len);
      ASSERT_TRUE(op.run(in, absl::MakeSpan(want)).ok());
      // Input against the end of its page and output against the start of
      // its page, then the other way round.
      for (int side = 0; side < 2; ++side) {
        uint8_t* src = side == 0 ? in_buffer.Tail(len) : in_buffer.Head(len);
        uint8_t* dst =
            side == 0 ? out_buffer.Head(out_len) : out_buffer.Tail(out_len);
        if (len != 0) std::memcpy(src, in.data(), len);
        ASSERT_TRUE(
            op.run(absl::MakeConstSpan(src, len), absl::MakeSpan(dst, out_len))
                .ok());
        ASSERT_EQ(test::ToHex(dst, out_len), test::ToHex(want));
        ++checked;
      }
    }
  }
}

template <class Tag>
class ModesBoundsTest : public ::testing::Test {};
TYPED_TEST_SUITE(ModesBoundsTest, test::AesTags, test::TagName);

TYPED_TEST(ModesBoundsTest, NothingOutsideTheBuffers) {
  using Tag = TypeParam;
  std::mt19937_64 rng(404);
  const Bytes key_bytes = test::RandomBytes(rng, 16);
  Bytes xts_bytes = test::RandomBytes(rng, 32);
  xts_bytes[0] = static_cast<uint8_t>(xts_bytes[16] ^ 1);
  const Bytes iv = test::RandomBytes(rng, 16);
  const In nonce = absl::MakeConstSpan(iv).first(12);
  const AesKey key = *AesKey::Create(key_bytes);
  const AesXtsKey xts = *AesXtsKey::Create(xts_bytes);
  const auto ocb = *AesOcb<Tag>::Create(key_bytes);
  const auto siv = *AesGcmSiv<Tag>::Create(key_bytes);
  const auto gcm = *AesGcm<Tag>::Create(key_bytes);
  const In aad = absl::MakeConstSpan(iv).first(13);

  const auto any = [](size_t) { return true; };
  const auto blocks = [](size_t len) { return len % 16 == 0; };
  const auto data_unit = [](size_t len) { return len >= 16; };
  const auto same = [](size_t len) { return len; };
  const auto plus_tag = [](size_t len) { return len + 16; };
  const auto minus_tag = [](size_t len) { return len - 16; };
  const auto sealed = [](size_t len) { return len >= 16; };
  const std::vector<Operation> operations = {
      {"ecb-enc", blocks, same,
       [&](In i, Out o) { return AesEcbEncrypt<Tag>(key, i, o); }},
      {"ecb-dec", blocks, same,
       [&](In i, Out o) { return AesEcbDecrypt<Tag>(key, i, o); }},
      {"cbc-enc", blocks, same,
       [&](In i, Out o) { return AesCbcEncrypt<Tag>(key, iv, i, o); }},
      {"cbc-dec", blocks, same,
       [&](In i, Out o) { return AesCbcDecrypt<Tag>(key, iv, i, o); }},
      {"cfb-enc", any, same,
       [&](In i, Out o) { return AesCfbEncrypt<Tag>(key, iv, i, o); }},
      {"cfb-dec", any, same,
       [&](In i, Out o) { return AesCfbDecrypt<Tag>(key, iv, i, o); }},
      {"ctr", any, same,
       [&](In i, Out o) { return AesCtrCrypt<Tag>(key, iv, i, o); }},
      {"ctr32le", any, same,
       [&](In i, Out o) { return AesCtr32LeCrypt<Tag>(key, iv, i, o); }},
      {"xts-enc", data_unit, same,
       [&](In i, Out o) { return AesXtsEncrypt<Tag>(xts, iv, i, o); }},
      {"xts-dec", data_unit, same,
       [&](In i, Out o) { return AesXtsDecrypt<Tag>(xts, iv, i, o); }},
      {"ocb-seal", any, plus_tag,
       [&](In i, Out o) { return ocb.Seal(nonce, {}, i, o); }},
      // Opening random bytes decrypts them all, then fails the tag: the
      // whole path, which must stay in bounds and leave zeros.
      {"ocb-open", sealed, minus_tag,
       [&](In i, Out o) {
         (void)ocb.Open(nonce, {}, i, o);
         return absl::OkStatus();
       }},
      {"gcm-siv-seal", any, plus_tag,
       [&](In i, Out o) { return siv.Seal(nonce, {}, i, o); }},
      {"gcm-siv-open", sealed, minus_tag,
       [&](In i, Out o) {
         (void)siv.Open(nonce, {}, i, o);
         return absl::OkStatus();
       }},
      {"gcm-seal", any, plus_tag,
       [&](In i, Out o) { return gcm.Seal(nonce, aad, i, o); }},
      {"gcm-open", sealed, minus_tag,
       [&](In i, Out o) {
         (void)gcm.Open(nonce, aad, i, o);
         return absl::OkStatus();
       }},
  };

  int checked = 0;
  CheckInBounds(operations, rng, checked);
  EXPECT_GT(checked, 3000);
}

// ChaCha20-Poly1305 and XChaCha20-Poly1305 in the build's default ChaCha20
// configuration (the kernels themselves are checked against guard pages in
// every configuration by chacha20_configs_test).
TEST(ChaCha20Poly1305BoundsTest, NothingOutsideTheBuffers) {
  std::mt19937_64 rng(405);
  const Bytes key = test::RandomBytes(rng, 32);
  const Bytes nonce = test::RandomBytes(rng, 24);
  const In aad = absl::MakeConstSpan(nonce).first(13);
  const auto ietf = *ChaCha20Poly1305<>::Create(key);
  const auto extended = *XChaCha20Poly1305<>::Create(key);
  const In n12 = absl::MakeConstSpan(nonce).first(12);
  const auto any = [](size_t) { return true; };
  const auto plus_tag = [](size_t len) { return len + 16; };
  const auto minus_tag = [](size_t len) { return len - 16; };
  const auto sealed = [](size_t len) { return len >= 16; };
  const std::vector<Operation> operations = {
      {"chacha20-poly1305-seal", any, plus_tag,
       [&](In i, Out o) { return ietf.Seal(n12, aad, i, o); }},
      {"chacha20-poly1305-open", sealed, minus_tag,
       [&](In i, Out o) {
         (void)ietf.Open(n12, aad, i, o);
         return absl::OkStatus();
       }},
      {"xchacha20-poly1305-seal", any, plus_tag,
       [&](In i, Out o) { return extended.Seal(nonce, aad, i, o); }},
      {"xchacha20-poly1305-open", sealed, minus_tag,
       [&](In i, Out o) {
         (void)extended.Open(nonce, aad, i, o);
         return absl::OkStatus();
       }},
  };
  int checked = 0;
  CheckInBounds(operations, rng, checked);
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace braid
