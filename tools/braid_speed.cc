// `braid speed`: wall-clock (and, where the kernel allows, cycle-counter)
// throughput of each mode's default configuration, in the shape of
// libgcrypt's bench-slope table. Under emulation such figures mean nothing;
// tools/speed models them with a64perf instead.
#include "tools/braid_speed.h"

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <type_traits>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/types/span.h"
#include "braid/aes_defaults.h"
#include "braid/aes_key.h"
#include "braid/chacha20.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/simd/isa.h"
#include "tools/cycle_counter.h"

namespace braid::cli {
namespace {

using tools::CycleCounter;

struct Row {
  std::string label;
  std::function<void()> run;              // one pass over the message
  std::function<void()> prepare = [] {};  // before timing
  bool whole_blocks = false;              // ECB and CBC: multiples of 16
};

struct Figures {
  double ns_per_byte;
  std::optional<double> cycles_per_byte;
};

// Runs `run` in rounds of doubling length until one lasts `seconds`, three
// times, and keeps the fastest.
Figures Measure(const std::function<void()>& run, size_t bytes, double seconds,
                const CycleCounter& counter, std::optional<double> cpu_mhz) {
  using Clock = std::chrono::steady_clock;
  run();  // warm caches and branch predictors
  Figures best{1e300, std::nullopt};
  for (int attempt = 0; attempt < 3; ++attempt) {
    for (uint64_t passes = 1;; passes *= 2) {
      const std::optional<uint64_t> c0 = counter.Read();
      const Clock::time_point t0 = Clock::now();
      for (uint64_t i = 0; i < passes; ++i) run();
      const Clock::time_point t1 = Clock::now();
      const std::optional<uint64_t> c1 = counter.Read();
      const double ns =
          std::chrono::duration<double, std::nano>(t1 - t0).count();
      if (ns < seconds * 1e9 / 3 && passes < (uint64_t{1} << 40)) continue;
      const double total = static_cast<double>(passes) * bytes;
      if (ns / total < best.ns_per_byte) {
        best.ns_per_byte = ns / total;
        if (c0 && c1) {
          best.cycles_per_byte = (*c1 - *c0) / total;
        } else if (cpu_mhz) {
          best.cycles_per_byte = best.ns_per_byte * *cpu_mhz / 1e3;
        }
      }
      break;
    }
  }
  return best;
}

// Every mode at AES-128 (and ChaCha20) in the build's default
// configuration, over `bytes`-byte messages in one shared buffer.
std::vector<Row> MakeRows(size_t bytes, std::vector<uint8_t>& buffer,
                          std::vector<uint8_t>& sealed) {
  static const uint8_t kKey[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                   12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                                   23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
  static const uint8_t kIv[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5,
                                  0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb,
                                  0xfc, 0xfd, 0xfe, 0xff};
  buffer.assign(bytes, 0x5a);
  sealed.assign(bytes + 16, 0);
  const absl::Span<const uint8_t> key128(kKey, 16), iv(kIv, 16);
  const absl::Span<const uint8_t> nonce12(kIv, 12), no_aad;
  const AesKey aes = *AesKey::Create(key128);
  auto cbc = std::make_shared<AesCbc<>>(*AesCbc<>::Create(aes, iv));
  auto cfb = std::make_shared<AesCfb<>>(*AesCfb<>::Create(aes, iv));
  auto ctr = std::make_shared<AesCtr<>>(*AesCtr<>::Create(aes, iv));
  auto xts = std::make_shared<AesXtsKey>(
      *AesXtsKey::Create(absl::MakeConstSpan(kKey, 32)));
  auto ocb = std::make_shared<AesOcb<>>(*AesOcb<>::Create(key128));
  auto siv = std::make_shared<AesGcmSiv<>>(*AesGcmSiv<>::Create(key128));
  auto gcm = std::make_shared<AesGcm<>>(*AesGcm<>::Create(key128));
  // GCM as TLS seals a record: 13 bytes of associated data.
  const absl::Span<const uint8_t> aad13(kKey, 13);
  auto chacha = std::make_shared<ChaCha20<>>(
      *ChaCha20<>::Create(absl::MakeConstSpan(kKey, 32), nonce12));
  const absl::Span<uint8_t> data = absl::MakeSpan(buffer);
  const absl::Span<uint8_t> out = absl::MakeSpan(sealed);
  std::vector<Row> rows = {
      {"AES-128 ECB enc", [=] { (void)AesEcbEncrypt(aes, data, data); }, [] {},
       true},
      {"AES-128 ECB dec", [=] { (void)AesEcbDecrypt(aes, data, data); }, [] {},
       true},
      {"AES-128 CBC enc", [=] { (void)cbc->Encrypt(data, data); }, [] {}, true},
      {"AES-128 CBC dec", [=] { (void)cbc->Decrypt(data, data); }, [] {}, true},
      {"AES-128 CFB enc", [=] { (void)cfb->Encrypt(data, data); }},
      {"AES-128 CFB dec", [=] { (void)cfb->Decrypt(data, data); }},
      {"AES-128 CTR", [=] { (void)ctr->Crypt(data, data); }},
      {"AES-128 XTS enc", [=] { (void)AesXtsEncrypt(*xts, iv, data, data); }},
      {"AES-128 XTS dec", [=] { (void)AesXtsDecrypt(*xts, iv, data, data); }},
      {"AES-128 OCB enc", [=] { (void)ocb->Seal(nonce12, no_aad, data, out); }},
      // The openings are of a message sealed just before: a tag that
      // verifies, the time of a successful open.
      {"AES-128 OCB dec",
       [=] {
         if (!ocb->Open(nonce12, no_aad, out, data).ok()) std::abort();
       },
       [=] { (void)ocb->Seal(nonce12, no_aad, data, out); }},
      {"AES-128 GCM-SIV enc",
       [=] { (void)siv->Seal(nonce12, no_aad, data, out); }},
      {"AES-128 GCM-SIV dec",
       [=] {
         if (!siv->Open(nonce12, no_aad, out, data).ok()) std::abort();
       },
       [=] { (void)siv->Seal(nonce12, no_aad, data, out); }},
      {"AES-128 GCM seal", [=] { (void)gcm->Seal(nonce12, aad13, data, out); }},
      {"AES-128 GCM open",
       [=] {
         if (!gcm->Open(nonce12, aad13, out, data).ok()) std::abort();
       },
       [=] { (void)gcm->Seal(nonce12, aad13, data, out); }},
      {"ChaCha20", [=] { (void)chacha->Crypt(data, data); }},
  };
  return rows;
}

}  // namespace

int RunSpeed(const std::vector<std::string>& args, std::FILE* out,
             std::FILE* err) {
  size_t bytes = 16384;
  double seconds = 0.3;
  std::optional<double> cpu_mhz;
  for (size_t i = 0; i < args.size(); i += 2) {
    const std::string& flag = args[i];
    if (i + 1 >= args.size()) {
      std::fprintf(err, "braid speed: %s needs a value\n", flag.c_str());
      return 2;
    }
    const std::string& value = args[i + 1];
    double number;
    const bool numeric = absl::SimpleAtod(value, &number);
    if (flag == "--bytes") {
      if (!numeric || number < 16 || number > (1 << 26) ||
          number != static_cast<double>(static_cast<size_t>(number))) {
        std::fprintf(err,
                     "braid speed: --bytes must be a whole number from 16 "
                     "to 67108864, got '%s'\n",
                     value.c_str());
        return 2;
      }
      bytes = static_cast<size_t>(number);
    } else if (flag == "--seconds") {
      if (!numeric || !(number >= 0.01 && number <= 60)) {
        std::fprintf(err,
                     "braid speed: --seconds must be from 0.01 to 60, got "
                     "'%s'\n",
                     value.c_str());
        return 2;
      }
      seconds = number;
    } else if (flag == "--cpu-mhz") {
      if (!numeric || !(number >= 1 && number <= 100000)) {
        std::fprintf(err,
                     "braid speed: --cpu-mhz must be from 1 to 100000, got "
                     "'%s'\n",
                     value.c_str());
        return 2;
      }
      cpu_mhz = number;
    } else {
      std::fprintf(err, "braid speed: unknown argument '%s'\n", flag.c_str());
      return 2;
    }
  }

  const CycleCounter counter;
  // isa::Auto's kernels are the dispatcher's choice, with their own kWays.
  dispatch_internal::AesWays ways = kAesModeWays<DefaultAesIsa>;
  if constexpr (std::is_same_v<DefaultAesIsa, isa::Auto>) {
    ways = dispatch_internal::Aes().ways;
  }
  std::fprintf(out,
               "braid speed: AES on %s (%s), ChaCha20 on %s (n %zu, s %zu); "
               "%zu-byte messages\n",
               std::string(isa::kName<DefaultAesIsa>).c_str(),
               DescribeAesWays(ways).c_str(),
               std::string(isa::kName<DefaultChaCha20Isa>).c_str(),
               ChaCha20Defaults<DefaultChaCha20Isa>::kVectorBlocks,
               ChaCha20Defaults<DefaultChaCha20Isa>::kScalarBlocks, bytes);
  if (counter.ok()) {
    std::fprintf(out, "cycles: the CPU's cycle counter (perf_event_open)\n");
  } else if (cpu_mhz) {
    std::fprintf(out, "cycles: from --cpu-mhz %g\n", *cpu_mhz);
  } else {
    std::fprintf(out,
                 "cycles: no cycle counter readable here; give --cpu-mhz "
                 "for c/B\n");
  }
#if !defined(__aarch64__)
  std::fprintf(out,
               "note: not an AArch64 build; these are the portable Scalar "
               "kernels. tools/speed models the AArch64 ones.\n");
#endif
  std::fprintf(out, "%-20s | %14s %15s %13s\n", "", "nanosecs/byte",
               "mebibytes/sec", "cycles/byte");
  std::vector<uint8_t> buffer, sealed;
  std::vector<Row> rows = MakeRows(bytes, buffer, sealed);
  for (const Row& row : rows) {
    if (row.whole_blocks && bytes % 16 != 0) {
      std::fprintf(out, "%-20s | whole 16-byte blocks only\n",
                   row.label.c_str());
      continue;
    }
    row.prepare();
    const Figures f = Measure(row.run, bytes, seconds, counter, cpu_mhz);
    const std::string cycles =
        f.cycles_per_byte ? absl::StrFormat("%9.3f c/B", *f.cycles_per_byte)
                          : std::string("        -    ");
    std::fprintf(out, "%-20s | %9.3f ns/B %10.1f MiB/s %s\n", row.label.c_str(),
                 f.ns_per_byte, 1e9 / f.ns_per_byte / (1 << 20),
                 cycles.c_str());
    std::fflush(out);
  }
  return 0;
}

}  // namespace braid::cli
