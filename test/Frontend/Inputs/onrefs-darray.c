// Reductions of distributed arrays on part of a dimension of their node
// set (`reduction(+: a) on p(*, 1:2)`, run-time bounds `p(*, lo:hi)`, a
// stride, a template section `t(*, 4:9)`, `p(lo:hi, *)` of an array
// replicated along p's first dimension): the reduction runs along the
// whole dimension, the nodes outside the part taking part with the
// identity in their block and keeping it. Block and cyclic arrays, a
// shadow, every kind a distributed array is reduced with.
// p is NP1 x NP2; nodes beyond it skip. Every node checks each element it
// owns against what it computes; plain clang, which ignores the pragmas,
// runs one node of a 1 x 1 p and prints the same results.
#include "onrefs-common.h"
#define N 17
#define M 12
#pragma xmp nodes p(NP1, NP2)
#pragma xmp template t(0:N-1, 0:M-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp template tc(0:N-1, 0:M-1)
#pragma xmp distribute tc(cyclic, block) onto p
// a, c: replicated along p's second dimension; b along its first.
double a[N];
long c[N];
int b[M];
#pragma xmp align a[i] with t(i, *)
#pragma xmp align c[i] with tc(i, *)
#pragma xmp align b[j] with t(*, j)
#pragma xmp shadow a[1]

static int errors = 0, checks = 0, me = 1;
static int p1 = 1, p2 = 1, i = 1, j = 1, in = 1; // place()
// Whether coordinate x is in lo:hi:st (1-based, inclusive).
static int sel(int lo, int hi, int st, int x) {
  return x >= lo && x <= hi && (x - lo) % st == 0;
}
// The owners (1-based coordinates along p's second dimension) of t's
// second dimension's indices lo..hi (block, M indices over p2).
static int owns2(int lo, int hi, int x) {
  int w = (M + p2 - 1) / p2;
  return (x - 1) * w <= hi && x * w - 1 >= lo;
}

int main(void) {
  int ii, jj, q, bad;
  place();
  int lo = p2 > 1 ? 2 : 1, hi = p2, lo1 = p1 > 1 ? 2 : 1, hi1 = p1;
#if NP2 >= 2
  int two = p2 < 2 ? p2 : 2; // plain clang: p2 is 1
#define TWO 2
#else
  int two = 1;
#define TWO 1
#endif

  // ---- a constant part: p(*, 1:2) -----------------------------------------
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++)
    a[ii] = ii + 1000.0 * j;
#pragma xmp reduction(+: a) on p(*, 1:TWO)
  bad = 0;
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++) {
    double e = ii + 1000.0 * j;
    if (sel(1, two, 1, j))
      for (e = 0, q = 1; q <= two; q++)
        e += ii + 1000.0 * q;
    bad += a[ii] != e;
  }
  check(!bad);

  // ---- run-time bounds, every kind ------------------------------------------
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++)
    a[ii] = ii * j + 0.5;
#pragma xmp loop on tc(ii, *)
  for (ii = 0; ii < N; ii++)
    c[ii] = (ii + 1) * (j + 2);
#pragma xmp reduction(max: a) on p(*, lo:hi)
#pragma xmp reduction(min: c) on p(*, lo:hi)
  bad = 0;
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++)
    bad += a[ii] != (sel(lo, hi, 1, j) ? ii * hi + 0.5 : ii * j + 0.5);
#pragma xmp loop on tc(ii, *)
  for (ii = 0; ii < N; ii++)
    bad += c[ii] != (ii + 1) * ((sel(lo, hi, 1, j) ? lo : j) + 2);
  check(!bad);
#pragma xmp loop on tc(ii, *)
  for (ii = 0; ii < N; ii++)
    c[ii] = (1L << (ii % 5 + j)) | 3;
#pragma xmp reduction(|: c) on p(*, lo:hi)
  bad = 0;
#pragma xmp loop on tc(ii, *)
  for (ii = 0; ii < N; ii++) {
    long e = (1L << (ii % 5 + j)) | 3;
    if (sel(lo, hi, 1, j))
      for (e = 0, q = lo; q <= hi; q++)
        e |= (1L << (ii % 5 + q)) | 3;
    bad += c[ii] != e;
  }
  check(!bad);
#pragma xmp loop on tc(ii, *)
  for (ii = 0; ii < N; ii++)
    c[ii] = ~(1L << (ii % 5 + j));
#pragma xmp reduction(&: c) on p(*, lo:hi)
#pragma xmp reduction(^: c) on p(*, 1:hi:2)
  bad = 0;
#pragma xmp loop on tc(ii, *)
  for (ii = 0; ii < N; ii++) {
    long e = ~(1L << (ii % 5 + j)), f;
    if (sel(lo, hi, 1, j))
      for (e = -1, q = lo; q <= hi; q++)
        e &= ~(1L << (ii % 5 + q));
    // the ^ of the values after the &, over 1:hi:2
    if (sel(1, hi, 2, j)) {
      for (f = 0, q = 1; q <= hi; q += 2) {
        long g = ~(1L << (ii % 5 + q)), r;
        if (sel(lo, hi, 1, q))
          for (g = -1, r = lo; r <= hi; r++)
            g &= ~(1L << (ii % 5 + r));
        f ^= g;
      }
      e = f;
    }
    bad += c[ii] != e;
  }
  check(!bad);
#pragma xmp loop on tc(ii, *)
  for (ii = 0; ii < N; ii++)
    c[ii] = ii % 3 + j;
#pragma xmp reduction(*: c) on p(*, lo:hi)
  bad = 0;
#pragma xmp loop on tc(ii, *)
  for (ii = 0; ii < N; ii++) {
    long e = ii % 3 + j;
    if (sel(lo, hi, 1, j))
      for (e = 1, q = lo; q <= hi; q++)
        e *= ii % 3 + q;
    bad += c[ii] != e;
  }
  check(!bad);

  // ---- a template section: the owners of t(*, 4:9) --------------------------
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++)
    a[ii] = ii + 100.0 * j;
#pragma xmp reduction(+: a) on t(*, 4:9)
  bad = 0;
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++) {
    double e = ii + 100.0 * j;
    if (owns2(4, 9, j))
      for (e = 0, q = 1; q <= p2; q++)
        if (owns2(4, 9, q))
          e += ii + 100.0 * q;
    bad += a[ii] != e;
  }
  check(!bad);

  // ---- replicated along p's first dimension: p(lo1:hi1, *) -----------------
#pragma xmp loop on t(*, jj)
  for (jj = 0; jj < M; jj++)
    b[jj] = jj + 10 * i;
#pragma xmp reduction(+: b) on p(lo1:hi1, *)
  bad = 0;
#pragma xmp loop on t(*, jj)
  for (jj = 0; jj < M; jj++) {
    int e = jj + 10 * i;
    if (sel(lo1, hi1, 1, i))
      for (e = 0, q = lo1; q <= hi1; q++)
        e += jj + 10 * q;
    bad += b[jj] != e;
  }
  check(!bad);

#pragma xmp reduction(+: errors)
  report();
  return 0;
}
