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
#include "xmp/Conversion/RuntimeABI.h"
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"
#include "xmp/Dialect/XMP/Transforms/IndexMath.h"
#include "xmprt/Distribution.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include <tuple>

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

/// Row-major linear index (z * size.y + y) * size.x + x of a block or
/// thread id within its grid or block.
Value linear3(OpBuilder &b, Location loc, gpu::KernelDim3 id,
              gpu::KernelDim3 size) {
  Value zy = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, id.z, size.y), id.y);
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, zy, size.x), id.x);
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
  case ReductionKind::bxor:
    return gpu::AllReduceOperation::XOR;
  default: // location kinds: not loop reductions (verifier)
    llvm_unreachable("location reduction kinds are not loop reductions");
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


//===----------------------------------------------------------------------===//
// Plane sweep: planning
//===----------------------------------------------------------------------===//

/// An index value as a linear function of the loop's induction variables:
/// sum(ivCoeff[k] * iv_k) + sum(coeff * v) over values v defined outside the
/// loop body + cst.
struct Linear {
  int64_t cst = 0;
  SmallVector<int64_t> iv;
  SmallVector<std::pair<Value, int64_t>> terms; // sorted by value pointer

  bool sameExceptConstant(const Linear &o) const {
    return iv == o.iv && terms == o.terms;
  }
};

class Decomposer {
public:
  explicit Decomposer(scf::ParallelOp par) : par(par) {}

  std::optional<Linear> get(Value v) {
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    std::optional<Linear> r = compute(v);
    memo[v] = r;
    return r;
  }

private:
  Linear zero() {
    Linear l;
    l.iv.assign(par.getNumLoops(), 0);
    return l;
  }
  static Linear combine(const Linear &a, const Linear &b, int64_t sb) {
    Linear r = a;
    r.cst += sb * b.cst;
    for (size_t k = 0; k < r.iv.size(); ++k)
      r.iv[k] += sb * b.iv[k];
    llvm::DenseMap<Value, int64_t> m;
    for (auto [v, c] : a.terms)
      m[v] += c;
    for (auto [v, c] : b.terms)
      m[v] += sb * c;
    r.terms.clear();
    for (auto [v, c] : m)
      if (c)
        r.terms.push_back({v, c});
    llvm::sort(r.terms, [](auto &x, auto &y) {
      return x.first.getAsOpaquePointer() < y.first.getAsOpaquePointer();
    });
    return r;
  }
  static Linear scale(Linear a, int64_t k) {
    a.cst *= k;
    for (int64_t &c : a.iv)
      c *= k;
    for (auto &t : a.terms)
      t.second *= k;
    return a;
  }
  std::optional<Linear> compute(Value v) {
    Block *body = par.getBody();
    if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == body) {
      Linear l = zero();
      l.iv[arg.getArgNumber()] = 1;
      return l;
    }
    Operation *def = v.getDefiningOp();
    if (!def || !par->isAncestor(def)) { // defined outside the loop
      if (auto c = getConstantIntValue(v)) {
        Linear l = zero();
        l.cst = *c;
        return l;
      }
      Linear l = zero();
      l.terms.push_back({v, 1});
      return l;
    }
    if (auto c = getConstantIntValue(v)) {
      Linear l = zero();
      l.cst = *c;
      return l;
    }
    if (def->getBlock() != body)
      return std::nullopt;
    if (auto add = dyn_cast<arith::AddIOp>(def)) {
      auto a = get(add.getLhs()), b = get(add.getRhs());
      if (a && b)
        return combine(*a, *b, 1);
      return std::nullopt;
    }
    if (auto sub = dyn_cast<arith::SubIOp>(def)) {
      auto a = get(sub.getLhs()), b = get(sub.getRhs());
      if (a && b)
        return combine(*a, *b, -1);
      return std::nullopt;
    }
    if (auto mul = dyn_cast<arith::MulIOp>(def)) {
      auto ca = getConstantIntValue(mul.getLhs()),
           cb = getConstantIntValue(mul.getRhs());
      if (cb)
        if (auto a = get(mul.getLhs()))
          return scale(*a, *cb);
      if (ca)
        if (auto b = get(mul.getRhs()))
          return scale(*b, *ca);
      return std::nullopt;
    }
    return std::nullopt;
  }

  scf::ParallelOp par;
  llvm::DenseMap<Value, std::optional<Linear>> memo;
};

/// Loads of one array at several offsets along the array dimension that
/// the swept loop dimension walks (coefficient 1), all other indices equal.
struct LoadGroup {
  Value memref;
  unsigned dim = 0;
  SmallVector<memref::LoadOp> loads;
  SmallVector<int64_t> offsets; // of each load, relative to loads[0]
  int64_t lo = 0, hi = 0;        // window: offsets lo .. hi
};

struct SweepPlan {
  SmallVector<LoadGroup> groups;
  llvm::DenseMap<Operation *, std::pair<unsigned, int64_t>> loadOf; // group, offset
  int64_t before = 0, after = 0; // loads per iteration of the grouped arrays
};

/// The darray a device view comes from, if it is one.
Value viewArray(Value m) {
  if (auto acq = m.getDefiningOp<DeviceAcquireOp>())
    return acq.getArray();
  return {};
}

/// An argument of a function marked xmp.distinct (kDistinctArgAttr).
bool distinctArg(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return false;
  auto fn = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return fn && fn.getArgAttr(arg.getArgNumber(), kDistinctArgAttr);
}

/// Whether the device instances of darrays `a` and `b` may be the same
/// memory: they are the same value, or neither is an allocation made by
/// the program (two function arguments may be the same array) unless both
/// are arguments of their function marked xmp.distinct.
bool mayAlias(Value a, Value b) {
  if (a == b)
    return true;
  if (a.getDefiningOp<AllocOp>() || b.getDefiningOp<AllocOp>())
    return false;
  return !(distinctArg(a) && distinctArg(b));
}

std::optional<SweepPlan> planSweep(scf::ParallelOp par) {
  unsigned n = par.getNumLoops();
  if (n < 2 || n > 3 || par->hasAttr("xmp.block_size"))
    return std::nullopt;
  Block *body = par.getBody();
  // What the body writes: plain stores to device views only.
  SmallVector<Value> storedArrays;
  bool unknownWrite = false;
  body->walk([&](Operation *op) {
    if (auto st = dyn_cast<memref::StoreOp>(op)) {
      Value arr = viewArray(st.getMemref());
      if (!arr)
        unknownWrite = true;
      else
        storedArrays.push_back(arr);
      return;
    }
    if (isa<memref::LoadOp>(op) || isMemoryEffectFree(op))
      return;
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return; // its nested ops are visited
    unknownWrite = true;
  });
  if (unknownWrite)
    return std::nullopt;

  Decomposer dec(par);
  struct Candidate {
    memref::LoadOp load;
    unsigned dim;
    SmallVector<Linear> idx;
  };
  SmallVector<Candidate> cands;
  for (Operation &op : body->without_terminator()) {
    auto ld = dyn_cast<memref::LoadOp>(&op);
    if (!ld)
      continue;
    Value arr = viewArray(ld.getMemref());
    if (!arr || llvm::any_of(storedArrays, [&](Value s) {
          return mayAlias(arr, s);
        }))
      continue;
    Candidate c{ld, 0, {}};
    int walking = -1;
    bool ok = true;
    for (auto [k, i] : llvm::enumerate(ld.getIndices())) {
      std::optional<Linear> l = dec.get(i);
      if (!l) {
        ok = false;
        break;
      }
      if (l->iv[0] != 0) {
        if (l->iv[0] != 1 || walking >= 0) {
          ok = false;
          break;
        }
        walking = (int)k;
      }
      c.idx.push_back(*l);
    }
    if (!ok || walking < 0)
      continue;
    c.dim = walking;
    cands.push_back(std::move(c));
  }

  SweepPlan plan;
  SmallVector<SmallVector<Linear>> keys;
  for (Candidate &c : cands) {
    unsigned g = 0;
    for (; g < plan.groups.size(); ++g) {
      LoadGroup &grp = plan.groups[g];
      if (grp.memref != c.load.getMemref() || grp.dim != c.dim)
        continue;
      bool same = true;
      for (unsigned k = 0; k < c.idx.size() && same; ++k)
        same = k == c.dim ? c.idx[k].sameExceptConstant(keys[g][k])
                          : (c.idx[k].sameExceptConstant(keys[g][k]) &&
                             c.idx[k].cst == keys[g][k].cst);
      if (same)
        break;
    }
    if (g == plan.groups.size()) {
      LoadGroup grp;
      grp.memref = c.load.getMemref();
      grp.dim = c.dim;
      plan.groups.push_back(grp);
      keys.push_back(c.idx);
    }
    int64_t off = c.idx[c.dim].cst - keys[g][c.dim].cst;
    plan.groups[g].loads.push_back(c.load);
    plan.groups[g].offsets.push_back(off);
  }
  // Keep the groups with reuse and a small window.
  constexpr int64_t kMaxWindow = 8;
  SmallVector<LoadGroup> kept;
  for (LoadGroup &g : plan.groups) {
    auto [mn, mx] = std::minmax_element(g.offsets.begin(), g.offsets.end());
    g.lo = *mn;
    g.hi = *mx;
    llvm::SmallDenseSet<int64_t> distinct(g.offsets.begin(), g.offsets.end());
    if (g.hi - g.lo >= 1 && g.hi - g.lo <= kMaxWindow && distinct.size() >= 2)
      kept.push_back(g);
  }
  if (kept.empty())
    return std::nullopt;
  plan.groups = std::move(kept);
  for (auto [gi, g] : llvm::enumerate(plan.groups)) {
    for (auto [ld, off] : llvm::zip(g.loads, g.offsets))
      plan.loadOf[ld.getOperation()] = {(unsigned)gi, off};
    plan.before += g.loads.size();
    plan.after += 1;
  }
  return plan;
}


//===----------------------------------------------------------------------===//
// Plane sweep: the kernel body
//===----------------------------------------------------------------------===//

/// One thread's part of a swept loop: the iterations [chunk * chunkLen,
/// min((chunk + 1) * chunkLen, count0)) of the outermost dimension (its
/// induction variable lb0 + s * step0), in order, for the inner indices
/// already mapped. Each group's window holds the values at offsets
/// lo .. hi - 1 of the current iteration; the iteration loads offset hi,
/// runs the body with the group's loads replaced by window values, and
/// shifts the window. Returns the thread's reduction contributions.
SmallVector<Value> sweepBody(
    OpBuilder &kb, Location loc, scf::ParallelOp par, const SweepPlan &plan,
    ArrayRef<ReductionKind> kinds, IRMapping &mapping, Value inRange,
    Value chunk, Value chunkLen, Value count0, unsigned unroll,
    llvm::function_ref<SmallVector<Value>(OpBuilder &)> identities) {
  Block *body = par.getBody();
  Value lb0 = par.getLowerBound()[0], st0 = par.getStep()[0];
  Value iv0 = par.getInductionVars()[0];
  auto ivAt = [&](OpBuilder &ob, Value s) -> Value {
    return arith::AddIOp::create(ob, loc, lb0,
                                 arith::MulIOp::create(ob, loc, s, st0));
  };
  Value first = arith::MulIOp::create(kb, loc, chunk, chunkLen);
  Value last = arith::MinSIOp::create(
      kb, loc, arith::AddIOp::create(kb, loc, first, chunkLen), count0);
  Value work = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::slt, first,
                                     last);
  if (inRange)
    work = arith::AndIOp::create(kb, loc, inRange, work);

  SmallVector<Type> resultTypes;
  for (Value v : par.getInitVals())
    resultTypes.push_back(v.getType());
  auto ifOp = scf::IfOp::create(kb, loc, TypeRange(resultTypes), work,
                                /*withElse=*/!resultTypes.empty());
  OpBuilder tb = ifOp.getThenBodyBuilder();

  // The ops of the body that the grouped loads' indices depend on.
  llvm::SetVector<Operation *> indexSlice;
  {
    SmallVector<Value> work;
    for (const LoadGroup &g : plan.groups)
      for (Value i : memref::LoadOp(g.loads.front()).getIndices())
        work.push_back(i);
    while (!work.empty()) {
      Value v = work.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != body || !indexSlice.insert(def))
        continue;
      for (Value o : def->getOperands())
        work.push_back(o);
    }
  }
  // A group's load at offset `off` from the indices of its first load, as
  // mapped now.
  auto loadAt = [&](OpBuilder &ob, const LoadGroup &g, int64_t off) -> Value {
    memref::LoadOp ref(g.loads.front());
    SmallVector<Value> ind;
    for (auto [k, i] : llvm::enumerate(ref.getIndices())) {
      Value m = mapping.lookupOrDefault(i);
      if (k == g.dim && off != 0)
        m = arith::AddIOp::create(ob, loc, m, idx(ob, loc, off));
      ind.push_back(m);
    }
    return memref::LoadOp::create(ob, loc, mapping.lookupOrDefault(g.memref),
                                  ind);
  };

  // Prologue: the windows at the first iteration (offsets lo .. hi - 1).
  mapping.map(iv0, ivAt(tb, first));
  for (Operation &op : body->without_terminator())
    if (indexSlice.contains(&op))
      tb.clone(op, mapping);
  SmallVector<Value> inits;
  for (const LoadGroup &g : plan.groups)
    for (int64_t off = g.lo; off < g.hi; ++off)
      inits.push_back(loadAt(tb, g, off));
  unsigned nWindow = inits.size();
  SmallVector<Value> ids = identities(tb);
  inits.append(ids.begin(), ids.end());

  auto reduceOp = cast<scf::ReduceOp>(body->getTerminator());
  auto loop = scf::ForOp::create(
      tb, loc, first, last, idx(tb, loc, 1), inits,
      [&](OpBuilder &fb, Location, Value s, ValueRange args) {
        mapping.map(iv0, ivAt(fb, s));
        // Window of group g: args[base[g] + (off - lo)] for off < hi, and
        // the fresh load at hi.
        SmallVector<unsigned> base;
        unsigned at = 0;
        for (const LoadGroup &g : plan.groups) {
          base.push_back(at);
          at += g.hi - g.lo;
        }
        SmallVector<Value> fresh(plan.groups.size());
        for (Operation &op : body->without_terminator()) {
          auto it = plan.loadOf.find(&op);
          if (it == plan.loadOf.end()) {
            fb.clone(op, mapping);
            continue;
          }
          auto [gi, off] = it->second;
          const LoadGroup &g = plan.groups[gi];
          // Indices of the group's first load are defined before any of
          // its loads (they dominate it), so the fresh load can be made at
          // the first load met.
          if (!fresh[gi])
            fresh[gi] = loadAt(fb, g, g.hi);
          Value v = off == g.hi ? fresh[gi] : args[base[gi] + (off - g.lo)];
          mapping.map(op.getResult(0), v);
        }
        SmallVector<Value> next;
        for (auto [gi, g] : llvm::enumerate(plan.groups)) {
          if (!fresh[gi]) // (every group has a load in the body)
            fresh[gi] = loadAt(fb, g, g.hi);
          for (int64_t off = g.lo + 1; off < g.hi; ++off)
            next.push_back(args[base[gi] + (off - g.lo)]);
          next.push_back(fresh[gi]);
        }
        for (auto [i, v] : llvm::enumerate(reduceOp.getOperands()))
          next.push_back(reductionCombine(fb, loc, kinds[i],
                                          args[nWindow + i],
                                          mapping.lookupOrDefault(v)));
        scf::YieldOp::create(fb, loc, next);
      });
  // Unrolling lets the loads of the next iterations start before the
  // store of this one (the kernel's views are marked noalias where that is
  // proved, see markKernelViews): the loop's trip count is only known at
  // run time, so LLVM's own heuristics leave a body this large alone.
  if (unroll > 1) {
    MLIRContext *ctx = tb.getContext();
    auto ann = LLVM::LoopAnnotationAttr::get(
        ctx, /*disableNonforced=*/nullptr, /*vectorize=*/nullptr,
        /*interleave=*/nullptr,
        LLVM::LoopUnrollAttr::get(ctx, /*disable=*/nullptr,
                                  tb.getI32IntegerAttr(unroll),
                                  /*runtimeDisable=*/nullptr,
                                  /*full=*/nullptr, /*followupUnrolled=*/nullptr,
                                  /*followupRemainder=*/nullptr,
                                  /*followupAll=*/nullptr),
        /*unrollAndJam=*/nullptr, /*licm=*/nullptr, /*distribute=*/nullptr,
        /*pipeline=*/nullptr, /*peeled=*/nullptr, /*unswitch=*/nullptr,
        /*mustProgress=*/nullptr, /*isVectorized=*/nullptr,
        /*startLoc=*/nullptr, /*endLoc=*/nullptr, /*parallelAccesses=*/{});
    loop->setAttr("llvm.loop_annotation", ann);
  }
  SmallVector<Value> contrib(loop.getResults().begin() + nWindow,
                             loop.getResults().end());
  if (!resultTypes.empty()) {
    scf::YieldOp::create(tb, loc, contrib);
    OpBuilder eb = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(eb, loc, identities(eb));
  }
  return SmallVector<Value>(ifOp.getResults().begin(), ifOp.getResults().end());
}


//===----------------------------------------------------------------------===//
// Shared extents of device views
//===----------------------------------------------------------------------===//

/// What determines the local extent of dimension `d` of darray type `t`
/// (the same for every array with the same key on a rank): the template
/// dimension it follows, its offset and size, its shadows.
using ExtentKey = std::tuple<const void *, int64_t, int64_t, int64_t, int64_t,
                             int64_t, bool>;
ExtentKey extentKey(DArrayType t, unsigned d) {
  return {t.getTemplateRef().getAsOpaquePointer(), t.getAlign()[d],
          t.getOffset()[d],
          t.getShape()[d],    t.getShadowLo()[d], t.getShadowHi()[d],
          t.isFullShadow(d)};
}

/// The device views the body of `par` uses (device_acquire results), each
/// re-described inside the kernel with extents shared by all views whose
/// arrays lie alike: the kernel then computes one linear offset for all
/// of them (the index arithmetic of their accesses is the same values),
/// as a hand-written kernel indexing same-shaped arrays with one `x` does.
/// `hostExtents` collects, before the launch, one `memref.dim` per
/// distinct extent; `recast` makes the views' casts at the start of the
/// kernel and maps the views to them.
class SharedExtents {
public:
  SharedExtents(scf::ParallelOp par, OpBuilder &host) {
    llvm::SetVector<Value> views;
    par.getBody()->walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (auto acq = v.getDefiningOp<DeviceAcquireOp>())
          if (!par->isAncestor(acq))
            views.insert(v);
    });
    Location loc = par.getLoc();
    std::map<ExtentKey, Value> shared;
    for (Value v : views) {
      auto mt = cast<MemRefType>(v.getType());
      if (!mt.getLayout().isIdentity())
        continue;
      auto acq = v.getDefiningOp<DeviceAcquireOp>();
      auto dt = cast<DArrayType>(acq.getArray().getType());
      if (dt.getRank() != mt.getRank())
        continue;
      SmallVector<Value> sizes;
      for (unsigned d = 0; d < mt.getRank(); ++d) {
        if (!mt.isDynamicDim(d)) {
          sizes.push_back(Value());
          continue;
        }
        // A dynamic global size is the array's own: no sharing then.
        ExtentKey key = extentKey(dt, d);
        Value &e = ShapedType::isDynamic(dt.getShape()[d])
                       ? own[{v, d}]
                       : shared[key];
        if (!e)
          e = memref::DimOp::create(host, loc, v, d);
        sizes.push_back(e);
      }
      // Row-major strides: static while every inner extent is; the
      // dynamic ones are products of shared extents, made once each.
      SmallVector<Value> strides(mt.getRank());
      SmallVector<int64_t> stat(mt.getRank(), ShapedType::kDynamic);
      int64_t cstStride = 1;
      Value dynStride;
      for (int d = mt.getRank() - 1; d >= 0; --d) {
        if (dynStride)
          strides[d] = dynStride;
        else
          stat[d] = cstStride;
        Value sz = sizes[d];
        if (!sz && !dynStride) {
          cstStride *= mt.getDimSize(d);
          continue;
        }
        ProductKey key{dynStride.getAsOpaquePointer(),
                       dynStride ? 0 : cstStride, sz.getAsOpaquePointer(),
                       sz ? 0 : mt.getDimSize(d)};
        Value &m = products[key];
        if (!m)
          m = arith::MulIOp::create(
              host, loc, dynStride ? dynStride : idx(host, loc, cstStride),
              sz ? sz : idx(host, loc, mt.getDimSize(d)));
        dynStride = m;
      }
      entries.push_back({v, sizes, strides, stat});
      // Elements of the view: 32-bit offsets reach all of them if < 2^31.
      int64_t cstTotal = 1;
      Value dynTotal;
      for (unsigned d = 0; d < mt.getRank(); ++d) {
        if (sizes[d])
          dynTotal = dynTotal ? arith::MulIOp::create(host, loc, dynTotal,
                                                      sizes[d])
                              : sizes[d];
        else
          cstTotal *= mt.getDimSize(d);
      }
      if (cstTotal > INT32_MAX) {
        neverFits32 = true;
      } else if (dynTotal) {
        Value t = arith::MulIOp::create(host, loc, dynTotal,
                                        idx(host, loc, cstTotal));
        Value ok = arith::CmpIOp::create(host, loc, arith::CmpIPredicate::ule,
                                         t, idx(host, loc, INT32_MAX));
        fits32 = fits32 ? arith::AndIOp::create(host, loc, fits32, ok) : ok;
      }
    }
  }

  bool empty() const { return entries.empty(); }
  /// Whether 32-bit linear offsets address every view: statically no, or
  /// always (null), or the value computed on the host.
  bool never32() const { return neverFits32; }
  Value fits32Value() const { return fits32; }

  void recast(OpBuilder &kb, Location loc, IRMapping &mapping) {
    for (Entry &e : entries) {
      auto mt = cast<MemRefType>(e.view.getType());
      SmallVector<OpFoldResult> sizes, strides;
      for (unsigned d = 0; d < mt.getRank(); ++d) {
        sizes.push_back(e.sizes[d] ? OpFoldResult(e.sizes[d])
                                   : OpFoldResult(kb.getIndexAttr(
                                         mt.getDimSize(d))));
        if (e.strides[d])
          strides.push_back(e.strides[d]);
        else
          strides.push_back(kb.getIndexAttr(e.stat[d]));
      }
      auto layout = StridedLayoutAttr::get(kb.getContext(), 0, e.stat);
      auto type = MemRefType::get(mt.getShape(), mt.getElementType(), layout,
                                  mt.getMemorySpace());
      Value cast = memref::ReinterpretCastOp::create(
          kb, loc, type, e.view, kb.getIndexAttr(0), sizes, strides);
      mapping.map(e.view, cast);
    }
  }

private:
  struct Entry {
    Value view;
    SmallVector<Value> sizes, strides; // null: static
    SmallVector<int64_t> stat;         // static strides, else kDynamic
  };
  SmallVector<Entry> entries;
  bool neverFits32 = false;
  Value fits32;
  llvm::DenseMap<std::pair<Value, unsigned>, Value> own;
  // A stride times an extent, each a value or a constant.
  using ProductKey = std::tuple<const void *, int64_t, const void *, int64_t>;
  std::map<ProductKey, Value> products;
};


/// Accesses to the re-described views (SharedExtents) index a flat view of
/// the same buffer with a 32-bit linear offset (sign-extended once): the
/// caller makes sure every view has fewer than 2^31 elements. Stored and
/// loaded values are unchanged.
void flattenI32(gpu::LaunchOp launch) {
  llvm::DenseMap<Value, Value> flat;
  SmallVector<Operation *> accesses;
  launch.getBody().walk([&](Operation *op) {
    if (isa<memref::LoadOp, memref::StoreOp>(op))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
    Value mem = isa<memref::LoadOp>(op) ? cast<memref::LoadOp>(op).getMemref()
                                        : cast<memref::StoreOp>(op).getMemref();
    auto rc = mem.getDefiningOp<memref::ReinterpretCastOp>();
    if (!rc)
      continue;
    OpBuilder b(op);
    Location loc = op->getLoc();
    Type i32 = b.getI32Type();
    ValueRange idxs = isa<memref::LoadOp>(op) ? cast<memref::LoadOp>(op).getIndices()
                                              : cast<memref::StoreOp>(op).getIndices();
    SmallVector<OpFoldResult> strides = rc.getMixedStrides();
    Value lin;
    for (auto [d, i] : llvm::enumerate(idxs)) {
      Value i32v = arith::IndexCastOp::create(b, loc, i32, i);
      Value st;
      if (auto c = getConstantIntValue(strides[d]))
        st = arith::ConstantIntOp::create(b, loc, i32, *c);
      else
        st = arith::IndexCastOp::create(b, loc, i32, cast<Value>(strides[d]));
      Value t = arith::MulIOp::create(b, loc, i32v, st);
      lin = lin ? arith::AddIOp::create(b, loc, lin, t) : t;
    }
    Value &f = flat[mem];
    if (!f) {
      OpBuilder fb(rc);
      fb.setInsertionPointAfter(rc);
      auto mt = cast<MemRefType>(mem.getType());
      auto t = MemRefType::get({ShapedType::kDynamic}, mt.getElementType());
      f = memref::ReinterpretCastOp::create(
          fb, loc, t, rc.getSource(), fb.getIndexAttr(0),
          ArrayRef<OpFoldResult>{fb.getIndexAttr(1 << 30)},
          ArrayRef<OpFoldResult>{fb.getIndexAttr(1)});
    }
    Value li = arith::IndexCastOp::create(b, loc, b.getIndexType(), lin);
    if (auto ld = dyn_cast<memref::LoadOp>(op)) {
      Value v = memref::LoadOp::create(b, loc, f, ValueRange{li});
      ld.getResult().replaceAllUsesWith(v);
    } else {
      memref::StoreOp::create(b, loc, cast<memref::StoreOp>(op).getValue(), f,
                              ValueRange{li});
    }
    op->erase();
  }
}
/// What the IR proves about the device views a kernel captures, for the
/// kernel's compiler: a view of darray D that no other captured view of a
/// darray that may be D (mayAlias) writes, and that is itself only read,
/// is `readonly` (with `noalias`); a written view that no other view may
/// alias is `noalias`. Every use of the view inside the launch gets the
/// mark (`xmp.kernel_arg`); `xmp-kernel-arg-attrs`, after outlining, turns
/// the marks of a kernel argument whose uses all agree into `llvm.noalias`
/// / `llvm.readonly` (LLVM then loads read-only views through the
/// non-coherent cache, `ld.global.nc`, and may move loads across stores,
/// as nvcc does for `const T *__restrict__`). A view used by anything but
/// loads, stores, dims and view-like ops (a device function call) is left
/// unmarked and counts as written for the others.
void markKernelViews(gpu::LaunchOp launch) {
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(launch.getBody(), captured);
  struct View {
    Value view, array;
    bool written = false, unknown = false;
  };
  SmallVector<View> views;
  for (Value v : captured) {
    Value arr = isa<MemRefType>(v.getType()) ? viewArray(v) : Value();
    if (!arr)
      continue;
    View info{v, arr};
    SmallVector<Value> work{v};
    while (!work.empty()) {
      Value cur = work.pop_back_val();
      for (OpOperand &use : cur.getUses()) {
        Operation *user = use.getOwner();
        if (!launch->isProperAncestor(user))
          continue;
        if (isa<memref::LoadOp, memref::DimOp,
                memref::ExtractAlignedPointerAsIndexOp>(user))
          continue;
        if (auto st = dyn_cast<memref::StoreOp>(user)) {
          info.written |= st.getMemref() == cur;
          info.unknown |= st.getValue() == cur;
          continue;
        }
        if (isa<ViewLikeOpInterface, memref::CastOp>(user)) {
          for (Value r : user->getResults())
            work.push_back(r);
          continue;
        }
        info.unknown = true;
      }
    }
    views.push_back(info);
  }
  MLIRContext *ctx = launch.getContext();
  for (View &a : views) {
    if (a.unknown)
      continue;
    bool alone = llvm::all_of(views, [&](const View &b) {
      if (&a == &b)
        return true;
      bool writes = a.written || b.written || b.unknown;
      return !writes || !mayAlias(a.array, b.array);
    });
    if (!alone)
      continue;
    auto mark = StringAttr::get(ctx, a.written ? "noalias" : "readonly");
    for (OpOperand &use : a.view.getUses())
      if (launch->isProperAncestor(use.getOwner()))
        use.getOwner()->setAttr(kKernelArgAttr, mark);
  }
}

//===----------------------------------------------------------------------===//
// Rows aligned to cache lines
//===----------------------------------------------------------------------===//

/// Rows of at least this many iterations get aligned starts (the idle
/// threads in front of a row cost under 1.5% then): the length from which
/// the allocation pads rows, so that a swept loop's one shift holds for
/// every row.
constexpr int64_t kAlignMinRow = xmprt::dist::kRowPadMin;

/// A loop whose threads along x can start a warp's span of `view` (32
/// elements) on a multiple of 32 elements:
/// `access` (the first store of the body, else its first load) indexes
/// `view` with the innermost induction variable plus loop-invariant values
/// in its last dimension and without it elsewhere.
struct RowAlign {
  Operation *access;
  Value view;
};

/// A warp's span: 32 consecutive elements start on a multiple of 32
/// elements (256 bytes for f64; 128-byte alignment alone left Laplace's
/// copy at 303 us against 291, benchmarks/experiments/layout_probe.cu);
/// the multiple long rows are padded to.
constexpr int64_t kAlignSpan = xmprt::dist::kRowSpan;

/// Whether `v` (in `body`) depends on `iv`.
bool dependsOn(Value v, Value iv, Block *body) {
  if (v == iv)
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != body)
    return false;
  return llvm::any_of(def->getOperands(),
                      [&](Value o) { return dependsOn(o, iv, body); });
}

/// Whether `v` is `iv` plus values that do not depend on it (additions,
/// subtractions of invariant values, multiplications by 1).
bool unitIn(Value v, Value iv, Block *body) {
  if (v == iv)
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != body)
    return false;
  if (auto add = dyn_cast<arith::AddIOp>(def))
    return (unitIn(add.getLhs(), iv, body) &&
            !dependsOn(add.getRhs(), iv, body)) ||
           (unitIn(add.getRhs(), iv, body) &&
            !dependsOn(add.getLhs(), iv, body));
  if (auto sub = dyn_cast<arith::SubIOp>(def))
    return unitIn(sub.getLhs(), iv, body) &&
           !dependsOn(sub.getRhs(), iv, body);
  if (auto mul = dyn_cast<arith::MulIOp>(def)) {
    auto one = [](Value x) { return getConstantIntValue(x) == 1; };
    return (one(mul.getRhs()) && unitIn(mul.getLhs(), iv, body)) ||
           (one(mul.getLhs()) && unitIn(mul.getRhs(), iv, body));
  }
  return false;
}

/// Whether every op computing `v` inside `body` is pure arithmetic (so it
/// can be evaluated again at another iteration).
bool pureSlice(Value v, Block *body) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != body)
    return true;
  if (!isPure(def) || def->getNumRegions() || def->getNumResults() != 1)
    return false;
  return llvm::all_of(def->getOperands(),
                      [&](Value o) { return pureSlice(o, body); });
}

/// `v` recomputed with `m` (the induction variables as wanted).
Value evalAt(OpBuilder &b, Value v, IRMapping &m, Block *body) {
  if (Value x = m.lookupOrNull(v))
    return x;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != body)
    return v;
  for (Value o : def->getOperands())
    evalAt(b, o, m, body);
  return b.clone(*def, m)->getResult(0);
}

std::optional<RowAlign> planRowAlign(scf::ParallelOp par) {
  unsigned n = par.getNumLoops();
  if (getConstantIntValue(par.getStep()[n - 1]) != 1)
    return std::nullopt;
  Block *body = par.getBody();
  Value iv = par.getInductionVars()[n - 1];
  Operation *access = nullptr;
  body->walk([&](Operation *op) {
    if (!access && isa<memref::StoreOp>(op) && op->getBlock() == body)
      access = op;
  });
  if (!access)
    body->walk([&](Operation *op) {
      if (!access && isa<memref::LoadOp>(op) && op->getBlock() == body)
        access = op;
    });
  if (!access)
    return std::nullopt;
  Value view = isa<memref::StoreOp>(access)
                   ? cast<memref::StoreOp>(access).getMemref()
                   : cast<memref::LoadOp>(access).getMemref();
  ValueRange idxs = isa<memref::StoreOp>(access)
                        ? cast<memref::StoreOp>(access).getIndices()
                        : cast<memref::LoadOp>(access).getIndices();
  auto mt = dyn_cast<MemRefType>(view.getType());
  if (!mt || !mt.getLayout().isIdentity() || idxs.empty() ||
      !view.getDefiningOp<DeviceAcquireOp>() || par->isAncestor(view.getDefiningOp()))
    return std::nullopt;
  unsigned bits = mt.getElementTypeBitWidth();
  if (bits % 8 || bits / 8 > 16)
    return std::nullopt;
  for (auto [k, x] : llvm::enumerate(idxs)) {
    bool last = k + 1 == idxs.size();
    if (!pureSlice(x, body) ||
        (last ? !unitIn(x, iv, body) : dependsOn(x, iv, body)))
      return std::nullopt;
  }
  return RowAlign{access, view};
}

/// Kernel names: the loop's `xmp.kernel_name`, else `<function>_loop<k>`
/// (k counts the function's device loops), unique in the module.
class KernelNamer {
public:
  std::string operator()(scf::ParallelOp par) {
    std::string base;
    if (auto n = par->getAttrOfType<StringAttr>(kKernelNameAttr)) {
      base = n.str();
    } else {
      auto fn = par->getParentOfType<FunctionOpInterface>();
      std::string f = fn ? fn.getName().str() : "kernel";
      base = f + "_loop" + std::to_string(perFunction[f]++);
    }
    std::string name = base;
    for (int k = 1; !used.insert(name).second; ++k)
      name = base + "_" + std::to_string(k);
    return name;
  }

private:
  llvm::StringSet<> used;
  llvm::StringMap<int> perFunction;
};

/// The gpu.module that every kernel is outlined into (one module load).
constexpr llvm::StringLiteral kKernelModule = "xmp_kernels";

LogicalResult convert(scf::ParallelOp par, KernelNamer &namer,
                      DominanceInfo &dom, bool sweep, bool index32,
                      bool remarks, unsigned unroll, bool noalias,
                      bool alignRows) {
  if (failed(checkCaptures(par)))
    return failure();
  Location loc = par.getLoc();
  unsigned n = par.getNumLoops();
  // A swept loop maps its inner dimensions on x (and y) and its chunks of
  // the outermost dimension on the next grid dimension.
  std::optional<SweepPlan> plan =
      sweep ? planSweep(par) : std::optional<SweepPlan>();
  unsigned mapped = plan ? n - 1 : std::min(n, 3u);
  unsigned outer = plan ? 0 : n - mapped;
  // Threads along x start each row's warps on a multiple of 32 elements of
  // the first stored view: a loop mapped whole on the threads shifts each
  // row by its own misalignment; a swept loop (each thread walks many
  // rows) by the first row's, which holds for every row because long rows
  // are padded to a multiple of 32 elements (dist::rowPitch).
  std::optional<RowAlign> align = alignRows && (plan || outer == 0)
                                      ? planRowAlign(par)
                                      : std::optional<RowAlign>();
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
    counts.push_back(indexmath::tripCount(b, loc, lb, ub, st));
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
  // Aligned rows: up to kAlignSpan-1 idle threads in front of each long row.
  Value alignOn;
  if (align) {
    alignOn = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                    counts[dimOf(0)],
                                    idx(b, loc, kAlignMinRow));
    if (remarks)
      par.emitRemark() << "rows of " << kAlignMinRow
                       << " iterations or more start a warp on a multiple of "
                          "32 elements of the view accessed by "
                       << align->access->getName() << " (up to "
                       << kAlignSpan - 1 << " idle threads per row"
                       << (plan ? "; one shift for the launch, from its "
                                  "first row"
                                : "")
                       << ")";
  }
  for (unsigned a = 0; a < 3; ++a) {
    threads.push_back(idx(b, loc, a < mapped ? block[a] : 1));
    if (a < mapped) {
      Value c = counts[dimOf(a)];
      if (a == 0 && align)
        c = arith::AddIOp::create(
            b, loc, c,
            arith::SelectOp::create(b, loc, alignOn,
                                    idx(b, loc, kAlignSpan - 1),
                                    idx(b, loc, 0)));
      grid.push_back(arith::CeilDivSIOp::create(b, loc, c, threads.back()));
    } else {
      grid.push_back(idx(b, loc, 1));
    }
  }
  // Sweep: chunks of the outermost dimension, as many as the runtime picks
  // for the device (about two waves of blocks), each `chunkLen` iterations.
  Value chunkLen;
  if (plan) {
    Type i64 = b.getI64Type();
    StringRef fn = "xmprt_gpu_sweep_chunks";
    abi::declareRuntimeFunction(par->getParentOfType<ModuleOp>(), loc, fn,
                           b.getFunctionType({i64, i64, i64}, {i64}));
    Value perPlane = grid[0];
    for (unsigned a = 1; a < mapped; ++a)
      perPlane = arith::MulIOp::create(b, loc, perPlane, grid[a]);
    Value nt = idx(b, loc, block[0] * block[1] * block[2]);
    auto toI64 = [&](Value v) {
      return arith::IndexCastOp::create(b, loc, i64, v).getResult();
    };
    Value chunks = func::CallOp::create(
                       b, loc, fn, TypeRange{i64},
                       ValueRange{toI64(counts[0]), toI64(perPlane), toI64(nt)})
                       .getResult(0);
    chunks = arith::IndexCastOp::create(b, loc, b.getIndexType(), chunks);
    grid[mapped] = chunks;
    chunkLen = arith::CeilDivSIOp::create(
        b, loc, counts[0], arith::MaxSIOp::create(b, loc, chunks, idx(b, loc, 1)));
    if (remarks) {
      int64_t words = 0;
      for (const LoadGroup &g : plan->groups)
        words += g.hi - g.lo;
      par.emitRemark() << "plane sweep along dimension 0: " << plan->before
                       << " loads of " << plan->groups.size()
                       << " array group(s) per iteration become "
                       << plan->after << " (" << words
                       << " values kept in registers)";
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
  if (mapped >= 2 || plan) {
    StringRef fn = "xmprt_gpu_check_grid";
    Type i64 = b.getI64Type();
    abi::declareRuntimeFunction(par->getParentOfType<ModuleOp>(), loc, fn,
                           b.getFunctionType({i64, i64, i64}, {}));
    SmallVector<Value> dims;
    for (Value g : grid)
      dims.push_back(arith::IndexCastOp::create(b, loc, i64, g));
    func::CallOp::create(b, loc, fn, TypeRange{}, dims);
  }

  // Every launch is asynchronous on the runtime's one stream: the host
  // goes on at once and waits only where it reads what the GPU produced
  // (result slots, coherence copies, reflects, wtime; see runtime.md).
  // Reductions: per-block values in device scratch kept per call site, a
  // second one-block kernel folds them and stores the result (combined
  // with the loop's init) into a result slot: the slot of the
  // `xmp.result_write` that is the result's only use, so that the host
  // does not wait for it here, else a slot of its own that is read
  // (`xmp.result_read`, which waits) right after.
  bool reduces = !par.getInitVals().empty();
  std::string name = namer(par);
  MLIRContext *ctx = b.getContext();
  Type tokenType = gpu::AsyncTokenType::get(ctx);
  Value token =
      gpu::WaitOp::create(b, loc, tokenType, ValueRange{}).getAsyncToken();
  SmallVector<Value> partialBufs;
  for (Value init : par.getInitVals())
    partialBufs.push_back(GpuScratchOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, init.getType()),
        numBlocks));
  // Where the result goes: the slot of the `xmp.result_write` that is the
  // result's only use, else a slot of its own, read after the launch.
  SmallVector<Value> slots;
  SmallVector<Operation *> writes;
  SmallVector<bool> readBack;
  for (auto [i, r] : llvm::enumerate(par.getResults())) {
    auto w = r.hasOneUse() ? dyn_cast<ResultWriteOp>(*r.getUsers().begin())
                           : ResultWriteOp();
    if (w && w.getValue() == r && dom.properlyDominates(w.getSlot(), par)) {
      slots.push_back(w.getSlot());
      writes.push_back(w);
      readBack.push_back(false);
    } else {
      slots.push_back(createResultSlot(b, loc, par, r.getType()));
      readBack.push_back(true);
    }
  }
  // Blocks done so far (zeroed when made; the last block resets it).
  Value counter;
  if (reduces)
    counter = GpuScratchOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI32Type()),
        idx(b, loc, 1));
  SharedExtents extents(par, b);
  auto launch = gpu::LaunchOp::create(
      b, loc, grid[0], grid[1], grid[2], threads[0], threads[1], threads[2],
      /*dynamicSharedMemorySize=*/nullptr, tokenType, ValueRange{token},
      TypeRange{}, TypeRange{}, nullptr, nullptr, nullptr,
      FlatSymbolRefAttr::get(ctx, kKernelModule),
      FlatSymbolRefAttr::get(ctx, name));
  {
    Block &kb = launch.getBody().front();
    OpBuilder kbld = OpBuilder::atBlockEnd(&kb);
    gpu::KernelDim3 bid = launch.getBlockIds(), tid = launch.getThreadIds();
    Value bids[3] = {bid.x, bid.y, bid.z};
    Value tids[3] = {tid.x, tid.y, tid.z};
    IRMapping mapping;
    extents.recast(kbld, loc, mapping);
    Value inRange;
    for (unsigned a = 0; a < mapped; ++a) {
      unsigned d = dimOf(a);
      if (a == 0 && align)
        continue; // below, once the other dimensions are mapped
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
    if (align) {
      // The row's misalignment: the aligned view's element offset at the
      // row's first iteration, modulo a line; thread `slot` runs iteration
      // lb + slot - shift, so the thread whose slot is a multiple of the
      // line width meets the line's first element.
      unsigned d = dimOf(0);
      Block *pb = par.getBody();
      IRMapping atLb = mapping;
      atLb.map(par.getInductionVars()[d], par.getLowerBound()[d]);
      // A swept thread walks many rows: every thread of the launch takes
      // the shift of the loop's first row (all lower bounds), so that a
      // column stays with one thread.
      if (plan)
        for (unsigned k = 0; k < n; ++k)
          atLb.map(par.getInductionVars()[k], par.getLowerBound()[k]);
      ValueRange idxs = isa<memref::StoreOp>(align->access)
                            ? cast<memref::StoreOp>(align->access).getIndices()
                            : cast<memref::LoadOp>(align->access).getIndices();
      Value view = mapping.lookupOrDefault(align->view);
      auto rc = view.getDefiningOp<memref::ReinterpretCastOp>();
      SmallVector<OpFoldResult> strides;
      if (rc)
        strides = rc.getMixedStrides();
      // Only long rows compute it (a uniform branch on a kernel argument):
      // a kernel over short rows pays a branch, not the address work.
      auto shiftIf = scf::IfOp::create(kbld, loc, TypeRange{kbld.getIndexType()},
                                       alignOn, /*withElse=*/true);
      {
        OpBuilder sb = shiftIf.getThenBodyBuilder();
        Value lin = idx(sb, loc, 0);
        for (auto [k, x] : llvm::enumerate(idxs)) {
          Value st;
          if (rc)
            st = getValueOrCreateConstantIndexOp(sb, loc, strides[k]);
          else // row-major, the view's own extents
            for (unsigned j = k + 1; j < idxs.size(); ++j) {
              Value e = memref::DimOp::create(sb, loc, view, j);
              st = st ? arith::MulIOp::create(sb, loc, st, e).getResult() : e;
            }
          Value xi = evalAt(sb, x, atLb, pb);
          lin = arith::AddIOp::create(
              sb, loc, lin,
              st ? arith::MulIOp::create(sb, loc, xi, st).getResult() : xi);
        }
        auto bits = cast<MemRefType>(view.getType()).getElementTypeBitWidth();
        Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(sb, loc, view);
        Value elem =
            arith::DivUIOp::create(sb, loc, ptr, idx(sb, loc, bits / 8));
        Value mis = arith::RemUIOp::create(
            sb, loc, arith::AddIOp::create(sb, loc, elem, lin),
            idx(sb, loc, kAlignSpan));
        scf::YieldOp::create(sb, loc, mis);
        OpBuilder eb = shiftIf.getElseBodyBuilder();
        scf::YieldOp::create(eb, loc, idx(eb, loc, 0));
      }
      Value shift = shiftIf.getResult(0);
      Value slot = arith::SubIOp::create(
          kbld, loc,
          arith::AddIOp::create(kbld, loc,
                                arith::MulIOp::create(kbld, loc, bids[0],
                                                      idx(kbld, loc, block[0])),
                                tids[0]),
          shift);
      mapping.map(par.getInductionVars()[d],
                  arith::AddIOp::create(kbld, loc, par.getLowerBound()[d], slot));
      Value ok = arith::AndIOp::create(
          kbld, loc,
          arith::CmpIOp::create(kbld, loc, arith::CmpIPredicate::sge, slot,
                                idx(kbld, loc, 0)),
          arith::CmpIOp::create(kbld, loc, arith::CmpIPredicate::slt, slot,
                                counts[d]));
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
    if (plan) {
      contrib = sweepBody(kbld, loc, par, *plan, kinds, mapping, inRange,
                          bids[mapped], chunkLen, counts[0], unroll,
                          identities);
    } else if (!inRange) {
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
      // Thread 0 stores the block's values, makes them visible to the
      // device (fence) and counts the block done; the block that counts
      // last folds every block's values, in block order (deterministic for
      // a given launch shape), combines the totals with the inits, stores
      // them into the slots and resets the count: one kernel, no atomics
      // on the values.
      Type i32 = kbld.getI32Type();
      auto store = scf::IfOp::create(kbld, loc, TypeRange{i32}, first,
                                     /*withElse=*/true);
      {
        OpBuilder sb = store.getThenBodyBuilder();
        Value linear = linear3(sb, loc, bid, launch.getGridSize());
        for (auto [i, v] : llvm::enumerate(blockVals))
          memref::StoreOp::create(sb, loc, v, partialBufs[i],
                                  ValueRange{linear});
        NVVM::MembarOp::create(sb, loc, NVVM::MemScopeKind::GPU);
        Value one32 = arith::ConstantIntOp::create(sb, loc, i32, 1);
        Value old = memref::AtomicRMWOp::create(
            sb, loc, arith::AtomicRMWKind::addi, one32, counter,
            ValueRange{zero});
        Value lastIdx = arith::IndexCastOp::create(
            sb, loc, i32,
            arith::SubIOp::create(sb, loc, numBlocks, idx(sb, loc, 1)));
        Value isLast = arith::CmpIOp::create(sb, loc, arith::CmpIPredicate::eq,
                                             old, lastIdx);
        scf::YieldOp::create(sb, loc,
                             ValueRange{arith::ExtUIOp::create(sb, loc, i32,
                                                               isLast)});
        OpBuilder eb = store.getElseBodyBuilder();
        scf::YieldOp::create(
            eb, loc, ValueRange{arith::ConstantIntOp::create(eb, loc, i32, 0)});
      }
      Value lastFlag = gpu::AllReduceOp::create(
          kbld, loc, store.getResult(0),
          gpu::AllReduceOperationAttr::get(kbld.getContext(),
                                           gpu::AllReduceOperation::MAXSI),
          /*uniform=*/true);
      Value isLastBlock = arith::CmpIOp::create(
          kbld, loc, arith::CmpIPredicate::ne, lastFlag,
          arith::ConstantIntOp::create(kbld, loc, i32, 0));
      auto fold = scf::IfOp::create(kbld, loc, isLastBlock, /*withElse=*/false);
      {
        OpBuilder fb = fold.getThenBodyBuilder();
        NVVM::MembarOp::create(fb, loc, NVVM::MemScopeKind::GPU);
        gpu::KernelDim3 bsz = launch.getBlockSize();
        Value t = linear3(fb, loc, tid, bsz);
        Value nt = arith::MulIOp::create(
            fb, loc, arith::MulIOp::create(fb, loc, bsz.x, bsz.y), bsz.z);
        SmallVector<Value> ids;
        for (auto [i, init] : llvm::enumerate(par.getInitVals()))
          ids.push_back(reductionIdentity(fb, loc, kinds[i], init.getType()));
        auto loop = scf::ForOp::create(
            fb, loc, t, numBlocks, nt, ids,
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
        auto fin = scf::IfOp::create(fb, loc, first, /*withElse=*/false);
        OpBuilder tb = fin.getThenBodyBuilder();
        for (auto [i, v] : llvm::enumerate(totals))
          memref::StoreOp::create(
              tb, loc,
              reductionCombine(tb, loc, kinds[i], par.getInitVals()[i], v),
              slots[i], ValueRange{zero});
        memref::StoreOp::create(
            tb, loc, arith::ConstantIntOp::create(tb, loc, i32, 0), counter,
            ValueRange{zero});
      }
    }
    gpu::TerminatorOp::create(kbld, loc);
  }

  // 32-bit linear offsets into the views (half the registers of 64-bit
  // address arithmetic) where every view has fewer than 2^31 elements:
  // always when that is static, else the launch is versioned on it (the
  // 64-bit kernel, named ..._i64, runs otherwise).
  token = launch.getAsyncToken();
  if (index32 && !extents.empty() && !extents.never32()) {
    if (Value fits = extents.fits32Value()) {
      // (No token crosses the scf.if: gpu-to-llvm does not convert one
      // there. Every launch goes to the runtime's one stream, so the
      // launches after it are ordered by a fresh token.)
      OpBuilder vb(launch);
      auto ifOp = scf::IfOp::create(vb, loc, fits, /*withElse=*/true);
      OpBuilder tb = ifOp.getThenBodyBuilder();
      auto narrow = cast<gpu::LaunchOp>(tb.clone(*launch));
      flattenI32(narrow);
      if (noalias)
        markKernelViews(narrow);
      launch->moveBefore(ifOp.elseBlock()->getTerminator());
      launch.setFunctionAttr(FlatSymbolRefAttr::get(ctx, name + "_i64"));
      token = gpu::WaitOp::create(b, loc, tokenType, ValueRange{})
                  .getAsyncToken();
    } else {
      flattenI32(launch);
    }
  }
  if (noalias)
    markKernelViews(launch);
  if (!reduces) {
    par.erase();
    return success();
  }


  SmallVector<Value> results;
  for (auto [i, slot] : llvm::enumerate(slots))
    results.push_back(
        readBack[i]
            ? (Value)ResultReadOp::create(
                  b, loc, cast<MemRefType>(slot.getType()).getElementType(),
                  slot)
            : Value());
  for (Operation *w : writes)
    w->erase();
  for (auto [i, r] : llvm::enumerate(par.getResults()))
    if (results[i])
      r.replaceAllUsesWith(results[i]);
  par.erase();
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
    KernelNamer namer;
    DominanceInfo dom(getOperation());
    for (scf::ParallelOp p : loops)
      if (failed(convert(p, namer, dom, sweep, index32, remarks, sweepUnroll,
                         noalias, alignRows)))
        return signalPassFailure();
    if (failed(checkNoHostAccess()))
      return signalPassFailure();
  }

  // Device memory (xmp.device_acquire's memrefs) is only dereferenced in
  // kernels. A host load or store of it means that a device loop reached
  // this pass without its xmp.device marker (a pass in between rebuilt the
  // scf.parallel and dropped the discardable attribute) and would run on
  // the host on device pointers: say so instead of miscompiling.
  LogicalResult checkNoHostAccess() {
    WalkResult r = getOperation().walk([&](DeviceAcquireOp acq) {
      SmallVector<Value> work{acq.getResult()};
      while (!work.empty()) {
        Value v = work.pop_back_val();
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          if (user->getParentOfType<gpu::LaunchOp>())
            continue;
          if (isa<memref::LoadOp, memref::StoreOp>(user)) {
            user->emitOpError()
                << "accesses device memory (from xmp.device_acquire) on "
                   "the host: the device loop around it has lost its "
                   "xmp.device marker (a pass between "
                   "xmp-lower-distribution and xmp-to-gpu rebuilt the "
                   "scf.parallel)";
            return WalkResult::interrupt();
          }
          if (isa<ViewLikeOpInterface, memref::CastOp>(user))
            for (Value res : user->getResults())
              work.push_back(res);
        }
      }
      return WalkResult::advance();
    });
    return failure(r.wasInterrupted());
  }
};

} // namespace
