// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true -verify-diagnostics
// What a device loop cannot contain when it runs on the GPU: host-side
// operations (communication, nested work sharing, local views) and
// reductions narrower than 32 bits. The message names the op.

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

// -----

// Reductions on i8 and i16 (no 8/16-bit gpu.all_reduce / shuffles).
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
func.func @reduce_i16(%x: i16) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'xmp.device_loop' op reductions on 'i16' are not supported on the GPU (32- and 64-bit integers and floats are)}}
  %s = xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] reduce(add) init(%x) -> i16 {
    xmp.yield %x : i16
  }
  return %s : i16
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
func.func @reduce_i8(%x: i8, %y: f64) -> (f64, i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{reductions on 'i8' are not supported on the GPU}}
  %s:2 = xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] reduce(add, max) init(%y, %x) -> (f64, i8) {
    xmp.yield %y, %x : f64, i8
  }
  return %s#0, %s#1 : f64, i8
}
