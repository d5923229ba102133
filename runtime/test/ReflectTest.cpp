// Reflect: 1-D/2-D/3-D arrays, every channel, periodic and not, asymmetric
// widths, width < shadow, full shadow, empty pieces, offsets; checked element
// by element against the values a sequential program would hold. The same
// cases for orthogonal reflects (faces only: corners keep their values) and
// reduce_shadow (owners += every shadow copy, shadows unchanged).
#include "TestUtil.h"
#include "xmprt/codegen.h"
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

// Runs a plan: round 0 with xmprt_reflect_do, later ones split.
void runPlan(xmprt_reflect_plan *p, int round) {
  if (round == 0) {
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
                 int32_t op = XMPRT_RED_SUM) {
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
  for (int round = 0; round < 2; ++round) {
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

} // namespace
