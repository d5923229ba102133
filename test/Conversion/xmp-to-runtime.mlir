// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s
// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s --check-prefix=TEXT

xmp.nodes @p(shape = ?x2)
xmp.template @t(shape = 16x16)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<16x16xf64, @t, align [0, 1], shadow [1:1, 1:1]>

// Grids and templates become globals created in __xmp_module_init; `?`
// becomes -1 (XMPRT_DYNAMIC).
// CHECK-DAG: llvm.mlir.global internal @__xmp_nodes_p() {{.*}} : !llvm.ptr
// CHECK-DAG: llvm.mlir.global internal @__xmp_template_t() {{.*}} : !llvm.ptr
// CHECK-LABEL: func.func private @__xmp_module_init()
// CHECK: %[[M1:.*]] = arith.constant -1 : i64
// CHECK: llvm.store %[[M1]]
// CHECK: call @xmprt_grid_create
// CHECK: call @xmprt_template_create
// CHECK: call @xmprt_template_distribute_counted(

// main initializes the runtime first and finalizes it before returning 0.
// CHECK-LABEL: func.func @main() -> i32
// CHECK: call @xmprt_init
// CHECK-NEXT: call @__xmp_module_init()
// CHECK: %[[H:.*]] = call @xmprt_darray_create
// The plan of the reflect in the loop is fetched once, right after the
// allocation, not per iteration.
// CHECK: %[[PLAN:.*]] = call @xmprt_reflect_cached(%{{.*}}, %[[H]]
// The local block is a memref descriptor over the runtime's buffer.
// CHECK: call @xmprt_darray_data(%[[H]])
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<?x10xf64>
// CHECK: scf.for
// CHECK-NEXT: call @xmprt_reflect_do(%[[PLAN]])
// CHECK: call @xmprt_reduce
// CHECK: call @xmprt_darray_destroy(%[[H]])
// CHECK: call @xmprt_finalize()
// CHECK: return %{{.*}} : i32
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %z = arith.constant 0.0 : f64
  %a = xmp.alloc : !a
  scf.for %it = %c0 to %c10 step %c1 {
    xmp.reflect %a : !a
  }
  xmp.store %z, %a[%c1, %c1] : !a
  %s = xmp.reduction add %z on @p : f64
  xmp.dealloc %a : !a
  return
}

// Explicit plans: init / start / wait; the token is the plan handle. The
// plan is the runtime's one for this op and array (xmprt_reflect_cached
// with the op's site), fetched where the array is defined: a reflect_init
// that runs again (in a loop, in a function called again) gets the same
// plan, not a new one.
// CHECK-LABEL: func.func @split(%{{.*}}: !llvm.ptr)
// CHECK: %[[P:.*]] = call @xmprt_reflect_cached(
// CHECK: call @xmprt_reflect_start(%[[P]])
// CHECK: call @xmprt_reflect_wait(%[[P]])
// CHECK: call @xmprt_barrier
// CHECK: call @xmprt_wtime
func.func @split(%a: !a) -> f64 {
  %p = xmp.reflect_init %a width [1:0, 0:1] periodic [true, false] channels [tca, ib] : !a -> !xmp.reflect_plan
  %t = xmp.reflect_start %p
  xmp.reflect_wait %t
  xmp.barrier on @p
  %w = xmp.wtime : f64
  return %w : f64
}

// orthogonal is the last argument of the plan calls (1; 0 without it).
// Both plans are fetched at the top (the array is an argument): the
// reflect_init's, then the reflect's, placed before it.
// CHECK-LABEL: func.func @orthogonal(%{{.*}}: !llvm.ptr)
// CHECK: %[[ACC2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ORTHO2:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[IP:.*]] = call @xmprt_reflect_cached(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ACC2]], %[[ORTHO2]])
// CHECK: %[[ACC:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ORTHO:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[OP:.*]] = call @xmprt_reflect_cached(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ACC]], %[[ORTHO]])
// CHECK-NEXT: call @xmprt_reflect_do(%[[OP]])
// CHECK-NEXT: call @xmprt_reflect_start(%[[IP]])
// CHECK: call @xmprt_reflect_wait(%[[IP]])
func.func @orthogonal(%a: !a) {
  xmp.reflect %a orthogonal : !a
  %p = xmp.reflect_init %a width [1:0, 1:1] orthogonal : !a -> !xmp.reflect_plan
  %t = xmp.reflect_start %p
  xmp.reflect_wait %t
  return
}

// reduce_shadow: a cached plan of its own kind (widths as i64 pairs,
// periodic flags as i32, acc, the operation: XMPRT_RED_SUM 0, _MAX 2,
// _MIN 3), fetched where the array is defined, run with xmprt_reflect_do;
// each op its own site.
// CHECK-LABEL: func.func @reduce_shadow(
// CHECK-SAME: %[[A:.*]]: !llvm.ptr)
// CHECK: %[[S1:.*]] = arith.constant {{[0-9]+}} : i64
// CHECK-NEXT: %[[N1:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[N2:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[N3:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[MIN:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[P1:.*]] = call @xmprt_reduce_shadow_cached(%[[S1]], %[[A]], %[[N1]], %[[N2]], %[[N3]], %[[Z]], %[[MIN]]) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32) -> !llvm.ptr
// CHECK: arith.constant 0 : i32
// CHECK-NEXT: %[[SUM:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[P0:.*]] = call @xmprt_reduce_shadow_cached(%{{.*}}, %[[A]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SUM]])
// CHECK: %[[PER:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: %[[WHI:.*]] = llvm.alloca %{{.*}} x i64
// CHECK: %[[WLO:.*]] = llvm.alloca %{{.*}} x i64
// CHECK: %[[MAX:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[P2:.*]] = call @xmprt_reduce_shadow_cached(%{{.*}}, %[[A]], %[[WLO]], %[[WHI]], %[[PER]], %{{.*}}, %[[MAX]])
// CHECK-NEXT: call @xmprt_reflect_do(%[[P2]])
// CHECK-NEXT: call @xmprt_reflect_do(%[[P0]])
// CHECK-NEXT: call @xmprt_reflect_do(%[[P1]])
func.func @reduce_shadow(%a: !a) {
  xmp.reduce_shadow max %a width [1:0, 1:1] periodic [true, false] : !a
  xmp.reduce_shadow %a : !a
  xmp.reduce_shadow min %a : !a
  return
}

// reduce_shadow_init: the same cached plan, split by reflect_start / wait
// (or run by reflect_do); each op its own site.
// CHECK-LABEL: func.func @reduce_shadow_split(
// CHECK-SAME: %[[A:.*]]: !llvm.ptr)
// CHECK: %[[MAX:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[P1:.*]] = call @xmprt_reduce_shadow_cached(%{{.*}}, %[[A]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[MAX]])
// CHECK: arith.constant 0 : i32
// CHECK-NEXT: %[[SUM:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[P0:.*]] = call @xmprt_reduce_shadow_cached(%{{.*}}, %[[A]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SUM]])
// CHECK: call @xmprt_reflect_start(%[[P0]])
// CHECK-NEXT: call @xmprt_reflect_wait(%[[P0]])
// CHECK-NEXT: call @xmprt_reflect_do(%[[P1]])
func.func @reduce_shadow_split(%a: !a) {
  %p = xmp.reduce_shadow_init %a : !a -> !xmp.reflect_plan
  %t = xmp.reflect_start %p
  xmp.reflect_wait %t
  %q = xmp.reduce_shadow_init max %a width [1:0, 1:1] : !a -> !xmp.reflect_plan
  xmp.reflect_do %q
  return
}

// Inquiries: this rank's number and coordinate, axis sizes (the `?` axis
// at run time; num_nodes the product over the axes, the static axis a
// constant once folded), the timer's resolution.
// CHECK-LABEL: func.func @inquiry
// CHECK: %[[G0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[RK:.*]] = call @xmprt_grid_rank(%[[G0]]) : (!llvm.ptr) -> i32
// CHECK: arith.extsi %[[RK]] : i32 to i64
// CHECK: %[[A0:.*]] = arith.constant 0 : i32
// CHECK: %[[S0:.*]] = call @xmprt_grid_size(%{{.*}}, %[[A0]]) : (!llvm.ptr, i32) -> i64
// CHECK: %[[S0I:.*]] = arith.index_cast %[[S0]] : i64 to index
// CHECK: %[[TWO:.*]] = arith.constant 2 : index
// CHECK: arith.muli %[[S0I]], %[[TWO]] : index
// CHECK: %[[B1:.*]] = arith.constant 1 : i32
// CHECK: call @xmprt_grid_coord(%{{.*}}, %[[B1]]) : (!llvm.ptr, i32) -> i64
// CHECK: call @xmprt_wtick() : () -> f64
func.func @inquiry() -> (index, index, index, f64) {
  %r = xmp.node_num @p
  %n = xmp.num_nodes @p
  %c = xmp.node_index @p [1]
  %t = xmp.wtick : f64
  return %r, %n, %c, %t : index, index, index, f64
}

// Array inquiries: owned count, local extent, global -> local index.
// CHECK-LABEL: func.func @array_inquiry
// CHECK: %[[D1:.*]] = arith.constant 1 : i32
// CHECK: call @xmprt_darray_owned_count(%{{.*}}, %[[D1]]) : (!llvm.ptr, i32) -> i64
// CHECK: call @xmprt_darray_local_extent(%{{.*}}, %{{.*}}) : (!llvm.ptr, i32) -> i64
// CHECK: %[[G:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: call @xmprt_darray_global_to_local(%{{.*}}, %{{.*}}, %[[G]]) : (!llvm.ptr, i32, i64) -> i64
func.func @array_inquiry(%a: !a, %g: index) -> (index, index, index) {
  %n = xmp.array_lsize %a [1] : !a
  %e = xmp.array_extent %a [0] : !a
  %l = xmp.array_gtol %a [1] %g : !a
  return %n, %e, %l : index, index, index
}

// xmp.array_gsize: a `?` dimension asks the runtime, a static one is its
// constant.
xmp.template @tq(shape = ?x16)
xmp.distribute @tq onto @p [block, block]
!q = !xmp.darray<?x16xf64, @tq, align [0, 1]>
// CHECK-LABEL: func.func @array_gsize
// CHECK: %[[D0:.*]] = arith.constant 0 : i32
// CHECK: %[[S:.*]] = call @xmprt_darray_gsize(%{{.*}}, %[[D0]]) : (!llvm.ptr, i32) -> i64
// CHECK: %[[SI:.*]] = arith.index_cast %[[S]] : i64 to index
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: return %[[SI]], %[[C16]]
func.func @array_gsize(%a: !q) -> (index, index) {
  %s0 = xmp.array_gsize %a [0] : !q
  %s1 = xmp.array_gsize %a [1] : !q
  return %s0, %s1 : index, index
}

// xmp.check_holds: the indices as i64s, the name and the position as
// global strings (one per text: two checks of one array share its name).
// TEXT-DAG: llvm.mlir.global internal constant @__xmp_text_{{[0-9A-F]+}}("a\00")
// TEXT-DAG: llvm.mlir.global internal constant @__xmp_text_{{[0-9A-F]+}}("p.c:3:5\00")
// CHECK-LABEL: func.func @check_holds
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr, %[[I:[^:]+]]: index, %[[J:[^:]+]]: index)
// CHECK: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: llvm.store %[[I64]]
// CHECK: %[[J64:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK: llvm.store %[[J64]]
// CHECK: %[[N:.*]] = llvm.mlir.addressof @[[NAME:__xmp_text_[0-9A-F]+]] : !llvm.ptr
// CHECK: %[[NP:.*]] = llvm.getelementptr %[[N]][0, 0]
// CHECK: call @xmprt_darray_check_holds(%[[A]], %{{.*}}, %[[NP]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: %[[N2:.*]] = llvm.mlir.addressof @[[NAME]] : !llvm.ptr
// CHECK: call @xmprt_darray_check_holds(%[[A]], %{{.*}}, %[[N2]], %{{.*}})
// Run-time bases: xmprt_darray_check_holds_based with them as i64s.
// CHECK: %[[B:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK: llvm.store %[[B]]
// CHECK: call @xmprt_darray_check_holds_based(%[[A]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
func.func @check_holds(%a: !a, %i: index, %j: index) {
  xmp.check_holds %a[%i, %j] name "a" at "p.c:3:5" : !a
  xmp.check_holds %a[%j, %i] name "a" at "p.c:4:5" : !a
  xmp.check_holds %a[%i, %i] name "a" at "p.c:5:5" base[%j, %i] : !a
  return
}

// CHECK-LABEL: func.func @nodes_comm
// CHECK: call @xmprt_grid_comm_f(%{{.*}}) : (!llvm.ptr) -> i32
func.func @nodes_comm() -> i32 {
  %c = xmp.nodes_comm @p
  return %c : i32
}

// CHECK-LABEL: func.func @async_collectives
// CHECK: %[[R:.*]] = call @xmprt_reduce_start(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i32, i32, !llvm.ptr, i64) -> !llvm.ptr
// CHECK: %[[B:.*]] = call @xmprt_bcast_start(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
// CHECK: call @xmprt_wait(%[[B]]) : (!llvm.ptr) -> ()
// CHECK: call @xmprt_wait(%[[R]]) : (!llvm.ptr) -> ()
func.func @async_collectives(%m: memref<4xf64>) {
  %r = xmp.reduction_start add %m on @p [1] : memref<4xf64>
  %b = xmp.bcast_start %m from [0, 1] on @p : memref<4xf64>
  xmp.wait %b
  xmp.wait %r
  return
}

// Broadcasts and barriers along grid axes: one call per axis, the root's
// coordinate on it (the second axis's line gets what the first brought to
// the root's coordinate); a started one along its axis.
// CHECK-LABEL: func.func @along_axes
// CHECK: %[[A:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[R:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @xmprt_bcast_axis(%{{.*}}, %[[A]], %[[R]], %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, !llvm.ptr, i64) -> ()
// CHECK: %[[A:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @xmprt_bcast_axis(%[[G:.*]], %[[A]], %[[R]], %[[BUF:.*]], %[[N:.*]]) : (!llvm.ptr, i32, i64, !llvm.ptr, i64) -> ()
// CHECK-NEXT: %[[A:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @xmprt_bcast_axis(%[[G]], %[[A]], %[[R]], %[[BUF]], %[[N]]) : (!llvm.ptr, i32, i64, !llvm.ptr, i64) -> ()
// CHECK: %[[A:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[S:.*]] = call @xmprt_bcast_axis_start(%{{.*}}, %[[A]], %[[R]], %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, !llvm.ptr, i64) -> !llvm.ptr
// CHECK-NEXT: call @xmprt_wait(%[[S]])
// CHECK: %[[A:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[R:.*]] = arith.constant 1 : i64
// CHECK: %[[V:.*]] = call @xmprt_bcast_axis_value_start(%{{.*}}, %[[A]], %[[R]], %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, !llvm.ptr, i32) -> !llvm.ptr
// CHECK: call @xmprt_wait_value(%[[V]]
// CHECK: %[[A:.*]] = arith.constant 1 : i32
// CHECK-NEXT: call @xmprt_barrier_axis(%[[G:.*]], %[[A]]) : (!llvm.ptr, i32) -> ()
// CHECK-NEXT: %[[A:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @xmprt_barrier_axis(%[[G]], %[[A]]) : (!llvm.ptr, i32) -> ()
func.func @along_axes(%m: memref<4xf64>, %x: f64) -> f64 {
  %y = xmp.bcast %x from [1] on @p [1] : f64
  xmp.bcast %m from [0, 1] on @p [1, 0] : memref<4xf64>
  %b = xmp.bcast_start %m from [0] on @p [0] : memref<4xf64>
  xmp.wait %b
  %v = xmp.bcast_start %y from [1] on @p [1] : f64
  %z = xmp.wait %v : f64
  xmp.barrier on @p [1, 0]
  return %z : f64
}

// xmp.gmove_start: the arguments of xmprt_gmove (site, dst, dst section,
// src, src section) and which descriptors the request owns: a memref side
// is wrapped (xmprt_darray_wrap_local), and the request destroys the
// wrapper when xmp.wait completes it (bit 0: destination, bit 1: source),
// where the blocking gmove destroys it right after the call.
// CHECK-LABEL: func.func @gmove_start
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr,
// CHECK: %[[W:.*]] = call @xmprt_darray_wrap_local(%[[A]],
// CHECK: %[[OWN:.*]] = arith.constant 1 : i32
// CHECK: %[[R:.*]] = call @xmprt_gmove_start(%{{.*}}, %[[W]], %{{.*}}, %[[A]], %{{.*}}, %[[OWN]]) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
// CHECK-NOT: xmprt_darray_destroy
// CHECK: %[[W2:.*]] = call @xmprt_darray_wrap_local(%[[A]],
// CHECK: %[[OWN2:.*]] = arith.constant 2 : i32
// CHECK: %[[R2:.*]] = call @xmprt_gmove_start(%{{.*}}, %[[A]], %{{.*}}, %[[W2]], %{{.*}}, %[[OWN2]])
// CHECK-NOT: xmprt_darray_destroy
// CHECK: call @xmprt_wait(%[[R]])
// CHECK: call @xmprt_wait(%[[R2]])
// CHECK: %[[W3:.*]] = call @xmprt_darray_wrap_local(%[[A]],
// CHECK: call @xmprt_gmove(%{{.*}}, %[[W3]],
// CHECK: call @xmprt_darray_destroy(%[[W3]])
func.func @gmove_start(%a: !a, %m: memref<16xf64>) {
  %r = xmp.gmove_start %a[0:16, 3] to %m[0:16] : !a to memref<16xf64>
  %r2 = xmp.gmove_start %m[0:16] to %a[2, 0:16] : memref<16xf64> to !a
  xmp.wait %r
  xmp.wait %r2
  xmp.gmove %a[0:16, 3] to %m[0:16] : !a to memref<16xf64>
  return
}

// A rank-0 memref (a scalar: XMP C's `x = a[i][j]` under gmove) is wrapped
// as one element, shape [1], and its empty section is that element
// (0:1:1).
// CHECK-LABEL: func.func @gmove_scalar
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr,
// CHECK: arith.constant 1 : i64
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[R1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[G:.*]] = llvm.getelementptr %[[SHAPE:.*]][0]
// CHECK-NEXT: llvm.store %[[ONE]], %[[G]] : i64, !llvm.ptr
// CHECK: %[[W:.*]] = call @xmprt_darray_wrap_local(%[[A]], %[[R1]], %[[SHAPE]],
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[U:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[S:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[G0:.*]] = llvm.getelementptr %[[SEC:.*]][0]
// CHECK-NEXT: llvm.store %[[Z]], %[[G0]]
// CHECK-NEXT: %[[G1:.*]] = llvm.getelementptr %[[SEC]][1]
// CHECK-NEXT: llvm.store %[[U]], %[[G1]]
// CHECK: call @xmprt_gmove(%{{.*}}, %[[W]], %[[SEC]], %[[A]],
// CHECK: call @xmprt_darray_destroy(%[[W]])
func.func @gmove_scalar(%a: !a, %x: memref<f64>) {
  xmp.gmove %a[3, 4] to %x[] : !a to memref<f64>
  return
}
