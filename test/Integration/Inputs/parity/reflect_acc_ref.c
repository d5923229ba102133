// Sequential reference of reflect_acc.mlir: the same values, stencil
// boxes and checksums on plain 12x14 arrays, in template coordinates (the
// transposed case D reads the same values). Prints what rank 0 of the
// parallel program prints, in the same order.
#include <stdio.h>

enum { N0 = 12, N1 = 14 };

static double val(int i, int j, int r) {
  return 1 + (31 * i + 17 * j) % 101 + 1000 * r;
}
static double sw(int k0, int k1) { return 8 * k0 + k1 + 1; }
static double wt(int i, int j) { return 1 + (i + 2 * j) % 7; }
static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }
static int wrap(int g, int n) { return ((g % n) + n) % n; }

struct Case {
  int lo[2], hi[2];  // stencil reads: offsets -lo .. +hi per dimension
  int periodic[2];
};

static void run(int ci, const struct Case *c, int r) {
  static double a[N0][N1], b[N0][N1];
  int n[2] = {N0, N1}, from[2], to[2];
  for (int i = 0; i < N0; ++i)
    for (int j = 0; j < N1; ++j)
      a[i][j] = val(i, j, r);
  for (int d = 0; d < 2; ++d) {
    from[d] = c->periodic[d] ? 0 : c->lo[d];
    to[d] = c->periodic[d] ? n[d] : n[d] - c->hi[d];
  }
  double cs = 0;
  for (int i = from[0]; i < to[0]; ++i)
    for (int j = from[1]; j < to[1]; ++j) {
      double s = 0;
      for (int k0 = 0; k0 <= c->lo[0] + c->hi[0]; ++k0)
        for (int k1 = 0; k1 <= c->lo[1] + c->hi[1]; ++k1) {
          int gi = wrap(i + k0 - c->lo[0], N0), gj = wrap(j + k1 - c->lo[1], N1);
          s += a[gi][gj] * sw(k0, k1);
        }
      b[i][j] = s;
      cs += s * wt(i, j);
    }
  pr(100 * (ci + 1) + r, cs);
  for (int i = from[0]; i < to[0]; ++i)
    for (int j = from[1]; j < to[1]; ++j)
      pr(1000000L * (ci + 1) + 100000L * r + i * N1 + j, b[i][j]);
}

int main(void) {
  const struct Case cases[] = {
      {{1, 1}, {1, 1}, {0, 0}}, // A: 9-point
      {{2, 1}, {1, 2}, {1, 1}}, // B: asymmetric, periodic
      {{1, 2}, {2, 1}, {0, 1}}, // C: widths below the shadow
      {{1, 1}, {1, 1}, {1, 0}}, // D: transposed array
      {{1, 1}, {1, 1}, {1, 1}}, // E: [block, *]
      {{1, 2}, {1, 2}, {0, 0}}, // F: [*, block]
  };
  for (int ci = 0; ci < 6; ++ci)
    for (int r = 0; r < 2; ++r)
      run(ci, &cases[ci], r);
  return 0;
}
