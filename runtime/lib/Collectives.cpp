//===- Collectives.cpp - reductions, broadcast, all-gather (plain, hybrid) ===//
//
// Plain: MPI collectives on the grid (or grid-axis) communicator.
// Hybrid (thesis): the communicator is cut into its sub-clusters; inside a
// sub-cluster data moves through an MPI-3 shared scratch window (one slot per
// rank), between sub-clusters only the leaders (local rank 0) talk MPI:
//   bcast     : root -> its leader (shared memory), binomial tree over the
//               leaders (MPI point to point), leader -> its ranks (shared).
//   allreduce : every rank puts its data in its slot, the leader combines
//               the slots in local-rank order, MPI_Allreduce over leaders,
//               everybody reads the leader's slot.
//   allgather : recursive doubling; the steps whose partner is inside the
//               sub-cluster collapse into one shared-memory exchange, the
//               later steps are MPI_Sendrecv with partner rank ^ mask.
//               Needs a power-of-two size and aligned power-of-two
//               sub-clusters; otherwise it falls back to MPI_Allgather.
// Buffers in device memory (acc reductions in the CUDA build) run through
// NCCL where the device-collectives mode chooses it and NCCL can do the
// operation on that communicator (GpuNccl.cpp), and are otherwise staged
// through host memory around the same algorithms.
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"

#include <algorithm>
#include <climits>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <string>

using namespace xmprt;

namespace {

// Page-locked host buffers that device buffers are staged through, kept
// for the process (slot 0: the operation's buffer; slot 1: an all-gather's
// receive side) and grown to the next power of two when too small. A
// pageable buffer made per call (as before) cost a zero fill and copies at
// pageable speed: a 64 MiB device bcast took 46 ms against 1.2 ms for the
// hand-written pinned staging (collectives_bench, one H200).
char *stagingBuffer(int slot, int64_t bytes, const char *fn) {
  static char *buf[2] = {nullptr, nullptr};
  static int64_t cap[2] = {0, 0};
  if (bytes > cap[slot]) {
    int64_t n = 4096;
    while (n < bytes)
      n *= 2;
    gpu::pinnedFree(buf[slot]);
    buf[slot] = (char *)gpu::pinnedAlloc(n, fn);
    cap[slot] = n;
  }
  return buf[slot];
}

// A buffer the collective works on in host memory: the caller's own, or a
// host copy of a device buffer in staging slot `slot` (copied in if `in`,
// back at scope exit if `out`).
class HostStaged {
public:
  HostStaged(void *p, int64_t bytes, bool in, bool out, const char *fn,
             int slot = 0)
      : dev_(p), bytes_(bytes), out_(out), fn_(fn) {
    if (bytes <= 0 || !gpu::isDevicePointer(p)) {
      ptr_ = p;
      return;
    }
    staged_ = true;
    ptr_ = stagingBuffer(slot, bytes, fn);
    if (in) {
      gpu::copyAsync(ptr_, p, bytes, fn);
      gpu::sync(fn);
    }
  }
  ~HostStaged() {
    if (!staged_ || !out_)
      return;
    gpu::copyAsync(dev_, ptr_, bytes_, fn_);
    gpu::sync(fn_);
  }
  char *get() const { return (char *)ptr_; }

private:
  void *dev_, *ptr_ = nullptr;
  int64_t bytes_;
  bool out_, staged_ = false;
  const char *fn_;
};

int gMode = -1;

int collMode() {
  if (gMode < 0) {
    // Choices plain|hybrid; unset: plain.
    gMode = settings::choice("XMP_COLLECTIVES", "xmprt_collectives") == 1
                ? XMPRT_COLL_HYBRID
                : XMPRT_COLL_PLAIN;
  }
  return gMode;
}

const int64_t kSlotBytes = 1 << 20;

//--- device collectives: staged or NCCL ----------------------------------------
int gDevMode = -1;

int devMode() {
  if (gDevMode < 0) {
    // Choices staged|nccl|auto, the order of XMPRT_DEVCOLL_*; unset:
    // staged until the 2-GPU table decides (docs/runtime.md).
    int c = settings::choice("XMP_DEVICE_COLLECTIVES",
                             "xmprt_device_collectives");
    gDevMode = c < 0 ? XMPRT_DEVCOLL_STAGED : c;
  }
  return gDevMode;
}

// XMP_NCCL_MIN_BYTES: the smallest message auto gives to NCCL.
int64_t ncclMinBytes() {
  static const int64_t v = settings::integerOrDefault(
      "XMP_NCCL_MIN_BYTES", "xmprt_device_collectives");
  return v;
}

// "grid [2x2]", "grid [2x2] axis 1" (XMP_VERBOSE).
std::string whereOf(const xmprt_grid *g, int32_t axis) {
  std::string s = "grid [";
  for (int32_t a = 0; a < g->ndims; ++a)
    s += (a ? "x" : "") + std::to_string(g->shape[a]);
  s += "]";
  if (axis >= 0)
    s += " axis " + std::to_string(axis);
  return s;
}

// XMP_VERBOSE: why a device collective that the mode would give to NCCL
// stays staged, once per function and reason (comm rank 0 prints).
void sayStaged(MPI_Comm c, const char *fn, const char *why) {
  if (!envVerbose())
    return;
  static std::set<std::string> said;
  int r = 0;
  MPI_Comm_rank(c, &r);
  if (r != 0 || !said.insert(std::string(fn) + ": " + why).second)
    return;
  fprintf(stderr, "xmprt: rank %d: %s: device collective staged: %s\n",
          reportRank(), fn, why);
  fflush(stderr);
}

// The NCCL communicator for a device collective of `bytes` bytes on `c`
// (more than one rank), or nullptr: stage it. `unsupported`: why NCCL
// cannot do this operation (nullptr: it can). Every rank of `c` calls it
// with the same arguments (SPMD code passes buffers of one kind, sizes,
// types and operations alike everywhere), so that the first call that may
// use NCCL decides for `c` collectively (gpu::ncclCommFor) and every
// rank takes the same path.
gpu::NcclComm *ncclFor(const xmprt_grid *g, int32_t axis, MPI_Comm c,
                       int64_t bytes, const char *unsupported,
                       const char *fn) {
  int m = devMode();
  if (m == XMPRT_DEVCOLL_STAGED ||
      (m == XMPRT_DEVCOLL_AUTO && bytes < ncclMinBytes()))
    return nullptr;
  if (unsupported) {
    sayStaged(c, fn, unsupported);
    return nullptr;
  }
  return gpu::ncclCommFor(c, whereOf(g, axis).c_str(), fn);
}

// How NCCL computes reduction `op` on `type`: its type and operation and
// the element count for `count` elements; false (why in *why) when it has
// no such reduction. NCCL has sum, prod, max and min on 8-, 32- and 64-bit
// integers and on reals; i1 (bytes 0/1) maps and/or to min/max of bytes;
// complex sums are sums of float pairs.
bool ncclReduction(int32_t op, int32_t type, int64_t count, gpu::NcclType &t,
                   gpu::NcclOp &o, int64_t &n, const char **why) {
  n = count;
  if (op == XMPRT_RED_MAXLOC || op == XMPRT_RED_MINLOC) {
    *why = "NCCL has no maxloc/minloc";
    return false;
  }
  if (type == XMPRT_I1) {
    t = gpu::NcclType::Uint8;
    switch (op) {
    case XMPRT_RED_SUM:
      *why = "an i1 sum is a parity (the low bit of the byte sum), which "
             "NCCL cannot bring back";
      return false;
    case XMPRT_RED_BXOR:
      *why = "NCCL has no bitwise xor";
      return false;
    case XMPRT_RED_PROD: o = gpu::NcclOp::Prod; return true;
    case XMPRT_RED_MAX:
    case XMPRT_RED_LOR:
    case XMPRT_RED_BOR: o = gpu::NcclOp::Max; return true;
    default: o = gpu::NcclOp::Min; return true; // min, land, band
    }
  }
  switch (op) {
  case XMPRT_RED_SUM: o = gpu::NcclOp::Sum; break;
  case XMPRT_RED_PROD: o = gpu::NcclOp::Prod; break;
  case XMPRT_RED_MAX: o = gpu::NcclOp::Max; break;
  case XMPRT_RED_MIN: o = gpu::NcclOp::Min; break;
  default:
    *why = "NCCL has no logical or bitwise reductions";
    return false;
  }
  switch (type) {
  case XMPRT_I8: t = gpu::NcclType::Int8; return true;
  case XMPRT_I32: t = gpu::NcclType::Int32; return true;
  case XMPRT_I64: t = gpu::NcclType::Int64; return true;
  case XMPRT_F32: t = gpu::NcclType::Float32; return true;
  case XMPRT_F64: t = gpu::NcclType::Float64; return true;
  case XMPRT_I16:
    *why = "NCCL has no 16-bit integers";
    return false;
  case XMPRT_C32:
  case XMPRT_C64:
    if (op != XMPRT_RED_SUM) {
      *why = "NCCL has no complex product";
      return false;
    }
    t = type == XMPRT_C32 ? gpu::NcclType::Float32 : gpu::NcclType::Float64;
    n = 2 * count;
    return true;
  }
  *why = "unknown element type";
  return false;
}

// The NCCL communicator a device reduction of `count` elements of `type`
// (`itemBytes` each) over `c` takes, with NCCL's type, operation and count
// in t, o, n; null when it stays staged (the mode, the size, a reduction
// NCCL has not: said once under XMP_VERBOSE).
gpu::NcclComm *ncclReduceFor(const xmprt_grid *g, int32_t axis, MPI_Comm c,
                             int32_t op, int32_t type, int64_t count,
                             int64_t itemBytes, gpu::NcclType &t,
                             gpu::NcclOp &o, int64_t &n, const char *fn) {
  const char *why = nullptr;
  bool can = ncclReduction(op, type, count, t, o, n, &why);
  return ncclFor(g, axis, c, count * itemBytes, can ? nullptr : why, fn);
}

//--- element-wise combination (hybrid path and MPI user ops) -------------------
template <typename T> struct Loc {
  T v;
  int64_t i;
};

template <typename T> void combineT(int op, T *io, const T *in, int64_t n) {
  for (int64_t k = 0; k < n; ++k) {
    T &a = io[k];
    const T &b = in[k];
    switch (op) {
    case XMPRT_RED_SUM:
      a = a + b;
      break;
    case XMPRT_RED_PROD:
      a = a * b;
      break;
    default:
      if constexpr (!std::is_same<T, std::complex<float>>::value &&
                    !std::is_same<T, std::complex<double>>::value) {
        if (op == XMPRT_RED_MAX)
          a = std::max(a, b);
        else if (op == XMPRT_RED_MIN)
          a = std::min(a, b);
        if constexpr (std::is_integral<T>::value) {
          if (op == XMPRT_RED_LAND)
            a = (a && b);
          else if (op == XMPRT_RED_LOR)
            a = (a || b);
          else if (op == XMPRT_RED_BAND)
            a = a & b;
          else if (op == XMPRT_RED_BOR)
            a = a | b;
          else if (op == XMPRT_RED_BXOR)
            a = a ^ b;
        }
      }
    }
  }
}

template <typename T> void combineLoc(int op, void *iov, const void *inv,
                                      int64_t n) {
  auto *io = (Loc<T> *)iov;
  auto *in = (const Loc<T> *)inv;
  for (int64_t k = 0; k < n; ++k) {
    bool better = op == XMPRT_RED_MAXLOC ? in[k].v > io[k].v : in[k].v < io[k].v;
    if (better || (in[k].v == io[k].v && in[k].i < io[k].i))
      io[k] = in[k];
  }
}

void combine(int op, int type, void *io, const void *in, int64_t n) {
  bool loc = op == XMPRT_RED_MAXLOC || op == XMPRT_RED_MINLOC;
#define XMPRT_CASE(E, T)                                                       \
  case E:                                                                      \
    if (loc)                                                                   \
      combineLoc<T>(op, io, in, n);                                            \
    else                                                                       \
      combineT<T>(op, (T *)io, (const T *)in, n);                              \
    return;
  switch (type) {
    XMPRT_CASE(XMPRT_I8, int8_t)
    XMPRT_CASE(XMPRT_I16, int16_t)
    XMPRT_CASE(XMPRT_I32, int32_t)
    XMPRT_CASE(XMPRT_I64, int64_t)
    XMPRT_CASE(XMPRT_F32, float)
    XMPRT_CASE(XMPRT_F64, double)
    XMPRT_CASE(XMPRT_I1, uint8_t)
  case XMPRT_C32:
    combineT<std::complex<float>>(op, (std::complex<float> *)io,
                                  (const std::complex<float> *)in, n);
    return;
  case XMPRT_C64:
    combineT<std::complex<double>>(op, (std::complex<double> *)io,
                                   (const std::complex<double> *)in, n);
    return;
  }
#undef XMPRT_CASE
}

// MPI user ops for MAXLOC/MINLOC on (value, int64) pairs.
template <int OP, int TYPE>
void locUserFn(void *in, void *inout, int *len, MPI_Datatype *) {
  combine(OP, TYPE, inout, in, *len);
}

MPI_Datatype pairType() {
  static MPI_Datatype t = [] {
    MPI_Datatype x;
    MPI_Type_contiguous(16, MPI_BYTE, &x);
    MPI_Type_commit(&x);
    return x;
  }();
  return t;
}

template <int OP> MPI_Op locOp(int type) {
  static MPI_Op ops[9] = {MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL,
                          MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL,
                          MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL};
  if (ops[type] == MPI_OP_NULL) {
    MPI_User_function *f = nullptr;
    switch (type) {
    case XMPRT_I8: f = locUserFn<OP, XMPRT_I8>; break;
    case XMPRT_I16: f = locUserFn<OP, XMPRT_I16>; break;
    case XMPRT_I32: f = locUserFn<OP, XMPRT_I32>; break;
    case XMPRT_I64: f = locUserFn<OP, XMPRT_I64>; break;
    case XMPRT_F32: f = locUserFn<OP, XMPRT_F32>; break;
    case XMPRT_F64: f = locUserFn<OP, XMPRT_F64>; break;
    case XMPRT_I1: f = locUserFn<OP, XMPRT_I1>; break;
    }
    MPI_Op_create(f, 1, &ops[type]);
  }
  return ops[type];
}

MPI_Datatype mpiType(int type) {
  switch (type) {
  case XMPRT_I8: return MPI_INT8_T;
  case XMPRT_I16: return MPI_INT16_T;
  case XMPRT_I32: return MPI_INT32_T;
  case XMPRT_I64: return MPI_INT64_T;
  case XMPRT_F32: return MPI_FLOAT;
  case XMPRT_F64: return MPI_DOUBLE;
  case XMPRT_C32: return MPI_C_FLOAT_COMPLEX;
  case XMPRT_C64: return MPI_C_DOUBLE_COMPLEX;
  case XMPRT_I1: return MPI_UINT8_T;
  }
  return MPI_DATATYPE_NULL;
}

// Datatype, op and bytes per item of a reduction (after validation).
struct RedSpec {
  MPI_Datatype type;
  MPI_Op op;
  int64_t itemBytes;
};

RedSpec redSpec(int op, int type, const char *fn) {
  XMPRT_CHECK(elemSize(type) > 0, fn, "unknown element type %d", type);
  XMPRT_CHECK(op < XMPRT_RED_FIRSTMAX || op > XMPRT_RED_LASTMIN, fn,
              "location reduction %d needs xmprt_reduce_loc", op);
  XMPRT_CHECK(op >= XMPRT_RED_SUM && op <= XMPRT_RED_BXOR, fn,
              "unknown reduction kind %d", op);
  bool cplx = type == XMPRT_C32 || type == XMPRT_C64;
  bool flt = type == XMPRT_F32 || type == XMPRT_F64 || cplx;
  if (op == XMPRT_RED_MAXLOC || op == XMPRT_RED_MINLOC) {
    XMPRT_CHECK(!cplx, fn, "maxloc/minloc on complex values");
    return {pairType(),
            op == XMPRT_RED_MAXLOC ? locOp<XMPRT_RED_MAXLOC>(type)
                                   : locOp<XMPRT_RED_MINLOC>(type),
            16};
  }
  XMPRT_CHECK(!(cplx && (op == XMPRT_RED_MAX || op == XMPRT_RED_MIN)), fn,
              "max/min on complex values");
  XMPRT_CHECK(!(flt && op >= XMPRT_RED_LAND), fn,
              "logical/bitwise reduction %d on a floating type", op);
  static const MPI_Op ops[] = {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN,
                               MPI_LAND, MPI_LOR,  MPI_BAND, MPI_BOR};
  return {mpiType(type), op == XMPRT_RED_BXOR ? MPI_BXOR : ops[op],
          elemSize(type)};
}

MPI_Comm commOf(xmprt_grid *g, int32_t axis, const char *fn) {
  requireGrid(g, fn);
  XMPRT_CHECK(axis < g->ndims, fn, "axis %d out of range [0,%d)", axis,
              g->ndims);
  if (!g->inGrid())
    return MPI_COMM_NULL;
  return axis < 0 ? g->comm : g->axisComm[axis];
}

HybridComm &hybridOf(xmprt_grid *g, int32_t axis, const char *fn) {
  std::unique_ptr<HybridComm> &slot =
      axis < 0 ? g->hybridAll : g->hybridAxis[axis];
  if (slot)
    return *slot;
  slot.reset(new HybridComm);
  HybridComm &h = *slot;
  h.comm = axis < 0 ? g->comm : g->axisComm[axis];
  int r, n;
  MPI_Comm_rank(h.comm, &r);
  MPI_Comm_size(h.comm, &n);
  int sid = subCluster().id;
  XMPRT_MPI(MPI_Comm_split(h.comm, sid, r, &h.local), fn);
  MPI_Comm_rank(h.local, &h.localRank);
  MPI_Comm_size(h.local, &h.localSize);
  XMPRT_MPI(MPI_Comm_split(h.comm, h.localRank == 0 ? 0 : MPI_UNDEFINED, r,
                           &h.leaders),
            fn);
  int li = -1;
  if (h.leaders != MPI_COMM_NULL)
    MPI_Comm_rank(h.leaders, &li);
  MPI_Bcast(&li, 1, MPI_INT, 0, h.local);
  h.leaderIndexOf.resize(n);
  MPI_Allgather(&li, 1, MPI_INT, h.leaderIndexOf.data(), 1, MPI_INT, h.comm);
  std::vector<int> lr(n);
  MPI_Allgather(&h.localRank, 1, MPI_INT, lr.data(), 1, MPI_INT, h.comm);
  h.localOf.assign(n, -1);
  for (int q = 0; q < n; ++q)
    if (h.leaderIndexOf[q] == li)
      h.localOf[q] = lr[q];
  h.slotBytes = kSlotBytes;
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "alloc_shared_noncontig", "true");
  void *mine;
  XMPRT_MPI(MPI_Win_allocate_shared((MPI_Aint)h.slotBytes, 1, info, h.local,
                                    &mine, &h.win),
            fn);
  MPI_Info_free(&info);
  h.slots.resize(h.localSize);
  for (int q = 0; q < h.localSize; ++q) {
    MPI_Aint sz;
    int du;
    void *p;
    MPI_Win_shared_query(h.win, q, &sz, &du, &p);
    h.slots[q] = (char *)p;
  }
  MPI_Win_lock_all(MPI_MODE_NOCHECK, h.win);
  return h;
}

void localSync(HybridComm &h) {
  MPI_Win_sync(h.win);
  MPI_Barrier(h.local);
  MPI_Win_sync(h.win);
}

void hybridAllreduce(HybridComm &h, int op, int type, const RedSpec &rs,
                     char *buf, int64_t count) {
  int64_t per = h.slotBytes / rs.itemBytes;
  for (int64_t off = 0; off < count; off += per) {
    int64_t n = std::min(per, count - off);
    int64_t nb = n * rs.itemBytes;
    memcpy(h.slots[h.localRank], buf + off * rs.itemBytes, nb);
    localSync(h);
    if (h.localRank == 0) {
      for (int q = 1; q < h.localSize; ++q)
        combine(op, type, h.slots[0], h.slots[q], n);
      int nl = 1;
      MPI_Comm_size(h.leaders, &nl);
      if (nl > 1)
        XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, h.slots[0], (int)n, rs.type,
                                rs.op, h.leaders),
                  "xmprt_reduce");
    }
    localSync(h);
    memcpy(buf + off * rs.itemBytes, h.slots[0], nb);
    localSync(h); // slot 0 is reused by the next chunk
  }
}

void binomialBcast(MPI_Comm c, int root, char *buf, int64_t bytes) {
  int r, n;
  MPI_Comm_rank(c, &r);
  MPI_Comm_size(c, &n);
  int rel = (r - root + n) % n, mask = 1;
  const int kChunk = INT_MAX / 2;
  auto xfer = [&](int peer, bool send) {
    for (int64_t off = 0; off < bytes; off += kChunk) {
      int len = (int)std::min<int64_t>(kChunk, bytes - off);
      if (send)
        XMPRT_MPI(MPI_Send(buf + off, len, MPI_BYTE, peer, 77, c), "xmprt_bcast");
      else
        XMPRT_MPI(MPI_Recv(buf + off, len, MPI_BYTE, peer, 77, c,
                           MPI_STATUS_IGNORE),
                  "xmprt_bcast");
    }
  };
  while (mask < n) {
    if (rel & mask) {
      xfer((rel - mask + root) % n, false);
      break;
    }
    mask <<= 1;
  }
  mask >>= 1;
  while (mask > 0) {
    if (rel + mask < n)
      xfer((rel + mask + root) % n, true);
    mask >>= 1;
  }
}

void hybridBcast(HybridComm &h, int root, char *buf, int64_t bytes) {
  bool rootHere = h.localOf[root] >= 0;
  int rootLocal = h.localOf[root];
  for (int64_t off = 0; off < bytes; off += h.slotBytes) {
    int64_t nb = std::min(h.slotBytes, bytes - off);
    // 1. root -> its leader through shared memory
    if (rootHere && rootLocal != 0) {
      if (h.localRank == rootLocal)
        memcpy(h.slots[rootLocal], buf + off, nb);
      localSync(h);
      if (h.localRank == 0)
        memcpy(buf + off, h.slots[rootLocal], nb);
      localSync(h);
    }
  }
  // 2. binomial tree over the leaders (MPI, the "IB" part)
  if (h.localRank == 0) {
    int nl;
    MPI_Comm_size(h.leaders, &nl);
    if (nl > 1)
      binomialBcast(h.leaders, h.leaderIndexOf[root], buf, bytes);
  }
  // 3. leader -> its ranks through shared memory
  for (int64_t off = 0; off < bytes; off += h.slotBytes) {
    int64_t nb = std::min(h.slotBytes, bytes - off);
    if (h.localRank == 0)
      memcpy(h.slots[0], buf + off, nb);
    localSync(h);
    if (h.localRank != 0)
      memcpy(buf + off, h.slots[0], nb);
    localSync(h);
  }
}

bool hybridAllgather(HybridComm &h, const char *send, int64_t bytes,
                     char *recv) {
  int r, n;
  MPI_Comm_rank(h.comm, &r);
  MPI_Comm_size(h.comm, &n);
  int L = h.localSize;
  bool ok = (n & (n - 1)) == 0 && (L & (L - 1)) == 0 && bytes <= h.slotBytes &&
            h.localRank == r % L && (r - r % L) + L <= n;
  for (int q = 0; ok && q < n; ++q)
    ok = (h.localOf[q] >= 0) == (q / L == r / L);
  int all = ok;
  MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_LAND, h.comm);
  if (!all)
    return false;
  // Early steps (partners r ^ mask, mask < L) through shared memory.
  memcpy(h.slots[h.localRank], send, bytes);
  localSync(h);
  int first = r - r % L;
  for (int q = 0; q < L; ++q)
    memcpy(recv + (first + q) * bytes, h.slots[q], bytes);
  localSync(h);
  // Late steps through MPI: exchange the 'mask' blocks gathered so far.
  for (int mask = L; mask < n; mask <<= 1) {
    int partner = r ^ mask;
    int mine = r & ~(mask - 1), theirs = partner & ~(mask - 1);
    XMPRT_MPI(MPI_Sendrecv(recv + mine * bytes, (int)(mask * bytes), MPI_BYTE,
                           partner, 78, recv + theirs * bytes,
                           (int)(mask * bytes), MPI_BYTE, partner, 78, h.comm,
                           MPI_STATUS_IGNORE),
              "xmprt_allgather");
  }
  return true;
}

} // namespace

namespace xmprt {
HybridComm::~HybridComm() {
  if (win != MPI_WIN_NULL) {
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
  }
  if (leaders != MPI_COMM_NULL)
    MPI_Comm_free(&leaders);
  if (local != MPI_COMM_NULL)
    MPI_Comm_free(&local);
}
} // namespace xmprt

extern "C" {

void xmprt_set_collectives(int32_t mode) {
  XMPRT_CHECK(mode == XMPRT_COLL_PLAIN || mode == XMPRT_COLL_HYBRID,
              "xmprt_set_collectives", "mode %d is not plain(0)/hybrid(1)",
              mode);
  gMode = mode;
}
int32_t xmprt_get_collectives(void) { return collMode(); }

void xmprt_set_device_collectives(int32_t mode) {
  XMPRT_CHECK(mode == XMPRT_DEVCOLL_STAGED || mode == XMPRT_DEVCOLL_NCCL ||
                  mode == XMPRT_DEVCOLL_AUTO,
              "xmprt_set_device_collectives",
              "mode %d is not staged(0)/nccl(1)/auto(2)", mode);
  gDevMode = mode;
}
int32_t xmprt_get_device_collectives(void) { return devMode(); }

int32_t xmprt_device_collectives_path(const xmprt_grid *g, int32_t axis,
                                      char *why, int64_t size) {
  MPI_Comm c = commOf(const_cast<xmprt_grid *>(g), axis,
                      "xmprt_device_collectives_path");
  const char *w = nullptr;
  int d = c == MPI_COMM_NULL ? -1 : gpu::ncclDecision(c, &w);
  if (why && size > 0)
    snprintf(why, (size_t)size, "%s", w ? w : "");
  return d;
}

int64_t xmprt_device_collectives_nccl_ops(void) {
  return gpu::ncclOperations();
}

} // extern "C"

// I1 values are bytes holding 0 or 1: the sum of i1 values is their sum
// modulo 2 (i1 addition), the low bit of the byte sum (which wraps at 256,
// an even number). Other kinds keep 0/1 bytes 0/1.
static bool isI1Sum(int32_t op, int32_t elem_type) {
  return elem_type == XMPRT_I1 && op == XMPRT_RED_SUM;
}
static void lowBits(void *buf, int64_t count) {
  for (int64_t k = 0; k < count; ++k)
    static_cast<unsigned char *>(buf)[k] &= 1;
}

// A reduction's arguments checked: its communicator (MPI_COMM_NULL when
// there is nothing to do: outside the grid, no element, or one rank, whose
// values are the result: a device buffer then stays where it is) and MPI
// types.
static MPI_Comm reduceComm(xmprt_grid *g, int32_t axis, int32_t op,
                           int32_t elem_type, const void *buf, int64_t count,
                           RedSpec &rs, const char *fn) {
  MPI_Comm c = commOf(g, axis, fn);
  rs = redSpec(op, elem_type, fn);
  XMPRT_CHECK(count >= 0, fn, "negative count %lld", (long long)count);
  // Ranks outside the grid take no part (and hold no block of a darray:
  // its device instance there is NULL).
  if (c == MPI_COMM_NULL || count == 0)
    return MPI_COMM_NULL;
  XMPRT_CHECK(buf, fn, "buf is NULL");
  int size = 0;
  MPI_Comm_size(c, &size);
  return size > 1 ? c : MPI_COMM_NULL;
}

// A broadcast's arguments checked; the grid rank of its root.
static int bcastRoot(const xmprt_grid *g, const int64_t *root, const void *buf,
                     int64_t bytes, const char *fn) {
  XMPRT_CHECK(root, fn, "root is NULL");
  XMPRT_CHECK(bytes >= 0, fn, "negative size");
  XMPRT_CHECK(buf || bytes == 0, fn, "buf is NULL");
  std::vector<int64_t> rc(root, root + g->ndims);
  for (int32_t a = 0; a < g->ndims; ++a)
    XMPRT_CHECK(rc[a] >= 0 && rc[a] < g->shape[a], fn,
                "root coordinate %lld out of range on axis %d", (long long)rc[a],
                a);
  return g->rankOf(rc);
}

// A broadcast's arguments along one grid axis checked; the root's rank in
// the axis communicator (its coordinate on the axis).
static int bcastAxisRoot(const xmprt_grid *g, int32_t axis, int64_t root,
                         const void *buf, int64_t bytes, const char *fn) {
  requireGrid(g, fn);
  XMPRT_CHECK(axis >= 0 && axis < g->ndims, fn, "axis %d out of range [0,%d)",
              axis, g->ndims);
  XMPRT_CHECK(bytes >= 0, fn, "negative size");
  XMPRT_CHECK(buf || bytes == 0, fn, "buf is NULL");
  XMPRT_CHECK(root >= 0 && root < g->shape[axis], fn,
              "root coordinate %lld out of range on axis %d", (long long)root,
              axis);
  return (int)root;
}

// The buffer an asynchronous reduce or bcast works on: `buf` in host
// memory; for a device buffer a host copy kept in the request (taken now
// if `in`: the stream's work that produces it completes first), copied
// back at the wait. The message passing between start and wait is then
// what overlaps, as for host buffers.
static void *stageDevice(xmprt_request *r, void *buf, int64_t bytes, bool in,
                         const char *fn) {
  if (bytes <= 0 || !gpu::isDevicePointer(buf))
    return buf;
  r->device = buf;
  r->staged.reset(new char[(size_t)bytes]);
  r->stagedBytes = bytes;
  if (in) {
    gpu::copyAsync(r->staged.get(), buf, bytes, fn);
    gpu::sync(fn);
  }
  return r->staged.get();
}

extern "C" {

void xmprt_reduce(xmprt_grid *g, int32_t axis, int32_t op, int32_t elem_type,
                  void *buf, int64_t count) {
  const char *fn = "xmprt_reduce";
  RedSpec rs;
  MPI_Comm c = reduceComm(g, axis, op, elem_type, buf, count, rs, fn);
  if (c == MPI_COMM_NULL)
    return;
  if (gpu::isDevicePointer(buf)) {
    gpu::NcclType t;
    gpu::NcclOp o;
    int64_t n = 0;
    if (gpu::NcclComm *nc = ncclReduceFor(g, axis, c, op, elem_type, count,
                                          rs.itemBytes, t, o, n, fn)) {
      gpu::ncclAllReduce(nc, buf, n, t, o, fn);
      return;
    }
  }
  HostStaged staged(buf, count * rs.itemBytes, true, true, fn);
  buf = staged.get();
  if (collMode() == XMPRT_COLL_HYBRID) {
    hybridAllreduce(hybridOf(g, axis, fn), op, elem_type, rs, (char *)buf,
                    count);
  } else {
    const int64_t kChunk = INT_MAX / 16;
    for (int64_t off = 0; off < count; off += kChunk)
      XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, (char *)buf + off * rs.itemBytes,
                              (int)std::min(kChunk, count - off), rs.type,
                              rs.op, c),
                fn);
  }
  if (isI1Sum(op, elem_type))
    lowBits(buf, count);
}

// Whether a == b for scalars of element type `type` (floats by value:
// -0.0 == 0.0, NaN != NaN).
static bool sameValue(int type, const void *a, const void *b) {
  switch (type) {
  case XMPRT_I8: return *(const int8_t *)a == *(const int8_t *)b;
  case XMPRT_I16: return *(const int16_t *)a == *(const int16_t *)b;
  case XMPRT_I32: return *(const int32_t *)a == *(const int32_t *)b;
  case XMPRT_I64: return *(const int64_t *)a == *(const int64_t *)b;
  case XMPRT_F32: return *(const float *)a == *(const float *)b;
  case XMPRT_F64: return *(const double *)a == *(const double *)b;
  case XMPRT_I1: return (*(const uint8_t *)a & 1) == (*(const uint8_t *)b & 1);
  }
  return false;
}

void xmprt_reduce_loc(xmprt_grid *g, int32_t axis, int32_t op,
                      int32_t elem_type, void *value, int32_t nlocs,
                      const int32_t *loc_types, void *const *locs) {
  const char *fn = "xmprt_reduce_loc";
  MPI_Comm c = commOf(g, axis, fn);
  XMPRT_CHECK(op >= XMPRT_RED_FIRSTMAX && op <= XMPRT_RED_LASTMIN, fn,
              "reduction kind %d is not firstmax(%d), firstmin(%d), "
              "lastmax(%d) or lastmin(%d)",
              op, XMPRT_RED_FIRSTMAX, XMPRT_RED_FIRSTMIN, XMPRT_RED_LASTMAX,
              XMPRT_RED_LASTMIN);
  auto scalarType = [](int32_t t) {
    return t == XMPRT_I8 || t == XMPRT_I16 || t == XMPRT_I32 ||
           t == XMPRT_I64 || t == XMPRT_F32 || t == XMPRT_F64 || t == XMPRT_I1;
  };
  XMPRT_CHECK(scalarType(elem_type), fn,
              "element type %d is not an integer or real type", elem_type);
  XMPRT_CHECK(nlocs >= 0 && nlocs <= 64, fn,
              "%d location values (0..64 allowed)", nlocs);
  XMPRT_CHECK(nlocs == 0 || (loc_types && locs), fn,
              "location types or pointers are NULL");
  int64_t locBytes = 0;
  for (int32_t k = 0; k < nlocs; ++k) {
    XMPRT_CHECK(scalarType(loc_types[k]), fn,
                "location %d: element type %d is not an integer or real type",
                k, loc_types[k]);
    locBytes += elemSize(loc_types[k]);
  }
  if (c == MPI_COMM_NULL)
    return;
  XMPRT_CHECK(value, fn, "value is NULL");
  for (int32_t k = 0; k < nlocs; ++k)
    XMPRT_CHECK(locs[k], fn, "location %d is NULL", k);
  bool isMax = op == XMPRT_RED_FIRSTMAX || op == XMPRT_RED_LASTMAX;
  bool first = op == XMPRT_RED_FIRSTMAX || op == XMPRT_RED_FIRSTMIN;
  int64_t vb = elemSize(elem_type);
  // 1. The extreme value (i1: bytes 0/1, true > false).
  char mine[8], best[8];
  memcpy(mine, value, (size_t)vb);
  memcpy(best, value, (size_t)vb);
  XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, best, 1, mpiType(elem_type),
                          isMax ? MPI_MAX : MPI_MIN, c),
            fn);
  // 2. The lowest (first) or highest (last) rank holding it. When no rank
  //    compares equal (NaN), the first or last rank of all.
  int r, n;
  MPI_Comm_rank(c, &r);
  MPI_Comm_size(c, &n);
  bool holds = sameValue(elem_type, mine, best);
  int cand = holds ? r : (first ? n : -1);
  XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, &cand, 1, MPI_INT,
                          first ? MPI_MIN : MPI_MAX, c),
            fn);
  if (cand < 0 || cand >= n)
    cand = first ? 0 : n - 1;
  memcpy(value, best, (size_t)vb);
  if (nlocs == 0)
    return;
  // 3. Its location values, to everybody.
  std::vector<char> packed((size_t)locBytes);
  int64_t off = 0;
  for (int32_t k = 0; k < nlocs; ++k) {
    int64_t b = elemSize(loc_types[k]);
    memcpy(packed.data() + off, locs[k], (size_t)b);
    off += b;
  }
  XMPRT_MPI(MPI_Bcast(packed.data(), (int)locBytes, MPI_BYTE, cand, c), fn);
  off = 0;
  for (int32_t k = 0; k < nlocs; ++k) {
    int64_t b = elemSize(loc_types[k]);
    memcpy(locs[k], packed.data() + off, (size_t)b);
    off += b;
  }
}

// The blocking broadcast over communicator `c` of the whole grid (axis < 0)
// or of one axis, from its rank r.
static void bcastOn(xmprt_grid *g, int32_t axis, MPI_Comm c, int r, void *buf,
                    int64_t bytes, const char *fn) {
  if (c == MPI_COMM_NULL || bytes == 0)
    return;
  int csize = 1, me = -1;
  XMPRT_MPI(MPI_Comm_size(c, &csize), fn);
  if (csize == 1)
    return; // the root's buffer is everybody's
  if (gpu::isDevicePointer(buf))
    if (gpu::NcclComm *nc = ncclFor(g, axis, c, bytes, nullptr, fn)) {
      gpu::ncclBroadcast(nc, buf, bytes, r, fn);
      return;
    }
  XMPRT_MPI(MPI_Comm_rank(c, &me), fn);
  HostStaged staged(buf, bytes, me == r, true, fn);
  buf = staged.get();
  if (collMode() == XMPRT_COLL_HYBRID) {
    hybridBcast(hybridOf(g, axis, fn), r, (char *)buf, bytes);
    return;
  }
  const int64_t kChunk = INT_MAX / 2;
  for (int64_t off = 0; off < bytes; off += kChunk)
    XMPRT_MPI(MPI_Bcast((char *)buf + off, (int)std::min(kChunk, bytes - off),
                        MPI_BYTE, r, c),
              fn);
}

void xmprt_bcast(xmprt_grid *g, const int64_t *root, void *buf, int64_t bytes) {
  const char *fn = "xmprt_bcast";
  MPI_Comm c = commOf(g, -1, fn);
  int r = bcastRoot(g, root, buf, bytes, fn);
  bcastOn(g, -1, c, r, buf, bytes, fn);
}

void xmprt_bcast_axis(xmprt_grid *g, int32_t axis, int64_t root, void *buf,
                      int64_t bytes) {
  const char *fn = "xmprt_bcast_axis";
  int r = bcastAxisRoot(g, axis, root, buf, bytes, fn);
  bcastOn(g, axis, commOf(g, axis, fn), r, buf, bytes, fn);
}

} // extern "C"

namespace {
// Requests in flight, and what each waited-for request was (by address,
// until a new request reuses it; the most recent few thousand): a second
// wait names the operation.
std::set<const xmprt_request *> &liveRequests() {
  static std::set<const xmprt_request *> s;
  return s;
}
std::map<const xmprt_request *, std::string> &doneRequests() {
  static std::map<const xmprt_request *, std::string> m;
  return m;
}
std::string describe(const xmprt_request *r) {
  std::string s = r->op;
  if (r->kind == xmprt_request::GMove || r->kind == xmprt_request::OneSided)
    s += " (gmove site " + std::to_string(r->site) + ")";
  return s;
}
} // namespace

// XMP's async ids: per id, the operations handed to it, in order.
namespace {
struct AsyncOperation {
  xmprt_request *request = nullptr;   // or
  xmprt_reflect_plan *plan = nullptr; // a started reflect
  int32_t elemType = -1;
  void *out = nullptr;
};
std::map<int64_t, std::vector<AsyncOperation>> &asyncIds() {
  static std::map<int64_t, std::vector<AsyncOperation>> m;
  return m;
}
} // namespace

xmprt_request *xmprt::newRequest(xmprt_request::Kind kind, const char *op) {
  auto *r = new xmprt_request;
  r->kind = kind;
  r->op = op;
  doneRequests().erase(r);
  liveRequests().insert(r);
  return r;
}

void xmprt::checkAsyncIdsCompleted(const char *fn) {
  std::string list;
  size_t n = 0;
  for (auto &[id, ops] : asyncIds()) {
    if (ops.empty())
      continue;
    n += ops.size();
    list += (list.empty() ? "" : ", ") + std::string("id ") +
            std::to_string(id) + ": " + std::to_string(ops.size());
  }
  if (n)
    fail(fn,
         "%zu operation(s) started with async(id) and never completed by "
         "wait_async (%s)",
         n, list.c_str());
}

void xmprt::checkRequestsWaited(const char *fn) {
  auto &live = liveRequests();
  if (live.empty())
    return;
  std::string list;
  for (const xmprt_request *r : live)
    list += (list.empty() ? "" : ", ") + describe(r);
  fail(fn,
       "%zu request(s) started and never waited for: %s (each request is "
       "completed by exactly one xmp.wait / xmprt_wait)",
       live.size(), list.c_str());
}

extern "C" {

xmprt_request *xmprt_reduce_start(xmprt_grid *g, int32_t axis, int32_t op,
                                  int32_t elem_type, void *buf, int64_t count) {
  const char *fn = "xmprt_reduce_start";
  RedSpec rs;
  MPI_Comm c = reduceComm(g, axis, op, elem_type, buf, count, rs, fn);
  if (c == MPI_COMM_NULL)
    return nullptr;
  if (gpu::isDevicePointer(buf)) {
    gpu::NcclType t;
    gpu::NcclOp o;
    int64_t n = 0;
    if (gpu::NcclComm *nc = ncclReduceFor(g, axis, c, op, elem_type, count,
                                          rs.itemBytes, t, o, n, fn)) {
      auto *r = newRequest(xmprt_request::Reduce, fn);
      r->nccl = gpu::ncclAllReduceStart(nc, buf, n, t, o, fn);
      return r;
    }
  }
  if (collMode() == XMPRT_COLL_HYBRID || count > INT_MAX) {
    xmprt_reduce(g, axis, op, elem_type, buf, count); // completes here
    return nullptr;
  }
  auto *r = newRequest(xmprt_request::Reduce, fn);
  buf = stageDevice(r, buf, count * rs.itemBytes, true, fn);
  XMPRT_MPI(MPI_Iallreduce(MPI_IN_PLACE, buf, (int)count, rs.type, rs.op, c,
                           &r->req),
            fn);
  if (isI1Sum(op, elem_type)) {
    r->i1Sum = buf;
    r->count = count;
  }
  return r;
}

// The asynchronous broadcast over communicator `c` of the whole grid
// (axis < 0) or of one axis, from its rank r; `blocking` completes it at
// the start (the hybrid mode, sizes past INT_MAX).
static xmprt_request *bcastStartOn(xmprt_grid *g, int32_t axis, MPI_Comm c,
                                   int r, void *buf, int64_t bytes,
                                   const std::function<void()> &blocking,
                                   const char *fn) {
  if (c == MPI_COMM_NULL || bytes == 0)
    return nullptr;
  int csize = 1;
  XMPRT_MPI(MPI_Comm_size(c, &csize), fn);
  if (csize > 1 && gpu::isDevicePointer(buf))
    if (gpu::NcclComm *nc = ncclFor(g, axis, c, bytes, nullptr, fn)) {
      auto *req = newRequest(xmprt_request::Bcast, fn);
      req->nccl = gpu::ncclBroadcastStart(nc, buf, bytes, r, fn);
      return req;
    }
  if (collMode() == XMPRT_COLL_HYBRID || bytes > INT_MAX) {
    blocking(); // completes here
    return nullptr;
  }
  auto *req = newRequest(xmprt_request::Bcast, fn);
  int me = -1;
  XMPRT_MPI(MPI_Comm_rank(c, &me), fn);
  buf = stageDevice(req, buf, bytes, me == r, fn);
  XMPRT_MPI(MPI_Ibcast(buf, (int)bytes, MPI_BYTE, r, c, &req->req), fn);
  return req;
}

xmprt_request *xmprt_bcast_start(xmprt_grid *g, const int64_t *root, void *buf,
                                 int64_t bytes) {
  const char *fn = "xmprt_bcast_start";
  MPI_Comm c = commOf(g, -1, fn);
  int r = bcastRoot(g, root, buf, bytes, fn);
  return bcastStartOn(
      g, -1, c, r, buf, bytes, [&] { xmprt_bcast(g, root, buf, bytes); }, fn);
}

xmprt_request *xmprt_bcast_axis_start(xmprt_grid *g, int32_t axis, int64_t root,
                                      void *buf, int64_t bytes) {
  const char *fn = "xmprt_bcast_axis_start";
  int r = bcastAxisRoot(g, axis, root, buf, bytes, fn);
  return bcastStartOn(
      g, axis, commOf(g, axis, fn), r, buf, bytes,
      [&] { xmprt_bcast_axis(g, axis, root, buf, bytes); }, fn);
}

xmprt_request *xmprt_reduce_value_start(xmprt_grid *g, int32_t axis,
                                        int32_t op, int32_t elem_type,
                                        const void *value) {
  const char *fn = "xmprt_reduce_value_start";
  XMPRT_CHECK(value, fn, "value is NULL");
  auto *r = newRequest(xmprt_request::Reduce, fn);
  RedSpec rs;
  MPI_Comm c = reduceComm(g, axis, op, elem_type, r->value, 1, rs, fn);
  XMPRT_CHECK(rs.itemBytes > 0 && rs.itemBytes <= (int64_t)sizeof(r->value),
              fn, "element type %d is not a scalar of at most %zu bytes",
              elem_type, sizeof(r->value));
  memcpy(r->value, value, (size_t)rs.itemBytes);
  r->valueType = elem_type;
  if (c == MPI_COMM_NULL)
    return r; // nothing to combine: the value comes back as it is
  if (collMode() == XMPRT_COLL_HYBRID) {
    xmprt_reduce(g, axis, op, elem_type, r->value, 1); // completes here
    return r;
  }
  XMPRT_MPI(MPI_Iallreduce(MPI_IN_PLACE, r->value, 1, rs.type, rs.op, c,
                           &r->req),
            fn);
  if (isI1Sum(op, elem_type)) {
    r->i1Sum = r->value;
    r->count = 1;
  }
  return r;
}

// The asynchronous broadcast of one scalar over communicator `c` of the
// whole grid (axis < 0) or of one axis, from its rank r (`rootCheck`
// checks the root first, `blocking` broadcasts the request's value at the
// start in the hybrid mode).
static xmprt_request *
bcastValueStartOn(xmprt_grid *g, int32_t axis, const void *value,
                  int32_t elem_type,
                  const std::function<int(xmprt_request *, int64_t)> &rootCheck,
                  const std::function<void(xmprt_request *, int64_t)> &blocking,
                  const char *fn) {
  XMPRT_CHECK(value, fn, "value is NULL");
  int64_t es = elemSize(elem_type);
  auto *r = newRequest(xmprt_request::Bcast, fn);
  XMPRT_CHECK(es > 0 && es <= (int64_t)sizeof(r->value), fn,
              "element type %d is not a scalar of at most %zu bytes",
              elem_type, sizeof(r->value));
  memcpy(r->value, value, (size_t)es);
  r->valueType = elem_type;
  MPI_Comm c = commOf(g, axis, fn);
  int rt = rootCheck(r, es);
  if (c == MPI_COMM_NULL)
    return r; // not in the grid: the value comes back as it is
  if (collMode() == XMPRT_COLL_HYBRID) {
    blocking(r, es); // completes here
    return r;
  }
  XMPRT_MPI(MPI_Ibcast(r->value, (int)es, MPI_BYTE, rt, c, &r->req), fn);
  return r;
}

xmprt_request *xmprt_bcast_value_start(xmprt_grid *g, const int64_t *root,
                                       const void *value, int32_t elem_type) {
  const char *fn = "xmprt_bcast_value_start";
  return bcastValueStartOn(
      g, -1, value, elem_type,
      [&](xmprt_request *r, int64_t es) {
        return bcastRoot(g, root, r->value, es, fn);
      },
      [&](xmprt_request *r, int64_t es) { xmprt_bcast(g, root, r->value, es); },
      fn);
}

xmprt_request *xmprt_bcast_axis_value_start(xmprt_grid *g, int32_t axis,
                                            int64_t root, const void *value,
                                            int32_t elem_type) {
  const char *fn = "xmprt_bcast_axis_value_start";
  return bcastValueStartOn(
      g, axis, value, elem_type,
      [&](xmprt_request *r, int64_t es) {
        return bcastAxisRoot(g, axis, root, r->value, es, fn);
      },
      [&](xmprt_request *r, int64_t es) {
        xmprt_bcast_axis(g, axis, root, r->value, es);
      },
      fn);
}

namespace {
void waitFor(xmprt_request *r, int32_t elemType, void *out, const char *fn);
void checkInFlight(const xmprt_request *r, const char *fn);
}

void xmprt_wait(xmprt_request *r) { waitFor(r, -1, nullptr, "xmprt_wait"); }

void xmprt_wait_value(xmprt_request *r, int32_t elem_type, void *out) {
  const char *fn = "xmprt_wait_value";
  XMPRT_CHECK(r, fn,
              "the request is NULL: only xmprt_reduce_value_start's and "
              "xmprt_bcast_value_start's requests carry a value");
  XMPRT_CHECK(out, fn, "out is NULL");
  waitFor(r, elem_type, out, fn);
}

int32_t xmprt_test(xmprt_request *r) {
  const char *fn = "xmprt_test";
  if (!r)
    return 1;
  checkInFlight(r, fn);
  switch (r->kind) {
  case xmprt_request::GMove:
    return testGMove(r, fn);
  case xmprt_request::OneSided:
    return testOneSided(r, fn);
  case xmprt_request::Reduce:
  case xmprt_request::Bcast:
    break;
  }
  // Once complete, MPI_Test has freed the MPI request (MPI_REQUEST_NULL,
  // also the request of an operation that completed at its start): a
  // further test says 1 again, and the wait's MPI_Wait returns at once.
  // What comes after the communication (an i1 sum's low bits, a scalar
  // handed out) stays in the wait, done once there, whatever was tested.
  if (r->nccl) // the NCCL operation's completion on this GPU
    return gpu::ncclDone(r->nccl, fn);
  int done = 0;
  XMPRT_MPI(MPI_Test(&r->req, &done, MPI_STATUS_IGNORE), fn);
  return done != 0;
}

} // extern "C"

namespace {
// A request that xmprt_wait or xmprt_test may take: one in flight. A
// waited-for one is named.
void checkInFlight(const xmprt_request *r, const char *fn) {
  if (liveRequests().count(r))
    return;
  auto done = doneRequests().find(r);
  if (done != doneRequests().end())
    fail(fn,
         "the request of %s was already waited for (each request is "
         "completed by exactly one xmp.wait / xmprt_wait%s)",
         done->second.c_str(),
         strcmp(fn, "xmprt_test") ? ""
                                  : ", and tested between its start and "
                                    "that wait");
  fail(fn, "%p is not a request in flight", (void *)r);
}

void waitFor(xmprt_request *r, int32_t elemType, void *out, const char *fn) {
  if (!r)
    return;
  auto &live = liveRequests();
  checkInFlight(r, fn);
  if (out) {
    XMPRT_CHECK(r->valueType >= 0, fn,
                "the request of %s works in place and carries no value (only "
                "xmprt_reduce_value_start's and xmprt_bcast_value_start's "
                "do): use xmprt_wait",
                describe(r).c_str());
    XMPRT_CHECK(r->valueType == elemType, fn,
                "the request of %s carries element type %d, not %d",
                describe(r).c_str(), r->valueType, elemType);
  }
  live.erase(r);
  if (doneRequests().size() >= 4096)
    doneRequests().clear();
  doneRequests()[r] = describe(r);
  if (r->kind == xmprt_request::GMove) {
    finishGMove(r, fn);
    return;
  }
  if (r->kind == xmprt_request::OneSided) {
    finishOneSided(r, fn);
    return;
  }
  if (r->nccl) {
    gpu::ncclFinish(r->nccl, fn); // the result copied back, synchronized
    r->nccl = nullptr;
  }
  XMPRT_MPI(MPI_Wait(&r->req, MPI_STATUS_IGNORE), fn);
  if (r->i1Sum)
    lowBits(r->i1Sum, r->count);
  if (r->device) {
    // Stream-ordered after the work queued since the start (which does not
    // touch the buffer); the sync lets the host copy go.
    gpu::copyAsync(r->device, r->staged.get(), r->stagedBytes, fn);
    gpu::sync(fn);
  }
  if (out)
    memcpy(out, r->value, (size_t)elemSize(r->valueType));
  delete r;
}
} // namespace

extern "C" {


void xmprt_async_register(int64_t id, xmprt_request *r, int32_t elemType,
                          void *out) {
  const char *fn = "xmprt_async_register";
  if (r)
    checkInFlight(r, fn);
  XMPRT_CHECK(!out || (r && r->valueType >= 0), fn,
              "async id %lld: the request of %s works in place and carries "
              "no value to store",
              (long long)id, r ? describe(r).c_str() : "nothing");
  XMPRT_CHECK(!r || r->valueType < 0 || (out && r->valueType == elemType), fn,
              "async id %lld: the request of %s carries a value of element "
              "type %d: give where to store it (element type %d given)",
              (long long)id, describe(r).c_str(), r->valueType, elemType);
  asyncIds()[id].push_back({r, nullptr, elemType, out});
}

void xmprt_async_register_reflect(int64_t id, xmprt_reflect_plan *p) {
  XMPRT_CHECK(p, "xmprt_async_register_reflect",
              "async id %lld: the reflect plan is NULL", (long long)id);
  asyncIds()[id].push_back({nullptr, p, -1, nullptr});
}

void xmprt_async_wait(int64_t id) {
  auto it = asyncIds().find(id);
  if (it == asyncIds().end())
    return;
  std::vector<AsyncOperation> ops = std::move(it->second);
  asyncIds().erase(it);
  for (AsyncOperation &o : ops) {
    if (o.plan)
      xmprt_reflect_wait(o.plan);
    else
      waitFor(o.request, o.elemType, o.out, "xmprt_async_wait");
  }
}

int32_t xmprt_async_test(int64_t id) {
  auto it = asyncIds().find(id);
  if (it == asyncIds().end())
    return 1;
  int32_t all = 1;
  for (AsyncOperation &o : it->second) {
    XMPRT_CHECK(!o.plan, "xmprt_async_test",
                "async id %lld holds a reflect, which cannot be tested (its "
                "dimensions advance only in its wait): give the reflect an "
                "id of its own",
                (long long)id);
    if (o.request && !xmprt_test(o.request))
      all = 0;
  }
  return all;
}

void xmprt_barrier(xmprt_grid *g) {
  if (!g) { // no grid: every rank of the job
    ensureInit("xmprt_barrier");
    XMPRT_MPI(MPI_Barrier(MPI_COMM_WORLD), "xmprt_barrier");
    return;
  }
  MPI_Comm c = commOf(g, -1, "xmprt_barrier");
  if (c != MPI_COMM_NULL)
    XMPRT_MPI(MPI_Barrier(c), "xmprt_barrier");
}

void xmprt_barrier_axis(xmprt_grid *g, int32_t axis) {
  const char *fn = "xmprt_barrier_axis";
  requireGrid(g, fn);
  XMPRT_CHECK(axis >= 0 && axis < g->ndims, fn, "axis %d out of range [0,%d)",
              axis, g->ndims);
  MPI_Comm c = commOf(g, axis, fn);
  if (c != MPI_COMM_NULL)
    XMPRT_MPI(MPI_Barrier(c), fn);
}

void xmprt_allgather(xmprt_grid *g, int32_t axis, const void *send,
                     int64_t bytes, void *recv) {
  const char *fn = "xmprt_allgather";
  MPI_Comm c = commOf(g, axis, fn);
  XMPRT_CHECK(bytes >= 0 && bytes <= INT_MAX, fn, "bad size %lld",
              (long long)bytes);
  XMPRT_CHECK((send && recv) || bytes == 0, fn, "send/recv is NULL");
  if (c == MPI_COMM_NULL || bytes == 0)
    return;
  int csize = 1;
  MPI_Comm_size(c, &csize);
  if (csize == 1) { // recv = send, wherever they are
    if (gpu::isDevicePointer(send) || gpu::isDevicePointer(recv)) {
      gpu::copyAsync(recv, send, bytes, fn);
      gpu::sync(fn);
    } else if (recv != send) {
      memmove(recv, send, (size_t)bytes);
    }
    return;
  }
  if (gpu::isDevicePointer(recv)) {
    const char *why = gpu::isDevicePointer(send)
                          ? nullptr
                          : "the send buffer is in host memory";
    if (gpu::NcclComm *nc = ncclFor(g, axis, c, bytes, why, fn)) {
      gpu::ncclAllGather(nc, send, recv, bytes, fn);
      return;
    }
  }
  HostStaged sendStaged(const_cast<void *>(send), bytes, true, false, fn);
  HostStaged recvStaged(recv, bytes * csize, false, true, fn, /*slot=*/1);
  send = sendStaged.get();
  recv = recvStaged.get();
  if (collMode() == XMPRT_COLL_HYBRID &&
      hybridAllgather(hybridOf(g, axis, fn), (const char *)send, bytes,
                      (char *)recv))
    return;
  XMPRT_MPI(MPI_Allgather(send, (int)bytes, MPI_BYTE, recv, (int)bytes,
                          MPI_BYTE, c),
            fn);
}

} // extern "C"
