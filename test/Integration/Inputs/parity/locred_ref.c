// Sequential reference of locred.mlir for NP ranks (argv[1]): emulates
// each rank's owned indices (block: ceil(n/p) per rank; cyclic(2): index i
// on rank (i/2) % p), its local best with the tie rule (first*: lowest
// index, last*: highest), then the ranks in grid order (first*: the lowest
// rank holding the max/min, last*: the highest). Same output, same order;
// argv[2] = 0 leaves out the device-loop part (as the program's argument).
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void pr(long tag, double v) { printf("XMP-RESULT value%ld %.17g\n", tag, v); }

static long val(long i) { return (i * i * 7 + 3 * i + 11) % 13; }

static int owns(char tmpl, long i, int r, int np) {
  long n = tmpl == 's' ? 3 : 37;
  if (tmpl == 'c')
    return (i / 2) % np == r;
  long b = (n + np - 1) / np;
  long lo = r * b < n ? r * b : n, hi = (r + 1) * b < n ? (r + 1) * b : n;
  return i >= lo && i < hi;
}

// One location-reduction case; isInt: i32 values v - 5, else f64 v/2 - 2.
static void locCase(long tag, char tmpl, int isInt, int isMax, int first,
                    long lo, long hi, int np) {
  double best[64];
  long li[64];
  for (int r = 0; r < np; ++r) {
    best[r] = isInt ? (isMax ? (double)INT_MIN : (double)INT_MAX)
                    : (isMax ? -INFINITY : INFINITY);
    li[r] = -1;
    for (long i = lo; i < hi; ++i) {
      if (!owns(tmpl, i, r, np))
        continue;
      double v = isInt ? (double)(val(i) - 5) : (double)val(i) * 0.5 - 2.0;
      int better = isMax ? v > best[r] : v < best[r];
      int tie = v == best[r] && (first ? i < li[r] : i > li[r]);
      if (better || tie) {
        best[r] = v;
        li[r] = i;
      }
    }
  }
  double g = best[0];
  for (int r = 1; r < np; ++r)
    g = isMax ? fmax(g, best[r]) : fmin(g, best[r]);
  int w = -1;
  for (int r = 0; r < np; ++r)
    if (best[r] == g && (w < 0 || !first))
      w = r;
  long i = li[w];
  pr(tag, g);
  pr(tag + 1, (double)i);
  pr(tag + 2, i < 0 ? -1.0 : (double)(3 * i + 1));
  pr(tag + 3, i < 0 ? -1.0 : (double)i * 0.25);
}

int main(int argc, char **argv) {
  int np = argc > 1 ? atoi(argv[1]) : 1;
  if (np < 1 || np > 64)
    return 1;
  long tag = 100;
  for (int t = 0; t < 2; ++t)
    for (int isInt = 0; isInt < 2; ++isInt)
      for (int k = 0; k < 4; ++k)
        for (int lo = 0; lo < 2; ++lo) {
          locCase(tag, t ? 'c' : 'b', isInt, k == 0 || k == 2, k < 2, lo, 37, np);
          tag += 10;
        }
  locCase(tag, 's', 0, 1, 1, 0, 3, np); // firstmax
  tag += 10;
  locCase(tag, 's', 0, 0, 0, 0, 3, np); // lastmin
  tag += 10;
  // Per-rank values on the 1xNP grid: value r % 2, locations 10r + 1, r.
  for (int k = 0; k < 4; ++k) {
    int isMax = k == 0 || k == 2, first = k < 2;
    for (int ax = 0; ax < 4; ++ax)
      for (int ty = 0; ty < 2; ++ty) {
        if (ax == 3) { // axis 0 only: one rank, rank 0's own values
          pr(tag, 0);
          pr(tag + 1, 1);
          pr(tag + 2, 0);
        } else {
          int g = isMax ? (np > 1) : 0, w = -1;
          for (int r = 0; r < np; ++r)
            if (r % 2 == g && (w < 0 || !first))
              w = r;
          pr(tag, g);
          pr(tag + 1, 10 * w + 1);
          pr(tag + 2, w);
        }
        tag += 10;
      }
  }
  // Logical and/or.
  int lg[17] = {np < 2, 1, np < 2, 1, np == 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1};
  for (int k = 0; k < 17; ++k)
    pr(5000 + k, lg[k]);
  // Darrays (k = 4i + j; shown: sum R(k) (k + 1), R(0), R(11)).
  double T = np * (np - 1) / 2.0;
  // 4, 5, 6: the started forms of 0, 1, 3.
  double R[7][12];
  for (int k = 0; k < 12; ++k) {
    R[0][k] = 100 * T + np * (k + 0.5);
    R[1][k] = 100 * (np - 1) + k + 0.5;
    R[2][k] = k + 0.5;
    R[3][k] = np * R[0][k];
    R[4][k] = R[0][k];
    R[5][k] = R[1][k];
    R[6][k] = R[3][k];
  }
  for (int c = 0; c < 7; ++c) {
    double s = 0;
    for (int k = 0; k < 12; ++k)
      s += R[c][k] * (k + 1);
    pr(6000 + 10 * c, s);
    pr(6000 + 10 * c + 1, R[c][0]);
    pr(6000 + 10 * c + 2, R[c][11]);
  }
  for (int k = 0; k < 5; ++k) {
    int mx = INT_MIN, x = 0;
    for (int r = 0; r < np; ++r) {
      int v = (7 * k + 3 * r) % 5;
      mx = v > mx ? v : mx;
      x ^= v;
    }
    pr(6100 + k, mx);
    pr(6110 + k, x);
  }
  for (int j = 0; j < 6; ++j)
    pr(6200 + j, T + np * j);
  if (argc <= 2 || atoi(argv[2]) != 0)
    for (int j = 0; j < 6; ++j)
      pr(6300 + j, T + np * 2.0 * j);
  pr(900, 0);
  return 0;
}
