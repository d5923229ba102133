// RUN: xmp-opt %s --xmp-to-runtime=gpu=true | FileCheck %s
// RUN: xmp-opt %s --xmp-to-runtime | FileCheck %s --check-prefix=CPU

// xmp-to-runtime lowering of the ops of split device loops
// (xmp-split-device-loops): loop_split, host_acquire, split_commit become
// runtime calls. The CPU prefix checks that they lower the same way without
// gpu=true (the runtime does nothing without a device instance).

xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, cyclic]
!a = !xmp.darray<64x64xf64, @t, align [0, 1]>

// The runtime functions are declared once, with their C signatures.
// CHECK-DAG: func.func private @xmprt_loop_split(!llvm.ptr, i32, i64, i64, i64, f64, i64, !llvm.ptr)
// CHECK-DAG: func.func private @xmprt_darray_split_commit(!llvm.ptr, i32, i64, i64, i64, i64)
// CHECK-DAG: func.func private @xmprt_darray_host_acquire(!llvm.ptr)

// loop_split: xmprt_loop_split(template handle, i32 dim, i64 lb, ub, step,
// f64 weight, i64 grain, out) with a 4-slot i64 alloca in the entry block
// (also when the op sits in a loop); the results are slots 0..3 (split, end,
// GPU count, CPU count) read back as index.
// CHECK-LABEL: func.func @split
// CHECK-SAME: (%[[W:[^:]+]]: f64, %[[LB:[^:]+]]: index, %[[UB:[^:]+]]: index, %[[ST:[^:]+]]: index, %[[N:[^:]+]]: index)
// CHECK-NEXT: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[OUT:.*]] = llvm.alloca %[[FOUR]] x i64 : (i64) -> !llvm.ptr
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: scf.for {{.*}} {
// CHECK-NEXT: %[[TA:.*]] = llvm.mlir.addressof @__xmp_template_t : !llvm.ptr
// CHECK-NEXT: %[[TH:.*]] = llvm.load %[[TA]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[DIM:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[LB64:.*]] = arith.index_cast %[[LB]] : index to i64
// CHECK-NEXT: %[[UB64:.*]] = arith.index_cast %[[UB]] : index to i64
// CHECK-NEXT: %[[ST64:.*]] = arith.index_cast %[[ST]] : index to i64
// CHECK-NEXT: %[[GRAIN:.*]] = arith.constant 32 : i64
// CHECK-NEXT: func.call @xmprt_loop_split(%[[TH]], %[[DIM]], %[[LB64]], %[[UB64]], %[[ST64]], %[[W]], %[[GRAIN]], %[[OUT]]) : (!llvm.ptr, i32, i64, i64, i64, f64, i64, !llvm.ptr) -> ()
// CHECK-NEXT: %[[P0:.*]] = llvm.getelementptr %[[OUT]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT: %[[V0:.*]] = llvm.load %[[P0]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[S:.*]] = arith.index_cast %[[V0]] : i64 to index
// CHECK-NEXT: %[[P1:.*]] = llvm.getelementptr %[[OUT]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT: %[[V1:.*]] = llvm.load %[[P1]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[E:.*]] = arith.index_cast %[[V1]] : i64 to index
// CHECK-NEXT: %[[P2:.*]] = llvm.getelementptr %[[OUT]][2] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT: %[[V2:.*]] = llvm.load %[[P2]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[NG:.*]] = arith.index_cast %[[V2]] : i64 to index
// CHECK-NEXT: %[[P3:.*]] = llvm.getelementptr %[[OUT]][3] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT: %[[V3:.*]] = llvm.load %[[P3]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[NC:.*]] = arith.index_cast %[[V3]] : i64 to index
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[S]], %[[E]] : index
// CHECK-NEXT: %[[Y:.*]] = arith.addi %[[NG]], %[[NC]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.addi %[[X]], %[[Y]] : index
// CHECK-NEXT: scf.yield %[[Z]] : index
// CHECK-NOT: xmp.loop_split
// CPU-LABEL: func.func @split
// CPU: func.call @xmprt_loop_split(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, i64, i64, f64, i64, !llvm.ptr) -> ()
func.func @split(%w: f64, %lb: index, %ub: index, %st: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %st) on @t [1] grain 32
    %x = arith.addi %s, %e : index
    %y = arith.addi %ng, %nc : index
    %z = arith.addi %x, %y : index
    scf.yield %z : index
  }
  return %r : index
}

// host_acquire: xmprt_darray_host_acquire(handle). split_commit:
// xmprt_darray_split_commit(handle, i32 dim, i64 gpuLo, gpuHi, cpuLo,
// cpuHi), the bounds in operand order.
// CHECK-LABEL: func.func @commit
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr, %[[G0:[^:]+]]: index, %[[G1:[^:]+]]: index, %[[C0:[^:]+]]: index, %[[C1:[^:]+]]: index)
// CHECK-NEXT: call @xmprt_darray_host_acquire(%[[A]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[DIM:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[G064:.*]] = arith.index_cast %[[G0]] : index to i64
// CHECK-NEXT: %[[G164:.*]] = arith.index_cast %[[G1]] : index to i64
// CHECK-NEXT: %[[C064:.*]] = arith.index_cast %[[C0]] : index to i64
// CHECK-NEXT: %[[C164:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: call @xmprt_darray_split_commit(%[[A]], %[[DIM]], %[[G064]], %[[G164]], %[[C064]], %[[C164]]) : (!llvm.ptr, i32, i64, i64, i64, i64) -> ()
// CHECK-NEXT: %[[DIM0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[X0:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[X1:.*]] = arith.index_cast %[[C0]] : index to i64
// CHECK-NEXT: %[[X2:.*]] = arith.index_cast %[[G1]] : index to i64
// CHECK-NEXT: %[[X3:.*]] = arith.index_cast %[[G0]] : index to i64
// CHECK-NEXT: call @xmprt_darray_split_commit(%[[A]], %[[DIM0]], %[[X0]], %[[X1]], %[[X2]], %[[X3]])
// CHECK-NEXT: return
// CPU-LABEL: func.func @commit
// CPU-NEXT: call @xmprt_darray_host_acquire(
// CPU: call @xmprt_darray_split_commit(
func.func @commit(%a: !a, %g0: index, %g1: index, %c0: index, %c1: index) {
  xmp.host_acquire %a : !a
  xmp.split_commit %a dim 1 gpu[%g0, %g1) cpu[%c0, %c1) : !a
  xmp.split_commit %a dim 0 gpu[%c1, %c0) cpu[%g1, %g0) : !a
  return
}

// The weight, the timer and the report: runtime calls with the ABI's
// numbers for the weight modes (XMPRT_WEIGHT_FIXED 1, AUTO 2, CURRENT 0).
// CHECK-LABEL: func.func @step_ops
// CHECK: %[[ID:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[M:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %{{.*}} = call @xmprt_loop_weight(%[[ID]], %[[M]], %{{.*}}) : (i64, i32, f64) -> f64
// CHECK: call @xmprt_gpu_timer_start() : () -> ()
// CHECK: %[[T:.*]] = call @xmprt_gpu_timer_stop() : () -> f64
// CHECK: call @xmprt_loop_report(%{{.*}}, %{{.*}}, %{{.*}}, %[[T]], %{{.*}}) : (i64, f64, i64, f64, i64) -> ()
// CHECK-NOT: xmprt_device_loop_on_host
// CHECK: call @xmprt_loop_report(
// CHECK-NEXT: call @xmprt_device_loop_on_host(%{{.*}}) : (f64) -> ()
func.func @step_ops(%f: f64, %n: index) -> f64 {
  %w = xmp.loop_weight loop 4 auto %f
  xmp.gpu_timer_start
  %t = xmp.gpu_timer_stop
  xmp.loop_report loop 4 cpu %f, %n gpu %t, %n
  xmp.loop_report loop 4 cpu %f, %n gpu %t, %n on_host
  return %w : f64
}
