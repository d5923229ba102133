// Sequential reference of nested.mlir: the same loop nests on plain
// arrays, the same output.
#include <stdio.h>

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

int main(void) {
  double m[12][6], x[6], y[12], b[10][9];
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 6; ++j)
      m[i][j] = 6 * i + j + 1;
  for (int j = 0; j < 6; ++j)
    x[j] = j + 0.5;
  for (int i = 0; i < 12; ++i) {
    double s = 0, mx = -1.0e300;
    for (int j = 0; j < 6; ++j) {
      s += m[i][j] * x[j];
      double d = m[i][j] - (double)j * j;
      mx = d > mx ? d : mx;
    }
    y[i] = s + mx;
  }
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 9; ++j)
      b[i][j] = j >= i ? 10 * i + j : -1;
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 9; j += 2) {
      double s = 0;
      for (int k = 0; k < 6; ++k)
        s += x[k] * k;
      b[i][j] += s;
    }
  int cnt = 0;
  for (int i = 0; i < 12; ++i) {
    int mj = -1;
    for (int j = 0; j < 6; ++j)
      mj = (i * j) % 7 > mj ? (i * j) % 7 : mj;
    cnt += mj;
  }
  double cs = 0;
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 9; ++j)
      cs += b[i][j] * (i + 1);
  pr(100, cnt);
  pr(101, cs);
  for (int i = 0; i < 12; ++i)
    pr(1000 + i, y[i]);
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 9; ++j)
      pr(2000 + i * 9 + j, b[i][j]);
  return 0;
}
