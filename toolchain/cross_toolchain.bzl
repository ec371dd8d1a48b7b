"""cc_toolchains for Debian's GCC 12 or Clang 19: aarch64-linux-gnu (cross), and
x86_64 Clang for the host's sanitizer and fuzzing builds."""

load("@bazel_tools//tools/cpp:unix_cc_toolchain_config.bzl", "cc_toolchain_config")

_TOOLS = {
    "gcc": {
        "ar": "/usr/bin/aarch64-linux-gnu-ar",
        "cpp": "/usr/bin/aarch64-linux-gnu-cpp",
        "gcc": "/usr/bin/aarch64-linux-gnu-gcc",
        "gcov": "/usr/bin/aarch64-linux-gnu-gcov",
        "ld": "/usr/bin/aarch64-linux-gnu-ld",
        "nm": "/usr/bin/aarch64-linux-gnu-nm",
        "objcopy": "/usr/bin/aarch64-linux-gnu-objcopy",
        "objdump": "/usr/bin/aarch64-linux-gnu-objdump",
        "strip": "/usr/bin/aarch64-linux-gnu-strip",
        "llvm-cov": "/usr/bin/llvm-cov-19",
    },
    "clang": {
        "ar": "/usr/bin/llvm-ar-19",
        "cpp": "/usr/bin/clang-cpp-19",
        "gcc": "/usr/bin/clang-19",
        "gcov": "/usr/bin/llvm-cov-19",
        "ld": "/usr/bin/ld.lld-19",
        "nm": "/usr/bin/llvm-nm-19",
        "objcopy": "/usr/bin/llvm-objcopy-19",
        "objdump": "/usr/bin/llvm-objdump-19",
        "strip": "/usr/bin/llvm-strip-19",
        "llvm-cov": "/usr/bin/llvm-cov-19",
    },
}

_TRIPLE = {
    "aarch64": "aarch64-linux-gnu",
    "k8": "x86_64-linux-gnu",
}

_X86_64_INCLUDES = [
    "/usr/include",
    "/usr/lib/llvm-19/lib/clang/19/include",
    "/usr/lib/llvm-19/lib/clang/19/share",
    "/usr/lib/clang/19/include",
    "/usr/lib/clang/19/share",
    "/usr/local/include",
]

def aarch64_toolchain(name, compiler):
    _toolchain(name, "aarch64", compiler)

def host_clang_toolchain(name):
    """Clang 19 for x86_64 (ASan, UBSan and libFuzzer builds of the host)."""
    _toolchain(name, "k8", "clang")

def _toolchain(name, cpu, compiler):
    clang = compiler == "clang"
    target = ["--target=" + _TRIPLE[cpu]]
    cc_toolchain_config(
        name = name + "_config",
        cpu = cpu,
        compiler = compiler,
        toolchain_identifier = name,
        host_system_name = "x86_64-unknown-linux-gnu",
        target_system_name = cpu + "-unknown-linux-gnu",
        target_libc = "glibc",
        abi_version = compiler,
        abi_libc_version = "glibc",
        cxx_builtin_include_directories = _X86_64_INCLUDES if cpu == "k8" else [
            "/usr/aarch64-linux-gnu/include",
            "/usr/lib/gcc-cross/aarch64-linux-gnu/12/include",
            "/usr/lib/gcc-cross/aarch64-linux-gnu/12/include-fixed",
            "/usr/lib/llvm-19/lib/clang/19/include",
            "/usr/lib/clang/19/include",
            "/usr/include",
            "/usr/local/include",
        ],
        tool_paths = _TOOLS[compiler],
        compile_flags = (target if clang else []) + [
            "-fstack-protector",
            "-Wall",
            "-fno-omit-frame-pointer",
        ],
        dbg_compile_flags = ["-g"],
        opt_compile_flags = [
            "-g0",
            "-O2",
            "-DNDEBUG",
            "-ffunction-sections",
            "-fdata-sections",
        ],
        cxx_flags = ["-std=c++20"],
        link_flags = (target + ["-fuse-ld=lld"] if clang else []) + [
            "-Wl,-z,relro,-z,now",
        ],
        link_libs = ["-lstdc++", "-lm"],
        opt_link_flags = ["-Wl,--gc-sections"],
        unfiltered_compile_flags = [
            "-no-canonical-prefixes",
            "-Wno-builtin-macro-redefined",
            "-D__DATE__=\"redacted\"",
            "-D__TIMESTAMP__=\"redacted\"",
            "-D__TIME__=\"redacted\"",
        ] + ([] if clang else ["-fno-canonical-system-headers"]),
        coverage_compile_flags = ["--coverage"],
        coverage_link_flags = ["--coverage"],
        supports_start_end_lib = clang,
    )
    native.cc_toolchain(
        name = name,
        all_files = ":empty",
        ar_files = ":empty",
        as_files = ":empty",
        compiler_files = ":empty",
        dwp_files = ":empty",
        linker_files = ":empty",
        objcopy_files = ":empty",
        strip_files = ":empty",
        supports_param_files = 1,
        toolchain_config = ":" + name + "_config",
        toolchain_identifier = name,
    )
