//===- GpuStub.cpp - the GPU interface of a host-only libxmprt ------------===//
//
// Built when CUDA is off. Queries answer "no GPU"; everything that needs a
// device aborts with "xmprt: rank R: <function>: this libxmprt was built
// without CUDA" (the mgpu* entry points too, so a GPU program linked against
// this build stops with that message instead of misbehaving).
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"

using namespace xmprt;

namespace xmprt {
namespace gpu {

bool built() { return false; }
int deviceCount() { return 0; }
int deviceId() { return -1; }
const char *noGpuReason() { return "this libxmprt was built without CUDA"; }
bool initialized() { return false; }
void ensureDevice(const char *fn) { notBuilt(fn); }
[[noreturn]] void notBuilt(const char *fn) {
  fail(fn, "this libxmprt was built without CUDA");
}
void *stream(const char *fn) { notBuilt(fn); }
void sync(const char *fn) { notBuilt(fn); }
void commFork(const char *fn) { notBuilt(fn); }
void commJoin(const char *fn) { notBuilt(fn); }
OnCommStream::OnCommStream(const char *fn) { notBuilt(fn); }
OnCommStream::~OnCommStream() {}
void syncForRelease(const char *) {}
HostSpan::HostSpan(const char *) {}
HostSpan::~HostSpan() {}
void atFinalize() {}
void *deviceAlloc(int64_t, const char *fn) { notBuilt(fn); }
void deviceFree(void *p) {
  if (p)
    notBuilt("xmprt device memory");
}
void *pinnedAlloc(int64_t, const char *fn) { notBuilt(fn); }
void pinnedFree(void *p) {
  if (p)
    notBuilt("xmprt pinned memory");
}
bool hostRegister(void *, int64_t, const char *fn) { notBuilt(fn); }
void hostUnregister(void *) { notBuilt("xmprt host block"); }
void copyAsync(void *, const void *, int64_t, const char *fn) { notBuilt(fn); }
void copy2DAsync(void *, int64_t, const void *, int64_t, int64_t, int64_t,
                 const char *fn) {
  notBuilt(fn);
}
void gatherScatterAsync(void *, const int64_t *, const void *, const int64_t *,
                        int64_t, int64_t, const char *fn) {
  notBuilt(fn);
}
bool isDevicePointer(const void *) { return false; }
MemorySpace &deviceMemory() { notBuilt("xmprt device memory"); }
void ipcExport(void *, IpcHandle &, const char *fn) { notBuilt(fn); }
void *ipcOpen(const IpcHandle &, const char **why) {
  if (why)
    *why = "this libxmprt was built without CUDA";
  return nullptr;
}
void ipcClose(void *) {}
bool kernelCanReach(int) { return false; }
bool streamFlagsAvailable() { return false; }
void flagWrite(uint32_t *, uint32_t, const char *fn) { notBuilt(fn); }
void flagWait(uint32_t *, uint32_t, const char *fn) { notBuilt(fn); }
void *timingEventCreate(const char *fn) { notBuilt(fn); }
void eventRecord(void *, const char *fn) { notBuilt(fn); }
bool eventDone(void *, const char *fn) { notBuilt(fn); }
double eventSeconds(void *, void *, const char *fn) { notBuilt(fn); }
void *mappedHostAlloc(int64_t, const char *fn) { notBuilt(fn); }
// No device buffers, so no device collective ever asks for NCCL.
NcclComm *ncclCommFor(MPI_Comm, const char *, const char *) { return nullptr; }
int ncclDecision(MPI_Comm, const char **why) {
  if (why)
    *why = nullptr;
  return -1;
}
void ncclForget(MPI_Comm) {}
void ncclFinalize() {}
int64_t ncclOperations() { return 0; }
void ncclAllReduce(NcclComm *, void *, int64_t, NcclType, NcclOp,
                   const char *fn) {
  notBuilt(fn);
}
void ncclBroadcast(NcclComm *, void *, int64_t, int, const char *fn) {
  notBuilt(fn);
}
void ncclAllGather(NcclComm *, const void *, void *, int64_t, const char *fn) {
  notBuilt(fn);
}
NcclStarted *ncclAllReduceStart(NcclComm *, void *, int64_t, NcclType, NcclOp,
                                const char *fn) {
  notBuilt(fn);
}
NcclStarted *ncclBroadcastStart(NcclComm *, void *, int64_t, int,
                                const char *fn) {
  notBuilt(fn);
}
bool ncclDone(NcclStarted *, const char *fn) { notBuilt(fn); }
void ncclFinish(NcclStarted *, const char *fn) { notBuilt(fn); }

} // namespace gpu
} // namespace xmprt

extern "C" {

int32_t xmprt_has_gpu(void) { return 0; }
void *xmprt_gpu_stream(void) { gpu::notBuilt("xmprt_gpu_stream"); }
void xmprt_gpu_timer_start(void) { gpu::notBuilt("xmprt_gpu_timer_start"); }
void xmprt_gpu_wait(void) {}
int64_t xmprt_gpu_sweep_chunks(int64_t planes, int64_t, int64_t) {
  return planes > 0 ? 1 : 0; // nothing is launched without CUDA
}
void *xmprt_gpu_scratch(void **, int64_t) {
  gpu::notBuilt("xmprt_gpu_scratch");
}
double xmprt_gpu_timer_stop(void) { gpu::notBuilt("xmprt_gpu_timer_stop"); }

void *mgpuModuleLoad(void *, uint64_t) { gpu::notBuilt("mgpuModuleLoad"); }
void *mgpuModuleLoadJIT(void *, int32_t) {
  gpu::notBuilt("mgpuModuleLoadJIT");
}
void mgpuModuleUnload(void *) { gpu::notBuilt("mgpuModuleUnload"); }
void *mgpuModuleGetFunction(void *, const char *) {
  gpu::notBuilt("mgpuModuleGetFunction");
}
void mgpuLaunchKernel(void *, intptr_t, intptr_t, intptr_t, intptr_t,
                      intptr_t, intptr_t, int32_t, void *, void **, void **,
                      uint64_t) {
  gpu::notBuilt("mgpuLaunchKernel");
}
void *mgpuStreamCreate(void) { gpu::notBuilt("mgpuStreamCreate"); }
void mgpuStreamDestroy(void *) { gpu::notBuilt("mgpuStreamDestroy"); }
void mgpuStreamSynchronize(void *) { gpu::notBuilt("mgpuStreamSynchronize"); }
void mgpuStreamWaitEvent(void *, void *) {
  gpu::notBuilt("mgpuStreamWaitEvent");
}
void *mgpuEventCreate(void) { gpu::notBuilt("mgpuEventCreate"); }
void mgpuEventDestroy(void *) { gpu::notBuilt("mgpuEventDestroy"); }
void mgpuEventSynchronize(void *) { gpu::notBuilt("mgpuEventSynchronize"); }
void mgpuEventRecord(void *, void *) { gpu::notBuilt("mgpuEventRecord"); }
void *mgpuMemAlloc(uint64_t, void *, bool) { gpu::notBuilt("mgpuMemAlloc"); }
void mgpuMemFree(void *, void *) { gpu::notBuilt("mgpuMemFree"); }
void mgpuMemcpy(void *, void *, uint64_t, void *) {
  gpu::notBuilt("mgpuMemcpy");
}
void mgpuMemset32(void *, uint32_t, uint64_t, void *) {
  gpu::notBuilt("mgpuMemset32");
}
void mgpuMemset16(void *, uint16_t, uint64_t, void *) {
  gpu::notBuilt("mgpuMemset16");
}
void mgpuSetDefaultDevice(int32_t) { gpu::notBuilt("mgpuSetDefaultDevice"); }
void mgpuMemHostRegister(void *, uint64_t) {
  gpu::notBuilt("mgpuMemHostRegister");
}
void mgpuMemHostUnregister(void *) { gpu::notBuilt("mgpuMemHostUnregister"); }
void mgpuMemHostRegisterMemRef(int64_t, void *, int64_t) {
  gpu::notBuilt("mgpuMemHostRegisterMemRef");
}
void mgpuMemHostUnregisterMemRef(int64_t, void *, int64_t) {
  gpu::notBuilt("mgpuMemHostUnregisterMemRef");
}

} // extern "C"
