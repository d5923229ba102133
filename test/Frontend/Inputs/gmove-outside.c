// gmove into local arrays and scalars on a job larger than the static node
// set: every node executes the gmove (XMP's executing nodes are all of
// them), so the nodes outside p get the elements too. Every node checks
// every element and prints one line.
#include <stdio.h>
#include <xmp.h>
#define N 10
#pragma xmp nodes p(2)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double a[N];
int b[N][3];
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i][*] with t(i)

int main(void) {
  int wrong = 0;
#pragma xmp loop (i) on t(i)
  for (int i = 0; i < N; i++) {
    a[i] = i * i + 1.0;
    for (int j = 0; j < 3; j++)
      b[i][j] = 10 * i + j;
  }
  double x = -1, m[4];
  for (int k = 0; k < 4; k++)
    m[k] = -1;
  int c[2][3];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      c[i][j] = -1;
#pragma xmp gmove
  x = a[6];
#pragma xmp gmove
  m[0:4] = a[0:4:3];
#pragma xmp gmove
  c[0:2][0:3] = b[4:2][0:3];
  wrong += x != 37.0;
  for (int k = 0; k < 4; k++)
    wrong += m[k] != (3 * k) * (3 * k) + 1.0;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      wrong += c[i][j] != 10 * (4 + i) + j;
  // local -> distributed: the owners take the elements from their own
  // copies; nodes outside p hold none.
  double loc[N];
  for (int i = 0; i < N; i++)
    loc[i] = 100.0 + i;
#pragma xmp gmove
  a[2:5] = loc[0:5];
#pragma xmp loop (i) on t(i)
  for (int i = 0; i < N; i++)
    wrong += a[i] != (i >= 2 && i < 7 ? 100.0 + i - 2 : i * i + 1.0);
  printf("node %d of %d: %d wrong\n", xmp_all_node_num(), xmp_all_num_nodes(),
         wrong);
  return wrong != 0;
}
