//===- Passes.h - xmp conversions and the lowering pipeline -----*- C++ -*-===//
#ifndef XMP_CONVERSION_PASSES_H
#define XMP_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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
      llvm::cl::desc("Lower device loops to CUDA kernels (NVVM, embedded "
                     "fatbin) and device data to device instances; off: "
                     "device loops run on the host"),
      llvm::cl::init(false)};
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("GPU target (SASS in the fatbin)"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("NVPTX features (PTX ISA version of the embedded PTX)"),
      llvm::cl::init("+ptx80")};
  PassOptions::Option<int> optLevel{
      *this, "opt-level", llvm::cl::desc("Optimization level of device code"),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> ptxasOptions{
      *this, "ptxas-options",
      llvm::cl::desc("Options passed to ptxas (e.g. -v for each kernel's "
                     "registers and spills)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> gpuFormat{
      *this, "gpu-format",
      llvm::cl::desc("Form of the embedded kernels: fatbin (SASS + PTX), bin "
                     "(cubin) or isa (PTX text, to inspect; not loadable by "
                     "the runtime's module loader unless JIT)"),
      llvm::cl::init("fatbin")};
  PassOptions::Option<bool> sweep{
      *this, "sweep",
      llvm::cl::desc("xmp-to-gpu sweep: walk the outermost dimension of 2-D "
                     "and 3-D device loops inside each thread (plane sweep)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> kernelAlignRows{
      *this, "kernel-align-rows",
      llvm::cl::desc("Start each row's warps on a multiple of 32 elements "
                     "of the loop's first stored device view (xmp-to-gpu "
                     "align-rows; see docs/pipeline.md)"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> sweepUnroll{
      *this, "sweep-unroll",
      llvm::cl::desc("xmp-to-gpu sweep-unroll: unroll count asked of LLVM "
                     "for each swept loop (1: none)"),
      llvm::cl::init(1)};
  PassOptions::Option<bool> hoistLoads{
      *this, "hoist-loads",
      llvm::cl::desc("Run xmp-kernel-hoist-loads: read-only loads of a "
                     "kernel start before the square roots and divisions "
                     "that precede them"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> hoistLoadsCluster{
      *this, "hoist-loads-cluster",
      llvm::cl::desc("xmp-kernel-hoist-loads cluster: read-only loads also "
                     "start before the floating-point arithmetic before "
                     "them"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> hoistLoadsRemarks{
      *this, "hoist-loads-remarks",
      llvm::cl::desc("xmp-kernel-hoist-loads remarks: one per kernel with "
                     "hoisted loads"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> kernelNoalias{
      *this, "kernel-noalias",
      llvm::cl::desc("Mark kernel arguments that are device views no other "
                     "view of the kernel may alias llvm.noalias / "
                     "llvm.readonly (xmp-to-gpu noalias, "
                     "xmp-kernel-arg-attrs)"),
      llvm::cl::init(true)};
  // xmp-specialize-shapes (docs/pipeline.md): compile for given sizes.
  PassOptions::ListOption<std::string> specialize{
      *this, "specialize",
      llvm::cl::desc("NAME=SHAPE entries (t=129x129x257,n=2x2): compile as "
                     "if the template or grid NAME were declared with the "
                     "static SHAPE (xmp-specialize-shapes); empty = none")};
  // Forwarded to xmp-select-channels (docs/channels.md); the defaults are
  // the pass's own.
  PassOptions::Option<std::string> channelPolicy{
      *this, "channel-policy",
      llvm::cl::desc("xmp-select-channels policy: hybrid, threshold, ib or tca"),
      llvm::cl::init("hybrid")};
  PassOptions::Option<int64_t> subclusterSize{
      *this, "subcluster-size",
      llvm::cl::desc("xmp-select-channels subcluster-size: ranks per "
                     "sub-cluster; 0 = unknown (assume the same)"),
      llvm::cl::init(0)};
  PassOptions::Option<std::string> channelProfile{
      *this, "channel-profile",
      llvm::cl::desc("xmp-select-channels profile: JSON cost profile "
                     "(xmp-calibrate); empty = none"),
      llvm::cl::init("")};
  // xmp-overlap-halo (docs/pipeline.md): reflects hidden behind the loop
  // that follows them.
  PassOptions::Option<bool> overlapHalo{
      *this, "overlap-halo",
      llvm::cl::desc("run xmp-overlap-halo: a reflect followed by a loop "
                     "that reads the array exchanges its halos while the "
                     "loop's interior runs"),
      llvm::cl::init(true)};
  // Forwarded to xmp-split-device-loops (docs/pipeline.md).
  PassOptions::Option<int64_t> splitGrain{
      *this, "split-grain",
      llvm::cl::desc("xmp-split-device-loops grain: GPU/CPU split "
                     "granularity in outer iterations; 0 = 32 for 1-D "
                     "loops, 1 for nests"),
      llvm::cl::init(0)};
};

/// Adds the whole xmp -> LLVM dialect pipeline for CPUs to `pm`.
void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options);
/// Registers the `xmp-lower-to-llvm` pipeline.
void registerPipelines();

} // namespace mlir::xmp

#endif
