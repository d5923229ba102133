// A 2-D device loop with more rows than CUDA's grid y limit allows at the
// default 32x8 block (65535 * 8 = 524280 rows): 600000 x 4 elements. On one
// rank the first loop stops with xmprt_gpu_check_grid's clear error; on two
// ranks (300000 rows each) it runs. Run on a GPU by scripts/gpu-tests.sh
// (weight 0: all on the GPU); on the CPU path it is an ordinary program.
// Output: XMP-RESULT checksum = sum of a[i][j] = i + j over all elements,
// computed by a second device loop with reduce(add):
//   4 * (600000 * 599999 / 2) + 600000 * (0 + 1 + 2 + 3) = 720002400000
// (exact in f64).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 600000x4)
xmp.distribute @t onto @p [block, *]
!a_t = !xmp.darray<600000x4xf64, @t, align [0, 1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 600000 : index
  %zero = arith.constant 0.0 : f64
  %w0 = arith.constant 0.0 : f64
  %tag = arith.constant 0 : i64
  %a = xmp.alloc : !a_t
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%n, %c4) step (%c1, %c1)
      on @t [0, 1] weight(%w0) {
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i64
    %v = arith.sitofp %si : i64 to f64
    xmp.store %v, %a[%i, %j] : !a_t
  }
  %sum = xmp.device_loop (%i, %j) = (%c0, %c0) to (%n, %c4) step (%c1, %c1)
      on @t [0, 1] weight(%w0) reduce(add) init(%zero) -> f64 {
    %v = xmp.load %a[%i, %j] : !a_t
    xmp.yield %v : f64
  }
  func.call @xmprt_print_scalar_f64(%tag, %sum) : (i64, f64) -> ()
  xmp.dealloc %a : !a_t
  return
}
