/* matmul_ref.c -- sequential reference for matmul.mlir (C = A x B, thesis
 * chapter 4): the same data and results, no MPI.
 *
 *   clang-22 -O2 -ffp-contract=off -o matmul_ref matmul_ref.c
 *   ./matmul_ref [nrep [N]]
 *     nrep  repetitions of the product (default 1), >= 0
 *     N     matrix order (default 130, the macro below), >= 1
 *   Bad arguments: a message on stderr, exit status 1.
 *
 * Prints
 *   XMP-RESULT checksum <sum of all C[i][j] * ((i + 3j) % 5 + 1), %.17g>
 *   XMP-RESULT value5   <max of all C[i][j]>
 *   XMP-RESULT time     <seconds of the product loop>
 * Integer-valued data: both values are exact (see matmul.mlir).
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ref_args.h"

#define N 130

/* Matrix order (the run-time N); a, b and c are each one contiguous block,
 * row-major like double a[n][n]. */
static int n;
static double *a, *b, *c;

#define A(i, k) a[(size_t)(i) * (size_t)n + (size_t)(k)]
#define B(i, k) b[(size_t)(i) * (size_t)n + (size_t)(k)]
#define C(i, k) c[(size_t)(i) * (size_t)n + (size_t)(k)]

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  const char *prog = argv[0] ? argv[0] : "matmul_ref";
  long nrep = 1;
  int i, j, k;
  long r;

  n = N;
  if (argc > 3) {
    fprintf(stderr, "usage: %s [nrep [N]]\n", prog);
    return 1;
  }
  if (argc > 1)
    nrep = parse_long(prog, "repetition count", argv[1], 0, LONG_MAX);
  if (argc > 2) /* 3 * i + k must stay within int */
    n = (int)parse_long(prog, "N", argv[2], 1, INT_MAX / 4);

  size_t nn = 0;
  if ((size_t)n <= SIZE_MAX / sizeof(double) / (size_t)n)
    nn = (size_t)n * (size_t)n;
  a = nn ? malloc(nn * sizeof(double)) : NULL;
  b = nn ? malloc(nn * sizeof(double)) : NULL;
  c = nn ? calloc(nn, sizeof(double)) : NULL; /* zero, as static c was */
  if (!a || !b || !c) {
    fprintf(stderr, "%s: cannot allocate %dx%d matrices\n", prog, n, n);
    return 1;
  }

  for (i = 0; i < n; i++)
    for (k = 0; k < n; k++) {
      A(i, k) = (double)((i + 2 * k) % 7);
      B(i, k) = (double)((3 * i + k) % 7) - 3.0;
    }

  double t0 = wtime();
  for (r = 0; r < nrep; r++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++) {
        double s = 0.0;
        for (k = 0; k < n; k++)
          s += A(i, k) * B(k, j);
        C(i, j) = s;
      }
  double time = wtime() - t0;

  double sum = 0.0, max = -1.0 / 0.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      sum += C(i, j) * (double)((i + 3 * j) % 5 + 1);
      if (C(i, j) > max)
        max = C(i, j);
    }

  printf("XMP-RESULT checksum %.17g\n", sum);
  printf("XMP-RESULT value5 %.17g\n", max);
  printf("XMP-RESULT time %.17g\n", time);
  free(c);
  free(b);
  free(a);
  return 0;
}
