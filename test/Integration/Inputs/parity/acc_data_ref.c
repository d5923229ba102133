// Sequential reference of acc_data.mlir: the same steps on plain arrays
// (one instance: replicate regions and syncs do not change the values), the
// same output.
#include <stdio.h>

enum { N0 = 10, N1 = 12, M = 26 };

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }
static double val(int i, int j) { return 1 + (13 * i + 7 * j) % 17; }
static int wrap(int g, int n) { return ((g % n) + n) % n; }

static void print_u(double u[N0][N1], long base) {
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j)
      pr(base + i * N1 + j, u[i][j]);
}

static void print_1d(const double *a, const double *c, long base) {
  for (int i = 0; i < M; ++i) {
    pr(base + i, a[i]);
    pr(base + 100 + i, c[i]);
  }
}

int main(void) {
  // A: three periodic 9-point steps, scaled by 1/8
  double u[N0][N1], un[N0][N1];
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j)
      u[i][j] = val(i, j);
  for (int step = 0; step < 3; ++step) {
    for (int i = 0; i < N0; ++i)
      for (int j = 0; j < N1; ++j) {
        double s = 0;
        for (int di = 0; di < 3; ++di)
          for (int dj = 0; dj < 3; ++dj)
            s += u[wrap(i + di - 1, N0)][wrap(j + dj - 1, N1)] * (3 * di + dj + 1);
        un[i][j] = s;
      }
    for (int i = 0; i < N0; ++i)
      for (int j = 0; j < N1; ++j)
        u[i][j] = un[i][j] * 0.125;
  }
  double sum = 0, mx = -1.0e300;
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j) {
      sum += u[i][j];
      mx = u[i][j] > mx ? u[i][j] : mx;
    }
  pr(100, sum);
  pr(101, mx);
  print_u(u, 10000);

  // B: v doubled, a 5-point interior stencil, corner products
  double v[N0][N1], w[N0][N1] = {{0}};
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j)
      v[i][j] = (val(i, j) + 7) * 2;
  for (int i = 1; i < N0 - 1; ++i)
    for (int j = 1; j < N1 - 1; ++j)
      w[i][j] = v[i - 1][j] + v[i + 1][j] + 3 * v[i][j - 1] + 5 * v[i][j + 1];
  double cs = 0;
  for (int i = 1; i < N0 - 1; ++i)
    for (int j = 1; j < N1 - 1; ++j)
      cs += w[i][j] - v[i - 1][j - 1] * v[i + 1][j + 1];
  pr(200, cs);
  print_u(w, 20000);

  // C: gmove between a block and a cyclic(3) array
  double a[M], c[M], s = 0;
  for (int i = 0; i < M; ++i)
    c[i] = -1, a[i] = 3.0 * i + 1;
  for (int i = 0; i < 24; ++i)
    c[i] = a[i + 2];
  for (int i = 0; i < 24; ++i)
    s += c[i] * (i + 1);
  pr(300, s);
  print_1d(a, c, 30000);
  for (int i = 0; i < M; ++i)
    a[i] *= 2;
  for (int k = 0; k < 10; ++k)
    c[3 + k] = a[2 * k];
  for (int i = 3; i < 13; ++i)
    c[i] += 0.5;
  print_1d(a, c, 31000);
  return 0;
}
