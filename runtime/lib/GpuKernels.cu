//===- GpuKernels.cu - box copy/add, gather/scatter and fill kernels -----===//
//
// Compiled by nvcc for sm_90 (SASS) + compute_90 (PTX). Grid-stride loops,
// so one launch of at most kMaxBlocks blocks covers any size.
//===----------------------------------------------------------------------===//
#include "GpuKernels.h"

#include "BoxAdd.h"

#include <cstddef>

namespace xmprt {
namespace gpu {
namespace {

constexpr int kThreads = 256;
constexpr int64_t kMaxBlocks = 65536;

unsigned blocksFor(int64_t n) {
  int64_t b = (n + kThreads - 1) / kThreads;
  return (unsigned)(b < 1 ? 1 : (b > kMaxBlocks ? kMaxBlocks : b));
}

struct alignas(16) Unit16 {
  unsigned long long lo, hi;
};

// How a box kernel combines: copy, or reduce_shadow's sum, max or min.
enum Mode { kCopy, kSum, kMax, kMin };

// Run k of dst (units of T) = run k of src, or dst op src (reduce_shadow).
template <typename T, int M>
__global__ void boxKernel(char *dst, int64_t dstStride, const char *src,
                          int64_t srcStride, int64_t unitsPerRun,
                          int64_t total) {
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += step) {
    int64_t k = i / unitsPerRun, j = i - k * unitsPerRun;
    T *d = reinterpret_cast<T *>(dst + k * dstStride + j * (int64_t)sizeof(T));
    const T *x = reinterpret_cast<const T *>(src + k * srcStride +
                                             j * (int64_t)sizeof(T));
    if constexpr (M == kSum)
      *d = (T)(*d + *x);
    else if constexpr (M == kMax) {
      T y = *x;
      if (y > *d)
        *d = y;
    } else if constexpr (M == kMin) {
      T y = *x;
      if (y < *d)
        *d = y;
    } else
      *d = *x;
  }
}

template <typename T>
__global__ void fillKernel(T *dst, T value, int64_t count) {
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += step)
    dst[i] = value;
}

// Element k goes from src + (srcOff ? srcOff[k] : k * sizeof(T)) to
// dst + (dstOff ? dstOff[k] : k * sizeof(T)) (byte offsets).
template <typename T>
__global__ void gatherScatterKernel(char *dst, const int64_t *dstOff,
                                    const char *src, const int64_t *srcOff,
                                    int64_t n) {
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += step) {
    int64_t d = dstOff ? dstOff[k] : k * (int64_t)sizeof(T);
    int64_t s = srcOff ? srcOff[k] : k * (int64_t)sizeof(T);
    *reinterpret_cast<T *>(dst + d) = *reinterpret_cast<const T *>(src + s);
  }
}

// The same for elements of any size, byte by byte.
__global__ void gatherScatterBytesKernel(char *dst, const int64_t *dstOff,
                                         const char *src,
                                         const int64_t *srcOff, int64_t n,
                                         int64_t esize) {
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += step) {
    int64_t d = dstOff ? dstOff[k] : k * esize;
    int64_t s = srcOff ? srcOff[k] : k * esize;
    for (int64_t b = 0; b < esize; ++b)
      dst[d + b] = src[s + b];
  }
}

template <typename T>
cudaError_t gatherScatterAs(char *dst, const int64_t *dstOff, const char *src,
                            const int64_t *srcOff, int64_t n, cudaStream_t s) {
  gatherScatterKernel<T><<<blocksFor(n), kThreads, 0, s>>>(dst, dstOff, src,
                                                           srcOff, n);
  return cudaGetLastError();
}

template <typename T, int M = kCopy>
cudaError_t boxCopyAs(char *dst, int64_t dstStride, const char *src,
                      int64_t srcStride, int64_t blockBytes, int64_t nblocks,
                      cudaStream_t s) {
  int64_t units = blockBytes / (int64_t)sizeof(T);
  int64_t total = units * nblocks;
  boxKernel<T, M><<<blocksFor(total), kThreads, 0, s>>>(
      dst, dstStride, src, srcStride, units, total);
  return cudaGetLastError();
}

} // namespace

cudaError_t launchBoxCopy(char *dst, int64_t dstStride, const char *src,
                          int64_t srcStride, int64_t blockBytes,
                          int64_t nblocks, cudaStream_t stream) {
  if (blockBytes <= 0 || nblocks <= 0)
    return cudaSuccess;
  uint64_t bits = (uint64_t)(uintptr_t)dst | (uint64_t)(uintptr_t)src |
                  (uint64_t)blockBytes;
  if (nblocks > 1)
    bits |= (uint64_t)dstStride | (uint64_t)srcStride;
  if (bits % 16 == 0)
    return boxCopyAs<Unit16>(dst, dstStride, src, srcStride, blockBytes,
                             nblocks, stream);
  if (bits % 8 == 0)
    return boxCopyAs<unsigned long long>(dst, dstStride, src, srcStride,
                                         blockBytes, nblocks, stream);
  if (bits % 4 == 0)
    return boxCopyAs<unsigned>(dst, dstStride, src, srcStride, blockBytes,
                               nblocks, stream);
  if (bits % 2 == 0)
    return boxCopyAs<unsigned short>(dst, dstStride, src, srcStride,
                                     blockBytes, nblocks, stream);
  return boxCopyAs<unsigned char>(dst, dstStride, src, srcStride, blockBytes,
                                  nblocks, stream);
}

cudaError_t launchBoxAdd(char *dst, int64_t dstStride, const char *src,
                         int64_t srcStride, int64_t blockBytes, int64_t nblocks,
                         int32_t elemType, int32_t op, cudaStream_t stream) {
  if (blockBytes <= 0 || nblocks <= 0)
    return cudaSuccess;
  cudaError_t err = cudaErrorInvalidValue;
  withCombineType(elemType, op, [&](auto t) {
    using T = decltype(t);
    if (op == XMPRT_RED_SUM)
      err = boxCopyAs<T, kSum>(dst, dstStride, src, srcStride, blockBytes,
                               nblocks, stream);
    else if (op == XMPRT_RED_MAX)
      err = boxCopyAs<T, kMax>(dst, dstStride, src, srcStride, blockBytes,
                               nblocks, stream);
    else
      err = boxCopyAs<T, kMin>(dst, dstStride, src, srcStride, blockBytes,
                               nblocks, stream);
  });
  return err;
}

cudaError_t launchGatherScatter(char *dst, const int64_t *dstOff,
                                const char *src, const int64_t *srcOff,
                                int64_t n, int64_t esize, cudaStream_t stream) {
  if (n <= 0 || esize <= 0)
    return cudaSuccess;
  // Offsets are multiples of the element size from allocations aligned to
  // at least 16 bytes, so every element is aligned to its size.
  switch (esize) {
  case 1:
    return gatherScatterAs<unsigned char>(dst, dstOff, src, srcOff, n, stream);
  case 2:
    return gatherScatterAs<unsigned short>(dst, dstOff, src, srcOff, n,
                                           stream);
  case 4:
    return gatherScatterAs<unsigned>(dst, dstOff, src, srcOff, n, stream);
  case 8:
    return gatherScatterAs<unsigned long long>(dst, dstOff, src, srcOff, n,
                                               stream);
  case 16:
    return gatherScatterAs<Unit16>(dst, dstOff, src, srcOff, n, stream);
  }
  gatherScatterBytesKernel<<<blocksFor(n), kThreads, 0, stream>>>(
      dst, dstOff, src, srcOff, n, esize);
  return cudaGetLastError();
}

cudaError_t launchFill16(uint16_t *dst, uint16_t value, int64_t count,
                         cudaStream_t stream) {
  if (count <= 0)
    return cudaSuccess;
  fillKernel<uint16_t><<<blocksFor(count), kThreads, 0, stream>>>(dst, value,
                                                                   count);
  return cudaGetLastError();
}

cudaError_t launchFill32(uint32_t *dst, uint32_t value, int64_t count,
                         cudaStream_t stream) {
  if (count <= 0)
    return cudaSuccess;
  fillKernel<uint32_t><<<blocksFor(count), kThreads, 0, stream>>>(dst, value,
                                                                   count);
  return cudaGetLastError();
}

} // namespace gpu
} // namespace xmprt
