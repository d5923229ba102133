//===- DArray.cpp - distributed array descriptors and local blocks --------===//
#include "Gpu.h"
#include "Internal.h"
#include "Memory.h"

#include <algorithm>
#include <cstring>
#include <string>

#include <unistd.h>

using namespace xmprt;

namespace {
// Arrays not destroyed yet, in creation order (descriptors of local
// arrays, xmprt_darray_wrap_local, are not distributed and not listed).
std::vector<xmprt_darray *> &liveArrays() {
  static std::vector<xmprt_darray *> v;
  return v;
}

// Bytes of physical memory of this host, 0 if unknown.
int64_t physicalMemory() {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  int64_t bytes = 0;
  if (pages <= 0 || size <= 0 ||
      __builtin_mul_overflow((int64_t)pages, (int64_t)size, &bytes))
    return 0;
  return bytes;
}

// A new array on `t`'s grid with nothing allocated yet: its dimensions
// sized, unaligned, its host instance the valid one.
xmprt_darray *newArray(xmprt_template *t, int32_t rank, int32_t elemType,
                       int64_t esize) {
  auto *a = new xmprt_darray;
  a->tmpl = t;
  a->grid = t->grid;
  a->rank = rank;
  a->elemType = elemType;
  a->esize = esize;
  a->dims.resize(rank);
  a->axis.assign(rank, -1);
  a->coord.assign(rank, 0);
  a->extent.resize(rank);
  a->mem = &hostMemory();
  a->devFlags = kDevStale; // host valid; a device instance would be stale
  return a;
}
} // namespace

extern "C" {

xmprt_darray *xmprt_darray_create(xmprt_template *t, int32_t rank,
                                  const int64_t *gshape, const int32_t *align,
                                  const int64_t *offset,
                                  const int64_t *shadow_lo,
                                  const int64_t *shadow_hi, int32_t elem_type) {
  const char *fn = "xmprt_darray_create";
  ensureInit(fn);
  XMPRT_CHECK(t, fn, "template is NULL");
  if (!t->grid) {
    const char *name = t->name.empty() ? "(unnamed)" : t->name.c_str();
    // A template with '?' sizes is distributed by its xmp.template_fix.
    for (int64_t s : t->sizes)
      XMPRT_CHECK(s != XMPRT_DYNAMIC, fn,
                  "template %s has '?' sizes and no xmp.template_fix has run "
                  "yet (its distribution takes effect there): fix it before "
                  "allocating arrays aligned to it",
                  name);
    fail(fn,
         "template %s is not distributed onto a grid yet (a template with "
         "gblock(*) dimensions is distributed by its xmp.template_fix, which "
         "gives the block sizes: fix it before allocating arrays aligned to "
         "it)",
         name);
  }
  XMPRT_CHECK(rank >= 1 && rank <= 16, fn, "rank %d out of range [1,16]",
              rank);
  XMPRT_CHECK(gshape, fn, "gshape is NULL");
  int64_t es = elemSize(elem_type);
  XMPRT_CHECK(es > 0, fn, "unknown element type %d", elem_type);
  xmprt_darray *a = newArray(t, rank, elem_type, es);
  std::vector<int> used(t->ndims, 0);
  for (int32_t d = 0; d < rank; ++d) {
    dist::ArrayDim &ad = a->dims[d];
    ad.m = gshape[d];
    XMPRT_CHECK(ad.m >= 0, fn, "size %lld of dim %d is negative",
                (long long)ad.m, d);
    int32_t td = align ? align[d] : -1;
    XMPRT_CHECK(td >= -1 && td < t->ndims, fn,
                "dim %d aligned to template dim %d, template has %d dims", d,
                td, t->ndims);
    int64_t sl = shadow_lo ? shadow_lo[d] : 0;
    int64_t sh = shadow_hi ? shadow_hi[d] : 0;
    bool full = sl == XMPRT_FULL_SHADOW || sh == XMPRT_FULL_SHADOW;
    XMPRT_CHECK(!full || (sl == XMPRT_FULL_SHADOW && sh == XMPRT_FULL_SHADOW),
                fn, "dim %d: a full shadow must be full on both sides", d);
    XMPRT_CHECK(full || (sl >= 0 && sh >= 0), fn,
                "dim %d: negative shadow width", d);
    ad.fullShadow = full;
    ad.shadowLo = full ? 0 : sl;
    ad.shadowHi = full ? 0 : sh;
    if (td >= 0) {
      XMPRT_CHECK(!used[td], fn, "template dim %d aligned by two array dims",
                  td);
      used[td] = 1;
      XMPRT_CHECK(t->sizes[td] != XMPRT_DYNAMIC, fn,
                  "template dim %d is not fixed", td);
      ad.aligned = true;
      ad.t = t->dim(td);
      ad.offset = offset ? offset[d] : 0;
      // offset <= n - m rather than offset + m <= n: no 64-bit wrap.
      XMPRT_CHECK(ad.m == 0 || (ad.offset >= 0 && ad.m <= ad.t.n &&
                                ad.offset <= ad.t.n - ad.m),
                  fn,
                  "dim %d: a[0:%lld] + offset %lld falls outside template "
                  "dim %d of size %lld",
                  d, (long long)ad.m, (long long)ad.offset, td,
                  (long long)ad.t.n);
      XMPRT_CHECK(ad.t.kind != dist::Kind::Cyclic || full ||
                      (ad.shadowLo == 0 && ad.shadowHi == 0),
                  fn, "dim %d: a cyclic dimension takes no shadow or a full one",
                  d);
      a->axis[d] = t->axis[td];
      if (a->axis[d] >= 0)
        a->coord[d] = a->grid->inGrid() ? a->grid->coord[a->axis[d]] : 0;
    }
    int64_t withShadow = 0;
    XMPRT_CHECK(full || (!__builtin_add_overflow(ad.m, ad.shadowLo,
                                                 &withShadow) &&
                         !__builtin_add_overflow(withShadow, ad.shadowHi,
                                                 &withShadow)),
                fn, "dim %d: size %lld with shadow %lld:%lld is past 2^63-1",
                d, (long long)ad.m, (long long)ad.shadowLo,
                (long long)ad.shadowHi);
    a->extent[d] = dist::arrayExtent(ad);
  }
  // Long rows are padded (the compiler's static extents do the same).
  if (rank >= 2)
    a->extent[rank - 1] = dist::rowPitch(a->extent[rank - 1]);
  // The block's byte size must fit in 64 bits and in this host's memory
  // (it is zero-filled right away: a larger one cannot be backed).
  int64_t n = es;
  bool overflow = false;
  std::string shape;
  for (int64_t e : a->extent) {
    overflow = overflow || __builtin_mul_overflow(n, e, &n);
    shape += (shape.empty() ? "" : " x ") + std::to_string(e);
  }
  XMPRT_CHECK(!overflow, fn,
              "local block %s of %lld-byte elements is larger than 2^63-1 "
              "bytes",
              shape.c_str(), (long long)es);
  int64_t hostBytes = physicalMemory();
  XMPRT_CHECK(hostBytes <= 0 || n <= hostBytes, fn,
              "local block %s of %lld-byte elements (%lld bytes) is larger "
              "than this host's memory (%lld bytes)",
              shape.c_str(), (long long)es, (long long)n,
              (long long)hostBytes);
  a->bytes = n;
  liveArrays().push_back(a);
  if (!a->inGrid())
    return a;
  xmprt_grid *g = a->grid;
  int subSize = 1;
  MPI_Comm_size(g->subComm, &subSize);
  if (subSize > 1) {
    // Shared window over the grid ranks of my sub-cluster: the TCA host
    // channel writes straight into the neighbours' blocks.
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    // Each rank's block starts 64-byte aligned (and coloured) inside its
    // segment, at the same place in every process's mapping (blockStart).
    char *base = nullptr;
    unsigned colour = g->blocksCreated++;
    int64_t sz = (n + 63) / 64 * 64 + (int64_t)blockSlack(true);
    XMPRT_MPI(MPI_Win_allocate_shared((MPI_Aint)sz, 1, info, g->subComm, &base,
                                      &a->win),
              fn);
    MPI_Info_free(&info);
    a->data = blockStart(base, true, colour);
    if (n)
      memset(a->data, 0, (size_t)n);
    XMPRT_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, a->win), fn);
    a->sharedBase.assign(g->size, nullptr);
    for (int64_t r = 0; r < g->size; ++r) {
      int sr = g->subRankOf[r];
      if (sr < 0)
        continue;
      MPI_Aint qs;
      int du;
      void *p;
      XMPRT_MPI(MPI_Win_shared_query(a->win, sr, &qs, &du, &p), fn);
      a->sharedBase[r] = blockStart((char *)p, true, colour);
    }
    MPI_Win_sync(a->win);
    MPI_Barrier(g->subComm);
  } else {
    a->data = a->mem->allocate(n);
    XMPRT_CHECK(a->data, fn, "cannot allocate %lld bytes", (long long)n);
    a->ownsMalloc = true;
  }
  return a;
}

xmprt_darray *xmprt_darray_wrap_local(const xmprt_darray *like, int32_t rank,
                                      const int64_t *shape, int32_t elem_type,
                                      void *data) {
  const char *fn = "xmprt_darray_wrap_local";
  XMPRT_CHECK(like, fn, "array is NULL");
  XMPRT_CHECK(rank >= 1 && rank <= 16, fn, "rank %d out of range [1,16]",
              rank);
  XMPRT_CHECK(shape, fn, "shape is NULL");
  int64_t es = elemSize(elem_type);
  XMPRT_CHECK(es > 0, fn, "unknown element type %d", elem_type);
  xmprt_darray *a = newArray(like->tmpl, rank, elem_type, es);
  int64_t n = es;
  for (int32_t d = 0; d < rank; ++d) {
    XMPRT_CHECK(shape[d] >= 0 && !__builtin_mul_overflow(n, shape[d], &n), fn,
                "bad size %lld of dim %d", (long long)shape[d], d);
    a->dims[d].m = a->extent[d] = shape[d];
  }
  XMPRT_CHECK(data || n == 0, fn, "data is NULL");
  a->bytes = n;
  a->data = data; // not owned (ownsMalloc stays false)
  a->local = true;
  return a;
}

void xmprt_darray_destroy(xmprt_darray *a) {
  if (!a)
    return;
  auto &live = liveArrays();
  live.erase(std::remove(live.begin(), live.end(), a), live.end());
  forgetReflectPlans(a);
  forgetGMoveSchedules(a);
  forgetOneSidedPlans(a);
  freeDeviceInstance(a);
  if (a->rmaWin != MPI_WIN_NULL) { // collective over the grid, as creation
    MPI_Win_unlock_all(a->rmaWin);
    MPI_Win_free(&a->rmaWin);
  }
  if (a->win != MPI_WIN_NULL) {
    MPI_Win_unlock_all(a->win);
    MPI_Win_free(&a->win);
  } else if (a->ownsMalloc) {
    a->mem->release(a->data);
  }
  delete a;
}

void *xmprt_darray_data(const xmprt_darray *a) {
  XMPRT_CHECK(a, "xmprt_darray_data", "array is NULL");
  return a->data;
}

int32_t xmprt_darray_elem_size(const xmprt_darray *a) {
  XMPRT_CHECK(a, "xmprt_darray_elem_size", "array is NULL");
  return (int32_t)a->esize;
}

static void checkDim(const xmprt_darray *a, int32_t dim, const char *fn) {
  XMPRT_CHECK(a, fn, "array is NULL");
  XMPRT_CHECK(dim >= 0 && dim < a->rank, fn, "dim %d out of range [0,%d)",
              dim, a->rank);
}

int64_t xmprt_darray_local_extent(const xmprt_darray *a, int32_t dim) {
  checkDim(a, dim, "xmprt_darray_local_extent");
  return a->extent[dim];
}

int64_t xmprt_darray_gsize(const xmprt_darray *a, int32_t dim) {
  checkDim(a, dim, "xmprt_darray_gsize");
  return a->dims[dim].m;
}

void xmprt_darray_owned(const xmprt_darray *a, int32_t dim, int64_t *lo,
                        int64_t *hi) {
  const char *fn = "xmprt_darray_owned";
  checkDim(a, dim, fn);
  XMPRT_CHECK(lo && hi, fn, "lo/hi is NULL");
  const dist::ArrayDim &ad = a->dims[dim];
  if (!a->inGrid()) {
    *lo = *hi = 0;
    return;
  }
  if (ad.fullShadow || !ad.aligned) {
    *lo = 0;
    *hi = ad.m;
    return;
  }
  XMPRT_CHECK(dist::isBlockLike(ad.t), fn,
              "dim %d is cyclic: no contiguous owned range", dim);
  dist::Range r = dist::arrayOwned(ad, a->coord[dim]);
  *lo = r.lo;
  *hi = dist::max64(r.lo, r.hi);
}

int64_t xmprt_darray_owned_count(const xmprt_darray *a, int32_t dim) {
  checkDim(a, dim, "xmprt_darray_owned_count");
  if (!a->inGrid())
    return 0;
  return dist::arrayOwnedCount(a->dims[dim], a->coord[dim]);
}

int64_t xmprt_darray_global_to_local(const xmprt_darray *a, int32_t dim,
                                     int64_t g) {
  const char *fn = "xmprt_darray_global_to_local";
  checkDim(a, dim, fn);
  const dist::ArrayDim &ad = a->dims[dim];
  XMPRT_CHECK(g >= -ad.shadowLo && g < ad.m + ad.shadowHi, fn,
              "index %lld out of range of dim %d (size %lld)", (long long)g,
              dim, (long long)ad.m);
  return dist::arrayGlobalToLocal(ad, a->coord[dim], g);
}

// Whether this rank (in the grid) holds index g of dimension d.
static bool holdsIndex(const xmprt_darray *a, int32_t d, int64_t g) {
  const dist::ArrayDim &ad = a->dims[d];
  if (g < 0 || g >= ad.m)
    return false;
  if (!ad.aligned || ad.fullShadow)
    return true;
  int64_t c = a->coord[d];
  if (dist::arrayOwner(ad, g) == c)
    return true;
  // Shadows: block-like dimensions only (the dialect has none on cyclic
  // ones), around a non-empty owned range.
  if (!dist::isBlockLike(ad.t))
    return false;
  dist::Range r = dist::arrayOwned(ad, c);
  return !r.empty() && g >= r.lo - ad.shadowLo && g < r.hi + ad.shadowHi;
}

int32_t xmprt_darray_holds(const xmprt_darray *a, const int64_t *idx) {
  const char *fn = "xmprt_darray_holds";
  XMPRT_CHECK(a, fn, "array is NULL");
  XMPRT_CHECK(idx, fn, "idx is NULL");
  if (!a->local && !a->inGrid())
    return 0;
  for (int32_t d = 0; d < a->rank; ++d)
    if (!holdsIndex(a, d, idx[d]))
      return 0;
  return 1;
}

static void checkHolds(const xmprt_darray *a, const int64_t *idx,
                       const int64_t *base, const char *name, const char *at,
                       const char *fn) {
  if (xmprt_darray_holds(a, idx))
    return;
  std::string elem = name && *name ? name : "the array";
  for (int32_t d = 0; d < a->rank; ++d)
    elem += "[" + std::to_string(idx[d] + (base ? base[d] : 0)) + "]";
  const char *where = at && *at ? at : fn;
  for (int32_t d = 0; d < a->rank; ++d) {
    int64_t o = base ? base[d] : 0;
    if (idx[d] < 0 && o > 0)
      fail(where,
           "%s is not part of the distributed array: it is aligned before "
           "the template's lower bound (dimension %d holds elements %lld to "
           "%lld)",
           elem.c_str(), d, (long long)o, (long long)(o + a->dims[d].m - 1));
    if (idx[d] < 0 || idx[d] >= a->dims[d].m) {
      if (o != 0)
        fail(where,
             "%s is outside the array (dimension %d holds elements %lld to "
             "%lld)",
             elem.c_str(), d, (long long)o,
             (long long)(o + a->dims[d].m - 1));
      fail(where, "%s is outside the array (dimension %d has %lld elements)",
           elem.c_str(), d, (long long)a->dims[d].m);
    }
  }
  if (!a->inGrid())
    fail(where,
         "%s: this rank is outside the node set the array is distributed "
         "onto, and holds none of it",
         elem.c_str());
  // The owner: the owning coordinate on every grid axis an array dimension
  // is distributed over, this rank's on the others (where it is
  // replicated).
  std::vector<int64_t> c = a->grid->coord;
  for (int32_t d = 0; d < a->rank; ++d)
    if (a->axis[d] >= 0 && a->dims[d].aligned)
      c[a->axis[d]] = dist::arrayOwner(a->dims[d], idx[d]);
  int owner = a->grid->worldOf[a->grid->rankOf(c)];
  fail(where,
       "%s is not on this rank (its owner is rank %d): outside a loop "
       "directive, an element of a distributed array may only be accessed "
       "by the nodes that own it or hold it in their shadow (guard the "
       "access, or use gmove)",
       elem.c_str(), owner);
}

void xmprt_darray_check_holds(const xmprt_darray *a, const int64_t *idx,
                              const char *name, const char *at) {
  checkHolds(a, idx, nullptr, name, at, "xmprt_darray_check_holds");
}

void xmprt_darray_check_holds_based(const xmprt_darray *a, const int64_t *idx,
                                    const int64_t *base, const char *name,
                                    const char *at) {
  checkHolds(a, idx, base, name, at, "xmprt_darray_check_holds_based");
}

// Scalar forms of xmprt_darray_owned for generated code (no out-parameters).
int64_t xmprt_darray_owned_lo(const xmprt_darray *a, int32_t dim) {
  int64_t lo, hi;
  xmprt_darray_owned(a, dim, &lo, &hi);
  return lo;
}

int64_t xmprt_darray_owned_hi(const xmprt_darray *a, int32_t dim) {
  int64_t lo, hi;
  xmprt_darray_owned(a, dim, &lo, &hi);
  return hi;
}

} // extern "C"

void xmprt::destroyLiveArrays() {
  while (!liveArrays().empty())
    xmprt_darray_destroy(liveArrays().back());
}
