// Runtime CPU feature detection from the Linux auxiliary vector.
#include "braid/simd/cpu_features.h"

#if defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#endif

BRAID_NAMESPACE_BEGIN
namespace isa {

CpuFeatures DetectCpu() {
  CpuFeatures cpu;
#if defined(__aarch64__) && defined(__linux__)
  const unsigned long hwcap = getauxval(AT_HWCAP);
  const unsigned long hwcap2 = getauxval(AT_HWCAP2);
  cpu.neon = hwcap & HWCAP_ASIMD;
  cpu.aes = hwcap & HWCAP_AES;
  cpu.pmull = hwcap & HWCAP_PMULL;
  cpu.sha3 = hwcap & HWCAP_SHA3;
  cpu.sve = hwcap & HWCAP_SVE;
  cpu.sve2 = hwcap2 & HWCAP2_SVE2;
  cpu.sve_aes = hwcap2 & HWCAP2_SVEAES;
  if (cpu.sve) {
    const int vl = prctl(PR_SVE_GET_VL);
    if (vl > 0) cpu.sve_vector_bits = (vl & PR_SVE_VL_LEN_MASK) * 8;
  }
#endif
  return cpu;
}

std::string Describe(const CpuFeatures& cpu) {
  std::string out;
  auto add = [&out](bool has, const char* name) {
    if (!has) return;
    if (!out.empty()) out += ' ';
    out += name;
  };
  add(cpu.neon, "neon");
  add(cpu.aes, "aes");
  add(cpu.pmull, "pmull");
  add(cpu.sha3, "sha3");
  add(cpu.sve, "sve");
  add(cpu.sve2, "sve2");
  add(cpu.sve_aes, "sve-aes");
  if (cpu.sve_vector_bits > 0) {
    out += " vl=" + std::to_string(cpu.sve_vector_bits);
  }
  return out.empty() ? "none" : out;
}

}  // namespace isa
BRAID_NAMESPACE_END
