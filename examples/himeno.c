/* himeno.c -- the Himeno benchmark (Jacobi kernel of a 3-D Poisson solver),
 * thesis listing A.2 (XcalableACC) completed into a whole program. Every
 * directive and loop of the listing is here as written; the elided parts
 * (declarations, initmt(), the time measurement, the gosa output) are
 * filled in after himenoBMTxps.c. (The listing's `#pragma xmp reflect.do
 * (p) acc` is a typesetting slip for reflect_do; here it is reflect_do.)
 *
 *   xmpcc himeno.c -o himeno            (CPU: OpenACC runs on the host)
 *   xmpcc --gpu himeno.c -o himeno_gpu  (OpenACC mapped onto device data
 *                                        and device loops, docs/frontend.md)
 *   mpirun -np 4 ./himeno [nn]
 *   clang-22 -O2 -ffp-contract=off himeno.c -o himeno_seq   (the same
 *       source, sequential: a plain compiler ignores the pragmas)
 *
 * Sizes by macro, as in himenoBMTxps.c: XS (33 x 33 x 65, the default, the
 * size examples/himeno.mlir runs without arguments), -DSMALL (65 x 65 x
 * 129), -DMIDDLE (129 x 129 x 257), -DLARGE (257 x 257 x 513); or
 * -DMIMAX=.. -DMJMAX=.. -DMKMAX=.. (all three). Nodes n(NDY, NDX): default
 * `*` for both (sized from the MPI world), -DNDX=2 -DNDY=2 for a static
 * grid; the i dimension is split over NDX, j over NDY, k is not split.
 * nn (iterations) is argv[1], default 20.
 *
 * Prints from node 1
 *   XMP-RESULT gosa   <gosa of the last iteration, %.17g>
 *   XMP-RESULT mflops <34*(imax-2)*(jmax-2)*(kmax-2)*nn / time * 1e-6>
 *   XMP-RESULT time   <seconds of jacobi(nn), as himenoBMTxps.c measures
 *                      it: with --gpu this includes the acc data region's
 *                      copies in and out>
 * Every element of p is computed with the same f32 operations in the same
 * order as in himeno_ref.c and himeno.mlir (compile with -ffp-contract=off,
 * as xmpcc does); gosa is summed per node in iteration order, then over
 * the nodes: on one rank the CPU build prints the sequential gosa bit for
 * bit, on more ranks the same gosa as himeno.mlir on as many ranks.
 * Expected (XS, 20 iterations): XMP-RESULT gosa 0.0046446309424936771
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef _XCALABLEMP
#include <xmp.h>
#else
#include "xmp_seq.h" /* a plain C compiler: one node */
#endif

#include "himeno_sizes.h" /* MIMAX, MJMAX, MKMAX */
#ifndef NDX
#define NDX *
#endif
#ifndef NDY
#define NDY *
#endif

float p[MIMAX][MJMAX][MKMAX];
float a[4][MIMAX][MJMAX][MKMAX], b[3][MIMAX][MJMAX][MKMAX],
    c[3][MIMAX][MJMAX][MKMAX];
float bnd[MIMAX][MJMAX][MKMAX];
float wrk1[MIMAX][MJMAX][MKMAX], wrk2[MIMAX][MJMAX][MKMAX];

#pragma xmp template t(0:MKMAX-1, 0:MJMAX-1, 0:MIMAX-1)
#pragma xmp nodes n(NDY, NDX)
#pragma xmp distribute t(*, block, block) onto n
#pragma xmp align p[k][j][i] with t(i, j, k)
#pragma xmp align bnd[k][j][i] with t(i, j, k)
#pragma xmp align wrk1[k][j][i] with t(i, j, k)
#pragma xmp align wrk2[k][j][i] with t(i, j, k)
#pragma xmp align a[*][k][j][i] with t(i, j, k)
#pragma xmp align b[*][k][j][i] with t(i, j, k)
#pragma xmp align c[*][k][j][i] with t(i, j, k)
#pragma xmp shadow p[1][1][0]

int imax, jmax, kmax;
float omega;

static void initmt(void)
{
  int i, j, k;

#pragma xmp loop (k,j,i) on t(k,j,i)
  for (i = 0; i < MIMAX; ++i)
    for (j = 0; j < MJMAX; ++j)
      for (k = 0; k < MKMAX; ++k) {
        a[0][i][j][k] = 0.0;
        a[1][i][j][k] = 0.0;
        a[2][i][j][k] = 0.0;
        a[3][i][j][k] = 0.0;
        b[0][i][j][k] = 0.0;
        b[1][i][j][k] = 0.0;
        b[2][i][j][k] = 0.0;
        c[0][i][j][k] = 0.0;
        c[1][i][j][k] = 0.0;
        c[2][i][j][k] = 0.0;
        p[i][j][k] = 0.0;
        wrk1[i][j][k] = 0.0;
        wrk2[i][j][k] = 0.0;
        bnd[i][j][k] = 0.0;
      }

#pragma xmp loop (k,j,i) on t(k,j,i)
  for (i = 0; i < imax; ++i)
    for (j = 0; j < jmax; ++j)
      for (k = 0; k < kmax; ++k) {
        a[0][i][j][k] = 1.0;
        a[1][i][j][k] = 1.0;
        a[2][i][j][k] = 1.0;
        a[3][i][j][k] = 1.0 / 6.0;
        b[0][i][j][k] = 0.0;
        b[1][i][j][k] = 0.0;
        b[2][i][j][k] = 0.0;
        c[0][i][j][k] = 1.0;
        c[1][i][j][k] = 1.0;
        c[2][i][j][k] = 1.0;
        p[i][j][k] = (float)(i * i) / (float)((imax - 1) * (imax - 1));
        wrk1[i][j][k] = 0.0;
        bnd[i][j][k] = 1.0;
      }
}

/* Listing A.2. */
static float jacobi(int nn)
{
  int i, j, k, n;
  float gosa = 0.0, s0, ss;

#pragma acc data copy(p, bnd, wrk1, wrk2, a, b, c) create(gosa)
  {
#pragma xmp reflect_init (p) acc
    /* The halo of the initial p (initmt() wrote the host's blocks, which
     * the data construct copied in). */
#pragma xmp reflect_do (p) acc
    for (n = 0; n < nn; ++n) {
      gosa = 0.0;
#pragma acc update device(gosa)

#pragma xmp loop (k,j,i) on t(k,j,i)
#pragma acc parallel loop firstprivate(omega) reduction(+:gosa) collapse(2) gang vector_length(64) async
      for (i = 1; i < imax-1; ++i)
        for (j = 1; j < jmax-1; ++j) {
#pragma acc loop vector reduction(+:gosa) private(s0, ss)
          for (k = 1; k < kmax-1; ++k) {
            s0 = a[0][i][j][k] * p[i+1][j][k] + a[1][i][j][k] * p[i][j+1][k] + a[2][i][j][k] * p[i][j][k+1] + b
                [0][i][j][k] * ( p[i+1][j+1][k] - p[i+1][j-1][k] - p[i-1][j+1][k] + p[i-1][j-1][k] ) +
                b[1][i][j][k] * ( p[i][j+1][k+1] - p[i][j-1][k+1] - p[i][j+1][k-1] + p[i][j-1][k-1] ) +
                b[2][i][j][k] * ( p[i+1][j][k+1] - p[i-1][j][k+1] - p[i+1][j][k-1] + p[i-1][j][k-1] )
                + c[0][i][j][k] * p[i-1][j][k] + c[1][i][j][k] * p[i][j-1][k] + c[2][i][j][k] * p[i][j][k-1] +
                wrk1[i][j][k];
            ss = ( s0 * a[3][i][j][k] - p[i][j][k] ) * bnd[i][j][k];
            gosa += ss*ss;

            wrk2[i][j][k] = p[i][j][k] + omega * ss;
          }
        }

#pragma xmp loop (k,j,i) on t(k,j,i)
#pragma acc parallel loop collapse(2) gang vector_length(64) async
      for (i = 1; i < imax-1; ++i)
        for (j = 1; j < jmax-1; ++j) {
#pragma acc loop vector
          for (k = 1; k < kmax-1; ++k)
            p[i][j][k] = wrk2[i][j][k];
        }

#pragma acc wait
#pragma xmp reflect_do (p) acc
#pragma xmp reduction(+:gosa) acc
#pragma acc update host (gosa)
    } /* end n loop */
  } //end of acc data
  return gosa;
}

int main(int argc, char **argv)
{
  int nn = 20;
  float gosa;
  double cpu0, cpu1, nflop, xmflops2;

  if (argc > 1)
    nn = atoi(argv[1]);
  if (nn < 0) {
    if (xmp_node_num() == 1)
      printf("himeno: bad iteration count %d\n", nn);
    return 1;
  }

  imax = MIMAX - 1;
  jmax = MJMAX - 1;
  kmax = MKMAX - 1;
  omega = 0.8;
  initmt();

#pragma xmp barrier
  cpu0 = xmp_wtime();
  gosa = jacobi(nn);
#pragma xmp barrier
  cpu1 = xmp_wtime();

  nflop = (double)(kmax - 2) * (double)(jmax - 2) * (double)(imax - 2) * 34.0;
  xmflops2 = nflop / (cpu1 - cpu0) * 1.e-6 * (double)nn;
  if (xmp_node_num() == 1) {
    printf("XMP-RESULT gosa %.17g\n", (double)gosa);
    printf("XMP-RESULT mflops %.17g\n", xmflops2);
    printf("XMP-RESULT time %.17g\n", cpu1 - cpu0);
  }
  return 0;
}
