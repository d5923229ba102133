// FUZZ-ARGS: --xmp-select-channels=profile=@PROFILE@
// issue 12 item 7: 40000 '[' overflowed the JSON parser's stack
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
func.func @f(%a: !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  xmp.reflect %a : !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}
