// collectives_bench: libxmprt's collectives (xmprt_reduce, xmprt_bcast,
// xmprt_allgather; plain and hybrid mode) next to what a program would
// otherwise write by hand: host-staged MPI, NCCL and CUDA-aware MPI for
// device data, plain MPI for host data. Issue 15's collectives table.
//
//   mpirun -np 2 collectives_bench [options]          device data, 1 GPU/rank
//   mpirun -np 4 collectives_bench --host [options]   host data
//
// Options:
//   --host               host data (any rank count; no CUDA call is made)
//   --out FILE           raw JSON (every sample)
//   --md FILE            the Markdown tables (also printed by rank 0)
//   --rounds R           timed rounds per size (default 20); sizes up to
//                        256 KiB run 5 R rounds (they are cheap and noisier)
//   --warmup W           untimed runs of each variant per size (default 5)
//   --sizes A,B,...      sizes in bytes (multiples of 8; allgather: bytes
//                        per rank); default 8 B x 4^k up to 32 MiB, and 64 MiB
//   --max-bytes N        the default sizes up to N
//   --ops LIST           allreduce,bcast,allgather (default all three)
//   --no-nccl            leave NCCL out
//   --cuda-aware-mpi=auto|yes|no
//                        MPI on device pointers: auto (default) asks Open
//                        MPI's MPIX_Query_cuda_support (mpi-ext.h); yes
//                        forces it (an MPI that is not CUDA-aware crashes)
//
// Operations: allreduce = in-place sum of doubles (bytes / 8 of them),
// bcast = bytes from the last rank, allgather = bytes per rank into a
// buffer of ranks x bytes.
//
// Variants, device data (device buffers from cudaMalloc, one GPU per rank:
// xmprt_device_id):
//   ours_plain   xmprt_reduce / xmprt_bcast / xmprt_allgather on the device
//                buffer, xmprt_set_collectives(XMPRT_COLL_PLAIN) and
//                xmprt_set_device_collectives(XMPRT_DEVCOLL_STAGED): the
//                runtime stages through its pinned host buffers
//   ours_hybrid  the same with XMPRT_COLL_HYBRID
//   ours_nccl    the same calls with
//                xmprt_set_device_collectives(XMPRT_DEVCOLL_NCCL): the
//                runtime's own NCCL path (libnccl.so.2 loaded at run time,
//                its communicator made at the first call, outside the
//                timing). Present when the runtime decides that it can use
//                NCCL on the communicator (xmprt_device_collectives_path,
//                asked after one untimed bcast); "n/a" with the runtime's
//                reason otherwise (one rank, ranks sharing a GPU, no
//                libnccl, a libxmprt built without nccl.h). On the mocked
//                CUDA runtime (collectives_bench_mock) this is the mocked
//                NCCL (runtime/test/mock/NcclMock.cpp).
//   staged       by hand: cudaMemcpyAsync device -> pinned host buffer
//                (cudaHostAlloc) on a stream of its own, synchronize, the
//                MPI collective on the host buffer, copy back, synchronize
//                (bcast: only the root copies out; allgather: the own block
//                out, the whole result back)
//   nccl         ncclAllReduce / ncclBroadcast / ncclAllGather on the
//                device buffers on the benchmark's stream, then
//                cudaStreamSynchronize; one communicator made at start
//                (ncclGetUniqueId, MPI_Bcast, ncclCommInitRank), outside
//                the timing. Built only when CMake finds nccl.h and
//                libnccl; skipped with a message when two ranks share a
//                GPU (NCCL refuses duplicate GPUs: checked over MPI before
//                any NCCL call) or its initialization fails on a rank.
//   mpi_cuda     MPI_Allreduce / MPI_Bcast / MPI_Allgather on the device
//                pointers, when MPI says it is CUDA-aware.
// Variants, host data (--host): ours_plain, ours_hybrid, and mpi (the MPI
// collective called directly on the same buffers).
// "speedup ours" in the tables is the best of ours' variants (plain,
// hybrid, nccl), named in parentheses.
//
// For every operation and size: every variant runs once on known data and
// its result is checked, element by element on every rank (a variant that
// fails is reported as wrong, not timed, and the exit status is 1); then
// W untimed runs per variant; then the rounds, each running every
// (correct) variant once in a fixed order (ABC ABC ...). A sample is a
// barrier, one operation (complete: streams synchronized), the time of
// the slowest rank. Reported: median (of the sorted samples, the element
// at n / 2) and min per variant, and every sample in the JSON. The timed
// allreduces run on zeros (the check's data would grow without bound;
// values do not change the cost).
//
// The environment's XMP_BENCH_MACHINE and XMP_BENCH_COMMIT name the
// machine and commit in the JSON (as in reflect_bench).
#include "xmprt/testing.h" // xmprt_device_collectives_path
#include "xmprt/xmprt.h"

#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h> // Open MPI: MPIX_CUDA_AWARE_SUPPORT, MPIX_Query_cuda_support
#endif
#ifdef XMP_BENCH_CUDA
#include <cuda_runtime_api.h>
#endif
#ifdef XMP_BENCH_NCCL
#include <nccl.h>
#endif

#include <algorithm>
#include <climits>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <set>
#include <string>
#include <vector>

namespace {

enum Op { ALLREDUCE = 0, BCAST = 1, ALLGATHER = 2 };
const char *const kOpName[] = {"allreduce", "bcast", "allgather"};

enum Var {
  V_PLAIN = 0,
  V_HYBRID,
  V_OURS_NCCL,
  V_STAGED,
  V_NCCL,
  V_MPI_CUDA,
  V_MPI_HOST,
  kVars
};
const char *const kVarKey[] = {"ours_plain", "ours_hybrid", "ours_nccl",
                               "staged",     "nccl",        "mpi_cuda",
                               "mpi"};
const char *const kVarLabel[] = {"ours plain",      "ours hybrid",
                                 "ours NCCL",       "host-staged MPI",
                                 "NCCL",            "CUDA-aware MPI",
                                 "MPI"};

int gRank = 0, gNp = 1;

// A setup error: the message, then the whole job stops.
[[noreturn]] __attribute__((format(printf, 1, 2))) void die(const char *fmt,
                                                            ...) {
  fprintf(stderr, "collectives_bench: rank %d: ", gRank);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n");
  MPI_Abort(MPI_COMM_WORLD, 2);
  exit(2);
}

#ifdef XMP_BENCH_CUDA
#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess)                                                     \
      die("%s: %s", #x, cudaGetErrorString(e_));                               \
  } while (0)
#endif
#ifdef XMP_BENCH_NCCL
#define NK(x)                                                                  \
  do {                                                                         \
    ncclResult_t r_ = (x);                                                     \
    if (r_ != ncclSuccess)                                                     \
      die("%s: %s", #x, ncclGetErrorString(r_));                               \
  } while (0)
#endif

struct Ctx {
  bool host = false;
  MPI_Comm comm = MPI_COMM_WORLD;
  xmprt_grid *g = nullptr;
  int64_t root[1] = {0}; // the last rank
  // A: allreduce / bcast buffer and allgather's send block; B: allgather's
  // result. Device data: device memory; host data: host memory.
  char *A = nullptr, *B = nullptr;
  // host-staged variant: pinned host buffers as large as A and B
  char *hA = nullptr, *hB = nullptr;
  std::vector<char> tmp; // inputs / results on their way in and out
#ifdef XMP_BENCH_CUDA
  cudaStream_t s = nullptr;
#endif
#ifdef XMP_BENCH_NCCL
  ncclComm_t nccl = nullptr;
#endif
};

// Inputs and expected results (exact in any summation order: small
// integer-valued doubles).
double arIn(int r, int64_t k) { return (double)(r + 1) * (double)(k % 251 + 1); }
double arOut(int64_t k) {
  return (double)gNp * (gNp + 1) / 2.0 * (double)(k % 251 + 1);
}
uint8_t bcPat(int64_t k) { return (uint8_t)(k * 7 + (k >> 9) * 13 + 3); }
uint8_t agPat(int r, int64_t k) { return (uint8_t)(r * 31 + k * 5 + (k >> 10) + 1); }

// Writes `n` bytes from the host buffer `src` into the variant's data
// (device or host memory), and back.
void put(Ctx &c, char *dst, const char *src, int64_t n) {
  if (c.host) {
    memcpy(dst, src, (size_t)n);
    return;
  }
#ifdef XMP_BENCH_CUDA
  CK(cudaMemcpyAsync(dst, src, (size_t)n, cudaMemcpyHostToDevice, c.s));
  CK(cudaStreamSynchronize(c.s));
#endif
}
void get(Ctx &c, char *dst, const char *src, int64_t n) {
  if (c.host) {
    memcpy(dst, src, (size_t)n);
    return;
  }
#ifdef XMP_BENCH_CUDA
  CK(cudaMemcpyAsync(dst, src, (size_t)n, cudaMemcpyDeviceToHost, c.s));
  CK(cudaStreamSynchronize(c.s));
#endif
}
void zero(Ctx &c, char *p, int64_t n) {
  if (c.host) {
    memset(p, 0, (size_t)n);
    return;
  }
#ifdef XMP_BENCH_CUDA
  CK(cudaMemsetAsync(p, 0, (size_t)n, c.s));
  CK(cudaStreamSynchronize(c.s));
#endif
}

// The operation's input on this rank (and a result buffer that holds
// nothing right).
void fill(Ctx &c, Op op, int64_t bytes) {
  char *t = c.tmp.data();
  if (op == ALLREDUCE) {
    auto *d = (double *)t;
    for (int64_t k = 0; k < bytes / 8; ++k)
      d[k] = arIn(gRank, k);
  } else if (op == BCAST) {
    bool root = gRank == gNp - 1;
    for (int64_t k = 0; k < bytes; ++k)
      t[k] = (char)(root ? bcPat(k) : (uint8_t)(bcPat(k) ^ 0x5a));
  } else {
    for (int64_t k = 0; k < bytes; ++k)
      t[k] = (char)agPat(gRank, k);
  }
  put(c, c.A, t, bytes);
  if (op == ALLGATHER) {
    memset(t, 0, (size_t)(bytes * gNp));
    put(c, c.B, t, bytes * gNp);
  }
}

// Whether every element of the result is right on every rank.
bool check(Ctx &c, Op op, int64_t bytes) {
  char *t = c.tmp.data();
  int64_t bad = 0;
  if (op == ALLREDUCE) {
    get(c, t, c.A, bytes);
    auto *d = (const double *)t;
    for (int64_t k = 0; k < bytes / 8; ++k)
      bad += d[k] != arOut(k);
  } else if (op == BCAST) {
    get(c, t, c.A, bytes);
    for (int64_t k = 0; k < bytes; ++k)
      bad += (uint8_t)t[k] != bcPat(k);
  } else {
    get(c, t, c.B, bytes * gNp);
    for (int q = 0; q < gNp; ++q)
      for (int64_t k = 0; k < bytes; ++k)
        bad += (uint8_t)t[q * bytes + k] != agPat(q, k);
  }
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT64_T, MPI_SUM, c.comm);
  return bad == 0;
}

// One operation of one variant, complete when it returns.
void runOnce(Ctx &c, Op op, Var v, int64_t bytes) {
  int64_t count = bytes / 8;
  int root = gNp - 1;
  switch (v) {
  case kVars:
    return;
  case V_PLAIN:
  case V_HYBRID:
  case V_OURS_NCCL: // the modes are set before the timed region
    if (op == ALLREDUCE)
      xmprt_reduce(c.g, -1, XMPRT_RED_SUM, XMPRT_F64, c.A, count);
    else if (op == BCAST)
      xmprt_bcast(c.g, c.root, c.A, bytes);
    else
      xmprt_allgather(c.g, -1, c.A, bytes, c.B);
    return;
  case V_MPI_HOST:
  case V_MPI_CUDA: // the buffers as they are (device pointers: CUDA-aware MPI)
    if (op == ALLREDUCE)
      MPI_Allreduce(MPI_IN_PLACE, c.A, (int)count, MPI_DOUBLE, MPI_SUM, c.comm);
    else if (op == BCAST)
      MPI_Bcast(c.A, (int)bytes, MPI_BYTE, root, c.comm);
    else
      MPI_Allgather(c.A, (int)bytes, MPI_BYTE, c.B, (int)bytes, MPI_BYTE,
                    c.comm);
    return;
  case V_STAGED:
#ifdef XMP_BENCH_CUDA
    if (op == ALLREDUCE) {
      CK(cudaMemcpyAsync(c.hA, c.A, (size_t)bytes, cudaMemcpyDeviceToHost, c.s));
      CK(cudaStreamSynchronize(c.s));
      MPI_Allreduce(MPI_IN_PLACE, c.hA, (int)count, MPI_DOUBLE, MPI_SUM, c.comm);
      CK(cudaMemcpyAsync(c.A, c.hA, (size_t)bytes, cudaMemcpyHostToDevice, c.s));
      CK(cudaStreamSynchronize(c.s));
    } else if (op == BCAST) {
      if (gRank == root) {
        CK(cudaMemcpyAsync(c.hA, c.A, (size_t)bytes, cudaMemcpyDeviceToHost,
                           c.s));
        CK(cudaStreamSynchronize(c.s));
      }
      MPI_Bcast(c.hA, (int)bytes, MPI_BYTE, root, c.comm);
      if (gRank != root) {
        CK(cudaMemcpyAsync(c.A, c.hA, (size_t)bytes, cudaMemcpyHostToDevice,
                           c.s));
        CK(cudaStreamSynchronize(c.s));
      }
    } else {
      CK(cudaMemcpyAsync(c.hA, c.A, (size_t)bytes, cudaMemcpyDeviceToHost, c.s));
      CK(cudaStreamSynchronize(c.s));
      MPI_Allgather(c.hA, (int)bytes, MPI_BYTE, c.hB, (int)bytes, MPI_BYTE,
                    c.comm);
      CK(cudaMemcpyAsync(c.B, c.hB, (size_t)(bytes * gNp),
                         cudaMemcpyHostToDevice, c.s));
      CK(cudaStreamSynchronize(c.s));
    }
#endif
    return;
  case V_NCCL:
#ifdef XMP_BENCH_NCCL
    if (op == ALLREDUCE)
      NK(ncclAllReduce(c.A, c.A, (size_t)count, ncclDouble, ncclSum, c.nccl,
                       c.s));
    else if (op == BCAST)
      NK(ncclBroadcast(c.A, c.A, (size_t)bytes, ncclUint8, root, c.nccl, c.s));
    else
      NK(ncclAllGather(c.A, c.B, (size_t)bytes, ncclUint8, c.nccl, c.s));
    CK(cudaStreamSynchronize(c.s));
#endif
    return;
  }
}

void setMode(Var v) {
  if (v == V_PLAIN || v == V_HYBRID) {
    xmprt_set_collectives(v == V_PLAIN ? XMPRT_COLL_PLAIN : XMPRT_COLL_HYBRID);
    xmprt_set_device_collectives(XMPRT_DEVCOLL_STAGED);
  } else if (v == V_OURS_NCCL) {
    xmprt_set_collectives(XMPRT_COLL_PLAIN);
    xmprt_set_device_collectives(XMPRT_DEVCOLL_NCCL);
  }
}

// One timed sample in microseconds: barrier, operation, slowest rank.
double sample(Ctx &c, Op op, Var v, int64_t bytes) {
  setMode(v);
  MPI_Barrier(c.comm);
  double t0 = MPI_Wtime();
  runOnce(c, op, v, bytes);
  double dt = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, c.comm);
  return dt * 1e6;
}

struct Result {
  Op op;
  int64_t bytes;
  Var var;
  bool ok = false;
  std::vector<double> samples; // in the order taken
  double med = 0, min = 0;
};

std::string sizeName(int64_t b) {
  char s[32];
  if (b >= (1 << 20) && b % (1 << 20) == 0)
    snprintf(s, sizeof s, "%lld MiB", (long long)(b >> 20));
  else if (b >= 1024 && b % 1024 == 0)
    snprintf(s, sizeof s, "%lld KiB", (long long)(b >> 10));
  else
    snprintf(s, sizeof s, "%lld B", (long long)b);
  return s;
}

std::vector<int64_t> parseList(const std::string &s) {
  std::vector<int64_t> v;
  size_t p = 0;
  while (p < s.size()) {
    size_t q = s.find(',', p);
    if (q == std::string::npos)
      q = s.size();
    v.push_back(atoll(s.substr(p, q - p).c_str()));
    p = q + 1;
  }
  return v;
}

std::string jsonStr(const std::string &s) {
  std::string o;
  for (char ch : s)
    if (ch == '"' || ch == '\\')
      o += std::string("\\") + ch;
    else if ((unsigned char)ch >= 0x20)
      o += ch;
  return o;
}

} // namespace

int main(int argc, char **argv) {
  xmprt_init(&argc, &argv);
  gRank = xmprt_world_rank();
  gNp = xmprt_world_size();
  Ctx c;
  std::string outJson, outMd, cudaAware = "auto";
  int rounds = 20, warmup = 5;
  bool useNccl = true;
  int64_t maxBytes = 64ll << 20;
  std::vector<int64_t> sizes;
  std::vector<Op> ops = {ALLREDUCE, BCAST, ALLGATHER};
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc)
        die("%s needs a value", a.c_str());
      return argv[++i];
    };
    if (a == "--host")
      c.host = true;
    else if (a == "--out")
      outJson = val();
    else if (a == "--md")
      outMd = val();
    else if (a == "--rounds")
      rounds = std::max(1, atoi(val().c_str()));
    else if (a == "--warmup")
      warmup = std::max(0, atoi(val().c_str()));
    else if (a == "--sizes")
      sizes = parseList(val());
    else if (a == "--max-bytes")
      maxBytes = atoll(val().c_str());
    else if (a == "--no-nccl")
      useNccl = false;
    else if (a.rfind("--cuda-aware-mpi=", 0) == 0)
      cudaAware = a.substr(17);
    else if (a == "--ops") {
      ops.clear();
      std::string l = val() + ",";
      for (size_t p = 0, q; (q = l.find(',', p)) != std::string::npos; p = q + 1) {
        std::string o = l.substr(p, q - p);
        if (o == "allreduce")
          ops.push_back(ALLREDUCE);
        else if (o == "bcast")
          ops.push_back(BCAST);
        else if (o == "allgather")
          ops.push_back(ALLGATHER);
        else if (!o.empty())
          die("unknown operation '%s'", o.c_str());
      }
    } else
      die("unknown argument '%s' (see the comment at the top of "
          "benchmarks/collectives_bench.cpp)",
          a.c_str());
  }
  (void)useNccl; // (no NCCL in this build)
  if (sizes.empty()) { // 8 B x 4^k up to 32 MiB, then 64 MiB
    for (int64_t b = 8; b <= std::min<int64_t>(maxBytes, 32ll << 20); b *= 4)
      sizes.push_back(b);
    if (maxBytes >= (64ll << 20))
      sizes.push_back(64ll << 20);
  }
  if (sizes.empty())
    die("no sizes (--max-bytes %lld)", (long long)maxBytes);
  for (int64_t b : sizes)
    if (b < 8 || b % 8 != 0 || b > INT_MAX)
      die("size %lld is not a positive multiple of 8 bytes up to INT_MAX",
          (long long)b);
  int64_t maxSize = *std::max_element(sizes.begin(), sizes.end());

  int64_t shape[1] = {gNp};
  c.g = xmprt_grid_create(1, shape);
  c.root[0] = gNp - 1;
  c.tmp.resize((size_t)(maxSize * gNp));

  std::vector<Var> vars;
  std::string ncclVersion, ncclWhy, cudaAwareWhy, gpuName, oursNcclWhy;
  int gpus = 0;
  bool cudaAwareOn = false;
  if (c.host) {
    vars = {V_PLAIN, V_HYBRID, V_MPI_HOST};
    size_t al = 4096, n = (size_t)((maxSize * gNp + al - 1) / al * al);
    c.A = (char *)aligned_alloc(al, (size_t)((maxSize + al - 1) / al * al));
    c.B = (char *)aligned_alloc(al, n);
    if (!c.A || !c.B)
      die("out of host memory");
  } else {
#ifndef XMP_BENCH_CUDA
    die("device data needs the CUDA build of libxmprt (run with --host)");
#else
    // One GPU per rank: the runtime's choice (node-local rank modulo the
    // devices), made current here for the benchmark's own CUDA calls.
    int dev = xmprt_device_id(), noGpu = dev < 0, anyNoGpu = 0;
    MPI_Allreduce(&noGpu, &anyNoGpu, 1, MPI_INT, MPI_MAX, c.comm);
    if (anyNoGpu) {
      if (gRank == 0)
        fprintf(stderr, "collectives_bench: a rank has no GPU (xmprt_device_id "
                        "-1): run with --host for host data\n");
      xmprt_finalize();
      return 2;
    }
    CK(cudaSetDevice(dev));
    // The runtime's context exists from here (its device-pointer test only
    // answers once one does).
    xmprt_gpu_stream();
    CK(cudaStreamCreateWithFlags(&c.s, cudaStreamNonBlocking));
    CK(cudaMalloc((void **)&c.A, (size_t)maxSize));
    CK(cudaMalloc((void **)&c.B, (size_t)(maxSize * gNp)));
    CK(cudaHostAlloc((void **)&c.hA, (size_t)maxSize, cudaHostAllocDefault));
    CK(cudaHostAlloc((void **)&c.hB, (size_t)(maxSize * gNp),
                     cudaHostAllocDefault));
    // Which GPU each rank drives: host name + PCI bus id (mock: device id).
    char key[256], host[MPI_MAX_PROCESSOR_NAME] = "";
    int hl = 0;
    MPI_Get_processor_name(host, &hl);
    char bus[64] = "";
#ifdef XMP_BENCH_MOCK
    snprintf(bus, sizeof bus, "mock%d", dev);
    gpuName = "mock device";
#else
    CK(cudaDeviceGetPCIBusId(bus, (int)sizeof bus, dev));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, dev));
    gpuName = prop.name;
#endif
    snprintf(key, sizeof key, "%s/%s", host, bus);
    std::vector<char> keys((size_t)gNp * sizeof key);
    MPI_Allgather(key, (int)sizeof key, MPI_CHAR, keys.data(), (int)sizeof key,
                  MPI_CHAR, c.comm);
    std::set<std::string> distinct;
    int dupA = -1, dupB = -1;
    for (int q = 0; q < gNp; ++q) {
      std::string k(&keys[(size_t)q * sizeof key]);
      for (int p = 0; p < q && dupA < 0; ++p)
        if (k == std::string(&keys[(size_t)p * sizeof key])) {
          dupA = p;
          dupB = q;
        }
      distinct.insert(k);
    }
    gpus = (int)distinct.size();
    vars = {V_PLAIN, V_HYBRID};
    // The runtime's NCCL path: its decision for the grid's communicator,
    // made (collectively) by one untimed bcast in NCCL mode.
    {
      xmprt_set_device_collectives(XMPRT_DEVCOLL_NCCL);
      xmprt_bcast(c.g, c.root, c.A, 8);
      char why[256] = "";
      int path = xmprt_device_collectives_path(c.g, -1, why, sizeof why);
      if (path == 1) {
        vars.push_back(V_OURS_NCCL);
        oursNcclWhy = why;
      } else {
        oursNcclWhy = path == 0 ? std::string(why)
                                : "one rank: nothing to communicate";
      }
    }
    vars.push_back(V_STAGED);
#ifdef XMP_BENCH_NCCL
    if (!useNccl) {
      ncclWhy = "--no-nccl";
    } else if (dupA >= 0) {
      ncclWhy = "ranks " + std::to_string(dupA) + " and " +
                std::to_string(dupB) + " share GPU " +
                std::string(&keys[(size_t)dupA * sizeof key]) +
                " (NCCL refuses duplicate GPUs)";
    } else {
      int v = 0;
      ncclGetVersion(&v);
      char vs[32];
      snprintf(vs, sizeof vs, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
      ncclVersion = vs;
      ncclUniqueId id;
      memset(&id, 0, sizeof id);
      int idOk = 1;
      if (gRank == 0)
        idOk = ncclGetUniqueId(&id) == ncclSuccess;
      MPI_Bcast(&idOk, 1, MPI_INT, 0, c.comm);
      MPI_Bcast(&id, (int)sizeof id, MPI_BYTE, 0, c.comm);
      ncclResult_t r = ncclInvalidUsage;
      if (idOk)
        r = ncclCommInitRank(&c.nccl, gNp, id, gRank);
      int ok = idOk && r == ncclSuccess, all = 0;
      MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, c.comm);
      if (!all) {
        // the lowest failing rank's reason
        char why[200] = "";
        if (!ok)
          snprintf(why, sizeof why, "rank %d: %s: %s", gRank,
                   idOk ? "ncclCommInitRank" : "ncclGetUniqueId",
                   idOk ? ncclGetErrorString(r) : "failed");
        int first = ok ? gNp : gRank;
        MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, c.comm);
        MPI_Bcast(why, (int)sizeof why, MPI_CHAR, first, c.comm);
        ncclWhy = why;
        if (ok && c.nccl)
          ncclCommAbort(c.nccl);
        c.nccl = nullptr;
      } else {
        vars.push_back(V_NCCL);
      }
    }
#else
    (void)dupB;
    ncclWhy = "not built with NCCL";
#endif
    // CUDA-aware MPI
    int aware = 0;
    if (cudaAware == "yes") {
      aware = 1;
      cudaAwareWhy = "forced by --cuda-aware-mpi=yes";
    } else if (cudaAware == "no") {
      cudaAwareWhy = "--cuda-aware-mpi=no";
    } else {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
      aware = MPIX_Query_cuda_support() == 1;
      cudaAwareWhy = aware ? "MPIX_Query_cuda_support() = 1"
                           : "MPIX_Query_cuda_support() = 0";
#elif defined(MPIX_CUDA_AWARE_SUPPORT)
      cudaAwareWhy = "MPIX_CUDA_AWARE_SUPPORT = 0 in mpi-ext.h";
#else
      cudaAwareWhy = "no MPIX_CUDA_AWARE_SUPPORT (mpi-ext.h)";
#endif
    }
    int allAware = 0;
    MPI_Allreduce(&aware, &allAware, 1, MPI_INT, MPI_MIN, c.comm);
    cudaAwareOn = allAware != 0;
    if (cudaAwareOn)
      vars.push_back(V_MPI_CUDA);
#endif
  }

  auto roundsFor = [&](int64_t b) { return b <= (256 << 10) ? 5 * rounds : rounds; };
  std::vector<Result> all;
  bool allOk = true;
  for (Op op : ops) {
    for (int64_t bytes : sizes) {
      std::vector<Result> rs;
      for (Var v : vars) {
        Result r;
        r.op = op;
        r.bytes = bytes;
        r.var = v;
        fill(c, op, bytes);
        setMode(v);
        MPI_Barrier(c.comm);
        runOnce(c, op, v, bytes);
        r.ok = check(c, op, bytes);
        allOk = allOk && r.ok;
        if (!r.ok && gRank == 0)
          fprintf(stderr, "collectives_bench: %s %s %s: WRONG RESULT\n",
                  kOpName[op], sizeName(bytes).c_str(), kVarKey[v]);
        rs.push_back(r);
      }
      if (op == ALLREDUCE)
        zero(c, c.A, bytes);
      for (Result &r : rs)
        for (int w = 0; r.ok && w < warmup; ++w)
          sample(c, op, r.var, bytes);
      int nr = roundsFor(bytes);
      for (int k = 0; k < nr; ++k)
        for (Result &r : rs)
          if (r.ok)
            r.samples.push_back(sample(c, op, r.var, bytes));
      for (Result &r : rs) {
        if (!r.samples.empty()) {
          std::vector<double> s = r.samples;
          std::sort(s.begin(), s.end());
          r.med = s[s.size() / 2];
          r.min = s[0];
        }
        all.push_back(r);
      }
      if (gRank == 0) {
        printf("# %s %s:", kOpName[op], sizeName(bytes).c_str());
        for (Result &r : rs)
          if (r.ok)
            printf(" %s %.1f", kVarKey[r.var], r.med);
          else
            printf(" %s WRONG", kVarKey[r.var]);
        printf(" (median us, %d rounds)\n", nr);
        fflush(stdout);
      }
    }
  }

  if (gRank == 0) {
    time_t now = time(nullptr);
    char date[64];
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    const char *machineEnv = getenv("XMP_BENCH_MACHINE");
    const char *commitEnv = getenv("XMP_BENCH_COMMIT");
    char hostName[MPI_MAX_PROCESSOR_NAME] = "";
    int hl = 0;
    MPI_Get_processor_name(hostName, &hl);
    std::string machine = machineEnv && *machineEnv ? machineEnv : hostName;
    std::string commit = commitEnv && *commitEnv ? commitEnv : "unknown";
    Var base = c.host ? V_MPI_HOST : V_STAGED;
    auto find = [&](Op op, int64_t b, Var v) -> const Result * {
      for (const Result &r : all)
        if (r.op == op && r.bytes == b && r.var == v)
          return &r;
      return nullptr;
    };
    bool hasVar[kVars] = {};
    for (Var v : vars)
      hasVar[v] = true;
    // The best of ours' variants (correct ones only), and which it is.
    auto bestOurs = [&](Op op, int64_t b, Var *which) -> const Result * {
      const Result *best = nullptr;
      for (Var v : {V_PLAIN, V_HYBRID, V_OURS_NCCL}) {
        const Result *r = find(op, b, v);
        if (r && r->ok && (!best || r->med < best->med)) {
          best = r;
          *which = v;
        }
      }
      return best;
    };

    // Markdown
    std::string md;
    char line[1024];
    snprintf(line, sizeof line,
             "## Collectives, %s data: %d rank%s%s, sub-cluster size %d, %s, "
             "commit %s\n\n",
             c.host ? "host" : "device", gNp, gNp > 1 ? "s" : "",
             c.host ? ""
                    : (", " + std::to_string(gpus) + " GPU" +
                       (gpus > 1 ? "s" : "") +
                       (gpuName.empty() ? "" : " (" + gpuName + ")"))
                          .c_str(),
             xmprt_subcluster_size(), machine.c_str(), commit.c_str());
    md += line;
    snprintf(line, sizeof line,
             "Median us per operation (time of the slowest rank; %d rounds, "
             "%d for sizes up to 256 KiB, %d warm-up runs; interleaved). "
             "Speedup of V = %s median / V median (> 1: V is faster); "
             "\"speedup ours\" takes the best of ours' variants (plain, "
             "hybrid%s).\n",
             rounds, 5 * rounds, warmup, kVarLabel[base],
             c.host ? "" : ", NCCL");
    md += line;
    if (gNp == 1)
      md += "One rank: a sanity run, not a comparison (xmprt_reduce returns "
            "at once on a one-rank communicator; the others still copy).\n";
    if (!c.host) {
      md += std::string("NCCL: ") +
            (hasVar[V_NCCL] ? ncclVersion : "skipped: " + ncclWhy) +
            ". Ours with NCCL: " +
            (hasVar[V_OURS_NCCL] ? oursNcclWhy : "n/a (" + oursNcclWhy + ")") +
            ". CUDA-aware MPI: " + (cudaAwareOn ? "yes" : "no") + " (" +
            cudaAwareWhy + ").\n";
    }
    // Table columns: the variants run, and ours NCCL as "n/a" on device
    // data when the runtime cannot use NCCL.
    std::vector<Var> cols = vars;
    if (!c.host && !hasVar[V_OURS_NCCL])
      cols.insert(cols.begin() + 2, V_OURS_NCCL);
    for (Op op : ops) {
      snprintf(line, sizeof line, "\n### %s%s\n\n| %s |", kOpName[op],
               op == ALLREDUCE   ? " (sum of f64, in place)"
               : op == BCAST     ? " (from the last rank)"
                                 : " (bytes per rank)",
               "bytes");
      md += line;
      for (Var v : cols)
        md += std::string(" ") + kVarLabel[v] + " |";
      md += " speedup ours |";
      if (hasVar[V_NCCL])
        md += " speedup NCCL |";
      if (hasVar[V_MPI_CUDA])
        md += " speedup CUDA-aware |";
      md += "\n|---|";
      for (size_t i = 0; i < cols.size(); ++i)
        md += "---|";
      md += "---|";
      if (hasVar[V_NCCL])
        md += "---|";
      if (hasVar[V_MPI_CUDA])
        md += "---|";
      md += "\n";
      for (int64_t b : sizes) {
        md += "| " + sizeName(b) + " |";
        for (Var v : cols) {
          const Result *r = find(op, b, v);
          if (!hasVar[v])
            snprintf(line, sizeof line, " n/a |");
          else if (r && r->ok)
            snprintf(line, sizeof line, " %.1f |", r->med);
          else
            snprintf(line, sizeof line, " WRONG |");
          md += line;
        }
        const Result *bs = find(op, b, base);
        auto ratio = [&](const Result *r, const char *tag) {
          if (bs && bs->ok && r && r->ok && r->med > 0)
            snprintf(line, sizeof line, " %.2f%s |", bs->med / r->med, tag);
          else
            snprintf(line, sizeof line, " - |");
          md += line;
        };
        Var bv = V_PLAIN;
        const Result *best = bestOurs(op, b, &bv);
        ratio(best, bv == V_HYBRID    ? " (hybrid)"
                    : bv == V_OURS_NCCL ? " (nccl)"
                                        : " (plain)");
        if (hasVar[V_NCCL])
          ratio(find(op, b, V_NCCL), "");
        if (hasVar[V_MPI_CUDA])
          ratio(find(op, b, V_MPI_CUDA), "");
        md += "\n";
      }
    }
    // Issue 15's target: the scalar allreduce on device data.
    std::string scalar;
    if (!c.host) {
      const Result *bs = find(ALLREDUCE, 8, V_STAGED),
                   *nc = find(ALLREDUCE, 8, V_NCCL);
      Var bv = V_PLAIN;
      const Result *best = bestOurs(ALLREDUCE, 8, &bv);
      if (bs && bs->ok && best) {
        snprintf(line, sizeof line,
                 "\nScalar (8 B) allreduce on device data: host-staged MPI "
                 "%.1f us / best of ours (%s) %.1f us = %.2fx (issue 15's "
                 "target: >= 1.4x)",
                 bs->med,
                 bv == V_HYBRID    ? "hybrid"
                 : bv == V_OURS_NCCL ? "nccl"
                                     : "plain",
                 best->med, bs->med / best->med);
        scalar = line;
        if (nc && nc->ok) {
          snprintf(line, sizeof line, "; NCCL %.1f us = %.2fx", nc->med,
                   bs->med / nc->med);
          scalar += line;
        }
        scalar += ".\n";
        md += scalar;
      }
    }
    md += allOk ? "\nall results correct\n"
                : "\nSOME RESULTS WRONG (marked WRONG above)\n";
    fputs(("\n" + md).c_str(), stdout);
    fflush(stdout);
    if (!outMd.empty()) {
      FILE *f = fopen(outMd.c_str(), "w");
      if (f) {
        fputs(md.c_str(), f);
        fclose(f);
      } else {
        fprintf(stderr, "collectives_bench: cannot write %s\n", outMd.c_str());
      }
    }
    if (!outJson.empty()) {
      FILE *f = fopen(outJson.c_str(), "w");
      if (!f) {
        fprintf(stderr, "collectives_bench: cannot write %s\n", outJson.c_str());
      } else {
        fprintf(f,
                "{\n  \"benchmark\": \"collectives\",\n  \"machine\": \"%s\",\n"
                "  \"date\": \"%s\",\n  \"commit\": \"%s\",\n  \"data\": \"%s\",\n"
                "  \"nprocs\": %d,\n  \"gpus\": %d,\n  \"gpu_name\": \"%s\",\n"
                "  \"subcluster_size\": %d,\n  \"rounds\": %d,\n"
                "  \"rounds_small\": %d,\n  \"warmup\": %d,\n",
                jsonStr(machine).c_str(), date, jsonStr(commit).c_str(),
                c.host ? "host" : "device", gNp, gpus, jsonStr(gpuName).c_str(),
                xmprt_subcluster_size(), rounds, 5 * rounds, warmup);
        if (hasVar[V_NCCL])
          fprintf(f, "  \"nccl_version\": \"%s\",\n  \"nccl_skipped\": null,\n",
                  ncclVersion.c_str());
        else
          fprintf(f, "  \"nccl_version\": null,\n  \"nccl_skipped\": %s,\n",
                  c.host ? "null" : ("\"" + jsonStr(ncclWhy) + "\"").c_str());
        if (c.host)
          fprintf(f, "  \"ours_nccl\": null,\n");
        else
          fprintf(f, "  \"ours_nccl\": {\"used\": %s, \"why\": \"%s\"},\n",
                  hasVar[V_OURS_NCCL] ? "true" : "false",
                  jsonStr(oursNcclWhy).c_str());
        fprintf(f, "  \"cuda_aware_mpi\": %s,\n  \"cuda_aware_mpi_why\": \"%s\",\n",
                cudaAwareOn ? "true" : "false", jsonStr(cudaAwareWhy).c_str());
        fprintf(f, "  \"variants\": [");
        for (size_t i = 0; i < vars.size(); ++i)
          fprintf(f, "%s\"%s\"", i ? ", " : "", kVarKey[vars[i]]);
        fprintf(f, "],\n  \"baseline\": \"%s\",\n  \"all_ok\": %s,\n",
                kVarKey[base], allOk ? "true" : "false");
        fprintf(f, "  \"results\": [\n");
        for (size_t i = 0; i < all.size(); ++i) {
          const Result &r = all[i];
          fprintf(f,
                  "    {\"op\": \"%s\", \"bytes\": %lld, \"variant\": \"%s\", "
                  "\"ok\": %s",
                  kOpName[r.op], (long long)r.bytes, kVarKey[r.var],
                  r.ok ? "true" : "false");
          if (r.ok) {
            fprintf(f, ", \"median_us\": %.3f, \"min_us\": %.3f, \"samples_us\": [",
                    r.med, r.min);
            for (size_t k = 0; k < r.samples.size(); ++k)
              fprintf(f, "%s%.3f", k ? ", " : "", r.samples[k]);
            fprintf(f, "]");
          }
          fprintf(f, "}%s\n", i + 1 < all.size() ? "," : "");
        }
        fprintf(f, "  ]\n}\n");
        fclose(f);
      }
    }
  }

#ifdef XMP_BENCH_NCCL
  if (c.nccl)
    ncclCommDestroy(c.nccl);
#endif
#ifdef XMP_BENCH_CUDA
  if (!c.host) {
    CK(cudaStreamSynchronize(c.s));
    cudaFree(c.A);
    cudaFree(c.B);
    cudaFreeHost(c.hA);
    cudaFreeHost(c.hB);
    cudaStreamDestroy(c.s);
    c.A = c.B = nullptr;
  }
#endif
  if (c.host) {
    free(c.A);
    free(c.B);
  }
  xmprt_grid_destroy(c.g);
  xmprt_finalize();
  return allOk ? 0 : 1;
}
