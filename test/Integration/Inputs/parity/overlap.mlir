// Parity suite (issue 15, item 4): reflects hidden behind the loop that
// follows them (xmp-overlap-halo, on by default). Each case runs two
// rounds; every element the loop computes is checked on its owner against
// the closed form (an error count, reduced) and checksums are printed; the
// sequential reference is overlap_ref.c. The test also builds the program
// with overlap-halo=false: both builds print the same.
// Cases (sizes divide by no rank count from 2 to 7):
//   A: host loop, [block, block] of 13x11, shadow [1:1, 1:1]: the 9-point
//      stencil (corners: interior, then 4 boundary slabs), a reduction in
//      the overlapped loop
//   B: device loop after an acc reflect, 1-D block of 29, an array aligned
//      with offset 1 (a[i] on t(i + 1)), shadow [2:1], the loop from 3 with
//      step 2 (interior bounds on the loop's lattice); ranks own nothing
//      from 8 ranks on
//   C: device loop after an acc reflect, [block, block] of 13x11, the
//      5-point stencil reading two rows above (shadow [2:1, 1:1])

xmp.nodes @p(shape = ?x?)
xmp.nodes @q(shape = ?)
xmp.template @t(shape = 13x11)
xmp.distribute @t onto @p [block, block]
xmp.template @s(shape = 29)
xmp.distribute @s onto @q [block]
!aA = !xmp.darray<13x11xf64, @t, align [0, 1], shadow [1:1, 1:1]>
!bA = !xmp.darray<13x11xf64, @t, align [0, 1]>
!aB = !xmp.darray<28xf64, @s, align [0], offset [1], shadow [2:1]>
!bB = !xmp.darray<29xf64, @s, align [0]>
!aC = !xmp.darray<13x11xf64, @t, align [0, 1], shadow [2:1, 1:1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

// 1 + (31 i + 17 j) mod 101 + 1000 r
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

// Weight of stencil point (di, dj), di, dj in -2..1: 4 (di + 2) + dj + 3.
func.func @sw(%i: index, %j: index, %pi: index, %pj: index) -> f64 {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = arith.muli %pi, %c4 : index
  %b = arith.addi %a, %pj : index
  %v = arith.addi %b, %c5 : index
  %v2 = arith.subi %v, %i : index
  %v3 = arith.subi %v2, %j : index
  %vi = arith.index_cast %v3 : index to i64
  %f = arith.sitofp %vi : i64 to f64
  return %f : f64
}

func.func @pr(%tag: index, %v: f64) {
  %t = arith.index_cast %tag : index to i64
  func.call @xmprt_print_scalar_f64(%t, %v) : (i64, f64) -> ()
  return
}

// a[pi][pj] * sw for the point (pi, pj) read at iteration (i, j).
func.func @term(%i: index, %j: index, %pi: index, %pj: index, %r: index) -> f64 {
  %v = func.call @val(%pi, %pj, %r) : (index, index, index) -> f64
  %w = func.call @sw(%i, %j, %pi, %pj) : (index, index, index, index) -> f64
  %p = arith.mulf %v, %w : f64
  return %p : f64
}

func.func @caseA(%r: index) -> (f64, f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %c11 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = xmp.alloc : !aA
  %b = xmp.alloc : !bA
  xmp.loop (%i, %j) = (%c0, %c0) to (%c13, %c11) step (%c1, %c1) on @t [0, 1] {
    %v = func.call @val(%i, %j, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%i, %j] : !aA
    xmp.store %zero, %b[%i, %j] : !bA
  }
  xmp.reflect %a : !aA
  %sum = xmp.loop (%i, %j) = (%c1, %c1) to (%c12, %c10) step (%c1, %c1) on @t [0, 1] reduce(add) init(%zero) -> f64 {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x0 = xmp.load %a[%im, %jm] : !aA
    %x1 = xmp.load %a[%im, %j] : !aA
    %x2 = xmp.load %a[%im, %jp] : !aA
    %x3 = xmp.load %a[%i, %jm] : !aA
    %x4 = xmp.load %a[%i, %j] : !aA
    %x5 = xmp.load %a[%i, %jp] : !aA
    %x6 = xmp.load %a[%ip, %jm] : !aA
    %x7 = xmp.load %a[%ip, %j] : !aA
    %x8 = xmp.load %a[%ip, %jp] : !aA
    %w0 = func.call @sw(%i, %j, %im, %jm) : (index, index, index, index) -> f64
    %w1 = func.call @sw(%i, %j, %im, %j) : (index, index, index, index) -> f64
    %w2 = func.call @sw(%i, %j, %im, %jp) : (index, index, index, index) -> f64
    %w3 = func.call @sw(%i, %j, %i, %jm) : (index, index, index, index) -> f64
    %w4 = func.call @sw(%i, %j, %i, %j) : (index, index, index, index) -> f64
    %w5 = func.call @sw(%i, %j, %i, %jp) : (index, index, index, index) -> f64
    %w6 = func.call @sw(%i, %j, %ip, %jm) : (index, index, index, index) -> f64
    %w7 = func.call @sw(%i, %j, %ip, %j) : (index, index, index, index) -> f64
    %w8 = func.call @sw(%i, %j, %ip, %jp) : (index, index, index, index) -> f64
    %y0 = arith.mulf %x0, %w0 : f64
    %y1 = arith.mulf %x1, %w1 : f64
    %y2 = arith.mulf %x2, %w2 : f64
    %y3 = arith.mulf %x3, %w3 : f64
    %y4 = arith.mulf %x4, %w4 : f64
    %y5 = arith.mulf %x5, %w5 : f64
    %y6 = arith.mulf %x6, %w6 : f64
    %y7 = arith.mulf %x7, %w7 : f64
    %y8 = arith.mulf %x8, %w8 : f64
    %s1 = arith.addf %y0, %y1 : f64
    %s2 = arith.addf %s1, %y2 : f64
    %s3 = arith.addf %s2, %y3 : f64
    %s4 = arith.addf %s3, %y4 : f64
    %s5 = arith.addf %s4, %y5 : f64
    %s6 = arith.addf %s5, %y6 : f64
    %s7 = arith.addf %s6, %y7 : f64
    %s8 = arith.addf %s7, %y8 : f64
    xmp.store %s8, %b[%i, %j] : !bA
    xmp.yield %s8 : f64
  }
  // Every element against the closed form, and a weighted checksum.
  %err, %cs = xmp.loop (%i, %j) = (%c0, %c0) to (%c13, %c11) step (%c1, %c1) on @t [0, 1] reduce(add, add) init(%zero, %zero) -> (f64, f64) {
    %ii = arith.cmpi sge, %i, %c1 : index
    %ih = arith.cmpi slt, %i, %c12 : index
    %ji = arith.cmpi sge, %j, %c1 : index
    %jh = arith.cmpi slt, %j, %c10 : index
    %in0 = arith.andi %ii, %ih : i1
    %in1 = arith.andi %ji, %jh : i1
    %in = arith.andi %in0, %in1 : i1
    %e = scf.if %in -> f64 {
      %im = arith.subi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %c3 = arith.constant 3 : index
      %t = scf.for %di = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> f64 {
        %pi = arith.addi %im, %di : index
        %t2 = scf.for %dj = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> f64 {
          %pj = arith.addi %jm, %dj : index
          %x = func.call @term(%i, %j, %pi, %pj, %r) : (index, index, index, index, index) -> f64
          %n = arith.addf %acc2, %x : f64
          scf.yield %n : f64
        }
        scf.yield %t2 : f64
      }
      scf.yield %t : f64
    } else {
      scf.yield %zero : f64
    }
    %v = xmp.load %b[%i, %j] : !bA
    %ok = arith.cmpf oeq, %v, %e : f64
    %bad = arith.select %ok, %zero, %one : f64
    %k = arith.muli %i, %c11 : index
    %k1 = arith.addi %k, %j : index
    %k2 = arith.addi %k1, %c1 : index
    %ki = arith.index_cast %k2 : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %vw = arith.mulf %v, %kf : f64
    xmp.yield %bad, %vw : f64, f64
  }
  xmp.dealloc %b : !bA
  xmp.dealloc %a : !aA
  return %sum, %err, %cs : f64, f64, f64
}

func.func @caseB(%r: index) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c28 = arith.constant 28 : index
  %c29 = arith.constant 29 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = xmp.alloc : !aB
  %b = xmp.alloc : !bB
  // a[i] sits on t(i + 1): the loop on t(g) stores a[g - 1].
  xmp.loop (%g) = (%c1) to (%c29) step (%c1) on @s [0] {
    %i = arith.subi %g, %c1 : index
    %v = func.call @val(%i, %c0, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%i] : !aB
  }
  xmp.loop (%g) = (%c0) to (%c29) step (%c1) on @s [0] {
    xmp.store %zero, %b[%g] : !bB
  }
  xmp.reflect %a acc : !aB
  // b[g] = 2 a[g - 3] + 3 a[g] for g = 3, 5, ..., 27 (a[g] sits on t(g + 1)).
  xmp.device_loop (%g) = (%c3) to (%c28) step (%c2) on @s [0] {
    %gm = arith.subi %g, %c3 : index
    %x = xmp.load %a[%gm] : !aB
    %y = xmp.load %a[%g] : !aB
    %two = arith.constant 2.0 : f64
    %three = arith.constant 3.0 : f64
    %x2 = arith.mulf %x, %two : f64
    %y3 = arith.mulf %y, %three : f64
    %s = arith.addf %x2, %y3 : f64
    xmp.store %s, %b[%g] : !bB
  }
  %err, %cs = xmp.loop (%g) = (%c0) to (%c29) step (%c1) on @s [0] reduce(add, add) init(%zero, %zero) -> (f64, f64) {
    %ge = arith.cmpi sge, %g, %c3 : index
    %lt = arith.cmpi slt, %g, %c28 : index
    %d = arith.subi %g, %c3 : index
    %odd = arith.remui %d, %c2 : index
    %on = arith.cmpi eq, %odd, %c0 : index
    %in0 = arith.andi %ge, %lt : i1
    %in = arith.andi %in0, %on : i1
    %e = scf.if %in -> f64 {
      %x = func.call @val(%d, %c0, %r) : (index, index, index) -> f64
      %y = func.call @val(%g, %c0, %r) : (index, index, index) -> f64
      %two = arith.constant 2.0 : f64
      %three = arith.constant 3.0 : f64
      %x2 = arith.mulf %x, %two : f64
      %y3 = arith.mulf %y, %three : f64
      %s = arith.addf %x2, %y3 : f64
      scf.yield %s : f64
    } else {
      scf.yield %zero : f64
    }
    %v = xmp.load %b[%g] : !bB
    %ok = arith.cmpf oeq, %v, %e : f64
    %bad = arith.select %ok, %zero, %one : f64
    %k = arith.addi %g, %c1 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %vw = arith.mulf %v, %kf : f64
    xmp.yield %bad, %vw : f64, f64
  }
  xmp.dealloc %b : !bB
  xmp.dealloc %a : !aB
  return %err, %cs : f64, f64
}

func.func @caseC(%r: index) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c12 = arith.constant 12 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %c11 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = xmp.alloc : !aC
  %b = xmp.alloc : !bA
  xmp.loop (%i, %j) = (%c0, %c0) to (%c13, %c11) step (%c1, %c1) on @t [0, 1] {
    %v = func.call @val(%i, %j, %r) : (index, index, index) -> f64
    xmp.store %v, %a[%i, %j] : !aC
    xmp.store %zero, %b[%i, %j] : !bA
  }
  xmp.reflect %a acc : !aC
  // b = 5-point stencil with the north point two rows up, i in 2..11.
  xmp.device_loop (%i, %j) = (%c2, %c1) to (%c12, %c10) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c2 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x0 = xmp.load %a[%im, %j] : !aC
    %x1 = xmp.load %a[%ip, %j] : !aC
    %x2 = xmp.load %a[%i, %jm] : !aC
    %x3 = xmp.load %a[%i, %jp] : !aC
    %x4 = xmp.load %a[%i, %j] : !aC
    %w0 = func.call @sw(%i, %j, %im, %j) : (index, index, index, index) -> f64
    %w1 = func.call @sw(%i, %j, %ip, %j) : (index, index, index, index) -> f64
    %w2 = func.call @sw(%i, %j, %i, %jm) : (index, index, index, index) -> f64
    %w3 = func.call @sw(%i, %j, %i, %jp) : (index, index, index, index) -> f64
    %w4 = func.call @sw(%i, %j, %i, %j) : (index, index, index, index) -> f64
    %y0 = arith.mulf %x0, %w0 : f64
    %y1 = arith.mulf %x1, %w1 : f64
    %y2 = arith.mulf %x2, %w2 : f64
    %y3 = arith.mulf %x3, %w3 : f64
    %y4 = arith.mulf %x4, %w4 : f64
    %s1 = arith.addf %y0, %y1 : f64
    %s2 = arith.addf %s1, %y2 : f64
    %s3 = arith.addf %s2, %y3 : f64
    %s4 = arith.addf %s3, %y4 : f64
    xmp.store %s4, %b[%i, %j] : !bA
  }
  %err, %cs = xmp.loop (%i, %j) = (%c0, %c0) to (%c13, %c11) step (%c1, %c1) on @t [0, 1] reduce(add, add) init(%zero, %zero) -> (f64, f64) {
    %ii = arith.cmpi sge, %i, %c2 : index
    %ih = arith.cmpi slt, %i, %c12 : index
    %ji = arith.cmpi sge, %j, %c1 : index
    %jh = arith.cmpi slt, %j, %c10 : index
    %in0 = arith.andi %ii, %ih : i1
    %in1 = arith.andi %ji, %jh : i1
    %in = arith.andi %in0, %in1 : i1
    %e = scf.if %in -> f64 {
      %im = arith.subi %i, %c2 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %t0 = func.call @term(%i, %j, %im, %j, %r) : (index, index, index, index, index) -> f64
      %t1 = func.call @term(%i, %j, %ip, %j, %r) : (index, index, index, index, index) -> f64
      %t2 = func.call @term(%i, %j, %i, %jm, %r) : (index, index, index, index, index) -> f64
      %t3 = func.call @term(%i, %j, %i, %jp, %r) : (index, index, index, index, index) -> f64
      %t4 = func.call @term(%i, %j, %i, %j, %r) : (index, index, index, index, index) -> f64
      %s1 = arith.addf %t0, %t1 : f64
      %s2 = arith.addf %s1, %t2 : f64
      %s3 = arith.addf %s2, %t3 : f64
      %s4 = arith.addf %s3, %t4 : f64
      scf.yield %s4 : f64
    } else {
      scf.yield %zero : f64
    }
    %v = xmp.load %b[%i, %j] : !bA
    %ok = arith.cmpf oeq, %v, %e : f64
    %bad = arith.select %ok, %zero, %one : f64
    %k = arith.muli %i, %c11 : index
    %k1 = arith.addi %k, %j : index
    %k2 = arith.addi %k1, %c1 : index
    %ki = arith.index_cast %k2 : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %vw = arith.mulf %v, %kf : f64
    xmp.yield %bad, %vw : f64, f64
  }
  xmp.dealloc %b : !bA
  xmp.dealloc %a : !aC
  return %err, %cs : f64, f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  scf.for %r = %c0 to %c2 step %c1 {
    %c100 = arith.constant 100 : index
    %b10 = arith.muli %r, %c10 : index
    %base = arith.addi %b10, %c100 : index
    %sA, %eA, %cA = func.call @caseA(%r) : (index) -> (f64, f64, f64)
    %eB, %cB = func.call @caseB(%r) : (index) -> (f64, f64)
    %eC, %cC = func.call @caseC(%r) : (index) -> (f64, f64)
    %t0 = arith.addi %base, %c0 : index
    func.call @pr(%t0, %sA) : (index, f64) -> ()
    %t1 = arith.addi %t0, %c1 : index
    func.call @pr(%t1, %eA) : (index, f64) -> ()
    %t2 = arith.addi %t1, %c1 : index
    func.call @pr(%t2, %cA) : (index, f64) -> ()
    %t3 = arith.addi %t2, %c1 : index
    func.call @pr(%t3, %eB) : (index, f64) -> ()
    %t4 = arith.addi %t3, %c1 : index
    func.call @pr(%t4, %cB) : (index, f64) -> ()
    %t5 = arith.addi %t4, %c1 : index
    func.call @pr(%t5, %eC) : (index, f64) -> ()
    %t6 = arith.addi %t5, %c1 : index
    func.call @pr(%t6, %cC) : (index, f64) -> ()
  }
  return
}
