// Parity suite (issue 20, item 1): host loops write darrays, `xmp.reflect
// ... acc` exchanges the halos on the device instances outside any
// replicate region, host loops read the halos. Outside replicate regions
// the host instance is the reference: the reflect must see the host's
// latest values (host stores mark the device instance stale) and host
// code after it must see the exchanged halos (the runtime copies them
// back). The GPU build once printed wrong checksums here on 1, 2 and 4
// ranks. Each case runs two rounds (new values, a second reflect) and
// prints its checksums and every element it computed; the sequential
// reference is reflect_acc_ref.c.
// Cases (12x14 templates; a stencil box of reads around each element,
// inside the domain or wrapping around where periodic):
//   A: [block, block], shadow [1:1, 1:1]: the 9-point stencil (corners)
//   B: asymmetric shadow [2:1, 1:2], periodic in both dimensions: a 4x4 box
//   C: shadow [2:2, 2:2] reflected with width [1:2, 2:1] (less than the shadow), periodic in dimension 1
//   D: a transposed array (14x12, align [1, 0]), periodic along template dimension 0
//   E: [block, *] on a 1-D grid: the undistributed dimension's periodic halo is a copy on the rank
//   F: [*, block] on a 1-D grid, shadow [1:1, 2:2]

xmp.nodes @p(shape = ?x?)
xmp.nodes @q(shape = ?)
xmp.template @t(shape = 12x14)
xmp.distribute @t onto @p [block, block]
xmp.template @u(shape = 12x14)
xmp.distribute @u onto @q [block, *]
xmp.template @v(shape = 12x14)
xmp.distribute @v onto @q [*, block]
!aA = !xmp.darray<12x14xf64, @t, align [0, 1], shadow [1:1, 1:1]>
!bA = !xmp.darray<12x14xf64, @t, align [0, 1]>
!rA = !xmp.darray<12x14xf64, @t, align [*, *]>
!aB = !xmp.darray<12x14xf64, @t, align [0, 1], shadow [2:1, 1:2]>
!bB = !xmp.darray<12x14xf64, @t, align [0, 1]>
!rB = !xmp.darray<12x14xf64, @t, align [*, *]>
!aC = !xmp.darray<12x14xf64, @t, align [0, 1], shadow [2:2, 2:2]>
!bC = !xmp.darray<12x14xf64, @t, align [0, 1]>
!rC = !xmp.darray<12x14xf64, @t, align [*, *]>
!aD = !xmp.darray<14x12xf64, @t, align [1, 0], shadow [1:1, 1:1]>
!bD = !xmp.darray<12x14xf64, @t, align [0, 1]>
!rD = !xmp.darray<12x14xf64, @t, align [*, *]>
!aE = !xmp.darray<12x14xf64, @u, align [0, 1], shadow [1:1, 1:1]>
!bE = !xmp.darray<12x14xf64, @u, align [0, 1]>
!rE = !xmp.darray<12x14xf64, @u, align [*, *]>
!aF = !xmp.darray<12x14xf64, @v, align [0, 1], shadow [1:1, 2:2]>
!bF = !xmp.darray<12x14xf64, @v, align [0, 1]>
!rF = !xmp.darray<12x14xf64, @v, align [*, *]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

// The value of element (i, j) in round r: 1 + (31 i + 17 j) mod 101 + 1000 r.
func.func @val(%i: index, %j: index, %r: index) -> f64 {
  %c31 = arith.constant 31 : index
  %c17 = arith.constant 17 : index
  %c101 = arith.constant 101 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %a = arith.muli %i, %c31 : index
  %b = arith.muli %j, %c17 : index
  %s = arith.addi %a, %b : index
  %m = arith.remui %s, %c101 : index
  %m1 = arith.addi %m, %c1 : index
  %rr = arith.muli %r, %c1000 : index
  %v = arith.addi %m1, %rr : index
  %vi = arith.index_cast %v : index to i64
  %f = arith.sitofp %vi : i64 to f64
  return %f : f64
}

// Weight of the stencil point (k0, k1) of the box (k from 0): 8 k0 + k1 + 1.
func.func @sw(%k0: index, %k1: index) -> f64 {
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %a = arith.muli %k0, %c8 : index
  %b = arith.addi %a, %k1 : index
  %v = arith.addi %b, %c1 : index
  %vi = arith.index_cast %v : index to i64
  %f = arith.sitofp %vi : i64 to f64
  return %f : f64
}

// Checksum weight of element (i, j): 1 + (i + 2 j) mod 7.
func.func @wt(%i: index, %j: index) -> f64 {
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c1 = arith.constant 1 : index
  %a = arith.muli %j, %c2 : index
  %s = arith.addi %i, %a : index
  %m = arith.remui %s, %c7 : index
  %v = arith.addi %m, %c1 : index
  %vi = arith.index_cast %v : index to i64
  %f = arith.sitofp %vi : i64 to f64
  return %f : f64
}

func.func @pr(%tag: index, %v: f64) {
  %t = arith.index_cast %tag : index to i64
  func.call @xmprt_print_scalar_f64(%t, %v) : (i64, f64) -> ()
  return
}

// Case A: [block, block], shadow [1:1, 1:1]: the 9-point stencil (corners).
func.func @caseA(%a: !aA, %b: !bA, %rep: !rA, %r: index, %root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c14 = arith.constant 14 : index
  %zero = arith.constant 0.0 : f64
  xmp.loop (%i, %j) = (%c0, %c0) to (%c12, %c14) step (%c1, %c1) on @t [0, 1] {
    %v = func.call @val(%i, %j, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%i, %j] : !aA
  }
  xmp.reflect %a acc : !aA
  %lo0 = arith.constant 1 : index
  %lo1 = arith.constant 1 : index
  %hi0 = arith.constant 11 : index
  %hi1 = arith.constant 13 : index
  %k0n = arith.constant 3 : index
  %k1n = arith.constant 3 : index
  %o0 = arith.constant 1 : index
  %o1 = arith.constant 1 : index
  xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @t [0, 1] {
    %s = scf.for %k0 = %c0 to %k0n step %c1 iter_args(%s0 = %zero) -> (f64) {
      %i1 = arith.addi %i, %k0 : index
      %gi = arith.subi %i1, %o0 : index
      %s1 = scf.for %k1 = %c0 to %k1n step %c1 iter_args(%t0 = %s0) -> (f64) {
        %j1 = arith.addi %j, %k1 : index
        %gj = arith.subi %j1, %o1 : index
        %x = xmp.load %a[%gi, %gj] : !aA
        %w = func.call @sw(%k0, %k1) : (index, index) -> f64
        %y = arith.mulf %x, %w : f64
        %t1 = arith.addf %t0, %y : f64
        scf.yield %t1 : f64
      }
      scf.yield %s1 : f64
    }
    xmp.store %s, %b[%i, %j] : !bA
  }
  %cs = xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @t [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %b[%i, %j] : !bA
    %w = func.call @wt(%i, %j) : (index, index) -> f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  %ctag0 = arith.constant 100 : index
  %ctag = arith.addi %ctag0, %r : index
  func.call @pr(%ctag, %cs) : (index, f64) -> ()
  xmp.gmove %b[1:11, 1:13] to %rep[1:11, 1:13] : !bA to !rA
  scf.if %root {
    %base0 = arith.constant 1000000 : index
    %c100000 = arith.constant 100000 : index
    %rb = arith.muli %r, %c100000 : index
    %base = arith.addi %base0, %rb : index
    scf.for %i = %lo0 to %hi0 step %c1 {
      scf.for %j = %lo1 to %hi1 step %c1 {
        %v = xmp.load %rep[%i, %j] : !rA
        %l0 = arith.muli %i, %c14 : index
        %l1 = arith.addi %l0, %j : index
        %tg = arith.addi %base, %l1 : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}

// Case B: asymmetric shadow [2:1, 1:2], periodic in both dimensions: a 4x4 box.
func.func @caseB(%a: !aB, %b: !bB, %rep: !rB, %r: index, %root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c14 = arith.constant 14 : index
  %zero = arith.constant 0.0 : f64
  xmp.loop (%i, %j) = (%c0, %c0) to (%c12, %c14) step (%c1, %c1) on @t [0, 1] {
    %v = func.call @val(%i, %j, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%i, %j] : !aB
  }
  xmp.reflect %a periodic [true, true] acc : !aB
  %lo0 = arith.constant 0 : index
  %lo1 = arith.constant 0 : index
  %hi0 = arith.constant 12 : index
  %hi1 = arith.constant 14 : index
  %k0n = arith.constant 4 : index
  %k1n = arith.constant 4 : index
  %o0 = arith.constant 2 : index
  %o1 = arith.constant 1 : index
  xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @t [0, 1] {
    %s = scf.for %k0 = %c0 to %k0n step %c1 iter_args(%s0 = %zero) -> (f64) {
      %i1 = arith.addi %i, %k0 : index
      %gi = arith.subi %i1, %o0 : index
      %s1 = scf.for %k1 = %c0 to %k1n step %c1 iter_args(%t0 = %s0) -> (f64) {
        %j1 = arith.addi %j, %k1 : index
        %gj = arith.subi %j1, %o1 : index
        %x = xmp.load %a[%gi, %gj] : !aB
        %w = func.call @sw(%k0, %k1) : (index, index) -> f64
        %y = arith.mulf %x, %w : f64
        %t1 = arith.addf %t0, %y : f64
        scf.yield %t1 : f64
      }
      scf.yield %s1 : f64
    }
    xmp.store %s, %b[%i, %j] : !bB
  }
  %cs = xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @t [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %b[%i, %j] : !bB
    %w = func.call @wt(%i, %j) : (index, index) -> f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  %ctag0 = arith.constant 200 : index
  %ctag = arith.addi %ctag0, %r : index
  func.call @pr(%ctag, %cs) : (index, f64) -> ()
  xmp.gmove %b[0:12, 0:14] to %rep[0:12, 0:14] : !bB to !rB
  scf.if %root {
    %base0 = arith.constant 2000000 : index
    %c100000 = arith.constant 100000 : index
    %rb = arith.muli %r, %c100000 : index
    %base = arith.addi %base0, %rb : index
    scf.for %i = %lo0 to %hi0 step %c1 {
      scf.for %j = %lo1 to %hi1 step %c1 {
        %v = xmp.load %rep[%i, %j] : !rB
        %l0 = arith.muli %i, %c14 : index
        %l1 = arith.addi %l0, %j : index
        %tg = arith.addi %base, %l1 : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}

// Case C: shadow [2:2, 2:2] reflected with width [1:2, 2:1] (less than the shadow), periodic in dimension 1.
func.func @caseC(%a: !aC, %b: !bC, %rep: !rC, %r: index, %root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c14 = arith.constant 14 : index
  %zero = arith.constant 0.0 : f64
  xmp.loop (%i, %j) = (%c0, %c0) to (%c12, %c14) step (%c1, %c1) on @t [0, 1] {
    %v = func.call @val(%i, %j, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%i, %j] : !aC
  }
  xmp.reflect %a width [1:2, 2:1] periodic [false, true] acc : !aC
  %lo0 = arith.constant 1 : index
  %lo1 = arith.constant 0 : index
  %hi0 = arith.constant 10 : index
  %hi1 = arith.constant 14 : index
  %k0n = arith.constant 4 : index
  %k1n = arith.constant 4 : index
  %o0 = arith.constant 1 : index
  %o1 = arith.constant 2 : index
  xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @t [0, 1] {
    %s = scf.for %k0 = %c0 to %k0n step %c1 iter_args(%s0 = %zero) -> (f64) {
      %i1 = arith.addi %i, %k0 : index
      %gi = arith.subi %i1, %o0 : index
      %s1 = scf.for %k1 = %c0 to %k1n step %c1 iter_args(%t0 = %s0) -> (f64) {
        %j1 = arith.addi %j, %k1 : index
        %gj = arith.subi %j1, %o1 : index
        %x = xmp.load %a[%gi, %gj] : !aC
        %w = func.call @sw(%k0, %k1) : (index, index) -> f64
        %y = arith.mulf %x, %w : f64
        %t1 = arith.addf %t0, %y : f64
        scf.yield %t1 : f64
      }
      scf.yield %s1 : f64
    }
    xmp.store %s, %b[%i, %j] : !bC
  }
  %cs = xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @t [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %b[%i, %j] : !bC
    %w = func.call @wt(%i, %j) : (index, index) -> f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  %ctag0 = arith.constant 300 : index
  %ctag = arith.addi %ctag0, %r : index
  func.call @pr(%ctag, %cs) : (index, f64) -> ()
  xmp.gmove %b[1:10, 0:14] to %rep[1:10, 0:14] : !bC to !rC
  scf.if %root {
    %base0 = arith.constant 3000000 : index
    %c100000 = arith.constant 100000 : index
    %rb = arith.muli %r, %c100000 : index
    %base = arith.addi %base0, %rb : index
    scf.for %i = %lo0 to %hi0 step %c1 {
      scf.for %j = %lo1 to %hi1 step %c1 {
        %v = xmp.load %rep[%i, %j] : !rC
        %l0 = arith.muli %i, %c14 : index
        %l1 = arith.addi %l0, %j : index
        %tg = arith.addi %base, %l1 : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}

// Case D: a transposed array (14x12, align [1, 0]), periodic along template dimension 0.
func.func @caseD(%a: !aD, %b: !bD, %rep: !rD, %r: index, %root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c14 = arith.constant 14 : index
  %zero = arith.constant 0.0 : f64
  xmp.loop (%i, %j) = (%c0, %c0) to (%c12, %c14) step (%c1, %c1) on @t [0, 1] {
    %v = func.call @val(%i, %j, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%j, %i] : !aD
  }
  xmp.reflect %a periodic [false, true] acc : !aD
  %lo0 = arith.constant 0 : index
  %lo1 = arith.constant 1 : index
  %hi0 = arith.constant 12 : index
  %hi1 = arith.constant 13 : index
  %k0n = arith.constant 3 : index
  %k1n = arith.constant 3 : index
  %o0 = arith.constant 1 : index
  %o1 = arith.constant 1 : index
  xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @t [0, 1] {
    %s = scf.for %k0 = %c0 to %k0n step %c1 iter_args(%s0 = %zero) -> (f64) {
      %i1 = arith.addi %i, %k0 : index
      %gi = arith.subi %i1, %o0 : index
      %s1 = scf.for %k1 = %c0 to %k1n step %c1 iter_args(%t0 = %s0) -> (f64) {
        %j1 = arith.addi %j, %k1 : index
        %gj = arith.subi %j1, %o1 : index
        %x = xmp.load %a[%gj, %gi] : !aD
        %w = func.call @sw(%k0, %k1) : (index, index) -> f64
        %y = arith.mulf %x, %w : f64
        %t1 = arith.addf %t0, %y : f64
        scf.yield %t1 : f64
      }
      scf.yield %s1 : f64
    }
    xmp.store %s, %b[%i, %j] : !bD
  }
  %cs = xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @t [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %b[%i, %j] : !bD
    %w = func.call @wt(%i, %j) : (index, index) -> f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  %ctag0 = arith.constant 400 : index
  %ctag = arith.addi %ctag0, %r : index
  func.call @pr(%ctag, %cs) : (index, f64) -> ()
  xmp.gmove %b[0:12, 1:13] to %rep[0:12, 1:13] : !bD to !rD
  scf.if %root {
    %base0 = arith.constant 4000000 : index
    %c100000 = arith.constant 100000 : index
    %rb = arith.muli %r, %c100000 : index
    %base = arith.addi %base0, %rb : index
    scf.for %i = %lo0 to %hi0 step %c1 {
      scf.for %j = %lo1 to %hi1 step %c1 {
        %v = xmp.load %rep[%i, %j] : !rD
        %l0 = arith.muli %i, %c14 : index
        %l1 = arith.addi %l0, %j : index
        %tg = arith.addi %base, %l1 : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}

// Case E: [block, *] on a 1-D grid: the undistributed dimension's periodic halo is a copy on the rank.
func.func @caseE(%a: !aE, %b: !bE, %rep: !rE, %r: index, %root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c14 = arith.constant 14 : index
  %zero = arith.constant 0.0 : f64
  xmp.loop (%i, %j) = (%c0, %c0) to (%c12, %c14) step (%c1, %c1) on @u [0, 1] {
    %v = func.call @val(%i, %j, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%i, %j] : !aE
  }
  xmp.reflect %a periodic [true, true] acc : !aE
  %lo0 = arith.constant 0 : index
  %lo1 = arith.constant 0 : index
  %hi0 = arith.constant 12 : index
  %hi1 = arith.constant 14 : index
  %k0n = arith.constant 3 : index
  %k1n = arith.constant 3 : index
  %o0 = arith.constant 1 : index
  %o1 = arith.constant 1 : index
  xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @u [0, 1] {
    %s = scf.for %k0 = %c0 to %k0n step %c1 iter_args(%s0 = %zero) -> (f64) {
      %i1 = arith.addi %i, %k0 : index
      %gi = arith.subi %i1, %o0 : index
      %s1 = scf.for %k1 = %c0 to %k1n step %c1 iter_args(%t0 = %s0) -> (f64) {
        %j1 = arith.addi %j, %k1 : index
        %gj = arith.subi %j1, %o1 : index
        %x = xmp.load %a[%gi, %gj] : !aE
        %w = func.call @sw(%k0, %k1) : (index, index) -> f64
        %y = arith.mulf %x, %w : f64
        %t1 = arith.addf %t0, %y : f64
        scf.yield %t1 : f64
      }
      scf.yield %s1 : f64
    }
    xmp.store %s, %b[%i, %j] : !bE
  }
  %cs = xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @u [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %b[%i, %j] : !bE
    %w = func.call @wt(%i, %j) : (index, index) -> f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  %ctag0 = arith.constant 500 : index
  %ctag = arith.addi %ctag0, %r : index
  func.call @pr(%ctag, %cs) : (index, f64) -> ()
  xmp.gmove %b[0:12, 0:14] to %rep[0:12, 0:14] : !bE to !rE
  scf.if %root {
    %base0 = arith.constant 5000000 : index
    %c100000 = arith.constant 100000 : index
    %rb = arith.muli %r, %c100000 : index
    %base = arith.addi %base0, %rb : index
    scf.for %i = %lo0 to %hi0 step %c1 {
      scf.for %j = %lo1 to %hi1 step %c1 {
        %v = xmp.load %rep[%i, %j] : !rE
        %l0 = arith.muli %i, %c14 : index
        %l1 = arith.addi %l0, %j : index
        %tg = arith.addi %base, %l1 : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}

// Case F: [*, block] on a 1-D grid, shadow [1:1, 2:2].
func.func @caseF(%a: !aF, %b: !bF, %rep: !rF, %r: index, %root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c14 = arith.constant 14 : index
  %zero = arith.constant 0.0 : f64
  xmp.loop (%i, %j) = (%c0, %c0) to (%c12, %c14) step (%c1, %c1) on @v [0, 1] {
    %v = func.call @val(%i, %j, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%i, %j] : !aF
  }
  xmp.reflect %a acc : !aF
  %lo0 = arith.constant 1 : index
  %lo1 = arith.constant 2 : index
  %hi0 = arith.constant 11 : index
  %hi1 = arith.constant 12 : index
  %k0n = arith.constant 3 : index
  %k1n = arith.constant 5 : index
  %o0 = arith.constant 1 : index
  %o1 = arith.constant 2 : index
  xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @v [0, 1] {
    %s = scf.for %k0 = %c0 to %k0n step %c1 iter_args(%s0 = %zero) -> (f64) {
      %i1 = arith.addi %i, %k0 : index
      %gi = arith.subi %i1, %o0 : index
      %s1 = scf.for %k1 = %c0 to %k1n step %c1 iter_args(%t0 = %s0) -> (f64) {
        %j1 = arith.addi %j, %k1 : index
        %gj = arith.subi %j1, %o1 : index
        %x = xmp.load %a[%gi, %gj] : !aF
        %w = func.call @sw(%k0, %k1) : (index, index) -> f64
        %y = arith.mulf %x, %w : f64
        %t1 = arith.addf %t0, %y : f64
        scf.yield %t1 : f64
      }
      scf.yield %s1 : f64
    }
    xmp.store %s, %b[%i, %j] : !bF
  }
  %cs = xmp.loop (%i, %j) = (%lo0, %lo1) to (%hi0, %hi1) step (%c1, %c1) on @v [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %b[%i, %j] : !bF
    %w = func.call @wt(%i, %j) : (index, index) -> f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  %ctag0 = arith.constant 600 : index
  %ctag = arith.addi %ctag0, %r : index
  func.call @pr(%ctag, %cs) : (index, f64) -> ()
  xmp.gmove %b[1:11, 2:12] to %rep[1:11, 2:12] : !bF to !rF
  scf.if %root {
    %base0 = arith.constant 6000000 : index
    %c100000 = arith.constant 100000 : index
    %rb = arith.muli %r, %c100000 : index
    %base = arith.addi %base0, %rb : index
    scf.for %i = %lo0 to %hi0 step %c1 {
      scf.for %j = %lo1 to %hi1 step %c1 {
        %v = xmp.load %rep[%i, %j] : !rF
        %l0 = arith.muli %i, %c14 : index
        %l1 = arith.addi %l0, %j : index
        %tg = arith.addi %base, %l1 : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}

func.func @main() {
  %rk = func.call @xmprt_world_rank() : () -> i32
  %z32 = arith.constant 0 : i32
  %root = arith.cmpi eq, %rk, %z32 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %aA = xmp.alloc : !aA
  %bA = xmp.alloc : !bA
  %rA = xmp.alloc : !rA
  func.call @caseA(%aA, %bA, %rA, %c0, %root) : (!aA, !bA, !rA, index, i1) -> ()
  func.call @caseA(%aA, %bA, %rA, %c1, %root) : (!aA, !bA, !rA, index, i1) -> ()
  %aB = xmp.alloc : !aB
  %bB = xmp.alloc : !bB
  %rB = xmp.alloc : !rB
  func.call @caseB(%aB, %bB, %rB, %c0, %root) : (!aB, !bB, !rB, index, i1) -> ()
  func.call @caseB(%aB, %bB, %rB, %c1, %root) : (!aB, !bB, !rB, index, i1) -> ()
  %aC = xmp.alloc : !aC
  %bC = xmp.alloc : !bC
  %rC = xmp.alloc : !rC
  func.call @caseC(%aC, %bC, %rC, %c0, %root) : (!aC, !bC, !rC, index, i1) -> ()
  func.call @caseC(%aC, %bC, %rC, %c1, %root) : (!aC, !bC, !rC, index, i1) -> ()
  %aD = xmp.alloc : !aD
  %bD = xmp.alloc : !bD
  %rD = xmp.alloc : !rD
  func.call @caseD(%aD, %bD, %rD, %c0, %root) : (!aD, !bD, !rD, index, i1) -> ()
  func.call @caseD(%aD, %bD, %rD, %c1, %root) : (!aD, !bD, !rD, index, i1) -> ()
  %aE = xmp.alloc : !aE
  %bE = xmp.alloc : !bE
  %rE = xmp.alloc : !rE
  func.call @caseE(%aE, %bE, %rE, %c0, %root) : (!aE, !bE, !rE, index, i1) -> ()
  func.call @caseE(%aE, %bE, %rE, %c1, %root) : (!aE, !bE, !rE, index, i1) -> ()
  %aF = xmp.alloc : !aF
  %bF = xmp.alloc : !bF
  %rF = xmp.alloc : !rF
  func.call @caseF(%aF, %bF, %rF, %c0, %root) : (!aF, !bF, !rF, index, i1) -> ()
  func.call @caseF(%aF, %bF, %rF, %c1, %root) : (!aF, !bF, !rF, index, i1) -> ()
  return
}
