// laplace2d_mgpu.cu -- hand-written multi-GPU (MPI + CUDA) baseline for
// examples/laplace2d_gpu.mlir: Jacobi iteration of the 2-D Laplace
// equation in f64, one MPI process per GPU, the rows split into slabs, the
// halo rows of u exchanged GPU to GPU through CUDA IPC. Same data, update,
// arithmetic and copy-back step as the one-GPU baseline laplace2d.cu (its
// header describes them) and examples/laplace2d_ref.c.
//
//   nvcc -O3 -arch=sm_90 -ccbin mpicxx -o laplace2d_mgpu
//        benchmarks/baselines/laplace2d_mgpu.cu   (one command)
//   mpirun -np N ./laplace2d_mgpu [SIZE] [ITERS] [WARMUP] [--no-overlap]
//     SIZE   N (an N x N grid) or XSIZExYSIZE (e.g. 256x192, the example's
//            size); default 8192
//     ITERS  time steps (default 100)
//     WARMUP untimed steps before the timed run (default 5); the data are
//            re-initialized after them (the result is that of exactly ITERS
//            steps from the initial state)
//     --no-overlap  exchange, then compute (no overlap), see below
// All ranks must run on one node; rank r uses device r % deviceCount.
//
// Decomposition: dimension x (rows of YSIZE contiguous doubles) is
// block-distributed as XcalableMP does: b = ceil(XSIZE/P), rank r owns the
// rows [r*b, min(XSIZE, (r+1)*b)) (the last ranks may own fewer, or none:
// they then only take part in the reductions). u and uu are stored locally
// with one halo row on each side (local row 0 = global lo-1, 1..n = owned,
// n+1 = global hi); only u's halos are read. The initialization writes every
// local row from its global index (halo rows included; rows outside the
// global array are zero), so the halos hold what the example's first
// reflect brings. Each step updates the rows x of [1, XSIZE-1) that the rank
// owns (uu from u), then u = uu on them, then pushes the new boundary rows
// into the neighbours' halos. The example reflects u at the start of each
// step; here the exchange of step t's rows ends step t (the first reflect
// is the initialization): one exchange per step either way.
//
// What is pushed: the interior of a row (1 <= y < YSIZE-1: YSIZE-2
// contiguous doubles); u[.][0] and u[.][YSIZE-1] never change, so the halo
// keeps their initial values. A rank pushes row lo to its lower neighbour
// if it updates row lo, and row hi-1 to its upper neighbour if it updates
// hi-1.
//
// Synchronization: exactly as in himeno_mgpu.cu (whose header gives the
// full argument and worked examples for 2 and 3 ranks), with rows for
// planes, u for p and uu for wrk2. Per neighbour two 32-bit flags in my
// device memory, written by that neighbour through CUDA IPC
// (cuStreamWriteValue32) and waited on by my streams (cuStreamWaitValue32,
// GEQ), epochs e = 1, 2, ... over the whole run:
//   READY_FROM_x = e : x has read its halo for step e (my push may land);
//   DONE_FROM_x = e  : x's step-e row has landed in my halo.
// Overlapped step e (default):
//   main: wait DONE_FROM_DN/UP >= e-1; wait event pushed_dn/up (my pushes of
//         e-1 have read uu's boundary rows); stencil on the boundary rows
//         lo and hi-1 -> uu; write READY = e to both neighbours; record
//         event bnd; stencil on the inner rows lo+1 .. hi-2 (no halo read);
//         u = uu on all updated rows
//   side stream per neighbour: wait event bnd; wait READY_FROM_x >= e; copy
//         uu's boundary row (interior) into x's u halo row; write
//         DONE_FROM_me = e at x; record event pushed_x
// No overlap (--no-overlap), all on main: wait DONE >= e-1; stencil on all
//   updated rows; write READY = e; u = uu; for each neighbour: wait READY
//   >= e, copy u's boundary row into its halo, write DONE = e.
//
// Stencil: the sweep kernel of laplace2d.cu (each thread walks a chunk of
// rows of one column, the column's values in registers; same sum order,
// no FMA), chunked for about two waves of resident blocks. The init, sweep
// and copy kernels are those of laplace2d.cu: one definition, in
// laplace2d_kernels.cuh.
//
// Timing: after the re-initialization: cudaDeviceSynchronize, MPI_Barrier,
// MPI_Wtime, ITERS steps (enqueued without any host synchronization),
// cudaDeviceSynchronize, MPI_Wtime; time = the maximum over the ranks.
// Rank 0 records a CUDA event on main before each step and after the last
// one and reports the median of the intervals.
//
// Output (rank 0):
//   XMP-RESULT checksum <sum of all u, %.17g>
//   XMP-RESULT time     <seconds of the timed loop, max over the ranks>
//   BENCH {"name": "laplace2d_mgpu", "size": "XxY", "ranks": ..., ...}
// Checksum: each row's sum is computed on the device in a fixed order
// (one block per row), the row sums are gathered on rank 0 (MPI_Gatherv)
// and added in global row order: the value does not depend on the number
// of ranks or on the schedule, so every rank count with and without
// --no-overlap prints the same checksum; it equals laplace2d.cu's up to the
// summation order (exactly, where every partial sum is exact, as for
// 256x192 up to 17 steps: XMP-RESULT checksum 245766.23198937299 after 16).
// bytes_per_iter is the one-GPU minimum 8 (XSIZE*YSIZE - 4 + 3 I) (the halo
// copies are counted apart, halo_bytes_per_iter).
// Exits 1 if a non-finite element remains in u (poison, see laplace2d.cu).
#include "mgpu_common.cuh"
#include "laplace2d_kernels.cuh"

#include <cinttypes>
#include <cmath>

namespace {

// Sum and count of non-finite values of each row of ny doubles: block b
// handles row b in a fixed order (strided per thread, then block_sum_bad):
// the sums depend on nothing but the data.
__global__ void __launch_bounds__(kSumThreads)
    row_sum_kernel(const double *__restrict__ u, int ny,
                   double *__restrict__ row_sum,
                   unsigned long long *__restrict__ row_bad) {
  const double *r = u + size_t(blockIdx.x) * ny;
  double s = 0.0;
  unsigned long long bad = 0;
  for (int y = threadIdx.x; y < ny; y += kSumThreads) {
    const double v = r[y];
    s += v;
    bad += !isfinite(v);
  }
  block_sum_bad(s, bad, &row_sum[blockIdx.x], &row_bad[blockIdx.x]);
}

const char *kUsage =
    "usage: mpirun -np N laplace2d_mgpu [N | XSIZExYSIZE] [ITERS] [WARMUP]"
    " [--no-overlap]\n";

}  // namespace

int main(int argc, char **argv) {
  int rank = 0, nranks = 1;
  mgpu::init_mpi(&argc, &argv, &rank, &nranks);

  // ---- command line -------------------------------------------------------
  const mgpu::Args args = mgpu::parse_args(argc, argv);
  long nx = 8192, ny = 8192, iters = 100, warmup = 5;
  std::string err;
  if (!args.bad.empty()) err = "unknown option '" + args.bad + "'";
  else if (args.pos.size() > 3) err = "too many arguments";
  if (err.empty() && !args.pos.empty()) {
    const std::string &s = args.pos[0];
    const size_t xpos = s.find('x');
    bool ok;
    if (xpos == std::string::npos) {
      ok = mgpu::parse_long(s, &nx);
      ny = nx;
    } else {
      ok = mgpu::parse_long(s.substr(0, xpos), &nx) &&
           mgpu::parse_long(s.substr(xpos + 1), &ny);
    }
    if (!ok) err = "bad size '" + s + "'";
  }
  if (err.empty() && args.pos.size() > 1 &&
      !mgpu::parse_long(args.pos[1], &iters))
    err = "bad iteration count '" + args.pos[1] + "'";
  if (err.empty() && args.pos.size() > 2 &&
      !mgpu::parse_long(args.pos[2], &warmup))
    err = "bad warm-up count '" + args.pos[2] + "'";
  if (err.empty() &&
      (nx < 3 || ny < 3 || nx > 65535L * kBY - 2 || ny > (1L << 30) ||
       nx * ny > (1L << 34) || iters < 1 || iters > 100000000L ||
       warmup > 100000000L))
    err = "need 3 <= XSIZE <= " + std::to_string(65535L * kBY - 2) +
          ", 3 <= YSIZE, 1 <= ITERS <= 1e8, WARMUP <= 1e8";
  if (args.help || !err.empty()) {
    if (rank == 0) {
      if (!err.empty())
        std::fprintf(stderr, "laplace2d_mgpu: %s\n", err.c_str());
      std::fputs(kUsage, args.help && err.empty() ? stdout : stderr);
    }
    MPI_Finalize();
    return err.empty() ? 0 : 2;
  }
  const bool overlap = args.overlap;
  const int dev = mgpu::select_device(rank);
  // Dimension x is distributed; the stencil updates the rows [1, XSIZE-1).
  const mgpu::Decomp d = mgpu::Decomp::make(nx, nranks, rank, 1, nx - 1);

  if (rank == 0)
    std::printf("# laplace2d_mgpu (MPI + CUDA, CUDA IPC halo exchange): %ld x"
                " %ld, f64, %d ranks (%d own rows), %ld timed iterations after"
                " %ld warm-up, %s\n",
                nx, ny, nranks, d.active, iters, warmup,
                overlap ? "overlapped (boundary rows first, pushes on side"
                          " streams during the inner rows)"
                        : "not overlapped (--no-overlap)");
  cudaDeviceProp prop;
  if (rank == 0)
    prop = bench::describe_device();
  else
    CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  mgpu::describe_ranks(rank, nranks, dev);
  double copy_gbps = 0.0;
  if (rank == 0) copy_gbps = bench::copy_bandwidth_gbps();
  MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));

  const double n_all = double(nx) * double(ny);
  const double interior = double(nx - 2) * double(ny - 2);
  const double bytes_per_iter = 8.0 * (n_all - 4.0 + 3.0 * interior);
  const double flops_per_iter = 4.0 * interior;
  const size_t row_bytes = size_t(ny - 2) * sizeof(double);  // pushed per row
  double halo_bytes = 0.0;
  for (int r = 0; r < nranks; ++r) {
    const mgpu::Decomp dr = mgpu::Decomp::make(nx, nranks, r, 1, nx - 1);
    halo_bytes += double(int(dr.bnd_lo) + int(dr.bnd_hi)) * double(row_bytes);
    if (rank == 0)
      std::printf("# rank %d: rows [%ld, %ld) (%ld), updates [%ld, %ld),"
                  " boundary rows:%s%s%s, neighbours:%s%s%s\n",
                  r, dr.lo, dr.hi, dr.n, dr.s0, dr.s1,
                  dr.bnd_lo ? " lo" : "", dr.bnd_hi ? " hi-1" : "",
                  dr.nbnd() ? "" : " none", dr.has_dn ? " down" : "",
                  dr.has_up ? " up" : "",
                  dr.has_dn || dr.has_up ? "" : " none");
  }
  const double floor_ms =
      rank == 0 ? bytes_per_iter / (d.active * copy_gbps * 1e9) * 1e3 : 0.0;
  if (rank == 0) {
    std::printf("# bytes per iteration (one-GPU minimum): 8*(XSIZE*YSIZE-4 +"
                " 3*(XSIZE-2)*(YSIZE-2)) = %.0f; flops per iteration: %.0f;"
                " halo pushes: %.0f bytes per iteration (all ranks)\n",
                bytes_per_iter, flops_per_iter, halo_bytes);
    std::printf("# bandwidth floor: bytes / (%d x copy bandwidth of rank 0's"
                " device) = %.4f ms per iteration\n",
                d.active, floor_ms);
  }

  // ---- memory ---------------------------------------------------------------
  const long nl = d.n + 2;  // local rows, halos included
  const size_t nloc = size_t(nl) * size_t(ny);
  double *u = nullptr, *uu = nullptr, *row_sum = nullptr;
  unsigned long long *row_bad = nullptr;
  CUDA_CHECK(cudaMalloc(&u, nloc * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&uu, nloc * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&row_sum, size_t(nl) * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&row_bad, size_t(nl) * sizeof(unsigned long long)));

  mgpu::Exchange ex;
  ex.setup(d, u);
  int least = 0, greatest = 0;
  CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t s_main;
  CUDA_CHECK(cudaStreamCreateWithPriority(&s_main, cudaStreamNonBlocking, least));
  cudaEvent_t ev_bnd;
  CUDA_CHECK(cudaEventCreateWithFlags(&ev_bnd, cudaEventDisableTiming));

  // ---- launch geometry -----------------------------------------------------
  const dim3 block(kBX, kBY);
  const dim3 grid_init(unsigned((ny + kBX - 1) / kBX),
                       unsigned((nl + kBY - 1) / kBY));
  const unsigned sweep_x = unsigned((ny + kSweepThreads - 1) / kSweepThreads);
  const long waves_blocks = 2L * prop.multiProcessorCount *
                            (prop.maxThreadsPerMultiProcessor / kSweepThreads);
  // Slices of the local rows for about two waves (laplace2d.cu): all
  // updated rows (no overlap), the inner ones, the boundary ones.
  const mgpu::Planes sw_all = mgpu::Planes::chunked(
      d.local(d.s0), d.local(d.s1), waves_blocks, sweep_x);
  const mgpu::Planes sw_inner =
      mgpu::Planes::chunked(d.local(d.inner_begin()), d.local(d.inner_end()),
                            waves_blocks, sweep_x);
  const mgpu::Planes sw_bnd = d.boundary_planes();
  const long copy_beg = d.local(d.s0), copy_end = d.local(d.s1);
  const dim3 grid_copy(unsigned((ny - 1 + kBX - 1) / kBX),
                       unsigned((copy_end - copy_beg + kBY - 1) / kBY));
  if (rank == 0) {
    std::printf("# rank 0 launch: stencil (sweep) block %d; inner grid (%u,"
                " %u), %ld rows per chunk; all-rows grid (%u, %u), %ld rows"
                " per chunk; boundary grid (%u, %u); copy grid (%u, %u) x"
                " block (%d, %d)\n",
                kSweepThreads, sweep_x, sw_inner.slices, sw_inner.chunk, sweep_x,
                sw_all.slices, sw_all.chunk, sweep_x, sw_bnd.slices, grid_copy.x,
                grid_copy.y, kBX, kBY);
    std::printf("# halo sync: flags written with %s, waited on with"
                " cuStreamWaitValue32(GEQ%s)\n",
                ex.kernel_signal() ? "a one-thread kernel (stream memory"
                                     " operations cannot write peer memory"
                                     " here)"
                                   : "cuStreamWriteValue32",
                ex.flush() ? " | FLUSH" : "");
    bench::describe_kernel("stencil_sweep_kernel", stencil_sweep_kernel);
    bench::describe_kernel("copy_kernel", copy_kernel);
  }

  // What is pushed: the interior of a row (y = 1 .. YSIZE-2), from uu
  // (overlapped: before u is updated) or from u (no overlap: after the copy).
  const double *src = overlap ? uu : u;
  auto push_spec = [&](bool copy, long src_row, long dst_row) {
    mgpu::PushSpec s;
    s.copy = copy;
    s.src = src + size_t(src_row) * size_t(ny) + 1;
    s.dst_off = (size_t(dst_row) * size_t(ny) + 1) * sizeof(double);
    s.width = row_bytes;
    s.height = 1;
    s.pitch = size_t(ny) * sizeof(double);
    return s;
  };
  const long n_dn = d.has_dn ? mgpu::Decomp::count_of(nx, nranks, rank - 1) : 0;
  // Row lo (local 1) into the lower neighbour's upper halo (its local
  // n_dn+1); row hi-1 (local n) into the upper neighbour's lower halo (0).
  const mgpu::PushSpec spec_dn = push_spec(d.bnd_lo, 1, n_dn + 1);
  const mgpu::PushSpec spec_up = push_spec(d.bnd_hi, d.n, 0);

  // ---- the step ------------------------------------------------------------------
  auto stencil = [&](const mgpu::Planes &s) {
    if (s.slices == 0) return;
    stencil_sweep_kernel<<<dim3(sweep_x, s.slices), kSweepThreads, 0, s_main>>>(
        u, uu, int(ny), int(s.beg), int(s.end), int(s.step), int(s.chunk));
    CUDA_CHECK_LAUNCH();
  };
  auto copy = [&]() {
    if (copy_end <= copy_beg) return;
    copy_kernel<<<grid_copy, block, 0, s_main>>>(uu, u, int(ny), int(copy_beg),
                                                 int(copy_end));
    CUDA_CHECK_LAUNCH();
  };
  uint32_t epoch = 0;  // steps so far, warm-up included
  auto step = [&]() {
    const uint32_t e = ++epoch;
    if (overlap) {
      ex.wait_halos(s_main, e - 1, /*join_side=*/true);
      stencil(sw_bnd);
      ex.signal_ready(s_main, e);
      CUDA_CHECK(cudaEventRecord(ev_bnd, s_main));
      ex.push_side(e, ev_bnd, spec_dn, spec_up);
      stencil(sw_inner);
      copy();
    } else {
      ex.wait_halos(s_main, e - 1, /*join_side=*/false);
      stencil(sw_all);
      ex.signal_ready(s_main, e);
      copy();
      ex.push_inline(s_main, e, spec_dn, spec_up);
    }
  };
  auto reset = [&]() {  // poison, then the example's initialization; collective
    CUDA_CHECK(cudaDeviceSynchronize());
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));  // no push in flight anywhere
    CUDA_CHECK(cudaMemsetAsync(u, 0xff, nloc * sizeof(double), s_main));
    CUDA_CHECK(cudaMemsetAsync(uu, 0xff, nloc * sizeof(double), s_main));
    init_kernel<<<grid_init, block, 0, s_main>>>(u, uu, int(nl), int(d.lo),
                                                 int(nx), int(ny));
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));  // every rank's halos are set
  };

  // ---- warm-up, re-initialization, timed run ---------------------------------
  reset();
  for (long t = 0; t < warmup; ++t) step();
  reset();
  std::vector<double> ms;
  double local_s = 0.0;
  {
    bench::IterTimer timer{int(iters)};
    CUDA_CHECK(cudaDeviceSynchronize());
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));
    const double t0 = MPI_Wtime();
    timer.mark(0, s_main);
    for (long t = 0; t < iters; ++t) {
      step();
      timer.mark(int(t + 1), s_main);
    }
    CUDA_CHECK(cudaDeviceSynchronize());
    local_s = MPI_Wtime() - t0;
    ms = timer.per_iter_ms();
  }
  double time_s = 0.0;
  MPI_CHECK(MPI_Allreduce(&local_s, &time_s, 1, MPI_DOUBLE, MPI_MAX,
                          MPI_COMM_WORLD));

  // ---- checksum (row order) and poison ---------------------------------------
  // Row sums of the owned rows (local 1..n), and non-finite counts of all
  // local rows (halos included: every rank's pushes completed before the
  // Allreduce above).
  std::vector<double> h_sum(static_cast<size_t>(nl));
  std::vector<unsigned long long> h_bad(static_cast<size_t>(nl));
  row_sum_kernel<<<unsigned(nl), kSumThreads, 0, s_main>>>(u, int(ny), row_sum,
                                                          row_bad);
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaMemcpyAsync(h_sum.data(), row_sum, size_t(nl) * sizeof(double),
                             cudaMemcpyDeviceToHost, s_main));
  CUDA_CHECK(cudaMemcpyAsync(h_bad.data(), row_bad,
                             size_t(nl) * sizeof(unsigned long long),
                             cudaMemcpyDeviceToHost, s_main));
  CUDA_CHECK(cudaStreamSynchronize(s_main));
  unsigned long long bad_local = 0, bad = 0;
  for (long l = 0; l < nl; ++l) bad_local += h_bad[size_t(l)];
  MPI_CHECK(MPI_Allreduce(&bad_local, &bad, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM,
                          MPI_COMM_WORLD));
  std::vector<int> counts(static_cast<size_t>(nranks)),
      displs(static_cast<size_t>(nranks));
  for (int r = 0; r < nranks; ++r) {
    counts[size_t(r)] = int(mgpu::Decomp::count_of(nx, nranks, r));
    displs[size_t(r)] = int(mgpu::Decomp::lo_of(nx, nranks, r));
  }
  std::vector<double> all_sum(rank == 0 ? size_t(nx) : 0);
  MPI_CHECK(MPI_Gatherv(h_sum.data() + 1, int(d.n), MPI_DOUBLE, all_sum.data(),
                        counts.data(), displs.data(), MPI_DOUBLE, 0,
                        MPI_COMM_WORLD));

  if (rank == 0) {
    double checksum = 0.0;
    for (double v : all_sum) checksum += v;
    const double med_ms = bench::median(ms);
    const double min_ms = *std::min_element(ms.begin(), ms.end());
    const double mean_ms = time_s * 1e3 / double(iters);
    const double gbps = bytes_per_iter / (med_ms * 1e-3) / 1e9;
    const double gflops = flops_per_iter / (med_ms * 1e-3) / 1e9;
    const double gbps_wall = bytes_per_iter / (mean_ms * 1e-3) / 1e9;
    const double gflops_wall = flops_per_iter / (mean_ms * 1e-3) / 1e9;

    std::printf("XMP-RESULT checksum %.17g\n", checksum);
    std::printf("XMP-RESULT time %.17g\n", time_s);
    std::printf("# per iteration: median %.4f ms (rank 0 events), mean %.4f ms"
                " (max wall time over ranks / ITERS), min %.4f ms; %.1f GB/s,"
                " %.1f GFLOPS (median); floor %.4f ms\n",
                med_ms, mean_ms, min_ms, gbps, gflops, floor_ms);
    std::printf(
        "BENCH {\"name\": \"laplace2d_mgpu\", \"size\": \"%ldx%ld\", \"n\": %ld,"
        " \"nx\": %ld, \"ny\": %ld, \"ranks\": %d, \"active_ranks\": %d,"
        " \"iters\": %ld, \"warmup\": %ld, \"overlap\": %s,"
        " \"median_ms_per_iter\": %.6f, \"mean_ms_per_iter\": %.6f,"
        " \"min_ms_per_iter\": %.6f, \"time_s\": %.9f,"
        " \"bytes_per_iter\": %.0f, \"halo_bytes_per_iter\": %.0f,"
        " \"gbps\": %.2f, \"gbps_wall\": %.2f, \"gflops\": %.2f,"
        " \"gflops_wall\": %.2f, \"copy_gbps\": %.2f,"
        " \"floor_ms_per_iter\": %.6f, \"checksum\": %.17g,"
        " \"stencil\": \"sweep\", \"signal\": \"%s\", \"device\": \"%s\"}\n",
        nx, ny, nx, nx, ny, nranks, d.active, iters, warmup,
        overlap ? "true" : "false", med_ms, mean_ms, min_ms, time_s,
        bytes_per_iter, halo_bytes, gbps, gbps_wall, gflops, gflops_wall,
        copy_gbps, floor_ms, checksum, ex.kernel_signal() ? "kernel" : "memop",
        prop.name);
    std::fflush(stdout);
  }

  ex.teardown();
  CUDA_CHECK(cudaEventDestroy(ev_bnd));
  CUDA_CHECK(cudaStreamDestroy(s_main));
  CUDA_CHECK(cudaFree(row_bad));
  CUDA_CHECK(cudaFree(row_sum));
  CUDA_CHECK(cudaFree(uu));
  CUDA_CHECK(cudaFree(u));
  if (bad != 0 && rank == 0)
    std::fprintf(stderr,
                 "laplace2d_mgpu: %llu non-finite elements in u (an element"
                 " was not written)\n",
                 bad);
  MPI_Finalize();
  return bad != 0 ? 1 : 0;
}
