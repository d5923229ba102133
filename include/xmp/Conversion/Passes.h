//===- Passes.h - xmp conversions and the lowering pipeline -----*- C++ -*-===//
#ifndef XMP_CONVERSION_PASSES_H
#define XMP_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::xmp {

#define GEN_PASS_DECL
#include "xmp/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "xmp/Conversion/Passes.h.inc"

/// Options of the `xmp-lower-to-llvm` pipeline.
struct LowerToLLVMOptions : public PassPipelineOptions<LowerToLLVMOptions> {
  PassOptions::Option<bool> gpu{
      *this, "gpu",
      llvm::cl::desc("Lower device loops to GPU kernels (not available in "
                     "this version: device loops run on the host)"),
      llvm::cl::init(false)};
};

/// Adds the whole xmp -> LLVM dialect pipeline for CPUs to `pm`.
void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options);
/// Registers the `xmp-lower-to-llvm` pipeline.
void registerPipelines();

} // namespace mlir::xmp

#endif
