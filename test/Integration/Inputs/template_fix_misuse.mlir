// Input of runtime-errors.test: template_fix misuse. argv[1] = 0: an array
// is allocated on @u before its template_fix (the distribution of a '?'
// template takes effect at template_fix); 1: @u is fixed twice.
xmp.nodes @p(shape = ?)
xmp.template @u(shape = ?)
xmp.distribute @u onto @p [block]
!a_t = !xmp.darray<?xf64, @u, align [0]>
func.func private @xmprt_arg_i64(i32, i64) -> i64
func.func @main() {
  %i1 = arith.constant 1 : i32
  %d0 = arith.constant 0 : i64
  %mode = func.call @xmprt_arg_i64(%i1, %d0) : (i32, i64) -> i64
  %n = arith.constant 10 : index
  %is0 = arith.cmpi eq, %mode, %d0 : i64
  scf.if %is0 {
    %a = xmp.alloc(%n) : !a_t
    xmp.template_fix @u(%n)
  } else {
    xmp.template_fix @u(%n)
    xmp.template_fix @u(%n)
  }
  return
}
