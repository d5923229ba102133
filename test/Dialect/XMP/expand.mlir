// RUN: xmp-opt %s | xmp-opt | FileCheck %s
// RUN: xmp-opt %s -mlir-print-op-generic | xmp-opt | FileCheck %s
// RUN: xmp-opt %s --xmp-lower-distribution | FileCheck %s --check-prefix=LOW

// The expand clause of xmp.loop / xmp.device_loop: one `lo:hi` per
// induction variable, `unbound` per dimension. Round trip (custom and
// generic form) and the lowering of the widened bounds
// (xmp-check-accesses on expanded loops: test/Transforms/check-accesses.mlir).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<64xf64, @t, align [0], shadow [2:1]>

// CHECK-LABEL: func.func @bounded
// CHECK: xmp.loop (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) on @t [0] expand [2:1] {
// LOW-LABEL: func.func @bounded
// LOW: xmp.local_view
// LOW: %[[LO:.*]], %[[HI:.*]] = xmp.template_bounds @t[0]
// LOW: %[[C2:.*]] = arith.constant 2 : index
// LOW: %[[XLO:.*]] = arith.subi %[[LO]], %[[C2]]
// LOW: %[[XHI:.*]] = arith.addi %[[HI]], %{{.*}}
// LOW: arith.subi %[[XLO]], %arg1
// LOW: %[[START:.*]] = arith.addi %arg1,
// LOW: %[[END:.*]] = arith.minsi %arg2, %[[XHI]]
// LOW: %[[EMPTY:.*]] = arith.cmpi sle, %[[HI]], %[[LO]]
// LOW: %[[E:.*]] = arith.select %[[EMPTY]], %[[START]], %[[END]]
// LOW: scf.for %{{.*}} = %[[START]] to %[[E]]
func.func @bounded(%a: !a_t, %lb: index, %ub: index, %x: f64) {
  %c1 = arith.constant 1 : index
  xmp.loop (%i) = (%lb) to (%ub) step (%c1) on @t [0] expand [2:1] {
    xmp.store %x, %a[%i] : !a_t
  }
  return
}

// CHECK-LABEL: func.func @unbound
// CHECK: xmp.device_loop {{.*}} on @t [0] expand [unbound 1:1] {
// LOW-LABEL: func.func @unbound
// LOW: xmp.wtime
// LOW: %[[LO:.*]], %[[HI:.*]] = xmp.template_bounds @t[0]
// LOW: %[[XLO:.*]] = arith.subi %[[LO]],
// LOW: %[[XHI:.*]] = arith.addi %[[HI]],
// LOW-NOT: arith.maxsi
// LOW-NOT: arith.minsi
// LOW: %[[START:.*]] = arith.addi %arg1,
// LOW: %[[E:.*]] = arith.select %{{.*}}, %[[START]], %[[XHI]]
// LOW: scf.for %{{.*}} = %[[START]] to %[[E]]
func.func @unbound(%a: !a_t, %lb: index, %ub: index, %x: f64) {
  %c1 = arith.constant 1 : index
  xmp.device_loop (%i) = (%lb) to (%ub) step (%c1) on @t [0]
      expand [unbound 1:1] {
    %im = arith.subi %i, %c1 : index
    %v = xmp.load %a[%im] : !a_t
    xmp.store %v, %a[%i] : !a_t
  }
  return
}
