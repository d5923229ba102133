// RUN: xmp-opt %s -split-input-file --xmp-to-gpu="index32=false remarks=true align-rows=true" -verify-diagnostics | FileCheck %s
// RUN: xmp-opt %s -split-input-file --xmp-to-gpu="index32=false align-rows=false" | FileCheck %s --check-prefix=OFF
// RUN: xmp-opt %s -split-input-file --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' -o /dev/null --mlir-print-ir-after=xmp-to-gpu 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: xmp-opt %s -split-input-file --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true kernel-align-rows=false})' -o /dev/null --mlir-print-ir-after=xmp-to-gpu 2>&1 | FileCheck %s --check-prefix=PIPEOFF

// xmp-to-gpu align-rows: a loop mapped whole on the threads starts each
// row's warps on a multiple of 32 elements of the view its first store
// writes (a warp's span: 256 bytes of f64). Shadows and extents that are
// not multiples of a line leave most rows off a line, and a warp over an
// unaligned row touches one line more (Laplace's copy kernel: rows of 8194
// doubles). On by default (measured on the H200: Laplace +1.6%, Himeno
// -0.5%; docs/pipeline.md). Every aligned loop is reported by a remark
// (-verify-diagnostics on the first RUN line). One behaviour per split,
// named in its comment and function name; most use the same copy kernel.

// The pipeline option reaches the pass: on by default, off with
// kernel-align-rows=false.
// PIPE: memref.extract_aligned_pointer_as_index
// PIPEOFF-NOT: memref.extract_aligned_pointer_as_index

// -----

// Long rows: a row is aligned only if it has 1024 iterations or more
// (count of the innermost dimension j, from %m); shorter rows keep
// their threads where they are.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @align_long_rows(
// CHECK-SAME: %{{[^:]+}}: !darray, %{{[^:]+}}: !darray, %{{[^:]+}}: index, %[[M:[^:]+]]: index)
// CHECK: arith.subi %[[M]],
// CHECK: %[[NJ:.*]] = arith.maxsi %{{.*}} : index
// CHECK-NEXT: %[[K1024:.*]] = arith.constant 1024 : index
// CHECK-NEXT: %[[LONG:.*]] = arith.cmpi sge, %[[NJ]], %[[K1024]] : index
// CHECK: gpu.launch
// CHECK: scf.if %[[LONG]] -> (index) {
func.func @align_long_rows(%a: !a, %b: !a, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4098xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4098xf64>
  // expected-remark @+1 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i, %j] : memref<4098x4098xf64>
    memref.store %x, %v[%i, %j] : memref<4098x4098xf64>
  } {xmp.device}
  return
}

// -----

// The grid along x has width - 1 = 31 more threads for long rows (none
// for short ones): ceil((count + pad) / 32) blocks.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @align_grid_widened(
// CHECK: %[[LONG:.*]] = arith.cmpi sge, %[[NJ:[^,]+]], %{{.*}} : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[C31:.*]] = arith.constant 31 : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[PAD:.*]] = arith.select %[[LONG]], %[[C31]], %[[Z]] : index
// CHECK-NEXT: %[[WIDE:.*]] = arith.addi %[[NJ]], %[[PAD]] : index
// CHECK-NEXT: %[[GX:.*]] = arith.ceildivsi %[[WIDE]], %[[C32]] : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%{{[^)]+}}) in (%{{[^ ]+}} = %[[GX]],
func.func @align_grid_widened(%a: !a, %b: !a, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4098xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4098xf64>
  // expected-remark @+1 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i, %j] : memref<4098x4098xf64>
    memref.store %x, %v[%i, %j] : memref<4098x4098xf64>
  } {xmp.device}
  return
}

// -----

// Short rows keep shift 0 through a uniform branch (on the row length, the
// same for every thread), which skips the address work.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @align_short_rows_shift_zero(
// CHECK: %[[LONG:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : index
// CHECK: gpu.launch
// CHECK-NOT: memref.extract_aligned_pointer_as_index
// CHECK: %[[SHIFT:.*]] = scf.if %[[LONG]] -> (index) {
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: } else {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: scf.yield %[[Z]] : index
// CHECK-NEXT: }
// CHECK-NOT: memref.extract_aligned_pointer_as_index
// CHECK: gpu.terminator
func.func @align_short_rows_shift_zero(%a: !a, %b: !a, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4098xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4098xf64>
  // expected-remark @+1 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i, %j] : memref<4098x4098xf64>
    memref.store %x, %v[%i, %j] : memref<4098x4098xf64>
  } {xmp.device}
  return
}

// -----

// The row's first element: its offset in the view at the row's first
// iteration, the row i (from block/thread y, computed first) times the
// row pitch (4098) plus j = lb = 1 times the column stride.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @align_row_offset(
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[SYS:.*]] = arith.muli %[[SY]], %{{.*}} : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %{{.*}}, %[[SYS]] : index
// CHECK-NEXT: arith.cmpi slt, %[[SY]],
// CHECK-NEXT: scf.if %{{.*}} -> (index) {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[PITCH:.*]] = arith.constant 4098 : index
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[I]], %[[PITCH]] : index
// CHECK-NEXT: %[[LIN0:.*]] = arith.addi %[[Z]], %[[ROW]] : index
// CHECK-NEXT: %[[STRIDE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[COL:.*]] = arith.muli %[[C1]], %[[STRIDE]] : index
// CHECK-NEXT: %[[LIN:.*]] = arith.addi %[[LIN0]], %[[COL]] : index
// CHECK-NEXT: memref.extract_aligned_pointer_as_index
// CHECK: arith.addi %{{.*}}, %[[LIN]] : index
func.func @align_row_offset(%a: !a, %b: !a, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4098xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4098xf64>
  // expected-remark @+1 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i, %j] : memref<4098x4098xf64>
    memref.store %x, %v[%i, %j] : memref<4098x4098xf64>
  } {xmp.device}
  return
}

// -----

// The shift is the row's misalignment: (the aligned pointer of the view
// the first store writes / the element size, 8 for f64, + the row's
// offset) mod 32.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @align_misalignment_mod_32(
// CHECK: gpu.launch
// CHECK: memref.reinterpret_cast
// CHECK-NEXT: %[[VIEW:.*]] = memref.reinterpret_cast %{{.*}} : memref<4098x4098xf64> to memref<4098x4098xf64, strided<[4098, 1]>>
// CHECK: %[[SHIFT:.*]] = scf.if %{{.*}} -> (index) {
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[VIEW]]
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[EL:.*]] = arith.divui %[[PTR]], %[[C8]] : index
// CHECK-NEXT: %[[EOFF:.*]] = arith.addi %[[EL]], %{{.*}} : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[MIS:.*]] = arith.remui %[[EOFF]], %[[C32]] : index
// CHECK-NEXT: scf.yield %[[MIS]] : index
// CHECK: memref.store %{{.*}}, %[[VIEW]][
func.func @align_misalignment_mod_32(%a: !a, %b: !a, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4098xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4098xf64>
  // expected-remark @+1 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i, %j] : memref<4098x4098xf64>
    memref.store %x, %v[%i, %j] : memref<4098x4098xf64>
  } {xmp.device}
  return
}

// -----

// Thread slot x runs iteration lb + (slot - shift): the row's first
// iteration starts on a multiple of 32 elements.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @align_slot_shifted(
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%[[BX:[^,]+]], %{{[^)]+}}) in ({{.*}}) threads(%[[TX:[^,]+]], %{{[^)]+}}) in
// CHECK: %[[SHIFT:.*]] = scf.if %{{.*}} -> (index) {
// CHECK: } else {
// CHECK: }
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[BXS:.*]] = arith.muli %[[BX]], %[[C32]] : index
// CHECK-NEXT: %[[SX:.*]] = arith.addi %[[BXS]], %[[TX]] : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.subi %[[SX]], %[[SHIFT]] : index
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[C1]], %[[SLOT]] : index
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[J]]]
func.func @align_slot_shifted(%a: !a, %b: !a, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4098xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4098xf64>
  // expected-remark @+1 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i, %j] : memref<4098x4098xf64>
    memref.store %x, %v[%i, %j] : memref<4098x4098xf64>
  } {xmp.device}
  return
}

// -----

// The threads shifted off the row are idle: the shifted slot must lie in
// [0, count), and the row's own test still holds.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @align_idle_outside_row(
// CHECK: %[[NI:.*]] = arith.maxsi %{{.*}} : index
// CHECK: %[[NJ:.*]] = arith.maxsi %{{.*}} : index
// CHECK: gpu.launch
// CHECK: %[[OKI:.*]] = arith.cmpi slt, %{{.*}}, %[[NI]] : index
// CHECK: %[[SLOT:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[J:.*]] = arith.addi %{{.*}}, %[[SLOT]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi sge, %[[SLOT]], %[[Z]] : index
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[SLOT]], %[[NJ]] : index
// CHECK-NEXT: %[[OKJ:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[OKI]], %[[OKJ]] : i1
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[I:[^,]+]], %[[J]]]
// CHECK-NEXT: memref.store %[[X]], %{{.*}}[%[[I]], %[[J]]]
func.func @align_idle_outside_row(%a: !a, %b: !a, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4098xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4098xf64>
  // expected-remark @+1 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i, %j] : memref<4098x4098xf64>
    memref.store %x, %v[%i, %j] : memref<4098x4098xf64>
  } {xmp.device}
  return
}

// -----

// Not aligned: a step of 2 along the rows (a warp spans 64 elements).
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @align_step_two_not_aligned(
// CHECK: gpu.launch
// CHECK-NOT: extract_aligned_pointer
// CHECK-NOT: arith.constant 31 : index
// CHECK: gpu.terminator
func.func @align_step_two_not_aligned(%a: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<4096x4096xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c2) {
    memref.store %x, %v[%i, %j] : memref<4096x4096xf32>
  } {xmp.device}
  return
}

// -----

// Not aligned: the store's last index is not the innermost induction
// variable plus invariant values (a transposed access).
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @align_transposed_not_aligned(
// CHECK: gpu.launch
// CHECK-NOT: extract_aligned_pointer
// CHECK: gpu.terminator
func.func @align_transposed_not_aligned(%a: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<4096x4096xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %x, %v[%j, %i] : memref<4096x4096xf32>
  } {xmp.device}
  return
}

// -----

// A swept loop (each thread walks a chunk of rows, xmp-to-gpu sweep) is
// aligned with one shift for the whole launch: the view's offset at the
// loop's first row and column (all lower bounds: 1 * 4128 + 1), so a
// column stays with one thread. It holds for every row because rows of
// 1024 elements or more are padded to a multiple of 32 (dist::rowPitch:
// 4098 -> 4128 here).
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @align_swept_one_shift(
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[LONG:.*]] = arith.cmpi sge, %[[NJ:[^,]+]], %{{.*}} : index
// CHECK: %[[PAD:.*]] = arith.select %[[LONG]], %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[WIDE:.*]] = arith.addi %[[NJ]], %[[PAD]] : index
// CHECK-NEXT: %[[GX:.*]] = arith.ceildivsi %[[WIDE]], %{{.*}} : index
// CHECK: call @xmprt_gpu_sweep_chunks
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%{{[^)]+}}) in (%{{[^ ]+}} = %[[GX]], {{.*}} threads(%[[TX:[^,]+]], %{{[^)]+}})
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4098, 4128], strides: [4128, 1] {xmp.kernel_arg = "noalias"}
// CHECK-NEXT: %[[SHIFT:.*]] = scf.if %[[LONG]] -> (index) {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[PITCH:.*]] = arith.constant 4128 : index
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[C1]], %[[PITCH]] : index
// CHECK: memref.extract_aligned_pointer_as_index %[[VIEW]]
// CHECK: %[[MIS:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK-NEXT: scf.yield %[[MIS]] : index
// CHECK: %[[SX:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.subi %[[SX]], %[[SHIFT]] : index
// CHECK-NEXT: %[[J:.*]] = arith.addi %{{.*}}, %[[SLOT]] : index
// CHECK: scf.for
// CHECK-NOT: memref.extract_aligned_pointer_as_index
// CHECK: memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %[[J]]]
func.func @align_swept_one_shift(%n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %q = arith.constant 0.25 : f64
  %a = xmp.alloc : !a
  %b = xmp.alloc : !a
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4128xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4128xf64>
  // expected-remark @+2 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row; one shift for the launch, from its first row)}}
  // expected-remark @+1 {{plane sweep along dimension 0: 2 loads of 1 array group(s) per iteration become 1 (2 values kept in registers)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x0 = memref.load %u[%im, %j] : memref<4098x4128xf64>
    %x1 = memref.load %u[%ip, %j] : memref<4098x4128xf64>
    %x2 = memref.load %u[%i, %jm] : memref<4098x4128xf64>
    %x3 = memref.load %u[%i, %jp] : memref<4098x4128xf64>
    %s0 = arith.addf %x0, %x1 : f64
    %s1 = arith.addf %s0, %x2 : f64
    %s2 = arith.addf %s1, %x3 : f64
    %r = arith.mulf %s2, %q : f64
    memref.store %r, %v[%i, %j] : memref<4098x4128xf64>
  } {xmp.device}
  return
}

// -----

// align-rows=false (OFF): the same kernel is not aligned.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// OFF-LABEL: func.func @align_off(
// OFF: gpu.launch
// OFF-NOT: extract_aligned_pointer
// OFF-NOT: arith.constant 31 : index
// OFF: gpu.terminator
func.func @align_off(%a: !a, %b: !a, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4098xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4098xf64>
  // expected-remark @+1 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %u[%i, %j] : memref<4098x4098xf64>
    memref.store %x, %v[%i, %j] : memref<4098x4098xf64>
  } {xmp.device}
  return
}

// -----

// align-rows=false (OFF): a swept kernel is not aligned either.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// OFF-LABEL: func.func @align_off_swept(
// OFF: gpu.launch
// OFF-NOT: extract_aligned_pointer
// OFF: scf.for
// OFF: gpu.terminator
func.func @align_off_swept(%n: index, %m: index) {
  %c1 = arith.constant 1 : index
  %q = arith.constant 0.25 : f64
  %a = xmp.alloc : !a
  %b = xmp.alloc : !a
  %u = xmp.device_acquire %a access(read) : !a -> memref<4098x4128xf64>
  %v = xmp.device_acquire %b access(write) : !a -> memref<4098x4128xf64>
  // expected-remark @+2 {{rows of 1024 iterations or more start a warp on a multiple of 32 elements of the view accessed by memref.store (up to 31 idle threads per row; one shift for the launch, from its first row)}}
  // expected-remark @+1 {{plane sweep along dimension 0: 2 loads of 1 array group(s) per iteration become 1 (2 values kept in registers)}}
  scf.parallel (%i, %j) = (%c1, %c1) to (%n, %m) step (%c1, %c1) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x0 = memref.load %u[%im, %j] : memref<4098x4128xf64>
    %x1 = memref.load %u[%ip, %j] : memref<4098x4128xf64>
    %x2 = memref.load %u[%i, %jm] : memref<4098x4128xf64>
    %x3 = memref.load %u[%i, %jp] : memref<4098x4128xf64>
    %s0 = arith.addf %x0, %x1 : f64
    %s1 = arith.addf %s0, %x2 : f64
    %s2 = arith.addf %s1, %x3 : f64
    %r = arith.mulf %s2, %q : f64
    memref.store %r, %v[%i, %j] : memref<4098x4128xf64>
  } {xmp.device}
  return
}
