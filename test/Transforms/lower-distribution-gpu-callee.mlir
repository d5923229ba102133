// RUN: xmp-opt %s --xmp-lower-distribution=gpu=true | FileCheck %s
// Regression test: a host loop storing to a darray through a function
// argument is followed by xmp.host_modified (the array may be device data
// used by a device loop elsewhere in the module; once missed, the next
// device loop read a stale device instance: a sum of 40 instead of 80 on
// an H100).
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 40)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<40xf64, @t, align [0]>
// CHECK-LABEL: func.func @hostinit
// CHECK-SAME: (%[[D:[^:]+]]: !darray
// CHECK: scf.for
// CHECK: memref.store
// CHECK: }
// CHECK-NEXT: xmp.host_modified %[[D]] : !darray
func.func @hostinit(%d: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  xmp.loop (%i) = (%c0) to (%c40) step (%c1) on @t [0] {
    xmp.store %x, %d[%i] : !a
  }
  return
}
func.func @main() -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %d = xmp.alloc : !a
  xmp.device_loop (%i) = (%c0) to (%c40) step (%c1) on @t [0] {
    xmp.store %one, %d[%i] : !a
  }
  func.call @hostinit(%d, %two) : (!a, f64) -> ()
  %s = xmp.device_loop (%i) = (%c0) to (%c40) step (%c1) on @t [0] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %d[%i] : !a
    %w = arith.addf %v, %zero : f64
    xmp.yield %w : f64
  }
  return %s : f64
}
