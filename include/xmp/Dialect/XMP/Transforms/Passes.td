//===- Passes.td - xmp passes ------------------------------*- tablegen -*-===//
#ifndef XMP_PASSES_TD
#define XMP_PASSES_TD

include "mlir/Pass/PassBase.td"

def XMPCheckAccesses : Pass<"xmp-check-accesses", "::mlir::ModuleOp"> {
  let summary = "Warns about loop accesses that reach elements other nodes own";
  let description = [{
    XMP's owner-computes rule: an iteration of a loop `on` a template may
    access the elements it owns and their shadows only. For every
    `xmp.load` / `xmp.store` in an `xmp.loop` or `xmp.device_loop` whose
    index in an array dimension aligned (offset 0) with a distributed
    template dimension of the loop is the loop's induction variable plus a
    constant `c != 0`, the pass warns when that element can belong to
    another node: always for cyclic distributions, and beyond the array's
    shadow (`c < -lo` or `c > hi`) for block and gblock. Such a program is
    right on one node only (a store lands in the wrong element, a load
    reads a stale or foreign one); the warning names the op, the array
    dimension, the offset and the distribution. Runs first in
    `xmp-lower-to-llvm`.
  }];
}

def XMPOverlapHalo : Pass<"xmp-overlap-halo", "::mlir::ModuleOp"> {
  let summary = "Hides a halo exchange behind the loop that follows it";
  let description = [{
    Seed 001's overlap of communication and computation, automatically.
    For a reflect (`xmp.reflect`, or `xmp.reflect_do` of a plan made by
    `xmp.reflect_init`) followed by a loop (only side-effect-free ops in
    between) that reads the reflected array, the reflect becomes
    `xmp.reflect_start` and the loop gets `overlap(%tok margin [...])`:
    each node runs the iterations whose reads stay inside its owned
    elements (the interior) while the halos are exchanged, waits, then runs
    the iterations near its block edges. An `xmp.reflect` gets its plan
    from an `xmp.reflect_init` placed right after the array is defined (as
    the lowering of `xmp.reflect` caches it there).

    The margins come from the loop's reads of the array: in each array
    dimension aligned with a block-like distributed template dimension, the
    index must be the induction variable of the loop dimension on that
    template dimension plus a constant; the margin is the largest distance
    (with the alignment offset) a read reaches below / above the iteration.
    The pass leaves the pair alone, with a remark saying why (`remarks`),
    when the loop stores to the array or uses it other than by such loads,
    a read's index is not of that form, a read is in a cyclic dimension,
    the loop is on another template, the array escapes through
    `xmp.local_view`, a device loop follows a host reflect or a host loop
    a device (`acc`) reflect, or a device loop reduces (each piece's
    partial would be read back to the host: `reductions-on-device=true`
    overlaps them anyway). Host loops with reductions are overlapped: the
    node combines the pieces' partials, then the nodes once.
  }];
  let options = [
    Option<"reductionsOnDevice", "reductions-on-device", "bool",
           /*default=*/"false",
           "also overlap device loops with reductions (one partial read "
           "back per piece)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "emit a remark for every reflect-loop pair, overlapped or not">
  ];
}

def XMPSpecializeShapes : Pass<"xmp-specialize-shapes", "::mlir::ModuleOp"> {
  let summary = "Compiles a program for given grid and template sizes";
  let description = [{
    Programs take their sizes at run time (`xmp.template @t(shape = ?x?)`
    fixed by `xmp.template_fix`, grids `shape = ?x?` sized from the number
    of ranks), so one binary runs every size. A benchmark or a production
    run that knows its sizes can have the static shapes instead (static
    local blocks, constant strides and trip counts: the XACC evaluation's
    "fixed-size local arrays"): `shapes=t=129x129x257,n=2x2` compiles the
    program as if `@t` and `@n` had been declared with these shapes.

    * A template gets the static shape; each `xmp.template_fix` of it then
      gives every size and checks at run time that they are the compiled
      ones (a run with other sizes stops with an error naming the
      template, not a wrong result), and the values it fixed are replaced
      by the constants wherever the fix dominates them.
    * A grid gets the static shape, exactly as if declared so: on more
      ranks the others are outside the grid; on fewer the program stops.
    * Then every `?` size of a darray type on such a template becomes
      static when every `xmp.alloc` of the type gives it the same constant
      (the array's dimension may be smaller than the template's); the type
      changes everywhere (functions, block arguments) and the allocations
      lose the size operand. A size that stays `?` gets a warning naming the
      type, the dimension and the allocation that keeps it dynamic.

    Entries name an `xmp.template` or an `xmp.nodes` (not a subset) of the
    module; a static size must be given as declared. Runs first in
    `xmp-lower-to-llvm` when the pipeline option `specialize` is set
    (`xmpcc --specialize=t=129x129x257`).
  }];
  let options = [
    ListOption<"shapes", "shapes", "std::string",
               "NAME=SHAPE entries (e.g. t=129x129x257, n=2x2)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

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

    With `gpu=true`, each `xmp.device_loop` becomes instead an `scf.parallel`
    over normalized slots (one per owned iteration; cyclic dimensions get
    `w` slots per owned block and a validity test) marked `xmp.device`, for
    `xmp-to-gpu`. Its accesses go to device instances: `xmp.device_acquire`
    before the loop (read/write modes derived from the body's loads and
    stores), `xmp.device_release` after it; reductions are `scf.reduce`s
    (kinds in `xmp.reduce_kinds`), combined across nodes as for `xmp.loop`.
    Host loops that store to an array used by device loops are followed by
    `xmp.host_modified`, so the runtime copies only stale instances.
  }];
  let options = [
    Option<"gpu", "gpu", "bool", /*default=*/"false",
           "lower device loops for the GPU (scf.parallel marked xmp.device) "
           "instead of host loops">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::func::FuncDialect"];
}

def XMPSplitDeviceLoops : Pass<"xmp-split-device-loops", "::mlir::ModuleOp"> {
  let summary = "Splits device loops into a GPU part and a CPU part by a weight";
  let description = [{
    Rewrites every `xmp.device_loop` into a split loop along its outermost
    dimension (thesis chapter 4, XMP-dev/StarPU work sharing):
    * the weight (CPU share) of this step: `weight(%w)`, the controller's for
      `weight(auto)`, else the last `xmp.reset_weight` (`xmp.loop_weight`,
      one state per loop id; 1 when the rank has no GPU);
    * `xmp.loop_split` gives the split point `s` and the end `e` of the
      rank's owned iterations: the GPU part runs the owned iterations below
      `s`, the CPU part those in `[s, e)`; the GPU count is a multiple of
      `grain`;
    * the CPU part is an `xmp.cpu_part_start` region, an `xmp.loop` over a
      chunk `[lo, hi)` of `[s, e)`, started first on the executor (StarPU
      tasks or the thread pool; `xmp-to-runtime` outlines it and packs what
      it uses into a context) and waited for by `xmp.cpu_part_wait`;
      reductions write one partial per chunk, folded in chunk order
      afterwards;
    * the GPU part is the device loop over `[lb, s)`, run while the chunks
      run, timed by CUDA events (`xmp.gpu_timer_start/stop`);
    * coherence: `xmp.host_acquire` of every accessed array before a
      non-empty CPU part, a device acquire before a non-empty GPU part, and
      after the loop `xmp.split_commit` of every written array with the
      ranges each part wrote along the array dimension aligned with the
      split dimension (derived from the stores, whose index there must be
      the outermost induction variable plus a constant), so the runtime
      copies only those slices;
    * `xmp.loop_report` with both parts' times and iteration counts
      (sets `xmp.cpu_time` / `xmp.gpu_time`, drives `weight(auto)`);
      reductions combine both parts, then across nodes, then with `init`.
    A loop whose written rows cannot be derived stays a plain device loop
    (run entirely on the GPU) with a warning.

    With `gpu=false` (programs compiled without GPU code) every device loop
    runs entirely through the CPU executor (weight 1).
  }];
  let options = [
    Option<"gpu", "gpu", "bool", /*default=*/"true",
           "the program has GPU code (false: device loops run only on the "
           "CPU cores)">,
    Option<"grain", "grain", "int64_t", /*default=*/"0",
           "granularity of the split, in iterations of the outermost "
           "dimension (0: 32 for 1-D loops, a warp; 1 for nests, rows); "
           "XMP_SPLIT_GRAIN overrides it at run time">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::func::FuncDialect"];
}

def XMPSelectChannels : Pass<"xmp-select-channels", "::mlir::ModuleOp"> {
  let summary = "Chooses the channel (ib, tca, auto, none) of every reflect dimension";
  let description = [{
    For every `xmp.reflect` / `xmp.reflect_init` without a `channels`
    attribute, classifies the halo of each array dimension by its layout in
    the local block (row-major, static extents from the distribution):
    `block` (one contiguous run), `block-stride` (several runs longer than
    one element) or `stride` (single elements), computes the bytes of one
    side message, and sets `channels`:
    * `none` only where nothing is exchanged (no shadow or zero width, or a
      non-distributed dimension that is not periodic);
    * `policy=ib` / `policy=tca`: every exchanging dimension on that channel;
    * `policy=hybrid` (default): ib when the neighbour is known to be
      outside the sub-cluster; full shadows (all-gathers) -> ib. With
      `profile=FILE` (JSON, see docs/channels.md) the channel with the lower
      predicted time (latency + bytes / bandwidth) wins, ties -> ib. The
      profile has a host model (`channels`), a device model
      (`device_channels`) or both: reflects with `acc` (device data) use
      the device model, the others the host model. Where the model needed
      is absent: `auto`, the runtime decides per peer when the plan is
      built (tca where it can map the peer's memory, ib otherwise);
    * `policy=threshold`: as hybrid, but where the model is absent the
      thesis's rule decides: block -> ib; block-stride and stride -> tca,
      except ib above `tca-max-bytes`.
    `remarks=true` explains every decision with one remark per dimension.
    Reflects that already carry `channels` are left alone.
  }];
  let options = [
    Option<"policy", "policy", "std::string", /*default=*/"\"hybrid\"",
           "channel policy: hybrid, threshold, ib or tca">,
    Option<"subclusterSize", "subcluster-size", "int64_t", /*default=*/"0",
           "ranks per sub-cluster (consecutive world ranks); 0 = unknown, "
           "assume every neighbour is in the same sub-cluster">,
    Option<"tcaMaxBytes", "tca-max-bytes", "int64_t", /*default=*/"524288",
           "threshold without the profile model needed: messages larger "
           "than this go over ib">,
    Option<"profile", "profile", "std::string", /*default=*/"\"\"",
           "JSON file with measured latency and bandwidth per channel and "
           "halo class, for host and/or device data (replaces "
           "tca-max-bytes where it has the model)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "emit one remark per reflect dimension explaining the choice">
  ];
}

def XMPDeferResultReads : Pass<"xmp-defer-result-reads", "::mlir::ModuleOp"> {
  let summary = "Moves result-slot reads that only feed a loop's final value "
                "out of the loop";
  let description = [{
    Device loops run asynchronously; the host waits for the GPU where it
    reads a reduction result (`xmp.result_read`). A time-step loop that
    carries such a result only to return the last one, e.g.
    ```mlir
    %g = scf.for %it = ... iter_args(%prev = %zero) -> f32 {
      ...  // a reducing device loop stores into %slot
      %v = xmp.result_read %slot : memref<1xf32>
      %t = xmp.reduction add %v on @p : f32
      scf.yield %t : f32   // %prev is never used in the body
    }
    ```
    does not need the value of any iteration but the last. When the
    iteration argument is unused in the body and the yielded value is
    computed, inside the body, only from result-slot reads (of slots
    defined outside the loop and written by nothing after the read in the
    body), `xmp.reduction`s and side-effect-free operations on values
    defined outside the loop, that computation is moved after the loop
    (the loop's result is the initial value when the loop runs no
    iteration). The GPU is then never waited for inside the loop: the
    result is read once, after the last iteration. The reductions across
    nodes run once instead of once per iteration (every rank runs the same
    iterations of a time-step loop; a collective that was executed by every
    rank in each iteration is executed by every rank once).
    `remarks=true` reports each moved read.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "emit a remark for every result read moved out of a loop">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif
