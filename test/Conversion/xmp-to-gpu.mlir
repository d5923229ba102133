// RUN: xmp-opt %s -split-input-file --xmp-to-gpu="index32=false align-rows=false" | FileCheck %s
// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true --xmp-to-gpu="index32=false align-rows=false" | FileCheck %s --check-prefix=E2E

// Inputs are written as xmp-lower-distribution{gpu=true} leaves device
// loops: an scf.parallel marked xmp.device over device_acquire views.

// 1-D: 256 threads per block on x, ceil(n / 256) blocks; the count is not
// known, so the body is guarded by slot < count.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 4096)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<4096xf32, @t, align [0]>
// CHECK-LABEL: func.func @one_d
// CHECK-SAME: (%{{[^:]+}}: !darray, %[[N:[^:]+]]: index
// CHECK: %[[D:.*]] = arith.subi %[[N]], %{{.*}}
// CHECK: %[[Q:.*]] = arith.ceildivsi %[[D]],
// CHECK: %[[CNT:.*]] = arith.maxsi %[[Q]],
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[GX:.*]] = arith.ceildivsi %[[CNT]], %[[C256]]
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%[[BX:[^,]+]], %{{[^,]+}}, %{{[^)]+}}) in (%{{[^ ]+}} = %[[GX]], %{{[^ ]+}} = %{{[^,]+}}, %{{[^ ]+}} = %{{[^)]+}}) threads(%[[TX:[^,]+]], %{{[^,]+}}, %{{[^)]+}}) in (%{{[^ ]+}} = %[[C256]],
// CHECK: %[[B:.*]] = arith.muli %[[BX]], %{{.*}}
// CHECK: %[[S:.*]] = arith.addi %[[B]], %[[TX]]
// CHECK: %[[IS:.*]] = arith.muli %[[S]],
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[IS]]
// CHECK: %[[OK:.*]] = arith.cmpi slt, %[[S]], %[[CNT]]
// CHECK: scf.if %[[OK]] {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]]] : memref<4096xf32{{.*}}>
// CHECK: gpu.terminator
// The loop itself is gone.
// CHECK-NOT: scf.parallel
func.func @one_d(%a: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<4096xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %x, %v[%i] : memref<4096xf32>
  } {xmp.device}
  return
}

// -----

// 2-D: 32x8 blocks, and the innermost loop dimension (j, the array's
// contiguous index) on x: thread/block id x computes j, y computes i, and
// the x grid size comes from the count of j (%m), the y one from i (%n).
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 1024x1024)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<1024x1024xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @two_d
// CHECK-SAME: (%{{[^:]+}}: !darray, %[[N:[^:]+]]: index, %[[M:[^:]+]]: index)
// CHECK: arith.subi %[[N]],
// CHECK: %[[NI:.*]] = arith.maxsi
// CHECK: arith.subi %[[M]],
// CHECK: %[[NJ:.*]] = arith.maxsi
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[GX:.*]] = arith.ceildivsi %[[NJ]], %[[C32]]
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[GY:.*]] = arith.ceildivsi %[[NI]], %[[C8]]
// The grid is checked against CUDA's y / z limit before the launch.
// CHECK: call @xmprt_gpu_check_grid(
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%[[BX:[^,]+]], %[[BY:[^,]+]], %{{[^)]+}}) in (%{{[^ ]+}} = %[[GX]], %{{[^ ]+}} = %[[GY]], %{{[^ ]+}} = %{{[^)]+}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %{{[^)]+}}) in (%{{[^ ]+}} = %[[C32]], %{{[^ ]+}} = %[[C8]], %{{[^ ]+}} = %{{[^)]+}})
// CHECK: %[[BXS:.*]] = arith.muli %[[BX]],
// CHECK: %[[SX:.*]] = arith.addi %[[BXS]], %[[TX]]
// CHECK: %[[JS:.*]] = arith.muli %[[SX]],
// CHECK: %[[J:.*]] = arith.addi %{{.*}}, %[[JS]]
// CHECK: %[[OKX:.*]] = arith.cmpi slt, %[[SX]], %[[NJ]]
// CHECK: %[[BYS:.*]] = arith.muli %[[BY]],
// CHECK: %[[SY:.*]] = arith.addi %[[BYS]], %[[TY]]
// CHECK: %[[IS:.*]] = arith.muli %[[SY]],
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[IS]]
// CHECK: %[[OKY:.*]] = arith.cmpi slt, %[[SY]], %[[NI]]
// CHECK: %[[OK:.*]] = arith.andi %[[OKX]], %[[OKY]]
// CHECK: scf.if %[[OK]] {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<1024x1024xf32{{.*}}>
func.func @two_d(%a: !a, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<1024x1024xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    memref.store %x, %v[%i, %j] : memref<1024x1024xf32>
  } {xmp.device}
  return
}

// -----

// 3-D: 32x4x2 blocks; x runs k (last), y runs j, z runs i.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64x64x64xf32, @t, align [0, *, *]>
// CHECK-LABEL: func.func @three_d
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %[[TZ:[^)]+]]) in (%{{[^ ]+}} = %[[C32]], %{{[^ ]+}} = %[[C4]], %{{[^ ]+}} = %[[C2]])
// CHECK: %[[SX:.*]] = arith.addi %{{.*}}, %[[TX]]
// CHECK: %[[KS:.*]] = arith.muli %[[SX]],
// CHECK: %[[K:.*]] = arith.addi %{{.*}}, %[[KS]]
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK: %[[JS:.*]] = arith.muli %[[SY]],
// CHECK: %[[J:.*]] = arith.addi %{{.*}}, %[[JS]]
// CHECK: %[[SZ:.*]] = arith.addi %{{.*}}, %[[TZ]]
// CHECK: %[[IS:.*]] = arith.muli %[[SZ]],
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[IS]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]] : memref<64x64x64xf32{{.*}}>
func.func @three_d(%a: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<64x64x64xf32>
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%n, %n, %n) step (%c1, %c1, %c1) {
    memref.store %x, %v[%i, %j, %k] : memref<64x64x64xf32>
  } {xmp.device}
  return
}

// -----

// 4-D: the three inner dimensions on z/y/x (32x4x2), the outermost one a
// sequential scf.for inside each thread, over the loop's own bounds.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64x8x8x8xf32, @t, align [0, *, *, *]>
// CHECK-LABEL: func.func @four_d
// CHECK-SAME: (%{{[^:]+}}: !darray, %[[N:[^:]+]]: index)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %[[TZ:[^)]+]])
// CHECK: %[[SX:.*]] = arith.addi %{{.*}}, %[[TX]]
// CHECK: %[[LS:.*]] = arith.muli %[[SX]],
// CHECK: %[[L:.*]] = arith.addi %{{.*}}, %[[LS]]
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK: %[[KS:.*]] = arith.muli %[[SY]],
// CHECK: %[[K:.*]] = arith.addi %{{.*}}, %[[KS]]
// CHECK: %[[SZ:.*]] = arith.addi %{{.*}}, %[[TZ]]
// CHECK: %[[JS:.*]] = arith.muli %[[SZ]],
// CHECK: %[[J:.*]] = arith.addi %{{.*}}, %[[JS]]
// CHECK: scf.if
// CHECK-NEXT: scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]], %[[L]]]
// CHECK: gpu.terminator
func.func @four_d(%a: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<64x8x8x8xf32>
  scf.parallel (%i, %j, %k, %l) = (%c0, %c0, %c0, %c0) to (%n, %c8, %c8, %c8) step (%c1, %c1, %c1, %c1) {
    memref.store %x, %v[%i, %j, %k, %l] : memref<64x8x8x8xf32>
  } {xmp.device}
  return
}

// -----

// Bounds tests: none when the constant count is a multiple of the block
// (512 / 256; 0..1024 step 2 is 512 iterations too), one when it is not
// (500 / 256). Per dimension: 64x16 on a 32x8 block needs no test, 64x12
// tests only y.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf32, @t, align [0]>
!b = !xmp.darray<1024x64xf32, @t, align [0, *]>
// CHECK-LABEL: func.func @exact_1d
// CHECK: gpu.launch
// CHECK-NOT: arith.cmpi
// CHECK-NOT: scf.if
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-LABEL: func.func @strided_exact_1d
// CHECK: gpu.launch
// CHECK-NOT: arith.cmpi
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-LABEL: func.func @partial_1d
// CHECK: gpu.launch
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK: memref.store
// CHECK-LABEL: func.func @exact_2d
// CHECK: gpu.launch
// CHECK-NOT: arith.cmpi
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-LABEL: func.func @partial_y_2d
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]],
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK: %[[OK:.*]] = arith.cmpi slt, %[[SY]],
// CHECK-NOT: arith.cmpi
// CHECK-NOT: arith.andi
// CHECK: scf.if %[[OK]]
func.func @exact_1d(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%c512) step (%c1) {
    memref.store %x, %v[%i] : memref<1024xf32>
  } {xmp.device}
  return
}
func.func @strided_exact_1d(%a: !a) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1024 = arith.constant 1024 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c2) {
    memref.store %x, %v[%i] : memref<1024xf32>
  } {xmp.device}
  return
}
func.func @partial_1d(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c500 = arith.constant 500 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%c500) step (%c1) {
    memref.store %x, %v[%i] : memref<1024xf32>
  } {xmp.device}
  return
}
func.func @exact_2d(%b: !b) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %b access(write) : !b -> memref<1024x64xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    memref.store %x, %v[%i, %j] : memref<1024x64xf32>
  } {xmp.device}
  return
}
func.func @partial_y_2d(%b: !b) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c64 = arith.constant 64 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %b access(write) : !b -> memref<1024x64xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c12, %c64) step (%c1, %c1) {
    memref.store %x, %v[%i, %j] : memref<1024x64xf32>
  } {xmp.device}
  return
}

// -----

// xmp.block_size overrides the default shape: [128] for a 1-D loop, and
// [64, 4] for a 2-D one (z = 1); with the override, 0..128 is a multiple
// of the block (no test).
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024x64xf32, @t, align [0, *]>
// CHECK-LABEL: func.func @block_1d
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads({{.*}}) in (%{{[^ ]+}} = %c128{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}})
// CHECK-NOT: arith.cmpi
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-LABEL: func.func @block_2d
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads({{.*}}) in (%{{[^ ]+}} = %c64{{[_0-9]*}}, %{{[^ ]+}} = %c4{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}})
func.func @block_1d(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<1024x64xf32>
  scf.parallel (%i) = (%c0) to (%c128) step (%c1) {
    memref.store %x, %v[%i, %c0] : memref<1024x64xf32>
  } {xmp.device, xmp.block_size = array<i64: 128>}
  return
}
func.func @block_2d(%a: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<1024x64xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c64) step (%c1, %c1) {
    memref.store %x, %v[%i, %j] : memref<1024x64xf32>
  } {xmp.device, xmp.block_size = array<i64: 64, 4>}
  return
}

// -----

// Reduction (add, f64), in one kernel launched asynchronously on the
// runtime's stream (no host wait, no allocation: the per-block values and
// a block counter live in scratch kept per call site):
// 1. each thread's contribution (identity 0.0 outside the iteration
//    space) is reduced over its block by a uniform gpu.all_reduce;
//    thread (0, 0, 0) stores the block's value at the linear block index
//    of the scratch, fences, and counts its block done (atomic add on the
//    counter);
// 2. the block that counts last (its thread 0 saw numBlocks - 1, told to
//    the whole block by an all_reduce) folds the scratch (thread t takes
//    blocks t, t + threads, ...) and reduces over the block again; thread
//    0 combines the total with the loop's init, stores it into a result
//    slot (created at the function entry) and resets the counter.
// The host reads the slot (xmp.result_read waits for the GPU) where the
// value is used. No atomics on the values: deterministic for a launch
// shape. Kernels are named after the function and its loops, in one
// gpu.module. (32-bit indexing is off in this file, see
// xmp-to-gpu-index32.mlir; the views are re-described inside the kernel.)
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @sum
// CHECK-SAME: (%{{[^:]+}}: !darray, %[[N:[^:]+]]: index, %[[INIT:[^:]+]]: f64)
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// CHECK: %[[GX:.*]] = arith.ceildivsi %{{.*}}, %c256
// CHECK: %[[NB0:.*]] = arith.muli %[[GX]],
// CHECK: %[[NB:.*]] = arith.muli %[[NB0]],
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[BUF:.*]] = xmp.gpu_scratch %[[NB]] : memref<?xf64>
// CHECK: %[[CNT:.*]] = xmp.gpu_scratch %{{.*}} : memref<?xi32>
// CHECK-NEXT: gpu.launch async [%[[T0]]] blocks(%[[BX:[^,]+]], %[[BY:[^,]+]], %[[BZ:[^)]+]]) in (%[[GSX:[^ ]+]] = %{{[^,]+}}, %[[GSY:[^ ]+]] = %{{[^,]+}}, %{{[^ ]+}} = %{{[^)]+}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %[[TZ:[^)]+]]) in ({{.*}}) module(@xmp_kernels) function(@sum_loop0)
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1024], strides: [1] {xmp.kernel_arg = "readonly"} : memref<1024xf64> to memref<1024xf64, strided<[1]>>
// CHECK: %[[C:.*]] = scf.if %{{.*}} -> (f64) {
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[E:.*]] = memref.load %[[VIEW]][
// CHECK: %[[ADD:.*]] = arith.addf %[[Z]], %[[E]] : f64
// CHECK: scf.yield %[[ADD]] : f64
// CHECK: } else {
// CHECK: %[[Z2:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: scf.yield %[[Z2]] : f64
// CHECK: %[[BV:.*]] = gpu.all_reduce add %[[C]] uniform
// CHECK: %[[EX:.*]] = arith.cmpi eq, %[[TX]], %[[C0:.*]] : index
// CHECK: %[[EY:.*]] = arith.cmpi eq, %[[TY]], %[[C0]] : index
// CHECK: %[[EZ:.*]] = arith.cmpi eq, %[[TZ]], %[[C0]] : index
// CHECK: %[[EYZ:.*]] = arith.andi %[[EY]], %[[EZ]]
// CHECK: %[[FIRST:.*]] = arith.andi %[[EX]], %[[EYZ]]
// CHECK: %[[MINE:.*]] = scf.if %[[FIRST]] -> (i32) {
// CHECK: %[[L0:.*]] = arith.muli %[[BZ]], %[[GSY]]
// CHECK: %[[L1:.*]] = arith.addi %[[L0]], %[[BY]]
// CHECK: %[[L2:.*]] = arith.muli %[[L1]], %[[GSX]]
// CHECK: %[[LIN:.*]] = arith.addi %[[L2]], %[[BX]]
// CHECK: memref.store %[[BV]], %[[BUF]][%[[LIN]]] : memref<?xf64{{.*}}>
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK: %[[OLD:.*]] = memref.atomic_rmw addi %{{.*}}, %[[CNT]][%[[C0]]] : (i32, memref<?xi32>) -> i32
// CHECK: arith.cmpi eq, %[[OLD]],
// CHECK: %[[LAST:.*]] = gpu.all_reduce maxsi %[[MINE]] uniform
// CHECK: %[[ISLAST:.*]] = arith.cmpi ne, %[[LAST]],
// CHECK: scf.if %[[ISLAST]] {
// CHECK: %[[PART:.*]] = scf.for %{{.*}} = %{{.*}} to %[[NB]] step %{{.*}} iter_args(%[[ACC:[^ ]+]] = %{{.*}}) -> (f64) {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[BUF]][%{{.*}}] : memref<?xf64{{.*}}>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : f64
// CHECK: %[[TOT:.*]] = gpu.all_reduce add %[[PART]] uniform
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[OUT:.*]] = arith.addf %[[INIT]], %[[TOT]] : f64
// CHECK: memref.store %[[OUT]], %[[SLOT]][%{{.*}}] : memref<1xf64{{.*}}>
// CHECK: memref.store %{{.*}}, %[[CNT]][%{{.*}}] : memref<?xi32{{.*}}>
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK-NOT: gpu.wait [
// CHECK-NOT: gpu.alloc
// CHECK: %[[R:.*]] = xmp.result_read %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: return %[[R]] : f64
func.func @sum(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = xmp.device_acquire %a access(read) : !a -> memref<1024xf64>
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f64 {
    %e = memref.load %v[%i] : memref<1024xf64>
    scf.reduce(%e : f64) {
    ^bb0(%l: f64, %r: f64):
      %s = arith.addf %l, %r : f64
      scf.reduce.return %s : f64
    }
  } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<add>]}
  return %r : f64
}

// -----

// max on f32: the identity is -inf, both stages combine with maxnumf
// (NaN-ignoring, as XMP's max); max on i32 uses maxsi.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf32, @t, align [0]>
!b = !xmp.darray<1024xi32, @t, align [0]>
// CHECK-LABEL: func.func @max_f32
// CHECK: gpu.launch
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maxnumf
// CHECK: gpu.all_reduce maxnumf %{{.*}} uniform
// CHECK: scf.for
// CHECK: arith.maxnumf
// CHECK: gpu.all_reduce maxnumf %{{.*}} uniform
// CHECK: arith.maxnumf
// CHECK: gpu.terminator
// CHECK: xmp.result_read
// CHECK-LABEL: func.func @max_i32
// CHECK: gpu.all_reduce maxsi %{{.*}} uniform
// CHECK: scf.for
// CHECK: arith.maxsi
// CHECK: gpu.all_reduce maxsi %{{.*}} uniform
// CHECK: arith.maxsi
// CHECK: xmp.result_read
func.func @max_f32(%a: !a, %n: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = xmp.device_acquire %a access(read) : !a -> memref<1024xf32>
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f32 {
    %e = memref.load %v[%i] : memref<1024xf32>
    scf.reduce(%e : f32) {
    ^bb0(%l: f32, %r: f32):
      %m = arith.maxnumf %l, %r : f32
      scf.reduce.return %m : f32
    }
  } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<max>]}
  return %r : f32
}
func.func @max_i32(%b: !b, %n: index, %init: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = xmp.device_acquire %b access(read) : !b -> memref<1024xi32>
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> i32 {
    %e = memref.load %v[%i] : memref<1024xi32>
    scf.reduce(%e : i32) {
    ^bb0(%l: i32, %r: i32):
      %m = arith.maxsi %l, %r : i32
      scf.reduce.return %m : i32
    }
  } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<max>]}
  return %r : i32
}

// -----

// End to end (second RUN line): a 2-D device loop with an add reduction
// through xmp-lower-distribution{gpu=true} and xmp-to-gpu: a gpu.launch
// on a 32x8 block over device_acquire views, no scf.parallel left; the
// final kernel stores the node's total straight into the result slot that
// xmp-lower-distribution made (its xmp.result_write is gone), and the
// host reads it (xmp.result_read) before the reduction across nodes.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// E2E-LABEL: func.func @e2e
// E2E: %[[U:.*]] = xmp.device_acquire %{{.*}} access(read) : !darray -> memref<34x34xf64>
// E2E: %[[W:.*]] = xmp.device_acquire %{{.*}} access(write) : !darray -> memref<34x34xf64>
// E2E-NOT: scf.parallel
// E2E: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads({{.*}}) in (%{{[^ ]+}} = %c32{{[^,]*}}, %{{[^ ]+}} = %c8
// E2E: %[[KU:.*]] = memref.reinterpret_cast %[[U]]
// E2E: %[[KW:.*]] = memref.reinterpret_cast %[[W]]
// E2E: memref.load %[[KU]]
// E2E: memref.store %{{.*}}, %[[KW]]
// E2E: gpu.all_reduce add
// E2E: gpu.all_reduce add
// E2E: memref.store %{{.*}}, %[[SLOT:[a-z0-9_]+]][
// E2E: gpu.terminator
// E2E-NOT: gpu.wait [
// E2E-NOT: xmp.result_write
// E2E: xmp.device_release %{{.*}} access(write)
// E2E: xmp.gpu_step_end loop -1
// E2E-NEXT: %[[PART:.*]] = xmp.result_read %[[SLOT]] : memref<1xf64>
// E2E: xmp.reduction add %[[PART]] on @p : f64
func.func @e2e(%u: !a, %w: !a, %init: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %s = xmp.device_loop (%i, %j) = (%c1, %c1) to (%c63, %c63) step (%c1, %c1) on @t [0, 1] reduce(add) init(%init) -> f64 {
    %v = xmp.load %u[%i, %j] : !a
    %d = arith.mulf %v, %v : f64
    xmp.store %d, %w[%i, %j] : !a
    xmp.yield %d : f64
  }
  return %s : f64
}
