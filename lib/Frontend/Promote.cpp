//===- Promote.cpp - scalars carried through loops in SSA -----------------===//
//
// The emitter keeps every C scalar in a rank-0 memref.alloca (LLVM's
// mem2reg promotes them after lowering). In an scf.for or scf.while loop,
// a scalar that only loads and stores touch, in the loop's own blocks or
// in nested scf.if / scf.for / scf.while, becomes a loop-carried SSA value
// instead: loaded once before the loop, carried through it (an iteration
// argument of each loop, a result of each scf.if that assigns it) and
// stored once after it; a scalar the loop only reads is loaded once before
// it. Upstream passes see the values flow: xmp-defer-result-reads moves
// the result read and the node combination of a device loop's reduction
// out of a time-step loop only when the value is the loop's iteration
// argument (Himeno's gosa). Accesses under any other region op (an
// xmp.loop body, a device loop, a replicate region) keep the scalar in
// memory for the loops around them.
//
//===----------------------------------------------------------------------===//
#include "Promote.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace xmpcfront {
namespace {

bool isLoop(Operation *op) { return isa<scf::ForOp, scf::WhileOp>(op); }

/// Whether every access among `accesses` inside `loop` reaches it through
/// scf.if / scf.for / scf.while ops only.
bool clean(Operation *loop, ArrayRef<Operation *> accesses) {
  for (Operation *a : accesses) {
    if (!loop->isProperAncestor(a))
      continue;
    for (Operation *p = a->getParentOp(); p != loop; p = p->getParentOp())
      if (!isa<scf::IfOp, scf::ForOp, scf::WhileOp>(p))
        return false;
  }
  return true;
}

/// The loads and stores of `slot` nested in `op`.
void accessesIn(Operation *op, Value slot, SmallVectorImpl<Operation *> &loads,
                SmallVectorImpl<Operation *> &stores) {
  op->walk([&](Operation *inner) {
    if (auto ld = dyn_cast<memref::LoadOp>(inner); ld && ld.getMemRef() == slot)
      loads.push_back(inner);
    else if (auto st = dyn_cast<memref::StoreOp>(inner);
             st && st.getMemRef() == slot)
      stores.push_back(inner);
  });
}

Value thread(Block &block, Value slot, Value cur);

/// Replaces `op` by `extended`, which has one more result (the scalar's
/// value after it, returned).
Value replaceExtended(Operation *op, Operation *extended) {
  op->replaceAllUsesWith(extended->getResults().drop_back());
  op->erase();
  return extended->getResults().back();
}

/// The operations of `from` (its arguments replaced by the first ones of
/// `to`) moved to the end of `to`.
void moveBlock(Block &from, Block &to) {
  for (auto [a, b] : llvm::zip(from.getArguments(), to.getArguments()))
    a.replaceAllUsesWith(b);
  to.getOperations().splice(to.end(), from.getOperations());
}

Value threadIf(scf::IfOp op, Value slot, Value cur) {
  OpBuilder b(op);
  Location l = op.getLoc();
  SmallVector<Type> types(op.getResultTypes());
  types.push_back(cur.getType());
  auto nIf = scf::IfOp::create(b, l, types, op.getCondition(),
                               /*addThenBlock=*/false, /*addElseBlock=*/false);
  nIf.getThenRegion().takeBody(op.getThenRegion());
  if (op.getElseRegion().empty()) {
    b.createBlock(&nIf.getElseRegion());
    scf::YieldOp::create(b, l, ValueRange{});
  } else {
    nIf.getElseRegion().takeBody(op.getElseRegion());
  }
  for (Region *r : {&nIf.getThenRegion(), &nIf.getElseRegion()}) {
    Block &blk = r->front();
    Value out = thread(blk, slot, cur);
    cast<scf::YieldOp>(blk.getTerminator()).getResultsMutable().append(out);
  }
  return replaceExtended(op, nIf);
}

Value threadFor(scf::ForOp op, Value slot, Value cur) {
  OpBuilder b(op);
  SmallVector<Value> inits(op.getInitArgs());
  inits.push_back(cur);
  auto none = [](OpBuilder &, Location, Value, ValueRange) {};
  auto nFor = scf::ForOp::create(b, op.getLoc(), op.getLowerBound(),
                                 op.getUpperBound(), op.getStep(), inits, none,
                                 op.getUnsignedCmp());
  nFor->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  Block &body = *nFor.getBody();
  moveBlock(*op.getBody(), body);
  Value out = thread(body, slot, body.getArguments().back());
  cast<scf::YieldOp>(body.getTerminator()).getResultsMutable().append(out);
  return replaceExtended(op, nFor);
}

Value threadWhile(scf::WhileOp op, Value slot, Value cur) {
  OpBuilder b(op);
  Location l = op.getLoc();
  Type t = cur.getType();
  SmallVector<Value> inits(op.getInits());
  inits.push_back(cur);
  SmallVector<Type> types(op.getResultTypes());
  types.push_back(t);
  auto nWhile = scf::WhileOp::create(b, l, types, inits);
  nWhile->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  nWhile.getBefore().takeBody(op.getBefore());
  nWhile.getAfter().takeBody(op.getAfter());
  Block &before = nWhile.getBefore().front();
  Value outB = thread(before, slot, before.addArgument(t, l));
  nWhile.getConditionOp().getArgsMutable().append(outB);
  Block &after = nWhile.getAfter().front();
  Value outA = thread(after, slot, after.addArgument(t, l));
  cast<scf::YieldOp>(after.getTerminator()).getResultsMutable().append(outA);
  return replaceExtended(op, nWhile);
}

/// The loads and stores of `slot` in `block`, and in the scf ops in it,
/// as SSA values; `cur` is its value where the block starts. Returns its
/// value at the end.
Value thread(Block &block, Value slot, Value cur) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto ld = dyn_cast<memref::LoadOp>(op); ld && ld.getMemRef() == slot) {
      ld.replaceAllUsesWith(cur);
      ld.erase();
    } else if (auto st = dyn_cast<memref::StoreOp>(op);
               st && st.getMemRef() == slot) {
      cur = st.getValue();
      st.erase();
    } else if (op.getNumRegions()) {
      SmallVector<Operation *> loads, stores;
      accessesIn(&op, slot, loads, stores);
      if (stores.empty()) { // read only: the value here
        for (Operation *ld : loads) {
          ld->getResult(0).replaceAllUsesWith(cur);
          ld->erase();
        }
        continue;
      }
      if (auto x = dyn_cast<scf::IfOp>(op))
        cur = threadIf(x, slot, cur);
      else if (auto x = dyn_cast<scf::ForOp>(op))
        cur = threadFor(x, slot, cur);
      else // scf.while (clean() admits nothing else)
        cur = threadWhile(cast<scf::WhileOp>(op), slot, cur);
    }
  }
  return cur;
}

/// The outermost loop around an access of `slot` in which it can be
/// promoted, or null.
Operation *promotionLoop(Value slot, ArrayRef<Operation *> accesses) {
  Block *home = slot.getParentBlock();
  for (Operation *a : accesses) {
    // The loops around `a` reached through scf ops only, outermost last.
    SmallVector<Operation *> loops;
    for (Operation *p = a->getParentOp();
         p && isa<scf::IfOp, scf::ForOp, scf::WhileOp>(p);
         p = p->getParentOp())
      if (isLoop(p))
        loops.push_back(p);
    for (Operation *l : llvm::reverse(loops))
      if (home->findAncestorOpInBlock(*l) && clean(l, accesses))
        return l;
  }
  return nullptr;
}

void promote(memref::AllocaOp slotOp) {
  Value slot = slotOp.getResult();
  while (true) {
    SmallVector<Operation *> accesses;
    for (Operation *u : slot.getUsers())
      accesses.push_back(u);
    Operation *loop = promotionLoop(slot, accesses);
    if (!loop)
      return;
    OpBuilder b(loop);
    Value init = memref::LoadOp::create(b, loop->getLoc(), slot, ValueRange{});
    bool stores = llvm::any_of(accesses, [&](Operation *a) {
      return isa<memref::StoreOp>(a) && loop->isProperAncestor(a);
    });
    if (!stores) {
      for (Operation *a : accesses)
        if (loop->isProperAncestor(a)) {
          a->getResult(0).replaceAllUsesWith(init);
          a->erase();
        }
      continue;
    }
    Value out = isa<scf::ForOp>(loop)
                    ? threadFor(cast<scf::ForOp>(loop), slot, init)
                    : threadWhile(cast<scf::WhileOp>(loop), slot, init);
    b.setInsertionPointAfterValue(out);
    memref::StoreOp::create(b, out.getLoc(), out, slot, ValueRange{});
  }
}

} // namespace

void promoteScalarsInLoops(Operation *root) {
  SmallVector<memref::AllocaOp> slots;
  root->walk([&](memref::AllocaOp a) {
    MemRefType t = a.getType();
    if (t.getRank() != 0 || !t.getLayout().isIdentity())
      return;
    for (Operation *u : a->getUsers()) {
      auto st = dyn_cast<memref::StoreOp>(u);
      if (!isa<memref::LoadOp>(u) && !(st && st.getMemRef() == a))
        return;
    }
    slots.push_back(a);
  });
  for (memref::AllocaOp a : slots)
    promote(a);
}

} // namespace xmpcfront
