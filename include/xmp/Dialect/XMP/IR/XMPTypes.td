//===- XMPTypes.td - xmp types -----------------------------*- tablegen -*-===//
#ifndef XMP_TYPES_TD
#define XMP_TYPES_TD

include "xmp/Dialect/XMP/IR/XMPBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def XMP_DArrayType : XMP_Type<"DArray", "darray"> {
  let summary = "a distributed array aligned to a template";
  let description = [{
    `!xmp.darray<SHAPExELEM, @template, align [a0, ...], offset [o0, ...],
    shadow [lo:hi, ...]>` carries the global shape (`?` for sizes fixed at
    run time), the element type, the template, for each array dimension the
    template dimension it follows (`*` = not aligned: every node holds the
    whole dimension), optional alignment offsets (`a[i]` sits on
    `t(i + o)`) and the shadow widths per dimension (`*` = full shadow).
    `offset` and `shadow` may be omitted (zeros).
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::FlatSymbolRefAttr":$templateRef,
    ArrayRefParameter<"int64_t">:$align,
    ArrayRefParameter<"int64_t">:$offset,
    ArrayRefParameter<"int64_t">:$shadowLo,
    ArrayRefParameter<"int64_t">:$shadowHi);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kNotAligned = -1;
    static constexpr int64_t kFullShadow = -1;
    unsigned getRank() const { return getShape().size(); }
    bool hasStaticShape() const {
      return !::llvm::is_contained(getShape(), ::mlir::ShapedType::kDynamic);
    }
    bool isFullShadow(unsigned d) const {
      return getShadowLo()[d] == kFullShadow;
    }
    bool hasShadow() const {
      for (unsigned d = 0; d < getRank(); ++d)
        if (isFullShadow(d) || getShadowLo()[d] > 0 || getShadowHi()[d] > 0)
          return true;
      return false;
    }
    /// Number of sizes that are `?`.
    unsigned getNumDynamicDims() const {
      return ::llvm::count(getShape(), ::mlir::ShapedType::kDynamic);
    }
  }];
}

def XMP_ReflectPlanType : XMP_Type<"ReflectPlan", "reflect_plan"> {
  let summary = "a persistent halo-exchange plan built by xmp.reflect_init";
}

def XMP_TokenType : XMP_Type<"Token", "token"> {
  let summary = "completion token of an asynchronous xmp.reflect_start";
}

def XMP_RequestType : XMP_Type<"Request", "request"> {
  let summary = "a collective started by xmp.reduction_start / xmp.bcast_start";
}

def XMP_CpuJobType : XMP_Type<"CpuJob", "cpu_job"> {
  let summary = "a split loop's CPU part running on the executor";
  let description = [{
    Made by `xmp.cpu_part_start`, consumed once by `xmp.cpu_part_wait`.
  }];
}

#endif // XMP_TYPES_TD
