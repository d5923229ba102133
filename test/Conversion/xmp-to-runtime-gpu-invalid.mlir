// RUN: xmp-opt %s -split-input-file --xmp-to-runtime=gpu=true -verify-diagnostics
// On the GPU path device instances are made of darrays only: replicating
// a plain memref is an error (on the CPU path it is accepted and inlined).
// The conversion framework adds its own "failed to legalize" error after
// the pattern's message.

func.func @replicate_memref(%m: memref<16xf64>) {
  // expected-error @+2 {{replicate of a plain memref ('memref<16xf64>') is not supported on the GPU path: use a darray}}
  // expected-error @+1 {{failed to legalize operation 'xmp.replicate'}}
  xmp.replicate (%m) : memref<16xf64> {
  }
  return
}

// -----

func.func @replicate_sync_memref(%m: memref<16xf64>) {
  // expected-error @+2 {{replicate_sync of a plain memref ('memref<16xf64>') is not supported on the GPU path: use a darray}}
  // expected-error @+1 {{failed to legalize operation 'xmp.replicate_sync'}}
  xmp.replicate_sync out(%m) : memref<16xf64>
  return
}
