// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s
// Asynchronous reductions of a scalar and of a darray: the scalar goes
// into the request (xmprt_reduce_value_start, from a stack slot) and comes
// back at the wait (xmprt_wait_value with its runtime element type, into a
// stack slot that is loaded); the darray's host block is reduced in place
// (xmprt_reduce_start on its local block, the element count of the block).

xmp.nodes @p(shape = ?x2)
xmp.template @t(shape = 16x4)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<16xi32, @t, align [0], shadow [1:1]>

// CHECK-LABEL: func.func @scalar
// CHECK: llvm.store %{{.*}}, %[[SLOT:.*]] : f64, !llvm.ptr
// CHECK: %[[R:.*]] = {{(func\.)?}}call @xmprt_reduce_value_start(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SLOT]]) : (!llvm.ptr, i32, i32, i32, !llvm.ptr) -> !llvm.ptr
// CHECK: call @xmprt_wait_value(%[[R]], %{{.*}}, %[[OUT:[0-9a-z_]+]]) : (!llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: %[[V:.*]] = llvm.load %[[OUT]] : !llvm.ptr -> f64
// CHECK: return %[[V]] : f64
func.func @scalar(%x: f64) -> f64 {
  %r = xmp.reduction_start max %x on @p [1] : f64
  %y = xmp.wait %r : f64
  return %y : f64
}

// CHECK-LABEL: func.func @darray
// CHECK: %[[D:.*]] = {{(func\.)?}}call @xmprt_darray_data(
// CHECK: %[[R:.*]] = {{(func\.)?}}call @xmprt_reduce_start(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i32, i32, !llvm.ptr, i64) -> !llvm.ptr
// CHECK: call @xmprt_wait(%[[R]]) : (!llvm.ptr) -> ()
func.func @darray(%a: !a) {
  %r = xmp.reduction_start add %a on @p [1] : !a
  xmp.wait %r
  return
}

// A scalar broadcast likewise: xmprt_bcast_value_start (grid, root, the
// slot, the element type), the value at xmprt_wait_value.
// CHECK-LABEL: func.func @bcast_scalar
// CHECK: llvm.store %{{.*}}, %[[SLOT:.*]] : i32, !llvm.ptr
// CHECK: %[[R:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_bcast_value_start(%{{.*}}, %{{.*}}, %[[SLOT]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
// CHECK: call @xmprt_wait_value(%[[R]], %{{.*}}, %[[OUT:[0-9a-z_]+]])
// CHECK: llvm.load %[[OUT]] : !llvm.ptr -> i32
func.func @bcast_scalar(%x: i32) -> i32 {
  %r = xmp.bcast_start %x from [1, 0] on @p : i32
  %y = xmp.wait %r : i32
  return %y : i32
}
