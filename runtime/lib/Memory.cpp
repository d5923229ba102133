//===- Memory.cpp - host memory space ---------------------------------------===//
#include "Memory.h"

#include "BoxAdd.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace xmprt {
namespace {
class HostMemory final : public MemorySpace {
public:
  const char *name() const override { return "host"; }
  // Every block keeps the pointer to free in the 8 bytes below it.
  void *allocate(int64_t bytes) override {
    size_t n = (size_t)((bytes + 63) / 64 * 64);
    if (n == 0)
      n = 64;
    if (n > SIZE_MAX / 2)
      return nullptr;
    bool coloured = n >= kColourMin;
    char *raw = (char *)aligned_alloc(64, n + blockSlack(coloured));
    if (!raw)
      return nullptr;
    char *p = blockStart(raw, coloured,
                         nextColour.fetch_add(1, std::memory_order_relaxed));
    ((void **)p)[-1] = raw;
    memset(p, 0, n);
    return p;
  }
  void release(void *p) override {
    if (p)
      free(((void **)p)[-1]);
  }
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
  void addBox(char *dstBase, const Box &d, const char *srcBase, const Box &s,
              int32_t elemType, int32_t op) override {
    combineRuns(dstBase + d.offset, d.stride, srcBase + s.offset, s.stride,
                d.blockBytes, d.nblocks, elemType, op);
  }

private:
  std::atomic<unsigned> nextColour{0};
};
} // namespace

size_t blockSlack(bool coloured) { return coloured ? 8192 : 128; }

char *blockStart(char *raw, bool coloured, unsigned colour) {
  auto up = [](uintptr_t x, uintptr_t a) { return (x + a - 1) / a * a; };
  uintptr_t r = (uintptr_t)raw + 8;
  if (!coloured)
    return (char *)up(r, 64); // <= raw + 71
  // <= raw + 8 + 4095 + 63 * 64 < raw + 8192
  return (char *)(up(r, 4096) + (uintptr_t)(colour * 17u % 64u) * 64);
}

MemorySpace &hostMemory() {
  static HostMemory m;
  return m;
}
} // namespace xmprt
