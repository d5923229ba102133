// RUN: xmp-opt --cse %s | FileCheck %s
// RUN: xmp-opt --canonicalize --cse --loop-invariant-code-motion %s | FileCheck %s --check-prefix=KEEP

// xmp.load reads its array and xmp.store writes it (declared memory
// effects): CSE merges loads with no write between them, and keeps them
// apart across a store or an op with unknown effects (a reflect, a call).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
func.func private @g(!a_t)

// CHECK-LABEL: func.func @merge
// CHECK-COUNT-1: xmp.load
// CHECK-NOT: xmp.load
func.func @merge(%a: !a_t, %i: index) -> f64 {
  %x = xmp.load %a[%i] : !a_t
  %y = xmp.load %a[%i] : !a_t
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// CHECK-LABEL: func.func @store_between
// CHECK: xmp.load
// CHECK: xmp.store
// CHECK: xmp.load
func.func @store_between(%a: !a_t, %i: index, %v: f64) -> f64 {
  %x = xmp.load %a[%i] : !a_t
  xmp.store %v, %a[%i] : !a_t
  %y = xmp.load %a[%i] : !a_t
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// CHECK-LABEL: func.func @reflect_between
// CHECK: xmp.load
// CHECK: xmp.reflect
// CHECK: xmp.load
func.func @reflect_between(%a: !a_t, %i: index) -> f64 {
  %x = xmp.load %a[%i] : !a_t
  xmp.reflect %a : !a_t
  %y = xmp.load %a[%i] : !a_t
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// CHECK-LABEL: func.func @call_between
// CHECK: xmp.load
// CHECK: call @g
// CHECK: xmp.load
func.func @call_between(%a: !a_t, %i: index) -> f64 {
  %x = xmp.load %a[%i] : !a_t
  func.call @g(%a) : (!a_t) -> ()
  %y = xmp.load %a[%i] : !a_t
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// A store through the array's local view is a write too.
// CHECK-LABEL: func.func @view_store_between
// CHECK: xmp.load
// CHECK: memref.store
// CHECK: xmp.load
func.func @view_store_between(%a: !a_t, %i: index, %v: f64) -> f64 {
  %x = xmp.load %a[%i] : !a_t
  %m = xmp.local_view %a : !a_t -> memref<?xf64>
  memref.store %v, %m[%i] : memref<?xf64>
  %y = xmp.load %a[%i] : !a_t
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// A CPU part's start has no declared effects: canonicalization and CSE
// never erase it (its job unused) nor merge two identical ones, and LICM
// leaves it in its loop.
// KEEP-LABEL: func.func @cpu_part_kept
// KEEP: scf.for
// KEEP-COUNT-2: xmp.cpu_part_start
// KEEP: xmp.cpu_part_wait
func.func @cpu_part_kept(%s: index, %e: index, %buf: memref<?xf64>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %t = %c0 to %e step %c1 {
    %j0 = xmp.cpu_part_start %s to %e grain %c1 {
    ^bb0(%lo: index, %hi: index):
      memref.store %x, %buf[%lo] : memref<?xf64>
      xmp.yield
    }
    %j1 = xmp.cpu_part_start %s to %e grain %c1 {
    ^bb0(%lo: index, %hi: index):
      memref.store %x, %buf[%lo] : memref<?xf64>
      xmp.yield
    }
    %w = xmp.cpu_part_wait %j1
  }
  return
}
