//===- DistributionAnalysis.cpp - cached distribution lookups -------------===//
#include "xmp/Dialect/XMP/Transforms/DistributionAnalysis.h"

using namespace mlir;
using namespace mlir::xmp;

DistributionAnalysis::DistributionAnalysis(Operation *root) {
  // Distributions are declarations: the ops of symbol tables' own blocks.
  root->walk([&](DistributeOp d) {
    if (auto t = symbolTables.lookupNearestSymbolFrom<TemplateOp>(
            d, d.getTmplAttr()))
      distributions.try_emplace(t, d); // the first, as the verifier sees it
  });
}

TemplateOp DistributionAnalysis::lookupTemplate(Operation *from,
                                                FlatSymbolRefAttr ref) {
  return symbolTables.lookupNearestSymbolFrom<TemplateOp>(from, ref);
}

DistributeOp DistributionAnalysis::getDistribution(TemplateOp tmpl) const {
  return distributions.lookup(tmpl);
}

NodesOp DistributionAnalysis::getNodes(DistributeOp dist) {
  return symbolTables.lookupNearestSymbolFrom<NodesOp>(dist,
                                                       dist.getNodesAttr());
}

DArrayLayout DistributionAnalysis::getLayout(Operation *from,
                                             DArrayType type) {
  Operation *table = SymbolTable::getNearestSymbolTable(from);
  auto it = layouts.find({table, type});
  if (it == layouts.end())
    it = layouts.try_emplace({table, type}, computeLayout(from, type)).first;
  return it->second;
}
