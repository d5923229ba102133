// Sequential reference of overlap.mlir: the same stencils, error counts
// (always 0) and checksums on plain arrays, printed in the same order.
#include <stdio.h>

static double val(long i, long j, long r) {
  return 1 + (31 * i + 17 * j) % 101 + 1000 * r;
}
static double sw(long i, long j, long pi, long pj) {
  return 4 * pi + pj + 5 - i - j;
}
static double term(long i, long j, long pi, long pj, long r) {
  return val(pi, pj, r) * sw(i, j, pi, pj);
}
static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

int main(void) {
  for (long r = 0; r < 2; ++r) {
    // A: the 9-point stencil on 13x11, i in 1..11, j in 1..9.
    double sumA = 0, csA = 0;
    for (long i = 0; i < 13; ++i)
      for (long j = 0; j < 11; ++j) {
        double b = 0;
        if (i >= 1 && i < 12 && j >= 1 && j < 10) {
          double s = 0;
          for (long di = -1; di <= 1; ++di)
            for (long dj = -1; dj <= 1; ++dj)
              s += val(i + di, j + dj, r) * sw(i, j, i + di, j + dj);
          b = s;
          sumA += b;
        }
        csA += b * (i * 11 + j + 1);
      }
    // B: b[g] = 2 a[g - 3] + 3 a[g], a[k] = val(k, 0), g = 3, 5, ..., 27.
    double csB = 0;
    for (long g = 0; g < 29; ++g) {
      double b = 0;
      if (g >= 3 && g < 28 && (g - 3) % 2 == 0)
        b = 2 * val(g - 3, 0, r) + 3 * val(g, 0, r);
      csB += b * (g + 1);
    }
    // C: the 5-point stencil with the north point two rows up.
    double csC = 0;
    for (long i = 0; i < 13; ++i)
      for (long j = 0; j < 11; ++j) {
        double b = 0;
        if (i >= 2 && i < 12 && j >= 1 && j < 10)
          b = term(i, j, i - 2, j, r) + term(i, j, i + 1, j, r) +
              term(i, j, i, j - 1, r) + term(i, j, i, j + 1, r) +
              term(i, j, i, j, r);
        csC += b * (i * 11 + j + 1);
      }
    long base = 100 + r * 10;
    pr(base + 0, sumA);
    pr(base + 1, 0);
    pr(base + 2, csA);
    pr(base + 3, 0);
    pr(base + 4, csB);
    pr(base + 5, 0);
    pr(base + 6, csC);
  }
  return 0;
}
