/* Thesis figure 3.5 (XcalableACC): a distributed array a (lines 1-5 of the
 * figure), an OpenACC data region copying it to the device and back, and
 * an XMP loop whose iterations run on each node's device as an OpenACC
 * parallel loop (lines 7-14), completed into a program: the figure's
 * `...` parts initialize a and sum it. NODES is 4 as in the figure
 * (-DNODES='*' for any node count); N = 1000 (uneven on 3, 6 and 7). */
#include "figs.h"
#define N 1000

double a[N];
#pragma xmp nodes p(NODES)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)

int main(void) {
  double sum = 0.0;
#pragma xmp loop on t(i)
  for (int i = 0; i < N; i++)
    a[i] = (i * 13 % 17) * 0.25;

#pragma acc data copy (a)
{
#pragma xmp loop on t(i)
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
        a[i] += 1.0;
    }
}

#pragma xmp loop on t(i) reduction(+:sum)
  for (int i = 0; i < N; i++)
    sum += a[i] * (i % 5 + 1);
  if (xmp_node_num() == 1)
    printf("XMP-RESULT sum %.17g\n", sum);
  return 0;
}
