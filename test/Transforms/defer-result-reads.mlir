// RUN: xmp-opt %s -split-input-file --xmp-defer-result-reads=remarks=true -verify-diagnostics | FileCheck %s

// xmp-defer-result-reads: a time-step loop that carries a device loop's
// result only to return the last one reads it once, after the loop.

// Himeno's shape: the iteration argument is unused in the body; the
// yielded value is read from a slot defined outside the loop, reduced
// across nodes and combined with a value defined outside. All of it moves
// after the loop, under lb < ub (else the initial value).
xmp.nodes @p(shape = ?)
// CHECK-LABEL: func.func @himeno
// CHECK-SAME: (%[[N:[^:]+]]: index)
// CHECK: %[[SLOT:.*]] = xmp.result_slot : memref<1xf32>
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[L:.*]] = scf.for %{{.*}} = %[[C0]] to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[Z]]) -> (f32) {
// CHECK-NEXT: xmp.result_write
// CHECK-NEXT: scf.yield %[[A]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[RAN:.*]] = arith.cmpi slt, %[[C0]], %[[N]] : index
// CHECK-NEXT: %[[R:.*]] = scf.if %[[RAN]] -> (f32) {
// CHECK-NEXT: %[[V:.*]] = xmp.result_read %[[SLOT]] : memref<1xf32>
// CHECK-NEXT: %[[ALL:.*]] = xmp.reduction add %[[V]] on @p : f32
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[Z]], %[[ALL]] : f32
// CHECK-NEXT: scf.yield %[[T]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[Z]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : f32
func.func @himeno(%n: index) -> f32 {
  %slot = xmp.result_slot : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{result read of iteration argument 0 moved after the loop}}
  %g = scf.for %it = %c0 to %n step %c1 iter_args(%prev = %zero) -> f32 {
    xmp.result_write %zero, %slot : memref<1xf32>
    %v = xmp.result_read %slot : memref<1xf32>
    %all = xmp.reduction add %v on @p : f32
    %t = arith.addf %zero, %all : f32
    scf.yield %t : f32
  }
  return %g : f32
}

// -----

// Nested loops: the read leaves the inner loop, then the outer one.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: xmp.result_read
// CHECK: }
// CHECK-NOT: xmp.result_read
// CHECK: }
// CHECK: scf.if
// CHECK: scf.if
// CHECK-NEXT: xmp.result_read
// CHECK-NOT: xmp.result_read
// CHECK: return
func.func @nested(%n: index) -> f64 {
  %slot = xmp.result_slot : memref<1xf64>
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{moved after the loop}}
  %g = scf.for %i = %c0 to %n step %c1 iter_args(%p = %zero) -> f64 {
    // expected-remark @+1 {{moved after the loop}}
    %h = scf.for %j = %c0 to %n step %c1 iter_args(%q = %zero) -> f64 {
      xmp.result_write %zero, %slot : memref<1xf64>
      %v = xmp.result_read %slot : memref<1xf64>
      scf.yield %v : f64
    }
    scf.yield %h : f64
  }
  return %g : f64
}

// -----

// Where it must not apply, the loops are left as they are (no remark):
// the iteration argument is used in the body (a convergence test needs
// every iteration's value); the slot is written after the read; the slot
// is made inside the loop; the value depends on the induction variable;
// a read's value is also used inside the loop.
xmp.nodes @p(shape = ?)
// CHECK-LABEL: func.func @used_arg
// CHECK: scf.for
// CHECK: arith.cmpf
// CHECK: xmp.result_read
// CHECK: scf.yield
func.func @used_arg(%n: index) -> f32 {
  %slot = xmp.result_slot : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = scf.for %it = %c0 to %n step %c1 iter_args(%prev = %zero) -> f32 {
    %small = arith.cmpf olt, %prev, %zero : f32
    scf.if %small {
      xmp.barrier
    }
    %v = xmp.result_read %slot : memref<1xf32>
    scf.yield %v : f32
  }
  return %g : f32
}
// CHECK-LABEL: func.func @written_after
// CHECK: scf.for
// CHECK: xmp.result_read
// CHECK: xmp.result_write
// CHECK: scf.yield
func.func @written_after(%n: index, %x: f32) -> f32 {
  %slot = xmp.result_slot : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = scf.for %it = %c0 to %n step %c1 iter_args(%prev = %zero) -> f32 {
    %v = xmp.result_read %slot : memref<1xf32>
    xmp.result_write %x, %slot : memref<1xf32>
    scf.yield %v : f32
  }
  return %g : f32
}
// CHECK-LABEL: func.func @slot_inside
// CHECK: scf.for
// CHECK: xmp.result_slot
// CHECK: xmp.result_read
// CHECK: scf.yield
func.func @slot_inside(%n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = scf.for %it = %c0 to %n step %c1 iter_args(%prev = %zero) -> f32 {
    %slot = xmp.result_slot : memref<1xf32>
    %v = xmp.result_read %slot : memref<1xf32>
    scf.yield %v : f32
  }
  return %g : f32
}
// CHECK-LABEL: func.func @uses_iv
// CHECK: scf.for
// CHECK: xmp.result_read
// CHECK: arith.addf
// CHECK: scf.yield
func.func @uses_iv(%n: index) -> f32 {
  %slot = xmp.result_slot : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = scf.for %it = %c0 to %n step %c1 iter_args(%prev = %zero) -> f32 {
    %v = xmp.result_read %slot : memref<1xf32>
    %i = arith.index_cast %it : index to i32
    %f = arith.sitofp %i : i32 to f32
    %t = arith.addf %v, %f : f32
    scf.yield %t : f32
  }
  return %g : f32
}
// CHECK-LABEL: func.func @used_inside
// CHECK: scf.for
// CHECK: xmp.result_read
// CHECK: xmp.reset_weight
// CHECK: scf.yield
func.func @used_inside(%n: index) -> f64 {
  %slot = xmp.result_slot : memref<1xf64>
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = scf.for %it = %c0 to %n step %c1 iter_args(%prev = %zero) -> f64 {
    %v = xmp.result_read %slot : memref<1xf64>
    xmp.reset_weight %v : f64
    scf.yield %v : f64
  }
  return %g : f64
}
