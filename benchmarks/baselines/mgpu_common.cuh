// mgpu_common.cuh -- what the multi-GPU baselines (himeno_mgpu.cu,
// laplace2d_mgpu.cu) share: MPI/CUDA error handling that names the rank,
// the 1-D block decomposition of array dimension 0, the driver entry points
// of the stream memory operations (fetched through the runtime, libcuda is
// not linked), and the halo exchange (CUDA IPC pushes into the neighbours'
// halo planes, synchronized by device-side flags). The protocol is
// described at the class Exchange below and at the top of each program.
//
// Include this instead of bench_common.cuh: it defines CUDA_CHECK (print
// "rank R: file:line: CUDA error in <call>: ...", then MPI_Abort) before
// including bench_common.cuh, whose helpers then report failures the same
// way.
#pragma once

#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1  // the C API only (no deprecated C++ bindings)
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace mgpu {

// This process's rank in MPI_COMM_WORLD, or -1 outside MPI_Init/Finalize.
inline int world_rank() {
  int init = 0, fin = 0, r = -1;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  if (init && !fin) MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

[[noreturn]] inline void abort_all() {
  std::fflush(stdout);
  std::fflush(stderr);
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  if (init && !fin) MPI_Abort(MPI_COMM_WORLD, 1);
  std::exit(1);
}

// Prints "rank R: file:line: <what> error in <call>: <msg>" and aborts the
// whole job (MPI_Abort).
[[noreturn]] inline void fail(const char *file, int line, const char *what,
                              const char *call, const char *msg) {
  std::fprintf(stderr, "rank %d: %s:%d: %s error in %s: %s\n", world_rank(),
               file, line, what, call, msg);
  abort_all();
}

[[noreturn]] inline void fail_cuda(const char *file, int line,
                                   const char *call, cudaError_t err) {
  std::string m = std::string(cudaGetErrorString(err)) + " (" +
                  cudaGetErrorName(err) + ")";
  fail(file, line, "CUDA", call, m.c_str());
}

[[noreturn]] inline void fail_mpi(const char *file, int line,
                                  const char *call, int err) {
  char s[MPI_MAX_ERROR_STRING] = {0};
  int len = 0;
  MPI_Error_string(err, s, &len);
  fail(file, line, "MPI", call, s);
}

}  // namespace mgpu

#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t err_ = (call);                                               \
    if (err_ != cudaSuccess) mgpu::fail_cuda(__FILE__, __LINE__, #call, err_); \
  } while (0)

// MPI calls return their error codes (MPI_ERRORS_RETURN is set on
// MPI_COMM_WORLD right after MPI_Init).
#define MPI_CHECK(call)                                                      \
  do {                                                                       \
    int err_ = (call);                                                       \
    if (err_ != MPI_SUCCESS) mgpu::fail_mpi(__FILE__, __LINE__, #call, err_); \
  } while (0)

#include "bench_common.cuh"

namespace mgpu {

// ---------------------------------------------------------------------------
// Driver entry points of the stream memory operations, fetched through the
// runtime (cudaGetDriverEntryPointByVersion), so that libcuda is not linked.
struct Driver {
  PFN_cuStreamWaitValue32_v11070 wait_value32 = nullptr;
  PFN_cuStreamWriteValue32_v11070 write_value32 = nullptr;
  PFN_cuGetErrorName_v6000 get_error_name = nullptr;
};
inline Driver g_driver;

template <typename F>
inline void load_entry(const char *symbol, F *fn) {
  void *p = nullptr;
  cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
  // 12000: the CUDA 12 ABI of these functions (their _v2 entry points, the
  // *_v11070 typedefs of cudaTypedefs.h).
  CUDA_CHECK(cudaGetDriverEntryPointByVersion(symbol, &p, 12000,
                                              cudaEnableDefault, &status));
  if (status != cudaDriverEntryPointSuccess || p == nullptr) {
    std::string m = std::string("driver entry point ") + symbol +
                    " not found (status " + std::to_string(int(status)) + ")";
    fail(__FILE__, __LINE__, "CUDA", "cudaGetDriverEntryPointByVersion",
         m.c_str());
  }
  *fn = reinterpret_cast<F>(p);
}

inline void load_driver() {
  load_entry("cuStreamWaitValue32", &g_driver.wait_value32);
  load_entry("cuStreamWriteValue32", &g_driver.write_value32);
  load_entry("cuGetErrorName", &g_driver.get_error_name);
}

[[noreturn]] inline void fail_cu(const char *file, int line, const char *call,
                                 CUresult r) {
  const char *name = nullptr;
  if (g_driver.get_error_name) g_driver.get_error_name(r, &name);
  std::string m = std::string(name ? name : "unknown CUresult") + " (" +
                  std::to_string(int(r)) + ")";
  fail(file, line, "CUDA driver", call, m.c_str());
}

}  // namespace mgpu

#define CU_CHECK(call)                                                       \
  do {                                                                       \
    CUresult r_ = (call);                                                    \
    if (r_ != CUDA_SUCCESS) mgpu::fail_cu(__FILE__, __LINE__, #call, r_);    \
  } while (0)

namespace mgpu {

inline CUdeviceptr devptr(const void *p) {
  return CUdeviceptr(reinterpret_cast<uintptr_t>(p));
}

// ---------------------------------------------------------------------------
// 1-D block decomposition of N indices of dimension 0 over P ranks, as
// XcalableMP's block distribution: b = ceil(N/P), rank r owns the global
// indices [r*b, min(N, (r+1)*b)). Ranks 0 .. active-1 own at least one
// index; the others (when b*(P-1) >= N) own none, have no neighbours and
// take part only in the collective calls. [g0, g1) is the range the stencil
// updates (global); a rank updates [s0, s1) = [lo, hi) n [g0, g1).
// A stencil launch over local planes (rows) [beg, end): slices of `chunk`
// consecutive planes whose first planes are `step` apart (each slice is
// walked by the threads of one grid index), `slices` of them along the
// launch's outer grid dimension (0: nothing to launch).
struct Planes {
  long beg = 0, end = 0, step = 1, chunk = 1;
  unsigned slices = 0;
  // [beg, end) cut into as many slices as make about `target_blocks`
  // blocks when one slice is `blocks_per_slice` blocks (at least one slice,
  // at most one per plane).
  static Planes chunked(long beg, long end, long target_blocks,
                        long blocks_per_slice) {
    Planes s;
    const long np = end - beg;
    if (np <= 0) return s;
    long n = (target_blocks + blocks_per_slice - 1) / blocks_per_slice;
    n = std::max(1L, std::min(n, np));
    s.beg = beg;
    s.end = end;
    s.chunk = (np + n - 1) / n;
    s.step = s.chunk;
    s.slices = unsigned((np + s.chunk - 1) / s.chunk);
    return s;
  }
};

struct Decomp {
  int rank = 0, nranks = 1, active = 1;
  long nglob = 0, b = 0;
  long lo = 0, hi = 0, n = 0;  // owned: [lo, hi), n = hi - lo
  long s0 = 0, s1 = 0;         // updated here: [s0, s1), empty if s0 >= s1
  bool has_dn = false;         // rank-1 owns indices (my lower neighbour)
  bool has_up = false;         // rank+1 owns indices (my upper neighbour)
  // Index lo (bnd_lo) / hi-1 (bnd_hi) is updated here and reads the halo
  // lo-1 / hi: computed first, and it is what the neighbour's halo holds,
  // so it is pushed to that neighbour each iteration.
  bool bnd_lo = false, bnd_hi = false;

  static long lo_of(long nglob, int nranks, int r) {
    const long b = (nglob + nranks - 1) / nranks;
    return std::min(nglob, long(r) * b);
  }
  static long count_of(long nglob, int nranks, int r) {
    const long b = (nglob + nranks - 1) / nranks;
    const long lo = std::min(nglob, long(r) * b);
    return std::min(nglob, lo + b) - lo;
  }
  static Decomp make(long nglob, int nranks, int rank, long g0, long g1) {
    Decomp d;
    d.rank = rank;
    d.nranks = nranks;
    d.nglob = nglob;
    d.b = (nglob + nranks - 1) / nranks;
    d.active = int((nglob + d.b - 1) / d.b);
    d.lo = lo_of(nglob, nranks, rank);
    d.n = count_of(nglob, nranks, rank);
    d.hi = d.lo + d.n;
    d.has_dn = d.n > 0 && rank > 0;
    d.has_up = d.n > 0 && rank + 1 < d.active;
    d.s0 = std::max(d.lo, g0);
    d.s1 = std::max(d.s0, std::min(d.hi, g1));
    d.bnd_lo = d.has_dn && d.s0 < d.s1 && d.s0 == d.lo;
    d.bnd_hi = d.has_up && d.s0 < d.s1 && d.s1 == d.hi;
    return d;
  }
  // Local index of global g: the local arrays hold the halo lo-1 at 0, the
  // owned indices at 1..n and the halo hi at n+1.
  long local(long g) const { return g - lo + 1; }
  long updated() const { return s1 - s0; }
  // Boundary indices (computed first, pushed): 0, 1 or 2 of them.
  int nbnd() const {
    const int c = int(bnd_lo) + int(bnd_hi);
    return (c == 2 && n == 1) ? 1 : c;  // one index that is both
  }
  // The updated indices that read no halo: [ib, ie) (global), possibly
  // empty (ib >= ie).
  long inner_begin() const { return s0 + (bnd_lo ? 1 : 0); }
  long inner_end() const {
    return std::max(inner_begin(), s1 - (bnd_hi ? 1 : 0));
  }
  // The boundary planes (local 1 and/or n), one plane per slice.
  Planes boundary_planes() const {
    Planes s;
    if (nbnd() == 2) {
      s.beg = 1;
      s.step = n - 1;
      s.end = n + 1;
      s.slices = 2;
    } else if (nbnd() == 1) {
      s.beg = bnd_lo ? 1 : n;
      s.end = s.beg + 1;
      s.slices = 1;
    }
    return s;
  }
};

// ---------------------------------------------------------------------------
// Halo exchange between neighbouring ranks on one node.
//
// Memory: every rank owns a small flag buffer in its device memory, four
// 32-bit flags (64 bytes apart):
//   READY_FROM_DN, READY_FROM_UP: written by the lower / upper neighbour:
//       "I have finished iteration e's reads of my halo that your push
//       overwrites; you may push your iteration-e plane";
//   DONE_FROM_DN, DONE_FROM_UP:   written by the lower / upper neighbour:
//       "my iteration-e plane has landed in your halo".
// Each flag has exactly one writer (the neighbour, through its CUDA IPC
// mapping of my flags, with cuStreamWriteValue32, whose default includes a
// memory fence ordering all earlier work of its stream, i.e. the push copy,
// before the flag write) and one reader (me: cuStreamWaitValue32 with
// CU_STREAM_WAIT_VALUE_GEQ on my own memory). Values are the iteration
// numbers (epochs) 1, 2, 3, ..., increasing monotonically over the whole run
// (warm-up and timed iterations), so a flag never has to be reset and a
// wait for ">= e" is satisfied by e and by nothing older. Every rank with a
// neighbour writes READY and DONE to it every iteration, even where it has
// nothing to copy (then DONE follows READY with no copy in between), so the
// waits never depend on the data layout.
// The pushes go into the neighbour's receiving array (the one with halos:
// himeno's p, laplace's u), also mapped through CUDA IPC
// (cudaIpcMemLazyEnablePeerAccess), with cudaMemcpy2DAsync from my device.
//
// Operations of iteration e (all enqueued on streams, none blocks the host):
//   wait_halos(s, e-1): s waits DONE_FROM_DN >= e-1 and DONE_FROM_UP >= e-1
//       (the neighbours' iteration-(e-1) planes are in my halos); with
//       join_side, s also waits for my own side-stream pushes of e-1 (they
//       read the buffer that the next boundary computation overwrites);
//   signal_ready(s, e): after the work that reads my halos in iteration e:
//       writes READY_FROM_UP = e into my lower neighbour's flags and
//       READY_FROM_DN = e into my upper neighbour's;
//   push towards the lower neighbour: wait my READY_FROM_DN >= e (it has
//       read its upper halo for iteration e), copy my plane into its upper
//       halo, write DONE_FROM_UP = e into its flags; towards the upper
//       neighbour the same with READY_FROM_UP / DONE_FROM_DN. push_side()
//       runs each direction on its own stream (after an event of the
//       compute stream); push_inline() runs both on the given stream.
// Setup (collective, MPI only here): flags zeroed, IPC handles exchanged
// with MPI_Sendrecv, opened; teardown closes them between two barriers.
struct PushSpec {
  bool copy = false;      // false: signal only (the plane is not updated)
  const void *src = nullptr;
  size_t dst_off = 0;     // bytes from the neighbour's array base
  size_t width = 0, height = 0, pitch = 0;  // cudaMemcpy2D: bytes, rows, bytes
};

class Exchange {
 public:
  enum { kReadyFromDn = 0, kReadyFromUp = 1, kDoneFromDn = 2, kDoneFromUp = 3 };
  static constexpr int kFlags = 4;
  static constexpr int kStride = 16;  // uint32 per flag: 64 bytes apart
  enum Dir { kDn = 0, kUp = 1 };

  Exchange() = default;
  Exchange(const Exchange &) = delete;
  Exchange &operator=(const Exchange &) = delete;

  // Collective over MPI_COMM_WORLD. recv_base: the cudaMalloc'ed array
  // whose halo planes the neighbours write.
  void setup(const Decomp &d, void *recv_base) {
    has_[kDn] = d.has_dn;
    has_[kUp] = d.has_up;
    CUDA_CHECK(cudaMalloc(&flags_, kFlags * kStride * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(flags_, 0, kFlags * kStride * sizeof(uint32_t)));
    CUDA_CHECK(cudaDeviceSynchronize());

    struct Handles {
      cudaIpcMemHandle_t flags, arr;
    } mine, from[2];
    std::memset(&mine, 0, sizeof mine);
    std::memset(from, 0, sizeof from);
    if (has_[kDn] || has_[kUp]) {
      CUDA_CHECK(cudaIpcGetMemHandle(&mine.flags, flags_));
      CUDA_CHECK(cudaIpcGetMemHandle(&mine.arr, recv_base));
    }
    const int dn = has_[kDn] ? d.rank - 1 : MPI_PROC_NULL;
    const int up = has_[kUp] ? d.rank + 1 : MPI_PROC_NULL;
    // Upwards: send mine to up, receive the lower neighbour's; downwards:
    // the reverse.
    MPI_CHECK(MPI_Sendrecv(&mine, int(sizeof mine), MPI_BYTE, up, 101,
                           &from[kDn], int(sizeof(Handles)), MPI_BYTE, dn, 101,
                           MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    MPI_CHECK(MPI_Sendrecv(&mine, int(sizeof mine), MPI_BYTE, dn, 102,
                           &from[kUp], int(sizeof(Handles)), MPI_BYTE, up, 102,
                           MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    int least = 0, greatest = 0;
    CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    for (int dir = 0; dir < 2; ++dir) {
      if (!has_[dir]) continue;
      void *p = nullptr;
      CUDA_CHECK(cudaIpcOpenMemHandle(&p, from[dir].flags,
                                      cudaIpcMemLazyEnablePeerAccess));
      peer_flags_[dir] = static_cast<uint32_t *>(p);
      CUDA_CHECK(cudaIpcOpenMemHandle(&p, from[dir].arr,
                                      cudaIpcMemLazyEnablePeerAccess));
      peer_arr_[dir] = static_cast<char *>(p);
      CUDA_CHECK(cudaStreamCreateWithPriority(&side_[dir], cudaStreamNonBlocking,
                                              greatest));
      CUDA_CHECK(cudaEventCreateWithFlags(&pushed_[dir],
                                          cudaEventDisableTiming));
    }
    int dev = 0, flush = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&flush, cudaDevAttrCanFlushRemoteWrites,
                                      dev));
    wait_flags_ = CU_STREAM_WAIT_VALUE_GEQ |
                  (flush ? unsigned(CU_STREAM_WAIT_VALUE_FLUSH) : 0u);
    flush_ = flush != 0;
    // Probe: can this device write the peer's flags with a stream memory
    // operation? (It writes 0, their value now.) If not, the flags are
    // written by a one-thread kernel instead (signal_kernel).
    int kernel_signal = 0;
    for (int dir = 0; dir < 2; ++dir) {
      if (!has_[dir]) continue;
      CUresult r = g_driver.write_value32(
          side_[dir], devptr(peer_flags_[dir] + flag(dir == kDn ? kReadyFromUp
                                                                : kReadyFromDn)),
          0, CU_STREAM_WRITE_VALUE_DEFAULT);
      if (r == CUDA_ERROR_NOT_SUPPORTED || r == CUDA_ERROR_INVALID_VALUE)
        kernel_signal = 1;
      else if (r != CUDA_SUCCESS)
        fail_cu(__FILE__, __LINE__, "cuStreamWriteValue32 (probe)", r);
      CUDA_CHECK(cudaStreamSynchronize(side_[dir]));
    }
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &kernel_signal, 1, MPI_INT, MPI_MAX,
                            MPI_COMM_WORLD));
    kernel_signal_ = kernel_signal != 0;
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));
  }

  // Collective. Call after the last use, before freeing recv_base.
  void teardown() {
    CUDA_CHECK(cudaDeviceSynchronize());
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));  // no push in flight anywhere
    for (int dir = 0; dir < 2; ++dir) {
      if (!has_[dir]) continue;
      CUDA_CHECK(cudaIpcCloseMemHandle(peer_flags_[dir]));
      CUDA_CHECK(cudaIpcCloseMemHandle(peer_arr_[dir]));
      CUDA_CHECK(cudaEventDestroy(pushed_[dir]));
      CUDA_CHECK(cudaStreamDestroy(side_[dir]));
    }
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));  // nobody maps my memory now
    CUDA_CHECK(cudaFree(flags_));
    flags_ = nullptr;
  }

  // s waits until both neighbours' iteration-e planes are in my halos; with
  // join_side also for my side-stream pushes of the last iteration.
  void wait_halos(cudaStream_t s, uint32_t e, bool join_side) {
    if (has_[kDn]) wait(s, flags_ + flag(kDoneFromDn), e);
    if (has_[kUp]) wait(s, flags_ + flag(kDoneFromUp), e);
    if (join_side)
      for (int dir = 0; dir < 2; ++dir)
        if (has_[dir]) CUDA_CHECK(cudaStreamWaitEvent(s, pushed_[dir], 0));
  }

  // After the reads of my halos for iteration e (in stream order on s).
  void signal_ready(cudaStream_t s, uint32_t e) {
    if (has_[kDn]) write(s, peer_flags_[kDn] + flag(kReadyFromUp), e);
    if (has_[kUp]) write(s, peer_flags_[kUp] + flag(kReadyFromDn), e);
  }

  // Both pushes of iteration e, each on its own high-priority stream, after
  // `after` (recorded on the compute stream once the source planes are
  // written); each stream records pushed_[dir] when its flag is written.
  void push_side(uint32_t e, cudaEvent_t after, const PushSpec &dn,
                 const PushSpec &up) {
    const PushSpec *spec[2] = {&dn, &up};
    for (int dir = 0; dir < 2; ++dir) {
      if (!has_[dir]) continue;
      CUDA_CHECK(cudaStreamWaitEvent(side_[dir], after, 0));
      push_one(Dir(dir), side_[dir], e, *spec[dir]);
      CUDA_CHECK(cudaEventRecord(pushed_[dir], side_[dir]));
    }
  }

  // Both pushes of iteration e on s, lower neighbour first.
  void push_inline(cudaStream_t s, uint32_t e, const PushSpec &dn,
                   const PushSpec &up) {
    if (has_[kDn]) push_one(kDn, s, e, dn);
    if (has_[kUp]) push_one(kUp, s, e, up);
  }

  bool kernel_signal() const { return kernel_signal_; }
  bool flush() const { return flush_; }

 private:
  static size_t flag(int f) { return size_t(f) * kStride; }

  void push_one(Dir dir, cudaStream_t s, uint32_t e, const PushSpec &p) {
    // My READY_FROM_<dir>: that neighbour has read its halo for iteration e.
    wait(s, flags_ + flag(dir == kDn ? kReadyFromDn : kReadyFromUp), e);
    if (p.copy)
      CUDA_CHECK(cudaMemcpy2DAsync(peer_arr_[dir] + p.dst_off, p.pitch, p.src,
                                   p.pitch, p.width, p.height,
                                   cudaMemcpyDefault, s));
    // Its DONE_FROM_<me>: my plane is in its halo.
    write(s, peer_flags_[dir] + flag(dir == kDn ? kDoneFromUp : kDoneFromDn),
          e);
  }

  void wait(cudaStream_t s, const uint32_t *addr, uint32_t v) {
    CU_CHECK(g_driver.wait_value32(s, devptr(addr), v, wait_flags_));
  }
  void write(cudaStream_t s, uint32_t *addr, uint32_t v);

  bool has_[2] = {false, false};
  uint32_t *flags_ = nullptr;                  // mine
  uint32_t *peer_flags_[2] = {nullptr, nullptr};
  char *peer_arr_[2] = {nullptr, nullptr};
  cudaStream_t side_[2] = {nullptr, nullptr};
  cudaEvent_t pushed_[2] = {nullptr, nullptr};
  unsigned wait_flags_ = CU_STREAM_WAIT_VALUE_GEQ;
  bool kernel_signal_ = false, flush_ = false;
};

// Fallback flag write where stream memory operations cannot write peer
// memory: a system-scope fence (the stream's earlier work, i.e. the push
// copy, has completed before this kernel starts), then a volatile store.
__global__ void signal_kernel(uint32_t *addr, uint32_t v) {
  __threadfence_system();
  *reinterpret_cast<volatile uint32_t *>(addr) = v;
  __threadfence_system();
}

inline void Exchange::write(cudaStream_t s, uint32_t *addr, uint32_t v) {
  if (kernel_signal_) {
    signal_kernel<<<1, 1, 0, s>>>(addr, v);
    CUDA_CHECK(cudaGetLastError());
  } else {
    CU_CHECK(g_driver.write_value32(s, devptr(addr), v,
                                    CU_STREAM_WRITE_VALUE_DEFAULT));
  }
}

// ---------------------------------------------------------------------------
// Command line: positional arguments plus the flag --no-overlap (anywhere).
struct Args {
  std::vector<std::string> pos;
  bool overlap = true;
  bool help = false;
  std::string bad;  // non-empty: an unknown option
};

inline Args parse_args(int argc, char **argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    if (s == "--no-overlap")
      a.overlap = false;
    else if (s == "-h" || s == "--help")
      a.help = true;
    else if (s.size() > 1 && s[0] == '-' && !(s[1] >= '0' && s[1] <= '9'))
      a.bad = s;  // (a negative number is a bad positional argument)
    else
      a.pos.push_back(s);
  }
  return a;
}

// A non-negative decimal integer; false if s is not one.
inline bool parse_long(const std::string &s, long *v) {
  if (s.empty()) return false;
  char *end = nullptr;
  const long x = std::strtol(s.c_str(), &end, 10);
  if (*end != '\0' || x < 0) return false;
  *v = x;
  return true;
}

// Initializes MPI, makes MPI errors return to the caller (MPI_CHECK), and
// checks that all ranks run on one node (the halo exchange uses CUDA IPC).
inline void init_mpi(int *argc, char ***argv, int *rank, int *nranks) {
  MPI_Init(argc, argv);
  MPI_CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
  MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, rank));
  MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, nranks));
  MPI_Comm node;
  MPI_CHECK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, *rank,
                                MPI_INFO_NULL, &node));
  int node_size = 0;
  MPI_CHECK(MPI_Comm_size(node, &node_size));
  MPI_CHECK(MPI_Comm_free(&node));
  if (node_size != *nranks) {
    std::fprintf(stderr,
                 "rank %d: all %d ranks must run on one node (the halo "
                 "exchange uses CUDA IPC); this node has %d of them\n",
                 *rank, *nranks, node_size);
    abort_all();
  }
}

// Selects device rank % deviceCount, creates its context and loads the
// driver entry points. Returns the device.
inline int select_device(int rank) {
  int ndev = 0;
  CUDA_CHECK(cudaGetDeviceCount(&ndev));
  const int dev = rank % ndev;
  CUDA_CHECK(cudaSetDevice(dev));
  CUDA_CHECK(cudaFree(nullptr));  // create the context now
  load_driver();
  return dev;
}

// Rank 0 prints one line per rank: device and PCI bus id, and whether each
// pair of neighbouring devices has peer access.
inline void describe_ranks(int rank, int nranks, int dev) {
  char bus[32] = {0};
  CUDA_CHECK(cudaDeviceGetPCIBusId(bus, int(sizeof bus), dev));
  std::vector<int> devs(size_t(nranks), 0);
  std::vector<char> buses(size_t(nranks) * sizeof bus, 0);
  MPI_CHECK(MPI_Gather(&dev, 1, MPI_INT, devs.data(), 1, MPI_INT, 0,
                       MPI_COMM_WORLD));
  MPI_CHECK(MPI_Gather(bus, int(sizeof bus), MPI_CHAR, buses.data(),
                       int(sizeof bus), MPI_CHAR, 0, MPI_COMM_WORLD));
  if (rank != 0) return;
  for (int r = 0; r < nranks; ++r) {
    std::printf("# rank %d: device %d (%s)", r, devs[size_t(r)],
                &buses[size_t(r) * sizeof bus]);
    if (r + 1 < nranks) {
      const int a = devs[size_t(r)], b = devs[size_t(r) + 1];
      int can = 1;
      if (a != b) CUDA_CHECK(cudaDeviceCanAccessPeer(&can, a, b));
      std::printf(", to rank %d: %s", r + 1,
                  a == b ? "same device" : (can ? "peer access" : "NO peer access"));
    }
    std::printf("\n");
  }
}

}  // namespace mgpu
