//===- WorkSharingState.cpp - the program's weight and last split times ---===//
//
// The work-sharing state that XMP's directives read and set outside any
// one loop: the current weight (xmp.reset_weight, initially
// XMP_WEIGHT_DEFAULT), the CPU and GPU times of the last device loop
// (xmp.cpu_time / xmp.gpu_time), and device loops that ran on the host
// (compiled without GPU code), with the once-per-process warning about
// them. Per-loop weights, the auto controller and xmprt_loop_report (which
// sets the times read here) are in WeightControl.cpp; the CPU executor is
// Executor.cpp.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include <atomic>
#include <cstdio>

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

void xmprt_device_loop_on_host(double seconds) {
  recordTimes(seconds, 0.0, nextTimeSeq());
  warnDeviceLoopsOnHost("device loop: compiled without GPU code (xmpcc "
                        "without --gpu), device loops run on the CPU "
                        "(weight 1)");
}

} // extern "C"
