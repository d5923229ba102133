// RUN: xmp-opt %s -split-input-file --xmp-to-gpu="index32=false remarks=true align-rows=true" -verify-diagnostics | FileCheck %s
// RUN: xmp-opt %s -split-input-file --xmp-to-gpu="index32=false align-rows=false" | FileCheck %s --check-prefix=OFF
// RUN: xmp-opt %s -split-input-file --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' -o /dev/null --mlir-print-ir-after=xmp-to-gpu 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: xmp-opt %s -split-input-file --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true kernel-align-rows=false})' -o /dev/null --mlir-print-ir-after=xmp-to-gpu 2>&1 | FileCheck %s --check-prefix=PIPEOFF
// PIPE: memref.extract_aligned_pointer_as_index
// PIPEOFF-NOT: memref.extract_aligned_pointer_as_index

// xmp-to-gpu align-rows: a loop mapped whole on the threads starts each
// row's warps on a multiple of 32 elements of the view its first store
// writes (a warp's span: 256 bytes of f64).
// Shadows and extents that are not multiples of a line leave most rows off
// a line, and a warp over an unaligned row touches one line more (Laplace's
// copy kernel: rows of 8194 doubles). The row's misalignment is the view's
// element offset at the row's first iteration (aligned pointer / element
// size + indices at lb times strides) modulo 32; thread `slot`
// runs lb + slot - shift and is idle outside [lb, ub). Rows shorter than
// 1024 iterations keep shift 0 (a uniform branch skips the address work),
// and the grid along x has
// width - 1 more threads for the long ones. On by default (measured on
// the H200: Laplace +1.6%, Himeno -0.5%; docs/pipeline.md); PIPE checks
// that the pipeline option reaches the pass.

xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @copy
// CHECK-SAME: (%{{[^:]+}}: !darray, %{{[^:]+}}: !darray, %[[N:[^:]+]]: index, %[[M:[^:]+]]: index)
// CHECK: %[[NI:.*]] = arith.maxsi %{{.*}} : index
// CHECK: %[[NJ:.*]] = arith.maxsi %{{.*}} : index
// CHECK-NEXT: %[[K1024:.*]] = arith.constant 1024 : index
// CHECK-NEXT: %[[LONG:.*]] = arith.cmpi sge, %[[NJ]], %[[K1024]] : index
// CHECK: %[[C31:.*]] = arith.constant 31 : index
// CHECK: %[[PAD:.*]] = arith.select %[[LONG]], %[[C31]], %{{.*}} : index
// CHECK-NEXT: %[[WIDE:.*]] = arith.addi %[[NJ]], %[[PAD]] : index
// CHECK-NEXT: %[[GX:.*]] = arith.ceildivsi %[[WIDE]], %{{.*}} : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%[[BX:[^,]+]], %[[BY:[^,]+]], %{{[^)]+}}) in (%{{[^ ]+}} = %[[GX]],
// CHECK-SAME: threads(%[[TX:[^,]+]], %{{[^,]+}}, %{{[^)]+}})
// CHECK: memref.reinterpret_cast
// CHECK-NEXT: %[[VIEW:.*]] = memref.reinterpret_cast %{{.*}} : memref<4098x4098xf64> to memref<4098x4098xf64, strided<[4098, 1]>>
// The row i (block/thread y) first; only long rows (a uniform branch)
// compute the offset at j = lb = 1: i * 4098 + 1.
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[SYS:.*]] = arith.muli %[[SY]], %{{.*}} : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %{{.*}}, %[[SYS]] : index
// CHECK-NEXT: %[[OKI:.*]] = arith.cmpi slt, %[[SY]], %[[NI]] : index
// CHECK-NEXT: %[[SHIFT:.*]] = scf.if %[[LONG]] -> (index) {
// CHECK: %[[ROW:.*]] = arith.muli %[[I]], %c4098 : index
// CHECK: %[[LIN0:.*]] = arith.addi %{{.*}}, %[[ROW]] : index
// CHECK: %[[LIN:.*]] = arith.addi %[[LIN0]], %{{.*}} : index
// CHECK-NEXT: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[VIEW]]
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[EL:.*]] = arith.divui %[[PTR]], %[[C8]] : index
// CHECK-NEXT: %[[EOFF:.*]] = arith.addi %[[EL]], %[[LIN]] : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[MIS:.*]] = arith.remui %[[EOFF]], %[[C32]] : index
// CHECK-NEXT: scf.yield %[[MIS]] : index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: scf.yield %[[Z]] : index
// CHECK-NEXT: }
// CHECK: %[[SX:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.subi %[[SX]], %[[SHIFT]] : index
// CHECK-NEXT: %[[J:.*]] = arith.addi %{{.*}}, %[[SLOT]] : index
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[SLOT]], %{{.*}} : index
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[SLOT]], %[[NJ]] : index
// CHECK-NEXT: %[[OKJ:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[OKI]], %[[OKJ]] : i1
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: memref.store %[[X]], %[[VIEW]][%[[I]], %[[J]]]
// OFF-LABEL: func.func @copy
// OFF-NOT: extract_aligned_pointer
// OFF: gpu.terminator
func.func @copy(%a: !a, %b: !a, %n: index, %m: index) {
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

// Not aligned: a step of 2 along the rows, and a store whose last index is
// not the innermost induction variable plus invariant values (a transposed
// access); nothing to align either without an access.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @not_aligned
// CHECK-NOT: extract_aligned_pointer
// CHECK: return
func.func @not_aligned(%a: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<4096x4096xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c2) {
    memref.store %x, %v[%i, %j] : memref<4096x4096xf32>
  } {xmp.device}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %x, %v[%j, %i] : memref<4096x4096xf32>
  } {xmp.device}
  return
}

// -----

// A swept loop (each thread walks a chunk of rows, xmp-to-gpu sweep) is
// aligned too, with one shift for the whole launch: the view's offset at
// the loop's first row and column (all lower bounds: 1 * 4128 + 1), so a
// column stays with one thread. It holds for every row because rows of
// 1024 elements or more are padded to a multiple of 32 (dist::rowPitch:
// 4098 -> 4128 here).
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 4096x4096)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<4096x4096xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @swept
// CHECK: arith.maxsi
// CHECK: %[[NJ:.*]] = arith.maxsi %{{.*}} : index
// CHECK-NEXT: %[[K1024:.*]] = arith.constant 1024 : index
// CHECK-NEXT: %[[LONG:.*]] = arith.cmpi sge, %[[NJ]], %[[K1024]] : index
// CHECK: %[[PAD:.*]] = arith.select %[[LONG]], %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[WIDE:.*]] = arith.addi %[[NJ]], %[[PAD]] : index
// CHECK-NEXT: %[[GX:.*]] = arith.ceildivsi %[[WIDE]], %{{.*}} : index
// CHECK: call @xmprt_gpu_sweep_chunks
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%[[BX:[^,]+]], %{{[^,]+}}, %{{[^)]+}}) in (%{{[^ ]+}} = %[[GX]],
// CHECK-SAME: threads(%[[TX:[^,]+]], %{{[^,]+}}, %{{[^)]+}})
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4098, 4128], strides: [4128, 1] {xmp.kernel_arg = "noalias"}
// CHECK-NEXT: %[[SHIFT:.*]] = scf.if %[[LONG]] -> (index) {
// CHECK: %[[ROW:.*]] = arith.muli %c1, %c4128 : index
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[VIEW]]
// CHECK: %[[MIS:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK-NEXT: scf.yield %[[MIS]] : index
// CHECK: %[[SX:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.subi %[[SX]], %[[SHIFT]] : index
// CHECK-NEXT: %[[J:.*]] = arith.addi %{{.*}}, %[[SLOT]] : index
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %[[J]]]
// OFF-LABEL: func.func @swept
// OFF-NOT: extract_aligned_pointer
// OFF: scf.for
// OFF: gpu.terminator
func.func @swept(%n: index, %m: index) {
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
