// `on t(:)` / `on t` of templates over a node set whose size is the job's
// (p(*)): the owners of t are known only at run time, and nodes past the
// last block own nothing (12 indices in blocks over 5 nodes: blocks of 3,
// the fifth owns none). Reduction, bcast (from the first owner, and from
// a named node), barrier; block, cyclic and cyclic(2) templates. Each node
// checks its values against the owners it computes itself.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp template tb(0:11)
#pragma xmp distribute tb(block) onto p
#pragma xmp template tc(0:3)
#pragma xmp distribute tc(cyclic) onto p
#pragma xmp template tw(0:6)
#pragma xmp distribute tw(cyclic(2)) onto p

static int sum1(int n) { return n * (n + 1) / 2; }

int main(int argc, char **argv) {
  int me = xmp_node_num(), n = xmp_num_nodes(), errors = 0;
  int bs = (12 + n - 1) / n;
  int ob = (12 + bs - 1) / bs;         // owners of tb
  int oc = n < 4 ? n : 4;              // owners of tc
  int ow = n < 4 ? n : 4;              // owners of tw: 4 chunks of 2
  int a = me, b = me, c = me, d = 100 + me, e = 200 + me;
#pragma xmp reduction(+: a) on tb(:)
#pragma xmp reduction(+: b) on tc
#pragma xmp reduction(max: c) on tw(:)
#pragma xmp bcast (d) on tb(:)
  if (n >= 2) {
#pragma xmp bcast (e) from p(2) on tw
  }
#pragma xmp barrier on tc
  if (a != (me <= ob ? sum1(ob) : me))
    errors++, printf("node %d: a = %d\n", me, a);
  if (b != (me <= oc ? sum1(oc) : me))
    errors++, printf("node %d: b = %d\n", me, b);
  if (c != (me <= ow ? ow : me))
    errors++, printf("node %d: c = %d\n", me, c);
  if (d != (me <= ob ? 101 : 100 + me))
    errors++, printf("node %d: d = %d\n", me, d);
  if (e != (n < 2 ? 201 : me <= ow ? 202 : 200 + me))
    errors++, printf("node %d: e = %d\n", me, e);
  // async cannot leave nodes out: where one owns nothing the job stops.
  if (argc > 1 && !strcmp(argv[1], "async")) {
#pragma xmp reduction(+: a) on tb async(1)
#pragma xmp wait_async(1)
  }
  // `from` a node that owns nothing of the template.
  if (argc > 1 && !strcmp(argv[1], "from")) {
#pragma xmp bcast (e) from p(5) on tb
  }
#pragma xmp reduction(+: errors)
  if (me == 1)
    printf("nodes %d: %d wrong\n", n, errors);
  return 0;
}
