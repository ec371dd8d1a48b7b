"""An aarch64-linux-gnu cc_toolchain for Debian's GCC 12 or Clang 19."""

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

_TARGET = ["--target=aarch64-linux-gnu"]

def aarch64_toolchain(name, compiler):
    clang = compiler == "clang"
    cc_toolchain_config(
        name = name + "_config",
        cpu = "aarch64",
        compiler = compiler,
        toolchain_identifier = name,
        host_system_name = "x86_64-unknown-linux-gnu",
        target_system_name = "aarch64-unknown-linux-gnu",
        target_libc = "glibc",
        abi_version = compiler,
        abi_libc_version = "glibc",
        cxx_builtin_include_directories = [
            "/usr/aarch64-linux-gnu/include",
            "/usr/lib/gcc-cross/aarch64-linux-gnu/12/include",
            "/usr/lib/gcc-cross/aarch64-linux-gnu/12/include-fixed",
            "/usr/lib/llvm-19/lib/clang/19/include",
            "/usr/lib/clang/19/include",
            "/usr/include",
            "/usr/local/include",
        ],
        tool_paths = _TOOLS[compiler],
        compile_flags = (_TARGET if clang else []) + [
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
        link_flags = (_TARGET + ["-fuse-ld=lld"] if clang else []) + [
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
