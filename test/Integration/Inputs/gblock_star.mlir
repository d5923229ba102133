// Input of gblock-star.test: gblock(*) distributions whose block sizes are
// computed at run time and given by xmp.template_fix (XMP's
// `distribute t(gblock(*))` + `template_fix(gblock(m)) t(...)`).
//   @t: 1-D, `?` elements over P ranks, rank r holding (3 r + 2) mod 5
//       elements (2, 0, 3, 1, 4, 2, 0, ...: empty blocks in the middle);
//   @s: 1-D, a static 12 elements, rank r holding 12 / P, the last 12 mod P
//       ranks one more (the reverse of `block`; nothing past 12 ranks);
//   @u: 2-D, `?x6`, rows gblock(*) with rank r of axis 0 holding r + 1 rows,
//       columns block.
// Every element is written by its owner (a[i] = i^2, c[i] = 3 i + 1,
// b[i, j] = 100 i + j), the shadows of a and b are filled by reflect across
// block edges (over empty blocks too), and every rank checks its own
// elements, both neighbours through the shadow, and its owned range against
// the prefix sums of the sizes. Rank 0 prints:
//   value10 errors (0)
//   value11 the size n of @t (the sum of the sizes)
//   value12 sum over i of a[i] (checked by the test against n)
//   value13 elements of b checked (all of them: rows x 6)
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [gblock(*)]
xmp.template @s(shape = 12)
xmp.distribute @s onto @p [gblock(*)]
xmp.template @u(shape = ?x6)
xmp.distribute @u onto @q [gblock(*), block]
!a_t = !xmp.darray<?xf64, @t, align [0], shadow [1:1]>
!c_t = !xmp.darray<12xi64, @s, align [0]>
!b_t = !xmp.darray<?x6xi64, @u, align [0, 1], shadow [1:1, 0:0]>

func.func private @xmprt_print_scalar_f64(i64, f64)

// Owned range [lo, hi) of coordinate `me` for the sizes in `m`, and whether
// `lo`/`hi` differ from it (1) or not (0).
func.func @range_errors(%m: memref<?xi64>, %me: index, %lo: index, %hi: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %start = scf.for %k = %c0 to %me step %c1 iter_args(%acc = %z) -> i64 {
    %v = memref.load %m[%k] : memref<?xi64>
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  %mine = memref.load %m[%me] : memref<?xi64>
  %end = arith.addi %start, %mine : i64
  %lo64 = arith.index_cast %lo : index to i64
  %hi64 = arith.index_cast %hi : index to i64
  %b1 = arith.cmpi ne, %lo64, %start : i64
  %b2 = arith.cmpi ne, %hi64, %end : i64
  // an empty block may report any empty range
  %empty = arith.cmpi eq, %mine, %z : i64
  %emptyHi = arith.cmpi eq, %lo, %hi : index
  %okEmpty = arith.andi %empty, %emptyHi : i1
  %bad0 = arith.ori %b1, %b2 : i1
  %notOk = arith.xori %okEmpty, %bad0 : i1
  %bad = arith.andi %bad0, %notOk : i1
  %e = arith.extui %bad : i1 to i64
  return %e : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  %c100 = arith.constant 100 : index
  %zf = arith.constant 0.0 : f64
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %P = xmp.num_nodes @p
  %me = xmp.node_num @p

  // @t: sizes (3 r + 2) mod 5, n = their sum
  %mt = memref.alloc(%P) : memref<?xi64>
  %n = scf.for %r = %c0 to %P step %c1 iter_args(%acc = %c0) -> index {
    %r3 = arith.muli %r, %c3 : index
    %r32 = arith.addi %r3, %c2 : index
    %sz = arith.remui %r32, %c5 : index
    %sz64 = arith.index_cast %sz : index to i64
    memref.store %sz64, %mt[%r] : memref<?xi64>
    %a = arith.addi %acc, %sz : index
    scf.yield %a : index
  }
  xmp.template_fix @t(%n) gblock(%mt : memref<?xi64>)
  %a = xmp.alloc(%n) : !a_t
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    %f = arith.sitofp %sq : i64 to f64
    xmp.store %f, %a[%i] : !a_t
  }
  xmp.reflect %a : !a_t
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
  %lo, %hi = xmp.local_bounds %a[0] : !a_t
  %eb = func.call @range_errors(%mt, %me, %lo, %hi) : (memref<?xi64>, index, index, index) -> i64
  %e2 = xmp.reduction add %eb on @p : i64

  // @s: a static template, sizes 12 / P with the remainder on the last ranks
  %ms = memref.alloc(%P) : memref<?xi64>
  %q = arith.divui %c12, %P : index
  %rem = arith.remui %c12, %P : index
  %firstBig = arith.subi %P, %rem : index
  scf.for %r = %c0 to %P step %c1 {
    %big = arith.cmpi uge, %r, %firstBig : index
    %q1 = arith.addi %q, %c1 : index
    %sz = arith.select %big, %q1, %q : index
    %sz64 = arith.index_cast %sz : index to i64
    memref.store %sz64, %ms[%r] : memref<?xi64>
  }
  xmp.template_fix @s() gblock(%ms : memref<?xi64>)
  %c = xmp.alloc : !c_t
  xmp.loop (%i) = (%c0) to (%c12) step (%c1) on @s [0] {
    %ii = arith.index_cast %i : index to i64
    %three = arith.constant 3 : i64
    %v0 = arith.muli %ii, %three : i64
    %v = arith.addi %v0, %one : i64
    xmp.store %v, %c[%i] : !c_t
  }
  %csum = xmp.loop (%i) = (%c0) to (%c12) step (%c1) on @s [0] reduce(add) init(%z) -> i64 {
    %v = xmp.load %c[%i] : !c_t
    xmp.yield %v : i64
  }
  // 3 * 66 + 12 = 210
  %w210 = arith.constant 210 : i64
  %bs = arith.cmpi ne, %csum, %w210 : i64
  %e4 = arith.extui %bs : i1 to i64
  %slo, %shi = xmp.local_bounds %c[0] : !c_t
  %ebs = func.call @range_errors(%ms, %me, %slo, %shi) : (memref<?xi64>, index, index, index) -> i64
  %e5 = xmp.reduction add %ebs on @p : i64

  // @u: 2-D, rows gblock(*) with r + 1 rows on axis-0 coordinate r
  %P0 = xmp.node_size @q [0]
  %mu = memref.alloc(%P0) : memref<?xi64>
  %rows = scf.for %r = %c0 to %P0 step %c1 iter_args(%acc = %c0) -> index {
    %sz = arith.addi %r, %c1 : index
    %sz64 = arith.index_cast %sz : index to i64
    memref.store %sz64, %mu[%r] : memref<?xi64>
    %x = arith.addi %acc, %sz : index
    scf.yield %x : index
  }
  xmp.template_fix @u(%rows) gblock(%mu : memref<?xi64>)
  %b = xmp.alloc(%rows) : !b_t
  xmp.loop (%i, %j) = (%c0, %c0) to (%rows, %c6) step (%c1, %c1) on @u [0, 1] {
    %r = arith.muli %i, %c100 : index
    %v = arith.addi %r, %j : index
    %vv = arith.index_cast %v : index to i64
    xmp.store %vv, %b[%i, %j] : !b_t
  }
  xmp.reflect %b : !b_t
  %rm1 = arith.subi %rows, %c1 : index
  %e3, %cnt = xmp.loop (%i, %j) = (%c0, %c0) to (%rows, %c6) step (%c1, %c1) on @u [0, 1] reduce(add, add) init(%z, %z) -> (i64, i64) {
    %r = arith.muli %i, %c100 : index
    %v = arith.addi %r, %j : index
    %vv = arith.index_cast %v : index to i64
    %x = xmp.load %b[%i, %j] : !b_t
    %ne = arith.cmpi ne, %x, %vv : i64
    %hasUp = arith.cmpi sgt, %i, %c0 : index
    %hasDn = arith.cmpi slt, %i, %rm1 : index
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
  %me0 = xmp.node_index @q [0]
  %ulo, %uhi = xmp.local_bounds %b[0] : !b_t
  %ebu = func.call @range_errors(%mu, %me0, %ulo, %uhi) : (memref<?xi64>, index, index, index) -> i64
  %e6 = xmp.reduction add %ebu on @q : i64

  %x1 = arith.addi %e1, %e2 : i64
  %x2 = arith.addi %x1, %e3 : i64
  %x3 = arith.addi %x2, %e4 : i64
  %x4 = arith.addi %x3, %e5 : i64
  %errs = arith.addi %x4, %e6 : i64
  %ef = arith.sitofp %errs : i64 to f64
  %t10 = arith.constant 10 : i64
  func.call @xmprt_print_scalar_f64(%t10, %ef) : (i64, f64) -> ()
  %n64 = arith.index_cast %n : index to i64
  %nf = arith.sitofp %n64 : i64 to f64
  %t11 = arith.constant 11 : i64
  func.call @xmprt_print_scalar_f64(%t11, %nf) : (i64, f64) -> ()
  %t12 = arith.constant 12 : i64
  func.call @xmprt_print_scalar_f64(%t12, %sum) : (i64, f64) -> ()
  %cf = arith.sitofp %cnt : i64 to f64
  %t13 = arith.constant 13 : i64
  func.call @xmprt_print_scalar_f64(%t13, %cf) : (i64, f64) -> ()
  xmp.dealloc %b : !b_t
  xmp.dealloc %c : !c_t
  xmp.dealloc %a : !a_t
  memref.dealloc %mu : memref<?xi64>
  memref.dealloc %ms : memref<?xi64>
  memref.dealloc %mt : memref<?xi64>
  return
}
