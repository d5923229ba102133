// reduction, bcast and barrier on template references whose subscripts on
// distributed dimensions are indices and sections (`ta(3:9, *)`,
// `ta(7, :)`, `ta(k, :)` with k a variable, `tb(*, 2:6)`, bracketed
// `ta[1:3][*]`, `tb[*][0:2:9]`): the nodes owning them, on block, cyclic,
// cyclic(2) and gblock dimensions with lower bounds 0 and 1, in and
// outside a task.
// p is NP1 x NP2; nodes beyond it skip what is on p. Every node computes
// the nodes owning each section from the distributions (`owners`: a mask
// of the coordinates along one dimension of p, 0 for `*`, the node's own)
// and what each directive must give it; plain clang, which ignores the
// pragmas, runs one node of a 1 x 1 p and prints the same results.
#include "onrefs-common.h"
#if NP1 >= 2
#define R2 2
#else
#define R2 1
#endif
#pragma xmp nodes p(NP1, NP2)
// ta: dimension 1 (1:17) block along p's first dimension, dimension 2
// (0:12) cyclic along its second; tb: cyclic(2) (0:19) and gblock (1:10).
#pragma xmp template ta(1:17, 0:12)
#pragma xmp distribute ta(block, cyclic) onto p
#if NP2 == 1
int gb[1] = {10};
#elif NP2 == 2
int gb[2] = {3, 7};
#else
int gb[3] = {4, 0, 6}; // the second column of p owns no index of tb
#endif
#pragma xmp template tb(0:19, 1:10)
#pragma xmp distribute tb(cyclic(2), gblock(gb)) onto p
// tq: cyclic(2) over all of p's nodes in a row (q(k) is node k): indices 0,
// 3 and 6 are on q(1), q(2) and q(4), not a triplet of q's nodes.
#pragma xmp nodes q(NP1 * NP2) = p
#pragma xmp template tq(0:15)
#pragma xmp distribute tq(cyclic(2)) onto q

static int errors = 0, checks = 0, me = 1;
static int p1 = 1, p2 = 1, i = 1, j = 1, in = 1; // place()
static double val(int i, int j) { return 1000.0 * i + j; }

// The coordinate (0-based) owning template index g - lower.
static int ownBlock(int g, int n, int np) { return g / ((n + np - 1) / np); }
static int ownCyclic(int g, int w, int np) { return (g / w) % np; }
static int ownGBlock(int g, int np) {
  int acc = 0;
  for (int c = 0; c < np; c++) {
    acc += np == NP2 ? gb[c] : 10; // plain clang: one node owns all
    if (g < acc)
      return c;
  }
  return np - 1;
}
// The mask (bit c - 1 for coordinate c) of the nodes owning lo:hi:st.
static unsigned ta1(int lo, int hi, int st) {
  unsigned m = 0;
  for (int g = lo; g <= hi; g += st)
    m |= 1u << ownBlock(g - 1, 17, p1);
  return m;
}
static unsigned ta2(int lo, int hi, int st) {
  unsigned m = 0;
  for (int g = lo; g <= hi; g += st)
    m |= 1u << ownCyclic(g, 1, p2);
  return m;
}
static unsigned tb1(int lo, int hi, int st) {
  unsigned m = 0;
  for (int g = lo; g <= hi; g += st)
    m |= 1u << ownCyclic(g, 2, p1);
  return m;
}
static unsigned tb2(int lo, int hi, int st) {
  unsigned m = 0;
  for (int g = lo; g <= hi; g += st)
    m |= 1u << ownGBlock(g - 1, p2);
  return m;
}
// tq's owners (0-based) are coordinates of q.
static unsigned tqOwners(int lo, int hi, int st) {
  unsigned m = 0;
  for (int g = lo; g <= hi; g += st)
    m |= 1u << ownCyclic(g, 2, p1 * p2);
  return m;
}
#define STAR 0u
static int inSel(unsigned m, int c) { return m == STAR || (m >> (c - 1)) & 1; }
static int first(unsigned m) {
  int c = 1;
  while (!((m >> (c - 1)) & 1))
    c++;
  return c;
}
// Node (i, j)'s value after a reduction of val on the nodes m1 x m2 (`*`:
// its own coordinate): the sum / max over them when it is one of them.
static double redSum(unsigned m1, unsigned m2, int i, int j) {
  if (!in || !inSel(m1, i) || !inSel(m2, j))
    return val(i, j);
  double s = 0;
  for (int a = 1; a <= p1; a++)
    for (int b = 1; b <= p2; b++)
      if ((m1 == STAR ? a == i : inSel(m1, a)) &&
          (m2 == STAR ? b == j : inSel(m2, b)))
        s += val(a, b);
  return s;
}
static double redMax(unsigned m1, unsigned m2, int i, int j) {
  if (!in || !inSel(m1, i) || !inSel(m2, j))
    return val(i, j);
  // val grows with both coordinates: the last node of each dimension.
  int a = i, b = j;
  if (m1 != STAR)
    for (a = p1; !inSel(m1, a); a--)
      ;
  if (m2 != STAR)
    for (b = p2; !inSel(m2, b); b--)
      ;
  return val(a, b);
}
// A bcast from the node (f1, f2) (0: the first of the set, or its own
// coordinate along `*`).
static double bcast(unsigned m1, unsigned m2, int f1, int f2, int i, int j) {
  if (!in || !inSel(m1, i) || !inSel(m2, j))
    return val(i, j);
  int a = m1 == STAR ? i : f1 ? f1 : first(m1);
  int b = m2 == STAR ? j : f2 ? f2 : first(m2);
  return val(a, b);
}

int main(void) {
  place();
  int k = 12, kk = 9;
  double s, own = val(i, j);

  // ---- block and cyclic (ta) --------------------------------------------
  s = own;
#pragma xmp reduction(+: s) on ta(:, *)
  check(s == redSum(ta1(1, 17, 1), STAR, i, j));
  s = own;
#pragma xmp reduction(+: s) on ta(3:9, *)
  check(s == redSum(ta1(3, 9, 1), STAR, i, j));
  s = own;
#pragma xmp reduction(+: s) on ta(*, 2:5)
  check(s == redSum(STAR, ta2(2, 5, 1), i, j));
  s = own;
#pragma xmp reduction(+: s) on ta(*, 4:12:3)
  check(s == redSum(STAR, ta2(4, 12, 3), i, j));
  s = own;
#pragma xmp reduction(max: s) on ta(7, :)
  check(s == redMax(ta1(7, 7, 1), ta2(0, 12, 1), i, j));
  // A run-time index: the nodes owning it.
  s = own;
#pragma xmp reduction(+: s) on ta(k, :)
  check(s == redSum(ta1(k, k, 1), ta2(0, 12, 1), i, j));
  s = own;
#pragma xmp reduction(+: s) on ta(k - 6, *)
  check(s == own);
  // Bracketed: C order, lower:length:stride.
  s = own;
#pragma xmp reduction(+: s) on ta[1:3][*]
  check(s == redSum(STAR, ta2(1, 3, 1), i, j));
  s = own;
#pragma xmp reduction(+: s) on ta[:][kk + 1]
  check(s == redSum(ta1(kk + 1, kk + 1, 1), ta2(0, 12, 1), i, j));

  // ---- cyclic(2) and gblock (tb) ----------------------------------------
  s = own;
#pragma xmp reduction(+: s) on tb(*, 2:6)
  check(s == redSum(STAR, tb2(2, 6, 1), i, j));
  s = own;
#pragma xmp reduction(+: s) on tb(*, :)
  check(s == redSum(STAR, tb2(1, 10, 1), i, j));
  s = own;
#pragma xmp reduction(+: s) on tb(6:13, :)
  check(s == redSum(tb1(6, 13, 1), tb2(1, 10, 1), i, j));
  s = own;
#pragma xmp reduction(max: s) on tb(1:19:6, *)
  check(s == redMax(tb1(1, 19, 6), STAR, i, j));
  s = own;
#pragma xmp reduction(+: s) on tb[*][0:2:9]
  check(s == redSum(tb1(0, 9, 9), STAR, i, j));
  s = own;
#pragma xmp reduction(+: s) on tb(4, 9)
  check(s == redSum(tb1(4, 4, 1), tb2(9, 9, 1), i, j));

  // ---- nodes that are not a triplet: along all of q, a mask -------------
  {
    unsigned m = tqOwners(0, 6, 3);
    int inq = in && ((m >> (me - 1)) & 1), c;
    double e = 0, f = 0;
    for (c = 1; c <= p1 * p2; c++)
      if ((m >> (c - 1)) & 1) {
        e += 10.0 * c + 1;
        f = f ? f : 10.0 * c + 1;
      }
    s = 10.0 * me + 1;
#pragma xmp reduction(+: s) on tq(0:6:3)
    check(s == (inq ? e : 10.0 * me + 1));
    s = 10.0 * me + 1;
#pragma xmp bcast (s) on tq(0:6:3)
    check(s == (inq ? f : 10.0 * me + 1));
#if NP1 * NP2 >= 2
    s = 10.0 * me + 1;
#pragma xmp bcast (s) from q(2) on tq[0:3:3]
    check(s == (inq && p1 * p2 >= 2 ? 21.0 : 10.0 * me + 1));
#else
    check(1);
#endif
#pragma xmp barrier on tq(0:6:3)
  }

  // ---- bcast --------------------------------------------------------------
  s = own;
#pragma xmp bcast (s) from p(1, *) on ta(1:5, *)
  check(s == bcast(ta1(1, 5, 1), STAR, 1, 0, i, j));
  s = own;
#pragma xmp bcast (s) on tb(*, 2:6)
  check(s == bcast(STAR, tb2(2, 6, 1), 0, 0, i, j));
  s = own;
#pragma xmp bcast (s) on ta(k, :)
  check(s == bcast(ta1(k, k, 1), ta2(0, 12, 1), 0, 0, i, j));
  s = own;
#pragma xmp bcast (s) from p(*, 1) on ta(k, :)
  check(s == bcast(ta1(k, k, 1), ta2(0, 12, 1), 0, 1, i, j));

  // ---- barrier --------------------------------------------------------------
#pragma xmp barrier on ta(2:3, *)
#pragma xmp barrier on ta(k, :)
#pragma xmp barrier on tb(*, 2:6)
  check(1);

  // ---- inside a task on some rows of p ------------------------------------
  double s2 = own;
  s = own;
#pragma xmp task on p(1:R2, :)
  {
#pragma xmp reduction(+: s) on ta(*, 2:5)
#pragma xmp reduction(+: s2) on ta(1:2, :)
  }
  int intask = in && i <= R2;
  check(s == (intask ? redSum(STAR, ta2(2, 5, 1), i, j) : own));
  check(s2 == (intask ? redSum(ta1(1, 2, 1), ta2(0, 12, 1), i, j) : own));

#pragma xmp reduction(+: errors)
  report();
  return 0;
}
