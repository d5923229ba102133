#ifndef XMP_TD
#define XMP_TD
include "xmp/Dialect/XMP/IR/XMPBase.td"
include "xmp/Dialect/XMP/IR/XMPAttrs.td"
include "xmp/Dialect/XMP/IR/XMPTypes.td"
include "xmp/Dialect/XMP/IR/XMPOps.td"
#endif
