// Reflect: 1-D/2-D/3-D arrays, every channel, periodic and not, asymmetric
// widths, width < shadow, full shadow, empty pieces, offsets; checked element
// by element against the values a sequential program would hold. The same
// cases for orthogonal reflects (faces only: corners keep their values) and
// reduce_shadow (owners += every shadow copy, shadows unchanged).
#include "TestUtil.h"
#include "xmprt/codegen.h"
#include "xmprt/testing.h"
#include "xmprt/Distribution.h"

using namespace xmprt::dist;

namespace {

struct TD {
  int32_t kind;
  int64_t n;
  int64_t w = 1;
};
struct AD {
  int64_t m;
  int32_t align; // template dim or -1
  int64_t offset;
  int64_t slo, shi; // XMPRT_FULL_SHADOW for full
  int64_t wlo, whi;
  int32_t periodic;
};
struct RCase {
  std::string name;
  std::vector<int64_t> grid;
  std::vector<TD> t;
  std::vector<AD> a;
};

std::vector<int64_t> gblockFor(int64_t n, int64_t p) {
  std::vector<int64_t> s(p);
  int64_t sum = 0;
  const int64_t pat[3] = {3, 1, 0};
  for (int64_t i = 0; i + 1 < p; ++i) {
    s[i] = std::min(pat[i % 3], n - sum);
    sum += s[i];
  }
  s[p - 1] = n - sum;
  return s;
}

struct Built {
  xmprt_grid *g = nullptr;
  xmprt_template *t = nullptr;
  xmprt_darray *a = nullptr;
  std::vector<std::vector<int64_t>> gb; // gblock storage per template dim
  std::vector<ArrayDim> dims;
  std::vector<int64_t> coord;
  ~Built() {
    xmprt_darray_destroy(a);
    xmprt_template_destroy(t);
    xmprt_grid_destroy(g);
  }
};

void build(const RCase &c, Built &b, int32_t et = XMPRT_F64) {
  b.g = xmprt_grid_create((int32_t)c.grid.size(), c.grid.data());
  std::vector<int64_t> sizes;
  std::vector<int32_t> kinds;
  std::vector<int64_t> params, gbs;
  for (const TD &t : c.t) {
    sizes.push_back(t.n);
    kinds.push_back(t.kind);
    params.push_back(t.w);
  }
  b.t = xmprt_template_create((int32_t)sizes.size(), sizes.data());
  b.gb.resize(c.t.size());
  int32_t axis = 0;
  for (size_t d = 0; d < c.t.size(); ++d) {
    if (c.t[d].kind == XMPRT_DIST_NONE)
      continue;
    int64_t p = xmprt_grid_size(b.g, axis++);
    if (c.t[d].kind == XMPRT_DIST_GBLOCK) {
      b.gb[d] = gblockFor(c.t[d].n, p);
      gbs.insert(gbs.end(), b.gb[d].begin(), b.gb[d].end());
    }
  }
  xmprt_template_distribute(b.t, b.g, kinds.data(), params.data(),
                            gbs.empty() ? nullptr : gbs.data());
  std::vector<int64_t> m, off, slo, shi;
  std::vector<int32_t> al;
  for (const AD &x : c.a) {
    m.push_back(x.m);
    al.push_back(x.align);
    off.push_back(x.offset);
    slo.push_back(x.slo);
    shi.push_back(x.shi);
  }
  b.a = xmprt_darray_create(b.t, (int32_t)m.size(), m.data(), al.data(),
                            off.data(), slo.data(), shi.data(), et);
  for (size_t d = 0; d < c.a.size(); ++d) {
    const AD &x = c.a[d];
    ArrayDim ad;
    ad.m = x.m;
    ad.fullShadow = x.slo == XMPRT_FULL_SHADOW;
    ad.shadowLo = ad.fullShadow ? 0 : x.slo;
    ad.shadowHi = ad.fullShadow ? 0 : x.shi;
    int64_t coord = 0;
    if (x.align >= 0) {
      const TD &t = c.t[x.align];
      ad.aligned = true;
      ad.offset = x.offset;
      ad.t.kind = (Kind)t.kind;
      ad.t.n = t.n;
      ad.t.w = t.w;
      int32_t ax = xmprt_template_axis(b.t, x.align);
      ad.t.p = ax >= 0 ? xmprt_grid_size(b.g, ax) : 1;
      ad.t.gblock = b.gb[x.align].empty() ? nullptr : b.gb[x.align].data();
      coord = ax >= 0 ? xmprt_grid_coord(b.g, ax) : 0;
    }
    b.dims.push_back(ad);
    b.coord.push_back(coord);
  }
}

// Global index held at local l of dim d; state: 0 owned, 1 checked halo,
// 2 unchecked.
int64_t classify(const Built &b, const AD &x, int32_t d, int64_t l,
                 int &state) {
  const ArrayDim &ad = b.dims[d];
  int64_t c = b.coord[d];
  if (ad.fullShadow) {
    state = arrayOwner(ad, l) == c ? 0 : 1;
    return l;
  }
  int64_t cnt = arrayOwnedCount(ad, c);
  int64_t lo = arrayOwned(ad, c).lo;
  int64_t sl = ad.shadowLo;
  int64_t g = l - sl + lo;
  state = 2;
  if (cnt == 0)
    return g;
  if (l >= sl && l < sl + cnt) {
    state = 0;
    return g;
  }
  bool inHalo = (l >= sl - x.wlo && l < sl) ||
                (l >= sl + cnt && l < sl + cnt + x.whi);
  if (!inHalo)
    return g;
  if (g >= 0 && g < ad.m) {
    state = 1;
    return g;
  }
  if (x.periodic) {
    state = 1;
    return floorMod(g, ad.m);
  }
  return g;
}

void fill(const RCase &c, Built &b) {
  auto *p = (double *)xmprt_darray_data(b.a);
  int32_t r = (int32_t)c.a.size();
  xt::forEachLocal(b.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
    std::vector<int64_t> g(r);
    bool own = true;
    for (int32_t d = 0; d < r; ++d) {
      int st;
      g[d] = classify(b, c.a[d], d, l[d], st);
      own = own && st == 0;
    }
    p[lin] = own ? xt::fval(g) : -1.0;
  });
}

// The states of local element l (per dim, classify's): 0 owned, 1 halo in
// the widths, 2 neither (beyond the width, outside a non-periodic array,
// an empty piece). Returns the global index; `ones` counts the 1s, `twos`
// the 2s.
std::vector<int64_t> states(const RCase &c, const Built &b,
                            const std::vector<int64_t> &l, int &ones,
                            int &twos) {
  int32_t r = (int32_t)c.a.size();
  std::vector<int64_t> g(r);
  ones = twos = 0;
  for (int32_t d = 0; d < r; ++d) {
    int st;
    g[d] = classify(b, c.a[d], d, l[d], st);
    ones += st == 1;
    twos += st == 2;
  }
  return g;
}

std::vector<RCase> cases();

// Counts a wrong element; the first five are reported.
void reportBad(int &bad, const std::string &what, const std::vector<int64_t> &l,
               double got, double want) {
  if (bad++ >= 5)
    return;
  std::string li;
  for (int64_t x : l)
    li += std::to_string(x) + ",";
  ADD_FAILURE() << what << " rank " << xt::me() << " local (" << li << ") got "
                << got << " want " << want;
}

// Widths, periodic flags and channels (all `ch`) of a case's plan.
struct PlanArgs {
  std::vector<int64_t> wlo, whi;
  std::vector<int32_t> per, chs;
};
PlanArgs planArgs(const RCase &c, int32_t ch) {
  PlanArgs a;
  for (const AD &x : c.a) {
    a.wlo.push_back(x.wlo);
    a.whi.push_back(x.whi);
    a.per.push_back(x.periodic);
    a.chs.push_back(ch);
  }
  return a;
}

// Runs a plan: even rounds with xmprt_reflect_do, odd ones split.
void runPlan(xmprt_reflect_plan *p, int round) {
  if (round % 2 == 0) {
    xmprt_reflect_do(p);
    return;
  }
  xmprt_reflect_start(p);
  xmprt_reflect_wait(p);
}

// Every case on every channel: fn(case, channel, what).
void forEachCaseChannel(const std::string &label,
                        const std::function<void(const RCase &, int32_t,
                                                 const std::string &)> &fn) {
  for (const RCase &c : cases())
    for (int32_t ch : {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA, XMPRT_CHANNEL_AUTO})
      fn(c, ch, c.name + label + " ch=" + std::to_string(ch));
}

// After a reflect: every element whose dimensions are all owned or in the
// reflected halo holds its value (the others are not checked). After an
// orthogonal one: owned elements and faces (one dimension in the halo)
// hold their value, every other element (corners, beyond the widths)
// still the -1 of fill().
int check(const RCase &c, Built &b, const std::string &what,
          bool orthogonal = false) {
  auto *p = (double *)xmprt_darray_data(b.a);
  int32_t r = (int32_t)c.a.size();
  int bad = 0;
  xt::forEachLocal(b.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
    int ones, twos;
    std::vector<int64_t> g = states(c, b, l, ones, twos);
    if (twos && !orthogonal)
      return;
    double want = twos == 0 && (ones <= 1 || !orthogonal) ? xt::fval(g) : -1.0;
    if (p[lin] != want)
      reportBad(bad, what, l, p[lin], want);
  });
  return bad;
}

std::vector<RCase> cases() {
  const int32_t B = XMPRT_DIST_BLOCK, C = XMPRT_DIST_CYCLIC,
                G = XMPRT_DIST_GBLOCK, N = XMPRT_DIST_NONE;
  const int64_t F = XMPRT_FULL_SHADOW, D = XMPRT_DYNAMIC;
  return {
      {"1d_block", {D}, {{B, 11}}, {{11, 0, 0, 2, 1, 2, 1, 0}}},
      {"1d_block_periodic", {D}, {{B, 11}}, {{11, 0, 0, 2, 1, 2, 1, 1}}},
      {"1d_block_empty_pieces", {D}, {{B, 5}}, {{5, 0, 0, 1, 1, 1, 1, 1}}},
      {"1d_gblock_wide", {D}, {{G, 8}}, {{8, 0, 0, 2, 2, 2, 2, 1}}},
      {"1d_gblock_wide_nonper", {D}, {{G, 8}}, {{8, 0, 0, 2, 2, 2, 2, 0}}},
      {"1d_asym_width_lt_shadow", {D}, {{B, 13}}, {{13, 0, 0, 2, 2, 0, 1, 1}}},
      {"1d_offset", {D}, {{B, 12}}, {{9, 0, 2, 1, 1, 1, 1, 0}}},
      {"1d_full_block", {D}, {{B, 7}}, {{7, 0, 0, F, F, 0, 0, 0}}},
      {"1d_full_cyclic2", {D}, {{C, 9, 2}}, {{9, 0, 0, F, F, 0, 0, 0}}},
      // Empty pieces (block 3 on 4 ranks; gblock 3,1,0,1) still receive
      // the whole dimension.
      {"1d_full_block_empty", {D}, {{B, 3}}, {{3, 0, 0, F, F, 0, 0, 0}}},
      {"1d_full_gblock_empty", {D}, {{G, 5}}, {{5, 0, 0, F, F, 0, 0, 0}}},
      {"2d_block_block",
       {D, D},
       {{B, 9}, {B, 7}},
       {{9, 0, 0, 1, 1, 1, 1, 0}, {7, 1, 0, 1, 1, 1, 1, 0}}},
      {"2d_block_block_periodic",
       {D, D},
       {{B, 9}, {B, 7}},
       {{9, 0, 0, 1, 2, 1, 2, 1}, {7, 1, 0, 2, 1, 2, 1, 1}}},
      {"2d_block_notaligned",
       {D},
       {{B, 6}},
       {{6, 0, 0, 1, 1, 1, 1, 1}, {5, -1, 0, 0, 0, 0, 0, 0}}},
      {"2d_full_dim1",
       {D, D},
       {{B, 6}, {G, 7}},
       {{6, 0, 0, 1, 1, 1, 1, 1}, {7, 1, 0, F, F, 0, 0, 0}}},
      {"2d_notaligned_periodic",
       {D},
       {{N, 4}, {B, 6}},
       {{4, -1, 0, 1, 1, 1, 1, 1}, {6, 1, 0, 1, 1, 1, 0, 1}}},
      {"2d_replicated_axis",
       {D, D},
       {{B, 8}, {B, 4}},
       {{8, 0, 0, 1, 1, 1, 1, 1}, {3, -1, 0, 0, 0, 0, 0, 0}}},
      {"3d_block",
       {D, D, D},
       {{B, 5}, {B, 4}, {B, 6}},
       {{5, 0, 0, 1, 1, 1, 1, 1},
        {4, 1, 0, 1, 1, 1, 1, 0},
        {6, 2, 0, 1, 2, 1, 1, 1}}},
  };
}

// Every case on every channel, a plain or an orthogonal reflect: two
// rounds (do, then start/wait) and the cached plan.
void reflectAllCases(bool orthogonal) {
  forEachCaseChannel(
      orthogonal ? " orthogonal" : "",
      [&](const RCase &c, int32_t ch, const std::string &what) {
        Built b;
        build(c, b);
        int32_t r = (int32_t)c.a.size();
        PlanArgs x = planArgs(c, ch);
        xmprt_reflect_plan *p =
            xmprt_reflect_init(b.a, x.wlo.data(), x.whi.data(), x.per.data(),
                               x.chs.data(), 0, orthogonal);
        for (int rep = 0; rep < 2; ++rep) {
          fill(c, b);
          runPlan(p, rep);
          EXPECT_EQ(
              check(c, b, what + " rep=" + std::to_string(rep), orthogonal), 0);
        }
        if (ch == XMPRT_CHANNEL_IB)
          for (int32_t d = 0; d < r; ++d)
            for (int s = 0; s < 2; ++s)
              EXPECT_NE(xmprt_reflect_channel(p, d, s), XMPRT_CHANNEL_TCA);
        xmprt_reflect_destroy(p);
        // The cached form gives the same plan for the same key, another one
        // for the other kind of reflect.
        auto cached = [&](int32_t o) {
          return xmprt_reflect_cached(7, b.a, x.wlo.data(), x.whi.data(),
                                      x.per.data(), x.chs.data(), 0, o);
        };
        xmprt_reflect_plan *q = cached(orthogonal);
        EXPECT_EQ(q, cached(orthogonal));
        EXPECT_NE(q, cached(!orthogonal));
        fill(c, b);
        xmprt_reflect_do(q);
        EXPECT_EQ(check(c, b, what + " cached", orthogonal), 0);
      });
}

TEST(Reflect, AllCasesAllChannels) { reflectAllCases(false); }

// Orthogonal: owned elements and faces (one dim in its halo, the others
// owned) hold the owner's value, every other element keeps the -1 fill
// (corners, beyond the widths). For a 1-D array the same as a reflect.
TEST(Reflect, OrthogonalAllCasesAllChannels) { reflectAllCases(true); }

TEST(Reflect, WholeShadowDefaults) {
  RCase c{"defaults", {XMPRT_DYNAMIC}, {{XMPRT_DIST_BLOCK, 10}},
          {{10, 0, 0, 2, 1, 2, 1, 0}}};
  Built b;
  build(c, b);
  xmprt_reflect_plan *p =
      xmprt_reflect_init(b.a, nullptr, nullptr, nullptr, nullptr, 0, 0);
  fill(c, b);
  xmprt_reflect_do(p);
  EXPECT_EQ(check(c, b, "defaults"), 0);
  xmprt_reflect_destroy(p);
}

// Channel actually used per side: TCA toward a neighbour in the same
// sub-cluster (AUTO/TCA), IB otherwise; NONE at a non-periodic boundary.
TEST(Reflect, ChannelPerSide) {
  int n = xt::np();
  xt::ChannelExpect expect;
  RCase c{"chan", {XMPRT_DYNAMIC}, {{XMPRT_DIST_BLOCK, 4 * n}},
          {{4 * n, 0, 0, 1, 1, 1, 1, 0}}};
  for (int32_t ch : {XMPRT_CHANNEL_AUTO, XMPRT_CHANNEL_TCA, XMPRT_CHANNEL_IB}) {
    Built b;
    build(c, b);
    int32_t chs[1] = {ch};
    xmprt_reflect_plan *p =
        xmprt_reflect_init(b.a, nullptr, nullptr, nullptr, chs, 0, 0);
    int r = xt::me();
    for (int side = 0; side < 2; ++side) {
      int want = expect(ch, r, side);
      EXPECT_EQ(xmprt_reflect_channel(p, 0, side), want)
          << "rank " << r << " side " << side << " requested " << ch;
    }
    fill(c, b);
    xmprt_reflect_do(p);
    EXPECT_EQ(check(c, b, "chan"), 0);
    xmprt_reflect_destroy(p);
  }
}

// Mixed element types: int8 (1 byte) and complex<double> (16 bytes).
TEST(Reflect, ElementSizes) {
  for (int32_t et : {XMPRT_I8, XMPRT_C64, XMPRT_I16}) {
    RCase c{"esize", {XMPRT_DYNAMIC, XMPRT_DYNAMIC},
            {{XMPRT_DIST_BLOCK, 6}, {XMPRT_DIST_BLOCK, 5}},
            {{6, 0, 0, 1, 1, 1, 1, 1}, {5, 1, 0, 1, 1, 1, 1, 1}}};
    Built b;
    build(c, b, et);
    int64_t es = xmprt_darray_elem_size(b.a);
    auto *p = (unsigned char *)xmprt_darray_data(b.a);
    // byte pattern from the global index
    auto pat = [&](const std::vector<int64_t> &g, int64_t k) {
      return (unsigned char)(g[0] * 7 + g[1] * 13 + k * 3 + 1);
    };
    xt::forEachLocal(b.a, 2, [&](int64_t lin, const std::vector<int64_t> &l) {
      std::vector<int64_t> g(2);
      bool own = true;
      for (int d = 0; d < 2; ++d) {
        int st;
        g[d] = classify(b, c.a[d], d, l[d], st);
        own = own && st == 0;
      }
      for (int64_t k = 0; k < es; ++k)
        p[lin * es + k] = own ? pat(g, k) : 0xEE;
    });
    int32_t per[2] = {1, 1};
    xmprt_reflect_plan *pl =
        xmprt_reflect_cached(1, b.a, nullptr, nullptr, per, nullptr, 0, 0);
    xmprt_reflect_do(pl);
    int bad = 0;
    xt::forEachLocal(b.a, 2, [&](int64_t lin, const std::vector<int64_t> &l) {
      std::vector<int64_t> g(2);
      for (int d = 0; d < 2; ++d) {
        int st;
        g[d] = classify(b, c.a[d], d, l[d], st);
        if (st == 2)
          return;
      }
      for (int64_t k = 0; k < es; ++k)
        if (p[lin * es + k] != pat(g, k) && bad++ < 3)
          ADD_FAILURE() << "local " << l[0] << "," << l[1] << " byte " << k
                        << " got " << (int)p[lin * es + k] << " want "
                        << (int)pat(g, k);
    });
    EXPECT_EQ(bad, 0) << "element type " << et;
  }
}

// The grid coordinates on the axes no dimension of the array is aligned
// with, as one number: ranks that differ there hold separate replicas of
// the array, each reduced on its own.
int64_t replicaOf(const RCase &c, const Built &b, int64_t &replicas) {
  int32_t na = xmprt_grid_ndims(b.g);
  std::vector<bool> used(na, false);
  for (const AD &x : c.a)
    if (x.align >= 0 && xmprt_template_axis(b.t, x.align) >= 0)
      used[xmprt_template_axis(b.t, x.align)] = true;
  int64_t key = 0;
  replicas = 1;
  for (int32_t ax = 0; ax < na; ++ax)
    if (!used[ax]) {
      key = key * xmprt_grid_size(b.g, ax) + xmprt_grid_coord(b.g, ax);
      replicas *= xmprt_grid_size(b.g, ax);
    }
  return key;
}

// Row-major index of global index g in the whole array.
int64_t flatOf(const RCase &c, const std::vector<int64_t> &g) {
  int64_t flat = 0;
  for (size_t d = 0; d < c.a.size(); ++d)
    flat = flat * c.a[d].m + g[d];
  return flat;
}

// reduce_shadow: halo elements get distinct small integers (sums stay
// exact), owned elements fval; afterwards every owned element is fval plus
// the sum of all shadow copies of it in the widths over the ranks of its
// replica (gathered here with an all-reduce over a dense global array),
// and every shadow element still holds its value.
// With op XMPRT_RED_MAX / _MIN: the owned elements start at values of the
// same range as the halos' (so that either may win), and end as the max /
// min of their value and every shadow copy's.
void checkReduce(const RCase &c, int32_t ch, const std::string &what,
                 int32_t op = XMPRT_RED_SUM, int rounds = 2) {
  Built b;
  build(c, b);
  int32_t r = (int32_t)c.a.size();
  PlanArgs x = planArgs(c, ch);
  xmprt_reflect_plan *p =
      op == XMPRT_RED_SUM
          ? xmprt_reduce_shadow_init(b.a, x.wlo.data(), x.whi.data(),
                                     x.per.data(), x.chs.data(), 0)
          : xmprt_reduce_shadow_op_init(b.a, x.wlo.data(), x.whi.data(),
                                        x.per.data(), x.chs.data(), 0, op);
  int64_t replicas = 1, rep = replicaOf(c, b, replicas);
  int64_t total = 1;
  for (const AD &x : c.a)
    total *= x.m;
  auto *v = (double *)xmprt_darray_data(b.a);
  auto haloVal = [&](int64_t lin, int round) {
    return (double)(1 + (xt::me() * 7919 + lin * 31 + round * 17) % 997);
  };
  bool sum1 = op == XMPRT_RED_SUM;
  double none = op == XMPRT_RED_MAX ? -1e300 : op == XMPRT_RED_MIN ? 1e300 : 0;
  auto ownVal = [&](const std::vector<int64_t> &g, int round) {
    if (sum1)
      return xt::fval(g) + round;
    return (double)(1 + (flatOf(c, g) * 13 + round * 7) % 997) + 0.25;
  };
  auto combine = [&](double a, double b) {
    return sum1 ? a + b : op == XMPRT_RED_MAX ? std::max(a, b) : std::min(a, b);
  };
  for (int round = 0; round < rounds; ++round) {
    std::vector<double> sum(replicas * total, none);
    xt::forEachLocal(b.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
      int ones, twos;
      std::vector<int64_t> g = states(c, b, l, ones, twos);
      if (twos == 0 && ones == 0) {
        v[lin] = ownVal(g, round);
        return;
      }
      v[lin] = haloVal(lin, round) + (twos ? 0.5 : 0.0);
      if (twos == 0)
        sum[rep * total + flatOf(c, g)] =
            combine(sum[rep * total + flatOf(c, g)], v[lin]);
    });
    MPI_Allreduce(MPI_IN_PLACE, sum.data(), (int)sum.size(), MPI_DOUBLE,
                  sum1 ? MPI_SUM : op == XMPRT_RED_MAX ? MPI_MAX : MPI_MIN,
                  MPI_COMM_WORLD);
    runPlan(p, round);
    int bad = 0;
    xt::forEachLocal(b.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
      int ones, twos;
      std::vector<int64_t> g = states(c, b, l, ones, twos);
      double want;
      if (twos == 0 && ones == 0) {
        want = combine(ownVal(g, round), sum[rep * total + flatOf(c, g)]);
      } else {
        want = haloVal(lin, round) + (twos ? 0.5 : 0.0);
      }
      if (v[lin] != want)
        reportBad(bad, what + " round " + std::to_string(round), l, v[lin],
                  want);
    });
    EXPECT_EQ(bad, 0) << what;
  }
  xmprt_reflect_destroy(p);
}

TEST(ReduceShadow, AllCasesAllChannels) {
  forEachCaseChannel(" reduce_shadow", [](const RCase &c, int32_t ch,
                                          const std::string &what) {
    checkReduce(c, ch, what);
  });
}

// max and min through every channel: the owners and their copies hold
// values of one range, so some owners keep theirs and others take a copy's.
TEST(ReduceShadow, MaxMinAllCasesAllChannels) {
  for (int32_t op : {XMPRT_RED_MAX, XMPRT_RED_MIN})
    forEachCaseChannel(op == XMPRT_RED_MAX ? " reduce_shadow max"
                                           : " reduce_shadow min",
                       [op](const RCase &c, int32_t ch,
                            const std::string &what) {
                         checkReduce(c, ch, what, op);
                       });
}

// Integers wrap, complex numbers add both parts, f32 adds in f32: a 2-D
// periodic array of each type, every element an exact sum of small values.
TEST(ReduceShadow, ElementTypes) {
  const int64_t D = XMPRT_DYNAMIC;
  RCase c{"types",
          {D, D},
          {{XMPRT_DIST_BLOCK, 6}, {XMPRT_DIST_BLOCK, 5}},
          {{6, 0, 0, 1, 1, 1, 1, 1}, {5, 1, 0, 1, 1, 1, 1, 1}}};
  for (int32_t et : {XMPRT_I8, XMPRT_I32, XMPRT_I64, XMPRT_F32, XMPRT_C64}) {
    Built b;
    build(c, b, et);
    int32_t per[2] = {1, 1};
    xmprt_reflect_plan *p =
        xmprt_reduce_shadow_cached(3, b.a, nullptr, nullptr, per, 0,
                                   XMPRT_RED_SUM);
    EXPECT_EQ(p, xmprt_reduce_shadow_cached(3, b.a, nullptr, nullptr, per, 0,
                                            XMPRT_RED_SUM));
    // another operation is another plan (complex numbers have no max)
    if (et != XMPRT_C64)
      EXPECT_NE(p, xmprt_reduce_shadow_cached(3, b.a, nullptr, nullptr, per,
                                              0, XMPRT_RED_MAX));
    int64_t es = xmprt_darray_elem_size(b.a);
    auto *raw = (unsigned char *)xmprt_darray_data(b.a);
    // Element value as an integer k: every part of the element holds k.
    auto put = [&](int64_t lin, int64_t k) {
      unsigned char *e = raw + lin * es;
      switch (et) {
      case XMPRT_I8:
        *(int8_t *)e = (int8_t)k;
        break;
      case XMPRT_I32:
        *(int32_t *)e = (int32_t)k;
        break;
      case XMPRT_I64:
        *(int64_t *)e = k;
        break;
      case XMPRT_F32:
        *(float *)e = (float)k;
        break;
      default:
        ((double *)e)[0] = (double)k;
        ((double *)e)[1] = (double)-k;
      }
    };
    auto get = [&](int64_t lin, int part) -> int64_t {
      unsigned char *e = raw + lin * es;
      switch (et) {
      case XMPRT_I8:
        return *(int8_t *)e;
      case XMPRT_I32:
        return *(int32_t *)e;
      case XMPRT_I64:
        return *(int64_t *)e;
      case XMPRT_F32:
        return (int64_t) * (float *)e;
      default:
        return (int64_t)((double *)e)[part];
      }
    };
    std::vector<int64_t> sum(30, 0);
    xt::forEachLocal(b.a, 2, [&](int64_t lin, const std::vector<int64_t> &l) {
      int ones, twos;
      std::vector<int64_t> g = states(c, b, l, ones, twos);
      if (ones == 0 && twos == 0) {
        put(lin, 100 + g[0] * 5 + g[1]);
      } else if (twos == 0) {
        int64_t k = 1 + (xt::me() * 3 + lin) % 50;
        put(lin, k);
        sum[g[0] * 5 + g[1]] += k;
      }
    });
    MPI_Allreduce(MPI_IN_PLACE, sum.data(), 30, MPI_INT64_T, MPI_SUM,
                  MPI_COMM_WORLD);
    xmprt_reflect_do(p);
    int bad = 0;
    xt::forEachLocal(b.a, 2, [&](int64_t lin, const std::vector<int64_t> &l) {
      int ones, twos;
      std::vector<int64_t> g = states(c, b, l, ones, twos);
      if (ones || twos)
        return;
      int64_t want = 100 + g[0] * 5 + g[1] + sum[g[0] * 5 + g[1]];
      if (et == XMPRT_I8)
        want = (int8_t)want; // wraps
      if (et == XMPRT_I32)
        want = (int32_t)want;
      if (get(lin, 0) != want && bad++ < 3)
        ADD_FAILURE() << "type " << et << " global " << g[0] << "," << g[1]
                      << " got " << get(lin, 0) << " want " << want;
      if (et == XMPRT_C64 && get(lin, 1) != -want && bad++ < 3)
        ADD_FAILURE() << "imaginary part of " << g[0] << "," << g[1];
    });
    EXPECT_EQ(bad, 0) << "element type " << et;
  }
}

// max / min per element type: integers compare signed (owners and copies
// take negative values too), i1 as 0 / 1, f32 in f32; a 2-D periodic
// array, every owner against every copy of it.
TEST(ReduceShadow, MaxMinElementTypes) {
  const int64_t D = XMPRT_DYNAMIC;
  RCase c{"ordtypes",
          {D, D},
          {{XMPRT_DIST_BLOCK, 6}, {XMPRT_DIST_BLOCK, 5}},
          {{6, 0, 0, 1, 1, 1, 1, 1}, {5, 1, 0, 1, 1, 1, 1, 1}}};
  for (int32_t op : {XMPRT_RED_MAX, XMPRT_RED_MIN})
    for (int32_t et : {XMPRT_I1, XMPRT_I8, XMPRT_I16, XMPRT_I32, XMPRT_I64,
                       XMPRT_F32, XMPRT_F64}) {
      Built b;
      build(c, b, et);
      int32_t per[2] = {1, 1};
      xmprt_reflect_plan *p =
          xmprt_reduce_shadow_op_init(b.a, nullptr, nullptr, per, nullptr, 0,
                                      op);
      int64_t es = xmprt_darray_elem_size(b.a);
      auto *raw = (unsigned char *)xmprt_darray_data(b.a);
      // An element's value as an integer k (i1: k & 1).
      auto put = [&](int64_t lin, int64_t k) {
        unsigned char *e = raw + lin * es;
        switch (et) {
        case XMPRT_I1:
          *e = (unsigned char)(k & 1);
          break;
        case XMPRT_I8:
          *(int8_t *)e = (int8_t)k;
          break;
        case XMPRT_I16:
          *(int16_t *)e = (int16_t)k;
          break;
        case XMPRT_I32:
          *(int32_t *)e = (int32_t)k;
          break;
        case XMPRT_I64:
          *(int64_t *)e = k * 1000000007LL; // past 32 bits
          break;
        case XMPRT_F32:
          *(float *)e = (float)k + 0.5f;
          break;
        default:
          *(double *)e = (double)k + 0.25;
        }
      };
      auto get = [&](int64_t lin) -> double {
        unsigned char *e = raw + lin * es;
        switch (et) {
        case XMPRT_I1:
          return *e;
        case XMPRT_I8:
          return *(int8_t *)e;
        case XMPRT_I16:
          return *(int16_t *)e;
        case XMPRT_I32:
          return *(int32_t *)e;
        case XMPRT_I64:
          return (double)(*(int64_t *)e / 1000000007LL);
        case XMPRT_F32:
          return *(float *)e - 0.5;
        default:
          return *(double *)e - 0.25;
        }
      };
      auto norm = [&](int64_t k) { return et == XMPRT_I1 ? (k & 1) : k; };
      bool max = op == XMPRT_RED_MAX;
      std::vector<int64_t> comb(30, max ? INT64_MIN : INT64_MAX),
          own(30, 0);
      xt::forEachLocal(b.a, 2, [&](int64_t lin, const std::vector<int64_t> &l) {
        int ones, twos;
        std::vector<int64_t> g = states(c, b, l, ones, twos);
        int64_t f = g[0] * 5 + g[1];
        if (ones == 0 && twos == 0) {
          own[f] = (f * 29) % 41 - 20; // -20 .. 20
          put(lin, own[f]);
        } else if (twos == 0) {
          int64_t k = (xt::me() * 17 + lin * 7) % 45 - 22; // -22 .. 22
          put(lin, k);
          comb[f] = max ? std::max(comb[f], norm(k)) : std::min(comb[f], norm(k));
        }
      });
      MPI_Allreduce(MPI_IN_PLACE, comb.data(), 30, MPI_INT64_T,
                    max ? MPI_MAX : MPI_MIN, MPI_COMM_WORLD);
      xmprt_reflect_do(p);
      int bad = 0;
      xt::forEachLocal(b.a, 2, [&](int64_t lin, const std::vector<int64_t> &l) {
        int ones, twos;
        std::vector<int64_t> g = states(c, b, l, ones, twos);
        if (ones || twos)
          return;
        int64_t f = g[0] * 5 + g[1], o = norm((f * 29) % 41 - 20);
        int64_t want = max ? std::max(o, comb[f]) : std::min(o, comb[f]);
        if (get(lin) != (double)want && bad++ < 3)
          ADD_FAILURE() << "type " << et << " op " << op << " global "
                        << g[0] << "," << g[1] << " got " << get(lin)
                        << " want " << want;
      });
      EXPECT_EQ(bad, 0) << "element type " << et << " op " << op;
      xmprt_reflect_destroy(p);
    }
}

//--- channel tuning (XMP_CHANNEL_TUNE, runtime/lib/reflect/Tune.cpp) ---------
//
// A plan with AUTO dimensions runs its first reflects alternating the
// rule's build (TCA where the peer maps) and IB, then decides collectively.
// The decision itself is driven by injected times (xmprt_reflect_tune_hook)
// so that it is known in advance; every reflect of the schedule, whichever
// candidate it ran, and every reflect after it are checked element by
// element.

// Every case of the suite, plain and orthogonal, AUTO in every dimension,
// 2 timed reflects per candidate (6 reflects per tuned dimension, at most
// 3 dimensions: 18) and 6 more: every reflect checked, alternating
// xmprt_reflect_do and start/wait. The injected times make IB win in one
// pass and the rule in the other: the decided channels are then IB
// everywhere, or the rule's (those of the same plan made with
// XMP_CHANNEL_TUNE=0).
TEST(ReflectTune, EveryReflectChecked) {
  xt::EnvScope k("XMP_CHANNEL_TUNE", "2");
  int tuned = 0;
  for (bool orthogonal : {false, true})
    for (bool ibWins : {true, false}) {
      xt::Times t = ibWins ? xt::Times{2e-6, 1e-6} : xt::Times{1e-6, 2e-6};
      xt::HookScope hook(&t);
      for (const RCase &c : cases()) {
        std::string what = c.name + (orthogonal ? " orthogonal" : "") +
                           (ibWins ? " (ib wins)" : " (tca wins)");
        Built b;
        build(c, b);
        int32_t r = (int32_t)c.a.size();
        PlanArgs x = planArgs(c, XMPRT_CHANNEL_AUTO);
        auto make = [&] {
          return xmprt_reflect_init(b.a, x.wlo.data(), x.whi.data(),
                                    x.per.data(), x.chs.data(), 0, orthogonal);
        };
        std::vector<int32_t> rule;
        {
          xt::EnvScope off("XMP_CHANNEL_TUNE", "0");
          xmprt_reflect_plan *q = make();
          rule = xt::channelsOf(q, r);
          EXPECT_EQ(xt::tuneStates(q, r), std::vector<int32_t>(r, 0)) << what;
          xmprt_reflect_destroy(q);
        }
        xmprt_reflect_plan *p = make();
        for (int rep = 0; rep < 24; ++rep) {
          fill(c, b);
          runPlan(p, rep);
          EXPECT_EQ(check(c, b, what + " rep=" + std::to_string(rep),
                          orthogonal),
                    0);
        }
        tuned += xt::checkTuned(p, r, rule, ibWins, what);
        xmprt_reflect_destroy(p);
      }
    }
  if (xt::autoIsAuto() && xt::someSubclusterPair())
    EXPECT_GT(tuned, 0);
  else
    EXPECT_EQ(tuned, 0);
}

// reduce_shadow plans (sum and max) tune the same way: every round of the
// schedule adds the right shadows.
TEST(ReflectTune, ReduceShadowEveryRoundChecked) {
  xt::EnvScope k("XMP_CHANNEL_TUNE", "2");
  for (bool ibWins : {true, false}) {
    xt::Times t = ibWins ? xt::Times{2e-6, 1e-6} : xt::Times{1e-6, 2e-6};
    xt::HookScope hook(&t);
    for (const RCase &c : cases())
      for (int32_t op : {XMPRT_RED_SUM, XMPRT_RED_MAX})
        checkReduce(c, XMPRT_CHANNEL_AUTO,
                    c.name + " reduce_shadow tuned op " + std::to_string(op) +
                        (ibWins ? " (ib wins)" : " (tca wins)"),
                    op, 22);
  }
}

// A 1-D block array, shadow 1, not periodic: this rank's channel per side
// by the rule (ChannelExpect), and whether any rank has a TCA side.
struct Line {
  xt::ChannelExpect expect;
  int n = xt::np(), r = xt::me();
  RCase c{"line", {XMPRT_DYNAMIC}, {{XMPRT_DIST_BLOCK, 4 * xt::np()}},
          {{4 * xt::np(), 0, 0, 1, 1, 1, 1, 0}}};
  int32_t rule(int side) const { return expect(XMPRT_CHANNEL_AUTO, r, side); }
  // Collective.
  bool tunable() const {
    int any = rule(0) == XMPRT_CHANNEL_TCA || rule(1) == XMPRT_CHANNEL_TCA;
    MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return any && xt::autoIsAuto();
  }
  // Collective: both ranks of every pair use one channel between them.
  bool pairsAgree(const xmprt_reflect_plan *p) const {
    int32_t mine[2] = {xmprt_reflect_channel(p, 0, 0),
                       xmprt_reflect_channel(p, 0, 1)};
    std::vector<int32_t> all(2 * n);
    MPI_Allgather(mine, 2, MPI_INT32_T, all.data(), 2, MPI_INT32_T,
                  MPI_COMM_WORLD);
    for (int q = 0; q + 1 < n; ++q)
      if (all[2 * q + 1] != all[2 * (q + 1)])
        return false;
    return true;
  }
};

// Injected times per rank (ranks of even and odd number may see different
// ones): the decision is the one the maximum over the ranks of each
// candidate's median gives, on every rank; IB must beat the rule by more
// than 3%. Data checked on every reflect, the state after each, the
// channel of each side (the rule's while tuning), and the agreement of
// both sides of every pair.
TEST(ReflectTune, InjectedTimesDecide) {
  struct Scenario {
    const char *name;
    xt::Times even, odd;
    int32_t want;
  };
  const int32_t IB = XMPRT_CHANNEL_IB, TCA = XMPRT_CHANNEL_TCA;
  std::vector<Scenario> scen = {
      {"ib faster", {2e-6, 1e-6}, {2e-6, 1e-6}, IB},
      {"tca faster", {1e-6, 2e-6}, {1e-6, 2e-6}, TCA},
      {"ib 2% faster: near tie", {100e-6, 98e-6}, {100e-6, 98e-6}, TCA},
      {"ib 5% faster", {100e-6, 95e-6}, {100e-6, 95e-6}, IB},
      // Rank 0 alone would take IB, rank 1 TCA: max(rule) 10 < max(ib) 20.
      {"ranks disagree, tca", {10e-6, 1e-6}, {2e-6, 20e-6}, TCA},
      // The same disagreement, rank 0's rule slower: 30 > 20.
      {"ranks disagree, ib", {30e-6, 1e-6}, {2e-6, 20e-6}, IB},
  };
  if (xt::np() < 2) // the disagreements need two ranks
    scen.resize(4);
  xt::EnvScope k("XMP_CHANNEL_TUNE", "3");
  const int steps = 2 + 2 * 3;
  Line line;
  bool tunable = line.tunable();
  for (const Scenario &sc : scen) {
    const xt::Times &t = line.r % 2 ? sc.odd : sc.even;
    xt::HookScope hook(&t);
    Built b;
    build(line.c, b);
    int32_t chs[1] = {XMPRT_CHANNEL_AUTO};
    xmprt_reflect_plan *p =
        xmprt_reflect_init(b.a, nullptr, nullptr, nullptr, chs, 0, 0);
    for (int rep = 0; rep < steps + 4; ++rep) {
      if (rep < steps)
        for (int s = 0; s < 2; ++s)
          EXPECT_EQ(xmprt_reflect_channel(p, 0, s), line.rule(s))
              << sc.name << " side " << s << " before reflect " << rep;
      fill(line.c, b);
      runPlan(p, rep);
      EXPECT_EQ(check(line.c, b, std::string(sc.name) + " rep " +
                                     std::to_string(rep)),
                0);
      // (The tuner looks for candidates at the second reflect: until then
      // an AUTO dimension counts as tuning.)
      int32_t want = tunable               ? (rep + 1 < steps ? 1 : 2)
                     : xt::autoIsAuto() && rep == 0 ? 1
                                                    : 0;
      EXPECT_EQ(xmprt_reflect_tune_state(p, 0), want)
          << sc.name << " after reflect " << rep;
    }
    EXPECT_EQ(xmprt_reflect_tune_state(p, 0), tunable ? 2 : 0) << sc.name;
    for (int s = 0; s < 2; ++s) {
      int32_t want = line.rule(s);
      if (tunable && sc.want == IB && want != XMPRT_CHANNEL_NONE)
        want = IB;
      EXPECT_EQ(xmprt_reflect_channel(p, 0, s), want)
          << sc.name << " side " << s;
    }
    EXPECT_TRUE(line.pairsAgree(p)) << sc.name;
    xmprt_reflect_destroy(p);
  }
}

// XMP_CHANNEL_TUNE=0: the fixed rule, whatever the times say.
TEST(ReflectTune, OffKeepsTheRule) {
  xt::EnvScope k("XMP_CHANNEL_TUNE", "0");
  xt::Times t{2e-6, 1e-6}; // IB faster
  xt::HookScope hook(&t);
  Line line;
  Built b;
  build(line.c, b);
  xmprt_reflect_plan *p =
      xmprt_reflect_init(b.a, nullptr, nullptr, nullptr, nullptr, 0, 0);
  for (int rep = 0; rep < 20; ++rep) {
    fill(line.c, b);
    runPlan(p, rep);
    EXPECT_EQ(check(line.c, b, "off rep " + std::to_string(rep)), 0);
    EXPECT_EQ(xmprt_reflect_tune_state(p, 0), 0);
  }
  for (int s = 0; s < 2; ++s)
    EXPECT_EQ(xmprt_reflect_channel(p, 0, s), line.rule(s)) << "side " << s;
  xmprt_reflect_destroy(p);
}

// Channels the compiler (or XMP_REFLECT_CHANNEL) fixed are not tuned.
TEST(ReflectTune, ExplicitChannelsNotTuned) {
  xt::EnvScope k("XMP_CHANNEL_TUNE", "2");
  Line line;
  for (int32_t ch : {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA}) {
    // The times favour the other channel.
    xt::Times t = ch == XMPRT_CHANNEL_IB ? xt::Times{1e-6, 2e-6} : xt::Times{2e-6, 1e-6};
    xt::HookScope hook(&t);
    Built b;
    build(line.c, b);
    int32_t chs[1] = {ch};
    xmprt_reflect_plan *p =
        xmprt_reflect_init(b.a, nullptr, nullptr, nullptr, chs, 0, 0);
    for (int rep = 0; rep < 12; ++rep) {
      fill(line.c, b);
      runPlan(p, rep);
      EXPECT_EQ(check(line.c, b, "explicit rep " + std::to_string(rep)), 0);
    }
    EXPECT_EQ(xmprt_reflect_tune_state(p, 0), 0) << ch;
    for (int s = 0; s < 2; ++s)
      EXPECT_EQ(xmprt_reflect_channel(p, 0, s), line.expect(ch, line.r, s))
          << "requested " << ch << " side " << s;
    xmprt_reflect_destroy(p);
  }
}

// A plan on a node subset (grid ranks 1..n-1 of the world): rank 0 is
// outside the grid, calls every reflect (nothing to do) and takes no part
// in the tuning; the members decide among themselves (the decision's
// MPI_Allreduce is over the subset's communicator).
TEST(ReflectTune, SubsetGrid) {
  int n = xt::np(), r = xt::me();
  if (n < 2)
    return;
  xt::EnvScope k("XMP_CHANNEL_TUNE", "2");
  xt::Times t{2e-6, 1e-6}; // IB faster
  xt::HookScope hook(&t);
  xt::ChannelExpect expect;
  int64_t d1[] = {XMPRT_DYNAMIC};
  xmprt_grid *w = xmprt_grid_create(1, d1);
  int64_t tail[] = {1, -1, 1};
  xmprt_grid *g = xmprt_grid_subset(w, 1, tail);
  int64_t m = 3 * (n - 1) + 1, one = 1;
  xmprt_template *tp = xmprt_template_create(1, &m);
  int32_t kind = XMPRT_DIST_BLOCK, al = 0;
  xmprt_template_distribute(tp, g, &kind, nullptr, nullptr);
  xmprt_darray *a =
      xmprt_darray_create(tp, 1, &m, &al, nullptr, &one, &one, XMPRT_F64);
  bool in = xmprt_grid_rank(g) >= 0;
  // A member's side toward another member of its sub-cluster is TCA by
  // the rule (members are world ranks 1..n-1, in order).
  int any = 0;
  if (in)
    for (int peer : {r - 1, r + 1})
      any |= peer >= 1 && peer < n && expect.sub[peer] == expect.sub[r];
  MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  bool tunable = any && xt::autoIsAuto();
  xmprt_reflect_plan *p =
      xmprt_reflect_init(a, nullptr, nullptr, nullptr, nullptr, 0, 0);
  for (int rep = 0; rep < 10; ++rep) {
    int64_t lo = 0, hi = 0;
    double *v = (double *)xmprt_darray_data(a);
    if (in) {
      xmprt_darray_owned(a, 0, &lo, &hi);
      int64_t ext = xmprt_darray_local_extent(a, 0);
      for (int64_t l = 0; l < ext; ++l) {
        int64_t gi = l - 1 + lo;
        v[l] = gi >= lo && gi < hi ? 1000.0 * rep + gi : -1;
      }
    }
    runPlan(p, rep);
    if (!in)
      continue;
    int bad = 0;
    int64_t ext = xmprt_darray_local_extent(a, 0);
    for (int64_t l = 0; l < ext; ++l) {
      int64_t gi = l - 1 + lo;
      if (gi >= 0 && gi < m && hi > lo)
        bad += v[l] != 1000.0 * rep + gi;
    }
    EXPECT_EQ(bad, 0) << "subset rep " << rep;
  }
  EXPECT_EQ(xmprt_reflect_tune_state(p, 0), in && tunable ? 2 : 0);
  if (in && tunable)
    for (int s = 0; s < 2; ++s)
      EXPECT_NE(xmprt_reflect_channel(p, 0, s), XMPRT_CHANNEL_TCA);
  xmprt_reflect_destroy(p);
  xmprt_darray_destroy(a);
  xmprt_template_destroy(tp);
  xmprt_grid_destroy(g);
  xmprt_grid_destroy(w);
}

} // namespace
