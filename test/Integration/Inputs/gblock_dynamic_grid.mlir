// Input of gblock-grid.test: gblock([5, 12]) on a dynamic grid @p(?). Valid
// on 2 ranks: a[i] = i + 1 is written by one loop and every element
// checked by another (value60 = elements visited, 17; value61 = wrong
// elements, 0; value62 = their sum, 153; value63 = elements on rank 1, 12).
// On 1 or 3 ranks the list has the wrong number of sizes for the axis: the
// runtime must say so.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [gblock([5, 12])]
!a_t = !xmp.darray<17xf64, @t, align [0]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 17 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = xmp.alloc : !a_t
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    %w = arith.addf %v, %one : f64
    xmp.store %w, %a[%i] : !a_t
  }
  %rk = func.call @xmprt_world_rank() : () -> i32
  %r1 = arith.constant 1 : i32
  %isr1 = arith.cmpi eq, %rk, %r1 : i32
  %mine = arith.select %isr1, %one, %zero : f64
  %r:4 = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0]
      reduce(add, add, add, add) init(%zero, %zero, %zero, %zero)
      -> (f64, f64, f64, f64) {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    %want = arith.addf %v, %one : f64
    %got = xmp.load %a[%i] : !a_t
    %ne = arith.cmpf une, %got, %want : f64
    %b = arith.select %ne, %one, %zero : f64
    xmp.yield %one, %b, %got, %mine : f64, f64, f64, f64
  }
  %t60 = arith.constant 60 : i64
  %t61 = arith.constant 61 : i64
  %t62 = arith.constant 62 : i64
  %t63 = arith.constant 63 : i64
  func.call @xmprt_print_scalar_f64(%t60, %r#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t61, %r#1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t62, %r#2) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t63, %r#3) : (i64, f64) -> ()
  xmp.dealloc %a : !a_t
  return
}
