// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution | FileCheck %s

// Static grid and template: the local block has a static shape
// (ceil(10/4) = 3 owned + 1 + 1 shadow); index translation is g - base with
// base = clamp(template owned lo - offset, 0, size) - shadow lo, computed
// once at the function entry (shared by every array that lies alike).
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 10)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<10xf64, @t, align [0], shadow [1:1]>
// CHECK-LABEL: func.func @static_block
// CHECK-NEXT: %[[LO:.*]], %{{.*}} = xmp.template_bounds @t[0]
// CHECK: %[[CL:.*]] = arith.maxsi
// CHECK: %[[BASE:.*]] = arith.subi %[[CL]], %c1
// CHECK: %[[A:.*]] = xmp.alloc
// CHECK-NEXT: %[[V:.*]] = xmp.local_view %[[A]] : {{.*}} -> memref<5xf64>
// CHECK: %[[TLO:.*]], %[[THI:.*]] = xmp.template_bounds @t[0]
// CHECK: %[[END:.*]] = arith.minsi %{{.*}}, %[[THI]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[END]] step
// CHECK:   %[[L:.*]] = arith.subi %[[I]], %[[BASE]]
// CHECK:   memref.store %{{.*}}, %[[V]][%[[L]]] : memref<5xf64>
// CHECK-NOT: xmp.loop
func.func @static_block(%x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %a = xmp.alloc : !a
  xmp.loop (%i) = (%c0) to (%c10) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Dynamic grid: the extent is only known at run time.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 10)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<10xf64, @t, align [0], shadow [1:1]>
// CHECK-LABEL: func.func @dynamic_grid
// CHECK: xmp.local_view %{{.*}} -> memref<?xf64>
func.func @dynamic_grid(%x: f64) {
  %c0 = arith.constant 0 : index
  %a = xmp.alloc : !a
  xmp.store %x, %a[%c0] : !a
  return
}

// -----

// A reduction loop: partial result carried through the loop from the
// identity, combined over the grid axis of the loop, then with init.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 8x8)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<8x8xi32, @t, align [0, 1]>
// CHECK-LABEL: func.func @reduce_rows
// CHECK: xmp.local_view %{{.*}} -> memref<4x4xi32>
// CHECK: %[[ID:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ID]]) -> (i32)
// CHECK:   memref.load
// CHECK:   arith.maxsi %[[ACC]]
// CHECK: %[[ALL:.*]] = xmp.reduction max %[[R]] on @p [0] : i32
// CHECK: arith.maxsi %{{.*}}, %[[ALL]] : i32
func.func @reduce_rows(%init: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = xmp.alloc : !a
  %m = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(max) init(%init) -> i32 {
    %v = xmp.load %a[%i, %c0] : !a
    xmp.yield %v : i32
  }
  return %m : i32
}

// -----

// Cyclic(3): a loop over blocks of the rank and one over each block; the
// local index is (g / (3 P)) * 3 + g % 3 - base. A rank outside the grid
// (coordinate -1) runs no block.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [cyclic(3)]
!a = !xmp.darray<17xi64, @t, align [0]>
// CHECK-LABEL: func.func @cyclic
// CHECK: %[[C:.*]], %[[P:.*]] = xmp.template_coord @t[0]
// CHECK: %[[LC:.*]], %[[LP:.*]] = xmp.template_coord @t[0]
// CHECK: %[[KS:.*]] = arith.floordivsi
// CHECK: %[[KE:.*]] = arith.maxsi %{{.*}}, %[[KS]]
// CHECK: %[[OUT:.*]] = arith.cmpi slt, %[[LC]], %{{.*}}
// CHECK: %[[KE2:.*]] = arith.select %[[OUT]], %[[KS]], %[[KE]]
// CHECK: scf.for %{{.*}} = %[[KS]] to %[[KE2]]
// CHECK:   scf.for %[[G:.*]] =
// CHECK:     arith.divsi %[[G]]
// CHECK:     arith.remsi %[[G]], %c3
// CHECK:     memref.store
func.func @cyclic(%x: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %a = xmp.alloc : !a
  xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Full shadow: local index = global index; not-aligned dims shift by the
// low shadow only. Device loops on the CPU path run on the host and record
// their time.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 6)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<6x4xf32, @t, align [0, *], shadow [*, 0:0]>
// CHECK-LABEL: func.func @full_shadow
// CHECK: xmp.local_view %{{.*}} -> memref<6x4xf32>
// CHECK: xmp.wtime
// CHECK: scf.for
// CHECK:   memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<6x4xf32>
// CHECK: xmp.device_loop_on_host
func.func @full_shadow(%j: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %a = xmp.alloc : !a
  xmp.device_loop (%i) = (%c0) to (%c6) step (%c1) on @t [0] {
    %v = xmp.load %a[%i, %j] : !a
  }
  return
}

// -----

// Static layouts on the largest grid MPI can number (2^31 - 1 ranks) and a
// template near 2^63: local extents in closed form (they used to loop over
// every coordinate), exact and without 64-bit wrap-around.
xmp.nodes @p(shape = 2147483647)
xmp.template @t(shape = 9223372036854775807)
xmp.template @u(shape = 17)
xmp.distribute @t onto @p [block]
xmp.distribute @u onto @p [cyclic(3)]
// CHECK-LABEL: func.func @huge_grid
// CHECK: xmp.local_view %{{.*}} -> memref<4294967299xf64>
// CHECK: xmp.local_view %{{.*}} -> memref<3xf64>
func.func @huge_grid(%x: f64) {
  %c0 = arith.constant 0 : index
  %a = xmp.alloc : !xmp.darray<9223372036854775807xf64, @t, align [0]>
  %b = xmp.alloc : !xmp.darray<17xf64, @u, align [0]>
  xmp.store %x, %a[%c0] : !xmp.darray<9223372036854775807xf64, @t, align [0]>
  xmp.store %x, %b[%c0] : !xmp.darray<17xf64, @u, align [0]>
  return
}
