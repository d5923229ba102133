// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true --xmp-to-gpu=sweep=false | FileCheck %s

// 32-bit indexing (xmp-to-gpu index32=true, the default). Views whose
// arrays lie alike share their extents inside the kernel; accesses use a
// flat view of the same buffer and a 32-bit linear offset.

// Static local blocks (34 x 34 elements, a static 1x1 grid): always fewer
// than 2^31 elements, so the only kernel uses 32-bit offsets.
xmp.nodes @p(shape = 1x1)
xmp.template @t(shape = 32x32)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<32x32xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @static_views
// CHECK-NOT: _i64
// CHECK: gpu.launch {{.*}} function(@static_views_loop0) {
// CHECK: %[[FU:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [{{[0-9]+}}], strides: [1] : memref<34x34xf64> to memref<?xf64>
// CHECK: arith.index_cast %{{.*}} : index to i32
// CHECK: arith.muli %{{.*}} : i32
// CHECK: %[[X:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: memref.load %[[FU]][%[[X]]] : memref<?xf64>
// CHECK-NOT: scf.if {{.*}}launch
// CHECK: return
func.func @static_views(%u: !a, %w: !a) {
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c31, %c31) step (%c1, %c1) on @t [0, 1] {
    %v = xmp.load %u[%i, %j] : !a
    xmp.store %v, %w[%i, %j] : !a
  }
  return
}

// -----

// Dynamic local blocks (a `?` grid): the host checks that every view has
// fewer than 2^31 elements and launches the 32-bit kernel, else the
// 64-bit one (named ..._i64). The two arrays lie alike: the kernel's
// views get the same extent and stride values (one memref.dim each).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, *]
!a = !xmp.darray<64x64xf32, @t, align [0, 1], shadow [1:1, 0:0]>
// CHECK-LABEL: func.func @dynamic_views
// CHECK: %[[DU:.*]] = xmp.device_acquire %{{.*}} access(read)
// CHECK: %[[DW:.*]] = xmp.device_acquire %{{.*}} access(write)
// CHECK: %[[E0:.*]] = memref.dim %[[DU]], %{{.*}} : memref<?x64xf32>
// CHECK: %[[ST:.*]] = arith.muli %{{.*}}, %[[E0]]
// CHECK: arith.cmpi ule,
// CHECK: arith.cmpi ule,
// CHECK: %[[FITS:.*]] = arith.andi
// CHECK: scf.if %[[FITS]] {
// CHECK: gpu.launch {{.*}} function(@dynamic_views_loop0) {
// CHECK: memref.reinterpret_cast %[[DU]] to offset: [0], sizes: [%[[E0]], 64], strides: [64, 1]
// CHECK: memref.reinterpret_cast %[[DW]] to offset: [0], sizes: [%[[E0]], 64], strides: [64, 1]
// CHECK: arith.index_cast %{{.*}} : i32 to index
// CHECK: } else {
// CHECK: gpu.launch {{.*}} function(@dynamic_views_loop0_i64) {
// CHECK-NOT: : i32 to index
// CHECK: gpu.terminator
func.func @dynamic_views(%u: !a, %w: !a) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c63, %c63) step (%c1, %c1) on @t [0, 1] {
    %v = xmp.load %u[%i, %j] : !a
    xmp.store %v, %w[%i, %j] : !a
  }
  return
}
