// Sequential reference of xor.mlir: the same reductions on plain values,
// the same output in the same order.
#include <stdint.h>
#include <stdio.h>

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

static void run(long base, int lo, int hi) {
  int64_t a = 1234567;
  int32_t b = -77;
  int8_t c = 90;
  int d = 1;
  for (int i = lo; i < hi; ++i) {
    int64_t v = (int64_t)i * i * 7 + 3 * i + 11;
    a ^= v;
    b ^= (int32_t)v;
    c ^= (int8_t)v;
    d ^= i % 3 == 0;
  }
  pr(base, (double)a);
  pr(base + 1, (double)b);
  pr(base + 2, (double)c);
  pr(base + 3, (double)d);
}

int main(void) {
  run(100, 0, 37);
  run(200, 1, 37);
  run(300, 5, 5);
  return 0;
}
