// redistribute.mlir -- redistribution with `xmp.gmove` between cyclic,
// block-cyclic, block and replicated arrays and between the two dimensions
// of a 2-D template (the NPB-CG transpose pattern). The sequential reference
// is redistribute_ref.c; the gblock part is redistribute_gblock.mlir (see
// "Grids" below).
//
// Grids: every grid here is dynamic (`shape = ?` / `?x?`), so the binary runs
// on any number of ranks. A `gblock` distribution needs one piece size per
// rank of its grid axis, i.e. a static axis, and a static grid of k ranks
// cannot run on fewer than k ranks; the gblock part is therefore a separate
// program, redistribute_gblock.mlir, on a static 3-rank grid (run it on 3 or
// more ranks).
//
// Parts (all data are integers, so every value is exact; one checksum per
// part, printed as value10 .. value13 = weighted sums sum_i v[i]*(i%7+1)):
//  (a) N = 50 elements on three 1-D templates over @p(?): @tb block, @tc
//      cyclic (= cyclic(1)), @tc3 cyclic(3).
//        ab[i] = (7i) % 11 (block);  gmove ab -> ac (block -> cyclic);
//        ac[i] = 3 ac[i] + i % 5 (loop on the cyclic template);
//        gmove ac -> ac3 (cyclic -> cyclic(3)); ac3[i] += 1 for odd i (loop
//        on @tc3 with step 2);
//        gmove ac3 -> ab (cyclic(3) -> block);
//        gmove ac[1:50:2] -> ab[0:25] (strided cyclic section -> block).
//      value10 = weighted sum of ab.
//  (c) the CG transpose: a 2-D template @t2 (M x M, M = 31) distributed
//      [block, block] over @q(?x?); xv aligned with dimension 0 (replicated
//      along grid axis 1), yv aligned with dimension 1 (replicated along
//      grid axis 0).
//        xv[i] = (5i) % 13;  gmove xv[0:M] -> yv[0:M];
//        yv[j] = 2 yv[j] + 1 (loop on @t2 [1]);
//        gmove yv[1:M] -> xv[0:M-1] (shifted back; xv[M-1] keeps its value).
//      value12 = weighted sum of xv (reduce over @t2 [0]: each element is
//      counted once, whatever the replication).
//  (d) single elements: r is a replicated 1-element array (align [*]).
//        gmove ab[5] -> r[0];  every rank: r[0] = 10 r[0] + 3;
//        gmove r[0] -> ac[7];  gmove ac3[13] -> r[0];
//      value13 = weighted sum of ac + 1000 * r[0].
// value11 is printed by redistribute_gblock.mlir (part (b)).
//
// Expected (`./redistribute_ref`):
//   XMP-RESULT value10 3334
//   XMP-RESULT value11 (printed by redistribute_gblock.mlir)
//   XMP-RESULT value12 1512
//   XMP-RESULT value13 16334

xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @tb(shape = 50)
xmp.template @tc(shape = 50)
xmp.template @tc3(shape = 50)
xmp.template @t2(shape = 31x31)
xmp.distribute @tb onto @p [block]
xmp.distribute @tc onto @p [cyclic]
xmp.distribute @tc3 onto @p [cyclic(3)]
xmp.distribute @t2 onto @q [block, block]
!b_t = !xmp.darray<50xf64, @tb, align [0]>
!c_t = !xmp.darray<50xf64, @tc, align [0]>
!c3_t = !xmp.darray<50xf64, @tc3, align [0]>
!r_t = !xmp.darray<1xf64, @tb, align [*]>
!x_t = !xmp.darray<31xf64, @t2, align [0]>
!y_t = !xmp.darray<31xf64, @t2, align [1]>

// Runtime helper (see examples/README.md).
func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %n = arith.constant 50 : index
  %m = arith.constant 31 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %f10 = arith.constant 10.0 : f64
  %f1000 = arith.constant 1000.0 : f64
  %tag10 = arith.constant 10 : i64
  %tag12 = arith.constant 12 : i64
  %tag13 = arith.constant 13 : i64

  %ab = xmp.alloc : !b_t
  %ac = xmp.alloc : !c_t
  %ac3 = xmp.alloc : !c3_t
  %r = xmp.alloc : !r_t
  %xv = xmp.alloc : !x_t
  %yv = xmp.alloc : !y_t

  // ---- (a) block <-> cyclic <-> cyclic(3) --------------------------------
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tb [0] {
    %k = arith.muli %i, %c7 : index
    %kr = arith.remui %k, %c11 : index
    %ki = arith.index_cast %kr : index to i64
    %v = arith.sitofp %ki : i64 to f64
    xmp.store %v, %ab[%i] : !b_t
  }
  xmp.gmove %ab[0:50] to %ac[0:50] : !b_t to !c_t
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tc [0] {
    %v = xmp.load %ac[%i] : !c_t
    %k = arith.remui %i, %c5 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %v3 = arith.mulf %v, %f3 : f64
    %w = arith.addf %v3, %kf : f64
    xmp.store %w, %ac[%i] : !c_t
  }
  xmp.gmove %ac[0:50] to %ac3[0:50] : !c_t to !c3_t
  // Step 2 on cyclic(3): the owned indices are not an arithmetic
  // progression in local memory (the lowering must guard the body).
  xmp.loop (%i) = (%c1) to (%n) step (%c2) on @tc3 [0] {
    %v = xmp.load %ac3[%i] : !c3_t
    %w = arith.addf %v, %one : f64
    xmp.store %w, %ac3[%i] : !c3_t
  }
  xmp.gmove %ac3[0:50] to %ab[0:50] : !c3_t to !b_t
  xmp.gmove %ac[1:50:2] to %ab[0:25] : !c_t to !b_t
  %s10 = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tb [0]
      reduce(add) init(%zero) -> f64 {
    %v = xmp.load %ab[%i] : !b_t
    %k = arith.remui %i, %c7 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %w = arith.addf %kf, %one : f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  func.call @xmprt_print_scalar_f64(%tag10, %s10) : (i64, f64) -> ()

  // ---- (c) CG transpose: template dimension 0 -> dimension 1 -------------
  xmp.loop (%i) = (%c0) to (%m) step (%c1) on @t2 [0] {
    %k = arith.muli %i, %c5 : index
    %kr = arith.remui %k, %c13 : index
    %ki = arith.index_cast %kr : index to i64
    %v = arith.sitofp %ki : i64 to f64
    xmp.store %v, %xv[%i] : !x_t
  }
  xmp.gmove %xv[0:31] to %yv[0:31] : !x_t to !y_t
  xmp.loop (%j) = (%c0) to (%m) step (%c1) on @t2 [1] {
    %v = xmp.load %yv[%j] : !y_t
    %v2 = arith.mulf %v, %f2 : f64
    %w = arith.addf %v2, %one : f64
    xmp.store %w, %yv[%j] : !y_t
  }
  xmp.gmove %yv[1:31] to %xv[0:30] : !y_t to !x_t
  %s12 = xmp.loop (%i) = (%c0) to (%m) step (%c1) on @t2 [0]
      reduce(add) init(%zero) -> f64 {
    %v = xmp.load %xv[%i] : !x_t
    %k = arith.remui %i, %c7 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %w = arith.addf %kf, %one : f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  func.call @xmprt_print_scalar_f64(%tag12, %s12) : (i64, f64) -> ()

  // ---- (d) a single element to a replicated scalar and back --------------
  xmp.gmove %ab[5] to %r[0] : !b_t to !r_t
  %rv = xmp.load %r[%c0] : !r_t      // every rank holds r
  %rv10 = arith.mulf %rv, %f10 : f64
  %rv2 = arith.addf %rv10, %f3 : f64
  xmp.store %rv2, %r[%c0] : !r_t
  xmp.gmove %r[0] to %ac[7] : !r_t to !c_t
  xmp.gmove %ac3[13] to %r[0] : !c3_t to !r_t
  %rl = xmp.load %r[%c0] : !r_t
  %s13a = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tc [0]
      reduce(add) init(%zero) -> f64 {
    %v = xmp.load %ac[%i] : !c_t
    %k = arith.remui %i, %c7 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %w = arith.addf %kf, %one : f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  %rl1000 = arith.mulf %rl, %f1000 : f64
  %s13 = arith.addf %s13a, %rl1000 : f64
  func.call @xmprt_print_scalar_f64(%tag13, %s13) : (i64, f64) -> ()

  xmp.dealloc %yv : !y_t
  xmp.dealloc %xv : !x_t
  xmp.dealloc %r : !r_t
  xmp.dealloc %ac3 : !c3_t
  xmp.dealloc %ac : !c_t
  xmp.dealloc %ab : !b_t
  return
}
