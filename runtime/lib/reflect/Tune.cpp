//===- Tune.cpp - choosing AUTO channels by timing a plan's first reflects ===//
//
// A dimension whose channel is AUTO (and XMP_REFLECT_CHANNEL leaves it
// auto) has two candidate builds: the rule's, TCA for every peer the
// plan's TCA channel reaches and IB for the others (buildDim with use =
// AUTO: the build the plan is created with), and IB for every peer. With
// XMP_CHANNEL_TUNE = K > 0 (default 5) a plan's first reflects choose
// between them, on the plan's own buffers and in the program's own
// conditions:
//
//   first start  the rule's build, untimed, nothing else (a plan started
//                once, as the plans `reflect ... async` makes at every
//                execution, pays nothing but this branch);
//   second start one MPI_Allreduce over the grid (every rank of the grid
//                starts the plan; ranks outside it have no tuner) agrees on
//                K and on the dimensions that have two different
//                candidates somewhere (some rank's rule build has a TCA
//                peer); those get their IB build (buildDim: collective over
//                the dimension's axis, as at creation), the others are
//                left alone;
//   per tuned dimension, in order: tune::steps(K) reflects, each running
//                the candidate tune::candidateAt(step) (the IB build is
//                swapped into the plan for its reflects and out again after
//                them, so between reflects the plan holds the rule's build
//                and xmprt_reflect_channel reports the rule until the
//                decision), each timed on this rank: the time spent in
//                xmprt_reflect_start and _wait (or _do), device plans with
//                the stream drained before the start and after the wait, so
//                that the exchange's copies and kernels count and the
//                program's do not;
//   decision     each rank's median per candidate, MPI_Allreduce(MAX) over
//                the grid, tune::choose (IB only if more than 3% faster):
//                every rank keeps the same build and frees the other, so
//                both sides of every pair use the same channel.
//
// A rank without a neighbour in the dimension (a boundary, an empty piece,
// one rank on the axis) runs the same schedule with two identical builds
// and takes part in the decision with its (small) times: the schedule
// depends only on the number of reflects, which is the same on every rank.
// After the last decision the tuner is freed and the entry points pay one
// branch on the null pointer.
//===----------------------------------------------------------------------===//
#include "Plan.h"
#include "Tune.h"

#include "../Gpu.h"
#include "../Settings.h"

#include <cstdio>

using namespace xmprt;
using namespace xmprt::reflect;

namespace {

xmprt_reflect_tune_time_fn hookFn = nullptr;
void *hookCtx = nullptr;

// AUTO requested and meaning auto, and something to exchange.
bool tunable(const Plan *p, const DimPhase &ph) {
  return ph.requested == XMPRT_CHANNEL_AUTO && ph.use == XMPRT_CHANNEL_AUTO &&
         dimWanted(p, ph);
}

// Device plans: the stream drained, so that the clock sees the exchange's
// work and nothing queued before it.
void drain(Plan *p) {
  if (p->acc)
    gpu::sync("xmprt_reflect_tune");
}

void runStart(Plan *p, bool split) {
  if (p->stats)
    timedStart(p, split);
  else
    startPlan(p, split);
}

void runWait(Plan *p) {
  if (p->stats)
    timedWait(p);
  else
    waitPlan(p);
}

// The IB build of the dimension being tuned into the plan, or back out.
void swapCurrent(Plan *p) {
  PlanTuner &t = *p->tuner;
  int32_t d = t.order[t.cur];
  swapBuild(p->dims[d], t.alt.at(d));
  t.swapped = !t.swapped;
  if (p->acc)
    updateStreamOnly(p);
}

// Every tuned dimension is decided (no alternate is left).
void finishTuning(Plan *p) {
  delete p->tuner;
  p->tuner = nullptr;
}

bool gridRoot(const Plan *p) { return p->a->grid->rank == 0; }

// The second start: which dimensions are tuned, their IB builds.
void setup(Plan *p, const char *fn) {
  PlanTuner &t = *p->tuner;
  xmprt_grid *g = p->a->grid;
  size_t n = p->dims.size();
  // [0]: -K (MAX: the smallest K); [1 + d]: my rule build of d has a TCA
  // peer (MAX: some rank's has).
  std::vector<int> v(n + 1, 0);
  v[0] = -t.reps;
  for (size_t d = 0; d < n; ++d) {
    const DimPhase &ph = p->dims[d];
    v[1 + d] = tunable(p, ph) && !ph.tca.peers.empty();
  }
  XMPRT_MPI(MPI_Allreduce(MPI_IN_PLACE, v.data(), (int)v.size(), MPI_INT,
                          MPI_MAX, g->comm),
            fn);
  t.reps = -v[0];
  t.ready = true;
  for (size_t d = 0; d < n; ++d) {
    DimPhase &ph = p->dims[d];
    if (!tunable(p, ph))
      continue;
    if (!v[1 + d]) {
      // One candidate: no rank of the grid maps a peer in this dimension
      // (peers in other sub-clusters, or none: self copies, boundaries).
      ph.tune = kTuneNone;
      if (envVerbose() && gridRoot(p)) {
        fprintf(stderr,
                "xmprt: reflect plan %lld dim %zu (%s data): auto not tuned: "
                "no rank has a peer it can map in this dimension\n",
                (long long)p->id, d, p->acc ? "device" : "host");
        fflush(stderr);
      }
      continue;
    }
    t.order.push_back((int32_t)d);
    DimPhase &alt = t.alt[(int32_t)d];
    alt.dim = ph.dim;
    alt.regions = ph.regions;
    alt.requested = ph.requested;
    alt.wlo = ph.wlo;
    alt.whi = ph.whi;
    alt.periodic = ph.periodic;
    alt.use = XMPRT_CHANNEL_IB;
    alt.tune = kTuneTuning;
    buildDim(p, alt, fn);
  }
  if (t.order.empty())
    finishTuning(p);
}

// The last reflect of a dimension's schedule ran: every rank keeps the
// same build.
void decide(Plan *p) {
  const char *fn = "xmprt_reflect_wait";
  PlanTuner &t = *p->tuner;
  xmprt_grid *g = p->a->grid;
  int32_t d = t.order[t.cur];
  double mine[2] = {tune::median(t.samples[tune::kRule]),
                    tune::median(t.samples[tune::kIB])};
  double all[2];
  XMPRT_MPI(MPI_Allreduce(mine, all, 2, MPI_DOUBLE, MPI_MAX, g->comm), fn);
  int c = tune::choose(all[tune::kRule], all[tune::kIB]);
  DimPhase &ph = p->dims[d];
  DimPhase &alt = t.alt.at(d);
  if (c == XMPRT_CHANNEL_IB)
    swapBuild(ph, alt);
  // The other build goes: its requests are inactive and (device plans)
  // the stream has run everything of this reflect (drained).
  resetDim(alt);
  t.alt.erase(d);
  ph.tune = kTuneTuned;
  if (p->acc)
    updateStreamOnly(p);
  if (envVerbose() && gridRoot(p)) {
    const char *why = "";
    if (c != XMPRT_CHANNEL_IB && all[tune::kIB] < all[tune::kRule])
      why = " (ib not 3% faster: the rule's choice)";
    fprintf(stderr,
            "xmprt: reflect plan %lld dim %d (%s data): auto tuned over %d+%d "
            "reflects: ib %.1f us, tca %.1f us -> %s%s\n",
            (long long)p->id, d, p->acc ? "device" : "host",
            (int)t.samples[tune::kRule].size(),
            (int)t.samples[tune::kIB].size(), all[tune::kIB] * 1e6,
            all[tune::kRule] * 1e6, chanName(c), why);
    fflush(stderr);
  }
  ++t.cur;
  t.step = 0;
  t.samples[0].clear();
  t.samples[1].clear();
  if (t.cur == t.order.size())
    finishTuning(p);
}

} // namespace

namespace xmprt {
namespace reflect {

void tuneAttach(Plan *p, const char *fn) {
  if (!p->a->inGrid())
    return;
  bool any = false;
  for (const DimPhase &ph : p->dims)
    any = any || tunable(p, ph);
  if (!any)
    return;
  int64_t k = settings::integerOrDefault("XMP_CHANNEL_TUNE", fn);
  if (k <= 0)
    return;
  p->tuner = new PlanTuner;
  p->tuner->reps = (int)k;
  for (DimPhase &ph : p->dims)
    if (tunable(p, ph))
      ph.tune = kTuneTuning;
}

void tunedStart(Plan *p, bool split) {
  const char *fn = "xmprt_reflect_start";
  if (p->started) { // the usual error
    startPlan(p, split);
    return;
  }
  // The first reflect (step 0: the rule's build, untimed) runs before
  // anything is set up: a plan started only once (one made at every
  // execution of a directive, as `reflect ... async` in a loop) costs no
  // collective and no second build.
  if (!p->tuner->ready && p->tuner->step > 0) {
    setup(p, fn);
    if (!p->tuner) {
      runStart(p, split);
      return;
    }
  }
  PlanTuner &t = *p->tuner;
  if (tune::candidateAt(t.step) == tune::kIB)
    swapCurrent(p);
  drain(p);
  double t0 = MPI_Wtime();
  runStart(p, split);
  t.elapsed = MPI_Wtime() - t0;
}

void tunedWait(Plan *p) {
  if (!p->tuner || !p->started) { // tuning ended at this start; or misuse
    runWait(p);
    return;
  }
  PlanTuner &t = *p->tuner;
  double t0 = MPI_Wtime();
  runWait(p);
  drain(p);
  t.elapsed += MPI_Wtime() - t0;
  int cand = tune::candidateAt(t.step);
  if (t.swapped)
    swapCurrent(p);
  if (tune::timed(t.step)) {
    double s = t.elapsed;
    if (hookFn)
      s = hookFn(hookCtx, p, t.order[t.cur],
                 cand == tune::kIB ? XMPRT_CHANNEL_IB : XMPRT_CHANNEL_TCA, s);
    t.samples[cand].push_back(s);
  }
  if (++t.step == tune::steps(t.reps))
    decide(p);
}

void tuneRelease(Plan *p) {
  if (!p->tuner)
    return;
  for (auto &kv : p->tuner->alt)
    resetDim(kv.second);
  delete p->tuner;
  p->tuner = nullptr;
}

} // namespace reflect
} // namespace xmprt

extern "C" {

void xmprt_reflect_tune_hook(xmprt_reflect_tune_time_fn fn, void *ctx) {
  hookFn = fn;
  hookCtx = ctx;
}

int32_t xmprt_reflect_tune_state(const xmprt_reflect_plan *p, int32_t dim) {
  const char *fn = "xmprt_reflect_tune_state";
  XMPRT_CHECK(p, fn, "plan is NULL");
  XMPRT_CHECK(dim >= 0 && dim < p->a->rank, fn, "dim %d out of range [0,%d)",
              dim, p->a->rank);
  if ((size_t)dim >= p->dims.size())
    return kTuneNone;
  return p->dims[dim].tune;
}

} // extern "C"
