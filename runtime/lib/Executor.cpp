//===- Executor.cpp - CPU executor of the CPU part of split device loops ---===//
//
// xmprt_cpu_parallel_for runs an outlined range function over [lo, hi) cut
// into chunks, on one of three executors:
//  - starpu:  one StarPU task per chunk on StarPU's CPU workers (StarPU is
//             given no CUDA/OpenCL device: it must not touch the GPU);
//  - threads: a persistent pool of std::thread workers fed from one queue
//             of chunks;
//  - serial:  the chunks in order on the calling thread.
// The calling thread never runs chunks itself: it is the core left to drive
// the GPU (one core per GPU, as StarPU does with its CUDA workers).
// Every call is a job: xmprt_cpu_parallel_for_start cuts it and hands the
// chunks over, xmprt_cpu_parallel_for_wait blocks until its last chunk is
// done; xmprt_cpu_parallel_for is the two in a row. Jobs carry their own
// completion count, so several may be outstanding at once (a split loop
// starts its CPU part, launches its GPU part, then waits).
//
// StarPU and the pool are created lazily and shut down at MPI_Finalize
// (xmprt_finalize finalizes MPI when it initialized it), through a delete
// callback of an MPI_COMM_SELF attribute.
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <sched.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

#ifdef XMPRT_HAVE_STARPU
#include <starpu.h>
#endif

using namespace xmprt;

namespace {

// Set on executor threads (and while a StarPU task runs): a nested
// xmprt_cpu_parallel_for runs serially there instead of deadlocking.
thread_local int tInsideChunk = 0;

using Clock = std::chrono::steady_clock;

} // namespace

//--- one call: the chunks, their completion and their first error ------------
struct xmprt_cpu_job {
  xmprt_range_fn fn = nullptr;
  xmprt_range2_fn fn2 = nullptr; // 2-D jobs (xmprt_cpu_parallel_for2_start)
  void *ctx = nullptr;
  const char *api = nullptr;   // entry point that reports its errors
  int32_t kind = 0;            // executor it was handed to
  std::vector<int64_t> bounds; // row chunk r is [bounds[r], bounds[r+1])
  int64_t n1 = 1;              // 2-D: inner iterations, cut into `pieces`
  int64_t pieces = 1;          // pieces per row chunk (1 for 1-D jobs)
  int64_t rowChunks() const { return (int64_t)bounds.size() - 1; }
  /// Units of work handed to the workers: every (row chunk, piece).
  int64_t chunks() const { return rowChunks() * pieces; }
  std::mutex m; // guards everything below
  std::condition_variable doneCv;
  int64_t remaining = 0; // chunks not yet finished
  std::string error;     // first failure, empty if none
  Clock::time_point start, end;
#ifdef XMPRT_HAVE_STARPU
  std::vector<std::pair<xmprt_cpu_job *, int64_t>> taskArgs; // cl_arg
#endif
};

namespace {

using Job = xmprt_cpu_job;

// Runs chunk c; the last chunk to finish stamps the job's end time and
// wakes its waiter.
void runChunk(Job &job, int64_t c) {
  int64_t r = c / job.pieces, k = c % job.pieces;
  int64_t lo = job.bounds[r], hi = job.bounds[r + 1];
  std::string error;
  ++tInsideChunk;
  try {
    if (job.fn2)
      job.fn2(job.ctx, lo, hi, k * job.n1 / job.pieces,
              (k + 1) * job.n1 / job.pieces, k);
    else
      job.fn(job.ctx, lo, hi);
  } catch (const std::exception &e) {
    error = "chunk [" + std::to_string(lo) + ", " + std::to_string(hi) +
            (job.fn2 ? ") piece " + std::to_string(k) : std::string(")")) +
            " threw: " + e.what();
  } catch (...) {
    error = "chunk [" + std::to_string(lo) + ", " + std::to_string(hi) +
            (job.fn2 ? ") piece " + std::to_string(k) : std::string(")")) +
            " threw an exception";
  }
  --tInsideChunk;
  Clock::time_point now = Clock::now();
  std::lock_guard<std::mutex> g(job.m);
  if (!error.empty() && job.error.empty())
    job.error = error;
  if (now > job.end)
    job.end = now;
  if (--job.remaining == 0)
    job.doneCv.notify_all();
}

//--- environment --------------------------------------------------------------
// Positive integer from the environment; 0 if unset. The settings table
// checks the value first (also StarPU's STARPU_NCPU, which StarPU itself
// would abort on), so `strict` no longer matters.
int envPositive(const char *name, bool strict, const char *fn) {
  const char *v = settings::value(name, fn); // checked against its range
  if (!v)
    return 0;
  char *end = nullptr;
  errno = 0;
  long x = std::strtol(v, &end, 10);
  if (errno || *end != '\0' || x < 1 || x > 1 << 20) {
    if (strict)
      fail(fn, "%s='%s' is not a positive integer", name, v);
    return 0;
  }
  return (int)x;
}

/// CPUs this process may run on (its affinity mask), and whether that mask
/// is every online CPU (the launcher did not bind the rank).
int affinityCpus(bool *wholeMachine) {
  cpu_set_t set;
  CPU_ZERO(&set);
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  int n = 0;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    n = CPU_COUNT(&set);
  if (n <= 0)
    n = (int)std::max(1u, std::thread::hardware_concurrency());
  if (wholeMachine)
    *wholeMachine = online <= 0 || n >= online;
  return n;
}

/// Ranks of this job on this host. MPI_COMM_TYPE_SHARED (the runtime's
/// sub-cluster when XMP_SUBCLUSTER_SIZE does not cut it), else the
/// launcher's local size, else the (cut) sub-cluster size; 1 before MPI.
int nodeRanks() {
  bool cut = settings::isSet("XMP_SUBCLUSTER_SIZE");
  if (mpiUsable() && !cut)
    return std::max(1, subCluster().size);
  std::optional<long> env = settings::launcherInteger(
      {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS",
       "MV2_COMM_WORLD_LOCAL_SIZE", "PMI_LOCAL_SIZE", "SLURM_NTASKS_PER_NODE"},
      1);
  if (env)
    return (int)*env;
  if (mpiUsable())
    return std::max(1, subCluster().size);
  return 1;
}

//--- configuration ------------------------------------------------------------
enum Kind : int32_t {
  kSerial = XMPRT_CPU_EXEC_SERIAL,
  kThreads = XMPRT_CPU_EXEC_THREADS,
  kStarPU = XMPRT_CPU_EXEC_STARPU,
};

constexpr bool kHaveStarPU =
#ifdef XMPRT_HAVE_STARPU
    true;
#else
    false;
#endif

const char *kindName(int32_t k) {
  switch (k) {
  case kSerial:
    return "serial";
  case kThreads:
    return "threads";
  case kStarPU:
    return "starpu";
  default:
    return "?";
  }
}

int starpuMaxWorkers() {
#ifdef XMPRT_HAVE_STARPU
  return STARPU_MAXCPUS;
#else
  return 1 << 20;
#endif
}

struct Config {
  bool resolved = false;
  int32_t kind = kThreads;
  int workers = 1;      // configured worker count W (the rule of the header)
  int chunks = 0;       // chunks per call; 0 = W
  bool starpuPause = true;
};

std::recursive_mutex gMutex; // configuration, pool/StarPU setup, one call at a time
Config gConfig;

void registerFinalizeHook();

Config &config(const char *fn) {
  Config &c = gConfig;
  if (c.resolved)
    return c;
  // Workers: explicit count, else cores of this rank's affinity mask shared
  // by the ranks on the node, minus the core that drives this rank's GPU.
  const char *from = "XMP_CPU_WORKERS";
  int w = envPositive("XMP_CPU_WORKERS", true, fn);
  if (!w && (w = envPositive("XMP_STARPU_NCPU", true, fn)))
    from = "XMP_STARPU_NCPU";
  if (!w && (w = envPositive("STARPU_NCPU", false, fn)))
    from = "STARPU_NCPU";
  std::string why = from;
  if (!w) {
    int cores = affinityCpus(nullptr), ranks = nodeRanks();
    bool gpu = xmprt_has_gpu();
    w = cores / ranks - (gpu ? 1 : 0);
    why = std::to_string(cores) + " cpus / " + std::to_string(ranks) +
          " ranks on the host" + (gpu ? " - 1 for the GPU" : "");
  }
  c.workers = std::max(1, w);
  c.chunks = envPositive("XMP_CPU_CHUNKS", true, fn);
  c.kind = kHaveStarPU ? kStarPU : kThreads;
  if (const char *e = settings::value("XMP_CPU_EXECUTOR", fn)) {
    if (!std::strcmp(e, "serial"))
      c.kind = kSerial;
    else if (!std::strcmp(e, "threads"))
      c.kind = kThreads;
    else if (!std::strcmp(e, "starpu")) {
      if (!kHaveStarPU)
        fail(fn, "XMP_CPU_EXECUTOR=starpu but this libxmprt was built "
                 "without StarPU");
      c.kind = kStarPU;
    } else {
      fail(fn, "XMP_CPU_EXECUTOR='%s' is not starpu, threads or serial", e);
    }
  }
  if (const char *e = settings::value("XMP_STARPU_IDLE", fn)) {
    if (!std::strcmp(e, "pause"))
      c.starpuPause = true;
    else if (!std::strcmp(e, "spin"))
      c.starpuPause = false;
    else
      fail(fn, "XMP_STARPU_IDLE='%s' is not pause or spin", e);
  }
  c.resolved = true;
  if (envVerbose() && (!mpiUsable() || xmprt_world_rank() == 0))
    std::fprintf(stderr,
                 "xmprt: cpu executor %s, W = %d (%s), %d threads, %d "
                 "chunks per loop\n",
                 kindName(c.kind), c.workers, why.c_str(),
                 c.kind == kStarPU ? std::min(c.workers, starpuMaxWorkers())
                 : c.kind == kThreads ? c.workers
                                      : 1,
                 c.chunks ? c.chunks : c.workers);
  return c;
}

int executorWorkers(const Config &c) {
  switch (c.kind) {
  case kStarPU:
    return std::min(c.workers, starpuMaxWorkers());
  case kThreads:
    return c.workers;
  default:
    return 1;
  }
}

//--- thread pool --------------------------------------------------------------
// One FIFO queue of chunks (of any number of jobs); idle workers sleep on a
// condition variable and take the next chunk.
class ThreadPool {
public:
  explicit ThreadPool(int n) {
    for (int i = 0; i < n; ++i)
      threads_.emplace_back([this] { loop(); });
  }
  int size() const { return (int)threads_.size(); }

  void submit(Job &job) {
    {
      std::lock_guard<std::mutex> g(m_);
      for (int64_t c = 0; c < job.chunks(); ++c)
        queue_.emplace_back(&job, c);
    }
    if (job.chunks() == 1)
      work_.notify_one();
    else
      work_.notify_all();
  }

  // Lets the workers finish the queued chunks, then joins them.
  void stop() {
    {
      std::lock_guard<std::mutex> g(m_);
      stop_ = true;
    }
    work_.notify_all();
    for (std::thread &t : threads_)
      t.join();
    threads_.clear();
  }

private:
  void loop() {
    tInsideChunk = 1; // nested calls from chunks run serially
    for (;;) {
      std::pair<Job *, int64_t> item;
      {
        std::unique_lock<std::mutex> g(m_);
        work_.wait(g, [&] { return stop_ || !queue_.empty(); });
        if (queue_.empty())
          return; // stopping, nothing left
        item = queue_.front();
        queue_.pop_front();
      }
      runChunk(*item.first, item.second);
    }
  }

  std::vector<std::thread> threads_;
  std::mutex m_;
  std::condition_variable work_;
  std::deque<std::pair<Job *, int64_t>> queue_;
  bool stop_ = false;
};

// Heap-allocated and never destroyed by a static destructor: a program that
// exits without MPI_Finalize leaves idle workers behind, not std::terminate.
ThreadPool *gPool = nullptr;

//--- StarPU -------------------------------------------------------------------
#ifdef XMPRT_HAVE_STARPU
bool gStarPUUp = false;
bool gStarPUPaused = false;
struct starpu_codelet gCodelet;
int gStarPUJobs = 0; // outstanding jobs (under gMutex): pause at zero

void starpuChunk(void **buffers, void *arg) {
  (void)buffers;
  auto *a = static_cast<std::pair<Job *, int64_t> *>(arg);
  runChunk(*a->first, a->second);
}

// Everything of StarPU's start but starpu_init itself: environment,
// warnings, the configuration (on the calling thread: it reads settings
// and MPI; starpuInit may then run on the start-up helper).
void starpuPrepare(const Config &c, const char *fn, struct starpu_conf &conf) {
  // StarPU's informational messages (bus calibration) stay quiet unless
  // the runtime is verbose.
  if (!envVerbose())
    setenv("STARPU_SILENT", "1", 0);
  // StarPU binds worker k to CPU k by default, ignoring this process's
  // affinity mask: ranks sharing a host would pile their workers onto the
  // same cores. Unless the user chose a binding, bind nothing when the rank
  // is not alone on the whole machine (workers then stay in its mask).
  bool whole = true;
  affinityCpus(&whole);
  bool userBinding = false;
  for (const char *v : {"STARPU_WORKERS_NOBIND", "STARPU_WORKERS_CPUID",
                        "STARPU_WORKERS_COREID", "STARPU_WORKERS_GETBIND"})
    userBinding = userBinding || settings::externalIsSet(v);
  if (!userBinding && (!whole || nodeRanks() > 1))
    setenv("STARPU_WORKERS_NOBIND", "1", 1);
  if (c.workers > STARPU_MAXCPUS && !settings::flag("XMP_QUIET", fn) &&
      (!mpiUsable() || xmprt_world_rank() == 0))
    std::fprintf(stderr,
                 "xmprt: warning: rank 0: this StarPU takes at most %d CPU "
                 "workers (STARPU_MAXCPUS), not %d; XMP_CPU_EXECUTOR=threads "
                 "uses them all\n",
                 (int)STARPU_MAXCPUS, c.workers);
  settings::checkAll(fn); // StarPU aborts on STARPU_NCPU=abc with a backtrace
  starpu_conf_init(&conf);
  conf.precedence_over_environment_variables = 1;
  conf.ncpus = executorWorkers(c);
  conf.ncuda = 0;   // StarPU must not touch the GPU: the runtime owns it
  conf.nopencl = 0;
  conf.catch_signals = 0;
  // eager: a central queue, cheapest for a flat set of independent chunks
  // (lws costs ~0.5 ms per call on an oversubscribed node).
  const char *sched = settings::value("STARPU_SCHED", fn);
  conf.sched_policy_name = sched ? sched : "eager";
}

// pause: no job is outstanding yet, and idle StarPU workers spin: paused
// from the start (as after a job, starpuJobDone), they leave the cores to
// the rank's GPU-driving thread until the first job resumes them.
void starpuInit(struct starpu_conf &conf, bool pause, const char *fn) {
  int rc = starpu_init(&conf);
  if (rc != 0)
    fail(fn, "starpu_init failed: %s", std::strerror(-rc));
  starpu_codelet_init(&gCodelet);
  gCodelet.where = STARPU_CPU;
  gCodelet.cpu_funcs[0] = starpuChunk;
  gCodelet.nbuffers = 0;
  gCodelet.name = "xmprt_cpu_chunk";
  gStarPUUp = true;
  gStarPUPaused = false;
  if (pause) {
    starpu_pause();
    gStarPUPaused = true;
  }
}

void starpuUp(const Config &c, const char *fn) {
  if (gStarPUUp)
    return;
  struct starpu_conf conf;
  starpuPrepare(c, fn, conf);
  starpuInit(conf, c.starpuPause, fn);
  registerFinalizeHook();
}

// Submits one task per chunk; completion is counted by runChunk (not
// starpu_task_wait_for_all: other StarPU users in the process are not
// waited for). Called under gMutex.
void starpuSubmit(Job &job, const Config &c, const char *fn) {
  starpuUp(c, fn);
  if (gStarPUPaused) {
    starpu_resume();
    gStarPUPaused = false;
  }
  ++gStarPUJobs;
  int64_t n = job.chunks();
  job.taskArgs.resize(n);
  for (int64_t i = 0; i < n; ++i) {
    job.taskArgs[i] = {&job, i};
    struct starpu_task *t = starpu_task_create();
    t->cl = &gCodelet;
    t->cl_arg = &job.taskArgs[i];
    t->cl_arg_size = sizeof(job.taskArgs[i]);
    t->cl_arg_free = 0;
    int rc = starpu_task_submit(t);
    if (rc != 0)
      fail(fn, "starpu_task_submit failed: %s", std::strerror(-rc));
  }
}

// After a StarPU job's wait. Idle StarPU workers spin; paused ones sleep
// (they would otherwise take CPU from the rank's MPI and GPU-driving thread
// between loops): pause once no job is outstanding.
void starpuJobDone() {
  std::lock_guard<std::recursive_mutex> g(gMutex);
  if (--gStarPUJobs == 0 && gStarPUUp && gConfig.starpuPause &&
      !gStarPUPaused) {
    starpu_pause();
    gStarPUPaused = true;
  }
}

void starpuDown() {
  if (!gStarPUUp)
    return;
  if (gStarPUPaused)
    starpu_resume();
  starpu_shutdown();
  gStarPUUp = gStarPUPaused = false;
  gStarPUJobs = 0;
}
#endif

//--- start-up ahead of the first job ------------------------------------------
// A cold executor makes the first job pay its start-up: starpu_init took 66
// ms on the H200 machine, spawning the pool's threads 0.7 ms, where a
// step of the loop took 0.09 ms. startExecutor(background) starts it on a
// helper thread that takes no lock: every user of the pool or of StarPU
// (startJob, shutdownExecutors, xmprt_set_cpu_executor) joins the helper
// first, under gMutex.
// Heap-allocated and never destroyed by a static destructor (as gPool): a
// program that exits while it runs must not std::terminate.
std::thread *gStarter = nullptr;
std::atomic<bool> gStarterDone{false};

void joinStarter() { // under gMutex
  if (gStarter) {
    gStarter->join();
    delete gStarter;
    gStarter = nullptr;
  }
}

bool executorUp(const Config &c) { // under gMutex, helper joined
  switch (c.kind) {
  case kThreads:
    return gPool != nullptr;
#ifdef XMPRT_HAVE_STARPU
  case kStarPU:
    return gStarPUUp;
#endif
  default:
    return true;
  }
}

bool startExecutor(bool background, const char *fn) {
  if (tInsideChunk)
    return true;
  std::lock_guard<std::recursive_mutex> g(gMutex);
  Config &c = config(fn);
  registerFinalizeHook();
  if (gStarter) {
    if (background && !gStarterDone.load(std::memory_order_acquire))
      return false;
    joinStarter();
  }
  if (executorUp(c))
    return true;
  switch (c.kind) {
  case kThreads: {
    int n = c.workers;
    if (!background) {
      gPool = new ThreadPool(n);
      return true;
    }
    gStarterDone.store(false, std::memory_order_relaxed);
    gStarter = new std::thread([n] {
      gPool = new ThreadPool(n);
      gStarterDone.store(true, std::memory_order_release);
    });
    return false;
  }
#ifdef XMPRT_HAVE_STARPU
  case kStarPU: {
    if (!background) {
      starpuUp(c, fn);
      return true;
    }
    auto conf = std::make_shared<struct starpu_conf>();
    starpuPrepare(c, fn, *conf);
    gStarterDone.store(false, std::memory_order_relaxed);
    bool pause = c.starpuPause;
    gStarter = new std::thread([conf, pause, fn] {
      starpuInit(*conf, pause, fn);
      gStarterDone.store(true, std::memory_order_release);
    });
    return false;
  }
#endif
  default:
    return true;
  }
}

//--- finalize -----------------------------------------------------------------
void shutdownExecutors() {
  std::lock_guard<std::recursive_mutex> g(gMutex);
  joinStarter();
  if (gPool) {
    gPool->stop();
    delete gPool;
    gPool = nullptr;
  }
#ifdef XMPRT_HAVE_STARPU
  starpuDown();
#endif
  gConfig.resolved = false; // a later use (after MPI) starts afresh
}

void finalizeHook() { shutdownExecutors(); }

bool gHookRegistered = false;
void registerFinalizeHook() {
  if (!gHookRegistered)
    gHookRegistered = atMpiFinalize(finalizeHook);
}

//--- chunking -----------------------------------------------------------------
// nchunks pieces of [lo, hi), every one a whole number of `grain` granules
// but the last (which takes the partial granule), sizes differing by at most
// one granule. Chunk starts are lo + k * grain: generated code derives a
// per-chunk index from (a - lo) / grain.
void cut(Job &job, int64_t lo, int64_t hi, int64_t grain, int64_t nchunks,
         const char *fn) {
  int64_t n = hi - lo;
  int64_t units = n / grain + (n % grain != 0);
  nchunks = std::max<int64_t>(1, std::min(nchunks, units));
  int64_t base = units / nchunks, rem = units % nchunks;
  job.bounds.resize(nchunks + 1);
  job.bounds[0] = lo;
  int64_t u = 0;
  for (int64_t c = 0; c < nchunks; ++c) {
    u += base + (c < rem);
    job.bounds[c + 1] = c + 1 == nchunks ? hi : lo + u * grain;
    XMPRT_CHECK(job.bounds[c] < job.bounds[c + 1] &&
                    (job.bounds[c] - lo) % grain == 0,
                fn, "internal error: chunk %lld of [%lld, %lld) grain %lld "
                    "starts at %lld",
                (long long)c, (long long)lo, (long long)hi, (long long)grain,
                (long long)job.bounds[c]);
  }
}

// The inner dimension of a 2-D job (fn2 set): n1 iterations, at most
// maxPieces pieces per row chunk. Rows alone are cut as for 1-D jobs; only
// when they give fewer chunks than the executor wants (a small CPU share of
// a loop nest, e.g. the one row of a weight(auto) probe, which would run on
// one worker) is each row chunk also cut along the inner iterations, into
// ceil(target / row chunks) pieces (never more than maxPieces or n1).
struct Inner {
  xmprt_range2_fn fn2 = nullptr;
  int64_t n1 = 1, maxPieces = 1;
};

Job *startJob(xmprt_range_fn fn, void *ctx, int64_t lo, int64_t hi,
              int64_t grain, const char *name, const char *api,
              Inner inner = {}) {
  XMPRT_CHECK(fn || inner.fn2, name, "fn is NULL");
  XMPRT_CHECK(grain >= 1, name, "grain %lld < 1", (long long)grain);
  XMPRT_CHECK(inner.n1 >= 0, name, "inner iteration count %lld < 0",
              (long long)inner.n1);
  XMPRT_CHECK(inner.maxPieces >= 1, name, "max_pieces %lld < 1",
              (long long)inner.maxPieces);
  auto *job = new Job;
  job->fn = fn;
  job->fn2 = inner.fn2;
  job->n1 = inner.n1;
  job->ctx = ctx;
  job->api = api;
  job->start = job->end = Clock::now();
  if (hi <= lo) { // complete already: no chunks
    job->bounds.assign(1, lo);
    return job;
  }
  if (tInsideChunk) { // nested inside a chunk: serially, here
    job->kind = kSerial;
    job->bounds = {lo, hi};
    job->remaining = 1;
    runChunk(*job, 0);
    return job;
  }
  std::lock_guard<std::recursive_mutex> g(gMutex);
  Config &c = config(name);
  registerFinalizeHook(); // no-op once registered; MPI may be newer
  joinStarter();
  job->kind = c.kind;
  int64_t target = c.chunks ? c.chunks : c.workers;
  cut(*job, lo, hi, grain, target, name);
  if (job->fn2 && job->rowChunks() < target)
    job->pieces = std::max<int64_t>(
        1, std::min({inner.maxPieces, job->n1,
                     (target + job->rowChunks() - 1) / job->rowChunks()}));
  job->remaining = job->chunks();
  switch (c.kind) {
  case kSerial:
    for (int64_t i = 0; i < job->chunks(); ++i)
      runChunk(*job, i);
    break;
  case kThreads:
    if (!gPool) {
      gPool = new ThreadPool(c.workers);
      registerFinalizeHook();
    }
    gPool->submit(*job);
    break;
#ifdef XMPRT_HAVE_STARPU
  case kStarPU:
    starpuSubmit(*job, c, name);
    break;
#endif
  default:
    fail(name, "unknown executor %d", c.kind);
  }
  return job;
}

double waitJob(Job *job, const char *name) {
  XMPRT_CHECK(job, name, "job is NULL");
  std::string error;
  double seconds;
  {
    std::unique_lock<std::mutex> g(job->m);
    job->doneCv.wait(g, [&] { return job->remaining == 0; });
    error = job->error;
    seconds = std::chrono::duration<double>(job->end - job->start).count();
  }
#ifdef XMPRT_HAVE_STARPU
  if (job->kind == kStarPU && job->chunks() > 0)
    starpuJobDone();
#endif
  const char *api = job->api;
  bool empty = job->chunks() == 0;
  delete job;
  if (!error.empty())
    fail(api, "%s", error.c_str());
  return empty ? 0.0 : seconds;
}

} // namespace

extern "C" {

xmprt_cpu_job *xmprt_cpu_parallel_for_start(xmprt_range_fn fn, void *ctx,
                                            int64_t lo, int64_t hi,
                                            int64_t grain) {
  return startJob(fn, ctx, lo, hi, grain, "xmprt_cpu_parallel_for_start",
                  "xmprt_cpu_parallel_for_wait");
}

xmprt_cpu_job *xmprt_cpu_parallel_for2_start(xmprt_range2_fn fn, void *ctx,
                                             int64_t lo, int64_t hi,
                                             int64_t grain, int64_t n1,
                                             int64_t max_pieces) {
  return startJob(nullptr, ctx, lo, hi, grain, "xmprt_cpu_parallel_for2_start",
                  "xmprt_cpu_parallel_for_wait", Inner{fn, n1, max_pieces});
}

double xmprt_cpu_parallel_for_wait(xmprt_cpu_job *job) {
  return waitJob(job, "xmprt_cpu_parallel_for_wait");
}

void xmprt_cpu_parallel_for(xmprt_range_fn fn, void *ctx, int64_t lo,
                            int64_t hi, int64_t grain) {
  const char *name = "xmprt_cpu_parallel_for";
  waitJob(startJob(fn, ctx, lo, hi, grain, name, name), name);
}

int32_t xmprt_cpu_workers(void) {
  std::lock_guard<std::recursive_mutex> g(gMutex);
  return executorWorkers(config("xmprt_cpu_workers"));
}

const char *xmprt_cpu_executor_name(void) {
  std::lock_guard<std::recursive_mutex> g(gMutex);
  return kindName(config("xmprt_cpu_executor_name").kind);
}

int32_t xmprt_get_cpu_executor(void) {
  std::lock_guard<std::recursive_mutex> g(gMutex);
  return config("xmprt_get_cpu_executor").kind;
}

int32_t xmprt_cpu_executor_available(int32_t kind) {
  return kind == kSerial || kind == kThreads || (kind == kStarPU && kHaveStarPU);
}

void xmprt_set_cpu_executor(int32_t kind) {
  const char *name = "xmprt_set_cpu_executor";
  XMPRT_CHECK(kind >= kSerial && kind <= kStarPU, name,
              "unknown executor %d", kind);
  if (kind == kStarPU && !kHaveStarPU)
    fail(name, "this libxmprt was built without StarPU");
  std::lock_guard<std::recursive_mutex> g(gMutex);
  joinStarter();
  config(name).kind = kind;
}

int32_t xmprt_cpu_executor_start(int32_t wait) {
  return startExecutor(!wait, "xmprt_cpu_executor_start") ? 1 : 0;
}

void xmprt_set_cpu_chunks(int32_t chunks) {
  const char *name = "xmprt_set_cpu_chunks";
  XMPRT_CHECK(chunks >= 0, name, "chunks %d < 0", chunks);
  std::lock_guard<std::recursive_mutex> g(gMutex);
  Config &c = config(name);
  c.chunks = chunks ? chunks : envPositive("XMP_CPU_CHUNKS", true, name);
}

} // extern "C"
