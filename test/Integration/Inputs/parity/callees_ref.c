// Sequential reference of callees.mlir: the same functions in C, the same
// loops and output.
#include <math.h>
#include <stdio.h>

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

// Index arithmetic is unsigned (arith.remui on index values).
static long mix(long i, long j) {
  if (i > j)
    return (long)((unsigned long)(31 * i + 17 * j) % 23);
  return (long)((unsigned long)(5 * j - i) % 11);
}

static double poly(double x, long n, int *even) {
  double buf[8], s = 0;
  for (long k = 0; k < n; ++k)
    buf[k] = (x + k) * (x + k);
  for (long k = 0; k < n; ++k)
    s += buf[k];
  double h = s * 0.5;
  *even = h == floor(h);
  return s;
}

static double value(long i, long j, int *even) {
  double r = sqrt((double)(i + j) * (double)(i + j));
  return r + poly((double)mix(i, j), i % 4 + 1, even);
}

int main(void) {
  double a[29], b[9][7];
  int e;
  for (long i = 0; i < 29; ++i)
    a[i] = value(i, 3, &e);
  double s = 0;
  int any = 0, all = 1;
  for (long i = 1; i < 29; i += 2) {
    s += a[i] * (double)mix(i, 2);
    value(i, 7, &e);
    any |= e, all &= e;
  }
  for (long i = 0; i < 9; ++i)
    for (long j = 0; j < 7; ++j) {
      double v = value(i, j, &e);
      b[i][j] = e ? v : (double)j;
    }
  double mx = -1.0e300;
  for (long i = 0; i < 9; ++i)
    for (long j = 0; j < 7; ++j) {
      double d = b[i][j] - (double)mix(j, i);
      mx = d > mx ? d : mx;
    }
  double h = 0;
  for (long i = 0; i < 29; ++i)
    h += a[i] - value(i, 3, &e);
  pr(100, s);
  pr(101, any);
  pr(102, all);
  pr(103, mx);
  pr(104, h);
  pr(105, value(9, 2, &e));
  for (int i = 0; i < 29; ++i)
    pr(1000 + i, a[i]);
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 7; ++j)
      pr(2000 + i * 7 + j, b[i][j]);
  return 0;
}
