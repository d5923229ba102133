//===- IndexMath.h - distribution index math as IR ---------------*- C++ -*-===//
//
// The formulas of xmprt/Distribution.h that the lowering evaluates at run
// time, written once as IR builders. Each function names the constexpr
// function it mirrors; test/Unit/IndexMathTest.cpp folds the IR they build
// from constants over a sweep and compares with that function, so the
// generated code and the runtime cannot drift apart. Passes build index
// math with these, not with arith ops of their own.
//
// All values are `index`; steps, widths and periods are >= 1.
//
//===----------------------------------------------------------------------===//
#ifndef XMP_DIALECT_XMP_TRANSFORMS_INDEXMATH_H
#define XMP_DIALECT_XMP_TRANSFORMS_INDEXMATH_H

#include "mlir/IR/Builders.h"

namespace mlir::xmp::indexmath {

/// The first point of the lattice start + k*step (k >= 0) that is >= x:
/// start + ceilDiv(max(x - start, 0), step) * step. Mirrors
/// dist::latticeCeil.
Value latticeCeil(OpBuilder &b, Location loc, Value x, Value start,
                  Value step);

/// The first point of the whole lattice origin + k*step (any integer k)
/// that is >= x: origin + ceilDiv(x - origin, step) * step. Mirrors
/// dist::latticeAtOrAbove.
Value latticeAtOrAbove(OpBuilder &b, Location loc, Value x, Value origin,
                       Value step);

/// Iterations of `for (i = lb; i < ub; i += step)`:
/// max(ceilDiv(ub - lb, step), 0). Mirrors dist::tripCount.
Value tripCount(OpBuilder &b, Location loc, Value lb, Value ub, Value step);

/// max(min(v, hi), lo), lo <= hi. Mirrors dist::clamp.
Value clamp(OpBuilder &b, Location loc, Value v, Value lo, Value hi);

/// Cyclic(w) over p coordinates, period = w * p: the indices in [0, t)
/// (t >= 0) owned by `coord`: (t / period) * w + clamp(t % period -
/// coord * w, 0, w). Mirrors dist::ownedBelow of a cyclic dimension.
Value cyclicOwnedBelow(OpBuilder &b, Location loc, Value t, int64_t w,
                       Value period, Value coord);

/// Cyclic(w), period = w * p: the local index of template index t >= 0 on
/// its owner: (t / period) * w + t % w. Mirrors dist::globalToLocal of a
/// cyclic dimension.
Value cyclicLocalIndex(OpBuilder &b, Location loc, Value t, int64_t w,
                       Value period);

} // namespace mlir::xmp::indexmath

#endif
