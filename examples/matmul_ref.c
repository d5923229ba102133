/* matmul_ref.c -- sequential reference for matmul.mlir (C = A x B, thesis
 * chapter 4): the same data and results, no MPI.
 *
 *   clang-22 -O2 -ffp-contract=off -o matmul_ref matmul_ref.c
 *   ./matmul_ref [nrep]              (default nrep = 1)
 *
 * Prints
 *   XMP-RESULT checksum <sum of all C[i][j] * ((i + 3j) % 5 + 1), %.17g>
 *   XMP-RESULT value5   <max of all C[i][j]>
 *   XMP-RESULT time     <seconds of the product loop>
 * Integer-valued data: both values are exact (see matmul.mlir).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 130

static double a[N][N], b[N][N], c[N][N];

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  long nrep = argc > 1 ? strtol(argv[1], NULL, 10) : 1;
  int i, j, k;
  long r;

  for (i = 0; i < N; i++)
    for (k = 0; k < N; k++) {
      a[i][k] = (double)((i + 2 * k) % 7);
      b[i][k] = (double)((3 * i + k) % 7) - 3.0;
    }

  double t0 = wtime();
  for (r = 0; r < nrep; r++)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
        double s = 0.0;
        for (k = 0; k < N; k++)
          s += a[i][k] * b[k][j];
        c[i][j] = s;
      }
  double time = wtime() - t0;

  double sum = 0.0, max = -1.0 / 0.0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      sum += c[i][j] * (double)((i + 3 * j) % 5 + 1);
      if (c[i][j] > max)
        max = c[i][j];
    }

  printf("XMP-RESULT checksum %.17g\n", sum);
  printf("XMP-RESULT value5 %.17g\n", max);
  printf("XMP-RESULT time %.17g\n", time);
  return 0;
}
