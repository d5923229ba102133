/* Templates fixed at run time: `template t(:)` with `template_fix
 * t(1:n)` (n from the command line, default 29: no node count divides
 * it), arrays allocated by xmp_malloc on it (1-D, indexed by template
 * index from 1, with a shadow; 2-D `double (*c)[M]` on a 2-D `(:, :)`
 * template), loops, reflect, reductions, a task on a template element, an
 * array freed by xmp_free and allocated again, one used by a function.
 * Self-checking: every element is compared with the value plain C
 * computes; plain clang runs the same source (malloc for xmp_malloc). */
#include <stdio.h>
#include <stdlib.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
#endif

#define M 4

#pragma xmp nodes p(*)
#pragma xmp template t(:)
#pragma xmp distribute t(block) onto p
double *a;
int *v;
#pragma xmp align a[i] with t(i)
#pragma xmp align v[i] with t(i)
#pragma xmp shadow a[1]

#pragma xmp template t2(:, :)
#pragma xmp distribute t2(*, block) onto p
double (*c)[M];
#pragma xmp align c[i][j] with t2(j, i)

#define report(what, bad)                                                      \
  do {                                                                         \
    if (xmp_node_num() == 1)                                                   \
      printf("%s: %d wrong\n", what, bad);                                     \
  } while (0)

static double fa(int i) { return (i * 5 % 13) + 0.25 * i; }

/* Uses the xmp_malloc'd array v (a hidden parameter). */
static int sumv(int n) {
  int i, s = 0;
#pragma xmp loop on t(i) reduction(+:s)
  for (i = 1; i <= n; i++)
    s += v[i];
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 29;
  int i, j, bad;
  double s = 0.0, ref = 0.0;

#pragma xmp template_fix t(1:n)
#pragma xmp template_fix t2(0:M-1, 0:n-1)
#ifdef _XCALABLEMP
  a = (double *)xmp_malloc(xmp_desc_of(a), n + 1);
  c = (double (*)[M])xmp_malloc(xmp_desc_of(c), n, M);
#else
  a = (double *)malloc((n + 1) * sizeof(double));
  c = (double (*)[M])malloc(n * sizeof(*c));
  v = (int *)malloc((n + 1) * sizeof(int));
#endif

#pragma xmp loop on t(i)
  for (i = 1; i <= n; i++)
    a[i] = fa(i);
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = 1; i <= n; i++)
    bad += a[i] != fa(i);
  report("a[1:n] on template_fix t(1:n)", bad);

#pragma xmp reflect (a)
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = 2; i < n; i++)
    bad += a[i - 1] + a[i + 1] != fa(i - 1) + fa(i + 1);
  report("reflect a", bad);

#pragma xmp loop on t(i) reduction(+:s)
  for (i = 1; i <= n; i++)
    s += a[i] * i;
  for (i = 1; i <= n; i++)
    ref += fa(i) * i;
  report("sum", s != ref);

#pragma xmp task on t(n)
  a[n] = -2.0;
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = 1; i <= n; i++)
    bad += a[i] != (i == n ? -2.0 : fa(i));
  report("task on t(n)", bad);

#pragma xmp loop (i, j) on t2(j, i)
  for (i = 0; i < n; i++)
    for (j = 0; j < M; j++)
      c[i][j] = i * 100 + j;
  bad = 0;
#pragma xmp loop (i, j) on t2(j, i) reduction(+:bad)
  for (i = 0; i < n; i++)
    for (j = 0; j < M; j++)
      bad += c[i][j] != i * 100 + j + 0.0;
  report("2-D c on template_fix t2(0:M-1, 0:n-1)", bad);

  /* v: allocated, used by a function, freed, allocated again. */
#ifdef _XCALABLEMP
  v = (int *)xmp_malloc(xmp_desc_of(v), n + 1);
#endif
#pragma xmp loop on t(i)
  for (i = 1; i <= n; i++)
    v[i] = i;
  bad = sumv(n) != n * (n + 1) / 2; /* collective: every node calls it */
  report("sumv (first allocation)", bad);
#ifdef _XCALABLEMP
  xmp_free(v);
  v = (int *)xmp_malloc(xmp_desc_of(v), n + 1);
#endif
#pragma xmp loop on t(i)
  for (i = 1; i <= n; i++)
    v[i] = 2 * i;
  bad = sumv(n) != n * (n + 1);
  report("sumv (second allocation)", bad);

#ifdef _XCALABLEMP
  xmp_free(a);
#else
  free(a);
  free(c);
  free(v);
#endif
  return 0;
}
