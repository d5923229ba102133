// Input of expand.test: `expand` computes on halos instead of exchanging
// them. A 9 x 11 template on a `?x?` grid ([block, block]: on 5-7 ranks
// some ranks own no row), arrays with shadow 1 on both dimensions, and no
// reflect anywhere:
//   f(i, j) = 100 i + j + 1, for any integers i, j
//   b = f over [0,9) x [0,11), by a loop with expand [1:1, 1:1]: every
//       node also writes the halo elements (corners included) that lie in
//       the loop's range;
//   c[i][j] = b[i-1][j] + 2 b[i+1][j] + 3 b[i][j-1] + 5 b[i][j+1]
//             + 7 b[i-1][j-1]   over [1,8) x [1,10): reads those halos;
//   e = f by a device loop with expand [unbound 1:1, 0:0] over [0,9) x
//       [0,11): `unbound` also runs rows -1 and 9 (into the shadow of the
//       first and last row blocks);
//   g[i][j] = e[i-1][j] + e[i+1][j] over [0,9) x [0,11): reads them.
// Every element of c and g is checked on its owner against the closed
// form (integers, exact in f64):
//   value20/23 = elements of c/g that differ (0)
//   value21/24 = elements checked (7 * 9 = 63, 9 * 11 = 99)
//   value22/25 = sum of c/g over the checked elements
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = 9x11)
xmp.distribute @t onto @p [block, block]
!a_t = !xmp.darray<9x11xf64, @t, align [0, 1], shadow [1:1, 1:1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @f(%i: index, %j: index) -> f64 {
  %c100 = arith.constant 100 : index
  %c1 = arith.constant 1 : index
  %h = arith.muli %i, %c100 : index
  %s = arith.addi %h, %j : index
  %s1 = arith.addi %s, %c1 : index
  %x = arith.index_cast %s1 : index to i64
  %v = arith.sitofp %x : i64 to f64
  return %v : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %five = arith.constant 5.0 : f64
  %seven = arith.constant 7.0 : f64
  %b = xmp.alloc : !a_t
  %c = xmp.alloc : !a_t
  %e = xmp.alloc : !a_t
  %g = xmp.alloc : !a_t
  xmp.loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1) on @t [0, 1]
      expand [1:1, 1:1] {
    %v = func.call @f(%i, %j) : (index, index) -> f64
    xmp.store %v, %b[%i, %j] : !a_t
  }
  xmp.loop (%i, %j) = (%c1, %c1) to (%c8, %c10) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x0 = xmp.load %b[%im, %j] : !a_t
    %x1 = xmp.load %b[%ip, %j] : !a_t
    %x2 = xmp.load %b[%i, %jm] : !a_t
    %x3 = xmp.load %b[%i, %jp] : !a_t
    %x4 = xmp.load %b[%im, %jm] : !a_t
    %y1 = arith.mulf %x1, %two : f64
    %y2 = arith.mulf %x2, %three : f64
    %y3 = arith.mulf %x3, %five : f64
    %y4 = arith.mulf %x4, %seven : f64
    %s0 = arith.addf %x0, %y1 : f64
    %s1 = arith.addf %s0, %y2 : f64
    %s2 = arith.addf %s1, %y3 : f64
    %s3 = arith.addf %s2, %y4 : f64
    xmp.store %s3, %c[%i, %j] : !a_t
  }
  %r:3 = xmp.loop (%i, %j) = (%c1, %c1) to (%c8, %c10) step (%c1, %c1)
      on @t [0, 1] reduce(add, add, add) init(%zero, %zero, %zero)
      -> (f64, f64, f64) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %e0 = func.call @f(%im, %j) : (index, index) -> f64
    %e1 = func.call @f(%ip, %j) : (index, index) -> f64
    %e2 = func.call @f(%i, %jm) : (index, index) -> f64
    %e3 = func.call @f(%i, %jp) : (index, index) -> f64
    %e4 = func.call @f(%im, %jm) : (index, index) -> f64
    %z1 = arith.mulf %e1, %two : f64
    %z2 = arith.mulf %e2, %three : f64
    %z3 = arith.mulf %e3, %five : f64
    %z4 = arith.mulf %e4, %seven : f64
    %t0 = arith.addf %e0, %z1 : f64
    %t1 = arith.addf %t0, %z2 : f64
    %t2 = arith.addf %t1, %z3 : f64
    %want = arith.addf %t2, %z4 : f64
    %got = xmp.load %c[%i, %j] : !a_t
    %ne = arith.cmpf une, %got, %want : f64
    %bad = arith.select %ne, %one, %zero : f64
    xmp.yield %bad, %one, %got : f64, f64, f64
  }
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1)
      on @t [0, 1] expand [unbound 1:1, 0:0] {
    %v = func.call @f(%i, %j) : (index, index) -> f64
    xmp.store %v, %e[%i, %j] : !a_t
  }
  xmp.loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %x0 = xmp.load %e[%im, %j] : !a_t
    %x1 = xmp.load %e[%ip, %j] : !a_t
    %s = arith.addf %x0, %x1 : f64
    xmp.store %s, %g[%i, %j] : !a_t
  }
  %q:3 = xmp.loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1)
      on @t [0, 1] reduce(add, add, add) init(%zero, %zero, %zero)
      -> (f64, f64, f64) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %e0 = func.call @f(%im, %j) : (index, index) -> f64
    %e1 = func.call @f(%ip, %j) : (index, index) -> f64
    %want = arith.addf %e0, %e1 : f64
    %got = xmp.load %g[%i, %j] : !a_t
    %ne = arith.cmpf une, %got, %want : f64
    %bad = arith.select %ne, %one, %zero : f64
    xmp.yield %bad, %one, %got : f64, f64, f64
  }
  %t20 = arith.constant 20 : i64
  %t21 = arith.constant 21 : i64
  %t22 = arith.constant 22 : i64
  %t23 = arith.constant 23 : i64
  %t24 = arith.constant 24 : i64
  %t25 = arith.constant 25 : i64
  func.call @xmprt_print_scalar_f64(%t20, %r#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t21, %r#1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t22, %r#2) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t23, %q#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t24, %q#1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t25, %q#2) : (i64, f64) -> ()
  xmp.dealloc %b : !a_t
  xmp.dealloc %c : !a_t
  xmp.dealloc %e : !a_t
  xmp.dealloc %g : !a_t
  return
}
