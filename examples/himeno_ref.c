/* himeno_ref.c -- sequential reference for himeno.mlir: the Jacobi kernel
 * of the Himeno benchmark (himenoBMTxps.c, static arrays, float data),
 * without MPI and with a fixed iteration count.
 *
 *   clang-22 -O2 -ffp-contract=off -o himeno_ref himeno_ref.c
 *   ./himeno_ref [nn]                (default nn = 20)
 *   clang-22 -O2 -ffp-contract=off -DSMALL  ...   size S (65x65x129)
 *   clang-22 -O2 -ffp-contract=off -DMIDDLE ...   size M (129x129x257)
 *   (default: size XS, 33x33x65, as in himeno.mlir)
 *
 * Prints
 *   XMP-RESULT gosa   <gosa of the last iteration, %.17g>
 *   XMP-RESULT mflops <34*(imax-2)*(jmax-2)*(kmax-2)*nn / time * 1e-6>
 *   XMP-RESULT time   <seconds of the iteration loop>
 * -ffp-contract=off keeps the f32 operations (no fused multiply-add) the
 * same as in the MLIR program, so only gosa's summation order differs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if defined(MIDDLE)
#define MIMAX 129
#define MJMAX 129
#define MKMAX 257
#elif defined(SMALL)
#define MIMAX 65
#define MJMAX 65
#define MKMAX 129
#else /* XS (SSMALL) */
#define MIMAX 33
#define MJMAX 33
#define MKMAX 65
#endif

static float p[MIMAX][MJMAX][MKMAX];
static float a[4][MIMAX][MJMAX][MKMAX], b[3][MIMAX][MJMAX][MKMAX],
    c[3][MIMAX][MJMAX][MKMAX];
static float bnd[MIMAX][MJMAX][MKMAX];
static float wrk1[MIMAX][MJMAX][MKMAX], wrk2[MIMAX][MJMAX][MKMAX];

static int imax, jmax, kmax;
static float omega;

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void initmt(void) {
  int i, j, k;
  for (i = 0; i < MIMAX; i++)
    for (j = 0; j < MJMAX; j++)
      for (k = 0; k < MKMAX; k++) {
        a[0][i][j][k] = 0.0;
        a[1][i][j][k] = 0.0;
        a[2][i][j][k] = 0.0;
        a[3][i][j][k] = 0.0;
        b[0][i][j][k] = 0.0;
        b[1][i][j][k] = 0.0;
        b[2][i][j][k] = 0.0;
        c[0][i][j][k] = 0.0;
        c[1][i][j][k] = 0.0;
        c[2][i][j][k] = 0.0;
        p[i][j][k] = 0.0;
        wrk1[i][j][k] = 0.0;
        wrk2[i][j][k] = 0.0;
        bnd[i][j][k] = 0.0;
      }
  for (i = 0; i < imax; i++)
    for (j = 0; j < jmax; j++)
      for (k = 0; k < kmax; k++) {
        a[0][i][j][k] = 1.0;
        a[1][i][j][k] = 1.0;
        a[2][i][j][k] = 1.0;
        a[3][i][j][k] = 1.0 / 6.0;
        b[0][i][j][k] = 0.0;
        b[1][i][j][k] = 0.0;
        b[2][i][j][k] = 0.0;
        c[0][i][j][k] = 1.0;
        c[1][i][j][k] = 1.0;
        c[2][i][j][k] = 1.0;
        p[i][j][k] = (float)(i * i) / (float)((imax - 1) * (imax - 1));
        wrk1[i][j][k] = 0.0;
        bnd[i][j][k] = 1.0;
      }
}

static float jacobi(int nn) {
  int i, j, k, n;
  float gosa = 0.0, s0, ss;

  for (n = 0; n < nn; ++n) {
    gosa = 0.0;
    for (i = 1; i < imax - 1; i++)
      for (j = 1; j < jmax - 1; j++)
        for (k = 1; k < kmax - 1; k++) {
          s0 = a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j + 1][k] +
               a[2][i][j][k] * p[i][j][k + 1] +
               b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] -
                                p[i - 1][j + 1][k] + p[i - 1][j - 1][k]) +
               b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] -
                                p[i][j + 1][k - 1] + p[i][j - 1][k - 1]) +
               b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] -
                                p[i + 1][j][k - 1] + p[i - 1][j][k - 1]) +
               c[0][i][j][k] * p[i - 1][j][k] + c[1][i][j][k] * p[i][j - 1][k] +
               c[2][i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];
          ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
          gosa += ss * ss;
          wrk2[i][j][k] = p[i][j][k] + omega * ss;
        }
    for (i = 1; i < imax - 1; ++i)
      for (j = 1; j < jmax - 1; ++j)
        for (k = 1; k < kmax - 1; ++k)
          p[i][j][k] = wrk2[i][j][k];
  }
  return gosa;
}

int main(int argc, char **argv) {
  int nn = argc > 1 ? atoi(argv[1]) : 20;

  imax = MIMAX - 1;
  jmax = MJMAX - 1;
  kmax = MKMAX - 1;
  omega = 0.8;
  initmt();

  double t0 = wtime();
  float gosa = jacobi(nn);
  double time = wtime() - t0;

  double nflop = (double)(kmax - 2) * (double)(jmax - 2) * (double)(imax - 2) * 34.0;
  double mflops = nflop / time * 1.e-6 * (double)nn;

  printf("XMP-RESULT gosa %.17g\n", (double)gosa);
  printf("XMP-RESULT mflops %.17g\n", mflops);
  printf("XMP-RESULT time %.17g\n", time);
  return 0;
}
