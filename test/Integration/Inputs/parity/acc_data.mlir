// Parity suite: device data with and without replicate regions.
//   A. XcalableACC style: u, un replicated to the device, synced in, three
//      steps of (periodic `reflect acc` of u, a 9-point device loop into un,
//      a device loop scaling it back into u), a device reduction, synced
//      out; then host code reads u.
//   B. The automatic model (no region): a host loop writes v, a device
//      loop doubles it, `reflect acc` (non-periodic) exchanges its halos, a
//      device loop and a host loop read them (corners included).
//   C. `gmove ... acc` between a block and a cyclic(3) array: outside a
//      region after a device loop wrote the source, then a device loop
//      reads the destination; inside a region after a device loop changed
//      the source on the device only, then a device loop changes the
//      destination, both synced out.
// Grids are dynamic (10x12 on ?x?, 26 on ?). Rank 0 prints the checksums
// and every element. Reference: acc_data_ref.c.

xmp.nodes @p(shape = ?x?)
xmp.nodes @q(shape = ?)
xmp.template @t(shape = 10x12)
xmp.distribute @t onto @p [block, block]
xmp.template @tb(shape = 26)
xmp.distribute @tb onto @q [block]
xmp.template @tc(shape = 26)
xmp.distribute @tc onto @q [cyclic(3)]
!u_t = !xmp.darray<10x12xf64, @t, align [0, 1], shadow [1:1, 1:1]>
!ur_t = !xmp.darray<10x12xf64, @t, align [*, *]>
!a_t = !xmp.darray<26xf64, @tb, align [0]>
!ar_t = !xmp.darray<26xf64, @tb, align [*]>
!c_t = !xmp.darray<26xf64, @tc, align [0]>
!cr_t = !xmp.darray<26xf64, @tc, align [*]>

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

// 1 + (13 i + 7 j) mod 17
func.func @val(%i: index, %j: index) -> f64 {
  %c13 = arith.constant 13 : index
  %c7 = arith.constant 7 : index
  %c17 = arith.constant 17 : index
  %c1 = arith.constant 1 : index
  %a = arith.muli %i, %c13 : index
  %b = arith.muli %j, %c7 : index
  %s = arith.addi %a, %b : index
  %m = arith.remui %s, %c17 : index
  %v = arith.addi %m, %c1 : index
  %f = func.call @idx2f(%v) : (index) -> f64
  return %f : f64
}

// Weight of the 9-point stencil's point (di, dj), d from 0: 3 di + dj + 1.
func.func @sw(%di: index, %dj: index) -> f64 {
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %a = arith.muli %di, %c3 : index
  %b = arith.addi %a, %dj : index
  %v = arith.addi %b, %c1 : index
  %f = func.call @idx2f(%v) : (index) -> f64
  return %f : f64
}

func.func @print_u(%u: !u_t, %r: !ur_t, %base: index, %root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  xmp.gmove %u[0:10, 0:12] to %r[0:10, 0:12] : !u_t to !ur_t
  scf.if %root {
    scf.for %i = %c0 to %c10 step %c1 {
      scf.for %j = %c0 to %c12 step %c1 {
        %v = xmp.load %r[%i, %j] : !ur_t
        %l0 = arith.muli %i, %c12 : index
        %l = arith.addi %l0, %j : index
        %tg = arith.addi %base, %l : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}

func.func @partA(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %eighth = arith.constant 0.125 : f64
  %u = xmp.alloc : !u_t
  %un = xmp.alloc : !u_t
  %r = xmp.alloc : !ur_t
  xmp.loop (%i, %j) = (%c0, %c0) to (%c10, %c12) step (%c1, %c1) on @t [0, 1] {
    %v = func.call @val(%i, %j) : (index, index) -> f64
    xmp.store %v, %u[%i, %j] : !u_t
  }
  xmp.replicate (%u, %un) : !u_t, !u_t {
    xmp.replicate_sync in(%u) : !u_t
    scf.for %step = %c0 to %c3 step %c1 {
      xmp.reflect %u periodic [true, true] acc : !u_t
      xmp.device_loop (%i, %j) = (%c0, %c0) to (%c10, %c12) step (%c1, %c1) on @t [0, 1] {
        %acc = scf.for %di = %c0 to %c3 step %c1 iter_args(%s0 = %zero) -> (f64) {
          %i1 = arith.addi %i, %di : index
          %gi = arith.subi %i1, %c1 : index
          %s1 = scf.for %dj = %c0 to %c3 step %c1 iter_args(%t0 = %s0) -> (f64) {
            %j1 = arith.addi %j, %dj : index
            %gj = arith.subi %j1, %c1 : index
            %x = xmp.load %u[%gi, %gj] : !u_t
            %w = func.call @sw(%di, %dj) : (index, index) -> f64
            %y = arith.mulf %x, %w : f64
            %t1 = arith.addf %t0, %y : f64
            scf.yield %t1 : f64
          }
          scf.yield %s1 : f64
        }
        xmp.store %acc, %un[%i, %j] : !u_t
      }
      xmp.device_loop (%i, %j) = (%c0, %c0) to (%c10, %c12) step (%c1, %c1) on @t [0, 1] {
        %v = xmp.load %un[%i, %j] : !u_t
        %w = arith.mulf %v, %eighth : f64
        xmp.store %w, %u[%i, %j] : !u_t
      }
    }
    %sum, %mx = xmp.device_loop (%i, %j) = (%c0, %c0) to (%c10, %c12) step (%c1, %c1) on @t [0, 1] reduce(add, max) init(%zero, %ninf) -> (f64, f64) {
      %v = xmp.load %u[%i, %j] : !u_t
      xmp.yield %v, %v : f64, f64
    }
    %t0 = arith.constant 100 : index
    %t1 = arith.constant 101 : index
    func.call @pr(%t0, %sum) : (index, f64) -> ()
    func.call @pr(%t1, %mx) : (index, f64) -> ()
    xmp.replicate_sync out(%u) : !u_t
  }
  %base = arith.constant 10000 : index
  func.call @print_u(%u, %r, %base, %root) : (!u_t, !ur_t, index, i1) -> ()
  return
}

func.func @partB(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %f5 = arith.constant 5.0 : f64
  %f7 = arith.constant 7.0 : f64
  %v = xmp.alloc : !u_t
  %w = xmp.alloc : !u_t
  %r = xmp.alloc : !ur_t
  xmp.loop (%i, %j) = (%c0, %c0) to (%c10, %c12) step (%c1, %c1) on @t [0, 1] {
    %x = func.call @val(%i, %j) : (index, index) -> f64
    %y = arith.addf %x, %f7 : f64
    xmp.store %y, %v[%i, %j] : !u_t
  }
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c10, %c12) step (%c1, %c1) on @t [0, 1] {
    %x = xmp.load %v[%i, %j] : !u_t
    %y = arith.mulf %x, %f2 : f64
    xmp.store %y, %v[%i, %j] : !u_t
  }
  xmp.reflect %v acc : !u_t
  // w = v[i-1, j] + v[i+1, j] + 3 v[i, j-1] + 5 v[i, j+1] on the interior
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c9, %c11) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %n = xmp.load %v[%im, %j] : !u_t
    %s = xmp.load %v[%ip, %j] : !u_t
    %we = xmp.load %v[%i, %jm] : !u_t
    %e = xmp.load %v[%i, %jp] : !u_t
    %a = arith.addf %n, %s : f64
    %b = arith.mulf %we, %f3 : f64
    %c = arith.mulf %e, %f5 : f64
    %ab = arith.addf %a, %b : f64
    %abc = arith.addf %ab, %c : f64
    xmp.store %abc, %w[%i, %j] : !u_t
  }
  // host: sum over the interior of w - v[i-1, j-1] v[i+1, j+1] (corners)
  %cs = xmp.loop (%i, %j) = (%c1, %c1) to (%c9, %c11) step (%c1, %c1) on @t [0, 1] reduce(add) init(%zero) -> f64 {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x = xmp.load %w[%i, %j] : !u_t
    %nw = xmp.load %v[%im, %jm] : !u_t
    %se = xmp.load %v[%ip, %jp] : !u_t
    %p = arith.mulf %nw, %se : f64
    %d = arith.subf %x, %p : f64
    xmp.yield %d : f64
  }
  %t0 = arith.constant 200 : index
  func.call @pr(%t0, %cs) : (index, f64) -> ()
  // the interior of w (the boundary of w is never written: zeros)
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c10, %c12) step (%c1, %c1) on @t [0, 1] {
    %b0 = arith.cmpi eq, %i, %c0 : index
    %b1 = arith.cmpi eq, %i, %c9 : index
    %b2 = arith.cmpi eq, %j, %c0 : index
    %b3 = arith.cmpi eq, %j, %c11 : index
    %o1 = arith.ori %b0, %b1 : i1
    %o2 = arith.ori %b2, %b3 : i1
    %edge = arith.ori %o1, %o2 : i1
    %x = xmp.load %w[%i, %j] : !u_t
    %y = arith.select %edge, %zero, %x : f64
    xmp.store %y, %w[%i, %j] : !u_t
  }
  %base = arith.constant 20000 : index
  func.call @print_u(%w, %r, %base, %root) : (!u_t, !ur_t, index, i1) -> ()
  return
}

func.func @print_1d(%a: !a_t, %c: !c_t, %base: index, %root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c26 = arith.constant 26 : index
  %c100 = arith.constant 100 : index
  %ar = xmp.alloc : !ar_t
  %cr = xmp.alloc : !cr_t
  xmp.gmove %a[0:26] to %ar[0:26] : !a_t to !ar_t
  xmp.gmove %c[0:26] to %cr[0:26] : !c_t to !cr_t
  scf.if %root {
    scf.for %i = %c0 to %c26 step %c1 {
      %x = xmp.load %ar[%i] : !ar_t
      %y = xmp.load %cr[%i] : !cr_t
      %ta = arith.addi %base, %i : index
      %tc0 = arith.addi %base, %c100 : index
      %tc = arith.addi %tc0, %i : index
      func.call @pr(%ta, %x) : (index, f64) -> ()
      func.call @pr(%tc, %y) : (index, f64) -> ()
    }
  }
  xmp.dealloc %ar : !ar_t
  xmp.dealloc %cr : !cr_t
  return
}

func.func @partC(%root: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c13 = arith.constant 13 : index
  %c24 = arith.constant 24 : index
  %c26 = arith.constant 26 : index
  %zero = arith.constant 0.0 : f64
  %f1 = arith.constant 1.0 : f64
  %f2 = arith.constant 2.0 : f64
  %f3 = arith.constant 3.0 : f64
  %half = arith.constant 0.5 : f64
  %a = xmp.alloc : !a_t
  %c = xmp.alloc : !c_t
  // c = -1 everywhere (host), a = 3 i + 1 (device)
  xmp.loop (%i) = (%c0) to (%c26) step (%c1) on @tc [0] {
    %m = arith.constant -1.0 : f64
    xmp.store %m, %c[%i] : !c_t
  }
  xmp.device_loop (%i) = (%c0) to (%c26) step (%c1) on @tb [0] {
    %x = func.call @idx2f(%i) : (index) -> f64
    %y = arith.mulf %x, %f3 : f64
    %v = arith.addf %y, %f1 : f64
    xmp.store %v, %a[%i] : !a_t
  }
  xmp.gmove %a[2:26] to %c[0:24] acc : !a_t to !c_t
  %s = xmp.device_loop (%i) = (%c0) to (%c24) step (%c1) on @tc [0] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %c[%i] : !c_t
    %i1 = arith.addi %i, %c1 : index
    %x = func.call @idx2f(%i1) : (index) -> f64
    %vx = arith.mulf %v, %x : f64
    xmp.yield %vx : f64
  }
  %t0 = arith.constant 300 : index
  func.call @pr(%t0, %s) : (index, f64) -> ()
  %b0 = arith.constant 30000 : index
  func.call @print_1d(%a, %c, %b0, %root) : (!a_t, !c_t, index, i1) -> ()
  xmp.replicate (%a, %c) : !a_t, !c_t {
    xmp.device_loop (%i) = (%c0) to (%c26) step (%c1) on @tb [0] {
      %v = xmp.load %a[%i] : !a_t
      %w = arith.mulf %v, %f2 : f64
      xmp.store %w, %a[%i] : !a_t
    }
    xmp.gmove %a[0:20:2] to %c[3:13] acc : !a_t to !c_t
    xmp.device_loop (%i) = (%c3) to (%c13) step (%c1) on @tc [0] {
      %v = xmp.load %c[%i] : !c_t
      %w = arith.addf %v, %half : f64
      xmp.store %w, %c[%i] : !c_t
    }
    xmp.replicate_sync out(%a, %c) : !a_t, !c_t
  }
  %b1 = arith.constant 31000 : index
  func.call @print_1d(%a, %c, %b1, %root) : (!a_t, !c_t, index, i1) -> ()
  return
}

func.func @main() {
  %rk = func.call @xmprt_world_rank() : () -> i32
  %z32 = arith.constant 0 : i32
  %root = arith.cmpi eq, %rk, %z32 : i32
  func.call @partA(%root) : (i1) -> ()
  func.call @partB(%root) : (i1) -> ()
  func.call @partC(%root) : (i1) -> ()
  return
}
