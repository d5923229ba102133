// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true -verify-diagnostics
// What a device loop cannot contain when it runs on the GPU: host-side
// operations (communication, nested work sharing, local views). The message
// names the op. (Reductions narrower than 32 bits are widened to i32:
// lower-distribution-gpu.mlir.)

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
func.func @reflect_inside(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.reflect' op is not allowed inside an xmp.device_loop that runs on the GPU}}
    xmp.reflect %a : !a
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
func.func @gmove_inside(%a: !a, %b: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.gmove' op is not allowed inside an xmp.device_loop that runs on the GPU}}
    xmp.gmove %a[0:16] to %b[0:16] : !a to !a
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
func.func @barrier_inside() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.barrier' op is not allowed inside an xmp.device_loop that runs on the GPU}}
    xmp.barrier on @p
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
func.func @local_view_inside(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.local_view' op is not allowed inside an xmp.device_loop that runs on the GPU}}
    %v = xmp.local_view %a : !a -> memref<8xf64>
  }
  return
}
