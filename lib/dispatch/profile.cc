// One ISA profile's kernels: the default configuration of every AES mode
// and of ChaCha20, as the profile's -march compiles them, in a table the
// dispatcher chooses from. BUILD.bazel compiles this file once per profile,
// with -DBRAID_PROFILE=<namespace> (so that everything it defines is in
// braid::<namespace>) and BRAID_PROFILE_AES / BRAID_PROFILE_CHACHA20 for the
// families the profile serves (BRAID_PROFILE_SCALAR: the portable tags).
#include "braid/dispatch/kernel_table.h"

#if !defined(BRAID_PROFILE)
#error "profile.cc is compiled by lib/dispatch/BUILD.bazel, with BRAID_PROFILE"
#endif

#include <cstddef>
#include <cstdint>

#include "braid/aes_defaults.h"
#include "braid/aes_engine.h"
#include "braid/aes_key.h"
#include "braid/chacha20.h"
#include "braid/chacha20_defaults.h"
#include "braid/modes/cbc.h"
#include "braid/modes/cfb.h"
#include "braid/modes/chacha20_poly1305.h"
#include "braid/modes/ctr.h"
#include "braid/modes/ecb.h"
#include "braid/modes/gcm.h"
#include "braid/modes/gcm_siv.h"
#include "braid/modes/ocb.h"
#include "braid/modes/xts.h"
#include "braid/namespace.h"
#include "braid/simd/isa.h"

#define BRAID_STRINGIFY2(x) #x
#define BRAID_STRINGIFY(x) BRAID_STRINGIFY2(x)

BRAID_NAMESPACE_BEGIN
namespace {

#if defined(BRAID_PROFILE_SCALAR)
using AesIsa = isa::Scalar;
using ChaChaIsa = isa::Scalar;
#else
using AesIsa = NativeAesIsa;
using ChaChaIsa = NativeChaCha20Isa;
#endif
static_assert(!std::is_same_v<AesIsa, isa::Auto> &&
              !std::is_same_v<ChaChaIsa, isa::Auto>);

constexpr const char* kProfileName = BRAID_STRINGIFY(BRAID_PROFILE_NAME);

}  // namespace

#if defined(BRAID_PROFILE_AES)
namespace {

using Ways = DefaultAesWays<AesIsa>;
using Direction = aes_engine::Direction;
using Ecb = ecb_internal::Kernel<AesIsa, Ways::kEcb>;
using Cbc = cbc_internal::Kernel<AesIsa, Ways::kCbc>;
using Cfb = cfb_internal::Kernel<AesIsa, Ways::kCfb>;
template <class Counter>
using Ctr = ctr_internal::Kernel<Counter, AesIsa, Ways::kCtr>;
using Xts = xts_internal::Kernel<AesIsa, Ways::kXts>;
using Ocb = ocb_internal::Kernel<AesIsa, Ways::kOcb>;
using Gcm = gcm_internal::Kernel<AesIsa, Ways::kGcm>;

int ExpandKey(const uint8_t* key, size_t key_bytes, uint8_t* enc,
              uint8_t* dec) {
  return aes_key_internal::Expand(AesIsa{}, key, key_bytes, enc, dec);
}

}  // namespace

extern const dispatch_internal::AesKernels kAesKernels;
const dispatch_internal::AesKernels kAesKernels = {
    kProfileName,
    isa::kName<AesIsa>.data(),
    kAesModeWays<AesIsa>,
    &ExpandKey,
    &Ecb::Run<Direction::kEncrypt>,
    &Ecb::Run<Direction::kDecrypt>,
    &ecb_internal::Kernel<chain_internal::SerialIsa<AesIsa>, 1>::EncryptBlock,
    &Cbc::Encrypt,
    &Cbc::Decrypt,
    &Cfb::Encrypt,
    &Cfb::Decrypt,
    &Ctr<ctr_internal::BigEndian128>::Blocks,
    &Ctr<ctr_internal::LittleEndian32>::Blocks,
    &Xts::Unit<Direction::kEncrypt>,
    &Xts::Unit<Direction::kDecrypt>,
    &Ocb::Hash,
    &Ocb::Crypt<Direction::kEncrypt>,
    &Ocb::Crypt<Direction::kDecrypt>,
    &gcm_siv_internal::Kernel<AesIsa>::Polyval,
    &gcm_siv_internal::Kernel<AesIsa>::PolyvalPiece,
    &Gcm::Key,
    &Gcm::Crypt<Direction::kEncrypt>,
    &Gcm::Crypt<Direction::kDecrypt>,
    &Gcm::Begin,
    &Gcm::Piece<Direction::kEncrypt>,
    &Gcm::Piece<Direction::kDecrypt>,
    &Gcm::End,
};
#endif  // BRAID_PROFILE_AES

#if defined(BRAID_PROFILE_CHACHA20)
namespace {

using ChaChaDefaults = ChaCha20Defaults<ChaChaIsa>;
using ChaCha =
    chacha20_internal::Kernel<ChaChaIsa, ChaChaDefaults::kVectorBlocks,
                              ChaChaDefaults::kScalarBlocks>;
using AeadDefaults = ChaCha20Poly1305Defaults<ChaChaIsa>;
using Aead =
    chacha20_poly1305_internal::Kernel<ChaChaIsa, AeadDefaults::kVectorBlocks,
                                       AeadDefaults::kScalarBlocks>;
static_assert(ChaCha::kMaxBlocksPerBatch <=
                  dispatch_internal::kMaxChaCha20BlocksPerBatch,
              "a ChaCha20 batch larger than the dispatched buffer");

}  // namespace

extern const dispatch_internal::ChaCha20Kernels kChaCha20Kernels;
const dispatch_internal::ChaCha20Kernels kChaCha20Kernels = {
    kProfileName,
    isa::kName<ChaChaIsa>.data(),
    ChaChaDefaults::kVectorBlocks,
    ChaChaDefaults::kScalarBlocks,
    &ChaCha::Blocks,
    &ChaCha::BlocksPerBatch,
    &Aead::template Crypt<true>,
    &Aead::template Crypt<false>,
};
#endif  // BRAID_PROFILE_CHACHA20

BRAID_NAMESPACE_END
