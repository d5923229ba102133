// CPU executor of split device loops: every index exactly once on every
// executor (serial, threads, StarPU when built), chunk shapes (grain
// multiples, count, starts on granule boundaries), empty and tiny ranges,
// nested calls, the worker count rule and the environment variables; the
// asynchronous form (overlap with the caller, several jobs outstanding,
// times, empty jobs).
#include "TestUtil.h"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

struct Coverage {
  int64_t base = 0;
  std::vector<std::atomic<int>> hits;
  std::mutex m;
  std::vector<std::pair<int64_t, int64_t>> chunks;
  std::vector<std::thread::id> threads;
  Coverage(int64_t lo, int64_t hi) : base(lo), hits((size_t)(hi - lo)) {}
};

void cover(void *ctx, int64_t lo, int64_t hi) {
  auto *c = static_cast<Coverage *>(ctx);
  for (int64_t i = lo; i < hi; ++i)
    c->hits[(size_t)(i - c->base)].fetch_add(1);
  std::lock_guard<std::mutex> g(c->m);
  c->chunks.emplace_back(lo, hi);
  c->threads.push_back(std::this_thread::get_id());
}

std::vector<int32_t> executors() {
  std::vector<int32_t> k = {XMPRT_CPU_EXEC_SERIAL, XMPRT_CPU_EXEC_THREADS};
  if (xmprt_cpu_executor_available(XMPRT_CPU_EXEC_STARPU))
    k.push_back(XMPRT_CPU_EXEC_STARPU);
  return k;
}

int envInt(const char *name) {
  const char *v = std::getenv(name);
  return v && *v ? std::atoi(v) : 0;
}

// The configured worker count W the runtime should have chosen.
int expectedWorkers() {
  if (int w = envInt("XMP_CPU_WORKERS"))
    return w;
  cpu_set_t set;
  CPU_ZERO(&set);
  sched_getaffinity(0, sizeof set, &set);
  int cores = CPU_COUNT(&set);
  MPI_Comm host;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                      &host);
  int ranks = 1;
  MPI_Comm_size(host, &ranks);
  MPI_Comm_free(&host);
  int w = cores / ranks - (xmprt_has_gpu() ? 1 : 0);
  return std::max(1, w);
}

// Runs one call and checks coverage and chunk shapes.
void check(int64_t lo, int64_t hi, int64_t grain, int64_t wantChunks,
           const char *what) {
  SCOPED_TRACE(std::string(what) + " [" + std::to_string(lo) + ", " +
               std::to_string(hi) + ") grain " + std::to_string(grain) +
               " executor " + xmprt_cpu_executor_name());
  int64_t n = std::max<int64_t>(0, hi - lo);
  Coverage c(lo, lo + n);
  xmprt_cpu_parallel_for(cover, &c, lo, hi, grain);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(c.hits[(size_t)i].load(), 1) << "index " << lo + i;
  if (n == 0) {
    EXPECT_TRUE(c.chunks.empty());
    return;
  }
  std::sort(c.chunks.begin(), c.chunks.end());
  int64_t units = (n + grain - 1) / grain;
  EXPECT_EQ((int64_t)c.chunks.size(), std::min(wantChunks, units));
  int64_t at = lo, minU = INT64_MAX, maxU = 0;
  for (size_t k = 0; k < c.chunks.size(); ++k) {
    auto [a, b] = c.chunks[k];
    EXPECT_EQ(a, at);
    EXPECT_LT(a, b);
    // Chunks start on granule boundaries: (a - lo) / grain is a distinct
    // index per chunk (the compiler relies on it).
    EXPECT_EQ((a - lo) % grain, 0) << "chunk [" << a << ", " << b << ")";
    if (b != hi) {
      EXPECT_EQ((b - a) % grain, 0) << "chunk [" << a << ", " << b << ")";
      minU = std::min(minU, (b - a) / grain);
      maxU = std::max(maxU, (b - a) / grain);
    }
    at = b;
  }
  EXPECT_EQ(at, hi);
  if (maxU)
    EXPECT_LE(maxU - minU, 1) << "unbalanced chunks";
  // Chunks run on the executor's workers, never on the caller (serial:
  // on the caller).
  bool onCaller = std::find(c.threads.begin(), c.threads.end(),
                            std::this_thread::get_id()) != c.threads.end();
  if (xmprt_get_cpu_executor() == XMPRT_CPU_EXEC_SERIAL)
    EXPECT_TRUE(onCaller);
  else
    EXPECT_FALSE(onCaller);
}

// Must stay the first test: nothing has changed the executor yet.
TEST(Executor, Environment) {
  const char *e = std::getenv("XMP_CPU_EXECUTOR");
#ifdef XMPRT_TEST_EXPECT_STARPU
  EXPECT_TRUE(xmprt_cpu_executor_available(XMPRT_CPU_EXEC_STARPU));
  const char *def = "starpu";
#else
  EXPECT_FALSE(xmprt_cpu_executor_available(XMPRT_CPU_EXEC_STARPU));
  const char *def = "threads";
#endif
  EXPECT_STREQ(xmprt_cpu_executor_name(), e && *e ? e : def);
  EXPECT_TRUE(xmprt_cpu_executor_available(XMPRT_CPU_EXEC_SERIAL));
  EXPECT_TRUE(xmprt_cpu_executor_available(XMPRT_CPU_EXEC_THREADS));
  if (int chunks = envInt("XMP_CPU_CHUNKS")) {
    Coverage c(0, 1000);
    xmprt_cpu_parallel_for(cover, &c, 0, 1000, 1);
    EXPECT_EQ((int)c.chunks.size(), chunks);
  }
}

TEST(Executor, Workers) {
  int32_t saved = xmprt_get_cpu_executor();
  int w = expectedWorkers();
  if (xt::me() == 0)
    printf("[executor] W = %d workers per rank (%d ranks); executor %s "
           "runs chunks on %d threads\n",
           w, xt::np(), xmprt_cpu_executor_name(), xmprt_cpu_workers());
  xmprt_set_cpu_executor(XMPRT_CPU_EXEC_THREADS);
  EXPECT_EQ(xmprt_cpu_workers(), w);
  xmprt_set_cpu_executor(XMPRT_CPU_EXEC_SERIAL);
  EXPECT_EQ(xmprt_cpu_workers(), 1);
  if (xmprt_cpu_executor_available(XMPRT_CPU_EXEC_STARPU)) {
    xmprt_set_cpu_executor(XMPRT_CPU_EXEC_STARPU);
    EXPECT_GE(xmprt_cpu_workers(), 1);
    EXPECT_LE(xmprt_cpu_workers(), w); // capped by STARPU_MAXCPUS
  }
  xmprt_set_cpu_executor(saved);
}

TEST(Executor, EveryIndexOnce) {
  int32_t saved = xmprt_get_cpu_executor();
  int w = expectedWorkers();
  int envChunks = envInt("XMP_CPU_CHUNKS");
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    // default chunk count (W, or XMP_CPU_CHUNKS)
    xmprt_set_cpu_chunks(0);
    int64_t def = envChunks ? envChunks : w;
    check(0, 0, 1, def, "empty");
    check(5, 3, 1, def, "reversed (empty)");
    check(0, 1, 1, def, "one");
    check(-3, -3 + std::max(1, w - 1), 1, def, "fewer than workers");
    check(0, 1000, 1, def, "plain");
    check(-7, 1000, 32, def, "grain 32");
    check(3, 50, 64, def, "grain > range");
    // explicit chunk counts
    for (int32_t chunks : {1, 2, 3, 7, 64}) {
      xmprt_set_cpu_chunks(chunks);
      check(0, 2, 1, chunks, "tiny");
      check(10, 1010, 1, chunks, "1000");
      check(0, 1000, 3, chunks, "grain 3");
      check(-100, 4097, 32, chunks, "grain 32, partial last granule");
      check(0, 5, 2, chunks, "grain 2, n 5");
    }
    xmprt_set_cpu_chunks(0);
  }
  xmprt_set_cpu_executor(saved);
}

struct Nested {
  std::atomic<int64_t> sum{0};
};
void inner(void *ctx, int64_t lo, int64_t hi) {
  auto *n = static_cast<Nested *>(ctx);
  for (int64_t i = lo; i < hi; ++i)
    n->sum.fetch_add(i);
}
void outer(void *ctx, int64_t lo, int64_t hi) {
  for (int64_t i = lo; i < hi; ++i)
    xmprt_cpu_parallel_for(inner, ctx, i * 100, i * 100 + 100, 1);
}

// xmprt_cpu_executor_start: without waiting it returns at once (0 while a
// helper thread starts the workers, 1 once they are up), with waiting 1;
// jobs then run on the started workers (the first job joins the helper).
// Every executor: the ones not used yet by this process start here.
TEST(Executor, StartAhead) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    auto t0 = std::chrono::steady_clock::now();
    int32_t up = xmprt_cpu_executor_start(0);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1))
        << "executor " << k << ": the start without waiting waited";
    while (!up) {
      ASSERT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(60))
          << "executor " << k << " never came up";
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      up = xmprt_cpu_executor_start(0);
    }
    EXPECT_EQ(xmprt_cpu_executor_start(1), 1);
    Nested n;
    xmprt_cpu_parallel_for(inner, &n, 0, 1000, 7);
    EXPECT_EQ(n.sum.load(), 999 * 1000 / 2) << "executor " << k;
  }
  // A job right after a start without waiting (the helper may still run).
  xmprt_set_cpu_executor(saved);
  xmprt_cpu_executor_start(0);
  Nested n;
  xmprt_cpu_parallel_for(inner, &n, 0, 100, 1);
  EXPECT_EQ(n.sum.load(), 99 * 100 / 2);
}

TEST(Executor, NestedCallsRunInPlace) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    xmprt_set_cpu_chunks(4);
    Nested n;
    xmprt_cpu_parallel_for(outer, &n, 0, 10, 1);
    EXPECT_EQ(n.sum.load(), 999 * 1000 / 2) << xmprt_cpu_executor_name();
  }
  xmprt_set_cpu_chunks(0);
  xmprt_set_cpu_executor(saved);
}

// Many small calls in a row (a time-step loop): results stay exact.
struct Axpy {
  std::vector<double> x, y;
};
void axpy(void *ctx, int64_t lo, int64_t hi) {
  auto *a = static_cast<Axpy *>(ctx);
  for (int64_t i = lo; i < hi; ++i)
    a->y[i] += 2.0 * a->x[i];
}

TEST(Executor, RepeatedSteps) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    Axpy a;
    a.x.assign(10000, 1.0);
    a.y.assign(10000, 0.0);
    double t0 = xmprt_wtime();
    for (int step = 0; step < 200; ++step)
      xmprt_cpu_parallel_for(axpy, &a, 0, 10000, 32);
    double t = (xmprt_wtime() - t0) / 200;
    for (double v : a.y)
      ASSERT_EQ(v, 400.0);
    if (xt::me() == 0)
      printf("[executor] %-7s %d workers: %.1f us per call (10000 axpy "
             "iterations)\n",
             xmprt_cpu_executor_name(), xmprt_cpu_workers(), t * 1e6);
  }
  xmprt_set_cpu_executor(saved);
}

//--- asynchronous jobs ---------------------------------------------------------

// Chunks of an overlap test: each waits (up to 20 s) for the caller's `go`,
// set only after start returned, then counts itself. On the serial executor
// the chunks run inside start, so they must not wait there.
struct Gate {
  bool wait = true;
  std::atomic<int> go{0};
  std::atomic<int> sawGo{0}, ran{0};
  std::atomic<int64_t> sum{0};
};
void gated(void *ctx, int64_t lo, int64_t hi) {
  auto *g = static_cast<Gate *>(ctx);
  if (g->wait) {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!g->go.load() && std::chrono::steady_clock::now() < until)
      std::this_thread::yield();
    if (g->go.load())
      g->sawGo.fetch_add(1);
  }
  for (int64_t i = lo; i < hi; ++i)
    g->sum.fetch_add(i);
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  g->ran.fetch_add(1);
}

TEST(ExecutorAsync, OverlapsWithTheCaller) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    xmprt_set_cpu_chunks(3);
    bool serial = k == XMPRT_CPU_EXEC_SERIAL;
    SCOPED_TRACE(xmprt_cpu_executor_name());
    Gate g;
    g.wait = !serial;
    xmprt_cpu_job *job = xmprt_cpu_parallel_for_start(gated, &g, 0, 300, 1);
    ASSERT_NE(job, nullptr);
    // The chunks cannot have finished before start returned (they wait for
    // `go`), except on the serial executor, which runs them in start.
    EXPECT_EQ(g.ran.load(), serial ? 3 : 0);
    g.go.store(1);
    // The caller works while the chunks run: here it spins until the chunks
    // have counted themselves, which only they do.
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (g.ran.load() < 3 && std::chrono::steady_clock::now() < until)
      std::this_thread::yield();
    EXPECT_EQ(g.ran.load(), 3);
    double t = xmprt_cpu_parallel_for_wait(job);
    EXPECT_EQ(g.sawGo.load(), serial ? 0 : 3);
    EXPECT_EQ(g.sum.load(), 299 * 300 / 2);
    EXPECT_GT(t, 0.0);
    EXPECT_GE(t, 0.002); // every chunk sleeps 2 ms
    EXPECT_LT(t, 20.0);
  }
  xmprt_set_cpu_chunks(0);
  xmprt_set_cpu_executor(saved);
}

// Several jobs outstanding on one executor; waited for in any order; same
// chunks as the synchronous call.
TEST(ExecutorAsync, SeveralJobsOutstanding) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    SCOPED_TRACE(xmprt_cpu_executor_name());
    for (int32_t chunks : {1, 3, 7}) {
      xmprt_set_cpu_chunks(chunks);
      Coverage a(0, 1000), b(-50, 77), c(10, 4107);
      xmprt_cpu_job *ja = xmprt_cpu_parallel_for_start(cover, &a, 0, 1000, 1);
      xmprt_cpu_job *jb = xmprt_cpu_parallel_for_start(cover, &b, -50, 77, 4);
      xmprt_cpu_job *jc =
          xmprt_cpu_parallel_for_start(cover, &c, 10, 4107, 32);
      EXPECT_GE(xmprt_cpu_parallel_for_wait(jb), 0.0);
      EXPECT_GE(xmprt_cpu_parallel_for_wait(jc), 0.0);
      EXPECT_GE(xmprt_cpu_parallel_for_wait(ja), 0.0);
      for (Coverage *cv : {&a, &b, &c})
        for (auto &h : cv->hits)
          ASSERT_EQ(h.load(), 1);
      // chunk starts on granule boundaries, as many chunks as asked
      auto starts = [](Coverage &cv, int64_t lo, int64_t grain, size_t want) {
        EXPECT_EQ(cv.chunks.size(), want);
        for (auto [x, y] : cv.chunks)
          EXPECT_EQ((x - lo) % grain, 0) << "chunk [" << x << ", " << y << ")";
      };
      starts(a, 0, 1, chunks);
      starts(b, -50, 4, chunks);
      starts(c, 10, 32, chunks);
    }
  }
  xmprt_set_cpu_chunks(0);
  xmprt_set_cpu_executor(saved);
}

TEST(ExecutorAsync, EmptyJobs) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    Coverage c(0, 0);
    for (auto [lo, hi] : {std::pair<int64_t, int64_t>{0, 0}, {5, 3}}) {
      xmprt_cpu_job *job = xmprt_cpu_parallel_for_start(cover, &c, lo, hi, 8);
      ASSERT_NE(job, nullptr);
      EXPECT_EQ(xmprt_cpu_parallel_for_wait(job), 0.0);
    }
    EXPECT_TRUE(c.chunks.empty());
  }
  xmprt_set_cpu_executor(saved);
}

// A start from inside a chunk runs in place (complete on return).
void startInside(void *ctx, int64_t lo, int64_t hi) {
  for (int64_t i = lo; i < hi; ++i) {
    xmprt_cpu_job *j =
        xmprt_cpu_parallel_for_start(inner, ctx, i * 100, i * 100 + 100, 1);
    xmprt_cpu_parallel_for_wait(j);
  }
}

TEST(ExecutorAsync, NestedStartRunsInPlace) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    Nested n;
    xmprt_cpu_job *j = xmprt_cpu_parallel_for_start(startInside, &n, 0, 10, 1);
    xmprt_cpu_parallel_for_wait(j);
    EXPECT_EQ(n.sum.load(), 999 * 1000 / 2) << xmprt_cpu_executor_name();
  }
  xmprt_set_cpu_executor(saved);
}

// Split-loop shape: start the CPU part, do the "GPU part" on the caller,
// wait; many steps in a row stay exact.
TEST(ExecutorAsync, RepeatedSplitSteps) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    Axpy a;
    a.x.assign(10000, 1.0);
    a.y.assign(10000, 0.0);
    double cpu = 0;
    for (int step = 0; step < 100; ++step) {
      xmprt_cpu_job *j = xmprt_cpu_parallel_for_start(axpy, &a, 4000, 10000,
                                                      32);
      axpy(&a, 0, 4000); // the caller's own part
      cpu += xmprt_cpu_parallel_for_wait(j);
    }
    for (double v : a.y)
      ASSERT_EQ(v, 200.0);
    EXPECT_GT(cpu, 0.0) << xmprt_cpu_executor_name();
  }
  xmprt_set_cpu_executor(saved);
}

// 2-D jobs (xmprt_cpu_parallel_for2_start): every (row, inner) pair
// exactly once; rows cut as 1-D jobs; a row chunk is cut along the inner
// dimension only when the rows give fewer chunks than the executor wants,
// into at most max_pieces balanced pieces with distinct k per row chunk.
struct Grid2 {
  int64_t lo = 0, n1 = 0;
  std::vector<std::atomic<int>> hits;
  std::mutex m;
  struct Call {
    int64_t lo, hi, p0, p1, k;
  };
  std::vector<Call> calls;
  Grid2(int64_t lo, int64_t hi, int64_t n1)
      : lo(lo), n1(n1), hits((size_t)(std::max<int64_t>(0, hi - lo) * n1)) {}
};

void cover2(void *ctx, int64_t lo, int64_t hi, int64_t p0, int64_t p1,
            int64_t k) {
  auto *g = static_cast<Grid2 *>(ctx);
  for (int64_t i = lo; i < hi; ++i)
    for (int64_t j = p0; j < p1; ++j)
      g->hits[(size_t)((i - g->lo) * g->n1 + j)].fetch_add(1);
  std::lock_guard<std::mutex> l(g->m);
  g->calls.push_back({lo, hi, p0, p1, k});
}

void check2(int64_t lo, int64_t hi, int64_t grain, int64_t n1,
            int64_t maxPieces, int64_t chunks) {
  SCOPED_TRACE("[" + std::to_string(lo) + ", " + std::to_string(hi) +
               ") grain " + std::to_string(grain) + " n1 " +
               std::to_string(n1) + " max_pieces " + std::to_string(maxPieces) +
               " chunks " + std::to_string(chunks) + " executor " +
               xmprt_cpu_executor_name());
  Grid2 g(lo, hi, n1);
  xmprt_cpu_parallel_for_wait(
      xmprt_cpu_parallel_for2_start(cover2, &g, lo, hi, grain, n1, maxPieces));
  for (size_t i = 0; i < g.hits.size(); ++i)
    ASSERT_EQ(g.hits[i].load(), 1)
        << "row " << lo + (int64_t)i / n1 << " inner " << (int64_t)i % n1;
  if (hi <= lo) {
    EXPECT_TRUE(g.calls.empty());
    return;
  }
  int64_t units = (hi - lo + grain - 1) / grain;
  int64_t rows = std::min(chunks, units);
  int64_t pieces = 1;
  if (rows < chunks)
    pieces = std::max<int64_t>(
        1, std::min({maxPieces, n1, (chunks + rows - 1) / rows}));
  EXPECT_EQ((int64_t)g.calls.size(), rows * pieces);
  std::vector<int64_t> slots;
  int64_t minLen = INT64_MAX, maxLen = 0;
  for (auto &c : g.calls) {
    EXPECT_EQ((c.lo - lo) % grain, 0);
    EXPECT_GE(c.k, 0);
    EXPECT_LT(c.k, pieces);
    EXPECT_EQ(c.p0, c.k * n1 / pieces);
    EXPECT_EQ(c.p1, (c.k + 1) * n1 / pieces);
    minLen = std::min(minLen, c.p1 - c.p0);
    maxLen = std::max(maxLen, c.p1 - c.p0);
    slots.push_back((c.lo - lo) / grain * maxPieces + c.k);
  }
  EXPECT_LE(maxLen - minLen, 1) << "unbalanced pieces";
  std::sort(slots.begin(), slots.end());
  EXPECT_TRUE(std::adjacent_find(slots.begin(), slots.end()) == slots.end())
      << "two calls share a partial slot";
}

TEST(Executor, TwoDimensionalJobs) {
  int32_t saved = xmprt_get_cpu_executor();
  for (int32_t k : executors()) {
    xmprt_set_cpu_executor(k);
    for (int64_t chunks : {1, 3, 8, 16}) {
      xmprt_set_cpu_chunks(chunks);
      check2(10, 11, 1, 1024, 64, chunks);  // one row: pieces
      check2(0, 2, 1, 1024, 64, chunks);    // two rows
      check2(0, 3, 1, 2, 64, chunks);       // pieces capped by n1
      check2(0, 1, 1, 100, 4, chunks);      // pieces capped by max_pieces
      check2(0, 100, 1, 50, 64, chunks);    // rows enough: no pieces
      check2(5, 12, 3, 17, 64, chunks);     // grain 3, last granule partial
      check2(0, 1, 1, 0, 64, chunks);       // empty inner dimension
      check2(4, 4, 1, 10, 64, chunks);      // no rows
    }
    xmprt_set_cpu_chunks(0);
  }
  xmprt_set_cpu_executor(saved);
}

} // namespace
