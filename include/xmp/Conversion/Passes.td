//===- Passes.td - xmp conversion passes -------------------*- tablegen -*-===//
#ifndef XMP_CONVERSION_PASSES_TD
#define XMP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def XMPToRuntime : Pass<"xmp-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Remaining xmp ops -> calls into libxmprt";
  let description = [{
    Grids and templates become module globals created by
    `__xmp_module_init` (called at the start of `main`, after
    `xmprt_init`; `main` also calls `xmprt_finalize` before returning).
    darrays, reflect plans and tokens become `!llvm.ptr` runtime handles.
    alloc/dealloc, local_view (a memref descriptor over the runtime's local
    block), local_bounds, template_fix, reflect (plain: plan created right
    after the array is defined, so never per iteration; init/do/start/wait),
    reduction, bcast, barrier, gmove (schedule cached per call site by the
    runtime), wtime, cpu_time, gpu_time and reset_weight become runtime
    calls. On the CPU path (default) `xmp.replicate` is inlined and
    `xmp.replicate_sync` is dropped: there is one (host) instance, and
    `acc` reflects and gmoves act on it. With `gpu=true`, `xmp.replicate`
    creates and frees device instances (`xmprt_replicate_begin/end`),
    `xmp.replicate_sync` copies (`xmprt_replicate_sync`), `acc` reflects
    and gmoves act on device instances, and `xmp.device_acquire` /
    `xmp.device_release` / `xmp.host_modified` become the runtime's
    coherence calls. The CPU part of a split loop (`xmp.cpu_part_start`) is
    outlined into `__xmp_cpu_part_N(ctx, lo, hi)`; what its body uses from
    above is packed into a context struct of their `LLVMTypeConverter`
    types, and it is started with `xmprt_cpu_parallel_for_start`;
    `xmp.cpu_part_wait` becomes `xmprt_cpu_parallel_for_wait`.
  }];
  let options = [
    Option<"gpu", "gpu", "bool", /*default=*/"false",
           "device instances exist (GPU path)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def XMPToGPU : Pass<"xmp-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Device loops (scf.parallel marked xmp.device) -> gpu.launch";
  let description = [{
    Converts the `scf.parallel` loops that `xmp-lower-distribution{gpu=true}`
    made of `xmp.device_loop`s into `gpu.launch` kernels:
    * the innermost loop dimension runs on `threadIdx.x` (coalesced), the
      next ones on y and z: 2-D and 3-D loops get 2-D and 3-D grids; loops
      of more dimensions run their outer dimensions sequentially in each
      thread;
    * block shape: the device loop's `block_size [x, y, z]`, else 256 (1-D),
      32x8 (2-D) or 32x4x2 (3-D); a bounds test only where the iteration
      count is not a constant multiple of the block;
    * reductions: block-wide `gpu.all_reduce`, one value per block in a
      per-site scratch buffer; the last block to finish (a block counter in
      the same buffer) folds them in block order (deterministic for a given
      launch shape) and stores the total into the loop's result slot
      (mapped host memory), which the host reads after `xmprt_gpu_wait`
      and combines across nodes by the `xmp.reduction` that follows.
    Errors name the op: calls and host memrefs inside a device loop are not
    available on the GPU.

    Plane sweep (`sweep=true`, the default): a 2-D or 3-D device loop whose
    body loads an array (that the loop never stores to, and that no array it
    stores to can alias) at several offsets along the dimension the
    outermost loop dimension walks, the other indices equal, is launched
    with its inner dimensions on x (and y) and the outermost one walked
    inside each thread over a chunk of consecutive iterations (the chunks on
    the next grid dimension; `xmprt_gpu_sweep_chunks` picks their count for
    about two waves of blocks). Values loaded in one iteration that a later
    iteration of the thread loads again stay in registers (a window per
    array and offset set): each such group costs one load per iteration.
    Stored values and their operation order are unchanged; a reduction is
    accumulated per thread over its chunk, then over the block (a different
    but deterministic order, as for any launch shape). Not applied with
    `block_size`, or when no load is reused. `remarks=true` says where it
    applied and what it saved.

    Index arithmetic: the device views a kernel uses are re-described
    inside it with extents shared by all arrays that lie alike (same
    template dimension, offset, size and shadows), so the kernel computes
    one offset for all of them; with `index32=true` (the default) accesses
    use 32-bit linear offsets when every view has fewer than 2^31 elements
    (statically, or checked on the host: the launch is then versioned, the
    64-bit kernel named `..._i64`).
  }];
  let options = [
    Option<"sweep", "sweep", "bool", /*default=*/"true",
           "walk the outermost dimension of 2-D / 3-D device loops inside "
           "each thread, reusing loads along it in registers">,
    Option<"index32", "index32", "bool", /*default=*/"true",
           "32-bit linear offsets into device views with fewer than 2^31 "
           "elements (versioned on it where the extents are dynamic)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "emit a remark for every device loop swept">,
    Option<"sweepUnroll", "sweep-unroll", "unsigned", /*default=*/"1",
           "unroll count asked of LLVM for each swept loop (1: none)">,
    Option<"noalias", "noalias", "bool", /*default=*/"true",
           "mark the uses of captured device views that no other view of "
           "the kernel may alias (xmp.kernel_arg), for xmp-kernel-arg-attrs">,
    Option<"alignRows", "align-rows", "bool", /*default=*/"true",
           "start each row's warps on a multiple of 32 elements of the "
           "loop's first stored view (rows of 1024 iterations or more): "
           "shadows leave rows off a 256-byte segment (measured: Laplace "
           "+1.6%, Himeno -0.5%, docs/pipeline.md)">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def XMPKernelArgAttrs : Pass<"xmp-kernel-arg-attrs", "::mlir::ModuleOp"> {
  let summary = "Aliasing facts that xmp-to-gpu proved, onto the outlined "
                "kernels' arguments";
  let description = [{
    Runs after `gpu-kernel-outlining`, on the `gpu.func` kernels.
    `xmp-to-gpu` marks every use, inside a launch, of a device view that no
    other view of the kernel may alias with `xmp.kernel_arg = "readonly"`
    (the kernel only reads it) or `"noalias"` (it writes it too). After
    outlining the view is a kernel argument. When every use of a memref
    argument carries the same mark, the argument gets `llvm.readonly` (for
    "readonly"; the NVVM lowering copies it onto the descriptor's pointers)
    and the kernel gets `xmp.noalias_args`: the LLVM argument number of the
    descriptor's aligned pointer, for `xmp-kernel-llvm-attrs` (upstream does
    not put `noalias` on expanded descriptors, whose allocated and aligned
    pointers are the same memory; only the aligned one is dereferenced).
    An argument with an unmarked use gets nothing. The marks are removed.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def XMPKernelHoistLoads : Pass<"xmp-kernel-hoist-loads", "::mlir::ModuleOp"> {
  let summary = "Start each read-only load of a kernel before the slow "
                "arithmetic (square roots, divisions, math functions) that "
                "precedes it in its block";
  let description = [{
    Runs after `xmp-kernel-arg-attrs`, on the `gpu.func` kernels. In SASS a
    double-precision square root, division or math function is a sequence
    with a branch to a slow path, and ptxas does not move loads across it:
    a load written after one (`f = m[j] * rinv3` after `rinv = 1 /
    sqrt(r2)`) waits for the cache once per iteration instead of being in
    flight during the arithmetic. A `memref.load` from an argument marked
    `llvm.readonly` (through `memref.reinterpret_cast` or another view of
    it) cannot observe any store of the kernel, so within its block it may
    run earlier: it moves, with the side-effect-free operations computing
    its indices, above the first slow operation of the block it can move
    above (none of its operands defined after that by an operation with
    side effects). Only the position changes: the values, the other
    operations and their order are the same, so no result bit changes. A
    load from a buffer the kernel also writes is never moved.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "emit a remark for every kernel with hoisted loads">,
    Option<"cluster", "cluster", "bool", /*default=*/"false",
           "also start each read-only load before the floating-point "
           "arithmetic that precedes it in its block (the loads of a "
           "stencil body issued together, as in a body written loads "
           "first; off by default here, on in xmp-lower-to-llvm's "
           "pipeline: hoist-loads-cluster)">
  ];
}

def XMPKernelLLVMAttrs : Pass<"xmp-kernel-llvm-attrs"> {
  let summary = "What upstream conversions drop, onto the converted kernels: "
                "llvm.noalias on the arguments xmp.noalias_args names, "
                "loop annotations";
  let description = [{
    Runs on the kernels after `convert-gpu-to-nvvm`, before they are
    compiled: each argument number in a kernel's `xmp.noalias_args` (set by
    `xmp-kernel-arg-attrs`) gets `llvm.noalias`, if it is a pointer right
    after another pointer (a descriptor's aligned pointer; otherwise the
    kernel gets nothing). LLVM then loads read-only arrays through the
    non-coherent cache (`ld.global.nc`) and may schedule loads across
    stores, as nvcc does for `const T *__restrict__` parameters. And a loop
    annotation that scf-to-cf left on a back edge as the discardable
    `llvm.loop_annotation` (which the translation to LLVM IR ignores)
    becomes the branch's own `loop_annotation` (the unroll count that
    `xmp-to-gpu` asks for swept loops).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def XMPDArrayAliasScopes : Pass<"xmp-darray-alias-scopes", "::mlir::ModuleOp"> {
  let summary = "Tells LLVM that the local blocks of distinct darrays do not "
                "overlap";
  let description = [{
    Runs on the LLVM dialect, at the end of `xmp-lower-to-llvm`. In each
    host function, the darrays created there (`xmprt_darray_create`), and
    the darray arguments marked `xmp.distinct` (xmp-cfront's hidden
    parameters, each a different C array), have disjoint local blocks, but
    LLVM sees only pointers returned by
    `xmprt_darray_data` and must assume that a store to one array may change
    another. This pass gives every such array an alias scope (one domain
    per function) and tags each `llvm.load` / `llvm.store` whose address is
    derived from the array's data pointer (through GEPs and the memref
    descriptor's insert/extractvalue) with the array's scope and the other
    arrays' scopes as `noalias`. Accesses it cannot trace stay untagged, so
    nothing is claimed about them. With the facts, LLVM keeps values loaded
    in one iteration of a stencil loop for the next (a sequential program
    over static arrays gets that for free): Himeno S on one rank went from
    80% to see docs/pipeline.md of the clang -O3 reference.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def XMPHoistAllocas : Pass<"xmp-hoist-allocas", "::mlir::ModuleOp"> {
  let summary = "Moves fixed-size llvm.alloca ops to the function entry";
  let description = [{
    Runs on the LLVM dialect, at the end of `xmp-lower-to-llvm`. Upstream
    lowerings put temporaries where they are used: the kernel parameter
    arrays of `gpu.launch_func` and the size arrays that `memref.dim` with
    a computed index spills. Inside a time-step loop such an alloca takes
    new stack space every iteration, and a long run overflows the stack
    (a device loop with a reduction, 20000 steps: SIGSEGV). An alloca whose
    size is a constant is moved to the entry block of its function (with
    its constant), as C compilers do with local variables: each iteration
    reuses the same slot, which is safe for these temporaries (the size
    array is read at once). `gpu.launch_func` ops, whose parameter arrays
    the translation to LLVM IR creates at the launch, are bracketed by
    `llvm.intr.stacksave` / `stackrestore` (a launch copies its
    parameters).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif
