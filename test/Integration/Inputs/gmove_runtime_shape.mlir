// Input of runtime-errors.test: a gmove whose shapes are known only at run
// time. argv[1] = n (size of the template and of a), argv[2] = m (size of
// b), argv[3] = mode: 0 = gmove a[0:n] -> b[0:m] (sections of different
// lengths when n != m), 1 = gmove a[0:n] -> b[0:n] (a section that leaves b
// when m < n). With n == m both are legal and the program prints
// XMP-RESULT checksum <sum of b> (0 + 1 + ... + n-1).
xmp.nodes @p(shape = ?)
xmp.template @u(shape = ?)
xmp.distribute @u onto @p [block]
!a_t = !xmp.darray<?xf64, @u, align [0]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_arg_i64(i32, i64) -> i64

func.func @main() {
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %i3 = arith.constant 3 : i32
  %d10 = arith.constant 10 : i64
  %d0 = arith.constant 0 : i64
  %n64 = func.call @xmprt_arg_i64(%i1, %d10) : (i32, i64) -> i64
  %m64 = func.call @xmprt_arg_i64(%i2, %d10) : (i32, i64) -> i64
  %mode = func.call @xmprt_arg_i64(%i3, %d0) : (i32, i64) -> i64
  %n = arith.index_cast %n64 : i64 to index
  %m = arith.index_cast %m64 : i64 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %tag = arith.constant 0 : i64

  xmp.template_fix @u(%n)
  %a = xmp.alloc(%n) : !a_t
  %b = xmp.alloc(%m) : !a_t
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @u [0] {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    xmp.store %v, %a[%i] : !a_t
  }
  %is0 = arith.cmpi eq, %mode, %d0 : i64
  scf.if %is0 {
    xmp.gmove %a[0:%n] to %b[0:%m] : !a_t to !a_t
  } else {
    xmp.gmove %a[0:%n] to %b[0:%n] : !a_t to !a_t
  }
  %s = xmp.loop (%i) = (%c0) to (%m) step (%c1) on @u [0]
      reduce(add) init(%zero) -> f64 {
    %v = xmp.load %b[%i] : !a_t
    xmp.yield %v : f64
  }
  func.call @xmprt_print_scalar_f64(%tag, %s) : (i64, f64) -> ()
  xmp.dealloc %b : !a_t
  xmp.dealloc %a : !a_t
  return
}
