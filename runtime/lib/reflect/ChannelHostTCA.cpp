//===- ChannelHostTCA.cpp - the TCA channel of host reflect plans ---------===//
//
// TCA for host data: the peer's block is mapped through the MPI-3 shared
// window of the array (peers in my sub-cluster); the sender copies its
// owned strip straight into the peer's halo. Synchronization per
// dimension, among the TCA peers only:
//   begin(d): send READY(d) to every TCA peer (I will no longer read my
//             halos of dim d and all my dims < d are final)
//   finish(d): wait READY(d) from every TCA peer, then push my strips into
//             them, MPI_Win_sync, send DONE(d); wait DONE(d) from all TCA
//             peers, MPI_Win_sync: my halos of d are complete.
// reduce_shadow plans pull instead: after READY(d) from a peer (its halos
// are final) I add its halo boxes into my owned elements (only I write
// them), and DONE(d) tells it that I no longer read its halos.
// READY and DONE are zero-byte persistent requests. The same requests and
// handshake (TCAChannel) serve device plans that signal through MPI
// messages (ChannelDeviceTCA.cpp).
//===----------------------------------------------------------------------===//
#include "Plan.h"

#include "../Gpu.h"

using namespace xmprt;
using namespace xmprt::reflect;

namespace {

class HostTCA final : public TCAChannel {
public:
  bool reaches(const Plan *p, int peer) const override {
    return p->a->peerBase(peer) != nullptr;
  }

  void post(Plan *, DimPhase &ph) const override {
    XMPRT_MPI(MPI_Startall((int)ph.tca.ready.size(), ph.tca.ready.data()),
              "xmprt_reflect_start");
  }

  void finish(Plan *p, DimPhase &ph) const override {
    handshake(p, ph, (char *)p->a->data, "xmprt_reflect_wait");
    MPI_Win_sync(p->a->win);
  }

private:
  void push(Plan *p, DimPhase &ph, char *base) const override {
    xmprt_darray *a = p->a;
    MPI_Win_sync(a->win);
    for (const Copy &c : ph.tca.pushes)
      if (p->reduces()) // pull: the peer's halo into my owned elements
        p->mem->addBox(base, c.dst, a->peerBase(c.peer), c.src, a->elemType,
                     p->redOp());
      else
        p->mem->copyBox(a->peerBase(c.peer), c.dst, base, c.src);
    MPI_Win_sync(a->win);
  }
};

const HostTCA kHostTCA{};

} // namespace

namespace xmprt {
namespace reflect {

const Channel &hostTCA() { return kHostTCA; }

void TCAChannel::open(Plan *p, DimPhase &ph, const char *fn) const {
  xmprt_grid *g = p->a->grid;
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<MPI_Request> &rq = pass ? ph.tca.done : ph.tca.ready;
    int tag = (pass ? kTagDone : kTagReady) + ph.dim;
    for (int peer : ph.tca.peers) {
      MPI_Request r;
      XMPRT_MPI(MPI_Recv_init(nullptr, 0, MPI_BYTE, peer, tag, g->comm, &r), fn);
      rq.push_back(r);
    }
    for (int peer : ph.tca.peers) {
      MPI_Request r;
      XMPRT_MPI(MPI_Send_init(nullptr, 0, MPI_BYTE, peer, tag, g->comm, &r), fn);
      rq.push_back(r);
    }
  }
}

void TCAChannel::handshake(Plan *p, DimPhase &ph, char *base,
                           const char *fn) const {
  size_t n = ph.tca.peers.size();
  XMPRT_MPI(MPI_Waitall((int)n, ph.tca.ready.data(), MPI_STATUSES_IGNORE), fn);
  push(p, ph, base);
  XMPRT_MPI(MPI_Startall((int)ph.tca.done.size(), ph.tca.done.data()), fn);
  XMPRT_MPI(MPI_Waitall((int)n, ph.tca.ready.data() + n, MPI_STATUSES_IGNORE),
            fn);
  XMPRT_MPI(MPI_Waitall((int)ph.tca.done.size(), ph.tca.done.data(),
                        MPI_STATUSES_IGNORE),
            fn);
}

void TCAPart::clear() {
  freeRequests(ready);
  freeRequests(done);
  pushes.clear();
  peers.clear();
  gpu::deviceFree(scratch);
  scratch = nullptr;
  flagTo.clear();
  flagFrom.clear();
  bytes = 0;
}

} // namespace reflect
} // namespace xmprt
