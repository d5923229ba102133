/* Thesis figure 3.4 (XMP-dev): the declarations of figure 3.1, an XMP loop
 * that runs on the host, then the XMP-dev part: `device replicate` gives
 * the array a device instance for the statement after it,
 * `device replicate_sync in` copies host to device, `device loop` shares
 * the loop over the nodes and runs each node's part on its device (on the
 * host in a CPU build), `device replicate_sync out` copies the result
 * back. NODES is 4 as in figure 3.1 (-DNODES='*' for any node count). A
 * weighted sum of every element is the result, checked against the same
 * source compiled by plain clang. */
#include "figs.h"
#define N 100

double array[N][N];
#pragma xmp nodes p(NODES)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align array[i][*] with t(i)

int main(void) {
  int i, j;
  double res = 0;

#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      array[i][j] = (i * 31 + j * 17) % 97 - 40;

#pragma xmp device replicate (array)
  {
#pragma xmp device replicate_sync in (array)

#pragma xmp device loop on t(i)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        array[i][j] = array[i][j] * 0.5 + i - j;

#pragma xmp device replicate_sync out (array)
  }

#pragma xmp loop on t(i) reduction(+:res)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      res += array[i][j] * (1 + (i + 2 * j) % 7);
  if (xmp_node_num() == 1)
    printf("XMP-RESULT sum %.17g\n", res);
  return 0;
}
