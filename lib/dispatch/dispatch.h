// Run-time dispatch: which of the per-profile kernels (lib/dispatch/
// BUILD.bazel compiles every mode's default once per ISA profile) a program
// runs on this CPU, and how to keep it off an extension.
//
// Every mode takes isa::Auto as it takes any tag, and it is what a caller
// who names no tag gets in a build that pins no profile (BRAID_RUNTIME_
// DISPATCH): braid::AesCtr<>::Create(key, iv) then runs the best kernels the
// CPU can, chosen once from its HWCAP bits (getauxval), never by probing.
//
// BRAID_ISA=<profile> in the environment, read at the first choice, and
// LimitTo() cap what may be chosen; neither can add a feature the CPU lacks.
// Profiles, each needing the features of the ones before it (neon < neonaes
// < neonaes-sha3 < sve < sve2): scalar (no vector unit), neon, neonaes (AES,
// PMULL), neonaes-sha3 (and EOR3), sve, sve2 (SVE2, with SVE). An unknown
// BRAID_ISA value limits to scalar: the safe reading of a typo.
#ifndef BRAID_DISPATCH_DISPATCH_H_
#define BRAID_DISPATCH_DISPATCH_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "braid/namespace.h"
#include "braid/simd/cpu_features.h"

BRAID_NAMESPACE_BEGIN
namespace dispatch {

// What runs one family of kernels ("AES", "ChaCha20").
struct Selection {
  std::string family;
  std::string profile;  // "neonaes-sha3"
  std::string isa;      // the tag its kernels run: "neonaes"
  std::string config;   // "blocks in flight: ECB 4, ...", "4 vector + 2 ..."
  std::string why;      // what the CPU has and what the better ones need
};

// The current choice for AES and for ChaCha20, making it if none was made.
std::vector<Selection> Selections();

// The CPU's features as the dispatcher sees them (HWCAP), and the cap in
// force: "" when nothing limits the choice.
isa::CpuFeatures DetectedCpu();
std::string Limit();

// Caps the choice at `profile` (one of the names above) from now on, on top
// of any earlier cap and BRAID_ISA: the result only ever loses features.
// Objects made before the call switch with it (their state does not depend
// on the kernels). An unknown name is InvalidArgument and changes nothing.
absl::Status LimitTo(std::string_view profile);

// The profiles this build compiled, best first.
std::vector<std::string> CompiledProfiles();

}  // namespace dispatch
BRAID_NAMESPACE_END

#endif  // BRAID_DISPATCH_DISPATCH_H_
