//===- xmp-cfront.cpp - XcalableMP C to the xmp dialect -------------------===//
//
//   xmp-cfront prog.c [-o prog.mlir] [--gpu] [--no-owner-check] [--locations]
//              [-DNAME[=V]] [-IDIR] [clang args]
//
// Parses prog.c with Clang and prints the module (func / scf / arith /
// math / memref / llvm and xmp ops) that xmp-opt and xmpcc take. Errors are
// reported as file:line:col: error: ...; the exit status is then 1 and
// nothing is written. docs/frontend.md describes what is accepted.
//
//===----------------------------------------------------------------------===//
#include "xmp/Frontend/CFrontend.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

static void usage(llvm::raw_ostream &os) {
  os << "usage: xmp-cfront prog.c [-o out.mlir] [--gpu] [--no-owner-check] "
        "[--locations] [-DNAME[=V]] [-IDIR] [other clang options]\n"
        "  --no-owner-check  no run-time check that an element of a "
        "distributed array\n"
        "                    accessed outside a loop directive is on the "
        "accessing node\n"
        "  --locations       print the C source positions (loc(...)), so "
        "that the later\n"
        "                    stages and the runtime's errors name them "
        "(xmpcc uses it)\n";
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  std::string input, output = "-";
  bool locations = false;
  mlir::xmp::CFrontendOptions opts;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-o" && i + 1 < argc) {
      output = argv[++i];
    } else if (a.rfind("-o", 0) == 0 && a.size() > 2) {
      output = a.substr(2);
    } else if (a == "--gpu") {
      opts.gpu = true;
    } else if (a == "--no-owner-check") {
      opts.ownerCheck = false;
    } else if (a == "--locations") {
      locations = true;
    } else if (a == "-h" || a == "--help") {
      usage(llvm::outs());
      return 0;
    } else if ((a == "-D" || a == "-I" || a == "-U" || a == "-include" ||
                a == "-isystem") &&
               i + 1 < argc) {
      opts.clangArgs.push_back(a);
      opts.clangArgs.push_back(argv[++i]);
    } else if (!a.empty() && a[0] == '-') {
      opts.clangArgs.push_back(a);
    } else if (input.empty()) {
      input = a;
    } else {
      llvm::errs() << "xmp-cfront: error: more than one input ('" << input
                   << "', '" << a << "')\n";
      return 2;
    }
  }
  if (input.empty()) {
    llvm::errs() << "xmp-cfront: error: no input file\n";
    usage(llvm::errs());
    return 2;
  }
  if (!llvm::sys::fs::exists(input)) {
    llvm::errs() << "xmp-cfront: error: '" << input << "' does not exist\n";
    return 2;
  }
  // xmp.h: <bindir>/../lib/xmp-cfront/include.
  std::string exe = llvm::sys::fs::getMainExecutable(
      argv[0], reinterpret_cast<void *>(&usage));
  llvm::SmallString<256> inc(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(inc, "..", "lib", "xmp-cfront", "include");
  if (llvm::sys::fs::is_directory(inc))
    opts.includeDir = std::string(inc);

  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::xmp::translateCFile(ctx, input, opts);
  if (!module)
    return 1;
  std::string err;
  auto out = mlir::openOutputFile(output, &err);
  if (!out) {
    llvm::errs() << "xmp-cfront: error: " << err << "\n";
    return 1;
  }
  mlir::OpPrintingFlags flags;
  if (locations)
    flags.enableDebugInfo();
  module->print(out->os(), flags);
  out->keep();
  return 0;
}
