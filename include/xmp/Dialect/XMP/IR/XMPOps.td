//===- XMPOps.td - xmp operations --------------------------*- tablegen -*-===//
#ifndef XMP_OPS_TD
#define XMP_OPS_TD

include "xmp/Dialect/XMP/IR/XMPBase.td"
include "xmp/Dialect/XMP/IR/XMPAttrs.td"
include "xmp/Dialect/XMP/IR/XMPTypes.td"
include "xmp/Dialect/XMP/IR/XMPInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/LoopLikeInterface.td"

def XMP_DArray : Type<CPred<"::llvm::isa<::mlir::xmp::DArrayType>($_self)">,
                      "distributed array", "::mlir::xmp::DArrayType">;
def XMP_CpuJob : Type<CPred<"::llvm::isa<::mlir::xmp::CpuJobType>($_self)">,
                      "CPU part job", "::mlir::xmp::CpuJobType">,
                      BuildableType<"$_builder.getType<::mlir::xmp::CpuJobType>()">;
def XMP_ReflectPlan : Type<CPred<"::llvm::isa<::mlir::xmp::ReflectPlanType>($_self)">,
                      "reflect plan", "::mlir::xmp::ReflectPlanType">,
                      BuildableType<"$_builder.getType<::mlir::xmp::ReflectPlanType>()">;
def XMP_Token : Type<CPred<"::llvm::isa<::mlir::xmp::TokenType>($_self)">,
                      "reflect token", "::mlir::xmp::TokenType">,
                      BuildableType<"$_builder.getType<::mlir::xmp::TokenType>()">;
def XMP_Request : Type<CPred<"::llvm::isa<::mlir::xmp::RequestType>($_self)">,
                      "collective request", "::mlir::xmp::RequestType">,
                      BuildableType<"$_builder.getType<::mlir::xmp::RequestType>()">;
def XMP_ArrayLike : AnyTypeOf<[XMP_DArray, AnyMemRef]>;

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

def XMP_NodesOp : XMP_Op<"nodes", [Symbol,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a process grid, or a subset of another";
  let description = [{
    `xmp.nodes @p(shape = 2x4)` declares a grid of 2 rows of 4 ranks; rank
    numbers follow the row-major order of coordinates. `?` axes are resolved
    from the MPI world size at run time (several `?` are factored as evenly
    as possible).

    `xmp.nodes @q(shape = 2) = @p [0:2, 3]` declares a node subset (XMP's
    `nodes q(2) = p(1:2, 4)`): per axis of `@p` a half-open triplet
    `lo:hi` or `lo:hi:step` (`lo:` to the axis' end, `:` the whole axis),
    or a single coordinate that drops the axis. The triplet axes, in order,
    are the subset's axes (`shape` states their sizes); its ranks are the
    ranks of `@p` on those coordinates, numbered row-major in the subset's
    own coordinates. `@p` is declared before it. Templates distributed onto
    it, collectives on it and inquiries about it involve its ranks only;
    other ranks are outside it, as ranks beyond a static grid are.

    `xmp.nodes @q(shape = 2x2) = reshape @p [0:4]` reshapes the selection
    (XMP's `nodes q(2,2) = p(1:4)`): the selected ranks, numbered row-major
    over the triplet axes, fill the subset's own shape in row-major order.
    Its rank count must be the selection's; one `?` axis takes the
    selection's count divided by the other axes. Without `reshape` the
    shape must be the triplet axes' counts, axis by axis.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, DenseI64ArrayAttr:$shape,
                       OptionalAttr<FlatSymbolRefAttr>:$parent,
                       OptionalAttr<DenseI64ArrayAttr>:$subset,
                       UnitAttr:$reshape);
  let assemblyFormat = [{
    $sym_name `(` `shape` `=` custom<Shape>($shape) `)`
    (`=` (`reshape` $reshape^)? $parent^ custom<NodeSubset>($subset))?
    attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    unsigned getRank() { return getShape().size(); }
    /// A subset's triplet of parent axis `a`: lo, hi (ShapedType::kDynamic
    /// for "to the end"), step (0 for a single coordinate).
    std::array<int64_t, 3> getSubsetTriplet(unsigned a) {
      ArrayRef<int64_t> s = *getSubset();
      return {s[3 * a], s[3 * a + 1], s[3 * a + 2]};
    }
    /// How many coordinates of a parent axis of `n` ranks the triplet lo,
    /// hi, step (step > 0) selects; ShapedType::kDynamic when unknown.
    static int64_t subsetCount(int64_t lo, int64_t hi, int64_t step,
                               int64_t n) {
      int64_t end = ::mlir::ShapedType::isDynamic(hi) ? n : hi;
      if (::mlir::ShapedType::isDynamic(end))
        return ::mlir::ShapedType::kDynamic;
      return end > lo ? ::llvm::divideCeil(end - lo, step) : 0;
    }
  }];
}

def XMP_TemplateOp : XMP_Op<"template", [Symbol]> {
  let summary = "an index space that distributions and arrays refer to";
  let description = [{
    `xmp.template @t(shape = 1024x1024)`; `?` sizes are fixed at run time by
    `xmp.template_fix`.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, DenseI64ArrayAttr:$shape);
  let assemblyFormat = [{
    $sym_name `(` `shape` `=` custom<Shape>($shape) `)` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    unsigned getRank() { return getShape().size(); }
    /// The xmp.distribute op of this template, if any.
    ::mlir::xmp::DistributeOp getDistribution();
  }];
}

def XMP_DistributeOp : XMP_Op<"distribute",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "distributes a template over a process grid";
  let description = [{
    `xmp.distribute @t onto @p [block, cyclic(4)]`: one format per template
    dimension (`block`, `cyclic`, `cyclic(w)`, `gblock([sizes])`, `*`); the
    distributed dimensions are mapped, in order, onto the grid axes.
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, FlatSymbolRefAttr:$nodes,
                       TypedArrayAttrBase<XMP_DistAttr, "distribution formats">:$formats);
  let assemblyFormat = [{
    $tmpl `onto` $nodes custom<DistFormats>($formats) attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::xmp::DistAttr getFormat(unsigned d) {
      return ::llvm::cast<::mlir::xmp::DistAttr>(getFormats()[d]);
    }
    /// Grid axis of template dimension `d`, or -1 if it is not distributed.
    int64_t getGridAxis(unsigned d);
    /// Some dimension is gblock(*): the template is distributed by its
    /// xmp.template_fix (which gives the sizes), even when its shape is
    /// static, so nothing may query its distribution before that.
    bool hasGBlockStar() {
      return ::llvm::any_of(getFormats(), [](::mlir::Attribute a) {
        return ::llvm::cast<::mlir::xmp::DistAttr>(a).isGBlockStar();
      });
    }
  }];
}

def XMP_TemplateFixOp : XMP_Op<"template_fix",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>, AttrSizedOperandSegments]> {
  let summary = "fixes the `?` sizes of a template at run time";
  let description = [{
    `xmp.template_fix @t(%n, %m)` gives the `?` sizes of `@t`, in order;
    collective, once per template, before any array on it is allocated.
    On a template whose sizes are all static (declared so, or specialized
    at compile time by `xmp-specialize-shapes`) it may give every size: it
    then checks at run time that they are the declared ones.

    `gblock(%m1, ... : memref<4xi64>, ...)` gives the block sizes of the
    template's `gblock(*)` dimensions, one 1-D `i64` memref per such
    dimension in order, one entry per rank of the dimension's grid axis
    (XMP's `template_fix(gblock(m)) t(...)`). The template is distributed
    here, not at start-up, even when its sizes are static.
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, Variadic<Index>:$sizes,
                       Variadic<MemRefRankOf<[I64], [1]>>:$gblocks);
  let assemblyFormat = [{
    $tmpl `(` $sizes `)` (`gblock` `(` $gblocks^ `:` type($gblocks) `)`)?
    attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Distributed arrays
//===----------------------------------------------------------------------===//

def XMP_AllocOp : XMP_Op<"alloc",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "allocates the local block (with shadows) of a darray";
  let description = [{
    Operands give the `?` sizes of the global shape, in order. Collective:
    every rank of the template's grid executes it.
  }];
  let arguments = (ins Variadic<Index>:$dynamicSizes);
  let results = (outs XMP_DArray:$result);
  let assemblyFormat = "(`(` $dynamicSizes^ `)`)? attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def XMP_DeallocOp : XMP_Op<"dealloc", [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "frees a darray";
  let arguments = (ins XMP_DArray:$array);
  let assemblyFormat = "$array attr-dict `:` type($array)";
}

def XMP_LoadOp : XMP_Op<"load", [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    TypesMatchWith<"result type is the element type", "array", "result",
                   "::llvm::cast<::mlir::xmp::DArrayType>($_self).getElementType()">]> {
  let summary = "reads an element by global index";
  let description = [{
    The indices are global. The element must be owned by this node or lie
    in its shadow.
  }];
  let arguments = (ins Arg<XMP_DArray, "the array", [MemRead]>:$array,
                       Variadic<Index>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$array `[` $indices `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def XMP_StoreOp : XMP_Op<"store", [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    TypesMatchWith<"value type is the element type", "array", "value",
                   "::llvm::cast<::mlir::xmp::DArrayType>($_self).getElementType()">]> {
  let summary = "writes an element by global index";
  let arguments = (ins AnyType:$value,
                       Arg<XMP_DArray, "the array", [MemWrite]>:$array,
                       Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `,` $array `[` $indices `]` attr-dict `:` type($array)
  }];
  let hasVerifier = 1;
}

// No memory-effect interface: the op may stop the program, so it is
// never dead, moved or hoisted (an access it guards must stay after it).
def XMP_CheckHoldsOp : XMP_Op<"check_holds",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
     AttrSizedOperandSegments]> {
  let summary = "stops the program unless this rank holds an element";
  let description = [{
    ```mlir
    xmp.check_holds %a[%i, %j] name "a" at "prog.c:12:7" : !a_t
    ```
    The precondition of `xmp.load` and `xmp.store`, checked at run time:
    this rank owns element (i, j) (global indices) or holds it in its
    shadow (a full shadow or an unaligned dimension holds the whole
    dimension; a rank that owns nothing of a dimension holds no shadow of
    it). Otherwise the program stops with an error naming the rank, the
    source position `at`, the array `name` and the element's indices, and
    the rank that owns it; an index outside the array, or a rank outside
    the array's grid, is reported likewise. Front ends put it before an
    access that no loop's owner-computes rule covers (XMP C outside a
    `loop` directive: docs/frontend.md).

    `index_base` (one entry >= 0 per dimension) says that the source
    array's element 0 of dimension d is its index `index_base[d]` (C arrays
    start at 0, a template at its lower bound: the C elements aligned
    before it are not part of the darray): the message shows the source's
    indices, `indices[d] + index_base[d]`.

    `base[%b0, ...]` gives those bases as run-time values instead (one per
    dimension, any sign: a C front end's array aligned with a template
    whose lower bound is known at run time only):
    `xmp.check_holds %a[%i] name "a" at "prog.c:3:5" base[%b] : !a_t`.
  }];
  let arguments = (ins XMP_DArray:$array, Variadic<Index>:$indices,
                       StrAttr:$name, StrAttr:$at,
                       OptionalAttr<DenseI64ArrayAttr>:$index_base,
                       Variadic<Index>:$index_base_values);
  let assemblyFormat = [{
    $array `[` $indices `]` `name` $name `at` $at
    (`base` `[` $index_base_values^ `]`)? attr-dict `:` type($array)
  }];
  let hasVerifier = 1;
}

def XMP_LocalViewOp : XMP_Op<"local_view", [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the local block (owned part and shadows) as a memref";
  let arguments = (ins XMP_DArray:$array);
  let results = (outs AnyMemRef:$view);
  let assemblyFormat = "$array attr-dict `:` type($array) `->` type($view)";
  let hasVerifier = 1;
}

def XMP_LocalBoundsOp : XMP_Op<"local_bounds", [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the owned global index range [lo, hi) of one dimension";
  let arguments = (ins XMP_DArray:$array, I64Attr:$dim);
  let results = (outs Index:$lo, Index:$hi);
  let assemblyFormat = "$array `[` $dim `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def XMP_ArrayLSizeOp : XMP_Op<"array_lsize", [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "how many elements of one dimension this rank owns";
  let description = [{
    `%n = xmp.array_lsize %a [1] : !a_t` (XMP's `xmp_array_lsize`): the
    number of elements of dimension 1 this rank owns, shadows not counted;
    any distribution (cyclic ones too), 0 on ranks outside the grid.
  }];
  let arguments = (ins XMP_DArray:$array, I64Attr:$dim);
  let results = (outs Index:$size);
  let assemblyFormat = "$array `[` $dim `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def XMP_ArrayExtentOp : XMP_Op<"array_extent", [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the extent of one dimension of the local block";
  let description = [{
    `%e = xmp.array_extent %a [1] : !a_t`: the size of dimension 1 of this
    rank's local block, shadows (and the row padding of a long last
    dimension) included: the size of that dimension of `xmp.local_view`,
    and for the last dimension the leading dimension XMP's
    `xmp_array_lead_dim` gives.
  }];
  let arguments = (ins XMP_DArray:$array, I64Attr:$dim);
  let results = (outs Index:$extent);
  let assemblyFormat = "$array `[` $dim `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def XMP_ArrayGSizeOp : XMP_Op<"array_gsize", [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the number of elements of one dimension of the whole array";
  let description = [{
    `%n = xmp.array_gsize %a [0] : !a_t` (XMP's `xmp_array_gsize`): the
    size of dimension 0 of the array, the same on every rank: its type's
    size, or for a `?` dimension the size its `xmp.alloc` gave. Folds to
    the constant of a static dimension.
  }];
  let arguments = (ins XMP_DArray:$array, I64Attr:$dim);
  let results = (outs Index:$size);
  let assemblyFormat = "$array `[` $dim `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def XMP_ArrayGtoLOp : XMP_Op<"array_gtol", [NoMemoryEffect, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the local index of a global index";
  let description = [{
    `%l = xmp.array_gtol %a [1] %g : !a_t` (XMP's `xmp_array_gtol`): the
    index in dimension 1 of `xmp.local_view` of global index `%g`, which
    this rank owns or holds in its shadow (any distribution). A global
    index outside the array is a run-time error naming the rank.
  }];
  let arguments = (ins XMP_DArray:$array, I64Attr:$dim, Index:$global);
  let results = (outs Index:$local);
  let assemblyFormat = "$array `[` $dim `]` $global attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def XMP_TemplateBoundsOp : XMP_Op<"template_bounds", [
    MemoryEffects<[MemRead]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "owned range [lo, hi) of a template dimension on this rank";
  let description = [{
    Lowering-level query used by `xmp-lower-distribution` for loops on
    block, gblock and undistributed template dimensions. Not allowed on
    cyclic dimensions (their owned set is not a range: use
    `xmp.template_coord`).
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, I64Attr:$dim);
  let results = (outs Index:$lo, Index:$hi);
  let assemblyFormat = "$tmpl `[` $dim `]` attr-dict";
}

def XMP_TemplateOwnsOp : XMP_Op<"template_owns", [
    MemoryEffects<[MemRead]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "whether this rank owns one index of a template dimension";
  let description = [{
    Lowering-level query used for `xmp.task on @t (...)`:
    `%o = xmp.template_owns @t [1] %g` is true on the ranks that own index
    `%g` of template dimension 1 (any distribution; every grid rank for an
    undistributed dimension; false outside the grid and for `%g` outside
    the dimension).
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, I64Attr:$dim, Index:$index);
  let results = (outs I1:$owns);
  let assemblyFormat = "$tmpl `[` $dim `]` $index attr-dict";
}

def XMP_TemplateCoordOp : XMP_Op<"template_coord", [
    MemoryEffects<[MemRead]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "this rank's coordinate on, and the size of, the grid axis "
                "of a template dimension";
  let description = [{
    Lowering-level query: `%c, %p = xmp.template_coord @t [1]` gives the
    coordinate and the number of ranks of the grid axis template dimension
    1 is distributed over (0 and 1 when it is not distributed). Used for
    cyclic loops and index maps.
  }];
  let arguments = (ins FlatSymbolRefAttr:$tmpl, I64Attr:$dim);
  let results = (outs Index:$coord, Index:$procs);
  let assemblyFormat = "$tmpl `[` $dim `]` attr-dict";
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

// Loop-invariant code motion (LoopLikeOpInterface) hoists ops whose operands
// are defined outside and that are free of memory effects and speculatable:
// they compute the same value in every iteration on every node. Ops that
// communicate declare no effects (unknown) or write, and stay where they are.
// The reductions' inits (getReduceInits) are not loop-carried values (each
// iteration yields a contribution): the interface exposes none. A device
// loop keeps ops with memref results (memref.get_global) in its body: it
// may not use memrefs defined outside (XMPOps.cpp, moveOutOfLoop).
// `deviceArgs`: the operands only a device loop has (between the reductions
// and the overlap).
class XMP_LoopBase<string mnemonic, dag deviceArgs = (ins),
                   list<Trait> traits = []>
    : XMP_Op<mnemonic, traits # [AttrSizedOperandSegments,
        RecursiveMemoryEffects,
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        SingleBlockImplicitTerminator<"YieldOp">,
        DeclareOpInterfaceMethods<LoopLikeOpInterface, [
            "moveOutOfLoop", "getLoopInductionVars", "getLoopLowerBounds",
            "getLoopUpperBounds", "getLoopSteps"]>,
        DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let arguments = !con(
      (ins Variadic<Index>:$lowerBounds,
           Variadic<Index>:$upperBounds,
           Variadic<Index>:$steps,
           FlatSymbolRefAttr:$tmpl,
           DenseI64ArrayAttr:$onDims,
           Variadic<AnyType>:$reduceInits,
           OptionalAttr<TypedArrayAttrBase<XMP_ReductionKindAttr,
                        "reduction kinds">>:$reduceKinds),
      deviceArgs,
      (ins Optional<XMP_Token>:$overlap,
           OptionalAttr<DenseI64ArrayAttr>:$marginLo,
           OptionalAttr<DenseI64ArrayAttr>:$marginHi,
           OptionalAttr<DenseI64ArrayAttr>:$expandLo,
           OptionalAttr<DenseI64ArrayAttr>:$expandHi,
           OptionalAttr<DenseBoolArrayAttr>:$expandUnbound,
           OptionalAttr<DenseI64ArrayAttr>:$frameLo,
           OptionalAttr<DenseI64ArrayAttr>:$frameHi,
           OptionalAttr<DenseBoolArrayAttr>:$frameUnbound));
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    unsigned getNumLoops() { return getLowerBounds().size(); }
    /// LoopLikeOpInterface's loop-carried inits: this loop has none. The
    /// reductions' inits are getReduceInits().
    ::mlir::OperandRange getInits() = delete;
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
    ::mlir::ValueRange getInductionVars() {
      return getBodyBlock()->getArguments();
    }
    /// Whether dimension k of an `expand` clause is `unbound`.
    bool isExpandUnbound(unsigned k) {
      return getExpandUnbound() && k < getExpandUnbound()->size() &&
             (*getExpandUnbound())[k];
    }
    /// Whether dimension k of a `margin` clause (attributes frameLo,
    /// frameHi, frameUnbound) is `unbound`.
    bool isFrameUnbound(unsigned k) {
      return getFrameUnbound() && k < getFrameUnbound()->size() &&
             (*getFrameUnbound())[k];
    }
    /// `expand` or `margin`: the loop runs iterations its node does not
    /// own (and, with `margin`, only those).
    bool isWidened() { return getExpandLo() || getFrameLo(); }
    ::mlir::xmp::ReductionKind getReduceKind(unsigned i) {
      return ::llvm::cast<::mlir::xmp::ReductionKindAttr>(
          (*getReduceKinds())[i]).getValue();
    }
  }];
  let extraClassDefinition = [{
    ::llvm::SmallVector<::mlir::Region *> $cppClass::getLoopRegions() {
      return {&getBody()};
    }
    std::optional<::llvm::SmallVector<::mlir::Value>>
    $cppClass::getLoopInductionVars() {
      return ::llvm::SmallVector<::mlir::Value>(getInductionVars());
    }
    std::optional<::llvm::SmallVector<::mlir::OpFoldResult>>
    $cppClass::getLoopLowerBounds() {
      return ::llvm::SmallVector<::mlir::OpFoldResult>(getLowerBounds());
    }
    std::optional<::llvm::SmallVector<::mlir::OpFoldResult>>
    $cppClass::getLoopUpperBounds() {
      return ::llvm::SmallVector<::mlir::OpFoldResult>(getUpperBounds());
    }
    std::optional<::llvm::SmallVector<::mlir::OpFoldResult>>
    $cppClass::getLoopSteps() {
      return ::llvm::SmallVector<::mlir::OpFoldResult>(getSteps());
    }
  }];
}

def XMP_LoopOp : XMP_LoopBase<"loop"> {
  let summary = "a work-sharing loop on a template, run on the host";
  let description = [{
    ```mlir
    xmp.loop (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1)
        on @t [0, 1] { ... }
    %s = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0]
        reduce(add) init(%zero) -> f64 { ... xmp.yield %x : f64 }
    ```
    Induction variable n follows template dimension `on[n]`; each node runs
    exactly the iterations whose template index it owns. Reductions combine
    the yielded contributions of all iterations of all nodes with `init`;
    every node gets the result.

    `overlap(%tok margin [lo:hi, ...])` (one `lo:hi` per induction
    variable; normally set by `xmp-overlap-halo`) hides the reflect started
    as `%tok` behind the loop: the node first runs its iterations at least
    `lo` above the lower and `hi` below the upper edge of its owned range
    in every dimension (the *interior*, which reads no halo), then waits
    for the reflect (`xmp.reflect_wait %tok` is part of the loop), then
    runs the other iterations. Same iterations, same results (reductions:
    up to the order in which a node combines its own contributions).

    `expand [lo:hi, unbound lo:hi, ...]` (XMP's `expand`) also runs the
    iterations up to `lo` below and `hi` above the node's owned range
    (within the loop's bounds unless `unbound`); `margin [...]`, same
    grammar (XMP's `margin`), runs only those extra iterations: the
    expanded box minus the iterations the plain loop runs on the node.
    The two are mutually exclusive.
  }];
}

def XMP_DeviceLoopOp : XMP_LoopBase<"device_loop",
    (ins Optional<F64>:$weight, UnitAttr:$weightAuto,
         OptionalAttr<DenseI64ArrayAttr>:$blockSize)> {
  let summary = "a work-sharing loop on a template, run on the accelerator";
  let description = [{
    Same iteration semantics as `xmp.loop`; the innermost induction variable
    maps to the fastest thread index. `weight(%w)` is the CPU share of the
    node's iterations (0 = all on the GPU, 1 = all on the CPU), split along
    the outermost dimension; `weight(auto)` lets the runtime controller
    choose it; without `weight` the value of the last `xmp.reset_weight`
    (initially 0) is used. `block_size [x, y, z]` overrides the CUDA block
    shape.

    The body may contain `xmp.load`, `xmp.store`, nested `xmp.loop`s (run
    sequentially in each iteration over the node's owned iterations;
    their reductions over undistributed dimensions only) and calls of
    functions defined in the module that can run on the device (not
    recursive, on values, without xmp ops, global memrefs or heap
    allocation, transitively); no other xmp op, no nested device loop, no
    memref defined outside the loop. The verifier checks it, for both
    builds alike.
  }];
}

def XMP_YieldOp : XMP_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["LoopOp", "DeviceLoopOp", "ReplicateOp",
                "CpuPartStartOp", "TaskOp"]>]> {
  let summary = "terminates loop bodies; carries reduction contributions";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing */ }]>];
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Device data
//===----------------------------------------------------------------------===//

def XMP_ReplicateOp : XMP_Op<"replicate", [DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "device instances of darrays exist inside the region";
  let arguments = (ins Variadic<XMP_ArrayLike>:$arrays);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ` ` `(` $arrays `)` `:` type($arrays) $body attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_DeviceAcquireOp : XMP_Op<"device_acquire", [
    MemoryEffects<[MemRead, MemWrite]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the device instance's local block as a memref";
  let description = [{
    Lowering-level op produced by `xmp-lower-distribution` in GPU mode before
    a device loop: makes sure the array has a device instance and, unless
    the array is inside an `xmp.replicate` region (where the program moves
    data with `xmp.replicate_sync`), that the instance holds the host's
    latest values when the loop reads it. `access` is `read`, `write` or
    `readwrite`. The memref has the local block's layout (the same as
    `xmp.local_view`) and lives in device memory: only device code may
    dereference it.
    ```mlir
    %dv = xmp.device_acquire %u access(readwrite) : !u_t -> memref<66x66xf64>
    ```
  }];
  let arguments = (ins XMP_DArray:$array, XMP_AccessAttr:$access);
  let results = (outs AnyMemRef:$view);
  let assemblyFormat = [{
    $array `access` `(` $access `)` attr-dict `:` type($array) `->` type($view)
  }];
  let hasVerifier = 1;
}

def XMP_DeviceReleaseOp : XMP_Op<"device_release", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "ends a device loop's use of a device instance";
  let description = [{
    Lowering-level op paired with `xmp.device_acquire`: after a device loop
    that wrote the array (outside `xmp.replicate`), the host instance is
    brought up to date, so host code after the loop sees the new values.
  }];
  let arguments = (ins XMP_DArray:$array, XMP_AccessAttr:$access);
  let assemblyFormat = [{
    $array `access` `(` $access `)` attr-dict `:` type($array)
  }];
}

def XMP_HostModifiedOp : XMP_Op<"host_modified", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "marks the device instance of an array stale";
  let description = [{
    Lowering-level op: host code changed the array (a host loop stored to
    it, or its local view escaped), so the next device loop that reads it
    copies it to the device again.
  }];
  let arguments = (ins XMP_DArray:$array);
  let assemblyFormat = "$array attr-dict `:` type($array)";
}

def XMP_HostAcquireOp : XMP_Op<"host_acquire", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "makes the host instance current before a split loop's CPU part";
  let description = [{
    Lowering-level op produced by `xmp-split-device-loops` before a split
    device loop whose CPU part is not empty: if the device instance holds
    values the host lacks, they are copied out, so the CPU part reads (and
    partially overwrites) current host data.
    ```mlir
    xmp.host_acquire %u : !u_t
    ```
  }];
  let arguments = (ins XMP_DArray:$array);
  let assemblyFormat = "$array attr-dict `:` type($array)";
}

def XMP_SplitCommitOp : XMP_Op<"split_commit", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "makes both instances current after a split loop wrote them";
  let description = [{
    Lowering-level op produced by `xmp-split-device-loops` after a split
    device loop, for each array the loop writes: along array dimension
    `dim`, the GPU part wrote global array indices in `[gpuLo, gpuHi)` and
    the CPU part in `[cpuLo, cpuHi)` (either may be empty or reach past the
    local block). The runtime copies only those slices (device -> host for
    the GPU one, host -> device for the CPU one), so both instances hold the
    loop's results afterwards.
    ```mlir
    xmp.split_commit %u dim 0 gpu [%g0, %g1) cpu [%c0, %c1) : !u_t
    ```
  }];
  let arguments = (ins XMP_DArray:$array, I64Attr:$dim, Index:$gpuLo,
                       Index:$gpuHi, Index:$cpuLo, Index:$cpuHi);
  let assemblyFormat = [{
    $array `dim` $dim `gpu` `[` $gpuLo `,` $gpuHi `)` `cpu` `[` $cpuLo `,`
    $cpuHi `)` attr-dict `:` type($array)
  }];
  let hasVerifier = 1;
}

def XMP_ReplicateSyncOp : XMP_Op<"replicate_sync", [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "copies host -> device (`in`) or device -> host (`out`)";
  let arguments = (ins XMP_SyncDirectionAttr:$direction,
                       Variadic<XMP_ArrayLike>:$arrays);
  let assemblyFormat = [{
    custom<SyncDirection>($direction) `(` $arrays `)` attr-dict `:` type($arrays)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Communication
//===----------------------------------------------------------------------===//

// The options are checked, and read by the passes, through
// XMP_ReflectLikeOpInterface.
class XMP_ReflectBase<string mnemonic, list<Trait> traits = []>
    : XMP_Op<mnemonic, traits # [XMP_ReflectLikeOpInterface,
                                 DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let arguments = (ins XMP_DArray:$array,
                       OptionalAttr<DenseI64ArrayAttr>:$widthLo,
                       OptionalAttr<DenseI64ArrayAttr>:$widthHi,
                       OptionalAttr<DenseBoolArrayAttr>:$periodic,
                       UnitAttr:$orthogonal,
                       UnitAttr:$acc,
                       OptionalAttr<TypedArrayAttrBase<XMP_ChannelAttr, "channels">>:$channels);
  // `%a width [1:1, 0:0] periodic [true, false] orthogonal acc
  // channels [tca, ib]`, every option optional.
  string reflectOptionsFormat = [{
    $array (`width` custom<LoHiList>($widthLo, $widthHi)^)?
    (`periodic` $periodic^)? (`orthogonal` $orthogonal^)? (`acc` $acc^)?
    (`channels` custom<ChannelList>($channels)^)? attr-dict `:` type($array)
  }];
}

def XMP_ReflectOp : XMP_ReflectBase<"reflect"> {
  let summary = "makes every shadow element equal to its owner's value";
  let description = [{
    ```mlir
    xmp.reflect %u : !u_t
    xmp.reflect %u width [1:1, 0:0] periodic [true, false] acc
        channels [tca, ib] : !u_t
    xmp.reflect %u orthogonal : !u_t
    ```
    `width` (default: the whole shadow) gives the widths to update per
    dimension; `periodic` wraps around; `orthogonal` updates the faces
    only: each dimension's shadow restricted to the owned range of the
    other dimensions, corner (diagonal) shadow elements keep their values,
    and the dimensions are exchanged at once instead of one after the
    other; `acc` acts on the device instance
    (outside `xmp.replicate` regions: brought up to date from the host
    first, the exchanged halos copied back to the host after);
    `channels` (set by `xmp-select-channels`) chooses `tca`, `ib` or `none`
    per dimension. A full shadow (`*`) is an all-gather of the dimension.
  }];
  let assemblyFormat = reflectOptionsFormat;
}

def XMP_ReflectInitOp : XMP_ReflectBase<"reflect_init"> {
  let summary = "builds a persistent halo-exchange plan";
  let results = (outs XMP_ReflectPlan:$plan);
  let assemblyFormat = reflectOptionsFormat # "`->` type($plan)";
}

def XMP_ReflectDoOp : XMP_Op<"reflect_do"> {
  let summary = "runs a persistent plan (start and wait)";
  let arguments = (ins XMP_ReflectPlan:$plan);
  let assemblyFormat = "$plan attr-dict";
}

def XMP_ReflectStartOp : XMP_Op<"reflect_start"> {
  let summary = "starts a persistent plan; overlap computation, then wait";
  let arguments = (ins XMP_ReflectPlan:$plan);
  let results = (outs XMP_Token:$token);
  let assemblyFormat = "$plan attr-dict";
}

def XMP_ReflectWaitOp : XMP_Op<"reflect_wait"> {
  let summary = "waits for a reflect started by xmp.reflect_start";
  let arguments = (ins XMP_Token:$token);
  let assemblyFormat = "$token attr-dict";
}

def XMP_ReduceShadowOp : XMP_Op<"reduce_shadow",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "combines every shadow element into the element it copies";
  let description = [{
    ```mlir
    xmp.reduce_shadow %u : !u_t
    xmp.reduce_shadow %u width [1:0, 2:2] periodic [true, false] acc : !u_t
    xmp.reduce_shadow max %u : !u_t
    xmp.reduce_shadow min %u width [1:1] periodic [true] : !u_t
    ```
    XMP's `reduce_shadow`, the reverse of `xmp.reflect`: each owned
    element becomes its value plus the values of all its shadow copies, on
    every rank, inside `width` (default: the whole shadow), corner copies
    included. `periodic` dimensions wrap around; on the others, shadow
    elements outside the array are ignored. The shadows keep their values
    (they are read, not written). `acc` acts on the device instance, as
    for `xmp.reflect`. The element type must have addition (not `i1`).

    `max` / `min` (the spec's operation is `+`, the default): each owned
    element becomes the largest (smallest) of its value and its shadow
    copies' values, on integers (signed; `i1` too) and `f32` / `f64`
    (compared with `>` / `<`: a NaN copy never replaces a value).
  }];
  let arguments = (ins XMP_DArray:$array,
                       OptionalAttr<DenseI64ArrayAttr>:$widthLo,
                       OptionalAttr<DenseI64ArrayAttr>:$widthHi,
                       OptionalAttr<DenseBoolArrayAttr>:$periodic,
                       UnitAttr:$acc,
                       OptionalAttr<XMP_ReductionKindAttr>:$kind);
  let assemblyFormat = [{
    custom<ShadowKind>($kind) ``
    $array (`width` custom<LoHiList>($widthLo, $widthHi)^)?
    (`periodic` $periodic^)? (`acc` $acc^)? attr-dict `:` type($array)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The combining operation: add unless `max` or `min` is given.
    ::mlir::xmp::ReductionKind getShadowKind() {
      return getKind().value_or(::mlir::xmp::ReductionKind::add);
    }
  }];
}

def XMP_ReduceShadowInitOp : XMP_Op<"reduce_shadow_init",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "builds a persistent reduce_shadow plan (XMP `async`)";
  let description = [{
    ```mlir
    %p = xmp.reduce_shadow_init %u width [1:1] acc : !u_t -> !xmp.reflect_plan
    %t = xmp.reflect_start %p      // combining runs from here ...
    ...                            // work that touches neither owned
                                   // elements nor shadows of %u
    xmp.reflect_wait %t            // ... to here
    xmp.reflect_do %p              // or start and wait at once
    ```
    The plan of `xmp.reduce_shadow` with the same options (kind, `width`,
    `periodic`, `acc`), run by `xmp.reflect_do`, or split by
    `xmp.reflect_start` / `xmp.reflect_wait` (XMP's `reduce_shadow ...
    async(id)` ... `wait_async(id)`): between them the array belongs to
    the operation (its shadows are read, its owned elements written). The
    plan is kept by the runtime per op and array, as `xmp.reflect_init`'s
    is: a plan must be waited for before its `reduce_shadow_init` runs
    again for the same array.
  }];
  let arguments = (ins XMP_DArray:$array,
                       OptionalAttr<DenseI64ArrayAttr>:$widthLo,
                       OptionalAttr<DenseI64ArrayAttr>:$widthHi,
                       OptionalAttr<DenseBoolArrayAttr>:$periodic,
                       UnitAttr:$acc,
                       OptionalAttr<XMP_ReductionKindAttr>:$kind);
  let results = (outs XMP_ReflectPlan:$plan);
  let assemblyFormat = [{
    custom<ShadowKind>($kind) ``
    $array (`width` custom<LoHiList>($widthLo, $widthHi)^)?
    (`periodic` $periodic^)? (`acc` $acc^)? attr-dict `:` type($array)
    `->` type($plan)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The combining operation: add unless `max` or `min` is given.
    ::mlir::xmp::ReductionKind getShadowKind() {
      return getKind().value_or(::mlir::xmp::ReductionKind::add);
    }
  }];
}

def XMP_ReductionOp : XMP_Op<"reduction",
    [AttrSizedResultSegments, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "all-reduce of a scalar (result), a memref or a darray (in place)";
  let description = [{
    ```mlir
    %r = xmp.reduction add %x on @p : f64
    %r1 = xmp.reduction max %x on @p [1] : f64      // along grid axis 1
    xmp.reduction mul %m on @p : memref<4xf64>      // element-wise, in place
    xmp.reduction add %a on @p [1] acc : !a_t       // darray, device instance
    %v, %i, %j = xmp.reduction firstmax %x loc(%li, %lj : index, i32) on @p : f64
    ```
    A darray is reduced element-wise over its local blocks (shadows
    included), in place, along grid axes over which it is replicated (the
    ranks reduced together hold the same elements); `acc` reduces its
    device instance (host-only build: the host instance, its only one).
    `acc` applies to darrays only: scalars and memrefs have no device
    instance. Location kinds (`firstmax`, `firstmin`, `lastmax`,
    `lastmin`) reduce a scalar and return, after the max/min, the location
    values of the rank holding it; ties go to the first (lowest) or last
    (highest) rank in grid rank order (row-major).
  }];
  let arguments = (ins XMP_ReductionKindAttr:$kind, AnyType:$value,
                       Variadic<AnyType>:$locations,
                       FlatSymbolRefAttr:$nodes,
                       OptionalAttr<DenseI64ArrayAttr>:$axes, UnitAttr:$acc);
  let results = (outs Optional<AnyType>:$result,
                      Variadic<AnyType>:$locResults);
  // The results follow from the types: a scalar's result (none for a memref
  // or darray, reduced in place), then one per location value.
  let assemblyFormat = [{
    custom<ReductionKind>($kind) $value
    (`loc` `(` $locations^ `:` type($locations) `)`)?
    `on` $nodes (` ` `[` custom<I64List>($axes)^ `]`)? (`acc` $acc^)? attr-dict
    `:` custom<ReductionTypes>(type($value), type($result),
                               ref(type($locations)), type($locResults))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// firstmax, firstmin, lastmax, lastmin.
    bool isLocationKind() {
      return ::mlir::xmp::isLocationReductionKind(getKind());
    }
  }];
}

def XMP_BcastOp : XMP_Op<"bcast",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "broadcast of a scalar (result) or a memref (in place)";
  let description = [{
    `%b = xmp.bcast %x from [0, 0] on @p : f64`: the value of the rank at
    grid coordinate `from` reaches every rank of the grid. Along some grid
    axes, `%b = xmp.bcast %x from [1] on @p [0] : f64` (XMP's `bcast (x)
    from p(2, *) on p(:, *)`): `from` gives one coordinate per listed axis,
    and every rank gets the value of the rank at those coordinates on the
    listed axes and its own on the others. (`acc` is refused: a scalar or
    a memref has only the host instance.)
  }];
  let arguments = (ins AnyType:$value, DenseI64ArrayAttr:$root,
                       FlatSymbolRefAttr:$nodes, UnitAttr:$acc,
                       OptionalAttr<DenseI64ArrayAttr>:$axes);
  let results = (outs Optional<AnyType>:$result);
  // A scalar's broadcast returns it; a memref's is in place.
  let assemblyFormat = [{
    $value `from` $root `on` $nodes (` ` `[` custom<I64List>($axes)^ `]`)?
    (`acc` $acc^)? attr-dict
    `:` custom<BcastType>(type($value), type($result))
  }];
  // Over the whole grid (no axes), as before the axes.
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$value,
                   "::mlir::DenseI64ArrayAttr":$root,
                   "::mlir::FlatSymbolRefAttr":$nodes,
                   "::mlir::UnitAttr":$acc), [{
      build($_builder, $_state, result, value, root, nodes, acc,
            ::mlir::DenseI64ArrayAttr());
    }]>
  ];
  let hasVerifier = 1;
}

def XMP_ReductionStartOp : XMP_Op<"reduction_start",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "starts an all-reduce of a scalar, a memref or a darray "
                "(XMP `async`)";
  let description = [{
    ```mlir
    %r = xmp.reduction_start add %m on @p : memref<4xf64>
    ...                                   // work that does not touch %m
    xmp.wait %r
    %q = xmp.reduction_start max %x on @p [1] : f64
    ...
    %y = xmp.wait %q : f64                // the reduced scalar
    %d = xmp.reduction_start add %a on @p [1] : !a_t
    ...                                   // work that does not touch %a
    xmp.wait %d
    ```
    XMP's `reduction(+: a) async(id)` ... `wait_async(id)`: the same
    reduction as `xmp.reduction`, over the whole grid or one axis, started
    here and complete after `xmp.wait` on the request (every request is
    waited for exactly once). A memref or a darray (its host block,
    element-wise, along grid axes over which it is replicated) is reduced
    in place and belongs to the operation until the wait; a scalar's
    result is the result of the `xmp.wait`, which names its type. Kinds
    as for `xmp.reduction`, location kinds excepted. `acc` (a darray
    only, as for `xmp.reduction`) reduces the device instance: in the GPU
    build it is acquired at the start and released after the wait (outside
    replicate regions the host block is brought up to date there), and
    the runtime stages it through host memory: the device-to-host copy
    at the start, the message passing between start and wait, the copy
    back at the wait.
  }];
  let arguments = (ins XMP_ReductionKindAttr:$kind, AnyType:$value,
                       FlatSymbolRefAttr:$nodes,
                       OptionalAttr<DenseI64ArrayAttr>:$axes, UnitAttr:$acc);
  let results = (outs XMP_Request:$request);
  let assemblyFormat = [{
    custom<ReductionKind>($kind) $value `on` $nodes
    (` ` `[` custom<I64List>($axes)^ `]`)? (`acc` $acc^)?
    attr-dict `:` type($value)
  }];
  let hasVerifier = 1;
}

def XMP_BcastStartOp : XMP_Op<"bcast_start",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "starts a broadcast of a memref or a scalar (XMP `async`)";
  let description = [{
    `%r = xmp.bcast_start %m from [0, 1] on @p : memref<4xi32>` ...
    `xmp.wait %r`: `xmp.bcast` on a host memref, started here, complete
    after `xmp.wait`. A scalar's broadcast value is the result of the wait:
    `%r = xmp.bcast_start %x from [0] on @p : f64` ...
    `%y = xmp.wait %r : f64`. Over the whole grid or along one axis
    (`from [1] on @p [0]`, as `xmp.bcast`).
  }];
  let arguments = (ins AnyType:$value, DenseI64ArrayAttr:$root,
                       FlatSymbolRefAttr:$nodes,
                       OptionalAttr<DenseI64ArrayAttr>:$axes);
  let results = (outs XMP_Request:$request);
  let assemblyFormat = [{
    $value `from` $root `on` $nodes (` ` `[` custom<I64List>($axes)^ `]`)?
    `` custom<NoAcc>("\"broadcast\"", "\"xmp.bcast\"")
    attr-dict `:` type($value)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$request, "::mlir::Value":$value,
                   "::mlir::DenseI64ArrayAttr":$root,
                   "::mlir::FlatSymbolRefAttr":$nodes), [{
      build($_builder, $_state, request, value, root, nodes,
            ::mlir::DenseI64ArrayAttr());
    }]>
  ];
  let hasVerifier = 1;
}

def XMP_WaitOp : XMP_Op<"wait"> {
  let summary = "completes a collective started asynchronously";
  let description = [{
    `xmp.wait %r` completes the operation that made `%r`; for the
    reduction or broadcast of a scalar, `%v = xmp.wait %r : f64` also
    returns the value (the operand's type; checked here when the request's
    start is visible, by the runtime otherwise).
  }];
  let arguments = (ins XMP_Request:$request);
  let results = (outs Optional<AnyType>:$result);
  let assemblyFormat = "$request attr-dict (`:` type($result)^)?";
  let hasVerifier = 1;
}

def XMP_TestOp : XMP_Op<"test"> {
  let summary = "tells, without blocking, whether a started collective is "
                "complete (XMP `xmp_test_async`)";
  let description = [{
    ```mlir
    %r = xmp.reduction_start add %m on @p : memref<4xf64>
    %n = scf.while (%k = %c0) : (index) -> index {  // poll, working between
      %done = xmp.test %r
      %go = arith.xori %done, %true : i1
      scf.condition(%go) %k : index
    } do {
    ^bb0(%k: index):
      ...                                         // work not touching %m
      %k1 = arith.addi %k, %c1 : index
      scf.yield %k1 : index
    }
    xmp.wait %r                                   // still required
    ```
    `true` when the communication of the operation that made the request
    (`xmp.reduction_start`, `xmp.bcast_start`, `xmp.gmove_start`) is
    complete on this rank, so that its `xmp.wait` returns at once; `false`
    otherwise. It never blocks (it progresses the communication), so a
    loop polling it terminates once the other ranks have started the
    operation. Local: only the calling rank takes part, so it may be
    anywhere the request is visible (a task, a loop body), any number of
    times. It completes nothing: the `xmp.wait` is still required, exactly
    once, and until the wait the operands still belong to the operation
    (the in-place results, the gmove's destination and a scalar's value
    are delivered by the wait). A one-sided `gmove_start out` is `true`
    once its puts have left this rank (MPI's completion of a put at its
    target is only observable by a blocking flush, which the wait does).
    A test after the request's wait in the same block is a verifier
    error (the runtime stops a program that tests a completed request).
    Reflects (`xmp.reflect_start`'s `!xmp.token`) have no test.
  }];
  let arguments = (ins XMP_Request:$request);
  let results = (outs I1:$done);
  let assemblyFormat = "$request attr-dict";
  let hasVerifier = 1;
}

def XMP_AsyncRegisterOp : XMP_Op<"async_register"> {
  let summary = "hands a started operation to XMP's async id (completed by "
                "xmp.wait_async)";
  let description = [{
    ```mlir
    scf.if %c {
      %r = xmp.reduction_start add %m on @p : memref<4xf64>
      xmp.async_register %r, %id : !xmp.request
      %s = xmp.reduction_start max %x on @p : f64
      xmp.async_register %s, %id into %xm : !xmp.request, memref<f64>
      %t = xmp.reflect_start %plan
      xmp.async_register %t, %id : !xmp.token
    }
    xmp.wait_async %id     // whatever was registered: zero, one or several
    ```
    XMP's async ids are run-time sets of operations: `wait_async(id)`
    completes every operation started with `async(id)` before it, however
    the program got there. `xmp.wait` / `xmp.reflect_wait` need the start
    in sight (an SSA value); where the wait is in another region than the
    start (after an `scf.if` or a loop that started zero, one or many
    operations), the start registers its request (`!xmp.request` of
    `xmp.reduction_start`, `xmp.bcast_start`, `xmp.gmove_start`) or its
    reflect's token (`!xmp.token` of `xmp.reflect_start`) with the integer
    `%id`, and `xmp.wait_async %id` completes every operation registered
    with it on this rank, in the order they were registered.
    The operation then belongs to the id: it has no `xmp.wait` or
    `xmp.reflect_wait` of its own (verifier error), and is registered once;
    an `xmp.test` before the registration is fine. A scalar's reduction or
    broadcast (whose `xmp.wait` would return the value) names with `into` a
    0-d memref of the scalar's type, where `xmp.wait_async` stores the
    value. The request of an `acc` reduction of a darray cannot be
    registered (its device instance is released after its `xmp.wait`: the
    start's verifier). Operations registered and never completed stop the
    program at `xmprt_finalize`, naming the id.
  }];
  let arguments = (ins AnyTypeOf<[XMP_Request, XMP_Token]>:$handle, I64:$id,
                       Optional<AnyMemRef>:$into);
  let assemblyFormat = [{
    $handle `,` $id (`into` $into^)? attr-dict `:` type($handle)
    (`,` type($into)^)?
  }];
  let hasVerifier = 1;
}

def XMP_WaitAsyncOp : XMP_Op<"wait_async"> {
  let summary = "completes every operation registered with an async id "
                "(XMP `wait_async`)";
  let description = [{
    `xmp.wait_async %id` completes, on this rank, every operation
    `xmp.async_register` handed to `%id` (an `i64`) and not yet completed,
    in registration order (each request's `xmp.wait`, each reflect token's
    `xmp.reflect_wait`; a scalar's value stored `into` its memref); with
    none it returns at once. Like `xmp.wait` it is local: every rank waits
    for its own operations.
  }];
  let arguments = (ins I64:$id);
  let assemblyFormat = "$id attr-dict";
}

def XMP_TestAsyncOp : XMP_Op<"test_async"> {
  let summary = "tells, without blocking, whether the operations registered "
                "with an async id are complete (XMP `xmp_test_async`)";
  let description = [{
    `%done = xmp.test_async %id`: `xmp.test` of every request registered
    with `%id` and not yet completed, true when all are complete (true with
    none). Completes nothing. A registered reflect token has no test: the
    runtime stops the program naming the id.
  }];
  let arguments = (ins I64:$id);
  let results = (outs I1:$done);
  let assemblyFormat = "$id attr-dict";
}

def XMP_TaskOp : XMP_Op<"task", [RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "runs its region on a node subset (XMP `task on`)";
  let description = [{
    ```mlir
    xmp.task on @q { ... }            // the ranks of node set @q
    xmp.task on @p [0, 1:3] { ... }   // the ranks of @p on those coordinates
    xmp.task on @p [%k, 1:%n:2] { ... } // coordinates known at run time
    xmp.task on @t (%i, %j) { ... }   // the ranks owning t(i, j)
    ```
    With a template and one index per template dimension (XMP's
    `task on t(i, j)`), the region runs on the ranks that own that
    template element (along an undistributed dimension every rank owns
    it; an index outside the template selects no rank).
    The region runs on the ranks of the node set (a grid or a subset
    declared with `xmp.nodes @q(...) = @p [...]`), or, with a node
    reference, on the ranks of `@p` whose coordinates the triplets select
    (`:`, `lo:`, `lo:hi`, `lo:hi:step` or a single coordinate, as in a
    subset); every other rank skips it. Several tasks in a row on disjoint
    node sets run concurrently (XMP `tasks`).

    Every rank of the node set meets what the region does, nobody else
    does; so a collective inside must involve only ranks of the node set:
    `xmp.reduction`, `xmp.bcast`, `xmp.barrier`, and the collective
    `xmp.gmove` / `xmp.gmove_start` (`on`), on the task's node set, on a
    subset declared from it (transitively) or on a subset of the same grid
    whose constant coordinates are all the task's (nested tasks), loop
    reductions and reflects of arrays on those; no `xmp.barrier` and no collective gmove without
    `on` (all ranks). With a node reference or template subscripts there
    is no node set to name, so no collective at all. The verifier
    enforces it.

    A node reference may mix constants and `index` values (as
    `memref.subview` mixes static and dynamic offsets): any single
    coordinate, lower bound, upper bound or step may be an SSA value. The
    `subset` attribute keeps the (lo, hi, step) triples with 0 in the
    run-time positions, `subsetDynamic` marks those positions (one flag per
    entry of `subset`; absent when every position is a constant) and
    `refValues` holds their values in order. The static parts follow the
    rules of constant references; the run-time values need no rule: a
    rank is selected when its coordinate on every axis is inside @p and in
    the triplet (lo <= c < hi, (c - lo) mod step = 0), so coordinates
    outside @p, empty ranges and steps < 1 select no rank.
  }];
  let arguments = (ins FlatSymbolRefAttr:$nodes,
                       OptionalAttr<DenseI64ArrayAttr>:$subset,
                       OptionalAttr<DenseBoolArrayAttr>:$subsetDynamic,
                       Variadic<Index>:$refValues,
                       Variadic<Index>:$subscripts);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Position `i` of `subset` (3 * axis + 0/1/2 for lo/hi/step): its
    /// value when it is a run-time one, else null and `cst` set.
    ::mlir::Value getSubsetValue(unsigned i, int64_t &cst);
    /// Whether some position of the node reference is a run-time value.
    bool hasDynamicSubset() { return !getRefValues().empty(); }
  }];
}

def XMP_BarrierOp : XMP_Op<"barrier",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "barrier over a grid (all ranks when `on` is omitted)";
  let description = [{
    `xmp.barrier on @p [0]` synchronizes, along grid axis 0, the ranks that
    share their other coordinates (XMP's `barrier on p(:, *)`); several
    axes synchronize the ranks that share the coordinates of the others.
  }];
  let arguments = (ins OptionalAttr<FlatSymbolRefAttr>:$nodes,
                       OptionalAttr<DenseI64ArrayAttr>:$axes);
  let assemblyFormat = [{
    (`on` $nodes^)? (` ` `[` custom<I64List>($axes)^ `]`)? attr-dict
  }];
  let builders = [
    OpBuilder<(ins "::mlir::FlatSymbolRefAttr":$nodes), [{
      build($_builder, $_state, nodes, ::mlir::DenseI64ArrayAttr());
    }]>
  ];
  let hasVerifier = 1;
}

// xmp.gmove and xmp.gmove_start: the same operands, syntax and verifier
// (verifyGMoveLike in XMPOps.cpp); gmove_start returns the request.
class XMP_GMoveBase<string mnemonic, dag resultList>
    : XMP_Op<mnemonic, [AttrSizedOperandSegments,
                        DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let arguments = (ins XMP_ArrayLike:$source, Variadic<Index>:$srcDynamic,
                       DenseI64ArrayAttr:$srcStatic, DenseBoolArrayAttr:$srcScalar,
                       XMP_ArrayLike:$dest, Variadic<Index>:$dstDynamic,
                       DenseI64ArrayAttr:$dstStatic, DenseBoolArrayAttr:$dstScalar,
                       UnitAttr:$acc,
                       OptionalAttr<XMP_GMoveModeAttr>:$mode,
                       OptionalAttr<FlatSymbolRefAttr>:$nodes);
  let results = resultList;
  let assemblyFormat = [{
    custom<GMoveMode>($mode) ``
    $source `` custom<Subscripts>($srcDynamic, $srcStatic, $srcScalar)
    `to` $dest `` custom<Subscripts>($dstDynamic, $dstStatic, $dstScalar)
    (`on` $nodes^)? (`acc` $acc^)? attr-dict `:` type($source) `to` type($dest)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Section counts of the non-scalar dimensions (kDynamic if unknown).
    ::llvm::SmallVector<int64_t> getSectionShape(bool source);
    /// `in` or `out`: one-sided, executed by whichever ranks meet it.
    bool isOneSided() { return getMode().has_value(); }
  }];
  // gmoveSectionShape and verifyGMoveLike: XMPOps.cpp.
  let extraClassDefinition = [{
    ::llvm::SmallVector<int64_t> $cppClass::getSectionShape(bool source) {
      return source ? gmoveSectionShape(getSrcStatic(), getSrcScalar())
                    : gmoveSectionShape(getDstStatic(), getDstScalar());
    }
    ::llvm::LogicalResult $cppClass::verify() { return verifyGMoveLike(*this); }
  }];
}

def XMP_GMoveOp : XMP_GMoveBase<"gmove", (outs)> {
  let summary = "assigns an array section to an equally shaped section";
  let description = [{
    ```mlir
    xmp.gmove %src[0:1024:1, 5] to %dst[0:1024, 0:1:1] acc : !a_t to !b_t
    ```
    Each subscript is a triplet `lb:ub:step` (half-open; `:step` optional)
    or a single index, which drops the dimension from the section's shape.
    Bounds may be integers or `index` values. The shapes (counts of the
    triplet dimensions, in order) must match. Works between any
    distributions and alignments; the schedule is computed once per call
    site and shape. Without a mode it is collective over all ranks, or,
    with `on @q`, over the ranks of node set `@q` alone (XMP's gmove
    inside `task on q`: the task's nodes execute it together); the other
    ranks skip it.

    ```mlir
    xmp.task on @q {
      xmp.gmove %a[0:8] to %b[8:16:1] on @q : !a_t to !b_t
    }
    ```
    Inside `xmp.task` on a node set a collective gmove names that node set
    or a subset declared from it (a task with a node reference or template
    subscripts has no node set: no collective gmove there). An array
    distributed onto a node set that shares no rank with `@q` (sibling
    subsets with constant coordinates) is a verifier error when its
    section is not empty; otherwise the runtime checks, before any
    exchange, that every element read or written has a holder among the
    ranks of `@q` (the destination's other replicas keep their values),
    and stops the program naming the element and its holders if not. A
    memref there is each executing rank's own.

    ```mlir
    xmp.gmove in %b[4:8] to %m[0:4] : !b_t to memref<4xf64>
    xmp.gmove out %m[0:4] to %a[0:4] : memref<4xf64> to !a_t
    ```
    `in` and `out` (XMP's `gmove in` / `gmove out`) are one-sided: only
    the ranks that execute the op take part (inside `xmp.task`, or under
    `scf.if` on `xmp.node_index`), the others are passive. With `in` each
    executing rank assigns the destination elements it holds (all of a
    memref), getting each from one holder of the source (itself if it
    holds it); the source is a darray. With `out` each executing rank puts
    the source elements it holds (all of a memref) into every holder of
    the destination element; the destination is a darray. The runtime
    uses MPI RMA (passive target: the passive ranks call nothing) on a
    window of the remote darray, which its allocation makes (collectively)
    because the program uses it one-sidedly. The op is complete at the
    origin and the target when it returns; the passive ranks see the
    values after a synchronization with the executing ranks (a barrier
    after the task), and must not access the elements concurrently.
    `acc` stages the executing rank's side through the host; the passive
    ranks' host instances are read and written.
  }];
}

def XMP_GMoveStartOp : XMP_GMoveBase<"gmove_start",
                                     (outs XMP_Request:$request)> {
  let summary = "starts a gmove (XMP `gmove async`)";
  let description = [{
    ```mlir
    %r = xmp.gmove_start %w[0:8] to %q[0:8] : !w_t to !q_t
    ...                       // work that neither writes %w nor touches %q
    xmp.wait %r
    ```
    XMP's `#pragma xmp gmove async(id)` ... `wait_async(id)`: the
    assignment of `xmp.gmove` (same operands, forms and rules), started
    here and complete after `xmp.wait` on the request. Between the two the
    source section must not be written and the destination neither read
    nor written (the runtime packs the source at the start and unpacks
    into the destination at the wait). Every request is waited for
    exactly once; like `xmp.gmove` it is collective over all ranks (over
    the ranks of `@q` with `on @q`), which start their gmoves in the same
    order, unless it is one-sided (`in` / `out`, as for `xmp.gmove`): then
    the gets or puts are issued here and completed (flushed, and unpacked
    for `in`) at the wait, on the executing rank alone. A collective
    start's waits are in the same `xmp.task` as the start (none, or the
    same innermost one), so that every rank that starts it completes it.
  }];
}

//===----------------------------------------------------------------------===//
// Work-sharing control and timing
//===----------------------------------------------------------------------===//

def XMP_LoopSplitOp : XMP_Op<"loop_split", [
    MemoryEffects<[MemRead]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the GPU/CPU split point of a device loop's outermost dimension";
  let description = [{
    Lowering-level op produced by `xmp-split-device-loops`. For the loop
    `for (g = lb; g < ub; g += step)` on template dimension `dim`, this rank
    runs the iterations it owns; `weight` is the CPU share. Results:
    `split` and `end` such that the GPU part is exactly the owned iterations
    with `g < split` and the CPU part those with `split <= g < end`, and the
    two parts' iteration counts. The GPU count is a multiple of `grain`
    unless it is all of them.
    ```mlir
    %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %c1) on @t [0] grain 32
    ```
  }];
  let arguments = (ins F64:$weight, Index:$lb, Index:$ub, Index:$step,
                       FlatSymbolRefAttr:$tmpl, I64Attr:$dim, I64Attr:$grain);
  let results = (outs Index:$split, Index:$end, Index:$gpuIters,
                      Index:$cpuIters);
  let assemblyFormat = [{
    $weight `,` `(` $lb `to` $ub `step` $step `)` `on` $tmpl `[` $dim `]`
    `grain` $grain attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous device loops: result slots, scratch, step timing
//===----------------------------------------------------------------------===//

def XMP_ScalarMemRef1 : Type<And<[CPred<"::llvm::isa<::mlir::MemRefType>($_self)">,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).getRank() == 1">,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).hasStaticShape()">,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).getDimSize(0) == 1">,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).getLayout().isIdentity()">,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).getElementType().isIntOrFloat()">]>,
    "memref<1xT> of an integer or float type">;

def XMP_ResultSlotOp : XMP_Op<"result_slot", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "a one-element buffer for a device loop's reduction result";
  let description = [{
    Lowering-level op produced by `xmp-split-device-loops` and
    `xmp-lower-distribution` (GPU mode), at the entry of the function: a
    buffer made once per op (call site) and kept, that the final kernel of a
    reducing device loop stores its node-local result into, and that host
    code writes with `xmp.result_write` and reads with `xmp.result_read`.
    Device loops run asynchronously: the host waits for the GPU only where
    it reads a slot, and `xmp-defer-result-reads` moves reads that only feed
    a loop's final value out of the loop.
    ```mlir
    %slot = xmp.result_slot : memref<1xf32>
    ```
  }];
  let results = (outs XMP_ScalarMemRef1:$slot);
  let assemblyFormat = "attr-dict `:` type($slot)";
}

def XMP_ResultReadOp : XMP_Op<"result_read", [
    TypesMatchWith<"result type is the slot's element type", "slot", "result",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "waits for the GPU and reads a result slot";
  let arguments = (ins XMP_ScalarMemRef1:$slot);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$result);
  let assemblyFormat = "$slot attr-dict `:` type($slot)";
}

def XMP_ResultWriteOp : XMP_Op<"result_write", [
    TypesMatchWith<"value type is the slot's element type", "slot", "value",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "stores a value into a result slot";
  let description = [{
    After the GPU finished what it was given so far (so that no earlier
    kernel stores into the slot later). When the value is the result of a
    device loop, `xmp-to-gpu` makes the loop's final kernel store it
    instead, and the host does not wait.
  }];
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$value,
                       XMP_ScalarMemRef1:$slot);
  let assemblyFormat = "$value `,` $slot attr-dict `:` type($slot)";
}

def XMP_GpuScratchOp : XMP_Op<"gpu_scratch"> {
  let summary = "device scratch kept per call site";
  let description = [{
    Lowering-level op produced by `xmp-to-gpu`: a device buffer of at least
    `count` elements (the per-block partials of a reduction), made at the
    first execution and grown in stream order when a later one needs more.
    Only device code may dereference it.
    ```mlir
    %partials = xmp.gpu_scratch %nblocks : memref<?xf32>
    ```
  }];
  let arguments = (ins Index:$count);
  let results = (outs MemRefRankOf<[AnySignlessInteger, AnyFloat], [1]>:$buffer);
  let assemblyFormat = "$count attr-dict `:` type($buffer)";
}

def XMP_GpuStepBeginOp : XMP_Op<"gpu_step_begin"> {
  let summary = "starts timing a device loop step that runs all on the GPU";
  let description = [{
    Lowering-level op around the kernels of a device loop with no CPU part:
    `begin` and `end` record events on the GPU stream and return at once;
    the runtime reads the time when the controller (`weight(auto)`), the
    weight trace or `xmp.gpu_time` needs it. `loop` is the split pass's
    loop id; a negative id only sets `xmp.gpu_time`.
    ```mlir
    xmp.gpu_step_begin loop 0
    xmp.gpu_step_end loop 0 iterations %n
    ```
  }];
  let arguments = (ins I64Attr:$loop);
  let assemblyFormat = "`loop` $loop attr-dict";
}

def XMP_GpuStepEndOp : XMP_Op<"gpu_step_end"> {
  let summary = "ends timing a device loop step that runs all on the GPU";
  let arguments = (ins I64Attr:$loop, Index:$iterations);
  let assemblyFormat = "`loop` $loop `iterations` $iterations attr-dict";
}

def XMP_LoopWeightOp : XMP_Op<"loop_weight"> {
  let summary = "the CPU share of one step of a split device loop";
  let description = [{
    Lowering-level op of `xmp-split-device-loops`: the weight of this step
    of loop `loop`: `fixed` (the loop's `weight(%w)`, clamped to [0, 1]),
    `auto` (the controller's) or `current` (the last `xmp.reset_weight`);
    1 on a rank without a GPU. `%fixed` is only read in `fixed` mode.
    ```mlir
    %w = xmp.loop_weight loop 0 auto %f
    ```
  }];
  let arguments = (ins I64Attr:$loop, XMP_WeightModeAttr:$mode, F64:$fixed);
  let results = (outs F64:$weight);
  let assemblyFormat = "`loop` $loop $mode $fixed attr-dict";
}

def XMP_LoopReportOp : XMP_Op<"loop_report"> {
  let summary = "reports the times and iterations of one split step";
  let description = [{
    Lowering-level op of `xmp-split-device-loops`, after both parts of a
    step: sets `xmp.cpu_time` / `xmp.gpu_time`, feeds `weight(auto)` and
    the weight trace. Without GPU code (`on_host`), the step also counts as
    a device loop run on the host (one warning per program).
    ```mlir
    xmp.loop_report loop 0 cpu %tc, %nc gpu %tg, %ng
    ```
  }];
  let arguments = (ins I64Attr:$loop, F64:$cpuSeconds, Index:$cpuIterations,
                       F64:$gpuSeconds, Index:$gpuIterations,
                       UnitAttr:$on_host);
  let assemblyFormat = [{
    `loop` $loop `cpu` $cpuSeconds `,` $cpuIterations
    `gpu` $gpuSeconds `,` $gpuIterations (`on_host` $on_host^)? attr-dict
  }];
}

def XMP_DeviceLoopOnHostOp : XMP_Op<"device_loop_on_host"> {
  let summary = "records a device loop that ran on the host";
  let description = [{
    Lowering-level op of the CPU path (`xmp-lower-distribution` without
    `gpu`): the whole device loop ran on the host (weight 1) in `seconds`;
    the runtime records that as the CPU part's time and warns once.
  }];
  let arguments = (ins F64:$seconds);
  let assemblyFormat = "$seconds attr-dict";
}

def XMP_CpuPartStartOp : XMP_Op<"cpu_part_start", [
    SingleBlockImplicitTerminator<"YieldOp">, AttrSizedOperandSegments]> {
  let summary = "starts a split loop's CPU part on the executor";
  let description = [{
    Lowering-level op produced by `xmp-split-device-loops`: the body runs on
    the CPU executor's workers (StarPU tasks or the thread pool) over the
    chunks `[lo, hi)` of `[lb, ub)`, `grain` template indices each, while
    the thread that started it goes on (it drives the GPU part). The body
    reads values defined above it; nothing it computes flows out except
    through memory. `xmp.cpu_part_wait` waits for every chunk.
    `xmp-to-runtime` outlines the body into a function of
    `(context, lo, hi)`, packs what the body uses into a context struct of
    their LLVM types (`LLVMTypeConverter`: memrefs cross as their
    descriptors) and calls `xmprt_cpu_parallel_for_start`.
    ```mlir
    %job = xmp.cpu_part_start %s to %e grain %g {
    ^bb0(%lo: index, %hi: index):
      ...
    }
    %seconds = xmp.cpu_part_wait %job
    ```
    With `inner %n1 pieces %P` (loop nests) the body takes five index
    arguments `(lo, hi, p0, p1, k)`: besides the rows `[lo, hi)` it runs the
    inner dimension's iterations numbered `[p0, p1)` of `[0, n1)`, and `k`
    (below `%P`, at least 1) tells the call apart from the other pieces of
    its row chunk. The executor cuts a row chunk into pieces only when the
    rows alone give fewer chunks than it has workers (a small CPU share,
    such as the one row of a `weight(auto)` probe, would otherwise run on
    one worker); `xmp-to-runtime` calls `xmprt_cpu_parallel_for2_start`.
    ```mlir
    %job = xmp.cpu_part_start %s to %e grain %g inner %n1 pieces %p {
    ^bb0(%lo: index, %hi: index, %p0: index, %p1: index, %k: index):
      ...
    }
    ```
    The op has no declared memory effects: it is never moved, merged or
    erased.
  }];
  let arguments = (ins Index:$lb, Index:$ub, Index:$grain,
                       Optional<Index>:$inner, Optional<Index>:$pieces);
  let results = (outs XMP_CpuJob:$job);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $lb `to` $ub `grain` $grain (`inner` $inner^ `pieces` $pieces)?
    $body attr-dict
  }];
  let hasVerifier = 1;
}

def XMP_CpuPartWaitOp : XMP_Op<"cpu_part_wait"> {
  let summary = "waits for a CPU part; its seconds on the executor";
  let arguments = (ins XMP_CpuJob:$job);
  let results = (outs F64:$seconds);
  let assemblyFormat = "$job attr-dict";
}

def XMP_GpuTimerStartOp : XMP_Op<"gpu_timer_start"> {
  let summary = "starts the event timer of a split loop's GPU part";
  let assemblyFormat = "attr-dict";
}

def XMP_GpuTimerStopOp : XMP_Op<"gpu_timer_stop"> {
  let summary = "seconds since xmp.gpu_timer_start on the GPU stream";
  let description = [{
    Waits for the GPU part's kernels (the split step needs its time now).
  }];
  let results = (outs F64:$seconds);
  let assemblyFormat = "attr-dict";
}

def XMP_ResetWeightOp : XMP_Op<"reset_weight"> {
  let summary = "sets the CPU share used by following device loops";
  let arguments = (ins F64:$weight);
  let assemblyFormat = "$weight attr-dict `:` type($weight)";
}

def XMP_CpuTimeOp : XMP_Op<"cpu_time"> {
  let summary = "seconds spent by the CPU part of the last split loop";
  let results = (outs F64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def XMP_GpuTimeOp : XMP_Op<"gpu_time"> {
  let summary = "seconds spent by the GPU part of the last split loop";
  let results = (outs F64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def XMP_WtimeOp : XMP_Op<"wtime"> {
  let summary = "wall-clock time in seconds";
  let results = (outs F64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def XMP_WtickOp : XMP_Op<"wtick"> {
  let summary = "resolution of xmp.wtime in seconds (XMP's xmp_wtick)";
  let results = (outs F64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Inquiry (XMP's xmp_node_num, xmp_num_nodes, xmp_nodes_index, ...)
//===----------------------------------------------------------------------===//

class XMP_NodesQuery<string mnemonic> : XMP_Op<mnemonic, [
    MemoryEffects<[MemRead]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let results = (outs Index:$result);
}

def XMP_NodeNumOp : XMP_NodesQuery<"node_num"> {
  let summary = "this process's node number in a grid (-1 outside it)";
  let description = [{
    `%r = xmp.node_num @p` is the row-major linear index (0-based) of the
    calling process in grid `@p`, or -1 when it is not one of `@p`'s
    nodes (a static grid smaller than the job). XMP's `xmp_node_num()`
    on the node set `@p`, 0-based as every index of the dialect.
  }];
  let arguments = (ins FlatSymbolRefAttr:$nodes);
  let assemblyFormat = "$nodes attr-dict";
}

def XMP_NumNodesOp : XMP_NodesQuery<"num_nodes"> {
  let summary = "the number of nodes of a grid";
  let description = [{
    `%n = xmp.num_nodes @p` is the product of `@p`'s extents, `?` axes as
    resolved at run time (a constant when the shape is static: folded).
  }];
  let arguments = (ins FlatSymbolRefAttr:$nodes);
  let assemblyFormat = "$nodes attr-dict";
  let hasFolder = 1;
}

def XMP_NodeIndexOp : XMP_NodesQuery<"node_index"> {
  let summary = "this process's coordinate on one axis of a grid";
  let description = [{
    `%c = xmp.node_index @p [1]` is the calling process's coordinate
    (0-based) on axis 1 of `@p`, -1 when it is not one of `@p`'s nodes
    (XMP's `xmp_nodes_index`).
  }];
  let arguments = (ins FlatSymbolRefAttr:$nodes, I64Attr:$axis);
  let assemblyFormat = "$nodes `[` $axis `]` attr-dict";
}

def XMP_NodeSizeOp : XMP_NodesQuery<"node_size"> {
  let summary = "the extent of one axis of a grid";
  let description = [{
    `%s = xmp.node_size @p [1]` is the number of nodes along axis 1 of
    `@p` (XMP's `xmp_nodes_size`), a `?` axis as resolved at run time (a
    constant when the axis is static: folded).
  }];
  let arguments = (ins FlatSymbolRefAttr:$nodes, I64Attr:$axis);
  let assemblyFormat = "$nodes `[` $axis `]` attr-dict";
  let hasFolder = 1;
}

def XMP_NodesCommOp : XMP_Op<"nodes_comm", [
    MemoryEffects<[MemRead]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the MPI communicator of a node set (its Fortran handle)";
  let description = [{
    `%c = xmp.nodes_comm @p` is the communicator of `@p`'s ranks (ranked
    as the node numbers), for calling MPI directly: its Fortran handle
    (`MPI_Fint`), which `MPI_Comm_f2c` turns into an `MPI_Comm` portably;
    `MPI_COMM_NULL`'s on ranks outside `@p`. The runtime owns it: do not
    free it.
  }];
  let arguments = (ins FlatSymbolRefAttr:$nodes);
  let results = (outs I32:$comm);
  let assemblyFormat = "$nodes attr-dict";
}

#endif // XMP_OPS_TD
