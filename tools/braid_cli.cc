// `braid enc|dec|info|speed`: argument checking, streaming through the modes
// in fixed-size chunks (the AEADs too, by way of a private spool where they
// must read twice), and the AEAD rule that a message whose tag fails leaves
// no output at all.
#include "tools/braid_cli.h"

#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/chacha20.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/chacha20_poly1305.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/simd/cpu_features.h"
#include "braid/simd/isa.h"
#include "braid/status.h"
#include "braid/wipe.h"
#include "tools/braid_speed.h"

#if BRAID_RUNTIME_DISPATCH
#include "braid/dispatch/dispatch.h"
#endif

namespace braid::cli {
namespace {

constexpr absl::string_view kUsage =
    R"(usage: braid enc|dec -c CIPHER (--key-file FILE | --key-env NAME | -K HEX)
                    [--iv HEX] [--aad HEX] [--counter N] [--sector-size N]
                    [-in FILE] [-out FILE]
       braid info
       braid speed [--bytes N] [--seconds S] [--cpu-mhz MHZ]

The key: --key-file FILE holds its raw bytes (not "-": standard input is the
data); --key-env NAME names an environment variable that holds it in hex.
-K HEX puts the key on the command line, where every user of the machine can
read it (ps, /proc/*/cmdline): for tests and examples only.

CIPHER: aes-{128,192,256}-{ecb,cbc,cfb,ctr,ocb,gcm}, aes-{128,256}-xts,
        aes-{128,256}-gcm-siv, chacha20, chacha20-poly1305,
        xchacha20-poly1305
  ecb          no --iv; input a multiple of 16 bytes (no padding)
  cbc          --iv: 16-byte IV; input a multiple of 16 bytes (no padding)
  cfb, ctr     --iv: 16-byte IV / initial counter block
  xts          key1 then key2 (32 or 64 bytes); --iv: 16-byte tweak; the
               whole input is one data unit (16 bytes to 16 MiB), or with
               --sector-size N (16 to 65536) data units of N bytes, as disks
               use XTS: unit i's tweak is --iv's value plus i (a 128-bit
               little-endian number, the sector number), in constant memory
  ocb          --iv: nonce of 1 to 15 bytes; --aad; 16-byte tag
  gcm          --iv: nonce, 12 bytes (any length from 1 is taken); --aad;
               16-byte tag
  gcm-siv      --iv: 12-byte nonce; --aad; 16-byte tag
  chacha20     key: 32 bytes; --iv: 12-byte nonce; --counter: first block
               (default 0)
  chacha20-poly1305   key: 32 bytes; --iv: 12-byte nonce; --aad; 16-byte
               tag (RFC 8439)
  xchacha20-poly1305  key: 32 bytes; --iv: 24-byte nonce, safe to draw at
               random; --aad; 16-byte tag
ocb, gcm, gcm-siv and the chacha20-poly1305 pair: enc writes ciphertext then
tag; dec reads them so, and if the tag does not verify writes nothing and
exits 1. They stream in constant memory: dec to standard output first checks
the tag over a private copy of the ciphertext in $TMPDIR (else /tmp), and
gcm-siv, which needs its input twice, keeps it there (its plaintext masked
under a key of the moment) unless it encrypts a file to -out FILE: that file
is read twice, and if it changed in between nothing is written; plaintext
never goes to the disk unencrypted except as -out FILE's new file.
Input and output default to standard input and output. -out FILE is replaced
only when the whole command succeeds (written beside it, mode 0600, then
renamed); on any failure it is left as it was. -out naming the input's own
file is refused. Exit status: 0 done, 1 authentication failed, 2 bad usage
or input.
)";

// Bytes read and written per step when streaming: memory stays constant
// whatever the input's size.
constexpr size_t kChunkBytes = size_t{64} << 10;
// XTS takes the whole input as one data unit of at most 2^20 blocks.
constexpr size_t kXtsMaxBytes = size_t{16} << 20;

enum class Mode {
  kEcb,
  kCbc,
  kCfb,
  kCtr,
  kXts,
  kOcb,
  kGcm,
  kGcmSiv,
  kChaCha20,
  kChaCha20Poly1305,
  kXChaCha20Poly1305
};

struct Cipher {
  std::string name;
  Mode mode;
  size_t key_bytes;
};

std::optional<Cipher> FindCipher(absl::string_view name) {
  if (name == "chacha20") return Cipher{"chacha20", Mode::kChaCha20, 32};
  if (name == "chacha20-poly1305") {
    return Cipher{"chacha20-poly1305", Mode::kChaCha20Poly1305, 32};
  }
  if (name == "xchacha20-poly1305") {
    return Cipher{"xchacha20-poly1305", Mode::kXChaCha20Poly1305, 32};
  }
  struct Family {
    absl::string_view suffix;
    Mode mode;
    bool aes192;
  };
  static constexpr Family kFamilies[] = {
      {"ecb", Mode::kEcb, true}, {"cbc", Mode::kCbc, true},
      {"cfb", Mode::kCfb, true}, {"ctr", Mode::kCtr, true},
      {"ocb", Mode::kOcb, true}, {"xts", Mode::kXts, false},
      {"gcm", Mode::kGcm, true}, {"gcm-siv", Mode::kGcmSiv, false},
  };
  for (int bits : {128, 192, 256}) {
    for (const Family& f : kFamilies) {
      const std::string candidate = absl::StrCat("aes-", bits, "-", f.suffix);
      if (name != candidate || (bits == 192 && !f.aes192)) continue;
      const size_t key_bytes = bits / 8 * (f.mode == Mode::kXts ? 2 : 1);
      return Cipher{candidate, f.mode, key_bytes};
    }
  }
  return std::nullopt;
}

// An error that is the user's to fix (exit 2).
absl::Status Bad(absl::string_view message) {
  return absl::InvalidArgumentError(message);
}

// A tag that did not verify (exit 1).
absl::Status AuthFailed() {
  return absl::UnauthenticatedError(
      "authentication failed: the tag does not verify; nothing was written");
}

absl::StatusOr<std::vector<uint8_t>> ParseHex(absl::string_view option,
                                              absl::string_view hex) {
  if (hex.size() % 2 != 0) {
    return Bad(absl::StrCat(option,
                            ": hexadecimal needs an even number of "
                            "digits, got ",
                            hex.size()));
  }
  std::vector<uint8_t> bytes(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); ++i) {
    const char c = hex[i];
    int v;
    if (c >= '0' && c <= '9') {
      v = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      v = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      v = c - 'A' + 10;
    } else {
      return Bad(absl::StrCat(option, ": '", absl::string_view(&c, 1),
                              "' at position ", i + 1,
                              " is not a hexadecimal digit"));
    }
    bytes[i / 2] = static_cast<uint8_t>(bytes[i / 2] << 4 | v);
  }
  return bytes;
}

// The key from whichever of --key-file, --key-env and -K was given (exactly
// one). Every copy it makes on the way is wiped.
absl::StatusOr<std::vector<uint8_t>> ReadKey(
    absl::string_view cipher, const std::optional<std::string>& file,
    const std::optional<std::string>& env,
    const std::optional<std::string>& hex, size_t key_bytes) {
  const int given = file.has_value() + env.has_value() + hex.has_value();
  if (given == 0) {
    return Bad(absl::StrCat("a key is required for ", cipher,
                            ": --key-file FILE or --key-env NAME"));
  }
  if (given > 1) {
    return Bad("give the key once: --key-file, --key-env or -K");
  }
  if (hex) return ParseHex("-K", *hex);
  if (env) {
    const char* value = std::getenv(env->c_str());
    if (value == nullptr) {
      return Bad(
          absl::StrCat("--key-env ", *env, ": no such environment variable"));
    }
    return ParseHex(absl::StrCat("--key-env ", *env), value);
  }
  if (*file == "-") {
    return Bad(
        "--key-file -: standard input carries the data; give the key "
        "in a file");
  }
  std::FILE* f = std::fopen(file->c_str(), "rb");
  if (f == nullptr) {
    return Bad(absl::StrCat("--key-file ", *file, ": ", std::strerror(errno)));
  }
  // One byte more than the key, to tell a longer file from a key.
  std::vector<uint8_t> bytes(key_bytes + 1);
  const size_t got = std::fread(bytes.data(), 1, bytes.size(), f);
  const bool failed = std::ferror(f) != 0;
  const int read_errno = errno;  // before fclose can change it
  std::fclose(f);
  if (failed || got != key_bytes) {
    internal::Wipe(bytes.data(), bytes.size());
    return Bad(absl::StrCat(
        "--key-file ", *file, ": ",
        failed ? std::strerror(read_errno)
               : absl::StrCat(
                     "key for ", cipher, " must be ", key_bytes,
                     " bytes, the file has ",
                     got == key_bytes + 1 ? "more" : std::to_string(got))));
  }
  bytes.pop_back();
  return bytes;
}

// Key and IV bytes, wiped when the options go.
struct SecretBytes {
  std::vector<uint8_t> bytes;
  ~SecretBytes() {
    if (!bytes.empty()) internal::Wipe(bytes.data(), bytes.size());
  }
};

struct Options {
  bool encrypt = true;
  Cipher cipher;
  SecretBytes key;
  std::optional<std::vector<uint8_t>> iv, aad;
  std::optional<uint32_t> counter;
  std::optional<size_t> sector_size;  // XTS: bytes per data unit
  std::string in_path, out_path;      // "" or "-": standard input / output
};

absl::StatusOr<Options> ParseOptions(bool encrypt,
                                     const std::vector<std::string>& args) {
  Options o;
  o.encrypt = encrypt;
  std::optional<std::string> cipher, key_hex, key_file, key_env, iv_hex,
      aad_hex, counter, sector_size;
  std::optional<std::string> in_path, out_path;
  struct Flag {
    std::initializer_list<absl::string_view> names;
    std::optional<std::string>* value;
  };
  const Flag flags[] = {
      {{"-c", "--cipher"}, &cipher}, {{"-K", "--key"}, &key_hex},
      {{"--key-file"}, &key_file},   {{"--key-env"}, &key_env},
      {{"--iv", "-iv"}, &iv_hex},    {{"--aad"}, &aad_hex},
      {{"--counter"}, &counter},     {{"--sector-size"}, &sector_size},
      {{"-in", "--in"}, &in_path},   {{"-out", "--out"}, &out_path},
  };
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const Flag* flag = nullptr;
    for (const Flag& f : flags) {
      for (absl::string_view name : f.names) {
        if (arg == name) flag = &f;
      }
    }
    if (flag == nullptr) {
      return Bad(absl::StrCat("unknown argument '", arg, "'"));
    }
    if (i + 1 >= args.size()) {
      return Bad(absl::StrCat(arg, " needs a value"));
    }
    if (flag->value->has_value()) {
      return Bad(absl::StrCat(arg, " is given twice"));
    }
    *flag->value = args[++i];
  }

  if (!cipher) return Bad("-c CIPHER is required (see braid --help)");
  std::optional<Cipher> found = FindCipher(*cipher);
  if (!found) {
    return Bad(
        absl::StrCat("unknown cipher '", *cipher,
                     "': expected aes-{128,192,256}-{ecb,cbc,cfb,ctr,ocb,gcm}, "
                     "aes-{128,256}-xts, aes-{128,256}-gcm-siv, chacha20, "
                     "chacha20-poly1305 or xchacha20-poly1305"));
  }
  o.cipher = *found;
  const std::string& name = o.cipher.name;
  const Mode mode = o.cipher.mode;

  absl::StatusOr<std::vector<uint8_t>> key =
      ReadKey(name, key_file, key_env, key_hex, o.cipher.key_bytes);
  if (key_hex) internal::Wipe(key_hex->data(), key_hex->size());
  if (!key.ok()) return key.status();
  o.key.bytes = *std::move(key);
  if (o.key.bytes.size() != o.cipher.key_bytes) {
    return Bad(absl::StrCat("key for ", name, " must be ", o.cipher.key_bytes,
                            " bytes",
                            mode == Mode::kXts ? " (key1 then key2)" : "",
                            ", got ", o.key.bytes.size()));
  }

  if (iv_hex) {
    absl::StatusOr<std::vector<uint8_t>> iv = ParseHex("--iv", *iv_hex);
    if (!iv.ok()) return iv.status();
    o.iv = *std::move(iv);
  }
  const char* iv_rule = nullptr;
  bool iv_ok = true;
  const size_t iv_size = o.iv ? o.iv->size() : 0;
  switch (mode) {
    case Mode::kEcb:
      if (o.iv) return Bad(absl::StrCat("--iv: ", name, " takes no IV"));
      break;
    case Mode::kCbc:
    case Mode::kCfb:
      iv_rule = "the 16-byte IV";
      iv_ok = iv_size == 16;
      break;
    case Mode::kCtr:
      iv_rule = "the 16-byte initial counter block";
      iv_ok = iv_size == 16;
      break;
    case Mode::kXts:
      iv_rule = "the 16-byte tweak";
      iv_ok = iv_size == 16;
      break;
    case Mode::kOcb:
      iv_rule = "the nonce, 1 to 15 bytes";
      iv_ok = iv_size >= 1 && iv_size <= 15;
      break;
    case Mode::kGcm:
      iv_rule = "the nonce, at least 1 byte (12 is the standard's size)";
      iv_ok = iv_size >= 1;
      break;
    case Mode::kGcmSiv:
    case Mode::kChaCha20:
    case Mode::kChaCha20Poly1305:
      iv_rule = "the 12-byte nonce";
      iv_ok = iv_size == 12;
      break;
    case Mode::kXChaCha20Poly1305:
      iv_rule = "the 24-byte nonce";
      iv_ok = iv_size == 24;
      break;
  }
  if (iv_rule != nullptr && !o.iv) {
    return Bad(absl::StrCat("--iv is required for ", name, ": ", iv_rule));
  }
  if (!iv_ok) {
    return Bad(absl::StrCat("--iv for ", name, " is ", iv_rule, ", got ",
                            iv_size, " bytes"));
  }

  if (aad_hex) {
    if (mode != Mode::kOcb && mode != Mode::kGcm && mode != Mode::kGcmSiv &&
        mode != Mode::kChaCha20Poly1305 && mode != Mode::kXChaCha20Poly1305) {
      return Bad(absl::StrCat("--aad: ", name,
                              " takes no associated data (only ocb, gcm, "
                              "gcm-siv and the chacha20-poly1305 pair do)"));
    }
    absl::StatusOr<std::vector<uint8_t>> aad = ParseHex("--aad", *aad_hex);
    if (!aad.ok()) return aad.status();
    o.aad = *std::move(aad);
  }
  if (counter) {
    if (mode != Mode::kChaCha20) {
      return Bad(absl::StrCat("--counter: ", name,
                              " takes no block counter (only chacha20 does)"));
    }
    uint32_t value;
    if (counter->empty() || (*counter)[0] < '0' || (*counter)[0] > '9' ||
        !absl::SimpleAtoi(*counter, &value)) {
      return Bad(
          absl::StrCat("--counter for chacha20 must be a decimal "
                       "number from 0 to 4294967295, got '",
                       *counter, "'"));
    }
    o.counter = value;
  }
  if (sector_size) {
    if (mode != Mode::kXts) {
      return Bad(absl::StrCat("--sector-size: ", name,
                              " has no data units (only xts does)"));
    }
    size_t value;
    if (sector_size->empty() || (*sector_size)[0] < '0' ||
        (*sector_size)[0] > '9' || !absl::SimpleAtoi(*sector_size, &value) ||
        value < 16 || value > kChunkBytes) {
      return Bad(absl::StrCat("--sector-size for ", name,
                              " is a number of bytes from 16 to ", kChunkBytes,
                              ", got '", *sector_size, "'"));
    }
    o.sector_size = value;
  }
  if (in_path) o.in_path = *in_path;
  if (out_path) o.out_path = *out_path;
  return o;
}

// The input: a named file or the caller's standard input, read in full
// chunks.
class Input {
 public:
  Input(const std::string& path, std::FILE* standard) : path_(path) {
    file_ = IsStandard() ? standard : nullptr;
  }
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;
  ~Input() {
    if (!IsStandard() && file_ != nullptr) std::fclose(file_);
  }

  absl::Status Open() {
    if (IsStandard()) return absl::OkStatus();
    file_ = std::fopen(path_.c_str(), "rb");
    if (file_ == nullptr) {
      return Bad(absl::StrCat("-in ", path_, ": ", std::strerror(errno)));
    }
    return absl::OkStatus();
  }

  // The input's size where it is a regular file, so that a length the mode
  // cannot take is refused before anything is written.
  std::optional<uint64_t> KnownSize() const {
    struct stat st;
    if (fstat(fileno(file_), &st) != 0 || !S_ISREG(st.st_mode)) {
      return std::nullopt;
    }
    const long at = std::ftell(file_);
    if (at < 0 || static_cast<uint64_t>(at) > uint64_t(st.st_size)) {
      return std::nullopt;
    }
    return uint64_t(st.st_size) - at;
  }

  // The file the input is (device, inode), where fstat can tell.
  std::optional<std::pair<dev_t, ino_t>> Identity() const {
    struct stat st;
    if (file_ == nullptr || fstat(fileno(file_), &st) != 0) return std::nullopt;
    return std::make_pair(st.st_dev, st.st_ino);
  }

  // Where reading has got to, and back there: for a regular file (KnownSize)
  // that a mode reads twice.
  long Tell() const { return std::ftell(file_); }
  absl::Status Seek(long at) {
    if (std::fseek(file_, at, SEEK_SET) != 0) {
      return Bad(
          absl::StrCat("reading ", Name(), " again: ", std::strerror(errno)));
    }
    return absl::OkStatus();
  }

  std::string Name() const { return IsStandard() ? "standard input" : path_; }

  // Reads until `n` bytes or the end; returns how many were read.
  absl::StatusOr<size_t> Read(uint8_t* to, size_t n) {
    size_t got = 0;
    while (got < n) {
      const size_t r = std::fread(to + got, 1, n - got, file_);
      got += r;
      if (r == 0) break;
    }
    if (std::ferror(file_)) {
      return Bad(absl::StrCat("reading ", Name(), ": ", std::strerror(errno)));
    }
    return got;
  }

 private:
  bool IsStandard() const { return path_.empty() || path_ == "-"; }

  std::string path_;
  std::FILE* file_;
};

// Makes `file` write each chunk straight through: a buffered stream copies
// the first 4 KiB of every large write into its buffer. Only before the
// stream's first use.
void Unbuffered(std::FILE* file) { std::setvbuf(file, nullptr, _IONBF, 0); }

// The output: the caller's standard output, or a named file that is only
// replaced when the whole command succeeds. A named output is written to a
// new file beside it (mode 0600), flushed to the disk and renamed over the
// name by Finish(); if the command fails first, the new file is removed and
// whatever had that name is as it was.
class Output {
 public:
  Output(const std::string& path, std::FILE* standard) : path_(path) {
    file_ = IsStandard() ? standard : nullptr;
  }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  ~Output() {
    if (!IsStandard() && file_ != nullptr) {
      std::fclose(file_);
      std::remove(temp_.c_str());
    }
  }

  // Refuses an output that names the input's own file (also through a link):
  // replacing it would destroy the input.
  absl::Status CheckNotInput(const Input& input) const {
    if (IsStandard()) return absl::OkStatus();
    const std::optional<std::pair<dev_t, ino_t>> in = input.Identity();
    struct stat st;
    if (in && stat(path_.c_str(), &st) == 0 && st.st_dev == in->first &&
        st.st_ino == in->second) {
      return Bad(absl::StrCat("-out ", path_,
                              " is the input's own file: write elsewhere"));
    }
    return absl::OkStatus();
  }

  absl::Status Open() {
    if (IsStandard()) return absl::OkStatus();
    const size_t slash = path_.rfind('/');
    const std::string dir =
        slash == std::string::npos ? "" : path_.substr(0, slash + 1);
    const std::string base =
        slash == std::string::npos ? path_ : path_.substr(slash + 1);
    temp_ = absl::StrCat(dir, ".", base, ".braid-XXXXXX");
    const int fd = mkstemp(temp_.data());  // creates it 0600
    if (fd < 0) {
      return Bad(absl::StrCat("-out ", path_, ": ", std::strerror(errno)));
    }
    file_ = fdopen(fd, "wb");
    if (file_ == nullptr) {
      close(fd);
      std::remove(temp_.c_str());
      return Bad(absl::StrCat("-out ", path_, ": ", std::strerror(errno)));
    }
    Unbuffered(file_);
    return absl::OkStatus();
  }

  absl::Status Write(const uint8_t* from, size_t n) {
    if (n != 0 && std::fwrite(from, 1, n, file_) != n) return WriteError();
    return absl::OkStatus();
  }

  bool IsStandard() const { return path_.empty() || path_ == "-"; }

  absl::Status Finish() {
    if (std::fflush(file_) != 0) return WriteError();
    if (IsStandard()) return absl::OkStatus();
    const bool synced = fsync(fileno(file_)) == 0;
    const int closed = std::fclose(file_);
    file_ = nullptr;
    if (!synced || closed != 0 ||
        std::rename(temp_.c_str(), path_.c_str()) != 0) {
      const absl::Status error = WriteError();
      std::remove(temp_.c_str());
      return error;
    }
    return absl::OkStatus();
  }

 private:
  absl::Status WriteError() const {
    return Bad(absl::StrCat("writing ",
                            IsStandard() ? "standard output" : path_, ": ",
                            std::strerror(errno)));
  }

  std::string path_;
  std::string temp_;  // the new file, until it is renamed to path_
  std::FILE* file_;
};

// Streams the input through `crypt(in, out, n)` in chunks; `granule` is the
// length the mode's input must be a multiple of.
template <class Crypt>
absl::Status Stream(const Options& o, const Io& io, size_t granule,
                    Crypt&& crypt) {
  Input input(o.in_path, io.in);
  if (absl::Status s = input.Open(); !s.ok()) return s;
  const auto length_error = [&](uint64_t total) {
    return Bad(absl::StrCat("input for ", o.cipher.name,
                            " must be a multiple of ", granule,
                            " bytes (no padding), got ", total));
  };
  if (std::optional<uint64_t> size = input.KnownSize();
      size && *size % granule != 0) {
    return length_error(*size);
  }
  Output output(o.out_path, io.out);
  if (absl::Status s = output.CheckNotInput(input); !s.ok()) return s;
  if (absl::Status s = output.Open(); !s.ok()) return s;

  std::vector<uint8_t> in(kChunkBytes), out(kChunkBytes);
  size_t carried = 0;
  uint64_t total = 0;
  for (;;) {
    absl::StatusOr<size_t> got =
        input.Read(in.data() + carried, in.size() - carried);
    if (!got.ok()) return got.status();
    total += *got;
    const size_t have = carried + *got;
    const size_t whole = have - have % granule;
    if (whole != 0) {
      if (absl::Status s = crypt(absl::MakeConstSpan(in.data(), whole),
                                 absl::MakeSpan(out.data(), whole));
          !s.ok()) {
        return Bad(s.message());
      }
      if (absl::Status s = output.Write(out.data(), whole); !s.ok()) return s;
    }
    carried = have - whole;
    std::memmove(in.data(), in.data() + whole, carried);
    if (have < in.size()) break;  // the end of the input
  }
  internal::Wipe(in.data(), in.size());
  internal::Wipe(out.data(), out.size());
  if (carried != 0) return length_error(total);
  return output.Finish();
}

// XTS without --sector-size takes its one data unit whole: reads it all (up
// to `limit` bytes) into one buffer, lets `process` change it in place, and
// writes it only if that succeeds. The buffer is allocated once and never
// grows: a reallocation would leave a copy of the plaintext behind, unwiped,
// and the pages past the input's end are never touched.
template <class Process>
absl::Status WholeMessage(const Options& o, const Io& io, size_t limit,
                          absl::string_view limit_rule, Process&& process) {
  Input input(o.in_path, io.in);
  if (absl::Status s = input.Open(); !s.ok()) return s;
  Output output(o.out_path, io.out);
  if (absl::Status s = output.CheckNotInput(input); !s.ok()) return s;
  const auto too_long = [&] {
    return Bad(absl::StrCat("input for ", o.cipher.name, " ", limit_rule,
                            ": it is longer"));
  };
  if (std::optional<uint64_t> size = input.KnownSize(); size && *size > limit) {
    return too_long();
  }
  const std::unique_ptr<uint8_t[]> buffer(new uint8_t[limit + 1]);
  absl::StatusOr<size_t> got = input.Read(buffer.get(), limit + 1);
  if (!got.ok()) return got.status();
  const absl::Span<uint8_t> message(buffer.get(), *got);
  absl::Status s = message.size() > limit ? too_long() : process(message);
  if (s.ok()) {
    s = output.Open();
    if (s.ok()) s = output.Write(message.data(), message.size());
    if (s.ok()) s = output.Finish();
  }
  internal::Wipe(message.data(), message.size());
  return s;
}

// Reads `input` into `buffer` chunk by chunk (each full but the last) and
// hands each to `take(piece)`, until the end, a read error or take's error.
template <class Take>
absl::Status ForEachChunk(Input& input, std::vector<uint8_t>& buffer,
                          Take&& take) {
  for (;;) {
    absl::StatusOr<size_t> got = input.Read(buffer.data(), buffer.size());
    if (!got.ok()) return got.status();
    if (absl::Status s = take(absl::MakeSpan(buffer.data(), *got)); !s.ok()) {
      return s;
    }
    if (*got < buffer.size()) return absl::OkStatus();
  }
}

// A private scratch file: created 0600 in $TMPDIR (else /tmp) and unlinked
// at once, so that only this process can reach it and it is gone when
// closed. file() is null if it could not be made (errno says why).
class Spool {
 public:
  Spool() {
    const char* dir = std::getenv("TMPDIR");
    std::string path = absl::StrCat(
        dir != nullptr && *dir != '\0' ? dir : "/tmp", "/braid-spool-XXXXXX");
    const int fd = mkstemp(path.data());
    if (fd < 0) return;
    unlink(path.c_str());
    file_ = fdopen(fd, "w+b");
    if (file_ == nullptr) close(fd);
  }
  ~Spool() {
    if (file_ != nullptr) std::fclose(file_);
  }
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;

  std::FILE* file() const { return file_; }

  absl::Status Write(absl::Span<const uint8_t> bytes) {
    return std::fwrite(bytes.data(), 1, bytes.size(), file_) == bytes.size()
               ? absl::OkStatus()
               : Error();
  }
  // Everything written flushed, and reading from the start.
  absl::Status Rewind() {
    return std::fflush(file_) == 0 && std::fseek(file_, 0, SEEK_SET) == 0
               ? absl::OkStatus()
               : Error();
  }
  static absl::Status Error() {
    return Bad(absl::StrCat("the spool file: ", std::strerror(errno)));
  }

 private:
  std::FILE* file_ = nullptr;
};

// Opens `input` (ciphertext, then the 16-byte tag) through `opener` in
// chunks, holding back the last 16 bytes read, which may be the tag:
// `on_piece(ciphertext, plaintext)` takes each piece as it is opened, and
// the result is the tag's verdict, and `tag` the tag.
template <class Opener, class OnPiece>
absl::Status OpenPieces(const Options& o, Input& input, Opener& opener,
                        OnPiece&& on_piece, uint8_t tag[16]) {
  constexpr size_t kTag = 16;
  std::vector<uint8_t> in(kChunkBytes + kTag), out(kChunkBytes);
  size_t have = 0;
  uint64_t total = 0;
  absl::Status s;
  for (;;) {
    absl::StatusOr<size_t> got = input.Read(in.data() + have, in.size() - have);
    if (!got.ok()) return got.status();
    total += *got;
    have += *got;
    const bool end = have < in.size();
    if (end && have < kTag) {
      return Bad(absl::StrCat("input for ", o.cipher.name,
                              " dec is ciphertext then the 16-byte tag, got ",
                              total, " bytes"));
    }
    const size_t piece = end ? have - kTag : kChunkBytes;
    s = opener.Update(absl::MakeConstSpan(in.data(), piece),
                      absl::MakeSpan(out.data(), piece));
    if (!s.ok()) return Bad(s.message());
    s = on_piece(absl::MakeConstSpan(in.data(), piece),
                 absl::MakeConstSpan(out.data(), piece));
    if (!s.ok()) break;
    std::memmove(in.data(), in.data() + piece, have - piece);
    have -= piece;
    if (end) break;
  }
  internal::Wipe(out.data(), out.size());
  if (!s.ok()) return s;
  std::memcpy(tag, in.data(), kTag);
  s = opener.Finish(absl::MakeConstSpan(in.data(), kTag));
  if (IsAuthenticationFailure(s)) return AuthFailed();
  return s.ok() ? s : Bad(s.message());
}

// The AEADs that seal and open in pieces: memory stays at a few chunks
// whatever the message's length. enc writes ciphertext || tag. dec to a
// file writes the plaintext to its new file, renamed over the name only once
// the tag verifies; to standard output, it first copies the ciphertext to a
// private spool while checking the tag, then opens the spool again to write
// the plaintext: no byte of unverified plaintext leaves the process, and
// none reaches the disk.
template <class Key>
absl::Status StreamAead(const Options& o, const Io& io, const Key& key) {
  const absl::Span<const uint8_t> nonce = *o.iv;
  const absl::Span<const uint8_t> aad =
      o.aad ? absl::MakeConstSpan(*o.aad) : absl::Span<const uint8_t>();
  Input input(o.in_path, io.in);
  if (absl::Status s = input.Open(); !s.ok()) return s;
  Output output(o.out_path, io.out);
  if (absl::Status s = output.CheckNotInput(input); !s.ok()) return s;

  if (o.encrypt) {
    auto sealer = key.BeginSeal(nonce, aad);
    if (!sealer.ok()) return Bad(sealer.status().message());
    if (absl::Status s = output.Open(); !s.ok()) return s;
    std::vector<uint8_t> buffer(kChunkBytes);
    absl::Status s =
        ForEachChunk(input, buffer, [&](absl::Span<uint8_t> piece) {
          if (absl::Status s = sealer->Update(piece, piece); !s.ok()) {
            return Bad(s.message());
          }
          return output.Write(piece.data(), piece.size());
        });
    internal::Wipe(buffer.data(), buffer.size());
    if (!s.ok()) return s;
    uint8_t tag[16];
    if (s = sealer->Finish(absl::MakeSpan(tag)); !s.ok()) {
      return Bad(s.message());
    }
    if (s = output.Write(tag, sizeof(tag)); !s.ok()) return s;
    return output.Finish();
  }

  const auto write_plaintext = [&](absl::Span<const uint8_t>,
                                   absl::Span<const uint8_t> plaintext) {
    return output.Write(plaintext.data(), plaintext.size());
  };
  if (!output.IsStandard()) {
    auto opener = key.BeginOpen(nonce, aad);
    if (!opener.ok()) return Bad(opener.status().message());
    if (absl::Status s = output.Open(); !s.ok()) return s;
    uint8_t tag[16];
    if (absl::Status s = OpenPieces(o, input, *opener, write_plaintext, tag);
        !s.ok()) {
      return s;
    }
    return output.Finish();
  }
  Spool spool;
  if (spool.file() == nullptr) {
    return Bad(absl::StrCat("cannot make a spool file for ", o.cipher.name,
                            " dec to standard output in $TMPDIR or /tmp: ",
                            std::strerror(errno), " (or give -out FILE)"));
  }
  const auto spool_ciphertext = [&](absl::Span<const uint8_t> ciphertext,
                                    absl::Span<const uint8_t>) {
    return spool.Write(ciphertext);
  };
  uint8_t tag[16];
  auto check = key.BeginOpen(nonce, aad);
  if (!check.ok()) return Bad(check.status().message());
  absl::Status s = OpenPieces(o, input, *check, spool_ciphertext, tag);
  // Verified: the spool (ciphertext, then the tag) is opened again, now to
  // the output.
  if (s.ok()) s = spool.Write(tag);
  if (s.ok()) s = spool.Rewind();
  if (!s.ok()) return s;
  Input spooled("", spool.file());
  auto opener = key.BeginOpen(nonce, aad);
  if (!opener.ok()) return Bad(opener.status().message());
  s = OpenPieces(o, spooled, *opener, write_plaintext, tag);
  if (IsAuthenticationFailure(s)) {
    return Bad("the spool file changed between reading and writing");
  }
  if (!s.ok()) return s;
  return output.Finish();
}

// GCM-SIV: its tag comes from the whole plaintext and its keystream from the
// tag, so the message goes through twice. enc from a regular file to a named
// output reads the file twice, and hashes the second pass too: if the two
// tags differ the file changed in between, and the output is not written.
// Otherwise enc spools the plaintext masked by ChaCha20 under a random key
// that only this process holds, computing the tag; then unmasks it and
// encrypts it to the output. dec spools ciphertext || tag, then opens the
// spool as the one-pass AEADs open their input (to standard output only
// after a pass that checks the tag).
absl::Status StreamGcmSiv(const Options& o, const Io& io,
                          const AesGcmSiv<>& siv) {
  const absl::Span<const uint8_t> nonce = *o.iv;
  const absl::Span<const uint8_t> aad =
      o.aad ? absl::MakeConstSpan(*o.aad) : absl::Span<const uint8_t>();
  Input input(o.in_path, io.in);
  if (absl::Status s = input.Open(); !s.ok()) return s;
  Output output(o.out_path, io.out);
  if (absl::Status s = output.CheckNotInput(input); !s.ok()) return s;
  std::vector<uint8_t> buffer(kChunkBytes);

  const long start = input.Tell();
  if (o.encrypt && input.KnownSize() && start >= 0 && !output.IsStandard()) {
    auto sealer = siv.BeginSeal(nonce, aad);
    auto check = siv.BeginSeal(nonce, aad);
    if (!sealer.ok()) return Bad(sealer.status().message());
    if (!check.ok()) return Bad(check.status().message());
    uint8_t tag[16], second_tag[16];
    absl::Status s =
        ForEachChunk(input, buffer, [&](absl::Span<uint8_t> piece) {
          absl::Status s = sealer->Absorb(piece);
          return s.ok() ? s : Bad(s.message());
        });
    if (s.ok()) s = sealer->Tag(absl::MakeSpan(tag));
    if (s.ok()) s = input.Seek(start);
    if (s.ok()) s = output.Open();
    if (s.ok()) {
      s = ForEachChunk(input, buffer, [&](absl::Span<uint8_t> piece) {
        absl::Status s = check->Absorb(piece);
        if (s.ok()) s = sealer->Update(piece, piece);
        if (s.ok()) s = output.Write(piece.data(), piece.size());
        return s;
      });
    }
    internal::Wipe(buffer.data(), buffer.size());
    if (s.ok()) s = check->Tag(absl::MakeSpan(second_tag));
    if (s.ok() && std::memcmp(tag, second_tag, sizeof(tag)) != 0) {
      s = Bad(absl::StrCat(input.Name(),
                           " changed while it was being read twice for ",
                           o.cipher.name, ": nothing written"));
    }
    if (s.ok()) s = sealer->Finish();
    if (s.ok()) s = output.Write(tag, sizeof(tag));
    if (s.ok()) s = output.Finish();
    return s;
  }

  Spool spool;
  if (spool.file() == nullptr) {
    return Bad(absl::StrCat("cannot make a spool file for ", o.cipher.name,
                            " in $TMPDIR or /tmp: ", std::strerror(errno)));
  }
  Input spooled("", spool.file());

  if (o.encrypt) {
    auto sealer = siv.BeginSeal(nonce, aad);
    if (!sealer.ok()) return Bad(sealer.status().message());
    uint8_t mask_key[32];
    const uint8_t mask_nonce[12] = {};
    if (getrandom(mask_key, sizeof(mask_key), 0) != sizeof(mask_key)) {
      return Bad(absl::StrCat("getrandom: ", std::strerror(errno)));
    }
    auto mask = ChaCha20<>::Create(mask_key, mask_nonce, 0);
    auto unmask = ChaCha20<>::Create(mask_key, mask_nonce, 0);
    internal::Wipe(mask_key, sizeof(mask_key));
    if (!mask.ok() || !unmask.ok()) return Bad(mask.status().message());
    absl::Status s =
        ForEachChunk(input, buffer, [&](absl::Span<uint8_t> piece) {
          if (absl::Status s = sealer->Absorb(piece); !s.ok()) {
            return Bad(s.message());
          }
          if (absl::Status s = mask->Crypt(piece, piece); !s.ok()) return s;
          return spool.Write(piece);
        });
    uint8_t tag[16];
    if (s.ok()) s = sealer->Tag(absl::MakeSpan(tag));
    if (s.ok()) s = spool.Rewind();
    if (s.ok()) s = output.Open();
    if (s.ok()) {
      s = ForEachChunk(spooled, buffer, [&](absl::Span<uint8_t> piece) {
        absl::Status s = unmask->Crypt(piece, piece);
        if (s.ok()) s = sealer->Update(piece, piece);
        if (s.ok()) s = output.Write(piece.data(), piece.size());
        return s;
      });
    }
    internal::Wipe(buffer.data(), buffer.size());
    if (s.ok()) s = sealer->Finish();
    if (s.ok()) s = output.Write(tag, sizeof(tag));
    if (s.ok()) s = output.Finish();
    return s;
  }

  uint64_t total = 0;
  if (absl::Status s = ForEachChunk(input, buffer,
                                    [&](absl::Span<uint8_t> piece) {
                                      total += piece.size();
                                      return spool.Write(piece);
                                    });
      !s.ok()) {
    return s;
  }
  uint8_t tag[16];
  if (total < sizeof(tag)) {
    return Bad(absl::StrCat("input for ", o.cipher.name,
                            " dec is ciphertext then the 16-byte tag, got ",
                            total, " bytes"));
  }
  if (std::fflush(spool.file()) != 0 ||
      std::fseek(spool.file(), static_cast<long>(total - sizeof(tag)),
                 SEEK_SET) != 0 ||
      std::fread(tag, 1, sizeof(tag), spool.file()) != sizeof(tag)) {
    return Spool::Error();
  }
  if (absl::Status s = spool.Rewind(); !s.ok()) return s;
  const auto write_plaintext = [&](absl::Span<const uint8_t>,
                                   absl::Span<const uint8_t> plaintext) {
    return output.Write(plaintext.data(), plaintext.size());
  };
  if (output.IsStandard()) {
    auto check = siv.BeginOpen(nonce, aad, tag);
    if (!check.ok()) return Bad(check.status().message());
    const auto discard = [](absl::Span<const uint8_t>,
                            absl::Span<const uint8_t>) {
      return absl::OkStatus();
    };
    if (absl::Status s = OpenPieces(o, spooled, *check, discard, tag);
        !s.ok()) {
      return s;
    }
    if (absl::Status s = spool.Rewind(); !s.ok()) return s;
  } else if (absl::Status s = output.Open(); !s.ok()) {
    return s;
  }
  auto opener = siv.BeginOpen(nonce, aad, tag);
  if (!opener.ok()) return Bad(opener.status().message());
  absl::Status s = OpenPieces(o, spooled, *opener, write_plaintext, tag);
  if (!s.ok()) return s;
  return output.Finish();
}

absl::Status RunCipher(const Options& o, const Io& io) {
  const bool enc = o.encrypt;
  const std::string& name = o.cipher.name;
  const absl::Span<const uint8_t> key = o.key.bytes;
  const absl::Span<const uint8_t> iv =
      o.iv ? absl::MakeConstSpan(*o.iv) : absl::Span<const uint8_t>();
  const absl::Span<const uint8_t> aad =
      o.aad ? absl::MakeConstSpan(*o.aad) : absl::Span<const uint8_t>();
  using In = absl::Span<const uint8_t>;
  using Out = absl::Span<uint8_t>;

  switch (o.cipher.mode) {
    case Mode::kEcb:
    case Mode::kCbc:
    case Mode::kCfb:
    case Mode::kCtr: {
      absl::StatusOr<AesKey> aes = AesKey::Create(key);
      if (!aes.ok()) return Bad(aes.status().message());
      if (o.cipher.mode == Mode::kEcb) {
        return Stream(o, io, 16, [&](In in, Out out) {
          return enc ? AesEcbEncrypt(*aes, in, out)
                     : AesEcbDecrypt(*aes, in, out);
        });
      }
      if (o.cipher.mode == Mode::kCbc) {
        absl::StatusOr<AesCbc<>> cbc = AesCbc<>::Create(*aes, iv);
        if (!cbc.ok()) return Bad(cbc.status().message());
        return Stream(o, io, 16, [&](In in, Out out) {
          return enc ? cbc->Encrypt(in, out) : cbc->Decrypt(in, out);
        });
      }
      if (o.cipher.mode == Mode::kCfb) {
        absl::StatusOr<AesCfb<>> cfb = AesCfb<>::Create(*aes, iv);
        if (!cfb.ok()) return Bad(cfb.status().message());
        return Stream(o, io, 1, [&](In in, Out out) {
          return enc ? cfb->Encrypt(in, out) : cfb->Decrypt(in, out);
        });
      }
      absl::StatusOr<AesCtr<>> ctr = AesCtr<>::Create(*aes, iv);
      if (!ctr.ok()) return Bad(ctr.status().message());
      return Stream(o, io, 1,
                    [&](In in, Out out) { return ctr->Crypt(in, out); });
    }
    case Mode::kChaCha20: {
      absl::StatusOr<ChaCha20<>> chacha =
          ChaCha20<>::Create(key, iv, o.counter.value_or(0));
      if (!chacha.ok()) return Bad(chacha.status().message());
      return Stream(o, io, 1,
                    [&](In in, Out out) { return chacha->Crypt(in, out); });
    }
    case Mode::kXts: {
      absl::StatusOr<AesXtsKey> xts = AesXtsKey::Create(key);
      if (!xts.ok()) return Bad(xts.status().message());
      if (o.sector_size) {
        // Data units of sector_size bytes; the tweak counts them from --iv.
        uint8_t tweak[16];
        std::memcpy(tweak, iv.data(), 16);
        const size_t unit = *o.sector_size;
        return Stream(o, io, unit, [&](In in, Out out) {
          for (size_t at = 0; at < in.size(); at += unit) {
            absl::Status s =
                enc ? AesXtsEncrypt(*xts, tweak, in.subspan(at, unit),
                                    out.subspan(at, unit))
                    : AesXtsDecrypt(*xts, tweak, in.subspan(at, unit),
                                    out.subspan(at, unit));
            if (!s.ok()) return s;
            // The next sector number: a 128-bit little-endian increment.
            int byte = 0;
            while (byte < 16 && ++tweak[byte] == 0) ++byte;
          }
          return absl::OkStatus();
        });
      }
      return WholeMessage(
          o, io, kXtsMaxBytes, "is one data unit of 16 bytes to 16 MiB",
          [&](absl::Span<uint8_t> message) {
            if (message.size() < 16) {
              return Bad(absl::StrCat("input for ", name,
                                      " is one data unit of 16 bytes to 16 "
                                      "MiB, got ",
                                      message.size(), " bytes"));
            }
            absl::Status s = enc ? AesXtsEncrypt(*xts, iv, message, message)
                                 : AesXtsDecrypt(*xts, iv, message, message);
            return s.ok() ? s : Bad(s.message());
          });
    }
    case Mode::kOcb: {
      absl::StatusOr<AesOcb<>> ocb = AesOcb<>::Create(key);
      if (!ocb.ok()) return Bad(ocb.status().message());
      return StreamAead(o, io, *ocb);
    }
    case Mode::kGcm: {
      absl::StatusOr<AesGcm<>> gcm = AesGcm<>::Create(key);
      if (!gcm.ok()) return Bad(gcm.status().message());
      return StreamAead(o, io, *gcm);
    }
    case Mode::kGcmSiv: {
      absl::StatusOr<AesGcmSiv<>> siv = AesGcmSiv<>::Create(key);
      if (!siv.ok()) return Bad(siv.status().message());
      if (aad.size() > AesGcmSiv<>::kMaxBytes) {
        return Bad("--aad for gcm-siv is at most 2^36 bytes");
      }
      return StreamGcmSiv(o, io, *siv);
    }
    case Mode::kChaCha20Poly1305: {
      auto aead = ChaCha20Poly1305<>::Create(key);
      if (!aead.ok()) return Bad(aead.status().message());
      return StreamAead(o, io, *aead);
    }
    case Mode::kXChaCha20Poly1305: {
      auto aead = XChaCha20Poly1305<>::Create(key);
      if (!aead.ok()) return Bad(aead.status().message());
      return StreamAead(o, io, *aead);
    }
  }
  return absl::InternalError("unreachable");
}

// The kernels this build runs need instructions this CPU lacks: say so
// rather than die of SIGILL.
absl::Status CheckCpu() {
  const isa::CpuFeatures cpu = isa::DetectCpu();
  std::string missing;
  const auto check = [&]<class Tag>(Tag) {
    if (!isa::CanRun<Tag>(cpu)) {
      absl::StrAppend(&missing, missing.empty() ? "" : ", ",
                      std::string(isa::kName<Tag>));
    }
  };
  check(DefaultAesIsa{});
  check(DefaultChaCha20Isa{});
  if (missing.empty()) return absl::OkStatus();
  return Bad(absl::StrCat("this build runs ", missing,
                          " kernels, which this CPU cannot run (it has: ",
                          isa::Describe(cpu), ")"));
}

void PrintInfo(std::FILE* out) {
  std::string tags;
  isa::ForEachEnabled([&]<class Tag>(Tag) {
    absl::StrAppend(&tags, tags.empty() ? "" : " ",
                    std::string(isa::kName<Tag>));
  });
  const isa::CpuFeatures cpu = isa::DetectCpu();
  const std::string describe = isa::Describe(cpu);
  std::fprintf(out, "ISA tags compiled in:  %s\n", tags.c_str());
  std::fprintf(out, "this CPU offers:       %s\n",
               describe.empty() ? "(no AArch64 features: not AArch64 Linux)"
                                : describe.c_str());
  if (cpu.sve) {
    std::fprintf(out, "SVE vector length:     %d bits\n", cpu.sve_vector_bits);
  } else {
    std::fprintf(out, "SVE vector length:     no SVE\n");
  }
#if BRAID_RUNTIME_DISPATCH
  std::string profiles;
  for (const std::string& p : dispatch::CompiledProfiles()) {
    absl::StrAppend(&profiles, profiles.empty() ? "" : " ", p);
  }
  const std::string limit = dispatch::Limit();
  std::fprintf(out, "kernels chosen at run time, from profiles: %s\n",
               profiles.c_str());
  std::fprintf(
      out, "limited by:            %s\n",
      limit.empty() ? "nothing (BRAID_ISA=<profile> would)" : limit.c_str());
  std::string aes, chacha;
  for (const dispatch::Selection& sel : dispatch::Selections()) {
    std::fprintf(out, "  %-9s profile %s, tag %s, %s: %s\n",
                 (sel.family + ":").c_str(), sel.profile.c_str(),
                 sel.isa.c_str(), sel.config.c_str(), sel.why.c_str());
    if (sel.family == "AES") {
      aes = absl::StrCat(sel.profile, ": ", sel.isa);
    } else {
      chacha = absl::StrCat(sel.profile, ": ", sel.isa, ", ", sel.config);
    }
  }
  const dispatch_internal::AesWays ways = dispatch_internal::Aes().ways;
#else
  std::fprintf(out, "kernels chosen at compile time (the build's -march)\n");
  const std::string aes(isa::kName<DefaultAesIsa>);
  const dispatch_internal::AesWays ways = kAesModeWays<DefaultAesIsa>;
  const std::string chacha = absl::StrCat(
      std::string(isa::kName<DefaultChaCha20Isa>), ", ",
      ChaCha20Defaults<DefaultChaCha20Isa>::kVectorBlocks, " vector + ",
      ChaCha20Defaults<DefaultChaCha20Isa>::kScalarBlocks, " scalar blocks");
#endif
  std::fprintf(out, "kernels by mode:\n");
  const std::pair<const char*, size_t> modes[] = {
      {"ecb", ways.ecb}, {"cbc", ways.cbc}, {"cfb", ways.cfb},
      {"ctr", ways.ctr}, {"xts", ways.xts}, {"ocb", ways.ocb}};
  for (const auto& [mode, n] : modes) {
    std::fprintf(out, "  aes-*-%-8s %s, %zu blocks in flight\n", mode,
                 aes.c_str(), n);
  }
  std::fprintf(
      out, "  aes-*-%-8s %s, %zu blocks in flight, GHASH in the same loop\n",
      "gcm", aes.c_str(), ways.gcm);
  std::fprintf(out,
               "  aes-*-%-8s %s, CTR's %zu blocks in flight; POLYVAL %zu "
               "blocks per reduction\n",
               "gcm-siv", aes.c_str(), ways.ctr, AesGcmSiv<>::kPolyvalWays);
  std::fprintf(out, "  %-14s %s\n", "chacha20", chacha.c_str());
  std::fprintf(out,
               "  %-14s ChaCha20 as above; Poly1305 in base 2^64 on the "
               "integer pipes\n",
               "(x)chacha20-poly1305");
  const absl::Status runnable = CheckCpu();
  std::fprintf(out, "runs on this CPU:      %s\n",
               runnable.ok() ? "yes" : std::string(runnable.message()).c_str());
}

}  // namespace

int Run(const std::vector<std::string>& args, const Io& io) {
  // A std::string: `args.empty() ? "" : args[0]` is a temporary string, and
  // a string_view of it would dangle (the cli fuzzer found this).
  const std::string command = args.empty() ? std::string() : args[0];
  if (command == "--help" || command == "-h" || command == "help") {
    std::fputs(std::string(kUsage).c_str(), io.out);
    return kExitOk;
  }
  if (command == "info") {
    if (args.size() > 1) {
      std::fprintf(io.err, "braid: info takes no arguments, got '%s'\n",
                   args[1].c_str());
      return kExitBadInput;
    }
    PrintInfo(io.out);
    return kExitOk;
  }
  if (command == "speed") {
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    return RunSpeed(rest, io.out, io.err);
  }
  if (command != "enc" && command != "dec") {
    std::fprintf(io.err, "braid: %s\n%s",
                 command.empty()
                     ? "no command given"
                     : absl::StrCat("unknown command '", command, "'").c_str(),
                 std::string(kUsage).c_str());
    return kExitBadInput;
  }
  absl::StatusOr<Options> options = ParseOptions(command == "enc", args);
  absl::Status s = options.status();
  if (s.ok()) s = CheckCpu();
  if (s.ok()) s = RunCipher(*options, io);
  if (s.ok()) return kExitOk;
  std::fprintf(io.err, "braid %s: %s\n", std::string(command).c_str(),
               std::string(s.message()).c_str());
  return absl::IsUnauthenticated(s) ? kExitAuthFailed : kExitBadInput;
}

}  // namespace braid::cli
