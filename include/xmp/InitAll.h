//===- InitAll.h - register everything xmp-mlir provides --------*- C++ -*-===//
//
// One header for tools and embedders: the xmp dialect, its passes and
// pipelines, and (for the tools) all upstream dialects, extensions, passes
// and translations.
//
//===----------------------------------------------------------------------===//
#ifndef XMP_INITALL_H
#define XMP_INITALL_H

namespace mlir {
class DialectRegistry;
namespace xmp {
/// Adds the xmp dialect and what its lowering produces to `registry`.
void registerXMPDialect(DialectRegistry &registry);
/// Registers the xmp passes and pipelines with the global pass registry.
void registerXMPPasses();
/// Sets CUDA_HOME to /usr/local/cuda when no CUDA_ROOT/CUDA_HOME/CUDA_PATH
/// is set and a toolkit is there, so that the GPU pipeline finds libdevice
/// (a process-wide setting: tools call it in main, embedders may).
void useDefaultCUDAToolkit();
/// Upstream dialects, extensions, passes and xmp: everything xmp-opt has.
void registerAllForTools(DialectRegistry &registry);
} // namespace xmp
} // namespace mlir

#endif
