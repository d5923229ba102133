// RUN: xmp-opt %s | xmp-opt | FileCheck %s
// RUN: xmp-opt %s -mlir-print-op-generic | xmp-opt | FileCheck %s
// RUN: xmp-opt %s --xmp-lower-distribution --canonicalize --cse | FileCheck %s --check-prefix=LOW
// RUN: xmp-opt %s "--xmp-lower-distribution=gpu=true" --canonicalize --cse | FileCheck %s --check-prefix=GPU

// The margin clause of xmp.loop / xmp.device_loop (XMP's `margin`): the
// grammar of expand, and only the iterations expand would add. Round trip
// (custom and generic form: attributes frameLo / frameHi / frameUnbound)
// and the lowering as disjoint boxes: for each dimension with a width, its
// low and high slab of the expanded range, the dimensions before it over
// the plain range, the ones after it over the expanded range. (Iterations
// on 1-7 ranks: test/Integration/margin.test.)
xmp.nodes @q(shape = ?x?)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @q [block, block]
!a_t = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [2:1, 1:1]>

// CHECK-LABEL: func.func @frame
// CHECK: xmp.loop {{.*}} on @t [0, 1] margin [2:1, unbound 1:1] {
// LOW-LABEL: func.func @frame
// Dimension 0's slabs over dimension 1's expanded range, then dimension
// 1's slabs over dimension 0's plain range [PS, PE).
// LOW: scf.for %{{.*}} = %[[XS:[0-9]+]] to %[[PS:[0-9]+]] step
// LOW-NEXT: scf.for %{{.*}} = %[[YS:[0-9]+]] to %[[YE:[0-9]+]] step
// LOW: memref.store
// LOW: scf.for %{{.*}} = %[[PE:[0-9]+]] to %[[XE:[0-9]+]] step
// LOW-NEXT: scf.for %{{.*}} = %[[YS]] to %[[YE]] step
// LOW: memref.store
// LOW: scf.for %{{.*}} = %[[PS]] to %[[PE]] step
// LOW-NEXT: scf.for %{{.*}} = %[[YS]] to %[[QS:[0-9]+]] step
// LOW: memref.store
// LOW: scf.for %{{.*}} = %[[PS]] to %[[PE]] step
// LOW-NEXT: scf.for %{{.*}} = %[[QE:[0-9]+]] to %{{[0-9]+}} step
// LOW: memref.store
// LOW-NOT: scf.for
// LOW: return
func.func @frame(%a: !a_t, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.loop (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c1, %c1) on @t [0, 1]
      margin [2:1, unbound 1:1] {
    xmp.store %x, %a[%i, %j] : !a_t
  }
  return
}

// A dimension without a width adds no slab: a device loop whose margin is
// in dimension 1 only is two boxes over the plain rows, one kernel each on
// the GPU path, the node's partials combined before the reduction across
// nodes.
// CHECK-LABEL: func.func @columns
// CHECK: xmp.device_loop {{.*}} on @t [0, 1] margin [0:0, 1:1] reduce(add)
// LOW-LABEL: func.func @columns
// LOW: %[[R0:.*]] = scf.for %{{.*}} = %[[PS:[0-9]+]] to %[[PE:[0-9]+]] step
// LOW-NEXT: scf.for %{{.*}} = %[[YS:[0-9]+]] to %[[QS:[0-9]+]] step
// LOW: scf.for %{{.*}} = %[[PS]] to %[[PE]] step {{.*}} iter_args(%{{.*}} = %[[R0]])
// LOW-NEXT: scf.for %{{.*}} = %[[QE:[0-9]+]] to %[[YE:[0-9]+]] step
// LOW-NOT: scf.for
// LOW: xmp.reduction add
// LOW: xmp.device_loop_on_host
// GPU-LABEL: func.func @columns
// GPU: %[[K0:.*]] = scf.parallel
// GPU: } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<add>]}
// GPU: %[[K1:.*]] = scf.parallel
// GPU: } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<add>]}
// GPU-NOT: scf.parallel
// GPU: %[[S:.*]] = arith.addf %[[K0]], %[[K1]]
// GPU: xmp.result_write %[[S]]
// GPU: xmp.reduction add
func.func @columns(%a: !a_t, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %s = xmp.device_loop (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c1, %c1)
      on @t [0, 1] margin [0:0, 1:1] reduce(add) init(%x) -> f64 {
    %v = xmp.load %a[%i, %j] : !a_t
    xmp.yield %v : f64
  }
  return %s : f64
}

// No width at all: no iteration (the reduction is the init's).
// CHECK-LABEL: func.func @none
// CHECK: xmp.loop {{.*}} margin [0:0] reduce(max)
// LOW-LABEL: func.func @none
// LOW-NOT: scf.for
// LOW: xmp.reduction max
func.func @none(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %s = xmp.loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] margin [0:0]
      reduce(max) init(%x) -> f64 {
    xmp.yield %x : f64
  }
  return %s : f64
}
