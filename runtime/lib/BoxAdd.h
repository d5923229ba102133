//===- BoxAdd.h - element-wise combination of boxes (header-only) ---------===//
//
// reduce_shadow combines shadow values into their owners' elements: box dst
// = dst op src, element by element, in the arithmetic of the array's
// element type, op one of XMPRT_RED_SUM, XMPRT_RED_MAX, XMPRT_RED_MIN.
// Sums: integers wrap (added as unsigned), complex numbers add their two
// parts. Max / min: integers compare signed (i1 as 0 / 1), floats with <
// and > (a NaN shadow value never replaces its owner's; a NaN owner
// stays); complex numbers have no order. Shared by the host memory space
// (Memory.cpp), the GPU kernels' launcher (GpuKernels.cu: the type picks
// the kernel) and the CUDA mock.
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

// Calls f(T()) with the type whose order orders elements of `elemType`;
// false for a type without one (complex, unknown).
template <typename F> bool withOrderType(int32_t elemType, F &&f) {
  switch (elemType) {
  case XMPRT_I1:
    f(uint8_t());
    return true;
  case XMPRT_I8:
    f(int8_t());
    return true;
  case XMPRT_I16:
    f(int16_t());
    return true;
  case XMPRT_I32:
    f(int32_t());
    return true;
  case XMPRT_I64:
    f(int64_t());
    return true;
  case XMPRT_F32:
    f(float());
    return true;
  case XMPRT_F64:
    f(double());
    return true;
  default:
    return false;
  }
}

// The combining operations of reduce_shadow.
inline bool isShadowOp(int32_t op) {
  return op == XMPRT_RED_SUM || op == XMPRT_RED_MAX || op == XMPRT_RED_MIN;
}

// Calls f(T()) with the type elements of `elemType` combine as under `op`;
// false when the type has no such operation (or op is not one).
template <typename F> bool withCombineType(int32_t elemType, int32_t op,
                                           F &&f) {
  if (op == XMPRT_RED_SUM)
    return withAddType(elemType, f);
  if (op == XMPRT_RED_MAX || op == XMPRT_RED_MIN)
    return withOrderType(elemType, f);
  return false;
}

// nblocks runs of blockBytes bytes: run k of dst (dst + k * dstStride) =
// run k of dst op run k of src (src + k * srcStride), as elements of T.
template <typename T>
void combineRunsAs(char *dst, int64_t dstStride, const char *src,
                   int64_t srcStride, int64_t blockBytes, int64_t nblocks,
                   int32_t op) {
  int64_t n = blockBytes / (int64_t)sizeof(T);
  for (int64_t k = 0; k < nblocks; ++k) {
    char *d = dst + k * dstStride;
    const char *s = src + k * srcStride;
    for (int64_t i = 0; i < n; ++i) {
      T x, y;
      std::memcpy(&x, d + i * (int64_t)sizeof(T), sizeof(T));
      std::memcpy(&y, s + i * (int64_t)sizeof(T), sizeof(T));
      if (op == XMPRT_RED_SUM)
        x = (T)(x + y);
      else if (op == XMPRT_RED_MAX ? y > x : y < x)
        x = y;
      std::memcpy(d + i * (int64_t)sizeof(T), &x, sizeof(T));
    }
  }
}

// The same for elements of `elemType`; false (nothing changed) for a type
// without the operation.
inline bool combineRuns(char *dst, int64_t dstStride, const char *src,
                        int64_t srcStride, int64_t blockBytes, int64_t nblocks,
                        int32_t elemType, int32_t op) {
  return withCombineType(elemType, op, [&](auto t) {
    combineRunsAs<decltype(t)>(dst, dstStride, src, srcStride, blockBytes,
                               nblocks, op);
  });
}

} // namespace xmprt

#endif
