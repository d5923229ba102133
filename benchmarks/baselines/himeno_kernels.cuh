// himeno_kernels.cuh -- the device code shared by the Himeno baselines
// himeno.cu (one GPU) and himeno_mgpu.cu (MPI, one GPU per rank): the
// problem sizes, the arrays, and the initialization, Jacobi, copy-back and
// poison-count kernels. himeno.cu's header describes the data, the update,
// the kernel's register window and the poison check; himeno_mgpu.cu's the
// slab decomposition. Each kernel is written in the general (multi-GPU)
// form, over a range of local planes; the one-GPU program passes the
// arguments that make the range the whole array (noted at each kernel).
//
// No MPI here: himeno.cu includes this header and builds with plain nvcc.
// Included once per program (each program is one translation unit), the
// definitions live in an unnamed namespace, as they did in the programs.
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstddef>

namespace {

constexpr int kBX = 32;  // threads along k (contiguous)
constexpr int kBY = 8;   // threads along j
constexpr int kThreads = kBX * kBY;

struct Size {
  const char *name;
  int mimax, mjmax, mkmax;
};
constexpr Size kSizes[] = {{"XS", 33, 33, 65},
                           {"S", 65, 65, 129},
                           {"M", 129, 129, 257},
                           {"L", 257, 257, 513},
                           {"XL", 513, 513, 1025}};

// The arrays of one GPU: [nl][MJMAX][MKMAX] each, nl = MIMAX on one GPU,
// the owned planes and a halo plane on each side with several.
struct Arrays {
  float *p, *bnd, *wrk1, *wrk2;
  float *a, *b, *c;  // 4, 3, 3 consecutive [nl][MJMAX][MKMAX] arrays
};

// initmt(), one thread per element, on the local planes: local plane l =
// blockIdx.z holds the global plane i = lo - 1 + l; planes outside
// [0, MIMAX) (the outer halos of the first and last rank) are zero. wrk2 is
// written only outside the sweep's interior (see "poison" in himeno.cu).
// vol = local elements of one array. One GPU: lo = 1 (local plane = global
// plane), vol = MIMAX*MJMAX*MKMAX, MIMAX blocks along z.
__global__ void __launch_bounds__(kThreads)
    init_kernel(Arrays A, size_t vol, int lo, int mimax, int mjmax,
                int mkmax) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int l = blockIdx.z;
  if (k >= mkmax || j >= mjmax) return;
  const int i = lo - 1 + l;
  const int imax = mimax - 1, jmax = mjmax - 1, kmax = mkmax - 1;
  const size_t x = (size_t(l) * mjmax + j) * mkmax + k;
  const bool valid = i >= 0 && i < mimax;
  const bool in = valid && i < imax && j < jmax && k < kmax;
  const float one = in ? 1.0f : 0.0f;
  const float sixth = in ? float(1.0 / 6.0) : 0.0f;  // 0x3E2AAAAB
  const float pv =
      in ? __fdiv_rn(float(i * i), float((imax - 1) * (imax - 1))) : 0.0f;
  A.a[0 * vol + x] = one;
  A.a[1 * vol + x] = one;
  A.a[2 * vol + x] = one;
  A.a[3 * vol + x] = sixth;
  A.b[0 * vol + x] = 0.0f;
  A.b[1 * vol + x] = 0.0f;
  A.b[2 * vol + x] = 0.0f;
  A.c[0 * vol + x] = one;
  A.c[1 * vol + x] = one;
  A.c[2 * vol + x] = one;
  A.p[x] = pv;
  A.wrk1[x] = 0.0f;
  A.bnd[x] = one;
  const bool sweep = valid && i >= 1 && i < imax - 1 && j >= 1 &&
                     j < jmax - 1 && k >= 1 && k < kmax - 1;
  if (!sweep) A.wrk2[x] = 0.0f;
}

// The Jacobi sweep. Thread (k, j), k = blockIdx.x*32 + threadIdx.x and
// j = blockIdx.y*8 + threadIdx.y, handles the local planes i = i0 .. i1-1
// of its chunk, i0 = ibeg + blockIdx.z*zstep, i1 = min(i0 + ichunk, iend).
// One GPU: ibeg = 1, iend = imax-1, zstep = ichunk (consecutive chunks of
// the sweep's planes). Several GPUs: the rank's inner planes likewise, and
// its two boundary planes with ichunk = 1, zstep = their distance. k
// starts at 0 (the thread at k = 0 idles) rather than at 1, so that a warp
// reads the 32 consecutive floats k = 32m .. 32m+31 of a row; rows start on
// 128-byte boundaries only when MKMAX is a multiple of 32, which the
// standard (odd) sizes are not, so a warp's access spans 2 segments, as it
// does in the original layout. vol = local elements of one array (the
// stride between a0..a3, b0..b2, c0..c2). gosa_acc points to this
// iteration's accumulator (zeroed beforehand).
__global__ void __launch_bounds__(kThreads)
    jacobi_kernel(const float *__restrict__ p, const float *__restrict__ a,
                  const float *__restrict__ b, const float *__restrict__ c,
                  const float *__restrict__ wrk1,
                  const float *__restrict__ bnd, float *__restrict__ wrk2,
                  float *__restrict__ gosa_acc, size_t vol, int mjmax,
                  int mkmax, int jmax, int kmax, int ibeg, int iend,
                  int zstep, int ichunk, float omega) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int i0 = ibeg + int(blockIdx.z) * zstep;
  const int i1 = min(i0 + ichunk, iend);    // exclusive
  const size_t sj = size_t(mkmax);          // stride of j
  const size_t si = size_t(mjmax) * mkmax;  // stride of i

  float gosa = 0.0f;
  if (k >= 1 && k < kmax - 1 && j >= 1 && j < jmax - 1 && i0 < i1) {
    // Cross of plane i-1 (m*), plane i (z*): centre, j-1, j+1, k-1, k+1.
    size_t x = size_t(i0) * si + size_t(j) * sj + k;  // (i, j, k)
    const size_t xm = x - si;
    float m_c = p[xm], m_jm = p[xm - sj], m_jp = p[xm + sj],
          m_km = p[xm - 1], m_kp = p[xm + 1];
    float z_c = p[x], z_jm = p[x - sj], z_jp = p[x + sj], z_km = p[x - 1],
          z_kp = p[x + 1];
    for (int i = i0; i < i1; ++i, x += si) {
      const size_t xp = x + si;
      // Cross of plane i+1.
      const float n_c = p[xp], n_jm = p[xp - sj], n_jp = p[xp + sj],
                  n_km = p[xp - 1], n_kp = p[xp + 1];
      // Diagonals of plane i.
      const float z_jpkp = p[x + sj + 1], z_jmkp = p[x - sj + 1],
                  z_jpkm = p[x + sj - 1], z_jmkm = p[x - sj - 1];

      const float a0 = a[x], a1 = a[vol + x], a2 = a[2 * vol + x],
                  a3 = a[3 * vol + x];
      const float b0 = b[x], b1 = b[vol + x], b2 = b[2 * vol + x];
      const float c0 = c[x], c1 = c[vol + x], c2 = c[2 * vol + x];
      const float w1 = wrk1[x], bd = bnd[x];

      // s0, left to right as in C (the example's order), no FMA.
      // a0*p[i+1][j][k] + a1*p[i][j+1][k] + a2*p[i][j][k+1]
      float s = __fadd_rn(__fmul_rn(a0, n_c), __fmul_rn(a1, z_jp));
      s = __fadd_rn(s, __fmul_rn(a2, z_kp));
      // + b0*(p[i+1][j+1][k] - p[i+1][j-1][k] - p[i-1][j+1][k]
      //       + p[i-1][j-1][k])
      float d = __fadd_rn(__fsub_rn(__fsub_rn(n_jp, n_jm), m_jp), m_jm);
      s = __fadd_rn(s, __fmul_rn(b0, d));
      // + b1*(p[i][j+1][k+1] - p[i][j-1][k+1] - p[i][j+1][k-1]
      //       + p[i][j-1][k-1])
      d = __fadd_rn(__fsub_rn(__fsub_rn(z_jpkp, z_jmkp), z_jpkm), z_jmkm);
      s = __fadd_rn(s, __fmul_rn(b1, d));
      // + b2*(p[i+1][j][k+1] - p[i-1][j][k+1] - p[i+1][j][k-1]
      //       + p[i-1][j][k-1])
      d = __fadd_rn(__fsub_rn(__fsub_rn(n_kp, m_kp), n_km), m_km);
      s = __fadd_rn(s, __fmul_rn(b2, d));
      s = __fadd_rn(s, __fmul_rn(c0, m_c));   // p[i-1][j][k]
      s = __fadd_rn(s, __fmul_rn(c1, z_jm));  // p[i][j-1][k]
      s = __fadd_rn(s, __fmul_rn(c2, z_km));  // p[i][j][k-1]
      s = __fadd_rn(s, w1);
      // ss = (s0*a3 - p[i][j][k]) * bnd[i][j][k]
      const float ss = __fmul_rn(__fsub_rn(__fmul_rn(s, a3), z_c), bd);
      // wrk2 = p + omega*ss; gosa += ss*ss
      wrk2[x] = __fadd_rn(z_c, __fmul_rn(omega, ss));
      gosa = __fadd_rn(gosa, __fmul_rn(ss, ss));

      // Slide the window: plane i becomes i-1, plane i+1 becomes i.
      m_c = z_c; m_jm = z_jm; m_jp = z_jp; m_km = z_km; m_kp = z_kp;
      z_c = n_c; z_jm = n_jm; z_jp = n_jp; z_km = n_km; z_kp = n_kp;
    }
  }

  // Block reduction: warp shuffles, then one value per warp in shared
  // memory, then one atomicAdd per block.
  for (int off = 16; off > 0; off >>= 1)
    gosa += __shfl_down_sync(0xffffffffu, gosa, off);
  __shared__ float warp_sum[kThreads / 32];
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  if (tid % 32 == 0) warp_sum[tid / 32] = gosa;
  __syncthreads();
  if (tid == 0) {
    float t = 0.0f;
    for (int w = 0; w < kThreads / 32; ++w) t += warp_sum[w];
    atomicAdd(gosa_acc, t);
  }
}

// p = wrk2 on the (j, k) interior of the local planes ibeg + blockIdx.z.
// One GPU: ibeg = 1, imax-2 blocks along z.
__global__ void __launch_bounds__(kThreads)
    copy_kernel(const float *__restrict__ wrk2, float *__restrict__ p,
                int mjmax, int mkmax, int jmax, int kmax, int ibeg) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int i = int(blockIdx.z) + ibeg;
  if (k < 1 || k >= kmax - 1 || j < 1 || j >= jmax - 1) return;
  const size_t x = (size_t(i) * mjmax + j) * mkmax + k;
  p[x] = wrk2[x];
}

// Non-finite elements of v[0..n), added into *bad.
__global__ void __launch_bounds__(256)
    count_bad_kernel(const float *__restrict__ v, size_t n,
                     unsigned long long *__restrict__ bad) {
  unsigned long long cnt = 0;
  for (size_t x = size_t(blockIdx.x) * blockDim.x + threadIdx.x; x < n;
       x += size_t(gridDim.x) * blockDim.x)
    cnt += !isfinite(v[x]);
  for (int off = 16; off > 0; off >>= 1)
    cnt += __shfl_down_sync(0xffffffffu, cnt, off);
  if (threadIdx.x % 32 == 0 && cnt != 0) atomicAdd(bad, cnt);
}

}  // namespace
