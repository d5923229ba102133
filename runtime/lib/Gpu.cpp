//===- Gpu.cpp - CUDA side of libxmprt: device, stream, mgpu* entry points ===//
//
// Only the CUDA runtime API is used, and cudart is linked statically (its
// symbols hidden in libxmprt.so): the library has no libcudart.so / libcuda
// dependency, loads on machines without a driver and then reports no GPU.
// Kernel modules go through the runtime's library API (cudaLibraryLoadData,
// cudaLibraryGetKernel, cudaLaunchKernel), which needs no driver symbols.
//
// Device selection is lazy and works before MPI_Init: generated code loads
// its kernels from a global constructor, before main. The device is the
// node-local rank (from the launcher's environment) modulo the number of
// devices; each thread makes it current once.
//
// Every CUDA error aborts: "xmprt: rank R: <function>: <CUDA message> (<call>)".
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "GpuKernels.h"
#include "Internal.h"
#include "Settings.h"

#include <cuda.h> // types and enums of the stream memory operations only
#include <cuda_runtime_api.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>
#include <climits>
#include <cstdio>
#include <cstring>
#include <mutex>

using namespace xmprt;

namespace {

[[noreturn]] void cudaFail(const char *fn, cudaError_t e, const char *call) {
  fail(fn, "%s (%s)", cudaGetErrorString(e), call);
}
#define XMPRT_CUDA(call, fn)                                                   \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess)                                                     \
      cudaFail(fn, e_, #call);                                                 \
  } while (0)

// Errors that only mean the CUDA runtime is being torn down at exit (the
// global destructors of generated code unload modules after cudart's own
// atexit handler ran): nothing left to release.
// After MPI_Finalize nothing can be reported as a job error any more, and
// a failing release must not turn a finished program into a crash.
bool tearingDown(cudaError_t e) {
  if (e == cudaErrorCudartUnloading || e == cudaErrorContextIsDestroyed)
    return true;
  int fin = 0;
  MPI_Finalized(&fin);
  if (fin)
    cudaGetLastError();
  return fin != 0;
}

struct DeviceChoice {
  int count = 0;
  int id = -1;
  const char *why = "no CUDA device"; // when id < 0
};

const DeviceChoice &choice() {
  static const DeviceChoice c = [] {
    DeviceChoice d;
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
      d.why = cudaGetErrorString(e);
      cudaGetLastError();
      n = 0;
    }
    d.count = n;
    int local = envLocalRank();
    if (n > 0)
      d.id = (local < 0 ? 0 : local) % n;
    if (envVerbose()) {
      if (d.id >= 0) {
        cudaDeviceProp prop;
        const char *name = "?";
        if (cudaGetDeviceProperties(&prop, d.id) == cudaSuccess)
          name = prop.name;
        fprintf(stderr,
                "xmprt: rank %d: GPU %d of %d (%s), node-local rank %d\n",
                reportRank(), d.id, n, name, local < 0 ? 0 : local);
      } else {
        fprintf(stderr, "xmprt: rank %d: no GPU (%s)\n", reportRank(), d.why);
      }
      fflush(stderr);
    }
    return d;
  }();
  return c;
}

std::atomic<bool> gContext{false};
thread_local bool tCurrent = false;
int gRequestedDevice = -1; // mgpuSetDefaultDevice, recorded only

std::atomic<void *> gStream{nullptr};
// gpu::OnCommStream: this thread's runtime work goes to the comm stream.
thread_local cudaStream_t tOverride = nullptr;

cudaStream_t mainStream(const char *fn) {
  static std::once_flag once;
  gpu::ensureDevice(fn);
  std::call_once(once, [fn] {
    cudaStream_t s = nullptr;
    XMPRT_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), fn);
    gStream.store(s, std::memory_order_release);
  });
  return static_cast<cudaStream_t>(gStream.load(std::memory_order_acquire));
}

cudaStream_t theStream(const char *fn) {
  cudaStream_t s = mainStream(fn);
  return tOverride ? tOverride : s;
}

// The second stream and the two events that order it with the main one.
struct CommStream {
  cudaStream_t stream = nullptr;
  cudaEvent_t fork = nullptr, join = nullptr;
};
CommStream &commStream(const char *fn) {
  static CommStream c = [fn] {
    mainStream(fn);
    CommStream n;
    XMPRT_CUDA(cudaStreamCreateWithFlags(&n.stream, cudaStreamNonBlocking),
               fn);
    XMPRT_CUDA(cudaEventCreateWithFlags(&n.fork, cudaEventDisableTiming), fn);
    XMPRT_CUDA(cudaEventCreateWithFlags(&n.join, cudaEventDisableTiming), fn);
    return n;
  }();
  return c;
}

cudaStream_t asStream(void *s) { return static_cast<cudaStream_t>(s); }

// For releases (which may run at exit, after cudart's teardown): make the
// device current if possible, never fail.
void currentQuietly() {
  if (tCurrent || choice().id < 0)
    return;
  if (cudaSetDevice(choice().id) == cudaSuccess)
    tCurrent = true;
  else
    cudaGetLastError();
}

// Copies a box on the device (or between my device and a peer's memory):
// copy engines for runs longer than one element, a kernel for single
// elements (when the kernel may reach the destination).
void copyBoxOnStream(char *dst, const Box &d, const char *src, const Box &s,
                     bool kernelOk, const char *fn) {
  if (d.bytes() == 0)
    return;
  cudaStream_t st = theStream(fn);
  char *dp = dst + d.offset;
  const char *sp = src + s.offset;
  if (d.nblocks == 1) {
    XMPRT_CUDA(cudaMemcpyAsync(dp, sp, (size_t)d.blockBytes, cudaMemcpyDefault,
                               st),
               fn);
    return;
  }
  bool pitchOk = d.stride <= INT_MAX && s.stride <= INT_MAX;
  if ((kernelOk && d.blockBytes <= 16) || !pitchOk) {
    XMPRT_CUDA(gpu::launchBoxCopy(dp, d.stride, sp, s.stride, d.blockBytes,
                                  d.nblocks, st),
               fn);
    return;
  }
  XMPRT_CUDA(cudaMemcpy2DAsync(dp, (size_t)d.stride, sp, (size_t)s.stride,
                               (size_t)d.blockBytes, (size_t)d.nblocks,
                               cudaMemcpyDefault, st),
             fn);
}

// XMP_GPU_TIMELINE=path: every kernel launch is bracketed by two events and
// every wait of the runtime is timed on the host; xmprt_finalize writes one
// CSV line per entry (what, host issue and return times, GPU start and end,
// microseconds from the first entry), so that gaps on the GPU and the
// host's share of a step can be read off. A diagnostic: off by default.
class Timeline {
public:
  static Timeline *get() {
    static Timeline *t = [] {
      const char *path = settings::value("XMP_GPU_TIMELINE", "xmprt_gpu");
      return path ? new Timeline(path) : nullptr;
    }();
    return t;
  }
  struct Entry {
    std::string what;
    double issue = 0, done = 0; // host, seconds
    cudaEvent_t start = nullptr, stop = nullptr;
  };
  static double now() {
    return std::chrono::duration<double>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  // Before and after a launch on `st`.
  size_t begin(const char *what, cudaStream_t st) {
    std::lock_guard<std::mutex> g(mu);
    if (!ref) {
      cudaEventCreateWithFlags(&ref, cudaEventDefault);
      cudaEventRecord(ref, st);
      cudaEventSynchronize(ref);
      refHost = now();
    }
    Entry e;
    e.what = what;
    e.issue = now();
    if (st) {
      cudaEventCreateWithFlags(&e.start, cudaEventDefault);
      cudaEventCreateWithFlags(&e.stop, cudaEventDefault);
      cudaEventRecord(e.start, st);
    }
    entries.push_back(std::move(e));
    return entries.size() - 1;
  }
  void end(size_t i, cudaStream_t st) {
    std::lock_guard<std::mutex> g(mu);
    Entry &e = entries[i];
    if (e.stop)
      cudaEventRecord(e.stop, st);
    e.done = now();
  }
  void write() {
    std::lock_guard<std::mutex> g(mu);
    if (written || !ref)
      return;
    written = true;
    FILE *f = std::fopen(path.c_str(), "w");
    if (!f) {
      fprintf(stderr, "xmprt: rank %d: XMP_GPU_TIMELINE: cannot write '%s'\n",
              reportRank(), path.c_str());
      return;
    }
    fprintf(f, "what,host_issue_us,host_done_us,gpu_start_us,gpu_end_us\n");
    for (Entry &e : entries) {
      float a = -1, b = -1;
      if (e.start) {
        cudaEventSynchronize(e.stop);
        cudaEventElapsedTime(&a, ref, e.start);
        cudaEventElapsedTime(&b, ref, e.stop);
      }
      fprintf(f, "%s,%.2f,%.2f,%.2f,%.2f\n", e.what.c_str(),
              (e.issue - refHost) * 1e6, (e.done - refHost) * 1e6,
              e.start ? a * 1e3 : -1.0, e.start ? b * 1e3 : -1.0);
    }
    std::fclose(f);
  }

private:
  explicit Timeline(const char *p) {
    // One file per rank: path.<rank> when launched by MPI.
    path = p;
    int r = envWorldRank();
    if (r >= 0)
      path += "." + std::to_string(r);
  }
  std::mutex mu;
  std::string path;
  std::vector<Entry> entries;
  cudaEvent_t ref = nullptr;
  double refHost = 0;
  bool written = false;
};

// Kernel names by handle (for the timeline) and kernels by module and name
// pointer: generated code looks its kernel up before every launch, with a
// name that is a constant of the program.
std::mutex gKernelMu;
std::map<std::pair<void *, const char *>, cudaKernel_t> gKernelCache;
std::map<void *, std::string> gKernelNames;

class DeviceMemory final : public MemorySpace {
public:
  const char *name() const override { return "device"; }
  void *allocate(int64_t bytes) override {
    return gpu::deviceAlloc(bytes, "xmprt device memory");
  }
  void release(void *p) override { gpu::deviceFree(p); }
  void copyBox(char *dstBase, const Box &d, const char *srcBase,
               const Box &s) override {
    copyBoxOnStream(dstBase, d, srcBase, s, true, "xmprt_reflect_wait");
  }
  void copyToPeer(char *peerBase, const Box &d, const char *srcBase,
                  const Box &s, bool direct) override {
    copyBoxOnStream(peerBase, d, srcBase, s, direct, "xmprt_reflect_wait");
  }
  // Packing and unpacking: a kernel (the runs of a halo are usually short),
  // a plain copy for a single run.
  void pack(char *buf, const char *base, const Box &b) override {
    Box packed{0, b.nblocks, b.blockBytes, b.blockBytes};
    if (b.nblocks == 1 || b.blockBytes == 0) {
      copyBoxOnStream(buf, packed, base, b, true, "xmprt_reflect_start");
      return;
    }
    XMPRT_CUDA(gpu::launchBoxCopy(buf, b.blockBytes, base + b.offset, b.stride,
                                  b.blockBytes, b.nblocks,
                                  theStream("xmprt_reflect_start")),
               "xmprt_reflect_start");
  }
  void unpack(char *base, const Box &b, const char *buf) override {
    Box packed{0, b.nblocks, b.blockBytes, b.blockBytes};
    if (b.nblocks == 1 || b.blockBytes == 0) {
      copyBoxOnStream(base, b, buf, packed, true, "xmprt_reflect_wait");
      return;
    }
    XMPRT_CUDA(gpu::launchBoxCopy(base + b.offset, b.stride, buf, b.blockBytes,
                                  b.blockBytes, b.nblocks,
                                  theStream("xmprt_reflect_wait")),
               "xmprt_reflect_wait");
  }
  // One kernel per box (reduce_shadow: the source is a staging buffer or a
  // peer's instance a kernel can reach).
  void addBox(char *dstBase, const Box &d, const char *srcBase, const Box &s,
              int32_t elemType, int32_t op) override {
    const char *fn = "xmprt_reflect_wait";
    XMPRT_CUDA(gpu::launchBoxAdd(dstBase + d.offset, d.stride,
                                 srcBase + s.offset, s.stride, d.blockBytes,
                                 d.nblocks, elemType, op, theStream(fn)),
               fn);
  }
  void fence() override { gpu::sync("xmprt_reflect_wait"); }
};

} // namespace

namespace xmprt {
namespace gpu {

bool built() { return true; }
int deviceCount() { return choice().count; }
int deviceId() { return choice().id; }
const char *noGpuReason() { return choice().why; }
bool initialized() { return gContext.load(std::memory_order_acquire); }

void ensureDevice(const char *fn) {
  if (tCurrent)
    return;
  const DeviceChoice &c = choice();
  if (c.id < 0)
    fail(fn, "no GPU on this rank (%s)", c.why);
  XMPRT_CUDA(cudaSetDevice(c.id), fn);
  // Generated code allocates small scratch buffers (reduction partials)
  // with cudaMallocAsync at every reducing device loop: keep freed memory
  // in the device's pool instead of returning it at each synchronization,
  // so those allocations stay cheap.
  static std::once_flag poolOnce;
  std::call_once(poolOnce, [&] {
    cudaMemPool_t pool;
    if (cudaDeviceGetDefaultMemPool(&pool, c.id) == cudaSuccess) {
      uint64_t keep = UINT64_MAX;
      (void)cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold,
                                    &keep);
      // The pool's first allocation and the first memset cost milliseconds
      // (Himeno M: 7.5 ms at its first reducing loop, inside the timed
      // loop); pay them here, when the program starts.
      void *p = nullptr;
      if (cudaMallocAsync(&p, 1 << 20, nullptr) == cudaSuccess) {
        (void)cudaMemsetAsync(p, 0, 1 << 20, nullptr);
        (void)cudaFreeAsync(p, nullptr);
        (void)cudaStreamSynchronize(nullptr);
      }
      cudaGetLastError();
    }
  });
  tCurrent = true;
  gContext.store(true, std::memory_order_release);
}

[[noreturn]] void notBuilt(const char *fn) {
  fail(fn, "this libxmprt was built without CUDA");
}

void *stream(const char *fn) { return theStream(fn); }

void commFork(const char *fn) {
  CommStream &c = commStream(fn);
  XMPRT_CUDA(cudaEventRecord(c.fork, mainStream(fn)), fn);
  XMPRT_CUDA(cudaStreamWaitEvent(c.stream, c.fork, 0), fn);
}

void commJoin(const char *fn) {
  CommStream &c = commStream(fn);
  XMPRT_CUDA(cudaEventRecord(c.join, c.stream), fn);
  XMPRT_CUDA(cudaStreamWaitEvent(mainStream(fn), c.join, 0), fn);
}

OnCommStream::OnCommStream(const char *fn) {
  XMPRT_CHECK(!tOverride, fn, "nested use of the comm stream");
  tOverride = commStream(fn).stream;
}

OnCommStream::~OnCommStream() { tOverride = nullptr; }

void sync(const char *fn) {
  Timeline *t = Timeline::get();
  size_t i = t ? t->begin((std::string("wait ") + fn).c_str(), nullptr) : 0;
  XMPRT_CUDA(cudaStreamSynchronize(theStream(fn)), fn);
  if (t)
    t->end(i, nullptr);
}

HostSpan::HostSpan(const char *what) {
  if (Timeline *t = Timeline::get())
    index = (long long)t->begin((std::string("host ") + what).c_str(),
                                nullptr);
}

HostSpan::~HostSpan() {
  if (index >= 0)
    Timeline::get()->end((size_t)index, nullptr);
}

void atFinalize() {
  if (Timeline *t = Timeline::get())
    if (initialized())
      t->write();
}

void syncForRelease(const char *fn) {
  if (!initialized())
    return;
  cudaError_t e = cudaStreamSynchronize(theStream(fn));
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail(fn, e, "cudaStreamSynchronize");
}

void *deviceAlloc(int64_t bytes, const char *fn) {
  ensureDevice(fn);
  size_t n = (size_t)((bytes + 255) / 256 * 256);
  if (n == 0)
    n = 256;
  void *p = nullptr;
  XMPRT_CUDA(cudaMalloc(&p, n), fn);
  cudaStream_t s = theStream(fn);
  XMPRT_CUDA(cudaMemsetAsync(p, 0, n, s), fn);
  XMPRT_CUDA(cudaStreamSynchronize(s), fn);
  return p;
}

void deviceFree(void *p) {
  if (!p)
    return;
  cudaError_t e = cudaFree(p);
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail("xmprt device memory", e, "cudaFree");
}

void *pinnedAlloc(int64_t bytes, const char *fn) {
  ensureDevice(fn);
  size_t n = (size_t)((bytes + 63) / 64 * 64);
  if (n == 0)
    n = 64;
  void *p = nullptr;
  XMPRT_CUDA(cudaHostAlloc(&p, n, cudaHostAllocPortable), fn);
  memset(p, 0, n);
  return p;
}

void pinnedFree(void *p) {
  if (!p)
    return;
  cudaError_t e = cudaFreeHost(p);
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail("xmprt pinned memory", e, "cudaFreeHost");
}

bool hostRegister(void *p, int64_t bytes, const char *fn) {
  ensureDevice(fn);
  cudaError_t e =
      cudaHostRegister(p, (size_t)bytes, cudaHostRegisterPortable);
  if (e == cudaSuccess)
    return true;
  (void)cudaGetLastError(); // not sticky: clear it, stay pageable
  return false;
}

void hostUnregister(void *p) {
  cudaError_t e = cudaHostUnregister(p);
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail("xmprt host block", e, "cudaHostUnregister");
}

void copyAsync(void *dst, const void *src, int64_t bytes, const char *fn) {
  if (bytes <= 0)
    return;
  XMPRT_CUDA(cudaMemcpyAsync(dst, src, (size_t)bytes, cudaMemcpyDefault,
                             theStream(fn)),
             fn);
}

void copy2DAsync(void *dst, int64_t dpitch, const void *src, int64_t spitch,
                 int64_t width, int64_t rows, const char *fn) {
  if (width <= 0 || rows <= 0)
    return;
  if (rows == 1) {
    copyAsync(dst, src, width, fn);
    return;
  }
  if (dpitch <= INT_MAX && spitch <= INT_MAX) {
    XMPRT_CUDA(cudaMemcpy2DAsync(dst, (size_t)dpitch, src, (size_t)spitch,
                                 (size_t)width, (size_t)rows,
                                 cudaMemcpyDefault, theStream(fn)),
               fn);
    return;
  }
  // Pitches beyond what the copy engines take (> 2 GiB rows): row by row.
  for (int64_t k = 0; k < rows; ++k)
    copyAsync(static_cast<char *>(dst) + k * dpitch,
              static_cast<const char *>(src) + k * spitch, width, fn);
}

void gatherScatterAsync(void *dst, const int64_t *dstOff, const void *src,
                        const int64_t *srcOff, int64_t n, int64_t esize,
                        const char *fn) {
  if (n <= 0)
    return;
  XMPRT_CUDA(gpu::launchGatherScatter(static_cast<char *>(dst), dstOff,
                                      static_cast<const char *>(src), srcOff,
                                      n, esize, theStream(fn)),
             fn);
}

bool isDevicePointer(const void *p) {
  if (!p || !initialized())
    return false;
  cudaPointerAttributes at;
  if (cudaPointerGetAttributes(&at, p) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return at.type == cudaMemoryTypeDevice || at.type == cudaMemoryTypeManaged;
}

MemorySpace &deviceMemory() {
  static DeviceMemory m;
  return m;
}

void ipcExport(void *base, IpcHandle &h, const char *fn) {
  ensureDevice(fn);
  cudaIpcMemHandle_t m;
  XMPRT_CUDA(cudaIpcGetMemHandle(&m, base), fn);
  static_assert(sizeof(m) == sizeof(h.bytes), "CUDA IPC handle size");
  memcpy(h.bytes, &m, sizeof m);
  h.device = deviceId();
  h.pad = 0;
}

void *ipcOpen(const IpcHandle &h, const char **why) {
  cudaIpcMemHandle_t m;
  memcpy(&m, h.bytes, sizeof m);
  void *p = nullptr;
  cudaError_t e = cudaIpcOpenMemHandle(&p, m, cudaIpcMemLazyEnablePeerAccess);
  if (e != cudaSuccess) {
    cudaGetLastError();
    if (why)
      *why = cudaGetErrorString(e);
    return nullptr;
  }
  return p;
}

void ipcClose(void *p) {
  if (p && cudaIpcCloseMemHandle(p) != cudaSuccess)
    cudaGetLastError();
}

bool kernelCanReach(int device) {
  int me = deviceId();
  if (device == me)
    return true;
  int ok = 0;
  if (cudaDeviceCanAccessPeer(&ok, me, device) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return ok != 0;
}

namespace {
using WriteValueFn = CUresult (*)(CUstream, CUdeviceptr, cuuint32_t,
                                  unsigned int);
using WaitValueFn = CUresult (*)(CUstream, CUdeviceptr, cuuint32_t,
                                 unsigned int);
struct StreamFlagOps {
  WriteValueFn write = nullptr;
  WaitValueFn wait = nullptr;
  unsigned waitFlags = CU_STREAM_WAIT_VALUE_GEQ;
  const char *why = nullptr; // when unavailable
};

const StreamFlagOps &flagOps() {
  static const StreamFlagOps ops = [] {
    StreamFlagOps o;
    if (deviceId() < 0) {
      o.why = "no GPU";
      return o;
    }
    ensureDevice("xmprt stream flags");
    // The v2 memory operations (CUDA 11.7+ drivers): the entry points by
    // the ABI version they appeared in.
    void *w = nullptr, *v = nullptr;
    cudaDriverEntryPointQueryResult q1 = cudaDriverEntryPointSymbolNotFound,
                                    q2 = cudaDriverEntryPointSymbolNotFound;
    cudaError_t e1 = cudaGetDriverEntryPointByVersion(
        "cuStreamWriteValue32", &w, 12000, cudaEnableDefault, &q1);
    cudaError_t e2 = cudaGetDriverEntryPointByVersion(
        "cuStreamWaitValue32", &v, 12000, cudaEnableDefault, &q2);
    if (e1 != cudaSuccess || e2 != cudaSuccess ||
        q1 != cudaDriverEntryPointSuccess ||
        q2 != cudaDriverEntryPointSuccess || !w || !v) {
      cudaGetLastError();
      o.why = "the driver has no cuStreamWriteValue32/cuStreamWaitValue32";
      return o;
    }
    o.write = reinterpret_cast<WriteValueFn>(w);
    o.wait = reinterpret_cast<WaitValueFn>(v);
    // Peers' copies reach my memory over NVLink/PCIe before their flag:
    // where the device can flush remote writes, the wait does so, so that
    // the kernels after it see them.
    int flush = 0;
    if (cudaDeviceGetAttribute(&flush, cudaDevAttrCanFlushRemoteWrites,
                               deviceId()) != cudaSuccess)
      cudaGetLastError(), flush = 0;
    if (flush)
      o.waitFlags |= CU_STREAM_WAIT_VALUE_FLUSH;
    return o;
  }();
  return ops;
}

[[noreturn]] void flagFail(const char *fn, CUresult r, const char *what) {
  fail(fn, "%s failed (CUresult %d)", what, (int)r);
}
} // namespace

bool streamFlagsAvailable() {
  // XMP_TCA_SYNC: auto and mpi (MPI messages), device (flags or an
  // error). MPI messages are the default: on two H200s (NVLink) they beat
  // the stream flags on every benchmark (Himeno M 0.090 -> 0.077 ms/it, L
  // 0.368 -> 0.357, Laplace 8192^2 0.408 -> 0.386; docs/runtime.md).
  switch (settings::choice("XMP_TCA_SYNC", "xmprt_reflect_init")) {
  case 1:
    if (!flagOps().write)
      fail("xmprt_reflect_init", "XMP_TCA_SYNC=device: %s", flagOps().why);
    return true;
  default:
    return false;
  }
}

void flagWrite(uint32_t *addr, uint32_t value, const char *fn) {
  CUresult r = flagOps().write((CUstream)theStream(fn), (CUdeviceptr)addr,
                               value, CU_STREAM_WRITE_VALUE_DEFAULT);
  if (r != CUDA_SUCCESS)
    flagFail(fn, r, "cuStreamWriteValue32");
}

void flagWait(uint32_t *addr, uint32_t value, const char *fn) {
  CUresult r = flagOps().wait((CUstream)theStream(fn), (CUdeviceptr)addr,
                              value, flagOps().waitFlags);
  if (r != CUDA_SUCCESS)
    flagFail(fn, r, "cuStreamWaitValue32");
}

void *timingEventCreate(const char *fn) {
  ensureDevice(fn);
  cudaEvent_t ev = nullptr;
  XMPRT_CUDA(cudaEventCreateWithFlags(&ev, cudaEventDefault), fn);
  return ev;
}

void eventRecord(void *ev, const char *fn) {
  XMPRT_CUDA(cudaEventRecord(static_cast<cudaEvent_t>(ev), theStream(fn)), fn);
}

bool eventDone(void *ev, const char *fn) {
  cudaError_t e = cudaEventQuery(static_cast<cudaEvent_t>(ev));
  if (e == cudaErrorNotReady)
    return false;
  XMPRT_CUDA(e, fn);
  return true;
}

double eventSeconds(void *start, void *stop, const char *fn) {
  XMPRT_CUDA(cudaEventSynchronize(static_cast<cudaEvent_t>(stop)), fn);
  float ms = 0;
  XMPRT_CUDA(cudaEventElapsedTime(&ms, static_cast<cudaEvent_t>(start),
                                  static_cast<cudaEvent_t>(stop)),
             fn);
  return (double)ms * 1e-3;
}

void *mappedHostAlloc(int64_t bytes, const char *fn) {
  ensureDevice(fn);
  size_t n = (size_t)((bytes + 63) / 64 * 64);
  if (n == 0)
    n = 64;
  void *p = nullptr;
  XMPRT_CUDA(cudaHostAlloc(&p, n, cudaHostAllocPortable | cudaHostAllocMapped),
             fn);
  void *dev = nullptr;
  XMPRT_CUDA(cudaHostGetDevicePointer(&dev, p, 0), fn);
  // Kernels receive the host address (a memref built on the host): with
  // unified addressing (every 64-bit platform CUDA 13 supports) the two
  // are the same.
  if (dev != p)
    fail(fn, "mapped host memory has device address %p for host address %p: "
             "unified addressing is required",
         dev, p);
  memset(p, 0, n);
  return p;
}

} // namespace gpu
} // namespace xmprt

namespace {

// Per-call-site device scratch (xmprt_gpu_scratch).
struct Scratch {
  void *p = nullptr;
  int64_t capacity = 0;
};

// GPU part timing: two events with timing, made once, on the persistent
// stream.
std::mutex gTimerMutex;
cudaEvent_t gTimerStart = nullptr, gTimerStop = nullptr;
bool gTimerRunning = false;

// Every program compiled with --gpu loads its modules from a global
// constructor, also on a rank without a GPU (where its device loops run on
// the CPU cores, xmprt_loop_weight returning 1): no module there, and a use
// of it says why.
// No GPU: the module is not loaded (NULL); the reason stays with the
// device choice, for the messages that need it. XMP_VERBOSE=1 says so once.
void *noModule(const char *fn) {
  static std::atomic<bool> said{false};
  if (envVerbose() && !said.exchange(true)) {
    fprintf(stderr,
            "xmprt: rank %d: %s: no GPU (%s): kernels not loaded, device "
            "loops run on the CPU\n",
            reportRank(), fn, gpu::noGpuReason());
    fflush(stderr);
  }
  return nullptr;
}

[[noreturn]] void noGpuForKernels(const char *fn) {
  fail(fn, "no GPU on this rank (%s): a device loop part cannot run on the "
           "GPU",
       gpu::noGpuReason());
}

} // namespace

//===----------------------------------------------------------------------===//
// C ABI: queries, and the entry points of MLIR's gpu-to-llvm lowering.
//===----------------------------------------------------------------------===//
extern "C" {

int32_t xmprt_has_gpu(void) { return gpu::deviceCount() > 0 ? 1 : 0; }

void *xmprt_gpu_stream(void) { return theStream("xmprt_gpu_stream"); }

void xmprt_gpu_wait(void) {
  // No context yet: nothing was queued (and none must be created here).
  if (gpu::initialized())
    gpu::sync("xmprt_gpu_wait");
}

int64_t xmprt_gpu_sweep_chunks(int64_t planes, int64_t blocks_per_plane,
                               int64_t threads_per_block) {
  const char *fn = "xmprt_gpu_sweep_chunks";
  if (planes <= 0 || blocks_per_plane <= 0)
    return 0;
  XMPRT_CHECK(threads_per_block >= 1 && threads_per_block <= 1024, fn,
              "%lld threads per block", (long long)threads_per_block);
  // XMP_SWEEP_CHUNK: planes per chunk (a tuning knob).
  static const int64_t fixed = [fn] {
    std::optional<int64_t> v = settings::integer("XMP_SWEEP_CHUNK", fn);
    return v ? *v : (int64_t)0;
  }();
  int64_t chunks;
  if (fixed) {
    chunks = (planes + fixed - 1) / fixed;
  } else {
    // About two waves of blocks at full occupancy.
    static const int sms = [fn] {
      gpu::ensureDevice(fn);
      int v = 0;
      XMPRT_CUDA(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount,
                                        gpu::deviceId()),
                 fn);
      return std::max(v, 1);
    }();
    int64_t target = 2 * (int64_t)sms * std::max<int64_t>(1, 2048 / threads_per_block);
    chunks = (target + blocks_per_plane - 1) / blocks_per_plane;
  }
  return std::max<int64_t>(1, std::min<int64_t>({chunks, planes, 65535}));
}

void *xmprt_gpu_scratch(void **cell, int64_t bytes) {
  const char *fn = "xmprt_gpu_scratch";
  XMPRT_CHECK(cell, fn, "cell is NULL");
  XMPRT_CHECK(bytes >= 0, fn, "negative size %lld", (long long)bytes);
  auto *s = static_cast<Scratch *>(*cell);
  if (!s)
    *cell = s = new Scratch();
  if (bytes <= s->capacity)
    return s->p;
  // Grown in stream order: kernels queued before still use the old buffer,
  // which the pool reuses once they are done.
  gpu::HostSpan span(fn);
  cudaStream_t st = theStream(fn);
  if (s->p)
    XMPRT_CUDA(cudaFreeAsync(s->p, st), fn);
  int64_t cap = std::max<int64_t>(bytes, 2 * s->capacity);
  cap = std::max<int64_t>(cap, 256);
  XMPRT_CUDA(cudaMallocAsync(&s->p, (size_t)cap, st), fn);
  // Zeroed: a kernel's block counter starts at 0 (and is left at 0).
  XMPRT_CUDA(cudaMemsetAsync(s->p, 0, (size_t)cap, st), fn);
  s->capacity = cap;
  return s->p;
}

void xmprt_gpu_timer_start(void) {
  const char *fn = "xmprt_gpu_timer_start";
  cudaStream_t st = theStream(fn); // aborts without a GPU
  std::lock_guard<std::mutex> g(gTimerMutex);
  if (!gTimerStart) {
    XMPRT_CUDA(cudaEventCreateWithFlags(&gTimerStart, cudaEventDefault), fn);
    XMPRT_CUDA(cudaEventCreateWithFlags(&gTimerStop, cudaEventDefault), fn);
  }
  XMPRT_CUDA(cudaEventRecord(gTimerStart, st), fn);
  gTimerRunning = true;
}

double xmprt_gpu_timer_stop(void) {
  const char *fn = "xmprt_gpu_timer_stop";
  cudaStream_t st = theStream(fn);
  std::lock_guard<std::mutex> g(gTimerMutex);
  XMPRT_CHECK(gTimerRunning, fn,
              "the timer is not running (no xmprt_gpu_timer_start)");
  gTimerRunning = false;
  XMPRT_CUDA(cudaEventRecord(gTimerStop, st), fn);
  XMPRT_CUDA(cudaEventSynchronize(gTimerStop), fn);
  float ms = 0;
  XMPRT_CUDA(cudaEventElapsedTime(&ms, gTimerStart, gTimerStop), fn);
  return (double)ms * 1e-3;
}

// CUDA loads kernels lazily by default: each at its first launch, which
// lands in a program's first time step (for the generated module and for
// libxmprt's own pack/unpack kernels alike). libxmprt asks the driver for
// eager loading before CUDA starts (a shared library's constructors run
// before the program's), unless the user chose otherwise.
__attribute__((constructor)) static void eagerModuleLoading() {
  setenv("CUDA_MODULE_LOADING", "EAGER", /*overwrite=*/0);
}

// Loads every kernel of `lib` onto the device now. Under CUDA's lazy
// module loading (the default since CUDA 12.2) a kernel is loaded at its
// first launch, which costs milliseconds inside the program's first time
// step, where the program times itself (Himeno M: 8.4 ms before the first
// launch). Generated programs load their module at start-up, outside any
// timed region, so that is where the loading belongs.
static void preloadKernels(cudaLibrary_t lib, const char *fn) {
  unsigned count = 0;
  XMPRT_CUDA(cudaLibraryGetKernelCount(&count, lib), fn);
  std::vector<cudaKernel_t> kernels(count);
  if (count)
    XMPRT_CUDA(cudaLibraryEnumerateKernels(kernels.data(), count, lib), fn);
  for (cudaKernel_t k : kernels) {
    cudaFuncAttributes attrs;
    XMPRT_CUDA(cudaFuncGetAttributes(&attrs, (const void *)k), fn);
  }
}

void *mgpuModuleLoad(void *data, uint64_t size) {
  const char *fn = "mgpuModuleLoad";
  (void)size; // fatbins and cubins carry their own size
  if (gpu::deviceId() < 0)
    return noModule(fn);
  gpu::ensureDevice(fn);
  gpu::HostSpan span(fn);
  cudaLibrary_t lib = nullptr;
  XMPRT_CUDA(cudaLibraryLoadData(&lib, data, nullptr, nullptr, 0, nullptr,
                                 nullptr, 0),
             fn);
  preloadKernels(lib, fn);
  return lib;
}

void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  const char *fn = "mgpuModuleLoadJIT";
  if (gpu::deviceId() < 0)
    return noModule(fn);
  gpu::ensureDevice(fn);
  cudaLibrary_t lib = nullptr;
  cudaJitOption opt[] = {cudaJitOptimizationLevel};
  void *val[] = {(void *)(intptr_t)optLevel};
  XMPRT_CUDA(cudaLibraryLoadData(&lib, data, opt, val, 1, nullptr, nullptr, 0),
             fn);
  preloadKernels(lib, fn);
  return lib;
}

void mgpuModuleUnload(void *module) {
  if (!module)
    return;
  currentQuietly();
  cudaError_t e = cudaLibraryUnload(static_cast<cudaLibrary_t>(module));
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail("mgpuModuleUnload", e, "cudaLibraryUnload");
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  const char *fn = "mgpuModuleGetFunction";
  if (!module && gpu::deviceId() < 0)
    noGpuForKernels(fn);
  XMPRT_CHECK(module && name, fn, "module or kernel name is NULL");
  gpu::ensureDevice(fn);
  std::lock_guard<std::mutex> g(gKernelMu);
  auto key = std::make_pair(module, name);
  auto it = gKernelCache.find(key);
  if (it != gKernelCache.end())
    return (void *)it->second;
  gpu::HostSpan span(fn);
  cudaKernel_t k = nullptr;
  cudaError_t e =
      cudaLibraryGetKernel(&k, static_cast<cudaLibrary_t>(module), name);
  if (e != cudaSuccess)
    fail(fn, "kernel '%s': %s", name, cudaGetErrorString(e));
  gKernelCache.emplace(key, k);
  gKernelNames.emplace((void *)k, name);
  return (void *)k;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, uint64_t paramsCount) {
  const char *fn = "mgpuLaunchKernel";
  (void)paramsCount;
  if (!function && gpu::deviceId() < 0)
    noGpuForKernels(fn);
  XMPRT_CHECK(function, fn, "kernel is NULL");
  XMPRT_CHECK(!extra, fn, "the 'extra' launch parameters are not supported");
  // An empty grid is an empty iteration space (a rank owning nothing).
  if (gridX <= 0 || gridY <= 0 || gridZ <= 0 || blockX <= 0 || blockY <= 0 ||
      blockZ <= 0)
    return;
  XMPRT_CHECK(gridX <= UINT_MAX && gridY <= UINT_MAX && gridZ <= UINT_MAX &&
                  blockX <= UINT_MAX && blockY <= UINT_MAX &&
                  blockZ <= UINT_MAX && smem >= 0,
              fn, "launch configuration out of range");
  gpu::ensureDevice(fn);
  const void *f = function;
  if (smem > 48 * 1024)
    XMPRT_CUDA(cudaFuncSetAttribute(
                   f, cudaFuncAttributeMaxDynamicSharedMemorySize, smem),
               fn);
  Timeline *t = Timeline::get();
  size_t ti = 0;
  if (t) {
    std::lock_guard<std::mutex> g(gKernelMu);
    auto it = gKernelNames.find(function);
    ti = t->begin(it == gKernelNames.end() ? "kernel" : it->second.c_str(),
                  asStream(stream));
  }
  XMPRT_CUDA(cudaLaunchKernel(f,
                              dim3((unsigned)gridX, (unsigned)gridY,
                                   (unsigned)gridZ),
                              dim3((unsigned)blockX, (unsigned)blockY,
                                   (unsigned)blockZ),
                              params, (size_t)smem, asStream(stream)),
             fn);
  if (t)
    t->end(ti, asStream(stream));
}

// gpu-to-llvm creates and destroys a stream around every launch: hand out
// the one persistent stream instead (and never destroy it).
void *mgpuStreamCreate(void) { return theStream("mgpuStreamCreate"); }

void mgpuStreamDestroy(void *stream) {
  if (!stream || stream == gStream.load(std::memory_order_acquire))
    return;
  currentQuietly();
  cudaError_t e = cudaStreamDestroy(asStream(stream));
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail("mgpuStreamDestroy", e, "cudaStreamDestroy");
}

void mgpuStreamSynchronize(void *stream) {
  gpu::ensureDevice("mgpuStreamSynchronize");
  XMPRT_CUDA(cudaStreamSynchronize(asStream(stream)), "mgpuStreamSynchronize");
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  gpu::ensureDevice("mgpuStreamWaitEvent");
  XMPRT_CUDA(cudaStreamWaitEvent(asStream(stream),
                                 static_cast<cudaEvent_t>(event), 0),
             "mgpuStreamWaitEvent");
}

void *mgpuEventCreate(void) {
  gpu::ensureDevice("mgpuEventCreate");
  cudaEvent_t ev = nullptr;
  XMPRT_CUDA(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming),
             "mgpuEventCreate");
  return ev;
}

void mgpuEventDestroy(void *event) {
  if (!event)
    return;
  currentQuietly();
  cudaError_t e = cudaEventDestroy(static_cast<cudaEvent_t>(event));
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail("mgpuEventDestroy", e, "cudaEventDestroy");
}

void mgpuEventSynchronize(void *event) {
  gpu::ensureDevice("mgpuEventSynchronize");
  XMPRT_CUDA(cudaEventSynchronize(static_cast<cudaEvent_t>(event)),
             "mgpuEventSynchronize");
}

void mgpuEventRecord(void *event, void *stream) {
  gpu::ensureDevice("mgpuEventRecord");
  XMPRT_CUDA(cudaEventRecord(static_cast<cudaEvent_t>(event),
                             asStream(stream)),
             "mgpuEventRecord");
}

void *mgpuMemAlloc(uint64_t bytes, void *stream, bool isHostShared) {
  const char *fn = "mgpuMemAlloc";
  XMPRT_CHECK(!isHostShared, fn,
              "host-shared (managed) allocations are not supported; use "
              "device memory and explicit copies");
  gpu::ensureDevice(fn);
  if (bytes == 0)
    return nullptr;
  void *p = nullptr;
  XMPRT_CUDA(cudaMallocAsync(&p, (size_t)bytes, asStream(stream)), fn);
  return p;
}

void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr)
    return;
  currentQuietly();
  cudaError_t e = cudaFreeAsync(ptr, asStream(stream));
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail("mgpuMemFree", e, "cudaFreeAsync");
}

void mgpuMemcpy(void *dst, void *src, uint64_t bytes, void *stream) {
  const char *fn = "mgpuMemcpy";
  if (bytes == 0)
    return;
  gpu::ensureDevice(fn);
  XMPRT_CUDA(cudaMemcpyAsync(dst, src, (size_t)bytes, cudaMemcpyDefault,
                             asStream(stream)),
             fn);
}

void mgpuMemset32(void *dst, uint32_t value, uint64_t count, void *stream) {
  const char *fn = "mgpuMemset32";
  if (count == 0)
    return;
  gpu::ensureDevice(fn);
  uint32_t b = value & 0xff;
  if (value == b * 0x01010101u)
    XMPRT_CUDA(cudaMemsetAsync(dst, (int)b, (size_t)count * 4,
                               asStream(stream)),
               fn);
  else
    XMPRT_CUDA(gpu::launchFill32(static_cast<uint32_t *>(dst), value,
                                 (int64_t)count, asStream(stream)),
               fn);
}

void mgpuMemset16(void *dst, uint16_t value, uint64_t count, void *stream) {
  const char *fn = "mgpuMemset16";
  if (count == 0)
    return;
  gpu::ensureDevice(fn);
  uint16_t b = value & 0xff;
  if (value == (uint16_t)(b * 0x0101u))
    XMPRT_CUDA(cudaMemsetAsync(dst, (int)b, (size_t)count * 2,
                               asStream(stream)),
               fn);
  else
    XMPRT_CUDA(gpu::launchFill16(static_cast<uint16_t *>(dst), value,
                                 (int64_t)count, asStream(stream)),
               fn);
}

void mgpuSetDefaultDevice(int32_t device) { gRequestedDevice = device; }

void mgpuMemHostRegister(void *ptr, uint64_t bytes) {
  const char *fn = "mgpuMemHostRegister";
  if (!ptr || bytes == 0)
    return;
  gpu::ensureDevice(fn);
  XMPRT_CUDA(cudaHostRegister(ptr, (size_t)bytes, cudaHostRegisterPortable),
             fn);
}

void mgpuMemHostUnregister(void *ptr) {
  if (!ptr)
    return;
  currentQuietly();
  cudaError_t e = cudaHostUnregister(ptr);
  if (e != cudaSuccess && !tearingDown(e))
    cudaFail("mgpuMemHostUnregister", e, "cudaHostUnregister");
}

// Ranked memref descriptor {allocated, aligned, offset, sizes[rank],
// strides[rank]} of a dense memref.
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes) {
  XMPRT_CHECK(descriptor && rank >= 0, "mgpuMemHostRegisterMemRef",
              "bad memref descriptor");
  auto *d = static_cast<int64_t *>(descriptor);
  char *aligned = reinterpret_cast<char *>(d[1]);
  int64_t n = elementSizeBytes;
  for (int64_t i = 0; i < rank; ++i)
    n *= d[3 + i];
  mgpuMemHostRegister(aligned + d[2] * elementSizeBytes, (uint64_t)n);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes) {
  (void)rank;
  XMPRT_CHECK(descriptor, "mgpuMemHostUnregisterMemRef",
              "bad memref descriptor");
  auto *d = static_cast<int64_t *>(descriptor);
  char *aligned = reinterpret_cast<char *>(d[1]);
  mgpuMemHostUnregister(aligned + d[2] * elementSizeBytes);
}

} // extern "C"
