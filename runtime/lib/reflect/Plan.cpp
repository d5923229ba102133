//===- Plan.cpp - reflect plans: geometry, building, entry points ---------===//
//
// The plan side of reflect (see Plan.h for the whole design): the halo
// geometry (haloRuns, boxOf), the choice of a channel per peer, the
// consistency check, the dispatch of every dimension's begin and finish to
// its channels, the self channel, the plan cache, and the C entry points
// xmprt_reflect_*.
//===----------------------------------------------------------------------===//
#include "Plan.h"

#include "../Gpu.h"
#include "xmprt/HaloGeometry.h"

#include <cstdio>
#include <optional>

using namespace xmprt;
using namespace xmprt::reflect;

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
  // The strip xmp-select-channels classifies (xmprt/HaloGeometry.h).
  halo::Strip s = halo::strip(a->extent.data(), a->rank, d, a->esize, l0, len);
  Box b;
  b.offset = s.offset;
  b.nblocks = s.nblocks;
  b.blockBytes = s.blockBytes;
  b.stride = s.stride;
  return b;
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

// self: a periodic neighbour that is this rank; copies inside my block, in
// the memory of the plan's data.
class SelfCopy final : public Channel {
public:
  void finish(Plan *p, DimPhase &ph) const override {
    char *base = p->base();
    for (const Copy &c : ph.self.copies)
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

void buildDim(Plan *p, DimPhase &ph, const char *fn) {
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
    return p->tca->reaches(p, peer) ? (int)XMPRT_CHANNEL_TCA
                                    : (int)XMPRT_CHANNEL_IB;
  };
  int nsides = ad.fullShadow ? 1 : 2;
  // Per-coordinate byte counts (ib, tca) for the consistency check.
  std::vector<int64_t> sendCnt(2 * P, 0), recvCnt(2 * P, 0);
  std::map<std::pair<int, int>, Message> sendMsgs, recvMsgs;
  // One IB message per (peer, side): its boxes in enumeration order.
  auto addBox = [](std::map<std::pair<int, int>, Message> &msgs, int peer,
                   int side, const Box &box) {
    Message &m = msgs[{peer, side}];
    m.peer = peer;
    m.side = side;
    m.boxes.push_back(box);
    m.bytes += box.bytes();
  };
  std::set<int> tca;
  for (int side = 0; side < nsides; ++side) {
    for (const Run &r : haloRuns(a, d, me, side, ph.wlo, ph.whi, ph.periodic)) {
      int peer = a->peerRank(d, r.src);
      Box dst = boxOf(a, d, r.dstL, r.len), src = boxOf(a, d, r.srcL, r.len);
      ph.halo.push_back(dst);
      if (peer == g->rank) {
        ph.self.copies.push_back({peer, dst, src});
        ph.self.bytes += dst.bytes();
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
      addBox(recvMsgs, peer, side, dst);
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
          ph.tca.pushes.push_back({peer, dst, src});
          ph.tca.bytes += src.bytes();
          continue;
        }
        addBox(sendMsgs, peer, side, src);
        ph.ib.bytes += src.bytes();
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
  if (!p->dims.empty())
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

void xmprt_reflect_start(xmprt_reflect_plan *p) {
  if (p && p->stats) {
    timedStart(p);
    return;
  }
  startPlan(p, true);
}

void xmprt_reflect_wait(xmprt_reflect_plan *p) {
  if (p && p->stats) {
    timedWait(p);
    return;
  }
  waitPlan(p);
}

void xmprt_reflect_do(xmprt_reflect_plan *p) {
  if (p && p->stats) {
    timedDo(p);
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
  releaseDevice(p);
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
