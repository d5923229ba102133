/* gmove of arrays allocated by xmp_malloc, of a run-time size n (argv[1],
 * default 29): `template t(:)` (block) fixed as t(0:n-1) and
 * `template u(:)` (cyclic) fixed as u(1:n) (arrays indexed from 1 on it),
 * 1-D and 2-D (`double (*c)[M]`) arrays, gmoves between two of them,
 * between one and a fixed-size distributed array (cyclic(3)), to and from
 * local arrays, strided, with omitted parts, run-time bounds, elements, a
 * scalar broadcast, in a function, async, and one-sided `gmove in` on
 * node 1. After each gmove node 1 prints every element of the destination
 * (gathered by a loop directive and a reduction, or a local array, which
 * every node must hold alike: the count of nodes whose copy differs from
 * node 1's is printed too). Plain C runs the same source with loops for
 * the gmoves (malloc for xmp_malloc): the outputs must be identical.
 * n is clamped to 16..NF-2. argv[2] = 1: a section of run-time bounds
 * that leaves the array, 2: an index after the end of an array indexed
 * from 1; each stops the program with a message. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
#endif

#define M 3
#define NF 40
#define NMAX 64

#pragma xmp nodes p(*)
#pragma xmp template t(:)
#pragma xmp distribute t(block) onto p
#pragma xmp template u(:)
#pragma xmp distribute u(cyclic) onto p
#pragma xmp template tf(0:NF-1)
#pragma xmp distribute tf(cyclic(3)) onto p

double *a;      /* block, a[0..n-1] */
double *b;      /* cyclic, b[1..n] (u starts at 1) */
double (*c)[M]; /* rows block, c[0..n-1][0..M-1] */
double (*d)[M]; /* rows cyclic, d[1..n][0..M-1] */
int *ia, *ib;   /* int: block and cyclic */
double f[NF];   /* fixed size, cyclic(3) */
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with u(i)
#pragma xmp align c[i][*] with t(i)
#pragma xmp align d[i][*] with u(i)
#pragma xmp align ia[i] with t(i)
#pragma xmp align ib[i] with u(i)
#pragma xmp align f[i] with tf(i)

double loc[NMAX], loc2[NMAX][M], ref[NMAX];
double out[NMAX], out2[NMAX][M];
int iout[NMAX];
int n;

static double va(int i) { return 1000 + i; }
static double vn(int i) { return -1 - i; }

static void init(void) {
  int i, j;
#pragma xmp loop on t(i)
  for (i = 0; i < n; i++) {
    a[i] = va(i);
    ia[i] = 7 * i + 1;
    for (j = 0; j < M; j++)
      c[i][j] = 100 * i + j;
  }
#pragma xmp loop on u(i)
  for (i = 1; i <= n; i++) {
    b[i] = vn(i);
    ib[i] = -i;
    for (j = 0; j < M; j++)
      d[i][j] = -100 * i - j;
  }
#pragma xmp loop on tf(i)
  for (i = 0; i < NF; i++)
    f[i] = 5000 + i;
  for (i = 0; i < NMAX; i++) {
    loc[i] = vn(i) - 0.5;
    for (j = 0; j < M; j++)
      loc2[i][j] = -0.25 * i - j - 1;
  }
}

static void head(int step) {
  if (xmp_node_num() == 1)
    printf("step %d\n", step);
}

static void show(int k) {
  int i;
  if (xmp_node_num() == 1) {
    for (i = 0; i < k; i++)
      printf(" %g", out[i]);
    printf("\n");
  }
}

/* Every element of each distributed array, gathered on every node. */
static void dump_a(void) {
  int i;
  for (i = 0; i < NMAX; i++)
    out[i] = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < n; i++)
    out[i] = a[i];
#pragma xmp reduction(+:out)
  if (xmp_node_num() == 1)
    printf("a:");
  show(n);
}

static void dump_b(void) {
  int i;
  for (i = 0; i < NMAX; i++)
    out[i] = 0;
#pragma xmp loop on u(i)
  for (i = 1; i <= n; i++)
    out[i] = b[i];
#pragma xmp reduction(+:out)
  if (xmp_node_num() == 1)
    printf("b:");
  show(n + 1);
}

static void dump_f(void) {
  int i;
  for (i = 0; i < NMAX; i++)
    out[i] = 0;
#pragma xmp loop on tf(i)
  for (i = 0; i < NF; i++)
    out[i] = f[i];
#pragma xmp reduction(+:out)
  if (xmp_node_num() == 1)
    printf("f:");
  show(NF);
}

static void dump_ints(void) {
  int i;
  for (i = 0; i < NMAX; i++)
    iout[i] = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < n; i++)
    iout[i] = ia[i];
#pragma xmp reduction(+:iout)
  if (xmp_node_num() == 1) {
    printf("ia:");
    for (i = 0; i < n; i++)
      printf(" %d", iout[i]);
    printf("\n");
  }
  for (i = 0; i < NMAX; i++)
    iout[i] = 0;
#pragma xmp loop on u(i)
  for (i = 1; i <= n; i++)
    iout[i] = ib[i];
#pragma xmp reduction(+:iout)
  if (xmp_node_num() == 1) {
    printf("ib:");
    for (i = 0; i <= n; i++)
      printf(" %d", iout[i]);
    printf("\n");
  }
}

static void show2(int lo, int hi) {
  int i, j;
  if (xmp_node_num() == 1) {
    for (i = lo; i < hi; i++)
      for (j = 0; j < M; j++)
        printf(" %g", out2[i][j]);
    printf("\n");
  }
}

static void dump_c(void) {
  int i, j;
  for (i = 0; i < NMAX; i++)
    for (j = 0; j < M; j++)
      out2[i][j] = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < n; i++)
    for (j = 0; j < M; j++)
      out2[i][j] = c[i][j];
#pragma xmp reduction(+:out2)
  if (xmp_node_num() == 1)
    printf("c:");
  show2(0, n);
}

static void dump_d(void) {
  int i, j;
  for (i = 0; i < NMAX; i++)
    for (j = 0; j < M; j++)
      out2[i][j] = 0;
#pragma xmp loop on u(i)
  for (i = 1; i <= n; i++)
    for (j = 0; j < M; j++)
      out2[i][j] = d[i][j];
#pragma xmp reduction(+:out2)
  if (xmp_node_num() == 1)
    printf("d:");
  show2(1, n + 1);
}

/* loc (and loc2) as node 1 has them, and on how many nodes they differ. */
static void dump_loc(void) {
  int i, j, differ = 0;
  for (i = 0; i < NMAX; i++)
    ref[i] = loc[i];
#pragma xmp bcast (ref) from p(1)
  for (i = 0; i < NMAX; i++)
    if (ref[i] != loc[i])
      differ = 1;
  for (i = 0; i < NMAX; i++)
    out[i] = 0;
  for (i = 0; i < NMAX; i++)
    for (j = 0; j < M; j++)
      out[i] += loc2[i][j] * (j + 1);
  for (i = 0; i < NMAX; i++)
    ref[i] = out[i];
#pragma xmp bcast (ref) from p(1)
  for (i = 0; i < NMAX; i++)
    if (ref[i] != out[i])
      differ = 1;
#pragma xmp reduction(+:differ)
  if (xmp_node_num() == 1) {
    printf("loc: (differs on %d nodes)", differ);
    for (i = 0; i < NMAX; i++)
      printf(" %g", loc[i]);
    printf("\nloc2:");
    for (i = 0; i < NMAX; i++)
      for (j = 0; j < M; j++)
        printf(" %g", loc2[i][j]);
    printf("\n");
  }
}

/* A gmove in a function (the arrays are its hidden parameters); k, the
 * lower bound, a run-time value. */
static void shift(int k) {
#ifdef _XCALABLEMP
#pragma xmp gmove
  a[k:n - k] = b[1:n - k];
#else
  int i;
  for (i = 0; i < n - k; i++)
    a[k + i] = b[1 + i];
#endif
}

/* Steps 3 to 10, in a function (the arrays are its hidden parameters). */
static void rest(int lo) {
  int i, j, len;
  double x;

  /* 3. malloc'd -> fixed size (cyclic(3)), and back with a stride */
  head(3);
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove
  f[2:n - 3] = a[3:n - 3];
#else
  for (i = 0; i < n - 3; i++)
    f[2 + i] = a[3 + i];
#endif
  dump_f();
#ifdef _XCALABLEMP
#pragma xmp gmove
  b[n - 12:5:3] = f[NF - 5:];
#else
  for (i = 0; i < 5; i++)
    b[n - 12 + 3 * i] = f[NF - 5 + i];
#endif
  dump_b();

  /* 4. malloc'd -> local (every node gets the section), strided */
  head(4);
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove
  loc[0:n] = b[1:];
#pragma xmp gmove
  loc[n:(n + 2) / 3] = a[::3];
#else
  for (i = 0; i < n; i++)
    loc[i] = b[1 + i];
  for (i = 0; i < (n + 2) / 3; i++)
    loc[n + i] = a[3 * i];
#endif
  dump_loc();

  /* 5. 2-D: malloc'd -> malloc'd (block rows -> cyclic rows), a column,
   * malloc'd -> local with a stride, local -> malloc'd */
  head(5);
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove
  d[1:n][:] = c[:][:];
#else
  for (i = 0; i < n; i++)
    for (j = 0; j < M; j++)
      d[1 + i][j] = c[i][j];
#endif
  dump_d();
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove
  c[2:n - 4][1] = d[5:n - 4][2];
#else
  for (i = 0; i < n - 4; i++)
    c[2 + i][1] = d[5 + i][2];
#endif
  dump_c();
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove
  loc2[1:(n + 1) / 2][0:2] = c[0::2][0:2:2];
#pragma xmp gmove
  d[n - 2:3][:] = loc2[0:3][:];
#else
  for (i = 0; i < (n + 1) / 2; i++)
    for (j = 0; j < 2; j++)
      loc2[1 + i][j] = c[2 * i][2 * j];
  for (i = 0; i < 3; i++)
    for (j = 0; j < M; j++)
      d[n - 2 + i][j] = loc2[i][j];
#endif
  dump_loc();
  dump_d();

  /* 6. local -> malloc'd, run-time bounds */
  head(6);
  init();
  len = n - lo - 1;
#ifdef _XCALABLEMP
#pragma xmp gmove
  a[lo:len] = loc[2:len];
#else
  for (i = 0; i < len; i++)
    a[lo + i] = loc[2 + i];
#endif
  dump_a();

  /* 7. elements, a scalar broadcast, int arrays */
  head(7);
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove
  a[n - 1] = b[n];
#pragma xmp gmove
  x = a[n - 1];
#pragma xmp gmove
  ib[2:n - 1] = ia[0:n - 1];
#else
  a[n - 1] = b[n];
  x = a[n - 1];
  for (i = 0; i < n - 1; i++)
    ib[2 + i] = ia[i];
#endif
  dump_a();
  if (xmp_node_num() == 1)
    printf("x: %g\n", x);
  dump_ints();

  /* 8. in a function, with a run-time lower bound */
  head(8);
  init();
  shift(lo);
  dump_a();

  /* 9. async: started, work in between, completed by wait_async */
  head(9);
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove async(1)
  b[2:n - 1] = a[0:n - 1];
#pragma xmp gmove async(2)
  loc[:n] = a[:];
#else
  for (i = 0; i < n - 1; i++)
    b[2 + i] = a[i];
  for (i = 0; i < n; i++)
    loc[i] = a[i];
#endif
  for (i = 0; i < NMAX; i++)
    ref[i] = i;
#ifdef _XCALABLEMP
#pragma xmp wait_async(1, 2)
#endif
  dump_b();
  dump_loc();

  /* 10. one-sided: node 1 alone gets a section (gmove in) */
  head(10);
  init();
#pragma xmp barrier
  if (xmp_node_num() == 1) {
#ifdef _XCALABLEMP
#pragma xmp gmove in
    loc[3:7] = b[n - 6:7];
#else
    for (i = 0; i < 7; i++)
      loc[3 + i] = b[n - 6 + i];
#endif
  }
#pragma xmp barrier
  if (xmp_node_num() == 1)
    for (i = 0; i < NMAX; i++)
      printf(" %g", loc[i]);
  if (xmp_node_num() == 1)
    printf("\n");

}

int main(int argc, char **argv) {
  int i, j, lo;
  n = argc > 1 ? atoi(argv[1]) : 29;
  if (n < 16)
    n = 16;
  if (n > NF - 2)
    n = NF - 2;
  lo = n / 3;
#pragma xmp template_fix t(0:n-1)
#pragma xmp template_fix u(1:n)
#ifdef _XCALABLEMP
  a = (double *)xmp_malloc(xmp_desc_of(a), n);
  b = (double *)xmp_malloc(xmp_desc_of(b), n + 1);
  c = (double (*)[M])xmp_malloc(xmp_desc_of(c), n, M);
  d = (double (*)[M])xmp_malloc(xmp_desc_of(d), n + 1, M);
  ia = (int *)xmp_malloc(xmp_desc_of(ia), n);
  ib = (int *)xmp_malloc(xmp_desc_of(ib), n + 1);
#else
  a = (double *)malloc(n * sizeof(double));
  b = (double *)malloc((n + 1) * sizeof(double));
  c = (double (*)[M])malloc(n * sizeof(*c));
  d = (double (*)[M])malloc((n + 1) * sizeof(*d));
  ia = (int *)malloc(n * sizeof(int));
  ib = (int *)malloc((n + 1) * sizeof(int));
  b[0] = 0; /* not part of the distributed array: gathered as 0 */
  for (j = 0; j < M; j++)
    d[0][j] = 0;
  ib[0] = 0;
#endif

  /* 1. malloc'd block -> malloc'd cyclic (1-based): whole arrays, omitted
   * lower bound and length on one side */
  head(1);
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove
  b[1:n] = a[:];
#else
  for (i = 0; i < n; i++)
    b[1 + i] = a[i];
#endif
  dump_b();

  /* 2. strided on both sides, an omitted length on a `?` dimension:
   * b[2::2] has n / 2 elements (2, 4, ..., up to n) */
  head(2);
  init();
#ifdef _XCALABLEMP
#pragma xmp gmove
  a[1:n / 2:2] = b[2::2];
#else
  for (i = 0; i < n / 2; i++)
    a[1 + 2 * i] = b[2 + 2 * i];
#endif
  dump_a();

  if (argc > 2 && atoi(argv[2]) == 1) {
    /* a[lo:n] leaves a's n elements (lo > 0) */
    init();
#ifdef _XCALABLEMP
#pragma xmp gmove
    b[1:n] = a[lo:n];
#endif
    printf("not reached\n");
  } else if (argc > 2 && atoi(argv[2]) == 2) {
    /* b has the elements 1 to n */
    double x;
#ifdef _XCALABLEMP
#pragma xmp gmove
    x = b[n + 1];
#endif
    printf("not reached\n");
  } else {
    rest(lo);
  }


#ifdef _XCALABLEMP
  xmp_free(a);
  xmp_free(b);
  xmp_free(c);
  xmp_free(d);
  xmp_free(ia);
  xmp_free(ib);
#else
  free(a);
  free(b);
  free(c);
  free(d);
  free(ia);
  free(ib);
#endif
  return 0;
}
