// RUN: xmp-opt %s -split-input-file --xmp-to-gpu -verify-diagnostics
// What xmp-to-gpu rejects in a device loop (scf.parallel marked xmp.device):
// the message names the op and the reason.

// A call of a function that is only declared: host code (the rules are the
// xmp.device_loop verifier's, test/Dialect/XMP/device-loop.mlir).
func.func private @host_fn(f32) -> f32
func.func @call_inside(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'func.call' op cannot run inside a device loop running on the GPU: @host_fn is only declared (external), not defined in the module}}
    %y = func.call @host_fn(%x) : (f32) -> f32
  } {xmp.device}
  return
}

// -----

// ... or one that calls such a function.
func.func private @host_fn(f32) -> f32
func.func @helper(%x: f32) -> f32 {
  %y = func.call @host_fn(%x) : (f32) -> f32
  return %y : f32
}
func.func @call_chain(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'func.call' op cannot run inside a device loop running on the GPU: @host_fn is only declared (external)}}
    %y = func.call @helper(%x) : (f32) -> f32
  } {xmp.device}
  return
}

// -----

// A host memref captured by the body (allocated outside, not a device
// instance from xmp.device_acquire).
func.func @host_memref(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'memref.store' op uses a host memref ('memref<4xf32>') inside a device loop running on the GPU; only darrays (through xmp.load / xmp.store) are accessible there}}
    memref.store %x, %m[%c0] : memref<4xf32>
  } {xmp.device}
  return
}

// -----

// The same through a function argument.
func.func @host_memref_arg(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{'memref.load' op uses a host memref ('memref<?xf32>')}}
    %v = memref.load %m[%i] : memref<?xf32>
  } {xmp.device}
  return
}

// -----

func.func @block_four_entries(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op attribute 'xmp.block_size' must be array<i64: x[, y[, z]]>}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
  } {xmp.device, xmp.block_size = array<i64: 8, 8, 4, 2>}
  return
}

// -----

func.func @block_too_many_threads(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{attribute 'xmp.block_size' asks for more than 1024 threads per block}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
  } {xmp.device, xmp.block_size = array<i64: 64, 32>}
  return
}

// -----

func.func @block_zero(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{attribute 'xmp.block_size' entries must be positive}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
  } {xmp.device, xmp.block_size = array<i64: 0>}
  return
}

// -----

func.func @block_negative(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{attribute 'xmp.block_size' entries must be positive}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
  } {xmp.device, xmp.block_size = array<i64: 32, -2>}
  return
}

// -----

// A reduction needs its kind (the combination is not recovered from the
// scf.reduce region).
func.func @no_kinds(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{device loop with 1 reductions needs xmp.reduce_kinds}}
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  } {xmp.device}
  return %r : f32
}

// -----

// A reduction narrower than 32 bits (xmp-lower-distribution widens those
// of device loops to i32).
func.func @narrow_reduction(%n: index, %x: i16) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{reduces 'i16' values: the block-wide reduction needs 32 or 64 bits (xmp-lower-distribution widens narrower reductions to i32)}}
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> i16 {
    scf.reduce(%x : i16) {
    ^bb0(%l: i16, %r: i16):
      %s = arith.addi %l, %r : i16
      scf.reduce.return %s : i16
    }
  } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<add>]}
  return %r : i16
}

// -----

// The passes' attributes are declared by the dialect: a kind that does not
// apply to the reduced type (this used to become arith.ori on f64)...
func.func @or_on_float(%n: index, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op attribute 'xmp.reduce_kinds' kind 'or' does not apply to 'f64'}}
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> f64 {
    scf.reduce(%x : f64) {
    ^bb0(%l: f64, %r: f64):
      %s = arith.addf %l, %r : f64
      scf.reduce.return %s : f64
    }
  } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<or>]}
  return %r : f64
}

// -----

// ...and a name the dialect does not know.
func.func @unknown_attribute(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{attribute 'xmp.devices' is not an attribute of the xmp dialect}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
  } {xmp.devices}
  return
}

// -----

// Function argument attributes: xmp.distinct is a unit attribute, no other
// name is the dialect's; on an op it is misplaced.
// expected-error @+1 {{'func.func' op argument 0: attribute 'xmp.distinct' must be a unit attribute}}
func.func @distinct_not_unit(%x: index {xmp.distinct = 1 : i32}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument 1: attribute 'xmp.other' is not an argument attribute of the xmp dialect (known: xmp.distinct)}}
func.func @unknown_arg_attribute(%x: index, %y: index {xmp.other}) {
  return
}

// -----

func.func @distinct_on_op(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{attribute 'xmp.distinct' belongs on function arguments (darrays), not on an op}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
  } {xmp.distinct}
  return
}

// -----

// A device loop that lost its xmp.device marker (a pass rebuilt it) would
// run on the host on device memory: an error, not a silent host loop.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
func.func @lost_marker(%a: !xmp.darray<16xf64, @t, align [0]>, %n: index, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = xmp.device_acquire %a access(write) : !xmp.darray<16xf64, @t, align [0]> -> memref<?xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @+1 {{accesses device memory (from xmp.device_acquire) on the host: the device loop around it has lost its xmp.device marker}}
    memref.store %x, %d[%i] : memref<?xf64>
  }
  xmp.device_release %a access(write) : !xmp.darray<16xf64, @t, align [0]>
  return
}
