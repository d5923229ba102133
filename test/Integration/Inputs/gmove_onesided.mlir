// Input of gmove-onesided.test: one-sided gmove (XMP's `gmove in` /
// `gmove out`), executed by some ranks only (inside xmp.task, or under
// scf.if on the node number), the ranks holding the other side passive.
// Two rounds (`it` = 0, 1; the second reuses the cached schedules of the
// darray-to-darray gmoves; a memref side is a new descriptor each time). Per
// round, with N = the number of ranks:
//   ab[i]     = (7 i + 3) % 23 + 1000 it     37 by block over @p (uneven)
//   a2[i][j]  = 100 i + j + it               13x17 by [block, block] over @q
//   yv[j]     = 3 j + 1 + it                 29, dim 1 of @t2 (29x29 by
//                                            [block, block] over @q, ?x?):
//                                            replicated along grid axis 0
//   res1, dd (37 by cyclic(2)), b2 (6x5 by [cyclic, block]), xv (dim 0 of
//   @t2: replicated along grid axis 1) start at -1; then a barrier and
//   T1 rank N-1:  in  ab[5:37] -> m[0:32] (a memref), then
//                 out m[0:32:2] -> res1[20:36]
//   T2 every rank: in a2[1:13:2, 0:17:4] -> b2[0:6, 0:5] (each rank gets
//                 the elements of b2 it owns)
//   T3 even ranks: out ab[0:37] -> dd[0:37] (each puts what it owns: dd
//                 gets the elements of even ranks' blocks, -1 elsewhere)
//   T4 task on @q [0, 0]: gmove_start in yv[0:29] -> m29[0:29], work,
//                 wait; gmove_start out m29[1:29] -> xv[0:28] (into every
//                 replica of xv), work, wait
//   T5 rank N-1:  in a2[5, 7] -> one[0], out one[0] -> a2[12, 16]
// then a barrier. Every rank checks every element of its own replica of
// xv (the count of mismatches, summed over @q, must be 0), and rank 0
// prints every element of res1, b2, dd, xv and a2 (gathered with the
// collective gmove) as value<10000 (it + 1) + 1000 a + k>, a = 0..4 in
// that order, and the mismatch count as value<10000 (it + 1) + 5000>.
// Inputs/gmove_onesided_ref.c N computes the same sequentially.
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @tb(shape = 37)
xmp.template @tc(shape = 37)
xmp.template @t2(shape = 29x29)
xmp.template @m2(shape = 13x17)
xmp.template @t65(shape = 6x5)
xmp.distribute @tb onto @p [block]
xmp.distribute @tc onto @p [cyclic(2)]
xmp.distribute @t2 onto @q [block, block]
xmp.distribute @m2 onto @q [block, block]
xmp.distribute @t65 onto @q [cyclic, block]
!b_t = !xmp.darray<37xf64, @tb, align [0]>
!c_t = !xmp.darray<37xf64, @tc, align [0]>
!x_t = !xmp.darray<29xf64, @t2, align [0]>
!y_t = !xmp.darray<29xf64, @t2, align [1]>
!a2_t = !xmp.darray<13x17xf64, @m2, align [0, 1], shadow [1:1, 1:1]>
!b2_t = !xmp.darray<6x5xf64, @t65, align [0, 1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @f(%x: index) -> f64 {
  %i = arith.index_cast %x : index to i64
  %f = arith.sitofp %i : i64 to f64
  return %f : f64
}

// Prints m[0:n] as value<base + k>.
func.func @print(%m: memref<?xf64>, %n: index, %base: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %v = memref.load %m[%k] : memref<?xf64>
    %ki = arith.index_cast %k : index to i64
    %t = arith.addi %base, %ki : i64
    func.call @xmprt_print_scalar_f64(%t, %v) : (i64, f64) -> ()
  }
  return
}

// Busy work between a start and its wait.
func.func @work(%n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> f64 {
    %v = func.call @f(%k) : (index) -> f64
    %a = arith.addf %acc, %v : f64
    scf.yield %a : f64
  }
  return %s : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %c23 = arith.constant 23 : index
  %c28 = arith.constant 28 : index
  %c29 = arith.constant 29 : index
  %c30 = arith.constant 30 : index
  %c37 = arith.constant 37 : index
  %c100 = arith.constant 100 : index
  %c221 = arith.constant 221 : index
  %c1000 = arith.constant 1000 : index
  %c5000 = arith.constant 5000 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %minus1 = arith.constant -1.0 : f64
  %ab = xmp.alloc : !b_t
  %res1 = xmp.alloc : !c_t
  %dd = xmp.alloc : !c_t
  %xv = xmp.alloc : !x_t
  %yv = xmp.alloc : !y_t
  %a2 = xmp.alloc : !a2_t
  %b2 = xmp.alloc : !b2_t
  %m = memref.alloca() : memref<32xf64>
  %m29 = memref.alloca() : memref<29xf64>
  %s1 = memref.alloca() : memref<1xf64>
  %g37 = memref.alloca(%c37) : memref<?xf64>
  %g29 = memref.alloca(%c29) : memref<?xf64>
  %g65 = memref.alloca() : memref<6x5xf64>
  %ga2 = memref.alloca() : memref<13x17xf64>
  %n = xmp.num_nodes @p
  %me = xmp.node_num @p
  %last = arith.subi %n, %c1 : index
  %isLast = arith.cmpi eq, %me, %last : index
  %parity = arith.remui %me, %c2 : index
  %isEven = arith.cmpi eq, %parity, %c0 : index
  scf.for %it = %c0 to %c2 step %c1 {
    %itf = func.call @f(%it) : (index) -> f64
    xmp.loop (%i) = (%c0) to (%c37) step (%c1) on @tb [0] {
      %k = arith.muli %i, %c7 : index
      %k3 = arith.addi %k, %c3 : index
      %kr = arith.remui %k3, %c23 : index
      %itk = arith.muli %it, %c1000 : index
      %kt = arith.addi %kr, %itk : index
      %v = func.call @f(%kt) : (index) -> f64
      xmp.store %v, %ab[%i] : !b_t
    }
    xmp.loop (%i, %j) = (%c0, %c0) to (%c13, %c17) step (%c1, %c1) on @m2 [0, 1] {
      %k = arith.muli %i, %c100 : index
      %kj = arith.addi %k, %j : index
      %kt = arith.addi %kj, %it : index
      %v = func.call @f(%kt) : (index) -> f64
      xmp.store %v, %a2[%i, %j] : !a2_t
    }
    xmp.loop (%j) = (%c0) to (%c29) step (%c1) on @t2 [1] {
      %k = arith.muli %j, %c3 : index
      %k1 = arith.addi %k, %c1 : index
      %kt = arith.addi %k1, %it : index
      %v = func.call @f(%kt) : (index) -> f64
      xmp.store %v, %yv[%j] : !y_t
    }
    xmp.loop (%i) = (%c0) to (%c37) step (%c1) on @tc [0] {
      xmp.store %minus1, %res1[%i] : !c_t
      xmp.store %minus1, %dd[%i] : !c_t
    }
    xmp.loop (%i) = (%c0) to (%c29) step (%c1) on @t2 [0] {
      xmp.store %minus1, %xv[%i] : !x_t
    }
    xmp.loop (%i, %j) = (%c0, %c0) to (%c6, %c5) step (%c1, %c1) on @t65 [0, 1] {
      xmp.store %minus1, %b2[%i, %j] : !b2_t
    }
    // The owners have written before anyone reads or writes one-sidedly.
    xmp.barrier
    // T1
    scf.if %isLast {
      xmp.gmove in %ab[5:37] to %m[0:32] : !b_t to memref<32xf64>
      xmp.gmove out %m[0:32:2] to %res1[20:36] : memref<32xf64> to !c_t
    }
    // T2
    xmp.gmove in %a2[1:13:2, 0:17:4] to %b2[0:6, 0:5] : !a2_t to !b2_t
    // T3
    scf.if %isEven {
      xmp.gmove out %ab[0:37] to %dd[0:37] : !b_t to !c_t
    }
    // T4
    xmp.task on @q [0, 0] {
      %r = xmp.gmove_start in %yv[0:29] to %m29[0:29] : !y_t to memref<29xf64>
      %w = func.call @work(%c1000) : (index) -> f64
      xmp.wait %r
      %r2 = xmp.gmove_start out %m29[1:29] to %xv[0:28] : memref<29xf64> to !x_t
      %w2 = func.call @work(%c1000) : (index) -> f64
      xmp.wait %r2
    }
    // T5
    scf.if %isLast {
      xmp.gmove in %a2[5, 7] to %s1[0] : !a2_t to memref<1xf64>
      xmp.gmove out %s1[0] to %a2[12, 16] : memref<1xf64> to !a2_t
    }
    xmp.barrier
    // Every replica of xv: xv[i] = 3 (i + 1) + 1 + it for i < 28, else -1.
    %bad = xmp.loop (%i) = (%c0) to (%c29) step (%c1) on @t2 [0]
        reduce(add) init(%zero) -> f64 {
      %v = xmp.load %xv[%i] : !x_t
      %i1 = arith.addi %i, %c1 : index
      %k = arith.muli %i1, %c3 : index
      %k1 = arith.addi %k, %c1 : index
      %kt = arith.addi %k1, %it : index
      %e = func.call @f(%kt) : (index) -> f64
      %in = arith.cmpi ult, %i, %c28 : index
      %want = arith.select %in, %e, %minus1 : f64
      %ok = arith.cmpf oeq, %v, %want : f64
      %c = arith.select %ok, %zero, %one : f64
      xmp.yield %c : f64
    }
    %it1 = arith.addi %it, %c1 : index
    %it64 = arith.index_cast %it1 : index to i64
    %c10000 = arith.constant 10000 : i64
    %base = arith.muli %it64, %c10000 : i64
    %c1000i = arith.constant 1000 : i64
    %bs1 = arith.addi %base, %c1000i : i64
    %bs2 = arith.addi %bs1, %c1000i : i64
    %bs3 = arith.addi %bs2, %c1000i : i64
    %bs4 = arith.addi %bs3, %c1000i : i64
    %bs5 = arith.addi %bs4, %c1000i : i64
    xmp.gmove %res1[0:37] to %g37[0:37] : !c_t to memref<?xf64>
    func.call @print(%g37, %c37, %base) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %b2[0:6, 0:5] to %g65[0:6, 0:5] : !b2_t to memref<6x5xf64>
    %g65f = memref.collapse_shape %g65 [[0, 1]] : memref<6x5xf64> into memref<30xf64>
    %g65d = memref.cast %g65f : memref<30xf64> to memref<?xf64>
    func.call @print(%g65d, %c30, %bs1) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %dd[0:37] to %g37[0:37] : !c_t to memref<?xf64>
    func.call @print(%g37, %c37, %bs2) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %xv[0:29] to %g29[0:29] : !x_t to memref<?xf64>
    func.call @print(%g29, %c29, %bs3) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %a2[0:13, 0:17] to %ga2[0:13, 0:17] : !a2_t to memref<13x17xf64>
    %ga2f = memref.collapse_shape %ga2 [[0, 1]] : memref<13x17xf64> into memref<221xf64>
    %ga2d = memref.cast %ga2f : memref<221xf64> to memref<?xf64>
    func.call @print(%ga2d, %c221, %bs4) : (memref<?xf64>, index, i64) -> ()
    func.call @xmprt_print_scalar_f64(%bs5, %bad) : (i64, f64) -> ()
    // Nobody starts the next round (which rewrites the arrays) before
    // everybody has read them.
    xmp.barrier
  }
  xmp.dealloc %b2 : !b2_t
  xmp.dealloc %a2 : !a2_t
  xmp.dealloc %yv : !y_t
  xmp.dealloc %xv : !x_t
  xmp.dealloc %dd : !c_t
  xmp.dealloc %res1 : !c_t
  xmp.dealloc %ab : !b_t
  return
}
