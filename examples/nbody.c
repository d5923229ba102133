/* nbody.c -- the direct-sum N-body of thesis chapter 4 in XMP-dev C
 * (section 3.3's directives and chapter 4's reset_weight and
 * xmp_cpu_wtime / xmp_gpu_wtime, listing 4.6), the C form of nbody.mlir:
 * the same data, force kernel, update and results.
 *
 *   xmpcc nbody.c -o nbody [--gpu] [-DN=32768]
 *   mpirun -np 4 ./nbody [steps [weight]]
 *   clang-22 -O2 -ffp-contract=off nbody.c -o nbody_seq -lm   (the same
 *        source, sequential: a plain compiler ignores the pragmas)
 *
 * The particles are block-distributed over the nodes (`nodes p(*)`); every
 * node needs the positions of all of them, so the j-particle array `jp`
 * (x, y, z, m) has a full shadow and `reflect` gathers it (thesis section
 * 3.2: the reflect of a full shadow is an all-gather). Each step:
 *   1. each node copies its own particles into its rows of jp;
 *   2. `reflect (jp)` fills the rest; `device replicate_sync in (jp)`
 *      copies it to the device;
 *   3. a `device loop` over the own particles sums the accelerations over
 *      all j = 0..N-1 (shared between the GPU and the CPU cores by the CPU
 *      weight; in a CPU build, all on the CPU cores); `device
 *      replicate_sync out (acc)` brings them back;
 *   4. an XMP loop updates v += a dt, x += v dt.
 * jp and acc have device instances for the whole time loop (`device
 * replicate (jp, acc)`).
 *
 * N particles (default 1001 = 7 * 11 * 13: uneven blocks on 2, 3 and 4
 * nodes; -DN=...). argv[1] = time steps (default 4); argv[2] = the CPU
 * weight in thousandths (0 = all on the GPU, 1000 = all on the CPU), or -1
 * (default): listing 4.6's adaptation, which starts from 0.2 (the thesis's
 * evaluation) and moves the weight by 0.01 each step towards equal CPU and
 * GPU times. The results do not depend on the weight.
 *
 * Data as in nbody.mlir (i = 0..N-1): x = (i*37 % 101)/101 - 0.5,
 * y = (i*53 % 103)/103 - 0.5, z = (i*71 % 107)/107 - 0.5, v = 0,
 * m = (1 + i % 3)/N; eps^2 = 0.01, dt = 0.001.
 * Prints from node 1
 *   XMP-RESULT checksum <sum over i of x+y+z after the last step, %.17g>
 *   XMP-RESULT value4   <kinetic energy sum m v^2 / 2>
 *   XMP-RESULT time     <seconds of the time-step loop>
 * Every node computes each acceleration with the operations of
 * nbody_ref.c in the same order, and the checksum is summed in index order
 * from the gathered copy jp, so it equals nbody_ref.c's (and nbody.mlir's)
 * bit for bit; value4 comes from a reduction loop whose partial sums
 * depend on the distribution (compare with a relative tolerance of 1e-12).
 * Expected with 4 steps (`nbody_ref 4`):
 *   XMP-RESULT checksum -11.703553816063653
 *   XMP-RESULT value4 0.00018228648689407146
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef _XCALABLEMP
#include <xmp.h>
#else
#include "xmp_seq.h" /* a plain C compiler: one node */
#endif

#ifndef N
#define N 1001
#endif
#define EPS2 0.01
#define DT 0.001

double pos[N][3], vel[N][3], acc[N][3], mass[N], jp[N][4];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align pos[i][*] with t(i)
#pragma xmp align vel[i][*] with t(i)
#pragma xmp align acc[i][*] with t(i)
#pragma xmp align jp[i][*] with t(i)
#pragma xmp align mass[i] with t(i)
#pragma xmp shadow jp[*][0]

int main(int argc, char **argv)
{
    int i, j, d, step;
    int nstep = 4, wsel = -1;
    double cpu_weight, sum = 0.0, ekin = 0.0, t0, t1;

    if (argc > 1)
        nstep = atoi(argv[1]);
    if (argc > 2)
        wsel = atoi(argv[2]);
    if (nstep < 0 || wsel < -1 || wsel > 1000) {
        if (xmp_node_num() == 1)
            printf("nbody: usage: nbody [steps >= 0 [weight in thousandths "
                   "0..1000, or -1]]\n");
        return 1;
    }
    cpu_weight = wsel < 0 ? 0.2 : wsel / 1000.0;

#pragma xmp loop on t(i)
    for (i = 0; i < N; i++) {
        pos[i][0] = (double)(i * 37 % 101) / 101.0 - 0.5;
        pos[i][1] = (double)(i * 53 % 103) / 103.0 - 0.5;
        pos[i][2] = (double)(i * 71 % 107) / 107.0 - 0.5;
        vel[i][0] = 0.0;
        vel[i][1] = 0.0;
        vel[i][2] = 0.0;
        mass[i] = ((double)(i % 3) + 1.0) / (double)N;
    }

#pragma xmp device reset_weight (cpu_weight)
#pragma xmp barrier
    t0 = xmp_wtime();
#pragma xmp device replicate (jp, acc)
    {
        for (step = 0; step < nstep; step++) {
            /* 1-2. the own particles, then everybody's. */
#pragma xmp loop on t(i)
            for (i = 0; i < N; i++) {
                jp[i][0] = pos[i][0];
                jp[i][1] = pos[i][1];
                jp[i][2] = pos[i][2];
                jp[i][3] = mass[i];
            }
#pragma xmp reflect (jp)
#pragma xmp device replicate_sync in (jp)

            /* 3. accelerations of the own particles. */
#pragma xmp device loop on t(i)
            for (i = 0; i < N; i++) {
                double xi = jp[i][0], yi = jp[i][1], zi = jp[i][2];
                double ax = 0.0, ay = 0.0, az = 0.0;
                for (j = 0; j < N; j++) {
                    double dx = jp[j][0] - xi;
                    double dy = jp[j][1] - yi;
                    double dz = jp[j][2] - zi;
                    double r2 = dx * dx + dy * dy + dz * dz + EPS2;
                    double rinv = 1.0 / sqrt(r2);
                    double f = jp[j][3] * (rinv * rinv * rinv);
                    ax += f * dx;
                    ay += f * dy;
                    az += f * dz;
                }
                acc[i][0] = ax;
                acc[i][1] = ay;
                acc[i][2] = az;
            }
#pragma xmp device replicate_sync out (acc)

            /* Listing 4.6: move the CPU weight towards equal CPU and GPU
             * times of the device loop. */
            if (wsel < 0) {
                double cpu_time = xmp_cpu_wtime();
                double gpu_time = xmp_gpu_wtime();
                double cpu_ratio = cpu_time / (cpu_time + gpu_time) * 100;

                if (cpu_ratio > 51 && cpu_weight >= 0.01)
                    cpu_weight -= 0.01;
                if (cpu_ratio < 49 && cpu_weight <= 0.99)
                    cpu_weight += 0.01;
#pragma xmp device reset_weight (cpu_weight)
            }

            /* 4. v += a dt; x += v dt. */
#pragma xmp loop on t(i)
            for (i = 0; i < N; i++)
                for (d = 0; d < 3; d++) {
                    vel[i][d] = vel[i][d] + acc[i][d] * DT;
                    pos[i][d] = pos[i][d] + vel[i][d] * DT;
                }
        }
    }
#pragma xmp barrier
    t1 = xmp_wtime();

    /* Checksum in index order from the gathered copy (every node has all
     * of jp after the reflect). */
#pragma xmp loop on t(i)
    for (i = 0; i < N; i++) {
        jp[i][0] = pos[i][0];
        jp[i][1] = pos[i][1];
        jp[i][2] = pos[i][2];
    }
#pragma xmp reflect (jp)
    for (i = 0; i < N; i++) {
        sum += jp[i][0];
        sum += jp[i][1];
        sum += jp[i][2];
    }

#pragma xmp loop on t(i) reduction(+:ekin)
    for (i = 0; i < N; i++)
        ekin += mass[i] * (vel[i][0] * vel[i][0] + vel[i][1] * vel[i][1] +
                           vel[i][2] * vel[i][2]);
    ekin = ekin * 0.5;

    if (xmp_node_num() == 1) {
        printf("XMP-RESULT checksum %.17g\n", sum);
        printf("XMP-RESULT value4 %.17g\n", ekin);
        printf("XMP-RESULT time %.6f\n", t1 - t0);
    }
    return 0;
}
