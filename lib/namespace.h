// The namespace everything in braid is declared in.
//
// Normally `braid`. The dispatch layer (lib/dispatch/) compiles the kernels
// once per ISA profile, each profile in objects with its own -march; those
// objects are built with -DBRAID_PROFILE=<name>, which puts every definition
// they make in `braid::<name>` (an inline namespace, so the code still says
// `braid::`). An inline function or template instance that the baseline
// code and an SVE object both define would otherwise be one weak symbol, and
// the linker might keep the SVE copy for the baseline's callers.
#ifndef BRAID_NAMESPACE_H_
#define BRAID_NAMESPACE_H_

#if defined(BRAID_PROFILE)
#define BRAID_NAMESPACE_BEGIN \
  namespace braid {           \
  inline namespace BRAID_PROFILE {
#define BRAID_NAMESPACE_END \
  }                         \
  }
#else
#define BRAID_NAMESPACE_BEGIN namespace braid {
#define BRAID_NAMESPACE_END }
#endif

#endif  // BRAID_NAMESPACE_H_
