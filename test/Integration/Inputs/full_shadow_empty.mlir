// Input of full-shadow.test: after xmp.reflect every rank of the grid
// holds the whole of a full-shadow (`*`) dimension, also a rank whose own
// piece is empty. Run on 4 and 5 ranks:
//   a: 3 elements, block on @p(?)          -- ranks 3 (and 4) own nothing;
//   b: 3 elements, gblock([2, 0, 1]) on @q(3) -- rank 1 owns nothing, ranks
//      3 (and 4) are outside the grid and hold nothing;
//   c: 3x4, [block, block] on @r(?x1), shadow [*, 1:1] -- ranks 3 (and 4)
//      own no row.
// Every rank checks every element of its copy against the value its owner
// stored (a[i] = i + 1, b[i] = 10 (i + 1), c[i][j] = 10 i + j + 1); the
// counts are summed over all ranks: value50/52/54 = wrong elements (0),
// value51/53/55 = elements checked (3 per rank, 3 per rank of @q, 12 per
// rank).
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = 3)
xmp.nodes @r(shape = ?x1)
xmp.template @ta(shape = 3)
xmp.template @tb(shape = 3)
xmp.template @tc(shape = 3x4)
xmp.distribute @ta onto @p [block]
xmp.distribute @tb onto @q [gblock([2, 0, 1])]
xmp.distribute @tc onto @r [block, block]
!a_t = !xmp.darray<3xf64, @ta, align [0], shadow [*]>
!b_t = !xmp.darray<3xf64, @tb, align [0], shadow [*]>
!c_t = !xmp.darray<3x4xf64, @tc, align [0, 1], shadow [*, 1:1]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

// 1.0 if x != want, else 0.0.
func.func @wrong(%x: f64, %want: f64) -> f64 {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ne = arith.cmpf une, %x, %want : f64
  %b = arith.select %ne, %one, %zero : f64
  return %b : f64
}

func.func @value(%i: index, %scale: f64, %plus: index) -> f64 {
  %g = arith.addi %i, %plus : index
  %gi = arith.index_cast %g : index to i64
  %v = arith.sitofp %gi : i64 to f64
  %w = arith.mulf %v, %scale : f64
  return %w : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ten = arith.constant 10.0 : f64
  %a = xmp.alloc : !a_t
  %b = xmp.alloc : !b_t
  %c = xmp.alloc : !c_t
  xmp.loop (%i) = (%c0) to (%c3) step (%c1) on @ta [0] {
    %v = func.call @value(%i, %one, %c1) : (index, f64, index) -> f64
    xmp.store %v, %a[%i] : !a_t
  }
  xmp.loop (%i) = (%c0) to (%c3) step (%c1) on @tb [0] {
    %v = func.call @value(%i, %ten, %c1) : (index, f64, index) -> f64
    xmp.store %v, %b[%i] : !b_t
  }
  xmp.loop (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) on @tc [0, 1] {
    %h = arith.muli %i, %c10 : index
    %hj = arith.addi %h, %j : index
    %v = func.call @value(%hj, %one, %c1) : (index, f64, index) -> f64
    xmp.store %v, %c[%i, %j] : !c_t
  }
  xmp.reflect %a : !a_t
  xmp.reflect %b : !b_t
  xmp.reflect %c : !c_t

  // a: every rank (all are in @p).
  %ra:2 = scf.for %i = %c0 to %c3 step %c1
      iter_args(%bad = %zero, %n = %zero) -> (f64, f64) {
    %x = xmp.load %a[%i] : !a_t
    %want = func.call @value(%i, %one, %c1) : (index, f64, index) -> f64
    %w = func.call @wrong(%x, %want) : (f64, f64) -> f64
    %bad2 = arith.addf %bad, %w : f64
    %n2 = arith.addf %n, %one : f64
    scf.yield %bad2, %n2 : f64, f64
  }
  // b: the ranks of @q (world ranks 0..2) only.
  %rk = func.call @xmprt_world_rank() : () -> i32
  %rki = arith.index_cast %rk : i32 to index
  %inq = arith.cmpi slt, %rki, %c3 : index
  %rb:2 = scf.if %inq -> (f64, f64) {
    %r:2 = scf.for %i = %c0 to %c3 step %c1
        iter_args(%bad = %zero, %n = %zero) -> (f64, f64) {
      %x = xmp.load %b[%i] : !b_t
      %want = func.call @value(%i, %ten, %c1) : (index, f64, index) -> f64
      %w = func.call @wrong(%x, %want) : (f64, f64) -> f64
      %bad2 = arith.addf %bad, %w : f64
      %n2 = arith.addf %n, %one : f64
      scf.yield %bad2, %n2 : f64, f64
    }
    scf.yield %r#0, %r#1 : f64, f64
  } else {
    scf.yield %zero, %zero : f64, f64
  }
  // c: every rank (all are in @r); dim 1 is whole on every rank.
  %rc:2 = scf.for %i = %c0 to %c3 step %c1
      iter_args(%bad = %zero, %n = %zero) -> (f64, f64) {
    %r:2 = scf.for %j = %c0 to %c4 step %c1
        iter_args(%bad1 = %bad, %n1 = %n) -> (f64, f64) {
      %x = xmp.load %c[%i, %j] : !c_t
      %h = arith.muli %i, %c10 : index
      %hj = arith.addi %h, %j : index
      %want = func.call @value(%hj, %one, %c1) : (index, f64, index) -> f64
      %w = func.call @wrong(%x, %want) : (f64, f64) -> f64
      %bad2 = arith.addf %bad1, %w : f64
      %n2 = arith.addf %n1, %one : f64
      scf.yield %bad2, %n2 : f64, f64
    }
    scf.yield %r#0, %r#1 : f64, f64
  }
  %s0 = xmp.reduction add %ra#0 on @p : f64
  %s1 = xmp.reduction add %ra#1 on @p : f64
  %s2 = xmp.reduction add %rb#0 on @p : f64
  %s3 = xmp.reduction add %rb#1 on @p : f64
  %s4 = xmp.reduction add %rc#0 on @p : f64
  %s5 = xmp.reduction add %rc#1 on @p : f64
  %t50 = arith.constant 50 : i64
  %t51 = arith.constant 51 : i64
  %t52 = arith.constant 52 : i64
  %t53 = arith.constant 53 : i64
  %t54 = arith.constant 54 : i64
  %t55 = arith.constant 55 : i64
  func.call @xmprt_print_scalar_f64(%t50, %s0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t51, %s1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t52, %s2) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t53, %s3) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t54, %s4) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t55, %s5) : (i64, f64) -> ()
  xmp.dealloc %c : !c_t
  xmp.dealloc %b : !b_t
  xmp.dealloc %a : !a_t
  return
}
