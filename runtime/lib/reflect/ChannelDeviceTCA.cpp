//===- ChannelDeviceTCA.cpp - the TCA channel of device reflect plans -----===//
//
// TCA for device data (acc = 1): the peers' device instances are mapped
// through CUDA IPC once per binding; my strips are copied straight into
// their halos (copy engines, cudaMemcpy2DAsync for runs; a kernel for
// single-element strides when the peer's memory is reachable by one);
// reduce_shadow plans instead copy the peers' halo boxes into a buffer of
// mine and add them into my owned elements with a kernel. The READY/DONE
// protocol of host TCA (ChannelHostTCA.cpp), but (by default) as stream
// flags: 32-bit words in each plan's device memory, mapped by the TCA
// peers, written and waited on by the stream itself (flagsDim), with an
// epoch per reflect, so the host neither waits nor sends a message.
// Without stream memory operations (or XMP_TCA_SYNC=mpi), READY is an MPI
// message sent after my stream is idle (my kernels no longer read the
// halos), DONE one sent after my copies completed.
//
// A device plan is built without the instance (the compiler creates plans
// right after the array) and binds to it at the first start, again
// whenever the instance was re-created (xmprt_darray::devGen). Binding
// exchanges IPC handles with the TCA peers; a pair whose mapping fails on
// either side is rebuilt as IB both ways (collectively, so the plans still
// agree). Everything here goes through Gpu.h, so it compiles in the
// host-only build too (where device plans cannot be created).
//===----------------------------------------------------------------------===//
#include "Plan.h"

#include "../Gpu.h"

#include <algorithm>
#include <cstdio>

using namespace xmprt;
using namespace xmprt::reflect;

namespace {

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
// The dimension's TCA moves, queued on the stream: my strips into the
// peers' halos, or (reduce_shadow) the peers' halo boxes copied into my
// scratch buffer and added into my owned elements from there (the add is a
// kernel on my own memory, whatever the peer's device).
void moveAll(Plan *p, DimPhase &ph, char *base) {
  for (const Copy &c : ph.tca.pushes) {
    if (!p->reduces()) {
      p->mem->copyToPeer(c.peerBase, c.dst, base, c.src, c.direct);
      continue;
    }
    Box packed = c.src.packed();
    p->mem->copyToPeer(ph.tca.scratch, packed, c.peerBase, c.src, false);
    p->mem->addBox(base, c.dst, ph.tca.scratch, packed, p->a->elemType,
                     p->redOp());
  }
}

void flagsDim(Plan *p, DimPhase &ph, char *base) {
  const char *fn = "xmprt_reflect_wait";
  uint32_t e = p->dev.epoch;
  for (int kind = 0; kind < 2; ++kind) { // READY, then DONE
    if (kind == 1)
      moveAll(p, ph, base);
    for (uint32_t *w : ph.tca.flagTo)
      gpu::flagWrite(w + kind, e, fn);
    for (uint32_t *w : ph.tca.flagFrom)
      gpu::flagWait(w + kind, e, fn);
  }
}

class DeviceTCA final : public TCAChannel {
public:
  // Any peer of my sub-cluster that CUDA IPC can map.
  bool reaches(const Plan *p, int peer) const override {
    return p->a->grid->subRankOf[peer] >= 0 && !p->dev.ipcFailed.count(peer);
  }

  // With MPI messages, READY promises that my kernels no longer read the
  // halos: the host waits for the stream first.
  bool stage(Plan *p, DimPhase &) const override {
    return p->dev.flagsState <= 0;
  }

  void post(Plan *p, DimPhase &ph) const override {
    if (p->dev.flagsState <= 0)
      XMPRT_MPI(MPI_Startall((int)ph.tca.ready.size(), ph.tca.ready.data()),
                "xmprt_reflect_start");
  }

  void finish(Plan *p, DimPhase &ph) const override {
    char *base = (char *)p->a->devData;
    if (p->dev.flagsState > 0)
      flagsDim(p, ph, base);
    else
      handshake(p, ph, base, "xmprt_reflect_wait");
  }

  // reduce_shadow: the scratch buffer of the pulls.
  void open(Plan *p, DimPhase &ph, const char *fn) const override {
    TCAChannel::open(p, ph, fn);
    int64_t most = 0;
    if (p->reduces())
      for (const Copy &c : ph.tca.pushes)
        most = std::max(most, c.src.bytes());
    if (most > 0)
      ph.tca.scratch = (char *)gpu::deviceAlloc(most, fn);
  }

private:
  void push(Plan *p, DimPhase &ph, char *base) const override {
    moveAll(p, ph, base);
    p->mem->fence(); // my strips have landed in the peers' halos (pulls:
                     // I no longer read the peers' halos)
  }
};

const DeviceTCA kDeviceTCA{};

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
void bindFlags(Plan *p) {
  const char *fn = "xmprt_reflect_start";
  xmprt_darray *a = p->a;
  xmprt_grid *g = a->grid;
  DeviceBinding &b = p->dev;
  std::set<int> peerSet;
  forEachBuild(p, [&](const DimPhase &ph) {
    if (ph.active)
      peerSet.insert(ph.tca.peers.begin(), ph.tca.peers.end());
  });
  int ok = gpu::streamFlagsAvailable() ? 1 : 0;
  const char *why = ok ? "" : "no stream memory operations";
  if (ok && !peerSet.empty()) {
    if (!b.myFlags) {
      XMPRT_MPI(MPI_Comm_size(g->subComm, &b.subSize), fn);
      b.mySub = g->subRankOf[g->rank];
      b.myFlags = (uint32_t *)gpu::deviceAlloc(
          (int64_t)a->rank * b.subSize * 2 * sizeof(uint32_t), fn);
    }
    std::vector<int> peers(peerSet.begin(), peerSet.end());
    size_t n = peers.size();
    std::vector<gpu::IpcHandle> theirs =
        swapIpcHandles(b.myFlags, peers, kTagFlags, g->comm, fn);
    for (size_t i = 0; i < n && ok; ++i) {
      if (b.peerFlags.count(peers[i]))
        continue;
      auto *f = (uint32_t *)gpu::ipcOpen(theirs[i], &why);
      if (!f) {
        ok = 0;
        break;
      }
      b.peerFlags[peers[i]] = f;
    }
  }
  int all = ok;
  XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_LAND, g->comm),
            fn);
  int state = all ? 1 : -1;
  if (state != b.flagsState && envVerbose() && !peerSet.empty())
    fprintf(stderr,
            "xmprt: rank %d: reflect plan of array %p: device TCA signalling "
            "through %s%s%s\n",
            g->worldOf[g->rank], (void *)a,
            all ? "stream flags in peer memory" : "MPI messages",
            all || ok ? "" : ": ", all || ok ? "" : why);
  b.flagsState = state;
  forEachBuild(p, [&](DimPhase &ph) {
    ph.tca.flagTo.clear();
    ph.tca.flagFrom.clear();
    if (!all)
      return;
    for (int peer : ph.tca.peers) {
      ph.tca.flagTo.push_back(b.peerFlags[peer] + b.flagSlot(ph.dim, b.mySub));
      ph.tca.flagFrom.push_back(b.myFlags +
                                b.flagSlot(ph.dim, g->subRankOf[peer]));
    }
  });
  updateStreamOnly(p);
}

// Device plans: bind to the array's current device instance. Collective
// over the grid (every rank starts the plan): IPC handles go to every TCA
// peer, each side maps the other's instance (cached per instance in the
// darray), the outcomes are exchanged, and if any pair failed anywhere the
// plan is rebuilt with those pairs on IB.
void bindInstance(Plan *p) {
  const char *fn = "xmprt_reflect_start";
  xmprt_darray *a = p->a;
  xmprt_grid *g = a->grid;
  char *dev = (char *)deviceForUse(a, fn);
  if (p->dev.boundGen == a->devGen)
    return;
  // Peers I exchange data with inside my sub-cluster on dimensions that do
  // not force IB: the same set on both sides of every pair. (Every build:
  // a tuner may bind with its IB build of a dimension in the plan.)
  std::set<int> peerSet;
  forEachBuild(p, [&](DimPhase &ph) {
    if (!ph.active)
      return;
    peerSet.insert(ph.tca.peers.begin(), ph.tca.peers.end());
    for (int peer : p->dev.ipcFailed)
      for (std::vector<Message> *v : {&ph.ib.sends, &ph.ib.recvs})
        for (Message &m : *v)
          if (m.peer == peer)
            peerSet.insert(peer);
  });
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
  int changed = failed != p->dev.ipcFailed;
  XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, &changed, 1, MPI_INT, MPI_LOR, g->comm),
            fn);
  if (changed) {
    p->dev.ipcFailed = failed;
    rebuildAll(p, fn);
    if (envVerbose())
      xmprt_reflect_print(p);
  }
  std::map<int, int> deviceOf;
  for (size_t i = 0; i < n; ++i)
    deviceOf[peers[i]] = theirs[i].device;
  forEachBuild(p, [&](DimPhase &ph) {
    for (Copy &c : ph.tca.pushes) {
      c.peerBase = a->devPeers[c.peer];
      XMPRT_CHECK(c.peerBase, fn, "no mapping of grid rank %d's instance",
                  c.peer);
      c.direct = gpu::kernelCanReach(deviceOf[c.peer]);
    }
  });
  bindFlags(p);
  p->dev.boundGen = a->devGen;
}

} // namespace

namespace xmprt {
namespace reflect {

const Channel &deviceTCA() { return kDeviceTCA; }

void bindDevice(Plan *p) {
  bindInstance(p);
  ++p->dev.epoch;
}

void updateStreamOnly(Plan *p) {
  bool only = p->dev.flagsState > 0;
  for (const DimPhase &ph : p->dims)
    if (ph.active && (!ph.ib.sends.empty() || !ph.ib.recvs.empty()))
      only = false;
  p->streamOnly = only;
}

void releaseDevice(Plan *p) {
  DeviceBinding &b = p->dev;
  if (!b.myFlags)
    return;
  // Once my stream has run my last reflect, every peer's flag write of
  // it has landed in my words (I waited for them), and no peer writes
  // again before a next reflect: the words may go.
  gpu::syncForRelease("xmprt_reflect_destroy");
  for (auto &kv : b.peerFlags)
    gpu::ipcClose(kv.second);
  gpu::deviceFree(b.myFlags);
}

} // namespace reflect
} // namespace xmprt
