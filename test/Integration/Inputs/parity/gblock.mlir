// Parity suite: gblock distributions on static grids (so this program
// needs 2 ranks or more; ranks outside the grid hold nothing): a 1-D
// gblock([7, 0]) whose second rank owns nothing, a 1-D gblock([3, 9]) with
// a shadow, exchanged by `reflect ... acc` between device loops (outside
// replicate regions: the device loop writes, the reflect brings the device
// instance's halos up to date and back to the host, a device loop and a
// host loop read them), and a 2-D [gblock([4, 9]), block] of 13x10 on a
// 2x? grid. Per array: device loops write and update it, reduce it, a
// host loop sums a checksum, rank 0 prints every element.
// Reference: gblock_ref.c.
// PARITY-NP: 2 3 4

xmp.nodes @g(shape = 2)
xmp.nodes @h(shape = 2x?)
xmp.template @t0(shape = 7)
xmp.distribute @t0 onto @g [gblock([7, 0])]
xmp.template @t1(shape = 12)
xmp.distribute @t1 onto @g [gblock([3, 9])]
xmp.template @t2(shape = 13x10)
xmp.distribute @t2 onto @h [gblock([4, 9]), block]
!a0 = !xmp.darray<7xf64, @t0, align [0]>
!r0 = !xmp.darray<7xf64, @t0, align [*]>
!a1 = !xmp.darray<12xf64, @t1, align [0], shadow [1:1]>
!b1 = !xmp.darray<12xf64, @t1, align [0]>
!r1 = !xmp.darray<12xf64, @t1, align [*]>
!a2 = !xmp.darray<13x10xf64, @t2, align [0, 1]>
!r2 = !xmp.darray<13x10xf64, @t2, align [*, *]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

func.func @pr(%tag: index, %v: f64) {
  %t = arith.index_cast %tag : index to i64
  func.call @xmprt_print_scalar_f64(%t, %v) : (i64, f64) -> ()
  return
}

func.func @idx2f(%i: index) -> f64 {
  %x = arith.index_cast %i : index to i64
  %f = arith.sitofp %x : i64 to f64
  return %f : f64
}

// gblock([7, 0]): rank 1 of the grid owns nothing.
func.func @run0(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f64
  %big = arith.constant 1.0e300 : f64
  %f5 = arith.constant 5.0 : f64
  %a = xmp.alloc : !a0
  %r = xmp.alloc : !r0
  xmp.device_loop (%i) = (%c0) to (%c7) step (%c1) on @t0 [0] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %x2 = arith.mulf %x, %x : f64
    %v = arith.subf %x2, %f5 : f64
    xmp.store %v, %a[%i] : !a0
  }
  xmp.device_loop (%i) = (%c1) to (%c7) step (%c2) on @t0 [0] {
    %v = xmp.load %a[%i] : !a0
    %w = arith.addf %v, %v : f64
    xmp.store %w, %a[%i] : !a0
  }
  %s, %m = xmp.device_loop (%i) = (%c0) to (%c7) step (%c1) on @t0 [0] reduce(add, min) init(%zero, %big) -> (f64, f64) {
    %v = xmp.load %a[%i] : !a0
    xmp.yield %v, %v : f64, f64
  }
  %t0 = arith.constant 100 : index
  %t1 = arith.constant 101 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %m) : (index, f64) -> ()
  xmp.gmove %a[0:7] to %r[0:7] : !a0 to !r0
  scf.if %root {
    %base = arith.constant 10000 : index
    scf.for %i = %c0 to %c7 step %c1 {
      %v = xmp.load %r[%i] : !r0
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
  }
  return
}

// gblock([3, 9]) with a shadow: device loop, acc reflect, device and host
// loops reading the halos.
func.func @run1(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %a = xmp.alloc : !a1
  %b = xmp.alloc : !b1
  %r = xmp.alloc : !r1
  // a[i] = (7 i mod 12) + 1, written on the device
  xmp.device_loop (%i) = (%c0) to (%c12) step (%c1) on @t1 [0] {
    %c7 = arith.constant 7 : index
    %m = arith.muli %i, %c7 : index
    %q = arith.remui %m, %c12 : index
    %q1 = arith.addi %q, %c1 : index
    %v = func.call @idx2f(%q1) : (index) -> f64
    xmp.store %v, %a[%i] : !a1
  }
  xmp.reflect %a periodic [true] acc : !a1
  // b[i] = a[i-1] + 2 a[i] + 3 a[i+1] (periodic), on the device
  xmp.device_loop (%i) = (%c0) to (%c12) step (%c1) on @t1 [0] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = xmp.load %a[%im] : !a1
    %c = xmp.load %a[%i] : !a1
    %h = xmp.load %a[%ip] : !a1
    %c2 = arith.mulf %c, %f2 : f64
    %h3 = arith.mulf %h, %f3 : f64
    %s0 = arith.addf %l, %c2 : f64
    %s1 = arith.addf %s0, %h3 : f64
    xmp.store %s1, %b[%i] : !b1
  }
  // host: sum over i of (b[i] - a[i-1] a[i+1]) (i + 1)
  %cs = xmp.loop (%i) = (%c0) to (%c12) step (%c1) on @t1 [0] reduce(add) init(%zero) -> f64 {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = xmp.load %a[%im] : !a1
    %h = xmp.load %a[%ip] : !a1
    %v = xmp.load %b[%i] : !b1
    %lh = arith.mulf %l, %h : f64
    %d = arith.subf %v, %lh : f64
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %dx = arith.mulf %d, %x : f64
    xmp.yield %dx : f64
  }
  %t0 = arith.constant 200 : index
  func.call @pr(%t0, %cs) : (index, f64) -> ()
  xmp.gmove %b[0:12] to %r[0:12] : !b1 to !r1
  scf.if %root {
    %base = arith.constant 20000 : index
    scf.for %i = %c0 to %c12 step %c1 {
      %v = xmp.load %r[%i] : !r1
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
  }
  return
}

// [gblock([4, 9]), block] of 13x10 on a 2x? grid.
func.func @run2(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %zero = arith.constant 0.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %f10 = arith.constant 10.0 : f64
  %a = xmp.alloc : !a2
  %r = xmp.alloc : !r2
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c13, %c10) step (%c1, %c1) on @t2 [0, 1] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = func.call @idx2f(%j) : (index) -> f64
    %x10 = arith.mulf %x, %f10 : f64
    %v = arith.subf %x10, %y : f64
    xmp.store %v, %a[%i, %j] : !a2
  }
  xmp.device_loop (%i, %j) = (%c2, %c1) to (%c13, %c10) step (%c3, %c2) on @t2 [0, 1] {
    %v = xmp.load %a[%i, %j] : !a2
    %w = arith.mulf %v, %v : f64
    xmp.store %w, %a[%i, %j] : !a2
  }
  %s, %m = xmp.device_loop (%i, %j) = (%c0, %c0) to (%c13, %c10) step (%c1, %c1) on @t2 [0, 1] reduce(add, max) init(%zero, %ninf) -> (f64, f64) {
    %v = xmp.load %a[%i, %j] : !a2
    %y = func.call @idx2f(%j) : (index) -> f64
    %vy = arith.mulf %v, %y : f64
    xmp.yield %vy, %v : f64, f64
  }
  %t0 = arith.constant 300 : index
  %t1 = arith.constant 301 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %m) : (index, f64) -> ()
  xmp.gmove %a[0:13, 0:10] to %r[0:13, 0:10] : !a2 to !r2
  scf.if %root {
    %base = arith.constant 30000 : index
    scf.for %i = %c0 to %c13 step %c1 {
      scf.for %j = %c0 to %c10 step %c1 {
        %v = xmp.load %r[%i, %j] : !r2
        %l0 = arith.muli %i, %c10 : index
        %l = arith.addi %l0, %j : index
        %tg = arith.addi %base, %l : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}

func.func @main() {
  %rk = func.call @xmprt_world_rank() : () -> i32
  %z32 = arith.constant 0 : i32
  %root = arith.cmpi eq, %rk, %z32 : i32
  func.call @run0(%root) : (i1) -> ()
  func.call @run1(%root) : (i1) -> ()
  func.call @run2(%root) : (i1) -> ()
  return
}
