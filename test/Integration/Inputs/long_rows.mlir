// Input of long-rows.test: rows of 2100 elements, so that the local rows
// are padded to a multiple of 32 (dist::rowPitch, docs/runtime.md
// "Allocation layout") whether the columns are split or not, and the
// halo exchange of the last dimension runs over padded rows. A 7 x 2100
// array on a `?x?` grid ([block, block]: on 5 and 6 ranks some ranks own
// no row), shadow 1 on both dimensions, periodic along the columns:
//   a[i][j] = 10000 i + j + 1
//   b[i][j] = a[i-1][j] + 2 a[i+1][j] + 3 a[i][j-1] + 5 a[i][j+1]
// over 1 <= i < 6 and every j (j - 1, j + 1 taken modulo 2100). Every
// element of b is checked on its owner against the closed form (the
// sequential result, integers exact in f64):
//   value20 = elements of b that differ (0)
//   value21 = elements checked (5 * 2100 = 10500)
//   value22 = sum of b over the checked elements
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = 7x2100)
xmp.distribute @t onto @p [block, block]
!a_t = !xmp.darray<7x2100xf64, @t, align [0, 1], shadow [1:1, 1:1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

// a[i][j] as the program stores it (j taken modulo 2100).
func.func @av(%i: index, %j: index) -> f64 {
  %n = arith.constant 2100 : index
  %c10000 = arith.constant 10000 : index
  %c1 = arith.constant 1 : index
  %jj = arith.addi %j, %n : index
  %jm = arith.remui %jj, %n : index
  %h = arith.muli %i, %c10000 : index
  %s = arith.addi %h, %jm : index
  %s1 = arith.addi %s, %c1 : index
  %x = arith.index_cast %s1 : index to i64
  %f = arith.sitofp %x : i64 to f64
  return %f : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %n = arith.constant 2100 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %five = arith.constant 5.0 : f64
  %a = xmp.alloc : !a_t
  %b = xmp.alloc : !a_t
  xmp.loop (%i, %j) = (%c0, %c0) to (%c7, %n) step (%c1, %c1) on @t [0, 1] {
    %v = func.call @av(%i, %j) : (index, index) -> f64
    xmp.store %v, %a[%i, %j] : !a_t
  }
  xmp.reflect %a width [1:1, 1:1] periodic [false, true] : !a_t
  xmp.loop (%i, %j) = (%c1, %c0) to (%c6, %n) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x0 = xmp.load %a[%im, %j] : !a_t
    %x1 = xmp.load %a[%ip, %j] : !a_t
    %x2 = xmp.load %a[%i, %jm] : !a_t
    %x3 = xmp.load %a[%i, %jp] : !a_t
    %y1 = arith.mulf %x1, %two : f64
    %y2 = arith.mulf %x2, %three : f64
    %y3 = arith.mulf %x3, %five : f64
    %s0 = arith.addf %x0, %y1 : f64
    %s1 = arith.addf %s0, %y2 : f64
    %s2 = arith.addf %s1, %y3 : f64
    xmp.store %s2, %b[%i, %j] : !a_t
  }
  %r:3 = xmp.loop (%i, %j) = (%c1, %c0) to (%c6, %n) step (%c1, %c1)
      on @t [0, 1] reduce(add, add, add) init(%zero, %zero, %zero)
      -> (f64, f64, f64) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %e0 = func.call @av(%im, %j) : (index, index) -> f64
    %e1 = func.call @av(%ip, %j) : (index, index) -> f64
    %e2 = func.call @av(%i, %jm) : (index, index) -> f64
    %e3 = func.call @av(%i, %jp) : (index, index) -> f64
    %f1 = arith.mulf %e1, %two : f64
    %f2 = arith.mulf %e2, %three : f64
    %f3 = arith.mulf %e3, %five : f64
    %t0 = arith.addf %e0, %f1 : f64
    %t1 = arith.addf %t0, %f2 : f64
    %want = arith.addf %t1, %f3 : f64
    %got = xmp.load %b[%i, %j] : !a_t
    %ne = arith.cmpf une, %got, %want : f64
    %bad = arith.select %ne, %one, %zero : f64
    xmp.yield %bad, %one, %got : f64, f64, f64
  }
  %t20 = arith.constant 20 : i64
  %t21 = arith.constant 21 : i64
  %t22 = arith.constant 22 : i64
  func.call @xmprt_print_scalar_f64(%t20, %r#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t21, %r#1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t22, %r#2) : (i64, f64) -> ()
  xmp.dealloc %b : !a_t
  xmp.dealloc %a : !a_t
  return
}
