// RUN: xmp-opt %s --xmp-to-runtime=gpu=true | FileCheck %s
// RUN: xmp-opt %s --xmp-to-runtime | FileCheck %s --check-prefix=CPU

// xmp-to-runtime with gpu=true: device instances exist, so replicate
// regions, replicate_sync, acc reflects and gmoves, and the coherence ops
// of device loops become runtime calls. The CPU prefix checks the same
// input without gpu=true (one host instance: acc forms act on it).

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0], shadow [1:1]>
!b = !xmp.darray<64x8xf32, @t, align [0, *]>

// replicate: one xmprt_replicate_begin per array in operand order before
// the region's body, the body inlined, one xmprt_replicate_end per array
// in reverse order after it. replicate_sync: one call per array, with the
// direction as a constant (in = 0, out = 1).
// CHECK-LABEL: func.func @replicate
// CHECK-SAME: (%[[U:[^:]+]]: !llvm.ptr, %[[W:[^:]+]]: !llvm.ptr)
// CHECK-NEXT: call @xmprt_replicate_begin(%[[U]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: call @xmprt_replicate_begin(%[[W]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[IN:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @xmprt_replicate_sync(%[[U]], %[[IN]]) : (!llvm.ptr, i32) -> ()
// CHECK-NEXT: %[[IN2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @xmprt_replicate_sync(%[[W]], %[[IN2]]) : (!llvm.ptr, i32) -> ()
// CHECK-NEXT: call @xmprt_wtime()
// CHECK-NEXT: %[[OUT:.*]] = arith.constant 1 : i32
// CHECK-NEXT: call @xmprt_replicate_sync(%[[W]], %[[OUT]]) : (!llvm.ptr, i32) -> ()
// CHECK-NEXT: call @xmprt_replicate_end(%[[W]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: call @xmprt_replicate_end(%[[U]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return
// Without gpu=true the region is inlined and the syncs are dropped.
// CPU-LABEL: func.func @replicate
// CPU-NOT: xmprt_replicate
// CPU: call @xmprt_wtime()
// CPU-NOT: xmprt_replicate
// CPU: return
func.func @replicate(%u: !a, %w: !a) {
  xmp.replicate (%u, %w) : !a, !a {
    xmp.replicate_sync in(%u, %w) : !a, !a
    %t = xmp.wtime : f64
    xmp.replicate_sync out(%w) : !a
  }
  return
}

// An acc reflect acts on the device instance: the plan is fetched with
// acc = 1 (the argument before orthogonal, the last), host reflects keep
// 0; the same for reflect_init. Without gpu=true there is only the host
// instance: acc = 0.
// CHECK-LABEL: func.func @reflect_acc
// CHECK-SAME: (%[[U:[^:]+]]: !llvm.ptr)
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[NO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[P:.*]] = call @xmprt_reflect_cached(%{{.*}}, %[[U]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ONE]], %[[NO]])
// CHECK: call @xmprt_reflect_do(%[[P]])
// CPU-LABEL: func.func @reflect_acc
// CPU: %[[ZERO:.*]] = arith.constant 0 : i32
// CPU-NEXT: %[[NO:.*]] = arith.constant 0 : i32
// CPU-NEXT: call @xmprt_reflect_cached(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO]], %[[NO]])
func.func @reflect_acc(%u: !a) {
  xmp.reflect %u acc : !a
  return
}
// CHECK-LABEL: func.func @reflect_host
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[NO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @xmprt_reflect_cached(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO]], %[[NO]])
func.func @reflect_host(%u: !a) {
  xmp.reflect %u : !a
  return
}
// reduce_shadow: acc = 1 (last argument) on the GPU path, 0 on the CPU.
// CHECK-LABEL: func.func @reduce_shadow_acc
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: arith.constant 0 : i32
// CHECK-NEXT: %[[P:.*]] = call @xmprt_reduce_shadow_cached(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ONE]], %{{.*}})
// CHECK: call @xmprt_reflect_do(%[[P]])
// CPU-LABEL: func.func @reduce_shadow_acc
// CPU: %[[ZERO:.*]] = arith.constant 0 : i32
// CPU-NEXT: arith.constant 0 : i32
// CPU-NEXT: call @xmprt_reduce_shadow_cached(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO]], %{{.*}})
func.func @reduce_shadow_acc(%u: !a) {
  xmp.reduce_shadow %u acc : !a
  return
}
// CHECK-LABEL: func.func @reflect_init_acc
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[NO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @xmprt_reflect_cached(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ONE]], %[[NO]])
// CPU-LABEL: func.func @reflect_init_acc
// CPU: %[[ZERO:.*]] = arith.constant 0 : i32
// CPU-NEXT: %[[NO:.*]] = arith.constant 0 : i32
// CPU-NEXT: call @xmprt_reflect_cached(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO]], %[[NO]])
func.func @reflect_init_acc(%u: !a) -> !xmp.reflect_plan {
  %p = xmp.reflect_init %u acc : !a -> !xmp.reflect_plan
  return %p : !xmp.reflect_plan
}

// gmove acc moves device instances (xmprt_gmove_acc, same arguments);
// plain gmove stays xmprt_gmove. Without gpu=true both are xmprt_gmove.
// CHECK-LABEL: func.func @gmove
// CHECK-SAME: (%[[U:[^:]+]]: !llvm.ptr, %[[W:[^:]+]]: !llvm.ptr)
// CHECK: call @xmprt_gmove_acc(%{{.*}}, %[[W]], %{{.*}}, %[[U]], %{{.*}}) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: call @xmprt_gmove(%{{.*}}, %[[W]], %{{.*}}, %[[U]], %{{.*}}) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CPU-LABEL: func.func @gmove
// CPU-NOT: xmprt_gmove_acc
// CPU: call @xmprt_gmove(
// CPU: call @xmprt_gmove(
func.func @gmove(%u: !a, %w: !a) {
  xmp.gmove %u[0:64] to %w[0:64] acc : !a to !a
  xmp.gmove %u[0:64] to %w[0:64] : !a to !a
  return
}

// One-sided gmoves pass acc (1 with gpu=true, 0 without) after the mode.
// CHECK-LABEL: func.func @gmove_onesided
// CHECK-SAME: (%[[U:[^:]+]]: !llvm.ptr, %[[W:[^:]+]]: !llvm.ptr)
// CHECK: %[[IN:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[ACC:.*]] = arith.constant 1 : i32
// CHECK-NEXT: call @xmprt_gmove_onesided(%{{.*}}, %[[IN]], %[[ACC]], %[[W]], %{{.*}}, %[[U]], %{{.*}})
// CHECK: %[[OUT:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[NOACC:.*]] = arith.constant 0 : i32
// CHECK-NEXT: arith.constant 0 : i32
// CHECK-NEXT: call @xmprt_gmove_onesided_start(%{{.*}}, %[[OUT]], %[[NOACC]], %[[W]], %{{.*}}, %[[U]], %{{.*}}, %{{.*}})
// CPU-LABEL: func.func @gmove_onesided
// CPU: %[[IN:.*]] = arith.constant 1 : i32
// CPU-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CPU-NEXT: call @xmprt_gmove_onesided(%{{.*}}, %[[IN]], %[[ZERO]],
func.func @gmove_onesided(%u: !a, %w: !a) {
  xmp.gmove in %u[0:64] to %w[0:64] acc : !a to !a
  %r = xmp.gmove_start out %u[0:64] to %w[0:64] : !a to !a
  xmp.wait %r
  return
}

// The asynchronous forms likewise: xmprt_gmove_acc_start / xmprt_gmove_start
// (owning no descriptor: 0), the request completed by xmprt_wait.
// CHECK-LABEL: func.func @gmove_start
// CHECK-SAME: (%[[U:[^:]+]]: !llvm.ptr, %[[W:[^:]+]]: !llvm.ptr)
// CHECK: %[[OWN:.*]] = arith.constant 0 : i32
// CHECK: %[[R1:.*]] = call @xmprt_gmove_acc_start(%{{.*}}, %[[W]], %{{.*}}, %[[U]], %{{.*}}, %[[OWN]]) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
// CHECK: %[[R2:.*]] = call @xmprt_gmove_start(%{{.*}}, %[[W]], %{{.*}}, %[[U]], %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
// CHECK: call @xmprt_wait(%[[R1]])
// CHECK: call @xmprt_wait(%[[R2]])
// CPU-LABEL: func.func @gmove_start
// CPU-NOT: xmprt_gmove_acc_start
// CPU: call @xmprt_gmove_start(
// CPU: call @xmprt_gmove_start(
func.func @gmove_start(%u: !a, %w: !a) {
  %r1 = xmp.gmove_start %u[0:64] to %w[0:64] acc : !a to !a
  %r2 = xmp.gmove_start %u[0:64] to %w[0:64] : !a to !a
  xmp.wait %r1
  xmp.wait %r2
  return
}

// device_acquire: xmprt_darray_device_acquire(h, mode) with the access as
// the runtime's mode bits (read 1, write 2, readwrite 3), and a memref
// descriptor over the returned device pointer (not xmprt_darray_data):
// allocated and aligned pointer, offset 0, extents (dynamic ones from
// xmprt_darray_local_extent) and row-major strides. device_release passes
// the same mode; host_modified is one call.
// CHECK-LABEL: func.func @coherence
// CHECK-SAME: (%[[X:[^:]+]]: !llvm.ptr, %[[U:[^:]+]]: !llvm.ptr)
// CHECK-NOT: xmprt_darray_data
// CHECK: %[[RW:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[D:.*]] = call @xmprt_darray_device_acquire(%[[X]], %[[RW]]) : (!llvm.ptr, i32) -> !llvm.ptr
// CHECK-NEXT: %[[DIM0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[E0:.*]] = call @xmprt_darray_local_extent(%[[X]], %[[DIM0]])
// CHECK-NEXT: %[[E1:.*]] = arith.constant 8 : i64
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[S0:.*]] = arith.muli %[[ONE]], %[[E1]] : i64
// CHECK: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[D0:.*]] = llvm.insertvalue %[[D]], %[[P]][0]
// CHECK-NEXT: %[[D1:.*]] = llvm.insertvalue %[[D]], %[[D0]][1]
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[3, 0]
// CHECK-NEXT: llvm.insertvalue %[[S0]], %{{.*}}[4, 0]
// CHECK-NEXT: llvm.insertvalue %[[E1]], %{{.*}}[3, 1]
// CHECK-NEXT: llvm.insertvalue %[[ONE]], %{{.*}}[4, 1]
// CHECK-NEXT: %[[V:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<?x8xf32>
// CHECK: memref.store %{{.*}}, %[[V]]
// CHECK: %[[RW2:.*]] = arith.constant 3 : i32
// CHECK-NEXT: call @xmprt_darray_device_release(%[[X]], %[[RW2]]) : (!llvm.ptr, i32) -> ()
// CHECK-NEXT: call @xmprt_darray_host_modified(%[[X]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[R:.*]] = arith.constant 1 : i32
// CHECK-NEXT: call @xmprt_darray_device_acquire(%[[U]], %[[R]])
// CHECK: %[[W:.*]] = arith.constant 2 : i32
// CHECK-NEXT: call @xmprt_darray_device_acquire(%[[U]], %[[W]])
// CHECK: %[[W2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: call @xmprt_darray_device_release(%[[U]], %[[W2]])
// No xmp op is left.
// CHECK-NOT: xmp.device
// CHECK-NOT: xmp.host_modified
func.func @coherence(%x: !b, %u: !a) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %d = xmp.device_acquire %x access(readwrite) : !b -> memref<?x8xf32>
  memref.store %f, %d[%c0, %c0] : memref<?x8xf32>
  xmp.device_release %x access(readwrite) : !b
  xmp.host_modified %x : !b
  %r = xmp.device_acquire %u access(read) : !a -> memref<?xf64>
  %w = xmp.device_acquire %u access(write) : !a -> memref<?xf64>
  xmp.device_release %u access(write) : !a
  return
}
