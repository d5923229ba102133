// Distributed arrays: every distribution with uneven sizes; owned ranges,
// counts, extents and global->local agree with Distribution.h and cover the
// array exactly once; blocks are zero-initialized.
#include "TestUtil.h"
#include "xmprt/Distribution.h"

#include <set>

using namespace xmprt::dist;

namespace {

void checkOne(int32_t kind, int64_t n, int64_t w, int64_t m, int64_t off,
              int64_t sl, int64_t sh) {
  int np = xt::np();
  int64_t shape[] = {XMPRT_DYNAMIC};
  xmprt_grid *g = xmprt_grid_create(1, shape);
  xmprt_template *t = xmprt_template_create(1, &n);
  std::vector<int64_t> gb;
  if (kind == XMPRT_DIST_GBLOCK)
    gb = xt::unevenGBlock(n, np, 3, 0);
  xmprt_template_distribute(t, g, &kind, &w, gb.empty() ? nullptr : gb.data());
  int32_t al = 0;
  xmprt_darray *a =
      xmprt_darray_create(t, 1, &m, &al, &off, &sl, &sh, XMPRT_I32);
  TemplateDim td{(Kind)kind, n, np, w, gb.empty() ? nullptr : gb.data()};
  ArrayDim ad;
  ad.t = td;
  ad.aligned = true;
  ad.offset = off;
  ad.m = m;
  ad.fullShadow = sl == XMPRT_FULL_SHADOW;
  ad.shadowLo = ad.fullShadow ? 0 : sl;
  ad.shadowHi = ad.fullShadow ? 0 : sh;
  int64_t c = xt::me();
  EXPECT_EQ(xmprt_darray_local_extent(a, 0), arrayExtent(ad));
  EXPECT_EQ(xmprt_darray_gsize(a, 0), m);
  int64_t cnt = xmprt_darray_owned_count(a, 0);
  EXPECT_EQ(cnt, arrayOwnedCount(ad, c));
  // ownership covers the array exactly once
  std::vector<int32_t> seen(m, 0);
  for (int64_t i = 0; i < m; ++i)
    if (arrayOwner(ad, i) == c) {
      seen[i] = 1;
      int64_t l = xmprt_darray_global_to_local(a, 0, i);
      EXPECT_EQ(l, arrayGlobalToLocal(ad, c, i));
      EXPECT_LT(l, xmprt_darray_local_extent(a, 0));
    }
  MPI_Allreduce(MPI_IN_PLACE, seen.data(), (int)m, MPI_INT32_T, MPI_SUM,
                MPI_COMM_WORLD);
  for (int64_t i = 0; i < m; ++i)
    EXPECT_EQ(seen[i], 1) << "element " << i;
  if (kind != XMPRT_DIST_CYCLIC) {
    int64_t lo, hi;
    xmprt_darray_owned(a, 0, &lo, &hi);
    if (ad.fullShadow) {
      EXPECT_EQ(lo, 0);
      EXPECT_EQ(hi, m);
    } else {
      EXPECT_EQ(hi - lo, cnt);
    }
  }
  // Held elements: owned ones, and shadow ones around a non-empty owned
  // block (block-like kinds); every one has a place in the local block.
  Range own = kind != XMPRT_DIST_CYCLIC ? arrayOwned(ad, c) : Range{};
  for (int64_t i = -1; i <= m; ++i) {
    bool want = i >= 0 && i < m &&
                (ad.fullShadow || arrayOwner(ad, i) == c ||
                 (kind != XMPRT_DIST_CYCLIC && !own.empty() &&
                  i >= own.lo - ad.shadowLo && i < own.hi + ad.shadowHi));
    EXPECT_EQ(xmprt_darray_holds(a, &i), want ? 1 : 0) << "element " << i;
    if (want) {
      int64_t l = xmprt_darray_global_to_local(a, 0, i);
      EXPECT_GE(l, 0) << "element " << i;
      EXPECT_LT(l, xmprt_darray_local_extent(a, 0)) << "element " << i;
    }
  }
  auto *p = (int32_t *)xmprt_darray_data(a);
  for (int64_t l = 0; l < xmprt_darray_local_extent(a, 0); ++l)
    EXPECT_EQ(p[l], 0);
  xmprt_darray_destroy(a);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

TEST(DArray, EveryDistributionUneven) {
  const int64_t F = XMPRT_FULL_SHADOW;
  checkOne(XMPRT_DIST_BLOCK, 5, 1, 5, 0, 1, 1);
  checkOne(XMPRT_DIST_BLOCK, 7, 1, 7, 0, 0, 2);
  checkOne(XMPRT_DIST_BLOCK, 13, 1, 9, 3, 2, 1);
  checkOne(XMPRT_DIST_BLOCK, 7, 1, 7, 0, F, F);
  checkOne(XMPRT_DIST_CYCLIC, 17, 1, 17, 0, 0, 0);
  checkOne(XMPRT_DIST_CYCLIC, 17, 3, 17, 0, 0, 0);
  checkOne(XMPRT_DIST_CYCLIC, 17, 3, 12, 4, 0, 0);
  checkOne(XMPRT_DIST_CYCLIC, 11, 2, 11, 0, F, F);
  checkOne(XMPRT_DIST_GBLOCK, 16, 1, 16, 0, 1, 1);
  checkOne(XMPRT_DIST_GBLOCK, 16, 1, 10, 5, 1, 0);
}

TEST(DArray, HoldsOutsideTheGridAndAcrossDimensions) {
  int np = xt::np(), me = xt::me();
  // A grid of one rank: the others hold nothing.
  int64_t one[] = {1}, n = 6;
  xmprt_grid *g1 = xmprt_grid_create(1, one);
  xmprt_template *t1 = xmprt_template_create(1, &n);
  int32_t block = XMPRT_DIST_BLOCK, al0 = 0;
  xmprt_template_distribute(t1, g1, &block, nullptr, nullptr);
  xmprt_darray *a = xmprt_darray_create(t1, 1, &n, &al0, nullptr, nullptr,
                                        nullptr, XMPRT_F64);
  for (int64_t i = -1; i <= n; ++i)
    EXPECT_EQ(xmprt_darray_holds(a, &i), me == 0 && i >= 0 && i < n ? 1 : 0)
        << "element " << i;
  xmprt_darray_destroy(a);
  // b[3][4 * np]: dimension 0 not aligned (every rank holds it whole),
  // dimension 1 in blocks of 4 with shadows 1:1.
  int64_t dyn[] = {XMPRT_DYNAMIC}, m = 4 * np;
  xmprt_grid *g = xmprt_grid_create(1, dyn);
  xmprt_template *t = xmprt_template_create(1, &m);
  xmprt_template_distribute(t, g, &block, nullptr, nullptr);
  int64_t shape[] = {3, m}, sl[] = {0, 1}, sh[] = {0, 1};
  int32_t al[] = {-1, 0};
  xmprt_darray *b =
      xmprt_darray_create(t, 2, shape, al, nullptr, sl, sh, XMPRT_I32);
  for (int64_t r = -1; r <= 3; ++r)
    for (int64_t j = 0; j < m; ++j) {
      int64_t idx[] = {r, j};
      bool want = r >= 0 && r < 3 && j >= 4 * me - 1 && j < 4 * me + 5;
      EXPECT_EQ(xmprt_darray_holds(b, idx), want ? 1 : 0)
          << "element " << r << ", " << j;
    }
  xmprt_darray_destroy(b);
  xmprt_template_destroy(t);
  xmprt_template_destroy(t1);
  xmprt_grid_destroy(g);
  xmprt_grid_destroy(g1);
}

TEST(DArray, RankUpTo7AndReplication) {
  int64_t shape[] = {1, XMPRT_DYNAMIC};
  xmprt_grid *g = xmprt_grid_create(2, shape);
  int64_t sizes[] = {6, 3};
  xmprt_template *t = xmprt_template_create(2, sizes);
  int32_t kinds[] = {XMPRT_DIST_NONE, XMPRT_DIST_BLOCK};
  xmprt_template_distribute(t, g, kinds, nullptr, nullptr);
  // 7-D array, dim 3 aligned with template dim 1 (distributed over the size-1
  // axis 0); grid axis 1 is unused -> replicated along it.
  int64_t gs[7] = {2, 1, 2, 3, 1, 2, 2};
  int32_t al[7] = {-1, -1, -1, 1, -1, -1, -1};
  int64_t sl[7] = {0, 0, 1, 0, 0, 0, 0}, sh[7] = {0, 0, 0, 0, 0, 0, 1};
  xmprt_darray *a =
      xmprt_darray_create(t, 7, gs, al, nullptr, sl, sh, XMPRT_C64);
  int64_t want[7] = {2, 1, 3, 3, 1, 2, 3};
  for (int d = 0; d < 7; ++d) {
    EXPECT_EQ(xmprt_darray_local_extent(a, d), want[d]);
    EXPECT_EQ(xmprt_darray_gsize(a, d), gs[d]);
  }
  EXPECT_EQ(xmprt_darray_elem_size(a), 16);
  xmprt_darray_destroy(a);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

TEST(DArray, LargeBlocksColoured) {
  // Blocks of 64 KiB or more start at different offsets within their page
  // (Memory.cpp), 64-byte aligned and zeroed; small blocks are 64-byte
  // aligned too. Four arrays of 96 KiB each on every rank: no two share a
  // page offset.
  int64_t shape[] = {XMPRT_DYNAMIC};
  xmprt_grid *g = xmprt_grid_create(1, shape);
  int64_t sizes[] = {xt::np() * 96, 128};
  xmprt_template *t = xmprt_template_create(2, sizes);
  int32_t kinds[] = {XMPRT_DIST_BLOCK, XMPRT_DIST_NONE};
  xmprt_template_distribute(t, g, kinds, nullptr, nullptr);
  int32_t al[] = {0, 1};
  int64_t z[] = {0, 0};
  std::vector<xmprt_darray *> arrays;
  std::set<uintptr_t> offsets;
  for (int k = 0; k < 4; ++k) {
    xmprt_darray *a =
        xmprt_darray_create(t, 2, sizes, al, nullptr, z, z, XMPRT_F64);
    auto *p = (double *)xmprt_darray_data(a);
    EXPECT_EQ((uintptr_t)p % 64, 0u);
    offsets.insert((uintptr_t)p % 4096);
    for (int64_t i = 0; i < 96 * 128; ++i)
      ASSERT_EQ(p[i], 0.0) << i;
    p[96 * 128 - 1] = 1.0; // the last element is inside the allocation
    arrays.push_back(a);
  }
  EXPECT_EQ(offsets.size(), 4u);
  int64_t tiny[] = {xt::np() * 2, 3};
  xmprt_darray *s =
      xmprt_darray_create(t, 2, tiny, al, nullptr, z, z, XMPRT_F64);
  EXPECT_EQ((uintptr_t)xmprt_darray_data(s) % 64, 0u);
  xmprt_darray_destroy(s);
  for (xmprt_darray *a : arrays)
    xmprt_darray_destroy(a);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

TEST(DArray, LongRowsPadded) {
  // The last dimension of a rank >= 2 array is allocated with
  // rowPitch(extent) elements: 1100 + 2 shadows -> 1120 on every rank;
  // a 1-D array and short rows are not padded; global->local is unchanged.
  int np = xt::np();
  int64_t shape[] = {XMPRT_DYNAMIC};
  xmprt_grid *g = xmprt_grid_create(1, shape);
  int64_t sizes[] = {4 * np, 1100};
  xmprt_template *t = xmprt_template_create(2, sizes);
  int32_t kinds[] = {XMPRT_DIST_BLOCK, XMPRT_DIST_NONE};
  xmprt_template_distribute(t, g, kinds, nullptr, nullptr);
  int32_t al[] = {0, 1};
  int64_t sl[] = {1, 1}, sh[] = {1, 1};
  xmprt_darray *a =
      xmprt_darray_create(t, 2, sizes, al, nullptr, sl, sh, XMPRT_F64);
  EXPECT_EQ(xmprt_darray_local_extent(a, 0), 6);
  EXPECT_EQ(xmprt_darray_local_extent(a, 1), 1120);
  EXPECT_EQ(xmprt_darray_global_to_local(a, 1, 1099), 1100);
  // zero-filled over the whole padded block
  auto *p = (double *)xmprt_darray_data(a);
  for (int64_t i = 0; i < 6 * 1120; ++i)
    ASSERT_EQ(p[i], 0.0) << i;
  int64_t shortRow[] = {4 * np, 100};
  xmprt_darray *b =
      xmprt_darray_create(t, 2, shortRow, al, nullptr, sl, sh, XMPRT_F64);
  EXPECT_EQ(xmprt_darray_local_extent(b, 1), 102);
  int64_t flat[] = {1100};
  int32_t al1[] = {1};
  xmprt_darray *c =
      xmprt_darray_create(t, 1, flat, al1, nullptr, sl, sh, XMPRT_F64);
  EXPECT_EQ(xmprt_darray_local_extent(c, 0), 1102);
  xmprt_darray_destroy(c);
  xmprt_darray_destroy(b);
  xmprt_darray_destroy(a);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

} // namespace
