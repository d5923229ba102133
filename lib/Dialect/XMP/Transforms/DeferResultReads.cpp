//===- DeferResultReads.cpp - result-slot reads out of time-step loops ----===//
//
// See the pass description in Passes.td. For every `scf.for` (inner loops
// first, so that a read moved out of an inner loop can leave the outer one
// too) and every iteration argument that the body never uses, the
// computation of the yielded value inside the body is collected backwards
// from the yield. It moves when it contains a result-slot read and
// consists only of
//   * `xmp.result_read` of a slot defined outside the loop that nothing in
//     the body writes after the read (the slot then holds, after the loop,
//     what the read saw in the last iteration),
//   * scalar `xmp.reduction`s,
//   * operations without memory effects and regions,
// whose other operands are defined outside the loop, and whose results are
// used only inside that computation. It is cloned after the loop under
// `lb < ub` (the iteration argument's initial value otherwise), and erased
// from the body, whose yield then passes the argument through.
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPDEFERRESULTREADS
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

namespace {

/// Whether `op` may move out of the loop as part of a deferred
/// computation (operands and uses are checked by the caller): a result
/// read, a scalar reduction, an operation without memory effects and
/// regions, or an `scf.if` made only of such operations (what this pass
/// leaves after an inner loop).
bool movable(Operation *op) {
  if (isa<ResultReadOp>(op))
    return true;
  if (auto r = dyn_cast<ReductionOp>(op))
    return r.getResult() != nullptr;
  if (isa<scf::IfOp>(op)) {
    WalkResult w = op->walk([&](Operation *inner) {
      if (inner == op || isa<scf::YieldOp>(inner) || movable(inner))
        return WalkResult::advance();
      return WalkResult::interrupt();
    });
    return !w.wasInterrupted();
  }
  return op->getNumRegions() == 0 && isMemoryEffectFree(op);
}

bool definedOutside(Value v, scf::ForOp loop) {
  return !loop->isAncestor(v.getParentRegion()->getParentOp());
}

/// The ops of `body` (in block order) that compute `y` from values defined
/// outside `loop`, if `y` qualifies (see the file comment); empty otherwise.
SmallVector<Operation *> deferrable(scf::ForOp loop, Value y,
                                    Operation *yield) {
  Block *body = loop.getBody();
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work{y};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (definedOutside(v, loop))
      continue;
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body || !movable(def))
      return {}; // an iteration value, or nested / unmovable computation
    if (!slice.insert(def))
      continue;
    // Operands, and values the op's regions use from above.
    def->walk([&](Operation *inner) {
      for (Value o : inner->getOperands())
        if (!def->isAncestor(o.getParentRegion()->getParentOp()))
          work.push_back(o);
    });
  }
  SmallVector<ResultReadOp> reads;
  for (Operation *op : slice) {
    for (Operation *user : op->getUsers())
      if (user != yield && !slice.contains(user))
        return {};
    op->walk([&](ResultReadOp rd) { reads.push_back(rd); });
  }
  if (reads.empty())
    return {};
  for (ResultReadOp rd : reads) {
    Value slot = rd.getSlot();
    if (!definedOutside(slot, loop))
      return {};
    // Nothing in the body touches the slot after the read.
    Operation *readTop = body->findAncestorOpInBlock(*rd);
    for (Operation *user : slot.getUsers()) {
      if (!loop->isAncestor(user) || readTop->isAncestor(user))
        continue;
      Operation *top = body->findAncestorOpInBlock(*user);
      if (!top || !top->isBeforeInBlock(readTop))
        return {};
    }
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  return ordered;
}

/// Defers what it can in `loop`; returns whether anything moved.
bool deferIn(scf::ForOp loop, bool remarks) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  bool changed = false;
  for (auto [k, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    if (!arg.use_empty())
      continue;
    Value y = yield.getOperand(k);
    SmallVector<Operation *> ops = deferrable(loop, y, yield);
    if (ops.empty())
      continue;
    Location loc = loop.getLoc();
    OpBuilder b(loop->getContext());
    b.setInsertionPointAfter(loop);
    Value ran = arith::CmpIOp::create(
        b, loc,
        loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                              : arith::CmpIPredicate::slt,
        loop.getLowerBound(), loop.getUpperBound());
    Value init = loop.getInitArgs()[k];
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{y.getType()}, ran,
                                  /*withElse=*/true);
    {
      OpBuilder tb = ifOp.getThenBodyBuilder();
      IRMapping map;
      for (Operation *op : ops)
        tb.clone(*op, map);
      scf::YieldOp::create(tb, loc, map.lookup(y));
      OpBuilder eb = ifOp.getElseBodyBuilder();
      scf::YieldOp::create(eb, loc, init);
    }
    loop.getResult(k).replaceAllUsesWith(ifOp.getResult(0));
    yield->setOperand(k, arg);
    for (Operation *op : llvm::reverse(ops))
      op->erase();
    if (remarks)
      ifOp.emitRemark() << "result read of iteration argument " << k
                        << " moved after the loop (the loop never waits "
                           "for the GPU for it)";
    changed = true;
  }
  return changed;
}

struct XMPDeferResultReadsPass
    : public xmp::impl::XMPDeferResultReadsBase<XMPDeferResultReadsPass> {
  using XMPDeferResultReadsBase::XMPDeferResultReadsBase;
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp f) { loops.push_back(f); }); // post-order
    for (scf::ForOp f : loops)
      deferIn(f, remarks);
  }
};

} // namespace
