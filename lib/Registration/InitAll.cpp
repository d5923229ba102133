//===- InitAll.cpp - registration entry points ----------------------------===//
#include "xmp/InitAll.h"

#include "xmp/Dialect/XMP/IR/XMP.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/FileSystem.h"

#include <cstdlib>
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"

using namespace mlir;

void xmp::registerXMPDialect(DialectRegistry &registry) {
  registry.insert<xmp::XMPDialect, arith::ArithDialect, func::FuncDialect,
                  memref::MemRefDialect, scf::SCFDialect,
                  LLVM::LLVMDialect>();
}

void xmp::useDefaultCUDAToolkit() {
  // gpu-module-to-binary links libdevice (math.sqrt -> __nv_sqrt) from the
  // toolkit that NVVM::getCUDAToolkitPath() names: CUDA_ROOT, CUDA_HOME or
  // CUDA_PATH, else a path fixed when LLVM was built (none in Debian's
  // packages). Without it ptxas fails on an unresolved __nv_* function, so
  // when none is set, name the toolkit's standard place if it is there.
  if (!std::getenv("CUDA_ROOT") && !std::getenv("CUDA_HOME") &&
      !std::getenv("CUDA_PATH") &&
      llvm::sys::fs::exists("/usr/local/cuda/nvvm/libdevice"))
    ::setenv("CUDA_HOME", "/usr/local/cuda", /*overwrite=*/0);
}

void xmp::registerXMPPasses() {
  xmp::registerXMPTransformsPasses();
  xmp::registerXMPConversionPasses();
  xmp::registerPipelines();

}

void xmp::registerAllForTools(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  // gpu-module-to-binary translates device code to LLVM IR in-process.
  registerAllToLLVMIRTranslations(registry);
  registerXMPDialect(registry);
}
