/* `continue` in the body of a loop directive (host `loop`, XMP-dev
 * `device loop`, OpenACC `parallel loop` under `loop`): the iteration ends
 * there, the next one starts. Also nested: a continue of a plain C loop
 * inside the body belongs to that loop. Every element is checked against
 * plain C (which ignores the pragmas): the program prints checksums and
 * node 1 the number of wrong elements over all nodes. */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif
#define N 37

double a[N], b[N], c[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align (a, b, c)[i] with t(i)

int main(void) {
  int i, j, me = 1, err = 0;
  double s = 0, s2 = 0, s3 = 0;
#ifdef _XCALABLEMP
  me = xmp_node_num();
#endif
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    a[i] = -1;
    b[i] = -1;
    c[i] = -1;
  }
  /* host loop: skip every third element, then half of the rest */
#pragma xmp loop on t(i) reduction(+: s)
  for (i = 0; i < N; i++) {
    if (i % 3 == 0)
      continue;
    a[i] = i;
    if (i % 2)
      continue;
    s += i;
    a[i] = 2 * i;
  }
  /* a continue of an inner C loop, then one of the loop directive */
#pragma xmp loop on t(i) reduction(+: s2)
  for (i = 0; i < N; i++) {
    double x = 0;
    for (j = 0; j < 5; j++) {
      if (j == i % 5)
        continue;
      x += j;
    }
    if (x > 8)
      continue;
    b[i] = x;
    s2 += x;
  }
  /* XMP-dev device loop (the host in the CPU build) */
#pragma xmp device replicate (c)
  {
#pragma xmp device loop on t(i) reduction(+: s3)
    for (i = 0; i < N; i++) {
      if (i % 4 == 1)
        continue;
      c[i] = 3 * i;
      s3 += c[i];
    }
#pragma xmp device replicate_sync out (c)
  }
#pragma xmp loop on t(i) reduction(+: err)
  for (i = 0; i < N; i++) {
    double ea = i % 3 == 0 ? -1 : (i % 2 ? i : 2 * i);
    double x = 10 - i % 5;
    double eb = x > 8 ? -1 : x;
    double ec = i % 4 == 1 ? -1 : 3 * i;
    err += (a[i] != ea) + (b[i] != eb) + (c[i] != ec);
  }
  if (me == 1) {
    printf("s %.17g\n", s);
    printf("s2 %.17g\n", s2);
    printf("s3 %.17g\n", s3);
    printf("wrong %d\n", err);
  }
  return 0;
}
