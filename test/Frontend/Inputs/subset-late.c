// Node references a small job does not have, on directives it never
// executes: `task on p(2:3)`, `reduction ... on p(2:3)`, `task on p(3)` and
// a declared `nodes q(2) = p(2:3)` are all guarded by the node count, so the
// program runs on any number of nodes (XMP evaluates a node reference where
// its directive runs). With an argument it executes one of them anyway:
// "on" a reduction on p(2:3), "task" a task on p(3), "q" a task on q.
#include <stdio.h>
#include <string.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp nodes q(2) = p(2:3)

int main(int argc, char **argv) {
  int me = xmp_node_num(), n = xmp_num_nodes(), x = me, errors = 0;
  if (n >= 3) {
#pragma xmp task on p(2:3)
    x = -x;
#pragma xmp reduction(+: x) on p(2:3)
#pragma xmp task on q
    {
      if (xmp_num_nodes() != 2)
        errors++;
    }
#pragma xmp task on p(3)
    x += 100;
  }
  int want = n < 3 ? me : me == 2 ? -5 : me == 3 ? 95 : me;
  if (x != want)
    errors++;
  if (argc > 1 && !strcmp(argv[1], "on")) {
#pragma xmp reduction(+: x) on p(2:3)
  }
  if (argc > 1 && !strcmp(argv[1], "task")) {
#pragma xmp task on p(3)
    x = 0;
  }
  if (argc > 1 && !strcmp(argv[1], "q")) {
#pragma xmp task on q
    x = 0;
  }
#pragma xmp reduction(+: errors)
  if (me == 1)
    printf("nodes %d: %d wrong\n", n, errors);
  return 0;
}
