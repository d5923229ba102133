//===- DArrayAliasScopes.cpp - disjoint darray blocks as alias scopes -----===//
//
// See the pass description in include/xmp/Conversion/Passes.td. Input: a
// module in the LLVM dialect (the end of xmp-lower-to-llvm). Only the
// runtime's contract is used: each xmprt_darray_create returns a new array
// whose local block (xmprt_darray_data) overlaps no other array's; and the
// compiler's: the arguments of a function marked xmp.distinct are
// different arrays (xmp-cfront's hidden parameters).
//===----------------------------------------------------------------------===//
#include "xmp/Conversion/Passes.h"
#include "xmp/Dialect/XMP/Transforms/DistributionInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::xmp {
#define GEN_PASS_DEF_XMPDARRAYALIASSCOPES
#include "xmp/Conversion/Passes.h.inc"
} // namespace mlir::xmp

using namespace mlir;

namespace {

StringRef calleeName(LLVM::CallOp call) {
  auto callee = call.getCallee();
  return callee ? *callee : StringRef();
}

/// The array whose data pointer `ptr` is derived from: the
/// xmprt_darray_create result that the xmprt_darray_data call at the root
/// took, or null when the root is anything else (or cannot be traced).
Value arrayOf(Value ptr) {
  for (int steps = 0; steps < 64 && ptr; ++steps) {
    Operation *def = ptr.getDefiningOp();
    if (!def)
      return Value(); // a block argument: not traced
    if (auto gep = dyn_cast<LLVM::GEPOp>(def)) {
      ptr = gep.getBase();
      continue;
    }
    if (auto ex = dyn_cast<LLVM::ExtractValueOp>(def)) {
      // A pointer field of a memref descriptor: find the insertvalue that
      // set that position.
      ArrayRef<int64_t> pos = ex.getPosition();
      Value agg = ex.getContainer();
      Value found;
      while (auto ins = agg.getDefiningOp<LLVM::InsertValueOp>()) {
        if (ins.getPosition() == pos) {
          found = ins.getValue();
          break;
        }
        agg = ins.getContainer();
      }
      ptr = found;
      continue;
    }
    if (auto call = dyn_cast<LLVM::CallOp>(def)) {
      if (calleeName(call) != "xmprt_darray_data" ||
          call.getNumOperands() != 1)
        return Value();
      Value h = call.getOperand(0);
      if (auto create = h.getDefiningOp<LLVM::CallOp>())
        return calleeName(create) == "xmprt_darray_create" ? h : Value();
      auto arg = dyn_cast<BlockArgument>(h);
      auto fn = arg && arg.getOwner()->isEntryBlock()
                    ? dyn_cast<LLVM::LLVMFuncOp>(arg.getOwner()->getParentOp())
                    : LLVM::LLVMFuncOp();
      if (fn && fn.getArgAttr(arg.getArgNumber(), xmp::kDistinctArgAttr))
        return h;
      return Value();
    }
    return Value();
  }
  return Value();
}

struct DArrayAliasScopesPass
    : public xmp::impl::XMPDArrayAliasScopesBase<DArrayAliasScopesPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    for (auto fn : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (fn.isExternal())
        continue;
      // Accesses by array, in program order.
      llvm::MapVector<Value, SmallVector<Operation *>> accesses;
      fn.walk([&](Operation *op) {
        Value addr;
        if (auto load = dyn_cast<LLVM::LoadOp>(op))
          addr = load.getAddr();
        else if (auto store = dyn_cast<LLVM::StoreOp>(op))
          addr = store.getAddr();
        else
          return;
        if (Value array = arrayOf(addr))
          accesses[array].push_back(op);
      });
      // One array alone gains nothing (and claims nothing).
      if (accesses.size() < 2)
        continue;
      auto domain = LLVM::AliasScopeDomainAttr::get(
          ctx, StringAttr::get(ctx, "xmp darrays of " + fn.getName().str()));
      SmallVector<Attribute> scopes;
      for (unsigned i = 0; i < accesses.size(); ++i)
        scopes.push_back(LLVM::AliasScopeAttr::get(
            domain, StringAttr::get(ctx, "darray " + std::to_string(i))));
      for (auto [i, entry] : llvm::enumerate(accesses)) {
        SmallVector<Attribute> others;
        for (auto [j, s] : llvm::enumerate(scopes))
          if (j != i)
            others.push_back(s);
        ArrayAttr own = ArrayAttr::get(ctx, scopes[i]);
        ArrayAttr noalias = ArrayAttr::get(ctx, others);
        for (Operation *op : entry.second) {
          auto iface = cast<LLVM::AliasAnalysisOpInterface>(op);
          iface.setAliasScopes(own);
          iface.setNoAliasScopes(noalias);
        }
      }
    }
  }
};

} // namespace
