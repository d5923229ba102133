/* Tasks on node references with run-time coordinates: task on p(k), p[k],
 * p(lo:hi:st), p[lo:len:st], p(1:k), q(k) and q[k] (q(1) is node 1; the
 * other nodes are outside it), g(k, *), g(*, k), g(i + 1, j),
 * g(lo:hi, k) and a task on g(*, j) inside one on p(k), on p(*) and
 * g(*, *) (every node). The loops run the coordinates past both ends of
 * the node sets: those select no node.
 *
 * For every family of tasks each node counts the tasks it ran and hashes
 * their parameters in order; node 1 prints every node's count and hash
 * (XMP-RESULT c<family>_<node>, h<family>_<node>) after a reduction.
 * Built by plain clang (no _XCALABLEMP), the program is the sequential
 * expectation: given the number of nodes and the size of g's first
 * dimension (argv), it runs the same loops for every node in turn and
 * decides each task by the rule of XMP node references (1-based
 * coordinates, lo:hi:st inclusive; bracketed 0-based lower:length:stride)
 * with plain C tests: a node runs the task when its coordinates are
 * selected; a stride < 1 or an empty range selects none. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#define SEQ_IF(c)
#else
#define SEQ_IF(c) if (c)
#endif

#define NF 12
#define NMAX 8
#pragma xmp nodes p(*)
#pragma xmp nodes g(*, *)
#pragma xmp nodes q(1)

long cnt[NF][NMAX], hsh[NF][NMAX];
int me, n, gi, gj, si, sj; /* node number, nodes, g's coordinates, g's sizes */

/* Node `me` ran a task of family f with parameters a, b, c. */
void rec(int f, int a, int b, int c) {
  long e = ((a + 8) * 64 + (b + 8)) * 64 + (c + 8);
  cnt[f][me - 1] += 1;
  hsh[f][me - 1] = (hsh[f][me - 1] * 131 + e) % 1000003;
}

/* lo <= x <= hi in steps of st from lo (st >= 1). */
int inTrip(int x, int lo, int hi, int st) {
  return st >= 1 && lo <= x && x <= hi && (x - lo) % st == 0;
}

void run(void) {
  int k, i, j, lo, hi, st, len;
  /* 0: p(k), 1-based */
  for (k = -1; k <= n + 2; k++) {
#pragma xmp task on p(k)
    SEQ_IF(me == k) rec(0, k, 0, 0);
  }
  /* 1: p[k], 0-based */
  for (k = -2; k <= n + 1; k++) {
#pragma xmp task on p[k]
    SEQ_IF(me - 1 == k) rec(1, k, 0, 0);
  }
  /* 2: p(lo:hi:st), every part at run time; empty ranges, strides < 1 */
  for (lo = -1; lo <= n + 1; lo++)
    for (hi = lo - 2; hi <= n + 2; hi++)
      for (st = -1; st <= 3; st++) {
#pragma xmp task on p(lo:hi:st)
        SEQ_IF(inTrip(me, lo, hi, st)) rec(2, lo, hi, st);
      }
  /* 3: p[lo:len:st] (lower:length:stride) */
  for (lo = -2; lo <= n; lo++)
    for (len = -1; len <= n + 1; len++)
      for (st = 1; st <= 3; st++) {
#pragma xmp task on p[lo:len:st]
        SEQ_IF(len >= 1 && inTrip(me - 1, lo, lo + (len - 1) * st, st))
        rec(3, lo, len, st);
      }
  /* 4: p(1:k), p(k:), p(k::2): constant and run-time parts mixed */
  for (k = -1; k <= n + 2; k++) {
#pragma xmp task on p(1:k)
    SEQ_IF(me <= k) rec(4, k, 0, 0);
#pragma xmp task on p(k:)
    SEQ_IF(me >= k) rec(4, k, 1, 0);
#pragma xmp task on p(k::2)
    SEQ_IF(me >= k && (me - k) % 2 == 0) rec(4, k, 2, 0);
  }
  /* 5: q(k), q[k] on q(1): only node 1 is in q; a node outside it has no
     coordinate that k = 0 or q[-1] could match */
  for (k = -1; k <= 2; k++) {
#pragma xmp task on q(k)
    SEQ_IF(me == 1 && k == 1) rec(5, k, 0, 0);
#pragma xmp task on q[k]
    SEQ_IF(me == 1 && k == 0) rec(5, k, 1, 0);
  }
  /* 6: g(k, *): the k-th row of g (its first dimension) */
  for (k = -1; k <= si + 1; k++) {
#pragma xmp task on g(k, *)
    SEQ_IF(gi == k) rec(6, k, 0, 0);
  }
  /* 7: g(*, k) */
  for (k = -1; k <= sj + 1; k++) {
#pragma xmp task on g(*, k)
    SEQ_IF(gj == k) rec(7, k, 0, 0);
  }
  /* 8: g(i + 1, j): one node per (i, j) inside g */
  for (i = -2; i <= si; i++)
    for (j = -1; j <= sj + 1; j++) {
#pragma xmp task on g(i + 1, j)
      SEQ_IF(gi == i + 1 && gj == j) rec(8, i, j, 0);
    }
  /* 9: g(lo:hi, k) */
  for (lo = 0; lo <= si + 1; lo++)
    for (hi = lo - 1; hi <= si + 1; hi++)
      for (k = 0; k <= sj + 1; k++) {
#pragma xmp task on g(lo:hi, k)
        SEQ_IF(inTrip(gi, lo, hi, 1) && gj == k) rec(9, lo, hi, k);
      }
  /* 10: g[j][i] (brackets: C order, 0-based) */
  for (i = -1; i <= si; i++)
    for (j = -1; j <= sj; j++) {
#pragma xmp task on g[j][i]
      SEQ_IF(gi == i + 1 && gj == j + 1) rec(10, i, j, 0);
    }
  /* 11: a task on g(*, j) inside one on p(k): their common nodes */
  for (k = 0; k <= n + 1; k++) {
#pragma xmp task on p(k)
    for (j = 0; j <= sj + 1; j++) {
#pragma xmp task on g(*, j)
      SEQ_IF(me == k && gj == j) rec(11, k, j, 0);
    }
  }
}

int main(int argc, char **argv) {
  int f, m;
#ifdef _XCALABLEMP
  me = xmp_all_node_num();
  n = xmp_all_num_nodes();
  si = 0;
  /* g's first dimension: the nodes of its first column (a constant
     reference: a declared node set, whose size xmp_num_nodes gives). */
#pragma xmp task on g(:, 1)
  si = xmp_num_nodes();
#pragma xmp reduction(max: si)
  sj = n / si;
  /* XMP numbers the nodes of g(*, *) in Fortran order. */
  gi = (me - 1) % si + 1;
  gj = (me - 1) / si + 1;
  run();
#pragma xmp reduction(+: cnt, hsh)
#else
  if (argc != 3)
    return 2;
  n = atoi(argv[1]);
  si = atoi(argv[2]);
  sj = n / si;
  for (me = 1; me <= n; me++) {
    gi = (me - 1) % si + 1;
    gj = (me - 1) / si + 1;
    run();
  }
  me = 1;
#endif
  if (me == 1) {
    printf("XMP-RESULT nodes %d\n", n);
    printf("XMP-RESULT gsize1 %d\n", si);
    for (f = 0; f < NF; f++)
      for (m = 0; m < n; m++) {
        printf("XMP-RESULT c%d_%d %ld\n", f, m + 1, cnt[f][m]);
        printf("XMP-RESULT h%d_%d %ld\n", f, m + 1, hsh[f][m]);
      }
  }
  return 0;
}
