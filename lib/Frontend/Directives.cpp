//===- Directives.cpp - recorded `#pragma xmp` directives -----------------===//
#include "Directives.h"

#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/Token.h"

using namespace clang;

namespace xmpcfront {

void XMPPragmaHandler::HandlePragma(Preprocessor &pp, PragmaIntroducer intro,
                                    Token &first) {
  Directive d;
  d.loc = first.getLocation(); // the `xmp` token, where Clang points too
  d.end = first.getLocation();
  Token tok;
  pp.Lex(tok); // macro-expanded, as the OpenMP pragmas are
  bool haveName = false;
  while (tok.isNot(tok::eod) && tok.isNot(tok::eof)) {
    DTok t{tok.getKind(), pp.getSpelling(tok), tok.getLocation(),
           tok.getIdentifierInfo() != nullptr};
    d.end = tok.getLocation();
    if (!haveName) {
      d.name = t.text;
      d.nameLoc = t.loc;
      haveName = true;
    } else if (d.name == "device" && d.toks.empty() && t.ident &&
               d.name.find(' ') == std::string::npos) {
      d.name += " " + t.text;
    } else {
      d.toks.push_back(std::move(t));
    }
    pp.Lex(tok);
  }
  if (!haveName)
    d.nameLoc = first.getLocation();
  out.push_back(std::move(d));
}

void Diag::error(SourceLocation loc, const std::string &msg) {
  ++count;
  unsigned id = diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  diags.Report(loc, id) << msg;
}

void Diag::unsupported(SourceLocation loc, const std::string &what) {
  error(loc, what + " is not supported by xmp-cfront");
}

void Diag::note(SourceLocation loc, const std::string &msg) {
  unsigned id = diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  diags.Report(loc, id) << msg;
}

bool TokCursor::expect(tok::TokenKind k, const char *what) {
  if (accept(k))
    return true;
  diag.error(loc(), std::string("expected ") + what + " in '#pragma xmp " +
                        d.name + "'");
  return false;
}

std::optional<std::string> TokCursor::name(const char *what) {
  if (const DTok *t = peek(); t && t->ident) {
    ++pos;
    return t->text;
  }
  diag.error(loc(), std::string("expected ") + what + " in '#pragma xmp " +
                        d.name + "'");
  return std::nullopt;
}

bool TokCursor::expectEnd() {
  if (atEnd())
    return true;
  diag.error(loc(), "unexpected '" + peek()->text + "' in '#pragma xmp " +
                        d.name + "'");
  return false;
}

std::unique_ptr<DExpr> TokCursor::expr() { return additive(); }

std::unique_ptr<DExpr> TokCursor::additive() {
  auto l = multiplicative();
  while (l && (is(tok::plus) || is(tok::minus))) {
    auto e = std::make_unique<DExpr>();
    e->kind = DExpr::Bin;
    e->loc = loc();
    e->op = next().kind == tok::plus ? '+' : '-';
    e->lhs = std::move(l);
    e->rhs = multiplicative();
    if (!e->rhs)
      return nullptr;
    l = std::move(e);
  }
  return l;
}

std::unique_ptr<DExpr> TokCursor::multiplicative() {
  auto l = unary();
  while (l && (is(tok::star) || is(tok::slash) || is(tok::percent))) {
    auto e = std::make_unique<DExpr>();
    e->kind = DExpr::Bin;
    e->loc = loc();
    tok::TokenKind k = next().kind;
    e->op = k == tok::star ? '*' : k == tok::slash ? '/' : '%';
    e->lhs = std::move(l);
    e->rhs = unary();
    if (!e->rhs)
      return nullptr;
    l = std::move(e);
  }
  return l;
}

static std::optional<int64_t> parseIntLiteral(std::string s) {
  while (!s.empty() && (s.back() == 'u' || s.back() == 'U' ||
                        s.back() == 'l' || s.back() == 'L'))
    s.pop_back();
  if (s.empty())
    return std::nullopt;
  try {
    size_t used = 0;
    long long v = std::stoll(s, &used, 0);
    if (used != s.size())
      return std::nullopt;
    return (int64_t)v;
  } catch (...) {
    return std::nullopt;
  }
}

std::unique_ptr<DExpr> TokCursor::unary() {
  SourceLocation l = loc();
  if (accept(tok::minus)) {
    auto e = std::make_unique<DExpr>();
    e->kind = DExpr::Neg;
    e->loc = l;
    e->lhs = unary();
    return e->lhs ? std::move(e) : nullptr;
  }
  if (accept(tok::plus))
    return unary();
  if (accept(tok::l_paren)) {
    auto e = expr();
    if (!e || !expect(tok::r_paren, "')'"))
      return nullptr;
    return e;
  }
  if (const DTok *t = peek(); t && t->kind == tok::numeric_constant) {
    ++pos;
    auto v = parseIntLiteral(t->text);
    if (!v) {
      diag.error(t->loc, "expected an integer, not '" + t->text + "'");
      return nullptr;
    }
    auto e = std::make_unique<DExpr>();
    e->kind = DExpr::Num;
    e->num = *v;
    e->loc = l;
    return e;
  }
  if (const DTok *t = peek(); t && t->ident) {
    ++pos;
    auto e = std::make_unique<DExpr>();
    e->kind = DExpr::Name;
    e->name = t->text;
    e->loc = l;
    return e;
  }
  diag.error(l, "expected an expression in '#pragma xmp " + d.name + "'");
  return nullptr;
}

std::optional<int64_t> evalConst(const DExpr &e, Diag &diag) {
  switch (e.kind) {
  case DExpr::Num:
    return e.num;
  case DExpr::Name:
    diag.unsupported(e.loc, "a variable ('" + e.name +
                                "') in this directive expression (a constant "
                                "is required)");
    return std::nullopt;
  case DExpr::Neg: {
    auto v = evalConst(*e.lhs, diag);
    if (!v)
      return std::nullopt;
    return -*v;
  }
  case DExpr::Bin: {
    auto a = evalConst(*e.lhs, diag);
    auto b = evalConst(*e.rhs, diag);
    if (!a || !b)
      return std::nullopt;
    switch (e.op) {
    case '+':
      return *a + *b;
    case '-':
      return *a - *b;
    case '*':
      return *a * *b;
    default:
      if (*b == 0) {
        diag.error(e.loc, "division by zero in a directive expression");
        return std::nullopt;
      }
      return e.op == '/' ? *a / *b : *a % *b;
    }
  }
  }
  return std::nullopt;
}

} // namespace xmpcfront
