// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s
// One-sided gmove (in / out): xmprt_gmove_onesided[_start] with the mode
// (1 in, 2 out) and acc after the site; the arrays a one-sided gmove
// reaches remotely (the source of `in`, the destination of `out`) get their
// RMA window right after their allocation (xmprt_darray_enable_rma, the
// collective moment); the others do not.

xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = 1) = @p [0:1]
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!src = !xmp.darray<16xf64, @t, align [0]>
!dst = !xmp.darray<16xi32, @t, align [0], shadow [1:1]>
!none = !xmp.darray<16xf32, @t, align [0]>

// CHECK-LABEL: func.func @main()
// CHECK: %[[S:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_darray_create
// CHECK-NEXT: call @xmprt_darray_enable_rma(%[[S]]) : (!llvm.ptr) -> ()
// CHECK: %[[D:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_darray_create
// CHECK-NEXT: call @xmprt_darray_enable_rma(%[[D]]) : (!llvm.ptr) -> ()
// CHECK: %[[N:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_darray_create
// CHECK-NOT: xmprt_darray_enable_rma
// CHECK: call @xmprt_darray_destroy(%[[N]])
func.func @main() {
  %s = xmp.alloc : !src
  %d = xmp.alloc : !dst
  %n = xmp.alloc : !none
  %m = memref.alloc() : memref<16xf64>
  %k = memref.alloc() : memref<16xi32>
  call @inside(%s, %m) : (!src, memref<16xf64>) -> ()
  call @outside(%k, %d) : (memref<16xi32>, !dst) -> ()
  xmp.dealloc %s : !src
  xmp.dealloc %d : !dst
  xmp.dealloc %n : !none
  return
}

// Inside a task: in from a darray into a memref (wrapped, destroyed after
// the call), blocking and started (the request owns the wrapper: 1).
// CHECK-LABEL: func.func @inside
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr,
// CHECK: scf.if
// CHECK: %[[W:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_darray_wrap_local(%[[A]],
// CHECK-DAG: %[[IN:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[NOACC:.*]] = arith.constant 0 : i32
// CHECK: call @xmprt_gmove_onesided(%{{.*}}, %[[IN]], %[[NOACC]], %[[W]], %{{.*}}, %[[A]], %{{.*}}) : (i64, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: call @xmprt_darray_destroy(%[[W]])
// CHECK: %[[W2:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_darray_wrap_local(%[[A]],
// CHECK: %[[R:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_gmove_onesided_start(%{{.*}}, %{{.*}}, %{{.*}}, %[[W2]], %{{.*}}, %[[A]], %{{.*}}, %{{.*}}) : (i64, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
// CHECK-NOT: xmprt_darray_destroy
// CHECK: call @xmprt_wait(%[[R]])
func.func @inside(%a: !src, %m: memref<16xf64>) {
  xmp.task on @q {
    xmp.gmove in %a[4:16] to %m[0:12] : !src to memref<16xf64>
    %r = xmp.gmove_start in %a[0:16:2] to %m[0:8] : !src to memref<16xf64>
    xmp.wait %r
  }
  return
}

// out from a memref into a darray, under scf.if on the node index.
// CHECK-LABEL: func.func @outside
// CHECK-SAME: (%{{[^:]+}}: memref<16xi32>, %[[B:[^:]+]]: !llvm.ptr
// CHECK: scf.if
// CHECK: %[[W:[0-9a-z_]+]] = {{(func\.)?}}call @xmprt_darray_wrap_local(%[[B]],
// CHECK: %[[OUT:.*]] = arith.constant 2 : i32
// CHECK: call @xmprt_gmove_onesided(%{{.*}}, %[[OUT]], %{{.*}}, %[[B]], %{{.*}}, %[[W]], %{{.*}})
// CHECK: call @xmprt_darray_destroy(%[[W]])
func.func @outside(%k: memref<16xi32>, %b: !dst) {
  %c0 = arith.constant 0 : index
  %me = xmp.node_index @p [0]
  %first = arith.cmpi eq, %me, %c0 : index
  scf.if %first {
    xmp.gmove out %k[0:16] to %b[0:16] : memref<16xi32> to !dst
  }
  return
}
