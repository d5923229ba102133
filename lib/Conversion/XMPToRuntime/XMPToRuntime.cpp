//===- XMPToRuntime.cpp - xmp ops -> libxmprt calls -----------------------===//
//
// See the pass description in include/xmp/Conversion/Passes.td. The C ABI
// called here is runtime/include/xmprt/xmprt.h and, for the entry points
// only generated code calls, runtime/include/xmprt/codegen.h.
//
//===----------------------------------------------------------------------===//
#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/IR/XMP.h"
#include "xmp/Conversion/RuntimeABI.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include "xmprt/codegen.h"
#include "xmprt/xmprt.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPTORUNTIME
#include "xmp/Conversion/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;
using namespace mlir::xmp;

// Dialect enums passed to the runtime by value: tied to the ABI's numbers.
static_assert((int)DistKind::none == XMPRT_DIST_NONE &&
                  (int)DistKind::block == XMPRT_DIST_BLOCK &&
                  (int)DistKind::cyclic == XMPRT_DIST_CYCLIC &&
                  (int)DistKind::gblock == XMPRT_DIST_GBLOCK &&
                  (int)DistKind::blockn == XMPRT_DIST_BLOCKN,
              "DistKind (XMPAttrs.td) and XMPRT_DIST_* (xmprt.h) disagree");
static_assert((int)WeightMode::current == XMPRT_WEIGHT_CURRENT &&
                  (int)WeightMode::fixed == XMPRT_WEIGHT_FIXED &&
                  (int)WeightMode::automatic == XMPRT_WEIGHT_AUTO,
              "WeightMode (XMPAttrs.td) and XMPRT_WEIGHT_* (codegen.h) disagree");
static_assert((int)Access::read == XMPRT_ACCESS_READ &&
                  (int)Access::write == XMPRT_ACCESS_WRITE &&
                  (int)Access::readwrite == XMPRT_ACCESS_READWRITE,
              "Access (XMPAttrs.td) and XMPRT_ACCESS_* (xmprt.h) disagree");

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Type ptrType(MLIRContext *ctx) { return LLVM::LLVMPointerType::get(ctx); }

/// Declares (once) and calls runtime function `name`.
Value callRuntime(OpBuilder &b, Location loc, StringRef name,
                  TypeRange results, ValueRange args) {
  auto module = b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  if (!module)
    module = llvm::cast<ModuleOp>(b.getInsertionBlock()->getParentOp());
  abi::declareRuntimeFunction(module, loc, name,
                              b.getFunctionType(TypeRange(args), results));
  auto call = func::CallOp::create(b, loc, name, results, args);
  return call.getNumResults() ? call.getResult(0) : Value();
}

Value i32c(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}
Value i64c(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 64);
}
Value toI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
  return v;
}
Value toIndex(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

/// Stack slot of `count` elements of `elemType` at the entry of the
/// enclosing function (never inside a loop).
Value entryAlloca(OpBuilder &b, Location loc, Type elemType, int64_t count) {
  Operation *fn = b.getInsertionBlock()->getParentOp();
  while (fn && !isa<FunctionOpInterface>(fn))
    fn = fn->getParentOp();
  OpBuilder::InsertionGuard guard(b);
  Block &entry = cast<FunctionOpInterface>(fn).getFunctionBody().front();
  b.setInsertionPointToStart(&entry);
  Value n = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                     b.getI64IntegerAttr(count));
  return LLVM::AllocaOp::create(b, loc, ptrType(b.getContext()), elemType, n);
}

/// An array of i64 (or i32) values in a stack slot; returns the pointer.
Value packInts(OpBuilder &b, Location loc, ArrayRef<Value> values,
               unsigned width) {
  Type elem = b.getIntegerType(width);
  Value base = entryAlloca(b, loc, elem, std::max<size_t>(values.size(), 1));
  for (auto [i, v] : llvm::enumerate(values)) {
    Value x = v;
    if (x.getType().isIndex())
      x = arith::IndexCastOp::create(b, loc, elem, x);
    else if (x.getType() != elem)
      x = arith::ExtSIOp::create(b, loc, elem, x);
    Value p = LLVM::GEPOp::create(b, loc, ptrType(b.getContext()), elem, base,
                                  ArrayRef<LLVM::GEPArg>{(int32_t)i});
    LLVM::StoreOp::create(b, loc, x, p);
  }
  return base;
}
Value packConsts(OpBuilder &b, Location loc, ArrayRef<int64_t> values,
                 unsigned width) {
  SmallVector<Value> vs;
  for (int64_t v : values)
    vs.push_back(arith::ConstantIntOp::create(b, loc, v, width));
  return packInts(b, loc, vs, width);
}

/// Static shape with `?` as the runtime's XMPRT_DYNAMIC.
Value packShape(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> v;
  for (int64_t s : shape)
    v.push_back(ShapedType::isDynamic(s) ? XMPRT_DYNAMIC : s);
  return packConsts(b, loc, v, 64);
}

Value nullPtr(OpBuilder &b, Location loc) {
  return LLVM::ZeroOp::create(b, loc, ptrType(b.getContext()));
}

std::string globalName(StringRef kind, StringRef sym) {
  return ("__xmp_" + kind + "_" + sym).str();
}

/// Loads the runtime handle of grid or template `sym`.
Value loadHandle(OpBuilder &b, Location loc, StringRef kind, StringRef sym) {
  Value addr = LLVM::AddressOfOp::create(b, loc, ptrType(b.getContext()),
                                         globalName(kind, sym));
  return LLVM::LoadOp::create(b, loc, ptrType(b.getContext()), addr);
}

/// Bytes of one element of a scalar type.
int64_t byteSize(Type t) {
  if (auto c = llvm::dyn_cast<ComplexType>(t))
    return 2 * byteSize(c.getElementType());
  unsigned bits = t.getIntOrFloatBitWidth();
  return bits == 1 ? 1 : bits / 8;
}

int32_t runtimeReduceOp(ReductionKind k) {
  switch (k) {
  case ReductionKind::add:
    return XMPRT_RED_SUM;
  case ReductionKind::mul:
    return XMPRT_RED_PROD;
  case ReductionKind::max:
    return XMPRT_RED_MAX;
  case ReductionKind::min:
    return XMPRT_RED_MIN;
  case ReductionKind::band:
    return XMPRT_RED_BAND;
  case ReductionKind::bor:
    return XMPRT_RED_BOR;
  case ReductionKind::bxor:
    return XMPRT_RED_BXOR;
  case ReductionKind::firstmax:
    return XMPRT_RED_FIRSTMAX;
  case ReductionKind::firstmin:
    return XMPRT_RED_FIRSTMIN;
  case ReductionKind::lastmax:
    return XMPRT_RED_LASTMAX;
  case ReductionKind::lastmin:
    return XMPRT_RED_LASTMIN;
  }
  return XMPRT_RED_SUM;
}

/// Pointer to the first element of an identity-layout memref and its
/// element count; fails on strided memrefs.
FailureOr<std::pair<Value, Value>> memrefBuffer(OpBuilder &b, Location loc,
                                                Operation *op, Value m) {
  auto type = llvm::cast<MemRefType>(m.getType());
  if (!type.getLayout().isIdentity())
    return op->emitOpError("needs a memref with the identity layout "
                           "(contiguous, row-major)");
  Value idx = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, m);
  Value ptr = LLVM::IntToPtrOp::create(b, loc, ptrType(b.getContext()),
                                       toI64(b, loc, idx));
  Value count = i64c(b, loc, 1);
  for (unsigned d = 0; d < type.getRank(); ++d) {
    Value dim = toI64(b, loc, memref::DimOp::create(b, loc, m, d));
    count = arith::MulIOp::create(b, loc, count, dim);
  }
  return std::make_pair(ptr, count);
}

/// The buffer a collective works on: an identity-layout memref in place,
/// or a stack slot holding a scalar. Returns (pointer, element count,
/// element type).
FailureOr<std::tuple<Value, Value, Type>>
valueBuffer(OpBuilder &b, Location loc, Operation *op, Value value) {
  Type t = value.getType();
  if (auto mt = llvm::dyn_cast<MemRefType>(t)) {
    auto m = memrefBuffer(b, loc, op, value);
    if (failed(m))
      return failure();
    return std::make_tuple(m->first, m->second, mt.getElementType());
  }
  Value slot = entryAlloca(b, loc, t, 1);
  LLVM::StoreOp::create(b, loc, value, slot);
  return std::make_tuple(slot, i64c(b, loc, 1), t);
}

/// valueBuffer of a reduction's operand, and the runtime's code of its
/// element type (an error naming the op when the runtime has none).
FailureOr<std::tuple<Value, Value, Type, int32_t>>
reduceBuffer(OpBuilder &b, Location loc, Operation *op, Value value) {
  auto buffer = valueBuffer(b, loc, op, value);
  if (failed(buffer))
    return failure();
  auto [buf, count, elem] = *buffer;
  int32_t et = abi::runtimeElementType(elem);
  if (et < 0)
    return op->emitOpError() << "element type " << elem
                             << " is not supported by the runtime";
  return std::make_tuple(buf, count, elem, et);
}

/// The arguments of xmprt_bcast / xmprt_bcast_start for a broadcast op:
/// grid, root coordinates (null along axes: the _axis functions take each
/// coordinate), buffer, bytes.
template <typename OpT>
FailureOr<SmallVector<Value, 4>> bcastArgs(OpBuilder &b, Location loc, OpT op,
                                           Value value) {
  auto buffer = valueBuffer(b, loc, op, value);
  if (failed(buffer))
    return failure();
  auto [buf, count, elem] = *buffer;
  Value bytes =
      arith::MulIOp::create(b, loc, count, i64c(b, loc, byteSize(elem)));
  return SmallVector<Value, 4>{
      loadHandle(b, loc, "nodes", op.getNodes()),
      op.getAxes() ? Value() : packConsts(b, loc, op.getRoot(), 64), buf,
      bytes};
}

//===----------------------------------------------------------------------===//
// Module symbols
//===----------------------------------------------------------------------===//

/// Whether the module reads the times of device-loop steps (xmp.gpu_time,
/// xmp.cpu_time, or those runtime functions called directly): the runtime
/// records no events around steps run all on the GPU unless told so.
bool readsStepTimes(ModuleOp module) {
  bool reads = false;
  module.walk([&](Operation *op) {
    auto call = dyn_cast<func::CallOp>(op);
    if (isa<GpuTimeOp, CpuTimeOp>(op) ||
        (call && (call.getCallee() == "xmprt_gpu_time" ||
                  call.getCallee() == "xmprt_cpu_time")))
      reads = true;
  });
  return reads;
}

/// xmp.num_nodes @p becomes the product of xmp.node_size @p [a] over @p's
/// axes, while the xmp.nodes ops (and so the grids' ranks) are still there.
LogicalResult expandNumNodes(ModuleOp module) {
  WalkResult r = module.walk([&](NumNodesOp op) {
    auto nodes =
        SymbolTable::lookupNearestSymbolFrom<NodesOp>(op, op.getNodesAttr());
    if (!nodes) {
      op.emitOpError() << "grid " << op.getNodesAttr() << " is not defined";
      return WalkResult::interrupt();
    }
    OpBuilder b(op);
    Location loc = op.getLoc();
    Value n;
    for (auto [a, e] : llvm::enumerate(nodes.getShape())) {
      Value s = ShapedType::isDynamic(e)
                    ? (Value)NodeSizeOp::create(b, loc, b.getIndexType(),
                                                op.getNodesAttr(),
                                                b.getI64IntegerAttr(a))
                    : (Value)arith::ConstantIndexOp::create(b, loc, e);
      n = n ? (Value)arith::MulIOp::create(b, loc, n, s) : s;
    }
    op.replaceAllUsesWith(n);
    op.erase();
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

LogicalResult lowerModuleSymbols(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  Location loc = module.getLoc();
  OpBuilder b(ctx);
  b.setInsertionPointToStart(module.getBody());
  SmallVector<NodesOp> nodes(module.getOps<NodesOp>());
  SmallVector<TemplateOp> templates(module.getOps<TemplateOp>());
  SmallVector<DistributeOp> dists(module.getOps<DistributeOp>());
  if (nodes.empty() && templates.empty()) {
    // No initializer; main (if here) tells the runtime itself.
    auto main = module.lookupSymbol<func::FuncOp>("main");
    if (main && !main.isExternal() && readsStepTimes(module)) {
      OpBuilder mb = OpBuilder::atBlockBegin(&main.getBody().front());
      callRuntime(mb, loc, "xmprt_step_times_used", {}, {});
    }
    return success();
  }
  auto makeGlobal = [&](StringRef kind, StringRef sym) {
    auto g = LLVM::GlobalOp::create(b, loc, ptrType(ctx), /*isConstant=*/false,
                                    LLVM::Linkage::Internal,
                                    globalName(kind, sym), Attribute());
    Block *init = b.createBlock(&g.getInitializerRegion());
    OpBuilder ib = OpBuilder::atBlockEnd(init);
    LLVM::ReturnOp::create(ib, loc, LLVM::ZeroOp::create(ib, loc, ptrType(ctx)));
    b.setInsertionPointAfter(g);
  };
  for (NodesOp n : nodes)
    makeGlobal("nodes", n.getSymName());
  for (TemplateOp t : templates)
    makeGlobal("template", t.getSymName());

  // __xmp_module_init: grids, templates, static distributions.
  bool hasMain = (bool)module.lookupSymbol<func::FuncOp>("main");
  auto init = func::FuncOp::create(b, loc, hasMain ? "__xmp_module_init"
                                                  : "xmp_module_init",
                                   b.getFunctionType({}, {}));
  if (hasMain)
    init.setPrivate();
  OpBuilder fb = OpBuilder::atBlockEnd(init.addEntryBlock());
  auto store = [&](StringRef kind, StringRef sym, Value h) {
    Value addr = LLVM::AddressOfOp::create(fb, loc, ptrType(ctx),
                                           globalName(kind, sym));
    LLVM::StoreOp::create(fb, loc, h, addr);
  };
  if (readsStepTimes(module))
    callRuntime(fb, loc, "xmprt_step_times_used", {}, {});
  for (NodesOp n : nodes) {
    Value h;
    if (n.getParent()) {
      // A node subset, made from its parent (declared before it, so
      // already stored); "to the end" is -1 for the runtime.
      SmallVector<int64_t> triplets(n.getSubset()->begin(),
                                    n.getSubset()->end());
      for (int64_t &v : triplets)
        if (ShapedType::isDynamic(v))
          v = -1;
      Value parent = loadHandle(fb, loc, "nodes", n.getParentAttr().getValue());
      if (n.getReshape())
        // The selection laid out in the subset's own shape (`?`: the count
        // the other axes leave).
        h = callRuntime(fb, loc, "xmprt_grid_subset_reshape", {ptrType(ctx)},
                        {parent, packConsts(fb, loc, triplets, 64),
                         i32c(fb, loc, n.getRank()),
                         packShape(fb, loc, n.getShape())});
      else
        h = callRuntime(fb, loc, "xmprt_grid_subset", {ptrType(ctx)},
                        {parent, i32c(fb, loc, n.getRank()),
                         packConsts(fb, loc, triplets, 64)});
    } else {
      Value shape = packShape(fb, loc, n.getShape());
      h = callRuntime(fb, loc, "xmprt_grid_create", {ptrType(ctx)},
                      {i32c(fb, loc, n.getRank()), shape});
    }
    // Runtime messages name the node set as the program does.
    Value name = LLVM::createGlobalString(
        loc, fb, ("__xmp_name_" + n.getSymName()).str(),
        (n.getSymName() + llvm::Twine('\0')).str(), LLVM::Linkage::Internal);
    callRuntime(fb, loc, "xmprt_grid_set_name", {}, {h, name});
    store("nodes", n.getSymName(), h);
  }
  for (TemplateOp t : templates) {
    Value sizes = packShape(fb, loc, t.getShape());
    Value h = callRuntime(fb, loc, "xmprt_template_create", {ptrType(ctx)},
                          {i32c(fb, loc, t.getRank()), sizes});
    // Runtime messages name the template as the program does.
    Value name = LLVM::createGlobalString(
        loc, fb, ("__xmp_name_" + t.getSymName()).str(),
        (t.getSymName() + llvm::Twine('\0')).str(), LLVM::Linkage::Internal);
    callRuntime(fb, loc, "xmprt_template_set_name", {}, {h, name});
    store("template", t.getSymName(), h);
  }
  auto emitDistribute = [&](OpBuilder &ob, DistributeOp d) {
    SmallVector<int64_t> kinds, params, gblocks, counts;
    for (unsigned i = 0; i < d.getFormats().size(); ++i) {
      DistAttr f = d.getFormat(i);
      kinds.push_back((int64_t)f.getKind());
      params.push_back(f.getWidth());
      gblocks.append(f.getSizes().begin(), f.getSizes().end());
      // gblock(*): sizes given before, by xmprt_template_gblock_fix
      counts.push_back(f.isGBlockStar() ? XMPRT_GBLOCK_FIXED
                                        : (int64_t)f.getSizes().size());
    }
    Value t = loadHandle(ob, loc, "template", d.getTmpl());
    Value g = loadHandle(ob, loc, "nodes", d.getNodes());
    Value gb = gblocks.empty() ? nullPtr(ob, loc) : packConsts(ob, loc, gblocks, 64);
    // The counts let the runtime check a gblock list against a dynamic grid
    // axis (the verifier checks static ones).
    callRuntime(ob, loc, "xmprt_template_distribute_counted", {},
                {t, g, packConsts(ob, loc, kinds, 32),
                 packConsts(ob, loc, params, 64), gb,
                 packConsts(ob, loc, counts, 64)});
  };
  for (DistributeOp d : dists) {
    auto t = module.lookupSymbol<TemplateOp>(d.getTmplAttr());
    if (t && !llvm::is_contained(t.getShape(), ShapedType::kDynamic) &&
        !d.hasGBlockStar()) // gblock(*) sizes come with the template_fix
      emitDistribute(fb, d);
  }
  func::ReturnOp::create(fb, loc);

  // template_fix: fix, then distribute.
  SmallVector<TemplateFixOp> fixes;
  module.walk([&](TemplateFixOp f) { fixes.push_back(f); });
  for (TemplateFixOp f : fixes) {
    OpBuilder ob(f);
    auto t = module.lookupSymbol<TemplateOp>(f.getTmplAttr());
    DistributeOp tdist;
    for (DistributeOp d : dists)
      if (d.getTmpl() == f.getTmpl())
        tdist = d;
    SmallVector<Value> sizes;
    unsigned next = 0;
    bool check = !llvm::is_contained(t.getShape(), ShapedType::kDynamic);
    if (check) {
      // A static template: the sizes the program gives must be the
      // declared (or specialized) ones.
      for (Value v : f.getSizes())
        sizes.push_back(toI64(ob, f.getLoc(), v));
      if (!sizes.empty())
        callRuntime(ob, f.getLoc(), "xmprt_template_check", {},
                    {loadHandle(ob, f.getLoc(), "template", f.getTmpl()),
                     packInts(ob, f.getLoc(), sizes, 64)});
    } else {
      for (int64_t s : t.getShape())
        sizes.push_back(ShapedType::isDynamic(s)
                            ? toI64(ob, f.getLoc(), f.getSizes()[next++])
                            : i64c(ob, f.getLoc(), s));
      callRuntime(ob, f.getLoc(), "xmprt_template_fix", {},
                  {loadHandle(ob, f.getLoc(), "template", f.getTmpl()),
                   packInts(ob, f.getLoc(), sizes, 64)});
    }
    // gblock(*) dimensions: their sizes (identity-layout memrefs, checked
    // by the verifier), then the distribution. A static template without
    // gblock(*) was distributed at start-up.
    bool star = tdist && tdist.hasGBlockStar();
    for (unsigned i = 0, k = 0; star && i < tdist.getFormats().size(); ++i) {
      if (!tdist.getFormat(i).isGBlockStar())
        continue;
      auto buf = memrefBuffer(ob, f.getLoc(), f, f.getGblocks()[k++]);
      if (failed(buf))
        return failure();
      callRuntime(ob, f.getLoc(), "xmprt_template_gblock_fix", {},
                  {loadHandle(ob, f.getLoc(), "template", f.getTmpl()),
                   i32c(ob, f.getLoc(), i), buf->first, buf->second});
    }
    if (tdist && (star || !check))
      emitDistribute(ob, tdist);
    f.erase();
  }

  // main: initialize first, finalize last, return 0.
  if (auto main = module.lookupSymbol<func::FuncOp>("main")) {
    if (main.isExternal())
      return success();
    OpBuilder mb = OpBuilder::atBlockBegin(&main.getBody().front());
    callRuntime(mb, loc, "xmprt_init", {}, {nullPtr(mb, loc), nullPtr(mb, loc)});
    func::CallOp::create(mb, loc, init);
    bool voidMain = main.getNumResults() == 0;
    main.walk([&](func::ReturnOp ret) {
      OpBuilder rb(ret);
      callRuntime(rb, ret.getLoc(), "xmprt_finalize", {}, {});
      if (voidMain) {
        func::ReturnOp::create(rb, ret.getLoc(),
                               ValueRange{arith::ConstantIntOp::create(
                                   rb, ret.getLoc(), 0, 32)});
        ret.erase();
      }
    });
    if (voidMain)
      main.setType(b.getFunctionType(main.getArgumentTypes(),
                                     {b.getI32Type()}));
  }
  for (DistributeOp d : dists)
    d.erase();
  for (NodesOp n : nodes)
    n.erase();
  for (TemplateOp t : templates)
    t.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// CPU parts of split loops
//===----------------------------------------------------------------------===//

/// The type a value of type `t` crosses a CPU part's context as: a handle
/// for the dialect's handle types, else its LLVM type (memrefs as their
/// descriptors); null when it has none.
Type contextFieldType(const LLVMTypeConverter &llvmTypes, Type t) {
  if (isa<DArrayType, ReflectPlanType, TokenType, RequestType, CpuJobType>(t))
    return ptrType(t.getContext());
  return llvmTypes.convertType(t);
}

/// `v` as its context field type `f`, and back.
Value toContextField(OpBuilder &b, Location loc, Value v, Type f) {
  if (v.getType() == f)
    return v;
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, f, v);
  return UnrealizedConversionCastOp::create(b, loc, f, v).getResult(0);
}
Value fromContextField(OpBuilder &b, Location loc, Value x, Type t) {
  if (x.getType() == t)
    return x;
  if (t.isIndex())
    return arith::IndexCastOp::create(b, loc, t, x);
  return UnrealizedConversionCastOp::create(b, loc, t, x).getResult(0);
}

/// Outlines the body of every `xmp.cpu_part_start` into
/// `@__xmp_cpu_part_N(ctx: !llvm.ptr, lo: i64, hi: i64)` (with `inner`:
/// `..., p0: i64, p1: i64, k: i64)`) and starts it on the executor. What the body uses from above (constants excepted: they
/// are cloned) is stored into a context struct on the caller's stack, each
/// value as its LLVM type (`LLVMTypeConverter`, so memrefs cross as the
/// descriptors that finalize-memref-to-llvm produces), and loaded back in
/// the function; the casts between the two meet those of the final
/// conversions and are reconciled. The job is a pointer from here on.
LogicalResult outlineCpuParts(ModuleOp module) {
  SmallVector<CpuPartStartOp> starts;
  module.walk([&](CpuPartStartOp op) { starts.push_back(op); });
  if (starts.empty())
    return success();
  MLIRContext *ctx = module.getContext();
  LLVMTypeConverter llvmTypes(ctx);
  Type ptr = ptrType(ctx), i64 = IntegerType::get(ctx, 64);
  int next = 0;
  for (CpuPartStartOp op : starts) {
    Location loc = op.getLoc();
    Block &src = op.getBody().front();
    llvm::SetVector<Value> used;
    getUsedValuesDefinedAbove(op.getBody(), used);
    SmallVector<Operation *> constants;
    SmallVector<Value> captures;
    SmallVector<Type> fields;
    for (Value v : used) {
      Operation *def = v.getDefiningOp();
      if (def && def->hasTrait<OpTrait::ConstantLike>() &&
          def->getNumResults() == 1) {
        constants.push_back(def);
        continue;
      }
      Type f = contextFieldType(llvmTypes, v.getType());
      if (!f)
        return op.emitOpError()
               << "body uses a value of type " << v.getType()
               << " defined outside it, which has no LLVM type to cross the "
                  "CPU part's context as";
      captures.push_back(v);
      fields.push_back(f);
    }
    auto ctxType = LLVM::LLVMStructType::getLiteral(ctx, fields);

    std::string name;
    do
      name = "__xmp_cpu_part_" + std::to_string(next++);
    while (module.lookupSymbol(name));
    OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
    // (ctx, lo, hi), or (ctx, lo, hi, p0, p1, k) for the 2-D form.
    unsigned nargs = src.getNumArguments();
    SmallVector<Type> argTypes(1 + nargs, i64);
    argTypes[0] = ptr;
    auto fn = func::FuncOp::create(mb, loc, name,
                                   FunctionType::get(ctx, argTypes, {}));
    fn.setPrivate();
    fn->setAttr("xmp.cpu_part_of", StringAttr::get(ctx, "device_loop"));
    Block *entry = fn.addEntryBlock();
    OpBuilder fb = OpBuilder::atBlockEnd(entry);
    IRMapping map;
    for (Operation *c : constants)
      fb.clone(*c, map);
    for (auto [k, v] : llvm::enumerate(captures)) {
      Value p = LLVM::GEPOp::create(fb, loc, ptr, ctxType, entry->getArgument(0),
                                    ArrayRef<LLVM::GEPArg>{0, (int32_t)k});
      Value x = LLVM::LoadOp::create(fb, loc, fields[k], p);
      map.map(v, fromContextField(fb, loc, x, v.getType()));
    }
    for (unsigned k = 0; k < nargs; ++k)
      map.map(src.getArgument(k), toIndex(fb, loc, entry->getArgument(k + 1)));
    for (Operation &o : src.without_terminator())
      fb.clone(o, map);
    func::ReturnOp::create(fb, loc);

    OpBuilder cb(op);
    Value ctxPtr = entryAlloca(cb, loc, ctxType, 1);
    for (auto [k, v] : llvm::enumerate(captures)) {
      Value p = LLVM::GEPOp::create(cb, loc, ptr, ctxType, ctxPtr,
                                    ArrayRef<LLVM::GEPArg>{0, (int32_t)k});
      LLVM::StoreOp::create(cb, loc, toContextField(cb, loc, v, fields[k]), p);
    }
    Value fnRef = func::ConstantOp::create(cb, loc, fn.getFunctionType(),
                                           fn.getSymName());
    Value fnPtr =
        UnrealizedConversionCastOp::create(cb, loc, ptr, fnRef).getResult(0);
    SmallVector<Value> args = {fnPtr, ctxPtr, toI64(cb, loc, op.getLb()),
                               toI64(cb, loc, op.getUb()),
                               toI64(cb, loc, op.getGrain())};
    if (op.getInner()) {
      args.push_back(toI64(cb, loc, op.getInner()));
      args.push_back(toI64(cb, loc, op.getPieces()));
    }
    Value job = callRuntime(cb, loc,
                            op.getInner() ? "xmprt_cpu_parallel_for2_start"
                                          : "xmprt_cpu_parallel_for_start",
                            {ptr}, args);
    op.getJob().replaceAllUsesWith(
        UnrealizedConversionCastOp::create(cb, loc, op.getJob().getType(), job)
            .getResult(0));
    op.erase();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <typename OpT>
struct RuntimePattern : public OpConversionPattern<OpT> {
  RuntimePattern(TypeConverter &tc, MLIRContext *ctx, ModuleOp module,
                 bool gpu = false)
      : OpConversionPattern<OpT>(tc, ctx), module(module), gpu(gpu) {}
  ModuleOp module;
  /// GPU path: device instances exist (acc, replicate, replicate_sync).
  bool gpu;
};

struct AllocLowering : RuntimePattern<AllocOp> {
  AllocLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m,
                const llvm::DenseSet<Type> &exposed)
      : RuntimePattern<AllocOp>(tc, ctx, m), exposed(exposed) {}
  /// Darray types that a one-sided gmove reaches remotely (the source of
  /// `in`, the destination of `out`): their arrays get an RMA window when
  /// they are allocated, the one collective moment of their life.
  const llvm::DenseSet<Type> &exposed;
  LogicalResult
  matchAndRewrite(AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DArrayType type = op.getResult().getType();
    int32_t et = abi::runtimeElementType(type.getElementType());
    if (et < 0)
      return op.emitOpError() << "element type " << type.getElementType()
                              << " is not supported by the runtime";
    SmallVector<Value> shape;
    unsigned next = 0;
    for (int64_t s : type.getShape())
      shape.push_back(ShapedType::isDynamic(s)
                          ? toI64(rewriter, loc, adaptor.getDynamicSizes()[next++])
                          : i64c(rewriter, loc, s));
    SmallVector<int64_t> lo, hi;
    for (unsigned d = 0; d < type.getRank(); ++d) {
      lo.push_back(type.isFullShadow(d) ? XMPRT_FULL_SHADOW : type.getShadowLo()[d]);
      hi.push_back(type.isFullShadow(d) ? XMPRT_FULL_SHADOW : type.getShadowHi()[d]);
    }
    Value h = callRuntime(
        rewriter, loc, "xmprt_darray_create", {ptrType(getContext())},
        {loadHandle(rewriter, loc, "template",
                    type.getTemplateRef().getValue()),
         i32c(rewriter, loc, type.getRank()), packInts(rewriter, loc, shape, 64),
         packConsts(rewriter, loc, type.getAlign(), 32),
         packConsts(rewriter, loc, type.getOffset(), 64),
         packConsts(rewriter, loc, lo, 64), packConsts(rewriter, loc, hi, 64),
         i32c(rewriter, loc, et)});
    if (exposed.contains(type))
      callRuntime(rewriter, loc, "xmprt_darray_enable_rma", {}, {h});
    rewriter.replaceOp(op, h);
    return success();
  }
};

/// A memref descriptor of type `mt` (identity layout) over `data` with the
/// given extents (i64 values, one per dimension).
Value descriptorOver(OpBuilder &b, Location loc, MemRefType mt, Value data,
                     ArrayRef<Value> sizes) {
  MLIRContext *ctx = b.getContext();
  unsigned rank = mt.getRank();
  Type i64 = b.getI64Type();
  SmallVector<Value> strides(rank);
  Value s = i64c(b, loc, 1);
  for (int d = rank - 1; d >= 0; --d) {
    strides[d] = s;
    s = arith::MulIOp::create(b, loc, s, sizes[d]);
  }
  auto arr = LLVM::LLVMArrayType::get(i64, rank);
  auto descType = LLVM::LLVMStructType::getLiteral(
      ctx, {ptrType(ctx), ptrType(ctx), i64, arr, arr});
  Value desc = LLVM::PoisonOp::create(b, loc, descType);
  desc = LLVM::InsertValueOp::create(b, loc, desc, data, ArrayRef<int64_t>{0});
  desc = LLVM::InsertValueOp::create(b, loc, desc, data, ArrayRef<int64_t>{1});
  desc = LLVM::InsertValueOp::create(b, loc, desc, i64c(b, loc, 0),
                                     ArrayRef<int64_t>{2});
  for (unsigned d = 0; d < rank; ++d) {
    desc = LLVM::InsertValueOp::create(b, loc, desc, sizes[d],
                                       ArrayRef<int64_t>{3, (int64_t)d});
    desc = LLVM::InsertValueOp::create(b, loc, desc, strides[d],
                                       ArrayRef<int64_t>{4, (int64_t)d});
  }
  return UnrealizedConversionCastOp::create(b, loc, mt, desc).getResult(0);
}

/// A memref descriptor of type `mt` over the local block at `data` of
/// darray handle `h` (row-major, extents from the type or the runtime).
Value localBlockDescriptor(OpBuilder &b, Location loc, MemRefType mt,
                           Value h, Value data) {
  SmallVector<Value> sizes;
  for (unsigned d = 0; d < mt.getRank(); ++d) {
    if (mt.isDynamicDim(d))
      sizes.push_back(callRuntime(b, loc, "xmprt_darray_local_extent",
                                  {b.getI64Type()}, {h, i32c(b, loc, d)}));
    else
      sizes.push_back(i64c(b, loc, mt.getDimSize(d)));
  }
  return descriptorOver(b, loc, mt, data, sizes);
}

/// The local block as a memref: a descriptor over the runtime's buffer.
struct LocalViewLowering : RuntimePattern<LocalViewOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(LocalViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto mt = llvm::cast<MemRefType>(op.getView().getType());
    if (!mt.getLayout().isIdentity())
      return op.emitOpError("view must have the identity layout");
    Location loc = op.getLoc();
    Value h = adaptor.getArray();
    Value data = callRuntime(rewriter, loc, "xmprt_darray_data",
                             {ptrType(getContext())}, {h});
    rewriter.replaceOp(op, localBlockDescriptor(rewriter, loc, mt, h, data));
    return success();
  }
};

/// The device instance's local block (GPU path).
struct DeviceAcquireLowering : RuntimePattern<DeviceAcquireOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(DeviceAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto mt = llvm::cast<MemRefType>(op.getView().getType());
    if (!mt.getLayout().isIdentity())
      return op.emitOpError("view must have the identity layout");
    Location loc = op.getLoc();
    Value h = adaptor.getArray();
    Value data = callRuntime(
        rewriter, loc, "xmprt_darray_device_acquire", {ptrType(getContext())},
        {h, i32c(rewriter, loc, static_cast<int32_t>(op.getAccess()))});
    rewriter.replaceOp(op, localBlockDescriptor(rewriter, loc, mt, h, data));
    return success();
  }
};

struct DeviceReleaseLowering : RuntimePattern<DeviceReleaseOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(DeviceReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    callRuntime(rewriter, loc, "xmprt_darray_device_release", {},
                {adaptor.getArray(),
                 i32c(rewriter, loc, static_cast<int32_t>(op.getAccess()))});
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoopSplitLowering : RuntimePattern<LoopSplitOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(LoopSplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    Value out = entryAlloca(rewriter, loc, i64, 4);
    callRuntime(rewriter, loc, "xmprt_loop_split", {},
                {loadHandle(rewriter, loc, "template", op.getTmpl()),
                 i32c(rewriter, loc, op.getDim()),
                 toI64(rewriter, loc, adaptor.getLb()),
                 toI64(rewriter, loc, adaptor.getUb()),
                 toI64(rewriter, loc, adaptor.getStep()), adaptor.getWeight(),
                 i64c(rewriter, loc, op.getGrain()), out});
    SmallVector<Value> results;
    for (int32_t k = 0; k < 4; ++k) {
      Value p = LLVM::GEPOp::create(rewriter, loc, ptrType(getContext()), i64,
                                    out, ArrayRef<LLVM::GEPArg>{k});
      results.push_back(
          toIndex(rewriter, loc, LLVM::LoadOp::create(rewriter, loc, i64, p)));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct SplitCommitLowering : RuntimePattern<SplitCommitOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(SplitCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    callRuntime(rewriter, loc, "xmprt_darray_split_commit", {},
                {adaptor.getArray(), i32c(rewriter, loc, op.getDim()),
                 toI64(rewriter, loc, adaptor.getGpuLo()),
                 toI64(rewriter, loc, adaptor.getGpuHi()),
                 toI64(rewriter, loc, adaptor.getCpuLo()),
                 toI64(rewriter, loc, adaptor.getCpuHi())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalBoundsLowering : RuntimePattern<LocalBoundsOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(LocalBoundsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    Value d = i32c(rewriter, loc, op.getDim());
    Value lo = callRuntime(rewriter, loc, "xmprt_darray_owned_lo", {i64},
                           {adaptor.getArray(), d});
    Value hi = callRuntime(rewriter, loc, "xmprt_darray_owned_hi", {i64},
                           {adaptor.getArray(), d});
    rewriter.replaceOp(op, {toIndex(rewriter, loc, lo), toIndex(rewriter, loc, hi)});
    return success();
  }
};

/// Array inquiries: array_lsize (xmprt_darray_owned_count), array_extent
/// (xmprt_darray_local_extent), array_gsize (xmprt_darray_gsize; the
/// constant of a static dimension), array_gtol (xmprt_darray_global_to_local).
template <typename OpT>
struct ArrayQueryLowering : RuntimePattern<OpT> {
  using RuntimePattern<OpT>::RuntimePattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> args{adaptor.getArray(), i32c(rewriter, loc, op.getDim())};
    StringRef fn;
    if constexpr (std::is_same_v<OpT, ArrayLSizeOp>) {
      fn = "xmprt_darray_owned_count";
    } else if constexpr (std::is_same_v<OpT, ArrayExtentOp>) {
      fn = "xmprt_darray_local_extent";
    } else if constexpr (std::is_same_v<OpT, ArrayGSizeOp>) {
      int64_t n = op.getArray().getType().getShape()[op.getDim()];
      if (!ShapedType::isDynamic(n)) {
        rewriter.replaceOp(op, arith::ConstantIndexOp::create(rewriter, loc, n));
        return success();
      }
      fn = "xmprt_darray_gsize";
    } else {
      fn = "xmprt_darray_global_to_local";
      args.push_back(toI64(rewriter, loc, adaptor.getGlobal()));
    }
    Value v = callRuntime(rewriter, loc, fn, {rewriter.getI64Type()}, args);
    rewriter.replaceOp(op, toIndex(rewriter, loc, v));
    return success();
  }
};

/// Inquiries on a grid: node_num (xmprt_grid_rank), node_index
/// (xmprt_grid_coord) and node_size (xmprt_grid_size); num_nodes became
/// node_size products in expandNumNodes. Static answers were folded before.
template <typename OpT>
struct NodesQueryLowering : RuntimePattern<OpT> {
  using RuntimePattern<OpT>::RuntimePattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    Value g = loadHandle(rewriter, loc, "nodes", op.getNodes());
    Value r;
    if constexpr (std::is_same_v<OpT, NodeNumOp>) {
      r = callRuntime(rewriter, loc, "xmprt_grid_rank",
                      {rewriter.getI32Type()}, {g});
      r = arith::ExtSIOp::create(rewriter, loc, i64, r);
    } else {
      constexpr bool coord = std::is_same_v<OpT, NodeIndexOp>;
      r = callRuntime(rewriter, loc,
                      coord ? "xmprt_grid_coord" : "xmprt_grid_size", {i64},
                      {g, i32c(rewriter, loc, op.getAxis())});
    }
    rewriter.replaceOp(op, toIndex(rewriter, loc, r));
    return success();
  }
};

/// xmp.nodes_comm -> xmprt_grid_comm_f.
struct NodesCommLowering : RuntimePattern<NodesCommOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(NodesCommOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value g = loadHandle(rewriter, loc, "nodes", op.getNodes());
    rewriter.replaceOp(op, callRuntime(rewriter, loc, "xmprt_grid_comm_f",
                                       {rewriter.getI32Type()}, {g}));
    return success();
  }
};

template <typename OpT>
struct TemplateQueryLowering : RuntimePattern<OpT> {
  TemplateQueryLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m,
                        StringRef first, StringRef second)
      : RuntimePattern<OpT>(tc, ctx, m), first(first), second(second) {}
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    Value t = loadHandle(rewriter, loc, "template", op.getTmpl());
    Value d = i32c(rewriter, loc, op.getDim());
    Value a = callRuntime(rewriter, loc, first, {i64}, {t, d});
    Value b = callRuntime(rewriter, loc, second, {i64}, {t, d});
    rewriter.replaceOp(op, {toIndex(rewriter, loc, a), toIndex(rewriter, loc, b)});
    return success();
  }
  std::string first, second;
};

/// xmp.template_owns -> xmprt_template_owns(t, dim, g) != 0.
struct TemplateOwnsLowering : RuntimePattern<TemplateOwnsOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(TemplateOwnsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value t = loadHandle(rewriter, loc, "template", op.getTmpl());
    Value r = callRuntime(rewriter, loc, "xmprt_template_owns",
                          {rewriter.getI32Type()},
                          {t, i32c(rewriter, loc, op.getDim()),
                           toI64(rewriter, loc, adaptor.getIndex())});
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(op, arith::CmpIPredicate::ne, r,
                                               i32c(rewriter, loc, 0));
    return success();
  }
};

/// The address of a NUL-terminated internal global holding `text` (one per
/// text and module).
Value globalText(OpBuilder &b, Location loc, ModuleOp module, StringRef text) {
  std::string name = "__xmp_text_" + llvm::utohexstr(llvm::xxh3_64bits(text));
  if (module.lookupSymbol(name))
    return LLVM::AddressOfOp::create(b, loc, ptrType(b.getContext()), name);
  return LLVM::createGlobalString(loc, b, name, (text + llvm::Twine('\0')).str(),
                                  LLVM::Linkage::Internal);
}

/// xmp.check_holds -> xmprt_darray_check_holds(a, indices, name, at).
struct CheckHoldsLowering : RuntimePattern<CheckHoldsOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(CheckHoldsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> idx(adaptor.getIndices());
    SmallVector<Value> args{adaptor.getArray(),
                            packInts(rewriter, loc, idx, 64)};
    bool based = op.getIndexBase() || !op.getIndexBaseValues().empty();
    if (auto base = op.getIndexBase())
      args.push_back(packConsts(rewriter, loc, *base, 64));
    else if (based)
      args.push_back(packInts(
          rewriter, loc, SmallVector<Value>(adaptor.getIndexBaseValues()), 64));
    args.push_back(globalText(rewriter, loc, module, op.getName()));
    args.push_back(globalText(rewriter, loc, module, op.getAt()));
    callRuntime(rewriter, loc,
                based ? "xmprt_darray_check_holds_based"
                      : "xmprt_darray_check_holds",
                {}, args);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Width and periodic arrays of a reflect or reduce_shadow (null: none).
SmallVector<Value> shadowArgs(OpBuilder &b, Location loc,
                              std::optional<ArrayRef<int64_t>> widthLo,
                              std::optional<ArrayRef<int64_t>> widthHi,
                              std::optional<ArrayRef<bool>> periodic) {
  Value wlo = widthLo ? packConsts(b, loc, *widthLo, 64) : nullPtr(b, loc);
  Value whi = widthHi ? packConsts(b, loc, *widthHi, 64) : nullPtr(b, loc);
  Value per = nullPtr(b, loc);
  if (periodic) {
    SmallVector<int64_t> v(periodic->begin(), periodic->end());
    per = packConsts(b, loc, v, 32);
  }
  return {wlo, whi, per};
}

/// Width, periodic and channel arrays, acc and orthogonal of a reflect-like
/// op.
SmallVector<Value> reflectArgs(OpBuilder &b, Location loc,
                               ReflectLikeOpInterface op, bool gpu) {
  SmallVector<Value> args =
      shadowArgs(b, loc, op.getWidthLo(), op.getWidthHi(), op.getPeriodic());
  Value ch = nullPtr(b, loc);
  SmallVector<Channel> chans = op.getChannelList();
  if (!chans.empty()) {
    SmallVector<int64_t> v;
    for (Channel c : chans)
      v.push_back(c == Channel::tca     ? XMPRT_CHANNEL_TCA
                  : c == Channel::ib    ? XMPRT_CHANNEL_IB
                  : c == Channel::auto_ ? XMPRT_CHANNEL_AUTO
                                        : XMPRT_CHANNEL_NONE);
    ch = packConsts(b, loc, v, 32);
  }
  // CPU path: the host instance is the only instance, so `acc` reflects
  // act on it (acc = 0 for the runtime). GPU path: on the device instance.
  args.append({ch, i32c(b, loc, gpu && op.getAcc() ? 1 : 0),
               i32c(b, loc, op.getOrthogonal() ? 1 : 0)});
  return args;
}

/// xmp.reflect and xmp.reduce_shadow: the plan is built (or fetched from
/// the cache by `cachedFn`) right after the array is defined, so that one
/// inside a loop never rebuilds it, and run with xmprt_reflect_do.
/// xmp.reflect_init and xmp.reduce_shadow_init: the same plan is their
/// result. (A plan from xmprt_reflect_init would be a new one at every
/// execution, never freed before its array: an async reflect in a time
/// loop would make thousands, each with its buffers, mappings and
/// channel tuning. One per site and array is what the program means.)
template <typename OpT> struct CachedPlanLowering : RuntimePattern<OpT> {
  CachedPlanLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m, bool gpu,
                     llvm::DenseMap<Operation *, int64_t> &sites,
                     StringRef cachedFn)
      : RuntimePattern<OpT>(tc, ctx, m, gpu), sites(sites), cachedFn(cachedFn) {
  }
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value h = adaptor.getArray();
    Value plan;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      if (Operation *def = h.getDefiningOp())
        rewriter.setInsertionPointAfter(def);
      else
        rewriter.setInsertionPointToStart(h.getParentBlock());
      SmallVector<Value> args = {i64c(rewriter, loc, sites.lookup(op)), h};
      llvm::append_range(args, planArgs(rewriter, loc, op));
      plan = callRuntime(rewriter, loc, cachedFn, {ptrType(op.getContext())},
                         args);
    }
    if (op->getNumResults()) {
      rewriter.replaceOp(op, plan);
      return success();
    }
    callRuntime(rewriter, loc, "xmprt_reflect_do", {}, {plan});
    rewriter.eraseOp(op);
    return success();
  }
  SmallVector<Value> planArgs(OpBuilder &b, Location loc, OpT op) const {
    if constexpr (std::is_same_v<OpT, ReflectOp> ||
                  std::is_same_v<OpT, ReflectInitOp>)
      return reflectArgs(b, loc, op, this->gpu);
    else
      return shadowPlanArgs(b, loc, op);
  }
  // reduce_shadow: no channels (the runtime decides per peer), acc as for
  // reflects.
  SmallVector<Value> shadowPlanArgs(OpBuilder &b, Location loc, OpT op) const {
    SmallVector<Value> args =
        shadowArgs(b, loc, op.getWidthLo(), op.getWidthHi(), op.getPeriodic());
    args.push_back(i32c(b, loc, this->gpu && op.getAcc() ? 1 : 0));
    args.push_back(i32c(b, loc, runtimeReduceOp(op.getShadowKind())));
    return args;
  }
  llvm::DenseMap<Operation *, int64_t> &sites;
  std::string cachedFn;
};

/// reflect_do / reflect_start / reflect_wait: one call on the plan.
template <typename OpT>
struct PlanCallLowering : RuntimePattern<OpT> {
  PlanCallLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m,
                   StringRef fn)
      : RuntimePattern<OpT>(tc, ctx, m), fn(fn) {}
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value plan = adaptor.getOperands()[0];
    callRuntime(rewriter, op.getLoc(), fn, {}, {plan});
    if (op->getNumResults())
      rewriter.replaceOp(op, plan); // the token is the plan
    else
      rewriter.eraseOp(op);
    return success();
  }
  std::string fn;
};

struct ReductionLowering : RuntimePattern<ReductionOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(ReductionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (llvm::isa<DArrayType>(op.getValue().getType()))
      return op.emitOpError("on a darray: run xmp-lower-distribution first "
                            "(it reduces the darray's host or device block)");
    Type t = adaptor.getValue().getType();
    auto buffer = reduceBuffer(rewriter, loc, op, adaptor.getValue());
    if (failed(buffer))
      return failure();
    auto [buf, count, elem, et] = *buffer;
    Value grid = loadHandle(rewriter, loc, "nodes", op.getNodes());
    SmallVector<int64_t> axes = {-1};
    if (auto a = op.getAxes())
      axes.assign(a->begin(), a->end());
    if (op.isLocationKind()) {
      // Location values in stack slots (index as i64), their runtime
      // types and an array of their addresses.
      MLIRContext *ctx = getContext();
      SmallVector<Value> slots;
      SmallVector<Type> slotTypes;
      SmallVector<int64_t> types;
      for (Value l : adaptor.getLocations()) {
        Value v = toI64(rewriter, loc, l);
        int32_t lt = abi::runtimeElementType(v.getType());
        if (lt < 0)
          return op.emitOpError() << "location type " << l.getType()
                                  << " is not supported by the runtime";
        Value slot = entryAlloca(rewriter, loc, v.getType(), 1);
        LLVM::StoreOp::create(rewriter, loc, v, slot);
        slots.push_back(slot);
        slotTypes.push_back(v.getType());
        types.push_back(lt);
      }
      Value ptrs = entryAlloca(rewriter, loc, ptrType(ctx), slots.size());
      for (auto [k, slot] : llvm::enumerate(slots)) {
        Value p = LLVM::GEPOp::create(rewriter, loc, ptrType(ctx), ptrType(ctx),
                                      ptrs, ArrayRef<LLVM::GEPArg>{(int32_t)k});
        LLVM::StoreOp::create(rewriter, loc, slot, p);
      }
      Value typeArr = packConsts(rewriter, loc, types, 32);
      // Several axes: the last first, so that ties are broken in grid rank
      // order (row-major: the first axis is the most significant).
      SmallVector<int64_t> order(axes);
      llvm::sort(order, std::greater<int64_t>());
      for (int64_t axis : order)
        callRuntime(rewriter, loc, "xmprt_reduce_loc", {},
                    {grid, i32c(rewriter, loc, axis),
                     i32c(rewriter, loc, runtimeReduceOp(op.getKind())),
                     i32c(rewriter, loc, et), buf,
                     i32c(rewriter, loc, (int64_t)slots.size()), typeArr,
                     ptrs});
      SmallVector<Value> results = {
          LLVM::LoadOp::create(rewriter, loc, t, buf).getResult()};
      for (auto [k, slot] : llvm::enumerate(slots)) {
        Value v = LLVM::LoadOp::create(rewriter, loc, slotTypes[k], slot);
        if (op.getLocations()[k].getType().isIndex())
          v = toIndex(rewriter, loc, v);
        results.push_back(v);
      }
      rewriter.replaceOp(op, results);
      return success();
    }
    for (int64_t axis : axes)
      callRuntime(rewriter, loc, "xmprt_reduce", {},
                  {grid, i32c(rewriter, loc, axis),
                   i32c(rewriter, loc, runtimeReduceOp(op.getKind())),
                   i32c(rewriter, loc, et), buf, count});
    if (op.getResult())
      rewriter.replaceOp(op, LLVM::LoadOp::create(rewriter, loc, t, buf).getResult());
    else
      rewriter.eraseOp(op);
    return success();
  }
};

/// xmp.reduction_start -> xmprt_reduce_start (the request handle).
struct ReductionStartLowering : RuntimePattern<ReductionStartOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(ReductionStartOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (llvm::isa<DArrayType>(op.getValue().getType()))
      return op.emitOpError("on a darray: run xmp-lower-distribution first "
                            "(it reduces the darray's host block)");
    auto buffer = reduceBuffer(rewriter, loc, op, adaptor.getValue());
    if (failed(buffer))
      return failure();
    auto [buf, count, elem, et] = *buffer;
    int64_t axis = op.getAxes() && !op.getAxes()->empty() ? (*op.getAxes())[0]
                                                          : -1;
    if (!llvm::isa<MemRefType>(op.getValue().getType())) {
      // A scalar: copied into the request, handed out by xmp.wait.
      rewriter.replaceOp(
          op, callRuntime(rewriter, loc, "xmprt_reduce_value_start",
                          {ptrType(getContext())},
                          {loadHandle(rewriter, loc, "nodes", op.getNodes()),
                           i32c(rewriter, loc, axis),
                           i32c(rewriter, loc, runtimeReduceOp(op.getKind())),
                           i32c(rewriter, loc, et), buf}));
      return success();
    }
    Value r = callRuntime(
        rewriter, loc, "xmprt_reduce_start", {ptrType(getContext())},
        {loadHandle(rewriter, loc, "nodes", op.getNodes()),
         i32c(rewriter, loc, axis),
         i32c(rewriter, loc, runtimeReduceOp(op.getKind())),
         i32c(rewriter, loc, et), buf, count});
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// xmp.bcast_start -> xmprt_bcast_start (the request handle).
struct BcastStartLowering : RuntimePattern<BcastStartOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(BcastStartOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto args = bcastArgs(rewriter, op.getLoc(), op, adaptor.getValue());
    if (failed(args))
      return failure();
    Type t = op.getValue().getType();
    Location loc = op.getLoc();
    // Along one axis: its number and the root's coordinate on it.
    std::optional<std::pair<Value, Value>> axis;
    if (auto axes = op.getAxes(); axes && !axes->empty())
      axis = {i32c(rewriter, loc, (*axes)[0]),
              i64c(rewriter, loc, op.getRoot()[0])};
    if (!llvm::isa<MemRefType>(t)) {
      // A scalar: copied into the request, handed out by xmp.wait.
      int32_t et = abi::runtimeElementType(t);
      if (et < 0)
        return op.emitOpError()
               << "element type " << t << " is not supported by the runtime";
      rewriter.replaceOp(
          op, axis ? callRuntime(rewriter, loc, "xmprt_bcast_axis_value_start",
                                 {ptrType(getContext())},
                                 {(*args)[0], axis->first, axis->second,
                                  (*args)[2], i32c(rewriter, loc, et)})
                   : callRuntime(rewriter, loc, "xmprt_bcast_value_start",
                                 {ptrType(getContext())},
                                 {(*args)[0], (*args)[1], (*args)[2],
                                  i32c(rewriter, loc, et)}));
      return success();
    }
    rewriter.replaceOp(
        op, axis ? callRuntime(rewriter, loc, "xmprt_bcast_axis_start",
                               {ptrType(getContext())},
                               {(*args)[0], axis->first, axis->second,
                                (*args)[2], (*args)[3]})
                 : callRuntime(rewriter, loc, "xmprt_bcast_start",
                               {ptrType(getContext())}, *args));
    return success();
  }
};

/// xmp.wait -> xmprt_wait.
struct WaitLowering : RuntimePattern<WaitOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (Value res = op.getResult()) {
      // The reduced scalar of a reduction_start: through a stack slot.
      Type t = res.getType();
      int32_t et = abi::runtimeElementType(t);
      if (et < 0)
        return op.emitOpError() << "result type " << t
                                << " is not supported by the runtime";
      Value slot = entryAlloca(rewriter, loc, t, 1);
      callRuntime(rewriter, loc, "xmprt_wait_value", {},
                  {adaptor.getRequest(), i32c(rewriter, loc, et), slot});
      rewriter.replaceOp(op, LLVM::LoadOp::create(rewriter, loc, t, slot)
                                 .getResult());
      return success();
    }
    callRuntime(rewriter, loc, "xmprt_wait", {}, {adaptor.getRequest()});
    rewriter.eraseOp(op);
    return success();
  }
};

/// xmp.test -> xmprt_test(request) != 0, xmp.test_async ->
/// xmprt_async_test(id) != 0: the runtime's int flag as an i1.
template <typename OpT>
struct FlagCallLowering : RuntimePattern<OpT> {
  FlagCallLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m,
                   StringRef fn)
      : RuntimePattern<OpT>(tc, ctx, m), fn(fn) {}
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value r = callRuntime(rewriter, loc, fn, {rewriter.getI32Type()},
                          adaptor.getOperands());
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(op, arith::CmpIPredicate::ne, r,
                                               i32c(rewriter, loc, 0));
    return success();
  }
  std::string fn;
};

/// xmp.async_register -> xmprt_async_register(id, request, type, out) or
/// xmprt_async_register_reflect(id, plan) (a token is its plan).
struct AsyncRegisterLowering : RuntimePattern<AsyncRegisterOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(AsyncRegisterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (isa<TokenType>(op.getHandle().getType())) {
      callRuntime(rewriter, loc, "xmprt_async_register_reflect", {},
                  {adaptor.getId(), adaptor.getHandle()});
      rewriter.eraseOp(op);
      return success();
    }
    Value out = LLVM::ZeroOp::create(rewriter, loc, ptrType(getContext()));
    int32_t et = -1;
    if (Value into = adaptor.getInto()) {
      auto buffer = memrefBuffer(rewriter, loc, op, into);
      if (failed(buffer))
        return failure();
      Type t = cast<MemRefType>(into.getType()).getElementType();
      et = abi::runtimeElementType(t);
      if (et < 0)
        return op.emitOpError() << "element type " << t
                                << " is not supported by the runtime";
      out = buffer->first;
    }
    callRuntime(rewriter, loc, "xmprt_async_register", {},
                {adaptor.getId(), adaptor.getHandle(), i32c(rewriter, loc, et),
                 out});
    rewriter.eraseOp(op);
    return success();
  }
};

struct BcastLowering : RuntimePattern<BcastOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(BcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type t = adaptor.getValue().getType();
    auto args = bcastArgs(rewriter, loc, op, adaptor.getValue());
    if (failed(args))
      return failure();
    if (auto axes = op.getAxes()) {
      // Along the axes one after the other: the second gets, on each of
      // its lines, the value the first brought to the root's coordinate.
      for (auto [a, r] : llvm::zip(*axes, op.getRoot()))
        callRuntime(rewriter, loc, "xmprt_bcast_axis", {},
                    {(*args)[0], i32c(rewriter, loc, a), i64c(rewriter, loc, r),
                     (*args)[2], (*args)[3]});
    } else {
      callRuntime(rewriter, loc, "xmprt_bcast", {}, *args);
    }
    if (op.getResult())
      rewriter.replaceOp(
          op, LLVM::LoadOp::create(rewriter, loc, t, (*args)[2]).getResult());
    else
      rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierLowering : RuntimePattern<BarrierOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value grid = op.getNodes()
                     ? loadHandle(rewriter, loc, "nodes", *op.getNodes())
                     : nullPtr(rewriter, loc);
    if (auto axes = op.getAxes()) {
      // One axis after the other: the ranks of a line along the second
      // leave only once every line along the first through them has met.
      for (int64_t a : *axes)
        callRuntime(rewriter, loc, "xmprt_barrier_axis", {},
                    {grid, i32c(rewriter, loc, a)});
    } else {
      callRuntime(rewriter, loc, "xmprt_barrier", {}, {grid});
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// What run-time errors call a gmove: "gmove 'b = a' at prog.c:12:3" (the
/// name of a NameLoc, the position of a FileLineColLoc; "gmove" alone
/// without them).
std::string gmoveText(Operation *op) {
  std::string s = llvm::isa<GMoveStartOp>(op) ? "gmove async" : "gmove";
  Location l = op->getLoc();
  if (auto n = llvm::dyn_cast<NameLoc>(l)) {
    s += " '" + n.getName().str() + "'";
    l = n.getChildLoc();
  }
  if (auto f = llvm::dyn_cast<FileLineColLoc>(l))
    s += " at " + f.getFilename().str() + ":" + std::to_string(f.getLine()) +
         ":" + std::to_string(f.getColumn());
  return s;
}

/// xmp.gmove -> xmprt_gmove (xmprt_gmove_acc); xmp.gmove_start ->
/// xmprt_gmove_start (xmprt_gmove_acc_start), whose request xmp.wait
/// completes. With `on @q`: xmprt_gmove_on[_start] with @q's handle (the
/// ranks that execute it), acc as a flag and the op's text for errors.
template <typename OpT>
struct GMoveLowering : RuntimePattern<OpT> {
  using Adaptor = typename OpT::Adaptor;
  GMoveLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m, bool gpu,
                llvm::DenseMap<Operation *, int64_t> &sites)
      : RuntimePattern<OpT>(tc, ctx, m, gpu), sites(sites) {}
  static Value section(OpBuilder &b, Location loc, ArrayRef<int64_t> statics,
                       ValueRange dyn, ArrayRef<bool> scalar) {
    SmallVector<Value> vals;
    unsigned next = 0;
    auto comp = [&](int64_t v) -> Value {
      return ShapedType::isDynamic(v) ? toI64(b, loc, dyn[next++])
                                      : i64c(b, loc, v);
    };
    // The section of a rank-0 memref: its one element (see `wrap`).
    if (scalar.empty())
      return packConsts(b, loc, {0, 1, 1}, 64);
    for (size_t d = 0; d < scalar.size(); ++d) {
      Value lb = comp(statics[3 * d]);
      if (scalar[d]) {
        vals.append({lb, arith::AddIOp::create(b, loc, lb, i64c(b, loc, 1)),
                     i64c(b, loc, 1)});
        continue;
      }
      Value ub = comp(statics[3 * d + 1]);
      Value st = comp(statics[3 * d + 2]);
      vals.append({lb, ub, st});
    }
    return packInts(b, loc, vals, 64);
  }
  LogicalResult
  matchAndRewrite(OpT op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    constexpr bool start = std::is_same_v<OpT, GMoveStartOp>;
    // A memref operand is a local array every rank holds (the verifier
    // requires a darray on the other side): the runtime sees it as a
    // darray replicated over the other operand's grid, for this call (an
    // asynchronous gmove's request owns it until the wait: `owned`, bit 0
    // the destination, bit 1 the source).
    Value dst = adaptor.getDest(), src = adaptor.getSource();
    Value wrapper;
    int32_t owned = 0;
    auto wrap = [&](Value m, Value like) -> FailureOr<Value> {
      auto type = llvm::cast<MemRefType>(m.getType());
      int32_t et = abi::runtimeElementType(type.getElementType());
      if (et < 0)
        return op.emitOpError() << "element type " << type.getElementType()
                                << " is not supported by the runtime";
      auto buf = memrefBuffer(rewriter, loc, op, m);
      if (failed(buf))
        return failure();
      // A rank-0 memref (a scalar) is an array of one element.
      SmallVector<Value> shape;
      for (unsigned d = 0; d < type.getRank(); ++d)
        shape.push_back(
            toI64(rewriter, loc, memref::DimOp::create(rewriter, loc, m, d)));
      if (shape.empty())
        shape.push_back(i64c(rewriter, loc, 1));
      wrapper = callRuntime(
          rewriter, loc, "xmprt_darray_wrap_local", {ptrType(ctx)},
          {like, i32c(rewriter, loc, shape.size()),
           packInts(rewriter, loc, shape, 64), i32c(rewriter, loc, et),
           buf->first});
      return wrapper;
    };
    if (llvm::isa<MemRefType>(op.getDest().getType())) {
      auto h = wrap(dst, src);
      if (failed(h))
        return failure();
      dst = *h;
      owned = 1;
    } else if (llvm::isa<MemRefType>(op.getSource().getType())) {
      auto h = wrap(src, dst);
      if (failed(h))
        return failure();
      src = *h;
      owned = 2;
    }
    Value ssec = section(rewriter, loc, op.getSrcStatic(),
                         adaptor.getSrcDynamic(), op.getSrcScalar());
    Value dsec = section(rewriter, loc, op.getDstStatic(),
                         adaptor.getDstDynamic(), op.getDstScalar());
    bool acc = this->gpu && op.getAcc();
    if (auto mode = op.getMode()) {
      // One-sided (in / out): xmprt_gmove_onesided[_start], executed by
      // this rank alone.
      SmallVector<Value> args = {i64c(rewriter, loc, sites.lookup(op)),
                                 i32c(rewriter, loc, (int64_t)*mode),
                                 i32c(rewriter, loc, acc ? 1 : 0),
                                 dst, dsec, src, ssec};
      if constexpr (start) {
        args.push_back(i32c(rewriter, loc, owned));
        rewriter.replaceOp(op, callRuntime(rewriter, loc,
                                           "xmprt_gmove_onesided_start",
                                           {ptrType(ctx)}, args));
        return success();
      }
      callRuntime(rewriter, loc, "xmprt_gmove_onesided", {}, args);
      if (wrapper)
        callRuntime(rewriter, loc, "xmprt_darray_destroy", {}, {wrapper});
      rewriter.eraseOp(op);
      return success();
    }
    if (auto set = op.getNodes()) {
      SmallVector<Value> args = {loadHandle(rewriter, loc, "nodes", *set),
                                 i64c(rewriter, loc, sites.lookup(op)),
                                 i32c(rewriter, loc, acc ? 1 : 0),
                                 dst, dsec, src, ssec};
      Value what = globalText(rewriter, loc, this->module, gmoveText(op));
      if constexpr (start) {
        args.append({i32c(rewriter, loc, owned), what});
        rewriter.replaceOp(op, callRuntime(rewriter, loc,
                                           "xmprt_gmove_on_start",
                                           {ptrType(ctx)}, args));
        return success();
      }
      args.push_back(what);
      callRuntime(rewriter, loc, "xmprt_gmove_on", {}, args);
      if (wrapper)
        callRuntime(rewriter, loc, "xmprt_darray_destroy", {}, {wrapper});
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> args = {i64c(rewriter, loc, sites.lookup(op)), dst,
                               dsec, src, ssec};
    if constexpr (start) {
      args.push_back(i32c(rewriter, loc, owned));
      rewriter.replaceOp(
          op, callRuntime(rewriter, loc,
                          acc ? "xmprt_gmove_acc_start" : "xmprt_gmove_start",
                          {ptrType(ctx)}, args));
      return success();
    }
    callRuntime(rewriter, loc, acc ? "xmprt_gmove_acc" : "xmprt_gmove", {},
                args);
    if (wrapper)
      callRuntime(rewriter, loc, "xmprt_darray_destroy", {}, {wrapper});
    rewriter.eraseOp(op);
    return success();
  }
  llvm::DenseMap<Operation *, int64_t> &sites;
};

/// Ops that become one runtime call with an optional f64 result/operand.
template <typename OpT>
struct SimpleCallLowering : RuntimePattern<OpT> {
  SimpleCallLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m,
                     StringRef fn)
      : RuntimePattern<OpT>(tc, ctx, m), fn(fn) {}
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value r = callRuntime(rewriter, op.getLoc(), fn, op->getResultTypes(),
                          adaptor.getOperands());
    if (op->getNumResults())
      rewriter.replaceOp(op, r);
    else
      rewriter.eraseOp(op);
    return success();
  }
  std::string fn;
};

/// CPU path: one (host) instance, so the region runs as is. GPU path:
/// device instances are created on entry and freed on exit.
struct ReplicateLowering : RuntimePattern<ReplicateOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(ReplicateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> handles;
    if (gpu) {
      for (auto [orig, h] : llvm::zip(op.getArrays(), adaptor.getArrays())) {
        if (!llvm::isa<DArrayType>(orig.getType()))
          return op.emitOpError()
                 << "replicate of a plain memref (" << orig.getType()
                 << ") is not supported on the GPU path: use a darray";
        handles.push_back(h);
      }
      for (Value h : handles)
        callRuntime(rewriter, loc, "xmprt_replicate_begin", {}, {h});
    }
    Block &body = op.getBody().front();
    rewriter.eraseOp(body.getTerminator());
    rewriter.inlineBlockBefore(&body, op);
    for (Value h : llvm::reverse(handles))
      callRuntime(rewriter, loc, "xmprt_replicate_end", {}, {h});
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReplicateSyncLowering : RuntimePattern<ReplicateSyncOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(ReplicateSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (gpu) {
      Location loc = op.getLoc();
      int32_t dir = op.getDirection() == SyncDirection::in ? 0 : 1;
      for (auto [orig, h] : llvm::zip(op.getArrays(), adaptor.getArrays())) {
        if (!llvm::isa<DArrayType>(orig.getType()))
          return op.emitOpError()
                 << "replicate_sync of a plain memref (" << orig.getType()
                 << ") is not supported on the GPU path: use a darray";
        callRuntime(rewriter, loc, "xmprt_replicate_sync", {},
                    {h, i32c(rewriter, loc, dir)});
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Ops that keep runtime state per call site (result slots, scratch): the
/// address of a zero-initialized pointer global of their own.
struct SiteCells {
  llvm::DenseMap<Operation *, std::string> names;
  Value address(OpBuilder &b, Location loc, Operation *op) const {
    return LLVM::AddressOfOp::create(b, loc, ptrType(b.getContext()),
                                     names.lookup(op));
  }
};

struct ResultSlotLowering : RuntimePattern<ResultSlotOp> {
  ResultSlotLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m,
                     const SiteCells &cells)
      : RuntimePattern(tc, ctx, m), cells(cells) {}
  LogicalResult
  matchAndRewrite(ResultSlotOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto mt = llvm::cast<MemRefType>(op.getSlot().getType());
    Value p = callRuntime(
        rewriter, loc, "xmprt_result_slot", {ptrType(getContext())},
        {cells.address(rewriter, loc, op),
         i64c(rewriter, loc, byteSize(mt.getElementType()))});
    rewriter.replaceOp(
        op, descriptorOver(rewriter, loc, mt, p, {i64c(rewriter, loc, 1)}));
    return success();
  }
  const SiteCells &cells;
};

struct GpuScratchLowering : RuntimePattern<GpuScratchOp> {
  GpuScratchLowering(TypeConverter &tc, MLIRContext *ctx, ModuleOp m,
                     const SiteCells &cells)
      : RuntimePattern(tc, ctx, m), cells(cells) {}
  LogicalResult
  matchAndRewrite(GpuScratchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto mt = llvm::cast<MemRefType>(op.getBuffer().getType());
    Value n = toI64(rewriter, loc, adaptor.getCount());
    Value bytes = arith::MulIOp::create(
        rewriter, loc, n, i64c(rewriter, loc, byteSize(mt.getElementType())));
    Value p = callRuntime(rewriter, loc, "xmprt_gpu_scratch",
                          {ptrType(getContext())},
                          {cells.address(rewriter, loc, op), bytes});
    SmallVector<Value> sizes{mt.isDynamicDim(0) ? n
                                                : i64c(rewriter, loc,
                                                       mt.getDimSize(0))};
    rewriter.replaceOp(op, descriptorOver(rewriter, loc, mt, p, sizes));
    return success();
  }
  const SiteCells &cells;
};

/// The host waits for the GPU, then reads the slot.
struct ResultReadLowering : RuntimePattern<ResultReadOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(ResultReadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    callRuntime(rewriter, loc, "xmprt_gpu_wait", {}, {});
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    rewriter.replaceOpWithNewOp<memref::LoadOp>(op, adaptor.getSlot(),
                                                ValueRange{zero});
    return success();
  }
};

/// The host waits for the GPU (no earlier kernel may store later), then
/// writes the slot.
struct ResultWriteLowering : RuntimePattern<ResultWriteOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(ResultWriteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    callRuntime(rewriter, loc, "xmprt_gpu_wait", {}, {});
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    rewriter.replaceOpWithNewOp<memref::StoreOp>(
        op, adaptor.getValue(), adaptor.getSlot(), ValueRange{zero});
    return success();
  }
};

struct GpuStepBeginLowering : RuntimePattern<GpuStepBeginOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(GpuStepBeginOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), "xmprt_loop_gpu_begin", {},
                {i64c(rewriter, op.getLoc(), op.getLoop())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct GpuStepEndLowering : RuntimePattern<GpuStepEndOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(GpuStepEndOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    callRuntime(rewriter, loc, "xmprt_loop_gpu_end", {},
                {i64c(rewriter, loc, op.getLoop()),
                 toI64(rewriter, loc, adaptor.getIterations())});
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoopWeightLowering : RuntimePattern<LoopWeightOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(LoopWeightOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value w = callRuntime(rewriter, loc, "xmprt_loop_weight",
                          {rewriter.getF64Type()},
                          {i64c(rewriter, loc, op.getLoop()),
                           i32c(rewriter, loc, (int32_t)op.getMode()),
                           adaptor.getFixed()});
    rewriter.replaceOp(op, w);
    return success();
  }
};

struct LoopReportLowering : RuntimePattern<LoopReportOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(LoopReportOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    callRuntime(rewriter, loc, "xmprt_loop_report", {},
                {i64c(rewriter, loc, op.getLoop()), adaptor.getCpuSeconds(),
                 toI64(rewriter, loc, adaptor.getCpuIterations()),
                 adaptor.getGpuSeconds(),
                 toI64(rewriter, loc, adaptor.getGpuIterations())});
    if (op.getOnHost())
      callRuntime(rewriter, loc, "xmprt_device_loop_on_host", {},
                  {adaptor.getCpuSeconds()});
    rewriter.eraseOp(op);
    return success();
  }
};

struct DeviceLoopOnHostLowering : RuntimePattern<DeviceLoopOnHostOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(DeviceLoopOnHostOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), "xmprt_device_loop_on_host", {},
                {adaptor.getSeconds()});
    rewriter.eraseOp(op);
    return success();
  }
};

struct CpuPartWaitLowering : RuntimePattern<CpuPartWaitOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(CpuPartWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime(rewriter, op.getLoc(),
                                       "xmprt_cpu_parallel_for_wait",
                                       {rewriter.getF64Type()},
                                       {adaptor.getJob()}));
    return success();
  }
};

struct GpuTimerStartLowering : RuntimePattern<GpuTimerStartOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(GpuTimerStartOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), "xmprt_gpu_timer_start", {}, {});
    rewriter.eraseOp(op);
    return success();
  }
};

struct GpuTimerStopLowering : RuntimePattern<GpuTimerStopOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(GpuTimerStopOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime(rewriter, op.getLoc(),
                                       "xmprt_gpu_timer_stop",
                                       {rewriter.getF64Type()}, {}));
    return success();
  }
};

struct XMPToRuntimePass
    : public xmp::impl::XMPToRuntimeBase<XMPToRuntimePass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // Loops must have been lowered first.
    WalkResult w = module.walk([&](Operation *op) {
      if (isa<LoopOp, DeviceLoopOp, LoadOp, StoreOp>(op)) {
        op->emitOpError("must be lowered by xmp-lower-distribution before "
                        "xmp-to-runtime");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (w.wasInterrupted())
      return signalPassFailure();

    llvm::DenseMap<Operation *, int64_t> sites;
    module.walk([&](Operation *op) {
      if (isa<ReflectOp, ReflectInitOp, ReduceShadowOp, ReduceShadowInitOp,
              GMoveOp, GMoveStartOp>(op))
        sites[op] = sites.size() + 1;
    });
    if (failed(outlineCpuParts(module)) || failed(expandNumNodes(module)) ||
        failed(lowerModuleSymbols(module)))
      return signalPassFailure();
    // One pointer global per result slot / scratch site.
    SiteCells cells;
    {
      OpBuilder gb = OpBuilder::atBlockBegin(module.getBody());
      module.walk([&](Operation *op) {
        if (!isa<ResultSlotOp, GpuScratchOp>(op))
          return;
        std::string name;
        for (int k = (int)cells.names.size();; ++k) {
          name = "__xmp_site_" + std::to_string(k);
          if (!module.lookupSymbol(name))
            break;
        }
        Location loc = op->getLoc();
        auto g = LLVM::GlobalOp::create(gb, loc, ptrType(ctx),
                                        /*isConstant=*/false,
                                        LLVM::Linkage::Internal, name,
                                        Attribute());
        Block *init = gb.createBlock(&g.getInitializerRegion());
        OpBuilder ib = OpBuilder::atBlockEnd(init);
        LLVM::ReturnOp::create(ib, loc,
                               LLVM::ZeroOp::create(ib, loc, ptrType(ctx)));
        gb.setInsertionPointAfter(g);
        cells.names[op] = name;
      });
    }

    TypeConverter tc;
    tc.addConversion([](Type t) { return t; });
    tc.addConversion([ctx](DArrayType) { return ptrType(ctx); });
    tc.addConversion([ctx](ReflectPlanType) { return ptrType(ctx); });
    tc.addConversion([ctx](TokenType) { return ptrType(ctx); });
    tc.addConversion([ctx](RequestType) { return ptrType(ctx); });
    tc.addConversion([ctx](CpuJobType) { return ptrType(ctx); });
    auto cast = [](OpBuilder &b, Type t, ValueRange in, Location loc) -> Value {
      return UnrealizedConversionCastOp::create(b, loc, t, in).getResult(0);
    };
    tc.addSourceMaterialization(cast);
    tc.addTargetMaterialization(cast);

    ConversionTarget target(*ctx);
    target.addIllegalDialect<XMPDialect>();
    target.addLegalDialect<LLVM::LLVMDialect, arith::ArithDialect,
                           memref::MemRefDialect, scf::SCFDialect>();
    target.addLegalOp<UnrealizedConversionCastOp, ModuleOp>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return tc.isSignatureLegal(f.getFunctionType()) &&
             tc.isLegal(&f.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return tc.isLegal(op); });
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return tc.isLegal(op); });

    RewritePatternSet patterns(ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, tc);
    populateCallOpTypeConversionPattern(patterns, tc);
    populateReturnOpTypeConversionPattern(patterns, tc);
    scf::populateSCFStructuralTypeConversionsAndLegality(tc, patterns, target);
    // Darray types read (gmove in) or written (gmove out) one-sidedly.
    llvm::DenseSet<Type> exposed;
    module.walk([&](Operation *op) {
      auto note = [&](auto g) {
        if (auto mode = g.getMode())
          exposed.insert(*mode == GMoveMode::in ? g.getSource().getType()
                                                : g.getDest().getType());
      };
      if (auto g = dyn_cast<GMoveOp>(op))
        note(g);
      else if (auto g = dyn_cast<GMoveStartOp>(op))
        note(g);
    });
    patterns.add<AllocLowering>(tc, ctx, module, exposed);
    patterns.add<LocalViewLowering, DeviceAcquireLowering,
                 DeviceReleaseLowering, LocalBoundsLowering, LoopSplitLowering,
                 SplitCommitLowering,
                 ReductionLowering, BcastLowering,
                 BarrierLowering, ReplicateLowering, ReplicateSyncLowering,
                 ArrayQueryLowering<ArrayLSizeOp>,
                 ArrayQueryLowering<ArrayExtentOp>,
                 ArrayQueryLowering<ArrayGSizeOp>,
                 ArrayQueryLowering<ArrayGtoLOp>, TemplateOwnsLowering,
                 CheckHoldsLowering,
                 ReductionStartLowering, BcastStartLowering, WaitLowering,
                 AsyncRegisterLowering>(
        tc, ctx, module, gpu);
    patterns.add<FlagCallLowering<TestOp>>(tc, ctx, module, "xmprt_test");
    patterns.add<FlagCallLowering<TestAsyncOp>>(tc, ctx, module,
                                                "xmprt_async_test");
    patterns.add<SimpleCallLowering<WaitAsyncOp>>(tc, ctx, module,
                                                  "xmprt_async_wait");
    patterns.add<GMoveLowering<GMoveOp>, GMoveLowering<GMoveStartOp>>(
        tc, ctx, module, gpu, sites);
    patterns.add<CachedPlanLowering<ReflectOp>>(tc, ctx, module, gpu, sites,
                                                "xmprt_reflect_cached");
    patterns.add<CachedPlanLowering<ReflectInitOp>>(
        tc, ctx, module, gpu, sites, "xmprt_reflect_cached");
    patterns.add<CachedPlanLowering<ReduceShadowOp>,
                 CachedPlanLowering<ReduceShadowInitOp>>(
        tc, ctx, module, gpu, sites, "xmprt_reduce_shadow_cached");
    patterns.add<ResultSlotLowering, GpuScratchLowering>(tc, ctx, module,
                                                         cells);
    patterns.add<LoopWeightLowering, LoopReportLowering,
                 DeviceLoopOnHostLowering, CpuPartWaitLowering,
                 GpuTimerStartLowering, GpuTimerStopLowering>(tc, ctx, module,
                                                              gpu);
    patterns.add<ResultReadLowering, ResultWriteLowering, GpuStepBeginLowering,
                 GpuStepEndLowering>(tc, ctx, module, gpu);
    patterns.add<SimpleCallLowering<HostModifiedOp>>(
        tc, ctx, module, "xmprt_darray_host_modified");
    patterns.add<SimpleCallLowering<HostAcquireOp>>(
        tc, ctx, module, "xmprt_darray_host_acquire");
    patterns.add<TemplateQueryLowering<TemplateBoundsOp>>(
        tc, ctx, module, "xmprt_template_owned_lo", "xmprt_template_owned_hi");
    patterns.add<TemplateQueryLowering<TemplateCoordOp>>(
        tc, ctx, module, "xmprt_template_coord", "xmprt_template_procs");
    patterns.add<PlanCallLowering<ReflectDoOp>>(tc, ctx, module,
                                                "xmprt_reflect_do");
    patterns.add<PlanCallLowering<ReflectStartOp>>(tc, ctx, module,
                                                   "xmprt_reflect_start");
    patterns.add<PlanCallLowering<ReflectWaitOp>>(tc, ctx, module,
                                                  "xmprt_reflect_wait");
    patterns.add<SimpleCallLowering<DeallocOp>>(tc, ctx, module,
                                                "xmprt_darray_destroy");
    patterns.add<SimpleCallLowering<WtimeOp>>(tc, ctx, module, "xmprt_wtime");
    patterns.add<SimpleCallLowering<WtickOp>>(tc, ctx, module, "xmprt_wtick");
    patterns.add<NodesQueryLowering<NodeNumOp>,
                 NodesQueryLowering<NodeIndexOp>,
                 NodesQueryLowering<NodeSizeOp>, NodesCommLowering>(tc, ctx,
                                                                     module);
    patterns.add<SimpleCallLowering<CpuTimeOp>>(tc, ctx, module,
                                                "xmprt_cpu_time");
    patterns.add<SimpleCallLowering<GpuTimeOp>>(tc, ctx, module,
                                                "xmprt_gpu_time");
    patterns.add<SimpleCallLowering<ResetWeightOp>>(tc, ctx, module,
                                                    "xmprt_reset_weight");
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
