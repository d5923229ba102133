// The registered pipeline with gpu=true on a device loop: the split loop's
// GPU part becomes a kernel launch between the GPU timer calls, the CPU part
// an xmp.cpu_part_start region (outlined by xmp-to-runtime) started through its address before it and waited
// for after it, with the coherence calls around; only the LLVM dialect (and
// the GPU launch / binary ops) is left, and the result translates to LLVM
// IR. ptxas runs here; no GPU is needed.
// REQUIRES: ptxas
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' | FileCheck %s --implicit-check-not=unrealized_conversion_cast --implicit-check-not=builtin. --implicit-check-not=scf. --implicit-check-not=memref. --implicit-check-not=arith. --implicit-check-not=func.func --implicit-check-not=func.call --implicit-check-not=func.constant --implicit-check-not=xmp.loop --implicit-check-not=xmp.device_loop --implicit-check-not=xmp.split_commit --implicit-check-not=xmp.host_acquire --implicit-check-not=xmp.cpu_part_start --implicit-check-not=xmp.cpu_part_wait
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' | xmp-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 100)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<100xf64, @t, align [0], shadow [1:1]>

// CHECK-LABEL: llvm.func @step
// CHECK-SAME: (%[[A:[^:]+]]: !llvm.ptr, %[[B:[^:]+]]: !llvm.ptr, %[[ALPHA:[^:]+]]: f64, %[[UB:[^:]+]]: i64, %[[NT:[^:]+]]: i64) -> f64
// CHECK-DAG: %[[FN:.*]] = llvm.mlir.addressof @__xmp_cpu_part_0 : !llvm.ptr
// CHECK: %[[CTX:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i64, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, f64, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i64, i64, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)> : (i64) -> !llvm.ptr
// CHECK: llvm.br ^bb1(
// CHECK: %[[W:.*]] = llvm.call @xmprt_loop_weight(
// CHECK-NEXT: %{{.*}} = llvm.load
// CHECK-NEXT: llvm.call @xmprt_loop_split(%{{.*}}, %{{.*}}, %{{.*}}, %[[UB]], %{{.*}}, %[[W]], %{{.*}}, %{{.*}})
// CHECK: llvm.call @xmprt_darray_host_acquire(%[[A]])
// CHECK-NEXT: llvm.call @xmprt_darray_host_acquire(%[[B]])
// CHECK: llvm.call @xmprt_darray_device_acquire(%[[A]],
// CHECK: llvm.call @xmprt_darray_device_acquire(%[[B]],
// CHECK: %[[JOB:.*]] = llvm.call @xmprt_cpu_parallel_for_start(%[[FN]], %[[CTX]],
// CHECK: llvm.call @xmprt_gpu_timer_start()
// CHECK: gpu.launch_func
// CHECK: llvm.call @xmprt_gpu_timer_stop()
// CHECK: %[[TC:.*]] = llvm.call @xmprt_cpu_parallel_for_wait(%[[JOB]])
// CHECK: llvm.call @xmprt_darray_split_commit(%[[B]],
// CHECK-NEXT: llvm.call @xmprt_loop_report(%{{.*}}, %[[TC]],
// CHECK-NOT: xmprt_device_loop_on_host
// CHECK: llvm.call @xmprt_reduce(
// CHECK-LABEL: llvm.func @__xmp_cpu_part_0
// CHECK-SAME: (%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: i64)
// CHECK-NOT: gpu.launch_func
// CHECK: llvm.return

// LLVMIR-LABEL: define double @step(
// LLVMIR: call ptr @xmprt_cpu_parallel_for_start(ptr @__xmp_cpu_part_0,
// LLVMIR: call void @xmprt_darray_split_commit(
// LLVMIR-LABEL: define {{.*}}void @__xmp_cpu_part_0(ptr %0, i64 %1, i64 %2)
func.func @step(%a: !a, %b: !a, %alpha: f64, %ub: index, %nt: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for %t = %c0 to %nt step %c1 iter_args(%acc = %zero) -> f64 {
    xmp.reflect %a : !a
    %s = xmp.device_loop (%i) = (%c1) to (%ub) step (%c1) on @t [0] weight(auto) reduce(add) init(%acc) -> f64 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %x = xmp.load %a[%im] : !a
      %y = xmp.load %a[%ip] : !a
      %z = arith.addf %x, %y : f64
      %v = arith.mulf %z, %alpha : f64
      xmp.store %v, %b[%i] : !a
      xmp.yield %v : f64
    }
    scf.yield %s : f64
  }
  return %r : f64
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c99 = arith.constant 99 : index
  %c100 = arith.constant 100 : index
  %half = arith.constant 0.5 : f64
  %a = xmp.alloc : !a
  %b = xmp.alloc : !a
  %s = func.call @step(%a, %b, %half, %c99, %c100) : (!a, !a, f64, index, index) -> f64
  xmp.dealloc %b : !a
  xmp.dealloc %a : !a
  return
}
