// xmp.reduction on a grid of 2 ranks run on 3 or 4: the ranks outside the
// grid take no part (their darray has no block, their values are kept).
// Host darray reduction, the acc form (the CPU build's host instance) and
// a location reduction. Rank 0 prints.
xmp.nodes @g(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @g [block]
!a_t = !xmp.darray<4xf64, @t, align [*]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

func.func @main() -> i32 {
  %r32 = func.call @xmprt_world_rank() : () -> i32
  %rf = arith.sitofp %r32 : i32 to f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2i = arith.constant 2 : i32
  %in = arith.cmpi slt, %r32, %c2i : i32
  %a = xmp.alloc : !a_t
  %b = xmp.alloc : !a_t
  scf.if %in {
    scf.for %k = %c0 to %c4 step %c1 {
      %k64 = arith.index_cast %k : index to i64
      %kf = arith.sitofp %k64 : i64 to f64
      %v = arith.addf %rf, %kf : f64
      xmp.store %v, %a[%k] : !a_t
      xmp.store %v, %b[%k] : !a_t
    }
  }
  xmp.reduction add %a on @g : !a_t
  xmp.reduction max %b on @g acc : !a_t
  // firstmin of (rank + 1) % 2 over ranks 0, 1: rank 1 (value 0), loc 10*1.
  %c1i = arith.constant 1 : i32
  %r1 = arith.addi %r32, %c1i : i32
  %par = arith.remsi %r1, %c2i : i32
  %c10 = arith.constant 10 : i32
  %loc = arith.muli %r32, %c10 : i32
  %m, %l = xmp.reduction firstmin %par loc(%loc : i32) on @g : i32
  scf.if %in {
    scf.for %k = %c0 to %c4 step %c1 {
      %x = xmp.load %a[%k] : !a_t
      %y = xmp.load %b[%k] : !a_t
      %k64 = arith.index_cast %k : index to i64
      %t0 = arith.constant 10 : i64
      %t1 = arith.constant 20 : i64
      %ta = arith.addi %t0, %k64 : i64
      %tb = arith.addi %t1, %k64 : i64
      func.call @xmprt_print_scalar_f64(%ta, %x) : (i64, f64) -> ()
      func.call @xmprt_print_scalar_f64(%tb, %y) : (i64, f64) -> ()
    }
  }
  %mf = arith.sitofp %m : i32 to f64
  %lf = arith.sitofp %l : i32 to f64
  %t30 = arith.constant 30 : i64
  %t31 = arith.constant 31 : i64
  func.call @xmprt_print_scalar_f64(%t30, %mf) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t31, %lf) : (i64, f64) -> ()
  %z = arith.constant 0 : i32
  return %z : i32
}
