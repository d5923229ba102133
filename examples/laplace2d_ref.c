/* laplace2d_ref.c -- sequential reference for laplace2d.mlir (thesis
 * listing A.1): the same data, update, iteration count and checksum, no MPI.
 *
 *   clang-22 -O2 -ffp-contract=off -o laplace2d_ref laplace2d_ref.c
 *   ./laplace2d_ref [niter [XSIZE YSIZE]]
 *     niter        time steps (default 16), >= 0
 *     XSIZE YSIZE  grid size, both or neither, each >= 3 (default 256 192,
 *                  the macros below)
 *   Bad arguments: a message on stderr, exit status 1.
 *
 * Prints
 *   XMP-RESULT checksum <sum of all u, %.17g>
 *   XMP-RESULT time     <seconds of the time-step loop>
 * With the default 16 steps the checksum is exact (see laplace2d.mlir):
 *   XMP-RESULT checksum 245766.23198937299
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ref_args.h"

#define XSIZE 256
#define YSIZE 192

/* Grid size (the run-time XSIZE, YSIZE); u and uu are each one contiguous
 * block, row-major like double u[xsize][ysize]. */
static int xsize, ysize;
static double *u, *uu;

static inline size_t idx(int x, int y) {
  return (size_t)x * (size_t)ysize + (size_t)y;
}
#define U(x, y) u[idx(x, y)]
#define UU(x, y) uu[idx(x, y)]

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  const char *prog = argv[0] ? argv[0] : "laplace2d_ref";
  long niter = 16;
  int x, y;
  long t;

  xsize = XSIZE;
  ysize = YSIZE;
  if (argc != 1 && argc != 2 && argc != 4) {
    fprintf(stderr, "usage: %s [niter [XSIZE YSIZE]]\n", prog);
    return 1;
  }
  if (argc > 1)
    niter = parse_long(prog, "step count", argv[1], 0, LONG_MAX);
  if (argc > 2) {
    /* x * 7 + y * 3 must stay within int. */
    xsize = (int)parse_long(prog, "XSIZE", argv[2], 3, INT_MAX / 10);
    ysize = (int)parse_long(prog, "YSIZE", argv[3], 3, INT_MAX / 10);
  }

  size_t n = 0;
  if ((size_t)xsize <= SIZE_MAX / sizeof(double) / (size_t)ysize)
    n = (size_t)xsize * (size_t)ysize;
  u = n ? malloc(n * sizeof(double)) : NULL;
  uu = n ? malloc(n * sizeof(double)) : NULL;
  if (!u || !uu) {
    fprintf(stderr, "%s: cannot allocate a %dx%d grid\n", prog, xsize, ysize);
    return 1;
  }

  for (x = 0; x < xsize; x++)
    for (y = 0; y < ysize; y++) {
      U(x, y) = (double)((x * 7 + y * 3) % 11);
      UU(x, y) = 0.0;
    }

  double t0 = wtime();
  for (t = 0; t < niter; t++) {
    for (x = 1; x < xsize - 1; x++)
      for (y = 1; y < ysize - 1; y++)
        UU(x, y) = (U(x - 1, y) + U(x + 1, y) + U(x, y - 1) + U(x, y + 1)) * 0.25;
    for (x = 1; x < xsize - 1; x++)
      for (y = 1; y < ysize - 1; y++)
        U(x, y) = UU(x, y);
  }
  double time = wtime() - t0;

  double sum = 0.0;
  for (x = 0; x < xsize; x++)
    for (y = 0; y < ysize; y++)
      sum += U(x, y);

  printf("XMP-RESULT checksum %.17g\n", sum);
  printf("XMP-RESULT time %.17g\n", time);
  free(uu);
  free(u);
  return 0;
}
