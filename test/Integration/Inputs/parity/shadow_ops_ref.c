// Sequential reference of shadow_ops.mlir for NP ranks (argument, default
// 1): it lays the arrays out as the program's grids do (block pieces of
// ceil(m / P), grid shapes factored like MPI_Dims_create, ranks row-major),
// and prints what rank 0 of the program prints: the grid shapes (tags
// 9001-9006), then per
// dump every element of every rank's box (its owned piece and the whole
// shadow around it: local indices [0, slo + n + shi) per dimension), key
// TAG * 10000 + rank * 600 + row-major index in the box. Ranks that own
// nothing in some dimension are not dumped (they have no shadow to speak
// of). Arrays are 3-D here; 1-D and 2-D ones have leading dimensions of
// one element (the program views them so).
//
// After a reflect a box element holds the value of the element it copies
// when every dimension is owned or in the reflected halo (inside the
// width, inside the array or periodic), else the -1 it was filled with;
// after an orthogonal reflect only when at most one dimension is in the
// halo. reduce_shadow: shadow elements hold small numbers h(rank, index,
// round) and keep them; each owned element becomes its value plus the h of
// every box element of every rank that is a copy of it (every dimension
// owned or in the halo, at least one in the halo).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXR = 8, L = 600 };

static void pr(long tag, double v) {
  printf("XMP-RESULT value%ld %.17g\n", tag, v);
}

// Like MPI_Dims_create: prime factors, largest first, each into the axis
// with the smallest product so far; non-increasing.
static void dims(int p, int nd, int *out) {
  int f[32], nf = 0;
  for (int q = 2; p > 1;)
    if (p % q == 0) {
      f[nf++] = q;
      p /= q;
    } else {
      ++q;
    }
  for (int a = 0; a < nd; ++a)
    out[a] = 1;
  for (int i = nf - 1; i >= 0; --i) {
    int best = 0;
    for (int a = 1; a < nd; ++a)
      if (out[a] < out[best])
        best = a;
    out[best] *= f[i];
  }
  for (int a = 0; a < nd; ++a)
    for (int b = a + 1; b < nd; ++b)
      if (out[b] > out[a]) {
        int t = out[a];
        out[a] = out[b];
        out[b] = t;
      }
}

// An array, 3-D: per dimension its size, the grid axis it is distributed
// over (-1: a leading dimension of one element), shadow, width, periodic.
struct Arr {
  int ngrid;                   // rank of its grid (1, 2 or 3)
  int m[3], axis[3];
  int slo[3], shi[3], wlo[3], whi[3], per[3];
};

static int P;

static double val(const int *g, int round) {
  return 1 + 10000.0 * g[0] + 100.0 * g[1] + g[2] + 1000000.0 * round;
}

static double hval(int r, int k, int round) {
  return 1 + (r * 37 + k * 11 + round * 5) % 97;
}
// An owned element's value for reduce_shadow max / min (the shadows' range).
static double oval(const int *g, int round) {
  return 0.5 + 1 + (13 * g[0] + 7 * g[1] + 3 * g[2] + 5 * round) % 97;
}

// This rank's piece: per dimension the owned global lo and count, box
// extents; 0 when it owns nothing in some dimension.
struct Piece {
  int lo[3], n[3], e[3];
};

static int pieceOf(const struct Arr *a, int r, struct Piece *pc) {
  int shape[3];
  dims(P, a->ngrid, shape);
  int coord[3], rest = r;
  for (int ax = a->ngrid - 1; ax >= 0; --ax) {
    coord[ax] = rest % shape[ax];
    rest /= shape[ax];
  }
  for (int d = 0; d < 3; ++d) {
    if (a->axis[d] < 0) {
      pc->lo[d] = 0;
      pc->n[d] = a->m[d];
    } else {
      int p = shape[a->axis[d]], c = coord[a->axis[d]];
      int chunk = (a->m[d] + p - 1) / p;
      int lo = c * chunk < a->m[d] ? c * chunk : a->m[d];
      int hi = lo + chunk < a->m[d] ? lo + chunk : a->m[d];
      pc->lo[d] = lo;
      pc->n[d] = hi - lo;
    }
    if (pc->n[d] == 0)
      return 0;
    pc->e[d] = a->slo[d] + pc->n[d] + a->shi[d];
  }
  return 1;
}

// Box element i of a piece: its global index (wrapped where periodic) and
// per dimension 0 owned, 1 in the reflected halo, 2 neither. Returns the
// number of dimensions in the halo, -1 if one is neither.
static int classify(const struct Arr *a, const struct Piece *pc, const int *i,
                    int *g) {
  int halos = 0;
  for (int d = 0; d < 3; ++d) {
    int x = pc->lo[d] - a->slo[d] + i[d];
    int owned = x >= pc->lo[d] && x < pc->lo[d] + pc->n[d];
    if (owned) {
      g[d] = x;
      continue;
    }
    int inWidth = (x >= pc->lo[d] - a->wlo[d] && x < pc->lo[d]) ||
                  (x >= pc->lo[d] + pc->n[d] &&
                   x < pc->lo[d] + pc->n[d] + a->whi[d]);
    if (!inWidth)
      return -1;
    if (x < 0 || x >= a->m[d]) {
      if (!a->per[d])
        return -1;
      x = ((x % a->m[d]) + a->m[d]) % a->m[d];
    }
    g[d] = x;
    ++halos;
  }
  return halos;
}

// Calls visit(ctx, rank, k, halos, g) for every element k (row-major) of
// the box of every rank that owns something: halos as classify returns it,
// g the global index of the element it copies (halos >= 0).
typedef void Visit(void *ctx, int r, int k, int halos, const int *g);
static void forEachElement(const struct Arr *a, Visit *visit, void *ctx) {
  for (int r = 0; r < P; ++r) {
    struct Piece pc;
    if (!pieceOf(a, r, &pc))
      continue;
    int i[3], k = 0, g[3];
    for (i[0] = 0; i[0] < pc.e[0]; ++i[0])
      for (i[1] = 0; i[1] < pc.e[1]; ++i[1])
        for (i[2] = 0; i[2] < pc.e[2]; ++i[2], ++k)
          visit(ctx, r, k, classify(a, &pc, i, g), g);
  }
}

struct Dump {
  const struct Arr *a;
  int tag, maxHalo, round;
  double *sum; // reduce_shadow: per global element, the copies' sum
  int op;      // 0 sum, 1 max, 2 min
};

static int flat(const struct Arr *a, const int *g) {
  return (g[0] * a->m[1] + g[1]) * a->m[2] + g[2];
}

// A reflect (maxHalo 3) or an orthogonal one (maxHalo 1).
static void reflected(void *ctx, int r, int k, int h, const int *g) {
  struct Dump *d = ctx;
  double v = h >= 0 && h <= d->maxHalo ? val(g, d->round) : -1.0;
  pr((long)d->tag * 10000 + r * L + k, v);
}

static void reflectDump(int tag, const struct Arr *a, int maxHalo,
                        int round) {
  struct Dump d = {a, tag, maxHalo, round, NULL, 0};
  forEachElement(a, reflected, &d);
}

static void addCopy(void *ctx, int r, int k, int h, const int *g) {
  struct Dump *d = ctx;
  if (h >= 1)
    d->sum[flat(d->a, g)] += hval(r, k, d->round);
}

static void reduced(void *ctx, int r, int k, int h, const int *g) {
  struct Dump *d = ctx;
  double v = h == 0 ? val(g, d->round) + d->sum[flat(d->a, g)]
                    : hval(r, k, d->round);
  pr((long)d->tag * 10000 + r * L + k, v);
}

static void reduceDump(int tag, const struct Arr *a, int round) {
  struct Dump d = {a, tag, 3, round,
                   calloc(a->m[0] * a->m[1] * a->m[2], sizeof(double)), 0};
  forEachElement(a, addCopy, &d);
  forEachElement(a, reduced, &d);
  free(d.sum);
}
// reduce_shadow max (op 1) / min (op 2): the owners start at oval.
static void orderCopy(void *ctx, int r, int k, int h, const int *g) {
  struct Dump *d = ctx;
  if (h < 1)
    return;
  double *x = &d->sum[flat(d->a, g)], y = hval(r, k, d->round);
  if (d->op == 1 ? y > *x : y < *x)
    *x = y;
}
static void ordered(void *ctx, int r, int k, int h, const int *g) {
  struct Dump *d = ctx;
  double v = hval(r, k, d->round);
  if (h == 0) {
    double o = oval(g, d->round), c = d->sum[flat(d->a, g)];
    v = (d->op == 1 ? c > o : c < o) ? c : o;
  }
  pr((long)d->tag * 10000 + r * L + k, v);
}
static void orderDump(int tag, const struct Arr *a, int round, int op) {
  int n = a->m[0] * a->m[1] * a->m[2];
  struct Dump d = {a, tag, 3, round, malloc(n * sizeof(double)), op};
  for (int i = 0; i < n; ++i)
    d.sum[i] = op == 1 ? -1e300 : 1e300;
  forEachElement(a, orderCopy, &d);
  forEachElement(a, ordered, &d);
  free(d.sum);
}

int main(int argc, char **argv) {
  P = argc > 1 ? atoi(argv[1]) : 1;
  if (P < 1 || P > MAXR) {
    fprintf(stderr, "shadow_ops_ref: 1 to %d ranks\n", MAXR);
    return 1;
  }
  int s2[2], s3[3];
  dims(P, 2, s2);
  dims(P, 3, s3);
  pr(9001, P);
  pr(9002, s2[0]);
  pr(9003, s2[1]);
  pr(9004, s3[0]);
  pr(9005, s3[1]);
  pr(9006, s3[2]);
  // !a1: 10 on @g1, shadow [2:1]; !a1n: shadow [1:2]; !a2: 9x7 on @g2,
  // shadow [2:1, 1:2]; !a2t: 10x11 with dim 0 on grid axis 1, dim 1 on
  // axis 0, shadow [1:1, 1:1]; !a3: 7x6x5 on @g3, shadow [1:1, 2:1, 1:1].
  struct Arr a1 = {1, {1, 1, 10}, {-1, -1, 0}, {0, 0, 2}, {0, 0, 1},
                   {0, 0, 2}, {0, 0, 1}, {0, 0, 1}};
  struct Arr a2 = {2, {1, 9, 7}, {-1, 0, 1}, {0, 2, 1}, {0, 1, 2},
                   {0, 2, 1}, {0, 1, 2}, {0, 1, 0}};
  struct Arr a2t = {2, {1, 10, 11}, {-1, 1, 0}, {0, 1, 1}, {0, 1, 1},
                    {0, 1, 1}, {0, 0, 1}, {0, 0, 0}};
  struct Arr a3 = {3, {7, 6, 5}, {0, 1, 2}, {1, 2, 1}, {1, 1, 1},
                   {1, 2, 1}, {1, 1, 1}, {1, 1, 0}};
  // Orthogonal and plain reflects.
  reflectDump(10, &a1, 1, 0);
  reflectDump(11, &a1, 3, 0);
  reflectDump(12, &a1, 1, 1);
  reflectDump(13, &a2, 1, 0);
  reflectDump(14, &a2, 3, 0);
  reflectDump(15, &a2t, 1, 0);
  reflectDump(16, &a2t, 3, 0);
  reflectDump(17, &a3, 1, 0);
  reflectDump(18, &a3, 3, 0);
  reflectDump(19, &a3, 1, 1);
  // reduce_shadow.
  reduceDump(20, &a1, 0);
  reduceDump(21, &a1, 1);
  struct Arr a1n = {1, {1, 1, 10}, {-1, -1, 0}, {0, 0, 1}, {0, 0, 2},
                    {0, 0, 1}, {0, 0, 2}, {0, 0, 0}};
  reduceDump(22, &a1n, 0);
  reduceDump(23, &a2, 0);
  reduceDump(24, &a2, 1);
  struct Arr a2tr = a2t;
  a2tr.wlo[1] = 1, a2tr.whi[1] = 0, a2tr.wlo[2] = 1, a2tr.whi[2] = 1;
  a2tr.per[1] = 0, a2tr.per[2] = 1;
  reduceDump(25, &a2tr, 0);
  struct Arr a3r = a3;
  a3r.wlo[0] = 1, a3r.whi[0] = 1, a3r.wlo[1] = 1, a3r.whi[1] = 1;
  a3r.wlo[2] = 1, a3r.whi[2] = 0;
  a3r.per[0] = 1, a3r.per[1] = 0, a3r.per[2] = 1;
  reduceDump(26, &a3r, 0);
  reduceDump(27, &a3r, 1);
  // reduce_shadow max and min.
  orderDump(28, &a2, 0, 1);
  orderDump(29, &a2, 1, 2);
  orderDump(30, &a3r, 0, 1);
  orderDump(31, &a1, 0, 2);
  return 0;
}
