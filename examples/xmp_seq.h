/* xmp_seq.h -- what the C listings (laplace2d.c, himeno.c, nbody.c) use of
 * xmp.h, for a plain C compiler, which ignores the pragmas and runs the
 * program sequentially: one node (node 1), a wall clock, and XMP-dev's
 * times of the CPU and GPU parts of a device loop (no device loop here: 0). */
#ifndef XMP_EXAMPLES_XMP_SEQ_H
#define XMP_EXAMPLES_XMP_SEQ_H

#include <time.h>

static int xmp_node_num(void) { return 1; }

static double xmp_wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double xmp_cpu_wtime(void) { return 0.0; }
static double xmp_gpu_wtime(void) { return 0.0; }

#endif
