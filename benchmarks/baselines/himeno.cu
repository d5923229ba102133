// himeno.cu -- hand-written CUDA baseline for examples/himeno.mlir: the
// Jacobi kernel of the Himeno benchmark (19-point stencil of a 3-D Poisson
// solver) on one GPU, in f32 as the example and examples/himeno_ref.c, with
// the same initialization (initmt), update, gosa and copy-back step.
//
//   nvcc -O3 -arch=sm_90 -o himeno benchmarks/baselines/himeno.cu
//   ./himeno [SIZE] [ITERS] [WARMUP] [ICHUNK]
//     SIZE   XS | S | M | L | XL (default L), MIMAX x MJMAX x MKMAX =
//            XS 33x33x65, S 65x65x129, M 129x129x257 (the example and its
//            reference: default XS, -DSMALL, -DMIDDLE), L 257x257x513,
//            XL 513x513x1025 (the original benchmark's LARGE and ELARGE)
//     ITERS  Jacobi iterations (default 100; the example's default is 20)
//     WARMUP untimed iterations before the timed run (default 5); the data
//            are re-initialized after them, so gosa is that of exactly
//            ITERS iterations from the initial state.
//     ICHUNK planes of i per thread (default 0 = chosen from the occupancy
//            so that about two waves of blocks fill the GPU)
//
// Arrays p, bnd, wrk1, wrk2 [MIMAX][MJMAX][MKMAX], a[4][..], b[3][..],
// c[3][..] (row-major, k contiguous), imax = MIMAX-1, jmax = MJMAX-1,
// kmax = MKMAX-1, omega = 0.8f.
// Data (initmt): all arrays 0; on i < imax, j < jmax, k < kmax: a0..a2 = 1,
//   a3 = (float)(1.0/6.0), b = 0, c = 1, bnd = 1, wrk1 = 0,
//   p = (float)(i*i) / (float)((imax-1)*(imax-1)).
// Iteration: for 1 <= i < imax-1, 1 <= j < jmax-1, 1 <= k < kmax-1:
//   s0 = a0*p[i+1][j][k] + a1*p[i][j+1][k] + a2*p[i][j][k+1]
//      + b0*(p[i+1][j+1][k] - p[i+1][j-1][k] - p[i-1][j+1][k] + p[i-1][j-1][k])
//      + b1*(p[i][j+1][k+1] - p[i][j-1][k+1] - p[i][j+1][k-1] + p[i][j-1][k-1])
//      + b2*(p[i+1][j][k+1] - p[i-1][j][k+1] - p[i+1][j][k-1] + p[i-1][j][k-1])
//      + c0*p[i-1][j][k] + c1*p[i][j-1][k] + c2*p[i][j][k-1] + wrk1[i][j][k]
//   ss = (s0*a3 - p[i][j][k]) * bnd[i][j][k]
//   gosa += ss*ss;  wrk2[i][j][k] = p[i][j][k] + omega*ss
// then p = wrk2 on the same interior (a separate copy kernel, as in the
// example: no pointer swap, same traffic). Every operation is an explicitly
// rounded f32 operation (__fmul_rn, __fadd_rn, __fsub_rn: never fused into
// an FMA) in the example's order, so each element of p is bit-for-bit that
// of the reference; only gosa's summation order differs.
//
// Kernel: 2-D thread blocks of 32 x 8 over (k, j), k on threadIdx.x (k is
// contiguous: a warp reads 128 consecutive bytes of each array), and a loop
// over i inside the thread; blockIdx.z splits the i range into chunks of
// ICHUNK planes. Along i the thread keeps the 5-point cross (j,k), (j+-1,k),
// (j,k+-1) of planes i-1, i and i+1 in registers, so per point it loads the
// cross of plane i+1 and the 4 diagonals (j+-1,k+-1) of plane i (9 loads of
// p instead of 19). gosa: each thread sums ss*ss of its points in f32, the
// block reduces with warp shuffles and shared memory, and thread 0 does one
// atomicAdd (f32, the example's type) into the iteration's accumulator.
// The order of the atomics varies, so the last bits of gosa may vary
// between runs. The kernels (and the sizes) are in himeno_kernels.cuh,
// shared with himeno_mgpu.cu: they are written over a range of planes, and
// this program passes the whole sweep (planes 1 .. imax-2).
//
// What one iteration reads and writes (the minimum, each element once), with
// N = (imax-2)*(jmax-2)*(kmax-2) interior points and H = imax*jmax*kmax (the
// interior with its 1-wide halo):
//   jacobi: reads a0..a3, b0..b2, c0..c2, wrk1, bnd at the N points (12 N
//           floats), reads p on the interior and halo except the 8 corners of
//           the halo box, which the 19-point stencil never touches (H - 8),
//           writes wrk2 (N);
//   copy:   reads wrk2 (N), writes p (N);
//   bytes/iteration = 4 * (15 N + H - 8),
//   flops/iteration = 34 N (the benchmark's standard count).
//
// Output:
//   XMP-RESULT gosa   <gosa of the last iteration, %.17g>
//   XMP-RESULT mflops <34 N ITERS / time * 1e-6, time as below>
//   XMP-RESULT time   <seconds of the timed loop (events)>
//   BENCH {"name": "himeno", "size": "L", ...}   one JSON line (its mflops
//         and gbps come from the median time per iteration)
// Compare gosa with the reference with a relative tolerance of 1e-3 (XS, S)
// or 2e-2 (M) (examples/README.md): the reference sums sequentially in f32.
//
// Poison: before initialization every array is filled with 0xFF bytes (a
// NaN as a float). The initialization writes all of every array except the
// interior of wrk2 (the example's wrk2 = 0 there is overwritten by the first
// sweep before the copy reads it), which stays NaN until the jacobi kernel
// writes it. A point the jacobi kernel misses puts a NaN into p through the
// copy; the program counts the non-finite elements of p at the end and
// exits 1 if there is any.
#include "bench_common.cuh"
#include "himeno_kernels.cuh"

#include <cmath>
#include <cstring>
#include <strings.h>
#include <string>

namespace {

long parse_long(const char *s, const char *what) {
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (end == s || *end != '\0' || v < 0) {
    std::fprintf(stderr, "himeno: bad %s '%s'\n", what, s);
    std::exit(2);
  }
  return v;
}

}  // namespace

int main(int argc, char **argv) {
  const Size *size = &kSizes[3];  // L
  long iters = 100, warmup = 5, ichunk = 0;
  if (argc > 5) {
    std::fprintf(stderr, "usage: %s [XS|S|M|L|XL] [ITERS] [WARMUP] [ICHUNK]\n",
                 argv[0]);
    return 2;
  }
  if (argc > 1) {
    size = nullptr;
    for (const Size &s : kSizes)
      if (strcasecmp(argv[1], s.name) == 0) size = &s;
    if (!size) {
      std::fprintf(stderr, "himeno: size must be XS, S, M, L or XL\n");
      return 2;
    }
  }
  if (argc > 2) iters = parse_long(argv[2], "iteration count");
  if (argc > 3) warmup = parse_long(argv[3], "warm-up count");
  if (argc > 4) ichunk = parse_long(argv[4], "i chunk");
  if (iters < 1) {
    std::fprintf(stderr, "himeno: ITERS must be >= 1\n");
    return 2;
  }
  const int mimax = size->mimax, mjmax = size->mjmax, mkmax = size->mkmax;
  const int imax = mimax - 1, jmax = mjmax - 1, kmax = mkmax - 1;
  const float omega = 0.8f;  // 0x3F4CCCCD

  std::printf("# himeno (CUDA baseline): size %s, %d x %d x %d, f32, %ld"
              " timed iterations after %ld warm-up\n",
              size->name, mimax, mjmax, mkmax, iters, warmup);
  cudaDeviceProp prop = bench::describe_device();
  const double copy_gbps = bench::copy_bandwidth_gbps();

  const size_t vol = size_t(mimax) * mjmax * mkmax;
  const double npts = double(imax - 2) * double(jmax - 2) * double(kmax - 2);
  const double halo_box = double(imax) * double(jmax) * double(kmax);
  const double bytes_per_iter = 4.0 * (15.0 * npts + halo_box - 8.0);
  const double flops_per_iter = 34.0 * npts;
  const double floor_ms = bytes_per_iter / (copy_gbps * 1e9) * 1e3;
  std::printf("# N = (imax-2)(jmax-2)(kmax-2) = %.0f points, H = imax*jmax*kmax"
              " = %.0f\n",
              npts, halo_box);
  std::printf("# bytes per iteration: 4*(15*N + H - 8) = %.0f; flops per"
              " iteration: 34*N = %.0f\n",
              bytes_per_iter, flops_per_iter);
  std::printf("# bandwidth floor: bytes / copy bandwidth = %.4f ms per"
              " iteration\n",
              floor_ms);

  Arrays A{};
  CUDA_CHECK(cudaMalloc(&A.p, vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.bnd, vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.wrk1, vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.wrk2, vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.a, 4 * vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.b, 3 * vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.c, 3 * vol * sizeof(float)));
  const long nacc = std::max(iters, warmup);
  float *gosa_acc = nullptr;  // one accumulator per iteration
  unsigned long long *d_bad = nullptr;
  CUDA_CHECK(cudaMalloc(&gosa_acc, size_t(nacc) * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_bad, sizeof(unsigned long long)));

  // Launch geometry. Jacobi and copy: k covers 0..kmax-2, j covers
  // 0..jmax-2 (threads at k = 0 or j = 0 idle); blockIdx.z = i chunk.
  const dim3 block(kBX, kBY);
  const unsigned gx = unsigned((kmax - 1 + kBX - 1) / kBX);
  const unsigned gy = unsigned((jmax - 1 + kBY - 1) / kBY);
  const int ni = imax - 2;  // planes of the sweep
  if (ichunk == 0) {
    int per_sm = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, jacobi_kernel, kThreads, 0));
    const long target = 2L * std::max(per_sm, 1) * prop.multiProcessorCount;
    long slices = (target + long(gx) * gy - 1) / (long(gx) * gy);
    slices = std::max(1L, std::min(slices, long(ni)));
    ichunk = (ni + slices - 1) / slices;
    std::printf("# jacobi occupancy: %d blocks of %d threads per SM\n",
                per_sm, kThreads);
  }
  ichunk = std::max(1L, std::min(ichunk, long(ni)));
  const unsigned gz = unsigned((ni + ichunk - 1) / ichunk);
  const dim3 grid_jac(gx, gy, gz);
  const dim3 grid_copy(gx, gy, unsigned(ni));
  const dim3 grid_init(unsigned((mkmax + kBX - 1) / kBX),
                       unsigned((mjmax + kBY - 1) / kBY), unsigned(mimax));
  std::printf("# launch: jacobi grid (%u, %u, %u) x block (%d, %d), %ld i"
              " planes per thread; copy grid (%u, %u, %u)\n",
              gx, gy, gz, kBX, kBY, ichunk, grid_copy.x, grid_copy.y,
              grid_copy.z);
  bench::describe_kernel("jacobi_kernel", jacobi_kernel);
  bench::describe_kernel("copy_kernel", copy_kernel);

  auto reset = [&]() {  // poison, then initmt()
    CUDA_CHECK(cudaMemset(A.p, 0xff, vol * sizeof(float)));
    CUDA_CHECK(cudaMemset(A.bnd, 0xff, vol * sizeof(float)));
    CUDA_CHECK(cudaMemset(A.wrk1, 0xff, vol * sizeof(float)));
    CUDA_CHECK(cudaMemset(A.wrk2, 0xff, vol * sizeof(float)));
    CUDA_CHECK(cudaMemset(A.a, 0xff, 4 * vol * sizeof(float)));
    CUDA_CHECK(cudaMemset(A.b, 0xff, 3 * vol * sizeof(float)));
    CUDA_CHECK(cudaMemset(A.c, 0xff, 3 * vol * sizeof(float)));
    init_kernel<<<grid_init, block>>>(A, vol, /*lo=*/1, mimax, mjmax, mkmax);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemset(gosa_acc, 0, size_t(nacc) * sizeof(float)));
  };
  auto iteration = [&](long t) {
    // All of the sweep's planes [1, imax-1), consecutive chunks.
    jacobi_kernel<<<grid_jac, block>>>(
        A.p, A.a, A.b, A.c, A.wrk1, A.bnd, A.wrk2, gosa_acc + t, vol, mjmax,
        mkmax, jmax, kmax, /*ibeg=*/1, /*iend=*/imax - 1,
        /*zstep=*/int(ichunk), int(ichunk), omega);
    CUDA_CHECK_LAUNCH();
    copy_kernel<<<grid_copy, block>>>(A.wrk2, A.p, mjmax, mkmax, jmax, kmax,
                                      /*ibeg=*/1);
    CUDA_CHECK_LAUNCH();
  };

  // Warm-up (untimed), then back to the initial state.
  reset();
  for (long t = 0; t < warmup; ++t) iteration(t);
  CUDA_CHECK(cudaDeviceSynchronize());
  reset();
  CUDA_CHECK(cudaDeviceSynchronize());

  bench::IterTimer timer{int(iters)};
  timer.mark(0);
  for (long t = 0; t < iters; ++t) {
    iteration(t);
    timer.mark(int(t + 1));
  }
  const std::vector<double> ms = timer.per_iter_ms();
  const double total_ms = timer.total_ms();
  CUDA_CHECK(cudaDeviceSynchronize());

  float gosa = 0.0f;
  CUDA_CHECK(cudaMemcpy(&gosa, gosa_acc + (iters - 1), sizeof(float),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemset(d_bad, 0, sizeof(unsigned long long)));
  count_bad_kernel<<<1024, 256>>>(A.p, vol, d_bad);
  CUDA_CHECK_LAUNCH();
  unsigned long long bad = 0;
  CUDA_CHECK(cudaMemcpy(&bad, d_bad, sizeof(bad), cudaMemcpyDeviceToHost));

  const double med_ms = bench::median(ms);
  const double min_ms = *std::min_element(ms.begin(), ms.end());
  const double mean_ms = total_ms / double(iters);
  const double time_s = total_ms * 1e-3;
  // As the reference: nflop / time * 1e-6 * nn, over the whole timed loop.
  const double mflops_total = flops_per_iter / time_s * 1e-6 * double(iters);
  const double mflops = flops_per_iter / (med_ms * 1e-3) * 1e-6;
  const double gbps = bytes_per_iter / (med_ms * 1e-3) / 1e9;

  std::printf("XMP-RESULT gosa %.17g\n", double(gosa));
  std::printf("XMP-RESULT mflops %.17g\n", mflops_total);
  std::printf("XMP-RESULT time %.17g\n", time_s);
  std::printf("# per iteration: median %.4f ms, mean %.4f ms, min %.4f ms;"
              " %.1f GB/s (%.1f%% of copy bandwidth), %.0f MFLOPS;"
              " floor %.4f ms\n",
              med_ms, mean_ms, min_ms, gbps, 100.0 * gbps / copy_gbps, mflops,
              floor_ms);
  std::printf("BENCH {\"name\": \"himeno\", \"size\": \"%s\", \"mimax\": %d,"
              " \"mjmax\": %d, \"mkmax\": %d, \"points\": %.0f, \"iters\": %ld,"
              " \"warmup\": %ld, \"ichunk\": %ld,"
              " \"median_ms_per_iter\": %.6f, \"mean_ms_per_iter\": %.6f,"
              " \"min_ms_per_iter\": %.6f, \"bytes_per_iter\": %.0f,"
              " \"gbps\": %.2f, \"mflops\": %.1f, \"copy_gbps\": %.2f,"
              " \"floor_ms_per_iter\": %.6f, \"gosa\": %.17g,"
              " \"device\": \"%s\"}\n",
              size->name, mimax, mjmax, mkmax, npts, iters, warmup, ichunk,
              med_ms, mean_ms, min_ms, bytes_per_iter, gbps, mflops, copy_gbps,
              floor_ms, double(gosa), prop.name);

  CUDA_CHECK(cudaFree(d_bad));
  CUDA_CHECK(cudaFree(gosa_acc));
  CUDA_CHECK(cudaFree(A.c));
  CUDA_CHECK(cudaFree(A.b));
  CUDA_CHECK(cudaFree(A.a));
  CUDA_CHECK(cudaFree(A.wrk2));
  CUDA_CHECK(cudaFree(A.wrk1));
  CUDA_CHECK(cudaFree(A.bnd));
  CUDA_CHECK(cudaFree(A.p));
  if (bad != 0) {
    std::fprintf(stderr,
                 "himeno: %llu non-finite elements in p (a point was not"
                 " written)\n",
                 bad);
    return 1;
  }
  return 0;
}
