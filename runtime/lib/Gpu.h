//===- Gpu.h - the runtime's view of the GPU --------------------------------===//
//
// What the rest of libxmprt needs from CUDA, behind plain C++ so that
// DArray/Reflect/GMove/DeviceData compile the same in both builds:
//   CUDA build      : Gpu.cpp (runtime API, cudart linked statically) and
//                     GpuKernels.cu (box copy / fill kernels);
//   host-only build : GpuStub.cpp (queries say "no GPU", everything that
//                     needs a device aborts with "built without CUDA").
//
// One device per process (local rank % device count, chosen lazily, before
// MPI if need be) and one persistent non-blocking stream: every copy and
// kernel of the runtime and of generated code goes to that stream, so
// program order on the stream is the only ordering the runtime relies on.
// The one exception is a started reflect (xmprt_reflect_start ..
// xmprt_reflect_wait), which runs on a second stream forked from and
// joined back into the main one (commFork / commJoin below).
//===----------------------------------------------------------------------===//
#ifndef XMPRT_LIB_GPU_H
#define XMPRT_LIB_GPU_H

#include "Memory.h"

#include <mpi.h>

#include <cstdint>

namespace xmprt {
namespace gpu {

// True in the CUDA build.
bool built();
// Number of devices (0: none, no driver, or host-only build). Does not
// create a CUDA context.
int deviceCount();
// Device chosen for this process, -1 when none. No context is created.
int deviceId();
// True once some entry point has made the device current in this process
// (a context exists); cheap.
bool initialized();
// Why this process has no device (meaningful when deviceId() < 0).
const char *noGpuReason();
// Makes the chosen device current on the calling thread; aborts naming `fn`
// when there is none.
void ensureDevice(const char *fn);
[[noreturn]] void notBuilt(const char *fn);

// The persistent stream (cudaStream_t).
void *stream(const char *fn);
// Waits for everything queued on the stream.
void sync(const char *fn);
// The comm stream: a second stream on which a started reflect
// (xmprt_reflect_start) runs while kernels queued on the main stream after
// the start run beside it. commFork: the comm stream's next work waits for
// everything queued on the main stream so far; commJoin: the main stream's
// next work waits for everything queued on the comm stream so far. While an
// OnCommStream lives, stream() (and every copy, kernel, flag operation and
// sync of the runtime) on this thread means the comm stream.
void commFork(const char *fn);
void commJoin(const char *fn);
class OnCommStream {
public:
  explicit OnCommStream(const char *fn);
  ~OnCommStream();
  OnCommStream(const OnCommStream &) = delete;
  OnCommStream &operator=(const OnCommStream &) = delete;
};
// The same before releasing resources, which may happen at exit: errors
// that only mean CUDA or MPI is being torn down are ignored.
void syncForRelease(const char *fn);
// Under XMP_GPU_TIMELINE, times a stretch of host work ("host WHAT"
// entries: first kernel lookups, allocations) so that host costs between
// launches can be told apart; nothing otherwise.
class HostSpan {
public:
  explicit HostSpan(const char *what);
  ~HostSpan();
  HostSpan(const HostSpan &) = delete;
  HostSpan &operator=(const HostSpan &) = delete;

private:
  long long index = -1;
};
// xmprt_finalize: writes the XMP_GPU_TIMELINE file, if any.
void atFinalize();

// Device memory (cudaMalloc; zeroed) and pinned host memory (cudaHostAlloc).
void *deviceAlloc(int64_t bytes, const char *fn);
void deviceFree(void *p);
void *pinnedAlloc(int64_t bytes, const char *fn);
void pinnedFree(void *p);
// Page-locks an existing host range (cudaHostRegister) so that copies of it
// run at the copy engines' speed; false (and nothing changed) when CUDA
// refuses, e.g. a range sharing pages with one already registered.
bool hostRegister(void *p, int64_t bytes, const char *fn);
void hostUnregister(void *p);
// Asynchronous copy on the stream between any two of host/device memory.
void copyAsync(void *dst, const void *src, int64_t bytes, const char *fn);
// The same for `rows` rows of `width` bytes, the rows `dpitch` / `spitch`
// bytes apart (one cudaMemcpy2DAsync; pitches CUDA cannot take fall back
// to one copy per row).
void copy2DAsync(void *dst, int64_t dpitch, const void *src, int64_t spitch,
                 int64_t width, int64_t rows, const char *fn);
// On the stream: n elements of esize bytes, element k from
// src + srcOff[k] to dst + dstOff[k]; the byte offsets live in device
// memory, and a NULL offset array means the packed position k * esize
// (gather into a packed buffer: dstOff NULL; scatter from one: srcOff
// NULL). Every pointer is device memory (one kernel).
void gatherScatterAsync(void *dst, const int64_t *dstOff, const void *src,
                        const int64_t *srcOff, int64_t n, int64_t esize,
                        const char *fn);
// Whether p points to device (or managed) memory; false while no context
// exists (so host-only programs never create one).
bool isDevicePointer(const void *p);

// The device MemorySpace: asynchronous on the stream; fence() waits.
MemorySpace &deviceMemory();

// CUDA IPC: a handle of an allocation made by deviceAlloc, plus the device
// it lives on.
struct IpcHandle {
  char bytes[64];
  int32_t device;
  int32_t pad;
};
void ipcExport(void *base, IpcHandle &h, const char *fn);
// Maps a peer's allocation; nullptr when CUDA refuses (reason in `why`).
void *ipcOpen(const IpcHandle &h, const char **why);
void ipcClose(void *p);
// Whether a kernel on my device may dereference memory of `device`.
bool kernelCanReach(int device);

// Stream flags: 32-bit words in device memory (mine, or a peer's mapped
// through CUDA IPC) written and waited on by the stream itself
// (cuStreamWriteValue32 / cuStreamWaitValue32, reached through the
// runtime's driver entry point, so no libcuda link). Device reflects use
// them to signal readiness and completion between peers without the host.
// Whether this process can use them (entry points found, device supports
// stream memory operations); false in the host-only build.
bool streamFlagsAvailable();
// On the stream, after everything queued before: a system-scope fence, then
// *addr = value.
void flagWrite(uint32_t *addr, uint32_t value, const char *fn);
// On the stream: later work waits until (int32_t)(*addr - value) >= 0 (a
// cyclic comparison: epochs may wrap).
void flagWait(uint32_t *addr, uint32_t value, const char *fn);

// Timing events on the stream (cudaEvent_t with timing): create, record
// (on the stream), whether the work before the record has completed (never
// waits), and the seconds between two records (waits for `stop`).
void *timingEventCreate(const char *fn);
void eventRecord(void *ev, const char *fn);
bool eventDone(void *ev, const char *fn);
double eventSeconds(void *start, void *stop, const char *fn);

// Host memory that kernels of this process may store to (pinned, mapped;
// the device address equals the host address), zeroed.
void *mappedHostAlloc(int64_t bytes, const char *fn);

//--- NCCL (device collectives; Gpu.cpp) -----------------------------------
// libnccl.so.2 is loaded at run time (dlopen, never linked): the CUDA
// build compiled against nccl.h can use it where it is installed; builds
// without nccl.h (and the host-only build) never do. Every NCCL operation
// runs on one stream of its own (the NCCL stream), forked from the
// runtime stream so that it sees the work queued before it, and every
// communicator's operations are issued in program order there.
enum class NcclType { Int8, Uint8, Int32, Int64, Float32, Float64 };
enum class NcclOp { Sum, Prod, Max, Min };
struct NcclComm;    // an ncclComm_t with its decision
struct NcclStarted; // a started operation (xmprt_reduce_start, _bcast_start)
// Collective over `comm` (every rank calls it at the same device
// collective): the NCCL communicator of `comm`, made at the first call
// (every rank's GPU and whether it can load libnccl gathered over MPI,
// then ncclGetUniqueId on rank 0, MPI_Bcast, ncclCommInitRank), or
// nullptr when device collectives on `comm` stay staged: libnccl cannot
// be loaded on some rank, two ranks drive one GPU, a rank has no GPU, or
// the initialization fails on some rank. The answer is cached per
// communicator and the same on every rank; XMP_VERBOSE prints it once
// (comm rank 0), naming `where` ("grid [2x2] axis 0").
NcclComm *ncclCommFor(MPI_Comm comm, const char *where, const char *fn);
// The decision for `comm` without making one: 1 NCCL, 0 staged, -1 not
// decided yet; the reason XMP_VERBOSE printed in *why (may be NULL).
int ncclDecision(MPI_Comm comm, const char **why);
// Forgets `comm` (destroys its NCCL communicator, if any), before it is
// freed (xmprt_grid_destroy; every rank of `comm`, in the same order).
void ncclForget(MPI_Comm comm);
// Destroys every NCCL communicator, in creation order (xmprt_finalize, or
// inside MPI_Finalize for programs that finalize MPI themselves).
void ncclFinalize();
// Operations counted so far (test hook).
int64_t ncclOperations();
// Blocking operations on device buffers (complete on return, stream
// synchronized): in-place all-reduce, in-place broadcast of `bytes` from
// comm rank `root`, all-gather of `bytes` per rank.
void ncclAllReduce(NcclComm *c, void *buf, int64_t count, NcclType t,
                   NcclOp op, const char *fn);
void ncclBroadcast(NcclComm *c, void *buf, int64_t bytes, int root,
                   const char *fn);
void ncclAllGather(NcclComm *c, const void *send, void *recv, int64_t bytes,
                   const char *fn);
// Started forms (in place on `buf` as seen at the start): the buffer is
// copied on the runtime stream into a device scratch buffer, the NCCL
// operation runs on that copy on the NCCL stream (device work queued on
// the runtime stream after the start runs beside it), and ncclFinish
// copies the result back into `buf` (after the runtime stream's work
// queued before the wait, as the staged path does) and synchronizes.
NcclStarted *ncclAllReduceStart(NcclComm *c, void *buf, int64_t count,
                                NcclType t, NcclOp op, const char *fn);
NcclStarted *ncclBroadcastStart(NcclComm *c, void *buf, int64_t bytes,
                                int root, const char *fn);
// Whether the operation has completed on this GPU (never waits).
bool ncclDone(NcclStarted *s, const char *fn);
// Completes and frees it.
void ncclFinish(NcclStarted *s, const char *fn);

} // namespace gpu
} // namespace xmprt

#endif
