// The braid program (tools/braid_cli.h), run as its main() would: round trips
// for every cipher through files and through standard input/output,
// published vectors through the program, each bad argument's exit status and
// message, and tampered AEAD input leaving no output.
#include "tools/braid_cli.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "gtest/gtest.h"
#include "tests/openssl_util.h"
#include "tests/test_util.h"

namespace braid::cli {
namespace {

using test::Bytes;
using test::FromHex;
using test::ToHex;

struct Result {
  int status;
  Bytes out;
  std::string err;
};

Bytes ReadAll(std::FILE* f) {
  std::rewind(f);
  Bytes data;
  uint8_t buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) {
    data.insert(data.end(), buf, buf + n);
  }
  return data;
}

// Runs braid on `io` and collects what it wrote; closes io.out and io.err.
Result RunOn(const std::vector<std::string>& args, const Io& io) {
  Result r;
  r.status = cli::Run(args, io);
  std::fflush(io.out);
  std::fflush(io.err);
  r.out = ReadAll(io.out);
  const Bytes err = ReadAll(io.err);
  r.err.assign(err.begin(), err.end());
  std::fclose(io.out);
  std::fclose(io.err);
  return r;
}

// Runs braid with `input` as its standard input.
Result Braid(const std::vector<std::string>& args, const Bytes& input = {}) {
  Io io{std::tmpfile(), std::tmpfile(), std::tmpfile()};
  if (!input.empty()) std::fwrite(input.data(), 1, input.size(), io.in);
  std::rewind(io.in);
  Result r = RunOn(args, io);
  std::fclose(io.in);
  return r;
}

// Runs braid with `input` arriving through a pipe, as from another program:
// its length is known only at the end.
Result BraidFromPipe(const std::vector<std::string>& args, const Bytes& input) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  std::thread writer([&input, fd = fds[1]] {
    size_t at = 0;
    while (at < input.size()) {
      const ssize_t n = write(fd, input.data() + at, input.size() - at);
      if (n <= 0) break;
      at += static_cast<size_t>(n);
    }
    close(fd);
  });
  const Io io{fdopen(fds[0], "rb"), std::tmpfile(), std::tmpfile()};
  Result r = RunOn(args, io);
  std::fclose(io.in);  // before join: a writer blocked on a full pipe ends
  writer.join();
  return r;
}

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/" + name;
}

void WriteFile(const std::string& path, const Bytes& data) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(data.data()), data.size());
}

bool Exists(const std::string& path) { return std::ifstream(path).good(); }

// The names in a directory, sorted, without "." and "..".
std::vector<std::string> FilesIn(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != "..") names.push_back(name);
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

Bytes ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(f), {});
}

struct CipherCase {
  std::string name;
  size_t key_bytes, iv_bytes;
  bool whole_blocks, aead, xts;
};

const CipherCase kCiphers[] = {
    {"aes-128-ecb", 16, 0, true, false, false},
    {"aes-192-ecb", 24, 0, true, false, false},
    {"aes-256-ecb", 32, 0, true, false, false},
    {"aes-128-cbc", 16, 16, true, false, false},
    {"aes-192-cbc", 24, 16, true, false, false},
    {"aes-256-cbc", 32, 16, true, false, false},
    {"aes-128-cfb", 16, 16, false, false, false},
    {"aes-192-cfb", 24, 16, false, false, false},
    {"aes-256-cfb", 32, 16, false, false, false},
    {"aes-128-ctr", 16, 16, false, false, false},
    {"aes-192-ctr", 24, 16, false, false, false},
    {"aes-256-ctr", 32, 16, false, false, false},
    {"aes-128-ocb", 16, 12, false, true, false},
    {"aes-192-ocb", 24, 15, false, true, false},
    {"aes-256-ocb", 32, 1, false, true, false},
    {"aes-128-xts", 32, 16, false, false, true},
    {"aes-256-xts", 64, 16, false, false, true},
    {"aes-128-gcm", 16, 12, false, true, false},
    {"aes-192-gcm", 24, 1, false, true, false},
    {"aes-256-gcm", 32, 60, false, true, false},
    {"aes-128-gcm-siv", 16, 12, false, true, false},
    {"aes-256-gcm-siv", 32, 12, false, true, false},
    {"chacha20", 32, 12, false, false, false},
    {"chacha20-poly1305", 32, 12, false, true, false},
    {"xchacha20-poly1305", 32, 24, false, true, false},
};

std::vector<std::string> Args(const char* command, const CipherCase& c,
                              const Bytes& key, const Bytes& iv) {
  std::vector<std::string> args = {command, "-c", c.name, "-K", ToHex(key)};
  if (c.iv_bytes != 0) {
    args.push_back("--iv");
    args.push_back(ToHex(iv));
  }
  return args;
}

// Every cipher at lengths around its chunk and block edges, through
// standard input/output and through -in/-out files, with AAD for the AEADs.
TEST(BraidCli, RoundTripEveryCipher) {
  std::mt19937_64 rng(11);
  for (const CipherCase& c : kCiphers) {
    for (size_t len :
         {0, 1, 15, 16, 17, 64, 100, 4096, 65535, 65536, 65537, 200000}) {
      if (c.whole_blocks && len % 16 != 0) continue;
      if (c.xts && len < 16) continue;
      SCOPED_TRACE(c.name + " length " + std::to_string(len));
      Bytes key = test::RandomBytes(rng, c.key_bytes);
      if (c.xts) key[0] ^= key[c.key_bytes / 2] ^ 1;  // halves differ
      const Bytes iv = test::RandomBytes(rng, c.iv_bytes);
      const Bytes message = test::RandomBytes(rng, len);
      std::vector<std::string> enc = Args("enc", c, key, iv);
      std::vector<std::string> dec = Args("dec", c, key, iv);
      if (c.aead) {
        const Bytes aad = test::RandomBytes(rng, len % 40);
        for (auto* args : {&enc, &dec}) {
          args->push_back("--aad");
          args->push_back(ToHex(aad));
        }
      }
      const Result sealed = Braid(enc, message);
      ASSERT_EQ(sealed.status, kExitOk) << sealed.err;
      EXPECT_EQ(sealed.out.size(), len + (c.aead ? 16 : 0));
      if (len >= 16) {
        EXPECT_NE(ToHex(sealed.out), ToHex(message));
      }
      const Result opened = Braid(dec, sealed.out);
      ASSERT_EQ(opened.status, kExitOk) << opened.err;
      EXPECT_EQ(ToHex(opened.out), ToHex(message));

      // The same through files.
      const std::string plain = TempPath("plain"), cipher = TempPath("cipher"),
                        back = TempPath("back");
      WriteFile(plain, message);
      enc.insert(enc.end(), {"-in", plain, "-out", cipher});
      dec.insert(dec.end(), {"-in", cipher, "-out", back});
      const Result to_file = Braid(enc);
      ASSERT_EQ(to_file.status, kExitOk) << to_file.err;
      EXPECT_TRUE(to_file.out.empty());
      EXPECT_EQ(ToHex(ReadFile(cipher)), ToHex(sealed.out));
      ASSERT_EQ(Braid(dec).status, kExitOk);
      EXPECT_EQ(ToHex(ReadFile(back)), ToHex(message));
    }
  }
}

// enc of `pt` must give `ct` and dec of `ct` must give `pt`.
void ExpectBothWays(std::vector<std::string> args, const Bytes& pt,
                    const Bytes& ct) {
  args.insert(args.begin(), "enc");
  const Result enc = Braid(args, pt);
  EXPECT_EQ(enc.status, kExitOk) << enc.err;
  EXPECT_EQ(ToHex(enc.out), ToHex(ct));
  args[0] = "dec";
  const Result dec = Braid(args, ct);
  EXPECT_EQ(dec.status, kExitOk) << dec.err;
  EXPECT_EQ(ToHex(dec.out), ToHex(pt));
}

std::string AesName(const std::string& key_hex, const std::string& mode) {
  return "aes-" + std::to_string(key_hex.size() * 4) + "-" + mode;
}

TEST(BraidCli, Sp80038aVectors) {
  int count = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/sp800_38a_ecb.txt")) {
    SCOPED_TRACE(v.at("source"));
    ExpectBothWays({"-c", AesName(v.at("key"), "ecb"), "-K", v.at("key")},
                   FromHex(v.at("plaintext")), FromHex(v.at("ciphertext")));
    ++count;
  }
  for (const auto& v : test::ReadVectors("tests/vectors/sp800_38a_modes.txt")) {
    SCOPED_TRACE(v.at("source"));
    ExpectBothWays({"-c", AesName(v.at("key"), v.at("mode")), "-K", v.at("key"),
                    "--iv", v.at("iv")},
                   FromHex(v.at("plaintext")), FromHex(v.at("ciphertext")));
    ++count;
  }
  EXPECT_EQ(count, 12);
}

TEST(BraidCli, Ieee1619XtsVectors) {
  int count = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/ieee1619_xts.txt")) {
    SCOPED_TRACE("vector " + v.at("vector"));
    // The tweak is the data unit number, little-endian, in 16 bytes.
    const uint64_t sector = std::stoull(v.at("sector"), nullptr, 16);
    Bytes tweak(16, 0);
    for (int i = 0; i < 8; ++i)
      tweak[i] = static_cast<uint8_t>(sector >> 8 * i);
    const std::string name =
        v.at("key").size() == 64 ? "aes-128-xts" : "aes-256-xts";
    ExpectBothWays({"-c", name, "-K", v.at("key"), "--iv", ToHex(tweak)},
                   FromHex(v.at("pt")), FromHex(v.at("ct")));
    ++count;
  }
  EXPECT_GT(count, 5);
}

TEST(BraidCli, Rfc7253OcbVectors) {
  int count = 0;
  for (const auto& v : test::ReadVectors("tests/vectors/rfc7253_ocb.txt")) {
    if (v.at("kind") != "sample") continue;
    ExpectBothWays(
        {"-c", "aes-128-ocb", "-K", "000102030405060708090a0b0c0d0e0f", "--iv",
         v.at("nonce"), "--aad", v.at("aad")},
        FromHex(v.at("pt")), FromHex(v.at("ct")));
    ++count;
  }
  EXPECT_EQ(count, 16);
}

// Wycheproof's AES-GCM-SIV cases with a 12-byte nonce and 16-byte tag: the
// valid ones seal and open to their values; the invalid ones (a tampered
// tag or ciphertext) exit 1 and write nothing.
TEST(BraidCli, WycheproofGcmSivVectors) {
  int valid = 0, invalid = 0;
  for (const auto& v :
       test::ReadVectors("tests/vectors/wycheproof_aes_gcm_siv_test.txt")) {
    if (v.at("ivSize") != "96" || v.at("tagSize") != "128") continue;
    SCOPED_TRACE("tcId " + v.at("tcId"));
    const std::string name =
        v.at("keySize") == "128" ? "aes-128-gcm-siv" : "aes-256-gcm-siv";
    const std::vector<std::string> args = {"-c",        name,       "-K",
                                           v.at("key"), "--iv",     v.at("iv"),
                                           "--aad",     v.at("aad")};
    const Bytes sealed = FromHex(v.at("ct") + v.at("tag"));
    if (v.at("result") == "valid") {
      ExpectBothWays(args, FromHex(v.at("msg")), sealed);
      ++valid;
    } else if (v.at("result") == "invalid") {
      std::vector<std::string> dec = args;
      dec.insert(dec.begin(), "dec");
      const Result r = Braid(dec, sealed);
      EXPECT_EQ(r.status, kExitAuthFailed) << r.err;
      EXPECT_TRUE(r.out.empty());
      ++invalid;
    }
  }
  EXPECT_GT(valid, 50);
  EXPECT_GT(invalid, 20);
}

// Wycheproof's AES-GCM cases with a 16-byte tag and a nonce the program
// takes (1 byte or more): valid ones seal and open to their values, invalid
// ones exit 1 and write nothing.
TEST(BraidCli, WycheproofGcmVectors) {
  int valid = 0, invalid = 0;
  for (const auto& v :
       test::ReadVectors("tests/vectors/wycheproof_aes_gcm_test.txt")) {
    if (v.at("iv").empty()) continue;
    SCOPED_TRACE("tcId " + v.at("tcId"));
    const std::string name = "aes-" + v.at("keySize") + "-gcm";
    const std::vector<std::string> args = {"-c",        name,       "-K",
                                           v.at("key"), "--iv",     v.at("iv"),
                                           "--aad",     v.at("aad")};
    const Bytes sealed = FromHex(v.at("ct") + v.at("tag"));
    if (v.at("result") == "valid") {
      ExpectBothWays(args, FromHex(v.at("msg")), sealed);
      ++valid;
    } else {
      std::vector<std::string> dec = args;
      dec.insert(dec.begin(), "dec");
      const Result r = Braid(dec, sealed);
      EXPECT_EQ(r.status, kExitAuthFailed) << r.err;
      EXPECT_TRUE(r.out.empty());
      ++invalid;
    }
  }
  EXPECT_EQ(valid, 229);
  EXPECT_EQ(invalid, 81);
}

// Wycheproof's ChaCha20-Poly1305 and XChaCha20-Poly1305 cases: valid ones
// seal and open to their values, forged ones exit 1 and write nothing, and
// nonces of another size are refused as bad usage (exit 2).
TEST(BraidCli, WycheproofChaCha20Poly1305Vectors) {
  for (const char* name : {"chacha20-poly1305", "xchacha20-poly1305"}) {
    int valid = 0, invalid = 0, bad_nonce = 0;
    for (const auto& v : test::ReadVectors(
             std::string("tests/vectors/wycheproof_") +
             (name[0] == 'x' ? "x" : "") + "chacha20_poly1305_test.txt")) {
      SCOPED_TRACE(std::string(name) + " tcId " + v.at("tcId"));
      const std::vector<std::string> args = {
          "-c",   name,       "-K",    v.at("key"),
          "--iv", v.at("iv"), "--aad", v.at("aad")};
      const Bytes sealed = FromHex(v.at("ct") + v.at("tag"));
      std::vector<std::string> dec = args;
      dec.insert(dec.begin(), "dec");
      if (v.at("result") == "valid") {
        ExpectBothWays(args, FromHex(v.at("msg")), sealed);
        ++valid;
      } else if (v.at("flags") == "InvalidNonceSize") {
        const Result r = Braid(dec, sealed);
        EXPECT_EQ(r.status, kExitBadInput) << r.err;
        EXPECT_TRUE(r.out.empty());
        ++bad_nonce;
      } else {
        const Result r = Braid(dec, sealed);
        EXPECT_EQ(r.status, kExitAuthFailed) << r.err;
        EXPECT_TRUE(r.out.empty());
        ++invalid;
      }
    }
    EXPECT_EQ(valid, name[0] == 'x' ? 246 : 256);
    EXPECT_EQ(invalid, 60);
    EXPECT_EQ(bad_nonce, 9);
  }
}

TEST(BraidCli, Rfc8439ChaCha20Vectors) {
  int count = 0;
  for (const auto& v :
       test::ReadVectors("tests/vectors/rfc8439_chacha20.txt")) {
    SCOPED_TRACE(v.at("section"));
    ExpectBothWays({"-c", "chacha20", "-K", v.at("key"), "--iv", v.at("nonce"),
                    "--counter", v.at("counter")},
                   FromHex(v.at("pt")), FromHex(v.at("ct")));
    ++count;
  }
  EXPECT_GT(count, 3);
}

// A tampered tag, ciphertext, AAD or nonce, or a truncated input: exit 1
// and nothing written, to standard output or to the -out file (which is not
// even created).
TEST(BraidCli, FailedTagWritesNothing) {
  std::mt19937_64 rng(5);
  for (const char* name :
       {"aes-128-ocb", "aes-256-gcm-siv", "aes-128-gcm", "chacha20-poly1305"}) {
    SCOPED_TRACE(name);
    const Bytes key = test::RandomBytes(rng, name[4] == '1' ? 16 : 32);
    const std::string k = ToHex(key), iv = "000102030405060708090a0b";
    const Bytes message = test::RandomBytes(rng, 1000);
    const Result sealed =
        Braid({"enc", "-c", name, "-K", k, "--iv", iv, "--aad", "aa"}, message);
    ASSERT_EQ(sealed.status, kExitOk);
    const auto open = [&](const Bytes& in, const std::string& nonce,
                          const std::string& aad) {
      return Braid({"dec", "-c", name, "-K", k, "--iv", nonce, "--aad", aad},
                   in);
    };
    ASSERT_EQ(open(sealed.out, iv, "aa").status, kExitOk);
    for (size_t at : {size_t{0}, size_t{999}, size_t{1000}, size_t{1015}}) {
      Bytes bad = sealed.out;
      bad[at] ^= 0x40;
      const Result r = open(bad, iv, "aa");
      EXPECT_EQ(r.status, kExitAuthFailed) << at;
      EXPECT_TRUE(r.out.empty());
      EXPECT_NE(r.err.find("authentication failed"), std::string::npos);
    }
    EXPECT_EQ(open(sealed.out, iv, "ab").status, kExitAuthFailed);
    EXPECT_EQ(open(sealed.out, "000102030405060708090a0c", "aa").status,
              kExitAuthFailed);
    const Bytes truncated(sealed.out.begin(), sealed.out.end() - 1);
    const Result short_input = open(truncated, iv, "aa");
    EXPECT_EQ(short_input.status, kExitAuthFailed);
    EXPECT_TRUE(short_input.out.empty());

    Bytes bad = sealed.out;
    bad.back() ^= 1;
    const std::string in = TempPath("sealed"), out = TempPath("opened");
    WriteFile(in, bad);
    std::remove(out.c_str());
    const std::vector<std::string> open_file = {
        "dec",   "-c", name,  "-K", k,      "--iv", iv,
        "--aad", "aa", "-in", in,   "-out", out};
    EXPECT_EQ(Braid(open_file).status, kExitAuthFailed);
    EXPECT_FALSE(Exists(out));
    // An output that existed before is left exactly as it was.
    const Bytes before = {'k', 'e', 'e', 'p'};
    WriteFile(out, before);
    EXPECT_EQ(Braid(open_file).status, kExitAuthFailed);
    EXPECT_EQ(ReadFile(out), before);
    for (const std::string& name : FilesIn(TempPath(""))) {
      EXPECT_EQ(name.find(".braid-"), std::string::npos) << name;
    }
  }
}

// Each bad argument or input: exit 2 and a message naming the rule.
TEST(BraidCli, BadArgumentsExit2WithTheirRule) {
  const std::string k16 = "000102030405060708090a0b0c0d0e0f";
  const std::string k32 = k16 + "101112131415161718191a1b1c1d1e1f";
  const std::string iv16 = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
  const std::string n12 = "000000000000004a00000000";
  struct Case {
    std::vector<std::string> args;
    std::string message;
    Bytes input = {};
  };
  const std::vector<Case> cases = {
      {{}, "no command given"},
      {{"encrypt"}, "unknown command 'encrypt'"},
      {{"info", "x"}, "info takes no arguments"},
      {{"enc"}, "-c CIPHER is required"},
      {{"enc", "-c", "aes-512-ctr", "-K", k16}, "unknown cipher 'aes-512-ctr'"},
      {{"enc", "-c", "aes-192-xts", "-K", k32 + k16},
       "unknown cipher 'aes-192-xts'"},
      {{"enc", "-c", "aes-192-gcm-siv", "-K", k16},
       "unknown cipher 'aes-192-gcm-siv'"},
      {{"enc", "-c", "aes-128-ctr"},
       "a key is required for aes-128-ctr: --key-file FILE or --key-env NAME"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16, "--key-env", "BRAID_TEST_KEY"},
       "give the key once"},
      {{"enc", "-c", "aes-128-ctr", "--key-file", "-"},
       "--key-file -: standard input carries the data"},
      {{"enc", "-c", "aes-128-ctr", "--key-file", "/nonexistent/key"},
       "--key-file /nonexistent/key: No such file or directory"},
      {{"enc", "-c", "aes-128-ctr", "--key-env", "BRAID_TEST_NO_SUCH_VAR"},
       "--key-env BRAID_TEST_NO_SUCH_VAR: no such environment variable"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16.substr(2), "--iv", iv16},
       "key for aes-128-ctr must be 16 bytes, got 15"},
      {{"enc", "-c", "aes-256-cbc", "-K", k16, "--iv", iv16},
       "key for aes-256-cbc must be 32 bytes, got 16"},
      {{"enc", "-c", "aes-128-xts", "-K", k16, "--iv", iv16},
       "key for aes-128-xts must be 32 bytes (key1 then key2), got 16"},
      {{"enc", "-c", "aes-128-xts", "-K", k16 + k16, "--iv", iv16},
       "key1 and key2 must differ"},
      {{"enc", "-c", "chacha20", "-K", k16, "--iv", n12},
       "key for chacha20 must be 32 bytes, got 16"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16.substr(1), "--iv", iv16},
       "-K: hexadecimal needs an even number of digits, got 31"},
      {{"enc", "-c", "aes-128-ctr", "-K", "zz" + k16.substr(2), "--iv", iv16},
       "-K: 'z' at position 1 is not a hexadecimal digit"},
      {{"enc", "-c", "aes-128-ecb", "-K", k16, "--iv", iv16},
       "--iv: aes-128-ecb takes no IV"},
      {{"enc", "-c", "aes-128-cbc", "-K", k16},
       "--iv is required for aes-128-cbc: the 16-byte IV"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16, "--iv", "00"},
       "--iv for aes-128-ctr is the 16-byte initial counter block, got 1 "
       "bytes"},
      {{"enc", "-c", "aes-128-ocb", "-K", k16, "--iv", ""},
       "--iv for aes-128-ocb is the nonce, 1 to 15 bytes, got 0 bytes"},
      {{"enc", "-c", "aes-128-ocb", "-K", k16, "--iv", iv16},
       "--iv for aes-128-ocb is the nonce, 1 to 15 bytes, got 16 bytes"},
      {{"enc", "-c", "aes-128-gcm-siv", "-K", k16, "--iv", iv16},
       "--iv for aes-128-gcm-siv is the 12-byte nonce, got 16 bytes"},
      {{"enc", "-c", "chacha20", "-K", k32, "--iv", n12.substr(8)},
       "--iv for chacha20 is the 12-byte nonce, got 8 bytes"},
      {{"enc", "-c", "aes-128-xts", "-K", k32, "--iv", "00"},
       "--iv for aes-128-xts is the 16-byte tweak, got 1 bytes"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16, "--iv", iv16, "--aad", "00"},
       "--aad: aes-128-ctr takes no associated data"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16, "--iv", iv16, "--counter", "1"},
       "--counter: aes-128-ctr takes no block counter"},
      {{"enc", "-c", "chacha20", "-K", k32, "--iv", n12, "--counter", "-1"},
       "--counter for chacha20 must be a decimal number from 0 to 4294967295, "
       "got '-1'"},
      {{"enc", "-c", "chacha20", "-K", k32, "--iv", n12, "--counter",
        "4294967296"},
       "got '4294967296'"},
      {{"enc", "-c", "chacha20", "-K", k32, "--iv", n12, "--counter", "0x10"},
       "got '0x10'"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16, "--iv", iv16, "--bogus", "1"},
       "unknown argument '--bogus'"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16, "--iv"}, "--iv needs a value"},
      {{"enc", "-c", "aes-128-ctr", "-c", "aes-128-ctr"}, "-c is given twice"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16, "--iv", iv16, "-in",
        "/nonexistent/braid-input"},
       "-in /nonexistent/braid-input: No such file or directory"},
      {{"enc", "-c", "aes-128-ctr", "-K", k16, "--iv", iv16, "-out",
        "/nonexistent/braid-output"},
       "-out /nonexistent/braid-output: No such file or directory"},
      {{"enc", "-c", "aes-128-ecb", "-K", k16},
       "input for aes-128-ecb must be a multiple of 16 bytes (no padding), "
       "got 17",
       Bytes(17)},
      {{"dec", "-c", "aes-128-cbc", "-K", k16, "--iv", iv16},
       "input for aes-128-cbc must be a multiple of 16 bytes (no padding), "
       "got 65551",
       Bytes(65551)},
      {{"enc", "-c", "aes-128-xts", "-K", k32, "--iv", iv16},
       "input for aes-128-xts is one data unit of 16 bytes to 16 MiB, got 15 "
       "bytes",
       Bytes(15)},
      {{"dec", "-c", "aes-128-ocb", "-K", k16, "--iv", n12},
       "input for aes-128-ocb dec is ciphertext then the 16-byte tag, got 15 "
       "bytes",
       Bytes(15)},
      {{"dec", "-c", "aes-128-gcm-siv", "-K", k16, "--iv", n12},
       "input for aes-128-gcm-siv dec is ciphertext then the 16-byte tag, "
       "got 0 bytes"},
      {{"enc", "-c", "chacha20", "-K", k32, "--iv", n12, "--counter",
        "4294967295"},
       "ChaCha20",  // the block counter would pass 2^32 - 1
       Bytes(65)},
      {{"speed", "--bytes", "15"}, "--bytes must be a whole number from 16"},
      {{"speed", "--bytes", "16.5"}, "--bytes must be a whole number from 16"},
      {{"speed", "--seconds", "0"}, "--seconds must be from 0.01 to 60"},
      {{"speed", "--cpu-mhz", "fast"}, "--cpu-mhz must be from 1 to 100000"},
      {{"speed", "--bogus", "1"}, "unknown argument '--bogus'"},
  };
  for (const Case& c : cases) {
    std::string joined;
    for (const std::string& a : c.args) joined += a + " ";
    SCOPED_TRACE(joined);
    const Result r = Braid(c.args, c.input);
    EXPECT_EQ(r.status, kExitBadInput);
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

// A length a mode cannot take, found only at the end of a stream, removes
// the -out file it had started.
TEST(BraidCli, FailedStreamRemovesItsOutputFile) {
  const std::string in = TempPath("odd"), out = TempPath("odd.out");
  WriteFile(in, Bytes(100001));
  std::remove(out.c_str());
  // Found before writing: the input is a regular file of known size.
  EXPECT_EQ(Braid({"enc", "-c", "aes-128-ecb", "-K",
                   "000102030405060708090a0b0c0d0e0f", "-in", in, "-out", out})
                .status,
            kExitBadInput);
  EXPECT_FALSE(Exists(out));
  // Found at the end: standard input from a pipe, of unknown size, after
  // whole blocks were already encrypted and written.
  const Result piped =
      BraidFromPipe({"enc", "-c", "aes-128-ecb", "-K",
                     "000102030405060708090a0b0c0d0e0f", "-out", out},
                    Bytes(100001));
  EXPECT_EQ(piped.status, kExitBadInput);
  EXPECT_NE(piped.err.find("multiple of 16"), std::string::npos) << piped.err;
  EXPECT_FALSE(Exists(out));
  // The same with an output that existed before: it is left as it was.
  const Bytes before = {'o', 'l', 'd'};
  WriteFile(out, before);
  EXPECT_EQ(BraidFromPipe({"enc", "-c", "aes-128-ecb", "-K",
                           "000102030405060708090a0b0c0d0e0f", "-out", out},
                          Bytes(100001))
                .status,
            kExitBadInput);
  EXPECT_EQ(ReadFile(out), before);
}

// GCM-SIV enc from a regular file to a -out file reads the file twice: from
// where standard input stood, not from the file's start, and a file whose
// bytes differ between the two reads (a kernel file that makes a new UUID
// at every read) leaves no output, not one whose tag belongs to other bytes.
TEST(BraidCli, GcmSivReadsAFileTwice) {
  const std::string key = "000102030405060708090a0b0c0d0e0f";
  const std::string nonce = "030000000000000000000000";
  const std::string out = TempPath("siv.out");
  std::mt19937_64 rng(5);
  const Bytes message = test::RandomBytes(rng, 150000);
  const Result piped =
      BraidFromPipe({"enc", "-c", "aes-128-gcm-siv", "-K", key, "--iv", nonce},
                    Bytes(message.begin() + 7, message.end()));
  ASSERT_EQ(piped.status, kExitOk) << piped.err;
  std::FILE* in = std::tmpfile();
  std::fwrite(message.data(), 1, message.size(), in);
  ASSERT_EQ(std::fseek(in, 7, SEEK_SET), 0);
  const Result from_file = RunOn(
      {"enc", "-c", "aes-128-gcm-siv", "-K", key, "--iv", nonce, "-out", out},
      Io{in, std::tmpfile(), std::tmpfile()});
  std::fclose(in);
  ASSERT_EQ(from_file.status, kExitOk) << from_file.err;
  EXPECT_EQ(ToHex(ReadFile(out)), ToHex(piped.out));

  const std::string uuid = "/proc/sys/kernel/random/uuid";
  ASSERT_NE(ReadFile(uuid), ReadFile(uuid)) << uuid << " gives one value";
  std::remove(out.c_str());
  const Result changing = Braid({"enc", "-c", "aes-128-gcm-siv", "-K", key,
                                 "--iv", nonce, "-in", uuid, "-out", out});
  EXPECT_EQ(changing.status, kExitBadInput);
  EXPECT_NE(changing.err.find("changed while it was being read twice"),
            std::string::npos)
      << changing.err;
  EXPECT_FALSE(Exists(out));
}

// --key-file (raw bytes) and --key-env (hex) give the same key as -K; a key
// file of the wrong length is refused with its length.
TEST(BraidCli, KeyFromFileOrEnvironment) {
  const std::string hex = "000102030405060708090a0b0c0d0e0f";
  const std::string iv = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
  const Bytes message(1000, 9);
  const Result expected =
      Braid({"enc", "-c", "aes-128-ctr", "-K", hex, "--iv", iv}, message);
  ASSERT_EQ(expected.status, kExitOk);

  const std::string key_file = TempPath("key");
  WriteFile(key_file, FromHex(hex));
  const Result from_file =
      Braid({"enc", "-c", "aes-128-ctr", "--key-file", key_file, "--iv", iv},
            message);
  EXPECT_EQ(from_file.status, kExitOk) << from_file.err;
  EXPECT_EQ(from_file.out, expected.out);

  ASSERT_EQ(setenv("BRAID_TEST_KEY", hex.c_str(), 1), 0);
  const Result from_env = Braid(
      {"enc", "-c", "aes-128-ctr", "--key-env", "BRAID_TEST_KEY", "--iv", iv},
      message);
  EXPECT_EQ(from_env.status, kExitOk) << from_env.err;
  EXPECT_EQ(from_env.out, expected.out);

  for (const auto& [bytes, says] :
       {std::pair{Bytes(15, 1), std::string("the file has 15")},
        std::pair{Bytes(17, 1), std::string("the file has more")},
        std::pair{Bytes(), std::string("the file has 0")}}) {
    WriteFile(key_file, bytes);
    const Result r =
        Braid({"enc", "-c", "aes-128-ctr", "--key-file", key_file, "--iv", iv},
              message);
    EXPECT_EQ(r.status, kExitBadInput);
    EXPECT_NE(r.err.find("key for aes-128-ctr must be 16 bytes, " + says),
              std::string::npos)
        << r.err;
  }
}

// --sector-size N: data units of N bytes whose tweaks count up from --iv as
// 128-bit little-endian sector numbers (here across the 64-bit boundary),
// each unit equal to OpenSSL's XTS over it alone; and back, through a pipe.
TEST(BraidCli, XtsSectorsMatchOpensslPerSector) {
  std::mt19937_64 rng(9);
  for (const auto& [cipher, key_bytes, evp] :
       {std::tuple{"aes-128-xts", 32, EVP_aes_128_xts()},
        std::tuple{"aes-256-xts", 64, EVP_aes_256_xts()}}) {
    for (size_t sector : {size_t{512}, size_t{4096}, size_t{528}}) {
      SCOPED_TRACE(std::string(cipher) + " sector " + std::to_string(sector));
      const Bytes key = test::RandomBytes(rng, key_bytes);
      Bytes first(16, 0);  // sector 2^64 - 2
      for (int i = 0; i < 8; ++i) first[i] = 0xff;
      first[0] = 0xfe;
      const Bytes data = test::RandomBytes(rng, 5 * sector);
      const std::vector<std::string> args = {"-c",
                                             cipher,
                                             "-K",
                                             ToHex(key),
                                             "--iv",
                                             ToHex(first),
                                             "--sector-size",
                                             std::to_string(sector)};
      std::vector<std::string> enc = {"enc"}, dec = {"dec"};
      enc.insert(enc.end(), args.begin(), args.end());
      dec.insert(dec.end(), args.begin(), args.end());
      const Result sealed = Braid(enc, data);
      ASSERT_EQ(sealed.status, kExitOk) << sealed.err;
      ASSERT_EQ(sealed.out.size(), data.size());
      for (size_t i = 0; i < 5; ++i) {
        Bytes tweak = first;
        for (size_t n = 0; n < i; ++n) {
          int byte = 0;
          while (byte < 16 && ++tweak[byte] == 0) ++byte;
        }
        const Bytes unit(data.begin() + i * sector,
                         data.begin() + (i + 1) * sector);
        EXPECT_EQ(ToHex(Bytes(sealed.out.begin() + i * sector,
                              sealed.out.begin() + (i + 1) * sector)),
                  ToHex(test::OpensslCrypt(evp, key, tweak, unit, true)))
            << "sector " << i;
      }
      const Result opened = BraidFromPipe(dec, sealed.out);
      ASSERT_EQ(opened.status, kExitOk) << opened.err;
      EXPECT_EQ(opened.out, data);
    }
  }
  const std::string k32(64, 'a'),
      k32b = std::string(32, 'a') + std::string(32, 'b');
  const std::string iv(32, '0');
  for (const auto& [size, says] :
       {std::pair{"15", "from 16 to 65536, got '15'"},
        std::pair{"65537", "from 16 to 65536, got '65537'"},
        std::pair{"x", "got 'x'"}}) {
    const Result r = Braid({"enc", "-c", "aes-128-xts", "-K", k32b, "--iv", iv,
                            "--sector-size", size},
                           Bytes(512));
    EXPECT_EQ(r.status, kExitBadInput);
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
  }
  const Result odd = Braid({"enc", "-c", "aes-128-xts", "-K", k32b, "--iv", iv,
                            "--sector-size", "512"},
                           Bytes(1000));
  EXPECT_EQ(odd.status, kExitBadInput);
  EXPECT_NE(odd.err.find("multiple of 512"), std::string::npos) << odd.err;
  const Result not_xts =
      Braid({"enc", "-c", "aes-128-ctr", "-K", k32.substr(0, 32), "--iv", iv,
             "--sector-size", "512"},
            Bytes(512));
  EXPECT_EQ(not_xts.status, kExitBadInput);
  EXPECT_NE(not_xts.err.find("only xts"), std::string::npos) << not_xts.err;
}

// The output replaces its name only once the command has succeeded: a new
// file, readable by its owner alone, and no file left beside it.
TEST(BraidCli, OutputIsReplacedWhole) {
  const std::string dir = TempPath("replace");
  mkdir(dir.c_str(), 0700);
  const std::string in = dir + "/in", out = dir + "/out";
  WriteFile(in, Bytes(70000, 7));
  WriteFile(out, Bytes(5, 1));
  ASSERT_EQ(Braid({"enc", "-c", "aes-128-ctr", "-K",
                   "000102030405060708090a0b0c0d0e0f", "--iv",
                   "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "-in", in, "-out", out})
                .status,
            kExitOk);
  EXPECT_EQ(ReadFile(out).size(), 70000u);
  struct stat st;
  ASSERT_EQ(stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(FilesIn(dir), (std::vector<std::string>{"in", "out"}));
}

// -in and -out naming one file (also through a hard or symbolic link, or as
// standard input) is refused before anything is written.
TEST(BraidCli, SameFileForInputAndOutputIsRefused) {
  const std::string dir = TempPath("same");
  mkdir(dir.c_str(), 0700);
  const std::string file = dir + "/g.bin", hard = dir + "/hard",
                    soft = dir + "/soft";
  const Bytes content(100000, 3);
  WriteFile(file, content);
  ASSERT_EQ(link(file.c_str(), hard.c_str()), 0);
  ASSERT_EQ(symlink(file.c_str(), soft.c_str()), 0);
  const std::string iv16 = "000102030405060708090a0b0c0d0e0f";
  for (const auto& [cipher, iv] : {std::pair{"aes-128-ctr", iv16},
                                   std::pair{"aes-128-ocb", iv16.substr(24)}}) {
    for (const std::string& out : {file, hard, soft}) {
      SCOPED_TRACE(std::string(cipher) + " -out " + out);
      const Result r =
          Braid({"enc", "-c", cipher, "-K", "000102030405060708090a0b0c0d0e0f",
                 "--iv", iv, "-in", file, "-out", out});
      EXPECT_EQ(r.status, kExitBadInput);
      EXPECT_NE(r.err.find("the input's own file"), std::string::npos) << r.err;
      EXPECT_EQ(ReadFile(file), content);
    }
  }
  // Standard input that is the output's file.
  Io io{std::fopen(file.c_str(), "rb"), std::tmpfile(), std::tmpfile()};
  const Result r = RunOn(
      {"enc", "-c", "aes-128-ctr", "-K", "000102030405060708090a0b0c0d0e0f",
       "--iv", "000102030405060708090a0b0c0d0e0f", "-out", file},
      io);
  std::fclose(io.in);
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_EQ(ReadFile(file), content);
}

TEST(BraidCli, HelpAndInfo) {
  const Result help = Braid({"--help"});
  EXPECT_EQ(help.status, kExitOk);
  const std::string usage(help.out.begin(), help.out.end());
  EXPECT_NE(usage.find("usage: braid enc|dec"), std::string::npos);

  const Result info = Braid({"info"});
  ASSERT_EQ(info.status, kExitOk);
  const std::string text(info.out.begin(), info.out.end());
  for (const char* line :
       {"ISA tags compiled in:  scalar", "this CPU offers:",
        "SVE vector length:", "aes-*-ctr", "chacha20", "runs on this CPU:"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  }
  EXPECT_NE(text.find(std::string(isa::kName<isa::Native>)), std::string::npos);
}

TEST(BraidCli, SpeedPrintsEveryRow) {
  const Result r = Braid(
      {"speed", "--bytes", "260", "--seconds", "0.01", "--cpu-mhz", "1000"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const std::string text(r.out.begin(), r.out.end());
  for (const char* row :
       {"AES-128 CBC enc", "AES-128 CBC dec", "AES-128 CFB enc",
        "AES-128 CFB dec", "AES-128 CTR", "AES-128 XTS enc", "AES-128 XTS dec",
        "AES-128 OCB enc", "AES-128 OCB dec", "AES-128 GCM-SIV enc",
        "AES-128 GCM-SIV dec", "ChaCha20"}) {
    EXPECT_NE(text.find(row), std::string::npos) << row << "\n" << text;
  }
  EXPECT_NE(text.find("c/B"), std::string::npos) << text;
  EXPECT_NE(text.find("AES-128 CBC enc      | whole 16-byte blocks only"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace braid::cli
