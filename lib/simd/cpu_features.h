// What the CPU running the program offers, read from the kernel (HWCAP).
//
// braid selects its ISA at compile time; this runtime view lets a program
// (and `braid info`) check that the CPU can run what was compiled in.
#ifndef BRAID_SIMD_CPU_FEATURES_H_
#define BRAID_SIMD_CPU_FEATURES_H_

#include <string>

#include "braid/namespace.h"
#include "braid/simd/isa.h"

BRAID_NAMESPACE_BEGIN
namespace isa {

struct CpuFeatures {
  bool neon = false;
  bool aes = false;
  bool pmull = false;
  bool sha3 = false;
  bool sve = false;
  bool sve2 = false;
  bool sve_aes = false;
  // The SVE vector length in bits, or 0 without SVE.
  int sve_vector_bits = 0;
};

// Reads getauxval(AT_HWCAP/AT_HWCAP2) and the SVE vector length. On a host
// that is not AArch64 Linux, every field is false/0.
CpuFeatures DetectCpu();

// Whether a CPU with these features can run code built for `Tag`.
template <class Tag>
bool CanRun(const CpuFeatures& cpu) {
  using T = Traits<Tag>;
  return (!T::kNeon || cpu.neon) && (!T::kAes || cpu.aes) &&
         (!T::kPmull || cpu.pmull) && (!T::kSve || cpu.sve) &&
         (!T::kSve2 || cpu.sve2) && (!T::kSveAes || cpu.sve_aes);
}

// "neon aes pmull sha3 sve sve2 sve-aes vl=256", for logs and `braid info`.
std::string Describe(const CpuFeatures& cpu);

}  // namespace isa
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_CPU_FEATURES_H_
