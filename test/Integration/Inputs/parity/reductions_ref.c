// Sequential reference of reductions.mlir: the same contributions reduced
// in order, narrow integers wrapping (two's complement), i1 as a truth
// value; the results the program prints (want()), keyed alike.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// Which results the program computes: tmpl 0 is the cyclic(2) template
// (every kind of every type; the empty range for some), tmpl 1 the block
// template of 3. type: f64, f32, i64, i32, i16, i8 (0-5), 7 for i1; kind:
// add, mul, max, min, and, or (0-5); variant: numeric 0 = the range, 1 =
// empty; i1 0 = i mod 3 == 0, 1 = all true, 2 = all false, 3 = empty, 4 =
// negated inits.
static int want(int tmpl, int type, int variant, int kind) {
  static const char *names[] = {"add", "mul", "max", "min", "and", "or"};
  const char *k = names[kind];
  int maxmin = !strcmp(k, "max") || !strcmp(k, "min");
  if (tmpl == 0) {
    if (type == 7)
      return 1;
    if (variant == 0)
      return 1;
    return type == 0 || type == 5 || ((type == 4 || type == 3) && maxmin);
  }
  if (type == 7)
    return variant <= 1 && kind != 1 && kind <= 3;
  if (variant != 0)
    return 0;
  switch (type) {
  case 0: return !strcmp(k, "add") || !strcmp(k, "max");
  case 2: return !strcmp(k, "min");
  case 3: case 4: case 5: return maxmin;
  default: return 0;
  }
}

static int gTmpl, gType, gVariant;
static void pr(long tag, double v) {
  if (want(gTmpl, gType, gVariant, (int)(tag % 10)))
    printf("XMP-RESULT value%ld %.17g\n", tag, v);
}

// Wraps a 64-bit value to `bits` bits, sign-extended.
static int64_t wrap(uint64_t v, int bits) {
  if (bits == 64)
    return (int64_t)v;
  uint64_t m = (1ull << bits) - 1, s = 1ull << (bits - 1);
  v &= m;
  return (int64_t)(v ^ s) - (int64_t)s;
}

static void floats(int tag0, int lb, int ub, int single) {
  gType = single;
  for (int which = 0; which < 2; ++which) {
    gVariant = which;
    double add = 0.25, mul = 1.5, mx = -100, mn = 100;
    float fadd = 0.25f, fmul = 1.5f, fmx = -100, fmn = 100;
    int from = which ? 5 : lb, to = which ? 5 : ub;
    for (int i = from; i < to; ++i) {
      double p = (i % 3 == 0 ? 0.5 : i % 3 == 1 ? 1 : 2) * (i % 5 == 0 ? -1 : 1);
      double a = i % 7 - 3.25, x = -(i % 7) - 1.5, n = i % 5 + 0.75;
      add += a, mul *= p, mx = x > mx ? x : mx, mn = n < mn ? n : mn;
      fadd += (float)a, fmul *= (float)p;
      fmx = (float)x > fmx ? (float)x : fmx, fmn = (float)n < fmn ? (float)n : fmn;
    }
    int t = tag0 + 10 * which;
    if (single) {
      pr(t, fadd), pr(t + 1, fmul), pr(t + 2, fmx), pr(t + 3, fmn);
    } else {
      pr(t, add), pr(t + 1, mul), pr(t + 2, mx), pr(t + 3, mn);
    }
  }
}

static void ints(int tag0, int lb, int ub, int bits) {
  int64_t k = bits == 64 ? 1000003 : bits == 32 ? 100000007 : bits == 16 ? 3001 : 50;
  int64_t lo = bits >= 32 ? -1000000 : bits == 16 ? -30000 : -120;
  int b = bits < 50 ? bits : 50;
  gType = bits == 64 ? 2 : bits == 32 ? 3 : bits == 16 ? 4 : 5;
  for (int which = 0; which < 2; ++which) {
    gVariant = which;
    uint64_t add = 5, mul = 3;
    int64_t mx = lo, mn = -lo;
    uint64_t and_ = (uint64_t)(-1 - (1 << 3)), or_ = 1 << 2;
    int from = which ? 5 : lb, to = which ? 5 : ub;
    for (int i = from; i < to; ++i) {
      int64_t o = 2 * (i % 3) + 1;
      add += (uint64_t)wrap((uint64_t)i * k + 3, bits);
      mul *= (uint64_t)wrap((uint64_t)(i % 5 == 0 ? -o : o), bits);
      int64_t x = -(i % 7) - 1, n = i % 5 + 1;
      mx = x > mx ? x : mx, mn = n < mn ? n : mn;
      uint64_t bit = 1ull << (i % b);
      and_ &= ~bit, or_ |= bit;
    }
    int t = tag0 + 10 * which;
    pr(t, (double)wrap(add, bits));
    pr(t + 1, (double)wrap(mul, bits));
    pr(t + 2, (double)mx);
    pr(t + 3, (double)mn);
    pr(t + 4, (double)wrap(and_, bits));
    pr(t + 5, (double)wrap(or_, bits));
  }
}

static void bools(int tag0, int lb, int ub) {
  // values: i mod 3 == 0, all true, all false, (empty range), i mod 3 == 0
  // with the inits negated
  gType = 7;
  for (int which = 0; which < 5; ++which) {
    gVariant = which;
    int inv = which == 4;
    int add = inv, mul = !inv, mx = inv, mn = !inv, and_ = !inv, or_ = inv;
    int from = which == 3 ? 5 : lb, to = which == 3 ? 5 : ub;
    for (int i = from; i < to; ++i) {
      int v = which == 1 ? 1 : which == 2 ? 0 : i % 3 == 0;
      add ^= v, mul &= v, mx |= v, mn &= v, and_ &= v, or_ |= v;
    }
    int t = tag0 + 10 * which;
    pr(t, add), pr(t + 1, mul), pr(t + 2, mx), pr(t + 3, mn), pr(t + 4, and_),
        pr(t + 5, or_);
  }
}

int main(void) {
  // cyclic(2) template of 37, i in [1, 36); block template of 3, i in [0, 3)
  const int lbs[] = {1, 0}, ubs[] = {36, 3};
  for (int ti = 0; ti < 2; ++ti) {
    int base = 1000 * (ti + 1);
    gTmpl = ti;
    floats(base, lbs[ti], ubs[ti], 0);
    floats(base + 100, lbs[ti], ubs[ti], 1);
    ints(base + 200, lbs[ti], ubs[ti], 64);
    ints(base + 300, lbs[ti], ubs[ti], 32);
    ints(base + 400, lbs[ti], ubs[ti], 16);
    ints(base + 500, lbs[ti], ubs[ti], 8);
    bools(base + 700, lbs[ti], ubs[ti]);
  }
  return 0;
}
