// The CPU's cycle counter for the calling thread in user mode, read through
// perf_event_open where the kernel allows it (perf_event_paranoid,
// containers and emulators may not). Used by `braid speed` and the Google
// Benchmark targets.
#ifndef BRAID_TOOLS_CYCLE_COUNTER_H_
#define BRAID_TOOLS_CYCLE_COUNTER_H_

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <optional>

namespace braid::tools {

class CycleCounter {
 public:
  CycleCounter() {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof(attr));
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof(attr);
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    fd_ = static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
    if (fd_ >= 0 && !Read()) {
      close(fd_);
      fd_ = -1;
    }
  }
  CycleCounter(const CycleCounter&) = delete;
  CycleCounter& operator=(const CycleCounter&) = delete;
  ~CycleCounter() {
    if (fd_ >= 0) close(fd_);
  }

  bool ok() const { return fd_ >= 0; }
  std::optional<uint64_t> Read() const {
    uint64_t count;
    if (fd_ < 0 || read(fd_, &count, sizeof(count)) != sizeof(count)) {
      return std::nullopt;
    }
    return count;
  }

 private:
  int fd_ = -1;
};

}  // namespace braid::tools

#endif  // BRAID_TOOLS_CYCLE_COUNTER_H_
