//===- GMove.cpp - dst[section] = src[section] between any distributions --===//
//
// Schedule (built once per (site, arrays, sections), then reused):
//   1. every rank enumerates the destination elements it holds (owner along
//      distributed dims; all replicas along replicated axes and full-shadow
//      dims), maps each to the source element with the same row-major
//      position in the section. Its holders are the owner along distributed
//      source dims and every coordinate along the source grid's replicated
//      axes (the axes no source dim is distributed on): a *group* of
//      replicas;
//   2. when the source has replicas, which one serves which rank is chosen
//      so that holders share the sending evenly (xmprt/ReplicaBalance.h: on
//      the NPB-CG transpose of a grid with more rows than columns, the
//      holders of a reader's column no longer serve every reader of that
//      column while the others idle); one MPI_Allgather of per-group counts
//      when building the schedule, none when the source has no replicas;
//   3. the byte offsets each holder must send are handed to it once with
//      MPI_Alltoallv (a grid's ranks are world ranks through worldOf: a
//      node subset's rank 0 is not world rank 0).
// Execution: pack from src, MPI_Alltoallv over MPI_COMM_WORLD, unpack into
// dst. Packing completes before any unpacking, so src == dst with
// overlapping sections is safe. gmove is collective over MPI_COMM_WORLD.
//
// Executed by a node set (xmprt_gmove_on: XMP's gmove inside a task on it)
// the schedule is planned the same way, in world ranks (the arrays' grid
// ranks map to world ranks, node subsets included), then translated
// (MPI_Group_translate_ranks) into ranks of the node set's communicator,
// over which every collective runs; only its ranks call it. A local array
// there is each executing rank's own (a local source is read from the
// reader's copy, a local destination is assigned on every executing rank).
// Before planning, every executing rank checks, from the distributions
// alone, that each element read or written has a holder among them, and
// stops the job naming the element and its holders otherwise: nobody is
// left waiting for a rank that does not take part.
// The asynchronous form (xmprt_gmove_start ... xmprt_wait) runs the same
// schedule in two halves: the start packs and posts MPI_Irecv / MPI_Isend
// to the ranks it exchanges with (on a duplicate of MPI_COMM_WORLD, one tag
// per gmove in flight; every rank starts gmoves in the same order), the
// wait completes them and unpacks (xmprt_test asks MPI_Testall whether
// they are complete). Each transfer in flight has its own buffers (the
// schedule's while it is the only user).
//
// On device instances (gmoveOnDevice, for xmprt_gmove_acc inside replicate
// regions) the same schedule runs on the device blocks: one gather kernel
// packs every element this rank sends, the part for other ranks goes
// through pinned host buffers and MPI_Alltoallv, this rank's own part is a
// device-to-device copy between the packed buffers, and one scatter kernel
// unpacks; only the elements that cross ranks touch the host.
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "GMoveSection.h"
#include "Internal.h"
#include "xmprt/ReplicaBalance.h"

#include <climits>
#include <cstring>
#include <string>
#include <map>
#include <memory>

using namespace xmprt;

namespace {
using xmprt::gmove::checkSection;
using xmprt::gmove::holds;
using xmprt::gmove::Sec;

struct Schedule {
  xmprt_darray *dst = nullptr, *src = nullptr;
  // The ranks that execute it: every rank (exec null, comm MPI_COMM_WORLD)
  // or those of node set exec (its communicator); me = rank in comm.
  xmprt_grid *exec = nullptr;
  MPI_Comm comm = MPI_COMM_WORLD;
  int me = 0;
  std::vector<int> sendCounts, sendDispls, recvCounts, recvDispls; // bytes
  std::vector<int64_t> sendOffsets; // byte offsets into src block
  std::vector<int64_t> recvOffsets; // byte offsets into dst block
  std::vector<char> sbuf, rbuf;
  int inFlight = 0; // asynchronous transfers using this schedule
  int64_t esize = 0;
  int64_t remoteTargets = 0, remoteBytes = 0; // to other ranks (testing.h)
  // Device execution (made at its first use): the offsets in device
  // memory, packed device buffers, pinned host buffers for the elements
  // that cross ranks, and the counts without this rank's own part.
  struct Device {
    int64_t *sendOffsets = nullptr, *recvOffsets = nullptr;
    char *sbuf = nullptr, *rbuf = nullptr;   // device
    char *hsbuf = nullptr, *hrbuf = nullptr; // pinned host
    std::vector<int> sendCounts, recvCounts; // bytes; 0 for this rank
    int64_t selfSend = 0, selfRecv = 0;      // byte offsets of my own part
    int64_t selfBytes = 0;
    bool remoteSend = false, remoteRecv = false;
  };
  std::unique_ptr<Device> dev;
  ~Schedule() {
    if (!dev)
      return;
    gpu::syncForRelease("xmprt_gmove_acc");
    for (void *p : {(void *)dev->sendOffsets, (void *)dev->recvOffsets,
                    (void *)dev->sbuf, (void *)dev->rbuf})
      gpu::deviceFree(p);
    gpu::pinnedFree(dev->hsbuf);
    gpu::pinnedFree(dev->hrbuf);
  }
};

std::map<std::vector<int64_t>, Schedule *> &cache() {
  static std::map<std::vector<int64_t>, Schedule *> c;
  return c;
}



// The ranks that execute a gmove and the communicator they exchange on:
// every rank (MPI_COMM_WORLD) or the ranks of a node set.
struct Executors {
  xmprt_grid *exec = nullptr;
  MPI_Comm comm = MPI_COMM_WORLD;
  int size = 0, me = 0;
  // World rank -> rank in comm, -1 for a rank that does not execute it
  // (empty for the world: the same numbers).
  std::vector<int> ofWorld;
  int of(int world) const { return ofWorld.empty() ? world : ofWorld[world]; }

  Executors(xmprt_grid *e, const char *fn) : exec(e) {
    if (!exec) {
      MPI_Comm_size(MPI_COMM_WORLD, &size);
      MPI_Comm_rank(MPI_COMM_WORLD, &me);
      return;
    }
    comm = exec->comm;
    size = (int)exec->size;
    me = exec->rank;
    int ws;
    MPI_Comm_size(MPI_COMM_WORLD, &ws);
    std::vector<int> world(ws);
    for (int r = 0; r < ws; ++r)
      world[r] = r;
    ofWorld.resize(ws);
    MPI_Group wg, eg;
    XMPRT_MPI(MPI_Comm_group(MPI_COMM_WORLD, &wg), fn);
    XMPRT_MPI(MPI_Comm_group(comm, &eg), fn);
    XMPRT_MPI(MPI_Group_translate_ranks(wg, ws, world.data(), eg,
                                        ofWorld.data()),
              fn);
    MPI_Group_free(&wg);
    MPI_Group_free(&eg);
    for (int &r : ofWorld)
      if (r == MPI_UNDEFINED)
        r = -1;
  }
};

// "3, 5, 8" (the first eight, then "...").
std::string rankList(const std::vector<int> &ranks) {
  std::string s;
  for (size_t i = 0; i < ranks.size() && i < 8; ++i)
    s += (i ? ", " : "") + std::to_string(ranks[i]);
  if (ranks.size() > 8)
    s += ", ...";
  return s;
}

// A gmove executed by a node set reads and writes only elements that one
// of its ranks holds: a source element's owner or one of its replicas, a
// destination element's owner or replicas (those outside the node set keep
// their values, as with any assignment inside a task). Decided from the
// distribution alone, identically on every executing rank, so that all of
// them stop (MPI_Abort) before any exchange when an element has no holder
// among them: no rank is left waiting.
void checkHeld(const xmprt_darray *a, const Sec &s, bool isDst,
               const Executors &X, const char *fn) {
  if (a->local) // each executing rank's own
    return;
  const xmprt_grid *g = a->grid;
  auto executes = [&](int64_t r) { return X.of(g->worldOf[r]) >= 0; };
  bool every = true;
  for (int64_t r = 0; r < g->size && every; ++r)
    every = executes(r);
  if (every)
    return;
  for (int64_t c : s.count)
    if (c == 0)
      return;
  // Per grid axis the coordinates holding some element of the section:
  // the owners' along an axis a dimension is distributed over (first[c]:
  // the first section position owned by c, -1 if none), any coordinate
  // along the others (replicas; a destination's full shadows).
  int32_t n = g->ndims;
  std::vector<int32_t> dimOf(n, -1);
  for (int32_t d = 0; d < a->rank; ++d)
    if (a->axis[d] >= 0 && !(isDst && a->dims[d].fullShadow))
      dimOf[a->axis[d]] = d;
  std::vector<std::vector<int64_t>> first(n), opts(n);
  std::vector<int32_t> fixedAxes, freeAxes;
  for (int32_t ax = 0; ax < n; ++ax) {
    int32_t d = dimOf[ax];
    if (d < 0) {
      freeAxes.push_back(ax);
      for (int64_t c = 0; c < g->shape[ax]; ++c)
        opts[ax].push_back(c);
      continue;
    }
    fixedAxes.push_back(ax);
    first[ax].assign(g->shape[ax], -1);
    for (int64_t k = 0; k < s.count[d]; ++k) {
      int64_t c = dist::arrayOwner(a->dims[d], s.lb[d] + k * s.step[d]);
      if (first[ax][c] < 0) {
        first[ax][c] = k;
        opts[ax].push_back(c);
      }
    }
  }
  // Odometer over the options of `axes`; false after the last.
  auto advance = [&](const std::vector<int32_t> &axes,
                     std::vector<size_t> &it) {
    for (size_t i = axes.size(); i-- > 0;) {
      if (++it[i] < opts[axes[i]].size())
        return true;
      it[i] = 0;
    }
    return false;
  };
  std::vector<int64_t> c(n, 0);
  std::vector<size_t> fi(fixedAxes.size(), 0);
  do {
    for (size_t i = 0; i < fixedAxes.size(); ++i)
      c[fixedAxes[i]] = opts[fixedAxes[i]][fi[i]];
    std::vector<int> holders;
    bool held = false;
    std::vector<size_t> ri(freeAxes.size(), 0);
    do {
      for (size_t j = 0; j < freeAxes.size(); ++j)
        c[freeAxes[j]] = opts[freeAxes[j]][ri[j]];
      int64_t r = g->rankOf(c);
      held = executes(r);
      holders.push_back(g->worldOf[r]);
    } while (!held && advance(freeAxes, ri));
    if (held)
      continue;
    std::string elem = "[";
    for (int32_t d = 0; d < a->rank; ++d) {
      int64_t k = 0;
      if (a->axis[d] >= 0 && dimOf[a->axis[d]] == d)
        k = first[a->axis[d]][c[a->axis[d]]];
      elem += (d ? ", " : "") + std::to_string(s.lb[d] + k * s.step[d]);
    }
    elem += "]";
    std::vector<int> execs;
    for (size_t w = 0; w < X.ofWorld.size(); ++w)
      if (X.ofWorld[w] >= 0)
        execs.push_back((int)w);
    fail(fn,
         "element %s of the %s is held by %s %s, outside the node set that "
         "executes the gmove (%s %s): inside a task, a gmove reads and "
         "writes only elements that the task's nodes hold",
         elem.c_str(), isDst ? "destination" : "source",
         holders.size() > 1 ? "ranks" : "rank", rankList(holders).c_str(),
         execs.size() > 1 ? "ranks" : "rank", rankList(execs).c_str());
  } while (advance(fixedAxes, fi));
}

Schedule *build(xmprt_darray *dst, const Sec &ds, xmprt_darray *src,
                const Sec &ss, const Executors &X, const char *fn) {
  int ws = X.size, me = X.me;
  if (X.exec) {
    checkHeld(dst, ds, /*isDst=*/true, X, fn);
    checkHeld(src, ss, /*isDst=*/false, X, fn);
  }
  auto *S = new Schedule;
  S->dst = dst;
  S->src = src;
  S->exec = X.exec;
  S->comm = X.comm;
  S->me = me;
  S->esize = dst->esize;
  std::vector<bool> distributed(src->grid->ndims, false);
  for (int32_t d = 0; d < src->rank; ++d)
    if (src->axis[d] >= 0)
      distributed[src->axis[d]] = true;
  dist::ReplicaGroups R(src->grid->shape, distributed);
  // Per source group: the byte offsets of the source elements this rank
  // needs and of the destination elements they go to.
  std::vector<std::vector<int64_t>> reqG(R.groups), dstOffG(R.groups);
  // A local destination is every executing rank's: each rank of the node
  // set that executes the gmove, or every rank (those outside the source's
  // grid too: XMP's executing nodes are all of them).
  if (dst->local || dst->inGrid()) {
    int64_t total = 1;
    for (int64_t c : ds.count)
      XMPRT_CHECK(!__builtin_mul_overflow(total, c, &total), fn,
                  "section of more than 2^63-1 elements");
    std::vector<std::vector<int64_t>> ks(dst->rank);
    for (int32_t d = 0; d < dst->rank; ++d)
      for (int64_t k = 0; k < ds.count[d]; ++k)
        if (holds(dst, d, ds.lb[d] + k * ds.step[d]))
          ks[d].push_back(k);
    bool any = total > 0;
    for (auto &v : ks)
      any = any && !v.empty();
    std::vector<size_t> it(dst->rank, 0);
    std::vector<int64_t> dl(dst->rank), sl(src->rank),
        sc(src->grid->ndims, 0);
    while (any) {
      int64_t L = 0;
      for (int32_t d = 0; d < dst->rank; ++d) {
        int64_t k = ks[d][it[d]];
        L = L * ds.count[d] + k;
        dl[d] = dist::arrayGlobalToLocal(dst->dims[d], dst->coord[d],
                                         ds.lb[d] + k * ds.step[d]);
      }
      // source element with the same row-major position; its local offset
      // is the same in every replica
      for (int32_t d = src->rank - 1; d >= 0; --d) {
        int64_t k = L % ss.count[d];
        L /= ss.count[d];
        int64_t gsrc = ss.lb[d] + k * ss.step[d];
        int64_t c = 0;
        if (src->axis[d] >= 0) {
          c = dist::arrayOwner(src->dims[d], gsrc);
          sc[src->axis[d]] = c;
        }
        sl[d] = dist::arrayGlobalToLocal(src->dims[d], c, gsrc);
      }
      int64_t g = R.groupOf(sc.data());
      reqG[g].push_back(src->localOffset(sl) * src->esize);
      dstOffG[g].push_back(dst->localOffset(dl) * dst->esize);
      int32_t d = dst->rank - 1;
      for (; d >= 0; --d) {
        if (++it[d] < ks[d].size())
          break;
        it[d] = 0;
      }
      if (d < 0)
        break;
    }
  }
  // Who serves each group, as a rank of the communicator: the source
  // grid's ranks are world ranks through worldOf (a node subset's rank 0
  // is not world rank 0), those through X.of.
  std::vector<int64_t> holderOf(R.groups, -1);
  if (X.exec && src->local) { // the reader's own copy
    holderOf.assign(R.groups, me);
  } else {
    std::vector<int64_t> readerOf(src->grid->size);
    for (int64_t h = 0; h < src->grid->size; ++h)
      readerOf[h] = X.of(src->grid->worldOf[h]);
    if (R.perGroup == 1) { // one holder per element
      for (int64_t g = 0; g < R.groups; ++g)
        holderOf[g] = readerOf[R.holder(g, 0)];
    } else {
      std::vector<int64_t> mine(R.groups), counts((size_t)ws * R.groups);
      for (int64_t g = 0; g < R.groups; ++g)
        mine[g] = (int64_t)reqG[g].size();
      XMPRT_MPI(MPI_Allgather(mine.data(), (int)R.groups, MPI_INT64_T,
                              counts.data(), (int)R.groups, MPI_INT64_T,
                              X.comm),
                fn);
      holderOf = dist::balanceReplicas(R, counts, ws, me, readerOf);
    }
  }
  std::vector<std::vector<int64_t>> req(ws), dstOff(ws);
  for (int64_t g = 0; g < R.groups; ++g)
    if (!reqG[g].empty()) {
      XMPRT_CHECK(holderOf[g] >= 0, fn,
                  "no executing rank holds source elements this rank needs "
                  "(internal: checkHeld should have said so)");
      req[holderOf[g]] = std::move(reqG[g]);
      dstOff[holderOf[g]] = std::move(dstOffG[g]);
    }
  std::vector<int> nreq(ws), ngive(ws);
  for (int r = 0; r < ws; ++r) {
    XMPRT_CHECK(req[r].size() * S->esize < (size_t)INT_MAX, fn,
                "gmove message too large");
    nreq[r] = (int)req[r].size();
  }
  XMPRT_MPI(MPI_Alltoall(nreq.data(), 1, MPI_INT, ngive.data(), 1, MPI_INT,
                         X.comm),
            fn);
  std::vector<int> rd(ws), gd(ws);
  int64_t nr = 0, ng = 0;
  for (int r = 0; r < ws; ++r) {
    rd[r] = (int)nr;
    gd[r] = (int)ng;
    nr += nreq[r];
    ng += ngive[r];
  }
  std::vector<int64_t> flatReq;
  flatReq.reserve(nr);
  for (int r = 0; r < ws; ++r) {
    flatReq.insert(flatReq.end(), req[r].begin(), req[r].end());
    S->recvOffsets.insert(S->recvOffsets.end(), dstOff[r].begin(),
                          dstOff[r].end());
  }
  S->sendOffsets.resize(ng);
  XMPRT_MPI(MPI_Alltoallv(flatReq.data(), nreq.data(), rd.data(), MPI_INT64_T,
                          S->sendOffsets.data(), ngive.data(), gd.data(),
                          MPI_INT64_T, X.comm),
            fn);
  for (int64_t o : S->sendOffsets)
    XMPRT_CHECK(src->data && o >= 0 && o + S->esize <= src->bytes, fn,
                "schedule asks this rank for an element it does not hold "
                "(arrays differ between ranks?)");
  S->sendCounts.resize(ws);
  S->sendDispls.resize(ws);
  S->recvCounts.resize(ws);
  S->recvDispls.resize(ws);
  for (int r = 0; r < ws; ++r) {
    if (r != me && ngive[r] > 0) {
      ++S->remoteTargets;
      S->remoteBytes += ngive[r] * S->esize;
    }
    S->sendCounts[r] = ngive[r] * (int)S->esize;
    S->sendDispls[r] = gd[r] * (int)S->esize;
    S->recvCounts[r] = nreq[r] * (int)S->esize;
    S->recvDispls[r] = rd[r] * (int)S->esize;
  }
  XMPRT_CHECK(ng * S->esize < INT_MAX && nr * S->esize < INT_MAX, fn,
              "gmove too large for one MPI_Alltoallv");
  S->sbuf.resize(ng * S->esize);
  S->rbuf.resize(nr * S->esize);
  return S;
}

// The schedule of this rank's last gmove (testing.h).
const Schedule *last = nullptr;

// The send and receive buffers of one execution: the schedule's, or (while
// an asynchronous transfer holds those) its own.
struct Buffers {
  std::vector<char> own[2];
  char *send = nullptr, *recv = nullptr;
  Buffers(const Buffers &) = delete;
  explicit Buffers(Schedule *S) {
    if (S->inFlight == 0) {
      send = S->sbuf.data();
      recv = S->rbuf.data();
      return;
    }
    own[0].resize(S->sbuf.size());
    own[1].resize(S->rbuf.size());
    send = own[0].data();
    recv = own[1].data();
  }
};

void pack(const Schedule *S, char *b) {
  const char *sp = (const char *)S->src->data;
  for (int64_t o : S->sendOffsets) {
    memcpy(b, sp + o, S->esize);
    b += S->esize;
  }
}

void unpack(const Schedule *S, const char *rb) {
  char *dp = (char *)S->dst->data;
  for (int64_t o : S->recvOffsets) {
    memcpy(dp + o, rb, S->esize);
    rb += S->esize;
  }
  S->dst->devFlags |= kDevStale; // the host instance changed
}

void execute(Schedule *S) {
  last = S;
  Buffers B(S);
  pack(S, B.send);
  XMPRT_MPI(MPI_Alltoallv(B.send, S->sendCounts.data(), S->sendDispls.data(),
                          MPI_BYTE, B.recv, S->recvCounts.data(),
                          S->recvDispls.data(), MPI_BYTE, S->comm),
            "xmprt_gmove");
  unpack(S, B.recv);
}

Schedule::Device &deviceState(Schedule *S, const char *fn) {
  if (S->dev)
    return *S->dev;
  auto D = std::make_unique<Schedule::Device>();
  int me = S->me;
  int64_t ns = (int64_t)S->sendOffsets.size(),
          nr = (int64_t)S->recvOffsets.size(), e = S->esize;
  auto upload = [&](const std::vector<int64_t> &v) -> int64_t * {
    if (v.empty())
      return nullptr;
    auto *d = (int64_t *)gpu::deviceAlloc((int64_t)v.size() * 8, fn);
    gpu::copyAsync(d, v.data(), (int64_t)v.size() * 8, fn);
    return d;
  };
  D->sendOffsets = upload(S->sendOffsets);
  D->recvOffsets = upload(S->recvOffsets);
  gpu::sync(fn); // the offsets were copied from pageable memory
  D->sbuf = ns ? (char *)gpu::deviceAlloc(ns * e, fn) : nullptr;
  D->rbuf = nr ? (char *)gpu::deviceAlloc(nr * e, fn) : nullptr;
  D->sendCounts = S->sendCounts;
  D->recvCounts = S->recvCounts;
  D->selfSend = S->sendDispls[me];
  D->selfRecv = S->recvDispls[me];
  // what I send myself is what I receive from myself, in the same order
  D->selfBytes = S->sendCounts[me];
  D->sendCounts[me] = D->recvCounts[me] = 0;
  D->remoteSend = ns * e > D->selfBytes;
  D->remoteRecv = nr * e > D->selfBytes;
  D->hsbuf = D->remoteSend ? (char *)gpu::pinnedAlloc(ns * e, fn) : nullptr;
  D->hrbuf = D->remoteRecv ? (char *)gpu::pinnedAlloc(nr * e, fn) : nullptr;
  S->dev = std::move(D);
  return *S->dev;
}

// A packed buffer's bytes [0, total) but for [skip, skip + len): copied
// between the device and pinned host memory (the parts other ranks send
// or receive).
void copyAround(char *dst, const char *src, int64_t total, int64_t skip,
                int64_t len, const char *fn) {
  gpu::copyAsync(dst, src, skip, fn);
  gpu::copyAsync(dst + skip + len, src + skip + len, total - skip - len, fn);
}

// The schedule on the device instances (current there; inside a replicate
// region): pack, exchange what crosses ranks, unpack, all queued on the
// stream but the exchange.
void executeDevice(Schedule *S, const char *fn) {
  last = S;
  Schedule::Device &D = deviceState(S, fn);
  int64_t e = S->esize, ns = (int64_t)S->sendOffsets.size(),
          nr = (int64_t)S->recvOffsets.size();
  gpu::gatherScatterAsync(D.sbuf, nullptr, S->src->devData, D.sendOffsets, ns,
                          e, fn);
  if (D.remoteSend)
    copyAround(D.hsbuf, D.sbuf, ns * e, D.selfSend, D.selfBytes, fn);
  // The packed elements are on the host, and the previous execution's
  // copies out of the receive buffer are done, before MPI touches them.
  if (D.remoteSend || D.remoteRecv)
    gpu::sync(fn);
  XMPRT_MPI(MPI_Alltoallv(D.hsbuf, D.sendCounts.data(), S->sendDispls.data(),
                          MPI_BYTE, D.hrbuf, D.recvCounts.data(),
                          S->recvDispls.data(), MPI_BYTE, S->comm),
            fn);
  if (D.selfBytes)
    gpu::copyAsync(D.rbuf + D.selfRecv, D.sbuf + D.selfSend, D.selfBytes, fn);
  if (D.remoteRecv)
    copyAround(D.rbuf, D.hrbuf, nr * e, D.selfRecv, D.selfBytes, fn);
  gpu::gatherScatterAsync(S->dst->devData, D.recvOffsets, D.rbuf, nullptr, nr,
                          e, fn);
}

// The schedule for (site, arrays, sections[, executing node set]), built
// (collectively over the executing ranks) the first time.
Schedule *scheduleFor(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
                      xmprt_darray *src, const int64_t *src_sec,
                      const char *fn, xmprt_grid *exec = nullptr) {
  XMPRT_CHECK(dst && src, fn, "array is NULL");
  XMPRT_CHECK(dst_sec && src_sec, fn, "section is NULL");
  std::vector<int64_t> key{site, (int64_t)(intptr_t)dst,
                           (int64_t)(intptr_t)src};
  key.insert(key.end(), dst_sec, dst_sec + 3 * dst->rank);
  key.insert(key.end(), src_sec, src_sec + 3 * src->rank);
  if (exec)
    key.push_back((int64_t)(intptr_t)exec);
  auto &c = cache();
  auto it = c.find(key);
  if (it != c.end())
    return it->second;
  XMPRT_CHECK(dst->esize == src->esize, fn,
              "element sizes differ (dst %lld bytes, src %lld bytes)",
              (long long)dst->esize, (long long)src->esize);
  Sec ds = checkSection(dst, dst_sec, fn, "dst");
  Sec ss = checkSection(src, src_sec, fn, "src");
  std::vector<int64_t> a, b; // shapes without extent-1 dims
  for (int64_t x : ds.count)
    if (x != 1)
      a.push_back(x);
  for (int64_t x : ss.count)
    if (x != 1)
      b.push_back(x);
  if (a != b) {
    auto str = [](const std::vector<int64_t> &v) {
      std::string s = "[";
      for (size_t i = 0; i < v.size(); ++i)
        s += (i ? "," : "") + std::to_string(v[i]);
      return s + "]";
    };
    fail(fn, "section shapes differ: dst %s, src %s", str(ds.count).c_str(),
         str(ss.count).c_str());
  }
  Schedule *S = build(dst, ds, src, ss, Executors(exec, fn), fn);
  c[key] = S;
  return S;
}

// The communicator of asynchronous gmoves (a duplicate of MPI_COMM_WORLD,
// made by the first one, freed when MPI finalizes) and the tag of the next.
MPI_Comm gAsyncComm = MPI_COMM_NULL;
int gNextTag = 0;

void freeAsyncComm() {
  if (gAsyncComm != MPI_COMM_NULL)
    MPI_Comm_free(&gAsyncComm);
  gAsyncComm = MPI_COMM_NULL;
  gNextTag = 0;
}

} // namespace

// One asynchronous gmove in flight: its schedule, buffers and messages, and
// what its completion does besides unpacking.
struct xmprt::GMoveTransfer {
  Schedule *S = nullptr;
  Buffers B;
  std::vector<MPI_Request> reqs;
  bool acc = false;  // xmprt_gmove_acc_start: refresh dst's device instance
  int32_t owned = 0; // XMPRT_GMOVE_OWN_*: descriptors destroyed at the end
  xmprt_darray *dst = nullptr, *src = nullptr;
  explicit GMoveTransfer(Schedule *S) : S(S), B(S) {}
};

xmprt_request *xmprt::gmoveStart(int64_t site, xmprt_darray *dst,
                                 const int64_t *dst_sec, xmprt_darray *src,
                                 const int64_t *src_sec, int32_t owned,
                                 bool acc, const char *fn, xmprt_grid *exec) {
  XMPRT_CHECK((owned & ~(XMPRT_GMOVE_OWN_DST | XMPRT_GMOVE_OWN_SRC)) == 0, fn,
              "owned %d is not a combination of XMPRT_GMOVE_OWN_DST/SRC",
              owned);
  Schedule *S = scheduleFor(site, dst, dst_sec, src, src_sec, fn, exec);
  last = S;
  // The messages go over a duplicate of the executing ranks' communicator,
  // with one tag per gmove in flight: every executing rank starts the
  // gmoves of its communicator in the same order (a node set's own
  // counter: the ranks outside it do not start its gmoves).
  MPI_Comm comm;
  int tag;
  if (!exec) {
    if (gAsyncComm == MPI_COMM_NULL) {
      XMPRT_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &gAsyncComm), fn);
      atMpiFinalize(freeAsyncComm);
    }
    comm = gAsyncComm;
    tag = gNextTag;
    gNextTag = (gNextTag + 1) % 32768; // MPI_TAG_UB is at least 32767
  } else {
    if (exec->gmoveComm == MPI_COMM_NULL)
      XMPRT_MPI(MPI_Comm_dup(exec->comm, &exec->gmoveComm), fn);
    comm = exec->gmoveComm;
    tag = exec->gmoveNextTag;
    exec->gmoveNextTag = (tag + 1) % 32768;
  }
  auto *T = new GMoveTransfer(S);
  ++S->inFlight;
  T->acc = acc;
  T->owned = owned;
  T->dst = dst;
  T->src = src;
  int ws, me;
  MPI_Comm_size(comm, &ws);
  MPI_Comm_rank(comm, &me);
  T->reqs.reserve(2 * (size_t)ws);
  // The receives first, then the packed sends; what this rank sends itself
  // is copied.
  auto post = [&](bool send) {
    const std::vector<int> &counts = send ? S->sendCounts : S->recvCounts;
    const std::vector<int> &displs = send ? S->sendDispls : S->recvDispls;
    char *buf = send ? T->B.send : T->B.recv;
    for (int r = 0; r < ws; ++r) {
      if (r == me || counts[r] == 0)
        continue;
      MPI_Request &q = T->reqs.emplace_back();
      if (send)
        XMPRT_MPI(MPI_Isend(buf + displs[r], counts[r], MPI_BYTE, r, tag,
                            comm, &q),
                  fn);
      else
        XMPRT_MPI(MPI_Irecv(buf + displs[r], counts[r], MPI_BYTE, r, tag,
                            comm, &q),
                  fn);
    }
  };
  post(false);
  pack(S, T->B.send);
  if (S->sendCounts[me] > 0)
    memcpy(T->B.recv + S->recvDispls[me], T->B.send + S->sendDispls[me],
           (size_t)S->sendCounts[me]);
  post(true);
  xmprt_request *req = newRequest(xmprt_request::GMove, fn);
  req->site = site;
  req->gmove = T;
  return req;
}

bool xmprt::testGMove(xmprt_request *r, const char *fn) {
  GMoveTransfer *T = r->gmove;
  // MPI_Testall frees the requests only when all are complete (then
  // MPI_REQUEST_NULL, which the wait's MPI_Waitall takes at once); the
  // unpacking stays in the wait.
  int done = 0;
  XMPRT_MPI(MPI_Testall((int)T->reqs.size(), T->reqs.data(), &done,
                        MPI_STATUSES_IGNORE),
            fn);
  return done != 0;
}

void xmprt::finishGMove(xmprt_request *r, const char *fn) {
  GMoveTransfer *T = r->gmove;
  XMPRT_MPI(MPI_Waitall((int)T->reqs.size(), T->reqs.data(),
                        MPI_STATUSES_IGNORE),
            fn);
  unpack(T->S, T->B.recv);
  --T->S->inFlight;
  if (T->acc)
    gmoveAccAfter(T->dst, fn);
  // The descriptors of local arrays made for this gmove (their schedules
  // go with them).
  if (T->owned & XMPRT_GMOVE_OWN_DST)
    xmprt_darray_destroy(T->dst);
  if (T->owned & XMPRT_GMOVE_OWN_SRC)
    xmprt_darray_destroy(T->src);
  delete T;
  delete r;
}

namespace {
// Drops the cached schedules `drop` selects; one still in flight stops the
// program with the message `why` gives for it (fn: the destroying entry
// point).
template <typename Pred, typename Why>
void forgetSchedules(Pred drop, const char *fn, Why why) {
  auto &c = cache();
  for (auto it = c.begin(); it != c.end();) {
    if (drop(it->second)) {
      XMPRT_CHECK(it->second->inFlight == 0, fn, "%s", why(it->second));
      if (last == it->second)
        last = nullptr;
      delete it->second;
      it = c.erase(it);
    } else {
      ++it;
    }
  }
}
} // namespace

namespace xmprt {
void forgetGMoveSchedules(xmprt_darray *a) {
  forgetSchedules(
      [a](const Schedule *S) { return S->dst == a || S->src == a; },
      "xmprt_darray_destroy", [a](const Schedule *S) {
        return S->dst == a
                   ? "the array is the destination of a gmove in flight "
                     "(started, not yet waited for): wait for it first"
                   : "the array is the source of a gmove in flight "
                     "(started, not yet waited for): wait for it first";
      });
}

void forgetGMoveSchedulesOn(const xmprt_grid *g) {
  forgetSchedules([g](const Schedule *S) { return S->exec == g; },
                  "xmprt_grid_destroy", [](const Schedule *) {
                    return "the node set executes a gmove in flight "
                           "(started, not yet waited for): wait for it first";
                  });
}
} // namespace xmprt

extern "C" int64_t xmprt_gmove_last_sends(int64_t *bytes) {
  if (bytes)
    *bytes = last ? last->remoteBytes : 0;
  return last ? last->remoteTargets : 0;
}

namespace xmprt {
void gmoveOnDevice(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
                   xmprt_darray *src, const int64_t *src_sec,
                   xmprt_grid *exec, const char *fn) {
  executeDevice(scheduleFor(site, dst, dst_sec, src, src_sec, fn, exec), fn);
}
void gmoveHost(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
               xmprt_darray *src, const int64_t *src_sec, xmprt_grid *exec,
               const char *fn) {
  execute(scheduleFor(site, dst, dst_sec, src, src_sec, fn, exec));
}
} // namespace xmprt

extern "C" void xmprt_gmove(int64_t site, xmprt_darray *dst,
                            const int64_t *dst_sec, xmprt_darray *src,
                            const int64_t *src_sec) {
  execute(scheduleFor(site, dst, dst_sec, src, src_sec, "xmprt_gmove"));
}

extern "C" xmprt_request *xmprt_gmove_start(int64_t site, xmprt_darray *dst,
                                            const int64_t *dst_sec,
                                            xmprt_darray *src,
                                            const int64_t *src_sec,
                                            int32_t owned) {
  return gmoveStart(site, dst, dst_sec, src, src_sec, owned, /*acc=*/false,
                    "xmprt_gmove_start");
}

extern "C" void xmprt_gmove_on(xmprt_grid *nodes, int64_t site, int32_t acc,
                               xmprt_darray *dst, const int64_t *dst_sec,
                               xmprt_darray *src, const int64_t *src_sec,
                               const char *what) {
  const char *fn = what && *what ? what : "xmprt_gmove_on";
  requireGrid(nodes, fn);
  if (!nodes->inGrid()) // not an executing rank
    return;
  if (acc)
    gmoveAcc(site, dst, dst_sec, src, src_sec, nodes, fn);
  else
    execute(scheduleFor(site, dst, dst_sec, src, src_sec, fn, nodes));
}

extern "C" xmprt_request *
xmprt_gmove_on_start(xmprt_grid *nodes, int64_t site, int32_t acc,
                     xmprt_darray *dst, const int64_t *dst_sec,
                     xmprt_darray *src, const int64_t *src_sec, int32_t owned,
                     const char *what) {
  const char *fn = what && *what ? what : "xmprt_gmove_on_start";
  requireGrid(nodes, fn);
  if (!nodes->inGrid()) { // nothing to wait for; the descriptors go now
    if (owned & XMPRT_GMOVE_OWN_DST)
      xmprt_darray_destroy(dst);
    if (owned & XMPRT_GMOVE_OWN_SRC)
      xmprt_darray_destroy(src);
    return nullptr;
  }
  XMPRT_CHECK(dst && src, fn, "array is NULL");
  if (acc)
    gmoveAccBefore(dst, src, fn);
  return gmoveStart(site, dst, dst_sec, src, src_sec, owned, acc != 0, fn,
                    nodes);
}
