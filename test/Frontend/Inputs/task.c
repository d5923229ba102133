/* task and tasks in XcalableMP C on a static node set of 4 (nodes beyond
 * it, with 5 ranks, are in no task): tasks on one node, on node
 * references with triplets (1-based, inclusive) of a 2-D node set, on a
 * template element (its owner), two tasks in a `tasks` block, a
 * one-sided gmove in a task. Inside a task xmp_node_num / xmp_num_nodes,
 * reduction, bcast and barrier without `on` are the task's nodes'.
 * Node 1 prints what every node saw, summed over all nodes. */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif

#define N 12
double a[N];
double loc[4];
#pragma xmp nodes p(4)
#pragma xmp nodes q(2, 2)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)

int main(void) {
  int i, me = xmp_all_node_num();
  int in1 = 0, num1 = 0, inq = 0, numq = 0, sumq = 0, bq = 0, owner = 0;
  int first = 0, rest = 0, got = 0;
  double s = -1;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    a[i] = 10 * i;
#pragma xmp barrier

#pragma xmp task on p(1)
  {
    in1 = xmp_node_num();
    num1 = xmp_num_nodes();
  }
  /* q(i, j), Fortran order: nodes with j = 2, i = 1..2 (numbers 3, 4). */
#pragma xmp task on q(1:2, 2)
  {
    int v = me, b = 0;
    inq = xmp_node_num();
    numq = xmp_num_nodes();
#pragma xmp reduction(+:v)
    sumq = v;
    if (xmp_node_num() == 1)
      b = 77;
#pragma xmp bcast (b)
    bq = b;
#pragma xmp barrier
  }
  /* The owner of t(N - 1) reads a[N - 1]. */
#pragma xmp task on t(N - 1)
  {
    s = a[N - 1];
    owner = 1;
  }
#pragma xmp tasks
  {
#pragma xmp task on p(1)
    first = 1;
#pragma xmp task on p(2:4)
    rest = xmp_num_nodes();
  }
  /* A one-sided gmove on node 2 alone. */
#pragma xmp task on p(2)
  {
#pragma xmp gmove in
    loc[0:4] = a[N - 4:4];
    got = loc[0] == 10 * (N - 4) && loc[3] == 10 * (N - 1);
  }
  printf("node %d: in1 %d num1 %d inq %d numq %d sumq %d bq %d owner %d "
         "s %g first %d rest %d got %d\n",
         me, in1, num1, inq, numq, sumq, bq, owner, s, first, rest, got);
  return 0;
}
