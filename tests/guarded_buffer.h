// Memory between two inaccessible pages, to prove that a kernel reads and
// writes nothing outside the buffers it is given: a byte at Head(n) has a
// PROT_NONE page right before it, and the n bytes at Tail(n) one right after
// them, so touching one byte too many faults.
#ifndef BRAID_TESTS_GUARDED_BUFFER_H_
#define BRAID_TESTS_GUARDED_BUFFER_H_

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "gtest/gtest.h"

namespace braid::test {

class GuardedBuffer {
 public:
  explicit GuardedBuffer(size_t capacity)
      : page_(static_cast<size_t>(sysconf(_SC_PAGESIZE))),
        usable_((capacity + page_ - 1) / page_ * page_),
        size_(usable_ + 2 * page_) {
    void* p = mmap(nullptr, size_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) std::abort();
    base_ = static_cast<uint8_t*>(p);
    if (mprotect(base_, page_, PROT_NONE) != 0 ||
        mprotect(base_ + page_ + usable_, page_, PROT_NONE) != 0) {
      std::abort();
    }
  }
  GuardedBuffer(const GuardedBuffer&) = delete;
  GuardedBuffer& operator=(const GuardedBuffer&) = delete;
  ~GuardedBuffer() { munmap(base_, size_); }

  // n <= capacity bytes starting right after the leading guard page.
  uint8_t* Head(size_t n) const {
    EXPECT_LE(n, usable_);
    return base_ + page_;
  }
  // n <= capacity bytes ending right before the trailing guard page.
  uint8_t* Tail(size_t n) const {
    EXPECT_LE(n, usable_);
    return base_ + page_ + usable_ - n;
  }

 private:
  size_t page_, usable_, size_;
  uint8_t* base_;
};

}  // namespace braid::test

#endif  // BRAID_TESTS_GUARDED_BUFFER_H_
