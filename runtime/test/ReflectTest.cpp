// Reflect: 1-D/2-D/3-D arrays, every channel, periodic and not, asymmetric
// widths, width < shadow, full shadow, empty pieces, offsets; checked element
// by element against the values a sequential program would hold.
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

int check(const RCase &c, Built &b, const std::string &what) {
  auto *p = (double *)xmprt_darray_data(b.a);
  int32_t r = (int32_t)c.a.size();
  int bad = 0;
  xt::forEachLocal(b.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
    std::vector<int64_t> g(r);
    for (int32_t d = 0; d < r; ++d) {
      int st;
      g[d] = classify(b, c.a[d], d, l[d], st);
      if (st == 2)
        return;
    }
    double want = xt::fval(g);
    if (p[lin] != want && bad++ < 5) {
      std::string li;
      for (int64_t x : l)
        li += std::to_string(x) + ",";
      ADD_FAILURE() << what << " rank " << xt::me() << " local (" << li
                    << ") got " << p[lin] << " want " << want;
    }
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

TEST(Reflect, AllCasesAllChannels) {
  for (const RCase &c : cases()) {
    for (int32_t ch : {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA,
                       XMPRT_CHANNEL_AUTO}) {
      Built b;
      build(c, b);
      int32_t r = (int32_t)c.a.size();
      std::vector<int64_t> wlo, whi;
      std::vector<int32_t> per, chs(r, ch);
      for (const AD &x : c.a) {
        wlo.push_back(x.wlo);
        whi.push_back(x.whi);
        per.push_back(x.periodic);
      }
      std::string what = c.name + " ch=" + std::to_string(ch);
      xmprt_reflect_plan *p = xmprt_reflect_init(b.a, wlo.data(), whi.data(),
                                                 per.data(), chs.data(), 0);
      for (int rep = 0; rep < 2; ++rep) {
        fill(c, b);
        if (rep == 0) {
          xmprt_reflect_do(p);
        } else {
          xmprt_reflect_start(p);
          xmprt_reflect_wait(p);
        }
        EXPECT_EQ(check(c, b, what + " rep=" + std::to_string(rep)), 0);
      }
      if (ch == XMPRT_CHANNEL_IB)
        for (int32_t d = 0; d < r; ++d)
          for (int s = 0; s < 2; ++s)
            EXPECT_NE(xmprt_reflect_channel(p, d, s), XMPRT_CHANNEL_TCA);
      xmprt_reflect_destroy(p);
      // the cached form gives the same plan for the same key
      xmprt_reflect_plan *q1 = xmprt_reflect_cached(
          7, b.a, wlo.data(), whi.data(), per.data(), chs.data(), 0);
      xmprt_reflect_plan *q2 = xmprt_reflect_cached(
          7, b.a, wlo.data(), whi.data(), per.data(), chs.data(), 0);
      EXPECT_EQ(q1, q2);
      fill(c, b);
      xmprt_reflect_do(q2);
      EXPECT_EQ(check(c, b, what + " cached"), 0);
    }
  }
}

TEST(Reflect, WholeShadowDefaults) {
  RCase c{"defaults", {XMPRT_DYNAMIC}, {{XMPRT_DIST_BLOCK, 10}},
          {{10, 0, 0, 2, 1, 2, 1, 0}}};
  Built b;
  build(c, b);
  xmprt_reflect_plan *p =
      xmprt_reflect_init(b.a, nullptr, nullptr, nullptr, nullptr, 0);
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
        xmprt_reflect_init(b.a, nullptr, nullptr, nullptr, chs, 0);
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
        xmprt_reflect_cached(1, b.a, nullptr, nullptr, per, nullptr, 0);
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

} // namespace
