"""Debian's system C++ libraries as local Bazel repositories.

Each repository links the headers from /usr/include and the libraries of both
architectures (x86_64 for host builds, aarch64 for the cross builds), and its
cc_library picks the library directory for the target CPU with select().
Nothing is downloaded: Bazel never reaches the network for these.
"""

_ARCHES = {
    "x86_64": "/usr/lib/x86_64-linux-gnu",
    "aarch64": "/usr/lib/aarch64-linux-gnu",
}

_CPU_SETTINGS = """
config_setting(
    name = "aarch64",
    values = {"cpu": "aarch64"},
)
"""

def _link_headers(ctx, dirs):
    for d in dirs:
        src = "/usr/include/" + d
        if not ctx.path(src).exists:
            fail("missing %s: run tools/setup" % src)
        ctx.symlink(src, "include/" + d)

def _group_script(ctx, arch, pattern, suffix):
    """Writes lib/<arch>/<name>: a GNU ld GROUP over the matching archives.

    The linker reads a text file in an archive's place as a linker script;
    GROUP resolves the archives' mutual references in any order, which
    Debian's 60-odd abseil archives need.
    """
    libdir = _ARCHES[arch]
    result = ctx.execute(["sh", "-c", "ls %s/%s%s 2>/dev/null" % (libdir, pattern, suffix)])
    files = [f for f in result.stdout.strip().split("\n") if f]
    return "GROUP ( %s )\n" % " ".join(files) if files else ""

def _arch_headers(ctx, build):
    """Per-architecture headers (/usr/include/<triplet>/<dir>), chosen by select()."""
    for arch in _ARCHES:
        triplet = arch + "-linux-gnu"
        for d in ctx.attr.arch_header_dirs:
            src = "/usr/include/%s/%s" % (triplet, d)
            if ctx.path(src).exists:
                ctx.symlink(src, "arch_%s/%s" % (arch, d))
        build.append("""
cc_library(
    name = "arch_headers_{arch}",
    hdrs = glob(["arch_{arch}/**"]),
    includes = ["arch_{arch}"],
)
""".format(arch = arch))
    return """select({
        ":aarch64": [":arch_headers_aarch64"],
        "//conditions:default": [":arch_headers_x86_64"],
    })"""

def _system_library_impl(ctx):
    _link_headers(ctx, ctx.attr.header_dirs)
    build = [
        'package(default_visibility = ["//visibility:public"])',
        _CPU_SETTINGS,
    ]
    arch_deps = _arch_headers(ctx, build) if ctx.attr.arch_header_dirs else "[]"
    for name, spec in ctx.attr.libraries.items():
        # spec: "<glob pattern>|<suffix for aarch64>|<suffix for x86_64>|<linkopts>"
        pattern, a64_suffix, x86_suffix, linkopts = spec.split("|")
        srcs = {}
        for arch, suffix in [("aarch64", a64_suffix), ("x86_64", x86_suffix)]:
            script = _group_script(ctx, arch, pattern, suffix)
            path = "lib/%s/lib%s_group.a" % (arch, name)
            if script:
                ctx.file(path, script)
                srcs[arch] = [path]
            else:
                srcs[arch] = []
        build.append("""
cc_library(
    name = "{name}",
    srcs = select({{
        ":aarch64": {a64},
        "//conditions:default": {x86},
    }}),
    hdrs = glob(["include/**"]),
    includes = ["include"],
    linkopts = {linkopts},
    deps = {deps} + {arch_deps},
)
""".format(
            name = name,
            a64 = srcs["aarch64"],
            x86 = srcs["x86_64"],
            linkopts = [o for o in linkopts.split(" ") if o],
            deps = ctx.attr.deps.get(name, "").split(" ") if ctx.attr.deps.get(name) else [],
            arch_deps = arch_deps,
        ))
    ctx.file("BUILD.bazel", "\n".join(build))
    ctx.file("WORKSPACE", 'workspace(name = "%s")\n' % ctx.name)

system_library = repository_rule(
    implementation = _system_library_impl,
    local = True,
    attrs = {
        "header_dirs": attr.string_list(),
        "arch_header_dirs": attr.string_list(),
        "libraries": attr.string_dict(),
        "deps": attr.string_dict(),
    },
)

def debian_system_libraries():
    """Declares @com_google_absl, @com_google_googletest, @com_github_google_benchmark, @openssl."""
    system_library(
        name = "com_google_absl",
        header_dirs = ["absl"],
        libraries = {"absl": "libabsl_*|.a|.so|-lpthread"},
    )
    system_library(
        name = "com_google_googletest",
        header_dirs = ["gtest", "gmock"],
        libraries = {
            "gtest": "libgtest|.a|.a|-lpthread",
            "gtest_main": "libgtest_main|.a|.a|",
        },
        deps = {"gtest_main": ":gtest"},
    )
    system_library(
        name = "com_github_google_benchmark",
        header_dirs = ["benchmark"],
        libraries = {
            "benchmark": "libbenchmark|.so|.so|-lpthread",
            "benchmark_main": "libbenchmark_main|.a|.a|",
        },
        deps = {"benchmark_main": ":benchmark"},
    )
    system_library(
        name = "openssl",
        header_dirs = ["openssl"],
        arch_header_dirs = ["openssl"],
        libraries = {"crypto": "libcrypto|.a|.so|-lpthread"},
    )
