/* redistribute_ref.c -- sequential reference for redistribute.mlir and
 * redistribute_gblock.mlir: the same assignments, with every gmove an
 * ordinary element-wise copy, no MPI.
 *
 *   clang-22 -O2 -ffp-contract=off -o redistribute_ref redistribute_ref.c
 *   ./redistribute_ref
 *
 * Prints XMP-RESULT value10 .. value13 (integers, exact; see
 * redistribute.mlir for the parts; value11 is part (b), the gblock program).
 */
#include <stdio.h>

#define N 50
#define M 31
#define NG 20

static double wsum(const double *v, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += v[i] * (double)(i % 7 + 1);
  return s;
}

int main(void) {
  double ab[N], ac[N], ac3[N], r, xv[M], yv[M];
  double gb[NG], bb[NG];
  int i;

  /* (a) block <-> cyclic <-> cyclic(3) */
  for (i = 0; i < N; i++)
    ab[i] = (double)(i * 7 % 11);
  for (i = 0; i < N; i++)
    ac[i] = ab[i];
  for (i = 0; i < N; i++)
    ac[i] = ac[i] * 3.0 + (double)(i % 5);
  for (i = 0; i < N; i++)
    ac3[i] = ac[i];
  for (i = 1; i < N; i += 2)
    ac3[i] = ac3[i] + 1.0;
  for (i = 0; i < N; i++)
    ab[i] = ac3[i];
  for (i = 0; i < 25; i++)
    ab[i] = ac[1 + 2 * i];
  printf("XMP-RESULT value10 %.17g\n", wsum(ab, N));

  /* (b) gblock <-> block (redistribute_gblock.mlir) */
  for (i = 0; i < NG; i++)
    gb[i] = (double)(i * 3 % 7);
  for (i = 0; i < NG; i++)
    bb[i] = gb[i];
  for (i = 0; i < NG; i++)
    bb[i] = bb[i] * 2.0 + (double)(i % 3);
  for (i = 0; i < NG; i++)
    gb[i] = bb[i];
  for (i = 0; i < NG; i++)
    gb[i] = gb[i] + 1.0;
  printf("XMP-RESULT value11 %.17g\n", wsum(gb, NG));

  /* (c) CG transpose */
  for (i = 0; i < M; i++)
    xv[i] = (double)(i * 5 % 13);
  for (i = 0; i < M; i++)
    yv[i] = xv[i];
  for (i = 0; i < M; i++)
    yv[i] = yv[i] * 2.0 + 1.0;
  for (i = 0; i < M - 1; i++)
    xv[i] = yv[i + 1];
  printf("XMP-RESULT value12 %.17g\n", wsum(xv, M));

  /* (d) single elements */
  r = ab[5];
  r = r * 10.0 + 3.0;
  ac[7] = r;
  r = ac3[13];
  printf("XMP-RESULT value13 %.17g\n", wsum(ac, N) + r * 1000.0);
  return 0;
}
