// FUZZ-ARGS: --pass-pipeline=builtin.module(xmp-lower-to-llvm)
// issue 12 item 5: sizes near 2^63 overflowed in the verifier and Distribution.h (UBSan)
xmp.nodes @p(shape = 2)
xmp.nodes @q(shape = 3)
xmp.template @t(shape = 9223372036854775807)
xmp.template @u(shape = 17)
xmp.template @v(shape = 4)
xmp.distribute @t onto @p [block]
xmp.distribute @u onto @q [cyclic(9223372036854775807)]
xmp.distribute @v onto @p [block]
func.func @main() {
  %a = xmp.alloc : !xmp.darray<9223372036854775807xf64, @t, align [0]>
  %b = xmp.alloc : !xmp.darray<17xf64, @u, align [0]>
  %c = xmp.alloc : !xmp.darray<1xf64, @v, align [0], offset [9223372036854775807]>
  return
}
