// himeno_mgpu.cu -- hand-written multi-GPU (MPI + CUDA) baseline for
// examples/himeno_gpu.mlir: the Jacobi kernel of the Himeno benchmark, one
// MPI process per GPU, the arrays split into slabs of i planes, the halo
// planes of p exchanged GPU to GPU through CUDA IPC. Same data, update,
// arithmetic and output as the one-GPU baseline himeno.cu (whose header
// describes the kernel, the initialization and the poison check), and as
// examples/himeno_ref.c. The init, Jacobi, copy and poison-count kernels
// are the ones of himeno.cu: one definition, in himeno_kernels.cuh.
//
//   nvcc -O3 -arch=sm_90 -ccbin mpicxx -o himeno_mgpu
//        benchmarks/baselines/himeno_mgpu.cu   (one command)
//   mpirun -np N ./himeno_mgpu [XS|S|M|L|XL] [ITERS] [WARMUP] [--no-overlap]
//     SIZE   XS 33x33x65, S 65x65x129, M 129x129x257, L 257x257x513,
//            XL 513x513x1025 (default L)
//     ITERS  Jacobi iterations (default 100)
//     WARMUP untimed iterations before the timed run (default 5); the data
//            are re-initialized after them (gosa is that of exactly ITERS
//            iterations from the initial state)
//     --no-overlap  exchange, then compute (no overlap), see below
// All ranks must run on one node; rank r uses device r % deviceCount.
//
// Decomposition: dimension i (the outermost, planes of MJMAX x MKMAX
// contiguous floats) is block-distributed as XcalableMP does: b =
// ceil(MIMAX/P), rank r owns the planes [r*b, min(MIMAX, (r+1)*b)) (the last
// ranks may own fewer, or none: they then only take part in the
// reductions). Every array is stored locally with one halo plane on each
// side (local plane 0 = global lo-1, 1..n = owned, n+1 = global hi); only
// p's halos are ever read. The initialization writes every local plane from
// its global index (halo planes included, so they hold what the example's
// reflect before the loop brings; halo planes outside the global array are
// zero). Each iteration updates the planes i of [1, imax-1) that the rank
// owns and sums gosa; then p = wrk2 on them; then the new boundary planes
// are pushed into the neighbours' halos (the example's reflect of p at the
// end of the iteration: one exchange per iteration).
//
// What is pushed: only the (j, k) interior of a plane (1 <= j < jmax-1,
// 1 <= k < kmax-1: jmax-2 rows of kmax-2 floats, cudaMemcpy2DAsync), the
// part that changes; the rest of a halo plane keeps its initial values,
// which are those of the neighbour's plane forever (p changes only on the
// interior). A rank pushes plane lo to its lower neighbour if it updates
// plane lo, and plane hi-1 to its upper neighbour if it updates hi-1 (a
// plane that is never updated is already right in the neighbour's halo).
//
// Synchronization (the flags and operations of class Exchange in
// mgpu_common.cuh): per neighbour two 32-bit flags in my device memory,
// written by that neighbour through CUDA IPC with cuStreamWriteValue32 and
// waited on by my streams with cuStreamWaitValue32(GEQ):
//   READY_FROM_x = e : x has finished reading its halo for iteration e, so
//                      my iteration-e plane may overwrite it;
//   DONE_FROM_x = e  : x's iteration-e plane has landed in my halo.
// e = 1, 2, 3, ... counts all iterations (warm-up ones too) and only grows.
// MPI is not used in the iteration except for gosa's allreduce (below).
//
// Schedule of iteration e, overlapped (default). Streams: `main` (compute)
// and one high-priority side stream per neighbour (push):
//   main: wait DONE_FROM_DN >= e-1, DONE_FROM_UP >= e-1  (halos of e-1 in)
//         wait event pushed_dn, pushed_up (my pushes of e-1 have read wrk2)
//         jacobi on the boundary planes lo and hi-1 -> wrk2, gosa[e]
//         write READY_FROM_UP = e at the lower neighbour, READY_FROM_DN = e
//           at the upper one (my halo reads of iteration e are done)
//         record event bnd
//         jacobi on the inner planes lo+1 .. hi-2  (reads no halo)
//         p = wrk2 on all updated planes; gosa[e] -> pinned host memory
//   side stream towards the lower neighbour (the upper one is symmetric):
//         wait event bnd (wrk2's plane lo is written)
//         wait READY_FROM_DN >= e (it has read its upper halo for e)
//         copy wrk2 plane lo (interior) -> its p plane hi_dn (upper halo)
//         write DONE_FROM_UP = e at it; record event pushed_dn
// The boundary planes are computed first and pushed from wrk2 (equal to
// the new p there) while the inner planes are computed, so the copy p =
// wrk2 never has to wait for a push, and a push never reads p while the
// copy writes it. Why nothing races:
//   - a halo plane is read only by the boundary jacobi of the plane next to
//     it; my iteration-e boundary jacobi runs after DONE >= e-1 (the
//     neighbour's copy of its e-1 plane completed before it wrote DONE,
//     and the write's memory fence orders the copy before the flag), and
//     the neighbour's push of e, the next write of that halo, waits for my
//     READY >= e, which I write after that jacobi: the halo is neither read
//     before it has landed nor overwritten while it is read;
//   - wrk2's boundary planes are written by the boundary jacobi of e+1 only
//     after main has waited for the pushes of e (event pushed_*), which
//     read them; the copy of e reads them after the jacobi of e (same
//     stream), and the push of e after event bnd;
//   - p's owned planes are written only by the copy on main, after both
//     jacobis of the iteration (same stream); pushes never read p here;
//   - no deadlock: the waits of iteration e depend only on flags written in
//     iteration e-1 (DONE) or on READY of e, which every rank writes after
//     work that waits only for iteration e-1: by induction on e every
//     rank finishes every iteration (this holds even if all of a process's
//     streams were serialized in host submission order: each wait is
//     enqueued after the flag writes it could hold back).
//   Examples. 2 ranks, e = 1: the DONE waits pass (>= 0); both compute
//   their boundary planes, write READY = 1 to each other, the side streams
//   see READY >= 1, push, write DONE = 1; e = 2: main waits DONE >= 1
//   (both pushes of e = 1 landed) and its own pushed_* events, computes
//   the boundary (reading the e = 1 halo), writes READY = 2; a side stream
//   overwrites the neighbour's halo only after the neighbour's READY = 2,
//   i.e. after the neighbour's boundary jacobi of e = 2 read its halo of
//   e = 1. 3 ranks: the middle rank waits for DONE from both sides and
//   writes READY to both; its two side streams push independently (each
//   waits only for READY from its own neighbour); ranks 0 and 2 see the
//   2-rank case towards rank 1.
// No overlap (--no-overlap): everything on main, in the example's order:
//   wait DONE >= e-1; jacobi on all updated planes; write READY = e; p =
//   wrk2; then the reflect: for each neighbour wait READY >= e, copy p's
//   boundary plane (interior) into its halo, write DONE = e; gosa -> host.
// Warm-up and timed runs continue the epochs; between them every rank
// synchronizes its device and passes an MPI barrier before and after the
// re-initialization, so no push is in flight while the halos are reset.
//
// gosa: each jacobi launch adds its blocks' sums (f32 atomicAdd, as
// himeno.cu) into a per-iteration device accumulator; main copies it to
// pinned host memory; the host waits for iteration e-1's copy after having
// enqueued iteration e (so the GPU keeps working while the host reduces)
// and sums the ranks' values with MPI_Allreduce (f32, MPI_SUM): one 4-byte
// copy and one allreduce per iteration, as the example's reduce(add).
//
// Timing: after the re-initialization: cudaDeviceSynchronize, MPI_Barrier,
// MPI_Wtime, ITERS iterations (the last allreduce included),
// cudaDeviceSynchronize, MPI_Wtime; time = the maximum over the ranks.
// Rank 0 also records a CUDA event on main before each iteration and after
// the last one (no device synchronization in the loop) and reports the
// median of the intervals.
//
// Output (rank 0):
//   XMP-RESULT gosa   <gosa of the last iteration, all ranks, %.17g>
//   XMP-RESULT mflops <34 N ITERS / time * 1e-6, time as below>
//   XMP-RESULT time   <seconds of the timed loop, max over the ranks>
//   BENCH {"name": "himeno_mgpu", "size": ..., "ranks": ..., "overlap": ...}
// N = (imax-2)(jmax-2)(kmax-2) as in himeno.cu; bytes_per_iter is the
// one-GPU minimum 4 (15 N + H - 8) (the halo copies are counted apart,
// halo_bytes_per_iter). psum (in BENCH and a comment line) is the sum of
// all of p after the run, added plane by plane in global plane order from
// per-plane sums computed in a fixed order: it does not depend on the
// number of ranks or on the schedule (every element of p is computed
// bit-for-bit as in himeno_ref.c), so runs with different rank counts and
// with and without --no-overlap must print the same psum exactly.
// Exits 1 if a non-finite element remains in p (poison, see himeno.cu).
#include "mgpu_common.cuh"
#include "himeno_kernels.cuh"

#include <cmath>
#include <strings.h>

namespace {

constexpr int kSumThreads = 256;

// Sum (f64) of each plane of `plane` floats: block b sums plane b in a
// fixed order (strided per thread, then the warps' shuffle tree, then the
// warps in order), so the result does not depend on anything but the data.
__global__ void __launch_bounds__(kSumThreads)
    plane_sum_kernel(const float *__restrict__ v, size_t plane,
                     double *__restrict__ out) {
  const float *q = v + size_t(blockIdx.x) * plane;
  double s = 0.0;
  for (size_t x = threadIdx.x; x < plane; x += kSumThreads) s += double(q[x]);
  for (int off = 16; off > 0; off >>= 1)
    s += __shfl_down_sync(0xffffffffu, s, off);
  __shared__ double ws[kSumThreads / 32];
  if (threadIdx.x % 32 == 0) ws[threadIdx.x / 32] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    double t = 0.0;
    for (int w = 0; w < kSumThreads / 32; ++w) t += ws[w];
    out[blockIdx.x] = t;
  }
}

const char *kUsage =
    "usage: mpirun -np N himeno_mgpu [XS|S|M|L|XL] [ITERS] [WARMUP]"
    " [--no-overlap]\n";

}  // namespace

int main(int argc, char **argv) {
  int rank = 0, nranks = 1;
  mgpu::init_mpi(&argc, &argv, &rank, &nranks);

  // ---- command line -------------------------------------------------------
  const mgpu::Args args = mgpu::parse_args(argc, argv);
  const Size *size = &kSizes[3];  // L
  long iters = 100, warmup = 5;
  std::string err;
  if (!args.bad.empty()) err = "unknown option '" + args.bad + "'";
  else if (args.pos.size() > 3) err = "too many arguments";
  if (err.empty() && !args.pos.empty()) {
    size = nullptr;
    for (const Size &s : kSizes)
      if (strcasecmp(args.pos[0].c_str(), s.name) == 0) size = &s;
    if (!size) err = "size must be XS, S, M, L or XL";
  }
  if (err.empty() && args.pos.size() > 1 &&
      !mgpu::parse_long(args.pos[1], &iters))
    err = "bad iteration count '" + args.pos[1] + "'";
  if (err.empty() && args.pos.size() > 2 &&
      !mgpu::parse_long(args.pos[2], &warmup))
    err = "bad warm-up count '" + args.pos[2] + "'";
  if (err.empty() && (iters < 1 || iters > 100000000L || warmup > 100000000L))
    err = "need 1 <= ITERS <= 1e8, WARMUP <= 1e8";
  if (args.help || !err.empty()) {
    if (rank == 0) {
      if (!err.empty()) std::fprintf(stderr, "himeno_mgpu: %s\n", err.c_str());
      std::fputs(kUsage, args.help && err.empty() ? stdout : stderr);
    }
    MPI_Finalize();
    return err.empty() ? 0 : 2;
  }
  const bool overlap = args.overlap;
  const int dev = mgpu::select_device(rank);

  const int mimax = size->mimax, mjmax = size->mjmax, mkmax = size->mkmax;
  const int imax = mimax - 1, jmax = mjmax - 1, kmax = mkmax - 1;
  const float omega = 0.8f;  // 0x3F4CCCCD
  // Dimension i is distributed; the sweep updates the planes [1, imax-1).
  const mgpu::Decomp d = mgpu::Decomp::make(mimax, nranks, rank, 1, imax - 1);

  if (rank == 0)
    std::printf("# himeno_mgpu (MPI + CUDA, CUDA IPC halo exchange): size %s,"
                " %d x %d x %d, f32, %d ranks (%d own planes), %ld timed"
                " iterations after %ld warm-up, %s\n",
                size->name, mimax, mjmax, mkmax, nranks, d.active, iters,
                warmup,
                overlap ? "overlapped (boundary planes first, pushes on side"
                          " streams during the inner planes)"
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

  const double npts = double(imax - 2) * double(jmax - 2) * double(kmax - 2);
  const double halo_box = double(imax) * double(jmax) * double(kmax);
  const double bytes_per_iter = 4.0 * (15.0 * npts + halo_box - 8.0);
  const double flops_per_iter = 34.0 * npts;
  const size_t rect_width = size_t(kmax - 2) * sizeof(float);  // bytes
  const size_t rect_height = size_t(jmax - 2);                 // rows of j
  double halo_bytes = 0.0;  // pushed per iteration, all ranks
  for (int r = 0; r < nranks; ++r) {
    const mgpu::Decomp dr = mgpu::Decomp::make(mimax, nranks, r, 1, imax - 1);
    halo_bytes += double(int(dr.bnd_lo) + int(dr.bnd_hi)) *
                  double(rect_width * rect_height);
    if (rank == 0)
      std::printf("# rank %d: planes [%ld, %ld) (%ld), updates [%ld, %ld),"
                  " boundary planes:%s%s%s, neighbours:%s%s%s\n",
                  r, dr.lo, dr.hi, dr.n, dr.s0, dr.s1,
                  dr.bnd_lo ? " lo" : "", dr.bnd_hi ? " hi-1" : "",
                  dr.nbnd() ? "" : " none", dr.has_dn ? " down" : "",
                  dr.has_up ? " up" : "",
                  dr.has_dn || dr.has_up ? "" : " none");
  }
  const double floor_ms =
      rank == 0 ? bytes_per_iter / (d.active * copy_gbps * 1e9) * 1e3 : 0.0;
  if (rank == 0) {
    std::printf("# N = (imax-2)(jmax-2)(kmax-2) = %.0f points, H = %.0f\n",
                npts, halo_box);
    std::printf("# bytes per iteration (one-GPU minimum): 4*(15*N + H - 8) ="
                " %.0f; flops per iteration: 34*N = %.0f; halo pushes: %.0f"
                " bytes per iteration (all ranks)\n",
                bytes_per_iter, flops_per_iter, halo_bytes);
    std::printf("# bandwidth floor: bytes / (%d x copy bandwidth of rank 0's"
                " device) = %.4f ms per iteration\n",
                d.active, floor_ms);
  }

  // ---- memory ---------------------------------------------------------------
  const long nl = d.n + 2;  // local planes, halos included
  const size_t plane = size_t(mjmax) * mkmax;
  const size_t vol = size_t(nl) * plane;
  Arrays A{};
  CUDA_CHECK(cudaMalloc(&A.p, vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.bnd, vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.wrk1, vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.wrk2, vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.a, 4 * vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.b, 3 * vol * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&A.c, 3 * vol * sizeof(float)));
  const long nacc = std::max(1L, std::max(iters, warmup));
  float *gosa_acc = nullptr, *h_gosa = nullptr;  // one per iteration
  CUDA_CHECK(cudaMalloc(&gosa_acc, size_t(nacc) * sizeof(float)));
  CUDA_CHECK(cudaMallocHost(&h_gosa, size_t(nacc) * sizeof(float)));
  std::vector<float> gosa_all(size_t(nacc), 0.0f);  // after the allreduce
  unsigned long long *d_bad = nullptr;
  double *d_psum = nullptr;
  CUDA_CHECK(cudaMalloc(&d_bad, sizeof(unsigned long long)));
  CUDA_CHECK(cudaMalloc(&d_psum, size_t(std::max(1L, d.n)) * sizeof(double)));

  mgpu::Exchange ex;
  ex.setup(d, A.p);
  int least = 0, greatest = 0;
  CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t s_main;
  CUDA_CHECK(cudaStreamCreateWithPriority(&s_main, cudaStreamNonBlocking, least));
  cudaEvent_t ev_bnd, ev_gosa[2];
  CUDA_CHECK(cudaEventCreateWithFlags(&ev_bnd, cudaEventDisableTiming));
  for (auto &e : ev_gosa)
    CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));

  // ---- launch geometry -----------------------------------------------------
  // Jacobi and copy: k covers 0..kmax-2, j covers 0..jmax-2 (threads at
  // k = 0 or j = 0 idle), blockIdx.z = a chunk of planes.
  const dim3 block(kBX, kBY);
  const unsigned gx = unsigned((kmax - 1 + kBX - 1) / kBX);
  const unsigned gy = unsigned((jmax - 1 + kBY - 1) / kBY);
  int per_sm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, jacobi_kernel, kThreads, 0));
  const long target = 2L * std::max(per_sm, 1) * prop.multiProcessorCount;
  // Chunks of np planes for about two waves of resident blocks (himeno.cu).
  // All updated planes (no overlap), the inner ones, the boundary ones.
  const long blocks_per_slice = long(gx) * gy;
  const mgpu::Planes sw_all = mgpu::Planes::chunked(
      d.local(d.s0), d.local(d.s1), target, blocks_per_slice);
  const mgpu::Planes sw_inner =
      mgpu::Planes::chunked(d.local(d.inner_begin()), d.local(d.inner_end()),
                            target, blocks_per_slice);
  const mgpu::Planes sw_bnd = d.boundary_planes();
  const long copy_beg = d.local(d.s0);
  const unsigned copy_gz = unsigned(d.updated());
  const dim3 grid_init(unsigned((mkmax + kBX - 1) / kBX),
                       unsigned((mjmax + kBY - 1) / kBY), unsigned(nl));
  if (rank == 0) {
    std::printf("# jacobi occupancy: %d blocks of %d threads per SM\n", per_sm,
                kThreads);
    std::printf("# rank 0 launch: block (%d, %d); inner jacobi grid (%u, %u,"
                " %u), %ld planes per thread; all-planes jacobi grid (%u, %u,"
                " %u), %ld planes per thread; boundary jacobi grid (%u, %u,"
                " %u)\n",
                kBX, kBY, gx, gy, sw_inner.slices, sw_inner.chunk, gx, gy,
                sw_all.slices, sw_all.chunk, gx, gy, sw_bnd.slices);
    std::printf("# halo sync: flags written with %s, waited on with"
                " cuStreamWaitValue32(GEQ%s)\n",
                ex.kernel_signal() ? "a one-thread kernel (stream memory"
                                     " operations cannot write peer memory"
                                     " here)"
                                   : "cuStreamWriteValue32",
                ex.flush() ? " | FLUSH" : "");
    bench::describe_kernel("jacobi_kernel", jacobi_kernel);
    bench::describe_kernel("copy_kernel", copy_kernel);
  }

  // What is pushed: the (j, k) interior of a plane, from wrk2 (overlapped:
  // pushed before p is updated) or from p (no overlap: after the copy).
  const float *src = overlap ? A.wrk2 : A.p;
  const size_t rect = size_t(mkmax) + 1;  // (j, k) = (1, 1) in a plane
  auto push_spec = [&](bool copy, long src_plane, long dst_plane) {
    mgpu::PushSpec s;
    s.copy = copy;
    s.src = src + size_t(src_plane) * plane + rect;
    s.dst_off = (size_t(dst_plane) * plane + rect) * sizeof(float);
    s.width = rect_width;
    s.height = rect_height;
    s.pitch = size_t(mkmax) * sizeof(float);
    return s;
  };
  const long n_dn =
      d.has_dn ? mgpu::Decomp::count_of(mimax, nranks, rank - 1) : 0;
  // Plane lo (local 1) into the lower neighbour's upper halo (its local
  // n_dn+1); plane hi-1 (local n) into the upper neighbour's lower halo
  // (its local 0).
  const mgpu::PushSpec spec_dn = push_spec(d.bnd_lo, 1, n_dn + 1);
  const mgpu::PushSpec spec_up = push_spec(d.bnd_hi, d.n, 0);

  // ---- the iteration ---------------------------------------------------------
  auto jacobi = [&](const mgpu::Planes &s, float *acc) {
    if (s.slices == 0) return;
    jacobi_kernel<<<dim3(gx, gy, s.slices), block, 0, s_main>>>(
        A.p, A.a, A.b, A.c, A.wrk1, A.bnd, A.wrk2, acc, vol, mjmax, mkmax,
        jmax, kmax, int(s.beg), int(s.end), int(s.step), int(s.chunk),
        omega);
    CUDA_CHECK_LAUNCH();
  };
  auto copy = [&]() {
    if (copy_gz == 0) return;
    copy_kernel<<<dim3(gx, gy, copy_gz), block, 0, s_main>>>(
        A.wrk2, A.p, mjmax, mkmax, jmax, kmax, int(copy_beg));
    CUDA_CHECK_LAUNCH();
  };
  uint32_t epoch = 0;  // iterations so far, warm-up included
  auto iteration = [&](long t) {
    const uint32_t e = ++epoch;
    float *acc = gosa_acc + t;
    if (overlap) {
      ex.wait_halos(s_main, e - 1, /*join_side=*/true);
      jacobi(sw_bnd, acc);
      ex.signal_ready(s_main, e);
      CUDA_CHECK(cudaEventRecord(ev_bnd, s_main));
      ex.push_side(e, ev_bnd, spec_dn, spec_up);
      jacobi(sw_inner, acc);
      copy();
    } else {
      ex.wait_halos(s_main, e - 1, /*join_side=*/false);
      jacobi(sw_all, acc);
      ex.signal_ready(s_main, e);
      copy();
      ex.push_inline(s_main, e, spec_dn, spec_up);
    }
    CUDA_CHECK(cudaMemcpyAsync(h_gosa + t, acc, sizeof(float),
                               cudaMemcpyDeviceToHost, s_main));
    CUDA_CHECK(cudaEventRecord(ev_gosa[t % 2], s_main));
  };
  auto reduce_gosa = [&](long t) {
    CUDA_CHECK(cudaEventSynchronize(ev_gosa[t % 2]));
    float v = h_gosa[t];
    MPI_CHECK(MPI_Allreduce(&v, &gosa_all[size_t(t)], 1, MPI_FLOAT, MPI_SUM,
                            MPI_COMM_WORLD));
  };
  // count iterations; iteration t's gosa is reduced once t+1 is enqueued.
  auto run = [&](long count, bench::IterTimer *timer) {
    if (timer) timer->mark(0, s_main);
    for (long t = 0; t < count; ++t) {
      iteration(t);
      if (timer) timer->mark(int(t + 1), s_main);
      if (t > 0) reduce_gosa(t - 1);
    }
    if (count > 0) reduce_gosa(count - 1);
  };
  auto reset = [&]() {  // poison, then initmt(); collective
    CUDA_CHECK(cudaDeviceSynchronize());
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));  // no push in flight anywhere
    CUDA_CHECK(cudaMemsetAsync(A.p, 0xff, vol * sizeof(float), s_main));
    CUDA_CHECK(cudaMemsetAsync(A.bnd, 0xff, vol * sizeof(float), s_main));
    CUDA_CHECK(cudaMemsetAsync(A.wrk1, 0xff, vol * sizeof(float), s_main));
    CUDA_CHECK(cudaMemsetAsync(A.wrk2, 0xff, vol * sizeof(float), s_main));
    CUDA_CHECK(cudaMemsetAsync(A.a, 0xff, 4 * vol * sizeof(float), s_main));
    CUDA_CHECK(cudaMemsetAsync(A.b, 0xff, 3 * vol * sizeof(float), s_main));
    CUDA_CHECK(cudaMemsetAsync(A.c, 0xff, 3 * vol * sizeof(float), s_main));
    init_kernel<<<grid_init, block, 0, s_main>>>(A, vol, int(d.lo) , mimax,
                                                 mjmax, mkmax);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemsetAsync(gosa_acc, 0, size_t(nacc) * sizeof(float),
                               s_main));
    CUDA_CHECK(cudaDeviceSynchronize());
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));  // every rank's halos are set
  };

  // ---- warm-up, re-initialization, timed run ---------------------------------
  reset();
  run(warmup, nullptr);
  reset();
  std::vector<double> ms;
  double local_s = 0.0;
  {
    bench::IterTimer timer{int(iters)};
    CUDA_CHECK(cudaDeviceSynchronize());
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));
    const double t0 = MPI_Wtime();
    run(iters, &timer);
    CUDA_CHECK(cudaDeviceSynchronize());
    local_s = MPI_Wtime() - t0;
    ms = timer.per_iter_ms();
  }
  double time_s = 0.0;
  MPI_CHECK(MPI_Allreduce(&local_s, &time_s, 1, MPI_DOUBLE, MPI_MAX,
                          MPI_COMM_WORLD));
  const float gosa = gosa_all[size_t(iters - 1)];

  // ---- checks: psum (plane order) and poison -------------------------------------
  // Every rank's pushes have completed (device synchronized above, and the
  // Allreduce orders it before the reads below on every rank).
  std::vector<double> h_psum(size_t(std::max(0L, d.n)));
  if (d.n > 0) {
    plane_sum_kernel<<<unsigned(d.n), kSumThreads, 0, s_main>>>(
        A.p + plane, plane, d_psum);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpyAsync(h_psum.data(), d_psum, size_t(d.n) * sizeof(double),
                               cudaMemcpyDeviceToHost, s_main));
  }
  CUDA_CHECK(cudaMemsetAsync(d_bad, 0, sizeof(unsigned long long), s_main));
  count_bad_kernel<<<1024, 256, 0, s_main>>>(A.p, vol, d_bad);
  CUDA_CHECK_LAUNCH();
  unsigned long long bad_local = 0, bad = 0;
  CUDA_CHECK(cudaMemcpyAsync(&bad_local, d_bad, sizeof bad_local,
                             cudaMemcpyDeviceToHost, s_main));
  CUDA_CHECK(cudaStreamSynchronize(s_main));
  MPI_CHECK(MPI_Allreduce(&bad_local, &bad, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM,
                          MPI_COMM_WORLD));
  std::vector<int> counts(static_cast<size_t>(nranks)),
      displs(static_cast<size_t>(nranks));
  for (int r = 0; r < nranks; ++r) {
    counts[size_t(r)] = int(mgpu::Decomp::count_of(mimax, nranks, r));
    displs[size_t(r)] = int(mgpu::Decomp::lo_of(mimax, nranks, r));
  }
  std::vector<double> all_psum(rank == 0 ? size_t(mimax) : 0);
  MPI_CHECK(MPI_Gatherv(h_psum.data(), int(h_psum.size()), MPI_DOUBLE,
                        all_psum.data(), counts.data(), displs.data(),
                        MPI_DOUBLE, 0, MPI_COMM_WORLD));

  if (rank == 0) {
    double psum = 0.0;
    for (double v : all_psum) psum += v;
    const double med_ms = bench::median(ms);
    const double min_ms = *std::min_element(ms.begin(), ms.end());
    const double mean_ms = time_s * 1e3 / double(iters);
    // As the reference: nflop / time * 1e-6 * nn, over the whole timed loop.
    const double mflops_total = flops_per_iter / time_s * 1e-6 * double(iters);
    const double mflops = flops_per_iter / (med_ms * 1e-3) * 1e-6;
    const double gbps = bytes_per_iter / (med_ms * 1e-3) / 1e9;
    const double gbps_wall = bytes_per_iter / (mean_ms * 1e-3) / 1e9;

    std::printf("XMP-RESULT gosa %.17g\n", double(gosa));
    std::printf("XMP-RESULT mflops %.17g\n", mflops_total);
    std::printf("XMP-RESULT time %.17g\n", time_s);
    std::printf("# p checksum (plane order, independent of the ranks): psum"
                " %.17g\n",
                psum);
    std::printf("# per iteration: median %.4f ms (rank 0 events), mean %.4f ms"
                " (max wall time over ranks / ITERS), min %.4f ms; %.1f GB/s,"
                " %.0f MFLOPS (median); floor %.4f ms\n",
                med_ms, mean_ms, min_ms, gbps, mflops, floor_ms);
    std::printf(
        "BENCH {\"name\": \"himeno_mgpu\", \"size\": \"%s\", \"mimax\": %d,"
        " \"mjmax\": %d, \"mkmax\": %d, \"points\": %.0f, \"ranks\": %d,"
        " \"active_ranks\": %d, \"iters\": %ld, \"warmup\": %ld,"
        " \"overlap\": %s, \"ichunk\": %ld,"
        " \"median_ms_per_iter\": %.6f, \"mean_ms_per_iter\": %.6f,"
        " \"min_ms_per_iter\": %.6f, \"time_s\": %.9f,"
        " \"bytes_per_iter\": %.0f, \"halo_bytes_per_iter\": %.0f,"
        " \"gbps\": %.2f, \"gbps_wall\": %.2f, \"mflops\": %.1f,"
        " \"mflops_wall\": %.1f, \"copy_gbps\": %.2f,"
        " \"floor_ms_per_iter\": %.6f, \"gosa\": %.17g, \"psum\": %.17g,"
        " \"signal\": \"%s\", \"device\": \"%s\"}\n",
        size->name, mimax, mjmax, mkmax, npts, nranks, d.active, iters, warmup,
        overlap ? "true" : "false", overlap ? sw_inner.chunk : sw_all.chunk,
        med_ms, mean_ms, min_ms, time_s, bytes_per_iter, halo_bytes, gbps,
        gbps_wall, mflops, mflops_total, copy_gbps, floor_ms, double(gosa),
        psum, ex.kernel_signal() ? "kernel" : "memop", prop.name);
    std::fflush(stdout);
  }

  ex.teardown();
  CUDA_CHECK(cudaEventDestroy(ev_bnd));
  for (auto &e : ev_gosa) CUDA_CHECK(cudaEventDestroy(e));
  CUDA_CHECK(cudaStreamDestroy(s_main));
  CUDA_CHECK(cudaFree(d_psum));
  CUDA_CHECK(cudaFree(d_bad));
  CUDA_CHECK(cudaFreeHost(h_gosa));
  CUDA_CHECK(cudaFree(gosa_acc));
  CUDA_CHECK(cudaFree(A.c));
  CUDA_CHECK(cudaFree(A.b));
  CUDA_CHECK(cudaFree(A.a));
  CUDA_CHECK(cudaFree(A.wrk2));
  CUDA_CHECK(cudaFree(A.wrk1));
  CUDA_CHECK(cudaFree(A.bnd));
  CUDA_CHECK(cudaFree(A.p));
  if (bad != 0 && rank == 0)
    std::fprintf(stderr,
                 "himeno_mgpu: %llu non-finite elements in p (a point was not"
                 " written)\n",
                 bad);
  MPI_Finalize();
  return bad != 0 ? 1 : 0;
}
