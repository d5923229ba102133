// himeno.mlir -- the Himeno benchmark (Jacobi kernel of a 3-D Poisson
// solver), thesis listing A.2 in the xmp dialect. The sequential reference
// is himeno_ref.c (the original himenoBMTxps.c computation in plain C).
//
// Listing A.2 (XcalableACC) declares, in XMP's Fortran-order notation,
//   #pragma xmp template t(0:MKMAX-1, 0:MJMAX-1, 0:MIMAX-1)
//   #pragma xmp nodes n(NDY, NDX)
//   #pragma xmp distribute t(*, block, block) onto n
//   #pragma xmp align p[k][j][i] with t(i, j, k)      (bnd, wrk1, wrk2 alike)
//   #pragma xmp align a[*][k][j][i] with t(i, j, k)   (b, c alike)
//   #pragma xmp shadow p[1][1][0]
// i.e. for the C arrays p[MIMAX][MJMAX][MKMAX] the first two dimensions
// (i, j) are block-distributed over a 2-D grid and the last one (k, the
// contiguous one) is not split. In the dialect's C / row-major order this is
// a template of MIMAX x MJMAX x MKMAX distributed [block, block, *] onto a
// ? x ? grid, `align [0, 1, 2]`, and p gets `shadow [1:1, 1:1, 0:0]`.
//
// The coefficient arrays a[4][..][..][..], b[3][..] and c[3][..] keep their
// original 4-D shape: darrays whose leading dimension is not aligned
// (`align [*, 0, 1, 2]`, XMP's a[*][k][j][i]), so every node holds all 4 (3)
// coefficients of the points it owns. (Splitting them into separate 3-D
// darrays a0..a3 would also verify; the 4-D form follows the listing.)
//
// The halo exchange uses a persistent plan as in the listing
// (reflect_init once, reflect_do after initialization and after each
// iteration). The gosa reduction is the `reduce(add)` of the stencil loop
// (the listing's `#pragma xmp reduction(+:gosa)`).
//
// Sizes are fixed at run time (`xmp.template @t(shape = ?x?x?)`,
// `xmp.template_fix`): one binary runs every size. XS (33 x 33 x 65) by
// default, S = 65 65 129, M = 129 129 257, L = 257 257 513 on the command
// line. Benchmarks that want static local shapes compile with
// `xmpcc --specialize=t=129x129x257` (xmp-specialize-shapes; the
// template_fix then checks at run time that the sizes are those).
//
// Command line: himeno [iterations [MIMAX MJMAX MKMAX]]: iterations default
// 20, sizes default 33 33 65 (each in [3, 46341]; give all three).
//
// Output (from rank 0, via the runtime helper below):
//   XMP-RESULT gosa   <gosa of the last iteration, f32 widened to f64>
//   XMP-RESULT mflops <34*(imax-2)*(jmax-2)*(kmax-2)*nn / time * 1e-6>
//   XMP-RESULT time   <seconds of the iteration loop>
// Every element of p is computed with the same f32 operations in the same
// order as in himeno_ref.c (no fused multiply-add), so only the summation
// order of gosa differs between rank counts (the reference accumulates all
// points sequentially in f32): compare gosa with a relative tolerance of
// 1e-3 (XS, S) or 2e-2 (M). MFLOPS and time are not compared.
// Expected (XS, 20 iterations): XMP-RESULT gosa 0.0046446309424936771

//===--- sizes fixed at run time (MIMAX x MJMAX x MKMAX) ------------------===//
xmp.nodes @n(shape = ?x?)
xmp.template @t(shape = ?x?x?)
xmp.distribute @t onto @n [block, block, *]
!p_t = !xmp.darray<?x?x?xf32, @t, align [0, 1, 2], shadow [1:1, 1:1, 0:0]>
!s_t = !xmp.darray<?x?x?xf32, @t, align [0, 1, 2]>
!a_t = !xmp.darray<4x?x?x?xf32, @t, align [*, 0, 1, 2]>
!b_t = !xmp.darray<3x?x?x?xf32, @t, align [*, 0, 1, 2]>
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
  // ---- iteration count: argv[1], default 20 -------------------------------
  %arg1 = arith.constant 1 : i32
  %nn_default = arith.constant 20 : i64
  // a positive count: anything else is an error
  %nn_lo = arith.constant 1 : i64
  %nn_hi = arith.constant 2147483647 : i64
  %nn_i64 = func.call @xmprt_arg_i64_in(%arg1, %nn_default, %nn_lo, %nn_hi) : (i32, i64, i64, i64) -> i64
  // ---- sizes: argv[2..4], default 33 33 65 (XS) ----------------------------
  %arg2 = arith.constant 2 : i32
  %arg3 = arith.constant 3 : i32
  %arg4 = arith.constant 4 : i32
  %d33 = arith.constant 33 : i64
  %d65 = arith.constant 65 : i64
  %sz_lo = arith.constant 3 : i64
  %sz_hi = arith.constant 46341 : i64
  %mimax_i64 = func.call @xmprt_arg_i64_in(%arg2, %d33, %sz_lo, %sz_hi) : (i32, i64, i64, i64) -> i64
  %mjmax_i64 = func.call @xmprt_arg_i64_in(%arg3, %d33, %sz_lo, %sz_hi) : (i32, i64, i64, i64) -> i64
  %mkmax_i64 = func.call @xmprt_arg_i64_in(%arg4, %d65, %sz_lo, %sz_hi) : (i32, i64, i64, i64) -> i64
  %mimax = arith.index_cast %mimax_i64 : i64 to index    // MIMAX
  %mjmax = arith.index_cast %mjmax_i64 : i64 to index    // MJMAX
  %mkmax = arith.index_cast %mkmax_i64 : i64 to index    // MKMAX
  xmp.template_fix @t(%mimax, %mjmax, %mkmax)
  %nn = arith.index_cast %nn_i64 : i64 to index
  // --------------------------------------------------------------------------

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %sixth = arith.constant 0x3E2AAAAB : f32   // (float)(1.0/6.0)
  %omega = arith.constant 0x3F4CCCCD : f32   // (float)0.8
  %tag_gosa = arith.constant 1 : i64
  %tag_mflops = arith.constant 2 : i64
  %tag_time = arith.constant 3 : i64

  %imax = arith.subi %mimax, %c1 : index
  %jmax = arith.subi %mjmax, %c1 : index
  %kmax = arith.subi %mkmax, %c1 : index
  %iend = arith.subi %imax, %c1 : index     // imax-1
  %jend = arith.subi %jmax, %c1 : index     // jmax-1
  %kend = arith.subi %kmax, %c1 : index     // kmax-1
  // (float)((imax-1)*(imax-1))
  %den_idx = arith.muli %iend, %iend : index
  %den_i64 = arith.index_cast %den_idx : index to i64
  %den = arith.sitofp %den_i64 : i64 to f32

  %p = xmp.alloc(%mimax, %mjmax, %mkmax) : !p_t
  %bnd = xmp.alloc(%mimax, %mjmax, %mkmax) : !s_t
  %wrk1 = xmp.alloc(%mimax, %mjmax, %mkmax) : !s_t
  %wrk2 = xmp.alloc(%mimax, %mjmax, %mkmax) : !s_t
  %a = xmp.alloc(%mimax, %mjmax, %mkmax) : !a_t
  %b = xmp.alloc(%mimax, %mjmax, %mkmax) : !b_t
  %c = xmp.alloc(%mimax, %mjmax, %mkmax) : !b_t

  // initmt(): everything 0 on the whole array; on i < imax, j < jmax,
  // k < kmax: a0..a2 = 1, a3 = 1/6, b = 0, c = 1,
  // p = (float)(i*i) / (float)((imax-1)*(imax-1)), wrk1 = 0, bnd = 1.
  xmp.loop (%i, %j, %k) = (%c0, %c0, %c0) to (%mimax, %mjmax, %mkmax)
      step (%c1, %c1, %c1) on @t [0, 1, 2] {
    %in_i = arith.cmpi ult, %i, %imax : index
    %in_j = arith.cmpi ult, %j, %jmax : index
    %in_k = arith.cmpi ult, %k, %kmax : index
    %in_ij = arith.andi %in_i, %in_j : i1
    %in = arith.andi %in_ij, %in_k : i1
    %v1 = arith.select %in, %one, %zero : f32
    %v6 = arith.select %in, %sixth, %zero : f32
    %ii = arith.muli %i, %i : index
    %ii_i64 = arith.index_cast %ii : index to i64
    %ii_f = arith.sitofp %ii_i64 : i64 to f32
    %pv = arith.divf %ii_f, %den : f32
    %vp = arith.select %in, %pv, %zero : f32
    xmp.store %v1, %a[%c0, %i, %j, %k] : !a_t
    xmp.store %v1, %a[%c1, %i, %j, %k] : !a_t
    xmp.store %v1, %a[%c2, %i, %j, %k] : !a_t
    xmp.store %v6, %a[%c3, %i, %j, %k] : !a_t
    xmp.store %zero, %b[%c0, %i, %j, %k] : !b_t
    xmp.store %zero, %b[%c1, %i, %j, %k] : !b_t
    xmp.store %zero, %b[%c2, %i, %j, %k] : !b_t
    xmp.store %v1, %c[%c0, %i, %j, %k] : !b_t
    xmp.store %v1, %c[%c1, %i, %j, %k] : !b_t
    xmp.store %v1, %c[%c2, %i, %j, %k] : !b_t
    xmp.store %vp, %p[%i, %j, %k] : !p_t
    xmp.store %zero, %wrk1[%i, %j, %k] : !s_t
    xmp.store %zero, %wrk2[%i, %j, %k] : !s_t
    xmp.store %v1, %bnd[%i, %j, %k] : !s_t
  }

  // Listing A.2: #pragma xmp reflect_init (p)
  %plan = xmp.reflect_init %p : !p_t -> !xmp.reflect_plan
  xmp.reflect_do %plan

  xmp.barrier on @n
  %t0 = xmp.wtime : f64
  %gosa = scf.for %it = %c0 to %nn step %c1 iter_args(%g_prev = %zero) -> (f32) {
    // Jacobi sweep; gosa = sum of ss*ss over all nodes.
    %g = xmp.loop (%i, %j, %k) = (%c1, %c1, %c1) to (%iend, %jend, %kend)
        step (%c1, %c1, %c1) on @t [0, 1, 2]
        reduce(add) init(%zero) -> f32 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %km = arith.subi %k, %c1 : index
      %kp = arith.addi %k, %c1 : index

      %a0 = xmp.load %a[%c0, %i, %j, %k] : !a_t
      %a1 = xmp.load %a[%c1, %i, %j, %k] : !a_t
      %a2 = xmp.load %a[%c2, %i, %j, %k] : !a_t
      %a3 = xmp.load %a[%c3, %i, %j, %k] : !a_t
      %b0 = xmp.load %b[%c0, %i, %j, %k] : !b_t
      %b1 = xmp.load %b[%c1, %i, %j, %k] : !b_t
      %b2 = xmp.load %b[%c2, %i, %j, %k] : !b_t
      %cc0 = xmp.load %c[%c0, %i, %j, %k] : !b_t
      %cc1 = xmp.load %c[%c1, %i, %j, %k] : !b_t
      %cc2 = xmp.load %c[%c2, %i, %j, %k] : !b_t
      %w1 = xmp.load %wrk1[%i, %j, %k] : !s_t
      %bd = xmp.load %bnd[%i, %j, %k] : !s_t

      %p_c = xmp.load %p[%i, %j, %k] : !p_t
      %p_ip = xmp.load %p[%ip, %j, %k] : !p_t
      %p_jp = xmp.load %p[%i, %jp, %k] : !p_t
      %p_kp = xmp.load %p[%i, %j, %kp] : !p_t
      %p_im = xmp.load %p[%im, %j, %k] : !p_t
      %p_jm = xmp.load %p[%i, %jm, %k] : !p_t
      %p_km = xmp.load %p[%i, %j, %km] : !p_t
      %p_ipjp = xmp.load %p[%ip, %jp, %k] : !p_t
      %p_ipjm = xmp.load %p[%ip, %jm, %k] : !p_t
      %p_imjp = xmp.load %p[%im, %jp, %k] : !p_t
      %p_imjm = xmp.load %p[%im, %jm, %k] : !p_t
      %p_jpkp = xmp.load %p[%i, %jp, %kp] : !p_t
      %p_jmkp = xmp.load %p[%i, %jm, %kp] : !p_t
      %p_jpkm = xmp.load %p[%i, %jp, %km] : !p_t
      %p_jmkm = xmp.load %p[%i, %jm, %km] : !p_t
      %p_ipkp = xmp.load %p[%ip, %j, %kp] : !p_t
      %p_imkp = xmp.load %p[%im, %j, %kp] : !p_t
      %p_ipkm = xmp.load %p[%ip, %j, %km] : !p_t
      %p_imkm = xmp.load %p[%im, %j, %km] : !p_t

      // s0 = a0*p[i+1][j][k] + a1*p[i][j+1][k] + a2*p[i][j][k+1]
      //    + b0*(p[i+1][j+1][k] - p[i+1][j-1][k] - p[i-1][j+1][k] + p[i-1][j-1][k])
      //    + b1*(p[i][j+1][k+1] - p[i][j-1][k+1] - p[i][j+1][k-1] + p[i][j-1][k-1])
      //    + b2*(p[i+1][j][k+1] - p[i-1][j][k+1] - p[i+1][j][k-1] + p[i-1][j][k-1])
      //    + c0*p[i-1][j][k] + c1*p[i][j-1][k] + c2*p[i][j][k-1] + wrk1[i][j][k]
      // evaluated left to right, as C does.
      %t1 = arith.mulf %a0, %p_ip : f32
      %t2 = arith.mulf %a1, %p_jp : f32
      %s1 = arith.addf %t1, %t2 : f32
      %t3 = arith.mulf %a2, %p_kp : f32
      %s2 = arith.addf %s1, %t3 : f32
      %d0a = arith.subf %p_ipjp, %p_ipjm : f32
      %d0b = arith.subf %d0a, %p_imjp : f32
      %d0 = arith.addf %d0b, %p_imjm : f32
      %t4 = arith.mulf %b0, %d0 : f32
      %s3 = arith.addf %s2, %t4 : f32
      %d1a = arith.subf %p_jpkp, %p_jmkp : f32
      %d1b = arith.subf %d1a, %p_jpkm : f32
      %d1 = arith.addf %d1b, %p_jmkm : f32
      %t5 = arith.mulf %b1, %d1 : f32
      %s4 = arith.addf %s3, %t5 : f32
      %d2a = arith.subf %p_ipkp, %p_imkp : f32
      %d2b = arith.subf %d2a, %p_ipkm : f32
      %d2 = arith.addf %d2b, %p_imkm : f32
      %t6 = arith.mulf %b2, %d2 : f32
      %s5 = arith.addf %s4, %t6 : f32
      %t7 = arith.mulf %cc0, %p_im : f32
      %s6 = arith.addf %s5, %t7 : f32
      %t8 = arith.mulf %cc1, %p_jm : f32
      %s7 = arith.addf %s6, %t8 : f32
      %t9 = arith.mulf %cc2, %p_km : f32
      %s8 = arith.addf %s7, %t9 : f32
      %s0 = arith.addf %s8, %w1 : f32

      // ss = (s0*a3 - p[i][j][k]) * bnd[i][j][k]
      %u1 = arith.mulf %s0, %a3 : f32
      %u2 = arith.subf %u1, %p_c : f32
      %ss = arith.mulf %u2, %bd : f32
      // wrk2[i][j][k] = p[i][j][k] + omega*ss
      %os = arith.mulf %omega, %ss : f32
      %np = arith.addf %p_c, %os : f32
      xmp.store %np, %wrk2[%i, %j, %k] : !s_t
      // gosa += ss*ss
      %ss2 = arith.mulf %ss, %ss : f32
      xmp.yield %ss2 : f32
    }

    // p = wrk2 on the interior.
    xmp.loop (%i, %j, %k) = (%c1, %c1, %c1) to (%iend, %jend, %kend)
        step (%c1, %c1, %c1) on @t [0, 1, 2] {
      %v = xmp.load %wrk2[%i, %j, %k] : !s_t
      xmp.store %v, %p[%i, %j, %k] : !p_t
    }

    // Listing A.2: #pragma xmp reflect_do (p)
    xmp.reflect_do %plan
    scf.yield %g : f32
  }
  xmp.barrier on @n
  %t_end = xmp.wtime : f64
  %time = arith.subf %t_end, %t0 : f64

  // MFLOPS = 34*(imax-2)*(jmax-2)*(kmax-2) * nn / time * 1e-6
  %ni = arith.subi %imax, %c2 : index
  %nj = arith.subi %jmax, %c2 : index
  %nk = arith.subi %kmax, %c2 : index
  %nij = arith.muli %ni, %nj : index
  %nijk = arith.muli %nij, %nk : index
  %nijk_i64 = arith.index_cast %nijk : index to i64
  %nijk_f = arith.sitofp %nijk_i64 : i64 to f64
  %c34 = arith.constant 34.0 : f64
  %flop = arith.mulf %nijk_f, %c34 : f64
  %nn_f = arith.sitofp %nn_i64 : i64 to f64
  %mega = arith.constant 1.0e-6 : f64
  %r1 = arith.divf %flop, %time : f64
  %r2 = arith.mulf %r1, %mega : f64
  %mflops = arith.mulf %r2, %nn_f : f64

  %gosa64 = arith.extf %gosa : f32 to f64
  func.call @xmprt_print_scalar_f64(%tag_gosa, %gosa64) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%tag_mflops, %mflops) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%tag_time, %time) : (i64, f64) -> ()

  xmp.dealloc %c : !b_t
  xmp.dealloc %b : !b_t
  xmp.dealloc %a : !a_t
  xmp.dealloc %wrk2 : !s_t
  xmp.dealloc %wrk1 : !s_t
  xmp.dealloc %bnd : !s_t
  xmp.dealloc %p : !p_t
  return
}
