// RUN: xmp-opt --loop-invariant-code-motion %s | FileCheck %s
// RUN: xmp-opt --cse %s | FileCheck %s --check-prefix=CSE

// xmp.loop and xmp.device_loop are LoopLikeOpInterface loops. Each node runs
// only the iterations it owns, so only what is the same in every iteration
// on every node may leave the body: loop-invariant code motion hoists ops
// whose operands are defined outside and that have no memory effects and are
// speculatable (pure arithmetic), and leaves xmp.load (which reads the
// array), xmp.store and anything depending on an induction variable inside.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>

// CHECK-LABEL: func.func @host_loop
// CHECK-SAME: (%[[A:.*]]: !darray, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[X:.*]]: f64, %[[Y:.*]]: f64, %[[K:.*]]: index)
// CHECK: %[[C:.*]] = arith.mulf %[[X]], %[[Y]] : f64
// CHECK-NEXT: xmp.loop (%[[I:.*]]) =
// CHECK-NEXT: %[[V:.*]] = xmp.load %[[A]][%[[K]]] : !darray
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[I]], %[[K]] : index
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[C]], %[[V]] : f64
// CHECK-NEXT: xmp.store %[[S]], %[[A]][%[[J]]] : !darray
// CHECK-NEXT: }
func.func @host_loop(%a: !a_t, %lb: index, %ub: index, %st: index,
                     %x: f64, %y: f64, %k: index) {
  xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0] {
    %c = arith.mulf %x, %y : f64
    %v = xmp.load %a[%k] : !a_t
    %j = arith.addi %i, %k : index
    %s = arith.addf %c, %v : f64
    xmp.store %s, %a[%j] : !a_t
    xmp.yield
  }
  return
}

// A reduction's contribution computed from invariant values is hoisted too:
// the loop still combines one contribution per owned iteration.
// CHECK-LABEL: func.func @reducing_loop
// CHECK: %[[C:.*]] = arith.mulf
// CHECK-NEXT: %{{.*}} = xmp.loop
// CHECK-NEXT: xmp.yield %[[C]] : f64
func.func @reducing_loop(%lb: index, %ub: index, %st: index, %x: f64,
                         %zero: f64) -> f64 {
  %r = xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0]
      reduce(add) init(%zero) -> f64 {
    %c = arith.mulf %x, %x : f64
    xmp.yield %c : f64
  }
  return %r : f64
}

// The same out of a device loop (the hoisted value is computed on the host
// and passed in, as any value defined above the loop), and out of a
// sequential xmp.loop nested in it into the device loop's body when it
// depends on the device loop's induction variable only. Division by a
// value that may be zero is not speculatable: it stays.
// CHECK-LABEL: func.func @device_loop
// CHECK-SAME: %[[K:[^:]*]]: index, %[[N:[^:]*]]: index, %[[M:[^:]*]]: index)
// CHECK: %[[C:.*]] = arith.mulf
// CHECK-NEXT: xmp.device_loop (%[[I:.*]]) =
// CHECK-NEXT: %[[II:.*]] = arith.addi %[[I]], %[[K]] : index
// CHECK-NEXT: xmp.loop (%[[J:.*]]) =
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[N]], %[[M]] : index
// CHECK-NEXT: %[[V:.*]] = xmp.load %{{.*}}[%[[II]], %[[Q]]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[C]], %[[V]] : f64
// CHECK-NEXT: xmp.store %[[S]], %{{.*}}[%[[I]], %[[J]]]
!b_t = !xmp.darray<16x16xf64, @u, align [0, 1]>
xmp.template @u(shape = 16x16)
xmp.distribute @u onto @p [block, *]
func.func @device_loop(%b: !b_t, %lb: index, %ub: index, %st: index,
                       %x: f64, %k: index, %n: index, %m: index) {
  xmp.device_loop (%i) = (%lb) to (%ub) step (%st) on @u [0] {
    xmp.loop (%j) = (%lb) to (%ub) step (%st) on @u [1] {
      %c = arith.mulf %x, %x : f64
      %ii = arith.addi %i, %k : index
      %q = arith.divsi %n, %m : index
      %v = xmp.load %b[%ii, %q] : !b_t
      %s = arith.addf %c, %v : f64
      xmp.store %s, %b[%i, %j] : !b_t
      xmp.yield
    }
    xmp.yield
  }
  return
}

// A device loop may not use a memref defined outside it: memref.get_global
// (pure, no operands) stays in its body; out of a host loop it is hoisted
// (the load from it, a read, stays in both).
// CHECK-LABEL: func.func @global_kept
// CHECK: xmp.device_loop
// CHECK-NEXT: memref.get_global @g
// CHECK-NEXT: memref.load
// CHECK: memref.get_global @g
// CHECK-NEXT: xmp.loop
// CHECK-NEXT: memref.load
memref.global "private" constant @g : memref<4xf64> = dense<1.0>
func.func @global_kept(%a: !a_t, %lb: index, %ub: index, %st: index,
                       %k: index) {
  xmp.device_loop (%i) = (%lb) to (%ub) step (%st) on @t [0] {
    %m = memref.get_global @g : memref<4xf64>
    %v = memref.load %m[%k] : memref<4xf64>
    xmp.store %v, %a[%i] : !a_t
    xmp.yield
  }
  xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0] {
    %m = memref.get_global @g : memref<4xf64>
    %v = memref.load %m[%k] : memref<4xf64>
    xmp.store %v, %a[%i] : !a_t
    xmp.yield
  }
  return
}

// CSE merges identical loads of an array that nothing writes in between,
// in a loop body as elsewhere, and keeps a load after a store apart.
// CSE-LABEL: func.func @cse_in_loop
// CSE: xmp.loop
// CSE-NEXT: %[[V:.*]] = xmp.load
// CSE-NEXT: %[[S:.*]] = arith.addf %[[V]], %[[V]] : f64
// CSE-NEXT: xmp.store %[[S]]
// CSE-NEXT: %[[W:.*]] = xmp.load
// CSE-NEXT: arith.addf %[[W]], %[[S]]
func.func @cse_in_loop(%a: !a_t, %lb: index, %ub: index, %st: index,
                       %k: index) {
  xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0] {
    %v = xmp.load %a[%k] : !a_t
    %w = xmp.load %a[%k] : !a_t
    %s = arith.addf %v, %w : f64
    xmp.store %s, %a[%i] : !a_t
    %u = xmp.load %a[%k] : !a_t
    %t = arith.addf %u, %s : f64
    xmp.store %t, %a[%i] : !a_t
    xmp.yield
  }
  return
}
