/* npb_cg_mpi.c -- hand-written MPI baseline for examples/npb_cg.mlir: the
 * NAS Parallel Benchmarks CG kernel with the decomposition of NPB3.x-MPI
 * (cg.f), written as a strong HPC programmer would.
 *
 *   mpicc -O3 -march=native -o npb_cg_mpi benchmarks/baselines/npb_cg_mpi.c -lm
 *   mpirun -np P ./npb_cg_mpi [CLASS]
 *     P      a power of two (1, 2, 4, 8, ...); anything else: rank 0 says so,
 *            exit status 1
 *     CLASS  S (default), W, A or B (lower case accepted); parameters and
 *            verification values as in examples/npb_cg_ref.c
 *
 * Rank 0 prints (the lines of examples/npb_cg_ref.c):
 *   XMP-RESULT zeta     <zeta after the last step, %.17g>
 *   XMP-RESULT rnorm    <||x - A z|| of the last step's CG solve>
 *   XMP-RESULT time     <seconds of the timed loop, max over the ranks>
 *   XMP-RESULT verified <1 if |zeta - zeta_verify| / zeta_verify <= 1e-10>
 *
 * Decomposition (NPB-MPI). P = 2^k processes form an nprows x npcols grid,
 * npcols = nprows (k even) or 2 nprows (k odd); rank = row * npcols + col.
 * Process (pr, pc) owns the block of A with rows in row block pr (A's rows
 * split in nprows blocks) and columns in its column segment (A's columns
 * split in npcols segments; for npcols = 2 nprows, segments 2m and 2m+1
 * are the halves of the m-th of nprows blocks, so that a row block is
 * exactly two column segments). Every vector (x, z, p, q, r) is held as
 * the process's column segment, replicated down the process column.
 * Every rank draws the whole random sequence of makea (so that the matrix
 * is the same for every P) and keeps the contributions that fall in its
 * block, with local column indices.
 *
 * q = A p:
 *  1. local SpMV: w (row block pr, partial: only this rank's columns);
 *  2. sum w across the process row, NPB's reduce-exchange: log2(npcols)
 *     MPI_Sendrecv steps with the partners pc^1, pc^2, pc^4, ...; each
 *     step adds the partner's part to mine. For npcols = nprows each step
 *     exchanges the whole row block (recursive doubling, every rank ends
 *     with the whole sum); for npcols = 2 nprows the first step is a
 *     halving step (even columns keep the first half of the row block, odd
 *     the second; each sends the other half) and the further steps exchange
 *     only that half;
 *  3. transpose: one MPI_Sendrecv with exch_proc, the process whose column
 *     segment is my (half) row block, and that receives into its q exactly
 *     its column segment (a copy when exch_proc is myself: the diagonal
 *     processes, and every process when nprows = 1).
 * Why this and not MPI_Allreduce / MPI_Reduce_scatter on the row
 * communicator: (a) it moves the minimum: with npcols = 2 nprows a rank
 * needs only half of the row block, an allreduce would move all of it;
 * a reduce-scatter would give each rank 1/npcols of the row block and
 * need an allgather down the column afterwards (two more latency-bound
 * steps per SpMV, and the matrix-vector product is the one operation whose
 * messages are large); (b) recursive doubling gives bit-identical sums on
 * both partners of every step (a + b == b + a), so the column replicas of
 * every vector stay identical, which MPI_Allreduce does not promise;
 * (c) with the few steps of a node's worth of processes (npcols <= 16:
 * 4 steps at most) a large allreduce is itself recursive doubling or
 * reduce-scatter + allgather inside Open MPI, no faster than this schedule,
 * which also saves the library's algorithm selection and temporary
 * buffers per call. (-DCG_ROW_ALLREDUCE builds the MPI_Allreduce variant
 * for comparison; on the 2-vCPU development VM the two were the same
 * within the noise at 2 and 4 ranks.)
 * Dot products: the local sum over my column segment, then MPI_Allreduce
 * over the row communicator (the row's segments are the whole vector);
 * x.z and z.z of the power step are one 2-element allreduce. On one rank
 * there is no communication at all and the SpMV writes q directly.
 *
 * Arithmetic: as NPB-MPI (matrix entries summed in the order of makea's
 * contributions, columns of a row in order of first appearance, the
 * diagonal shift added last); -O3 -march=native lets gcc contract a * b + c
 * into FMAs, so the last bits differ from npb_cg_ref.c (built with
 * -ffp-contract=off, NPB serial version's matrix); zeta verifies to 1e-10
 * either way.
 */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RCOND 0.1
#define CGITMAX 25

struct cg_class {
  char name;
  int na, nonzer, niter;
  double shift, zeta_verify;
};

static const struct cg_class classes[] = {
    {'S', 1400, 7, 15, 10.0, 8.5971775078648},
    {'W', 7000, 8, 15, 12.0, 10.362595087124},
    {'A', 14000, 11, 15, 20.0, 17.130235054029},
    {'B', 75000, 13, 75, 60.0, 22.712745482631},
};

static int me, nprocs;

/* The decomposition (all 0-based). */
static int nprows, npcols, proc_row, proc_col;
static int firstrow, nrl; /* my rows: [firstrow, firstrow + nrl) */
static int firstcol, ncl; /* my columns: [firstcol, firstcol + ncl) */
static int exch_proc;     /* transpose partner */
static int send_start, send_len; /* what of w goes to exch_proc */
#define MAXSTEPS 32
static int l2npcols;                 /* steps of the row reduction */
static int red_proc[MAXSTEPS];       /* partner (world rank) of step s */
static int red_send_start[MAXSTEPS]; /* part of w sent in step s */
static int red_send_len[MAXSTEPS];
static int red_recv_len[MAXSTEPS]; /* received into [send_start, +len) */
static MPI_Comm row_comm;

/* A usage error, the same on every rank: rank 0 says it, all exit 1. */
static void fail(const char *msg) {
  if (me == 0)
    fprintf(stderr, "npb_cg_mpi: %s\n", msg);
  MPI_Finalize();
  exit(1);
}

static void *xmalloc(size_t count, size_t size) {
  void *q = NULL;
  if (count == 0)
    count = 1;
  if (count <= SIZE_MAX / size)
    q = malloc(count * size);
  if (!q) {
    fprintf(stderr, "npb_cg_mpi: rank %d: cannot allocate %zu x %zu bytes\n",
            me, count, size);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return q;
}

/* ---- NPB's generator: x <- 5^13 x mod 2^46, returns x / 2^46 -------------*/
#define RNG_MASK ((UINT64_C(1) << 46) - 1)
static uint64_t rng_x;

static double randlc(void) {
  rng_x = (rng_x * UINT64_C(1220703125)) & RNG_MASK;
  return (double)rng_x * 0x1p-46;
}

/* ---- decomposition ---------------------------------------------------------*/

/* Block b of nb blocks of n: the first n % nb blocks have one more. */
static void block_of(int n, int nb, int b, int *first, int *len) {
  int q = n / nb, rem = n - q * nb;
  if (b < rem) {
    *len = q + 1;
    *first = b * (q + 1);
  } else {
    *len = q;
    *first = rem * (q + 1) + (b - rem) * q;
  }
}

static void setup_decomposition(int na) {
  int k = 0;
  while ((1 << k) < nprocs)
    k++;
  nprows = 1 << (k / 2);
  npcols = 1 << ((k + 1) / 2);
  proc_row = me / npcols;
  proc_col = me % npcols;

  block_of(na, nprows, proc_row, &firstrow, &nrl);
  if (npcols == nprows) {
    block_of(na, npcols, proc_col, &firstcol, &ncl);
    send_start = 0;
    send_len = nrl;
    exch_proc = proc_col * npcols + proc_row;
  } else {
    /* Column segment = half (proc_col % 2) of column block proc_col / 2
     * (blocks as the row blocks); the first half has the odd element. */
    int f, len;
    block_of(na, nprows, proc_col / 2, &f, &len);
    if (proc_col % 2 == 0) {
      firstcol = f;
      ncl = (len + 1) / 2;
      send_start = 0;
      send_len = (nrl + 1) / 2;
    } else {
      firstcol = f + (len + 1) / 2;
      ncl = len / 2;
      send_start = (nrl + 1) / 2;
      send_len = nrl / 2;
    }
    /* (pr, 2m + h) sends half h of row block pr to (m, 2 pr + h), whose
     * column segment it is. */
    exch_proc = (proc_col / 2) * npcols + 2 * proc_row + proc_col % 2;
  }

  l2npcols = 0;
  while ((1 << l2npcols) < npcols)
    l2npcols++;
  for (int s = 0; s < l2npcols; s++) {
    red_proc[s] = proc_row * npcols + (proc_col ^ (1 << s));
    if (npcols == nprows) {
      red_send_start[s] = 0;
      red_send_len[s] = nrl;
      red_recv_len[s] = nrl;
    } else if (s == 0) {
      /* Halving: keep my half, send the other one. */
      red_send_start[s] = proc_col % 2 == 0 ? send_len : 0;
      red_send_len[s] = nrl - send_len;
      red_recv_len[s] = send_len;
    } else {
      red_send_start[s] = send_start;
      red_send_len[s] = send_len;
      red_recv_len[s] = send_len;
    }
  }
  MPI_Comm_split(MPI_COMM_WORLD, proc_row, proc_col, &row_comm);
}

/* ---- matrix generation (NPB-MPI makea + sparse, my block only) -------------*/

/* sprnvc: nz distinct positions in [0, n), with values; mark is all zero
 * on entry and on exit. */
static int sprnvc(int n, int nz, int nn1, double *v, int *iv, char *mark) {
  int nzv = 0;
  while (nzv < nz) {
    double vecelt = randlc();
    double vecloc = randlc();
    int i = (int)((double)nn1 * vecloc);
    if (i >= n || mark[i])
      continue;
    mark[i] = 1;
    v[nzv] = vecelt;
    iv[nzv] = i;
    nzv++;
  }
  for (int k = 0; k < nzv; k++)
    mark[iv[k]] = 0;
  return nzv;
}

static void vecset(double *v, int *iv, int *nzv, int i, double val) {
  int set = 0;
  for (int k = 0; k < *nzv; k++)
    if (iv[k] == i) {
      v[k] = val;
      set = 1;
    }
  if (!set) {
    v[*nzv] = val;
    iv[*nzv] = i;
    (*nzv)++;
  }
}

/* My block of A in CSR: nrl rows, local column indices [0, ncl). */
static int *rowstr, *colidx;
static double *aval;

static void makea(int n, int nonzer, double shift) {
  int nn1 = 1;
  do
    nn1 *= 2;
  while (nn1 < n);
  int lastrow = firstrow + nrl, lastcol = firstcol + ncl;

  /* The n random sparse vectors (every rank draws all of them). */
  int w = nonzer + 1;
  double *vc = xmalloc((size_t)n * w, sizeof(double));
  int *ivc = xmalloc((size_t)n * w, sizeof(int));
  int *nzv = xmalloc((size_t)n, sizeof(int));
  char *mark = xmalloc((size_t)n, 1);
  memset(mark, 0, (size_t)n);
  for (int i = 0; i < n; i++) {
    double *v = vc + (size_t)i * w;
    int *iv = ivc + (size_t)i * w;
    nzv[i] = sprnvc(n, nonzer, nn1, v, iv, mark);
    vecset(v, iv, &nzv[i], i, 0.5);
  }

  /* Count my contributions per local row: vector i gives (row iv[r],
   * column iv[c]) for its rows in my row block and columns in my segment;
   * then the diagonal (rcond - shift) of my rows that are my columns. */
  size_t *start = xmalloc((size_t)nrl + 1, sizeof(size_t));
  memset(start, 0, ((size_t)nrl + 1) * sizeof(size_t));
  for (int i = 0; i < n; i++) {
    const int *iv = ivc + (size_t)i * w;
    size_t ncols = 0;
    for (int c = 0; c < nzv[i]; c++)
      ncols += iv[c] >= firstcol && iv[c] < lastcol;
    if (ncols == 0)
      continue;
    for (int r = 0; r < nzv[i]; r++)
      if (iv[r] >= firstrow && iv[r] < lastrow)
        start[iv[r] - firstrow + 1] += ncols;
  }
  for (int j = firstrow; j < lastrow; j++)
    if (j >= firstcol && j < lastcol)
      start[j - firstrow + 1]++;
  for (int j = 0; j < nrl; j++)
    start[j + 1] += start[j];
  size_t ntrip = start[nrl];
  if (ntrip > INT32_MAX) {
    fprintf(stderr, "npb_cg_mpi: rank %d: %zu matrix contributions\n", me,
            ntrip);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  /* Fill, bucketed by row in NPB's order (i, then column entry c, then
   * row entry r; the value v[r] * (size * v[c])), diagonal last. */
  aval = xmalloc(ntrip, sizeof(double));
  colidx = xmalloc(ntrip, sizeof(int));
  size_t *fill = xmalloc((size_t)nrl + 1, sizeof(size_t));
  memcpy(fill, start, ((size_t)nrl + 1) * sizeof(size_t));
  double size = 1.0;
  double ratio = pow(RCOND, 1.0 / (double)n);
  for (int i = 0; i < n; i++) {
    const double *v = vc + (size_t)i * w;
    const int *iv = ivc + (size_t)i * w;
    for (int c = 0; c < nzv[i]; c++) {
      int jcol = iv[c];
      if (jcol < firstcol || jcol >= lastcol)
        continue;
      double scale = size * v[c];
      for (int r = 0; r < nzv[i]; r++) {
        int irow = iv[r];
        if (irow < firstrow || irow >= lastrow)
          continue;
        size_t pos = fill[irow - firstrow]++;
        colidx[pos] = jcol - firstcol;
        aval[pos] = v[r] * scale;
      }
    }
    size = size * ratio;
  }
  for (int j = firstrow; j < lastrow; j++)
    if (j >= firstcol && j < lastcol) {
      size_t pos = fill[j - firstrow]++;
      colidx[pos] = j - firstcol;
      aval[pos] = RCOND - shift;
    }

  /* sparse(): per row, sum duplicates in order; a column enters the row
   * when its partial sum first becomes nonzero, and is dropped if its
   * total is zero. Compacted in place (output never overtakes input). */
  double *acc = xmalloc((size_t)ncl, sizeof(double));
  int *nzloc = xmalloc((size_t)ncl, sizeof(int));
  char *cmark = xmalloc((size_t)ncl, 1);
  for (int j = 0; j < ncl; j++) {
    acc[j] = 0.0;
    cmark[j] = 0;
  }
  rowstr = xmalloc((size_t)nrl + 1, sizeof(int));
  size_t out = 0;
  for (int j = 0; j < nrl; j++) {
    int nzrow = 0;
    for (size_t k = start[j]; k < start[j + 1]; k++) {
      int c = colidx[k];
      acc[c] = acc[c] + aval[k];
      if (!cmark[c] && acc[c] != 0.0) {
        cmark[c] = 1;
        nzloc[nzrow++] = c;
      }
    }
    rowstr[j] = (int)out;
    for (int k = 0; k < nzrow; k++) {
      int c = nzloc[k];
      double xi = acc[c];
      cmark[c] = 0;
      acc[c] = 0.0;
      if (xi != 0.0) {
        colidx[out] = c;
        aval[out] = xi;
        out++;
      }
    }
  }
  rowstr[nrl] = (int)out;

  free(cmark);
  free(nzloc);
  free(acc);
  free(fill);
  free(start);
  free(mark);
  free(nzv);
  free(ivc);
  free(vc);
}

/* ---- the distributed kernels -----------------------------------------------*/

static double *wbuf, *tbuf; /* row-block partial result, receive buffer */

/* out (my column segment) = A in (my column segment). */
static void matvec(const double *restrict in, double *restrict out) {
  const int *restrict rs = rowstr;
  const int *restrict ci = colidx;
  const double *restrict av = aval;
  double *restrict w = nprocs == 1 ? out : wbuf;

  for (int j = 0; j < nrl; j++) {
    double sum = 0.0;
    for (int k = rs[j]; k < rs[j + 1]; k++)
      sum = sum + av[k] * in[ci[k]];
    w[j] = sum;
  }
  if (nprocs == 1)
    return;

  /* Sum across the process row (recursive doubling / halving). */
#ifdef CG_ROW_ALLREDUCE /* the alternative, for comparison (see top) */
  if (npcols > 1)
    MPI_Allreduce(MPI_IN_PLACE, w, nrl, MPI_DOUBLE, MPI_SUM, row_comm);
#else
  for (int s = 0; s < l2npcols; s++) {
    MPI_Sendrecv(w + red_send_start[s], red_send_len[s], MPI_DOUBLE,
                 red_proc[s], 10 + s, tbuf + send_start, red_recv_len[s],
                 MPI_DOUBLE, red_proc[s], 10 + s, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    double *restrict wa = w + send_start;
    const double *restrict ta = tbuf + send_start;
    int len = red_recv_len[s];
    for (int j = 0; j < len; j++)
      wa[j] = wa[j] + ta[j];
  }
#endif

  /* Transpose: my (half) row block is exch_proc's column segment. */
  if (exch_proc == me)
    memcpy(out, w + send_start, (size_t)send_len * sizeof(double));
  else
    MPI_Sendrecv(w + send_start, send_len, MPI_DOUBLE, exch_proc, 1, out,
                 ncl, MPI_DOUBLE, exch_proc, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
}

static void row_sum(double *v, int count) {
  if (npcols > 1)
    MPI_Allreduce(MPI_IN_PLACE, v, count, MPI_DOUBLE, MPI_SUM, row_comm);
}

/* 25 CG iterations on A z = x from z = 0; returns ||x - A z||. */
static double conj_grad(const double *restrict x, double *restrict z,
                        double *restrict p, double *restrict q,
                        double *restrict r) {
  const int n = ncl;
  double rho = 0.0;
  for (int j = 0; j < n; j++) {
    z[j] = 0.0;
    r[j] = x[j];
    p[j] = x[j];
    rho = rho + x[j] * x[j];
  }
  row_sum(&rho, 1);

  for (int cgit = 0; cgit < CGITMAX; cgit++) {
    matvec(p, q);
    double d = 0.0;
    for (int j = 0; j < n; j++)
      d = d + p[j] * q[j];
    row_sum(&d, 1);
    double alpha = rho / d;
    double rho0 = rho;
    rho = 0.0;
    for (int j = 0; j < n; j++) {
      z[j] = z[j] + alpha * p[j];
      double rj = r[j] - alpha * q[j];
      r[j] = rj;
      rho = rho + rj * rj;
    }
    row_sum(&rho, 1);
    double beta = rho / rho0;
    for (int j = 0; j < n; j++)
      p[j] = r[j] + beta * p[j];
  }

  matvec(z, r); /* r = A z */
  double sum = 0.0;
  for (int j = 0; j < n; j++) {
    double d = x[j] - r[j];
    sum = sum + d * d;
  }
  row_sum(&sum, 1);
  return sqrt(sum);
}

/* x.z (returned) and x = z / ||z||. */
static double normalize(double *restrict x, const double *restrict z) {
  double t[2] = {0.0, 0.0};
  for (int j = 0; j < ncl; j++) {
    t[0] = t[0] + x[j] * z[j];
    t[1] = t[1] + z[j] * z[j];
  }
  row_sum(t, 2);
  double s = 1.0 / sqrt(t[1]);
  for (int j = 0; j < ncl; j++)
    x[j] = s * z[j];
  return t[0];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  const struct cg_class *cl = &classes[0];
  char msg[160];
  if (argc > 2)
    fail("usage: npb_cg_mpi [S|W|A|B]");
  if (argc == 2) {
    const char *s = argv[1];
    cl = NULL;
    if (s[0] != '\0' && s[1] == '\0')
      for (size_t k = 0; k < sizeof classes / sizeof classes[0]; k++)
        if (classes[k].name == s[0] || classes[k].name == s[0] - 'a' + 'A')
          cl = &classes[k];
    if (!cl) {
      snprintf(msg, sizeof msg, "bad class '%.20s' (want S, W, A or B)", s);
      fail(msg);
    }
  }
  if (nprocs & (nprocs - 1)) {
    snprintf(msg, sizeof msg,
             "%d processes: the NPB CG decomposition needs a power of two "
             "(1, 2, 4, 8, ...)",
             nprocs);
    fail(msg);
  }
  int n = cl->na;
  setup_decomposition(n);
  /* Every rank needs at least one column, and the halving step one row in
   * each half. */
  int ok = ncl >= 1 && send_len >= 1, all_ok;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all_ok) {
    snprintf(msg, sizeof msg, "%d processes: too many for class %c (na = %d)",
             nprocs, cl->name, n);
    fail(msg);
  }

  rng_x = 314159265;
  (void)randlc(); /* NPB draws one value before makea */
  makea(n, cl->nonzer, cl->shift);

  double *x = xmalloc((size_t)ncl, sizeof(double));
  double *z = xmalloc((size_t)ncl, sizeof(double));
  double *p = xmalloc((size_t)ncl, sizeof(double));
  double *q = xmalloc((size_t)ncl, sizeof(double));
  double *r = xmalloc((size_t)ncl, sizeof(double));
  wbuf = xmalloc((size_t)nrl, sizeof(double));
  tbuf = xmalloc((size_t)nrl, sizeof(double));

  /* Untimed warm-up step, then x = 1 again. */
  for (int j = 0; j < ncl; j++)
    x[j] = 1.0;
  double rnorm = conj_grad(x, z, p, q, r);
  (void)normalize(x, z);
  for (int j = 0; j < ncl; j++)
    x[j] = 1.0;

  double zeta = 0.0;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int it = 0; it < cl->niter; it++) {
    rnorm = conj_grad(x, z, p, q, r);
    double xz = normalize(x, z);
    zeta = cl->shift + 1.0 / xz;
  }
  double t = MPI_Wtime() - t0, tmax;
  MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  if (me == 0) {
    double err = fabs(zeta - cl->zeta_verify) / cl->zeta_verify;
    printf("XMP-RESULT zeta %.17g\n", zeta);
    printf("XMP-RESULT rnorm %.17g\n", rnorm);
    printf("XMP-RESULT time %.17g\n", tmax);
    printf("XMP-RESULT verified %d\n", err <= 1e-10 ? 1 : 0);
  }

  free(tbuf);
  free(wbuf);
  free(r);
  free(q);
  free(p);
  free(z);
  free(x);
  free(aval);
  free(colidx);
  free(rowstr);
  MPI_Comm_free(&row_comm);
  MPI_Finalize();
  return 0;
}
