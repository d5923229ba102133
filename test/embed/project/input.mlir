xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
func.func @f() {
  %a = xmp.alloc : !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
  xmp.reflect %a : !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
  xmp.dealloc %a : !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
  return
}
