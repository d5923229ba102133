// Input of outside-grid.test: a [block, cyclic(2)] template on a static
// 2x3 grid run on more ranks (7: rank 6 is outside the grid and must run
// no iteration). a[i][j] = 100 i + j is written by a 2-D loop and every
// element checked by another; x[j] = j + 1, aligned with the cyclic(2)
// dimension only (replicated over grid axis 0), by 1-D loops over that
// dimension. value30/value40 = elements visited (8*17 = 136, 17),
// value31/value41 = elements with a wrong value (0), value32/value42 =
// their sum (8*136 + 17*2800 = 48688, 153).
xmp.nodes @p(shape = 2x3)
xmp.template @t(shape = 8x17)
xmp.distribute @t onto @p [block, cyclic(2)]
!a_t = !xmp.darray<8x17xf64, @t, align [0, 1]>
!x_t = !xmp.darray<17xf64, @t, align [1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c17 = arith.constant 17 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = xmp.alloc : !a_t
  %x = xmp.alloc : !x_t
  xmp.loop (%i, %j) = (%c0, %c0) to (%c8, %c17) step (%c1, %c1) on @t [0, 1] {
    %h = arith.muli %i, %c100 : index
    %g = arith.addi %h, %j : index
    %gi = arith.index_cast %g : index to i64
    %v = arith.sitofp %gi : i64 to f64
    xmp.store %v, %a[%i, %j] : !a_t
  }
  %r:3 = xmp.loop (%i, %j) = (%c0, %c0) to (%c8, %c17) step (%c1, %c1)
      on @t [0, 1] reduce(add, add, add) init(%zero, %zero, %zero)
      -> (f64, f64, f64) {
    %h = arith.muli %i, %c100 : index
    %g = arith.addi %h, %j : index
    %gi = arith.index_cast %g : index to i64
    %want = arith.sitofp %gi : i64 to f64
    %got = xmp.load %a[%i, %j] : !a_t
    %ne = arith.cmpf une, %got, %want : f64
    %b = arith.select %ne, %one, %zero : f64
    xmp.yield %one, %b, %got : f64, f64, f64
  }
  xmp.loop (%j) = (%c0) to (%c17) step (%c1) on @t [1] {
    %ji = arith.index_cast %j : index to i64
    %v = arith.sitofp %ji : i64 to f64
    %w = arith.addf %v, %one : f64
    xmp.store %w, %x[%j] : !x_t
  }
  %s:3 = xmp.loop (%j) = (%c0) to (%c17) step (%c1) on @t [1]
      reduce(add, add, add) init(%zero, %zero, %zero) -> (f64, f64, f64) {
    %ji = arith.index_cast %j : index to i64
    %v = arith.sitofp %ji : i64 to f64
    %want = arith.addf %v, %one : f64
    %got = xmp.load %x[%j] : !x_t
    %ne = arith.cmpf une, %got, %want : f64
    %b = arith.select %ne, %one, %zero : f64
    xmp.yield %one, %b, %got : f64, f64, f64
  }
  %t30 = arith.constant 30 : i64
  %t31 = arith.constant 31 : i64
  %t32 = arith.constant 32 : i64
  %t40 = arith.constant 40 : i64
  %t41 = arith.constant 41 : i64
  %t42 = arith.constant 42 : i64
  func.call @xmprt_print_scalar_f64(%t30, %r#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t31, %r#1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t32, %r#2) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t40, %s#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t41, %s#1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t42, %s#2) : (i64, f64) -> ()
  xmp.dealloc %x : !x_t
  xmp.dealloc %a : !a_t
  return
}
