//===- Distribution.h - index math of XMP distributions (header-only) ------===//
//
// Pure C++17, no MPI, no allocation, constexpr. The compiler includes this
// header to fold static cases and the runtime uses it for every index
// computation, so the two can never disagree.
//
// One template dimension is described by TemplateDim {kind, n, p, w, gblock}:
//   n = template size, p = size of the grid axis it is distributed over
//   (ignored for None, which behaves as p = 1), w = cyclic width,
//   gblock = pointer to p piece sizes (GBlock only).
//
// Formulas (c = coordinate on the grid axis, 0 <= c < p):
//   None    : every coordinate owns [0, n).
//   Block   : b = ceil(n / p); c owns [min(c*b, n), min((c+1)*b, n)).
//             The last pieces may be shorter or EMPTY (n=5, p=4: 2,2,1,0).
//   GBlock  : c owns [sum_{k<c} gblock[k], sum_{k<=c} gblock[k]).
//   Cyclic(w): g is owned by (g / w) % p; local index
//             l = (g / (w*p)) * w + g % w; inverse g = (l/w)*w*p + c*w + l%w.
//   ownedBelow(c, t) = number of indices in [0, t) owned by c; it gives the
//   local size (t = n), the first local index of a loop (t = lb) and the
//   local index of the array start for offset alignments, for every kind.
//
// Array dimension aligned to template dimension (a[i] sits on t(i + o)),
// array size m, shadow widths sl/sh (or full shadow):
//   owned count(c)  = ownedBelow(c, o + m) - ownedBelow(c, o)
//   owned range(c)  = [clamp(lo_t(c) - o, 0, m), clamp(hi_t(c) - o, 0, m))
//                     for block-like kinds (None, Block, GBlock)
//   extent          = max_c owned count(c) + sl + sh   (same on all ranks)
//                     full shadow: extent = m
//                     the last dimension of rank >= 2: rowPitch(extent)
//   global -> local = g - owned_lo(c) + sl             (block-like)
//                   = ownedBelow(c, g+o) - ownedBelow(c, o) + sl (cyclic)
//                   = g                                 (full shadow)
// A dimension that is not aligned holds the whole dimension:
//   extent = m + sl + sh, local = g + sl.
//
// Sizes: every formula is free of signed overflow for all valid inputs up
// to INT64_MAX (n >= 0, p >= 1, w >= 1, 0 <= c < p, 0 <= o, o + m <= n,
// gblock sizes summing to n): products that may leave 64 bits saturate or
// take their meaning (a cycle w * p longer than any index has one block
// per coordinate). Extents and byte sizes that do not fit are the callers'
// errors (the verifier, xmprt_darray_create). maxLocalSize and
// arrayMaxOwnedCount are closed forms (a few coordinates are candidates),
// so a grid of 2^31 ranks costs nothing.
//
// Loops `for (g = lb; g < ub; g += s)` (s > 0) restricted to coordinate c
// (localLoop): block-like kinds give global bounds; cyclic gives LOCAL
// bounds (map with localToGlobal). For cyclic(w>1) with s>1 the local
// indices are not an arithmetic progression: the result is the covering
// local range with step 1 and exact == false (the caller must test
// (localToGlobal(l) - lb) % s == 0).
//===----------------------------------------------------------------------===//
#ifndef XMPRT_DISTRIBUTION_H
#define XMPRT_DISTRIBUTION_H

#include <cstdint>

namespace xmprt {
namespace dist {

// BlockN: block(w), blocks of w elements (w * p >= n).
enum class Kind : int32_t { None = 0, Block = 1, Cyclic = 2, GBlock = 3, BlockN = 4 };

struct Range {
  int64_t lo = 0, hi = 0;
  constexpr int64_t size() const { return hi > lo ? hi - lo : 0; }
  constexpr bool empty() const { return hi <= lo; }
};

struct Loop {
  int64_t start = 0, end = 0, step = 1;
  bool exact = true; // false: covering range, filter by step needed
};

struct TemplateDim {
  Kind kind = Kind::None;
  int64_t n = 0;
  int64_t p = 1;
  int64_t w = 1;
  const int64_t *gblock = nullptr;
};

struct ArrayDim {
  TemplateDim t;          // the template dimension it follows
  bool aligned = false;   // false: holds the whole dimension
  int64_t offset = 0;     // a[i] on t(i + offset)
  int64_t m = 0;          // array size
  int64_t shadowLo = 0, shadowHi = 0;
  bool fullShadow = false;
};

//--- integer helpers --------------------------------------------------------
// Floor/ceil division and modulo for any b != 0 (not INT64_MIN / -1).
constexpr int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}
constexpr int64_t ceilDiv(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return (r != 0 && ((r > 0) == (b > 0))) ? q + 1 : q;
}
constexpr int64_t floorMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
constexpr int64_t clamp(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}
constexpr int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
constexpr int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
// The first point of start + k*step (k >= 0, step >= 1) that is >= x.
constexpr int64_t latticeCeil(int64_t x, int64_t start, int64_t step) {
  return start + ceilDiv(max64(x - start, 0), step) * step;
}
// The first point of origin + k*step (any integer k, step >= 1) >= x.
constexpr int64_t latticeAtOrAbove(int64_t x, int64_t origin, int64_t step) {
  return origin + ceilDiv(x - origin, step) * step;
}
// Iterations of `for (i = lb; i < ub; i += step)`, step >= 1.
constexpr int64_t tripCount(int64_t lb, int64_t ub, int64_t step) {
  return max64(ceilDiv(ub - lb, step), 0);
}
constexpr int64_t kMax64 = INT64_MAX;
// a * b and a + b clamped to [INT64_MIN, INT64_MAX].
constexpr int64_t satMul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (!__builtin_mul_overflow(a, b, &r))
    return r;
  return ((a < 0) != (b < 0)) ? INT64_MIN : kMax64;
}
constexpr int64_t satAdd(int64_t a, int64_t b) {
  int64_t r = 0;
  if (!__builtin_add_overflow(a, b, &r))
    return r;
  return a < 0 ? INT64_MIN : kMax64;
}
// (a * b) mod m for 0 <= a, b < m (the product may need 127 bits).
constexpr int64_t mulMod(int64_t a, int64_t b, int64_t m) {
  return (int64_t)((__int128)a * b % m);
}
constexpr int64_t gcd(int64_t a, int64_t b) {
  while (b != 0) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}
// Inverse of a modulo m (gcd(a, m) == 1, m >= 1).
constexpr int64_t modInverse(int64_t a, int64_t m) {
  if (m == 1)
    return 0;
  int64_t r0 = m, r1 = floorMod(a, m), s0 = 0, s1 = 1;
  while (r1 != 0) {
    int64_t q = r0 / r1, t = r0 - q * r1;
    r0 = r1;
    r1 = t;
    t = s0 - q * s1;
    s0 = s1;
    s1 = t;
  }
  return floorMod(s0, m);
}

//--- one template dimension ---------------------------------------------------
constexpr int64_t parts(const TemplateDim &d) {
  return d.kind == Kind::None ? 1 : d.p;
}
constexpr bool isBlockLike(const TemplateDim &d) {
  return d.kind != Kind::Cyclic;
}
constexpr int64_t blockWidth(const TemplateDim &d) {
  if (d.kind == Kind::BlockN)
    return d.w;
  return d.p > 0 ? ceilDiv(d.n, d.p) : d.n;
}

// Owned template range of coordinate c (block-like kinds; {0,0} for cyclic).
constexpr Range owned(const TemplateDim &d, int64_t c) {
  switch (d.kind) {
  case Kind::None:
    return {0, d.n};
  case Kind::Block:
  case Kind::BlockN: {
    int64_t b = blockWidth(d);
    return {min64(satMul(c, b), d.n), min64(satMul(c + 1, b), d.n)};
  }
  case Kind::GBlock: {
    int64_t lo = 0;
    for (int64_t k = 0; k < c; ++k)
      lo += d.gblock[k];
    return {lo, lo + d.gblock[c]};
  }
  case Kind::Cyclic:
    break;
  }
  return {0, 0};
}

// Coordinate owning template index g (0 <= g < n).
constexpr int64_t owner(const TemplateDim &d, int64_t g) {
  switch (d.kind) {
  case Kind::None:
    return 0;
  case Kind::Block:
  case Kind::BlockN:
    return g / blockWidth(d);
  case Kind::Cyclic:
    return (g / d.w) % d.p;
  case Kind::GBlock: {
    int64_t acc = 0;
    for (int64_t k = 0; k < d.p; ++k) {
      acc += d.gblock[k];
      if (g < acc)
        return k;
    }
    return d.p - 1;
  }
  }
  return 0;
}

// Length w * p of one cyclic round; kMax64 when it does not fit (then no
// index reaches the second round: each coordinate has at most one block).
constexpr int64_t cycleLength(const TemplateDim &d) {
  return satMul(d.w, d.p);
}

// Number of template indices in [0, t) owned by c (t is clamped to [0, n]).
constexpr int64_t ownedBelow(const TemplateDim &d, int64_t c, int64_t t) {
  t = clamp(t, 0, d.n);
  if (d.kind == Kind::Cyclic) {
    int64_t cyc = cycleLength(d);
    if (cyc == kMax64) // c's only block starts at c * w (maybe past t)
      return clamp(t - min64(satMul(c, d.w), t), 0, d.w);
    return (t / cyc) * d.w + clamp(t % cyc - c * d.w, 0, d.w);
  }
  Range r = owned(d, c);
  return clamp(t, r.lo, max64(r.lo, r.hi)) - r.lo;
}

constexpr int64_t localSize(const TemplateDim &d, int64_t c) {
  return ownedBelow(d, c, d.n);
}

// Local index of g on its owner.
constexpr int64_t globalToLocal(const TemplateDim &d, int64_t g) {
  if (d.kind == Kind::Cyclic) {
    int64_t cyc = cycleLength(d);
    return (cyc == kMax64 ? 0 : (g / cyc) * d.w) + g % d.w;
  }
  return g - owned(d, owner(d, g)).lo;
}

// Global index of local index l of coordinate c (saturates for an l that
// c does not hold).
constexpr int64_t localToGlobal(const TemplateDim &d, int64_t c, int64_t l) {
  if (d.kind == Kind::Cyclic)
    return satAdd(satAdd(satMul(l / d.w, cycleLength(d)), satMul(c, d.w)),
                  l % d.w);
  return satAdd(owned(d, c).lo, l);
}

// `for (g = lb; g < ub; g += s)`, s > 0, restricted to coordinate c.
constexpr Loop localLoop(const TemplateDim &d, int64_t c, int64_t lb,
                         int64_t ub, int64_t s) {
  if (d.kind != Kind::Cyclic) {
    Range r = owned(d, c);
    int64_t start = lb;
    if (r.lo > lb)
      start = satAdd(lb, satMul(ceilDiv(r.lo - lb, s), s));
    int64_t end = min64(ub, r.hi);
    return {start, max64(start, end), s, true};
  }
  int64_t lmin = ownedBelow(d, c, lb);
  int64_t lend = max64(lmin, ownedBelow(d, c, ub));
  if (s == 1)
    return {lmin, lend, 1, true};
  if (d.w == 1) {
    // l*p + c == lb (mod s)  <=>  l*(p/g) == (lb-c)/g (mod s/g)
    int64_t g = gcd(d.p, s);
    int64_t diff = floorMod(lb - c, s);
    if (diff % g != 0)
      return {lmin, lmin, 1, true};
    int64_t sp = s / g;
    int64_t l0 = mulMod(diff / g, modInverse((d.p / g) % sp, sp), sp);
    int64_t first = lmin + floorMod(l0 - lmin, sp);
    return {first, max64(first, lend), sp, true};
  }
  return {lmin, lend, 1, false};
}

//--- array dimension ----------------------------------------------------------
// Number of array indices in [0, i) owned by coordinate c.
constexpr int64_t arrayOwnedBelow(const ArrayDim &a, int64_t c, int64_t i) {
  if (!a.aligned)
    return clamp(i, 0, a.m);
  i = clamp(i, 0, a.m);
  return ownedBelow(a.t, c, satAdd(i, a.offset)) -
         ownedBelow(a.t, c, a.offset);
}

constexpr int64_t arrayOwnedCount(const ArrayDim &a, int64_t c) {
  return arrayOwnedBelow(a, c, a.m);
}

// Owned array range (block-like or not aligned).
constexpr Range arrayOwned(const ArrayDim &a, int64_t c) {
  if (!a.aligned)
    return {0, a.m};
  Range r = owned(a.t, c);
  return {clamp(r.lo - a.offset, 0, a.m), clamp(r.hi - a.offset, 0, a.m)};
}

constexpr int64_t arrayOwner(const ArrayDim &a, int64_t i) {
  return a.aligned ? owner(a.t, i + a.offset) : 0;
}

constexpr int64_t arrayParts(const ArrayDim &a) {
  return a.aligned ? parts(a.t) : 1;
}

// Largest owned count over all coordinates, in closed form: as a function
// of c the count is constant between a few breakpoints, so only they are
// evaluated (gblock: its p listed sizes).
//   block-like: the owners of the first and last element and the one after
//     the first (a whole block when the range spans three);
//   cyclic: count(c) = const + f(c, (o+m) mod wp) - f(c, o mod wp) with
//     f(c, r) = clamp(r - c w, 0, w), which changes only at c = r / w: the
//     candidates are 0, k and k + 1 for both breakpoints k.
constexpr int64_t arrayMaxOwnedCount(const ArrayDim &a) {
  int64_t P = arrayParts(a);
  if (!a.aligned || a.t.kind == Kind::None || a.m == 0)
    return arrayOwnedCount(a, 0);
  int64_t best = 0;
  if (a.t.kind == Kind::GBlock) {
    for (int64_t c = 0; c < P; ++c)
      best = max64(best, arrayOwnedCount(a, c));
    return best;
  }
  int64_t o = a.offset, e = satAdd(a.offset, a.m); // [o, e) on the template
  int64_t cand[6] = {0, 0, 0, 0, 0, 0};
  if (a.t.kind == Kind::Block || a.t.kind == Kind::BlockN) {
    int64_t b = blockWidth(a.t);
    cand[0] = o / b;
    cand[1] = o / b + 1;
    cand[2] = (e - 1) / b;
  } else {
    int64_t cyc = cycleLength(a.t);
    int64_t k1 = (cyc == kMax64 ? o : o % cyc) / a.t.w;
    int64_t k2 = (cyc == kMax64 ? e : e % cyc) / a.t.w;
    cand[1] = k1;
    cand[2] = satAdd(k1, 1);
    cand[3] = k2;
    cand[4] = satAdd(k2, 1);
  }
  for (int64_t c : cand)
    if (c >= 0 && c < P)
      best = max64(best, arrayOwnedCount(a, c));
  return best;
}

constexpr int64_t maxLocalSize(const TemplateDim &d) {
  ArrayDim a;
  a.t = d;
  a.aligned = true;
  a.m = d.n;
  return arrayMaxOwnedCount(a);
}

// Uniform allocated extent (the same on every coordinate); kMax64 when
// the shadows take it past 64 bits.
constexpr int64_t arrayExtent(const ArrayDim &a) {
  if (a.fullShadow)
    return a.m;
  return satAdd(satAdd(arrayMaxOwnedCount(a), a.shadowLo), a.shadowHi);
}

// Row pitch: the allocated extent of the last dimension of an array of
// rank >= 2. Rows of kRowPadMin elements or more are padded to a multiple
// of kRowSpan elements, so that every row starts at the same offset modulo
// a warp's span (32 elements: 256 bytes of f64) and a GPU kernel can
// start every row's warps on whole memory segments (xmp-to-gpu align-rows,
// docs/runtime.md "Allocation layout"). The padding is at most
// kRowSpan - 1 elements (under 3%); nothing reads or writes it except
// whole-block copies. Shorter rows and 1-D arrays keep their extent.
constexpr int64_t kRowPadMin = 1024;
constexpr int64_t kRowSpan = 32;
constexpr int64_t rowPitch(int64_t extent) {
  if (extent < kRowPadMin || extent > kMax64 - kRowSpan)
    return extent;
  return (extent + kRowSpan - 1) / kRowSpan * kRowSpan;
}

// Local index, in the block of coordinate c, of array index i. For
// block-like kinds i may lie in c's shadow as well.
constexpr int64_t arrayGlobalToLocal(const ArrayDim &a, int64_t c, int64_t i) {
  if (a.fullShadow)
    return i;
  if (!a.aligned)
    return i + a.shadowLo;
  if (a.t.kind == Kind::Cyclic)
    return arrayOwnedBelow(a, c, i) + a.shadowLo;
  return i - arrayOwned(a, c).lo + a.shadowLo;
}

// Array index stored at local index l of coordinate c (owned part).
constexpr int64_t arrayLocalToGlobal(const ArrayDim &a, int64_t c, int64_t l) {
  if (a.fullShadow)
    return l;
  if (!a.aligned)
    return l - a.shadowLo;
  if (a.t.kind == Kind::Cyclic) {
    int64_t tl = l - a.shadowLo + ownedBelow(a.t, c, a.offset);
    return localToGlobal(a.t, c, tl) - a.offset;
  }
  return l - a.shadowLo + arrayOwned(a, c).lo;
}

//--- owned iterations of a loop ---------------------------------------------
// sum_{i=0}^{count-1} floor((a*i + b) / m) for count >= 0, m >= 1, a >= 0,
// any b: the Euclid-like reduction, O(log m) steps. 128-bit inside (the
// terms of a loop over 2^62 indices overflow 64 bits on the way).
constexpr __int128 floorSum(int64_t count, int64_t m, int64_t a, int64_t b) {
  int64_t q = floorDiv(b, m);
  __int128 ans = (__int128)count * q;
  __int128 N = count, M = m, A = a, B = b - (__int128)q * m; // 0 <= B < M
  for (;;) {
    if (A >= M) {
      ans += N * (N - 1) / 2 * (A / M);
      A %= M;
    }
    if (B >= M) {
      ans += N * (B / M);
      B %= M;
    }
    __int128 y = A * N + B;
    if (y < M)
      break;
    N = y / M;
    B = y % M;
    __int128 t = M;
    M = A;
    A = t;
  }
  return ans;
}

// The iterations g = lb + k*step (k >= 0, step >= 1) of the loop
// `for (g = lb; g < ub; g += step)` that lie in [0, n) and are owned by
// coordinate c: count() of them and the k-th (0-based, k < count()).
// Block-like kinds in O(1); cyclic(w) counts whole owned blocks with
// floorSum (O(log)) and finds the k-th by bisection over the count. The
// runtime splits device loops between GPU and CPU with it (the k-th owned
// iteration is where the CPU part starts).
struct OwnedIterations {
  TemplateDim d{};
  int64_t c = 0, lb = 0, step = 1;
  int64_t a = 0, b = 0; // candidates [a, b) = [max(lb, 0), min(ub, n))
  int64_t r = 0;        // lb mod step

  constexpr OwnedIterations(const TemplateDim &dim, int64_t coord,
                            int64_t lower, int64_t upper, int64_t stride)
      : d(dim), c(coord), lb(lower), step(stride), a(max64(lower, 0)),
        b(max64(max64(lower, 0), min64(upper, dim.n))),
        r(floorMod(lower, stride)) {}

  // g in [x, y) with g == r (mod step).
  constexpr int64_t inProgression(int64_t x, int64_t y) const {
    if (y <= x)
      return 0;
    return floorDiv(y - 1 - r, step) - floorDiv(x - 1 - r, step);
  }
  // Cyclic: progression indices in [0, x) owned by c, 0 <= x <= n. Whole
  // owned blocks j = q*p + c (covering [j*w, j*w + w)) below x are summed
  // with floorSum, the block x falls into is counted directly.
  constexpr int64_t cyclicBelow(int64_t x) const {
    int64_t w = d.w, p = d.p;
    int64_t full = x / w; // blocks 0 .. full-1 lie below x
    int64_t qs = full > c ? ceilDiv(full - c, p) : 0;
    __int128 cnt = floorSum(qs, step, p * w, c * w + w - 1 - r) -
                   floorSum(qs, step, p * w, c * w - 1 - r);
    if (full % p == c)
      cnt += inProgression(full * w, x);
    return (int64_t)cnt;
  }
  // Owned iterations in [a, x), a <= x <= b.
  constexpr int64_t countBelow(int64_t x) const {
    if (d.kind == Kind::Cyclic)
      return cyclicBelow(x) - cyclicBelow(a);
    Range o = owned(d, c);
    return inProgression(max64(a, o.lo), min64(x, o.hi));
  }
  constexpr int64_t count() const { return countBelow(b); }
  constexpr int64_t kth(int64_t k) const {
    if (d.kind != Kind::Cyclic) {
      int64_t from = max64(a, owned(d, c).lo);
      return lb + ceilDiv(from - lb, step) * step + k * step;
    }
    // Smallest x with k + 1 owned iterations in [a, x + 1).
    int64_t lo = a, hi = b - 1;
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      if (countBelow(mid + 1) >= k + 1)
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  }
};

} // namespace dist
} // namespace xmprt

#endif // XMPRT_DISTRIBUTION_H
