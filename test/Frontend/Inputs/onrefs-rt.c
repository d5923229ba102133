// reduction, bcast and barrier whose `on` clause has triplets with
// run-time bounds (`p(lo:hi, *)`, `p(lo:hi:st, :)`, `p[*][b:n]`,
// `p(lo:hi, 1)`, empty ranges, a stride < 1, a range past the end of p):
// the directive runs along the whole dimension, the nodes outside the
// range taking part with the operator's identity and keeping their
// values. Every reduction operator on several types (the identity of each:
// max of INT_MIN values, min of +inf, & of all ones, && and || of mixed
// truth values), the location kinds (with values equal to the identity),
// arrays, bcast (from the first node of the range or a given one; -0.0),
// barrier, in a task on all of p's first dimension.
// p is NP1 x NP2 (`-DDYN`: NP1 x *); nodes beyond a static p skip.
// Every node computes what each directive must give it and counts the
// differences; plain clang, which ignores the pragmas, runs one node of a
// 1 x 1 p and prints the same results.
#include <limits.h>
#include "onrefs-common.h"
#ifdef DYN
#pragma xmp nodes p(NP1, *)
#else
#pragma xmp nodes p(NP1, NP2)
#endif

static int errors = 0, checks = 0, me = 1;
static int p1 = 1, p2 = 1, i = 1, j = 1, in = 1; // place()
// A selection along one dimension of p: lo, hi, st (1-based, inclusive;
// st 0 is `*`, the node's own coordinate), three arguments.
#define STAR 0, 0, 0
static int sel(int lo, int hi, int st, int c, int n) {
  if (!st)
    return 1;
  return st >= 1 && c >= lo && c <= hi && c <= n && (c - lo) % st == 0;
}
// The nodes (a[k], b[k]) that node (i, j) reduces with on s1 x s2 (none
// when it is not one of them), in rank order (the first dimension fastest).
static int na, la[64], lb[64];
static int line(int lo1, int hi1, int st1, int lo2, int hi2, int st2) {
  na = 0;
  if (!in || !sel(lo1, hi1, st1, i, p1) || !sel(lo2, hi2, st2, j, p2))
    return 0;
  for (int b = 1; b <= p2; b++)
    for (int a = 1; a <= p1; a++)
      if ((st1 ? sel(lo1, hi1, st1, a, p1) : a == i) &&
          (st2 ? sel(lo2, hi2, st2, b, p2) : b == j)) {
        la[na] = a;
        lb[na] = b;
        na++;
      }
  return 1;
}
// The values of node (a, b).
static int vi(int a, int b) { return 3 * a + 5 * b + 1; }
static double vd(int a, int b) { return 1000.0 * a + b + 0.25; }
// What node (i, j)'s vd becomes after a reduction on s1 x s2 ('+', 'M'
// max, 'm' min): its own value where it is not one of the nodes.
static double expect(char op, int lo1, int hi1, int st1, int lo2, int hi2,
                     int st2) {
  if (!line(lo1, hi1, st1, lo2, hi2, st2))
    return vd(i, j);
  double t = op == '+' ? 0 : vd(la[0], lb[0]);
  for (int k = 0; k < na; k++) {
    double v = vd(la[k], lb[k]);
    t = op == '+' ? t + v : op == 'M' ? (v > t ? v : t) : (v < t ? v : t);
  }
  return t;
}

int main(void) {
  place();
  // Run-time bounds: the second node of each dimension to the last.
  int lo = p1 > 1 ? 2 : 1, hi = p1, lo2 = p2 > 1 ? 2 : 1, hi2 = p2, one = 1;
  int st = 2, zero = 0, big = p1 + 3;
#define R1 lo, hi, 1
#define R2 lo2, hi2, 1
  double s;
  int x, k;

  // ---- scalars along one or both dimensions ------------------------------
  s = vd(i, j);
#pragma xmp reduction(+: s) on p(lo:hi, *)
  check(s == expect('+', R1, STAR));
  s = vd(i, j);
#pragma xmp reduction(max: s) on p(*, lo2:)
  check(s == expect('M', STAR, R2));
  s = vd(i, j);
#pragma xmp reduction(+: s) on p(one:hi:st, :)
  check(s == expect('+', 1, hi, 2, 1, p2, 1));
  // Bracketed (C order, 0-based lower:length): p(*, lo2:hi2).
  s = vd(i, j);
#pragma xmp reduction(min: s) on p[lo2 - 1:hi2 - lo2 + 1][*]
  check(s == expect('m', STAR, R2));
  // With a constant coordinate (a subset, masked along the other axis).
  s = vd(i, j);
#pragma xmp reduction(+: s) on p(lo:hi, 1)
  check(s == expect('+', R1, 1, 1, 1));
  // Empty, a stride < 1, past the end: no node / the nodes that exist.
  s = vd(i, j);
#pragma xmp reduction(+: s) on p(hi + 1:hi, *)
  check(s == vd(i, j));
  s = vd(i, j);
#pragma xmp reduction(+: s) on p(1:hi:zero, *)
  check(s == vd(i, j));
  s = vd(i, j);
#pragma xmp reduction(+: s) on p(lo:big, *)
  check(s == expect('+', R1, STAR));

  // ---- every operator: the identity of each, on several types -----------
  {
    int ia, ib, ic, id, ie, ig, ih, ii, ij;
    long la1, la2;
    float fa, fb;
    char ca;
    _Bool ba;
    unsigned ua;
    ia = vi(i, j);
    ib = vi(i, j) % 3 + 1;
    ic = INT_MIN + vi(i, j) % 2; // max: values next to the identity
    id = vi(i, j);
    ie = 0xF0 | vi(i, j);
    ig = 1 << (vi(i, j) % 16);
    ih = vi(i, j);
    ii = vi(i, j) % 2;  // &&
    ij = vi(i, j) % 3 == 0; // ||
    la1 = 100000000000L * vi(i, j);
    la2 = LONG_MAX - vi(i, j);
    fa = (float)vd(i, j);
    fb = -(float)(vi(i, j) % 3 + 1);
    ca = (char)(vi(i, j) % 7);
    ba = vi(i, j) % 2;
    ua = 0xFFFFFFF0u | (unsigned)(vi(i, j) % 16);
#pragma xmp reduction(+: ia, la1) on p(lo:hi, *)
#pragma xmp reduction(*: ib, fb) on p(lo:hi, *)
#pragma xmp reduction(max: ic, la2, fa) on p(lo:hi, *)
#pragma xmp reduction(min: id, fb) on p(lo:hi, *)
#pragma xmp reduction(&: ie, ua) on p(lo:hi, *)
#pragma xmp reduction(|: ig, ca) on p(lo:hi, *)
#pragma xmp reduction(^: ih) on p(lo:hi, *)
#pragma xmp reduction(&&: ii, ba) on p(lo:hi, *)
#pragma xmp reduction(||: ij) on p(lo:hi, *)
    int m = line(R1, STAR);
    int ea = vi(i, j), eb = vi(i, j) % 3 + 1, ec = INT_MIN + vi(i, j) % 2;
    int ed = vi(i, j), ee = 0xF0 | vi(i, j), eg = 1 << (vi(i, j) % 16);
    int eh = vi(i, j), ei = vi(i, j) % 2, ej = vi(i, j) % 3 == 0;
    long ela1 = 100000000000L * vi(i, j), ela2 = LONG_MAX - vi(i, j);
    float efa = (float)vd(i, j), efb = -(float)(vi(i, j) % 3 + 1);
    char eca = (char)(vi(i, j) % 7);
    _Bool eba = vi(i, j) % 2;
    unsigned eua = 0xFFFFFFF0u | (unsigned)(vi(i, j) % 16);
    if (m) {
      ea = 0, eb = 1, ec = INT_MIN, ed = INT_MAX, ee = -1, eg = 0, eh = 0;
      ei = 1, ej = 0, ela1 = 0, ela2 = LONG_MIN, efa = -1e30f, efb = 1;
      eca = 0, eba = 1, eua = ~0u;
      for (k = 0; k < na; k++) {
        int v = vi(la[k], lb[k]);
        ea += v;
        eb *= v % 3 + 1;
        ec = INT_MIN + v % 2 > ec ? INT_MIN + v % 2 : ec;
        ed = v < ed ? v : ed;
        ee &= 0xF0 | v;
        eg |= 1 << (v % 16);
        eh ^= v;
        ei = ei && v % 2;
        ej = ej || v % 3 == 0;
        ela1 += 100000000000L * v;
        ela2 = LONG_MAX - v > ela2 ? LONG_MAX - v : ela2;
        efa = (float)vd(la[k], lb[k]) > efa ? (float)vd(la[k], lb[k]) : efa;
        efb *= -(float)(v % 3 + 1);
        eca |= (char)(v % 7);
        eba = eba && v % 2;
        eua &= 0xFFFFFFF0u | (unsigned)(v % 16);
      }
      // min(fb) after *(fb): the product's (one node each: the same).
    }
    check(ia == ea && ib == eb && ic == ec && id == ed && ie == ee);
    check(ig == eg && ih == eh && ii == ei && ij == ej);
    check(la1 == ela1 && la2 == ela2 && fa == efa && fb == efb);
    check(ca == eca && ba == eba && ua == eua);
  }

  // ---- location kinds, values equal to the identity ---------------------
  {
    int v1 = INT_MIN, l1 = 10 * i + j, v2 = INT_MAX, l2 = 10 * i + j;
    double v3 = vd(i, j), v4 = vd(i, j);
    long l3 = 10 * i + j, l4 = 10 * i + j;
#pragma xmp reduction(firstmax: v1 / l1 /) on p(lo:hi, *)
#pragma xmp reduction(lastmin: v2 / l2 /) on p(lo:hi, *)
#pragma xmp reduction(firstmin: v3 / l3 /) on p(lo:hi, *)
#pragma xmp reduction(lastmax: v4 / l4 /) on p(lo:hi, *)
    int m = line(R1, STAR);
    // Ties: every member; the first (last) in rank order.
    check(v1 == INT_MIN && l1 == (m ? 10 * la[0] + lb[0] : 10 * i + j));
    check(v2 == INT_MAX &&
          l2 == (m ? 10 * la[na - 1] + lb[na - 1] : 10 * i + j));
    check(v3 == (m ? vd(la[0], lb[0]) : vd(i, j)) &&
          l3 == (m ? 10 * la[0] + lb[0] : 10 * i + j));
    check(v4 == (m ? vd(la[na - 1], lb[na - 1]) : vd(i, j)) &&
          l4 == (m ? 10 * la[na - 1] + lb[na - 1] : 10 * i + j));
  }

  // ---- arrays -------------------------------------------------------------
  {
    int arr[3];
    double darr[2];
    arr[0] = i;
    arr[1] = j;
    arr[2] = vi(i, j) % 2;
    darr[0] = vd(i, j);
    darr[1] = -vd(i, j);
#pragma xmp reduction(+: arr) on p(*, lo2:hi2)
#pragma xmp reduction(max: darr) on p(lo:hi, :)
    int e0 = i, e1 = j, e2 = vi(i, j) % 2;
    if (line(STAR, R2))
      for (e0 = e1 = e2 = 0, k = 0; k < na; k++) {
        e0 += la[k];
        e1 += lb[k];
        e2 += vi(la[k], lb[k]) % 2;
      }
    check(arr[0] == e0 && arr[1] == e1 && arr[2] == e2);
    double d0 = vd(i, j), d1 = -vd(i, j);
    if (line(R1, 1, p2, 1))
      for (d0 = d1 = -1e300, k = 0; k < na; k++) {
        d0 = vd(la[k], lb[k]) > d0 ? vd(la[k], lb[k]) : d0;
        d1 = -vd(la[k], lb[k]) > d1 ? -vd(la[k], lb[k]) : d1;
      }
    check(darr[0] == d0 && darr[1] == d1);
    // && of an array: the nodes outside keep their values (not made
    // truth values).
    int m = in && sel(R1, i, p1);
    arr[0] = vi(i, j) % 2;
    arr[1] = m ? 1 : 7;
    arr[2] = m ? 0 : -3;
#pragma xmp reduction(&&: arr) on p(lo:hi, *)
    int all = 1;
    if (line(R1, STAR)) {
      for (k = 0; k < na; k++)
        all = all && vi(la[k], lb[k]) % 2;
      check(arr[0] == all && arr[1] == 1 && arr[2] == 0);
    } else {
      check(arr[0] == vi(i, j) % 2 && arr[1] == 7 && arr[2] == -3);
    }
  }

  // ---- bcast ----------------------------------------------------------------
  s = vd(i, j);
#pragma xmp bcast (s) on p(lo:hi, *)
  check(s == (line(R1, STAR) ? vd(lo, j) : vd(i, j)));
  s = vd(i, j);
#pragma xmp bcast (s) from p(*, 1) on p(*, one:hi2)
  check(s == (line(STAR, 1, hi2, 1) ? vd(i, 1) : vd(i, j)));
  {
    long arr[2];
    double nz = i == lo ? -0.0 : 1.0;
    arr[0] = 10 * i + j;
    arr[1] = -(10 * i + j);
#pragma xmp bcast (arr, nz) from p(NP1, *) on p(lo:, *)
    int m = line(lo, p1, 1, STAR);
    check(arr[0] == (m ? 10 * p1 + j : 10 * i + j) &&
          arr[1] == (m ? -(10 * p1 + j) : -(10 * i + j)));
    // -0.0 from the source stays -0.0 (1 / -0.0 is -inf).
    check(m ? (p1 == lo ? 1 / nz < 0 : nz == 1.0)
            : (i == lo ? 1 / nz < 0 : nz == 1.0));
  }

  // ---- barrier ----------------------------------------------------------------
#pragma xmp barrier on p(lo:hi, *)
#pragma xmp barrier on p[*][lo2 - 1:1]
  check(1);

  // ---- inside a task on all of p's first dimension ------------------------
  s = vd(i, j);
  x = vi(i, j);
#pragma xmp task on p(:, 1)
  {
#pragma xmp reduction(+: s) on p(lo:hi, 1)
#pragma xmp bcast (x) on p(lo:hi, *)
  }
  check(s == expect('+', R1, 1, 1, 1));
  check(x == (line(R1, 1, 1, 1) ? vi(lo, 1) : vi(i, j)));

#pragma xmp reduction(+: errors)
  report();
  return 0;
}
