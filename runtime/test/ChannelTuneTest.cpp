// The channel tuner's schedule and decision rule (runtime/lib/reflect/
// Tune.h), without MPI: which candidate each reflect of a dimension's
// schedule runs, the median, and the choice with its margin; a simulated
// set of ranks whose local choices disagree still yields one decision.
// The same rules inside plans, under MPI, are ReflectTest.cpp's
// ReflectTune tests (injected times) and GpuTest.cpp's GpuReflectTune.
#include "../lib/reflect/Tune.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

using namespace xmprt::reflect;

namespace {

std::string schedule(int k) {
  std::string s;
  for (int i = 0; i < tune::steps(k); ++i)
    s += std::string(tune::timed(i) ? "" : "w") +
         (tune::candidateAt(i) == tune::kIB ? "I" : "R") + " ";
  return s;
}

} // namespace

TEST(ChannelTune, Schedule) {
  // One untimed reflect per candidate, then K of each in ABBA order.
  EXPECT_EQ(tune::steps(1), 4);
  EXPECT_EQ(tune::steps(5), 12);
  EXPECT_EQ(schedule(1), "wR wI R I ");
  EXPECT_EQ(schedule(4), "wR wI R I I R R I I R ");
  EXPECT_EQ(schedule(5), "wR wI R I I R R I I R R I ");
  for (int k = 1; k <= 9; ++k) {
    int timed[2] = {0, 0}, untimed[2] = {0, 0};
    for (int s = 0; s < tune::steps(k); ++s)
      ++(tune::timed(s) ? timed : untimed)[tune::candidateAt(s)];
    EXPECT_EQ(timed[tune::kRule], k) << k;
    EXPECT_EQ(timed[tune::kIB], k) << k;
    EXPECT_EQ(untimed[tune::kRule], 1) << k;
    EXPECT_EQ(untimed[tune::kIB], 1) << k;
  }
}

TEST(ChannelTune, Median) {
  EXPECT_EQ(tune::median({}), 0);
  EXPECT_EQ(tune::median({4}), 4);
  EXPECT_EQ(tune::median({5, 1, 9}), 5);
  EXPECT_EQ(tune::median({9, 1, 3, 7}), 5);
  // One outlier (a page fault, a preempted rank) does not move it.
  EXPECT_EQ(tune::median({10, 11, 1000, 12, 9}), 11);
}

TEST(ChannelTune, IBFasterPicksIB) {
  EXPECT_EQ(tune::choose(232e-6, 166e-6), XMPRT_CHANNEL_IB);
  EXPECT_EQ(tune::choose(2.0, 1.0), XMPRT_CHANNEL_IB);
}

TEST(ChannelTune, TCAFasterPicksTCA) {
  EXPECT_EQ(tune::choose(166e-6, 232e-6), XMPRT_CHANNEL_TCA);
  EXPECT_EQ(tune::choose(1.0, 2.0), XMPRT_CHANNEL_TCA);
}

TEST(ChannelTune, NearTieKeepsTheRule) {
  // Within 3%: the rule's build (TCA where it maps) stays.
  EXPECT_EQ(tune::kMargin, 0.03);
  EXPECT_EQ(tune::choose(100.0, 100.0), XMPRT_CHANNEL_TCA);
  EXPECT_EQ(tune::choose(100.0, 98.0), XMPRT_CHANNEL_TCA);
  EXPECT_EQ(tune::choose(100.0, 97.5), XMPRT_CHANNEL_TCA);
  EXPECT_EQ(tune::choose(100.0, 96.9), XMPRT_CHANNEL_IB);
  EXPECT_EQ(tune::choose(100.0, 95.0), XMPRT_CHANNEL_IB);
  // Another margin.
  EXPECT_EQ(tune::choose(100.0, 95.0, 0.10), XMPRT_CHANNEL_TCA);
  EXPECT_EQ(tune::choose(100.0, 89.0, 0.10), XMPRT_CHANNEL_IB);
  // Nothing measured (both 0) and times that are not numbers: the rule.
  EXPECT_EQ(tune::choose(0.0, 0.0), XMPRT_CHANNEL_TCA);
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(tune::choose(nan, 1.0), XMPRT_CHANNEL_TCA);
  EXPECT_EQ(tune::choose(1.0, nan), XMPRT_CHANNEL_TCA);
}

// Ranks whose own medians point different ways: the decision is made on
// the maximum over the ranks of each candidate's median (what the plan's
// MPI_Allreduce(MAX) gives every rank), so it is one value, and not the
// choice of any particular rank.
TEST(ChannelTune, DisagreeingRanksOneDecision) {
  struct Rank {
    std::vector<double> rule, ib;
  };
  auto decide = [](const std::vector<Rank> &ranks, int *local) {
    double rule = 0, ib = 0;
    for (size_t r = 0; r < ranks.size(); ++r) {
      double mr = tune::median(ranks[r].rule), mi = tune::median(ranks[r].ib);
      local[r] = tune::choose(mr, mi);
      rule = std::max(rule, mr);
      ib = std::max(ib, mi);
    }
    return tune::choose(rule, ib);
  };
  int local[3];
  // Rank 0 sees IB much faster, rank 1 TCA: the slowest times are rank 1's
  // IB (20) against rank 0's rule (10): TCA.
  std::vector<Rank> a = {{{10, 10, 11}, {1, 1, 2}}, {{2, 2, 3}, {20, 19, 21}}};
  EXPECT_EQ(decide(a, local), XMPRT_CHANNEL_TCA);
  EXPECT_EQ(local[0], XMPRT_CHANNEL_IB);
  EXPECT_EQ(local[1], XMPRT_CHANNEL_TCA);
  // The same disagreement with rank 0's rule slower still: IB.
  std::vector<Rank> b = {{{30, 31, 29}, {1, 1, 2}}, {{2, 2, 3}, {20, 19, 21}}};
  EXPECT_EQ(decide(b, local), XMPRT_CHANNEL_IB);
  EXPECT_EQ(local[0], XMPRT_CHANNEL_IB);
  EXPECT_EQ(local[1], XMPRT_CHANNEL_TCA);
  // A rank without a neighbour (times near 0) does not sway it.
  std::vector<Rank> c = {{{5, 5, 5}, {9, 9, 9}},
                         {{6, 6, 6}, {8, 8, 8}},
                         {{0.01, 0.01, 0.01}, {0.001, 0.001, 0.001}}};
  EXPECT_EQ(decide(c, local), XMPRT_CHANNEL_TCA);
  EXPECT_EQ(local[2], XMPRT_CHANNEL_IB);
}
