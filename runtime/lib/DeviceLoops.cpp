//===- DeviceLoops.cpp - support of generated device loops, both builds ---===//
//
// The calls around a generated device loop that do not depend on how
// libxmprt was built: the check of its launch grid against CUDA's limits,
// and the result slots its reductions store to (mapped pinned memory with
// a GPU, plain host memory without one). The rest of the device-loop
// support (stream, scratch, sweep chunks, the mgpu* entry points) is in
// Gpu.cpp / GpuStub.cpp.
//
//===----------------------------------------------------------------------===//
#include "Gpu.h"
#include "Internal.h"

#include <cstdlib>

using namespace xmprt;

extern "C" {

void xmprt_gpu_check_grid(int64_t x, int64_t y, int64_t z) {
  constexpr int64_t kMaxYZ = 65535;
  if (y > kMaxYZ || z > kMaxYZ)
    fail("xmprt_gpu_check_grid",
         "a device loop needs a grid of %lld x %lld x %lld blocks; CUDA "
         "allows at most %lld along y and z (use a block_size with a larger "
         "y / z, or more ranks)",
         (long long)x, (long long)y, (long long)z, (long long)kMaxYZ);
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

} // extern "C"
