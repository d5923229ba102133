// RUN: xmp-opt %s -split-input-file --xmp-to-gpu="index32=false align-rows=false" | FileCheck %s
// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true --xmp-to-gpu="index32=false align-rows=false" | FileCheck %s --check-prefix=E2E

// xmp-to-gpu: an scf.parallel marked xmp.device becomes a gpu.launch, one
// thread per iteration (the innermost loop dimension on x), guarded where
// the launch shape overshoots; a reduction is finished in the same kernel.
// Inputs are written as xmp-lower-distribution{gpu=true} leaves device
// loops (an scf.parallel over device_acquire views), except the E2E splits,
// which start from a device loop. One behaviour per split, named in its
// comment and function name. (32-bit indexing is off in this file, see
// xmp-to-gpu-index32.mlir; row alignment too, see xmp-to-gpu-align.mlir.)

// -----

// 1-D launch shape: 256 threads per block on x (1 on y and z), and
// ceil(count / 256) blocks on x, where count = max(ceil((ub - lb) / step),
// 0) is the loop's iteration count.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 4096)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<4096xf32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_1d_launch_shape(
// CHECK-SAME: %{{[^:]+}}: !darray, %[[N:[^:]+]]: index)
// CHECK-DAG: %[[LB:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[ST:.*]] = arith.constant 3 : index
// CHECK: %[[D:.*]] = arith.subi %[[N]], %[[LB]] : index
// CHECK-NEXT: %[[Q:.*]] = arith.ceildivsi %[[D]], %[[ST]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[CNT:.*]] = arith.maxsi %[[Q]], %[[Z]] : index
// CHECK-NEXT: %[[C256:.*]] = arith.constant 256 : index
// CHECK-NEXT: %[[GX:.*]] = arith.ceildivsi %[[CNT]], %[[C256]] : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%{{[^)]+}}) in (%{{[^ ]+}} = %[[GX]], %{{[^ ]+}} = %[[GY:[^,]+]], %{{[^ ]+}} = %[[GZ:[^)]+]]) threads(%{{[^)]+}}) in (%{{[^ ]+}} = %[[C256]], %{{[^ ]+}} = %[[TY:[^,]+]], %{{[^ ]+}} = %[[TZ:[^)]+]])
func.func @gpu_1d_launch_shape(%a: !a, %n: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<4096xf32>
  scf.parallel (%i) = (%c2) to (%n) step (%c3) {
    memref.store %x, %v[%i] : memref<4096xf32>
  } {xmp.device}
  return
}

// -----

// A thread's iteration: slot = block id * block size + thread id (x), and
// the iteration lb + slot * step; the body runs in the launch, the loop is
// gone.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 4096)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<4096xf32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_1d_slot_to_iteration(
// CHECK-DAG: %[[LB:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[ST:.*]] = arith.constant 3 : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%[[BX:[^,]+]], %{{[^,]+}}, %{{[^)]+}}) in ({{.*}}) threads(%[[TX:[^,]+]], %{{[^,]+}}, %{{[^)]+}}) in
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[BX]], %[[C256]] : index
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[B]], %[[TX]] : index
// CHECK-NEXT: %[[IS:.*]] = arith.muli %[[S]], %[[ST]] : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[LB]], %[[IS]] : index
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]]] : memref<4096xf32{{.*}}>
// CHECK: gpu.terminator
// CHECK-NOT: scf.parallel
func.func @gpu_1d_slot_to_iteration(%a: !a, %n: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<4096xf32>
  scf.parallel (%i) = (%c2) to (%n) step (%c3) {
    memref.store %x, %v[%i] : memref<4096xf32>
  } {xmp.device}
  return
}

// -----

// Guard: when the count is not known, the body runs only for slot < count.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 4096)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<4096xf32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_1d_guard(
// CHECK: %[[CNT:.*]] = arith.maxsi
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads(%[[TX:[^,]+]],
// CHECK: %[[S:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK: %[[OK:.*]] = arith.cmpi slt, %[[S]], %[[CNT]] : index
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
func.func @gpu_1d_guard(%a: !a, %n: index) {
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
// contiguous index) on x: the x grid size comes from the count of j (%m),
// the y one from that of i (%n); x ids compute j, y ids i.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 1024x1024)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<1024x1024xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @gpu_2d_innermost_on_x(
// CHECK-SAME: %{{[^:]+}}: !darray, %[[N:[^:]+]]: index, %[[M:[^:]+]]: index)
// CHECK: arith.subi %[[N]],
// CHECK: %[[NI:.*]] = arith.maxsi
// CHECK: arith.subi %[[M]],
// CHECK: %[[NJ:.*]] = arith.maxsi
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[GX:.*]] = arith.ceildivsi %[[NJ]], %[[C32]] : index
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[GY:.*]] = arith.ceildivsi %[[NI]], %[[C8]] : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%[[BX:[^,]+]], %[[BY:[^,]+]], %{{[^)]+}}) in (%{{[^ ]+}} = %[[GX]], %{{[^ ]+}} = %[[GY]], %{{[^ ]+}} = %{{[^)]+}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %{{[^)]+}}) in (%{{[^ ]+}} = %[[C32]], %{{[^ ]+}} = %[[C8]], %{{[^ ]+}} = %{{[^)]+}})
// CHECK: %[[BXS:.*]] = arith.muli %[[BX]],
// CHECK-NEXT: %[[SX:.*]] = arith.addi %[[BXS]], %[[TX]]
// CHECK-NEXT: %[[JS:.*]] = arith.muli %[[SX]],
// CHECK-NEXT: %[[J:.*]] = arith.addi %{{.*}}, %[[JS]]
// CHECK: %[[BYS:.*]] = arith.muli %[[BY]],
// CHECK-NEXT: %[[SY:.*]] = arith.addi %[[BYS]], %[[TY]]
// CHECK-NEXT: %[[IS:.*]] = arith.muli %[[SY]],
// CHECK-NEXT: %[[I:.*]] = arith.addi %{{.*}}, %[[IS]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<1024x1024xf32{{.*}}>
func.func @gpu_2d_innermost_on_x(%a: !a, %n: index, %m: index) {
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

// 2-D guard: both slots are tested against their counts, and the body runs
// only where both hold.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 1024x1024)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<1024x1024xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @gpu_2d_guard_both(
// CHECK: %[[NI:.*]] = arith.maxsi
// CHECK: %[[NJ:.*]] = arith.maxsi
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]],
// CHECK: %[[SX:.*]] = arith.addi %{{.*}}, %[[TX]]
// CHECK: %[[OKX:.*]] = arith.cmpi slt, %[[SX]], %[[NJ]]
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK: %[[OKY:.*]] = arith.cmpi slt, %[[SY]], %[[NI]]
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[OKX]], %[[OKY]]
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: memref.store
func.func @gpu_2d_guard_both(%a: !a, %n: index, %m: index) {
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

// A grid with more than one dimension is checked against CUDA's y / z
// limit (xmprt_gpu_check_grid with the three grid sizes) before the launch.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 1024x1024)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<1024x1024xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @gpu_grid_checked(
// CHECK: %[[GX:.*]] = arith.ceildivsi %{{.*}}, %c32
// CHECK: %[[GY:.*]] = arith.ceildivsi %{{.*}}, %c8
// CHECK: %[[GX64:.*]] = arith.index_cast %[[GX]] : index to i64
// CHECK-NEXT: %[[GY64:.*]] = arith.index_cast %[[GY]] : index to i64
// CHECK-NEXT: %[[GZ64:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK-NEXT: call @xmprt_gpu_check_grid(%[[GX64]], %[[GY64]], %[[GZ64]]) : (i64, i64, i64) -> ()
// CHECK-NEXT: gpu.wait async
// CHECK-NEXT: gpu.launch
func.func @gpu_grid_checked(%a: !a, %n: index, %m: index) {
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

// 3-D: 32x4x2 blocks; x runs k (the last dimension), y runs j, z runs i.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64x64x64xf32, @t, align [0, *, *]>
// CHECK-LABEL: func.func @gpu_3d_mapping(
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %[[TZ:[^)]+]]) in (%{{[^ ]+}} = %[[C32]], %{{[^ ]+}} = %[[C4]], %{{[^ ]+}} = %[[C2]])
// CHECK: %[[SX:.*]] = arith.addi %{{.*}}, %[[TX]]
// CHECK-NEXT: %[[KS:.*]] = arith.muli %[[SX]],
// CHECK-NEXT: %[[K:.*]] = arith.addi %{{.*}}, %[[KS]]
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK-NEXT: %[[JS:.*]] = arith.muli %[[SY]],
// CHECK-NEXT: %[[J:.*]] = arith.addi %{{.*}}, %[[JS]]
// CHECK: %[[SZ:.*]] = arith.addi %{{.*}}, %[[TZ]]
// CHECK-NEXT: %[[IS:.*]] = arith.muli %[[SZ]],
// CHECK-NEXT: %[[I:.*]] = arith.addi %{{.*}}, %[[IS]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]] : memref<64x64x64xf32{{.*}}>
func.func @gpu_3d_mapping(%a: !a, %n: index) {
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

// 4-D: the three inner dimensions on z/y/x, the outermost one a sequential
// scf.for inside each thread, over the loop's own bounds and step.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64x8x8x8xf32, @t, align [0, *, *, *]>
// CHECK-LABEL: func.func @gpu_4d_outer_loop(
// CHECK-SAME: %{{[^:]+}}: !darray, %[[N:[^:]+]]: index)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %[[TZ:[^)]+]])
// CHECK: %[[SX:.*]] = arith.addi %{{.*}}, %[[TX]]
// CHECK-NEXT: %[[LS:.*]] = arith.muli %[[SX]],
// CHECK-NEXT: %[[L:.*]] = arith.addi %{{.*}}, %[[LS]]
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK-NEXT: %[[KS:.*]] = arith.muli %[[SY]],
// CHECK-NEXT: %[[K:.*]] = arith.addi %{{.*}}, %[[KS]]
// CHECK: %[[SZ:.*]] = arith.addi %{{.*}}, %[[TZ]]
// CHECK-NEXT: %[[JS:.*]] = arith.muli %[[SZ]],
// CHECK-NEXT: %[[J:.*]] = arith.addi %{{.*}}, %[[JS]]
// CHECK: scf.if
// CHECK-NEXT: scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]], %[[L]]]
func.func @gpu_4d_outer_loop(%a: !a, %n: index) {
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

// No guard when the constant count is a multiple of the block: 512
// iterations on blocks of 256.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_exact_1d_no_guard(
// CHECK: gpu.launch
// CHECK-NOT: arith.cmpi
// CHECK-NOT: scf.if
// CHECK: memref.store
// CHECK-NEXT: gpu.terminator
func.func @gpu_exact_1d_no_guard(%a: !a) {
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

// -----

// The count, not the bounds, decides: 0..1024 step 2 is 512 iterations, a
// multiple of the block too (no guard).
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_strided_exact_1d_no_guard(
// CHECK: gpu.launch
// CHECK-NOT: arith.cmpi
// CHECK: memref.store
// CHECK-NEXT: gpu.terminator
func.func @gpu_strided_exact_1d_no_guard(%a: !a) {
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

// -----

// A constant count that is not a multiple of the block (500 / 256) is
// guarded.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_partial_1d_guard(
// CHECK: gpu.launch
// CHECK: %[[OK:.*]] = arith.cmpi slt
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: memref.store
func.func @gpu_partial_1d_guard(%a: !a) {
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

// -----

// Guards per dimension: 16x64 on a 32x8 block needs none.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!b = !xmp.darray<1024x64xf32, @t, align [0, *]>
// CHECK-LABEL: func.func @gpu_exact_2d_no_guard(
// CHECK: gpu.launch
// CHECK-NOT: arith.cmpi
// CHECK: memref.store
// CHECK-NEXT: gpu.terminator
func.func @gpu_exact_2d_no_guard(%b: !b) {
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

// -----

// Guards per dimension: 12x64 on a 32x8 block tests y only (no x test, no
// conjunction).
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!b = !xmp.darray<1024x64xf32, @t, align [0, *]>
// CHECK-LABEL: func.func @gpu_partial_y_2d_guard_y_only(
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]],
// CHECK-NOT: arith.cmpi
// CHECK: %[[SY:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK: %[[OK:.*]] = arith.cmpi slt, %[[SY]],
// CHECK-NOT: arith.cmpi
// CHECK-NOT: arith.andi
// CHECK: scf.if %[[OK]]
func.func @gpu_partial_y_2d_guard_y_only(%b: !b) {
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

// xmp.block_size overrides the default shape of a 1-D loop: [128] gives
// 128x1x1 threads, and with it 0..128 is a multiple of the block (no
// guard).
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024x64xf32, @t, align [0, *]>
// CHECK-LABEL: func.func @gpu_block_size_1d(
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads({{.*}}) in (%{{[^ ]+}} = %c128{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}})
// CHECK-NOT: arith.cmpi
// CHECK: memref.store
// CHECK-NEXT: gpu.terminator
func.func @gpu_block_size_1d(%a: !a) {
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

// -----

// xmp.block_size overrides the default shape of a 2-D loop: [64, 4] gives
// 64x4x1 threads.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024x64xf32, @t, align [0, *]>
// CHECK-LABEL: func.func @gpu_block_size_2d(
// CHECK: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads({{.*}}) in (%{{[^ ]+}} = %c64{{[_0-9]*}}, %{{[^ ]+}} = %c4{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}})
func.func @gpu_block_size_2d(%a: !a, %n: index) {
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

// Kernel names: the launches of a function's loops are named
// <function>_loop<k> in order, all in one gpu.module @xmp_kernels.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_kernel_names(
// CHECK: gpu.launch {{.*}} module(@xmp_kernels) function(@gpu_kernel_names_loop0)
// CHECK: gpu.launch {{.*}} module(@xmp_kernels) function(@gpu_kernel_names_loop1)
// CHECK-NOT: gpu.launch
func.func @gpu_kernel_names(%a: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1.0 : f32
  %v = xmp.device_acquire %a access(write) : !a -> memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %x, %v[%i] : memref<1024xf32>
  } {xmp.device}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %x, %v[%i] : memref<1024xf32>
  } {xmp.device}
  return
}

// -----

// Views are re-described inside the kernel (memref.reinterpret_cast with
// the view's static shape and strides); a view the kernel only reads is
// marked xmp.kernel_arg = "readonly", and the body addresses the new view.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @gpu_kernel_view_readonly(
// CHECK: %[[V:.*]] = xmp.device_acquire
// CHECK: gpu.launch
// CHECK-NEXT: %[[KV:.*]] = memref.reinterpret_cast %[[V]] to offset: [0], sizes: [1024], strides: [1] {xmp.kernel_arg = "readonly"} : memref<1024xf64> to memref<1024xf64, strided<[1]>>
// CHECK: memref.load %[[KV]][
func.func @gpu_kernel_view_readonly(%a: !a, %n: index, %init: f64) -> f64 {
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

// Two darray arguments of a function may be the same array: a view read
// while the other is written gets no mark. Arguments marked xmp.distinct
// (xmp-cfront's hidden parameters: different C arrays) are different
// arrays: the read view is readonly, the written one noalias.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @gpu_kernel_args_may_alias(
// CHECK: gpu.launch
// CHECK-NOT: xmp.kernel_arg
// CHECK: gpu.terminator
func.func @gpu_kernel_args_may_alias(%a: !a, %b: !a, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %va = xmp.device_acquire %a access(read) : !a -> memref<1024xf64>
  %vb = xmp.device_acquire %b access(write) : !a -> memref<1024xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %e = memref.load %va[%i] : memref<1024xf64>
    memref.store %e, %vb[%i] : memref<1024xf64>
  } {xmp.device}
  return
}
// CHECK-LABEL: func.func @gpu_kernel_args_distinct(
// CHECK: gpu.launch
// CHECK-NEXT: memref.reinterpret_cast %{{.*}} {xmp.kernel_arg = "readonly"}
// CHECK-NEXT: memref.reinterpret_cast %{{.*}} {xmp.kernel_arg = "noalias"}
func.func @gpu_kernel_args_distinct(%a: !a {xmp.distinct}, %b: !a {xmp.distinct},
                                    %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %va = xmp.device_acquire %a access(read) : !a -> memref<1024xf64>
  %vb = xmp.device_acquire %b access(write) : !a -> memref<1024xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %e = memref.load %va[%i] : memref<1024xf64>
    memref.store %e, %vb[%i] : memref<1024xf64>
  } {xmp.device}
  return
}

// -----

// A reduction is one kernel launched asynchronously on the runtime's
// stream: no host wait on it, no second launch, no allocation; the host
// reads the result slot (xmp.result_read waits for the GPU) where the
// value is used.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @gpu_reduce_one_async_kernel(
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK: gpu.launch async [%[[T0]]]
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK-NOT: gpu.wait [
// CHECK-NOT: gpu.alloc
// CHECK: %[[R:.*]] = xmp.result_read %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: return %[[R]] : f64
func.func @gpu_reduce_one_async_kernel(%a: !a, %n: index, %init: f64) -> f64 {
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

// Reduction scratch: per-block values in scratch of one slot per block
// (grid x * y * z) of the reduced type, and an i32 block counter, both
// kept per call site (xmp.gpu_scratch, not allocated per launch).
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @gpu_reduce_scratch(
// CHECK: %[[GX:.*]] = arith.ceildivsi %{{.*}}, %c256
// CHECK: %[[NB0:.*]] = arith.muli %[[GX]], %[[GY:[^ ]+]] : index
// CHECK-NEXT: %[[NB:.*]] = arith.muli %[[NB0]], %[[GZ:[^ ]+]] : index
// CHECK-NEXT: gpu.wait async
// CHECK-NEXT: %[[BUF:.*]] = xmp.gpu_scratch %[[NB]] : memref<?xf64>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[CNT:.*]] = xmp.gpu_scratch %[[ONE]] : memref<?xi32>
// CHECK-NEXT: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) in (%{{[^ ]+}} = %[[GX]], %{{[^ ]+}} = %[[GY]], %{{[^ ]+}} = %[[GZ]])
func.func @gpu_reduce_scratch(%a: !a, %n: index, %init: f64) -> f64 {
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

// Reduction stage 1, the block: each thread contributes its value (the
// identity outside the iteration space: 1.0 for mul), reduced over the
// block by a uniform gpu.all_reduce.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @gpu_reduce_block_value(
// CHECK: gpu.launch
// CHECK: %[[C:.*]] = scf.if %{{.*}} -> (f64) {
// CHECK-NEXT: %[[ID:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[E:.*]] = memref.load
// CHECK-NEXT: %[[X:.*]] = arith.mulf %[[ID]], %[[E]] : f64
// CHECK-NEXT: scf.yield %[[X]] : f64
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ID2:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: scf.yield %[[ID2]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %{{.*}} = gpu.all_reduce mul %[[C]] uniform
func.func @gpu_reduce_block_value(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = xmp.device_acquire %a access(read) : !a -> memref<1024xf64>
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f64 {
    %e = memref.load %v[%i] : memref<1024xf64>
    scf.reduce(%e : f64) {
    ^bb0(%l: f64, %r: f64):
      %s = arith.mulf %l, %r : f64
      scf.reduce.return %s : f64
    }
  } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<mul>]}
  return %r : f64
}

// -----

// Reduction stage 1, the scratch: thread (0, 0, 0) of each block stores
// the block's value at the linear block index ((bz * gy + by) * gx + bx),
// fences, and counts its block done (atomic add on the counter).
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @gpu_reduce_block_store(
// CHECK: %[[BUF:.*]] = xmp.gpu_scratch %{{.*}} : memref<?xf64>
// CHECK: %[[CNT:.*]] = xmp.gpu_scratch %{{.*}} : memref<?xi32>
// CHECK-NEXT: gpu.launch async [%{{[^]]+}}] blocks(%[[BX:[^,]+]], %[[BY:[^,]+]], %[[BZ:[^)]+]]) in (%[[GSX:[^ ]+]] = %{{[^,]+}}, %[[GSY:[^ ]+]] = %{{[^,]+}}, %{{[^ ]+}} = %{{[^)]+}}) threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %[[TZ:[^)]+]])
// CHECK: %[[BV:.*]] = gpu.all_reduce add
// CHECK-NEXT: }
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[EX:.*]] = arith.cmpi eq, %[[TX]], %[[C0]] : index
// CHECK-NEXT: %[[EY:.*]] = arith.cmpi eq, %[[TY]], %[[C0]] : index
// CHECK-NEXT: %[[EZ:.*]] = arith.cmpi eq, %[[TZ]], %[[C0]] : index
// CHECK-NEXT: %[[EYZ:.*]] = arith.andi %[[EY]], %[[EZ]]
// CHECK-NEXT: %[[FIRST:.*]] = arith.andi %[[EX]], %[[EYZ]]
// CHECK-NEXT: scf.if %[[FIRST]] -> (i32) {
// CHECK-NEXT: %[[L0:.*]] = arith.muli %[[BZ]], %[[GSY]]
// CHECK-NEXT: %[[L1:.*]] = arith.addi %[[L0]], %[[BY]]
// CHECK-NEXT: %[[L2:.*]] = arith.muli %[[L1]], %[[GSX]]
// CHECK-NEXT: %[[LIN:.*]] = arith.addi %[[L2]], %[[BX]]
// CHECK-NEXT: memref.store %[[BV]], %[[BUF]][%[[LIN]]] : memref<?xf64{{.*}}>
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: memref.atomic_rmw addi %[[ONE]], %[[CNT]][%[[C0]]] : (i32, memref<?xi32>) -> i32
func.func @gpu_reduce_block_store(%a: !a, %n: index, %init: f64) -> f64 {
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

// Reduction stage 2: the block that counts last (its thread 0 saw
// numBlocks - 1, told to the whole block by a uniform all_reduce maxsi)
// fences, folds the scratch (linear thread t takes blocks t, t + threads,
// ...) and reduces over the block again.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @gpu_reduce_last_block_folds(
// CHECK: %[[BUF:.*]] = xmp.gpu_scratch %[[NB:[^ ]+]] : memref<?xf64>
// CHECK: gpu.launch {{.*}} threads(%[[TX:[^,]+]], %[[TY:[^,]+]], %[[TZ:[^)]+]]) in (%[[BDX:[^ ]+]] = %{{[^,]+}}, %[[BDY:[^ ]+]] = %{{[^,]+}}, %[[BDZ:[^ ]+]] = %{{[^)]+}})
// CHECK: %[[OLD:.*]] = memref.atomic_rmw addi
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[NBM1:.*]] = arith.subi %[[NB]], %[[ONE]] : index
// CHECK-NEXT: %[[NBM1I:.*]] = arith.index_cast %[[NBM1]] : index to i32
// CHECK-NEXT: %[[DONE:.*]] = arith.cmpi eq, %[[OLD]], %[[NBM1I]] : i32
// CHECK-NEXT: %[[DONEI:.*]] = arith.extui %[[DONE]] : i1 to i32
// CHECK-NEXT: scf.yield %[[DONEI]] : i32
// CHECK: %[[LAST:.*]] = gpu.all_reduce maxsi %{{.*}} uniform
// CHECK: %[[ISLAST:.*]] = arith.cmpi ne, %[[LAST]], %{{.*}} : i32
// CHECK-NEXT: scf.if %[[ISLAST]] {
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK-NEXT: %[[T0:.*]] = arith.muli %[[TZ]], %[[BDY]] : index
// CHECK-NEXT: %[[T1:.*]] = arith.addi %[[T0]], %[[TY]] : index
// CHECK-NEXT: %[[T2:.*]] = arith.muli %[[T1]], %[[BDX]] : index
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[T2]], %[[TX]] : index
// CHECK-NEXT: %[[NT0:.*]] = arith.muli %[[BDX]], %[[BDY]] : index
// CHECK-NEXT: %[[NT:.*]] = arith.muli %[[NT0]], %[[BDZ]] : index
// CHECK-NEXT: %[[ID:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[PART:.*]] = scf.for %[[K:[^ ]+]] = %[[T]] to %[[NB]] step %[[NT]] iter_args(%[[ACC:[^ ]+]] = %[[ID]]) -> (f64) {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[BUF]][%[[K]]] : memref<?xf64{{.*}}>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : f64
// CHECK: gpu.all_reduce add %[[PART]] uniform
func.func @gpu_reduce_last_block_folds(%a: !a, %n: index, %init: f64) -> f64 {
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

// Reduction, the result: thread 0 of the last block combines the total
// with the loop's init, stores it into the result slot (created at the
// function entry) and resets the counter for the next launch.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>
// CHECK-LABEL: func.func @gpu_reduce_init_into_slot(
// CHECK-SAME: %[[INIT:[^:]+]]: f64) -> f64
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// CHECK: %[[CNT:.*]] = xmp.gpu_scratch %{{.*}} : memref<?xi32>
// CHECK: scf.if %[[FIRST:[^ ]+]] -> (i32) {
// CHECK: %[[TOT:.*]] = gpu.all_reduce add
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: %[[OUT:.*]] = arith.addf %[[INIT]], %[[TOT]] : f64
// CHECK-NEXT: memref.store %[[OUT]], %[[SLOT]][%{{.*}}] : memref<1xf64{{.*}}>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: memref.store %[[Z]], %[[CNT]][%{{.*}}] : memref<?xi32{{.*}}>
// CHECK-NEXT: }
func.func @gpu_reduce_init_into_slot(%a: !a, %n: index, %init: f64) -> f64 {
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

// max on f32: the identity is -inf, and every stage (the contribution,
// both block reductions, the fold, init) combines with maxnumf
// (NaN-ignoring, as XMP's max).
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_reduce_max_f32(
// CHECK: gpu.launch
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maxnumf
// CHECK: gpu.all_reduce maxnumf %{{.*}} uniform
// CHECK: scf.for
// CHECK: arith.maxnumf
// CHECK: gpu.all_reduce maxnumf %{{.*}} uniform
// CHECK: arith.maxnumf
// CHECK: gpu.terminator
// CHECK-NOT: arith.maximumf
func.func @gpu_reduce_max_f32(%a: !a, %n: index, %init: f32) -> f32 {
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

// -----

// max on i32: every stage combines with maxsi.
xmp.nodes @p(shape = 1)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!b = !xmp.darray<1024xi32, @t, align [0]>
// CHECK-LABEL: func.func @gpu_reduce_max_i32(
// CHECK: gpu.all_reduce maxsi %{{.*}} uniform
// CHECK: scf.for
// CHECK: arith.maxsi
// CHECK: gpu.all_reduce maxsi %{{.*}} uniform
// CHECK: arith.maxsi
// CHECK: xmp.result_read
func.func @gpu_reduce_max_i32(%b: !b, %n: index, %init: i32) -> i32 {
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

// End to end (second RUN line), the kernel: a 2-D device loop through
// xmp-lower-distribution{gpu=true} and xmp-to-gpu is a gpu.launch on a
// 32x8 block over the device_acquire views (re-described in the kernel),
// with no scf.parallel left; the written view is released after it.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// E2E-LABEL: func.func @e2e_kernel_over_views(
// E2E: %[[U:.*]] = xmp.device_acquire %{{.*}} access(read) : !darray -> memref<34x34xf64>
// E2E: %[[W:.*]] = xmp.device_acquire %{{.*}} access(write) : !darray -> memref<34x34xf64>
// E2E-NOT: scf.parallel
// E2E: gpu.launch async [%{{[^]]+}}] blocks({{.*}}) threads({{.*}}) in (%{{[^ ]+}} = %c32{{[^,]*}}, %{{[^ ]+}} = %c8
// E2E: %[[KU:.*]] = memref.reinterpret_cast %[[U]]
// E2E: %[[KW:.*]] = memref.reinterpret_cast %[[W]]
// E2E: memref.load %[[KU]]
// E2E: memref.store %{{.*}}, %[[KW]]
// E2E: gpu.terminator
// E2E-NOT: scf.parallel
// E2E: xmp.device_release %{{.*}} access(write)
func.func @e2e_kernel_over_views(%u: !a, %w: !a) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c63, %c63) step (%c1, %c1) on @t [0, 1] {
    %v = xmp.load %u[%i, %j] : !a
    %d = arith.mulf %v, %v : f64
    xmp.store %d, %w[%i, %j] : !a
  }
  return
}

// -----

// End to end, the result: the final kernel stores the node's total
// straight into the result slot that xmp-lower-distribution made (its
// xmp.result_write is gone, nothing waits for the launch), and the host
// reads it (xmp.result_read) after the step, before the reduction across
// nodes.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// E2E-LABEL: func.func @e2e_result_slot_reused(
// E2E-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// E2E: gpu.launch
// E2E: gpu.all_reduce add
// E2E: gpu.all_reduce add
// E2E: memref.store %{{.*}}, %[[SLOT]][
// E2E: gpu.terminator
// E2E-NOT: gpu.wait [
// E2E-NOT: xmp.result_write
// E2E: xmp.gpu_step_end loop -1
// E2E-NEXT: %[[PART:.*]] = xmp.result_read %[[SLOT]] : memref<1xf64>
// E2E-NEXT: %[[ALL:.*]] = xmp.reduction add %[[PART]] on @p : f64
func.func @e2e_result_slot_reused(%u: !a, %init: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %s = xmp.device_loop (%i, %j) = (%c1, %c1) to (%c63, %c63) step (%c1, %c1) on @t [0, 1] reduce(add) init(%init) -> f64 {
    %v = xmp.load %u[%i, %j] : !a
    xmp.yield %v : f64
  }
  return %s : f64
}
