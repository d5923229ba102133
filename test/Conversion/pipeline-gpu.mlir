// The registered pipeline with gpu=true: device loops become CUDA kernels
// in an embedded fatbin (ptxas runs here; no GPU is needed), the host side
// calls the runtime and the mgpu* entry points, and the result translates
// to LLVM IR that loads the module from a global constructor.
// REQUIRES: ptxas
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' | FileCheck %s --check-prefix=LLVMDIALECT
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' | xmp-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// The chip, the PTX features and the device opt level reach the NVVM target.
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true chip=sm_80 features=+ptx75 opt-level=1})' | FileCheck %s --check-prefix=CHIP

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1024xf64, @t, align [0]>

// Nothing of the xmp dialect, of scf or of the un-outlined launch is left.
// LLVMDIALECT-NOT: xmp.
// LLVMDIALECT-NOT: scf.
// LLVMDIALECT-NOT: gpu.launch {
// LLVMDIALECT: module attributes {gpu.container_module}
// LLVMDIALECT: llvm.func @main() -> i32
// LLVMDIALECT: llvm.call @xmprt_init
// The result slot of the device loop's reduction, made at the entry.
// LLVMDIALECT: llvm.call @xmprt_result_slot(
// The host loop's stores mark the device instance stale.
// LLVMDIALECT: llvm.call @xmprt_darray_host_modified
// The device loop (xmp-split-device-loops): weight and split point; a step
// without a CPU part runs the loop whole: timed without waiting, acquire,
// the loop kernel launched asynchronously on the one stream (its last
// block folds the per-block values, kept in scratch per call site, and
// stores the total into a result slot; 32-bit offsets when the local
// blocks are small enough, the 64-bit kernel otherwise), release. Otherwise the split: the CPU part started, then the GPU part
// (its own kernels, named ..._part), the CPU part waited for, the written
// slices committed, the report. Then the node's result is read from the
// slot (after waiting for the GPU) and reduced across nodes.
// LLVMDIALECT: llvm.call @xmprt_loop_weight(
// LLVMDIALECT: llvm.call @xmprt_loop_split(
// LLVMDIALECT: llvm.call @xmprt_loop_gpu_begin(
// LLVMDIALECT: llvm.call @xmprt_darray_device_acquire(
// LLVMDIALECT: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// LLVMDIALECT: llvm.call @xmprt_gpu_scratch(
// Each launch is bracketed by a stack save and restore (its parameter
// arrays are allocas at the launch: a time loop must not grow the stack).
// LLVMDIALECT: %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// LLVMDIALECT-NEXT: gpu.launch_func <%[[S]] : !llvm.ptr> @xmp_kernels::@main_loop0 blocks in
// LLVMDIALECT-NEXT: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// LLVMDIALECT: gpu.launch_func <%[[S]] : !llvm.ptr> @xmp_kernels::@main_loop0_i64 blocks in
// LLVMDIALECT-NOT: llvm.call @mgpuStreamSynchronize
// LLVMDIALECT: llvm.call @xmprt_darray_device_release(
// LLVMDIALECT: llvm.call @xmprt_loop_gpu_end(
// LLVMDIALECT: llvm.call @xmprt_cpu_parallel_for_start(
// LLVMDIALECT: llvm.call @xmprt_gpu_timer_start()
// LLVMDIALECT: gpu.launch_func <%{{.*}} : !llvm.ptr> @xmp_kernels::@main_loop0_part blocks in
// LLVMDIALECT: gpu.launch_func <%{{.*}} : !llvm.ptr> @xmp_kernels::@main_loop0_part_i64 blocks in
// LLVMDIALECT: llvm.call @xmprt_gpu_timer_stop()
// LLVMDIALECT: llvm.call @xmprt_cpu_parallel_for_wait(
// LLVMDIALECT: llvm.call @xmprt_loop_report(
// LLVMDIALECT: llvm.call @xmprt_gpu_wait()
// LLVMDIALECT: llvm.load
// LLVMDIALECT: llvm.call @xmprt_reduce
// LLVMDIALECT: llvm.call @xmprt_finalize
// The kernels, all in one module, as a fatbin for sm_90 (default chip,
// features, opt level).
// LLVMDIALECT: gpu.binary @xmp_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// LLVMDIALECT-NOT: gpu.binary

// LLVMIR: @xmp_kernels_binary = internal constant
// LLVMIR: @llvm.global_ctors = appending global {{.*}} @xmp_kernels_load
// LLVMIR: define i32 @main()
// LLVMIR: call ptr @xmprt_darray_device_acquire(
// LLVMIR: call ptr @mgpuModuleGetFunction(
// LLVMIR: call void @mgpuLaunchKernel(
// LLVMIR: call double @xmprt_cpu_parallel_for_wait(
// LLVMIR: define internal void @xmp_kernels_load()
// LLVMIR: call ptr @mgpuModuleLoad(ptr @xmp_kernels_binary
// LLVMIR: declare ptr @mgpuModuleLoad(ptr, i64)
// LLVMIR: declare void @mgpuLaunchKernel(

// CHIP: #nvvm.target<O = 1, chip = "sm_80", features = "+ptx75">
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f64
  %a = xmp.alloc : !a
  xmp.loop (%i) = (%c0) to (%c1024) step (%c1) on @t [0] {
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f64
    xmp.store %f, %a[%i] : !a
  }
  %s = xmp.device_loop (%i) = (%c0) to (%c1024) step (%c1) on @t [0] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i] : !a
    %d = arith.mulf %v, %v : f64
    xmp.store %d, %a[%i] : !a
    xmp.yield %d : f64
  }
  xmp.dealloc %a : !a
  return
}
