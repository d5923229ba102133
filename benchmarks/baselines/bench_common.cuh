// bench_common.cuh -- helpers shared by the hand-written CUDA baselines
// (laplace2d.cu, himeno.cu): error checking, the device description, the
// device-to-device copy bandwidth used for the memory-bandwidth floor, and
// the median of the per-iteration event timings.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

// Every CUDA runtime call goes through CUDA_CHECK: on failure it prints
// file:line, the call and the error, and exits with status 1. A program may
// define its own CUDA_CHECK before including this header (the multi-GPU
// baselines do, via mgpu_common.cuh: it names the rank and aborts the MPI
// job); the helpers below then use that one.
#ifndef CUDA_CHECK
#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t err_ = (call);                                               \
    if (err_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: CUDA error in %s: %s (%s)\n", __FILE__,   \
                   __LINE__, #call, cudaGetErrorString(err_),                \
                   cudaGetErrorName(err_));                                  \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)
#endif

// After every kernel launch: launch-configuration errors (and sticky errors
// of earlier asynchronous work) show up here, at the launch that follows.
#ifndef CUDA_CHECK_LAUNCH
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())
#endif

namespace bench {

inline double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Prints one comment line describing the device; returns its properties.
inline cudaDeviceProp describe_device() {
  int dev = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  int mem_bus_bits = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&mem_bus_bits,
                                    cudaDevAttrGlobalMemoryBusWidth, dev));
  std::printf("# device %d: %s, sm_%d%d, %d SMs, %.1f GiB, %d-bit memory bus,"
              " L2 %.1f MiB\n",
              dev, prop.name, prop.major, prop.minor, prop.multiProcessorCount,
              double(prop.totalGlobalMem) / 1073741824.0, mem_bus_bits,
              double(prop.l2CacheSize) / 1048576.0);
  return prop;
}

// Measured device-to-device copy bandwidth: cudaMemcpyAsync of a 1 GiB
// buffer, 2 untimed + `reps` timed copies, each timed with its own pair of
// events. Each copy reads 1 GiB and writes 1 GiB, so 2 GiB are counted per
// copy. Returns the median over the timed copies in GB/s (1e9 bytes/s); the
// buffers are freed before returning.
inline double copy_bandwidth_gbps(int reps = 10) {
  const size_t bytes = size_t(1) << 30;
  void *src = nullptr, *dst = nullptr;
  CUDA_CHECK(cudaMalloc(&src, bytes));
  CUDA_CHECK(cudaMalloc(&dst, bytes));
  CUDA_CHECK(cudaMemset(src, 0x5a, bytes));
  CUDA_CHECK(cudaMemset(dst, 0, bytes));
  cudaEvent_t e0, e1;
  CUDA_CHECK(cudaEventCreate(&e0));
  CUDA_CHECK(cudaEventCreate(&e1));
  for (int r = 0; r < 2; ++r)
    CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0));
  std::vector<double> gbps;
  for (int r = 0; r < reps; ++r) {
    CUDA_CHECK(cudaEventRecord(e0, 0));
    CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0));
    CUDA_CHECK(cudaEventRecord(e1, 0));
    CUDA_CHECK(cudaEventSynchronize(e1));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    gbps.push_back(2.0 * double(bytes) / (double(ms) * 1e-3) / 1e9);
  }
  CUDA_CHECK(cudaEventDestroy(e0));
  CUDA_CHECK(cudaEventDestroy(e1));
  CUDA_CHECK(cudaFree(src));
  CUDA_CHECK(cudaFree(dst));
  double med = median(gbps);
  std::printf("# copy bandwidth: cudaMemcpy D2D of 1 GiB, read+write counted,"
              " median of %d: %.1f GB/s (min %.1f, max %.1f)\n",
              reps, med, *std::min_element(gbps.begin(), gbps.end()),
              *std::max_element(gbps.begin(), gbps.end()));
  return med;
}

// Register / local-memory use of a kernel, as the driver reports it.
template <typename F>
inline void describe_kernel(const char *name, F *kernel) {
  cudaFuncAttributes attr;
  CUDA_CHECK(cudaFuncGetAttributes(&attr, kernel));
  std::printf("# kernel %s: %d registers, %zu bytes local (spill) memory,"
              " %zu bytes static shared memory\n",
              name, attr.numRegs, attr.localSizeBytes, attr.sharedSizeBytes);
}

// Per-iteration timing: events[0..n] recorded on the stream before each
// iteration and after the last one (back to back, nothing else in between),
// so iteration t took elapsed(events[t], events[t+1]).
struct IterTimer {
  std::vector<cudaEvent_t> ev;
  explicit IterTimer(int n) : ev(size_t(n) + 1) {
    for (auto &e : ev) CUDA_CHECK(cudaEventCreate(&e));
  }
  ~IterTimer() {
    for (auto &e : ev) CUDA_CHECK(cudaEventDestroy(e));
  }
  IterTimer(const IterTimer &) = delete;
  IterTimer &operator=(const IterTimer &) = delete;
  void mark(int t, cudaStream_t s = 0) {
    CUDA_CHECK(cudaEventRecord(ev[t], s));
  }
  // Waits for the last event; per-iteration times in ms.
  std::vector<double> per_iter_ms() {
    CUDA_CHECK(cudaEventSynchronize(ev.back()));
    std::vector<double> ms;
    for (size_t t = 0; t + 1 < ev.size(); ++t) {
      float m = 0.0f;
      CUDA_CHECK(cudaEventElapsedTime(&m, ev[t], ev[t + 1]));
      ms.push_back(m);
    }
    return ms;
  }
  double total_ms() {
    CUDA_CHECK(cudaEventSynchronize(ev.back()));
    float m = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&m, ev.front(), ev.back()));
    return m;
  }
};

}  // namespace bench
