// reflect_bench: times reflect (halo exchange) of libxmprt through the IB
// channel (MPI persistent requests) and the TCA host channel (MPI-3 shared
// memory, direct strided copies) side by side in one run, for 2-D and 3-D
// block-distributed arrays of several sizes. Each configuration is checked
// for correctness once, warmed up, then repeated; the time of one repetition
// is the maximum over ranks. Prints a table; writes raw JSON to argv[1].
//
//   mpiexec -np 4 reflect_bench results.json [reps] [--acc]
//
// --acc: the arrays' device instances (one GPU per rank): data filled on the
// host and copied in (xmprt_replicate_sync), reflect on device data (acc =
// 1), copied out and checked; timed reflects move device data only. Device
// sizes are larger (the GPU case is about bandwidth as well as latency).
#include "xmprt/xmprt.h"

#include <mpi.h>

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
      xmprt_reflect_init(a, nullptr, nullptr, nullptr, chs.data(), acc ? 1 : 0);
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
  for (int w = 0; w < 5; ++w)
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
  std::sort(times.begin(), times.end());
  int64_t halo = (shadowed - owned) * 8;
  Result res{std::to_string(dims) + "d_n" + std::to_string(n),
             dims,
             n,
             chan == XMPRT_CHANNEL_IB ? "ib" : "tca",
             times[times.size() / 2],
             times[0],
             reps,
             halo,
             bad == 0};
  int ch0 = xmprt_reflect_channel(p, 0, 0), ch1 = xmprt_reflect_channel(p, 0, 1);
  (void)ch0;
  (void)ch1;
  xmprt_reflect_destroy(p);
  if (acc)
    xmprt_replicate_end(a);
  xmprt_darray_destroy(a);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
  return res;
}

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
  for (const Cfg &c : cfgs)
    for (int32_t ch : {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA})
      all.push_back(runOne(c.dims, c.n, ch, reps, acc));
  if (rank == 0) {
    printf("reflect_bench: %d ranks, %d repetitions, sub-cluster size %d, "
           "%s data, times = max over ranks, microseconds\n",
           np, reps, xmprt_subcluster_size(), acc ? "device" : "host");
    printf("| case | halo KiB/rank | IB median | IB min | TCA median | TCA min "
           "| IB/TCA (median) | ok |\n|---|---|---|---|---|---|---|---|\n");
    for (size_t i = 0; i + 1 < all.size(); i += 2) {
      const Result &ib = all[i], &tc = all[i + 1];
      printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %s |\n",
             ib.name.c_str(), ib.haloBytes / 1024.0, ib.medUs, ib.minUs,
             tc.medUs, tc.minUs, ib.medUs / tc.medUs,
             ib.ok && tc.ok ? "yes" : "NO");
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
                  "%.3f, \"halo_bytes_per_rank\": %lld, \"ok\": %s}%s\n",
                  r.name.c_str(), r.dims, (long long)r.n, r.chan, r.medUs,
                  r.minUs, (long long)r.haloBytes, r.ok ? "true" : "false",
                  i + 1 < all.size() ? "," : "");
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
