// The braid program streams: 256 MiB through `braid enc -c chacha20` from a
// generated standard input to a counting standard output, with peak memory
// growing by far less than the stream. Its own binary, so that nothing else
// has raised the peak before it runs.
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "braid/chacha20.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"
#include "tools/braid_cli.h"

namespace braid::cli {
namespace {

constexpr uint64_t kStreamBytes = uint64_t{256} << 20;
constexpr size_t kKeptBytes = 4096;  // the first and last, checked in full

// Byte i of the input.
uint8_t InputByte(uint64_t i) { return static_cast<uint8_t>(i * 131 + 7); }

struct Source {
  uint64_t at = 0;
};

ssize_t ReadSource(void* cookie, char* buf, size_t n) {
  auto* s = static_cast<Source*>(cookie);
  const uint64_t left = kStreamBytes - s->at;
  if (n > left) n = left;
  for (size_t i = 0; i < n; ++i)
    buf[i] = static_cast<char>(InputByte(s->at + i));
  s->at += n;
  return static_cast<ssize_t>(n);
}

struct Sink {
  uint64_t count = 0;
  std::vector<uint8_t> head, tail;
};

ssize_t WriteSink(void* cookie, const char* buf, size_t n) {
  auto* s = static_cast<Sink*>(cookie);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t at = s->count + i;
    const auto byte = static_cast<uint8_t>(buf[i]);
    if (at < kKeptBytes) s->head.push_back(byte);
    if (at >= kStreamBytes - kKeptBytes) s->tail.push_back(byte);
  }
  s->count += n;
  return static_cast<ssize_t>(n);
}

long PeakKiB() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// What the library gives for the input bytes [from, from + n).
std::vector<uint8_t> Expected(const test::Bytes& key, const test::Bytes& nonce,
                              uint64_t from, size_t n) {
  std::vector<uint8_t> in(n), out(n);
  for (size_t i = 0; i < n; ++i) in[i] = InputByte(from + i);
  auto chacha = ChaCha20<>::Create(key, nonce, from / 64);
  EXPECT_TRUE(chacha.ok());
  EXPECT_TRUE(chacha->Crypt(in, absl::MakeSpan(out)).ok());
  return out;
}

TEST(BraidCliStream, Quarter_GiB_InBoundedMemory) {
  const std::string key_hex(64, '7'), nonce_hex = "000000090000004a00000000";
  Source source;
  Sink sink;
  std::FILE* in =
      fopencookie(&source, "r", {ReadSource, nullptr, nullptr, nullptr});
  std::FILE* out =
      fopencookie(&sink, "w", {nullptr, WriteSink, nullptr, nullptr});
  ASSERT_NE(in, nullptr);
  ASSERT_NE(out, nullptr);
  const long before = PeakKiB();
  const int status =
      cli::Run({"enc", "-c", "chacha20", "-K", key_hex, "--iv", nonce_hex},
               Io{in, out, stderr});
  std::fflush(out);
  const long after = PeakKiB();
  std::fclose(in);
  std::fclose(out);
  ASSERT_EQ(status, kExitOk);
  EXPECT_EQ(sink.count, kStreamBytes);
  const test::Bytes key = test::FromHex(key_hex);
  const test::Bytes nonce = test::FromHex(nonce_hex);
  EXPECT_EQ(test::ToHex(sink.head),
            test::ToHex(Expected(key, nonce, 0, kKeptBytes)));
  EXPECT_EQ(
      test::ToHex(sink.tail),
      test::ToHex(Expected(key, nonce, kStreamBytes - kKeptBytes, kKeptBytes)));
  // The program holds two 64 KiB chunks; allow for the allocator and stdio.
  EXPECT_LT(after - before, 16 * 1024)
      << "peak memory grew from " << before << " KiB to " << after << " KiB";
}

}  // namespace
}  // namespace braid::cli
