// Input of expand.test (second program): expand on a loop of step 3 from
// 1 (`for (i = 1; i < 22; i += 3)`) over a 23-element template by block,
// shadow 2:2, expand [2:2]. Every node also writes the lattice points
// 1 + 3k (< 22) that lie up to 2 beyond its block. Check: for every owned
// g and x = g - 2, g, g + 2 on that lattice, b[x] == x + 1 (read from the
// halo when x is not owned): value30 = wrong elements (0), value31 =
// elements checked (20 on any rank count).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 23)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<23xf64, @t, align [0], shadow [2:2]>
func.func private @xmprt_print_scalar_f64(i64, f64)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c22 = arith.constant 22 : index
  %c23 = arith.constant 23 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %b = xmp.alloc : !a_t
  xmp.loop (%i) = (%c1) to (%c22) step (%c3) on @t [0] expand [2:2] {
    %x = arith.index_cast %i : index to i64
    %f = arith.sitofp %x : i64 to f64
    %v = arith.addf %f, %one : f64
    xmp.store %v, %b[%i] : !a_t
  }
  // For every owned g and d in [-2, 2]: x = g + d inside [0, 23) on the
  // lattice 1 + 3k below 22 must hold x + 1.
  %r:2 = xmp.loop (%g) = (%c0) to (%c23) step (%c1) on @t [0] reduce(add, add) init(%zero, %zero) -> (f64, f64) {
    %s:2 = scf.for %d = %c0 to %c3 step %c1 iter_args(%bad = %zero, %n = %zero) -> (f64, f64) {
      // d in {-2, 0, 2} is enough to reach both halo sides
      %dd = arith.muli %d, %c2 : index
      %x0 = arith.addi %g, %dd : index
      %x = arith.subi %x0, %c2 : index
      %xi = arith.index_cast %x : index to i64
      %c0i = arith.constant 0 : i64
      %c22i = arith.constant 22 : i64
      %c3i = arith.constant 3 : i64
      %c1i = arith.constant 1 : i64
      %ge = arith.cmpi sge, %xi, %c1i : i64
      %lt = arith.cmpi slt, %xi, %c22i : i64
      %xm = arith.subi %xi, %c1i : i64
      %rem = arith.remsi %xm, %c3i : i64
      %on = arith.cmpi eq, %rem, %c0i : i64
      %in0 = arith.andi %ge, %lt : i1
      %in = arith.andi %in0, %on : i1
      %res:2 = scf.if %in -> (f64, f64) {
        %got = xmp.load %b[%x] : !a_t
        %xf = arith.sitofp %xi : i64 to f64
        %want = arith.addf %xf, %one : f64
        %ne = arith.cmpf une, %got, %want : f64
        %bb = arith.select %ne, %one, %zero : f64
        %b2 = arith.addf %bad, %bb : f64
        %n2 = arith.addf %n, %one : f64
        scf.yield %b2, %n2 : f64, f64
      } else {
        scf.yield %bad, %n : f64, f64
      }
      scf.yield %res#0, %res#1 : f64, f64
    }
    xmp.yield %s#0, %s#1 : f64, f64
  }
  %t0 = arith.constant 30 : i64
  %t1 = arith.constant 31 : i64
  func.call @xmprt_print_scalar_f64(%t0, %r#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t1, %r#1) : (i64, f64) -> ()
  return
}
