// Parity suite: 2-D device loops over templates of a dynamic 2-D grid that
// mix block, cyclic and cyclic(w) dimensions, 13x11 (no rank count
// divides it; 3 ranks make a 3x1 grid, 4 a 2x2 one). Per template: a 2-D
// device loop writes the array, a strided one (from (1, 2), steps (2, 3))
// updates it, one over a single row changes a column range (the loops
// without reductions over cyclic dimensions are issue 12's bug 4 at run
// time; on most ranks this one has no iteration), a strided 2-D loop
// reduces add and max, a device loop writes a transposed array (11x13,
// align [1, 0]) from the first, a host loop sums a checksum of each, and
// rank 0 prints every element of both. Reference: dist2d_ref.c.

xmp.nodes @p(shape = ?x?)
xmp.template @t1(shape = 13x11)
xmp.distribute @t1 onto @p [block, cyclic]
!a1 = !xmp.darray<13x11xf64, @t1, align [0, 1]>
!b1 = !xmp.darray<11x13xf64, @t1, align [1, 0]>
!ra1 = !xmp.darray<13x11xf64, @t1, align [*, *]>
!rb1 = !xmp.darray<11x13xf64, @t1, align [*, *]>
xmp.template @t2(shape = 13x11)
xmp.distribute @t2 onto @p [cyclic(2), block]
!a2 = !xmp.darray<13x11xf64, @t2, align [0, 1]>
!b2 = !xmp.darray<11x13xf64, @t2, align [1, 0]>
!ra2 = !xmp.darray<13x11xf64, @t2, align [*, *]>
!rb2 = !xmp.darray<11x13xf64, @t2, align [*, *]>
xmp.template @t3(shape = 13x11)
xmp.distribute @t3 onto @p [cyclic, cyclic(3)]
!a3 = !xmp.darray<13x11xf64, @t3, align [0, 1]>
!b3 = !xmp.darray<11x13xf64, @t3, align [1, 0]>
!ra3 = !xmp.darray<13x11xf64, @t3, align [*, *]>
!rb3 = !xmp.darray<11x13xf64, @t3, align [*, *]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

func.func @pr(%tag: index, %v: f64) {
  %t = arith.index_cast %tag : index to i64
  func.call @xmprt_print_scalar_f64(%t, %v) : (i64, f64) -> ()
  return
}

func.func @idx2f(%i: index) -> f64 {
  %x = arith.index_cast %i : index to i64
  %f = arith.sitofp %x : i64 to f64
  return %f : f64
}

// [block, cyclic]
func.func @run1(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %n0 = arith.constant 13 : index
  %n1 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f64
  %f3 = arith.constant 3.0 : f64
  %half = arith.constant 0.5 : f64
  %c100 = arith.constant 100.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %a = xmp.alloc : !a1
  %b = xmp.alloc : !b1
  %ra = xmp.alloc : !ra1
  %rb = xmp.alloc : !rb1
  // a[i, j] = 100 i + j + 1
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t1 [0, 1] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = func.call @idx2f(%j) : (index) -> f64
    %x100 = arith.mulf %x, %c100 : f64
    %s = arith.addf %x100, %y : f64
    %one = arith.constant 1.0 : f64
    %v = arith.addf %s, %one : f64
    xmp.store %v, %a[%i, %j] : !a1
  }
  // a[i, j] = 3 a[i, j] - j for i = 1, 3, ..., j = 2, 5, 8
  xmp.device_loop (%i, %j) = (%c1, %c2) to (%n0, %n1) step (%c2, %c3) on @t1 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a1
    %y = func.call @idx2f(%j) : (index) -> f64
    %v3 = arith.mulf %v, %f3 : f64
    %w = arith.subf %v3, %y : f64
    xmp.store %w, %a[%i, %j] : !a1
  }
  // row 4, columns 1..9: a[4, j] = a[4, j] + 0.5 (one row: on the ranks
  // that own it; some own no iteration)
  %c5 = arith.constant 5 : index
  xmp.device_loop (%i, %j) = (%c4, %c1) to (%c5, %c10) step (%c1, %c1) on @t1 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a1
    %w = arith.addf %v, %half : f64
    xmp.store %w, %a[%i, %j] : !a1
  }
  // over i in [0, 13), j = 1, 3, ..., 9: sum of a[i, j] (i mod 3 + 1), max of a[i, j] - 7 j
  %s, %m = xmp.device_loop (%i, %j) = (%c0, %c1) to (%n0, %c10) step (%c1, %c2) on @t1 [0, 1] reduce(add, max) init(%zero, %ninf) -> (f64, f64) {
    %v = xmp.load %a[%i, %j] : !a1
    %r = arith.remui %i, %c3 : index
    %r1 = arith.addi %r, %c1 : index
    %w = func.call @idx2f(%r1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    %y = func.call @idx2f(%j) : (index) -> f64
    %seven = arith.constant 7.0 : f64
    %y7 = arith.mulf %y, %seven : f64
    %d = arith.subf %v, %y7 : f64
    xmp.yield %vw, %d : f64, f64
  }
  // b[j, i] = a[i, j] / 2 (the transposed array has the same owners)
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t1 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a1
    %w = arith.mulf %v, %half : f64
    xmp.store %w, %b[%j, %i] : !b1
  }
  %csa = xmp.loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t1 [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i, %j] : !a1
    %w = xmp.load %b[%j, %i] : !b1
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    %t = arith.addf %vx, %w : f64
    xmp.yield %t : f64
  }
  %t0 = arith.constant 100 : index
  %t1 = arith.constant 101 : index
  %t2 = arith.constant 102 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %m) : (index, f64) -> ()
  func.call @pr(%t2, %csa) : (index, f64) -> ()
  xmp.gmove %a[0:13, 0:11] to %ra[0:13, 0:11] : !a1 to !ra1
  xmp.gmove %b[0:11, 0:13] to %rb[0:11, 0:13] : !b1 to !rb1
  scf.if %root {
    %basea = arith.constant 100000 : index
    %baseb = arith.constant 150000 : index
    scf.for %i = %c0 to %n0 step %c1 {
      scf.for %j = %c0 to %n1 step %c1 {
        %l0 = arith.muli %i, %n1 : index
        %l = arith.addi %l0, %j : index
        %v = xmp.load %ra[%i, %j] : !ra1
        %ta = arith.addi %basea, %l : index
        func.call @pr(%ta, %v) : (index, f64) -> ()
        %w = xmp.load %rb[%j, %i] : !rb1
        %tb = arith.addi %baseb, %l : index
        func.call @pr(%tb, %w) : (index, f64) -> ()
      }
    }
  }
  return
}

// [cyclic(2), block]
func.func @run2(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %n0 = arith.constant 13 : index
  %n1 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f64
  %f3 = arith.constant 3.0 : f64
  %half = arith.constant 0.5 : f64
  %c100 = arith.constant 100.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %a = xmp.alloc : !a2
  %b = xmp.alloc : !b2
  %ra = xmp.alloc : !ra2
  %rb = xmp.alloc : !rb2
  // a[i, j] = 100 i + j + 1
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t2 [0, 1] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = func.call @idx2f(%j) : (index) -> f64
    %x100 = arith.mulf %x, %c100 : f64
    %s = arith.addf %x100, %y : f64
    %one = arith.constant 1.0 : f64
    %v = arith.addf %s, %one : f64
    xmp.store %v, %a[%i, %j] : !a2
  }
  // a[i, j] = 3 a[i, j] - j for i = 1, 3, ..., j = 2, 5, 8
  xmp.device_loop (%i, %j) = (%c1, %c2) to (%n0, %n1) step (%c2, %c3) on @t2 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a2
    %y = func.call @idx2f(%j) : (index) -> f64
    %v3 = arith.mulf %v, %f3 : f64
    %w = arith.subf %v3, %y : f64
    xmp.store %w, %a[%i, %j] : !a2
  }
  // row 4, columns 1..9: a[4, j] = a[4, j] + 0.5 (one row: on the ranks
  // that own it; some own no iteration)
  %c5 = arith.constant 5 : index
  xmp.device_loop (%i, %j) = (%c4, %c1) to (%c5, %c10) step (%c1, %c1) on @t2 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a2
    %w = arith.addf %v, %half : f64
    xmp.store %w, %a[%i, %j] : !a2
  }
  // over i in [0, 13), j = 1, 3, ..., 9: sum of a[i, j] (i mod 3 + 1), max of a[i, j] - 7 j
  %s, %m = xmp.device_loop (%i, %j) = (%c0, %c1) to (%n0, %c10) step (%c1, %c2) on @t2 [0, 1] reduce(add, max) init(%zero, %ninf) -> (f64, f64) {
    %v = xmp.load %a[%i, %j] : !a2
    %r = arith.remui %i, %c3 : index
    %r1 = arith.addi %r, %c1 : index
    %w = func.call @idx2f(%r1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    %y = func.call @idx2f(%j) : (index) -> f64
    %seven = arith.constant 7.0 : f64
    %y7 = arith.mulf %y, %seven : f64
    %d = arith.subf %v, %y7 : f64
    xmp.yield %vw, %d : f64, f64
  }
  // b[j, i] = a[i, j] / 2 (the transposed array has the same owners)
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t2 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a2
    %w = arith.mulf %v, %half : f64
    xmp.store %w, %b[%j, %i] : !b2
  }
  %csa = xmp.loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t2 [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i, %j] : !a2
    %w = xmp.load %b[%j, %i] : !b2
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    %t = arith.addf %vx, %w : f64
    xmp.yield %t : f64
  }
  %t0 = arith.constant 200 : index
  %t1 = arith.constant 201 : index
  %t2 = arith.constant 202 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %m) : (index, f64) -> ()
  func.call @pr(%t2, %csa) : (index, f64) -> ()
  xmp.gmove %a[0:13, 0:11] to %ra[0:13, 0:11] : !a2 to !ra2
  xmp.gmove %b[0:11, 0:13] to %rb[0:11, 0:13] : !b2 to !rb2
  scf.if %root {
    %basea = arith.constant 200000 : index
    %baseb = arith.constant 250000 : index
    scf.for %i = %c0 to %n0 step %c1 {
      scf.for %j = %c0 to %n1 step %c1 {
        %l0 = arith.muli %i, %n1 : index
        %l = arith.addi %l0, %j : index
        %v = xmp.load %ra[%i, %j] : !ra2
        %ta = arith.addi %basea, %l : index
        func.call @pr(%ta, %v) : (index, f64) -> ()
        %w = xmp.load %rb[%j, %i] : !rb2
        %tb = arith.addi %baseb, %l : index
        func.call @pr(%tb, %w) : (index, f64) -> ()
      }
    }
  }
  return
}

// [cyclic, cyclic(3)]
func.func @run3(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %n0 = arith.constant 13 : index
  %n1 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f64
  %f3 = arith.constant 3.0 : f64
  %half = arith.constant 0.5 : f64
  %c100 = arith.constant 100.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %a = xmp.alloc : !a3
  %b = xmp.alloc : !b3
  %ra = xmp.alloc : !ra3
  %rb = xmp.alloc : !rb3
  // a[i, j] = 100 i + j + 1
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t3 [0, 1] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = func.call @idx2f(%j) : (index) -> f64
    %x100 = arith.mulf %x, %c100 : f64
    %s = arith.addf %x100, %y : f64
    %one = arith.constant 1.0 : f64
    %v = arith.addf %s, %one : f64
    xmp.store %v, %a[%i, %j] : !a3
  }
  // a[i, j] = 3 a[i, j] - j for i = 1, 3, ..., j = 2, 5, 8
  xmp.device_loop (%i, %j) = (%c1, %c2) to (%n0, %n1) step (%c2, %c3) on @t3 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a3
    %y = func.call @idx2f(%j) : (index) -> f64
    %v3 = arith.mulf %v, %f3 : f64
    %w = arith.subf %v3, %y : f64
    xmp.store %w, %a[%i, %j] : !a3
  }
  // row 4, columns 1..9: a[4, j] = a[4, j] + 0.5 (one row: on the ranks
  // that own it; some own no iteration)
  %c5 = arith.constant 5 : index
  xmp.device_loop (%i, %j) = (%c4, %c1) to (%c5, %c10) step (%c1, %c1) on @t3 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a3
    %w = arith.addf %v, %half : f64
    xmp.store %w, %a[%i, %j] : !a3
  }
  // over i in [0, 13), j = 1, 3, ..., 9: sum of a[i, j] (i mod 3 + 1), max of a[i, j] - 7 j
  %s, %m = xmp.device_loop (%i, %j) = (%c0, %c1) to (%n0, %c10) step (%c1, %c2) on @t3 [0, 1] reduce(add, max) init(%zero, %ninf) -> (f64, f64) {
    %v = xmp.load %a[%i, %j] : !a3
    %r = arith.remui %i, %c3 : index
    %r1 = arith.addi %r, %c1 : index
    %w = func.call @idx2f(%r1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    %y = func.call @idx2f(%j) : (index) -> f64
    %seven = arith.constant 7.0 : f64
    %y7 = arith.mulf %y, %seven : f64
    %d = arith.subf %v, %y7 : f64
    xmp.yield %vw, %d : f64, f64
  }
  // b[j, i] = a[i, j] / 2 (the transposed array has the same owners)
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t3 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a3
    %w = arith.mulf %v, %half : f64
    xmp.store %w, %b[%j, %i] : !b3
  }
  %csa = xmp.loop (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) on @t3 [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i, %j] : !a3
    %w = xmp.load %b[%j, %i] : !b3
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    %t = arith.addf %vx, %w : f64
    xmp.yield %t : f64
  }
  %t0 = arith.constant 300 : index
  %t1 = arith.constant 301 : index
  %t2 = arith.constant 302 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %m) : (index, f64) -> ()
  func.call @pr(%t2, %csa) : (index, f64) -> ()
  xmp.gmove %a[0:13, 0:11] to %ra[0:13, 0:11] : !a3 to !ra3
  xmp.gmove %b[0:11, 0:13] to %rb[0:11, 0:13] : !b3 to !rb3
  scf.if %root {
    %basea = arith.constant 300000 : index
    %baseb = arith.constant 350000 : index
    scf.for %i = %c0 to %n0 step %c1 {
      scf.for %j = %c0 to %n1 step %c1 {
        %l0 = arith.muli %i, %n1 : index
        %l = arith.addi %l0, %j : index
        %v = xmp.load %ra[%i, %j] : !ra3
        %ta = arith.addi %basea, %l : index
        func.call @pr(%ta, %v) : (index, f64) -> ()
        %w = xmp.load %rb[%j, %i] : !rb3
        %tb = arith.addi %baseb, %l : index
        func.call @pr(%tb, %w) : (index, f64) -> ()
      }
    }
  }
  return
}

func.func @main() {
  %rk = func.call @xmprt_world_rank() : () -> i32
  %z32 = arith.constant 0 : i32
  %root = arith.cmpi eq, %rk, %z32 : i32
  func.call @run1(%root) : (i1) -> ()
  func.call @run2(%root) : (i1) -> ()
  func.call @run3(%root) : (i1) -> ()
  return
}
