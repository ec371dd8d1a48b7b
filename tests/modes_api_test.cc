// The API contract of CBC, CFB and CTR/CTR32LE: bad IVs, lengths, buffers
// and overlaps are InvalidArgument with a message naming the problem, and
// nothing is written; in place works (checked against the reference in
// modes_equivalence_test). CTR32LE refuses to repeat its keystream. A key
// and a stream leave no secret in their storage once destroyed.
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <new>
#include <string>

#include "gtest/gtest.h"
#include "tests/mode_runner.h"
#include "tests/test_util.h"

namespace braid {
namespace {

using test::Bytes;
using test::Mode;

void ExpectInvalid(const absl::Status& s, const std::string& fragment) {
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_NE(std::string(s.message()).find(fragment), std::string::npos) << s;
}

AesKey TestKey() { return *AesKey::Create(Bytes(32, 9)); }

size_t NonzeroBytes(const unsigned char* p, size_t n) {
  return static_cast<size_t>(
      std::count_if(p, p + n, [](unsigned char b) { return b != 0; }));
}

// Destroys an object built in `storage` and counts the bytes left nonzero.
// GCC treats stores in a destructor as dead (the object's lifetime ends
// there; -flifetime-dse): built with GCC, this fails if internal::Wipe's
// memset is optimised away.
template <class T>
size_t NonzeroBytesAfterDestruction(T* object, const unsigned char* storage) {
  object->~T();
  return NonzeroBytes(storage, sizeof(T));
}

TEST(ModesApiTest, DestroyedKeysAndStreamsLeaveNoSecret) {
  alignas(AesKey) unsigned char key_storage[sizeof(AesKey)] = {};
  AesKey* key = new (key_storage) AesKey(*AesKey::Create(Bytes(32, 0xa5)));
  const size_t before = NonzeroBytes(key_storage, sizeof(AesKey));
  EXPECT_GT(before, 400u);  // both schedules of AES-256
  // What may stay: the round count and the padding before the 16-byte
  // aligned schedules.
  EXPECT_LE(NonzeroBytesAfterDestruction(key, key_storage), 16u);

  const AesKey owner = TestKey();
  using Stream = AesCtr<>;
  alignas(Stream) unsigned char stream_storage[sizeof(Stream)] = {};
  Stream* stream =
      new (stream_storage) Stream(*Stream::Create(owner, Bytes(16, 0)));
  Bytes in(20, 0), out(20);
  ASSERT_TRUE(stream->Crypt(in, absl::MakeSpan(out)).ok());
  // The stream's copy of the key and its unused keystream are gone; its
  // counter, position and name (not secret) may stay.
  EXPECT_LE(NonzeroBytesAfterDestruction(stream, stream_storage), 64u);
}

TEST(ModesApiTest, RejectsIvsThatAreNot16Bytes) {
  const AesKey key = TestKey();
  Bytes in(32), out(32);
  for (size_t n : {0, 12, 15, 17, 32}) {
    const Bytes iv(n, 1);
    const std::string got = "got " + std::to_string(n);
    ExpectInvalid(AesCbcEncrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCbcDecrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCfbEncrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCfbDecrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCtrCrypt(key, iv, in, absl::MakeSpan(out)), got);
    ExpectInvalid(AesCtr32LeCrypt(key, iv, in, absl::MakeSpan(out)), got);
    EXPECT_FALSE(AesCtr<>::Create(key, iv).ok());
    EXPECT_FALSE(AesCbc<>::Create(key, iv).ok());
    EXPECT_FALSE(AesCfb<>::Create(key, iv).ok());
  }
}

TEST(ModesApiTest, CbcTakesWholeBlocksOnly) {
  const AesKey key = TestKey();
  const Bytes iv(16, 2);
  for (size_t n : {1, 15, 17, 40}) {
    Bytes in(n), out(n, 0xee);
    ExpectInvalid(AesCbcEncrypt(key, iv, in, absl::MakeSpan(out)),
                  "whole number of 16-byte blocks, got " + std::to_string(n));
    ExpectInvalid(AesCbcDecrypt(key, iv, in, absl::MakeSpan(out)),
                  "AES-CBC decrypt");
    EXPECT_EQ(out, Bytes(n, 0xee)) << "nothing written on error";
  }
}

TEST(ModesApiTest, EveryModeRejectsPartialOverlapAndShortOutput) {
  const AesKey key = TestKey();
  const Bytes iv(16, 3);
  for (Mode mode : test::kAllModes) {
    SCOPED_TRACE(test::ModeName(mode));
    Bytes buf(128, 4);
    auto run = [&](absl::Span<const uint8_t> in, absl::Span<uint8_t> out) {
      switch (mode) {
        case Mode::kCbcEncrypt:
          return AesCbcEncrypt(key, iv, in, out);
        case Mode::kCbcDecrypt:
          return AesCbcDecrypt(key, iv, in, out);
        case Mode::kCfbEncrypt:
          return AesCfbEncrypt(key, iv, in, out);
        case Mode::kCfbDecrypt:
          return AesCfbDecrypt(key, iv, in, out);
        case Mode::kCtr:
          return AesCtrCrypt(key, iv, in, out);
        case Mode::kCtr32Le:
          return AesCtr32LeCrypt(key, iv, in, out);
      }
      return absl::InternalError("unknown mode");
    };
    const absl::Span<const uint8_t> in(buf.data(), 64);
    ExpectInvalid(run(in, absl::MakeSpan(buf.data() + 16, 64)), "overlap");
    ExpectInvalid(run(absl::Span<const uint8_t>(buf.data() + 48, 64),
                      absl::MakeSpan(buf.data(), 64)),
                  "overlap");
    ExpectInvalid(run(in, absl::MakeSpan(buf.data() + 64, 48)),
                  "cannot hold the 64-byte input");
    ExpectInvalid(run(absl::Span<const uint8_t>(nullptr, 16),
                      absl::MakeSpan(buf.data(), 16)),
                  "input pointer is null");
    EXPECT_TRUE(run(in, absl::MakeSpan(buf.data() + 64, 64)).ok());
    EXPECT_TRUE(run(in, absl::MakeSpan(buf.data(), 64)).ok()) << "in place";
    EXPECT_TRUE(run({}, {}).ok()) << "empty";
  }
}

TEST(ModesApiTest, StreamsContinueAcrossCalls) {
  const AesKey key = TestKey();
  const Bytes iv(16, 5);
  const Bytes msg(100, 6);
  Bytes whole(100), pieces(100);
  ASSERT_TRUE(AesCtrCrypt(key, iv, msg, absl::MakeSpan(whole)).ok());
  auto ctr = AesCtr<>::Create(key, iv);
  ASSERT_TRUE(ctr.ok());
  for (size_t at : {0, 7, 23, 64}) {
    const size_t end = at == 64 ? 100 : (at == 0 ? 7 : at == 7 ? 23 : 64);
    ASSERT_TRUE(ctr->Crypt(absl::MakeConstSpan(msg.data() + at, end - at),
                           absl::MakeSpan(pieces.data() + at, end - at))
                    .ok());
  }
  EXPECT_EQ(pieces, whole);
  // The counter advanced by the seven blocks the 100 bytes touched.
  Bytes expected_counter = iv;
  expected_counter[15] += 7;
  EXPECT_EQ(Bytes(ctr->counter(), ctr->counter() + 16), expected_counter);
}

// Address space that faults on any access: a call refused before it reads
// or writes can take a span over it of any length.
class Untouchable {
 public:
  explicit Untouchable(size_t bytes) : bytes_(bytes) {
    void* p = mmap(nullptr, bytes, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    base_ = p == MAP_FAILED ? nullptr : static_cast<uint8_t*>(p);
  }
  ~Untouchable() {
    if (base_ != nullptr) munmap(base_, bytes_);
  }
  uint8_t* data() const { return base_; }

 private:
  size_t bytes_;
  uint8_t* base_;
};

constexpr uint64_t kCtr32LeBlocks = uint64_t{1} << 32;

void ExpectCounterRefusal(const absl::Status& s) {
  EXPECT_EQ(s.code(), absl::StatusCode::kOutOfRange) << s;
  EXPECT_NE(std::string(s.message()).find("2^32 blocks of keystream"),
            std::string::npos)
      << s;
}

TEST(ModesApiTest, Ctr32LeRefusesToRepeatItsKeystream) {
  const AesKey key = TestKey();
  const Bytes iv(16, 8);
  const Untouchable huge(16 * kCtr32LeBlocks + 16);
  ASSERT_NE(huge.data(), nullptr);
  // One block past the limit, in one call and after a partial block.
  ExpectCounterRefusal(AesCtr32LeCrypt(
      key, iv, absl::MakeConstSpan(huge.data(), 16 * kCtr32LeBlocks + 1),
      absl::MakeSpan(huge.data(), 16 * kCtr32LeBlocks + 1)));
  const Bytes msg(48, 6);
  Bytes whole(48), pieces(48);
  ASSERT_TRUE(AesCtr32LeCrypt(key, iv, msg, absl::MakeSpan(whole)).ok());
  auto ctr = AesCtr32Le<>::Create(key, iv);
  ASSERT_TRUE(ctr.ok());
  ASSERT_TRUE(ctr->Crypt(absl::MakeConstSpan(msg).first(20),
                         absl::MakeSpan(pieces).first(20))
                  .ok());
  // 12 bytes of block 1 are left, then the 2^32 - 2 blocks after it.
  const size_t past = 12 + 16 * (kCtr32LeBlocks - 2) + 1;
  ExpectCounterRefusal(ctr->Crypt(absl::MakeConstSpan(huge.data(), past),
                                  absl::MakeSpan(huge.data(), past)));
  // The refusal changed nothing: the stream goes on where it was.
  ASSERT_TRUE(ctr->Crypt(absl::MakeConstSpan(msg).subspan(20),
                         absl::MakeSpan(pieces).subspan(20))
                  .ok());
  EXPECT_EQ(pieces, whole);
}

// The limit's edge, reached through the stream state (2^32 blocks of work
// would be 64 GiB): exactly the blocks left are allowed, one more is not.
TEST(ModesApiTest, Ctr32LeStopsExactlyAtTheLimit) {
  using Counter = ctr_internal::LittleEndian32;
  const AesKey key = TestKey();
  const Bytes msg(64, 6);
  Bytes expected(64), out(64);
  ctr_internal::State fresh;
  std::fill(fresh.counter, fresh.counter + 16, 3);
  ctr_internal::State near_limit = fresh;
  near_limit.blocks = kCtr32LeBlocks - 3;
  ASSERT_TRUE((ctr_internal::Crypt<Counter, DefaultAesIsa,
                                   DefaultAesWays<DefaultAesIsa>::kCtr>(
                   key, fresh, "AES-CTR32LE", msg, absl::MakeSpan(expected)))
                  .ok());
  auto crypt = [&](size_t from, size_t to) {
    return ctr_internal::Crypt<Counter, DefaultAesIsa,
                               DefaultAesWays<DefaultAesIsa>::kCtr>(
        key, near_limit, "AES-CTR32LE",
        absl::MakeConstSpan(msg).subspan(from, to - from),
        absl::MakeSpan(out).subspan(from, to - from));
  };
  ASSERT_TRUE(crypt(0, 20).ok());  // blocks 0 and 1, 12 bytes left of 1
  ExpectCounterRefusal(crypt(20, 20 + 12 + 16 + 1));
  ASSERT_TRUE(crypt(20, 48).ok());  // the rest of block 1, then block 2
  EXPECT_EQ(absl::MakeConstSpan(out).first(48),
            absl::MakeConstSpan(expected).first(48));
  EXPECT_TRUE(crypt(48, 48).ok()) << "an empty call needs no block";
  ExpectCounterRefusal(crypt(48, 49));
}

}  // namespace
}  // namespace braid
