// matmul.mlir -- matrix product C = A x B in the xmp dialect (thesis
// chapter 4, the XMP-dev/StarPU matrix product). The sequential reference
// is matmul_ref.c (the same computation in plain C).
//
// As in the thesis (section 4.5), the matrices are split in one direction
// only: A and C are distributed by rows, B is replicated (every node holds
// all of it, which is why the thesis had to copy the whole of B to each GPU):
//   #pragma xmp nodes p(*)
//   #pragma xmp template t(0:N-1)
//   #pragma xmp distribute t(block) onto p
//   #pragma xmp align a[i][*] with t(i) :: a, c, bd
//   (b is a plain, replicated array)
// In the dialect: a 1-D template @t of N rows, `block` over
// `xmp.nodes @p(shape = ?)`, A, C (and a row-distributed copy Bd used for
// the initialization) aligned `[0, *]`, and B aligned `[*, *]`: no array
// dimension follows the template, so B is replicated over the whole grid.
// B is initialized by rows in Bd (each rank its own rows) and replicated by
// `xmp.gmove %bd[0:N, 0:N] to %b[0:N, 0:N]` (distributed -> replicated, an
// all-gather).
//
// Problem size: N, 130 by default (not a multiple of 3 or 4, so the row
// blocks are uneven on 3 and 4 ranks: 44+44+42, 33*3+31), fixed at run time
// (xmp.template_fix): argv[2], as for matmul_ref.
// Command line: argv[1] = number of repetitions of the product (default 1;
// the thesis repeated the product to time it; the result is the same).
//
// Data: A[i][k] = (i + 2k) % 7, B[k][j] = (3k + j) % 7 - 3 (integers).
//
// Output (rank 0):
//   XMP-RESULT checksum <sum of all C[i][j] * ((i + 3j) % 5 + 1), by reduce(add)>
//   XMP-RESULT value5   <max of all C[i][j], by reduce(max)>
//   XMP-RESULT time     <seconds of the product loop>
// Every element and partial sum is an integer far below 2^53, so both
// values are exact whatever the number of ranks: compare by string equality.
// Expected (`./matmul_ref`):
//   XMP-RESULT checksum 5774
//   XMP-RESULT value5 271

//===--- N fixed at run time ---------------------------------------------===//
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [block]
!row_t = !xmp.darray<?x?xf64, @t, align [0, *]>
!rep_t = !xmp.darray<?x?xf64, @t, align [*, *]>
//===----------------------------------------------------------------------===//

// Runtime helpers (see examples/README.md).
func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_arg_i64_in(i32, i64, i64, i64) -> i64

func.func @main() {
  %arg1 = arith.constant 1 : i32
  %nrep_default = arith.constant 1 : i64
  // a positive count: anything else is an error
  %nrep_lo = arith.constant 1 : i64
  %nrep_hi = arith.constant 2147483647 : i64
  %nrep_i64 = func.call @xmprt_arg_i64_in(%arg1, %nrep_default, %nrep_lo, %nrep_hi) : (i32, i64, i64, i64) -> i64
  %nrep = arith.index_cast %nrep_i64 : i64 to index
  // N: argv[2], default 130
  %arg_n = arith.constant 2 : i32
  %n_default = arith.constant 130 : i64
  %n_lo = arith.constant 1 : i64
  %n_hi = arith.constant 2147483647 : i64
  %n_i64 = func.call @xmprt_arg_i64_in(%arg_n, %n_default, %n_lo, %n_hi) : (i32, i64, i64, i64) -> i64
  %n = arith.index_cast %n_i64 : i64 to index
  xmp.template_fix @t(%n)

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %f3 = arith.constant 3.0 : f64
  %neg_inf = arith.constant 0xFFF0000000000000 : f64
  %tag_checksum = arith.constant 0 : i64
  %tag_time = arith.constant 3 : i64
  %tag_max = arith.constant 5 : i64

  %a = xmp.alloc(%n, %n) : !row_t
  %bd = xmp.alloc(%n, %n) : !row_t
  %c = xmp.alloc(%n, %n) : !row_t
  %b = xmp.alloc(%n, %n) : !rep_t

  // A and B (by rows, each rank its own rows).
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    scf.for %k = %c0 to %n step %c1 {
      %k2 = arith.muli %k, %c2 : index
      %s = arith.addi %i, %k2 : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i64
      %v = arith.sitofp %ri : i64 to f64
      xmp.store %v, %a[%i, %k] : !row_t
      %i3 = arith.muli %i, %c3 : index
      %t = arith.addi %i3, %k : index
      %tr = arith.remui %t, %c7 : index
      %ti = arith.index_cast %tr : index to i64
      %tf = arith.sitofp %ti : i64 to f64
      %w = arith.subf %tf, %f3 : f64
      xmp.store %w, %bd[%i, %k] : !row_t
    }
  }
  // Replicate B on every rank (distributed -> replicated gmove).
  xmp.gmove %bd[0:%n, 0:%n] to %b[0:%n, 0:%n] : !row_t to !rep_t

  xmp.barrier on @p
  %t0 = xmp.wtime : f64
  scf.for %rep = %c0 to %nrep step %c1 {
    // C[i][j] = sum_k A[i][k] * B[k][j] for the own rows i.
    xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
      scf.for %j = %c0 to %n step %c1 {
        %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
          %x = xmp.load %a[%i, %k] : !row_t
          %y = xmp.load %b[%k, %j] : !rep_t
          %p = arith.mulf %x, %y : f64
          %acc1 = arith.addf %acc, %p : f64
          scf.yield %acc1 : f64
        }
        xmp.store %s, %c[%i, %j] : !row_t
      }
    }
  }
  xmp.barrier on @p
  %t1 = xmp.wtime : f64
  %time = arith.subf %t1, %t0 : f64

  // Weighted sum (weights w[i][j] = (i + 3j) % 5 + 1, so that a misplaced
  // element changes it) and maximum of C.
  %sum = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0]
      reduce(add) init(%zero) -> f64 {
    %rs = scf.for %j = %c0 to %n step %c1 iter_args(%s = %zero) -> (f64) {
      %v = xmp.load %c[%i, %j] : !row_t
      %j3 = arith.muli %j, %c3 : index
      %ij = arith.addi %i, %j3 : index
      %wr = arith.remui %ij, %c5 : index
      %wi = arith.index_cast %wr : index to i64
      %wf = arith.sitofp %wi : i64 to f64
      %w = arith.addf %wf, %one : f64
      %vw = arith.mulf %v, %w : f64
      %s1 = arith.addf %s, %vw : f64
      scf.yield %s1 : f64
    }
    xmp.yield %rs : f64
  }
  %max = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0]
      reduce(max) init(%neg_inf) -> f64 {
    %rm = scf.for %j = %c0 to %n step %c1 iter_args(%m = %neg_inf) -> (f64) {
      %v = xmp.load %c[%i, %j] : !row_t
      %m1 = arith.maximumf %m, %v : f64
      scf.yield %m1 : f64
    }
    xmp.yield %rm : f64
  }

  func.call @xmprt_print_scalar_f64(%tag_checksum, %sum) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%tag_max, %max) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%tag_time, %time) : (i64, f64) -> ()

  xmp.dealloc %b : !rep_t
  xmp.dealloc %c : !row_t
  xmp.dealloc %bd : !row_t
  xmp.dealloc %a : !row_t
  return
}
