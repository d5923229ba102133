// Upstream clean-ups between the xmp passes keep what the passes tell each
// other (or, where an attribute is lost, xmp-to-gpu says so: see
// xmp-to-gpu-invalid.mlir, @lost_marker): every device loop still becomes
// one kernel, its reduction included.
// RUN: xmp-opt %s --pass-pipeline='builtin.module(canonicalize,xmp-split-device-loops{gpu=true},canonicalize,cse,xmp-lower-distribution{gpu=true},canonicalize,cse,xmp-defer-result-reads,canonicalize,xmp-to-gpu,canonicalize)' | FileCheck %s

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1x64)
xmp.distribute @t onto @p [*, block]
!a_t = !xmp.darray<1x64xf64, @t, align [0, 1]>

// Each loop: the whole-loop kernel of a step without a CPU part and the
// GPU part of a split step (each also in its 64-bit-offset version).
// CHECK-LABEL: func.func @f
// CHECK-NOT: scf.parallel
// CHECK: gpu.launch {{.*}} function(@f_loop0)
// CHECK: gpu.launch {{.*}} function(@f_loop0_part)
// CHECK: gpu.launch {{.*}} function(@f_loop1)
// CHECK: gpu.launch {{.*}} function(@f_loop1_part)
// CHECK-NOT: scf.parallel
func.func @f(%a: !a_t, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f64
  // A single-iteration outer dimension.
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c1, %c64) step (%c1, %c1) on @t [0, 1] {
    xmp.store %x, %a[%i, %j] : !a_t
  }
  %s = xmp.device_loop (%i, %j) = (%c0, %c0) to (%c1, %c64) step (%c1, %c1) on @t [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i, %j] : !a_t
    xmp.yield %v : f64
  }
  return %s : f64
}
