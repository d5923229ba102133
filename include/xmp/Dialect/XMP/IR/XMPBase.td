//===- XMPBase.td - xmp dialect definition -----------------*- tablegen -*-===//
#ifndef XMP_BASE_TD
#define XMP_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def XMP_Dialect : Dialect {
  let name = "xmp";
  let cppNamespace = "::mlir::xmp";
  let summary = "XcalableMP-style global-view programming of GPU clusters";
  let description = [{
    The `xmp` dialect describes process grids (`xmp.nodes`), index spaces
    (`xmp.template`), how they are split over the grid (`xmp.distribute`),
    distributed arrays aligned to templates with overlap regions
    (`!xmp.darray`), work-sharing loops on the host and on accelerators,
    halo exchange (`xmp.reflect`), global assignment (`xmp.gmove`) and
    collectives. Conventions are C / row-major; index ranges are half-open.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // The discardable xmp.* attributes the passes pass on (XMPDialect.cpp).
  let hasOperationAttrVerify = 1;
  // xmp.distinct on function arguments (XMPDialect.cpp).
  let hasRegionArgAttrVerify = 1;
  // Folded inquiries (xmp.num_nodes, xmp.node_size) become arith.constant.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

class XMP_Op<string mnemonic, list<Trait> traits = []>
    : Op<XMP_Dialect, mnemonic, traits>;
class XMP_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<XMP_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}
class XMP_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<XMP_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // XMP_BASE_TD
