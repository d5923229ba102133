// Parity suite: device loops whose CPU parts (split loops; on the CPU path
// every device loop is run by the executor in chunks) use values defined
// above them: an index and an f64 made in the time loop, an i1 flag, two
// darrays (each iteration writes the elements it owns), a 2-D loop over
// [block, cyclic(2)] with a non-unit step and two reductions. Sizes divide by no rank count
// (41, 11x13), so ranks own different counts and on 7 ranks some own
// nothing of the 2-D template's rows. Every element is printed, through
// host loops that pick one element each. Values are exact in f64.
// Reference: split_captures_ref.c.

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 41)
xmp.distribute @t onto @p [cyclic(3)]
!a = !xmp.darray<41xf64, @t, align [0]>
xmp.nodes @q(shape = ?x?)
xmp.template @u(shape = 11x13)
xmp.distribute @u onto @q [block, cyclic(2)]
!m = !xmp.darray<11x13xf64, @u, align [0, 1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c40 = arith.constant 40 : index
  %c41 = arith.constant 41 : index
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %a = xmp.alloc : !a
  %b = xmp.alloc : !a
  %m = xmp.alloc : !m
  xmp.loop (%i) = (%c0) to (%c41) step (%c1) on @t [0] {
    xmp.store %zero, %a[%i] : !a
    xmp.store %zero, %b[%i] : !a
  }
  scf.for %s = %c0 to %c3 step %c1 {
    %s64 = arith.index_cast %s : index to i64
    %sf = arith.sitofp %s64 : i64 to f64
    %off = arith.addi %s, %c2 : index
    %odd = arith.cmpi eq, %s, %c1 : index
    // a[i] = (i + s + 2) * s + 0.5 (+1 on step 1); b[i] = a[i] * s, i < 40
    %r = xmp.device_loop (%i) = (%c0) to (%c41) step (%c1) on @t [0] reduce(add) init(%zero) -> f64 {
      %io = arith.addi %i, %off : index
      %i64 = arith.index_cast %io : index to i64
      %if = arith.sitofp %i64 : i64 to f64
      %p = arith.mulf %if, %sf : f64
      %v0 = arith.addf %p, %half : f64
      %one = arith.constant 1.0 : f64
      %v1 = arith.addf %v0, %one : f64
      %v = arith.select %odd, %v1, %v0 : f64
      xmp.store %v, %a[%i] : !a
      xmp.yield %v : f64
    }
    %tag = arith.addi %s64, %s64 : i64
    %t100 = arith.constant 100 : i64
    %tg = arith.addi %tag, %t100 : i64
    func.call @xmprt_print_scalar_f64(%tg, %r) : (i64, f64) -> ()
    xmp.device_loop (%i) = (%c0) to (%c40) step (%c1) on @t [0] {
      %x = xmp.load %a[%i] : !a
      %y = arith.mulf %x, %sf : f64
      xmp.store %y, %b[%i] : !a
    }
    // 2-D, step 2 along the columns: m[i, j] = i * 13 + j + s, with the
    // sum of the values and the largest (i * 7 + j * 5) % 17 + s as
    // reductions (a CPU part cut along j too, e.g. XMP_CPU_CHUNKS=40 on few
    // rows, folds one partial per piece).
    %ninf = arith.constant 0xFFF0000000000000 : f64
    %ms, %mx = xmp.device_loop (%i, %j) = (%c0, %c1) to (%c11, %c13) step (%c1, %c2) on @u [0, 1] reduce(add, max) init(%zero, %ninf) -> (f64, f64) {
      %ij = arith.muli %i, %c13 : index
      %k = arith.addi %ij, %j : index
      %ks = arith.addi %k, %s : index
      %k64 = arith.index_cast %ks : index to i64
      %kf = arith.sitofp %k64 : i64 to f64
      xmp.store %kf, %m[%i, %j] : !m
      %c5 = arith.constant 5 : index
      %c7 = arith.constant 7 : index
      %c17 = arith.constant 17 : index
      %i7 = arith.muli %i, %c7 : index
      %j5 = arith.muli %j, %c5 : index
      %h = arith.addi %i7, %j5 : index
      %hm = arith.remui %h, %c17 : index
      %hs = arith.addi %hm, %s : index
      %h64 = arith.index_cast %hs : index to i64
      %hf = arith.sitofp %h64 : i64 to f64
      xmp.yield %kf, %hf : f64, f64
    }
    %t200 = arith.constant 200 : i64
    %t201 = arith.constant 201 : i64
    %tms = arith.addi %tag, %t200 : i64
    %tmx = arith.addi %tag, %t201 : i64
    func.call @xmprt_print_scalar_f64(%tms, %ms) : (i64, f64) -> ()
    func.call @xmprt_print_scalar_f64(%tmx, %mx) : (i64, f64) -> ()
  }
  // Every element, one host loop each (the owner contributes it).
  scf.for %j = %c0 to %c41 step %c1 {
    %xa, %xb = xmp.loop (%i) = (%c0) to (%c41) step (%c1) on @t [0] reduce(add, add) init(%zero, %zero) -> (f64, f64) {
      %eq = arith.cmpi eq, %i, %j : index
      %va = xmp.load %a[%i] : !a
      %vb = xmp.load %b[%i] : !a
      %ya = arith.select %eq, %va, %zero : f64
      %yb = arith.select %eq, %vb, %zero : f64
      xmp.yield %ya, %yb : f64, f64
    }
    %j64 = arith.index_cast %j : index to i64
    %t1000 = arith.constant 1000 : i64
    %t2000 = arith.constant 2000 : i64
    %ta = arith.addi %j64, %t1000 : i64
    %tb = arith.addi %j64, %t2000 : i64
    func.call @xmprt_print_scalar_f64(%ta, %xa) : (i64, f64) -> ()
    func.call @xmprt_print_scalar_f64(%tb, %xb) : (i64, f64) -> ()
  }
  %n = arith.constant 143 : index
  scf.for %e = %c0 to %n step %c1 {
    %ei = arith.divui %e, %c13 : index
    %ej = arith.remui %e, %c13 : index
    %xm = xmp.loop (%i, %j) = (%c0, %c0) to (%c11, %c13) step (%c1, %c1) on @u [0, 1] reduce(add) init(%zero) -> f64 {
      %e1 = arith.cmpi eq, %i, %ei : index
      %e2 = arith.cmpi eq, %j, %ej : index
      %eq = arith.andi %e1, %e2 : i1
      %v = xmp.load %m[%i, %j] : !m
      %y = arith.select %eq, %v, %zero : f64
      xmp.yield %y : f64
    }
    %e64 = arith.index_cast %e : index to i64
    %t3000 = arith.constant 3000 : i64
    %tm = arith.addi %e64, %t3000 : i64
    func.call @xmprt_print_scalar_f64(%tm, %xm) : (i64, f64) -> ()
  }
  xmp.dealloc %a : !a
  xmp.dealloc %b : !a
  xmp.dealloc %m : !m
  return
}
