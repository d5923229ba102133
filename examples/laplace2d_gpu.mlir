// laplace2d_gpu.mlir -- the Laplace solver of laplace2d.mlir on GPUs
// (thesis listing A.1 as XcalableACC writes it: the arrays are replicated to
// the accelerator once, the halo exchange and both loops of the time step
// run on device data, and the result comes back once at the end):
//   #pragma acc data copy(u, uu)            -> xmp.replicate (%u, %uu) with
//                                              replicate_sync in / out
//   #pragma xmp reflect (u) acc             -> xmp.reflect %u acc
//   #pragma xmp loop (y, x) on t(y, x)
//   #pragma acc parallel loop collapse(2)   -> xmp.device_loop
// Everything else (sizes, data, output, exactness, expected checksum) is as
// in laplace2d.mlir; compare with laplace2d_ref.c the same way. Compiled
// without --gpu the device loops run on the host (with one warning), so the
// program also runs on machines without a GPU.
//
// Command line: laplace2d_gpu [steps [XSIZE YSIZE]]: steps default 16, sizes
// default 256 192 (each in [3, 2^31-1]; give both).

//===--- sizes fixed at run time (XSIZE x YSIZE) -------------------------===//
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = ?x?)
xmp.distribute @t onto @p [block, block]
!u_t = !xmp.darray<?x?xf64, @t, align [0, 1], shadow [1:1, 1:1]>
//===----------------------------------------------------------------------===//

// Runtime helpers (C signatures):
//   void    xmprt_print_scalar_f64(int64_t tag, double v);
//     prints "XMP-RESULT <name> <v>" (%.17g) on rank 0 only; tag 0 =
//     checksum, 1 = gosa (residual), 2 = mflops, 3 = time.
//   int64_t xmprt_arg_i64(int32_t i, int64_t dflt);
//     command-line argument i (1-based, after the program name) as an
//     integer, or dflt when absent.
func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_arg_i64_in(i32, i64, i64, i64) -> i64

func.func @main() {
  // ---- iteration count: argv[1], default 16 ------------------------------
  %arg1 = arith.constant 1 : i32
  %niter_default = arith.constant 16 : i64
  // a positive count: anything else is an error
  %niter_lo = arith.constant 1 : i64
  %niter_hi = arith.constant 2147483647 : i64
  %niter_i64 = func.call @xmprt_arg_i64_in(%arg1, %niter_default, %niter_lo, %niter_hi) : (i32, i64, i64, i64) -> i64
  // ---- sizes: argv[2..3], default 256 192 --------------------------------
  %arg2 = arith.constant 2 : i32
  %arg3 = arith.constant 3 : i32
  %d256 = arith.constant 256 : i64
  %d192 = arith.constant 192 : i64
  %sz_lo = arith.constant 3 : i64
  %xsize_i64 = func.call @xmprt_arg_i64_in(%arg2, %d256, %sz_lo, %niter_hi) : (i32, i64, i64, i64) -> i64
  %ysize_i64 = func.call @xmprt_arg_i64_in(%arg3, %d192, %sz_lo, %niter_hi) : (i32, i64, i64, i64) -> i64
  %xsize = arith.index_cast %xsize_i64 : i64 to index
  %ysize = arith.index_cast %ysize_i64 : i64 to index
  xmp.template_fix @t(%xsize, %ysize)
  %niter = arith.index_cast %niter_i64 : i64 to index
  // -------------------------------------------------------------------------

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f64
  %quarter = arith.constant 0.25 : f64
  %tag_checksum = arith.constant 0 : i64
  %tag_time = arith.constant 3 : i64
  %xend = arith.subi %xsize, %c1 : index   // XSIZE-1
  %yend = arith.subi %ysize, %c1 : index   // YSIZE-1

  %u = xmp.alloc(%xsize, %ysize) : !u_t
  %uu = xmp.alloc(%xsize, %ysize) : !u_t

  // Initialization: u[x][y] = (x*7 + y*3) % 11, uu[x][y] = 0.
  xmp.loop (%x, %y) = (%c0, %c0) to (%xsize, %ysize) step (%c1, %c1)
      on @t [0, 1] {
    %x7 = arith.muli %x, %c7 : index
    %y3 = arith.muli %y, %c3 : index
    %s = arith.addi %x7, %y3 : index
    %m = arith.remui %s, %c11 : index
    %mi = arith.index_cast %m : index to i64
    %v = arith.sitofp %mi : i64 to f64
    xmp.store %v, %u[%x, %y] : !u_t
    xmp.store %zero, %uu[%x, %y] : !u_t
  }

  xmp.replicate (%u, %uu) : !u_t, !u_t {
  xmp.replicate_sync in(%u, %uu) : !u_t, !u_t
  xmp.barrier on @p
  %t0 = xmp.wtime : f64
  scf.for %step = %c0 to %niter step %c1 {
    // Halo exchange of u on the device (listing A.1: reflect (u) acc).
    xmp.reflect %u acc : !u_t

    // Stencil: uu from the 4 neighbours of u.
    xmp.device_loop (%x, %y) = (%c1, %c1) to (%xend, %yend) step (%c1, %c1)
        on @t [0, 1] {
      %xm = arith.subi %x, %c1 : index
      %xp = arith.addi %x, %c1 : index
      %ym = arith.subi %y, %c1 : index
      %yp = arith.addi %y, %c1 : index
      %n0 = xmp.load %u[%xm, %y] : !u_t
      %n1 = xmp.load %u[%xp, %y] : !u_t
      %n2 = xmp.load %u[%x, %ym] : !u_t
      %n3 = xmp.load %u[%x, %yp] : !u_t
      %s01 = arith.addf %n0, %n1 : f64
      %s012 = arith.addf %s01, %n2 : f64
      %s = arith.addf %s012, %n3 : f64
      %v = arith.mulf %s, %quarter : f64
      xmp.store %v, %uu[%x, %y] : !u_t
    }

    // Copy back: u = uu on the interior.
    xmp.device_loop (%x, %y) = (%c1, %c1) to (%xend, %yend) step (%c1, %c1)
        on @t [0, 1] {
      %v = xmp.load %uu[%x, %y] : !u_t
      xmp.store %v, %u[%x, %y] : !u_t
    }
  }
  xmp.barrier on @p
  %t1 = xmp.wtime : f64
  %time = arith.subf %t1, %t0 : f64
  func.call @xmprt_print_scalar_f64(%tag_time, %time) : (i64, f64) -> ()
  xmp.replicate_sync out(%u) : !u_t
  }

  // Checksum: sum of all elements of u (every rank gets the global sum).
  %sum = xmp.loop (%x, %y) = (%c0, %c0) to (%xsize, %ysize) step (%c1, %c1)
      on @t [0, 1] reduce(add) init(%zero) -> f64 {
    %v = xmp.load %u[%x, %y] : !u_t
    xmp.yield %v : f64
  }

  func.call @xmprt_print_scalar_f64(%tag_checksum, %sum) : (i64, f64) -> ()

  xmp.dealloc %uu : !u_t
  xmp.dealloc %u : !u_t
  return
}
