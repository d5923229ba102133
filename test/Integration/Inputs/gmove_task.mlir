// Input of gmove-task.test: the collective gmove executed by a node set
// (`xmp.gmove ... on @q` inside `xmp.task on @q`), on any number of ranks.
// @ev = every other rank of @p (ranks 0, 2, 4, ...: not contiguous);
// @r2 = every other row of the 2-D @p2 (2-D). Inside tasks on them, gmoves
// between arrays distributed onto the subset (block, cyclic(3), 17
// elements: uneven), strided sections, to and from memrefs (each
// executing rank's own), from the part of an array on all of @p that @ev
// holds (rank 0's block, a run-time section), started and waited for in
// the task, and 2-D sections with a single index. Every rank counts the
// wrong elements of what it holds (a memref outside the node set must keep
// its values) and the elements it checked; the sums over all ranks are
// printed (value<tag> wrong, value<tag+1> checked; all of b, of b2 and of
// every rank's memref are checked):
//   80/81  b[0:6] = a[1:17:3]                 (checked: 17)
//   82/83  m = a[0:17]                        (17 per rank)
//   84/85  b[9:17] = m2[0:8] (m2: 500 + k)     (17)
//   86/87  b[0:c] = f[0:c], c = rank 0's block of f on @p, then
//          m[0:c] = f[0:c] started, waited for in the task (17 + 17 per rank)
//   88/89  b2[7:10, 0:6] = a2[0:6:2, 2:8], b2[2:8, 4] = a2[0:6, 5] (60)
// argv[1] = 1: a gmove in the task on @ev reading f[0:17], of which rank 1
// holds part (2 ranks or more): the program stops with a message.
xmp.nodes @p(shape = ?)
xmp.nodes @ev(shape = ?) = @p [0::2]
xmp.nodes @p2(shape = ?x?)
xmp.nodes @r2(shape = ?x?) = @p2 [0::2, :]
xmp.template @ta(shape = 17)
xmp.template @tb(shape = 17)
xmp.template @tf(shape = 17)
xmp.template @t2(shape = 6x10)
xmp.template @s2(shape = 10x6)
xmp.distribute @ta onto @ev [block]
xmp.distribute @tb onto @ev [cyclic(3)]
xmp.distribute @tf onto @p [block]
xmp.distribute @t2 onto @r2 [block, cyclic]
xmp.distribute @s2 onto @r2 [cyclic(2), block]
!a_t = !xmp.darray<17xf64, @ta, align [0]>
!b_t = !xmp.darray<17xf64, @tb, align [0]>
!f_t = !xmp.darray<17xf64, @tf, align [0]>
!a2_t = !xmp.darray<6x10xf64, @t2, align [0, 1]>
!b2_t = !xmp.darray<10x6xf64, @s2, align [0, 1]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_arg_i64(i32, i64) -> i64

func.func @f(%i: index) -> f64 {
  %ii = arith.index_cast %i : index to i64
  %v = arith.sitofp %ii : i64 to f64
  return %v : f64
}

// Counts x against want into cnt = [wrong, checked].
func.func @chk(%cnt: memref<2xf64>, %x: f64, %want: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ne = arith.cmpf une, %x, %want : f64
  %w = arith.select %ne, %one, %zero : f64
  %b = memref.load %cnt[%c0] : memref<2xf64>
  %n = memref.load %cnt[%c1] : memref<2xf64>
  %b1 = arith.addf %b, %w : f64
  %n1 = arith.addf %n, %one : f64
  memref.store %b1, %cnt[%c0] : memref<2xf64>
  memref.store %n1, %cnt[%c1] : memref<2xf64>
  return
}

// Prints the sums over all ranks of cnt and resets it.
func.func @report(%tag: i64, %cnt: memref<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %b = memref.load %cnt[%c0] : memref<2xf64>
  %n = memref.load %cnt[%c1] : memref<2xf64>
  %s0 = xmp.reduction add %b on @p : f64
  %s1 = xmp.reduction add %n on @p : f64
  %one = arith.constant 1 : i64
  %tag1 = arith.addi %tag, %one : i64
  func.call @xmprt_print_scalar_f64(%tag, %s0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%tag1, %s1) : (i64, f64) -> ()
  memref.store %zero, %cnt[%c0] : memref<2xf64>
  memref.store %zero, %cnt[%c1] : memref<2xf64>
  return
}

// Sources: a[i] = i, f[i] = 100 + i, a2[i, j] = 10 i + j; destinations
// b[i] = -1 - i, b2[i, j] = -1000 - 10 i - j.
func.func @init(%a: !a_t, %b: !b_t, %f: !f_t, %a2: !a2_t, %b2: !b2_t) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %c17 = arith.constant 17 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f64
  xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @ta [0] {
    %v = func.call @f(%i) : (index) -> f64
    xmp.store %v, %a[%i] : !a_t
  }
  xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @tb [0] {
    %i1 = arith.addi %i, %c1 : index
    %v = func.call @f(%i1) : (index) -> f64
    %nv = arith.subf %zero, %v : f64
    xmp.store %nv, %b[%i] : !b_t
  }
  xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @tf [0] {
    %g = arith.addi %i, %c100 : index
    %v = func.call @f(%g) : (index) -> f64
    xmp.store %v, %f[%i] : !f_t
  }
  xmp.loop (%i, %j) = (%c0, %c0) to (%c6, %c10) step (%c1, %c1) on @t2 [0, 1] {
    %h = arith.muli %i, %c10 : index
    %g = arith.addi %h, %j : index
    %v = func.call @f(%g) : (index) -> f64
    xmp.store %v, %a2[%i, %j] : !a2_t
  }
  xmp.loop (%i, %j) = (%c0, %c0) to (%c10, %c6) step (%c1, %c1) on @s2 [0, 1] {
    %h = arith.muli %i, %c10 : index
    %g0 = arith.addi %h, %j : index
    %g = arith.addi %g0, %c1000 : index
    %v = func.call @f(%g) : (index) -> f64
    %nv = arith.subf %zero, %v : f64
    xmp.store %nv, %b2[%i, %j] : !b2_t
  }
  return
}

// Every element of b on its owner: `b[i] = want(i)` where given by the
// section lo:lo+n of source values base + step * k, else -1 - i.
func.func @check_b(%cnt: memref<2xf64>, %b: !b_t, %lo: index, %n: index,
                   %base: index, %step: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %zero = arith.constant 0.0 : f64
  %hi = arith.addi %lo, %n : index
  xmp.loop (%i) = (%c0) to (%c17) step (%c1) on @tb [0] {
    %x = xmp.load %b[%i] : !b_t
    %ge = arith.cmpi sge, %i, %lo : index
    %lt = arith.cmpi slt, %i, %hi : index
    %in = arith.andi %ge, %lt : i1
    %k = arith.subi %i, %lo : index
    %sk = arith.muli %k, %step : index
    %g = arith.addi %base, %sk : index
    %vs = func.call @f(%g) : (index) -> f64
    %i1 = arith.addi %i, %c1 : index
    %vi = func.call @f(%i1) : (index) -> f64
    %vd = arith.subf %zero, %vi : f64
    %want = arith.select %in, %vs, %vd : f64
    func.call @chk(%cnt, %x, %want) : (memref<2xf64>, f64, f64) -> ()
  }
  return
}

// Every element of the memref m[0:17] on every rank: in the node set (%in)
// the source values base + k for k < n, else (and outside) its initial
// value -1 - k.
func.func @check_m(%cnt: memref<2xf64>, %m: memref<17xf64>, %in: i1,
                   %n: index, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %zero = arith.constant 0.0 : f64
  scf.for %k = %c0 to %c17 step %c1 {
    %x = memref.load %m[%k] : memref<17xf64>
    %lt = arith.cmpi slt, %k, %n : index
    %sec = arith.andi %in, %lt : i1
    %g = arith.addi %base, %k : index
    %vs = func.call @f(%g) : (index) -> f64
    %k1 = arith.addi %k, %c1 : index
    %vk = func.call @f(%k1) : (index) -> f64
    %vd = arith.subf %zero, %vk : f64
    %want = arith.select %sec, %vs, %vd : f64
    func.call @chk(%cnt, %x, %want) : (memref<2xf64>, f64, f64) -> ()
  }
  return
}

func.func @reset_m(%m: memref<17xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %zero = arith.constant 0.0 : f64
  scf.for %k = %c0 to %c17 step %c1 {
    %k1 = arith.addi %k, %c1 : index
    %vk = func.call @f(%k1) : (index) -> f64
    %vd = arith.subf %zero, %vk : f64
    memref.store %vd, %m[%k] : memref<17xf64>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c17 = arith.constant 17 : index
  %c100 = arith.constant 100 : index
  %c500 = arith.constant 500 : index
  %i1 = arith.constant 1 : i32
  %d0 = arith.constant 0 : i64
  %zero = arith.constant 0.0 : f64
  %bad = func.call @xmprt_arg_i64(%i1, %d0) : (i32, i64) -> i64
  %cnt = memref.alloca() : memref<2xf64>
  memref.store %zero, %cnt[%c0] : memref<2xf64>
  memref.store %zero, %cnt[%c1] : memref<2xf64>
  %a = xmp.alloc : !a_t
  %b = xmp.alloc : !b_t
  %f = xmp.alloc : !f_t
  %a2 = xmp.alloc : !a2_t
  %b2 = xmp.alloc : !b2_t
  %m = memref.alloca() : memref<17xf64>
  %evn = xmp.node_num @ev
  %inev = arith.cmpi sge, %evn, %c0 : index

  %isbad = arith.cmpi ne, %bad, %d0 : i64
  scf.if %isbad {
    func.call @init(%a, %b, %f, %a2, %b2) : (!a_t, !b_t, !f_t, !a2_t, !b2_t) -> ()
    xmp.task on @ev {
      xmp.gmove %f[0:17] to %m[0:17] on @ev : !f_t to memref<17xf64>
    }
    %t = arith.constant 99 : i64
    func.call @report(%t, %cnt) : (i64, memref<2xf64>) -> ()
  }

  // 80: block -> cyclic(3), a strided source
  func.call @init(%a, %b, %f, %a2, %b2) : (!a_t, !b_t, !f_t, !a2_t, !b2_t) -> ()
  xmp.task on @ev {
    xmp.gmove %a[1:17:3] to %b[0:6] on @ev : !a_t to !b_t
  }
  func.call @check_b(%cnt, %b, %c0, %c6, %c1, %c3) : (memref<2xf64>, !b_t, index, index, index, index) -> ()
  %t80 = arith.constant 80 : i64
  func.call @report(%t80, %cnt) : (i64, memref<2xf64>) -> ()

  // 82: to a memref: every rank of @ev gets it, the others keep theirs
  func.call @reset_m(%m) : (memref<17xf64>) -> ()
  xmp.task on @ev {
    xmp.gmove %a[0:17] to %m[0:17] on @ev : !a_t to memref<17xf64>
  }
  func.call @check_m(%cnt, %m, %inev, %c17, %c0) : (memref<2xf64>, memref<17xf64>, i1, index, index) -> ()
  %t82 = arith.constant 82 : i64
  func.call @report(%t82, %cnt) : (i64, memref<2xf64>) -> ()

  // 84: from a memref, each owner's own copy (500 + k on every rank)
  func.call @init(%a, %b, %f, %a2, %b2) : (!a_t, !b_t, !f_t, !a2_t, !b2_t) -> ()
  %m2 = memref.alloca() : memref<8xf64>
  scf.for %k = %c0 to %c8 step %c1 {
    %g = arith.addi %k, %c500 : index
    %v = func.call @f(%g) : (index) -> f64
    memref.store %v, %m2[%k] : memref<8xf64>
  }
  xmp.task on @ev {
    xmp.gmove %m2[0:8] to %b[9:17] on @ev : memref<8xf64> to !b_t
  }
  func.call @check_b(%cnt, %b, %c9, %c8, %c500, %c1) : (memref<2xf64>, !b_t, index, index, index, index) -> ()
  %t84 = arith.constant 84 : i64
  func.call @report(%t84, %cnt) : (i64, memref<2xf64>) -> ()

  // 86: the block of f (on all of @p) that rank 0 holds, a run-time
  // section, to an array on @ev, then started to the memref
  func.call @init(%a, %b, %f, %a2, %b2) : (!a_t, !b_t, !f_t, !a2_t, !b2_t) -> ()
  func.call @reset_m(%m) : (memref<17xf64>) -> ()
  %np = xmp.num_nodes @p
  %c16 = arith.constant 16 : index
  %sum = arith.addi %c16, %np : index
  %chunk = arith.divui %sum, %np : index
  xmp.task on @ev {
    xmp.gmove %f[0:%chunk] to %b[0:%chunk] on @ev : !f_t to !b_t
    %r = xmp.gmove_start %f[0:%chunk] to %m[0:%chunk] on @ev : !f_t to memref<17xf64>
    xmp.wait %r
  }
  func.call @check_b(%cnt, %b, %c0, %chunk, %c100, %c1) : (memref<2xf64>, !b_t, index, index, index, index) -> ()
  func.call @check_m(%cnt, %m, %inev, %chunk, %c100) : (memref<2xf64>, memref<17xf64>, i1, index, index) -> ()
  %t86 = arith.constant 86 : i64
  func.call @report(%t86, %cnt) : (i64, memref<2xf64>) -> ()

  // 88: 2-D on @r2: b2[7:10, 0:6] = a2[0:6:2, 2:8] and the column
  // b2[2:8, 4] = a2[0:6, 5]
  func.call @init(%a, %b, %f, %a2, %b2) : (!a_t, !b_t, !f_t, !a2_t, !b2_t) -> ()
  xmp.task on @r2 {
    xmp.gmove %a2[0:6:2, 2:8] to %b2[7:10, 0:6] on @r2 : !a2_t to !b2_t
    xmp.gmove %a2[0:6, 5] to %b2[2:8, 4] on @r2 : !a2_t to !b2_t
  }
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c1000 = arith.constant 1000 : index
  xmp.loop (%i, %j) = (%c0, %c0) to (%c10, %c6) step (%c1, %c1) on @s2 [0, 1] {
    %x = xmp.load %b2[%i, %j] : !b2_t
    %h = arith.muli %i, %c10 : index
    %g0 = arith.addi %h, %j : index
    %g1 = arith.addi %g0, %c1000 : index
    %vi = func.call @f(%g1) : (index) -> f64
    %init = arith.subf %zero, %vi : f64
    // rows 7..9: a2[2 (i - 7), 2 + j]
    %blk = arith.cmpi sge, %i, %c7 : index
    %r0 = arith.subi %i, %c7 : index
    %ra = arith.muli %r0, %c2 : index
    %ca = arith.addi %j, %c2 : index
    %ha = arith.muli %ra, %c10 : index
    %ga = arith.addi %ha, %ca : index
    %va = func.call @f(%ga) : (index) -> f64
    // column 4, rows 2..7: a2[i - 2, 5]
    %isc = arith.cmpi eq, %j, %c4 : index
    %ge2 = arith.cmpi sge, %i, %c2 : index
    %lt8 = arith.cmpi slt, %i, %c8 : index
    %col0 = arith.andi %isc, %ge2 : i1
    %col = arith.andi %col0, %lt8 : i1
    %rc = arith.subi %i, %c2 : index
    %hc = arith.muli %rc, %c10 : index
    %c5 = arith.constant 5 : index
    %gc = arith.addi %hc, %c5 : index
    %vc = func.call @f(%gc) : (index) -> f64
    %w0 = arith.select %blk, %va, %init : f64
    %want = arith.select %col, %vc, %w0 : f64
    func.call @chk(%cnt, %x, %want) : (memref<2xf64>, f64, f64) -> ()
  }
  %t88 = arith.constant 88 : i64
  func.call @report(%t88, %cnt) : (i64, memref<2xf64>) -> ()

  xmp.dealloc %b2 : !b2_t
  xmp.dealloc %a2 : !a2_t
  xmp.dealloc %f : !f_t
  xmp.dealloc %b : !b_t
  xmp.dealloc %a : !a_t
  return
}
