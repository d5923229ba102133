//===- xmp-calibrate.cpp - measure halo channels, write a cost profile ----===//
//
//   mpirun -np N xmp-calibrate [-o profile.json] [--reps R] [--max-kib K]
//                              [--acc] [--both]
//
// For each channel (ib, tca) and each halo class (block, block-stride,
// stride) it times xmprt_reflect_do on 3-D arrays whose halo has that
// layout, over a range of sizes, and fits time = latency + bytes/bandwidth
// (least squares). The JSON it writes is the `profile=` input of
// xmp-select-channels: host data under "channels"; with --acc device data
// (the arrays' device instances, reflect acc=1; a GPU on every rank) under
// "device_channels" instead; --both measures and writes both. Run it on the
// target machine with the rank layout (and XMP_SUBCLUSTER_SIZE) the
// programs will use.
//
//===----------------------------------------------------------------------===//
#include "xmprt/xmprt.h"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Sample {
  double bytes, seconds;
};

const char *kClasses[] = {"block", "block-stride", "stride"};

/// Median time of one reflect over `reps` runs (max over ranks); acc: on
/// the array's device instance.
double timeReflect(int cls, int channel, int64_t n, int reps, bool acc,
                   double *bytes) {
  int nprocs = xmprt_world_size();
  // The distributed dimension decides the class: dim 0 -> one contiguous
  // plane, dim 1 -> n runs of n elements, dim 2 -> n*n single elements.
  int64_t shape[3] = {n, n, n};
  shape[cls] = 4 * nprocs; // a few owned elements per rank along the split
  int64_t gshape[1] = {XMPRT_DYNAMIC};
  xmprt_grid *g = xmprt_grid_create(1, gshape);
  xmprt_template *t = xmprt_template_create(3, shape);
  int32_t kinds[3] = {XMPRT_DIST_NONE, XMPRT_DIST_NONE, XMPRT_DIST_NONE};
  kinds[cls] = XMPRT_DIST_BLOCK;
  int64_t params[3] = {1, 1, 1};
  xmprt_template_distribute(t, g, kinds, params, nullptr);
  int32_t align[3] = {0, 1, 2};
  int64_t offset[3] = {0, 0, 0}, lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  lo[cls] = hi[cls] = 1;
  xmprt_darray *a =
      xmprt_darray_create(t, 3, shape, align, offset, lo, hi, XMPRT_F64);
  int32_t ch[3] = {XMPRT_CHANNEL_NONE, XMPRT_CHANNEL_NONE, XMPRT_CHANNEL_NONE};
  ch[cls] = channel;
  int32_t periodic[3] = {0, 0, 0};
  periodic[cls] = 1; // every rank has two neighbours
  if (acc) { // a device instance for the whole measurement, defined data
    xmprt_replicate_begin(a);
    xmprt_replicate_sync(a, 0);
  }
  xmprt_reflect_plan *p =
      xmprt_reflect_init(a, nullptr, nullptr, periodic, ch, acc ? 1 : 0, 0);
  *bytes = 8.0 * (double)(shape[0] * shape[1] * shape[2] / shape[cls]);
  for (int i = 0; i < 5; ++i)
    xmprt_reflect_do(p);
  std::vector<double> ts;
  for (int i = 0; i < reps; ++i) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = xmprt_wtime();
    xmprt_reflect_do(p);
    double dt = xmprt_wtime() - t0, worst;
    MPI_Allreduce(&dt, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    ts.push_back(worst);
  }
  std::sort(ts.begin(), ts.end());
  xmprt_reflect_destroy(p);
  if (acc) {
    // Every peer has dropped its CUDA IPC mapping before the instance goes.
    MPI_Barrier(MPI_COMM_WORLD);
    xmprt_replicate_end(a);
  }
  xmprt_darray_destroy(a);
  xmprt_template_destroy(t);
  xmprt_grid_destroy(g);
  return ts[ts.size() / 2];
}

/// Least-squares fit of seconds = latency + bytes / bandwidth.
void fit(const std::vector<Sample> &s, double *latencyUs, double *gbps) {
  double n = s.size(), sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const Sample &p : s) {
    sx += p.bytes;
    sy += p.seconds;
    sxx += p.bytes * p.bytes;
    sxy += p.bytes * p.seconds;
  }
  double slope = (n * sxy - sx * sy) / std::max(1e-30, n * sxx - sx * sx);
  double icpt = (sy - slope * sx) / n;
  if (slope <= 0) // flat: bandwidth effectively unbounded at these sizes
    slope = 1e-15;
  *latencyUs = std::max(0.0, icpt) * 1e6;
  *gbps = 1.0 / slope / 1e9;
}

/// The "channels" / "device_channels" object: both channels, every class.
std::string measure(const char *key, bool acc, int reps, int64_t maxKiB) {
  bool root = xmprt_world_rank() == 0;
  const int channels[2] = {XMPRT_CHANNEL_IB, XMPRT_CHANNEL_TCA};
  const char *names[2] = {"ib", "tca"};
  const char *what = acc ? "dev " : "";
  std::string json = std::string("  \"") + key + "\": {\n";
  for (int c = 0; c < 2; ++c) {
    json += std::string("    \"") + names[c] + "\": {\n";
    for (int cls = 0; cls < 3; ++cls) {
      std::vector<Sample> samples;
      for (int64_t n = 4;; n *= 2) {
        double bytes;
        double sec = timeReflect(cls, channels[c], n, reps, acc, &bytes);
        samples.push_back({bytes, sec});
        if (root)
          std::printf("xmp-calibrate: %s%-3s %-12s %9.0f B  %9.2f us\n", what,
                      names[c], kClasses[cls], bytes, sec * 1e6);
        if (bytes >= maxKiB * 1024.0 || n >= 4096)
          break;
      }
      double lat, bw;
      fit(samples, &lat, &bw);
      char buf[256];
      std::snprintf(buf, sizeof buf,
                    "      \"%s\": {\"latency_us\": %.3f, \"bandwidth_GBps\": "
                    "%.3f}%s\n",
                    kClasses[cls], lat, bw, cls < 2 ? "," : "");
      json += buf;
    }
    json += std::string("    }") + (c == 0 ? "," : "") + "\n";
  }
  json += "  }";
  return json;
}

} // namespace

int main(int argc, char **argv) {
  xmprt_init(&argc, &argv);
  std::string out = "xmp-profile.json";
  int reps = 40;
  int64_t maxKiB = 0; // default: 2048 for host data, 8192 for device data
  bool acc = false, both = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-o") && i + 1 < argc)
      out = argv[++i];
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc)
      reps = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--max-kib") && i + 1 < argc)
      maxKiB = std::atoll(argv[++i]);
    else if (!std::strcmp(argv[i], "--acc"))
      acc = true;
    else if (!std::strcmp(argv[i], "--both"))
      acc = both = true;
    else {
      if (xmprt_world_rank() == 0)
        std::fprintf(stderr, "usage: xmp-calibrate [-o FILE] [--reps R] "
                             "[--max-kib K] [--acc] [--both]\n");
      xmprt_finalize();
      return 2;
    }
  }
  bool root = xmprt_world_rank() == 0;
  if (acc) {
    // Checked on every rank before any device call (those abort).
    int noGpu = xmprt_has_gpu() ? 0 : 1, ranksWithout = 0;
    MPI_Allreduce(&noGpu, &ranksWithout, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (ranksWithout) {
      if (root)
        std::fprintf(stderr,
                     "xmp-calibrate: --acc needs a GPU on every rank (%d of "
                     "%d ranks have none: libxmprt built without CUDA, or no "
                     "visible CUDA device; XMP_VERBOSE=1 says why)\n",
                     ranksWithout, xmprt_world_size());
      xmprt_finalize();
      return 1;
    }
  }
  if (xmprt_world_size() < 2 && root)
    std::fprintf(stderr, "xmp-calibrate: warning: 1 rank measures only "
                         "local copies; run with 2 or more ranks\n");
  std::string json =
      "{\n  \"ranks\": " + std::to_string(xmprt_world_size()) + ",\n";
  if (!acc || both)
    json += measure("channels", false, reps, maxKiB > 0 ? maxKiB : 2048) +
            (acc ? ",\n" : "\n");
  if (acc)
    json += measure("device_channels", true, reps, maxKiB > 0 ? maxKiB : 8192) +
            "\n";
  json += "}\n";
  if (root) {
    FILE *f = std::fopen(out.c_str(), "w");
    if (!f) {
      std::fprintf(stderr, "xmp-calibrate: cannot write %s\n", out.c_str());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    std::fputs(json.c_str(), f);
    std::fclose(f);
    std::printf("xmp-calibrate: profile written to %s\n", out.c_str());
  }
  xmprt_finalize();
  return 0;
}
