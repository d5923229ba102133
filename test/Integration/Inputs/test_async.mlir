// Input of test-async.test: xmp.test (XMP's xmp_test_async) polled in
// scf.while loops that count their polls and do local work, until it says
// true, then xmp.wait; every kind of request, two rounds (it = 0, 1):
//   a memref reduced in place (add, [r + it, 1]) over the whole 1-D grid,
//   a scalar's max (i64 7 r + it) and an i1 sum (parity of the ranks),
//   a memref broadcast from rank 0 ([100 r + k + it] before: [k + it]),
//   a gmove of a block darray of 23 (a[i] = 3 i + 1 + 1000 it) into a
//     memref (collective), and
//   a one-sided gmove in of a[5:23] into a memref on the last rank alone
//     (under scf.if), the other ranks passive in a barrier.
// After each loop the test is repeated: still true. Every value is checked
// on every rank against closed forms; rank 0 prints value10 = the number
// of mismatches over all ranks (0).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 23)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<23xf64, @t, align [0]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @chk(%err: memref<1xi64>, %bad: i1) {
  scf.if %bad {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i64
    %e = memref.load %err[%c0] : memref<1xi64>
    %e1 = arith.addi %e, %one : i64
    memref.store %e1, %err[%c0] : memref<1xi64>
  }
  return
}

func.func @f(%x: index) -> f64 {
  %i = arith.index_cast %x : index to i64
  %f = arith.sitofp %i : i64 to f64
  return %f : f64
}

// Polls %r until xmp.test says true, doing local work into %work between
// polls; then checks that it says true again (into %err).
func.func @poll_done(%r: !xmp.request, %work: memref<1xf64>, %err: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %half = arith.constant 0.5 : f64
  %polls = scf.while (%k = %c0) : (index) -> index {
    %done = xmp.test %r
    %go = arith.xori %done, %true : i1
    scf.condition(%go) %k : index
  } do {
  ^bb0(%k: index):
    %w = memref.load %work[%c0] : memref<1xf64>
    %kf = func.call @f(%k) : (index) -> f64
    %w1 = arith.mulf %w, %half : f64
    %w2 = arith.addf %w1, %kf : f64
    memref.store %w2, %work[%c0] : memref<1xf64>
    %k1 = arith.addi %k, %c1 : index
    scf.yield %k1 : index
  }
  %again = xmp.test %r
  %bad = arith.xori %again, %true : i1
  func.call @chk(%err, %bad) : (memref<1xi64>, i1) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c18 = arith.constant 18 : index
  %c23 = arith.constant 23 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %seven = arith.constant 7 : i64
  %zf = arith.constant 0.0 : f64
  %true = arith.constant true
  %err = memref.alloca() : memref<1xi64>
  memref.store %z, %err[%c0] : memref<1xi64>
  %work = memref.alloca() : memref<1xf64>
  memref.store %zf, %work[%c0] : memref<1xf64>
  %me = xmp.node_num @p
  %n = xmp.num_nodes @p
  %last = arith.subi %n, %c1 : index
  %r = arith.index_cast %me : index to i64
  %ni = arith.index_cast %n : index to i64
  %lasti = arith.index_cast %last : index to i64
  %a = xmp.alloc : !a_t
  %m = memref.alloca() : memref<2xi64>
  %v = memref.alloca() : memref<4xi64>
  %g = memref.alloca() : memref<23xf64>
  %o = memref.alloca() : memref<18xf64>
  scf.for %it = %c0 to %c2 step %c1 {
    %iti = arith.index_cast %it : index to i64
    // a memref summed in place: [sum (r + it), n]
    %m0 = arith.addi %r, %iti : i64
    memref.store %m0, %m[%c0] : memref<2xi64>
    memref.store %one, %m[%c1] : memref<2xi64>
    %rm = xmp.reduction_start add %m on @p : memref<2xi64>
    func.call @poll_done(%rm, %work, %err) : (!xmp.request, memref<1xf64>, memref<1xi64>) -> ()
    xmp.wait %rm
    %nm1 = arith.subi %ni, %one : i64
    %tri0 = arith.muli %ni, %nm1 : i64
    %tri = arith.divsi %tri0, %two : i64
    %nit = arith.muli %ni, %iti : i64
    %want0 = arith.addi %tri, %nit : i64
    %got0 = memref.load %m[%c0] : memref<2xi64>
    %got1 = memref.load %m[%c1] : memref<2xi64>
    %b0 = arith.cmpi ne, %got0, %want0 : i64
    %b1 = arith.cmpi ne, %got1, %ni : i64
    func.call @chk(%err, %b0) : (memref<1xi64>, i1) -> ()
    func.call @chk(%err, %b1) : (memref<1xi64>, i1) -> ()

    // scalars: a max and an i1 sum (the parity), values at the waits
    %x0 = arith.muli %r, %seven : i64
    %x = arith.addi %x0, %iti : i64
    %rs = xmp.reduction_start max %x on @p : i64
    %rp = xmp.reduction_start add %true on @p : i1
    func.call @poll_done(%rs, %work, %err) : (!xmp.request, memref<1xf64>, memref<1xi64>) -> ()
    func.call @poll_done(%rp, %work, %err) : (!xmp.request, memref<1xf64>, memref<1xi64>) -> ()
    %mx = xmp.wait %rs : i64
    %par = xmp.wait %rp : i1
    %wmx0 = arith.muli %lasti, %seven : i64
    %wmx = arith.addi %wmx0, %iti : i64
    %b2 = arith.cmpi ne, %mx, %wmx : i64
    func.call @chk(%err, %b2) : (memref<1xi64>, i1) -> ()
    %par64 = arith.extui %par : i1 to i64
    %wpar = arith.remsi %ni, %two : i64
    %b3 = arith.cmpi ne, %par64, %wpar : i64
    func.call @chk(%err, %b3) : (memref<1xi64>, i1) -> ()

    // a memref broadcast from rank 0
    scf.for %k = %c0 to %c4 step %c1 {
      %me100 = arith.muli %me, %c100 : index
      %vk0 = arith.addi %me100, %k : index
      %vk = arith.addi %vk0, %it : index
      %vki = arith.index_cast %vk : index to i64
      memref.store %vki, %v[%k] : memref<4xi64>
    }
    %rb = xmp.bcast_start %v from [0] on @p : memref<4xi64>
    func.call @poll_done(%rb, %work, %err) : (!xmp.request, memref<1xf64>, memref<1xi64>) -> ()
    xmp.wait %rb
    scf.for %k = %c0 to %c4 step %c1 {
      %wk = arith.addi %k, %it : index
      %wki = arith.index_cast %wk : index to i64
      %gk = memref.load %v[%k] : memref<4xi64>
      %bk = arith.cmpi ne, %gk, %wki : i64
      func.call @chk(%err, %bk) : (memref<1xi64>, i1) -> ()
    }

    // gmoves: a[i] = 3 i + 1 + 1000 it; collective into %g, one-sided
    // (in) a[5:23] into %o on the last rank
    xmp.loop (%i) = (%c0) to (%c23) step (%c1) on @t [0] {
      %i3 = arith.muli %i, %c3 : index
      %i31 = arith.addi %i3, %c1 : index
      %itk = arith.muli %it, %c1000 : index
      %vi = arith.addi %i31, %itk : index
      %vf = func.call @f(%vi) : (index) -> f64
      xmp.store %vf, %a[%i] : !a_t
    }
    %rg = xmp.gmove_start %a[0:23] to %g[0:23] : !a_t to memref<23xf64>
    func.call @poll_done(%rg, %work, %err) : (!xmp.request, memref<1xf64>, memref<1xi64>) -> ()
    xmp.wait %rg
    scf.for %i = %c0 to %c23 step %c1 {
      %i3 = arith.muli %i, %c3 : index
      %i31 = arith.addi %i3, %c1 : index
      %itk = arith.muli %it, %c1000 : index
      %wi = arith.addi %i31, %itk : index
      %wf = func.call @f(%wi) : (index) -> f64
      %gi = memref.load %g[%i] : memref<23xf64>
      %bi = arith.cmpf une, %gi, %wf : f64
      func.call @chk(%err, %bi) : (memref<1xi64>, i1) -> ()
    }
    xmp.barrier
    %isLast = arith.cmpi eq, %me, %last : index
    scf.if %isLast {
      %ro = xmp.gmove_start in %a[5:23] to %o[0:18] : !a_t to memref<18xf64>
      func.call @poll_done(%ro, %work, %err) : (!xmp.request, memref<1xf64>, memref<1xi64>) -> ()
      xmp.wait %ro
      scf.for %i = %c0 to %c18 step %c1 {
        %i5 = arith.addi %i, %c5 : index
        %i3 = arith.muli %i5, %c3 : index
        %i31 = arith.addi %i3, %c1 : index
        %itk = arith.muli %it, %c1000 : index
        %wi = arith.addi %i31, %itk : index
        %wf = func.call @f(%wi) : (index) -> f64
        %oi = memref.load %o[%i] : memref<18xf64>
        %bi = arith.cmpf une, %oi, %wf : f64
        func.call @chk(%err, %bi) : (memref<1xi64>, i1) -> ()
      }
    }
    xmp.barrier
  }
  xmp.dealloc %a : !a_t
  %ev = memref.load %err[%c0] : memref<1xi64>
  %es = xmp.reduction add %ev on @p : i64
  %ef = arith.sitofp %es : i64 to f64
  %t10 = arith.constant 10 : i64
  func.call @xmprt_print_scalar_f64(%t10, %ef) : (i64, f64) -> ()
  return
}
