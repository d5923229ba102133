/* laplace2d_ref.c -- sequential reference for laplace2d.mlir (thesis
 * listing A.1): the same data, update, iteration count and checksum, no MPI.
 *
 *   clang-22 -O2 -ffp-contract=off -o laplace2d_ref laplace2d_ref.c
 *   ./laplace2d_ref [niter]          (default niter = 16)
 *
 * Prints
 *   XMP-RESULT checksum <sum of all u, %.17g>
 *   XMP-RESULT time     <seconds of the time-step loop>
 * With the default 16 steps the checksum is exact (see laplace2d.mlir):
 *   XMP-RESULT checksum 245766.23198937299
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define XSIZE 256
#define YSIZE 192

static double u[XSIZE][YSIZE], uu[XSIZE][YSIZE];

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  long niter = argc > 1 ? strtol(argv[1], NULL, 10) : 16;
  int x, y;
  long t;

  for (x = 0; x < XSIZE; x++)
    for (y = 0; y < YSIZE; y++) {
      u[x][y] = (double)((x * 7 + y * 3) % 11);
      uu[x][y] = 0.0;
    }

  double t0 = wtime();
  for (t = 0; t < niter; t++) {
    for (x = 1; x < XSIZE - 1; x++)
      for (y = 1; y < YSIZE - 1; y++)
        uu[x][y] = (u[x - 1][y] + u[x + 1][y] + u[x][y - 1] + u[x][y + 1]) * 0.25;
    for (x = 1; x < XSIZE - 1; x++)
      for (y = 1; y < YSIZE - 1; y++)
        u[x][y] = uu[x][y];
  }
  double time = wtime() - t0;

  double sum = 0.0;
  for (x = 0; x < XSIZE; x++)
    for (y = 0; y < YSIZE; y++)
      sum += u[x][y];

  printf("XMP-RESULT checksum %.17g\n", sum);
  printf("XMP-RESULT time %.17g\n", time);
  return 0;
}
