// Input of task-dynamic.test: xmp.task on node references with run-time
// coordinates, bounds and steps, on a `?x?` grid @p of P0 x P1 ranks and a
// static grid @s(1) that every rank but 0 is outside of. Each task runs in
// loops whose values go past both ends of the grid; the task sets a flag,
// and after it every rank compares the flag with what the reference says
// for its coordinates (i, j) (@member below: lo <= c < hi, (c - lo) mod
// step = 0, step > 0; c outside the grid: no), counting differences in
// `errors`. Rank 0 prints, summed over all ranks:
//   value11 errors (0)
//   value12 runs of `task on @p [%k, :]`, k = -2 .. P0 + 1       (P0 P1)
//   value13 runs of `task on @p [%lo:%hi:%st, %j]` (every lo, hi, st, j)
//   value14 runs of `task on @s [%k]`, k = -2 .. 2                (1)
//   value15 runs of `task on @p [%k:, 0:%h:2]` (every k, h)
//   value16 P0 * 100 + P1
//   value17 the sum of a 8x6 array @u on @p that a device loop inside
//           `task on @p [%k, :]` (every row k in turn) adds x * 10 + y + 1
//           to, each rank its own elements (1848: every element once)
xmp.nodes @p(shape = ?x?)
xmp.nodes @s(shape = 1)
xmp.template @u(shape = 8x6)
xmp.distribute @u onto @p [block, block]
!a_t = !xmp.darray<8x6xi64, @u, align [0, 1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @i64(%x: index) -> i64 {
  %r = arith.index_cast %x : index to i64
  return %r : i64
}

// Whether coordinate %c (-1: outside the grid) is in lo:hi:step (hi
// exclusive; step 0: the single coordinate lo).
func.func @member(%c: index, %lo: index, %hi: index, %step: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = arith.cmpi sge, %c, %c0 : index
  %single = arith.cmpi eq, %step, %c0 : index
  %r = scf.if %single -> i1 {
    %eq = arith.cmpi eq, %c, %lo : index
    %b = arith.andi %in, %eq : i1
    scf.yield %b : i1
  } else {
    %pos = arith.cmpi sgt, %step, %c0 : index
    %ge = arith.cmpi sge, %c, %lo : index
    %lt = arith.cmpi slt, %c, %hi : index
    %b0 = arith.andi %in, %pos : i1
    %b1 = arith.andi %b0, %ge : i1
    %b2 = arith.andi %b1, %lt : i1
    %r2 = scf.if %b2 -> i1 {
      %d = arith.subi %c, %lo : index
      %m = arith.remsi %d, %step : index
      %z = arith.cmpi eq, %m, %c0 : index
      scf.yield %z : i1
    } else {
      %f = arith.constant false
      scf.yield %f : i1
    }
    scf.yield %r2 : i1
  }
  return %r : i1
}

// errors += (flag != want); runs += flag; flag = 0.
func.func @settle(%flag: memref<1xi64>, %want: i1, %err: memref<1xi64>,
                  %runs: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i64
  %f = memref.load %flag[%c0] : memref<1xi64>
  %w = arith.extui %want : i1 to i64
  %ne = arith.cmpi ne, %f, %w : i64
  %ne64 = arith.extui %ne : i1 to i64
  %e = memref.load %err[%c0] : memref<1xi64>
  %e1 = arith.addi %e, %ne64 : i64
  memref.store %e1, %err[%c0] : memref<1xi64>
  %r = memref.load %runs[%c0] : memref<1xi64>
  %r1 = arith.addi %r, %f : i64
  memref.store %r1, %runs[%c0] : memref<1xi64>
  memref.store %z, %flag[%c0] : memref<1xi64>
  return
}

func.func @set(%flag: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %f = memref.load %flag[%c0] : memref<1xi64>
  %f1 = arith.addi %f, %one : i64
  memref.store %f1, %flag[%c0] : memref<1xi64>
  return
}

func.func @print(%tag: i64, %m: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<1xi64>
  %t = xmp.reduction add %v on @p : i64
  %f = arith.sitofp %t : i64 to f64
  func.call @xmprt_print_scalar_f64(%tag, %f) : (i64, f64) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %cm1 = arith.constant -1 : index
  %cm2 = arith.constant -2 : index
  %z = arith.constant 0 : i64
  %flag = memref.alloca() : memref<1xi64>
  %err = memref.alloca() : memref<1xi64>
  %n2 = memref.alloca() : memref<1xi64>
  %n3 = memref.alloca() : memref<1xi64>
  %n4 = memref.alloca() : memref<1xi64>
  %n5 = memref.alloca() : memref<1xi64>
  memref.store %z, %flag[%c0] : memref<1xi64>
  memref.store %z, %err[%c0] : memref<1xi64>
  memref.store %z, %n2[%c0] : memref<1xi64>
  memref.store %z, %n3[%c0] : memref<1xi64>
  memref.store %z, %n4[%c0] : memref<1xi64>
  memref.store %z, %n5[%c0] : memref<1xi64>

  %i = xmp.node_index @p [0]
  %j = xmp.node_index @p [1]
  %P0 = xmp.node_size @p [0]
  %P1 = xmp.node_size @p [1]
  %is = xmp.node_index @s [0]
  %P0p2 = arith.addi %P0, %c2 : index
  %P1p2 = arith.addi %P1, %c2 : index
  %P0p3 = arith.addi %P0, %c3 : index
  %P1p1 = arith.addi %P1, %c1 : index

  // [%k, :]: the row k (k outside the grid: nobody)
  scf.for %k = %cm2 to %P0p2 step %c1 {
    xmp.task on @p [%k, :] {
      func.call @set(%flag) : (memref<1xi64>) -> ()
    }
    %w = func.call @member(%i, %k, %c0, %c0) : (index, index, index, index) -> i1
    func.call @settle(%flag, %w, %err, %n2) : (memref<1xi64>, i1, memref<1xi64>, memref<1xi64>) -> ()
  }

  // [%lo:%hi:%st, %jj]: every part at run time; empty ranges, steps < 1
  scf.for %lo = %cm1 to %P0p2 step %c1 {
    %lom1 = arith.subi %lo, %c1 : index
    scf.for %hi = %lom1 to %P0p3 step %c1 {
      scf.for %st = %cm1 to %c3 step %c1 {
        scf.for %jj = %cm1 to %P1p1 step %c1 {
          xmp.task on @p [%lo:%hi:%st, %jj] {
            func.call @set(%flag) : (memref<1xi64>) -> ()
          }
          %st0 = arith.cmpi eq, %st, %c0 : index
          // a run-time step of 0 selects nobody (it is not a single
          // coordinate): make the expectation's step -1 then
          %stw = arith.select %st0, %cm1, %st : index
          %a = func.call @member(%i, %lo, %hi, %stw) : (index, index, index, index) -> i1
          %b = func.call @member(%j, %jj, %c0, %c0) : (index, index, index, index) -> i1
          %w = arith.andi %a, %b : i1
          func.call @settle(%flag, %w, %err, %n3) : (memref<1xi64>, i1, memref<1xi64>, memref<1xi64>) -> ()
        }
      }
    }
  }

  // @s(1): rank 0 alone is in it; the other ranks (coordinate -1) must
  // not take k = -1
  scf.for %k = %cm2 to %c3 step %c1 {
    xmp.task on @s [%k] {
      func.call @set(%flag) : (memref<1xi64>) -> ()
    }
    %w = func.call @member(%is, %k, %c0, %c0) : (index, index, index, index) -> i1
    func.call @settle(%flag, %w, %err, %n4) : (memref<1xi64>, i1, memref<1xi64>, memref<1xi64>) -> ()
  }

  // [%k:, 0:%h:2]: a run-time lower bound to the end, a constant lower
  // bound and step with a run-time upper bound
  scf.for %k = %cm2 to %P0p2 step %c1 {
    scf.for %h = %cm1 to %P1p2 step %c1 {
      xmp.task on @p [%k:, 0:%h:2] {
        func.call @set(%flag) : (memref<1xi64>) -> ()
      }
      %big = arith.constant 1000000 : index
      %a = func.call @member(%i, %k, %big, %c1) : (index, index, index, index) -> i1
      %b = func.call @member(%j, %c0, %h, %c2) : (index, index, index, index) -> i1
      %w = arith.andi %a, %b : i1
      func.call @settle(%flag, %w, %err, %n5) : (memref<1xi64>, i1, memref<1xi64>, memref<1xi64>) -> ()
    }
  }

  // a device loop (on the GPU in the GPU build) inside tasks on run-time
  // rows: each element is added to once, by its owner in the task of its row
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %a = xmp.alloc : !a_t
  xmp.loop (%x, %y) = (%c0, %c0) to (%c8, %c6) step (%c1, %c1) on @u [0, 1] {
    xmp.store %z, %a[%x, %y] : !a_t
  }
  scf.for %k = %cm1 to %P0p2 step %c1 {
    xmp.task on @p [%k, :] {
      xmp.device_loop (%x, %y) = (%c0, %c0) to (%c8, %c6) step (%c1, %c1) on @u [0, 1] {
        %v = xmp.load %a[%x, %y] : !a_t
        %xi = arith.index_cast %x : index to i64
        %yi = arith.index_cast %y : index to i64
        %ten = arith.constant 10 : i64
        %one = arith.constant 1 : i64
        %x10 = arith.muli %xi, %ten : i64
        %s0 = arith.addi %x10, %yi : i64
        %s1 = arith.addi %s0, %one : i64
        %v1 = arith.addi %v, %s1 : i64
        xmp.store %v1, %a[%x, %y] : !a_t
      }
    }
  }
  %sum = xmp.loop (%x, %y) = (%c0, %c0) to (%c8, %c6) step (%c1, %c1) on @u [0, 1] reduce(add) init(%z) -> i64 {
    %v = xmp.load %a[%x, %y] : !a_t
    xmp.yield %v : i64
  }

  %t1 = arith.constant 11 : i64
  func.call @print(%t1, %err) : (i64, memref<1xi64>) -> ()
  %t2 = arith.constant 12 : i64
  func.call @print(%t2, %n2) : (i64, memref<1xi64>) -> ()
  %t3 = arith.constant 13 : i64
  func.call @print(%t3, %n3) : (i64, memref<1xi64>) -> ()
  %t4 = arith.constant 14 : i64
  func.call @print(%t4, %n4) : (i64, memref<1xi64>) -> ()
  %t5 = arith.constant 15 : i64
  func.call @print(%t5, %n5) : (i64, memref<1xi64>) -> ()
  %t6 = arith.constant 16 : i64
  %p0 = func.call @i64(%P0) : (index) -> i64
  %p1 = func.call @i64(%P1) : (index) -> i64
  %c100 = arith.constant 100 : i64
  %sh0 = arith.muli %p0, %c100 : i64
  %sh = arith.addi %sh0, %p1 : i64
  %f6 = arith.sitofp %sh : i64 to f64
  func.call @xmprt_print_scalar_f64(%t6, %f6) : (i64, f64) -> ()
  %t7 = arith.constant 17 : i64
  %f7 = arith.sitofp %sum : i64 to f64
  func.call @xmprt_print_scalar_f64(%t7, %f7) : (i64, f64) -> ()
  xmp.dealloc %a : !a_t
  return
}
