// RUN: xmp-opt %s --xmp-lower-distribution=gpu=true | FileCheck %s
// Regression test: a device loop that yields the result of an xmp.load
// directly. The cloned load is rewritten into a memref.load after cloning;
// the yielded value must follow it (it once referred to the erased op).
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf32, @t, align [0]>
// CHECK-LABEL: func.func @sum
// CHECK: %[[D:.*]] = xmp.device_acquire %{{.*}} access(read)
// CHECK: scf.parallel
// CHECK: %[[V:.*]] = memref.load %[[D]]
// CHECK: scf.reduce(%[[V]] : f32)
func.func @sum(%a: !a, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %s = xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] reduce(add) init(%init) -> f32 {
    %v = xmp.load %a[%i] : !a
    xmp.yield %v : f32
  }
  return %s : f32
}
