// laplace2d_kernels.cuh -- the device code shared by the Laplace baselines
// laplace2d.cu (one GPU) and laplace2d_mgpu.cu (MPI, one GPU per rank): the
// initialization, the swept stencil, the copy-back, and the block
// reduction of the checksum kernels. laplace2d.cu's header describes the
// data, the update and the poison check; laplace2d_mgpu.cu's the row
// decomposition. Each kernel is written in the general (multi-GPU) form,
// over a range of local rows; the one-GPU program passes the arguments that
// make the range the whole array (noted at each kernel).
//
// No MPI here: laplace2d.cu includes this header and builds with plain nvcc.
// Included once per program (each program is one translation unit), the
// definitions live in an unnamed namespace, as they did in the programs.
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace {

constexpr int kBX = 32;  // threads along y (contiguous): one 256-byte row
constexpr int kBY = 8;   // threads along x
constexpr int kSweepThreads = 256;
constexpr int kSumThreads = 256;

// The example's initialization: u[x][y] = (x*7 + y*3) % 11, uu = 0 on the
// global boundary; the interior of uu stays poisoned until the stencil
// writes it (see "poison" in laplace2d.cu). Local rows l = 0 .. nl-1 hold
// the global rows x = lo - 1 + l; rows outside [0, XSIZE) (the outer halos
// of the first and last rank) are zero. One GPU: nl = XSIZE, lo = 1 (local
// row = global row).
__global__ void __launch_bounds__(kBX * kBY)
    init_kernel(double *__restrict__ u, double *__restrict__ uu, int nl,
                int lo, int nx, int ny) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  const int l = blockIdx.y * blockDim.y + threadIdx.y;
  if (l >= nl || y >= ny) return;
  const int x = lo - 1 + l;
  const size_t c = size_t(l) * ny + y;
  if (x < 0 || x >= nx) {
    u[c] = 0.0;
    uu[c] = 0.0;
    return;
  }
  u[c] = double((int64_t(x) * 7 + int64_t(y) * 3) % 11);
  if (x == 0 || x == nx - 1 || y == 0 || y == ny - 1) uu[c] = 0.0;
}

// The stencil update, each thread walking a chunk of rows of one column (a
// plane sweep, as a strong hand-written stencil does): u[x-1][y] and
// u[x][y] of the next row are the values this thread loaded for the
// previous one, kept in registers; the sum order of laplace2d.cu's
// stencil_kernel, (((u[x-1][y] + u[x+1][y]) + u[x][y-1]) + u[x][y+1]) *
// 0.25 rounded operation by operation, no FMA. Block row b handles the
// local rows x0 = xbeg + blockIdx.y*ystep .. min(x0 + rows, xend) - 1.
// One GPU: xbeg = 1, xend = XSIZE-1, ystep = rows (consecutive chunks of
// the interior rows). Several GPUs: the rank's inner rows likewise, and its
// two boundary rows with rows = 1, ystep = their distance.
__global__ void __launch_bounds__(kSweepThreads)
    stencil_sweep_kernel(const double *__restrict__ u,
                         double *__restrict__ uu, int ny, int xbeg, int xend,
                         int ystep, int rows) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y < 1 || y >= ny - 1) return;
  const int x0 = xbeg + int(blockIdx.y) * ystep;
  const int x1 = min(x0 + rows, xend);
  if (x0 >= x1) return;
  size_t c = size_t(x0) * ny + y;
  double up = u[c - ny], mid = u[c];
  for (int x = x0; x < x1; ++x, c += ny) {
    const double down = u[c + ny];
    const double s =
        __dadd_rn(__dadd_rn(__dadd_rn(up, down), u[c - 1]), u[c + 1]);
    uu[c] = __dmul_rn(s, 0.25);
    up = mid;
    mid = down;
  }
}

// u = uu on the interior columns of the local rows [xbeg, xend), x =
// blockIdx.y*8 + threadIdx.y + xbeg; y = blockIdx.x*32 + threadIdx.x starts
// at 0 (the thread at y = 0 idles). One GPU: xbeg = 1, xend = XSIZE-1.
__global__ void __launch_bounds__(kBX * kBY)
    copy_kernel(const double *__restrict__ uu, double *__restrict__ u,
                int ny, int xbeg, int xend) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  const int x = blockIdx.y * blockDim.y + threadIdx.y + xbeg;
  if (x >= xend || y < 1 || y >= ny - 1) return;
  const size_t c = size_t(x) * ny + y;
  u[c] = uu[c];
}

// The end of a checksum kernel of kSumThreads threads: adds the block's
// per-thread sums s and non-finite counts bad in a fixed order (the warps'
// shuffle trees, then the warps in order) and thread 0 stores the block's
// totals in *sum_out and *bad_out: the result depends on nothing but the
// per-thread values. Every thread of the block must call it.
__device__ __forceinline__ void block_sum_bad(
    double s, unsigned long long bad, double *__restrict__ sum_out,
    unsigned long long *__restrict__ bad_out) {
  for (int off = 16; off > 0; off >>= 1) {
    s += __shfl_down_sync(0xffffffffu, s, off);
    bad += __shfl_down_sync(0xffffffffu, bad, off);
  }
  __shared__ double ws[kSumThreads / 32];
  __shared__ unsigned long long wb[kSumThreads / 32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) {
    ws[warp] = s;
    wb[warp] = bad;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    double t = 0.0;
    unsigned long long b = 0;
    for (int w = 0; w < kSumThreads / 32; ++w) {
      t += ws[w];
      b += wb[w];
    }
    *sum_out = t;
    *bad_out = b;
  }
}

}  // namespace
