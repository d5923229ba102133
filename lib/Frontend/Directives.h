//===- Directives.h - recorded `#pragma xmp` directives ---------*- C++ -*-===//
//
// The pragma handler of the `xmp` namespace records each directive (its
// tokens, macro-expanded, and its source location) instead of letting the
// parser see it; the emitter attaches the directives to declarations and
// statements by source position (docs/frontend.md, "Directives").
//
//===----------------------------------------------------------------------===//
#ifndef XMP_LIB_FRONTEND_DIRECTIVES_H
#define XMP_LIB_FRONTEND_DIRECTIVES_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xmpcfront {

/// One token of a directive: kind, spelling and location.
struct DTok {
  clang::tok::TokenKind kind;
  std::string text;
  clang::SourceLocation loc;
  bool ident; // an identifier or a keyword (`on`, `template`, `for`, ...)
};

/// A `#pragma xmp NAME ...` line. `name` is the first word (`device`
/// directives: "device NAME").
struct Directive {
  clang::SourceLocation loc; // the `#` of the pragma
  clang::SourceLocation end; // the last token
  std::string name;
  clang::SourceLocation nameLoc;
  std::vector<DTok> toks; // after the name
  bool consumed = false;
  /// `device loop ... weight(expr)`, `device reset_weight (expr)`: the
  /// pragma handler put the statement `__xmp_weight((expr));` after the
  /// directive (see injectWeight).
  bool weightStmt = false;
  bool isDeclaration() const {
    return name == "nodes" || name == "template" || name == "distribute" ||
           name == "align" || name == "shadow";
  }
};

/// Records every `#pragma xmp` of the translation unit in `out`, in source
/// order.
class XMPPragmaHandler : public clang::PragmaHandler {
public:
  explicit XMPPragmaHandler(std::vector<Directive> &out)
      : clang::PragmaHandler("xmp"), out(out) {}
  void HandlePragma(clang::Preprocessor &pp, clang::PragmaIntroducer intro,
                    clang::Token &first) override;
  /// Sees every token the parser gets (Preprocessor::setTokenWatcher): the
  /// brace depth tells a pragma inside a function body from one at file
  /// scope, where no statement may be put.
  void watch(const clang::Token &t) {
    if (t.is(clang::tok::l_brace))
      ++braceDepth;
    else if (t.is(clang::tok::r_brace) && braceDepth > 0)
      --braceDepth;
  }

private:
  /// Lexes the statement that follows `#pragma xmp gmove` (to its `;`) and
  /// puts it back with every triplet subscript `[l:n:s]` rewritten as
  /// `[__xmp_triplet((l), (n), (s))]`, an omitted part as `__xmp_omitted`
  /// (kSectionDecls declares both), so that Clang parses it as C.
  void takeGmoveStatement(clang::Preprocessor &pp,
                          clang::SourceLocation lineEnd);
  /// `#pragma xmp device loop ... weight(expr)` (its first weight clause,
  /// unless `auto`; inside braces: at file scope the directive is an error
  /// anyway) and `#pragma xmp device reset_weight (expr)` (`whole`: the
  /// directive's parenthesized argument): puts the statement
  /// `__xmp_weight((expr));` after the pragma line, so that Clang parses
  /// and checks the expression as C (a `double` parameter: any arithmetic
  /// type, converted); the emitter takes it as the loop's weight or the
  /// new current weight. Returns whether it did.
  bool injectWeight(clang::Preprocessor &pp,
                    llvm::ArrayRef<clang::Token> toks, bool whole = false);
  bool enterWeight(clang::Preprocessor &pp, llvm::ArrayRef<clang::Token> toks,
                   clang::SourceLocation at, size_t open, size_t close);
  std::vector<Directive> &out;
  int braceDepth = 0;
};

/// The declarations the rewritten gmove statements and the weight
/// statement of a device loop use (added to Clang's predefines).
inline constexpr const char *kSectionDecls =
    "extern const long __xmp_omitted;\n"
    "int __xmp_triplet(long __lower, long __length, long __stride);\n"
    "void __xmp_weight(double __cpu_share);\n";

/// Clang-style diagnostics (file:line:col: error: ...) for the front end.
class Diag {
public:
  explicit Diag(clang::DiagnosticsEngine &diags) : diags(diags) {}
  void error(clang::SourceLocation loc, const std::string &msg);
  /// "<what> is not supported by xmp-cfront"
  void unsupported(clang::SourceLocation loc, const std::string &what);
  void note(clang::SourceLocation loc, const std::string &msg);
  unsigned errors() const { return count; }

private:
  clang::DiagnosticsEngine &diags;
  unsigned count = 0;
};

/// An integer expression in a directive: numbers, names, + - * / %,
/// unary minus, parentheses.
struct DExpr {
  enum Kind { Num, Name, Bin, Neg } kind;
  int64_t num = 0;
  std::string name;
  char op = 0;
  clang::SourceLocation loc;
  std::unique_ptr<DExpr> lhs, rhs;
};

/// Reads a directive's tokens; each failed expectation reports an error.
class TokCursor {
public:
  TokCursor(const Directive &d, Diag &diag) : d(d), diag(diag) {}
  bool atEnd() const { return pos >= d.toks.size(); }
  const DTok *peek(unsigned ahead = 0) const {
    return pos + ahead < d.toks.size() ? &d.toks[pos + ahead] : nullptr;
  }
  clang::SourceLocation loc() const {
    return atEnd() ? d.end : d.toks[pos].loc;
  }
  bool is(clang::tok::TokenKind k, unsigned ahead = 0) const {
    const DTok *t = peek(ahead);
    return t && t->kind == k;
  }
  bool isWord(const char *w, unsigned ahead = 0) const {
    const DTok *t = peek(ahead);
    return t && t->ident && t->text == w;
  }
  bool accept(clang::tok::TokenKind k) {
    if (!is(k))
      return false;
    ++pos;
    return true;
  }
  bool acceptWord(const char *w) {
    if (!isWord(w))
      return false;
    ++pos;
    return true;
  }
  /// Consumes `k` or reports "expected <what>".
  bool expect(clang::tok::TokenKind k, const char *what);
  /// An identifier (or keyword) or reports "expected <what>".
  std::optional<std::string> name(const char *what);
  std::unique_ptr<DExpr> expr();
  const DTok &next() { return d.toks[pos++]; }
  /// Reports an error unless at the end of the directive.
  bool expectEnd();
  Diag &diags() { return diag; }

private:
  std::unique_ptr<DExpr> additive();
  std::unique_ptr<DExpr> multiplicative();
  std::unique_ptr<DExpr> unary();
  const Directive &d;
  Diag &diag;
  size_t pos = 0;
};

/// The value of a directive expression without names (and of names in
/// `lookup`, which returns nullopt for unknown names: an error is
/// reported).
std::optional<int64_t> evalConst(const DExpr &e, Diag &diag);

} // namespace xmpcfront

#endif
