//===- Tune.h - the channel tuner's schedule and decision rule -*- C++ -*-===//
//
// The parts of the channel tuner (Tune.cpp) that are plain functions, so
// that tests check them without MPI. A dimension whose channel is AUTO has
// two candidate builds: the rule's (TCA for every peer the plan can map, IB
// for the others: the incumbent) and IB for every peer. Its schedule is
// kWarmup untimed reflects (rule, then IB), then 2K timed ones in ABBA
// order (rule IB, IB rule, rule IB, ...), so that a drift over the
// schedule (caches, MPI's first connections, a neighbour still busy) does
// not favour one side. Each rank takes the median of its K times per
// candidate; the ranks then agree on the maximum over the ranks (the
// slowest rank's reflect is what every rank waits for) and IB replaces the
// rule only when it is faster by more than kMargin.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_LIB_REFLECT_TUNE_H
#define XMPRT_LIB_REFLECT_TUNE_H

#include "xmprt/xmprt.h"

#include <algorithm>
#include <vector>

namespace xmprt {
namespace reflect {
namespace tune {

// Candidates of a dimension.
enum Candidate { kRule = 0, kIB = 1 };

constexpr int kWarmup = 2;        // one untimed reflect per candidate
constexpr double kMargin = 0.03;  // IB must be this much faster than the rule

// Reflects of one dimension's schedule with K timed reflects per candidate.
inline int steps(int k) { return kWarmup + 2 * k; }

// Whether step s of a schedule is timed.
inline bool timed(int s) { return s >= kWarmup; }

// The candidate that step s of a schedule runs.
inline int candidateAt(int s) {
  if (s < kWarmup)
    return s % 2 ? kIB : kRule;
  int j = s - kWarmup, pair = j / 2, second = j % 2;
  return (pair % 2 == 0) == (second == 0) ? kRule : kIB;
}

// The median of v (the mean of the two middle values for an even count;
// 0 for none).
inline double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The channel chosen from the candidates' times (the maximum over the
// ranks of each rank's median): IB when it beats the rule's build by more
// than `margin`, the rule's otherwise (ties, near-ties and times that are
// not numbers keep the rule). Returns XMPRT_CHANNEL_IB or XMPRT_CHANNEL_TCA
// (the rule: TCA for the peers it can map).
inline int choose(double ruleSec, double ibSec, double margin = kMargin) {
  return ibSec < ruleSec * (1 - margin) ? XMPRT_CHANNEL_IB
                                        : XMPRT_CHANNEL_TCA;
}

} // namespace tune
} // namespace reflect
} // namespace xmprt

#endif
