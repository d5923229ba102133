// Sequential reference of dist2d.mlir: the same loops on plain arrays (the
// three templates compute the same values), the same output in the same
// order.
#include <stdio.h>

enum { N0 = 13, N1 = 11 };

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

static void run(int k) {
  double a[N0][N1], b[N1][N0];
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j)
      a[i][j] = 100.0 * i + j + 1;
  for (int i = 1; i < N0; i += 2)
    for (int j = 2; j < N1; j += 3)
      a[i][j] = a[i][j] * 3 - j;
  for (int j = 1; j < 10; ++j)
    a[4][j] += 0.5;
  double s = 0, m = -1.0e300;
  for (int i = 0; i < N0; ++i)
    for (int j = 1; j < 10; j += 2) {
      s += a[i][j] * (i % 3 + 1);
      double d = a[i][j] - 7.0 * j;
      m = d > m ? d : m;
    }
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j)
      b[j][i] = a[i][j] * 0.5;
  double cs = 0;
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j)
      cs += a[i][j] * (i + 1) + b[j][i];
  pr(100 * (k + 1), s);
  pr(100 * (k + 1) + 1, m);
  pr(100 * (k + 1) + 2, cs);
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j) {
      pr(100000L * (k + 1) + i * N1 + j, a[i][j]);
      pr(100000L * (k + 1) + 50000 + i * N1 + j, b[j][i]);
    }
}

int main(void) {
  for (int k = 0; k < 3; ++k) // [block, cyclic], [cyclic(2), block], [cyclic, cyclic(3)]
    run(k);
  return 0;
}
