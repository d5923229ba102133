// RUN: xmp-opt %s --xmp-to-runtime=gpu=true | FileCheck %s
// RUN: xmp-opt %s --xmp-to-runtime | FileCheck %s --check-prefix=CPU

// xmp-to-runtime lowering of the ops of split device loops
// (xmp-split-device-loops): loop_split, host_acquire, split_commit and the
// step ops (weight, GPU timer, report) become runtime calls. One behaviour
// per function, named in its comment and function name. The CPU prefix
// checks that they lower the same way without gpu=true (the runtime does
// nothing without a device instance).

xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, cyclic]
!a = !xmp.darray<64x64xf64, @t, align [0, 1]>

// The runtime functions are declared with their C signatures.
// CHECK-DAG: func.func private @xmprt_loop_split(!llvm.ptr, i32, i64, i64, i64, f64, i64, !llvm.ptr)
// CHECK-DAG: func.func private @xmprt_darray_split_commit(!llvm.ptr, i32, i64, i64, i64, i64)
// CHECK-DAG: func.func private @xmprt_darray_host_acquire(!llvm.ptr)
// CHECK-DAG: func.func private @xmprt_loop_weight(i64, i32, f64) -> f64
// CHECK-DAG: func.func private @xmprt_gpu_timer_start()
// CHECK-DAG: func.func private @xmprt_gpu_timer_stop() -> f64
// CHECK-DAG: func.func private @xmprt_loop_report(i64, f64, i64, f64, i64)
// CHECK-DAG: func.func private @xmprt_device_loop_on_host(f64)

// loop_split's out slots: one 4-slot i64 alloca in the entry block, also
// when the op sits in a loop, passed as the call's last argument.
// CHECK-LABEL: func.func @rt_split_out_slots_in_entry(
// CHECK-NEXT: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[OUT:.*]] = llvm.alloca %[[FOUR]] x i64 : (i64) -> !llvm.ptr
// CHECK: scf.for
// CHECK-NOT: llvm.alloca
// CHECK: call @xmprt_loop_split({{.*}}, %[[OUT]]) :
func.func @rt_split_out_slots_in_entry(%w: f64, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %k = %c0 to %n step %c1 {
    %s, %e, %ng, %nc = xmp.loop_split %w, (%c0 to %c64 step %c1) on @t [1] grain 32
  }
  return
}

// loop_split's arguments: xmprt_loop_split(template handle, i32 dim, i64
// lb, ub, step, f64 weight, i64 grain, out); the handle is loaded from the
// template's global.
// CHECK-LABEL: func.func @rt_split_call_args(
// CHECK-SAME: %[[W:[^:]+]]: f64, %[[LB:[^:]+]]: index, %[[UB:[^:]+]]: index, %[[ST:[^:]+]]: index)
// CHECK: %[[TA:.*]] = llvm.mlir.addressof @__xmp_template_t : !llvm.ptr
// CHECK-NEXT: %[[TH:.*]] = llvm.load %[[TA]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[DIM:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[LB64:.*]] = arith.index_cast %[[LB]] : index to i64
// CHECK-NEXT: %[[UB64:.*]] = arith.index_cast %[[UB]] : index to i64
// CHECK-NEXT: %[[ST64:.*]] = arith.index_cast %[[ST]] : index to i64
// CHECK-NEXT: %[[GRAIN:.*]] = arith.constant 7 : i64
// CHECK-NEXT: call @xmprt_loop_split(%[[TH]], %[[DIM]], %[[LB64]], %[[UB64]], %[[ST64]], %[[W]], %[[GRAIN]], %{{[^)]+}}) : (!llvm.ptr, i32, i64, i64, i64, f64, i64, !llvm.ptr) -> ()
// CHECK-NOT: xmp.loop_split
// CPU-LABEL: func.func @rt_split_call_args(
// CPU: call @xmprt_loop_split(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, i64, i64, f64, i64, !llvm.ptr) -> ()
// CPU-NOT: xmp.loop_split
func.func @rt_split_call_args(%w: f64, %lb: index, %ub: index, %st: index) {
  %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %st) on @t [1] grain 7
  return
}

// loop_split's results: slots 0..3 of the out array (split, end, GPU
// count, CPU count), each loaded as i64 and cast to index.
// CHECK-LABEL: func.func @rt_split_results(
// CHECK: %[[OUT:.*]] = llvm.alloca
// CHECK: call @xmprt_loop_split(
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
// CHECK-NEXT: return %[[S]], %[[E]], %[[NG]], %[[NC]] : index, index, index, index
func.func @rt_split_results(%w: f64, %n: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s, %e, %ng, %nc = xmp.loop_split %w, (%c0 to %n step %c1) on @t [0] grain 1
  return %s, %e, %ng, %nc : index, index, index, index
}

// host_acquire: xmprt_darray_host_acquire(handle).
// CHECK-LABEL: func.func @rt_host_acquire(
// CHECK-SAME: %[[A:[^:]+]]: !llvm.ptr)
// CHECK-NEXT: call @xmprt_darray_host_acquire(%[[A]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return
// CPU-LABEL: func.func @rt_host_acquire(
// CPU-NEXT: call @xmprt_darray_host_acquire(
func.func @rt_host_acquire(%a: !a) {
  xmp.host_acquire %a : !a
  return
}

// split_commit: xmprt_darray_split_commit(handle, i32 dim, i64 gpuLo,
// gpuHi, cpuLo, cpuHi), the bounds in operand order (the second commit
// passes them the other way round).
// CHECK-LABEL: func.func @rt_split_commit_operand_order(
// CHECK-SAME: %[[A:[^:]+]]: !llvm.ptr, %[[G0:[^:]+]]: index, %[[G1:[^:]+]]: index, %[[C0:[^:]+]]: index, %[[C1:[^:]+]]: index)
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
// CPU-LABEL: func.func @rt_split_commit_operand_order(
// CPU: call @xmprt_darray_split_commit(
// CPU: call @xmprt_darray_split_commit(
func.func @rt_split_commit_operand_order(%a: !a, %g0: index, %g1: index, %c0: index, %c1: index) {
  xmp.split_commit %a dim 1 gpu[%g0, %g1) cpu[%c0, %c1) : !a
  xmp.split_commit %a dim 0 gpu[%c1, %c0) cpu[%g1, %g0) : !a
  return
}

// loop_weight: xmprt_loop_weight(i64 loop id, i32 mode, f64) with the
// ABI's numbers for the modes (XMPRT_WEIGHT_FIXED 1, AUTO 2, CURRENT 0).
// CHECK-LABEL: func.func @rt_loop_weight_modes(
// CHECK-SAME: %[[F:[^:]+]]: f64)
// CHECK-NEXT: %[[ID0:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[FIXED:.*]] = arith.constant 1 : i32
// CHECK-NEXT: call @xmprt_loop_weight(%[[ID0]], %[[FIXED]], %[[F]]) : (i64, i32, f64) -> f64
// CHECK-NEXT: %[[ID1:.*]] = arith.constant 5 : i64
// CHECK-NEXT: %[[AUTO:.*]] = arith.constant 2 : i32
// CHECK-NEXT: call @xmprt_loop_weight(%[[ID1]], %[[AUTO]], %[[F]]) : (i64, i32, f64) -> f64
// CHECK-NEXT: %[[ID2:.*]] = arith.constant 6 : i64
// CHECK-NEXT: %[[CURRENT:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @xmprt_loop_weight(%[[ID2]], %[[CURRENT]], %[[F]]) : (i64, i32, f64) -> f64
func.func @rt_loop_weight_modes(%f: f64) -> (f64, f64, f64) {
  %w0 = xmp.loop_weight loop 4 fixed %f
  %w1 = xmp.loop_weight loop 5 auto %f
  %w2 = xmp.loop_weight loop 6 current %f
  return %w0, %w1, %w2 : f64, f64, f64
}

// The GPU part's timer: xmprt_gpu_timer_start() and xmprt_gpu_timer_stop()
// (the time in seconds).
// CHECK-LABEL: func.func @rt_gpu_timer(
// CHECK-NEXT: call @xmprt_gpu_timer_start() : () -> ()
// CHECK-NEXT: %[[T:.*]] = call @xmprt_gpu_timer_stop() : () -> f64
// CHECK-NEXT: return %[[T]] : f64
func.func @rt_gpu_timer() -> f64 {
  xmp.gpu_timer_start
  %t = xmp.gpu_timer_stop
  return %t : f64
}

// loop_report: xmprt_loop_report(i64 loop id, f64 CPU time, i64 CPU
// count, f64 GPU time, i64 GPU count), and nothing else.
// CHECK-LABEL: func.func @rt_loop_report(
// CHECK-SAME: %[[TC:[^:]+]]: f64, %[[NC:[^:]+]]: index, %[[TG:[^:]+]]: f64, %[[NG:[^:]+]]: index)
// CHECK-NEXT: %[[ID:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[NC64:.*]] = arith.index_cast %[[NC]] : index to i64
// CHECK-NEXT: %[[NG64:.*]] = arith.index_cast %[[NG]] : index to i64
// CHECK-NEXT: call @xmprt_loop_report(%[[ID]], %[[TC]], %[[NC64]], %[[TG]], %[[NG64]]) : (i64, f64, i64, f64, i64) -> ()
// CHECK-NOT: xmprt_device_loop_on_host
// CHECK: return
func.func @rt_loop_report(%tc: f64, %nc: index, %tg: f64, %ng: index) {
  xmp.loop_report loop 4 cpu %tc, %nc gpu %tg, %ng
  return
}

// loop_report on_host: the report, then the CPU time recorded as a device
// loop run on the host (xmprt_device_loop_on_host).
// CHECK-LABEL: func.func @rt_loop_report_on_host(
// CHECK-SAME: %[[TC:[^:]+]]: f64, %{{[^:]+}}: index, %{{[^:]+}}: f64, %{{[^:]+}}: index)
// CHECK: call @xmprt_loop_report(
// CHECK-NEXT: call @xmprt_device_loop_on_host(%[[TC]]) : (f64) -> ()
func.func @rt_loop_report_on_host(%tc: f64, %nc: index, %tg: f64, %ng: index) {
  xmp.loop_report loop 4 cpu %tc, %nc gpu %tg, %ng on_host
  return
}
