//===- XMP.h - the xmp dialect ----------------------------------*- C++ -*-===//
#ifndef XMP_DIALECT_XMP_IR_XMP_H
#define XMP_DIALECT_XMP_IR_XMP_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "xmp/Dialect/XMP/IR/XMPDialect.h.inc"
#include "xmp/Dialect/XMP/IR/XMPEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "xmp/Dialect/XMP/IR/XMPAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "xmp/Dialect/XMP/IR/XMPTypes.h.inc"

namespace mlir::xmp {
class DistributeOp;
/// firstmax, firstmin, lastmax, lastmin: reductions with location values.
inline bool isLocationReductionKind(ReductionKind k) {
  return k == ReductionKind::firstmax || k == ReductionKind::firstmin ||
         k == ReductionKind::lastmax || k == ReductionKind::lastmin;
}
/// The side-effect resource of collective operations: a loop that combines
/// reductions over the nodes or waits for a reflect (`overlap`) writes it,
/// so that no transformation erases, sinks or speculates it on some ranks
/// only (every rank of the grid must run it, in the same order).
struct CollectiveResource
    : public SideEffects::Resource::Base<CollectiveResource> {
  StringRef getName() final { return "xmp::Collective"; }
};
namespace detail {
/// The checks of XMP_ReflectLikeOpInterface (widths, periodic and channel
/// lists against the array's rank and shadow).
LogicalResult verifyReflectLike(Operation *op);
} // namespace detail
} // namespace mlir::xmp

#include "xmp/Dialect/XMP/IR/XMPInterfaces.h.inc"

#define GET_OP_CLASSES
#include "xmp/Dialect/XMP/IR/XMPOps.h.inc"

namespace mlir::xmp {
/// True if reduction `kind` is defined on element type `type`.
bool isReductionKindCompatible(ReductionKind kind, Type type);
/// Template and distribution a darray type refers to, looked up from `from`.
TemplateOp lookupTemplate(Operation *from, DArrayType type);
/// Why the function `call` calls (or one it calls in turn) cannot run inside
/// an xmp.device_loop, or an empty string: the callee must be defined in the
/// module, not recursive, take and return no darrays or memrefs, and use no
/// xmp operations, global memrefs or heap allocations (the GPU build
/// compiles it for the device).
std::string deviceCallProblem(CallOpInterface call, SymbolTableCollection &st);
/// Extents of the local block of `type` (owned part plus shadows, the same
/// on every rank), computed with the runtime's xmprt/Distribution.h so the
/// compiler and the runtime agree; ShapedType::kDynamic where an extent is
/// only known at run time, and INT64_MAX where shadows take it past 64 bits
/// (the verifier rejects such types). Symbols are looked up from `from`.
SmallVector<int64_t> localExtents(Operation *from, DArrayType type);
/// Bytes of one element of a darray (i1: 1; complex: both parts).
int64_t elementBytes(Type type);
} // namespace mlir::xmp

#endif
