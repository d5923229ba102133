//===- Pipelines.cpp - the xmp -> LLVM dialect pipeline -------------------===//
#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void xmp::buildLowerToLLVMPipeline(OpPassManager &pm,
                                   const LowerToLLVMOptions &options) {
  (void)options;
  pm.addPass(createCanonicalizerPass());
  pm.addPass(xmp::createXMPSelectChannels());
  pm.addPass(xmp::createXMPLowerDistribution());
  pm.addPass(xmp::createXMPToRuntime());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void xmp::registerPipelines() {
  PassPipelineRegistration<LowerToLLVMOptions>(
      "xmp-lower-to-llvm",
      "Lower a module in the xmp dialect to the LLVM dialect (CPU path: "
      "distribution lowering, runtime calls, then upstream conversions)",
      [](OpPassManager &pm, const LowerToLLVMOptions &options) {
        if (options.gpu)
          llvm::errs() << "xmp-lower-to-llvm: gpu=true is not available in "
                          "this version; device loops run on the host\n";
        buildLowerToLLVMPipeline(pm, options);
      });
}
