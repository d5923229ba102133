//===- XMPToGPU.cpp - device loops -> gpu.launch kernels ------------------===//
//
// See the pass description in include/xmp/Conversion/Passes.td. Input: the
// `scf.parallel` loops that `xmp-lower-distribution{gpu=true}` made of
// device loops (marked `xmp.device`, normalized to lower bound 0 / step 1 by
// construction, but handled generally). Output: one `gpu.launch` per loop.
//
// Mapping: the innermost loop dimension goes to x (consecutive threads of a
// warp touch consecutive elements of the fastest-varying array index), the
// next ones to y and z; a loop of more than three dimensions runs its outer
// dimensions sequentially inside each thread. A bounds test guards the body
// unless the iteration count is a constant multiple of the block size.
// Reductions: each thread's contribution (the identity outside the
// iteration space) is reduced over the block by `gpu.all_reduce`, thread 0
// stores the block's value into a device buffer, a second one-block kernel
// folds those values (deterministic for a given launch shape), and only the
// total is copied back. The reduction sequence is one chain of async GPU ops
// with a single wait; loops without reductions launch synchronously.
//
//===----------------------------------------------------------------------===//
#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPTOGPU
#include "xmp/Conversion/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

namespace {

Value idx(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// Default block shape (x, y, z) for a kernel of `mapped` dimensions.
SmallVector<int64_t, 3> defaultBlock(unsigned mapped) {
  switch (mapped) {
  case 1:
    return {256, 1, 1};
  case 2:
    return {32, 8, 1};
  default:
    return {32, 4, 2};
  }
}

gpu::AllReduceOperation allReduceKind(ReductionKind kind, bool isFloat) {
  switch (kind) {
  case ReductionKind::add:
    return gpu::AllReduceOperation::ADD;
  case ReductionKind::mul:
    return gpu::AllReduceOperation::MUL;
  case ReductionKind::max:
    return isFloat ? gpu::AllReduceOperation::MAXNUMF
                   : gpu::AllReduceOperation::MAXSI;
  case ReductionKind::min:
    return isFloat ? gpu::AllReduceOperation::MINNUMF
                   : gpu::AllReduceOperation::MINSI;
  case ReductionKind::band:
    return gpu::AllReduceOperation::AND;
  case ReductionKind::bor:
    return gpu::AllReduceOperation::OR;
  }
  return gpu::AllReduceOperation::ADD;
}

/// Values the body uses from outside must be usable on the device: scalars,
/// or memrefs that are device instances (`xmp.device_acquire`). Functions it
/// calls are compiled for the device too (gpu-kernel-outlining copies them
/// into the kernel's module): the xmp.device_loop verifier's rules, checked
/// again here for input that did not come from a device loop.
LogicalResult checkCaptures(scf::ParallelOp par) {
  Region &region = par.getRegion();
  SymbolTableCollection symbols;
  WalkResult r = par.getBody()->walk([&](Operation *op) {
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      std::string why = deviceCallProblem(call, symbols);
      if (!why.empty()) {
        op->emitOpError() << "cannot run inside a device loop running on "
                             "the GPU: "
                          << why;
        return WalkResult::interrupt();
      }
    }
    for (Value v : op->getOperands()) {
      if (region.isAncestor(v.getParentRegion()))
        continue;
      if (!llvm::isa<BaseMemRefType>(v.getType()))
        continue;
      if (v.getDefiningOp<DeviceAcquireOp>())
        continue;
      op->emitOpError() << "uses a host memref (" << v.getType()
                        << ") inside a device loop running on the GPU; only "
                           "darrays (through xmp.load / xmp.store) are "
                           "accessible there";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

LogicalResult convert(scf::ParallelOp par) {
  if (failed(checkCaptures(par)))
    return failure();
  Location loc = par.getLoc();
  unsigned n = par.getNumLoops();
  unsigned mapped = std::min(n, 3u);
  unsigned outer = n - mapped;
  SmallVector<int64_t, 3> block = defaultBlock(mapped);
  if (auto bs = par->getAttrOfType<DenseI64ArrayAttr>("xmp.block_size")) {
    if (bs.size() < 1 || bs.size() > 3)
      return par.emitOpError()
             << "block_size must have 1 to 3 entries (x, y, z), got "
             << bs.size();
    block = {1, 1, 1};
    for (auto [i, v] : llvm::enumerate(bs.asArrayRef())) {
      if (v <= 0)
        return par.emitOpError() << "block_size entries must be positive";
      block[i] = v;
    }
    if (block[0] * block[1] * block[2] > 1024)
      return par.emitOpError() << "block_size has " << block[0] * block[1] * block[2]
                               << " threads; CUDA allows at most 1024";
  }
  SmallVector<ReductionKind> kinds;
  if (auto ks = par->getAttrOfType<ArrayAttr>("xmp.reduce_kinds"))
    for (Attribute a : ks)
      kinds.push_back(llvm::cast<ReductionKindAttr>(a).getValue());
  if (kinds.size() != par.getInitVals().size())
    return par.emitOpError() << "device loop with " << par.getInitVals().size()
                             << " reductions needs xmp.reduce_kinds";
  for (Value init : par.getInitVals())
    if (auto it = llvm::dyn_cast<IntegerType>(init.getType());
        it && it.getWidth() < 32)
      return par.emitOpError()
             << "reduces " << it
             << " values: the block-wide reduction needs 32 or 64 bits "
                "(xmp-lower-distribution widens narrower reductions to i32)";

  OpBuilder b(par);
  // Iteration counts per loop dimension.
  SmallVector<Value> counts;
  SmallVector<std::optional<int64_t>> constCounts;
  for (unsigned d = 0; d < n; ++d) {
    Value lb = par.getLowerBound()[d], ub = par.getUpperBound()[d],
          st = par.getStep()[d];
    Value c = arith::CeilDivSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, ub, lb), st);
    c = arith::MaxSIOp::create(b, loc, c, idx(b, loc, 0));
    counts.push_back(c);
    auto clb = getConstantIntValue(lb), cub = getConstantIntValue(ub),
         cst = getConstantIntValue(st);
    if (clb && cub && cst)
      constCounts.push_back(std::max<int64_t>(0, (*cub - *clb + *cst - 1) / *cst));
    else
      constCounts.push_back(std::nullopt);
  }
  // Axis a (0 = x) runs loop dimension dimOf(a).
  auto dimOf = [&](unsigned a) { return n - 1 - a; };
  SmallVector<Value, 3> grid, threads;
  for (unsigned a = 0; a < 3; ++a) {
    threads.push_back(idx(b, loc, a < mapped ? block[a] : 1));
    if (a < mapped) {
      Value c = counts[dimOf(a)];
      grid.push_back(arith::CeilDivSIOp::create(b, loc, c, threads.back()));
    } else {
      grid.push_back(idx(b, loc, 1));
    }
  }
  Value numBlocks = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, grid[0], grid[1]), grid[2]);
  // CUDA allows at most 65535 blocks along grid y and z: a larger launch
  // stops with a clear error (xmprt_gpu_check_grid) instead of CUDA's
  // "invalid argument". Walking the extra blocks inside the kernel was
  // tried and measured: the loop around the body raised Himeno's kernel
  // from 56 to 215 registers and made it 1.4-2x slower, also when the loop
  // ran once (see docs/pipeline.md).
  if (mapped >= 2) {
    StringRef fn = "xmprt_gpu_check_grid";
    Type i64 = b.getI64Type();
    declareRuntimeFunction(par->getParentOfType<ModuleOp>(), loc, fn,
                           b.getFunctionType({i64, i64, i64}, {}));
    SmallVector<Value> dims;
    for (Value g : grid)
      dims.push_back(arith::IndexCastOp::create(b, loc, i64, g));
    func::CallOp::create(b, loc, fn, TypeRange{}, dims);
  }

  // Reductions: per-block values in a device buffer, reduced on the device
  // by a second one-block kernel into a one-element buffer that is copied
  // back. gpu-to-llvm lowers only the async forms of alloc/memcpy/dealloc,
  // so the whole sequence is chained on one token, with one wait at the end.
  // An empty iteration space launches an empty grid (no-op in the runtime)
  // and the second kernel then yields the identity.
  bool reduces = !par.getInitVals().empty();
  Type tokenType = gpu::AsyncTokenType::get(b.getContext());
  Value token;
  SmallVector<Value> partialBufs, resultBufs;
  if (reduces) {
    token = gpu::WaitOp::create(b, loc, tokenType, ValueRange{}).getAsyncToken();
    for (Value init : par.getInitVals()) {
      auto t = MemRefType::get({ShapedType::kDynamic}, init.getType());
      auto alloc = gpu::AllocOp::create(b, loc, t, tokenType, ValueRange{token},
                                        ValueRange{numBlocks}, ValueRange{});
      partialBufs.push_back(alloc.getMemref());
      auto one = gpu::AllocOp::create(
          b, loc, MemRefType::get({1}, init.getType()), tokenType,
          ValueRange{alloc.getAsyncToken()}, ValueRange{}, ValueRange{});
      resultBufs.push_back(one.getMemref());
      token = one.getAsyncToken();
    }
  }
  auto launch = gpu::LaunchOp::create(
      b, loc, grid[0], grid[1], grid[2], threads[0], threads[1], threads[2],
      /*dynamicSharedMemorySize=*/nullptr, reduces ? tokenType : Type(),
      reduces ? ValueRange{token} : ValueRange{});
  {
    Block &kb = launch.getBody().front();
    OpBuilder kbld = OpBuilder::atBlockEnd(&kb);
    gpu::KernelDim3 bid = launch.getBlockIds(), tid = launch.getThreadIds();
    Value bids[3] = {bid.x, bid.y, bid.z};
    Value tids[3] = {tid.x, tid.y, tid.z};
    IRMapping mapping;
    Value inRange;
    for (unsigned a = 0; a < mapped; ++a) {
      unsigned d = dimOf(a);
      Value slot = arith::AddIOp::create(
          kbld, loc, arith::MulIOp::create(kbld, loc, bids[a],
                                           idx(kbld, loc, block[a])),
          tids[a]);
      Value iv = arith::AddIOp::create(
          kbld, loc, par.getLowerBound()[d],
          arith::MulIOp::create(kbld, loc, slot, par.getStep()[d]));
      mapping.map(par.getInductionVars()[d], iv);
      bool full = constCounts[d] && *constCounts[d] % block[a] == 0;
      if (full)
        continue;
      Value ok = arith::CmpIOp::create(kbld, loc, arith::CmpIPredicate::slt,
                                       slot, counts[d]);
      inRange = inRange ? arith::AndIOp::create(kbld, loc, inRange, ok)
                        : (Value)ok;
    }
    SmallVector<Type> resultTypes;
    for (Value v : par.getInitVals())
      resultTypes.push_back(v.getType());

    // The body for one thread: outer dimensions as sequential loops.
    auto reduceOp = cast<scf::ReduceOp>(par.getBody()->getTerminator());
    std::function<SmallVector<Value>(OpBuilder &, unsigned, ValueRange)> body;
    body = [&](OpBuilder &ob, unsigned d, ValueRange carried) {
      if (d == outer) {
        for (Operation &op : par.getBody()->without_terminator())
          ob.clone(op, mapping);
        SmallVector<Value> next;
        for (auto [i, v] : llvm::enumerate(reduceOp.getOperands()))
          next.push_back(reductionCombine(ob, loc, kinds[i], carried[i],
                                          mapping.lookupOrDefault(v)));
        return next;
      }
      auto f = scf::ForOp::create(
          ob, loc, par.getLowerBound()[d], par.getUpperBound()[d],
          par.getStep()[d], carried,
          [&](OpBuilder &fb, Location, Value iv, ValueRange args) {
            mapping.map(par.getInductionVars()[d], iv);
            scf::YieldOp::create(fb, loc, body(fb, d + 1, args));
          });
      return SmallVector<Value>(f.getResults());
    };
    auto identities = [&](OpBuilder &ib) {
      SmallVector<Value> ids;
      for (auto [i, t] : llvm::enumerate(resultTypes))
        ids.push_back(reductionIdentity(ib, loc, kinds[i], t));
      return ids;
    };
    SmallVector<Value> contrib;
    if (!inRange) {
      contrib = body(kbld, 0, identities(kbld));
    } else {
      auto ifOp = scf::IfOp::create(kbld, loc, TypeRange(resultTypes), inRange,
                                    /*withElse=*/!resultTypes.empty());
      OpBuilder tb = ifOp.getThenBodyBuilder();
      SmallVector<Value> y = body(tb, 0, identities(tb));
      if (!resultTypes.empty()) {
        scf::YieldOp::create(tb, loc, y);
        OpBuilder eb = ifOp.getElseBodyBuilder();
        scf::YieldOp::create(eb, loc, identities(eb));
      }
      contrib.assign(ifOp.getResults().begin(), ifOp.getResults().end());
    }
    if (!contrib.empty()) {
      // Block-wide reduction (every thread takes part), then thread 0
      // stores the block's value.
      SmallVector<Value> blockVals;
      for (auto [i, v] : llvm::enumerate(contrib)) {
        auto kind = gpu::AllReduceOperationAttr::get(
            kbld.getContext(),
            allReduceKind(kinds[i], llvm::isa<FloatType>(v.getType())));
        blockVals.push_back(
            gpu::AllReduceOp::create(kbld, loc, v, kind, /*uniform=*/true));
      }
      Value zero = idx(kbld, loc, 0);
      Value first = arith::AndIOp::create(
          kbld, loc,
          arith::CmpIOp::create(kbld, loc, arith::CmpIPredicate::eq, tid.x,
                                zero),
          arith::AndIOp::create(
              kbld, loc,
              arith::CmpIOp::create(kbld, loc, arith::CmpIPredicate::eq,
                                    tid.y, zero),
              arith::CmpIOp::create(kbld, loc, arith::CmpIPredicate::eq,
                                    tid.z, zero)));
      auto store = scf::IfOp::create(kbld, loc, first, /*withElse=*/false);
      OpBuilder sb = store.getThenBodyBuilder();
      gpu::KernelDim3 gsz = launch.getGridSize();
      Value linear = arith::AddIOp::create(
          sb, loc,
          arith::MulIOp::create(
              sb, loc,
              arith::AddIOp::create(
                  sb, loc, arith::MulIOp::create(sb, loc, bid.z, gsz.y),
                  bid.y),
              gsz.x),
          bid.x);
      for (auto [i, v] : llvm::enumerate(blockVals))
        memref::StoreOp::create(sb, loc, v, partialBufs[i], ValueRange{linear});
    }
    gpu::TerminatorOp::create(kbld, loc);
  }

  if (!reduces) {
    par.erase();
    return success();
  }
  token = launch.getAsyncToken();

  // Second stage: one block folds the per-block values (thread t takes
  // blocks t, t + 1024, ...; then a block reduction): deterministic for a
  // given launch shape.
  const int64_t finalThreads = 1024;
  Value one = idx(b, loc, 1), nThreads = idx(b, loc, finalThreads);
  auto fin = gpu::LaunchOp::create(b, loc, one, one, one, nThreads, one, one,
                                   nullptr, tokenType, ValueRange{token});
  {
    OpBuilder fb = OpBuilder::atBlockEnd(&fin.getBody().front());
    Value tid = fin.getThreadIds().x;
    SmallVector<Value> ids;
    for (auto [i, init] : llvm::enumerate(par.getInitVals()))
      ids.push_back(reductionIdentity(fb, loc, kinds[i], init.getType()));
    auto loop = scf::ForOp::create(
        fb, loc, tid, numBlocks, idx(fb, loc, finalThreads), ids,
        [&](OpBuilder &lb, Location, Value k, ValueRange acc) {
          SmallVector<Value> next;
          for (auto [i, buf] : llvm::enumerate(partialBufs)) {
            Value v = memref::LoadOp::create(lb, loc, buf, ValueRange{k});
            next.push_back(reductionCombine(lb, loc, kinds[i], acc[i], v));
          }
          scf::YieldOp::create(lb, loc, next);
        });
    SmallVector<Value> totals;
    for (auto [i, v] : llvm::enumerate(loop.getResults())) {
      auto kind = gpu::AllReduceOperationAttr::get(
          fb.getContext(),
          allReduceKind(kinds[i], llvm::isa<FloatType>(v.getType())));
      totals.push_back(
          gpu::AllReduceOp::create(fb, loc, v, kind, /*uniform=*/true));
    }
    Value isFirst = arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::eq,
                                          tid, idx(fb, loc, 0));
    auto store = scf::IfOp::create(fb, loc, isFirst, /*withElse=*/false);
    OpBuilder sb = store.getThenBodyBuilder();
    for (auto [i, v] : llvm::enumerate(totals))
      memref::StoreOp::create(sb, loc, v, resultBufs[i],
                              ValueRange{idx(sb, loc, 0)});
    gpu::TerminatorOp::create(fb, loc);
  }
  token = fin.getAsyncToken();

  // Copy the totals back (host slots at the function entry, never in a
  // loop), free the buffers, wait once; then combine with init.
  SmallVector<Value> hostSlots;
  {
    OpBuilder::InsertionGuard guard(b);
    auto fn = par->getParentOfType<FunctionOpInterface>();
    b.setInsertionPointToStart(&fn.getFunctionBody().front());
    for (Value init : par.getInitVals())
      hostSlots.push_back(memref::AllocaOp::create(
          b, loc, MemRefType::get({1}, init.getType())));
  }
  for (auto [i, slot] : llvm::enumerate(hostSlots))
    token = gpu::MemcpyOp::create(b, loc, tokenType, ValueRange{token}, slot,
                                  resultBufs[i])
                .getAsyncToken();
  for (auto [p, r] : llvm::zip(partialBufs, resultBufs)) {
    token = gpu::DeallocOp::create(b, loc, tokenType, ValueRange{token}, p)
                .getAsyncToken();
    token = gpu::DeallocOp::create(b, loc, tokenType, ValueRange{token}, r)
                .getAsyncToken();
  }
  gpu::WaitOp::create(b, loc, Type(), ValueRange{token});
  SmallVector<Value> results;
  for (auto [i, slot] : llvm::enumerate(hostSlots)) {
    Value v = memref::LoadOp::create(b, loc, slot, ValueRange{idx(b, loc, 0)});
    results.push_back(
        reductionCombine(b, loc, kinds[i], par.getInitVals()[i], v));
  }
  par->replaceAllUsesWith(results);
  par->erase();
  return success();
}

struct XMPToGPUPass : public xmp::impl::XMPToGPUBase<XMPToGPUPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp p) {
      if (p->hasAttr("xmp.device"))
        loops.push_back(p);
    });
    for (scf::ParallelOp p : loops)
      if (failed(convert(p)))
        return signalPassFailure();
  }
};

} // namespace
