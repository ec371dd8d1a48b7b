// Forced inlining for the small functions and lambdas kernels are built
// from: the N-way interleave only exists once everything is inlined into one
// loop body.
#ifndef BRAID_SIMD_INLINE_H_
#define BRAID_SIMD_INLINE_H_

// BRAID_COLD: for the code that builds an error for bad arguments, kept out
// of its callers so that their path for good arguments stays small.
#if defined(__GNUC__)
#define BRAID_INLINE inline __attribute__((always_inline))
#define BRAID_LAMBDA_INLINE __attribute__((always_inline))
#define BRAID_COLD inline __attribute__((cold, noinline))
#else
#define BRAID_INLINE inline
#define BRAID_LAMBDA_INLINE
#define BRAID_COLD inline
#endif

#endif  // BRAID_SIMD_INLINE_H_
