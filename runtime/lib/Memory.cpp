//===- Memory.cpp - host memory space ---------------------------------------===//
#include "Memory.h"

#include <cstdlib>
#include <cstring>

namespace xmprt {
namespace {
class HostMemory final : public MemorySpace {
public:
  const char *name() const override { return "host"; }
  void *allocate(int64_t bytes) override {
    size_t n = (size_t)((bytes + 63) / 64 * 64);
    if (n == 0)
      n = 64;
    void *p = aligned_alloc(64, n);
    if (p)
      memset(p, 0, n);
    return p;
  }
  void release(void *p) override { free(p); }
  void copyBox(char *dstBase, const Box &d, const char *srcBase,
               const Box &s) override {
    char *dp = dstBase + d.offset;
    const char *sp = srcBase + s.offset;
    for (int64_t k = 0; k < d.nblocks; ++k)
      memmove(dp + k * d.stride, sp + k * s.stride, (size_t)d.blockBytes);
  }
  void pack(char *buf, const char *base, const Box &b) override {
    const char *sp = base + b.offset;
    for (int64_t k = 0; k < b.nblocks; ++k, buf += b.blockBytes)
      memcpy(buf, sp + k * b.stride, (size_t)b.blockBytes);
  }
  void unpack(char *base, const Box &b, const char *buf) override {
    char *dp = base + b.offset;
    for (int64_t k = 0; k < b.nblocks; ++k, buf += b.blockBytes)
      memcpy(dp + k * b.stride, buf, (size_t)b.blockBytes);
  }
};
} // namespace

MemorySpace &hostMemory() {
  static HostMemory m;
  return m;
}
} // namespace xmprt
