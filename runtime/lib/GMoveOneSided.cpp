//===- GMoveOneSided.cpp - gmove in / out (XMP 1.4 one-sided gmove) -------===//
//
// XMP's `gmove in` / `gmove out`: executed by the ranks that meet the op
// (the nodes of a task, or those an `scf.if` lets through), the ranks
// holding the other side take no part. So everything here is local to the
// calling rank: no collective, no message the other side must match.
//
//   in:  the caller assigns the destination elements it holds (every
//        element of a local array), getting each source element from one
//        of its holders (the caller itself when it holds it; among replicas
//        the one with the caller's own coordinates on the replicated axes,
//        so that executing ranks spread over the replicas) with MPI_Get;
//   out: the caller puts every source element it holds (every element of a
//        local array) into every holder of the corresponding destination
//        element (all replicas) with MPI_Put.
//
// Windows. The remote side is reached through an MPI window over its
// host block, on the array's grid communicator (grid rank == window rank).
// Creating a window is collective, and a one-sided gmove runs on some
// ranks only, so it cannot make one: xmprt_darray_enable_rma does (not on a
// grid of one rank, where every access is local), right
// after the allocation (the compiler calls it for every darray type that a
// gmove in/out reaches remotely); xmprt_darray_destroy frees it.
//
// Synchronization: passive target. Each window is in a lock_all epoch
// (MPI_MODE_NOCHECK) from its creation to its destruction, and a gmove
// completes its operations with MPI_Win_flush on each target it used:
// then the gets have landed in the caller's buffer and the puts in the
// targets' memory. They are issued as MPI_Rget / MPI_Rput, whose requests
// xmprt_test asks about (the started form); completing a gmove waits for
// them, then flushes. Fence and post/start/complete/wait were not options:
// both need the target ranks to call MPI (fence is collective over the
// window; post/wait is the target's side of the exposure epoch), which is
// exactly what the passive side of XMP's in/out does not do. The targets
// see the values after the program synchronizes with the executing ranks
// (a barrier after the task), as XMP requires; nothing orders a one-sided
// gmove with the passive ranks' own accesses to the same elements, which
// the program must keep apart. Windows must use MPI's unified memory model
// (public and private copies the same memory: every MPI on cache-coherent
// hosts); a separate model is refused when the window is made.
//
// Puts from several executing ranks to one element happen when the source
// is replicated and several of its holders execute the op: each puts the
// same value (replicas are equal), so the element receives it either way.
//
// Schedule: per (site, mode, arrays, sections), built locally at the first
// execution: per target rank the remote byte offsets (sorted, coalesced
// into one MPI_Type_create_hindexed datatype: one MPI_Get / MPI_Put per
// target) and the local offsets of the packed elements, plus the
// (source, destination) offsets of the part the caller holds itself,
// copied with memcpy.
//===----------------------------------------------------------------------===//
#include "GMoveSection.h"
#include "Internal.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <map>
#include <string>

using namespace xmprt;

namespace {
using xmprt::gmove::checkSection;
using xmprt::gmove::holds;
using xmprt::gmove::Sec;

struct Target {
  int rank = -1;                     // in the remote array's grid (window)
  MPI_Datatype type = MPI_DATATYPE_NULL; // the remote elements, coalesced
  int bytes = 0;                     // packed bytes
  int64_t bufOff = 0;                // where they start in the packed buffer
  std::vector<int64_t> local;        // local byte offsets, in packed order
};

struct Plan {
  int32_t mode = 0; // XMPRT_GMOVE_IN / _OUT
  xmprt_darray *dst = nullptr, *src = nullptr;
  xmprt_darray *remote = nullptr; // src (in) or dst (out)
  int64_t esize = 0;
  std::vector<Target> targets;
  std::vector<std::pair<int64_t, int64_t>> self; // (src, dst) byte offsets
  int64_t packed = 0;                            // bytes of all targets
  std::vector<char> buf;
  int inFlight = 0;
  ~Plan() {
    for (Target &t : targets)
      if (t.type != MPI_DATATYPE_NULL && mpiUsable())
        MPI_Type_free(&t.type);
  }
};

std::map<std::vector<int64_t>, Plan *> &cache() {
  static std::map<std::vector<int64_t>, Plan *> c;
  return c;
}

const char *modeName(int32_t mode) {
  return mode == XMPRT_GMOVE_IN ? "gmove in" : "gmove out";
}



// Coordinate, on the axis of dim d, of the block that stores g, and g's
// local index there (the same in every replica).
int64_t ownerCoord(const xmprt_darray *a, int32_t d, int64_t g) {
  return a->axis[d] >= 0 ? dist::arrayOwner(a->dims[d], g) : 0;
}

int64_t localIndex(const xmprt_darray *a, int32_t d, int64_t g) {
  if (a->local)
    return g;
  return dist::arrayGlobalToLocal(a->dims[d], ownerCoord(a, d, g), g);
}

// Calls f(L, globals) for every element of section s of `a` this rank
// holds; L is the element's row-major position in the section.
template <typename F> void forHeld(const xmprt_darray *a, const Sec &s, F f) {
  int32_t n = a->rank;
  std::vector<std::vector<int64_t>> ks(n);
  for (int32_t d = 0; d < n; ++d) {
    for (int64_t k = 0; k < s.count[d]; ++k)
      if (holds(a, d, s.lb[d] + k * s.step[d]))
        ks[d].push_back(k);
    if (ks[d].empty())
      return;
  }
  std::vector<size_t> it(n, 0);
  std::vector<int64_t> g(n);
  while (true) {
    int64_t L = 0;
    for (int32_t d = 0; d < n; ++d) {
      int64_t k = ks[d][it[d]];
      L = L * s.count[d] + k;
      g[d] = s.lb[d] + k * s.step[d];
    }
    f(L, g);
    int32_t d = n - 1;
    for (; d >= 0; --d) {
      if (++it[d] < ks[d].size())
        break;
      it[d] = 0;
    }
    if (d < 0)
      return;
  }
}

// The global indices of the element at row-major position L of section s.
void atPosition(const Sec &s, int64_t L, std::vector<int64_t> &g) {
  for (int32_t d = (int32_t)s.count.size() - 1; d >= 0; --d) {
    int64_t k = L % s.count[d];
    L /= s.count[d];
    g[d] = s.lb[d] + k * s.step[d];
  }
}

int64_t byteOffset(const xmprt_darray *a, const std::vector<int64_t> &g) {
  std::vector<int64_t> l(a->rank);
  for (int32_t d = 0; d < a->rank; ++d)
    l[d] = localIndex(a, d, g[d]);
  return a->localOffset(l) * a->esize;
}

Plan *build(int32_t mode, xmprt_darray *dst, const Sec &ds, xmprt_darray *src,
            const Sec &ss, const char *fn) {
  auto *P = new Plan;
  P->mode = mode;
  P->dst = dst;
  P->src = src;
  P->esize = dst->esize;
  bool in = mode == XMPRT_GMOVE_IN;
  xmprt_darray *remote = in ? src : dst;
  P->remote = remote;
  // (remote byte offset, local byte offset) per target rank.
  std::map<int, std::vector<std::pair<int64_t, int64_t>>> per;
  const xmprt_grid *rg = remote->grid;
  std::vector<int64_t> coords = remote->inGrid() ? rg->coord
                                                 : std::vector<int64_t>();
  // Axes along which the remote element's holder is fixed by its index.
  std::vector<int32_t> dimOfAxis(rg ? rg->ndims : 0, -1);
  for (int32_t d = 0; d < remote->rank; ++d)
    if (remote->axis[d] >= 0 && !remote->dims[d].fullShadow)
      dimOfAxis[remote->axis[d]] = d;
  auto needGrid = [&] {
    XMPRT_CHECK(remote->inGrid(), fn,
                "%s: this rank is not in the grid of the %s array: it cannot "
                "reach the array's window (one-sided gmoves run on ranks of "
                "the remote array's grid)",
                modeName(mode), in ? "source" : "destination");
  };
  std::vector<int64_t> og(in ? src->rank : dst->rank);
  if (in) {
    // The destination elements I hold, each from one holder of its source.
    forHeld(dst, ds, [&](int64_t L, const std::vector<int64_t> &g) {
      needGrid();
      atPosition(ss, L, og);
      std::vector<int64_t> c = coords;
      for (int32_t d = 0; d < src->rank; ++d)
        if (src->axis[d] >= 0 && !src->dims[d].fullShadow)
          c[src->axis[d]] = ownerCoord(src, d, og[d]);
      int r = rg->rankOf(c);
      int64_t so = byteOffset(src, og), dof = byteOffset(dst, g);
      if (r == rg->rank)
        P->self.emplace_back(so, dof);
      else
        per[r].emplace_back(so, dof);
    });
  } else {
    // The source elements I hold, to every holder of their destination.
    std::vector<int32_t> free;
    for (int32_t a = 0; rg && a < rg->ndims; ++a)
      if (dimOfAxis[a] < 0)
        free.push_back(a);
    forHeld(src, ss, [&](int64_t L, const std::vector<int64_t> &g) {
      needGrid();
      atPosition(ds, L, og);
      std::vector<int64_t> c = coords;
      for (int32_t a = 0; a < rg->ndims; ++a)
        if (dimOfAxis[a] >= 0)
          c[a] = ownerCoord(dst, dimOfAxis[a], og[dimOfAxis[a]]);
      int64_t so = byteOffset(src, g), dof = byteOffset(dst, og);
      // every combination of coordinates on the free axes
      for (int32_t a : free)
        c[a] = 0;
      while (true) {
        int r = rg->rankOf(c);
        if (r == rg->rank)
          P->self.emplace_back(so, dof);
        else
          per[r].emplace_back(dof, so);
        size_t k = free.size();
        while (k > 0) {
          int32_t a = free[k - 1];
          if (++c[a] < rg->shape[a])
            break;
          c[a] = 0;
          --k;
        }
        if (k == 0)
          break;
      }
    });
  }
  int64_t e = P->esize;
  for (auto &[r, v] : per) {
    std::sort(v.begin(), v.end());
    Target t;
    t.rank = r;
    t.bufOff = P->packed;
    XMPRT_CHECK((int64_t)v.size() * e < INT_MAX, fn,
                "%s: more than 2^31-1 bytes for one target rank",
                modeName(mode));
    t.bytes = (int)(v.size() * e);
    std::vector<int> lens;
    std::vector<MPI_Aint> disps;
    for (auto &[ro, lo] : v) {
      XMPRT_CHECK(ro >= 0 && ro + e <= remote->bytes, fn,
                  "%s: element at byte %lld is outside the %s block of %lld "
                  "bytes (arrays differ between ranks?)",
                  modeName(mode), (long long)ro, in ? "source" : "destination",
                  (long long)remote->bytes);
      if (!disps.empty() && disps.back() + lens.back() == (MPI_Aint)ro)
        lens.back() += (int)e;
      else {
        disps.push_back((MPI_Aint)ro);
        lens.push_back((int)e);
      }
      t.local.push_back(lo);
    }
    XMPRT_MPI(MPI_Type_create_hindexed((int)lens.size(), lens.data(),
                                       disps.data(), MPI_BYTE, &t.type),
              fn);
    XMPRT_MPI(MPI_Type_commit(&t.type), fn);
    P->packed += t.bytes;
    P->targets.push_back(std::move(t));
  }
  P->buf.resize(P->packed);
  return P;
}

Plan *planFor(int64_t site, int32_t mode, xmprt_darray *dst,
              const int64_t *dst_sec, xmprt_darray *src,
              const int64_t *src_sec, const char *fn) {
  XMPRT_CHECK(mode == XMPRT_GMOVE_IN || mode == XMPRT_GMOVE_OUT, fn,
              "mode %d is neither XMPRT_GMOVE_IN nor XMPRT_GMOVE_OUT", mode);
  XMPRT_CHECK(dst && src, fn, "array is NULL");
  XMPRT_CHECK(dst_sec && src_sec, fn, "section is NULL");
  std::vector<int64_t> key{site, mode, (int64_t)(intptr_t)dst,
                           (int64_t)(intptr_t)src};
  key.insert(key.end(), dst_sec, dst_sec + 3 * dst->rank);
  key.insert(key.end(), src_sec, src_sec + 3 * src->rank);
  auto &c = cache();
  auto it = c.find(key);
  if (it != c.end())
    return it->second;
  xmprt_darray *remote = mode == XMPRT_GMOVE_IN ? src : dst;
  const char *which = mode == XMPRT_GMOVE_IN ? "source" : "destination";
  XMPRT_CHECK(!remote->local, fn,
              "%s (site %lld): the %s is a local array: one-sided gmoves "
              "reach a darray on the other ranks",
              modeName(mode), (long long)site, which);
  XMPRT_CHECK(!remote->inGrid() || remote->rmaEnabled, fn,
              "%s (site %lld): the %s array has no RMA window: one-sided "
              "gmoves reach arrays that xmprt_darray_enable_rma exposed when "
              "they were allocated (it is collective over the array's grid; "
              "xmp-to-runtime calls it for every darray type a gmove in/out "
              "reaches)",
              modeName(mode), (long long)site, which);
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
  XMPRT_CHECK(a == b, fn, "%s (site %lld): section shapes differ",
              modeName(mode), (long long)site);
  Plan *P = build(mode, dst, ds, src, ss, fn);
  c[key] = P;
  return P;
}

// The packed buffer of one execution: the plan's, or its own while an
// asynchronous one holds the plan's.
struct Buffer {
  std::vector<char> own;
  char *p = nullptr;
  explicit Buffer(Plan *P) {
    if (P->inFlight == 0) {
      p = P->buf.data();
      return;
    }
    own.resize(P->buf.size());
    p = own.data();
  }
};

void copySelf(const Plan *P) {
  const char *sp = (const char *)P->src->data;
  char *dp = (char *)P->dst->data;
  for (auto &[so, dof] : P->self)
    memcpy(dp + dof, sp + so, P->esize);
}

// Issues the gets (in) or packs and issues the puts (out); out copies its
// own part at once. Request-based (MPI_Rget / MPI_Rput, one request per
// target, in `reqs`), so that xmprt_test can ask whether they are complete
// without blocking; complete() waits for them.
void issue(Plan *P, char *buf, std::vector<MPI_Request> &reqs,
           const char *fn) {
  MPI_Win w = P->remote->rmaWin;
  int64_t e = P->esize;
  reqs.assign(P->targets.size(), MPI_REQUEST_NULL);
  if (P->mode == XMPRT_GMOVE_IN) {
    for (size_t k = 0; k < P->targets.size(); ++k) {
      const Target &t = P->targets[k];
      XMPRT_MPI(MPI_Rget(buf + t.bufOff, t.bytes, MPI_BYTE, t.rank, 0, 1,
                         t.type, w, &reqs[k]),
                fn);
    }
    return;
  }
  const char *sp = (const char *)P->src->data;
  for (size_t k = 0; k < P->targets.size(); ++k) {
    const Target &t = P->targets[k];
    char *b = buf + t.bufOff;
    for (int64_t o : t.local) {
      memcpy(b, sp + o, e);
      b += e;
    }
    XMPRT_MPI(MPI_Rput(buf + t.bufOff, t.bytes, MPI_BYTE, t.rank, 0, 1,
                       t.type, w, &reqs[k]),
              fn);
  }
  if (!P->self.empty()) {
    copySelf(P);
    P->dst->devFlags |= kDevStale;
  }
}

// Completes the operations at the targets and, for in, assigns the
// destination.
void complete(Plan *P, const char *buf, std::vector<MPI_Request> &reqs,
              const char *fn) {
  XMPRT_MPI(MPI_Waitall((int)reqs.size(), reqs.data(), MPI_STATUSES_IGNORE),
            fn);
  MPI_Win w = P->remote->rmaWin;
  for (const Target &t : P->targets)
    XMPRT_MPI(MPI_Win_flush(t.rank, w), fn);
  if (P->mode != XMPRT_GMOVE_IN)
    return;
  copySelf(P);
  char *dp = (char *)P->dst->data;
  int64_t e = P->esize;
  for (const Target &t : P->targets) {
    const char *b = buf + t.bufOff;
    for (int64_t o : t.local) {
      memcpy(dp + o, b, e);
      b += e;
    }
  }
  if (!P->self.empty() || !P->targets.empty())
    P->dst->devFlags |= kDevStale; // the host instance changed
}

const Plan *last = nullptr;

} // namespace

// One asynchronous one-sided gmove in flight.
struct xmprt::OneSidedTransfer {
  Plan *P = nullptr;
  Buffer B;
  std::vector<MPI_Request> reqs; // MPI_Rget / MPI_Rput, per target
  bool acc = false;
  int32_t owned = 0;
  xmprt_darray *dst = nullptr, *src = nullptr;
  explicit OneSidedTransfer(Plan *P) : P(P), B(P) {}
};

// A get's request completes when its data is in the caller's buffer: then
// the gmove in has nothing left to wait for. A put's completes when its
// data has left the caller's buffer; its arrival at the target is shown by
// MPI_Win_flush alone (MPI 4 has no non-blocking flush), which the wait
// does: the test does not block for it.
bool xmprt::testOneSided(xmprt_request *r, const char *fn) {
  OneSidedTransfer *T = r->onesided;
  int done = 0;
  XMPRT_MPI(MPI_Testall((int)T->reqs.size(), T->reqs.data(), &done,
                        MPI_STATUSES_IGNORE),
            fn);
  return done != 0;
}

void xmprt::finishOneSided(xmprt_request *r, const char *fn) {
  OneSidedTransfer *T = r->onesided;
  complete(T->P, T->B.p, T->reqs, fn);
  --T->P->inFlight;
  if (T->acc)
    gmoveAccAfter(T->dst, fn);
  if (T->owned & XMPRT_GMOVE_OWN_DST)
    xmprt_darray_destroy(T->dst);
  if (T->owned & XMPRT_GMOVE_OWN_SRC)
    xmprt_darray_destroy(T->src);
  delete T;
  delete r;
}

void xmprt::forgetOneSidedPlans(xmprt_darray *a) {
  auto &c = cache();
  for (auto it = c.begin(); it != c.end();) {
    if (it->second->dst == a || it->second->src == a) {
      XMPRT_CHECK(it->second->inFlight == 0, "xmprt_darray_destroy",
                  "the array is the %s of a %s in flight (started, not yet "
                  "waited for): wait for it first",
                  it->second->dst == a ? "destination" : "source",
                  modeName(it->second->mode));
      if (last == it->second)
        last = nullptr;
      delete it->second;
      it = c.erase(it);
    } else {
      ++it;
    }
  }
}

extern "C" {

void xmprt_darray_enable_rma(xmprt_darray *a) {
  const char *fn = "xmprt_darray_enable_rma";
  XMPRT_CHECK(a, fn, "array is NULL");
  XMPRT_CHECK(!a->local, fn,
              "a local array's descriptor (xmprt_darray_wrap_local) has no "
              "window: only darrays are reached one-sidedly");
  if (a->rmaEnabled || !a->inGrid())
    return;
  a->rmaEnabled = true;
  // A grid of one rank: every access is the rank's own (a memcpy), and
  // some MPIs (Open MPI 4 without an RMA-capable transport to self) refuse
  // a window on a communicator of one process.
  if (a->grid->size == 1)
    return;
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "same_disp_unit", "true");
  // A failed window creation returns here (not through the communicator's
  // fatal handler) so that the message can say what to do: Open MPI 4.1
  // built with UCX selects its ucx component for windows and fails where
  // UCX has no transport with remote atomics (a machine without a network
  // adapter: MPI_ERR_WIN, "invalid window").
  MPI_Errhandler old;
  MPI_Comm_get_errhandler(a->grid->comm, &old);
  MPI_Comm_set_errhandler(a->grid->comm, MPI_ERRORS_RETURN);
  int rc = MPI_Win_create(a->bytes ? a->data : nullptr, (MPI_Aint)a->bytes, 1,
                          info, a->grid->comm, &a->rmaWin);
  MPI_Comm_set_errhandler(a->grid->comm, old);
  MPI_Errhandler_free(&old);
  MPI_Info_free(&info);
  if (rc != MPI_SUCCESS) {
    char msg[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    MPI_Error_string(rc, msg, &len);
    fail(fn,
         "this MPI cannot create the RMA window that one-sided gmoves "
         "(xmp.gmove in/out) of this array need (MPI_Win_create: %s)%s",
         msg,
#ifdef OPEN_MPI
         "; Open MPI with UCX on a machine without a network transport: "
         "run with OMPI_MCA_osc=^ucx (mpirun --mca osc ^ucx)"
#else
         ""
#endif
    );
  }
  int *model = nullptr, flag = 0;
  XMPRT_MPI(MPI_Win_get_attr(a->rmaWin, MPI_WIN_MODEL, &model, &flag), fn);
  XMPRT_CHECK(flag && *model == MPI_WIN_UNIFIED, fn,
              "this MPI gives the window the separate memory model: "
              "one-sided gmoves need the unified one (local stores visible "
              "to RMA without MPI_Win_sync)");
  XMPRT_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, a->rmaWin), fn);
}

void xmprt_gmove_onesided(int64_t site, int32_t mode, int32_t acc,
                          xmprt_darray *dst, const int64_t *dst_sec,
                          xmprt_darray *src, const int64_t *src_sec) {
  const char *fn = "xmprt_gmove_onesided";
  ensureInit(fn);
  Plan *P = planFor(site, mode, dst, dst_sec, src, src_sec, fn);
  last = P;
  if (acc)
    gmoveAccBefore(dst, src, fn);
  Buffer B(P);
  std::vector<MPI_Request> reqs;
  issue(P, B.p, reqs, fn);
  complete(P, B.p, reqs, fn);
  if (acc)
    gmoveAccAfter(dst, fn);
}

xmprt_request *xmprt_gmove_onesided_start(int64_t site, int32_t mode,
                                          int32_t acc, xmprt_darray *dst,
                                          const int64_t *dst_sec,
                                          xmprt_darray *src,
                                          const int64_t *src_sec,
                                          int32_t owned) {
  const char *fn = "xmprt_gmove_onesided_start";
  ensureInit(fn);
  XMPRT_CHECK((owned & ~(XMPRT_GMOVE_OWN_DST | XMPRT_GMOVE_OWN_SRC)) == 0, fn,
              "owned %d is not a combination of XMPRT_GMOVE_OWN_DST/SRC",
              owned);
  Plan *P = planFor(site, mode, dst, dst_sec, src, src_sec, fn);
  last = P;
  if (acc)
    gmoveAccBefore(dst, src, fn);
  auto *T = new OneSidedTransfer(P);
  ++P->inFlight;
  T->acc = acc != 0;
  T->owned = owned;
  T->dst = dst;
  T->src = src;
  issue(P, T->B.p, T->reqs, fn);
  xmprt_request *req = newRequest(xmprt_request::OneSided, fn);
  req->site = site;
  req->onesided = T;
  return req;
}

int64_t xmprt_gmove_onesided_last(int64_t *bytes, int64_t *self) {
  if (bytes)
    *bytes = last ? last->packed : 0;
  if (self)
    *self = last ? (int64_t)last->self.size() : 0;
  return last ? (int64_t)last->targets.size() : 0;
}

} // extern "C"
