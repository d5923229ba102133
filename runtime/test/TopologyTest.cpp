// Grids: dynamic axes, row-major ranks, ranks outside the grid, impossible
// shapes rejected by the checking function (no abort), sub-clusters.
#include "TestUtil.h"

#include <cstdlib>

namespace {

TEST(Topology, ResolveShape) {
  int64_t out[3];
  const int64_t D = XMPRT_DYNAMIC;
  int64_t s1[] = {D};
  ASSERT_EQ(xmprt_grid_resolve_shape(6, 1, s1, out), XMPRT_OK);
  EXPECT_EQ(out[0], 6);
  int64_t s2[] = {D, D};
  ASSERT_EQ(xmprt_grid_resolve_shape(12, 2, s2, out), XMPRT_OK);
  EXPECT_EQ(out[0], 4);
  EXPECT_EQ(out[1], 3);
  ASSERT_EQ(xmprt_grid_resolve_shape(4, 2, s2, out), XMPRT_OK);
  EXPECT_EQ(out[0] * out[1], 4);
  EXPECT_EQ(out[0], 2);
  int64_t s3[] = {2, D, D};
  ASSERT_EQ(xmprt_grid_resolve_shape(16, 3, s3, out), XMPRT_OK);
  EXPECT_EQ(out[0], 2);
  EXPECT_EQ(out[1], 4);
  EXPECT_EQ(out[2], 2);
  int64_t s4[] = {2, 2};
  EXPECT_EQ(xmprt_grid_resolve_shape(3, 2, s4, out), XMPRT_ERR_SHAPE);
  int64_t s5[] = {4, D};
  EXPECT_EQ(xmprt_grid_resolve_shape(3, 2, s5, out), XMPRT_ERR_SHAPE);
  int64_t s6[] = {0};
  EXPECT_EQ(xmprt_grid_resolve_shape(3, 1, s6, out), XMPRT_ERR_ARG);
  EXPECT_EQ(xmprt_grid_resolve_shape(3, 0, s6, out), XMPRT_ERR_ARG);
  int64_t s7[] = {D, D, D};
  ASSERT_EQ(xmprt_grid_resolve_shape(7, 3, s7, out), XMPRT_OK);
  EXPECT_EQ(out[0], 7);
  EXPECT_EQ(out[1], 1);
  // static axes smaller than the world: extra ranks are outside
  int64_t s8[] = {2};
  ASSERT_EQ(xmprt_grid_resolve_shape(3, 1, s8, out), XMPRT_OK);
  EXPECT_EQ(out[0], 2);
}

TEST(Topology, RowMajorGrid) {
  int n = xt::np(), r = xt::me();
  const int64_t D = XMPRT_DYNAMIC;
  int64_t shape[] = {D, D};
  xmprt_grid *g = xmprt_grid_create(2, shape);
  EXPECT_EQ(xmprt_grid_ndims(g), 2);
  int64_t a = xmprt_grid_size(g, 0), b = xmprt_grid_size(g, 1);
  EXPECT_EQ(a * b, n);
  EXPECT_GE(a, b);
  EXPECT_EQ(xmprt_grid_coord(g, 0), r / b);
  EXPECT_EQ(xmprt_grid_coord(g, 1), r % b);
  EXPECT_EQ(xmprt_grid_rank(g), r);
  xmprt_grid_destroy(g);
}

TEST(Topology, RanksOutsideGrid) {
  int n = xt::np(), r = xt::me();
  int64_t shape[] = {1, (n + 1) / 2};
  xmprt_grid *g = xmprt_grid_create(2, shape);
  bool in = r < (n + 1) / 2;
  EXPECT_EQ(xmprt_grid_coord(g, 1), in ? r : -1);
  EXPECT_EQ(xmprt_grid_coord(g, 0), in ? 0 : -1);
  // collectives on the grid are no-ops outside it
  int32_t v = 1;
  xmprt_reduce(g, -1, XMPRT_RED_SUM, XMPRT_I32, &v, 1);
  EXPECT_EQ(v, in ? (n + 1) / 2 : 1);
  xmprt_grid_destroy(g);
}

TEST(Topology, NodeSubsets) {
  // A 1-D grid of n ranks; the subset of every other rank from 1 (a
  // strided triplet to the end), and a subset of a 2-D grid (n x 1): one
  // column, the row axis kept from coordinate 1 on. Ranks outside get -1;
  // a reduction over the subset sums its members only.
  int n = xt::np(), r = xt::me();
  int64_t d[] = {XMPRT_DYNAMIC};
  xmprt_grid *p = xmprt_grid_create(1, d);
  int64_t all[] = {0, -1, 1};
  xmprt_grid *w = xmprt_grid_subset(p, 1, all);
  EXPECT_EQ(xmprt_grid_size(w, 0), n);
  EXPECT_EQ(xmprt_grid_rank(w), r);
  xmprt_grid_destroy(w);
  if (n < 2) { // the subsets below would be empty (an error)
    xmprt_grid_destroy(p);
    return;
  }
  int64_t odd[] = {1, -1, 2};
  xmprt_grid *q = xmprt_grid_subset(p, 1, odd);
  int64_t members = n / 2;
  EXPECT_EQ(xmprt_grid_size(q, 0), members);
  bool in = r % 2 == 1;
  EXPECT_EQ(xmprt_grid_rank(q), in ? r / 2 : -1);
  EXPECT_EQ(xmprt_grid_coord(q, 0), in ? r / 2 : -1);
  int64_t v = r;
  xmprt_reduce(q, -1, XMPRT_RED_SUM, XMPRT_I64, &v, 1);
  EXPECT_EQ(v, in ? members * members : r); // 1 + 3 + ... + (2m - 1)
  int64_t d2[] = {XMPRT_DYNAMIC, 1};
  xmprt_grid *g2 = xmprt_grid_create(2, d2);
  int64_t tail[] = {1, -1, 1, 0, 1, 0}; // [1:, 0]
  xmprt_grid *t = xmprt_grid_subset(g2, 1, tail);
  EXPECT_EQ(xmprt_grid_size(t, 0), n - 1);
  EXPECT_EQ(xmprt_grid_rank(t), r >= 1 ? r - 1 : -1);
  // a subset of a subset
  int64_t first[] = {0, 1, 1};
  xmprt_grid *t0 = xmprt_grid_subset(t, 1, first);
  EXPECT_EQ(xmprt_grid_rank(t0), r == 1 ? 0 : -1);
  xmprt_grid_destroy(t0);
  xmprt_grid_destroy(t);
  xmprt_grid_destroy(g2);
  xmprt_grid_destroy(q);
  xmprt_grid_destroy(p);
}

TEST(Topology, SubsetPastTheJobStopsOnlyWhereUsed) {
  // Coordinates n-1..n of a grid of n ranks, a subset of it and a reshaped
  // one: made on every job size without stopping (a program may declare
  // them for larger jobs); collectives on the grid go on. Their use stops
  // the job: runtime.errors.gridsubset.
  int n = xt::np();
  int64_t d[] = {XMPRT_DYNAMIC};
  xmprt_grid *p = xmprt_grid_create(1, d);
  int64_t past[] = {n - 1, n + 1, 1}, tail[] = {n, -1, 1}, first[] = {0, 1, 1};
  int64_t two[] = {2};
  xmprt_grid *q = xmprt_grid_subset(p, 1, past);
  xmprt_grid *q0 = xmprt_grid_subset(q, 1, first);
  xmprt_grid *e = xmprt_grid_subset(p, 1, tail);
  xmprt_grid *rq = xmprt_grid_subset_reshape(p, past, 1, two);
  ASSERT_NE(q, nullptr);
  ASSERT_NE(q0, nullptr);
  ASSERT_NE(e, nullptr);
  ASSERT_NE(rq, nullptr);
  int64_t v = 1;
  xmprt_reduce(p, -1, XMPRT_RED_SUM, XMPRT_I64, &v, 1);
  EXPECT_EQ(v, n);
  for (xmprt_grid *g : {rq, e, q0, q})
    xmprt_grid_destroy(g);
  xmprt_grid_destroy(p);
}

TEST(Topology, ReshapedSubsets) {
  // XMP's `nodes q(2,*) = p(1:k)` and `nodes f(n) = g` (g 2-D): the ranks a
  // subset selects, numbered row-major over its kept axes, laid out
  // row-major in another shape. Coordinates follow the new shape, world
  // ranks the selection; a reduction over an axis of the new shape
  // combines that axis' members.
  int n = xt::np(), r = xt::me();
  int64_t d[] = {XMPRT_DYNAMIC};
  xmprt_grid *p = xmprt_grid_create(1, d);
  // The whole 1-D grid as (n/2) x 2 when n is even, else n x 1.
  int64_t cols = n % 2 == 0 ? 2 : 1;
  int64_t all[] = {0, -1, 1}, shape[] = {XMPRT_DYNAMIC, cols};
  xmprt_grid *q = xmprt_grid_subset_reshape(p, all, 2, shape);
  EXPECT_EQ(xmprt_grid_size(q, 0), n / cols);
  EXPECT_EQ(xmprt_grid_size(q, 1), cols);
  EXPECT_EQ(xmprt_grid_rank(q), r);
  EXPECT_EQ(xmprt_grid_coord(q, 0), r / cols);
  EXPECT_EQ(xmprt_grid_coord(q, 1), r % cols);
  // Sum of the members of my row (axis 1 varies inside a row).
  int64_t v = r;
  xmprt_reduce(q, 1, XMPRT_RED_SUM, XMPRT_I64, &v, 1);
  int64_t row = r / cols * cols;
  EXPECT_EQ(v, cols == 2 ? row + row + 1 : r);
  xmprt_grid_destroy(q);
  // A 2-D grid (n x 1) flattened, from its second row on, reversed into a
  // 1-D subset; then a 1 x (n-1) reshape of the same selection.
  if (n >= 2) {
    int64_t d2[] = {XMPRT_DYNAMIC, 1};
    xmprt_grid *g = xmprt_grid_create(2, d2);
    int64_t tail[] = {1, -1, 1, 0, -1, 1}; // [1:, :]
    int64_t flat[] = {n - 1};
    xmprt_grid *f = xmprt_grid_subset_reshape(g, tail, 1, flat);
    EXPECT_EQ(xmprt_grid_size(f, 0), n - 1);
    EXPECT_EQ(xmprt_grid_rank(f), r >= 1 ? r - 1 : -1);
    int64_t row1[] = {1, XMPRT_DYNAMIC};
    xmprt_grid *h = xmprt_grid_subset_reshape(g, tail, 2, row1);
    EXPECT_EQ(xmprt_grid_size(h, 0), 1);
    EXPECT_EQ(xmprt_grid_size(h, 1), n - 1);
    EXPECT_EQ(xmprt_grid_coord(h, 0), r >= 1 ? 0 : -1);
    EXPECT_EQ(xmprt_grid_coord(h, 1), r >= 1 ? r - 1 : -1);
    int64_t w = 1;
    xmprt_reduce(h, -1, XMPRT_RED_SUM, XMPRT_I64, &w, 1);
    EXPECT_EQ(w, r >= 1 ? n - 1 : 1);
    // A subset of the reshaped one: its last coordinate.
    int64_t last[] = {0, 1, 0, n - 2, n - 1, 1};
    xmprt_grid *z = xmprt_grid_subset(h, 1, last);
    EXPECT_EQ(xmprt_grid_rank(z), r == n - 1 ? 0 : -1);
    xmprt_grid_destroy(z);
    xmprt_grid_destroy(h);
    xmprt_grid_destroy(f);
    xmprt_grid_destroy(g);
  }
  // A 2-D grid (2 x ?) taken in row-major order and laid out 1-D: world
  // ranks keep their order. With 4 ranks, 2x2 becomes 4: the reversal of
  // XMP's Fortran order is the caller's (the C front end's).
  if (n == 4) {
    int64_t d3[] = {2, XMPRT_DYNAMIC};
    xmprt_grid *g = xmprt_grid_create(2, d3);
    int64_t whole[] = {0, -1, 1, 0, -1, 1}, four[] = {4};
    xmprt_grid *f = xmprt_grid_subset_reshape(g, whole, 1, four);
    EXPECT_EQ(xmprt_grid_coord(f, 0), r);
    // The second column, [:, 1:2]: (0, 1) and (1, 1), world ranks 1, 3.
    int64_t col1[] = {0, -1, 1, 1, 2, 1}, two[] = {2};
    xmprt_grid *c = xmprt_grid_subset_reshape(g, col1, 1, two);
    EXPECT_EQ(xmprt_grid_coord(c, 0), r == 1 ? 0 : r == 3 ? 1 : -1);
    xmprt_grid_destroy(c);
    xmprt_grid_destroy(f);
    xmprt_grid_destroy(g);
  }
  xmprt_grid_destroy(p);
}

TEST(Topology, SubClusters) {
  int n = xt::np(), r = xt::me();
  int id = xmprt_subcluster_id(), sz = xmprt_subcluster_size(),
      sr = xmprt_subcluster_rank();
  const char *env = getenv("XMP_SUBCLUSTER_SIZE");
  if (env) {
    int k = atoi(env);
    EXPECT_EQ(id, r / k * k);
    EXPECT_EQ(sz, std::min(k, n - r / k * k));
    EXPECT_EQ(sr, r % k);
  } else {
    // one host in the test environment
    EXPECT_EQ(id, 0);
    EXPECT_EQ(sz, n);
    EXPECT_EQ(sr, r);
  }
  // one GPU per rank (node-local rank modulo the devices) or none
  if (xmprt_has_gpu())
    EXPECT_GE(xmprt_device_id(), 0);
  else
    EXPECT_EQ(xmprt_device_id(), -1);
  double t0 = xmprt_wtime(), t1 = t0;
  for (int i = 0; i < 1000000 && t1 <= t0; ++i)
    t1 = xmprt_wtime();
  EXPECT_GT(t1, t0);
}

TEST(Topology, TemplateQueries) {
  int n = xt::np();
  int64_t shape[] = {XMPRT_DYNAMIC};
  xmprt_grid *g = xmprt_grid_create(1, shape);
  int64_t sizes[] = {17, 5};
  xmprt_template *t = xmprt_template_create(2, sizes);
  int32_t kinds[] = {XMPRT_DIST_CYCLIC, XMPRT_DIST_NONE};
  int64_t params[] = {3, 0};
  xmprt_template_distribute(t, g, kinds, params, nullptr);
  EXPECT_EQ(xmprt_template_axis(t, 0), 0);
  EXPECT_EQ(xmprt_template_axis(t, 1), -1);
  EXPECT_EQ(xmprt_template_size(t, 0), 17);
  int64_t c = xmprt_template_coord(t, 0);
  EXPECT_EQ(c, xt::me());
  // loop over all of dim 0: local indices map to owned globals, in order
  int64_t out[3];
  xmprt_template_loop(t, 0, 0, 17, 1, out);
  int64_t cnt = 0;
  for (int64_t l = out[0]; l < out[1]; l += out[2]) {
    int64_t gi = xmprt_template_local_to_global(t, 0, l);
    EXPECT_EQ((gi / 3) % n, c);
    ++cnt;
  }
  int64_t tot = cnt;
  MPI_Allreduce(MPI_IN_PLACE, &tot, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  EXPECT_EQ(tot, 17);
  int64_t lo, hi;
  xmprt_template_owned(t, 1, &lo, &hi);
  EXPECT_EQ(lo, 0);
  EXPECT_EQ(hi, 5);
  xmprt_template_loop(t, 1, 1, 5, 2, out);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[1], 5);
  EXPECT_EQ(out[2], 2);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

} // namespace
