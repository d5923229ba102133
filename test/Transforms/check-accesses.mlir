// RUN: xmp-opt %s -split-input-file --xmp-check-accesses -verify-diagnostics -o /dev/null
// RUN: xmp-opt %s -split-input-file --xmp-lower-to-llvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE

// xmp-check-accesses: XMP's owner-computes rule. An access at the loop's
// induction variable plus a constant is fine within the shadow of a block
// (or gblock) dimension, and never on a cyclic one (another node owns the
// element on more than one node).

// PIPE: warning: 'xmp.store' indexes array dimension 0 with the loop's induction variable plus 1: template dimension 0 is distributed cyclic(3)

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 41)
xmp.distribute @t onto @p [cyclic(3)]
!a = !xmp.darray<41xf64, @t, align [0]>
func.func @cyclic(%a: !a, %b: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  xmp.loop (%i) = (%c0) to (%c40) step (%c1) on @t [0] {
    %x = xmp.load %a[%i] : !a
    %i1 = arith.addi %i, %c1 : index
    // expected-warning @+1 {{'xmp.store' indexes array dimension 0 with the loop's induction variable plus 1: template dimension 0 is distributed cyclic(3), so on more than one node some iterations address elements another node owns (XMP accesses owned elements and shadows only; the result is right on one node only)}}
    xmp.store %x, %b[%i1] : !a
  }
  return
}

// -----

// Block with shadow [1:1]: +-1 is in the shadow, +2 and -2 are not; the
// undistributed dimension and a full shadow never warn. A device loop too.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64x8)
xmp.distribute @t onto @p [block, *]
!s = !xmp.darray<64x8xf32, @t, align [0, 1], shadow [1:1, 0:0]>
!f = !xmp.darray<64x8xf32, @t, align [0, 1], shadow [*, 0:0]>
func.func @block(%a: !s, %b: !s, %c: !f) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %c62 = arith.constant 62 : index
  %c7 = arith.constant 7 : index
  xmp.device_loop (%i, %j) = (%c2, %c0) to (%c62, %c7) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x = xmp.load %a[%im, %j] : !s
    %y = xmp.load %a[%ip, %jp] : !s
    %i2 = arith.addi %c2, %i : index
    // expected-warning @+1 {{'xmp.load' indexes array dimension 0 with the loop's induction variable plus 2: that is outside the array's shadow (1:1) in that dimension}}
    %z = xmp.load %a[%i2, %j] : !s
    %w = xmp.load %c[%i2, %j] : !f
    %s = arith.addf %x, %y : f32
    %t = arith.addf %s, %z : f32
    %u = arith.addf %t, %w : f32
    %im2 = arith.subi %i, %c2 : index
    // expected-warning @+1 {{'xmp.store' indexes array dimension 0 with the loop's induction variable minus 2}}
    xmp.store %u, %b[%im2, %j] : !s
  }
  return
}

// -----

// A loop on another template, and a gblock dimension without shadow.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 10)
xmp.distribute @t onto @p [gblock([4, 6])]
xmp.template @u(shape = 10)
xmp.distribute @u onto @p [block]
!g = !xmp.darray<10xi32, @t, align [0]>
func.func @gblock(%a: !g) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  xmp.loop (%i) = (%c0) to (%c9) step (%c1) on @t [0] {
    %i1 = arith.addi %i, %c1 : index
    // expected-warning @+1 {{'xmp.load' indexes array dimension 0 with the loop's induction variable plus 1: that is outside the array's shadow (0:0)}}
    %x = xmp.load %a[%i1] : !g
    xmp.store %x, %a[%i] : !g
  }
  xmp.loop (%i) = (%c0) to (%c9) step (%c1) on @u [0] {
    %i1 = arith.addi %i, %c1 : index
    %x = xmp.load %a[%i1] : !g
  }
  return
}

// -----

// expand: an expanded loop also runs the iterations next to its node's
// block, so its accesses reach further by the expand widths; within the
// shadow they are fine, beyond it they are warned about.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<64xf64, @t, align [0], shadow [2:1]>

func.func @expand_within(%a: !a_t, %lb: index, %ub: index, %x: f64) {
  %c1 = arith.constant 1 : index
  xmp.loop (%i) = (%lb) to (%ub) step (%c1) on @t [0] expand [1:0] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %v = xmp.load %a[%im] : !a_t
    %w = xmp.load %a[%ip] : !a_t
    xmp.store %x, %a[%i] : !a_t
  }
  return
}

// The access at i + 1 of a loop expanded by 0:1 reaches 2 above the block:
// the shadow (hi 1) does not hold it.
func.func @beyond(%a: !a_t, %lb: index, %ub: index, %x: f64) {
  %c1 = arith.constant 1 : index
  xmp.loop (%i) = (%lb) to (%ub) step (%c1) on @t [0] expand [0:1] {
    %ip = arith.addi %i, %c1 : index
    // expected-warning @+1 {{'xmp.load' indexes array dimension 0 with the loop's induction variable plus 1: with the loop's expand 0:1, that is outside the array's shadow (2:1)}}
    %v = xmp.load %a[%ip] : !a_t
    xmp.store %v, %a[%i] : !a_t
  }
  return
}

// The store at i of a loop expanded by 3 below reaches 3 below the block.
func.func @store_beyond(%a: !a_t, %lb: index, %ub: index, %x: f64) {
  %c1 = arith.constant 1 : index
  xmp.loop (%i) = (%lb) to (%ub) step (%c1) on @t [0] expand [3:0] {
    // expected-warning @+1 {{'xmp.store' indexes array dimension 0 with the loop's induction variable: with the loop's expand 3:0, that is outside the array's shadow (2:1)}}
    xmp.store %x, %a[%i] : !a_t
  }
  return
}

// margin: the same reach as expand with its widths (its iterations are the
// ones expand adds).
func.func @margin_within(%a: !a_t, %lb: index, %ub: index, %x: f64) {
  %c1 = arith.constant 1 : index
  xmp.loop (%i) = (%lb) to (%ub) step (%c1) on @t [0] margin [2:1] {
    xmp.store %x, %a[%i] : !a_t
  }
  return
}

func.func @margin_beyond(%a: !a_t, %lb: index, %ub: index, %x: f64) {
  %c1 = arith.constant 1 : index
  xmp.device_loop (%i) = (%lb) to (%ub) step (%c1) on @t [0] margin [unbound 1:1] {
    %ip = arith.addi %i, %c1 : index
    // expected-warning @+1 {{'xmp.load' indexes array dimension 0 with the loop's induction variable plus 1: with the loop's margin 1:1, that is outside the array's shadow (2:1)}}
    %v = xmp.load %a[%ip] : !a_t
    xmp.store %v, %a[%i] : !a_t
  }
  return
}
