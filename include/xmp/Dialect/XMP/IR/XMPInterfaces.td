//===- XMPInterfaces.td - xmp op interfaces ----------------*- tablegen -*-===//
#ifndef XMP_INTERFACES_TD
#define XMP_INTERFACES_TD

include "mlir/IR/OpBase.td"

def XMP_ReflectLikeOpInterface : OpInterface<"ReflectLikeOpInterface"> {
  let cppNamespace = "::mlir::xmp";
  let description = [{
    An op that describes one halo exchange of a darray: `xmp.reflect` (which
    runs it) and `xmp.reflect_init` (which builds a persistent plan of it).
    Both carry the same options (`width`, `periodic`, `orthogonal`, `acc`,
    `channels`),
    checked here, so passes handle either through this interface.
  }];
  // The methods are the ops' own ODS accessors.
  let methods = [
    InterfaceMethod<"The darray whose shadows are updated.",
      "::mlir::TypedValue<::mlir::xmp::DArrayType>", "getArray">,
    InterfaceMethod<"Widths below the owned block to update, per dimension "
                    "(none: the whole shadow).",
      "::std::optional<::llvm::ArrayRef<int64_t>>", "getWidthLo">,
    InterfaceMethod<"Widths above the owned block to update, per dimension "
                    "(none: the whole shadow).",
      "::std::optional<::llvm::ArrayRef<int64_t>>", "getWidthHi">,
    InterfaceMethod<"", "::mlir::DenseI64ArrayAttr", "getWidthLoAttr">,
    InterfaceMethod<"", "::mlir::DenseI64ArrayAttr", "getWidthHiAttr">,
    InterfaceMethod<"Per dimension, whether the exchange wraps around "
                    "(none: no dimension does).",
      "::std::optional<::llvm::ArrayRef<bool>>", "getPeriodic">,
    InterfaceMethod<"", "::mlir::DenseBoolArrayAttr", "getPeriodicAttr">,
    InterfaceMethod<"Whether only the faces are exchanged (no corner "
                    "shadow element is written).",
      "bool", "getOrthogonal">,
    InterfaceMethod<"", "::mlir::UnitAttr", "getOrthogonalAttr">,
    InterfaceMethod<"Whether the exchange acts on the device instance.",
      "bool", "getAcc">,
    InterfaceMethod<"", "::mlir::UnitAttr", "getAccAttr">,
    InterfaceMethod<"The `#xmp.channel` per dimension, if annotated.",
      "::mlir::ArrayAttr", "getChannelsAttr">,
    InterfaceMethod<"Annotates the channels (one per dimension).",
      "void", "setChannelsAttr", (ins "::mlir::ArrayAttr":$channels)>,
  ];
  let extraSharedClassDeclaration = [{
    /// Per-dimension channels, or an empty vector when not annotated.
    ::llvm::SmallVector<::mlir::xmp::Channel> getChannelList() {
      ::llvm::SmallVector<::mlir::xmp::Channel> out;
      if (::mlir::ArrayAttr ch = $_op.getChannelsAttr())
        for (::mlir::Attribute a : ch)
          out.push_back(::llvm::cast<::mlir::xmp::ChannelAttr>(a).getValue());
      return out;
    }
    /// Whether dimension `d` wraps around.
    bool isPeriodic(unsigned d) {
      ::std::optional<::llvm::ArrayRef<bool>> p = $_op.getPeriodic();
      return p && d < p->size() && (*p)[d];
    }
  }];
  let extraClassDeclaration = [{
    /// The reflect-like op describing the exchange `op` runs: an xmp.reflect
    /// itself, the xmp.reflect_init that made the plan of an xmp.reflect_do
    /// or xmp.reflect_start (null when the plan comes from elsewhere, e.g. a
    /// function argument); null for any other op.
    static ReflectLikeOpInterface forExchange(::mlir::Operation *op);
  }];
  let verify = [{ return ::mlir::xmp::detail::verifyReflectLike($_op); }];
}

#endif // XMP_INTERFACES_TD
