//===- Passes.td - xmp passes ------------------------------*- tablegen -*-===//
#ifndef XMP_PASSES_TD
#define XMP_PASSES_TD

include "mlir/Pass/PassBase.td"

def XMPLowerDistribution : Pass<"xmp-lower-distribution", "::mlir::ModuleOp"> {
  let summary = "Global-view loads, stores and loops -> local memref code";
  let description = [{
    Rewrites, in every function:
    * each darray value gets its local block as a memref (`xmp.local_view`,
      materialized once right after the value is defined). The memref shape
      is static whenever the grid, the template and the array are static
      (the extents are computed with the runtime's own distribution code,
      `xmprt/Distribution.h`); otherwise `?` sizes filled at run time;
    * `xmp.load` / `xmp.store` with global indices -> `memref.load` /
      `memref.store` with local indices: `g - base` for block, gblock and
      undistributed dimensions (`base` = owned lower bound minus the low
      shadow, computed once per array), the cyclic(w) formula for cyclic
      dimensions, `g` itself for full shadows;
    * `xmp.loop` and (on the CPU path) `xmp.device_loop` -> `scf.for` nests
      over the owned part of each template dimension (one loop for block
      kinds, a block loop plus an element loop for cyclic(w)); reductions
      become loop-carried partial results combined afterwards by
      `xmp.reduction` over the grid axes the loop is distributed on, then
      with `init`.
    The owned ranges come from `xmp.template_bounds` / `xmp.template_coord`,
    which `xmp-to-runtime` turns into runtime queries.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::func::FuncDialect"];
}

#endif
