// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s
// gblock(*): a static template with a gblock(*) dimension is not
// distributed at start-up; its template_fix checks the sizes, hands the
// block sizes over (pointer and count of the memref) and distributes, with
// XMPRT_GBLOCK_FIXED (-2) as the dimension's count.
xmp.nodes @p(shape = ?)
xmp.template @s(shape = 12)
xmp.distribute @s onto @p [gblock(*)]
xmp.template @u(shape = 12)
xmp.distribute @u onto @p [block]

// CHECK-LABEL: func.func private @__xmp_module_init
// CHECK: call @xmprt_template_distribute_counted(
// CHECK-NOT: call @xmprt_template_distribute_counted(
// CHECK: return

// CHECK-LABEL: func.func @main
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: call @xmprt_template_gblock_fix(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, !llvm.ptr, i64) -> ()
// CHECK: arith.constant -2 : i64
// CHECK: call @xmprt_template_distribute_counted(
func.func @main() {
  %c4 = arith.constant 4 : index
  %m = memref.alloc(%c4) : memref<?xi64>
  xmp.template_fix @s() gblock(%m : memref<?xi64>)
  memref.dealloc %m : memref<?xi64>
  return
}
