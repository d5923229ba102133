//===- GMoveSection.h - sections and holders shared by the gmoves -*- C++ -*-===//
//
// What the collective gmove (GMove.cpp) and the one-sided one
// (GMoveOneSided.cpp) both need: a checked triplet section of an array and
// whether this rank holds a global index of one of its dimensions.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_GMOVESECTION_H
#define XMPRT_GMOVESECTION_H

#include "Internal.h"

#include <vector>

namespace xmprt {
namespace gmove {

/// A section `lb:ub:step` per dimension, as counts of indices.
struct Sec {
  std::vector<int64_t> lb, step, count;
};

/// Section `sec` (3 values per dimension, half-open) of `a`, checked: a
/// positive step, in bounds unless empty. Errors name `fn` and `what`.
inline Sec checkSection(const xmprt_darray *a, const int64_t *sec,
                        const char *fn, const char *what) {
  XMPRT_CHECK(sec, fn, "%s section is NULL", what);
  Sec s;
  for (int32_t d = 0; d < a->rank; ++d) {
    int64_t lb = sec[3 * d], ub = sec[3 * d + 1], st = sec[3 * d + 2];
    int64_t m = a->dims[d].m;
    XMPRT_CHECK(st > 0, fn, "%s dim %d: step %lld must be positive", what, d,
                (long long)st);
    // lb >= 0 first: then ub - lb and the last index cannot wrap.
    int64_t cnt = ub > lb && lb >= 0 ? dist::ceilDiv(ub - lb, st) : 0;
    XMPRT_CHECK(ub <= lb || (lb >= 0 && lb + (cnt - 1) * st < m), fn,
                "%s dim %d: section %lld:%lld:%lld out of bounds [0,%lld)",
                what, d, (long long)lb, (long long)ub, (long long)st,
                (long long)m);
    s.lb.push_back(lb);
    s.step.push_back(st);
    s.count.push_back(cnt);
  }
  return s;
}

/// Whether this rank holds global index g of dim d of `a` (a local array:
/// every element; a darray: the owner along distributed dims, everybody
/// along the others and full shadows; nothing outside the grid).
inline bool holds(const xmprt_darray *a, int32_t d, int64_t g) {
  if (a->local)
    return true;
  if (!a->inGrid())
    return false;
  const dist::ArrayDim &ad = a->dims[d];
  if (a->axis[d] < 0 || ad.fullShadow)
    return true;
  return dist::arrayOwner(ad, g) == a->coord[d];
}

} // namespace gmove
} // namespace xmprt

#endif // XMPRT_GMOVESECTION_H
