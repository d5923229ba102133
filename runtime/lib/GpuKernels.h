//===- GpuKernels.h - the runtime's CUDA kernels (GpuKernels.cu) ----------===//
//
// Host-side launchers, callable from plain C++ (Gpu.cpp). Each queues its
// kernel on `stream` and returns the launch status.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_LIB_GPUKERNELS_H
#define XMPRT_LIB_GPUKERNELS_H

#include <cuda_runtime_api.h>

#include <cstdint>

namespace xmprt {
namespace gpu {

// nblocks runs of blockBytes bytes: run k goes from src + k*srcStride to
// dst + k*dstStride. Either side may be packed (stride == blockBytes) or a
// peer's memory mapped through CUDA IPC. Moves the widest unit (16, 8, 4, 2
// or 1 bytes) that the addresses, strides and run length allow.
cudaError_t launchBoxCopy(char *dst, int64_t dstStride, const char *src,
                          int64_t srcStride, int64_t blockBytes,
                          int64_t nblocks, cudaStream_t stream);
// The same runs combined instead of copied: run k of dst = run k of dst
// op run k of src, element-wise for elements of `elemType` (XMPRT_*), op
// XMPRT_RED_SUM, _MAX or _MIN (BoxAdd.h says how each type combines). The
// source may be packed or a peer's memory a kernel can reach.
// cudaErrorInvalidValue for a type without the operation.
cudaError_t launchBoxAdd(char *dst, int64_t dstStride, const char *src,
                         int64_t srcStride, int64_t blockBytes, int64_t nblocks,
                         int32_t elemType, int32_t op, cudaStream_t stream);

// n elements of esize bytes: element k goes from src + srcOff[k] to
// dst + dstOff[k] (byte offsets, in device memory); a NULL offset array
// means the packed position k * esize (gather: dstOff NULL, scatter:
// srcOff NULL).
cudaError_t launchGatherScatter(char *dst, const int64_t *dstOff,
                                const char *src, const int64_t *srcOff,
                                int64_t n, int64_t esize, cudaStream_t stream);
// dst[0:count] = value (16- and 32-bit elements).
cudaError_t launchFill16(uint16_t *dst, uint16_t value, int64_t count,
                         cudaStream_t stream);
cudaError_t launchFill32(uint32_t *dst, uint32_t value, int64_t count,
                         cudaStream_t stream);

} // namespace gpu
} // namespace xmprt

#endif
