//===- Plan.cpp - reflect plans: geometry, building, entry points ---------===//
//
// The plan side of reflect (see Plan.h for the whole design): the halo
// geometry (haloRuns, boxOf), the choice of a channel per peer, the
// consistency check, the dispatch of every dimension's begin and finish to
// its channels, the self channel, the plan cache, and the C entry points
// xmprt_reflect_*.
//===----------------------------------------------------------------------===//
#include "Plan.h"

#include "../BoxAdd.h"
#include "../Gpu.h"
#include "xmprt/HaloGeometry.h"

#include <cstdio>
#include <optional>
#include <tuple>

using namespace xmprt;
using namespace xmprt::reflect;

namespace {

struct Run {
  int64_t src;  // source coordinate on the axis (the owner's)
  int64_t dstL; // local index in the receiver's block (the holder's)
  int64_t srcL; // local index in the source's block (the owner's)
  int64_t len;
};

// Appends index g of coordinate s at local indices (dl, sl), extending the
// last run when it continues it.
void addIndex(std::vector<Run> &out, int64_t s, int64_t dl, int64_t sl) {
  if (!out.empty()) {
    Run &b = out.back();
    if (b.src == s && b.dstL + b.len == dl && b.srcL + b.len == sl) {
      ++b.len;
      return;
    }
  }
  out.push_back({s, dl, sl, 1});
}

// Runs filling the halo of coordinate q on `side` (0 lo, 1 hi; a full
// shadow uses side 0 only) of dim d.
std::vector<Run> haloRuns(const xmprt_darray *a, int32_t d, int64_t q,
                          int side, int64_t wlo, int64_t whi, bool periodic) {
  const dist::ArrayDim &ad = a->dims[d];
  std::vector<Run> out;
  if (ad.m == 0)
    return out;
  if (ad.fullShadow) {
    if (side != 0)
      return out;
    for (int64_t g = 0; g < ad.m; ++g) {
      int64_t s = dist::arrayOwner(ad, g);
      if (s != q)
        addIndex(out, s, g, g);
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
    addIndex(out, s, dist::arrayGlobalToLocal(ad, q, g),
             dist::arrayGlobalToLocal(ad, s, gw));
  }
  return out;
}

// The owned elements of coordinate q in dim d as runs whose source is q
// itself (dstL == srcL: the same local indices on every rank with this
// coordinate). One run except for a full shadow of a cyclic dimension.
std::vector<Run> ownedRuns(const xmprt_darray *a, int32_t d, int64_t q) {
  const dist::ArrayDim &ad = a->dims[d];
  std::vector<Run> out;
  bool cyclic = ad.aligned && ad.t.kind == dist::Kind::Cyclic;
  if (cyclic && ad.fullShadow) {
    for (int64_t g = 0; g < ad.m; ++g)
      if (dist::arrayOwner(ad, g) == q)
        addIndex(out, q, g, g);
    return out;
  }
  int64_t n = dist::arrayOwnedCount(ad, q);
  if (n == 0)
    return out;
  int64_t l = cyclic
                  ? ad.shadowLo
                  : dist::arrayGlobalToLocal(ad, q, dist::arrayOwned(ad, q).lo);
  out.push_back({q, l, l, n});
  return out;
}

// The runs of dim d that `role` covers for the rank with coordinate q.
std::vector<Run> roleRuns(const Plan *p, int32_t d, int64_t q, Role role) {
  const xmprt_darray *a = p->a;
  switch (role) {
  case Role::Full:
    return {Run{q, 0, 0, a->extent[d]}};
  case Role::Owned:
    return ownedRuns(a, d, q);
  default: {
    const DimPhase &ph = p->dims[d];
    return haloRuns(a, d, q, role == Role::Hi ? 1 : 0, ph.wlo, ph.whi,
                    ph.periodic);
  }
  }
}

// The boxes (forEachStrip's strips) of local index ranges [lo[k], lo[k] +
// len[k]) of the block, appended to `out`.
void boxesOf(const xmprt_darray *a, const int64_t *lo, const int64_t *len,
             std::vector<Box> &out) {
  halo::forEachStrip(a->extent.data(), a->rank, a->esize, lo, len,
                     [&](const halo::Strip &s) {
                       Box b;
                       b.offset = s.offset;
                       b.nblocks = s.nblocks;
                       b.blockBytes = s.blockBytes;
                       b.stride = s.stride;
                       out.push_back(b);
                     });
}

// Calls f(pick) for every choice of one element per list (pick[k] indexes
// lists[k]), the last list varying fastest; nothing if a list is empty.
template <typename T, typename F>
void forEachPick(const std::vector<std::vector<T>> &lists, F &&f) {
  size_t n = lists.size();
  for (const std::vector<T> &l : lists)
    if (l.empty())
      return;
  std::vector<size_t> pick(n, 0);
  for (;;) {
    f(pick);
    size_t k = n;
    while (k > 0 && ++pick[k - 1] == lists[k - 1].size())
      pick[--k] = 0;
    if (k == 0)
      return;
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

// self: a periodic neighbour that is this rank; copies (reduce_shadow:
// additions) inside my block, in the memory of the plan's data.
class SelfCopy final : public Channel {
public:
  void finish(Plan *p, DimPhase &ph) const override {
    char *base = p->base();
    for (const Copy &c : ph.self.copies)
      if (p->reduces())
        p->mem->addBox(base, c.dst, base, c.src, p->a->elemType,
                     p->redOp());
      else
        p->mem->copyBox(base, c.dst, base, c.src);
  }
};
const SelfCopy kSelfCopy{};

void beginDim(Plan *p, DimPhase &ph) {
  if (!ph.active)
    return;
  bool idle = false;
  for (int i = 0; i < ph.nchannels; ++i)
    idle |= ph.channels[i]->stage(p, ph);
  if (idle)
    p->mem->fence();
  for (int i = 0; i < ph.nchannels; ++i)
    ph.channels[i]->post(p, ph);
}

// Concurrent plans: every phase's first pass, one wait for the device
// stream if a stage asked, then every phase's messages.
void beginAll(Plan *p) {
  bool idle = false;
  for (DimPhase &ph : p->dims)
    if (ph.active)
      for (int i = 0; i < ph.nchannels; ++i)
        idle |= ph.channels[i]->stage(p, ph);
  if (idle)
    p->mem->fence();
  for (DimPhase &ph : p->dims)
    if (ph.active)
      for (int i = 0; i < ph.nchannels; ++i)
        ph.channels[i]->post(p, ph);
}

void finishDim(Plan *p, DimPhase &ph) {
  if (!ph.active)
    return;
  for (int i = ph.nchannels; i-- > 0;)
    ph.channels[i]->finish(p, ph);
}

void finishPlan(Plan *p);

std::map<std::vector<int64_t>, Plan *> &planCache() {
  static std::map<std::vector<int64_t>, Plan *> c;
  return c;
}

// Every plan not yet destroyed. Generated code never destroys the plans of
// xmp.reflect_init (the dialect has no destroy): they go with their array.
std::set<Plan *> &livePlans() {
  static std::set<Plan *> s;
  return s;
}

} // namespace

namespace xmprt {
namespace reflect {

const Channel &selfCopy() { return kSelfCopy; }

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

void setRegions(Plan *p, DimPhase &ph) {
  const xmprt_darray *a = p->a;
  int32_t n = a->rank, d = ph.dim;
  ph.regions.clear();
  int nsides = a->dims[d].fullShadow ? 1 : 2;
  for (int side = 0; side < nsides; ++side) {
    Region r;
    r.side = side;
    r.roles.assign(n, p->orthogonal ? Role::Owned : Role::Full);
    r.roles[d] = side ? Role::Hi : Role::Lo;
    if (!p->reduces()) {
      ph.regions.push_back(r);
      continue;
    }
    // reduce_shadow: dims before d owned (their halos are phases of their
    // own), dims after d owned or either halo they have.
    r.roles.assign(n, Role::Owned);
    r.roles[d] = side ? Role::Hi : Role::Lo;
    std::vector<std::vector<Role>> choice(n, {Role::Owned});
    for (int32_t k = d + 1; k < n; ++k) {
      const DimPhase &pk = p->dims[k];
      if (!dimWanted(p, pk))
        continue;
      if (a->dims[k].fullShadow || pk.wlo > 0)
        choice[k].push_back(Role::Lo);
      if (!a->dims[k].fullShadow && pk.whi > 0)
        choice[k].push_back(Role::Hi);
    }
    choice[d] = {r.roles[d]};
    forEachPick(choice, [&](const std::vector<size_t> &pick) {
      for (int32_t k = 0; k < n; ++k)
        r.roles[k] = choice[k][pick[k]];
      ph.regions.push_back(r);
    });
  }
}

void buildDim(Plan *p, DimPhase &ph, const char *fn) {
  xmprt_darray *a = p->a;
  xmprt_grid *g = a->grid;
  int32_t d = ph.dim, n = a->rank;
  bool reduce = p->reduces();
  auto choose = [&](int peer) {
    if (ph.use == XMPRT_CHANNEL_IB)
      return (int)XMPRT_CHANNEL_IB;
    return p->tca->reaches(p, peer) ? (int)XMPRT_CHANNEL_TCA
                                    : (int)XMPRT_CHANNEL_IB;
  };
  // Peers differ from me along the axis of d only, unless a region has a
  // halo in another dimension (reduce_shadow's corners): then along any.
  bool oneAxis = true;
  for (const Region &r : ph.regions)
    for (int32_t k = 0; k < n; ++k)
      if (k != d && (r.roles[k] == Role::Lo || r.roles[k] == Role::Hi))
        oneAxis = false;
  int64_t P = !oneAxis ? g->size : a->axis[d] >= 0 ? g->shape[a->axis[d]] : 1;
  auto slot = [&](int peer) {
    return oneAxis ? a->coordOf(peer, d) : (int64_t)peer;
  };
  // Per-peer byte counts (ib, tca) of what flows from me to the peer and
  // from the peer to me, for the consistency check.
  std::vector<int64_t> sendCnt(2 * P, 0), recvCnt(2 * P, 0);
  std::map<std::pair<int, int>, Message> sendMsgs, recvMsgs;
  // One IB message per (peer, side): its boxes in enumeration order.
  auto addBoxes = [](std::map<std::pair<int, int>, Message> &msgs, int peer,
                     int side, const std::vector<Box> &boxes) {
    Message &m = msgs[{peer, side}];
    m.peer = peer;
    m.side = side;
    for (const Box &b : boxes) {
      m.boxes.push_back(b);
      m.bytes += b.bytes();
    }
  };
  auto bytesOf = [](const std::vector<Box> &boxes) {
    int64_t b = 0;
    for (const Box &x : boxes)
      b += x.bytes();
    return b;
  };
  std::set<int> tca;
  // A piece of a region: `holder` holds the halo (near: its boxes), `owner`
  // owns the elements (far: its boxes); one of them is me. Reflect moves
  // far into near, reduce_shadow adds near into far.
  auto piece = [&](int holder, int owner, int side, std::vector<Box> &near,
                   std::vector<Box> &far) {
    bool mine = holder == g->rank; // I hold the halo
    int peer = mine ? owner : holder;
    if (peer == g->rank) { // both: a local copy
      std::vector<Box> &dst = reduce ? far : near, &src = reduce ? near : far;
      ph.halo.insert(ph.halo.end(), dst.begin(), dst.end());
      for (size_t i = 0; i < dst.size(); ++i)
        ph.self.copies.push_back({peer, dst[i], src[i]});
      ph.self.bytes += bytesOf(dst);
      return;
    }
    // Boxes of my block written: my halo (reflect) or my owned elements.
    if (mine != reduce)
      ph.halo.insert(ph.halo.end(), (mine ? near : far).begin(),
                     (mine ? near : far).end());
    int c = choose(peer);
    bool viaTCA = c == XMPRT_CHANNEL_TCA;
    if (mine && ph.chan[side] == XMPRT_CHANNEL_NONE)
      ph.chan[side] = c;
    bool sending = mine == reduce; // data flows from me to the peer
    (sending ? sendCnt : recvCnt)[2 * slot(peer) + viaTCA] += bytesOf(near);
    if (viaTCA) {
      tca.insert(peer);
      // The side that owns the far boxes writes or reads the peer's block:
      // reflect pushes into the holder, reduce_shadow pulls from it.
      if (!mine) {
        for (size_t i = 0; i < near.size(); ++i)
          ph.tca.pushes.push_back(reduce ? Copy{peer, far[i], near[i]}
                                         : Copy{peer, near[i], far[i]});
        ph.tca.bytes += bytesOf(near);
      }
      return;
    }
    addBoxes(sending ? sendMsgs : recvMsgs, peer, side, mine ? near : far);
    if (sending)
      ph.ib.bytes += bytesOf(near);
  };
  std::vector<int64_t> lo(n), flo(n), len(n);
  std::vector<int64_t> c(g->coord);
  // Pieces of the runs picked, for the holder of coordinates `q`.
  auto pieces = [&](const Region &r, const std::vector<std::vector<Run>> &runs,
                    const std::vector<int64_t> &q) {
    forEachPick(runs, [&](const std::vector<size_t> &pick) {
      c = g->coord;
      for (int32_t k = 0; k < n; ++k) {
        const Run &x = runs[k][pick[k]];
        if (a->axis[k] >= 0)
          c[a->axis[k]] = x.src;
        lo[k] = x.dstL;
        flo[k] = x.srcL;
        len[k] = x.len;
      }
      int owner = g->rankOf(c);
      for (int32_t k = 0; k < n; ++k)
        if (a->axis[k] >= 0)
          c[a->axis[k]] = q[k];
      int holder = g->rankOf(c);
      std::vector<Box> near, far;
      boxesOf(a, lo.data(), len.data(), near);
      boxesOf(a, flo.data(), len.data(), far);
      piece(holder, owner, r.side, near, far);
    });
  };
  std::map<std::tuple<int32_t, int64_t, Role>, std::vector<Run>> memo;
  auto runsOf = [&](int32_t k, int64_t q,
                    Role role) -> const std::vector<Run> & {
    auto key = std::make_tuple(k, q, role);
    auto it = memo.find(key);
    if (it == memo.end())
      it = memo.emplace(key, roleRuns(p, k, q, role)).first;
    return it->second;
  };
  const std::vector<int64_t> &me = a->coord;
  std::vector<std::vector<Run>> runs(n);
  // My halos: I am the holder of every piece.
  for (const Region &r : ph.regions) {
    for (int32_t k = 0; k < n; ++k)
      runs[k] = runsOf(k, me[k], r.roles[k]);
    pieces(r, runs, me);
  }
  // The halos of the others that I own: per dimension the coordinates whose
  // runs have me as their source, then those runs.
  for (const Region &r : ph.regions) {
    std::vector<std::vector<int64_t>> cand(n);
    for (int32_t k = 0; k < n; ++k) {
      if (r.roles[k] != Role::Lo && r.roles[k] != Role::Hi) {
        cand[k] = {me[k]};
        continue;
      }
      int64_t Pk = a->axis[k] >= 0 ? g->shape[a->axis[k]] : 1;
      for (int64_t q = 0; q < Pk; ++q)
        for (const Run &x : runsOf(k, q, r.roles[k]))
          if (x.src == me[k]) {
            cand[k].push_back(q);
            break;
          }
    }
    forEachPick(cand, [&](const std::vector<size_t> &pick) {
      std::vector<int64_t> q(n);
      bool self = true;
      for (int32_t k = 0; k < n; ++k) {
        q[k] = cand[k][pick[k]];
        self = self && q[k] == me[k];
      }
      if (self)
        return; // my own halo: above
      for (int32_t k = 0; k < n; ++k) {
        runs[k].clear();
        for (const Run &x : runsOf(k, q[k], r.roles[k]))
          if (x.src == me[k])
            runs[k].push_back(x);
      }
      pieces(r, runs, q);
    });
  }
  // Consistency: what each peer will send me must be what I expect.
  MPI_Comm comm =
      oneAxis ? (a->axis[d] >= 0 ? g->axisComm[a->axis[d]] : MPI_COMM_NULL)
              : g->comm;
  if (comm != MPI_COMM_NULL && P > 1) {
    std::vector<int64_t> got(2 * P);
    XMPRT_MPI(MPI_Alltoall(sendCnt.data(), 2, MPI_INT64_T, got.data(), 2,
                           MPI_INT64_T, comm),
              fn);
    for (int64_t s = 0; s < P; ++s)
      if (got[2 * s] != recvCnt[2 * s] || got[2 * s + 1] != recvCnt[2 * s + 1])
        fail(fn,
             "plan mismatch in dim %d: %s %lld sends %lld+%lld bytes "
             "(ib+tca), this rank expects %lld+%lld (different widths, "
             "channels or arrays on different ranks?)",
             d, oneAxis ? "coordinate" : "grid rank", (long long)s,
             (long long)got[2 * s], (long long)got[2 * s + 1],
             (long long)recvCnt[2 * s], (long long)recvCnt[2 * s + 1]);
  }
  for (auto &kv : recvMsgs)
    ph.ib.recvs.push_back(std::move(kv.second));
  for (auto &kv : sendMsgs)
    ph.ib.sends.push_back(std::move(kv.second));
  ph.tca.peers.assign(tca.begin(), tca.end());
  p->ib->open(p, ph, fn);
  p->tca->open(p, ph, fn);
  ph.nchannels = 0;
  if (!ph.ib.reqs.empty())
    ph.channels[ph.nchannels++] = p->ib;
  if (!ph.tca.peers.empty())
    ph.channels[ph.nchannels++] = p->tca;
  if (!ph.self.copies.empty())
    ph.channels[ph.nchannels++] = &selfCopy();
  ph.active = ph.nchannels > 0;
}

void resetDim(DimPhase &ph) {
  // Every request of the dimension before the buffers they use.
  freeRequests(ph.ib.reqs);
  freeRequests(ph.tca.ready);
  freeRequests(ph.tca.done);
  ph.ib.clear();
  ph.tca.clear();
  ph.self.copies.clear();
  ph.self.bytes = 0;
  ph.halo.clear();
  ph.chan[0] = ph.chan[1] = XMPRT_CHANNEL_NONE;
  ph.nchannels = 0;
  ph.active = false;
}

void swapBuild(DimPhase &x, DimPhase &y) {
  using std::swap;
  swap(x.use, y.use);
  swap(x.active, y.active);
  swap(x.chan, y.chan);
  swap(x.halo, y.halo);
  swap(x.ib, y.ib);
  swap(x.tca, y.tca);
  swap(x.self, y.self);
  swap(x.channels, y.channels);
  swap(x.nchannels, y.nchannels);
}

void rebuildAll(Plan *p, const char *fn) {
  forEachBuild(p, [&](DimPhase &ph) {
    resetDim(ph);
    if (dimWanted(p, ph))
      buildDim(p, ph, fn);
  });
}

bool dimWanted(const Plan *p, const DimPhase &ph) {
  const dist::ArrayDim &ad = p->a->dims[ph.dim];
  bool any = ad.fullShadow || ph.wlo > 0 || ph.whi > 0;
  return ph.requested != XMPRT_CHANNEL_NONE && any;
}

void startPlan(Plan *p, bool split) {
  const char *fn = "xmprt_reflect_start";
  XMPRT_CHECK(p, fn, "plan is NULL");
  XMPRT_CHECK(!p->started, fn,
              "plan already started (missing xmprt_reflect_wait)");
  p->started = true;
  if (p->acc && p->a->inGrid())
    bindDevice(p);
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
  if (p->concurrent())
    beginAll(p);
  else if (!p->dims.empty())
    beginDim(p, p->dims[0]);
}

void waitPlan(Plan *p) {
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

} // namespace reflect

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
  std::vector<Plan *> mine;
  for (Plan *p : livePlans())
    if (p->a == a)
      mine.push_back(p);
  for (Plan *p : mine)
    xmprt_reflect_destroy(p);
}

} // namespace xmprt

namespace {

void finishPlan(Plan *p) {
  for (size_t d = 0; d < p->dims.size() && !p->streamOnly; ++d) {
    if (d > 0 && !p->concurrent())
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
        staged |= ph.active && !ph.ib.recvs.empty();
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

namespace {

// The plan kind of reduce_shadow's operation `op`.
PlanKind shadowKind(int32_t op, const char *fn) {
  switch (op) {
  case XMPRT_RED_SUM:
    return PlanKind::ReduceAdd;
  case XMPRT_RED_MAX:
    return PlanKind::ReduceMax;
  case XMPRT_RED_MIN:
    return PlanKind::ReduceMin;
  }
  fail(fn, "reduce_shadow combines with XMPRT_RED_SUM, _MAX or _MIN, not %d",
       op);
}

// A plan of any kind (the C entry points below check their arguments).
Plan *makePlan(const char *fn, xmprt_darray *a, const int64_t *width_lo,
               const int64_t *width_hi, const int32_t *periodic,
               const int32_t *channels, int32_t acc, PlanKind kind,
               int32_t orthogonal) {
  XMPRT_CHECK(a, fn, "array is NULL");
  XMPRT_CHECK(acc == 0 || acc == 1, fn, "acc must be 0 or 1, got %d", acc);
  XMPRT_CHECK(orthogonal == 0 || orthogonal == 1, fn,
              "orthogonal must be 0 or 1, got %d", orthogonal);
  if (kind == PlanKind::ReduceAdd)
    XMPRT_CHECK(withAddType(a->elemType, [](auto) {}), fn,
                "element type %d has no addition (reduce_shadow adds shadows "
                "into their owners)",
                a->elemType);
  if (kind == PlanKind::ReduceMax || kind == PlanKind::ReduceMin)
    XMPRT_CHECK(withOrderType(a->elemType, [](auto) {}), fn,
                "element type %d has no order (reduce_shadow %s compares "
                "shadows with their owners)",
                a->elemType, kind == PlanKind::ReduceMax ? "max" : "min");
  XMPRT_CHECK(a->rank <= halo::kMaxBoxRank, fn,
              "rank-%d array: reflect plans take at most %d dimensions",
              a->rank, halo::kMaxBoxRank);
  if (acc) {
    // Device plans own pinned and device buffers: they need the GPU now
    // (not the array's instance, which is bound at the first start).
    if (!gpu::built())
      fail(fn, "device data (acc=1): this libxmprt was built without CUDA");
    gpu::ensureDevice(fn);
  }
  auto *p = new xmprt_reflect_plan;
  livePlans().insert(p);
  static int64_t created = 0;
  p->id = created++;
  p->a = a;
  p->acc = acc;
  p->kind = kind;
  p->orthogonal = orthogonal != 0;
  p->mem = acc ? &gpu::deviceMemory() : a->mem;
  p->ib = acc ? &deviceIB() : &hostIB();
  p->tca = acc ? &deviceTCA() : &hostTCA();
  if (statsWanted()) // on every rank, in or out of the grid
    statsAttach(p, channels);
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
    ph.use = ph.requested == XMPRT_CHANNEL_AUTO ? defaultChannel()
                                                : ph.requested;
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
  }
  // Every dimension's widths first: a reduce_shadow phase reaches into the
  // halos of the dimensions after its own.
  for (DimPhase &ph : p->dims) {
    setRegions(p, ph);
    if (dimWanted(p, ph))
      buildDim(p, ph, fn);
  }
  tuneAttach(p, fn);
  if (envVerbose())
    xmprt_reflect_print(p);
  return p;
}

// The plan cache of xmprt_reflect_cached / xmprt_reduce_shadow_cached.
Plan *cachedPlan(int64_t site, xmprt_darray *a, const int64_t *width_lo,
                 const int64_t *width_hi, const int32_t *periodic,
                 const int32_t *channels, int32_t acc, PlanKind kind,
                 int32_t orthogonal, const char *fn) {
  XMPRT_CHECK(a, fn, "array is NULL");
  std::vector<int64_t> key{site, (int64_t)(intptr_t)a, acc, (int64_t)kind,
                           orthogonal};
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
  Plan *p = makePlan(fn, a, width_lo, width_hi, periodic, channels, acc, kind,
                     orthogonal);
  p->cached = true;
  c[key] = p;
  return p;
}

} // namespace

extern "C" {

xmprt_reflect_plan *xmprt_reflect_init(xmprt_darray *a, const int64_t *width_lo,
                                       const int64_t *width_hi,
                                       const int32_t *periodic,
                                       const int32_t *channels, int32_t acc,
                                       int32_t orthogonal) {
  return makePlan("xmprt_reflect_init", a, width_lo, width_hi, periodic,
                  channels, acc, PlanKind::Reflect, orthogonal);
}

xmprt_reflect_plan *
xmprt_reduce_shadow_init(xmprt_darray *a, const int64_t *width_lo,
                         const int64_t *width_hi, const int32_t *periodic,
                         const int32_t *channels, int32_t acc) {
  return makePlan("xmprt_reduce_shadow_init", a, width_lo, width_hi, periodic,
                  channels, acc, PlanKind::ReduceAdd, 0);
}

xmprt_reflect_plan *
xmprt_reduce_shadow_op_init(xmprt_darray *a, const int64_t *width_lo,
                            const int64_t *width_hi, const int32_t *periodic,
                            const int32_t *channels, int32_t acc, int32_t op) {
  const char *fn = "xmprt_reduce_shadow_op_init";
  return makePlan(fn, a, width_lo, width_hi, periodic, channels, acc,
                  shadowKind(op, fn), 0);
}

// A plan with a tuner (its first reflects) or statistics takes the
// instrumented path; the others pay these branches only.
void xmprt_reflect_start(xmprt_reflect_plan *p) {
  if (p && (p->tuner || p->stats)) {
    if (p->tuner)
      tunedStart(p, true);
    else
      timedStart(p, true);
    return;
  }
  startPlan(p, true);
}

void xmprt_reflect_wait(xmprt_reflect_plan *p) {
  if (p && (p->tuner || p->stats)) {
    if (p->tuner)
      tunedWait(p);
    else
      timedWait(p);
    return;
  }
  waitPlan(p);
}

void xmprt_reflect_do(xmprt_reflect_plan *p) {
  if (p && (p->tuner || p->stats)) {
    if (p->tuner) {
      tunedStart(p, false);
      tunedWait(p);
    } else {
      timedStart(p, false);
      timedWait(p);
    }
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
           "xmprt: rank %d: %s plan of array %p, acc=%d (%s data)%s%s\n", wr,
           p->reduces() ? "reduce_shadow" : "reflect", (void *)p->a, p->acc,
           p->acc ? "device" : "host", p->orthogonal ? ", orthogonal" : "",
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
             chanName(ph.chan[0]), chanName(ph.chan[1]), ph.ib.sends.size(),
             ph.ib.recvs.size(), (long long)ph.ib.bytes, ph.tca.pushes.size(),
             (long long)ph.tca.bytes, ph.tca.peers.size(),
             (long long)ph.self.bytes);
    s += line;
  }
  fputs(s.c_str(), stdout);
  fflush(stdout);
}

void xmprt_reflect_destroy(xmprt_reflect_plan *p) {
  if (!p || p->cached)
    return; // cached plans belong to the cache (freed with their array)
  if (p->stats)
    statsDetach(p);
  for (DimPhase &ph : p->dims)
    resetDim(ph);
  tuneRelease(p);
  releaseDevice(p);
  livePlans().erase(p);
  delete p;
}

xmprt_reflect_plan *
xmprt_reflect_cached(int64_t site, xmprt_darray *a, const int64_t *width_lo,
                     const int64_t *width_hi, const int32_t *periodic,
                     const int32_t *channels, int32_t acc, int32_t orthogonal) {
  return cachedPlan(site, a, width_lo, width_hi, periodic, channels, acc,
                    PlanKind::Reflect, orthogonal, "xmprt_reflect_cached");
}

xmprt_reflect_plan *xmprt_reduce_shadow_cached(int64_t site, xmprt_darray *a,
                                               const int64_t *width_lo,
                                               const int64_t *width_hi,
                                               const int32_t *periodic,
                                               int32_t acc, int32_t op) {
  const char *fn = "xmprt_reduce_shadow_cached";
  return cachedPlan(site, a, width_lo, width_hi, periodic, nullptr, acc,
                    shadowKind(op, fn), 0, fn);
}

} // extern "C"
