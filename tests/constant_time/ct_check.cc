// Constant-time check, run under valgrind memcheck (tools/test does): the
// keys and the plaintext are marked undefined, so any branch or memory
// address that depends on them is reported as a use of an uninitialised
// value. Every mode runs with the build's tag (ct_check_runs.h: Scalar on
// the host, Neon on aarch64) at lengths that reach each mode's bulk loop and
// tail, ChaCha20 too; the AEADs seal, and open both a message whose tag
// verifies and one whose tag does not.
//
// Public by design, and so declassified inside the library (built here with
// BRAID_CONSTANT_TIME_VALIDATION, braid/declassify.h): whether two tags or
// two XTS key halves are equal (the caller is told), and GCM-SIV's tag, which
// is output and the start of its counter.
#include <cstdio>
#include <string>
#include <vector>

#include "tests/constant_time/ct_check_runs.h"

int main(int argc, char** argv) {
  if (!RUNNING_ON_VALGRIND) {
    std::fprintf(stderr, "ct_check: run me under valgrind (tools/test does)\n");
    return 2;
  }
  if (argc == 2 && std::string(argv[1]) == "--leak") {
    // The control: a branch on a secret byte, which memcheck must report.
    braid_ct::Bytes secret = braid_ct::Pattern(1, 1);
    braid_ct::Secret(secret.data(), 1);
    volatile int sink = 0;
    if (secret[0] == 1) sink = 1;
    return sink - 1;
  }
  // Every key size, and every length from 0 to 80 (each tail of one to five
  // blocks), then whole batches and longer tails. On aarch64, where
  // valgrind runs under qemu, AES-128 and AES-256 (AES-192 differs only in
  // its round count), and each count of whole blocks with tails of 0, 1 and
  // 15 bytes.
#if defined(__aarch64__)
  constexpr size_t kKeySizes[] = {16, 32};
#else
  constexpr size_t kKeySizes[] = {16, 24, 32};
#endif
  std::vector<size_t> lengths;
  for (size_t len = 0; len <= 80; ++len) {
#if defined(__aarch64__)
    if (len % 16 > 1 && len % 16 != 15) continue;
#endif
    lengths.push_back(len);
  }
  for (size_t len : {96, 100, 128, 255, 256, 260}) lengths.push_back(len);
  for (size_t key_bytes : kKeySizes) {
    for (size_t len : lengths) {
      braid_ct::RunModes<1>(key_bytes, len);
      braid_ct::RunModes<4>(key_bytes, len);
    }
  }
  for (size_t len : {0, 1, 64, 65, 200, 600}) braid_ct::RunChaCha20(len);
  for (size_t len : {0, 1, 15, 16, 17, 64, 65, 200, 2100}) {
    braid_ct::RunChaCha20Poly1305(len);
  }
  std::printf("ct_check: %d failures\n", braid_ct::failures);
  return braid_ct::failures == 0 ? 0 : 1;
}
