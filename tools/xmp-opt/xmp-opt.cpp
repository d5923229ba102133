//===- xmp-opt.cpp - the xmp-mlir optimizer driver ------------------------===//
#include "xmp/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::xmp::registerAllForTools(registry);
  mlir::registerAllPasses();
  mlir::xmp::registerXMPPasses();
  mlir::xmp::useDefaultCUDAToolkit();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "xmp-mlir optimizer driver\n", registry));
}
