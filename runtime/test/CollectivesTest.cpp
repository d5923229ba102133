// Reductions of every kind, over the grid and over one axis; broadcast from
// every root; all-gather; plain and hybrid give identical results.
#include "TestUtil.h"

#include <complex>
#include <cstring>

namespace {

struct Grid2 {
  xmprt_grid *g;
  Grid2() {
    int64_t s[] = {XMPRT_DYNAMIC, XMPRT_DYNAMIC};
    g = xmprt_grid_create(2, s);
  }
  ~Grid2() { xmprt_grid_destroy(g); }
};

// Members of the communicator of (grid, axis) as world ranks.
std::vector<int> members(xmprt_grid *g, int32_t axis) {
  int n = xt::np(), r = xt::me();
  int64_t b = xmprt_grid_size(g, 1);
  std::vector<int> v;
  for (int q = 0; q < n; ++q) {
    if (axis == 0 && q % b != r % b)
      continue;
    if (axis == 1 && q / b != r / b)
      continue;
    v.push_back(q);
  }
  return v;
}

// I1 (a byte holding 0 or 1, the compiler's i1) gets truth values; its sum
// is i1 addition (xor).
template <typename T> void runIntOps(xmprt_grid *g, int32_t axis, int32_t et) {
  auto mem = members(g, axis);
  int r = xt::me();
  const int K = 3;
  const bool i1 = et == XMPRT_I1;
  for (int32_t op = XMPRT_RED_SUM; op <= XMPRT_RED_BXOR; ++op) {
    if (op == XMPRT_RED_MAXLOC || op == XMPRT_RED_MINLOC)
      continue; // pairs, tested apart
    T buf[K];
    auto val = [&](int q, int k) -> T {
      if (i1)
        return (T)((q * 5 + k * 3) % 7 < 4);
      switch (op) {
      case XMPRT_RED_PROD:
        return (T)((q + k) % 3 == 0 ? 2 : 1);
      case XMPRT_RED_LAND:
      case XMPRT_RED_LOR:
        return (T)((q + k) % 2);
      default:
        return (T)((q * 5 + k * 3) % 11 + 1);
      }
    };
    for (int k = 0; k < K; ++k)
      buf[k] = val(r, k);
    xmprt_reduce(g, axis, op, et, buf, K);
    for (int k = 0; k < K; ++k) {
      T want = val(mem[0], k);
      for (size_t i = 1; i < mem.size(); ++i) {
        T v = val(mem[i], k);
        switch (op) {
        case XMPRT_RED_SUM: want = i1 ? (T)(want ^ v) : (T)(want + v); break;
        case XMPRT_RED_PROD: want = want * v; break;
        case XMPRT_RED_MAX: want = std::max(want, v); break;
        case XMPRT_RED_MIN: want = std::min(want, v); break;
        case XMPRT_RED_LAND: want = want && v; break;
        case XMPRT_RED_LOR: want = want || v; break;
        case XMPRT_RED_BAND: want = want & v; break;
        case XMPRT_RED_BOR: want = want | v; break;
        case XMPRT_RED_BXOR: want = want ^ v; break;
        }
      }
      EXPECT_EQ(buf[k], want) << "op " << op << " type " << et << " axis "
                              << axis << " k " << k;
    }
  }
}

template <typename T> void runFloatOps(xmprt_grid *g, int32_t axis, int32_t et) {
  auto mem = members(g, axis);
  int r = xt::me();
  for (int32_t op = XMPRT_RED_SUM; op <= XMPRT_RED_MIN; ++op) {
    auto val = [&](int q) -> T { return (T)((q * 7) % 5 + 1 + (op == 1 ? 0 : q)); };
    T buf[2] = {val(r), (T)-val(r)};
    xmprt_reduce(g, axis, op, et, buf, 2);
    T w0 = val(mem[0]), w1 = -val(mem[0]);
    for (size_t i = 1; i < mem.size(); ++i) {
      T v = val(mem[i]);
      if (op == 0) { w0 += v; w1 += -v; }
      if (op == 1) { w0 *= v; w1 *= -v; }
      if (op == 2) { w0 = std::max(w0, v); w1 = std::max(w1, -v); }
      if (op == 3) { w0 = std::min(w0, v); w1 = std::min(w1, -v); }
    }
    EXPECT_EQ(buf[0], w0) << "op " << op;
    EXPECT_EQ(buf[1], w1) << "op " << op;
  }
}

template <typename T> struct Loc {
  T v;
  int64_t i;
};

template <typename T> void runLoc(xmprt_grid *g, int32_t axis, int32_t et) {
  auto mem = members(g, axis);
  int r = xt::me();
  static_assert(sizeof(Loc<T>) == 16, "pair layout");
  for (int32_t op : {XMPRT_RED_MAXLOC, XMPRT_RED_MINLOC}) {
    // ties: value (q % 2) repeats, the smallest index must win
    Loc<T> buf[2] = {{(T)(r % 2), 100 + r}, {(T)((r * 3) % 4), r}};
    xmprt_reduce(g, axis, op, et, buf, 2);
    for (int k = 0; k < 2; ++k) {
      T bv = 0;
      int64_t bi = -1;
      for (int q : mem) {
        T v = k == 0 ? (T)(q % 2) : (T)((q * 3) % 4);
        int64_t i = k == 0 ? 100 + q : q;
        bool better = bi < 0 || (op == XMPRT_RED_MAXLOC ? v > bv : v < bv) ||
                      (v == bv && i < bi);
        if (better) {
          bv = v;
          bi = i;
        }
      }
      EXPECT_EQ(buf[k].v, bv);
      EXPECT_EQ(buf[k].i, bi);
    }
  }
}

void allKinds(xmprt_grid *g) {
  for (int32_t axis : {-1, 0, 1}) {
    runIntOps<int8_t>(g, axis, XMPRT_I8);
    runIntOps<int16_t>(g, axis, XMPRT_I16);
    runIntOps<int32_t>(g, axis, XMPRT_I32);
    runIntOps<int64_t>(g, axis, XMPRT_I64);
    runIntOps<uint8_t>(g, axis, XMPRT_I1);
    runFloatOps<float>(g, axis, XMPRT_F32);
    runFloatOps<double>(g, axis, XMPRT_F64);
    runLoc<int32_t>(g, axis, XMPRT_I32);
    runLoc<double>(g, axis, XMPRT_F64);
    runLoc<float>(g, axis, XMPRT_F32);
    runLoc<int8_t>(g, axis, XMPRT_I8);
    std::complex<double> z[1] = {{(double)xt::me(), 1.0}};
    xmprt_reduce(g, axis, XMPRT_RED_SUM, XMPRT_C64, z, 1);
    auto mem = members(g, axis);
    double re = 0;
    for (int q : mem)
      re += q;
    EXPECT_EQ(z[0].real(), re);
    EXPECT_EQ(z[0].imag(), (double)mem.size());
    std::complex<float> zf[1] = {{1.0f, 0.0f}};
    xmprt_reduce(g, axis, XMPRT_RED_PROD, XMPRT_C32, zf, 1);
    EXPECT_EQ(zf[0].real(), 1.0f);
  }
}

// Location reductions: the max/min and the locations of the first (lowest
// communicator rank) or last holder; several locations of mixed types.
template <typename T>
void runReduceLoc(xmprt_grid *g, int32_t et, int pattern) {
  int r = xt::me();
  auto value = [&](int q) {
    return pattern == 0 ? (T)(q % 2) : (T)((q * 3) % 4) - (T)1;
  };
  for (int32_t op : {XMPRT_RED_FIRSTMAX, XMPRT_RED_FIRSTMIN,
                     XMPRT_RED_LASTMAX, XMPRT_RED_LASTMIN}) {
    bool isMax = op == XMPRT_RED_FIRSTMAX || op == XMPRT_RED_LASTMAX;
    bool first = op == XMPRT_RED_FIRSTMAX || op == XMPRT_RED_FIRSTMIN;
    // axis -1, 0, 1, and axes {0, 1} as the compiler lowers them (the
    // last axis first): the same answer as the whole grid.
    for (int32_t axis : {-1, 0, 1, 2}) {
      std::vector<int> mem = members(g, axis == 2 ? -1 : axis);
      T v = value(r);
      int64_t l64 = 100 + r;
      float lf = 0.5f * r;
      uint8_t lb = (uint8_t)(r % 2);
      int16_t l16 = (int16_t)(-r);
      int32_t types[4] = {XMPRT_I64, XMPRT_F32, XMPRT_I1, XMPRT_I16};
      void *locs[4] = {&l64, &lf, &lb, &l16};
      if (axis == 2) {
        xmprt_reduce_loc(g, 1, op, et, &v, 4, types, locs);
        xmprt_reduce_loc(g, 0, op, et, &v, 4, types, locs);
      } else {
        xmprt_reduce_loc(g, axis, op, et, &v, 4, types, locs);
      }
      T best = value(mem[0]);
      int w = mem[0];
      for (int q : mem) {
        T x = value(q);
        if ((isMax ? x > best : x < best) || (x == best && !first)) {
          best = x;
          w = q;
        }
      }
      EXPECT_EQ(v, best) << "op " << op << " axis " << axis;
      EXPECT_EQ(l64, 100 + w) << "op " << op << " axis " << axis;
      EXPECT_EQ(lf, 0.5f * w);
      EXPECT_EQ(lb, (uint8_t)(w % 2));
      EXPECT_EQ(l16, (int16_t)(-w));
    }
  }
}

TEST(Collectives, LocationReductions) {
  Grid2 G;
  for (int pattern : {0, 1}) {
    runReduceLoc<double>(G.g, XMPRT_F64, pattern);
    runReduceLoc<float>(G.g, XMPRT_F32, pattern);
    runReduceLoc<int32_t>(G.g, XMPRT_I32, pattern);
    runReduceLoc<int64_t>(G.g, XMPRT_I64, pattern);
    runReduceLoc<int8_t>(G.g, XMPRT_I8, pattern);
  }
  // No locations: the value alone.
  double x = xt::me();
  xmprt_reduce_loc(G.g, -1, XMPRT_RED_LASTMAX, XMPRT_F64, &x, 0, nullptr,
                   nullptr);
  EXPECT_EQ(x, xt::np() - 1);
}

TEST(Collectives, AllReductionKindsPlain) {
  Grid2 G;
  xmprt_set_collectives(XMPRT_COLL_PLAIN);
  allKinds(G.g);
}

TEST(Collectives, AllReductionKindsHybrid) {
  Grid2 G;
  xmprt_set_collectives(XMPRT_COLL_HYBRID);
  allKinds(G.g);
  xmprt_set_collectives(XMPRT_COLL_PLAIN);
}

// Hybrid and plain give bit-identical results (integer-valued doubles, ints)
// also for large buffers that need several scratch chunks.
TEST(Collectives, HybridEqualsPlain) {
  Grid2 G;
  int r = xt::me(), n = xt::np();
  const int64_t N = 150000; // 1.2 MB of doubles: two scratch chunks
  std::vector<double> a(N), b(N);
  std::vector<int64_t> ia(N), ib(N);
  for (int64_t i = 0; i < N; ++i) {
    a[i] = b[i] = (double)((i * 31 + r * 17) % 1000);
    ia[i] = ib[i] = (i * 131 + r * 7919) % 100003;
  }
  xmprt_set_collectives(XMPRT_COLL_PLAIN);
  xmprt_reduce(G.g, -1, XMPRT_RED_SUM, XMPRT_F64, a.data(), N);
  xmprt_reduce(G.g, -1, XMPRT_RED_BOR, XMPRT_I64, ia.data(), N);
  xmprt_set_collectives(XMPRT_COLL_HYBRID);
  xmprt_reduce(G.g, -1, XMPRT_RED_SUM, XMPRT_F64, b.data(), N);
  xmprt_reduce(G.g, -1, XMPRT_RED_BOR, XMPRT_I64, ib.data(), N);
  EXPECT_EQ(memcmp(a.data(), b.data(), N * sizeof(double)), 0);
  EXPECT_EQ(ia, ib);
  // broadcast from every root coordinate, small and chunked sizes
  for (int64_t bytes : {(int64_t)1, (int64_t)1000, (int64_t)(3 << 20) / 2}) {
    for (int root = 0; root < n; ++root) {
      int64_t rc[2] = {root / xmprt_grid_size(G.g, 1),
                       root % xmprt_grid_size(G.g, 1)};
      std::vector<unsigned char> p(bytes), h(bytes);
      for (int64_t i = 0; i < bytes; ++i)
        p[i] = h[i] = (unsigned char)(r == root ? (i * 7 + root) : 0xAB);
      xmprt_set_collectives(XMPRT_COLL_PLAIN);
      xmprt_bcast(G.g, rc, p.data(), bytes);
      xmprt_set_collectives(XMPRT_COLL_HYBRID);
      xmprt_bcast(G.g, rc, h.data(), bytes);
      int bad = 0;
      for (int64_t i = 0; i < bytes; ++i)
        bad += p[i] != (unsigned char)(i * 7 + root) || h[i] != p[i];
      EXPECT_EQ(bad, 0) << "root " << root << " bytes " << bytes;
    }
  }
  // all-gather over the grid and each axis
  for (int32_t axis : {-1, 0, 1}) {
    auto mem = members(G.g, axis);
    int64_t per = 24;
    std::vector<unsigned char> s(per), p(per * mem.size()), h(per * mem.size());
    for (int64_t i = 0; i < per; ++i)
      s[i] = (unsigned char)(r * 11 + i);
    xmprt_set_collectives(XMPRT_COLL_PLAIN);
    xmprt_allgather(G.g, axis, s.data(), per, p.data());
    xmprt_set_collectives(XMPRT_COLL_HYBRID);
    xmprt_allgather(G.g, axis, s.data(), per, h.data());
    for (size_t q = 0; q < mem.size(); ++q)
      for (int64_t i = 0; i < per; ++i)
        EXPECT_EQ(p[q * per + i], (unsigned char)(mem[q] * 11 + i));
    EXPECT_EQ(p, h) << "axis " << axis;
  }
  xmprt_set_collectives(XMPRT_COLL_PLAIN);
  xmprt_barrier(G.g);
}

// Broadcasts and barriers along one grid axis (XMP's `bcast ... on
// p(:, *)`): each rank gets the bytes of the rank at the root coordinate on
// that axis and its own coordinates on the other, blocking (plain and
// hybrid), started (in place and a scalar's value); every root.
TEST(Collectives, AlongAxis) {
  Grid2 G;
  int r = xt::me();
  int64_t b = xmprt_grid_size(G.g, 1);
  for (int32_t axis : {0, 1}) {
    for (int64_t root = 0; root < xmprt_grid_size(G.g, axis); ++root) {
      int src = axis == 0 ? (int)(root * b + r % b) : (int)(r / b * b + root);
      for (int32_t mode : {XMPRT_COLL_PLAIN, XMPRT_COLL_HYBRID}) {
        xmprt_set_collectives(mode);
        std::vector<int64_t> v(5);
        for (int64_t i = 0; i < 5; ++i)
          v[i] = r * 100 + i;
        xmprt_bcast_axis(G.g, axis, root, v.data(), sizeof(int64_t) * 5);
        for (int64_t i = 0; i < 5; ++i)
          EXPECT_EQ(v[i], src * 100 + i)
              << "axis " << axis << " root " << root << " mode " << mode;
        for (int64_t i = 0; i < 5; ++i)
          v[i] = r * 100 + i;
        xmprt_request *q = xmprt_bcast_axis_start(G.g, axis, root, v.data(),
                                                  sizeof(int64_t) * 5);
        xmprt_wait(q);
        for (int64_t i = 0; i < 5; ++i)
          EXPECT_EQ(v[i], src * 100 + i) << "started, axis " << axis;
        double x = r + 0.5, y = -1;
        q = xmprt_bcast_axis_value_start(G.g, axis, root, &x, XMPRT_F64);
        xmprt_wait_value(q, XMPRT_F64, &y);
        EXPECT_EQ(y, src + 0.5) << "value, axis " << axis;
        xmprt_barrier_axis(G.g, axis);
      }
    }
  }
  xmprt_set_collectives(XMPRT_COLL_PLAIN);
}

// xmprt_test (XMP's xmp_test_async) of the asynchronous collectives: 0 on
// rank 0 while rank 1 has not started the operation, 1 once polling sees it
// complete (and after), and the wait then gives the blocking form's values:
// in-place sums (f64; i1, whose low bits the wait still fixes after a test
// found the communication complete), a scalar's reduction and broadcast
// (the value handed out by the wait), broadcasts from rank 1. NULL
// requests are complete; the hybrid mode completes at the start.
// XMP's async ids: requests handed to an id (in place, a scalar's value
// with where it goes, NULL) are completed by one xmprt_async_wait in
// registration order (two values into one place: the later one stays);
// xmprt_async_test is 1 once all are complete and for an id with none; a
// wait of an empty or already completed id returns.
TEST(Collectives, AsyncIds) {
  int64_t s[] = {XMPRT_DYNAMIC};
  xmprt_grid *g = xmprt_grid_create(1, s);
  int r = xt::me(), n = xt::np();
  double a[2] = {1.0 * r, 2.0}, x = r + 1, y = 10.0 * r, v = -1;
  int64_t root[1] = {n - 1};
  xmprt_async_register(
      9, xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, a, 2), -1, nullptr);
  xmprt_async_register(
      9, xmprt_reduce_value_start(g, -1, XMPRT_RED_MAX, XMPRT_F64, &x),
      XMPRT_F64, &v);
  xmprt_async_register(
      9, xmprt_bcast_value_start(g, root, &y, XMPRT_F64), XMPRT_F64, &v);
  xmprt_async_register(9, nullptr, -1, nullptr);
  EXPECT_EQ(v, -1); // nothing stored before the wait
  while (!xmprt_async_test(9)) {
  }
  EXPECT_EQ(xmprt_async_test(9), 1);
  EXPECT_EQ(xmprt_async_test(8), 1); // an id with nothing
  xmprt_async_wait(9);
  EXPECT_EQ(a[0], n * (n - 1) / 2.0);
  EXPECT_EQ(a[1], 2.0 * n);
  EXPECT_EQ(v, 10.0 * (n - 1)); // the broadcast, registered last
  xmprt_async_wait(9);          // completed: nothing left
  xmprt_async_wait(8);
  // A scalar alone: its value at the wait.
  x = 3 * r;
  xmprt_async_register(
      1, xmprt_reduce_value_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &x),
      XMPRT_F64, &v);
  xmprt_async_wait(1);
  EXPECT_EQ(v, 3.0 * n * (n - 1) / 2);
  xmprt_grid_destroy(g);
}

TEST(Collectives, AsyncTest) {
  int64_t s[] = {XMPRT_DYNAMIC};
  xmprt_grid *g = xmprt_grid_create(1, s);
  int32_t mode = xmprt_get_collectives(); // XMP_COLLECTIVES's, restored
  xmprt_set_collectives(XMPRT_COLL_PLAIN);
  int r = xt::me(), n = xt::np(), late = n > 1 ? 1 : 0;
  // Whatever a grid's first collective makes, made by every rank together.
  double w = 1;
  xmprt_wait(xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &w, 1));
  EXPECT_EQ(w, n);
  for (int rep = 0; rep < 2; ++rep) {
    double a[3] = {r + 0.5, 10.0 * r, (double)rep};
    xmprt_request *q = xt::startLate(
        late,
        [&] { return xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, a, 3); },
        "reduce_start f64");
    xt::pollUntilDone(q);
    xmprt_wait(q);
    EXPECT_EQ(a[0], n * (n - 1) / 2.0 + 0.5 * n);
    EXPECT_EQ(a[1], 10.0 * n * (n - 1) / 2);
    EXPECT_EQ(a[2], (double)rep * n);
    // i1 sums: the parity of the ranks holding true (n / 2 odd ranks)
    uint8_t b[2] = {(uint8_t)(r % 2), 1};
    q = xt::startLate(
        late,
        [&] { return xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_I1, b, 2); },
        "reduce_start i1");
    xt::pollUntilDone(q);
    xmprt_wait(q);
    EXPECT_EQ(b[0], (n / 2) % 2);
    EXPECT_EQ(b[1], n % 2);
    // scalars: the request holds the value, the wait hands out the result
    int64_t x = 7 * r + rep;
    q = xt::startLate(
        late,
        [&] {
          return xmprt_reduce_value_start(g, -1, XMPRT_RED_MAX, XMPRT_I64, &x);
        },
        "reduce_value_start i64");
    x = -1;
    xt::pollUntilDone(q);
    int64_t mx = 0;
    xmprt_wait_value(q, XMPRT_I64, &mx);
    EXPECT_EQ(mx, 7 * (n - 1) + rep);
    uint8_t t = 1, par = 9;
    q = xt::startLate(
        late,
        [&] {
          return xmprt_reduce_value_start(g, -1, XMPRT_RED_SUM, XMPRT_I1, &t);
        },
        "reduce_value_start i1");
    xt::pollUntilDone(q);
    xmprt_wait_value(q, XMPRT_I1, &par);
    EXPECT_EQ(par, n % 2);
    // broadcasts from rank `late`: rank 0 needs its data
    int64_t root[1] = {late};
    int32_t m[4];
    for (int k = 0; k < 4; ++k)
      m[k] = 100 * r + k + rep;
    q = xt::startLate(
        late, [&] { return xmprt_bcast_start(g, root, m, sizeof m); },
        "bcast_start");
    xt::pollUntilDone(q);
    xmprt_wait(q);
    for (int k = 0; k < 4; ++k)
      EXPECT_EQ(m[k], 100 * late + k + rep) << k;
    double y = 0.25 * r + rep, got = -1;
    q = xt::startLate(
        late, [&] { return xmprt_bcast_value_start(g, root, &y, XMPRT_F64); },
        "bcast_value_start");
    xt::pollUntilDone(q);
    xmprt_wait_value(q, XMPRT_F64, &got);
    EXPECT_EQ(got, 0.25 * late + rep);
  }
  // Nothing to wait for (no element): NULL, complete.
  EXPECT_EQ(xmprt_test(nullptr), 1);
  xmprt_request *z = xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &w, 0);
  EXPECT_EQ(z, nullptr);
  EXPECT_EQ(xmprt_test(z), 1);
  xmprt_wait(z);
  // The hybrid mode completes at the start: the first test says 1.
  xmprt_set_collectives(XMPRT_COLL_HYBRID);
  double h = 1, hs = 0;
  xmprt_request *hq =
      xmprt_reduce_value_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &h);
  EXPECT_EQ(xmprt_test(hq), 1);
  xmprt_wait_value(hq, XMPRT_F64, &hs);
  EXPECT_EQ(hs, n);
  xmprt_set_collectives(mode);
  xmprt_grid_destroy(g);
}

} // namespace
