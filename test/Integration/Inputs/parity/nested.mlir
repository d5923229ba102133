// Parity suite (issue 20, item 4): xmp.loop nested in xmp.device_loop. The
// nested loop runs sequentially in each iteration of the device loop (each
// GPU thread, each CPU-part chunk), over the iterations of its own that
// the node owns, as in the CPU build; a nested loop may reduce over
// undistributed template dimensions (the verifier's rule). Cases: stores
// over an undistributed dimension; a matrix-vector product (add) and a max
// over it; a triangular loop (bounds from the outer index) over a cyclic
// dimension; two levels (a loop over a cyclic dimension around a
// reduction over an undistributed one); an i32 max inside an i32 sum.
// Reference: nested_ref.c.

xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @t(shape = 12x6)
xmp.distribute @t onto @p [block, *]
xmp.template @u(shape = 10x9)
xmp.distribute @u onto @q [block, cyclic]
!m_t = !xmp.darray<12x6xf64, @t, align [0, 1]>
!x_t = !xmp.darray<6xf64, @t, align [1]>
!y_t = !xmp.darray<12xf64, @t, align [0]>
!yr_t = !xmp.darray<12xf64, @t, align [*]>
!b_t = !xmp.darray<10x9xf64, @u, align [0, 1]>
!br_t = !xmp.darray<10x9xf64, @u, align [*, *]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

func.func @pr(%tag: index, %v: f64) {
  %t = arith.index_cast %tag : index to i64
  func.call @xmprt_print_scalar_f64(%t, %v) : (i64, f64) -> ()
  return
}

func.func @tof(%i: index) -> f64 {
  %x = arith.index_cast %i : index to i64
  %f = arith.sitofp %x : i64 to f64
  return %f : f64
}

func.func @main() {
  %rk = func.call @xmprt_world_rank() : () -> i32
  %z32 = arith.constant 0 : i32
  %root = arith.cmpi eq, %rk, %z32 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %ninf = arith.constant -1.0e300 : f64
  %m = xmp.alloc : !m_t
  %x = xmp.alloc : !x_t
  %y = xmp.alloc : !y_t
  %yr = xmp.alloc : !yr_t
  %b = xmp.alloc : !b_t
  %br = xmp.alloc : !br_t
  // m[i, j] = 6 i + j + 1: the nested loop stores over the undistributed j
  xmp.device_loop (%i) = (%c0) to (%c12) step (%c1) on @t [0] {
    xmp.loop (%j) = (%c0) to (%c6) step (%c1) on @t [1] {
      %i6 = arith.muli %i, %c6 : index
      %l = arith.addi %i6, %j : index
      %l1 = arith.addi %l, %c1 : index
      %v = func.call @tof(%l1) : (index) -> f64
      xmp.store %v, %m[%i, %j] : !m_t
    }
  }
  // x[j] = j + 0.5 (every rank holds all of x)
  xmp.loop (%j) = (%c0) to (%c6) step (%c1) on @t [1] {
    %v = func.call @tof(%j) : (index) -> f64
    %w = arith.addf %v, %half : f64
    xmp.store %w, %x[%j] : !x_t
  }
  // y[i] = sum_j m[i, j] x[j] + max_j (m[i, j] - j^2)
  xmp.device_loop (%i) = (%c0) to (%c12) step (%c1) on @t [0] {
    %s = xmp.loop (%j) = (%c0) to (%c6) step (%c1) on @t [1] reduce(add) init(%zero) -> f64 {
      %a = xmp.load %m[%i, %j] : !m_t
      %v = xmp.load %x[%j] : !x_t
      %av = arith.mulf %a, %v : f64
      xmp.yield %av : f64
    }
    %mx = xmp.loop (%j) = (%c0) to (%c6) step (%c1) on @t [1] reduce(max) init(%ninf) -> f64 {
      %a = xmp.load %m[%i, %j] : !m_t
      %jf = func.call @tof(%j) : (index) -> f64
      %j2 = arith.mulf %jf, %jf : f64
      %d = arith.subf %a, %j2 : f64
      xmp.yield %d : f64
    }
    %t = arith.addf %s, %mx : f64
    xmp.store %t, %y[%i] : !y_t
  }
  // b = -1, then b[i, j] = 10 i + j for j >= i (triangular, cyclic j)
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c10, %c9) step (%c1, %c1) on @u [0, 1] {
    %mone = arith.constant -1.0 : f64
    xmp.store %mone, %b[%i, %j] : !b_t
  }
  xmp.device_loop (%i) = (%c0) to (%c10) step (%c1) on @u [0] {
    xmp.loop (%j) = (%i) to (%c9) step (%c1) on @u [1] {
      %i10 = arith.muli %i, %c10 : index
      %l = arith.addi %i10, %j : index
      %v = func.call @tof(%l) : (index) -> f64
      xmp.store %v, %b[%i, %j] : !b_t
    }
  }
  // two levels: b[i, j] += sum_k x[k] k for j = 0, 2, 4, ...
  xmp.device_loop (%i) = (%c0) to (%c10) step (%c1) on @u [0] {
    xmp.loop (%j) = (%c0) to (%c9) step (%c2) on @u [1] {
      %s = xmp.loop (%k) = (%c0) to (%c6) step (%c1) on @t [1] reduce(add) init(%zero) -> f64 {
        %v = xmp.load %x[%k] : !x_t
        %kf = func.call @tof(%k) : (index) -> f64
        %vk = arith.mulf %v, %kf : f64
        xmp.yield %vk : f64
      }
      %old = xmp.load %b[%i, %j] : !b_t
      %new = arith.addf %old, %s : f64
      xmp.store %new, %b[%i, %j] : !b_t
    }
  }
  // sum over i of max over j of (i j) mod 7, as i32
  %zi = arith.constant 0 : i32
  %mini = arith.constant -1 : i32
  %cnt = xmp.device_loop (%i) = (%c0) to (%c12) step (%c1) on @t [0] reduce(add) init(%zi) -> i32 {
    %mj = xmp.loop (%j) = (%c0) to (%c6) step (%c1) on @t [1] reduce(max) init(%mini) -> i32 {
      %p = arith.muli %i, %j : index
      %r = arith.remui %p, %c7 : index
      %ri = arith.index_cast %r : index to i32
      xmp.yield %ri : i32
    }
    xmp.yield %mj : i32
  }
  %cntf = arith.sitofp %cnt : i32 to f64
  %cs = xmp.loop (%i, %j) = (%c0, %c0) to (%c10, %c9) step (%c1, %c1) on @u [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %b[%i, %j] : !b_t
    %i1 = arith.addi %i, %c1 : index
    %w = func.call @tof(%i1) : (index) -> f64
    %vw = arith.mulf %v, %w : f64
    xmp.yield %vw : f64
  }
  %t0 = arith.constant 100 : index
  %t1 = arith.constant 101 : index
  func.call @pr(%t0, %cntf) : (index, f64) -> ()
  func.call @pr(%t1, %cs) : (index, f64) -> ()
  xmp.gmove %y[0:12] to %yr[0:12] : !y_t to !yr_t
  xmp.gmove %b[0:10, 0:9] to %br[0:10, 0:9] : !b_t to !br_t
  scf.if %root {
    %base = arith.constant 1000 : index
    scf.for %i = %c0 to %c12 step %c1 {
      %v = xmp.load %yr[%i] : !yr_t
      %tg = arith.addi %base, %i : index
      func.call @pr(%tg, %v) : (index, f64) -> ()
    }
    %base2 = arith.constant 2000 : index
    scf.for %i = %c0 to %c10 step %c1 {
      scf.for %j = %c0 to %c9 step %c1 {
        %v = xmp.load %br[%i, %j] : !br_t
        %l0 = arith.muli %i, %c9 : index
        %l = arith.addi %l0, %j : index
        %tg = arith.addi %base2, %l : index
        func.call @pr(%tg, %v) : (index, f64) -> ()
      }
    }
  }
  return
}
