//===- InitAll.cpp - registration entry points ----------------------------===//
#include "xmp/InitAll.h"

#include "xmp/Dialect/XMP/IR/XMP.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/DialectRegistry.h"
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
                  affine::AffineDialect, LLVM::LLVMDialect>();
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
