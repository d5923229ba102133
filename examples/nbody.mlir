// nbody.mlir -- direct-sum gravitational N-body in the xmp dialect (thesis
// chapter 4, XMP-dev/StarPU N-body; the force kernel of seed 003, Miki et
// al.). The sequential reference is nbody_ref.c (the same computation in
// plain C).
//
// As in the thesis, the particles are block-distributed over a 1-D grid of
// nodes and each node needs the positions of *all* particles: XMP declares
// the j-particle array with a full shadow and refreshes it with `reflect`,
// which is an all-gather (thesis chapter 3: the reflect of a full shadow
// communicates like MPI_Allgather):
//   #pragma xmp nodes p(*)
//   #pragma xmp template t(0:N-1)
//   #pragma xmp distribute t(block) onto p
//   #pragma xmp align pos[i][*] with t(i)     (same for vel, acc, jp)
//   #pragma xmp align mass[i] with t(i)
//   #pragma xmp shadow jp[*][0]
// Here: a 1-D template @t of N particles, `block` over `xmp.nodes @p(shape
// = ?)` (any number of ranks), the arrays `pos`, `vel`, `acc` (N x 3) aligned
// `[0, *]`, the masses `mass` (N) aligned `[0]`, and the j-particle array
// `jp` (N x 4: x, y, z, m) aligned `[0, *]` with shadow `[*, 0:0]`.
//
// Each time step:
//   1. every rank copies its own particles into its owned rows of `jp`;
//   2. `xmp.reflect %jp` fills the rest of `jp` (all-gather);
//   3. an `xmp.device_loop` over the own particles i (split between the GPU
//      and the CPU cores by the weight, see below) computes, with an inner
//      scf.for over all j = 0..N-1 reading `jp`,
//        a_i = sum_j m_j (x_j - x_i) / (|x_j - x_i|^2 + eps^2)^{3/2}
//      (no `if (j != i)`: the softening makes the self term zero, as in the
//      seed-003 kernel). On the CPU path of xmpcc the device loop runs on
//      the host;
//   4. an `xmp.loop` updates v += a dt, x += v dt (symplectic Euler).
//
// Problem size: N, 1001 = 7 * 11 * 13 by default (not a multiple of 2, 3 or
// 4, so the blocks are uneven on 2, 3 and 4 ranks: 501+500, 334+334+333,
// 251*3+248), fixed at run time (xmp.template_fix; `xmpcc
// --specialize=t=32768` compiles static shapes for one size).
// Command line: argv[1] = number of time steps (default 4); argv[3] = N
// (default 1001; nbody_ref takes it as its argv[2]); argv[2] = the
// device loop's weight (CPU share) in thousandths (0 = all GPU, 1000 = all
// CPU), or -1 (default) for weight(auto), the runtime controller (the loop
// is written twice, once per form). The weight, CPU and GPU time of each
// step go to the file named by XMP_WEIGHT_TRACE. Built without --gpu, or run
// without a GPU, the device loop runs entirely on the CPU cores.
//
// Data (i = 0..N-1, integer arithmetic, then one division):
//   x = (i*37 % 101) / 101 - 0.5, y = (i*53 % 103) / 103 - 0.5,
//   z = (i*71 % 107) / 107 - 0.5, v = 0, m = (1 + i % 3) / N;
//   eps^2 = 0.01, dt = 0.001.
//
// Output (rank 0):
//   XMP-RESULT checksum <sum over i of x+y+z after the last step>
//   XMP-RESULT value4   <kinetic energy sum m v^2 / 2, by reduce(add)>
//   XMP-RESULT time     <seconds of the time-step loop>
// Exactness: every rank computes each a_i with the same f64 operations in
// the same order (j = 0..N-1) as the reference, so the positions are
// bit-for-bit those of nbody_ref.c. The checksum is summed sequentially
// (i = 0..N-1) by every rank from its full copy `jp` (through
// `xmp.local_view`), so it is bit-for-bit equal too: compare by string
// equality. `value4` is summed by a reduce(add) loop whose partial sums
// depend on the distribution: compare it with a relative tolerance of 1e-12.
// Expected with the default 4 steps (`./nbody_ref`):
//   XMP-RESULT checksum -11.703553816063653
//   XMP-RESULT value4 0.00018228648689407146
// (3 steps: checksum -11.703438094089835.)

//===--- N fixed at run time ---------------------------------------------===//
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [block]
!v3_t = !xmp.darray<?x3xf64, @t, align [0, *]>
!m_t = !xmp.darray<?xf64, @t, align [0]>
!jp_t = !xmp.darray<?x4xf64, @t, align [0, *], shadow [*, 0:0]>
//===----------------------------------------------------------------------===//

// Runtime helpers (see examples/README.md).
func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_arg_i64_in(i32, i64, i64, i64) -> i64

func.func @main() {
  %arg1 = arith.constant 1 : i32
  %nstep_default = arith.constant 4 : i64
  // a positive count: anything else is an error
  %nstep_lo = arith.constant 1 : i64
  %nstep_hi = arith.constant 2147483647 : i64
  %nstep_i64 = func.call @xmprt_arg_i64_in(%arg1, %nstep_default, %nstep_lo, %nstep_hi) : (i32, i64, i64, i64) -> i64
  %nstep = arith.index_cast %nstep_i64 : i64 to index
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
  // N: argv[3], default 1001
  %arg_n = arith.constant 3 : i32
  %n_default = arith.constant 1001 : i64
  %n_lo = arith.constant 1 : i64
  %n_hi = arith.constant 2147483647 : i64
  %n_i64 = func.call @xmprt_arg_i64_in(%arg_n, %n_default, %n_lo, %n_hi) : (i32, i64, i64, i64) -> i64
  %n = arith.index_cast %n_i64 : i64 to index
  xmp.template_fix @t(%n)

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c37 = arith.constant 37 : index
  %c53 = arith.constant 53 : index
  %c71 = arith.constant 71 : index
  %c101 = arith.constant 101 : index
  %c103 = arith.constant 103 : index
  %c107 = arith.constant 107 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %f101 = arith.constant 101.0 : f64
  %f103 = arith.constant 103.0 : f64
  %f107 = arith.constant 107.0 : f64
  %fn = arith.sitofp %n_i64 : i64 to f64
  %eps2 = arith.constant 0.01 : f64
  %dt = arith.constant 0.001 : f64
  %tag_checksum = arith.constant 0 : i64
  %tag_time = arith.constant 3 : i64
  %tag_ekin = arith.constant 4 : i64

  %pos = xmp.alloc(%n) : !v3_t
  %vel = xmp.alloc(%n) : !v3_t
  %acc = xmp.alloc(%n) : !v3_t
  %mass = xmp.alloc(%n) : !m_t
  %jp = xmp.alloc(%n) : !jp_t

  // Initial conditions.
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    %a = arith.muli %i, %c37 : index
    %ar = arith.remui %a, %c101 : index
    %ai = arith.index_cast %ar : index to i64
    %af = arith.sitofp %ai : i64 to f64
    %ad = arith.divf %af, %f101 : f64
    %x = arith.subf %ad, %half : f64
    %b = arith.muli %i, %c53 : index
    %br = arith.remui %b, %c103 : index
    %bi = arith.index_cast %br : index to i64
    %bf = arith.sitofp %bi : i64 to f64
    %bd = arith.divf %bf, %f103 : f64
    %y = arith.subf %bd, %half : f64
    %c = arith.muli %i, %c71 : index
    %cr = arith.remui %c, %c107 : index
    %ci = arith.index_cast %cr : index to i64
    %cf = arith.sitofp %ci : i64 to f64
    %cd = arith.divf %cf, %f107 : f64
    %z = arith.subf %cd, %half : f64
    %mr = arith.remui %i, %c3 : index
    %mi = arith.index_cast %mr : index to i64
    %mf = arith.sitofp %mi : i64 to f64
    %mp = arith.addf %mf, %one : f64
    %m = arith.divf %mp, %fn : f64
    xmp.store %x, %pos[%i, %c0] : !v3_t
    xmp.store %y, %pos[%i, %c1] : !v3_t
    xmp.store %z, %pos[%i, %c2] : !v3_t
    xmp.store %zero, %vel[%i, %c0] : !v3_t
    xmp.store %zero, %vel[%i, %c1] : !v3_t
    xmp.store %zero, %vel[%i, %c2] : !v3_t
    xmp.store %m, %mass[%i] : !m_t
  }

  xmp.barrier on @p
  %t0 = xmp.wtime : f64
  scf.for %step = %c0 to %nstep step %c1 {
    // 1. own particles -> own rows of the j-particle array.
    xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
      %x = xmp.load %pos[%i, %c0] : !v3_t
      %y = xmp.load %pos[%i, %c1] : !v3_t
      %z = xmp.load %pos[%i, %c2] : !v3_t
      %m = xmp.load %mass[%i] : !m_t
      xmp.store %x, %jp[%i, %c0] : !jp_t
      xmp.store %y, %jp[%i, %c1] : !jp_t
      xmp.store %z, %jp[%i, %c2] : !jp_t
      xmp.store %m, %jp[%i, %c3] : !jp_t
    }
    // 2. full-shadow reflect = all-gather of the positions.
    xmp.reflect %jp : !jp_t

    // 3. accelerations of the own particles from all N j-particles.
    scf.if %is_auto {
      xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] weight(auto) {
        %xi = xmp.load %jp[%i, %c0] : !jp_t
        %yi = xmp.load %jp[%i, %c1] : !jp_t
        %zi = xmp.load %jp[%i, %c2] : !jp_t
        %ax, %ay, %az = scf.for %j = %c0 to %n step %c1
            iter_args(%sx = %zero, %sy = %zero, %sz = %zero) -> (f64, f64, f64) {
          %xj = xmp.load %jp[%j, %c0] : !jp_t
          %yj = xmp.load %jp[%j, %c1] : !jp_t
          %zj = xmp.load %jp[%j, %c2] : !jp_t
          %mj = xmp.load %jp[%j, %c3] : !jp_t
          %dx = arith.subf %xj, %xi : f64
          %dy = arith.subf %yj, %yi : f64
          %dz = arith.subf %zj, %zi : f64
          %dx2 = arith.mulf %dx, %dx : f64
          %dy2 = arith.mulf %dy, %dy : f64
          %dz2 = arith.mulf %dz, %dz : f64
          %r2a = arith.addf %dx2, %dy2 : f64
          %r2b = arith.addf %r2a, %dz2 : f64
          %r2 = arith.addf %r2b, %eps2 : f64
          %r = math.sqrt %r2 : f64
          %rinv = arith.divf %one, %r : f64
          %rinv2 = arith.mulf %rinv, %rinv : f64
          %rinv3 = arith.mulf %rinv2, %rinv : f64
          %f = arith.mulf %mj, %rinv3 : f64
          %fx = arith.mulf %f, %dx : f64
          %fy = arith.mulf %f, %dy : f64
          %fz = arith.mulf %f, %dz : f64
          %nx = arith.addf %sx, %fx : f64
          %ny = arith.addf %sy, %fy : f64
          %nz = arith.addf %sz, %fz : f64
          scf.yield %nx, %ny, %nz : f64, f64, f64
        }
        xmp.store %ax, %acc[%i, %c0] : !v3_t
        xmp.store %ay, %acc[%i, %c1] : !v3_t
        xmp.store %az, %acc[%i, %c2] : !v3_t
      }
    } else {
      xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] weight(%weight) {
        %xi = xmp.load %jp[%i, %c0] : !jp_t
        %yi = xmp.load %jp[%i, %c1] : !jp_t
        %zi = xmp.load %jp[%i, %c2] : !jp_t
        %ax, %ay, %az = scf.for %j = %c0 to %n step %c1
            iter_args(%sx = %zero, %sy = %zero, %sz = %zero) -> (f64, f64, f64) {
          %xj = xmp.load %jp[%j, %c0] : !jp_t
          %yj = xmp.load %jp[%j, %c1] : !jp_t
          %zj = xmp.load %jp[%j, %c2] : !jp_t
          %mj = xmp.load %jp[%j, %c3] : !jp_t
          %dx = arith.subf %xj, %xi : f64
          %dy = arith.subf %yj, %yi : f64
          %dz = arith.subf %zj, %zi : f64
          %dx2 = arith.mulf %dx, %dx : f64
          %dy2 = arith.mulf %dy, %dy : f64
          %dz2 = arith.mulf %dz, %dz : f64
          %r2a = arith.addf %dx2, %dy2 : f64
          %r2b = arith.addf %r2a, %dz2 : f64
          %r2 = arith.addf %r2b, %eps2 : f64
          %r = math.sqrt %r2 : f64
          %rinv = arith.divf %one, %r : f64
          %rinv2 = arith.mulf %rinv, %rinv : f64
          %rinv3 = arith.mulf %rinv2, %rinv : f64
          %f = arith.mulf %mj, %rinv3 : f64
          %fx = arith.mulf %f, %dx : f64
          %fy = arith.mulf %f, %dy : f64
          %fz = arith.mulf %f, %dz : f64
          %nx = arith.addf %sx, %fx : f64
          %ny = arith.addf %sy, %fy : f64
          %nz = arith.addf %sz, %fz : f64
          scf.yield %nx, %ny, %nz : f64, f64, f64
        }
        xmp.store %ax, %acc[%i, %c0] : !v3_t
        xmp.store %ay, %acc[%i, %c1] : !v3_t
        xmp.store %az, %acc[%i, %c2] : !v3_t
      }
    }

    // 4. v += a dt; x += v dt.
    xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
      scf.for %d = %c0 to %c3 step %c1 {
        %a = xmp.load %acc[%i, %d] : !v3_t
        %v = xmp.load %vel[%i, %d] : !v3_t
        %x = xmp.load %pos[%i, %d] : !v3_t
        %adt = arith.mulf %a, %dt : f64
        %v1 = arith.addf %v, %adt : f64
        %vdt = arith.mulf %v1, %dt : f64
        %x1 = arith.addf %x, %vdt : f64
        xmp.store %v1, %vel[%i, %d] : !v3_t
        xmp.store %x1, %pos[%i, %d] : !v3_t
      }
    }
  }
  xmp.barrier on @p
  %t1 = xmp.wtime : f64
  %time = arith.subf %t1, %t0 : f64

  // Checksum of the positions, summed in the order i = 0..N-1 on every rank
  // from the gathered copy (bit-for-bit independent of the rank count).
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    %x = xmp.load %pos[%i, %c0] : !v3_t
    %y = xmp.load %pos[%i, %c1] : !v3_t
    %z = xmp.load %pos[%i, %c2] : !v3_t
    xmp.store %x, %jp[%i, %c0] : !jp_t
    xmp.store %y, %jp[%i, %c1] : !jp_t
    xmp.store %z, %jp[%i, %c2] : !jp_t
  }
  xmp.reflect %jp : !jp_t
  %jpv = xmp.local_view %jp : !jp_t -> memref<?x4xf64>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> (f64) {
    %x = memref.load %jpv[%i, %c0] : memref<?x4xf64>
    %y = memref.load %jpv[%i, %c1] : memref<?x4xf64>
    %z = memref.load %jpv[%i, %c2] : memref<?x4xf64>
    %s1 = arith.addf %s, %x : f64
    %s2 = arith.addf %s1, %y : f64
    %s3 = arith.addf %s2, %z : f64
    scf.yield %s3 : f64
  }

  // Kinetic energy by a reduction loop (summation order depends on the
  // distribution).
  %ekin2 = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0]
      reduce(add) init(%zero) -> f64 {
    %m = xmp.load %mass[%i] : !m_t
    %vx = xmp.load %vel[%i, %c0] : !v3_t
    %vy = xmp.load %vel[%i, %c1] : !v3_t
    %vz = xmp.load %vel[%i, %c2] : !v3_t
    %vx2 = arith.mulf %vx, %vx : f64
    %vy2 = arith.mulf %vy, %vy : f64
    %vz2 = arith.mulf %vz, %vz : f64
    %v2a = arith.addf %vx2, %vy2 : f64
    %v2 = arith.addf %v2a, %vz2 : f64
    %e = arith.mulf %m, %v2 : f64
    xmp.yield %e : f64
  }
  %ekin = arith.mulf %ekin2, %half : f64

  func.call @xmprt_print_scalar_f64(%tag_checksum, %sum) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%tag_ekin, %ekin) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%tag_time, %time) : (i64, f64) -> ()

  xmp.dealloc %jp : !jp_t
  xmp.dealloc %mass : !m_t
  xmp.dealloc %acc : !v3_t
  xmp.dealloc %vel : !v3_t
  xmp.dealloc %pos : !v3_t
  return
}
