//===- Topology.cpp - init, grids, templates, sub-clusters -----------------===//
#include "Gpu.h"
#include "Internal.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>

using namespace xmprt;

namespace {
// Ranks beyond a (static) grid hold nothing of it: a silent idle rank is
// easy to miss, so world rank 0 says so once per grid size.
void noticeOutsideRanks(const xmprt_grid *g, int ws, int wr) {
  static std::set<int64_t> said;
  if (wr != 0 || g->size >= ws || !said.insert(g->size).second ||
      settings::flag("XMP_QUIET", "xmprt_grid_create"))
    return;
  std::string shape;
  for (int64_t s : g->shape)
    shape += (shape.empty() ? "" : "x") + std::to_string(s);
  bool one = g->size + 1 == ws;
  std::string idle = one ? "rank " + std::to_string(g->size)
                         : "ranks " + std::to_string(g->size) + ".." +
                               std::to_string(ws - 1);
  std::fprintf(stderr,
               "xmprt: notice: rank 0: grid %s uses ranks 0..%lld of %d: %s "
               "%s nothing of it and %s no iteration on it\n",
               shape.c_str(), (long long)g->size - 1, ws, idle.c_str(),
               one ? "holds" : "hold", one ? "runs" : "run");
  std::fflush(stderr);
}

bool gWeInitialized = false;
bool gInitDone = false;
SubCluster gSub;

void setupSubCluster() {
  int wr = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  MPI_Comm host;
  XMPRT_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, wr,
                                MPI_INFO_NULL, &host),
            "xmprt_init");
  int k = (int)settings::integer("XMP_SUBCLUSTER_SIZE", "xmprt_init")
              .value_or(0);
  if (k > 0) {
    XMPRT_MPI(MPI_Comm_split(host, wr / k, wr, &gSub.comm), "xmprt_init");
    MPI_Comm_free(&host);
  } else {
    gSub.comm = host;
  }
  MPI_Comm_rank(gSub.comm, &gSub.rank);
  MPI_Comm_size(gSub.comm, &gSub.size);
  XMPRT_MPI(MPI_Allreduce(&wr, &gSub.id, 1, MPI_INT, MPI_MIN, gSub.comm),
            "xmprt_init");
  // The GPU is chosen lazily (Gpu.cpp), before MPI if generated code loads
  // kernels first; XMP_VERBOSE=1 shows the choice at init.
  if (envVerbose() && gpu::built())
    gpu::deviceCount();
}
} // namespace

namespace xmprt {
void ensureInit(const char *fn) {
  if (gInitDone)
    return;
  int init = 0;
  MPI_Initialized(&init);
  if (!init)
    fail(fn, "called before xmprt_init (MPI is not initialized)");
  gInitDone = true;
  // Every setting is checked once here: a wrong one stops the job at its
  // start, not at the first use (maybe never, or deep inside StarPU).
  settings::checkAll(fn);
  setupSubCluster();
}
void requireGrid(const xmprt_grid *g, const char *fn) {
  XMPRT_CHECK(g, fn, "grid is NULL");
  XMPRT_CHECK(g->unbuilt.empty(), fn,
              "node subset %s is used, which this job cannot hold (it was "
              "declared for more nodes than its parent has here): %s",
              g->name.empty() ? "(unnamed)" : g->name.c_str(),
              g->unbuilt.c_str());
}
const SubCluster &subCluster() {
  ensureInit("xmprt_subcluster");
  return gSub;
}
} // namespace xmprt

namespace {
// Makes the members (in the order of their grid rank) the grid's ranks:
// coordinates, axis communicators, the sub-cluster of shared memory and
// the world rank of every grid rank. Ranks outside get coordinates -1.
void joinGrid(xmprt_grid *g, MPI_Comm members, const char *fn) {
  int wr;
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  g->coord.assign(g->ndims, -1);
  if (members == MPI_COMM_NULL)
    return;
  std::vector<int> dims(g->shape.begin(), g->shape.end()), periods(g->ndims, 0);
  XMPRT_MPI(MPI_Cart_create(members, g->ndims, dims.data(), periods.data(), 0,
                            &g->comm),
            fn);
  MPI_Comm_free(&members);
  MPI_Comm_rank(g->comm, &g->rank);
  int64_t r = g->rank;
  for (int32_t a = g->ndims - 1; a >= 0; --a) {
    g->coord[a] = r % g->shape[a];
    r /= g->shape[a];
  }
  g->axisComm.resize(g->ndims);
  g->hybridAxis.resize(g->ndims);
  for (int32_t a = 0; a < g->ndims; ++a) {
    std::vector<int> keep(g->ndims, 0);
    keep[a] = 1;
    XMPRT_MPI(MPI_Cart_sub(g->comm, keep.data(), &g->axisComm[a]), fn);
  }
  int sid = subCluster().id;
  XMPRT_MPI(MPI_Comm_split(g->comm, sid, g->rank, &g->subComm), fn);
  std::vector<int> ids(g->size);
  MPI_Allgather(&sid, 1, MPI_INT, ids.data(), 1, MPI_INT, g->comm);
  g->worldOf.resize(g->size);
  MPI_Allgather(&wr, 1, MPI_INT, g->worldOf.data(), 1, MPI_INT, g->comm);
  g->subRankOf.assign(g->size, -1);
  int k = 0;
  for (int64_t q = 0; q < g->size; ++q)
    if (ids[q] == sid)
      g->subRankOf[q] = k++;
}

} // namespace

extern "C" {

void xmprt_init(int *argc, char ***argv) {
  if (gInitDone)
    return;
  int init = 0;
  MPI_Initialized(&init);
  if (!init) {
    int provided = 0;
    XMPRT_MPI(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided),
              "xmprt_init");
    gWeInitialized = true;
  }
  ensureInit("xmprt_init");
}

void xmprt_finalize(void) {
  int fin = 0;
  MPI_Finalized(&fin);
  if (fin)
    return;
  // Device loops still running: their errors are reported here, by rank.
  xmprt_gpu_wait();
  gpu::atFinalize();
  int init = 0;
  MPI_Initialized(&init);
  if (init) {
    checkAsyncIdsCompleted("xmprt_finalize");
    checkRequestsWaited("xmprt_finalize");
    reportReflectStats(); // XMP_REFLECT_STATS=1 only (collective)
    destroyLiveArrays();  // with their plans, schedules, windows
    gpu::ncclFinalize();  // NCCL communicators of device collectives
  }
  if (gSub.comm != MPI_COMM_NULL) {
    MPI_Comm_free(&gSub.comm);
    gSub.comm = MPI_COMM_NULL;
  }
  gInitDone = false;
  if (gWeInitialized) {
    gWeInitialized = false;
    MPI_Finalize();
  }
}

int32_t xmprt_world_rank(void) {
  ensureInit("xmprt_world_rank");
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
int32_t xmprt_world_size(void) {
  ensureInit("xmprt_world_size");
  int r;
  MPI_Comm_size(MPI_COMM_WORLD, &r);
  return r;
}
int32_t xmprt_subcluster_id(void) { return subCluster().id; }
int32_t xmprt_subcluster_size(void) { return subCluster().size; }
int32_t xmprt_subcluster_rank(void) { return subCluster().rank; }
int32_t xmprt_device_id(void) { return gpu::deviceId(); }

int32_t xmprt_grid_resolve_shape(int32_t nprocs, int32_t ndims,
                                 const int64_t *shape, int64_t *resolved) {
  if (ndims < 1 || ndims > 16 || nprocs < 1 || !shape || !resolved)
    return XMPRT_ERR_ARG;
  int64_t stat = 1;
  std::vector<int32_t> dyn;
  for (int32_t i = 0; i < ndims; ++i) {
    if (shape[i] == XMPRT_DYNAMIC)
      dyn.push_back(i);
    else if (shape[i] < 1)
      return XMPRT_ERR_ARG;
    else if (__builtin_mul_overflow(stat, shape[i], &stat))
      return XMPRT_ERR_SHAPE; // more than 2^63-1 ranks
    if (stat > nprocs)
      return XMPRT_ERR_SHAPE;
  }
  for (int32_t i = 0; i < ndims; ++i)
    resolved[i] = shape[i];
  if (dyn.empty())
    return XMPRT_OK;
  int64_t rest = nprocs / stat;
  // Balanced factorization: prime factors, largest first, each into the
  // currently smallest axis; axes in non-increasing order (MPI_Dims_create).
  std::vector<int64_t> f;
  for (int64_t x = rest, q = 2; x > 1;) {
    if (q * q > x) {
      f.push_back(x);
      break;
    }
    if (x % q == 0) {
      f.push_back(q);
      x /= q;
    } else {
      ++q;
    }
  }
  std::sort(f.rbegin(), f.rend());
  std::vector<int64_t> dims(dyn.size(), 1);
  for (int64_t q : f)
    *std::min_element(dims.begin(), dims.end()) *= q;
  std::sort(dims.rbegin(), dims.rend());
  for (size_t i = 0; i < dyn.size(); ++i)
    resolved[dyn[i]] = dims[i];
  return XMPRT_OK;
}

xmprt_grid *xmprt_grid_create(int32_t ndims, const int64_t *shape) {
  const char *fn = "xmprt_grid_create";
  ensureInit(fn);
  XMPRT_CHECK(ndims >= 1 && ndims <= 16, fn, "ndims %d out of range [1,16]",
              ndims);
  XMPRT_CHECK(shape, fn, "shape is NULL");
  int ws, wr;
  MPI_Comm_size(MPI_COMM_WORLD, &ws);
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  auto *g = new xmprt_grid;
  g->ndims = ndims;
  g->shape.resize(ndims);
  int32_t st = xmprt_grid_resolve_shape(ws, ndims, shape, g->shape.data());
  if (st != XMPRT_OK) {
    // The shape as the dialect has it (row-major) and as XMP C's
    // parenthesized declaration writes it (the other way round).
    std::string s, c;
    int64_t need = 1;
    for (int32_t i = 0; i < ndims; ++i) {
      std::string d = shape[i] == XMPRT_DYNAMIC ? std::string("*")
                                                : std::to_string(shape[i]);
      s += (i ? "x" : "") + (d == "*" ? std::string("?") : d);
      c = d + (i ? ", " : "") + c;
      if (shape[i] != XMPRT_DYNAMIC && shape[i] > 0)
        need = need > INT64_MAX / shape[i] ? INT64_MAX : need * shape[i];
    }
    // Every rank finds this; rank 0 says it once (MPI_Abort ends the
    // others, which wait in a barrier for it).
    if (wr != 0)
      MPI_Barrier(MPI_COMM_WORLD);
    if (st == XMPRT_ERR_SHAPE)
      fail(fn,
           "the node set of static shape %s (XMP C: nodes p(%s)) needs at "
           "least %lld processes, the job has %d",
           s.c_str(), c.c_str(), (long long)need, ws);
    fail(fn, "invalid grid shape %s (XMP C: nodes p(%s)) for %d processes",
         s.c_str(), c.c_str(), ws);
  }
  g->size = 1;
  for (int64_t s : g->shape)
    g->size *= s;
  noticeOutsideRanks(g, ws, wr);
  MPI_Comm members;
  XMPRT_MPI(MPI_Comm_split(MPI_COMM_WORLD, wr < g->size ? 0 : MPI_UNDEFINED,
                           wr, &members),
            fn);
  joinGrid(g, members, fn);
  // Grid rank r is world rank r (the members split in world rank order,
  // no reordering); known on every rank, members or not.
  g->worldOf.resize(g->size);
  for (int64_t r = 0; r < g->size; ++r)
    g->worldOf[r] = (int)r;
  return g;
}

namespace {
xmprt_grid *unbuiltSubset(int32_t ndims, const std::string &why) {
  auto *g = new xmprt_grid;
  g->ndims = ndims;
  g->shape.assign(ndims, 0);
  g->coord.assign(ndims, -1);
  g->unbuilt = why;
  return g;
}

// xmprt_grid_subset (shape null: the kept axes' counts are the subset's
// axes) and xmprt_grid_subset_reshape (the selection, numbered row-major
// over the kept axes, laid out row-major in `shape`).
xmprt_grid *gridSubset(const xmprt_grid *parent, int32_t ndims,
                       const int64_t *triplets, const int64_t *shape,
                       const char *fn) {
  ensureInit(fn);
  XMPRT_CHECK(parent, fn, "parent grid is NULL");
  XMPRT_CHECK(triplets, fn, "triplets is NULL");
  // A subset of a subset this job cannot hold cannot be held either.
  if (!parent->unbuilt.empty())
    return unbuiltSubset(ndims, parent->unbuilt);
  XMPRT_CHECK(ndims >= 1 && ndims <= (shape ? 16 : parent->ndims), fn,
              "ndims %d out of range [1,%d]", ndims,
              shape ? 16 : parent->ndims);
  auto *g = new xmprt_grid;
  g->ndims = ndims;
  // Resolve and check every parent axis; the kept ones become the subset's
  // axes, in order (or, reshaped, its selection's).
  bool member = parent->inGrid();
  int64_t key = 0;
  std::vector<int64_t> lo(parent->ndims), step(parent->ndims),
      counts(parent->ndims, 1);
  for (int32_t a = 0; a < parent->ndims; ++a) {
    int64_t l = triplets[3 * a], h = triplets[3 * a + 1], st = triplets[3 * a + 2];
    int64_t n = parent->shape[a];
    if (h < 0)
      h = n;
    lo[a] = l;
    step[a] = st;
    char why[160];
    std::snprintf(why, sizeof why,
                  "axis %d: subset %lld:%lld:%lld is not a non-empty part of "
                  "the parent grid's %lld coordinates",
                  a, (long long)l, (long long)h, (long long)st, (long long)n);
    XMPRT_CHECK(l >= 0 && (l < h || h == n) && st >= 0, fn, "%s", why);
    if (h > n || l >= n) {
      // Coordinates this job's parent does not have (its size is the job's
      // on a `*` axis): an error where the subset is used, not here, since
      // a program may declare it for a larger job and not use it (every
      // rank knows the parent's shape: all take this path, no collective).
      delete g;
      return unbuiltSubset(ndims, why);
    }
    int64_t c = parent->coord[a];
    if (st == 0) { // a single coordinate: the axis is dropped
      member = member && c == l;
      continue;
    }
    int64_t count = (h - l + st - 1) / st;
    counts[a] = count;
    g->shape.push_back(count);
    member = member && c >= l && c < h && (c - l) % st == 0;
    key = key * count + (member ? (c - l) / st : 0);
  }
  if (shape) {
    // The selection's count, laid out in `shape`: one XMPRT_DYNAMIC axis
    // takes what the others leave.
    int64_t count = 1, prod = 1;
    int dyn = 0;
    for (int64_t c : g->shape)
      count *= c;
    std::string text;
    for (int32_t a = 0; a < ndims; ++a) {
      text += (a ? "x" : "") + (shape[a] == XMPRT_DYNAMIC
                                    ? std::string("?")
                                    : std::to_string(shape[a]));
      if (shape[a] == XMPRT_DYNAMIC)
        ++dyn;
      else {
        XMPRT_CHECK(shape[a] >= 1, fn, "reshape: axis %d has size %lld", a,
                    (long long)shape[a]);
        prod *= shape[a];
      }
    }
    XMPRT_CHECK(dyn <= 1, fn, "reshape to %s: at most one axis may be dynamic",
                text.c_str());
    XMPRT_CHECK(dyn ? count % prod == 0 : count == prod, fn,
                "the subset selects %lld nodes of the parent grid, which "
                "cannot be reshaped to %s (%s)",
                (long long)count, text.c_str(),
                dyn ? "the static sizes do not divide the count"
                    : "a different count of nodes");
    g->shape.assign(shape, shape + ndims);
    for (int64_t &d : g->shape)
      if (d == XMPRT_DYNAMIC)
        d = count / prod;
  }
  XMPRT_CHECK((int32_t)g->shape.size() == ndims, fn,
              "the subset keeps %d axes of the parent grid, the node set "
              "has %d",
              (int)g->shape.size(), ndims);
  g->size = 1;
  for (int64_t s : g->shape)
    g->size *= s;
  MPI_Comm members;
  XMPRT_MPI(MPI_Comm_split(MPI_COMM_WORLD, member ? 0 : MPI_UNDEFINED,
                           (int)key, &members),
            fn);
  joinGrid(g, members, fn);
  // The world rank of every subset rank, on every rank (a gmove between
  // arrays on different node sets needs it where the rank is outside
  // them): the parent's rank at the selected coordinates.
  std::vector<int> worldOf(g->size);
  std::vector<int64_t> pc(parent->ndims);
  for (int64_t r = 0; r < g->size; ++r) {
    int64_t q = r;
    for (int32_t a = parent->ndims - 1; a >= 0; --a) {
      if (step[a] == 0) {
        pc[a] = lo[a];
        continue;
      }
      pc[a] = lo[a] + (q % counts[a]) * step[a];
      q /= counts[a];
    }
    worldOf[r] = parent->worldOf[parent->rankOf(pc)];
  }
  XMPRT_CHECK(!member || worldOf == g->worldOf, fn,
              "the subset's ranks differ from the parent's (internal)");
  g->worldOf = std::move(worldOf);
  return g;
}
} // namespace

xmprt_grid *xmprt_grid_subset(const xmprt_grid *parent, int32_t ndims,
                              const int64_t *triplets) {
  return gridSubset(parent, ndims, triplets, nullptr, "xmprt_grid_subset");
}

xmprt_grid *xmprt_grid_subset_reshape(const xmprt_grid *parent,
                                      const int64_t *triplets, int32_t ndims,
                                      const int64_t *shape) {
  const char *fn = "xmprt_grid_subset_reshape";
  XMPRT_CHECK(shape, fn, "shape is NULL");
  return gridSubset(parent, ndims, triplets, shape, fn);
}

int32_t xmprt_grid_ndims(const xmprt_grid *g) {
  requireGrid(g, "xmprt_grid_ndims");
  return g->ndims;
}
int64_t xmprt_grid_size(const xmprt_grid *g, int32_t axis) {
  requireGrid(g, "xmprt_grid_size");
  XMPRT_CHECK(axis >= 0 && axis < g->ndims, "xmprt_grid_size",
              "axis %d out of range [0,%d)", axis, g->ndims);
  return g->shape[axis];
}
int64_t xmprt_grid_coord(const xmprt_grid *g, int32_t axis) {
  requireGrid(g, "xmprt_grid_coord");
  XMPRT_CHECK(axis >= 0 && axis < g->ndims, "xmprt_grid_coord",
              "axis %d out of range [0,%d)", axis, g->ndims);
  return g->coord[axis];
}
int32_t xmprt_grid_rank(const xmprt_grid *g) {
  requireGrid(g, "xmprt_grid_rank");
  return g->rank;
}
int32_t xmprt_grid_comm_f(const xmprt_grid *g) {
  requireGrid(g, "xmprt_grid_comm_f");
  return (int32_t)MPI_Comm_c2f(g->inGrid() ? g->comm : MPI_COMM_NULL);
}
void xmprt_grid_destroy(xmprt_grid *g) {
  if (!g)
    return;
  forgetGMoveSchedulesOn(g);
  if (g->gmoveComm != MPI_COMM_NULL)
    MPI_Comm_free(&g->gmoveComm);
  g->hybridAll.reset();
  g->hybridAxis.clear();
  // NCCL communicators of device collectives (GpuNccl.cpp) before the MPI
  // ones they were made on (whose handles MPI may reuse).
  for (MPI_Comm c : g->axisComm)
    gpu::ncclForget(c);
  if (g->comm != MPI_COMM_NULL)
    gpu::ncclForget(g->comm);
  for (MPI_Comm &c : g->axisComm)
    MPI_Comm_free(&c);
  if (g->subComm != MPI_COMM_NULL)
    MPI_Comm_free(&g->subComm);
  if (g->comm != MPI_COMM_NULL)
    MPI_Comm_free(&g->comm);
  delete g;
}

//--- templates ----------------------------------------------------------------
xmprt_template *xmprt_template_create(int32_t ndims, const int64_t *sizes) {
  const char *fn = "xmprt_template_create";
  XMPRT_CHECK(ndims >= 1 && ndims <= 16, fn, "ndims %d out of range [1,16]",
              ndims);
  XMPRT_CHECK(sizes, fn, "sizes is NULL");
  auto *t = new xmprt_template;
  t->ndims = ndims;
  t->sizes.assign(sizes, sizes + ndims);
  for (int64_t s : t->sizes)
    XMPRT_CHECK(s >= 0 || s == XMPRT_DYNAMIC, fn, "bad template size %lld",
                (long long)s);
  t->kinds.assign(ndims, XMPRT_DIST_NONE);
  t->widths.assign(ndims, 1);
  t->gblocks.resize(ndims);
  t->axis.assign(ndims, -1);
  return t;
}

// Sizes that are known must agree with the distribution: gblock sizes sum
// to the dimension, block(n) blocks cover it, and a cyclic round (w * p)
// past the dimension's end still fits in 64 bits (generated code walks
// blocks up to there).
static void checkSizes(const xmprt_template *t, const char *fn) {
  for (int32_t d = 0; d < t->ndims; ++d) {
    if (t->kinds[d] == XMPRT_DIST_CYCLIC) {
      int64_t p = t->grid->shape[t->axis[d]], round = 0, end = 0;
      int64_t n = t->sizes[d] == XMPRT_DYNAMIC ? 0 : t->sizes[d];
      XMPRT_CHECK(!__builtin_mul_overflow(t->widths[d], p, &round) &&
                      !__builtin_add_overflow(round, n, &end),
                  fn,
                  "template dim %d: cyclic(%lld) over %lld ranks does not "
                  "fit 64-bit indices (%lld x %lld + %lld > 2^63-1)",
                  d, (long long)t->widths[d], (long long)p,
                  (long long)t->widths[d], (long long)p, (long long)n);
    }
    if (t->kinds[d] == XMPRT_DIST_BLOCKN && t->sizes[d] != XMPRT_DYNAMIC) {
      int64_t p = t->grid->shape[t->axis[d]], cover = 0;
      bool big = __builtin_mul_overflow(t->widths[d], p, &cover);
      XMPRT_CHECK(big || cover >= t->sizes[d], fn,
                  "template %s dim %d: block(%lld) over %lld ranks covers "
                  "%lld of its %lld elements (block(n) needs n >= %lld)",
                  t->name.empty() ? "(unnamed)" : t->name.c_str(), d,
                  (long long)t->widths[d], (long long)p, (long long)cover,
                  (long long)t->sizes[d],
                  (long long)((t->sizes[d] + p - 1) / p));
    }
    if (t->kinds[d] != XMPRT_DIST_GBLOCK || t->sizes[d] == XMPRT_DYNAMIC)
      continue;
    int64_t sum = 0;
    for (int64_t s : t->gblocks[d])
      XMPRT_CHECK(!__builtin_add_overflow(sum, s, &sum), fn,
                  "gblock sizes of template dim %d overflow 64 bits", d);
    XMPRT_CHECK(sum == t->sizes[d], fn,
                "gblock sizes of template %s dim %d sum to %lld, not %lld",
                t->name.empty() ? "(unnamed)" : t->name.c_str(), d,
                (long long)sum, (long long)t->sizes[d]);
  }
}

// A symbol's name as messages write it ("@u"), or "" when not given.
static std::string symbolName(const char *name) {
  return name && *name ? std::string("@") + name : std::string();
}

void xmprt_grid_set_name(xmprt_grid *g, const char *name) {
  XMPRT_CHECK(g, "xmprt_grid_set_name", "grid is NULL");
  g->name = symbolName(name);
}

void xmprt_template_set_name(xmprt_template *t, const char *name) {
  XMPRT_CHECK(t, "xmprt_template_set_name", "template is NULL");
  t->name = symbolName(name);
}

void xmprt_template_fix(xmprt_template *t, const int64_t *sizes) {
  const char *fn = "xmprt_template_fix";
  XMPRT_CHECK(t, fn, "template is NULL");
  XMPRT_CHECK(sizes, fn, "sizes is NULL");
  XMPRT_CHECK(!t->fixed, fn,
              "template %s is fixed a second time (xmp.template_fix runs "
              "once per template)",
              t->name.empty() ? "(unnamed)" : t->name.c_str());
  t->fixed = true;
  for (int32_t d = 0; d < t->ndims; ++d) {
    XMPRT_CHECK(sizes[d] >= 0, fn, "size %lld of dim %d is negative",
                (long long)sizes[d], d);
    t->sizes[d] = sizes[d];
  }
  checkSizes(t, fn);
}

void xmprt_template_gblock_fix(xmprt_template *t, int32_t dim,
                               const int64_t *sizes, int64_t count) {
  const char *fn = "xmprt_template_gblock_fix";
  XMPRT_CHECK(t, fn, "template is NULL");
  XMPRT_CHECK(dim >= 0 && dim < t->ndims, fn, "dim %d out of range [0,%d)",
              dim, t->ndims);
  XMPRT_CHECK(!t->grid, fn,
              "template %s is already distributed: gblock(*) sizes are given "
              "by its xmp.template_fix, once",
              t->name.empty() ? "(unnamed)" : t->name.c_str());
  XMPRT_CHECK(count >= 0 && (sizes || count == 0), fn,
              "bad gblock(*) size list (%lld entries)", (long long)count);
  t->gblocks[dim].assign(sizes, sizes + count);
}

void xmprt_template_check(const xmprt_template *t, const int64_t *sizes) {
  const char *fn = "xmprt_template_check";
  XMPRT_CHECK(t, fn, "template is NULL");
  XMPRT_CHECK(sizes, fn, "sizes is NULL");
  auto text = [&](const int64_t *v) {
    std::string s;
    for (int32_t d = 0; d < t->ndims; ++d)
      s += (d ? "x" : "") + std::to_string(v[d]);
    return s;
  };
  bool same = true;
  for (int32_t d = 0; d < t->ndims; ++d)
    same = same && sizes[d] == t->sizes[d];
  XMPRT_CHECK(same, fn,
              "template %s was compiled with the static shape %s (declared "
              "so, or xmp-specialize-shapes / xmpcc --specialize), but "
              "xmp.template_fix gives %s",
              t->name.empty() ? "(unnamed)" : t->name.c_str(),
              text(t->sizes.data()).c_str(), text(sizes).c_str());
}

void xmprt_template_distribute(xmprt_template *t, xmprt_grid *g,
                               const int32_t *kinds, const int64_t *params,
                               const int64_t *gblock_sizes) {
  xmprt_template_distribute_counted(t, g, kinds, params, gblock_sizes,
                                    nullptr);
}

void xmprt_template_distribute_counted(xmprt_template *t, xmprt_grid *g,
                                       const int32_t *kinds,
                                       const int64_t *params,
                                       const int64_t *gblock_sizes,
                                       const int64_t *gblock_counts) {
  const char *fn = "xmprt_template_distribute";
  XMPRT_CHECK(t, fn, "template is NULL");
  requireGrid(g, fn);
  XMPRT_CHECK(kinds, fn, "kinds is NULL");
  XMPRT_CHECK(!t->grid, fn, "template %s is already distributed",
              t->name.empty() ? "(unnamed)" : t->name.c_str());
  t->grid = g;
  int32_t axis = 0;
  for (int32_t d = 0; d < t->ndims; ++d) {
    int32_t k = kinds[d];
    XMPRT_CHECK(k >= XMPRT_DIST_NONE && k <= XMPRT_DIST_BLOCKN, fn,
                "bad distribution kind %d for dim %d", k, d);
    t->kinds[d] = k;
    if (k == XMPRT_DIST_NONE)
      continue;
    XMPRT_CHECK(axis < g->ndims, fn,
                "%d distributed dims but the grid has %d axes", axis + 1,
                g->ndims);
    t->axis[d] = axis++;
    if (k == XMPRT_DIST_CYCLIC || k == XMPRT_DIST_BLOCKN) {
      t->widths[d] = params ? params[d] : 1;
      XMPRT_CHECK(t->widths[d] >= 1, fn, "%s width %lld of dim %d < 1",
                  k == XMPRT_DIST_CYCLIC ? "cyclic" : "block",
                  (long long)t->widths[d], d);
    }
    if (k == XMPRT_DIST_GBLOCK && gblock_counts &&
        gblock_counts[d] == XMPRT_GBLOCK_FIXED) {
      // gblock(*): the sizes xmp.template_fix gave (xmprt_template_gblock_fix)
      const char *name = t->name.empty() ? "(unnamed)" : t->name.c_str();
      const std::vector<int64_t> &given = t->gblocks[d];
      int64_t p = g->shape[t->axis[d]];
      XMPRT_CHECK((int64_t)given.size() == p, fn,
                  "template %s dim %d: xmp.template_fix gives %lld gblock(*) "
                  "sizes for %lld rank%s (grid axis %d)",
                  name, d, (long long)given.size(), (long long)p,
                  p == 1 ? "" : "s", t->axis[d]);
      for (int64_t s : t->gblocks[d])
        XMPRT_CHECK(s >= 0, fn,
                    "template %s dim %d: negative gblock(*) size %lld", name,
                    d, (long long)s);
      continue;
    }
    if (k == XMPRT_DIST_GBLOCK) {
      XMPRT_CHECK(gblock_sizes, fn, "gblock dim %d but gblock_sizes is NULL",
                  d);
      int64_t p = g->shape[t->axis[d]];
      // A dynamic grid axis is sized at run time: the program's list may
      // not have one size per rank (reading p entries would run past it).
      if (gblock_counts)
        XMPRT_CHECK(gblock_counts[d] == p, fn,
                    "template dim %d: %lld gblock sizes for %lld rank%s "
                    "(grid axis %d)",
                    d, (long long)gblock_counts[d], (long long)p,
                    p == 1 ? "" : "s", t->axis[d]);
      t->gblocks[d].assign(gblock_sizes, gblock_sizes + p);
      gblock_sizes += p;
      for (int64_t s : t->gblocks[d])
        XMPRT_CHECK(s >= 0, fn, "negative gblock size in dim %d", d);
    }
  }
  checkSizes(t, fn);
}

int64_t xmprt_template_size(const xmprt_template *t, int32_t dim) {
  XMPRT_CHECK(t, "xmprt_template_size", "template is NULL");
  XMPRT_CHECK(dim >= 0 && dim < t->ndims, "xmprt_template_size",
              "dim %d out of range [0,%d)", dim, t->ndims);
  return t->sizes[dim];
}

static int64_t templateCoord(const xmprt_template *t, int32_t d) {
  if (t->axis[d] < 0)
    return t->grid && !t->grid->inGrid() ? -1 : 0;
  return t->grid->coord[t->axis[d]];
}

static void checkDim(const xmprt_template *t, int32_t dim, const char *fn) {
  XMPRT_CHECK(t, fn, "template is NULL");
  XMPRT_CHECK(dim >= 0 && dim < t->ndims, fn, "dim %d out of range [0,%d)",
              dim, t->ndims);
  XMPRT_CHECK(t->sizes[dim] != XMPRT_DYNAMIC, fn,
              "template dim %d is not fixed yet", dim);
  XMPRT_CHECK(t->grid, fn,
              "template %s is not distributed yet (a template with gblock(*) "
              "dimensions is distributed by its xmp.template_fix)",
              t->name.empty() ? "(unnamed)" : t->name.c_str());
}

void xmprt_template_owned(const xmprt_template *t, int32_t dim, int64_t *lo,
                          int64_t *hi) {
  const char *fn = "xmprt_template_owned";
  checkDim(t, dim, fn);
  XMPRT_CHECK(lo && hi, fn, "lo/hi is NULL");
  XMPRT_CHECK(t->kinds[dim] != XMPRT_DIST_CYCLIC, fn,
              "dim %d is cyclic: no contiguous owned range", dim);
  int64_t c = templateCoord(t, dim);
  if (c < 0) {
    *lo = *hi = 0;
    return;
  }
  dist::Range r = dist::owned(t->dim(dim), c);
  *lo = r.lo;
  *hi = r.hi;
}

void xmprt_template_loop(const xmprt_template *t, int32_t dim, int64_t lb,
                         int64_t ub, int64_t step, int64_t *out) {
  const char *fn = "xmprt_template_loop";
  checkDim(t, dim, fn);
  XMPRT_CHECK(out, fn, "out is NULL");
  XMPRT_CHECK(step > 0, fn, "step %lld must be positive", (long long)step);
  int64_t c = templateCoord(t, dim);
  if (c < 0) {
    out[0] = out[1] = 0;
    out[2] = 1;
    return;
  }
  dist::TemplateDim d = t->dim(dim);
  lb = dist::max64(lb, 0);
  ub = dist::min64(ub, d.n);
  dist::Loop l = dist::localLoop(d, c, lb, dist::max64(lb, ub), step);
  XMPRT_CHECK(l.exact, fn,
              "step %lld on a cyclic(%lld) dim is not an arithmetic "
              "progression of local indices",
              (long long)step, (long long)d.w);
  out[0] = l.start;
  out[1] = l.end;
  out[2] = l.step;
}

int64_t xmprt_template_local_to_global(const xmprt_template *t, int32_t dim,
                                       int64_t local) {
  const char *fn = "xmprt_template_local_to_global";
  checkDim(t, dim, fn);
  int64_t c = templateCoord(t, dim);
  XMPRT_CHECK(c >= 0, fn, "this rank is not in the grid");
  return dist::localToGlobal(t->dim(dim), c, local);
}

int32_t xmprt_template_axis(const xmprt_template *t, int32_t dim) {
  XMPRT_CHECK(t, "xmprt_template_axis", "template is NULL");
  XMPRT_CHECK(dim >= 0 && dim < t->ndims, "xmprt_template_axis",
              "dim %d out of range [0,%d)", dim, t->ndims);
  return t->axis[dim];
}

int64_t xmprt_template_coord(const xmprt_template *t, int32_t dim) {
  XMPRT_CHECK(t, "xmprt_template_coord", "template is NULL");
  XMPRT_CHECK(dim >= 0 && dim < t->ndims, "xmprt_template_coord",
              "dim %d out of range [0,%d)", dim, t->ndims);
  return templateCoord(t, dim);
}

int32_t xmprt_template_owns(const xmprt_template *t, int32_t dim, int64_t g) {
  const char *fn = "xmprt_template_owns";
  checkDim(t, dim, fn);
  int64_t c = templateCoord(t, dim);
  if (c < 0 || g < 0 || g >= t->sizes[dim])
    return 0; // outside the grid, or no such index
  return xmprt::dist::owner(t->dim(dim), g) == c;
}

// Scalar forms for generated code (no out-parameters).
int64_t xmprt_template_owned_lo(const xmprt_template *t, int32_t dim) {
  int64_t lo, hi;
  xmprt_template_owned(t, dim, &lo, &hi);
  return lo;
}

int64_t xmprt_template_owned_hi(const xmprt_template *t, int32_t dim) {
  int64_t lo, hi;
  xmprt_template_owned(t, dim, &lo, &hi);
  return hi;
}

int64_t xmprt_template_procs(const xmprt_template *t, int32_t dim) {
  int32_t axis = xmprt_template_axis(t, dim);
  return axis < 0 ? 1 : xmprt_grid_size(t->grid, axis);
}

} // extern "C"

extern "C" void xmprt_template_destroy(xmprt_template *t) { delete t; }
