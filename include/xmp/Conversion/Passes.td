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
    calls. On this CPU path `xmp.replicate` is inlined and
    `xmp.replicate_sync` is dropped: there is one (host) instance.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif
