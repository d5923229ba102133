// Input of block-n.test: block(n) distributions (XMP's block(n)) whose last
// owning rank holds a shorter block and whose other ranks may hold none.
// A 1-D template of 2 P + 1 elements, block(4), over a `?` grid of P ranks
// (4, 4, ..., then 1 to 4, then nothing: not what `block` would give), and a
// 2-D template of (P0 + 2) x 10 elements, [block(3), cyclic(2)], over a
// `?x?` grid of P0 x P1 ranks (rows 3, then the rest, then nothing). Every element is written by its owner, the
// shadows are filled by reflect across block edges, and every rank checks
// what it reads (its own elements and both neighbours through the shadow)
// and its owned range against closed forms. Host loops, a device loop
// (CPU part here; a kernel on the GPU) and loop reductions. Rank 0 prints:
//   value10 errors (0)
//   value11 sum over i of a[i] = i^2 (checked against (n-1) n (2n-1) / 6)
//   value12 elements of the 2-D array checked (every one: (P0 + 2) 10)
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [block(4)]
xmp.template @u(shape = ?x10)
xmp.distribute @u onto @q [block(3), cyclic(2)]
!a_t = !xmp.darray<?xf64, @t, align [0], shadow [1:1]>
!b_t = !xmp.darray<?x10xi64, @u, align [0, 1], shadow [1:1, 0:0]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %zf = arith.constant 0.0 : f64
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %P = xmp.num_nodes @p
  %n2 = arith.muli %P, %c2 : index
  %n = arith.addi %n2, %c1 : index
  xmp.template_fix @t(%n)
  %a = xmp.alloc(%n) : !a_t
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    %f = arith.sitofp %sq : i64 to f64
    xmp.store %f, %a[%i] : !a_t
  }
  xmp.reflect %a : !a_t
  // each owned element and both neighbours (through the shadow)
  %nm1 = arith.subi %n, %c1 : index
  %e1 = xmp.loop (%i) = (%c1) to (%nm1) step (%c1) on @t [0] reduce(add) init(%z) -> i64 {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = xmp.load %a[%im] : !a_t
    %r = xmp.load %a[%ip] : !a_t
    %s = arith.addf %l, %r : f64
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    %two = arith.constant 2 : i64
    %w0 = arith.muli %sq, %two : i64
    %w = arith.addi %w0, %two : i64
    %wf = arith.sitofp %w : i64 to f64
    %ne = arith.cmpf une, %s, %wf : f64
    %e = arith.extui %ne : i1 to i64
    xmp.yield %e : i64
  }
  %sum = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(add) init(%zf) -> f64 {
    %v = xmp.load %a[%i] : !a_t
    xmp.yield %v : f64
  }
  // owned range of this rank: [4 r, min(4 r + 4, n)) (empty past n)
  %me = xmp.node_num @p
  %lo, %hi = xmp.local_bounds %a[0] : !a_t
  %c4 = arith.constant 4 : index
  %wlo = arith.muli %me, %c4 : index
  %whi0 = arith.addi %wlo, %c4 : index
  %whi = arith.minsi %whi0, %n : index
  %wlo2 = arith.minsi %wlo, %n : index
  %blo = arith.cmpi ne, %lo, %wlo2 : index
  %bhi = arith.cmpi ne, %hi, %whi : index
  %bb = arith.ori %blo, %bhi : i1
  %eb = arith.extui %bb : i1 to i64
  %e2 = xmp.reduction add %eb on @p : i64

  // 2-D: rows block(3), columns cyclic(2); b[i, j] = 100 i + j
  %P0 = xmp.node_size @q [0]
  %m = arith.addi %P0, %c2 : index
  xmp.template_fix @u(%m)
  %b = xmp.alloc(%m) : !b_t
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%m, %c10) step (%c1, %c1) on @u [0, 1] {
    %r = arith.muli %i, %c100 : index
    %v = arith.addi %r, %j : index
    %vv = arith.index_cast %v : index to i64
    xmp.store %vv, %b[%i, %j] : !b_t
  }
  xmp.reflect %b : !b_t
  %mm1 = arith.subi %m, %c1 : index
  %e3, %cnt = xmp.loop (%i, %j) = (%c0, %c0) to (%m, %c10) step (%c1, %c1) on @u [0, 1] reduce(add, add) init(%z, %z) -> (i64, i64) {
    %r = arith.muli %i, %c100 : index
    %v = arith.addi %r, %j : index
    %vv = arith.index_cast %v : index to i64
    %x = xmp.load %b[%i, %j] : !b_t
    %ne = arith.cmpi ne, %x, %vv : i64
    // the row above and below through the shadow (where they exist)
    %hasUp = arith.cmpi sgt, %i, %c0 : index
    %hasDn = arith.cmpi slt, %i, %mm1 : index
    %iu = arith.select %hasUp, %i, %c1 : index
    %up = arith.subi %iu, %c1 : index
    %idn = arith.select %hasDn, %i, %c0 : index
    %dn = arith.addi %idn, %c1 : index
    %xu = xmp.load %b[%up, %j] : !b_t
    %xd = xmp.load %b[%dn, %j] : !b_t
    %c100i = arith.constant 100 : i64
    %wu = arith.subi %vv, %c100i : i64
    %wd = arith.addi %vv, %c100i : i64
    %neu0 = arith.cmpi ne, %xu, %wu : i64
    %ned0 = arith.cmpi ne, %xd, %wd : i64
    %neu = arith.andi %neu0, %hasUp : i1
    %ned = arith.andi %ned0, %hasDn : i1
    %o1 = arith.ori %ne, %neu : i1
    %o2 = arith.ori %o1, %ned : i1
    %e = arith.extui %o2 : i1 to i64
    xmp.yield %e, %one : i64, i64
  }

  %e12 = arith.addi %e1, %e2 : i64
  %errs = arith.addi %e12, %e3 : i64
  %ef = arith.sitofp %errs : i64 to f64
  %t10 = arith.constant 10 : i64
  func.call @xmprt_print_scalar_f64(%t10, %ef) : (i64, f64) -> ()
  %t11 = arith.constant 11 : i64
  func.call @xmprt_print_scalar_f64(%t11, %sum) : (i64, f64) -> ()
  %cf = arith.sitofp %cnt : i64 to f64
  %t12 = arith.constant 12 : i64
  func.call @xmprt_print_scalar_f64(%t12, %cf) : (i64, f64) -> ()
  xmp.dealloc %b : !b_t
  xmp.dealloc %a : !a_t
  return
}
