//===- Pipelines.cpp - the xmp -> LLVM dialect pipeline -------------------===//
#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"


using namespace mlir;

/// Upstream's gpu-lower-to-nvvm-pipeline (GPUToNVVMPipeline.cpp), spelled
/// out so that the aliasing facts of xmp-to-gpu reach the kernels: after
/// outlining, xmp-kernel-arg-attrs turns the marks on the device views'
/// uses into argument facts, and after the NVVM lowering, before the
/// kernels are compiled, xmp-kernel-llvm-attrs puts llvm.noalias on the
/// descriptors' aligned pointers. Kernel outlining, NVVM, the fatbin (SASS
/// for `chip` plus PTX), and the host side through gpu-to-llvm (mgpu*
/// calls into libxmprt).
static void buildKernelPipeline(OpPassManager &pm,
                                const xmp::LowerToLLVMOptions &options) {
  pm.addPass(createConvertNVGPUToNVVMPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(xmp::createXMPKernelArgAttrs());
  if (options.hoistLoads)
    pm.addPass(xmp::createXMPKernelHoistLoads(
        {options.hoistLoadsRemarks, options.hoistLoadsCluster}));
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createUBToLLVMConversionPass()); // mem2reg's ub.poison
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // The kernels.
  pm.addNestedPass<gpu::GPUModuleOp>(createStripDebugInfoPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToNVVMOps());
  pm.addNestedPass<gpu::GPUModuleOp>(LLVM::createNVVMOptimizeForTargetPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCanonicalizerPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createReconcileUnrealizedCastsPass());
  pm.addNestedPass<gpu::GPUModuleOp>(xmp::createXMPKernelLLVMAttrs());
  // The host.
  pm.addPass(createGpuToLLVMConversionPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.gpuFormat;
  binary.cmdOptions = options.ptxasOptions;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void xmp::buildLowerToLLVMPipeline(OpPassManager &pm,
                                   const LowerToLLVMOptions &options) {
  if (!options.specialize.empty()) {
    xmp::XMPSpecializeShapesOptions specialize;
    specialize.shapes = llvm::to_vector(options.specialize);
    pm.addPass(xmp::createXMPSpecializeShapes(specialize));
  }
  pm.addPass(createCanonicalizerPass());
  // Scalars a front end keeps in memref.alloca (xmp-cfront's C locals, as
  // Clang's own output) become SSA values: a device loop body that loads
  // and stores its temporaries through allocas is not swept by xmp-to-gpu
  // (Himeno from C: 106 vs 72 us per stencil kernel on one H200).
  pm.addPass(createMem2Reg());
  pm.addPass(xmp::createXMPCheckAccesses());
  xmp::XMPSelectChannelsOptions channels;
  channels.policy = options.channelPolicy;
  channels.subclusterSize = options.subclusterSize;
  channels.profile = options.channelProfile;
  pm.addPass(xmp::createXMPSelectChannels(channels));
  if (options.overlapHalo)
    pm.addPass(xmp::createXMPOverlapHalo());
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
    toGpu.sweepUnroll = options.sweepUnroll;
    toGpu.noalias = options.kernelNoalias;
    toGpu.alignRows = options.kernelAlignRows;
    pm.addPass(xmp::createXMPToGPU(toGpu));
    pm.addPass(xmp::createXMPToRuntime({/*gpu=*/true}));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    pm.addPass(createLoopInvariantCodeMotionPass());
    // Constants (and index computations on them) that canonicalization and
    // CSE hoisted to the function entry go back into each launch body, so
    // that outlining does not turn them into kernel arguments: a loop step
    // of 1 that the kernel receives as an argument hides the trip count
    // from the unroller and adds registers.
    pm.addPass(createGpuLaunchSinkIndexComputationsPass());
    buildKernelPipeline(pm, options);
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
  pm.addPass(createUBToLLVMConversionPass()); // mem2reg's ub.poison
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
