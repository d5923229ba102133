//===- Emitter.cpp - Clang AST + xmp directives to the xmp dialect --------===//
//
// Walks the AST of one translation unit and builds MLIR:
//   - file-scope `nodes`, `template`, `distribute` become module-level xmp
//     symbols; `align` / `shadow` make a global array a darray (its type);
//   - every function becomes a func.func; scalars live in rank-0 memrefs
//     (memref.alloca at the function's entry, promoted by LLVM later),
//     arrays in memrefs (memref.global for file-scope ones), darrays are
//     xmp.alloc'd at the start of main and passed to the other functions
//     that use them as extra (hidden) parameters;
//   - control flow is structured (scf.if, scf.while); break, continue and
//     return inside loops set flags that guard the rest of the body;
//   - statement directives (loop, reflect, reduction, bcast, barrier, ...)
//     are attached by source position: those between two statements of a
//     compound statement run before the second one; `loop` takes the
//     for-nest that follows it.
// Anything outside the subset is reported (file:line:col: error: ... is
// not supported by xmp-cfront) and no module is produced.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "Promote.h"

#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"
#include "xmprt/Distribution.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <array>
#include <functional>
#include <limits>
#include <map>
#include <sstream>

using namespace mlir;
namespace c = clang;
namespace xmpd = mlir::xmp;

namespace xmpcfront {
namespace {

/// Where a C variable lives.
struct Storage {
  enum Kind { None, Mem, Global, DArr, Value_ } kind = None;
  Value v;          // Mem: memref; DArr: darray; Value_: read-only value
  std::string sym;  // Global: memref.global name
  MemRefType type;  // Global
};

/// An lvalue: a memref element, a darray element, an LLVM pointer or a
/// read-only value (a loop index).
struct LValue {
  enum Kind { Mem, DArr, Ptr, RO } kind = Mem;
  Value base;
  SmallVector<Value> idx;
  Type elemType;
};

struct NodesInfo {
  SmallVector<int64_t> shape; // dialect order
};
struct TemplateInfo {
  SmallVector<int64_t> shape; // dialect order
  std::string nodes;          // empty until distributed
  SmallVector<bool> split;    // per dimension: distributed (not `*`)
  c::SourceLocation loc;
  /// XMP's lower bound of each dimension (dialect order): template index
  /// v is the dialect's v - lower. A `:` dimension takes its template_fix's.
  SmallVector<int64_t> lower;
  /// Per dimension: the lower bound is a run-time value (a `:` dimension
  /// whose template_fix gives it by a variable, or template_fix directives
  /// that give different ones): `lower` is unused, every template_fix
  /// stores it in memref.global @__xmp_lb_<t>_<dim> and its uses load it.
  SmallVector<bool> lowerDyn;
  SmallVector<xmpd::DistAttr> formats; // dialect order, once distributed
};
struct DistInfo {
  std::string tmpl;
  SmallVector<int64_t> align, offset, shLo, shHi;
  bool aligned = false;
  xmpd::DArrayType type;
  c::SourceLocation loc;
  /// Per dimension: the C index of the darray's element 0 (the C elements
  /// below it are aligned before the template's lower bound: not part of
  /// the distributed array).
  SmallVector<int64_t> base;
  /// A pointer (`double *a`, `double (*a)[M]`) allocated by xmp_malloc:
  /// its first dimension is `?`.
  bool pointer = false;
  /// Per dimension: aligned with a template dimension whose lower bound is
  /// a run-time value lb; the base is lb - alignC (C index k sits on
  /// template index k + alignC), a value, and `base` holds 0.
  SmallVector<bool> dynBase;
  SmallVector<int64_t> alignC;
};

struct RedClause;

struct LoopCtx {
  Value brk, cont; // memref<i1> flags, or null
  bool xmpLoop = false;
};

/// The end of `s`: an OpenACC construct's range ends with its pragma, its
/// associated statement comes after.
static c::SourceLocation stmtEnd(const c::Stmt *s) {
  if (isa<c::OpenACCConstructStmt>(s))
    for (const c::Stmt *ch : s->children())
      if (ch)
        return stmtEnd(ch);
  return s->getEndLoc();
}

static const c::VarDecl *refVar(const c::Expr *e);

/// The variable and the initial value of a for loop's `v = lb` or
/// `T v = lb`, or nulls.
static std::pair<const c::VarDecl *, const c::Expr *>
forInit(const c::ForStmt *f) {
  if (const auto *ds = dyn_cast_or_null<c::DeclStmt>(f->getInit());
      ds && ds->isSingleDecl()) {
    const auto *iv = dyn_cast<c::VarDecl>(ds->getSingleDecl());
    return {iv, iv ? iv->getInit() : nullptr};
  }
  if (const auto *bo = dyn_cast_or_null<c::BinaryOperator>(f->getInit());
      bo && bo->getOpcode() == c::BO_Assign)
    return {refVar(bo->getLHS()), bo->getRHS()};
  return {nullptr, nullptr};
}

/// What a statement uses: the variables it names (first use), those it
/// assigns (first assignment), declares, and its OpenACC constructs.
struct BodyScan : c::RecursiveASTVisitor<BodyScan> {
  llvm::SetVector<const c::VarDecl *> used;
  llvm::DenseMap<const c::VarDecl *, c::SourceLocation> firstUse, firstWrite;
  llvm::SmallPtrSet<const c::VarDecl *, 8> declared;
  SmallVector<const c::OpenACCConstructStmt *> accs;
  SmallVector<const c::ForStmt *> fors;
  bool callsDefined = false; // calls a function defined in this file
  bool VisitCallExpr(c::CallExpr *ce) {
    if (const c::FunctionDecl *fd = ce->getDirectCallee();
        fd && fd->getDefinition())
      callsDefined = true;
    return true;
  }
  bool VisitDeclRefExpr(c::DeclRefExpr *r) {
    if (auto *vd = dyn_cast<c::VarDecl>(r->getDecl()))
      if (used.insert(vd))
        firstUse[vd] = r->getBeginLoc();
    return true;
  }
  bool VisitVarDecl(c::VarDecl *vd) {
    declared.insert(vd);
    return true;
  }
  void wrote(const c::Expr *e) {
    if (const c::VarDecl *vd = refVar(e))
      firstWrite.try_emplace(vd, e->getBeginLoc());
  }
  bool VisitBinaryOperator(c::BinaryOperator *bo) {
    if (bo->isAssignmentOp())
      wrote(bo->getLHS());
    return true;
  }
  bool VisitUnaryOperator(c::UnaryOperator *uo) {
    if (uo->isIncrementDecrementOp())
      wrote(uo->getSubExpr());
    return true;
  }
  bool VisitStmt(c::Stmt *s) {
    if (auto *a = dyn_cast<c::OpenACCConstructStmt>(s))
      accs.push_back(a);
    if (auto *f = dyn_cast<c::ForStmt>(s))
      fors.push_back(f);
    return true;
  }
};

/// The step of a for loop's `v++`, `++v` or `v += c` (c a constant), or 0.
static int64_t forStep(const c::ForStmt *f, const c::VarDecl *iv,
                       c::ASTContext &actx) {
  if (const auto *uo = dyn_cast_or_null<c::UnaryOperator>(f->getInc());
      uo && uo->isIncrementOp() && refVar(uo->getSubExpr()) == iv)
    return 1;
  if (const auto *ca = dyn_cast_or_null<c::CompoundAssignOperator>(f->getInc());
      ca && ca->getOpcode() == c::BO_AddAssign && refVar(ca->getLHS()) == iv) {
    c::Expr::EvalResult r;
    if (ca->getRHS()->EvaluateAsInt(r, actx))
      return r.Val.getInt().getSExtValue();
  }
  return 0;
}

/// A standalone directive that all nodes of its node set execute together
/// (the statement-taking gmove and loop reductions aside).
static bool collectiveDirective(StringRef name) {
  return llvm::is_contained({"barrier", "reflect", "reflect_init",
                             "reflect_do", "reduction", "bcast",
                             "reduce_shadow", "template_fix"},
                            name);
}

/// Does `s` contain a return, or a break / continue leaving `s` (depth 0:
/// outside the loops in `s`; a break also outside its switches)?
struct JumpScan {
  bool ret = false, brk = false, cont = false;
  void scan(const c::Stmt *s, unsigned depth, unsigned switches = 0) {
    if (!s)
      return;
    if (isa<c::ReturnStmt>(s))
      ret = true;
    else if (isa<c::BreakStmt>(s) && depth == 0 && switches == 0)
      brk = true;
    else if (isa<c::ContinueStmt>(s) && depth == 0)
      cont = true;
    bool loop = isa<c::ForStmt, c::WhileStmt, c::DoStmt>(s);
    bool sw = isa<c::SwitchStmt>(s);
    for (const c::Stmt *ch : s->children())
      scan(ch, depth + (loop ? 1 : 0), switches + (sw ? 1 : 0));
  }
};

class Emitter {
public:
  Emitter(MLIRContext &ctx, c::ASTContext &actx, std::vector<Directive> &dirs,
          const xmpd::CFrontendOptions &options, Diag &diag)
      : ctx(ctx), actx(actx), sm(actx.getSourceManager()), dirs(dirs),
        gpu(options.gpu), ownerCheck(options.ownerCheck), diag(diag),
        b(&ctx) {}

  OwningOpRef<ModuleOp> run();

private:
  // ---- locations and diagnostics -----------------------------------------
  Location loc(c::SourceLocation sl) {
    if (sl.isInvalid())
      return UnknownLoc::get(&ctx);
    c::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(sl));
    if (p.isInvalid())
      return UnknownLoc::get(&ctx);
    return FileLineColLoc::get(&ctx, p.getFilename(), p.getLine(),
                               p.getColumn());
  }
  /// "file:line:col" of `sl` (its expansion), for run-time messages.
  std::string positionText(c::SourceLocation sl) {
    c::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(sl));
    if (p.isInvalid())
      return "";
    return std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) +
           ":" + std::to_string(p.getColumn());
  }
  bool before(c::SourceLocation a, c::SourceLocation b2) {
    return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a),
                                        sm.getExpansionLoc(b2));
  }
  void unsupported(const c::Stmt *s, const std::string &what) {
    diag.unsupported(s->getBeginLoc(), what);
  }
  bool failed() const { return diag.errors() != 0; }

  // ---- types ---------------------------------------------------------------
  Type scalarType(c::QualType qt, c::SourceLocation sl);
  bool isSigned(c::QualType qt) {
    return qt->isSignedIntegerOrEnumerationType();
  }
  bool isFloat(c::QualType qt) { return qt->isRealFloatingType(); }
  std::optional<SmallVector<int64_t>> arrayShape(c::QualType qt,
                                                 c::SourceLocation sl);
  Type ptrType() { return LLVM::LLVMPointerType::get(&ctx); }

  // ---- constants -----------------------------------------------------------
  Value cIndex(int64_t v, Location l) {
    return arith::ConstantIndexOp::create(b, l, v);
  }
  Value cInt(Type t, int64_t v, Location l) {
    return arith::ConstantOp::create(b, l, b.getIntegerAttr(t, v));
  }
  Value cFloat(Type t, double v, Location l) {
    return arith::ConstantOp::create(b, l, b.getFloatAttr(t, v));
  }
  Value cBool(bool v, Location l) { return cInt(b.getI1Type(), v, l); }
  Value zeroOf(Type t, Location l) {
    return isa<FloatType>(t) ? cFloat(t, 0.0, l) : cInt(t, 0, l);
  }

  // ---- module-level --------------------------------------------------------
  void declarationDirectives();
  void dirNodes(Directive &d);
  void dirTemplate(Directive &d);
  void dirDistribute(Directive &d);
  void dirAlign(Directive &d);
  void dirShadow(Directive &d);
  // ---- template lower bounds, template_fix, gblock, xmp_malloc ------------
  // (docs/frontend.md, "Templates fixed at run time, lower bounds, gblock")
  /// A parsed `#pragma xmp template_fix [(formats)] t[(specs)]`.
  struct FixSpec {
    std::unique_ptr<DExpr> lo, hi; // lo null: `n` (0:n-1)
    c::SourceLocation loc;
  };
  struct FixFormat {
    std::optional<xmpd::DistAttr> attr; // not gblock(name)
    std::string gblockArray;            // gblock(name)
    c::SourceLocation loc;
  };
  struct FixInfo {
    bool ok = false;
    std::string tmpl;
    c::SourceLocation tloc;
    bool haveFormats = false, haveSpecs = false;
    SmallVector<FixFormat> formats; // dialect order
    SmallVector<FixSpec> specs;     // dialect order
  };
  /// Parses a template_fix once (cached in `fixes`).
  FixInfo &parseFix(Directive &d);
  /// The lower bounds of the `:` dimensions of template `name` from its
  /// template_fix directives (constants, the same in each).
  void deferredLowerBounds(StringRef name, TemplateInfo &ti);
  void emitTemplateFix(Directive &d);
  /// Whether template `tname` is shaped or distributed by template_fix
  /// (a `:` dimension, gblock(*)).
  bool needsTemplateFix(StringRef tname);
  /// memref<i8> @__xmp_fixed_<t>: 0 until t's template_fix has run (made at
  /// the first use), so that an xmp_malloc before it names its position.
  Value templateFixedFlag(StringRef tname, Location l);
  /// `gblock(name)` of a distribute directive: the initial values of a
  /// file-scope integer array.
  std::optional<SmallVector<int64_t>> gblockSizes(StringRef name,
                                                  c::SourceLocation sl);
  /// Checks gblock sizes against the node set axis and the template size.
  bool checkGBlock(ArrayRef<int64_t> sizes, StringRef tname, unsigned tdim,
                   int64_t axisSize, int64_t tsize, c::SourceLocation sl);
  /// The grid axis of template dimension `tdim` (dialect order) and its
  /// size (kDynamic when not static).
  int64_t gridAxisSize(const TemplateInfo &ti, unsigned tdim);
  /// The C array of `gblock(m)` in a template_fix as a memref<Kxi64>.
  Value gblockMemref(const FixFormat &f, int64_t axisSize);
  /// The C shape of an aligned variable: an array, or a pointer to
  /// (arrays of) scalars, whose first dimension is `?`.
  std::optional<SmallVector<int64_t>> alignedShape(const c::VarDecl *vd,
                                                   c::SourceLocation sl,
                                                   bool &pointer);
  /// Places an aligned array on its template's dialect (0-based) indices:
  /// sets di.base and di.offset, returns the darray's shape.
  std::optional<SmallVector<int64_t>>
  placeOnTemplate(const c::VarDecl *vd, DistInfo &di,
                  ArrayRef<int64_t> cshape);
  /// The pointer darray `e` names (through parentheses and casts), or null.
  const c::VarDecl *pointerDArray(const c::Expr *e);
  /// `a = xmp_malloc(xmp_desc_of(a), n, ...)` and `xmp_free(a)` as
  /// statements: true when `e` is one (emitted or diagnosed).
  bool emitXmpAllocStmt(const c::Expr *e);
  /// Reports `e` if it uses a pointer darray other than by subscripts.
  bool misusesPointerDArray(const c::Expr *e);
  /// v + c, folding into a constant added to v before.
  Value addIndex(Value v, int64_t c, Location l);
  /// The template lower bound of dialect dimension `tdim` of `tname`.
  int64_t templateLower(StringRef tname, unsigned tdim) {
    auto it = templates.find(tname);
    return it == templates.end() || tdim >= it->second.lower.size()
               ? 0
               : it->second.lower[tdim];
  }
  /// Whether that lower bound is a run-time value (TemplateInfo::lowerDyn).
  bool lowerIsDyn(StringRef tname, unsigned tdim) {
    auto it = templates.find(tname);
    return it != templates.end() && tdim < it->second.lowerDyn.size() &&
           it->second.lowerDyn[tdim];
  }
  /// The lower bound as an index value: a constant, or the run-time one
  /// loaded from its global (before the loop op of the innermost
  /// LowerScope once that op exists, so that device loop bodies never
  /// load it themselves).
  Value templateLowerValue(StringRef tname, unsigned tdim, Location l);
  /// v - (lower bound of tname's dimension tdim): folds `x + lb` (the
  /// index of a loop on it), with constants added after, to `x`.
  Value subLower(Value v, StringRef tname, unsigned tdim, Location l);
  /// v + the lower bound (a loop index's template index).
  Value addLower(Value v, StringRef tname, unsigned tdim, Location l) {
    if (!lowerIsDyn(tname, tdim))
      return addIndex(v, templateLower(tname, tdim), l);
    return arith::AddIOp::create(b, l, v, templateLowerValue(tname, tdim, l));
  }
  /// The C index of a darray's element 0 along `d` (DistInfo::base), a
  /// value.
  Value baseValue(const DistInfo &di, unsigned d, Location l);
  /// Run-time lower bounds loaded for the loop being emitted (see
  /// templateLowerValue); `anchor` is its op once created.
  struct LowerScope {
    Operation *anchor = nullptr;
    std::map<std::pair<std::string, unsigned>, Value> values;
  };
  SmallVector<LowerScope> lowerScopes;
  /// The loaded run-time lower bounds: which template dimension each is.
  llvm::DenseMap<Value, std::pair<std::string, unsigned>> lowerOf;
  /// Subtracts the bases of a darray's dimensions from C subscripts.
  void rebaseIndices(const c::VarDecl *vd, SmallVectorImpl<Value> &idx,
                     Location l);
  std::map<const Directive *, FixInfo> fixes;
  /// The xmp_malloc'd arrays of main, not yet freed (freed at its end).
  llvm::MapVector<const c::VarDecl *, Value> mallocArrays;
  void globals();
  void computeHiddenParams();
  void declareFunctions();
  void emitFunction(const c::FunctionDecl *fd);
  const c::VarDecl *globalVar(StringRef name) {
    auto it = globalVars.find(name);
    return it == globalVars.end() ? nullptr : it->second;
  }
  bool insideFunction(c::SourceLocation sl) {
    for (auto &r : functionRanges)
      if (!before(sl, r.getBegin()) && before(sl, r.getEnd()))
        return true;
    return false;
  }
  FlatSymbolRefAttr allNodes();
  /// The executing node set: every node outside tasks, a task's node set
  /// inside one. In a task on a template element or on a node reference
  /// with run-time coordinates, which have no node set, an error at `sl`
  /// naming `what` (and null).
  /// The coordinates, in node set `to`, of the node at `coords` of node
  /// set `from` (both dialect order), when the declarations make them
  /// static: through subsets (reshaped ones too) to the world rank and
  /// back. nullopt when a size needed is known only at run time, or (with
  /// `outside` set) when the node is not one of `to`'s.
  std::optional<SmallVector<int64_t>> nodeIn(StringRef from,
                                             ArrayRef<int64_t> coords,
                                             StringRef to, bool &outside);
  FlatSymbolRefAttr executingNodes(c::SourceLocation sl,
                                   const std::string &what);
  /// An enclosing task.
  struct TaskCtx {
    std::string set; // its node set ("": on a template or a run-time ref)
    /// A node reference with run-time coordinates: the task directive (an
    /// invalid location otherwise).
    c::SourceLocation dynRef;
    std::string dynRefText; // how that reference was written, `p(k)`
    /// A constant reference with `*` (XMP: the executing node's own
    /// coordinate): the axes of `set` that are `*` (set's axis is whole
    /// there; each node's task nodes are those on its own coordinates),
    /// the task directive and the reference as written.
    SmallVector<unsigned> starAxes;
    c::SourceLocation starRef;
    std::string starText;
  };
  /// Inside a task whose reference has `*`: an error at `sl` for `what`,
  /// which would need the task's node set (one per node there), and true.
  bool inStarTask(c::SourceLocation sl, const std::string &what);
  std::vector<TaskCtx> taskNodes;
  /// Inside a task on a node reference with run-time coordinates (at any
  /// depth): an error at `sl` for the collective `what` (the dialect
  /// allows none there) and true.
  bool collectiveInDynamicTask(c::SourceLocation sl, const std::string &what);
  /// The node subsets declared for tasks on node references, by parent
  /// and triplets.
  llvm::StringMap<std::string> taskSubsets;

  // ---- statements ----------------------------------------------------------
  void emitStmt(const c::Stmt *s);
  void emitCompound(const c::CompoundStmt *cs);
  void emitDecl(const c::VarDecl *vd);
  /// Stores the elements that initializer list `il` (Clang's semantic
  /// form) of a local array of type `ty` gives into `m` at the leading
  /// indices `idx`; false after a diagnostic.
  bool emitArrayInit(const c::InitListExpr *il, c::QualType ty, Value m,
                     SmallVectorImpl<Value> &idx, Location l);
  void emitIf(const c::IfStmt *s);
  /// A switch: its cases in order, each run once a label at or before it
  /// matched, until a break (C's fall-through), under flags.
  void emitSwitch(const c::SwitchStmt *s);
  void emitLoop(const c::Stmt *s);
  bool emitCountedFor(const c::ForStmt *f);
  void emitReturn(const c::ReturnStmt *s);
  void emitJump(const c::Stmt *s, bool isBreak);
  /// !(any active jump flag), or null when there is no flag.
  Value notJumped(Location l, bool includeLoopFlags = true);
  /// After statement `s` of a block, when it may return, break or
  /// continue: an scf.if on notJumped() that the rest of the block goes
  /// into (the builder is put inside it), or null.
  scf::IfOp guardRestAfter(const c::Stmt *s);
  Value allocaAtEntry(MemRefType t, Location l);

  // ---- directives ----------------------------------------------------------
  std::vector<Directive *> takeDirectives(c::SourceLocation after,
                                          c::SourceLocation before);
  void emitStandalone(Directive &d);
  /// `#pragma xmp loop` and, with `device`, XMP-dev's `#pragma xmp device
  /// loop` (an xmp.device_loop on the loop's template).
  void emitXmpLoop(Directive &d, const c::Stmt *s, const c::CompoundStmt *cs,
                   bool device = false);
  // XMP-dev (docs/frontend.md, "XMP-dev").
  void emitDeviceReplicate(Directive &d, const c::Stmt *s);
  /// `body` in an xmp.replicate region of `arrays` (none: just `body`),
  /// with replicate_sync in of `ins` at its start and out of `outs` at its
  /// end; the arrays are present (accPresent) inside.
  void replicateRegion(ArrayRef<const c::VarDecl *> arrays,
                       ArrayRef<const c::VarDecl *> ins,
                       ArrayRef<const c::VarDecl *> outs, const c::Stmt *body,
                       Location l, Location end);
  void dirReplicateSync(Directive &d);
  void dirResetWeight(Directive &d);
  /// `truth[k]`: the private copy `privs[k]` of a `&&` / `||` reduction
  /// yields its truth value (i1).
  void emitLoopBody(const c::Stmt *body, ArrayRef<Value> privs,
                    const llvm::DenseMap<const c::VarDecl *, Storage> &saved,
                    Location l, ArrayRef<bool> truth = {});
  void dirReflect(Directive &d, bool init, bool doPlan);
  void dirReduction(Directive &d);
  /// i1 -> 0 / 1 of type `t`.
  Value fromBool(Value v, Type t, Location l);
  /// Each element of the memref `m` becomes its truth value, 0 / 1 of its
  /// type (an in-place `&&` / `||` reduction: then min / max).
  void normalizeTruth(Value m, Location l);
  /// The checks of variable `vi` of a location reduction (a scalar, not
  /// unsigned; none for the other operators).
  bool checkRedVarType(const c::VarDecl *vd, const RedClause &rc,
                       unsigned vi, c::SourceLocation sl);
  /// The storage of the location variables of variable `vi` of `rc`
  /// (scalars; none of the loop variables `ivs`), or false after an error.
  bool locationStorage(const RedClause &rc, unsigned vi,
                       ArrayRef<const c::VarDecl *> ivs,
                       SmallVectorImpl<Storage> &out);
  /// `xmp.reduction firstmax %v loc(...) on @grid [axes]` of the scalar
  /// memref `m` and the location variables, the results stored back.
  void emitLocationReduction(xmpd::ReductionKind kind, Value m,
                             ArrayRef<Storage> locSt, FlatSymbolRefAttr grid,
                             DenseI64ArrayAttr axes, Location l,
                             Value member = Value());
  void dirBcast(Directive &d);
  void dirBarrier(Directive &d);
  void emitGmove(Directive &d, const c::Stmt *s);
  void emitTask(Directive &d, const c::Stmt *s);
  void emitTasks(Directive &d, const c::Stmt *s);
  /// A directive expression with C variables (loaded) as an index.
  Value emitDExpr(const DExpr &e);
  void dirWaitAsync(Directive &d);
  /// `xmp_test_async(id)`: 1 when every request that `wait_async(id)`
  /// would complete here is complete, else 0, as a value of type `rt`; the
  /// requests stay pending (docs/frontend.md).
  Value emitTestAsync(const c::CallExpr *ce, Type rt);
  /// One subscript of a node or template reference: `*`, an expression or
  /// a triplet (hi: the upper bound when parenthesized, else the length).
  struct RefSub {
    c::SourceLocation loc;
    bool star = false, triplet = false;
    std::unique_ptr<DExpr> lo, hi, st;
  };
  /// `(...)` or `[...]` of a reference; whether it was parenthesized.
  std::optional<bool> parseRefSubs(TokCursor &tc,
                                   SmallVectorImpl<RefSub> &subs);
  /// The dialect triplets (0-based, half-open, per axis of node set `name`,
  /// `subs` in dialect order) and the shape of a node reference; a single
  /// coordinate keeps its axis of size 1, or drops it (step 0) when
  /// `dropSingle`.
  bool nodeRefTriplets(StringRef name, MutableArrayRef<RefSub> subs,
                       bool paren, bool dropSingle,
                       SmallVectorImpl<int64_t> &trip,
                       SmallVectorImpl<int64_t> &subShape);
  /// The triplets of a node reference with run-time coordinates (some
  /// part names a variable) for xmp.task: `trip` and `isDyn` as the op's
  /// subset and subsetDynamic, `values` its refValues (emitted here). A
  /// single coordinate is one (step 0); constant parts are checked as in
  /// nodeRefTriplets, run-time ones are left to run time (outside the node
  /// set: no node).
  bool nodeRefDynamic(StringRef name, MutableArrayRef<RefSub> subs, bool paren,
                      SmallVectorImpl<int64_t> &trip,
                      SmallVectorImpl<bool> &isDyn,
                      SmallVectorImpl<Value> &values, Location l);
  /// `xmp.nodes @sub(shape) = @parent [trip]` after the declarations
  /// (`= reshape @parent [trip]` when `reshape`).
  /// Where an axis of node set `name` has its size only at run time (`*`):
  /// stops the job at `at` when the constant reference `trip` (checked
  /// against the static axes by nodeRefTriplets) names nodes it does not
  /// have. Its subset is declared for any job size and is built at start-up
  /// (the runtime defers the error to its use); XMP evaluates the
  /// reference where the directive runs, so this is where the error is.
  void checkRefFits(StringRef name, ArrayRef<int64_t> trip, bool paren,
                    c::SourceLocation at, StringRef what,
                    StringRef ref = "the node reference");
  void declareSubset(StringRef sub, StringRef parent, ArrayRef<int64_t> shape,
                     ArrayRef<int64_t> trip, Location l, bool reshape = false);
  /// `nodes q(...) = p(...)`: the rest of the directive after `=`.
  void dirNodeSubset(Directive &d, TokCursor &tc, StringRef name,
                     SmallVector<int64_t> shape, bool paren);
  /// One side of a gmove statement: an array section, an element or a
  /// scalar variable.
  struct GSide {
    Value array;
    SmallVector<Value> dyn;      // operands of the kDynamic components
    SmallVector<int64_t> statics; // lb, ub, step per dimension
    SmallVector<bool> scalar;
    SmallVector<int64_t> shape; // counts of the triplet dimensions
    SmallVector<Value> counts;  // the same as index values
    bool darray = false;
    std::string name;
  };
  std::optional<GSide> gmoveSide(const c::Expr *e);
  /// Stops the node at run time when `bad` holds, printing `xmp: node N:
  /// <what> at <position of at>: ` and `text`, a printf format whose
  /// conversions take `args` (index values as `%lld`, f64 as `%g`).
  void runtimeCheck(Value bad, c::SourceLocation at, StringRef what,
                    StringRef text, ArrayRef<Value> args);
  void gmoveCheck(Value bad, c::SourceLocation at, StringRef text,
                  ArrayRef<Value> args) {
    runtimeCheck(bad, at, "gmove", text, args);
  }
  /// A gmove between local arrays or scalars: the copy, on each node.
  void localGmove(const GSide &src, const GSide &dst, Directive &d);
  /// A NUL-terminated string constant (a private global) and its address.
  Value cString(StringRef text, Location l);
  /// The nodes of the `on` clause of reduction, bcast and barrier: a node
  /// set, a node reference (`*` is the executing node's own coordinate) or
  /// a template reference (docs/frontend.md).
  struct OnRef {
    bool given = false;    // an `on` clause
    std::string name;      // the node set named (a template's: its nodes)
    std::string text;      // as written (`p(:, *)`), for messages
    c::SourceLocation loc; // of the name
    /// The grid of the op: `name`, or a subset of it for the reference's
    /// constant coordinates (`trip`, per axis of `name`; shape `subShape`),
    /// declared by onGrid when an op needs it.
    std::string set;
    SmallVector<int64_t> trip, subShape;
    /// Per axis of `name` (dialect order): `*` or a run-time coordinate
    /// (the node's own), a constant coordinate, a triplet; its subscript.
    enum Kind { Star, Single, Range };
    SmallVector<Kind> kinds;
    SmallVector<c::SourceLocation> subLocs;
    bool star = false; // some axis is the node's own: `axes` combine
    /// With `star`, the axes of `set` the op combines along (the triplet
    /// ones); without, the op combines the whole set.
    SmallVector<int64_t> axes;
    bool self = false; // each node's node set is itself: nothing to do
    Value guard;       // run-time coordinates: whether this node is in it
    /// Axes whose nodes are not a constant triplet: a triplet with
    /// run-time bounds (0-based `lo`, exclusive `hi`, `st`), or the
    /// owners of a template section (`coords`, ascending): the op runs
    /// along the whole axis, every node of it taking part; `member` is
    /// whether this node is one of the reference's nodes (the others
    /// contribute the identity and keep their values).
    struct Mask {
      Value lo, hi, st;
      SmallVector<int64_t> coords;
      /// Or the owners of a whole template dimension known only at run
      /// time (`t(:)`, `t` on `p(*)`: nodes past the last block own
      /// nothing): whether this node is one (`self`), and the template
      /// and its dimension (the first owner owns index 0).
      Value self;
      std::string tmpl;
      int64_t tdim = 0;
    };
    SmallVector<std::optional<Mask>> masks; // per axis, when some is masked
    Value member;
  };
  std::optional<OnRef> parseOnRef(TokCursor &tc, Directive &d);
  /// Whether coordinate `c` (index) is one of mask `m`'s.
  Value inMask(const OnRef::Mask &m, Value c, Location l);
  /// OnRef::member: this node is one of `on`'s nodes.
  Value onMember(const OnRef &on, ArrayRef<int64_t> trip, Location l);
  /// The identity of `kind` on `t` (float add: -0.0, which leaves every
  /// value as it is).
  Value maskIdentity(xmpd::ReductionKind kind, Type t, Location l);
  /// `reduce`, which reduces the memref `m` in place with kind `kind`,
  /// the nodes without `contrib` taking part with the identity in every
  /// element, those without `member` keeping their elements (OnRef::masks).
  void maskedInPlace(Value m, xmpd::ReductionKind kind, Value contrib,
                     Value member, function_ref<void()> reduce, Location l);
  /// `body` on every element of memref `m` (a loop nest).
  void forEachElement(Value m, function_ref<void(ValueRange)> body,
                      Location l);
  /// Template dimension `td` of `ti` for the runtime's index math, when
  /// its size, lower bound, distribution and grid axis are constants.
  std::optional<xmprt::dist::TemplateDim>
  staticTemplateDim(const TemplateInfo &ti, unsigned td);
  /// Subscript `sb` of template `tn` on its dimension `td` in the `on`
  /// clause of directive `dn`: in `out`, the subscript of the nodes that
  /// own the index or section, in the reference's convention (`paren`),
  /// or `*` with the owners of a run-time index ANDed into `guard`.
  /// A section whose nodes are not a triplet: `:` in `out`, its nodes'
  /// coordinates in `set` (a mask). `:` of a dimension whose size or
  /// distribution is known only at run time: `:` in `out`, and in
  /// `owners` whether this node owns an element of it (and its first).
  bool templateOnSub(StringRef tn, unsigned td, RefSub &sb, bool paren,
                     StringRef dn, RefSub &out, Value &guard,
                     SmallVectorImpl<int64_t> &set,
                     std::optional<OnRef::Mask> &owners);
  /// The grid of `on`'s op (its subset declared, or found, here).
  FlatSymbolRefAttr onGrid(OnRef &on, Location l);
  /// Emits `body` where the node is in `on` (under its guard).
  void underGuard(const OnRef &on, Location l, function_ref<void()> body);
  /// The message for async on a directive whose `on` names each node
  /// alone.
  std::string selfAsync(const OnRef &on, StringRef dn);
  /// The message for async on a directive whose `on` is masked.
  std::string maskedAsync(const OnRef &on, StringRef dn, StringRef what);
  /// Where every mask of `on` is the run-time owners of a whole template
  /// dimension (Mask::self) and `how` (async, ...) cannot leave nodes out:
  /// stops the job at `at` on a node that owns nothing (then the owners
  /// are every node of the dimension) and drops the masks.
  void ownersOnly(OnRef &on, c::SourceLocation at, StringRef dn,
                  StringRef how);
  /// The reduction of darray `array` (variable `n` at `sl`) by directive
  /// `d` on `on`; false after an error.
  bool darrayReduction(Directive &d, const OnRef &on,
                       xmpd::ReductionKindAttr kind, StringRef n,
                       c::SourceLocation sl, Value array, bool acc,
                       std::optional<int64_t> asyncId,
                       c::SourceLocation asyncLoc);
  const c::VarDecl *lookupName(StringRef name) {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end())
        return f->second;
    }
    return globalVar(name);
  }
  /// The darray of variable `name`, or an error at `sl`.
  std::optional<std::pair<const c::VarDecl *, Value>>
  darrayNamed(StringRef name, c::SourceLocation sl, Directive &d);

  // ---- expressions ---------------------------------------------------------
  Value emitExpr(const c::Expr *e);
  Value emitIndex(const c::Expr *e);
  Value emitCond(const c::Expr *e);
  std::optional<LValue> emitLValue(const c::Expr *e);
  Value load(const LValue &lv, Location l);
  void store(const LValue &lv, Value v, Location l);
  Value convert(Value v, c::QualType from, c::QualType to, Location l);
  Value toBool(Value v, Location l);
  Value toIndex(Value v, c::QualType from, Location l) {
    if (isa<IndexType>(v.getType()))
      return v;
    if (isSigned(from))
      return arith::IndexCastOp::create(b, l, b.getIndexType(), v);
    return arith::IndexCastUIOp::create(b, l, b.getIndexType(), v);
  }
  Value arith2(c::BinaryOperatorKind op, Value a, Value c2, c::QualType t,
               Location l, const c::Expr *where);
  Value compare(c::BinaryOperatorKind op, Value a, Value c2, c::QualType t,
                Location l);
  Value emitCall(const c::CallExpr *ce);
  /// The memref passed for array parameter `pd` (of type `mt`): a whole
  /// local or file-scope array, or an array parameter; null after a
  /// diagnostic.
  Value arrayArgument(const c::Expr *ae, const c::ParmVarDecl *pd,
                      MemRefType mt);
  Value emitLogical(const c::BinaryOperator *bo);
  Value emitIncDec(const c::UnaryOperator *uo);
  Value emitCompoundAssign(const c::CompoundAssignOperator *ca);
  Value stringLiteral(const c::StringLiteral *s, Location l);
  std::optional<Storage> storageOf(const c::VarDecl *vd,
                                   c::SourceLocation use);
  Value memrefOf(const Storage &st, Location l) {
    if (st.kind == Storage::Global)
      return memref::GetGlobalOp::create(b, l, st.type, st.sym);
    return st.v;
  }
  LLVM::LLVMFuncOp externFunc(StringRef name, LLVM::LLVMFunctionType t);

  // ---- state ---------------------------------------------------------------
  MLIRContext &ctx;
  c::ASTContext &actx;
  c::SourceManager &sm;
  std::vector<Directive> &dirs;
  bool gpu;
  bool ownerCheck;
  Diag &diag;
  OpBuilder b;
  ModuleOp module;

  llvm::StringMap<NodesInfo> nodes;
  llvm::StringMap<TemplateInfo> templates;
  llvm::MapVector<const c::VarDecl *, DistInfo> darrays;
  llvm::StringMap<const c::VarDecl *> globalVars;
  llvm::DenseMap<const c::VarDecl *, std::string> globalSyms;
  std::vector<c::SourceRange> functionRanges;
  std::vector<const c::FunctionDecl *> functions;
  llvm::DenseMap<const c::FunctionDecl *, SmallVector<const c::VarDecl *>>
      hidden;
  llvm::DenseMap<const c::FunctionDecl *, func::FuncOp> funcOps;
  /// Functions that execute (or call one that executes) something whose
  /// nodes are the executing node set: a collective directive or an
  /// executing-node inquiry, with where (the first found) and what. A task
  /// does not pass its node set into the functions it calls, so calling
  /// one there is diagnosed (the task's nodes alone would run it).
  llvm::DenseMap<const c::FunctionDecl *,
                 std::pair<c::SourceLocation, std::string>>
      executesCollective, executesInquiry;
  /// Parameters declared as arrays (`double v[N]`, `double m[][M]`): a
  /// memref whose first dimension is `?`, the caller's array.
  llvm::DenseMap<const c::VarDecl *, MemRefType> arrayParams;
  bool haveAllNodes = false;

  // per function
  func::FuncOp fn;
  const c::FunctionDecl *curFD = nullptr;
  Block *entry = nullptr;
  llvm::DenseMap<const c::VarDecl *, Storage> storage;
  std::vector<llvm::StringMap<const c::VarDecl *>> scopes;
  std::vector<llvm::DenseMap<const c::VarDecl *, Value>> plans;
  /// Per { } block: the requests of `gmove async(id)` not yet waited for,
  /// by id, with their directives.
  struct Pending {
    Value request; // !xmp.request, or the !xmp.token of an async reflect
    Directive *dir;
    Value result; // memref<T>: a scalar's reduced / broadcast value, or null
    /// Handed to its async id (xmp.async_register after the start): a
    /// wait or test that the start does not reach as an SSA value
    /// completes or tests it through the id (xmp.wait_async /
    /// xmp.test_async).
    bool registered = false;
    /// Completed through the id by a wait in a nested region (which may
    /// not have run): kept for the waits after it, not reported unwaited.
    bool waitedThroughId = false;
  };
  /// Registers `p` with its id after its start (once).
  void registerPending(Pending &p, int64_t id);
  /// Where `#pragma xmp wait_async` finds the requests of an id: in this
  /// { } block or an enclosing one of the function (docs/frontend.md).
  Pending *findPending(int64_t id, unsigned &level);
  /// Completes a started operation: the wait, and a scalar's store.
  void completePending(const Pending &p, Location l);
  /// The requests a { } block leaves pending go to the enclosing block
  /// (the wait must then be in the same MLIR block as the start), or are
  /// reported at the end of the function.
  void passPendingUp();
  /// `async(id)` after the word `async`.
  static bool parseAsyncId(TokCursor &tc, Diag &diag,
                           std::optional<int64_t> &id);
  /// `reflect (a) ... async(id)`: a plan started now, its wait at
  /// wait_async.
  void startReflect(Directive &d, Value darray, DenseI64ArrayAttr wlo,
                    DenseI64ArrayAttr whi, DenseBoolArrayAttr per, bool orth,
                    bool acc, int64_t id);
  /// reduction / bcast async of a memref: the start op, its request kept.
  void startCollective(Directive &d, int64_t id, Value m,
                       function_ref<Value(Value)> start, Location l);
  /// The `width(...)` clause of reflect, reflect_init and reduce_shadow.
  struct WidthClause {
    SmallVector<int64_t> lo, hi;
    SmallVector<bool> periodic;
    c::SourceLocation loc; // invalid: no clause
    bool given() const { return loc.isValid(); }
  };
  /// The clause after its word (at `sl`), once per directive.
  static bool parseWidthClause(TokCursor &tc, Diag &diag,
                               c::SourceLocation sl, WidthClause &w);
  /// The op attributes of `w` for the array `n` of `type` (null when the
  /// clause is absent), or nullopt after an error (one width per
  /// dimension).
  std::optional<std::tuple<DenseI64ArrayAttr, DenseI64ArrayAttr,
                           DenseBoolArrayAttr>>
  widthAttrs(const WidthClause &w, xmpd::DArrayType type, StringRef n);
  /// `#pragma xmp reduce_shadow (a, ...)`, `(+: a)`, `(max: a)`, `(min: a)`.
  void dirReduceShadow(Directive &d);
  /// `[/periodic/] lo[:hi], ...)` of a width clause after its '('.
  static bool parseWidths(TokCursor &tc, Diag &diag, SmallVectorImpl<int64_t> &lo,
                          SmallVectorImpl<int64_t> &hi,
                          SmallVectorImpl<bool> &periodic,
                          const char *modifier = "periodic");
  /// A loop's `expand(...)` or `margin(...)` clause (docs/frontend.md).
  struct WidenClause {
    bool margin = false;
    c::SourceLocation loc;
    SmallVector<int64_t> lo, hi; // per template subscript, as written
    SmallVector<bool> unbound;
  };
  /// The clause after its word (`margin` when `margin`).
  static bool parseWiden(TokCursor &tc, Diag &diag, bool margin,
                         c::SourceLocation sl,
                         std::optional<WidenClause> &w);
  /// The loop attributes of `w` for the induction variables `ivs` (their
  /// template subscripts `subs`, as written), or false with an error.
  bool widenAttrs(const WidenClause &w,
                  ArrayRef<std::pair<std::string, c::SourceLocation>> subs,
                  ArrayRef<const c::VarDecl *> ivs, bool reduces,
                  StringRef dn);
  /// Sets the attributes of the pending clause on the loop just built.
  void applyWiden(Operation *loopOp) {
    for (NamedAttribute a : widenPending)
      loopOp->setAttr(a.getName(), a.getValue());
    widenPending.clear();
  }
  NamedAttrList widenPending;
  std::vector<llvm::MapVector<int64_t, SmallVector<Pending>>> requests;
  std::vector<LoopCtx> loops;
  Value retFlag, retSlot;
  const c::Stmt *tailReturn = nullptr;
  unsigned strCount = 0;

  // ---- OpenACC with --gpu (docs/frontend.md, "OpenACC with --gpu") -------
public:
  /// An OpenACC construct on the for-nest of an xmp loop and the nest level
  /// (0: the outermost loop) of the loop it is on.
  struct AccOnNest {
    const c::OpenACCConstructStmt *acc;
    unsigned level;
  };
  /// A reduction that `#pragma xmp reduction` completes (an acc reduction
  /// in an xmp loop without its own reduction clause): the device loop
  /// already combined the nodes (docs/frontend.md).
  struct Fused {
    xmpd::ReductionKind kind;
    bool logical; // && / ||: kind is and / or on the truth values
    Value partial;    // memref<T>: the loop's value when the variable did
                      // not hold the identity before the loop; else null
    std::string grid; // the loop template's node set
    bool guard;       // the directive names every node and the grid may not
                      // hold them all: the others get node 1's value
  };

private:
  void emitAcc(const c::OpenACCConstructStmt *s);
  void accData(const c::OpenACCDataConstruct *s);
  void accUpdate(const c::OpenACCUpdateConstruct *s);
  /// The variable a clause names, or an error (array sections, members).
  const c::VarDecl *accVar(const c::Expr *e, const c::OpenACCClause *cl,
                           const c::OpenACCConstructStmt *s);
  bool accPresentHere(const c::VarDecl *vd) {
    for (auto &set : accPresent)
      if (set.count(vd))
        return true;
    return false;
  }
  void emitDeviceLoop(Directive &d, const c::Stmt *s,
                      const c::CompoundStmt *cs, StringRef tname,
                      ArrayRef<const c::VarDecl *> ivs, ValueRange lbs,
                      ValueRange ubs, ValueRange steps,
                      ArrayRef<int64_t> onDims, const c::Stmt *body,
                      ArrayRef<std::pair<std::string, c::SourceLocation>>
                          xmpRedVars,
                      ArrayRef<xmpd::ReductionKind> xmpRedKinds,
                      ArrayRef<bool> xmpRedLogical,
                      ArrayRef<AccOnNest> accs);
  /// The `#pragma xmp reduction` after `s` in `cs` that completes the acc
  /// reduction of `vd` in the loop `s`, or null with `why` at `whyLoc`.
  Directive *completingReduction(const c::CompoundStmt *cs, const c::Stmt *s,
                                 const c::VarDecl *vd, xmpd::ReductionKind k,
                                 bool logical, StringRef tname,
                                 ArrayRef<int64_t> onDims, bool &guard,
                                 std::string &why, c::SourceLocation &whyLoc);
  /// Whether `vd` provably holds the identity of `k` where `s` starts.
  bool identityBefore(const c::CompoundStmt *cs, const c::Stmt *s,
                      const Directive &loopDir, const c::VarDecl *vd,
                      xmpd::ReductionKind k, bool logical);
  /// Whether a statement directive in (from, to), other than `except`,
  /// names `vd`.
  bool directiveNames(c::SourceLocation from, c::SourceLocation to,
                      const c::VarDecl *vd, const Directive *except);
  void fusedReduction(const Fused &f, const Storage &st,
                      FlatSymbolRefAttr grid, Location l);
  /// The checks a reduction variable passes (scalar, kind and type;
  /// `logical`: `&&` / `||`).
  bool checkReductionVar(const c::VarDecl *vd, const Storage &st,
                         xmpd::ReductionKind k, c::SourceLocation sl,
                         bool logical = false);

  Block *allocaBlock = nullptr; // a device loop's body: its allocas go here
  /// The expression of a device loop's `weight(expr)`: the argument of the
  /// statement `__xmp_weight((expr));` the pragma handler put after the
  /// directive (set while emitXmpLoop runs on it).
  const c::Expr *weightStmtExpr = nullptr;
  /// The argument of the `device reset_weight` being emitted, from its
  /// `__xmp_weight((expr));` statement (null: read from its tokens).
  const c::Expr *resetWeightExpr = nullptr;
  /// A CPU share given as a C expression (the weight clause, reset_weight):
  /// a constant is checked here (an error naming `what`) and becomes an
  /// arith.constant; any other value is evaluated and checked when it runs
  /// (the node stops, naming `dir` at `at`). Null after an error.
  Value cpuShare(const c::Expr *we, c::SourceLocation at, StringRef what,
                 StringRef dir);
  /// A device loop directive's weight clause, for emitDeviceLoop.
  struct WeightClause {
    c::SourceLocation loc;
    bool isAuto = false;
    const c::Expr *expr = nullptr;
  };
  std::optional<WeightClause> devWeight;
  /// The darrays of the enclosing `acc data` constructs of this function.
  std::vector<llvm::SmallPtrSet<const c::VarDecl *, 8>> accPresent;
  /// Functions with an `acc data` construct of a darray, directly or in
  /// a callee, and those darrays.
  llvm::DenseMap<const c::FunctionDecl *,
                 llvm::SmallPtrSet<const c::VarDecl *, 8>>
      accDataArrays;
  std::map<std::pair<const Directive *, const c::VarDecl *>, Fused> fused;
};

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type Emitter::scalarType(c::QualType qt, c::SourceLocation sl) {
  qt = qt.getCanonicalType();
  if (qt->isPointerType())
    return ptrType();
  if (const auto *et = qt->getAs<c::EnumType>())
    return scalarType(et->getDecl()->getIntegerType(), sl);
  if (const auto *bt = qt->getAs<c::BuiltinType>()) {
    switch (bt->getKind()) {
    case c::BuiltinType::Bool:
      return b.getI1Type();
    case c::BuiltinType::Char_S:
    case c::BuiltinType::Char_U:
    case c::BuiltinType::SChar:
    case c::BuiltinType::UChar:
      return b.getI8Type();
    case c::BuiltinType::Short:
    case c::BuiltinType::UShort:
      return b.getI16Type();
    case c::BuiltinType::Int:
    case c::BuiltinType::UInt:
      return b.getI32Type();
    case c::BuiltinType::Long:
    case c::BuiltinType::ULong:
    case c::BuiltinType::LongLong:
    case c::BuiltinType::ULongLong:
      return b.getI64Type();
    case c::BuiltinType::Float:
      return b.getF32Type();
    case c::BuiltinType::Double:
      return b.getF64Type();
    default:
      break;
    }
  }
  diag.unsupported(sl, "type '" + qt.getAsString() + "'");
  return nullptr;
}

std::optional<SmallVector<int64_t>> Emitter::arrayShape(c::QualType qt,
                                                        c::SourceLocation sl) {
  SmallVector<int64_t> shape;
  while (qt->isArrayType()) {
    const c::ConstantArrayType *cat = actx.getAsConstantArrayType(qt);
    if (!cat) {
      diag.unsupported(sl, "an array without a constant size");
      return std::nullopt;
    }
    shape.push_back((int64_t)cat->getSize().getZExtValue());
    qt = cat->getElementType();
  }
  return shape;
}

//===----------------------------------------------------------------------===//
// Declaration directives
//===----------------------------------------------------------------------===//

/// A constant `a` or `a:b` of a directive (b: nullopt without the colon);
/// `at` gets a's position.
static std::optional<std::pair<int64_t, std::optional<int64_t>>>
parseConstPair(TokCursor &tc, Diag &diag, c::SourceLocation &at) {
  auto e = tc.expr();
  if (!e)
    return std::nullopt;
  at = e->loc;
  auto a = evalConst(*e, diag);
  if (!a)
    return std::nullopt;
  if (!tc.accept(c::tok::colon))
    return std::make_pair(*a, std::optional<int64_t>());
  auto e2 = tc.expr();
  if (!e2)
    return std::nullopt;
  auto v = evalConst(*e2, diag);
  if (!v)
    return std::nullopt;
  return std::make_pair(*a, std::optional<int64_t>(*v));
}

/// `w` or `lo:hi` (constants, not negative: an error naming `what`).
static bool parseLoHi(TokCursor &tc, Diag &diag, const char *what,
                      SmallVectorImpl<int64_t> &lo,
                      SmallVectorImpl<int64_t> &hi) {
  c::SourceLocation at;
  auto pr = parseConstPair(tc, diag, at);
  if (!pr)
    return false;
  int64_t a = pr->first, h = pr->second.value_or(a);
  if (a < 0 || h < 0) {
    diag.error(at, std::string(what) + " must not be negative");
    return false;
  }
  lo.push_back(a);
  hi.push_back(h);
  return true;
}

/// A parenthesized (Fortran-order, XMP C) or bracketed (C-order) list of
/// items; `item` parses one. Returns whether the list was parenthesized.
template <typename F>
static std::optional<bool> parseDims(TokCursor &tc, F item) {
  if (tc.accept(c::tok::l_paren)) {
    do {
      if (!item())
        return std::nullopt;
    } while (tc.accept(c::tok::comma));
    if (!tc.expect(c::tok::r_paren, "')'"))
      return std::nullopt;
    return true;
  }
  if (tc.is(c::tok::l_square)) {
    while (tc.accept(c::tok::l_square)) {
      if (!item() || !tc.expect(c::tok::r_square, "']'"))
        return std::nullopt;
    }
    return false;
  }
  tc.expect(c::tok::l_paren, "'(' or '['");
  return std::nullopt;
}

void Emitter::dirNodes(Directive &d) {
  TokCursor tc(d, diag);
  auto name = tc.name("a node set name");
  if (!name)
    return;
  SmallVector<int64_t> shape;
  auto paren = parseDims(tc, [&]() -> bool {
    if (tc.accept(c::tok::star)) {
      shape.push_back(ShapedType::kDynamic);
      return true;
    }
    auto e = tc.expr();
    if (!e)
      return false;
    auto v = evalConst(*e, diag);
    if (!v)
      return false;
    if (*v < 1) {
      diag.error(e->loc, "a node set dimension must be at least 1");
      return false;
    }
    shape.push_back(*v);
    return true;
  });
  if (!paren)
    return;
  if (tc.accept(c::tok::equal))
    return dirNodeSubset(d, tc, *name, shape, *paren);
  if (!tc.expectEnd())
    return;
  if (nodes.count(*name) || templates.count(*name)) {
    diag.error(d.nameLoc, "'" + *name + "' is declared twice");
    return;
  }
  if (*paren)
    std::reverse(shape.begin(), shape.end());
  nodes[*name].shape = shape;
  xmpd::NodesOp::create(b, loc(d.loc), *name, shape, FlatSymbolRefAttr(),
                        DenseI64ArrayAttr());
}

void Emitter::dirNodeSubset(Directive &d, TokCursor &tc, StringRef name,
                            SmallVector<int64_t> shape, bool paren) {
  // nodes q(...) = p(...): a subset of an earlier node set (a subset of a
  // subset too), with the triplets of task's node references; a single
  // coordinate drops its axis (XMP: `q(4) = p(*, 2)` is 1-D).
  c::SourceLocation pl = tc.loc();
  if (tc.accept(c::tok::star)) {
    // `= *`: the executing nodes. Node sets are declared at file scope
    // only (a declaration inside a function is diagnosed before), where
    // the executing nodes are all nodes: `nodes q(2,2) = *` is `nodes
    // q(2,2)`, with its run-time rules (`*` sizes from the node count, a
    // static grid larger than it an error, ranks beyond it outside).
    if (!tc.expectEnd())
      return;
    if (nodes.count(name) || templates.count(name))
      return diag.error(d.nameLoc, "'" + name.str() + "' is declared twice");
    if (paren)
      std::reverse(shape.begin(), shape.end());
    nodes[name].shape = shape;
    xmpd::NodesOp::create(b, loc(d.loc), name, shape, FlatSymbolRefAttr(),
                          DenseI64ArrayAttr());
    return;
  }
  auto parent = tc.name("a node set name after '='");
  if (!parent)
    return;
  if (!nodes.count(*parent))
    return diag.error(pl, "'" + *parent + "' is not a node set declared "
                                          "before '" + name.str() + "'");
  SmallVector<RefSub> subs;
  std::optional<bool> pparen;
  if (tc.is(c::tok::l_paren) || tc.is(c::tok::l_square)) {
    pparen = parseRefSubs(tc, subs);
    if (!pparen)
      return;
  } else {
    for (size_t k = 0; k < nodes[*parent].shape.size(); ++k) {
      subs.emplace_back();
      subs.back().star = true; // `= p`: the whole node set
    }
    pparen = true;
  }
  if (!tc.expectEnd())
    return;
  if (nodes.count(name) || templates.count(name))
    return diag.error(d.nameLoc, "'" + name.str() + "' is declared twice");
  size_t prank = nodes[*parent].shape.size();
  if (subs.size() != prank)
    return diag.error(pl, "node set '" + *parent + "' has " +
                              std::to_string(prank) +
                              " dimensions, the node reference gives " +
                              std::to_string(subs.size()) + " subscripts");
  if (*pparen)
    std::reverse(subs.begin(), subs.end());
  if (paren)
    std::reverse(shape.begin(), shape.end());
  SmallVector<int64_t> trip, subShape;
  if (!nodeRefTriplets(*parent, subs, *pparen, /*dropSingle=*/true, trip,
                       subShape))
    return;
  // The declared shape is the reference's (`*` takes the reference's
  // size), or a reshape of it: XMP assigns the nodes of the reference in
  // its array element order (Fortran's for parentheses, C's for brackets)
  // to the node set's in its own. Parenthesized dimensions are reversed
  // above, so both orders are the dialect's row-major one: `q(2,2) =
  // p(1:4)` puts p(2) at q(2,1), dialect [0, 1], as `reshape` does.
  auto text = [](ArrayRef<int64_t> sh) {
    std::string t;
    for (int64_t v : sh)
      t += (t.empty() ? "" : "x") +
           (ShapedType::isDynamic(v) ? std::string("?") : std::to_string(v));
    return t.empty() ? std::string("a single node") : t;
  };
  bool same = shape.size() == subShape.size();
  for (size_t k = 0; same && k < shape.size(); ++k)
    same = ShapedType::isDynamic(shape[k]) || shape[k] == subShape[k];
  if (same)
    return declareSubset(name, *parent, subShape, trip, loc(d.loc));
  // A reshape: as many nodes as the reference selects; one `*` takes the
  // count the other dimensions leave. A count known only at run time (a
  // `*` parent) is checked there (xmprt_grid_subset_reshape stops every
  // node with the counts).
  int64_t count = 1, prod = 1;
  for (int64_t v : subShape)
    count = ShapedType::isDynamic(v) || ShapedType::isDynamic(count)
                ? ShapedType::kDynamic
                : count * v;
  unsigned stars = 0;
  for (int64_t v : shape)
    if (ShapedType::isDynamic(v))
      ++stars;
    else
      prod *= v;
  std::string decl =
      "node set '" + name.str() + "' is declared " + text(shape) + " (C order)";
  std::string ref =
      "its node reference '" + *parent + "(...)' selects " +
      (ShapedType::isDynamic(count) ? text(subShape) : std::to_string(count)) +
      " nodes";
  if (stars > 1)
    return diag.error(pl,
                      decl + ", " + ref +
                          ": a node set that reshapes its "
                          "node reference may have one '*' (its size is the "
                          "reference's count divided by the other sizes)");
  if (!ShapedType::isDynamic(count) && (stars ? count % prod : count != prod))
    return diag.error(
        pl,
        decl + (stars ? "" : " (" + std::to_string(prod) + " nodes)") + ", " +
            ref + ": " +
            (stars ? "the other sizes (" + std::to_string(prod) +
                         " nodes) do not divide that count"
                   : "a node set declared from a node reference has as many "
                     "nodes (it may reshape them: XMP assigns them in array "
                     "element order)"));
  if (stars && !ShapedType::isDynamic(count))
    for (int64_t &v : shape)
      if (ShapedType::isDynamic(v))
        v = count / prod;
  declareSubset(name, *parent, shape, trip, loc(d.loc), /*reshape=*/true);
}

void Emitter::dirTemplate(Directive &d) {
  TokCursor tc(d, diag);
  auto name = tc.name("a template name");
  if (!name)
    return;
  SmallVector<int64_t> shape, lower;
  auto paren = parseDims(tc, [&]() -> bool {
    c::SourceLocation sl = tc.loc();
    if (tc.accept(c::tok::colon)) { // `:`: fixed by template_fix
      shape.push_back(ShapedType::kDynamic);
      lower.push_back(0);
      return true;
    }
    if (tc.is(c::tok::star)) {
      diag.error(sl, "'*' is not a template size in '#pragma xmp template' "
                     "(':' declares a dimension that template_fix gives)");
      return false;
    }
    c::SourceLocation at;
    auto pr = parseConstPair(tc, diag, at);
    if (!pr)
      return false;
    // `n` (0:n-1) or `lo:hi`
    std::optional<int64_t> lo = pr->second ? pr->first : 0;
    int64_t size = pr->second ? *pr->second - pr->first + 1 : pr->first;
    if (size < 1) {
      diag.error(sl, "a template dimension must have at least one element");
      return false;
    }
    shape.push_back(size);
    lower.push_back(*lo);
    return true;
  });
  if (!paren || !tc.expectEnd())
    return;
  if (nodes.count(*name) || templates.count(*name)) {
    diag.error(d.nameLoc, "'" + *name + "' is declared twice");
    return;
  }
  if (*paren) {
    std::reverse(shape.begin(), shape.end());
    std::reverse(lower.begin(), lower.end());
  }
  TemplateInfo &ti = templates[*name];
  ti.shape = shape;
  ti.loc = d.loc;
  ti.lower = lower;
  ti.lowerDyn.assign(shape.size(), false);
  if (llvm::is_contained(shape, ShapedType::kDynamic))
    deferredLowerBounds(*name, ti);
  xmpd::TemplateOp::create(b, loc(d.loc), *name, shape);
}

/// `block`, `block(n)`, `cyclic`, `cyclic(n)` after the word `kind`.
static std::optional<xmpd::DistAttr>
parseBlockCyclic(TokCursor &tc, Diag &diag, MLIRContext *ctx,
                 const std::string &kind) {
  int64_t w = 1;
  bool hasW = false;
  if (tc.accept(c::tok::l_paren)) {
    auto e = tc.expr();
    if (!e)
      return std::nullopt;
    auto v = evalConst(*e, diag);
    if (!v || !tc.expect(c::tok::r_paren, "')'"))
      return std::nullopt;
    if (*v < 1) {
      diag.error(e->loc, "the width of " + kind + "(n) must be >= 1");
      return std::nullopt;
    }
    w = *v;
    hasW = true;
  }
  xmpd::DistKind k = kind == "cyclic" ? xmpd::DistKind::cyclic
                     : hasW           ? xmpd::DistKind::blockn
                                      : xmpd::DistKind::block;
  return xmpd::DistAttr::get(ctx, k, w, {});
}

void Emitter::dirDistribute(Directive &d) {
  TokCursor tc(d, diag);
  auto name = tc.name("a template name");
  if (!name)
    return;
  auto tit = templates.find(*name);
  if (tit == templates.end()) {
    diag.error(d.toks.empty() ? d.nameLoc : d.toks[0].loc,
               "'" + *name + "' is not a template");
    return;
  }
  SmallVector<Attribute> formats;
  // gblock(m): the position in `formats` (as written), m and where.
  SmallVector<std::tuple<unsigned, std::string, c::SourceLocation>> gblocks;
  // block(n): the position in `formats` (as written) and where.
  SmallVector<std::pair<unsigned, c::SourceLocation>> blockns;
  auto paren = parseDims(tc, [&]() -> bool {
    c::SourceLocation sl = tc.loc();
    if (tc.accept(c::tok::star)) {
      formats.push_back(xmpd::DistAttr::get(&ctx, xmpd::DistKind::none, 1, {}));
      return true;
    }
    auto kind = tc.name("a distribution format");
    if (!kind)
      return false;
    if (*kind == "block" || *kind == "cyclic") {
      auto f = parseBlockCyclic(tc, diag, &ctx, *kind);
      if (!f)
        return false;
      if (f->getKind() == xmpd::DistKind::blockn)
        blockns.push_back({(unsigned)formats.size(), sl});
      formats.push_back(*f);
      return true;
    }
    if (*kind == "gblock") {
      // gblock(*): sizes at template_fix; gblock(m): m's initial values.
      formats.push_back(
          xmpd::DistAttr::get(&ctx, xmpd::DistKind::gblock, 1, {}));
      if (!tc.expect(c::tok::l_paren, "'(' after gblock"))
        return false;
      if (!tc.accept(c::tok::star)) {
        c::SourceLocation ml = tc.loc();
        auto m = tc.name("an integer array or '*' in gblock(...)");
        if (!m)
          return false;
        gblocks.push_back({(unsigned)formats.size() - 1, *m, ml});
      }
      return tc.expect(c::tok::r_paren, "')'");
    }
    diag.error(sl, "unknown distribution format '" + *kind + "'");
    return false;
  });
  if (!paren)
    return;
  if (!tc.acceptWord("onto")) {
    diag.error(tc.loc(), "expected 'onto' in '#pragma xmp distribute'");
    return;
  }
  auto onto = tc.name("a node set name");
  if (!onto || !tc.expectEnd())
    return;
  if (!nodes.count(*onto)) {
    diag.error(d.toks.back().loc, "'" + *onto + "' is not a node set");
    return;
  }
  if (formats.size() != tit->second.shape.size()) {
    diag.error(d.nameLoc, "distribute gives " + std::to_string(formats.size()) +
                              " formats for the " +
                              std::to_string(tit->second.shape.size()) +
                              "-dimensional template '" + *name + "'");
    return;
  }
  if (!tit->second.nodes.empty()) {
    diag.error(d.nameLoc, "template '" + *name + "' is distributed twice");
    return;
  }
  if (*paren)
    std::reverse(formats.begin(), formats.end());
  tit->second.nodes = *onto;
  for (Attribute f : formats)
    tit->second.split.push_back(cast<xmpd::DistAttr>(f).isDistributed());
  for (auto &[pos, m, ml] : gblocks) {
    unsigned tdim = *paren ? formats.size() - 1 - pos : pos;
    auto sizes = gblockSizes(m, ml);
    if (!sizes || !checkGBlock(*sizes, *name, tdim,
                               gridAxisSize(tit->second, tdim),
                               tit->second.shape[tdim], ml))
      return;
    formats[tdim] =
        xmpd::DistAttr::get(&ctx, xmpd::DistKind::gblock, 1, *sizes);
  }
  // block(n) blocks must cover the dimension (sizes known here; the
  // runtime checks those of template_fix).
  for (auto &[pos, fl] : blockns) {
    unsigned tdim = *paren ? formats.size() - 1 - pos : pos;
    int64_t w = cast<xmpd::DistAttr>(formats[tdim]).getWidth();
    int64_t p = gridAxisSize(tit->second, tdim), n = tit->second.shape[tdim];
    int64_t cover = 0;
    if (ShapedType::isDynamic(p) || ShapedType::isDynamic(n) ||
        __builtin_mul_overflow(w, p, &cover) || cover >= n)
      continue;
    diag.error(fl, "block(" + std::to_string(w) + ") of dimension " +
                       std::to_string(tdim) + " (C order) of template '" +
                       *name + "' over the " + std::to_string(p) +
                       " nodes of '" + *onto + "' along it covers " +
                       std::to_string(cover) + " of its " + std::to_string(n) +
                       " elements (block(n) needs n >= " +
                       std::to_string(llvm::divideCeil(n, p)) + ")");
    return;
  }
  for (Attribute f : formats)
    tit->second.formats.push_back(cast<xmpd::DistAttr>(f));
  xmpd::DistributeOp::create(b, loc(d.loc), *name, *onto,
                             b.getArrayAttr(formats));
}

/// `a` or `(a, b, ...)`: the array names of align and shadow, with their
/// positions (`inList`: after the '(', as in reflect); false after a
/// diagnostic.
static bool parseArrayNames(
    TokCursor &tc,
    SmallVectorImpl<std::pair<std::string, c::SourceLocation>> &arrays,
    bool inList = false) {
  bool list = inList || tc.accept(c::tok::l_paren);
  do {
    c::SourceLocation sl = tc.loc();
    auto n = tc.name("an array name");
    if (!n)
      return false;
    arrays.push_back({*n, sl});
  } while (list && tc.accept(c::tok::comma));
  return !list || tc.expect(c::tok::r_paren, "')'");
}

void Emitter::dirAlign(Directive &d) {
  TokCursor tc(d, diag);
  // align a[i][j] with t(j, i)   or   align (a, b)[i][j] with ...
  SmallVector<std::pair<std::string, c::SourceLocation>> arrays;
  if (!parseArrayNames(tc, arrays))
    return;
  // Array subscripts: dummy names or '*'.
  SmallVector<std::string> dummies;
  while (tc.accept(c::tok::l_square)) {
    if (tc.accept(c::tok::star))
      dummies.push_back("*");
    else {
      auto n = tc.name("an align subscript (a name or '*')");
      if (!n)
        return;
      dummies.push_back(*n);
    }
    if (!tc.expect(c::tok::r_square, "']'"))
      return;
  }
  if (!tc.acceptWord("with")) {
    diag.error(tc.loc(), "expected 'with' in '#pragma xmp align'");
    return;
  }
  c::SourceLocation tloc = tc.loc();
  auto tname = tc.name("a template name");
  if (!tname)
    return;
  auto tit = templates.find(*tname);
  if (tit == templates.end()) {
    diag.error(tloc, "'" + *tname + "' is not a template");
    return;
  }
  // Template subscripts: a dummy (+/- constant), or '*'.
  struct Sub {
    std::string name;
    int64_t off = 0;
    c::SourceLocation loc;
  };
  SmallVector<Sub> subs;
  auto paren = parseDims(tc, [&]() -> bool {
    Sub s;
    s.loc = tc.loc();
    if (tc.accept(c::tok::star)) {
      s.name = "*";
      subs.push_back(s);
      return true;
    }
    auto n = tc.name("a template subscript (an align dummy or '*')");
    if (!n)
      return false;
    s.name = *n;
    if (tc.is(c::tok::plus) || tc.is(c::tok::minus)) {
      bool neg = tc.next().kind == c::tok::minus;
      auto e = tc.expr();
      if (!e)
        return false;
      auto v = evalConst(*e, diag);
      if (!v)
        return false;
      s.off = neg ? -*v : *v;
    }
    subs.push_back(s);
    return true;
  });
  if (!paren || !tc.expectEnd())
    return;
  unsigned trank = tit->second.shape.size();
  if (subs.size() != trank) {
    diag.error(tloc, "template '" + *tname + "' has " + std::to_string(trank) +
                         " dimensions, the align gives " +
                         std::to_string(subs.size()) + " subscripts");
    return;
  }
  SmallVector<int64_t> align(dummies.size(), xmpd::DArrayType::kNotAligned);
  SmallVector<int64_t> offset(dummies.size(), 0);
  for (unsigned p = 0; p < subs.size(); ++p) {
    if (subs[p].name == "*")
      continue;
    unsigned tdim = *paren ? trank - 1 - p : p;
    auto it = llvm::find(dummies, subs[p].name);
    if (it == dummies.end()) {
      diag.error(subs[p].loc, "'" + subs[p].name +
                                  "' is not a subscript of the aligned array");
      return;
    }
    unsigned adim = it - dummies.begin();
    if (align[adim] != xmpd::DArrayType::kNotAligned) {
      diag.error(subs[p].loc, "'" + subs[p].name + "' is used twice");
      return;
    }
    align[adim] = tdim;
    offset[adim] = subs[p].off;
  }
  for (unsigned k = 0; k < dummies.size(); ++k)
    if (dummies[k] != "*" && align[k] == xmpd::DArrayType::kNotAligned) {
      diag.error(d.nameLoc, "align dummy '" + dummies[k] +
                                "' does not appear in the template subscripts");
      return;
    }
  for (auto &[aname, aloc] : arrays) {
    const c::VarDecl *vd = globalVar(aname);
    if (!vd) {
      diag.unsupported(aloc, "align of '" + aname +
                                 "', which is not an array declared at file "
                                 "scope,");
      continue;
    }
    bool pointer = false;
    auto shape = alignedShape(vd, aloc, pointer);
    if (!shape)
      continue;
    if (shape->empty()) {
      diag.error(aloc, "'" + aname + "' is not an array");
      continue;
    }
    if (shape->size() != dummies.size()) {
      diag.error(aloc, "'" + aname + "' has " + std::to_string(shape->size()) +
                           " dimensions, the align gives " +
                           std::to_string(dummies.size()) + " subscripts");
      continue;
    }
    if (darrays.count(vd)) {
      diag.error(aloc, "'" + aname + "' is aligned twice");
      continue;
    }
    if (vd->hasInit()) {
      diag.unsupported(aloc, "an initializer of a distributed array");
      continue;
    }
    DistInfo &di = darrays[vd];
    di.pointer = pointer;
    di.tmpl = *tname;
    di.align = align;
    di.offset = offset;
    di.shLo.assign(shape->size(), 0);
    di.shHi.assign(shape->size(), 0);
    di.aligned = true;
    di.loc = aloc;
  }
}

void Emitter::dirShadow(Directive &d) {
  TokCursor tc(d, diag);
  SmallVector<std::pair<std::string, c::SourceLocation>> arrays;
  if (!parseArrayNames(tc, arrays))
    return;
  SmallVector<int64_t> lo, hi;
  // shadow a[1:1][*][2]   (C order)   or   shadow a(1, 1:0) (Fortran order)
  auto paren = parseDims(tc, [&]() -> bool {
    if (tc.accept(c::tok::star)) {
      lo.push_back(xmpd::DArrayType::kFullShadow);
      hi.push_back(xmpd::DArrayType::kFullShadow);
      return true;
    }
    return parseLoHi(tc, diag, "shadow widths", lo, hi);
  });
  if (!paren || !tc.expectEnd())
    return;
  if (*paren) {
    std::reverse(lo.begin(), lo.end());
    std::reverse(hi.begin(), hi.end());
  }
  for (auto &[aname, aloc] : arrays) {
    const c::VarDecl *vd = globalVar(aname);
    auto it = vd ? darrays.find(vd) : darrays.end();
    if (it == darrays.end()) {
      diag.error(aloc, "shadow of '" + aname +
                           "', which is not an aligned array (align it first)");
      continue;
    }
    if (lo.size() != it->second.align.size()) {
      diag.error(aloc, "'" + aname + "' has " +
                           std::to_string(it->second.align.size()) +
                           " dimensions, the shadow gives " +
                           std::to_string(lo.size()));
      continue;
    }
    it->second.shLo = lo;
    it->second.shHi = hi;
  }
}

void Emitter::declarationDirectives() {
  for (Directive &d : dirs) {
    if (!d.isDeclaration())
      continue;
    d.consumed = true;
    if (insideFunction(d.loc)) {
      diag.unsupported(d.loc, "'#pragma xmp " + d.name +
                                  "' inside a function (local node sets, "
                                  "templates and distributed arrays)");
      continue;
    }
    if (d.name == "nodes")
      dirNodes(d);
    else if (d.name == "template")
      dirTemplate(d);
    else if (d.name == "distribute")
      dirDistribute(d);
    else if (d.name == "align")
      dirAlign(d);
    else
      dirShadow(d);
  }
  for (auto &[vd, di] : darrays) {
    auto &ti = templates[di.tmpl];
    if (ti.nodes.empty()) {
      diag.error(di.loc, "'" + vd->getName().str() + "' is aligned with '" +
                             di.tmpl + "', which is not distributed");
      continue;
    }
    bool pointer = false;
    auto cshape = alignedShape(vd, di.loc, pointer);
    auto shape = cshape ? placeOnTemplate(vd, di, *cshape) : std::nullopt;
    Type et = scalarType(actx.getBaseElementType(
                             pointer ? vd->getType()->getPointeeType()
                                     : vd->getType()),
                         di.loc);
    if (!shape || !et)
      continue;
    di.type = xmpd::DArrayType::get(&ctx, *shape, et,
                                    FlatSymbolRefAttr::get(&ctx, di.tmpl),
                                    di.align, di.offset, di.shLo, di.shHi);
  }
}

FlatSymbolRefAttr Emitter::executingNodes(c::SourceLocation sl,
                                          const std::string &what) {
  if (taskNodes.empty())
    return allNodes();
  const TaskCtx &t = taskNodes.back();
  if (t.dynRef.isValid()) {
    diag.error(sl, what + " inside 'task on " + t.dynRefText +
                       "', a node reference with run-time coordinates: the "
                       "task has no node set (its nodes are known only at "
                       "run time); use constant coordinates or a task on a "
                       "node set ('nodes q(...) = p(...)')");
    diag.note(t.dynRef, "the task directive");
    return nullptr;
  }
  if (t.set.empty()) {
    diag.unsupported(sl, what + " in a task on a template element (it has "
                                "no node set: name one with 'on')");
    return nullptr;
  }
  if (inStarTask(sl, what))
    return nullptr;
  return FlatSymbolRefAttr::get(&ctx, t.set);
}

bool Emitter::inStarTask(c::SourceLocation sl, const std::string &what) {
  if (taskNodes.empty() || taskNodes.back().starAxes.empty())
    return false;
  const TaskCtx &t = taskNodes.back();
  diag.unsupported(sl, what + " inside 'task on " + t.starText +
                           "', whose '*' is each node's own coordinate (XMP): "
                           "the task's nodes are a different part of the "
                           "node set on each node (write ':' for the whole "
                           "dimension, or give the directive its own 'on' "
                           "with '*')");
  diag.note(t.starRef, "the task directive");
  return true;
}

/// Row-major position of `c` in `shape` (inner sizes static), or nullopt.
static std::optional<int64_t> rowMajor(ArrayRef<int64_t> c,
                                       ArrayRef<int64_t> shape) {
  int64_t lin = 0;
  for (size_t k = 0; k < c.size(); ++k) {
    if (k > 0 && ShapedType::isDynamic(shape[k]))
      return std::nullopt;
    lin = lin * (k > 0 ? shape[k] : 1) + c[k];
  }
  return lin;
}

std::optional<SmallVector<int64_t>>
Emitter::nodeIn(StringRef from, ArrayRef<int64_t> coords, StringRef to,
                bool &outside) {
  outside = false;
  auto lookup = [&](StringRef n) {
    return dyn_cast_or_null<xmpd::NodesOp>(
        SymbolTable::lookupSymbolIn(module, n));
  };
  // The counts of a subset's triplet axes, or nullopt when one is dynamic.
  auto tripletAxes = [&](xmpd::NodesOp op,
                         xmpd::NodesOp parent) -> std::optional<SmallVector<int64_t>> {
    SmallVector<int64_t> n;
    for (unsigned a = 0; a < parent.getRank(); ++a) {
      auto [lo, hi, st] = op.getSubsetTriplet(a);
      if (st == 0)
        continue;
      int64_t k = xmpd::NodesOp::subsetCount(lo, hi, st, parent.getShape()[a]);
      if (ShapedType::isDynamic(k))
        return std::nullopt;
      n.push_back(k);
    }
    return n;
  };
  // Up: `coords` of `from` -> the world rank.
  SmallVector<int64_t> c(coords);
  xmpd::NodesOp op = lookup(from);
  while (op && op.getParent()) {
    xmpd::NodesOp parent = lookup(*op.getParent());
    if (!parent)
      return std::nullopt;
    SmallVector<int64_t> t = c;
    if (op.getReshape()) {
      auto lin = rowMajor(c, op.getShape());
      auto axes = tripletAxes(op, parent);
      if (!lin || !axes)
        return std::nullopt;
      t.assign(axes->size(), 0);
      for (size_t k = axes->size(); k-- > 0;) {
        t[k] = *lin % (*axes)[k];
        *lin /= (*axes)[k];
      }
    }
    SmallVector<int64_t> pc;
    unsigned k = 0;
    for (unsigned a = 0; a < parent.getRank(); ++a) {
      auto [lo, hi, st] = op.getSubsetTriplet(a);
      pc.push_back(st == 0 ? lo : lo + t[k++] * st);
    }
    c = pc;
    op = parent;
  }
  if (!op)
    return std::nullopt;
  auto world = rowMajor(c, op.getShape());
  if (!world)
    return std::nullopt;
  // Down: the world rank -> `to`'s coordinates (a chain of plain subsets
  // of one grid, or a top-level grid).
  SmallVector<xmpd::NodesOp> chain;
  for (xmpd::NodesOp o = lookup(to); o;
       o = o.getParent() ? lookup(*o.getParent()) : nullptr)
    chain.push_back(o);
  if (chain.empty() || chain.back().getParent())
    return std::nullopt;
  ArrayRef<int64_t> rs = chain.back().getShape();
  SmallVector<int64_t> d(rs.size(), 0);
  int64_t w = *world;
  for (size_t k = rs.size(); k-- > 0;) {
    if (k == 0) {
      if (!ShapedType::isDynamic(rs[0]) && w >= rs[0]) {
        outside = true;
        return std::nullopt;
      }
      d[0] = w;
    } else {
      if (ShapedType::isDynamic(rs[k]))
        return std::nullopt;
      d[k] = w % rs[k];
      w /= rs[k];
    }
  }
  for (size_t i = chain.size() - 1; i-- > 0;) {
    xmpd::NodesOp sub = chain[i], parent = chain[i + 1];
    if (sub.getReshape())
      return std::nullopt;
    SmallVector<int64_t> t;
    for (unsigned a = 0; a < parent.getRank(); ++a) {
      auto [lo, hi, st] = sub.getSubsetTriplet(a);
      int64_t end = ShapedType::isDynamic(hi) ? parent.getShape()[a] : hi;
      bool in = st == 0 ? d[a] == lo
                        : d[a] >= lo && (d[a] - lo) % st == 0 &&
                              (ShapedType::isDynamic(end) || d[a] < end);
      if (!in) {
        outside = true;
        return std::nullopt;
      }
      if (st != 0)
        t.push_back((d[a] - lo) / st);
    }
    d = t;
  }
  return d;
}

bool Emitter::collectiveInDynamicTask(c::SourceLocation sl,
                                      const std::string &what) {
  for (auto it = taskNodes.rbegin(); it != taskNodes.rend(); ++it)
    if (it->dynRef.isValid()) {
      diag.error(sl, what + " inside 'task on " + it->dynRefText +
                         "', a node reference with run-time coordinates: a "
                         "collective needs the task's node set, which has "
                         "no name (its nodes are known only at run time); "
                         "use constant coordinates or a task on a node set "
                         "('nodes q(...) = p(...)')");
      diag.note(it->dynRef, "the task directive");
      return true;
    }
  return false;
}

FlatSymbolRefAttr Emitter::allNodes() {
  static constexpr const char *name = "xmp_all_nodes";
  if (!haveAllNodes) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    xmpd::NodesOp::create(b, module.getLoc(), name,
                          ArrayRef<int64_t>{ShapedType::kDynamic},
                          FlatSymbolRefAttr(), DenseI64ArrayAttr());
    haveAllNodes = true;
  }
  return FlatSymbolRefAttr::get(&ctx, name);
}

//===----------------------------------------------------------------------===//
// Globals and functions
//===----------------------------------------------------------------------===//

/// Flattens a constant initializer (scalars, nested arrays) into `out`.
static bool flattenAPValue(const c::APValue &v, c::QualType t,
                           c::ASTContext &actx, Type et,
                           SmallVectorImpl<Attribute> &out, Builder &b) {
  if (const c::ConstantArrayType *cat = actx.getAsConstantArrayType(t)) {
    uint64_t n = cat->getSize().getZExtValue();
    if (!v.isArray())
      return false;
    for (uint64_t i = 0; i < n; ++i) {
      const c::APValue &e = i < v.getArrayInitializedElts()
                                ? v.getArrayInitializedElt(i)
                                : v.getArrayFiller();
      if (!flattenAPValue(e, cat->getElementType(), actx, et, out, b))
        return false;
    }
    return true;
  }
  if (v.isInt()) {
    if (isa<FloatType>(et))
      out.push_back(b.getFloatAttr(et, (double)v.getInt().getSExtValue()));
    else
      out.push_back(b.getIntegerAttr(et, v.getInt().getSExtValue()));
    return true;
  }
  if (v.isFloat()) {
    if (!isa<FloatType>(et))
      return false;
    out.push_back(b.getFloatAttr(et, v.getFloat().convertToDouble()));
    return true;
  }
  return false;
}

void Emitter::globals() {
  for (const c::Decl *d : actx.getTranslationUnitDecl()->decls()) {
    const auto *vd = dyn_cast<c::VarDecl>(d);
    if (!vd || !sm.isInMainFile(sm.getExpansionLoc(vd->getLocation())))
      continue;
    if (vd->hasExternalStorage() || darrays.count(vd))
      continue;
    c::SourceLocation sl = vd->getLocation();
    auto shape = arrayShape(vd->getType(), sl);
    Type et = scalarType(actx.getBaseElementType(vd->getType()), sl);
    if (!shape || !et)
      continue;
    if (isa<LLVM::LLVMPointerType>(et)) {
      diag.unsupported(sl, "a pointer variable");
      continue;
    }
    auto mt = MemRefType::get(*shape, et);
    auto tt = RankedTensorType::get(*shape, et);
    Attribute init;
    if (vd->hasInit()) {
      const c::APValue *v = vd->evaluateValue();
      SmallVector<Attribute> elems;
      if (!v || !flattenAPValue(*v, vd->getType(), actx, et, elems, b)) {
        diag.unsupported(vd->getInit()->getBeginLoc(),
                         "this initializer of a file-scope variable");
        continue;
      }
      init = DenseElementsAttr::get(tt, elems);
    } else {
      init = DenseElementsAttr::get(tt, cast<TypedAttr>(
                                             b.getZeroAttr(et)));
    }
    std::string sym = vd->getName().str();
    memref::GlobalOp::create(b, loc(sl), sym, b.getStringAttr("private"), mt,
                             init, /*constant=*/false, IntegerAttr());
    globalSyms[vd] = sym;
  }
}

/// Darrays a function uses, directly (by name, also in directives) or
/// through the functions it calls: they become its hidden parameters.
void Emitter::computeHiddenParams() {
  struct Collect : c::RecursiveASTVisitor<Collect> {
    Emitter &e;
    llvm::SetVector<const c::VarDecl *> uses;
    llvm::SetVector<const c::FunctionDecl *> calls;
    llvm::SmallPtrSet<const c::VarDecl *, 8> accData; // in `acc data`
    explicit Collect(Emitter &e) : e(e) {}
    bool VisitOpenACCDataConstruct(c::OpenACCDataConstruct *s) {
      for (const c::OpenACCClause *cl : s->clauses())
        if (const auto *vl = dyn_cast<c::OpenACCClauseWithVarList>(cl))
          for (const c::Expr *x : vl->getVarList())
            if (const c::VarDecl *vd = refVar(x); vd && e.darrays.count(vd))
              accData.insert(vd);
      return true;
    }
    c::SourceLocation inquiryLoc;
    std::string inquiry;
    bool VisitDeclRefExpr(c::DeclRefExpr *r) {
      if (auto *vd = dyn_cast<c::VarDecl>(r->getDecl()))
        if (e.darrays.count(vd))
          uses.insert(vd);
      if (auto *fd = dyn_cast<c::FunctionDecl>(r->getDecl());
          fd && inquiry.empty() &&
          (fd->getName() == "xmp_node_num" ||
           fd->getName() == "xmp_num_nodes")) {
        inquiryLoc = r->getBeginLoc();
        inquiry = fd->getName().str() + "()";
      }
      if (auto *fd = dyn_cast<c::FunctionDecl>(r->getDecl()))
        if (fd->getDefinition())
          calls.insert(fd->getDefinition());
      return true;
    }
  };
  llvm::DenseMap<const c::FunctionDecl *, llvm::SetVector<const c::VarDecl *>>
      uses;
  llvm::DenseMap<const c::FunctionDecl *,
                 llvm::SetVector<const c::FunctionDecl *>>
      calls;
  for (const c::FunctionDecl *fd : functions) {
    Collect col(*this);
    col.TraverseStmt(const_cast<c::Stmt *>(fd->getBody()));
    // Names in the function's directives.
    c::SourceRange r = fd->getBody()->getSourceRange();
    if (!col.inquiry.empty())
      executesInquiry[fd] = {col.inquiryLoc, col.inquiry};
    for (Directive &d : dirs) {
      if (d.isDeclaration() || before(d.loc, r.getBegin()) ||
          before(r.getEnd(), d.loc))
        continue;
      // Collectives of the executing nodes (or of a node set the caller's
      // task may not cover): a loop only with a reduction clause.
      bool collective = collectiveDirective(d.name) || d.name == "gmove";
      if (d.name == "loop" || d.name == "device loop")
        for (const DTok &t : d.toks)
          collective |= t.ident && t.text == "reduction";
      if (d.name == "gmove")
        for (const DTok &t : d.toks) // one-sided: not collective
          collective &= !(t.ident && (t.text == "in" || t.text == "out"));
      if (collective && (!executesCollective.count(fd) ||
                         before(d.loc, executesCollective[fd].first)))
        executesCollective[fd] = {d.loc, "'#pragma xmp " + d.name + "'"};
      for (const DTok &t : d.toks)
        if (t.ident)
          if (const c::VarDecl *vd = globalVar(t.text); vd && darrays.count(vd))
            col.uses.insert(vd);
    }
    uses[fd] = col.uses;
    calls[fd] = col.calls;
    accDataArrays[fd] = col.accData;
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (const c::FunctionDecl *fd : functions)
      for (const c::FunctionDecl *callee : calls[fd]) {
        SmallVector<const c::VarDecl *> u(uses[callee].begin(),
                                          uses[callee].end());
        for (const c::VarDecl *vd : u)
          changed |= uses[fd].insert(vd);
        SmallVector<const c::VarDecl *> a(accDataArrays[callee].begin(),
                                          accDataArrays[callee].end());
        for (const c::VarDecl *vd : a)
          changed |= accDataArrays[fd].insert(vd).second;
      }
  }
  for (const c::FunctionDecl *fd : functions) {
    SmallVector<const c::VarDecl *> list;
    for (auto &[vd, di] : darrays)
      if (uses[fd].count(vd))
        list.push_back(vd);
    hidden[fd] = list;
  }
  // Through calls: a function calling one that executes a collective (an
  // inquiry) executes it.
  for (auto *m : {&executesCollective, &executesInquiry})
    for (bool grew = true; grew;) {
      grew = false;
      for (const c::FunctionDecl *fd : functions)
        if (!m->count(fd))
          for (const c::FunctionDecl *callee : calls[fd])
            if (auto it = m->find(callee); it != m->end()) {
              auto v = it->second;
              (*m)[fd] = {v.first, v.second + " (through '" +
                                       callee->getName().str() + "')"};
              grew = true;
              break;
            }
    }
}

void Emitter::declareFunctions() {
  for (const c::FunctionDecl *fd : functions) {
    bool isMain = fd->getName() == "main";
    SmallVector<Type> params;
    bool ok = true;
    for (const c::ParmVarDecl *p : fd->parameters()) {
      c::QualType pt = p->getType();
      bool argv = isMain && p->getFunctionScopeIndex() == 1;
      // An array parameter (C adjusts it to a pointer; its written type is
      // the array's): a memref of the caller's array, first dimension `?`.
      if (const c::ArrayType *at = actx.getAsArrayType(p->getOriginalType());
          at && pt->isPointerType() && !argv &&
          (isa<c::ConstantArrayType, c::IncompleteArrayType>(at))) {
        auto rest = arrayShape(at->getElementType(), p->getLocation());
        Type et = rest ? scalarType(actx.getBaseElementType(at->getElementType()),
                                    p->getLocation())
                       : Type();
        if (!et || isa<LLVM::LLVMPointerType>(et)) {
          if (et)
            diag.unsupported(p->getLocation(), "an array parameter of pointers");
          ok = false;
          continue;
        }
        SmallVector<int64_t> shape{ShapedType::kDynamic};
        shape.append(rest->begin(), rest->end());
        auto mt = MemRefType::get(shape, et);
        arrayParams[p] = mt;
        params.push_back(mt);
        continue;
      }
      if (pt->isPointerType() && !argv) {
        diag.unsupported(p->getLocation(),
                         "a pointer parameter (declare it as an array, "
                         "'double v[]' or 'double m[][M]', pass scalars, or "
                         "use file-scope arrays)");
        ok = false;
        continue;
      }
      Type t = scalarType(pt, p->getLocation());
      if (!t) {
        ok = false;
        continue;
      }
      params.push_back(t);
    }
    if (!isMain)
      for (const c::VarDecl *vd : hidden[fd])
        params.push_back(darrays[vd].type);
    SmallVector<Type> results;
    if (!fd->getReturnType()->isVoidType()) {
      Type t = scalarType(fd->getReturnType(), fd->getLocation());
      if (!t || isa<LLVM::LLVMPointerType>(t)) {
        if (t)
          diag.unsupported(fd->getLocation(), "a function returning a pointer");
        ok = false;
      } else
        results.push_back(t);
    }
    if (fd->isVariadic()) {
      diag.unsupported(fd->getLocation(), "a variadic function definition");
      ok = false;
    }
    if (!ok)
      continue;
    auto f = func::FuncOp::create(b, loc(fd->getLocation()),
                                  fd->getName().str(),
                                  b.getFunctionType(params, results));
    // Hidden parameters: each a different file-scope array, which the
    // callers pass as they are (xmp-to-gpu may mark their device views
    // noalias / readonly).
    if (!isMain)
      for (unsigned i = fd->getNumParams(); i < params.size(); ++i)
        f.setArgAttr(i, xmpd::kDistinctArgAttr, b.getUnitAttr());
    if (!isMain && fd->getStorageClass() == c::SC_Static)
      f.setPrivate();
    funcOps[fd] = f;
  }
}

Value Emitter::allocaAtEntry(MemRefType t, Location l) {
  OpBuilder::InsertionGuard g(b);
  // In a device loop's body its own memory (the body may use no memref
  // from outside).
  b.setInsertionPointToStart(allocaBlock ? allocaBlock : entry);
  return memref::AllocaOp::create(b, l, t);
}

void Emitter::emitFunction(const c::FunctionDecl *fd) {
  auto it = funcOps.find(fd);
  if (it == funcOps.end())
    return;
  fn = it->second;
  curFD = fd;
  bool isMain = fd->getName() == "main";
  entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  storage.clear();
  scopes.clear();
  scopes.emplace_back();
  plans.clear();
  plans.emplace_back();
  requests.clear();
  loops.clear();
  retFlag = retSlot = nullptr;
  Location fl = loc(fd->getLocation());

  // Parameters live in memory, like locals (C may assign them).
  unsigned argi = 0;
  for (const c::ParmVarDecl *p : fd->parameters()) {
    Value a = entry->getArgument(argi++);
    scopes.back()[p->getName()] = p;
    if (arrayParams.count(p)) { // the caller's array itself
      storage[p] = Storage{Storage::Mem, a, "", {}};
      continue;
    }
    if (isa<LLVM::LLVMPointerType>(a.getType())) {
      storage[p] = Storage{Storage::Value_, a, "", {}};
      continue;
    }
    Value m = allocaAtEntry(MemRefType::get({}, a.getType()), fl);
    memref::StoreOp::create(b, fl, a, m, ValueRange{});
    storage[p] = Storage{Storage::Mem, m, "", {}};
  }
  SmallVector<Value> mainArrays;
  if (isMain) {
    mallocArrays.clear();
    for (auto &[vd, di] : darrays) {
      if (!di.type || di.pointer) // pointers: at their xmp_malloc
        continue;
      Value a = xmpd::AllocOp::create(b, loc(vd->getLocation()), di.type,
                                      ValueRange{});
      storage[vd] = Storage{Storage::DArr, a, "", {}};
      mainArrays.push_back(a);
    }
  } else {
    for (const c::VarDecl *vd : hidden[fd])
      storage[vd] = Storage{Storage::DArr, entry->getArgument(argi++), "", {}};
  }

  const auto *body = cast<c::CompoundStmt>(fd->getBody());
  // A return as the last statement needs no flag; any other does.
  tailReturn = body->body_empty() ? nullptr : body->body_back();
  if (tailReturn && !isa<c::ReturnStmt>(tailReturn))
    tailReturn = nullptr;
  JumpScan js;
  for (const c::Stmt *s : body->body())
    if (s != tailReturn)
      js.scan(s, 0);
  Type rt = fn.getNumResults() ? fn.getResultTypes()[0] : Type();
  if (rt) {
    retSlot = allocaAtEntry(MemRefType::get({}, rt), fl);
    memref::StoreOp::create(b, fl, zeroOf(rt, fl), retSlot, ValueRange{});
  }
  if (js.ret) {
    retFlag = allocaAtEntry(MemRefType::get({}, b.getI1Type()), fl);
    memref::StoreOp::create(b, fl, cBool(false, fl), retFlag, ValueRange{});
  }
  emitCompound(body);
  c::SourceLocation endLoc = body->getRBracLoc();
  Location el = loc(endLoc);
  b.setInsertionPointToEnd(entry);
  if (isMain)
    for (auto &[vd, a] : llvm::reverse(mallocArrays))
      xmpd::DeallocOp::create(b, el, a);
  for (Value a : llvm::reverse(mainArrays))
    xmpd::DeallocOp::create(b, el, a);
  if (rt)
    func::ReturnOp::create(
        b, el, ValueRange{memref::LoadOp::create(b, el, retSlot, ValueRange{})});
  else
    func::ReturnOp::create(b, el);
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

std::vector<Directive *> Emitter::takeDirectives(c::SourceLocation after,
                                                 c::SourceLocation bef) {
  std::vector<Directive *> out;
  for (Directive &d : dirs)
    if (!d.consumed && !d.isDeclaration() && before(after, d.loc) &&
        before(d.loc, bef)) {
      d.consumed = true;
      out.push_back(&d);
    }
  return out;
}

scf::IfOp Emitter::guardRestAfter(const c::Stmt *s) {
  JumpScan js;
  js.scan(s, 0);
  if (!js.ret && !js.brk && !js.cont)
    return nullptr;
  Location l = loc(stmtEnd(s));
  Value g = notJumped(l);
  if (!g)
    return nullptr;
  auto ifOp = scf::IfOp::create(b, l, g, /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  return ifOp;
}

Value Emitter::notJumped(Location l, bool includeLoopFlags) {
  SmallVector<Value> flags;
  if (retFlag)
    flags.push_back(retFlag);
  if (includeLoopFlags && !loops.empty()) {
    if (loops.back().brk)
      flags.push_back(loops.back().brk);
    if (loops.back().cont)
      flags.push_back(loops.back().cont);
  }
  if (flags.empty())
    return nullptr;
  Value any;
  for (Value f : flags) {
    Value v = memref::LoadOp::create(b, l, f, ValueRange{});
    any = any ? arith::OrIOp::create(b, l, any, v).getResult() : v;
  }
  return arith::XOrIOp::create(b, l, any, cBool(true, l));
}

/// The argument of the statement `__xmp_weight((expr));` (the pragma
/// handler's, after `#pragma xmp device loop ... weight(expr)`), or null.
static const c::Expr *weightArg(const c::Stmt *s) {
  const auto *call = dyn_cast<c::CallExpr>(s);
  const c::FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  if (!fd || fd->getName() != "__xmp_weight" || call->getNumArgs() != 1)
    return nullptr;
  return call->getArg(0);
}

/// The directives that take the statement after them, and what it must be.
static const char *takenStatement(const Directive &d) {
  if (d.name == "loop")
    return "a for statement";
  if (d.name == "gmove")
    return "an assignment statement";
  if (d.name == "task")
    return "a statement";
  if (d.name == "tasks")
    return "a { } block of task directives";
  if (d.name == "device loop")
    return "a for statement";
  if (d.name == "device replicate")
    return "a statement";
  return nullptr;
}

void Emitter::emitCompound(const c::CompoundStmt *cs) {
  scopes.emplace_back();
  plans.emplace_back();
  requests.emplace_back();
  Operation *outerGuard = nullptr;
  c::SourceLocation prev = cs->getLBracLoc();
  auto stmts = cs->body();
  for (auto it = stmts.begin(); it != stmts.end(); ++it) {
    const c::Stmt *s = *it;
    std::vector<Directive *> pend = takeDirectives(prev, s->getBeginLoc());
    Directive *taking = nullptr;
    for (size_t i = 0; i < pend.size(); ++i) {
      if (pend[i]->weightStmt && pend[i]->name == "device reset_weight") {
        // `reset_weight (expr)`: the pragma handler's statement
        // `__xmp_weight((expr));` follows it at once: it is the argument.
        resetWeightExpr = i + 1 == pend.size() ? weightArg(s) : nullptr;
        if (!resetWeightExpr) {
          diag.error(pend[i]->loc, "'#pragma xmp device reset_weight' lost "
                                   "its argument statement");
          break;
        }
        emitStandalone(*pend[i]);
        resetWeightExpr = nullptr;
        continue;
      }
      if (const char *what = takenStatement(*pend[i])) {
        if (i + 1 == pend.size())
          taking = pend[i];
        else
          diag.error(pend[i]->loc, "'#pragma xmp " + pend[i]->name +
                                       "' must be followed by " + what +
                                       ", not by another directive");
      } else {
        emitStandalone(*pend[i]);
      }
    }
    if (failed())
      break;
    if (!pend.empty() && pend.back()->weightStmt &&
        pend.back()->name == "device reset_weight") {
      prev = stmtEnd(s); // the argument statement, taken above
      continue;
    }
    const c::Expr *weightExpr = nullptr;
    if (taking && taking->weightStmt) {
      // `weight(expr)`: the pragma handler's statement `__xmp_weight((expr));`
      // comes first; the loop is the statement after it.
      weightExpr = weightArg(s);
      auto nx = std::next(it);
      if (!weightExpr || nx == stmts.end()) {
        diag.error(taking->loc, "'#pragma xmp device loop' must be followed "
                                "by a for statement");
        break;
      }
      std::vector<Directive *> between =
          takeDirectives(stmtEnd(s), (*nx)->getBeginLoc());
      if (!between.empty()) {
        diag.error(taking->loc, "'#pragma xmp device loop' must be followed "
                                "by a for statement, not by another "
                                "directive");
        break;
      }
      s = *++it;
    }
    if (taking && taking->name == "loop") {
      emitXmpLoop(*taking, s, cs);
    } else if (taking && taking->name == "device loop") {
      weightStmtExpr = weightExpr;
      emitXmpLoop(*taking, s, cs, /*device=*/true);
      weightStmtExpr = nullptr;
    }
    else if (taking && taking->name == "device replicate")
      emitDeviceReplicate(*taking, s);
    else if (taking && taking->name == "gmove")
      emitGmove(*taking, s);
    else if (taking && taking->name == "task")
      emitTask(*taking, s);
    else if (taking)
      emitTasks(*taking, s);
    else
      emitStmt(s);
    prev = stmtEnd(s);
    if (failed())
      break;
    if (std::next(it) != stmts.end() && s != tailReturn)
      if (scf::IfOp g = guardRestAfter(s); g && !outerGuard)
        outerGuard = g;
  }
  if (!failed())
    for (Directive *d : takeDirectives(prev, cs->getRBracLoc())) {
      if (const char *what = takenStatement(*d))
        diag.error(d->loc, "'#pragma xmp " + d->name +
                               "' must be followed by " + what);
      else
        emitStandalone(*d);
    }
  if (outerGuard)
    b.setInsertionPointAfter(outerGuard);
  if (!failed())
    passPendingUp();
  scopes.pop_back();
  plans.pop_back();
  requests.pop_back();
}

void Emitter::emitStmt(const c::Stmt *s) {
  if (failed())
    return;
  if (const auto *cs = dyn_cast<c::CompoundStmt>(s))
    return emitCompound(cs);
  if (const auto *ds = dyn_cast<c::DeclStmt>(s)) {
    for (const c::Decl *d : ds->decls()) {
      if (const auto *vd = dyn_cast<c::VarDecl>(d))
        emitDecl(vd);
      else if (!isa<c::TypedefDecl, c::RecordDecl, c::EnumDecl>(d))
        diag.unsupported(d->getLocation(), "this declaration");
    }
    return;
  }
  if (isa<c::NullStmt>(s))
    return;
  if (const auto *e = dyn_cast<c::Expr>(s)) {
    if (!emitXmpAllocStmt(e))
      emitExpr(e);
    return;
  }
  if (const auto *is = dyn_cast<c::IfStmt>(s))
    return emitIf(is);
  if (isa<c::ForStmt, c::WhileStmt, c::DoStmt>(s))
    return emitLoop(s);
  if (const auto *rs = dyn_cast<c::ReturnStmt>(s))
    return emitReturn(rs);
  if (isa<c::BreakStmt>(s))
    return emitJump(s, true);
  if (isa<c::ContinueStmt>(s))
    return emitJump(s, false);
  if (isa<c::OpenACCConstructStmt>(s)) {
    if (gpu)
      return emitAcc(cast<c::OpenACCConstructStmt>(s));
    // Host build: the construct's statement (if any: update and wait have
    // none) runs on the host, as a compiler without OpenACC would run it.
    for (const c::Stmt *ch : s->children())
      if (ch)
        emitStmt(ch);
    return;
  }
  if (const auto *sw = dyn_cast<c::SwitchStmt>(s))
    return emitSwitch(sw);
  if (isa<c::GotoStmt, c::LabelStmt, c::IndirectGotoStmt>(s))
    return unsupported(s, "goto and labels");
  unsupported(s, std::string("a '") + s->getStmtClassName() + "' statement");
}

void Emitter::emitDecl(const c::VarDecl *vd) {
  c::SourceLocation sl = vd->getLocation();
  if (vd->isStaticLocal() || vd->hasExternalStorage()) {
    diag.unsupported(sl, "a static or extern local variable");
    return;
  }
  auto shape = arrayShape(vd->getType(), sl);
  Type et = scalarType(actx.getBaseElementType(vd->getType()), sl);
  if (!shape || !et)
    return;
  if (isa<LLVM::LLVMPointerType>(et)) {
    diag.unsupported(sl, "a pointer variable");
    return;
  }
  Location l = loc(sl);
  Value m = allocaAtEntry(MemRefType::get(*shape, et), l);
  storage[vd] = Storage{Storage::Mem, m, "", {}};
  scopes.back()[vd->getName()] = vd;
  if (const c::Expr *init = vd->getInit()) {
    if (!shape->empty()) {
      const auto *il = dyn_cast<c::InitListExpr>(init->IgnoreParens());
      if (!il) {
        diag.unsupported(init->getBeginLoc(),
                         "an initializer of a local array other than a "
                         "{ } list");
        return;
      }
      // C zeroes what the list leaves out: the whole array first, when
      // the list does not give every element, then the elements it gives.
      std::function<bool(const c::InitListExpr *, c::QualType)> partial =
          [&](const c::InitListExpr *il, c::QualType ty) {
            const c::ConstantArrayType *cat = actx.getAsConstantArrayType(ty);
            if (!cat || il->getNumInits() < cat->getSize().getZExtValue())
              return true;
            for (const c::Expr *e : il->inits()) {
              if (isa<c::ImplicitValueInitExpr>(e))
                return true;
              if (const auto *sub = dyn_cast<c::InitListExpr>(e))
                if (actx.getAsConstantArrayType(cat->getElementType()) &&
                    partial(sub, cat->getElementType()))
                  return true;
            }
            return false;
          };
      if (partial(il, vd->getType())) {
        Type et = cast<MemRefType>(m.getType()).getElementType();
        Value zero =
            arith::ConstantOp::create(b, l, cast<TypedAttr>(b.getZeroAttr(et)));
        SmallVector<Value> ivs;
        OpBuilder::InsertionGuard g(b);
        for (int64_t n : *shape) {
          auto f = scf::ForOp::create(b, l, cIndex(0, l), cIndex(n, l),
                                      cIndex(1, l));
          ivs.push_back(f.getInductionVar());
          b.setInsertionPoint(f.getBody()->getTerminator());
        }
        memref::StoreOp::create(b, l, zero, m, ivs);
      }
      SmallVector<Value> idx;
      emitArrayInit(il, vd->getType(), m, idx, l);
      return;
    }
    Value v = emitExpr(init);
    if (!v)
      return;
    v = convert(v, init->getType(), vd->getType(), l);
    memref::StoreOp::create(b, l, v, m, ValueRange{});
  }
}

bool Emitter::emitArrayInit(const c::InitListExpr *il, c::QualType ty,
                            Value m, SmallVectorImpl<Value> &idx,
                            Location l) {
  const c::ConstantArrayType *cat = actx.getAsConstantArrayType(ty);
  c::QualType et = cat->getElementType();
  bool subArray = actx.getAsConstantArrayType(et) != nullptr;
  uint64_t n = cat->getSize().getZExtValue();
  for (unsigned i = 0; i < il->getNumInits() && i < n; ++i) {
    const c::Expr *e = il->getInit(i);
    if (isa<c::ImplicitValueInitExpr>(e)) // zeroed before
      continue;
    const auto *sub = dyn_cast<c::InitListExpr>(e);
    idx.push_back(cIndex(i, l));
    if (subArray) {
      if (!sub) {
        diag.unsupported(e->getBeginLoc(),
                         "an initializer of a local array other than a "
                         "{ } list");
        return false;
      }
      if (!emitArrayInit(sub, et, m, idx, l))
        return false;
    } else {
      // A scalar, or a scalar in braces (`{ {1}, 2 }`).
      if (sub) {
        if (sub->getNumInits() == 0 ||
            isa<c::ImplicitValueInitExpr>(sub->getInit(0))) {
          idx.pop_back();
          continue;
        }
        e = sub->getInit(0);
      }
      Value v = emitExpr(e);
      if (!v)
        return false;
      v = convert(v, e->getType(), et, l);
      memref::StoreOp::create(b, l, v, m, idx);
    }
    idx.pop_back();
  }
  return true;
}

/// A case label of `sw` that is not one of the statements of its body (a
/// label inside an inner statement, as in Duff's device), or null.
static const c::SwitchCase *nestedLabel(const c::Stmt *s, bool top) {
  if (!s || isa<c::SwitchStmt>(s))
    return nullptr;
  if (const auto *sc = dyn_cast<c::SwitchCase>(s)) {
    if (!top)
      return sc;
    return nestedLabel(sc->getSubStmt(), true);
  }
  for (const c::Stmt *ch : s->children())
    if (const c::SwitchCase *n = nestedLabel(ch, false))
      return n;
  return nullptr;
}

void Emitter::emitSwitch(const c::SwitchStmt *s) {
  if (s->getInit() || s->getConditionVariable())
    return unsupported(s, "a switch with an init statement or a declaration");
  const auto *body = dyn_cast_or_null<c::CompoundStmt>(s->getBody());
  if (!body)
    return unsupported(s, "a switch whose body is not a { } block");
  // The body's statements by case: each segment starts at its labels.
  struct Segment {
    SmallVector<llvm::APSInt> values;
    bool isDefault = false;
    SmallVector<const c::Stmt *> stmts;
  };
  SmallVector<Segment> segs;
  for (const c::Stmt *st : body->body()) {
    if (const c::SwitchCase *n = nestedLabel(st, true)) {
      diag.unsupported(n->getBeginLoc(),
                       "a case label inside a statement of the switch body "
                       "(labels must be statements of its { } block)");
      return;
    }
    if (!isa<c::SwitchCase>(st)) {
      if (segs.empty()) {
        diag.unsupported(st->getBeginLoc(),
                         "a statement before the first case label of a "
                         "switch");
        return;
      }
      segs.back().stmts.push_back(st);
      continue;
    }
    Segment seg;
    const c::Stmt *x = st;
    while (const auto *sc = dyn_cast<c::SwitchCase>(x)) {
      if (const auto *cs = dyn_cast<c::CaseStmt>(sc)) {
        if (cs->caseStmtIsGNURange()) {
          diag.unsupported(cs->getBeginLoc(), "a case range (GNU '...')");
          return;
        }
        seg.values.push_back(cs->getLHS()->EvaluateKnownConstInt(actx));
      } else {
        seg.isDefault = true;
      }
      x = sc->getSubStmt();
    }
    seg.stmts.push_back(x);
    segs.push_back(std::move(seg));
  }
  Location l = loc(s->getSwitchLoc());
  Value v = emitExpr(s->getCond());
  if (!v)
    return;
  auto eqAny = [&](ArrayRef<llvm::APSInt> vals) -> Value {
    Value any;
    for (const llvm::APSInt &c : vals) {
      Value k = arith::ConstantOp::create(
          b, l, b.getIntegerAttr(v.getType(), c.getExtValue()));
      Value eq = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, v, k);
      any = any ? arith::OrIOp::create(b, l, any, eq).getResult() : eq;
    }
    return any ? any : cBool(false, l);
  };
  Value notCase; // default: no case label matched
  for (const Segment &seg : segs)
    if (seg.isDefault) {
      SmallVector<llvm::APSInt> all;
      for (const Segment &o : segs)
        all.append(o.values.begin(), o.values.end());
      notCase = arith::XOrIOp::create(b, l, eqAny(all), cBool(true, l));
    }
  MemRefType flagT = MemRefType::get({}, b.getI1Type());
  Value matched = allocaAtEntry(flagT, l);
  memref::StoreOp::create(b, l, cBool(false, l), matched, ValueRange{});
  LoopCtx lc;
  lc.brk = allocaAtEntry(flagT, l);
  memref::StoreOp::create(b, l, cBool(false, l), lc.brk, ValueRange{});
  // continue goes on to the enclosing loop.
  if (!loops.empty())
    lc.cont = loops.back().cont;
  loops.push_back(lc);
  scopes.emplace_back();
  for (const Segment &seg : segs) {
    Value m = eqAny(seg.values);
    if (seg.isDefault)
      m = arith::OrIOp::create(b, l, m, notCase);
    m = arith::OrIOp::create(
        b, l, memref::LoadOp::create(b, l, matched, ValueRange{}), m);
    memref::StoreOp::create(b, l, m, matched, ValueRange{});
    // Run once matched, until a break (or a return, a continue).
    Value run = m;
    if (Value g = notJumped(l))
      run = arith::AndIOp::create(b, l, run, g);
    OpBuilder::InsertionGuard g(b);
    auto ifOp = scf::IfOp::create(b, l, run, /*withElseRegion=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    for (auto [i, st] : llvm::enumerate(seg.stmts)) {
      emitStmt(st);
      if (failed())
        break;
      if (i + 1 < seg.stmts.size())
        guardRestAfter(st);
    }
    if (failed())
      break;
  }
  scopes.pop_back();
  loops.pop_back();
}

void Emitter::emitIf(const c::IfStmt *s) {
  if (s->getInit() || s->getConditionVariable())
    return unsupported(s, "an if with an init statement or a declaration");
  Value cond = emitCond(s->getCond());
  if (!cond)
    return;
  Location l = loc(s->getIfLoc());
  auto ifOp = scf::IfOp::create(b, l, cond, s->getElse() != nullptr);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    scopes.emplace_back();
    emitStmt(s->getThen());
    scopes.pop_back();
    if (s->getElse()) {
      b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      scopes.emplace_back();
      emitStmt(s->getElse());
      scopes.pop_back();
    }
  }
}

/// A counted C loop, `for (v = lb; v < ub (or <=); v++ (or += c))` with a
/// signed integer local v that the body does not assign, a bound the body
/// cannot change (constants and scalars it does not assign; no globals
/// when it calls functions of this file) and no break or return, is an
/// scf.for over index (v's C value in the body is the index, as in an xmp
/// loop; after the loop v holds its exit value): upstream passes know
/// scf.for (xmp-defer-result-reads moves a device loop's result reads out
/// of a time-step loop). Returns false, having emitted nothing, for any
/// other loop.
bool Emitter::emitCountedFor(const c::ForStmt *f) {
  auto [iv, lbE] = forInit(f);
  if (!iv || !lbE || !iv->getType()->isSignedIntegerType() ||
      !iv->hasLocalStorage() || f->getConditionVariable() || !f->getBody())
    return false;
  const auto *cmp = dyn_cast_or_null<c::BinaryOperator>(
      f->getCond() ? f->getCond()->IgnoreParens() : nullptr);
  if (!cmp || (cmp->getOpcode() != c::BO_LT && cmp->getOpcode() != c::BO_LE))
    return false;
  const c::Expr *lhs = cmp->getLHS()->IgnoreParenImpCasts();
  const c::Expr *ubE = cmp->getRHS();
  c::QualType t = iv->getType().getCanonicalType();
  if (refVar(lhs) != iv || !isa<c::DeclRefExpr>(lhs) ||
      cmp->getLHS()->getType().getCanonicalType() != t ||
      ubE->getType().getCanonicalType() != t || ubE->HasSideEffects(actx))
    return false;
  int64_t step = forStep(f, iv, actx);
  if (step < 1)
    return false;
  JumpScan js;
  js.scan(f->getBody(), 0);
  if (js.ret || js.brk)
    return false;
  BodyScan scan;
  scan.TraverseStmt(const_cast<c::Stmt *>(f->getBody()));
  if (scan.firstWrite.count(iv))
    return false;
  BodyScan bound;
  bound.TraverseStmt(const_cast<c::Expr *>(ubE));
  for (const c::VarDecl *vd : bound.used)
    if (!vd->getType()->isScalarType() || vd->getType()->isPointerType() ||
        scan.firstWrite.count(vd) ||
        (!vd->hasLocalStorage() && scan.callsDefined) ||
        vd == iv)
      return false;

  Location l = loc(f->getBeginLoc());
  scopes.emplace_back();
  emitStmt(f->getInit());
  Storage ivSt = storage.lookup(iv);
  Value ub = emitExpr(ubE);
  if (failed() || ivSt.kind != Storage::Mem || !ub) {
    scopes.pop_back();
    return true; // reported
  }
  Value mem = ivSt.v;
  Value lb = toIndex(memref::LoadOp::create(b, l, mem, ValueRange{}), t, l);
  ub = toIndex(ub, t, l);
  if (cmp->getOpcode() == c::BO_LE)
    ub = arith::AddIOp::create(b, l, ub, cIndex(1, l));
  Value stepV = cIndex(step, l);
  LoopCtx lc;
  if (js.cont)
    lc.cont = allocaAtEntry(MemRefType::get({}, b.getI1Type()), l);
  loops.push_back(lc);
  auto forOp = scf::ForOp::create(b, l, lb, ub, stepV);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(forOp.getBody()->getTerminator());
    Type ct = scalarType(t, iv->getLocation());
    Value v = arith::IndexCastOp::create(b, l, ct, forOp.getInductionVar());
    storage[iv] = Storage{Storage::Value_, v, "", {}};
    if (lc.cont)
      memref::StoreOp::create(b, l, cBool(false, l), lc.cont, ValueRange{});
    scopes.emplace_back();
    emitStmt(f->getBody());
    scopes.pop_back();
    storage[iv] = ivSt;
  }
  loops.pop_back();
  // v after the loop: lb + ceil((ub - lb) / step) * step, or lb.
  Value n = arith::CeilDivSIOp::create(
      b, l, arith::SubIOp::create(b, l, ub, lb), stepV);
  Value exit = arith::AddIOp::create(
      b, l, lb, arith::MulIOp::create(b, l, n, stepV));
  Value ran = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, lb, ub);
  exit = arith::SelectOp::create(b, l, ran, exit, lb);
  memref::StoreOp::create(
      b, l,
      arith::IndexCastOp::create(
          b, l, cast<MemRefType>(mem.getType()).getElementType(), exit),
      mem, ValueRange{});
  scopes.pop_back();
  return true;
}

void Emitter::emitLoop(const c::Stmt *s) {
  if (const auto *f = dyn_cast<c::ForStmt>(s); f && emitCountedFor(f))
    return;
  const c::Stmt *init = nullptr, *body = nullptr;
  const c::Expr *cond = nullptr, *inc = nullptr;
  bool isDo = false;
  if (const auto *f = dyn_cast<c::ForStmt>(s)) {
    init = f->getInit();
    cond = f->getCond();
    inc = f->getInc();
    body = f->getBody();
    if (f->getConditionVariable())
      return unsupported(s, "a declaration in a for condition");
  } else if (const auto *w = dyn_cast<c::WhileStmt>(s)) {
    cond = w->getCond();
    body = w->getBody();
    if (w->getConditionVariable())
      return unsupported(s, "a declaration in a while condition");
  } else {
    const auto *d = cast<c::DoStmt>(s);
    cond = d->getCond();
    body = d->getBody();
    isDo = true;
  }
  Location l = loc(s->getBeginLoc());
  scopes.emplace_back();
  if (init)
    emitStmt(init);
  JumpScan js;
  js.scan(body, 0);
  LoopCtx lc;
  MemRefType flagT = MemRefType::get({}, b.getI1Type());
  if (js.brk) {
    lc.brk = allocaAtEntry(flagT, l);
    memref::StoreOp::create(b, l, cBool(false, l), lc.brk, ValueRange{});
  }
  if (js.cont)
    lc.cont = allocaAtEntry(flagT, l);
  loops.push_back(lc);
  bool watchRet = js.ret && retFlag;

  auto w = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{});
  Block *beforeB = &w.getBefore().emplaceBlock();
  Block *afterB = &w.getAfter().emplaceBlock();
  OpBuilder::InsertionGuard g(b);
  // Loop continues: !brk && !ret && cond (cond only evaluated then).
  auto continueCond = [&]() -> Value {
    SmallVector<Value> stop;
    if (lc.brk)
      stop.push_back(memref::LoadOp::create(b, l, lc.brk, ValueRange{}));
    if (watchRet)
      stop.push_back(memref::LoadOp::create(b, l, retFlag, ValueRange{}));
    if (stop.empty())
      return cond ? emitCond(cond) : cBool(true, l);
    Value any = stop[0];
    for (size_t i = 1; i < stop.size(); ++i)
      any = arith::OrIOp::create(b, l, any, stop[i]);
    if (!cond)
      return arith::XOrIOp::create(b, l, any, cBool(true, l));
    auto ifOp = scf::IfOp::create(b, l, TypeRange{b.getI1Type()}, any, true,
                                  true);
    {
      OpBuilder::InsertionGuard g2(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(b, l, ValueRange{cBool(false, l)});
      b.setInsertionPointToStart(ifOp.elseBlock());
      Value c = emitCond(cond);
      if (!c)
        c = cBool(false, l);
      scf::YieldOp::create(b, l, ValueRange{c});
    }
    return ifOp.getResult(0);
  };
  auto bodyAndInc = [&](bool withInc) {
    if (lc.cont)
      memref::StoreOp::create(b, l, cBool(false, l), lc.cont, ValueRange{});
    scopes.emplace_back();
    emitStmt(body);
    scopes.pop_back();
    if (withInc && inc && !failed()) {
      // continue still runs the increment; break and return do not.
      SmallVector<Value> stop;
      if (lc.brk)
        stop.push_back(memref::LoadOp::create(b, l, lc.brk, ValueRange{}));
      if (watchRet)
        stop.push_back(memref::LoadOp::create(b, l, retFlag, ValueRange{}));
      if (stop.empty()) {
        emitExpr(inc);
      } else {
        Value any = stop[0];
        for (size_t i = 1; i < stop.size(); ++i)
          any = arith::OrIOp::create(b, l, any, stop[i]);
        Value go = arith::XOrIOp::create(b, l, any, cBool(true, l));
        auto ifOp = scf::IfOp::create(b, l, go, false);
        OpBuilder::InsertionGuard g2(b);
        b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
        emitExpr(inc);
      }
    }
  };
  if (isDo) {
    b.setInsertionPointToStart(beforeB);
    bodyAndInc(false);
    Value c = failed() ? cBool(false, l) : continueCond();
    scf::ConditionOp::create(b, l, c ? c : cBool(false, l), ValueRange{});
    b.setInsertionPointToStart(afterB);
    scf::YieldOp::create(b, l, ValueRange{});
  } else {
    b.setInsertionPointToStart(beforeB);
    Value c = continueCond();
    scf::ConditionOp::create(b, l, c ? c : cBool(false, l), ValueRange{});
    b.setInsertionPointToStart(afterB);
    bodyAndInc(true);
    scf::YieldOp::create(b, l, ValueRange{});
  }
  loops.pop_back();
  scopes.pop_back();
}

void Emitter::emitReturn(const c::ReturnStmt *s) {
  for (const LoopCtx &lc : loops)
    if (lc.xmpLoop)
      return unsupported(s, "a return inside an xmp loop");
  Location l = loc(s->getBeginLoc());
  if (const c::Expr *e = s->getRetValue()) {
    Value v = emitExpr(e);
    if (!v || !retSlot)
      return;
    v = convert(v, e->getType(), curFD->getReturnType(), l);
    memref::StoreOp::create(b, l, v, retSlot, ValueRange{});
  }
  if (s != tailReturn && retFlag)
    memref::StoreOp::create(b, l, cBool(true, l), retFlag, ValueRange{});
}

void Emitter::emitJump(const c::Stmt *s, bool isBreak) {
  if (loops.empty() || (loops.back().xmpLoop && isBreak))
    return unsupported(s, "a break leaving an xmp loop");
  Location l = loc(s->getBeginLoc());
  Value f = isBreak ? loops.back().brk : loops.back().cont;
  if (!f)
    return unsupported(s, "this break or continue");
  memref::StoreOp::create(b, l, cBool(true, l), f, ValueRange{});
}

//===----------------------------------------------------------------------===//
// Statement directives
//===----------------------------------------------------------------------===//

static bool namesVariable(const DExpr *e);

/// Whether every coordinate of `lo:hi:st` (hi kDynamic: to the end) is one
/// of `blo:bhi:bst`'s, on an axis of `ext` nodes (kDynamic: unknown).
static bool progressionWithin(int64_t lo, int64_t hi, int64_t st, int64_t blo,
                              int64_t bhi, int64_t bst, int64_t ext) {
  if (ShapedType::isDynamic(hi))
    hi = ext;
  if (ShapedType::isDynamic(bhi))
    bhi = ext;
  if (lo < blo || (lo - blo) % bst != 0)
    return false;
  bool single = !ShapedType::isDynamic(hi) && hi - lo <= st;
  if (!single && st % bst != 0)
    return false;
  if (ShapedType::isDynamic(bhi))
    return true;
  if (ShapedType::isDynamic(hi))
    return false;
  return lo + (hi - 1 - lo) / st * st < bhi;
}

/// `t` as text of a printf format (each '%' doubled).
static std::string percentEscaped(StringRef t) {
  std::string r;
  for (char ch : t)
    r += ch == '%' ? std::string("%%") : std::string(1, ch);
  return r;
}

static std::unique_ptr<DExpr> numExpr(int64_t v, c::SourceLocation sl) {
  auto e = std::make_unique<DExpr>();
  e->kind = DExpr::Num;
  e->num = v;
  e->loc = sl;
  return e;
}

std::optional<xmprt::dist::TemplateDim>
Emitter::staticTemplateDim(const TemplateInfo &ti, unsigned td) {
  if (td >= ti.formats.size() || ShapedType::isDynamic(ti.shape[td]) ||
      (td < ti.lowerDyn.size() && ti.lowerDyn[td]))
    return std::nullopt;
  xmpd::DistAttr f = ti.formats[td];
  int64_t p = f.isDistributed() ? gridAxisSize(ti, td) : 1;
  if (f.isGBlockStar() || ShapedType::isDynamic(p))
    return std::nullopt;
  xmprt::dist::TemplateDim d;
  d.kind = static_cast<xmprt::dist::Kind>(f.getKind());
  d.n = ti.shape[td];
  d.p = p;
  d.w = f.getWidth();
  d.gblock = f.getSizes().empty() ? nullptr : f.getSizes().data();
  return d;
}

/// The coordinates (ascending) owning an index g0 + k * st (0 <= k < cnt,
/// st >= 1) of template dimension `d`; nullopt when that would take too
/// long to find.
static std::optional<SmallVector<int64_t>>
ownerCoords(const xmprt::dist::TemplateDim &d, int64_t g0, int64_t cnt,
            int64_t st) {
  namespace dist = xmprt::dist;
  SmallVector<bool> has(d.p, false);
  if (d.kind != dist::Kind::Cyclic) {
    // A contiguous owned range each: the section's first index in it.
    for (int64_t c = 0; c < d.p; ++c) {
      dist::Range r = dist::owned(d, c);
      int64_t k = std::max<int64_t>(0, dist::ceilDiv(r.lo - g0, st));
      has[c] = !r.empty() && k < cnt && g0 + k * st < r.hi;
    }
  } else if (st <= d.w) {
    // Blocks of w: consecutive indices of the section are never a whole
    // block apart, so every block from the first to the last holds one.
    int64_t b0 = g0 / d.w, b1 = (g0 + (cnt - 1) * st) / d.w;
    for (int64_t bk = b0; bk <= b1 && bk < b0 + d.p; ++bk)
      has[bk % d.p] = true;
  } else {
    // One index per block: the owners repeat with the section's period
    // over rounds of w * p indices.
    int64_t round = dist::cycleLength(d);
    int64_t n = std::min(cnt, round / dist::gcd(st % round, round));
    if (n > (int64_t(1) << 22))
      return std::nullopt;
    int64_t found = 0;
    for (int64_t k = 0; k < n && found < d.p; ++k) {
      int64_t c = dist::owner(d, g0 + k * st);
      found += !has[c];
      has[c] = true;
    }
  }
  SmallVector<int64_t> coords;
  for (int64_t c = 0; c < d.p; ++c)
    if (has[c])
      coords.push_back(c);
  return coords;
}

bool Emitter::templateOnSub(StringRef tn, unsigned td, RefSub &sb,
                            bool paren, StringRef dn, RefSub &out,
                            Value &guard, SmallVectorImpl<int64_t> &set,
                            std::optional<OnRef::Mask> &owners) {
  const TemplateInfo &ti = templates[tn];
  auto sd = staticTemplateDim(ti, td);
  Location l = loc(sb.loc);
  int64_t lower = sd ? ti.lower[td] : 0, upper = sd ? lower + sd->n - 1 : 0;
  std::string dimText = "dimension " +
                        std::to_string(paren ? ti.shape.size() - td : td + 1) +
                        " of template '" + tn.str() + "'";
  auto outside = [&](const std::string &what) {
    diag.error(sb.loc, what + " " + dimText + " (its indices " +
                           std::to_string(lower) + " to " +
                           std::to_string(upper) + ")");
    return false;
  };
  if (!sb.triplet) {
    // One index: the node owning it, a constant coordinate where the
    // distribution is static; else the nodes that own it at run time
    // (a guard), each with its own coordinate along the axis.
    if (sd && !namesVariable(sb.lo.get())) {
      auto v = evalConst(*sb.lo, diag);
      if (!v)
        return false;
      if (*v < lower || *v > upper)
        return outside("the template index " + std::to_string(*v) +
                       " is outside");
      int64_t c = xmprt::dist::owner(*sd, *v - lower);
      out.triplet = false;
      out.lo = numExpr(c + (paren ? 1 : 0), sb.loc);
      return true;
    }
    Value v = emitDExpr(*sb.lo);
    if (!v)
      return false;
    Value owns = xmpd::TemplateOwnsOp::create(b, l, b.getI1Type(), tn, td,
                                              subLower(v, tn, td, l));
    guard = guard ? arith::AndIOp::create(b, l, guard, owns).getResult() : owns;
    out.star = true;
    return true;
  }
  out.triplet = true;
  if (!sd && !sb.lo && !sb.hi && !sb.st) {
    // `:` of a dimension known at run time: its owners, which need not be
    // every node of the axis (12 indices in blocks over 5 nodes: the 5th
    // owns none), as a static one's are (ownerCoords) and as XMP's
    // template reference names them. Block-like kinds: a non-empty owned
    // range; cyclic(w): this node owns its first index, coordinate * w.
    auto tmpl = module.lookupSymbol<xmpd::TemplateOp>(tn);
    xmpd::DistributeOp dist = tmpl ? tmpl.getDistribution() : nullptr;
    if (!dist)
      return true;
    xmpd::DistAttr f = dist.getFormat(td);
    OnRef::Mask m;
    if (f.getKind() == xmpd::DistKind::cyclic) {
      auto coord = xmpd::TemplateCoordOp::create(b, l, b.getIndexType(),
                                                 b.getIndexType(), tn, td);
      Value first = arith::MulIOp::create(
          b, l, coord.getCoord(), cIndex(std::max<int64_t>(f.getWidth(), 1), l));
      m.self = xmpd::TemplateOwnsOp::create(b, l, b.getI1Type(), tn, td, first);
    } else {
      auto bounds = xmpd::TemplateBoundsOp::create(b, l, b.getIndexType(),
                                                   b.getIndexType(), tn, td);
      m.self = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                     bounds.getLo(), bounds.getHi());
    }
    m.tmpl = tn.str();
    m.tdim = td;
    owners = std::move(m);
    return true;
  }
  if (!sd || namesVariable(sb.lo.get()) || namesVariable(sb.hi.get()) ||
      namesVariable(sb.st.get())) {
    diag.unsupported(
        sb.loc, "a template triplet " +
                    std::string(sd ? "with run-time bounds"
                                   : "on a dimension whose size or "
                                     "distribution is known only at run "
                                     "time") +
                    " in the 'on' clause of " + dn.str() +
                    " (the nodes owning the section would be known only at "
                    "run time: use constant bounds on a template of "
                    "constant size and distribution, a node reference, or "
                    "one template index)");
    return false;
  }
  // The section, in template indices (parenthesized: lower:upper:stride
  // inclusive; bracketed: lower:length:stride), omitted parts the whole.
  auto value = [&](const std::unique_ptr<DExpr> &e,
                   int64_t dflt) -> std::optional<int64_t> {
    return e ? evalConst(*e, diag) : std::optional<int64_t>(dflt);
  };
  auto lo = value(sb.lo, lower), st = value(sb.st, 1);
  if (!lo || !st)
    return false;
  if (*st < 1) {
    diag.error(sb.loc, "the stride of a template reference must be positive "
                       "(here " + std::to_string(*st) + ")");
    return false;
  }
  int64_t cnt;
  if (paren) {
    auto hi = value(sb.hi, upper);
    if (!hi)
      return false;
    cnt = *hi < *lo ? 0 : (*hi - *lo) / *st + 1;
  } else {
    auto len = value(sb.hi, *lo > upper ? 0 : (upper - *lo) / *st + 1);
    if (!len)
      return false;
    cnt = *len;
  }
  if (cnt < 1) {
    diag.error(sb.loc, "the template reference selects no index of " +
                           dimText);
    return false;
  }
  if (*lo < lower || *lo + (cnt - 1) * *st > upper)
    return outside("the template section leaves");
  auto coords = ownerCoords(*sd, *lo - lower, cnt, *st);
  if (!coords) {
    diag.unsupported(sb.loc, "this template section in the 'on' clause of " +
                                 dn.str() +
                                 " (too many indices to find their nodes)");
    return false;
  }
  if ((int64_t)coords->size() == sd->p)
    return true; // every node of the axis: `:`
  int64_t first = coords->front(), n = coords->size();
  int64_t step = n > 1 ? (*coords)[1] - first : 1;
  for (int64_t k = 1; k < n; ++k)
    if ((*coords)[k] - (*coords)[k - 1] != step) {
      set.assign(coords->begin(), coords->end()); // not a triplet: a mask
      return true;
    }
  out.lo = numExpr(first + (paren ? 1 : 0), sb.loc);
  out.hi = numExpr(paren ? coords->back() + 1 : n, sb.loc);
  out.st = numExpr(step, sb.loc);
  return true;
}

std::optional<Emitter::OnRef> Emitter::parseOnRef(TokCursor &tc, Directive &d) {
  OnRef r;
  if (!tc.acceptWord("on"))
    return r;
  r.given = true;
  r.loc = tc.loc();
  const DTok *first = tc.peek();
  auto n = tc.name("a node set or template name");
  if (!n)
    return std::nullopt;
  const std::string dn = "'#pragma xmp " + d.name + "'";
  bool isTemplate = !nodes.count(*n) && templates.count(*n);
  if (!nodes.count(*n) && !isTemplate) {
    diag.error(r.loc, "'" + *n + "' is not a node set or a template");
    return std::nullopt;
  }
  SmallVector<RefSub> subs;
  std::optional<bool> paren = true;
  bool subscripted = tc.is(c::tok::l_paren) || tc.is(c::tok::l_square);
  if (subscripted && !(paren = parseRefSubs(tc, subs)))
    return std::nullopt;
  const DTok *last = tc.atEnd() ? d.toks.data() + d.toks.size() : tc.peek();
  for (const DTok *t = first; t && t != last; ++t)
    r.text += t->text + (t->kind == c::tok::comma ? " " : "");
  if (*paren)
    std::reverse(subs.begin(), subs.end());
  r.name = *n;
  if (isTemplate) {
    // The nodes owning the template section: per grid axis, the node
    // subscript of the nodes owning the subscript of the template
    // dimension distributed onto it (templateOnSub; `*` the node's own);
    // an axis no dimension is distributed onto is whole.
    const TemplateInfo &ti = templates[*n];
    if (ti.nodes.empty()) {
      diag.error(r.loc, "template '" + *n + "' is not distributed");
      return std::nullopt;
    }
    r.name = ti.nodes;
    if (!subscripted) { // `on t` is `on t(:, ...)`: the owners of all of t
      for (size_t k = 0; k < ti.shape.size(); ++k) {
        RefSub all;
        all.triplet = true;
        all.loc = r.loc;
        subs.push_back(std::move(all));
      }
      subscripted = true;
    }
    if (subscripted) {
      if (subs.size() != ti.shape.size()) {
        diag.error(r.loc, "template '" + *n + "' has " +
                              std::to_string(ti.shape.size()) +
                              " dimensions, 'on' gives " +
                              std::to_string(subs.size()) + " subscripts");
        return std::nullopt;
      }
      auto tmpl = module.lookupSymbol<xmpd::TemplateOp>(*n);
      xmpd::DistributeOp dist = tmpl ? tmpl.getDistribution() : nullptr;
      SmallVector<RefSub> gsubs(nodes[r.name].shape.size());
      for (RefSub &g : gsubs) {
        g.triplet = true;
        g.loc = r.loc;
      }
      for (unsigned td = 0; td < subs.size(); ++td) {
        int64_t a = dist ? dist.getGridAxis(td) : -1;
        if (a < 0 || a >= (int64_t)gsubs.size())
          continue; // not distributed: every node owns its elements
        RefSub &sb = subs[td];
        gsubs[a].loc = sb.loc;
        SmallVector<int64_t> set;
        std::optional<OnRef::Mask> owners;
        if (sb.star)
          gsubs[a].star = true;
        else if (!templateOnSub(*n, td, sb, *paren, dn, gsubs[a], r.guard,
                                set, owners))
          return std::nullopt;
        if (!set.empty()) {
          r.masks.resize(gsubs.size());
          r.masks[a] = OnRef::Mask{{}, {}, {}, set, {}, {}, 0};
        } else if (owners) {
          r.masks.resize(gsubs.size());
          r.masks[a] = std::move(owners);
        }
      }
      subs = std::move(gsubs);
    }
  }
  ArrayRef<int64_t> shape = nodes[r.name].shape;
  unsigned rank = shape.size();
  if (!subscripted) { // the whole node set
    r.set = r.name;
    r.kinds.assign(rank, OnRef::Range);
    r.subLocs.assign(rank, r.loc);
    return r;
  }
  if (subs.size() != rank) {
    diag.error(r.loc, "node set '" + r.name + "' has " + std::to_string(rank) +
                          " dimensions, 'on' gives " +
                          std::to_string(subs.size()) + " subscripts");
    return std::nullopt;
  }
  // A run-time coordinate selects the nodes whose coordinate it is: a
  // guard; each selected node's axis is then its own, as for `*`. A
  // triplet with run-time bounds is the whole axis, masked: every node of
  // it takes part, `member` says which are the reference's.
  Location l = loc(d.loc);
  auto runTime = [](const RefSub &sb) {
    return namesVariable(sb.lo.get()) || namesVariable(sb.hi.get()) ||
           namesVariable(sb.st.get());
  };
  if (llvm::any_of(subs, runTime)) {
    SmallVector<int64_t> dtrip;
    SmallVector<bool> isDyn;
    SmallVector<Value> vals;
    if (!nodeRefDynamic(r.name, subs, *paren, dtrip, isDyn, vals, l))
      return std::nullopt;
    // The values of the run-time parts come in order, constants in dtrip.
    auto next = vals.begin();
    for (unsigned k = 0; k < rank; ++k) {
      RefSub &sb = subs[k];
      Value part[3];
      for (unsigned q = 0; q < 3; ++q)
        if (isDyn[3 * k + q])
          part[q] = *next++;
      if (!runTime(sb))
        continue;
      if (!sb.triplet) {
        Value me =
            xmpd::NodeIndexOp::create(b, l, b.getIndexType(), r.name, k);
        Value eq =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, me, part[0]);
        r.guard = r.guard ? arith::AndIOp::create(b, l, r.guard, eq).getResult()
                          : eq;
        sb.star = true;
        sb.lo.reset();
        continue;
      }
      for (unsigned q = 0; q < 3; ++q)
        if (!part[q])
          part[q] = q == 1 && ShapedType::isDynamic(dtrip[3 * k + 1])
                        ? xmpd::NodeSizeOp::create(b, l, b.getIndexType(),
                                                   r.name, k)
                              .getResult()
                        : cIndex(dtrip[3 * k + q], l);
      r.masks.resize(rank);
      r.masks[k] = OnRef::Mask{part[0], part[1], part[2]};
      sb.lo.reset();
      sb.hi.reset();
      sb.st.reset();
    }
  }
  SmallVector<int64_t> trip, subShape;
  if (!nodeRefTriplets(r.name, subs, *paren, /*dropSingle=*/false, trip,
                       subShape))
    return std::nullopt;
  checkRefFits(r.name, trip, *paren, r.loc, "'#pragma xmp " + d.name + "'");
  for (RefSub &sb : subs) {
    r.kinds.push_back(sb.star      ? OnRef::Star
                      : sb.triplet ? OnRef::Range
                                   : OnRef::Single);
    r.subLocs.push_back(sb.loc);
    r.star |= sb.star;
  }
  // In a task on a subset of the node set: the node's own coordinates are
  // the task's (the nodes of `on` must be executing nodes), and so must
  // the others be.
  // A masked axis runs whole: inside a task, only where the task's nodes
  // are all of it (every node of the line must be an executing node).
  auto isMasked = [&](unsigned k) { return k < r.masks.size() && r.masks[k]; };
  auto maskedInTask = [&](unsigned k) {
    diag.unsupported(
        r.subLocs[k],
        "the 'on' clause '" + r.text + "' of " + dn +
            ", whose nodes along this dimension of node set '" + r.name +
            "' are not a triplet of constants (a triplet with run-time "
            "bounds, or the owners of a template section), inside a task "
            "that does not run on every node of the dimension (the "
            "directive runs along the whole dimension, the other nodes "
            "taking part without their values: they must all be executing "
            "nodes)");
  };
  if (!taskNodes.empty() && !taskNodes.back().set.empty() &&
      taskNodes.back().set != r.name) {
    const std::string &ts = taskNodes.back().set;
    auto task = module.lookupSymbol<xmpd::NodesOp>(ts);
    if (task && task.getParentAttr() &&
        task.getParentAttr().getValue() == r.name && task.getSubset()) {
      for (unsigned k = 0; k < rank; ++k) {
        auto [tl, th, tst] = task.getSubsetTriplet(k);
        if (tst == 0) { // a single coordinate
          th = tl + 1;
          tst = 1;
        }
        int64_t *t = &trip[3 * k];
        if (isMasked(k)) {
          if (tl != 0 || tst != 1 ||
              !(ShapedType::isDynamic(th) || th == shape[k])) {
            maskedInTask(k);
            return std::nullopt;
          }
        } else if (r.kinds[k] == OnRef::Star) {
          t[0] = tl;
          t[1] = th;
          t[2] = tst;
        } else if (!progressionWithin(t[0], t[1], t[2], tl, th, tst,
                                      shape[k])) {
          diag.error(r.subLocs[k],
                     "the 'on' clause '" + r.text + "' of " + dn +
                         " names nodes outside the node set of the "
                         "enclosing task along this dimension (XMP: the "
                         "nodes of 'on' must be executing nodes)");
          return std::nullopt;
        }
      }
    }
  }
  if (!r.masks.empty() && !taskNodes.empty() &&
      taskNodes.back().set != r.name) {
    auto task = module.lookupSymbol<xmpd::NodesOp>(taskNodes.back().set);
    if (!task || !task.getParentAttr() ||
        task.getParentAttr().getValue() != r.name || !task.getSubset()) {
      for (unsigned k = 0; k < rank; ++k)
        if (isMasked(k)) {
          maskedInTask(k);
          return std::nullopt;
        }
    }
  }
  bool whole = true;
  for (unsigned k = 0; k < rank; ++k) {
    int64_t *t = &trip[3 * k];
    if (ShapedType::isDynamic(t[1]) && !ShapedType::isDynamic(shape[k]))
      t[1] = shape[k]; // `:` of a static axis: one subset for `1:n` and `:`
    if (t[0] != 0 || t[2] != 1 ||
        !(ShapedType::isDynamic(t[1]) || t[1] == shape[k]))
      whole = false;
  }
  if (whole) {
    r.set = r.name;
  } else {
    // A subset of the node set for the constant coordinates (onGrid).
    for (unsigned k = 0; k < rank; ++k) {
      int64_t lo = trip[3 * k], hi = trip[3 * k + 1], st = trip[3 * k + 2];
      r.subShape.push_back(!ShapedType::isDynamic(hi)
                               ? llvm::divideCeil(hi - lo, st)
                           : !ShapedType::isDynamic(shape[k])
                               ? llvm::divideCeil(shape[k] - lo, st)
                               : ShapedType::kDynamic);
    }
    r.trip = trip;
  }
  if (r.star) {
    for (unsigned k = 0; k < rank; ++k)
      if (r.kinds[k] == OnRef::Range)
        r.axes.push_back(k);
    r.self = r.axes.empty();
  }
  if (!r.masks.empty())
    r.member = onMember(r, trip, l);
  return r;
}

Value Emitter::inMask(const OnRef::Mask &m, Value c, Location l) {
  if (m.self) // this node's own membership (c is its coordinate)
    return m.self;
  using P = arith::CmpIPredicate;
  auto cmp = [&](P p, Value x, Value y) {
    return arith::CmpIOp::create(b, l, p, x, y).getResult();
  };
  auto both = [&](Value x, Value y) {
    return arith::AndIOp::create(b, l, x, y).getResult();
  };
  if (!m.coords.empty()) { // one of the coordinates
    Value any;
    for (int64_t k : m.coords) {
      Value eq = cmp(P::eq, c, cIndex(k, l));
      any = any ? arith::OrIOp::create(b, l, any, eq).getResult() : eq;
    }
    return any;
  }
  // 0 <= c, lo <= c < hi, (c - lo) % st == 0, st >= 1 (a stride < 1 at
  // run time selects no node, as in a task's reference).
  Value zero = cIndex(0, l), one = cIndex(1, l);
  Value ok = both(cmp(P::sge, c, zero), cmp(P::sge, c, m.lo));
  ok = both(ok, cmp(P::slt, c, m.hi));
  Value st = arith::MaxSIOp::create(b, l, m.st, one);
  Value rem =
      arith::RemSIOp::create(b, l, arith::SubIOp::create(b, l, c, m.lo), st);
  ok = both(ok, cmp(P::eq, rem, zero));
  return both(ok, cmp(P::sge, m.st, one));
}

Value Emitter::onMember(const OnRef &on, ArrayRef<int64_t> trip, Location l) {
  // Per axis: a masked one's coordinates; a constant coordinate or a part
  // of the axis (a static triplet, a task's along `*`) its own (nodes
  // outside the op's node set do not run it: their values must stay).
  Value member;
  ArrayRef<int64_t> shape = nodes[on.name].shape;
  for (unsigned k = 0; k < shape.size(); ++k) {
    const int64_t *t = &trip[3 * k];
    bool masked = k < on.masks.size() && on.masks[k];
    bool whole = t[0] == 0 && t[2] == 1 &&
                 (ShapedType::isDynamic(t[1]) || t[1] == shape[k]);
    if (!masked && whole)
      continue;
    Value c = xmpd::NodeIndexOp::create(b, l, b.getIndexType(), on.name, k);
    Value in = masked ? inMask(*on.masks[k], c, l)
                      : inMask(OnRef::Mask{cIndex(t[0], l),
                                           ShapedType::isDynamic(t[1])
                                               ? xmpd::NodeSizeOp::create(
                                                     b, l, b.getIndexType(),
                                                     on.name, k)
                                                     .getResult()
                                               : cIndex(t[1], l),
                                           cIndex(t[2], l)},
                               c, l);
    member = member ? arith::AndIOp::create(b, l, member, in).getResult() : in;
  }
  return member;
}

FlatSymbolRefAttr Emitter::onGrid(OnRef &on, Location l) {
  if (on.set.empty()) {
    // One declaration per node set (tasks on the same nodes share it: a
    // task's subset may write `:` where this one has `0:n`, the same once
    // an upper bound kDynamic of a static axis is its size).
    ArrayRef<int64_t> shape = nodes[on.name].shape;
    auto same = [&](StringRef key) {
      SmallVector<StringRef> parts;
      key.split(parts, ',');
      if (parts.size() != 1 + on.trip.size() || parts[0] != on.name)
        return false;
      for (unsigned q = 0; q < on.trip.size(); ++q) {
        int64_t v;
        if (parts[1 + q].getAsInteger(10, v))
          return false;
        if (q % 3 == 1 && ShapedType::isDynamic(v) &&
            !ShapedType::isDynamic(shape[q / 3]))
          v = shape[q / 3];
        if (v != on.trip[q])
          return false;
      }
      return true;
    };
    for (auto &e : taskSubsets)
      if (same(e.getKey()))
        on.set = e.getValue();
    if (on.set.empty()) {
      std::string key = on.name;
      for (int64_t v : on.trip)
        key += "," + std::to_string(v);
      on.set = taskSubsets[key] =
          "__xmp_on" + std::to_string(taskSubsets.size());
      declareSubset(on.set, on.name, on.subShape, on.trip, l);
    }
  }
  return FlatSymbolRefAttr::get(&ctx, on.set);
}

std::string Emitter::selfAsync(const OnRef &on, StringRef dn) {
  return "async on " + dn.str() + " on '" + on.text +
         "', which names only the executing node itself on every node "
         "(nothing is communicated, there is nothing to wait for: drop "
         "async)";
}

void Emitter::ownersOnly(OnRef &on, c::SourceLocation at, StringRef dn,
                         StringRef how) {
  if (on.masks.empty() ||
      llvm::any_of(on.masks, [](const std::optional<OnRef::Mask> &m) {
        return m && !m->self;
      }))
    return;
  Location l = loc(at);
  for (const std::optional<OnRef::Mask> &m : on.masks)
    if (m)
      runtimeCheck(arith::XOrIOp::create(b, l, m->self, cBool(true, l)), at,
                   dn,
                   "this node owns no element of '" +
                       percentEscaped(on.text) +
                       "' in this job, so 'on' leaves it out, which " +
                       how.str() +
                       " does not support (xmp-cfront: the nodes left out "
                       "would have to keep their values; run on a node "
                       "count where every node owns an element, or drop " +
                       how.str() + ")\n",
                   {});
  on.masks.clear();
  on.member = nullptr;
}

std::string Emitter::maskedAsync(const OnRef &on, StringRef dn,
                                 StringRef what) {
  return "async on " + dn.str() + " on '" + on.text +
         "', whose nodes along a dimension are not a triplet of constants "
         "(the " + what.str() +
         " runs along the whole dimension, and the nodes outside the "
         "reference must keep their values after it, which the wait of an "
         "asynchronous " +
         what.str() + " does not do: drop async)";
}

void Emitter::underGuard(const OnRef &on, Location l,
                         function_ref<void()> body) {
  if (!on.guard)
    return body();
  auto ifOp = scf::IfOp::create(b, l, on.guard, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  body();
}

std::optional<std::pair<const c::VarDecl *, Value>>
Emitter::darrayNamed(StringRef name, c::SourceLocation sl, Directive &d) {
  const c::VarDecl *vd = lookupName(name);
  auto st = vd ? storage.find(vd) : storage.end();
  if (!vd || st == storage.end() || st->second.kind != Storage::DArr) {
    diag.error(sl, "'" + name.str() + "' in '#pragma xmp " + d.name +
                       "' is not a distributed (aligned) array");
    return std::nullopt;
  }
  return std::make_pair(vd, st->second.v);
}

void Emitter::emitStandalone(Directive &d) {
  // Collectives: none inside a task on a run-time node reference.
  if (collectiveDirective(d.name) &&
      collectiveInDynamicTask(d.loc, "'#pragma xmp " + d.name + "'"))
    return;
  // Nor in the body of a loop directive: its iterations are divided among
  // the nodes (a node with fewer iterations would meet the collective
  // fewer times, and the others would wait for it forever).
  if (collectiveDirective(d.name) &&
      llvm::any_of(loops, [](const LoopCtx &lc) { return lc.xmpLoop; }))
    return diag.unsupported(
        d.loc, "'#pragma xmp " + d.name +
                   "' inside the body of a loop directive (the nodes run "
                   "different numbers of its iterations, so they would not "
                   "all meet this collective the same number of times: put "
                   "it before or after the loop, or use the loop's "
                   "reduction clause)");
  if (d.name == "barrier")
    return dirBarrier(d);
  if (d.name == "reflect")
    return dirReflect(d, false, false);
  if (d.name == "reflect_init")
    return dirReflect(d, true, false);
  if (d.name == "reflect_do")
    return dirReflect(d, false, true);
  if (d.name == "reduction")
    return dirReduction(d);
  if (d.name == "bcast")
    return dirBcast(d);
  if (d.name == "wait_async")
    return dirWaitAsync(d);
  if (d.name == "reduce_shadow")
    return dirReduceShadow(d);
  if (d.name == "device replicate_sync")
    return dirReplicateSync(d);
  if (d.name == "device reset_weight")
    return dirResetWeight(d);
  if (d.name == "template_fix")
    return emitTemplateFix(d);
  diag.unsupported(d.loc, "'#pragma xmp " + d.name + "'");
}

void Emitter::dirBarrier(Directive &d) {
  TokCursor tc(d, diag);
  auto on = parseOnRef(tc, d);
  if (!on || !tc.expectEnd())
    return;
  Location l = loc(d.loc);
  if (on->given) {
    // Along the axes of `*`: the nodes of each line synchronize.
    if (!on->self)
      underGuard(*on, l, [&] {
        xmpd::BarrierOp::create(b, l, onGrid(*on, l),
                                on->star ? b.getDenseI64ArrayAttr(on->axes)
                                         : DenseI64ArrayAttr());
      });
    return;
  }
  FlatSymbolRefAttr set; // every node, or the executing task's nodes
  if (!taskNodes.empty()) {
    set = executingNodes(d.loc, "'#pragma xmp barrier' without 'on'");
    if (!set)
      return;
  }
  xmpd::BarrierOp::create(b, l, set, DenseI64ArrayAttr());
}

bool Emitter::parseWidthClause(TokCursor &tc, Diag &diag,
                               c::SourceLocation sl, WidthClause &w) {
  if (w.given()) {
    diag.error(sl, "a second width clause");
    return false;
  }
  w.loc = sl;
  return tc.expect(c::tok::l_paren, "'('") &&
         parseWidths(tc, diag, w.lo, w.hi, w.periodic);
}

std::optional<
    std::tuple<DenseI64ArrayAttr, DenseI64ArrayAttr, DenseBoolArrayAttr>>
Emitter::widthAttrs(const WidthClause &w, xmpd::DArrayType type, StringRef n) {
  if (!w.given())
    return std::make_tuple(DenseI64ArrayAttr(), DenseI64ArrayAttr(),
                           DenseBoolArrayAttr());
  if (w.lo.size() != type.getRank()) {
    diag.error(w.loc, "width gives " + std::to_string(w.lo.size()) +
                          " widths for the " +
                          std::to_string(type.getRank()) +
                          "-dimensional array '" + n.str() + "'");
    return std::nullopt;
  }
  return std::make_tuple(b.getDenseI64ArrayAttr(w.lo),
                         b.getDenseI64ArrayAttr(w.hi),
                         llvm::is_contained(w.periodic, true)
                             ? b.getDenseBoolArrayAttr(w.periodic)
                             : DenseBoolArrayAttr());
}

void Emitter::dirReflect(Directive &d, bool init, bool doPlan) {
  TokCursor tc(d, diag);
  if (!tc.expect(c::tok::l_paren, "'('"))
    return;
  SmallVector<std::pair<std::string, c::SourceLocation>> names;
  if (!parseArrayNames(tc, names, /*inList=*/true))
    return;
  WidthClause width;
  bool acc = false, orth = false;
  std::optional<int64_t> asyncId;
  while (!tc.atEnd()) {
    c::SourceLocation sl = tc.loc();
    if (!doPlan && tc.acceptWord("width")) {
      if (!parseWidthClause(tc, diag, sl, width))
        return;
    } else if (tc.acceptWord("acc")) {
      acc = true;
    } else if (!doPlan && tc.acceptWord("orthogonal")) {
      orth = true;
    } else if (!init && !doPlan && tc.acceptWord("async")) {
      if (!parseAsyncId(tc, diag, asyncId))
        return;
    } else if (tc.isWord("async")) {
      diag.unsupported(sl, "async on '#pragma xmp " + d.name +
                               "' (a reflect_init plan is started by "
                               "'#pragma xmp reflect (a) async(id)')");
      return;
    } else {
      diag.error(sl, "unexpected '" + tc.peek()->text + "' in '#pragma xmp " +
                         d.name + "'");
      return;
    }
  }
  // Without --gpu there is only the host instance: `acc` acts on it.
  bool accAttr = acc && gpu;
  Location l = loc(d.loc);
  for (auto &[n, sl] : names) {
    auto da = darrayNamed(n, sl, d);
    if (!da)
      return;
    auto attrs = widthAttrs(
        width, cast<xmpd::DArrayType>(da->second.getType()), n);
    if (!attrs)
      return;
    auto [wlo, whi, per] = *attrs;
    if (doPlan) {
      Value plan;
      for (auto it = plans.rbegin(); it != plans.rend() && !plan; ++it)
        if (auto f = it->find(da->first); f != it->end())
          plan = f->second;
      if (!plan) {
        diag.error(sl, "'#pragma xmp reflect_do' of '" + n +
                           "' without a reflect_init of it in an enclosing "
                           "block");
        return;
      }
      xmpd::ReflectDoOp::create(b, l, plan);
    } else if (init) {
      Value plan = xmpd::ReflectInitOp::create(
          b, l, xmpd::ReflectPlanType::get(&ctx), da->second, wlo, whi, per,
          orth, accAttr, ArrayAttr());
      plans.back()[da->first] = plan;
    } else if (asyncId) {
      startReflect(d, da->second, wlo, whi, per, orth, accAttr, *asyncId);
    } else {
      xmpd::ReflectOp::create(b, l, da->second, wlo, whi, per, orth, accAttr,
                              ArrayAttr());
    }
  }
}

/// XMP reduction operator -> dialect kind. With `logical`, also XMP's
/// `&&` / `||` (the kinds and / or, `*logical` set: the variable is
/// reduced as an i1 truth value) and the location kinds firstmax,
/// firstmin, lastmax, lastmin; without it those are no operators
/// (reduce_shadow).
static std::optional<xmpd::ReductionKind>
reductionKind(TokCursor &tc, bool *logical = nullptr) {
  if (logical)
    *logical = false;
  if (tc.accept(c::tok::plus) || tc.accept(c::tok::minus))
    return xmpd::ReductionKind::add;
  if (tc.accept(c::tok::star))
    return xmpd::ReductionKind::mul;
  if (tc.accept(c::tok::amp))
    return xmpd::ReductionKind::band;
  if (tc.accept(c::tok::pipe))
    return xmpd::ReductionKind::bor;
  if (tc.accept(c::tok::caret))
    return xmpd::ReductionKind::bxor;
  if (tc.acceptWord("max"))
    return xmpd::ReductionKind::max;
  if (tc.acceptWord("min"))
    return xmpd::ReductionKind::min;
  if (!logical)
    return std::nullopt;
  if (tc.accept(c::tok::ampamp)) {
    *logical = true;
    return xmpd::ReductionKind::band;
  }
  if (tc.accept(c::tok::pipepipe)) {
    *logical = true;
    return xmpd::ReductionKind::bor;
  }
  static const std::pair<const char *, xmpd::ReductionKind> locKinds[] = {
      {"firstmax", xmpd::ReductionKind::firstmax},
      {"firstmin", xmpd::ReductionKind::firstmin},
      {"lastmax", xmpd::ReductionKind::lastmax},
      {"lastmin", xmpd::ReductionKind::lastmin}};
  for (auto &[w, k] : locKinds)
    if (tc.acceptWord(w))
      return k;
  return std::nullopt;
}

/// The operator as XMP C writes it (diagnostics).
static std::string reductionOpName(xmpd::ReductionKind k, bool logical) {
  if (logical)
    return k == xmpd::ReductionKind::band ? "&&" : "||";
  switch (k) {
  case xmpd::ReductionKind::add:
    return "+";
  case xmpd::ReductionKind::mul:
    return "*";
  case xmpd::ReductionKind::band:
    return "&";
  case xmpd::ReductionKind::bor:
    return "|";
  case xmpd::ReductionKind::bxor:
    return "^";
  default:
    return xmpd::stringifyReductionKind(k).str();
  }
}

using NameLocs = SmallVector<std::pair<std::string, c::SourceLocation>>;

struct RedClause {
  xmpd::ReductionKind kind;
  /// `&&` / `||`: `kind` is and / or on the variable's truth value (i1).
  bool logical = false;
  c::SourceLocation opLoc;
  NameLocs vars;
  /// Per variable: its location variables (`v / i, j /`, location kinds
  /// only; may be empty).
  SmallVector<NameLocs> locs;
  bool isLocation() const { return xmpd::isLocationReductionKind(kind); }
  std::string opName() const { return reductionOpName(kind, logical); }
  /// The kind variable `vi` is reduced with: a location kind without
  /// location variables is a plain max / min.
  xmpd::ReductionKind kindOf(unsigned vi) const {
    if (!isLocation() || !locs[vi].empty())
      return kind;
    return kind == xmpd::ReductionKind::firstmax ||
                   kind == xmpd::ReductionKind::lastmax
               ? xmpd::ReductionKind::max
               : xmpd::ReductionKind::min;
  }
};

/// `reduction(op: a, b)` after the word `reduction`; the location kinds
/// take `a / i, j /` (XMP's reduction-variable [/ location-variable-list
/// /]).
static bool parseReductionClause(TokCursor &tc, Diag &diag, RedClause &rc) {
  if (!tc.expect(c::tok::l_paren, "'('"))
    return false;
  c::SourceLocation kl = tc.loc();
  auto k = reductionKind(tc, &rc.logical);
  if (!k) {
    std::string what = tc.peek() ? tc.peek()->text : "";
    diag.unsupported(kl, "the reduction operator '" + what + "'");
    return false;
  }
  rc.kind = *k;
  rc.opLoc = kl;
  if (!tc.expect(c::tok::colon, "':'"))
    return false;
  do {
    c::SourceLocation sl = tc.loc();
    auto n = tc.name("a variable name");
    if (!n)
      return false;
    rc.vars.push_back({*n, sl});
    rc.locs.emplace_back();
    c::SourceLocation slash = tc.loc();
    if (!tc.accept(c::tok::slash))
      continue;
    if (!rc.isLocation()) {
      diag.error(slash, "location variables ('/ ... /' after '" + *n +
                            "') belong to the reduction operators "
                            "firstmax, firstmin, lastmax and lastmin, not "
                            "to '" + rc.opName() + "'");
      return false;
    }
    do {
      c::SourceLocation ll = tc.loc();
      auto ln = tc.name("a location variable name");
      if (!ln)
        return false;
      rc.locs.back().push_back({*ln, ll});
    } while (tc.accept(c::tok::comma));
    if (!tc.expect(c::tok::slash, "'/' closing the location variables"))
      return false;
  } while (tc.accept(c::tok::comma));
  return tc.expect(c::tok::r_paren, "')'");
}

void Emitter::dirReduction(Directive &d) {
  TokCursor tc(d, diag);
  RedClause rc;
  // The directive's name is `reduction`: the clause follows directly.
  if (!parseReductionClause(tc, diag, rc))
    return;
  auto on = parseOnRef(tc, d);
  if (!on)
    return;
  bool acc = tc.acceptWord("acc");
  std::optional<int64_t> asyncId;
  c::SourceLocation asyncLoc = tc.loc();
  if (tc.acceptWord("async") && !parseAsyncId(tc, diag, asyncId))
    return;
  if (!tc.expectEnd())
    return;
  if (asyncId && rc.isLocation())
    return diag.unsupported(
        asyncLoc, "async on '#pragma xmp reduction(" + rc.opName() +
                      ": ...)' (the dialect's location reductions "
                      "firstmax, firstmin, lastmax and lastmin have no "
                      "asynchronous form: write it without async)");
  const std::string dn = "'#pragma xmp reduction'";
  if (asyncId) {
    ownersOnly(*on, asyncLoc, dn, "async");
  } else if (acc && llvm::any_of(rc.vars, [&](const auto &v) {
               const c::VarDecl *vd = lookupName(v.first);
               return vd && darrays.count(vd);
             })) {
    ownersOnly(*on, on->loc, dn, "'acc' on a distributed array");
  }
  // The executing nodes (no `on`), asked for only by the variables that
  // need them.
  FlatSymbolRefAttr execGrid;
  auto gridOf = [&]() -> FlatSymbolRefAttr {
    if (on->given)
      return onGrid(*on, loc(d.loc));
    if (!execGrid)
      execGrid = executingNodes(d.loc, dn + " without 'on'");
    return execGrid;
  };
  auto axesOf = [&](ArrayRef<int64_t> axes) {
    return axes.empty() ? DenseI64ArrayAttr() : b.getDenseI64ArrayAttr(axes);
  };
  // async on `*` axes: one reduction_start runs along one axis (two would
  // have to run one after the other); with run-time coordinates the start
  // would be inside an `if`, its request not seen by the wait.
  auto asyncAllowed = [&](ArrayRef<int64_t> axes, bool guard) {
    if (!asyncId)
      return true;
    if (on->member) {
      diag.unsupported(asyncLoc, maskedAsync(*on, dn, "reduction"));
      return false;
    }
    if (on->self) {
      diag.error(asyncLoc, selfAsync(*on, dn));
      return false;
    }
    if (guard)
      diag.unsupported(asyncLoc, "async on " + dn + " on '" + on->text +
                                     "', a node reference with run-time "
                                     "coordinates (only the nodes it "
                                     "selects would start the reduction, "
                                     "and wait_async needs its request on "
                                     "every node)");
    else if (axes.size() > 1)
      diag.unsupported(
          asyncLoc, "async on " + dn + " along " + std::to_string(axes.size()) +
                        " dimensions of node set '" + on->name + "' ('" +
                        on->text +
                        "': an asynchronous reduction runs along one "
                        "dimension or over a whole node set)");
    return !guard && axes.size() <= 1;
  };
  Location l = loc(d.loc);
  for (auto [vi, nv] : llvm::enumerate(rc.vars)) {
    auto &[n, sl] = nv;
    const c::VarDecl *vd = lookupName(n);
    auto st = vd ? storageOf(vd, sl) : std::nullopt;
    if (!st)
      return;
    if (auto f = fused.find({&d, vd}); f != fused.end()) {
      if (asyncId)
        return diag.unsupported(d.loc, "async on a '#pragma xmp reduction' "
                                       "that completes the OpenACC reduction "
                                       "of '" + n + "' (a device loop's)");
      FlatSymbolRefAttr grid = gridOf();
      if (!grid)
        return;
      fusedReduction(f->second, *st, grid, l);
      continue;
    }
    xmpd::ReductionKind kind = rc.kindOf(vi);
    auto kindAttr = xmpd::ReductionKindAttr::get(&ctx, kind);
    if (st->kind == Storage::DArr) {
      if (rc.logical || rc.isLocation()) {
        diag.unsupported(sl, "the '" + rc.opName() + "' reduction of the "
                             "distributed array '" + n + "' (a distributed "
                             "array is reduced with +, *, max, min, &, | "
                             "or ^)");
        return;
      }
      if (!darrayReduction(d, *on, kindAttr, n, sl, st->v, acc, asyncId,
                           asyncLoc))
        return;
      continue;
    }
    if (st->kind != Storage::Mem && st->kind != Storage::Global) {
      diag.error(sl, "'" + n + "' cannot be reduced here");
      return;
    }
    if (vd->getType()->isUnsignedIntegerType() &&
        (kind == xmpd::ReductionKind::max ||
         kind == xmpd::ReductionKind::min)) {
      diag.unsupported(sl, "max/min reductions of unsigned variables");
      return;
    }
    if (!checkRedVarType(vd, rc, vi, sl))
      return;
    if (!asyncAllowed(on->axes, (bool)on->guard))
      return;
    if (on->self)
      continue; // each node's node set is itself
    FlatSymbolRefAttr grid = gridOf();
    if (!grid)
      return;
    DenseI64ArrayAttr axes = axesOf(on->axes);
    Value m = memrefOf(*st, l);
    if (xmpd::isLocationReductionKind(kind)) {
      // firstmax: v / i, j /: the value and its location values.
      SmallVector<Storage> locSt;
      if (!locationStorage(rc, vi, {}, locSt))
        return;
      underGuard(*on, l, [&] {
        emitLocationReduction(kind, m, locSt, grid, axes, l, on->member);
      });
      continue;
    }
    auto mt = cast<MemRefType>(m.getType());
    bool truth = rc.logical && (asyncId || mt.getRank() != 0);
    if (truth) {
      // In place (an array, or a scalar whose result comes at the wait):
      // each value becomes its truth value 0 / 1 in its own type, whose
      // min is && and max is || (on the nodes that take part with their
      // values, below).
      kind = kind == xmpd::ReductionKind::band ? xmpd::ReductionKind::min
                                               : xmpd::ReductionKind::max;
      kindAttr = xmpd::ReductionKindAttr::get(&ctx, kind);
    }
    if (asyncId) {
      if (truth)
        normalizeTruth(m, l);
      startCollective(
          d, *asyncId, m,
          [&](Value v) {
            return xmpd::ReductionStartOp::create(b, l,
                                                  xmpd::RequestType::get(&ctx),
                                                  kindAttr, v, grid, axes)
                .getRequest();
          },
          l);
      continue;
    }
    // Masked (OnRef::member): the other nodes take part with the identity
    // and keep their values.
    Value member = on->member;
    underGuard(*on, l, [&] {
      if (mt.getRank() == 0) {
        Value v = memref::LoadOp::create(b, l, m, ValueRange{});
        // && / ||: the dialect's and / or on the truth value (i1).
        Value x = rc.logical ? toBool(v, l) : v;
        if (member)
          x = arith::SelectOp::create(b, l, member, x,
                                      maskIdentity(kind, x.getType(), l));
        auto r = xmpd::ReductionOp::create(b, l, x.getType(), TypeRange{},
                                           kindAttr, x, ValueRange{}, grid,
                                           axes, UnitAttr());
        Value res = r.getResult();
        if (rc.logical)
          res = fromBool(res, v.getType(), l);
        if (member)
          res = arith::SelectOp::create(b, l, member, res, v);
        memref::StoreOp::create(b, l, res, m, ValueRange{});
        return;
      }
      if (truth) {
        OnRef g;
        g.guard = member;
        underGuard(g, l, [&] { normalizeTruth(m, l); });
      }
      auto reduce = [&] {
        xmpd::ReductionOp::create(b, l, Type(), TypeRange{}, kindAttr, m,
                                  ValueRange{}, grid, axes, UnitAttr());
      };
      if (member)
        maskedInPlace(m, kind, member, member, reduce, l);
      else
        reduce();
    });
  }
}

bool Emitter::darrayReduction(Directive &d, const OnRef &on,
                              xmpd::ReductionKindAttr kind, StringRef n,
                              c::SourceLocation sl, Value array, bool acc,
                              std::optional<int64_t> asyncId,
                              c::SourceLocation asyncLoc) {
  const std::string dn = "'#pragma xmp reduction'";
  Location l = loc(d.loc);
  auto type = cast<xmpd::DArrayType>(array.getType());
  auto tmpl = SymbolTable::lookupNearestSymbolFrom<xmpd::TemplateOp>(
      module, type.getTemplateRef());
  xmpd::DistributeOp dist = tmpl ? tmpl.getDistribution() : nullptr;
  if (!dist) {
    diag.error(sl, "the template of '" + n.str() + "' is not distributed");
    return false;
  }
  std::string grid = dist.getNodesAttr().getValue().str();
  unsigned rank = nodes[grid].shape.size();
  // The grid axes over which the array is replicated: no dimension of it
  // is aligned with a template dimension distributed onto them.
  SmallVector<bool> replicated(rank, true);
  for (unsigned k = 0; k < type.getRank(); ++k) {
    int64_t td = type.getAlign()[k];
    if (td == xmpd::DArrayType::kNotAligned)
      continue;
    int64_t a = dist.getGridAxis(td);
    if (a >= 0 && a < (int64_t)rank)
      replicated[a] = false;
  }
  // The dialect reduces a darray on its own grid: inside a task, only one
  // on that grid.
  if (!taskNodes.empty() && taskNodes.back().set != grid) {
    const TaskCtx &t = taskNodes.back();
    diag.unsupported(sl,
                     "a reduction of the distributed array '" + n.str() +
                         "' inside a task on " +
                         (t.set.empty() ? std::string("a template element or a "
                                                      "run-time node reference")
                          : StringRef(t.set).starts_with("__xmp_")
                              ? "some nodes of '" + grid + "'"
                              : "node set '" + t.set + "'") +
                         " (the dialect reduces a distributed array on its "
                         "own node set '" +
                         grid +
                         "', and a collective inside a task runs on the "
                         "task's node set or a subset of it: reduce outside "
                         "the task, or in a task on '" +
                         grid + "')");
    return false;
  }
  SmallVector<int64_t> axes;
  Value guard = on.guard;
  bool partial = false; // a static part of a dimension: masked
  if (!on.given) {
    // XMP reduces over the executing nodes; xmp-cfront over those that
    // hold the same elements: along every axis the array is replicated on.
    for (unsigned a = 0; a < rank; ++a)
      if (replicated[a])
        axes.push_back(a);
    if (axes.empty()) {
      diag.error(sl, "'" + n.str() +
                         "' is distributed along every dimension of its node "
                         "set '" +
                         grid + "': no two nodes hold the same elements, so " +
                         dn +
                         " has nothing to combine (XMP: a reduced array must "
                         "be replicated among the nodes of the reduction)");
      return false;
    }
  } else {
    if (on.name != grid) {
      diag.unsupported(on.loc, "a reduction of the distributed array '" +
                                   n.str() + "' on '" + on.text +
                                   "', nodes of node set '" + on.name +
                                   "' (a distributed array is reduced "
                                   "along whole dimensions of its own "
                                   "node set '" +
                                   grid + "')");
      return false;
    }
    // Along the triplet axes; a constant coordinate selects the nodes on
    // it (a guard), a `*` or run-time one is the node's own.
    Location gl = loc(on.loc);
    for (unsigned k = 0; k < rank; ++k) {
      const int64_t *t = on.trip.empty() ? nullptr : &on.trip[3 * k];
      switch (on.kinds[k]) {
      case OnRef::Star:
        break;
      case OnRef::Single: {
        if (!t) // a coordinate of a 1-node axis keeps the whole set
          break;
        Value me = xmpd::NodeIndexOp::create(b, gl, b.getIndexType(), grid, k);
        Value eq = arith::CmpIOp::create(b, gl, arith::CmpIPredicate::eq, me,
                                         cIndex(t[0], gl));
        guard =
            guard ? arith::AndIOp::create(b, gl, guard, eq).getResult() : eq;
        break;
      }
      case OnRef::Range:
        // Part of the dimension: along all of it, masked (the dialect
        // reduces a darray along whole dimensions of its grid).
        partial |=
            t && (t[0] != 0 || t[2] != 1 ||
                  !(ShapedType::isDynamic(t[1]) || t[1] == nodes[grid].shape[k]));
        if (!replicated[k]) {
          diag.error(on.subLocs[k],
                     "" + dn + " of '" + n.str() + "' on '" + on.text +
                         "' combines along this dimension of node set '" +
                         grid + "', over which '" + n.str() +
                         "' is distributed: the nodes along it hold "
                         "different elements (reduce along the dimensions "
                         "it is replicated over: '*' here)");
          return false;
        }
        axes.push_back(k);
        break;
      }
    }
    if (axes.empty()) { // each node's node set is itself
      if (asyncId)
        diag.error(asyncLoc, selfAsync(on, dn));
      return !asyncId;
    }
  }
  // Every axis: the whole grid (one reduction_start too).
  DenseI64ArrayAttr axesAttr =
      axes.size() == rank ? DenseI64ArrayAttr() : b.getDenseI64ArrayAttr(axes);
  FlatSymbolRefAttr gridAttr = FlatSymbolRefAttr::get(&ctx, grid);
  UnitAttr accAttr = acc && gpu ? b.getUnitAttr() : UnitAttr();
  // Masked (part of a dimension, or OnRef::masks): the other nodes of the
  // dimension take part with the identity in their block, which they keep.
  Value member = on.member;
  if (!member && partial)
    member = onMember(on, on.trip, l);
  if (member && asyncId) {
    diag.unsupported(asyncLoc,
                     "async on " + dn + " of the distributed array '" +
                         n.str() + "' on '" + on.text +
                         "', part of a dimension of node set '" + grid +
                         "' (the reduction runs along the whole dimension, "
                         "and the nodes outside the part must keep their "
                         "blocks after it, which the wait of an "
                         "asynchronous reduction does not do: drop async)");
    return false;
  }
  if (member && accAttr) {
    diag.unsupported(on.loc,
                     "'acc' on " + dn + " of the distributed array '" +
                         n.str() + "' on '" + on.text +
                         "', part of a dimension of node set '" + grid +
                         "' (the nodes outside it take part with the "
                         "identity in their host block: reduce the host "
                         "instance, without 'acc', or along whole "
                         "dimensions)");
    return false;
  }
  if (asyncId) {
    if (guard || (axesAttr && axes.size() > 1)) {
      diag.unsupported(asyncLoc,
                       "async on " + dn + " of the distributed array '" +
                           n.str() + "' " +
                           (guard ? "on '" + on.text +
                                        "', which selects nodes by their "
                                        "coordinates (only they would start "
                                        "the reduction, and wait_async needs "
                                        "its request on every node)"
                                  : "along " + std::to_string(axes.size()) +
                                        " dimensions of node set '" + grid +
                                        "' (an asynchronous reduction runs "
                                        "along one dimension or over a "
                                        "whole node set)"));
      return false;
    }
    Value req =
        xmpd::ReductionStartOp::create(b, l, xmpd::RequestType::get(&ctx), kind,
                                       array, gridAttr, axesAttr, accAttr);
    requests.back()[*asyncId].push_back({req, &d, Value()});
    return true;
  }
  OnRef g;
  g.guard = guard;
  if (member) {
    // A node outside the grid has no block (and takes no part).
    Value inGrid = arith::CmpIOp::create(
        b, l, arith::CmpIPredicate::sge,
        xmpd::NodeIndexOp::create(b, l, b.getIndexType(), grid, 0),
        cIndex(0, l));
    g.guard = guard ? arith::AndIOp::create(b, l, guard, inGrid).getResult()
                    : inGrid;
  }
  underGuard(g, l, [&] {
    auto reduce = [&] {
      xmpd::ReductionOp::create(b, l, Type(), TypeRange{}, kind, array,
                                ValueRange{}, gridAttr, axesAttr, accAttr);
    };
    if (!member)
      return reduce();
    Value view = xmpd::LocalViewOp::create(
        b, l,
        MemRefType::get(SmallVector<int64_t>(type.getRank(),
                                             ShapedType::kDynamic),
                        type.getElementType()),
        array);
    maskedInPlace(view, kind.getValue(), member, member, reduce, l);
  });
  return true;
}

/// i1 -> 0 / 1 of `t` (C's value of a truth value).
Value Emitter::fromBool(Value v, Type t, Location l) {
  if (t == v.getType())
    return v;
  if (isa<FloatType>(t))
    return arith::UIToFPOp::create(b, l, t, v);
  return arith::ExtUIOp::create(b, l, t, v);
}

void Emitter::forEachElement(Value m, function_ref<void(ValueRange)> body,
                             Location l) {
  auto mt = cast<MemRefType>(m.getType());
  SmallVector<Value> idx;
  OpBuilder::InsertionGuard g(b);
  for (int64_t k = 0; k < mt.getRank(); ++k) {
    Value ub = memref::DimOp::create(b, l, m, k);
    auto f = scf::ForOp::create(b, l, cIndex(0, l), ub, cIndex(1, l));
    b.setInsertionPoint(f.getBody()->getTerminator());
    idx.push_back(f.getInductionVar());
  }
  body(idx);
}

void Emitter::normalizeTruth(Value m, Location l) {
  Type et = cast<MemRefType>(m.getType()).getElementType();
  forEachElement(
      m,
      [&](ValueRange idx) {
        Value v = memref::LoadOp::create(b, l, m, idx);
        memref::StoreOp::create(b, l, fromBool(toBool(v, l), et, l), m, idx);
      },
      l);
}

Value Emitter::maskIdentity(xmpd::ReductionKind kind, Type t, Location l) {
  if (auto ft = dyn_cast<FloatType>(t); ft && kind == xmpd::ReductionKind::add)
    return arith::ConstantOp::create(
        b, l, ft,
        b.getFloatAttr(ft, llvm::APFloat::getZero(ft.getFloatSemantics(),
                                                  /*Negative=*/true)));
  return xmpd::reductionIdentity(b, l, kind, t);
}

void Emitter::maskedInPlace(Value m, xmpd::ReductionKind kind, Value contrib,
                            Value member, function_ref<void()> reduce,
                            Location l) {
  // The elements are saved, replaced by the identity where the node does
  // not contribute, reduced, and restored where it is not a member.
  auto mt = cast<MemRefType>(m.getType());
  Type et = mt.getElementType();
  SmallVector<Value> sizes;
  for (int64_t k = 0; k < mt.getRank(); ++k)
    if (mt.isDynamicDim(k))
      sizes.push_back(memref::DimOp::create(b, l, m, k));
  Value save = memref::AllocOp::create(
      b, l, MemRefType::get(mt.getShape(), et), sizes);
  auto copy = [&](Value from, Value to) {
    forEachElement(
        m,
        [&](ValueRange idx) {
          memref::StoreOp::create(
              b, l, memref::LoadOp::create(b, l, from, idx), to, idx);
        },
        l);
  };
  auto unless = [&](Value flag, function_ref<void()> body) {
    Value no = arith::XOrIOp::create(b, l, flag, cBool(true, l));
    auto ifOp = scf::IfOp::create(b, l, no, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    body();
  };
  copy(m, save);
  unless(contrib, [&] {
    Value id = maskIdentity(kind, et, l);
    forEachElement(
        m, [&](ValueRange idx) { memref::StoreOp::create(b, l, id, m, idx); },
        l);
  });
  reduce();
  unless(member, [&] { copy(save, m); });
  memref::DeallocOp::create(b, l, save);
}

bool Emitter::checkRedVarType(const c::VarDecl *vd, const RedClause &rc,
                              unsigned vi, c::SourceLocation sl) {
  // (Every scalar variable is an integer or a float: pointers and other
  // types are diagnosed at their declaration. && and || take them all.)
  if (!rc.isLocation())
    return true;
  std::string n = vd->getName().str();
  std::string op = "'" + rc.opName() + "'";
  c::QualType t = vd->getType();
  if (t->isArrayType() || !(t->isIntegerType() || t->isRealFloatingType())) {
    diag.error(sl, "the " + op + " reduction of '" + n + "': the location "
                   "reductions reduce integer or floating-point scalars");
    return false;
  }
  if (vd->getType()->isUnsignedIntegerType()) {
    diag.unsupported(sl, "the " + op + " reduction of the unsigned '" + n +
                             "' (the dialect compares signed)");
    return false;
  }
  return true;
}

bool Emitter::locationStorage(const RedClause &rc, unsigned vi,
                              ArrayRef<const c::VarDecl *> ivs,
                              SmallVectorImpl<Storage> &out) {
  const std::string &v = rc.vars[vi].first;
  for (auto &[n, sl] : rc.locs[vi]) {
    const c::VarDecl *vd = lookupName(n);
    if (!vd) {
      diag.error(sl, "'" + n + "' is not a variable");
      return false;
    }
    if (llvm::is_contained(ivs, vd)) {
      diag.error(sl, "the location variable '" + n + "' of '" + v +
                         "' is a variable of the loop: a location variable "
                         "is assigned in the loop body (e.g. 'k = " + n +
                         "' where the value is found)");
      return false;
    }
    auto st = storageOf(vd, sl);
    if (!st)
      return false;
    c::QualType t = vd->getType();
    if ((st->kind != Storage::Mem && st->kind != Storage::Global) ||
        t->isArrayType() ||
        !(t->isIntegerType() || t->isRealFloatingType())) {
      diag.error(sl, "the location variable '" + n + "' of '" + v +
                         "' in the '" + rc.opName() + "' reduction: location "
                         "variables are integer or floating-point scalars");
      return false;
    }
    out.push_back(*st);
  }
  return true;
}

void Emitter::emitLocationReduction(xmpd::ReductionKind kind, Value m,
                                    ArrayRef<Storage> locSt,
                                    FlatSymbolRefAttr grid,
                                    DenseI64ArrayAttr axes, Location l,
                                    Value member) {
  Value v = memref::LoadOp::create(b, l, m, ValueRange{});
  SmallVector<Value> locMems, locVals;
  SmallVector<Type> locTypes;
  for (const Storage &s : locSt) {
    locMems.push_back(memrefOf(s, l));
    locVals.push_back(
        memref::LoadOp::create(b, l, locMems.back(), ValueRange{}));
    locTypes.push_back(locVals.back().getType());
  }
  auto reduce = [&](xmpd::ReductionKind k, Value x, ValueRange locs) {
    return xmpd::ReductionOp::create(
        b, l, x.getType(), TypeRange(locs),
        xmpd::ReductionKindAttr::get(&ctx, k), x, locs, grid, axes,
        UnitAttr());
  };
  Value best;
  xmpd::ReductionOp r;
  if (!member) {
    r = reduce(kind, v, locVals);
    best = r.getResult();
  } else {
    // Masked: the members' max (min), the others taking part with the
    // identity; then the location values of the first (last) member
    // holding it, by a firstmax (lastmax) of a key that only they have.
    bool isMax = kind == xmpd::ReductionKind::firstmax ||
                 kind == xmpd::ReductionKind::lastmax;
    bool first = kind == xmpd::ReductionKind::firstmax ||
                 kind == xmpd::ReductionKind::firstmin;
    xmpd::ReductionKind vk =
        isMax ? xmpd::ReductionKind::max : xmpd::ReductionKind::min;
    Value x = arith::SelectOp::create(b, l, member, v,
                                      maskIdentity(vk, v.getType(), l));
    best = reduce(vk, x, {}).getResult();
    Value eq = isa<FloatType>(v.getType())
                   ? arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, v,
                                           best)
                         .getResult()
                   : arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, v,
                                           best)
                         .getResult();
    Value key = arith::ExtUIOp::create(
        b, l, b.getI32Type(), arith::AndIOp::create(b, l, member, eq));
    r = reduce(first ? xmpd::ReductionKind::firstmax
                     : xmpd::ReductionKind::lastmax,
               key, locVals);
    best = arith::SelectOp::create(b, l, member, best, v);
  }
  memref::StoreOp::create(b, l, best, m, ValueRange{});
  for (auto [k, lm] : llvm::enumerate(locMems)) {
    Value res = r.getLocResults()[k];
    if (member)
      res = arith::SelectOp::create(b, l, member, res, locVals[k]);
    memref::StoreOp::create(b, l, res, lm, ValueRange{});
  }
}

void Emitter::dirBcast(Directive &d) {
  TokCursor tc(d, diag);
  if (!tc.expect(c::tok::l_paren, "'('"))
    return;
  SmallVector<std::pair<std::string, c::SourceLocation>> names;
  do {
    c::SourceLocation sl = tc.loc();
    auto n = tc.name("a variable name");
    if (!n)
      return;
    names.push_back({*n, sl});
  } while (tc.accept(c::tok::comma));
  if (!tc.expect(c::tok::r_paren, "')'"))
    return;
  const std::string dn = "'#pragma xmp bcast'";
  // `from p(...)`: per axis (dialect order) a 0-based coordinate, or
  // nullopt for `*` (the executing node's own).
  std::string fromNodes;
  SmallVector<std::optional<int64_t>> from;
  SmallVector<c::SourceLocation> fromLocs;
  c::SourceLocation fromLoc;
  if (tc.acceptWord("from")) {
    fromLoc = tc.loc();
    auto n = tc.name("a node set name");
    if (!n)
      return;
    if (!nodes.count(*n)) {
      if (templates.count(*n))
        diag.unsupported(fromLoc, "'from' a template reference in " + dn +
                                      " (name the node)");
      else
        diag.error(fromLoc, "'" + *n + "' is not a node set");
      return;
    }
    fromNodes = *n;
    SmallVector<RefSub> subs;
    auto paren = parseRefSubs(tc, subs);
    if (!paren)
      return;
    if (*paren)
      std::reverse(subs.begin(), subs.end());
    for (RefSub &sb : subs) {
      fromLocs.push_back(sb.loc);
      if (sb.star) {
        from.push_back(std::nullopt);
        continue;
      }
      if (sb.triplet) {
        diag.error(sb.loc, "the 'from' clause of " + dn +
                               " names one node: a coordinate or '*' per "
                               "dimension, not a triplet");
        return;
      }
      if (namesVariable(sb.lo.get())) {
        diag.unsupported(sb.loc,
                         "a 'from' coordinate with run-time values in " + dn +
                             " (the source is part of the op: use a "
                             "constant, or '*' for the executing node's "
                             "own)");
        return;
      }
      auto v = evalConst(*sb.lo, diag);
      if (!v)
        return;
      from.push_back(*v - (*paren ? 1 : 0));
    }
    if (from.size() != nodes[fromNodes].shape.size()) {
      diag.error(fromLoc, "'from' gives " + std::to_string(from.size()) +
                              " coordinates for node set '" + fromNodes + "'");
      return;
    }
    // Coordinates on `*` dimensions: checked where the bcast runs.
    SmallVector<int64_t> fromTrip;
    for (const std::optional<int64_t> &c : from)
      fromTrip.append(c ? SmallVector<int64_t>{*c, *c + 1, 0}
                        : SmallVector<int64_t>{0, ShapedType::kDynamic, 1});
    checkRefFits(fromNodes, fromTrip, *paren, fromLoc, dn, "'from'");
  }
  auto on = parseOnRef(tc, d);
  if (!on)
    return;
  tc.acceptWord("acc");
  std::optional<int64_t> asyncId;
  c::SourceLocation asyncLoc = tc.loc();
  if (tc.acceptWord("async") && !parseAsyncId(tc, diag, asyncId))
    return;
  if (!tc.expectEnd())
    return;
  if (asyncId)
    ownersOnly(*on, asyncLoc, dn, "async");
  FlatSymbolRefAttr gridAttr;
  SmallVector<int64_t> root, axes;
  Value source; // masked: whether this node is the source
  if (!on->given) {
    // The executing nodes, or the node set of `from` (its coordinates).
    if (fromNodes.empty()) {
      gridAttr = executingNodes(d.loc, dn + " without 'on'");
      if (!gridAttr)
        return;
      root.assign(
          taskNodes.empty() ? 1 : nodes[gridAttr.getValue()].shape.size(), 0);
    } else {
      for (auto [k, c] : llvm::enumerate(from)) {
        if (!c) {
          diag.error(fromLocs[k], "'*' in the 'from' clause of " + dn +
                                      " is the executing node's coordinate: "
                                      "it needs '*' in the same dimension of "
                                      "an 'on' node reference");
          return;
        }
        root.push_back(*c);
      }
      // XMP: without 'on' the executing nodes take part (every node, or
      // the task's); 'from' names one of them, given in its own node set.
      FlatSymbolRefAttr exec =
          executingNodes(d.loc, dn + " without 'on'");
      if (!exec)
        return;
      gridAttr = FlatSymbolRefAttr::get(&ctx, fromNodes);
      if (exec.getValue() != fromNodes) {
        bool outside = false;
        auto r = nodeIn(fromNodes, root, exec.getValue(), outside);
        if (!r) {
          if (outside)
            diag.error(fromLoc, "the 'from' node of " + dn +
                                    " is not one of the executing nodes "
                                    "(without 'on' the executing nodes take "
                                    "part: name a node among them)");
          else
            diag.unsupported(fromLoc,
                             "'from' a node of '" + fromNodes + "' in " + dn +
                                 " without 'on' here (its place among the "
                                 "executing nodes depends on node set sizes "
                                 "known only at run time: add 'on " +
                                 fromNodes + "' to broadcast over '" +
                                 fromNodes + "' only)");
          return;
        }
        gridAttr = exec;
        root = *r;
      }
    }
  } else {
    if (!fromNodes.empty() && fromNodes != on->name) {
      diag.unsupported(fromLoc, "bcast 'from' a node set other than the 'on' "
                                "node set");
      return;
    }
    if (!on->self)
      gridAttr = onGrid(*on, loc(d.loc));
    ArrayRef<int64_t> shape = nodes[on->name].shape;
    Location gl = loc(d.loc);
    // The source per axis: `*` where `on` is the node's own coordinate; on
    // a constant coordinate of `on`, that one; on a triplet, one of it (by
    // default its first: XMP's first node of the node set).
    for (unsigned k = 0; !on->self && k < shape.size(); ++k) {
      int64_t lo = 0, hi = ShapedType::kDynamic, st = 1;
      if (!on->trip.empty()) {
        lo = on->trip[3 * k];
        hi = on->trip[3 * k + 1];
        st = on->trip[3 * k + 2];
      }
      if (ShapedType::isDynamic(hi))
        hi = shape[k];
      std::optional<int64_t> fc =
          from.empty() ? std::optional<int64_t>(lo) : from[k];
      c::SourceLocation fl = from.empty() ? fromLoc : fromLocs[k];
      auto outside = [&] {
        diag.error(fl, "the 'from' node of " + dn + " is not a node of '" +
                           on->text +
                           "' along this dimension (XMP: the source belongs "
                           "to the node set of 'on')");
      };
      switch (on->kinds[k]) {
      case OnRef::Star:
        if (!from.empty() && fc) {
          diag.error(fl, "the 'from' node of " + dn +
                             " must be '*' in this dimension: '" + on->text +
                             "' gives each node its own coordinate there "
                             "(every node's node set has its own source)");
          return;
        }
        continue;
      case OnRef::Single:
        if (!from.empty() && fc && *fc != lo)
          return outside();
        if (!on->star)
          root.push_back(0);
        continue;
      case OnRef::Range:
        if (!fc) {
          diag.error(fl, "the 'from' clause of " + dn +
                             " names one node: '*' here would be a different "
                             "node for each node along this dimension of '" +
                             on->text + "'");
          return;
        }
        if (*fc < lo || (*fc - lo) % st != 0 ||
            (!ShapedType::isDynamic(hi) && *fc >= hi))
          return outside();
        root.push_back((*fc - lo) / st);
        if (on->member) {
          // Masked: the source, by its coordinates; on a masked axis the
          // first node of the triplet, or `from`, which must be one of its
          // nodes (checked here at run time).
          Value me = xmpd::NodeIndexOp::create(b, gl, b.getIndexType(),
                                               on->name, k);
          Value c = cIndex(*fc, gl);
          if (k < on->masks.size() && on->masks[k] &&
              !on->masks[k]->coords.empty()) {
            // The owners of a template section: known here.
            ArrayRef<int64_t> set = on->masks[k]->coords;
            if (from.empty())
              c = cIndex(set.front(), gl);
            else if (!llvm::is_contained(set, *fc))
              return outside();
          } else if (k < on->masks.size() && on->masks[k] &&
                     on->masks[k]->self) {
            // The owners of a whole template dimension, known at run time:
            // the first is the owner of its first index; a `from` node
            // checks that it is one of them.
            const OnRef::Mask &mk = *on->masks[k];
            if (from.empty()) {
              Value first = xmpd::TemplateOwnsOp::create(
                  b, gl, b.getI1Type(), mk.tmpl, mk.tdim, cIndex(0, gl));
              source = source ? arith::AndIOp::create(b, gl, source, first)
                                    .getResult()
                              : first;
              continue;
            }
            Value isFrom =
                arith::CmpIOp::create(b, gl, arith::CmpIPredicate::eq, me, c);
            runtimeCheck(
                arith::AndIOp::create(
                    b, gl, isFrom,
                    arith::XOrIOp::create(b, gl, mk.self, cBool(true, gl))),
                fl, dn,
                "the 'from' node owns no element of '" +
                    percentEscaped(on->text) +
                    "' (XMP: the source belongs to the node set of 'on')\n",
                {});
          } else if (k < on->masks.size() && on->masks[k]) {
            const OnRef::Mask &mk = *on->masks[k];
            if (from.empty())
              c = mk.lo;
            else
              runtimeCheck(arith::XOrIOp::create(b, gl, inMask(mk, c, gl),
                                                 cBool(true, gl)),
                           fl, "bcast",
                           "the 'from' node is not one of the nodes of '" +
                               percentEscaped(on->text) +
                               "' (XMP: the source belongs to the node "
                               "set of 'on')\n",
                           {});
          }
          Value eq =
              arith::CmpIOp::create(b, gl, arith::CmpIPredicate::eq, me, c);
          source = source ? arith::AndIOp::create(b, gl, source, eq).getResult()
                          : eq;
        }
        continue;
      }
    }
    if (on->star)
      axes = on->axes;
  }
  DenseI64ArrayAttr axesAttr =
      on->star ? b.getDenseI64ArrayAttr(axes) : DenseI64ArrayAttr();
  Location l = loc(d.loc);
  for (auto &[n, sl] : names) {
    const c::VarDecl *vd = lookupName(n);
    auto st = vd ? storageOf(vd, sl) : std::nullopt;
    if (!st)
      return;
    if (st->kind != Storage::Mem && st->kind != Storage::Global) {
      diag.unsupported(sl, "bcast of '" + n + "'");
      return;
    }
    if (asyncId) {
      if (on->member)
        return diag.unsupported(asyncLoc, maskedAsync(*on, dn, "broadcast"));
      if (on->self)
        return diag.error(asyncLoc, selfAsync(*on, dn));
      if (on->guard)
        return diag.unsupported(asyncLoc,
                                "async on " + dn + " on '" + on->text +
                                    "', a node reference with run-time "
                                    "coordinates (only the nodes it selects "
                                    "would start the broadcast, and "
                                    "wait_async needs its request on every "
                                    "node)");
      if (axes.size() > 1)
        return diag.unsupported(
            asyncLoc,
            "async on " + dn + " along " + std::to_string(axes.size()) +
                " dimensions of node set '" + on->name + "' ('" + on->text +
                "': an asynchronous broadcast runs along one dimension or "
                "over a whole node set)");
    }
    if (on->self)
      continue; // each node's node set is itself
    Value m = memrefOf(*st, l);
    if (asyncId) {
      startCollective(
          d, *asyncId, m,
          [&](Value v) {
            return xmpd::BcastStartOp::create(
                       b, l, xmpd::RequestType::get(&ctx), v,
                       b.getDenseI64ArrayAttr(root), gridAttr, axesAttr)
                .getRequest();
          },
          l);
      continue;
    }
    if (on->member) {
      // Masked: a reduction in which only the source contributes its
      // values (the others the identity of bitwise or, of a float sum
      // -0.0): every node of the line gets them, the reference's nodes
      // keep them. (The source may be a run-time coordinate, and the
      // dialect's bcast takes a constant one.)
      underGuard(*on, l, [&] {
        auto mt = cast<MemRefType>(m.getType());
        xmpd::ReductionKind bk = isa<FloatType>(mt.getElementType())
                                     ? xmpd::ReductionKind::add
                                     : xmpd::ReductionKind::bor;
        auto kindAttr = xmpd::ReductionKindAttr::get(&ctx, bk);
        if (mt.getRank() == 0) {
          Value v = memref::LoadOp::create(b, l, m, ValueRange{});
          Value x = arith::SelectOp::create(
              b, l, source, v, maskIdentity(bk, v.getType(), l));
          Value r = xmpd::ReductionOp::create(b, l, v.getType(), TypeRange{},
                                              kindAttr, x, ValueRange{},
                                              gridAttr, axesAttr, UnitAttr())
                        .getResult();
          memref::StoreOp::create(
              b, l, arith::SelectOp::create(b, l, on->member, r, v), m,
              ValueRange{});
          return;
        }
        maskedInPlace(
            m, bk, source, on->member,
            [&] {
              xmpd::ReductionOp::create(b, l, Type(), TypeRange{}, kindAttr,
                                        m, ValueRange{}, gridAttr, axesAttr,
                                        UnitAttr());
            },
            l);
      });
      continue;
    }
    underGuard(*on, l, [&] {
      if (cast<MemRefType>(m.getType()).getRank() == 0) {
        Value v = memref::LoadOp::create(b, l, m, ValueRange{});
        auto r = xmpd::BcastOp::create(b, l, v.getType(), v,
                                       b.getDenseI64ArrayAttr(root), gridAttr,
                                       UnitAttr(), axesAttr);
        memref::StoreOp::create(b, l, r.getResult(), m, ValueRange{});
      } else {
        xmpd::BcastOp::create(b, l, Type(), m, b.getDenseI64ArrayAttr(root),
                              gridAttr, UnitAttr(), axesAttr);
      }
    });
  }
}

//===----------------------------------------------------------------------===//
// gmove
//===----------------------------------------------------------------------===//

static const c::VarDecl *refVar(const c::Expr *e) {
  if (const auto *r = dyn_cast<c::DeclRefExpr>(e->IgnoreParenImpCasts()))
    return dyn_cast<c::VarDecl>(r->getDecl());
  return nullptr;
}

/// The parts of a triplet subscript `__xmp_triplet(l, n, s)` (the pragma
/// handler's rewriting of `[l:n:s]`), null for an omitted part; nullopt
/// for any other subscript.
static std::optional<std::array<const c::Expr *, 3>>
tripletParts(const c::Expr *idx) {
  const auto *call = dyn_cast<c::CallExpr>(idx->IgnoreParenImpCasts());
  const c::FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  if (!fd || fd->getName() != "__xmp_triplet" || call->getNumArgs() != 3)
    return std::nullopt;
  std::array<const c::Expr *, 3> parts;
  for (unsigned k = 0; k < 3; ++k) {
    const c::Expr *a = call->getArg(k);
    const auto *r = dyn_cast<c::DeclRefExpr>(a->IgnoreParenImpCasts());
    parts[k] = r && r->getDecl()->getName() == "__xmp_omitted" ? nullptr : a;
  }
  return parts;
}

static std::string shapeText(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "one element";
  std::string t;
  for (int64_t n : shape)
    t += (t.empty() ? "" : "x") +
         (ShapedType::isDynamic(n) ? std::string("?") : std::to_string(n));
  return t;
}

std::optional<Emitter::GSide> Emitter::gmoveSide(const c::Expr *e) {
  e = e->IgnoreParens();
  c::SourceLocation where = e->getBeginLoc();
  SmallVector<const c::Expr *> idx;
  const c::Expr *cur = e;
  while (const auto *s2 = dyn_cast<c::ArraySubscriptExpr>(cur)) {
    idx.push_back(s2->getIdx());
    const auto *ic = dyn_cast<c::ImplicitCastExpr>(s2->getBase()->IgnoreParens());
    if (!ic || (ic->getCastKind() != c::CK_ArrayToPointerDecay &&
                !pointerDArray(ic))) { // the latter: reported below
      diag.unsupported(s2->getBase()->getBeginLoc(),
                       "this subscripted expression in a gmove statement");
      return std::nullopt;
    }
    cur = ic->getSubExpr()->IgnoreParens();
  }
  std::reverse(idx.begin(), idx.end());
  const c::VarDecl *vd = refVar(cur);
  if (!vd || !isa<c::DeclRefExpr>(cur)) {
    diag.unsupported(where, "this expression as a side of a gmove statement "
                            "(an array section, an array element or a "
                            "scalar variable is expected)");
    return std::nullopt;
  }
  auto st = storageOf(vd, cur->getBeginLoc());
  if (!st)
    return std::nullopt;
  GSide side;
  side.name = vd->getName().str();
  // The C extents (kDynamic: the `?` first dimension of an array that
  // xmp_malloc allocated) and the C index of the darray's element 0 per
  // dimension (template lower bounds); C extents are the darray's plus
  // that.
  SmallVector<int64_t> extents, base;
  const DistInfo *dinfo = nullptr;
  if (st->kind == Storage::DArr) {
    side.array = st->v;
    side.darray = true;
    dinfo = &darrays[vd];
    base = dinfo->base;
    for (auto [n, o] : llvm::zip(
             cast<xmpd::DArrayType>(st->v.getType()).getShape(), base))
      extents.push_back(ShapedType::isDynamic(n) ? n : n + o);
  } else if (st->kind == Storage::Mem || st->kind == Storage::Global) {
    side.array = memrefOf(*st, loc(where));
    extents.assign(cast<MemRefType>(side.array.getType()).getShape().begin(),
                   cast<MemRefType>(side.array.getType()).getShape().end());
  } else {
    diag.unsupported(where, "'" + side.name + "' as a side of a gmove "
                            "statement (a loop variable or argv)");
    return std::nullopt;
  }
  if (idx.size() != extents.size()) {
    diag.unsupported(where, "a partially subscripted array in a gmove "
                            "statement (all " +
                                std::to_string(extents.size()) +
                                " subscripts are needed)");
    return std::nullopt;
  }
  // A static value, or emits it as an index.
  struct Part {
    std::optional<int64_t> v;
    Value dyn;
  };
  auto part = [&](const c::Expr *x) -> std::optional<Part> {
    c::Expr::EvalResult r;
    if (!x->HasSideEffects(actx) && x->EvaluateAsInt(r, actx))
      return Part{r.Val.getInt().getSExtValue(), Value()};
    Value v = emitExpr(x);
    if (!v)
      return std::nullopt;
    return Part{std::nullopt, toIndex(v, x->getType(), loc(x->getBeginLoc()))};
  };
  auto asValue = [&](const Part &p, Location l) {
    return p.dyn ? p.dyn : cIndex(*p.v, l);
  };
  auto lt = [&](Value x, Value y, Location l) -> Value {
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, x, y);
  };
  auto orV = [&](Value x, Value y, Location l) -> Value {
    return arith::OrIOp::create(b, l, x, y);
  };
  for (unsigned k = 0; k < idx.size(); ++k) {
    int64_t ext = extents[k];
    bool dynExt = ShapedType::isDynamic(ext);
    Location l = loc(idx[k]->getBeginLoc());
    int64_t lo = base.empty() ? 0 : base[k];
    // A base that is a run-time value (the template's lower bound; only
    // the `?` first dimension has one): every check against it is made at
    // run time, and the bounds are the darray's by subtraction.
    Value loV;
    if (dinfo && k < dinfo->dynBase.size() && dinfo->dynBase[k])
      loV = baseValue(*dinfo, k, l);
    std::string dimName =
        "dimension " + std::to_string(k) + " of '" + side.name + "'";
    std::string dimText =
        dimName + " (" +
        (dynExt ? (lo ? "its distributed elements start at " +
                            std::to_string(lo) +
                            ": those below are aligned before the "
                            "template's lower bound"
                      : std::string("its elements start at 0"))
         : lo ? "its distributed elements " + std::to_string(lo) + " to " +
                    std::to_string(ext - 1) +
                    ": those below are aligned before the template's lower "
                    "bound"
              : std::to_string(ext) + " elements") +
        ")";
    // The last C index of the dimension, a value (a `?` dimension's: the
    // darray's size at run time, less one, plus the base), and the text
    // of the dimension's elements in a run-time message ("%lld" for it).
    Value lastV;
    auto lastValue = [&]() -> Value {
      if (lastV)
        return lastV;
      if (!dynExt)
        return lastV = cIndex(ext - 1, l);
      Value n = xmpd::ArrayGSizeOp::create(b, l, b.getIndexType(),
                                           side.array, (int64_t)k);
      if (loV)
        return lastV = addIndex(arith::AddIOp::create(b, l, n, loV), -1, l);
      return lastV = addIndex(n, lo - 1, l);
    };
    std::string elemsText = " of '" + side.name + "' (its elements " +
                            (loV ? std::string("%lld") : std::to_string(lo)) +
                            " to %lld)\n";
    // The format arguments of elemsText after those before it.
    auto elemsArgs = [&](SmallVector<Value> before) {
      if (loV)
        before.push_back(loV);
      before.push_back(lastValue());
      return before;
    };
    auto trip = tripletParts(idx[k]);
    if (!trip) {
      auto i = part(idx[k]);
      if (!i)
        return std::nullopt;
      if (i->v && ((!loV && *i->v < lo) || (!dynExt && *i->v >= ext))) {
        diag.error(idx[k]->getBeginLoc(),
                   "index " + std::to_string(*i->v) + " is outside " + dimText +
                       " in a gmove statement");
        return std::nullopt;
      }
      if (i->dyn || dynExt) {
        // Known at run time: checked there (the runtime's own check of
        // the section would name neither the array nor the C index).
        Value iv = asValue(*i, l), last = lastValue();
        Value bad = lt(last, iv, l);
        if (i->dyn || loV)
          bad = orV(bad, lt(iv, loV ? loV : cIndex(lo, l), l), l);
        gmoveCheck(bad, idx[k]->getBeginLoc(),
                   "index %lld is outside dimension " + std::to_string(k) +
                       elemsText,
                   elemsArgs({iv}));
      }
      int64_t o = base.empty() ? 0 : base[k];
      side.statics.append(
          {i->v && !loV ? *i->v - o : ShapedType::kDynamic, 0, 1});
      if (loV)
        side.dyn.push_back(arith::SubIOp::create(b, l, asValue(*i, l), loV));
      else if (i->dyn)
        side.dyn.push_back(addIndex(i->dyn, -o, l));
      side.scalar.push_back(true);
      continue;
    }
    // C triplets are lower:length:stride; the dialect's lb:ub:step is
    // half-open, ub = lower + length * stride. An omitted lower is 0, an
    // omitted length all the remaining elements ceil((ext - lower) /
    // stride), an omitted stride 1.
    const c::Expr *lbE = (*trip)[0], *lenE = (*trip)[1], *stE = (*trip)[2];
    Part lb{0, Value()}, st{1, Value()}, len;
    // A given part into `out`; a constant below `min` is an error saying
    // what the part `must` be, a run-time value below it stops the node.
    auto given = [&](const c::Expr *x, int64_t min, const char *what,
                     const char *must, Part &out) -> bool {
      auto p = part(x);
      if (!p)
        return false;
      if (p->v && *p->v < min) {
        diag.error(x->getBeginLoc(), std::string("the ") + what +
                                         " of a triplet must " + must +
                                         " (here " + std::to_string(*p->v) +
                                         ")");
        return false;
      }
      if (p->dyn && min != std::numeric_limits<int64_t>::min())
        gmoveCheck(lt(p->dyn, cIndex(min, l), l), x->getBeginLoc(),
                   std::string("the ") + what + " %lld of the triplet of " +
                       dimName + " must " + must + "\n",
                   {p->dyn});
      out = *p;
      return true;
    };
    constexpr int64_t any = std::numeric_limits<int64_t>::min();
    if ((lbE && !given(lbE, any, "lower bound", "", lb)) ||
        (stE && !given(stE, 1, "stride", "be positive", st)) ||
        (lenE && !given(lenE, 0, "length", "not be negative", len)))
      return std::nullopt;
    if (!lenE && lb.v && st.v && !dynExt) {
      len.v = std::max<int64_t>(0, (ext - *lb.v + *st.v - 1) / *st.v);
    } else if (!lenE) {
      Value rest = arith::SubIOp::create(b, l, addIndex(lastValue(), 1, l),
                                         asValue(lb, l));
      Value n = arith::CeilDivSIOp::create(b, l, rest, asValue(st, l));
      len.dyn = arith::MaxSIOp::create(b, l, n, cIndex(0, l));
    }
    if (lb.v && len.v && st.v &&
        ((!loV && *lb.v < lo) ||
         (!dynExt && *len.v > 0 && *lb.v + (*len.v - 1) * *st.v >= ext))) {
      diag.error(idx[k]->getBeginLoc(),
                 "the section " + std::to_string(*lb.v) + ":" +
                     std::to_string(*len.v) + ":" + std::to_string(*st.v) +
                     " leaves " + dimText + " in a gmove statement");
      return std::nullopt;
    }
    if (!lb.v || !len.v || !st.v || dynExt) {
      // Known at run time: a non-empty section must start at `lo` or
      // later and end at `last` or before; lb + (len - 1) * st <= last
      // is computed as len - 1 <= (last - lb) / st, which cannot wrap
      // once lo <= lb <= last.
      Value lbV = asValue(lb, l), lenV = asValue(len, l), stV = asValue(st, l);
      Value last = lastValue();
      Value span = arith::DivSIOp::create(
          b, l, arith::SubIOp::create(b, l, last, lbV), stV);
      Value out =
          orV(orV(lt(lbV, loV ? loV : cIndex(lo, l), l), lt(last, lbV, l), l),
              lt(span, addIndex(lenV, -1, l), l), l);
      Value bad = arith::AndIOp::create(b, l, lt(cIndex(0, l), lenV, l), out);
      gmoveCheck(bad, idx[k]->getBeginLoc(),
                 "the section %lld:%lld:%lld (lower:length:stride) leaves "
                 "dimension " +
                     std::to_string(k) + elemsText,
                 elemsArgs({lbV, lenV, stV}));
    }
    Part ub;
    if (lb.v && len.v && st.v)
      ub.v = *lb.v + *len.v * *st.v;
    else if (len.v && st.v)
      ub.dyn = arith::AddIOp::create(b, l, asValue(lb, l),
                                     cIndex(*len.v * *st.v, l));
    else
      ub.dyn = arith::AddIOp::create(
          b, l, asValue(lb, l),
          arith::MulIOp::create(b, l, asValue(len, l), asValue(st, l)));
    for (const Part *p : {&lb, &ub, &st}) {
      // Bounds on the darray's indices (C's minus the base), not the step.
      int64_t o = base.empty() || p == &st ? 0 : base[k];
      if (loV && p != &st) {
        side.statics.push_back(ShapedType::kDynamic);
        side.dyn.push_back(arith::SubIOp::create(b, l, asValue(*p, l), loV));
        continue;
      }
      side.statics.push_back(p->v ? *p->v - o : ShapedType::kDynamic);
      if (p->dyn)
        side.dyn.push_back(addIndex(p->dyn, -o, l));
    }
    side.scalar.push_back(false);
    side.shape.push_back(len.v ? *len.v : ShapedType::kDynamic);
    side.counts.push_back(asValue(len, l));
  }
  return side;
}

void Emitter::runtimeCheck(Value bad, c::SourceLocation at, StringRef what,
                           StringRef text, ArrayRef<Value> args) {
  if (std::optional<int64_t> c = getConstantIntValue(bad); c && !*c)
    return;
  Location l = loc(at);
  OpBuilder::InsertionGuard g(b);
  auto ifOp = scf::IfOp::create(b, l, bad, /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  // The position is part of the format: its '%' must print as one.
  std::string msg = "xmp: node %d: " + what.str() + " at " +
                    percentEscaped(positionText(at)) + ": " + text.str();
  Value node = arith::AddIOp::create(
      b, l, xmpd::NodeNumOp::create(b, l, b.getIndexType(), allNodes()),
      cIndex(1, l));
  SmallVector<Value> vals{arith::ConstantIntOp::create(b, l, 2, 32),
                          cString(msg, l),
                          arith::IndexCastOp::create(b, l, b.getI32Type(),
                                                     node)};
  for (Value a : args)
    vals.push_back(isa<IndexType>(a.getType())
                       ? arith::IndexCastOp::create(b, l, b.getI64Type(), a)
                             .getResult()
                       : a);
  auto dprintf = externFunc(
      "dprintf", LLVM::LLVMFunctionType::get(b.getI32Type(),
                                             {b.getI32Type(), ptrType()},
                                             /*isVarArg=*/true));
  LLVM::CallOp::create(b, l, dprintf, vals);
  // The job stops as for the runtime's own errors (MPI_Abort: every rank,
  // exit status 1), not by a signal on this rank.
  auto stopFn = externFunc(
      "xmprt_stop_job", LLVM::LLVMFunctionType::get(
                            LLVM::LLVMVoidType::get(&ctx), {b.getI32Type()}));
  LLVM::CallOp::create(b, l, stopFn,
                       ValueRange{arith::ConstantIntOp::create(b, l, 1, 32)});
}

void Emitter::emitGmove(Directive &d, const c::Stmt *s) {
  TokCursor tc(d, diag);
  std::optional<xmpd::GMoveMode> mode;
  if (tc.acceptWord("in"))
    mode = xmpd::GMoveMode::in;
  else if (tc.acceptWord("out"))
    mode = xmpd::GMoveMode::out;
  std::optional<int64_t> asyncId;
  bool acc = false;
  while (!tc.atEnd()) {
    c::SourceLocation sl = tc.loc();
    if (tc.acceptWord("async")) {
      if (!parseAsyncId(tc, diag, asyncId))
        return;
    } else if (tc.acceptWord("acc")) {
      acc = true;
    } else {
      diag.error(sl, "unexpected '" + tc.peek()->text +
                         "' in '#pragma xmp gmove'");
      return;
    }
  }
  std::string what = "'#pragma xmp gmove" +
                     std::string(mode ? (*mode == xmpd::GMoveMode::in ? " in"
                                                                      : " out")
                                      : "") +
                     "'";
  for (const LoopCtx &lc : loops)
    if (lc.xmpLoop)
      return diag.unsupported(d.loc, what + " inside an xmp loop");
  const auto *as = dyn_cast<c::BinaryOperator>(
      isa<c::Expr>(s) ? cast<c::Expr>(s)->IgnoreParens() : nullptr);
  if (!as || as->getOpcode() != c::BO_Assign) {
    diag.error(s->getBeginLoc(),
               what + " must be followed by an assignment 'lhs = rhs;' of "
                      "array sections, array elements or a scalar");
    diag.note(d.loc, "the gmove directive");
    return;
  }
  // The right-hand side without its lvalue-to-rvalue conversion; any other
  // conversion changes the element type, which a gmove cannot.
  const c::Expr *rhs = as->getRHS()->IgnoreParens();
  while (const auto *ic = dyn_cast<c::ImplicitCastExpr>(rhs)) {
    bool same = ic->getCastKind() == c::CK_LValueToRValue ||
                ic->getCastKind() == c::CK_NoOp;
    if (!same && ic->getType()->isIntegerType() &&
        ic->getSubExpr()->getType()->isIntegerType())
      same = actx.getTypeSize(ic->getType()) ==
             actx.getTypeSize(ic->getSubExpr()->getType());
    if (!same) {
      diag.unsupported(as->getOperatorLoc(),
                       what + " between different element types ('" +
                           ic->getSubExpr()->getType().getAsString() +
                           "' to '" + ic->getType().getAsString() + "')");
      return;
    }
    rhs = ic->getSubExpr()->IgnoreParens();
  }
  auto src = gmoveSide(rhs);
  if (!src)
    return;
  auto dst = gmoveSide(as->getLHS());
  if (!dst)
    return;
  Location l = loc(d.loc);
  bool shapesDiffer = src->shape.size() != dst->shape.size();
  for (size_t k = 0; !shapesDiffer && k < src->shape.size(); ++k)
    shapesDiffer = !ShapedType::isDynamic(src->shape[k]) &&
                   !ShapedType::isDynamic(dst->shape[k]) &&
                   src->shape[k] != dst->shape[k];
  if (shapesDiffer) {
    diag.error(as->getOperatorLoc(),
               "the sides of the gmove statement have different shapes: " +
                   shapeText(dst->shape) + " ('" + dst->name + "') and " +
                   shapeText(src->shape) + " ('" + src->name + "')");
    return;
  }
  // Section shapes known only at run time must agree there (static ones
  // were checked): otherwise the node says so on stderr and aborts.
  Value bad;
  for (auto [x, y] : llvm::zip(dst->counts, src->counts)) {
    if (getConstantIntValue(x) && getConstantIntValue(y))
      continue;
    Value ne = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, x, y);
    bad = bad ? arith::OrIOp::create(b, l, bad, ne).getResult() : ne;
  }
  if (bad) {
    auto fmt = [](size_t n) {
      std::string f;
      for (size_t k = 0; k < n; ++k)
        f += k ? "x%lld" : "%lld";
      return f;
    };
    SmallVector<Value> args(dst->counts);
    args.append(src->counts.begin(), src->counts.end());
    gmoveCheck(bad, as->getOperatorLoc(),
               "the sections of '" + dst->name + "' and '" + src->name + "'" +
                   (!src->darray && !dst->darray ? " (local arrays)" : "") +
                   " have different shapes: " + fmt(dst->counts.size()) +
                   " and " + fmt(src->counts.size()) + "\n",
               args);
  }
  if (!src->darray && !dst->darray) {
    // Local on both sides: every node that executes it copies its own
    // arrays, an ordinary assignment of sections (no communication).
    if (mode || asyncId) {
      diag.unsupported(d.loc, what + (asyncId ? " async" : "") +
                                  " between two local arrays or scalars "
                                  "(each node copies its own: there is no "
                                  "other node to get from or put to, and "
                                  "nothing to wait for)");
      return;
    }
    return localGmove(*src, *dst, d);
  }
  // Inside a task the collective gmove is executed by the task's nodes
  // together (XMP's executing node set): the task's node set, which a task
  // on a run-time node reference or on a template element does not have
  // (at any depth: the dialect allows no collective inside those).
  FlatSymbolRefAttr execSet;
  if (!mode && !taskNodes.empty()) {
    if (collectiveInDynamicTask(d.loc, what))
      return;
    for (auto it = taskNodes.rbegin(); it != taskNodes.rend(); ++it)
      if (it->set.empty()) {
        diag.error(d.loc,
                   what + " inside a task on a template element: a "
                          "collective gmove is executed by the task's "
                          "nodes together, and a task on a template element "
                          "has no node set; run the task on a node set or a "
                          "node reference with constant coordinates, or use "
                          "'gmove in' / 'gmove out' (one-sided)");
        return;
      }
    if (inStarTask(d.loc, what))
      return;
    execSet = FlatSymbolRefAttr::get(&ctx, taskNodes.back().set);
    // Run-time errors of the gmove name its sides.
    l = NameLoc::get(StringAttr::get(&ctx, dst->name + " = " + src->name), l);
  }
  // One-sided: the side on the other nodes is a distributed array.
  if (mode) {
    bool in = *mode == xmpd::GMoveMode::in;
    const GSide &remote = in ? *src : *dst;
    if (!remote.darray) {
      diag.error((in ? as->getRHS() : as->getLHS())->getBeginLoc(),
                 std::string(in ? "'#pragma xmp gmove in' gets its "
                                  "right-hand side from"
                                : "'#pragma xmp gmove out' puts into") +
                     " the nodes that hold " + (in ? "it" : "its left-hand side") +
                     ": '" + remote.name + "' must be a distributed array");
      return;
    }
  }
  if (acc && gpu && (!src->darray || !dst->darray)) {
    diag.unsupported(d.loc, what + " acc with a local array (device "
                                   "instances belong to distributed arrays)");
    return;
  }
  xmpd::GMoveModeAttr modeAttr =
      mode ? xmpd::GMoveModeAttr::get(&ctx, *mode) : xmpd::GMoveModeAttr();
  if (asyncId) {
    auto start = xmpd::GMoveStartOp::create(
        b, l, xmpd::RequestType::get(&ctx), src->array, src->dyn,
        src->statics, src->scalar, dst->array, dst->dyn, dst->statics,
        dst->scalar, acc && gpu, modeAttr, execSet);
    requests.back()[*asyncId].push_back({start.getRequest(), &d});
    return;
  }
  xmpd::GMoveOp::create(b, l, src->array, src->dyn, src->statics, src->scalar,
                        dst->array, dst->dyn, dst->statics, dst->scalar,
                        acc && gpu, modeAttr, execSet);
}

void Emitter::localGmove(const GSide &src, const GSide &dst, Directive &d) {
  Location l = loc(d.loc);
  // Each side's (lower, upper, stride) per dimension as index values.
  auto bounds = [&](const GSide &sd) {
    SmallVector<std::array<Value, 3>> out;
    unsigned dyn = 0;
    for (size_t k = 0; k < sd.scalar.size(); ++k) {
      std::array<Value, 3> t;
      for (unsigned j = 0; j < 3; ++j) {
        int64_t v = sd.statics[3 * k + j];
        t[j] = ShapedType::isDynamic(v) ? sd.dyn[dyn++] : cIndex(v, l);
      }
      out.push_back(t);
    }
    return out;
  };
  auto sb = bounds(src), db = bounds(dst);
  // The shapes are equal (checked by emitGmove, at run time where they
  // are run-time values): each nest runs over the source's counts.
  auto nest = [&](function_ref<void(ArrayRef<Value>)> body) {
    OpBuilder::InsertionGuard g(b);
    SmallVector<Value> t;
    for (Value n : src.counts) {
      auto f = scf::ForOp::create(b, l, cIndex(0, l), n, cIndex(1, l));
      b.setInsertionPoint(f.getBody()->getTerminator());
      t.push_back(f.getInductionVar());
    }
    body(t);
  };
  auto indices = [&](const GSide &sd, ArrayRef<std::array<Value, 3>> bd,
                     ArrayRef<Value> t) {
    SmallVector<Value> ix;
    unsigned d = 0;
    for (size_t k = 0; k < sd.scalar.size(); ++k)
      ix.push_back(sd.scalar[k]
                       ? bd[k][0]
                       : arith::AddIOp::create(
                             b, l, bd[k][0],
                             arith::MulIOp::create(b, l, t[d++], bd[k][2]))
                             .getResult());
    return ix;
  };
  // The same array on both sides: a gmove is an array assignment (the
  // right side is read before the left is written), so overlapping
  // sections go through a temporary.
  auto globalName = [](Value v) {
    auto g = v.getDefiningOp<memref::GetGlobalOp>();
    return g ? g.getName() : StringRef();
  };
  bool same = src.array == dst.array ||
              (!globalName(src.array).empty() &&
               globalName(src.array) == globalName(dst.array));
  if (!same) {
    nest([&](ArrayRef<Value> t) {
      Value v = memref::LoadOp::create(b, l, src.array, indices(src, sb, t));
      memref::StoreOp::create(b, l, v, dst.array, indices(dst, db, t));
    });
    return;
  }
  Value total = cIndex(1, l);
  for (Value n : src.counts)
    total = arith::MulIOp::create(b, l, total, n);
  auto linear = [&](ArrayRef<Value> t) {
    Value x = cIndex(0, l);
    for (auto [k, iv] : llvm::enumerate(t))
      x = arith::AddIOp::create(
          b, l, arith::MulIOp::create(b, l, x, src.counts[k]), iv);
    return x;
  };
  Type et = cast<MemRefType>(src.array.getType()).getElementType();
  Value tmp = memref::AllocOp::create(
      b, l, MemRefType::get({ShapedType::kDynamic}, et), ValueRange{total});
  nest([&](ArrayRef<Value> t) {
    Value v = memref::LoadOp::create(b, l, src.array, indices(src, sb, t));
    memref::StoreOp::create(b, l, v, tmp, ValueRange{linear(t)});
  });
  nest([&](ArrayRef<Value> t) {
    Value v = memref::LoadOp::create(b, l, tmp, ValueRange{linear(t)});
    memref::StoreOp::create(b, l, v, dst.array, indices(dst, db, t));
  });
  memref::DeallocOp::create(b, l, tmp);
}

void Emitter::dirWaitAsync(Directive &d) {
  TokCursor tc(d, diag);
  if (!tc.expect(c::tok::l_paren, "'('"))
    return;
  SmallVector<std::pair<int64_t, c::SourceLocation>> ids;
  do {
    c::SourceLocation sl = tc.loc();
    auto e = tc.expr();
    if (!e)
      return;
    auto id = evalConst(*e, diag);
    if (!id)
      return;
    ids.push_back({*id, sl});
  } while (tc.accept(c::tok::comma));
  if (!tc.expect(c::tok::r_paren, "')'") || !tc.expectEnd())
    return;
  Location l = loc(d.loc);
  for (auto &[id, sl] : ids) {
    unsigned level = 0;
    if (!findPending(id, level)) {
      diag.error(sl, "'#pragma xmp wait_async(" + std::to_string(id) +
                         ")' has no async directive of id " +
                         std::to_string(id) +
                         " ('#pragma xmp gmove', 'reflect', 'reduce_shadow', "
                         "'reduction' or 'bcast' ... async(" + std::to_string(id) +
                         ")) before it in its block or an enclosing block "
                         "of the function");
      return;
    }
    // Every operation of the id started before the wait in its block or an
    // enclosing one. A start in the wait's MLIR block dominates it and
    // runs exactly when it does: xmp.wait. Any other (inside an if or a
    // loop that has ended, a task, after a possible return: it ran zero,
    // one or many times; or outside an if or loop the wait is inside) is
    // handed to the id at its start and completed by xmp.wait_async.
    bool throughId = false;
    unsigned top = requests.size() - 1;
    for (unsigned k = 0; k <= top; ++k) {
      auto it = requests[k].find(id);
      if (it == requests[k].end())
        continue;
      SmallVector<Pending> kept;
      for (Pending &p : it->second) {
        if (!p.registered &&
            p.request.getParentBlock() == b.getInsertionBlock()) {
          completePending(p, l);
          continue;
        }
        registerPending(p, id);
        throughId = true;
        // A wait in a region nested in the start's block may not run:
        // later waits complete the operation through the id too.
        if (k < top &&
            p.request.getParentBlock() != b.getInsertionBlock()) {
          p.waitedThroughId = true;
          kept.push_back(p);
        }
      }
      if (kept.empty())
        requests[k].erase(it);
      else
        it->second = std::move(kept);
    }
    if (throughId)
      xmpd::WaitAsyncOp::create(
          b, l, arith::ConstantIntOp::create(b, l, id, 64).getResult());
  }
}

void Emitter::registerPending(Pending &p, int64_t id) {
  if (p.registered)
    return;
  p.registered = true;
  OpBuilder rb(&ctx);
  rb.setInsertionPointAfterValue(p.request);
  Location l = p.request.getLoc();
  Value idv = arith::ConstantIntOp::create(rb, l, id, 64);
  xmpd::AsyncRegisterOp::create(rb, l, p.request, idv, p.result);
}

Value Emitter::emitTestAsync(const c::CallExpr *ce, Type rt) {
  c::SourceLocation sl = ce->getBeginLoc();
  Location l = loc(sl);
  if (ce->getNumArgs() != 1 || !rt || !isa<IntegerType>(rt)) {
    diag.error(sl, "'xmp_test_async' takes one argument, the async id, and "
                   "returns an int (xmp.h: int xmp_test_async(int))");
    return nullptr;
  }
  const c::Expr *arg = ce->getArg(0);
  std::optional<llvm::APSInt> cv = arg->getIntegerConstantExpr(actx);
  if (!cv) {
    diag.error(arg->getBeginLoc(),
               "the id of 'xmp_test_async' must be an integer constant "
               "expression, as those of 'async' and 'wait_async' are (the "
               "operations it tests are known where it is compiled)");
    return nullptr;
  }
  int64_t id = cv->getExtValue();
  std::string ids = std::to_string(id),
              call = "'xmp_test_async(" + ids + ")'";
  // The requests wait_async(id) would complete here.
  unsigned level = 0;
  if (!findPending(id, level)) {
    diag.error(sl, call + " has no async directive of id " + ids +
                       " ('#pragma xmp gmove', 'reduction' or 'bcast' ... "
                       "async(" + ids + ")) in flight before it in its block "
                       "or an enclosing block of the function (a test comes "
                       "between the directive and its 'wait_async(" + ids +
                       ")')");
    return nullptr;
  }
  // Every operation of the id in flight before the test, in its block or
  // an enclosing one, as wait_async(id) would take them.
  SmallVector<Pending *> list;
  for (auto &lvl : requests)
    if (auto it = lvl.find(id); it != lvl.end())
      for (Pending &p : it->second)
        list.push_back(&p);
  for (Pending *p : list) {
    if (isa<xmpd::TokenType>(p->request.getType())) {
      // (A reflect's plan, or a reduce_shadow's: the same kind of plan.)
      const std::string &dn = p->dir->name;
      diag.error(sl, call + " tests the '#pragma xmp " + dn + " ... async(" +
                         ids + ")', and an asynchronous " + dn + " cannot be "
                         "tested: its exchange goes one dimension after "
                         "another, through handshakes that only its wait "
                         "advances without blocking. Give the " + dn +
                         " an id of its own, completed by its 'wait_async'");
      diag.note(p->dir->loc, "the asynchronous " + dn);
      return nullptr;
    }
  }
  // A start that dominates the test (the test's block is the start's or
  // lies inside it) is tested as an SSA value: xmp.test. Any other (inside
  // an if, a loop or a task that has ended, after a possible return: it
  // may have run zero, one or many times) through its id: xmp.test_async.
  Value all;
  bool throughId = false;
  for (Pending *p : list) {
    Block *def = p->request.getParentBlock(), *blk = b.getInsertionBlock();
    if (p->registered ||
        (blk != def && !def->findAncestorOpInBlock(*blk->getParentOp()))) {
      registerPending(*p, id);
      throughId = true;
      continue;
    }
    Value done = xmpd::TestOp::create(b, l, b.getI1Type(), p->request);
    all = all ? arith::AndIOp::create(b, l, all, done).getResult() : done;
  }
  if (throughId) {
    Value done = xmpd::TestAsyncOp::create(
        b, l, b.getI1Type(),
        arith::ConstantIntOp::create(b, l, id, 64).getResult());
    all = all ? arith::AndIOp::create(b, l, all, done).getResult() : done;
  }
  return arith::ExtUIOp::create(b, l, rt, all);
}

//===----------------------------------------------------------------------===//
// async: reflect, reduction, bcast (gmove above); reduce_shadow
//===----------------------------------------------------------------------===//

bool Emitter::parseAsyncId(TokCursor &tc, Diag &diag,
                           std::optional<int64_t> &id) {
  if (!tc.expect(c::tok::l_paren, "'('"))
    return false;
  auto e = tc.expr();
  if (!e)
    return false;
  id = evalConst(*e, diag);
  return id && tc.expect(c::tok::r_paren, "')'");
}

Emitter::Pending *Emitter::findPending(int64_t id, unsigned &level) {
  for (unsigned k = requests.size(); k-- > 0;)
    if (auto it = requests[k].find(id); it != requests[k].end()) {
      level = k;
      return &it->second.front();
    }
  return nullptr;
}

void Emitter::completePending(const Pending &p, Location l) {
  if (isa<xmpd::TokenType>(p.request.getType())) {
    xmpd::ReflectWaitOp::create(b, l, p.request);
    return;
  }
  if (!p.result) {
    xmpd::WaitOp::create(b, l, Type(), p.request);
    return;
  }
  Type t = cast<MemRefType>(p.result.getType()).getElementType();
  auto w = xmpd::WaitOp::create(b, l, t, p.request);
  memref::StoreOp::create(b, l, w.getResult(), p.result, ValueRange{});
}

void Emitter::passPendingUp() {
  if (requests.size() >= 2) {
    auto &up = requests[requests.size() - 2];
    for (auto &[id, list] : requests.back())
      up[id].append(list.begin(), list.end());
    return;
  }
  for (auto &[id, list] : requests.back())
    for (Pending &p : list)
      if (!p.waitedThroughId)
      diag.error(p.dir->loc, "'#pragma xmp " + p.dir->name + " ... async(" +
                                 std::to_string(id) +
                                 ")' has no '#pragma xmp wait_async(" +
                                 std::to_string(id) +
                                 ")' after it in the function (every "
                                 "asynchronous operation is completed by one)");
}

void Emitter::startReflect(Directive &d, Value darray, DenseI64ArrayAttr wlo,
                           DenseI64ArrayAttr whi, DenseBoolArrayAttr per,
                           bool orth, bool acc, int64_t id) {
  Location l = loc(d.loc);
  Value plan = xmpd::ReflectInitOp::create(b, l,
                                           xmpd::ReflectPlanType::get(&ctx),
                                           darray, wlo, whi, per, orth, acc,
                                           ArrayAttr());
  Value tok = xmpd::ReflectStartOp::create(
      b, l, xmpd::TokenType::get(&ctx), plan);
  requests.back()[id].push_back({tok, &d, Value()});
}

void Emitter::startCollective(Directive &d, int64_t id, Value m,
                              function_ref<Value(Value)> start, Location l) {
  if (cast<MemRefType>(m.getType()).getRank() != 0) {
    requests.back()[id].push_back({start(m), &d, Value()});
    return;
  }
  // A scalar: its value is sent now, the result stored at the wait.
  Value v = memref::LoadOp::create(b, l, m, ValueRange{});
  requests.back()[id].push_back({start(v), &d, m});
}

bool Emitter::parseWidths(TokCursor &tc, Diag &diag,
                          SmallVectorImpl<int64_t> &lo,
                          SmallVectorImpl<int64_t> &hi,
                          SmallVectorImpl<bool> &periodic,
                          const char *modifier) {
  do {
    bool per = false;
    if (tc.accept(c::tok::slash)) {
      if (!tc.acceptWord(modifier)) {
        diag.error(tc.loc(), std::string("expected '") + modifier +
                                 "' after '/'");
        return false;
      }
      if (!tc.expect(c::tok::slash, "'/'"))
        return false;
      per = true;
    }
    if (!parseLoHi(tc, diag, "widths", lo, hi))
      return false;
    periodic.push_back(per);
  } while (tc.accept(c::tok::comma));
  return tc.expect(c::tok::r_paren, "')'");
}

bool Emitter::parseWiden(TokCursor &tc, Diag &diag, bool margin,
                         c::SourceLocation sl,
                         std::optional<WidenClause> &w) {
  if (w) {
    diag.error(sl, std::string("a second '") +
                       (margin ? "margin" : "expand") + "' clause: a loop "
                       "takes one expand or one margin clause (they are "
                       "mutually exclusive)");
    return false;
  }
  w.emplace();
  w->margin = margin;
  w->loc = sl;
  return tc.expect(c::tok::l_paren, "'('") &&
         parseWidths(tc, diag, w->lo, w->hi, w->unbound, "unbound");
}

bool Emitter::widenAttrs(
    const WidenClause &w,
    ArrayRef<std::pair<std::string, c::SourceLocation>> subs,
    ArrayRef<const c::VarDecl *> ivs, bool reduces, StringRef dn) {
  std::string clause = w.margin ? "margin" : "expand";
  if (w.lo.size() != subs.size()) {
    diag.error(w.loc, "'" + clause + "' gives " + std::to_string(w.lo.size()) +
                          " widths for the " + std::to_string(subs.size()) +
                          " subscripts of the template reference of " +
                          dn.str() + " (one per subscript, in its order)");
    return false;
  }
  if (reduces && !w.margin) {
    diag.error(w.loc, "'expand' with a reduction clause in " + dn.str() +
                          ": the iterations two nodes both run would count "
                          "twice (margin allows max and min reductions)");
    return false;
  }
  SmallVector<int64_t> lo, hi;
  SmallVector<bool> unb;
  for (const c::VarDecl *iv : ivs)
    for (unsigned p = 0; p < subs.size(); ++p)
      if (subs[p].first == iv->getName()) {
        lo.push_back(w.lo[p]);
        hi.push_back(w.hi[p]);
        unb.push_back(w.unbound[p]);
      }
  for (unsigned p = 0; p < subs.size(); ++p)
    if (subs[p].first == "*" && (w.lo[p] || w.hi[p] || w.unbound[p])) {
      diag.error(subs[p].second, "'" + clause + "' gives a width to the '*' "
                                 "subscript of the template reference (no "
                                 "loop runs along it: give 0)");
      return false;
    }
  widenPending.clear();
  widenPending.set(w.margin ? "frameLo" : "expandLo",
                   b.getDenseI64ArrayAttr(lo));
  widenPending.set(w.margin ? "frameHi" : "expandHi",
                   b.getDenseI64ArrayAttr(hi));
  if (llvm::is_contained(unb, true))
    widenPending.set(w.margin ? "frameUnbound" : "expandUnbound",
                     b.getDenseBoolArrayAttr(unb));
  return true;
}

void Emitter::dirReduceShadow(Directive &d) {
  TokCursor tc(d, diag);
  if (!tc.expect(c::tok::l_paren, "'('"))
    return;
  // `(op: a, ...)`: + (the spec's, the default), max or min.
  std::optional<xmpd::ReductionKind> kind;
  c::SourceLocation kl = tc.loc();
  if (tc.is(c::tok::colon, 1) || tc.is(c::tok::colon, 2)) {
    kind = reductionKind(tc);
    if (!kind || (*kind != xmpd::ReductionKind::add &&
                  *kind != xmpd::ReductionKind::max &&
                  *kind != xmpd::ReductionKind::min)) {
      diag.unsupported(kl, "this operator of '#pragma xmp reduce_shadow' "
                           "(+, max or min)");
      return;
    }
    if (!tc.expect(c::tok::colon, "':'"))
      return;
  }
  SmallVector<std::pair<std::string, c::SourceLocation>> names;
  if (!parseArrayNames(tc, names, /*inList=*/true))
    return;
  WidthClause width;
  bool acc = false;
  std::optional<int64_t> asyncId;
  while (!tc.atEnd()) {
    c::SourceLocation sl = tc.loc();
    if (tc.acceptWord("width")) {
      if (!parseWidthClause(tc, diag, sl, width))
        return;
    } else if (tc.acceptWord("acc")) {
      acc = true;
    } else if (tc.acceptWord("async")) {
      if (asyncId)
        return diag.error(sl, "a second 'async' clause in '#pragma xmp "
                              "reduce_shadow'");
      if (!parseAsyncId(tc, diag, asyncId))
        return;
    } else {
      return diag.error(sl, "unexpected '" + tc.peek()->text +
                                "' in '#pragma xmp reduce_shadow'");
    }
  }
  for (const LoopCtx &lc : loops)
    if (lc.xmpLoop)
      return diag.unsupported(d.loc, "'#pragma xmp reduce_shadow' inside an "
                                     "xmp loop");
  Location l = loc(d.loc);
  for (auto &[n, sl] : names) {
    auto da = darrayNamed(n, sl, d);
    if (!da)
      return;
    auto type = cast<xmpd::DArrayType>(da->second.getType());
    auto attrs = widthAttrs(width, type, n);
    if (!attrs)
      return;
    auto [wlo, whi, per] = *attrs;
    if (isa<IntegerType>(type.getElementType()) &&
        type.getElementType().getIntOrFloatBitWidth() == 1 &&
        (!kind || *kind == xmpd::ReductionKind::add))
      return diag.error(sl, "'#pragma xmp reduce_shadow' adds: '" + n +
                                "' has no addition");
    auto kindAttr = kind && *kind != xmpd::ReductionKind::add
                        ? xmpd::ReductionKindAttr::get(&ctx, *kind)
                        : xmpd::ReductionKindAttr();
    if (!asyncId) {
      xmpd::ReduceShadowOp::create(b, l, da->second, wlo, whi, per,
                                   acc && gpu, kindAttr);
      continue;
    }
    // async(id): the op's plan (the runtime keeps one per site and array),
    // started here, waited for by wait_async(id).
    Value plan = xmpd::ReduceShadowInitOp::create(
        b, l, xmpd::ReflectPlanType::get(&ctx), da->second, wlo, whi, per,
        acc && gpu, kindAttr);
    Value tok = xmpd::ReflectStartOp::create(
        b, l, xmpd::TokenType::get(&ctx), plan);
    requests.back()[*asyncId].push_back({tok, &d, Value()});
  }
}

//===----------------------------------------------------------------------===//
// task, tasks
//===----------------------------------------------------------------------===//

Value Emitter::emitDExpr(const DExpr &e) {
  Location l = loc(e.loc);
  switch (e.kind) {
  case DExpr::Num:
    return cIndex(e.num, l);
  case DExpr::Name: {
    const c::VarDecl *vd = lookupName(e.name);
    if (!vd || !vd->getType()->isIntegerType()) {
      diag.error(e.loc, "'" + e.name + "' is not an integer variable");
      return nullptr;
    }
    auto st = storageOf(vd, e.loc);
    if (!st)
      return nullptr;
    Value v;
    if (st->kind == Storage::Value_)
      v = st->v;
    else if (st->kind == Storage::Mem || st->kind == Storage::Global)
      v = memref::LoadOp::create(b, l, memrefOf(*st, l), ValueRange{});
    else {
      diag.error(e.loc, "'" + e.name + "' is not an integer variable");
      return nullptr;
    }
    return toIndex(v, vd->getType(), l);
  }
  case DExpr::Neg: {
    Value v = emitDExpr(*e.lhs);
    return v ? arith::SubIOp::create(b, l, cIndex(0, l), v).getResult()
             : nullptr;
  }
  case DExpr::Bin: {
    Value a = emitDExpr(*e.lhs), c2 = emitDExpr(*e.rhs);
    if (!a || !c2)
      return nullptr;
    switch (e.op) {
    case '+':
      return arith::AddIOp::create(b, l, a, c2);
    case '-':
      return arith::SubIOp::create(b, l, a, c2);
    case '*':
      return arith::MulIOp::create(b, l, a, c2);
    case '/':
      return arith::DivSIOp::create(b, l, a, c2);
    default:
      return arith::RemSIOp::create(b, l, a, c2);
    }
  }
  }
  return nullptr;
}

std::optional<bool> Emitter::parseRefSubs(TokCursor &tc,
                                          SmallVectorImpl<RefSub> &subs) {
  // One subscript: `*`, an expression, or a triplet (parenthesized: 1-based
  // lower:upper:stride, inclusive, as XMP's Fortran-order node references;
  // bracketed: 0-based C lower:length:stride).
  std::optional<bool> paren;
  paren = parseDims(tc, [&]() -> bool {
    RefSub sb;
    sb.loc = tc.loc();
    if (tc.accept(c::tok::star)) {
      sb.star = true;
      subs.push_back(std::move(sb));
      return true;
    }
    auto part = [&](std::unique_ptr<DExpr> &out) -> bool {
      if (tc.is(c::tok::colon) || tc.is(c::tok::coloncolon) ||
          tc.is(c::tok::comma) || tc.is(c::tok::r_paren) ||
          tc.is(c::tok::r_square))
        return true; // omitted
      out = tc.expr();
      return out != nullptr;
    };
    if (!part(sb.lo))
      return false;
    // `lo::st` (C23 lexes `::` as one token): the upper bound omitted.
    if (tc.accept(c::tok::coloncolon)) {
      sb.triplet = true;
      if (!part(sb.st))
        return false;
    } else if (tc.accept(c::tok::colon)) {
      sb.triplet = true;
      if (!part(sb.hi))
        return false;
      if (tc.accept(c::tok::colon) && !part(sb.st))
        return false;
    } else if (!sb.lo) {
      tc.expect(c::tok::r_paren, "a subscript");
      return false;
    }
    subs.push_back(std::move(sb));
    return true;
  });
  return paren;
}

/// Why node reference coordinates lo:hi (0-based, hi exclusive, kDynamic:
/// to the end; stride st) along a dimension of `ext` nodes of `name` are
/// wrong: an empty range, or a coordinate outside the node set, written
/// as the program wrote it (1-based in parentheses, 0-based in brackets).
/// `ref` names the reference (`'from'`, say). Where `ext` is kDynamic the
/// node set's range is not said (the caller may append it).
static std::string badNodeRange(StringRef name, int64_t lo, int64_t hi,
                                int64_t st, int64_t ext, bool paren,
                                StringRef ref = "the node reference") {
  int64_t base = paren ? 1 : 0;
  std::string range =
      ShapedType::isDynamic(ext)
          ? std::string()
          : ", whose nodes along it are " + std::to_string(base) + " to " +
                std::to_string(ext - 1 + base);
  if (lo < 0)
    return "node " + std::to_string(lo + base) + " of " + ref.str() +
           " is outside '" + name.str() + "' along this dimension" + range;
  if (!ShapedType::isDynamic(hi) && hi <= lo)
    return ref.str() + " selects no node of '" + name.str() +
           "' along this dimension (an empty range)";
  int64_t last = ShapedType::isDynamic(hi)
                     ? lo
                     : lo + (hi - 1 - lo) / std::max<int64_t>(st, 1) *
                                std::max<int64_t>(st, 1);
  int64_t bad = lo >= ext ? lo : last;
  return "node " + std::to_string(bad + base) + " of " + ref.str() +
         " is outside '" + name.str() + "' along this dimension" + range;
}

bool Emitter::nodeRefTriplets(StringRef name, MutableArrayRef<RefSub> subs,
                              bool paren, bool dropSingle,
                              SmallVectorImpl<int64_t> &trip,
                              SmallVectorImpl<int64_t> &subShape) {
  ArrayRef<int64_t> shape = nodes[name].shape;
  for (unsigned k = 0; k < subs.size(); ++k) {
    RefSub &sb = subs[k];
    int64_t ext = shape[k];
    auto value = [&](const std::unique_ptr<DExpr> &e,
                     int64_t dflt) -> std::optional<int64_t> {
      return e ? evalConst(*e, diag) : std::optional<int64_t>(dflt);
    };
    int64_t lo = 0, hi = ShapedType::kDynamic, st = 1;
    if (sb.star) {
      // the whole axis
    } else {
      auto a = value(sb.lo, paren ? 1 : 0);
      if (!a)
        return false;
      lo = *a - (paren ? 1 : 0);
      if (!sb.triplet) {
        hi = lo + 1;
      } else {
        auto step = value(sb.st, 1);
        if (!step)
          return false;
        st = *step;
        if (st < 1) {
          diag.error(sb.loc, "the stride of a node reference must be "
                             "positive (here " +
                                 std::to_string(st) + ")");
          return false;
        }
        if (sb.hi) {
          auto h = evalConst(*sb.hi, diag);
          if (!h)
            return false;
          // paren: the 1-based inclusive upper bound is the 0-based
          // exclusive one; bracket: lower + (length - 1) * stride + 1.
          hi = paren ? *h : lo + (*h - 1) * st + 1;
          if (!paren && *h < 1) {
            diag.error(sb.loc, "the length of a node reference triplet "
                               "must be positive (here " +
                                   std::to_string(*h) + ")");
            return false;
          }
        }
      }
    }
    int64_t last = ShapedType::isDynamic(hi) ? lo : hi - 1;
    if (lo < 0 || (!ShapedType::isDynamic(hi) && hi <= lo) ||
        (!ShapedType::isDynamic(ext) && last >= ext)) {
      diag.error(sb.loc, badNodeRange(name, lo, hi, st, ext, paren));
      return false;
    }
    if (dropSingle && !sb.star && !sb.triplet) {
      trip.append({lo, lo + 1, 0}); // a single coordinate drops the axis
      continue;
    }
    trip.append({lo, hi, st});
    int64_t n = !ShapedType::isDynamic(hi) ? llvm::divideCeil(hi - lo, st)
                : !ShapedType::isDynamic(ext)
                    ? llvm::divideCeil(ext - lo, st)
                    : ShapedType::kDynamic;
    subShape.push_back(n);
  }
  return true;
}

/// Whether a directive expression names a variable (is not a constant).
static bool namesVariable(const DExpr *e) {
  return e && (e->kind == DExpr::Name || namesVariable(e->lhs.get()) ||
               namesVariable(e->rhs.get()));
}

bool Emitter::nodeRefDynamic(StringRef name, MutableArrayRef<RefSub> subs,
                             bool paren, SmallVectorImpl<int64_t> &trip,
                             SmallVectorImpl<bool> &isDyn,
                             SmallVectorImpl<Value> &values, Location l) {
  // A part: a constant, or a value (v non-null) computed at run time.
  struct Part {
    int64_t c = 0;
    Value v;
  };
  auto part = [&](const std::unique_ptr<DExpr> &e,
                  int64_t dflt) -> std::optional<Part> {
    if (!e)
      return Part{dflt, {}};
    if (!namesVariable(e.get())) {
      auto c = evalConst(*e, diag);
      return c ? std::optional<Part>(Part{*c, {}}) : std::nullopt;
    }
    Value v = emitDExpr(*e);
    return v ? std::optional<Part>(Part{0, v}) : std::nullopt;
  };
  auto asValue = [&](const Part &p) { return p.v ? p.v : cIndex(p.c, l); };
  auto plus = [&](const Part &p, int64_t k) {
    return p.v ? Part{0, addIndex(p.v, k, l)} : Part{p.c + k, {}};
  };
  ArrayRef<int64_t> shape = nodes[name].shape;
  for (unsigned k = 0; k < subs.size(); ++k) {
    RefSub &sb = subs[k];
    int64_t ext = shape[k];
    Part lo{0, {}}, hi{ShapedType::kDynamic, {}}, st{1, {}};
    bool single = false;
    if (!sb.star) {
      auto a = part(sb.lo, paren ? 1 : 0);
      if (!a)
        return false;
      lo = plus(*a, paren ? -1 : 0);
      single = !sb.triplet;
      if (sb.triplet) {
        auto step = part(sb.st, 1);
        if (!step)
          return false;
        st = *step;
        if (!st.v && st.c < 1) {
          diag.error(sb.loc, "the stride of a node reference must be "
                             "positive (here " +
                                 std::to_string(st.c) + ")");
          return false;
        }
        if (sb.hi) {
          auto h = part(sb.hi, 0);
          if (!h)
            return false;
          if (!paren && !h->v && h->c < 1) {
            diag.error(sb.loc, "the length of a node reference triplet "
                               "must be positive (here " +
                                   std::to_string(h->c) + ")");
            return false;
          }
          // paren: the 1-based inclusive upper bound is the 0-based
          // exclusive one; bracket: lower + (length - 1) * stride + 1.
          if (paren) {
            hi = *h;
          } else {
            Part len1 = plus(*h, -1), span;
            if (!len1.v && !st.v)
              span = Part{len1.c * st.c, {}};
            else
              span = Part{
                  0, arith::MulIOp::create(b, l, asValue(len1), asValue(st))};
            if (!lo.v)
              hi = plus(span, lo.c + 1);
            else if (!span.v)
              hi = plus(lo, span.c + 1);
            else
              hi = plus(Part{0, arith::AddIOp::create(b, l, lo.v, span.v)}, 1);
          }
        }
      }
    }
    // The constant parts: the checks of a constant reference.
    bool hiConst = !hi.v && !ShapedType::isDynamic(hi.c);
    if ((!lo.v && (lo.c < 0 || (!ShapedType::isDynamic(ext) && lo.c >= ext))) ||
        (!single && hiConst &&
         (hi.c <= (lo.v ? 0 : lo.c) ||
          (!ShapedType::isDynamic(ext) && hi.c > ext)))) {
      int64_t l0 = lo.v ? 0 : lo.c;
      diag.error(sb.loc,
                 badNodeRange(name, l0,
                              single ? l0 + 1
                              : hiConst ? hi.c
                                        : ShapedType::kDynamic,
                              1, ext, paren));
      return false;
    }
    if (single) {
      trip.append({lo.v ? 0 : lo.c, lo.v ? 1 : lo.c + 1, 0});
      isDyn.append({(bool)lo.v, false, false});
    } else {
      trip.append({lo.v ? 0 : lo.c, hi.v ? 0 : hi.c, st.v ? 0 : st.c});
      isDyn.append({(bool)lo.v, (bool)hi.v, (bool)st.v});
    }
    for (Part *p : {&lo, &hi, &st}) // a single coordinate: lo alone
      if (p->v)
        values.push_back(p->v);
  }
  return true;
}

void Emitter::checkRefFits(StringRef name, ArrayRef<int64_t> trip,
                           bool paren, c::SourceLocation at, StringRef what,
                           StringRef ref) {
  ArrayRef<int64_t> shape = nodes[name].shape;
  Location l = loc(at);
  int64_t base = paren ? 1 : 0;
  for (unsigned k = 0; k < shape.size() && 3 * k + 2 < trip.size(); ++k) {
    if (!ShapedType::isDynamic(shape[k]))
      continue;
    int64_t lo = trip[3 * k], hi = trip[3 * k + 1], st = trip[3 * k + 2];
    int64_t last = ShapedType::isDynamic(hi) || st == 0
                       ? lo
                       : lo + (hi - 1 - lo) / st * st;
    if (last < 1)
      continue; // every job has node 0
    Value size = xmpd::NodeSizeOp::create(b, l, b.getIndexType(), name, k);
    runtimeCheck(arith::CmpIOp::create(b, l, arith::CmpIPredicate::sle, size,
                                       cIndex(last, l)),
                 at, what,
                 badNodeRange(name, last, last + 1, 1, ShapedType::kDynamic,
                              paren, ref) +
                     ", whose nodes along it are " + std::to_string(base) +
                     " to %lld in this job\n",
                 {arith::AddIOp::create(b, l, size, cIndex(base - 1, l))});
  }
}

void Emitter::declareSubset(StringRef sub, StringRef parent,
                            ArrayRef<int64_t> shape, ArrayRef<int64_t> trip,
                            Location l, bool reshape) {
  OpBuilder::InsertionGuard g(b);
  // After the parent's declaration: at the end of the declarations.
  b.setInsertionPoint(module.getBody(), module.getBody()->begin());
  Operation *after = nullptr;
  for (Operation &op : *module.getBody())
    if (isa<xmpd::NodesOp, xmpd::TemplateOp, xmpd::DistributeOp>(op))
      after = &op;
  if (after)
    b.setInsertionPointAfter(after);
  xmpd::NodesOp::create(b, l, sub, shape, FlatSymbolRefAttr::get(&ctx, parent),
                        b.getDenseI64ArrayAttr(trip), reshape);
  nodes[sub].shape = SmallVector<int64_t>(shape);
}

void Emitter::emitTask(Directive &d, const c::Stmt *s) {
  TokCursor tc(d, diag);
  if (!tc.acceptWord("on")) {
    diag.error(tc.loc(), "expected 'on' in '#pragma xmp task'");
    return;
  }
  c::SourceLocation nl = tc.loc();
  auto name = tc.name("a node set or template name");
  if (!name)
    return;
  bool isNodes = nodes.count(*name), isTemplate = templates.count(*name);
  if (!isNodes && !isTemplate) {
    diag.error(nl, "'" + *name + "' is not a node set or a template");
    return;
  }
  SmallVector<RefSub> subs;
  std::optional<bool> paren = true;
  if (tc.is(c::tok::l_paren) || tc.is(c::tok::l_square)) {
    paren = parseRefSubs(tc, subs);
    if (!paren)
      return;
  }
  while (!tc.atEnd()) {
    c::SourceLocation sl = tc.loc();
    if (tc.acceptWord("nocomm"))
      continue; // a promise of no communication: nothing to do
    diag.error(sl, "unexpected '" + tc.peek()->text +
                       "' in '#pragma xmp task'");
    return;
  }
  for (const LoopCtx &lc : loops)
    if (lc.xmpLoop)
      return diag.unsupported(d.loc, "'#pragma xmp task' inside an xmp loop");
  if (*paren)
    std::reverse(subs.begin(), subs.end());
  Location l = loc(d.loc);
  std::string execSet; // the task's node set ("": a template element)
  SmallVector<Value> subscripts, refValues;
  SmallVector<int64_t> dynTrip;
  SmallVector<bool> isDyn;
  TaskCtx ctxOfTask;
  if (isTemplate) {
    const TemplateInfo &ti = templates[*name];
    if (ti.nodes.empty()) {
      diag.error(nl, "template '" + *name + "' is not distributed");
      return;
    }
    if (subs.size() != ti.shape.size()) {
      diag.error(nl, "template '" + *name + "' has " +
                         std::to_string(ti.shape.size()) +
                         " dimensions, the task gives " +
                         std::to_string(subs.size()) + " subscripts");
      return;
    }
    for (RefSub &sb : subs) {
      if (sb.star || sb.triplet) {
        diag.unsupported(sb.loc, "a template reference with '*' or a "
                                 "triplet in 'task on' (one element)");
        return;
      }
      Value v = emitDExpr(*sb.lo);
      if (!v)
        return;
      // XMP's index on the dialect's 0-based template.
      subscripts.push_back(subLower(v, *name, subscripts.size(), l));
    }
  } else if (subs.empty()) {
    execSet = *name;
  } else {
    // A node reference: a subset of the node set, declared at module level
    // (its ranks are the task's; inquiries and collectives inside the task
    // use it). A single coordinate keeps its axis, of size 1.
    ArrayRef<int64_t> shape = nodes[*name].shape;
    if (subs.size() != shape.size()) {
      diag.error(nl, "node set '" + *name + "' has " +
                         std::to_string(shape.size()) +
                         " dimensions, the task gives " +
                         std::to_string(subs.size()) + " subscripts");
      return;
    }
    bool runTime = llvm::any_of(subs, [](const RefSub &sb) {
      return namesVariable(sb.lo.get()) || namesVariable(sb.hi.get()) ||
             namesVariable(sb.st.get());
    });
    if (runTime) {
      // Run-time coordinates: the node reference goes on the task itself
      // (its nodes are known only at run time; no node set is declared,
      // so collectives and inquiries of the task's nodes are diagnosed).
      if (!nodeRefDynamic(*name, subs, *paren, dynTrip, isDyn, refValues, l))
        return;
      ctxOfTask.dynRef = d.loc;
      ctxOfTask.dynRefText = *name;
      for (size_t i = 2; i < d.toks.size() && d.toks[i].text != "nocomm"; ++i)
        ctxOfTask.dynRefText +=
            d.toks[i].text + (d.toks[i].kind == c::tok::comma ? " " : "");
    } else {
      SmallVector<int64_t> trip, subShape;
      if (!nodeRefTriplets(*name, subs, *paren, /*dropSingle=*/false, trip,
                           subShape))
        return;
      checkRefFits(*name, trip, *paren, d.loc, "'#pragma xmp task'");
      for (unsigned k = 0; k < subs.size(); ++k)
        if (subs[k].star)
          ctxOfTask.starAxes.push_back(k);
      if (!ctxOfTask.starAxes.empty()) {
        ctxOfTask.starRef = d.loc;
        ctxOfTask.starText = *name;
        for (size_t i = 2; i < d.toks.size() && d.toks[i].text != "nocomm";
             ++i)
          ctxOfTask.starText +=
              d.toks[i].text + (d.toks[i].kind == c::tok::comma ? " " : "");
      }
      // One declaration per node reference.
      std::string key = *name;
      for (int64_t v : trip)
        key += "," + std::to_string(v);
      auto [known, isNew] = taskSubsets.try_emplace(
          key, "__xmp_task" + std::to_string(taskSubsets.size()));
      execSet = known->second;
      if (isNew)
        declareSubset(execSet, *name, subShape, trip, l);
    }
  }
  bool runTime = ctxOfTask.dynRef.isValid();
  auto task = xmpd::TaskOp::create(
      b, l,
      FlatSymbolRefAttr::get(&ctx, isTemplate || runTime ? *name : execSet),
      runTime ? b.getDenseI64ArrayAttr(dynTrip) : DenseI64ArrayAttr(),
      runTime ? b.getDenseBoolArrayAttr(isDyn) : DenseBoolArrayAttr(),
      refValues, subscripts);
  OpBuilder::InsertionGuard g(b);
  b.createBlock(&task.getBody());
  ctxOfTask.set = execSet;
  taskNodes.push_back(ctxOfTask);
  scopes.emplace_back();
  emitStmt(s);
  scopes.pop_back();
  taskNodes.pop_back();
  xmpd::YieldOp::create(b, l, ValueRange{});
}

void Emitter::emitTasks(Directive &d, const c::Stmt *s) {
  TokCursor tc(d, diag);
  if (!tc.expectEnd())
    return;
  // The tasks of the block run on disjoint node sets: each node runs its
  // own, which is the block in order.
  if (!isa<c::CompoundStmt>(s)) {
    diag.error(s->getBeginLoc(), "'#pragma xmp tasks' must be followed by a "
                                 "{ } block of task directives");
    diag.note(d.loc, "the tasks directive");
    return;
  }
  emitStmt(s);
}

/// Strips OpenACC constructs and one-statement compounds around a loop;
/// the constructs go to `accs` (with nest level `level`) when given.
static const c::Stmt *
stripToLoop(const c::Stmt *s,
            SmallVectorImpl<Emitter::AccOnNest> *accs = nullptr,
            unsigned level = 0) {
  while (true) {
    if (isa<c::OpenACCConstructStmt>(s)) {
      if (accs)
        accs->push_back({cast<c::OpenACCConstructStmt>(s), level});
      const c::Stmt *inner = nullptr;
      for (const c::Stmt *ch : s->children())
        inner = ch;
      if (!inner)
        return s;
      s = inner;
    } else if (const auto *cs = dyn_cast<c::CompoundStmt>(s);
               cs && cs->size() == 1) {
      s = cs->body_front();
    } else {
      return s;
    }
  }
}

/// The first reference to `vd` in `s`, or null.
static const c::DeclRefExpr *mentions(const c::Stmt *s, const c::VarDecl *vd) {
  if (!s)
    return nullptr;
  if (const auto *r = dyn_cast<c::DeclRefExpr>(s))
    if (r->getDecl() == vd)
      return r;
  for (const c::Stmt *ch : s->children())
    if (const c::DeclRefExpr *r = mentions(ch, vd))
      return r;
  return nullptr;
}

/// The body of an xmp loop or a device loop, at the builder's position in
/// its block: the C statement, then the yield of the reductions' private
/// copies `privs`; the variables the loop rebound get their `saved`
/// storage back.
void Emitter::emitLoopBody(
    const c::Stmt *body, ArrayRef<Value> privs,
    const llvm::DenseMap<const c::VarDecl *, Storage> &saved, Location l,
    ArrayRef<bool> truth) {
  LoopCtx lc;
  lc.xmpLoop = true;
  // `continue` ends the iteration: a flag of the iteration's own (the body
  // may run in parallel, or on the device), cleared at its start; the
  // statements after a possible continue run under it (emitCompound).
  JumpScan js;
  js.scan(body, 0);
  if (js.cont) {
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(b.getInsertionBlock());
      lc.cont = memref::AllocaOp::create(b, l, MemRefType::get({}, b.getI1Type()));
    }
    memref::StoreOp::create(b, l, cBool(false, l), lc.cont, ValueRange{});
  }
  loops.push_back(lc);
  Value savedRet = retFlag;
  retFlag = nullptr;
  scopes.emplace_back();
  emitStmt(body);
  scopes.pop_back();
  retFlag = savedRet;
  loops.pop_back();
  SmallVector<Value> yields;
  for (auto [k, m] : llvm::enumerate(privs)) {
    Value v = memref::LoadOp::create(b, l, m, ValueRange{});
    yields.push_back(k < truth.size() && truth[k] ? toBool(v, l) : v);
  }
  xmpd::YieldOp::create(b, l, yields);
  for (auto &[vd, st] : saved) {
    if (st.kind == Storage::None)
      storage.erase(vd);
    else
      storage[vd] = st;
  }
}

static c::SourceLocation accLoc(const c::OpenACCConstructStmt *s);

void Emitter::emitXmpLoop(Directive &d, const c::Stmt *s,
                          const c::CompoundStmt *cs, bool device) {
  // The run-time template lower bounds the nest uses are loaded before its
  // loop op (templateLowerValue).
  lowerScopes.emplace_back();
  llvm::scope_exit popScope([&] { lowerScopes.pop_back(); });
  TokCursor tc(d, diag);
  const std::string dn = "'#pragma xmp " + d.name + "'";
  // loop (i, j) on t(i, j) reduction(...)...   or   loop on t(i, j)
  SmallVector<std::string> vars;
  if (tc.accept(c::tok::l_paren)) {
    do {
      auto n = tc.name("a loop variable");
      if (!n)
        return;
      vars.push_back(*n);
    } while (tc.accept(c::tok::comma));
    if (!tc.expect(c::tok::r_paren, "')'"))
      return;
  }
  if (!tc.acceptWord("on")) {
    diag.error(tc.loc(), "expected 'on' in " + dn);
    return;
  }
  c::SourceLocation tloc = tc.loc();
  auto tname = tc.name("a template name");
  if (!tname)
    return;
  auto tit = templates.find(*tname);
  if (tit == templates.end()) {
    if (nodes.count(*tname))
      diag.unsupported(tloc, "a loop on a node set");
    else
      diag.error(tloc, "'" + *tname + "' is not a template");
    return;
  }
  if (tit->second.nodes.empty()) {
    diag.error(tloc, "template '" + *tname + "' is not distributed");
    return;
  }
  SmallVector<std::pair<std::string, c::SourceLocation>> subs;
  auto paren = parseDims(tc, [&]() -> bool {
    c::SourceLocation sl = tc.loc();
    if (tc.accept(c::tok::star)) {
      subs.push_back({"*", sl});
      return true;
    }
    auto n = tc.name("a loop variable or '*'");
    if (!n)
      return false;
    if (tc.atEnd()) { // `on t(i` : the list is not closed
      diag.error(tc.loc(), "expected ',' or a closing bracket after '" + *n +
                               "' in the template reference of " + dn);
      return false;
    }
    if (!tc.is(c::tok::comma) && !tc.is(c::tok::r_paren) &&
        !tc.is(c::tok::r_square)) {
      diag.unsupported(tc.loc(), "a template subscript other than a loop "
                                 "variable or '*'");
      return false;
    }
    subs.push_back({*n, sl});
    return true;
  });
  if (!paren)
    return;
  unsigned trank = tit->second.shape.size();
  if (subs.size() != trank) {
    diag.error(tloc, "template '" + *tname + "' has " + std::to_string(trank) +
                         " dimensions, the loop gives " +
                         std::to_string(subs.size()) + " subscripts");
    return;
  }
  llvm::StringMap<int64_t> dimOf;
  for (unsigned p = 0; p < subs.size(); ++p)
    if (subs[p].first != "*") {
      if (dimOf.count(subs[p].first)) {
        diag.error(subs[p].second, "'" + subs[p].first + "' is used twice");
        return;
      }
      dimOf[subs[p].first] = *paren ? trank - 1 - p : p;
    }
  if (vars.empty())
    for (auto &sb : subs)
      if (sb.first != "*")
        vars.push_back(sb.first);
  for (auto &v : vars)
    if (!dimOf.count(v)) {
      diag.error(tloc, "loop variable '" + v +
                           "' is not a subscript of the template");
      return;
    }
  SmallVector<RedClause> reds;
  std::optional<WidenClause> widen;
  std::optional<WeightClause> weight;
  while (!tc.atEnd()) {
    c::SourceLocation sl = tc.loc();
    if (tc.acceptWord("weight")) {
      if (!device) {
        diag.error(sl, "the 'weight' clause belongs to '#pragma xmp device "
                       "loop' (the CPU share of its iterations): " +
                           dn + " runs on the host");
        return;
      }
      if (weight) {
        diag.error(sl, "a second 'weight' clause in " + dn +
                           " (a device loop has one CPU weight)");
        diag.note(weight->loc, "the first 'weight' clause");
        return;
      }
      if (!tc.expect(c::tok::l_paren, "'(' after 'weight'"))
        return;
      weight.emplace();
      weight->loc = sl;
      if (tc.acceptWord("auto")) {
        weight->isAuto = true;
        if (!tc.expect(c::tok::r_paren, "')' after 'weight(auto'"))
          return;
        continue;
      }
      if (tc.is(c::tok::r_paren)) {
        diag.error(tc.loc(), "expected 'auto' or the CPU weight (an "
                             "expression, 0 to 1) in the 'weight' clause "
                             "of " + dn);
        return;
      }
      if (!weightStmtExpr) { // the handler found no ')' closing it
        diag.error(sl, "expected ')' closing the 'weight' clause of " + dn);
        return;
      }
      // Clang parsed and checked the expression in the pragma handler's
      // statement; here its tokens are skipped.
      for (int depth = 1; depth > 0 && !tc.atEnd();) {
        const DTok &t = tc.next();
        if (t.kind == c::tok::l_paren)
          ++depth;
        else if (t.kind == c::tok::r_paren)
          --depth;
      }
      weight->expr = weightStmtExpr;
      weightStmtExpr = nullptr;
    } else if (tc.acceptWord("reduction")) {
      reds.emplace_back();
      if (!parseReductionClause(tc, diag, reds.back()))
        return;
    } else if (tc.isWord("expand") || tc.isWord("margin")) {
      if (!parseWiden(tc, diag, tc.next().text == "margin", sl, widen))
        return;
    } else if (!device && tc.acceptWord("acc")) {
    } else {
      diag.unsupported(sl, "the clause '" + tc.peek()->text + "' of " + dn);
      return;
    }
  }

  // The for-nest: one loop per variable, in nest order.
  Location l = loc(d.loc);
  SmallVector<const c::VarDecl *> ivs;
  SmallVector<Value> lbs, ubs, steps;
  SmallVector<int64_t> onDims;
  const c::Stmt *cur = s;
  const c::Stmt *body = nullptr;
  SmallVector<AccOnNest> accs;
  for (unsigned k = 0; k < vars.size(); ++k) {
    const c::Stmt *ls = stripToLoop(cur, &accs, k);
    const auto *f = dyn_cast<c::ForStmt>(ls);
    if (!f) {
      diag.error(ls->getBeginLoc(),
                 dn + " with " + std::to_string(vars.size()) +
                     " variables needs " + std::to_string(vars.size()) +
                     " nested for loops here");
      diag.note(d.loc, "the " + d.name + " directive");
      return;
    }
    // init: v = lb  or  T v = lb
    auto [iv, lbE] = forInit(f);
    if (!iv || !lbE || !iv->getType()->isIntegerType()) {
      diag.unsupported(f->getBeginLoc(),
                         "this for loop under " + dn + " (the init must "
                       "be 'v = lb' with an integer v)");
      return;
    }
    if (!llvm::is_contained(vars, iv->getName())) {
      diag.error(f->getBeginLoc(), "the loop variable '" +
                                       iv->getName().str() +
                                       "' is not in " + dn);
      diag.note(d.loc, "the " + d.name + " directive");
      return;
    }
    const auto *cmp = dyn_cast_or_null<c::BinaryOperator>(
        f->getCond() ? f->getCond()->IgnoreParenImpCasts() : nullptr);
    if (!cmp || refVar(cmp->getLHS()) != iv ||
        (cmp->getOpcode() != c::BO_LT && cmp->getOpcode() != c::BO_LE)) {
      diag.unsupported(f->getBeginLoc(),
                         "this for loop under " + dn + " (the condition "
                       "must be 'v < ub' or 'v <= ub')");
      return;
    }
    int64_t step = forStep(f, iv, actx);
    if (step < 1) {
      diag.unsupported(f->getBeginLoc(),
                         "this for loop under " + dn + " (the increment "
                       "must be v++, ++v or v += c with a constant c >= 1)");
      return;
    }
    for (const c::VarDecl *outer : ivs)
      if (mentions(lbE, outer) || mentions(cmp->getRHS(), outer)) {
        diag.unsupported(f->getBeginLoc(),
                           "a non-rectangular nest under " + dn);
        return;
      }
    Location fl = loc(f->getBeginLoc());
    Value lb = emitExpr(lbE);
    Value ub = emitExpr(cmp->getRHS());
    if (!lb || !ub)
      return;
    lb = toIndex(convert(lb, lbE->getType(), iv->getType(), fl), iv->getType(),
                 fl);
    ub = toIndex(ub, cmp->getRHS()->getType(), fl);
    if (cmp->getOpcode() == c::BO_LE)
      ub = arith::AddIOp::create(b, fl, ub, cIndex(1, fl));
    ivs.push_back(iv);
    // The dialect's template indices start at 0.
    lbs.push_back(subLower(lb, *tname, dimOf[iv->getName()], fl));
    ubs.push_back(subLower(ub, *tname, dimOf[iv->getName()], fl));
    steps.push_back(cIndex(step, fl));
    onDims.push_back(dimOf[iv->getName()]);
    body = f->getBody();
    cur = body;
  }

  if (widen && !widenAttrs(*widen, subs, ivs, !reds.empty(), dn))
    return;
  if (widen && weight) {
    diag.error(weight->loc,
               "'weight' with '" + std::string(widen->margin ? "margin" : "expand") +
                   "' in " + dn + ": a device loop is split between GPU and "
                   "CPU by its owned iterations, and the " +
                   (widen->margin ? "margin" : "expanded") +
                   " ones are not owned (such a loop runs on the GPU)");
    return;
  }
  // A reduction over a distributed dimension combines over the nodes: a
  // collective (one over an undistributed one stays on each node).
  if (!reds.empty()) {
    const TemplateInfo &ti = templates[*tname];
    if (llvm::any_of(onDims,
                     [&](int64_t dim) {
                       return dim < (int64_t)ti.split.size() && ti.split[dim];
                     }) &&
        collectiveInDynamicTask(d.loc, "the reduction clause of " + dn))
      return;
  }
  // XMP-dev's device loop makes the nest a device loop (the CPU build runs
  // it on the host); with --gpu, OpenACC compute constructs on the nest do
  // (without --gpu they run on the host: the nest is a host loop).
  if (device && !accs.empty())
    return diag.unsupported(accLoc(accs[0].acc),
                            "an OpenACC construct on the for-nest of " + dn +
                                " (the nest is already a device loop)");
  if (device || (gpu && !accs.empty())) {
    SmallVector<std::pair<std::string, c::SourceLocation>> redVars;
    SmallVector<xmpd::ReductionKind> redKinds;
    SmallVector<bool> redLogical;
    for (auto &rc : reds)
      for (auto [vi, v] : llvm::enumerate(rc.vars)) {
        if (xmpd::isLocationReductionKind(rc.kindOf(vi)))
          return diag.unsupported(
              v.second,
              "the location reduction '" + rc.opName() + "' of '" + v.first +
                  "' in a device loop (" +
                  (device ? dn : dn + " with an OpenACC compute construct") +
                  "; its reduce has no location kinds and its iterations "
                  "run in no fixed order: write a host '#pragma xmp loop')");
        redVars.push_back(v);
        redKinds.push_back(rc.kindOf(vi));
        redLogical.push_back(rc.logical);
      }
    devWeight = weight;
    emitDeviceLoop(d, s, cs, *tname, ivs, lbs, ubs, steps, onDims, body,
                   redVars, redKinds, redLogical, accs);
    devWeight.reset();
    return;
  }

  // Reductions: the loop combines the contributions of every iteration
  // (each starts from the identity, in a private copy) with the value the
  // variable had before the loop. `&&` / `||` reduce the truth values
  // (i1: the init is the variable's, each iteration's private copy yields
  // its own). The location kinds (firstmax: v / i /) are no reduce of the
  // loop: each node runs its iterations in order on the variables
  // themselves (the body as written), then one xmp.reduction over the
  // loop's grid axes combines the nodes.
  struct Red {
    const c::VarDecl *vd;
    Storage st;
    xmpd::ReductionKind kind;
    Value priv;
    Type type;
    bool logical;
  };
  struct LocRed {
    xmpd::ReductionKind kind;
    Storage st;
    SmallVector<Storage> locs;
  };
  SmallVector<Red> redv;
  SmallVector<LocRed> locv;
  SmallVector<Value> inits;
  SmallVector<Attribute> kinds;
  SmallVector<Type> resultTypes;
  SmallVector<bool> truth;
  // A variable of a location reduction (value or location) is in no
  // other reduction of the loop.
  llvm::DenseMap<const c::VarDecl *, bool> seen; // -> of a location kind
  auto once = [&](const c::VarDecl *vd, bool location, c::SourceLocation sl) {
    auto [it, fresh] = seen.try_emplace(vd, location);
    if (fresh || !(location || it->second))
      return true;
    diag.error(sl, "'" + vd->getName().str() + "' is named twice in the "
                   "reduction clauses of " + dn + ", once in a location "
                   "reduction (firstmax, firstmin, lastmax, lastmin)");
    return false;
  };
  for (auto &rc : reds)
    for (auto [vi, nv] : llvm::enumerate(rc.vars)) {
      auto &[n, sl] = nv;
      const c::VarDecl *vd = lookupName(n);
      if (!vd) {
        diag.error(sl, "'" + n + "' is not a variable");
        return;
      }
      xmpd::ReductionKind kind = rc.kindOf(vi);
      bool location = xmpd::isLocationReductionKind(kind);
      auto st = storageOf(vd, sl);
      if (!st || !checkReductionVar(vd, *st, kind, sl, rc.logical) ||
          !checkRedVarType(vd, rc, vi, sl) || !once(vd, location, sl))
        return;
      if (location) {
        LocRed lr{kind, *st, {}};
        if (!locationStorage(rc, vi, ivs, lr.locs))
          return;
        for (auto &[ln, ll] : rc.locs[vi])
          if (!once(lookupName(ln), true, ll))
            return;
        locv.push_back(std::move(lr));
        continue;
      }
      Value m = memrefOf(*st, l);
      Type t = cast<MemRefType>(m.getType()).getElementType();
      Value init = memref::LoadOp::create(b, l, m, ValueRange{});
      inits.push_back(rc.logical ? toBool(init, l) : init);
      kinds.push_back(xmpd::ReductionKindAttr::get(&ctx, kind));
      resultTypes.push_back(inits.back().getType());
      truth.push_back(rc.logical);
      Value priv = allocaAtEntry(MemRefType::get({}, t), l);
      redv.push_back({vd, *st, kind, priv, t, rc.logical});
    }
  // The grid axes a location reduction combines: those of the loop's
  // distributed dimensions (none: each node ran every iteration).
  SmallVector<int64_t> locAxes;
  const TemplateInfo &lti = templates[*tname];
  if (!locv.empty()) {
    for (int64_t dim : onDims)
      if (dim < (int64_t)lti.split.size() && lti.split[dim])
        locAxes.push_back(llvm::count(
            ArrayRef<bool>(lti.split).take_front(dim), true));
    llvm::sort(locAxes);
    if (!locAxes.empty() &&
        (allocaBlock ||
         llvm::any_of(loops, [](const LoopCtx &lc) { return lc.xmpLoop; })))
      return diag.unsupported(
          reds.front().opLoc,
          "a location reduction (firstmax, firstmin, lastmax, lastmin) in " +
              dn + " inside the body of another xmp loop or device loop "
              "(the nodes' results are combined by a collective after the "
              "loop)");
  }

  auto loopOp = xmpd::LoopOp::create(
      b, l, resultTypes, lbs, ubs, steps, *tname, onDims, inits,
      kinds.empty() ? ArrayAttr() : b.getArrayAttr(kinds), Value(),
      DenseI64ArrayAttr(), DenseI64ArrayAttr(), DenseI64ArrayAttr(),
      DenseI64ArrayAttr(), DenseBoolArrayAttr(), DenseI64ArrayAttr(),
      DenseI64ArrayAttr(), DenseBoolArrayAttr());
  if (!lowerScopes.empty())
    lowerScopes.back().anchor = loopOp;
  applyWiden(loopOp);
  Block *bb = b.createBlock(&loopOp.getBody());
  for (unsigned k = 0; k < ivs.size(); ++k)
    bb->addArgument(b.getIndexType(), l);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(bb);
    llvm::DenseMap<const c::VarDecl *, Storage> saved;
    for (unsigned k = 0; k < ivs.size(); ++k) {
      saved[ivs[k]] = storage.lookup(ivs[k]);
      Type t = scalarType(ivs[k]->getType(), ivs[k]->getLocation());
      Value v = arith::IndexCastOp::create(
          b, l, t, addLower(bb->getArgument(k), *tname, onDims[k], l));
      storage[ivs[k]] = Storage{Storage::Value_, v, "", {}};
    }
    for (Red &r : redv) {
      saved[r.vd] = r.st;
      // && starts from true (1), || from false (0), in the variable's type.
      Value id = r.logical
                     ? fromBool(cInt(b.getI1Type(),
                                     r.kind == xmpd::ReductionKind::band, l),
                                r.type, l)
                     : xmpd::reductionIdentity(b, l, r.kind, r.type);
      memref::StoreOp::create(b, l, id, r.priv, ValueRange{});
      storage[r.vd] = Storage{Storage::Mem, r.priv, "", {}};
    }
    SmallVector<Value> privs;
    for (Red &r : redv)
      privs.push_back(r.priv);
    emitLoopBody(body, privs, saved, l, truth);
  }
  b.setInsertionPointAfter(loopOp);
  for (unsigned i = 0; i < redv.size(); ++i) {
    Value r = loopOp.getResult(i);
    if (redv[i].logical)
      r = fromBool(r, redv[i].type, l);
    memref::StoreOp::create(b, l, r, memrefOf(redv[i].st, l), ValueRange{});
  }
  if (locAxes.empty())
    return;
  DenseI64ArrayAttr axesAttr =
      locAxes.size() == nodes[lti.nodes].shape.size()
          ? DenseI64ArrayAttr()
          : b.getDenseI64ArrayAttr(locAxes);
  for (LocRed &lr : locv)
    emitLocationReduction(lr.kind, memrefOf(lr.st, l), lr.locs,
                          FlatSymbolRefAttr::get(&ctx, lti.nodes), axesAttr,
                          l);
}

//===----------------------------------------------------------------------===//
// OpenACC with --gpu
//===----------------------------------------------------------------------===//
//
// Data constructs become xmp.replicate regions (copy/copyin: replicate_sync
// in at the start, copy/copyout: replicate_sync out at the end; arrays an
// enclosing data construct of the function already has are left alone, as
// OpenACC's present_or_ semantics say); `update` of an array present here
// is a replicate_sync; compute constructs on the for-nest of an xmp loop
// make it an xmp.device_loop. Scalars and non-distributed arrays have one
// instance, the host's: device loops take scalars by value (firstprivate)
// and return reductions. Queues: the runtime runs a rank's device work on
// one stream in program order and waits where the host reads device
// results, so `async` and `wait` need nothing. docs/frontend.md has the
// table.

template <typename K> static std::string accName(K k) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << k;
  return out;
}

/// Where a construct is reported: its directive's name.
static c::SourceLocation accLoc(const c::OpenACCConstructStmt *s) {
  return s->getDirectiveLoc().isValid() ? s->getDirectiveLoc()
                                        : s->getBeginLoc();
}

/// `logical`: OpenACC's `&&` / `||` (and / or on the truth values).
static std::optional<xmpd::ReductionKind>
accReductionKind(c::OpenACCReductionOperator op, bool &logical) {
  using O = c::OpenACCReductionOperator;
  logical = op == O::And || op == O::Or;
  switch (op) {
  case O::And:
    return xmpd::ReductionKind::band;
  case O::Or:
    return xmpd::ReductionKind::bor;
  case O::Addition:
    return xmpd::ReductionKind::add;
  case O::Multiplication:
    return xmpd::ReductionKind::mul;
  case O::Max:
    return xmpd::ReductionKind::max;
  case O::Min:
    return xmpd::ReductionKind::min;
  case O::BitwiseAnd:
    return xmpd::ReductionKind::band;
  case O::BitwiseOr:
    return xmpd::ReductionKind::bor;
  case O::BitwiseXOr:
    return xmpd::ReductionKind::bxor;
  default:
    return std::nullopt;
  }
}

/// The data clauses: whether each moves data in / out at a data construct.
static bool accDataClause(c::OpenACCClauseKind k, bool &in, bool &out) {
  using CK = c::OpenACCClauseKind;
  in = out = false;
  switch (k) {
  case CK::Copy:
  case CK::PCopy:
  case CK::PresentOrCopy:
    in = out = true;
    return true;
  case CK::CopyIn:
  case CK::PCopyIn:
  case CK::PresentOrCopyIn:
    in = true;
    return true;
  case CK::CopyOut:
  case CK::PCopyOut:
  case CK::PresentOrCopyOut:
    out = true;
    return true;
  case CK::Create:
  case CK::PCreate:
  case CK::PresentOrCreate:
  case CK::Present:
    return true;
  default:
    return false;
  }
}


bool Emitter::checkReductionVar(const c::VarDecl *vd, const Storage &st,
                                xmpd::ReductionKind k, c::SourceLocation sl,
                                bool logical) {
  std::string n = vd->getName().str();
  if ((st.kind != Storage::Mem && st.kind != Storage::Global) ||
      vd->getType()->isArrayType()) {
    diag.unsupported(sl, "a loop reduction of '" + n +
                             "' (scalar variables only)");
    return false;
  }
  if (vd->getType()->isUnsignedIntegerType() &&
      (k == xmpd::ReductionKind::max || k == xmpd::ReductionKind::min)) {
    diag.unsupported(sl, "max/min reductions of unsigned variables");
    return false;
  }
  if (vd->getType()->isRealFloatingType() && !logical &&
      (k == xmpd::ReductionKind::band || k == xmpd::ReductionKind::bor ||
       k == xmpd::ReductionKind::bxor)) {
    diag.error(sl, "a bitwise reduction of the floating-point '" + n + "'");
    return false;
  }
  return true;
}

const c::VarDecl *Emitter::accVar(const c::Expr *e, const c::OpenACCClause *cl,
                                  const c::OpenACCConstructStmt *s) {
  if (const c::VarDecl *vd = refVar(e))
    return vd;
  diag.unsupported(e->getBeginLoc(),
                   "an array section or part of a variable in the clause '" +
                       accName(cl->getClauseKind()) + "' of '#pragma acc " +
                       accName(s->getDirectiveKind()) +
                       "' (whole variables only)");
  return nullptr;
}

void Emitter::emitAcc(const c::OpenACCConstructStmt *s) {
  using K = c::OpenACCDirectiveKind;
  using CK = c::OpenACCClauseKind;
  std::string name = accName(s->getDirectiveKind());
  auto badClause = [&](const c::OpenACCClause *cl) {
    diag.unsupported(cl->getBeginLoc(), "the clause '" +
                                            accName(cl->getClauseKind()) +
                                            "' of '#pragma acc " + name + "'");
  };
  switch (s->getDirectiveKind()) {
  case K::Data:
  case K::Update:
    // Data moves between device loops, not in one's iteration.
    if (allocaBlock)
      return diag.unsupported(accLoc(s), "an OpenACC '" + name +
                                             "' construct inside a device "
                                             "loop");
    if (s->getDirectiveKind() == K::Data)
      return accData(cast<c::OpenACCDataConstruct>(s));
    return accUpdate(cast<c::OpenACCUpdateConstruct>(s));
  case K::Wait:
    // Every queue is the rank's one stream, in program order, and the
    // host waits where it reads device results: nothing to wait for.
    for (const c::OpenACCClause *cl : s->clauses())
      if (cl->getClauseKind() != CK::Async)
        return badClause(cl);
    return;
  case K::Loop:
    if (allocaBlock) {
      // A loop inside one iteration of a device loop runs sequentially
      // there; its private variables are the iteration's (emitDeviceLoop).
      for (const c::OpenACCClause *cl : s->clauses())
        switch (cl->getClauseKind()) {
        case CK::Seq:
        case CK::Independent:
        case CK::Auto:
        case CK::Gang:
        case CK::Worker:
        case CK::Vector:
        case CK::Collapse:
        case CK::Private:
        case CK::Reduction:
          break;
        default:
          return badClause(cl);
        }
      // (OpenACCConstructStmt::children() is not virtual: through the
      // construct's own class.)
      return emitStmt(cast<c::OpenACCLoopConstruct>(s)->getLoop());
    }
    return diag.unsupported(accLoc(s), "'#pragma acc loop' outside a compute construct on "
                          "the for-nest of a '#pragma xmp loop'");
  case K::Parallel:
  case K::Serial:
  case K::Kernels:
  case K::ParallelLoop:
  case K::SerialLoop:
  case K::KernelsLoop:
    if (allocaBlock)
      return diag.unsupported(accLoc(s), "an OpenACC '" + name +
                                "' construct inside a device loop");
    return diag.unsupported(
        accLoc(s), "an OpenACC '" + name +
               "' construct without '#pragma xmp loop' (with --gpu a compute "
               "construct becomes a device loop, which runs on the "
               "distribution of a template: put '#pragma xmp loop ... on "
               "t(...)' right before it, on its for-nest)");
  default:
    return diag.unsupported(accLoc(s), "the OpenACC '" + name + "' construct");
  }
}

void Emitter::accData(const c::OpenACCDataConstruct *s) {
  Location l = loc(s->getBeginLoc());
  // The darrays that move, with their directions, in clause order.
  llvm::MapVector<const c::VarDecl *, std::pair<bool, bool>> moved;
  for (const c::OpenACCClause *cl : s->clauses()) {
    bool in, out;
    c::OpenACCClauseKind k = cl->getClauseKind();
    if (k == c::OpenACCClauseKind::Async || k == c::OpenACCClauseKind::Wait)
      continue; // one stream per rank (emitAcc)
    if (!accDataClause(k, in, out)) {
      diag.unsupported(cl->getBeginLoc(), "the clause '" + accName(k) +
                                              "' of '#pragma acc data'");
      return;
    }
    for (const c::Expr *e : cast<c::OpenACCClauseWithVarList>(cl)->getVarList()) {
      const c::VarDecl *vd = accVar(e, cl, s);
      auto st = vd ? storageOf(vd, e->getBeginLoc()) : std::nullopt;
      if (!st)
        return;
      // Scalars and non-distributed arrays: the host's is the only
      // instance. An array an enclosing data construct has is present:
      // nothing moves (present_or_copy).
      if (st->kind != Storage::DArr || k == c::OpenACCClauseKind::Present ||
          accPresentHere(vd))
        continue;
      auto &dir = moved[vd];
      dir.first |= in;
      dir.second |= out;
    }
  }
  const c::Stmt *body = s->getStructuredBlock();
  JumpScan js;
  js.scan(body, 0);
  if (js.ret || js.brk || js.cont)
    return diag.unsupported(accLoc(s), "a return, break or continue leaving an acc data "
                          "construct");
  SmallVector<const c::VarDecl *> arrays, ins, outs;
  for (auto &[vd, dir] : moved) {
    arrays.push_back(vd);
    if (dir.first)
      ins.push_back(vd);
    if (dir.second)
      outs.push_back(vd);
  }
  replicateRegion(arrays, ins, outs, body, l, loc(stmtEnd(s)));
}

void Emitter::replicateRegion(ArrayRef<const c::VarDecl *> arrays,
                              ArrayRef<const c::VarDecl *> ins,
                              ArrayRef<const c::VarDecl *> outs,
                              const c::Stmt *body, Location l, Location end) {
  accPresent.emplace_back(arrays.begin(), arrays.end());
  auto values = [&](ArrayRef<const c::VarDecl *> vds) {
    return llvm::map_to_vector(vds,
                               [&](const c::VarDecl *vd) { return storage[vd].v; });
  };
  if (arrays.empty()) {
    emitStmt(body);
    accPresent.pop_back();
    return;
  }
  OpBuilder::InsertionGuard g(b);
  auto rep = xmpd::ReplicateOp::create(b, l, values(arrays));
  b.createBlock(&rep.getBody());
  auto yield = xmpd::YieldOp::create(b, end, ValueRange{});
  b.setInsertionPoint(yield);
  if (!ins.empty())
    xmpd::ReplicateSyncOp::create(b, l, xmpd::SyncDirection::in, values(ins));
  emitStmt(body);
  accPresent.pop_back();
  b.setInsertionPoint(yield);
  if (!outs.empty())
    xmpd::ReplicateSyncOp::create(b, end, xmpd::SyncDirection::out,
                                  values(outs));
}

void Emitter::accUpdate(const c::OpenACCUpdateConstruct *s) {
  using CK = c::OpenACCClauseKind;
  Location l = loc(s->getBeginLoc());
  for (const c::OpenACCClause *cl : s->clauses()) {
    CK k = cl->getClauseKind();
    ArrayRef<c::Expr *> vars;
    xmpd::SyncDirection dir = xmpd::SyncDirection::out;
    if (k == CK::Self) {
      vars = cast<c::OpenACCSelfClause>(cl)->getVarList();
    } else if (k == CK::Host || k == CK::Device) {
      vars = cast<c::OpenACCClauseWithVarList>(cl)->getVarList();
      if (k == CK::Device)
        dir = xmpd::SyncDirection::in;
    } else if (k == CK::Async || k == CK::Wait || k == CK::IfPresent) {
      continue;
    } else {
      diag.unsupported(cl->getBeginLoc(), "the clause '" + accName(k) +
                                              "' of '#pragma acc update'");
      return;
    }
    SmallVector<Value> arrays;
    for (const c::Expr *e : vars) {
      const c::VarDecl *vd = accVar(e, cl, s);
      auto st = vd ? storageOf(vd, e->getBeginLoc()) : std::nullopt;
      if (!st)
        return;
      if (st->kind != Storage::DArr)
        continue; // one instance, the host's
      if (!accPresentHere(vd)) {
        diag.unsupported(
            e->getBeginLoc(),
            "'#pragma acc update' of '" + vd->getName().str() +
                "' outside an acc data construct of it in this function "
                "(outside data constructs the compiler keeps the host and "
                "device instances coherent itself: leave the update out)");
        return;
      }
      arrays.push_back(st->v);
    }
    if (!arrays.empty())
      xmpd::ReplicateSyncOp::create(b, l, dir, arrays);
  }
}

//===----------------------------------------------------------------------===//
// XMP-dev
//===----------------------------------------------------------------------===//
//
// The thesis's XMP-dev directives (section 3.3, chapter 4) are the
// dialect's own device ops: `device replicate (list)` and its statement are
// an xmp.replicate region of the arrays (device instances exist inside
// it), `device replicate_sync in/out (list)` an xmp.replicate_sync, `device
// loop` an xmp.device_loop, `device reset_weight (w)` an xmp.reset_weight,
// and xmp_cpu_wtime() / xmp_gpu_wtime() xmp.cpu_time / xmp.gpu_time. They
// are emitted with and without --gpu: the CPU build runs device loops on
// the host and has only the host instances (docs/frontend.md).

void Emitter::emitDeviceReplicate(Directive &d, const c::Stmt *s) {
  TokCursor tc(d, diag);
  if (allocaBlock)
    return diag.unsupported(d.loc, "'#pragma xmp device replicate' inside a "
                                   "device loop");
  SmallVector<std::pair<std::string, c::SourceLocation>> names;
  if (!tc.is(c::tok::l_paren)) {
    diag.error(tc.loc(), "expected '(' and the arrays of '#pragma xmp device "
                         "replicate'");
    return;
  }
  if (!parseArrayNames(tc, names) || !tc.expectEnd())
    return;
  JumpScan js;
  js.scan(s, 0);
  if (js.ret || js.brk || js.cont)
    return diag.unsupported(d.loc, "a return, break or continue leaving the "
                                   "statement of '#pragma xmp device "
                                   "replicate'");
  // Arrays an enclosing region already replicates keep their device
  // instance (as OpenACC's present_or_ data clauses do).
  llvm::SetVector<const c::VarDecl *> arrays;
  for (auto &[n, sl] : names) {
    auto da = darrayNamed(n, sl, d);
    if (!da)
      return;
    if (!accPresentHere(da->first))
      arrays.insert(da->first);
  }
  replicateRegion(arrays.getArrayRef(), {}, {}, s, loc(d.loc),
                  loc(stmtEnd(s)));
}

void Emitter::dirReplicateSync(Directive &d) {
  TokCursor tc(d, diag);
  if (allocaBlock)
    return diag.unsupported(d.loc, "'#pragma xmp device replicate_sync' "
                                   "inside a device loop");
  // in (list) | out (list); several clauses run in order.
  if (tc.atEnd()) {
    diag.error(tc.loc(), "expected 'in (...)' or 'out (...)' in '#pragma xmp "
                         "device replicate_sync'");
    return;
  }
  while (!tc.atEnd()) {
    c::SourceLocation cl = tc.loc();
    xmpd::SyncDirection dir;
    if (tc.acceptWord("in"))
      dir = xmpd::SyncDirection::in;
    else if (tc.acceptWord("out"))
      dir = xmpd::SyncDirection::out;
    else {
      diag.error(cl, "expected 'in (...)' or 'out (...)' in '#pragma xmp "
                     "device replicate_sync'");
      return;
    }
    SmallVector<std::pair<std::string, c::SourceLocation>> names;
    if (!tc.is(c::tok::l_paren)) {
      diag.error(tc.loc(), "expected '(' and the arrays to copy");
      return;
    }
    if (!parseArrayNames(tc, names))
      return;
    SmallVector<Value> arrays;
    for (auto &[n, sl] : names) {
      auto da = darrayNamed(n, sl, d);
      if (!da)
        return;
      if (!accPresentHere(da->first)) {
        diag.error(sl, "'#pragma xmp device replicate_sync' of '" + n +
                           "' outside a '#pragma xmp device replicate' (or "
                           "acc data construct) of it in this function: it "
                           "has no device instance here");
        return;
      }
      arrays.push_back(da->second);
    }
    xmpd::ReplicateSyncOp::create(b, loc(cl), dir, arrays);
  }
}

Value Emitter::cpuShare(const c::Expr *we, c::SourceLocation at,
                        StringRef what, StringRef dir) {
  Location l = loc(at);
  c::Expr::EvalResult r;
  if (!we->HasSideEffects(actx) && we->EvaluateAsRValue(r, actx) &&
      r.Val.isFloat()) {
    double v = r.Val.getFloat().convertToDouble();
    if (!(v >= 0 && v <= 1)) {
      std::ostringstream os;
      os << v;
      diag.error(we->getBeginLoc(), "the CPU weight " + os.str() + " of " +
                                        what.str() + " is outside [0, 1]");
      return Value();
    }
    return arith::ConstantOp::create(b, l, b.getF64FloatAttr(v));
  }
  Value w = emitExpr(we);
  if (!w)
    return Value();
  w = convert(w, we->getType(), actx.DoubleTy, l);
  Value zero = arith::ConstantOp::create(b, l, b.getF64FloatAttr(0.0));
  Value one = arith::ConstantOp::create(b, l, b.getF64FloatAttr(1.0));
  Value inRange = arith::AndIOp::create(
      b, l, arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGE, w, zero),
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, w, one));
  Value bad = arith::XOrIOp::create(b, l, inRange, cBool(true, l));
  runtimeCheck(bad, at, dir,
               ("the CPU weight %g of " + what + " is outside [0, 1]\n").str(),
               {w});
  return w;
}

void Emitter::dirResetWeight(Directive &d) {
  TokCursor tc(d, diag);
  if (allocaBlock)
    return diag.unsupported(d.loc, "'#pragma xmp device reset_weight' inside "
                                   "a device loop");
  Location l = loc(d.loc);
  if (const c::Expr *we = resetWeightExpr) {
    // (expr): any C arithmetic expression (the pragma handler's statement
    // converted it to double).
    if (Value w = cpuShare(we, d.loc, "'#pragma xmp device reset_weight'",
                           "device reset_weight"))
      xmpd::ResetWeightOp::create(b, l, w);
    return;
  }
  // (w) outside braces (no statement could follow): a variable or a
  // constant, the CPU share in [0, 1] (checked when it runs).
  if (!tc.expect(c::tok::l_paren, "'(' and the CPU weight"))
    return;
  c::SourceLocation sl = tc.loc();
  Value w;
  bool neg = tc.accept(c::tok::minus);
  if (tc.is(c::tok::numeric_constant)) {
    const DTok &t = tc.next();
    double v;
    if (StringRef(t.text).rtrim("fFlL").getAsDouble(v)) {
      diag.error(t.loc, "'" + t.text + "' is not a number");
      return;
    }
    w = arith::ConstantOp::create(b, l, b.getF64FloatAttr(neg ? -v : v));
  } else if (!neg && tc.peek() && tc.peek()->ident) {
    std::string n = tc.next().text;
    const c::VarDecl *vd = lookupName(n);
    auto st = vd ? storageOf(vd, sl) : std::nullopt;
    if (!vd || !vd->getType()->isArithmeticType() || !st ||
        (st->kind != Storage::Mem && st->kind != Storage::Global &&
         st->kind != Storage::Value_)) {
      if (!failed())
        diag.error(sl, "'" + n + "' is not a scalar variable");
      return;
    }
    w = st->kind == Storage::Value_
            ? st->v
            : memref::LoadOp::create(b, l, memrefOf(*st, l), ValueRange{})
                  .getResult();
    w = convert(w, vd->getType(), actx.DoubleTy, l);
  } else {
    diag.unsupported(sl, "a CPU weight other than a variable or a constant in "
                         "'#pragma xmp device reset_weight'");
    return;
  }
  if (!tc.expect(c::tok::r_paren, "')'") || !tc.expectEnd())
    return;
  xmpd::ResetWeightOp::create(b, l, w);
}

/// Whether a directive names `n` (as a variable, a template, ...).
static bool namesIn(const Directive &d, StringRef n) {
  return llvm::any_of(d.toks,
                      [&](const DTok &t) { return t.ident && t.text == n; });
}

bool Emitter::directiveNames(c::SourceLocation from, c::SourceLocation to,
                             const c::VarDecl *vd, const Directive *except) {
  return llvm::any_of(dirs, [&](const Directive &dd) {
    return &dd != except && !dd.isDeclaration() && before(from, dd.loc) &&
           before(dd.loc, to) && namesIn(dd, vd->getName());
  });
}

Directive *Emitter::completingReduction(
    const c::CompoundStmt *cs, const c::Stmt *s, const c::VarDecl *vd,
    xmpd::ReductionKind k, bool logical, StringRef tname,
    ArrayRef<int64_t> onDims, bool &guard, std::string &why,
    c::SourceLocation &whyLoc) {
  std::string n = vd->getName().str();
  why = "no '#pragma xmp reduction' of '" + n +
        "' follows the loop in its block";
  auto stmts = cs->body();
  auto it = llvm::find(stmts, s);
  if (it == stmts.end())
    return nullptr;
  c::SourceLocation prevEnd = stmtEnd(s);
  for (auto jt = std::next(it);; ++jt) {
    c::SourceLocation next =
        jt == stmts.end() ? cs->getRBracLoc() : (*jt)->getBeginLoc();
    for (Directive &dd : dirs) {
      if (dd.isDeclaration() || !before(prevEnd, dd.loc) ||
          !before(dd.loc, next) || !namesIn(dd, n))
        continue;
      whyLoc = dd.loc;
      // reduction(op: vars) [on p] ...
      TokCursor tc(dd, diag);
      std::optional<xmpd::ReductionKind> dk;
      bool dlogical = false;
      SmallVector<std::string> vars;
      std::string on;
      bool onSubscripted = false;
      if (dd.name == "reduction" && tc.accept(c::tok::l_paren) &&
          (dk = reductionKind(tc, &dlogical)) && tc.accept(c::tok::colon)) {
        while (const DTok *t = tc.peek()) {
          if (!t->ident)
            break;
          vars.push_back(t->text);
          tc.next();
          if (!tc.accept(c::tok::comma))
            break;
        }
        if (tc.accept(c::tok::r_paren) && tc.acceptWord("on"))
          if (const DTok *t = tc.peek(); t && t->ident) {
            on = t->text;
            onSubscripted =
                tc.is(c::tok::l_paren, 1) || tc.is(c::tok::l_square, 1);
          }
      }
      if (!llvm::is_contained(vars, n)) {
        why = "'" + n + "' is used by this '#pragma xmp " + dd.name +
              "' first";
        return nullptr;
      }
      if (*dk != k || dlogical != logical) {
        why = "this '#pragma xmp reduction' of '" + n +
              "' has another operator";
        return nullptr;
      }
      const TemplateInfo &ti = templates[tname];
      for (unsigned td = 0; td < ti.split.size(); ++td)
        if (ti.split[td] && !llvm::is_contained(onDims, (int64_t)td)) {
          why = "the loop does not run over the distributed dimension " +
                std::to_string(td) + " of template '" + tname.str() +
                "': the nodes along its grid axis run the same iterations, "
                "which this directive would count once per node";
          return nullptr;
        }
      if (onSubscripted) {
        why = "this '#pragma xmp reduction' is on a node or template "
              "reference with subscripts ('" +
              on +
              "(...)'): it completes a device loop's reduction only on the "
              "loop's whole node set ('on " +
              ti.nodes + "', or no 'on')";
        return nullptr;
      }
      if (!on.empty() && on != ti.nodes) {
        why = "this '#pragma xmp reduction' is on '" + on +
              "', the loop's template is distributed onto '" + ti.nodes + "'";
        return nullptr;
      }
      guard = on.empty() && llvm::any_of(nodes[ti.nodes].shape, [](int64_t e) {
                return !ShapedType::isDynamic(e);
              });
      return &dd;
    }
    if (jt == stmts.end())
      return nullptr;
    const c::Stmt *t = *jt;
    if (!isa<c::OpenACCUpdateConstruct, c::OpenACCWaitConstruct>(t))
      if (const c::DeclRefExpr *r = mentions(t, vd)) {
        why = "'" + n + "' is used here, before the '#pragma xmp reduction' "
              "that would complete it";
        whyLoc = r->getBeginLoc();
        return nullptr;
      }
    prevEnd = stmtEnd(t);
  }
}

bool Emitter::identityBefore(const c::CompoundStmt *cs, const c::Stmt *s,
                             const Directive &loopDir, const c::VarDecl *vd,
                             xmpd::ReductionKind k, bool logical) {
  SmallVector<const c::Stmt *> prev;
  for (const c::Stmt *t : cs->body()) {
    if (t == s)
      break;
    prev.push_back(t);
  }
  c::SourceLocation to = s->getBeginLoc();
  for (size_t i = prev.size(); i-- > 0;) {
    const c::Stmt *t = prev[i];
    if (directiveNames(stmtEnd(t), to, vd, &loopDir))
      return false;
    to = t->getBeginLoc();
    if (isa<c::OpenACCUpdateConstruct, c::OpenACCWaitConstruct>(t) ||
        !mentions(t, vd))
      continue;
    // The nearest statement that uses vd: `vd = <constant>` or its
    // declaration with a constant initializer.
    const c::Expr *init = nullptr;
    if (const auto *bo = dyn_cast<c::BinaryOperator>(t);
        bo && bo->getOpcode() == c::BO_Assign && refVar(bo->getLHS()) == vd)
      init = bo->getRHS();
    else if (const auto *ds = dyn_cast<c::DeclStmt>(t);
             ds && ds->isSingleDecl() && ds->getSingleDecl() == vd)
      init = vd->getInit();
    c::Expr::EvalResult r;
    if (!init || init->HasSideEffects(actx) ||
        !init->EvaluateAsRValue(r, actx))
      return false;
    using RK = xmpd::ReductionKind;
    // && starts from any true value, || from false.
    if (logical && r.Val.isFloat())
      return r.Val.getFloat().isZero() == (k == RK::bor);
    if (logical && r.Val.isInt())
      return r.Val.getInt().isZero() == (k == RK::bor);
    if (r.Val.isFloat()) {
      const llvm::APFloat &f = r.Val.getFloat();
      switch (k) {
      case RK::add:
        return f.isZero();
      case RK::mul:
        return f.isExactlyValue(1.0);
      case RK::max:
        return f.isInfinity() && f.isNegative();
      case RK::min:
        return f.isInfinity() && !f.isNegative();
      default:
        return false;
      }
    }
    if (r.Val.isInt()) {
      const llvm::APSInt &x = r.Val.getInt();
      switch (k) {
      case RK::add:
      case RK::bor:
      case RK::bxor:
        return x.isZero();
      case RK::mul:
        return x.isOne();
      case RK::band:
        return x.isAllOnes();
      case RK::max:
        return x.isMinSignedValue();
      case RK::min:
        return x.isMaxSignedValue();
      default:
        return false;
      }
    }
    return false;
  }
  return false;
}

void Emitter::fusedReduction(const Fused &f, const Storage &st,
                             FlatSymbolRefAttr grid, Location l) {
  Value m = memrefOf(st, l);
  if (f.partial) {
    // The variable did not hold the identity before the loop: its value
    // on each node is reduced here, then combined with the loop's (&& /
    // ||: their truth values).
    Value v = memref::LoadOp::create(b, l, m, ValueRange{});
    Value x = f.logical ? toBool(v, l) : v;
    auto r = xmpd::ReductionOp::create(
        b, l, x.getType(), TypeRange{},
        xmpd::ReductionKindAttr::get(&ctx, f.kind), x, ValueRange{}, grid,
        DenseI64ArrayAttr(), UnitAttr());
    Value p = memref::LoadOp::create(b, l, f.partial, ValueRange{});
    if (f.logical)
      p = toBool(p, l);
    Value comb = xmpd::reductionCombine(b, l, f.kind, r.getResult(), p);
    if (f.logical)
      comb = fromBool(comb, v.getType(), l);
    memref::StoreOp::create(b, l, comb, m, ValueRange{});
  }
  if (f.guard) {
    // Nodes outside the loop's grid (a static grid smaller than the job)
    // take no part in the loop's combination: they get node 1's value.
    FlatSymbolRefAttr all = allNodes();
    Value na = xmpd::NumNodesOp::create(b, l, b.getIndexType(), all);
    Value ng = xmpd::NumNodesOp::create(b, l, b.getIndexType(),
                                        FlatSymbolRefAttr::get(&ctx, f.grid));
    Value ne = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, na, ng);
    auto ifOp = scf::IfOp::create(b, l, ne, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    Value v = memref::LoadOp::create(b, l, m, ValueRange{});
    auto y = xmpd::BcastOp::create(b, l, v.getType(), v,
                                   b.getDenseI64ArrayAttr({0}), all,
                                   UnitAttr());
    memref::StoreOp::create(b, l, y.getResult(), m, ValueRange{});
  }
}

void Emitter::emitDeviceLoop(
    Directive &d, const c::Stmt *s, const c::CompoundStmt *cs, StringRef tname,
    ArrayRef<const c::VarDecl *> ivs, ValueRange lbs, ValueRange ubs,
    ValueRange steps, ArrayRef<int64_t> onDims, const c::Stmt *body,
    ArrayRef<std::pair<std::string, c::SourceLocation>> xmpRedVars,
    ArrayRef<xmpd::ReductionKind> xmpRedKinds, ArrayRef<bool> xmpRedLogical,
    ArrayRef<AccOnNest> accs) {
  using CK = c::OpenACCClauseKind;
  Location l = loc(d.loc);
  if (allocaBlock)
    return diag.unsupported(accs.empty() ? d.loc : accLoc(accs[0].acc),
                            "a device loop inside a device loop (" +
                                (accs.empty()
                                     ? std::string("'#pragma xmp device loop'")
                                     : std::string("an OpenACC compute "
                                                   "construct on an xmp loop")) +
                                " in the body of another)");

  // Reductions: those of the xmp loop (combined over the nodes) and of the
  // OpenACC constructs (each node's: completed by `#pragma xmp reduction`).
  // `&&` / `||` (logical) reduce the truth values: the loop's reduce is
  // and / or on i1.
  struct Red {
    const c::VarDecl *vd;
    xmpd::ReductionKind kind;
    bool global;
    c::SourceLocation loc;
    bool logical;
  };
  SmallVector<Red> reds;
  auto addRed = [&](const c::VarDecl *vd, xmpd::ReductionKind k, bool logical,
                    bool global, c::SourceLocation sl) {
    for (Red &r : reds)
      if (r.vd == vd) {
        if (r.kind != k || r.logical != logical) {
          diag.error(sl, "'" + vd->getName().str() +
                             "' is reduced with two different operators");
          return false;
        }
        r.global |= global;
        return true;
      }
    reds.push_back({vd, k, global, sl, logical});
    return true;
  };
  for (auto [v, k, lg] : llvm::zip(xmpRedVars, xmpRedKinds, xmpRedLogical)) {
    const c::VarDecl *vd = lookupName(v.first);
    if (!vd) {
      diag.error(v.second, "'" + v.first + "' is not a variable");
      return;
    }
    if (!addRed(vd, k, lg, true, v.second))
      return;
  }
  llvm::SmallPtrSet<const c::VarDecl *, 8> priv, firstpriv;
  bool compute = false;
  for (const AccOnNest &an : accs) {
    const c::OpenACCConstructStmt *acc = an.acc;
    std::string name = accName(acc->getDirectiveKind());
    if (isa<c::OpenACCComputeConstruct, c::OpenACCCombinedConstruct>(acc)) {
      if (compute)
        return diag.unsupported(accLoc(acc), "a second compute construct ('" + name +
                                    "') on the for-nest of one '#pragma xmp "
                                    "loop'");
      compute = true;
    } else if (!isa<c::OpenACCLoopConstruct>(acc)) {
      return diag.unsupported(accLoc(acc), "the OpenACC '" + name +
                                  "' construct on the for-nest of '#pragma "
                                  "xmp loop'");
    } else if (!compute) {
      return diag.unsupported(accLoc(acc), "'#pragma acc loop' outside a compute construct "
                              "(put 'parallel loop' on the outermost loop of "
                              "the '#pragma xmp loop' nest)");
    }
    for (const c::OpenACCClause *cl : acc->clauses()) {
      CK k = cl->getClauseKind();
      bool in, out;
      switch (k) {
      case CK::Async:
      case CK::Wait:
      case CK::NumGangs:
      case CK::NumWorkers:
      case CK::VectorLength:
      case CK::Gang:
      case CK::Worker:
      case CK::Vector:
      case CK::Independent:
      case CK::Auto:
        // The launch shape is the compiler's; one stream per rank.
        continue;
      case CK::Collapse: {
        c::Expr::EvalResult r;
        const c::Expr *n = cast<c::OpenACCCollapseClause>(cl)->getLoopCount();
        int64_t cnt =
            n && n->EvaluateAsInt(r, actx) ? r.Val.getInt().getSExtValue() : 0;
        if (cnt < 1 || an.level + cnt > ivs.size()) {
          diag.error(cl->getBeginLoc(),
                     "collapse(" + std::to_string(cnt) + ") on loop " +
                         std::to_string(an.level + 1) + " of the " +
                         std::to_string(ivs.size()) +
                         " loops of '#pragma xmp loop' reaches beyond them "
                         "(the device loop's dimensions are the xmp loop's)");
          return;
        }
        continue;
      }
      case CK::Reduction: {
        const auto *rc = cast<c::OpenACCReductionClause>(cl);
        bool logical;
        auto kind = accReductionKind(rc->getReductionOp(), logical);
        if (!kind) {
          diag.unsupported(cl->getBeginLoc(),
                           "the OpenACC reduction operator '" +
                               accName(rc->getReductionOp()) +
                               "' (as for '#pragma xmp loop')");
          return;
        }
        for (const c::Expr *e : rc->getVarList()) {
          const c::VarDecl *vd = accVar(e, cl, acc);
          if (!vd || !addRed(vd, *kind, logical, false, e->getBeginLoc()))
            return;
        }
        continue;
      }
      case CK::Private:
      case CK::FirstPrivate:
        for (const c::Expr *e :
             cast<c::OpenACCClauseWithVarList>(cl)->getVarList()) {
          const c::VarDecl *vd = accVar(e, cl, acc);
          if (!vd)
            return;
          (k == CK::Private ? priv : firstpriv).insert(vd);
        }
        continue;
      case CK::Seq:
        diag.unsupported(cl->getBeginLoc(),
                         "'seq' on a loop of the '#pragma xmp loop' nest (its "
                         "iterations run in parallel, on the nodes and in the "
                         "device loop)");
        return;
      default:
        break;
      }
      if (!accDataClause(k, in, out)) {
        diag.unsupported(cl->getBeginLoc(), "the clause '" + accName(k) +
                                                "' of '#pragma acc " + name +
                                                "'");
        return;
      }
      // Outside data constructs every device loop brings the arrays it
      // uses up to date and copies what it writes back: `copy`.
      for (const c::Expr *e :
           cast<c::OpenACCClauseWithVarList>(cl)->getVarList()) {
        const c::VarDecl *vd = accVar(e, cl, acc);
        auto st = vd ? storageOf(vd, e->getBeginLoc()) : std::nullopt;
        if (!st)
          return;
        if (st->kind == Storage::DArr && !(in && out) &&
            k != CK::Present && !accPresentHere(vd)) {
          diag.unsupported(
              e->getBeginLoc(),
              "'" + accName(k) + "(" + vd->getName().str() +
                  ")' on a compute construct outside an acc data construct "
                  "of it (there every device loop copies the arrays it "
                  "writes back to the host, as 'copy' does: write copy, or "
                  "put the loop in an acc data construct)");
          return;
        }
      }
    }
  }

  // What the body uses: OpenACC's private variables of its inner loops,
  // and the variables of the loops of its loop constructs, are the
  // iteration's too.
  BodyScan scan;
  scan.TraverseStmt(const_cast<c::Stmt *>(body));
  for (const c::OpenACCConstructStmt *inner : scan.accs) {
    const c::Stmt *loop = nullptr;
    if (const auto *lc = dyn_cast<c::OpenACCLoopConstruct>(inner))
      loop = lc->getLoop();
    else if (const auto *cc = dyn_cast<c::OpenACCCombinedConstruct>(inner))
      loop = cc->getLoop(); // reported when it is reached
    if (const auto *f = dyn_cast_or_null<c::ForStmt>(loop))
      if (const c::VarDecl *iv = forInit(f).first)
        priv.insert(iv);
    for (const c::OpenACCClause *cl : inner->clauses())
      if (cl->getClauseKind() == CK::Private)
        for (const c::Expr *e :
             cast<c::OpenACCClauseWithVarList>(cl)->getVarList())
          if (const c::VarDecl *vd = refVar(e))
            priv.insert(vd);
  }

  // XMP-dev: the variables of the for loops in the body are each
  // iteration's own, starting from their value before the device loop
  // (`int i, j;` at the top of a function, then `for (j = 0; ...)` in the
  // body).
  if (accs.empty())
    for (const c::ForStmt *f : scan.fors)
      if (const c::VarDecl *iv = forInit(f).first)
        firstpriv.insert(iv);

  // Each reduction's value before the loop: an xmp loop reduction and an
  // OpenACC one whose variable held the identity start from the variable;
  // otherwise the loop's part starts from the identity and the directive
  // that completes the reduction adds the variable's.
  struct RedPlan {
    Red r;
    Storage st;
    Type type;    // the loop's reduce: i1 for && / ||
    Type varType; // the variable's
    Value init;
    Directive *dir = nullptr;
    bool identity = false, guard = false;
  };
  SmallVector<RedPlan> plans;
  for (Red &r : reds) {
    std::string n = r.vd->getName().str();
    auto st = storageOf(r.vd, r.loc);
    if (!st || !checkReductionVar(r.vd, *st, r.kind, r.loc, r.logical))
      return;
    Value m = memrefOf(*st, l);
    Type vt = cast<MemRefType>(m.getType()).getElementType();
    RedPlan p{r, *st, r.logical ? b.getI1Type() : vt, vt, {}};
    if (!r.global) {
      std::string why;
      c::SourceLocation whyLoc;
      p.dir = completingReduction(cs, s, r.vd, r.kind, r.logical, tname,
                                  onDims, p.guard, why, whyLoc);
      if (!p.dir) {
        diag.error(r.loc,
                   "the OpenACC reduction of '" + n +
                       "' in this device loop gives each node's result, "
                       "which a device loop does not return (its reduce "
                       "combines the nodes): add reduction(...:" + n +
                       ") to '#pragma xmp loop', or complete it with "
                       "'#pragma xmp reduction' of '" + n +
                       "' later in the same block, '" + n +
                       "' unused in between");
        diag.note(whyLoc.isValid() ? whyLoc : r.loc, why);
        return;
      }
      p.identity = identityBefore(cs, s, d, r.vd, r.kind, r.logical);
    }
    p.init = r.global || p.identity
                 ? (Value)memref::LoadOp::create(b, l, m, ValueRange{})
                 : xmpd::reductionIdentity(b, l, r.kind, p.type);
    if (r.logical)
      p.init = toBool(p.init, l);
    plans.push_back(p);
  }
  auto isRed = [&](const c::VarDecl *vd) {
    return llvm::any_of(plans, [&](const RedPlan &p) { return p.r.vd == vd; });
  };

  // Variables from outside the loop: private ones get the iteration's own
  // memory, the others are firstprivate (read: their value here); a device
  // loop reads no host array and writes no host variable.
  struct Outside {
    const c::VarDecl *vd;
    MemRefType type;
    Value init;
  };
  SmallVector<Outside> outside;
  for (const c::VarDecl *vd : scan.used) {
    if (scan.declared.count(vd) || llvm::is_contained(ivs, vd) || isRed(vd))
      continue;
    auto sit = storage.find(vd);
    bool local = sit != storage.end();
    if (!local && !globalSyms.count(vd))
      continue; // not a variable of the program (darrays: storage)
    if (local && sit->second.kind == Storage::DArr)
      continue;
    std::string n = vd->getName().str();
    c::SourceLocation use = scan.firstUse[vd];
    if (local && sit->second.kind == Storage::Value_) {
      if (vd->getType()->isPointerType()) {
        diag.unsupported(use, "'" + n + "' in a device loop (a pointer)");
        return;
      }
      continue; // an enclosing loop's index: a value
    }
    auto shape = arrayShape(vd->getType(), use);
    Type et = scalarType(actx.getBaseElementType(vd->getType()), use);
    if (!shape || !et)
      return;
    if (priv.count(vd)) {
      outside.push_back({vd, MemRefType::get(*shape, et), Value()});
      continue;
    }
    if (!shape->empty()) {
      diag.unsupported(use, "the array '" + n +
                                "' in a device loop (device loops read "
                                "distributed arrays and scalars: align it "
                                "with a template, or list it in private)");
      return;
    }
    if (scan.firstWrite.count(vd) && !firstpriv.count(vd)) {
      diag.error(scan.firstWrite[vd],
                 "the device loop assigns to '" + n + "', declared outside it: " +
                     (accs.empty()
                          ? "declare it in the loop body, or reduce it with "
                            "reduction(...) of '#pragma xmp device loop'"
                          : "list it in private, firstprivate or reduction "
                            "of the OpenACC construct") +
                     " (a device loop does not write host variables)");
      return;
    }
    auto st = storageOf(vd, use);
    if (!st)
      return;
    Value v = memref::LoadOp::create(b, l, memrefOf(*st, l), ValueRange{});
    outside.push_back({vd, MemRefType::get({}, et), v});
  }
  if (failed())
    return;

  SmallVector<Value> inits;
  SmallVector<Attribute> kinds;
  SmallVector<Type> types;
  for (RedPlan &p : plans) {
    inits.push_back(p.init);
    kinds.push_back(xmpd::ReductionKindAttr::get(&ctx, p.r.kind));
    types.push_back(p.type);
  }
  // weight(auto): the runtime's controller; weight(expr): the CPU share,
  // evaluated here on the host (a double: the pragma handler's statement
  // converted it), 0 to 1 (NaN neither) or the node stops.
  Value weight;
  bool weightAuto = devWeight && devWeight->isAuto;
  if (devWeight && devWeight->expr) {
    weight = cpuShare(devWeight->expr, devWeight->loc, "the 'weight' clause",
                      "device loop");
    if (!weight)
      return;
  }
  auto loopOp = xmpd::DeviceLoopOp::create(
      b, l, types, lbs, ubs, steps, tname, onDims, inits,
      kinds.empty() ? ArrayAttr() : b.getArrayAttr(kinds), weight,
      weightAuto, DenseI64ArrayAttr(), Value(), DenseI64ArrayAttr(),
      DenseI64ArrayAttr(), DenseI64ArrayAttr(), DenseI64ArrayAttr(),
      DenseBoolArrayAttr(), DenseI64ArrayAttr(), DenseI64ArrayAttr(),
      DenseBoolArrayAttr());
  if (!lowerScopes.empty())
    lowerScopes.back().anchor = loopOp;
  applyWiden(loopOp);
  Block *bb = b.createBlock(&loopOp.getBody());
  for (unsigned k = 0; k < ivs.size(); ++k)
    bb->addArgument(b.getIndexType(), l);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(bb);
    allocaBlock = bb;
    llvm::DenseMap<const c::VarDecl *, Storage> saved;
    auto bind = [&](const c::VarDecl *vd, Storage st) {
      saved.try_emplace(vd, storage.lookup(vd));
      storage[vd] = st;
    };
    for (unsigned k = 0; k < ivs.size(); ++k) {
      Type t = scalarType(ivs[k]->getType(), ivs[k]->getLocation());
      Value v = arith::IndexCastOp::create(
          b, l, t, addLower(bb->getArgument(k), tname, onDims[k], l));
      bind(ivs[k], Storage{Storage::Value_, v, "", {}});
    }
    SmallVector<Value> privs;
    SmallVector<bool> truth;
    for (RedPlan &p : plans) {
      // && / ||: the private copy has the variable's type, from 1 / 0.
      Value m = allocaAtEntry(MemRefType::get({}, p.varType), l);
      Value id = xmpd::reductionIdentity(b, l, p.r.kind, p.type);
      memref::StoreOp::create(
          b, l, p.r.logical ? fromBool(id, p.varType, l) : id, m,
          ValueRange{});
      bind(p.r.vd, Storage{Storage::Mem, m, "", {}});
      privs.push_back(m);
      truth.push_back(p.r.logical);
    }
    for (Outside &o : outside) {
      Value m = allocaAtEntry(o.type, l);
      if (o.init)
        memref::StoreOp::create(b, l, o.init, m, ValueRange{});
      bind(o.vd, Storage{Storage::Mem, m, "", {}});
    }
    emitLoopBody(body, privs, saved, l, truth);
    allocaBlock = nullptr;
  }
  b.setInsertionPointAfter(loopOp);
  for (auto [i, p] : llvm::enumerate(plans)) {
    Value r = loopOp.getResult(i);
    if (p.r.logical)
      r = fromBool(r, p.varType, l);
    Value dst = p.r.global || p.identity
                    ? memrefOf(p.st, l)
                    : allocaAtEntry(MemRefType::get({}, p.varType), l);
    memref::StoreOp::create(b, l, r, dst, ValueRange{});
    if (!p.r.global)
      fused[{p.dir, p.r.vd}] =
          Fused{p.r.kind, p.r.logical, p.identity ? Value() : dst,
                templates[tname].nodes, p.guard};
  }
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

std::optional<Storage> Emitter::storageOf(const c::VarDecl *vd,
                                          c::SourceLocation use) {
  auto it = storage.find(vd);
  if (it != storage.end())
    return it->second;
  auto g = globalSyms.find(vd);
  if (g != globalSyms.end()) {
    auto shape = arrayShape(vd->getType(), use);
    Type et = scalarType(actx.getBaseElementType(vd->getType()), use);
    if (!shape || !et)
      return std::nullopt;
    return Storage{Storage::Global, nullptr, g->second,
                   MemRefType::get(*shape, et)};
  }
  if (auto it = darrays.find(vd); it != darrays.end() && it->second.pointer)
    diag.error(use, "distributed array '" + vd->getName().str() +
                        "' is not allocated here: main allocates it with "
                        "'" + vd->getName().str() +
                        " = xmp_malloc(...)' in its outermost block, and "
                        "every use (also in a function called here) must "
                        "come after that statement and before its "
                        "xmp_free");
  else if (darrays.count(vd))
    diag.error(use, "distributed array '" + vd->getName().str() +
                        "' is not available here");
  else
    diag.unsupported(use, "the variable '" + vd->getName().str() + "'");
  return std::nullopt;
}

Value Emitter::toBool(Value v, Location l) {
  Type t = v.getType();
  if (t.isInteger(1))
    return v;
  if (isa<FloatType>(t))
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, v,
                                 cFloat(t, 0.0, l));
  return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, v,
                               cInt(t, 0, l));
}

Value Emitter::convert(Value v, c::QualType from, c::QualType to, Location l) {
  if (!v)
    return v;
  Type tt = scalarType(to, c::SourceLocation());
  if (!tt)
    return nullptr;
  Type ft = v.getType();
  if (ft == tt)
    return v;
  if (to->isBooleanType())
    return toBool(v, l);
  bool fromSigned = isSigned(from) && !from->isBooleanType();
  if (isa<IndexType>(ft)) {
    if (isa<FloatType>(tt)) {
      v = arith::IndexCastOp::create(b, l, b.getI64Type(), v);
      return arith::SIToFPOp::create(b, l, tt, v);
    }
    return arith::IndexCastOp::create(b, l, tt, v);
  }
  if (isa<IntegerType>(ft) && isa<IntegerType>(tt)) {
    unsigned fw = ft.getIntOrFloatBitWidth(), tw = tt.getIntOrFloatBitWidth();
    if (fw < tw)
      return fromSigned ? arith::ExtSIOp::create(b, l, tt, v).getResult()
                        : arith::ExtUIOp::create(b, l, tt, v).getResult();
    return arith::TruncIOp::create(b, l, tt, v);
  }
  if (isa<IntegerType>(ft) && isa<FloatType>(tt))
    return fromSigned ? arith::SIToFPOp::create(b, l, tt, v).getResult()
                      : arith::UIToFPOp::create(b, l, tt, v).getResult();
  if (isa<FloatType>(ft) && isa<IntegerType>(tt))
    return isSigned(to) ? arith::FPToSIOp::create(b, l, tt, v).getResult()
                        : arith::FPToUIOp::create(b, l, tt, v).getResult();
  if (isa<FloatType>(ft) && isa<FloatType>(tt)) {
    if (ft.getIntOrFloatBitWidth() < tt.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, l, tt, v);
    return arith::TruncFOp::create(b, l, tt, v);
  }
  diag.unsupported(c::SourceLocation(), "this conversion");
  return nullptr;
}

Value Emitter::emitCond(const c::Expr *e) {
  e = e->IgnoreParens();
  Location l = loc(e->getBeginLoc());
  if (const auto *bo = dyn_cast<c::BinaryOperator>(e)) {
    if (bo->isComparisonOp()) {
      Value a = emitExpr(bo->getLHS()), c2 = emitExpr(bo->getRHS());
      if (!a || !c2)
        return nullptr;
      return compare(bo->getOpcode(), a, c2, bo->getLHS()->getType(), l);
    }
    if (bo->isLogicalOp())
      return emitLogical(bo);
  }
  if (const auto *uo = dyn_cast<c::UnaryOperator>(e);
      uo && uo->getOpcode() == c::UO_LNot) {
    Value v = emitCond(uo->getSubExpr());
    return v ? arith::XOrIOp::create(b, l, v, cBool(true, l)).getResult()
             : nullptr;
  }
  Value v = emitExpr(e);
  if (!v)
    return nullptr;
  if (isa<LLVM::LLVMPointerType>(v.getType())) {
    diag.unsupported(e->getBeginLoc(), "a pointer as a condition");
    return nullptr;
  }
  return toBool(v, l);
}

Value Emitter::compare(c::BinaryOperatorKind op, Value a, Value c2,
                       c::QualType t, Location l) {
  if (isa<FloatType>(a.getType())) {
    arith::CmpFPredicate p;
    switch (op) {
    case c::BO_LT: p = arith::CmpFPredicate::OLT; break;
    case c::BO_GT: p = arith::CmpFPredicate::OGT; break;
    case c::BO_LE: p = arith::CmpFPredicate::OLE; break;
    case c::BO_GE: p = arith::CmpFPredicate::OGE; break;
    case c::BO_EQ: p = arith::CmpFPredicate::OEQ; break;
    default: p = arith::CmpFPredicate::UNE; break;
    }
    return arith::CmpFOp::create(b, l, p, a, c2);
  }
  bool s = isSigned(t);
  arith::CmpIPredicate p;
  switch (op) {
  case c::BO_LT: p = s ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult; break;
  case c::BO_GT: p = s ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt; break;
  case c::BO_LE: p = s ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule; break;
  case c::BO_GE: p = s ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge; break;
  case c::BO_EQ: p = arith::CmpIPredicate::eq; break;
  default: p = arith::CmpIPredicate::ne; break;
  }
  return arith::CmpIOp::create(b, l, p, a, c2);
}

Value Emitter::arith2(c::BinaryOperatorKind op, Value a, Value c2,
                      c::QualType t, Location l, const c::Expr *where) {
  if (isa<FloatType>(a.getType())) {
    switch (op) {
    case c::BO_Add: return arith::AddFOp::create(b, l, a, c2);
    case c::BO_Sub: return arith::SubFOp::create(b, l, a, c2);
    case c::BO_Mul: return arith::MulFOp::create(b, l, a, c2);
    case c::BO_Div: return arith::DivFOp::create(b, l, a, c2);
    default: break;
    }
  } else {
    bool s = isSigned(t);
    switch (op) {
    case c::BO_Add: return arith::AddIOp::create(b, l, a, c2);
    case c::BO_Sub: return arith::SubIOp::create(b, l, a, c2);
    case c::BO_Mul: return arith::MulIOp::create(b, l, a, c2);
    case c::BO_Div:
      return s ? arith::DivSIOp::create(b, l, a, c2).getResult()
               : arith::DivUIOp::create(b, l, a, c2).getResult();
    case c::BO_Rem:
      return s ? arith::RemSIOp::create(b, l, a, c2).getResult()
               : arith::RemUIOp::create(b, l, a, c2).getResult();
    case c::BO_Shl: return arith::ShLIOp::create(b, l, a, c2);
    case c::BO_Shr:
      return s ? arith::ShRSIOp::create(b, l, a, c2).getResult()
               : arith::ShRUIOp::create(b, l, a, c2).getResult();
    case c::BO_And: return arith::AndIOp::create(b, l, a, c2);
    case c::BO_Or: return arith::OrIOp::create(b, l, a, c2);
    case c::BO_Xor: return arith::XOrIOp::create(b, l, a, c2);
    default: break;
    }
  }
  diag.unsupported(where->getBeginLoc(), std::string("the operator '") +
                                             c::BinaryOperator::getOpcodeStr(op).str() +
                                             "' here");
  return nullptr;
}

Value Emitter::emitLogical(const c::BinaryOperator *bo) {
  Location l = loc(bo->getOperatorLoc());
  Value a = emitCond(bo->getLHS());
  if (!a)
    return nullptr;
  bool isAnd = bo->getOpcode() == c::BO_LAnd;
  auto ifOp = scf::IfOp::create(b, l, TypeRange{b.getI1Type()}, a, true, true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(isAnd ? ifOp.thenBlock() : ifOp.elseBlock());
  Value r = emitCond(bo->getRHS());
  if (!r)
    r = cBool(false, l);
  scf::YieldOp::create(b, l, ValueRange{r});
  b.setInsertionPointToStart(isAnd ? ifOp.elseBlock() : ifOp.thenBlock());
  scf::YieldOp::create(b, l, ValueRange{cBool(!isAnd, l)});
  return ifOp.getResult(0);
}

std::optional<LValue> Emitter::emitLValue(const c::Expr *e) {
  e = e->IgnoreParens();
  Location l = loc(e->getBeginLoc());
  if (const auto *r = dyn_cast<c::DeclRefExpr>(e)) {
    const auto *vd = dyn_cast<c::VarDecl>(r->getDecl());
    if (!vd) {
      diag.unsupported(e->getBeginLoc(), "this reference");
      return std::nullopt;
    }
    auto st = storageOf(vd, e->getBeginLoc());
    if (!st)
      return std::nullopt;
    LValue lv;
    switch (st->kind) {
    case Storage::Mem:
    case Storage::Global:
      lv.kind = LValue::Mem;
      lv.base = memrefOf(*st, l);
      lv.elemType = cast<MemRefType>(lv.base.getType()).getElementType();
      return lv;
    case Storage::DArr:
      lv.kind = LValue::DArr;
      lv.base = st->v;
      lv.elemType = cast<xmpd::DArrayType>(st->v.getType()).getElementType();
      return lv;
    case Storage::Value_:
      lv.kind = LValue::RO;
      lv.base = st->v;
      lv.elemType = st->v.getType();
      return lv;
    default:
      return std::nullopt;
    }
  }
  if (const auto *as = dyn_cast<c::ArraySubscriptExpr>(e)) {
    // Pointer subscripts: only argv[i].
    const c::Expr *base = as->getBase()->IgnoreParens();
    if (const auto *ic = dyn_cast<c::ImplicitCastExpr>(base);
        ic && ic->getCastKind() == c::CK_LValueToRValue &&
        ic->getType()->isPointerType() && !pointerDArray(ic->getSubExpr()) &&
        !arrayParams.count(refVar(ic->getSubExpr()))) {
      Value p = emitExpr(ic);
      Value i = emitExpr(as->getIdx());
      if (!p || !i)
        return std::nullopt;
      i = convert(i, as->getIdx()->getType(), actx.LongTy, l);
      Type et = scalarType(as->getType(), e->getBeginLoc());
      if (!et)
        return std::nullopt;
      Value addr = LLVM::GEPOp::create(b, l, ptrType(), et, p, ValueRange{i});
      LValue lv;
      lv.kind = LValue::Ptr;
      lv.base = addr;
      lv.elemType = et;
      return lv;
    }
    // a[i][j]...: collect the subscripts down to the array.
    SmallVector<const c::Expr *> idx;
    const c::Expr *cur = e;
    while (const auto *s2 = dyn_cast<c::ArraySubscriptExpr>(cur)) {
      idx.push_back(s2->getIdx());
      const c::Expr *bs = s2->getBase()->IgnoreParens();
      const auto *ic = dyn_cast<c::ImplicitCastExpr>(bs);
      bool xmpMalloced = ic && ic->getCastKind() == c::CK_LValueToRValue &&
                         (pointerDArray(ic->getSubExpr()) ||
                          arrayParams.count(refVar(ic->getSubExpr())));
      if (!ic ||
          (ic->getCastKind() != c::CK_ArrayToPointerDecay && !xmpMalloced)) {
        diag.unsupported(bs->getBeginLoc(), "this subscripted expression");
        return std::nullopt;
      }
      cur = ic->getSubExpr()->IgnoreParens();
    }
    std::reverse(idx.begin(), idx.end());
    auto root = emitLValue(cur);
    if (!root)
      return std::nullopt;
    unsigned rank = 0;
    if (root->kind == LValue::Mem)
      rank = cast<MemRefType>(root->base.getType()).getRank();
    else if (root->kind == LValue::DArr)
      rank = cast<xmpd::DArrayType>(root->base.getType()).getRank();
    else {
      diag.unsupported(e->getBeginLoc(), "this subscripted expression");
      return std::nullopt;
    }
    if (idx.size() != rank || !root->idx.empty()) {
      diag.unsupported(e->getBeginLoc(),
                       "a partially subscripted array (all " +
                           std::to_string(rank) + " subscripts are needed)");
      return std::nullopt;
    }
    for (const c::Expr *ie : idx) {
      Value v = emitIndex(ie);
      if (!v)
        return std::nullopt;
      root->idx.push_back(v);
    }
    if (root->kind == LValue::DArr)
      rebaseIndices(refVar(cur), root->idx, l);
    // Outside a loop directive no owner-computes rule says which node
    // accesses the element: every node that runs the access must hold it.
    if (root->kind == LValue::DArr && ownerCheck &&
        llvm::none_of(loops, [](const LoopCtx &lc) { return lc.xmpLoop; })) {
      const DistInfo &di = darrays[refVar(cur)];
      const SmallVector<int64_t> &base = di.base;
      SmallVector<Value> baseValues; // run-time bases (template lower bounds)
      if (llvm::is_contained(di.dynBase, true))
        for (unsigned d = 0; d < base.size(); ++d)
          baseValues.push_back(baseValue(di, d, l));
      xmpd::CheckHoldsOp::create(
          b, l, root->base, root->idx, refVar(cur)->getName(),
          positionText(e->getBeginLoc()),
          baseValues.empty() &&
                  llvm::any_of(base, [](int64_t v) { return v != 0; })
              ? b.getDenseI64ArrayAttr(base)
              : DenseI64ArrayAttr(),
          baseValues);
    }
    return root;
  }
  diag.unsupported(e->getBeginLoc(),
                   std::string("this lvalue ('") + e->getStmtClassName() + "')");
  return std::nullopt;
}

/// A subscript as an `index`. Sums and differences of loop indices and
/// constants in signed C types are computed in `index`, as the dialect's
/// own programs write `a[i+1]`: C's signed arithmetic does not overflow in
/// a valid program, so the wider result is the same value, and the access
/// keeps its offset from the loop index (for the passes that look for it,
/// and for address arithmetic without sign extensions in kernels).
/// Anything else is computed in its C type and converted.
Value Emitter::emitIndex(const c::Expr *e) {
  const c::Expr *x = e->IgnoreParens();
  if (x->getType()->isSignedIntegerType() && !x->HasSideEffects(actx)) {
    Location l = loc(x->getBeginLoc());
    if (const auto *ic = dyn_cast<c::ImplicitCastExpr>(x);
        ic && ic->getCastKind() == c::CK_IntegralCast &&
        ic->getSubExpr()->getType()->isSignedIntegerType() &&
        actx.getTypeSize(ic->getType()) >=
            actx.getTypeSize(ic->getSubExpr()->getType()))
      return emitIndex(ic->getSubExpr());
    if (const c::VarDecl *vd = refVar(x))
      if (auto it = storage.find(vd);
          it != storage.end() && it->second.kind == Storage::Value_)
        if (auto ic = it->second.v.getDefiningOp<arith::IndexCastOp>();
            ic && ic.getIn().getType().isIndex())
          return ic.getIn(); // an xmp loop's index
    if (const auto *bo = dyn_cast<c::BinaryOperator>(x);
        bo && (bo->getOpcode() == c::BO_Add || bo->getOpcode() == c::BO_Sub) &&
        bo->getLHS()->getType()->isSignedIntegerType() &&
        bo->getRHS()->getType()->isSignedIntegerType()) {
      Value a = emitIndex(bo->getLHS()), c2 = emitIndex(bo->getRHS());
      if (!a || !c2)
        return nullptr;
      if (bo->getOpcode() == c::BO_Add)
        return arith::AddIOp::create(b, l, a, c2);
      return arith::SubIOp::create(b, l, a, c2);
    }
    c::Expr::EvalResult r;
    if (!isa<c::DeclRefExpr>(x) && x->EvaluateAsInt(r, actx))
      return cIndex(r.Val.getInt().getSExtValue(), l);
  }
  Value v = emitExpr(e);
  return v ? toIndex(v, e->getType(), loc(e->getBeginLoc())) : nullptr;
}

Value Emitter::load(const LValue &lv, Location l) {
  switch (lv.kind) {
  case LValue::Mem:
    return memref::LoadOp::create(b, l, lv.base, lv.idx);
  case LValue::DArr:
    return xmpd::LoadOp::create(b, l, lv.elemType, lv.base, lv.idx);
  case LValue::Ptr:
    return LLVM::LoadOp::create(b, l, lv.elemType, lv.base);
  case LValue::RO:
    return lv.base;
  }
  return nullptr;
}

void Emitter::store(const LValue &lv, Value v, Location l) {
  switch (lv.kind) {
  case LValue::Mem:
    memref::StoreOp::create(b, l, v, lv.base, lv.idx);
    return;
  case LValue::DArr:
    xmpd::StoreOp::create(b, l, v, lv.base, lv.idx);
    return;
  case LValue::Ptr:
    LLVM::StoreOp::create(b, l, v, lv.base);
    return;
  case LValue::RO:
    break;
  }
}

Value Emitter::stringLiteral(const c::StringLiteral *s, Location l) {
  return cString(s->getBytes(), l);
}

Value Emitter::cString(StringRef text, Location l) {
  std::string bytes = text.str();
  bytes.push_back('\0');
  std::string name = "__xmp_str" + std::to_string(strCount++);
  auto at = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, l, at, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           b.getStringAttr(bytes));
  }
  return LLVM::AddressOfOp::create(b, l, ptrType(), name);
}

LLVM::LLVMFuncOp Emitter::externFunc(StringRef name, LLVM::LLVMFunctionType t) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToEnd(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, t);
}

Value Emitter::arrayArgument(const c::Expr *ae, const c::ParmVarDecl *pd,
                             MemRefType mt) {
  Location l = loc(ae->getBeginLoc());
  const std::string what = "for the array parameter '" +
                           pd->getName().str() + "'";
  // A whole array (decayed) or an array parameter passed on.
  const c::Expr *e = ae->IgnoreParens();
  const c::VarDecl *vd = nullptr;
  if (const auto *ic = dyn_cast<c::ImplicitCastExpr>(e);
      ic && (ic->getCastKind() == c::CK_ArrayToPointerDecay ||
             ic->getCastKind() == c::CK_LValueToRValue))
    vd = refVar(ic->getSubExpr()->IgnoreParens());
  if (vd && darrays.count(vd)) {
    diag.unsupported(ae->getBeginLoc(),
                     "passing the distributed array '" + vd->getName().str() +
                         "' " + what + " (functions use file-scope "
                         "distributed arrays by name)");
    return nullptr;
  }
  bool isArray = vd && (actx.getAsConstantArrayType(vd->getType()) ||
                        arrayParams.count(vd));
  if (!isArray) {
    diag.unsupported(ae->getBeginLoc(),
                     "this argument " + what + " (pass a whole array, or an "
                     "array parameter)");
    return nullptr;
  }
  auto st = storageOf(vd, ae->getBeginLoc());
  if (!st)
    return nullptr;
  Value m = memrefOf(*st, l);
  auto have = dyn_cast<MemRefType>(m.getType());
  if (!have || have.getRank() != mt.getRank() ||
      have.getElementType() != mt.getElementType() ||
      have.getShape().drop_front() != mt.getShape().drop_front()) {
    diag.unsupported(ae->getBeginLoc(),
                     "passing '" + vd->getName().str() + "' " + what +
                         " with another element type or shape");
    return nullptr;
  }
  return have == mt ? m : memref::CastOp::create(b, l, mt, m).getResult();
}

Value Emitter::emitCall(const c::CallExpr *ce) {
  Location l = loc(ce->getBeginLoc());
  const c::FunctionDecl *fd = ce->getDirectCallee();
  if (!fd) {
    diag.unsupported(ce->getBeginLoc(), "an indirect call");
    return nullptr;
  }
  StringRef name = fd->getName();
  Type rt = fd->getReturnType()->isVoidType()
                ? Type()
                : scalarType(fd->getReturnType(), ce->getBeginLoc());
  auto argsOf = [&](SmallVectorImpl<Value> &out) -> bool {
    for (const c::Expr *a : ce->arguments()) {
      Value v = emitExpr(a);
      if (!v)
        return false;
      out.push_back(v);
    }
    return true;
  };
  // A device loop's body runs on the GPU: functions of this file and the
  // math functions (intrinsics) only.
  auto notOnDevice = [&]() {
    diag.unsupported(ce->getBeginLoc(),
                     "calling '" + name.str() +
                         "' in a device loop (its body runs on the GPU: "
                         "functions defined in this file and the math "
                         "functions only)");
    return nullptr;
  };
  if (allocaBlock && name.starts_with("xmp_"))
    return notOnDevice();
  // XMP inquiry functions (xmp.h).
  // xmp_node_num and xmp_num_nodes answer for the executing node set (a
  // task's), the xmp_all_ forms for all nodes.
  if (name == "xmp_node_num" || name == "xmp_all_node_num" ||
      name == "xmp_num_nodes" || name == "xmp_all_num_nodes") {
    if (!name.starts_with("xmp_all_") && !taskNodes.empty() &&
        !taskNodes.back().starAxes.empty()) {
      // A task on a reference with `*`: this node's task nodes are the
      // task set's nodes on its own coordinates along the `*` axes,
      // numbered row-major over the other axes (the dialect's order: XMP's
      // Fortran-order numbering of the reference).
      const TaskCtx &t = taskNodes.back();
      ArrayRef<int64_t> shape = nodes[t.set].shape;
      Value num = cIndex(0, l), count = cIndex(1, l);
      for (unsigned k = 0; k < shape.size(); ++k) {
        if (llvm::is_contained(t.starAxes, k))
          continue;
        Value size = xmpd::NodeSizeOp::create(b, l, b.getIndexType(), t.set, k);
        Value idx = xmpd::NodeIndexOp::create(b, l, b.getIndexType(), t.set, k);
        num = arith::AddIOp::create(
            b, l, arith::MulIOp::create(b, l, num, size), idx);
        count = arith::MulIOp::create(b, l, count, size);
      }
      Value v = name.ends_with("num_nodes")
                    ? count
                    : arith::AddIOp::create(b, l, num, cIndex(1, l)).getResult();
      return arith::IndexCastOp::create(b, l, rt, v);
    }
    FlatSymbolRefAttr set =
        name.starts_with("xmp_all_")
            ? allNodes()
            : executingNodes(ce->getBeginLoc(), "'" + name.str() + "()'");
    if (!set)
      return nullptr;
    if (name.ends_with("num_nodes"))
      return arith::IndexCastOp::create(
          b, l, rt, xmpd::NumNodesOp::create(b, l, b.getIndexType(), set));
    Value n = xmpd::NodeNumOp::create(b, l, b.getIndexType(), set);
    n = arith::AddIOp::create(b, l, n, cIndex(1, l));
    return arith::IndexCastOp::create(b, l, rt, n);
  }
  if (name == "xmp_test_async")
    return emitTestAsync(ce, rt);
  if (name == "xmp_wtime")
    return xmpd::WtimeOp::create(b, l, b.getF64Type());
  if (name == "xmp_wtick")
    return xmpd::WtickOp::create(b, l, b.getF64Type());
  // XMP-dev: the seconds of the CPU and GPU parts of the last device loop
  // shared between them.
  if (name == "xmp_cpu_wtime")
    return xmpd::CpuTimeOp::create(b, l, b.getF64Type());
  if (name == "xmp_gpu_wtime")
    return xmpd::GpuTimeOp::create(b, l, b.getF64Type());
  if (name == "__xmp_weight") {
    diag.unsupported(ce->getBeginLoc(),
                     "the 'weight' clause of a '#pragma xmp device loop' "
                     "that is not followed by its for statement in a { } "
                     "block (or a call of '__xmp_weight')");
    return nullptr;
  }
  if (name.starts_with("__xmp_")) {
    diag.unsupported(ce->getBeginLoc(),
                     "an array section outside the statement of '#pragma xmp "
                     "gmove'");
    return nullptr;
  }
  if (name.starts_with("xmp_")) {
    diag.unsupported(ce->getBeginLoc(), "the function '" + name.str() + "'");
    return nullptr;
  }
  // The math functions the pipeline lowers to LLVM intrinsics.
  static const llvm::StringMap<int> math = {
      {"sqrt", 1}, {"fabs", 2}, {"exp", 3}, {"log", 4}, {"sin", 5},
      {"cos", 6},  {"pow", 7},  {"floor", 8}, {"ceil", 9}, {"fmax", 10},
      {"fmin", 11}, {"log10", 12}, {"log2", 13}, {"round", 14},
      {"trunc", 15}, {"abs", 16}, {"labs", 16}};
  StringRef base = name;
  if (base.ends_with("f") && base != "fabs" && math.count(base.drop_back()))
    base = base.drop_back();
  if (auto it = math.find(base); it != math.end() && !fd->hasBody()) {
    SmallVector<Value> a;
    if (!argsOf(a))
      return nullptr;
    switch (it->second) {
    case 1: return math::SqrtOp::create(b, l, a[0]);
    case 2: return math::AbsFOp::create(b, l, a[0]);
    case 3: return math::ExpOp::create(b, l, a[0]);
    case 4: return math::LogOp::create(b, l, a[0]);
    case 5: return math::SinOp::create(b, l, a[0]);
    case 6: return math::CosOp::create(b, l, a[0]);
    case 7: return math::PowFOp::create(b, l, a[0], a[1]);
    case 8: return math::FloorOp::create(b, l, a[0]);
    case 9: return math::CeilOp::create(b, l, a[0]);
    case 10: return arith::MaxNumFOp::create(b, l, a[0], a[1]);
    case 11: return arith::MinNumFOp::create(b, l, a[0], a[1]);
    case 12: return math::Log10Op::create(b, l, a[0]);
    case 13: return math::Log2Op::create(b, l, a[0]);
    case 14: return math::RoundOp::create(b, l, a[0]);
    case 15: return math::TruncOp::create(b, l, a[0]);
    default: return math::AbsIOp::create(b, l, a[0]);
    }
  }
  // Functions of this file.
  if (const c::FunctionDecl *def = fd->getDefinition()) {
    auto it = funcOps.find(def);
    if (it == funcOps.end())
      return nullptr; // reported with its declaration
    // (A task on a whole declared node set, `task on p`, runs it on p's
    // nodes, which the collectives without `on` take too.)
    auto partTask = [&]() {
      if (taskNodes.empty())
        return false;
      auto set = module.lookupSymbol<xmpd::NodesOp>(taskNodes.back().set);
      return !set || set.getParentAttr();
    };
    bool inLoop =
        llvm::any_of(loops, [](const LoopCtx &lc) { return lc.xmpLoop; });
    if (auto ec = executesCollective.find(def);
        ec != executesCollective.end() && inLoop) {
      diag.unsupported(
          ce->getBeginLoc(),
          "calling '" + name.str() + "' in the body of a loop directive: "
              "it executes " + ec->second.second + " at " +
              positionText(ec->second.first) +
              ", and the nodes run different numbers of iterations (they "
              "would wait for each other forever)");
      return nullptr;
    }
    const std::pair<c::SourceLocation, std::string> *what = nullptr;
    if (auto c1 = executesCollective.find(def); c1 != executesCollective.end())
      what = &c1->second;
    else if (auto c2 = executesInquiry.find(def); c2 != executesInquiry.end())
      what = &c2->second;
    if (what && partTask()) {
      diag.unsupported(
          ce->getBeginLoc(),
          "calling '" + name.str() + "' inside a task: it executes " +
              what->second + " at " + positionText(what->first) +
              ", whose nodes would be the task's executing nodes, and "
              "xmp-cfront does not pass a task's node set into the "
              "functions it calls (the task's nodes alone would run it: "
              "move it into the task's body)");
      return nullptr;
    }
    // OpenACC's data constructs nest by presence (present_or_copy): a
    // callee's data construct of an array that is already present would
    // be a second region copying it again.
    for (const c::VarDecl *vd : accDataArrays.lookup(def))
      if (gpu && accPresentHere(vd)) {
        diag.unsupported(ce->getBeginLoc(),
                         "calling '" + name.str() + "', which has an acc "
                         "data construct of '" + vd->getName().str() +
                         "', inside an acc data construct of it (nested data "
                         "regions of an array across calls)");
        return nullptr;
      }
    SmallVector<Value> a;
    unsigned i = 0;
    for (const c::Expr *ae : ce->arguments()) {
      const c::ParmVarDecl *pd = def->getParamDecl(i++);
      if (auto it = arrayParams.find(pd); it != arrayParams.end()) {
        Value m = arrayArgument(ae, pd, it->second);
        if (!m)
          return nullptr;
        a.push_back(m);
        continue;
      }
      Value v = emitExpr(ae);
      if (!v)
        return nullptr;
      a.push_back(convert(v, ae->getType(), pd->getType(), l));
    }
    for (const c::VarDecl *vd : hidden[def]) {
      auto st = storageOf(vd, ce->getBeginLoc());
      if (!st)
        return nullptr;
      a.push_back(st->v);
    }
    auto call = func::CallOp::create(b, l, it->second, a);
    return call.getNumResults() ? call.getResult(0) : Value();
  }
  // External C functions (printf, atoi, exit, libm, ...): called through
  // their C symbol, scalar and char* arguments only.
  if (allocaBlock)
    return notOnDevice();
  SmallVector<Type> params;
  for (const c::ParmVarDecl *p : fd->parameters()) {
    Type t = scalarType(p->getType(), ce->getBeginLoc());
    if (!t)
      return nullptr;
    params.push_back(t);
  }
  SmallVector<Value> a;
  if (!argsOf(a))
    return nullptr;
  auto ft = LLVM::LLVMFunctionType::get(
      rt ? rt : LLVM::LLVMVoidType::get(&ctx), params, fd->isVariadic());
  LLVM::LLVMFuncOp f = externFunc(name, ft);
  if (f.getFunctionType() != ft) {
    diag.unsupported(ce->getBeginLoc(), "calling '" + name.str() +
                                            "' with two different types");
    return nullptr;
  }
  auto call = LLVM::CallOp::create(b, l, f, a);
  return rt ? call.getResult() : Value();
}

Value Emitter::emitIncDec(const c::UnaryOperator *uo) {
  Location l = loc(uo->getBeginLoc());
  auto lv = emitLValue(uo->getSubExpr());
  if (!lv)
    return nullptr;
  if (lv->kind == LValue::RO) {
    diag.unsupported(uo->getBeginLoc(),
                     "modifying a loop variable of an xmp loop or argv");
    return nullptr;
  }
  Value old = load(*lv, l);
  Type t = old.getType();
  Value one = isa<FloatType>(t) ? cFloat(t, 1.0, l) : cInt(t, 1, l);
  Value nv;
  if (uo->isIncrementOp())
    nv = isa<FloatType>(t) ? arith::AddFOp::create(b, l, old, one).getResult()
                           : arith::AddIOp::create(b, l, old, one).getResult();
  else
    nv = isa<FloatType>(t) ? arith::SubFOp::create(b, l, old, one).getResult()
                           : arith::SubIOp::create(b, l, old, one).getResult();
  store(*lv, nv, l);
  return uo->isPrefix() ? nv : old;
}

Value Emitter::emitCompoundAssign(const c::CompoundAssignOperator *ca) {
  Location l = loc(ca->getOperatorLoc());
  Value r = emitExpr(ca->getRHS());
  auto lv = emitLValue(ca->getLHS());
  if (!r || !lv)
    return nullptr;
  if (lv->kind == LValue::RO) {
    diag.unsupported(ca->getBeginLoc(),
                     "modifying a loop variable of an xmp loop or argv");
    return nullptr;
  }
  c::QualType lt = ca->getLHS()->getType();
  c::QualType ct = ca->getComputationLHSType();
  c::QualType rt = ca->getComputationResultType();
  Value old = load(*lv, l);
  Value a = convert(old, lt, ct, l);
  c::BinaryOperatorKind op =
      c::BinaryOperator::getOpForCompoundAssignment(ca->getOpcode());
  if (op != c::BO_Shl && op != c::BO_Shr)
    r = convert(r, ca->getRHS()->getType(), ct, l);
  else
    r = convert(r, ca->getRHS()->getType(), ct, l);
  if (!a || !r)
    return nullptr;
  Value res = arith2(op, a, r, ct, l, ca);
  if (!res)
    return nullptr;
  res = convert(res, rt, lt, l);
  store(*lv, res, l);
  return res;
}

Value Emitter::emitExpr(const c::Expr *e) {
  if (failed() || misusesPointerDArray(e))
    return nullptr;
  Location l = loc(e->getBeginLoc());
  // Integer constant expressions (macros, enumerators, sizeof, ...).
  if (e->getType()->isIntegerType() && !e->isValueDependent() &&
      !e->HasSideEffects(actx)) {
    c::Expr::EvalResult r;
    if (e->EvaluateAsInt(r, actx) &&
        !isa<c::DeclRefExpr>(e->IgnoreParenImpCasts()) ) {
      Type t = scalarType(e->getType(), e->getBeginLoc());
      if (!t)
        return nullptr;
      return cInt(t, r.Val.getInt().getSExtValue(), l);
    }
  }
  if (const auto *p = dyn_cast<c::ParenExpr>(e))
    return emitExpr(p->getSubExpr());
  if (const auto *il = dyn_cast<c::IntegerLiteral>(e)) {
    Type t = scalarType(e->getType(), e->getBeginLoc());
    return t ? cInt(t, il->getValue().getSExtValue(), l) : nullptr;
  }
  if (const auto *fl = dyn_cast<c::FloatingLiteral>(e)) {
    Type t = scalarType(e->getType(), e->getBeginLoc());
    return t ? cFloat(t, fl->getValueAsApproximateDouble(), l) : nullptr;
  }
  if (const auto *cl = dyn_cast<c::CharacterLiteral>(e)) {
    Type t = scalarType(e->getType(), e->getBeginLoc());
    return t ? cInt(t, cl->getValue(), l) : nullptr;
  }
  if (const auto *r = dyn_cast<c::DeclRefExpr>(e)) {
    if (const auto *ec = dyn_cast<c::EnumConstantDecl>(r->getDecl())) {
      Type t = scalarType(e->getType(), e->getBeginLoc());
      return t ? cInt(t, ec->getInitVal().getSExtValue(), l) : nullptr;
    }
  }
  if (const auto *ce = dyn_cast<c::CastExpr>(e)) {
    const c::Expr *sub = ce->getSubExpr();
    switch (ce->getCastKind()) {
    case c::CK_LValueToRValue: {
      auto lv = emitLValue(sub);
      if (!lv)
        return nullptr;
      if ((lv->kind == LValue::Mem || lv->kind == LValue::DArr) &&
          lv->idx.size() !=
              (lv->kind == LValue::Mem
                   ? (size_t)cast<MemRefType>(lv->base.getType()).getRank()
                   : (size_t)cast<xmpd::DArrayType>(lv->base.getType())
                         .getRank())) {
        diag.unsupported(e->getBeginLoc(), "using an array as a value");
        return nullptr;
      }
      return load(*lv, l);
    }
    case c::CK_NoOp:
    case c::CK_ToVoid:
      return emitExpr(sub);
    case c::CK_IntegralCast:
    case c::CK_IntegralToFloating:
    case c::CK_FloatingToIntegral:
    case c::CK_FloatingCast:
    case c::CK_IntegralToBoolean:
    case c::CK_FloatingToBoolean:
    case c::CK_BooleanToSignedIntegral: {
      Value v = emitExpr(sub);
      if (!v)
        return nullptr;
      if (ce->getCastKind() == c::CK_BooleanToSignedIntegral) {
        Type t = scalarType(e->getType(), e->getBeginLoc());
        return t ? arith::ExtSIOp::create(b, l, t, toBool(v, l)).getResult()
                 : nullptr;
      }
      return convert(v, sub->getType(), e->getType(), l);
    }
    case c::CK_ArrayToPointerDecay:
      if (const auto *sl = dyn_cast<c::StringLiteral>(sub->IgnoreParens()))
        return stringLiteral(sl, l);
      break;
    case c::CK_FunctionToPointerDecay:
    case c::CK_BuiltinFnToFnPtr:
      break;
    default:
      break;
    }
    if (isa<c::CStyleCastExpr>(e) && e->getType()->isVoidType())
      return emitExpr(sub);
    diag.unsupported(e->getBeginLoc(), std::string("the conversion '") +
                                           ce->getCastKindName() + "'");
    return nullptr;
  }
  if (const auto *ca = dyn_cast<c::CompoundAssignOperator>(e))
    return emitCompoundAssign(ca);
  if (const auto *bo = dyn_cast<c::BinaryOperator>(e)) {
    c::BinaryOperatorKind op = bo->getOpcode();
    if (op == c::BO_Assign) {
      Value v = emitExpr(bo->getRHS());
      auto lv = emitLValue(bo->getLHS());
      if (!v || !lv)
        return nullptr;
      if (lv->kind == LValue::RO) {
        diag.unsupported(bo->getBeginLoc(),
                         "assigning to a loop variable of an xmp loop or argv");
        return nullptr;
      }
      v = convert(v, bo->getRHS()->getType(), bo->getLHS()->getType(), l);
      store(*lv, v, l);
      return v;
    }
    if (op == c::BO_Comma) {
      emitExpr(bo->getLHS());
      return emitExpr(bo->getRHS());
    }
    Type rt = scalarType(e->getType(), e->getBeginLoc());
    if (!rt)
      return nullptr;
    if (bo->isComparisonOp() || bo->isLogicalOp()) {
      Value c2 = emitCond(e);
      return c2 ? arith::ExtUIOp::create(b, l, rt, c2).getResult() : nullptr;
    }
    if (bo->getLHS()->getType()->isPointerType() ||
        bo->getRHS()->getType()->isPointerType()) {
      diag.unsupported(e->getBeginLoc(), "pointer arithmetic");
      return nullptr;
    }
    Value a = emitExpr(bo->getLHS()), c2 = emitExpr(bo->getRHS());
    if (!a || !c2)
      return nullptr;
    if (op == c::BO_Shl || op == c::BO_Shr)
      c2 = convert(c2, bo->getRHS()->getType(), e->getType(), l);
    if (bo->getOpcode() == c::BO_Rem && isa<FloatType>(a.getType()))
      return nullptr;
    return arith2(op, a, c2, e->getType(), l, e);
  }
  if (const auto *uo = dyn_cast<c::UnaryOperator>(e)) {
    switch (uo->getOpcode()) {
    case c::UO_PreInc:
    case c::UO_PreDec:
    case c::UO_PostInc:
    case c::UO_PostDec:
      return emitIncDec(uo);
    case c::UO_Plus:
      return emitExpr(uo->getSubExpr());
    case c::UO_Minus: {
      Value v = emitExpr(uo->getSubExpr());
      if (!v)
        return nullptr;
      if (isa<FloatType>(v.getType()))
        return arith::NegFOp::create(b, l, v);
      return arith::SubIOp::create(b, l, zeroOf(v.getType(), l), v);
    }
    case c::UO_Not: {
      Value v = emitExpr(uo->getSubExpr());
      return v ? arith::XOrIOp::create(b, l, v, cInt(v.getType(), -1, l))
                     .getResult()
               : nullptr;
    }
    case c::UO_LNot: {
      Value c2 = emitCond(e);
      Type rt = scalarType(e->getType(), e->getBeginLoc());
      return c2 && rt ? arith::ExtUIOp::create(b, l, rt, c2).getResult()
                      : nullptr;
    }
    default:
      diag.unsupported(e->getBeginLoc(),
                       std::string("the operator '") +
                           c::UnaryOperator::getOpcodeStr(uo->getOpcode()).str() +
                           "' (pointers)");
      return nullptr;
    }
  }
  if (const auto *co = dyn_cast<c::ConditionalOperator>(e)) {
    Value cnd = emitCond(co->getCond());
    Type rt = scalarType(e->getType(), e->getBeginLoc());
    if (!cnd || !rt)
      return nullptr;
    auto ifOp = scf::IfOp::create(b, l, TypeRange{rt}, cnd, true, true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value t = convert(emitExpr(co->getTrueExpr()),
                      co->getTrueExpr()->getType(), e->getType(), l);
    scf::YieldOp::create(b, l, ValueRange{t ? t : zeroOf(rt, l)});
    b.setInsertionPointToStart(ifOp.elseBlock());
    Value f = convert(emitExpr(co->getFalseExpr()),
                      co->getFalseExpr()->getType(), e->getType(), l);
    scf::YieldOp::create(b, l, ValueRange{f ? f : zeroOf(rt, l)});
    return failed() ? nullptr : ifOp.getResult(0);
  }
  if (const auto *call = dyn_cast<c::CallExpr>(e)) {
    Value v = emitCall(call);
    if (!v && !failed() && !call->getType()->isVoidType())
      return nullptr;
    // A void call has no value; return a dummy for expression statements.
    if (!v && !failed())
      return cInt(b.getI1Type(), 0, l);
    return v;
  }
  if (isa<c::StringLiteral>(e)) {
    diag.unsupported(e->getBeginLoc(), "a string outside a call argument");
    return nullptr;
  }
  diag.unsupported(e->getBeginLoc(), std::string("the expression '") +
                                         e->getStmtClassName() + "'");
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Template lower bounds, template_fix, gblock, xmp_malloc
// (docs/frontend.md, "Templates: lower bounds, template_fix, gblock")
//===----------------------------------------------------------------------===//

Value Emitter::addIndex(Value v, int64_t c, Location l) {
  if (c == 0)
    return v;
  if (auto k = getConstantIntValue(v))
    return cIndex(*k + c, l);
  if (auto add = v.getDefiningOp<arith::AddIOp>())
    if (auto k = getConstantIntValue(add.getRhs())) {
      if (*k + c == 0)
        return add.getLhs();
      return arith::AddIOp::create(b, l, add.getLhs(), cIndex(*k + c, l));
    }
  return arith::AddIOp::create(b, l, v, cIndex(c, l));
}

void Emitter::rebaseIndices(const c::VarDecl *vd, SmallVectorImpl<Value> &idx,
                            Location l) {
  auto it = darrays.find(vd);
  if (it == darrays.end())
    return;
  const DistInfo &di = it->second;
  for (auto [d, i] : llvm::enumerate(idx)) {
    if (d < di.dynBase.size() && di.dynBase[d]) {
      // i - (lb - c): an index of a loop on the template gives back the
      // loop's (dialect) index plus c.
      i = addIndex(subLower(i, di.tmpl, di.align[d], l), di.alignC[d], l);
      continue;
    }
    i = addIndex(i, -di.base[d], l);
  }
}

static std::string lowerGlobalName(StringRef tname, unsigned tdim) {
  return ("__xmp_lb_" + tname + "_" + Twine(tdim)).str();
}

Value Emitter::templateLowerValue(StringRef tname, unsigned tdim, Location l) {
  if (!lowerIsDyn(tname, tdim))
    return cIndex(templateLower(tname, tdim), l);
  std::pair<std::string, unsigned> key(tname.str(), tdim);
  LowerScope *scope = lowerScopes.empty() ? nullptr : &lowerScopes.back();
  if (scope)
    if (auto it = scope->values.find(key); it != scope->values.end())
      return it->second;
  OpBuilder::InsertionGuard g(b);
  if (scope && scope->anchor)
    b.setInsertionPoint(scope->anchor);
  auto mt = MemRefType::get({}, b.getI64Type());
  Value m = memref::GetGlobalOp::create(b, l, mt, lowerGlobalName(tname, tdim));
  Value v = memref::LoadOp::create(b, l, m, ValueRange{});
  v = arith::IndexCastOp::create(b, l, b.getIndexType(), v);
  lowerOf[v] = key;
  if (scope)
    scope->values[key] = v;
  return v;
}

Value Emitter::subLower(Value v, StringRef tname, unsigned tdim, Location l) {
  if (!lowerIsDyn(tname, tdim))
    return addIndex(v, -templateLower(tname, tdim), l);
  std::pair<std::string, unsigned> key(tname.str(), tdim);
  // x + lb -> x; (x + lb) + c -> x + c, (x + lb) - c -> x - c: any load of
  // the template's lower bound is the same value (its global is written
  // by the template's template_fix, which runs once).
  std::function<Value(Value)> fold = [&](Value x) -> Value {
    if (auto add = x.getDefiningOp<arith::AddIOp>()) {
      for (auto [u, w] : {std::pair(add.getLhs(), add.getRhs()),
                          std::pair(add.getRhs(), add.getLhs())})
        if (auto it = lowerOf.find(w); it != lowerOf.end() && it->second == key)
          return u;
      if (auto k = getConstantIntValue(add.getRhs()))
        if (Value r = fold(add.getLhs()))
          return addIndex(r, *k, l);
    }
    if (auto sub = x.getDefiningOp<arith::SubIOp>())
      if (auto k = getConstantIntValue(sub.getRhs()))
        if (Value r = fold(sub.getLhs()))
          return addIndex(r, -*k, l);
    return nullptr;
  };
  if (Value r = fold(v))
    return r;
  return arith::SubIOp::create(b, l, v, templateLowerValue(tname, tdim, l));
}

Value Emitter::baseValue(const DistInfo &di, unsigned d, Location l) {
  if (d >= di.dynBase.size() || !di.dynBase[d])
    return cIndex(di.base[d], l);
  return addIndex(templateLowerValue(di.tmpl, di.align[d], l), -di.alignC[d],
                  l);
}

/// Whether a directive expression names a variable.
static bool namesVariable(const DExpr &e) {
  return e.kind == DExpr::Name || (e.lhs && namesVariable(*e.lhs)) ||
         (e.rhs && namesVariable(*e.rhs));
}

/// XMP's spelling of a distribution format.
static std::string distText(xmpd::DistAttr f) {
  switch (f.getKind()) {
  case xmpd::DistKind::none:
    return "*";
  case xmpd::DistKind::block:
    return "block";
  case xmpd::DistKind::blockn:
    return "block(" + std::to_string(f.getWidth()) + ")";
  case xmpd::DistKind::cyclic:
    return f.getWidth() == 1 ? "cyclic"
                             : "cyclic(" + std::to_string(f.getWidth()) + ")";
  case xmpd::DistKind::gblock:
    return f.isGBlockStar() ? "gblock(*)" : "gblock(...)";
  }
  return "?";
}

Emitter::FixInfo &Emitter::parseFix(Directive &d) {
  auto [it, fresh] = fixes.try_emplace(&d);
  FixInfo &fi = it->second;
  if (!fresh)
    return fi;
  TokCursor tc(d, diag);
  // (dist-format, ...): Fortran order, as distribute's parenthesized form.
  if (tc.accept(c::tok::l_paren)) {
    fi.haveFormats = true;
    do {
      FixFormat f;
      f.loc = tc.loc();
      if (tc.accept(c::tok::star)) {
        f.attr = xmpd::DistAttr::get(&ctx, xmpd::DistKind::none, 1, {});
      } else {
        auto kind = tc.name("a distribution format");
        if (!kind)
          return fi;
        if (*kind == "gblock") {
          if (!tc.expect(c::tok::l_paren, "'(' after gblock"))
            return fi;
          if (tc.is(c::tok::star)) {
            diag.error(tc.loc(), "'gblock(*)' in '#pragma xmp template_fix': "
                                 "template_fix gives the block sizes, "
                                 "gblock(m) with m an integer array");
            return fi;
          }
          auto m = tc.name("an integer array in gblock(...)");
          if (!m || !tc.expect(c::tok::r_paren, "')'"))
            return fi;
          f.gblockArray = *m;
        } else if (*kind == "block" || *kind == "cyclic") {
          f.attr = parseBlockCyclic(tc, diag, &ctx, *kind);
          if (!f.attr)
            return fi;
        } else {
          diag.error(f.loc, "unknown distribution format '" + *kind + "'");
          return fi;
        }
      }
      fi.formats.push_back(std::move(f));
    } while (tc.accept(c::tok::comma));
    if (!tc.expect(c::tok::r_paren, "')'"))
      return fi;
    std::reverse(fi.formats.begin(), fi.formats.end());
  }
  fi.tloc = tc.loc();
  auto name = tc.name("a template name");
  if (!name)
    return fi;
  fi.tmpl = *name;
  if (tc.is(c::tok::l_paren) || tc.is(c::tok::l_square)) {
    fi.haveSpecs = true;
    auto paren = parseDims(tc, [&]() -> bool {
      FixSpec sp;
      sp.loc = tc.loc();
      auto e = tc.expr();
      if (!e)
        return false;
      if (tc.accept(c::tok::colon)) {
        sp.lo = std::move(e);
        sp.hi = tc.expr();
        if (!sp.hi)
          return false;
      } else {
        sp.hi = std::move(e);
      }
      fi.specs.push_back(std::move(sp));
      return true;
    });
    if (!paren)
      return fi;
    if (*paren)
      std::reverse(fi.specs.begin(), fi.specs.end());
  }
  fi.ok = tc.expectEnd();
  return fi;
}

void Emitter::deferredLowerBounds(StringRef name, TemplateInfo &ti) {
  // The lower bounds of the `:` dimensions come from the template's
  // template_fix directives. Constants that agree stay compile-time
  // constants (the arrays aligned with the template get static offsets,
  // nothing is loaded: the code of a template declared with them). A
  // run-time value, or constants that differ, make the dimension's lower
  // bound a run-time value: every template_fix stores its own in a global
  // that the uses load (a template is fixed once at run time, a second
  // xmp.template_fix stops the program, so the one that ran gives it).
  ti.lowerDyn.assign(ti.shape.size(), false);
  SmallVector<std::optional<int64_t>> seen(ti.shape.size());
  for (Directive &d : dirs) {
    if (d.name != "template_fix")
      continue;
    FixInfo &fi = parseFix(d);
    if (!fi.ok || fi.tmpl != name || fi.specs.size() != ti.shape.size())
      continue; // no sizes, or the wrong number: reported where it runs
    for (unsigned k = 0; k < ti.shape.size(); ++k) {
      const FixSpec &sp = fi.specs[k];
      if (!ShapedType::isDynamic(ti.shape[k]))
        continue;
      if (sp.lo && namesVariable(*sp.lo)) {
        ti.lowerDyn[k] = true;
        continue;
      }
      int64_t lo = 0;
      if (sp.lo) {
        auto v = evalConst(*sp.lo, diag);
        if (!v)
          continue;
        lo = *v;
      }
      if (seen[k] && *seen[k] != lo)
        ti.lowerDyn[k] = true;
      seen[k] = lo;
      ti.lower[k] = lo;
    }
  }
  auto mt = MemRefType::get({}, b.getI64Type());
  for (unsigned k = 0; k < ti.shape.size(); ++k)
    if (ti.lowerDyn[k])
      memref::GlobalOp::create(
          b, loc(ti.loc), lowerGlobalName(name, k), b.getStringAttr("private"),
          mt,
          DenseElementsAttr::get(RankedTensorType::get({}, b.getI64Type()),
                                 b.getI64IntegerAttr(0).getValue()),
          /*constant=*/false, IntegerAttr());
}

int64_t Emitter::gridAxisSize(const TemplateInfo &ti, unsigned tdim) {
  // The distributed dimensions take the grid axes in order.
  unsigned axis = llvm::count(ArrayRef<bool>(ti.split).take_front(tdim), true);
  auto it = nodes.find(ti.nodes);
  if (it == nodes.end() || axis >= it->second.shape.size())
    return ShapedType::kDynamic;
  return it->second.shape[axis];
}

std::optional<SmallVector<int64_t>>
Emitter::gblockSizes(StringRef name, c::SourceLocation sl) {
  const c::VarDecl *vd = globalVar(name);
  const c::ConstantArrayType *cat =
      vd ? actx.getAsConstantArrayType(vd->getType()) : nullptr;
  const c::APValue *v = cat && cat->getElementType()->isIntegerType() &&
                                vd->hasInit()
                            ? vd->evaluateValue()
                            : nullptr;
  if (!v || !v->isArray()) {
    diag.error(sl, "gblock(" + name.str() +
                       ") in '#pragma xmp distribute': '" + name.str() +
                       "' must be a file-scope integer array with an "
                       "initializer (its initial values are the block "
                       "sizes; gblock(*) leaves them to template_fix)");
    return std::nullopt;
  }
  SmallVector<int64_t> sizes;
  for (uint64_t i = 0; i < cat->getSize().getZExtValue(); ++i) {
    const c::APValue &e = i < v->getArrayInitializedElts()
                              ? v->getArrayInitializedElt(i)
                              : v->getArrayFiller();
    sizes.push_back(e.getInt().getSExtValue());
  }
  return sizes;
}

bool Emitter::checkGBlock(ArrayRef<int64_t> sizes, StringRef tname,
                          unsigned tdim, int64_t axisSize, int64_t tsize,
                          c::SourceLocation sl) {
  std::string what = "the gblock sizes of dimension " + std::to_string(tdim) +
                     " (C order) of template '" + tname.str() + "'";
  for (auto [i, s] : llvm::enumerate(sizes))
    if (s < 0) {
      diag.error(sl, what + " must not be negative (entry " +
                         std::to_string(i) + " is " + std::to_string(s) + ")");
      return false;
    }
  if (!ShapedType::isDynamic(axisSize) && (int64_t)sizes.size() != axisSize) {
    diag.error(sl, what + ": " + std::to_string(sizes.size()) +
                       " sizes for the " + std::to_string(axisSize) +
                       " nodes of its node set dimension (one size per node)");
    return false;
  }
  int64_t sum = 0;
  for (int64_t s : sizes)
    if (__builtin_add_overflow(sum, s, &sum)) {
      diag.error(sl, what + " overflow 64 bits");
      return false;
    }
  if (!ShapedType::isDynamic(tsize) && sum != tsize) {
    diag.error(sl, what + " sum to " + std::to_string(sum) +
                       ", but the dimension has " + std::to_string(tsize) +
                       " elements");
    return false;
  }
  return true;
}

Value Emitter::gblockMemref(const FixFormat &f, int64_t axisSize) {
  Location l = loc(f.loc);
  const c::VarDecl *vd = lookupName(f.gblockArray);
  const c::ConstantArrayType *cat =
      vd ? actx.getAsConstantArrayType(vd->getType()) : nullptr;
  if (!cat || !cat->getElementType()->isIntegerType()) {
    diag.error(f.loc, "gblock(" + f.gblockArray +
                          ") in '#pragma xmp template_fix': '" +
                          f.gblockArray +
                          "' must be a one-dimensional integer array (one "
                          "block size per node)");
    return nullptr;
  }
  int64_t n = cat->getSize().getZExtValue();
  if (!ShapedType::isDynamic(axisSize) && n != axisSize) {
    diag.error(f.loc, "gblock(" + f.gblockArray + ") in '#pragma xmp "
                      "template_fix' has " + std::to_string(n) +
                          " sizes for the " + std::to_string(axisSize) +
                          " nodes of its node set dimension (one size per "
                          "node)");
    return nullptr;
  }
  auto st = storageOf(vd, f.loc);
  if (!st)
    return nullptr;
  Value src = memrefOf(*st, l);
  // The runtime takes 64-bit sizes: a copy, converted.
  Value dst = allocaAtEntry(MemRefType::get({n}, b.getI64Type()), l);
  auto forOp = scf::ForOp::create(b, l, cIndex(0, l), cIndex(n, l),
                                  cIndex(1, l));
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(forOp.getBody());
    Value i = forOp.getInductionVar();
    Value v = memref::LoadOp::create(b, l, src, ValueRange{i});
    v = convert(v, cat->getElementType(), actx.LongTy, l);
    memref::StoreOp::create(b, l, v, dst, ValueRange{i});
  }
  return dst;
}

void Emitter::emitTemplateFix(Directive &d) {
  FixInfo &fi = parseFix(d);
  if (!fi.ok)
    return;
  auto tit = templates.find(fi.tmpl);
  if (tit == templates.end()) {
    diag.error(fi.tloc, "'" + fi.tmpl + "' is not a template");
    return;
  }
  TemplateInfo &ti = tit->second;
  const std::string tq = "template '" + fi.tmpl + "'";
  if (ti.nodes.empty()) {
    diag.error(fi.tloc, tq + " is not distributed: '#pragma xmp "
                             "template_fix' needs its distribute directive "
                             "(the node set comes from it)");
    return;
  }
  if (!taskNodes.empty() ||
      llvm::any_of(loops, [](const LoopCtx &lc) { return lc.xmpLoop; })) {
    diag.unsupported(d.loc, "'#pragma xmp template_fix' inside a task or a "
                            "loop directive (it is collective over every "
                            "node)");
    return;
  }
  unsigned rank = ti.shape.size();
  bool deferred = llvm::is_contained(ti.shape, ShapedType::kDynamic);
  SmallVector<unsigned> stars;
  for (unsigned k = 0; k < rank; ++k)
    if (ti.formats[k].isGBlockStar())
      stars.push_back(k);
  if (!deferred && stars.empty()) {
    diag.error(fi.tloc, tq + " has a fixed shape and no gblock(*) "
                             "distribution: '#pragma xmp template_fix' has "
                             "nothing to give it");
    return;
  }
  // The formats: the distribute directive's, gblock(m) for its gblock(*).
  if (fi.haveFormats) {
    if (fi.formats.size() != rank) {
      diag.error(d.nameLoc, "'#pragma xmp template_fix' gives " +
                                std::to_string(fi.formats.size()) +
                                " formats for the " + std::to_string(rank) +
                                "-dimensional " + tq);
      return;
    }
    for (unsigned k = 0; k < rank; ++k) {
      const FixFormat &f = fi.formats[k];
      xmpd::DistAttr decl = ti.formats[k];
      if (decl.isGBlockStar() && f.gblockArray.empty()) {
        diag.error(f.loc, "this dimension of " + tq +
                              " is distributed gblock(*): "
                              "'#pragma xmp template_fix' gives gblock(m) "
                              "there");
        return;
      }
      if (!decl.isGBlockStar() &&
          (!f.gblockArray.empty() || *f.attr != decl)) {
        diag.error(f.loc,
                   "'#pragma xmp template_fix' gives " +
                       (f.gblockArray.empty() ? "'" + distText(*f.attr) + "'"
                                              : "'gblock(" + f.gblockArray +
                                                    ")'") +
                       " where the distribute directive of " + tq +
                       " gives '" + distText(decl) +
                       "' (a template keeps the distribution of its "
                       "distribute directive; template_fix gives only the "
                       "sizes of gblock(*))");
        return;
      }
    }
  } else if (!stars.empty()) {
    diag.error(d.nameLoc, tq + " is distributed gblock(*): "
                              "'#pragma xmp template_fix' must give its "
                              "block sizes ('template_fix(gblock(m)) " +
                              fi.tmpl + "(...)')");
    return;
  }
  // The sizes of the `:` dimensions (XMP's lower:upper, or a size).
  SmallVector<Value> sizes;
  Location l = loc(d.loc);
  if (!fi.haveSpecs && deferred) {
    diag.error(fi.tloc, "'#pragma xmp template_fix' must give the sizes of "
                        "the ':' dimensions of " + tq);
    return;
  }
  if (fi.haveSpecs && fi.specs.size() != rank) {
    diag.error(fi.tloc, "'#pragma xmp template_fix' gives " +
                            std::to_string(fi.specs.size()) +
                            " dimensions for the " + std::to_string(rank) +
                            "-dimensional " + tq);
    return;
  }
  for (unsigned k = 0; fi.haveSpecs && k < rank; ++k) {
    const FixSpec &sp = fi.specs[k];
    if (ShapedType::isDynamic(ti.shape[k]) && ti.lowerDyn[k]) {
      // A run-time lower bound: its value (0 for a size) goes to the
      // template's global, read by every use of the bound.
      Value lo = sp.lo ? emitDExpr(*sp.lo) : cIndex(0, l);
      Value hi = emitDExpr(*sp.hi);
      if (!lo || !hi)
        return;
      sizes.push_back(
          sp.lo ? addIndex(arith::SubIOp::create(b, l, hi, lo), 1, l) : hi);
      Value g =
          memref::GetGlobalOp::create(b, l, MemRefType::get({}, b.getI64Type()),
                                      lowerGlobalName(fi.tmpl, k));
      memref::StoreOp::create(
          b, l, arith::IndexCastOp::create(b, l, b.getI64Type(), lo), g,
          ValueRange{});
      continue;
    }
    if (ShapedType::isDynamic(ti.shape[k])) {
      Value hi = emitDExpr(*sp.hi);
      if (!hi)
        return;
      // lower:upper has upper - lower + 1 elements; a size is one.
      sizes.push_back(sp.lo ? addIndex(hi, 1 - ti.lower[k], l) : hi);
      continue;
    }
    // A dimension the declaration fixed: the same bounds again.
    std::optional<int64_t> lo = 0, hi;
    if (sp.lo && namesVariable(*sp.lo))
      lo = std::nullopt;
    else if (sp.lo)
      lo = evalConst(*sp.lo, diag);
    if (!namesVariable(*sp.hi))
      hi = evalConst(*sp.hi, diag);
    if (hi && !sp.lo)
      hi = *hi - 1;
    if (!lo || !hi || *lo != ti.lower[k] ||
        *hi != ti.lower[k] + ti.shape[k] - 1) {
      diag.error(sp.loc, "this dimension of " + tq + " is declared " +
                             std::to_string(ti.lower[k]) + ":" +
                             std::to_string(ti.lower[k] + ti.shape[k] - 1) +
                             ": '#pragma xmp template_fix' must give the "
                             "same constant bounds (only ':' dimensions "
                             "take their sizes here)");
      return;
    }
  }
  SmallVector<Value> gblocks;
  for (unsigned k : stars) {
    Value m = gblockMemref(fi.formats[k], gridAxisSize(ti, k));
    if (!m)
      return;
    gblocks.push_back(m);
  }
  xmpd::TemplateFixOp::create(b, l, fi.tmpl, sizes, gblocks);
  memref::StoreOp::create(b, l, arith::ConstantIntOp::create(b, l, 1, 8),
                          templateFixedFlag(fi.tmpl, l), ValueRange{});
}

bool Emitter::needsTemplateFix(StringRef tname) {
  auto it = templates.find(tname);
  return it != templates.end() &&
         (llvm::is_contained(it->second.shape, ShapedType::kDynamic) ||
          llvm::any_of(it->second.formats,
                       [](xmpd::DistAttr f) { return f.isGBlockStar(); }));
}

Value Emitter::templateFixedFlag(StringRef tname, Location l) {
  std::string sym = "__xmp_fixed_" + tname.str();
  auto mt = MemRefType::get({}, b.getI8Type());
  if (!module.lookupSymbol(sym)) {
    OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
    memref::GlobalOp::create(
        mb, l, sym, mb.getStringAttr("private"), mt,
        DenseElementsAttr::get(RankedTensorType::get({}, mb.getI8Type()),
                               mb.getI8IntegerAttr(0).getValue()),
        /*constant=*/false, IntegerAttr());
  }
  return memref::GetGlobalOp::create(b, l, mt, sym);
}

std::optional<SmallVector<int64_t>>
Emitter::alignedShape(const c::VarDecl *vd, c::SourceLocation sl,
                      bool &pointer) {
  const auto *pt = vd->getType()->getAs<c::PointerType>();
  pointer = pt != nullptr;
  if (!pt)
    return arrayShape(vd->getType(), sl);
  // double *a; double (*a)[M]: allocated by xmp_malloc, `?` x M.
  auto rest = arrayShape(pt->getPointeeType(), sl);
  if (!rest)
    return std::nullopt;
  if (actx.getBaseElementType(pt->getPointeeType())->isPointerType()) {
    diag.unsupported(sl, "aligning a pointer to pointers");
    return std::nullopt;
  }
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  shape.append(rest->begin(), rest->end());
  return shape;
}

std::optional<SmallVector<int64_t>>
Emitter::placeOnTemplate(const c::VarDecl *vd, DistInfo &di,
                         ArrayRef<int64_t> cshape) {
  // a[k] sits on t(k + c), t's dimension starting at lb: on the dialect's
  // index k + c - lb. C arrays start at 0; the elements below
  // k0 = max(0, lb - c) are aligned before the template and are not part
  // of the distributed array, whose element 0 is a[k0].
  const TemplateInfo &ti = templates[di.tmpl];
  std::string name = vd->getName().str();
  if (!di.pointer &&
      (llvm::is_contained(ti.shape, ShapedType::kDynamic) ||
       llvm::any_of(ti.formats,
                    [](xmpd::DistAttr f) { return f.isGBlockStar(); }))) {
    diag.error(di.loc, "'" + name + "' is aligned with template '" + di.tmpl +
                           "', which template_fix shapes or distributes at "
                           "run time: declare '" + name +
                           "' as a pointer and allocate it with xmp_malloc "
                           "after the template_fix");
    return std::nullopt;
  }
  SmallVector<int64_t> shape(cshape);
  di.base.assign(cshape.size(), 0);
  di.dynBase.assign(cshape.size(), false);
  di.alignC.assign(cshape.size(), 0);
  for (unsigned d = 0; d < cshape.size(); ++d) {
    int64_t td = di.align[d];
    if (td == xmpd::DArrayType::kNotAligned)
      continue;
    if (ti.lowerDyn[td]) {
      // A run-time lower bound lb: the darray's element 0 is a[lb - c],
      // on the template's first index (offset 0, static); the base lb - c
      // is a value (below 0 when lb < c: the darray then also has the
      // elements aligned before a[0], which the program never names).
      // Only the `?` first dimension of an xmp_malloc'd array can take
      // such a base: a constant size would have to shrink by it.
      if (!ShapedType::isDynamic(cshape[d])) {
        diag.error(di.loc,
                   "dimension " + std::to_string(d) + " of '" + name +
                       "' (C order) has the constant size " +
                       std::to_string(cshape[d]) +
                       " and is aligned with a dimension of template '" +
                       di.tmpl +
                       "' whose lower bound is a run-time value (given by "
                       "a variable in '#pragma xmp template_fix', or "
                       "different in two of them): only the first, "
                       "xmp_malloc'd dimension of an array can be aligned "
                       "with it (give that template dimension a constant "
                       "lower bound)");
        return std::nullopt;
      }
      di.dynBase[d] = true;
      di.alignC[d] = di.offset[d];
      di.offset[d] = 0;
      continue;
    }
    int64_t lb = ti.lower[td], c = di.offset[d], n = ti.shape[td];
    int64_t k0 = std::max<int64_t>(0, lb - c);
    std::string where = "dimension " + std::to_string(d) + " of '" + name +
                        "' (C order), aligned with template '" + di.tmpl +
                        "'";
    if (!ShapedType::isDynamic(cshape[d])) {
      if (cshape[d] <= k0) {
        diag.error(di.loc, "no element of " + where +
                               " is on the template: '" + name + "[k]' is "
                               "aligned with index k" +
                               (c ? (c > 0 ? " + " : " - ") +
                                        std::to_string(std::abs(c))
                                  : "") +
                               ", and the template starts at " +
                               std::to_string(lb));
        return std::nullopt;
      }
      if (!ShapedType::isDynamic(n) && cshape[d] - 1 + c > lb + n - 1) {
        diag.error(di.loc, "'" + name + "' has " + std::to_string(cshape[d]) +
                               " elements in " + where + ": its last one "
                               "would be aligned with index " +
                               std::to_string(cshape[d] - 1 + c) +
                               ", after the template's upper bound " +
                               std::to_string(lb + n - 1));
        return std::nullopt;
      }
      shape[d] = cshape[d] - k0;
    }
    di.base[d] = k0;
    di.offset[d] = c + k0 - lb;
  }
  return shape;
}

const c::VarDecl *Emitter::pointerDArray(const c::Expr *e) {
  const auto *r = dyn_cast<c::DeclRefExpr>(e->IgnoreParenCasts());
  const auto *vd = r ? dyn_cast<c::VarDecl>(r->getDecl()) : nullptr;
  auto it = vd ? darrays.find(vd) : darrays.end();
  return it != darrays.end() && it->second.pointer ? vd : nullptr;
}

/// The function a call expression calls, if it is named `name`.
static const c::CallExpr *callOf(const c::Expr *e, StringRef name) {
  const auto *call = dyn_cast<c::CallExpr>(e->IgnoreParenCasts());
  const c::FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  return fd && fd->getName() == name ? call : nullptr;
}

bool Emitter::misusesPointerDArray(const c::Expr *e) {
  const c::VarDecl *vd = nullptr;
  if (const auto *ic = dyn_cast<c::ImplicitCastExpr>(e);
      ic && ic->getCastKind() == c::CK_LValueToRValue)
    vd = pointerDArray(ic->getSubExpr());
  else if (const auto *uo = dyn_cast<c::UnaryOperator>(e))
    vd = pointerDArray(uo->getSubExpr());
  else if (const auto *bo = dyn_cast<c::BinaryOperator>(e)) {
    vd = pointerDArray(bo->getLHS());
    if (!vd)
      vd = pointerDArray(bo->getRHS());
  }
  if (!vd)
    return false;
  std::string an = vd->getName().str();
  diag.unsupported(e->getBeginLoc(),
                   "using '" + an + "', a distributed array allocated by "
                   "xmp_malloc, other than by subscripts ('" + an +
                   "[i]') or as the statement '" + an +
                   " = xmp_malloc(xmp_desc_of(" + an + "), ...)'");
  return true;
}

bool Emitter::emitXmpAllocStmt(const c::Expr *e) {
  Location l = loc(e->getBeginLoc());
  // Allocation is collective and the darray an SSA value: in main's
  // outermost block, it dominates every later use (and call).
  auto outermost = [&](const char *what) {
    if (curFD->getName() == "main" && b.getInsertionBlock() == entry)
      return true;
    diag.unsupported(e->getBeginLoc(),
                     std::string(what) +
                         " outside main's outermost block (every node "
                         "allocates the distributed array there, before its "
                         "uses; not in a nested block or after a return)");
    return false;
  };
  if (const c::CallExpr *call = callOf(e, "xmp_free")) {
    const c::VarDecl *vd =
        call->getNumArgs() == 1 ? pointerDArray(call->getArg(0)) : nullptr;
    if (!vd) {
      diag.error(e->getBeginLoc(), "xmp_free takes a distributed array "
                                   "that xmp_malloc allocated");
      return true;
    }
    if (!outermost("xmp_free"))
      return true;
    auto it = mallocArrays.find(vd);
    if (it == mallocArrays.end()) {
      diag.error(e->getBeginLoc(), "'" + vd->getName().str() +
                                       "' is not allocated here (no xmp_malloc "
                                       "of it before this xmp_free)");
      return true;
    }
    xmpd::DeallocOp::create(b, l, it->second);
    mallocArrays.erase(it);
    storage.erase(vd);
    return true;
  }
  const auto *bo = dyn_cast<c::BinaryOperator>(e->IgnoreParens());
  if (!bo || bo->getOpcode() != c::BO_Assign)
    return false;
  const c::VarDecl *vd = pointerDArray(bo->getLHS());
  const c::CallExpr *call = callOf(bo->getRHS(), "xmp_malloc");
  if (!vd && !call)
    return false;
  if (!vd) {
    diag.error(bo->getBeginLoc(),
               "the result of xmp_malloc must be assigned to a pointer "
               "aligned with a template ('double *a;' with '#pragma xmp "
               "align a[i] with t(i)')");
    return true;
  }
  std::string an = vd->getName().str();
  if (!call) {
    diag.unsupported(bo->getBeginLoc(),
                     "assigning to '" + an + "', a distributed array, "
                     "anything but 'xmp_malloc(xmp_desc_of(" + an + "), ...)'");
    return true;
  }
  const DistInfo &di = darrays[vd];
  unsigned rank = di.type.getRank();
  const c::CallExpr *desc =
      call->getNumArgs() ? callOf(call->getArg(0), "xmp_desc_of") : nullptr;
  if (!desc || desc->getNumArgs() != 1 ||
      pointerDArray(desc->getArg(0)) != vd) {
    diag.error(call->getBeginLoc(), "the first argument of xmp_malloc must be "
                                    "'xmp_desc_of(" + an + ")'");
    return true;
  }
  if (call->getNumArgs() != rank + 1) {
    diag.error(call->getBeginLoc(),
               "xmp_malloc of the " + std::to_string(rank) +
                   "-dimensional '" + an + "' takes xmp_desc_of(" + an +
                   ") and " + std::to_string(rank) + " sizes, not " +
                   std::to_string(call->getNumArgs() - 1));
    return true;
  }
  if (!outermost("xmp_malloc"))
    return true;
  if (mallocArrays.count(vd)) {
    diag.error(bo->getBeginLoc(), "'" + an + "' is already allocated "
                                  "(xmp_free it first)");
    return true;
  }
  if (needsTemplateFix(di.tmpl)) {
    Value fixed = memref::LoadOp::create(b, l, templateFixedFlag(di.tmpl, l),
                                         ValueRange{});
    runtimeCheck(arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, fixed,
                                       arith::ConstantIntOp::create(b, l, 0, 8)),
                 call->getBeginLoc(), "xmp_malloc",
                 "'" + an + "' is aligned with template '" + di.tmpl +
                     "', which is not fixed yet: its '#pragma xmp "
                     "template_fix' must run before this xmp_malloc\n",
                 {});
  }
  SmallVector<Value> dyn;
  for (unsigned d = 0; d < rank; ++d) {
    const c::Expr *ae = call->getArg(d + 1);
    int64_t ext = di.type.getShape()[d];
    if (ShapedType::isDynamic(ext)) {
      Value v = emitExpr(ae);
      if (!v)
        return true;
      // The C elements below the base are not allocated.
      if (di.dynBase[d]) {
        // A run-time base: the array must reach the template.
        Value n = toIndex(v, ae->getType(), l);
        Value m = arith::SubIOp::create(b, l, n, baseValue(di, d, l));
        runtimeCheck(arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, m,
                                           cIndex(1, l)),
                     call->getBeginLoc(), "xmp_malloc",
                     "'" + an + "' gets %lld elements in dimension " +
                         std::to_string(d) + ", and none is on template '" +
                         di.tmpl + "', whose lower bound is %lld ('" + an +
                         "[k]' is aligned " + "with index k" +
                         (di.alignC[d]
                              ? (di.alignC[d] > 0 ? " + " : " - ") +
                                    std::to_string(std::abs(di.alignC[d]))
                              : std::string()) +
                         ")\n",
                     {n, templateLowerValue(di.tmpl, di.align[d], l)});
        dyn.push_back(m);
      } else
        dyn.push_back(addIndex(toIndex(v, ae->getType(), l), -di.base[d], l));
      continue;
    }
    c::Expr::EvalResult r;
    int64_t cext = ext + di.base[d];
    if (!ae->EvaluateAsInt(r, actx) ||
        r.Val.getInt().getSExtValue() != cext) {
      diag.error(ae->getBeginLoc(),
                 "dimension " + std::to_string(d) + " of '" + an + "' has " +
                     std::to_string(cext) + " elements (its type): "
                     "xmp_malloc must give that constant here");
      return true;
    }
  }
  Value a = xmpd::AllocOp::create(b, l, di.type, dyn);
  storage[vd] = Storage{Storage::DArr, a, "", {}};
  mallocArrays[vd] = a;
  return true;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> Emitter::run() {
  OwningOpRef<ModuleOp> owned = ModuleOp::create(UnknownLoc::get(&ctx));
  module = *owned;
  b.setInsertionPointToEnd(module.getBody());

  for (const c::Decl *d : actx.getTranslationUnitDecl()->decls()) {
    if (const auto *vd = dyn_cast<c::VarDecl>(d)) {
      if (sm.isInMainFile(sm.getExpansionLoc(vd->getLocation())))
        globalVars[vd->getName()] = vd;
    } else if (const auto *fd = dyn_cast<c::FunctionDecl>(d)) {
      if (fd->doesThisDeclarationHaveABody()) {
        functions.push_back(fd);
        functionRanges.push_back(fd->getBody()->getSourceRange());
      }
    }
  }
  declarationDirectives();
  if (failed())
    return nullptr;
  for (Directive &d : dirs)
    if (!d.isDeclaration() && !insideFunction(d.loc)) {
      d.consumed = true;
      diag.error(d.loc, "'#pragma xmp " + d.name +
                            "' is an executable directive: it must be inside a "
                            "function");
    }
  globals();
  computeHiddenParams();
  declareFunctions();
  if (failed())
    return nullptr;
  for (const c::FunctionDecl *fd : functions) {
    emitFunction(fd);
    if (failed())
      return nullptr;
  }
  for (Directive &d : dirs)
    if (!d.consumed) {
      diag.error(d.loc, "'#pragma xmp " + d.name +
                            "' is not attached to a statement (xmp-cfront "
                            "takes statement directives between the "
                            "statements of a { } block)");
      d.consumed = true;
    }
  if (failed())
    return nullptr;
  promoteScalarsInLoops(module);
  // The dialect's verifiers check what the directives say (a shadow on a
  // cyclic dimension, an offset leaving the template, ...): their errors
  // are the program's, reported at its source position.
  bool verifyFailed = false;
  {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
      if (d.getSeverity() != DiagnosticSeverity::Error)
        return success();
      verifyFailed = true;
      std::string where = "xmp-cfront";
      Location dl = d.getLocation();
      if (auto n = dyn_cast<NameLoc>(dl)) // a gmove in a task
        dl = n.getChildLoc();
      if (auto fl = dyn_cast<FileLineColLoc>(dl))
        where = (fl.getFilename().str() + ":" + std::to_string(fl.getLine()) +
                 ":" + std::to_string(fl.getColumn()));
      llvm::errs() << where << ": error: " << d.str() << "\n";
      return success();
    });
    if (mlir::failed(mlir::verify(module)) || verifyFailed)
      return nullptr;
  }
  return owned;
}

} // namespace

OwningOpRef<ModuleOp> emitModule(MLIRContext &ctx, c::ASTContext &actx,
                                 std::vector<Directive> &dirs,
                                 const xmpd::CFrontendOptions &options,
                                 Diag &diag) {
  Emitter e(ctx, actx, dirs, options, diag);
  return e.run();
}

} // namespace xmpcfront
