// FUZZ-ARGS: --xmp-lower-distribution
// issue 12 item 6: a grid of 2^32 ranks made the layout loop over every coordinate (minutes)
xmp.nodes @p(shape = 4294967296)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [block]
func.func @f(%x: f64) {
  %c0 = arith.constant 0 : index
  %a = xmp.alloc : !xmp.darray<17xf64, @t, align [0]>
  xmp.store %x, %a[%c0] : !xmp.darray<17xf64, @t, align [0]>
  return
}
