/* nbody_ref.c -- sequential reference for nbody.mlir (direct-sum N-body,
 * thesis chapter 4): the same data, force kernel, update, step count and
 * results, no MPI.
 *
 *   clang-22 -O2 -ffp-contract=off -o nbody_ref nbody_ref.c -lm
 *   ./nbody_ref [nstep [N]]
 *     nstep  time steps (default 4), >= 0
 *     N      number of bodies (default 1001, the macro below), >= 1
 *   Bad arguments: a message on stderr, exit status 1.
 *
 * Prints
 *   XMP-RESULT checksum <sum over i of x+y+z after the last step, %.17g>
 *   XMP-RESULT value4   <kinetic energy sum m v^2 / 2>
 *   XMP-RESULT time     <seconds of the time-step loop>
 * The checksum is bit-for-bit that of nbody.mlir on any number of ranks;
 * value4 agrees within a relative 1e-12 (see nbody.mlir).
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ref_args.h"

#define N 1001

/* Number of bodies (the run-time N); pos, vel and acc are each one
 * contiguous block, row-major like double pos[nbody][3]. */
static int nbody;
static double *pos, *vel, *acc, *mass;

#define POS(i, d) pos[(size_t)(i) * 3 + (d)]
#define VEL(i, d) vel[(size_t)(i) * 3 + (d)]
#define ACC(i, d) acc[(size_t)(i) * 3 + (d)]

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  const char *prog = argv[0] ? argv[0] : "nbody_ref";
  long nstep = 4;
  const double eps2 = 0.01, dt = 0.001;
  int i, j, d;
  long s;

  nbody = N;
  if (argc > 3) {
    fprintf(stderr, "usage: %s [nstep [N]]\n", prog);
    return 1;
  }
  if (argc > 1)
    nstep = parse_long(prog, "step count", argv[1], 0, LONG_MAX);
  if (argc > 2) /* i * 71 must stay within int */
    nbody = (int)parse_long(prog, "N", argv[2], 1, INT_MAX / 71);

  size_t n = (size_t)nbody;
  pos = n <= SIZE_MAX / (3 * sizeof(double)) ? malloc(n * 3 * sizeof(double)) : NULL;
  vel = n <= SIZE_MAX / (3 * sizeof(double)) ? malloc(n * 3 * sizeof(double)) : NULL;
  acc = n <= SIZE_MAX / (3 * sizeof(double)) ? malloc(n * 3 * sizeof(double)) : NULL;
  mass = n <= SIZE_MAX / sizeof(double) ? malloc(n * sizeof(double)) : NULL;
  if (!pos || !vel || !acc || !mass) {
    fprintf(stderr, "%s: cannot allocate %d bodies\n", prog, nbody);
    return 1;
  }

  for (i = 0; i < nbody; i++) {
    POS(i, 0) = (double)(i * 37 % 101) / 101.0 - 0.5;
    POS(i, 1) = (double)(i * 53 % 103) / 103.0 - 0.5;
    POS(i, 2) = (double)(i * 71 % 107) / 107.0 - 0.5;
    VEL(i, 0) = VEL(i, 1) = VEL(i, 2) = 0.0;
    mass[i] = ((double)(i % 3) + 1.0) / (double)nbody;
  }

  double t0 = wtime();
  for (s = 0; s < nstep; s++) {
    for (i = 0; i < nbody; i++) {
      double xi = POS(i, 0), yi = POS(i, 1), zi = POS(i, 2);
      double ax = 0.0, ay = 0.0, az = 0.0;
      for (j = 0; j < nbody; j++) { /* no j != i test: eps2 > 0 */
        double dx = POS(j, 0) - xi, dy = POS(j, 1) - yi, dz = POS(j, 2) - zi;
        double r2 = dx * dx + dy * dy + dz * dz + eps2;
        double rinv = 1.0 / sqrt(r2);
        double f = mass[j] * (rinv * rinv * rinv);
        ax += f * dx;
        ay += f * dy;
        az += f * dz;
      }
      ACC(i, 0) = ax;
      ACC(i, 1) = ay;
      ACC(i, 2) = az;
    }
    for (i = 0; i < nbody; i++)
      for (d = 0; d < 3; d++) {
        VEL(i, d) += ACC(i, d) * dt;
        POS(i, d) += VEL(i, d) * dt;
      }
  }
  double time = wtime() - t0;

  double sum = 0.0, ekin = 0.0;
  for (i = 0; i < nbody; i++)
    sum = sum + POS(i, 0) + POS(i, 1) + POS(i, 2);
  for (i = 0; i < nbody; i++)
    ekin += mass[i] * (VEL(i, 0) * VEL(i, 0) + VEL(i, 1) * VEL(i, 1) +
                       VEL(i, 2) * VEL(i, 2));
  ekin *= 0.5;

  printf("XMP-RESULT checksum %.17g\n", sum);
  printf("XMP-RESULT value4 %.17g\n", ekin);
  printf("XMP-RESULT time %.17g\n", time);
  free(mass);
  free(acc);
  free(vel);
  free(pos);
  return 0;
}
