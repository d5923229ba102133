//===- Reflect.cpp - persistent halo-exchange plans (IB and TCA host) -----===//
//
// A plan is built once per (array, widths, periodic, channels). For every
// array dimension d (in order: corners propagate because dimension d moves
// the full local extent of the other dimensions, including the halos that
// dimensions < d just filled) and every side, the halo of each coordinate q
// is cut into runs that have one source coordinate (haloRuns). Both the
// sending and the receiving rank enumerate the same runs in the same order,
// so message contents agree by construction; a size exchange at creation
// checks that all ranks built the same plan.
//
// Channels per peer:
//   IB  : MPI persistent requests, contiguous halos in place, strided halos
//         packed into plan-owned buffers; one message per (peer, dim, side).
//   TCA : (host) the peer's block is mapped through the MPI-3 shared window;
//         the sender copies its owned strip straight into the peer's halo.
//         Synchronization per dimension, among the TCA peers only:
//           begin(d): send READY(d) to every TCA peer (I will no longer read
//                     my halos of dim d and all my dims < d are final)
//           finish(d): wait READY(d) from every TCA peer, then push my strips
//                     into them, MPI_Win_sync, send DONE(d); wait DONE(d) from
//                     all TCA peers, MPI_Win_sync: my halos of d are complete.
//   self: a periodic neighbour that is this rank: local box copy.
//
// Device plans (acc = 1) are the same plans over the device MemorySpace
// (Gpu.cpp, asynchronous on the runtime's stream):
//   IB  : boxes packed by a kernel into a device staging buffer (a single
//         contiguous box is copied directly), copied into a pinned host
//         buffer that the persistent MPI requests use; the reverse on the
//         receiving side;
//   TCA : the peers' device instances mapped through CUDA IPC once per
//         binding; strips copied straight into their halos (copy engines,
//         cudaMemcpy2DAsync for runs; a kernel for single-element strides
//         when the peer's memory is reachable by one). The same READY/DONE
//         protocol, but (by default) as stream flags: 32-bit words in each
//         plan's device memory, mapped by the TCA peers, written and waited
//         on by the stream itself (flagsDim), with an epoch per reflect, so
//         the host neither waits nor sends a message. A plan whose every
//         dimension is TCA or self is queued whole by xmprt_reflect_start.
//         Without stream memory operations (or XMP_TCA_SYNC=mpi), READY is
//         an MPI message sent after my stream is idle (my kernels no longer
//         read the halos), DONE one sent after my copies completed.
// A device plan is built without the instance (the compiler creates plans
// right after the array) and binds to it at the first start, again
// whenever the instance was re-created (xmprt_darray::devGen). Binding
// exchanges IPC handles with the TCA peers; a pair whose mapping fails on
// either side is rebuilt as IB both ways (collectively, so the plans still
// agree).
//
// Statistics (XMP_REFLECT_STATS=1, read when a plan is created): every plan
// gets a record in a registry indexed by creation order (the same on every
// rank); start, wait and do add their wall time and count completed
// reflects; xmprt_finalize reduces the records over all ranks and rank 0
// prints one line per plan (reportReflectStats). Without the variable the
// plan's record pointer is null and the entry points pay one branch.
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"
#include "Memory.h"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <string>

using namespace xmprt;

namespace {

struct Run {
  int64_t src;  // source coordinate on the axis
  int64_t dstL; // local index in the receiver's block
  int64_t srcL; // local index in the source's block
  int64_t len;
};

// Runs filling the halo of coordinate q on `side` (0 lo, 1 hi; a full
// shadow uses side 0 only) of dim d.
std::vector<Run> haloRuns(const xmprt_darray *a, int32_t d, int64_t q,
                          int side, int64_t wlo, int64_t whi, bool periodic) {
  const dist::ArrayDim &ad = a->dims[d];
  std::vector<Run> out;
  if (ad.m == 0)
    return out;
  auto add = [&](int64_t s, int64_t dl, int64_t sl) {
    if (!out.empty()) {
      Run &b = out.back();
      if (b.src == s && b.dstL + b.len == dl && b.srcL + b.len == sl) {
        ++b.len;
        return;
      }
    }
    out.push_back({s, dl, sl, 1});
  };
  if (ad.fullShadow) {
    if (side != 0)
      return out;
    for (int64_t g = 0; g < ad.m; ++g) {
      int64_t s = dist::arrayOwner(ad, g);
      if (s != q)
        add(s, g, g);
    }
    return out;
  }
  // A partial halo borders the owned piece: an empty piece has none. (A
  // full shadow, above, is every element q does not own, so a rank that
  // owns nothing receives the whole dimension.)
  if (dist::arrayOwnedCount(ad, q) == 0)
    return out;
  dist::Range r = dist::arrayOwned(ad, q);
  int64_t from = side == 0 ? r.lo - wlo : r.hi;
  int64_t to = side == 0 ? r.lo : r.hi + whi;
  for (int64_t g = from; g < to; ++g) {
    int64_t gw = g;
    if (gw < 0 || gw >= ad.m) {
      if (!periodic)
        continue;
      gw = dist::floorMod(g, ad.m);
    }
    int64_t s = dist::arrayOwner(ad, gw);
    add(s, dist::arrayGlobalToLocal(ad, q, g),
        dist::arrayGlobalToLocal(ad, s, gw));
  }
  return out;
}

Box boxOf(const xmprt_darray *a, int32_t d, int64_t l0, int64_t len) {
  int64_t inner = a->esize, outer = 1;
  for (int32_t k = d + 1; k < a->rank; ++k)
    inner *= a->extent[k];
  for (int32_t k = 0; k < d; ++k)
    outer *= a->extent[k];
  Box b;
  b.offset = l0 * inner;
  b.nblocks = outer;
  b.blockBytes = len * inner;
  b.stride = a->extent[d] * inner;
  if (outer == 1)
    b.stride = b.blockBytes;
  return b;
}

struct Message {
  int peer = -1, side = 0, tag = 0;
  std::vector<Box> boxes;
  int64_t bytes = 0;
  std::vector<char> buffer; // host plans; empty: in place
  char *pinned = nullptr;   // device plans: the MPI buffer (pinned host)
  char *staging = nullptr;  // device plans: packed boxes (null: one
                            // contiguous box, copied directly)
};

struct Copy {
  int peer; // grid rank whose block is written (self: my rank)
  Box dst, src;
  char *peerBase = nullptr; // device plans: the peer's mapped instance
  bool direct = true;       // device plans: a kernel may store into it
};

const int kTagData = 100, kTagReady = 5000, kTagDone = 9000,
          kTagIpc = 13000, kTagIpcOk = 13001, kTagFlags = 13002;

const char *chanName(int c) {
  switch (c) {
  case XMPRT_CHANNEL_IB:
    return "ib";
  case XMPRT_CHANNEL_TCA:
    return "tca";
  case XMPRT_CHANNEL_NONE:
    return "none";
  default:
    return "auto";
  }
}

int defaultChannel() {
  // The choices in the settings table's order: ib, tca, auto.
  static int c = [] {
    switch (settings::choice("XMP_REFLECT_CHANNEL", "xmprt_reflect_init")) {
    case 0:
      return (int)XMPRT_CHANNEL_IB;
    case 1:
      return (int)XMPRT_CHANNEL_TCA;
    default:
      return (int)XMPRT_CHANNEL_AUTO;
    }
  }();
  return c;
}

} // namespace

// XMP_REFLECT_STATS=1: one record per plan, in creation order.
struct PlanStats {
  std::string desc;            // array, element type, acc (rank 0's is printed)
  std::vector<int> requested;  // channel asked for, per dimension
  std::vector<int> used;       // kUsed* bits per dimension (live plans: at the end)
  int64_t calls = 0;           // completed reflects (wait or do)
  double seconds = 0;          // wall time in start + wait + do
  xmprt_reflect_plan *live = nullptr;
};
enum { kUsedIB = 1, kUsedTCA = 2, kUsedSelf = 4 };

struct DimPhase {
  int32_t dim = 0;
  bool active = false;
  int requested = XMPRT_CHANNEL_AUTO;
  int64_t wlo = 0, whi = 0;
  bool periodic = false;
  int chan[2] = {XMPRT_CHANNEL_NONE, XMPRT_CHANNEL_NONE};
  std::vector<Message> sends, recvs;
  std::vector<MPI_Request> dataReqs; // recvs first, then sends
  std::vector<Copy> selfCopies, pushes;
  // Every box of my block this dimension fills (from any channel): device
  // plans outside replicate regions copy them to the host afterwards.
  std::vector<Box> halo;
  std::vector<int> tcaPeers;
  // Stream flags (device plans that use them, set at binding): per TCA
  // peer, in tcaPeers' order, its READY word for me in its memory and my
  // READY word for it in mine; DONE is the word after each.
  std::vector<uint32_t *> flagTo, flagFrom;
  std::vector<MPI_Request> readyReqs, doneReqs; // recvs then sends
  int64_t ibBytes = 0, tcaBytes = 0, selfBytes = 0;
};

struct xmprt_reflect_plan {
  xmprt_darray *a = nullptr;
  int32_t acc = 0;
  bool cached = false;
  bool started = false;
  std::vector<DimPhase> dims;
  MemorySpace *mem = nullptr; // host, or the device space (acc = 1)
  // Device plans: generation of the instance bound (0: none yet), and the
  // peers that could not be mapped through CUDA IPC (served through IB).
  uint64_t boundGen = 0;
  std::set<int> ipcFailed;
  // Device plans whose TCA handshake runs on the stream (stream flags, see
  // flagsDim): decided collectively at the first binding. My flag words
  // (device memory, 2 per (dim, writer's sub-cluster rank): READY, DONE),
  // the peers' words mapped through CUDA IPC, the epoch of the current
  // reflect (the same on every rank: plans are started collectively).
  int flagsState = 0; // 0 undecided, 1 stream flags, -1 MPI messages
  uint32_t *myFlags = nullptr;
  std::map<int, uint32_t *> peerFlags;
  int subSize = 0, mySub = -1;
  uint32_t epoch = 0;
  // Every active dimension moves device memory only (TCA with stream
  // flags, self copies): xmprt_reflect_start queues the whole exchange and
  // xmprt_reflect_wait has nothing left to do on the host.
  bool streamOnly = false;
  // A device plan started by xmprt_reflect_start with something to move:
  // the exchange runs on the comm stream (gpu::commFork at the start,
  // gpu::commJoin at the wait), so kernels queued in between run beside it.
  bool onComm = false;
  // READY word of (dim, writer); DONE is the next one.
  size_t flagSlot(int32_t dim, int writerSub) const {
    return ((size_t)dim * subSize + writerSub) * 2;
  }
  // XMP_REFLECT_STATS=1: this plan's record (owned by the registry, kept
  // after the plan is destroyed); null otherwise.
  PlanStats *stats = nullptr;
};

namespace {

void buildDim(xmprt_reflect_plan *p, DimPhase &ph, const char *fn) {
  xmprt_darray *a = p->a;
  xmprt_grid *g = a->grid;
  int32_t d = ph.dim;
  const dist::ArrayDim &ad = a->dims[d];
  int64_t P = a->axis[d] >= 0 ? g->shape[a->axis[d]] : 1;
  int64_t me = a->coord[d];
  int req = ph.requested == XMPRT_CHANNEL_AUTO ? defaultChannel()
                                               : ph.requested;
  auto choose = [&](int peer) {
    if (req == XMPRT_CHANNEL_IB)
      return (int)XMPRT_CHANNEL_IB;
    if (p->acc) // device: any peer of my sub-cluster that CUDA IPC can map
      return g->subRankOf[peer] >= 0 && !p->ipcFailed.count(peer)
                 ? (int)XMPRT_CHANNEL_TCA
                 : (int)XMPRT_CHANNEL_IB;
    return a->peerBase(peer) ? (int)XMPRT_CHANNEL_TCA : (int)XMPRT_CHANNEL_IB;
  };
  int nsides = ad.fullShadow ? 1 : 2;
  // Per-coordinate byte counts (ib, tca) for the consistency check.
  std::vector<int64_t> sendCnt(2 * P, 0), recvCnt(2 * P, 0);
  std::map<std::pair<int, int>, Message> sendMsgs, recvMsgs;
  std::set<int> tca;
  char *base = (char *)a->data;
  for (int side = 0; side < nsides; ++side) {
    for (const Run &r : haloRuns(a, d, me, side, ph.wlo, ph.whi, ph.periodic)) {
      int peer = a->peerRank(d, r.src);
      Box dst = boxOf(a, d, r.dstL, r.len), src = boxOf(a, d, r.srcL, r.len);
      ph.halo.push_back(dst);
      if (peer == g->rank) {
        ph.selfCopies.push_back({peer, dst, src});
        ph.selfBytes += dst.bytes();
        continue;
      }
      int c = choose(peer);
      if (ph.chan[side] == XMPRT_CHANNEL_NONE)
        ph.chan[side] = c;
      recvCnt[2 * r.src + (c == XMPRT_CHANNEL_TCA)] += dst.bytes();
      if (c == XMPRT_CHANNEL_TCA) {
        tca.insert(peer);
        continue;
      }
      Message &m = recvMsgs[{peer, side}];
      m.peer = peer;
      m.side = side;
      m.boxes.push_back(dst);
      m.bytes += dst.bytes();
    }
    for (int64_t q = 0; q < P; ++q) {
      if (q == me)
        continue;
      int peer = a->peerRank(d, q);
      for (const Run &r : haloRuns(a, d, q, side, ph.wlo, ph.whi, ph.periodic)) {
        if (r.src != me)
          continue;
        Box dst = boxOf(a, d, r.dstL, r.len), src = boxOf(a, d, r.srcL, r.len);
        int c = choose(peer);
        sendCnt[2 * q + (c == XMPRT_CHANNEL_TCA)] += src.bytes();
        if (c == XMPRT_CHANNEL_TCA) {
          tca.insert(peer);
          ph.pushes.push_back({peer, dst, src});
          ph.tcaBytes += src.bytes();
          continue;
        }
        Message &m = sendMsgs[{peer, side}];
        m.peer = peer;
        m.side = side;
        m.boxes.push_back(src);
        m.bytes += src.bytes();
        ph.ibBytes += src.bytes();
      }
    }
  }
  // Consistency: what each peer will send me must be what I expect.
  if (a->axis[d] >= 0 && P > 1) {
    std::vector<int64_t> got(2 * P);
    XMPRT_MPI(MPI_Alltoall(sendCnt.data(), 2, MPI_INT64_T, got.data(), 2,
                           MPI_INT64_T, g->axisComm[a->axis[d]]),
              fn);
    for (int64_t s = 0; s < P; ++s)
      if (got[2 * s] != recvCnt[2 * s] || got[2 * s + 1] != recvCnt[2 * s + 1])
        fail(fn,
             "plan mismatch in dim %d: coordinate %lld sends %lld+%lld bytes "
             "(ib+tca), this rank expects %lld+%lld (different widths, "
             "channels or arrays on different ranks?)",
             d, (long long)s, (long long)got[2 * s], (long long)got[2 * s + 1],
             (long long)recvCnt[2 * s], (long long)recvCnt[2 * s + 1]);
  }
  auto finishMsg = [&](Message &m, bool send) {
    m.tag = kTagData + 2 * d + m.side;
    XMPRT_CHECK(m.bytes <= INT_MAX, fn, "halo message of %lld bytes too large",
                (long long)m.bytes);
    char *ptr;
    bool single = m.boxes.size() == 1 && m.boxes[0].contiguous();
    if (p->acc) {
      m.pinned = (char *)gpu::pinnedAlloc(m.bytes, fn);
      if (!single)
        m.staging = (char *)gpu::deviceAlloc(m.bytes, fn);
      ptr = m.pinned;
    } else if (single) {
      ptr = base + m.boxes[0].offset;
    } else {
      m.buffer.resize(m.bytes);
      ptr = m.buffer.data();
    }
    MPI_Request rq;
    if (send)
      XMPRT_MPI(MPI_Send_init(ptr, (int)m.bytes, MPI_BYTE, m.peer, m.tag,
                              g->comm, &rq),
                fn);
    else
      XMPRT_MPI(MPI_Recv_init(ptr, (int)m.bytes, MPI_BYTE, m.peer, m.tag,
                              g->comm, &rq),
                fn);
    ph.dataReqs.push_back(rq);
  };
  for (auto &kv : recvMsgs)
    ph.recvs.push_back(std::move(kv.second));
  for (auto &kv : sendMsgs)
    ph.sends.push_back(std::move(kv.second));
  for (Message &m : ph.recvs)
    finishMsg(m, false);
  for (Message &m : ph.sends)
    finishMsg(m, true);
  ph.tcaPeers.assign(tca.begin(), tca.end());
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<MPI_Request> &rq = pass ? ph.doneReqs : ph.readyReqs;
    int tag = (pass ? kTagDone : kTagReady) + d;
    for (int peer : ph.tcaPeers) {
      MPI_Request r;
      XMPRT_MPI(MPI_Recv_init(nullptr, 0, MPI_BYTE, peer, tag, g->comm, &r), fn);
      rq.push_back(r);
    }
    for (int peer : ph.tcaPeers) {
      MPI_Request r;
      XMPRT_MPI(MPI_Send_init(nullptr, 0, MPI_BYTE, peer, tag, g->comm, &r), fn);
      rq.push_back(r);
    }
  }
  ph.active = !ph.dataReqs.empty() || !ph.selfCopies.empty() ||
              !ph.tcaPeers.empty();
}

void beginDimHost(xmprt_reflect_plan *p, DimPhase &ph) {
  xmprt_darray *a = p->a;
  char *base = (char *)a->data;
  for (Message &m : ph.sends) {
    if (m.buffer.empty())
      continue;
    char *b = m.buffer.data();
    for (const Box &x : m.boxes) {
      a->mem->pack(b, base, x);
      b += x.bytes();
    }
  }
}

// Device: pack (or copy) every outgoing message into its pinned buffer, then
// wait for the stream: the buffers are complete, and no kernel of mine still
// reads a halo that a TCA peer may write once it has my READY.
void beginDimDevice(xmprt_reflect_plan *p, DimPhase &ph) {
  const char *fn = "xmprt_reflect_start";
  MemorySpace &mem = *p->mem;
  char *base = (char *)p->a->devData;
  for (Message &m : ph.sends) {
    if (m.bytes == 0)
      continue;
    if (!m.staging) {
      gpu::copyAsync(m.pinned, base + m.boxes[0].offset, m.bytes, fn);
      continue;
    }
    char *b = m.staging;
    for (const Box &x : m.boxes) {
      mem.pack(b, base, x);
      b += x.bytes();
    }
    gpu::copyAsync(m.pinned, m.staging, m.bytes, fn);
  }
  if (!ph.sends.empty() || (!ph.tcaPeers.empty() && p->flagsState <= 0))
    mem.fence();
}

void beginDim(xmprt_reflect_plan *p, DimPhase &ph) {
  if (!ph.active)
    return;
  const char *fn = "xmprt_reflect_start";
  if (p->acc)
    beginDimDevice(p, ph);
  else
    beginDimHost(p, ph);
  if (!ph.dataReqs.empty())
    XMPRT_MPI(MPI_Startall((int)ph.dataReqs.size(), ph.dataReqs.data()), fn);
  if (!ph.readyReqs.empty() && p->flagsState <= 0)
    XMPRT_MPI(MPI_Startall((int)ph.readyReqs.size(), ph.readyReqs.data()), fn);
}

// Device TCA with stream flags: the handshake of dimension `ph` queued on
// the stream, after everything queued before (my kernels that read the
// halos, the earlier dimensions of this reflect):
//   READY: I no longer read my halos of this dimension, and my earlier
//          dimensions are complete: written into every TCA peer's words;
//   wait for the peers' READY, push my strips into their halos;
//   DONE : my strips have landed (the write is fenced after the copies):
//          written into the peers' words; wait for the peers' DONE: my
//          halos of this dimension are complete for the work queued next.
// No host wait and no MPI message: the exchange is copies and flags.
void flagsDim(xmprt_reflect_plan *p, DimPhase &ph, char *base) {
  const char *fn = "xmprt_reflect_wait";
  uint32_t e = p->epoch;
  for (int kind = 0; kind < 2; ++kind) { // READY, then DONE
    if (kind == 1)
      for (const Copy &c : ph.pushes)
        p->mem->copyToPeer(c.peerBase, c.dst, base, c.src, c.direct);
    for (uint32_t *w : ph.flagTo)
      gpu::flagWrite(w + kind, e, fn);
    for (uint32_t *w : ph.flagFrom)
      gpu::flagWait(w + kind, e, fn);
  }
}

void finishDim(xmprt_reflect_plan *p, DimPhase &ph) {
  if (!ph.active)
    return;
  const char *fn = "xmprt_reflect_wait";
  xmprt_darray *a = p->a;
  MemorySpace &mem = *p->mem;
  bool dev = p->acc != 0;
  char *base = dev ? (char *)a->devData : (char *)a->data;
  for (const Copy &c : ph.selfCopies)
    mem.copyBox(base, c.dst, base, c.src);
  if (!ph.tcaPeers.empty() && dev && p->flagsState > 0) {
    flagsDim(p, ph, base);
  } else if (!ph.tcaPeers.empty()) {
    size_t n = ph.tcaPeers.size();
    XMPRT_MPI(MPI_Waitall((int)n, ph.readyReqs.data(), MPI_STATUSES_IGNORE),
              fn);
    if (dev) {
      for (const Copy &c : ph.pushes)
        mem.copyToPeer(c.peerBase, c.dst, base, c.src, c.direct);
      mem.fence(); // my strips have landed in the peers' halos
    } else {
      MPI_Win_sync(a->win);
      for (const Copy &c : ph.pushes)
        mem.copyBox(a->peerBase(c.peer), c.dst, base, c.src);
      MPI_Win_sync(a->win);
    }
    XMPRT_MPI(MPI_Startall((int)ph.doneReqs.size(), ph.doneReqs.data()), fn);
    XMPRT_MPI(MPI_Waitall((int)n, ph.readyReqs.data() + n, MPI_STATUSES_IGNORE),
              fn);
    XMPRT_MPI(MPI_Waitall((int)ph.doneReqs.size(), ph.doneReqs.data(),
                          MPI_STATUSES_IGNORE),
              fn);
    if (!dev)
      MPI_Win_sync(a->win);
  }
  if (!ph.dataReqs.empty())
    XMPRT_MPI(MPI_Waitall((int)ph.dataReqs.size(), ph.dataReqs.data(),
                          MPI_STATUSES_IGNORE),
              fn);
  for (Message &m : ph.recvs) {
    if (dev) {
      // Queued on the stream: the next dimension's packs and copies follow
      // in stream order; xmprt_reflect_wait waits at the end.
      if (m.bytes == 0)
        continue;
      if (!m.staging) {
        gpu::copyAsync(base + m.boxes[0].offset, m.pinned, m.bytes, fn);
        continue;
      }
      gpu::copyAsync(m.staging, m.pinned, m.bytes, fn);
      const char *b = m.staging;
      for (const Box &x : m.boxes) {
        mem.unpack(base, x, b);
        b += x.bytes();
      }
      continue;
    }
    if (m.buffer.empty())
      continue;
    const char *b = m.buffer.data();
    for (const Box &x : m.boxes) {
      mem.unpack(base, x, b);
      b += x.bytes();
    }
  }
}

void freeRequests(std::vector<MPI_Request> &v) {
  for (MPI_Request &r : v)
    if (r != MPI_REQUEST_NULL)
      MPI_Request_free(&r);
  v.clear();
}

// Frees what buildDim made and forgets its result (keeps the request).
void resetDim(DimPhase &ph) {
  freeRequests(ph.dataReqs);
  freeRequests(ph.readyReqs);
  freeRequests(ph.doneReqs);
  for (std::vector<Message> *v : {&ph.sends, &ph.recvs})
    for (Message &m : *v) {
      gpu::pinnedFree(m.pinned);
      gpu::deviceFree(m.staging);
    }
  ph.sends.clear();
  ph.recvs.clear();
  ph.selfCopies.clear();
  ph.pushes.clear();
  ph.halo.clear();
  ph.tcaPeers.clear();
  ph.flagTo.clear();
  ph.flagFrom.clear();
  ph.chan[0] = ph.chan[1] = XMPRT_CHANNEL_NONE;
  ph.ibBytes = ph.tcaBytes = ph.selfBytes = 0;
  ph.active = false;
}

bool dimWanted(const xmprt_reflect_plan *p, const DimPhase &ph) {
  const dist::ArrayDim &ad = p->a->dims[ph.dim];
  bool any = ad.fullShadow || ph.wlo > 0 || ph.whi > 0;
  return ph.requested != XMPRT_CHANNEL_NONE && any;
}

// Sends the CUDA IPC handle of `base` (an allocation of mine) to every peer
// and returns theirs, in the order of `peers`.
std::vector<gpu::IpcHandle> swapIpcHandles(void *base,
                                           const std::vector<int> &peers,
                                           int tag, MPI_Comm comm,
                                           const char *fn) {
  size_t n = peers.size();
  std::vector<gpu::IpcHandle> theirs(n);
  gpu::IpcHandle mine;
  gpu::ipcExport(base, mine, fn);
  std::vector<MPI_Request> rq(2 * n);
  for (size_t i = 0; i < n; ++i)
    XMPRT_MPI(MPI_Irecv(&theirs[i], (int)sizeof(gpu::IpcHandle), MPI_BYTE,
                        peers[i], tag, comm, &rq[i]),
              fn);
  for (size_t i = 0; i < n; ++i)
    XMPRT_MPI(MPI_Isend(&mine, (int)sizeof mine, MPI_BYTE, peers[i], tag, comm,
                        &rq[n + i]),
              fn);
  XMPRT_MPI(MPI_Waitall((int)rq.size(), rq.data(), MPI_STATUSES_IGNORE), fn);
  return theirs;
}

// Device plans: stream flags with every TCA peer (flagsDim). Collective
// over the grid, at every binding (the TCA peers may have changed): my
// flag words are allocated once and their IPC handle goes to every TCA
// peer, each side maps the peers' words it does not have yet, and the plan
// uses flags only if every rank could (gpu::streamFlagsAvailable and every
// mapping), MPI messages otherwise.
void bindFlags(xmprt_reflect_plan *p) {
  const char *fn = "xmprt_reflect_start";
  xmprt_darray *a = p->a;
  xmprt_grid *g = a->grid;
  std::set<int> peerSet;
  for (const DimPhase &ph : p->dims)
    if (ph.active)
      peerSet.insert(ph.tcaPeers.begin(), ph.tcaPeers.end());
  int ok = gpu::streamFlagsAvailable() ? 1 : 0;
  const char *why = ok ? "" : "no stream memory operations";
  if (ok && !peerSet.empty()) {
    if (!p->myFlags) {
      XMPRT_MPI(MPI_Comm_size(g->subComm, &p->subSize), fn);
      p->mySub = g->subRankOf[g->rank];
      p->myFlags = (uint32_t *)gpu::deviceAlloc(
          (int64_t)a->rank * p->subSize * 2 * sizeof(uint32_t), fn);
    }
    std::vector<int> peers(peerSet.begin(), peerSet.end());
    size_t n = peers.size();
    std::vector<gpu::IpcHandle> theirs =
        swapIpcHandles(p->myFlags, peers, kTagFlags, g->comm, fn);
    for (size_t i = 0; i < n && ok; ++i) {
      if (p->peerFlags.count(peers[i]))
        continue;
      auto *f = (uint32_t *)gpu::ipcOpen(theirs[i], &why);
      if (!f) {
        ok = 0;
        break;
      }
      p->peerFlags[peers[i]] = f;
    }
  }
  int all = ok;
  XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_LAND, g->comm),
            fn);
  int state = all ? 1 : -1;
  if (state != p->flagsState && envVerbose() && !peerSet.empty())
    fprintf(stderr,
            "xmprt: rank %d: reflect plan of array %p: device TCA signalling "
            "through %s%s%s\n",
            g->worldOf[g->rank], (void *)a,
            all ? "stream flags in peer memory" : "MPI messages",
            all || ok ? "" : ": ", all || ok ? "" : why);
  p->flagsState = state;
  for (DimPhase &ph : p->dims) {
    ph.flagTo.clear();
    ph.flagFrom.clear();
    if (!all)
      continue;
    for (int peer : ph.tcaPeers) {
      ph.flagTo.push_back(p->peerFlags[peer] +
                          p->flagSlot(ph.dim, p->mySub));
      ph.flagFrom.push_back(p->myFlags +
                            p->flagSlot(ph.dim, g->subRankOf[peer]));
    }
  }
  bool only = all != 0;
  for (const DimPhase &ph : p->dims)
    if (ph.active && (!ph.sends.empty() || !ph.recvs.empty()))
      only = false;
  p->streamOnly = only;
}

// Device plans: bind to the array's current device instance. Collective
// over the grid (every rank starts the plan): IPC handles go to every TCA
// peer, each side maps the other's instance (cached per instance in the
// darray), the outcomes are exchanged, and if any pair failed anywhere the
// plan is rebuilt with those pairs on IB.
void bindDevice(xmprt_reflect_plan *p) {
  const char *fn = "xmprt_reflect_start";
  xmprt_darray *a = p->a;
  xmprt_grid *g = a->grid;
  char *dev = (char *)deviceForUse(a, fn);
  if (p->boundGen == a->devGen)
    return;
  // Peers I exchange data with inside my sub-cluster on dimensions that do
  // not force IB: the same set on both sides of every pair.
  std::set<int> peerSet;
  for (DimPhase &ph : p->dims) {
    if (!ph.active)
      continue;
    peerSet.insert(ph.tcaPeers.begin(), ph.tcaPeers.end());
    for (int peer : p->ipcFailed)
      for (std::vector<Message> *v : {&ph.sends, &ph.recvs})
        for (Message &m : *v)
          if (m.peer == peer)
            peerSet.insert(peer);
  }
  std::vector<int> peers(peerSet.begin(), peerSet.end());
  size_t n = peers.size();
  std::vector<gpu::IpcHandle> theirs(n);
  std::vector<int> okMine(n, 0), okTheirs(n, 0);
  if (n) {
    theirs = swapIpcHandles(dev, peers, kTagIpc, g->comm, fn);
    std::vector<MPI_Request> rq(2 * n);
    for (size_t i = 0; i < n; ++i) {
      auto it = a->devPeers.find(peers[i]);
      if (it == a->devPeers.end()) {
        const char *why = "";
        char *ptr = (char *)gpu::ipcOpen(theirs[i], &why);
        if (!ptr && envVerbose())
          fprintf(stderr,
                  "xmprt: rank %d: reflect: cannot map the device instance of "
                  "grid rank %d through CUDA IPC (%s): IB with it\n",
                  g->worldOf[g->rank], peers[i], why);
        it = a->devPeers.emplace(peers[i], ptr).first;
      }
      okMine[i] = it->second != nullptr;
    }
    for (size_t i = 0; i < n; ++i)
      XMPRT_MPI(MPI_Irecv(&okTheirs[i], 1, MPI_INT, peers[i], kTagIpcOk,
                          g->comm, &rq[i]),
                fn);
    for (size_t i = 0; i < n; ++i)
      XMPRT_MPI(MPI_Isend(&okMine[i], 1, MPI_INT, peers[i], kTagIpcOk, g->comm,
                          &rq[n + i]),
                fn);
    XMPRT_MPI(MPI_Waitall((int)rq.size(), rq.data(), MPI_STATUSES_IGNORE), fn);
  }
  std::set<int> failed;
  for (size_t i = 0; i < n; ++i)
    if (!okMine[i] || !okTheirs[i])
      failed.insert(peers[i]);
  int changed = failed != p->ipcFailed;
  XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, &changed, 1, MPI_INT, MPI_LOR, g->comm),
            fn);
  if (changed) {
    p->ipcFailed = failed;
    for (DimPhase &ph : p->dims) {
      resetDim(ph);
      if (dimWanted(p, ph))
        buildDim(p, ph, fn);
    }
    if (envVerbose())
      xmprt_reflect_print(p);
  }
  std::map<int, int> deviceOf;
  for (size_t i = 0; i < n; ++i)
    deviceOf[peers[i]] = theirs[i].device;
  for (DimPhase &ph : p->dims)
    for (Copy &c : ph.pushes) {
      c.peerBase = a->devPeers[c.peer];
      XMPRT_CHECK(c.peerBase, fn, "no mapping of grid rank %d's instance",
                  c.peer);
      c.direct = gpu::kernelCanReach(deviceOf[c.peer]);
    }
  bindFlags(p);
  p->boundGen = a->devGen;
}

//--- statistics (XMP_REFLECT_STATS=1) ---------------------------------------
std::vector<std::unique_ptr<PlanStats>> &statsRegistry() {
  static std::vector<std::unique_ptr<PlanStats>> r;
  return r;
}

bool statsWanted() {
  return settings::flag("XMP_REFLECT_STATS", "xmprt_reflect_init");
}

const char *elemName(int32_t t) {
  switch (t) {
  case XMPRT_I8: return "i8";
  case XMPRT_I16: return "i16";
  case XMPRT_I32: return "i32";
  case XMPRT_I64: return "i64";
  case XMPRT_F32: return "f32";
  case XMPRT_F64: return "f64";
  case XMPRT_C32: return "complex<f32>";
  case XMPRT_C64: return "complex<f64>";
  case XMPRT_I1: return "i1";
  default: return "?";
  }
}

PlanStats *newStats(const xmprt_reflect_plan *p, const int32_t *channels) {
  const xmprt_darray *a = p->a;
  auto st = std::make_unique<PlanStats>();
  std::string gs, ls;
  for (int32_t d = 0; d < a->rank; ++d) {
    gs += (d ? "x" : "") + std::to_string(a->dims[d].m);
    ls += (d ? "x" : "") + std::to_string(a->extent[d]);
    st->requested.push_back(channels ? channels[d] : XMPRT_CHANNEL_AUTO);
  }
  st->used.assign(a->rank, 0);
  st->desc = "rank-" + std::to_string(a->rank) + " " + elemName(a->elemType) +
             " array " + gs + ", local " + ls + ", " +
             (p->acc ? "device" : "host");
  PlanStats *raw = st.get();
  statsRegistry().push_back(std::move(st));
  return raw;
}

// Channels a plan moves data through now, ORed into its record.
void snapshotUsed(const xmprt_reflect_plan *p) {
  PlanStats *st = p->stats;
  for (const DimPhase &ph : p->dims) {
    if (!ph.active || ph.dim >= (int32_t)st->used.size())
      continue;
    int &u = st->used[ph.dim];
    for (int c : ph.chan)
      u |= c == XMPRT_CHANNEL_IB ? kUsedIB : c == XMPRT_CHANNEL_TCA ? kUsedTCA : 0;
    if (!ph.selfCopies.empty())
      u |= kUsedSelf;
  }
}

std::map<std::vector<int64_t>, xmprt_reflect_plan *> &planCache() {
  static std::map<std::vector<int64_t>, xmprt_reflect_plan *> c;
  return c;
}

// Every plan not yet destroyed. Generated code never destroys the plans of
// xmp.reflect_init (the dialect has no destroy): they go with their array.
std::set<xmprt_reflect_plan *> &livePlans() {
  static std::set<xmprt_reflect_plan *> s;
  return s;
}

} // namespace

namespace xmprt {
void reportReflectStats() {
  static bool reported = false;
  auto &reg = statsRegistry();
  if (reported || !statsWanted()) // set on every rank (mpirun -x ...)
    return;
  reported = true;
  for (auto &st : reg)
    if (st->live)
      snapshotUsed(st->live);
  int wr = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  // Plans are matched by creation index; ranks that created a different
  // number report the common prefix.
  long long n[2] = {(long long)reg.size(), -(long long)reg.size()}, r[2];
  MPI_Allreduce(n, r, 2, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  long long cnt = -r[1], most = r[0];
  std::vector<double> sec(cnt), secMax(cnt), secMin(cnt);
  std::vector<long long> calls(cnt), callsMax(cnt), used(cnt), usedAll(cnt);
  for (long long i = 0; i < cnt; ++i) {
    const PlanStats &st = *reg[i];
    sec[i] = st.seconds;
    calls[i] = st.calls;
    long long u = 0; // 3 bits per dimension
    for (size_t d = 0; d < st.used.size() && d < 21; ++d)
      u |= (long long)st.used[d] << (3 * d);
    used[i] = u;
  }
  if (cnt > 0) {
    MPI_Reduce(sec.data(), secMax.data(), (int)cnt, MPI_DOUBLE, MPI_MAX, 0,
               MPI_COMM_WORLD);
    MPI_Reduce(sec.data(), secMin.data(), (int)cnt, MPI_DOUBLE, MPI_MIN, 0,
               MPI_COMM_WORLD);
    MPI_Reduce(calls.data(), callsMax.data(), (int)cnt, MPI_LONG_LONG, MPI_MAX,
               0, MPI_COMM_WORLD);
    MPI_Reduce(used.data(), usedAll.data(), (int)cnt, MPI_LONG_LONG, MPI_BOR,
               0, MPI_COMM_WORLD);
  }
  if (wr == 0) {
    std::string out;
    for (long long i = 0; i < cnt; ++i) {
      const PlanStats &st = *reg[i];
      std::string ch;
      for (size_t d = 0; d < st.requested.size(); ++d) {
        ch += " dim" + std::to_string(d) + "=" + chanName(st.requested[d]);
        if (st.requested[d] == XMPRT_CHANNEL_NONE)
          continue;
        int u = d < 21 ? (int)((usedAll[i] >> (3 * d)) & 7) : 0;
        std::string us;
        if (u & kUsedIB)
          us += "ib";
        if (u & kUsedTCA)
          us += us.empty() ? "tca" : "+tca";
        if (u & kUsedSelf)
          us += us.empty() ? "self" : "+self";
        ch += ":" + (us.empty() ? std::string("-") : us);
      }
      char line[256];
      snprintf(line, sizeof line,
               "): %lld calls, total %.6f s (max over ranks), %.1f us/call "
               "(min rank %.1f)\n",
               callsMax[i], secMax[i],
               callsMax[i] ? secMax[i] / callsMax[i] * 1e6 : 0.0,
               callsMax[i] ? secMin[i] / callsMax[i] * 1e6 : 0.0);
      out += "xmprt: reflect stats: plan " + std::to_string(i) + " (" +
             st.desc + ", channels" + ch + line;
    }
    if (most != cnt)
      out += "xmprt: reflect stats: ranks created " + std::to_string(cnt) +
             " to " + std::to_string(most) +
             " plans; only the first " + std::to_string(cnt) +
             " are reported\n";
    if (cnt == 0 && most == 0)
      out += "xmprt: reflect stats: no reflect plan was created\n";
    fputs(out.c_str(), stderr);
    fflush(stderr);
  }
  for (auto &st : reg)
    if (st->live)
      st->live->stats = nullptr;
  reg.clear();
}

void forgetReflectPlans(xmprt_darray *a) {
  auto &c = planCache();
  for (auto it = c.begin(); it != c.end();) {
    if (it->second->a == a) {
      it->second->cached = false;
      xmprt_reflect_destroy(it->second);
      it = c.erase(it);
    } else {
      ++it;
    }
  }
  std::vector<xmprt_reflect_plan *> mine;
  for (xmprt_reflect_plan *p : livePlans())
    if (p->a == a)
      mine.push_back(p);
  for (xmprt_reflect_plan *p : mine)
    xmprt_reflect_destroy(p);
}
} // namespace xmprt

extern "C" {

xmprt_reflect_plan *xmprt_reflect_init(xmprt_darray *a, const int64_t *width_lo,
                                       const int64_t *width_hi,
                                       const int32_t *periodic,
                                       const int32_t *channels, int32_t acc) {
  const char *fn = "xmprt_reflect_init";
  XMPRT_CHECK(a, fn, "array is NULL");
  XMPRT_CHECK(acc == 0 || acc == 1, fn, "acc must be 0 or 1, got %d", acc);
  if (acc) {
    // Device plans own pinned and device buffers: they need the GPU now
    // (not the array's instance, which is bound at the first start).
    if (!gpu::built())
      fail(fn, "device data (acc=1): this libxmprt was built without CUDA");
    gpu::ensureDevice(fn);
  }
  auto *p = new xmprt_reflect_plan;
  livePlans().insert(p);
  p->a = a;
  p->acc = acc;
  p->mem = acc ? &gpu::deviceMemory() : a->mem;
  if (statsWanted()) { // on every rank, in or out of the grid
    p->stats = newStats(p, channels);
    p->stats->live = p;
  }
  if (!a->inGrid())
    return p;
  for (int32_t d = 0; d < a->rank; ++d) {
    const dist::ArrayDim &ad = a->dims[d];
    DimPhase ph;
    ph.dim = d;
    ph.requested = channels ? channels[d] : XMPRT_CHANNEL_AUTO;
    XMPRT_CHECK(ph.requested >= XMPRT_CHANNEL_AUTO &&
                    ph.requested <= XMPRT_CHANNEL_NONE,
                fn, "bad channel %d for dim %d", ph.requested, d);
    ph.wlo = width_lo ? width_lo[d] : ad.shadowLo;
    ph.whi = width_hi ? width_hi[d] : ad.shadowHi;
    if (ad.fullShadow) {
      ph.wlo = ph.whi = 0;
    } else {
      XMPRT_CHECK(ph.wlo >= 0 && ph.wlo <= ad.shadowLo && ph.whi >= 0 &&
                      ph.whi <= ad.shadowHi,
                  fn, "dim %d: width %lld:%lld exceeds shadow %lld:%lld", d,
                  (long long)ph.wlo, (long long)ph.whi,
                  (long long)ad.shadowLo, (long long)ad.shadowHi);
    }
    ph.periodic = periodic ? periodic[d] != 0 : false;
    p->dims.push_back(std::move(ph));
    DimPhase &q = p->dims.back();
    if (dimWanted(p, q))
      buildDim(p, q, fn);
  }
  if (envVerbose())
    xmprt_reflect_print(p);
  return p;
}

} // extern "C"

namespace {
// `split`: started by xmprt_reflect_start (work may be queued before the
// wait), not by xmprt_reflect_do.
void startPlan(xmprt_reflect_plan *p, bool split) {
  const char *fn = "xmprt_reflect_start";
  XMPRT_CHECK(p, fn, "plan is NULL");
  XMPRT_CHECK(!p->started, fn,
              "plan already started (missing xmprt_reflect_wait)");
  p->started = true;
  if (p->acc && p->a->inGrid()) {
    bindDevice(p);
    ++p->epoch;
  }
  p->onComm = false;
  if (split && p->acc && p->a->inGrid())
    for (const DimPhase &ph : p->dims)
      p->onComm |= ph.active;
  std::optional<gpu::OnCommStream> on;
  if (p->onComm) {
    gpu::commFork(fn);
    on.emplace(fn);
  }
  if (p->streamOnly) { // everything queued now; nothing left for the wait
    for (DimPhase &ph : p->dims) {
      beginDim(p, ph);
      finishDim(p, ph);
    }
    return;
  }
  if (!p->dims.empty())
    beginDim(p, p->dims[0]);
}

void finishPlan(xmprt_reflect_plan *p);

void waitPlan(xmprt_reflect_plan *p) {
  const char *fn = "xmprt_reflect_wait";
  XMPRT_CHECK(p, fn, "plan is NULL");
  XMPRT_CHECK(p->started, fn, "plan was not started");
  if (!p->onComm) {
    finishPlan(p);
    return;
  }
  {
    gpu::OnCommStream on(fn);
    finishPlan(p);
  }
  gpu::commJoin(fn);
  p->onComm = false;
}

void finishPlan(xmprt_reflect_plan *p) {
  for (size_t d = 0; d < p->dims.size() && !p->streamOnly; ++d) {
    if (d > 0)
      beginDim(p, p->dims[d]);
    finishDim(p, p->dims[d]);
  }
  p->started = false;
  if (!p->a->inGrid())
    return;
  if (p->acc) {
    if (p->a->replicateDepth > 0) {
      // Explicit model: the host gets the halos through replicate_sync out.
      // Halos received through pinned host buffers: their copies to the
      // device must be done before the next exchange reuses the buffers
      // (and before this call returns, as the IB path always did). Copies
      // between device memory (self copies, TCA pushes: fenced above) are
      // ordered on the stream with the kernels that follow: no wait for
      // them, so a reflect with nothing to receive (one rank) never stops
      // the GPU.
      bool staged = false;
      for (const DimPhase &ph : p->dims)
        staged |= ph.active && !ph.recvs.empty();
      if (staged)
        p->mem->fence();
      p->a->devFlags |= kHostStale;
    } else {
      // Outside replicate regions the host instance is the reference: it
      // gets the halos this reflect filled, so host code after the reflect
      // reads them and both instances agree again.
      p->mem->fence(); // every unpack has landed
      std::vector<Box> boxes;
      for (const DimPhase &ph : p->dims)
        boxes.insert(boxes.end(), ph.halo.begin(), ph.halo.end());
      halosToHost(p->a, boxes.data(), boxes.size(), "xmprt_reflect_wait");
    }
  } else {
    xmprt_darray_host_modified(p->a);
  }
}

} // namespace

extern "C" {

// Statistics of a device plan time the exchange itself, which runs on the
// stream: the stream is drained before the start (earlier kernels are not
// counted) and after the wait (the copies and flag waits are).
static void statsDrain(xmprt_reflect_plan *p) {
  if (p->acc && p->a->inGrid())
    gpu::sync("xmprt_reflect_stats");
}

void xmprt_reflect_start(xmprt_reflect_plan *p) {
  if (p && p->stats) {
    statsDrain(p);
    double t0 = MPI_Wtime();
    startPlan(p, true);
    p->stats->seconds += MPI_Wtime() - t0;
    return;
  }
  startPlan(p, true);
}

void xmprt_reflect_wait(xmprt_reflect_plan *p) {
  if (p && p->stats) {
    double t0 = MPI_Wtime();
    waitPlan(p);
    statsDrain(p);
    p->stats->seconds += MPI_Wtime() - t0;
    ++p->stats->calls;
    return;
  }
  waitPlan(p);
}

void xmprt_reflect_do(xmprt_reflect_plan *p) {
  if (p && p->stats) {
    statsDrain(p);
    double t0 = MPI_Wtime();
    startPlan(p, false);
    waitPlan(p);
    statsDrain(p);
    p->stats->seconds += MPI_Wtime() - t0;
    ++p->stats->calls;
    return;
  }
  startPlan(p, false);
  waitPlan(p);
}

int32_t xmprt_reflect_channel(const xmprt_reflect_plan *p, int32_t dim,
                              int32_t side) {
  const char *fn = "xmprt_reflect_channel";
  XMPRT_CHECK(p, fn, "plan is NULL");
  XMPRT_CHECK(dim >= 0 && dim < p->a->rank, fn, "dim %d out of range [0,%d)",
              dim, p->a->rank);
  XMPRT_CHECK(side == 0 || side == 1, fn, "side must be 0 or 1, got %d", side);
  if ((size_t)dim >= p->dims.size())
    return XMPRT_CHANNEL_NONE;
  const DimPhase &ph = p->dims[dim];
  if (p->a->dims[dim].fullShadow)
    return ph.chan[0];
  return ph.chan[side];
}

void xmprt_reflect_print(const xmprt_reflect_plan *p) {
  XMPRT_CHECK(p, "xmprt_reflect_print", "plan is NULL");
  std::string s;
  char line[512];
  int wr = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  snprintf(line, sizeof line,
           "xmprt: rank %d: reflect plan of array %p, acc=%d (%s data)%s\n",
           wr, (void *)p->a, p->acc, p->acc ? "device" : "host",
           p->a->inGrid() ? "" : " (not in grid)");
  s += line;
  for (const DimPhase &ph : p->dims) {
    snprintf(line, sizeof line,
             "  dim %d: requested %s, width %lld:%lld%s%s, lo %s, hi %s; "
             "ib %zu send/%zu recv msgs (%lld B out), tca %zu pushes (%lld "
             "B) to %zu peers, self %lld B\n",
             ph.dim, chanName(ph.requested), (long long)ph.wlo,
             (long long)ph.whi, ph.periodic ? ", periodic" : "",
             p->a->dims[ph.dim].fullShadow ? ", full shadow" : "",
             chanName(ph.chan[0]), chanName(ph.chan[1]), ph.sends.size(),
             ph.recvs.size(), (long long)ph.ibBytes, ph.pushes.size(),
             (long long)ph.tcaBytes, ph.tcaPeers.size(),
             (long long)ph.selfBytes);
    s += line;
  }
  fputs(s.c_str(), stdout);
  fflush(stdout);
}

void xmprt_reflect_destroy(xmprt_reflect_plan *p) {
  if (!p || p->cached)
    return; // cached plans belong to the cache (freed with their array)
  if (p->stats) {
    snapshotUsed(p);
    p->stats->live = nullptr;
  }
  for (DimPhase &ph : p->dims)
    resetDim(ph);
  if (p->myFlags) {
    // Once my stream has run my last reflect, every peer's flag write of
    // it has landed in my words (I waited for them), and no peer writes
    // again before a next reflect: the words may go.
    gpu::syncForRelease("xmprt_reflect_destroy");
    for (auto &kv : p->peerFlags)
      gpu::ipcClose(kv.second);
    gpu::deviceFree(p->myFlags);
  }
  livePlans().erase(p);
  delete p;
}

xmprt_reflect_plan *xmprt_reflect_cached(int64_t site, xmprt_darray *a,
                                         const int64_t *width_lo,
                                         const int64_t *width_hi,
                                         const int32_t *periodic,
                                         const int32_t *channels, int32_t acc) {
  XMPRT_CHECK(a, "xmprt_reflect_cached", "array is NULL");
  std::vector<int64_t> key{site, (int64_t)(intptr_t)a, acc};
  for (int32_t d = 0; d < a->rank; ++d) {
    key.push_back(width_lo ? width_lo[d] : -2);
    key.push_back(width_hi ? width_hi[d] : -2);
    key.push_back(periodic ? periodic[d] : 0);
    key.push_back(channels ? channels[d] : XMPRT_CHANNEL_AUTO);
  }
  auto &c = planCache();
  auto it = c.find(key);
  if (it != c.end())
    return it->second;
  xmprt_reflect_plan *p =
      xmprt_reflect_init(a, width_lo, width_hi, periodic, channels, acc);
  p->cached = true;
  c[key] = p;
  return p;
}

} // extern "C"
