// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true -verify-diagnostics
// Regression test: a nested xmp.loop / xmp.device_loop inside a device loop
// is rejected. The check runs before any loop is lowered (inner loops are
// lowered first, so afterwards they would no longer be recognizable and
// host ops would end up inside the kernel).

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16x16)
xmp.distribute @t onto @p [block, *]
func.func @nested_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.loop' op is not allowed inside an xmp.device_loop that runs on the GPU}}
    xmp.loop (%j) = (%c0) to (%c16) step (%c1) on @t [1] {
    }
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16x16)
xmp.distribute @t onto @p [block, *]
!a = !xmp.darray<16x16xf64, @t, align [0, 1]>
func.func @nested_device_loop(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.device_loop' op is not allowed inside an xmp.device_loop that runs on the GPU}}
    xmp.device_loop (%j) = (%c0) to (%c16) step (%c1) on @t [1] {
      xmp.store %x, %a[%i, %j] : !a
    }
  }
  return
}
