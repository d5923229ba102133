//===- WeightControl.cpp - CPU/GPU weight of split device loops -----------===//
//
// Per loop id: the weight handed out for the next step (current weight,
// fixed, or the auto controller's), the controller's state, and the report
// of each step's measured CPU and GPU parts. The controller (weight(auto))
// is a safe model-guided search (see decide()):
//   samples   the last XMP_WEIGHT_SAMPLES step times are kept per measured
//             CPU share (a "bucket"); decisions use their medians;
//   start     from XMP_WEIGHT_INIT (0: all on the GPU), whose step time is
//             the incumbent's, the side never measured gets a tiny share
//             (XMP_WEIGHT_PROBE, grown 4x while the split rounds it away);
//   model     each side's time as a function of its share, piecewise
//             linear through the measured medians (through the origin
//             below the smallest share, proportional above the largest),
//             plus the measured cost of splitting;
//   probing   the next weight is the model's fastest one among those whose
//             pessimistic predicted step stays within XMP_WEIGHT_MARGIN of
//             the incumbent's (a step at a share over 4x the largest
//             measured one is assumed twice as slow) and which promise to
//             beat it by XMP_WEIGHT_HYSTERESIS; it is run until its median
//             is known (early stop when clearly slower) and replaces the
//             incumbent only when it beats it by the hysteresis; a probe
//             that fails excludes its neighbourhood for the round;
//   settled   no such weight (or 6 failed probes): the incumbent is kept,
//             and a new round starts every XMP_WEIGHT_REPROBE steps; once
//             the settled incumbent has been looked at again, a GPU-only
//             incumbent's steps are not timed (nothing learns from them)
//             except the last samples before the next round;
//   warm-up   the first XMP_WEIGHT_WARMUP reports of a loop are not learnt
//             from (first-touch, module loading, cold caches).
// GPU-only steps are timed by events and learnt from once the GPU has run
// them, never waited for one by one (the search lags by up to 4 steps); a
// step with a CPU part first learns every GPU-only step before it.
// Probe steps and their cost (seconds over the incumbent's median) are
// counted per loop: trace columns probe / probe_seconds, XMP_VERBOSE (with
// the GPU-only steps timed and the reads that had to wait).
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
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <sys/stat.h>
#include <utility>
#include <vector>

using namespace xmprt;

namespace {

struct Params {
  bool resolved = false;
  double init = 0;        // XMP_WEIGHT_INIT
  double beta = 0.5;      // XMP_WEIGHT_SMOOTHING (the reported rates)
  double probe = 0.001;   // XMP_WEIGHT_PROBE
  double margin = 0.05;   // XMP_WEIGHT_MARGIN
  double hyst = 0.01;     // XMP_WEIGHT_HYSTERESIS
  int64_t samples = 3;    // XMP_WEIGHT_SAMPLES
  int64_t reprobe = 100;  // XMP_WEIGHT_REPROBE (0: never)
  int64_t warmup = 1;     // XMP_WEIGHT_WARMUP
  int64_t splitGrain = 0; // XMP_SPLIT_GRAIN (0: the caller's)
  bool timeAlways = false; // XMP_STEP_TIMING=always
  bool verbose = false;    // XMP_VERBOSE (the rates it prints need times)
};

// Fixed parts of the search (see decide()).
constexpr int kMaxFailedProbes = 6; // failed probes that end a round
constexpr double kGrowth = 4.0;     // share beyond which extrapolation is
                                    // assumed twice as slow
constexpr size_t kMaxBuckets = 48;  // buckets kept per loop
constexpr double kSureGain = 0.10;  // a predicted gain tested without first
                                    // completing the incumbent's median

// One learnt step.
struct Sample {
  double tc = 0, tg = 0, t = 0; // CPU part, GPU part, whole step (seconds)
};

// The steps measured at one CPU share (the iterations' actual share).
// The median of v (0 when empty); of an even count the mean of the two
// middle values, or the lower one with lowerOfEven.
double medianOf(std::vector<double> v, bool lowerOfEven = false) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  if (n % 2)
    return v[n / 2];
  return lowerOfEven ? v[n / 2 - 1] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Bucket {
  double x = 0;          // CPU share, cpu_iters / (cpu_iters + gpu_iters)
  double w = 0;          // the weight handed out that gave it (last one)
  int64_t lastStep = 0;  // report count when last measured
  std::deque<Sample> s;  // the last Params::samples

  // Of an even count, the lower middle sample: step times are skewed
  // upward (a one-time cost such as page-locking a block at its third
  // copy, interference), and the mean of two samples, one of them slow,
  // overstated an incumbent enough that a one-row probe at the same real
  // speed replaced it (matmul 1024, session 37).
  double median(double Sample::*f) const {
    std::vector<double> v;
    for (const Sample &e : s)
      v.push_back(e.*f);
    return medianOf(std::move(v), /*lowerOfEven=*/true);
  }
};

struct LoopState {
  int64_t steps = 0;      // reports so far
  double w = 0;           // the controller's weight for the next step
  double rc = 0, rg = 0;  // smoothed rates (iterations/s; reported only)
  double lastWeight = -1; // handed out by the last xmprt_loop_weight
  int32_t lastMode = -1;
  // Wall clock of the last xmprt_loop_weight (-1: none since the last
  // report): the trace's loop_seconds is the whole split step, coherence
  // copies and waits included.
  double askedAt = -1;
  // The controller (decide()).
  std::map<int64_t, Bucket> buckets; // by llround(x * 2^40)
  bool started = false;    // the incumbent is set
  int64_t incKey = 0;      // the incumbent's bucket
  double incW = 0;         // its weight
  enum Phase { Explore, Settled } phase = Explore;
  int64_t probeKey = -1;   // bucket of the probe running (-1: none)
  int64_t probeRuns = 0;   // its samples in this probe
  bool firstProbe = false; // it measures a side never measured (no test)
  double firstShare = 0;   // that side's share asked (grows while rounded away)
  double probePred = 0;    // the model's step time for the probe
  std::vector<double> refuted; // failed probes' shares in this round
  int failed = 0;          // failed probes in this round
  int64_t settledAt = 0;   // report count when settled
  bool checked = false;    // the settled incumbent was looked at again
  bool moved = false;      // the incumbent moved in this round
  int64_t rounds = 0;      // exploration rounds started
  // Exploration cost: steps not at the incumbent, and their seconds over
  // the incumbent's median at the time.
  int64_t probeSteps = 0;
  int64_t deferred = 0; // steps kept at the incumbent while the executor started
  double probeSeconds = 0;
  // What timing the steps cost the host (XMP_VERBOSE): GPU-only steps that
  // recorded events, and reads of them that waited for the GPU.
  int64_t timedSteps = 0, waitedReads = 0;
  bool lastWasProbe = false; // the last learnt step was a probe step
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
  bool open = false;    // between begin and end
  bool untimed = false; // the open step records no events
};

std::mutex gMutex;
Params gParams;
std::map<int64_t, LoopState> gLoops;
FILE *gTrace = nullptr;
bool gTraceJson = false;
bool gTraceResolved = false;
std::string gTracePath; // for the messages
bool gHookRegistered = false;
bool gTimesUsed = false; // xmprt_step_times_used: the program reads them

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
  p.beta = settings::realOrDefault("XMP_WEIGHT_SMOOTHING", fn);
  p.hyst = settings::realOrDefault("XMP_WEIGHT_HYSTERESIS", fn);
  p.samples = settings::integerOrDefault("XMP_WEIGHT_SAMPLES", fn);
  p.probe = settings::realOrDefault("XMP_WEIGHT_PROBE", fn);
  p.margin = settings::realOrDefault("XMP_WEIGHT_MARGIN", fn);
  p.reprobe = settings::integerOrDefault("XMP_WEIGHT_REPROBE", fn);
  p.warmup = settings::integerOrDefault("XMP_WEIGHT_WARMUP", fn);
  p.splitGrain = settings::integer("XMP_SPLIT_GRAIN", fn).value_or(0);
  p.timeAlways = settings::choice("XMP_STEP_TIMING", fn) == 1;
  p.verbose = envVerbose();
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

int64_t keyOf(double x) { return std::llround(x * 1099511627776.0); } // 2^40

/// One side's time against its share of the loop, from the medians measured
/// at that side's shares: linear between measured shares; below the
/// smallest, the line through it and a share at least 25% larger (slope
/// between 0 and proportional), or else through the origin;
/// proportional above the largest. `upper` is the
/// pessimistic value a probe is bounded by: the time at the nearest
/// measured share at or above (time does not fall as the share grows), and
/// beyond the largest share the proportional value, doubled beyond kGrowth
/// times that share (caches, memory bandwidth: growth need not be linear).
struct SideModel {
  std::vector<std::pair<double, double>> pts; // (share, seconds), by share

  bool known() const { return !pts.empty(); }
  std::vector<std::pair<double, double>>::const_iterator
  atOrAbove(double sh) const {
    return std::lower_bound(
        pts.begin(), pts.end(), sh,
        [](const std::pair<double, double> &a, double v) { return a.first < v; });
  }
  double at(double sh) const {
    if (sh <= 0)
      return 0;
    const auto &lo = pts.front(), &hi = pts.back();
    if (sh <= lo.first) {
      // The line through the smallest share and the next one at least a
      // quarter larger (a shorter lever would turn noise into slope): its
      // intercept is the side's fixed cost; no steeper than proportional,
      // never rising. Without such a share: proportional (optimistic).
      size_t k = 1;
      while (k < pts.size() && pts[k].first - lo.first < 0.25 * pts[k].first)
        ++k;
      if (k == pts.size())
        return lo.second * sh / lo.first;
      const auto &nx = pts[k];
      double slope = (nx.second - lo.second) / (nx.first - lo.first);
      slope = std::min(std::max(slope, 0.0), lo.second / lo.first);
      return lo.second - (lo.first - sh) * slope;
    }
    if (sh >= hi.first)
      return hi.second * sh / hi.first;
    auto it = atOrAbove(sh);
    auto pr = it - 1;
    double f = (sh - pr->first) / (it->first - pr->first);
    return pr->second + f * (it->second - pr->second);
  }
  double upper(double sh) const {
    if (sh <= 0)
      return 0;
    const auto &hi = pts.back();
    if (sh > hi.first) {
      double t = hi.second * sh / hi.first;
      return sh > kGrowth * hi.first ? 2 * t : t;
    }
    return atOrAbove(sh)->second;
  }
};

/// The step time predicted at CPU share w: the slower side plus the
/// measured cost of that kind of step (the whole step's time minus the
/// slower part: coherence copies, starting the CPU part, waits).
struct Model {
  SideModel cpu, gpu;
  double oSplit = 0, oGpu = 0, oCpu = 0;

  double predict(double w, bool upper) const {
    auto f = [&](const SideModel &m, double sh) {
      return upper ? m.upper(sh) : m.at(sh);
    };
    if (w <= 0)
      return gpu.known() ? f(gpu, 1.0) + oGpu : INFINITY;
    if (w >= 1)
      return cpu.known() ? f(cpu, 1.0) + oCpu : INFINITY;
    if (!cpu.known() || !gpu.known())
      return INFINITY;
    return std::max(f(cpu, w), f(gpu, 1.0 - w)) + oSplit;
  }
  // The share where both sides take the same time (bisection).
  double balance() const {
    double lo = 0, hi = 1;
    for (int i = 0; i < 60; ++i) {
      double mid = 0.5 * (lo + hi);
      (cpu.at(mid) < gpu.at(1.0 - mid) ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
  }
};

Model buildModel(const LoopState &s) {
  Model m;
  std::vector<double> oS, oG, oC;
  for (const auto &[k, b] : s.buckets) {
    if (b.s.empty())
      continue;
    if (b.x > 0)
      m.cpu.pts.push_back({b.x, b.median(&Sample::tc)});
    if (b.x < 1)
      m.gpu.pts.push_back({1.0 - b.x, b.median(&Sample::tg)});
    for (const Sample &e : b.s) {
      double o = std::max(0.0, e.t - std::max(e.tc, e.tg));
      (b.x <= 0 ? oG : b.x >= 1 ? oC : oS).push_back(o);
    }
  }
  std::sort(m.cpu.pts.begin(), m.cpu.pts.end());
  std::sort(m.gpu.pts.begin(), m.gpu.pts.end());
  m.oSplit = medianOf(oS);
  m.oGpu = medianOf(oG);
  m.oCpu = medianOf(oC);
  return m;
}

void settle(LoopState &s) {
  s.checked = !s.moved; // a round that moved: look again once settled
  s.phase = LoopState::Settled;
  s.settledAt = s.steps;
  s.probeKey = -1;
  s.firstProbe = false;
  s.w = s.incW;
}

// A new search round from the incumbent: a re-probe (every reprobe steps:
// forgets the failed probes), or the check made once the settled
// incumbent's median is fresh (keeps them, so it cannot loop).
void startRound(LoopState &s, bool forget = true) {
  s.phase = LoopState::Explore;
  if (forget)
    s.refuted.clear();
  s.failed = 0;
  s.moved = false;
  s.probeKey = -1;
  s.firstProbe = false;
  ++s.rounds;
}

/// The next weight of an auto loop after a learnt step at CPU share x run
/// with weight `asked` (see the file comment for the algorithm).
void decide(LoopState &s, const Params &p, double asked, double x,
            const Sample &e, int64_t n) {
  int64_t key = keyOf(x);
  bool first = !s.started;
  if (first) { // the first learnt step: the incumbent
    s.started = true;
    s.incKey = key;
    s.incW = asked;
    s.w = asked;
    startRound(s);
  }
  bool atInc = asked == s.incW;
  if (atInc)
    s.incKey = key; // the same weight may give another share (n changed)
  const Bucket &inc = s.buckets.at(s.incKey);
  double ti = inc.median(&Sample::t);
  s.lastWasProbe = !atInc;
  if (!atInc) {
    ++s.probeSteps;
    s.probeSeconds += std::max(0.0, e.t - ti);
  }
  if (first) {
  } else if (s.phase == LoopState::Settled) {
    if (p.reprobe > 0 && s.steps - s.settledAt >= p.reprobe)
      startRound(s);
    else if (s.steps - s.settledAt == p.samples && !s.checked) {
      s.checked = true; // the incumbent's median is fresh: one more look
      startRound(s, /*forget=*/false);
    } else {
      s.w = s.incW;
      return;
    }
  }
  if (!atInc && !first) {
    if (s.firstProbe) {
      // The side never measured still got no iterations: the split rounded
      // its share away (a grain larger than it): 4x, up to half the loop.
      bool towardCpu = s.firstShare == asked;
      if (towardCpu ? x <= 0 : x >= 1) {
        if (s.firstShare >= 0.5) {
          settle(s);
          return;
        }
        s.firstShare = std::min(0.5, 4 * s.firstShare);
        s.w = towardCpu ? s.firstShare : 1.0 - s.firstShare;
        return;
      }
      s.firstProbe = false; // measured; it was not a test of a gain
    } else if (key == s.incKey) { // rounded onto the incumbent's share
      s.refuted.push_back(asked);
      ++s.failed;
    } else {
      if (key != s.probeKey) {
        s.probeKey = key;
        s.probeRuns = 0;
      }
      ++s.probeRuns;
      double med = s.buckets.at(key).median(&Sample::t);
      bool worse = med > ti * (1 + p.margin) || (s.probeRuns >= 2 && med >= ti);
      if (s.probeRuns < p.samples && !worse) {
        s.w = asked; // its median first
        return;
      }
      // A gain: by the hysteresis, or any when the model promised twice
      // that (a noisy median of the incumbent must not refute it).
      bool pure = asked == 0.0 || asked == 1.0;
      if (!worse && (med < ti * (1 - p.hyst) ||
                     (med < ti && (pure || s.probePred < ti * (1 - 2 * p.hyst))))) {
        s.incKey = key;
        s.incW = asked;
        s.moved = true;
      } else {
        s.refuted.push_back(x);
        ++s.failed;
      }
      s.probeKey = -1;
    }
  }
  if (s.failed >= kMaxFailedProbes) {
    settle(s);
    return;
  }
  Model m = buildModel(s);
  if (!m.cpu.known() || !m.gpu.known()) {
    // A side never measured: a tiny share of the loop on it.
    s.firstProbe = true;
    s.firstShare = p.probe;
    s.w = m.cpu.known() ? 1.0 - p.probe : p.probe;
    return;
  }
  const Bucket &cur = s.buckets.at(s.incKey);
  ti = cur.median(&Sample::t);
  double xi = cur.x;
  double bound = ti * (1 + p.margin), want = ti * (1 - p.hyst);
  double minMove = n > 0 ? 1.0 / (double)n : 1e-3;
  std::vector<double> cand;
  for (int k = 0; k <= 2000; ++k)
    cand.push_back(k / 2000.0);
  for (const auto &[k, b] : s.buckets)
    cand.push_back(b.x);
  cand.push_back(m.balance());
  double best = -1, bestP = INFINITY;
  for (double w : cand) {
    double d = std::fabs(w - xi);
    if (d < minMove)
      continue;
    bool near = false;
    for (double r : s.refuted)
      near |= std::fabs(w - r) <= std::max(minMove, 0.1 * std::fabs(r - xi));
    if (near)
      continue;
    double pr = m.predict(w, false);
    if (!(pr < want) || m.predict(w, true) > bound)
      continue;
    if (pr < bestP || (pr == bestP && d < std::fabs(best - xi))) {
      best = w;
      bestP = pr;
    }
  }
  // A single side predicted within the hysteresis of the incumbent and of
  // the best split is preferred (and wins on any measured gain): nothing to
  // copy or start, which the model cannot see in full.
  for (double w : {0.0, 1.0})
    if (best != w && std::fabs(w - xi) >= minMove) {
      double pr = m.predict(w, false);
      if (pr <= ti * (1 + p.hyst) &&
          (best < 0 || pr <= bestP * (1 + p.hyst)) &&
          m.predict(w, true) <= bound) {
        bool near = false;
        for (double r : s.refuted)
          near |= std::fabs(w - r) <= minMove;
        if (!near) {
          best = w;
          bestP = pr;
        }
      }
    }
  if (best < 0) {
    settle(s);
    return;
  }
  if ((int64_t)cur.s.size() < p.samples && bestP > ti * (1 - kSureGain)) {
    s.w = s.incW; // a small gain to test: the incumbent's median first
    return;
  }
  s.w = best;
  s.probeKey = -1;
  s.probePred = bestP;
}

/// One report: the rates (reported by XMP_VERBOSE), the step's sample in
/// the bucket of its CPU share (every mode: switching to auto starts
/// informed), and, for an auto loop, the controller's next weight.
void learn(LoopState &s, const Params &p, double asked, double cpuSec,
           int64_t cpuIt, double gpuSec, int64_t gpuIt, double stepSec) {
  s.lastWasProbe = false;
  if (++s.steps <= p.warmup)
    return;
  auto smooth = [&](double &r, double sample) {
    r = r > 0 ? p.beta * sample + (1 - p.beta) * r : sample;
  };
  if (cpuIt > 0 && cpuSec > 0)
    smooth(s.rc, (double)cpuIt / cpuSec);
  if (gpuIt > 0 && gpuSec > 0)
    smooth(s.rg, (double)gpuIt / gpuSec);
  int64_t n = cpuIt + gpuIt;
  if (n <= 0)
    return; // nothing ran on this rank: nothing to learn
  double x = (double)cpuIt / (double)n;
  if (asked < 0)
    asked = x;
  Bucket &b = s.buckets[keyOf(x)];
  b.x = x;
  b.w = asked;
  b.lastStep = s.steps;
  b.s.push_back({cpuSec, gpuSec, stepSec});
  while ((int64_t)b.s.size() > p.samples)
    b.s.pop_front();
  while (s.buckets.size() > kMaxBuckets) { // the least recently measured
    auto old = s.buckets.end();
    for (auto it = s.buckets.begin(); it != s.buckets.end(); ++it)
      if (it->first != s.incKey && it->first != keyOf(x) &&
          (old == s.buckets.end() || it->second.lastStep < old->second.lastStep))
        old = it;
    if (old == s.buckets.end())
      break;
    s.buckets.erase(old);
  }
  if (s.lastMode == XMPRT_WEIGHT_AUTO)
    decide(s, p, asked, x, b.s.back(), n);
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
                 "gpu_iters,loop_seconds,probe,probe_seconds\n");
    flushTrace(fn);
  }
}

// probe: 1 when the step was a probe of the controller (not at its
// incumbent weight); probe_seconds: the loop's probe steps' seconds over the
// incumbent's median step so far (cumulative).
void traceLine(int64_t step, int64_t id, double w, double cpuSec,
               int64_t cpuIt, double gpuSec, int64_t gpuIt, double loopSec,
               const LoopState &s) {
  if (!gTrace)
    return;
  int probe = s.lastWasProbe ? 1 : 0;
  if (gTraceJson)
    std::fprintf(gTrace,
                 "{\"step\": %lld, \"loop_id\": %lld, \"weight\": %.17g, "
                 "\"cpu_seconds\": %.17g, \"cpu_iters\": %lld, "
                 "\"gpu_seconds\": %.17g, \"gpu_iters\": %lld, "
                 "\"loop_seconds\": %.17g, \"probe\": %d, "
                 "\"probe_seconds\": %.17g}\n",
                 (long long)step, (long long)id, w, cpuSec, (long long)cpuIt,
                 gpuSec, (long long)gpuIt, loopSec, probe, s.probeSeconds);
  else
    std::fprintf(gTrace,
                 "%lld,%lld,%.17g,%.17g,%lld,%.17g,%lld,%.17g,%d,%.17g\n",
                 (long long)step, (long long)id, w, cpuSec, (long long)cpuIt,
                 gpuSec, (long long)gpuIt, loopSec, probe, s.probeSeconds);
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
      if (s.started) {
        double ti = s.buckets.count(s.incKey)
                        ? s.buckets.at(s.incKey).median(&Sample::t)
                        : 0.0;
        std::fprintf(stderr,
                     "xmprt: rank %d: loop %lld: probing: %lld steps, "
                     "+%.6g s over the incumbent's step (%.6g s at weight "
                     "%.4f), %lld rounds, %lld steps waited for the CPU "
                     "executor to start, %s; %lld GPU-only steps timed, "
                     "%lld waits for one\n",
                     r, (long long)id, (long long)s.probeSteps,
                     s.probeSeconds, ti, s.incW, (long long)s.rounds,
                     (long long)s.deferred, s.phase == LoopState::Settled ? "settled" : "exploring",
                     (long long)s.timedSteps, (long long)s.waitedReads);
      }
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
void readOldest(int64_t id, LoopState &s, const Params &p, const char *fn,
                bool done = false) {
  LoopState::TimedStep &t = s.ring[s.head];
  if (!done && !gpu::eventDone(t.stop, fn))
    ++s.waitedReads;
  double sec = gpu::eventSeconds(t.start, t.stop, fn);
  s.head = (s.head + 1) % LoopState::kRing;
  --s.pending;
  if (id >= 0) {
    if (!gTraceResolved)
      openTrace(settings::value("XMP_WEIGHT_TRACE", fn), fn);
    int64_t step = s.steps;
    learn(s, p, t.weight, 0.0, 0, sec, t.iters, sec);
    traceLine(step, id, t.weight, 0.0, 0, sec, t.iters, sec, s);
  }
  recordTimes(0.0, sec, t.seq);
}

/// Reads every timed step of `s` (wait = true), or those already complete.
void readTimedSteps(int64_t id, LoopState &s, const Params &p, bool wait,
                    const char *fn) {
  while (s.pending > 0) {
    bool done = gpu::eventDone(s.ring[s.head].stop, fn);
    if (!done && !wait)
      break;
    readOldest(id, s, p, fn, done);
  }
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
  // GPU-only steps are read once the GPU has done them: a step never
  // waits for the one before it (a full ring waits for the step 4 loops
  // back), so the controller's view of them lags by up to a few steps.
  // Waiting for each one (as the search did until session 36) drained the
  // stream every step: about 10 us a step on the H200 where a kernel ran
  // 90 us (benchmarks/experiments/auto_cost.sh).
  if (s.pending > 0)
    readTimedSteps(loop_id, s, p, /*wait=*/false, fn);
  // A step with a CPU part waits for the GPU anyway (its split commit):
  // every GPU-only step before it is learnt first, in order, and the
  // decision is made from all of them.
  if (mode == XMPRT_WEIGHT_AUTO && s.pending > 0 && s.w > 0)
    readTimedSteps(loop_id, s, p, /*wait=*/true, fn);
  double w;
  switch (mode) {
  case XMPRT_WEIGHT_CURRENT:
    w = xmprt_current_weight();
    break;
  case XMPRT_WEIGHT_FIXED:
    // As xmprt_reset_weight: a share outside [0, 1] (or NaN) is the
    // program's error, not something to round silently.
    XMPRT_CHECK(fixed >= 0.0 && fixed <= 1.0, fn,
                "loop %lld: weight %g is outside [0, 1]", (long long)loop_id,
                fixed);
    w = fixed;
    break;
  case XMPRT_WEIGHT_AUTO:
    w = s.w;
    // A probe must not pay the executor's start-up (StarPU's starpu_init:
    // tens of ms against a step of 0.1 ms): it starts on a helper thread
    // from the loop's first step, and while it does the loop stays at a
    // GPU-only incumbent (those steps are incumbent samples).
    if ((w > 0 || !s.started) && !xmprt_cpu_executor_start(/*wait=*/0) &&
        s.started && s.incW == 0.0) {
      w = 0.0;
      ++s.deferred;
    }
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
  // GPU-only steps before this one are learnt before it (done by now: this
  // step's GPU part followed them on the stream).
  if (s.pending > 0)
    readTimedSteps(loop_id, s, p, /*wait=*/true, fn);
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
  learn(s, p, s.lastWeight, cpu_seconds, cpu_iters, gpu_seconds, gpu_iters,
        stepSeconds);
  traceLine(step, loop_id, used, cpu_seconds, cpu_iters, gpu_seconds,
            gpu_iters, loopSeconds, s);
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
  int64_t c = xmprt_template_coord(t, dim);
  dist::OwnedIterations it(t->dim(dim), c < 0 ? 0 : c, lb, ub, step);
  int64_t n = c < 0 ? 0 : it.count();
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

namespace {
// Whether a GPU-only step of settled auto loop `s` can go untimed (see
// xmprt_loop_gpu_begin).
bool quietStep(const LoopState &s, const Params &p) {
  if (s.lastMode != XMPRT_WEIGHT_AUTO || !s.started ||
      s.phase != LoopState::Settled || !s.checked || s.incW != 0.0)
    return false;
  if (p.reprobe == 0)
    return true;
  return s.steps + 1 - s.settledAt < p.reprobe - p.samples;
}
} // namespace

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
  // Nobody can read this step's time: no events (two cudaEventRecord calls
  // are most of the host cost of a step at weight 0).
  bool read = p.timeAlways || gTimesUsed || gTrace;
  bool observed = read || p.verbose; // XMP_VERBOSE prints the loops' rates
  if (!(observed || s.lastMode == XMPRT_WEIGHT_AUTO)) {
    s.open = s.untimed = true;
    return;
  }
  // An auto loop settled on a GPU-only incumbent that has been looked at
  // again learns nothing until its next round: its steps are counted, not
  // timed, except the last XMP_WEIGHT_SAMPLES before the round (which give
  // the round a fresh median of the incumbent). A settled auto step then
  // costs what a weight-0 step costs.
  // (XMP_VERBOSE does not change this: its rates come from the learnt
  // steps, and it shows what the loop costs without it.)
  if (!read && quietStep(s, p)) {
    ++s.steps;
    s.open = s.untimed = true;
    return;
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
  if (s.untimed) {
    s.untimed = false;
    s.askedAt = -1;
    return;
  }
  LoopState::TimedStep &t =
      s.ring[(s.head + s.pending) % LoopState::kRing];
  gpu::eventRecord(t.stop, fn);
  ++s.timedSteps;
  t.iters = gpu_iters;
  t.weight = s.lastWeight < 0 ? 0.0 : s.lastWeight;
  t.seq = nextTimeSeq();
  ++s.pending;
  s.askedAt = -1;
}

void xmprt_step_times_used(void) {
  std::lock_guard<std::mutex> g(gMutex);
  gTimesUsed = true;
}

void xmprt_weight_trace(const char *path) {
  std::lock_guard<std::mutex> g(gMutex);
  registerFinalizeHook();
  openTrace(path, "xmprt_weight_trace");
}

} // extern "C"
