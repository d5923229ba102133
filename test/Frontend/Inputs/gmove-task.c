/* The collective gmove inside `task on` a node subset (XMP 1.4: a gmove is
 * executed by the executing node set, here the task's nodes together).
 * Built with -DNP=<number of nodes> (1-7): node set p(NP) and its last
 * half q = p(QLO:NP); a 2-D node set p2(PX, PY) and its last rows
 * q2 = p2(QX:PX, 1:PY) (2-D). Inside tasks on q and q2, gmoves between
 * arrays distributed onto the subset (block, cyclic(2), cyclic(3), uneven
 * sizes, strided sections), to and from local arrays (each executing
 * node's own copy; the other nodes' copies keep their values), to an
 * array replicated along one axis of q2, an element to a scalar, from and
 * to the part of an array on all of p that q owns, async, and in a task
 * nested in the task on q (on its last node). Every
 * element of every destination is compared, on the nodes holding it,
 * with what plain C computes here; node 1 prints the number of wrong
 * elements over all nodes per check (0 expected).
 * -DBAD: a gmove in the task on q reading an element that a node outside
 * q owns: the program stops with a message naming it (does not hang). */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif

#ifndef NP
#define NP 4
#endif
#define QLO (NP / 2 + 1) /* q = p(QLO:NP), 1-based */
#if NP == 4
#define PX 2
#define PY 2
#else
#define PX NP
#define PY 1
#endif
#define QX (PX / 2 + 1) /* q2 = p2(QX:PX, 1:PY) */

#define N 23 /* uneven over most node counts */
#define M 9
#define L 11

double a[N];     /* block on q */
double b[N];     /* cyclic(2) on q */
double c[N];     /* cyclic(3) on q */
double f[N];     /* block on all of p */
double a2[M][L]; /* (block, cyclic) on q2 */
double b2[L][M]; /* (cyclic, block) on q2, transposed */
double rv[L];    /* on q2's second axis, replicated along its first */
double loc[N], loc2[M][L], x;

#pragma xmp nodes p(NP)
#pragma xmp nodes q(NP - QLO + 1) = p(QLO:NP)
#pragma xmp nodes p2(PX, PY)
#pragma xmp nodes q2(PX - QX + 1, PY) = p2(QX:PX, 1:PY)
#pragma xmp template tq(0:N-1)
#pragma xmp template uq(0:N-1)
#pragma xmp template wq(0:N-1)
#pragma xmp template tp(0:N-1)
#pragma xmp template t2(0:L-1, 0:M-1)
#pragma xmp template s2(0:M-1, 0:L-1)
#pragma xmp distribute tq(block) onto q
#pragma xmp distribute uq(cyclic(2)) onto q
#pragma xmp distribute wq(cyclic(3)) onto q
#pragma xmp distribute tp(block) onto p
#pragma xmp distribute t2(cyclic, block) onto q2
#pragma xmp distribute s2(block, cyclic) onto q2
#pragma xmp align a[i] with tq(i)
#pragma xmp align b[i] with uq(i)
#pragma xmp align c[i] with wq(i)
#pragma xmp align f[i] with tp(i)
#pragma xmp align a2[i][j] with t2(j, i)
#pragma xmp align b2[i][j] with s2(j, i)
#pragma xmp align rv[j] with t2(j, *)

/* Sources are positive, destinations negative before each check. */
static double va(int i) { return 1000 + i; }
static double vd(int i) { return -1 - i; }
static double va2(int r, int k) { return 100 * r + k; }
static double vd2(int r, int k) { return -100 * r - k - 1; }

/* The first element of f that q's nodes own (f's block over NP nodes). */
#define CHUNK ((N + NP - 1) / NP)
#define FLO ((QLO - 1) * CHUNK < N ? (QLO - 1) * CHUNK : N)
#define K (N - FLO)

static int total, inq, inq2;

static void init(void) {
  int i, j;
#pragma xmp loop on tq(i)
  for (i = 0; i < N; i++)
    a[i] = va(i);
#pragma xmp loop on uq(i)
  for (i = 0; i < N; i++)
    b[i] = vd(i);
#pragma xmp loop on wq(i)
  for (i = 0; i < N; i++)
    c[i] = vd(i);
#pragma xmp loop on tp(i)
  for (i = 0; i < N; i++)
    f[i] = va(i) + 5000;
#pragma xmp loop (j, i) on t2(j, i)
  for (i = 0; i < M; i++)
    for (j = 0; j < L; j++)
      a2[i][j] = va2(i, j);
#pragma xmp loop (j, i) on s2(j, i)
  for (i = 0; i < L; i++)
    for (j = 0; j < M; j++)
      b2[i][j] = vd2(i, j);
#pragma xmp loop on t2(j, *)
  for (j = 0; j < L; j++)
    rv[j] = vd(j);
  for (i = 0; i < N; i++)
    loc[i] = vd(i);
  for (i = 0; i < M; i++)
    for (j = 0; j < L; j++)
      loc2[i][j] = vd2(i, j);
  x = -5;
}

/* The sum over all nodes of what each counted. */
static int sum(int err) {
#pragma xmp reduction(+:err)
  return err;
}
#define report(what, err)                                                      \
  do {                                                                         \
    int r_ = sum(err);                                                         \
    total += r_;                                                               \
    if (xmp_all_node_num() == 1)                                               \
      printf("%s: %d wrong\n", what, r_);                                      \
  } while (0)

static double vf(int i) { return va(i) + 5000; }
/* Element k of source kind `fs`: a's (0) or f's (1) initial values. */
static double vsrc(int fs, int k) { return fs ? vf(k) : va(k); }

/* dst[lo:len:st] = src[off::sst] of a 1-D source of kind fs: element i
 * of the destination, or its initial value outside the section. */
static double expect(int i, int lo, int len, int st, int off, int sst,
                     int fs) {
  if (i >= lo && (i - lo) % st == 0 && (i - lo) / st < len)
    return vsrc(fs, off + (i - lo) / st * sst);
  return vd(i);
}

/* Wrong elements of loc on this node: in the node set, the section
 * assigned; outside, untouched. */
static int count_loc(int here, int lo, int len, int st, int off, int sst,
                     int fs) {
  int i, err = 0;
  for (i = 0; i < N; i++)
    if (loc[i] != (here ? expect(i, lo, len, st, off, sst, fs) : vd(i)))
      err++;
  return err;
}

int main(void) {
  int i, j, err;
  int n = 4; /* a run-time length */
#pragma xmp task on q
  inq = 1;
#pragma xmp task on q2
  inq2 = 1;

#ifdef BAD
  init();
  /* f[0] is node 1's: with more than one node, not q's. */
#pragma xmp task on q
  {
#pragma xmp gmove
    loc[0:N] = f[0:N];
  }
  printf("node %d: passed the gmove\n", xmp_all_node_num());
  return 0;
#endif

  /* 1. block -> cyclic(2) on q, strided destination */
  init();
#pragma xmp task on q
  {
#pragma xmp gmove
    b[1:10:2] = a[3:10];
  }
  err = 0;
#pragma xmp loop on uq(i)
  for (i = 0; i < N; i++)
    if (b[i] != expect(i, 1, 10, 2, 3, 1, 0))
      err++;
  report("q: block to cyclic(2) b[1:10:2] = a[3:10]", err);

  /* 2. cyclic(2) -> cyclic(3), strides on both sides, run-time length */
  init();
#pragma xmp task on q
  {
#pragma xmp gmove
    b[:] = a[:];
#pragma xmp gmove
    c[2:n:5] = b[N - 1 - 3 * n:n:3];
  }
  err = 0;
#pragma xmp loop on wq(i)
  for (i = 0; i < N; i++)
    if (c[i] != expect(i, 2, 4, 5, N - 13, 3, 0))
      err++;
  report("q: cyclic(2) to cyclic(3) c[2:n:5] = b[10:n:3]", err);

  /* 3. distributed -> local: every node of q gets the section */
  init();
#pragma xmp task on q
  {
#pragma xmp gmove
    loc[2:7:3] = a[N - 7:7];
  }
  report("q: to local loc[2:7:3] = a[16:7]",
         count_loc(inq, 2, 7, 3, N - 7, 1, 0));

  /* 4. local -> distributed: the owner's own copy */
  init();
  for (i = 0; i < N; i++)
    loc[i] = va(i);
#pragma xmp task on q
  {
#pragma xmp gmove
    c[0:12:2] = loc[N - 12:12];
  }
  err = 0;
#pragma xmp loop on wq(i)
  for (i = 0; i < N; i++)
    if (c[i] != expect(i, 0, 12, 2, N - 12, 1, 0))
      err++;
  report("q: from local c[0:12:2] = loc[11:12]", err);

  /* 5. the part of f (on all of p) that q owns, to a local array and to
   * an array on q, and back */
  init();
#pragma xmp task on q
  {
#pragma xmp gmove
    loc[0:K] = f[FLO:K];
#pragma xmp gmove
    b[N - K:K] = f[FLO:K];
  }
  err = count_loc(inq, 0, K, 1, FLO, 1, 1);
#pragma xmp loop on uq(i)
  for (i = 0; i < N; i++)
    if (b[i] != expect(i, N - K, K, 1, FLO, 1, 1))
      err++;
  report("q: from q's part of f loc[0:K] = f[FLO:K], b[N-K:K] = f[FLO:K]",
         err);
  init();
#pragma xmp task on q
  {
#pragma xmp gmove
    f[FLO:K] = a[0:K];
  }
  err = 0;
#pragma xmp loop on tp(i)
  for (i = 0; i < N; i++)
    if (f[i] != (i >= FLO ? va(i - FLO) : vf(i)))
      err++;
  report("q: into q's part of f f[FLO:K] = a[0:K]", err);

  /* 6. async inside the task, waited for there */
  init();
#pragma xmp task on q
  {
#pragma xmp gmove async(1)
    b[0:N] = a[0:N];
#pragma xmp gmove async(1)
    loc[1:5] = a[0:5];
#pragma xmp wait_async(1)
  }
  err = count_loc(inq, 1, 5, 1, 0, 1, 0);
#pragma xmp loop on uq(i)
  for (i = 0; i < N; i++)
    if (b[i] != va(i))
      err++;
  report("q: async b[:] = a[:], loc[1:5] = a[0:5]", err);

  /* 6b. a task on the last node nested in the task on q: its gmove is
   * the last node's alone (the last element of a, which it owns) */
  init();
#pragma xmp task on q
  {
#pragma xmp task on p(NP)
    {
#pragma xmp gmove
      loc[0:1] = a[N - 1:1];
    }
  }
  report("q, nested p(NP): loc[0:1] = a[22:1]",
         count_loc(xmp_all_node_num() == NP, 0, 1, 1, N - 1, 1, 0));

  /* 7. 2-D on q2: (block, cyclic) -> (cyclic, block) transposed layout,
   * a strided column with scalar subscripts, a strided block */
  init();
#pragma xmp task on q2
  {
#pragma xmp gmove
    b2[1:5:2][3] = a2[M - 5:5][6];
#pragma xmp gmove
    b2[0:3][0:4:2] = a2[0:3][L - 4:4];
  }
  err = 0;
#pragma xmp loop (j, i) on s2(j, i)
  for (i = 0; i < L; i++)
    for (j = 0; j < M; j++) {
      double want = vd2(i, j);
      if (j == 3 && i >= 1 && i < 10 && (i - 1) % 2 == 0)
        want = va2(M - 5 + (i - 1) / 2, 6);
      if (i < 3 && j < 8 && j % 2 == 0)
        want = va2(i, L - 4 + j / 2);
      if (b2[i][j] != want)
        err++;
    }
  report("q2: b2[1:5:2][3] = a2[4:5][6], b2[0:3][0:4:2] = a2[0:3][7:4]", err);

  /* 8. 2-D to a local array, an element to a scalar: every node of q2 */
  init();
#pragma xmp task on q2
  {
#pragma xmp gmove
    loc2[:][:] = a2[:][:];
#pragma xmp gmove
    x = a2[4][5];
  }
  err = x != (inq2 ? va2(4, 5) : -5);
  for (i = 0; i < M; i++)
    for (j = 0; j < L; j++)
      if (loc2[i][j] != (inq2 ? va2(i, j) : vd2(i, j)))
        err++;
  report("q2: to local loc2[:][:] = a2[:][:], x = a2[4][5]", err);

  /* 9. to an array replicated along q2's second axis (every replica, all
   * in q2, is assigned), then from it (any replica) to a local array */
  init();
#pragma xmp task on q2
  {
#pragma xmp gmove
    rv[0:L] = a2[M - 1][0:L];
#pragma xmp gmove
    loc[3:L] = rv[:];
  }
  err = 0;
  for (i = 0; i < N; i++)
    if (loc[i] != (inq2 && i >= 3 && i < 3 + L ? va2(M - 1, i - 3) : vd(i)))
      err++;
#pragma xmp loop on t2(j, *)
  for (j = 0; j < L; j++)
    if (rv[j] != va2(M - 1, j))
      err++;
  report("q2: replicated rv[0:L] = a2[8][0:L], loc[3:L] = rv[:]", err);

  if (xmp_all_node_num() == 1)
    printf("total: %d wrong\n", total);
  return 0;
}
