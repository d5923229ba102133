/* nbody_ref.c -- sequential reference for nbody.mlir (direct-sum N-body,
 * thesis chapter 4): the same data, force kernel, update, step count and
 * results, no MPI.
 *
 *   clang-22 -O2 -ffp-contract=off -o nbody_ref nbody_ref.c -lm
 *   ./nbody_ref [nstep]              (default nstep = 4)
 *
 * Prints
 *   XMP-RESULT checksum <sum over i of x+y+z after the last step, %.17g>
 *   XMP-RESULT value4   <kinetic energy sum m v^2 / 2>
 *   XMP-RESULT time     <seconds of the time-step loop>
 * The checksum is bit-for-bit that of nbody.mlir on any number of ranks;
 * value4 agrees within a relative 1e-12 (see nbody.mlir).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 1001

static double pos[N][3], vel[N][3], acc[N][3], mass[N];

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  long nstep = argc > 1 ? strtol(argv[1], NULL, 10) : 4;
  const double eps2 = 0.01, dt = 0.001;
  int i, j, d;
  long s;

  for (i = 0; i < N; i++) {
    pos[i][0] = (double)(i * 37 % 101) / 101.0 - 0.5;
    pos[i][1] = (double)(i * 53 % 103) / 103.0 - 0.5;
    pos[i][2] = (double)(i * 71 % 107) / 107.0 - 0.5;
    vel[i][0] = vel[i][1] = vel[i][2] = 0.0;
    mass[i] = ((double)(i % 3) + 1.0) / (double)N;
  }

  double t0 = wtime();
  for (s = 0; s < nstep; s++) {
    for (i = 0; i < N; i++) {
      double xi = pos[i][0], yi = pos[i][1], zi = pos[i][2];
      double ax = 0.0, ay = 0.0, az = 0.0;
      for (j = 0; j < N; j++) { /* no j != i test: eps2 > 0 */
        double dx = pos[j][0] - xi, dy = pos[j][1] - yi, dz = pos[j][2] - zi;
        double r2 = dx * dx + dy * dy + dz * dz + eps2;
        double rinv = 1.0 / sqrt(r2);
        double f = mass[j] * (rinv * rinv * rinv);
        ax += f * dx;
        ay += f * dy;
        az += f * dz;
      }
      acc[i][0] = ax;
      acc[i][1] = ay;
      acc[i][2] = az;
    }
    for (i = 0; i < N; i++)
      for (d = 0; d < 3; d++) {
        vel[i][d] += acc[i][d] * dt;
        pos[i][d] += vel[i][d] * dt;
      }
  }
  double time = wtime() - t0;

  double sum = 0.0, ekin = 0.0;
  for (i = 0; i < N; i++)
    sum = sum + pos[i][0] + pos[i][1] + pos[i][2];
  for (i = 0; i < N; i++)
    ekin += mass[i] * (vel[i][0] * vel[i][0] + vel[i][1] * vel[i][1] +
                       vel[i][2] * vel[i][2]);
  ekin *= 0.5;

  printf("XMP-RESULT checksum %.17g\n", sum);
  printf("XMP-RESULT value4 %.17g\n", ekin);
  printf("XMP-RESULT time %.17g\n", time);
  return 0;
}
