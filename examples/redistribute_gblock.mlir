// redistribute_gblock.mlir -- part (b) of redistribute.mlir: a `gblock`
// distribution whose pieces do not match a block split, redistributed to
// and from a block distribution with `xmp.gmove`. The sequential reference
// is redistribute_ref.c (value11).
//
// gblock needs one piece size per rank of its grid axis, so the grid is
// static: `xmp.nodes @g(shape = 3)`. The program must run on at least 3
// ranks (on fewer, grid creation stops with an error from
// xmprt_grid_create); ranks beyond the third are not in the grid and hold
// nothing (the tests run it on 3 and on 4 ranks, the 4th rank idle, which
// exercises gmove, loops and reductions with a rank outside the grid).
//
// N = 20 on two templates over @g: @tg gblock([3, 12, 5]) and @tk block
// (7, 7, 6).
//   gb[i] = (3i) % 7 (gblock);  gmove gb -> bb (gblock -> block);
//   bb[i] = 2 bb[i] + i % 3 (loop on @tk);  gmove bb -> gb (block -> gblock);
//   gb[i] += 1 (loop on @tg).
// value11 = sum_i gb[i] * (i % 7 + 1) (integers: exact).
// Expected (`./redistribute_ref`):
//   XMP-RESULT value11 637

xmp.nodes @g(shape = 3)
xmp.template @tg(shape = 20)
xmp.template @tk(shape = 20)
xmp.distribute @tg onto @g [gblock([3, 12, 5])]
xmp.distribute @tk onto @g [block]
!g_t = !xmp.darray<20xf64, @tg, align [0]>
!k_t = !xmp.darray<20xf64, @tk, align [0]>

// Runtime helper (see examples/README.md).
func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %n = arith.constant 20 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %f2 = arith.constant 2.0 : f64
  %tag11 = arith.constant 11 : i64

  %gb = xmp.alloc : !g_t
  %bb = xmp.alloc : !k_t

  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tg [0] {
    %k = arith.muli %i, %c3 : index
    %kr = arith.remui %k, %c7 : index
    %ki = arith.index_cast %kr : index to i64
    %v = arith.sitofp %ki : i64 to f64
    xmp.store %v, %gb[%i] : !g_t
  }
  xmp.gmove %gb[0:20] to %bb[0:20] : !g_t to !k_t
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tk [0] {
    %v = xmp.load %bb[%i] : !k_t
    %k = arith.remui %i, %c3 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %v2 = arith.mulf %v, %f2 : f64
    %w = arith.addf %v2, %kf : f64
    xmp.store %w, %bb[%i] : !k_t
  }
  xmp.gmove %bb[0:20] to %gb[0:20] : !k_t to !g_t
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tg [0] {
    %v = xmp.load %gb[%i] : !g_t
    %w = arith.addf %v, %one : f64
    xmp.store %w, %gb[%i] : !g_t
  }
  %s = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tg [0]
      reduce(add) init(%zero) -> f64 {
    %v = xmp.load %gb[%i] : !g_t
    %k = arith.remui %i, %c7 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %w = arith.addf %kf, %one : f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  func.call @xmprt_print_scalar_f64(%tag11, %s) : (i64, f64) -> ()

  xmp.dealloc %bb : !k_t
  xmp.dealloc %gb : !g_t
  return
}
