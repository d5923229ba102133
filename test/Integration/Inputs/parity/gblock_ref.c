// Sequential reference of gblock.mlir: the same loops on plain arrays, the
// same output in the same order.
#include <stdio.h>

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

int main(void) {
  // gblock([7, 0])
  double a0[7], s = 0, m = 1.0e300;
  for (int i = 0; i < 7; ++i)
    a0[i] = (double)i * i - 5;
  for (int i = 1; i < 7; i += 2)
    a0[i] += a0[i];
  for (int i = 0; i < 7; ++i) {
    s += a0[i];
    m = a0[i] < m ? a0[i] : m;
  }
  pr(100, s);
  pr(101, m);
  for (int i = 0; i < 7; ++i)
    pr(10000 + i, a0[i]);
  // gblock([3, 9]) with a periodic shadow
  double a1[12], b1[12], cs = 0;
  for (int i = 0; i < 12; ++i)
    a1[i] = (7 * i) % 12 + 1;
  for (int i = 0; i < 12; ++i)
    b1[i] = a1[(i + 11) % 12] + 2 * a1[i] + 3 * a1[(i + 1) % 12];
  for (int i = 0; i < 12; ++i)
    cs += (b1[i] - a1[(i + 11) % 12] * a1[(i + 1) % 12]) * (i + 1);
  pr(200, cs);
  for (int i = 0; i < 12; ++i)
    pr(20000 + i, b1[i]);
  // [gblock([4, 9]), block] of 13x10
  double a2[13][10], s2 = 0, m2 = -1.0e300;
  for (int i = 0; i < 13; ++i)
    for (int j = 0; j < 10; ++j)
      a2[i][j] = 10.0 * i - j;
  for (int i = 2; i < 13; i += 3)
    for (int j = 1; j < 10; j += 2)
      a2[i][j] *= a2[i][j];
  for (int i = 0; i < 13; ++i)
    for (int j = 0; j < 10; ++j) {
      s2 += a2[i][j] * j;
      m2 = a2[i][j] > m2 ? a2[i][j] : m2;
    }
  pr(300, s2);
  pr(301, m2);
  for (int i = 0; i < 13; ++i)
    for (int j = 0; j < 10; ++j)
      pr(30000 + i * 10 + j, a2[i][j]);
  return 0;
}
