/* Thesis figure 3.1 (XMP): the sum of a 2-D array, rows block-distributed
 * over 4 nodes, with a loop reduction. NODES is 4 as in the figure
 * (-DNODES='*' for any node count). */
#include "figs.h"
#define N 100

int array[N][N];
#pragma xmp nodes p(NODES)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align array[i][*] with t(i)

int func(int i, int j) { return (i * 31 + j * 17) % 97 - 40; }

int main(void) {
  int i, j, res = 0;
#pragma xmp loop on t(i) reduction(+:res)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      array[i][j] = func(i, j);
      res += array[i][j];
    }
  if (xmp_node_num() == 1)
    printf("XMP-RESULT sum %d\n", res);
  return 0;
}
