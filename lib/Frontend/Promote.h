//===- Promote.h - scalars carried through loops in SSA ----------*- C++ -*-===//
#ifndef XMP_LIB_FRONTEND_PROMOTE_H
#define XMP_LIB_FRONTEND_PROMOTE_H

#include "mlir/IR/Operation.h"

namespace xmpcfront {
/// In every scf.for / scf.while under `root`, the rank-0 memref.allocas
/// (C scalars) that only loads and stores use, in the loop's blocks and
/// nested scf ops, become loop-carried values (Promote.cpp).
void promoteScalarsInLoops(mlir::Operation *root);
} // namespace xmpcfront

#endif
