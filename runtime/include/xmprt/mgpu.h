/*===- mgpu.h - the mgpu* entry points of libxmprt -------------------------===*
 *
 * The functions MLIR's gpu-to-llvm lowering calls (Gpu.cpp; GpuStub.cpp in
 * the host-only build). Generated code declares them itself; this header
 * is for the runtime's build and its tests.
 *===----------------------------------------------------------------------===*/
#ifndef XMPRT_MGPU_H
#define XMPRT_MGPU_H

#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The runtime calls that `gpu-to-llvm` and the LLVM IR translation of
 * `gpu.binary` emit (the signatures of MLIR's CUDA runtime wrappers), backed
 * by the CUDA runtime API on this process's device. Modules are
 * cubins/fatbins (mgpuModuleLoad) or PTX (mgpuModuleLoadJIT); they may be
 * loaded before main (global constructors), before MPI_Init.
 * mgpuStreamCreate returns the persistent stream of xmprt_gpu_stream and
 * mgpuStreamDestroy ignores it. A launch with an empty grid or block does
 * nothing. mgpuMemAlloc allocates stream-ordered device memory; host-shared
 * (managed) memory is refused. mgpuSetDefaultDevice is recorded and
 * ignored (the device is chosen per rank). Any CUDA error aborts with
 * "xmprt: rank R: <mgpu function>: <CUDA message>". On a rank without a GPU
 * (CUDA build) mgpuModuleLoad/mgpuModuleLoadJIT return NULL (the program's
 * module constructor runs everywhere; its device loops run on the CPU
 * there, see xmprt_loop_weight), mgpuModuleUnload(NULL) does nothing, and
 * mgpuModuleGetFunction / mgpuLaunchKernel with a NULL module / kernel
 * abort with "no GPU on this rank (<why>): a device loop part cannot run on
 * the GPU". In the host-only build every one of them aborts with "this
 * libxmprt was built without CUDA". */
void *mgpuModuleLoad(void *data, uint64_t size);
void *mgpuModuleLoadJIT(void *data, int32_t opt_level);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t grid_x, intptr_t grid_y,
                      intptr_t grid_z, intptr_t block_x, intptr_t block_y,
                      intptr_t block_z, int32_t smem, void *stream,
                      void **params, void **extra, uint64_t params_count);
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool is_host_shared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, uint64_t bytes, void *stream);
void mgpuMemset32(void *dst, uint32_t value, uint64_t count, void *stream);
void mgpuMemset16(void *dst, uint16_t value, uint64_t count, void *stream);
void mgpuSetDefaultDevice(int32_t device);
void mgpuMemHostRegister(void *ptr, uint64_t bytes);
void mgpuMemHostUnregister(void *ptr);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t element_size);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t element_size);

#ifdef __cplusplus
}
#endif
#endif
