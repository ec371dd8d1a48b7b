// A consumer's real task with braid's public headers: seal a file with
// AES-256-GCM-SIV (nonce || ciphertext || tag) and open it again.
//
//   seal_file seal KEYFILE IN OUT    KEYFILE holds the 32-byte key
//   seal_file open KEYFILE IN OUT    exits 1, writing nothing, if forged
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "braid/modes/gcm_siv.h"

namespace {

using Bytes = std::vector<uint8_t>;

bool ReadFile(const char* path, Bytes& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  out.assign(std::istreambuf_iterator<char>(f), {});
  return true;
}

bool WriteFile(const char* path, const Bytes& data) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(data.data()), data.size());
  return static_cast<bool>(f);
}

int Fail(const std::string& message) {
  std::fprintf(stderr, "seal_file: %s\n", message.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) return Fail("usage: seal_file seal|open KEYFILE IN OUT");
  const std::string command = argv[1];
  Bytes key, in;
  if (!ReadFile(argv[2], key)) return Fail("cannot read the key file");
  if (!ReadFile(argv[3], in)) return Fail("cannot read the input");
  absl::StatusOr<braid::AesGcmSiv<>> siv = braid::AesGcmSiv<>::Create(key);
  if (!siv.ok()) return Fail(std::string(siv.status().message()));
  constexpr size_t kNonce = 12, kTag = 16;
  const absl::Span<const uint8_t> no_aad;

  if (command == "seal") {
    // GCM-SIV tolerates a repeated nonce (it then only reveals repeated
    // messages), so a random one per file is safe.
    Bytes out(kNonce + in.size() + kTag);
    std::random_device random;
    for (size_t i = 0; i < kNonce; ++i) out[i] = random() & 0xff;
    const absl::Span<const uint8_t> nonce(out.data(), kNonce);
    absl::Status s =
        siv->Seal(nonce, no_aad, in, absl::MakeSpan(out).subspan(kNonce));
    if (!s.ok()) return Fail(std::string(s.message()));
    return WriteFile(argv[4], out) ? 0 : Fail("cannot write the output");
  }
  if (command == "open") {
    if (in.size() < kNonce + kTag) return Fail("input too short");
    const absl::Span<const uint8_t> nonce(in.data(), kNonce);
    Bytes out(in.size() - kNonce - kTag);
    absl::Status s =
        siv->Open(nonce, no_aad, absl::MakeConstSpan(in).subspan(kNonce),
                     absl::MakeSpan(out));
    if (!s.ok()) {
      std::fprintf(stderr, "seal_file: %s\n", std::string(s.message()).c_str());
      return 1;
    }
    return WriteFile(argv[4], out) ? 0 : Fail("cannot write the output");
  }
  return Fail("unknown command " + command);
}
