// RUN: xmp-opt %s -split-input-file --xmp-specialize-shapes="shapes=t=64x48,p=2x3" -verify-diagnostics | FileCheck %s
// RUN: xmp-opt %s -split-input-file --xmp-specialize-shapes="shapes=t=64x48,p=2x3" --xmp-lower-distribution 2>/dev/null | FileCheck %s --check-prefix=LOWER
// RUN: xmp-opt %s -split-input-file --xmp-specialize-shapes="shapes=t=64x48" -verify-diagnostics | FileCheck %s --check-prefix=TONLY
// The pipeline option runs the pass first; the whole lowering succeeds.
// RUN: xmp-opt %s -split-input-file -xmp-lower-to-llvm="specialize=t=64x48,p=2x3" -verify-diagnostics -o /dev/null

// xmp-specialize-shapes: the grid and the template get static shapes, the
// template_fix gives every size (a run-time check of the values it had),
// the fixed values become constants where the fix dominates them, and the
// darray types whose allocations all give constants become static
// everywhere (functions included); the allocations lose those operands.

xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = ?x?)
xmp.distribute @t onto @p [block, block]
!u_t = !xmp.darray<?x?xf64, @t, align [0, 1], shadow [1:1, 1:1]>

// CHECK: !{{.*}} = !xmp.darray<64x48xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-NOT: ?x?xf64
// CHECK: xmp.nodes @p(shape = 2x3)
// CHECK: xmp.template @t(shape = 64x48)
// TONLY: xmp.nodes @p(shape = ?x?)
// TONLY: xmp.template @t(shape = 64x48)
// CHECK-LABEL: func.func @sweep
func.func @sweep(%u: !u_t) {
  return
}

// CHECK-LABEL: func.func @main
// CHECK: %[[X:.*]] = arith.index_cast
// CHECK: %[[Y:.*]] = arith.index_cast
// The size before the fix keeps its run-time value.
// CHECK: arith.addi %[[X]], %[[X]]
// CHECK: xmp.template_fix @t(%[[X]], %[[Y]])
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[C48:.*]] = arith.constant 48 : index
// CHECK: %[[U:.*]] = xmp.alloc : !darray
// CHECK: xmp.loop (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%[[C64]], %[[C48]])
// CHECK: call @sweep(%[[U]])
// LOWER-LABEL: func.func @main
// LOWER: xmp.local_view %{{.*}} -> memref<34x18xf64>
func.func private @xmprt_arg_i64(i32, i64) -> i64
func.func @main() {
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %d = arith.constant 16 : i64
  %x64 = func.call @xmprt_arg_i64(%i1, %d) : (i32, i64) -> i64
  %y64 = func.call @xmprt_arg_i64(%i2, %d) : (i32, i64) -> i64
  %x = arith.index_cast %x64 : i64 to index
  %y = arith.index_cast %y64 : i64 to index
  %before = arith.addi %x, %x : index
  xmp.template_fix @t(%x, %y)
  %u = xmp.alloc(%x, %y) : !u_t
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  xmp.loop (%i, %j) = (%c0, %c0) to (%x, %y) step (%c1, %c1) on @t [0, 1] {
    xmp.store %z, %u[%i, %j] : !u_t
  }
  func.call @sweep(%u) : (!u_t) -> ()
  return
}

// -----

// A partly static template: the fix gets the static size as a constant; an
// array whose allocations give a size that is not the same constant keeps
// that dimension `?` (with a warning), the others become static.

xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = ?x48)
xmp.distribute @t onto @p [block, block]
!a_t = !xmp.darray<?x48xf32, @t, align [0, 1]>
!b_t = !xmp.darray<?xf32, @t, align [0]>

// CHECK: !{{.*}} = !xmp.darray<64x48xf32, @t, align [0, 1]>
// CHECK: !{{.*}} = !xmp.darray<?xf32, @t, align [0]>
// CHECK-LABEL: func.func @partial
// CHECK: %[[C48:.*]] = arith.constant 48 : index
// CHECK: xmp.template_fix @t(%{{.*}}, %[[C48]])
// CHECK: xmp.alloc : !{{.*}}
// CHECK: xmp.alloc(%{{.*}}) : !{{.*}}
func.func @partial(%n: index, %m: index) {
  xmp.template_fix @t(%n)
  %a = xmp.alloc(%n) : !a_t
  // expected-warning @+1 {{xmp-specialize-shapes: dimension 0 of '!xmp.darray<?xf32, @t, align [0]>' stays '?': this xmp.alloc gives it a size that is not the same constant in every allocation of the type}}
  %b = xmp.alloc(%m) : !b_t
  return
}

// -----

// Arrays on another template are left alone.

xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = ?x?)
xmp.template @s(shape = ?)
xmp.nodes @q(shape = ?)
xmp.distribute @t onto @p [block, block]
xmp.distribute @s onto @q [block]
!s_t = !xmp.darray<?xf64, @s, align [0]>

// CHECK: !{{.*}} = !xmp.darray<?xf64, @s, align [0]>
// CHECK-LABEL: func.func @other
// CHECK: xmp.alloc(%{{.*}}) : !
func.func @other(%n: index) {
  %c64 = arith.constant 64 : index
  %c48 = arith.constant 48 : index
  xmp.template_fix @t(%c64, %c48)
  xmp.template_fix @s(%n)
  %a = xmp.alloc(%n) : !s_t
  return
}
