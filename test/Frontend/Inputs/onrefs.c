// reduction, bcast and barrier whose `on` clause is a node reference
// (`p(:, *)`, `p(*, :)`, `p(1:2, *)`, `p(2, :)`, `p(k, :)` with k a
// variable, `p(*, *)`, `p`) or a template reference (`t(:, *)`, `t`), in
// and outside a task, blocking and async; reductions of arrays aligned
// with `t(i, *)` (replicated along the second dimension of p), blocking,
// async, with `acc`, with and without `on`.
// p is NP1 x NP2 (`-DDYN`: NP1 x *, its second dimension the job's size
// over NP1); nodes beyond a static p skip what is on p.
// Every node computes what each directive must give it (its coordinates
// (i, j) in p, 1-based; the other nodes keep their values) and counts the
// differences: plain clang, which ignores the pragmas, runs one node of a
// 1 x 1 p and prints the same results.
#include "onrefs-common.h"
#ifndef N
#define N 23
#endif
#define M 11
// A second row / column where p has one (else the first).
#if NP1 >= 2
#define R2 2
#else
#define R2 1
#endif
#ifdef DYN
#pragma xmp nodes p(NP1, *)
#else
#pragma xmp nodes p(NP1, NP2)
#endif
#pragma xmp template t(0:N-1, 0:M-1)
#pragma xmp distribute t(block, block) onto p
double a[N];
long c[N];
#pragma xmp align a[ii] with t(ii, *)
#pragma xmp align c[ii] with t(ii, *)

static int errors = 0, checks = 0, me = 1;
static double val(int i, int j) { return 1000.0 * i + j; }
// The sums of val over a column (i = lo..hi, j) and a row (i, j = 1..n).
static double colsum(int lo, int hi, int j) {
  double s = 0;
  for (int q = lo; q <= hi; q++)
    s += val(q, j);
  return s;
}
static double rowsum(int i, int n) {
  double s = 0;
  for (int q = 1; q <= n; q++)
    s += val(i, q);
  return s;
}
static int min(int x, int y) { return x < y ? x : y; }

int main(void) {
  int n = 1, p1 = 1, p2 = 1, ii;
#ifdef _XCALABLEMP
  me = xmp_node_num();
  n = xmp_num_nodes();
  p1 = NP1;
#ifdef DYN
  p2 = n / NP1;
#else
  p2 = NP2;
#endif
#endif
  int in = me <= p1 * p2; // a node of p
  // The nodes owning an element of t along each dimension (blocks): a
  // template reference names them only (11 over 5 nodes in blocks of 3:
  // the fifth owns none).
  int o1 = (N + (N + p1 - 1) / p1 - 1) / ((N + p1 - 1) / p1);
  int o2 = (M + (M + p2 - 1) / p2 - 1) / ((M + p2 - 1) / p2);
  int i = (me - 1) % p1 + 1, j = (me - 1) / p1 + 1;
  int k = p1 > 1 ? 2 : 1; // a run-time row
  double s, own = val(i, j);
  long arr[3];

  // ---- scalars and a local array along one dimension ------------------
  s = own;
#pragma xmp reduction(+: s) on p(:, *)
  check(s == (in ? colsum(1, p1, j) : own));
  s = own;
#pragma xmp reduction(max: s) on p(*, :)
  check(s == (in ? val(i, p2) : own));
  arr[0] = i;
  arr[1] = j;
  arr[2] = i * j;
#pragma xmp reduction(+: arr) on p(:, *)
  check(arr[0] == (in ? p1 * (p1 + 1) / 2 : i));
  check(arr[1] == (in ? p1 * j : j));
  check(arr[2] == (in ? j * p1 * (p1 + 1) / 2 : i * j));
  // C's bracketed form: p[*][:] is p(:, *).
  s = own;
#pragma xmp reduction(+: s) on p[*][:]
  check(s == (in ? colsum(1, p1, j) : own));

  // ---- constant coordinates: a subset, with and without `*` -----------
#if NP1 >= 2
  s = own;
#pragma xmp reduction(+: s) on p(1:2, *)
  check(s == (in && i <= 2 ? colsum(1, min(2, p1), j) : own));
  s = own;
#pragma xmp reduction(+: s) on p(1:2, 1)
  check(s == (in && i <= 2 && j == 1 ? colsum(1, min(2, p1), 1) : own));
#endif
#if NP1 >= 3
  s = own;
#pragma xmp reduction(min: s) on p(2:3, *)
  check(s == (in && i >= 2 && i <= 3 ? val(2, j) : own));
#endif
  s = own;
#pragma xmp reduction(+: s) on p(R2, :)
  check(s == (in && i == min(R2, p1) ? rowsum(i, p2) : own));
  s = own;
#pragma xmp reduction(+: s) on p
  check(s == (in ? colsum(1, p1, 1) * p2 + p1 * p2 * (p2 + 1) / 2 - p1 * p2
               : own));
  // ---- a run-time coordinate: the nodes on it -------------------------
  s = own;
#pragma xmp reduction(+: s) on p(k, :)
  check(s == (in && i == k ? rowsum(k, p2) : own));
  // ---- each node alone -------------------------------------------------
  s = own;
#pragma xmp reduction(+: s) on p(*, *)
  check(s == own);
  // ---- template references: the nodes owning the section --------------
  s = own;
#pragma xmp reduction(+: s) on t(:, *)
  check(s == (in && i <= o1 ? colsum(1, o1, j) : own));
  s = own;
#pragma xmp reduction(max: s) on t(*, :)
  check(s == (in && j <= o2 ? val(i, o2) : own));

  // ---- async ------------------------------------------------------------
  s = own;
  arr[0] = i;
  arr[1] = j;
  arr[2] = 1;
#pragma xmp reduction(+: s) on p(:, *) async(1)
#pragma xmp reduction(+: arr) on p(*, :) async(1)
#pragma xmp wait_async(1)
  check(s == (in ? colsum(1, p1, j) : own));
  check(arr[0] == (in ? p2 * i : i));
  check(arr[1] == (in ? p2 * (p2 + 1) / 2 : j));
  check(arr[2] == (in ? p2 : 1));
#if NP1 >= 2
  s = own;
#pragma xmp reduction(+: s) on p(1:2, 1) async(2)
#pragma xmp wait_async(2)
  check(s == (in && i <= 2 && j == 1 ? colsum(1, min(2, p1), 1) : own));
#endif

  // ---- bcast ------------------------------------------------------------
  s = own;
#pragma xmp bcast (s) from p(R2, *) on p(:, *)
  check(s == (in ? val(min(R2, p1), j) : own));
  arr[0] = i;
  arr[1] = j;
  arr[2] = i * j;
#pragma xmp bcast (arr) on p(*, :)
  check(arr[0] == i && arr[1] == (in ? 1 : j) && arr[2] == (in ? i : i * j));
  s = own;
#pragma xmp bcast (s) from p(R2, 1) on p(:, 1)
  check(s == (in && j == 1 ? val(min(R2, p1), 1) : own));
  s = own;
#pragma xmp bcast (s) from p(1, 1) on p(1, :)
  check(s == (in && i == 1 ? val(1, 1) : own));
  s = own;
#pragma xmp bcast (s) from p(*, 1) on p(k, :)
  check(s == (in && i == k ? val(k, 1) : own));
  s = own;
#pragma xmp bcast (s) from p(R2, *) on p(:, *) async(3)
#pragma xmp wait_async(3)
  check(s == (in ? val(min(R2, p1), j) : own));

  // ---- barrier ------------------------------------------------------------
#pragma xmp barrier on p(:, *)
#pragma xmp barrier on p(*, :)
#pragma xmp barrier on p(1:R2, 1)
#pragma xmp barrier on p(k, :)
#pragma xmp barrier on t(:, *)
#pragma xmp barrier on p(*, *)
  check(1);

  // ---- arrays replicated along the second dimension of p --------------
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++) {
    a[ii] = ii + 1000.0 * j;
    c[ii] = 7 * ii + j;
  }
#pragma xmp reduction(+: a) on p(*, :)
#pragma xmp reduction(max: c)
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++)
    if (a[ii] != p2 * ii + 1000.0 * p2 * (p2 + 1) / 2 || c[ii] != 7 * ii + p2)
      errors++;
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++) {
    a[ii] = 2 * ii + j;
    c[ii] = ii + 10 * j;
  }
#pragma xmp reduction(+: a) on p(*, :) async(4)
  // async and acc (on a distributed array) cannot leave out the nodes
  // that own nothing (the job would stop there): only where none does.
  if (o2 == p2) {
#pragma xmp reduction(+: c) on t(*, :) acc async(5)
#pragma xmp wait_async(5)
  } else {
#pragma xmp reduction(+: c) on t(*, :)
  }
#pragma xmp wait_async(4)
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++)
    if (a[ii] != p2 * 2.0 * ii + p2 * (p2 + 1) / 2 ||
        c[ii] != (j <= o2 ? o2 * ii + 10 * o2 * (o2 + 1) / 2 : ii + 10 * j))
      errors++;
  // acc: the device instance with --gpu, the host's without.
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++) {
    a[ii] = ii - j;
    c[ii] = ii * j;
  }
#pragma xmp reduction(min: a) on p(*, :) acc
#pragma xmp reduction(+: c) on p(k, :)
#pragma xmp loop on t(ii, *)
  for (ii = 0; ii < N; ii++)
    if (a[ii] != ii - p2 ||
        c[ii] != (i == k ? ii * p2 * (p2 + 1) / 2 : ii * j))
      errors++;

  // ---- inside a task on some rows of p --------------------------------
  double s2 = own, s3 = own;
  s = own;
#pragma xmp task on p(1:R2, :)
  {
#pragma xmp reduction(+: s) on p(*, :)
#pragma xmp reduction(+: s2) on p(1:R2, *)
#pragma xmp bcast (s3) from p(1, *) on p(1:R2, *)
#pragma xmp barrier on p(*, :)
  }
  int intask = in && i <= R2;
  check(s == (intask ? rowsum(i, p2) : own));
  check(s2 == (intask ? colsum(1, min(R2, p1), j) : own));
  check(s3 == (intask ? val(1, j) : own));

#pragma xmp reduction(+: errors)
  report();
  return 0;
}
