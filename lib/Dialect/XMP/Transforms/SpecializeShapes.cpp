//===- SpecializeShapes.cpp - compile for given grid and template sizes ---===//
//
// See the pass description in Passes.td. Steps, in order:
//   1. parse the entries and check them against the declarations;
//   2. grids: the new static shape;
//   3. templates: the new static shape; each xmp.template_fix of the
//      template gives every size (its run-time values for the dimensions
//      that were `?`, constants for the others), which the lowering turns
//      into a run-time check; the values it fixed are replaced by constants
//      where the fix properly dominates their uses;
//   4. darray types on the specialized templates: a `?` size becomes the
//      constant every xmp.alloc of the type gives (after step 3), the type is
//      replaced everywhere in the module and the allocations drop the size
//      operands of the sizes that became static.
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPSPECIALIZESHAPES
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

namespace {

/// "129x129x257" -> sizes; failure on anything but non-negative integers.
FailureOr<SmallVector<int64_t>> parseShape(StringRef text) {
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  SmallVector<int64_t> sizes;
  for (StringRef p : parts) {
    int64_t v;
    if (p.getAsInteger(10, v) || v < 0)
      return failure();
    sizes.push_back(v);
  }
  return sizes;
}

struct XMPSpecializeShapes
    : public xmp::impl::XMPSpecializeShapesBase<XMPSpecializeShapes> {
  using XMPSpecializeShapesBase::XMPSpecializeShapesBase;

  void runOnOperation() override;

private:
  void specializeSubsets(NodesOp parent);
  LogicalResult specializeTemplate(TemplateOp t, ArrayRef<int64_t> shape,
                                   DominanceInfo &dom);
  void specializeArrays(const llvm::StringSet<llvm::MallocAllocator> &templates);
};

void XMPSpecializeShapes::runOnOperation() {
  ModuleOp module = getOperation();
  SymbolTable symbols(module);
  DominanceInfo dom(module);
  llvm::StringSet<llvm::MallocAllocator> templates;
  for (const std::string &entry : shapes) {
    auto [name, text] = StringRef(entry).split('=');
    FailureOr<SmallVector<int64_t>> shape = parseShape(text);
    if (name.empty() || text.empty() || failed(shape)) {
      module.emitError() << "xmp-specialize-shapes: entry '" << entry
                         << "' is not NAME=SHAPE with SHAPE like 129x129x257";
      return signalPassFailure();
    }
    Operation *decl = symbols.lookup(name);
    auto nodes = dyn_cast_or_null<NodesOp>(decl);
    auto tmpl = dyn_cast_or_null<TemplateOp>(decl);
    if (!nodes && !tmpl) {
      module.emitError() << "xmp-specialize-shapes: entry '" << entry
                         << "': the module has no xmp.template or xmp.nodes @"
                         << name;
      return signalPassFailure();
    }
    ArrayRef<int64_t> declared =
        nodes ? nodes.getShape() : tmpl.getShape();
    if (declared.size() != shape->size()) {
      decl->emitError() << "xmp-specialize-shapes: entry '" << entry
                        << "' gives " << shape->size() << " sizes for a "
                        << declared.size() << "-D shape";
      return signalPassFailure();
    }
    for (auto [d, s] : llvm::enumerate(declared))
      if (!ShapedType::isDynamic(s) && s != (*shape)[d]) {
        decl->emitError() << "xmp-specialize-shapes: entry '" << entry
                          << "' gives size " << (*shape)[d] << " to dimension "
                          << d << ", declared " << s;
        return signalPassFailure();
      }
    if (nodes) {
      if (nodes.getSubset()) {
        decl->emitError() << "xmp-specialize-shapes: @" << name
                          << " is a node subset; specialize its parent grid";
        return signalPassFailure();
      }
      if (llvm::is_contained(*shape, 0)) {
        decl->emitError() << "xmp-specialize-shapes: a grid axis of @" << name
                          << " cannot have 0 ranks";
        return signalPassFailure();
      }
      nodes.setShape(*shape);
      specializeSubsets(nodes);
      continue;
    }
    if (failed(specializeTemplate(tmpl, *shape, dom)))
      return signalPassFailure();
    templates.insert(name);
  }
  specializeArrays(templates);
}

/// The subsets of a grid that became static get the shapes their
/// triplets select (and their subsets, in turn).
void XMPSpecializeShapes::specializeSubsets(NodesOp parent) {
  for (auto n : getOperation().getOps<NodesOp>()) {
    if (!n.getSubset() || n.getParentAttr().getValue() != parent.getSymName())
      continue;
    SmallVector<int64_t> shape;
    int64_t count = 1;
    for (unsigned a = 0; a < parent.getRank(); ++a) {
      auto [lo, hi, step] = n.getSubsetTriplet(a);
      if (step != 0) {
        shape.push_back(
            NodesOp::subsetCount(lo, hi, step, parent.getShape()[a]));
        count *= shape.back();
      }
    }
    if (n.getReshape()) {
      // Its own shape; a `?` axis takes the count the others leave (the
      // verifier checks that they divide it).
      shape.assign(n.getShape().begin(), n.getShape().end());
      int64_t rest = 1;
      for (int64_t d : shape)
        if (!ShapedType::isDynamic(d))
          rest *= d;
      for (int64_t &d : shape)
        if (ShapedType::isDynamic(d))
          d = rest > 0 && count % rest == 0 ? count / rest : d;
    }
    n.setShape(shape);
    specializeSubsets(n);
  }
}

LogicalResult XMPSpecializeShapes::specializeTemplate(TemplateOp t,
                                                      ArrayRef<int64_t> shape,
                                                      DominanceInfo &dom) {
  SmallVector<int64_t> declared(t.getShape());
  t.setShape(shape);
  // A template declared static has nothing to fix (its template_fix, if
  // any, is already a check of the same sizes).
  if (!llvm::is_contained(declared, ShapedType::kDynamic))
    return success();
  SmallVector<TemplateFixOp> fixes;
  getOperation().walk([&](TemplateFixOp f) {
    if (f.getTmpl() == t.getSymName())
      fixes.push_back(f);
  });
  for (TemplateFixOp f : fixes) {
    OpBuilder before(f), after(f->getBlock(), ++Block::iterator(f));
    SmallVector<Value> all;
    unsigned next = 0;
    for (auto [d, s] : llvm::enumerate(declared)) {
      if (!ShapedType::isDynamic(s)) {
        all.push_back(arith::ConstantIndexOp::create(before, f.getLoc(), s));
        continue;
      }
      Value v = f.getSizes()[next++];
      all.push_back(v);
      APInt c;
      if (matchPattern(v, m_ConstantInt(&c))) {
        if (c.getSExtValue() != shape[d])
          return f.emitError()
                 << "xmp-specialize-shapes: this xmp.template_fix gives "
                 << c.getSExtValue() << " to dimension " << d
                 << " of template @" << t.getSymName() << ", specialized to "
                 << shape[d];
        continue;
      }
      Value k = arith::ConstantIndexOp::create(after, f.getLoc(), shape[d]);
      v.replaceUsesWithIf(k, [&](OpOperand &use) {
        return use.getOwner() != f &&
               dom.properlyDominates(f.getOperation(), use.getOwner());
      });
    }
    f.getSizesMutable().assign(all);
  }
  return success();
}

void XMPSpecializeShapes::specializeArrays(
    const llvm::StringSet<llvm::MallocAllocator> &templates) {
  ModuleOp module = getOperation();
  // For each darray type on a specialized template: per `?` dimension, the
  // constant all its allocations give (kDynamic: not known; unset: no
  // allocation seen), and the first allocation that keeps it dynamic.
  struct DimInfo {
    std::optional<int64_t> size;
    Operation *blocker = nullptr; // set: the dimension stays `?`
  };
  llvm::MapVector<DArrayType, SmallVector<DimInfo>> infos;
  SmallVector<AllocOp> allocs;
  module.walk([&](AllocOp a) {
    DArrayType type = a.getResult().getType();
    if (!templates.contains(type.getTemplateRef().getValue()) ||
        type.hasStaticShape())
      return;
    allocs.push_back(a);
    auto &dims = infos[type];
    dims.resize(type.getRank());
    unsigned next = 0;
    for (auto [d, s] : llvm::enumerate(type.getShape())) {
      if (!ShapedType::isDynamic(s))
        continue;
      Value v = a.getDynamicSizes()[next++];
      DimInfo &info = dims[d];
      if (info.blocker)
        continue;
      APInt c;
      if (!matchPattern(v, m_ConstantInt(&c)) || c.isNegative() ||
          (info.size && *info.size != c.getSExtValue())) {
        info.blocker = a;
        continue;
      }
      info.size = c.getSExtValue();
    }
  });
  DenseMap<Type, DArrayType> newTypes;
  for (auto &[type, dims] : infos) {
    SmallVector<int64_t> shape(type.getShape());
    bool changed = false;
    for (auto [d, info] : llvm::enumerate(dims)) {
      if (!ShapedType::isDynamic(shape[d]))
        continue;
      if (info.blocker) {
        info.blocker->emitWarning()
            << "xmp-specialize-shapes: dimension " << d << " of " << type
            << " stays '?': this xmp.alloc gives it a size that is not the "
               "same constant in every allocation of the type";
        continue;
      }
      shape[d] = *info.size;
      changed = true;
    }
    if (!changed)
      continue;
    newTypes[type] = DArrayType::get(
        type.getContext(), shape, type.getElementType(), type.getTemplateRef(),
        type.getAlign(), type.getOffset(), type.getShadowLo(),
        type.getShadowHi());
  }
  if (newTypes.empty())
    return;
  // The allocations' operand lists for the new types (before the types
  // change under them).
  SmallVector<std::pair<AllocOp, SmallVector<Value>>> operands;
  for (AllocOp a : allocs) {
    DArrayType old = a.getResult().getType();
    auto it = newTypes.find(old);
    if (it == newTypes.end())
      continue;
    SmallVector<Value> keep;
    unsigned next = 0;
    for (auto [d, s] : llvm::enumerate(old.getShape())) {
      if (!ShapedType::isDynamic(s))
        continue;
      Value v = a.getDynamicSizes()[next++];
      if (ShapedType::isDynamic(it->second.getShape()[d]))
        keep.push_back(v);
    }
    operands.push_back({a, keep});
  }
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](DArrayType t) -> std::optional<Type> {
    auto it = newTypes.find(t);
    if (it == newTypes.end())
      return std::nullopt;
    return Type(it->second);
  });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  for (auto &[a, keep] : operands)
    a.getDynamicSizesMutable().assign(keep);
}

} // namespace
