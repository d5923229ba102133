/* Templates fixed at run time with lower bounds that are run-time values:
 * `template t(:)` fixed as t(lo:lo+n-1) with lo and n from the command
 * line (default lo = 3, n = 29: no node count divides it; lo = 0 and
 * lo = 1 too, where v's align offset puts its darray's start before
 * v[0]). Arrays allocated by xmp_malloc on it: a[i] with t(i) and a
 * shadow, v[i] with t(i+2); a 2-D `double (*c)[M]` on t2(0:M-1, lo:hi)
 * (its second dimension's lower bound at run time); a template t3 whose
 * two template_fix directives give different constant lower bounds (one
 * runs). Loops (host and XMP-dev device loops), reflect, reductions,
 * a task on an element, accesses outside loops, gmoves to and from local
 * arrays. Self-checking against the values plain C computes; plain clang
 * runs the same source (malloc for xmp_malloc). A fourth argument makes
 * the allocation of a too short for the template: the node stops. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
#endif

#define M 3
#define K 5

#pragma xmp nodes p(*)
#pragma xmp template t(:)
#pragma xmp distribute t(block) onto p
double *a;
int *v;
#pragma xmp align a[i] with t(i)
#pragma xmp align v[i] with t(i + 2)
#pragma xmp shadow a[1]

#pragma xmp template t2(:, :)
#pragma xmp distribute t2(*, block) onto p
double (*c)[M];
#pragma xmp align c[i][j] with t2(j, i)

#pragma xmp template t3(:)
#pragma xmp distribute t3(cyclic(2)) onto p
long *w;
#pragma xmp align w[i] with t3(i)

#define report(what, bad)                                                      \
  do {                                                                         \
    if (xmp_node_num() == 1)                                                   \
      printf("%s: %d wrong\n", what, bad);                                     \
  } while (0)

static double fa(int i) { return (i * 5 % 13) + 0.25 * i; }

/* Uses v (a hidden parameter) on t, from template index vlo on. */
static long sumv(int vlo, int hi) {
  int i;
  long s = 0;
#pragma xmp loop on t(i) reduction(+:s)
  for (i = vlo; i <= hi; i++)
    s += v[i - 2];
  return s;
}

int main(int argc, char **argv) {
  int lo = argc > 1 ? atoi(argv[1]) : 3;
  int n = argc > 2 ? atoi(argv[2]) : 29;
  int hi = lo + n - 1;
  /* v[k] sits on t(k + 2): template indices below 2 have no element. */
  int vlo = lo < 2 ? 2 : lo;
  int i, j, bad;
  double s = 0.0, ref = 0.0, loc[K], back[K];
  int iback[K];

#pragma xmp template_fix t(lo:hi)
#pragma xmp template_fix t2(0:M-1, lo:hi)
  if (argc > 3) {
#pragma xmp template_fix t3(1:n)
  } else {
#pragma xmp template_fix t3(0:n-1)
  }
#ifdef _XCALABLEMP
  /* With a fourth argument, a too short for the template: an error. */
  a = (double *)xmp_malloc(xmp_desc_of(a), argc > 4 ? lo : hi + 1);
  v = (int *)xmp_malloc(xmp_desc_of(v), hi - 1);
  c = (double (*)[M])xmp_malloc(xmp_desc_of(c), hi + 1, M);
#else
  a = (double *)malloc((hi + 1) * sizeof(double));
  v = (int *)malloc((hi - 1) * sizeof(int));
  c = (double (*)[M])malloc((hi + 1) * sizeof(*c));
#endif

#pragma xmp loop on t(i)
  for (i = lo; i <= hi; i++)
    a[i] = fa(i);
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = lo; i <= hi; i++)
    bad += a[i] != fa(i);
  report("a[lo:hi] on template_fix t(lo:hi)", bad);

#pragma xmp reflect (a)
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = lo + 1; i < hi; i++)
    bad += a[i - 1] + a[i + 1] != fa(i - 1) + fa(i + 1);
  report("reflect a", bad);

#pragma xmp loop on t(i) reduction(+:s)
  for (i = lo; i <= hi; i++)
    s += a[i] * i;
  for (i = lo; i <= hi; i++)
    ref += fa(i) * i;
  report("sum", s != ref);

  /* v[vlo - 2] ... v[hi - 2]. */
#pragma xmp loop on t(i)
  for (i = vlo; i <= hi; i++)
    v[i - 2] = 3 * i;
  bad = sumv(vlo, hi) != 3L * (vlo + hi) * (hi - vlo + 1) / 2;
  report("v[i - 2] on t(i), used by a function", bad);

  /* An XMP-dev device loop (on the host in this build). */
  s = 0;
#pragma xmp device loop on t(i) reduction(+:s)
  for (i = lo; i <= hi; i++) {
    a[i] = a[i] * 2 + (i < vlo ? 3 * i : v[i - 2]);
    s += a[i];
  }
  ref = 0;
  for (i = lo; i <= hi; i++)
    ref += fa(i) * 2 + 3 * i;
  report("device loop", s != ref);

#pragma xmp task on t(hi)
  {
    a[hi] = -2.0;
    v[hi - 2] = -7;
  }
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = lo; i <= hi; i++)
    bad += a[i] != (i == hi ? -2.0 : fa(i) * 2 + 3 * i) ||
           (i >= vlo && v[i - 2] != (i == hi ? -7 : 3 * i));
  report("task on t(hi)", bad);

  /* gmove from and to the arrays (C indices of the template range). */
#ifdef _XCALABLEMP
#pragma xmp gmove
  loc[0:K] = a[lo:K];
#else
  for (i = 0; i < K; i++)
    loc[i] = a[lo + i];
#endif
  bad = 0;
  for (i = 0; i < K; i++)
    bad += loc[i] != fa(lo + i) * 2 + 3 * (lo + i);
  for (i = 0; i < K; i++) {
    back[i] = 100 + i;
    iback[i] = 100 + i;
  }
#ifdef _XCALABLEMP
#pragma xmp gmove
  a[hi - K + 1:K] = back[0:K];
#pragma xmp gmove
  loc[0] = a[hi];
#pragma xmp gmove
  v[vlo - 2:K:2] = iback[0:K];
#else
  for (i = 0; i < K; i++)
    a[hi - K + 1 + i] = back[i];
  loc[0] = a[hi];
  for (i = 0; i < K; i++)
    v[vlo - 2 + 2 * i] = iback[i];
#endif
  bad += loc[0] != 100 + K - 1;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = vlo; i <= hi; i++)
    bad += v[i - 2] != (i < vlo + 2 * K && (i - vlo) % 2 == 0
                            ? 100 + (i - vlo) / 2
                            : i == hi ? -7 : 3 * i);
  report("gmove", bad);

  /* The 2-D array: its first (C) dimension on t2's run-time lower bound. */
#pragma xmp loop (i, j) on t2(j, i)
  for (i = lo; i <= hi; i++)
    for (j = 0; j < M; j++)
      c[i][j] = i * 100 + j;
  bad = 0;
#pragma xmp loop (i, j) on t2(j, i) reduction(+:bad)
  for (i = lo; i <= hi; i++)
    for (j = 0; j < M; j++)
      bad += c[i][j] != i * 100 + j + 0.0;
#ifdef _XCALABLEMP
#pragma xmp gmove
  loc[0:M] = c[hi][0:M];
#else
  for (j = 0; j < M; j++)
    loc[j] = c[hi][j];
#endif
  for (j = 0; j < M; j++)
    bad += loc[j] != hi * 100 + j;
  report("2-D c on template_fix t2(0:M-1, lo:hi)", bad);

  /* t3: fixed by one of two template_fix directives (1:n with a third
   * argument, else 0:n-1): w's indices follow the one that ran. */
  j = argc > 3 ? 1 : 0;
#ifndef _XCALABLEMP
  w = (long *)malloc((j + n) * sizeof(long));
#else
  w = (long *)xmp_malloc(xmp_desc_of(w), j + n);
#endif
#pragma xmp loop on t3(i)
  for (i = j; i < j + n; i++)
    w[i] = i * i;
  bad = 0;
#pragma xmp loop on t3(i) reduction(+:bad)
  for (i = j; i < j + n; i++)
    bad += w[i] != (long)i * i;
  report("t3 fixed by one of two template_fix", bad);

#ifdef _XCALABLEMP
  xmp_free(a);
  xmp_free(v);
  xmp_free(w);
#else
  free(a);
  free(v);
  free(c);
  free(w);
#endif
  return 0;
}
