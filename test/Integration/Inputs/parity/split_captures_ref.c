// Sequential reference of split_captures.mlir: the same values, printed in
// the same order.
#include <stdio.h>

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

int main(void) {
  double a[41] = {0}, b[41] = {0}, m[11][13] = {{0}};
  for (int s = 0; s < 3; ++s) {
    double r = 0;
    for (int i = 0; i < 41; ++i) {
      double v = (double)(i + s + 2) * (double)s + 0.5;
      if (s == 1)
        v = v + 1.0;
      a[i] = v;
      r += v;
    }
    pr(100 + 2 * s, r);
    for (int i = 0; i < 40; ++i)
      b[i] = a[i] * (double)s;
    double ms = 0, mx = -1.0 / 0.0;
    for (int i = 0; i < 11; ++i)
      for (int j = 1; j < 13; j += 2) {
        m[i][j] = (double)(i * 13 + j + s);
        ms += m[i][j];
        double h = (double)((i * 7 + j * 5) % 17 + s);
        mx = h > mx ? h : mx;
      }
    pr(200 + 2 * s, ms);
    pr(201 + 2 * s, mx);
  }
  for (int j = 0; j < 41; ++j) {
    pr(1000 + j, a[j]);
    pr(2000 + j, b[j]);
  }
  for (int e = 0; e < 143; ++e)
    pr(3000 + e, m[e / 13][e % 13]);
  return 0;
}
