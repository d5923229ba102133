// Input of runtime-errors.test: a static grid of 3 ranks. Run on 3 or more
// ranks it prints XMP-RESULT checksum 6 (= 1 + 2 + 3); on fewer ranks grid
// creation must stop with an error from xmprt_grid_create.
xmp.nodes @p(shape = 3)
xmp.template @t(shape = 3)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<3xf64, @t, align [0]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %tag = arith.constant 0 : i64
  %a = xmp.alloc : !a_t
  %s = xmp.loop (%i) = (%c0) to (%c3) step (%c1) on @t [0]
      reduce(add) init(%zero) -> f64 {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    %w = arith.addf %v, %one : f64
    xmp.store %w, %a[%i] : !a_t
    xmp.yield %w : f64
  }
  func.call @xmprt_print_scalar_f64(%tag, %s) : (i64, f64) -> ()
  xmp.dealloc %a : !a_t
  return
}
