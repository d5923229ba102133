//===- XMPOps.cpp - xmp operations: syntax and verifiers ------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

#include <limits>
#include <numeric>

#include "xmprt/Distribution.h"

using namespace mlir;
using namespace mlir::xmp;
namespace dist = xmprt::dist;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

bool mlir::xmp::isReductionKindCompatible(ReductionKind kind, Type type) {
  if (auto mr = llvm::dyn_cast<MemRefType>(type))
    type = mr.getElementType();
  else if (auto da = llvm::dyn_cast<DArrayType>(type))
    type = da.getElementType();
  bool isInt = llvm::isa<IntegerType>(type);
  bool isFloat = llvm::isa<FloatType>(type);
  bool isComplex = llvm::isa<ComplexType>(type);
  switch (kind) {
  case ReductionKind::add:
  case ReductionKind::mul:
    return isInt || isFloat || isComplex;
  case ReductionKind::max:
  case ReductionKind::min:
  case ReductionKind::firstmax:
  case ReductionKind::firstmin:
  case ReductionKind::lastmax:
  case ReductionKind::lastmin:
    return isInt || isFloat;
  case ReductionKind::band:
  case ReductionKind::bor:
  case ReductionKind::bxor:
    return isInt;
  }
  return false;
}

static std::string fmtShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += ShapedType::isDynamic(shape[i]) ? std::string("?")
                                         : std::to_string(shape[i]);
  }
  return s + "]";
}

/// Looks up `ref` as an op of type OpT; emits "'@x' does not name an <what>".
template <typename OpT>
static FailureOr<OpT> lookupSymbol(Operation *op,
                                   SymbolTableCollection &symbolTable,
                                   FlatSymbolRefAttr ref, StringRef role,
                                   StringRef what) {
  Operation *sym = symbolTable.lookupNearestSymbolFrom(op, ref);
  if (!sym)
    return op->emitOpError() << role << " " << ref << " is not defined";
  auto typed = llvm::dyn_cast<OpT>(sym);
  if (!typed)
    return op->emitOpError()
           << role << " " << ref << " does not name an " << what
           << " (it is '" << sym->getName() << "')";
  return typed;
}

/// A scan of the symbol table's declarations: what verifiers use (their
/// symbol lookups go through the SymbolTableCollection they are given).
/// Passes ask DistributionAnalysis, which indexes every xmp.distribute once.
DistributeOp TemplateOp::getDistribution() {
  Operation *table = SymbolTable::getNearestSymbolTable(getOperation());
  if (!table)
    return {};
  // Distributions are declarations: look at the symbol table's own ops.
  for (Region &region : table->getRegions())
    for (Block &block : region)
      for (auto d : block.getOps<DistributeOp>())
        if (d.getTmpl() == getSymName())
          return d;
  return {};
}

TemplateOp mlir::xmp::lookupTemplate(Operation *from, DArrayType type) {
  return SymbolTable::lookupNearestSymbolFrom<TemplateOp>(
      from, type.getTemplateRef());
}

int64_t DistributeOp::getGridAxis(unsigned d) {
  int64_t axis = 0;
  for (unsigned i = 0; i < d; ++i)
    if (getFormat(i).isDistributed())
      ++axis;
  return getFormat(d).isDistributed() ? axis : -1;
}

/// Smallest non-empty piece of template dimension `n` cut over `p` ranks
/// (block-like kinds), in closed form: a grid may have 2^31 ranks.
/// The smallest non-empty piece of template dimension `f` of size n over p
/// coordinates (0 when there is none). Block and block(w) deal equal pieces
/// and the remainder last: the last non-empty piece is the smallest.
static int64_t smallestPiece(DistAttr f, int64_t n, int64_t p) {
  switch (f.getKind()) {
  case DistKind::none:
  case DistKind::cyclic:
    return n;
  case DistKind::block:
  case DistKind::blockn: {
    dist::TemplateDim d{static_cast<dist::Kind>(f.getKind()), n, p,
                        f.getWidth(), nullptr};
    return n == 0 ? 0 : dist::localSize(d, dist::owner(d, n - 1));
  }
  case DistKind::gblock: {
    int64_t smallest = 0;
    for (int64_t s : f.getSizes())
      if (s > 0 && (smallest == 0 || s < smallest))
        smallest = s;
    return smallest;
  }
  }
  return n;
}

int64_t mlir::xmp::elementBytes(Type type) {
  if (auto ct = llvm::dyn_cast<ComplexType>(type))
    return 2 * elementBytes(ct.getElementType());
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 0;
}

SmallVector<int64_t> mlir::xmp::localExtents(Operation *from,
                                             DArrayType type) {
  SmallVector<int64_t> extents;
  TemplateOp tmpl = lookupTemplate(from, type);
  DistributeOp distOp = tmpl ? tmpl.getDistribution() : DistributeOp();
  NodesOp nodes = distOp ? SymbolTable::lookupNearestSymbolFrom<NodesOp>(
                               distOp, distOp.getNodesAttr())
                         : NodesOp();
  for (unsigned d = 0; d < type.getRank(); ++d) {
    int64_t m = type.getShape()[d];
    int64_t extent = ShapedType::kDynamic;
    int64_t a = type.getAlign()[d];
    dist::ArrayDim ad;
    ad.m = m;
    ad.fullShadow = type.isFullShadow(d);
    ad.shadowLo = ad.fullShadow ? 0 : type.getShadowLo()[d];
    ad.shadowHi = ad.fullShadow ? 0 : type.getShadowHi()[d];
    if (!ShapedType::isDynamic(m)) {
      if (ad.fullShadow || a == DArrayType::kNotAligned) {
        extent = dist::arrayExtent(ad);
      } else if (tmpl && distOp && nodes && a >= 0 &&
                 a < (int64_t)tmpl.getShape().size() &&
                 (unsigned)a < distOp.getFormats().size()) {
        DistAttr f = distOp.getFormat(a);
        int64_t n = tmpl.getShape()[a];
        int64_t axis = distOp.getGridAxis(a);
        int64_t p = axis < 0 ? 1
                    : axis < (int64_t)nodes.getRank()
                        ? nodes.getShape()[axis]
                        : ShapedType::kDynamic;
        if (!ShapedType::isDynamic(n) && !ShapedType::isDynamic(p) &&
            !f.isGBlockStar()) {
          ad.t.kind = static_cast<dist::Kind>(f.getKind());
          ad.t.n = n;
          ad.t.p = p;
          ad.t.w = f.getWidth();
          ad.t.gblock = f.getSizes().empty() ? nullptr : f.getSizes().data();
          ad.aligned = true;
          ad.offset = type.getOffset()[d];
          extent = dist::arrayExtent(ad);
        }
      }
    }
    extents.push_back(extent);
  }
  // Long rows are padded, as the runtime allocates them (dist::rowPitch).
  if (extents.size() >= 2 && !ShapedType::isDynamic(extents.back()))
    extents.back() = dist::rowPitch(extents.back());
  return extents;
}

/// Checks a darray type against the template, its distribution and grid.
static LogicalResult verifyDArrayUse(Operation *op, DArrayType type,
                                     SymbolTableCollection &symbolTable) {
  auto tmpl = lookupSymbol<TemplateOp>(op, symbolTable, type.getTemplateRef(),
                                       "darray template", "xmp.template");
  if (failed(tmpl))
    return failure();
  ArrayRef<int64_t> tshape = tmpl->getShape();
  DistributeOp dist = tmpl->getDistribution();
  if (!dist)
    return op->emitOpError() << "template " << type.getTemplateRef()
                             << " has no xmp.distribute";
  NodesOp nodes =
      symbolTable.lookupNearestSymbolFrom<NodesOp>(dist, dist.getNodesAttr());
  for (unsigned d = 0; d < type.getRank(); ++d) {
    int64_t a = type.getAlign()[d];
    if (a == DArrayType::kNotAligned)
      continue;
    if (a >= (int64_t)tshape.size())
      return op->emitOpError()
             << "align maps array dimension " << d << " to template dimension "
             << a << ", but " << type.getTemplateRef() << " has rank "
             << tshape.size();
    int64_t n = tshape[a], m = type.getShape()[d], o = type.getOffset()[d];
    // o > n - m rather than m + o > n: the sum may leave 64 bits.
    if (!ShapedType::isDynamic(n) && !ShapedType::isDynamic(m) &&
        (o < 0 || m > n || o > n - m))
      return op->emitOpError()
             << "offset " << o << " moves array dimension " << d << " (size "
             << m << ") outside template dimension " << a << " (size " << n
             << ")";
    if (type.isFullShadow(d))
      continue;
    int64_t width = std::max(type.getShadowLo()[d], type.getShadowHi()[d]);
    if (width == 0 || (unsigned)a >= dist.getFormats().size())
      continue;
    DistAttr f = dist.getFormat(a);
    if (f.getKind() == DistKind::cyclic)
      return op->emitOpError()
             << "dimension " << d
             << " is aligned to a cyclic-distributed template dimension and "
                "cannot have a shadow (use block or gblock)";
    int64_t axis = dist.getGridAxis(a);
    if (!nodes || axis < 0 || axis >= (int64_t)nodes.getRank() ||
        ShapedType::isDynamic(n))
      continue;
    int64_t p = nodes.getShape()[axis];
    if (ShapedType::isDynamic(p))
      continue;
    int64_t smallest = smallestPiece(f, n, p);
    if (smallest > 0 && width > smallest)
      return op->emitOpError()
             << "shadow width " << width << " of dimension " << d
             << " is wider than the smallest block (" << smallest
             << " elements)";
  }
  // A static local block must be addressable: its size in bytes fits in
  // 64 bits (generated code indexes it with 64-bit arithmetic).
  SmallVector<int64_t> ext = localExtents(op, type);
  if (llvm::none_of(ext, ShapedType::isDynamic)) {
    int64_t bytes = elementBytes(type.getElementType());
    for (int64_t e : ext)
      if (e == INT64_MAX || __builtin_mul_overflow(bytes, e, &bytes))
        return op->emitOpError()
               << "local block " << fmtShape(ext) << " of "
               << type.getElementType()
               << " is larger than 2^63-1 bytes (array sizes, shadows or "
                  "too few grid ranks)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

static ParseResult parseShape(OpAsmParser &parser, DenseI64ArrayAttr &shape) {
  SmallVector<int64_t> dims;
  if (parser.parseDimensionList(dims, /*allowDynamic=*/true,
                                /*withTrailingX=*/false))
    return failure();
  shape = parser.getBuilder().getDenseI64ArrayAttr(dims);
  return success();
}

/// `[t, ...]` of a node subset, each t one of `:`, `lo:`, `lo::step`,
/// `lo:hi`, `lo:hi:step` or `k`: stored as (lo, hi, step) triples, hi =
/// kDynamic for "to the end", step = 0 for a single coordinate k (hi = k + 1).
/// With `dyn` (xmp.task's node references) each lo, hi, step or k may also
/// be an SSA value: it goes to `dyn`, its position holds 0 (a single
/// coordinate's hi 1) and is flagged in `isDyn`.
static ParseResult
parseTriplets(OpAsmParser &parser, OpAsmParser::Delimiter delim,
              SmallVectorImpl<int64_t> &v,
              SmallVectorImpl<OpAsmParser::UnresolvedOperand> *dyn = nullptr,
              SmallVectorImpl<bool> *isDyn = nullptr) {
  // One part: an integer, or (with `dyn`) an operand; `optional`: neither
  // is fine (returns false in `present`).
  auto part = [&](int64_t &out, bool &d, bool optional,
                  bool &present) -> ParseResult {
    d = false;
    present = true;
    if (dyn) {
      OpAsmParser::UnresolvedOperand operand;
      OptionalParseResult r = parser.parseOptionalOperand(operand);
      if (r.has_value()) {
        if (failed(*r))
          return failure();
        dyn->push_back(operand);
        d = true;
        out = 0;
        return success();
      }
    }
    if (!optional)
      return parser.parseInteger(out);
    OptionalParseResult r = parser.parseOptionalInteger(out);
    present = r.has_value();
    return r.has_value() ? *r : success();
  };
  auto one = [&]() -> ParseResult {
    int64_t lo = 0, hi = ShapedType::kDynamic, step = 1;
    bool dLo = false, dHi = false, dStep = false, present;
    auto push = [&]() {
      v.append({lo, hi, step});
      if (isDyn)
        isDyn->append({dLo, dHi, dStep});
    };
    if (succeeded(parser.parseOptionalColon())) {
      push();
      return success();
    }
    if (part(lo, dLo, /*optional=*/false, present))
      return failure();
    if (failed(parser.parseOptionalColon())) {
      hi = lo + 1;
      step = 0;
      push();
      return success();
    }
    int64_t h;
    bool dh;
    if (part(h, dh, /*optional=*/true, present))
      return failure();
    if (present) {
      hi = h;
      dHi = dh;
    }
    if (succeeded(parser.parseOptionalColon()) &&
        part(step, dStep, /*optional=*/false, present))
      return failure();
    push();
    return success();
  };
  return parser.parseCommaSeparatedList(delim, one);
}

static ParseResult parseNodeSubset(OpAsmParser &parser,
                                   DenseI64ArrayAttr &subset) {
  SmallVector<int64_t> v;
  if (parseTriplets(parser, OpAsmParser::Delimiter::Square, v))
    return failure();
  subset = parser.getBuilder().getDenseI64ArrayAttr(v);
  return success();
}

/// Prints the triplets of parseTriplets; `isDyn` (may be empty: no run-time
/// position) flags the positions printed from `dyn`, in order.
static void printTriplets(OpAsmPrinter &p, ArrayRef<int64_t> s,
                          ArrayRef<bool> isDyn, ValueRange dyn) {
  unsigned next = 0;
  auto isD = [&](size_t i) { return !isDyn.empty() && isDyn[i]; };
  auto part = [&](size_t i) {
    if (isD(i))
      p << dyn[next++];
    else
      p << s[i];
  };
  p << "[";
  for (size_t i = 0; i + 2 < s.size(); i += 3) {
    if (i)
      p << ", ";
    int64_t lo = s[i], hi = s[i + 1], step = s[i + 2];
    bool unitStep = !isD(i + 2) && step == 1;
    if (!isD(i + 2) && step == 0) {
      part(i);
      continue;
    }
    if (!isD(i + 1) && ShapedType::isDynamic(hi)) { // `:`, `lo:` or `lo::step`
      if (isD(i) || lo != 0 || !unitStep)
        part(i);
      p << ":";
      if (!unitStep) {
        p << ":";
        part(i + 2);
      }
      continue;
    }
    part(i);
    p << ":";
    part(i + 1);
    if (!unitStep) {
      p << ":";
      part(i + 2);
    }
  }
  p << "]";
}

static void printNodeSubset(OpAsmPrinter &p, Operation *,
                            DenseI64ArrayAttr subset) {
  printTriplets(p, subset.asArrayRef(), {}, {});
}

static void printShape(OpAsmPrinter &p, Operation *, DenseI64ArrayAttr shape) {
  llvm::interleave(
      shape.asArrayRef(), p,
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          p << "?";
        else
          p << d;
      },
      "x");
}

static ParseResult parseDistFormats(OpAsmParser &parser, ArrayAttr &formats) {
  SmallVector<Attribute> list;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        Attribute a = DistAttr::parseBare(parser);
        if (!a)
          return failure();
        list.push_back(a);
        return success();
      }))
    return failure();
  formats = parser.getBuilder().getArrayAttr(list);
  return success();
}

static void printDistFormats(OpAsmPrinter &p, Operation *, ArrayAttr formats) {
  p << "[";
  llvm::interleaveComma(formats, p, [&](Attribute a) {
    llvm::cast<DistAttr>(a).printBare(p);
  });
  p << "]";
}

template <typename EnumT>
static ParseResult parseEnumKeyword(OpAsmParser &parser, EnumT &value,
                                    StringRef what) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kw;
  if (parser.parseKeyword(&kw))
    return failure();
  std::optional<EnumT> v = symbolizeEnum<EnumT>(kw);
  if (!v)
    return parser.emitError(loc) << "unknown " << what << " '" << kw << "'";
  value = *v;
  return success();
}

static ParseResult parseSyncDirection(OpAsmParser &parser,
                                      SyncDirectionAttr &dir) {
  SyncDirection v;
  if (parseEnumKeyword(parser, v, "replicate_sync direction"))
    return failure();
  dir = SyncDirectionAttr::get(parser.getContext(), v);
  return success();
}

static void printSyncDirection(OpAsmPrinter &p, Operation *,
                               SyncDirectionAttr dir) {
  p << stringifyEnum(dir.getValue());
}

/// The optional mode of a gmove: `in`, `out` or nothing.
static ParseResult parseGMoveMode(OpAsmParser &parser, GMoveModeAttr &mode) {
  for (GMoveMode m : {GMoveMode::in, GMoveMode::out})
    if (succeeded(parser.parseOptionalKeyword(stringifyEnum(m)))) {
      mode = GMoveModeAttr::get(parser.getContext(), m);
      return success();
    }
  return success();
}

static void printGMoveMode(OpAsmPrinter &p, Operation *, GMoveModeAttr mode) {
  if (mode)
    p << stringifyEnum(mode.getValue()) << " ";
}

/// The optional operation of reduce_shadow: any reduction kind keyword (the
/// verifier says which apply), or nothing (add).
static ParseResult parseShadowKind(OpAsmParser &parser,
                                   ReductionKindAttr &kind) {
  for (uint32_t k = 0; k <= getMaxEnumValForReductionKind(); ++k) {
    std::optional<ReductionKind> v = symbolizeReductionKind(k);
    if (v && succeeded(parser.parseOptionalKeyword(stringifyEnum(*v)))) {
      kind = ReductionKindAttr::get(parser.getContext(), *v);
      return success();
    }
  }
  return success();
}

static void printShadowKind(OpAsmPrinter &p, Operation *,
                            ReductionKindAttr kind) {
  if (kind)
    p << stringifyEnum(kind.getValue()) << " ";
}

/// `[lo:hi, ...]`: reflect widths, loop overlap margins; with `unbound`,
/// loop expand widths, each entry optionally prefixed by `unbound`.
static ParseResult parseLoHiList(OpAsmParser &parser, DenseI64ArrayAttr &lo,
                                 DenseI64ArrayAttr &hi,
                                 SmallVectorImpl<bool> *unbound = nullptr) {
  SmallVector<int64_t> l, h;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        int64_t x, y;
        if (unbound)
          unbound->push_back(
              succeeded(parser.parseOptionalKeyword("unbound")));
        if (parser.parseInteger(x) || parser.parseColon() ||
            parser.parseInteger(y))
          return failure();
        l.push_back(x);
        h.push_back(y);
        return success();
      }))
    return failure();
  lo = parser.getBuilder().getDenseI64ArrayAttr(l);
  hi = parser.getBuilder().getDenseI64ArrayAttr(h);
  return success();
}

static void printLoHiList(OpAsmPrinter &p, ArrayRef<int64_t> lo,
                          ArrayRef<int64_t> hi) {
  p << "[";
  for (size_t i = 0; i < lo.size(); ++i) {
    if (i)
      p << ", ";
    p << lo[i] << ":" << (i < hi.size() ? hi[i] : 0);
  }
  p << "]";
}

static void printLoHiList(OpAsmPrinter &p, Operation *, DenseI64ArrayAttr lo,
                          DenseI64ArrayAttr hi) {
  printLoHiList(p, lo ? lo.asArrayRef() : ArrayRef<int64_t>(),
                hi ? hi.asArrayRef() : ArrayRef<int64_t>());
}

/// `[tca, ib, ...]`: the channels of a reflect.
static ParseResult parseChannelList(OpAsmParser &parser, ArrayAttr &channels) {
  SmallVector<Attribute> list;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        Channel c;
        if (parseEnumKeyword(parser, c, "channel"))
          return failure();
        list.push_back(ChannelAttr::get(parser.getContext(), c));
        return success();
      }))
    return failure();
  channels = parser.getBuilder().getArrayAttr(list);
  return success();
}

static void printChannelList(OpAsmPrinter &p, Operation *, ArrayAttr channels) {
  p << "[";
  llvm::interleaveComma(channels, p, [&](Attribute a) {
    p << stringifyEnum(llvm::cast<ChannelAttr>(a).getValue());
  });
  p << "]";
}

/// A bare reduction kind: `add`, `max`, `firstmax`, ...
static ParseResult parseReductionKind(OpAsmParser &parser,
                                      ReductionKindAttr &kind) {
  ReductionKind v;
  if (parseEnumKeyword(parser, v, "reduction kind"))
    return failure();
  kind = ReductionKindAttr::get(parser.getContext(), v);
  return success();
}

static void printReductionKind(OpAsmPrinter &p, Operation *,
                               ReductionKindAttr kind) {
  p << stringifyEnum(kind.getValue());
}

/// `1, 2`: integers without their brackets (the format has them).
static ParseResult parseI64List(OpAsmParser &parser, DenseI64ArrayAttr &list) {
  SmallVector<int64_t> v;
  if (parser.parseCommaSeparatedList([&] {
        int64_t x;
        if (parser.parseInteger(x))
          return failure();
        v.push_back(x);
        return success();
      }))
    return failure();
  list = parser.getBuilder().getDenseI64ArrayAttr(v);
  return success();
}

static void printI64List(OpAsmPrinter &p, Operation *, DenseI64ArrayAttr list) {
  llvm::interleaveComma(list.asArrayRef(), p);
}

/// The operand type of xmp.reduction; the results follow: the scalar's
/// (none for a memref or darray, reduced in place), then the locations'.
static ParseResult parseReductionTypes(OpAsmParser &parser, Type &value,
                                       Type &result, ArrayRef<Type> locTypes,
                                       SmallVectorImpl<Type> &locResults) {
  if (parser.parseType(value))
    return failure();
  if (!llvm::isa<MemRefType, DArrayType>(value))
    result = value;
  locResults.assign(locTypes.begin(), locTypes.end());
  return success();
}

static void printReductionTypes(OpAsmPrinter &p, Operation *, Type value,
                                Type, TypeRange, TypeRange) {
  p << value;
}

/// The operand type of xmp.bcast; a scalar's broadcast returns it, a
/// memref's is in place.
static ParseResult parseBcastType(OpAsmParser &parser, Type &value,
                                  Type &result) {
  if (parser.parseType(value))
    return failure();
  if (!llvm::isa<MemRefType>(value))
    result = value;
  return success();
}

static void printBcastType(OpAsmPrinter &p, Operation *, Type value, Type) {
  p << value;
}

/// A broadcast moves a scalar or a memref, which have no device instance:
/// `acc` is refused with a message saying so. Prints nothing.
static ParseResult parseNoAcc(OpAsmParser &parser, StringRef what,
                              StringRef syncOp) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("acc")))
    return parser.emitError(loc)
           << "starts a " << what << " of host memory: acc is not supported "
           << "(" << syncOp << " moves a scalar or a memref, which has no "
           << "device instance)";
  return success();
}

static void printNoAcc(OpAsmPrinter &, Operation *, StringRef, StringRef) {}

//===----------------------------------------------------------------------===//
// NodesOp, TemplateOp, DistributeOp, TemplateFixOp
//===----------------------------------------------------------------------===//

static LogicalResult verifyShapeAttr(Operation *op, ArrayRef<int64_t> shape,
                                     StringRef what) {
  if (shape.empty())
    return op->emitOpError() << what << " needs at least one dimension";
  for (int64_t d : shape)
    if (!ShapedType::isDynamic(d) && d <= 0)
      return op->emitOpError()
             << what << " sizes must be positive or ?, got " << d;
  return success();
}

/// Triplets (lo, hi, step) of a node subset or node reference (`what`):
/// whole triples, each a non-empty range of coordinates >= 0 (hi may be
/// kDynamic: to the end), step > 0 or 0 for a single coordinate. Positions
/// flagged in `isDyn` (run-time values of a task's node reference) are not
/// checked; a constant upper bound must then still be >= 1.
static LogicalResult verifyTriplets(Operation *op, ArrayRef<int64_t> s,
                                    StringRef what, ArrayRef<bool> isDyn = {}) {
  if (s.empty() || s.size() % 3)
    return op->emitOpError()
           << what << " triplets must come in (lo, hi, step) triples";
  auto isD = [&](size_t i) { return !isDyn.empty() && isDyn[i]; };
  for (size_t i = 0; i < s.size(); i += 3) {
    bool single = !isD(i + 2) && s[i + 2] == 0;
    int64_t lo = isD(i) ? 0 : s[i]; // a run-time lo: at least 0 to select
    bool hiKnown =
        !isD(i + 1) && !ShapedType::isDynamic(s[i + 1]) && !(single && isD(i));
    if ((!isD(i) && s[i] < 0) || (!isD(i + 2) && s[i + 2] < 0) ||
        (hiKnown && s[i + 1] <= lo))
      return op->emitOpError()
             << what << " axis " << i / 3
             << ": the triplet must select a non-empty range of coordinates "
                ">= 0 with a positive step";
  }
  return success();
}

/// A reshaped subset's shape against the count of ranks its triplets
/// select (`count`, ShapedType::kDynamic when unknown): at most one `?`
/// axis; the product of the static axes is the count, or divides it when
/// one axis is `?`.
static LogicalResult verifyReshapeCount(NodesOp op, int64_t count,
                                        StringRef where) {
  ArrayRef<int64_t> shape = op.getShape();
  int64_t dyn = llvm::count(shape, ShapedType::kDynamic), prod = 1;
  if (dyn > 1)
    return op.emitOpError()
           << "reshapes its selection to " << fmtShape(shape)
           << ": a reshaped node subset has at most one '?' axis (its size "
              "is the selected count divided by the other axes')";
  for (int64_t d : shape)
    if (!ShapedType::isDynamic(d))
      prod *= d;
  if (ShapedType::isDynamic(count))
    return success();
  if (dyn ? count % prod != 0 : count != prod)
    return op.emitOpError()
           << "reshapes the " << count << " ranks " << where << " to "
           << fmtShape(shape) << ": "
           << (dyn ? "the static axes' product " + std::to_string(prod) +
                         " does not divide the count"
                   : "the shape holds " + std::to_string(prod) + " ranks");
  return success();
}

LogicalResult NodesOp::verify() {
  if (failed(verifyShapeAttr(*this, getShape(), "grid")))
    return failure();
  if ((bool)getParent() != (bool)getSubset())
    return emitOpError("a node subset needs both a parent grid and triplets");
  if (getReshape() && !getSubset())
    return emitOpError("reshape needs a node subset (= reshape @p [...])");
  if (getSubset() && getReshape()) {
    // The selection's count when its triplets are bounded; the parent's
    // sizes are checked by verifySymbolUses.
    ArrayRef<int64_t> s = *getSubset();
    if (failed(verifyTriplets(*this, s, "subset")))
      return failure();
    int64_t count = 1;
    for (size_t a = 0; a < s.size() / 3; ++a) {
      auto [lo, hi, step] = getSubsetTriplet(a);
      if (step == 0)
        continue;
      if (ShapedType::isDynamic(hi) || ShapedType::isDynamic(count))
        count = ShapedType::kDynamic;
      else
        count *= llvm::divideCeil(hi - lo, step);
    }
    if (failed(verifyReshapeCount(*this, count, "its triplets select")))
      return failure();
  } else if (getSubset()) {
    ArrayRef<int64_t> s = *getSubset();
    if (failed(verifyTriplets(*this, s, "subset")))
      return failure();
    unsigned kept = 0;
    for (size_t a = 0; a < s.size() / 3; ++a) {
      auto [lo, hi, step] = getSubsetTriplet(a);
      if (step == 0)
        continue;
      if (kept < getRank()) {
        int64_t d = getShape()[kept];
        if (!ShapedType::isDynamic(hi) &&
            d != llvm::divideCeil(hi - lo, step))
          return emitOpError()
                 << "subset axis " << a << " selects "
                 << llvm::divideCeil(hi - lo, step)
                 << " coordinates but axis " << kept << " of the node set is "
                 << (ShapedType::isDynamic(d) ? std::string("?")
                                              : std::to_string(d));
      }
      ++kept;
    }
    if (kept != getRank())
      return emitOpError() << "the subset keeps " << kept
                           << " axes (triplets) but the node set has rank "
                           << getRank();
  }
  // Grid ranks are MPI ranks (int): a larger static grid can never run, and
  // the layouts of its arrays would be computed for nothing.
  int64_t ranks = 1;
  for (int64_t d : getShape())
    if (!ShapedType::isDynamic(d) &&
        (__builtin_mul_overflow(ranks, d, &ranks) || ranks > INT32_MAX))
      return emitOpError() << "grid " << fmtShape(getShape())
                           << " has more static ranks than MPI can number ("
                           << INT32_MAX << ")";
  return success();
}

LogicalResult NodesOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  if (!getParent())
    return success();
  auto parent = lookupSymbol<NodesOp>(*this, symbolTable, getParentAttr(),
                                      "parent grid", "xmp.nodes");
  if (failed(parent))
    return failure();
  if (*parent == *this || (*parent)->getBlock() != (*this)->getBlock() ||
      !(*parent)->isBeforeInBlock(*this))
    return emitOpError() << "parent grid " << getParentAttr()
                         << " must be declared before the node subset";
  size_t axes = getSubset()->size() / 3;
  if (axes != parent->getRank())
    return emitOpError() << "has " << axes << " subset triplets but parent grid "
                         << getParentAttr() << " has rank "
                         << parent->getRank();
  unsigned kept = 0;
  int64_t count = 1; // the ranks selected (reshape), kDynamic when unknown
  for (size_t a = 0; a < axes; ++a) {
    auto [lo, hi, step] = getSubsetTriplet(a);
    int64_t n = parent->getShape()[a];
    if (step == 0) {
      if (!ShapedType::isDynamic(n) && lo >= n)
        return emitOpError() << "coordinate " << lo << " is outside axis " << a
                             << " of parent grid " << getParentAttr()
                             << " (size " << n << ")";
      continue;
    }
    int64_t c = subsetCount(lo, hi, step, n);
    count = ShapedType::isDynamic(c) || ShapedType::isDynamic(count)
                ? ShapedType::kDynamic
                : count * c;
    int64_t d = getReshape() ? ShapedType::kDynamic : getShape()[kept++];
    if (ShapedType::isDynamic(n))
      continue;
    int64_t end = ShapedType::isDynamic(hi) ? n : hi;
    if (end > n || lo >= end)
      return emitOpError() << "subset " << lo << ":"
                           << (ShapedType::isDynamic(hi) ? std::string("")
                                                         : std::to_string(hi))
                           << " is outside axis " << a << " of parent grid "
                           << getParentAttr() << " (size " << n << ")";
    // (a static hi was checked against the shape by verify())
    if (!getReshape() && ShapedType::isDynamic(hi) &&
        d != subsetCount(lo, hi, step, n))
      return emitOpError() << "subset axis " << a << " selects "
                           << subsetCount(lo, hi, step, n)
                           << " coordinates of parent grid " << getParentAttr()
                           << " but the node set's axis is "
                           << (ShapedType::isDynamic(d) ? std::string("?")
                                                        : std::to_string(d));
  }
  if (getReshape())
    return verifyReshapeCount(
        *this, count,
        ("it selects of parent grid @" + getParentAttr().getValue()).str());
  return success();
}

LogicalResult TemplateOp::verify() {
  return verifyShapeAttr(*this, getShape(), "template");
}

LogicalResult DistributeOp::verify() {
  if (getFormats().empty())
    return emitOpError("needs one distribution format per template dimension");
  return success();
}

LogicalResult
DistributeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto tmpl = lookupSymbol<TemplateOp>(*this, symbolTable, getTmplAttr(),
                                       "template", "xmp.template");
  if (failed(tmpl))
    return failure();
  auto nodes = lookupSymbol<NodesOp>(*this, symbolTable, getNodesAttr(),
                                     "grid", "xmp.nodes");
  if (failed(nodes))
    return failure();
  ArrayRef<int64_t> tshape = tmpl->getShape();
  ArrayRef<int64_t> gshape = nodes->getShape();
  if (getFormats().size() != tshape.size())
    return emitOpError() << "has " << getFormats().size()
                         << " distribution formats but template "
                         << getTmplAttr() << " has rank " << tshape.size();
  unsigned numDist = llvm::count_if(getFormats(), [](Attribute a) {
    return llvm::cast<DistAttr>(a).isDistributed();
  });
  if (numDist != gshape.size())
    return emitOpError() << "distributes " << numDist
                         << " template dimensions but grid " << getNodesAttr()
                         << " has " << gshape.size() << " axes";
  for (unsigned d = 0; d < tshape.size(); ++d) {
    DistAttr f = getFormat(d);
    // Generated code walks cyclic blocks with 64-bit index arithmetic up to
    // one round (w * p) past the template's end: that must not wrap (the
    // runtime checks dynamic sizes the same way).
    if (f.getKind() == DistKind::cyclic) {
      int64_t p = gshape[getGridAxis(d)], round = 0, end = 0;
      int64_t n = ShapedType::isDynamic(tshape[d]) ? 0 : tshape[d];
      if (!ShapedType::isDynamic(p) &&
          (__builtin_mul_overflow(f.getWidth(), p, &round) ||
           __builtin_add_overflow(round, n, &end)))
        return emitOpError()
               << "cyclic(" << f.getWidth() << ") of template dimension " << d
               << " over " << p << " ranks does not fit 64-bit indices ("
               << f.getWidth() << " x " << p << " + " << n << " > 2^63-1)";
    }
    // block(n): the blocks of the grid axis' ranks cover the dimension.
    if (f.getKind() == DistKind::blockn) {
      int64_t p = gshape[getGridAxis(d)], cover = 0;
      if (!ShapedType::isDynamic(p) && !ShapedType::isDynamic(tshape[d]) &&
          !__builtin_mul_overflow(f.getWidth(), p, &cover) &&
          cover < tshape[d])
        return emitOpError()
               << "block(" << f.getWidth() << ") of template dimension " << d
               << " over " << p << " ranks covers " << cover << " of its "
               << tshape[d] << " elements";
    }
    if (f.getKind() != DistKind::gblock || f.isGBlockStar())
      continue;
    int64_t axis = getGridAxis(d);
    int64_t p = gshape[axis];
    if (!ShapedType::isDynamic(p) && (int64_t)f.getSizes().size() != p)
      return emitOpError() << "gblock of template dimension " << d << " has "
                           << f.getSizes().size() << " sizes but grid axis "
                           << axis << " has " << p << " ranks";
    int64_t sum = 0;
    for (int64_t s : f.getSizes())
      if (__builtin_add_overflow(sum, s, &sum))
        return emitOpError() << "gblock sizes of template dimension " << d
                             << " sum to more than 2^63-1";
    if (!ShapedType::isDynamic(tshape[d]) && sum != tshape[d])
      return emitOpError() << "gblock sizes of template dimension " << d
                           << " sum to " << sum << " but the dimension has "
                           << tshape[d] << " elements";
  }
  // A template is distributed once.
  Operation *table = SymbolTable::getNearestSymbolTable(*this);
  DistributeOp first;
  for (Region &region : table->getRegions())
    for (Block &block : region)
      for (auto d : block.getOps<DistributeOp>())
        if (!first && d.getTmpl() == getTmpl())
          first = d;
  if (first && first != *this)
    return emitOpError() << "template " << getTmplAttr()
                         << " is already distributed";
  return success();
}

LogicalResult
TemplateFixOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto tmpl = lookupSymbol<TemplateOp>(*this, symbolTable, getTmplAttr(),
                                       "template", "xmp.template");
  if (failed(tmpl))
    return failure();
  // gblock(*) dimensions: one i64 memref each, one entry per rank.
  DistributeOp dist = tmpl->getDistribution();
  SmallVector<unsigned> stars;
  if (dist)
    for (unsigned d = 0; d < dist.getFormats().size(); ++d)
      if (dist.getFormat(d).isGBlockStar())
        stars.push_back(d);
  if (stars.size() != getGblocks().size())
    return emitOpError() << "template " << getTmplAttr() << " has "
                         << stars.size()
                         << " gblock(*) dimension(s) but the op gives "
                         << getGblocks().size()
                         << " gblock size list(s) (one memref<...xi64> per "
                            "gblock(*) dimension, in order)";
  if (!stars.empty()) {
    auto nodes = lookupSymbol<NodesOp>(*this, symbolTable,
                                       dist.getNodesAttr(), "grid",
                                       "xmp.nodes");
    if (failed(nodes))
      return failure();
    for (auto [i, d] : llvm::enumerate(stars)) {
      int64_t axis = dist.getGridAxis(d);
      int64_t p = nodes->getShape()[axis];
      auto mt = llvm::cast<MemRefType>(getGblocks()[i].getType());
      if (!mt.getLayout().isIdentity())
        return emitOpError() << "gblock size list " << i
                             << " must be a contiguous memref (identity "
                                "layout), got "
                             << mt;
      int64_t n = mt.getShape()[0];
      if (!ShapedType::isDynamic(p) && !ShapedType::isDynamic(n) && n != p)
        return emitOpError() << "gblock size list " << i << " (template "
                             << "dimension " << d << ") has " << n
                             << " entries but grid axis " << axis
                             << " has " << p << " ranks";
    }
  }
  unsigned numDyn = llvm::count(tmpl->getShape(), ShapedType::kDynamic);
  // A static template (declared so, or specialized at compile time by
  // xmp-specialize-shapes) takes every size: a run-time check.
  if (numDyn == 0 && getSizes().size() == tmpl->getRank())
    return success();
  if (numDyn == 0 && !getSizes().empty())
    return emitOpError() << "template " << getTmplAttr()
                         << " has no '?' sizes: give all "
                         << tmpl->getRank()
                         << " sizes (checked at run time) or none, not "
                         << getSizes().size();
  if (numDyn != getSizes().size())
    return emitOpError() << "template " << getTmplAttr() << " has "
                         << numDyn << " '?' sizes but " << getSizes().size()
                         << " values are given";
  return success();
}

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

LogicalResult AllocOp::verify() {
  auto type = getResult().getType();
  if (type.getNumDynamicDims() != getDynamicSizes().size())
    return emitOpError() << "type has " << type.getNumDynamicDims()
                         << " '?' sizes but " << getDynamicSizes().size()
                         << " size operands are given";
  return success();
}

LogicalResult AllocOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyDArrayUse(*this, getResult().getType(), symbolTable);
}

/// Every darray operand must fit its template, distribution and grid.
static LogicalResult verifyDArrayOperands(Operation *op,
                                          SymbolTableCollection &st) {
  for (Value v : op->getOperands())
    if (auto t = llvm::dyn_cast<DArrayType>(v.getType()))
      if (failed(verifyDArrayUse(op, t, st)))
        return failure();
  return success();
}

#define XMP_DARRAY_SYMBOL_USES(OP)                                             \
  LogicalResult OP::verifySymbolUses(SymbolTableCollection &st) {              \
    return verifyDArrayOperands(*this, st);                                    \
  }
XMP_DARRAY_SYMBOL_USES(DeallocOp)
XMP_DARRAY_SYMBOL_USES(LoadOp)
XMP_DARRAY_SYMBOL_USES(StoreOp)
XMP_DARRAY_SYMBOL_USES(LocalViewOp)
XMP_DARRAY_SYMBOL_USES(ReflectOp)
XMP_DARRAY_SYMBOL_USES(ReflectInitOp)
XMP_DARRAY_SYMBOL_USES(ReduceShadowOp)
XMP_DARRAY_SYMBOL_USES(ReduceShadowInitOp)
XMP_DARRAY_SYMBOL_USES(ReplicateOp)
XMP_DARRAY_SYMBOL_USES(ReplicateSyncOp)
XMP_DARRAY_SYMBOL_USES(DeviceAcquireOp)
XMP_DARRAY_SYMBOL_USES(DeviceReleaseOp)
XMP_DARRAY_SYMBOL_USES(HostModifiedOp)
XMP_DARRAY_SYMBOL_USES(HostAcquireOp)
XMP_DARRAY_SYMBOL_USES(SplitCommitOp)
XMP_DARRAY_SYMBOL_USES(CheckHoldsOp)
#undef XMP_DARRAY_SYMBOL_USES

static LogicalResult verifyIndexCount(Operation *op, DArrayType type,
                                      size_t count) {
  if (count != type.getRank())
    return op->emitOpError() << "expects " << type.getRank()
                             << " indices for an array of rank "
                             << type.getRank() << ", got " << count;
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyIndexCount(*this, getArray().getType(), getIndices().size());
}

LogicalResult StoreOp::verify() {
  return verifyIndexCount(*this, getArray().getType(), getIndices().size());
}

LogicalResult CheckHoldsOp::verify() {
  if (!getIndexBaseValues().empty()) {
    if (getIndexBase())
      return emitOpError("gives index_base both as constants and as values");
    if (getIndexBaseValues().size() != getArray().getType().getRank())
      return emitOpError() << "has " << getIndexBaseValues().size()
                           << " base values but the array has rank "
                           << getArray().getType().getRank();
  }
  if (auto base = getIndexBase()) {
    if (base->size() != getArray().getType().getRank())
      return emitOpError() << "index_base has " << base->size()
                           << " entries but the array has rank "
                           << getArray().getType().getRank();
    if (llvm::any_of(*base, [](int64_t v) { return v < 0; }))
      return emitOpError() << "index_base entries must not be negative";
  }
  return verifyIndexCount(*this, getArray().getType(), getIndices().size());
}

/// A view of a darray's local block: same element type and rank.
static LogicalResult verifyLocalView(Operation *op, DArrayType type,
                                     Type viewType) {
  auto view = llvm::cast<MemRefType>(viewType);
  if (view.getElementType() != type.getElementType())
    return op->emitOpError() << "view element type " << view.getElementType()
                             << " differs from the array's "
                             << type.getElementType();
  if (view.getRank() != type.getRank())
    return op->emitOpError() << "view has rank " << view.getRank()
                             << " but the array has rank " << type.getRank();
  return success();
}

LogicalResult LocalViewOp::verify() {
  return verifyLocalView(*this, getArray().getType(), getView().getType());
}

LogicalResult DeviceAcquireOp::verify() {
  return verifyLocalView(*this, getArray().getType(), getView().getType());
}

LogicalResult LocalBoundsOp::verifySymbolUses(SymbolTableCollection &st) {
  if (failed(verifyDArrayOperands(*this, st)))
    return failure();
  // A cyclic dimension's owned elements are not a range: known here, not
  // only when the runtime is asked.
  DArrayType type = getArray().getType();
  int64_t a = type.getAlign()[getDim()];
  if (a == DArrayType::kNotAligned || type.isFullShadow(getDim()))
    return success();
  auto tmpl =
      st.lookupNearestSymbolFrom<TemplateOp>(*this, type.getTemplateRef());
  DistributeOp dist = tmpl ? tmpl.getDistribution() : DistributeOp();
  if (dist && a < (int64_t)dist.getFormats().size() &&
      dist.getFormat(a).getKind() == DistKind::cyclic)
    return emitOpError() << "dimension " << getDim()
                         << " is aligned to cyclic-distributed template "
                            "dimension "
                         << a << " of " << type.getTemplateRef()
                         << ": its owned elements are not a range (iterate "
                            "with xmp.loop)";
  return success();
}

LogicalResult LocalBoundsOp::verify() {
  if (getDim() < 0 || getDim() >= (int64_t)getArray().getType().getRank())
    return emitOpError() << "dimension " << getDim()
                         << " is out of range for an array of rank "
                         << getArray().getType().getRank();
  return success();
}

/// The array inquiries name one dimension of their darray.
template <typename OpT>
static LogicalResult verifyArrayDim(OpT op) {
  int64_t rank = op.getArray().getType().getRank();
  if (op.getDim() < 0 || op.getDim() >= rank)
    return op.emitOpError() << "dimension " << op.getDim()
                            << " is out of range for an array of rank "
                            << rank;
  return success();
}
LogicalResult ArrayLSizeOp::verify() { return verifyArrayDim(*this); }
LogicalResult ArrayExtentOp::verify() { return verifyArrayDim(*this); }
LogicalResult ArrayGtoLOp::verify() { return verifyArrayDim(*this); }
LogicalResult ArrayGSizeOp::verify() { return verifyArrayDim(*this); }
LogicalResult ArrayGSizeOp::verifySymbolUses(SymbolTableCollection &st) {
  return verifyDArrayOperands(*this, st);
}
OpFoldResult ArrayGSizeOp::fold(FoldAdaptor) {
  ArrayRef<int64_t> shape = getArray().getType().getShape();
  int64_t d = (int64_t)getDim();
  if (d < 0 || d >= (int64_t)shape.size() || ShapedType::isDynamic(shape[d]))
    return {};
  return IntegerAttr::get(IndexType::get(getContext()), shape[d]);
}
LogicalResult ArrayLSizeOp::verifySymbolUses(SymbolTableCollection &st) {
  return verifyDArrayOperands(*this, st);
}
LogicalResult ArrayExtentOp::verifySymbolUses(SymbolTableCollection &st) {
  return verifyDArrayOperands(*this, st);
}
LogicalResult ArrayGtoLOp::verifySymbolUses(SymbolTableCollection &st) {
  return verifyDArrayOperands(*this, st);
}

template <typename OpT>
static FailureOr<TemplateOp> verifyTemplateDim(OpT op,
                                               SymbolTableCollection &st) {
  auto tmpl = lookupSymbol<TemplateOp>(op, st, op.getTmplAttr(), "template",
                                       "xmp.template");
  if (failed(tmpl))
    return failure();
  if (op.getDim() < 0 || op.getDim() >= (int64_t)tmpl->getRank())
    return op.emitOpError() << "dimension " << op.getDim()
                            << " is out of range for template "
                            << op.getTmplAttr() << " of rank "
                            << tmpl->getRank();
  return tmpl;
}

LogicalResult
TemplateOwnsOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyTemplateDim(*this, symbolTable);
}

LogicalResult
TemplateBoundsOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto tmpl = verifyTemplateDim(*this, symbolTable);
  if (failed(tmpl))
    return failure();
  if (DistributeOp dist = tmpl->getDistribution())
    if ((unsigned)getDim() < dist.getFormats().size() &&
        dist.getFormat(getDim()).getKind() == DistKind::cyclic)
      return emitOpError() << "template dimension " << getDim()
                           << " is cyclic: its owned set is not a range";
  return success();
}

LogicalResult
TemplateCoordOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyTemplateDim(*this, symbolTable);
}

LogicalResult
LoopSplitOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyTemplateDim(*this, symbolTable);
}

LogicalResult LoopSplitOp::verify() {
  int64_t grain = static_cast<int64_t>(getGrain());
  if (grain < 1)
    return emitOpError() << "grain must be at least 1, got " << grain;
  return success();
}

LogicalResult SplitCommitOp::verify() {
  int64_t rank = getArray().getType().getRank();
  int64_t dim = static_cast<int64_t>(getDim());
  if (dim < 0 || dim >= rank)
    return emitOpError() << "dimension " << dim
                         << " is out of range for an array of rank " << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

template <typename OpT>
static ParseResult parseLoopLike(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  SmallVector<OpAsmParser::Argument> ivs;
  SmallVector<OpAsmParser::UnresolvedOperand> lbs, ubs, steps, inits;
  if (parser.parseArgumentList(ivs, OpAsmParser::Delimiter::Paren) ||
      parser.parseEqual() ||
      parser.parseOperandList(lbs, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("to") ||
      parser.parseOperandList(ubs, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("step") ||
      parser.parseOperandList(steps, OpAsmParser::Delimiter::Paren))
    return failure();
  Type indexType = b.getIndexType();
  for (auto &iv : ivs)
    iv.type = indexType;
  if (parser.resolveOperands(lbs, indexType, result.operands) ||
      parser.resolveOperands(ubs, indexType, result.operands) ||
      parser.resolveOperands(steps, indexType, result.operands))
    return failure();

  FlatSymbolRefAttr tmpl;
  SmallVector<int64_t> on;
  if (parser.parseKeyword("on") ||
      parser.parseAttribute(tmpl, "tmpl", result.attributes) ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        on.push_back(v);
        return success();
      }))
    return failure();
  result.addAttribute("onDims", b.getDenseI64ArrayAttr(on));

  // weight(...) and block_size [...]: device loops only (on xmp.loop the
  // keywords are not part of the syntax).
  constexpr bool isDevice = std::is_same_v<OpT, DeviceLoopOp>;
  OpAsmParser::UnresolvedOperand weight;
  bool hasWeight = false;
  if (isDevice && succeeded(parser.parseOptionalKeyword("weight"))) {
    if (parser.parseLParen())
      return failure();
    if (succeeded(parser.parseOptionalKeyword("auto"))) {
      result.addAttribute("weightAuto", b.getUnitAttr());
    } else {
      if (parser.parseOperand(weight))
        return failure();
      hasWeight = true;
    }
    if (parser.parseRParen())
      return failure();
  }
  if (isDevice && succeeded(parser.parseOptionalKeyword("block_size"))) {
    SmallVector<int64_t> bs;
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          int64_t v;
          if (parser.parseInteger(v))
            return failure();
          bs.push_back(v);
          return success();
        }))
      return failure();
    result.addAttribute("blockSize", b.getDenseI64ArrayAttr(bs));
  }
  OpAsmParser::UnresolvedOperand overlap;
  bool hasOverlap = false;
  if (succeeded(parser.parseOptionalKeyword("overlap"))) {
    DenseI64ArrayAttr lo, hi;
    if (parser.parseLParen() || parser.parseOperand(overlap) ||
        parser.parseKeyword("margin") || parseLoHiList(parser, lo, hi) ||
        parser.parseRParen())
      return failure();
    hasOverlap = true;
    result.addAttribute("marginLo", lo);
    result.addAttribute("marginHi", hi);
  }
  // expand [lo:hi, unbound lo:hi, ...] and margin [...] (the same list):
  // one entry per induction variable. Both may be written (in either
  // order): the verifier says why they do not go together.
  for (int i = 0; i < 2; ++i) {
    StringRef clause = succeeded(parser.parseOptionalKeyword("expand"))
                           ? "expand"
                       : succeeded(parser.parseOptionalKeyword("margin"))
                           ? "margin"
                           : "";
    if (clause.empty())
      break;
    std::string prefix = clause == "expand" ? "expand" : "frame";
    DenseI64ArrayAttr lo, hi;
    SmallVector<bool> unbound;
    if (result.attributes.get(prefix + "Lo"))
      return parser.emitError(parser.getCurrentLocation())
             << "'" << clause << "' is given twice";
    if (parseLoHiList(parser, lo, hi, &unbound))
      return failure();
    result.addAttribute(prefix + "Lo", lo);
    result.addAttribute(prefix + "Hi", hi);
    if (llvm::is_contained(unbound, true))
      result.addAttribute(prefix + "Unbound", b.getDenseBoolArrayAttr(unbound));
  }
  SmallVector<Type> resultTypes;
  if (succeeded(parser.parseOptionalKeyword("reduce"))) {
    SmallVector<Attribute> kinds;
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&] {
          ReductionKind k;
          if (parseEnumKeyword(parser, k, "reduction kind"))
            return failure();
          kinds.push_back(ReductionKindAttr::get(parser.getContext(), k));
          return success();
        }) ||
        parser.parseKeyword("init") ||
        parser.parseOperandList(inits, OpAsmParser::Delimiter::Paren) ||
        parser.parseArrowTypeList(resultTypes))
      return failure();
    result.addAttribute("reduceKinds", b.getArrayAttr(kinds));
    if (inits.size() != resultTypes.size())
      return parser.emitError(parser.getCurrentLocation())
             << inits.size() << " init values but " << resultTypes.size()
             << " result types";
    if (parser.resolveOperands(inits, resultTypes,
                               parser.getCurrentLocation(), result.operands))
      return failure();
    result.addTypes(resultTypes);
  }
  if (hasWeight &&
      parser.resolveOperand(weight, b.getF64Type(), result.operands))
    return failure();
  if (hasOverlap && parser.resolveOperand(overlap,
                                          TokenType::get(parser.getContext()),
                                          result.operands))
    return failure();
  SmallVector<int32_t> segments = {(int32_t)lbs.size(), (int32_t)ubs.size(),
                                   (int32_t)steps.size(),
                                   (int32_t)inits.size()};
  if (isDevice)
    segments.push_back(hasWeight ? 1 : 0);
  segments.push_back(hasOverlap ? 1 : 0);
  result.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr(segments));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, ivs))
    return failure();
  OpT::ensureTerminator(*body, b, result.location);
  return success();
}

template <typename OpT>
static void printLoopLike(OpT op, OpAsmPrinter &p) {
  p << " (";
  llvm::interleaveComma(op.getInductionVars(), p,
                        [&](Value v) { p.printOperand(v); });
  p << ") = (" << op.getLowerBounds() << ") to (" << op.getUpperBounds()
    << ") step (" << op.getSteps() << ") on " << op.getTmplAttr() << " [";
  llvm::interleaveComma(op.getOnDims(), p);
  p << "]";
  if constexpr (std::is_same_v<OpT, DeviceLoopOp>) {
    if (op.getWeight())
      p << " weight(" << op.getWeight() << ")";
    else if (op.getWeightAuto())
      p << " weight(auto)";
    if (op.getBlockSize()) {
      p << " block_size [";
      llvm::interleaveComma(*op.getBlockSize(), p);
      p << "]";
    }
  }
  if (Value tok = op.getOverlap()) {
    p << " overlap(" << tok << " margin ";
    printLoHiList(p, op.getMarginLo() ? *op.getMarginLo() : ArrayRef<int64_t>(),
                  op.getMarginHi() ? *op.getMarginHi() : ArrayRef<int64_t>());
    p << ")";
  }
  auto printWidths = [&](StringRef clause, std::optional<ArrayRef<int64_t>> lo,
                         std::optional<ArrayRef<int64_t>> hi,
                         llvm::function_ref<bool(unsigned)> unbound) {
    if (!lo || !hi)
      return;
    p << " " << clause << " [";
    for (size_t k = 0; k < lo->size(); ++k) {
      if (k)
        p << ", ";
      if (unbound(k))
        p << "unbound ";
      p << (*lo)[k] << ":" << (k < hi->size() ? (*hi)[k] : 0);
    }
    p << "]";
  };
  printWidths("expand", op.getExpandLo(), op.getExpandHi(),
              [&](unsigned k) { return op.isExpandUnbound(k); });
  printWidths("margin", op.getFrameLo(), op.getFrameHi(),
              [&](unsigned k) { return op.isFrameUnbound(k); });
  if (!op.getReduceInits().empty()) {
    p << " reduce(";
    llvm::interleaveComma(*op.getReduceKinds(), p, [&](Attribute a) {
      p << stringifyEnum(llvm::cast<ReductionKindAttr>(a).getValue());
    });
    p << ") init(" << op.getReduceInits() << ")";
    p.printArrowTypeList(op.getResultTypes());
  }
  p.printOptionalAttrDictWithKeyword(
      op->getAttrs(), {"tmpl", "onDims", "weightAuto", "blockSize",
                       "reduceKinds", "operandSegmentSizes", "marginLo",
                       "marginHi", "expandLo", "expandHi", "expandUnbound",
                       "frameLo", "frameHi", "frameUnbound"});
  p << " ";
  p.printRegion(op.getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/!op.getReduceInits().empty());
}

template <typename OpT>
static LogicalResult verifyLoopLike(OpT op) {
  unsigned n = op.getLowerBounds().size();
  if (n == 0)
    return op.emitOpError("needs at least one induction variable");
  if (op.getUpperBounds().size() != n || op.getSteps().size() != n)
    return op.emitOpError() << "has " << n << " lower bounds, "
                            << op.getUpperBounds().size()
                            << " upper bounds and " << op.getSteps().size()
                            << " steps; they must match";
  if (op.getBodyBlock()->getNumArguments() != n)
    return op.emitOpError() << "body has "
                            << op.getBodyBlock()->getNumArguments()
                            << " arguments but the loop has " << n
                            << " induction variables";
  if (op.getOnDims().size() != n)
    return op.emitOpError()
           << "'on' lists " << op.getOnDims().size()
           << " template dimensions but the loop has " << n
           << " induction variables";
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t d : op.getOnDims()) {
    if (d < 0)
      return op.emitOpError() << "'on' names negative template dimension "
                              << d;
    if (!seen.insert(d).second)
      return op.emitOpError()
             << "'on' names template dimension " << d << " twice";
  }
  if (op.getOverlap() || op.getMarginLo() || op.getMarginHi()) {
    if (!op.getOverlap() || !op.getMarginLo() || !op.getMarginHi())
      return op.emitOpError(
          "overlap needs both a reflect token and margins");
    if (op.getMarginLo()->size() != n || op.getMarginHi()->size() != n)
      return op.emitOpError()
             << "overlap margin lists " << op.getMarginLo()->size()
             << " dimensions but the loop has " << n
             << " induction variables";
    for (unsigned k = 0; k < n; ++k)
      if ((*op.getMarginLo())[k] < 0 || (*op.getMarginHi())[k] < 0)
        return op.emitOpError()
               << "overlap margin of dimension " << k
               << " must not be negative, got " << (*op.getMarginLo())[k]
               << ":" << (*op.getMarginHi())[k];
  }
  size_t numRed = op.getReduceInits().size();
  // expand and margin: the same width lists (one lo:hi per induction
  // variable, non-negative, optionally unbound); neither goes with overlap
  // or weight; expand not with reduce (margin's reduction counts what each
  // node runs, docs/dialect.md).
  auto verifyWidths = [&](StringRef clause,
                          std::optional<ArrayRef<int64_t>> lo,
                          std::optional<ArrayRef<int64_t>> hi,
                          std::optional<ArrayRef<bool>> unbound)
      -> LogicalResult {
    if (!lo && !hi && !unbound)
      return success();
    if (!lo || !hi)
      return op.emitOpError() << clause << " needs both lower and upper widths";
    if (lo->size() != n || hi->size() != n || (unbound && unbound->size() != n))
      return op.emitOpError()
             << clause << " lists " << lo->size()
             << " dimensions but the loop has " << n << " induction variables";
    for (unsigned k = 0; k < n; ++k)
      if ((*lo)[k] < 0 || (*hi)[k] < 0)
        return op.emitOpError()
               << clause << " width of dimension " << k
               << " must not be negative, got " << (*lo)[k] << ":" << (*hi)[k];
    if (clause == "expand" && numRed)
      return op.emitOpError(
          "expand cannot be combined with reduce: the iterations that "
          "neighbouring nodes both run would be counted twice");
    if (op.getOverlap())
      return op.emitOpError()
             << clause
             << " cannot be combined with overlap: the "
             << (clause == "expand" ? "expanded" : "margin")
             << " iterations read the halo the overlapped reflect is still "
                "filling";
    if constexpr (std::is_same_v<OpT, DeviceLoopOp>)
      if (op.getWeight() || op.getWeightAuto())
        return op.emitOpError()
               << clause
               << " cannot be combined with weight: a split loop divides a "
                  "node's owned iterations between GPU and CPU, and the "
               << (clause == "expand" ? "expanded" : "margin")
               << " ones are not owned (such a device loop runs on the GPU)";
    return success();
  };
  if (failed(verifyWidths("expand", op.getExpandLo(), op.getExpandHi(),
                          op.getExpandUnbound())) ||
      failed(verifyWidths("margin", op.getFrameLo(), op.getFrameHi(),
                          op.getFrameUnbound())))
    return failure();
  if (op.getExpandLo() && op.getFrameLo())
    return op.emitOpError(
        "has both expand and margin, which are mutually exclusive: expand "
        "runs the node's iterations and the widened ones, margin only the "
        "widened ones (write two loops to run both)");
  size_t numKinds = op.getReduceKinds() ? op.getReduceKinds()->size() : 0;
  if (numKinds != numRed)
    return op.emitOpError() << "has " << numKinds << " reduction kinds but "
                            << numRed << " init values";
  if (op.getNumResults() != numRed)
    return op.emitOpError() << "has " << op.getNumResults()
                            << " results but " << numRed << " reductions";
  for (size_t i = 0; i < numRed; ++i) {
    Type t = op.getReduceInits()[i].getType();
    if (t != op.getResult(i).getType())
      return op.emitOpError() << "init " << i << " has type " << t
                              << " but result " << i << " has type "
                              << op.getResult(i).getType();
    if (!t.isIntOrFloat() && !llvm::isa<ComplexType>(t))
      return op.emitOpError() << "reduction " << i
                              << " must be on an integer, float or complex "
                                 "scalar, got "
                              << t;
    if (isLocationReductionKind(op.getReduceKind(i)))
      return op.emitOpError()
             << "reduction " << i << ": location kind '"
             << stringifyEnum(op.getReduceKind(i))
             << "' is not a loop reduction (it carries location values): "
                "reduce with max/min in the loop and use xmp.reduction "
             << stringifyEnum(op.getReduceKind(i)) << " with loc(...)";
    if (!isReductionKindCompatible(op.getReduceKind(i), t))
      return op.emitOpError()
             << "reduction kind '" << stringifyEnum(op.getReduceKind(i))
             << "' does not apply to element type " << t;
  }
  auto yield = llvm::cast<YieldOp>(op.getBodyBlock()->getTerminator());
  if (yield.getValues().size() != numRed)
    return op.emitOpError() << "body yields " << yield.getValues().size()
                            << " values but the loop has " << numRed
                            << " reductions";
  for (size_t i = 0; i < numRed; ++i)
    if (yield.getValues()[i].getType() != op.getResult(i).getType())
      return op.emitOpError() << "yielded value " << i << " has type "
                              << yield.getValues()[i].getType()
                              << " but the reduction has type "
                              << op.getResult(i).getType();
  return success();
}

template <typename OpT>
static LogicalResult verifyLoopSymbols(OpT op,
                                       SymbolTableCollection &symbolTable) {
  auto tmpl = lookupSymbol<TemplateOp>(op, symbolTable, op.getTmplAttr(),
                                       "loop template", "xmp.template");
  if (failed(tmpl))
    return failure();
  for (int64_t d : op.getOnDims())
    if (d >= (int64_t)tmpl->getRank())
      return op.emitOpError()
             << "'on' names template dimension " << d << " but "
             << op.getTmplAttr() << " has rank " << tmpl->getRank();
  // The interior of an overlapped loop and the widened range of an
  // expanded one are ranges of each dimension's owned iterations: not on
  // cyclic dimensions, whose owned iterations are not one range.
  DistributeOp dist = tmpl->getDistribution();
  auto blockLike = [&](StringRef what,
                       llvm::function_ref<bool(unsigned)> used) -> LogicalResult {
    for (auto [k, d] : llvm::enumerate(op.getOnDims()))
      if (dist && used(k) && dist.getFormat(d).getKind() == DistKind::cyclic)
        return op.emitOpError()
               << what << " on dimension " << k << " (template "
               << op.getTmplAttr() << " dimension " << d
               << ") needs a block-like distribution, but it is cyclic";
    return success();
  };
  if (op.getOverlap() && failed(blockLike("overlap margin", [&](unsigned k) {
        return (*op.getMarginLo())[k] || (*op.getMarginHi())[k];
      })))
    return failure();
  if (op.getExpandLo() && failed(blockLike("expand", [&](unsigned k) {
        return (*op.getExpandLo())[k] || (*op.getExpandHi())[k] ||
               op.isExpandUnbound(k);
      })))
    return failure();
  if (op.getFrameLo() && failed(blockLike("margin", [&](unsigned k) {
        return (*op.getFrameLo())[k] || (*op.getFrameHi())[k] ||
               op.isFrameUnbound(k);
      })))
    return failure();
  return success();
}

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseLoopLike<LoopOp>(parser, result);
}
void LoopOp::print(OpAsmPrinter &p) { printLoopLike(*this, p); }
LogicalResult LoopOp::verify() { return verifyLoopLike(*this); }
LogicalResult LoopOp::verifySymbolUses(SymbolTableCollection &st) {
  return verifyLoopSymbols(*this, st);
}

ParseResult DeviceLoopOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseLoopLike<DeviceLoopOp>(parser, result);
}
void DeviceLoopOp::print(OpAsmPrinter &p) { printLoopLike(*this, p); }
void LoopOp::moveOutOfLoop(Operation *op) { op->moveBefore(*this); }

/// Besides the effects of their bodies (RecursiveMemoryEffects), loops that
/// reduce across the nodes or wait for an overlapped reflect are collective:
/// they write CollectiveResource, so that they are neither erased when
/// their results are unused nor sunk into a branch, even with a pure body.
template <typename LoopT>
static void
collectiveLoopEffects(LoopT loop,
                      SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (!loop.getReduceInits().empty() || loop.getOverlap())
    effects.emplace_back(MemoryEffects::Write::get(),
                         CollectiveResource::get());
}

void LoopOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  collectiveLoopEffects(*this, effects);
}

void DeviceLoopOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  collectiveLoopEffects(*this, effects);
}
// Loop-invariant code motion hoists what it finds invariant, pure and
// speculatable; a device loop's body may not use a memref defined outside
// it (the verifier below), so an op with a memref result (memref.get_global,
// pure and without operands) stays where it is, and with it what uses it.
void DeviceLoopOp::moveOutOfLoop(Operation *op) {
  if (llvm::any_of(op->getResultTypes(), llvm::IsaPred<BaseMemRefType>))
    return;
  op->moveBefore(*this);
}

// What a device loop may contain (docs/dialect.md, "What a device loop may
// contain"): its body runs once per iteration on GPU threads or CPU cores,
// with no host of its own, in the CPU and in the GPU build alike.
LogicalResult DeviceLoopOp::verify() {
  if (failed(verifyLoopLike(*this)))
    return failure();
  if (getWeight() && getWeightAuto())
    return emitOpError("has both a weight value and weight(auto)");
  if (auto bs = getBlockSize()) {
    if (bs->empty() || bs->size() > 3)
      return emitOpError("block_size needs 1 to 3 entries");
    for (int64_t v : *bs)
      if (v <= 0)
        return emitOpError("block_size entries must be positive");
  }
  Region &body = getBody();
  WalkResult r = body.walk([&](Operation *op) -> WalkResult {
    if (isa<DeviceLoopOp>(op))
      return op->emitOpError()
             << "cannot be nested in another xmp.device_loop (one device "
                "loop is one kernel: give the outer loop both dimensions, or "
                "make the inner one an xmp.loop, which runs sequentially in "
                "each iteration)";
    if (op->getDialect() == getOperation()->getDialect() &&
        !isa<LoadOp, StoreOp, YieldOp, LoopOp>(op))
      return op->emitOpError()
             << "is not allowed inside an xmp.device_loop (its body runs on "
                "the GPU threads or CPU cores, one iteration each: only "
                "xmp.load, xmp.store and nested xmp.loop can be used there)";
    if (auto call = dyn_cast<CallOpInterface>(op))
      if (!llvm::isa_and_present<SymbolRefAttr>(call.getCallableForCallee()))
        return op->emitOpError()
               << "is an indirect call inside an xmp.device_loop (only "
                  "functions of the module called by name can run there)";
    for (Value v : op->getOperands())
      if (llvm::isa<BaseMemRefType>(v.getType()) &&
          !body.isAncestor(v.getParentRegion()))
        return op->emitOpError()
               << "uses a memref defined outside the xmp.device_loop ("
               << v.getType()
               << "): host memory is not accessible there; a device loop "
                  "reaches distributed data through darrays (xmp.load / "
                  "xmp.store) and may use memrefs it allocates itself";
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

namespace {
/// Whether the functions a device loop calls can run there (the GPU build
/// compiles them for the device): defined in the module, not recursive, on
/// scalars, without xmp operations or global memrefs, and the same for
/// what they call. Problems are memoized per function.
class DeviceCalleeCheck {
public:
  explicit DeviceCalleeCheck(SymbolTableCollection &st) : st(st) {}

  /// Why `call` cannot be made in a device loop, or "".
  std::string problem(CallOpInterface call) {
    auto sym = llvm::dyn_cast_if_present<SymbolRefAttr>(
        call.getCallableForCallee());
    if (!sym)
      return "it is an indirect call (a device loop calls functions by name)";
    std::string name = "@" + sym.getLeafReference().str();
    Operation *target = st.lookupNearestSymbolFrom(call, sym);
    auto fn = llvm::dyn_cast_or_null<FunctionOpInterface>(target);
    if (!fn)
      return name + " is not a function of the module";
    if (llvm::is_contained(path, fn.getOperation())) {
      std::string chain;
      bool on = false;
      for (Operation *f : path) {
        on = on || f == fn.getOperation();
        if (on)
          chain += "@" + cast<FunctionOpInterface>(f).getName().str() + " -> ";
      }
      return name + " is recursive (" + chain + name +
             "): functions called from a device loop must not be";
    }
    auto it = memo.find(fn.getOperation());
    if (it != memo.end())
      return it->second;
    std::string why = check(fn, name);
    memo[fn.getOperation()] = why;
    return why;
  }

private:
  std::string check(FunctionOpInterface fn, const std::string &name) {
    if (fn.isExternal())
      return name + " is only declared (external), not defined in the "
                    "module: a device loop calls functions defined in the "
                    "module, which are compiled for the GPU as well";
    auto typeStr = [](Type t) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << t;
      return s;
    };
    for (ArrayRef<Type> types : {fn.getArgumentTypes(), fn.getResultTypes()})
      for (Type t : types)
        if (llvm::isa<DArrayType, BaseMemRefType>(t))
          return name + " has a parameter or result of type '" + typeStr(t) +
                 "': functions called from a device loop work on values "
                 "(darrays are accessed in the loop body)";
    path.push_back(fn.getOperation());
    std::string why;
    Dialect *xmpDialect = fn->getContext()->getLoadedDialect<XMPDialect>();
    fn.getFunctionBody().walk([&](Operation *op) {
      if (op->getDialect() == xmpDialect)
        why = name + " uses '" + op->getName().getStringRef().str() +
              "': xmp operations are not available in functions called "
              "from a device loop (access darrays in the loop body)";
      else if (isa<memref::GetGlobalOp>(op))
        why = name + " reads a global memref (host memory)";
      else if (isa<memref::AllocOp, memref::DeallocOp>(op))
        why = name + " allocates heap memory ('" +
              op->getName().getStringRef().str() +
              "'; memref.alloca is available)";
      else if (auto call = dyn_cast<CallOpInterface>(op)) {
        why = problem(call);
        if (!why.empty())
          why += " (called from " + name + ")";
      }
      return why.empty() ? WalkResult::advance() : WalkResult::interrupt();
    });
    path.pop_back();
    return why;
  }

  SymbolTableCollection &st;
  SmallVector<Operation *> path;
  llvm::DenseMap<Operation *, std::string> memo;
};
} // namespace

std::string mlir::xmp::deviceCallProblem(CallOpInterface call,
                                         SymbolTableCollection &st) {
  return DeviceCalleeCheck(st).problem(call);
}

LogicalResult DeviceLoopOp::verifySymbolUses(SymbolTableCollection &st) {
  if (failed(verifyLoopSymbols(*this, st)))
    return failure();
  DeviceCalleeCheck callees(st);
  WalkResult r = getBody().walk([&](Operation *op) -> WalkResult {
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      std::string why = callees.problem(call);
      if (!why.empty()) {
        auto sym = llvm::dyn_cast_if_present<SymbolRefAttr>(
            call.getCallableForCallee());
        return op->emitOpError()
               << "calls @" << (sym ? sym.getLeafReference().str() : "?")
               << ", which cannot run inside an xmp.device_loop: " << why;
      }
    }
    // A nested loop runs sequentially in each iteration, over the
    // iterations its node owns; a reduction over a distributed dimension
    // would have to be combined across nodes inside the device loop.
    auto inner = dyn_cast<LoopOp>(op);
    if (!inner || inner.getReduceInits().empty())
      return WalkResult::advance();
    auto tmpl = llvm::dyn_cast_or_null<TemplateOp>(
        st.lookupNearestSymbolFrom(inner, inner.getTmplAttr()));
    DistributeOp dist = tmpl ? tmpl.getDistribution() : DistributeOp();
    if (!dist)
      return WalkResult::advance(); // the loop's own verifier says why
    for (int64_t d : inner.getOnDims())
      if (d < (int64_t)dist.getFormats().size() &&
          dist.getFormat(d).isDistributed())
        return inner.emitOpError()
               << "nested in an xmp.device_loop reduces over template "
                  "dimension "
               << d << " of " << inner.getTmplAttr()
               << ", which is distributed: its value would have to be "
                  "combined across nodes inside the device loop; a nested "
                  "loop may reduce over undistributed ('*') dimensions only";
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Device data
//===----------------------------------------------------------------------===//

LogicalResult ReplicateOp::verify() {
  if (getArrays().empty())
    return emitOpError("needs at least one array");
  if (!getBody().front().getTerminator() ||
      !cast<YieldOp>(getBody().front().getTerminator()).getValues().empty())
    return emitOpError("region must end in an xmp.yield without values");
  return success();
}

LogicalResult CpuPartStartOp::verify() {
  Block &body = getBody().front();
  if (!getInner() != !getPieces())
    return emitOpError("'inner' and 'pieces' go together");
  if (getInner()) {
    if (body.getNumArguments() != 5 ||
        !llvm::all_of(body.getArgumentTypes(),
                      [](Type t) { return t.isIndex(); }))
      return emitOpError("with 'inner', the body must take five index "
                         "arguments (the chunk's lo and hi, the inner "
                         "iteration numbers p0 and p1, the piece k)");
  } else if (body.getNumArguments() != 2 ||
             !llvm::all_of(body.getArgumentTypes(),
                           [](Type t) { return t.isIndex(); })) {
    return emitOpError("body must take two index arguments (the chunk's lo "
                       "and hi)");
  }
  if (!cast<YieldOp>(body.getTerminator()).getValues().empty())
    return emitOpError("body must end in an xmp.yield without values (a CPU "
                       "part returns results through memory)");
  return success();
}

LogicalResult ReplicateSyncOp::verify() {
  if (getArrays().empty())
    return emitOpError("needs at least one array");
  return success();
}

//===----------------------------------------------------------------------===//
// Reflect
//===----------------------------------------------------------------------===//

#include "xmp/Dialect/XMP/IR/XMPInterfaces.cpp.inc"

/// The options reflects and reduce_shadow share: the array has a shadow
/// (`what`: "reflect", "reduce"), one width per dimension within it, one
/// periodic flag per dimension.
static LogicalResult
verifyShadowOptions(Operation *op, DArrayType type, StringRef what,
                    std::optional<ArrayRef<int64_t>> widthLo,
                    std::optional<ArrayRef<int64_t>> widthHi,
                    std::optional<ArrayRef<bool>> periodic) {
  unsigned rank = type.getRank();
  if (!type.hasShadow())
    return op->emitOpError() << "array has no shadow to " << what;
  if (widthLo || widthHi) {
    if (!widthLo || !widthHi || widthLo->size() != rank ||
        widthHi->size() != rank)
      return op->emitOpError() << "width list must have one lo:hi entry per "
                                  "array dimension ("
                               << rank << ")";
    for (unsigned d = 0; d < rank; ++d) {
      int64_t lo = (*widthLo)[d], hi = (*widthHi)[d];
      if (lo < 0 || hi < 0)
        return op->emitOpError() << "width of dimension " << d
                                 << " must be non-negative";
      if (type.isFullShadow(d))
        continue;
      if (lo > type.getShadowLo()[d] || hi > type.getShadowHi()[d])
        return op->emitOpError()
               << "width " << lo << ":" << hi << " of dimension " << d
               << " exceeds the shadow " << type.getShadowLo()[d] << ":"
               << type.getShadowHi()[d];
    }
  }
  if (periodic && periodic->size() != rank)
    return op->emitOpError() << "periodic list has " << periodic->size()
                             << " entries, expected one per array dimension ("
                             << rank << ")";
  return success();
}

LogicalResult mlir::xmp::detail::verifyReflectLike(Operation *o) {
  auto op = llvm::cast<ReflectLikeOpInterface>(o);
  DArrayType type = op.getArray().getType();
  unsigned rank = type.getRank();
  if (failed(verifyShadowOptions(o, type, "reflect", op.getWidthLo(),
                                 op.getWidthHi(), op.getPeriodic())))
    return failure();
  if (op.getChannelsAttr() && op.getChannelsAttr().size() != rank)
    return op.emitOpError() << "channels list has "
                            << op.getChannelsAttr().size()
                            << " entries, expected one per array dimension ("
                            << rank << ")";
  return success();
}

// reduce_shadow adds: its element type needs an addition the runtime has
// (integers wrap, complex numbers add both parts); i1 has none. The same
// rules for xmp.reduce_shadow and xmp.reduce_shadow_init.
template <typename OpT> static LogicalResult verifyReduceShadow(OpT op) {
  DArrayType type = op.getArray().getType();
  if (failed(verifyShadowOptions(op, type, "reduce", op.getWidthLo(),
                                 op.getWidthHi(), op.getPeriodic())))
    return failure();
  Type et = type.getElementType();
  ReductionKind kind = op.getShadowKind();
  if (kind == ReductionKind::max || kind == ReductionKind::min) {
    auto i = llvm::dyn_cast<IntegerType>(et);
    bool ordered = i ? llvm::is_contained({1u, 8u, 16u, 32u, 64u},
                                          i.getWidth())
                     : (et.isF32() || et.isF64());
    if (!ordered)
      return op.emitOpError() << "array element type " << et
                           << " has no order: reduce_shadow "
                           << stringifyEnum(kind)
                           << " compares shadow values with their owners "
                              "(integers of 1 to 64 bits, f32, f64)";
    return success();
  }
  if (kind != ReductionKind::add)
    return op.emitOpError() << "reduce_shadow combines with add, max or min, "
                            "not '"
                         << stringifyEnum(kind) << "'";
  auto isAddable = [](Type t) {
    if (auto i = llvm::dyn_cast<IntegerType>(t))
      return i.getWidth() == 8 || i.getWidth() == 16 || i.getWidth() == 32 ||
             i.getWidth() == 64;
    return t.isF32() || t.isF64();
  };
  auto c = llvm::dyn_cast<ComplexType>(et);
  if (!(c ? isAddable(c.getElementType()) && !c.getElementType().isInteger()
          : isAddable(et)))
    return op.emitOpError() << "array element type " << et
                         << " has no addition: reduce_shadow adds shadow "
                            "values into their owners (integers of 8 to 64 "
                            "bits, f32, f64, complex<f32>, complex<f64>)";
  return success();
}

LogicalResult ReduceShadowOp::verify() { return verifyReduceShadow(*this); }

LogicalResult ReduceShadowInitOp::verify() {
  return verifyReduceShadow(*this);
}

ReflectLikeOpInterface ReflectLikeOpInterface::forExchange(Operation *op) {
  if (auto r = llvm::dyn_cast<ReflectOp>(op))
    return r;
  if (llvm::isa<ReflectDoOp, ReflectStartOp>(op))
    return op->getOperand(0).getDefiningOp<ReflectInitOp>();
  return {};
}

//===----------------------------------------------------------------------===//
// Reduction and broadcast
//===----------------------------------------------------------------------===//

/// Grid axes a collective names: in range, each once.
static LogicalResult verifyGridAxes(Operation *op, NodesOp nodes,
                                    FlatSymbolRefAttr ref,
                                    std::optional<ArrayRef<int64_t>> axes) {
  if (!axes)
    return success();
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t a : *axes) {
    if (a < 0 || a >= (int64_t)nodes.getRank())
      return op->emitOpError() << "axis " << a << " is out of range for grid "
                               << ref << " of rank " << nodes.getRank();
    if (!seen.insert(a).second)
      return op->emitOpError() << "axis " << a << " is named twice";
  }
  return success();
}

/// A broadcast's root: one coordinate per grid axis, inside static axes.
static LogicalResult verifyRoot(Operation *op, NodesOp nodes,
                                FlatSymbolRefAttr ref, ArrayRef<int64_t> root) {
  if (root.size() != nodes.getRank())
    return op->emitOpError() << "root coordinate has " << root.size()
                             << " entries but grid " << ref << " has rank "
                             << nodes.getRank();
  for (auto [i, c] : llvm::enumerate(root)) {
    int64_t size = nodes.getShape()[i];
    if (c < 0 || (!ShapedType::isDynamic(size) && c >= size))
      return op->emitOpError() << "root coordinate " << c
                               << " is outside axis " << i << " of grid "
                               << ref;
  }
  return success();
}

/// A broadcast's root along grid axes `axes`: one coordinate per axis,
/// inside static axes (the axes themselves checked as a reduction's).
static LogicalResult verifyAxisRoot(Operation *op, NodesOp nodes,
                                    FlatSymbolRefAttr ref,
                                    ArrayRef<int64_t> axes,
                                    ArrayRef<int64_t> root) {
  if (axes.empty())
    return op->emitOpError("lists no grid axis: leave the list out to "
                           "broadcast over the whole grid");
  if (failed(verifyGridAxes(op, nodes, ref, axes)))
    return failure();
  if (root.size() != axes.size())
    return op->emitOpError()
           << "root coordinate has " << root.size()
           << " entries but the broadcast runs along " << axes.size()
           << " axes (one coordinate per listed axis)";
  for (auto [a, c] : llvm::zip(axes, root)) {
    int64_t size = nodes.getShape()[a];
    if (c < 0 || (!ShapedType::isDynamic(size) && c >= size))
      return op->emitOpError() << "root coordinate " << c << " is outside axis "
                               << a << " of grid " << ref;
  }
  return success();
}

/// The operand of an asynchronous collective: a host memref of a type the
/// runtime reduces or moves.
static LogicalResult verifyAsyncValue(Operation *op, Value v) {
  auto mt = llvm::cast<MemRefType>(v.getType());
  Type e = mt.getElementType();
  if (!e.isIntOrFloat() && !llvm::isa<ComplexType>(e))
    return op->emitOpError() << "memref element type " << e
                             << " is not an integer, float or complex type";
  return success();
}

/// `acc` on a reduction (blocking or started): only a darray has a device
/// instance.
static LogicalResult verifyAccReduced(Operation *op, Type t) {
  if (llvm::isa<DArrayType>(t))
    return success();
  return op->emitOpError()
         << "acc reduces the device instance of a darray; the operand is a "
         << (llvm::isa<MemRefType>(t) ? "memref" : "scalar") << " (" << t
         << "), which has none: drop acc (or reduce the darray)";
}

LogicalResult ReductionStartOp::verify() {
  Type t = getValue().getType();
  if (getAcc() && failed(verifyAccReduced(*this, t)))
    return failure();
  // The device instance is released after the wait (xmp-lower-distribution),
  // so the wait must be in sight (tests may come before it).
  if (getAcc())
    for (Operation *user : getRequest().getUsers())
      if (!llvm::isa<WaitOp, TestOp>(user))
        return emitOpError()
               << "with acc: its request must be completed by xmp.wait in "
                  "the same function (the device instance is released "
                  "after the wait; xmp.test may come before it), not used "
                  "by '"
               << user->getName() << "'";
  if (llvm::isa<MemRefType>(t)) {
    if (failed(verifyAsyncValue(*this, getValue())))
      return failure();
  } else if (auto da = llvm::dyn_cast<DArrayType>(t)) {
    Type e = da.getElementType();
    if (!e.isIntOrFloat() && !llvm::isa<ComplexType>(e))
      return emitOpError() << "darray element type " << e
                           << " is not an integer, float or complex type";
  } else if (!t.isIntOrFloat() && !llvm::isa<ComplexType>(t)) {
    return emitOpError() << "operand must be an integer, float or complex "
                            "scalar, a memref or a darray of them, got "
                         << t;
  }
  if (isLocationReductionKind(getKind()))
    return emitOpError() << "location reduction '" << stringifyEnum(getKind())
                         << "' has no asynchronous form";
  if (!isReductionKindCompatible(getKind(), t))
    return emitOpError() << "reduction kind '" << stringifyEnum(getKind())
                         << "' does not apply to " << t;
  if (getAxes() && getAxes()->size() > 1)
    return emitOpError("reduces over the whole grid or one axis; several "
                       "axes take one xmp.reduction_start each");
  return success();
}

LogicalResult
ReductionStartOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto nodes = lookupSymbol<NodesOp>(*this, symbolTable, getNodesAttr(),
                                     "grid", "xmp.nodes");
  if (failed(nodes))
    return failure();
  return verifyGridAxes(*this, *nodes, getNodesAttr(), getAxes());
}

/// The scalar a request brings back at its wait: the operand of the
/// scalar reduction_start or bcast_start that made it (null otherwise, or
/// when the request's start is not visible here).
static Type scalarOfRequest(Value request) {
  Value v;
  if (auto start = request.getDefiningOp<ReductionStartOp>())
    v = start.getValue();
  else if (auto start = request.getDefiningOp<BcastStartOp>())
    v = start.getValue();
  if (!v)
    return {};
  Type t = v.getType();
  return llvm::isa<MemRefType, DArrayType>(t) ? Type() : t;
}

LogicalResult WaitOp::verify() {
  Type scalar = scalarOfRequest(getRequest());
  Operation *start = getRequest().getDefiningOp();
  if (Value r = getResult()) {
    Type t = r.getType();
    if (!t.isIntOrFloat() && !llvm::isa<ComplexType>(t))
      return emitOpError() << "result must be an integer, float or complex "
                              "scalar (the value of a scalar reduction), got "
                           << t;
    if (scalar && scalar != t)
      return emitOpError() << "result has type " << t << " but the "
                           << start->getName().stripDialect()
                           << " moves " << scalar;
    if (start && !scalar)
      return emitOpError() << "has a result, but the request of "
                           << start->getName()
                           << " works in place: only the reduction or "
                              "broadcast of a scalar returns a value";
    return success();
  }
  if (scalar)
    return emitOpError() << "completes the "
                         << start->getName().stripDialect()
                         << " of a scalar: its result is the value (xmp.wait "
                            "%r : "
                         << scalar << ")";
  // A collective gmove is completed by every rank that started it: the
  // wait runs where the start runs, in the same task (a nested task runs
  // on fewer ranks, an enclosing region outside the task on others).
  if (auto g = llvm::dyn_cast_or_null<GMoveStartOp>(start);
      g && !g.isOneSided()) {
    auto startTask = g->getParentOfType<TaskOp>();
    auto waitTask = (*this)->getParentOfType<TaskOp>();
    if (startTask != waitTask) {
      InFlightDiagnostic d = emitOpError();
      d << "completes a collective xmp.gmove_start ";
      if (startTask)
        d << "started inside xmp.task on " << startTask.getNodesAttr();
      else
        d << "started outside any xmp.task";
      d << " from ";
      if (waitTask)
        d << "inside xmp.task on " << waitTask.getNodesAttr();
      else
        d << "outside it";
      d << ": every rank that starts it must wait for it, so the wait must "
           "be in the same task";
      d.attachNote(g.getLoc()) << "the gmove_start is here";
      return d;
    }
  }
  return success();
}

LogicalResult TestOp::verify() {
  // A wait before the test in the same block completed the request every
  // time the test runs (a block runs straight through), so the test would
  // always stop the program at run time. Waits in other blocks may or may
  // not have run: the runtime checks those.
  for (Operation *user : getRequest().getUsers()) {
    auto w = llvm::dyn_cast<WaitOp>(user);
    if (!w || w->getBlock() != (*this)->getBlock() ||
        !w->isBeforeInBlock(*this))
      continue;
    InFlightDiagnostic d = emitOpError();
    d << "tests a request that the xmp.wait before it in the block has "
         "completed (test a request between its start and its wait)";
    d.attachNote(w.getLoc()) << "the wait is here";
    return d;
  }
  return success();
}

LogicalResult AsyncRegisterOp::verify() {
  Value h = getHandle();
  bool token = llvm::isa<TokenType>(h.getType());
  // The id completes the operation: no wait of its own, one registration.
  for (Operation *user : h.getUsers()) {
    if (user == getOperation())
      continue;
    if (llvm::isa<WaitOp, ReflectWaitOp>(user)) {
      InFlightDiagnostic d = emitOpError();
      d << "registers an operation that '" << user->getName()
        << "' also completes (a registered operation is completed by "
           "xmp.wait_async of its id, exactly once)";
      d.attachNote(user->getLoc()) << "the other completion is here";
      return d;
    }
    if (llvm::isa<AsyncRegisterOp>(user)) {
      InFlightDiagnostic d = emitOpError();
      d << "registers an operation that another xmp.async_register "
           "registers too (an operation belongs to one id, once)";
      d.attachNote(user->getLoc()) << "the other registration is here";
      return d;
    }
  }
  Value into = getInto();
  if (token) {
    if (into)
      return emitOpError() << "registers a reflect's token with 'into': a "
                              "reflect delivers no value";
    return success();
  }
  if (into) {
    auto mt = llvm::cast<MemRefType>(into.getType());
    if (mt.getRank() != 0)
      return emitOpError() << "'into' must be a 0-d memref (the scalar the "
                              "value is stored in), got "
                           << mt;
  }
  Type scalar = scalarOfRequest(h);
  Operation *start = h.getDefiningOp();
  if (scalar && !into) {
    std::string memref;
    llvm::raw_string_ostream(memref) << MemRefType::get({}, scalar);
    return emitOpError() << "registers the " << start->getName().stripDialect()
                         << " of a scalar (" << scalar
                         << ") without 'into': name the " << memref
                         << " that xmp.wait_async stores the value in";
  }
  if (start && !scalar && into)
    return emitOpError() << "has 'into', but the request of "
                         << start->getName()
                         << " works in place and delivers no value";
  if (scalar && cast<MemRefType>(into.getType()).getElementType() != scalar)
    return emitOpError() << "'into' has element type "
                         << cast<MemRefType>(into.getType()).getElementType()
                         << " but the " << start->getName().stripDialect()
                         << " moves " << scalar;
  return success();
}

LogicalResult BcastStartOp::verify() {
  if (getAxes() && getAxes()->size() > 1)
    return emitOpError("broadcasts over the whole grid or along one axis; "
                       "several axes take one xmp.bcast_start each, the "
                       "next started after the wait of the one before");
  Type t = getValue().getType();
  if (llvm::isa<MemRefType>(t))
    return verifyAsyncValue(*this, getValue());
  if (!t.isIntOrFloat() && !llvm::isa<ComplexType>(t))
    return emitOpError() << "operand must be an integer, float or complex "
                            "scalar or a memref of them, got "
                         << t;
  return success();
}

LogicalResult
BcastStartOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto nodes = lookupSymbol<NodesOp>(*this, symbolTable, getNodesAttr(),
                                     "grid", "xmp.nodes");
  if (failed(nodes))
    return failure();
  if (auto axes = getAxes())
    return verifyAxisRoot(*this, *nodes, getNodesAttr(), *axes, getRoot());
  return verifyRoot(*this, *nodes, getNodesAttr(), getRoot());
}

static LogicalResult verifyCollectiveValue(Operation *op, Value value,
                                           Value result) {
  Type t = value.getType();
  bool isMemRef = llvm::isa<MemRefType>(t);
  if (!isMemRef && !t.isIntOrFloat() && !llvm::isa<ComplexType>(t))
    return op->emitOpError()
           << "operand must be an integer, float or complex scalar or a "
              "memref of them, got "
           << t;
  if (isMemRef && result)
    return op->emitOpError("works in place on a memref and has no result");
  if (!isMemRef && (!result || result.getType() != t))
    return op->emitOpError() << "result must have the operand's type " << t;
  return success();
}

LogicalResult ReductionOp::verify() {
  Type t = getValue().getType();
  if (auto da = llvm::dyn_cast<DArrayType>(t)) {
    // A darray: element-wise over the local blocks, in place.
    if (getResult())
      return emitOpError("works in place on a darray and has no result");
    if (!da.getElementType().isIntOrFloat() &&
        !llvm::isa<ComplexType>(da.getElementType()))
      return emitOpError() << "darray element type " << da.getElementType()
                           << " is not an integer, float or complex type";
  } else {
    if (failed(verifyCollectiveValue(*this, getValue(), getResult())))
      return failure();
    if (getAcc() && failed(verifyAccReduced(*this, t)))
      return failure();
  }
  if (!isReductionKindCompatible(getKind(), t))
    return emitOpError() << "reduction kind '" << stringifyEnum(getKind())
                         << "' does not apply to " << t;
  size_t nloc = getLocations().size();
  if (!isLocationKind()) {
    if (nloc)
      return emitOpError() << "location values (loc) are only for firstmax, "
                              "firstmin, lastmax and lastmin, not '"
                           << stringifyEnum(getKind()) << "'";
  } else {
    if (!t.isIntOrFloat())
      return emitOpError() << "location reduction '"
                           << stringifyEnum(getKind())
                           << "' reduces an integer or float scalar, not "
                           << t;
    if (nloc == 0)
      return emitOpError() << "location reduction '"
                           << stringifyEnum(getKind())
                           << "' needs location values: loc(%v, ... : types)";
    if (nloc > 64)
      return emitOpError() << "has " << nloc
                           << " location values; at most 64 are supported";
  }
  if (getLocResults().size() != nloc)
    return emitOpError() << "has " << nloc << " location values but "
                         << getLocResults().size() << " location results";
  for (size_t k = 0; k < nloc; ++k) {
    Type lt = getLocations()[k].getType();
    if (!lt.isIntOrIndexOrFloat())
      return emitOpError() << "location " << k
                           << " must be an integer, index or float scalar, "
                              "got "
                           << lt;
    if (getLocResults()[k].getType() != lt)
      return emitOpError() << "location result " << k << " has type "
                           << getLocResults()[k].getType()
                           << " but location " << k << " has type " << lt;
  }
  return success();
}

LogicalResult
ReductionOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto nodes = lookupSymbol<NodesOp>(*this, symbolTable, getNodesAttr(),
                                     "grid", "xmp.nodes");
  if (failed(nodes))
    return failure();
  if (failed(verifyGridAxes(*this, *nodes, getNodesAttr(), getAxes())))
    return failure();
  // A darray: the ranks reduced together must hold the same elements, so
  // it must be distributed onto this grid over none of the reduced axes.
  if (auto da = llvm::dyn_cast<DArrayType>(getValue().getType())) {
    auto tmpl = symbolTable.lookupNearestSymbolFrom<TemplateOp>(
        *this, da.getTemplateRef());
    if (!tmpl)
      return emitOpError() << "darray template " << da.getTemplateRef()
                           << " is not an xmp.template";
    DistributeOp dist = tmpl.getDistribution();
    if (!dist)
      return emitOpError() << "darray template " << da.getTemplateRef()
                           << " is not distributed";
    if (dist.getNodesAttr() != getNodesAttr())
      return emitOpError() << "reduces a darray of grid "
                           << dist.getNodesAttr() << " on grid "
                           << getNodesAttr()
                           << ": a darray reduction runs on its own grid";
    llvm::SmallVector<int64_t> reduced;
    if (auto axes = getAxes())
      reduced.assign(axes->begin(), axes->end());
    else
      for (int64_t a = 0; a < (int64_t)nodes->getRank(); ++a)
        reduced.push_back(a);
    for (unsigned d = 0; d < da.getRank(); ++d) {
      int64_t td = da.getAlign()[d];
      if (td == DArrayType::kNotAligned)
        continue;
      int64_t axis = dist.getGridAxis(td);
      if (axis >= 0 && llvm::is_contained(reduced, axis))
        return emitOpError()
               << "reduces the darray along grid axis " << axis
               << ", over which its dimension " << d
               << " is distributed (template dimension " << td
               << "): those ranks hold different elements; reduce along "
                  "the axes it is replicated over";
    }
  }
  return success();
}

LogicalResult BcastOp::verify() {
  if (getAcc())
    return emitOpError() << "acc would broadcast a device instance, but the "
                            "operand is a "
                         << (llvm::isa<MemRefType>(getValue().getType())
                                 ? "memref"
                                 : "scalar")
                         << ", which has only the host one: drop acc";
  return verifyCollectiveValue(*this, getValue(), getResult());
}

LogicalResult BcastOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto nodes = lookupSymbol<NodesOp>(*this, symbolTable, getNodesAttr(),
                                     "grid", "xmp.nodes");
  if (failed(nodes))
    return failure();
  if (auto axes = getAxes())
    return verifyAxisRoot(*this, *nodes, getNodesAttr(), *axes, getRoot());
  return verifyRoot(*this, *nodes, getNodesAttr(), getRoot());
}

LogicalResult BarrierOp::verify() {
  if (getAxes() && !getNodesAttr())
    return emitOpError("synchronizes along grid axes without naming the grid "
                       "(on @p [axes])");
  if (getAxes() && getAxes()->empty())
    return emitOpError("lists no grid axis: leave the list out to "
                       "synchronize the whole grid");
  return success();
}

LogicalResult BarrierOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  if (!getNodesAttr())
    return success();
  auto nodes = lookupSymbol<NodesOp>(*this, symbolTable, getNodesAttr(), "grid",
                                     "xmp.nodes");
  if (failed(nodes))
    return failure();
  return verifyGridAxes(*this, *nodes, getNodesAttr(), getAxes());
}

//===----------------------------------------------------------------------===//
// TaskOp
//===----------------------------------------------------------------------===//

ParseResult TaskOp::parse(OpAsmParser &parser, OperationState &result) {
  FlatSymbolRefAttr nodes;
  SmallVector<int64_t> subset;
  SmallVector<bool> isDyn;
  SmallVector<OpAsmParser::UnresolvedOperand> refValues, subscripts;
  Builder &b = parser.getBuilder();
  if (parser.parseKeyword("on") ||
      parser.parseAttribute(nodes, "nodes", result.attributes) ||
      parseTriplets(parser, OpAsmParser::Delimiter::OptionalSquare, subset,
                    &refValues, &isDyn) ||
      parser.parseOperandList(subscripts,
                              OpAsmParser::Delimiter::OptionalParen) ||
      parser.resolveOperands(refValues, b.getIndexType(), result.operands) ||
      parser.resolveOperands(subscripts, b.getIndexType(), result.operands))
    return failure();
  if (!subset.empty())
    result.addAttribute("subset", b.getDenseI64ArrayAttr(subset));
  if (!refValues.empty())
    result.addAttribute("subsetDynamic", b.getDenseBoolArrayAttr(isDyn));
  result.addAttribute("operandSegmentSizes",
                      b.getDenseI32ArrayAttr({(int32_t)refValues.size(),
                                              (int32_t)subscripts.size()}));
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, {}) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  TaskOp::ensureTerminator(*body, b, result.location);
  return success();
}

void TaskOp::print(OpAsmPrinter &p) {
  p << " on " << getNodesAttr();
  if (getSubset()) {
    p << " ";
    printTriplets(p, *getSubset(),
                  getSubsetDynamic() ? *getSubsetDynamic() : ArrayRef<bool>(),
                  getRefValues());
  }
  if (!getSubscripts().empty())
    p << " (" << getSubscripts() << ")";
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
  p.printOptionalAttrDict(
      (*this)->getAttrs(),
      {"nodes", "subset", "subsetDynamic", "operandSegmentSizes"});
}

Value TaskOp::getSubsetValue(unsigned i, int64_t &cst) {
  std::optional<ArrayRef<bool>> isDyn = getSubsetDynamic();
  cst = (*getSubset())[i];
  if (!isDyn || !(*isDyn)[i])
    return {};
  unsigned k = llvm::count(isDyn->take_front(i), true);
  return getRefValues()[k];
}

LogicalResult TaskOp::verify() {
  if (getSubset() && !getSubscripts().empty())
    return emitOpError("takes node triplets or template subscripts, not both");
  std::optional<ArrayRef<bool>> isDyn = getSubsetDynamic();
  if (!getSubset()) {
    if (isDyn || !getRefValues().empty())
      return emitOpError("has run-time node reference values (subsetDynamic, "
                         "refValues) but no node reference (subset)");
    return success();
  }
  ArrayRef<int64_t> s = *getSubset();
  if (isDyn) {
    if (isDyn->size() != s.size())
      return emitOpError() << "subsetDynamic has " << isDyn->size()
                           << " flags for the " << s.size()
                           << " positions of the node reference";
    if (!llvm::is_contained(*isDyn, true))
      return emitOpError("subsetDynamic flags no position: leave it out for "
                         "a node reference of constants");
  }
  size_t nDyn = isDyn ? llvm::count(*isDyn, true) : 0;
  if (nDyn != getRefValues().size())
    return emitOpError() << "node reference has " << nDyn
                         << " run-time positions but " << getRefValues().size()
                         << " refValues operands";
  if (isDyn)
    for (size_t i = 0; i < s.size(); ++i) {
      if (!(*isDyn)[i])
        continue;
      bool single =
          i % 3 != 2 && !(*isDyn)[i - i % 3 + 2] && s[i - i % 3 + 2] == 0;
      if (single && i % 3 == 1)
        return emitOpError() << "node reference axis " << i / 3
                             << ": a single coordinate (step 0) has no "
                                "run-time upper bound";
      if (s[i] != 0)
        return emitOpError()
               << "node reference axis " << i / 3 << ": the run-time "
               << (i % 3 == 0   ? "lower bound"
                   : i % 3 == 1 ? "upper bound"
                                : "step")
               << " must hold 0 in subset, not " << s[i];
      if (single && s[i + 1] != 1)
        return emitOpError() << "node reference axis " << i / 3
                             << ": a run-time single coordinate must hold "
                                "(0, 1, 0) in subset";
    }
  return verifyTriplets(*this, s, "node reference",
                        isDyn ? *isDyn : ArrayRef<bool>());
}

/// The ranks of a node set as coordinates of the grid it is (transitively)
/// a subset of: per axis of that root grid the progression lo, lo + step,
/// ... below hi (kUnbounded: to the axis' end); a single coordinate c is
/// c, c + 1, step 1.
namespace {
struct RootProgression {
  static constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max();
  int64_t lo = 0, hi = kUnbounded, step = 1;
};
struct RootSelection {
  FlatSymbolRefAttr root;
  SmallVector<RootProgression> axes;
};
} // namespace

static std::optional<RootSelection>
rootSelection(Operation *from, SymbolTableCollection &symbolTable,
              FlatSymbolRefAttr set) {
  // The chain from `set` up to its root grid. A reshaped subset is a root:
  // its axes are not its parent's, so the subsets below it are selections
  // of its own coordinates (and nothing is known of how they relate to
  // the parent's other subsets).
  SmallVector<NodesOp> chain;
  for (FlatSymbolRefAttr g = set; g; ) {
    auto n = symbolTable.lookupNearestSymbolFrom<NodesOp>(from, g);
    if (!n || chain.size() > 64)
      return std::nullopt;
    chain.push_back(n);
    g = n.getReshape() ? FlatSymbolRefAttr() : n.getParentAttr();
  }
  RootSelection sel;
  sel.root = FlatSymbolRefAttr::get(chain.back().getSymNameAttr());
  // Down from the root: `kept` maps the current node set's axes to root
  // axes.
  NodesOp root = chain.back();
  sel.axes.resize(root.getRank());
  SmallVector<unsigned> kept;
  for (unsigned a = 0; a < root.getRank(); ++a) {
    kept.push_back(a);
    int64_t n = root.getShape()[a];
    if (!ShapedType::isDynamic(n))
      sel.axes[a].hi = n;
  }
  for (size_t i = chain.size() - 1; i-- > 0;) {
    NodesOp sub = chain[i];
    if (!sub.getSubset() || sub.getSubset()->size() != 3 * kept.size())
      return std::nullopt;
    SmallVector<unsigned> next;
    for (unsigned pa = 0; pa < kept.size(); ++pa) {
      auto [l, h, st] = sub.getSubsetTriplet(pa);
      RootProgression &p = sel.axes[kept[pa]];
      int64_t lo = p.lo + l * p.step;
      if (st == 0) {
        p = {lo, lo + 1, 1};
        continue;
      }
      int64_t hi = p.hi;
      if (!ShapedType::isDynamic(h))
        hi = std::min(hi, p.lo + h * p.step);
      p = {lo, hi, p.step * st};
      next.push_back(kept[pa]);
    }
    kept = next;
  }
  return sel;
}

/// Whether two progressions certainly share no coordinate.
static bool disjoint(const RootProgression &a, const RootProgression &b) {
  int64_t lo = std::max(a.lo, b.lo), hi = std::min(a.hi, b.hi);
  if (lo >= hi)
    return true;
  int64_t g = std::gcd(a.step, b.step);
  if ((b.lo - a.lo) % g != 0)
    return true;
  // A common coordinate exists below lcm past `lo`; look for it when the
  // range is bounded and short, else assume one.
  if (hi == RootProgression::kUnbounded || hi - lo > 4096)
    return false;
  for (int64_t x = a.lo + llvm::divideCeil(std::max<int64_t>(lo - a.lo, 0),
                                           a.step) * a.step;
       x < hi; x += a.step)
    if (x >= b.lo && (x - b.lo) % b.step == 0)
      return false;
  return true;
}

/// Whether every coordinate of progression `a` is one of `b`'s (false when
/// unknown: an unbounded `a` inside a bounded `b`).
static bool contains(const RootProgression &b, const RootProgression &a) {
  if (a.lo < b.lo || (a.lo - b.lo) % b.step != 0)
    return false;
  bool single = a.hi != RootProgression::kUnbounded && a.hi - a.lo <= a.step;
  if (!single && a.step % b.step != 0)
    return false;
  if (b.hi == RootProgression::kUnbounded)
    return true;
  if (a.hi == RootProgression::kUnbounded)
    return false;
  int64_t last = a.lo + (a.hi - 1 - a.lo) / a.step * a.step;
  return last < b.hi;
}

/// Whether node sets `x` and `y` certainly share no rank (subsets of the
/// same grid with constant coordinates that select different ranks).
static bool nodeSetsDisjoint(Operation *from, SymbolTableCollection &st,
                             FlatSymbolRefAttr x, FlatSymbolRefAttr y) {
  auto sx = rootSelection(from, st, x), sy = rootSelection(from, st, y);
  if (!sx || !sy || sx->root != sy->root)
    return false; // grids declared apart may share ranks: unknown
  for (size_t a = 0; a < sx->axes.size(); ++a)
    if (disjoint(sx->axes[a], sy->axes[a]))
      return true;
  return false;
}

/// The grid a darray lives on (null when its template is not distributed).
static FlatSymbolRefAttr gridOf(Operation *from, Type t) {
  auto da = llvm::dyn_cast<DArrayType>(t);
  if (!da)
    return {};
  TemplateOp tmpl = lookupTemplate(from, da);
  DistributeOp dist = tmpl ? tmpl.getDistribution() : DistributeOp();
  return dist ? dist.getNodesAttr() : FlatSymbolRefAttr();
}

/// Whether every rank of grid `g` is a rank of node set `set`: the same
/// node set, a subset declared (transitively) from it, or a subset of the
/// same grid whose constant coordinates are all `set`'s (the node sets the
/// C front end declares for nested tasks, `p(1)` inside `p(1:2)`).
static bool withinNodeSet(Operation *from, SymbolTableCollection &symbolTable,
                          FlatSymbolRefAttr g, FlatSymbolRefAttr set) {
  FlatSymbolRefAttr start = g;
  for (unsigned depth = 0; g && depth < 64; ++depth) {
    if (g == set)
      return true;
    auto n = symbolTable.lookupNearestSymbolFrom<NodesOp>(from, g);
    g = n ? n.getParentAttr() : FlatSymbolRefAttr();
  }
  if (!start || !set)
    return false;
  auto inner = rootSelection(from, symbolTable, start);
  auto outer = rootSelection(from, symbolTable, set);
  if (!inner || !outer || inner->root != outer->root)
    return false;
  for (size_t a = 0; a < inner->axes.size(); ++a)
    if (!contains(outer->axes[a], inner->axes[a]))
      return false;
  return true;
}

LogicalResult TaskOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  bool onTemplate = false;
  if (!getSubscripts().empty() ||
      symbolTable.lookupNearestSymbolFrom<TemplateOp>(*this, getNodesAttr())) {
    if (getSubset())
      return emitOpError() << getNodesAttr()
                           << " is a template: it takes subscripts "
                              "(%i, ...), not node triplets";
    auto tmpl = lookupSymbol<TemplateOp>(*this, symbolTable, getNodesAttr(),
                                         "template", "xmp.template");
    if (failed(tmpl))
      return failure();
    if (getSubscripts().size() != tmpl->getRank())
      return emitOpError() << "has " << getSubscripts().size()
                           << " subscripts but template " << getNodesAttr()
                           << " has rank " << tmpl->getRank();
    if (!tmpl->getDistribution())
      return emitOpError() << "template " << getNodesAttr()
                           << " is not distributed";
    onTemplate = true;
  }
  FailureOr<NodesOp> nodes = NodesOp();
  if (!onTemplate)
    nodes = lookupSymbol<NodesOp>(*this, symbolTable, getNodesAttr(),
                                  "node set", "xmp.nodes");
  if (failed(nodes))
    return failure();
  if (getSubset()) {
    ArrayRef<int64_t> s = *getSubset();
    if (s.size() / 3 != nodes->getRank())
      return emitOpError() << "has " << s.size() / 3
                           << " node reference triplets but grid "
                           << getNodesAttr() << " has rank "
                           << nodes->getRank();
    std::optional<ArrayRef<bool>> isDyn = getSubsetDynamic();
    for (size_t a = 0; a < s.size() / 3; ++a) {
      int64_t n = nodes->getShape()[a];
      if (!ShapedType::isDynamic(n) && !(isDyn && (*isDyn)[3 * a]) &&
          s[3 * a] >= n)
        return emitOpError() << "node reference axis " << a
                             << " starts at coordinate " << s[3 * a]
                             << ", outside grid " << getNodesAttr()
                             << " (size " << n << ")";
    }
  }
  // What the region communicates over, and whether that stays inside the
  // node set.
  FlatSymbolRefAttr set =
      getSubset() || onTemplate ? FlatSymbolRefAttr() : getNodesAttr();
  auto check = [&](Operation *op, FlatSymbolRefAttr g,
                   StringRef what) -> WalkResult {
    if (set && g && withinNodeSet(op, symbolTable, g, set))
      return WalkResult::advance();
    InFlightDiagnostic d = op->emitOpError();
    d << what << " inside xmp.task on " << getNodesAttr();
    if (!set && onTemplate)
      d << " on template subscripts: collectives need a node set; declare "
           "one with xmp.nodes @q(...) = @p [...] and run the task on it";
    else if (!set)
      d << " with a node reference: collectives need a node set; declare one "
           "with xmp.nodes @q(...) = "
        << getNodesAttr() << " [...] and run the task on it";
    else if (!g)
      d << " involves every rank, not only the ranks of " << set
        << " (name them: on " << set << ")";
    else
      d << " involves the ranks of " << g << ", which are not all ranks of "
        << set;
    d.attachNote(getLoc()) << "the task is here";
    return WalkResult::interrupt();
  };
  WalkResult r = getBody().walk([&](Operation *op) -> WalkResult {
    if (auto red = llvm::dyn_cast<ReductionOp>(op))
      return check(op, red.getNodesAttr(), "reduction");
    if (auto b = llvm::dyn_cast<BcastOp>(op))
      return check(op, b.getNodesAttr(), "bcast");
    if (auto red = llvm::dyn_cast<ReductionStartOp>(op))
      return check(op, red.getNodesAttr(), "reduction_start");
    if (auto b = llvm::dyn_cast<BcastStartOp>(op))
      return check(op, b.getNodesAttr(), "bcast_start");
    if (auto b = llvm::dyn_cast<BarrierOp>(op))
      return check(op, b.getNodesAttr(), "barrier");
    // One-sided gmoves (in / out) are executed by the task's ranks alone;
    // a collective one by the node set it names.
    if (auto g = llvm::dyn_cast<GMoveOp>(op); g && !g.isOneSided())
      return check(op, g.getNodesAttr(), "gmove");
    if (auto g = llvm::dyn_cast<GMoveStartOp>(op); g && !g.isOneSided())
      return check(op, g.getNodesAttr(), "gmove_start");
    if (auto a = llvm::dyn_cast<AllocOp>(op))
      return check(op, gridOf(op, a.getType()), "darray allocation");
    if (auto a = llvm::dyn_cast<DeallocOp>(op))
      return check(op, gridOf(op, a.getArray().getType()), "darray deallocation");
    if (auto rf = llvm::dyn_cast<ReflectLikeOpInterface>(op))
      return check(op, gridOf(op, rf.getArray().getType()),
                   op->getName().stripDialect());
    if (auto rs = llvm::dyn_cast<ReduceShadowOp>(op))
      return check(op, gridOf(op, rs.getArray().getType()), "reduce_shadow");
    if (auto rs = llvm::dyn_cast<ReduceShadowInitOp>(op))
      return check(op, gridOf(op, rs.getArray().getType()),
                   "reduce_shadow_init");
    auto loopReduces = [&](auto loop) -> WalkResult {
      if (loop.getReduceInits().empty())
        return WalkResult::advance();
      auto t = symbolTable.lookupNearestSymbolFrom<TemplateOp>(
          loop, loop.getTmplAttr());
      DistributeOp dist = t ? t.getDistribution() : DistributeOp();
      // Only a loop distributed over some grid axis combines over ranks.
      if (!dist || llvm::none_of(loop.getOnDims(), [&](int64_t d) {
            return dist.getGridAxis(d) >= 0;
          }))
        return WalkResult::advance();
      return check(loop, dist.getNodesAttr(), "loop reduction");
    };
    if (auto l = llvm::dyn_cast<LoopOp>(op))
      return loopReduces(l);
    if (auto l = llvm::dyn_cast<DeviceLoopOp>(op))
      return loopReduces(l);
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Inquiry: node_num, num_nodes, node_index, node_size
//===----------------------------------------------------------------------===//

/// The grid an inquiry names, and (with `axis`) the axis it asks about.
static LogicalResult verifyNodesQuery(Operation *op,
                                      SymbolTableCollection &symbolTable,
                                      FlatSymbolRefAttr ref,
                                      std::optional<int64_t> axis) {
  auto nodes = lookupSymbol<NodesOp>(op, symbolTable, ref, "grid", "xmp.nodes");
  if (failed(nodes))
    return failure();
  if (axis && (*axis < 0 || *axis >= (int64_t)nodes->getRank()))
    return op->emitOpError() << "axis " << *axis << " is outside grid " << ref
                             << " of rank " << nodes->getRank();
  return success();
}

/// The grid an inquiry names, for folding (null when it is not found).
static NodesOp foldLookupNodes(Operation *op, FlatSymbolRefAttr ref) {
  return llvm::dyn_cast_or_null<NodesOp>(
      SymbolTable::lookupNearestSymbolFrom(op, ref));
}

LogicalResult NodesCommOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyNodesQuery(*this, symbolTable, getNodesAttr(), std::nullopt);
}

LogicalResult NodeNumOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyNodesQuery(*this, symbolTable, getNodesAttr(), std::nullopt);
}

LogicalResult NumNodesOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyNodesQuery(*this, symbolTable, getNodesAttr(), std::nullopt);
}

OpFoldResult NumNodesOp::fold(FoldAdaptor) {
  NodesOp nodes = foldLookupNodes(*this, getNodesAttr());
  if (!nodes)
    return {};
  int64_t n = 1;
  for (int64_t e : nodes.getShape())
    if (ShapedType::isDynamic(e) || __builtin_mul_overflow(n, e, &n))
      return {};
  return IntegerAttr::get(IndexType::get(getContext()), n);
}

LogicalResult NodeIndexOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyNodesQuery(*this, symbolTable, getNodesAttr(), getAxis());
}

LogicalResult NodeSizeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyNodesQuery(*this, symbolTable, getNodesAttr(), getAxis());
}

OpFoldResult NodeSizeOp::fold(FoldAdaptor) {
  NodesOp nodes = foldLookupNodes(*this, getNodesAttr());
  int64_t axis = getAxis();
  if (!nodes || axis < 0 || axis >= (int64_t)nodes.getRank() ||
      ShapedType::isDynamic(nodes.getShape()[axis]))
    return {};
  return IntegerAttr::get(IndexType::get(getContext()),
                          nodes.getShape()[axis]);
}

//===----------------------------------------------------------------------===//
// GMoveOp
//===----------------------------------------------------------------------===//

/// One subscript list: `[a:b:c, i, %x:%y, ...]`. Static parts go to
/// `statics` (3 per dim, kDynamic where an operand is used), operands in
/// order to `dyn`, `scalar[d]` marks single-index subscripts.
static ParseResult
parseSubscripts(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dyn,
                DenseI64ArrayAttr &staticsAttr, DenseBoolArrayAttr &scalarAttr) {
  SmallVector<int64_t> statics;
  SmallVector<bool> scalar;
  auto parseComponent = [&](int64_t &out) -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult r = parser.parseOptionalOperand(operand);
    if (r.has_value()) {
      if (failed(*r))
        return failure();
      dyn.push_back(operand);
      out = ShapedType::kDynamic;
      return success();
    }
    return parser.parseInteger(out);
  };
  ParseResult r = parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    int64_t lb, ub = 0, step = 1;
    if (parseComponent(lb))
      return failure();
    if (failed(parser.parseOptionalColon())) {
      statics.append({lb, 0, 1});
      scalar.push_back(true);
      return success();
    }
    if (parseComponent(ub))
      return failure();
    if (succeeded(parser.parseOptionalColon()) && parseComponent(step))
      return failure();
    statics.append({lb, ub, step});
    scalar.push_back(false);
    return success();
  });
  if (failed(r))
    return failure();
  staticsAttr = parser.getBuilder().getDenseI64ArrayAttr(statics);
  scalarAttr = parser.getBuilder().getDenseBoolArrayAttr(scalar);
  return success();
}

static void printSubscripts(OpAsmPrinter &p, Operation *, OperandRange dyn,
                            DenseI64ArrayAttr staticsAttr,
                            DenseBoolArrayAttr scalarAttr) {
  ArrayRef<int64_t> statics = staticsAttr.asArrayRef();
  ArrayRef<bool> scalar = scalarAttr.asArrayRef();
  unsigned next = 0;
  auto printComponent = [&](int64_t v) {
    if (ShapedType::isDynamic(v))
      p << dyn[next++];
    else
      p << v;
  };
  p << "[";
  for (size_t d = 0; d < scalar.size(); ++d) {
    if (d)
      p << ", ";
    printComponent(statics[3 * d]);
    if (scalar[d])
      continue;
    p << ":";
    printComponent(statics[3 * d + 1]);
    if (statics[3 * d + 2] != 1) {
      p << ":";
      printComponent(statics[3 * d + 2]);
    }
  }
  p << "]";
}

static unsigned rankOf(Type t) {
  if (auto d = llvm::dyn_cast<DArrayType>(t))
    return d.getRank();
  return llvm::cast<MemRefType>(t).getRank();
}

/// Section counts of the non-scalar dimensions of one side of a gmove.
static SmallVector<int64_t> gmoveSectionShape(ArrayRef<int64_t> statics,
                                              ArrayRef<bool> scalar) {
  SmallVector<int64_t> shape;
  for (size_t d = 0; d < scalar.size(); ++d) {
    if (scalar[d])
      continue;
    int64_t lb = statics[3 * d], ub = statics[3 * d + 1],
            st = statics[3 * d + 2];
    if (ShapedType::isDynamic(lb) || ShapedType::isDynamic(ub) ||
        ShapedType::isDynamic(st) || st <= 0)
      shape.push_back(ShapedType::kDynamic);
    else if (int64_t len = 0; ub > lb && __builtin_sub_overflow(ub, lb, &len))
      shape.push_back(ShapedType::kDynamic); // past 64 bits: out of bounds
    else
      shape.push_back(ub > lb ? (len - 1) / st + 1 : 0);
  }
  return shape;
}

/// The rules of xmp.gmove, shared by xmp.gmove_start (same operands).
template <typename OpT>
static LogicalResult verifyGMoveLike(OpT op) {
  for (bool source : {true, false}) {
    Type t = source ? op.getSource().getType() : op.getDest().getType();
    ArrayRef<bool> scalar = source ? op.getSrcScalar() : op.getDstScalar();
    ArrayRef<int64_t> statics = source ? op.getSrcStatic() : op.getDstStatic();
    StringRef which = source ? "source" : "destination";
    if (statics.size() != 3 * scalar.size())
      return op.emitOpError() << which << " section is malformed";
    if (scalar.size() != rankOf(t))
      return op.emitOpError() << which << " section has " << scalar.size()
                           << " subscripts but the array has rank "
                           << rankOf(t);
    for (size_t d = 0; d < scalar.size(); ++d) {
      int64_t st = statics[3 * d + 2];
      if (!scalar[d] && !ShapedType::isDynamic(st) && st <= 0)
        return op.emitOpError() << which << " step of dimension " << d
                             << " must be positive";
    }
  }
  Type se = llvm::isa<DArrayType>(op.getSource().getType())
                ? llvm::cast<DArrayType>(op.getSource().getType()).getElementType()
                : llvm::cast<MemRefType>(op.getSource().getType()).getElementType();
  Type de = llvm::isa<DArrayType>(op.getDest().getType())
                ? llvm::cast<DArrayType>(op.getDest().getType()).getElementType()
                : llvm::cast<MemRefType>(op.getDest().getType()).getElementType();
  if (se != de)
    return op.emitOpError() << "source element type " << se
                         << " differs from destination element type " << de;
  SmallVector<int64_t> s = op.getSectionShape(true), d = op.getSectionShape(false);
  bool mismatch = s.size() != d.size();
  for (size_t i = 0; !mismatch && i < s.size(); ++i)
    mismatch = !ShapedType::isDynamic(s[i]) && !ShapedType::isDynamic(d[i]) &&
               s[i] != d[i];
  if (mismatch)
    return op.emitOpError() << "source section has shape " << fmtShape(s)
                         << " but destination section has shape "
                         << fmtShape(d);
  // Sections that leave an array of static size: known now, not at run
  // time (the runtime reports the same with the run-time values).
  for (bool source : {true, false}) {
    Type t = source ? op.getSource().getType() : op.getDest().getType();
    ArrayRef<int64_t> shape = llvm::isa<DArrayType>(t)
                                  ? llvm::cast<DArrayType>(t).getShape()
                                  : llvm::cast<MemRefType>(t).getShape();
    ArrayRef<bool> scalar = source ? op.getSrcScalar() : op.getDstScalar();
    ArrayRef<int64_t> st = source ? op.getSrcStatic() : op.getDstStatic();
    StringRef which = source ? "source" : "destination";
    for (size_t k = 0; k < scalar.size(); ++k) {
      int64_t m = shape[k], lb = st[3 * k], ub = st[3 * k + 1],
              step = st[3 * k + 2];
      if (ShapedType::isDynamic(m) || ShapedType::isDynamic(lb))
        continue;
      if (scalar[k]) {
        if (lb < 0 || lb >= m)
          return op.emitOpError() << which << " dimension " << k << ": index "
                               << lb << " out of bounds [0, " << m << ")";
        continue;
      }
      if (ShapedType::isDynamic(ub) || ShapedType::isDynamic(step) ||
          ub <= lb)
        continue;
      // The last index lb + (count - 1) * step, without forming it.
      int64_t len = 0;
      bool out = lb < 0 || lb >= m ||
                 __builtin_sub_overflow(ub - 1, lb, &len) ||
                 len / step > (m - 1 - lb) / step;
      if (out)
        return op.emitOpError() << which << " dimension " << k << ": section "
                             << lb << ":" << ub << ":" << step
                             << " out of bounds [0, " << m << ")";
    }
  }
  bool srcLocal = llvm::isa<MemRefType>(op.getSource().getType());
  bool dstLocal = llvm::isa<MemRefType>(op.getDest().getType());
  if (srcLocal && dstLocal)
    return op.emitOpError() << "needs a darray on at least one side: a copy "
                            "between memrefs is local (memref.subview and "
                            "memref.copy)";
  if (op.getAcc() && (srcLocal || dstLocal))
    return op.emitOpError() << "with acc moves device instances, which a memref "
                            "does not have: use a darray on both sides";
  if (op.getMode() && op.getNodesAttr())
    return op.emitOpError()
           << "is one-sided (" << stringifyGMoveMode(*op.getMode())
           << "): each rank that meets it executes it alone, so it takes no "
              "node set ('on " << op.getNodesAttr()
           << "' is for the collective gmove)";
  // One-sided: the remote side is a darray (its window is what the
  // executing rank reads or writes); a memref is on the executing rank.
  if (auto mode = op.getMode()) {
    if (*mode == GMoveMode::in && srcLocal)
      return op.emitOpError()
             << "in gets the source from the ranks that hold it: the source "
                "must be a darray (a memref source is on this rank already: "
                "use memref.copy)";
    if (*mode == GMoveMode::out && dstLocal)
      return op.emitOpError()
             << "out puts into the ranks that hold the destination: the "
                "destination must be a darray (other ranks' memrefs cannot "
                "be reached)";
  }
  return success();
}

/// Symbol uses of xmp.gmove and xmp.gmove_start: the darrays' declarations,
/// the executing node set, and the arrays it can reach.
template <typename OpT>
static LogicalResult verifyGMoveSymbols(OpT op, SymbolTableCollection &st) {
  if (failed(verifyDArrayOperands(op, st)))
    return failure();
  FlatSymbolRefAttr set = op.getNodesAttr();
  if (!set)
    return success();
  auto nodes = lookupSymbol<NodesOp>(op, st, set, "node set", "xmp.nodes");
  if (failed(nodes))
    return failure();
  // An array on a node set sharing no rank with the executing one: none of
  // its elements can be read or written (unless the section is empty,
  // which only static bounds tell).
  for (bool source : {true, false}) {
    Type t = source ? op.getSource().getType() : op.getDest().getType();
    FlatSymbolRefAttr g = gridOf(op, t);
    if (!g || !nodeSetsDisjoint(op, st, g, set))
      continue;
    SmallVector<int64_t> shape = op.getSectionShape(source);
    if (llvm::any_of(shape, [](int64_t n) {
          return ShapedType::isDynamic(n) || n == 0;
        }))
      continue;
    return op.emitOpError()
           << "on " << set << ": the " << (source ? "source" : "destination")
           << " is distributed onto " << g << ", which shares no rank with "
           << set << ": no rank executing the gmove holds an element of its "
           << "section (inside a task a gmove reads and writes only elements "
              "that the task's nodes hold)";
  }
  return success();
}

LogicalResult GMoveOp::verifySymbolUses(SymbolTableCollection &st) {
  return verifyGMoveSymbols(*this, st);
}

LogicalResult GMoveStartOp::verifySymbolUses(SymbolTableCollection &st) {
  return verifyGMoveSymbols(*this, st);
}

#define GET_OP_CLASSES
#include "xmp/Dialect/XMP/IR/XMPOps.cpp.inc"
