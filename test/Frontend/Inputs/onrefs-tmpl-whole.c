/* `on te` without subscripts is `on te(:)`: the owners of te only (te(0:4)
 * in blocks of 2 over q(4): nodes 1-3; node 4 owns nothing). */
#include <stdio.h>
#include <xmp.h>
#pragma xmp nodes q(4)
#pragma xmp template te(0:4)
#pragma xmp distribute te(block) onto q
int main(void) {
  int y = xmp_node_num(), z = xmp_node_num();
#pragma xmp reduction(+: y) on te
#pragma xmp reduction(+: z) on te(:)
  int me = xmp_node_num();
  int want = me <= 3 ? 6 : me;
  printf("node %d: %s\n", me, y == want && z == want ? "PASS" : "FAIL");
  return 0;
}
