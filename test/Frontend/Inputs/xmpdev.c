/* XMP-dev directives on a template with lower bound 1 (t(1:N), N = 37:
 * uneven on 2-7 nodes): reset_weight with a variable, a replicate region,
 * a device loop with a reduction, checked against the same source compiled
 * by plain clang (xmpdev.test). */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
#endif
#define N 37
double a[N + 1];
#pragma xmp nodes p(*)
#pragma xmp template t(1:N)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
int main(void) {
  int i;
  double s = 0, w = 0.5;
#pragma xmp loop on t(i)
  for (i = 1; i <= N; i++) a[i] = i * 3 % 7;
#pragma xmp device reset_weight (w)
#pragma xmp device replicate (a)
  {
#pragma xmp device replicate_sync in (a)
#pragma xmp device loop on t(i) reduction(+:s)
    for (i = 1; i <= N; i++) { a[i] = a[i] * i + 1; s += a[i]; }
#pragma xmp device replicate_sync out (a)
  }
  double t2 = 0;
#pragma xmp loop on t(i) reduction(+:t2)
  for (i = 1; i <= N; i++) t2 += a[i] * (i % 4);
  if (xmp_node_num() == 1) printf("XMP-RESULT s %.17g\nXMP-RESULT t %.17g\n", s, t2);
  return 0;
}
