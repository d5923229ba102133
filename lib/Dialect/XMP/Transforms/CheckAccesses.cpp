//===- CheckAccesses.cpp - owner-computes warnings for loop accesses ------===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/DistributionAnalysis.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"


namespace mlir::xmp {
#define GEN_PASS_DEF_XMPCHECKACCESSES
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

namespace {

template <typename LoopT>
void check(LoopT loop, llvm::DenseSet<Operation *> &warned,
           DistributionAnalysis &da) {
  DistributeOp dist = da.lookupDistribution(loop, loop.getTmplAttr());
  if (!dist)
    return;
  ArrayRef<int64_t> onDims = loop.getOnDims();
  loop.getBody().walk([&](Operation *op) {
    if (!isa<LoadOp, StoreOp>(op) || warned.contains(op))
      return;
    Value array = isa<LoadOp>(op) ? cast<LoadOp>(op).getArray()
                                  : cast<StoreOp>(op).getArray();
    OperandRange idxs = isa<LoadOp>(op) ? cast<LoadOp>(op).getIndices()
                                        : cast<StoreOp>(op).getIndices();
    auto type = cast<DArrayType>(array.getType());
    if (type.getTemplateRef() != loop.getTmplAttr())
      return;
    for (unsigned d = 0; d < type.getRank(); ++d) {
      int64_t t = type.getAlign()[d];
      if (t < 0 || type.getOffset()[d] != 0 || type.isFullShadow(d))
        continue;
      auto k = llvm::find(onDims, t);
      if (k == onDims.end())
        continue;
      unsigned kk = k - onDims.begin();
      Value iv = loop.getInductionVars()[kk];
      std::optional<int64_t> c = constantOffsetFrom(idxs[d], iv);
      // An expanded loop (expand or margin) also runs elo iterations below
      // and ehi above the node's owned range: its accesses reach that much
      // further.
      std::optional<ArrayRef<int64_t>> wlo = loop.getExpandLo()
                                                 ? loop.getExpandLo()
                                                 : loop.getFrameLo();
      std::optional<ArrayRef<int64_t>> whi = loop.getExpandHi()
                                                 ? loop.getExpandHi()
                                                 : loop.getFrameHi();
      StringRef clause = loop.getExpandLo() ? "expand" : "margin";
      int64_t elo = wlo ? (*wlo)[kk] : 0;
      int64_t ehi = whi ? (*whi)[kk] : 0;
      if (!c || (*c == 0 && elo == 0 && ehi == 0))
        continue;
      DistAttr f = dist.getFormat(t);
      int64_t lo = type.getShadowLo()[d], hi = type.getShadowHi()[d];
      std::string why;
      if (f.getKind() == DistKind::cyclic)
        why = "template dimension " + std::to_string(t) + " is distributed "
              "cyclic(" + std::to_string(f.getWidth()) +
              "), so on more than one node some iterations address elements "
              "another node owns";
      else if ((f.getKind() == DistKind::block ||
                f.getKind() == DistKind::blockn ||
                f.getKind() == DistKind::gblock) &&
               (elo - *c > lo || ehi + *c > hi))
        why = (elo || ehi ? "with the loop's " + clause.str() + " " +
                                std::to_string(elo) +
                                ":" + std::to_string(ehi) + ", "
                          : std::string()) +
              "that is outside the array's shadow (" + std::to_string(lo) +
              ":" + std::to_string(hi) +
              ") in that dimension, so on more than one node iterations near "
              "a block edge address elements another node owns";
      else
        continue;
      op->emitWarning() << "'" << op->getName() << "' indexes array dimension "
                        << d
                        << " with the loop's induction variable"
                        << (*c == 0   ? ""
                            : *c > 0 ? " plus "
                                     : " minus ")
                        << (*c == 0 ? std::string()
                                    : std::to_string(std::abs(*c)))
                        << ": " << why
                        << " (XMP accesses owned elements and shadows only; "
                           "the result is right on one node only)";
      warned.insert(op);
      return;
    }
  });
}

struct XMPCheckAccessesPass
    : public xmp::impl::XMPCheckAccessesBase<XMPCheckAccessesPass> {
  void runOnOperation() override {
    llvm::DenseSet<Operation *> warned;
    auto &da = getAnalysis<DistributionAnalysis>();
    getOperation().walk([&](Operation *op) {
      if (auto l = dyn_cast<LoopOp>(op))
        check(l, warned, da);
      else if (auto l = dyn_cast<DeviceLoopOp>(op))
        check(l, warned, da);
    });
    markAllAnalysesPreserved();
  }
};

} // namespace
