// GPU tests of libxmprt (CUDA build): the mgpu* entry points, device
// instances and their validity, device reflect on every channel, gmove_acc
// (through the host, and on the device inside replicate regions),
// collectives on device buffers (staged and through NCCL), split loops (GPU timer, host_acquire,
// split_commit: exact bytes and data). Every test skips itself without a
// GPU, except the no-GPU fallbacks, which run only without one.
// Device memory is only touched through the runtime (mgpu*), so this file
// needs no CUDA headers. Correct for any number of ranks (several ranks may
// share one GPU).
#include "TestUtil.h"
#include "xmprt/codegen.h"
#include "xmprt/mgpu.h"
#include "xmprt/testing.h"

#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <thread>
#include <tuple>
#include <unistd.h>

namespace {

#define NEED_GPU()                                                             \
  do {                                                                         \
    if (!xmprt_has_gpu())                                                      \
      GTEST_SKIP() << "no GPU";                                                \
  } while (0)

const int64_t D = XMPRT_DYNAMIC;
const int32_t B = XMPRT_DIST_BLOCK, N = XMPRT_DIST_NONE;
const int64_t F = XMPRT_FULL_SHADOW;

void *stream() { return xmprt_gpu_stream(); }
void d2h(void *h, const void *d, int64_t bytes) {
  mgpuMemcpy(h, const_cast<void *>(d), (uint64_t)bytes, stream());
  mgpuStreamSynchronize(stream());
}
void h2d(void *d, const void *h, int64_t bytes) {
  mgpuMemcpy(d, const_cast<void *>(h), (uint64_t)bytes, stream());
  mgpuStreamSynchronize(stream());
}

TEST(Gpu, DeviceSelection) {
  NEED_GPU();
  EXPECT_GE(xmprt_device_id(), 0);
  EXPECT_EQ(mgpuStreamCreate(), xmprt_gpu_stream());
}

TEST(Gpu, MgpuMemoryRoundTrip) {
  NEED_GPU();
  void *s = mgpuStreamCreate();
  const int64_t n = 1000 + 17 * xt::me();
  std::vector<double> h(n), back(n, 0.0);
  for (int64_t i = 0; i < n; ++i)
    h[i] = 3.5 * i + 1000 * xt::me() + 1;
  auto *d = (double *)mgpuMemAlloc(n * sizeof(double), s, false);
  ASSERT_NE(d, nullptr);
  mgpuMemcpy(d, h.data(), n * sizeof(double), s);
  mgpuStreamDestroy(s); // the persistent stream: a no-op
  mgpuMemcpy(back.data(), d, n * sizeof(double), s);
  mgpuStreamSynchronize(s);
  EXPECT_EQ(h, back);
  // memset32 with a non-byte pattern, memset16, device-to-device copy
  auto *w = (uint32_t *)mgpuMemAlloc(64 * 4, s, false);
  mgpuMemset32(w, 0xDEADBEEFu, 64, s);
  mgpuMemset32(w + 10, 0x07070707u, 5, s);
  mgpuMemset16(w + 20, 0x1234, 6, s); // w[20..22]
  std::vector<uint32_t> wb(64);
  mgpuMemcpy(wb.data(), w, 64 * 4, s);
  mgpuStreamSynchronize(s);
  for (int i = 0; i < 64; ++i) {
    uint32_t want = 0xDEADBEEFu;
    if (i >= 10 && i < 15)
      want = 0x07070707u;
    if (i >= 20 && i < 23)
      want = 0x12341234u;
    EXPECT_EQ(wb[i], want) << "word " << i;
  }
  // events order a copy on the stream
  void *ev = mgpuEventCreate();
  mgpuMemcpy(d, d + n / 2, (n / 2) * sizeof(double), s);
  mgpuEventRecord(ev, s);
  mgpuStreamWaitEvent(s, ev);
  mgpuEventSynchronize(ev);
  mgpuEventDestroy(ev);
  mgpuMemcpy(back.data(), d, n * sizeof(double), s);
  mgpuStreamSynchronize(s);
  for (int64_t i = 0; i < n / 2; ++i)
    ASSERT_EQ(back[i], h[n / 2 + i]);
  mgpuMemFree(w, s);
  mgpuMemFree(d, s);
  EXPECT_EQ(mgpuMemAlloc(0, s, false), nullptr);
  mgpuStreamSynchronize(s);
}

std::string fatbinPath() {
  if (const char *e = getenv("XMPRT_GPU_TEST_FATBIN"))
    return e;
  char exe[4096];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len > 0) {
    exe[len] = 0;
    std::string dir(exe);
    dir = dir.substr(0, dir.rfind('/'));
    std::string p = dir + "/xmprt_gpu_test_kernels.fatbin";
    if (std::ifstream(p).good())
      return p;
  }
  return XMPRT_GPU_TEST_FATBIN;
}

TEST(Gpu, ModuleLoadAndLaunch) {
  NEED_GPU();
#ifdef XMPRT_GPU_MOCK
  GTEST_SKIP() << "the mocked CUDA runtime cannot run kernel modules";
#endif
  std::string path = fatbinPath();
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in.good()) << "cannot open " << path;
  std::vector<char> blob((std::istreambuf_iterator<char>(in)),
                         std::istreambuf_iterator<char>());
  void *mod = mgpuModuleLoad(blob.data(), blob.size());
  ASSERT_NE(mod, nullptr);
  void *fn = mgpuModuleGetFunction(mod, "xmprt_test_axpy");
  ASSERT_NE(fn, nullptr);
  void *s = mgpuStreamCreate();
  int n = 1000;
  double a = 2.0;
  std::vector<double> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = i + 0.5;
    y[i] = 1000.0 - i;
  }
  auto *dx = (double *)mgpuMemAlloc(n * 8, s, false);
  auto *dy = (double *)mgpuMemAlloc(n * 8, s, false);
  mgpuMemcpy(dx, x.data(), n * 8, s);
  mgpuMemcpy(dy, y.data(), n * 8, s);
  void *params[] = {&n, &a, &dx, &dy};
  mgpuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, s, params, nullptr,
                   4);
  // an empty grid (a rank owning nothing) is a no-op
  mgpuLaunchKernel(fn, 0, 1, 1, 128, 1, 1, 0, s, params, nullptr, 4);
  mgpuMemcpy(out.data(), dy, n * 8, s);
  mgpuStreamSynchronize(s);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], a * x[i] + y[i]) << "element " << i;
  mgpuMemFree(dx, s);
  mgpuMemFree(dy, s);
  mgpuStreamSynchronize(s);
  mgpuModuleUnload(mod);
}

//--- arrays ------------------------------------------------------------------

struct DimSpec {
  int64_t m;
  int32_t kind;     // template dim kind: B (distributed) or N
  int64_t slo, shi; // F in both: full shadow
  int64_t wlo, whi;
  int32_t periodic;
};
struct Case {
  std::string name;
  std::vector<int64_t> grid;
  std::vector<DimSpec> dims;
};

struct Arr {
  xmprt_grid *g = nullptr;
  xmprt_template *t = nullptr;
  xmprt_darray *a = nullptr;
  std::vector<DimSpec> dims;
  std::vector<int64_t> P, c; // procs and my coordinate per dim
  int32_t et = XMPRT_F64;
  int64_t es = 8;
  ~Arr() {
    xmprt_darray_destroy(a);
    xmprt_template_destroy(t);
    xmprt_grid_destroy(g);
  }
};

void make(Arr &A, const Case &c, int32_t et) {
  A.g = xmprt_grid_create((int32_t)c.grid.size(), c.grid.data());
  int32_t r = (int32_t)c.dims.size();
  std::vector<int64_t> sizes, slo, shi, off(r, 0);
  std::vector<int32_t> kinds, al;
  for (int32_t d = 0; d < r; ++d) {
    sizes.push_back(c.dims[d].m);
    kinds.push_back(c.dims[d].kind);
    al.push_back(d);
    slo.push_back(c.dims[d].slo);
    shi.push_back(c.dims[d].shi);
  }
  A.t = xmprt_template_create(r, sizes.data());
  xmprt_template_distribute(A.t, A.g, kinds.data(), nullptr, nullptr);
  A.a = xmprt_darray_create(A.t, r, sizes.data(), al.data(), off.data(),
                            slo.data(), shi.data(), et);
  A.dims = c.dims;
  A.et = et;
  A.es = xmprt_darray_elem_size(A.a);
  for (int32_t d = 0; d < r; ++d) {
    int32_t ax = xmprt_template_axis(A.t, d);
    A.P.push_back(ax >= 0 ? xmprt_grid_size(A.g, ax) : 1);
    A.c.push_back(ax >= 0 ? xmprt_grid_coord(A.g, ax) : 0);
  }
}

enum State { kOwned, kHalo, kOther };

// Global index at local index l of dim d, and whether a reflect with the
// case's widths fills it (halo), owns it, or leaves it alone.
int64_t classify(const Arr &A, int32_t d, int64_t l, State &st) {
  const DimSpec &s = A.dims[d];
  if (s.slo == F) {
    int64_t b = (s.m + A.P[d] - 1) / A.P[d];
    st = l / b == A.c[d] ? kOwned : kHalo;
    return l;
  }
  int64_t lo, hi;
  xmprt_darray_owned(A.a, d, &lo, &hi);
  int64_t cnt = hi - lo, g = l - s.slo + lo;
  st = kOther;
  if (cnt <= 0)
    return g;
  if (l >= s.slo && l < s.slo + cnt) {
    st = kOwned;
    return g;
  }
  bool inHalo = (l >= s.slo - s.wlo && l < s.slo) ||
                (l >= s.slo + cnt && l < s.slo + cnt + s.whi);
  if (!inHalo)
    return g;
  if (g >= 0 && g < s.m) {
    st = kHalo;
    return g;
  }
  if (s.periodic) {
    st = kHalo;
    return ((g % s.m) + s.m) % s.m;
  }
  return g;
}

// Global index of local element l; counts its dimensions in the halo and
// those neither owned nor in the halo (classify's kOther); `flat` gets its
// row-major index in the whole array.
std::vector<int64_t> globalOf(const Arr &A, const std::vector<int64_t> &l,
                              int &halos, int &others,
                              int64_t *flat = nullptr) {
  int32_t r = (int32_t)A.dims.size();
  std::vector<int64_t> g(r);
  halos = others = 0;
  int64_t f = 0;
  for (int32_t d = 0; d < r; ++d) {
    State st;
    g[d] = classify(A, d, l[d], st);
    halos += st == kHalo;
    others += st == kOther;
    f = f * A.dims[d].m + g[d];
  }
  if (flat)
    *flat = f;
  return g;
}

// Value bytes of element g (rep distinguishes rounds), or the sentinel.
void value(const Arr &A, const std::vector<int64_t> &g, int rep, bool valid,
           unsigned char *out) {
  if (A.et == XMPRT_F64) {
    double v = valid ? xt::fval(g) + 0.25 * rep : -1.0;
    memcpy(out, &v, 8);
  } else if (A.et == XMPRT_F32) {
    float v = valid ? (float)(xt::fval(g) + rep) : -1.0f;
    memcpy(out, &v, 4);
  } else { // I8
    int64_t h = 1 + rep * 5;
    for (int64_t x : g)
      h = h * 31 + x;
    signed char v = valid ? (signed char)(1 + ((h % 100) + 100) % 100) : -18;
    memcpy(out, &v, 1);
  }
}

int32_t rankOf(const Arr &A) { return (int32_t)A.dims.size(); }

// Host block: owned elements get their value, everything else the sentinel.
void fillHost(Arr &A, int rep) {
  auto *p = (unsigned char *)xmprt_darray_data(A.a);
  int32_t r = rankOf(A);
  xt::forEachLocal(A.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
    std::vector<int64_t> g(r);
    bool own = true;
    for (int32_t d = 0; d < r; ++d) {
      State st;
      g[d] = classify(A, d, l[d], st);
      own = own && st == kOwned;
    }
    value(A, g, rep, own, p + lin * A.es);
  });
}

int64_t localBytes(const Arr &A) {
  int64_t n = A.es;
  for (int32_t d = 0; d < rankOf(A); ++d)
    n *= xmprt_darray_local_extent(A.a, d);
  return n;
}

// Checks a block image: after a reflect every owned or filled-halo element
// holds its value, every other one still the sentinel.
// With maxHalo = 1 (orthogonal reflects) an element in the halo of more
// than one dimension (a corner) keeps the sentinel too.
int checkImage(const Arr &A, const unsigned char *p, int rep, bool reflected,
               const std::string &what, int maxHalo = 64) {
  int32_t r = rankOf(A);
  int bad = 0;
  std::vector<unsigned char> want(A.es);
  xt::forEachLocal(A.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
    int halos, others;
    std::vector<int64_t> g = globalOf(A, l, halos, others);
    bool valid = others == 0 && (halos == 0 || reflected) && halos <= maxHalo;
    value(A, g, rep, valid, want.data());
    if (memcmp(p + lin * A.es, want.data(), A.es) != 0 && bad++ < 5) {
      std::string li;
      for (int64_t x : l)
        li += std::to_string(x) + ",";
      ADD_FAILURE() << what << ": rank " << xt::me() << " local (" << li
                    << ") holds a wrong value (expected "
                    << (valid ? "its value" : "the sentinel") << ")";
    }
  });
  return bad;
}

// The device instance's block, read without making it current.
std::vector<unsigned char> deviceImage(const Arr &A) {
  void *dev = xmprt_darray_device_acquire(A.a, 0); // no copy
  std::vector<unsigned char> img(localBytes(A));
  d2h(img.data(), dev, (int64_t)img.size());
  return img;
}

int checkDevice(const Arr &A, int rep, const std::string &what,
                int maxHalo = 64) {
  if (xmprt_grid_rank(A.g) < 0)
    return 0;
  return checkImage(A, deviceImage(A).data(), rep, true, what + " (device)",
                    maxHalo);
}

std::vector<Case> reflectCases() {
  return {
      {"2d_rows", {D}, {{11, B, 1, 1, 1, 1, 0}, {6, N, 1, 1, 1, 1, 1}}},
      {"2d_cols_asym_periodic",
       {D},
       {{5, N, 1, 1, 1, 1, 0}, {13, B, 2, 1, 2, 1, 1}}},
      {"2d_grid", {D, D}, {{9, B, 1, 1, 1, 1, 1}, {7, B, 2, 1, 2, 1, 0}}},
      {"2d_grid_width_lt_shadow",
       {D, D},
       {{9, B, 2, 2, 1, 2, 0}, {8, B, 1, 1, 1, 1, 1}}},
      {"2d_empty_pieces", {D}, {{3, B, 1, 1, 1, 1, 1}, {4, N, 1, 1, 1, 1, 0}}},
      {"2d_full_shadow", {D}, {{7, B, F, F, 0, 0, 0}, {3, N, 1, 1, 1, 1, 1}}},
      {"3d_dim0",
       {D},
       {{10, B, 2, 1, 2, 1, 1}, {4, N, 1, 1, 1, 1, 0}, {5, N, 1, 1, 1, 1, 1}}},
      {"3d_dim1",
       {D},
       {{4, N, 1, 1, 1, 1, 1}, {10, B, 1, 1, 1, 1, 0}, {5, N, 1, 1, 1, 1, 1}}},
      {"3d_dim2",
       {D},
       {{4, N, 1, 1, 1, 1, 0}, {3, N, 0, 0, 0, 0, 0}, {11, B, 2, 1, 2, 1, 1}}},
      {"3d_grid",
       {D, D, D},
       {{5, B, 1, 1, 1, 1, 1}, {4, B, 1, 1, 1, 1, 0}, {6, B, 1, 2, 1, 2, 1}}},
  };
}

void planArgs(const Case &c, int32_t ch, std::vector<int64_t> &wlo,
              std::vector<int64_t> &whi, std::vector<int32_t> &per,
              std::vector<int32_t> &chs) {
  for (const DimSpec &s : c.dims) {
    wlo.push_back(s.slo == F ? 0 : s.wlo);
    whi.push_back(s.slo == F ? 0 : s.whi);
    per.push_back(s.periodic);
    chs.push_back(ch);
  }
}

void reflectOneCase(const Case &c, int32_t et, int32_t ch, int64_t site) {
  std::string what = c.name + " et=" + std::to_string(et) +
                     " ch=" + std::to_string(ch);
  std::vector<int64_t> wlo, whi;
  std::vector<int32_t> per, chs;
  planArgs(c, ch, wlo, whi, per, chs);
  {
    Arr A;
    make(A, c, et);
    // The compiler creates the plan right after the array: no instance yet.
    xmprt_reflect_plan *p = xmprt_reflect_cached(
        site, A.a, wlo.data(), whi.data(), per.data(), chs.data(), 1, 0);
    // (a) automatic model: the reflect copies the host block in first.
    fillHost(A, 0);
    xmprt_darray_host_modified(A.a);
    int64_t out0 = xmprt_darray_copied_bytes(1);
    xmprt_reflect_do(p);
    EXPECT_EQ(checkDevice(A, 0, what + " auto"), 0);
    // outside replicate regions the host instance is the reference: the
    // halos the device reflect filled come back to it (only those boxes,
    // never more than the block)
    EXPECT_EQ(checkImage(A, (const unsigned char *)xmprt_darray_data(A.a), 0,
                         true, what + " auto host"),
              0);
    EXPECT_LE(xmprt_darray_copied_bytes(1) - out0, localBytes(A)) << what;
    // both instances agree: a read acquire copies nothing in
    if (xmprt_grid_rank(A.g) >= 0) {
      int64_t in0 = xmprt_darray_copied_bytes(0);
      xmprt_darray_device_acquire(A.a, XMPRT_ACCESS_READ);
      EXPECT_EQ(xmprt_darray_copied_bytes(0) - in0, 0) << what;
    }
    // (b) explicit model on the same (persistent) instance
    xmprt_replicate_begin(A.a);
    fillHost(A, 1);
    xmprt_replicate_sync(A.a, 0);
    xmprt_reflect_start(p);
    xmprt_reflect_wait(p);
    EXPECT_EQ(checkDevice(A, 1, what + " replicate"), 0);
    xmprt_replicate_end(A.a);
    if (ch == XMPRT_CHANNEL_IB)
      for (int32_t d = 0; d < (int32_t)c.dims.size(); ++d)
        for (int s = 0; s < 2; ++s)
          EXPECT_NE(xmprt_reflect_channel(p, d, s), XMPRT_CHANNEL_TCA) << what;
  }
  {
    // (c) instances made by replicate_begin, freed by its end: the second
    // region's new instance makes the plan bind again.
    Arr A;
    make(A, c, et);
    xmprt_reflect_plan *p = xmprt_reflect_cached(
        site, A.a, wlo.data(), whi.data(), per.data(), chs.data(), 1, 0);
    for (int rep = 2; rep < 4; ++rep) {
      xmprt_replicate_begin(A.a);
      EXPECT_EQ(xmprt_darray_in_replicate(A.a), 1);
      fillHost(A, rep);
      xmprt_replicate_sync(A.a, 0);
      xmprt_reflect_do(p);
      EXPECT_EQ(checkDevice(A, rep, what + " region " + std::to_string(rep)),
                0);
      // out: the host gets the device's halos
      xmprt_replicate_sync(A.a, 1);
      EXPECT_EQ(checkImage(A, (const unsigned char *)xmprt_darray_data(A.a),
                           rep, true, what + " synced out"),
                0);
      xmprt_replicate_end(A.a);
      EXPECT_EQ(xmprt_darray_in_replicate(A.a), 0);
    }
  }
}

TEST(GpuReflect, AllCasesAllChannels) {
  NEED_GPU();
  int64_t site = 500;
  for (const Case &c : reflectCases())
    for (int32_t ch :
         {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA, XMPRT_CHANNEL_AUTO})
      reflectOneCase(c, XMPRT_F64, ch, site++);
}

TEST(GpuReflect, ElementSizes) {
  NEED_GPU();
  int64_t site = 600;
  std::vector<Case> cs = reflectCases();
  for (const Case &c : cs) {
    if (c.name != "2d_cols_asym_periodic" && c.name != "3d_dim2" &&
        c.name != "2d_grid")
      continue;
    for (int32_t et : {XMPRT_F32, XMPRT_I8})
      for (int32_t ch : {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA})
        reflectOneCase(c, et, ch, site++);
  }
}

// Orthogonal device reflects: faces only, corners keep the sentinel, on
// every channel, outside replicate regions (the host gets the faces back)
// and inside one (started and waited: the concurrent dimensions).
// Every reflect case on every channel: fn(a new f64 array of the case, the
// plan's widths, periodic flags and channels, what to call it).
struct DevPlanArgs {
  std::vector<int64_t> wlo, whi;
  std::vector<int32_t> per, chs;
};
void forEachDeviceCase(
    const std::string &label,
    const std::function<void(Arr &, DevPlanArgs &, const std::string &)> &fn) {
  for (const Case &c : reflectCases())
    for (int32_t ch :
         {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA, XMPRT_CHANNEL_AUTO}) {
      DevPlanArgs x;
      planArgs(c, ch, x.wlo, x.whi, x.per, x.chs);
      Arr A;
      make(A, c, XMPRT_F64);
      fn(A, x, c.name + label + " ch=" + std::to_string(ch));
    }
}

TEST(GpuReflect, OrthogonalAllCasesAllChannels) {
  NEED_GPU();
  forEachDeviceCase(
      " orthogonal", [](Arr &A, DevPlanArgs &x, const std::string &what) {
        xmprt_reflect_plan *p = xmprt_reflect_init(
            A.a, x.wlo.data(), x.whi.data(), x.per.data(), x.chs.data(), 1, 1);
        fillHost(A, 0);
        xmprt_darray_host_modified(A.a);
        xmprt_reflect_do(p);
        EXPECT_EQ(checkDevice(A, 0, what + " auto", 1), 0);
        EXPECT_EQ(checkImage(A, (const unsigned char *)xmprt_darray_data(A.a),
                             0, true, what + " auto host", 1),
                  0);
        xmprt_replicate_begin(A.a);
        fillHost(A, 1);
        xmprt_replicate_sync(A.a, 0);
        xmprt_reflect_start(p);
        xmprt_reflect_wait(p);
        EXPECT_EQ(checkDevice(A, 1, what + " replicate", 1), 0);
        xmprt_replicate_end(A.a);
        xmprt_reflect_destroy(p);
      });
}

// Device reduce_shadow: owned elements hold their value, shadow elements
// in the widths small integers (other elements the sentinel); afterwards
// each owned element is its value plus the sum of its copies over the
// ranks (an all-reduce over a dense global array computes it here), every
// other element unchanged. Outside replicate regions the host gets the
// owned elements back; inside one the device instance alone changes.
int checkReduced(const Arr &A, const unsigned char *img,
                 const std::vector<double> &sum, int rep,
                 const std::string &what) {
  int32_t r = rankOf(A);
  auto *v = (const double *)img;
  auto *h = (const double *)xmprt_darray_data(A.a);
  int bad = 0;
  xt::forEachLocal(A.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
    int halos, others;
    int64_t flat;
    std::vector<int64_t> g = globalOf(A, l, halos, others, &flat);
    bool owned = halos == 0 && others == 0;
    double want = owned ? xt::fval(g) + 0.25 * rep + sum[flat] : h[lin];
    if (v[lin] != want && bad++ < 5) {
      std::string li;
      for (int64_t x : l)
        li += std::to_string(x) + ",";
      ADD_FAILURE() << what << ": rank " << xt::me() << " local (" << li
                    << ") got " << v[lin] << " want " << want;
    }
  });
  return bad;
}

std::vector<double> fillForReduce(Arr &A, int rep) {
  fillHost(A, rep);
  int32_t r = rankOf(A);
  int64_t total = 1;
  for (const DimSpec &s : A.dims)
    total *= s.m;
  std::vector<double> sum(total, 0.0);
  auto *v = (double *)xmprt_darray_data(A.a);
  if (xmprt_grid_rank(A.g) >= 0)
    xt::forEachLocal(A.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
      int halos, others;
      int64_t flat;
      globalOf(A, l, halos, others, &flat);
      if (others || halos == 0)
        return;
      v[lin] = (double)(1 + (xt::me() * 13 + lin * 7 + rep) % 89);
      sum[flat] += v[lin];
    });
  MPI_Allreduce(MPI_IN_PLACE, sum.data(), (int)total, MPI_DOUBLE, MPI_SUM,
                MPI_COMM_WORLD);
  return sum;
}

TEST(GpuReduceShadow, AllCasesAllChannels) {
  NEED_GPU();
  forEachDeviceCase(" reduce_shadow", [](Arr &A, DevPlanArgs &x,
                                         const std::string &what) {
    xmprt_reflect_plan *p = xmprt_reduce_shadow_init(
        A.a, x.wlo.data(), x.whi.data(), x.per.data(), x.chs.data(), 1);
    std::vector<double> sum = fillForReduce(A, 0);
    xmprt_darray_host_modified(A.a);
    xmprt_reflect_do(p);
    if (xmprt_grid_rank(A.g) >= 0) {
      EXPECT_EQ(checkReduced(A, deviceImage(A).data(), sum, 0,
                             what + " auto (device)"),
                0);
      EXPECT_EQ(checkReduced(A, (const unsigned char *)xmprt_darray_data(A.a),
                             sum, 0, what + " auto host"),
                0);
    }
    xmprt_replicate_begin(A.a);
    sum = fillForReduce(A, 1);
    xmprt_replicate_sync(A.a, 0);
    xmprt_reflect_start(p);
    xmprt_reflect_wait(p);
    if (xmprt_grid_rank(A.g) >= 0)
      EXPECT_EQ(checkReduced(A, deviceImage(A).data(), sum, 1,
                             what + " replicate (device)"),
                0);
    xmprt_replicate_end(A.a);
    xmprt_reflect_destroy(p);
  });
}

// reduce_shadow max / min on the device (the kernels' max and min): owned
// elements and their copies take values of one range (either may win);
// afterwards each owned element is the max / min of its value and its
// copies' over the ranks, every other element unchanged.
double ownForCombine(int64_t flat, int rep) {
  return (double)(1 + (flat * 13 + rep * 7) % 89) + 0.25;
}

std::vector<double> fillForCombine(Arr &A, int rep, int32_t op) {
  fillHost(A, rep);
  int32_t r = rankOf(A);
  int64_t total = 1;
  for (const DimSpec &s : A.dims)
    total *= s.m;
  bool max = op == XMPRT_RED_MAX;
  std::vector<double> comb(total, max ? -1e300 : 1e300);
  auto *v = (double *)xmprt_darray_data(A.a);
  if (xmprt_grid_rank(A.g) >= 0)
    xt::forEachLocal(A.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
      int halos, others;
      int64_t flat;
      globalOf(A, l, halos, others, &flat);
      if (others)
        return;
      if (halos == 0) {
        v[lin] = ownForCombine(flat, rep);
        return;
      }
      v[lin] = (double)(1 + (xt::me() * 13 + lin * 7 + rep) % 89);
      comb[flat] = max ? std::max(comb[flat], v[lin])
                       : std::min(comb[flat], v[lin]);
    });
  MPI_Allreduce(MPI_IN_PLACE, comb.data(), (int)total, MPI_DOUBLE,
                max ? MPI_MAX : MPI_MIN, MPI_COMM_WORLD);
  return comb;
}

int checkCombined(const Arr &A, const unsigned char *img,
                  const std::vector<double> &comb, int rep, int32_t op,
                  const std::vector<double> &before, const std::string &what) {
  int32_t r = rankOf(A);
  auto *v = (const double *)img;
  int bad = 0;
  xt::forEachLocal(A.a, r, [&](int64_t lin, const std::vector<int64_t> &l) {
    int halos, others;
    int64_t flat;
    globalOf(A, l, halos, others, &flat);
    bool owned = halos == 0 && others == 0;
    double own = ownForCombine(flat, rep);
    double want = !owned                 ? before[lin]
                  : op == XMPRT_RED_MAX ? std::max(own, comb[flat])
                                        : std::min(own, comb[flat]);
    if (v[lin] != want && bad++ < 5) {
      std::string li;
      for (int64_t x : l)
        li += std::to_string(x) + ",";
      ADD_FAILURE() << what << ": rank " << xt::me() << " local (" << li
                    << ") got " << v[lin] << " want " << want;
    }
  });
  return bad;
}

TEST(GpuReduceShadow, MaxMinAllCasesAllChannels) {
  NEED_GPU();
  for (int32_t op : {XMPRT_RED_MAX, XMPRT_RED_MIN})
    forEachDeviceCase(op == XMPRT_RED_MAX ? " reduce_shadow max"
                                          : " reduce_shadow min",
                      [op](Arr &A, DevPlanArgs &x, const std::string &what) {
      xmprt_reflect_plan *p = xmprt_reduce_shadow_op_init(
          A.a, x.wlo.data(), x.whi.data(), x.per.data(), x.chs.data(), 1, op);
      for (int rep = 0; rep < 2; ++rep) {
        if (rep == 1)
          xmprt_replicate_begin(A.a);
        std::vector<double> comb = fillForCombine(A, rep, op);
        auto *h = (const double *)xmprt_darray_data(A.a);
        std::vector<double> before;
        int64_t n = 1;
        for (int32_t d = 0; d < rankOf(A); ++d)
          n *= xmprt_darray_local_extent(A.a, d);
        before.assign(h, h + (xmprt_grid_rank(A.g) >= 0 ? n : 0));
        if (rep == 0)
          xmprt_darray_host_modified(A.a);
        else
          xmprt_replicate_sync(A.a, 0);
        xmprt_reflect_do(p);
        if (xmprt_grid_rank(A.g) >= 0)
          EXPECT_EQ(checkCombined(A, deviceImage(A).data(), comb, rep, op,
                                  before,
                                  what + (rep ? " replicate" : " auto")),
                    0);
        if (rep == 1)
          xmprt_replicate_end(A.a);
      }
      xmprt_reflect_destroy(p);
    });
}

// Channel per side: TCA toward a neighbour in my sub-cluster (CUDA IPC
// between the ranks' processes), IB otherwise; NONE at a boundary. With
// XMP_SUBCLUSTER_SIZE=1 every side is IB.
TEST(GpuReflect, ChannelPerSide) {
  NEED_GPU();
  int n = xt::np(), r = xt::me();
  xt::ChannelExpect expect;
  const char *sc = getenv("XMP_SUBCLUSTER_SIZE");
  bool allIB = sc && atoi(sc) == 1;
  // the mocked runtime can be told to refuse every CUDA IPC mapping: then
  // every pair falls back to IB
  const char *ipcFail = getenv("XMPRT_MOCK_IPC_FAIL");
  const char *ipcFailRank = getenv("XMPRT_MOCK_IPC_FAIL_RANK");
  auto noIpc = [&](int peer) {
    if (ipcFail && atoi(ipcFail) == 1)
      return true;
    return ipcFailRank && (atoi(ipcFailRank) == r || atoi(ipcFailRank) == peer);
  };
  Case c{"chan", {D}, {{4 * n, B, 1, 1, 1, 1, 0}}};
  for (int32_t ch : {XMPRT_CHANNEL_AUTO, XMPRT_CHANNEL_TCA, XMPRT_CHANNEL_IB}) {
    Arr A;
    make(A, c, XMPRT_F64);
    int32_t chs[1] = {ch};
    xmprt_reflect_plan *p =
        xmprt_reflect_init(A.a, nullptr, nullptr, nullptr, chs, 1, 0);
    fillHost(A, 7);
    xmprt_darray_host_modified(A.a);
    xmprt_reflect_do(p);
    EXPECT_EQ(checkDevice(A, 7, "chan"), 0);
    for (int side = 0; side < 2; ++side) {
      int want = expect(ch, r, side, [&](int peer) { return !noIpc(peer); });
      if (allIB && want != XMPRT_CHANNEL_NONE)
        EXPECT_EQ(want, XMPRT_CHANNEL_IB);
      EXPECT_EQ(xmprt_reflect_channel(p, 0, side), want)
          << "rank " << r << " side " << side << " requested " << ch;
    }
    if (ch == XMPRT_CHANNEL_TCA && r == 0)
      xmprt_reflect_print(p);
    xmprt_reflect_destroy(p);
  }
}

//--- channel tuning of device plans (XMP_CHANNEL_TUNE) -----------------------
//
// Device plans with AUTO channels tune like host plans (ReflectTest.cpp's
// ReflectTune): the rule's build (CUDA IPC where the peer maps) and IB
// alternate over the first reflects, then the injected times decide. The
// device parts: the plan binds to a new instance in the middle of the
// schedule (a replicate region per reflect), possibly while its IB build
// is the one in use; stream flags (XMP_TCA_SYNC=device runs) and the plans
// queued whole (streamOnly) change with the build; the halos go back to the
// host outside replicate regions. Every reflect is checked on the device
// (and the host where it is the reference).

// kind: 0 reflect, 1 orthogonal reflect, 2 reduce_shadow (sum).
xmprt_reflect_plan *makeDevPlan(Arr &A, DevPlanArgs &x, int kind) {
  if (kind == 2)
    return xmprt_reduce_shadow_init(A.a, x.wlo.data(), x.whi.data(),
                                    x.per.data(), x.chs.data(), 1);
  return xmprt_reflect_init(A.a, x.wlo.data(), x.whi.data(), x.per.data(),
                            x.chs.data(), 1, kind);
}

// One reflect (rep even: xmprt_reflect_do, odd: start and wait) with new
// values, checked. `region`: inside a replicate region (the device
// instance alone is updated), else outside (the host too).
void tunedRound(Arr &A, xmprt_reflect_plan *p, int kind, int rep, bool region,
                const std::string &what) {
  std::vector<double> sum;
  if (kind == 2)
    sum = fillForReduce(A, rep);
  else
    fillHost(A, rep);
  if (region)
    xmprt_replicate_sync(A.a, 0);
  else
    xmprt_darray_host_modified(A.a);
  if (rep % 2) {
    xmprt_reflect_start(p);
    xmprt_reflect_wait(p);
  } else {
    xmprt_reflect_do(p);
  }
  std::string w = what + " rep " + std::to_string(rep);
  const auto *host = (const unsigned char *)xmprt_darray_data(A.a);
  if (kind == 2) {
    if (xmprt_grid_rank(A.g) < 0)
      return;
    EXPECT_EQ(checkReduced(A, deviceImage(A).data(), sum, rep, w + " (device)"),
              0);
    if (!region)
      EXPECT_EQ(checkReduced(A, host, sum, rep, w + " (host)"), 0);
    return;
  }
  int maxHalo = kind == 1 ? 1 : 64;
  EXPECT_EQ(checkDevice(A, rep, w, maxHalo), 0);
  if (!region && xmprt_grid_rank(A.g) >= 0)
    EXPECT_EQ(checkImage(A, host, rep, true, w + " (host)", maxHalo), 0);
}

TEST(GpuReflectTune, EveryReflectChecked) {
  NEED_GPU();
  xt::EnvScope k("XMP_CHANNEL_TUNE", "2");
  int tuned = 0;
  const char *kinds[] = {" reflect", " orthogonal", " reduce_shadow"};
  for (int kind : {0, 1, 2})
    for (bool ibWins : {true, false}) {
      xt::Times t = ibWins ? xt::Times{2e-6, 1e-6} : xt::Times{1e-6, 2e-6};
      xt::HookScope hook(&t);
      for (const Case &c : reflectCases()) {
        std::string what = c.name + kinds[kind] +
                           (ibWins ? " (ib wins)" : " (tca wins)");
        int32_t r = (int32_t)c.dims.size();
        DevPlanArgs x;
        planArgs(c, XMPRT_CHANNEL_AUTO, x.wlo, x.whi, x.per, x.chs);
        // The rule's channels once bound (CUDA IPC refusals included).
        std::vector<int32_t> rule;
        {
          xt::EnvScope off("XMP_CHANNEL_TUNE", "0");
          Arr R;
          make(R, c, XMPRT_F64);
          xmprt_reflect_plan *q = makeDevPlan(R, x, kind);
          tunedRound(R, q, kind, 0, false, what + " rule");
          rule = xt::channelsOf(q, r);
          xmprt_reflect_destroy(q);
        }
        Arr A;
        make(A, c, XMPRT_F64);
        xmprt_reflect_plan *p = makeDevPlan(A, x, kind);
        int rep = 0;
        // Regions of 1, 2 and 3 reflects, each with a new instance (made by
        // its begin, freed by its end): the plan binds again at their first
        // starts, several of which (reflects 1, 3, 7, 9 are schedule steps
        // 1 and 3 of a dimension: IB) find the IB build in the plan and
        // the rule's aside; the next reflects of the region use the rule's
        // build on that binding.
        for (int len = 1; rep < 12; len = len % 3 + 1) {
          xmprt_replicate_begin(A.a);
          for (int i = 0; i < len; ++i, ++rep)
            tunedRound(A, p, kind, rep, true, what + " new instance");
          xmprt_replicate_end(A.a);
        }
        // The automatic model: one instance from here on.
        for (; rep < 18; ++rep)
          tunedRound(A, p, kind, rep, false, what + " auto");
        xmprt_replicate_begin(A.a);
        for (; rep < 24; ++rep)
          tunedRound(A, p, kind, rep, true, what + " region");
        xmprt_replicate_end(A.a);
        tuned += xt::checkTuned(p, r, rule, ibWins, what);
        xmprt_reflect_destroy(p);
      }
    }
  // (The mock refusing every CUDA IPC mapping leaves the rule's build IB
  // everywhere after the first binding: one candidate, nothing tuned.)
  const char *ipcFail = getenv("XMPRT_MOCK_IPC_FAIL");
  bool noIpc = ipcFail && atoi(ipcFail) == 1;
  if (xt::autoIsAuto() && xt::someSubclusterPair() && !noIpc)
    EXPECT_GT(tuned, 0);
  else
    EXPECT_EQ(tuned, 0);
}

//--- device instances ---------------------------------------------------------

std::vector<double> deviceImage(xmprt_darray *a, int64_t n) {
  std::vector<double> v(n);
  void *dev = xmprt_darray_device_acquire(a, 0);
  d2h(v.data(), dev, n * 8);
  return v;
}

extern "C" __attribute__((weak)) long xmprt_mock_host_registered(void);

// A block copied between the instances again and again gets its host
// block page-locked at its XMP_PIN_HOST_AFTER-th (3rd) coherence copy,
// not before (a replicate region's two copies are not worth it), and
// unregistered when its device instance goes; the values stay coherent
// throughout. Blocks under 1 MiB are never registered.
TEST(GpuData, HostBlockPinnedWhenCopiedRepeatedly) {
  NEED_GPU();
  if (!xmprt_mock_host_registered)
    GTEST_SKIP() << "counts the host registrations of the mocked CUDA runtime";
  if (getenv("XMP_PIN_HOST_AFTER"))
    GTEST_SKIP() << "XMP_PIN_HOST_AFTER is set";
  // 200000 elements per rank and one more: the sizes do not divide evenly
  int64_t s[] = {D}, n = 200000 * xt::np() + 1, small = 1000 * xt::np();
  int32_t k = B, al = 0;
  xmprt_grid *g = xmprt_grid_create(1, s);
  xmprt_template *t = xmprt_template_create(1, &n);
  xmprt_template_distribute(t, g, &k, nullptr, nullptr);
  xmprt_darray *a =
      xmprt_darray_create(t, 1, &n, &al, nullptr, nullptr, nullptr, XMPRT_F64);
  xmprt_darray *b = // 8000 bytes per rank: never pinned
      xmprt_darray_create(t, 1, &small, &al, nullptr, nullptr, nullptr, XMPRT_F64);
  int64_t ext = xmprt_darray_local_extent(a, 0);
  ASSERT_GE(ext * 8, 1 << 20);
  auto *h = (double *)xmprt_darray_data(a);
  long r0 = xmprt_mock_host_registered();
  for (int step = 1; step <= 5; ++step) {
    for (int64_t i = 0; i < ext; ++i)
      h[i] = step * 1000.0 + i;
    xmprt_darray_host_modified(a);
    xmprt_darray_device_acquire(a, XMPRT_ACCESS_READWRITE); // copy in
    xmprt_darray_device_acquire(b, XMPRT_ACCESS_READWRITE);
    // the copy in was copy 2 * step - 1: the third pins
    EXPECT_EQ(xmprt_mock_host_registered() - r0, step >= 2 ? 1 : 0)
        << "after step " << step << "'s copy in";
    std::vector<double> img = deviceImage(a, ext);
    int64_t wrong = 0;
    for (int64_t i = 0; i < ext; ++i)
      wrong += img[i] != step * 1000.0 + i;
    ASSERT_EQ(wrong, 0) << "device elements wrong at step " << step;
    // the device writes its own values; release brings them to the host
    for (int64_t i = 0; i < ext; ++i)
      img[i] = -(step * 1000.0 + i);
    h2d(xmprt_darray_device_acquire(a, 0), img.data(), ext * 8);
    xmprt_darray_device_release(a, XMPRT_ACCESS_READWRITE); // copy out
    xmprt_darray_device_release(b, XMPRT_ACCESS_READWRITE);
    // copies so far: 2 * step - 1 before the release, 2 * step after
    EXPECT_EQ(xmprt_mock_host_registered() - r0, step >= 2 ? 1 : 0)
        << "after step " << step;
    wrong = 0;
    for (int64_t i = 0; i < ext; ++i)
      wrong += h[i] != -(step * 1000.0 + i);
    EXPECT_EQ(wrong, 0) << "host elements wrong after step " << step;
  }
  xmprt_darray_destroy(a);
  xmprt_darray_destroy(b);
  EXPECT_EQ(xmprt_mock_host_registered(), r0);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

TEST(GpuData, AcquireReleaseCoherence) {
  NEED_GPU();
  int64_t s[] = {D}, n = 10 * xt::np(), sh = 1;
  int32_t k = B, al = 0;
  xmprt_grid *g = xmprt_grid_create(1, s);
  xmprt_template *t = xmprt_template_create(1, &n);
  xmprt_template_distribute(t, g, &k, nullptr, nullptr);
  xmprt_darray *a =
      xmprt_darray_create(t, 1, &n, &al, nullptr, &sh, &sh, XMPRT_F64);
  int64_t ext = xmprt_darray_local_extent(a, 0);
  auto *h = (double *)xmprt_darray_data(a);
  auto pattern = [&](int k2) {
    std::vector<double> v(ext);
    for (int64_t i = 0; i < ext; ++i)
      v[i] = 100000.0 * k2 + 1000.0 * xt::me() + i + 1;
    return v;
  };
  // host writes; acquire(read) copies them in
  std::vector<double> p1 = pattern(1);
  std::copy(p1.begin(), p1.end(), h);
  xmprt_darray_host_modified(a);
  EXPECT_EQ(xmprt_darray_in_replicate(a), 0);
  void *dev = xmprt_darray_device_acquire(a, XMPRT_ACCESS_READ);
  ASSERT_NE(dev, nullptr);
  EXPECT_EQ(deviceImage(a, ext), p1);
  xmprt_darray_device_release(a, XMPRT_ACCESS_READ);
  // not marked modified: acquire copies nothing (the device keeps p1)
  std::vector<double> p2 = pattern(2);
  std::copy(p2.begin(), p2.end(), h);
  EXPECT_EQ(xmprt_darray_device_acquire(a, XMPRT_ACCESS_READ), dev);
  EXPECT_EQ(deviceImage(a, ext), p1);
  // marked: copied in
  xmprt_darray_host_modified(a);
  xmprt_darray_device_acquire(a, XMPRT_ACCESS_READWRITE);
  EXPECT_EQ(deviceImage(a, ext), p2);
  // device writes; release(write) copies the block out
  std::vector<double> p3 = pattern(3);
  h2d(dev, p3.data(), ext * 8);
  xmprt_darray_device_release(a, XMPRT_ACCESS_READWRITE);
  EXPECT_EQ(std::vector<double>(h, h + ext), p3);
  // release(read) copies nothing back
  xmprt_darray_device_acquire(a, XMPRT_ACCESS_READ);
  std::vector<double> p4 = pattern(4);
  h2d(dev, p4.data(), ext * 8);
  xmprt_darray_device_release(a, XMPRT_ACCESS_READ);
  EXPECT_EQ(std::vector<double>(h, h + ext), p3);
  // write-only access on a stale instance still brings the host values in
  // (release copies the whole block back)
  xmprt_darray_host_modified(a);
  xmprt_darray_device_acquire(a, XMPRT_ACCESS_WRITE);
  EXPECT_EQ(deviceImage(a, ext), p3);

  // replicate region around a persistent instance: explicit model
  xmprt_replicate_begin(a);
  EXPECT_EQ(xmprt_darray_in_replicate(a), 1);
  std::vector<double> p5 = pattern(5);
  std::copy(p5.begin(), p5.end(), h);
  xmprt_darray_host_modified(a);
  EXPECT_EQ(xmprt_darray_device_acquire(a, XMPRT_ACCESS_READ), dev);
  EXPECT_EQ(deviceImage(a, ext), p3); // no copy inside the region
  xmprt_replicate_sync(a, 0);
  EXPECT_EQ(deviceImage(a, ext), p5);
  std::vector<double> p6 = pattern(6);
  h2d(dev, p6.data(), ext * 8);
  xmprt_darray_device_release(a, XMPRT_ACCESS_WRITE); // no copy out
  EXPECT_EQ(std::vector<double>(h, h + ext), p5);
  xmprt_replicate_begin(a); // nested
  EXPECT_EQ(xmprt_darray_in_replicate(a), 2);
  xmprt_replicate_sync(a, 1);
  EXPECT_EQ(std::vector<double>(h, h + ext), p6);
  xmprt_replicate_end(a);
  xmprt_replicate_end(a);
  EXPECT_EQ(xmprt_darray_in_replicate(a), 0);
  // the instance made before the region survives it, and is stale
  std::vector<double> p7 = pattern(7);
  std::copy(p7.begin(), p7.end(), h);
  EXPECT_EQ(xmprt_darray_device_acquire(a, XMPRT_ACCESS_READ), dev);
  EXPECT_EQ(deviceImage(a, ext), p7);

  // an array whose instance comes from replicate_begin
  xmprt_darray *b =
      xmprt_darray_create(t, 1, &n, &al, nullptr, &sh, &sh, XMPRT_F64);
  auto *hb = (double *)xmprt_darray_data(b);
  xmprt_replicate_begin(b);
  std::copy(p1.begin(), p1.end(), hb);
  xmprt_replicate_sync(b, 0);
  EXPECT_EQ(deviceImage(b, ext), p1);
  xmprt_replicate_end(b); // freed here
  std::copy(p2.begin(), p2.end(), hb);
  xmprt_darray_host_modified(b);
  xmprt_darray_device_acquire(b, XMPRT_ACCESS_READ); // a new one, copied in
  EXPECT_EQ(deviceImage(b, ext), p2);

  // A region's device code starts from the host's latest values (the CPU
  // build's meaning): an instance made by replicate_begin, or stale at its
  // start, gets the host block at the first device use in the region...
  xmprt_darray *c =
      xmprt_darray_create(t, 1, &n, &al, nullptr, &sh, &sh, XMPRT_F64);
  auto *hc = (double *)xmprt_darray_data(c);
  std::copy(p1.begin(), p1.end(), hc);
  xmprt_darray_host_modified(c);
  xmprt_replicate_begin(c);
  void *devc = xmprt_darray_device_acquire(c, XMPRT_ACCESS_READ);
  EXPECT_EQ(deviceImage(c, ext), p1);
  // ...once: host changes inside the region move only by replicate_sync
  std::copy(p2.begin(), p2.end(), hc);
  xmprt_darray_host_modified(c);
  EXPECT_EQ(xmprt_darray_device_acquire(c, XMPRT_ACCESS_READ), devc);
  EXPECT_EQ(deviceImage(c, ext), p1);
  xmprt_replicate_end(c);
  // an instance never used in its region holds nothing newer than the
  // host: replicate_sync out leaves the host as it is
  std::copy(p3.begin(), p3.end(), hc);
  xmprt_darray_host_modified(c);
  xmprt_replicate_begin(c);
  xmprt_replicate_sync(c, 1);
  EXPECT_EQ(std::vector<double>(hc, hc + ext), p3);
  EXPECT_EQ(deviceImage(c, ext), p3);
  xmprt_replicate_end(c);
  // replicate_sync in first: copied once, not again at the first use
  std::copy(p4.begin(), p4.end(), hc);
  xmprt_darray_host_modified(c);
  xmprt_replicate_begin(c);
  int64_t before = xmprt_darray_copied_bytes(0);
  xmprt_replicate_sync(c, 0);
  xmprt_darray_device_acquire(c, XMPRT_ACCESS_READ);
  EXPECT_EQ(xmprt_darray_copied_bytes(0) - before, ext * 8);
  EXPECT_EQ(deviceImage(c, ext), p4);
  xmprt_replicate_end(c);

  xmprt_darray_destroy(c);
  xmprt_darray_destroy(b);
  xmprt_darray_destroy(a);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

// gmove_acc between block and cyclic arrays with device instances.
TEST(GpuData, GMoveAccBlockCyclic) {
  NEED_GPU();
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  const int64_t n = 13;
  int64_t z = 0, one = 1;
  int32_t kb = B, kc = XMPRT_DIST_CYCLIC, al = 0;
  int64_t w = 2;
  xmprt_template *tb = xmprt_template_create(1, &n);
  xmprt_template_distribute(tb, g, &kb, nullptr, nullptr);
  xmprt_template *tc = xmprt_template_create(1, &n);
  xmprt_template_distribute(tc, g, &kc, &w, nullptr);
  xmprt_darray *A =
      xmprt_darray_create(tb, 1, &n, &al, nullptr, &one, &one, XMPRT_F64);
  xmprt_darray *C =
      xmprt_darray_create(tc, 1, &n, &al, nullptr, &z, &z, XMPRT_F64);
  int64_t extA = xmprt_darray_local_extent(A, 0),
          extC = xmprt_darray_local_extent(C, 0);
  int64_t lo, hi;
  xmprt_darray_owned(A, 0, &lo, &hi);
  auto *ha = (double *)xmprt_darray_data(A);
  auto *hc = (double *)xmprt_darray_data(C);
  auto ownsC = [&](int64_t i) { return (i / w) % xt::np() == xt::me(); };
  for (int64_t i = lo; i < hi; ++i)
    ha[xmprt_darray_global_to_local(A, 0, i)] = 10.0 * i + 1;
  xmprt_darray_host_modified(A);
  xmprt_darray_device_acquire(A, XMPRT_ACCESS_READ); // persistent instance
  xmprt_replicate_begin(C);                          // instance of the region
  // C[0:13] = A[0:13]: both instances of C hold the values afterwards
  int64_t sec[3] = {0, n, 1};
  xmprt_gmove_acc(11, C, sec, A, sec);
  std::vector<double> dc = deviceImage(C, extC);
  for (int64_t i = 0; i < n; ++i)
    if (ownsC(i)) {
      int64_t l = xmprt_darray_global_to_local(C, 0, i);
      EXPECT_EQ(hc[l], 10.0 * i + 1) << "host C " << i;
      EXPECT_EQ(dc[l], 10.0 * i + 1) << "device C " << i;
    }
  // C written on the device only (inside the region), then A[i] = C[12-i]
  // (reversed through a strided section): the device values of C count.
  for (int64_t i = 0; i < n; ++i)
    if (ownsC(i))
      dc[xmprt_darray_global_to_local(C, 0, i)] = 7.0 * i + 3;
  h2d(xmprt_darray_device_acquire(C, XMPRT_ACCESS_WRITE), dc.data(),
      extC * 8);
  int64_t even[3] = {0, n, 2}, evenA[3] = {0, 7, 1};
  xmprt_gmove_acc(12, A, evenA, C, even); // A[0:7] = C[0:13:2]
  std::vector<double> da = deviceImage(A, extA);
  for (int64_t i = lo; i < hi; ++i) {
    int64_t l = xmprt_darray_global_to_local(A, 0, i);
    double want = i < 7 ? 7.0 * (2 * i) + 3 : 10.0 * i + 1;
    EXPECT_EQ(ha[l], want) << "host A " << i;
    EXPECT_EQ(da[l], want) << "device A " << i;
  }
  xmprt_replicate_end(C);
  xmprt_darray_destroy(A);
  xmprt_darray_destroy(C);
  xmprt_template_destroy(tb);
  xmprt_template_destroy(tc);
  xmprt_grid_destroy(g);
}

// One-sided gmove with acc: the executing rank's blocks go through the host
// (its device values come out first, its destination's device instance is
// refreshed after); the passive ranks' host blocks are read and written.
TEST(GpuData, GMoveOneSidedAcc) {
  NEED_GPU();
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  const int64_t n = 13;
  int64_t z = 0, one = 1;
  int32_t kb = B, kc = XMPRT_DIST_CYCLIC, al = 0;
  int64_t w = 2;
  xmprt_template *tb = xmprt_template_create(1, &n);
  xmprt_template_distribute(tb, g, &kb, nullptr, nullptr);
  xmprt_template *tc = xmprt_template_create(1, &n);
  xmprt_template_distribute(tc, g, &kc, &w, nullptr);
  xmprt_darray *A =
      xmprt_darray_create(tb, 1, &n, &al, nullptr, &one, &one, XMPRT_F64);
  xmprt_darray *C =
      xmprt_darray_create(tc, 1, &n, &al, nullptr, &z, &z, XMPRT_F64);
  xmprt_darray_enable_rma(A);
  xmprt_darray_enable_rma(C);
  int64_t extC = xmprt_darray_local_extent(C, 0);
  int64_t lo, hi;
  xmprt_darray_owned(A, 0, &lo, &hi);
  auto *ha = (double *)xmprt_darray_data(A);
  auto *hc = (double *)xmprt_darray_data(C);
  auto ownsC = [&](int64_t i) { return (i / w) % xt::np() == xt::me(); };
  for (int64_t i = lo; i < hi; ++i)
    ha[xmprt_darray_global_to_local(A, 0, i)] = 10.0 * i + 1;
  xmprt_darray_host_modified(A);
  xmprt_darray_device_acquire(A, XMPRT_ACCESS_READ); // persistent instance
  xmprt_replicate_begin(C);                          // instance of the region
  xmprt_barrier(g);
  // The last rank alone: C[0:13] = A[0:13] for the elements of C it owns,
  // into both of its instances.
  int64_t sec[3] = {0, n, 1};
  bool last = xt::me() == xt::np() - 1;
  if (last) {
    xmprt_gmove_onesided(21, XMPRT_GMOVE_IN, 1, C, sec, A, sec);
    std::vector<double> dc = deviceImage(C, extC);
    for (int64_t i = 0; i < n; ++i)
      if (ownsC(i)) {
        int64_t l = xmprt_darray_global_to_local(C, 0, i);
        EXPECT_EQ(hc[l], 10.0 * i + 1) << "host C " << i;
        EXPECT_EQ(dc[l], 10.0 * i + 1) << "device C " << i;
      }
  }
  xmprt_barrier(g);
  // C written on the device only (inside the region); then every rank puts
  // what it owns of C[0:13:2] into A[0:7]: the device values count.
  std::vector<double> dc = deviceImage(C, extC);
  for (int64_t i = 0; i < n; ++i)
    if (ownsC(i))
      dc[xmprt_darray_global_to_local(C, 0, i)] = 7.0 * i + 3;
  h2d(xmprt_darray_device_acquire(C, XMPRT_ACCESS_WRITE), dc.data(),
      extC * 8);
  int64_t even[3] = {0, n, 2}, evenA[3] = {0, 7, 1};
  xmprt_gmove_onesided(22, XMPRT_GMOVE_OUT, 1, A, evenA, C, even);
  xmprt_barrier(g);
  for (int64_t i = lo; i < hi; ++i) {
    int64_t l = xmprt_darray_global_to_local(A, 0, i);
    double want = i < 7 ? 7.0 * (2 * i) + 3 : 10.0 * i + 1;
    EXPECT_EQ(ha[l], want) << "host A " << i;
  }
  xmprt_barrier(g);
  xmprt_replicate_end(C);
  xmprt_darray_destroy(A);
  xmprt_darray_destroy(C);
  xmprt_template_destroy(tb);
  xmprt_template_destroy(tc);
  xmprt_grid_destroy(g);
}

// gmove_acc between arrays inside replicate regions runs on the device
// instances: the NPB-CG transpose on a 2-D grid (W aligned with template
// dimension 0, replicated over grid axis 1, into Q aligned with dimension
// 1, replicated over axis 0: every rank receives from the ranks of its
// grid column and from itself), twice through the same schedule, then a
// shift within Q whose sections overlap. No block moves between the
// instances (only the elements that cross ranks pass through the host),
// and the host blocks keep their old values until replicate_sync out.
TEST(GpuData, GMoveAccInRegionOnDevice) {
  NEED_GPU();
  int64_t s[] = {D, D};
  xmprt_grid *g = xmprt_grid_create(2, s);
  const int64_t n = 13;
  int64_t shape[] = {n, n}, z = 0;
  int32_t kinds[] = {B, B}, al0 = 0, al1 = 1;
  xmprt_template *t = xmprt_template_create(2, shape);
  xmprt_template_distribute(t, g, kinds, nullptr, nullptr);
  xmprt_darray *W =
      xmprt_darray_create(t, 1, &n, &al0, nullptr, &z, &z, XMPRT_F64);
  xmprt_darray *Q =
      xmprt_darray_create(t, 1, &n, &al1, nullptr, &z, &z, XMPRT_F64);
  int64_t extW = xmprt_darray_local_extent(W, 0),
          extQ = xmprt_darray_local_extent(Q, 0);
  int64_t wlo, whi, qlo, qhi;
  xmprt_darray_owned(W, 0, &wlo, &whi);
  xmprt_darray_owned(Q, 0, &qlo, &qhi);
  auto *hw = (double *)xmprt_darray_data(W);
  auto *hq = (double *)xmprt_darray_data(Q);
  std::fill(hw, hw + extW, -1.0);
  std::fill(hq, hq + extQ, -2.0);
  xmprt_darray_host_modified(W);
  xmprt_darray_host_modified(Q);
  xmprt_replicate_begin(W);
  xmprt_replicate_begin(Q);
  // W on the device only: w[i] = a i + b on the owned rows
  auto setW = [&](double a, double b) {
    std::vector<double> dw(extW, -1.0);
    for (int64_t i = wlo; i < whi; ++i)
      dw[xmprt_darray_global_to_local(W, 0, i)] = a * i + b;
    h2d(xmprt_darray_device_acquire(W, XMPRT_ACCESS_WRITE), dw.data(),
        extW * 8);
  };
  setW(3, 1);
  xmprt_darray_device_acquire(Q, XMPRT_ACCESS_READ); // the region's copy in
  int64_t in0 = xmprt_darray_copied_bytes(0),
          out0 = xmprt_darray_copied_bytes(1);
  auto checkQ = [&](const char *what, auto want) {
    std::vector<double> dq = deviceImage(Q, extQ);
    for (int64_t j = qlo; j < qhi; ++j)
      EXPECT_EQ(dq[xmprt_darray_global_to_local(Q, 0, j)], want(j))
          << what << " q[" << j << "]";
    for (int64_t l = 0; l < extQ; ++l)
      EXPECT_EQ(hq[l], -2.0) << what << ": host block changed at " << l;
  };
  int64_t all[3] = {0, n, 1};
  xmprt_gmove_acc(21, Q, all, W, all); // Q[0:n] = W[0:n]
  checkQ("transpose", [](int64_t j) { return 3.0 * j + 1; });
  setW(5, 2);
  xmprt_gmove_acc(21, Q, all, W, all); // the same schedule again
  checkQ("transpose again", [](int64_t j) { return 5.0 * j + 2; });
  int64_t to[3] = {1, n, 1}, from[3] = {0, n - 1, 1};
  xmprt_gmove_acc(22, Q, to, Q, from); // Q[1:n] = Q[0:n-1]
  auto shifted = [](int64_t j) { return j ? 5.0 * (j - 1) + 2 : 2.0; };
  checkQ("shift", shifted);
  EXPECT_EQ(xmprt_darray_copied_bytes(0), in0);
  EXPECT_EQ(xmprt_darray_copied_bytes(1), out0);
  xmprt_replicate_sync(Q, 1);
  for (int64_t j = qlo; j < qhi; ++j)
    EXPECT_EQ(hq[xmprt_darray_global_to_local(Q, 0, j)], shifted(j))
        << "host q[" << j << "] after replicate_sync out";
  xmprt_replicate_end(Q);
  xmprt_replicate_end(W);
  xmprt_darray_destroy(Q);
  xmprt_darray_destroy(W);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
}

// gmove_acc executed by a node set (xmprt_gmove_on with acc = 1; XMP's
// gmove acc inside a task): the last half of the ranks, block to cyclic(2)
// arrays on it. Inside replicate regions it runs on the device instances
// over the node set's communicator (the host blocks keep their values
// until replicate_sync out); with a persistent instance outside regions it
// is staged through the host (both instances hold the values after). The
// ranks outside call it too and return at once.
TEST(GpuData, GMoveAccOnNodeSet) {
  NEED_GPU();
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  int64_t p = xt::np(), first = p / 2, trip[3] = {first, -1, 1};
  xmprt_grid *q = xmprt_grid_subset(g, 1, trip);
  bool in = xt::me() >= first;
  const int64_t n = 13;
  int64_t z = 0, w = 2;
  int32_t kb = B, kc = XMPRT_DIST_CYCLIC, al = 0;
  xmprt_template *tb = xmprt_template_create(1, &n);
  xmprt_template_distribute(tb, q, &kb, nullptr, nullptr);
  xmprt_template *tc = xmprt_template_create(1, &n);
  xmprt_template_distribute(tc, q, &kc, &w, nullptr);
  xmprt_darray *A =
      xmprt_darray_create(tb, 1, &n, &al, nullptr, &z, &z, XMPRT_F64);
  xmprt_darray *C =
      xmprt_darray_create(tc, 1, &n, &al, nullptr, &z, &z, XMPRT_F64);
  int64_t all[3] = {0, n, 1}, rev[3] = {1, n, 2}, head[3] = {0, 6, 1};
  int64_t extA = 0, extC = 0, lo = 0, hi = 0;
  double *ha = nullptr, *hc = nullptr;
  auto ownsC = [&](int64_t i) {
    return in && (i / w) % xmprt_grid_size(q, 0) == xmprt_grid_rank(q);
  };
  if (in) {
    extA = xmprt_darray_local_extent(A, 0);
    extC = xmprt_darray_local_extent(C, 0);
    xmprt_darray_owned(A, 0, &lo, &hi);
    ha = (double *)xmprt_darray_data(A);
    hc = (double *)xmprt_darray_data(C);
    std::fill(ha, ha + extA, -1.0);
    std::fill(hc, hc + extC, -2.0);
    xmprt_darray_host_modified(A);
    xmprt_darray_host_modified(C);
    xmprt_replicate_begin(A);
    xmprt_replicate_begin(C);
    // A on the device only: a[i] = 3 i + 1
    std::vector<double> da(extA, -1.0);
    for (int64_t i = lo; i < hi; ++i)
      da[xmprt_darray_global_to_local(A, 0, i)] = 3.0 * i + 1;
    h2d(xmprt_darray_device_acquire(A, XMPRT_ACCESS_WRITE), da.data(),
        extA * 8);
    xmprt_darray_device_acquire(C, XMPRT_ACCESS_READ);
  }
  xmprt_gmove_on(q, 31, 1, C, all, A, all, "gmove acc on q");
  if (in) {
    std::vector<double> dc = deviceImage(C, extC);
    for (int64_t i = 0; i < n; ++i)
      if (ownsC(i)) {
        int64_t l = xmprt_darray_global_to_local(C, 0, i);
        EXPECT_EQ(dc[l], 3.0 * i + 1) << "device C " << i;
        EXPECT_EQ(hc[l], -2.0) << "host C " << i << " before sync out";
      }
    xmprt_replicate_sync(C, 1);
    for (int64_t i = 0; i < n; ++i)
      if (ownsC(i))
        EXPECT_EQ(hc[xmprt_darray_global_to_local(C, 0, i)], 3.0 * i + 1)
            << "host C " << i << " after sync out";
    xmprt_replicate_end(C);
    xmprt_replicate_end(A);
    // Outside regions: C keeps a persistent device instance; the host of A
    // is the reference. C[0:6] = A[1:13:2], staged through the host.
    for (int64_t i = lo; i < hi; ++i)
      ha[xmprt_darray_global_to_local(A, 0, i)] = 7.0 * i + 2;
    xmprt_darray_host_modified(A);
    xmprt_darray_device_acquire(C, XMPRT_ACCESS_READ);
  }
  xmprt_gmove_on(q, 32, 1, C, head, A, rev, nullptr);
  if (in) {
    std::vector<double> dc = deviceImage(C, extC);
    for (int64_t i = 0; i < n; ++i)
      if (ownsC(i)) {
        int64_t l = xmprt_darray_global_to_local(C, 0, i);
        double want = i < 6 ? 7.0 * (2 * i + 1) + 2 : 3.0 * i + 1;
        EXPECT_EQ(hc[l], want) << "host C " << i;
        EXPECT_EQ(dc[l], want) << "device C " << i;
      }
  }
  xmprt_darray_destroy(C);
  xmprt_darray_destroy(A);
  xmprt_template_destroy(tc);
  xmprt_template_destroy(tb);
  xmprt_grid_destroy(q);
  xmprt_grid_destroy(g);
}

// Collectives on device buffers (staged through the host or through NCCL,
// as the environment's mode says).
TEST(GpuData, ReduceAndBcastDeviceBuffer) {
  NEED_GPU();
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  void *st = xmprt_gpu_stream();
  std::vector<double> v = {1.0 + xt::me(), 2.0 * xt::me()};
  auto *d = (double *)mgpuMemAlloc(16, st, false);
  h2d(d, v.data(), 16);
  xmprt_reduce(g, -1, XMPRT_RED_SUM, XMPRT_F64, d, 2);
  std::vector<double> out(2);
  d2h(out.data(), d, 16);
  int n = xt::np();
  EXPECT_EQ(out[0], n + n * (n - 1) / 2.0);
  EXPECT_EQ(out[1], 2.0 * (n * (n - 1) / 2.0));
  int64_t root[1] = {n - 1};
  v = {42.0 + xt::me(), -1.0};
  h2d(d, v.data(), 16);
  xmprt_bcast(g, root, d, 16);
  d2h(out.data(), d, 16);
  EXPECT_EQ(out[0], 42.0 + (n - 1));
  mgpuMemFree(d, st);
  mgpuStreamSynchronize(st);
  xmprt_grid_destroy(g);
}

// The asynchronous forms on device buffers: staged into the request (or,
// through NCCL, copied into device scratch) at the start, back in the
// buffer after the wait (and not before: the device
// buffer is overwritten between start and wait, and the wait's values
// win). Several elements, an i1 sum (its low bits), and a bcast whose
// root is not rank 0, on a grid axis of 2-D grids too.
TEST(GpuData, ReduceAndBcastStartDeviceBuffer) {
  NEED_GPU();
  int n = xt::np();
  int64_t s[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s);
  void *st = xmprt_gpu_stream();
  const int64_t N = 5;
  std::vector<double> v(N), out(N);
  for (int64_t k = 0; k < N; ++k)
    v[k] = 1.0 + k * xt::me();
  auto *d = (double *)mgpuMemAlloc(N * 8, st, false);
  h2d(d, v.data(), N * 8);
  xmprt_request *r = xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, d, N);
  // The buffer is the operation's until the wait: the staged values win.
  // (One rank: nothing to combine, no request, the buffer done already.)
  std::vector<double> junk(N, -7.0);
  if (r)
    h2d(d, junk.data(), N * 8);
  xmprt_wait(r);
  d2h(out.data(), d, N * 8);
  for (int64_t k = 0; k < N; ++k)
    EXPECT_EQ(out[k], n + k * (n * (n - 1) / 2.0)) << "element " << k;
  // i1: the sum of n ones keeps its low bit.
  auto *b = (unsigned char *)mgpuMemAlloc(3, st, false);
  unsigned char ones[3] = {1, 1, 0};
  h2d(b, ones, 3);
  r = xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_I1, b, 3);
  xmprt_wait(r);
  unsigned char got[3];
  d2h(got, b, 3);
  EXPECT_EQ(got[0], n % 2);
  EXPECT_EQ(got[1], n % 2);
  EXPECT_EQ(got[2], 0);
  // bcast from the last rank.
  int64_t root[1] = {n - 1};
  for (int64_t k = 0; k < N; ++k)
    v[k] = 42.0 + k + 100 * xt::me();
  h2d(d, v.data(), N * 8);
  r = xmprt_bcast_start(g, root, d, N * 8);
  xmprt_wait(r);
  d2h(out.data(), d, N * 8);
  for (int64_t k = 0; k < N; ++k)
    EXPECT_EQ(out[k], 42.0 + k + 100 * (n - 1)) << "element " << k;
  // Along one axis of a 2-D grid (the ranks in a row).
  if (n % 2 == 0) {
    int64_t s2[] = {2, D};
    xmprt_grid *g2 = xmprt_grid_create(2, s2);
    int64_t col = xt::me() % (n / 2);
    for (int64_t k = 0; k < N; ++k)
      v[k] = (double)xt::me();
    h2d(d, v.data(), N * 8);
    r = xmprt_reduce_start(g2, 0, XMPRT_RED_MAX, XMPRT_F64, d, N);
    xmprt_wait(r);
    d2h(out.data(), d, N * 8);
    for (int64_t k = 0; k < N; ++k)
      EXPECT_EQ(out[k], (double)(n / 2 + col)) << "element " << k;
    xmprt_grid_destroy(g2);
  }
  mgpuMemFree(b, st);
  mgpuMemFree(d, st);
  mgpuStreamSynchronize(st);
  xmprt_grid_destroy(g);
}

//--- device collectives: staged and NCCL ------------------------------------------
// Every device collective in each device-collectives mode (staged, nccl,
// auto) and both host algorithms (plain, hybrid), against closed forms and
// against each other. Whether NCCL runs depends on the machine (libnccl,
// one GPU per rank; on the mocked CUDA runtime the mocked NCCL,
// XMPRT_MOCK_DEVICES, XMPRT_MOCK_NCCL): the tests check that NCCL ran
// exactly where the runtime decided it could and the operation allows it,
// and, under XMPRT_TEST_NCCL_EXPECT, that the world grid's decision
// contains that text ("NCCL", "share GPU", "cannot load NCCL", ...).

// The modes the environment chose, restored when a test ends.
struct SavedModes {
  int32_t dev = xmprt_get_device_collectives();
  int32_t host = xmprt_get_collectives();
  ~SavedModes() {
    xmprt_set_device_collectives(dev);
    xmprt_set_collectives(host);
  }
};

struct ModePair {
  int32_t dev, host;
  const char *name;
};
const ModePair kModes[] = {
    {XMPRT_DEVCOLL_STAGED, XMPRT_COLL_PLAIN, "staged/plain"},
    {XMPRT_DEVCOLL_STAGED, XMPRT_COLL_HYBRID, "staged/hybrid"},
    {XMPRT_DEVCOLL_NCCL, XMPRT_COLL_PLAIN, "nccl/plain"},
    {XMPRT_DEVCOLL_NCCL, XMPRT_COLL_HYBRID, "nccl/hybrid"},
    {XMPRT_DEVCOLL_AUTO, XMPRT_COLL_PLAIN, "auto/plain"},
};

// The decision for g (axis); "" when undecided. The whole grid's (a grid
// of every rank) must be the same on every rank.
std::string ncclDecision(xmprt_grid *g, int32_t axis, int32_t *path) {
  char why[512] = "";
  *path = xmprt_device_collectives_path(g, axis, why, sizeof why);
  if (axis < 0) {
    int lo = *path, hi = *path;
    MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    EXPECT_EQ(lo, hi) << "ranks disagree on the NCCL decision: " << why;
  }
  return why;
}

void expectWorldDecision(xmprt_grid *g) {
  const char *want = getenv("XMPRT_TEST_NCCL_EXPECT");
  if (!want || !*want || xt::np() < 2)
    return;
  int32_t path = -1;
  std::string why = ncclDecision(g, -1, &path);
  EXPECT_NE(why.find(want), std::string::npos)
      << "decision '" << why << "' lacks '" << want << "'";
}

// One reduction case: count elements of type T, rank q's input in(q, k),
// the result the fold of comb over the ranks in rank order (then post).
struct RedCase {
  const char *name;
  int32_t type, op;
  int64_t count, esize;
  bool ncclCan; // NCCL can do it
  std::function<void(int q, char *buf)> input;
  std::function<void(char *acc, const char *in)> combine;
  std::function<void(char *acc)> post;
};

template <class T>
RedCase redCase(const char *name, int32_t type, int32_t op, int64_t count,
                bool ncclCan, std::function<T(int, int64_t)> in,
                std::function<T(T, T)> comb,
                std::function<T(T)> post = nullptr) {
  RedCase c{name, type, op, count, (int64_t)sizeof(T), ncclCan, nullptr,
            nullptr, nullptr};
  c.input = [in, count](int q, char *b) {
    for (int64_t k = 0; k < count; ++k) {
      T v = in(q, k);
      memcpy(b + k * sizeof(T), &v, sizeof(T));
    }
  };
  c.combine = [comb, count](char *acc, const char *x) {
    for (int64_t k = 0; k < count; ++k) {
      T a, b;
      memcpy(&a, acc + k * sizeof(T), sizeof(T));
      memcpy(&b, x + k * sizeof(T), sizeof(T));
      a = comb(a, b);
      memcpy(acc + k * sizeof(T), &a, sizeof(T));
    }
  };
  if (post)
    c.post = [post, count](char *acc) {
      for (int64_t k = 0; k < count; ++k) {
        T a;
        memcpy(&a, acc + k * sizeof(T), sizeof(T));
        a = post(a);
        memcpy(acc + k * sizeof(T), &a, sizeof(T));
      }
    };
  return c;
}

struct LocF64 {
  double v;
  int64_t i;
};

std::vector<RedCase> reductionCases() {
  using C64 = std::complex<double>;
  using C32 = std::complex<float>;
  std::vector<RedCase> v;
  v.push_back(redCase<double>(
      "f64 sum", XMPRT_F64, XMPRT_RED_SUM, 5, true,
      [](int q, int64_t k) { return 1.0 + (double)k * q; },
      [](double a, double b) { return a + b; }));
  v.push_back(redCase<float>(
      "f32 sum", XMPRT_F32, XMPRT_RED_SUM, 3, true,
      [](int q, int64_t k) { return (float)(q + k); },
      [](float a, float b) { return a + b; }));
  v.push_back(redCase<double>(
      "f64 min", XMPRT_F64, XMPRT_RED_MIN, 3, true,
      [](int q, int64_t k) { return (double)((q * 5 + k * 3) % 7) - 2.5; },
      [](double a, double b) { return std::min(a, b); }));
  v.push_back(redCase<int32_t>(
      "i32 max", XMPRT_I32, XMPRT_RED_MAX, 4, true,
      [](int q, int64_t k) { return (int32_t)((q * 7 + k) % 5) - 2; },
      [](int32_t a, int32_t b) { return std::max(a, b); }));
  v.push_back(redCase<int64_t>(
      "i64 prod", XMPRT_I64, XMPRT_RED_PROD, 2, true,
      [](int q, int64_t k) { return (int64_t)(q % 3 + 1 + k); },
      [](int64_t a, int64_t b) { return a * b; }));
  v.push_back(redCase<int8_t>(
      "i8 min", XMPRT_I8, XMPRT_RED_MIN, 3, true,
      [](int q, int64_t k) { return (int8_t)(q * 3 - k * 5); },
      [](int8_t a, int8_t b) { return std::min(a, b); }));
  v.push_back(redCase<int8_t>(
      "i8 sum (wraps)", XMPRT_I8, XMPRT_RED_SUM, 2, true,
      [](int q, int64_t k) { return (int8_t)(100 + q + k); },
      [](int8_t a, int8_t b) { return (int8_t)(uint8_t)((uint8_t)a + (uint8_t)b); }));
  v.push_back(redCase<uint8_t>(
      "i1 land", XMPRT_I1, XMPRT_RED_LAND, 3, true,
      [](int q, int64_t k) { return (uint8_t)(k == 0 ? 1 : k == 1 ? q % 2 : 0); },
      [](uint8_t a, uint8_t b) { return (uint8_t)(a && b); }));
  v.push_back(redCase<uint8_t>(
      "i1 lor", XMPRT_I1, XMPRT_RED_LOR, 3, true,
      [](int q, int64_t k) { return (uint8_t)(k == 0 ? 1 : k == 1 ? q % 2 : 0); },
      [](uint8_t a, uint8_t b) { return (uint8_t)(a || b); }));
  v.push_back(redCase<uint8_t>(
      "i1 max", XMPRT_I1, XMPRT_RED_MAX, 2, true,
      [](int q, int64_t k) { return (uint8_t)((q + k) % 2); },
      [](uint8_t a, uint8_t b) { return std::max(a, b); }));
  v.push_back(redCase<C64>(
      "c64 sum", XMPRT_C64, XMPRT_RED_SUM, 2, true,
      [](int q, int64_t k) { return C64((double)q, -2.0 * q + (double)k); },
      [](C64 a, C64 b) { return a + b; }));
  v.push_back(redCase<C32>(
      "c32 sum", XMPRT_C32, XMPRT_RED_SUM, 3, true,
      [](int q, int64_t k) { return C32((float)(q + k), (float)q); },
      [](C32 a, C32 b) { return a + b; }));
  // What NCCL cannot do: staged in every mode.
  v.push_back(redCase<uint8_t>(
      "i1 sum", XMPRT_I1, XMPRT_RED_SUM, 3, false,
      [](int, int64_t k) { return (uint8_t)(k < 2 ? 1 : 0); },
      [](uint8_t a, uint8_t b) { return (uint8_t)(a + b); },
      [](uint8_t a) { return (uint8_t)(a & 1); }));
  v.push_back(redCase<int16_t>(
      "i16 sum", XMPRT_I16, XMPRT_RED_SUM, 2, false,
      [](int q, int64_t k) { return (int16_t)(q * 1000 + k); },
      [](int16_t a, int16_t b) { return (int16_t)(a + b); }));
  v.push_back(redCase<int32_t>(
      "i32 bxor", XMPRT_I32, XMPRT_RED_BXOR, 2, false,
      [](int q, int64_t k) { return (int32_t)((q + 1) << k); },
      [](int32_t a, int32_t b) { return a ^ b; }));
  v.push_back(redCase<int64_t>(
      "i64 land", XMPRT_I64, XMPRT_RED_LAND, 2, false,
      [](int q, int64_t k) { return (int64_t)(k == 0 ? q + 5 : q % 2); },
      [](int64_t a, int64_t b) { return (int64_t)(a && b); }));
  v.push_back(redCase<C32>(
      "c32 prod", XMPRT_C32, XMPRT_RED_PROD, 1, false,
      [](int q, int64_t) { return C32(1.0f, (float)(q % 2)); },
      [](C32 a, C32 b) { return a * b; }));
  v.push_back(redCase<LocF64>(
      "f64 maxloc", XMPRT_F64, XMPRT_RED_MAXLOC, 2, false,
      [](int q, int64_t k) { return LocF64{(double)((q * 3 + k) % 4), q}; },
      [](LocF64 a, LocF64 b) {
        return b.v > a.v || (b.v == a.v && b.i < a.i) ? b : a;
      }));
  return v;
}

// Reductions of every kind on device buffers over the grid and (n even)
// both axes of a 2 x n/2 grid, in every mode: the closed form's values
// (bit for bit: the inputs are small integers), one NCCL operation each
// exactly when the communicator uses NCCL, the mode asks for it and NCCL
// has the reduction.
TEST(GpuCollectives, ReduceEveryModeAndKind) {
  NEED_GPU();
  SavedModes saved;
  int n = xt::np(), me = xt::me();
  int64_t s1[] = {D}, s2[] = {2, D};
  xmprt_grid *g = xmprt_grid_create(1, s1);
  xmprt_grid *g2 = n % 2 == 0 ? xmprt_grid_create(2, s2) : nullptr;
  void *st = xmprt_gpu_stream();
  auto *d = (char *)mgpuMemAlloc(1024, st, false);
  for (const ModePair &m : kModes) {
    xmprt_set_device_collectives(m.dev);
    xmprt_set_collectives(m.host);
    for (const RedCase &c : reductionCases()) {
      // (grid, axis, the ranks of that communicator in rank order)
      std::vector<std::tuple<xmprt_grid *, int32_t, std::vector<int>>> comms;
      std::vector<int> all(n);
      for (int q = 0; q < n; ++q)
        all[q] = q;
      comms.emplace_back(g, -1, all);
      if (g2) {
        int cols = n / 2, row = me / cols, col = me % cols;
        comms.emplace_back(g2, 0, std::vector<int>{col, cols + col});
        std::vector<int> rowRanks;
        for (int q = 0; q < cols; ++q)
          rowRanks.push_back(row * cols + q);
        comms.emplace_back(g2, 1, rowRanks);
      }
      for (auto &[gr, axis, ranks] : comms) {
        int64_t bytes = c.count * c.esize;
        std::vector<char> in(bytes), want(bytes), got(bytes), x(bytes);
        c.input(me, in.data());
        c.input(ranks[0], want.data());
        for (size_t k = 1; k < ranks.size(); ++k) {
          c.input(ranks[k], x.data());
          c.combine(want.data(), x.data());
        }
        if (c.post && ranks.size() > 1)
          c.post(want.data());
        h2d(d, in.data(), bytes);
        int64_t ops0 = xmprt_device_collectives_nccl_ops();
        xmprt_reduce(gr, axis, c.op, c.type, d, c.count);
        int64_t ops = xmprt_device_collectives_nccl_ops() - ops0;
        d2h(got.data(), d, bytes);
        EXPECT_EQ(0, memcmp(got.data(), want.data(), bytes))
            << m.name << " " << c.name << " axis " << axis;
        int32_t path = -1;
        std::string why = ncclDecision(gr, axis, &path);
        bool asked = m.dev == XMPRT_DEVCOLL_NCCL ||
                     m.dev == XMPRT_DEVCOLL_AUTO; // XMP_NCCL_MIN_BYTES 0
        int64_t want1 = asked && c.ncclCan && path == 1 && ranks.size() > 1;
        EXPECT_EQ(ops, want1) << m.name << " " << c.name << " axis " << axis
                              << " (" << why << ")";
      }
    }
  }
  expectWorldDecision(g);
  mgpuMemFree(d, st);
  mgpuStreamSynchronize(st);
  if (g2)
    xmprt_grid_destroy(g2);
  xmprt_grid_destroy(g);
}

// Broadcasts (from the last rank; sizes past the hybrid slot) and
// all-gathers (the grid, the axes of a 2 x n/2 grid, in place, and a send
// block overlapping the result elsewhere than at the rank's own place) in
// every mode.
TEST(GpuCollectives, BcastAndAllgatherEveryMode) {
  NEED_GPU();
  SavedModes saved;
  int n = xt::np(), me = xt::me();
  int64_t s1[] = {D}, s2[] = {2, D};
  xmprt_grid *g = xmprt_grid_create(1, s1);
  xmprt_grid *g2 = n % 2 == 0 ? xmprt_grid_create(2, s2) : nullptr;
  void *st = xmprt_gpu_stream();
  const int64_t big = (1 << 20) + 24;
  auto *d = (unsigned char *)mgpuMemAlloc((uint64_t)big * n, st, false);
  auto *e = (unsigned char *)mgpuMemAlloc((uint64_t)big * n, st, false);
  auto pat = [](int q, int64_t k) {
    return (unsigned char)(q * 37 + k * 11 + (k >> 8));
  };
  for (const ModePair &m : kModes) {
    xmprt_set_device_collectives(m.dev);
    xmprt_set_collectives(m.host);
    for (int64_t bytes : {(int64_t)8, (int64_t)1000, big}) {
      std::vector<unsigned char> h(bytes), got(bytes);
      for (int64_t k = 0; k < bytes; ++k)
        h[k] = pat(me, k);
      h2d(d, h.data(), bytes);
      int64_t root[1] = {n - 1};
      xmprt_bcast(g, root, d, bytes);
      d2h(got.data(), d, bytes);
      int64_t bad = 0;
      for (int64_t k = 0; k < bytes; ++k)
        bad += got[k] != pat(n - 1, k);
      EXPECT_EQ(bad, 0) << m.name << " bcast " << bytes;
      // All-gather over the grid: separate buffers, then in place (the own
      // block at its place), then every rank's block at the start of the
      // result (an overlap NCCL does not take as it is).
      for (int form = 0; form < 3; ++form) {
        std::vector<unsigned char> r((size_t)(bytes * n));
        h2d(d, h.data(), bytes);
        const void *send = d;
        if (form == 1) {
          h2d(e + me * bytes, h.data(), bytes);
          send = e + me * bytes;
        } else if (form == 2) {
          h2d(e, h.data(), bytes);
          send = e;
        }
        xmprt_allgather(g, -1, send, bytes, e);
        d2h(r.data(), e, bytes * n);
        bad = 0;
        for (int q = 0; q < n; ++q)
          for (int64_t k = 0; k < bytes; ++k)
            bad += r[q * bytes + k] != pat(q, k);
        EXPECT_EQ(bad, 0) << m.name << " allgather form " << form << " "
                          << bytes;
      }
      if (g2) { // along both axes
        int cols = n / 2, row = me / cols, col = me % cols;
        for (int32_t axis = 0; axis < 2; ++axis) {
          int len = axis == 0 ? 2 : cols;
          std::vector<unsigned char> r((size_t)(bytes * len));
          h2d(d, h.data(), bytes);
          xmprt_allgather(g2, axis, d, bytes, e);
          d2h(r.data(), e, bytes * len);
          bad = 0;
          for (int i = 0; i < len; ++i) {
            int q = axis == 0 ? i * cols + col : row * cols + i;
            for (int64_t k = 0; k < bytes; ++k)
              bad += r[i * bytes + k] != pat(q, k);
          }
          EXPECT_EQ(bad, 0) << m.name << " allgather axis " << axis << " "
                            << bytes;
        }
      }
    }
  }
  expectWorldDecision(g);
  mgpuMemFree(e, st);
  mgpuMemFree(d, st);
  mgpuStreamSynchronize(st);
  if (g2)
    xmprt_grid_destroy(g2);
  xmprt_grid_destroy(g);
}

// The started forms in every mode: the operation works on the buffer as it
// was at the start (a write between start and wait is overwritten by the
// result), xmprt_test may be asked between start and wait, a blocking
// collective on another communicator may come in between, and async ids
// complete them.
TEST(GpuCollectives, StartedFormsEveryMode) {
  NEED_GPU();
  SavedModes saved;
  int n = xt::np(), me = xt::me();
  int64_t s1[] = {D}, s2[] = {2, D};
  xmprt_grid *g = xmprt_grid_create(1, s1);
  xmprt_grid *g2 = n % 2 == 0 ? xmprt_grid_create(2, s2) : nullptr;
  void *st = xmprt_gpu_stream();
  const int64_t N = 6;
  auto *d = (double *)mgpuMemAlloc(N * 8, st, false);
  auto *b = (double *)mgpuMemAlloc(N * 8, st, false);
  auto *x = (int32_t *)mgpuMemAlloc(16, st, false);
  for (const ModePair &m : kModes) {
    xmprt_set_device_collectives(m.dev);
    xmprt_set_collectives(m.host);
    std::vector<double> v(N), out(N), junk(N, -7.0);
    for (int64_t k = 0; k < N; ++k)
      v[k] = 1.0 + k * me;
    h2d(d, v.data(), N * 8);
    xmprt_request *r = xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, d, N);
    (void)xmprt_test(r); // 0 or 1; never blocks
    if (r)
      h2d(d, junk.data(), N * 8);
    // bcast from rank 0 of the buffer b, started; a blocking reduction on
    // an axis communicator between the starts and the waits.
    std::vector<double> w(N);
    for (int64_t k = 0; k < N; ++k)
      w[k] = 10.0 * me + k;
    h2d(b, w.data(), N * 8);
    int64_t root[1] = {0};
    xmprt_request *rb = xmprt_bcast_start(g, root, b, N * 8);
    if (g2) {
      int32_t xs[4] = {me, -me, me % 3, 1};
      h2d(x, xs, 16);
      xmprt_reduce(g2, 1, XMPRT_RED_MAX, XMPRT_I32, x, 4);
      int32_t got[4];
      d2h(got, x, 16);
      int cols = n / 2, row = me / cols;
      EXPECT_EQ(got[0], row * cols + cols - 1) << m.name;
      EXPECT_EQ(got[1], -row * cols) << m.name;
    }
    xmprt_async_register(5, rb, -1, nullptr);
    xmprt_wait(r);
    d2h(out.data(), d, N * 8);
    for (int64_t k = 0; k < N; ++k)
      EXPECT_EQ(out[k], n + k * (n * (n - 1) / 2.0))
          << m.name << " reduce_start element " << k;
    int32_t t = xmprt_async_test(5);
    EXPECT_TRUE(t == 0 || t == 1);
    xmprt_async_wait(5);
    d2h(out.data(), b, N * 8);
    for (int64_t k = 0; k < N; ++k)
      EXPECT_EQ(out[k], (double)k) << m.name << " bcast_start element " << k;
    // An i1 sum (staged in every mode) and an i32 min, started.
    auto *u = (unsigned char *)x;
    unsigned char ones[3] = {1, 1, 0};
    h2d(u, ones, 3);
    r = xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_I1, u, 3);
    xmprt_wait(r);
    unsigned char ug[3];
    d2h(ug, u, 3);
    EXPECT_EQ(ug[0], n % 2) << m.name;
    EXPECT_EQ(ug[2], 0) << m.name;
  }
  expectWorldDecision(g);
  mgpuMemFree(x, st);
  mgpuMemFree(b, st);
  mgpuMemFree(d, st);
  mgpuStreamSynchronize(st);
  if (g2)
    xmprt_grid_destroy(g2);
  xmprt_grid_destroy(g);
}

// XMP_VERBOSE: the decision for a communicator, once, from its rank 0; an
// operation NCCL cannot do, once per function and reason. Read back from
// this process's stderr (rank 0 prints).
TEST(GpuCollectives, VerboseSaysWhy) {
  NEED_GPU();
  if (xt::np() < 2)
    GTEST_SKIP() << "one rank: device collectives communicate nothing";
  const char *verbose = getenv("XMP_VERBOSE");
  if (verbose && !strcmp(verbose, "1"))
    GTEST_SKIP() << "XMP_VERBOSE=1 already: the once-only lines may have "
                    "been printed by earlier tests";
  SavedModes saved;
  xmprt_set_device_collectives(XMPRT_DEVCOLL_NCCL);
  char path[] = "/tmp/xmprt_verbose_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  fflush(stderr);
  int saved2 = dup(2);
  dup2(fd, 2);
  const char *old = getenv("XMP_VERBOSE");
  std::string oldVal = old ? old : "";
  setenv("XMP_VERBOSE", "1", 1);
  int64_t s1[] = {D};
  xmprt_grid *g = xmprt_grid_create(1, s1);
  void *st = xmprt_gpu_stream();
  auto *d = (unsigned char *)mgpuMemAlloc(16, st, false);
  unsigned char z[16] = {};
  h2d(d, z, 16);
  xmprt_reduce(g, -1, XMPRT_RED_SUM, XMPRT_F64, d, 2);
  xmprt_reduce(g, -1, XMPRT_RED_MAX, XMPRT_F64, d, 2); // no second line
  xmprt_reduce(g, -1, XMPRT_RED_SUM, XMPRT_I1, d, 4);
  xmprt_reduce(g, -1, XMPRT_RED_SUM, XMPRT_I1, d, 4); // no second line
  fflush(stderr);
  dup2(saved2, 2);
  close(saved2);
  close(fd);
  if (old)
    setenv("XMP_VERBOSE", oldVal.c_str(), 1);
  else
    unsetenv("XMP_VERBOSE");
  std::ifstream f(path);
  std::string text((std::istreambuf_iterator<char>(f)),
                   std::istreambuf_iterator<char>());
  unlink(path);
  int32_t p = -1;
  std::string why = ncclDecision(g, -1, &p);
  EXPECT_TRUE(p == 0 || p == 1);
  auto count = [&](const std::string &s) {
    size_t c = 0;
    for (size_t at = text.find(s); at != std::string::npos;
         at = text.find(s, at + 1))
      ++c;
    return c;
  };
  std::string line = "device collectives on grid [" +
                     std::to_string(xt::np()) + "] (" +
                     std::to_string(xt::np()) + " ranks): " + why + "\n";
  std::string i1 = "xmprt_reduce: device collective staged: an i1 sum";
  if (xt::me() == 0) {
    EXPECT_EQ(count(line), 1u) << "stderr:\n" << text;
    EXPECT_EQ(count(i1), 1u) << "stderr:\n" << text;
    EXPECT_EQ(why.rfind(p == 1 ? "NCCL " : "staged: ", 0), 0u) << why;
  } else {
    EXPECT_EQ(count("device collective"), 0u) << "stderr:\n" << text;
  }
  mgpuMemFree(d, st);
  mgpuStreamSynchronize(st);
  xmprt_grid_destroy(g);
}

//--- split loops ----------------------------------------------------------------

TEST(GpuSplit, TimerMeasuresTheStream) {
  NEED_GPU();
  mgpuStreamSynchronize(stream()); // an idle stream: events complete at once
  xmprt_gpu_timer_start();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  double t = xmprt_gpu_timer_stop();
  EXPECT_GE(t, 0.025);
  EXPECT_LT(t, 10.0);
  // GPU work between the events (a copy on the stream), restart included
  const int64_t n = 1 << 20;
  std::vector<char> h(n, 7);
  void *d = mgpuMemAlloc(n, stream(), false);
  xmprt_gpu_timer_start();
  xmprt_gpu_timer_start(); // restarts
  mgpuMemcpy(d, h.data(), n, stream());
  t = xmprt_gpu_timer_stop();
  EXPECT_GE(t, 0.0);
  EXPECT_LT(t, 10.0);
  mgpuMemFree(d, stream());
  mgpuStreamSynchronize(stream());
}

// The mocked CUDA runtime counts recorded events (absent on a real GPU).
extern "C" __attribute__((weak)) long xmprt_mock_event_records(void);

// A weight(auto) loop settled on the GPU alone times only the steps its
// next search round learns from (the last XMP_WEIGHT_SAMPLES before each
// XMP_WEIGHT_REPROBE): its other steps cost what a weight-0 step costs (no
// events). Runs before GpuOnlyStepsTimedWhenRead, which makes every step
// timed for the rest of the process (xmprt_step_times_used).
TEST(GpuSplit, SettledAutoStepsUntimed) {
  NEED_GPU();
  if (!xmprt_mock_event_records)
    GTEST_SKIP() << "counts the events of the mocked CUDA runtime";
  for (const char *v : {"XMP_VERBOSE", "XMP_WEIGHT_TRACE", "XMP_STEP_TIMING",
                        "XMP_WEIGHT_SAMPLES", "XMP_WEIGHT_REPROBE",
                        "XMP_WEIGHT_INIT", "XMP_WEIGHT_PROBE"})
    if (getenv(v))
      GTEST_SKIP() << v << " is set";
  const int64_t id = 7002;
  // One step: all on the GPU through begin/end at weight 0, or a split
  // step whose CPU part is hopeless (1 s per iteration against a GPU
  // step of about 0.1 ms). Returns whether events were recorded.
  auto step = [&]() {
    long n0 = xmprt_mock_event_records();
    double w = xmprt_loop_weight(id, XMPRT_WEIGHT_AUTO, 0.0);
    if (w == 0.0) {
      xmprt_loop_gpu_begin(id);
      std::this_thread::sleep_for(std::chrono::microseconds(100));
      xmprt_loop_gpu_end(id, 1000);
    } else {
      int64_t c = std::max<int64_t>(1, (int64_t)(w * 1000));
      xmprt_loop_report(id, 1.0 * c, c, 1e-4, 1000 - c);
    }
    return std::make_pair(w, xmprt_mock_event_records() != n0);
  };
  // Warm-up and the probe of the CPU (deferred while the executor starts
  // on its helper thread), then a few steps to settle.
  bool probed = false;
  for (int i = 0; i < 20000 && !probed; ++i)
    probed = step().first > 0;
  ASSERT_TRUE(probed) << "the CPU side was never probed";
  for (int i = 0; i < 5; ++i)
    step();
  std::vector<int> timed;
  int probes = 0;
  for (int i = 0; i < 300; ++i) {
    auto [w, t] = step();
    probes += w > 0;
    if (t)
      timed.push_back(i);
  }
  mgpuStreamSynchronize(stream());
  // Without the rule all 300 are timed. With it: the steps before each of
  // the (at most 4) rounds in that window, and a round's own steps.
  EXPECT_GE(timed.size(), 3u);
  EXPECT_LE(timed.size(), 4u * (3 + 2)) << "settled steps were timed";
  EXPECT_EQ(probes, 0) << "the hopeless CPU side was probed again";
  // Timed steps come in runs just before a round, not spread out.
  for (size_t k = 1; k < timed.size(); ++k)
    if (timed[k] != timed[k - 1] + 1)
      EXPECT_GE(timed[k] - timed[k - 1], 90) << "steps " << timed[k - 1]
                                             << " and " << timed[k];
}

extern "C" __attribute__((weak)) long xmprt_mock_event_syncs(void);

// A weight(auto) loop searching from a GPU-only incumbent reads its
// GPU-only steps once the GPU has run them: the host does not wait for
// each step before launching the next (which drained the stream every
// step: about 10 us a step on an H200), only when its ring of 4 timed
// steps is full. Here each GPU step queues a device copy, which the mock
// runs only when someone waits; the CPU side is hopeless, so the search
// probes it once and settles.
TEST(GpuSplit, AutoSearchDoesNotWaitForEachStep) {
  NEED_GPU();
  if (!xmprt_mock_event_syncs)
    GTEST_SKIP() << "counts the event waits of the mocked CUDA runtime";
  for (const char *v : {"XMP_VERBOSE", "XMP_WEIGHT_TRACE", "XMP_STEP_TIMING",
                        "XMP_WEIGHT_WARMUP", "XMP_WEIGHT_INIT"})
    if (getenv(v))
      GTEST_SKIP() << v << " is set";
  const int64_t id = 7003, n = 4096;
  void *a = mgpuMemAlloc(n, stream(), false), *b = mgpuMemAlloc(n, stream(), false);
  int gpuSteps = 0;
  long s0 = xmprt_mock_event_syncs();
  bool probed = false;
  for (int i = 0; i < 200 && !probed; ++i) {
    double w = xmprt_loop_weight(id, XMPRT_WEIGHT_AUTO, 0.0);
    if (w == 0.0) {
      xmprt_loop_gpu_begin(id);
      mgpuMemcpy(b, a, n, stream()); // queued until someone waits
      xmprt_loop_gpu_end(id, 1000);
      ++gpuSteps;
    } else {
      probed = true;
      int64_t c = std::max<int64_t>(1, (int64_t)(w * 1000));
      xmprt_loop_report(id, 1.0 * c, c, 1e-4, 1000 - c);
    }
  }
  long waits = xmprt_mock_event_syncs() - s0;
  ASSERT_TRUE(probed) << "the CPU side was never probed";
  // The search needs two steps learnt (the warm-up and the incumbent)
  // before its probe; waiting for each step took a wait per GPU step.
  EXPECT_GE(gpuSteps, 2);
  EXPECT_LE(waits, 1 + gpuSteps / 4)
      << waits << " waits in " << gpuSteps << " GPU-only steps";
  mgpuMemFree(a, stream());
  mgpuMemFree(b, stream());
  mgpuStreamSynchronize(stream());
}

// A step run all on the GPU records its two events only when something can
// read its time: here a fixed-weight loop with no trace, nothing reading
// xmp.gpu_time and XMP_STEP_TIMING unset costs no event, and after
// xmprt_step_times_used (a module reads the times) each step records two
// and xmprt_gpu_time sees it.
TEST(GpuSplit, GpuOnlyStepsTimedWhenRead) {
  NEED_GPU();
  if (!xmprt_mock_event_records)
    GTEST_SKIP() << "counts the events of the mocked CUDA runtime";
  for (const char *v : {"XMP_VERBOSE", "XMP_WEIGHT_TRACE", "XMP_STEP_TIMING"})
    if (getenv(v))
      GTEST_SKIP() << v << " is set";
  const int64_t id = 7001;
  long n0 = xmprt_mock_event_records();
  EXPECT_EQ(xmprt_loop_weight(id, XMPRT_WEIGHT_FIXED, 0.0), 0.0);
  xmprt_loop_gpu_begin(id);
  xmprt_loop_gpu_end(id, 10);
  EXPECT_EQ(xmprt_mock_event_records(), n0);
  // begin/end still pair up
  xmprt_loop_gpu_begin(id);
  xmprt_loop_gpu_end(id, 10);
  EXPECT_EQ(xmprt_mock_event_records(), n0);

  xmprt_step_times_used();
  mgpuStreamSynchronize(stream());
  EXPECT_EQ(xmprt_loop_weight(id, XMPRT_WEIGHT_FIXED, 0.0), 0.0);
  xmprt_loop_gpu_begin(id);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  xmprt_loop_gpu_end(id, 10);
  EXPECT_EQ(xmprt_mock_event_records(), n0 + 2);
  double t = xmprt_gpu_time();
  EXPECT_GE(t, 0.0);
  EXPECT_LT(t, 10.0);
  EXPECT_EQ(xmprt_cpu_time(), 0.0);
}

// One array dimension of a split-coherence case.
struct SDim {
  int64_t m;
  int32_t kind;    // template dim kind
  int64_t w;       // cyclic width
  int64_t slo, shi; // F in both: full shadow
  int64_t tn = -1, off = 0; // template size (-1: m) and alignment offset
};

struct SArr {
  xmprt_grid *g = nullptr;
  xmprt_template *t = nullptr;
  xmprt_darray *a = nullptr;
  std::vector<SDim> dims;
  std::vector<int64_t> ext;
  int64_t elems = 1;
  SArr(std::vector<int64_t> grid, std::vector<SDim> ds) : dims(ds) {
    g = xmprt_grid_create((int32_t)grid.size(), grid.data());
    int32_t r = (int32_t)ds.size();
    std::vector<int64_t> tsz, m, slo, shi, off, params;
    std::vector<int32_t> kinds, al;
    for (int32_t d = 0; d < r; ++d) {
      tsz.push_back(ds[d].tn < 0 ? ds[d].m : ds[d].tn);
      m.push_back(ds[d].m);
      kinds.push_back(ds[d].kind);
      params.push_back(ds[d].w);
      al.push_back(d);
      off.push_back(ds[d].off);
      slo.push_back(ds[d].slo);
      shi.push_back(ds[d].shi);
    }
    t = xmprt_template_create(r, tsz.data());
    xmprt_template_distribute(t, g, kinds.data(), params.data(), nullptr);
    a = xmprt_darray_create(t, r, m.data(), al.data(), off.data(), slo.data(),
                            shi.data(), XMPRT_F64);
    for (int32_t d = 0; d < r; ++d) {
      ext.push_back(xmprt_darray_local_extent(a, d));
      elems *= ext.back();
    }
  }
  ~SArr() {
    xmprt_darray_destroy(a);
    xmprt_template_destroy(t);
    xmprt_grid_destroy(g);
  }
  bool inGrid() const { return xmprt_grid_rank(g) >= 0; }
  double *host() const { return (double *)xmprt_darray_data(a); }
  // Global array index stored at local index l of dim d (owned element or
  // allocated shadow slot), or false when l holds nothing. Independent of
  // the runtime's local-run computation: owned ranges from the ABI, cyclic
  // ownership enumerated.
  bool globalAt(int32_t d, int64_t l, int64_t &gi) const {
    const SDim &s = dims[d];
    if (s.slo == F) {
      gi = l;
      return true;
    }
    if (s.kind == XMPRT_DIST_CYCLIC) {
      int64_t p = xmprt_template_procs(t, d), c = xmprt_template_coord(t, d);
      int64_t k = 0;
      for (int64_t i = 0; i < s.m; ++i)
        if (((i + s.off) / s.w) % p == c && k++ == l) {
          gi = i;
          return true;
        }
      return false;
    }
    int64_t lo, hi;
    xmprt_darray_owned(a, d, &lo, &hi);
    if (hi <= lo || l >= hi - lo + s.slo + s.shi)
      return false;
    gi = l - s.slo + lo;
    return true;
  }
};

struct Ranges {
  std::string name;
  int64_t g0, g1, c0, c1;
};

// Runs one split commit and checks the bytes moved and both images.
void splitCommitCase(SArr &A, int32_t dim, const Ranges &r, bool region,
                     const std::string &what) {
  SCOPED_TRACE(what + " dim " + std::to_string(dim) + " " + r.name +
               (region ? " (replicate region)" : "") + " rank " +
               std::to_string(xt::me()));
  if (!A.inGrid())
    return;
  int64_t E = A.elems;
  std::vector<double> H(E), Dv(E);
  for (int64_t i = 0; i < E; ++i) {
    H[i] = 1000000.0 + i;
    Dv[i] = 2000000.0 + i;
  }
  // Both instances current, then "the loop": the device block holds Dv
  // (the GPU part's values), the host block H (the CPU part's).
  std::copy(H.begin(), H.end(), A.host());
  xmprt_darray_host_modified(A.a);
  void *dev = xmprt_darray_device_acquire(A.a, XMPRT_ACCESS_READWRITE);
  if (region)
    xmprt_replicate_begin(A.a);
  h2d(dev, Dv.data(), E * 8);
  // Expected local runs along dim, from the independent mapping.
  std::vector<bool> inG(A.ext[dim]), inC(A.ext[dim]);
  int64_t nG = 0, nC = 0;
  for (int64_t l = 0; l < A.ext[dim]; ++l) {
    int64_t gi;
    if (!A.globalAt(dim, l, gi))
      continue;
    inG[l] = gi >= r.g0 && gi < r.g1;
    inC[l] = gi >= r.c0 && gi < r.c1;
    nG += inG[l];
    nC += inC[l];
  }
  // The runs are contiguous (one strided copy each).
  for (auto *v : {&inG, &inC}) {
    int64_t first = -1, last = -1;
    for (int64_t l = 0; l < A.ext[dim]; ++l)
      if ((*v)[l]) {
        if (first < 0)
          first = l;
        last = l;
      }
    if (first >= 0)
      EXPECT_EQ(last - first + 1, v == &inG ? nG : nC) << "not one run";
  }
  int64_t inner = 1;
  for (size_t d = dim + 1; d < A.ext.size(); ++d)
    inner *= A.ext[d];
  int64_t perIndex = E / A.ext[dim] * 8; // bytes per index of dim
  bool skip = region && nC == 0;          // device is the reference
  int64_t in0 = xmprt_darray_copied_bytes(0), out0 = xmprt_darray_copied_bytes(1);
  xmprt_darray_split_commit(A.a, dim, r.g0, r.g1, r.c0, r.c1);
  int64_t dIn = xmprt_darray_copied_bytes(0) - in0,
          dOut = xmprt_darray_copied_bytes(1) - out0;
  EXPECT_EQ(dOut, skip ? 0 : nG * perIndex);
  EXPECT_EQ(dIn, skip ? 0 : nC * perIndex);
  std::vector<double> img(E);
  d2h(img.data(), dev, E * 8);
  int bad = 0;
  for (int64_t i = 0; i < E && bad < 5; ++i) {
    int64_t l = (i / inner) % A.ext[dim];
    // (overlap: the CPU slice is copied first, so the CPU's values win)
    double wantHost = !skip && inG[l] && !inC[l] ? Dv[i] : H[i];
    double wantDev = !skip && inC[l] ? H[i] : Dv[i];
    if (A.host()[i] != wantHost && ++bad)
      ADD_FAILURE() << "host element " << i << " (index " << l << " of dim "
                    << dim << "): " << A.host()[i] << ", want " << wantHost;
    if (img[i] != wantDev && ++bad)
      ADD_FAILURE() << "device element " << i << " (index " << l << " of dim "
                    << dim << "): " << img[i] << ", want " << wantDev;
  }
  in0 = xmprt_darray_copied_bytes(0);
  out0 = xmprt_darray_copied_bytes(1);
  if (skip) {
    // The host lacks the GPU part's values (if it wrote any here): the next
    // host_acquire brings the whole block.
    xmprt_darray_host_acquire(A.a);
    EXPECT_EQ(xmprt_darray_copied_bytes(1) - out0, nG ? E * 8 : 0);
    if (nG)
      EXPECT_EQ(std::vector<double>(A.host(), A.host() + E), Dv);
  } else {
    // Both current: neither acquire copies.
    xmprt_darray_host_acquire(A.a);
    xmprt_darray_device_acquire(A.a, XMPRT_ACCESS_READ);
    EXPECT_EQ(xmprt_darray_copied_bytes(1) - out0, 0);
    EXPECT_EQ(xmprt_darray_copied_bytes(0) - in0, 0);
  }
  if (region)
    xmprt_replicate_end(A.a);
}

void splitCommitAll(SArr &A, int32_t dim, const std::string &what) {
  int64_t m = A.dims[dim].m;
  std::vector<Ranges> rs = {
      {"halves", 0, m / 2, m / 2, m},
      {"weight 0", 0, m, 5, 5},
      {"weight 1", 3, 3, 0, m},
      {"beyond the array", -5, 1, m - 1, m + 10},
      {"both empty", 4, 4, 7, 2},
      {"reversed halves", m / 2, m, 0, m / 2},
      {"overlapping by two", 0, m / 2 + 1, m / 2 - 1, m},
  };
  const SDim &s = A.dims[dim];
  if (s.kind != XMPRT_DIST_CYCLIC && s.slo != F && A.inGrid()) {
    // rank-dependent: into the shadows on both sides
    int64_t lo, hi;
    xmprt_darray_owned(A.a, dim, &lo, &hi);
    int64_t mid = (lo + hi) / 2;
    rs.push_back({"into the shadows", lo - s.slo, mid, mid, hi + s.shi});
    rs.push_back({"one past the shadows", lo - s.slo - 1, mid, mid,
                  hi + s.shi + 1});
  }
  for (const Ranges &r : rs)
    for (bool region : {false, true}) {
      splitCommitCase(A, dim, r, region, what);
      if (::testing::Test::HasFailure())
        return;
    }
}

TEST(GpuSplit, CommitBlockDims) {
  NEED_GPU();
  const int32_t Bk = XMPRT_DIST_BLOCK;
  {
    SArr A({D}, {{13, Bk, 1, 1, 2}, {6, N, 1, 1, 1}});
    splitCommitAll(A, 0, "rows, block dim 0");
    splitCommitAll(A, 1, "rows, not distributed dim 1");
  }
  {
    SArr A({D}, {{5, N, 1, 0, 0}, {11, Bk, 1, 2, 1}});
    splitCommitAll(A, 1, "cols, block dim 1");
    splitCommitAll(A, 0, "cols, dim 0 without shadow");
  }
  {
    SArr A({D, D}, {{9, Bk, 1, 1, 1}, {7, Bk, 1, 2, 1}});
    splitCommitAll(A, 0, "grid dim 0");
    splitCommitAll(A, 1, "grid dim 1");
  }
  {
    // array index != template index: a[i] on t(i + 3)
    SDim d0{12, Bk, 1, 1, 1, 16, 3};
    SArr A({D}, {d0, {4, N, 1, 0, 0}});
    splitCommitAll(A, 0, "offset 3");
  }
  {
    SArr A({D}, {{4, N, 1, 0, 0}, {9, Bk, 1, 1, 1}, {5, N, 1, 0, 0}});
    splitCommitAll(A, 1, "3d middle dim");
  }
  {
    SArr A({D}, {{7, Bk, 1, F, F}, {3, N, 1, 0, 0}});
    splitCommitAll(A, 0, "full shadow");
  }
  {
    SArr A({D}, {{3, Bk, 1, 1, 1}, {4, N, 1, 0, 0}}); // empty pieces at np 4
    splitCommitAll(A, 0, "empty pieces");
  }
}

TEST(GpuSplit, CommitCyclicDims) {
  NEED_GPU();
  const int32_t C = XMPRT_DIST_CYCLIC;
  {
    SArr A({D}, {{10, C, 2, 0, 0}, {4, N, 1, 1, 1}});
    splitCommitAll(A, 0, "cyclic(2) dim 0");
    splitCommitAll(A, 1, "cyclic(2) x none, dim 1");
  }
  {
    SArr A({D}, {{3, N, 1, 0, 0}, {17, C, 1, 0, 0}});
    splitCommitAll(A, 1, "cyclic(1) dim 1");
  }
  {
    SDim d1{11, C, 3, 0, 0, 14, 2}; // cyclic(3) with offset 2
    SArr A({D}, {{2, N, 1, 0, 0}, d1});
    splitCommitAll(A, 1, "cyclic(3) offset 2");
  }
}

// Inside a replicate region a writing release marks the host stale;
// host_acquire, replicate_sync out and the region's end act on it.
TEST(GpuSplit, ReplicateMarksHostStale) {
  NEED_GPU();
  SArr A({D}, {{10 * xt::np(), XMPRT_DIST_BLOCK, 1, 1, 1}});
  int64_t E = A.elems;
  std::vector<double> p1(E), p2(E), p3(E);
  for (int64_t i = 0; i < E; ++i) {
    p1[i] = 10.0 + i;
    p2[i] = 20.0 + i;
    p3[i] = 30.0 + i;
  }
  auto in = [] { return xmprt_darray_copied_bytes(0); };
  auto out = [] { return xmprt_darray_copied_bytes(1); };
  // no instance: host_acquire does nothing
  int64_t o = out();
  xmprt_darray_host_acquire(A.a);
  EXPECT_EQ(out() - o, 0);
  std::copy(p1.begin(), p1.end(), A.host());
  xmprt_darray_host_modified(A.a);
  void *dev = xmprt_darray_device_acquire(A.a, XMPRT_ACCESS_READ);
  xmprt_replicate_begin(A.a);
  h2d(dev, p2.data(), E * 8);
  o = out();
  xmprt_darray_device_release(A.a, XMPRT_ACCESS_READ); // no write: no mark
  xmprt_darray_host_acquire(A.a);
  EXPECT_EQ(out() - o, 0);
  xmprt_darray_device_release(A.a, XMPRT_ACCESS_WRITE); // marks, copies nothing
  EXPECT_EQ(out() - o, 0);
  EXPECT_EQ(std::vector<double>(A.host(), A.host() + E), p1);
  xmprt_darray_host_acquire(A.a); // whole block out
  EXPECT_EQ(out() - o, E * 8);
  EXPECT_EQ(std::vector<double>(A.host(), A.host() + E), p2);
  xmprt_darray_host_acquire(A.a); // current now
  EXPECT_EQ(out() - o, E * 8);
  // sync out clears the mark
  h2d(dev, p3.data(), E * 8);
  xmprt_darray_device_release(A.a, XMPRT_ACCESS_READWRITE);
  xmprt_replicate_sync(A.a, 1);
  EXPECT_EQ(std::vector<double>(A.host(), A.host() + E), p3);
  o = out();
  xmprt_darray_host_acquire(A.a);
  EXPECT_EQ(out() - o, 0);
  // sync in makes both equal too
  xmprt_darray_device_release(A.a, XMPRT_ACCESS_WRITE);
  xmprt_replicate_sync(A.a, 0);
  xmprt_darray_host_acquire(A.a);
  EXPECT_EQ(out() - o, 0);
  // a mark left at the region's end: the host is the reference again
  xmprt_darray_device_release(A.a, XMPRT_ACCESS_WRITE);
  xmprt_replicate_end(A.a);
  xmprt_darray_host_acquire(A.a);
  EXPECT_EQ(out() - o, 0);
  int64_t i0 = in();
  xmprt_darray_device_acquire(A.a, XMPRT_ACCESS_READ); // stale: copied in
  EXPECT_EQ(in() - i0, E * 8);
  EXPECT_EQ(deviceImage(A.a, E), p3);
  // outside a region: a device reflect brings the halos it filled to the
  // host (at most the two halo elements), so both instances agree and a
  // weight-0 commit then copies only the GPU part's rows
  xmprt_reflect_plan *pl =
      xmprt_reflect_init(A.a, nullptr, nullptr, nullptr, nullptr, 1, 0);
  o = out();
  xmprt_reflect_do(pl);
  EXPECT_LE(out() - o, 2 * 8);
  std::vector<double> refl = deviceImage(A.a, E);
  EXPECT_EQ(std::vector<double>(A.host(), A.host() + E), refl);
  o = out();
  int64_t lo, hi;
  xmprt_darray_owned(A.a, 0, &lo, &hi);
  xmprt_darray_split_commit(A.a, 0, lo, hi, hi, hi);
  EXPECT_EQ(out() - o, (hi - lo) * 8);
  EXPECT_EQ(std::vector<double>(A.host(), A.host() + E), refl);
  xmprt_reflect_destroy(pl);
  // outside a region, a stale device instance (a weight-1 loop whose empty
  // GPU part acquired nothing) gets no CPU slice, but its next acquire
  // copies the whole block
  std::copy(p1.begin(), p1.end(), A.host());
  xmprt_darray_host_modified(A.a);
  i0 = in();
  o = out();
  xmprt_darray_split_commit(A.a, 0, lo, lo, lo, hi);
  EXPECT_EQ(in() - i0, 0);
  EXPECT_EQ(out() - o, 0);
  xmprt_darray_device_acquire(A.a, XMPRT_ACCESS_READ);
  EXPECT_EQ(in() - i0, E * 8);
  EXPECT_EQ(deviceImage(A.a, E), p1);
  // inside a region a writing release marks the host stale and a commit
  // moves nothing: the host stays marked
  xmprt_replicate_begin(A.a);
  h2d(dev, p3.data(), E * 8);
  xmprt_darray_device_release(A.a, XMPRT_ACCESS_WRITE);
  i0 = in();
  o = out();
  xmprt_darray_split_commit(A.a, 0, lo, hi - 1, hi - 1, hi);
  EXPECT_EQ(in() - i0, 0);
  EXPECT_EQ(out() - o, 0);
  EXPECT_EQ(deviceImage(A.a, E), p3);
  xmprt_darray_host_acquire(A.a);
  EXPECT_EQ(out() - o, E * 8);
  EXPECT_EQ(std::vector<double>(A.host(), A.host() + E), p3);
  xmprt_replicate_end(A.a);
}

// A split loop end to end on the mocked or real device, both executors'
// shapes: s/e from xmprt_loop_split, the CPU part on the executor while the
// "GPU part" (host writes to the device image through copies) is queued,
// then commit; the host and device blocks agree everywhere afterwards.
struct AddCtx {
  double *h;
  int64_t lo, slo;
};
void addCpu(void *ctx, int64_t a, int64_t b) {
  auto *c = static_cast<AddCtx *>(ctx);
  for (int64_t i = a; i < b; ++i)
    c->h[i - c->lo + c->slo] = 5.0 * i + 1;
}

TEST(GpuSplit, EndToEnd) {
  NEED_GPU();
  int64_t m = 37 * xt::np() + 3;
  SArr A({D}, {{m, XMPRT_DIST_BLOCK, 1, 1, 1}});
  int64_t lo, hi;
  xmprt_darray_owned(A.a, 0, &lo, &hi);
  int64_t E = A.elems;
  for (double w : {0.0, 0.3, 1.0}) {
    for (int64_t i = 0; i < E; ++i)
      A.host()[i] = -1;
    xmprt_darray_host_modified(A.a);
    void *dev = xmprt_darray_device_acquire(A.a, XMPRT_ACCESS_WRITE);
    int64_t out[4];
    xmprt_loop_split(A.t, 0, 0, m, 1, w, 4, out);
    int64_t s = out[0], e = out[1];
    EXPECT_EQ(out[2] + out[3], hi - lo);
    if (out[3] > 0)
      xmprt_darray_host_acquire(A.a);
    AddCtx ctx{A.host(), lo, 1};
    xmprt_cpu_job *job = xmprt_cpu_parallel_for_start(addCpu, &ctx, s, e, 4);
    if (out[2] > 0) {
      xmprt_gpu_timer_start();
      std::vector<double> part(s - lo);
      for (int64_t i = lo; i < s; ++i)
        part[i - lo] = 5.0 * i + 1;
      mgpuMemcpy((double *)dev + 1, part.data(), (s - lo) * 8, stream());
      EXPECT_GE(xmprt_gpu_timer_stop(), 0.0);
    }
    double cpu = xmprt_cpu_parallel_for_wait(job);
    EXPECT_GE(cpu, 0.0);
    xmprt_darray_split_commit(A.a, 0, lo, s, s, e);
    std::vector<double> img = deviceImage(A.a, E);
    for (int64_t i = lo; i < hi; ++i) {
      ASSERT_EQ(A.host()[i - lo + 1], 5.0 * i + 1) << "host " << i << " w " << w;
      ASSERT_EQ(img[i - lo + 1], 5.0 * i + 1) << "device " << i << " w " << w;
    }
  }
}

// A rank without a GPU (CUDA build, no device; the mock's
// XMPRT_MOCK_NO_GPU=1 run): modules are not loaded, weights are 1, the
// split-loop data calls have no instance to act on.
TEST(GpuNoDevice, SplitLoopFallbacks) {
  if (xmprt_has_gpu())
    GTEST_SKIP() << "this rank has a GPU";
  static const char blob[64] = {0};
  EXPECT_EQ(mgpuModuleLoad((void *)blob, sizeof blob), nullptr);
  EXPECT_EQ(mgpuModuleLoadJIT((void *)blob, 2), nullptr);
  mgpuModuleUnload(nullptr); // the global destructor's call: a no-op
  const char *assume = getenv("XMPRT_TEST_ASSUME_GPU");
  if (!assume || std::string(assume) != "1") {
    EXPECT_EQ(xmprt_loop_weight(900, XMPRT_WEIGHT_FIXED, 0.0), 1.0);
    EXPECT_EQ(xmprt_loop_weight(900, XMPRT_WEIGHT_AUTO, 0.0), 1.0);
  }
  SArr A({D}, {{8 * xt::np(), XMPRT_DIST_BLOCK, 1, 1, 1}});
  for (int64_t i = 0; i < A.elems; ++i)
    A.host()[i] = 3.0 * i;
  int64_t in0 = xmprt_darray_copied_bytes(0), out0 = xmprt_darray_copied_bytes(1);
  xmprt_darray_host_acquire(A.a);
  xmprt_darray_split_commit(A.a, 0, 0, 4, 4, 8 * xt::np());
  EXPECT_EQ(xmprt_darray_copied_bytes(0), in0);
  EXPECT_EQ(xmprt_darray_copied_bytes(1), out0);
  for (int64_t i = 0; i < A.elems; ++i)
    ASSERT_EQ(A.host()[i], 3.0 * i);
  int64_t out[4];
  xmprt_loop_split(A.t, 0, 0, 8 * xt::np(), 1, 1.0, 32, out);
  EXPECT_EQ(out[2], 0);
  EXPECT_EQ(out[3], 8);
}

} // namespace
