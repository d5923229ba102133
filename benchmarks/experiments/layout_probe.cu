// layout_probe.cu -- which local layout makes Laplace's copy kernel as fast
// as the hand-written one (issue 14)? Times the copy u = uu over the
// 8190 x 8190 interior of an 8192 x 8192 f64 grid (one thread per element,
// 32 x 8 blocks, threadIdx.x along the contiguous dimension, as in
// baselines/laplace2d.cu) for four layouts of the same elements:
//   A  pitch 8192, no shadow (the hand-written baseline: warps start on
//      256-byte segments, the thread at y = 0 idles)
//   B  pitch 8194 with a one-element shadow (what the generated code
//      indexes today: local column y + 1)
//   C  as B, each row's threads shifted so that a warp starts on a
//      128-byte line (xmp-to-gpu align-rows, first version)
//   E  as B, shifted so that a warp starts on a multiple of 32 elements
//      (256 bytes: align-rows now)
//   D  pitch padded to 8208 (a multiple of 16 doubles) and the block
//      offset so that global y = 0 (local column 1) starts a line, as A
// Arguments PITCH:OFF add layouts (e.g. 8208:0 16384:0).
// Output: "LAYOUT <name> <median us>" per layout (21 launches, median), and
// a check that every layout copied the same values.
//   nvcc -O3 -arch=sm_90 -o layout_probe benchmarks/experiments/layout_probe.cu
#include <algorithm>
#include <cstdio>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__);   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

constexpr long N = 8192;

// Element (x, y) of a layout: base[x * pitch + off + y].
__global__ void __launch_bounds__(256)
    copy(const double *__restrict__ uu, double *__restrict__ u, long pitch,
         long off, int align) {
  long y = long(blockIdx.x) * 32 + threadIdx.x;
  const long x = long(blockIdx.y) * 8 + threadIdx.y + 1;
  if (align) { // shift so that the thread with y % align == 0 meets one
    long first = x * pitch + off + 1;            // element of y = 1
    long mis = ((long)(size_t)u / 8 + first) & (align - 1);
    y = y - mis + 1;                              // thread 0 -> y = 1 - mis
  }
  if (x >= N - 1 || y < 1 || y >= N - 1) return;
  const long c = x * pitch + off + y;
  u[c] = uu[c];
}

int main(int argc, char **argv) {
  struct L { const char *name; long pitch, off; int align, extra; };
  std::vector<L> layouts = {{"A", N, 0, 0, 0}, {"B", N + 2, 1, 0, 0},
                            {"C", N + 2, 1, 16, 16}, {"D", 8208, 16, 0, 0},
                            {"E", N + 2, 1, 32, 32}};
  // More layouts to try: PITCH:OFF arguments (no shift).
  for (int i = 1; i < argc; ++i) {
    long p = 0, o = 0;
    if (std::sscanf(argv[i], "%ld:%ld", &p, &o) == 2 && p >= N && o >= 0)
      layouts.push_back({argv[i], p, o, 0, 0});
  }
  std::vector<double> first;
  for (const L &l : layouts) {
    size_t n = size_t(N) * l.pitch + 64;
    double *u, *uu;
    CK(cudaMalloc(&u, n * 8));
    CK(cudaMalloc(&uu, n * 8));
    std::vector<double> h(n);
    for (long x = 0; x < N; ++x)
      for (long y = 0; y < N; ++y)
        h[x * l.pitch + l.off + y] = double((x * 7 + y * 3) % 11);
    CK(cudaMemcpy(uu, h.data(), n * 8, cudaMemcpyHostToDevice));
    CK(cudaMemset(u, 0, n * 8));
    dim3 block(32, 8), grid((N + l.extra + 31) / 32, (N - 2 + 7) / 8);
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    std::vector<float> t;
    for (int r = 0; r < 21; ++r) {
      CK(cudaEventRecord(a));
      copy<<<grid, block>>>(uu, u, l.pitch, l.off, l.align);
      CK(cudaEventRecord(b));
      CK(cudaEventSynchronize(b));
      float ms;
      CK(cudaEventElapsedTime(&ms, a, b));
      t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    CK(cudaMemcpy(h.data(), u, n * 8, cudaMemcpyDeviceToHost));
    double s = 0;
    for (long x = 1; x < N - 1; ++x)
      for (long y = 1; y < N - 1; ++y)
        s += h[x * l.pitch + l.off + y] * double(1 + (x + y) % 5);
    first.push_back(s);
    std::printf("LAYOUT %s pitch %ld off %ld align %d: %.1f us (min %.1f) "
                "check %.17g\n",
                l.name, l.pitch, l.off, l.align, t[10] * 1e3, t[0] * 1e3, s);
    CK(cudaFree(u));
    CK(cudaFree(uu));
  }
  bool same = std::all_of(first.begin(), first.end(),
                          [&](double s) { return s == first[0]; });
  std::printf("LAYOUT check: %s\n", same ? "all layouts copied the same values"
                                         : "MISMATCH");
  return same ? 0 : 1;
}
