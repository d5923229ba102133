// Exercises the ops the examples do not: scalar and memref bcast and
// reduction (with an axis), barrier, reflect_init/start/wait, local_bounds,
// timing and weight ops, replicate / replicate_sync (CPU path), device_loop.
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x2)
xmp.template @t(shape = 11)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<11xi64, @t, align [0], shadow [1:1]>
func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %a = xmp.alloc : !a
  xmp.replicate (%a) : !a {
    xmp.replicate_sync in(%a) : !a
    xmp.device_loop (%i) = (%c0) to (%c11) step (%c1) on @t [0] weight(auto) {
      %v = arith.index_cast %i : index to i64
      %sq = arith.muli %v, %v : i64
      xmp.store %sq, %a[%i] : !a
    }
    xmp.replicate_sync out(%a) : !a
  }
  %plan = xmp.reflect_init %a periodic [true] : !a -> !xmp.reflect_plan
  %tok = xmp.reflect_start %plan
  xmp.reflect_wait %tok
  // Every rank checks its halo: element lo-1 (periodic) must be (lo-1)^2.
  %lo, %hi = xmp.local_bounds %a[0] : !a
  %c11i = arith.constant 11 : index
  %left0 = arith.addi %lo, %c11i : index
  %left1 = arith.subi %left0, %c1 : index
  %left = arith.remsi %left1, %c11i : index
  %ok0 = arith.cmpi slt, %lo, %hi : index
  %bad = scf.if %ok0 -> (i64) {
    %lm1 = arith.subi %lo, %c1 : index
    %h = xmp.load %a[%lm1] : !a
    %lv = arith.index_cast %left : index to i64
    %want = arith.muli %lv, %lv : i64
    %ne = arith.cmpi ne, %h, %want : i64
    %r = arith.extui %ne : i1 to i64
    scf.yield %r : i64
  } else {
    %z = arith.constant 0 : i64
    scf.yield %z : i64
  }
  %nbad = xmp.reduction add %bad on @p : i64
  %nbadf = arith.sitofp %nbad : i64 to f64
  %t20 = arith.constant 20 : i64
  func.call @xmprt_print_scalar_f64(%t20, %nbadf) : (i64, f64) -> ()

  // Broadcast from the last rank of @p, scalar and memref.
  %np = xmp.wtime : f64
  %one = arith.constant 1.0 : f64
  %sum1 = xmp.reduction add %one on @p : f64
  %t21 = arith.constant 21 : i64
  func.call @xmprt_print_scalar_f64(%t21, %sum1) : (i64, f64) -> ()
  %m = memref.alloc() : memref<3xi32>
  %c2 = arith.constant 2 : index
  %seven = arith.constant 7 : i32
  memref.store %seven, %m[%c0] : memref<3xi32>
  memref.store %seven, %m[%c1] : memref<3xi32>
  memref.store %seven, %m[%c2] : memref<3xi32>
  xmp.reduction mul %m on @p : memref<3xi32>
  %m0 = memref.load %m[%c2] : memref<3xi32>
  %m0f = arith.sitofp %m0 : i32 to f64
  %t22 = arith.constant 22 : i64
  func.call @xmprt_print_scalar_f64(%t22, %m0f) : (i64, f64) -> ()
  %b = xmp.bcast %sum1 from [0] on @p : f64
  xmp.bcast %m from [0] on @p : memref<3xi32>
  xmp.barrier on @p
  xmp.barrier
  // Along one axis of a 2-column grid: sums of 1 over axis 1 are 2.
  %ax = xmp.reduction add %one on @q [1] : f64
  %t23 = arith.constant 23 : i64
  func.call @xmprt_print_scalar_f64(%t23, %ax) : (i64, f64) -> ()
  %w = arith.constant 0.25 : f64
  xmp.reset_weight %w : f64
  %ct = xmp.cpu_time : f64
  %gt = xmp.gpu_time : f64
  %t24 = arith.constant 24 : i64
  func.call @xmprt_print_scalar_f64(%t24, %gt) : (i64, f64) -> ()
  memref.dealloc %m : memref<3xi32>
  xmp.dealloc %a : !a
  return
}
