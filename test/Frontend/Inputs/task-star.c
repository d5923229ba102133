// `*` in the node reference of a task is the executing node's own
// coordinate (XMP): `task on p(:, *)` runs on every node, each with the
// nodes of its own column as its task nodes; `task on p(*, 2:3)` on the
// nodes of columns 2 and 3, each with its own row's two. The inquiry
// functions inside answer for those; reductions inside name the same nodes
// with `on` and `*`. Every node checks its values.
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes p(2, 3)

int main(void) {
  int me = xmp_node_num(), errors = 0;
  int i = (me - 1) % 2 + 1, j = (me - 1) / 2 + 1; // p(i, j)
  int num = -1, cnt = -1, num2 = -1, cnt2 = -1, s = me, s2 = me;
#pragma xmp task on p(:, *)
  {
    num = xmp_node_num();
    cnt = xmp_num_nodes();
#pragma xmp reduction(+: s) on p(:, *)
  }
#pragma xmp task on p(*, 2:3)
  {
    num2 = xmp_node_num();
    cnt2 = xmp_num_nodes();
#pragma xmp reduction(+: s2) on p(*, 2:3)
  }
  if (me > 6) { // outside p: no task ran here
    i = j = 0;
    if (num != -1 || cnt != -1 || s != me || num2 != -1 || s2 != me)
      errors++, printf("node %d: a task ran outside p\n", me);
  } else if (num != i || cnt != 2)
    errors++, printf("node %d: column task %d of %d\n", me, num, cnt);
  if (i && s != 2 * (2 * j - 1) + 1)  // (1, j) + (2, j)
    errors++, printf("node %d: column sum %d\n", me, s);
  if (i && (j >= 2 ? num2 != j - 1 || cnt2 != 2 : num2 != -1 || cnt2 != -1))
    errors++, printf("node %d: row task %d of %d\n", me, num2, cnt2);
  if (i && s2 != (j >= 2 ? (i + 2) + (i + 4) : me))  // p(i, 2) + p(i, 3)
    errors++, printf("node %d: row sum %d\n", me, s2);
#pragma xmp reduction(+: errors)
  if (me == 1)
    printf("task star: %d wrong\n", errors);
  return 0;
}
