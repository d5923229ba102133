// matmul_dev.mlir -- the matrix product of matmul.mlir with the product as
// an `xmp.device_loop` shared between the GPU and the CPU cores (thesis
// chapter 4, XMP-dev/StarPU matrix product, section 4.5). Same data, same
// results, same reference (matmul_ref.c): see matmul.mlir.
//
// The template is 2-D (rows x columns, distributed [block, *]) so that the
// product is a 2-D device loop (i, j), one GPU thread per element of C;
// `xmp-split-device-loops` splits its rows between the GPU part and the CPU
// part (StarPU tasks or the thread pool) by the weight (CPU share):
//   argv[1] = repetitions of the product (default 1; each is one step of
//             the weight controller),
//   argv[2] = weight in thousandths (0 = all GPU, 1000 = all CPU), or -1
//             (default) for weight(auto), the runtime controller,
//   argv[3] = N (default 130; matmul_ref takes it as its argv[2]), fixed at
//             run time (xmp.template_fix).
// The weight, the CPU and GPU times of each step go to the trace file named
// by XMP_WEIGHT_TRACE. Built without --gpu, or run without a GPU, the device
// loop runs entirely on the CPU cores.
//
// Expected (`./matmul_ref`):
//   XMP-RESULT checksum 5774
//   XMP-RESULT value5 271

//===--- N fixed at run time ---------------------------------------------===//
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?x?)
xmp.distribute @t onto @p [block, *]
!row_t = !xmp.darray<?x?xf64, @t, align [0, 1]>
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
  %arg2 = arith.constant 2 : i32
  %auto_flag = arith.constant -1 : i64
  // weight in thousandths, -1 = auto: anything else is an error
  %wsel_lo = arith.constant -1 : i64
  %wsel_hi = arith.constant 1000 : i64
  %wsel = func.call @xmprt_arg_i64_in(%arg2, %auto_flag, %wsel_lo, %wsel_hi) : (i32, i64, i64, i64) -> i64
  %zero_i64 = arith.constant 0 : i64
  %is_auto = arith.cmpi slt, %wsel, %zero_i64 : i64
  %wsel_f = arith.sitofp %wsel : i64 to f64
  %thousand = arith.constant 1000.0 : f64
  %weight = arith.divf %wsel_f, %thousand : f64
  // N: argv[3], default 130
  %arg_n = arith.constant 3 : i32
  %n_default = arith.constant 130 : i64
  %n_lo = arith.constant 1 : i64
  %n_hi = arith.constant 2147483647 : i64
  %n_i64 = func.call @xmprt_arg_i64_in(%arg_n, %n_default, %n_lo, %n_hi) : (i32, i64, i64, i64) -> i64
  %n = arith.index_cast %n_i64 : i64 to index
  xmp.template_fix @t(%n, %n)

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
    // C[i][j] = sum_k A[i][k] * B[k][j] for the own rows i: a 2-D device
    // loop, rows split between the GPU and the CPU cores.
    scf.if %is_auto {
      xmp.device_loop (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1)
          on @t [0, 1] weight(auto) {
        %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
          %x = xmp.load %a[%i, %k] : !row_t
          %y = xmp.load %b[%k, %j] : !rep_t
          %p = arith.mulf %x, %y : f64
          %acc1 = arith.addf %acc, %p : f64
          scf.yield %acc1 : f64
        }
        xmp.store %s, %c[%i, %j] : !row_t
      }
    } else {
      xmp.device_loop (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1)
          on @t [0, 1] weight(%weight) {
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
