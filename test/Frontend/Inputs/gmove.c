/* gmove in XcalableMP C: array sections (lower:length:stride) between
 * block, cyclic, cyclic(3) and offset-aligned distributed arrays, 2-D
 * sections with scalar subscripts on a 2-D node set, local <-> distributed,
 * element to element, a scalar broadcast, run-time bounds, async with
 * wait_async, and one-sided gmove in / out on one node. Every element of
 * every destination is compared on the nodes that hold it against the
 * value plain C computes here; node 1 prints one line per check with the
 * number of wrong elements over all nodes (0 expected). */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif

#define N 23
#define M 7

double a[N];        /* block */
double b[N];        /* cyclic */
double c[N];        /* cyclic(3) */
double d[N];        /* block, a[i] on t(i + 1) */
int ia[N];          /* block, int */
double a2[M][N];    /* (block, cyclic) on a 2-D node set */
double b2[N][M];    /* rows cyclic, columns local */
double loc[N], loc2[M][N];
int iloc[N];
double x;

#pragma xmp nodes p(*)
#pragma xmp nodes p2(*, *)
#pragma xmp template t(0:N-1)
#pragma xmp template u(0:N-1)
#pragma xmp template w(0:N-1)
#pragma xmp template t1(0:N)
#pragma xmp template t2(0:N-1, 0:M-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute u(cyclic) onto p
#pragma xmp distribute w(cyclic(3)) onto p
#pragma xmp distribute t1(block) onto p
#pragma xmp distribute t2(cyclic, block) onto p2
#pragma xmp align a[i] with t(i)
#pragma xmp align ia[i] with t(i)
#pragma xmp align b[i] with u(i)
#pragma xmp align c[i] with w(i)
#pragma xmp align d[i] with t1(i + 1)
#pragma xmp align a2[i][j] with t2(j, i)
#pragma xmp align b2[i][*] with u(i)

/* Initial values: a source's are positive, a destination's negative. */
static double va(int i) { return 1000 + i; }
static double vb(int i) { return -1 - i; }
static double va2(int r, int k) { return 100 * r + k; }
static double vb2(int r, int k) { return -100 * r - k - 1; }

static void init(void) {
  int i, j;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    a[i] = va(i);
    ia[i] = 7 * i + 1;
  }
#pragma xmp loop on u(i)
  for (i = 0; i < N; i++)
    b[i] = vb(i);
#pragma xmp loop on w(i)
  for (i = 0; i < N; i++)
    c[i] = vb(i);
#pragma xmp loop on t1(i)
  for (i = 1; i <= N; i++)
    d[i - 1] = vb(i - 1);
#pragma xmp loop (i, j) on t2(j, i)
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      a2[i][j] = va2(i, j);
#pragma xmp loop on u(i)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      b2[i][j] = vb2(i, j);
  for (i = 0; i < N; i++) {
    loc[i] = vb(i);
    iloc[i] = -i;
    for (j = 0; j < M; j++)
      loc2[j][i] = vb2(j, i);
  }
  x = -5;
}

static int total;

/* err: counted on every node for itself (local arrays, scalars): the sum
 * over the nodes. */
static int sum(int err) {
#pragma xmp reduction(+:err)
  return err;
}
/* err: the number of wrong elements over all nodes (loop reductions). */
#define report(what, err)                                                      \
  do {                                                                         \
    int r_ = (err);                                                            \
    total += r_;                                                               \
    if (xmp_node_num() == 1)                                                   \
      printf("%s: %d wrong\n", what, r_);                                      \
  } while (0)

/* Element i of a destination after `dst[lo:len:st] = a[off::sst]`: the
 * k-th element of the section holds a[off + k * sst], the others their
 * initial value. */
static double expect(int i, int lo, int len, int st, int off, int sst) {
  if (i >= lo && (i - lo) % st == 0 && (i - lo) / st < len)
    return va(off + (i - lo) / st * sst);
  return vb(i);
}

/* The wrong elements of b over all nodes. */
static int check_b(int lo, int len, int st, int off, int sst) {
  int i, err = 0;
#pragma xmp loop on u(i) reduction(+:err)
  for (i = 0; i < N; i++)
    if (b[i] != expect(i, lo, len, st, off, sst))
      err++;
  return err;
}

/* The wrong elements of this node's loc. */
static int count_loc(int lo, int len, int st, int off, int sst) {
  int i, err = 0;
  for (i = 0; i < N; i++)
    if (loc[i] != expect(i, lo, len, st, off, sst))
      err++;
  return err;
}

/* The wrong elements of loc over all nodes (each checks its own copy). */
static int check_loc(int lo, int len, int st, int off, int sst) {
  return sum(count_loc(lo, len, st, off, sst));
}

int main(int argc, char **argv) {
  int i, j, err;
  int lo = 2, n = 5;

  /* 1. block -> cyclic */
  init();
#pragma xmp gmove
  b[1:10] = a[3:10];
  report("block to cyclic b[1:10] = a[3:10]", check_b(1, 10, 1, 3, 1));

  /* 2. strides on both sides, an omitted length */
  init();
#pragma xmp gmove
  b[0:8:3] = a[N - 15::2];
  report("strided b[0:8:3] = a[8::2]", check_b(0, 8, 3, 8, 2));

  /* 3. whole arrays, omitted lower bounds and lengths */
  init();
#pragma xmp gmove
  b[:] = a[:];
  report("whole b[:] = a[:]", check_b(0, N, 1, 0, 1));

  /* 4. run-time bounds */
  init();
#pragma xmp gmove
  b[lo:n:2] = a[lo + 1:n];
  report("run-time bounds b[lo:n:2] = a[lo+1:n]", check_b(2, 5, 2, 3, 1));

  /* 5. cyclic(3) <- cyclic, reversed roles */
  init();
#pragma xmp gmove
  b[:] = a[:];
#pragma xmp gmove
  c[4:12] = b[0:12];
  err = 0;
#pragma xmp loop on w(i) reduction(+:err)
  for (i = 0; i < N; i++)
    if (c[i] != (i >= 4 && i < 16 ? va(i - 4) : vb(i)))
      err++;
  report("cyclic to cyclic(3) c[4:12] = b[0:12]", err);

  /* 6. offset alignment d[i] on t1(i + 1) */
  init();
#pragma xmp gmove
  d[N - 6:6] = a[0:6];
  err = 0;
#pragma xmp loop on t1(i) reduction(+:err)
  for (i = 1; i <= N; i++)
    if (d[i - 1] != (i - 1 >= N - 6 ? va(i - 1 - (N - 6)) : vb(i - 1)))
      err++;
  report("offset alignment d[17:6] = a[0:6]", err);

  /* 7. distributed -> local (every node gets the section) */
  init();
#pragma xmp gmove
  loc[3:9] = a[11:9];
  report("distributed to local loc[3:9] = a[11:9]", check_loc(3, 9, 1, 11, 1));

  /* 8. local -> distributed */
  init();
  for (i = 0; i < N; i++)
    loc[i] = va(i);
#pragma xmp gmove
  b[5:6:2] = loc[10:6];
  report("local to distributed b[5:6:2] = loc[10:6]", check_b(5, 6, 2, 10, 1));

  /* 9. 2-D: a column of a2 (scalar subscript) into a row section of b2 */
  init();
#pragma xmp gmove
  b2[3:M][4] = a2[0:M][5];
  err = 0;
#pragma xmp loop on u(i) reduction(+:err)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      if (b2[i][j] != (j == 4 && i >= 3 && i < 3 + M ? va2(i - 3, 5)
                                                      : vb2(i, j)))
        err++;
  report("2-D b2[3:M][4] = a2[0:M][5]", err);

  /* 10. 2-D sections: distributed -> local and local -> distributed */
  init();
#pragma xmp gmove
  loc2[:][:] = a2[:][:];
  err = 0;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      if (loc2[i][j] != va2(i, j))
        err++;
  report("2-D loc2[:][:] = a2[:][:]", sum(err));
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      loc2[i][j] = vb2(i, j);
#pragma xmp gmove
  a2[1:3][2:10:2] = loc2[4:3][0:10];
  err = 0;
#pragma xmp loop (i, j) on t2(j, i) reduction(+:err)
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      double e = va2(i, j);
      if (i >= 1 && i < 4 && j >= 2 && j % 2 == 0 && j < 22)
        e = vb2(i + 3, (j - 2) / 2);
      if (a2[i][j] != e)
        err++;
    }
  report("2-D a2[1:3][2:10:2] = loc2[4:3][0:10]", err);

  /* 11. element to element, scalar broadcast, scalar to element */
  init();
#pragma xmp gmove
  b[7] = a[N - 2];
  report("element b[7] = a[21]", check_b(7, 1, 1, N - 2, 1));
#pragma xmp gmove
  x = a[N - 1];
  report("broadcast x = a[22]", sum(x != va(N - 1)));
  x = 0.5;
#pragma xmp gmove
  b2[N - 1][M - 1] = x;
  err = 0;
#pragma xmp loop on u(i) reduction(+:err)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      if (b2[i][j] != (i == N - 1 && j == M - 1 ? 0.5 : vb2(i, j)))
        err++;
  report("scalar to element b2[22][6] = x", err);

  /* 12. int arrays */
  init();
#pragma xmp gmove
  iloc[0:12:2] = ia[0:12];
  err = 0;
  for (i = 0; i < N; i++)
    if (iloc[i] != (i % 2 == 0 ? 7 * (i / 2) + 1 : -i))
      err++;
  report("int iloc[0:12:2] = ia[0:12]", sum(err));

  /* 13. async: started, work in between, completed by wait_async */
  init();
#pragma xmp gmove async(1)
  b[0:11] = a[12:11];
#pragma xmp gmove async(2)
  loc[:] = a[:];
  for (i = 0; i < N; i++)
    iloc[i] = 2 * i;
#pragma xmp wait_async(1, 2)
  err = check_b(0, 11, 1, 12, 1) + check_loc(0, N, 1, 0, 1);
  report("async b[0:11] = a[12:11], loc[:] = a[:]", err);

  /* 14. one-sided: node 1 alone gets a section (gmove in) and puts one
   * (gmove out); the other nodes are passive. */
  init();
#pragma xmp barrier
  if (xmp_node_num() == 1) {
#pragma xmp gmove in
    loc[2:8] = a[13:8];
  }
  err = xmp_node_num() == 1 ? count_loc(2, 8, 1, 13, 1) : 0;
  report("gmove in on node 1 loc[2:8] = a[13:8]", sum(err));
  for (i = 0; i < N; i++)
    loc[i] = va(i);
  if (xmp_node_num() == 1) {
#pragma xmp gmove out
    b[10:13] = loc[0:13];
  }
#pragma xmp barrier
  report("gmove out on node 1 b[10:13] = loc[0:13]",
         check_b(10, 13, 1, 0, 1));

  if (xmp_node_num() == 1)
    printf("total: %d wrong\n", total);
  return 0;
}
