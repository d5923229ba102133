// Input of tasks.test: node subsets (xmp.nodes ... = @p [...]) and
// xmp.task, on a `?x?` grid @p of P0 x P1 ranks (factored at run time) and
// a static grid @s(1) that every rank but 0 is outside of. Every rank checks
// what it sees against closed forms of its coordinates (i, j) and counts
// the differences in `errors`; how many ranks ran each task is summed over
// all ranks and checked too. Rank 0 prints:
//   value11 errors (0)
//   value12 ranks that ran `task on @p [0, 0]`            (1)
//   value13 ranks that ran `task on @p [1:, :]`           ((P0 - 1) P1)
//   value14 ranks that ran `task on @p [0::2, 1:3]`       (ceil(P0/2) (min(P1, 3) - 1))
//   value15 ranks that ran `task on @ev1` (@p [0::2, 0])  (ceil(P0/2))
//   value16 ranks that ran `task on @s1` (@s [0:1])       (1)
//   value17 ranks that ran `task on @row` (@p [0, :])     (P1)
//   value18 P0 * 100 + P1
//   value19 runs of `task on @u (%i, %j)` over all 13 x 5 elements (65:
//           one owner each; the owner's coordinates are checked)
//   value20 runs of `task on @v (%k)` for k = 0..9 (9: @v has 9
//           elements, k = 9 selects no rank)
// Inside the tasks: a reduction, bcast and barrier on the task's node set,
// MPI calls on its communicator (xmp.nodes_comm),
// a nested task on a subset of a subset, and a template distributed onto
// the subset @row with a loop, a device loop and loop reductions over its
// array.
xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.nodes @col(shape = ?) = @p [:, 0]
xmp.nodes @ev(shape = ?x?) = @p [0::2, :]
xmp.nodes @ev1(shape = ?) = @ev [:, 0]
xmp.nodes @s(shape = 1)
xmp.nodes @s1(shape = 1) = @s [0:1]
xmp.template @t(shape = 10)
xmp.distribute @t onto @row [block]
xmp.template @u(shape = 13x5)
xmp.distribute @u onto @p [cyclic(2), block]
xmp.template @v(shape = 9)
xmp.distribute @v onto @row [block]
!a_t = !xmp.darray<10xi64, @t, align [0]>

func.func private @xmprt_print_scalar_f64(i64, f64)
// MPI itself, through xmp.nodes_comm (MPI_Comm is a pointer in Open MPI,
// which this project uses; the handle's conversion is portable).
func.func private @MPI_Comm_f2c(i32) -> !llvm.ptr
func.func private @MPI_Comm_size(!llvm.ptr, !llvm.ptr) -> i32
func.func private @MPI_Comm_rank(!llvm.ptr, !llvm.ptr) -> i32

// The size and this rank's rank in the communicator of Fortran handle %f.
func.func @comm_size_rank(%f: i32) -> (i64, i64) {
  %one = arith.constant 1 : i64
  %c = func.call @MPI_Comm_f2c(%f) : (i32) -> !llvm.ptr
  %ps = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %pr = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %e1 = func.call @MPI_Comm_size(%c, %ps) : (!llvm.ptr, !llvm.ptr) -> i32
  %e2 = func.call @MPI_Comm_rank(%c, %pr) : (!llvm.ptr, !llvm.ptr) -> i32
  %s = llvm.load %ps : !llvm.ptr -> i32
  %r = llvm.load %pr : !llvm.ptr -> i32
  %s64 = arith.extsi %s : i32 to i64
  %r64 = arith.extsi %r : i32 to i64
  return %s64, %r64 : i64, i64
}

func.func @chk(%err: memref<1xi64>, %got: i64, %want: i64) {
  %ne = arith.cmpi ne, %got, %want : i64
  scf.if %ne {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i64
    %e = memref.load %err[%c0] : memref<1xi64>
    %e1 = arith.addi %e, %one : i64
    memref.store %e1, %err[%c0] : memref<1xi64>
  }
  return
}

func.func @bump(%m: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i64
  %v = memref.load %m[%c0] : memref<1xi64>
  %v1 = arith.addi %v, %one : i64
  memref.store %v1, %m[%c0] : memref<1xi64>
  return
}

func.func @i64(%x: index) -> i64 {
  %r = arith.index_cast %x : index to i64
  return %r : i64
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
  %c10 = arith.constant 10 : index
  %z = arith.constant 0 : i64
  %m1 = arith.constant -1 : i64
  %err = memref.alloca() : memref<1xi64>
  memref.store %z, %err[%c0] : memref<1xi64>
  %n2 = memref.alloca() : memref<1xi64>
  %n3 = memref.alloca() : memref<1xi64>
  %n4 = memref.alloca() : memref<1xi64>
  %n5 = memref.alloca() : memref<1xi64>
  %n6 = memref.alloca() : memref<1xi64>
  %n7 = memref.alloca() : memref<1xi64>
  memref.store %z, %n2[%c0] : memref<1xi64>
  memref.store %z, %n3[%c0] : memref<1xi64>
  memref.store %z, %n4[%c0] : memref<1xi64>
  memref.store %z, %n5[%c0] : memref<1xi64>
  memref.store %z, %n6[%c0] : memref<1xi64>
  memref.store %z, %n7[%c0] : memref<1xi64>

  %ii = xmp.node_index @p [0]
  %jj = xmp.node_index @p [1]
  %pp0 = xmp.node_size @p [0]
  %pp1 = xmp.node_size @p [1]
  %i = func.call @i64(%ii) : (index) -> i64
  %j = func.call @i64(%jj) : (index) -> i64
  %P0 = func.call @i64(%pp0) : (index) -> i64
  %P1 = func.call @i64(%pp1) : (index) -> i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %i0 = arith.cmpi eq, %i, %z : i64
  %j0 = arith.cmpi eq, %j, %z : i64
  %irem = arith.remsi %i, %two : i64
  %iev = arith.cmpi eq, %irem, %z : i64
  %ihalf = arith.divsi %i, %two : i64
  %P0p1 = arith.addi %P0, %one : i64
  %P0half = arith.divsi %P0p1, %two : i64

  // node_num / num_nodes / node_index / node_size of the subsets
  %rr = xmp.node_num @row
  %r_row = func.call @i64(%rr) : (index) -> i64
  %w_row = arith.select %i0, %j, %m1 : i64
  func.call @chk(%err, %r_row, %w_row) : (memref<1xi64>, i64, i64) -> ()
  %nr = xmp.num_nodes @row
  %n_row = func.call @i64(%nr) : (index) -> i64
  func.call @chk(%err, %n_row, %P1) : (memref<1xi64>, i64, i64) -> ()
  %rc = xmp.node_num @col
  %r_col = func.call @i64(%rc) : (index) -> i64
  %w_col = arith.select %j0, %i, %m1 : i64
  func.call @chk(%err, %r_col, %w_col) : (memref<1xi64>, i64, i64) -> ()
  %re = xmp.node_num @ev
  %r_ev = func.call @i64(%re) : (index) -> i64
  %evlin0 = arith.muli %ihalf, %P1 : i64
  %evlin = arith.addi %evlin0, %j : i64
  %w_ev = arith.select %iev, %evlin, %m1 : i64
  func.call @chk(%err, %r_ev, %w_ev) : (memref<1xi64>, i64, i64) -> ()
  %se0 = xmp.node_size @ev [0]
  %s_ev0 = func.call @i64(%se0) : (index) -> i64
  func.call @chk(%err, %s_ev0, %P0half) : (memref<1xi64>, i64, i64) -> ()
  %xe1 = xmp.node_index @ev [1]
  %x_ev1 = func.call @i64(%xe1) : (index) -> i64
  %w_x_ev1 = arith.select %iev, %j, %m1 : i64
  func.call @chk(%err, %x_ev1, %w_x_ev1) : (memref<1xi64>, i64, i64) -> ()
  %re1 = xmp.node_num @ev1
  %r_ev1 = func.call @i64(%re1) : (index) -> i64
  %evj0 = arith.andi %iev, %j0 : i1
  %w_ev1 = arith.select %evj0, %ihalf, %m1 : i64
  func.call @chk(%err, %r_ev1, %w_ev1) : (memref<1xi64>, i64, i64) -> ()
  %ns1 = xmp.num_nodes @s1
  %n_s1 = func.call @i64(%ns1) : (index) -> i64
  func.call @chk(%err, %n_s1, %one) : (memref<1xi64>, i64, i64) -> ()

  // inline node references
  xmp.task on @p [0, 0] {
    func.call @bump(%n2) : (memref<1xi64>) -> ()
    %both = arith.andi %i0, %j0 : i1
    %b = arith.extui %both : i1 to i64
    func.call @chk(%err, %b, %one) : (memref<1xi64>, i64, i64) -> ()
  }
  xmp.task on @p [1:, :] {
    func.call @bump(%n3) : (memref<1xi64>) -> ()
    %b = arith.extui %i0 : i1 to i64
    func.call @chk(%err, %b, %z) : (memref<1xi64>, i64, i64) -> ()
  }
  xmp.task on @p [0::2, 1:3] {
    func.call @bump(%n4) : (memref<1xi64>) -> ()
    %b = arith.extui %iev : i1 to i64
    func.call @chk(%err, %b, %one) : (memref<1xi64>, i64, i64) -> ()
  }

  // node sets: collectives on the task's set, a nested task on a subset of
  // a subset
  xmp.task on @row {
    func.call @bump(%n7) : (memref<1xi64>) -> ()
    %jp1 = arith.addi %j, %one : i64
    %sum = xmp.reduction add %jp1 on @row : i64
    %P1p1 = arith.addi %P1, %one : i64
    %tri0 = arith.muli %P1, %P1p1 : i64
    %tri = arith.divsi %tri0, %two : i64
    func.call @chk(%err, %sum, %tri) : (memref<1xi64>, i64, i64) -> ()
    %c7 = arith.constant 7 : i64
    %j10 = arith.muli %j, %c7 : i64
    %v = arith.addi %j10, %c7 : i64
    %bc = xmp.bcast %v from [0] on @row : i64
    func.call @chk(%err, %bc, %c7) : (memref<1xi64>, i64, i64) -> ()
    xmp.barrier on @row
    // MPI on the subset's own communicator: P1 ranks, ranked by j
    %f = xmp.nodes_comm @row
    %sz, %rk = func.call @comm_size_rank(%f) : (i32) -> (i64, i64)
    func.call @chk(%err, %sz, %P1) : (memref<1xi64>, i64, i64) -> ()
    func.call @chk(%err, %rk, %j) : (memref<1xi64>, i64, i64) -> ()
  }
  xmp.task on @col {
    %mx = xmp.reduction max %i on @col : i64
    %P0m1 = arith.subi %P0, %one : i64
    func.call @chk(%err, %mx, %P0m1) : (memref<1xi64>, i64, i64) -> ()
  }
  xmp.task on @ev {
    %cnt_ev = xmp.reduction add %one on @ev : i64
    %want = arith.muli %P0half, %P1 : i64
    func.call @chk(%err, %cnt_ev, %want) : (memref<1xi64>, i64, i64) -> ()
    xmp.task on @ev1 {
      func.call @bump(%n5) : (memref<1xi64>) -> ()
      %si = xmp.reduction add %ihalf on @ev1 : i64
      // sum of i/2 over the even rows = 0 + 1 + ... + (ceil(P0/2) - 1)
      %hm1 = arith.subi %P0half, %one : i64
      %t0 = arith.muli %P0half, %hm1 : i64
      %t = arith.divsi %t0, %two : i64
      func.call @chk(%err, %si, %t) : (memref<1xi64>, i64, i64) -> ()
    }
  }
  xmp.task on @s1 {
    func.call @bump(%n6) : (memref<1xi64>) -> ()
    %b = arith.extui %i0 : i1 to i64
    %both = arith.andi %i0, %j0 : i1
    %bb = arith.extui %both : i1 to i64
    func.call @chk(%err, %bb, %one) : (memref<1xi64>, i64, i64) -> ()
  }

  // an array on the subset @row, computed inside a task on it
  %a = xmp.alloc : !a_t
  xmp.task on @row {
    xmp.loop (%k) = (%c0) to (%c10) step (%c1) on @t [0] {
      %kk = func.call @i64(%k) : (index) -> i64
      %sq = arith.muli %kk, %kk : i64
      xmp.store %sq, %a[%k] : !a_t
    }
    %s = xmp.loop (%k) = (%c0) to (%c10) step (%c1) on @t [0] reduce(add) init(%z) -> i64 {
      %v = xmp.load %a[%k] : !a_t
      xmp.yield %v : i64
    }
    %c285 = arith.constant 285 : i64
    func.call @chk(%err, %s, %c285) : (memref<1xi64>, i64, i64) -> ()
    // a device loop inside the task (the GPU build: a kernel on @row's ranks)
    xmp.device_loop (%k) = (%c0) to (%c10) step (%c1) on @t [0] {
      %v = xmp.load %a[%k] : !a_t
      %v2 = arith.addi %v, %v : i64
      xmp.store %v2, %a[%k] : !a_t
    }
    %s2 = xmp.loop (%k) = (%c0) to (%c10) step (%c1) on @t [0] reduce(add) init(%z) -> i64 {
      %v = xmp.load %a[%k] : !a_t
      xmp.yield %v : i64
    }
    %c570 = arith.constant 570 : i64
    func.call @chk(%err, %s2, %c570) : (memref<1xi64>, i64, i64) -> ()
  }

  // template subscripts: the owners of u(i, j) (cyclic(2) x block) and of
  // v(k) on the subset @row
  %n19 = memref.alloca() : memref<1xi64>
  %n20 = memref.alloca() : memref<1xi64>
  memref.store %z, %n19[%c0] : memref<1xi64>
  memref.store %z, %n20[%c0] : memref<1xi64>
  %c5 = arith.constant 5 : index
  %c13 = arith.constant 13 : index
  scf.for %ui = %c0 to %c13 step %c1 {
    scf.for %uj = %c0 to %c5 step %c1 {
      xmp.task on @u (%ui, %uj) {
        func.call @bump(%n19) : (memref<1xi64>) -> ()
        // owner: ((i / 2) mod P0, j / ceil(5 / P1))
        %gi = func.call @i64(%ui) : (index) -> i64
        %gj = func.call @i64(%uj) : (index) -> i64
        %h = arith.divsi %gi, %two : i64
        %oi = arith.remsi %h, %P0 : i64
        func.call @chk(%err, %oi, %i) : (memref<1xi64>, i64, i64) -> ()
        %five = arith.constant 5 : i64
        %P1m1 = arith.subi %P1, %one : i64
        %w0 = arith.addi %five, %P1m1 : i64
        %w = arith.divsi %w0, %P1 : i64
        %oj = arith.divsi %gj, %w : i64
        func.call @chk(%err, %oj, %j) : (memref<1xi64>, i64, i64) -> ()
      }
    }
  }
  scf.for %vk = %c0 to %c10 step %c1 {
    xmp.task on @v (%vk) {
      func.call @bump(%n20) : (memref<1xi64>) -> ()
      %b = arith.extui %i0 : i1 to i64
      func.call @chk(%err, %b, %one) : (memref<1xi64>, i64, i64) -> ()
    }
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
  func.call @print(%t6, %n6) : (i64, memref<1xi64>) -> ()
  %t7 = arith.constant 17 : i64
  func.call @print(%t7, %n7) : (i64, memref<1xi64>) -> ()
  %t8 = arith.constant 18 : i64
  %c100 = arith.constant 100 : i64
  %shape0 = arith.muli %P0, %c100 : i64
  %shape = arith.addi %shape0, %P1 : i64
  %f8 = arith.sitofp %shape : i64 to f64
  func.call @xmprt_print_scalar_f64(%t8, %f8) : (i64, f64) -> ()
  %t19 = arith.constant 19 : i64
  func.call @print(%t19, %n19) : (i64, memref<1xi64>) -> ()
  %t20 = arith.constant 20 : i64
  func.call @print(%t20, %n20) : (i64, memref<1xi64>) -> ()
  xmp.dealloc %a : !a_t
  return
}
