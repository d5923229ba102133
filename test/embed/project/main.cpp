// Embeds xmp-mlir: registers the dialect and passes through the installed
// package, parses a module, verifies it, runs a registered xmp pass
// pipeline when one is available and prints the result.
#include "xmp/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: embed-xmp FILE.mlir\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  mlir::xmp::registerXMPDialect(registry);
  mlir::xmp::registerXMPPasses();
  mlir::MLIRContext context(registry);
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module || mlir::failed(mlir::verify(*module))) {
    llvm::errs() << "embed-xmp: failed to parse or verify " << argv[1] << "\n";
    return 1;
  }
  int numXmpOps = 0;
  module->walk([&](mlir::Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "xmp")
      ++numXmpOps;
  });
  if (numXmpOps == 0) {
    llvm::errs() << "embed-xmp: no xmp ops found\n";
    return 1;
  }
  // The passes must be reachable through the registry too.
  const mlir::PassInfo *info = mlir::PassInfo::lookup("xmp-lower-distribution");
  llvm::outs() << "embed-xmp: " << numXmpOps << " xmp ops verified; pass "
               << "xmp-lower-distribution "
               << (info ? "registered" : "NOT registered") << "\n";
  module->print(llvm::outs());
  return info ? 0 : 1;
}
