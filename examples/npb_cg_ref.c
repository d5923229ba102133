/* npb_cg_ref.c -- sequential reference for npb_cg.mlir: the CG kernel of
 * the NAS Parallel Benchmarks with the semantics of the NPB 3.x serial
 * version (NPB3.3-SER cg.f): the same random sparse matrix (makea, sprnvc,
 * vecset, sparse), the same inverse power method with 25 unpreconditioned
 * CG iterations per step, the same untimed warm-up step and the same
 * verification of zeta. No MPI.
 *
 *   clang-22 -O2 -ffp-contract=off -o npb_cg_ref npb_cg_ref.c -lm
 *   ./npb_cg_ref [CLASS]
 *     CLASS  S (default), W, A or B (lower case accepted)
 *   Bad arguments: a message on stderr, exit status 1.
 *
 *   class   na      nonzer  niter  shift  zeta (verification value)
 *   S        1400    7      15     10     8.5971775078648
 *   W        7000    8      15     12     10.362595087124
 *   A       14000   11      15     20     17.130235054029
 *   B       75000   13      75     60     22.712745482631
 *
 * Prints
 *   XMP-RESULT zeta     <zeta after the last step, %.17g>
 *   XMP-RESULT rnorm    <||x - A z|| of the last step's CG solve, %.17g>
 *   XMP-RESULT time     <seconds of the timed loop of niter steps>
 *   XMP-RESULT verified <1 if |zeta - zeta_verify| / zeta_verify <= 1e-10,
 *                        else 0>
 * -ffp-contract=off: no fused multiply-add, the operations are those of the
 * Fortran original (and of the MLIR program); with it class S gives
 *   XMP-RESULT zeta 8.5971775078648083, rnorm 1.8145999088074103e-15,
 *   verified 1
 *
 * The algorithm, in NPB's words (0-based indices here):
 *   - randlc: x <- a * x mod 2^46 (a = 5^13 = 1220703125, x0 = 314159265),
 *     returned as x / 2^46; one value is drawn and dropped before makea.
 *   - makea: for each outer index i = 0..na-1, sprnvc draws a sparse vector
 *     of nonzer distinct positions (each position from a pair of draws:
 *     value, then location int(nn1 * r) with nn1 the power of two >= na,
 *     rejected if >= na or already drawn), vecset sets (or appends)
 *     element i to 0.5; the outer product v v^T, scaled by size_i =
 *     ratio^i (ratio = rcond^(1/na)), is added to A, and rcond - shift to
 *     the diagonal element (i, i) in that same step.
 *   - sparse (serial version): every (row, column) sums its contributions
 *     in order of i; each row's columns are sorted; entries summing to
 *     exactly zero are kept.
 *   - main: x = 1; one untimed step (conj_grad, x = z / ||z||), x = 1
 *     again; then niter timed steps: conj_grad, zeta = shift + 1 / (x.z),
 *     x = z / ||z||.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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

/* ---- NPB's linear congruential generator (randlc) ----------------------
 * NPB computes a * x mod 2^46 in double precision by splitting both
 * factors into 23-bit halves; the low 46 bits of the 64-bit product are
 * the same number. */
#define RNG_MASK ((UINT64_C(1) << 46) - 1)
static uint64_t rng_x;
static const uint64_t rng_a = UINT64_C(1220703125);

static double randlc(void) {
  rng_x = (rng_x * rng_a) & RNG_MASK;
  return (double)rng_x * 0x1p-46;
}

static double wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *xmalloc(const char *prog, size_t count, size_t size) {
  void *q = NULL;
  if (count == 0)
    count = 1;
  if (count <= SIZE_MAX / size)
    q = malloc(count * size);
  if (!q) {
    fprintf(stderr, "%s: cannot allocate %zu x %zu bytes\n", prog, count,
            size);
    exit(1);
  }
  return q;
}

/* ---- matrix generation --------------------------------------------------*/

/* sprnvc: nz distinct random positions in [0, n) with random values. */
static int sprnvc(int n, int nz, int nn1, double *v, int *iv) {
  int nzv = 0;
  while (nzv < nz) {
    double vecelt = randlc();
    double vecloc = randlc();
    int i = (int)((double)nn1 * vecloc);
    if (i >= n)
      continue;
    int seen = 0;
    for (int k = 0; k < nzv; k++)
      if (iv[k] == i) {
        seen = 1;
        break;
      }
    if (seen)
      continue;
    v[nzv] = vecelt;
    iv[nzv] = i;
    nzv++;
  }
  return nzv;
}

/* vecset: element i of the sparse vector (v, iv) of *nzv entries := val. */
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

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* makea + sparse of the serial NPB: A (n x n, CSR, sorted columns) in
 * *a_out, *colidx_out, rowstr[n + 1]. */
static void makea(const char *prog, int n, int nonzer, double shift,
                  double **a_out, int **colidx_out, int *rowstr) {
  int nn1 = 1;
  do
    nn1 *= 2;
  while (nn1 < n);

  /* The n sparse vectors, at most nonzer + 1 entries each. */
  int w = nonzer + 1;
  double *vc = xmalloc(prog, (size_t)n * w, sizeof(double));
  int *ivc = xmalloc(prog, (size_t)n * w, sizeof(int));
  int *nzv = xmalloc(prog, (size_t)n, sizeof(int));
  for (int i = 0; i < n; i++) {
    nzv[i] = sprnvc(n, nonzer, nn1, vc + (size_t)i * w, ivc + (size_t)i * w);
    vecset(vc + (size_t)i * w, ivc + (size_t)i * w, &nzv[i], i, 0.5);
  }

  /* Contributions per row: vector i adds nzv[i] to each of its rows. */
  size_t *start = xmalloc(prog, (size_t)n + 1, sizeof(size_t));
  for (int j = 0; j <= n; j++)
    start[j] = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < nzv[i]; k++)
      start[ivc[(size_t)i * w + k] + 1] += (size_t)nzv[i];
  for (int j = 0; j < n; j++)
    start[j + 1] += start[j];
  size_t ntrip = start[n];
  if (ntrip > INT32_MAX) {
    fprintf(stderr, "%s: %zu matrix contributions, too many\n", prog, ntrip);
    exit(1);
  }

  /* Bucket the contributions by row, in order of i (then of the vector's
   * entries): the order in which the serial sparse() sums them. */
  double *a = xmalloc(prog, ntrip, sizeof(double));
  int *colidx = xmalloc(prog, ntrip, sizeof(int));
  size_t *fill = xmalloc(prog, (size_t)n, sizeof(size_t));
  for (int j = 0; j < n; j++)
    fill[j] = start[j];
  double size = 1.0;
  double ratio = pow(RCOND, 1.0 / (double)n);
  for (int i = 0; i < n; i++) {
    const double *v = vc + (size_t)i * w;
    const int *iv = ivc + (size_t)i * w;
    for (int r = 0; r < nzv[i]; r++) {
      int j = iv[r];
      double scale = size * v[r];
      for (int c = 0; c < nzv[i]; c++) {
        int jcol = iv[c];
        double va = v[c] * scale;
        if (jcol == j && j == i)
          va = va + RCOND - shift;
        size_t pos = fill[j]++;
        colidx[pos] = jcol;
        a[pos] = va;
      }
    }
    size *= ratio;
  }

  /* Sum duplicates row by row (dense accumulator), sort each row's
   * columns, and compact in place: a row's output never starts after
   * its input, and the whole input row is read before it is written. */
  double *acc = xmalloc(prog, (size_t)n, sizeof(double));
  char *mark = xmalloc(prog, (size_t)n, 1);
  int *cols = xmalloc(prog, (size_t)n, sizeof(int));
  for (int j = 0; j < n; j++) {
    acc[j] = 0.0;
    mark[j] = 0;
  }
  size_t out = 0;
  for (int j = 0; j < n; j++) {
    int ncols = 0;
    for (size_t k = start[j]; k < start[j + 1]; k++) {
      int c = colidx[k];
      acc[c] = acc[c] + a[k];
      if (!mark[c]) {
        mark[c] = 1;
        cols[ncols++] = c;
      }
    }
    qsort(cols, (size_t)ncols, sizeof(int), cmp_int);
    rowstr[j] = (int)out;
    for (int k = 0; k < ncols; k++) {
      int c = cols[k];
      colidx[out] = c;
      a[out] = acc[c];
      out++;
      acc[c] = 0.0;
      mark[c] = 0;
    }
  }
  rowstr[n] = (int)out;

  free(cols);
  free(mark);
  free(acc);
  free(fill);
  free(start);
  free(nzv);
  free(ivc);
  free(vc);
  *a_out = a;
  *colidx_out = colidx;
}

/* ---- the benchmark ------------------------------------------------------*/

/* 25 CG iterations on A z = x from z = 0; returns ||x - A z||. */
static double conj_grad(int n, const int *rowstr, const int *colidx,
                        const double *a, const double *x, double *z,
                        double *p, double *q, double *r) {
  double rho = 0.0;
  for (int j = 0; j < n; j++) {
    q[j] = 0.0;
    z[j] = 0.0;
    r[j] = x[j];
    p[j] = r[j];
  }
  for (int j = 0; j < n; j++)
    rho = rho + r[j] * r[j];

  for (int cgit = 0; cgit < CGITMAX; cgit++) {
    /* q = A p */
    for (int j = 0; j < n; j++) {
      double sum = 0.0;
      for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
        sum = sum + a[k] * p[colidx[k]];
      q[j] = sum;
    }
    double d = 0.0;
    for (int j = 0; j < n; j++)
      d = d + p[j] * q[j];
    double alpha = rho / d;
    double rho0 = rho;
    for (int j = 0; j < n; j++) {
      z[j] = z[j] + alpha * p[j];
      r[j] = r[j] - alpha * q[j];
    }
    rho = 0.0;
    for (int j = 0; j < n; j++)
      rho = rho + r[j] * r[j];
    double beta = rho / rho0;
    for (int j = 0; j < n; j++)
      p[j] = r[j] + beta * p[j];
  }

  /* Residual norm ||x - A z||, A z in r. */
  for (int j = 0; j < n; j++) {
    double d = 0.0;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      d = d + a[k] * z[colidx[k]];
    r[j] = d;
  }
  double sum = 0.0;
  for (int j = 0; j < n; j++) {
    double d = x[j] - r[j];
    sum = sum + d * d;
  }
  return sqrt(sum);
}

/* One step of the power method after conj_grad: returns x.z and sets
 * x = z / ||z||. */
static double normalize(int n, double *x, const double *z) {
  double xz = 0.0, zz = 0.0;
  for (int j = 0; j < n; j++) {
    xz = xz + x[j] * z[j];
    zz = zz + z[j] * z[j];
  }
  zz = 1.0 / sqrt(zz);
  for (int j = 0; j < n; j++)
    x[j] = zz * z[j];
  return xz;
}

static void usage(const char *prog) {
  fprintf(stderr, "usage: %s [S|W|A|B]\n", prog);
  exit(1);
}

int main(int argc, char **argv) {
  const char *prog = argv[0] ? argv[0] : "npb_cg_ref";
  const struct cg_class *cl = &classes[0];

  if (argc > 2)
    usage(prog);
  if (argc == 2) {
    const char *s = argv[1];
    cl = NULL;
    if (s[0] != '\0' && s[1] == '\0')
      for (size_t k = 0; k < sizeof classes / sizeof classes[0]; k++)
        if (classes[k].name == s[0] || classes[k].name == s[0] - 'a' + 'A')
          cl = &classes[k];
    if (!cl) {
      fprintf(stderr, "%s: bad class '%s' (want S, W, A or B)\n", prog, s);
      exit(1);
    }
  }
  int n = cl->na;

  rng_x = 314159265;
  (void)randlc(); /* NPB: zeta = randlc(tran, amult), then discarded */

  double *a;
  int *colidx;
  int *rowstr = xmalloc(prog, (size_t)n + 1, sizeof(int));
  makea(prog, n, cl->nonzer, cl->shift, &a, &colidx, rowstr);

  double *x = xmalloc(prog, (size_t)n, sizeof(double));
  double *z = xmalloc(prog, (size_t)n, sizeof(double));
  double *p = xmalloc(prog, (size_t)n, sizeof(double));
  double *q = xmalloc(prog, (size_t)n, sizeof(double));
  double *r = xmalloc(prog, (size_t)n, sizeof(double));

  /* Untimed warm-up step, then x = 1 again. */
  for (int j = 0; j < n; j++)
    x[j] = 1.0;
  double rnorm = conj_grad(n, rowstr, colidx, a, x, z, p, q, r);
  (void)normalize(n, x, z);
  for (int j = 0; j < n; j++)
    x[j] = 1.0;

  double zeta = 0.0;
  double t0 = wtime();
  for (int it = 0; it < cl->niter; it++) {
    rnorm = conj_grad(n, rowstr, colidx, a, x, z, p, q, r);
    double xz = normalize(n, x, z);
    zeta = cl->shift + 1.0 / xz;
  }
  double time = wtime() - t0;

  double err = fabs(zeta - cl->zeta_verify) / cl->zeta_verify;
  printf("XMP-RESULT zeta %.17g\n", zeta);
  printf("XMP-RESULT rnorm %.17g\n", rnorm);
  printf("XMP-RESULT time %.17g\n", time);
  printf("XMP-RESULT verified %d\n", err <= 1e-10 ? 1 : 0);

  free(r);
  free(q);
  free(p);
  free(z);
  free(x);
  free(rowstr);
  free(colidx);
  free(a);
  return 0;
}
