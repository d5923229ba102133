// RUN: xmp-opt %s --xmp-kernel-hoist-loads='remarks=true' -verify-diagnostics | FileCheck %s

// xmp-kernel-hoist-loads: a load from a read-only argument (directly or
// through a view) written after a square root or a division moves, with
// the side-effect-free index computation it needs, above the first slow
// operation it can; every other operation keeps its place and order.
// Not moved: a load from an argument without llvm.readonly (%w, which the
// kernel writes), a load whose index depends on the slow result, a load
// whose index comes from an operation with effects (a load of %w), a load
// with no slow operation before it, and nothing in a non-kernel function.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @nbody(
    // CHECK: scf.for
    // CHECK: %[[X:.*]] = memref.load %[[V:.*]][%{{.*}}] : memref<?xf64>
    // CHECK-NEXT: %[[D:.*]] = arith.subf %[[X]], %{{.*}} : f64
    // CHECK-NEXT: %[[R2:.*]] = arith.mulf %[[D]], %[[D]] : f64
    // CHECK-NEXT: %[[I3:.*]] = arith.addi %{{.*}}, %{{.*}} : index
    // CHECK-NEXT: %[[M:.*]] = memref.load %[[V]][%[[I3]]] : memref<?xf64>
    // CHECK-NEXT: %[[S:.*]] = math.sqrt %[[R2]] : f64
    // CHECK-NEXT: %[[RI:.*]] = arith.divf %{{.*}}, %[[S]] : f64
    // CHECK-NEXT: %[[W:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<?xf64>
    // CHECK-NEXT: %[[F:.*]] = arith.mulf %[[M]], %[[RI]] : f64
    // CHECK-NEXT: %[[J:.*]] = arith.fptosi %[[RI]] : f64 to i64
    // CHECK-NEXT: %[[JI:.*]] = arith.index_cast %[[J]] : i64 to index
    // CHECK-NEXT: %[[DEP:.*]] = memref.load %[[V]][%[[JI]]] : memref<?xf64>
    // expected-remark @+1 {{xmp-kernel-hoist-loads: 1 read-only load(s) start before the slow arithmetic that preceded them}}
    gpu.func @nbody(%p: memref<?x4xf64> {llvm.readonly}, %w: memref<?xf64>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1.0 : f64
      %v = memref.reinterpret_cast %p to offset: [0], sizes: [1024], strides: [1] : memref<?x4xf64> to memref<?xf64>
      %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %one) -> (f64) {
        %b = arith.muli %j, %c4 : index
        %x = memref.load %v[%b] : memref<?xf64>
        %d = arith.subf %x, %acc : f64
        %r2 = arith.mulf %d, %d : f64
        %s = math.sqrt %r2 : f64
        %ri = arith.divf %one, %s : f64
        %i3 = arith.addi %b, %c3 : index
        %m = memref.load %v[%i3] : memref<?xf64>
        %wv = memref.load %w[%j] : memref<?xf64>
        %f = arith.mulf %m, %ri : f64
        %jf = arith.fptosi %ri : f64 to i64
        %ji = arith.index_cast %jf : i64 to index
        %dep = memref.load %v[%ji] : memref<?xf64>
        %s1 = arith.addf %f, %wv : f64
        %s2 = arith.addf %s1, %dep : f64
        scf.yield %s2 : f64
      }
      memref.store %r, %w[%c0] : memref<?xf64>
      gpu.return
    }

    // A load whose index is read from memory (an operation with effects)
    // after the division stays where it is.
    // CHECK-LABEL: gpu.func @indirect(
    // CHECK: arith.divf
    // CHECK-NEXT: memref.load %{{.*}}[%{{.*}}] : memref<?xi64>
    // CHECK-NEXT: arith.index_cast
    // CHECK-NEXT: memref.load %{{.*}}[%{{.*}}] : memref<?xf64>
    gpu.func @indirect(%p: memref<?xf64> {llvm.readonly}, %idx: memref<?xi64>, %w: memref<?xf64>) kernel {
      %c0 = arith.constant 0 : index
      %a = memref.load %w[%c0] : memref<?xf64>
      %q = arith.divf %a, %a : f64
      %k = memref.load %idx[%c0] : memref<?xi64>
      %ki = arith.index_cast %k : i64 to index
      %y = memref.load %p[%ki] : memref<?xf64>
      %z = arith.addf %q, %y : f64
      memref.store %z, %w[%c0] : memref<?xf64>
      gpu.return
    }
  }
}
