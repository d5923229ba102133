/* Sequential reference of gmove_async.mlir: the same assignments in
 * program order, every element printed as value<10000 (it + 1) + 1000 a
 * + k>. */
#include <stdio.h>

static void print(int base, const double *v, int n) {
  for (int k = 0; k < n; ++k)
    printf("XMP-RESULT value%d %.17g\n", base + k, v[k]);
}

int main(void) {
  double ab[37], ab2[37], ac[37], ac2[37], dd[37], xv[29], yv[29];
  double a2[13][17], b2[6][5], col[13], loc[10];
  for (int i = 0; i < 37; ++i)
    dd[i] = -1;
  for (int it = 0; it < 3; ++it) {
    for (int i = 0; i < 37; ++i) {
      ab[i] = (7 * i + 3 + it) % 23;
      ab2[i] = 2 * i + it;
    }
    for (int i = 0; i < 29; ++i)
      xv[i] = (5 * i + 1 + it) % 13;
    for (int i = 0; i < 13; ++i)
      for (int j = 0; j < 17; ++j)
        a2[i][j] = 100 * i + j + it;
    for (int k = 0; k < 10; ++k)
      loc[k] = 50 + k + it;
    for (int i = 0; i < 37; ++i)
      ac[i] = ab[i];                   /* r1 */
    for (int i = 0; i < 29; ++i)
      yv[i] = xv[i];                   /* r2 */
    for (int i = 0; i < 6; ++i)        /* r3 */
      for (int j = 0; j < 5; ++j)
        b2[i][j] = a2[1 + 2 * i][4 * j];
    for (int i = 0; i < 13; ++i)
      col[i] = a2[i][3];               /* r4 */
    for (int i = 0; i < 37; ++i)
      ac2[i] = ab2[i];                 /* r7 */
    double s = 0;
    for (int i = 0; i < 37; ++i)
      s += (double)(i * i + it);
    for (int k = 0; k < 10; ++k)
      dd[20 + k] = loc[k];             /* r5 */
    for (int i = 0; i < 28; ++i)
      xv[i] = yv[i + 1];               /* r6 */
    for (int i = 0; i < 37; ++i)
      ac2[i] += 1000;
    int base = 10000 * (it + 1);
    print(base, ac, 37);
    print(base + 1000, yv, 29);
    print(base + 2000, xv, 29);
    print(base + 3000, &b2[0][0], 30);
    print(base + 4000, col, 13);
    print(base + 5000, dd, 37);
    print(base + 6000, ac2, 37);
    printf("XMP-RESULT value%d %.17g\n", base + 7000, s);
  }
  return 0;
}
