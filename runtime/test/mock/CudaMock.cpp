//===- CudaMock.cpp - a CUDA runtime on host memory, for GPU-less CI ------===//
//
// Implements the CUDA runtime API calls libxmprt uses (and the launchers of
// GpuKernels.h) on the host, so that the device paths of the runtime (device
// instances, validity, device reflect on every channel, CUDA IPC, rebinding)
// run under mpirun on a machine without a GPU. Linked into a separate test
// copy of libxmprt (xmprt_mockgpu), never into libxmprt itself.
//
// The model is strict about asynchrony: work queued on a stream (kernels,
// copies between device and pinned memory, memsets) runs only when the
// stream is synchronized, so a missing synchronization in the runtime shows
// up as wrong data. The exception is a stream holding a stream-flag
// operation (cuStreamWriteValue32 / cuStreamWaitValue32): it depends on
// other processes, and a progress thread runs it as a GPU would. Copies from or to pageable host memory run at once after
// the stream's earlier work, as CUDA does. "Device" memory is POSIX shared
// memory, so cudaIpcGetMemHandle/cudaIpcOpenMemHandle work between the
// ranks' processes (and fail inside one process, as in CUDA). Its names
// are unique to the process, not only to its pid (see ownPrefix), and the
// names a process still holds go when it exits, as its device memory goes
// in CUDA.
//
// Events complete when the work queued before them has run (at once on an
// idle stream) and take the time then, so cudaEventElapsedTime measures
// what CUDA's would (events made with cudaEventDisableTiming refuse it).
// 2-D copies take host memory on one side as cudaMemcpy2DAsync does
// (pageable: at once after the stream's earlier work).
//
// Environment: XMPRT_MOCK_DEVICES (default 1), XMPRT_MOCK_IPC_FAIL=1 (every
// cudaIpcOpenMemHandle fails: the IB fallback), XMPRT_MOCK_IPC_FAIL_RANK=r
// (only world rank r cannot map its peers: pairs with r fall back to IB on
// both sides), XMPRT_MOCK_NO_GPU=1, XMPRT_MOCK_NCCL=none (the runtime finds
// no NCCL; otherwise it loads the mocked one, NcclMock.cpp).
// Devices have UUIDs and PCI bus ids (device d of a host: bus d + 1), so
// that ranks on one mocked device are told apart from ranks on two.
// Kernel modules cannot be run: cudaLibraryLoadData fails.
//===----------------------------------------------------------------------===//
#include "../../lib/BoxAdd.h"
#include "../../lib/GpuKernels.h"

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <time.h>
#include <utility>
#include <vector>

namespace {

struct Alloc {
  size_t size;
  std::string shm; // device memory: shm name; empty: pinned host
  bool mapped;     // opened through IPC
};

std::recursive_mutex gMu;
std::map<char *, Alloc> &allocs() {
  static std::map<char *, Alloc> m;
  return m;
}
std::map<void *, std::vector<std::function<void()>>> &queues() {
  static std::map<void *, std::vector<std::function<void()>>> q;
  return q;
}
thread_local cudaError_t tLast = cudaSuccess;
int gDevice = 0;

cudaError_t ret(cudaError_t e) {
  if (e != cudaSuccess)
    tLast = e;
  return e;
}

int envInt(const char *n, int dflt) {
  const char *v = getenv(n);
  return v && *v ? atoi(v) : dflt;
}

// The prefix of this process's shared-memory names:
// "/xmprt_mock_<pid>_<random>_". /dev/shm outlives processes: one that ends
// without freeing its device memory (CUDA frees it at exit; the names are
// unlinked then, see unlinkOwnAtExit) or is killed (an MPI_Abort: nothing
// runs) leaves its names behind, and pids are reused. With the pid alone a
// later process with the same pid would meet those names: cudaMalloc's
// O_EXCL fails and reads "out of memory" (a rare failure of whichever test
// got the pid). The random part makes the names this process's own.
const std::string &ownPrefix() {
  static std::string prefix;
  static pid_t owner = -1;
  pid_t pid = getpid();
  if (owner != pid) { // first use, or a child forked after it
    uint64_t token = 0;
    if (getrandom(&token, sizeof token, 0) != (ssize_t)sizeof token) {
      timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      token = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    }
    char b[64];
    snprintf(b, sizeof b, "/xmprt_mock_%d_%012llx_", (int)pid,
             (unsigned long long)(token & 0xffffffffffffull));
    prefix = b;
    owner = pid;
  }
  return prefix;
}

// The allocation containing p, or nullptr.
const Alloc *findAlloc(const void *p, char **base = nullptr) {
  auto &m = allocs();
  auto it = m.upper_bound((char *)p);
  if (it == m.begin())
    return nullptr;
  --it;
  if ((const char *)p >= it->first + it->second.size)
    return nullptr;
  if (base)
    *base = it->first;
  return &it->second;
}
bool isDevice(const void *p) {
  const Alloc *a = findAlloc(p);
  return a && !a->shm.empty();
}
bool isPinned(const void *p) {
  const Alloc *a = findAlloc(p);
  return a && a->shm.empty();
}

// Streams with a queued stream-flag operation (count per stream).
std::map<void *, int> &flagQueued() {
  static std::map<void *, int> m;
  return m;
}

void flush(void *s) {
  std::vector<std::function<void()>> work;
  work.swap(queues()[s]);
  flagQueued()[s] = 0;
  for (auto &w : work)
    w();
}
void flushAll() {
  for (auto &kv : queues())
    flush(kv.first);
}
void enqueue(void *s, std::function<void()> f) { queues()[s].push_back(f); }

bool noGpu() { return envInt("XMPRT_MOCK_NO_GPU", 0) != 0; }

// At exit the device memory of a CUDA process is gone: unlink the names of
// what this process allocated and did not free (its mappings stay valid
// until the process ends; a later cudaFree from a global destructor still
// works). Peers map these names only inside a collective exchange with this
// process (reflect binding), never after it ended. Not reached when the
// process is killed: those names stay, and ownPrefix keeps them apart.
void unlinkOwnAtExit() {
  std::unique_lock<std::recursive_mutex> l(gMu, std::try_to_lock);
  if (!l.owns_lock()) // another thread stopped inside the mock: leave them
    return;
  for (auto &kv : allocs())
    if (!kv.second.shm.empty() && !kv.second.mapped)
      shm_unlink(kv.second.shm.c_str());
}

} // namespace

extern "C" {

const char *cudaGetErrorString(cudaError_t e) {
  switch (e) {
  case cudaSuccess:
    return "no error (mock)";
  case cudaErrorNoDevice:
    return "no CUDA-capable device is detected (mock)";
  case cudaErrorInvalidValue:
    return "invalid argument (mock)";
  case cudaErrorMemoryAllocation:
    return "out of memory (mock)";
  case cudaErrorInvalidResourceHandle:
    return "invalid resource handle (mock)";
  case cudaErrorMapBufferObjectFailed:
    return "mapping of buffer object failed (mock)";
  case cudaErrorNotSupported:
    return "operation not supported (mock)";
  default:
    return "mock CUDA error";
  }
}

cudaError_t cudaGetLastError(void) {
  cudaError_t e = tLast;
  tLast = cudaSuccess;
  return e;
}

cudaError_t cudaGetDeviceCount(int *count) {
  if (noGpu()) {
    *count = 0;
    return ret(cudaErrorNoDevice);
  }
  *count = envInt("XMPRT_MOCK_DEVICES", 1);
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) {
  memset(prop, 0, sizeof *prop);
  snprintf(prop->name, sizeof prop->name, "mock device %d", device);
  // UUID: "xmprtmock", the host's id, the device.
  char uuid[16] = "xmprtmock";
  uint32_t host = (uint32_t)gethostid();
  memcpy(uuid + 10, &host, 4);
  uuid[14] = (char)device;
  static_assert(sizeof prop->uuid == sizeof uuid, "CUDA UUID size");
  memcpy(&prop->uuid, uuid, sizeof uuid);
  prop->pciBusID = device + 1;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int) {
  *value = attr == cudaDevAttrMultiProcessorCount ? 4 : 0;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
  int n = 0;
  cudaGetDeviceCount(&n);
  if (device < 0 || device >= n)
    return ret(cudaErrorInvalidValue);
  gDevice = device;
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int) {
  *s = (cudaStream_t) new char;
  std::lock_guard<std::recursive_mutex> l(gMu);
  queues()[*s];
  return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  flush(s);
  queues().erase(s);
  flagQueued().erase(s);
  delete (char *)s;
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  flush(s);
  return cudaSuccess;
}

cudaError_t cudaMalloc(void **p, size_t size) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  static std::atomic<int> counter{0};
  // (the map first: its destructor must run after the handler)
  static bool atExit = (allocs(), atexit(unlinkOwnAtExit), true);
  (void)atExit;
  std::string name = ownPrefix() + std::to_string(counter++);
  int fd = shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
  if (fd < 0)
    return ret(cudaErrorMemoryAllocation);
  if (ftruncate(fd, (off_t)size) != 0) {
    close(fd);
    shm_unlink(name.c_str());
    return ret(cudaErrorMemoryAllocation);
  }
  void *m = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (m == MAP_FAILED) {
    shm_unlink(name.c_str());
    return ret(cudaErrorMemoryAllocation);
  }
  // Fresh device memory is garbage in CUDA: make it so here too.
  memset(m, 0xA5, size);
  allocs()[(char *)m] = {size, name, false};
  *p = m;
  return cudaSuccess;
}

cudaError_t cudaFree(void *p) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  flushAll(); // cudaFree synchronizes the device
  auto it = allocs().find((char *)p);
  if (it == allocs().end() || it->second.shm.empty() || it->second.mapped)
    return ret(cudaErrorInvalidValue);
  munmap(p, it->second.size);
  shm_unlink(it->second.shm.c_str());
  allocs().erase(it);
  return cudaSuccess;
}

cudaError_t cudaMallocAsync(void **p, size_t size, cudaStream_t) {
  return cudaMalloc(p, size);
}

// The pool exists only so that the runtime can tune it; the mock's
// allocations do not go through it.
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int) {
  static int dummy;
  *pool = reinterpret_cast<cudaMemPool_t>(&dummy);
  return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t, cudaMemPoolAttr, void *) {
  return cudaSuccess;
}

cudaError_t cudaFreeAsync(void *p, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  flush(s);
  return cudaFree(p);
}

cudaError_t cudaHostAlloc(void **p, size_t size, unsigned int) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  void *m = aligned_alloc(64, (size + 63) / 64 * 64);
  if (!m)
    return ret(cudaErrorMemoryAllocation);
  allocs()[(char *)m] = {size, "", false};
  *p = m;
  return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned int) {
  *dev = host; // unified addressing
  return cudaSuccess;
}

cudaError_t cudaFreeHost(void *p) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  flushAll();
  auto it = allocs().find((char *)p);
  if (it == allocs().end() || !it->second.shm.empty())
    return ret(cudaErrorInvalidValue);
  allocs().erase(it);
  free(p);
  return cudaSuccess;
}

// Registered host ranges (start -> end), as CUDA checks them: a range
// overlapping a registered one is refused, unregistering an unknown start
// is an error.
static std::map<uintptr_t, uintptr_t> &hostRanges() {
  static std::map<uintptr_t, uintptr_t> m;
  return m;
}
/* Test hook: how many host ranges are registered now. */
long xmprt_mock_host_registered(void) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  return (long)hostRanges().size();
}
cudaError_t cudaHostRegister(void *p, size_t n, unsigned int) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  uintptr_t lo = (uintptr_t)p, hi = lo + n;
  for (auto &r : hostRanges())
    if (lo < r.second && r.first < hi)
      return cudaErrorHostMemoryAlreadyRegistered;
  hostRanges()[lo] = hi;
  return cudaSuccess;
}
cudaError_t cudaHostUnregister(void *p) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (!hostRanges().erase((uintptr_t)p))
    return cudaErrorHostMemoryNotRegistered;
  return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n,
                            enum cudaMemcpyKind, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  bool devOrPinned = (isDevice(dst) || isPinned(dst)) &&
                     (isDevice(src) || isPinned(src));
  if (!isDevice(dst) && !isDevice(src) && !(isPinned(dst) && isPinned(src)))
    return ret(cudaErrorInvalidValue); // host to host: not what we use
  if (devOrPinned) {
    enqueue(s, [=] { memmove(dst, src, n); });
  } else { // pageable host memory on one side: synchronous
    flush(s);
    memmove(dst, src, n);
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (width > dpitch || width > spitch)
    return ret(cudaErrorInvalidValue);
  if (!isDevice(dst) && !isDevice(src))
    return ret(cudaErrorInvalidValue); // host to host: not what we use
  // Every row must lie inside one allocation on the device side.
  for (auto [p, pitch] : {std::pair<const void *, size_t>{dst, dpitch},
                          std::pair<const void *, size_t>{src, spitch}}) {
    char *base = nullptr;
    const Alloc *a = findAlloc(p, &base);
    if (a && height > 0 &&
        (const char *)p + (height - 1) * pitch + width > base + a->size)
      return ret(cudaErrorInvalidValue);
  }
  auto rows = [=] {
    for (size_t k = 0; k < height; ++k)
      memmove((char *)dst + k * dpitch, (const char *)src + k * spitch, width);
  };
  bool devOrPinned = (isDevice(dst) || isPinned(dst)) &&
                     (isDevice(src) || isPinned(src));
  if (devOrPinned) {
    enqueue(s, rows);
  } else { // pageable host memory on one side: synchronous, as in CUDA
    flush(s);
    rows();
  }
  return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (!isDevice(p))
    return ret(cudaErrorInvalidValue);
  enqueue(s, [=] { memset(p, v, n); });
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *at,
                                     const void *p) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  memset(at, 0, sizeof *at);
  at->type = isDevice(p)   ? cudaMemoryTypeDevice
             : isPinned(p) ? cudaMemoryTypeHost
                           : cudaMemoryTypeUnregistered;
  at->device = gDevice;
  return cudaSuccess;
}

cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *h, void *p) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  auto it = allocs().find((char *)p);
  if (it == allocs().end() || it->second.shm.empty() || it->second.mapped)
    return ret(cudaErrorInvalidValue);
  memset(h, 0, sizeof *h);
  int len = snprintf(h->reserved, sizeof h->reserved, "%s %zu",
                     it->second.shm.c_str(), it->second.size);
  if (len < 0 || len >= (int)sizeof h->reserved) // a truncated name: refuse
    return ret(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaIpcOpenMemHandle(void **p, cudaIpcMemHandle_t h,
                                 unsigned int) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (envInt("XMPRT_MOCK_IPC_FAIL", 0) ||
      envInt("XMPRT_MOCK_IPC_FAIL_RANK", -1) ==
          envInt("OMPI_COMM_WORLD_RANK", -2))
    return ret(cudaErrorMapBufferObjectFailed);
  char name[64];
  size_t size = 0;
  if (sscanf(h.reserved, "%63s %zu", name, &size) != 2)
    return ret(cudaErrorInvalidValue);
  if (std::string(name).rfind(ownPrefix(), 0) == 0) // own process: CUDA refuses
    return ret(cudaErrorDeviceUninitialized);
  int fd = shm_open(name, O_RDWR, 0600);
  if (fd < 0)
    return ret(cudaErrorMapBufferObjectFailed);
  void *m = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (m == MAP_FAILED)
    return ret(cudaErrorMapBufferObjectFailed);
  allocs()[(char *)m] = {size, name, true};
  *p = m;
  return cudaSuccess;
}

cudaError_t cudaIpcCloseMemHandle(void *p) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  flushAll();
  auto it = allocs().find((char *)p);
  if (it == allocs().end() || !it->second.mapped)
    return ret(cudaErrorInvalidValue);
  munmap(p, it->second.size);
  allocs().erase(it);
  return cudaSuccess;
}

// Stream memory operations (the runtime reaches them through the driver
// entry point): queued like every other stream operation. A wait spins on
// the word, which a peer process writes through its IPC mapping when its
// own stream is synchronized; a wait that is not satisfied within
// XMPRT_MOCK_FLAG_TIMEOUT seconds (default 60) aborts naming the address,
// so a protocol bug shows up as an error, not a hang.
// XMPRT_MOCK_NO_FLAGS=1: the entry points are not found (the runtime falls
// back to MPI signalling).
// A stream that holds a flag operation depends on other processes, whose
// streams run on their own in CUDA: a process that never synchronizes would
// otherwise hold back its peers forever. Such streams are run by a
// progress thread (started at the first flag operation) every 200 us; the
// other streams keep running only when synchronized.
std::atomic<bool> gProgressStop{false};
void stopProgress() {
  gProgressStop = true;
  std::lock_guard<std::recursive_mutex> l(gMu); // not in the middle of a run
}
void flagEnqueued(void *s) {
  ++flagQueued()[s];
  static bool started = [] {
    atexit(stopProgress);
    std::thread([] {
      while (!gProgressStop) {
        usleep(200);
        if (gProgressStop)
          return;
        std::lock_guard<std::recursive_mutex> l(gMu);
        if (gProgressStop)
          return;
        std::vector<void *> ready;
        for (auto &kv : flagQueued())
          if (kv.second)
            ready.push_back(kv.first);
        for (void *q : ready)
          flush(q);
      }
    }).detach();
    return true;
  }();
  (void)started;
}

CUresult mockWriteValue32(CUstream s, CUdeviceptr addr, cuuint32_t v,
                          unsigned int) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  auto *w = (uint32_t *)(uintptr_t)addr;
  if (!findAlloc(w))
    return CUDA_ERROR_INVALID_VALUE;
  enqueue((void *)s, [w, v] { __atomic_store_n(w, v, __ATOMIC_SEQ_CST); });
  flagEnqueued((void *)s);
  return CUDA_SUCCESS;
}

CUresult mockWaitValue32(CUstream s, CUdeviceptr addr, cuuint32_t v,
                         unsigned int flags) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  auto *w = (uint32_t *)(uintptr_t)addr;
  if (!findAlloc(w) || (flags & 0xf) != CU_STREAM_WAIT_VALUE_GEQ)
    return CUDA_ERROR_INVALID_VALUE;
  enqueue((void *)s, [w, v] {
    double limit = envInt("XMPRT_MOCK_FLAG_TIMEOUT", 60);
    timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while ((int32_t)(__atomic_load_n(w, __ATOMIC_SEQ_CST) - v) < 0) {
      clock_gettime(CLOCK_MONOTONIC, &t);
      if ((t.tv_sec - t0.tv_sec) + 1e-9 * (t.tv_nsec - t0.tv_nsec) > limit) {
        fprintf(stderr,
                "cuda mock: rank %d: stream wait on %p for value %u timed "
                "out after %.0f s (found %u)\n",
                envInt("OMPI_COMM_WORLD_RANK", -1), (void *)w, v, limit,
                __atomic_load_n(w, __ATOMIC_SEQ_CST));
        abort();
      }
      usleep(10);
    }
  });
  flagEnqueued((void *)s);
  return CUDA_SUCCESS;
}

cudaError_t cudaGetDriverEntryPointByVersion(
    const char *symbol, void **fn, unsigned int, unsigned long long,
    enum cudaDriverEntryPointQueryResult *status) {
  *fn = nullptr;
  if (!envInt("XMPRT_MOCK_NO_FLAGS", 0)) {
    if (!strcmp(symbol, "cuStreamWriteValue32"))
      *fn = (void *)&mockWriteValue32;
    else if (!strcmp(symbol, "cuStreamWaitValue32"))
      *fn = (void *)&mockWaitValue32;
  }
  if (status)
    *status = *fn ? cudaDriverEntryPointSuccess
                  : cudaDriverEntryPointSymbolNotFound;
  return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *ok, int, int) {
  *ok = 1;
  return cudaSuccess;
}

// Kernels cannot run here. XMPRT_MOCK_KERNELS=skip accepts modules and
// launches and runs nothing, so that a generated GPU program's host side
// (runtime calls, coherence, slots, timers) can run on this mock; its
// results are then those of kernels that did nothing.
bool skipKernels() {
  const char *v = getenv("XMPRT_MOCK_KERNELS");
  return v && !strcmp(v, "skip");
}
char gDummyModule, gDummyKernel;

cudaError_t cudaLibraryLoadData(cudaLibrary_t *lib, const void *,
                                enum cudaJitOption *, void **, unsigned int,
                                enum cudaLibraryOption *, void **,
                                unsigned int) {
  if (!skipKernels())
    return ret(cudaErrorNotSupported);
  *lib = (cudaLibrary_t)&gDummyModule;
  return cudaSuccess;
}
cudaError_t cudaLibraryUnload(cudaLibrary_t) {
  return skipKernels() ? cudaSuccess : ret(cudaErrorNotSupported);
}
cudaError_t cudaLibraryGetKernel(cudaKernel_t *k, cudaLibrary_t, const char *) {
  if (!skipKernels())
    return ret(cudaErrorNotSupported);
  *k = (cudaKernel_t)&gDummyKernel;
  return cudaSuccess;
}
cudaError_t cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t) {
  if (!skipKernels())
    return ret(cudaErrorNotSupported);
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *k, unsigned int n,
                                        cudaLibrary_t) {
  if (!skipKernels())
    return ret(cudaErrorNotSupported);
  if (n >= 1)
    k[0] = (cudaKernel_t)&gDummyKernel;
  return cudaSuccess;
}
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, const void *) {
  if (!skipKernels())
    return ret(cudaErrorNotSupported);
  *a = cudaFuncAttributes{};
  return cudaSuccess;
}
cudaError_t cudaFuncSetAttribute(const void *, enum cudaFuncAttribute, int) {
  return skipKernels() ? cudaSuccess : ret(cudaErrorNotSupported);
}
cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, size_t,
                             cudaStream_t) {
  return skipKernels() ? cudaSuccess : ret(cudaErrorNotSupported);
}

// Events: an event completes when the work queued on its stream before it
// has run (at once on an idle stream); its time is taken then.
struct MockEvent {
  bool timing = true;
  bool complete = true; // never recorded counts as complete (as in CUDA)
  bool recorded = false;
  double seconds = 0;
};
double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  flushAll();
  return cudaSuccess;
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int flags) {
  auto *m = new MockEvent;
  m->timing = !(flags & cudaEventDisableTiming);
  *e = (cudaEvent_t)m;
  return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t e) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  flushAll(); // a queued record may still point at it
  delete (MockEvent *)e;
  return cudaSuccess;
}
cudaError_t cudaEventQuery(cudaEvent_t e) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  return ((MockEvent *)e)->complete ? cudaSuccess : cudaErrorNotReady;
}
static long gEventSyncs = 0;
/* Test hook: how many times the host waited for an event not yet complete. */
long xmprt_mock_event_syncs(void) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  return gEventSyncs;
}
cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (!((MockEvent *)e)->complete)
    ++gEventSyncs;
  flushAll();
  return cudaSuccess;
}
static long gEventRecords = 0;
/* Test hook: how many events were recorded so far. */
long xmprt_mock_event_records(void) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  return gEventRecords;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  ++gEventRecords;
  auto *m = (MockEvent *)e;
  m->recorded = true;
  if (queues()[s].empty()) {
    m->complete = true;
    m->seconds = now();
  } else {
    m->complete = false;
    enqueue(s, [m] {
      m->complete = true;
      m->seconds = now();
    });
  }
  return cudaSuccess;
}
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                 cudaEvent_t end) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  auto *a = (MockEvent *)start, *b = (MockEvent *)end;
  if (!a->timing || !b->timing || !a->recorded || !b->recorded)
    return ret(cudaErrorInvalidResourceHandle);
  if (!a->complete || !b->complete)
    return ret(cudaErrorNotReady);
  *ms = (float)((b->seconds - a->seconds) * 1e3);
  return cudaSuccess;
}

/* The NCCL library the runtime loads (GpuNccl.cpp's weak hook): the
 * mocked one, or with XMPRT_MOCK_NCCL=none one that does not exist. */
const char *xmprt_mock_nccl_library(void) {
  const char *v = getenv("XMPRT_MOCK_NCCL");
  if (v && !strcmp(v, "none"))
    return "libxmprt_mock_no_nccl.so.2";
#ifdef XMPRT_MOCK_NCCL_PATH
  return XMPRT_MOCK_NCCL_PATH;
#else
  return "libxmprt_mock_no_nccl.so.2";
#endif
}

/* For the mocked NCCL: queues fn(arg) on stream s, to run in stream order
 * when the stream is synchronized. */
int xmprt_mock_enqueue(cudaStream_t s, void (*fn)(void *), void *arg) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (!queues().count(s))
    return ret(cudaErrorInvalidResourceHandle);
  enqueue(s, [fn, arg] { fn(arg); });
  return cudaSuccess;
}

} // extern "C"

namespace xmprt {
namespace gpu {

// A box kernel: elemType < 0 copies the runs, else combines them with op
// (BoxAdd.h).
static cudaError_t boxKernel(char *dst, int64_t dstStride, const char *src,
                             int64_t srcStride, int64_t blockBytes,
                             int64_t nblocks, int32_t elemType, int32_t op,
                             cudaStream_t stream) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (blockBytes <= 0 || nblocks <= 0)
    return cudaSuccess;
  if (!isDevice(dst) || !isDevice(src))
    return ret(cudaErrorIllegalAddress); // a kernel touching host memory
  if (elemType >= 0 && !withCombineType(elemType, op, [](auto) {}))
    return ret(cudaErrorInvalidValue);
  enqueue(stream, [=] {
    if (elemType >= 0) {
      combineRuns(dst, dstStride, src, srcStride, blockBytes, nblocks,
                  elemType, op);
      return;
    }
    for (int64_t k = 0; k < nblocks; ++k)
      memmove(dst + k * dstStride, src + k * srcStride, (size_t)blockBytes);
  });
  return cudaSuccess;
}

cudaError_t launchBoxCopy(char *dst, int64_t dstStride, const char *src,
                          int64_t srcStride, int64_t blockBytes,
                          int64_t nblocks, cudaStream_t stream) {
  return boxKernel(dst, dstStride, src, srcStride, blockBytes, nblocks, -1, 0,
                   stream);
}

cudaError_t launchBoxAdd(char *dst, int64_t dstStride, const char *src,
                         int64_t srcStride, int64_t blockBytes, int64_t nblocks,
                         int32_t elemType, int32_t op, cudaStream_t stream) {
  return boxKernel(dst, dstStride, src, srcStride, blockBytes, nblocks,
                   elemType, op, stream);
}

cudaError_t launchGatherScatter(char *dst, const int64_t *dstOff,
                                const char *src, const int64_t *srcOff,
                                int64_t n, int64_t esize, cudaStream_t stream) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (n <= 0 || esize <= 0)
    return cudaSuccess;
  if (!isDevice(dst) || !isDevice(src) || (dstOff && !isDevice(dstOff)) ||
      (srcOff && !isDevice(srcOff)))
    return ret(cudaErrorIllegalAddress); // a kernel touching host memory
  enqueue(stream, [=] {
    for (int64_t k = 0; k < n; ++k)
      memcpy(dst + (dstOff ? dstOff[k] : k * esize),
             src + (srcOff ? srcOff[k] : k * esize), (size_t)esize);
  });
  return cudaSuccess;
}

template <typename T>
static cudaError_t fill(T *dst, T v, int64_t n, cudaStream_t s) {
  std::lock_guard<std::recursive_mutex> l(gMu);
  if (!isDevice(dst))
    return ret(cudaErrorIllegalAddress);
  enqueue(s, [=] {
    for (int64_t i = 0; i < n; ++i)
      dst[i] = v;
  });
  return cudaSuccess;
}
cudaError_t launchFill16(uint16_t *dst, uint16_t value, int64_t count,
                         cudaStream_t stream) {
  return fill(dst, value, count, stream);
}
cudaError_t launchFill32(uint32_t *dst, uint32_t value, int64_t count,
                         cudaStream_t stream) {
  return fill(dst, value, count, stream);
}

} // namespace gpu
} // namespace xmprt
