// RUN: xmp-opt %s -split-input-file | xmp-opt -split-input-file | FileCheck %s
// RUN: xmp-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic > /dev/null
// gblock(*): the format parses and prints, template_fix takes one i64
// memref per gblock(*) dimension.

// CHECK: xmp.distribute @t onto @p [gblock(*), block]
// CHECK: xmp.template_fix @t(%{{.*}}) gblock(%{{.*}} : memref<?xi64>)
// CHECK: xmp.template_fix @s() gblock(%{{.*}}, %{{.*}} : memref<2xi64>, memref<?xi64>)
xmp.nodes @p(shape = 2x?)
xmp.template @t(shape = ?x8)
xmp.distribute @t onto @p [gblock(*), block]
xmp.template @s(shape = 8x8)
xmp.distribute @s onto @p [gblock(*), gblock(*)]
!a_t = !xmp.darray<?x8xf64, @t, align [0, 1], shadow [1:1, 0:0]>
func.func @f(%n: index, %m: memref<?xi64>, %m2: memref<2xi64>) {
  xmp.template_fix @t(%n) gblock(%m : memref<?xi64>)
  xmp.template_fix @s() gblock(%m2, %m : memref<2xi64>, memref<?xi64>)
  %a = xmp.alloc(%n) : !a_t
  xmp.dealloc %a : !a_t
  return
}
