// reflect_bench: times reflect (halo exchange) of libxmprt through the IB
// channel (MPI persistent requests) and the TCA host channel (MPI-3 shared
// memory, direct strided copies) side by side in one run, for 2-D and 3-D
// block-distributed arrays of several sizes. Each configuration is checked
// for correctness once, warmed up, then repeated; the time of one repetition
// is the maximum over ranks. Prints a table; writes raw JSON to argv[1].
//
//   mpiexec -np 4 reflect_bench results.json [reps] [--acc]
//
// Each case runs three plans: IB, TCA and AUTO (the runtime's default: the
// plan times both on its first reflects and keeps the faster, see
// docs/channels.md; XMP_CHANNEL_TUNE=0 makes AUTO the fixed rule, TCA for
// every peer of the host). AUTO is warmed up over its whole tuning (5 +
// dims * (2 + 2K) reflects, K = XMP_CHANNEL_TUNE, default 5) before it is
// timed; its columns come last, with the channel it chose per dimension.
//
// --acc: the arrays' device instances (one GPU per rank): data filled on the
// host and copied in (xmprt_replicate_sync), reflect on device data (acc =
// 1), copied out and checked; timed reflects move device data only. Device
// sizes are larger (the GPU case is about bandwidth as well as latency).
// In a CUDA build (XMP_BENCH_CUDA, set by runtime/CMakeLists.txt when
// libxmprt has CUDA) each --acc case also times a raw reference: one bare
// CUDA IPC peer copy (cudaMemcpyAsync device to device into the next rank's
// buffer, mapped with cudaIpcOpenMemHandle) of as many bytes as this rank's
// halo, on this rank's GPU (xmprt_device_id), every rank copying to rank
// (r + 1) % P at the same time; a repetition is barrier, copy, stream
// synchronize, max over ranks (columns "raw IPC", JSON raw_med_us and
// raw_min_us).
#include "xmprt/testing.h"
#include "xmprt/xmprt.h"

#include <mpi.h>
#ifdef XMP_BENCH_CUDA
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace {

struct Result {
  std::string name;
  int dims;
  int64_t n;
  const char *chan;
  double medUs, minUs;
  int reps;
  int64_t haloBytes;
  bool ok;
  // AUTO: the channel chosen per dimension ("tca,ib"; "-" where a
  // dimension moves nothing on this rank; "*" marks a tuned one)
  std::string chosen;
  // the raw IPC copy of the same case (--acc, CUDA build, 2+ ranks)
  bool raw = false;
  double rawMedUs = 0, rawMinUs = 0;
};

double value(const std::vector<int64_t> &g) {
  double v = 0;
  for (int64_t x : g)
    v = v * 4096 + (double)x;
  return v;
}

// Builds an n^dims array of doubles, block distributed on a dims-D grid with
// shadow 1:1 everywhere, and times reflect through `chan`.
Result runOne(int dims, int64_t n, int32_t chan, int reps, bool acc) {
  std::vector<int64_t> gs(dims, XMPRT_DYNAMIC), sz(dims, n), sh(dims, 1);
  std::vector<int32_t> kinds(dims, XMPRT_DIST_BLOCK), al(dims), chs(dims, chan);
  for (int d = 0; d < dims; ++d)
    al[d] = d;
  xmprt_grid *g = xmprt_grid_create(dims, gs.data());
  xmprt_template *t = xmprt_template_create(dims, sz.data());
  xmprt_template_distribute(t, g, kinds.data(), nullptr, nullptr);
  xmprt_darray *a = xmprt_darray_create(t, dims, sz.data(), al.data(), nullptr,
                                        sh.data(), sh.data(), XMPRT_F64);
  xmprt_reflect_plan *p =
      xmprt_reflect_init(a, nullptr, nullptr, nullptr, chs.data(),
                         acc ? 1 : 0, 0);
  if (acc)
    xmprt_replicate_begin(a);
  std::vector<int64_t> ext(dims), lo(dims), hi(dims);
  // halo: the 1-wide shadows around the owned box (not the local extent,
  // which includes the row padding of a long last dimension)
  int64_t total = 1, owned = 1, shadowed = 1;
  for (int d = 0; d < dims; ++d) {
    ext[d] = xmprt_darray_local_extent(a, d);
    xmprt_darray_owned(a, d, &lo[d], &hi[d]);
    total *= ext[d];
    owned *= hi[d] - lo[d];
    shadowed *= hi[d] - lo[d] + 2;
  }
  auto *data = (double *)xmprt_darray_data(a);
  // fill owned with f(global), -1 elsewhere; reflect; check halos
  std::vector<int64_t> l(dims), gi(dims);
  auto visit = [&](bool check) {
    int bad = 0;
    for (int64_t lin = 0; lin < total; ++lin) {
      int64_t r = lin;
      bool own = true, valid = true;
      for (int d = dims - 1; d >= 0; --d) {
        l[d] = r % ext[d];
        r /= ext[d];
        gi[d] = l[d] - 1 + lo[d];
        own = own && gi[d] >= lo[d] && gi[d] < hi[d];
        valid = valid && gi[d] >= lo[d] - 1 && gi[d] <= hi[d] && gi[d] >= 0 &&
                gi[d] < n && hi[d] > lo[d];
      }
      if (!check)
        data[lin] = own ? value(gi) : -1;
      else if (valid && data[lin] != value(gi))
        ++bad;
    }
    return bad;
  };
  visit(false);
  if (acc)
    xmprt_replicate_sync(a, 0);
  xmprt_reflect_do(p);
  if (acc)
    xmprt_replicate_sync(a, 1);
  int bad = visit(true);
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  int warm = 5;
  if (chan == XMPRT_CHANNEL_AUTO) {
    const char *k = getenv("XMP_CHANNEL_TUNE");
    warm += dims * (2 + 2 * (k && *k ? atoi(k) : 5));
  }
  for (int w = 0; w < warm; ++w)
    xmprt_reflect_do(p);
  std::vector<double> times;
  for (int k = 0; k < reps; ++k) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = xmprt_wtime();
    xmprt_reflect_do(p);
    double dt = xmprt_wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    times.push_back(dt * 1e6);
  }
  // the halos again after all the reflects (AUTO: on the chosen channels)
  if (acc)
    xmprt_replicate_sync(a, 1);
  int bad2 = visit(true);
  MPI_Allreduce(MPI_IN_PLACE, &bad2, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  bad += bad2;
  std::string chosen;
  for (int d = 0; d < dims; ++d) {
    int c = xmprt_reflect_channel(p, d, 1);
    if (c == XMPRT_CHANNEL_NONE)
      c = xmprt_reflect_channel(p, d, 0);
    chosen += std::string(d ? "," : "") +
              (c == XMPRT_CHANNEL_IB    ? "ib"
               : c == XMPRT_CHANNEL_TCA ? "tca"
                                        : "-") +
              (xmprt_reflect_tune_state(p, d) == 2 ? "*" : "");
  }
  std::sort(times.begin(), times.end());
  int64_t halo = (shadowed - owned) * 8;
  Result res{std::to_string(dims) + "d_n" + std::to_string(n),
             dims,
             n,
             chan == XMPRT_CHANNEL_IB    ? "ib"
             : chan == XMPRT_CHANNEL_TCA ? "tca"
                                         : "auto",
             times[times.size() / 2],
             times[0],
             reps,
             halo,
             bad == 0};
  res.chosen = chosen;
  xmprt_reflect_destroy(p);
  if (acc)
    xmprt_replicate_end(a);
  xmprt_darray_destroy(a);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
  return res;
}

#ifdef XMP_BENCH_CUDA
// The raw reference: a bare CUDA IPC peer copy of `bytes` (this rank's halo)
// from a buffer on this rank's GPU into the next rank's buffer, `reps` timed
// repetitions (after 5 untimed), each the maximum over ranks. Collective.
// Returns false on every rank (with a message from rank 0) when there is no
// peer (1 rank) or a rank cannot set it up (no GPU, IPC refused).
bool rawIpc(int64_t bytes, int reps, double &medUs, double &minUs) {
  int rank = 0, np = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (np < 2)
    return false;
  char why[256] = "";
  auto cuda = [&](cudaError_t e, const char *what) {
    if (e != cudaSuccess && !why[0])
      snprintf(why, sizeof why, "rank %d: %s: %s", rank, what,
               cudaGetErrorString(e));
    return e == cudaSuccess;
  };
  // the receiving buffer holds the largest halo of any rank
  long long cap = (long long)bytes;
  MPI_Allreduce(MPI_IN_PLACE, &cap, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  int dev = xmprt_device_id();
  void *mine = nullptr, *peer = nullptr;
  cudaStream_t stream = nullptr;
  cudaIpcMemHandle_t h{}, theirs{};
  bool ok = dev >= 0;
  if (!ok)
    snprintf(why, sizeof why, "rank %d: no GPU", rank);
  ok = ok && cuda(cudaSetDevice(dev), "cudaSetDevice") &&
       cuda(cudaMalloc(&mine, (size_t)std::max(cap, 1LL)), "cudaMalloc") &&
       cuda(cudaIpcGetMemHandle(&h, mine), "cudaIpcGetMemHandle") &&
       cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking),
            "cudaStreamCreateWithFlags");
  // my handle to the previous rank, the next rank's handle to me
  int next = (rank + 1) % np, prev = (rank + np - 1) % np;
  MPI_Sendrecv(&h, (int)sizeof h, MPI_BYTE, prev, 7301, &theirs,
               (int)sizeof theirs, MPI_BYTE, next, 7301, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  int okAll = ok ? 1 : 0, nextOk = 0;
  // the next rank's buffer is only valid if its setup succeeded
  MPI_Sendrecv(&okAll, 1, MPI_INT, prev, 7302, &nextOk, 1, MPI_INT, next, 7302,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  ok = ok && nextOk &&
       cuda(cudaIpcOpenMemHandle(&peer, theirs, cudaIpcMemLazyEnablePeerAccess),
            "cudaIpcOpenMemHandle");
  okAll = ok ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &okAll, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  std::vector<double> times;
  if (okAll) {
    size_t n = (size_t)bytes;
    bool copied = true;
    for (int k = -5; k < reps; ++k) {
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      copied =
          cuda(cudaMemcpyAsync(peer, mine, n, cudaMemcpyDeviceToDevice, stream),
               "cudaMemcpyAsync") &&
          cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize") &&
          copied;
      double dt = MPI_Wtime() - t0;
      MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      if (k >= 0)
        times.push_back(dt * 1e6);
    }
    okAll = copied ? 1 : 0;
    MPI_Allreduce(MPI_IN_PLACE, &okAll, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  }
  // every copy into my buffer is complete (each rank synchronized its own
  // stream) before the mappings go, and every mapping is closed before the
  // buffers are freed
  MPI_Barrier(MPI_COMM_WORLD);
  if (peer)
    cudaIpcCloseMemHandle(peer);
  MPI_Barrier(MPI_COMM_WORLD);
  if (stream)
    cudaStreamDestroy(stream);
  if (mine)
    cudaFree(mine);
  cudaGetLastError();
  // report the first failure (the lowest failing rank's reason)
  int failRank = why[0] ? rank : np;
  MPI_Allreduce(MPI_IN_PLACE, &failRank, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  static bool told = false; // once per run, not per case
  if (!okAll && failRank < np && !told) {
    told = true;
    if (failRank != 0 && rank == failRank)
      MPI_Send(why, (int)sizeof why, MPI_CHAR, 0, 7303, MPI_COMM_WORLD);
    if (rank == 0) {
      if (failRank != 0)
        MPI_Recv(why, (int)sizeof why, MPI_CHAR, failRank, 7303, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
      fprintf(stderr, "reflect_bench: raw IPC copies skipped: %s\n", why);
    }
  }
  if (!okAll || times.empty())
    return false;
  std::sort(times.begin(), times.end());
  medUs = times[times.size() / 2];
  minUs = times[0];
  return true;
}
#endif

} // namespace

int main(int argc, char **argv) {
  xmprt_init(&argc, &argv);
  int rank = xmprt_world_rank(), np = xmprt_world_size();
  const char *out = argc > 1 ? argv[1] : nullptr;
  int reps = argc > 2 ? atoi(argv[2]) : 50;
  bool acc = argc > 3 && std::string(argv[3]) == "--acc";
  struct Cfg {
    int dims;
    int64_t n;
  };
  std::vector<Cfg> cfgs = {{2, 256}, {2, 1024}, {2, 4096},
                           {3, 32},  {3, 96},   {3, 192}};
  if (acc)
    cfgs = {{2, 256}, {2, 1024}, {2, 4096}, {2, 16384},
            {3, 32},  {3, 96},   {3, 192},  {3, 384}};
  std::vector<Result> all;
  bool rawCol = false; // the raw IPC columns (--acc, CUDA build)
  for (const Cfg &c : cfgs) {
    for (int32_t ch : {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA})
      all.push_back(runOne(c.dims, c.n, ch, reps, acc));
#ifdef XMP_BENCH_CUDA
    if (acc) {
      rawCol = true;
      Result &tc = all.back(), &ib = all[all.size() - 2];
      // this rank's halo (runOne computed it on every rank)
      tc.raw = rawIpc(tc.haloBytes, reps, tc.rawMedUs, tc.rawMinUs);
      ib.raw = tc.raw;
      ib.rawMedUs = tc.rawMedUs;
      ib.rawMinUs = tc.rawMinUs;
    }
#endif
    all.push_back(runOne(c.dims, c.n, XMPRT_CHANNEL_AUTO, reps, acc));
  }
  if (rank == 0) {
    printf("reflect_bench: %d ranks, %d repetitions, sub-cluster size %d, "
           "%s data, times = max over ranks, microseconds\n",
           np, reps, xmprt_subcluster_size(), acc ? "device" : "host");
    // (the raw IPC columns come after the original ones, which scripts
    // and earlier results use)
    printf("| case | halo KiB/rank | IB median | IB min | TCA median | TCA min "
           "| IB/TCA (median) | ok |%s AUTO median | AUTO chose | AUTO / "
           "min(IB, TCA) |\n|---|---|---|---|---|---|---|---|%s---|---|---|\n",
           rawCol ? " raw IPC us | raw IPC min | TCA/raw (median) |" : "",
           rawCol ? "---|---|---|" : "");
    for (size_t i = 0; i + 2 < all.size(); i += 3) {
      const Result &ib = all[i], &tc = all[i + 1], &au = all[i + 2];
      printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %s |",
             ib.name.c_str(), ib.haloBytes / 1024.0, ib.medUs, ib.minUs,
             tc.medUs, tc.minUs, ib.medUs / tc.medUs,
             ib.ok && tc.ok && au.ok ? "yes" : "NO");
      if (rawCol && tc.raw)
        printf(" %.1f | %.1f | %.2f |", tc.rawMedUs, tc.rawMinUs,
               tc.medUs / tc.rawMedUs);
      else if (rawCol)
        printf(" - | - | - |");
      printf(" %.1f | %s | %.2f |\n", au.medUs, au.chosen.c_str(),
             au.medUs / std::min(ib.medUs, tc.medUs));
    }
    if (out) {
      FILE *f = fopen(out, "w");
      if (f) {
        time_t now = time(nullptr);
        char date[64];
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
        const char *machine = getenv("XMP_BENCH_MACHINE");
        const char *commit = getenv("XMP_BENCH_COMMIT");
        fprintf(f,
                "{\n  \"benchmark\": \"reflect\",\n  \"machine\": \"%s\",\n"
                "  \"date\": \"%s\",\n  \"commit\": \"%s\",\n  \"nprocs\": %d,\n"
                "  \"subcluster_size\": %d,\n  \"reps\": %d,\n  \"data\": \"%s\",\n"
                "  \"results\": [\n",
                machine ? machine : "unknown", date, commit ? commit : "unknown",
                np, xmprt_subcluster_size(), reps, acc ? "device" : "host");
        for (size_t i = 0; i < all.size(); ++i) {
          const Result &r = all[i];
          fprintf(f,
                  "    {\"case\": \"%s\", \"dims\": %d, \"n\": %lld, "
                  "\"channel\": \"%s\", \"median_us\": %.3f, \"min_us\": "
                  "%.3f, \"halo_bytes_per_rank\": %lld, \"ok\": %s",
                  r.name.c_str(), r.dims, (long long)r.n, r.chan, r.medUs,
                  r.minUs, (long long)r.haloBytes, r.ok ? "true" : "false");
          // the case's raw IPC copy (the same numbers in its IB and TCA
          // records; null when it could not run)
          if (rawCol && r.raw)
            fprintf(f, ", \"raw_med_us\": %.3f, \"raw_min_us\": %.3f",
                    r.rawMedUs, r.rawMinUs);
          else if (rawCol && std::string(r.chan) != "auto")
            fprintf(f, ", \"raw_med_us\": null, \"raw_min_us\": null");
          if (std::string(r.chan) == "auto")
            fprintf(f, ", \"chosen\": \"%s\"", r.chosen.c_str());
          fprintf(f, "}%s\n", i + 1 < all.size() ? "," : "");
        }
        fprintf(f, "  ]\n}\n");
        fclose(f);
      }
    }
  }
  int ok = 1;
  for (const Result &r : all)
    ok = ok && r.ok;
  xmprt_finalize();
  return ok ? 0 : 1;
}
