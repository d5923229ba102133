/* laplace2d.c -- 2-D Laplace equation (Jacobi), thesis listing A.1 (XACC)
 * completed into a whole program. Every directive and loop of the listing
 * is here as written; the elided parts (declarations, initialization,
 * time measurement, checksum) are filled in. (The listing's time-step loop
 * counts with `t` but tests `k`; here it is `k`.)
 *
 *   xmpcc laplace2d.c -o laplace2d            (CPU: OpenACC runs on the host)
 *   mpirun -np 4 ./laplace2d [niter]
 *   clang-22 -O2 laplace2d.c -o laplace2d_seq  (the same source, sequential:
 *                                               a plain compiler ignores the
 *                                               pragmas)
 *
 * Grid XSIZE x YSIZE (default 256 x 192, -DXSIZE=... -DYSIZE=...), nodes
 * YNODES x XNODES (default `*`: sized from the MPI world). Data as in
 * laplace2d_ref.c: u[x][y] = (x*7 + y*3) % 11 (uu the same, so that the
 * boundary both arrays keep is the same), interior updated with the mean
 * of the 4 neighbours, u -> uu on even steps, uu -> u on odd ones.
 * Prints from node 1
 *   XMP-RESULT checksum <sum of the latest array, %.17g>
 *   XMP-RESULT time     <seconds of the time-step loop>
 * With 16 steps the checksum is exact and equals laplace2d_ref.c's:
 *   XMP-RESULT checksum 245766.23198937299
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef _XCALABLEMP
#include <xmp.h>
#else
#include "xmp_seq.h" /* a plain C compiler: one node */
#endif

#ifndef XSIZE
#define XSIZE 256
#endif
#ifndef YSIZE
#define YSIZE 192
#endif
#ifndef XNODES
#define XNODES *
#endif
#ifndef YNODES
#define YNODES *
#endif

double u[XSIZE][YSIZE], uu[XSIZE][YSIZE];

#pragma xmp nodes p(YNODES, XNODES)
#pragma xmp template t(0:YSIZE-1, 0:XSIZE-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align u[i][j] with t(j, i)
#pragma xmp align uu[i][j] with t(j, i)
#pragma xmp shadow u[1:1][1:1]
#pragma xmp shadow uu[1:1][1:1]

int main(int argc, char **argv)
{
    int x, y, k;
    int niter = 16;
    double sum = 0.0, t0, t1;

    if (argc > 1)
        niter = atoi(argv[1]);
    if (niter < 0) {
        if (xmp_node_num() == 1)
            printf("laplace2d: bad step count %d\n", niter);
        return 1;
    }

#pragma xmp loop (y, x) on t(y, x)
    for (x = 0; x < XSIZE; x++)
        for (y = 0; y < YSIZE; y++) {
            u[x][y] = (x * 7 + y * 3) % 11;
            uu[x][y] = u[x][y];
        }

#pragma xmp barrier
    t0 = xmp_wtime();
    #pragma acc data copy(u, uu)
    {
        #pragma xmp reflect_init (u) acc
        #pragma xmp reflect_init (uu) acc

        for (k = 0; k < niter; k++) {
            if ((k % 2) == 0) {
                #pragma xmp reflect_do (u) acc

                #pragma xmp loop (y, x) on t(y, x)
                #pragma acc parallel loop gang vector_length(256) async(1)
                for (x = 1; x < XSIZE-1; x++) {
                    #pragma acc loop vector
                    for (y = 1; y < YSIZE-1; y++) {
                        uu[x][y] = (u[x-1][y] + u[x+1][y] + u[x][y-1] + u[x][y+1]) * 0.25;
                    }
                }
            } else {
                #pragma xmp reflect_do (uu) acc

                #pragma xmp loop (y, x) on t(y, x)
                #pragma acc parallel loop gang vector_length(256) async(1)
                for (x = 1; x < XSIZE-1; x++) {
                    #pragma acc loop vector
                    for(y = 1; y < YSIZE-1; y++)
                        u[x][y] = (uu[x-1][y] + uu[x+1][y] + uu[x][y-1] + uu[x][y+1]) * 0.25;
                }
            }
        }
        #pragma acc wait
    }
#pragma xmp barrier
    t1 = xmp_wtime();

    /* Checksum of the array the last step wrote. */
    if (niter % 2 == 0) {
#pragma xmp loop (y, x) on t(y, x) reduction(+:sum)
        for (x = 0; x < XSIZE; x++)
            for (y = 0; y < YSIZE; y++)
                sum += u[x][y];
    } else {
#pragma xmp loop (y, x) on t(y, x) reduction(+:sum)
        for (x = 0; x < XSIZE; x++)
            for (y = 0; y < YSIZE; y++)
                sum += uu[x][y];
    }

    if (xmp_node_num() == 1) {
        printf("XMP-RESULT checksum %.17g\n", sum);
        printf("XMP-RESULT time %.6f\n", t1 - t0);
    }
    return 0;
}
