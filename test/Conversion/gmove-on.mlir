// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s
// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime=gpu=true | FileCheck %s --check-prefix=GPU

// The collective gmove executed by a node set (`on @row`, inside a task on
// it): xmprt_gmove_on / xmprt_gmove_on_start with the node set's handle
// first, then site, acc (1 only on the GPU path), the sections as for
// xmprt_gmove, the `owned` bits of the started form, and the text naming
// the gmove in run-time errors (the name of a NameLoc and the position).
// The task itself became an scf.if on the rank's coordinates; the gmove
// without `on` outside it stays xmprt_gmove.

xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.template @t(shape = 16)
xmp.distribute @t onto @row [cyclic]
!r = !xmp.darray<16xf64, @t, align [0]>

// CHECK-DAG: llvm.mlir.global internal constant @__xmp_text_{{[0-9A-F]+}}("gmove 'loc = a' at prog.c:7:9\00")
// CHECK-DAG: llvm.mlir.global internal constant @__xmp_text_{{[0-9A-F]+}}("gmove async at prog.c:9:9\00")
// CHECK-DAG: llvm.mlir.global internal constant @__xmp_text_{{[0-9A-F]+}}("gmove at {{.*}}gmove-on.mlir:{{[0-9]+}}:5\00")

// CHECK-LABEL: func.func @gmove_on
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr, %[[B:[^:]+]]: !llvm.ptr,
// CHECK: scf.if
// CHECK: %[[W:.*]] = {{.*}}call @xmprt_darray_wrap_local(%[[A]],
// CHECK: %[[GA:.*]] = llvm.mlir.addressof @__xmp_nodes_row : !llvm.ptr
// CHECK-NEXT: %[[G:.*]] = llvm.load %[[GA]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[ACC:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[TA:.*]] = llvm.mlir.addressof @__xmp_text_{{[0-9A-F]+}} : !llvm.ptr
// CHECK-NEXT: %[[T:.*]] = llvm.getelementptr %[[TA]][0, 0]
// CHECK: call @xmprt_gmove_on(%[[G]], %{{.*}}, %[[ACC]], %[[W]], %{{.*}}, %[[A]], %{{.*}}, %[[T]]) : (!llvm.ptr, i64, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: call @xmprt_darray_destroy(%[[W]])
// CHECK: %[[ACC2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: llvm.mlir.addressof @__xmp_text_
// CHECK: call @xmprt_gmove_on(%{{[^,]+}}, %{{[^,]+}}, %[[ACC2]], %[[B]], %{{[^,]+}}, %[[A]], %{{[^,]+}}, %{{[^,]+}})
// CHECK: %[[W2:.*]] = {{.*}}call @xmprt_darray_wrap_local(%[[A]],
// CHECK: %[[OWN:.*]] = arith.constant 2 : i32
// CHECK: %[[R:.*]] = {{.*}}call @xmprt_gmove_on_start(%{{.*}}, %{{.*}}, %{{.*}}, %[[A]], %{{.*}}, %[[W2]], %{{.*}}, %[[OWN]], %{{.*}}) : (!llvm.ptr, i64, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> !llvm.ptr
// CHECK-NOT: xmprt_darray_destroy
// CHECK: call @xmprt_wait(%[[R]])
// CHECK: call @xmprt_gmove(%{{.*}}, %[[B]],
// CHECK-NOT: xmprt_gmove_on
// CHECK: return

// GPU-LABEL: func.func @gmove_on
// GPU: %[[ACC0:.*]] = arith.constant 0 : i32
// GPU-NEXT: llvm.mlir.addressof @__xmp_text_
// GPU: call @xmprt_gmove_on(%{{[^,]+}}, %{{[^,]+}}, %[[ACC0]],
// GPU: %[[ACC1:.*]] = arith.constant 1 : i32
// GPU-NEXT: llvm.mlir.addressof @__xmp_text_
// GPU: call @xmprt_gmove_on(%{{[^,]+}}, %{{[^,]+}}, %[[ACC1]],
// GPU: call @xmprt_gmove_on_start(
// GPU: call @xmprt_gmove(
func.func @gmove_on(%a: !r, %b: !r, %m: memref<16xf64>) {
  xmp.task on @row {
    xmp.gmove %a[0:16:2] to %m[0:8] on @row : !r to memref<16xf64> loc("loc = a"("prog.c":7:9))
    xmp.gmove %a[0:16] to %b[0:16] on @row acc : !r to !r
    %r = xmp.gmove_start %m[0:8] to %a[8:16] on @row : memref<16xf64> to !r loc("prog.c":9:9)
    xmp.wait %r
  }
  xmp.gmove %a[0:16] to %b[0:16] : !r to !r
  return
}
