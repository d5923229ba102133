// Input of gmove-memref.test: xmp.gmove between darrays and memrefs (local
// arrays every rank holds). Every rank checks every element it received;
// the counts are summed over the ranks:
//   value70/71: a[0:12:2] (cyclic(2)) -> m1 (6 elements per rank): wrong, checked
//   value72/73: b[1:5, 2] (a column of [block, *]) -> m2 (4 per rank)
//   value74/75: m3[0:12] (100 + i on every rank) -> a[0:12], checked on
//               the owners (12 in all)
//   value76/77: m4 (2x4, 1000 + 10 i + j) -> b[3:5, 0:4], rows 3..5
//               checked on the owners (12 in all; row 5 keeps 10 i + j)
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 12)
xmp.template @u(shape = 6)
xmp.distribute @t onto @p [cyclic(2)]
xmp.distribute @u onto @p [block]
!a_t = !xmp.darray<12xf64, @t, align [0]>
!b_t = !xmp.darray<6x4xf64, @u, align [0, *]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @f(%i: index) -> f64 {
  %ii = arith.index_cast %i : index to i64
  %v = arith.sitofp %ii : i64 to f64
  return %v : f64
}

// 1.0 if x != want.
func.func @wrong(%x: f64, %want: f64) -> f64 {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ne = arith.cmpf une, %x, %want : f64
  %b = arith.select %ne, %one, %zero : f64
  return %b : f64
}

func.func @report(%tag: i64, %bad: f64, %n: f64) {
  %s0 = xmp.reduction add %bad on @p : f64
  %s1 = xmp.reduction add %n on @p : f64
  %one = arith.constant 1 : i64
  %tag1 = arith.addi %tag, %one : i64
  func.call @xmprt_print_scalar_f64(%tag, %s0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%tag1, %s1) : (i64, f64) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = xmp.alloc : !a_t
  %b = xmp.alloc : !b_t
  xmp.loop (%i) = (%c0) to (%c12) step (%c1) on @t [0] {
    %v = func.call @f(%i) : (index) -> f64
    xmp.store %v, %a[%i] : !a_t
  }
  xmp.loop (%i) = (%c0) to (%c6) step (%c1) on @u [0] {
    scf.for %j = %c0 to %c4 step %c1 {
      %h = arith.muli %i, %c10 : index
      %g = arith.addi %h, %j : index
      %v = func.call @f(%g) : (index) -> f64
      xmp.store %v, %b[%i, %j] : !b_t
    }
  }

  // darray -> memref
  %m1 = memref.alloca() : memref<6xf64>
  xmp.gmove %a[0:12:2] to %m1[0:6] : !a_t to memref<6xf64>
  %r1:2 = scf.for %k = %c0 to %c6 step %c1 iter_args(%bad = %zero, %n = %zero) -> (f64, f64) {
    %x = memref.load %m1[%k] : memref<6xf64>
    %g = arith.muli %k, %c2 : index
    %want = func.call @f(%g) : (index) -> f64
    %w = func.call @wrong(%x, %want) : (f64, f64) -> f64
    %bad2 = arith.addf %bad, %w : f64
    %n2 = arith.addf %n, %one : f64
    scf.yield %bad2, %n2 : f64, f64
  }
  %t70 = arith.constant 70 : i64
  func.call @report(%t70, %r1#0, %r1#1) : (i64, f64, f64) -> ()

  %m2 = memref.alloca() : memref<4xf64>
  xmp.gmove %b[1:5, 2] to %m2[0:4] : !b_t to memref<4xf64>
  %r2:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%bad = %zero, %n = %zero) -> (f64, f64) {
    %x = memref.load %m2[%k] : memref<4xf64>
    %i = arith.addi %k, %c1 : index
    %h = arith.muli %i, %c10 : index
    %g = arith.addi %h, %c2 : index
    %want = func.call @f(%g) : (index) -> f64
    %w = func.call @wrong(%x, %want) : (f64, f64) -> f64
    %bad2 = arith.addf %bad, %w : f64
    %n2 = arith.addf %n, %one : f64
    scf.yield %bad2, %n2 : f64, f64
  }
  %t72 = arith.constant 72 : i64
  func.call @report(%t72, %r2#0, %r2#1) : (i64, f64, f64) -> ()

  // memref -> darray
  %m3 = memref.alloca() : memref<12xf64>
  scf.for %k = %c0 to %c12 step %c1 {
    %g = arith.addi %k, %c100 : index
    %v = func.call @f(%g) : (index) -> f64
    memref.store %v, %m3[%k] : memref<12xf64>
  }
  xmp.gmove %m3[0:12] to %a[0:12] : memref<12xf64> to !a_t
  %r3:2 = xmp.loop (%i) = (%c0) to (%c12) step (%c1) on @t [0]
      reduce(add, add) init(%zero, %zero) -> (f64, f64) {
    %x = xmp.load %a[%i] : !a_t
    %g = arith.addi %i, %c100 : index
    %want = func.call @f(%g) : (index) -> f64
    %w = func.call @wrong(%x, %want) : (f64, f64) -> f64
    xmp.yield %w, %one : f64, f64
  }
  %t74 = arith.constant 74 : i64
  // (the loop's results are already summed over the ranks)
  func.call @xmprt_print_scalar_f64(%t74, %r3#0) : (i64, f64) -> ()
  %t75 = arith.constant 75 : i64
  func.call @xmprt_print_scalar_f64(%t75, %r3#1) : (i64, f64) -> ()

  %m4 = memref.alloca() : memref<2x4xf64>
  scf.for %k = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %h = arith.muli %k, %c10 : index
      %g0 = arith.addi %h, %j : index
      %g = arith.addi %g0, %c1000 : index
      %v = func.call @f(%g) : (index) -> f64
      memref.store %v, %m4[%k, %j] : memref<2x4xf64>
    }
  }
  xmp.gmove %m4[0:2, 0:4] to %b[3:5, 0:4] : memref<2x4xf64> to !b_t
  %r4:2 = xmp.loop (%i) = (%c3) to (%c6) step (%c1) on @u [0]
      reduce(add, add) init(%zero, %zero) -> (f64, f64) {
    %in = arith.cmpi slt, %i, %c4 : index
    %k = arith.subi %i, %c3 : index
    %s:2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%bad = %zero, %n = %zero) -> (f64, f64) {
      %x = xmp.load %b[%i, %j] : !b_t
      %h = arith.muli %k, %c10 : index
      %g0 = arith.addi %h, %j : index
      %g1 = arith.addi %g0, %c1000 : index
      // rows 3, 4 come from m4; row 5 keeps 10 i + j
      %i10 = arith.muli %i, %c10 : index
      %g2 = arith.addi %i10, %j : index
      %c5 = arith.constant 5 : index
      %fromm = arith.cmpi slt, %i, %c5 : index
      %g = arith.select %fromm, %g1, %g2 : index
      %want = func.call @f(%g) : (index) -> f64
      %w = func.call @wrong(%x, %want) : (f64, f64) -> f64
      %bad2 = arith.addf %bad, %w : f64
      %n2 = arith.addf %n, %one : f64
      scf.yield %bad2, %n2 : f64, f64
    }
    xmp.yield %s#0, %s#1 : f64, f64
  }
  %t76 = arith.constant 76 : i64
  func.call @xmprt_print_scalar_f64(%t76, %r4#0) : (i64, f64) -> ()
  %t77 = arith.constant 77 : i64
  func.call @xmprt_print_scalar_f64(%t77, %r4#1) : (i64, f64) -> ()
  xmp.dealloc %b : !b_t
  xmp.dealloc %a : !a_t
  return
}
