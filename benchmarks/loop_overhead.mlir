// loop_overhead.mlir -- the host cost of one device loop, in isolation.
// A 1-D device loop over 1024 elements (a[i] = a[i] + 1, four blocks of
// 256 threads: the GPU work is a few microseconds at most) runs K times in
// a time-step loop inside a replicate region (no coherence copies, as in
// the XACC examples). Launches are asynchronous, so the time per step is
// the larger of the host's cost per loop and the GPU's launch throughput;
// benchmarks/baselines/launch_overhead.cu measures the same steps written
// by hand (bare kernel launches), and benchmarks/gpu_bench.sh prints both.
//
//   argv[1] = K, steps (default 10000)
//   argv[2] = mode:
//     0  no weight clause (the current weight, 0: all on the GPU)
//     1  weight(%w) with w = argv[3] / 1000 (a fixed share for the CPU)
//     2  weight(auto)
//     3  no weight clause, with an add reduction whose value is only
//        returned after the time-step loop (read once, after it)
//     4  no weight clause, with an add reduction whose value every step
//        uses (the host waits for the GPU every step)
//   argv[3] = weight in thousandths for mode 1 (default 0)
//
// Output: XMP-RESULT checksum (sum of a: 1024 * K), value6 (the
// reduction's value, modes 3 and 4), time (seconds of the K steps; xmp.wtime
// waits for the GPU).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<1024xf32, @t, align [0]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_arg_i64(i32, i64) -> i64

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %zero64 = arith.constant 0.0 : f64
  %a1 = arith.constant 1 : i32
  %a2 = arith.constant 2 : i32
  %a3 = arith.constant 3 : i32
  %kdef = arith.constant 10000 : i64
  %mdef = arith.constant 0 : i64
  %k64 = func.call @xmprt_arg_i64(%a1, %kdef) : (i32, i64) -> i64
  %mode = func.call @xmprt_arg_i64(%a2, %mdef) : (i32, i64) -> i64
  %wth = func.call @xmprt_arg_i64(%a3, %mdef) : (i32, i64) -> i64
  %k = arith.index_cast %k64 : i64 to index
  %wthf = arith.sitofp %wth : i64 to f64
  %thousand = arith.constant 1000.0 : f64
  %w = arith.divf %wthf, %thousand : f64
  %modei = arith.index_cast %mode : i64 to index

  %a = xmp.alloc : !a_t
  xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
    xmp.store %zero, %a[%i] : !a_t
  }
  xmp.replicate (%a) : !a_t {
    xmp.replicate_sync in(%a) : !a_t
    %t0 = xmp.wtime : f64
    %r = scf.index_switch %modei -> f32
    case 0 {
      scf.for %s = %c0 to %k step %c1 {
        xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] {
          %v = xmp.load %a[%i] : !a_t
          %v1 = arith.addf %v, %one : f32
          xmp.store %v1, %a[%i] : !a_t
        }
      }
      scf.yield %zero : f32
    }
    case 1 {
      scf.for %s = %c0 to %k step %c1 {
        xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] weight(%w) {
          %v = xmp.load %a[%i] : !a_t
          %v1 = arith.addf %v, %one : f32
          xmp.store %v1, %a[%i] : !a_t
        }
      }
      scf.yield %zero : f32
    }
    case 2 {
      scf.for %s = %c0 to %k step %c1 {
        xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] weight(auto) {
          %v = xmp.load %a[%i] : !a_t
          %v1 = arith.addf %v, %one : f32
          xmp.store %v1, %a[%i] : !a_t
        }
      }
      scf.yield %zero : f32
    }
    case 3 {
      %g = scf.for %s = %c0 to %k step %c1 iter_args(%prev = %zero) -> f32 {
        %sum = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(add) init(%zero) -> f32 {
          %v = xmp.load %a[%i] : !a_t
          %v1 = arith.addf %v, %one : f32
          xmp.store %v1, %a[%i] : !a_t
          xmp.yield %one : f32
        }
        scf.yield %sum : f32
      }
      scf.yield %g : f32
    }
    case 4 {
      %g = scf.for %s = %c0 to %k step %c1 iter_args(%prev = %zero) -> f32 {
        %sum = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(add) init(%zero) -> f32 {
          %v = xmp.load %a[%i] : !a_t
          %v1 = arith.addf %v, %one : f32
          xmp.store %v1, %a[%i] : !a_t
          xmp.yield %one : f32
        }
        // Uses the previous step's value: the host needs every one.
        %both = arith.addf %sum, %prev : f32
        %half = arith.constant 0.5 : f32
        %m = arith.mulf %both, %half : f32
        scf.yield %m : f32
      }
      scf.yield %g : f32
    }
    default {
      scf.yield %zero : f32
    }
    %t1 = xmp.wtime : f64
    %dt = arith.subf %t1, %t0 : f64
    %tag_time = arith.constant 3 : i64
    func.call @xmprt_print_scalar_f64(%tag_time, %dt) : (i64, f64) -> ()
    %r64 = arith.extf %r : f32 to f64
    %tag_red = arith.constant 6 : i64
    func.call @xmprt_print_scalar_f64(%tag_red, %r64) : (i64, f64) -> ()
    xmp.replicate_sync out(%a) : !a_t
  }
  %cs = xmp.loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(add) init(%zero64) -> f64 {
    %v = xmp.load %a[%i] : !a_t
    %v64 = arith.extf %v : f32 to f64
    xmp.yield %v64 : f64
  }
  %tag_cs = arith.constant 0 : i64
  func.call @xmprt_print_scalar_f64(%tag_cs, %cs) : (i64, f64) -> ()
  xmp.dealloc %a : !a_t
  return
}
