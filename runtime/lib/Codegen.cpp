//===- Codegen.cpp - entry points shaped for generated code ---------------===//
//
// Scalar-returning forms of queries (generated code avoids out-parameters),
// the work-sharing state read by xmp.cpu_time / xmp.gpu_time /
// xmp.reset_weight, and the small program-support helpers the examples use
// (command-line arguments, result printing). Per-loop weights, the auto
// controller and xmprt_loop_report (which sets the times read here through
// xmprt_record_split_times) are in WeightControl.cpp; the CPU executor is
// Executor.cpp.
//
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace xmprt;

namespace {
struct WorkSharingState {
  double weight = 0.0;
  double cpuTime = 0.0, gpuTime = 0.0;
  uint64_t timesSeq = 0; // sequence number of the loop they belong to
};
WorkSharingState &workSharing();
std::atomic<uint64_t> gTimeSeq{0};
} // namespace

namespace xmprt {
uint64_t nextTimeSeq() { return ++gTimeSeq; }
void recordTimes(double cpuSeconds, double gpuSeconds, uint64_t seq) {
  WorkSharingState &s = workSharing();
  if (seq < s.timesSeq)
    return;
  s.cpuTime = cpuSeconds;
  s.gpuTime = gpuSeconds;
  s.timesSeq = seq;
}
} // namespace xmprt

namespace {
WorkSharingState &workSharing() {
  // XMP_WEIGHT_DEFAULT: the weight before any xmp.reset_weight (default 0,
  // all on the GPU), for running programs without weight clauses split.
  static WorkSharingState s = [] {
    WorkSharingState st;
    st.weight =
        settings::realOrDefault("XMP_WEIGHT_DEFAULT", "xmprt_current_weight");
    return st;
  }();
  return s;
}

/// argv of this process, read once from /proc/self/cmdline (generated
/// `main` functions take no arguments).
const std::vector<std::string> &commandLine() {
  static std::vector<std::string> args = [] {
    std::vector<std::string> out;
    if (FILE *f = std::fopen("/proc/self/cmdline", "rb")) {
      std::string cur;
      int c;
      while ((c = std::fgetc(f)) != EOF) {
        if (c == 0) {
          out.push_back(cur);
          cur.clear();
        } else {
          cur.push_back((char)c);
        }
      }
      std::fclose(f);
    }
    return out;
  }();
  return args;
}
} // namespace

namespace xmprt {

void warnDeviceLoopsOnHost(const char *what) {
  static std::atomic<bool> warned{false};
  if (warned.exchange(true))
    return;
  // Before MPI_Init (a global constructor) the launcher's rank decides.
  int rank = mpiUsable() ? xmprt_world_rank() : reportRank();
  if (rank <= 0 && !settings::flag("XMP_QUIET", "xmprt_warning")) {
    std::fprintf(stderr, "xmprt: warning: rank 0: %s\n", what);
    std::fflush(stderr);
  }
}

} // namespace xmprt

extern "C" {

int64_t xmprt_darray_owned_lo(const xmprt_darray *a, int32_t dim) {
  int64_t lo, hi;
  xmprt_darray_owned(a, dim, &lo, &hi);
  return lo;
}

int64_t xmprt_darray_owned_hi(const xmprt_darray *a, int32_t dim) {
  int64_t lo, hi;
  xmprt_darray_owned(a, dim, &lo, &hi);
  return hi;
}

int64_t xmprt_template_owned_lo(const xmprt_template *t, int32_t dim) {
  int64_t lo, hi;
  xmprt_template_owned(t, dim, &lo, &hi);
  return lo;
}

int64_t xmprt_template_owned_hi(const xmprt_template *t, int32_t dim) {
  int64_t lo, hi;
  xmprt_template_owned(t, dim, &lo, &hi);
  return hi;
}

int64_t xmprt_template_procs(const xmprt_template *t, int32_t dim) {
  int32_t axis = xmprt_template_axis(t, dim);
  return axis < 0 ? 1 : xmprt_grid_size(t->grid, axis);
}

void xmprt_gpu_check_grid(int64_t x, int64_t y, int64_t z) {
  constexpr int64_t kMaxYZ = 65535;
  if (y > kMaxYZ || z > kMaxYZ)
    fail("xmprt_gpu_check_grid",
         "a device loop needs a grid of %lld x %lld x %lld blocks; CUDA "
         "allows at most %lld along y and z (use a block_size with a larger "
         "y / z, or more ranks)",
         (long long)x, (long long)y, (long long)z, (long long)kMaxYZ);
}

void xmprt_reset_weight(double w) {
  if (!(w >= 0.0 && w <= 1.0))
    fail("xmprt_reset_weight", "weight %g is outside [0, 1]", w);
  workSharing().weight = w;
}

double xmprt_current_weight(void) { return workSharing().weight; }
double xmprt_cpu_time(void) {
  readDeviceLoopTimes();
  return workSharing().cpuTime;
}
double xmprt_gpu_time(void) {
  readDeviceLoopTimes();
  return workSharing().gpuTime;
}

void xmprt_record_split_times(double cpuSeconds, double gpuSeconds) {
  recordTimes(cpuSeconds, gpuSeconds, nextTimeSeq());
}

void *xmprt_result_slot(void **cell, int64_t bytes) {
  const char *fn = "xmprt_result_slot";
  XMPRT_CHECK(cell, fn, "cell is NULL");
  XMPRT_CHECK(bytes > 0 && bytes <= 4096, fn,
              "slot of %lld bytes (expected 1 to 4096)", (long long)bytes);
  if (*cell)
    return *cell;
  gpu::HostSpan span(fn);
  // Kernels store reduction results here: mapped pinned memory when this
  // rank has a GPU (no copy back, the host reads it after xmprt_gpu_wait).
  void *p = gpu::built() && gpu::deviceId() >= 0
                ? gpu::mappedHostAlloc(bytes, fn)
                : std::calloc(1, (size_t)bytes);
  XMPRT_CHECK(p, fn, "out of memory for %lld bytes", (long long)bytes);
  *cell = p;
  return p;
}

void xmprt_device_loop_on_host(double seconds) {
  recordTimes(seconds, 0.0, nextTimeSeq());
  warnDeviceLoopsOnHost("device loop: compiled without GPU code (xmpcc "
                        "without --gpu), device loops run on the CPU "
                        "(weight 1)");
}

namespace {
// Argument `index` as an integer in [lo, hi]; `fn` names the caller.
int64_t argInRange(int32_t index, int64_t fallback, int64_t lo, int64_t hi,
                   const char *fn) {
  const std::vector<std::string> &args = commandLine();
  if (index < 1 || (size_t)index >= args.size())
    return fallback;
  const char *s = args[index].c_str();
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(s, &end, 10);
  bool number = errno == 0 && end != s && *end == '\0';
  if (!number && lo == INT64_MIN && hi == INT64_MAX)
    fail(fn, "argument %d ('%s') is not an integer", index, s);
  if (!number || v < lo || v > hi)
    fail(fn, "argument %d ('%s') is not an integer in [%lld, %lld]", index,
         s, (long long)lo, (long long)hi);
  return v;
}
} // namespace

int64_t xmprt_arg_i64(int32_t index, int64_t fallback) {
  return argInRange(index, fallback, INT64_MIN, INT64_MAX, "xmprt_arg_i64");
}

int64_t xmprt_arg_i64_in(int32_t index, int64_t fallback, int64_t lo,
                         int64_t hi) {
  if (lo > hi)
    fail("xmprt_arg_i64_in", "empty range [%lld, %lld]", (long long)lo,
         (long long)hi);
  return argInRange(index, fallback, lo, hi, "xmprt_arg_i64_in");
}

void xmprt_print_scalar_f64(int64_t tag, double value) {
  static const char *names[] = {"checksum", "gosa", "mflops", "time"};
  if (xmprt_world_rank() != 0)
    return;
  if (tag >= 0 && tag < 4)
    std::printf("XMP-RESULT %s %.17g\n", names[tag], value);
  else
    std::printf("XMP-RESULT value%lld %.17g\n", (long long)tag, value);
  std::fflush(stdout);
}

} // extern "C"
