// RUN: xmp-opt %s -split-input-file --xmp-split-device-loops -verify-diagnostics | FileCheck %s
// RUN: not xmp-opt %s -split-input-file --xmp-split-device-loops=gpu=false 2>%t.err | FileCheck %s --check-prefix=CPU
// RUN: FileCheck %s --check-prefix=CPUERR --input-file=%t.err --implicit-check-not=warning:

// Device loops the GPU/CPU split cannot handle. With GPU code, a loop whose
// written rows cannot be derived from its stores (the index in the array
// dimension aligned with the split template dimension must be the outermost
// induction variable plus a constant) is left a plain device loop, run
// entirely on the GPU, with a warning and a note on the store. Without GPU
// code (gpu=false) there is nothing to commit: the same loops are split
// (all on the CPU) without a warning. (What the CPU part uses from above
// crosses its context in xmp-to-runtime: test/Conversion/cpu-part-outline.mlir.)

// The stored index in the aligned dimension is the induction variable of an
// inner scf.for (%j), not of the split dimension.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, *]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// CHECK: module {
// CHECK-NEXT: xmp.nodes @p
// CHECK-LABEL: func.func @inner_index
// CHECK-NOT: xmp.loop_split
// CHECK-NOT: xmprt_
// CHECK: xmp.device_loop (%[[I:[^)]+]]) = (%{{[^)]+}}) to (%{{[^)]+}}) step (%{{[^)]+}}) on @t [0] weight(%{{[^)]+}}) attributes {xmp.kernel_name = "inner_index_loop0"} {
// CHECK-NEXT: scf.for %[[J:[^ ]+]] =
// CHECK-NEXT: xmp.store %{{.*}}, %{{.*}}[%[[J]], %[[I]]]
// CHECK-NOT: xmp.split_part
// CHECK-NOT: xmp.split_commit
// CHECK: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CPU-LABEL: func.func @inner_index
// CPU: xmp.loop_split %{{.*}} on @t[0] grain 32
// CPU-NOT: xmp.device_loop
// CPU: xmp.cpu_part_start
// CPU: xmp.loop {{.*}} attributes {xmp.split_part}
// CPU: xmp.loop_report {{.*}} on_host
func.func @inner_index(%u: !m, %x: f32, %w: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @+1 {{runs entirely on the GPU (weight ignored): the index of a store in array dimension 0 is not the outermost induction variable plus a constant}}
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] weight(%w) {
    scf.for %j = %c0 to %c64 step %c1 {
      // expected-note @+1 {{this store}}
      xmp.store %x, %u[%j, %i] : !m
    }
  }
  return
}

// -----

// Stores to one array at two offsets (%i and %i + 1): the rows the two
// parts write would overlap, so the loop is not split.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!v = !xmp.darray<64xf32, @t, align [0], shadow [0:1]>
// CHECK-LABEL: func.func @two_offsets
// CHECK-NOT: xmp.loop_split
// CHECK: xmp.device_loop
// CHECK-NOT: xmp.split_commit
// CPU-LABEL: func.func @two_offsets
// CPU: xmp.loop_split
func.func @two_offsets(%u: !v, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  // expected-warning @+1 {{runs entirely on the GPU (weight ignored): stores to one array at several offsets from the outermost induction variable (0 and 1) would make the rows written by the GPU and the CPU parts overlap}}
  xmp.device_loop (%i) = (%c0) to (%c63) step (%c1) on @t [0] {
    xmp.store %x, %u[%i] : !v
    %ip = arith.addi %i, %c1 : index
    // expected-note @+1 {{this store}}
    xmp.store %x, %u[%ip] : !v
  }
  return
}

// -----

// %i * 2: not iv + constant (only the second of the two stores fails: the
// note points at it).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, *]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @scaled_index
// CHECK-NOT: xmp.loop_split
// CHECK: xmp.device_loop (%{{[^)]+}}) = (%{{[^)]+}}) to (%{{[^)]+}}) step (%{{[^)]+}}) on @t [0] attributes {xmp.kernel_name = "scaled_index_loop0"} {
// CHECK-NOT: xmp.split_part
// CHECK: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CPU-LABEL: func.func @scaled_index
// CPU: xmp.loop_split %{{.*}} on @t[0] grain 32
// CPU-NOT: xmp.device_loop
// CPU: xmp.cpu_part_start
func.func @scaled_index(%u: !m, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  // expected-warning @+1 {{runs entirely on the GPU (weight ignored): the index of a store in array dimension 0 is not the outermost induction variable plus a constant}}
  xmp.device_loop (%i) = (%c0) to (%c32) step (%c1) on @t [0] {
    %ip = arith.addi %i, %c1 : index
    xmp.store %x, %u[%ip, %c0] : !m
    %k = arith.muli %i, %c2 : index
    // expected-note @+1 {{this store}}
    xmp.store %x, %u[%k, %c0] : !m
  }
  return
}

// -----

// A stored array without a dimension aligned with template dimension 0 (the
// split dimension): %r is aligned with dimension 1 only.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, *]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
!r = !xmp.darray<64xf32, @t, align [1]>
// CHECK-LABEL: func.func @not_aligned
// CHECK-NOT: xmp.loop_split
// CHECK: xmp.device_loop
// CHECK-NOT: xmp.split_part
// CHECK: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CPU-LABEL: func.func @not_aligned
// CPU: xmp.loop_split %{{.*}} on @t[0] grain 32
// CPU-NOT: xmp.device_loop
// CPU: xmp.cpu_part_start
func.func @not_aligned(%u: !m, %r: !r) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @+1 {{runs entirely on the GPU (weight ignored): a stored array has no dimension aligned with template dimension 0, the one the split follows}}
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %x = xmp.load %u[%i, %c0] : !m
    // expected-note @+1 {{this store}}
    xmp.store %x, %r[%c0] : !r
  }
  return
}

// -----

// A stored array aligned with another template.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.template @s(shape = 64)
xmp.distribute @t onto @p [block]
xmp.distribute @s onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
!b = !xmp.darray<64xf32, @s, align [0]>
// CHECK-LABEL: func.func @other_template
// CHECK-NOT: xmp.loop_split
// CHECK: xmp.device_loop
// CHECK-NOT: xmp.split_part
// CHECK: return
// CPU-LABEL: func.func @other_template
// CPU: xmp.loop_split %{{.*}} on @t[0] grain 32
// CPU-NOT: xmp.device_loop
// CPU: xmp.cpu_part_start
func.func @other_template(%a: !a, %b: !b) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-warning @+1 {{runs entirely on the GPU (weight ignored): a stored array is aligned with another template, so the rows each part writes cannot be derived}}
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %x = xmp.load %a[%i] : !a
    // expected-note @+1 {{this store}}
    xmp.store %x, %b[%i] : !b
  }
  return
}

// -----

// Reductions the lowering cannot fold yet (complex scalars pass the op
// verifier).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
// CPUERR: error: 'xmp.device_loop' op reductions on 'complex<f32>' are not supported by the lowering yet
func.func @complex_reduction(%v: complex<f32>) -> complex<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'xmp.device_loop' op reductions on 'complex<f32>' are not supported by the lowering yet}}
  %r = xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] reduce(add) init(%v) -> complex<f32> {
    xmp.yield %v : complex<f32>
  }
  return %r : complex<f32>
}

// -----

// The split needs the template's distribution.
xmp.template @t(shape = 64)
// CPUERR: error: 'xmp.device_loop' op template @t has no xmp.distribute
func.func @no_distribute() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'xmp.device_loop' op template @t has no xmp.distribute}}
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
  }
  return
}
