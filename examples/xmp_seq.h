/* xmp_seq.h -- what the C listings (laplace2d.c, himeno.c) use of xmp.h,
 * for a plain C compiler, which ignores the pragmas and runs the program
 * sequentially: one node (node 1) and a wall clock. */
#ifndef XMP_EXAMPLES_XMP_SEQ_H
#define XMP_EXAMPLES_XMP_SEQ_H

#include <time.h>

static int xmp_node_num(void) { return 1; }

static double xmp_wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
