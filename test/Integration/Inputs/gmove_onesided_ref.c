/* Sequential reference of Inputs/gmove_onesided.mlir on N ranks (argv[1]):
 * the same two rounds, as XMP-RESULT lines. Only T3 depends on N: dd gets
 * the elements of ab whose block owner (37 by block over N ranks) is even. */
#include <stdio.h>
#include <stdlib.h>

static void out(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  int bs = (37 + n - 1) / n;
  for (int it = 0; it < 2; ++it) {
    double ab[37], a2[13][17], yv[29], res1[37], dd[37], xv[29], b2[6][5], m[32], m29[29];
    for (int i = 0; i < 37; ++i) ab[i] = (7 * i + 3) % 23 + 1000 * it;
    for (int i = 0; i < 13; ++i)
      for (int j = 0; j < 17; ++j) a2[i][j] = 100 * i + j + it;
    for (int j = 0; j < 29; ++j) yv[j] = 3 * j + 1 + it;
    for (int i = 0; i < 37; ++i) res1[i] = dd[i] = -1;
    for (int i = 0; i < 29; ++i) xv[i] = -1;
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 5; ++j) b2[i][j] = -1;
    /* T1 */
    for (int k = 0; k < 32; ++k) m[k] = ab[5 + k];
    for (int k = 0; k < 16; ++k) res1[20 + k] = m[2 * k];
    /* T2 */
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 5; ++j) b2[i][j] = a2[1 + 2 * i][4 * j];
    /* T3 */
    for (int i = 0; i < 37; ++i)
      if ((i / bs) % 2 == 0) dd[i] = ab[i];
    /* T4 */
    for (int j = 0; j < 29; ++j) m29[j] = yv[j];
    for (int i = 0; i < 28; ++i) xv[i] = m29[i + 1];
    /* T5 */
    a2[12][16] = a2[5][7];
    long base = 10000L * (it + 1);
    for (int k = 0; k < 37; ++k) out(base + k, res1[k]);
    for (int k = 0; k < 30; ++k) out(base + 1000 + k, b2[k / 5][k % 5]);
    for (int k = 0; k < 37; ++k) out(base + 2000 + k, dd[k]);
    for (int k = 0; k < 29; ++k) out(base + 3000 + k, xv[k]);
    for (int k = 0; k < 221; ++k) out(base + 4000 + k, a2[k / 17][k % 17]);
    out(base + 5000, 0);
  }
  return 0;
}
