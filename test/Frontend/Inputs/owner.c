/* Elements of distributed arrays outside a loop directive: xmp-cfront
 * checks at run time that the node holds the element (owns it or has it
 * in its shadow). Accesses guarded by the owner run; -DBAD reads a[N - 1]
 * on every node, -DBAD2 writes an element of a 2-D array on every node,
 * -DOOB reads past the end: each stops with the rank, the position, the
 * array and the element. */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif

#define N 8
double a[N];
double m[4][N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align m[*][i] with t(i)
#pragma xmp shadow a[1]

int main(void) {
  int i, j, me = xmp_node_num(), np = xmp_num_nodes();
  int bs = (N + np - 1) / np; /* block size */
  double x = -1, s = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    a[i] = i + 1;
    for (j = 0; j < 4; j++)
      m[j][i] = 10 * j + i;
  }
#pragma xmp reflect (a)
  /* The owner of a[0] reads it; the owner of a[N - 1] writes it. */
  if (me == 1)
    x = a[0];
  if (me == (N - 1) / bs + 1)
    a[N - 1] = 100;
  /* Node 1 reads the first element of node 2's block: its shadow. */
  if (me == 1 && np > 1)
    s = a[bs];
  /* Every node holds m's whole first dimension. */
  if (me == (N - 1) / bs + 1)
    m[3][N - 1] += 1;
#ifdef BAD
  x = a[N - 1];
#endif
#ifdef BAD2
  m[2][0] = 5;
#endif
#ifdef OOB
  if (me == 1)
    x = a[N];
#endif
  double sum = 0;
#pragma xmp loop on t(i) reduction(+:sum)
  for (i = 0; i < N; i++)
    sum += a[i] + m[3][i];
  printf("node %d: x %g shadow %g sum %g\n", me, x, s, sum);
  return 0;
}
