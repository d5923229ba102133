// laplace2d.cu -- hand-written CUDA baseline for examples/laplace2d.mlir:
// Jacobi iteration of the 2-D Laplace equation on one GPU, double precision,
// the same data, boundary handling, update formula, copy-back step and
// checksum as the example and its reference examples/laplace2d_ref.c.
//
//   nvcc -O3 -arch=sm_90 -o laplace2d benchmarks/baselines/laplace2d.cu
//   [LAPLACE_STENCIL=2d|sweep] ./laplace2d [SIZE] [ITERS] [WARMUP]
//     SIZE   N (an N x N grid) or XSIZExYSIZE (e.g. 256x192, the example's
//            size); default 8192 (8192 x 8192, 2 x 512 MiB)
//     ITERS  time steps (default 100; the example's default is 16)
//     WARMUP untimed time steps before the timed run (default 5); the data
//            are re-initialized after them, so the result is that of
//            exactly ITERS steps from the initial state.
//
// Arrays u[x][y], uu[x][y] (row-major, y contiguous), x < XSIZE, y < YSIZE.
// Data:   u[x][y] = (x*7 + y*3) % 11, uu = 0 (see "poison" below).
// Step:   uu[x][y] = (u[x-1][y] + u[x+1][y] + u[x][y-1] + u[x][y+1]) * 0.25
//         for 1 <= x < XSIZE-1, 1 <= y < YSIZE-1 (sum left to right, as the
//         example), then u[x][y] = uu[x][y] on the same interior. The
//         boundary of u never changes. The copy-back is kept as a separate
//         kernel (no pointer swap) so that the arithmetic and the memory
//         traffic per step are those of the example.
// What one iteration reads and writes (the minimum, each element once):
//   stencil kernel: reads u on the interior and its 1-wide halo, i.e. all of
//                   u except the 4 corners (XSIZE*YSIZE - 4 doubles), writes
//                   uu on the interior ((XSIZE-2)*(YSIZE-2) doubles);
//   copy kernel:    reads uu on the interior, writes u on the interior
//                   (2 * (XSIZE-2)*(YSIZE-2) doubles);
//   bytes/iteration = 8 * (XSIZE*YSIZE - 4 + 3*(XSIZE-2)*(YSIZE-2)),
//   flops/iteration = 4 * (XSIZE-2)*(YSIZE-2) (3 adds, 1 multiply).
//
// Stencil kernel: LAPLACE_STENCIL=sweep (default) walks a chunk of rows per
// thread keeping the column's values in registers; =2d is one point per
// thread (32 x 8 blocks). Same arithmetic and sum order either way. The
// sweep, init and copy kernels are in laplace2d_kernels.cuh, shared with
// laplace2d_mgpu.cu: they are written over a range of rows, and this
// program passes all interior rows (1 .. XSIZE-2).
// Output:
//   XMP-RESULT checksum <sum of all u after the last step, %.17g>
//   XMP-RESULT time     <seconds of the timed loop (events)>
//   BENCH {"name": "laplace2d", "n": XSIZE, ...}   one JSON line
// With the example's size and up to 17 steps every partial sum is exact, so
// `./laplace2d 256x192 16` prints exactly the reference's
//   XMP-RESULT checksum 245766.23198937299
// (beyond 17 steps compare with a relative tolerance of 1e-12). The
// checksum is reduced deterministically (fixed grid, per-block partial sums
// added on the host in block order), so it does not vary between runs.
//
// Poison: before initialization u and uu are filled with 0xFF bytes (a NaN
// as a double). The initialization writes all of u and the boundary of uu;
// the interior of uu stays NaN until the first stencil writes it (the
// example's uu = 0 there is overwritten before it is ever read, so the
// results are the same). A stencil that misses an element makes the copy
// put a NaN into u; the program counts the non-finite elements of u at the
// end and exits 1 if there is any.
#include "bench_common.cuh"
#include "laplace2d_kernels.cuh"

#include <cinttypes>
#include <cmath>
#include <cstring>
#include <string>

namespace {

constexpr int kSumBlocks = 1024;

// One thread per point. y = blockIdx.x*32 + threadIdx.x starts at 0 (the
// thread at y = 0 idles) so that a warp's 32 doubles are one aligned
// 256-byte segment whenever YSIZE is a multiple of 32; x starts at 1.
__global__ void __launch_bounds__(kBX * kBY)
    stencil_kernel(const double *__restrict__ u, double *__restrict__ uu,
                   int nx, int ny) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  const int x = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x >= nx - 1 || y < 1 || y >= ny - 1) return;
  const size_t c = size_t(x) * ny + y;
  // (((u[x-1][y] + u[x+1][y]) + u[x][y-1]) + u[x][y+1]) * 0.25, rounded
  // operation by operation as in the example.
  const double s =
      __dadd_rn(__dadd_rn(__dadd_rn(u[c - ny], u[c + ny]), u[c - 1]), u[c + 1]);
  uu[c] = __dmul_rn(s, 0.25);
}

// Sum and count of non-finite values of u[0..n): a fixed grid-stride
// partition and per-block partial results, added on the host in block
// order, so the checksum is the same on every run.
__global__ void __launch_bounds__(kSumThreads)
    sum_kernel(const double *__restrict__ u, size_t n,
               double *__restrict__ part_sum,
               unsigned long long *__restrict__ part_bad) {
  double s = 0.0;
  unsigned long long bad = 0;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    const double v = u[i];
    s += v;
    bad += !isfinite(v);
  }
  block_sum_bad(s, bad, &part_sum[blockIdx.x], &part_bad[blockIdx.x]);
}

long parse_long(const char *s, const char *what) {
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (end == s || *end != '\0' || v < 0) {
    std::fprintf(stderr, "laplace2d: bad %s '%s'\n", what, s);
    std::exit(2);
  }
  return v;
}

}  // namespace

int main(int argc, char **argv) {
  long nx = 8192, ny = 8192, iters = 100, warmup = 5;
  if (argc > 4) {
    std::fprintf(stderr, "usage: %s [N | XSIZExYSIZE] [ITERS] [WARMUP]\n",
                 argv[0]);
    return 2;
  }
  if (argc > 1) {
    std::string size = argv[1];
    size_t xpos = size.find('x');
    if (xpos == std::string::npos) {
      nx = ny = parse_long(size.c_str(), "size");
    } else {
      nx = parse_long(size.substr(0, xpos).c_str(), "XSIZE");
      ny = parse_long(size.substr(xpos + 1).c_str(), "YSIZE");
    }
  }
  if (argc > 2) iters = parse_long(argv[2], "iteration count");
  if (argc > 3) warmup = parse_long(argv[3], "warm-up count");
  if (nx < 3 || ny < 3 || nx > 65535L * kBY || ny > (1L << 30) ||
      nx * ny > (1L << 34) || iters < 1) {
    std::fprintf(stderr,
                 "laplace2d: need 3 <= XSIZE <= %ld, 3 <= YSIZE, ITERS >= 1\n",
                 65535L * kBY);
    return 2;
  }

  std::printf("# laplace2d (CUDA baseline): %ld x %ld, f64, %ld timed"
              " iterations after %ld warm-up\n",
              nx, ny, iters, warmup);
  cudaDeviceProp prop = bench::describe_device();
  const double copy_gbps = bench::copy_bandwidth_gbps();

  const size_t n = size_t(nx) * size_t(ny);
  const size_t interior = size_t(nx - 2) * size_t(ny - 2);
  const double bytes_per_iter =
      8.0 * (double(n) - 4.0 + 3.0 * double(interior));
  const double flops_per_iter = 4.0 * double(interior);
  const double floor_ms = bytes_per_iter / (copy_gbps * 1e9) * 1e3;
  std::printf("# bytes per iteration: 8*(XSIZE*YSIZE-4 + 3*(XSIZE-2)*(YSIZE-2))"
              " = %.0f; flops per iteration: 4*(XSIZE-2)*(YSIZE-2) = %.0f\n",
              bytes_per_iter, flops_per_iter);
  std::printf("# bandwidth floor: bytes / copy bandwidth = %.4f ms per"
              " iteration\n",
              floor_ms);

  double *u = nullptr, *uu = nullptr, *part_sum = nullptr;
  unsigned long long *part_bad = nullptr;
  CUDA_CHECK(cudaMalloc(&u, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&uu, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&part_sum, kSumBlocks * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&part_bad, kSumBlocks * sizeof(unsigned long long)));

  const dim3 block(kBX, kBY);
  const dim3 grid_all(unsigned((ny + kBX - 1) / kBX),
                      unsigned((nx + kBY - 1) / kBY));
  // Interior launches: y covers 0..YSIZE-2, x covers 1..XSIZE-2.
  const dim3 grid_int(unsigned((ny - 1 + kBX - 1) / kBX),
                      unsigned((nx - 2 + kBY - 1) / kBY));
  std::printf("# launch: stencil/copy grid (%u, %u) x block (%d, %d),"
              " threadIdx.x along y (contiguous)\n",
              grid_int.x, grid_int.y, kBX, kBY);
  // LAPLACE_STENCIL=2d|sweep picks the stencil kernel (default sweep, the
  // faster on the H200: benchmarks/results/gpu_h200_20261123_s25/).
  const char *which = std::getenv("LAPLACE_STENCIL");
  const bool sweep = !which || std::strcmp(which, "2d") != 0;
  if (which && std::strcmp(which, "2d") != 0 &&
      std::strcmp(which, "sweep") != 0) {
    std::fprintf(stderr, "laplace2d: LAPLACE_STENCIL must be 2d or sweep\n");
    return 2;
  }
  // Sweep: chunks of rows for about two waves of full-occupancy blocks.
  const int sweep_x = int((ny + kSweepThreads - 1) / kSweepThreads);
  const long waves_blocks =
      2L * prop.multiProcessorCount *
      (prop.maxThreadsPerMultiProcessor / kSweepThreads);
  const long chunks = std::max(1L, (waves_blocks + sweep_x - 1) / sweep_x);
  const int rows_per_chunk = int((nx - 2 + chunks - 1) / chunks);
  const dim3 grid_sweep(unsigned(sweep_x),
                        unsigned((nx - 2 + rows_per_chunk - 1) / rows_per_chunk));
  if (sweep)
    std::printf("# stencil: swept, grid (%u, %u) x block %d, %d rows per"
                " chunk (LAPLACE_STENCIL=2d: one point per thread)\n",
                grid_sweep.x, grid_sweep.y, kSweepThreads, rows_per_chunk);
  else
    std::printf("# stencil: one point per thread (LAPLACE_STENCIL=2d)\n");
  bench::describe_kernel("stencil_kernel", stencil_kernel);
  bench::describe_kernel("stencil_sweep_kernel", stencil_sweep_kernel);
  bench::describe_kernel("copy_kernel", copy_kernel);

  auto reset = [&]() {  // poison, then the example's initialization
    CUDA_CHECK(cudaMemset(u, 0xff, n * sizeof(double)));
    CUDA_CHECK(cudaMemset(uu, 0xff, n * sizeof(double)));
    init_kernel<<<grid_all, block>>>(u, uu, /*nl=*/int(nx), /*lo=*/1, int(nx),
                                     int(ny));
    CUDA_CHECK_LAUNCH();
  };
  auto step = [&]() {
    if (sweep)
      // All interior rows [1, XSIZE-1), consecutive chunks.
      stencil_sweep_kernel<<<grid_sweep, kSweepThreads>>>(
          u, uu, int(ny), /*xbeg=*/1, /*xend=*/int(nx - 1),
          /*ystep=*/rows_per_chunk, rows_per_chunk);
    else
      stencil_kernel<<<grid_int, block>>>(u, uu, int(nx), int(ny));
    CUDA_CHECK_LAUNCH();
    copy_kernel<<<grid_int, block>>>(uu, u, int(ny), /*xbeg=*/1,
                                     /*xend=*/int(nx - 1));
    CUDA_CHECK_LAUNCH();
  };

  // Warm-up (untimed), then back to the initial state.
  reset();
  for (long t = 0; t < warmup; ++t) step();
  CUDA_CHECK(cudaDeviceSynchronize());
  reset();
  CUDA_CHECK(cudaDeviceSynchronize());

  bench::IterTimer timer{int(iters)};
  timer.mark(0);
  for (long t = 0; t < iters; ++t) {
    step();
    timer.mark(int(t + 1));
  }
  const std::vector<double> ms = timer.per_iter_ms();
  const double total_ms = timer.total_ms();
  CUDA_CHECK(cudaDeviceSynchronize());

  sum_kernel<<<kSumBlocks, kSumThreads>>>(u, n, part_sum, part_bad);
  CUDA_CHECK_LAUNCH();
  std::vector<double> h_sum(kSumBlocks);
  std::vector<unsigned long long> h_bad(kSumBlocks);
  CUDA_CHECK(cudaMemcpy(h_sum.data(), part_sum, kSumBlocks * sizeof(double),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(h_bad.data(), part_bad,
                        kSumBlocks * sizeof(unsigned long long),
                        cudaMemcpyDeviceToHost));
  double checksum = 0.0;
  unsigned long long bad = 0;
  for (int b = 0; b < kSumBlocks; ++b) {
    checksum += h_sum[b];
    bad += h_bad[b];
  }

  const double med_ms = bench::median(ms);
  const double min_ms = *std::min_element(ms.begin(), ms.end());
  const double mean_ms = total_ms / double(iters);
  const double gbps = bytes_per_iter / (med_ms * 1e-3) / 1e9;
  const double gflops = flops_per_iter / (med_ms * 1e-3) / 1e9;

  std::printf("XMP-RESULT checksum %.17g\n", checksum);
  std::printf("XMP-RESULT time %.17g\n", total_ms * 1e-3);
  std::printf("# per iteration: median %.4f ms, mean %.4f ms, min %.4f ms;"
              " %.1f GB/s (%.1f%% of copy bandwidth), %.1f GFLOPS;"
              " floor %.4f ms\n",
              med_ms, mean_ms, min_ms, gbps, 100.0 * gbps / copy_gbps, gflops,
              floor_ms);
  std::printf("BENCH {\"name\": \"laplace2d\", \"n\": %ld, \"nx\": %ld,"
              " \"ny\": %ld, \"iters\": %ld, \"warmup\": %ld,"
              " \"median_ms_per_iter\": %.6f, \"mean_ms_per_iter\": %.6f,"
              " \"min_ms_per_iter\": %.6f, \"bytes_per_iter\": %.0f,"
              " \"gbps\": %.2f, \"gflops\": %.2f, \"copy_gbps\": %.2f,"
              " \"floor_ms_per_iter\": %.6f, \"checksum\": %.17g,"
              " \"stencil\": \"%s\", \"device\": \"%s\"}\n",
              nx, nx, ny, iters, warmup, med_ms, mean_ms, min_ms,
              bytes_per_iter, gbps, gflops, copy_gbps, floor_ms, checksum,
              sweep ? "sweep" : "2d", prop.name);

  CUDA_CHECK(cudaFree(part_bad));
  CUDA_CHECK(cudaFree(part_sum));
  CUDA_CHECK(cudaFree(uu));
  CUDA_CHECK(cudaFree(u));
  if (bad != 0) {
    std::fprintf(stderr,
                 "laplace2d: %llu non-finite elements in u (an element was"
                 " not written)\n",
                 bad);
    return 1;
  }
  return 0;
}
