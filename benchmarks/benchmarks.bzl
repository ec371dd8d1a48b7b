"""One Google Benchmark target per kernel configuration.

The names mirror the registry in kernels.cc, kernels_aead.cc and
kernels_chacha.cc: AES-128/256 in every mode direction for Scalar (1 block),
NeonAes (1..12 and 16) and Sve2Aes (1, 2, 4, 8 vectors); ChaCha20 for Scalar
(s = 1..4), Neon (n = 0..8, s = 0..4, not both 0), Sve and Sve2 (s = 0..4,
and two groups with s = 0..2); ChaCha20-Poly1305 sealing and opening in each
ChaCha20 configuration; Poly1305 alone.
Each target is the shared benchmark binary with a filter for its own
configuration; one whose ISA tag the build's -march does not enable says so.
"""

AES_MODES = [
    "ecb_enc",
    "ecb_dec",
    "cbc_enc",
    "cbc_dec",
    "cfb_enc",
    "cfb_dec",
    "ctr",
    "ctr32le",
    "xts_enc",
    "xts_dec",
    "ocb_enc",
    "ocb_dec",
    "gcm_siv_enc",
    "gcm_siv_dec",
    "gcm_enc",
    "gcm_dec",
]

AES_WAYS = {
    "scalar": [1],
    "neonaes": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16],
    "sve2aes": [1, 2, 4, 8],
}

def benchmark_configurations():
    """Every configuration's name, e.g. aes128_ctr_neonaes_w8."""
    names = []
    for bits in [128, 256]:
        for mode in AES_MODES:
            for tag, ways in AES_WAYS.items():
                for w in ways:
                    names.append("aes%d_%s_%s_w%d" % (bits, mode, tag, w))
    names += ["chacha20_scalar_s%d" % s for s in range(1, 5)]
    for n in range(0, 9):
        for s in range(0, 5):
            if n or s:
                names.append("chacha20_neon_n%d_s%d" % (n, s))
    for tag in ["sve", "sve2"]:
        names += ["chacha20_%s_s%d" % (tag, s) for s in range(0, 5)]
        names += ["chacha20_%s_g2_s%d" % (tag, s) for s in range(0, 3)]
    chacha = [n for n in names if n.startswith("chacha20_")]
    for direction in ["enc", "dec"]:
        prefix = "chacha20_poly1305_%s_" % direction
        names += [prefix + n[len("chacha20_"):] for n in chacha]
    return names + ["poly1305"]

_TAG_TYPES = {"scalar": "Scalar", "neonaes": "NeonAes", "sve2aes": "Sve2Aes"}

def braid_size_objects(deps):
    """size_<configuration>: one AES configuration (any key size) compiled
    alone, whose object file the size report reads."""
    for mode in AES_MODES:
        for tag, ways in AES_WAYS.items():
            for w in ways:
                native.cc_library(
                    name = "size_%s_%s_w%d" % (mode, tag, w),
                    srcs = ["one_configuration.cc"],
                    local_defines = [
                        "BRAID_MODE_" + mode.upper(),
                        "BRAID_TAG=" + _TAG_TYPES[tag],
                        "BRAID_WAYS=%d" % w,
                    ],
                    deps = deps,
                    tags = ["manual"],
                )

def braid_benchmarks(main):
    """A cc_binary per configuration: `main` with its filter as arguments."""
    for name in benchmark_configurations():
        native.cc_binary(
            name = name,
            deps = [main],
            args = ["--benchmark_filter=^%s/" % name],
            tags = ["manual"],
        )
