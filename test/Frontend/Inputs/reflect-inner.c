/* Jacobi on rows distributed by block with an inner loop over columns:
 * a reflect before the loop (xmp-overlap-halo splits the loop into an
 * interior and boundary nests, each with its own copy of the inner loop),
 * a loop with margin(1) (one nest per frame box), an inner while loop
 * and a reduction. Compiled by plain clang too (the pragmas ignored): the
 * outputs must be identical. */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif
#define N 23
#define M 7
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double u[N][M], v[N][M];
#pragma xmp align u[i][*] with t(i)
#pragma xmp align v[i][*] with t(i)
#pragma xmp shadow u[1][0]

int main(void) {
  int i, j, k;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      u[i][j] = (i * 7 + j * 3) % 11;
      v[i][j] = 0;
    }
  for (k = 0; k < 5; k++) {
#pragma xmp reflect (u)
#pragma xmp loop on t(i)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < M - 1; j++)
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
#pragma xmp loop on t(i)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < M - 1; j++)
        u[i][j] = v[i][j];
  }
  double s = 0;
#pragma xmp reflect (u)
#pragma xmp loop on t(i) reduction(+:s)
  for (i = 1; i < N - 1; i++) {
    j = 0;
    while (j < M) {
      s += u[i - 1][j] * (j + 1) + u[i][j];
      j += 2;
    }
  }
  /* Every row + 1, then margin(1) does the same on the shadow rows (the
   * rows the reflect filled: only what the widening adds), so that the
   * loop after it reads its neighbours' updated rows without another
   * reflect. Plain clang runs neither margin loop nor reflect. */
#pragma xmp reflect (u)
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      u[i][j] = u[i][j] + 1;
#ifdef _XCALABLEMP
#pragma xmp loop on t(i) margin(1)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      u[i][j] = u[i][j] + 1;
#endif
#pragma xmp loop on t(i) reduction(+:s)
  for (i = 1; i < N; i++)
    for (j = 0; j < M; j++)
      s += u[i - 1][j] * (i + j);
#pragma xmp loop on t(i) reduction(+:s)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      s += u[i][j] * (i + 1);
  int me = 1;
#ifdef _XCALABLEMP
  me = xmp_node_num();
#endif
  if (me == 1)
    printf("checksum %.10f\n", s);
  return 0;
}
