/* himeno_ref.c -- sequential reference for himeno.mlir: the Jacobi kernel
 * of the Himeno benchmark (himenoBMTxps.c, float data, arrays on the heap),
 * without MPI and with a fixed iteration count.
 *
 *   clang-22 -O2 -ffp-contract=off -o himeno_ref himeno_ref.c
 *   ./himeno_ref [nn [MIMAX MJMAX MKMAX]]
 *     nn                 iterations (default 20), >= 0
 *     MIMAX MJMAX MKMAX  array sizes, all three or none, each >= 3; the
 *                        grid is (MIMAX-1)x(MJMAX-1)x(MKMAX-1) as in
 *                        himenoBMTxps.c
 *   The default sizes come from the macros of himeno_sizes.h (shared with
 *   himeno.c):
 *   clang-22 -O2 -ffp-contract=off -DSMALL  ...   size S (65x65x129)
 *   clang-22 -O2 -ffp-contract=off -DMIDDLE ...   size M (129x129x257)
 *   clang-22 -O2 -ffp-contract=off -DLARGE  ...   size L (257x257x513)
 *   (otherwise: size XS, 33x33x65, as in himeno.mlir); e.g.
 *   `./himeno_ref 20 65 65 129` gives the same results as the -DSMALL build.
 *   Bad arguments: a message on stderr, exit status 1.
 *   -DHIMENO_STATIC: the arrays are static with the macro sizes, as in
 *   himenoBMTxps.c (compile-time extents, no pointers the compiler must
 *   assume may alias). This is the build a benchmark compares against
 *   (benchmarks/himeno_cpu.sh); it accepts size arguments only when they
 *   equal the macros.
 *
 * Prints
 *   XMP-RESULT gosa   <gosa of the last iteration, %.17g>
 *   XMP-RESULT mflops <34*(imax-2)*(jmax-2)*(kmax-2)*nn / time * 1e-6>
 *   XMP-RESULT time   <seconds of the iteration loop>
 * -ffp-contract=off keeps the f32 operations (no fused multiply-add) the
 * same as in the MLIR program, so only gosa's summation order differs.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ref_args.h"

#include "himeno_sizes.h" /* MIMAX, MJMAX, MKMAX */

#ifdef HIMENO_STATIC
/* Array sizes and arrays fixed at compile time, declared as in
 * himenoBMTxps.c. */
#define mimax MIMAX
#define mjmax MJMAX
#define mkmax MKMAX
static float p[MIMAX][MJMAX][MKMAX];
static float a[4][MIMAX][MJMAX][MKMAX], b[3][MIMAX][MJMAX][MKMAX],
    c[3][MIMAX][MJMAX][MKMAX];
static float bnd[MIMAX][MJMAX][MKMAX];
static float wrk1[MIMAX][MJMAX][MKMAX], wrk2[MIMAX][MJMAX][MKMAX];
#define P(i, j, k) p[i][j][k]
#define A(l, i, j, k) a[l][i][j][k]
#define B(l, i, j, k) b[l][i][j][k]
#define C(l, i, j, k) c[l][i][j][k]
#define BND(i, j, k) bnd[i][j][k]
#define WRK1(i, j, k) wrk1[i][j][k]
#define WRK2(i, j, k) wrk2[i][j][k]
#else
/* Array sizes (the run-time MIMAX, MJMAX, MKMAX). */
static int mimax, mjmax, mkmax;
/* Each array is one contiguous block, row-major like float x[mimax][mjmax]
 * [mkmax]; a, b and c hold 4, 3 and 3 such arrays one after another. */
static float *p, *a, *b, *c, *bnd, *wrk1, *wrk2;

static inline size_t idx(int i, int j, int k) {
  return ((size_t)i * (size_t)mjmax + (size_t)j) * (size_t)mkmax + (size_t)k;
}
#define P(i, j, k) p[idx(i, j, k)]
#define A(l, i, j, k) a[(size_t)(l) * ((size_t)mimax * mjmax * mkmax) + idx(i, j, k)]
#define B(l, i, j, k) b[(size_t)(l) * ((size_t)mimax * mjmax * mkmax) + idx(i, j, k)]
#define C(l, i, j, k) c[(size_t)(l) * ((size_t)mimax * mjmax * mkmax) + idx(i, j, k)]
#define BND(i, j, k) bnd[idx(i, j, k)]
#define WRK1(i, j, k) wrk1[idx(i, j, k)]
#define WRK2(i, j, k) wrk2[idx(i, j, k)]
#endif

static int imax, jmax, kmax;
static float omega;

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void usage(const char *prog) {
  fprintf(stderr, "usage: %s [iterations [MIMAX MJMAX MKMAX]]\n", prog);
  exit(1);
}

#ifndef HIMENO_STATIC
static float *alloc_arrays(const char *prog, size_t count, size_t n) {
  float *q = NULL;
  if (n <= SIZE_MAX / sizeof(float) / count)
    q = malloc(count * n * sizeof(float));
  if (!q) {
    fprintf(stderr, "%s: cannot allocate %zu x %zu floats\n", prog, count, n);
    exit(1);
  }
  return q;
}
#endif

static void initmt(void) {
  int i, j, k;
  for (i = 0; i < mimax; i++)
    for (j = 0; j < mjmax; j++)
      for (k = 0; k < mkmax; k++) {
        A(0, i, j, k) = 0.0;
        A(1, i, j, k) = 0.0;
        A(2, i, j, k) = 0.0;
        A(3, i, j, k) = 0.0;
        B(0, i, j, k) = 0.0;
        B(1, i, j, k) = 0.0;
        B(2, i, j, k) = 0.0;
        C(0, i, j, k) = 0.0;
        C(1, i, j, k) = 0.0;
        C(2, i, j, k) = 0.0;
        P(i, j, k) = 0.0;
        WRK1(i, j, k) = 0.0;
        WRK2(i, j, k) = 0.0;
        BND(i, j, k) = 0.0;
      }
  for (i = 0; i < imax; i++)
    for (j = 0; j < jmax; j++)
      for (k = 0; k < kmax; k++) {
        A(0, i, j, k) = 1.0;
        A(1, i, j, k) = 1.0;
        A(2, i, j, k) = 1.0;
        A(3, i, j, k) = 1.0 / 6.0;
        B(0, i, j, k) = 0.0;
        B(1, i, j, k) = 0.0;
        B(2, i, j, k) = 0.0;
        C(0, i, j, k) = 1.0;
        C(1, i, j, k) = 1.0;
        C(2, i, j, k) = 1.0;
        P(i, j, k) = (float)(i * i) / (float)((imax - 1) * (imax - 1));
        WRK1(i, j, k) = 0.0;
        BND(i, j, k) = 1.0;
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
          s0 = A(0, i, j, k) * P(i + 1, j, k) + A(1, i, j, k) * P(i, j + 1, k) +
               A(2, i, j, k) * P(i, j, k + 1) +
               B(0, i, j, k) * (P(i + 1, j + 1, k) - P(i + 1, j - 1, k) -
                                P(i - 1, j + 1, k) + P(i - 1, j - 1, k)) +
               B(1, i, j, k) * (P(i, j + 1, k + 1) - P(i, j - 1, k + 1) -
                                P(i, j + 1, k - 1) + P(i, j - 1, k - 1)) +
               B(2, i, j, k) * (P(i + 1, j, k + 1) - P(i - 1, j, k + 1) -
                                P(i + 1, j, k - 1) + P(i - 1, j, k - 1)) +
               C(0, i, j, k) * P(i - 1, j, k) + C(1, i, j, k) * P(i, j - 1, k) +
               C(2, i, j, k) * P(i, j, k - 1) + WRK1(i, j, k);
          ss = (s0 * A(3, i, j, k) - P(i, j, k)) * BND(i, j, k);
          gosa += ss * ss;
          WRK2(i, j, k) = P(i, j, k) + omega * ss;
        }
    for (i = 1; i < imax - 1; ++i)
      for (j = 1; j < jmax - 1; ++j)
        for (k = 1; k < kmax - 1; ++k)
          P(i, j, k) = WRK2(i, j, k);
  }
  return gosa;
}

int main(int argc, char **argv) {
  const char *prog = argv[0] ? argv[0] : "himeno_ref";
  int nn = 20;

#ifndef HIMENO_STATIC
  mimax = MIMAX;
  mjmax = MJMAX;
  mkmax = MKMAX;
#endif
  if (argc != 1 && argc != 2 && argc != 5)
    usage(prog);
  if (argc > 1)
    nn = (int)parse_long(prog, "iteration count", argv[1], 0, INT_MAX);
  if (argc > 2) {
    /* Up to 46341 each, so that (imax - 1) * (imax - 1) and i * i stay
     * within int, as in the original; memory is the practical limit. */
    int si = (int)parse_long(prog, "MIMAX", argv[2], 3, 46341);
    int sj = (int)parse_long(prog, "MJMAX", argv[3], 3, 46341);
    int sk = (int)parse_long(prog, "MKMAX", argv[4], 3, 46341);
#ifdef HIMENO_STATIC
    if (si != MIMAX || sj != MJMAX || sk != MKMAX) {
      fprintf(stderr, "%s: built with -DHIMENO_STATIC for %dx%dx%d; cannot run %dx%dx%d\n",
              prog, MIMAX, MJMAX, MKMAX, si, sj, sk);
      exit(1);
    }
#else
    mimax = si;
    mjmax = sj;
    mkmax = sk;
#endif
  }

#ifndef HIMENO_STATIC
  size_t n = 0;
  if ((size_t)mimax <= SIZE_MAX / (size_t)mjmax / (size_t)mkmax)
    n = (size_t)mimax * mjmax * mkmax;
  if (n == 0) {
    fprintf(stderr, "%s: size %dx%dx%d too large\n", prog, mimax, mjmax, mkmax);
    exit(1);
  }
  p = alloc_arrays(prog, 1, n);
  a = alloc_arrays(prog, 4, n);
  b = alloc_arrays(prog, 3, n);
  c = alloc_arrays(prog, 3, n);
  bnd = alloc_arrays(prog, 1, n);
  wrk1 = alloc_arrays(prog, 1, n);
  wrk2 = alloc_arrays(prog, 1, n);
#endif

  imax = mimax - 1;
  jmax = mjmax - 1;
  kmax = mkmax - 1;
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

#ifndef HIMENO_STATIC
  free(wrk2);
  free(wrk1);
  free(bnd);
  free(c);
  free(b);
  free(a);
  free(p);
#endif
  return 0;
}
