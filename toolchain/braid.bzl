"""Macros every braid package uses: shared copts, the braid/ include prefix,
and tests that link statically on aarch64 so qemu runs them without a sysroot."""

BRAID_COPTS = [
    "-Wall",
    "-Wextra",
    "-Wno-unused-parameter",
]

def braid_cc_library(name, hdrs = [], srcs = [], deps = [], copts = [], **kwargs):
    """A library under lib/ whose headers are included as "braid/<path>"."""
    native.cc_library(
        name = name,
        hdrs = hdrs,
        srcs = srcs,
        deps = deps,
        copts = BRAID_COPTS + copts,
        include_prefix = "braid",
        strip_include_prefix = "/lib",
        **kwargs
    )

# Every mode's library, and the cores' that the modes stand on.
BRAID_MODES = [
    "//lib:aes",
    "//lib:chacha20",
    "//lib:poly1305",
    "//lib/modes:cbc",
    "//lib/modes:cfb",
    "//lib/modes:chacha20_poly1305",
    "//lib/modes:ctr",
    "//lib/modes:ecb",
    "//lib/modes:gcm",
    "//lib/modes:gcm_siv",
    "//lib/modes:ocb",
    "//lib/modes:xts",
]

# What code that names no tag links: lib/dispatch where the defaults are
# isa::Auto (an aarch64 build that pins no profile; isa.h:
# BRAID_RUNTIME_DISPATCH), nothing where they resolve at compile time.
BRAID_DISPATCH_DEPS = select({
    "//toolchain:aarch64_pinned": [],
    "//toolchain:aarch64": ["//lib/dispatch"],
    "//conditions:default": [],
})

def braid_profile_library(name, profile, march, families):
    """lib/dispatch/profile.cc for one ISA profile: compiled with its own
    -march on aarch64 (the portable profile alone elsewhere), everything it
    defines in braid::profile_<name>. `families`: "AES", "CHACHA20",
    "SCALAR" (the portable tags instead of the native ones)."""
    native.cc_library(
        name = name,
        srcs = ["profile.cc"],
        # No exception tables: kernels never throw, and the tables would
        # bring a weak personality-routine reference outside the namespace.
        copts = BRAID_COPTS + [
            "-fno-exceptions",
            "-DBRAID_PROFILE=profile_" + profile.replace("-", "_"),
            "-DBRAID_PROFILE_NAME=" + profile,
        ] + ["-DBRAID_PROFILE_" + f for f in families] + select({
            "//toolchain:aarch64": ["-march=" + march],
            "//conditions:default": [],
        }),
        deps = [":kernel_table"] + BRAID_MODES,
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
