/* bcast (x) from q(...) without `on`: the executing nodes take part (every
 * node outside tasks, the task's nodes inside one) and q's node is found
 * among them, through subsets and reshapes. Each node checks the value it
 * got; node 1 prints the number of wrong nodes per case (0 expected). Run
 * on 4 and more ranks (p(4) is static); nodes beyond p take part too. */
#include <stdio.h>
#include <xmp.h>

#pragma xmp nodes p(4)
#pragma xmp nodes q(2) = p(2:3)
#pragma xmp nodes g(2, 2) = p(1:4)
#pragma xmp nodes h(2) = p(1:2)

static int sum(int err) {
#pragma xmp reduction(+: err)
  return err;
}

int main(void) {
  int me = xmp_node_num(), x, err;
  /* 1. from a node of a subset: q(2) = p(3) = node 3 */
  x = 10 * me;
#pragma xmp bcast (x) from q(2)
  err = sum(x != 30);
  if (me == 1)
    printf("from q(2) without on: %d wrong\n", err);
  /* 2. from a node of a reshaped set: g(2,1) = p(2) (Fortran order) */
  x = 10 * me;
#pragma xmp bcast (x) from g(2, 1)
  err = sum(x != 20);
  if (me == 1)
    printf("from g(2,1) without on: %d wrong\n", err);
  /* 3. inside a task on p(1:2), from p(2): the task's nodes only */
  x = 10 * me;
#pragma xmp task on p(1:2)
  {
#pragma xmp bcast (x) from p(2)
  }
  err = sum(me <= 2 ? x != 20 : x != 10 * me);
  if (me == 1)
    printf("task on p(1:2), from p(2): %d wrong\n", err);
  /* 4. inside a task on h, from h(1) = p(1) */
  x = 10 * me;
#pragma xmp task on h
  {
#pragma xmp bcast (x) from h(1)
  }
  err = sum(me <= 2 ? x != 10 : x != 10 * me);
  if (me == 1)
    printf("task on h, from h(1): %d wrong\n", err);
#ifdef OUTSIDE
#pragma xmp task on p(1:2)
  {
#pragma xmp bcast (x) from p(3)
  }
#endif
  return 0;
}
