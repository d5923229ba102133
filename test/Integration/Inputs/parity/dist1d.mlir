// Parity suite: 1-D device loops over every 1-D distribution of a
// dynamic grid (block, cyclic, cyclic(3)), sizes that do not divide the
// rank counts (23), and templates so small that ranks own nothing (3 in
// blocks, 5 in cyclic(2) blocks, on 4 ranks). Per template: a device loop
// writes the whole array, a strided one (lb 1, step 3) updates it, a
// strided one (lb 2, step 2, ub n - 1) reduces add/max/min, a host loop
// sums a checksum, and rank 0 prints every element (gmove to a replicated
// array). The cyclic loops without reductions are issue 12's bug 4 at run
// time. Reference: dist1d_ref.c.

xmp.nodes @p(shape = ?)
xmp.template @tb(shape = 23)
xmp.distribute @tb onto @p [block]
!ab = !xmp.darray<23xf64, @tb, align [0]>
!rb = !xmp.darray<23xf64, @tb, align [*]>
xmp.template @tc(shape = 23)
xmp.distribute @tc onto @p [cyclic]
!ac = !xmp.darray<23xf64, @tc, align [0]>
!rc = !xmp.darray<23xf64, @tc, align [*]>
xmp.template @tc3(shape = 23)
xmp.distribute @tc3 onto @p [cyclic(3)]
!ac3 = !xmp.darray<23xf64, @tc3, align [0]>
!rc3 = !xmp.darray<23xf64, @tc3, align [*]>
xmp.template @ts(shape = 3)
xmp.distribute @ts onto @p [block]
!as = !xmp.darray<3xf64, @ts, align [0]>
!rs = !xmp.darray<3xf64, @ts, align [*]>
xmp.template @tg(shape = 5)
xmp.distribute @tg onto @p [cyclic(2)]
!ag = !xmp.darray<5xf64, @tg, align [0]>
!rg = !xmp.darray<5xf64, @tg, align [*]>

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

// [block] of 23.
func.func @run_b(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 23 : index
  %n1 = arith.constant 22 : index
  %zero = arith.constant 0.0 : f64
  %f1 = arith.constant 1.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %pinf = arith.constant 1.0e300 : f64
  %a = xmp.alloc : !ab
  %r = xmp.alloc : !rb
  // a[i] = 3 i + 1
  xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @tb [0] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %x, %f3 : f64
    %v = arith.addf %y, %f1 : f64
    xmp.store %v, %a[%i] : !ab
  }
  // a[i] = 2 a[i] - i for i = 1, 4, 7, ...
  xmp.device_loop (%i) = (%c1) to (%n) step (%c3) on @tb [0] {
    %v = xmp.load %a[%i] : !ab
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %v, %f2 : f64
    %w = arith.subf %y, %x : f64
    xmp.store %w, %a[%i] : !ab
  }
  // over i = 2, 4, ..., < n - 1: sum of a[i] (i mod 3 + 1), max and min of a[i] - 2 i
  %s, %mx, %mn = xmp.device_loop (%i) = (%c2) to (%n1) step (%c2) on @tb [0] reduce(add, max, min) init(%zero, %ninf, %pinf) -> (f64, f64, f64) {
    %v = xmp.load %a[%i] : !ab
    %m = arith.remui %i, %c3 : index
    %m1 = arith.addi %m, %c1 : index
    %w = func.call @idx2f(%m1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    %x = func.call @idx2f(%i) : (index) -> f64
    %x2 = arith.mulf %x, %f2 : f64
    %d = arith.subf %v, %x2 : f64
    xmp.yield %vw, %d, %d : f64, f64, f64
  }
  // host: sum of a[i] (i + 1)
  %cs = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tb [0] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i] : !ab
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    xmp.yield %vx : f64
  }
  %t0 = arith.constant 100 : index
  %t1 = arith.constant 101 : index
  %t2 = arith.constant 102 : index
  %t3 = arith.constant 103 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %mx) : (index, f64) -> ()
  func.call @pr(%t2, %mn) : (index, f64) -> ()
  func.call @pr(%t3, %cs) : (index, f64) -> ()
  xmp.gmove %a[0:23] to %r[0:23] : !ab to !rb
  scf.if %root {
    %base = arith.constant 10000 : index
    scf.for %i = %c0 to %n step %c1 {
      %v = xmp.load %r[%i] : !rb
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
  }
  xmp.dealloc %a : !ab
  xmp.dealloc %r : !rb
  return
}

// [cyclic] of 23.
func.func @run_c(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 23 : index
  %n1 = arith.constant 22 : index
  %zero = arith.constant 0.0 : f64
  %f1 = arith.constant 1.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %pinf = arith.constant 1.0e300 : f64
  %a = xmp.alloc : !ac
  %r = xmp.alloc : !rc
  // a[i] = 3 i + 1
  xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @tc [0] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %x, %f3 : f64
    %v = arith.addf %y, %f1 : f64
    xmp.store %v, %a[%i] : !ac
  }
  // a[i] = 2 a[i] - i for i = 1, 4, 7, ...
  xmp.device_loop (%i) = (%c1) to (%n) step (%c3) on @tc [0] {
    %v = xmp.load %a[%i] : !ac
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %v, %f2 : f64
    %w = arith.subf %y, %x : f64
    xmp.store %w, %a[%i] : !ac
  }
  // over i = 2, 4, ..., < n - 1: sum of a[i] (i mod 3 + 1), max and min of a[i] - 2 i
  %s, %mx, %mn = xmp.device_loop (%i) = (%c2) to (%n1) step (%c2) on @tc [0] reduce(add, max, min) init(%zero, %ninf, %pinf) -> (f64, f64, f64) {
    %v = xmp.load %a[%i] : !ac
    %m = arith.remui %i, %c3 : index
    %m1 = arith.addi %m, %c1 : index
    %w = func.call @idx2f(%m1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    %x = func.call @idx2f(%i) : (index) -> f64
    %x2 = arith.mulf %x, %f2 : f64
    %d = arith.subf %v, %x2 : f64
    xmp.yield %vw, %d, %d : f64, f64, f64
  }
  // host: sum of a[i] (i + 1)
  %cs = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tc [0] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i] : !ac
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    xmp.yield %vx : f64
  }
  %t0 = arith.constant 200 : index
  %t1 = arith.constant 201 : index
  %t2 = arith.constant 202 : index
  %t3 = arith.constant 203 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %mx) : (index, f64) -> ()
  func.call @pr(%t2, %mn) : (index, f64) -> ()
  func.call @pr(%t3, %cs) : (index, f64) -> ()
  xmp.gmove %a[0:23] to %r[0:23] : !ac to !rc
  scf.if %root {
    %base = arith.constant 20000 : index
    scf.for %i = %c0 to %n step %c1 {
      %v = xmp.load %r[%i] : !rc
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
  }
  xmp.dealloc %a : !ac
  xmp.dealloc %r : !rc
  return
}

// [cyclic(3)] of 23.
func.func @run_c3(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 23 : index
  %n1 = arith.constant 22 : index
  %zero = arith.constant 0.0 : f64
  %f1 = arith.constant 1.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %pinf = arith.constant 1.0e300 : f64
  %a = xmp.alloc : !ac3
  %r = xmp.alloc : !rc3
  // a[i] = 3 i + 1
  xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @tc3 [0] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %x, %f3 : f64
    %v = arith.addf %y, %f1 : f64
    xmp.store %v, %a[%i] : !ac3
  }
  // a[i] = 2 a[i] - i for i = 1, 4, 7, ...
  xmp.device_loop (%i) = (%c1) to (%n) step (%c3) on @tc3 [0] {
    %v = xmp.load %a[%i] : !ac3
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %v, %f2 : f64
    %w = arith.subf %y, %x : f64
    xmp.store %w, %a[%i] : !ac3
  }
  // over i = 2, 4, ..., < n - 1: sum of a[i] (i mod 3 + 1), max and min of a[i] - 2 i
  %s, %mx, %mn = xmp.device_loop (%i) = (%c2) to (%n1) step (%c2) on @tc3 [0] reduce(add, max, min) init(%zero, %ninf, %pinf) -> (f64, f64, f64) {
    %v = xmp.load %a[%i] : !ac3
    %m = arith.remui %i, %c3 : index
    %m1 = arith.addi %m, %c1 : index
    %w = func.call @idx2f(%m1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    %x = func.call @idx2f(%i) : (index) -> f64
    %x2 = arith.mulf %x, %f2 : f64
    %d = arith.subf %v, %x2 : f64
    xmp.yield %vw, %d, %d : f64, f64, f64
  }
  // host: sum of a[i] (i + 1)
  %cs = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tc3 [0] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i] : !ac3
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    xmp.yield %vx : f64
  }
  %t0 = arith.constant 300 : index
  %t1 = arith.constant 301 : index
  %t2 = arith.constant 302 : index
  %t3 = arith.constant 303 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %mx) : (index, f64) -> ()
  func.call @pr(%t2, %mn) : (index, f64) -> ()
  func.call @pr(%t3, %cs) : (index, f64) -> ()
  xmp.gmove %a[0:23] to %r[0:23] : !ac3 to !rc3
  scf.if %root {
    %base = arith.constant 30000 : index
    scf.for %i = %c0 to %n step %c1 {
      %v = xmp.load %r[%i] : !rc3
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
  }
  xmp.dealloc %a : !ac3
  xmp.dealloc %r : !rc3
  return
}

// [block] of 3.
func.func @run_s(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 3 : index
  %n1 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %f1 = arith.constant 1.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %pinf = arith.constant 1.0e300 : f64
  %a = xmp.alloc : !as
  %r = xmp.alloc : !rs
  // a[i] = 3 i + 1
  xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @ts [0] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %x, %f3 : f64
    %v = arith.addf %y, %f1 : f64
    xmp.store %v, %a[%i] : !as
  }
  // a[i] = 2 a[i] - i for i = 1, 4, 7, ...
  xmp.device_loop (%i) = (%c1) to (%n) step (%c3) on @ts [0] {
    %v = xmp.load %a[%i] : !as
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %v, %f2 : f64
    %w = arith.subf %y, %x : f64
    xmp.store %w, %a[%i] : !as
  }
  // over i = 2, 4, ..., < n - 1: sum of a[i] (i mod 3 + 1), max and min of a[i] - 2 i
  %s, %mx, %mn = xmp.device_loop (%i) = (%c2) to (%n1) step (%c2) on @ts [0] reduce(add, max, min) init(%zero, %ninf, %pinf) -> (f64, f64, f64) {
    %v = xmp.load %a[%i] : !as
    %m = arith.remui %i, %c3 : index
    %m1 = arith.addi %m, %c1 : index
    %w = func.call @idx2f(%m1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    %x = func.call @idx2f(%i) : (index) -> f64
    %x2 = arith.mulf %x, %f2 : f64
    %d = arith.subf %v, %x2 : f64
    xmp.yield %vw, %d, %d : f64, f64, f64
  }
  // host: sum of a[i] (i + 1)
  %cs = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @ts [0] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i] : !as
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    xmp.yield %vx : f64
  }
  %t0 = arith.constant 400 : index
  %t1 = arith.constant 401 : index
  %t2 = arith.constant 402 : index
  %t3 = arith.constant 403 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %mx) : (index, f64) -> ()
  func.call @pr(%t2, %mn) : (index, f64) -> ()
  func.call @pr(%t3, %cs) : (index, f64) -> ()
  xmp.gmove %a[0:3] to %r[0:3] : !as to !rs
  scf.if %root {
    %base = arith.constant 40000 : index
    scf.for %i = %c0 to %n step %c1 {
      %v = xmp.load %r[%i] : !rs
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
  }
  xmp.dealloc %a : !as
  xmp.dealloc %r : !rs
  return
}

// [cyclic(2)] of 5.
func.func @run_g(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 5 : index
  %n1 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %f1 = arith.constant 1.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %pinf = arith.constant 1.0e300 : f64
  %a = xmp.alloc : !ag
  %r = xmp.alloc : !rg
  // a[i] = 3 i + 1
  xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @tg [0] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %x, %f3 : f64
    %v = arith.addf %y, %f1 : f64
    xmp.store %v, %a[%i] : !ag
  }
  // a[i] = 2 a[i] - i for i = 1, 4, 7, ...
  xmp.device_loop (%i) = (%c1) to (%n) step (%c3) on @tg [0] {
    %v = xmp.load %a[%i] : !ag
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %v, %f2 : f64
    %w = arith.subf %y, %x : f64
    xmp.store %w, %a[%i] : !ag
  }
  // over i = 2, 4, ..., < n - 1: sum of a[i] (i mod 3 + 1), max and min of a[i] - 2 i
  %s, %mx, %mn = xmp.device_loop (%i) = (%c2) to (%n1) step (%c2) on @tg [0] reduce(add, max, min) init(%zero, %ninf, %pinf) -> (f64, f64, f64) {
    %v = xmp.load %a[%i] : !ag
    %m = arith.remui %i, %c3 : index
    %m1 = arith.addi %m, %c1 : index
    %w = func.call @idx2f(%m1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    %x = func.call @idx2f(%i) : (index) -> f64
    %x2 = arith.mulf %x, %f2 : f64
    %d = arith.subf %v, %x2 : f64
    xmp.yield %vw, %d, %d : f64, f64, f64
  }
  // host: sum of a[i] (i + 1)
  %cs = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @tg [0] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i] : !ag
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    xmp.yield %vx : f64
  }
  %t0 = arith.constant 500 : index
  %t1 = arith.constant 501 : index
  %t2 = arith.constant 502 : index
  %t3 = arith.constant 503 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  func.call @pr(%t1, %mx) : (index, f64) -> ()
  func.call @pr(%t2, %mn) : (index, f64) -> ()
  func.call @pr(%t3, %cs) : (index, f64) -> ()
  xmp.gmove %a[0:5] to %r[0:5] : !ag to !rg
  scf.if %root {
    %base = arith.constant 50000 : index
    scf.for %i = %c0 to %n step %c1 {
      %v = xmp.load %r[%i] : !rg
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
  }
  xmp.dealloc %a : !ag
  xmp.dealloc %r : !rg
  return
}

func.func @main() {
  %rk = func.call @xmprt_world_rank() : () -> i32
  %z32 = arith.constant 0 : i32
  %root = arith.cmpi eq, %rk, %z32 : i32
  func.call @run_b(%root) : (i1) -> ()
  func.call @run_c(%root) : (i1) -> ()
  func.call @run_c3(%root) : (i1) -> ()
  func.call @run_s(%root) : (i1) -> ()
  func.call @run_g(%root) : (i1) -> ()
  return
}
