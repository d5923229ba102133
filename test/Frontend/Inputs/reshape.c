// Node sets that reshape their node reference and node sets of the
// executing nodes (`= *`). XMP assigns the nodes of the reference, in its
// array element order (Fortran's for parentheses, C's for brackets), to
// the declared node set's, in its own: q(2,3) = p(1:6) has q(i,j) =
// p(i + 2(j-1)). Templates distributed onto reshaped sets, tasks on them
// and on their elements and sections, reduction, bcast and barrier on
// them and on their subsets, and the inquiries inside. Run on 6 nodes or
// more; every node-count dependent value is checked by the program, and
// plain clang (which ignores the pragmas) prints the same results.
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif
#define N 10
#define NT 11
#pragma xmp nodes p(*)
#pragma xmp nodes q(2, 3) = p(1:6)   /* q(i,j) = p(i + 2(j-1)) */
#pragma xmp nodes z(3, 2) = q        /* z(k,l) = p(k + 3(l-1)) */
#pragma xmp nodes cq[2][3] = p[0:6]  /* C order: cq[i][j] = p[3i + j] */
#pragma xmp nodes s(3, *) = p(1:6)   /* 3x2: s(k,l) = p(k + 3(l-1)) */
#pragma xmp nodes w(2, 3) = *        /* all nodes: nodes w(2, 3) */
#pragma xmp nodes f(6) = w           /* w flattened: f(k) = p(k) */
#pragma xmp nodes all(*) = *
#pragma xmp nodes h(1, *) = p        /* h(1,k) = p(k): counted at run time */
#pragma xmp nodes qc1(2) = q(1:2, 1) /* p(1), p(2) */
#pragma xmp nodes qr1(3) = q(1, 1:3) /* p(1), p(3), p(5) */
#pragma xmp nodes zc2(3) = z(1:3, 2) /* p(4), p(5), p(6) */
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto q
#pragma xmp template t2(0:N-1, 0:N-1)
#pragma xmp distribute t2(block, cyclic) onto z
double a[N][N], b[N][N];
int hit[NT]; /* how many nodes ran each single-node task */
#pragma xmp align a[i][j] with t(j, i)
#pragma xmp align b[i][j] with t2(j, i)

/* The node (p's number) that owns t(j, i), t2(j, i): block over 2 and 3
 * nodes (chunks of 5, and of 4, 4, 2), cyclic over 2. */
static int ownerT(int i, int j) { return j / 5 + 1 + 2 * (i / 4); }
static int ownerT2(int i, int j) { return j / 4 + 1 + 3 * (i % 2); }

int main(void) {
  int i, j, me = 1, errors = 0;
  long x, sum = 0, sum2 = 0, y = 0, y2 = 0;
#ifdef _XCALABLEMP
  me = xmp_all_node_num();
#endif
#pragma xmp loop (j, i) on t(j, i)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      a[i][j] = i * N + j;
#pragma xmp loop (j, i) on t2(j, i)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      b[i][j] = i * N + j + 1;
  // Every element weighted by its owner's number: the distribution onto
  // the reshaped node sets.
#pragma xmp task on q
  {
    long s = 0;
#pragma xmp loop (j, i) on t(j, i) reduction(+: s)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
#ifdef _XCALABLEMP
        s += (long)a[i][j] * me;
#else
        s += (long)a[i][j] * ownerT(i, j);
#endif
      }
    sum = s;
#ifdef _XCALABLEMP
    if (xmp_num_nodes() != 6 || xmp_node_num() != me)
      errors++;
#endif
    y = me == 2 ? 55 : 0;
#pragma xmp bcast (y) from q(2, 1) on q
#ifndef _XCALABLEMP
    y = 55; // node 2's value
#endif
#pragma xmp barrier on q
  }
#pragma xmp task on z
  {
    long s = 0;
#pragma xmp loop (j, i) on t2(j, i) reduction(+: s)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
#ifdef _XCALABLEMP
        s += (long)b[i][j] * me;
#else
        s += (long)b[i][j] * ownerT2(i, j);
#endif
      }
    sum2 = s;
    y2 = me * 10;
#pragma xmp bcast (y2) from z(2, 2) on z
#ifndef _XCALABLEMP
    y2 = 50; // node 5's value
#endif
#pragma xmp barrier on z
  }
  // Single nodes of the reshaped sets: each runs on the one node expected.
#pragma xmp task on q(2, 1)
  {
    hit[0]++;
#ifdef _XCALABLEMP
    if (me != 2 || xmp_num_nodes() != 1)
      errors++;
#endif
  }
#pragma xmp task on q(1, 2)
  {
    hit[1]++;
#ifdef _XCALABLEMP
    if (me != 3)
      errors++;
#endif
  }
#pragma xmp task on z(1, 2)
  {
    hit[2]++;
#ifdef _XCALABLEMP
    if (me != 4)
      errors++;
#endif
  }
#pragma xmp task on z(3, 1)
  {
    hit[3]++;
#ifdef _XCALABLEMP
    if (me != 3)
      errors++;
#endif
  }
#pragma xmp task on cq[1][0]
  {
    hit[4]++;
#ifdef _XCALABLEMP
    if (me != 4)
      errors++;
#endif
  }
#pragma xmp task on cq[0][2]
  {
    hit[5]++;
#ifdef _XCALABLEMP
    if (me != 3)
      errors++;
#endif
  }
#pragma xmp task on s(1, 2)
  {
    hit[6]++;
#ifdef _XCALABLEMP
    if (me != 4)
      errors++;
#endif
  }
#pragma xmp task on w(2, 1)
  {
    hit[7]++;
#ifdef _XCALABLEMP
    if (me != 2)
      errors++;
#endif
  }
#pragma xmp task on w(1, 3)
  {
    hit[8]++;
#ifdef _XCALABLEMP
    if (me != 5)
      errors++;
#endif
  }
#pragma xmp task on f(6)
  {
    hit[9]++;
#ifdef _XCALABLEMP
    if (me != 6)
      errors++;
#endif
  }
#pragma xmp task on h(1, 3)
  {
    hit[10]++;
#ifdef _XCALABLEMP
    if (me != 3)
      errors++;
#endif
  }
  // Sections of the reshaped sets (node sets declared for the tasks):
  // their nodes, numbers and reductions.
  x = me;
#pragma xmp task on q(1:2, 2)
  {
#pragma xmp reduction(+: x)
#ifdef _XCALABLEMP
    if (x != 7 || xmp_num_nodes() != 2 || xmp_node_num() != me - 2)
      errors++;
#endif
  }
  x = me;
#pragma xmp task on z(1:3, 2)
  {
#pragma xmp reduction(+: x)
#ifdef _XCALABLEMP
    if (x != 15 || xmp_num_nodes() != 3 || xmp_node_num() != me - 3)
      errors++;
#endif
  }
  // Declared subsets of the reshaped sets.
  x = me;
#pragma xmp task on qc1
  {
#pragma xmp reduction(+: x) on qc1
#ifdef _XCALABLEMP
    if (x != 3 || xmp_node_num() != me)
      errors++;
#endif
  }
  x = me;
#pragma xmp task on qr1
  {
#pragma xmp reduction(+: x) on qr1
#ifdef _XCALABLEMP
    if (x != 9 || xmp_node_num() != (me + 1) / 2)
      errors++;
#endif
  }
  x = me;
#pragma xmp task on zc2
  {
#pragma xmp reduction(+: x) on zc2
#ifdef _XCALABLEMP
    if (x != 15 || xmp_node_num() != me - 3)
      errors++;
#endif
  }
  // `= *` at file scope: every node.
#pragma xmp task on all
  {
#ifdef _XCALABLEMP
    if (xmp_num_nodes() != xmp_all_num_nodes() || xmp_node_num() != me)
      errors++;
#endif
  }
#pragma xmp task on h
  {
#ifdef _XCALABLEMP
    if (xmp_num_nodes() != xmp_all_num_nodes() || xmp_node_num() != me)
      errors++;
#endif
  }
#pragma xmp task on w
  {
#ifdef _XCALABLEMP
    if (xmp_num_nodes() != 6 || xmp_node_num() != me)
      errors++;
#endif
  }
#pragma xmp reduction(+: errors, hit)
  if (me == 1) { // in q and z: their values
    printf("XMP-RESULT sum %ld\n", sum);
    printf("XMP-RESULT sum2 %ld\n", sum2);
    printf("XMP-RESULT bcast %ld\n", y);
    printf("XMP-RESULT bcast2 %ld\n", y2);
    for (i = 0; i < NT; i++)
      printf("XMP-RESULT hit%d %d\n", i, hit[i]);
    printf("XMP-RESULT errors %d\n", errors);
  }
  return 0;
}
