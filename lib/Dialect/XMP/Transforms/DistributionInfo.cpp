//===- DistributionInfo.cpp - static local layouts of darrays -------------===//
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include "xmprt/Distribution.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::xmp;

DArrayLayout mlir::xmp::computeLayout(Operation *from, DArrayType type) {
  DArrayLayout layout;
  layout.extents = localExtents(from, type);
  layout.memrefType = MemRefType::get(layout.extents, type.getElementType());
  return layout;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

Value mlir::xmp::reductionIdentity(OpBuilder &b, Location loc, ReductionKind kind,
                           Type type) {
  if (auto ft = llvm::dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    llvm::APFloat v(sem);
    switch (kind) {
    case ReductionKind::add:
      v = llvm::APFloat::getZero(sem);
      break;
    case ReductionKind::mul:
      v = llvm::APFloat::getOne(sem);
      break;
    case ReductionKind::max:
      v = llvm::APFloat::getInf(sem, /*Negative=*/true);
      break;
    case ReductionKind::min:
      v = llvm::APFloat::getInf(sem, /*Negative=*/false);
      break;
    default:
      v = llvm::APFloat::getZero(sem);
    }
    return arith::ConstantOp::create(b, loc, ft, b.getFloatAttr(ft, v));
  }
  auto it = llvm::cast<IntegerType>(type);
  unsigned w = it.getWidth();
  llvm::APInt v(w, 0);
  switch (kind) {
  case ReductionKind::add:
  case ReductionKind::bor:
  case ReductionKind::bxor:
    break;
  case ReductionKind::mul:
    v = llvm::APInt(w, 1);
    break;
  case ReductionKind::max:
    v = w == 1 ? llvm::APInt(1, 0) : llvm::APInt::getSignedMinValue(w);
    break;
  case ReductionKind::min:
    v = w == 1 ? llvm::APInt(1, 1) : llvm::APInt::getSignedMaxValue(w);
    break;
  case ReductionKind::band:
    v = llvm::APInt::getAllOnes(w);
    break;
  default: // location kinds: not loop reductions (verifier)
    llvm_unreachable("location reduction kinds have no loop identity");
  }
  return arith::ConstantOp::create(b, loc, it, b.getIntegerAttr(it, v));
}

Value mlir::xmp::reductionCombine(OpBuilder &b, Location loc, ReductionKind kind, Value x,
                     Value y) {
  bool isFloat = llvm::isa<FloatType>(x.getType());
  switch (kind) {
  case ReductionKind::add:
    return isFloat ? (Value)arith::AddFOp::create(b, loc, x, y)
                   : (Value)arith::AddIOp::create(b, loc, x, y);
  case ReductionKind::mul:
    return isFloat ? (Value)arith::MulFOp::create(b, loc, x, y)
                   : (Value)arith::MulIOp::create(b, loc, x, y);
  case ReductionKind::max:
    if (isFloat)
      return arith::MaxNumFOp::create(b, loc, x, y);
    // i1 is a truth value (true > false, as the runtime's byte reduction
    // and the identities say): max is or, min is and. Wider integers are
    // signed.
    if (x.getType().isInteger(1))
      return arith::MaxUIOp::create(b, loc, x, y);
    return arith::MaxSIOp::create(b, loc, x, y);
  case ReductionKind::min:
    if (isFloat)
      return arith::MinNumFOp::create(b, loc, x, y);
    if (x.getType().isInteger(1))
      return arith::MinUIOp::create(b, loc, x, y);
    return arith::MinSIOp::create(b, loc, x, y);
  case ReductionKind::band:
    return arith::AndIOp::create(b, loc, x, y);
  case ReductionKind::bor:
    return arith::OrIOp::create(b, loc, x, y);
  case ReductionKind::bxor:
    return arith::XOrIOp::create(b, loc, x, y);
  default: // location kinds: not loop reductions (verifier)
    llvm_unreachable("location reduction kinds are not combined in loops");
  }
  return x;
}

void mlir::xmp::combineAcrossNodes(OpBuilder &b, Location loc,
                                  Operation *loopOp, DistributeOp dist,
                                  ArrayRef<int64_t> onDims,
                                  ArrayRef<ReductionKind> kinds,
                                  ValueRange inits,
                                  SmallVectorImpl<Value> &results) {
  if (!results.empty()) {
    // Combine across the grid axes the loop is distributed on, then init.
    SmallVector<int64_t> axes;
    for (int64_t td : onDims)
      if (int64_t a = dist.getGridAxis(td); a >= 0)
        axes.push_back(a);
    llvm::sort(axes);
    auto nodes = SymbolTable::lookupNearestSymbolFrom<NodesOp>(
        loopOp, dist.getNodesAttr());
    for (auto [i, r] : llvm::enumerate(results)) {
      Value total = r;
      if (!axes.empty()) {
        auto red = ReductionOp::create(
            b, loc, r.getType(), TypeRange(),
            ReductionKindAttr::get(b.getContext(), kinds[i]), r, ValueRange(),
            dist.getNodesAttr(),
            axes.size() == nodes.getRank() ? DenseI64ArrayAttr()
                                           : b.getDenseI64ArrayAttr(axes),
            UnitAttr());
        total = red.getResult();
      }
      results[i] = reductionCombine(b, loc, kinds[i], inits[i], total);
    }
  }
}

Value mlir::xmp::createResultSlot(OpBuilder &b, Location loc, Operation *at,
                                  Type elemType) {
  OpBuilder::InsertionGuard guard(b);
  auto fn = at->getParentOfType<FunctionOpInterface>();
  b.setInsertionPointToStart(&fn.getFunctionBody().front());
  return ResultSlotOp::create(b, loc, MemRefType::get({1}, elemType));
}

std::optional<int64_t> mlir::xmp::constantOffsetFrom(Value idx, Value iv) {
  if (idx == iv)
    return 0;
  APInt c;
  if (auto add = idx.getDefiningOp<arith::AddIOp>()) {
    if (add.getLhs() == iv && matchPattern(add.getRhs(), m_ConstantInt(&c)))
      return c.getSExtValue();
    if (add.getRhs() == iv && matchPattern(add.getLhs(), m_ConstantInt(&c)))
      return c.getSExtValue();
  }
  if (auto sub = idx.getDefiningOp<arith::SubIOp>())
    if (sub.getLhs() == iv && matchPattern(sub.getRhs(), m_ConstantInt(&c)))
      return -c.getSExtValue();
  return std::nullopt;
}
