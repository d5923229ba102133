// Sequential reference of dist1d.mlir: the same loops on plain arrays, the
// same output in the same order.
#include <stdio.h>

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

static void run(int k, int n) {
  double a[32];
  for (int i = 0; i < n; ++i)
    a[i] = 3.0 * i + 1;
  for (int i = 1; i < n; i += 3)
    a[i] = a[i] * 2 - i;
  double s = 0, mx = -1.0e300, mn = 1.0e300;
  for (int i = 2; i < n - 1; i += 2) {
    s += a[i] * (i % 3 + 1);
    double d = a[i] - 2.0 * i;
    mx = d > mx ? d : mx;
    mn = d < mn ? d : mn;
  }
  double cs = 0;
  for (int i = 0; i < n; ++i)
    cs += a[i] * (i + 1);
  pr(100 * (k + 1), s);
  pr(100 * (k + 1) + 1, mx);
  pr(100 * (k + 1) + 2, mn);
  pr(100 * (k + 1) + 3, cs);
  for (int i = 0; i < n; ++i)
    pr(10000 * (k + 1) + i, a[i]);
}

int main(void) {
  // block, cyclic, cyclic(3) of 23; block of 3; cyclic(2) of 5
  const int sizes[] = {23, 23, 23, 3, 5};
  for (int k = 0; k < 5; ++k)
    run(k, sizes[k]);
  return 0;
}
