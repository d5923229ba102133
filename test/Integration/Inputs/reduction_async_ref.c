/* Sequential reference of Inputs/reduction_async.mlir on N ranks
 * (argv[1]): the values rank 0 prints, as XMP-RESULT lines. */
#include <stdio.h>
#include <stdlib.h>

static void out(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  for (int it = 0; it < 2; ++it) {
    double s1 = 0;
    int s2 = -1;
    long s3 = 0;
    int s5 = 0;
    for (int r = 0; r < n; ++r) {
      s1 += r + 1 + it;
      int x2 = (7 * r + it) % 5;
      if (x2 > s2) s2 = x2;
      s3 ^= 3L * r + 1 + it;
      s5 ^= 1;
    }
    long base = 100L * (it + 1);
    out(base, s1);
    out(base + 1, s2);
    out(base + 2, (double)s3);
    out(base + 3, s5);
    for (int i = 0; i < 16; ++i) {
      double a = 0;
      for (int r = 0; r < n; ++r) a += i + r + it;
      out(base + 10 + i, a);
    }
    out(base + 50, 0);
  }
  return 0;
}
