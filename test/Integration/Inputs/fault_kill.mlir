// Input of fault.test: 200 steps of reflect + reduction on a block array;
// at step argv[2] the rank argv[1] kills itself (SIGKILL: no MPI_Abort, no
// message of its own). Its neighbours are then blocked in the reflect or
// the reduction; the job must still end, with the launcher naming the
// rank, instead of hanging.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<64xf64, @t, align [0], shadow [1:1]>

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_arg_i64(i32, i64) -> i64
func.func private @xmprt_world_rank() -> i32
func.func private @getpid() -> i32
func.func private @kill(i32, i32) -> i32

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c200 = arith.constant 200 : index
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %sigkill = arith.constant 9 : i32
  %d1 = arith.constant 1 : i64
  %d5 = arith.constant 5 : i64
  %victim = func.call @xmprt_arg_i64(%i1, %d1) : (i32, i64) -> i64
  %when = func.call @xmprt_arg_i64(%i2, %d5) : (i32, i64) -> i64
  %rk = func.call @xmprt_world_rank() : () -> i32
  %rk64 = arith.extsi %rk : i32 to i64
  %me = arith.cmpi eq, %rk64, %victim : i64
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = xmp.alloc : !a_t
  %s = scf.for %step = %c0 to %c200 step %c1 iter_args(%acc = %zero) -> f64 {
    %st = arith.index_cast %step : index to i64
    %now = arith.cmpi eq, %st, %when : i64
    %die = arith.andi %me, %now : i1
    scf.if %die {
      %pid = func.call @getpid() : () -> i32
      %r = func.call @kill(%pid, %sigkill) : (i32, i32) -> i32
    }
    xmp.loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
      xmp.store %one, %a[%i] : !a_t
    }
    xmp.reflect %a : !a_t
    %x = xmp.loop (%i) = (%c1) to (%c64) step (%c1) on @t [0]
        reduce(add) init(%zero) -> f64 {
      %im = arith.subi %i, %c1 : index
      %v = xmp.load %a[%im] : !a_t
      xmp.yield %v : f64
    }
    %acc2 = arith.addf %acc, %x : f64
    scf.yield %acc2 : f64
  }
  %t0 = arith.constant 0 : i64
  func.call @xmprt_print_scalar_f64(%t0, %s) : (i64, f64) -> ()
  xmp.dealloc %a : !a_t
  return
}
