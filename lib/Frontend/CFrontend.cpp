//===- CFrontend.cpp - XcalableMP C to the xmp dialect: driver ------------===//
//
// Runs Clang (driver, preprocessor, parser, Sema) on one C file through
// clang::tooling, with the `xmp` pragma handler installed, then the emitter
// (Emitter.cpp) on the AST.
//
//===----------------------------------------------------------------------===//
#include "xmp/Frontend/CFrontend.h"
#include "Directives.h"
#include "Emitter.h"
#include "xmp/InitAll.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace mlir::xmp {

void registerCFrontendDialects(DialectRegistry &registry) {
  registerXMPDialect(registry);
  registry.insert<arith::ArithDialect, func::FuncDialect, math::MathDialect,
                  memref::MemRefDialect, scf::SCFDialect,
                  LLVM::LLVMDialect>();
}

namespace {
struct State {
  MLIRContext &ctx;
  const CFrontendOptions &options;
  std::vector<xmpcfront::Directive> directives;
  OwningOpRef<ModuleOp> module;
  bool ran = false;
};

class Consumer : public ASTConsumer {
public:
  explicit Consumer(State &s) : s(s) {}
  void HandleTranslationUnit(ASTContext &actx) override {
    s.ran = true;
    if (actx.getDiagnostics().hasErrorOccurred())
      return;
    xmpcfront::Diag diag(actx.getDiagnostics());
    s.module = xmpcfront::emitModule(s.ctx, actx, s.directives, s.options,
                                     diag);
  }

private:
  State &s;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(State &s) : s(s) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 StringRef) override {
    // The preprocessor owns the handler.
    Preprocessor &pp = ci.getPreprocessor();
    auto *h = new xmpcfront::XMPPragmaHandler(s.directives);
    pp.AddPragmaHandler(h);
    pp.setTokenWatcher([h](const Token &t) { h->watch(t); });
    pp.setPredefines(pp.getPredefines() + xmpcfront::kSectionDecls);
    return std::make_unique<Consumer>(s);
  }

private:
  State &s;
};

class Factory : public tooling::FrontendActionFactory {
public:
  explicit Factory(State &s) : s(s) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(s);
  }

private:
  State &s;
};
} // namespace

OwningOpRef<ModuleOp> translateCFile(MLIRContext &ctx, const std::string &path,
                                     const CFrontendOptions &options) {
  DialectRegistry registry;
  registerCFrontendDialects(registry);
  ctx.appendDialectRegistry(registry);
  ctx.loadAllAvailableDialects();

  std::vector<std::string> args = {
      "-xc", "-fopenacc", "-resource-dir=" XMP_CLANG_RESOURCE_DIR,
      "-D_XCALABLEMP=1", "-Wno-unknown-pragmas"};
  if (options.gpu)
    args.push_back("-D_XCALABLEACC=1");
  if (!options.includeDir.empty()) {
    args.push_back("-isystem");
    args.push_back(options.includeDir);
  }
  for (const std::string &a : options.clangArgs)
    args.push_back(a);
  tooling::FixedCompilationDatabase db(".", args);
  tooling::ClangTool tool(db, {path});
  State state{ctx, options, {}, nullptr, false};
  Factory factory(state);
  int rc = tool.run(&factory);
  if (rc != 0 || !state.ran)
    return nullptr;
  return std::move(state.module);
}

} // namespace mlir::xmp
