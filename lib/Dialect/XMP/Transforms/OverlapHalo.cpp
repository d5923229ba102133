//===- OverlapHalo.cpp - hide a reflect behind the loop that follows it ---===//
//
// See the pass description in Passes.td. The loop lowering
// (xmp-lower-distribution) splits an overlapped loop into its interior and
// boundary pieces; this pass only decides where that is legal and sets the
// margins.
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/DistributionAnalysis.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPOVERLAPHALO
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

namespace {

/// What a reflect-like op exchanges.
struct ReflectSite {
  Operation *op = nullptr; // xmp.reflect or xmp.reflect_do
  Value array;
  bool acc = false;
};

std::optional<ReflectSite> reflectSite(Operation *op) {
  if (!isa<ReflectOp, ReflectDoOp>(op))
    return std::nullopt;
  if (auto r = ReflectLikeOpInterface::forExchange(op))
    return ReflectSite{op, r.getArray(), r.getAcc()};
  return std::nullopt;
}

/// The loop right after `op`, skipping side-effect-free ops without
/// regions (index arithmetic, constants).
Operation *followingLoop(Operation *op) {
  for (Operation *n = op->getNextNode(); n; n = n->getNextNode()) {
    if (isa<LoopOp, DeviceLoopOp>(n))
      return n;
    if (n->getNumRegions() || !isMemoryEffectFree(n))
      return nullptr;
  }
  return nullptr;
}

/// Margins of `loop` for reads of `array`, or the reason there are none.
template <typename LoopT>
FailureOr<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
margins(LoopT loop, Value array, DistributionAnalysis &da, std::string &why) {
  auto type = cast<DArrayType>(array.getType());
  if (type.getTemplateRef() != loop.getTmplAttr()) {
    why = "the loop is on another template than the array";
    return failure();
  }
  DistributeOp dist = da.lookupDistribution(loop, loop.getTmplAttr());
  if (!dist) {
    why = "the template has no distribution";
    return failure();
  }
  ArrayRef<int64_t> onDims = loop.getOnDims();
  unsigned n = loop.getNumLoops();
  SmallVector<int64_t> lo(n, 0), hi(n, 0);
  WalkResult res = loop.getBody().walk([&](Operation *op) {
    for (Value v : op->getOperands()) {
      if (v != array)
        continue;
      auto ld = dyn_cast<LoadOp>(op);
      if (!ld) {
        why = "the loop " +
              std::string(isa<StoreOp>(op) ? "stores to" : "passes") +
              " the array ('" + op->getName().getStringRef().str() +
              "'): its owned elements change while they are sent";
        return WalkResult::interrupt();
      }
    }
    auto ld = dyn_cast<LoadOp>(op);
    if (!ld || ld.getArray() != array)
      return WalkResult::advance();
    for (unsigned d = 0; d < type.getRank(); ++d) {
      int64_t t = type.getAlign()[d];
      if (t < 0 || !dist.getFormat(t).isDistributed())
        continue; // every node holds the whole dimension
      if (dist.getFormat(t).getKind() == DistKind::cyclic) {
        why = "array dimension " + std::to_string(d) +
              " is aligned with a cyclic template dimension";
        return WalkResult::interrupt();
      }
      auto k = llvm::find(onDims, t);
      std::optional<int64_t> c;
      if (k != onDims.end())
        c = constantOffsetFrom(ld.getIndices()[d],
                               loop.getInductionVars()[k - onDims.begin()]);
      if (!c) {
        why = "a read's index in array dimension " + std::to_string(d) +
              " is not the loop's induction variable on template dimension " +
              std::to_string(t) + " plus a constant";
        return WalkResult::interrupt();
      }
      int64_t pos = *c + type.getOffset()[d];
      unsigned kk = k - onDims.begin();
      lo[kk] = std::max(lo[kk], -pos);
      hi[kk] = std::max(hi[kk], pos);
    }
    return WalkResult::advance();
  });
  if (res.wasInterrupted())
    return failure();
  return std::make_pair(lo, hi);
}

struct XMPOverlapHaloPass
    : public xmp::impl::XMPOverlapHaloBase<XMPOverlapHaloPass> {
  using XMPOverlapHaloBase::XMPOverlapHaloBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::DenseSet<Value> escaped;
    module.walk([&](LocalViewOp lv) { escaped.insert(lv.getArray()); });
    SmallVector<ReflectSite> sites;
    module.walk([&](Operation *op) {
      if (auto s = reflectSite(op))
        sites.push_back(*s);
    });
    for (ReflectSite &s : sites) {
      Operation *loopOp = followingLoop(s.op);
      if (!loopOp)
        continue; // nothing to hide it behind: no remark
      if (isa<LoopOp>(loopOp))
        apply(cast<LoopOp>(loopOp), s, escaped);
      else
        apply(cast<DeviceLoopOp>(loopOp), s, escaped);
    }
  }

  template <typename LoopT>
  void apply(LoopT loop, const ReflectSite &s,
             const llvm::DenseSet<Value> &escaped) {
    bool device = isa<DeviceLoopOp>(loop.getOperation());
    std::string why;
    std::pair<SmallVector<int64_t>, SmallVector<int64_t>> m;
    if (loop.getOverlap())
      why = "the loop already overlaps another reflect";
    else if (loop.getExpandLo())
      why = "the loop is expanded: its extra iterations read the halo the "
            "reflect fills";
    else if (loop.getFrameLo())
      why = "the loop runs a margin: its iterations read the halo the "
            "reflect fills";
    else if (device != s.acc)
      why = device ? "a device loop reads the device instance, and the "
                     "reflect is on the host instance (no acc)"
                   : "a host loop reads the host instance, and the reflect "
                     "is on the device instance (acc)";
    else if (device && !loop.getReduceInits().empty() && !reductionsOnDevice)
      why = "the device loop reduces: each piece's partial would be read "
            "back to the host (reductions-on-device=true overlaps it anyway)";
    else if (escaped.contains(s.array))
      why = "the array escapes through xmp.local_view";
    else if (auto r = margins(loop, s.array, getAnalysis<DistributionAnalysis>(),
                              why);
             succeeded(r))
      m = *r;
    if (!why.empty()) {
      if (remarks)
        s.op->emitRemark() << "not overlapped with the following loop: "
                           << why;
      return;
    }

    OpBuilder b(s.op);
    Location loc = s.op->getLoc();
    Value plan;
    if (auto d = dyn_cast<ReflectDoOp>(s.op)) {
      plan = d.getPlan();
    } else {
      // The plan, right after the array is defined (at the top of the
      // block of a function argument), as the lowering of xmp.reflect
      // places it; both are the runtime's one plan per site and array.
      auto r = cast<ReflectOp>(s.op);
      OpBuilder pb(s.op->getContext());
      if (Operation *def = s.array.getDefiningOp())
        pb.setInsertionPointAfter(def);
      else
        pb.setInsertionPointToStart(Value(s.array).getParentBlock());
      plan = ReflectInitOp::create(
          pb, loc, ReflectPlanType::get(s.op->getContext()), s.array,
          r.getWidthLoAttr(), r.getWidthHiAttr(), r.getPeriodicAttr(),
          r.getOrthogonalAttr(), r.getAccAttr(), r.getChannelsAttr());
    }
    Value tok =
        ReflectStartOp::create(b, loc, TokenType::get(b.getContext()), plan);
    s.op->erase();
    loop.getOverlapMutable().assign(tok);
    loop.setMarginLoAttr(b.getDenseI64ArrayAttr(m.first));
    loop.setMarginHiAttr(b.getDenseI64ArrayAttr(m.second));
    if (remarks) {
      auto diag = loop.emitRemark()
                  << "overlaps the preceding reflect: the interior (margin ";
      for (unsigned k = 0; k < m.first.size(); ++k)
        diag << (k ? ", " : "[") << m.first[k] << ":" << m.second[k];
      diag << "]) runs while the halos are exchanged, the boundary after "
              "the wait";
    }
  }
};

} // namespace
