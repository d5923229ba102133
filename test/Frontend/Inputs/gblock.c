/* gblock distributions on a static node set g(3) (run on 3 or more
 * nodes; those beyond the third hold nothing): gblock(gm) with an
 * initialized file-scope array on a template t(1:23) with lower bound 1,
 * and gblock(*) whose sizes template_fix gives at run time, on a `(:)`
 * template (n from the command line, default 31; a second argument makes the
 * sizes sum to more than n: an error at run time) and on a static one.
 * Self-checking: every element against plain C's value, and every
 * iteration's node against the owner the block sizes give. Plain clang
 * runs the same source (one node owns everything). */
#include <stdio.h>
#include <stdlib.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#define ALLOC(p, T, n) p = (T *)xmp_malloc(xmp_desc_of(p), n)
#else
static int xmp_node_num(void) { return 1; }
#define ALLOC(p, T, n) p = (T *)malloc((n) * sizeof(T))
#endif

#define N 23
#define K 17

#pragma xmp nodes g(3)

int gm[3] = {5, 11, 7};
#pragma xmp template t(1:N)
#pragma xmp distribute t(gblock(gm)) onto g
double e[N + 1];
#pragma xmp align e[i] with t(i)
#pragma xmp shadow e[1]

#pragma xmp template tg(:)
#pragma xmp distribute tg(gblock(*)) onto g
double *d;
#pragma xmp align d[i] with tg(i)

#pragma xmp template tk(0:K-1)
#pragma xmp distribute tk(gblock(*)) onto g
long *f;
#pragma xmp align f[i] with tk(i)

#define report(what, bad)                                                      \
  do {                                                                         \
    if (xmp_node_num() == 1)                                                   \
      printf("%s: %d wrong\n", what, bad);                                     \
  } while (0)

/* The node (1-based) that owns index i of blocks sizes[0..2] starting at
 * lo; 1 in the sequential build. */
static int owner(int i, int lo, int s0, int s1) {
#ifdef _XCALABLEMP
  return i - lo < s0 ? 1 : i - lo < s0 + s1 ? 2 : 3;
#else
  return 1;
#endif
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 31;
  int m[3], mk[3];
  int i, bad;

  /* gblock(gm): 5, 11, 7 elements of t(1:23). */
#pragma xmp loop on t(i)
  for (i = 1; i <= N; i++)
    e[i] = i * 1.5;
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = 1; i <= N; i++)
    bad += (e[i] != i * 1.5) + (xmp_node_num() != owner(i, 1, 5, 11));
  report("gblock(gm) on t(1:N)", bad);
#pragma xmp reflect (e)
  bad = 0;
#pragma xmp loop on t(i) reduction(+:bad)
  for (i = 2; i < N; i++)
    bad += e[i - 1] + e[i + 1] != 3.0 * i;
  report("gblock(gm) reflect", bad);

  /* gblock(*) on tg(:): sizes from n at run time, one of them empty. */
  m[0] = n / 3;
  m[1] = argc > 2 ? atoi(argv[2]) : 0; /* not 0: a wrong sum */
  m[2] = n - n / 3;
#pragma xmp template_fix (gblock(m)) tg(0:n-1)
  ALLOC(d, double, n);
#pragma xmp loop on tg(i)
  for (i = 0; i < n; i++)
    d[i] = 3.0 * i;
  bad = 0;
#pragma xmp loop on tg(i) reduction(+:bad)
  for (i = 0; i < n; i++)
    bad += (d[i] != 3.0 * i) + (xmp_node_num() != owner(i, 0, m[0], m[1]));
  report("template_fix (gblock(m)) tg(0:n-1)", bad);

  /* gblock(*) on the static tk(0:K-1): distributed at its template_fix. */
  mk[0] = 9;
  mk[1] = 4;
  mk[2] = K - 13;
#pragma xmp template_fix (gblock(mk)) tk
  ALLOC(f, long, K);
#pragma xmp loop on tk(i)
  for (i = 0; i < K; i++)
    f[i] = i * i;
  bad = 0;
#pragma xmp loop on tk(i) reduction(+:bad)
  for (i = 0; i < K; i++)
    bad += (f[i] != i * i) + (xmp_node_num() != owner(i, 0, 9, 4));
  report("template_fix (gblock(mk)) tk", bad);
  return 0;
}
