//===- Pipelines.cpp - the xmp -> LLVM dialect pipeline -------------------===//
#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"


using namespace mlir;

void xmp::buildLowerToLLVMPipeline(OpPassManager &pm,
                                   const LowerToLLVMOptions &options) {
  pm.addPass(createCanonicalizerPass());
  xmp::XMPSelectChannelsOptions channels;
  channels.policy = options.channelPolicy;
  channels.subclusterSize = options.subclusterSize;
  channels.profile = options.channelProfile;
  pm.addPass(xmp::createXMPSelectChannels(channels));
  // Device loops: GPU part + CPU part by the weight (CPU path: all CPU).
  xmp::XMPSplitDeviceLoopsOptions split;
  split.gpu = options.gpu;
  split.grain = options.splitGrain;
  pm.addPass(xmp::createXMPSplitDeviceLoops(split));
  if (options.gpu) {
    // gpu-module-to-binary links libdevice from the toolkit that
    // NVVM::getCUDAToolkitPath() names (CUDA_ROOT, CUDA_HOME, CUDA_PATH):
    // the tools set a default at start-up (xmp::useDefaultCUDAToolkit).
    pm.addPass(xmp::createXMPLowerDistribution({/*gpu=*/true}));
    pm.addPass(xmp::createXMPDeferResultReads());
    xmp::XMPToGPUOptions toGpu;
    toGpu.sweep = options.sweep;
    pm.addPass(xmp::createXMPToGPU(toGpu));
    pm.addPass(xmp::createXMPToRuntime({/*gpu=*/true}));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    pm.addPass(createLoopInvariantCodeMotionPass());
    // Upstream: kernel outlining, NVVM, fatbin (SASS for `chip` plus PTX),
    // host side through gpu-to-llvm (mgpu* calls into libxmprt).
    gpu::GPUToNVVMPipelineOptions nvvm;
    nvvm.cubinChip = options.chip;
    nvvm.cubinFeatures = options.features;
    nvvm.cubinFormat = options.gpuFormat;
    nvvm.optLevel = options.optLevel;
    nvvm.cmdOptions = options.ptxasOptions;
    gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
    pm.addPass(createCanonicalizerPass());
    pm.addPass(xmp::createXMPDArrayAliasScopes());
  pm.addPass(xmp::createXMPHoistAllocas());
    return;
  }
  pm.addPass(xmp::createXMPLowerDistribution());
  pm.addPass(xmp::createXMPToRuntime());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  // complex<f32/f64> elements: arithmetic on real and imaginary parts, then
  // LLVM structs (the runtime moves them as XMPRT_C32/C64).
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(xmp::createXMPDArrayAliasScopes());
  pm.addPass(xmp::createXMPHoistAllocas());
}

void xmp::registerPipelines() {
  PassPipelineRegistration<LowerToLLVMOptions>(
      "xmp-lower-to-llvm",
      "Lower a module in the xmp dialect to the LLVM dialect: distribution "
      "lowering, runtime calls, then upstream conversions; gpu=true adds "
      "CUDA kernels for device loops (NVVM, fatbin for `chip`)",
      [](OpPassManager &pm, const LowerToLLVMOptions &options) {
        buildLowerToLLVMPipeline(pm, options);
      });
}
