//===- Memory.h - where local blocks live and how strips are moved --------===//
//
// Reflect and gmove move "boxes": a local block restricted to one index
// range in one dimension and the full extent in all others (or, for
// orthogonal reflects and reduce_shadow, a piece of such a box: one Box per
// strip of xmprt/HaloGeometry.h's forEachStrip). In row-major order that is
// nblocks runs of blockBytes bytes, stride bytes apart, starting at offset. A MemorySpace knows how to copy, pack and unpack boxes
// for one kind of memory. HostMemory is implemented here (synchronous); the
// device space (Gpu.cpp: cudaMemcpy2DAsync for copies and peer copies
// through CUDA IPC pointers, kernels for packing and single-element strides)
// implements the same interface asynchronously on the runtime's stream, and
// reflect plans pick one per instance (acc = 0 / 1) without other changes.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_LIB_MEMORY_H
#define XMPRT_LIB_MEMORY_H

#include <cstddef>
#include <cstdint>

namespace xmprt {

struct Box {
  int64_t offset = 0;     // bytes from the block base
  int64_t nblocks = 1;    // number of runs
  int64_t blockBytes = 0; // bytes per run
  int64_t stride = 0;     // bytes between run starts
  int64_t bytes() const { return nblocks * blockBytes; }
  bool contiguous() const { return nblocks == 1; }
  // The same runs one after the other (a packed buffer's layout).
  Box packed() const { return Box{0, nblocks, blockBytes, blockBytes}; }
};

class MemorySpace {
public:
  virtual ~MemorySpace() = default;
  virtual const char *name() const = 0;
  virtual void *allocate(int64_t bytes) = 0; // zeroed, 64-byte aligned
  virtual void release(void *p) = 0;
  // dstBase+dst <- srcBase+src (same shape); the two may be different ranks'
  // blocks mapped into this process (shared memory / peer pointers).
  virtual void copyBox(char *dstBase, const Box &dst, const char *srcBase,
                       const Box &src) = 0;
  virtual void pack(char *buf, const char *base, const Box &b) = 0;
  virtual void unpack(char *base, const Box &b, const char *buf) = 0;
  // Like copyBox, into another rank's block mapped into this process;
  // `direct`: the memory may be stored to by this space's own code (device:
  // a kernel may write it), otherwise only by copies.
  virtual void copyToPeer(char *peerBase, const Box &dst, const char *srcBase,
                          const Box &src, bool direct) {
    (void)direct;
    copyBox(peerBase, dst, srcBase, src);
  }
  // dstBase+dst = dstBase+dst op srcBase+src (same shape), element-wise
  // for elements of `elemType`, op XMPRT_RED_SUM, _MAX or _MIN (a type and
  // operation BoxAdd.h has); the source may be a packed buffer (src =
  // dst.packed()) or, on the device, a peer's block mapped into this
  // process that a kernel may read.
  virtual void addBox(char *dstBase, const Box &dst, const char *srcBase,
                      const Box &src, int32_t elemType, int32_t op) = 0;
  // Waits until every operation issued above has completed.
  virtual void fence() {}
};

MemorySpace &hostMemory();

// Where a host block starts inside an allocation of its size plus
// blockSlack(coloured) bytes at raw: 64-byte aligned, at least 8 bytes past
// raw (room for a pointer below it). Coloured blocks (host blocks of
// kColourMin bytes or more, every block in a shared window): block number
// `colour` starts 17 * colour cache lines (mod 64)
// past a page boundary, so that the same element of several arrays, which
// a stencil touches in one iteration, does not fall into the same L1 set
// (and no load sits at a store's address modulo 4 KiB) as it would with
// blocks that all start at the same page offset. Only raw's address modulo
// 4096 matters, so every process that maps a shared segment finds the same
// block start in its own mapping.
constexpr size_t kColourMin = 64 * 1024;
size_t blockSlack(bool coloured);
char *blockStart(char *raw, bool coloured, unsigned colour);

} // namespace xmprt

#endif
