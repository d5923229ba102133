// launch_overhead.cu -- hand-written counterpart of benchmarks/
// loop_overhead.mlir: K steps of the same tiny kernel (a[i] = a[i] + 1 over
// 1024 floats, four blocks of 256 threads) written as a strong CUDA
// programmer would, so that gpu_bench.sh can put the generated device
// loop's cost per step next to a bare launch.
//
//   nvcc -O3 -arch=sm_90 -o launch_overhead benchmarks/baselines/launch_overhead.cu
//   ./launch_overhead [K]
//
// Variants (each timed over K steps after a warm-up, with a host clock
// around the loop and a synchronization at its end):
//   launch       one launch per step, never waiting (the floor for mode 0)
//   launch+sync  one launch and cudaStreamSynchronize per step (what a
//                device loop cost when every launch waited)
//   reduce       a launch that also reduces (one block value each, atomic-
//                free: a second one-block kernel folds them) per step, the
//                result read once after the loop (the floor for mode 3)
//   reduce+read  the same with the result copied back and read every step
//                (the floor for mode 4)
// Output: one line per variant, "BASE <variant> <us per step>", and a
// JSON line "BENCH {...}".
#include "bench_common.cuh"

#include <chrono>
#include <cstdlib>

namespace {

constexpr int kN = 1024, kThreads = 256, kBlocks = kN / kThreads;

__global__ void __launch_bounds__(kThreads) step_kernel(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = __fadd_rn(a[i], 1.0f);
}

__global__ void __launch_bounds__(kThreads)
    step_reduce_kernel(float *a, float *partials) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = __fadd_rn(a[i], 1.0f);
  float v = 1.0f;
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, off);
  __shared__ float warp[kThreads / 32];
  if (threadIdx.x % 32 == 0)
    warp[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0;
    for (int w = 0; w < kThreads / 32; ++w)
      t += warp[w];
    partials[blockIdx.x] = t;
  }
}

__global__ void fold_kernel(const float *partials, int n, float *total) {
  if (threadIdx.x == 0) {
    float t = 0;
    for (int b = 0; b < n; ++b)
      t += partials[b];
    *total = t;
  }
}

double now_us() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

} // namespace

int main(int argc, char **argv) {
  long k = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 10000;
  if (k < 1) {
    std::fprintf(stderr, "launch_overhead: K must be >= 1\n");
    return 2;
  }
  bench::describe_device();
  float *a = nullptr, *partials = nullptr, *total = nullptr, *host = nullptr;
  CUDA_CHECK(cudaMalloc(&a, kN * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&partials, kBlocks * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&total, sizeof(float)));
  CUDA_CHECK(cudaMallocHost(&host, sizeof(float)));
  cudaStream_t st;
  CUDA_CHECK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  CUDA_CHECK(cudaMemsetAsync(a, 0, kN * sizeof(float), st));

  auto run = [&](const char *name, auto step) {
    for (int w = 0; w < 100; ++w)
      step();
    CUDA_CHECK(cudaStreamSynchronize(st));
    double t0 = now_us();
    for (long s = 0; s < k; ++s)
      step();
    CUDA_CHECK(cudaStreamSynchronize(st));
    double us = (now_us() - t0) / double(k);
    std::printf("BASE %s %.3f\n", name, us);
    return us;
  };
  double launch = run("launch", [&] {
    step_kernel<<<kBlocks, kThreads, 0, st>>>(a);
  });
  double launchSync = run("launch+sync", [&] {
    step_kernel<<<kBlocks, kThreads, 0, st>>>(a);
    CUDA_CHECK(cudaStreamSynchronize(st));
  });
  double reduce = run("reduce", [&] {
    step_reduce_kernel<<<kBlocks, kThreads, 0, st>>>(a, partials);
    fold_kernel<<<1, 32, 0, st>>>(partials, kBlocks, total);
  });
  double reduceRead = run("reduce+read", [&] {
    step_reduce_kernel<<<kBlocks, kThreads, 0, st>>>(a, partials);
    fold_kernel<<<1, 32, 0, st>>>(partials, kBlocks, total);
    CUDA_CHECK(cudaMemcpyAsync(host, total, sizeof(float),
                               cudaMemcpyDeviceToHost, st));
    CUDA_CHECK(cudaStreamSynchronize(st));
    volatile float v = *host;
    (void)v;
  });
  CUDA_CHECK_LAUNCH();
  std::printf("BENCH {\"name\": \"launch_overhead\", \"steps\": %ld, "
              "\"launch_us\": %.4f, \"launch_sync_us\": %.4f, "
              "\"reduce_us\": %.4f, \"reduce_read_us\": %.4f}\n",
              k, launch, launchSync, reduce, reduceRead);
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(partials));
  CUDA_CHECK(cudaFree(total));
  CUDA_CHECK(cudaFreeHost(host));
  return 0;
}
