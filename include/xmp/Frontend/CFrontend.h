//===- CFrontend.h - XcalableMP C to the xmp dialect ------------*- C++ -*-===//
//
// The C front end: Clang parses a C file (preprocessor, -D/-I, OpenACC
// constructs with -fopenacc), a pragma handler records the `#pragma xmp`
// directives, and an AST walker builds a module of func / scf / arith /
// math / memref / llvm and xmp ops. docs/frontend.md describes the design,
// the C subset and the directives.
//
//===----------------------------------------------------------------------===//
#ifndef XMP_FRONTEND_CFRONTEND_H
#define XMP_FRONTEND_CFRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
namespace xmp {

struct CFrontendOptions {
  /// Arguments for Clang's driver (-D, -I, -std=..., ...), before the file.
  std::vector<std::string> clangArgs;
  /// Directory with the front end's xmp.h (added with -isystem when set).
  std::string includeDir;
  /// Compile for the GPU path (OpenACC constructs become device code);
  /// without it, OpenACC constructs run on the host.
  bool gpu = false;
  /// Check at run time that an element of a distributed array accessed
  /// outside a loop directive is on the accessing node (xmp.check_holds):
  /// a wrong program stops with the node, the position and the element
  /// instead of reading or writing another element's storage.
  bool ownerCheck = true;
};

/// Translates the C file `path`. Diagnostics go to stderr in Clang's format
/// (file:line:col: error: ...). Returns a null module on any error.
OwningOpRef<ModuleOp> translateCFile(MLIRContext &ctx, const std::string &path,
                                     const CFrontendOptions &options);

/// Adds to `registry` the dialects the front end emits.
void registerCFrontendDialects(DialectRegistry &registry);

} // namespace xmp
} // namespace mlir

#endif
