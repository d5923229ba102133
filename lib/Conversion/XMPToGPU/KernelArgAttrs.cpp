//===- KernelArgAttrs.cpp - aliasing facts onto kernel arguments ----------===//
//
// xmp-kernel-arg-attrs, xmp-kernel-hoist-loads and xmp-kernel-llvm-attrs: see
// the pass descriptions in include/xmp/Conversion/Passes.td.
//===----------------------------------------------------------------------===//
#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPKERNELARGATTRS
#define GEN_PASS_DEF_XMPKERNELHOISTLOADS
#define GEN_PASS_DEF_XMPKERNELLLVMATTRS
#include "xmp/Conversion/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;

namespace {
/// How many LLVM arguments a kernel argument of type `t` becomes under the
/// default (descriptor) calling convention of convert-gpu-to-nvvm: a ranked
/// memref of rank r is (allocated pointer, aligned pointer, offset, r
/// sizes, r strides), an unranked one (rank, descriptor pointer), anything
/// else one value.
unsigned llvmArgCount(Type t) {
  if (auto m = dyn_cast<MemRefType>(t))
    return 3 + 2 * m.getRank();
  if (isa<UnrankedMemRefType>(t))
    return 2;
  return 1;
}

struct KernelArgAttrsPass
    : public xmp::impl::XMPKernelArgAttrsBase<KernelArgAttrsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    auto readonly =
        StringAttr::get(ctx, LLVM::LLVMDialect::getReadonlyAttrName());
    getOperation().walk([&](gpu::GPUFuncOp fn) {
      if (fn.isKernel() && !fn.isExternal()) {
        SmallVector<int64_t> aligned;
        unsigned at = 0;
        for (BlockArgument arg : fn.getArguments()) {
          unsigned first = at;
          at += llvmArgCount(arg.getType());
          if (!isa<MemRefType>(arg.getType()) || arg.use_empty())
            continue;
          StringAttr mark;
          bool agree = true;
          for (Operation *user : arg.getUsers()) {
            // Sizes read from the descriptor (gpu-launch-sink-index-
            // computations moves memref.dim ops into the launch) do not
            // touch the buffer.
            if (isa<memref::DimOp>(user))
              continue;
            auto m = user->getAttrOfType<StringAttr>(xmp::kKernelArgAttr);
            if (!m || (mark && m != mark)) {
              agree = false;
              break;
            }
            mark = m;
          }
          if (!agree || !mark)
            continue;
          // Only the aligned pointer is dereferenced: noalias goes there
          // (xmp-kernel-llvm-attrs), after the descriptor is expanded.
          aligned.push_back(first + 1);
          if (mark.getValue() == "readonly")
            fn.setArgAttr(arg.getArgNumber(), readonly, UnitAttr::get(ctx));
        }
        if (!aligned.empty())
          fn->setAttr(xmp::kNoAliasArgsAttr,
                      DenseI64ArrayAttr::get(ctx, aligned));
      }
    });
    // The marks have served (and launches that were not outlined keep none).
    getOperation().walk(
        [](Operation *op) { op->removeAttr(xmp::kKernelArgAttr); });
  }
};

/// Operations that SASS runs as a sequence with a branch to a slow path
/// (ptxas moves no load across them): floating-point and integer division
/// and remainder, and the math functions.
bool isSlow(Operation *op) {
  if (isa<arith::DivFOp, arith::RemFOp, arith::DivSIOp, arith::DivUIOp,
          arith::RemSIOp, arith::RemUIOp, arith::CeilDivSIOp,
          arith::FloorDivSIOp>(op))
    return true;
  return isa_and_nonnull<math::MathDialect>(op->getDialect()) &&
         llvm::any_of(op->getResultTypes(),
                      [](Type t) { return isa<FloatType>(t); });
}

/// Floating-point arithmetic of the arith dialect (the `cluster` option's
/// anchors: a load moves above the first of them before it).
bool isFloatArith(Operation *op) {
  return isa_and_nonnull<arith::ArithDialect>(op->getDialect()) &&
         op->getNumResults() == 1 && isa<FloatType>(op->getResult(0).getType());
}

/// The kernel argument a memref comes from through views, or null.
BlockArgument rootArgument(Value m) {
  while (Operation *def = m.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return {};
    m = view.getViewSource();
  }
  return dyn_cast<BlockArgument>(m);
}

struct KernelHoistLoadsPass
    : public xmp::impl::XMPKernelHoistLoadsBase<KernelHoistLoadsPass> {
  using Base::Base;

  /// Moves `load` with the operations of its block after `slow` that
  /// compute its operands to right before `slow`, if they are all free of
  /// side effects; false (nothing moved) otherwise.
  static bool hoistAbove(memref::LoadOp load, Operation *slow) {
    Block *block = load->getBlock();
    llvm::SetVector<Operation *> slice;
    SmallVector<Operation *> work{load};
    while (!work.empty()) {
      Operation *op = work.pop_back_val();
      for (Value v : op->getOperands()) {
        Operation *def = v.getDefiningOp();
        // Block arguments and values from outside the block are there.
        if (!def || def->getBlock() != block)
          continue;
        if (def == slow)
          return false;
        if (def->isBeforeInBlock(slow))
          continue;
        if (!isMemoryEffectFree(def) || def->getNumRegions() != 0)
          return false;
        if (slice.insert(def))
          work.push_back(def);
      }
    }
    SmallVector<Operation *> order(slice.begin(), slice.end());
    llvm::sort(order, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    for (Operation *op : order)
      op->moveBefore(slow);
    load->moveBefore(slow);
    return true;
  }

  void runOnOperation() override {
    auto readonly = LLVM::LLVMDialect::getReadonlyAttrName();
    getOperation().walk([&](gpu::GPUFuncOp fn) {
      if (!fn.isKernel() || fn.isExternal())
        return;
      unsigned moved = 0;
      fn.walk([&](Block *block) {
        SmallVector<Operation *> slow;
        SmallVector<memref::LoadOp> loads;
        for (Operation &op : *block) {
          if (isSlow(&op) || (cluster && isFloatArith(&op)))
            slow.push_back(&op);
          auto load = dyn_cast<memref::LoadOp>(&op);
          if (!load || slow.empty())
            continue;
          BlockArgument root = rootArgument(load.getMemRef());
          if (!root || root.getOwner() != &fn.getBody().front() ||
              !fn.getArgAttr(root.getArgNumber(), readonly))
            continue;
          loads.push_back(load);
        }
        for (memref::LoadOp load : loads)
          for (Operation *s : slow)
            if (s->isBeforeInBlock(load) && hoistAbove(load, s)) {
              ++moved;
              break;
            }
      });
      if (moved && remarks)
        fn.emitRemark() << "xmp-kernel-hoist-loads: " << moved
                        << " read-only load(s) start before the "
                        << (cluster ? "arithmetic" : "slow arithmetic")
                        << " that preceded them";
    });
  }
};

struct KernelLLVMAttrsPass
    : public xmp::impl::XMPKernelLLVMAttrsBase<KernelLLVMAttrsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    auto noalias =
        StringAttr::get(ctx, LLVM::LLVMDialect::getNoAliasAttrName());
    getOperation()->walk([&](LLVM::LLVMFuncOp fn) {
      auto idx = fn->getAttrOfType<DenseI64ArrayAttr>(xmp::kNoAliasArgsAttr);
      if (!idx)
        return;
      fn->removeAttr(xmp::kNoAliasArgsAttr);
      if (fn.isExternal())
        return;
      auto isPtr = [&](int64_t i) {
        return i >= 0 && i < (int64_t)fn.getNumArguments() &&
               isa<LLVM::LLVMPointerType>(fn.getArgument(i).getType());
      };
      // Each index names the aligned pointer of a descriptor, right after
      // its allocated pointer: if the layout is not that one (another
      // calling convention), claim nothing.
      for (int64_t i : idx.asArrayRef())
        if (!isPtr(i) || !isPtr(i - 1))
          return;
      for (int64_t i : idx.asArrayRef())
        fn.setArgAttr(i, noalias, UnitAttr::get(ctx));
    });
    // scf-to-cf puts a loop's llvm.loop_annotation on its back edge as a
    // discardable attribute, which cf-to-llvm keeps as such and the
    // translation ignores: make it the branch's own loop annotation.
    auto name = StringAttr::get(ctx, "llvm.loop_annotation");
    getOperation()->walk([&](Operation *op) {
      auto ann = op->getAttrOfType<LLVM::LoopAnnotationAttr>(name);
      if (!ann)
        return;
      op->removeAttr(name);
      if (auto br = dyn_cast<LLVM::BrOp>(op))
        br.setLoopAnnotationAttr(ann);
      else if (auto cbr = dyn_cast<LLVM::CondBrOp>(op))
        cbr.setLoopAnnotationAttr(ann);
    });
  }
};
} // namespace
