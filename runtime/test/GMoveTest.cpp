// gmove between any distributions, checked element by element.
#include "TestUtil.h"
#include "xmprt/testing.h"

namespace {

const int64_t D = XMPRT_DYNAMIC;

struct Arr {
  xmprt_template *t = nullptr;
  xmprt_darray *a = nullptr;
  int32_t rank = 1;
  ~Arr() {
    xmprt_darray_destroy(a);
    xmprt_template_destroy(t);
  }
};

// 1-D template of size n with `kind` (cyclic width w) on axis 0 of g; array
// of size m aligned to it (align=-1: replicated).
void make1(Arr &A, xmprt_grid *g, int32_t kind, int64_t n, int64_t w,
           int64_t m, int32_t align, int64_t sl = 0) {
  A.t = xmprt_template_create(1, &n);
  std::vector<int64_t> gb;
  int64_t p = xmprt_grid_size(g, 0);
  if (kind == XMPRT_DIST_GBLOCK)
    gb = xt::unevenGBlock(n, p, 4, 1);
  int32_t k[2] = {kind, XMPRT_DIST_NONE};
  int64_t par[2] = {w, 1};
  xmprt_template_distribute(A.t, g, k, par, gb.empty() ? nullptr : gb.data());
  int64_t off = 0, sh = sl;
  A.a = xmprt_darray_create(A.t, 1, &m, &align, &off, &sl, &sh, XMPRT_F64);
}

// Value of element i of a 1-D darray, -1e9 where this rank does not hold it.
double *ref(xmprt_darray *a, int64_t i) {
  return (double *)xmprt_darray_data(a) + xmprt_darray_global_to_local(a, 0, i);
}

bool holds1(const Arr &A, xmprt_grid *g, int64_t i, int32_t kind, int64_t n,
            int64_t w, int32_t align) {
  if (align < 0)
    return true;
  int64_t p = xmprt_grid_size(g, 0), c = xmprt_grid_coord(g, 0);
  if (kind == XMPRT_DIST_CYCLIC)
    return (i / w) % p == c;
  int64_t lo, hi;
  xmprt_darray_owned(A.a, 0, &lo, &hi);
  (void)n;
  return i >= lo && i < hi;
}

struct K {
  int32_t kind;
  int64_t w;
  int32_t align;
};

TEST(GMove, OneDimAllPairs) {
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  const int64_t n = 13;
  std::vector<K> ks = {{XMPRT_DIST_BLOCK, 1, 0},
                       {XMPRT_DIST_CYCLIC, 1, 0},
                       {XMPRT_DIST_CYCLIC, 3, 0},
                       {XMPRT_DIST_GBLOCK, 1, 0},
                       {XMPRT_DIST_BLOCK, 1, -1}};
  int64_t site = 100;
  for (const K &sk : ks)
    for (const K &dk : ks) {
      Arr S, T;
      make1(S, g, sk.kind, n, sk.w, n, sk.align);
      make1(T, g, dk.kind, n, dk.w, n, dk.align, dk.kind == XMPRT_DIST_CYCLIC ? 0 : 1);
      for (int rep = 0; rep < 2; ++rep) { // second run uses the cached schedule
        for (int64_t i = 0; i < n; ++i)
          if (holds1(S, g, i, sk.kind, n, sk.w, sk.align))
            *ref(S.a, i) = 1000 * rep + i;
        // dst[1:13:2] = src[0:12:2]  (shape 6) and dst[0] = src[12]
        int64_t ds[3] = {1, 13, 2}, ss[3] = {0, 12, 2};
        xmprt_gmove(site, T.a, ds, S.a, ss);
        int64_t d1[3] = {0, 1, 1}, s1[3] = {12, 13, 1};
        xmprt_gmove(site + 1, T.a, d1, S.a, s1);
        for (int64_t i = 0; i < n; ++i) {
          if (!holds1(T, g, i, dk.kind, n, dk.w, dk.align))
            continue;
          double want = i == 0 ? 1000 * rep + 12 : (i % 2 ? 1000 * rep + i - 1 : 0);
          EXPECT_EQ(*ref(T.a, i), want)
              << "src kind " << sk.kind << "/" << sk.w << " al " << sk.align
              << " dst kind " << dk.kind << "/" << dk.w << " al " << dk.align
              << " i " << i << " rep " << rep;
        }
      }
      site += 2;
    }
  xmprt_grid_destroy(g);
}

// NPB CG transpose: x aligned to template dim 0, y to template dim 1 of a 2-D
// template on a 2-D grid; y[:] = x[:]; then back into a replicated vector.
TEST(GMove, TransposedAlignment) {
  int64_t s[] = {D, D};
  xmprt_grid *g = xmprt_grid_create(2, s);
  const int64_t n = 11;
  int64_t sizes[] = {n, n};
  xmprt_template *t = xmprt_template_create(2, sizes);
  int32_t kinds[] = {XMPRT_DIST_BLOCK, XMPRT_DIST_CYCLIC};
  int64_t par[] = {1, 2};
  xmprt_template_distribute(t, g, kinds, par, nullptr);
  int64_t m = n;
  int32_t a0 = 0, a1 = 1, an = -1;
  xmprt_darray *x = xmprt_darray_create(t, 1, &m, &a0, nullptr, nullptr,
                                        nullptr, XMPRT_I64);
  xmprt_darray *y = xmprt_darray_create(t, 1, &m, &a1, nullptr, nullptr,
                                        nullptr, XMPRT_I64);
  xmprt_darray *r = xmprt_darray_create(t, 1, &m, &an, nullptr, nullptr,
                                        nullptr, XMPRT_I64);
  int64_t c0 = xmprt_grid_coord(g, 0), c1 = xmprt_grid_coord(g, 1);
  int64_t p0 = xmprt_grid_size(g, 0), p1 = xmprt_grid_size(g, 1);
  int64_t b = (n + p0 - 1) / p0;
  auto ownsX = [&](int64_t i) { return i / b == c0; };
  auto ownsY = [&](int64_t i) { return (i / 2) % p1 == c1; };
  auto *xp = (int64_t *)xmprt_darray_data(x);
  auto *yp = (int64_t *)xmprt_darray_data(y);
  auto *rp = (int64_t *)xmprt_darray_data(r);
  for (int64_t i = 0; i < n; ++i)
    if (ownsX(i))
      xp[xmprt_darray_global_to_local(x, 0, i)] = 7 * i + 3;
  int64_t sec[3] = {0, n, 1};
  xmprt_gmove(1, y, sec, x, sec);
  for (int64_t i = 0; i < n; ++i)
    if (ownsY(i))
      EXPECT_EQ(yp[xmprt_darray_global_to_local(y, 0, i)], 7 * i + 3) << i;
  xmprt_gmove(2, r, sec, y, sec);
  for (int64_t i = 0; i < n; ++i)
    EXPECT_EQ(rp[i], 7 * i + 3) << i;
  // replicated -> distributed, reversed: x[i] = r[n-1-i] via strided... use
  // a shifted section x[0:n-1] = r[1:n]
  int64_t ds[3] = {0, n - 1, 1}, ss[3] = {1, n, 1};
  xmprt_gmove(3, x, ds, r, ss);
  for (int64_t i = 0; i + 1 < n; ++i)
    if (ownsX(i))
      EXPECT_EQ(xp[xmprt_darray_global_to_local(x, 0, i)], 7 * (i + 1) + 3);
  xmprt_darray_destroy(x);
  xmprt_darray_destroy(y);
  xmprt_darray_destroy(r);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

// A single element of a 2-D array into a 1-D array and back; and an
// overlapping shift inside one array (src == dst).
TEST(GMove, SingleElementAndOverlap) {
  int64_t s[] = {D, D};
  xmprt_grid *g = xmprt_grid_create(2, s);
  int64_t sizes[] = {6, 5};
  xmprt_template *t = xmprt_template_create(2, sizes);
  int32_t kinds[] = {XMPRT_DIST_BLOCK, XMPRT_DIST_BLOCK};
  xmprt_template_distribute(t, g, kinds, nullptr, nullptr);
  int64_t gs2[2] = {6, 5};
  int32_t al2[2] = {0, 1};
  xmprt_darray *A = xmprt_darray_create(t, 2, gs2, al2, nullptr, nullptr,
                                        nullptr, XMPRT_F64);
  int64_t m1 = 6;
  int32_t al1 = 0;
  xmprt_darray *v = xmprt_darray_create(t, 1, &m1, &al1, nullptr, nullptr,
                                        nullptr, XMPRT_F64);
  int64_t lo0, hi0, lo1, hi1, vlo, vhi;
  xmprt_darray_owned(A, 0, &lo0, &hi0);
  xmprt_darray_owned(A, 1, &lo1, &hi1);
  xmprt_darray_owned(v, 0, &vlo, &vhi);
  auto *ap = (double *)xmprt_darray_data(A);
  auto *vp = (double *)xmprt_darray_data(v);
  int64_t e1 = xmprt_darray_local_extent(A, 1);
  auto at = [&](int64_t i, int64_t j) -> double & {
    return ap[xmprt_darray_global_to_local(A, 0, i) * e1 +
              xmprt_darray_global_to_local(A, 1, j)];
  };
  for (int64_t i = lo0; i < hi0; ++i)
    for (int64_t j = lo1; j < hi1; ++j)
      at(i, j) = 10 * i + j;
  // v[2] = A[4][3]
  int64_t vs[3] = {2, 3, 1}, as[6] = {4, 5, 1, 3, 4, 1};
  xmprt_gmove(1, v, vs, A, as);
  // column: v[0:6] = A[:, 1]  (rank-2 section with a unit dim)
  int64_t vs2[3] = {0, 6, 1}, as2[6] = {0, 6, 1, 1, 2, 1};
  int64_t vtmp[3] = {0, 0, 0};
  (void)vtmp;
  xmprt_darray *w = xmprt_darray_create(t, 1, &m1, &al1, nullptr, nullptr,
                                        nullptr, XMPRT_F64);
  xmprt_gmove(2, w, vs2, A, as2);
  auto *wp = (double *)xmprt_darray_data(w);
  if (2 >= vlo && 2 < vhi)
    EXPECT_EQ(vp[xmprt_darray_global_to_local(v, 0, 2)], 43.0);
  for (int64_t i = vlo; i < vhi; ++i)
    EXPECT_EQ(wp[xmprt_darray_global_to_local(w, 0, i)], 10.0 * i + 1);
  // and back: A[0][0] = v[2]
  int64_t as3[6] = {0, 1, 1, 0, 1, 1};
  xmprt_gmove(3, A, as3, v, vs);
  if (lo0 == 0 && lo1 == 0 && hi0 > 0 && hi1 > 0)
    EXPECT_EQ(at(0, 0), 43.0);
  // overlapping shift along dim 1: A[:, 1:5] = A[:, 0:4]
  for (int64_t i = lo0; i < hi0; ++i)
    for (int64_t j = lo1; j < hi1; ++j)
      at(i, j) = 10 * i + j;
  int64_t dsec[6] = {0, 6, 1, 1, 5, 1}, ssec[6] = {0, 6, 1, 0, 4, 1};
  xmprt_gmove(4, A, dsec, A, ssec);
  for (int64_t i = lo0; i < hi0; ++i)
    for (int64_t j = lo1; j < hi1; ++j)
      EXPECT_EQ(at(i, j), j == 0 ? 10.0 * i : 10.0 * i + j - 1)
          << i << "," << j;
  xmprt_darray_destroy(w);
  xmprt_darray_destroy(v);
  xmprt_darray_destroy(A);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

// The CG transpose on [block, block]: with at least as many grid columns
// as rows, each holder sends to at most one other rank (the replica
// balancing of xmprt/ReplicaBalance.h), and the values arrive.
TEST(GMove, TransposeSendsToOneRank) {
  int64_t s[] = {D, D};
  xmprt_grid *g = xmprt_grid_create(2, s);
  int64_t R = xmprt_grid_size(g, 0), C = xmprt_grid_size(g, 1);
  for (int64_t n : {int64_t(4 * R * C), int64_t(37)}) {
    int64_t sizes[] = {n, n};
    xmprt_template *t = xmprt_template_create(2, sizes);
    int32_t kinds[] = {XMPRT_DIST_BLOCK, XMPRT_DIST_BLOCK};
    int64_t par[] = {1, 1};
    xmprt_template_distribute(t, g, kinds, par, nullptr);
    int32_t a0 = 0, a1 = 1;
    xmprt_darray *w = xmprt_darray_create(t, 1, &n, &a0, nullptr, nullptr,
                                          nullptr, XMPRT_F64);
    xmprt_darray *q = xmprt_darray_create(t, 1, &n, &a1, nullptr, nullptr,
                                          nullptr, XMPRT_F64);
    int64_t lo, hi;
    xmprt_darray_owned(w, 0, &lo, &hi);
    auto *wp = (double *)xmprt_darray_data(w);
    for (int64_t i = lo; i < hi; ++i)
      wp[xmprt_darray_global_to_local(w, 0, i)] = 0.5 * i;
    int64_t sec[3] = {0, n, 1};
    xmprt_gmove(100 + n, q, sec, w, sec);
    int64_t bytes = 0, targets = xmprt_gmove_last_sends(&bytes);
    if (C >= R && n % C == 0) // column blocks inside row blocks
      EXPECT_LE(targets, 1) << R << "x" << C << " n=" << n;
    EXPECT_EQ(targets == 0, bytes == 0);
    auto *qp = (double *)xmprt_darray_data(q);
    xmprt_darray_owned(q, 0, &lo, &hi);
    for (int64_t i = lo; i < hi; ++i)
      EXPECT_EQ(qp[xmprt_darray_global_to_local(q, 0, i)], 0.5 * i) << i;
    xmprt_darray_destroy(q);
    xmprt_darray_destroy(w);
    xmprt_template_destroy(t);
  }
  xmprt_grid_destroy(g);
}

// The asynchronous form: several gmoves in flight (the same schedule twice,
// and a blocking gmove on it meanwhile: each execution has its own
// buffers), waited for in another order; a local array as destination,
// whose descriptor the request owns and destroys.
TEST(GMove, AsyncInFlight) {
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  const int64_t n = 23;
  Arr S, T, U;
  make1(S, g, XMPRT_DIST_BLOCK, n, 1, n, 0);
  make1(T, g, XMPRT_DIST_CYCLIC, n, 2, n, 0);
  make1(U, g, XMPRT_DIST_GBLOCK, n, 1, n, 0, 1);
  for (int rep = 0; rep < 2; ++rep) {
    for (int64_t i = 0; i < n; ++i)
      if (holds1(S, g, i, XMPRT_DIST_BLOCK, n, 1, 0))
        *ref(S.a, i) = 100 * rep + 3 * i;
    int64_t all[3] = {0, n, 1}, rev[3] = {1, n, 2}, head[3] = {0, 11, 1};
    std::vector<double> loc(11, -1.0);
    xmprt_darray *w =
        xmprt_darray_wrap_local(S.a, 1, &head[1], XMPRT_F64, loc.data());
    xmprt_request *r1 = xmprt_gmove_start(600, T.a, all, S.a, all, 0);
    xmprt_request *r2 = xmprt_gmove_start(600, T.a, all, S.a, all, 0);
    xmprt_gmove(600, T.a, all, S.a, all);
    xmprt_request *r3 = xmprt_gmove_start(601, U.a, head, S.a, rev, 0);
    xmprt_request *r4 =
        xmprt_gmove_start(602, w, head, S.a, rev, XMPRT_GMOVE_OWN_DST);
    ASSERT_NE(r1, nullptr);
    ASSERT_NE(r2, nullptr);
    xmprt_wait(r3);
    xmprt_wait(r4); // destroys w
    xmprt_wait(r2);
    xmprt_wait(r1);
    for (int64_t i = 0; i < n; ++i)
      if (holds1(T, g, i, XMPRT_DIST_CYCLIC, n, 2, 0))
        EXPECT_EQ(*ref(T.a, i), 100 * rep + 3 * i) << i << " rep " << rep;
    // U[0:11] = S[1:23:2], U[11:] untouched (0 from creation, or rep 0's)
    int64_t lo, hi;
    xmprt_darray_owned(U.a, 0, &lo, &hi);
    for (int64_t i = lo; i < std::min<int64_t>(hi, 11); ++i)
      EXPECT_EQ(*ref(U.a, i), 100 * rep + 3 * (2 * i + 1)) << i;
    for (int64_t i = 0; i < 11; ++i)
      EXPECT_EQ(loc[i], 100 * rep + 3 * (2 * i + 1)) << i;
  }
  xmprt_grid_destroy(g);
}

// One-sided gmove (in / out): only some ranks call it, the others are
// passive (they wait in a barrier); checked element by element, with the
// number of ranks each caller reached.
TEST(GMove, OneSidedInOut) {
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  const int64_t n = 23;
  int np = xmprt_world_size(), me = xmprt_world_rank();
  Arr S, T;
  make1(S, g, XMPRT_DIST_BLOCK, n, 1, n, 0);
  make1(T, g, XMPRT_DIST_CYCLIC, n, 2, n, 0, 0);
  xmprt_darray_enable_rma(S.a);
  xmprt_darray_enable_rma(T.a);
  xmprt_darray_enable_rma(S.a); // a second call does nothing
  for (int rep = 0; rep < 2; ++rep) {
    for (int64_t i = 0; i < n; ++i) {
      if (holds1(S, g, i, XMPRT_DIST_BLOCK, n, 1, 0))
        *ref(S.a, i) = 100 * rep + 3 * i;
      if (holds1(T, g, i, XMPRT_DIST_CYCLIC, n, 2, 0))
        *ref(T.a, i) = -1;
    }
    xmprt_barrier(g);
    int64_t all[3] = {0, n, 1}, odd[3] = {1, n, 2}, head[3] = {0, 11, 1};
    std::vector<double> loc(n, -2.0);
    // The last rank gets S[1:23:2] into a local array (from every rank that
    // owns some of it), and puts it into T[0:11].
    if (me == np - 1) {
      xmprt_darray *w = xmprt_darray_wrap_local(S.a, 1, &n, XMPRT_F64,
                                                loc.data());
      xmprt_gmove_onesided(700, XMPRT_GMOVE_IN, 0, w, head, S.a, odd);
      int64_t bytes = 0, self = 0;
      int64_t targets = xmprt_gmove_onesided_last(&bytes, &self);
      // the owners of the odd elements other than me; what I own is copied
      int64_t mine = 0, lo, hi;
      xmprt_darray_owned(S.a, 0, &lo, &hi);
      for (int64_t i = 1; i < n; i += 2)
        mine += i >= lo && i < hi;
      EXPECT_EQ(self, mine);
      EXPECT_EQ(bytes, 8 * (11 - mine));
      EXPECT_LE(targets, np - 1);
      for (int64_t k = 0; k < 11; ++k)
        EXPECT_EQ(loc[k], 100 * rep + 3 * (2 * k + 1)) << k;
      EXPECT_EQ(loc[11], -2.0); // outside the section: untouched
      xmprt_request *r = xmprt_gmove_onesided_start(
          701, XMPRT_GMOVE_OUT, 0, T.a, head, w, head, XMPRT_GMOVE_OWN_SRC);
      ASSERT_NE(r, nullptr);
      xmprt_wait(r); // destroys w
    }
    xmprt_barrier(g);
    for (int64_t i = 0; i < n; ++i)
      if (holds1(T, g, i, XMPRT_DIST_CYCLIC, n, 2, 0))
        EXPECT_EQ(*ref(T.a, i), i < 11 ? 100 * rep + 3 * (2 * i + 1) : -1)
            << i << " rep " << rep;
    // Nobody puts into T before everybody has checked it.
    xmprt_barrier(g);
    // Every rank puts what it owns of S into T (each element once).
    xmprt_gmove_onesided(702, XMPRT_GMOVE_OUT, 0, T.a, all, S.a, all);
    xmprt_barrier(g);
    for (int64_t i = 0; i < n; ++i)
      if (holds1(T, g, i, XMPRT_DIST_CYCLIC, n, 2, 0))
        EXPECT_EQ(*ref(T.a, i), 100 * rep + 3 * i) << i;
    xmprt_barrier(g);
  }
  xmprt_grid_destroy(g);
}

} // namespace

namespace {
// Rank r's block of n elements over p ranks: [r b, min(n, (r + 1) b)).
int64_t blockLo(int64_t n, int64_t p, int64_t r) {
  return std::min(n, r * ((n + p - 1) / p));
}
} // namespace

// A gmove executed by a node set (XMP's gmove inside a task on it): the
// last ceil(np / 2) ranks. Between arrays on the node set (block to
// cyclic(2), strided), from an array on every rank (the part the node set
// owns) to a local array, and started; every rank calls it, the others
// return at once and keep their values.
TEST(GMove, OnNodeSet) {
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  int64_t p = xt::np(), lo = p / 2, tailTrip[3] = {lo, -1, 1};
  xmprt_grid *q = xmprt_grid_subset(g, 1, tailTrip);
  bool in = xt::me() >= lo;
  const int64_t n = 17;
  Arr S, T, F;
  make1(S, q, XMPRT_DIST_BLOCK, n, 1, n, 0);
  make1(T, q, XMPRT_DIST_CYCLIC, n, 2, n, 0);
  make1(F, g, XMPRT_DIST_BLOCK, n, 1, n, 0);
  // F's part on the node set: [flo, n)
  int64_t flo = blockLo(n, p, lo), k = n - flo;
  for (int rep = 0; rep < 2; ++rep) { // the second run reuses the schedules
    for (int64_t i = 0; i < n; ++i) {
      if (in && holds1(S, q, i, XMPRT_DIST_BLOCK, n, 1, 0))
        *ref(S.a, i) = 10 * i + rep;
      if (in && holds1(T, q, i, XMPRT_DIST_CYCLIC, n, 2, 0))
        *ref(T.a, i) = -1;
      if (holds1(F, g, i, XMPRT_DIST_BLOCK, n, 1, 0))
        *ref(F.a, i) = 1000 + i + rep;
    }
    // T[1:17:2] = S[0:16:2]
    int64_t ts[3] = {1, n, 2}, ss[3] = {0, n - 1, 2};
    xmprt_gmove_on(q, 700, 0, T.a, ts, S.a, ss, "gmove at test:1:1");
    // loc[0:k] = F[flo:n], a local array of every executing rank
    std::vector<double> loc(n, -5.0);
    int64_t ls[3] = {0, k, 1}, fs[3] = {flo, n, 1};
    xmprt_darray *w = xmprt_darray_wrap_local(F.a, 1, &ls[1], XMPRT_F64,
                                              loc.data());
    xmprt_gmove_on(q, 701, 0, w, ls, F.a, fs, nullptr);
    xmprt_darray_destroy(w);
    // started: S[0:k] = F[flo:n], and loc2 = T[0:n] (the request destroys
    // the wrapper; outside the node set it is NULL and destroys it now)
    std::vector<double> loc2(n, -5.0);
    int64_t all[3] = {0, n, 1}, sk[3] = {0, k, 1};
    xmprt_darray *w2 = xmprt_darray_wrap_local(T.a, 1, &all[1], XMPRT_F64,
                                               loc2.data());
    xmprt_request *r1 = xmprt_gmove_on_start(q, 702, 0, w2, all, T.a, all,
                                             XMPRT_GMOVE_OWN_DST, nullptr);
    xmprt_wait(r1);
    xmprt_request *r2 =
        xmprt_gmove_on_start(q, 703, 0, S.a, sk, F.a, fs, 0, nullptr);
    EXPECT_EQ(r2 == nullptr, !in);
    xmprt_wait(r2);
    for (int64_t i = 0; i < n; ++i) {
      double t = i % 2 == 1 ? 10 * (i - 1) + rep : -1;
      if (in && holds1(T, q, i, XMPRT_DIST_CYCLIC, n, 2, 0))
        EXPECT_EQ(*ref(T.a, i), t) << i << " rep " << rep;
      EXPECT_EQ(loc2[i], in ? t : -5.0) << i << " rep " << rep;
      EXPECT_EQ(loc[i], in && i < k ? 1000 + flo + i + rep : -5.0) << i;
      if (in && i < k && holds1(S, q, i, XMPRT_DIST_BLOCK, n, 1, 0))
        EXPECT_EQ(*ref(S.a, i), 1000 + flo + i + rep) << i;
    }
  }
  xmprt_grid_destroy(q);
  xmprt_grid_destroy(g);
}

// Arrays on a node subset that does not start at world rank 0, moved by
// the gmove of every rank: the subset's ranks are world ranks through the
// grid's world map (they used to be taken for world ranks themselves),
// also when the source is replicated over the subset (the balanced choice
// of the replica serving each reader).
TEST(GMove, SubsetArraysEveryRank) {
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  int64_t p = xt::np(), lo = p / 2, tailTrip[3] = {lo, -1, 1};
  xmprt_grid *q = xmprt_grid_subset(g, 1, tailTrip);
  bool in = xt::me() >= lo;
  const int64_t n = 13;
  Arr S, R, T;
  make1(S, q, XMPRT_DIST_BLOCK, n, 1, n, 0);
  make1(R, q, XMPRT_DIST_BLOCK, n, 1, n, -1); // replicated over q
  make1(T, g, XMPRT_DIST_CYCLIC, n, 1, n, 0);
  for (int64_t i = 0; i < n; ++i) {
    if (in && holds1(S, q, i, XMPRT_DIST_BLOCK, n, 1, 0))
      *ref(S.a, i) = 7 * i;
    if (in)
      *ref(R.a, i) = 3 * i + 1;
  }
  int64_t all[3] = {0, n, 1}, rev[3] = {1, n, 1}, head[3] = {0, n - 1, 1};
  xmprt_gmove(710, T.a, all, S.a, all);
  for (int64_t i = 0; i < n; ++i)
    if (holds1(T, g, i, XMPRT_DIST_CYCLIC, n, 1, 0))
      EXPECT_EQ(*ref(T.a, i), 7 * i) << i;
  xmprt_gmove(711, T.a, head, R.a, rev);
  for (int64_t i = 0; i + 1 < n; ++i)
    if (holds1(T, g, i, XMPRT_DIST_CYCLIC, n, 1, 0))
      EXPECT_EQ(*ref(T.a, i), 3 * (i + 1) + 1) << i;
  xmprt_grid_destroy(q);
  xmprt_grid_destroy(g);
}

// xmprt_test of gmove requests. Collective: T[0:k] = S[b:b+k], both by
// block over every rank, [0, k) in rank 0's block and [b, b+k) in rank 1's:
// rank 0 receives from rank 1 alone, so its test says 0 until rank 1 has
// started; polled until 1, then the wait unpacks. One-sided (in, then out)
// on the last rank, the others passive in a barrier: polled until 1 (a get
// or a put needs nothing from the target's program, so it cannot be held
// back), then waited for. Every element checked, two rounds.
TEST(GMove, AsyncTest) {
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  const int64_t n = 23;
  int64_t p = xt::np();
  int me = xt::me(), late = p > 1 ? 1 : 0;
  Arr S, T;
  make1(S, g, XMPRT_DIST_BLOCK, n, 1, n, 0);
  make1(T, g, XMPRT_DIST_BLOCK, n, 1, n, 0);
  xmprt_darray_enable_rma(S.a);
  xmprt_darray_enable_rma(T.a);
  int64_t b = blockLo(n, p, late),
          k = p > 1 ? std::min(blockLo(n, p, 1), blockLo(n, p, 2) - b) : n;
  int64_t ts[3] = {0, k, 1}, ss[3] = {b, b + k, 1}, all[3] = {0, n, 1};
  auto fill = [&](int rep) {
    for (int64_t i = 0; i < n; ++i) {
      if (holds1(S, g, i, XMPRT_DIST_BLOCK, n, 1, 0))
        *ref(S.a, i) = 5 * i + 1000 * rep;
      if (holds1(T, g, i, XMPRT_DIST_BLOCK, n, 1, 0))
        *ref(T.a, i) = -1;
    }
  };
  // The schedule, and the communicator of started gmoves, made by every
  // rank together (the late start must not be a collective).
  fill(0);
  xmprt_wait(xmprt_gmove_start(800, T.a, ts, S.a, ss, 0));
  for (int rep = 1; rep <= 2; ++rep) {
    fill(rep);
    xmprt_request *q = xt::startLate(
        late, [&] { return xmprt_gmove_start(800, T.a, ts, S.a, ss, 0); },
        "gmove_start");
    xt::pollUntilDone(q);
    xmprt_wait(q);
    for (int64_t i = 0; i < n; ++i)
      if (holds1(T, g, i, XMPRT_DIST_BLOCK, n, 1, 0))
        EXPECT_EQ(*ref(T.a, i), i < k ? 5 * (b + i) + 1000 * rep : -1)
            << i << " rep " << rep;
    xmprt_barrier(g);
  }
  for (int rep = 1; rep <= 2; ++rep) {
    fill(rep);
    xmprt_barrier(g);
    if (me == p - 1) {
      std::vector<double> loc(n, -2.0);
      xmprt_darray *w =
          xmprt_darray_wrap_local(S.a, 1, &all[1], XMPRT_F64, loc.data());
      xmprt_request *q =
          xmprt_gmove_onesided_start(801, XMPRT_GMOVE_IN, 0, w, all, S.a, all, 0);
      EXPECT_NE(q, nullptr);
      xt::pollUntilDone(q);
      xmprt_wait(q);
      for (int64_t i = 0; i < n; ++i)
        EXPECT_EQ(loc[i], 5 * i + 1000 * rep) << i;
      for (int64_t i = 0; i < n; ++i)
        loc[i] = 7 * i + rep;
      q = xmprt_gmove_onesided_start(802, XMPRT_GMOVE_OUT, 0, T.a, all, w, all,
                                     XMPRT_GMOVE_OWN_SRC);
      EXPECT_NE(q, nullptr);
      xt::pollUntilDone(q);
      xmprt_wait(q); // destroys w
    }
    xmprt_barrier(g);
    for (int64_t i = 0; i < n; ++i)
      if (holds1(T, g, i, XMPRT_DIST_BLOCK, n, 1, 0))
        EXPECT_EQ(*ref(T.a, i), 7 * i + rep) << i << " rep " << rep;
    xmprt_barrier(g);
  }
  xmprt_grid_destroy(g);
}
