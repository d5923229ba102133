// RUN: xmp-opt --cse %s | FileCheck %s

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
