// Input of complex.test: a complex<f64> darray with a shadow: stored
// (z[i] = i + i*j), reflected, multiplied with its neighbour in a loop that
// sums Re + Im of z[i-1] * z[i] = 2 (i-1) i j for i = 1..6:
// XMP-RESULT checksum 140 on any rank count.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<8xcomplex<f64>, @t, align [0], shadow [1:1]>
func.func private @xmprt_print_scalar_f64(i64, f64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f64
  %a = xmp.alloc : !a_t
  xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    %z = complex.create %v, %v : complex<f64>
    xmp.store %z, %a[%i] : !a_t
  }
  xmp.reflect %a : !a_t
  %s = xmp.loop (%i) = (%c1) to (%c7) step (%c1) on @t [0] reduce(add) init(%zero) -> f64 {
    %im = arith.subi %i, %c1 : index
    %x = xmp.load %a[%im] : !a_t
    %y = xmp.load %a[%i] : !a_t
    %p = complex.mul %x, %y : complex<f64>
    %r = complex.re %p : complex<f64>
    %q = complex.im %p : complex<f64>
    %t = arith.addf %r, %q : f64
    xmp.yield %t : f64
  }
  %t0 = arith.constant 0 : i64
  func.call @xmprt_print_scalar_f64(%t0, %s) : (i64, f64) -> ()
  return
}
