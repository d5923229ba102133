// Declared node subsets (nodes q(...) = p(...)): a template distributed
// onto the first two nodes, tasks, reduction, bcast and barrier on the
// subsets, and the inquiry functions in them. Run on 2 or more nodes;
// plain clang (which ignores the pragmas) prints the same results: every
// node-count dependent value is checked by the program itself.
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif
#define N 19
#pragma xmp nodes p(*)
#pragma xmp nodes q(2) = p(1:2)
#pragma xmp nodes r(*) = p(2:)
#pragma xmp nodes one(1) = q(2:2)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto q
double a[N];
#pragma xmp align a[i] with t(i)

int main(void) {
  int i, me = 1, n = 2, errors = 0;
  double s = 0;
  long x, y = 0, y1, want;
#ifdef _XCALABLEMP
  me = xmp_node_num();
  n = xmp_num_nodes();
#endif
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    a[i] = i * 3 + 1;
#pragma xmp task on q
  {
#pragma xmp loop on t(i) reduction(+: s)
    for (i = 0; i < N; i++)
      s += a[i] * (i + 1);
#ifdef _XCALABLEMP
    if (xmp_num_nodes() != 2 || xmp_node_num() != me)
      errors++;
#endif
    y = me == 2 ? 77 : 0;
#pragma xmp bcast (y) from q(2) on q
#ifndef _XCALABLEMP
    y = 77; // node 2's value
#endif
#pragma xmp barrier on q
  }
  y1 = y;
  // r: every node but the first; the sum of their numbers.
  x = me;
#pragma xmp task on r
  {
#pragma xmp reduction(+: x) on r
#ifdef _XCALABLEMP
    if (xmp_num_nodes() != n - 1 || xmp_node_num() != me - 1)
      errors++;
#endif
    want = (long)n * (n + 1) / 2 - 1;
#ifndef _XCALABLEMP
    want = x;
#endif
    if (x != want)
      errors++;
  }
#pragma xmp task on one
  {
#ifdef _XCALABLEMP
    y += 1;
    if (me != 2 || xmp_num_nodes() != 1 || y != 78)
      errors++;
#endif
  }
#pragma xmp reduction(+: errors)
  if (me == 1) { // in q, not in r nor in one: its values did not change
    printf("XMP-RESULT sum %.17g\n", s);
    printf("XMP-RESULT bcast %ld\n", y1);
    printf("XMP-RESULT after %ld\n", y);
    printf("XMP-RESULT errors %d\n", errors);
  }
  return 0;
}
