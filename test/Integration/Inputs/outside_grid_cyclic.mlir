// Input of outside-grid.test: cyclic templates on a static grid of 3 run
// on more ranks; the ranks outside the grid hold nothing and run no
// iteration. Every element is written by one loop and checked by another
// (per element, on its owner): value10/value20 = elements visited (17),
// value11/value21 = elements with a wrong value (0), value12/value22 =
// their sum (1 + ... + 17 = 153); value23 = elements 0, 2, ..., 16 of the
// cyclic(3) array visited by a loop of step 2 (9), value24 = their sum (81).
xmp.nodes @p(shape = 3)
xmp.template @t(shape = 17)
xmp.template @u(shape = 17)
xmp.distribute @t onto @p [cyclic]
xmp.distribute @u onto @p [cyclic(3)]
!a_t = !xmp.darray<17xf64, @t, align [0]>
!b_t = !xmp.darray<17xf64, @u, align [0]>

func.func private @xmprt_print_scalar_f64(i64, f64)

// Stores a[i] = i + 1 with one loop, checks every element with another.
func.func @check_t(%a: !a_t, %tag: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @t [0] {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    %w = arith.addf %v, %one : f64
    xmp.store %w, %a[%i] : !a_t
  }
  %r:3 = xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @t [0]
      reduce(add, add, add) init(%zero, %zero, %zero) -> (f64, f64, f64) {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    %want = arith.addf %v, %one : f64
    %got = xmp.load %a[%i] : !a_t
    %ne = arith.cmpf une, %got, %want : f64
    %b = arith.select %ne, %one, %zero : f64
    xmp.yield %one, %b, %got : f64, f64, f64
  }
  %t1 = arith.constant 1 : i64
  %t2 = arith.constant 2 : i64
  %k1 = arith.addi %tag, %t1 : i64
  %k2 = arith.addi %tag, %t2 : i64
  func.call @xmprt_print_scalar_f64(%tag, %r#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%k1, %r#1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%k2, %r#2) : (i64, f64) -> ()
  return
}

func.func @check_u(%a: !b_t, %tag: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c17 = arith.constant 17 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @u [0] {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    %w = arith.addf %v, %one : f64
    xmp.store %w, %a[%i] : !b_t
  }
  %r:3 = xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @u [0]
      reduce(add, add, add) init(%zero, %zero, %zero) -> (f64, f64, f64) {
    %ii = arith.index_cast %i : index to i64
    %v = arith.sitofp %ii : i64 to f64
    %want = arith.addf %v, %one : f64
    %got = xmp.load %a[%i] : !b_t
    %ne = arith.cmpf une, %got, %want : f64
    %b = arith.select %ne, %one, %zero : f64
    xmp.yield %one, %b, %got : f64, f64, f64
  }
  %r2:2 = xmp.loop (%i) = (%c0) to (%c17) step (%c2) on @u [0]
      reduce(add, add) init(%zero, %zero) -> (f64, f64) {
    %got = xmp.load %a[%i] : !b_t
    xmp.yield %one, %got : f64, f64
  }
  %t1 = arith.constant 1 : i64
  %t2 = arith.constant 2 : i64
  %t3 = arith.constant 3 : i64
  %t4 = arith.constant 4 : i64
  %k1 = arith.addi %tag, %t1 : i64
  %k2 = arith.addi %tag, %t2 : i64
  %k3 = arith.addi %tag, %t3 : i64
  %k4 = arith.addi %tag, %t4 : i64
  func.call @xmprt_print_scalar_f64(%tag, %r#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%k1, %r#1) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%k2, %r#2) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%k3, %r2#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%k4, %r2#1) : (i64, f64) -> ()
  return
}

func.func @main() {
  %a = xmp.alloc : !a_t
  %b = xmp.alloc : !b_t
  %t10 = arith.constant 10 : i64
  %t20 = arith.constant 20 : i64
  func.call @check_t(%a, %t10) : (!a_t, i64) -> ()
  func.call @check_u(%b, %t20) : (!b_t, i64) -> ()
  xmp.dealloc %b : !b_t
  xmp.dealloc %a : !a_t
  return
}
