//===- xmp-translate.cpp - MLIR -> LLVM IR and other translations ---------===//
//
// `--mlir-to-llvmir` handles the LLVM, NVVM, GPU (offloading) and OpenMP
// dialects that the xmp pipeline produces. The xmp dialect is not
// registered here: input must have been lowered by xmp-opt first (xmpcc
// does), and xmp ops left in it are reported as an unknown dialect.
//
//===----------------------------------------------------------------------===//
#include "xmp/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"

int main(int argc, char **argv) {
  mlir::registerAllTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "xmp-mlir translation driver\n"));
}
