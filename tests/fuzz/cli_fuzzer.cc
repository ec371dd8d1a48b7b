// libFuzzer target for the braid program's argument and input handling
// (braid::cli::Run), built with ASan and UBSan (bazel build --config=fuzz).
// The fuzzer's bytes become a command line, drawn from braid's own words and
// from raw strings, and the standard input. Every run must end with exit 0,
// 1 or 2, with a message on 2; an `enc` that succeeds must `dec` back to its
// input with the same arguments. The words that name files (-in, -out) and
// `speed` are never passed: the target touches no file and runs quickly.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_check.h"
#include "tools/braid_cli.h"

namespace {

const char* const kWords[] = {
    "enc",
    "dec",
    "info",
    "--help",
    "-c",
    "--cipher",
    "-K",
    "--key",
    "--key-env",  // not --key-file: the fuzzer opens no file
    "PATH",
    "--iv",
    "-iv",
    "--aad",
    "--counter",
    "aes-128-ecb",
    "aes-192-cbc",
    "aes-256-cfb",
    "aes-128-ctr",
    "aes-256-ocb",
    "aes-128-xts",
    "aes-256-xts",
    "aes-128-gcm",
    "aes-256-gcm",
    "aes-128-gcm-siv",
    "aes-256-gcm-siv",
    "chacha20",
    "chacha20-poly1305",
    "xchacha20-poly1305",
    "aes-512-ctr",
    "",
    "-",
    "0",
    "4294967295",
    "18446744073709551616",
    "-1",
};

bool Forbidden(const std::string& arg) {
  return arg == "-in" || arg == "--in" || arg == "-out" || arg == "--out" ||
         arg == "speed";
}

std::string Hex(FuzzedDataProvider& in) {
  static const char kDigits[] = "0123456789abcdefABCDEFg";
  const size_t n = in.ConsumeIntegralInRange<size_t>(0, 72);
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    s += kDigits[in.ConsumeIntegralInRange<size_t>(0, sizeof(kDigits) - 2)];
  }
  return s;
}

struct Result {
  int status;
  std::string out, err;
};

Result RunBraid(const std::vector<std::string>& args,
                const std::string& input) {
  std::string in_copy = input;
  std::FILE* in = input.empty()
                      ? std::fopen("/dev/null", "rb")
                      : fmemopen(in_copy.data(), in_copy.size(), "rb");
  char* out_buf = nullptr;
  char* err_buf = nullptr;
  size_t out_len = 0, err_len = 0;
  std::FILE* out = open_memstream(&out_buf, &out_len);
  std::FILE* err = open_memstream(&err_buf, &err_len);
  BRAID_CHECK(in != nullptr && out != nullptr && err != nullptr);
  Result r;
  r.status = braid::cli::Run(args, {in, out, err});
  std::fclose(in);
  std::fclose(out);
  std::fclose(err);
  r.out.assign(out_buf, out_len);
  r.err.assign(err_buf, err_len);
  std::free(out_buf);
  std::free(err_buf);
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  std::vector<std::string> args;
  const size_t count = in.ConsumeIntegralInRange<size_t>(0, 10);
  for (size_t i = 0; i < count; ++i) {
    std::string arg;
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
      case 0:
      case 1:
        arg = kWords[in.ConsumeIntegralInRange<size_t>(
            0, sizeof(kWords) / sizeof(kWords[0]) - 1)];
        break;
      case 2:
        arg = Hex(in);
        break;
      default:
        arg = in.ConsumeRandomLengthString(24);
    }
    if (!Forbidden(arg)) args.push_back(arg);
  }
  const std::string input = in.ConsumeRemainingBytesAsString();
  const Result r = RunBraid(args, input);
  BRAID_CHECK(r.status == braid::cli::kExitOk ||
              r.status == braid::cli::kExitAuthFailed ||
              r.status == braid::cli::kExitBadInput);
  if (r.status != braid::cli::kExitOk) BRAID_CHECK(!r.err.empty());
  if (r.status == braid::cli::kExitAuthFailed) BRAID_CHECK(r.out.empty());
  if (r.status == braid::cli::kExitOk && !args.empty() && args[0] == "enc") {
    std::vector<std::string> back = args;
    back[0] = "dec";
    const Result d = RunBraid(back, r.out);
    BRAID_CHECK(d.status == braid::cli::kExitOk);
    BRAID_CHECK(d.out == input);
  }
  return 0;
}
