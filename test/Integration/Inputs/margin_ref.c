/* Sequential reference of margin.mlir: usage margin_ref P Q0 Q1 (ranks,
 * the shape of the 2-D grid @q). For each loop and rank, the iterations of
 * its margin straight from the definition: the lattice points of the
 * expanded box (the rank's block widened by lo:hi, within the loop's
 * bounds unless unbound; nothing where the rank owns nothing) that are
 * not in the box the plain loop runs there. No slabs. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n, lb, ub, st, wl, wh;
  int unbound;
} Dim;

static long min(long a, long b) { return a < b ? a : b; }

/* block distribution of n over p, coordinate c (c < 0: outside) */
static void owned(long n, long p, long c, long *lo, long *hi) {
  long b = (n + p - 1) / p;
  if (c < 0) {
    *lo = *hi = 0;
    return;
  }
  *lo = min(c * b, n);
  *hi = min((c + 1) * b, n);
}

static int onLattice(const Dim *d, long x, int anyK) {
  long k = x - d->lb;
  if (k % d->st != 0)
    return 0;
  return anyK || k >= 0;
}
static int inPlain(const Dim *d, long lo, long hi, long x) {
  return onLattice(d, x, 0) && x < d->ub && x >= lo && x < hi;
}
static int inExpanded(const Dim *d, long lo, long hi, long x) {
  if (hi <= lo)
    return 0;
  if (x < lo - d->wl || x >= hi + d->wh)
    return 0;
  if (d->unbound)
    return onLattice(d, x, 1);
  return onLattice(d, x, 0) && x < d->ub;
}

static double h1(long i) { return (double)((i + 10) * 7 + 1); }
static double h2(long i, long j) {
  return (double)((i + 5) * 37 + (j + 3) * 3 + 1);
}

/* sums of one rank's margin: n, sum h, sum h*h, max h (0 if none) */
typedef struct {
  double n, s, s2, mx;
} Sig;

static Sig frame(int rank2, const Dim *d, const long *lo, const long *hi) {
  Sig g = {0, 0, 0, 0};
  for (long i = -30; i < 60; ++i) {
    if (!inExpanded(&d[0], lo[0], hi[0], i))
      continue;
    for (long j = rank2 ? -30 : 0; j < (rank2 ? 60 : 1); ++j) {
      if (rank2 && !inExpanded(&d[1], lo[1], hi[1], j))
        continue;
      int plain = inPlain(&d[0], lo[0], hi[0], i) &&
                  (!rank2 || inPlain(&d[1], lo[1], hi[1], j));
      if (plain)
        continue;
      double h = rank2 ? h2(i, j) : h1(i);
      g.n += 1;
      g.s += h;
      g.s2 += h * h;
      if (h > g.mx)
        g.mx = h;
    }
  }
  return g;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: margin_ref P Q0 Q1\n");
    return 2;
  }
  long P = atol(argv[1]), Q0 = atol(argv[2]), Q1 = atol(argv[3]);
  /* n, lb, ub, st, wl, wh, unbound */
  Dim L0[1] = {{23, 1, 22, 1, 2, 1, 0}};
  Dim L1[1] = {{23, 1, 22, 3, 2, 3, 1}};
  Dim L2[1] = {{4, 0, 4, 1, 1, 1, 1}};
  Dim L3[2] = {{9, 0, 9, 1, 1, 2, 0}, {11, 1, 11, 2, 1, 1, 1}};
  Dim L4[2] = {{9, 1, 8, 1, 0, 0, 0}, {11, 0, 11, 1, 2, 1, 0}};
  Dim L5[2] = {{9, 0, 9, 1, 1, 1, 1}, {11, 0, 11, 1, 1, 0, 0}};
  Dim L6[1] = {{23, 0, 5, 1, 3, 0, 0}};
  Dim R50[2] = {{9, 0, 9, 1, 1, 1, 0}, {11, 0, 11, 1, 1, 1, 0}};
  Dim R70[2] = {{9, 0, 9, 1, 1, 1, 0}, {11, 0, 11, 1, 0, 1, 0}};
  const Dim *loops[7] = {L0, L1, L2, L3, L4, L5, L6};
  Sig sig[7][8] = {{{0}}};
  double s50 = 1000, s70 = 0, m71 = 0;
  for (long r = 0; r < P; ++r) {
    long lo1[1], hi1[1], lo4[1], hi4[1], lo2[2], hi2[2];
    owned(23, P, r, &lo1[0], &hi1[0]);
    owned(4, P, r, &lo4[0], &hi4[0]);
    int in = r < Q0 * Q1;
    owned(9, Q0, in ? r / Q1 : -1, &lo2[0], &hi2[0]);
    owned(11, Q1, in ? r % Q1 : -1, &lo2[1], &hi2[1]);
    for (int l = 0; l < 7; ++l) {
      int oneD = l < 2 || l == 6;
      const long *lo = oneD ? lo1 : l == 2 ? lo4 : lo2;
      const long *hi = oneD ? hi1 : l == 2 ? hi4 : hi2;
      sig[l][r] = frame(!oneD && l != 2, loops[l], lo, hi);
    }
    Sig a = frame(1, R50, lo2, hi2), b = frame(1, R70, lo2, hi2);
    s50 += a.s;
    s70 += b.s;
    if (b.mx > m71)
      m71 = b.mx;
  }
  printf("XMP-RESULT value11 %ld\nXMP-RESULT value12 %ld\n"
         "XMP-RESULT value13 %ld\n",
         P, Q0, Q1);
  printf("XMP-RESULT value50 %.17g\nXMP-RESULT value70 %.17g\n"
         "XMP-RESULT value71 %.17g\n",
         s50, s70, m71);
  for (int l = 0; l < 7; ++l)
    for (int r = 0; r < 8; ++r) {
      double v[3] = {sig[l][r].n, sig[l][r].s, sig[l][r].s2};
      for (int m = 0; m < 3; ++m)
        printf("XMP-RESULT value%d %.17g\n", 1000 + 100 * l + 10 * r + m,
               v[m]);
    }
  return 0;
}
