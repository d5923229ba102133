//===- XMPAttrs.td - xmp enums and attributes --------------*- tablegen -*-===//
#ifndef XMP_ATTRS_TD
#define XMP_ATTRS_TD

include "xmp/Dialect/XMP/IR/XMPBase.td"

def XMP_ChannelNone : I32EnumAttrCase<"none", 0>;
def XMP_ChannelIB   : I32EnumAttrCase<"ib", 1>;
def XMP_ChannelTCA  : I32EnumAttrCase<"tca", 2>;
// auto: the runtime decides per peer when the plan is built (tca where it
// can map the peer's memory, ib otherwise).
def XMP_ChannelAuto : I32EnumAttrCase<"auto_", 3, "auto">;
def XMP_ChannelKind : I32EnumAttr<"Channel",
    "communication channel of one halo dimension",
    [XMP_ChannelNone, XMP_ChannelIB, XMP_ChannelTCA, XMP_ChannelAuto]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::xmp";
}
def XMP_ChannelAttr : EnumAttr<XMP_Dialect, XMP_ChannelKind, "channel"> {
  let summary = "halo channel: tca (direct device/shared memory), ib (MPI), "
                "auto (the runtime decides per peer) or none (no halo in "
                "this dimension)";
  let assemblyFormat = "`<` $value `>`";
}

def XMP_RedAdd : I32EnumAttrCase<"add", 0>;
def XMP_RedMul : I32EnumAttrCase<"mul", 1>;
def XMP_RedMax : I32EnumAttrCase<"max", 2>;
def XMP_RedMin : I32EnumAttrCase<"min", 3>;
def XMP_RedAnd : I32EnumAttrCase<"band", 4, "and">;
def XMP_RedOr  : I32EnumAttrCase<"bor", 5, "or">;
def XMP_RedXor : I32EnumAttrCase<"bxor", 6, "xor">;
// Location reductions (xmp.reduction only, with location values).
def XMP_RedFirstMax : I32EnumAttrCase<"firstmax", 7>;
def XMP_RedFirstMin : I32EnumAttrCase<"firstmin", 8>;
def XMP_RedLastMax  : I32EnumAttrCase<"lastmax", 9>;
def XMP_RedLastMin  : I32EnumAttrCase<"lastmin", 10>;
def XMP_ReductionKind : I32EnumAttr<"ReductionKind", "reduction kind",
    [XMP_RedAdd, XMP_RedMul, XMP_RedMax, XMP_RedMin, XMP_RedAnd, XMP_RedOr,
     XMP_RedXor, XMP_RedFirstMax, XMP_RedFirstMin, XMP_RedLastMax,
     XMP_RedLastMin]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::xmp";
}
def XMP_ReductionKindAttr : EnumAttr<XMP_Dialect, XMP_ReductionKind, "reduction"> {
  let assemblyFormat = "`<` $value `>`";
}

def XMP_DistNone   : I32EnumAttrCase<"none", 0, "*">;
def XMP_DistBlock  : I32EnumAttrCase<"block", 1>;
def XMP_DistCyclic : I32EnumAttrCase<"cyclic", 2>;
def XMP_DistGBlock : I32EnumAttrCase<"gblock", 3>;
def XMP_DistBlockN : I32EnumAttrCase<"blockn", 4>;
def XMP_DistKind : I32EnumAttr<"DistKind", "distribution of a template dimension",
    [XMP_DistNone, XMP_DistBlock, XMP_DistCyclic, XMP_DistGBlock,
     XMP_DistBlockN]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::xmp";
}

def XMP_SyncIn  : I32EnumAttrCase<"in", 0>;
def XMP_SyncOut : I32EnumAttrCase<"out", 1>;
def XMP_SyncDirection : I32EnumAttr<"SyncDirection",
    "direction of replicate_sync", [XMP_SyncIn, XMP_SyncOut]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::xmp";
}
def XMP_SyncDirectionAttr : EnumAttr<XMP_Dialect, XMP_SyncDirection, "sync"> {
  let assemblyFormat = "`<` $value `>`";
}

// One-sided gmove (XMP's `gmove in` / `gmove out`); the values are the
// runtime's XMPRT_GMOVE_IN / XMPRT_GMOVE_OUT.
def XMP_GMoveIn  : I32EnumAttrCase<"in", 1>;
def XMP_GMoveOut : I32EnumAttrCase<"out", 2>;
def XMP_GMoveModeKind : I32EnumAttr<"GMoveMode",
    "one-sided mode of a gmove", [XMP_GMoveIn, XMP_GMoveOut]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::xmp";
}
def XMP_GMoveModeAttr : EnumAttr<XMP_Dialect, XMP_GMoveModeKind, "gmove_mode"> {
  let summary = "`in` (get from the source's holders) or `out` (put to the "
                "destination's holders)";
  let assemblyFormat = "`<` $value `>`";
}

def XMP_AccessRead : I32EnumAttrCase<"read", 1>;
def XMP_AccessWrite : I32EnumAttrCase<"write", 2>;
def XMP_AccessReadWrite : I32EnumAttrCase<"readwrite", 3>;
// How a device loop uses an array (bit 0 read, bit 1 write: the runtime's
// mode argument of xmprt_darray_device_acquire/release).
def XMP_AccessAttr : I32EnumAttr<"Access", "access of a device loop to an array",
    [XMP_AccessRead, XMP_AccessWrite, XMP_AccessReadWrite]> {
  let cppNamespace = "::mlir::xmp";
}

def XMP_WeightCurrent : I32EnumAttrCase<"current", 0>;
def XMP_WeightFixed : I32EnumAttrCase<"fixed", 1>;
def XMP_WeightAuto : I32EnumAttrCase<"automatic", 2, "auto">;
// Where a split loop's weight comes from (the runtime's XMPRT_WEIGHT_*).
def XMP_WeightModeAttr : I32EnumAttr<"WeightMode",
    "where a split loop's weight comes from",
    [XMP_WeightCurrent, XMP_WeightFixed, XMP_WeightAuto]> {
  let cppNamespace = "::mlir::xmp";
}

def XMP_DistAttr : XMP_Attr<"Dist", "dist"> {
  let summary = "distribution format of one template dimension";
  let description = [{
    One of `block`, `cyclic` (= `cyclic(1)`), `cyclic(w)` (block-cyclic with
    blocks of w), `block(n)` (blocks of n elements in rank order, the
    last owning ranks' shorter or empty; n times the ranks must cover the
    dimension), `gblock([s0, s1, ...])` (explicit piece sizes, one per
    rank of the grid axis), `gblock(*)` (the same, sizes given at run time
    by `xmp.template_fix`) or `*` (not distributed). Written
    `#xmp.dist<block>` standalone and bare inside `xmp.distribute`.
  }];
  let parameters = (ins
    EnumParameter<XMP_DistKind>:$kind,
    DefaultValuedParameter<"int64_t", "1">:$width,
    OptionalArrayRefParameter<"int64_t">:$sizes);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Parses the bare form (`block`, `cyclic(4)`, `gblock([1,2])`, `*`).
    static ::mlir::Attribute parseBare(::mlir::AsmParser &parser);
    /// Prints the bare form.
    void printBare(::mlir::AsmPrinter &printer) const;
    bool isDistributed() const { return getKind() != DistKind::none; }
    /// gblock(*): piece sizes known only at run time (xmp.template_fix).
    bool isGBlockStar() const {
      return getKind() == DistKind::gblock && getSizes().empty();
    }
  }];
}

#endif // XMP_ATTRS_TD
