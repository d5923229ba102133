//===- WeightControl.cpp - CPU/GPU weight of split device loops -----------===//
//
// Per loop id: the weight handed out for the next step (current weight,
// fixed, or the auto controller's), the controller's rate estimates, and
// the report of each step's measured CPU and GPU parts. The controller
// (weight(auto)):
//   rates     r = iterations / seconds per side, exponentially smoothed
//             (XMP_WEIGHT_SMOOTHING, the new sample's share); a side that
//             ran no iterations keeps its estimate;
//   target    w* = r_cpu / (r_cpu + r_gpu) (equal finishing times), snapped
//             to 0 or 1 when the smaller side's share is below
//             XMP_WEIGHT_SNAP (then it would gain less than that fraction
//             of the loop's time: the other side cannot help);
//   update    the first target computed from measurements of both sides is
//             taken as is (the initial guess carries no information); later
//             ones are damped: w += XMP_WEIGHT_DAMPING * (w* - w), and w is
//             snapped like the target;
//   probing   a side never measured gets XMP_WEIGHT_PROBE of the loop;
//   warm-up   the first XMP_WEIGHT_WARMUP reports of a loop are not learnt
//             from (first-touch, module loading, cold caches).
// Traces (XMP_WEIGHT_TRACE) are written by world rank 0, one line per
// report, flushed per line and closed at MPI_Finalize.
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <sys/stat.h>
#include <utility>

using namespace xmprt;

namespace {

struct Params {
  bool resolved = false;
  double init = 0.5;      // XMP_WEIGHT_INIT
  double alpha = 0.5;     // XMP_WEIGHT_DAMPING
  double beta = 0.5;      // XMP_WEIGHT_SMOOTHING
  double snap = 0.02;     // XMP_WEIGHT_SNAP
  double probe = 0.1;     // XMP_WEIGHT_PROBE
  double margin = 0.1;    // XMP_WEIGHT_MARGIN
  int64_t reprobe = 100;  // XMP_WEIGHT_REPROBE (0: never)
  int64_t warmup = 1;     // XMP_WEIGHT_WARMUP
  int64_t splitGrain = 0; // XMP_SPLIT_GRAIN (0: the caller's)
};

struct LoopState {
  int64_t steps = 0;      // reports so far
  double w = 0.5;         // the controller's weight for the next step
  bool seeded = false;    // w came from measurements of both sides
  double rc = 0, rg = 0;  // smoothed rates (iterations/s); 0: unknown
  double lastWeight = -1; // handed out by the last xmprt_loop_weight
  int32_t lastMode = -1;
  // Wall clock of the last xmprt_loop_weight (-1: none since the last
  // report): the trace's loop_seconds is the whole split step, coherence
  // copies and waits included.
  double askedAt = -1;
  // Check of the rate model against measured step times (see learn):
  // Track -> Measure (a step at the balanced weight wb) -> Probe (a step
  // all on the side predicted faster) -> Track, or Pinned on that side.
  enum Phase { Track, Measure, Probe, Pinned } phase = Track;
  double wb = 0;               // the first balanced weight
  double bestW = 0, bestT = 0; // fastest of the steps measured so far
  bool probeSlow = false;      // probe the slower side too
  double pinnedTo = 0;
  int64_t pinnedSince = 0;
  // Steps run all on the GPU without a CPU part (xmprt_loop_gpu_begin /
  // _end): timed by two events on the stream and read when someone needs
  // the time (the controller, the trace, xmprt_gpu_time), so that such a
  // step never waits for the GPU. A ring of the steps not read yet, oldest
  // at `head`.
  struct TimedStep {
    void *start = nullptr, *stop = nullptr; // events, made on first use
    int64_t iters = 0;
    double weight = 0;
    uint64_t seq = 0; // xmprt::nextTimeSeq() at the end of the step
  };
  static constexpr int kRing = 4;
  TimedStep ring[kRing];
  int head = 0, pending = 0;
  bool open = false; // between begin and end
};

std::mutex gMutex;
Params gParams;
std::map<int64_t, LoopState> gLoops;
FILE *gTrace = nullptr;
bool gTraceJson = false;
bool gTraceResolved = false;
std::string gTracePath; // for the messages
bool gHookRegistered = false;

int worldRank() {
  if (mpiUsable()) {
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
  }
  int r = envWorldRank();
  return r < 0 ? 0 : r;
}

const Params &params(const char *fn) {
  Params &p = gParams;
  if (p.resolved)
    return p;
  // Defaults and ranges: the settings table (Settings.cpp).
  p.init = settings::realOrDefault("XMP_WEIGHT_INIT", fn);
  p.alpha = settings::realOrDefault("XMP_WEIGHT_DAMPING", fn);
  p.beta = settings::realOrDefault("XMP_WEIGHT_SMOOTHING", fn);
  p.snap = settings::realOrDefault("XMP_WEIGHT_SNAP", fn);
  p.probe = settings::realOrDefault("XMP_WEIGHT_PROBE", fn);
  p.margin = settings::realOrDefault("XMP_WEIGHT_MARGIN", fn);
  p.reprobe = settings::integerOrDefault("XMP_WEIGHT_REPROBE", fn);
  p.warmup = settings::integerOrDefault("XMP_WEIGHT_WARMUP", fn);
  p.splitGrain = settings::integer("XMP_SPLIT_GRAIN", fn).value_or(0);
  p.resolved = true;
  return p;
}

LoopState &loop(int64_t id, const Params &p) {
  auto it = gLoops.find(id);
  if (it == gLoops.end()) {
    it = gLoops.emplace(id, LoopState()).first;
    it->second.w = p.init;
  }
  return it->second;
}

double snapped(double w, double snap) {
  if (w < snap)
    return 0.0;
  if (w > 1.0 - snap)
    return 1.0;
  return w;
}

/// One report: rate estimates and the auto weight for the next step.
///
/// Rates are iterations per second of each side, smoothed (beta); the
/// weight moves toward the share that equalizes both sides' finishing
/// times, rc / (rc + rg), damped (alpha) after the first jump. The rate
/// model assumes time proportional to iterations, which a GPU that is not
/// full violates (its time hardly shrinks with fewer iterations), and it
/// ignores the cost of splitting (coherence copies, starting the CPU
/// part). So the step at the first balanced weight wb is measured
/// (`stepSec`), then one step runs all on the side the rates say is faster
/// (weight 0 or 1), and one all on the other side unless the rates predict
/// more than twice the balanced step for it. A side is kept (pinned) only
/// when its step beat the best so far by the margin, so noise of a few
/// percent cannot pin it; otherwise the controller returns to wb and tracks
/// the rates. A pinned weight is re-checked every `reprobe` steps.
void learn(LoopState &s, const Params &p, double cpuSec, int64_t cpuIt,
           double gpuSec, int64_t gpuIt, double stepSec) {
  if (++s.steps <= p.warmup)
    return;
  auto smooth = [&](double &r, double sample) {
    r = r > 0 ? p.beta * sample + (1 - p.beta) * r : sample;
  };
  if (cpuIt > 0 && cpuSec > 0)
    smooth(s.rc, (double)cpuIt / cpuSec);
  if (gpuIt > 0 && gpuSec > 0)
    smooth(s.rg, (double)gpuIt / gpuSec);
  double n = (double)(cpuIt + gpuIt);
  switch (s.phase) {
  case LoopState::Measure: {
    s.bestW = s.wb;
    s.bestT = stepSec;
    if (s.wb <= 0.0 || s.wb >= 1.0) {
      s.phase = LoopState::Track;
      break;
    }
    // The side the rates say is faster first; the other one only when the
    // rates do not make it hopeless (predicted over twice the balanced
    // step: e.g. all of a large N-body on the CPU cores).
    bool gpuFaster = s.rg >= s.rc;
    double slow = gpuFaster ? s.rc : s.rg;
    s.probeSlow = slow > 0 && n / slow <= 2.0 * stepSec;
    s.w = gpuFaster ? 0.0 : 1.0;
    s.phase = LoopState::Probe;
    return;
  }
  case LoopState::Probe:
    if (stepSec < (1.0 - p.margin) * s.bestT) {
      s.bestW = s.w;
      s.bestT = stepSec;
    }
    if (s.probeSlow) {
      s.probeSlow = false;
      s.w = 1.0 - s.w;
      return;
    }
    if (s.bestW == s.wb) {
      s.w = s.wb;
      s.phase = LoopState::Track;
    } else {
      s.w = s.pinnedTo = s.bestW;
      s.pinnedSince = s.steps;
      s.phase = LoopState::Pinned;
    }
    return;
  case LoopState::Pinned:
    if (p.reprobe > 0 && s.steps - s.pinnedSince >= p.reprobe) {
      s.w = s.wb; // measure the balanced split again
      s.phase = LoopState::Measure;
    } else {
      s.w = s.pinnedTo;
    }
    return;
  case LoopState::Track:
    break;
  }
  if (s.rc > 0 && s.rg > 0) {
    double target = snapped(s.rc / (s.rc + s.rg), p.snap);
    bool first = !s.seeded;
    s.w = first ? target : s.w + p.alpha * (target - s.w);
    s.w = snapped(s.w, p.snap);
    s.seeded = true;
    if (first) { // check the model on the next step
      s.wb = s.w;
      s.phase = LoopState::Measure;
    }
  } else if (s.rg > 0) {
    s.w = p.probe; // the CPU was never measured: give it a share to time
  } else if (s.rc > 0) {
    s.w = 1.0 - p.probe;
  }
}

void closeTrace() {
  if (gTrace) {
    std::fclose(gTrace);
    gTrace = nullptr;
  }
}

// A full disk (or /dev/full) must not lose the trace silently.
void flushTrace(const char *fn) {
  if (std::fflush(gTrace) != 0 || std::ferror(gTrace))
    fail(fn, "cannot write the weight trace '%s': %s", gTracePath.c_str(),
         std::strerror(errno));
}

void openTrace(const char *path, const char *fn) {
  closeTrace();
  gTraceResolved = true;
  if (!path || !*path || worldRank() != 0)
    return;
  size_t len = std::strlen(path);
  auto endsWith = [&](const char *suf) {
    size_t n = std::strlen(suf);
    return len >= n && !std::strcmp(path + len - n, suf);
  };
  gTraceJson = endsWith(".json") || endsWith(".jsonl");
  gTrace = std::fopen(path, "a");
  gTracePath = path;
  if (!gTrace)
    fail(fn, "cannot open the weight trace '%s': %s", path,
         std::strerror(errno));
  struct stat st;
  if (!gTraceJson && fstat(fileno(gTrace), &st) == 0 && st.st_size == 0) {
    std::fprintf(gTrace,
                 "step,loop_id,weight,cpu_seconds,cpu_iters,gpu_seconds,"
                 "gpu_iters,loop_seconds\n");
    flushTrace(fn);
  }
}

void traceLine(int64_t step, int64_t id, double w, double cpuSec,
               int64_t cpuIt, double gpuSec, int64_t gpuIt, double loopSec) {
  if (!gTrace)
    return;
  if (gTraceJson)
    std::fprintf(gTrace,
                 "{\"step\": %lld, \"loop_id\": %lld, \"weight\": %.17g, "
                 "\"cpu_seconds\": %.17g, \"cpu_iters\": %lld, "
                 "\"gpu_seconds\": %.17g, \"gpu_iters\": %lld, "
                 "\"loop_seconds\": %.17g}\n",
                 (long long)step, (long long)id, w, cpuSec, (long long)cpuIt,
                 gpuSec, (long long)gpuIt, loopSec);
  else
    std::fprintf(gTrace, "%lld,%lld,%.17g,%.17g,%lld,%.17g,%lld,%.17g\n",
                 (long long)step, (long long)id, w, cpuSec, (long long)cpuIt,
                 gpuSec, (long long)gpuIt, loopSec);
  flushTrace("xmprt_loop_report");
}

// XMPRT_TEST_ASSUME_GPU=1: weights as if this rank had a GPU (lets the
// controller's tests run on machines without one).
bool assumeGpu() {
  return settings::flag("XMPRT_TEST_ASSUME_GPU", "xmprt_loop_weight");
}

const char *modeName(int32_t m) {
  switch (m) {
  case 0:
    return "current";
  case 1:
    return "fixed";
  case 2:
    return "auto";
  default:
    return "reported only";
  }
}

void readAllTimedSteps(const char *fn);

void finalizeHook() {
  std::lock_guard<std::mutex> g(gMutex);
  if (gParams.resolved)
    readAllTimedSteps("xmprt_finalize");
  if (envVerbose()) {
    int r = worldRank();
    for (auto &[id, s] : gLoops) {
      // auto: the controller's next weight, unless there is no GPU (1)
      bool live = xmprt_has_gpu() || assumeGpu();
      double w = (s.lastMode == 2 && live) || s.lastMode < 0 ? s.w
                                                              : s.lastWeight;
      std::fprintf(stderr,
                   "xmprt: rank %d: loop %lld: weight %.4f after %lld steps "
                   "(%s; cpu %.4g it/s, gpu %.4g it/s)\n",
                   r, (long long)id, w, (long long)s.steps,
                   modeName(s.lastMode), s.rc, s.rg);
    }
    std::fflush(stderr);
  }
  closeTrace();
  gTraceResolved = false;
}

void registerFinalizeHook() {
  if (!gHookRegistered)
    gHookRegistered = atMpiFinalize(finalizeHook);
}

/// The oldest timed GPU-only step of loop `id` is read (waiting for it if
/// need be): learnt from and traced like a report (id >= 0; a device loop
/// the split pass did not number, id < 0, only sets the times), and its
/// time becomes xmprt_gpu_time unless a later loop's already did.
void readOldest(int64_t id, LoopState &s, const Params &p, const char *fn) {
  LoopState::TimedStep &t = s.ring[s.head];
  double sec = gpu::eventSeconds(t.start, t.stop, fn);
  s.head = (s.head + 1) % LoopState::kRing;
  --s.pending;
  if (id >= 0) {
    if (!gTraceResolved)
      openTrace(settings::value("XMP_WEIGHT_TRACE", fn), fn);
    int64_t step = s.steps;
    learn(s, p, 0.0, 0, sec, t.iters, sec);
    traceLine(step, id, t.weight, 0.0, 0, sec, t.iters, sec);
  }
  recordTimes(0.0, sec, t.seq);
}

/// Reads every timed step of `s` (wait = true), or those already complete.
void readTimedSteps(int64_t id, LoopState &s, const Params &p, bool wait,
                    const char *fn) {
  while (s.pending > 0 &&
         (wait || gpu::eventDone(s.ring[s.head].stop, fn)))
    readOldest(id, s, p, fn);
}

/// Whether every step of the loop must be read (the controller learns from
/// it, or the trace records it); otherwise only the latest matters.
bool everyStepRead(const LoopState &s) {
  return s.lastMode == XMPRT_WEIGHT_AUTO || gTrace != nullptr;
}

void readAllTimedSteps(const char *fn) {
  for (auto &[id, s] : gLoops)
    readTimedSteps(id, s, gParams, /*wait=*/true, fn);
}

bool finiteNonNegative(double x) { return std::isfinite(x) && x >= 0; }

//--- owned iterations of a loop over one template dimension -----------------
// sum_{i=0}^{n-1} floor((a*i + b) / m) for n >= 0, m >= 1, a >= 0, any b
// (the classic Euclid-like reduction: O(log m) steps).
__int128 floorSum(int64_t n, int64_t m, int64_t a, int64_t b) {
  int64_t q = dist::floorDiv(b, m);
  __int128 ans = (__int128)n * q;
  __int128 N = n, M = m, A = a, B = b - q * m; // 0 <= B < M
  for (;;) {
    if (A >= M) {
      ans += N * (N - 1) / 2 * (A / M);
      A %= M;
    }
    if (B >= M) {
      ans += N * (B / M);
      B %= M;
    }
    __int128 y = A * N + B;
    if (y < M)
      break;
    N = y / M;
    B = y % M;
    std::swap(M, A);
  }
  return ans;
}

// The iterations g = lb + k*step (k >= 0) of a loop that lie in
// [first, last] of the template dimension and are owned by coordinate c.
struct OwnedIterations {
  dist::TemplateDim d;
  int64_t c = 0, lb = 0, step = 1;
  int64_t a = 0, b = 0; // candidate range [a, b): [max(lb, 0), min(ub, n))
  int64_t r = 0;        // lb mod step

  // g in [x, y) with g == r (mod step).
  int64_t inProgression(int64_t x, int64_t y) const {
    if (y <= x)
      return 0;
    return dist::floorDiv(y - 1 - r, step) - dist::floorDiv(x - 1 - r, step);
  }
  // Cyclic: progression indices in [0, x) owned by c, 0 <= x <= n. Whole
  // owned blocks j = q*p + c (covering [j*w, j*w + w)) below x are summed
  // with floorSum, the block x falls into is counted directly.
  int64_t cyclicBelow(int64_t x) const {
    int64_t w = d.w, p = d.p;
    int64_t full = x / w; // blocks 0 .. full-1 lie below x
    int64_t qs = full > c ? dist::ceilDiv(full - c, p) : 0;
    __int128 cnt = floorSum(qs, step, p * w, c * w + w - 1 - r) -
                   floorSum(qs, step, p * w, c * w - 1 - r);
    if (full % p == c)
      cnt += inProgression(full * w, x);
    return (int64_t)cnt;
  }
  // Owned iterations in [a, x), a <= x <= b.
  int64_t countBelow(int64_t x) const {
    if (d.kind == dist::Kind::Cyclic)
      return cyclicBelow(x) - cyclicBelow(a);
    dist::Range o = dist::owned(d, c);
    return inProgression(dist::max64(a, o.lo), dist::min64(x, o.hi));
  }
  // The k-th owned iteration (0-based, k < countBelow(b)).
  int64_t kth(int64_t k) const {
    if (d.kind != dist::Kind::Cyclic) {
      int64_t from = dist::max64(a, dist::owned(d, c).lo);
      return lb + dist::ceilDiv(from - lb, step) * step + k * step;
    }
    // Smallest x with k + 1 owned iterations in [a, x + 1).
    int64_t lo = a, hi = b - 1;
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      if (countBelow(mid + 1) >= k + 1)
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  }
};

// The state of loop `id` for a report or a GPU step (gMutex held): the
// finalize hook registered and the trace opened on first use.
LoopState &enterLoop(int64_t id, const Params &p, const char *fn) {
  registerFinalizeHook();
  if (!gTraceResolved)
    openTrace(settings::value("XMP_WEIGHT_TRACE", fn), fn);
  return loop(id, p);
}

} // namespace

namespace xmprt {
void readDeviceLoopTimes() {
  std::lock_guard<std::mutex> g(gMutex);
  if (gParams.resolved)
    readAllTimedSteps("xmprt_gpu_time");
}
} // namespace xmprt

extern "C" {

double xmprt_loop_weight(int64_t loop_id, int32_t mode, double fixed) {
  const char *fn = "xmprt_loop_weight";
  std::lock_guard<std::mutex> g(gMutex);
  const Params &p = params(fn);
  registerFinalizeHook();
  LoopState &s = loop(loop_id, p);
  // The controller decides from every step measured so far.
  if (s.pending > 0)
    readTimedSteps(loop_id, s, p, /*wait=*/mode == XMPRT_WEIGHT_AUTO, fn);
  double w;
  switch (mode) {
  case XMPRT_WEIGHT_CURRENT:
    w = xmprt_current_weight();
    break;
  case XMPRT_WEIGHT_FIXED:
    XMPRT_CHECK(!std::isnan(fixed), fn, "loop %lld: fixed weight is NaN",
                (long long)loop_id);
    w = fixed < 0 ? 0 : fixed > 1 ? 1 : fixed;
    break;
  case XMPRT_WEIGHT_AUTO:
    w = s.w;
    break;
  default:
    fail(fn, "loop %lld: mode %d is not 0 (current), 1 (fixed) or 2 (auto)",
         (long long)loop_id, mode);
  }
  if (!xmprt_has_gpu() && !assumeGpu()) {
    // The GPU part cannot run here: everything on the CPU cores.
    char what[512];
    std::snprintf(what, sizeof what,
                  "no GPU on this rank (%s): device loops run on the CPU "
                  "cores (weight 1)",
                  gpu::noGpuReason());
    warnDeviceLoopsOnHost(what);
    w = 1.0;
  }
  s.lastWeight = w;
  s.lastMode = mode;
  s.askedAt = MPI_Wtime();
  return w;
}

void xmprt_loop_report(int64_t loop_id, double cpu_seconds, int64_t cpu_iters,
                       double gpu_seconds, int64_t gpu_iters) {
  const char *fn = "xmprt_loop_report";
  XMPRT_CHECK(cpu_iters >= 0 && gpu_iters >= 0, fn,
              "loop %lld: negative iteration count (cpu %lld, gpu %lld)",
              (long long)loop_id, (long long)cpu_iters, (long long)gpu_iters);
  XMPRT_CHECK(finiteNonNegative(cpu_seconds) && finiteNonNegative(gpu_seconds),
              fn, "loop %lld: bad time (cpu %g s, gpu %g s)",
              (long long)loop_id, cpu_seconds, gpu_seconds);
  xmprt_record_split_times(cpu_seconds, gpu_seconds);
  std::lock_guard<std::mutex> g(gMutex);
  const Params &p = params(fn);
  LoopState &s = enterLoop(loop_id, p, fn);
  int64_t step = s.steps;
  double used = s.lastWeight;
  if (used < 0) // never asked: the share it actually ran
    used = cpu_iters + gpu_iters
               ? (double)cpu_iters / (double)(cpu_iters + gpu_iters)
               : 0.0;
  double loopSeconds = s.askedAt >= 0 ? MPI_Wtime() - s.askedAt : 0.0;
  s.askedAt = -1;
  // The step's time: the whole split step when the loop asked for its
  // weight (coherence and waits included), at least the slower part.
  double stepSeconds = std::max(loopSeconds, std::max(cpu_seconds, gpu_seconds));
  learn(s, p, cpu_seconds, cpu_iters, gpu_seconds, gpu_iters, stepSeconds);
  traceLine(step, loop_id, used, cpu_seconds, cpu_iters, gpu_seconds,
            gpu_iters, loopSeconds);
}

int64_t xmprt_split_point(int64_t lo, int64_t hi, double weight,
                          int64_t grain) {
  const char *fn = "xmprt_split_point";
  XMPRT_CHECK(weight >= 0.0 && weight <= 1.0, fn,
              "weight %g is outside [0, 1]", weight);
  int64_t g;
  {
    std::lock_guard<std::mutex> lk(gMutex);
    g = params(fn).splitGrain;
  }
  if (!g) {
    XMPRT_CHECK(grain >= 1, fn, "grain %lld < 1", (long long)grain);
    g = grain;
  }
  if (hi <= lo)
    return lo;
  if (weight == 0.0)
    return hi;
  if (weight == 1.0)
    return lo;
  int64_t n = hi - lo;
  // GPU part: the multiple of the grain nearest to (1 - weight) * n.
  double units = std::nearbyint((1.0 - weight) * (double)n / (double)g);
  if (units * (double)g >= (double)n)
    return hi;
  return lo + (int64_t)units * g;
}

void xmprt_loop_split(const xmprt_template *t, int32_t dim, int64_t lb,
                      int64_t ub, int64_t step, double weight, int64_t grain,
                      int64_t *out) {
  const char *fn = "xmprt_loop_split";
  XMPRT_CHECK(t, fn, "template is NULL");
  XMPRT_CHECK(out, fn, "out is NULL");
  XMPRT_CHECK(dim >= 0 && dim < t->ndims, fn, "dim %d out of range [0,%d)",
              dim, t->ndims);
  XMPRT_CHECK(t->sizes[dim] != XMPRT_DYNAMIC, fn,
              "template dim %d is not fixed yet", dim);
  XMPRT_CHECK(step >= 1, fn, "step %lld must be >= 1", (long long)step);
  XMPRT_CHECK(weight >= 0.0 && weight <= 1.0, fn,
              "weight %g is outside [0, 1]", weight);
  XMPRT_CHECK(grain >= 1, fn, "grain %lld < 1", (long long)grain);
  OwnedIterations it;
  it.c = xmprt_template_coord(t, dim);
  it.d = t->dim(dim);
  it.lb = lb;
  it.step = step;
  it.a = dist::max64(lb, 0);
  it.b = dist::max64(it.a, dist::min64(ub, it.d.n));
  it.r = dist::floorMod(lb, step);
  int64_t n = it.c < 0 ? 0 : it.countBelow(it.b);
  // Checks weight and grain, applies XMP_SPLIT_GRAIN.
  int64_t gpuCount = xmprt_split_point(0, n, weight, grain);
  int64_t s = lb, e = lb;
  if (n > 0) {
    e = it.kth(n - 1) + 1;
    s = gpuCount < n ? it.kth(gpuCount) : e;
  }
  out[0] = s;
  out[1] = e;
  out[2] = gpuCount;
  out[3] = n - gpuCount;
}

void xmprt_loop_gpu_begin(int64_t loop_id) {
  const char *fn = "xmprt_loop_gpu_begin";
  std::lock_guard<std::mutex> g(gMutex);
  const Params &p = params(fn);
  LoopState &s = enterLoop(loop_id, p, fn);
  XMPRT_CHECK(!s.open, fn, "loop %lld: begin without end",
              (long long)loop_id);
  if (s.pending == LoopState::kRing) {
    if (everyStepRead(s)) {
      readOldest(loop_id, s, p, fn); // waits for a step 4 loops back
    } else { // nobody needs that step's time: a later one will do
      s.head = (s.head + 1) % LoopState::kRing;
      --s.pending;
    }
  }
  LoopState::TimedStep &t =
      s.ring[(s.head + s.pending) % LoopState::kRing];
  if (!t.start) {
    gpu::HostSpan span(fn);
    t.start = gpu::timingEventCreate(fn);
    t.stop = gpu::timingEventCreate(fn);
  }
  gpu::eventRecord(t.start, fn);
  s.open = true;
}

void xmprt_loop_gpu_end(int64_t loop_id, int64_t gpu_iters) {
  const char *fn = "xmprt_loop_gpu_end";
  XMPRT_CHECK(gpu_iters >= 0, fn, "loop %lld: negative iteration count %lld",
              (long long)loop_id, (long long)gpu_iters);
  std::lock_guard<std::mutex> g(gMutex);
  LoopState &s = loop(loop_id, params(fn));
  XMPRT_CHECK(s.open, fn, "loop %lld: end without begin", (long long)loop_id);
  s.open = false;
  LoopState::TimedStep &t =
      s.ring[(s.head + s.pending) % LoopState::kRing];
  gpu::eventRecord(t.stop, fn);
  t.iters = gpu_iters;
  t.weight = s.lastWeight < 0 ? 0.0 : s.lastWeight;
  t.seq = nextTimeSeq();
  ++s.pending;
  s.askedAt = -1;
}

void xmprt_weight_trace(const char *path) {
  std::lock_guard<std::mutex> g(gMutex);
  registerFinalizeHook();
  openTrace(path, "xmprt_weight_trace");
}

} // extern "C"
