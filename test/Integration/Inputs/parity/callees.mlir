// Parity suite (issue 20, item 2): device loops calling functions of the
// module, which the GPU build compiles for the device (gpu-kernel-outlining
// copies them into the kernel's module), while the CPU build, and the CPU
// part of a split device loop, call them on the host. The callees do index
// and float arithmetic, branch (scf.if), loop (scf.for), use a private
// scratch array (memref.alloca), take the square root of perfect squares
// (exact), return several values and an i1, and call each other (three
// levels). The same functions are called from host code too. Templates:
// cyclic(3) of 29 on a 1-D grid, [block, cyclic] of 9x7 on a 2-D grid.
// Reference: callees_ref.c.

xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @t(shape = 29)
xmp.distribute @t onto @p [cyclic(3)]
xmp.template @u(shape = 9x7)
xmp.distribute @u onto @q [block, cyclic]
!a_t = !xmp.darray<29xf64, @t, align [0]>
!ar_t = !xmp.darray<29xf64, @t, align [*]>
!b_t = !xmp.darray<9x7xf64, @u, align [0, 1]>
!br_t = !xmp.darray<9x7xf64, @u, align [*, *]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

func.func @pr(%tag: index, %v: f64) {
  %t = arith.index_cast %tag : index to i64
  func.call @xmprt_print_scalar_f64(%t, %v) : (i64, f64) -> ()
  return
}

// Index arithmetic with a branch: i > j ? (31 i + 17 j) mod 23 : (5 j - i) mod 11.
func.func @mix(%i: index, %j: index) -> index {
  %gt = arith.cmpi sgt, %i, %j : index
  %r = scf.if %gt -> (index) {
    %c31 = arith.constant 31 : index
    %c17 = arith.constant 17 : index
    %c23 = arith.constant 23 : index
    %a = arith.muli %i, %c31 : index
    %b = arith.muli %j, %c17 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c23 : index
    scf.yield %m : index
  } else {
    %c5 = arith.constant 5 : index
    %c11 = arith.constant 11 : index
    %b = arith.muli %j, %c5 : index
    %d = arith.subi %b, %i : index
    %m = arith.remui %d, %c11 : index
    scf.yield %m : index
  }
  return %r : index
}

func.func @tof(%i: index) -> f64 {
  %x = arith.index_cast %i : index to i64
  %f = arith.sitofp %x : i64 to f64
  return %f : f64
}

// sum over k < n of (x + k)^2, through a scratch array; and whether it is
// even.
func.func @poly(%x: f64, %n: index) -> (f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %buf = memref.alloca() : memref<8xf64>
  scf.for %k = %c0 to %n step %c1 {
    %kf = func.call @tof(%k) : (index) -> f64
    %y = arith.addf %x, %kf : f64
    %y2 = arith.mulf %y, %y : f64
    memref.store %y2, %buf[%k] : memref<8xf64>
  }
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %v = memref.load %buf[%k] : memref<8xf64>
    %a = arith.addf %acc, %v : f64
    scf.yield %a : f64
  }
  %half = arith.constant 0.5 : f64
  %h = arith.mulf %s, %half : f64
  %fl = math.floor %h : f64
  %even = arith.cmpf oeq, %h, %fl : f64
  return %s, %even : f64, i1
}

// sqrt((i + j)^2) + poly(mix(i, j), i mod 4 + 1): three levels of calls.
func.func @value(%i: index, %j: index) -> (f64, i1) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %i, %j : index
  %sf = func.call @tof(%s) : (index) -> f64
  %sq = arith.mulf %sf, %sf : f64
  %r = math.sqrt %sq : f64
  %m = func.call @mix(%i, %j) : (index, index) -> index
  %mf = func.call @tof(%m) : (index) -> f64
  %q = arith.remui %i, %c4 : index
  %n = arith.addi %q, %c1 : index
  %p, %e = func.call @poly(%mf, %n) : (f64, index) -> (f64, i1)
  %v = arith.addf %r, %p : f64
  return %v, %e : f64, i1
}

func.func @main() {
  %rk = func.call @xmprt_world_rank() : () -> i32
  %z32 = arith.constant 0 : i32
  %root = arith.cmpi eq, %rk, %z32 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c29 = arith.constant 29 : index
  %zero = arith.constant 0.0 : f64
  %false = arith.constant false
  %true = arith.constant true
  %ninf = arith.constant -1.0e300 : f64
  %a = xmp.alloc : !a_t
  %ar = xmp.alloc : !ar_t
  %b = xmp.alloc : !b_t
  %br = xmp.alloc : !br_t
  // a[i] = value(i, 3).0
  xmp.device_loop (%i) = (%c0) to (%c29) step (%c1) on @t [0] {
    %v, %e = func.call @value(%i, %c3) : (index, index) -> (f64, i1)
    xmp.store %v, %a[%i] : !a_t
  }
  // sum of a[i] mix(i, 2) and count of even poly values, over i = 1, 3, ...
  %s, %any, %all = xmp.device_loop (%i) = (%c1) to (%c29) step (%c2) on @t [0] reduce(add, or, and) init(%zero, %false, %true) -> (f64, i1, i1) {
    %x = xmp.load %a[%i] : !a_t
    %m = func.call @mix(%i, %c2) : (index, index) -> index
    %mf = func.call @tof(%m) : (index) -> f64
    %xm = arith.mulf %x, %mf : f64
    %v, %e = func.call @value(%i, %c7) : (index, index) -> (f64, i1)
    xmp.yield %xm, %e, %e : f64, i1, i1
  }
  // b[i, j] = value(i, j).0 - a[?]: 2-D, on the [block, cyclic] template
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c9, %c7) step (%c1, %c1) on @u [0, 1] {
    %v, %e = func.call @value(%i, %j) : (index, index) -> (f64, i1)
    %f = func.call @tof(%j) : (index) -> f64
    %w = arith.select %e, %v, %f : f64
    xmp.store %w, %b[%i, %j] : !b_t
  }
  %mx = xmp.device_loop (%i, %j) = (%c0, %c0) to (%c9, %c7) step (%c1, %c1) on @u [0, 1] reduce(max) init(%ninf) -> f64 {
    %w = xmp.load %b[%i, %j] : !b_t
    %m = func.call @mix(%j, %i) : (index, index) -> index
    %mf = func.call @tof(%m) : (index) -> f64
    %d = arith.subf %w, %mf : f64
    xmp.yield %d : f64
  }
  // the same functions on the host
  %h = xmp.loop (%i) = (%c0) to (%c29) step (%c1) on @t [0] reduce(add) init(%zero) -> f64 {
    %v, %e = func.call @value(%i, %c3) : (index, index) -> (f64, i1)
    %x = xmp.load %a[%i] : !a_t
    %d = arith.subf %x, %v : f64
    xmp.yield %d : f64
  }
  %direct, %de = func.call @value(%c9, %c2) : (index, index) -> (f64, i1)
  %t0 = arith.constant 100 : index
  %t1 = arith.constant 101 : index
  %t2 = arith.constant 102 : index
  %t3 = arith.constant 103 : index
  %t4 = arith.constant 104 : index
  %t5 = arith.constant 105 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  %anyf = arith.uitofp %any : i1 to f64
  %allf = arith.uitofp %all : i1 to f64
  func.call @pr(%t1, %anyf) : (index, f64) -> ()
  func.call @pr(%t2, %allf) : (index, f64) -> ()
  func.call @pr(%t3, %mx) : (index, f64) -> ()
  func.call @pr(%t4, %h) : (index, f64) -> ()
  func.call @pr(%t5, %direct) : (index, f64) -> ()
  xmp.gmove %a[0:29] to %ar[0:29] : !a_t to !ar_t
  xmp.gmove %b[0:9, 0:7] to %br[0:9, 0:7] : !b_t to !br_t
  scf.if %root {
    %base = arith.constant 1000 : index
    scf.for %i = %c0 to %c29 step %c1 {
      %v = xmp.load %ar[%i] : !ar_t
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
    %base2 = arith.constant 2000 : index
    scf.for %i = %c0 to %c9 step %c1 {
      scf.for %j = %c0 to %c7 step %c1 {
        %v = xmp.load %br[%i, %j] : !br_t
        %l0 = arith.muli %i, %c7 : index
        %l = arith.addi %l0, %j : index
        %tg = arith.addi %base2, %l : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}
