// The registered pipeline (CPU path) on a device loop: xmp-split-device-loops
// (gpu=false) leaves the CPU part as an xmp.cpu_part_start region;
// xmp-to-runtime outlines it and passes what it uses through a context
// struct of their LLVM types with unrealized_conversion_casts; the rest of
// the pipeline must reconcile all of them, leaving only the LLVM dialect,
// and the result must translate to LLVM IR.
// RUN: xmp-opt %s --xmp-lower-to-llvm | FileCheck %s --check-prefix=LLVMDIALECT --implicit-check-not=unrealized_conversion_cast --implicit-check-not=builtin. --implicit-check-not=scf. --implicit-check-not=memref. --implicit-check-not=arith. --implicit-check-not=func.func --implicit-check-not=func.call --implicit-check-not=func.constant --implicit-check-not=xmp.loop --implicit-check-not=xmp.device_loop --implicit-check-not=xmp.cpu_part_start --implicit-check-not=xmp.cpu_part_wait
// RUN: xmp-opt %s --xmp-lower-to-llvm | xmp-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// The split-grain option reaches the pass.
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{split-grain=4})' --mlir-print-ir-after=xmp-split-device-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=GRAIN
// GRAIN: xmp.loop_split {{.*}} grain 4

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 100)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<100xf64, @t, align [0], shadow [1:1]>

// The step function: the context (the local index base, both arrays'
// local views as memref descriptors, the f64, split, grain and the
// reduction buffer's descriptor) is allocated in the entry block, before
// the time loop; each step splits (weight 1 without GPU code), fills the
// context, starts the CPU part through its address, waits, folds the
// partials, reports and reduces across nodes.
// LLVMDIALECT-LABEL: llvm.func @step
// LLVMDIALECT-SAME: (%[[A:[^:]+]]: !llvm.ptr, %[[B:[^:]+]]: !llvm.ptr, %[[ALPHA:[^:]+]]: f64, %[[UB:[^:]+]]: i64, %[[NT:[^:]+]]: i64) -> f64
// LLVMDIALECT-DAG: %[[FN:.*]] = llvm.mlir.addressof @__xmp_cpu_part_0 : !llvm.ptr
// LLVMDIALECT-DAG: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f64) : f64
// LLVMDIALECT-DAG: %[[I1:.*]] = llvm.mlir.constant(1 : i64) : i64
// LLVMDIALECT: %[[CTX:.*]] = llvm.alloca %[[I1]] x !llvm.struct<(i64, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, f64, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i64, i64, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)> : (i64) -> !llvm.ptr
// LLVMDIALECT: llvm.br ^bb1(
// LLVMDIALECT-NOT: llvm.alloca
// LLVMDIALECT: llvm.call @xmprt_loop_split(%{{.*}}, %{{.*}}, %{{.*}}, %[[UB]], %{{.*}}, %[[ONE]], %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, i64, i64, f64, i64, !llvm.ptr) -> ()
// LLVMDIALECT: %[[BUF:.*]] = llvm.call @malloc(
// LLVMDIALECT: llvm.store %{{.*}}, %{{.*}} : i64, !llvm.ptr
// LLVMDIALECT-NEXT: llvm.store %{{.*}}, %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// LLVMDIALECT-NEXT: llvm.store %[[ALPHA]], %{{.*}} : f64, !llvm.ptr
// LLVMDIALECT-NEXT: llvm.store %{{.*}}, %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// LLVMDIALECT-NEXT: llvm.store %{{.*}}, %{{.*}} : i64, !llvm.ptr
// LLVMDIALECT-NEXT: llvm.store %{{.*}}, %{{.*}} : i64, !llvm.ptr
// LLVMDIALECT-NEXT: llvm.store %{{.*}}, %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// LLVMDIALECT-NEXT: %[[JOB:.*]] = llvm.call @xmprt_cpu_parallel_for_start(%[[FN]], %[[CTX]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> !llvm.ptr
// LLVMDIALECT-NEXT: %[[TC:.*]] = llvm.call @xmprt_cpu_parallel_for_wait(%[[JOB]]) : (!llvm.ptr) -> f64
// LLVMDIALECT: llvm.call @free(%[[BUF]])
// LLVMDIALECT-NEXT: llvm.call @xmprt_loop_report(%{{.*}}, %[[TC]], %{{.*}}, %{{.*}}, %{{.*}}) : (i64, f64, i64, f64, i64) -> ()
// LLVMDIALECT-NEXT: llvm.call @xmprt_device_loop_on_host(%[[TC]]) : (f64) -> ()
// LLVMDIALECT: llvm.call @xmprt_reduce(
// No GPU part and no coherence calls without GPU code.
// LLVMDIALECT-NOT: xmprt_gpu_timer
// LLVMDIALECT-NOT: xmprt_darray_host_acquire
// LLVMDIALECT-NOT: xmprt_darray_split_commit
// LLVMDIALECT-LABEL: llvm.func @main() -> i32
// LLVMDIALECT: llvm.call @step(
// The CPU part: unpacks the context and runs its chunk on the views it
// received (no runtime call per chunk for them), then stores its partial
// at (lo - split) / grain in the buffer.
// LLVMDIALECT-LABEL: llvm.func @__xmp_cpu_part_0
// LLVMDIALECT-SAME: (%[[CTXA:[^:]+]]: !llvm.ptr, %[[LO:[^:]+]]: i64, %[[HI:[^:]+]]: i64)
// LLVMDIALECT: llvm.getelementptr %[[CTXA]][0, 1]
// LLVMDIALECT-NEXT: %[[PB:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// LLVMDIALECT: llvm.getelementptr %[[CTXA]][0, 2]
// LLVMDIALECT-NEXT: %[[PALPHA:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// LLVMDIALECT: llvm.getelementptr %[[CTXA]][0, 3]
// LLVMDIALECT-NEXT: %[[PA:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// LLVMDIALECT: llvm.getelementptr %[[CTXA]][0, 4]
// LLVMDIALECT-NEXT: %[[PS:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// LLVMDIALECT: llvm.getelementptr %[[CTXA]][0, 5]
// LLVMDIALECT-NEXT: %[[PG:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// LLVMDIALECT: llvm.getelementptr %[[CTXA]][0, 6]
// LLVMDIALECT-NEXT: %[[PBUF:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// LLVMDIALECT-NOT: xmprt_darray_data
// LLVMDIALECT: llvm.call @xmprt_template_owned_lo(
// LLVMDIALECT: llvm.intr.smin(%[[HI]], %{{.*}}) : (i64, i64) -> i64
// LLVMDIALECT: llvm.extractvalue %[[PB]][1]
// LLVMDIALECT: llvm.fmul %{{.*}}, %[[PALPHA]] : f64
// LLVMDIALECT: llvm.extractvalue %[[PA]][1]
// LLVMDIALECT: %[[OFF:.*]] = llvm.sub %[[LO]], %[[PS]] : i64
// LLVMDIALECT-NEXT: %[[SLOT:.*]] = llvm.sdiv %[[OFF]], %[[PG]] : i64
// LLVMDIALECT-NEXT: %[[DATA:.*]] = llvm.extractvalue %[[PBUF]][1]
// LLVMDIALECT-NEXT: %[[P:.*]] = llvm.getelementptr inbounds|nuw %[[DATA]][%[[SLOT]]]
// LLVMDIALECT-NEXT: llvm.store %{{.*}}, %[[P]] : f64, !llvm.ptr
// LLVMDIALECT-NEXT: llvm.return

// LLVMIR-LABEL: define double @step(
// LLVMIR: call ptr @xmprt_cpu_parallel_for_start(ptr @__xmp_cpu_part_0, ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i64 32)
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
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c99 = arith.constant 99 : index
  %c100 = arith.constant 100 : index
  %half = arith.constant 0.5 : f64
  %a = xmp.alloc : !a
  %b = xmp.alloc : !a
  xmp.loop (%i) = (%c0) to (%c100) step (%c1) on @t [0] {
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f64
    xmp.store %f, %a[%i] : !a
  }
  %s = func.call @step(%a, %b, %half, %c99, %c100) : (!a, !a, f64, index, index) -> f64
  xmp.dealloc %b : !a
  xmp.dealloc %a : !a
  return
}
