//===- KernelArgAttrs.cpp - aliasing facts onto kernel arguments ----------===//
//
// xmp-kernel-arg-attrs and xmp-kernel-llvm-attrs: see the pass descriptions in
// include/xmp/Conversion/Passes.td.
//===----------------------------------------------------------------------===//
#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPKERNELARGATTRS
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
