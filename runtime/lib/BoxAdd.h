//===- BoxAdd.h - element-wise addition of boxes (header-only) ------------===//
//
// reduce_shadow adds shadow values into their owners' elements: box dst +=
// box src, element by element, in the arithmetic of the array's element
// type. Integers wrap (added as unsigned), complex numbers add their two
// parts. Shared by the host memory space (Memory.cpp), the GPU kernels'
// launcher (GpuKernels.cu: the type picks the kernel) and the CUDA mock.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_LIB_BOXADD_H
#define XMPRT_LIB_BOXADD_H

#include "xmprt/xmprt.h"

#include <cstdint>
#include <cstring>

namespace xmprt {

// Calls f(T()) with the type whose addition adds elements of `elemType`
// (complex: its part type, over twice the count); false for a type without
// addition (i1, unknown).
template <typename F> bool withAddType(int32_t elemType, F &&f) {
  switch (elemType) {
  case XMPRT_I8:
    f(uint8_t());
    return true;
  case XMPRT_I16:
    f(uint16_t());
    return true;
  case XMPRT_I32:
    f(uint32_t());
    return true;
  case XMPRT_I64:
    f(uint64_t());
    return true;
  case XMPRT_F32:
  case XMPRT_C32:
    f(float());
    return true;
  case XMPRT_F64:
  case XMPRT_C64:
    f(double());
    return true;
  default:
    return false;
  }
}

// nblocks runs of blockBytes bytes: run k of dst (dst + k * dstStride) +=
// run k of src (src + k * srcStride), as elements of type T.
template <typename T>
void addRunsAs(char *dst, int64_t dstStride, const char *src, int64_t srcStride,
               int64_t blockBytes, int64_t nblocks) {
  int64_t n = blockBytes / (int64_t)sizeof(T);
  for (int64_t k = 0; k < nblocks; ++k) {
    char *d = dst + k * dstStride;
    const char *s = src + k * srcStride;
    for (int64_t i = 0; i < n; ++i) {
      T x, y;
      std::memcpy(&x, d + i * (int64_t)sizeof(T), sizeof(T));
      std::memcpy(&y, s + i * (int64_t)sizeof(T), sizeof(T));
      x = (T)(x + y);
      std::memcpy(d + i * (int64_t)sizeof(T), &x, sizeof(T));
    }
  }
}

// The same for elements of `elemType`; false (nothing added) for a type
// without addition.
inline bool addRuns(char *dst, int64_t dstStride, const char *src,
                    int64_t srcStride, int64_t blockBytes, int64_t nblocks,
                    int32_t elemType) {
  return withAddType(elemType, [&](auto t) {
    addRunsAs<decltype(t)>(dst, dstStride, src, srcStride, blockBytes, nblocks);
  });
}

} // namespace xmprt

#endif
