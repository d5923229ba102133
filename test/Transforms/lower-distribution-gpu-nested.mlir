// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true | FileCheck %s
// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution | FileCheck %s --check-prefix=CPU
// An xmp.loop nested in an xmp.device_loop runs sequentially in each
// iteration of the device loop, over the iterations of its own that this
// node owns (as on the host). On the GPU it becomes an scf.for nest inside
// the scf.parallel; the owned-range queries (xmp.template_bounds /
// xmp.template_coord: runtime calls) are made on the host, before the
// kernel; the nested loop's stores are device stores (no
// xmp.host_modified); its reduction, over undistributed dimensions only
// (the verifier's rule), is carried through its scf.for nest and combined
// with its init inside the iteration (no xmp.reduction). The CPU build
// lowers the same nest to host loops.

// Outer device loop over the block dimension, inner loop over the cyclic
// dimension of the same template (a triangular range: j from i), and an
// inner reduction over the undistributed dimension of another template.
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = 16x12)
xmp.distribute @t onto @p [block, cyclic]
xmp.nodes @q(shape = ?)
xmp.template @s(shape = 16x5)
xmp.distribute @s onto @q [block, *]
!a = !xmp.darray<16x12xf64, @t, align [0, 1]>
!w = !xmp.darray<16x5xf64, @s, align [0, 1]>
// CHECK-LABEL: func.func @nested
// The queries of both nested loops come out of the kernel.
// CHECK: xmp.template_bounds @t[0]
// CHECK: xmp.device_acquire
// CHECK-DAG: xmp.template_coord @t[1]
// CHECK-DAG: xmp.template_bounds @s[1]
// CHECK: scf.parallel
// CHECK-NOT: xmp.template_
// CHECK-NOT: xmp.host_modified
// CHECK-NOT: xmp.reduction
// The reduction over @s[1] (undistributed) in each iteration: scf.for
// with an add carried from 0.0, then combined with its init %x.
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[Z]]) -> (f64) {
// CHECK: memref.load
// CHECK: arith.addf %[[ACC]],
// CHECK: %[[TOT:.*]] = arith.addf %{{.*}}, %[[R]] : f64
// The cyclic inner loop: blocks, then elements, storing on the device.
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store
// CHECK: scf.reduce
// CHECK: } {xmp.device}
// CHECK: xmp.device_release
// CHECK-NOT: xmp.host_modified
// CHECK: return
// CPU-LABEL: func.func @nested
// CPU: scf.for
// CPU: xmp.template_bounds @s[1]
// CPU: scf.for
// CPU: xmp.template_coord @t[1]
// CPU: scf.for
// CPU: scf.for
// CPU-NOT: xmp.reduction
// CPU: xmp.device_loop_on_host
func.func @nested(%a: !a, %w: !w, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    %s = xmp.loop (%k) = (%c0) to (%c5) step (%c1) on @s [1] reduce(add) init(%x) -> f64 {
      %v = xmp.load %w[%i, %k] : !w
      xmp.yield %v : f64
    }
    xmp.loop (%j) = (%i) to (%c12) step (%c1) on @t [1] {
      xmp.store %s, %a[%i, %j] : !a
    }
  }
  return
}

// -----

// In a module with device loops a host loop nest marks what it stores once,
// after the outermost loop (not per iteration of the outer one).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16x4)
xmp.distribute @t onto @p [block, *]
!a = !xmp.darray<16x4xf64, @t, align [0, 1]>
// CHECK-LABEL: func.func @host_nest
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NOT: xmp.host_modified
// CHECK: }
// CHECK: }
// CHECK-NEXT: xmp.host_modified %{{.*}} : !darray
// CHECK-NOT: xmp.host_modified
// CHECK: scf.parallel
func.func @host_nest(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  xmp.loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    xmp.loop (%j) = (%c0) to (%c4) step (%c1) on @t [1] {
      xmp.store %x, %a[%i, %j] : !a
    }
  }
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    %v = xmp.load %a[%i, %c0] : !a
    xmp.store %v, %a[%i, %c1] : !a
  }
  return
}
