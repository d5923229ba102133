// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s
// xmp.test (XMP's xmp_test_async) of every kind of request: a call of
// xmprt_test on the request (the pointer its start returned), non-zero
// giving true; the wait is still xmprt_wait / xmprt_wait_value on the same
// request. Inside a polling loop the call stays in the loop.

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>

// CHECK-LABEL: func.func @poll
// CHECK: %[[R:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_reduce_start(
// CHECK: scf.while
// CHECK: %[[T:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_test(%[[R]]) : (!llvm.ptr) -> i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[D:[0-9a-z_]+]] = arith.cmpi ne, %[[T]], %[[Z]] : i32
// CHECK: arith.xori %[[D]]
// CHECK: call @xmprt_wait(%[[R]]) : (!llvm.ptr) -> ()
func.func @poll(%m: memref<4xf64>) {
  %r = xmp.reduction_start add %m on @p : memref<4xf64>
  %true = arith.constant true
  scf.while : () -> () {
    %d = xmp.test %r
    %go = arith.xori %d, %true : i1
    scf.condition(%go)
  } do {
    scf.yield
  }
  xmp.wait %r
  return
}

// A scalar's request, a broadcast's and gmoves' (collective, one-sided):
// the same call; the scalar's value still comes from xmprt_wait_value.
// CHECK-LABEL: func.func @kinds
// CHECK: %[[S:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_reduce_value_start(
// CHECK: call @xmprt_test(%[[S]]) : (!llvm.ptr) -> i32
// CHECK: %[[B:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_bcast_value_start(
// CHECK: call @xmprt_test(%[[B]]) : (!llvm.ptr) -> i32
// CHECK: %[[G:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_gmove_start(
// CHECK: call @xmprt_test(%[[G]]) : (!llvm.ptr) -> i32
// CHECK: %[[O:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_gmove_onesided_start(
// CHECK: call @xmprt_test(%[[O]]) : (!llvm.ptr) -> i32
// CHECK: call @xmprt_wait_value(%[[S]]
// CHECK: call @xmprt_wait_value(%[[B]]
// CHECK: call @xmprt_wait(%[[G]])
// CHECK: call @xmprt_wait(%[[O]])
func.func @kinds(%x: f64, %a: !a, %b: !a, %m: memref<16xf64>)
    -> (f64, f64, i1, i1, i1, i1) {
  %s = xmp.reduction_start add %x on @p : f64
  %ts = xmp.test %s
  %q = xmp.bcast_start %x from [0] on @p : f64
  %tq = xmp.test %q
  %g = xmp.gmove_start %a[0:16] to %b[0:16] : !a to !a
  %tg = xmp.test %g
  %o = xmp.gmove_start in %a[0:16] to %m[0:16] : !a to memref<16xf64>
  %to = xmp.test %o
  %y = xmp.wait %s : f64
  %z = xmp.wait %q : f64
  xmp.wait %g
  xmp.wait %o
  return %y, %z, %ts, %tq, %tg, %to : f64, f64, i1, i1, i1, i1
}

// XMP's async ids: a request handed to an id (a scalar's with the address
// its value goes to), a reflect plan (the token is the plan), the id's
// test and wait.
// CHECK-LABEL: func.func @async_ids
// CHECK: %[[R:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_reduce_start(
// CHECK: %[[NUL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[M1:.*]] = arith.constant -1 : i32
// CHECK: call @xmprt_async_register(%[[ID:[0-9a-z_]+]], %[[R]], %[[M1]], %[[NUL]]) : (i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: %[[S:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_reduce_value_start(
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: %[[OUT:.*]] = llvm.inttoptr
// CHECK: %[[F64:.*]] = arith.constant {{[0-9]+}} : i32
// CHECK: call @xmprt_async_register(%[[ID]], %[[S]], %[[F64]], %[[OUT]])
// CHECK: call @xmprt_reflect_start(%[[P:[0-9a-z_]+]])
// CHECK: call @xmprt_async_register_reflect(%[[ID]], %[[P]]) : (i64, !llvm.ptr) -> ()
// CHECK: %[[T:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_async_test(%[[ID]]) : (i64) -> i32
// CHECK: arith.cmpi ne, %[[T]]
// CHECK: call @xmprt_async_wait(%[[ID]]) : (i64) -> ()
func.func @async_ids(%m: memref<4xf64>, %x: f64, %xm: memref<f64>,
                     %a: !xmp.darray<16xf64, @t, align [0], shadow [1:1]>,
                     %id: i64) -> i1 {
  %r = xmp.reduction_start add %m on @p : memref<4xf64>
  xmp.async_register %r, %id : !xmp.request
  %s = xmp.reduction_start max %x on @p : f64
  xmp.async_register %s, %id into %xm : !xmp.request, memref<f64>
  %plan = xmp.reflect_init %a : !xmp.darray<16xf64, @t, align [0], shadow [1:1]> -> !xmp.reflect_plan
  %t = xmp.reflect_start %plan
  xmp.async_register %t, %id : !xmp.token
  %done = xmp.test_async %id
  xmp.wait_async %id
  return %done : i1
}
