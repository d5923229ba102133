//===- IndexMath.cpp - distribution index math as IR ----------------------===//
//
// See IndexMath.h. Plain arith ops (no folding here: the passes' output
// stays as written, canonicalization folds what is constant).
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/Transforms/IndexMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

static Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value xmp::indexmath::latticeCeil(OpBuilder &b, Location loc, Value x,
                                  Value start, Value step) {
  Value d = arith::MaxSIOp::create(b, loc, arith::SubIOp::create(b, loc, x, start),
                                   cst(b, loc, 0));
  Value n = arith::CeilDivSIOp::create(b, loc, d, step);
  return arith::AddIOp::create(b, loc, start,
                               arith::MulIOp::create(b, loc, n, step));
}

Value xmp::indexmath::latticeAtOrAbove(OpBuilder &b, Location loc, Value x,
                                       Value origin, Value step) {
  Value n = arith::CeilDivSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, x, origin), step);
  return arith::AddIOp::create(b, loc, origin,
                               arith::MulIOp::create(b, loc, n, step));
}

Value xmp::indexmath::tripCount(OpBuilder &b, Location loc, Value lb, Value ub,
                                Value step) {
  Value n = arith::CeilDivSIOp::create(b, loc,
                                       arith::SubIOp::create(b, loc, ub, lb), step);
  return arith::MaxSIOp::create(b, loc, n, cst(b, loc, 0));
}

Value xmp::indexmath::clamp(OpBuilder &b, Location loc, Value v, Value lo,
                            Value hi) {
  return arith::MaxSIOp::create(b, loc, arith::MinSIOp::create(b, loc, v, hi),
                                lo);
}

Value xmp::indexmath::cyclicOwnedBelow(OpBuilder &b, Location loc, Value t,
                                       int64_t w, Value period, Value coord) {
  Value wv = cst(b, loc, w);
  Value full = arith::MulIOp::create(
      b, loc, arith::DivSIOp::create(b, loc, t, period), wv);
  Value rem = arith::SubIOp::create(b, loc,
                                    arith::RemSIOp::create(b, loc, t, period),
                                    arith::MulIOp::create(b, loc, coord, wv));
  return arith::AddIOp::create(b, loc, full,
                               clamp(b, loc, rem, cst(b, loc, 0), wv));
}

Value xmp::indexmath::cyclicLocalIndex(OpBuilder &b, Location loc, Value t,
                                       int64_t w, Value period) {
  Value blocks = arith::MulIOp::create(
      b, loc, arith::DivSIOp::create(b, loc, t, period), cst(b, loc, w));
  if (w == 1)
    return blocks;
  return arith::AddIOp::create(b, loc, blocks,
                               arith::RemSIOp::create(b, loc, t, cst(b, loc, w)));
}
