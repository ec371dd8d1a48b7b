// The braid program streams: 256 MiB through `braid enc -c chacha20` from a
// generated standard input to a counting standard output, and a long
// message sealed and opened by the streaming AEADs through real pipes and
// files, with peak memory growing by far less than the stream. Its own
// binary, so that nothing else has raised the peak before it runs.
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
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

// The AEAD message's length: 256 MiB on the host; under qemu, where each
// mode would take a minute per configuration, 16 MiB, twice what the
// program's memory may grow by.
#if defined(__aarch64__)
constexpr bool kAarch64 = true;
constexpr uint64_t kAeadBytes = uint64_t{16} << 20;
#else
constexpr bool kAarch64 = false;
constexpr uint64_t kAeadBytes = kStreamBytes;
#endif

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/" + name;
}

// A pipe whose write end a thread fills with `fill(fd)`; the read end as a
// FILE*.
class PipeIn {
 public:
  template <class Fill>
  explicit PipeIn(Fill fill) {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    file_ = fdopen(fds[0], "rb");
    writer_ = std::thread([fill, fd = fds[1]] {
      fill(fd);
      close(fd);
    });
  }
  ~PipeIn() {
    std::fclose(file_);  // a writer still blocked gets EPIPE and stops
    writer_.join();
  }
  std::FILE* file() const { return file_; }

 private:
  std::FILE* file_;
  std::thread writer_;
};

bool WriteAll(int fd, const uint8_t* p, size_t n) {
  while (n > 0) {
    const ssize_t w = write(fd, p, n);
    if (w <= 0) return false;
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

// Writes input bytes [0, kAeadBytes) to fd.
void FillGenerated(int fd) {
  std::vector<uint8_t> chunk(1 << 16);
  for (uint64_t at = 0; at < kAeadBytes; at += chunk.size()) {
    for (size_t i = 0; i < chunk.size(); ++i) chunk[i] = InputByte(at + i);
    if (!WriteAll(fd, chunk.data(), chunk.size())) return;
  }
}

// Copies the file at `path` to fd.
void FillFromFile(const std::string& path, int fd) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return;
  std::vector<uint8_t> chunk(1 << 16);
  size_t n;
  while ((n = std::fread(chunk.data(), 1, chunk.size(), f)) > 0) {
    if (!WriteAll(fd, chunk.data(), n)) break;
  }
  std::fclose(f);
}

// A pipe whose read end a thread drains, counting the bytes and checking
// each against InputByte; the write end as a FILE*.
class PipeOut {
 public:
  PipeOut() {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    file_ = fdopen(fds[1], "wb");
    reader_ = std::thread([this, fd = fds[0]] {
      std::vector<uint8_t> chunk(1 << 16);
      ssize_t r;
      while ((r = read(fd, chunk.data(), chunk.size())) > 0) {
        for (ssize_t i = 0; i < r; ++i) {
          if (chunk[i] != InputByte(count_ + i)) ++mismatches_;
        }
        count_ += static_cast<uint64_t>(r);
      }
      close(fd);
    });
  }
  // Closes the write end and waits for the reader.
  void Close() {
    if (file_ == nullptr) return;
    std::fclose(file_);
    file_ = nullptr;
    reader_.join();
  }
  ~PipeOut() { Close(); }
  std::FILE* file() const { return file_; }
  uint64_t count() const { return count_; }
  uint64_t mismatches() const { return mismatches_; }

 private:
  std::FILE* file_;
  std::thread reader_;
  uint64_t count_ = 0;
  uint64_t mismatches_ = 0;
};

uint64_t FileSize(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 ? uint64_t(st.st_size) : 0;
}

// Whether two files hold the same bytes, read in chunks.
bool SameFiles(const std::string& a, const std::string& b) {
  std::FILE* fa = std::fopen(a.c_str(), "rb");
  std::FILE* fb = std::fopen(b.c_str(), "rb");
  bool same = fa != nullptr && fb != nullptr;
  std::vector<uint8_t> ca(1 << 16), cb(1 << 16);
  while (same) {
    const size_t na = std::fread(ca.data(), 1, ca.size(), fa);
    const size_t nb = std::fread(cb.data(), 1, cb.size(), fb);
    same = na == nb && std::memcmp(ca.data(), cb.data(), na) == 0;
    if (na == 0) break;
  }
  if (fa != nullptr) std::fclose(fa);
  if (fb != nullptr) std::fclose(fb);
  return same;
}

struct StreamCase {
  const char* cipher;
  const char* nonce_hex;
};

class AeadStream : public ::testing::TestWithParam<StreamCase> {};

// Each streaming AEAD: enc from a pipe to a file, dec from that file to a
// pipe (the path through the private spool), dec from a pipe to a file, enc
// of that file to a file (GCM-SIV's path that reads its input twice), and
// a forgery opened to a pipe and to a file: the right bytes, nothing from
// the forgery, and peak memory far below the message's length.
TEST_P(AeadStream, InBoundedMemory) {
  std::signal(SIGPIPE, SIG_IGN);  // a pipe closed early is an error return
  const std::string key_hex(64, '5');
  const std::string cipher = GetParam().cipher;
  const std::string nonce_hex = GetParam().nonce_hex;
  const std::vector<std::string> base = {"-c",    cipher, "-K",
                                         key_hex, "--iv", nonce_hex};
  const auto args = [&](const char* command, std::vector<std::string> more) {
    std::vector<std::string> a = {command};
    a.insert(a.end(), base.begin(), base.end());
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  const std::string sealed = TempPath("sealed"), opened = TempPath("opened");
  const long before = PeakKiB();
  {
    PipeIn in(FillGenerated);
    ASSERT_EQ(
        cli::Run(args("enc", {"-out", sealed}), Io{in.file(), stdout, stderr}),
        kExitOk);
  }
  ASSERT_EQ(FileSize(sealed), kAeadBytes + 16);
  {
    PipeOut out;
    EXPECT_EQ(
        cli::Run(args("dec", {"-in", sealed}), Io{stdin, out.file(), stderr}),
        kExitOk);
    out.Close();
    EXPECT_EQ(out.count(), kAeadBytes);
    EXPECT_EQ(out.mismatches(), 0u);
  }
  {
    PipeIn in([&](int fd) { FillFromFile(sealed, fd); });
    EXPECT_EQ(
        cli::Run(args("dec", {"-out", opened}), Io{in.file(), stdout, stderr}),
        kExitOk);
    EXPECT_EQ(FileSize(opened), kAeadBytes);
  }
  // enc from a regular file (GCM-SIV reads it twice) gives the same bytes.
  const std::string resealed = TempPath("resealed");
  ASSERT_EQ(cli::Run(args("enc", {"-in", opened, "-out", resealed}),
                     Io{stdin, stdout, stderr}),
            kExitOk);
  EXPECT_TRUE(SameFiles(sealed, resealed));
  std::remove(resealed.c_str());
  // One bit of the last byte of ciphertext flipped.
  {
    std::FILE* f = std::fopen(sealed.c_str(), "r+b");
    ASSERT_NE(f, nullptr);
    ASSERT_EQ(std::fseek(f, long(kAeadBytes - 1), SEEK_SET), 0);
    const int c = std::fgetc(f);
    ASSERT_EQ(std::fseek(f, long(kAeadBytes - 1), SEEK_SET), 0);
    std::fputc(c ^ 0x10, f);
    std::fclose(f);
  }
  {
    PipeOut out;
    EXPECT_EQ(
        cli::Run(args("dec", {"-in", sealed}), Io{stdin, out.file(), stderr}),
        kExitAuthFailed);
    out.Close();
    EXPECT_EQ(out.count(), 0u);
    PipeIn in([&](int fd) { FillFromFile(sealed, fd); });
    EXPECT_EQ(
        cli::Run(args("dec", {"-out", opened}), Io{in.file(), stdout, stderr}),
        kExitAuthFailed);
    EXPECT_EQ(FileSize(opened), kAeadBytes);  // the earlier one, kept
  }
  const long after = PeakKiB();
  std::remove(sealed.c_str());
  std::remove(opened.c_str());
  // A few 64 KiB chunks; allow for the allocator and stdio.
  EXPECT_LT(after - before, 8 * 1024)
      << "peak memory grew from " << before << " KiB to " << after << " KiB";
  std::printf("%s, %llu MiB: peak resident %ld KiB, %ld KiB before\n",
              cipher.c_str(), static_cast<unsigned long long>(kAeadBytes >> 20),
              after, before);
}

std::vector<StreamCase> StreamCases() {
  std::vector<StreamCase> cases = {
      {"chacha20-poly1305", "000000000102030405060708"},
      {"xchacha20-poly1305",
       "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"}};
  if (kAarch64) {  // the host's AES is the Scalar tag's: minutes for this
    cases.push_back({"aes-256-gcm", "cafebabefacedbaddecaf888"});
    cases.push_back({"aes-256-ocb", "bbaa99887766554433221101"});
    cases.push_back({"aes-256-gcm-siv", "030000000000000000000000"});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Ciphers, AeadStream,
                         ::testing::ValuesIn(StreamCases()),
                         [](const ::testing::TestParamInfo<StreamCase>& info) {
                           std::string name = info.param.cipher;
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace braid::cli
