//===- Passes.h - xmp passes and pipelines ----------------------*- C++ -*-===//
#ifndef XMP_DIALECT_XMP_TRANSFORMS_PASSES_H
#define XMP_DIALECT_XMP_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::xmp {

#define GEN_PASS_DECL
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"

} // namespace mlir::xmp

#endif
