//===- SplitDeviceLoops.cpp - GPU/CPU work sharing of device loops --------===//
//
// See the pass description in Passes.td. One device loop becomes:
//
//   %w = xmp.loop_weight id, mode, fixed             (1.0 without GPU code)
//   %s, %e, %ng, %nc = xmp.loop_split %w, (lb0 to ub0 step st0) on @t [t0]
//   [nc > 0] xmp.host_acquire      (every accessed array)
//   [ng > 0] xmp.device_acquire    (every accessed array; copies in now,
//                                   before the CPU chunks touch the host)
//   job = xmp.cpu_part_start s to e grain g {
//     ^bb0(lo, hi): xmp.loop (xmp.split_part) over the owned iterations
//                   in the chunk [lo, hi); partials into a buffer
//   }
//   [ng > 0] xmp.gpu_timer_start; xmp.device_loop over [lb0, s)
//            (xmp.split_part); tg = xmp.gpu_timer_stop
//   tc = xmp.cpu_part_wait job
//   fold the chunks' partial reductions (chunk order)
//   xmp.split_commit of every written array
//   xmp.loop_report id, tc, nc, tg, ng
//   reductions: gpu (+) cpu, across nodes, with init
//
// The pass emits xmp ops only: outlining the CPU part, packing what it uses
// into a context and the executor's C entry points are xmp-to-runtime's
// (lib/Conversion), the one place that knows the C ABI.
//
//===----------------------------------------------------------------------===//
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/DistributionAnalysis.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"
#include "xmp/Dialect/XMP/Transforms/IndexMath.h"
#include "xmp/Dialect/XMP/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPSPLITDEVICELOOPS
#include "xmp/Dialect/XMP/Transforms/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

namespace {

/// The rows one array gets written at: along array dimension `dim`, the
/// index of every store is the split induction variable plus the constant
/// cmin (== cmax: one offset per array, so the parts' rows are disjoint).
struct Written {
  int64_t dim = 0;
  int64_t cmin = 0, cmax = 0;
};

/// Pieces a row chunk of a nest's CPU part may be cut into along dimension
/// 1 (xmp.cpu_part_start `pieces`), when the CPU part has at most that many
/// granules of rows (otherwise 1: rows alone keep the workers busy). Bounds
/// the partial-reduction buffers at kMaxPieces^2 slots.
constexpr int64_t kMaxPieces = 64;

Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value i64c(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
}

Value toI64(OpBuilder &b, Location loc, Value index) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
}

class Splitter {
public:
  Splitter(ModuleOp module, DistributionAnalysis &da, bool gpu, int64_t grain)
      : module(module), da(da), gpu(gpu), grain(grain) {
    // Arrays whose local block escapes to host code through a user
    // `xmp.local_view`: host code may have written them at any time.
    module.walk([&](LocalViewOp lv) { escaped.insert(lv.getArray()); });
  }
  LogicalResult split(DeviceLoopOp loop, int64_t id);

private:
  LogicalResult footprint(DeviceLoopOp loop,
                          llvm::MapVector<Value, Written> &writes);
  CpuPartStartOp startCpuPart(OpBuilder &b, DeviceLoopOp loop, Value s,
                              Value e, Value cpuGrain, Value granules,
                              Value pieces, ArrayRef<ReductionKind> kinds,
                              ArrayRef<Value> buffers);

  ModuleOp module;
  DistributionAnalysis &da;
  bool gpu;
  int64_t grain;
  llvm::DenseSet<Value> escaped;
};

} // namespace

LogicalResult Splitter::footprint(DeviceLoopOp loop,
                                  llvm::MapVector<Value, Written> &writes) {
  Value iv = loop.getInductionVars()[0];
  int64_t t0 = loop.getOnDims()[0];
  WalkResult r = loop.getBody().walk([&](StoreOp st) {
    auto type = cast<DArrayType>(st.getArray().getType());
    auto fail = [&](const Twine &why) {
      InFlightDiagnostic d = loop.emitWarning()
                             << "runs entirely on the GPU (weight ignored): "
                             << why;
      d.attachNote(st.getLoc()) << "this store";
      return WalkResult::interrupt();
    };
    if (type.getTemplateRef() != loop.getTmplAttr())
      return fail("a stored array is aligned with another template, so the "
                  "rows each part writes cannot be derived");
    int64_t d = -1;
    for (unsigned k = 0; k < type.getRank(); ++k)
      if (type.getAlign()[k] == t0) {
        d = k;
        break;
      }
    if (d < 0)
      return fail("a stored array has no dimension aligned with template "
                  "dimension " + Twine(t0) + ", the one the split follows");
    std::optional<int64_t> c = constantOffsetFrom(st.getIndices()[d], iv);
    if (!c)
      return fail("the index of a store in array dimension " + Twine(d) +
                  " is not the outermost induction variable plus a constant");
    auto [it, fresh] = writes.try_emplace(st.getArray(), Written{d, *c, *c});
    // Stores at several offsets would make the rows the two parts write
    // overlap, and neither side would know which values are newer.
    if (!fresh && it->second.cmin != *c)
      return fail("stores to one array at several offsets from the "
                  "outermost induction variable (" +
                  Twine(it->second.cmin) + " and " + Twine(*c) +
                  ") would make the rows written by the GPU and the CPU "
                  "parts overlap");
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

/// The CPU part: xmp.loop (xmp.split_part) over the owned iterations of
/// each chunk [lo, hi) of [s, e), its reduction results stored as the
/// chunk's partial. A nest's chunk may be a piece [p0, p1) of dimension 1's
/// iteration numbers too (`pieces` per row chunk, null for a single loop).
CpuPartStartOp Splitter::startCpuPart(OpBuilder &b, DeviceLoopOp loop,
                                      Value s, Value e, Value cpuGrain,
                                      Value granules, Value pieces,
                                      ArrayRef<ReductionKind> kinds,
                                      ArrayRef<Value> buffers) {
  Location loc = loop.getLoc();
  MLIRContext *ctx = loop.getContext();
  unsigned nl = loop.getNumLoops();
  // A nest also hands the executor its second dimension's trip count, so
  // that a CPU part of few rows is still spread over the workers.
  Value n1;
  if (nl >= 2)
    n1 = indexmath::tripCount(b, loc, loop.getLowerBounds()[1],
                              loop.getUpperBounds()[1], loop.getSteps()[1]);
  auto start = CpuPartStartOp::create(b, loc, b.getType<CpuJobType>(), s, e,
                                      cpuGrain, n1, n1 ? pieces : Value());
  Block *body = new Block();
  start.getBody().push_back(body);
  Type index = b.getIndexType();
  Value lo = body->addArgument(index, loc), hi = body->addArgument(index, loc);
  Value p0, p1, piece;
  if (n1) {
    p0 = body->addArgument(index, loc);
    p1 = body->addArgument(index, loc);
    piece = body->addArgument(index, loc);
  }
  OpBuilder rb = OpBuilder::atBlockEnd(body);

  // The owned iterations in [lo, hi): lower bound aligned to lb0 + k*st0.
  Value lb0 = loop.getLowerBounds()[0], st0 = loop.getSteps()[0];
  Value first = indexmath::latticeCeil(rb, loc, lo, lb0, st0);
  SmallVector<Value> lbs(loop.getLowerBounds()), ubs(loop.getUpperBounds()),
      identities;
  lbs[0] = first;
  ubs[0] = hi;
  if (n1) {
    // Iterations numbered [p0, p1) of dimension 1: lb1 + p*st1, the upper
    // end clipped to ub1 (p1 = n1 may point past it).
    Value lb1 = loop.getLowerBounds()[1], ub1 = loop.getUpperBounds()[1],
          st1 = loop.getSteps()[1];
    lbs[1] = arith::AddIOp::create(
        rb, loc, lb1, arith::MulIOp::create(rb, loc, p0, st1));
    ubs[1] = arith::MinSIOp::create(
        rb, loc, ub1,
        arith::AddIOp::create(rb, loc, lb1,
                              arith::MulIOp::create(rb, loc, p1, st1)));
  }
  for (auto [i, v] : llvm::enumerate(loop.getReduceInits()))
    identities.push_back(reductionIdentity(rb, loc, kinds[i], v.getType()));
  auto cpuLoop = LoopOp::create(
      rb, loc, loop.getResultTypes(), lbs, ubs, loop.getSteps(),
      loop.getTmplAttr(), loop.getOnDimsAttr(), identities,
      loop.getReduceKindsAttr(), /*overlap=*/Value(),
      /*marginLo=*/DenseI64ArrayAttr(), /*marginHi=*/DenseI64ArrayAttr(),
      /*expandLo=*/DenseI64ArrayAttr(), /*expandHi=*/DenseI64ArrayAttr(),
      /*expandUnbound=*/DenseBoolArrayAttr(), /*frameLo=*/DenseI64ArrayAttr(),
      /*frameHi=*/DenseI64ArrayAttr(), /*frameUnbound=*/DenseBoolArrayAttr());
  IRMapping same;
  loop.getBody().cloneInto(&cpuLoop.getBody(), same);
  cpuLoop->setAttr(kSplitPartAttr, UnitAttr::get(ctx));

  // One partial per chunk, at (lo - s) / grain (chunks start at s + k*grain),
  // plus piece * granules for a nest (pieces > 1 only when every granule is
  // a chunk of its own: the slots stay below granules * pieces).
  if (!kinds.empty()) {
    Value slot = arith::DivSIOp::create(
        rb, loc, arith::SubIOp::create(rb, loc, lo, s), cpuGrain);
    if (n1)
      slot = arith::AddIOp::create(
          rb, loc, slot, arith::MulIOp::create(rb, loc, piece, granules));
    for (auto [r, buf] : llvm::zip(cpuLoop.getResults(), buffers))
      memref::StoreOp::create(rb, loc, r, buf, slot);
  }
  YieldOp::create(rb, loc);
  return start;
}

LogicalResult Splitter::split(DeviceLoopOp loop, int64_t id) {
  Location loc = loop.getLoc();
  MLIRContext *ctx = loop.getContext();
  DistributeOp dist = da.lookupDistribution(loop, loop.getTmplAttr());
  if (!dist)
    return loop.emitOpError() << "template " << loop.getTmplAttr()
                              << " has no xmp.distribute";
  auto parentFn = loop->getParentOfType<func::FuncOp>();
  if (!parentFn)
    return loop.emitOpError() << "must be inside a func.func to be split";
  SmallVector<ReductionKind> kinds;
  for (unsigned i = 0; i < loop.getReduceInits().size(); ++i) {
    kinds.push_back(loop.getReduceKind(i));
    Type t = loop.getReduceInits()[i].getType();
    if (!t.isIntOrFloat())
      return loop.emitOpError() << "reductions on " << t
                                << " are not supported by the lowering yet";
  }

  // Kernels are named after the function and the loop.
  std::string kernelName =
      (parentFn.getName() + "_loop" + Twine(id)).str();
  llvm::MapVector<Value, Written> writes;
  if (gpu && failed(footprint(loop, writes))) {
    // Warned; stays a plain device loop.
    loop->setAttr(kKernelNameAttr, StringAttr::get(ctx, kernelName));
    return success();
  }

  // Arrays the body accesses, with their access mode.
  llvm::MapVector<Value, int> access;
  loop.getBody().walk([&](Operation *op) {
    if (auto ld = dyn_cast<LoadOp>(op))
      access[ld.getArray()] |= 1;
    else if (auto st = dyn_cast<StoreOp>(op))
      access[st.getArray()] |= 2;
  });

  OpBuilder b(loop);
  Type f64 = b.getF64Type();

  // Weight and split point.
  Value w;
  if (gpu) {
    WeightMode mode = loop.getWeight()      ? WeightMode::fixed
                      : loop.getWeightAuto() ? WeightMode::automatic
                                             : WeightMode::current;
    Value fixed = loop.getWeight()
                      ? loop.getWeight()
                      : (Value)arith::ConstantOp::create(b, loc, f64,
                                                         b.getF64FloatAttr(0));
    w = LoopWeightOp::create(b, loc, f64, b.getI64IntegerAttr(id),
                             WeightModeAttr::get(ctx, mode), fixed);
  } else {
    w = arith::ConstantOp::create(b, loc, f64, b.getF64FloatAttr(1.0));
  }
  int64_t g = grain > 0 ? grain : (loop.getNumLoops() == 1 ? 32 : 1);
  Value lb0 = loop.getLowerBounds()[0], ub0 = loop.getUpperBounds()[0],
        st0 = loop.getSteps()[0];
  auto sp = LoopSplitOp::create(b, loc, b.getIndexType(), b.getIndexType(),
                                b.getIndexType(), b.getIndexType(), w, lb0,
                                ub0, st0, loop.getTmplAttr(),
                                b.getI64IntegerAttr(loop.getOnDims()[0]),
                                b.getI64IntegerAttr(g));
  Value s = sp.getSplit(), e = sp.getEnd();
  Value zero = cst(b, loc, 0);
  Value haveCpu = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                        sp.getCpuIters(), zero);
  Value haveGpu = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                        sp.getGpuIters(), zero);

  // GPU code: a step without a CPU part (weight 0, the common case) runs
  // the loop as it is: one launch, no executor job, no synchronous timer,
  // no partial buffers, no commits; its time is read when it is needed
  // (xmp.gpu_step_*), and its reductions go through result slots, so the
  // host waits for it only where it reads them. The split machinery below
  // runs in the else branch.
  SmallVector<Value> slots;
  scf::IfOp fastIf;
  OpBuilder outer = b;
  if (gpu) {
    for (Value init : loop.getReduceInits())
      slots.push_back(createResultSlot(b, loc, loop, init.getType()));
    Value fast = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              sp.getCpuIters(), zero),
        haveGpu);
    fastIf = scf::IfOp::create(b, loc, fast, /*withElse=*/true);
    OpBuilder tb = fastIf.getThenBodyBuilder();
    GpuStepBeginOp::create(tb, loc, tb.getI64IntegerAttr(id));
    SmallVector<Value> identities;
    for (auto [i, v] : llvm::enumerate(loop.getReduceInits()))
      identities.push_back(reductionIdentity(tb, loc, kinds[i], v.getType()));
    auto whole = DeviceLoopOp::create(
        tb, loc, loop.getResultTypes(), loop.getLowerBounds(),
        loop.getUpperBounds(), loop.getSteps(), loop.getTmplAttr(),
        loop.getOnDimsAttr(), identities, loop.getReduceKindsAttr(),
        /*weight=*/Value(), /*weightAuto=*/UnitAttr(),
        loop.getBlockSizeAttr(), loop.getOverlap(), loop.getMarginLoAttr(),
        loop.getMarginHiAttr(), loop.getExpandLoAttr(), loop.getExpandHiAttr(),
        loop.getExpandUnboundAttr(), loop.getFrameLoAttr(),
        loop.getFrameHiAttr(), loop.getFrameUnboundAttr());
    IRMapping same;
    loop.getBody().cloneInto(&whole.getBody(), same);
    whole->setAttr(kNodeLocalAttr, UnitAttr::get(ctx));
    whole->setAttr(kKernelNameAttr, StringAttr::get(ctx, kernelName));
    GpuStepEndOp::create(tb, loc, tb.getI64IntegerAttr(id), sp.getGpuIters());
    for (auto [r, slot] : llvm::zip(whole.getResults(), slots))
      ResultWriteOp::create(tb, loc, r, slot);
    b.setInsertionPointToStart(fastIf.elseBlock());
  }
  // An overlapped loop: the step without a CPU part (above) waits for the
  // reflect between its interior and its boundary; a split step (below)
  // waits first (its CPU part runs in chunks on the executor's workers,
  // which cannot wait in between).
  if (Value tok = loop.getOverlap())
    ReflectWaitOp::create(b, loc, tok);

  // Coherence before: each side's instances current before either starts.
  if (gpu && !access.empty()) {
    auto hostIf = scf::IfOp::create(b, loc, haveCpu, /*withElse=*/false);
    OpBuilder hb = hostIf.getThenBodyBuilder();
    for (auto &[a, mode] : access)
      HostAcquireOp::create(hb, loc, a);
    auto devIf = scf::IfOp::create(b, loc, haveGpu, /*withElse=*/false);
    OpBuilder db = devIf.getThenBodyBuilder();
    for (auto &[a, mode] : access) {
      // Host code may have written through a user local view at any time.
      if (escaped.contains(a))
        HostModifiedOp::create(db, loc, a);
      DeviceAcquireOp::create(
          db, loc,
          da.getLayout(loop, cast<DArrayType>(a.getType())).memrefType, a,
          AccessAttr::get(ctx, static_cast<Access>(mode)));
    }
  }

  // Chunk grain in template indices, and one partial per possible chunk.
  Value cpuGrain = arith::MulIOp::create(b, loc, cst(b, loc, g), st0);
  Value granules = arith::CeilDivSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, e, s), cpuGrain);
  Value nbuf = arith::AddIOp::create(b, loc, granules, cst(b, loc, 1));
  // A nest's CPU part of at most kMaxPieces granules of rows may be cut
  // along dimension 1 too: up to kMaxPieces pieces per row.
  Value pieces;
  if (loop.getNumLoops() >= 2) {
    Value few = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                                      granules, cst(b, loc, kMaxPieces));
    pieces = arith::SelectOp::create(b, loc, few, cst(b, loc, kMaxPieces),
                                     cst(b, loc, 1));
    nbuf = arith::MulIOp::create(b, loc, nbuf, pieces);
  }
  SmallVector<Value> buffers;
  for (unsigned i = 0; i < loop.getReduceInits().size(); ++i) {
    Type elemType = loop.getReduceInits()[i].getType();
    auto bufType = MemRefType::get({ShapedType::kDynamic}, elemType);
    Value buf = memref::AllocOp::create(b, loc, bufType, ValueRange{nbuf});
    scf::ForOp::create(b, loc, zero, nbuf, cst(b, loc, 1), ValueRange{},
                       [&](OpBuilder &fb, Location, Value k, ValueRange) {
                         Value id0 =
                             reductionIdentity(fb, loc, kinds[i], elemType);
                         memref::StoreOp::create(fb, loc, id0, buf, k);
                         scf::YieldOp::create(fb, loc);
                       });
    buffers.push_back(buf);
  }

  // Start the CPU part: it runs on the executor's workers while this thread
  // drives the GPU part.
  Value job = startCpuPart(b, loop, s, e, cpuGrain, granules, pieces, kinds,
                           buffers);

  // The GPU part.
  SmallVector<Value> gpuResults;
  Value tg = arith::ConstantOp::create(b, loc, f64, b.getF64FloatAttr(0));
  if (gpu) {
    SmallVector<Type> types(loop.getResultTypes());
    types.push_back(f64);
    auto ifOp = scf::IfOp::create(b, loc, types, haveGpu, /*withElse=*/true);
    OpBuilder tb = ifOp.getThenBodyBuilder();
    GpuTimerStartOp::create(tb, loc);
    SmallVector<Value> ubs(loop.getUpperBounds()), identities;
    ubs[0] = s;
    for (auto [i, v] : llvm::enumerate(loop.getReduceInits()))
      identities.push_back(reductionIdentity(tb, loc, kinds[i], v.getType()));
    auto gpuLoop = DeviceLoopOp::create(
        tb, loc, loop.getResultTypes(), loop.getLowerBounds(), ubs,
        loop.getSteps(), loop.getTmplAttr(), loop.getOnDimsAttr(), identities,
        loop.getReduceKindsAttr(), /*weight=*/Value(), /*weightAuto=*/UnitAttr(),
        loop.getBlockSizeAttr(), /*overlap=*/Value(),
        /*marginLo=*/DenseI64ArrayAttr(), /*marginHi=*/DenseI64ArrayAttr(),
        /*expandLo=*/DenseI64ArrayAttr(), /*expandHi=*/DenseI64ArrayAttr(),
        /*expandUnbound=*/DenseBoolArrayAttr(), /*frameLo=*/DenseI64ArrayAttr(),
        /*frameHi=*/DenseI64ArrayAttr(), /*frameUnbound=*/DenseBoolArrayAttr());
    IRMapping same;
    loop.getBody().cloneInto(&gpuLoop.getBody(), same);
    gpuLoop->setAttr(kSplitPartAttr, UnitAttr::get(ctx));
    gpuLoop->setAttr(kKernelNameAttr,
                     StringAttr::get(ctx, kernelName + "_part"));
    SmallVector<Value> thenYield(gpuLoop.getResults());
    thenYield.push_back(GpuTimerStopOp::create(tb, loc, f64).getResult());
    scf::YieldOp::create(tb, loc, thenYield);
    OpBuilder eb = ifOp.getElseBodyBuilder();
    SmallVector<Value> elseYield;
    for (auto [i, v] : llvm::enumerate(loop.getReduceInits()))
      elseYield.push_back(reductionIdentity(eb, loc, kinds[i], v.getType()));
    elseYield.push_back(
        arith::ConstantOp::create(eb, loc, f64, eb.getF64FloatAttr(0)));
    scf::YieldOp::create(eb, loc, elseYield);
    gpuResults.assign(ifOp.getResults().begin(),
                      std::prev(ifOp.getResults().end()));
    tg = ifOp.getResults().back();
  }
  Value tc = CpuPartWaitOp::create(b, loc, f64, job);

  // The chunks' partials, folded in chunk order.
  SmallVector<Value> local;
  for (unsigned i = 0; i < buffers.size(); ++i) {
    Value buf = buffers[i];
    Type t = loop.getReduceInits()[i].getType();
    auto fold = scf::ForOp::create(
        b, loc, zero, nbuf, cst(b, loc, 1),
        ValueRange{reductionIdentity(b, loc, kinds[i], t)},
        [&](OpBuilder &fb, Location, Value k, ValueRange acc) {
          Value x = memref::LoadOp::create(fb, loc, buf, k);
          scf::YieldOp::create(fb, loc,
                               reductionCombine(fb, loc, kinds[i], acc[0], x));
        });
    Value cpu = fold.getResult(0);
    local.push_back(gpu ? reductionCombine(b, loc, kinds[i], gpuResults[i], cpu)
                        : cpu);
    memref::DeallocOp::create(b, loc, buf);
  }

  // Coherence after: only the slices each part wrote move.
  for (auto &[a, wr] : writes) {
    auto off = [&](Value x, int64_t c) -> Value {
      return c ? (Value)arith::AddIOp::create(b, loc, x, cst(b, loc, c)) : x;
    };
    // A part that did not run on this rank wrote nothing: an empty range.
    Value bounds[4] = {off(lb0, wr.cmin), off(s, wr.cmax), off(s, wr.cmin),
                       off(e, wr.cmax)};
    for (int k = 0; k < 4; ++k)
      bounds[k] = arith::SelectOp::create(b, loc, k < 2 ? haveGpu : haveCpu,
                                          bounds[k], zero);
    SplitCommitOp::create(b, loc, a, wr.dim, bounds[0], bounds[1], bounds[2],
                          bounds[3]);
  }

  LoopReportOp::create(b, loc, b.getI64IntegerAttr(id), tc,
                       sp.getCpuIters(), tg, sp.getGpuIters(),
                       gpu ? UnitAttr() : UnitAttr::get(ctx));

  if (gpu) {
    // Both branches leave this node's results in the slots.
    for (auto [v, slot] : llvm::zip(local, slots))
      ResultWriteOp::create(b, loc, v, slot);
    b = outer;
    b.setInsertionPointAfter(fastIf);
    for (auto [i, slot] : llvm::enumerate(slots))
      local[i] = ResultReadOp::create(b, loc, loop.getReduceInits()[i].getType(),
                                      slot);
  }
  combineAcrossNodes(b, loc, loop, dist, loop.getOnDims(), kinds,
                     loop.getReduceInits(), local);
  loop->replaceAllUsesWith(local);
  loop->erase();
  return success();
}

namespace {
struct XMPSplitDeviceLoopsPass
    : public xmp::impl::XMPSplitDeviceLoopsBase<XMPSplitDeviceLoopsPass> {
  using XMPSplitDeviceLoopsBase::XMPSplitDeviceLoopsBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (grain < 0) {
      // The option converts to char as well: print it as the integer.
      module.emitError() << "xmp-split-device-loops: grain must be >= 0, got "
                         << static_cast<int64_t>(grain);
      return signalPassFailure();
    }
    SmallVector<DeviceLoopOp> loops;
    // An expanded loop (expand or margin) runs iterations its node does
    // not own: it is not divided between GPU and CPU (the verifier refuses
    // weight on it), and runs whole on the GPU (on the host in a build
    // without GPU code).
    module.walk([&](DeviceLoopOp l) {
      if (!l.isWidened())
        loops.push_back(l);
    });
    Splitter splitter(module, getAnalysis<DistributionAnalysis>(), gpu, grain);
    for (auto [id, l] : llvm::enumerate(loops))
      if (failed(splitter.split(l, id)))
        return signalPassFailure();
  }
};
} // namespace
