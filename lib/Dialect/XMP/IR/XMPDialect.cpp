//===- XMPDialect.cpp - xmp dialect, types and attributes -----------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::xmp;

#include "xmp/Dialect/XMP/IR/XMPDialect.cpp.inc"
#include "xmp/Dialect/XMP/IR/XMPEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "xmp/Dialect/XMP/IR/XMPAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "xmp/Dialect/XMP/IR/XMPTypes.cpp.inc"

namespace {
/// Prints darray types through `!darray`-style aliases so IR stays readable.
struct XMPOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Type type, raw_ostream &os) const override {
    if (llvm::isa<DArrayType>(type)) {
      os << "darray";
      return AliasResult::OverridableAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

Operation *XMPDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto typed = llvm::dyn_cast<TypedAttr>(value);
  if (!typed || !arith::ConstantOp::isBuildableWith(typed, type))
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, typed);
}

void XMPDialect::initialize() {
  addInterfaces<XMPOpAsmInterface>();
  addOperations<
#define GET_OP_LIST
#include "xmp/Dialect/XMP/IR/XMPOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "xmp/Dialect/XMP/IR/XMPTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "xmp/Dialect/XMP/IR/XMPAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// DistAttr
//===----------------------------------------------------------------------===//

Attribute DistAttr::parseBare(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalStar()))
    return DistAttr::get(ctx, DistKind::none, 1, {});
  StringRef kw;
  if (parser.parseKeyword(&kw))
    return {};
  if (kw == "block") {
    if (succeeded(parser.parseOptionalLParen())) { // block(n)
      int64_t w = 1;
      if (parser.parseInteger(w) || parser.parseRParen())
        return {};
      return DistAttr::getChecked([&] { return parser.emitError(loc); }, ctx,
                                  DistKind::blockn, w, ArrayRef<int64_t>{});
    }
    return DistAttr::getChecked([&] { return parser.emitError(loc); }, ctx,
                                DistKind::block, 1, ArrayRef<int64_t>{});
  }
  if (kw == "cyclic") {
    int64_t w = 1;
    if (succeeded(parser.parseOptionalLParen())) {
      if (parser.parseInteger(w) || parser.parseRParen())
        return {};
    }
    return DistAttr::getChecked([&] { return parser.emitError(loc); }, ctx,
                                DistKind::cyclic, w, ArrayRef<int64_t>{});
  }
  if (kw == "gblock") {
    SmallVector<int64_t> sizes;
    if (parser.parseLParen())
      return {};
    // gblock(*): the sizes come with xmp.template_fix.
    if (succeeded(parser.parseOptionalStar()))
      return parser.parseRParen()
                 ? Attribute()
                 : DistAttr::getChecked(
                       [&] { return parser.emitError(loc); }, ctx,
                       DistKind::gblock, 1, ArrayRef<int64_t>{});
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          int64_t v;
          if (parser.parseInteger(v))
            return failure();
          sizes.push_back(v);
          return success();
        }) ||
        parser.parseRParen())
      return {};
    if (sizes.empty()) {
      parser.emitError(loc, "gblock needs at least one size (or gblock(*), "
                            "sizes given by xmp.template_fix)");
      return {};
    }
    return DistAttr::getChecked([&] { return parser.emitError(loc); }, ctx,
                                DistKind::gblock, 1, sizes);
  }
  parser.emitError(loc, "expected a distribution format: block, block(n), "
                        "cyclic, cyclic(w), gblock([sizes]), gblock(*) or *; got '")
      << kw << "'";
  return {};
}

void DistAttr::printBare(AsmPrinter &printer) const {
  switch (getKind()) {
  case DistKind::none:
    printer << "*";
    return;
  case DistKind::block:
    printer << "block";
    return;
  case DistKind::blockn:
    printer << "block(" << getWidth() << ")";
    return;
  case DistKind::cyclic:
    printer << "cyclic";
    if (getWidth() != 1)
      printer << "(" << getWidth() << ")";
    return;
  case DistKind::gblock:
    if (isGBlockStar()) {
      printer << "gblock(*)";
      return;
    }
    printer << "gblock([";
    llvm::interleaveComma(getSizes(), printer);
    printer << "])";
    return;
  }
}

Attribute DistAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  Attribute a = parseBare(parser);
  if (!a || parser.parseGreater())
    return {};
  return a;
}

void DistAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printBare(printer);
  printer << ">";
}

LogicalResult DistAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               DistKind kind, int64_t width,
                               ArrayRef<int64_t> sizes) {
  if (width < 1)
    return emitError() << (kind == DistKind::blockn ? "block" : "cyclic")
                       << " width must be at least 1, got " << width;
  if (kind != DistKind::cyclic && kind != DistKind::blockn && width != 1)
    return emitError() << "only cyclic(w) and block(n) distributions have a "
                          "width";
  if (kind == DistKind::gblock) {
    // No sizes: gblock(*), given at run time by xmp.template_fix.
    for (int64_t s : sizes)
      if (s < 0)
        return emitError() << "gblock sizes must be non-negative, got " << s;
  } else if (!sizes.empty()) {
    return emitError() << "only gblock distributions have sizes";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// DArrayType
//===----------------------------------------------------------------------===//

static ParseResult parseIntOrStarList(AsmParser &parser,
                                      SmallVectorImpl<int64_t> &out,
                                      int64_t starValue) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    if (succeeded(parser.parseOptionalStar())) {
      out.push_back(starValue);
      return success();
    }
    int64_t v;
    if (parser.parseInteger(v))
      return failure();
    out.push_back(v);
    return success();
  });
}

Type DArrayType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape, align, offset, shLo, shHi;
  Type elementType;
  Attribute tmpl;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(tmpl))
    return {};
  auto tmplRef = llvm::dyn_cast<FlatSymbolRefAttr>(tmpl);
  if (!tmplRef) {
    parser.emitError(loc, "expected a template symbol such as @t");
    return {};
  }
  if (parser.parseComma() || parser.parseKeyword("align") ||
      parseIntOrStarList(parser, align, kNotAligned))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    StringRef kw;
    SMLoc kwLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&kw))
      return {};
    if (kw == "offset") {
      if (!offset.empty()) {
        parser.emitError(kwLoc, "'offset' given twice");
        return {};
      }
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
            int64_t v;
            if (parser.parseInteger(v))
              return failure();
            offset.push_back(v);
            return success();
          }))
        return {};
    } else if (kw == "shadow") {
      if (!shLo.empty()) {
        parser.emitError(kwLoc, "'shadow' given twice");
        return {};
      }
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
            if (succeeded(parser.parseOptionalStar())) {
              shLo.push_back(kFullShadow);
              shHi.push_back(kFullShadow);
              return success();
            }
            int64_t lo, hi;
            if (parser.parseInteger(lo) || parser.parseColon() ||
                parser.parseInteger(hi))
              return failure();
            if (lo < 0 || hi < 0) {
              parser.emitError(parser.getCurrentLocation(),
                               "shadow widths must be non-negative");
              return failure();
            }
            shLo.push_back(lo);
            shHi.push_back(hi);
            return success();
          }))
        return {};
    } else {
      parser.emitError(kwLoc, "expected 'offset' or 'shadow', got '")
          << kw << "'";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  if (offset.empty())
    offset.assign(shape.size(), 0);
  if (shLo.empty()) {
    shLo.assign(shape.size(), 0);
    shHi.assign(shape.size(), 0);
  }
  return DArrayType::getChecked([&] { return parser.emitError(loc); },
                                parser.getContext(), shape, elementType,
                                tmplRef, align, offset, shLo, shHi);
}

void DArrayType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape()) {
    if (ShapedType::isDynamic(d))
      printer << "?";
    else
      printer << d;
    printer << "x";
  }
  printer << getElementType() << ", " << getTemplateRef() << ", align [";
  llvm::interleaveComma(getAlign(), printer, [&](int64_t a) {
    if (a == kNotAligned)
      printer << "*";
    else
      printer << a;
  });
  printer << "]";
  if (llvm::any_of(getOffset(), [](int64_t o) { return o != 0; })) {
    printer << ", offset [";
    llvm::interleaveComma(getOffset(), printer);
    printer << "]";
  }
  if (hasShadow()) {
    printer << ", shadow [";
    for (unsigned d = 0; d < getRank(); ++d) {
      if (d)
        printer << ", ";
      if (isFullShadow(d))
        printer << "*";
      else
        printer << getShadowLo()[d] << ":" << getShadowHi()[d];
    }
    printer << "]";
  }
  printer << ">";
}

LogicalResult DArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 FlatSymbolRefAttr templateRef,
                                 ArrayRef<int64_t> align,
                                 ArrayRef<int64_t> offset,
                                 ArrayRef<int64_t> shadowLo,
                                 ArrayRef<int64_t> shadowHi) {
  size_t rank = shape.size();
  if (rank == 0)
    return emitError() << "a darray needs at least one dimension";
  for (int64_t s : shape)
    if (!ShapedType::isDynamic(s) && s <= 0)
      return emitError() << "darray sizes must be positive, got " << s;
  // The element types libxmprt moves (XMPRT_I1 ... XMPRT_C64): others
  // (f16, bf16, i128, ...) would pass here and fail in a later stage.
  auto moved = [](Type t) {
    if (auto c = llvm::dyn_cast<ComplexType>(t))
      t = c.getElementType();
    else if (t.isInteger(1) || t.isInteger(8) || t.isInteger(16) ||
             t.isInteger(32) || t.isInteger(64))
      return true;
    return t.isF32() || t.isF64();
  };
  if (!moved(elementType))
    return emitError() << "darray element type must be an integer, float or "
                          "complex type the runtime moves (i1, i8, i16, i32, "
                          "i64, f32, f64, complex<f32>, complex<f64>), got "
                       << elementType;
  if (!templateRef)
    return emitError() << "darray needs a template symbol";
  if (align.size() != rank)
    return emitError() << "align list has " << align.size()
                       << " entries but the array has rank " << rank;
  if (offset.size() != rank)
    return emitError() << "offset list has " << offset.size()
                       << " entries but the array has rank " << rank;
  if (shadowLo.size() != rank || shadowHi.size() != rank)
    return emitError() << "shadow list has " << shadowLo.size()
                       << " entries but the array has rank " << rank;
  llvm::SmallSet<int64_t, 4> seen;
  for (size_t d = 0; d < rank; ++d) {
    if (align[d] < kNotAligned)
      return emitError() << "align entry " << align[d] << " of dimension "
                         << d << " is not a template dimension or *";
    if (align[d] != kNotAligned && !seen.insert(align[d]).second)
      return emitError() << "array dimensions " << llvm::find(align, align[d]) - align.begin()
                         << " and " << d << " are both aligned to template dimension "
                         << align[d];
    if (align[d] == kNotAligned &&
        (shadowLo[d] > 0 || shadowHi[d] > 0))
      return emitError() << "dimension " << d
                         << " is not aligned (*): every node holds it whole, "
                            "so it cannot have a shadow";
    if (align[d] == kNotAligned && offset[d] != 0)
      return emitError() << "dimension " << d
                         << " is not aligned but has a non-zero offset";
    bool full = shadowLo[d] == kFullShadow || shadowHi[d] == kFullShadow;
    if (full && shadowLo[d] != shadowHi[d])
      return emitError() << "full shadow (*) of dimension " << d
                         << " must be full on both sides";
    if (!full && (shadowLo[d] < 0 || shadowHi[d] < 0))
      return emitError() << "shadow widths of dimension " << d
                         << " must be non-negative";
    int64_t ext = 0;
    if (!full && !ShapedType::isDynamic(shape[d]) &&
        (__builtin_add_overflow(shape[d], shadowLo[d], &ext) ||
         __builtin_add_overflow(ext, shadowHi[d], &ext)))
      return emitError() << "dimension " << d << " of size " << shape[d]
                         << " with shadow " << shadowLo[d] << ":"
                         << shadowHi[d] << " has more than 2^63-1 elements";
  }
  return success();
}

// The discardable attributes that passes put on upstream ops to tell later
// passes something (docs/pipeline.md, "Attributes between passes"). They are
// declared here, once: a name not in this list, or a value of the wrong
// form (a hand-written `xmp.reduce_kinds = [or]` on f64), is an error when
// the IR is verified, instead of a wrong lowering later.
LogicalResult XMPDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  Attribute v = attr.getValue();
  auto err = [&]() {
    return op->emitOpError() << "attribute '" << name << "' ";
  };
  if (name == "xmp.device" || name == "xmp.node_local" ||
      name == "xmp.split_part" || name == "xmp.in_loop") {
    if (!llvm::isa<UnitAttr>(v))
      return err() << "must be a unit attribute";
    return success();
  }
  if (name == "xmp.kernel_name" || name == "xmp.cpu_part_of") {
    auto s = llvm::dyn_cast<StringAttr>(v);
    if (!s || s.getValue().empty())
      return err() << "must be a non-empty string";
    return success();
  }
  if (name == "xmp.kernel_arg") {
    auto s = llvm::dyn_cast<StringAttr>(v);
    if (!s || (s.getValue() != "readonly" && s.getValue() != "noalias"))
      return err() << "must be \"readonly\" or \"noalias\"";
    return success();
  }
  if (name == "xmp.noalias_args") {
    if (!llvm::isa<DenseI64ArrayAttr>(v))
      return err() << "must be array<i64: argument numbers>";
    return success();
  }
  if (name == "xmp.block_size") {
    auto bs = llvm::dyn_cast<DenseI64ArrayAttr>(v);
    if (!bs || bs.size() < 1 || bs.size() > 3)
      return err() << "must be array<i64: x[, y[, z]]>";
    int64_t threads = 1;
    for (int64_t e : bs.asArrayRef()) {
      if (e <= 0)
        return err() << "entries must be positive";
      threads *= e;
      if (threads > 1024)
        return err() << "asks for more than 1024 threads per block";
    }
    return success();
  }
  if (name == "xmp.reduce_kinds") {
    auto ks = llvm::dyn_cast<ArrayAttr>(v);
    if (!ks)
      return err() << "must be an array of #xmp.reduction kinds";
    if (ks.size() != op->getNumResults())
      return err() << "has " << ks.size() << " kinds for "
                   << op->getNumResults() << " reduction results";
    for (auto [k, r] : llvm::zip(ks, op->getResults())) {
      auto kind = llvm::dyn_cast<ReductionKindAttr>(k);
      if (!kind)
        return err() << "must be an array of #xmp.reduction kinds";
      if (!isReductionKindCompatible(kind.getValue(), r.getType()))
        return err() << "kind '" << stringifyReductionKind(kind.getValue())
                     << "' does not apply to " << r.getType();
    }
    return success();
  }
  if (name == "xmp.distinct")
    return err() << "belongs on function arguments (darrays), not on an op";
  return err() << "is not an attribute of the xmp dialect (known: "
                  "xmp.device, xmp.block_size, xmp.reduce_kinds, "
                  "xmp.kernel_name, xmp.node_local, xmp.split_part, "
                  "xmp.cpu_part_of, xmp.in_loop, xmp.kernel_arg, "
                  "xmp.noalias_args)";
}

// xmp.distinct (xmp-cfront's hidden parameters, read by xmp-to-gpu's
// kernel view marks): a unit attribute on an argument of a function (a
// darray; it stays on the argument when the lowering converts its type).
LogicalResult XMPDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  auto err = [&]() {
    return op->emitOpError() << "argument " << argIndex << ": attribute '"
                             << name << "' ";
  };
  if (name != "xmp.distinct")
    return err() << "is not an argument attribute of the xmp dialect "
                    "(known: xmp.distinct)";
  if (!llvm::isa<UnitAttr>(attr.getValue()))
    return err() << "must be a unit attribute";
  return success();
}
