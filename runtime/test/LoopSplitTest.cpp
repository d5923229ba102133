// xmprt_loop_split against brute-force enumeration of the owned iterations:
// block, gblock, cyclic(1), cyclic(3), not distributed; uneven sizes,
// sub-ranges (also reaching outside the template), steps 1-3, weights 0,
// 0.3, 0.7, 1, grains 1 and 4; a 2-D template; a huge cyclic loop (no
// enumeration in the runtime).
#include "TestUtil.h"
#include "xmprt/codegen.h"

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const int64_t D = XMPRT_DYNAMIC;

struct Dist {
  int32_t kind;
  int64_t w; // cyclic width
  const char *name;
};

// Owner of template index g (0 <= g < n) on p ranks; -1: every rank (not
// distributed). Written out here, independently of Distribution.h.
int64_t ownerOf(const Dist &d, int64_t n, int64_t p,
                const std::vector<int64_t> &gb, int64_t g) {
  switch (d.kind) {
  case XMPRT_DIST_BLOCK: {
    int64_t b = (n + p - 1) / p;
    return g / b;
  }
  case XMPRT_DIST_CYCLIC:
    return (g / d.w) % p;
  case XMPRT_DIST_GBLOCK: {
    int64_t acc = 0;
    for (int64_t k = 0; k < p; ++k) {
      acc += gb[k];
      if (g < acc)
        return k;
    }
    return p - 1;
  }
  default:
    return -1;
  }
}

bool splitGrainSet() { return std::getenv("XMP_SPLIT_GRAIN") != nullptr; }

// One loop: runtime result against the enumeration.
void checkLoop(const xmprt_template *t, int32_t dim, const Dist &d, int64_t n,
               int64_t p, int64_t me, const std::vector<int64_t> &gb,
               int64_t lb, int64_t ub, int64_t step, double w, int64_t grain) {
  SCOPED_TRACE(std::string(d.name) + " n " + std::to_string(n) + " loop [" +
               std::to_string(lb) + ", " + std::to_string(ub) + ") step " +
               std::to_string(step) + " weight " + std::to_string(w) +
               " grain " + std::to_string(grain) + " rank " +
               std::to_string(me));
  std::vector<int64_t> owned;
  for (int64_t g = lb; g < ub; g += step)
    if (g >= 0 && g < n) {
      int64_t o = ownerOf(d, n, p, gb, g);
      if (o < 0 || o == me)
        owned.push_back(g);
    }
  int64_t cnt = (int64_t)owned.size();
  int64_t out[4] = {-99, -99, -99, -99};
  xmprt_loop_split(t, dim, lb, ub, step, w, grain, out);
  int64_t s = out[0], e = out[1], c = out[2];
  int64_t want = xmprt_split_point(0, cnt, w, grain);
  ASSERT_EQ(c, want);
  ASSERT_EQ(out[3], cnt - c);
  if (!splitGrainSet()) {
    if (c != cnt)
      EXPECT_EQ(c % grain, 0);
    if (w == 0.0)
      EXPECT_EQ(c, cnt);
    if (w == 1.0)
      EXPECT_EQ(c, 0);
  }
  if (cnt == 0) {
    EXPECT_EQ(s, lb);
    EXPECT_EQ(e, lb);
    return;
  }
  EXPECT_EQ(e, owned.back() + 1);
  EXPECT_EQ(s, c < cnt ? owned[c] : e);
  // The two parts as the generated code sees them.
  for (int64_t k = 0; k < cnt; ++k) {
    bool gpu = owned[k] < s, cpu = owned[k] >= s && owned[k] < e;
    ASSERT_EQ(gpu, k < c) << "iteration " << owned[k];
    ASSERT_EQ(cpu, k >= c) << "iteration " << owned[k];
  }
}

TEST(LoopSplit, AgainstEnumeration) {
  int64_t p = xt::np(), me = xt::me();
  int64_t shape[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, shape);
  const Dist dists[] = {{XMPRT_DIST_BLOCK, 1, "block"},
                        {XMPRT_DIST_GBLOCK, 1, "gblock"},
                        {XMPRT_DIST_CYCLIC, 1, "cyclic(1)"},
                        {XMPRT_DIST_CYCLIC, 3, "cyclic(3)"},
                        {XMPRT_DIST_NONE, 1, "none"}};
  int64_t checked = 0;
  for (const Dist &d : dists)
    for (int64_t n : {0, 1, 7, 23, 100, 101}) {
      xmprt_template *t = xmprt_template_create(1, &n);
      std::vector<int64_t> gb;
      if (d.kind == XMPRT_DIST_GBLOCK)
        gb = xt::unevenGBlock(n, p, 5, 1);
      int32_t kind = d.kind;
      int64_t w = d.w;
      xmprt_template_distribute(t, g, &kind, &w, gb.empty() ? nullptr
                                                           : gb.data());
      std::vector<std::pair<int64_t, int64_t>> ranges = {
          {0, n}, {-3, n + 5}, {2, n - 3}, {5, 5}, {n / 2, n / 3},
          {n / 3, n}, {-7, 4}};
      for (auto [lb, ub] : ranges)
        for (int64_t step : {1, 2, 3})
          for (double wt : {0.0, 0.3, 0.7, 1.0})
            for (int64_t grain : {1, 4}) {
              checkLoop(t, 0, d, n, p, me, gb, lb, ub, step, wt, grain);
              ++checked;
              if (HasFatalFailure()) {
                xmprt_template_destroy(t);
                xmprt_grid_destroy(g);
                return;
              }
            }
      xmprt_template_destroy(t);
    }
  if (me == 0)
    printf("[loop split] %lld loops checked against enumeration\n",
           (long long)checked);
  xmprt_grid_destroy(g);
}

// Dimension 1 of a 2-D template (dim 0 not distributed).
TEST(LoopSplit, SecondDimension) {
  int64_t p = xt::np(), me = xt::me();
  int64_t shape[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, shape);
  int64_t sizes[2] = {9, 37};
  for (Dist d1 : {Dist{XMPRT_DIST_BLOCK, 1, "none x block"},
                  Dist{XMPRT_DIST_CYCLIC, 2, "none x cyclic(2)"}}) {
    xmprt_template *t = xmprt_template_create(2, sizes);
    int32_t kinds[2] = {XMPRT_DIST_NONE, d1.kind};
    int64_t params[2] = {1, d1.w};
    xmprt_template_distribute(t, g, kinds, params, nullptr);
    for (int64_t step : {1, 2, 3})
      for (double wt : {0.0, 0.3, 0.7, 1.0}) {
        checkLoop(t, 0, Dist{XMPRT_DIST_NONE, 1, "dim 0 (none)"}, 9, p, me, {},
                  1, 9, step, wt, 1);
        checkLoop(t, 1, d1, 37, p, me, {}, 3, 35, step, wt, 4);
      }
    xmprt_template_destroy(t);
  }
  xmprt_grid_destroy(g);
}

// A cyclic(3) loop of 10^12 iterations with step 7 and a block one: the
// runtime must not enumerate (milliseconds, not hours), and the result
// must be consistent: s, e - 1 owned and in the progression, counts add up
// to the brute-force count of one period times the periods.
TEST(LoopSplit, HugeLoopsAreCheap) {
  int64_t p = xt::np(), me = xt::me();
  int64_t shape[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, shape);
  // n is a multiple of 21 p, a multiple of the period lcm(3 p, 7) of the
  // ownership of g = 0 (mod 7): every rank's count is (n / period) * (its
  // count in one period).
  int64_t period = 3 * p * 7;
  int64_t n = 1000000000000LL;
  n -= n % period;
  xmprt_template *t = xmprt_template_create(1, &n);
  int32_t kind = XMPRT_DIST_CYCLIC;
  int64_t w = 3;
  xmprt_template_distribute(t, g, &kind, &w, nullptr);
  Dist d{XMPRT_DIST_CYCLIC, 3, "cyclic(3)"};
  int64_t perPeriod = 0, first = -1, last = -1;
  for (int64_t x = 0; x < period; x += 7)
    if (ownerOf(d, n, p, {}, x) == me) {
      ++perPeriod;
      if (first < 0)
        first = x;
      last = x;
    }
  auto t0 = std::chrono::steady_clock::now();
  int64_t out[4];
  xmprt_loop_split(t, 0, 0, n, 7, 0.3, 4, out);
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             t0)
                   .count();
  int64_t total = out[2] + out[3];
  EXPECT_EQ(total, perPeriod * (n / period));
  if (total > 0) {
    EXPECT_EQ(out[1] - 1, n - period + last);
    EXPECT_EQ(out[0] % 7, 0);
    EXPECT_EQ(ownerOf(d, n, p, {}, out[0]), me);
  }
  // (enumerating would take minutes; generous for loaded CI machines)
  EXPECT_LT(sec, 1.0) << "xmprt_loop_split took " << sec << " s";
  // weight 1: the CPU part starts at the first owned iteration
  xmprt_loop_split(t, 0, 0, n, 7, 1.0, 4, out);
  if (total > 0)
    EXPECT_EQ(out[0], first);
  xmprt_template_destroy(t);
  // block, n = 10^15: O(1)
  int64_t nb = 1000000000000000LL;
  xmprt_template *tb = xmprt_template_create(1, &nb);
  kind = XMPRT_DIST_BLOCK;
  xmprt_template_distribute(tb, g, &kind, nullptr, nullptr);
  xmprt_loop_split(tb, 0, 1, nb, 2, 0.5, 32, out);
  int64_t b = (nb + p - 1) / p, lo = std::max<int64_t>(1, me * b),
          hi = std::min(nb, (me + 1) * b);
  lo += (lo - 1) % 2; // odd iterations
  int64_t cnt = hi > lo ? (hi - 1 - lo) / 2 + 1 : 0;
  EXPECT_EQ(out[2] + out[3], cnt);
  xmprt_template_destroy(tb);
  xmprt_grid_destroy(g);
}

} // namespace
