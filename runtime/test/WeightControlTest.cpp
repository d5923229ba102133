// Weights of split device loops: split points, the three weight modes, the
// auto controller on synthetic workloads (stationary rates, a GPU with a
// large fixed overhead, a CPU 100x slower, +-10% noise, two loops at once),
// xmprt_cpu_time / xmprt_gpu_time, and the trace file; weight 1 (and one
// warning) on a rank without a GPU. The weight tests need a GPU, or
// XMPRT_TEST_ASSUME_GPU=1 (set by the ctest runs but one).
#include "TestUtil.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

// A synthetic loop: each side takes overhead + iterations / rate seconds
// (nothing when it gets no iterations), times multiplied by 1 + U(-noise,
// noise).
struct Workload {
  double cpuRate, gpuRate;     // iterations per second
  double cpuOver = 0, gpuOver = 0;
  double noise = 0;
  int64_t n = 1000000, grain = 1;
};

struct Sim {
  int64_t id;
  Workload w;
  std::mt19937 rng{12345};
  std::vector<double> weights; // weight used at each step
  std::vector<double> stepTimes;

  double time(int64_t iters, double over, double rate) {
    if (iters == 0)
      return 0.0;
    double t = over + (double)iters / rate;
    if (w.noise > 0)
      t *= 1.0 + std::uniform_real_distribution<double>(-w.noise, w.noise)(rng);
    return t;
  }
  void step() {
    double wt = xmprt_loop_weight(id, XMPRT_WEIGHT_AUTO, 0.0);
    int64_t s = xmprt_split_point(0, w.n, wt, w.grain);
    int64_t gpu = s, cpu = w.n - s;
    double tc = time(cpu, w.cpuOver, w.cpuRate);
    double tg = time(gpu, w.gpuOver, w.gpuRate);
    xmprt_loop_report(id, tc, cpu, tg, gpu);
    weights.push_back(wt);
    stepTimes.push_back(std::max(tc, tg));
  }
  // The weight the next step would get.
  double next() { return xmprt_loop_weight(id, XMPRT_WEIGHT_AUTO, 0.0); }
  void print(const char *name) {
    if (xt::me() != 0)
      return;
    printf("[controller] %s: weights", name);
    for (double x : weights)
      printf(" %.4g", x);
    printf(" -> %.4g\n", next());
  }
};

// Weights are handed out as computed (not forced to 1 for want of a GPU).
bool weightsLive() {
  const char *v = std::getenv("XMPRT_TEST_ASSUME_GPU");
  return xmprt_has_gpu() || (v && std::string(v) == "1");
}
#define NEED_WEIGHTS()                                                         \
  do {                                                                         \
    if (!weightsLive())                                                        \
      GTEST_SKIP() << "no GPU: every weight is 1 (XMPRT_TEST_ASSUME_GPU=1 "    \
                      "runs this)";                                            \
  } while (0)

std::vector<std::string> readLines(const std::string &path) {
  std::ifstream f(path);
  std::vector<std::string> lines;
  for (std::string l; std::getline(f, l);)
    lines.push_back(l);
  return lines;
}

// Must stay the first test calling xmprt_loop_weight: the warning is once
// per process.
TEST(Weights, NoGpuMeansWeightOne) {
  if (weightsLive())
    GTEST_SKIP() << "this rank has a GPU (or XMPRT_TEST_ASSUME_GPU=1)";
  std::string err = "/tmp/xmprt_nogpu_stderr_" + std::to_string(getpid());
  std::fflush(stderr);
  int saved = dup(2);
  FILE *f = std::fopen(err.c_str(), "w");
  ASSERT_NE(f, nullptr);
  dup2(fileno(f), 2);
  double saved_w = xmprt_current_weight();
  xmprt_reset_weight(0.25);
  double w[4] = {xmprt_loop_weight(700, XMPRT_WEIGHT_AUTO, 0.0),
                 xmprt_loop_weight(700, XMPRT_WEIGHT_FIXED, 0.5),
                 xmprt_loop_weight(701, XMPRT_WEIGHT_CURRENT, 0.0),
                 xmprt_loop_weight(702, XMPRT_WEIGHT_FIXED, 0.0)};
  xmprt_reset_weight(saved_w);
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  std::fclose(f);
  for (double x : w)
    EXPECT_EQ(x, 1.0);
  int warnings = 0;
  for (const std::string &l : readLines(err))
    if (l.find("no GPU on this rank") != std::string::npos) {
      ++warnings;
      EXPECT_EQ(l.rfind("xmprt: warning: rank 0: no GPU on this rank (", 0), 0u)
          << l;
      EXPECT_NE(l.find("): device loops run on the CPU cores (weight 1)"),
                std::string::npos)
          << l;
    }
  std::remove(err.c_str());
  if (!std::getenv("XMP_QUIET"))
    EXPECT_EQ(warnings, xt::me() == 0 ? 1 : 0) << "once, on world rank 0";
  // Reports are still traced (with the weight actually handed out).
  std::string csv = "/tmp/xmprt_nogpu_trace_" + std::to_string(getpid()) +
                    ".csv";
  std::remove(csv.c_str());
  xmprt_weight_trace(csv.c_str());
  xmprt_loop_weight(703, XMPRT_WEIGHT_AUTO, 0.0);
  xmprt_loop_report(703, 0.5, 100, 0.0, 0);
  xmprt_loop_report(703, 0.25, 100, 0.0, 0);
  xmprt_weight_trace(nullptr);
  if (xt::me() == 0) {
    std::vector<std::string> l = readLines(csv);
    ASSERT_EQ(l.size(), 3u);
    EXPECT_EQ(l[1].substr(0, l[1].rfind(',')), "0,703,1,0.5,100,0,0");
    EXPECT_EQ(l[2], "1,703,1,0.25,100,0,0,0"); // not asked again
  }
  std::remove(csv.c_str());
  xmprt_weight_trace(std::getenv("XMP_WEIGHT_TRACE"));
}

// Reports until the weight handed out is within tol of want; returns the
// number of reports made (or limit+1 if never).
int reportsUntil(Sim &s, double want, double tol, int limit) {
  for (int k = 1; k <= limit; ++k) {
    s.step();
    if (std::fabs(s.next() - want) <= tol)
      return k;
  }
  return limit + 1;
}

TEST(Weights, SplitPoint) {
  if (std::getenv("XMP_SPLIT_GRAIN"))
    GTEST_SKIP() << "XMP_SPLIT_GRAIN overrides the grain";
  for (int64_t lo : {-7, 0, 5})
    for (int64_t n : {0, 1, 5, 31, 32, 33, 100, 1000, 100003})
      for (int64_t g : {1, 3, 32})
        for (double w : {0.0, 1e-9, 0.01, 0.1, 0.25, 0.5, 0.77, 0.99, 1.0}) {
          int64_t hi = lo + n;
          int64_t s = xmprt_split_point(lo, hi, w, g);
          SCOPED_TRACE("lo " + std::to_string(lo) + " n " + std::to_string(n) +
                       " grain " + std::to_string(g) + " w " +
                       std::to_string(w));
          ASSERT_GE(s, lo);
          ASSERT_LE(s, hi);
          if (s != hi)
            EXPECT_EQ((s - lo) % g, 0);
          if (w == 0.0)
            EXPECT_EQ(s, hi);
          if (w == 1.0)
            EXPECT_EQ(s, lo);
          // CPU part within half a granule of weight * n
          EXPECT_LE(std::fabs((double)(hi - s) - w * (double)n),
                    (double)g / 2 + 1e-9);
          // more weight, more CPU
          if (w < 1.0)
            EXPECT_GE(s, xmprt_split_point(lo, hi, std::min(1.0, w + 0.1), g));
        }
  EXPECT_EQ(xmprt_split_point(10, 5, 0.5, 32), 10); // empty
}

TEST(Weights, Modes) {
  NEED_WEIGHTS();
  const char *init = std::getenv("XMP_WEIGHT_INIT");
  double w0 = init ? std::atof(init) : 0.5;
  EXPECT_EQ(xmprt_loop_weight(100, XMPRT_WEIGHT_AUTO, 0.0), w0);
  double saved = xmprt_current_weight();
  xmprt_reset_weight(0.3);
  EXPECT_EQ(xmprt_loop_weight(101, XMPRT_WEIGHT_CURRENT, 0.9), 0.3);
  xmprt_reset_weight(saved);
  EXPECT_EQ(xmprt_loop_weight(101, XMPRT_WEIGHT_CURRENT, 0.9), saved);
  EXPECT_EQ(xmprt_loop_weight(102, XMPRT_WEIGHT_FIXED, 0.25), 0.25);
  EXPECT_EQ(xmprt_loop_weight(102, XMPRT_WEIGHT_FIXED, 1.5), 1.0);
  EXPECT_EQ(xmprt_loop_weight(102, XMPRT_WEIGHT_FIXED, -0.2), 0.0);
}

TEST(Weights, ReportSetsLastTimes) {
  xmprt_loop_report(103, 0.125, 10, 0.5, 90);
  EXPECT_EQ(xmprt_cpu_time(), 0.125);
  EXPECT_EQ(xmprt_gpu_time(), 0.5);
  xmprt_loop_report(103, 0.0, 0, 0.25, 100);
  EXPECT_EQ(xmprt_cpu_time(), 0.0);
  EXPECT_EQ(xmprt_gpu_time(), 0.25);
}

// r_cpu = 1, r_gpu = 9: equal finishing times at w = 0.1. The controller
// jumps to 0.1 after the warm-up, measures that step, probes one step all
// on the GPU (the faster side; the CPU alone is predicted 9x slower, not
// probed), finds it slower and returns to 0.1 for good.
TEST(Weights, StationaryConverges) {
  NEED_WEIGHTS();
  Sim s{200, {1.0, 9.0}};
  for (int i = 0; i < 6; ++i)
    s.step();
  s.print("stationary 1:9");
  std::vector<double> want{0.5, 0.5, 0.1, 0.0, 0.1, 0.1};
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_NEAR(s.weights[i], want[i], 1e-12) << "step " << i;
  for (int i = 0; i < 10; ++i) {
    s.step();
    EXPECT_NEAR(s.next(), 0.1, 1e-12);
  }
}

// Tiny problem: the GPU part costs 1 ms whatever its size, the CPU does the
// whole loop in 0.1 ms: CPU only (weight 1) is best.
TEST(Weights, TinyProblemGoesToCpu) {
  NEED_WEIGHTS();
  Workload w{1e7, 1e10, 0.0, 1e-3};
  w.n = 1000;
  w.grain = 32;
  Sim s{201, w};
  int k = reportsUntil(s, 1.0, 0.0, 20);
  s.print("tiny, GPU overhead 1 ms");
  EXPECT_LE(k, 10) << "reports to settle at 1.0";
  for (int i = 0; i < 20; ++i) {
    s.step();
    EXPECT_EQ(s.next(), 1.0);
  }
  EXPECT_NEAR(s.stepTimes.back(), 1000 / 1e7, 1e-12); // all on the CPU
  if (xt::me() == 0)
    printf("[controller] tiny: weight 1.0 after %d reports\n", k);
}

// Large problem: the CPU is 100x slower than the GPU: GPU only.
TEST(Weights, LargeProblemGoesToGpu) {
  NEED_WEIGHTS();
  Workload w{1e6, 1e8};
  w.n = 100000000;
  w.grain = 32;
  Sim s{202, w};
  int k = reportsUntil(s, 0.0, 0.0, 20);
  s.print("large, CPU 100x slower");
  EXPECT_LE(k, 5);
  for (int i = 0; i < 20; ++i) {
    s.step();
    EXPECT_EQ(s.next(), 0.0);
  }
  if (xt::me() == 0)
    printf("[controller] large: weight 0.0 after %d reports\n", k);
}

// A GPU that is not full: its part takes 10 ms whatever its size, the CPU
// does 1e5 iterations/s. The rate model (time proportional to iterations)
// predicts a gain from giving the CPU a sixth; the measured balanced step
// (the CPU's 17 ms) is slower than the GPU alone, so after one probe step
// at weight 0 the controller stays there.
TEST(Weights, ConstantGpuTimePinsToGpu) {
  NEED_WEIGHTS();
  Workload w{1e5, 1e12, 0.0, 1e-2};
  w.n = 10000;
  w.grain = 1;
  Sim s{204, w};
  int k = reportsUntil(s, 0.0, 0.0, 20);
  s.print("GPU time constant 10 ms");
  EXPECT_LE(k, 5) << "reports to settle at 0.0";
  for (int i = 0; i < 20; ++i) {
    s.step();
    EXPECT_EQ(s.next(), 0.0);
  }
  EXPECT_NEAR(s.stepTimes.back(), 1e-2 + 1e4 / 1e12, 1e-12); // all on the GPU
}

// +-10% noise on every time: the weight stays in a band around 0.1.
TEST(Weights, NoiseStaysInBand) {
  NEED_WEIGHTS();
  Workload w{1.0, 9.0};
  w.noise = 0.10;
  Sim s{203, w};
  for (int i = 0; i < 60; ++i)
    s.step();
  double lo = 1, hi = 0;
  for (size_t i = 5; i < s.weights.size(); ++i) {
    lo = std::min(lo, s.weights[i]);
    hi = std::max(hi, s.weights[i]);
  }
  if (xt::me() == 0)
    printf("[controller] noise +-10%%, 1:9: weights %.4f .. %.4f over steps "
           "5..59\n",
           lo, hi);
  EXPECT_GE(lo, 0.07);
  EXPECT_LE(hi, 0.13);
}

// Two loops in one time step, each with its own weight.
TEST(Weights, LoopsAreIndependent) {
  NEED_WEIGHTS();
  Sim a{300, {1.0, 9.0}}, b{301, {3.0, 1.0}};
  for (int i = 0; i < 6; ++i) {
    a.step();
    b.step();
  }
  a.print("loop A 1:9");
  b.print("loop B 3:1");
  EXPECT_NEAR(a.next(), 0.1, 0.005);
  EXPECT_NEAR(b.next(), 0.75, 0.0375);
}

// A side that never ran is probed with a small share.
TEST(Weights, ProbesAnUnmeasuredSide) {
  NEED_WEIGHTS();
  int64_t id = 302;
  xmprt_loop_report(id, 0.0, 0, 1.0, 1000); // warm-up
  xmprt_loop_report(id, 0.0, 0, 1.0, 1000); // GPU only: CPU unknown
  EXPECT_NEAR(xmprt_loop_weight(id, XMPRT_WEIGHT_AUTO, 0), 0.1, 1e-12);
  xmprt_loop_report(id, 1.0, 100, 0.9, 900); // CPU 100 it/s, GPU 1000 it/s
  double w = xmprt_loop_weight(id, XMPRT_WEIGHT_AUTO, 0);
  EXPECT_GT(w, 0.05);
  EXPECT_LT(w, 0.15);
}

TEST(Weights, TraceFile) {
  NEED_WEIGHTS();
  std::string csv = "/tmp/xmprt_weight_trace_" + std::to_string(getpid()) +
                    ".csv";
  std::string jsonl = "/tmp/xmprt_weight_trace_" + std::to_string(getpid()) +
                      ".jsonl";
  std::remove(csv.c_str());
  std::remove(jsonl.c_str());
  xmprt_weight_trace(csv.c_str());
  int64_t id = 400;
  double w0 = xmprt_loop_weight(id, XMPRT_WEIGHT_FIXED, 0.25);
  xmprt_loop_report(id, 0.5, 250, 0.75, 750);
  xmprt_loop_weight(id, XMPRT_WEIGHT_FIXED, 0.125);
  xmprt_loop_report(id, 0.0625, 125, 1.5, 875);
  xmprt_loop_report(id + 1, 0.1, 3, 0.2, 0); // never asked: share 1
  xmprt_weight_trace(jsonl.c_str());
  xmprt_loop_report(id, 0.5, 1, 0.25, 2);
  xmprt_weight_trace(nullptr);
  xmprt_loop_report(id, 0.5, 1, 0.25, 2); // not traced
  EXPECT_EQ(w0, 0.25);
  if (xt::me() == 0) {
    std::vector<std::string> l = readLines(csv);
    ASSERT_EQ(l.size(), 4u);
    EXPECT_EQ(l[0], "step,loop_id,weight,cpu_seconds,cpu_iters,gpu_seconds,"
                    "gpu_iters,loop_seconds");
    // The last column is the wall time since xmprt_loop_weight (0 when the
    // loop was not asked): checked for form, the rest exactly.
    auto head = [](const std::string &x) { return x.substr(0, x.rfind(',')); };
    auto tail = [](const std::string &x) {
      return std::stod(x.substr(x.rfind(',') + 1));
    };
    EXPECT_EQ(head(l[1]), "0,400,0.25,0.5,250,0.75,750");
    EXPECT_GE(tail(l[1]), 0.0);
    EXPECT_EQ(head(l[2]), "1,400,0.125,0.0625,125,1.5,875");
    EXPECT_GE(tail(l[2]), 0.0);
    EXPECT_EQ(l[3], "0,401,1,0.10000000000000001,3,0.20000000000000001,0,0");
    std::vector<std::string> j = readLines(jsonl);
    ASSERT_EQ(j.size(), 1u);
    EXPECT_EQ(j[0], "{\"step\": 2, \"loop_id\": 400, \"weight\": 0.125, "
                    "\"cpu_seconds\": 0.5, \"cpu_iters\": 1, \"gpu_seconds\": "
                    "0.25, \"gpu_iters\": 2, \"loop_seconds\": 0}");
  } else {
    EXPECT_NE(access(csv.c_str(), F_OK), 0) << "only rank 0 writes";
  }
  std::remove(csv.c_str());
  std::remove(jsonl.c_str());
  xmprt_weight_trace(std::getenv("XMP_WEIGHT_TRACE")); // back to the env's
}

// XMP_WEIGHT_TRACE (set by one ctest run): lines appear as reports are made.
TEST(Weights, TraceFromEnvironment) {
  const char *path = std::getenv("XMP_WEIGHT_TRACE");
  if (!path)
    GTEST_SKIP() << "XMP_WEIGHT_TRACE is not set";
  auto count = [&] {
    int c = 0;
    for (const std::string &l : readLines(path)) {
      size_t comma = l.find(',');
      c += comma != std::string::npos && l.compare(comma, 5, ",500,") == 0;
    }
    return c;
  };
  int before = xt::me() == 0 ? count() : 0;
  xmprt_loop_report(500, 0.1, 10, 0.1, 90);
  xmprt_loop_report(500, 0.1, 10, 0.1, 90);
  if (xt::me() == 0) {
    EXPECT_EQ(count(), before + 2);
    EXPECT_EQ(readLines(path)[0], "step,loop_id,weight,cpu_seconds,cpu_iters,"
                                  "gpu_seconds,gpu_iters,loop_seconds");
  }
}

} // namespace
