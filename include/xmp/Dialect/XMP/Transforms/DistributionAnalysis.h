//===- DistributionAnalysis.h - cached distribution lookups ------*- C++ -*-===//
//
// What a pass asks about distributions, answered from tables built once:
// the template a loop or darray names, its xmp.distribute, the grid it is
// distributed onto, and the static local layout of a darray type. Symbols
// are resolved through one SymbolTableCollection (hashed tables per symbol
// table op, built on first use) instead of scanning the module per lookup,
// and the xmp.distribute of every template is indexed by one walk.
//
// Use it as an analysis of the module (`getAnalysis<DistributionAnalysis>()`;
// like any analysis it is dropped after a pass that does not preserve it)
// or construct it on the root op. It stays valid while the pass does not
// create, erase or rename xmp.nodes / xmp.template / xmp.distribute ops
// (the passes that use it only read them; xmp-specialize-shapes, which
// rewrites them, does not use it).
//
//===----------------------------------------------------------------------===//
#ifndef XMP_DIALECT_XMP_TRANSFORMS_DISTRIBUTIONANALYSIS_H
#define XMP_DIALECT_XMP_TRANSFORMS_DISTRIBUTIONANALYSIS_H

#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::xmp {

class DistributionAnalysis {
public:
  explicit DistributionAnalysis(Operation *root);

  /// The template `ref` names, seen from `from` (null if it names none).
  TemplateOp lookupTemplate(Operation *from, FlatSymbolRefAttr ref);
  TemplateOp lookupTemplate(Operation *from, DArrayType type) {
    return lookupTemplate(from, type.getTemplateRef());
  }
  /// The xmp.distribute of `tmpl` (null if it has none).
  DistributeOp getDistribution(TemplateOp tmpl) const;
  /// The xmp.distribute of the template `ref` names from `from`.
  DistributeOp lookupDistribution(Operation *from, FlatSymbolRefAttr ref) {
    TemplateOp t = lookupTemplate(from, ref);
    return t ? getDistribution(t) : DistributeOp();
  }
  /// The grid `dist` distributes onto (null if it names none).
  NodesOp getNodes(DistributeOp dist);
  /// The static local layout of `type` (computeLayout), computed once per
  /// type and symbol table.
  DArrayLayout getLayout(Operation *from, DArrayType type);

  SymbolTableCollection &getSymbolTables() { return symbolTables; }

private:
  SymbolTableCollection symbolTables;
  llvm::DenseMap<Operation *, DistributeOp> distributions;
  llvm::DenseMap<std::pair<Operation *, Type>, DArrayLayout> layouts;
};

} // namespace mlir::xmp

#endif
