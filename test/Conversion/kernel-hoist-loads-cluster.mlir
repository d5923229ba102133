// RUN: xmp-opt %s --xmp-kernel-hoist-loads='cluster=true remarks=true' -verify-diagnostics | FileCheck %s
// RUN: xmp-opt %s --xmp-kernel-hoist-loads | FileCheck %s --check-prefix=DEFAULT

// xmp-kernel-hoist-loads cluster=true: read-only loads also move above the
// floating-point arithmetic before them, so a stencil body written in the
// order of its expression (load, multiply, load, multiply-add, ...) issues
// its loads together, as a body written loads first does. A load from an
// argument the kernel writes (%w) stays. Without the option nothing moves
// (no slow operation here).
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @stencil(
    // CHECK: %[[A0:.*]] = memref.load %arg0[%{{.*}}] : memref<?xf32>
    // CHECK-NEXT: %[[P0:.*]] = memref.load %arg1[%{{.*}}] : memref<?xf32>
    // CHECK-NEXT: %[[I1:.*]] = arith.addi %{{.*}}, %{{.*}} : index
    // CHECK-NEXT: %[[A1:.*]] = memref.load %arg0[%[[I1]]] : memref<?xf32>
    // CHECK-NEXT: %[[P1:.*]] = memref.load %arg1[%[[I1]]] : memref<?xf32>
    // CHECK-NEXT: %[[M0:.*]] = arith.mulf %[[A0]], %[[P0]] : f32
    // CHECK-NEXT: %[[M1:.*]] = arith.mulf %[[A1]], %[[P1]] : f32
    // CHECK-NEXT: %[[S:.*]] = arith.addf %[[M0]], %[[M1]] : f32
    // CHECK-NEXT: %[[W:.*]] = memref.load %arg2[%{{.*}}] : memref<?xf32>
    // CHECK-NEXT: arith.addf %[[S]], %[[W]] : f32
    // DEFAULT-LABEL: gpu.func @stencil(
    // DEFAULT: memref.load %arg0
    // DEFAULT-NEXT: memref.load %arg1
    // DEFAULT-NEXT: arith.mulf
    // DEFAULT-NEXT: arith.addi
    // expected-remark @+1 {{xmp-kernel-hoist-loads: 2 read-only load(s) start before the arithmetic that preceded them}}
    gpu.func @stencil(%a: memref<?xf32> {llvm.readonly}, %p: memref<?xf32> {llvm.readonly},
                      %w: memref<?xf32>, %i: index) kernel {
      %c1 = arith.constant 1 : index
      %a0 = memref.load %a[%i] : memref<?xf32>
      %p0 = memref.load %p[%i] : memref<?xf32>
      %m0 = arith.mulf %a0, %p0 : f32
      %i1 = arith.addi %i, %c1 : index
      %a1 = memref.load %a[%i1] : memref<?xf32>
      %p1 = memref.load %p[%i1] : memref<?xf32>
      %m1 = arith.mulf %a1, %p1 : f32
      %s = arith.addf %m0, %m1 : f32
      %w0 = memref.load %w[%i] : memref<?xf32>
      %t = arith.addf %s, %w0 : f32
      memref.store %t, %w[%i] : memref<?xf32>
      gpu.return
    }
  }
}
