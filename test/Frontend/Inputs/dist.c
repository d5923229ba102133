/* One distribution (DIST, default block) of a 1-D template over all nodes,
 * a 1-D and a 2-D array aligned with it, loops and reductions of every
 * kind, reduction and bcast directives. The same source compiled by plain
 * clang is the reference: every printed value is independent of the node
 * count. */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
static int xmp_num_nodes(void) { return 1; }
#endif

#ifndef DIST
#define DIST block
#endif
#define N 37
#define M 5

double a[N];
long b[N][M];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(DIST) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i][*] with t(i)

int main(void) {
  int i, j;
  double sum = 0.0, prod = 1.0, mx = -1e30, mn = 1e30, part = 0.0;
  long lsum = 0, lmax = -1000000, lmin = 1000000, bor = 0, bxor = 0, band = -1;
  int cnt = 0, x = 0, ok = 0;

#pragma xmp loop (i) on t(i)
  for (i = 0; i < N; i++) {
    a[i] = (i * 13 % 17) - 8.5;
    for (j = 0; j < M; j++)
      b[i][j] = (i * 7 + j * 3) % 23 - 11;
  }

#pragma xmp loop (i) on t(i) reduction(+:sum) reduction(max:mx) reduction(min:mn)
  for (i = 0; i < N; i++) {
    sum += a[i];
    if (a[i] > mx)
      mx = a[i];
    if (a[i] < mn)
      mn = a[i];
  }

#pragma xmp loop (i) on t(i) reduction(*:prod)
  for (i = 1; i <= 20; i++)
    prod *= 1.0 + a[i] / 64;

#pragma xmp loop (i) on t(i) reduction(+:lsum, cnt) reduction(max:lmax) reduction(min:lmin) reduction(|:bor) reduction(^:bxor) reduction(&:band)
  for (i = 2; i < N - 1; i += 3)
    for (j = 0; j < M; j++) {
      lsum += b[i][j];
      cnt++;
      lmax = b[i][j] > lmax ? b[i][j] : lmax;
      lmin = b[i][j] < lmin ? b[i][j] : lmin;
      bor |= b[i][j] + 11;
      bxor ^= b[i][j] + 11;
      band &= b[i][j] + 40;
    }

  /* A node's own part, combined by the reduction directive. */
#pragma xmp loop (i) on t(i)
  for (i = 0; i < N; i++)
    part += a[i] * i;
#pragma xmp reduction(+:part)

  /* bcast: node 1's value reaches every node. */
  if (xmp_node_num() == 1)
    x = 42;
#pragma xmp bcast (x)
  ok = x == 42;
#pragma xmp reduction(+:ok)
#pragma xmp barrier

  if (xmp_node_num() == 1) {
    printf("XMP-RESULT sum %.17g\n", sum);
    printf("XMP-RESULT max %.17g\n", mx);
    printf("XMP-RESULT min %.17g\n", mn);
    printf("XMP-RESULT prod %.17g\n", prod);
    printf("XMP-RESULT lsum %ld\n", lsum);
    printf("XMP-RESULT cnt %d\n", cnt);
    printf("XMP-RESULT lmax %ld\n", lmax);
    printf("XMP-RESULT lmin %ld\n", lmin);
    printf("XMP-RESULT bor %ld\n", bor);
    printf("XMP-RESULT bxor %ld\n", bxor);
    printf("XMP-RESULT band %ld\n", band);
    printf("XMP-RESULT part %.17g\n", part);
    printf("XMP-RESULT bcast %d\n", ok == xmp_num_nodes());
  }
  return 0;
}
