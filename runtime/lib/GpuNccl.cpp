//===- GpuNccl.cpp - NCCL for device collectives (CUDA build) -------------===//
//
// libnccl.so.2 is opened at run time (dlopen + dlsym) the first time a
// device collective may use it: libxmprt has no link-time dependency on
// NCCL, loads where NCCL is not installed, and then keeps device
// collectives staged through host memory. This file is compiled against
// nccl.h (types and prototypes only) when CMake finds it
// (XMPRT_HAVE_NCCL_H); without it the NCCL code is compiled out and every
// communicator says "built without nccl.h".
//
// One NCCL communicator per MPI communicator that device collectives run
// on (a grid's or one of its axes', which persist until the grid is
// destroyed), made collectively at its first device collective that may
// use NCCL, with the decision cached (the same on every rank, so that no
// rank takes NCCL while another stages: that would hang):
//   1. every rank's GPU (UUID, PCI bus id) and whether it could load
//      libnccl, gathered over MPI (NCCL refuses two ranks on one GPU);
//   2. rank 0's ncclGetUniqueId, MPI_Bcast on the communicator;
//   3. ncclCommInitRank on every rank, the outcome agreed with
//      MPI_Allreduce (ranks whose initialization succeeded abort theirs
//      when another's failed).
// Communicators are destroyed in creation order (NCCL needs the same
// order on every rank) when their grid is destroyed, at xmprt_finalize, or
// inside MPI_Finalize for programs that finalize MPI themselves.
//
// The mocked CUDA runtime (runtime/test/mock) names the library to load
// through the weak hook xmprt_mock_nccl_library: a mocked NCCL (MPI on the
// mock's host-memory "device" buffers, runtime/test/mock/NcclMock.cpp), or
// a name that does not exist. libxmprt itself never defines it.
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"

#include <cuda_runtime_api.h>
#include <dlfcn.h>
#ifdef XMPRT_HAVE_NCCL_H
#include <nccl.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

extern "C" const char *xmprt_mock_nccl_library(void) __attribute__((weak));

using namespace xmprt;

namespace xmprt {
namespace gpu {

struct NcclComm {
  MPI_Comm mpi = MPI_COMM_NULL;
  void *comm = nullptr; // ncclComm_t; nullptr: staged
  int rank = 0, size = 1;
  std::string why; // the decision as XMP_VERBOSE prints it
};

struct NcclStarted {
  void *buf = nullptr, *scratch = nullptr;
  int64_t bytes = 0;
  cudaEvent_t done = nullptr;
};

namespace {

[[noreturn]] void cudaFailed(const char *fn, cudaError_t e, const char *call) {
  fail(fn, "%s (%s)", cudaGetErrorString(e), call);
}
#define XMPRT_CUDA(call, fn)                                                   \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess)                                                     \
      cudaFailed(fn, e_, #call);                                               \
  } while (0)

// The communicators, in creation order.
std::vector<std::unique_ptr<NcclComm>> &comms() {
  static std::vector<std::unique_ptr<NcclComm>> v;
  return v;
}

NcclComm *findComm(MPI_Comm c) {
  for (auto &e : comms())
    if (e->mpi == c)
      return e.get();
  return nullptr;
}

int64_t gOps = 0;

void report(const NcclComm &e, const char *where) {
  if (!envVerbose() || e.rank != 0)
    return;
  fprintf(stderr, "xmprt: rank %d: device collectives on %s (%d rank%s): %s\n",
          reportRank(), where, e.size, e.size == 1 ? "" : "s", e.why.c_str());
  fflush(stderr);
}

#ifdef XMPRT_HAVE_NCCL_H

struct NcclLib {
  void *handle = nullptr;
  std::string why; // when not usable
  int version = 0;
  decltype(&::ncclGetVersion) getVersion = nullptr;
  decltype(&::ncclGetUniqueId) getUniqueId = nullptr;
  decltype(&::ncclCommInitRank) commInitRank = nullptr;
  decltype(&::ncclCommDestroy) commDestroy = nullptr;
  decltype(&::ncclCommAbort) commAbort = nullptr;
  decltype(&::ncclGetErrorString) errorString = nullptr;
  decltype(&::ncclAllReduce) allReduce = nullptr;
  decltype(&::ncclBroadcast) broadcast = nullptr;
  decltype(&::ncclAllGather) allGather = nullptr;
  bool usable() const { return why.empty(); }
};

const NcclLib &lib() {
  static const NcclLib l = [] {
    NcclLib n;
    const char *name =
        xmprt_mock_nccl_library ? xmprt_mock_nccl_library() : "libnccl.so.2";
    // NVLink multicast (NVLS) can put shared GPUs out of service; NCCL
    // uses it only where the user asks (NCCL_NVLS_ENABLE=1).
    setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);
    n.handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!n.handle) {
      const char *e = dlerror();
      n.why = e ? e : std::string("cannot load ") + name;
      return n;
    }
    std::string missing;
    auto sym = [&](auto &f, const char *s) {
      f = reinterpret_cast<std::remove_reference_t<decltype(f)>>(
          dlsym(n.handle, s));
      if (!f && missing.empty())
        missing = s;
    };
    sym(n.getVersion, "ncclGetVersion");
    sym(n.getUniqueId, "ncclGetUniqueId");
    sym(n.commInitRank, "ncclCommInitRank");
    sym(n.commDestroy, "ncclCommDestroy");
    sym(n.commAbort, "ncclCommAbort");
    sym(n.errorString, "ncclGetErrorString");
    sym(n.allReduce, "ncclAllReduce");
    sym(n.broadcast, "ncclBroadcast");
    sym(n.allGather, "ncclAllGather");
    if (!missing.empty()) {
      n.why = std::string(name) + " has no " + missing;
      return n;
    }
    if (n.getVersion(&n.version) != ncclSuccess)
      n.version = 0;
    return n;
  }();
  return l;
}

std::string versionName(int v) {
  char b[32];
  if (v >= 10000) // 2.9 and later: MAJOR * 10000 + MINOR * 100 + PATCH
    snprintf(b, sizeof b, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
  else
    snprintf(b, sizeof b, "%d.%d.%d", v / 1000, v / 100 % 10, v % 100);
  return b;
}

[[noreturn]] void ncclFailed(const char *fn, ncclResult_t r, const char *call) {
  fail(fn, "%s (%s)", lib().errorString(r), call);
}
#define XMPRT_NCCL(call, fn)                                                   \
  do {                                                                         \
    ncclResult_t r_ = (call);                                                  \
    if (r_ != ncclSuccess)                                                     \
      ncclFailed(fn, r_, #call);                                               \
  } while (0)

// What each rank contributes to the decision.
struct RankInfo {
  int32_t lib = 0;     // libnccl loaded
  int32_t device = -1; // -1: no GPU
  unsigned char uuid[16] = {};
  char bus[32] = {};  // PCI bus id
  char why[192] = {}; // lib == 0: why
};

// The NCCL stream, and the event that forks it from the runtime stream.
struct NcclStream {
  cudaStream_t stream = nullptr;
  cudaEvent_t fork = nullptr;
};
NcclStream &ncclStream(const char *fn) {
  static NcclStream s = [fn] {
    ensureDevice(fn);
    NcclStream n;
    XMPRT_CUDA(cudaStreamCreateWithFlags(&n.stream, cudaStreamNonBlocking), fn);
    XMPRT_CUDA(cudaEventCreateWithFlags(&n.fork, cudaEventDisableTiming), fn);
    return n;
  }();
  return s;
}
bool gStreamMade = false;

// The NCCL stream, after the work queued on the runtime stream so far.
cudaStream_t forked(const char *fn) {
  NcclStream &s = ncclStream(fn);
  gStreamMade = true;
  XMPRT_CUDA(cudaEventRecord(s.fork, static_cast<cudaStream_t>(stream(fn))),
             fn);
  XMPRT_CUDA(cudaStreamWaitEvent(s.stream, s.fork, 0), fn);
  return s.stream;
}

ncclDataType_t toNccl(NcclType t) {
  switch (t) {
  case NcclType::Int8: return ncclInt8;
  case NcclType::Uint8: return ncclUint8;
  case NcclType::Int32: return ncclInt32;
  case NcclType::Int64: return ncclInt64;
  case NcclType::Float32: return ncclFloat32;
  case NcclType::Float64: return ncclFloat64;
  }
  return ncclUint8;
}
int64_t sizeOf(NcclType t) {
  switch (t) {
  case NcclType::Int8:
  case NcclType::Uint8: return 1;
  case NcclType::Int32:
  case NcclType::Float32: return 4;
  case NcclType::Int64:
  case NcclType::Float64: return 8;
  }
  return 1;
}
ncclRedOp_t toNccl(NcclOp op) {
  switch (op) {
  case NcclOp::Sum: return ncclSum;
  case NcclOp::Prod: return ncclProd;
  case NcclOp::Max: return ncclMax;
  case NcclOp::Min: return ncclMin;
  }
  return ncclSum;
}

void destroy(NcclComm &e) {
  if (!e.comm)
    return;
  // Nothing of the communicator may still run (every request was waited
  // for; a blocking operation synchronized).
  if (gStreamMade)
    (void)cudaStreamSynchronize(ncclStream("xmprt_finalize").stream);
  lib().commDestroy(static_cast<ncclComm_t>(e.comm));
  e.comm = nullptr;
}

// Steps 1-3 of the file comment; e.why / e.comm set.
void decide(NcclComm &e, const char *fn) {
  MPI_Comm c = e.mpi;
  RankInfo mine;
  mine.device = deviceId();
  if (mine.device >= 0) {
    ensureDevice(fn);
    cudaDeviceProp prop;
    XMPRT_CUDA(cudaGetDeviceProperties(&prop, mine.device), fn);
    static_assert(sizeof(prop.uuid) == sizeof(mine.uuid), "CUDA UUID size");
    memcpy(mine.uuid, &prop.uuid, sizeof mine.uuid);
    snprintf(mine.bus, sizeof mine.bus, "%04x:%02x:%02x.0", prop.pciDomainID,
             prop.pciBusID, prop.pciDeviceID);
  }
  const NcclLib &l = lib();
  mine.lib = l.usable();
  snprintf(mine.why, sizeof mine.why, "%s", l.why.c_str());
  std::vector<RankInfo> all((size_t)e.size);
  XMPRT_MPI(MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, all.data(),
                          (int)sizeof mine, MPI_BYTE, c),
            fn);
  std::string why;
  for (int q = 0; q < e.size && why.empty(); ++q)
    if (all[q].device < 0)
      why = "rank " + std::to_string(q) + " has no GPU";
  for (int q = 0; q < e.size && why.empty(); ++q)
    if (!all[q].lib)
      why = "rank " + std::to_string(q) + " cannot load NCCL (" +
            all[q].why + ")";
  for (int q = 0; q < e.size && why.empty(); ++q)
    for (int p = 0; p < q && why.empty(); ++p)
      if (!memcmp(all[p].uuid, all[q].uuid, sizeof all[q].uuid))
        why = "ranks " + std::to_string(p) + " and " + std::to_string(q) +
              " share GPU " + std::to_string(all[p].device) + ", " +
              all[p].bus + " (NCCL needs one GPU per rank)";
  if (!why.empty()) {
    e.why = "staged: " + why;
    return;
  }
  // 2. The unique id from rank 0.
  struct {
    int32_t ok;
    char err[124];
    ncclUniqueId id;
  } u;
  memset(&u, 0, sizeof u);
  if (e.rank == 0) {
    ncclResult_t r = l.getUniqueId(&u.id);
    u.ok = r == ncclSuccess;
    if (!u.ok)
      snprintf(u.err, sizeof u.err, "%s", l.errorString(r));
  }
  XMPRT_MPI(MPI_Bcast(&u, (int)sizeof u, MPI_BYTE, 0, c), fn);
  if (!u.ok) {
    e.why = std::string("staged: ncclGetUniqueId failed on rank 0 (") + u.err +
            ")";
    return;
  }
  // 3. Every rank's communicator; all or none.
  ncclComm_t nc = nullptr;
  ncclResult_t r = l.commInitRank(&nc, e.size, u.id, e.rank);
  int ok = r == ncclSuccess, allOk = 0;
  XMPRT_MPI(MPI_Allreduce(&ok, &allOk, 1, MPI_INT, MPI_MIN, c), fn);
  if (!allOk) {
    int first = ok ? e.size : e.rank;
    XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, c), fn);
    char err[160] = "";
    if (!ok)
      snprintf(err, sizeof err, "%s", l.errorString(r));
    XMPRT_MPI(MPI_Bcast(err, (int)sizeof err, MPI_CHAR, first, c), fn);
    if (ok && nc)
      l.commAbort(nc);
    e.why = "staged: ncclCommInitRank failed on rank " +
            std::to_string(first) + " (" + err + ")";
    return;
  }
  e.comm = nc;
  e.why = "NCCL " + versionName(l.version) + " (" + std::to_string(e.size) +
          " GPUs)";
  static bool hooked = false;
  if (!hooked) // programs that end with their own MPI_Finalize
    hooked = atMpiFinalize(ncclFinalize);
}

#else // no nccl.h

void destroy(NcclComm &) {}
void decide(NcclComm &e, const char *) {
  // Every rank runs the same libxmprt: no need to ask the others.
  e.why = "staged: this libxmprt was built without nccl.h";
}

#endif

} // namespace

NcclComm *ncclCommFor(MPI_Comm comm, const char *where, const char *fn) {
  if (NcclComm *e = findComm(comm))
    return e->comm ? e : nullptr;
  auto e = std::make_unique<NcclComm>();
  e->mpi = comm;
  XMPRT_MPI(MPI_Comm_rank(comm, &e->rank), fn);
  XMPRT_MPI(MPI_Comm_size(comm, &e->size), fn);
  decide(*e, fn);
  report(*e, where);
  comms().push_back(std::move(e));
  NcclComm *r = comms().back().get();
  return r->comm ? r : nullptr;
}

int ncclDecision(MPI_Comm comm, const char **why) {
  NcclComm *e = findComm(comm);
  if (why)
    *why = e ? e->why.c_str() : nullptr;
  return e ? (e->comm ? 1 : 0) : -1;
}

void ncclForget(MPI_Comm comm) {
  auto &v = comms();
  for (size_t k = 0; k < v.size(); ++k)
    if (v[k]->mpi == comm) {
      destroy(*v[k]);
      v.erase(v.begin() + (long)k);
      return;
    }
}

void ncclFinalize() {
  for (auto &e : comms())
    destroy(*e);
  comms().clear();
}

int64_t ncclOperations() { return gOps; }

#ifdef XMPRT_HAVE_NCCL_H

void ncclAllReduce(NcclComm *c, void *buf, int64_t count, NcclType t,
                   NcclOp op, const char *fn) {
  cudaStream_t s = forked(fn);
  XMPRT_NCCL(lib().allReduce(buf, buf, (size_t)count, toNccl(t), toNccl(op),
                             static_cast<ncclComm_t>(c->comm), s),
             fn);
  ++gOps;
  XMPRT_CUDA(cudaStreamSynchronize(s), fn);
}

void ncclBroadcast(NcclComm *c, void *buf, int64_t bytes, int root,
                   const char *fn) {
  cudaStream_t s = forked(fn);
  XMPRT_NCCL(lib().broadcast(buf, buf, (size_t)bytes, ncclUint8, root,
                             static_cast<ncclComm_t>(c->comm), s),
             fn);
  ++gOps;
  XMPRT_CUDA(cudaStreamSynchronize(s), fn);
}

void ncclAllGather(NcclComm *c, const void *send, void *recv, int64_t bytes,
                   const char *fn) {
  // NCCL takes a send block that overlaps the result only at this rank's
  // own place (in place); any other overlap goes through a copy, which
  // keeps the staged path's semantics (send is read before recv is
  // written).
  auto *sp = static_cast<const char *>(send);
  auto *rp = static_cast<char *>(recv);
  bool inPlace = sp == rp + (int64_t)c->rank * bytes;
  bool overlap = sp < rp + (int64_t)c->size * bytes && rp < sp + bytes;
  void *tmp = nullptr;
  auto rs = static_cast<cudaStream_t>(stream(fn));
  if (overlap && !inPlace) {
    XMPRT_CUDA(cudaMallocAsync(&tmp, (size_t)bytes, rs), fn);
    XMPRT_CUDA(cudaMemcpyAsync(tmp, send, (size_t)bytes, cudaMemcpyDefault,
                               rs),
               fn);
    send = tmp;
  }
  cudaStream_t s = forked(fn);
  XMPRT_NCCL(lib().allGather(send, recv, (size_t)bytes, ncclUint8,
                             static_cast<ncclComm_t>(c->comm), s),
             fn);
  ++gOps;
  XMPRT_CUDA(cudaStreamSynchronize(s), fn);
  if (tmp)
    XMPRT_CUDA(cudaFreeAsync(tmp, rs), fn);
}

namespace {
// The scratch copy of a started operation: made on the runtime stream
// (with `buf`'s contents when `copyIn`), then the NCCL stream forked.
NcclStarted *startOn(void *buf, int64_t bytes, bool copyIn, cudaStream_t *ns,
                     const char *fn) {
  auto *s = new NcclStarted;
  s->buf = buf;
  s->bytes = bytes;
  auto rs = static_cast<cudaStream_t>(stream(fn));
  XMPRT_CUDA(cudaMallocAsync(&s->scratch, (size_t)bytes, rs), fn);
  if (copyIn)
    XMPRT_CUDA(cudaMemcpyAsync(s->scratch, buf, (size_t)bytes,
                               cudaMemcpyDefault, rs),
               fn);
  *ns = forked(fn);
  XMPRT_CUDA(cudaEventCreateWithFlags(&s->done, cudaEventDisableTiming), fn);
  return s;
}
} // namespace

NcclStarted *ncclAllReduceStart(NcclComm *c, void *buf, int64_t count,
                                NcclType t, NcclOp op, const char *fn) {
  cudaStream_t ns = nullptr;
  NcclStarted *s = startOn(buf, count * sizeOf(t), true, &ns, fn);
  XMPRT_NCCL(lib().allReduce(s->scratch, s->scratch, (size_t)count, toNccl(t),
                             toNccl(op), static_cast<ncclComm_t>(c->comm), ns),
             fn);
  ++gOps;
  XMPRT_CUDA(cudaEventRecord(s->done, ns), fn);
  return s;
}

NcclStarted *ncclBroadcastStart(NcclComm *c, void *buf, int64_t bytes,
                                int root, const char *fn) {
  cudaStream_t ns = nullptr;
  NcclStarted *s = startOn(buf, bytes, c->rank == root, &ns, fn);
  XMPRT_NCCL(lib().broadcast(s->scratch, s->scratch, (size_t)bytes, ncclUint8,
                             root, static_cast<ncclComm_t>(c->comm), ns),
             fn);
  ++gOps;
  XMPRT_CUDA(cudaEventRecord(s->done, ns), fn);
  return s;
}

bool ncclDone(NcclStarted *s, const char *fn) {
  cudaError_t e = cudaEventQuery(s->done);
  if (e == cudaErrorNotReady)
    return false;
  XMPRT_CUDA(e, fn);
  return true;
}

void ncclFinish(NcclStarted *s, const char *fn) {
  auto rs = static_cast<cudaStream_t>(stream(fn));
  XMPRT_CUDA(cudaStreamWaitEvent(rs, s->done, 0), fn);
  XMPRT_CUDA(cudaMemcpyAsync(s->buf, s->scratch, (size_t)s->bytes,
                             cudaMemcpyDefault, rs),
             fn);
  XMPRT_CUDA(cudaFreeAsync(s->scratch, rs), fn);
  sync(fn);
  XMPRT_CUDA(cudaEventDestroy(s->done), fn);
  delete s;
}

#else // no nccl.h: ncclCommFor never hands out a communicator

void ncclAllReduce(NcclComm *, void *, int64_t, NcclType, NcclOp,
                   const char *fn) {
  fail(fn, "internal error: NCCL in a libxmprt built without nccl.h");
}
void ncclBroadcast(NcclComm *, void *, int64_t, int, const char *fn) {
  fail(fn, "internal error: NCCL in a libxmprt built without nccl.h");
}
void ncclAllGather(NcclComm *, const void *, void *, int64_t, const char *fn) {
  fail(fn, "internal error: NCCL in a libxmprt built without nccl.h");
}
NcclStarted *ncclAllReduceStart(NcclComm *, void *, int64_t, NcclType, NcclOp,
                                const char *fn) {
  fail(fn, "internal error: NCCL in a libxmprt built without nccl.h");
}
NcclStarted *ncclBroadcastStart(NcclComm *, void *, int64_t, int,
                                const char *fn) {
  fail(fn, "internal error: NCCL in a libxmprt built without nccl.h");
}
bool ncclDone(NcclStarted *, const char *) { return true; }
void ncclFinish(NcclStarted *s, const char *) { delete s; }

#endif

} // namespace gpu
} // namespace xmprt
