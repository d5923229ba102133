//===- LowerDistribution.cpp - global view -> local memref code -----------===//
//
// See the pass description in Passes.td. Index math is written once here
// for the compiler side; the runtime's xmprt/Distribution.h provides the
// formulas both sides use (this file folds static extents with it).
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"
#include "xmp/Dialect/XMP/Transforms/DistributionAnalysis.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"
#include "xmp/Dialect/XMP/Transforms/IndexMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include <tuple>

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPLOWERDISTRIBUTION
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

namespace {

/// How one darray dimension maps global to local indices.
struct DimMap {
  enum Kind { Full, NotAligned, Range, Cyclic } kind = Range;
  Value base;      // Range: local = g - base
  Value period;    // Cyclic: w * P
  Value cycBase;   // Cyclic: local = ((g+o)/period)*w + (g+o)%w - cycBase
  int64_t width = 1, offset = 0, shadowLo = 0;
};

struct ArrayInfo {
  Value view;
  SmallVector<DimMap> dims;
};

/// One level of the generated loop nest for one induction variable.
struct DimLoop {
  bool cyclic = false;
  Value start, end, step;       // block-like: global bounds
  Value kStart, kEnd;           // cyclic: block loop
  Value blockBase, period, lb, ub, stepVal; // cyclic element loop inputs
                                            // (lb: also block-like)
  Value ownedLo, ownedHi;       // block-like: the node's owned range
  // block-like, expand/margin dimensions: the iterations the loop would
  // run without the clause, [plainStart, plainEnd) (within [start, end)
  // unless empty)
  Value plainStart, plainEnd;
  int64_t width = 1;
};

using Box = SmallVector<DimLoop>;

/// A dimension cut in two slabs around an inner range: {k, {start, inner
/// start, inner end, end}}.
using Cut = std::pair<unsigned, std::array<Value, 4>>;

/// The slabs of `levels` around `inner`, which partition the iterations
/// of `levels` outside `inner`: for the i-th cut dimension k, its low and
/// high slabs, the cut dimensions before it restricted to `inner`, every
/// other dimension whole.
void appendSlabs(SmallVectorImpl<Box> &boxes, ArrayRef<DimLoop> levels,
                 const Box &inner, ArrayRef<Cut> cuts) {
  for (auto [i, cut] : llvm::enumerate(cuts)) {
    auto [k, v] = cut;
    for (int side = 0; side < 2; ++side) {
      Box box(levels.begin(), levels.end());
      for (size_t j = 0; j < i; ++j)
        box[cuts[j].first] = inner[cuts[j].first];
      box[k].start = side ? v[2] : v[0];
      box[k].end = side ? v[3] : v[1];
      boxes.push_back(box);
    }
  }
}

/// The node's iterations of a loop with `overlap(... margin [lo:hi, ...])`
/// as boxes that partition them: the interior first (iterations at least
/// lo above and hi below the edges of the owned range in every dimension),
/// then the boundary, dimension by dimension: dimension k's low and high
/// slabs, the dimensions before k restricted to their interior, the ones
/// after k whole. Every bound stays on the loop's lattice (start + n*step),
/// so each box is an ordinary loop over a subset of the iterations.
SmallVector<Box> overlapBoxes(OpBuilder &b, Location loc,
                              ArrayRef<DimLoop> levels,
                              ArrayRef<int64_t> mlo, ArrayRef<int64_t> mhi) {
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Box interior(levels.begin(), levels.end());
  SmallVector<Cut> cuts;
  for (auto [k, lv] : llvm::enumerate(levels)) {
    if (lv.cyclic || (mlo[k] == 0 && mhi[k] == 0))
      continue;
    // align(x): the first lattice point >= x (and >= start).
    auto align = [&](Value x) -> Value {
      return indexmath::latticeCeil(b, loc, x, lv.start, lv.step);
    };
    Value e = align(lv.end);
    Value iLo = arith::MinSIOp::create(
        b, loc, align(arith::AddIOp::create(b, loc, lv.ownedLo, c(mlo[k]))), e);
    Value iHi = arith::MinSIOp::create(
        b, loc,
        arith::MaxSIOp::create(
            b, loc, iLo,
            align(arith::SubIOp::create(b, loc, lv.ownedHi, c(mhi[k])))),
        e);
    cuts.push_back({(unsigned)k, {lv.start, iLo, iHi, e}});
    interior[k].start = iLo;
    interior[k].end = iHi;
  }
  SmallVector<Box> boxes{interior};
  appendSlabs(boxes, levels, interior, cuts);
  return boxes;
}

/// The iterations of a loop with `margin [...]` as boxes that partition
/// them. `levels` are the loop's expanded ranges E_k (as for `expand`), and
/// their plainStart/plainEnd the ranges P_k the loop runs without the
/// clause (P_k within E_k). The frame E \ P is, dimension by dimension over
/// the dimensions k with a width (`active`; the others have E_k = P_k):
/// dimension k's low and high slabs E_k \ P_k, the dimensions before k
/// restricted to P, the ones after k over E. Disjoint, so every iteration
/// of the frame runs once; the bounds stay on the loop's lattice.
SmallVector<Box> marginBoxes(OpBuilder &b, Location loc,
                             ArrayRef<DimLoop> levels,
                             llvm::function_ref<bool(unsigned)> active) {
  Box plain(levels.begin(), levels.end());
  SmallVector<Cut> cuts;
  for (auto [k, lv] : llvm::enumerate(levels)) {
    if (lv.cyclic || !active(k))
      continue;
    // [xs, xe): E_k (xe >= xs); [ps, pe): P_k clamped into it, pe on the
    // lattice (the first lattice point at or above the plain end). An
    // empty P_k (pe <= ps) leaves all of E_k to the slabs.
    Value xs = lv.start;
    Value xe = arith::MaxSIOp::create(b, loc, lv.end, xs);
    Value ps = indexmath::clamp(b, loc, lv.plainStart, xs, xe);
    Value pe = indexmath::clamp(
        b, loc, indexmath::latticeAtOrAbove(b, loc, lv.plainEnd, lv.lb, lv.step),
        ps, xe);
    cuts.push_back({(unsigned)k, {xs, ps, pe, xe}});
    plain[k].start = ps;
    plain[k].end = pe;
  }
  SmallVector<Box> boxes;
  appendSlabs(boxes, levels, plain, cuts);
  return boxes;
}

class Lowering {
public:
  Lowering(ModuleOp module, DistributionAnalysis &da, bool gpu)
      : module(module), da(da), gpu(gpu) {}

  LogicalResult run();

private:
  ArrayInfo &getInfo(Value array);
  Value localIndex(OpBuilder &b, Location loc, const DimMap &m, Value g);
  void rewriteAccess(Operation *op, Value view);
  LogicalResult lowerLoop(Operation *loopOp);
  LogicalResult lowerDeviceLoopForGPU(DeviceLoopOp loop);
  LogicalResult lowerAccesses(func::FuncOp func);
  void lowerDArrayReductions(func::FuncOp func);
  SmallVector<DimLoop> computeLevels(OpBuilder &b, Location loc,
                                     TemplateOp tmpl, DistributeOp dist,
                                     ValueRange lbs, ValueRange ubs,
                                     ValueRange steps, ArrayRef<int64_t> onDims,
                                     Operation *loopOp);

  Value sharedBase(Value array, TemplateOp tmpl, int64_t tdim, int64_t offset,
                   int64_t size, int64_t shadowLo);

  ModuleOp module;
  DistributionAnalysis &da;
  bool gpu;
  llvm::DenseMap<Value, ArrayInfo> infos;
  /// Index bases shared by the arrays of a function that lie alike on a
  /// static template (see sharedBase).
  std::map<std::tuple<Operation *, std::string, int64_t, int64_t, int64_t,
                      int64_t>,
           Value>
      bases;
  /// GPU mode: the module uses device instances (device loops, `acc`
  /// reflects): then host stores to any darray mark its device instance
  /// stale (the array may reach a device loop or an acc reflect through a
  /// call). And arrays whose local block escapes to host code through a
  /// user `xmp.local_view`.
  bool hasDeviceData = false;
  llvm::DenseSet<Value> escaped;
};

/// GPU mode: stores of host loops carry this (their loop marks the array
/// as modified once, after the loop).
constexpr llvm::StringLiteral kInLoopAttr = "xmp.in_loop";

Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

} // namespace

ArrayInfo &Lowering::getInfo(Value array) {
  auto it = infos.find(array);
  if (it != infos.end())
    return it->second;
  auto type = llvm::cast<DArrayType>(array.getType());
  OpBuilder b(array.getContext());
  if (auto res = llvm::dyn_cast<OpResult>(array))
    b.setInsertionPointAfter(res.getOwner());
  else
    b.setInsertionPointToStart(llvm::cast<BlockArgument>(array).getOwner());
  Location loc = array.getLoc();
  ArrayInfo info;
  DArrayLayout layout =
      da.getLayout(array.getDefiningOp() ? array.getDefiningOp()
                                         : array.getParentBlock()->getParentOp(),
                   type);
  info.view = LocalViewOp::create(b, loc, layout.memrefType, array);
  TemplateOp tmpl = da.lookupTemplate(module, type);
  DistributeOp dist = tmpl ? da.getDistribution(tmpl) : DistributeOp();
  for (unsigned d = 0; d < type.getRank(); ++d) {
    DimMap m;
    m.offset = type.getOffset()[d];
    m.shadowLo = type.isFullShadow(d) ? 0 : type.getShadowLo()[d];
    int64_t a = type.getAlign()[d];
    if (type.isFullShadow(d)) {
      m.kind = DimMap::Full;
    } else if (a == DArrayType::kNotAligned) {
      m.kind = DimMap::NotAligned;
    } else if (dist && dist.getFormat(a).getKind() == DistKind::cyclic) {
      m.kind = DimMap::Cyclic;
      m.width = dist.getFormat(a).getWidth();
      auto q = TemplateCoordOp::create(b, loc, b.getIndexType(), b.getIndexType(), tmpl.getSymName(), a);
      Value w = cst(b, loc, m.width);
      m.period = arith::MulIOp::create(b, loc, w, q.getProcs());
      // The local index of the array's start: ownedBelow(c, offset).
      Value below = indexmath::cyclicOwnedBelow(
          b, loc, cst(b, loc, m.offset), m.width, m.period, q.getCoord());
      m.cycBase =
          arith::SubIOp::create(b, loc, below, cst(b, loc, m.shadowLo));
    } else {
      m.kind = DimMap::Range;
      int64_t size = type.getShape()[d];
      bool collapsed =
          dist && dist.getFormat(a).getKind() == DistKind::none;
      if (collapsed && (!ShapedType::isDynamic(size) || m.offset >= 0)) {
        // A dimension aligned with an undistributed template dimension:
        // every rank owns all of it, from array index max(-offset, 0), so
        // the base is a constant. (As a constant, the index of an access
        // is the induction variable plus a constant, which lets LLVM reuse
        // loads along the loop, as it does for a sequential program: Himeno
        // S on one rank, 80% -> see docs/pipeline.md.)
        int64_t lo = std::max<int64_t>(-m.offset, 0);
        if (!ShapedType::isDynamic(size))
          lo = std::min(lo, size);
        m.base = cst(b, loc, lo - m.shadowLo);
      } else if (tmpl && !ShapedType::isDynamic(size) &&
                 !llvm::is_contained(tmpl.getShape(), ShapedType::kDynamic) &&
                 !(dist && dist.hasGBlockStar())) {
        // (Hoisted to the function's entry: only for templates distributed
        // at start-up, not by a template_fix.)
        m.base = sharedBase(array, tmpl, a, m.offset, size, m.shadowLo);
      } else {
        auto bounds = LocalBoundsOp::create(b, loc, b.getIndexType(),
                                            b.getIndexType(), array, d);
        m.base = arith::SubIOp::create(b, loc, bounds.getLo(),
                                       cst(b, loc, m.shadowLo));
      }
    }
    info.dims.push_back(m);
  }
  return infos.try_emplace(array, std::move(info)).first->second;
}

/// The local index base (owned lower bound minus the low shadow) of an
/// array dimension of static size `size` aligned with dimension `tdim` of
/// a static template at `offset`: clamp(lo - offset, 0, size) - shadowLo,
/// with [lo, hi) this rank's part of the template dimension (what the
/// runtime allocates with, Distribution.h arrayOwned). Arrays that lie
/// alike share one value, computed at the function's entry (the template's
/// distribution is fixed before any function runs), so that the index
/// arithmetic of their accesses is the same values: a kernel computes it
/// once for all of them.
Value Lowering::sharedBase(Value array, TemplateOp tmpl, int64_t tdim,
                           int64_t offset, int64_t size, int64_t shadowLo) {
  Region *r = array.getParentRegion();
  Operation *fn = r->getParentOp();
  while (fn && !isa<FunctionOpInterface>(fn))
    fn = fn->getParentOp();
  auto key = std::make_tuple(fn, tmpl.getSymName().str(), tdim, offset, size,
                             shadowLo);
  auto it = bases.find(key);
  if (it != bases.end())
    return it->second;
  Block &entry = cast<FunctionOpInterface>(fn).getFunctionBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = tmpl.getLoc();
  auto bounds = TemplateBoundsOp::create(b, loc, b.getIndexType(),
                                         b.getIndexType(), tmpl.getSymName(),
                                         tdim);
  Value lo = arith::SubIOp::create(b, loc, bounds.getLo(), cst(b, loc, offset));
  lo = indexmath::clamp(b, loc, lo, cst(b, loc, 0), cst(b, loc, size));
  Value base = arith::SubIOp::create(b, loc, lo, cst(b, loc, shadowLo));
  bases[key] = base;
  return base;
}

Value Lowering::localIndex(OpBuilder &b, Location loc, const DimMap &m,
                           Value g) {
  switch (m.kind) {
  case DimMap::Full:
    return g;
  case DimMap::NotAligned:
    return m.shadowLo ? arith::AddIOp::create(b, loc, g,
                                              cst(b, loc, m.shadowLo))
                      : g;
  case DimMap::Range:
    return arith::SubIOp::create(b, loc, g, m.base);
  case DimMap::Cyclic: {
    Value t = m.offset ? arith::AddIOp::create(b, loc, g,
                                               cst(b, loc, m.offset))
                       : g;
    return arith::SubIOp::create(
        b, loc, indexmath::cyclicLocalIndex(b, loc, t, m.width, m.period),
        m.cycBase);
  }
  }
  return g;
}

void Lowering::rewriteAccess(Operation *op, Value view) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value array = isa<LoadOp>(op) ? cast<LoadOp>(op).getArray()
                                : cast<StoreOp>(op).getArray();
  OperandRange indices = isa<LoadOp>(op) ? cast<LoadOp>(op).getIndices()
                                         : cast<StoreOp>(op).getIndices();
  ArrayInfo &info = getInfo(array);
  SmallVector<Value> local;
  for (auto [d, g] : llvm::enumerate(indices))
    local.push_back(localIndex(b, loc, info.dims[d], g));
  if (auto load = dyn_cast<LoadOp>(op)) {
    Value v = memref::LoadOp::create(b, loc, view ? view : info.view, local);
    load.getResult().replaceAllUsesWith(v);
  } else {
    memref::StoreOp::create(b, loc, cast<StoreOp>(op).getValue(),
                            view ? view : info.view, local);
  }
  op->erase();
}

/// `xmp.reduction` of a darray: the same reduction, in place, on a local
/// block. Host instance (CPU build, or without `acc`): its local view; in
/// the GPU build the device instance is then stale. `acc` in the GPU
/// build: the device instance, acquired (read and written) around it, so
/// that outside replicate regions it starts from the host's latest values
/// and the host block is brought up to date after it (inside them nothing
/// moves but the reduction itself: xmp.replicate_sync out brings it to the
/// host). The runtime reduces a device buffer through host memory.
void Lowering::lowerDArrayReductions(func::FuncOp func) {
  SmallVector<ReductionOp> reds;
  func.walk([&](ReductionOp r) {
    if (isa<DArrayType>(r.getValue().getType()))
      reds.push_back(r);
  });
  for (ReductionOp r : reds) {
    Value a = r.getValue();
    Location loc = r.getLoc();
    OpBuilder b(r);
    Value block;
    bool device = gpu && r.getAcc();
    auto rw = AccessAttr::get(b.getContext(), Access::readwrite);
    if (device) {
      // Host code may have written through a user local view.
      if (escaped.contains(a))
        HostModifiedOp::create(b, loc, a);
      block = DeviceAcquireOp::create(b, loc, getInfo(a).view.getType(), a, rw);
    } else {
      block = getInfo(a).view;
    }
    ReductionOp::create(b, loc, Type(), TypeRange(), r.getKindAttr(), block,
                        ValueRange(), r.getNodesAttr(), r.getAxesAttr(),
                        UnitAttr());
    if (device)
      DeviceReleaseOp::create(b, loc, a, rw);
    else if (gpu && hasDeviceData)
      HostModifiedOp::create(b, loc, a);
    r->erase();
  }
  // The asynchronous form. Without acc (or in the CPU build): the host
  // block, started in place; the device instance is stale from the start
  // on (the array belongs to the reduction until its wait, so nothing reads
  // it in between). With acc in the GPU build: the device instance,
  // acquired at the start and released after every xmp.wait of the request
  // (the release brings the host block up to date outside replicate
  // regions, and must follow the values the wait brings back).
  SmallVector<ReductionStartOp> starts;
  func.walk([&](ReductionStartOp r) {
    if (isa<DArrayType>(r.getValue().getType()))
      starts.push_back(r);
  });
  for (ReductionStartOp r : starts) {
    Value a = r.getValue();
    Location loc = r.getLoc();
    OpBuilder b(r);
    bool device = gpu && r.getAcc();
    auto rw = AccessAttr::get(b.getContext(), Access::readwrite);
    Value block = getInfo(a).view;
    if (device) {
      if (escaped.contains(a))
        HostModifiedOp::create(b, loc, a);
      block = DeviceAcquireOp::create(b, loc, block.getType(), a, rw);
    }
    auto s = ReductionStartOp::create(b, loc, r.getRequest().getType(),
                                      r.getKindAttr(), block, r.getNodesAttr(),
                                      r.getAxesAttr(), UnitAttr());
    if (device) {
      for (Operation *user : r.getRequest().getUsers()) {
        if (!isa<WaitOp>(user))
          continue; // xmp.test: the operation is still in flight
        OpBuilder wb(user->getContext());
        wb.setInsertionPointAfter(user);
        DeviceReleaseOp::create(wb, user->getLoc(), a, rw);
      }
    } else if (gpu && hasDeviceData) {
      HostModifiedOp::create(b, loc, a);
    }
    r.getRequest().replaceAllUsesWith(s.getRequest());
    r->erase();
  }
}

LogicalResult Lowering::lowerAccesses(func::FuncOp func) {
  SmallVector<Operation *> accesses;
  func.walk([&](Operation *op) {
    if (isa<LoadOp, StoreOp>(op))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
    // GPU mode: a host store outside any xmp.loop (those are marked as a
    // whole) makes the device instance stale.
    Value markAfter;
    if (auto st = dyn_cast<StoreOp>(op))
      if (gpu && hasDeviceData &&
          !st->hasAttr(kInLoopAttr))
        markAfter = st.getArray();
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    Location loc = op->getLoc();
    rewriteAccess(op, Value());
    if (markAfter)
      HostModifiedOp::create(b, loc, markAfter);
  }
  // Arrays whose only uses were accesses keep their view; unused views are
  // removed by canonicalization.
  return success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//


namespace {
/// The expand or margin clause of a loop, per induction variable (all zero,
/// bounded, without one). Both widen the node's range alike; `margin` then
/// runs only what the widening adds (marginBoxes).
struct Expand {
  SmallVector<int64_t> lo, hi;
  SmallVector<bool> unbound;
  bool margin = false;
  bool active(unsigned k) const {
    return k < lo.size() && (lo[k] || hi[k] || unbound[k]);
  }
};
Expand expandOf(Operation *loopOp) {
  auto get = [](auto op) {
    Expand e;
    e.margin = static_cast<bool>(op.getFrameLo());
    std::optional<ArrayRef<int64_t>> lo =
        e.margin ? op.getFrameLo() : op.getExpandLo();
    std::optional<ArrayRef<int64_t>> hi =
        e.margin ? op.getFrameHi() : op.getExpandHi();
    if (!lo)
      return e;
    e.lo.assign(lo->begin(), lo->end());
    e.hi.assign(hi->begin(), hi->end());
    for (unsigned k = 0; k < e.lo.size(); ++k)
      e.unbound.push_back(e.margin ? op.isFrameUnbound(k)
                                   : op.isExpandUnbound(k));
    return e;
  };
  if (auto l = dyn_cast<LoopOp>(loopOp))
    return get(l);
  return get(cast<DeviceLoopOp>(loopOp));
}

} // namespace

SmallVector<DimLoop> Lowering::computeLevels(OpBuilder &b, Location loc,
                                             TemplateOp tmpl,
                                             DistributeOp dist, ValueRange lbs,
                                             ValueRange ubs, ValueRange steps,
                                             ArrayRef<int64_t> onDims,
                                             Operation *loopOp) {
  SmallVector<DimLoop> levels;
  Expand ex = expandOf(loopOp);
  for (auto [k, td] : llvm::enumerate(onDims)) {
    DimLoop lv;
    Value lb = lbs[k], ub = ubs[k], st = steps[k];
    DistAttr f = dist.getFormat(td);
    if (f.getKind() != DistKind::cyclic) {
      auto bounds = TemplateBoundsOp::create(b, loc, b.getIndexType(), b.getIndexType(), tmpl.getSymName(), td);
      lv.plainStart = indexmath::latticeCeil(b, loc, bounds.getLo(), lb, st);
      lv.plainEnd = arith::MinSIOp::create(b, loc, ub, bounds.getHi());
      if (!ex.active(k)) {
        lv.start = lv.plainStart;
        lv.end = lv.plainEnd;
      } else {
        // expand: the node runs the loop's iterations in its owned range
        // widened by lo below and hi above; within [lb, ub), or with
        // `unbound` on the whole lattice lb + k*step. A node that owns
        // nothing runs nothing.
        Value xlo = arith::SubIOp::create(b, loc, bounds.getLo(),
                                          cst(b, loc, ex.lo[k]));
        Value xhi = arith::AddIOp::create(b, loc, bounds.getHi(),
                                          cst(b, loc, ex.hi[k]));
        if (ex.unbound[k]) {
          lv.start = indexmath::latticeAtOrAbove(b, loc, xlo, lb, st);
          lv.end = xhi;
        } else {
          lv.start = indexmath::latticeCeil(b, loc, xlo, lb, st);
          lv.end = arith::MinSIOp::create(b, loc, ub, xhi);
        }
        Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                                            bounds.getHi(), bounds.getLo());
        lv.end = arith::SelectOp::create(b, loc, empty, lv.start, lv.end);
      }
      lv.step = st;
      lv.lb = lb;
      lv.ownedLo = bounds.getLo();
      lv.ownedHi = bounds.getHi();
    } else {
      lv.cyclic = true;
      lv.width = f.getWidth();
      auto q = TemplateCoordOp::create(b, loc, b.getIndexType(), b.getIndexType(), tmpl.getSymName(), td);
      Value w = cst(b, loc, lv.width);
      lv.period = arith::MulIOp::create(b, loc, w, q.getProcs());
      lv.blockBase = arith::MulIOp::create(b, loc, q.getCoord(), w);
      // Blocks k with k*period + base in [lb - w + 1, ub).
      lv.kStart = arith::FloorDivSIOp::create(
          b, loc, arith::SubIOp::create(b, loc, lb, lv.blockBase), lv.period);
      lv.kEnd = arith::CeilDivSIOp::create(
          b, loc, arith::SubIOp::create(b, loc, ub, lv.blockBase), lv.period);
      lv.kEnd = arith::MaxSIOp::create(b, loc, lv.kEnd, lv.kStart);
      // A rank outside the grid (coordinate -1) owns no block: its block
      // base would otherwise name another rank's elements.
      Value outside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                            q.getCoord(), cst(b, loc, 0));
      lv.kEnd = arith::SelectOp::create(b, loc, outside, lv.kStart, lv.kEnd);
      lv.lb = lb;
      lv.ub = ub;
      lv.stepVal = st;
    }
    levels.push_back(lv);
  }

  return levels;
}

/// The overlap clause of a loop: its token (null without one) and margins.
std::tuple<Value, ArrayRef<int64_t>, ArrayRef<int64_t>>
overlapOf(Operation *loopOp) {
  auto get = [](auto op) -> std::tuple<Value, ArrayRef<int64_t>,
                                       ArrayRef<int64_t>> {
    if (!op.getOverlap())
      return {Value(), {}, {}};
    return {op.getOverlap(), *op.getMarginLo(), *op.getMarginHi()};
  };
  if (auto l = dyn_cast<LoopOp>(loopOp))
    return get(l);
  return get(cast<DeviceLoopOp>(loopOp));
}

LogicalResult Lowering::lowerLoop(Operation *loopOp) {
  // Both loop kinds share the operand structure.
  auto get = [&](auto op) {
    return std::make_tuple(op.getLowerBounds(), op.getUpperBounds(),
                           op.getSteps(), op.getTmplAttr(), op.getOnDims(),
                           op.getReduceInits(), op.getBodyBlock());
  };
  auto [lbs, ubs, steps, tmplRef, onDims, inits, body] =
      isa<LoopOp>(loopOp) ? get(cast<LoopOp>(loopOp))
                          : get(cast<DeviceLoopOp>(loopOp));
  Block *loopBody = body; // lambdas cannot capture structured bindings (C++17)
  SmallVector<ReductionKind> kinds;
  if (auto l = dyn_cast<LoopOp>(loopOp)) {
    for (unsigned i = 0; i < l.getReduceInits().size(); ++i)
      kinds.push_back(l.getReduceKind(i));
  } else {
    auto d = cast<DeviceLoopOp>(loopOp);
    for (unsigned i = 0; i < d.getReduceInits().size(); ++i)
      kinds.push_back(d.getReduceKind(i));
  }
  for (Value v : inits)
    if (!v.getType().isIntOrFloat())
      return loopOp->emitOpError()
             << "reductions on " << v.getType()
             << " are not supported by the lowering yet";

  TemplateOp tmpl = da.lookupTemplate(loopOp, tmplRef);
  DistributeOp dist = tmpl ? da.getDistribution(tmpl) : DistributeOp();
  if (!dist)
    return loopOp->emitOpError() << "template " << tmplRef
                                 << " has no xmp.distribute";
  OpBuilder b(loopOp);
  Location loc = loopOp->getLoc();
  bool isDevice = isa<DeviceLoopOp>(loopOp);
  // The CPU part of a split loop: a node-local partial, coherence handled by
  // the split.
  bool splitPart = loopOp->hasAttr(kSplitPartAttr);
  Value t0;
  if (isDevice)
    t0 = WtimeOp::create(b, loc, b.getF64Type());

  // GPU mode: the outermost host loop of a nest marks what the nest stores
  // (a loop nested in a device loop stores device data, and one in the CPU
  // part of a split loop host data the split commits).
  bool nested = loopOp->getParentOfType<LoopOp>() ||
                loopOp->getParentOfType<DeviceLoopOp>();
  llvm::SetVector<Value> stored;
  if (gpu && hasDeviceData && !isDevice)
    loopBody->walk([&](StoreOp st) {
      st->setAttr(kInLoopAttr, UnitAttr::get(st.getContext()));
      if (!splitPart && !nested)
        stored.insert(st.getArray());
    });

  // Bounds of every level, computed before the nest.
  SmallVector<DimLoop> levels =
      computeLevels(b, loc, tmpl, dist, lbs, ubs, steps, onDims, loopOp);

  SmallVector<Value> partials;
  for (auto [i, v] : llvm::enumerate(inits))
    partials.push_back(reductionIdentity(b, loc, kinds[i], v.getType()));

  // Build the nest recursively; the innermost level clones the body.
  IRMapping mapping;
  std::function<SmallVector<Value>(OpBuilder &, unsigned, ValueRange)> build;
  build = [&](OpBuilder &nb, unsigned level,
              ValueRange carried) -> SmallVector<Value> {
    // A fresh mapping for each copy of the body (overlap and margin loops
    // make one per box): the last copy's block arguments of nested
    // regions (an inner scf.for's induction variable) must not stay
    // mapped, or cloning drops them.
    if (level == 0)
      mapping.clear();
    if (level == levels.size()) {
      for (Operation &op : loopBody->without_terminator())
        nb.clone(op, mapping);
      auto yield = cast<YieldOp>(loopBody->getTerminator());
      SmallVector<Value> next;
      for (auto [i, v] : llvm::enumerate(yield.getValues()))
        next.push_back(
            reductionCombine(nb, loc, kinds[i], carried[i], mapping.lookupOrDefault(v)));
      return next;
    }
    DimLoop &lv = levels[level];
    Value iv = loopBody->getArgument(level);
    auto emitElementLoop = [&](OpBuilder &eb, Value start, Value end,
                               Value step, ValueRange args) {
      auto loop = scf::ForOp::create(
          eb, loc, start, end, step, args,
          [&](OpBuilder &ib, Location, Value i, ValueRange iterArgs) {
            mapping.map(iv, i);
            SmallVector<Value> res = build(ib, level + 1, iterArgs);
            scf::YieldOp::create(ib, loc, res);
          });
      return SmallVector<Value>(loop.getResults());
    };
    if (!lv.cyclic)
      return emitElementLoop(nb, lv.start, lv.end, lv.step, carried);
    // Cyclic: for each owned block, the elements of [bs, bs+w) in the loop.
    auto blocks = scf::ForOp::create(
        nb, loc, lv.kStart, lv.kEnd, cst(nb, loc, 1), carried,
        [&](OpBuilder &kb, Location, Value kIv, ValueRange iterArgs) {
          Value bs = arith::AddIOp::create(
              kb, loc, arith::MulIOp::create(kb, loc, kIv, lv.period),
              lv.blockBase);
          // The block's first iteration: bs aligned to lb + n*step.
          Value start = indexmath::latticeCeil(kb, loc, bs, lv.lb, lv.stepVal);
          Value end = arith::MinSIOp::create(
              kb, loc,
              arith::AddIOp::create(kb, loc, bs, cst(kb, loc, lv.width)),
              lv.ub);
          end = arith::MaxSIOp::create(kb, loc, end, start);
          SmallVector<Value> res =
              emitElementLoop(kb, start, end, lv.stepVal, iterArgs);
          scf::YieldOp::create(kb, loc, res);
        });
    return SmallVector<Value>(blocks.getResults());
  };
  SmallVector<Value> results;
  auto [overlap, marginLo, marginHi] = overlapOf(loopOp);
  if (overlap) {
    // The interior, the wait for the reflect, then the boundary: one
    // partial per node through all boxes, combined across nodes once.
    SmallVector<Box> boxes = overlapBoxes(b, loc, levels, marginLo, marginHi);
    results = partials;
    for (auto [i, box] : llvm::enumerate(boxes)) {
      if (i == 1)
        ReflectWaitOp::create(b, loc, overlap);
      levels = box;
      results = build(b, 0, results);
    }
    if (boxes.size() == 1) // no halo read: the wait follows the loop
      ReflectWaitOp::create(b, loc, overlap);
  } else if (Expand ex = expandOf(loopOp); ex.margin) {
    // margin: one nest per box of the frame, one partial through all.
    results = partials;
    for (const Box &box :
         marginBoxes(b, loc, levels, [&](unsigned k) { return ex.active(k); })) {
      levels = box;
      results = build(b, 0, results);
    }
  } else {
    results = build(b, 0, partials);
  }

  if (splitPart) {
    for (auto [i, r] : llvm::enumerate(results))
      results[i] = reductionCombine(b, loc, kinds[i], inits[i], r);
  } else {
    combineAcrossNodes(b, loc, loopOp, dist, onDims, kinds, inits, results);
  }
  if (!stored.empty()) {
    // Device instances of the arrays this host loop stored to are stale.
    for (Value a : stored)
      HostModifiedOp::create(b, loc, a);
  }
  if (isDevice) {
    // CPU path: the whole device loop ran on the host (weight 1). The
    // runtime records its time as the CPU part and warns once.
    Value t1 = WtimeOp::create(b, loc, b.getF64Type());
    Value dt = arith::SubFOp::create(b, loc, t1, t0);
    DeviceLoopOnHostOp::create(b, loc, dt);
  }
  loopOp->replaceAllUsesWith(results);
  loopOp->erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Device loops for the GPU
//===----------------------------------------------------------------------===//

LogicalResult Lowering::lowerDeviceLoopForGPU(DeviceLoopOp loop) {
  Location loc = loop.getLoc();
  Block *body = loop.getBodyBlock();
  SmallVector<ReductionKind> kinds;
  for (unsigned i = 0; i < loop.getReduceInits().size(); ++i)
    kinds.push_back(loop.getReduceKind(i));
  for (Value v : loop.getReduceInits())
    if (!v.getType().isIntOrFloat())
      return loop.emitOpError()
             << "reductions on " << v.getType()
             << " are not supported by the lowering yet";
  // Integer reductions narrower than 32 bits run on i32 (the block-wide
  // reduction shuffles 32-bit values): i1 zero-extended (a truth value,
  // max = or, min = and as on the host), i8/i16 sign-extended. add, mul,
  // and, or commute with truncation; max and min are clamped to the narrow
  // range before it (a thread, block or rank without iterations
  // contributes the i32 identity).
  auto wide = [&](Type t) -> Type {
    auto it = llvm::dyn_cast<IntegerType>(t);
    return it && it.getWidth() < 32 ? IntegerType::get(loop.getContext(), 32)
                                    : t;
  };
  auto widen = [&](OpBuilder &wb, Value v) -> Value {
    Type w = wide(v.getType());
    if (w == v.getType())
      return v;
    if (v.getType().isInteger(1))
      return arith::ExtUIOp::create(wb, loc, w, v);
    return arith::ExtSIOp::create(wb, loc, w, v);
  };
  auto narrow = [&](OpBuilder &nb, ReductionKind kind, Type t,
                    Value v) -> Value {
    if (wide(t) == t)
      return v;
    unsigned n = t.getIntOrFloatBitWidth();
    if (kind == ReductionKind::max || kind == ReductionKind::min) {
      int64_t lo = n == 1 ? 0 : -(int64_t(1) << (n - 1));
      int64_t hi = n == 1 ? 1 : (int64_t(1) << (n - 1)) - 1;
      Type w = v.getType();
      v = arith::MinSIOp::create(
          nb, loc, v,
          arith::ConstantOp::create(nb, loc, w, nb.getIntegerAttr(w, hi)));
      v = arith::MaxSIOp::create(
          nb, loc, v,
          arith::ConstantOp::create(nb, loc, w, nb.getIntegerAttr(w, lo)));
    }
    return arith::TruncIOp::create(nb, loc, t, v);
  };

  auto tmpl =
      da.lookupTemplate(loop, loop.getTmplAttr());
  DistributeOp dist = tmpl ? da.getDistribution(tmpl) : DistributeOp();
  if (!dist)
    return loop.emitOpError() << "template " << loop.getTmplAttr()
                              << " has no xmp.distribute";
  OpBuilder b(loop);
  // The GPU part of a split loop: timed, made coherent and combined by the
  // split. A node-local loop (the split's loop for steps without a CPU
  // part): timed and combined across nodes by the split.
  bool splitPart = loop->hasAttr(kSplitPartAttr);
  bool nodeLocal = splitPart || loop->hasAttr(kNodeLocalAttr);
  if (!nodeLocal)
    GpuStepBeginOp::create(b, loc, b.getI64IntegerAttr(-1));
  SmallVector<DimLoop> levels =
      computeLevels(b, loc, tmpl, dist, loop.getLowerBounds(),
                    loop.getUpperBounds(), loop.getSteps(), loop.getOnDims(),
                    loop);

  // Arrays the body touches, in order of first use, with their access.
  llvm::SetVector<Value> arrays;
  llvm::DenseMap<Value, int> access;
  body->walk([&](Operation *op) {
    if (auto ld = dyn_cast<LoadOp>(op)) {
      arrays.insert(ld.getArray());
      access[ld.getArray()] |= 1;
    } else if (auto st = dyn_cast<StoreOp>(op)) {
      arrays.insert(st.getArray());
      access[st.getArray()] |= 2;
    }
  });
  llvm::DenseMap<Value, Value> views;
  for (Value a : arrays) {
    // Host code may have written through a user local view at any time.
    // Also for write-only loops: the release copies the whole block back,
    // so elements the loop does not write must be current on the device.
    // (A split loop's part: the split marked it before its own acquire,
    // before the CPU part started.)
    if (escaped.contains(a) && !splitPart)
      HostModifiedOp::create(b, loc, a);
    auto mode = static_cast<Access>(access[a]);
    views[a] = DeviceAcquireOp::create(b, loc, getInfo(a).view.getType(), a,
                                       AccessAttr::get(b.getContext(), mode));
  }

  // A node-local loop's reduction starts from its inits; otherwise from
  // the identities, and the node's result is combined across nodes, then
  // with the inits (all in the widened reduction types).
  // Made right before the first scf.parallel.
  SmallVector<Value> identities, parInits;
  auto makeInits = [&] {
    if (identities.size() == loop.getReduceInits().size())
      return;
    for (auto [i, v] : llvm::enumerate(loop.getReduceInits())) {
      identities.push_back(
          widen(b, reductionIdentity(b, loc, kinds[i], v.getType())));
      parInits.push_back(nodeLocal ? widen(b, v) : identities.back());
    }
  };

  // One scf.parallel (one kernel) over the iterations of `lvls`, its
  // reductions starting from the inits (the first) or the identities.
  auto emitPar = [&](ArrayRef<DimLoop> lvls, bool first, StringRef suffix) {
    // Slots: block-like levels have one slot per iteration, cyclic ones w
    // slots per owned block (validity tested in the body).
    SmallVector<Value> zeros, counts, ones;
    for (const DimLoop &lv : lvls) {
      zeros.push_back(cst(b, loc, 0));
      ones.push_back(cst(b, loc, 1));
      if (!lv.cyclic) {
        counts.push_back(
            indexmath::tripCount(b, loc, lv.start, lv.end, lv.step));
      } else {
        counts.push_back(arith::MulIOp::create(
            b, loc, arith::SubIOp::create(b, loc, lv.kEnd, lv.kStart),
            cst(b, loc, lv.width)));
      }
    }
    makeInits();
    ValueRange boxInits = first ? ValueRange(parInits) : ValueRange(identities);
    auto par = scf::ParallelOp::create(
        b, loc, zeros, counts, ones, boxInits,
        [&](OpBuilder &pb, Location, ValueRange slots, ValueRange) {
          IRMapping mapping;
          Value valid;
          for (auto [k, lv] : llvm::enumerate(lvls)) {
            Value g;
            if (!lv.cyclic) {
              g = arith::AddIOp::create(
                  pb, loc, lv.start,
                  arith::MulIOp::create(pb, loc, slots[k], lv.step));
            } else {
              Value w = cst(pb, loc, lv.width);
              Value kk = arith::AddIOp::create(
                  pb, loc, lv.kStart, arith::DivUIOp::create(pb, loc, slots[k], w));
              Value r = arith::RemUIOp::create(pb, loc, slots[k], w);
              g = arith::AddIOp::create(
                  pb, loc,
                  arith::AddIOp::create(
                      pb, loc, arith::MulIOp::create(pb, loc, kk, lv.period),
                      lv.blockBase),
                  r);
              Value ok = arith::AndIOp::create(
                  pb, loc,
                  arith::CmpIOp::create(pb, loc, arith::CmpIPredicate::sge, g,
                                        lv.lb),
                  arith::CmpIOp::create(pb, loc, arith::CmpIPredicate::slt, g,
                                        lv.ub));
              Value onStep = arith::CmpIOp::create(
                  pb, loc, arith::CmpIPredicate::eq,
                  arith::RemSIOp::create(
                      pb, loc, arith::SubIOp::create(pb, loc, g, lv.lb),
                      lv.stepVal),
                  cst(pb, loc, 0));
              ok = arith::AndIOp::create(pb, loc, ok, onStep);
              valid = valid ? arith::AndIOp::create(pb, loc, valid, ok)
                            : (Value)ok;
            }
            mapping.map(body->getArgument(k), g);
          }
          auto cloneBody = [&](OpBuilder &cb) {
            SmallVector<Operation *> accesses;
            for (Operation &op : body->without_terminator()) {
              Operation *c = cb.clone(op, mapping);
              c->walk([&](Operation *inner) {
                if (isa<LoadOp, StoreOp>(inner))
                  accesses.push_back(inner);
              });
            }
            // The yielded values may be loads that are rewritten below: hold
            // them as operands of a placeholder so the rewrite updates them.
            SmallVector<Value> yielded;
            for (Value v : cast<YieldOp>(body->getTerminator()).getValues())
              yielded.push_back(mapping.lookupOrDefault(v));
            auto hold = UnrealizedConversionCastOp::create(cb, loc, TypeRange{},
                                                           yielded);
            for (Operation *acc : accesses) {
              Value a = isa<LoadOp>(acc) ? cast<LoadOp>(acc).getArray()
                                         : cast<StoreOp>(acc).getArray();
              rewriteAccess(acc, views.lookup(a));
            }
            yielded.assign(hold->operand_begin(), hold->operand_end());
            hold->erase();
            return yielded;
          };
          SmallVector<Value> contrib;
          if (!valid) {
            contrib = cloneBody(pb);
          } else {
            // Without reductions the scf.if has no results: its builder adds
            // the (empty) scf.yield itself and the body goes before it.
            bool reduces = !identities.empty();
            auto ifOp = scf::IfOp::create(
                pb, loc, TypeRange(ValueRange(identities)), valid,
                /*withElseRegion=*/reduces);
            OpBuilder tb = ifOp.getThenBodyBuilder();
            SmallVector<Value> y = cloneBody(tb);
            if (reduces) {
              for (Value &v : y)
                v = widen(tb, v);
              scf::YieldOp::create(tb, loc, y);
              OpBuilder eb = ifOp.getElseBodyBuilder();
              SmallVector<Value> ids;
              for (auto [i, v] : llvm::enumerate(loop.getReduceInits()))
                ids.push_back(widen(
                    eb, reductionIdentity(eb, loc, kinds[i], v.getType())));
              scf::YieldOp::create(eb, loc, ids);
            }
            contrib.assign(ifOp.getResults().begin(), ifOp.getResults().end());
          }
          for (Value &v : contrib)
            v = widen(pb, v);
          auto reduce = scf::ReduceOp::create(pb, loc, contrib);
          for (auto [i, region] : llvm::enumerate(reduce.getReductions())) {
            Block &blk = region.front();
            OpBuilder rb = OpBuilder::atBlockEnd(&blk);
            Value c = reductionCombine(rb, loc, kinds[i], blk.getArgument(0),
                                       blk.getArgument(1));
            scf::ReduceReturnOp::create(rb, loc, c);
          }
        });
    // Loops nested in the device loop were lowered first, in place: their
    // owned-range queries (runtime calls, no operands) run on the host, once,
    // before the kernel.
    SmallVector<Operation *> queries;
    par.getBody()->walk([&](Operation *op) {
      if (isa<TemplateBoundsOp, TemplateCoordOp>(op))
        queries.push_back(op);
    });
    for (Operation *q : queries)
      q->moveBefore(par);
    par->setAttr("xmp.device", UnitAttr::get(b.getContext()));
    if (auto name = loop->getAttrOfType<StringAttr>(kKernelNameAttr))
      par->setAttr(kKernelNameAttr,
                   suffix.empty() ? name
                                  : StringAttr::get(b.getContext(),
                                                    name.getValue() + suffix));
    if (auto bs = loop.getBlockSizeAttr())
      par->setAttr("xmp.block_size", bs);
    if (!kinds.empty()) {
      SmallVector<Attribute> ks;
      for (ReductionKind k : kinds)
        ks.push_back(ReductionKindAttr::get(b.getContext(), k));
      par->setAttr("xmp.reduce_kinds", b.getArrayAttr(ks));
    }
    return par;
  };
  SmallVector<Value> wideResults;
  auto [overlap, marginLo, marginHi] = overlapOf(loop);
  if (overlap) {
    // The interior kernel, the wait for the reflect (a device reflect
    // completes on its own stream: the wait orders the boundary kernels
    // after it), then one kernel per boundary slab; the node's partials
    // combined on the host side of the results.
    SmallVector<Box> boxes = overlapBoxes(b, loc, levels, marginLo, marginHi);
    for (auto [i, box] : llvm::enumerate(boxes)) {
      if (i == 1)
        ReflectWaitOp::create(b, loc, overlap);
      std::string suffix = i == 0 ? "_interior" : "_boundary" + std::to_string(i);
      scf::ParallelOp par =
          emitPar(box, i == 0, boxes.size() > 1 ? suffix : "");
      if (i == 0) {
        wideResults.assign(par.getResults().begin(), par.getResults().end());
        continue;
      }
      for (auto [j, r] : llvm::enumerate(par.getResults()))
        wideResults[j] = reductionCombine(b, loc, kinds[j], wideResults[j], r);
    }
    if (boxes.size() == 1)
      ReflectWaitOp::create(b, loc, overlap);
  } else if (Expand ex = expandOf(loop); ex.margin) {
    // margin: one kernel per box of the frame (none when no dimension has
    // a width), the partials combined on the host side of the results.
    SmallVector<Box> boxes =
        marginBoxes(b, loc, levels, [&](unsigned k) { return ex.active(k); });
    makeInits();
    wideResults = parInits;
    for (auto [i, box] : llvm::enumerate(boxes)) {
      scf::ParallelOp par = emitPar(box, i == 0, "_margin" + std::to_string(i));
      if (i == 0) {
        wideResults.assign(par.getResults().begin(), par.getResults().end());
        continue;
      }
      for (auto [j, r] : llvm::enumerate(par.getResults()))
        wideResults[j] = reductionCombine(b, loc, kinds[j], wideResults[j], r);
    }
  } else {
    scf::ParallelOp par = emitPar(levels, true, "");
    wideResults.assign(par.getResults().begin(), par.getResults().end());
  }
  SmallVector<Value> results;
  for (auto [i, r] : llvm::enumerate(wideResults))
    results.push_back(narrow(b, kinds[i], loop.getReduceInits()[i].getType(), r));
  if (!splitPart)
    for (Value a : arrays)
      if (access[a] & 2)
        DeviceReleaseOp::create(
            b, loc, a,
            AccessAttr::get(b.getContext(), static_cast<Access>(access[a])));
  if (nodeLocal) {
    loop->replaceAllUsesWith(results);
    loop->erase();
    return success();
  }
  GpuStepEndOp::create(b, loc, b.getI64IntegerAttr(-1), cst(b, loc, 0));
  // The node's results pass through result slots: the kernel stores them
  // and the host waits for the GPU where it reads them (a read that only
  // feeds a loop's final value is moved after that loop).
  for (auto [i, r] : llvm::enumerate(results)) {
    Value slot = createResultSlot(b, loc, loop, r.getType());
    ResultWriteOp::create(b, loc, r, slot);
    results[i] = ResultReadOp::create(b, loc, r.getType(), slot);
  }
  combineAcrossNodes(b, loc, loop, dist, loop.getOnDims(), kinds,
                     loop.getReduceInits(), results);
  loop->replaceAllUsesWith(results);
  loop->erase();
  return success();
}

/// xmp.task -> scf.if on this rank's membership: `xmp.node_num @q >= 0`
/// for a node set, the coordinate tests of the triplets on
/// `xmp.node_index @p [a]` (-1 outside @p) for a node reference (on the
/// values of its run-time positions where it has some),
/// `xmp.template_owns` of every subscript for template subscripts.
void lowerTasks(ModuleOp module) {
  SmallVector<TaskOp> tasks;
  module.walk([&](TaskOp t) { tasks.push_back(t); }); // inner ones first
  for (TaskOp task : tasks) {
    OpBuilder b(task);
    Location loc = task.getLoc();
    auto cmp = [&](arith::CmpIPredicate p, Value x, int64_t v) -> Value {
      return arith::CmpIOp::create(b, loc, p, x,
                                   arith::ConstantIndexOp::create(b, loc, v));
    };
    Value cond;
    auto both = [&](Value c) {
      cond = cond ? (Value)arith::AndIOp::create(b, loc, cond, c) : c;
    };
    if (!task.getSubscripts().empty()) {
      // template subscripts: the owners of t(i, j, ...)
      for (auto [d, g] : llvm::enumerate(task.getSubscripts()))
        both(TemplateOwnsOp::create(b, loc, b.getI1Type(), task.getNodesAttr(),
                                    b.getI64IntegerAttr(d), g));
    } else if (!task.getSubset()) {
      Value r = NodeNumOp::create(b, loc, b.getIndexType(), task.getNodesAttr());
      both(cmp(arith::CmpIPredicate::sge, r, 0));
    } else if (task.hasDynamicSubset()) {
      // Run-time positions: the same tests on values; every axis with a
      // run-time lower bound also tests c >= 0 (c = -1 outside @p, which
      // a negative coordinate must not select), and a run-time step > 0
      // (the remainder divides by it, or by 1 where it is not).
      auto val = [&](Value v, int64_t c) -> Value {
        return v ? v : arith::ConstantIndexOp::create(b, loc, c).getResult();
      };
      for (size_t a = 0; a < task.getSubset()->size() / 3; ++a) {
        int64_t lo, hi, step;
        Value vLo = task.getSubsetValue(3 * a, lo),
              vHi = task.getSubsetValue(3 * a + 1, hi),
              vStep = task.getSubsetValue(3 * a + 2, step);
        bool single = !vStep && step == 0;
        if (!vLo && !vHi && !vStep && !single && lo == 0 &&
            ShapedType::isDynamic(hi) && step == 1)
          continue; // `:`
        Value c =
            NodeIndexOp::create(b, loc, b.getIndexType(), task.getNodesAttr(),
                                b.getI64IntegerAttr(a));
        auto cmpV = [&](arith::CmpIPredicate p, Value x, Value y) -> Value {
          return arith::CmpIOp::create(b, loc, p, x, y);
        };
        if (vLo)
          both(cmp(arith::CmpIPredicate::sge, c, 0));
        if (single) {
          both(cmpV(arith::CmpIPredicate::eq, c, val(vLo, lo)));
          continue;
        }
        both(cmpV(arith::CmpIPredicate::sge, c, val(vLo, lo)));
        if (vHi || !ShapedType::isDynamic(hi))
          both(cmpV(arith::CmpIPredicate::slt, c, val(vHi, hi)));
        if (vStep || step > 1) {
          Value st = val(vStep, step);
          if (vStep) {
            Value pos = cmp(arith::CmpIPredicate::sgt, vStep, 0);
            both(pos);
            st = arith::SelectOp::create(
                b, loc, pos, vStep, arith::ConstantIndexOp::create(b, loc, 1));
          }
          // c >= lo where it counts: c - lo is the unsigned distance.
          Value off = arith::SubIOp::create(b, loc, c, val(vLo, lo));
          Value rem = arith::RemUIOp::create(b, loc, off, st);
          both(cmp(arith::CmpIPredicate::eq, rem, 0));
        }
      }
    } else {
      ArrayRef<int64_t> s = *task.getSubset();
      for (size_t a = 0; a < s.size() / 3; ++a) {
        int64_t lo = s[3 * a], hi = s[3 * a + 1], step = s[3 * a + 2];
        if (step != 0 && lo == 0 && ShapedType::isDynamic(hi) && step == 1)
          continue; // `:`; ranks outside the grid fail another axis or below
        Value c = NodeIndexOp::create(b, loc, b.getIndexType(),
                                      task.getNodesAttr(),
                                      b.getI64IntegerAttr(a));
        if (step == 0) {
          both(cmp(arith::CmpIPredicate::eq, c, lo));
          continue;
        }
        both(cmp(arith::CmpIPredicate::sge, c, lo));
        if (!ShapedType::isDynamic(hi))
          both(cmp(arith::CmpIPredicate::slt, c, hi));
        if (step > 1) {
          Value off = arith::SubIOp::create(
              b, loc, c, arith::ConstantIndexOp::create(b, loc, lo));
          Value rem = arith::RemSIOp::create(
              b, loc, off, arith::ConstantIndexOp::create(b, loc, step));
          both(cmp(arith::CmpIPredicate::eq, rem, 0));
        }
      }
      if (!cond) { // every axis `:`: the ranks of the grid
        Value r =
            NodeNumOp::create(b, loc, b.getIndexType(), task.getNodesAttr());
        both(cmp(arith::CmpIPredicate::sge, r, 0));
      }
    }
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, cond,
                                  /*withElseRegion=*/false);
    Block *then = ifOp.thenBlock();
    Block *body = task.getBody().empty() ? nullptr : &task.getBody().front();
    if (body) {
      body->getTerminator()->erase();
      then->getOperations().splice(then->begin(), body->getOperations());
    }
    task.erase();
  }
}

LogicalResult Lowering::run() {
  lowerTasks(module);
  SmallVector<Operation *> loops;
  // Post-order: inner loops are lowered before the loops containing them.
  module.walk([&](Operation *op) {
    if (isa<LoopOp, DeviceLoopOp>(op))
      loops.push_back(op);
  });
  if (gpu) {
    // (What a device loop body may contain is the xmp.device_loop
    // verifier's: the same in both builds.) An acc reflect acquires the
    // device instance like a device loop does: host writes before either
    // must mark the instance stale.
    module.walk([&](Operation *op) {
      if (isa<DeviceLoopOp>(op))
        hasDeviceData = true;
      else if (auto r = dyn_cast<ReflectLikeOpInterface>(op))
        hasDeviceData |= r.getAcc();
      else if (auto r = dyn_cast<ReduceShadowOp>(op))
        hasDeviceData |= r.getAcc();
      else if (auto r = dyn_cast<ReduceShadowInitOp>(op))
        hasDeviceData |= r.getAcc();
      else if (auto r = dyn_cast<ReductionOp>(op))
        hasDeviceData |= r.getAcc() && isa<DArrayType>(r.getValue().getType());
    });
    module.walk([&](LocalViewOp lv) { escaped.insert(lv.getArray()); });
    // Host code may have written an escaped array through its view at any
    // time: an acc reflect of it starts from the host's values, as a device
    // loop does (below).
    module.walk([&](Operation *op) {
      auto r = ReflectLikeOpInterface::forExchange(op);
      Value array = r && r.getAcc() ? r.getArray() : Value();
      if (auto rs = dyn_cast<ReduceShadowOp>(op))
        array = rs.getAcc() ? rs.getArray() : Value();
      // A reduce_shadow plan run (reflect_do / reflect_start on it).
      if (isa<ReflectDoOp, ReflectStartOp>(op))
        if (auto rs = op->getOperand(0).getDefiningOp<ReduceShadowInitOp>())
          array = rs.getAcc() ? rs.getArray() : Value();
      if (array && escaped.contains(array)) {
        OpBuilder b(op);
        HostModifiedOp::create(b, op->getLoc(), array);
      }
    });
  }
  for (Operation *op : loops) {
    auto dl = dyn_cast<DeviceLoopOp>(op);
    if (failed(gpu && dl ? lowerDeviceLoopForGPU(dl) : lowerLoop(op)))
      return failure();
  }
  for (auto func : module.getOps<func::FuncOp>())
    lowerDArrayReductions(func);
  for (auto func : module.getOps<func::FuncOp>())
    if (failed(lowerAccesses(func)))
      return failure();
  return success();
}

namespace {
struct XMPLowerDistributionPass
    : public xmp::impl::XMPLowerDistributionBase<XMPLowerDistributionPass> {
  using XMPLowerDistributionBase::XMPLowerDistributionBase;
  void runOnOperation() override {
    Lowering lowering(getOperation(), getAnalysis<DistributionAnalysis>(), gpu);
    if (failed(lowering.run()))
      signalPassFailure();
  }
};
} // namespace
