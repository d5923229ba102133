//===- Internal.h - runtime-internal structures of libxmprt ---------------===//
#ifndef XMPRT_LIB_INTERNAL_H
#define XMPRT_LIB_INTERNAL_H

#include "Settings.h"
#include "xmprt/Distribution.h"
#include "xmprt/codegen.h"
#include "xmprt/mgpu.h"
#include "xmprt/testing.h"
#include "xmprt/xmprt.h"

#include <mpi.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace xmprt {

//--- errors (Errors.cpp) ------------------------------------------------------
// Prints "xmprt: rank R: <fn>: <reason>" and aborts the job.
[[noreturn]] void fail(const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
#define XMPRT_CHECK(cond, fn, ...)                                             \
  do {                                                                         \
    if (!(cond))                                                               \
      ::xmprt::fail(fn, __VA_ARGS__);                                          \
  } while (0)
void checkMpi(int rc, const char *fn, const char *call);
#define XMPRT_MPI(call, fn) ::xmprt::checkMpi((call), fn, #call)
bool envVerbose();
/// Stops (naming `fn`) when `g` is null or a subset this job cannot hold.
void requireGrid(const xmprt_grid *g, const char *fn);
int64_t elemSize(int32_t elemType); // -1 if unknown
// Rank numbers from the launcher's environment (usable before MPI_Init):
// world rank (OMPI_COMM_WORLD_RANK, PMIX_RANK, PMI_RANK, SLURM_PROCID) and
// node-local rank (OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID,
// MV2_COMM_WORLD_LOCAL_RANK, SLURM_LOCALID, PMI_LOCAL_RANK); -1 if unset.
int envWorldRank();
int envLocalRank();
// MPI is initialized and not yet finalized.
bool mpiUsable();
// The rank that messages name: the world rank while MPI is usable, else
// the launcher's (envWorldRank, then envLocalRank; -1 if neither is set).
int reportRank();
// Registers `hook` to run inside MPI_Finalize (through a delete callback of
// an attribute on MPI_COMM_SELF), so that state is torn down whether the
// program ends with xmprt_finalize or its own MPI_Finalize. Returns false
// (nothing registered) while MPI is not usable: callers try again later.
bool atMpiFinalize(void (*hook)());

//--- topology (Topology.cpp) -------------------------------------------------
void ensureInit(const char *fn);
struct SubCluster {
  MPI_Comm comm = MPI_COMM_NULL; // world ranks of this sub-cluster
  int id = 0, rank = 0, size = 1;
};
const SubCluster &subCluster();

// Context for hybrid collectives on one communicator.
struct HybridComm {
  MPI_Comm comm = MPI_COMM_NULL;    // the whole communicator (not owned)
  MPI_Comm local = MPI_COMM_NULL;   // its part inside my sub-cluster
  MPI_Comm leaders = MPI_COMM_NULL; // local rank 0 of every sub-cluster
  MPI_Win win = MPI_WIN_NULL;       // shared scratch, one slot per local rank
  std::vector<char *> slots;
  int64_t slotBytes = 0;
  int localRank = 0, localSize = 1;
  std::vector<int> localOf; // comm rank -> local rank (-1: other sub-cluster)
  std::vector<int> leaderIndexOf; // comm rank -> leaders rank of its leader
  ~HybridComm();
};

} // namespace xmprt

struct xmprt_grid {
  int32_t ndims = 0;
  std::vector<int64_t> shape;
  std::vector<int64_t> coord; // -1 when not in the grid
  int rank = -1;              // row-major rank in comm
  int64_t size = 0;
  MPI_Comm comm = MPI_COMM_NULL;
  std::vector<MPI_Comm> axisComm; // rank in axisComm[a] == coord[a]
  // grid ranks of my sub-cluster; used for shared-memory allocation
  MPI_Comm subComm = MPI_COMM_NULL;
  std::vector<int> subRankOf; // grid rank -> rank in subComm or -1
  unsigned blocksCreated = 0;  // shared blocks so far (the same on all ranks)
  // grid rank -> world rank, on every rank (members or not)
  std::vector<int> worldOf;
  // Asynchronous gmoves executed by this node set (GMove.cpp): a duplicate
  // of comm made by the first, and the tag of the next.
  MPI_Comm gmoveComm = MPI_COMM_NULL;
  int gmoveNextTag = 0;
  std::unique_ptr<xmprt::HybridComm> hybridAll;
  std::vector<std::unique_ptr<xmprt::HybridComm>> hybridAxis;
  // Non-empty: a subset whose coordinates this job's parent does not have
  // (xmprt_grid_subset), made without members so that a program which
  // never uses it runs; every use stops with this text (requireGrid).
  std::string unbuilt;
  std::string name; // "@q" when the program named it (messages), or ""
  bool inGrid() const { return rank >= 0; }
  int rankOf(const std::vector<int64_t> &c) const {
    int64_t r = 0;
    for (int32_t a = 0; a < ndims; ++a)
      r = r * shape[a] + c[a];
    return (int)r;
  }
};

struct xmprt_template {
  int32_t ndims = 0;
  std::string name;   // "@u" when the program named it (messages), else ""
  bool fixed = false; // xmprt_template_fix ran (it runs once)
  std::vector<int64_t> sizes;
  xmprt_grid *grid = nullptr;
  std::vector<int32_t> kinds;
  std::vector<int64_t> widths;
  // per dim; for gblock(*), filled by xmprt_template_gblock_fix before the
  // distribution checks it
  std::vector<std::vector<int64_t>> gblocks;
  std::vector<int32_t> axis; // grid axis per dim or -1
  xmprt::dist::TemplateDim dim(int32_t d) const {
    xmprt::dist::TemplateDim t;
    t.kind = (xmprt::dist::Kind)kinds[d];
    t.n = sizes[d];
    t.p = axis[d] >= 0 ? grid->shape[axis[d]] : 1;
    t.w = widths[d];
    t.gblock = gblocks[d].empty() ? nullptr : gblocks[d].data();
    return t;
  }
};

namespace xmprt {
class MemorySpace;
struct Box;
}

struct xmprt_darray {
  xmprt_template *tmpl = nullptr;
  xmprt_grid *grid = nullptr;
  int32_t rank = 0;
  int32_t elemType = 0;
  int64_t esize = 0;
  std::vector<xmprt::dist::ArrayDim> dims;
  std::vector<int32_t> axis;   // grid axis of each dim or -1
  std::vector<int64_t> coord;  // my coordinate on that axis (0 if none)
  std::vector<int64_t> extent; // local extents (uniform)
  int64_t bytes = 0;
  void *data = nullptr;
  MPI_Win win = MPI_WIN_NULL; // shared window over grid->subComm
  // RMA window over the host block on grid->comm, in a lock_all epoch
  // (xmprt_darray_enable_rma; GMoveOneSided.cpp).
  MPI_Win rmaWin = MPI_WIN_NULL;
  bool rmaEnabled = false; // exposed (a grid of one rank needs no window)
  bool local = false; // a local array's descriptor (xmprt_darray_wrap_local)
  bool ownsMalloc = false;
  xmprt::MemorySpace *mem = nullptr; // the host instance's space
  // Device instance (DeviceData.cpp): the same local block in GPU memory.
  void *devData = nullptr;
  int64_t devBytes = 0;
  uint32_t devFlags = 0;       // xmprt::kDev* below
  uint64_t devGen = 0;         // bumped whenever a new instance is made
  // Coherence copies of the whole block or a slice between the instances
  // since the device instance was made, and whether the host block is
  // page-locked (after XMP_PIN_HOST_AFTER of them; DeviceData.cpp).
  uint32_t hostCopies = 0;
  int8_t hostPin = 0; // 1: page-locked; -1: CUDA refused (not tried again)
  int32_t replicateDepth = 0;  // nesting of xmprt_replicate_begin
  // Peers' device instances mapped through CUDA IPC for the current
  // generation (grid rank -> pointer; nullptr: CUDA refused the mapping).
  std::map<int, char *> devPeers;
  bool inGrid() const { return grid && grid->inGrid(); }
  // Coordinate of grid rank r on the axis of dim d.
  int64_t coordOf(int r, int32_t d) const {
    if (axis[d] < 0)
      return 0;
    int64_t c = r;
    for (int32_t a = grid->ndims - 1; a > axis[d]; --a)
      c /= grid->shape[a];
    return c % grid->shape[axis[d]];
  }
  // Grid rank of my neighbour that has coordinate q on the axis of dim d.
  int peerRank(int32_t d, int64_t q) const {
    if (axis[d] < 0)
      return grid->rank;
    std::vector<int64_t> c = grid->coord;
    c[axis[d]] = q;
    return grid->rankOf(c);
  }
  // Base address of grid rank r's block in this process (shared window),
  // null when r is outside my sub-cluster.
  std::vector<char *> sharedBase;
  char *peerBase(int r) const { return sharedBase.empty() ? nullptr : sharedBase[r]; }
  int64_t localOffset(const std::vector<int64_t> &l) const {
    int64_t o = 0;
    for (int32_t d = 0; d < rank; ++d)
      o = o * extent[d] + l[d];
    return o;
  }
};

namespace xmprt {
struct GMoveTransfer;    // GMove.cpp
struct OneSidedTransfer; // GMoveOneSided.cpp
namespace gpu {
struct NcclStarted; // GpuNccl.cpp
}
}

// An operation started asynchronously (xmprt_reduce_start,
// xmprt_bcast_start, xmprt_gmove_start, xmprt_gmove_acc_start), tested by
// xmprt_test, completed and freed by xmprt_wait. Requests in flight are registered
// (Collectives.cpp): waiting for one twice, or never (at xmprt_finalize), is
// an error naming the operation.
struct xmprt_request {
  enum Kind { Reduce, Bcast, GMove, OneSided } kind = Reduce;
  const char *op = "";                 // the starting function
  int64_t site = -1;                   // gmove: its call site
  MPI_Request req = MPI_REQUEST_NULL;  // reduce, bcast
  void *i1Sum = nullptr;               // reduce: an i1 sum to bring back to
  int64_t count = 0;                   // its low bits
  // The scalar of xmprt_reduce_value_start, reduced in place here and
  // handed out by xmprt_wait_value (valueType < 0: no value).
  alignas(16) char value[16] = {};
  int32_t valueType = -1;
  xmprt::GMoveTransfer *gmove = nullptr;
  xmprt::OneSidedTransfer *onesided = nullptr;
  // Reduce, bcast of a device buffer: the operation runs on `staged` (a
  // host copy taken at the start), copied back into `device` at the wait.
  void *device = nullptr;
  std::unique_ptr<char[]> staged; // not zero-filled: the copy overwrites it
  int64_t stagedBytes = 0;
  // ... or through NCCL: the operation runs on a device copy of the
  // buffer, copied back at the wait (gpu::ncclFinish).
  xmprt::gpu::NcclStarted *nccl = nullptr;
};

namespace xmprt {
// A new request, registered as in flight (xmprt_wait unregisters it).
xmprt_request *newRequest(xmprt_request::Kind kind, const char *op);
// GMove.cpp: completes a gmove request's transfer (waits for its messages,
// unpacks into the destination, refreshes its device instance for the acc
// form, destroys the descriptors it owns) and frees it.
void finishGMove(xmprt_request *r, const char *fn);
// GMoveOneSided.cpp: the same for xmprt_gmove_onesided_start (flushes its
// gets or puts, unpacks for `in`).
void finishOneSided(xmprt_request *r, const char *fn);
// xmprt_test of a gmove request: whether its messages are complete
// (MPI_Testall, never blocking); finishGMove then waits for nothing.
bool testGMove(xmprt_request *r, const char *fn);
// ... of a one-sided gmove request: whether its gets have arrived (`in`) or
// its puts have left this rank (`out`: their arrival needs the flush).
bool testOneSided(xmprt_request *r, const char *fn);
// xmprt_finalize: every request must have been waited for.
void checkRequestsWaited(const char *fn);
/// xmprt_finalize: operations registered with an async id and never
/// completed by xmprt_async_wait stop the job, naming the ids.
void checkAsyncIdsCompleted(const char *fn);
// DeviceData.cpp, the acc forms of gmove: before, device values the host
// lacks (of src, and of dst, whose block goes back in afterwards) come out;
// after, dst's device instance (if any) gets the host block.
void gmoveAccBefore(xmprt_darray *dst, xmprt_darray *src, const char *fn);
void gmoveAccAfter(xmprt_darray *dst, const char *fn);
// GMove.cpp: xmprt_gmove_start and xmprt_gmove_acc_start (exec null:
// every rank), xmprt_gmove_on_start (exec: the node set executing it; the
// caller is one of its ranks).
xmprt_request *gmoveStart(int64_t site, xmprt_darray *dst,
                          const int64_t *dst_sec, xmprt_darray *src,
                          const int64_t *src_sec, int32_t owned, bool acc,
                          const char *fn, xmprt_grid *exec = nullptr);
// GMove.cpp: the host gmove executed by node set exec (null: every rank),
// whose errors name fn.
void gmoveHost(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
               xmprt_darray *src, const int64_t *src_sec, xmprt_grid *exec,
               const char *fn);
// DeviceData.cpp: xmprt_gmove_acc executed by node set exec (null: every
// rank, which is xmprt_gmove_acc).
void gmoveAcc(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
              xmprt_darray *src, const int64_t *src_sec, xmprt_grid *exec,
              const char *fn);

// Cache hygiene: forget plans/schedules that mention a destroyed array
// (reflect/Plan.cpp, GMove.cpp).
void forgetReflectPlans(xmprt_darray *a);
void forgetGMoveSchedules(xmprt_darray *a);
// ... and the gmove schedules a destroyed node set executes (Topology.cpp).
void forgetGMoveSchedulesOn(const xmprt_grid *g);
void forgetOneSidedPlans(xmprt_darray *a);
// dst[dst_sec] = src[src_sec] on the device instances (GMove.cpp; for
// xmprt_gmove_acc inside replicate regions): the caller has made them
// current on the device; queued on the stream, the host blocks untouched.
// Executed by node set exec (null: every rank).
void gmoveOnDevice(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
                   xmprt_darray *src, const int64_t *src_sec,
                   xmprt_grid *exec, const char *fn);
// reflect/Stats.cpp, XMP_REFLECT_STATS=1: collective over MPI_COMM_WORLD;
// rank 0 prints one line per reflect plan (creation order) to stderr.
// Called by xmprt_finalize while MPI is still initialized; nothing when
// unset.
void reportReflectStats();
// Destroys the arrays the program did not (generated code frees only those
// of an xmp.dealloc), newest first: every rank created the same arrays in
// the same order, so the collective frees of their windows match.
// xmprt_finalize calls it while MPI is still initialized.
void destroyLiveArrays();

// Validity of the device instance (xmprt_darray::devFlags).
enum : uint32_t {
  kDevStale = 1,         // the host changed since the last host->device copy
  kHostStale = 2,        // the device holds values the host lacks
  kDevFromReplicate = 4, // made by xmprt_replicate_begin (freed by its end)
  kDevNeedsIn = 8, // entered its replicate region absent or stale: the host
                   // block is copied in at the first device use there
};
// WorkSharingState.cpp: the once-per-process warning that device loops run
// on the host ("xmprt: warning: rank 0: <what>"; world rank 0 only, not
// with XMP_QUIET). Shared by every cause, so a program gets at most one.
void warnDeviceLoopsOnHost(const char *what);

// Times of the last device loop (xmprt_cpu_time / xmprt_gpu_time),
// WorkSharingState.cpp.
// Device loops run asynchronously and their GPU time may be read later
// than a following loop's: each measurement carries the sequence number
// taken when its loop ended (nextTimeSeq), and recordTimes keeps the newest.
uint64_t nextTimeSeq();
void recordTimes(double cpuSeconds, double gpuSeconds, uint64_t seq);
// WeightControl.cpp: reads every GPU-only step timed but not read yet
// (waits for them), so that the times above are those of the last loop.
void readDeviceLoopTimes();

// DeviceData.cpp: creates the device instance if there is none (no copy);
// returns it. Frees it (and closes the IPC mappings of its peers).
void *deviceInstance(xmprt_darray *a, const char *fn);
void freeDeviceInstance(xmprt_darray *a);
// Device instance made current for a device operation outside the explicit
// model (copies host->device if stale); inside a replicate region the
// instance must exist and is used as it is.
void *deviceForUse(xmprt_darray *a, const char *fn);
// After a device reflect outside replicate regions: copies the `n` boxes
// the reflect filled from the device instance to the host block (the whole
// block if the host lacked more than that), and waits for the copies.
void halosToHost(xmprt_darray *a, const Box *boxes, size_t n, const char *fn);
} // namespace xmprt

#endif
