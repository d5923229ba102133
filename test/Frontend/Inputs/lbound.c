/* Templates whose lower bound is not 0 (t(1:N), t2(0:M-1, 1:N)): arrays
 * indexed by template index, loops on the template's own indices, task on
 * a template element, reflect, gmove, a 2-D cyclic template. N = 23 does
 * not divide by 2, 3, 4, 5 or 7. Self-checking: every element is compared
 * with the value plain C computes, each check prints its number of wrong
 * elements (summed over the nodes); plain clang runs the same source.
 *
 * a[k] is aligned with t(k): a[0] lies before t(1:N) and is not part of
 * the distributed array (docs/frontend.md); b[k] with t(k+1) fits exactly;
 * w[k] with t(k-2): w[0..2] lie before it. */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
#endif

#define N 23
#define M 5

#pragma xmp nodes p(*)
#pragma xmp template t(1:N)
#pragma xmp distribute t(block) onto p
double a[N + 1];
double b[N];
int w[N + 3];
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i+1)
#pragma xmp align w[i] with t(i-2)
#pragma xmp shadow a[1]

#pragma xmp template t2(0:M-1, 1:N)
#pragma xmp distribute t2(*, cyclic) onto p
long c[N + 1][M];
#pragma xmp align c[i][j] with t2(j, i)

double loc[N + 1];

static double fa(int i) { return (i * 7 % 11) + 0.5 * i; }

#define report(what, bad)                                                      \
  do {                                                                         \
    if (xmp_node_num() == 1)                                                   \
      printf("%s: %d wrong\n", what, bad);                                     \
  } while (0)

int main(void) {
  int i, j, bad;
  double s = 0.0, ref = 0.0;

#pragma xmp loop on t(i)
  for (i = 1; i <= N; i++) {
    a[i] = fa(i);
    b[i - 1] = 2 * fa(i);
    w[i + 2] = 3 * i;
  }
  bad = 0;
#pragma xmp loop (i) on t(i) reduction(+:bad)
  for (i = 1; i < N + 1; i++)
    bad += (a[i] != fa(i)) + (b[i - 1] != 2 * fa(i)) + (w[i + 2] != 3 * i);
  report("init a, b, w on t(1:N)", bad);

  /* A stencil over the shadow: a[i-1] and a[i+1] at every i of 2..N-1. */
#pragma xmp reflect (a)
#pragma xmp loop on t(i)
  for (i = 2; i <= N - 1; i++)
    b[i - 1] = a[i - 1] + a[i + 1];
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = 2; i <= N - 1; i++)
    bad += b[i - 1] != fa(i - 1) + fa(i + 1);
  report("stencil b[i-1] = a[i-1] + a[i+1]", bad);

#pragma xmp loop on t(i) reduction(+:s)
  for (i = 1; i <= N; i++)
    s += a[i] * i;
  for (i = 1; i <= N; i++)
    ref += fa(i) * i;
  report("sum over t(1:N)", s != ref);

  /* The owners of t(1) and t(N): a[1], a[N] (XMP indices). */
#pragma xmp task on t(1)
  a[1] = -1.0;
#pragma xmp task on t(N)
  {
    a[N] = a[N] + 100.0;
    w[N + 2] = -7;
  }
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = 1; i <= N; i++)
    bad += a[i] != (i == 1 ? -1.0 : i == N ? fa(N) + 100.0 : fa(i)) ||
           w[i + 2] != (i == N ? -7 : 3 * i);
  report("task on t(1), t(N)", bad);

  /* gmove with sections in C indices: a[1:N] is the distributed part. */
#ifdef _XCALABLEMP
#pragma xmp gmove
  loc[1:N] = a[1:N];
#pragma xmp gmove
  b[0:N] = a[1:N];
#else
  for (i = 1; i <= N; i++)
    loc[i] = b[i - 1] = a[i];
#endif
  bad = 0;
  for (i = 1; i <= N; i++)
    bad += loc[i] != (i == 1 ? -1.0 : i == N ? fa(N) + 100.0 : fa(i));
  report("gmove loc[1:N] = a[1:N]", bad);
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = 1; i <= N; i++)
    bad += b[i - 1] != loc[i];
  report("gmove b[0:N] = a[1:N]", bad);

  /* 2-D: c[i][j] on t2(j, i), i from 1, cyclic. */
#pragma xmp loop (i, j) on t2(j, i)
  for (i = 1; i <= N; i++)
    for (j = 0; j < M; j++)
      c[i][j] = i * 10 + j;
  bad = 0;
#pragma xmp loop (i, j) on t2(j, i) reduction(+:bad)
  for (i = 1; i <= N; i++)
    for (j = 0; j < M; j++)
      bad += c[i][j] != i * 10 + j;
  report("2-D c[i][j] on t2(0:M-1, 1:N)", bad);
#pragma xmp task on t2(M - 1, N)
  c[N][M - 1] = 1;
  bad = 0;
#pragma xmp loop (i, j) on t2(j, i) reduction(+:bad)
  for (i = 1; i <= N; i++)
    for (j = 0; j < M; j++)
      bad += c[i][j] != (i == N && j == M - 1 ? 1 : i * 10 + j);
  report("task on t2(M-1, N)", bad);

#ifdef TOUCH_A0
  a[0] = 1.0; /* not part of the distributed array */
#endif
  return 0;
}
