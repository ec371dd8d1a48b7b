"""Macros every braid package uses: shared copts, the braid/ include prefix,
and tests that link statically on aarch64 so qemu runs them without a sysroot."""

BRAID_COPTS = [
    "-Wall",
    "-Wextra",
    "-Wno-unused-parameter",
]

def braid_cc_library(name, hdrs = [], srcs = [], deps = [], **kwargs):
    """A library under lib/ whose headers are included as "braid/<path>"."""
    native.cc_library(
        name = name,
        hdrs = hdrs,
        srcs = srcs,
        deps = deps,
        copts = BRAID_COPTS,
        include_prefix = "braid",
        strip_include_prefix = "/lib",
        **kwargs
    )

# ASan cannot link statically: the a64_asan config links dynamically and
# qemu finds the arm64 libraries in /usr/aarch64-linux-gnu.
_STATIC_ON_AARCH64 = select({
    "//toolchain:aarch64_asan": [],
    "//toolchain:aarch64": ["-static"],
    "//conditions:default": [],
})

# GCC's value numbering walks every memory access back over whole functions;
# the tests instantiate the widest kernels (kWays 16, every key size) many
# times over, and a shorter walk halves their compile time. Test builds only:
# the library, benchmarks and consumers get the compiler's defaults.
_TEST_COMPILE_SPEED = select({
    "//toolchain:clang": [],
    "//conditions:default": ["--param=sccvn-max-alias-queries-per-access=100"],
})

def braid_cc_test(name, srcs, deps = [], copts = [], **kwargs):
    native.cc_test(
        name = name,
        srcs = srcs,
        deps = deps + ["@com_google_googletest//:gtest_main"],
        copts = BRAID_COPTS + _TEST_COMPILE_SPEED + copts,
        linkstatic = True,
        linkopts = _STATIC_ON_AARCH64,
        **kwargs
    )

def braid_test_library(name, **kwargs):
    """A test-only library compiled as the tests are, for static linking
    only (no shared library, so no second, position-independent build)."""
    native.cc_library(
        name = name,
        copts = BRAID_COPTS + _TEST_COMPILE_SPEED,
        linkstatic = True,
        testonly = True,
        **kwargs
    )

def braid_cc_binary(name, srcs, deps = [], static = True, **kwargs):
    native.cc_binary(
        name = name,
        srcs = srcs,
        deps = deps,
        copts = BRAID_COPTS,
        linkopts = _STATIC_ON_AARCH64 if static else [],
        **kwargs
    )

def braid_fuzzer(name, srcs, deps = []):
    """A libFuzzer target: build it with --config=fuzz (host Clang, ASan and
    UBSan). Manual, so that //tests/... in other configurations skips it."""
    native.cc_binary(
        name = name,
        srcs = srcs,
        deps = deps,
        copts = BRAID_COPTS + ["-fsanitize=fuzzer"],
        linkopts = ["-fsanitize=fuzzer"],
        tags = ["manual"],
        testonly = True,
    )
