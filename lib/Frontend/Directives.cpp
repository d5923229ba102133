//===- Directives.cpp - recorded `#pragma xmp` directives -----------------===//
#include "Directives.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::SmallVectorImpl;
using llvm::StringRef;

namespace xmpcfront {

static size_t matchingClose(ArrayRef<Token> in, size_t open);

void XMPPragmaHandler::HandlePragma(Preprocessor &pp, PragmaIntroducer intro,
                                    Token &first) {
  // The tokens lexed here are the directive's, or a gmove statement's
  // that go back to the parser (and are seen again then): not the
  // parser's braces.
  int depth = braceDepth;
  Directive d;
  d.loc = first.getLocation(); // the `xmp` token, where Clang points too
  d.end = first.getLocation();
  Token tok;
  pp.Lex(tok); // macro-expanded, as the OpenMP pragmas are
  bool haveName = false;
  SmallVector<Token> clauseToks; // the Clang tokens of d.toks
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
      clauseToks.push_back(tok);
    }
    pp.Lex(tok);
  }
  if (!haveName)
    d.nameLoc = first.getLocation();
  bool gmove = d.name == "gmove";
  if (d.name == "device loop" && tok.is(tok::eod) && depth > 0)
    d.weightStmt = injectWeight(pp, clauseToks);
  if (d.name == "device reset_weight" && tok.is(tok::eod) && depth > 0)
    d.weightStmt = injectWeight(pp, clauseToks, /*whole=*/true);
  out.push_back(std::move(d));
  if (gmove && tok.is(tok::eod))
    takeGmoveStatement(pp, tok.getLocation());
  braceDepth = depth;
}

bool XMPPragmaHandler::injectWeight(Preprocessor &pp, ArrayRef<Token> toks,
                                    bool whole) {
  // The first `weight (` at the directive's own level (not inside the
  // parentheses of another clause); `whole`: the `(` that opens the
  // directive's tokens (reset_weight), taken only if its `)` ends them.
  int depth = 0;
  for (size_t i = 0; i + 1 < toks.size(); ++i) {
    const Token &t = toks[i];
    if (whole) {
      if (!t.is(tok::l_paren))
        return false;
      size_t close = matchingClose(toks, 0);
      if (close + 1 != toks.size() || close == 1)
        return false; // the emitter reports what is wrong
      return enterWeight(pp, toks, t.getLocation(), 0, close);
    }
    if (t.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
      ++depth;
      continue;
    }
    if (t.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      --depth;
      continue;
    }
    IdentifierInfo *ii = t.getIdentifierInfo();
    if (depth != 0 || !ii || ii->getName() != "weight" ||
        !toks[i + 1].is(tok::l_paren))
      continue;
    size_t close = matchingClose(toks, i + 1);
    // weight(auto), weight(), an unclosed clause: the emitter reads them
    // from the directive's tokens (and reports what is wrong).
    if (close == toks.size() || close == i + 2 || toks[i + 2].is(tok::kw_auto))
      return false;
    return enterWeight(pp, toks, t.getLocation(), i + 1, close);
  }
  return false;
}

// `__xmp_weight((` toks(open, close) `));`, located at `at`.
bool XMPPragmaHandler::enterWeight(Preprocessor &pp, ArrayRef<Token> toks,
                                   SourceLocation at, size_t open,
                                   size_t close) {
  auto make = [&](tok::TokenKind k, SourceLocation l) {
    Token n;
    n.startToken();
    n.setKind(k);
    n.setLocation(l);
    n.setLength(0);
    return n;
  };
  SmallVector<Token> stmt;
  Token name = make(tok::identifier, at);
  name.setIdentifierInfo(pp.getIdentifierInfo("__xmp_weight"));
  stmt.push_back(name);
  stmt.push_back(toks[open]);
  stmt.push_back(make(tok::l_paren, toks[open + 1].getLocation()));
  stmt.append(toks.begin() + open + 1, toks.begin() + close);
  stmt.push_back(make(tok::r_paren, toks[close].getLocation()));
  stmt.push_back(toks[close]);
  stmt.push_back(make(tok::semi, toks[close].getLocation()));
  auto buf = std::make_unique<Token[]>(stmt.size());
  std::copy(stmt.begin(), stmt.end(), buf.get());
  pp.EnterTokenStream(std::move(buf), stmt.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/true);
  return true;
}

//===----------------------------------------------------------------------===//
// The statement of `#pragma xmp gmove`
//===----------------------------------------------------------------------===//

namespace {
/// Rewrites the subscripts of a gmove statement that are triplets.
class SectionRewriter {
public:
  SectionRewriter(Preprocessor &pp) : pp(pp), diag(pp.getDiagnostics()) {}
  void rewrite(ArrayRef<Token> in, SmallVectorImpl<Token> &out);

private:
  Token make(tok::TokenKind k, SourceLocation loc) {
    Token t;
    t.startToken();
    t.setKind(k);
    t.setLocation(loc);
    t.setLength(0);
    return t;
  }
  Token ident(StringRef name, SourceLocation loc) {
    Token t = make(tok::identifier, loc);
    t.setIdentifierInfo(pp.getIdentifierInfo(name));
    return t;
  }
  Preprocessor &pp;
  Diag diag;
};
} // namespace

/// The index of the bracket closing the one at `open`, or in.size().
static size_t matchingClose(ArrayRef<Token> in, size_t open) {
  int depth = 0;
  for (size_t i = open; i < in.size(); ++i) {
    if (in[i].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++depth;
    else if (in[i].isOneOf(tok::r_paren, tok::r_square, tok::r_brace) &&
             --depth == 0)
      return i;
  }
  return in.size();
}

void SectionRewriter::rewrite(ArrayRef<Token> in, SmallVectorImpl<Token> &out) {
  for (size_t i = 0; i < in.size(); ++i) {
    size_t close = in[i].is(tok::l_square) ? matchingClose(in, i) : in.size();
    if (close == in.size()) {
      out.push_back(in[i]);
      continue;
    }
    // The colons of the subscript that separate triplet parts: at its own
    // nesting level, and not the ':' of a '?:'.
    ArrayRef<Token> sub = in.slice(i + 1, close - i - 1);
    SmallVector<size_t> colons;
    int depth = 0, questions = 0;
    for (size_t k = 0; k < sub.size(); ++k) {
      if (sub[k].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++depth;
      else if (sub[k].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --depth;
      else if (depth == 0 && sub[k].is(tok::question))
        ++questions;
      else if (depth == 0 && sub[k].is(tok::colon)) {
        if (questions)
          --questions;
        else
          colons.push_back(k);
      }
    }
    out.push_back(in[i]);
    if (colons.empty()) {
      rewrite(sub, out);
    } else {
      if (colons.size() > 2)
        diag.error(sub[colons[2]].getLocation(),
                   "a triplet has at most three parts (lower:length:stride) "
                   "in the statement of '#pragma xmp gmove'");
      // [l:n:s] -> [__xmp_triplet((l), (n), (s))], an omitted part
      // __xmp_omitted (both declared by the front end: kSectionDecls).
      SourceLocation at = in[i].getLocation();
      out.push_back(ident("__xmp_triplet", at));
      out.push_back(make(tok::l_paren, at));
      size_t from = 0;
      for (unsigned part = 0; part < 3; ++part) {
        if (part)
          out.push_back(make(tok::comma, at));
        size_t to = part < colons.size() ? colons[part] : sub.size();
        // An omitted part is reported at the colon before it.
        SourceLocation partLoc = part == 0 ? at
                                 : part <= colons.size()
                                     ? sub[colons[part - 1]].getLocation()
                                     : in[close].getLocation();
        if (part > colons.size() || from >= to) {
          out.push_back(ident("__xmp_omitted", partLoc));
        } else {
          out.push_back(make(tok::l_paren, sub[from].getLocation()));
          rewrite(sub.slice(from, to - from), out);
          out.push_back(make(tok::r_paren, sub[to - 1].getLocation()));
        }
        from = to + 1;
      }
      out.push_back(make(tok::r_paren, in[close].getLocation()));
    }
    out.push_back(in[close]);
    i = close;
  }
}

void XMPPragmaHandler::takeGmoveStatement(Preprocessor &pp,
                                          SourceLocation lineEnd) {
  // Lexing must stop before the end of the file: the file's lexer ends
  // with it, while the lexer that called this handler is still running.
  // So nothing is taken unless a ';' or a brace follows in the file's
  // text (raw tokens: comments and strings do not count); every function
  // body has its '}'.
  SourceManager &sm = pp.getSourceManager();
  auto [fid, offset] = sm.getDecomposedLoc(sm.getFileLoc(lineEnd));
  StringRef text = sm.getBufferData(fid);
  Lexer raw(sm.getLocForStartOfFile(fid), pp.getLangOpts(), text.begin(),
            text.begin() + offset, text.end());
  bool stops = false;
  Token r;
  while (!stops && !raw.LexFromRawLexer(r))
    stops = r.isOneOf(tok::semi, tok::l_brace, tok::r_brace);
  stops = stops || r.isOneOf(tok::semi, tok::l_brace, tok::r_brace);
  if (!stops)
    return;
  // The tokens up to the ';' that ends the statement (or a brace that
  // shows there is no expression statement: the emitter reports it).
  SmallVector<Token> toks;
  int depth = 0;
  Token t;
  while (true) {
    pp.Lex(t);
    if (t.is(tok::eof)) {
      // Not reached (see above) but in a file whose last ';' or brace
      // comes from a directive's text: the parser gets the end back.
      toks.push_back(t);
      break;
    }
    if (t.is(tok::coloncolon)) {
      // `a[::2]`: two colons (C23 lexes `::` as one token).
      Token c = t;
      c.setKind(tok::colon);
      c.setLength(1);
      toks.push_back(c);
      c.setLocation(t.getLocation().getLocWithOffset(1));
      toks.push_back(c);
      continue;
    }
    toks.push_back(t);
    if (t.isOneOf(tok::l_paren, tok::l_square))
      ++depth;
    else if (t.isOneOf(tok::r_paren, tok::r_square))
      --depth;
    else if (depth <= 0 && t.isOneOf(tok::semi, tok::l_brace, tok::r_brace))
      break;
  }
  SmallVector<Token> rewritten;
  SectionRewriter(pp).rewrite(toks, rewritten);
  auto buf = std::make_unique<Token[]>(rewritten.size());
  std::copy(rewritten.begin(), rewritten.end(), buf.get());
  pp.EnterTokenStream(std::move(buf), rewritten.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/true);
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
