// RUN: xmp-opt %s -split-input-file -verify-diagnostics
// What an xmp.device_loop may contain (docs/dialect.md, "What a device loop
// may contain"): one rule per case, the same in the CPU and the GPU build,
// each message names the op and the rule. The body runs once per iteration
// on GPU threads or CPU cores: xmp.load, xmp.store and nested xmp.loop
// (sequential in each iteration) are its xmp ops; functions it calls are
// compiled for the GPU too; host memory is out of reach.

// Everything allowed, together: a nested xmp.loop over a distributed
// dimension (no reduction) and one reducing over an undistributed one, a
// call chain of module functions on scalars (math, scf, memref.alloca), a
// memref the body allocates itself, and a reduction on i1.
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @t(shape = 16x8)
xmp.distribute @t onto @p [block, *]
xmp.template @u(shape = 16x8)
xmp.distribute @u onto @q [block, block]
!a = !xmp.darray<16x8xf64, @t, align [0, 1]>
!b = !xmp.darray<16x8xf64, @u, align [0, 1]>
func.func @leaf(%x: f64) -> f64 {
  %y = math.sqrt %x : f64
  return %y : f64
}
func.func @helper(%i: index, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<2xf64>
  memref.store %x, %m[%c0] : memref<2xf64>
  %v = memref.load %m[%c0] : memref<2xf64>
  %w = func.call @leaf(%v) : (f64) -> f64
  return %w : f64
}
func.func @allowed(%a: !a, %b: !b, %x: f64) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant false
  %r = xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] reduce(or) init(%f) -> i1 {
    %s = xmp.loop (%j) = (%c0) to (%c8) step (%c1) on @t [1] reduce(add) init(%x) -> f64 {
      %v = xmp.load %a[%i, %j] : !a
      xmp.yield %v : f64
    }
    xmp.loop (%j) = (%c0) to (%c8) step (%c1) on @u [1] {
      %h = func.call @helper(%j, %s) : (index, f64) -> f64
      xmp.store %h, %b[%i, %j] : !b
    }
    %tmp = memref.alloca() : memref<4xf64>
    memref.store %s, %tmp[%c0] : memref<4xf64>
    %neg = arith.cmpf olt, %s, %x : f64
    xmp.yield %neg : i1
  }
  return %r : i1
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
func.func @reflect_inside(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.reflect' op is not allowed inside an xmp.device_loop (its body runs on the GPU threads or CPU cores, one iteration each: only xmp.load, xmp.store and nested xmp.loop can be used there)}}
    xmp.reflect %a : !a
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
func.func @gmove_inside(%a: !a, %b: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.gmove' op is not allowed inside an xmp.device_loop}}
    xmp.gmove %a[0:16] to %b[0:16] : !a to !a
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
func.func @barrier_inside() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.barrier' op is not allowed inside an xmp.device_loop}}
    xmp.barrier on @p
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
func.func @reduction_inside(%x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.reduction' op is not allowed inside an xmp.device_loop}}
    %r = xmp.reduction add %x on @p : f64
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
func.func @local_view_inside(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.local_view' op is not allowed inside an xmp.device_loop}}
    %v = xmp.local_view %a : !a -> memref<8xf64>
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
func.func @alloc_inside() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.alloc' op is not allowed inside an xmp.device_loop}}
    %b = xmp.alloc : !a
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
func.func @wtime_inside() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.wtime' op is not allowed inside an xmp.device_loop}}
    %t = xmp.wtime : f64
  }
  return
}

// -----

// A device loop in a device loop (also inside a nested xmp.loop).
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16x16)
xmp.distribute @t onto @p [block, *]
!a = !xmp.darray<16x16xf64, @t, align [0, 1]>
func.func @nested_device_loop(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    xmp.loop (%k) = (%c0) to (%c16) step (%c1) on @t [1] {
      // expected-error @+1 {{'xmp.device_loop' op cannot be nested in another xmp.device_loop (one device loop is one kernel: give the outer loop both dimensions, or make the inner one an xmp.loop, which runs sequentially in each iteration)}}
      xmp.device_loop (%j) = (%c0) to (%c16) step (%c1) on @t [1] {
        xmp.store %x, %a[%i, %j] : !a
      }
    }
  }
  return
}

// -----

// A nested xmp.loop reducing over a distributed template dimension: its
// value would be a combination across nodes inside each iteration.
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = 16x16)
xmp.distribute @t onto @p [block, cyclic]
!a = !xmp.darray<16x16xf64, @t, align [0, 1]>
func.func @nested_distributed_reduction(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.loop' op nested in an xmp.device_loop reduces over template dimension 1 of @t, which is distributed: its value would have to be combined across nodes inside the device loop; a nested loop may reduce over undistributed ('*') dimensions only}}
    %s = xmp.loop (%j) = (%c0) to (%c16) step (%c1) on @t [1] reduce(max) init(%x) -> f64 {
      %v = xmp.load %a[%i, %j] : !a
      xmp.yield %v : f64
    }
    xmp.store %s, %a[%i, %c0] : !a
  }
  return
}

// -----

// Host memory: a memref defined outside the loop.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
func.func @host_memref(%a: !a, %m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    // expected-error @+1 {{'memref.load' op uses a memref defined outside the xmp.device_loop ('memref<4xf32>'): host memory is not accessible there; a device loop reaches distributed data through darrays (xmp.load / xmp.store) and may use memrefs it allocates itself}}
    %x = memref.load %m[%c0] : memref<4xf32>
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Callees: only declared (external) ...
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
func.func private @ext(f64) -> f64
func.func @external_callee(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %v = xmp.load %a[%i] : !a
    // expected-error @+1 {{'func.call' op calls @ext, which cannot run inside an xmp.device_loop: @ext is only declared (external), not defined in the module: a device loop calls functions defined in the module, which are compiled for the GPU as well}}
    %w = func.call @ext(%v) : (f64) -> f64
    xmp.store %w, %a[%i] : !a
  }
  return
}

// -----

// ... also further down the call chain ...
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
func.func private @ext(f64) -> f64
func.func @mid(%x: f64) -> f64 {
  %y = func.call @ext(%x) : (f64) -> f64
  return %y : f64
}
func.func @external_below(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %v = xmp.load %a[%i] : !a
    // expected-error @+1 {{'func.call' op calls @mid, which cannot run inside an xmp.device_loop: @ext is only declared (external), not defined in the module: a device loop calls functions defined in the module, which are compiled for the GPU as well (called from @mid)}}
    %w = func.call @mid(%v) : (f64) -> f64
    xmp.store %w, %a[%i] : !a
  }
  return
}

// -----

// ... recursive ...
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
func.func @even(%n: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> (i1) {
    %t = arith.constant true
    scf.yield %t : i1
  } else {
    %m = arith.subi %n, %c1 : index
    %o = func.call @odd(%m) : (index) -> i1
    scf.yield %o : i1
  }
  return %r : i1
}
func.func @odd(%n: index) -> i1 {
  %e = func.call @even(%n) : (index) -> i1
  %t = arith.constant true
  %r = arith.xori %e, %t : i1
  return %r : i1
}
func.func @recursive_callee(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    // expected-error @+1 {{'func.call' op calls @even, which cannot run inside an xmp.device_loop: @even is recursive (@even -> @odd -> @even): functions called from a device loop must not be}}
    %e = func.call @even(%i) : (index) -> i1
    %v = arith.select %e, %x, %x : f64
    xmp.store %v, %a[%i] : !a
  }
  return
}

// -----

// ... using xmp operations ...
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
func.func @now() -> f64 {
  %t = xmp.wtime : f64
  return %t : f64
}
func.func @xmp_in_callee(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    // expected-error @+1 {{'func.call' op calls @now, which cannot run inside an xmp.device_loop: @now uses 'xmp.wtime': xmp operations are not available in functions called from a device loop (access darrays in the loop body)}}
    %t = func.call @now() : () -> f64
    xmp.store %t, %a[%i] : !a
  }
  return
}

// -----

// ... taking a darray ...
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
func.func @get(%a: !a, %i: index) -> f64 {
  %v = xmp.load %a[%i] : !a
  return %v : f64
}
func.func @darray_param(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    // expected-error @+1 {{'func.call' op calls @get, which cannot run inside an xmp.device_loop: @get has a parameter or result of type '!xmp.darray<64xf64, @t, align [0]>': functions called from a device loop work on values (darrays are accessed in the loop body)}}
    %v = func.call @get(%a, %i) : (!a, index) -> f64
    xmp.store %v, %a[%i] : !a
  }
  return
}

// -----

// ... or reading a global memref (host memory).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
memref.global "private" constant @table : memref<4xf64> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @lookup(%i: index) -> f64 {
  %m = memref.get_global @table : memref<4xf64>
  %v = memref.load %m[%i] : memref<4xf64>
  return %v : f64
}
func.func @global_in_callee(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  xmp.device_loop (%i) = (%c0) to (%c4) step (%c1) on @t [0] {
    // expected-error @+1 {{'func.call' op calls @lookup, which cannot run inside an xmp.device_loop: @lookup reads a global memref (host memory)}}
    %v = func.call @lookup(%i) : (index) -> f64
    xmp.store %v, %a[%i] : !a
  }
  return
}
