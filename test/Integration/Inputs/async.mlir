// Input of async.test: asynchronous collectives (xmp.reduction_start,
// xmp.bcast_start, xmp.wait) on a `?x?` grid of P0 x P1 ranks, with work
// between start and wait, checked on every rank against closed forms
// (like their blocking forms): a sum and a max over the whole grid, a sum
// over axis 1, an i1 sum (parity), several requests in flight at once and
// waited for in another order, a broadcast, and a reduction on a node
// subset inside a task on it.
// Rank 0 prints value10 = errors over all ranks (0).
xmp.nodes @p(shape = ?x?)
xmp.nodes @col(shape = ?) = @p [:, 0]

func.func private @xmprt_print_scalar_f64(i64, f64)

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

func.func @i64(%x: index) -> i64 {
  %r = arith.index_cast %x : index to i64
  return %r : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %err = memref.alloca() : memref<1xi64>
  memref.store %z, %err[%c0] : memref<1xi64>
  %me = xmp.node_num @p
  %r = func.call @i64(%me) : (index) -> i64
  %jj = xmp.node_index @p [1]
  %j = func.call @i64(%jj) : (index) -> i64
  %ii = xmp.node_index @p [0]
  %i = func.call @i64(%ii) : (index) -> i64
  %nn = xmp.num_nodes @p
  %n = func.call @i64(%nn) : (index) -> i64
  %pp0 = xmp.node_size @p [0]
  %P0 = func.call @i64(%pp0) : (index) -> i64
  %pp1 = xmp.node_size @p [1]
  %P1 = func.call @i64(%pp1) : (index) -> i64

  // a: [r, 1, r]  summed / b: [r] max / c: [j] summed over axis 1 / d: i1
  %a = memref.alloca() : memref<3xi64>
  memref.store %r, %a[%c0] : memref<3xi64>
  memref.store %one, %a[%c1] : memref<3xi64>
  memref.store %r, %a[%c2] : memref<3xi64>
  %b = memref.alloca() : memref<1xi64>
  memref.store %r, %b[%c0] : memref<1xi64>
  %c = memref.alloca() : memref<1xi64>
  memref.store %j, %c[%c0] : memref<1xi64>
  %d = memref.alloca() : memref<1xi1>
  %t = arith.constant true
  memref.store %t, %d[%c0] : memref<1xi1>
  %ra = xmp.reduction_start add %a on @p : memref<3xi64>
  %rb = xmp.reduction_start max %b on @p : memref<1xi64>
  %rc = xmp.reduction_start add %c on @p [1] : memref<1xi64>
  %rd = xmp.reduction_start add %d on @p : memref<1xi1>
  // work while the reductions run
  %c3i = arith.constant 3 : i64
  %w = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %z) -> i64 {
    %kk = func.call @i64(%k) : (index) -> i64
    %s = arith.addi %acc, %kk : i64
    scf.yield %s : i64
  }
  func.call @chk(%err, %w, %c3i) : (memref<1xi64>, i64, i64) -> ()
  xmp.wait %rc
  xmp.wait %ra
  xmp.wait %rd
  xmp.wait %rb
  %nm1 = arith.subi %n, %one : i64
  %tri0 = arith.muli %n, %nm1 : i64
  %tri = arith.divsi %tri0, %two : i64
  %a0 = memref.load %a[%c0] : memref<3xi64>
  %a1 = memref.load %a[%c1] : memref<3xi64>
  %a2 = memref.load %a[%c2] : memref<3xi64>
  func.call @chk(%err, %a0, %tri) : (memref<1xi64>, i64, i64) -> ()
  func.call @chk(%err, %a1, %n) : (memref<1xi64>, i64, i64) -> ()
  func.call @chk(%err, %a2, %tri) : (memref<1xi64>, i64, i64) -> ()
  %b0 = memref.load %b[%c0] : memref<1xi64>
  func.call @chk(%err, %b0, %nm1) : (memref<1xi64>, i64, i64) -> ()
  %c0v = memref.load %c[%c0] : memref<1xi64>
  %P1m1 = arith.subi %P1, %one : i64
  %ctri0 = arith.muli %P1, %P1m1 : i64
  %ctri = arith.divsi %ctri0, %two : i64
  func.call @chk(%err, %c0v, %ctri) : (memref<1xi64>, i64, i64) -> ()
  %d0 = memref.load %d[%c0] : memref<1xi1>
  %d64 = arith.extui %d0 : i1 to i64
  %par = arith.remsi %n, %two : i64
  func.call @chk(%err, %d64, %par) : (memref<1xi64>, i64, i64) -> ()

  // broadcast of [r, 2 r] from node (0, 0): [0, 0] everywhere
  %e = memref.alloca() : memref<2xi64>
  %r7 = arith.muli %r, %two : i64
  memref.store %r, %e[%c0] : memref<2xi64>
  memref.store %r7, %e[%c1] : memref<2xi64>
  %re = xmp.bcast_start %e from [0, 0] on @p : memref<2xi64>
  xmp.wait %re
  %e0 = memref.load %e[%c0] : memref<2xi64>
  %e1 = memref.load %e[%c1] : memref<2xi64>
  func.call @chk(%err, %e0, %z) : (memref<1xi64>, i64, i64) -> ()
  func.call @chk(%err, %e1, %z) : (memref<1xi64>, i64, i64) -> ()

  // inside a task on the first column: a sum of the row coordinates
  xmp.task on @col {
    %f = memref.alloca() : memref<1xi64>
    memref.store %i, %f[%c0] : memref<1xi64>
    %rf = xmp.reduction_start add %f on @col : memref<1xi64>
    xmp.wait %rf
    %f0 = memref.load %f[%c0] : memref<1xi64>
    %P0m1 = arith.subi %P0, %one : i64
    %ft0 = arith.muli %P0, %P0m1 : i64
    %ft = arith.divsi %ft0, %two : i64
    func.call @chk(%err, %f0, %ft) : (memref<1xi64>, i64, i64) -> ()
  }

  %ev = memref.load %err[%c0] : memref<1xi64>
  %es = xmp.reduction add %ev on @p : i64
  %ef = arith.sitofp %es : i64 to f64
  %t10 = arith.constant 10 : i64
  func.call @xmprt_print_scalar_f64(%t10, %ef) : (i64, f64) -> ()
  return
}
