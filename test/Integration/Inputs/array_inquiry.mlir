// Input of array-inquiry.test: xmp.array_lsize, xmp.array_extent and
// xmp.array_gtol on a 7 x 10 array with shadows on a [block, cyclic(2)]
// template over a `?x?` grid of P0 x P1 ranks. Every element is stored
// with its global indices (100 i + j), then read back on every rank that
// owns it through xmp.local_view at the local indices xmp.array_gtol gives;
// the local view's sizes must equal xmp.array_extent. Rank 0 prints:
//   value10 errors                          (0)
//   value11 sum of array_lsize dim 0        (7 P1: each grid column splits 7)
//   value12 sum of array_lsize dim 1        (10 P0)
//   value13 elements checked                (70)
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = 7x10)
xmp.distribute @t onto @p [block, cyclic(2)]
!a_t = !xmp.darray<7x10xi64, @t, align [0, 1], shadow [1:1, 0:0]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @out(%tag: i64, %v: index) {
  %x = arith.index_cast %v : index to i64
  %s = xmp.reduction add %x on @p : i64
  %f = arith.sitofp %s : i64 to f64
  func.call @xmprt_print_scalar_f64(%tag, %f) : (i64, f64) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %z = arith.constant 0 : index
  %a = xmp.alloc : !a_t
  xmp.loop (%i, %j) = (%c0, %c0) to (%c7, %c10) step (%c1, %c1) on @t [0, 1] {
    %r = arith.muli %i, %c100 : index
    %v = arith.addi %r, %j : index
    %x = arith.index_cast %v : index to i64
    xmp.store %x, %a[%i, %j] : !a_t
  }
  %lv = xmp.local_view %a : !a_t -> memref<?x?xi64>
  %e0 = xmp.array_extent %a [0] : !a_t
  %e1 = xmp.array_extent %a [1] : !a_t
  %d0 = memref.dim %lv, %c0 : memref<?x?xi64>
  %d1 = memref.dim %lv, %c1 : memref<?x?xi64>
  %bad0 = arith.cmpi ne, %e0, %d0 : index
  %bad1 = arith.cmpi ne, %e1, %d1 : index
  %bad01 = arith.ori %bad0, %bad1 : i1
  %ebad = arith.extui %bad01 : i1 to i64
  %zi = arith.constant 0 : i64
  %onei = arith.constant 1 : i64
  // every owned element, read through the local view
  %errs, %n = xmp.loop (%i, %j) = (%c0, %c0) to (%c7, %c10) step (%c1, %c1) on @t [0, 1] reduce(add, add) init(%ebad, %zi) -> (i64, i64) {
    %li = xmp.array_gtol %a [0] %i : !a_t
    %lj = xmp.array_gtol %a [1] %j : !a_t
    %x = memref.load %lv[%li, %lj] : memref<?x?xi64>
    %r = arith.muli %i, %c100 : index
    %v = arith.addi %r, %j : index
    %w = arith.index_cast %v : index to i64
    %ne = arith.cmpi ne, %x, %w : i64
    %e = arith.extui %ne : i1 to i64
    xmp.yield %e, %onei : i64, i64
  }
  %l0 = xmp.array_lsize %a [0] : !a_t
  %l1 = xmp.array_lsize %a [1] : !a_t
  %t10 = arith.constant 10 : i64
  %t11 = arith.constant 11 : i64
  %t12 = arith.constant 12 : i64
  %t13 = arith.constant 13 : i64
  // errs is already the sum over all ranks: print it from rank 0 only once
  %node = xmp.node_num @p
  %first = arith.cmpi eq, %node, %c0 : index
  %errsi = arith.index_cast %errs : i64 to index
  %ni = arith.index_cast %n : i64 to index
  %errs0 = arith.select %first, %errsi, %z : index
  %n0 = arith.select %first, %ni, %z : index
  func.call @out(%t10, %errs0) : (i64, index) -> ()
  func.call @out(%t11, %l0) : (i64, index) -> ()
  func.call @out(%t12, %l1) : (i64, index) -> ()
  func.call @out(%t13, %n0) : (i64, index) -> ()
  xmp.dealloc %a : !a_t
  return
}
