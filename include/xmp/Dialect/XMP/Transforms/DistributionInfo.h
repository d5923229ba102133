//===- DistributionInfo.h - static distribution facts for lowering -*- C++ -*-===//
//
// Compile-time view of a darray's local block, computed with the runtime's
// header-only distribution core (xmprt/Distribution.h) so that compiler and
// runtime agree on every extent.
//
//===----------------------------------------------------------------------===//
#ifndef XMP_DIALECT_XMP_TRANSFORMS_DISTRIBUTIONINFO_H
#define XMP_DIALECT_XMP_TRANSFORMS_DISTRIBUTIONINFO_H

#include "xmp/Dialect/XMP/IR/XMP.h"

namespace mlir::xmp {

struct DArrayLayout {
  /// Local block (owned part plus shadows), row-major; `?` where an extent
  /// is only known at run time.
  MemRefType memrefType;
  SmallVector<int64_t> extents;
};

/// The local layout of `type`; symbols are looked up from `from`.
DArrayLayout computeLayout(Operation *from, DArrayType type);

/// The identity of a reduction kind for `type` (an integer or float type).
Value reductionIdentity(OpBuilder &b, Location loc, ReductionKind kind,
                        Type type);
/// `x <kind> y`.
Value reductionCombine(OpBuilder &b, Location loc, ReductionKind kind,
                       Value x, Value y);

/// `c` when `idx` is `iv`, `iv + c`, `c + iv` or `iv - c` for a constant
/// c (the index of an access at a fixed offset from a loop's induction
/// variable), else nothing.
std::optional<int64_t> constantOffsetFrom(Value idx, Value iv);

/// Combines a loop's node-local partial `results` across the grid axes that
/// the template dimensions `onDims` are distributed on (`xmp.reduction`),
/// then with `inits`; `anchor` locates the nodes symbol.
void combineAcrossNodes(OpBuilder &b, Location loc, Operation *anchor,
                        DistributeOp dist, ArrayRef<int64_t> onDims,
                        ArrayRef<ReductionKind> kinds, ValueRange inits,
                        SmallVectorImpl<Value> &results);

/// Marks the two parts of a loop split by `xmp-split-device-loops`: their
/// reductions are node-local partials (identity inits, no combination
/// across nodes), their coherence is handled by the split (no device
/// release, no host-modified marks).
constexpr llvm::StringLiteral kSplitPartAttr = "xmp.split_part";

/// Marks the device loop that `xmp-split-device-loops` runs when a step
/// has no CPU part: its reductions are this node's results combined with
/// the loop's inits only (the split combines them across nodes), and the
/// lowering does not time it (the split does). Implied by kSplitPartAttr.
constexpr llvm::StringLiteral kNodeLocalAttr = "xmp.node_local";

/// On darray arguments of a function (set by xmp-cfront on the arrays it
/// passes to the functions that use them): the arguments of one function
/// that carry it are pairwise different arrays, so their device views
/// cannot alias (xmp-to-gpu marks kernel views readonly / noalias).
constexpr llvm::StringLiteral kDistinctArgAttr = "xmp.distinct";

/// The name `xmp-to-gpu` gives a device loop's kernel (a StringAttr on the
/// device loop, carried to the `scf.parallel` it becomes); the split pass
/// names loops `<function>_loop<id>`, its GPU part `..._part`.
constexpr llvm::StringLiteral kKernelNameAttr = "xmp.kernel_name";
/// On the uses of a captured device view inside a gpu.launch: "readonly"
/// or "noalias", what xmp-to-gpu proved about the view (xmp-kernel-arg-attrs
/// turns it into argument attributes after outlining).
constexpr llvm::StringLiteral kKernelArgAttr = "xmp.kernel_arg";
/// On an outlined kernel (gpu.func, then llvm.func): the LLVM argument
/// numbers of the aligned pointers that get llvm.noalias once the
/// descriptors are expanded (xmp-kernel-arg-attrs -> xmp-kernel-llvm-attrs).
constexpr llvm::StringLiteral kNoAliasArgsAttr = "xmp.noalias_args";

/// A result slot (`xmp.result_slot`) for values of `elemType`, created at
/// the entry of the function enclosing `at`.
Value createResultSlot(OpBuilder &b, Location loc, Operation *at,
                       Type elemType);

} // namespace mlir::xmp

#endif
