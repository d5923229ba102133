// Input of gmove-async.test: asynchronous gmove (XMP's `gmove async` ...
// `wait_async`): xmp.gmove_start ... xmp.wait, several in flight at once,
// waited for in another order than started, with computation between the
// starts and the waits, in three rounds (the second and third reuse the
// cached schedules). Per round `it`:
//   ab[i]  = (7 i + 3 + it) % 23           37 by block over @p
//   xv[i]  = (5 i + 1 + it) % 13           29, row vector of @t2 (29x29 by
//                                          [block, block] over @q, ?x?)
//   a2[i][j] = 100 i + j + it              13x17 by [block, block] over @q
//   loc[k] = 50 + k + it                   memref<10xf64> on every rank
//   ab2[i] = 2 i + it (a device loop)      37 by block
//   started together:
//     r1: ab[0:37] -> ac[0:37]             block -> cyclic(2)
//     r2: xv[0:29] -> yv[0:29]             NPB CG's w -> q (template dim 0
//                                          -> dim 1, replicated vectors)
//     r3: a2[1:13:2, 0:17:4] -> b2[0:6, 0:5]   strided 2-D -> [cyclic, block]
//     r4: a2[0:13, 3] -> col[0:13]         a column to a memref
//     r7: ab2[0:37] -> ac2[0:37] acc       device data (the acc form)
//   computation: z[i] = i*i + it (a loop over @tb)
//   wait r2, r4; start r5: loc[0:10] -> dd[20:30] (memref -> cyclic(2)),
//                      r6: yv[1:29] -> xv[0:28] (dim 1 -> dim 0, shifted)
//   computation: s = sum of z (a reducing loop)
//   wait r1, r6, r3, r7, r5; a device loop reads ac2: ac2[i] += 1000
// Then rank 0 prints every element of ac, yv, xv, b2, col, dd, ac2 and s,
// gathered with the blocking gmove into memrefs:
//   value<10000 (it + 1) + 1000 a + k>, a = 0..6 in that order, k the
// element (b2 row-major), and value<10000 (it + 1) + 7000> = s; Inputs/gmove_async_ref.c
// computes the same sequentially.
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
!a2_t = !xmp.darray<13x17xf64, @m2, align [0, 1]>
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

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %c23 = arith.constant 23 : index
  %c29 = arith.constant 29 : index
  %c30 = arith.constant 30 : index
  %c37 = arith.constant 37 : index
  %c50 = arith.constant 50 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f64
  %minus1 = arith.constant -1.0 : f64
  %f1000 = arith.constant 1000.0 : f64
  %ab = xmp.alloc : !b_t
  %ab2 = xmp.alloc : !b_t
  %z = xmp.alloc : !b_t
  %ac = xmp.alloc : !c_t
  %ac2 = xmp.alloc : !c_t
  %dd = xmp.alloc : !c_t
  %xv = xmp.alloc : !x_t
  %yv = xmp.alloc : !y_t
  %a2 = xmp.alloc : !a2_t
  %b2 = xmp.alloc : !b2_t
  %loc = memref.alloca() : memref<10xf64>
  %col = memref.alloca() : memref<13xf64>
  %g37 = memref.alloca(%c37) : memref<?xf64>
  %g29 = memref.alloca(%c29) : memref<?xf64>
  %g13 = memref.alloca(%c13) : memref<?xf64>
  %g30 = memref.alloca(%c30) : memref<?xf64>
  %g65 = memref.alloca() : memref<6x5xf64>
  xmp.loop (%i) = (%c0) to (%c37) step (%c1) on @tc [0] {
    xmp.store %minus1, %dd[%i] : !c_t
  }
  scf.for %it = %c0 to %c3 step %c1 {
    %itf = func.call @f(%it) : (index) -> f64
    xmp.loop (%i) = (%c0) to (%c37) step (%c1) on @tb [0] {
      %k = arith.muli %i, %c7 : index
      %k3 = arith.addi %k, %c3 : index
      %k4 = arith.addi %k3, %it : index
      %kr = arith.remui %k4, %c23 : index
      %v = func.call @f(%kr) : (index) -> f64
      xmp.store %v, %ab[%i] : !b_t
    }
    xmp.loop (%i) = (%c0) to (%c29) step (%c1) on @t2 [0] {
      %k = arith.muli %i, %c5 : index
      %k1 = arith.addi %k, %c1 : index
      %k2 = arith.addi %k1, %it : index
      %kr = arith.remui %k2, %c13 : index
      %v = func.call @f(%kr) : (index) -> f64
      xmp.store %v, %xv[%i] : !x_t
    }
    xmp.loop (%i, %j) = (%c0, %c0) to (%c13, %c17) step (%c1, %c1) on @m2 [0, 1] {
      %k = arith.muli %i, %c100 : index
      %kj = arith.addi %k, %j : index
      %kt = arith.addi %kj, %it : index
      %v = func.call @f(%kt) : (index) -> f64
      xmp.store %v, %a2[%i, %j] : !a2_t
    }
    scf.for %k = %c0 to %c10 step %c1 {
      %k50 = arith.addi %k, %c50 : index
      %kt = arith.addi %k50, %it : index
      %v = func.call @f(%kt) : (index) -> f64
      memref.store %v, %loc[%k] : memref<10xf64>
    }
    xmp.device_loop (%i) = (%c0) to (%c37) step (%c1) on @tb [0] {
      %two = arith.constant 2 : index
      %k = arith.muli %i, %two : index
      %kt = arith.addi %k, %it : index
      %x = arith.index_cast %kt : index to i64
      %v = arith.sitofp %x : i64 to f64
      xmp.store %v, %ab2[%i] : !b_t
    }
    %r1 = xmp.gmove_start %ab[0:37] to %ac[0:37] : !b_t to !c_t
    %r2 = xmp.gmove_start %xv[0:29] to %yv[0:29] : !x_t to !y_t
    %r3 = xmp.gmove_start %a2[1:13:2, 0:17:4] to %b2[0:6, 0:5] : !a2_t to !b2_t
    %r4 = xmp.gmove_start %a2[0:13, 3] to %col[0:13] : !a2_t to memref<13xf64>
    %r7 = xmp.gmove_start %ab2[0:37] to %ac2[0:37] acc : !b_t to !c_t
    xmp.loop (%i) = (%c0) to (%c37) step (%c1) on @tb [0] {
      %ii = arith.muli %i, %i : index
      %k = arith.addi %ii, %it : index
      %v = func.call @f(%k) : (index) -> f64
      xmp.store %v, %z[%i] : !b_t
    }
    xmp.wait %r2
    xmp.wait %r4
    %r5 = xmp.gmove_start %loc[0:10] to %dd[20:30] : memref<10xf64> to !c_t
    %r6 = xmp.gmove_start %yv[1:29] to %xv[0:28] : !y_t to !x_t
    %s = xmp.loop (%i) = (%c0) to (%c37) step (%c1) on @tb [0]
        reduce(add) init(%zero) -> f64 {
      %v = xmp.load %z[%i] : !b_t
      xmp.yield %v : f64
    }
    xmp.wait %r1
    xmp.wait %r6
    xmp.wait %r3
    xmp.wait %r7
    xmp.wait %r5
    xmp.device_loop (%i) = (%c0) to (%c37) step (%c1) on @tc [0] {
      %v = xmp.load %ac2[%i] : !c_t
      %k = arith.constant 1000.0 : f64
      %w = arith.addf %v, %k : f64
      xmp.store %w, %ac2[%i] : !c_t
    }
    // Every element, gathered on every rank by the blocking gmove.
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
    %bs6 = arith.addi %bs5, %c1000i : i64
    %bs7 = arith.addi %bs6, %c1000i : i64
    xmp.gmove %ac[0:37] to %g37[0:37] : !c_t to memref<?xf64>
    func.call @print(%g37, %c37, %base) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %yv[0:29] to %g29[0:29] : !y_t to memref<?xf64>
    func.call @print(%g29, %c29, %bs1) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %xv[0:29] to %g29[0:29] : !x_t to memref<?xf64>
    func.call @print(%g29, %c29, %bs2) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %b2[0:6, 0:5] to %g65[0:6, 0:5] : !b2_t to memref<6x5xf64>
    %g65f = memref.collapse_shape %g65 [[0, 1]] : memref<6x5xf64> into memref<30xf64>
    %g65d = memref.cast %g65f : memref<30xf64> to memref<?xf64>
    func.call @print(%g65d, %c30, %bs3) : (memref<?xf64>, index, i64) -> ()
    %cold = memref.cast %col : memref<13xf64> to memref<?xf64>
    func.call @print(%cold, %c13, %bs4) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %dd[0:37] to %g37[0:37] : !c_t to memref<?xf64>
    func.call @print(%g37, %c37, %bs5) : (memref<?xf64>, index, i64) -> ()
    xmp.gmove %ac2[0:37] to %g37[0:37] : !c_t to memref<?xf64>
    func.call @print(%g37, %c37, %bs6) : (memref<?xf64>, index, i64) -> ()
    func.call @xmprt_print_scalar_f64(%bs7, %s) : (i64, f64) -> ()
  }
  xmp.dealloc %b2 : !b2_t
  xmp.dealloc %a2 : !a2_t
  xmp.dealloc %yv : !y_t
  xmp.dealloc %xv : !x_t
  xmp.dealloc %dd : !c_t
  xmp.dealloc %ac2 : !c_t
  xmp.dealloc %ac : !c_t
  xmp.dealloc %z : !b_t
  xmp.dealloc %ab2 : !b_t
  xmp.dealloc %ab : !b_t
  return
}
