//===- LowerDistribution.cpp - global view -> local memref code -----------===//
//
// See the pass description in Passes.td. Index math is written once here
// for the compiler side; the runtime's xmprt/Distribution.h provides the
// formulas both sides use (this file folds static extents with it).
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"

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

class Lowering {
public:
  explicit Lowering(ModuleOp module) : module(module) {}

  LogicalResult run();

private:
  ArrayInfo &getInfo(Value array);
  Value localIndex(OpBuilder &b, Location loc, const DimMap &m, Value g);
  LogicalResult lowerLoop(Operation *loopOp);
  LogicalResult lowerAccesses(func::FuncOp func);

  ModuleOp module;
  llvm::DenseMap<Value, ArrayInfo> infos;
};

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
  DArrayLayout layout = computeLayout(array.getDefiningOp()
                                          ? array.getDefiningOp()
                                          : array.getParentBlock()->getParentOp(),
                                      type);
  info.view = LocalViewOp::create(b, loc, layout.memrefType, array);
  TemplateOp tmpl = lookupTemplate(module, type);
  DistributeOp dist = tmpl ? tmpl.getDistribution() : DistributeOp();
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
      // ownedBelow(c, o) = (o / period) * w + clamp(o % period - c*w, 0, w)
      Value o = cst(b, loc, m.offset);
      Value full = arith::MulIOp::create(
          b, loc, arith::DivSIOp::create(b, loc, o, m.period), w);
      Value rem = arith::SubIOp::create(
          b, loc, arith::RemSIOp::create(b, loc, o, m.period),
          arith::MulIOp::create(b, loc, q.getCoord(), w));
      Value clamped = arith::MinSIOp::create(
          b, loc, arith::MaxSIOp::create(b, loc, rem, cst(b, loc, 0)), w);
      Value below = arith::AddIOp::create(b, loc, full, clamped);
      m.cycBase =
          arith::SubIOp::create(b, loc, below, cst(b, loc, m.shadowLo));
    } else {
      m.kind = DimMap::Range;
      auto bounds = LocalBoundsOp::create(b, loc, b.getIndexType(), b.getIndexType(), array, d);
      m.base = arith::SubIOp::create(b, loc, bounds.getLo(),
                                     cst(b, loc, m.shadowLo));
    }
    info.dims.push_back(m);
  }
  return infos.try_emplace(array, std::move(info)).first->second;
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
    Value w = cst(b, loc, m.width);
    Value blocks = arith::MulIOp::create(
        b, loc, arith::DivSIOp::create(b, loc, t, m.period), w);
    Value inBlock =
        m.width == 1 ? cst(b, loc, 0) : arith::RemSIOp::create(b, loc, t, w);
    return arith::SubIOp::create(
        b, loc, arith::AddIOp::create(b, loc, blocks, inBlock), m.cycBase);
  }
  }
  return g;
}

LogicalResult Lowering::lowerAccesses(func::FuncOp func) {
  SmallVector<Operation *> accesses;
  func.walk([&](Operation *op) {
    if (isa<LoadOp, StoreOp>(op))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
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
      Value v = memref::LoadOp::create(b, loc, info.view, local);
      load.getResult().replaceAllUsesWith(v);
    } else {
      memref::StoreOp::create(b, loc, cast<StoreOp>(op).getValue(), info.view,
                              local);
    }
    op->erase();
  }
  // Arrays whose only uses were accesses keep their view; unused views are
  // removed by canonicalization.
  return success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

static Value identityValue(OpBuilder &b, Location loc, ReductionKind kind,
                           Type type) {
  if (auto ft = llvm::dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    llvm::APFloat v(sem);
    switch (kind) {
    case ReductionKind::add:
      v = llvm::APFloat::getZero(sem);
      break;
    case ReductionKind::mul:
      v = llvm::APFloat::getOne(sem);
      break;
    case ReductionKind::max:
      v = llvm::APFloat::getInf(sem, /*Negative=*/true);
      break;
    case ReductionKind::min:
      v = llvm::APFloat::getInf(sem, /*Negative=*/false);
      break;
    default:
      v = llvm::APFloat::getZero(sem);
    }
    return arith::ConstantOp::create(b, loc, ft, b.getFloatAttr(ft, v));
  }
  auto it = llvm::cast<IntegerType>(type);
  unsigned w = it.getWidth();
  llvm::APInt v(w, 0);
  switch (kind) {
  case ReductionKind::add:
  case ReductionKind::bor:
    break;
  case ReductionKind::mul:
    v = llvm::APInt(w, 1);
    break;
  case ReductionKind::max:
    v = w == 1 ? llvm::APInt(1, 0) : llvm::APInt::getSignedMinValue(w);
    break;
  case ReductionKind::min:
    v = w == 1 ? llvm::APInt(1, 1) : llvm::APInt::getSignedMaxValue(w);
    break;
  case ReductionKind::band:
    v = llvm::APInt::getAllOnes(w);
    break;
  }
  return arith::ConstantOp::create(b, loc, it, b.getIntegerAttr(it, v));
}

static Value combine(OpBuilder &b, Location loc, ReductionKind kind, Value x,
                     Value y) {
  bool isFloat = llvm::isa<FloatType>(x.getType());
  switch (kind) {
  case ReductionKind::add:
    return isFloat ? (Value)arith::AddFOp::create(b, loc, x, y)
                   : (Value)arith::AddIOp::create(b, loc, x, y);
  case ReductionKind::mul:
    return isFloat ? (Value)arith::MulFOp::create(b, loc, x, y)
                   : (Value)arith::MulIOp::create(b, loc, x, y);
  case ReductionKind::max:
    return isFloat ? (Value)arith::MaxNumFOp::create(b, loc, x, y)
                   : (Value)arith::MaxSIOp::create(b, loc, x, y);
  case ReductionKind::min:
    return isFloat ? (Value)arith::MinNumFOp::create(b, loc, x, y)
                   : (Value)arith::MinSIOp::create(b, loc, x, y);
  case ReductionKind::band:
    return arith::AndIOp::create(b, loc, x, y);
  case ReductionKind::bor:
    return arith::OrIOp::create(b, loc, x, y);
  }
  return x;
}

namespace {
/// One level of the generated loop nest for one induction variable.
struct DimLoop {
  bool cyclic = false;
  Value start, end, step;       // block-like: global bounds
  Value kStart, kEnd;           // cyclic: block loop
  Value blockBase, period, lb, ub, stepVal; // cyclic element loop inputs
  int64_t width = 1;
};
} // namespace

LogicalResult Lowering::lowerLoop(Operation *loopOp) {
  // Both loop kinds share the operand structure.
  auto get = [&](auto op) {
    return std::make_tuple(op.getLowerBounds(), op.getUpperBounds(),
                           op.getSteps(), op.getTmplAttr(), op.getOnDims(),
                           op.getInits(), op.getBodyBlock());
  };
  auto [lbs, ubs, steps, tmplRef, onDims, inits, body] =
      isa<LoopOp>(loopOp) ? get(cast<LoopOp>(loopOp))
                          : get(cast<DeviceLoopOp>(loopOp));
  Block *loopBody = body; // lambdas cannot capture structured bindings (C++17)
  SmallVector<ReductionKind> kinds;
  if (auto l = dyn_cast<LoopOp>(loopOp)) {
    for (unsigned i = 0; i < l.getInits().size(); ++i)
      kinds.push_back(l.getReduceKind(i));
  } else {
    auto d = cast<DeviceLoopOp>(loopOp);
    for (unsigned i = 0; i < d.getInits().size(); ++i)
      kinds.push_back(d.getReduceKind(i));
  }
  for (Value v : inits)
    if (!v.getType().isIntOrFloat())
      return loopOp->emitOpError()
             << "reductions on " << v.getType()
             << " are not supported by the lowering yet";

  auto tmpl = SymbolTable::lookupNearestSymbolFrom<TemplateOp>(loopOp, tmplRef);
  DistributeOp dist = tmpl.getDistribution();
  if (!dist)
    return loopOp->emitOpError() << "template " << tmplRef
                                 << " has no xmp.distribute";
  OpBuilder b(loopOp);
  Location loc = loopOp->getLoc();
  bool isDevice = isa<DeviceLoopOp>(loopOp);
  Value t0;
  if (isDevice)
    t0 = WtimeOp::create(b, loc, b.getF64Type());

  // Bounds of every level, computed before the nest.
  SmallVector<DimLoop> levels;
  for (auto [k, td] : llvm::enumerate(onDims)) {
    DimLoop lv;
    Value lb = lbs[k], ub = ubs[k], st = steps[k];
    DistAttr f = dist.getFormat(td);
    if (f.getKind() != DistKind::cyclic) {
      auto bounds = TemplateBoundsOp::create(b, loc, b.getIndexType(), b.getIndexType(), tmpl.getSymName(), td);
      // start = lb + ceil(max(lo - lb, 0) / st) * st
      Value diff = arith::MaxSIOp::create(
          b, loc, arith::SubIOp::create(b, loc, bounds.getLo(), lb),
          cst(b, loc, 0));
      Value n = arith::CeilDivSIOp::create(b, loc, diff, st);
      lv.start = arith::AddIOp::create(b, loc, lb,
                                       arith::MulIOp::create(b, loc, n, st));
      lv.end = arith::MinSIOp::create(b, loc, ub, bounds.getHi());
      lv.step = st;
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
      lv.lb = lb;
      lv.ub = ub;
      lv.stepVal = st;
    }
    levels.push_back(lv);
  }

  SmallVector<Value> partials;
  for (auto [i, v] : llvm::enumerate(inits))
    partials.push_back(identityValue(b, loc, kinds[i], v.getType()));

  // Build the nest recursively; the innermost level clones the body.
  IRMapping mapping;
  std::function<SmallVector<Value>(OpBuilder &, unsigned, ValueRange)> build;
  build = [&](OpBuilder &nb, unsigned level,
              ValueRange carried) -> SmallVector<Value> {
    if (level == levels.size()) {
      for (Operation &op : loopBody->without_terminator())
        nb.clone(op, mapping);
      auto yield = cast<YieldOp>(loopBody->getTerminator());
      SmallVector<Value> next;
      for (auto [i, v] : llvm::enumerate(yield.getValues()))
        next.push_back(
            combine(nb, loc, kinds[i], carried[i], mapping.lookupOrDefault(v)));
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
          Value lo = arith::MaxSIOp::create(kb, loc, bs, lv.lb);
          // Align lo to lb + n*step.
          Value n = arith::CeilDivSIOp::create(
              kb, loc, arith::SubIOp::create(kb, loc, lo, lv.lb), lv.stepVal);
          Value start = arith::AddIOp::create(
              kb, loc, lv.lb, arith::MulIOp::create(kb, loc, n, lv.stepVal));
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
  SmallVector<Value> results = build(b, 0, partials);

  if (!results.empty()) {
    // Combine across the grid axes the loop is distributed on, then init.
    SmallVector<int64_t> axes;
    for (int64_t td : onDims)
      if (int64_t a = dist.getGridAxis(td); a >= 0)
        axes.push_back(a);
    llvm::sort(axes);
    auto nodes = SymbolTable::lookupNearestSymbolFrom<NodesOp>(
        loopOp, dist.getNodesAttr());
    for (auto [i, r] : llvm::enumerate(results)) {
      Value total = r;
      if (!axes.empty()) {
        auto red = ReductionOp::create(
            b, loc, r.getType(),
            ReductionKindAttr::get(b.getContext(), kinds[i]), r,
            dist.getNodesAttr(),
            axes.size() == nodes.getRank() ? DenseI64ArrayAttr()
                                           : b.getDenseI64ArrayAttr(axes),
            UnitAttr());
        total = red.getResult();
      }
      results[i] = combine(b, loc, kinds[i], inits[i], total);
    }
  }
  if (isDevice) {
    // CPU path: the whole device loop ran on the host (weight 1). The
    // runtime records its time as the CPU part and warns once.
    Value t1 = WtimeOp::create(b, loc, b.getF64Type());
    Value dt = arith::SubFOp::create(b, loc, t1, t0);
    auto fnType = b.getFunctionType({b.getF64Type()}, {});
    if (!module.lookupSymbol("xmprt_device_loop_on_host")) {
      OpBuilder mb(module.getBodyRegion());
      auto fn = func::FuncOp::create(mb, loc, "xmprt_device_loop_on_host",
                                     fnType);
      fn.setPrivate();
    }
    func::CallOp::create(b, loc, "xmprt_device_loop_on_host", TypeRange{},
                         ValueRange{dt});
  }
  loopOp->replaceAllUsesWith(results);
  loopOp->erase();
  return success();
}

LogicalResult Lowering::run() {
  SmallVector<Operation *> loops;
  // Post-order: inner loops are lowered before the loops containing them.
  module.walk([&](Operation *op) {
    if (isa<LoopOp, DeviceLoopOp>(op))
      loops.push_back(op);
  });
  for (Operation *op : loops)
    if (failed(lowerLoop(op)))
      return failure();
  for (auto func : module.getOps<func::FuncOp>())
    if (failed(lowerAccesses(func)))
      return failure();
  return success();
}

namespace {
struct XMPLowerDistributionPass
    : public xmp::impl::XMPLowerDistributionBase<XMPLowerDistributionPass> {
  void runOnOperation() override {
    Lowering lowering(getOperation());
    if (failed(lowering.run()))
      signalPassFailure();
  }
};
} // namespace
