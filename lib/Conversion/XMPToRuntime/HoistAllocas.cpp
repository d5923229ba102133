//===- HoistAllocas.cpp - fixed-size allocas to the function entry --------===//
//
// See the pass description in include/xmp/Conversion/Passes.td.
//===----------------------------------------------------------------------===//
#include "xmp/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPHOISTALLOCAS
#include "xmp/Conversion/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;

namespace {
struct HoistAllocasPass
    : public xmp::impl::XMPHoistAllocasBase<HoistAllocasPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (fn.isExternal())
        continue;
      Block &entry = fn.getBody().front();
      SmallVector<LLVM::AllocaOp> moves;
      fn.walk([&](LLVM::AllocaOp a) {
        if (a->getBlock() != &entry &&
            a.getArraySize().getDefiningOp<LLVM::ConstantOp>())
          moves.push_back(a);
      });
      OpBuilder b = OpBuilder::atBlockBegin(&entry);
      for (LLVM::AllocaOp a : moves) {
        // The size's own copy first, so that it dominates the alloca.
        auto size = a.getArraySize().getDefiningOp<LLVM::ConstantOp>();
        a.getArraySizeMutable().assign(b.clone(*size)->getResult(0));
        a->moveBefore(&entry, b.getInsertionPoint());
      }
      // gpu.launch_func is expanded when the module is translated, with
      // its parameter arrays as allocas at the launch: bracket it with a
      // stack save and restore (the launch copies its parameters).
      fn.walk([&](gpu::LaunchFuncOp launch) {
        OpBuilder lb(launch);
        Value sp = LLVM::StackSaveOp::create(
            lb, launch.getLoc(), LLVM::LLVMPointerType::get(&getContext()));
        lb.setInsertionPointAfter(launch);
        LLVM::StackRestoreOp::create(lb, launch.getLoc(), sp);
      });
    }
  }
};
} // namespace
