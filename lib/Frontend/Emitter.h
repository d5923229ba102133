//===- Emitter.h - Clang AST to the xmp dialect ------------------*- C++ -*-===//
#ifndef XMP_LIB_FRONTEND_EMITTER_H
#define XMP_LIB_FRONTEND_EMITTER_H

#include "Directives.h"
#include "xmp/Frontend/CFrontend.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace clang {
class ASTContext;
}

namespace xmpcfront {
/// Builds the module of the translation unit; null (with diagnostics
/// reported) on errors.
mlir::OwningOpRef<mlir::ModuleOp> emitModule(mlir::MLIRContext &ctx,
                                             clang::ASTContext &actx,
                                             std::vector<Directive> &dirs,
                                             const mlir::xmp::CFrontendOptions &options,
                                             Diag &diag);
} // namespace xmpcfront

#endif
