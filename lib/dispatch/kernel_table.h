// The tables of kernels that lib/dispatch/ compiles once per ISA profile,
// and the calls that return the running CPU's choice: what the modes call
// for isa::Auto.
//
// Plain data and two accessors: no SIMD type, no class with code, no braid
// namespace macro. A profile's objects (own -march, own namespace) and
// the baseline code that chooses among them share nothing else, so that no
// inline function compiled for one can be picked by the linker for another.
// Each entry is the ISA part of a mode after its arguments were checked:
// round keys and their count, raw pointers, whole blocks.
#ifndef BRAID_DISPATCH_KERNEL_TABLE_H_
#define BRAID_DISPATCH_KERNEL_TABLE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace braid::dispatch_internal {

// A 128-bit value in a general-purpose register pair: OCB offsets.
using Block128 = unsigned __int128;

// An AES-GCM message between the calls of a stream (gcm.h): J0, the next
// counter block, the GHASH state in POLYVAL's order, and the lengths so far.
struct GcmState {
  alignas(16) uint8_t j0[16];
  alignas(16) uint8_t counter[16];
  alignas(16) uint8_t hash[16];
  uint64_t aad_bytes;
  uint64_t bytes;
  bool secret_counter;  // a nonce of another length than 12 bytes
};

// Blocks (vectors) in flight of each AES mode's kernels (lib/aes_defaults.h;
// GCM-SIV runs CTR32LE's).
struct AesWays {
  size_t ecb, cbc, cfb, ctr, xts, ocb, gcm;
};

// Every AES mode's kernels for one profile. `rk`: the round keys in order of
// use (encryption or decryption schedule, as the mode needs), `rounds`:
// 10, 12 or 14.
struct AesKernels {
  const char* profile;  // lib/dispatch's name for it: "neonaes-sha3"
  const char* isa;      // the tag its kernels run: "neonaes"
  AesWays ways;

  // The key schedule for 16, 24 or 32 bytes of key; returns the rounds.
  int (*expand_key)(const uint8_t* key, size_t key_bytes, uint8_t* enc,
                    uint8_t* dec);
  void (*ecb_encrypt)(const uint8_t* rk, int rounds, const uint8_t* in,
                      uint8_t* out, size_t nblocks);
  void (*ecb_decrypt)(const uint8_t* rk, int rounds, const uint8_t* in,
                      uint8_t* out, size_t nblocks);
  // One block, for the modes' serial steps (tweaks, offsets, tags).
  void (*encrypt_block)(const uint8_t* rk, int rounds, const uint8_t* in,
                        uint8_t* out);
  // CBC and CFB: `chain` holds the previous ciphertext block on entry and
  // the last one on return.
  void (*cbc_encrypt)(const uint8_t* rk, int rounds, uint8_t* chain,
                      const uint8_t* in, uint8_t* out, size_t nblocks);
  void (*cbc_decrypt)(const uint8_t* rk, int rounds, uint8_t* chain,
                      const uint8_t* in, uint8_t* out, size_t nblocks);
  void (*cfb_encrypt)(const uint8_t* rk, int rounds, uint8_t* chain,
                      const uint8_t* in, uint8_t* out, size_t nblocks);
  void (*cfb_decrypt)(const uint8_t* rk, int rounds, uint8_t* chain,
                      const uint8_t* in, uint8_t* out, size_t nblocks);
  // CTR (128-bit big-endian counter) and CTR32LE: out = in ^ keystream from
  // `counter`, which is advanced.
  void (*ctr_be128)(const uint8_t* rk, int rounds, uint8_t* counter,
                    const uint8_t* in, uint8_t* out, size_t nblocks);
  void (*ctr_le32)(const uint8_t* rk, int rounds, uint8_t* counter,
                   const uint8_t* in, uint8_t* out, size_t nblocks);
  // XTS, one data unit of `bytes` (16 to 2^24) under the 16-byte tweak
  // block: `rk` the data key's schedule for the direction, `tk` the tweak
  // key's encryption schedule.
  void (*xts_encrypt)(const uint8_t* rk, int rounds, const uint8_t* tk,
                      int tweak_rounds, const uint8_t* tweak_block,
                      const uint8_t* in, uint8_t* out, size_t bytes);
  void (*xts_decrypt)(const uint8_t* rk, int rounds, const uint8_t* tk,
                      int tweak_rounds, const uint8_t* tweak_block,
                      const uint8_t* in, uint8_t* out, size_t bytes);
  // OCB (RFC 7253) over whole blocks: `l` is L_0..L_63, 16 bytes each.
  // hash: HASH's sum of E_K(A_i ^ Offset_i) from block index 0 into `sum`,
  // returning Offset_m. encrypt/decrypt: the blocks after the first
  // `first_block` (a multiple of 16) of the message, from `offset` (the
  // offset of block first_block, Offset_0 at 0), the plaintext's checksum
  // into `checksum`, returning the offset of the last block.
  Block128 (*ocb_hash)(const uint8_t* rk, int rounds, const uint8_t* l,
                       const uint8_t* aad, size_t nblocks, uint8_t* sum);
  Block128 (*ocb_encrypt)(const uint8_t* rk, int rounds, const uint8_t* l,
                          Block128 offset, uint64_t first_block,
                          const uint8_t* in, uint8_t* out, size_t nblocks,
                          uint8_t* checksum);
  Block128 (*ocb_decrypt)(const uint8_t* rk, int rounds, const uint8_t* l,
                          Block128 offset, uint64_t first_block,
                          const uint8_t* in, uint8_t* out, size_t nblocks,
                          uint8_t* checksum);
  // GCM-SIV's POLYVAL (RFC 8452 §4) under hash key h over the zero-padded
  // associated data, the zero-padded message and their bit lengths.
  void (*gcm_siv_polyval)(const uint8_t* h, const uint8_t* aad,
                          size_t aad_bytes, const uint8_t* msg,
                          size_t msg_bytes, uint8_t* digest);
  // The same in pieces: `bytes` of data, the last block padded with zeros,
  // into a POLYVAL state (16 bytes) under h.
  void (*gcm_siv_polyval_piece)(const uint8_t* h, uint8_t* state,
                                const uint8_t* data, size_t bytes);
  // AES-GCM (SP 800-38D). key: GHASH's key table (a braid::GhashKey) from
  // the encryption schedule. encrypt/decrypt: `bytes` from `in` to `out`
  // under the nonce and the associated data, with CTR and GHASH in one
  // loop; `tag` receives the full 16-byte tag.
  void (*gcm_key)(const uint8_t* rk, int rounds, uint8_t* table);
  void (*gcm_encrypt)(const uint8_t* rk, int rounds, const uint8_t* table,
                      const uint8_t* nonce, size_t nonce_bytes,
                      const uint8_t* aad, size_t aad_bytes, const uint8_t* in,
                      uint8_t* out, size_t bytes, uint8_t* tag);
  void (*gcm_decrypt)(const uint8_t* rk, int rounds, const uint8_t* table,
                      const uint8_t* nonce, size_t nonce_bytes,
                      const uint8_t* aad, size_t aad_bytes, const uint8_t* in,
                      uint8_t* out, size_t bytes, uint8_t* tag);
  // The same in pieces: begin hashes the nonce and the associated data;
  // each piece (whole blocks but the last) runs CTR and GHASH; end writes
  // the tag.
  void (*gcm_begin)(const uint8_t* rk, int rounds, const uint8_t* table,
                    const uint8_t* nonce, size_t nonce_bytes,
                    const uint8_t* aad, size_t aad_bytes, GcmState* state);
  void (*gcm_encrypt_piece)(const uint8_t* rk, int rounds, const uint8_t* table,
                            GcmState* state, const uint8_t* in, uint8_t* out,
                            size_t bytes);
  void (*gcm_decrypt_piece)(const uint8_t* rk, int rounds, const uint8_t* table,
                            GcmState* state, const uint8_t* in, uint8_t* out,
                            size_t bytes);
  void (*gcm_end)(const uint8_t* rk, int rounds, const uint8_t* table,
                  GcmState* state, uint8_t* tag);
};

// ChaCha20's kernel for one profile.
struct ChaCha20Kernels {
  const char* profile;
  const char* isa;
  size_t vector_blocks;
  size_t scalar_blocks;
  // out[0..64 * nblocks) = in ^ keystream from the state's block counter
  // (words 12 and 13), which the caller advances.
  void (*blocks)(const uint32_t* state, const uint8_t* in, uint8_t* out,
                 size_t nblocks);
  // Blocks in the batch that ends a message, at this CPU's vector length.
  size_t (*blocks_per_batch)();
  // ChaCha20-Poly1305 (RFC 8439 §2.8) under a 32-byte key and a 12-byte
  // nonce: `bytes` from `in` to `out` and the 16-byte tag over `aad` and the
  // ciphertext.
  void (*aead_seal)(const uint8_t* key, const uint8_t* nonce,
                    const uint8_t* aad, size_t aad_bytes, const uint8_t* in,
                    uint8_t* out, size_t bytes, uint8_t* tag);
  void (*aead_open)(const uint8_t* key, const uint8_t* nonce,
                    const uint8_t* aad, size_t aad_bytes, const uint8_t* in,
                    uint8_t* out, size_t bytes, uint8_t* tag);
};

// The most blocks any profile's ChaCha20 batch ends a message with (SVE at
// 2048 bits: 64 lanes, and scalar blocks beside them).
inline constexpr size_t kMaxChaCha20BlocksPerBatch = 64 + 4;

// The kernels chosen for the running CPU (lib/dispatch/dispatch.cc). Until
// the first call these point to tables whose every entry makes the choice
// (from HWCAP and BRAID_ISA) and then runs the chosen kernel, so that a call
// costs one load and an indirect branch. Every table is constant data, so
// the pointers need no ordering.
extern std::atomic<const AesKernels*> aes_choice;
extern std::atomic<const ChaCha20Kernels*> chacha20_choice;

inline const AesKernels& Aes() {
  return *aes_choice.load(std::memory_order_relaxed);
}
inline const ChaCha20Kernels& ChaCha20() {
  return *chacha20_choice.load(std::memory_order_relaxed);
}

}  // namespace braid::dispatch_internal

#endif  // BRAID_DISPATCH_KERNEL_TABLE_H_
