// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s --check-prefixes=CHECK,CPU
// RUN: xmp-opt %s --xmp-lower-distribution=gpu=true | FileCheck %s --check-prefix=GPUDIST
// RUN: xmp-opt %s --xmp-lower-distribution=gpu=true --xmp-to-runtime=gpu=true | FileCheck %s --check-prefixes=CHECK,GPU
// The forms of xmp.reduction added for XMP 1.4: location kinds (one
// xmprt_reduce_loc per grid axis, the last axis first, with the locations'
// types and addresses), logical and/or on i1, darrays (host block without
// acc or in the CPU build; with acc in the GPU build the device instance,
// acquired and released around the reduction).

xmp.nodes @p(shape = 2x?)
xmp.template @t(shape = 8x8)
xmp.distribute @t onto @p [block, block]
!a_t = !xmp.darray<4x8xf64, @t, align [*, 1]>

// CHECK-LABEL: func.func @loc
func.func @loc(%x: f64, %i: index, %j: i32) -> (f64, index, i32) {
  // Axes [0, 1]: axis 1 first, then axis 0 (ties in grid rank order).
  // CHECK: %[[C1:.*]] = arith.constant 1 : i32
  // CHECK: %[[K:.*]] = arith.constant 11 : i32
  // CHECK: call @xmprt_reduce_loc(%{{.*}}, %[[C1]], %[[K]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i32, i32, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> ()
  // CHECK: %[[C0:.*]] = arith.constant 0 : i32
  // CHECK: call @xmprt_reduce_loc(%{{.*}}, %[[C0]], %{{.*}}
  %r, %li, %lj = xmp.reduction firstmax %x loc(%i, %j : index, i32) on @p [0, 1] : f64
  // Whole grid: one call on axis -1; lastmin is 14.
  // CHECK: %[[M1:.*]] = arith.constant -1 : i32
  // CHECK: %[[K14:.*]] = arith.constant 14 : i32
  // CHECK: call @xmprt_reduce_loc(%{{.*}}, %[[M1]], %[[K14]]
  %r2, %l2 = xmp.reduction lastmin %r loc(%li : index) on @p : f64
  return %r2, %l2, %lj : f64, index, i32
}

// CHECK-LABEL: func.func @logical
func.func @logical(%b: i1) -> i1 {
  // and = XMPRT_RED_BAND (6), or = XMPRT_RED_BOR (7) on XMPRT_I1 bytes
  // CHECK: %[[AND:.*]] = arith.constant 6 : i32
  // CHECK: call @xmprt_reduce(%{{.*}}, %{{.*}}, %[[AND]]
  // CHECK: %[[OR:.*]] = arith.constant 7 : i32
  // CHECK: call @xmprt_reduce(%{{.*}}, %{{.*}}, %[[OR]]
  %a = xmp.reduction and %b on @p : i1
  %o = xmp.reduction or %a on @p [1] : i1
  return %o : i1
}

// GPUDIST-LABEL: func.func @darray
// CHECK-LABEL: func.func @darray
func.func @darray() {
  %a = xmp.alloc : !a_t
  // Without acc: the host block (the GPU build then marks the device
  // instance stale).
  // GPUDIST: %[[V:.*]] = xmp.local_view %[[A:.*]] :
  // GPUDIST: xmp.reduction add %[[V]] on @p [0] : memref<4x?xf64>
  // GPUDIST-NEXT: xmp.host_modified %[[A]]
  xmp.reduction add %a on @p [0] : !a_t
  // With acc: the device instance in the GPU build.
  // GPUDIST: %[[D:.*]] = xmp.device_acquire %[[A]] access(readwrite)
  // GPUDIST-NEXT: xmp.reduction max %[[D]] on @p [0] : memref<4x?xf64>
  // GPUDIST-NEXT: xmp.device_release %[[A]] access(readwrite)
  // CPU: call @xmprt_darray_data
  // CPU-NOT: xmprt_darray_device_acquire
  // CPU: call @xmprt_reduce
  // CPU: call @xmprt_reduce
  // GPU: call @xmprt_darray_device_acquire(%{{.*}}, %{{.*}})
  // GPU: call @xmprt_reduce
  // GPU: call @xmprt_darray_device_release
  xmp.reduction max %a on @p [0] acc : !a_t
  return
}
