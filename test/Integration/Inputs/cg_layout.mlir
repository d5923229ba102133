// The building blocks of examples/npb_cg.mlir on its layout: a 2-D
// template [block, block] over a ?x? grid, x aligned with template
// dimension 1 (replicated over grid axis 0), w with dimension 0
// (replicated over grid axis 1); n = 13 gives uneven blocks.
//   value10: sum of x[j] = j by a reduce(add) loop on @t [1]: 78 whatever
//            the grid (the loop combines along grid axis 1 only, so the
//            ranks of a grid column, which hold the same x, count once);
//   value11: the number of rows, by a reduce(add) loop on @t [0]: 13;
//   value12: w = 1 on every rank's rows, xmp.reduction of w over grid
//            axis 1 (w = number of grid columns), gmove w -> x (the
//            transpose), sum of x over @t [1] divided by the number of
//            grid columns: 13;
//   value13: the same with w[i] = i + 1 on every rank's rows: after the
//            reduction and the transpose x[j] = (j + 1) * columns, and the
//            sum of x[j] * (j + 1) divided by the number of grid columns
//            is the sum of (j + 1)^2 = 819 (each element where it belongs).
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = ?x?)
xmp.distribute @t onto @p [block, block]
!vec_t = !xmp.darray<?xf64, @t, align [1]>
!row_t = !xmp.darray<?xf64, @t, align [0]>
func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 13 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  xmp.template_fix @t(%n, %n)
  %x = xmp.alloc(%n) : !vec_t
  %w = xmp.alloc(%n) : !row_t
  %nc = xmp.node_size @p [1]
  %nci = arith.index_cast %nc : index to i64
  %ncf = arith.sitofp %nci : i64 to f64

  xmp.loop (%j) = (%c0) to (%n) step (%c1) on @t [1] {
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f64
    xmp.store %jf, %x[%j] : !vec_t
  }
  %s10 = xmp.loop (%j) = (%c0) to (%n) step (%c1) on @t [1]
      reduce(add) init(%zero) -> f64 {
    %v = xmp.load %x[%j] : !vec_t
    xmp.yield %v : f64
  }
  %s11 = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0]
      reduce(add) init(%zero) -> f64 {
    xmp.yield %one : f64
  }

  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    xmp.store %one, %w[%i] : !row_t
  }
  xmp.reduction add %w on @p [1] : !row_t
  xmp.gmove %w[0:%n] to %x[0:%n] : !row_t to !vec_t
  %s12a = xmp.loop (%j) = (%c0) to (%n) step (%c1) on @t [1]
      reduce(add) init(%zero) -> f64 {
    %v = xmp.load %x[%j] : !vec_t
    xmp.yield %v : f64
  }
  %s12 = arith.divf %s12a, %ncf : f64

  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    %i1 = arith.addi %i, %c1 : index
    %ii = arith.index_cast %i1 : index to i64
    %if = arith.sitofp %ii : i64 to f64
    xmp.store %if, %w[%i] : !row_t
  }
  xmp.reduction add %w on @p [1] : !row_t
  xmp.gmove %w[0:%n] to %x[0:%n] : !row_t to !vec_t
  %s13a = xmp.loop (%j) = (%c0) to (%n) step (%c1) on @t [1]
      reduce(add) init(%zero) -> f64 {
    %v = xmp.load %x[%j] : !vec_t
    %j1 = arith.addi %j, %c1 : index
    %ji = arith.index_cast %j1 : index to i64
    %jf = arith.sitofp %ji : i64 to f64
    %vj = arith.mulf %v, %jf : f64
    xmp.yield %vj : f64
  }
  %s13 = arith.divf %s13a, %ncf : f64

  %t10 = arith.constant 10 : i64
  %t11 = arith.constant 11 : i64
  %t12 = arith.constant 12 : i64
  %t13 = arith.constant 13 : i64
  func.call @xmprt_print_scalar_f64(%t10, %s10) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t11, %s11) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t12, %s12) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t13, %s13) : (i64, f64) -> ()
  xmp.dealloc %w : !row_t
  xmp.dealloc %x : !vec_t
  return
}
