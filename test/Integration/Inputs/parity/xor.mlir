// Parity suite: the xor reduction (XMP's `^`) on i64, i32, i8 and i1, in a
// device loop over a cyclic(2) template of 37 and in a host loop over a
// block template of 37 (so the per-rank partials, the runtime's MPI_BXOR
// across ranks and, on the GPU, the block-wide xor all take part), with
// inits that are not the identity, and over an empty range (the result is
// the init). Values: v(i) = i*i*7 + 3*i + 11 (i64; truncated for i32, i8),
// i1: i % 3 == 0. Every result is printed as f64. Reference: xor_ref.c.

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 37)
xmp.distribute @t onto @p [cyclic(2)]
xmp.template @b(shape = 37)
xmp.distribute @b onto @p [block]

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @pr(%tag: i64, %v: f64) {
  func.call @xmprt_print_scalar_f64(%tag, %v) : (i64, f64) -> ()
  return
}

func.func @val(%i: index) -> i64 {
  %x = arith.index_cast %i : index to i64
  %c7 = arith.constant 7 : i64
  %c3 = arith.constant 3 : i64
  %c11 = arith.constant 11 : i64
  %xx = arith.muli %x, %x : i64
  %a = arith.muli %xx, %c7 : i64
  %b = arith.muli %x, %c3 : i64
  %s = arith.addi %a, %b : i64
  %v = arith.addi %s, %c11 : i64
  return %v : i64
}

func.func @bit(%i: index) -> i1 {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %r = arith.remui %i, %c3 : index
  %b = arith.cmpi eq, %r, %c0 : index
  return %b : i1
}

func.func @print4(%base: i64, %a: i64, %b: i32, %c: i8, %d: i1) {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %fa = arith.sitofp %a : i64 to f64
  %fb = arith.sitofp %b : i32 to f64
  %fc = arith.sitofp %c : i8 to f64
  %fd = arith.uitofp %d : i1 to f64
  %t1 = arith.addi %base, %c1 : i64
  %t2 = arith.addi %base, %c2 : i64
  %t3 = arith.addi %base, %c3 : i64
  func.call @pr(%base, %fa) : (i64, f64) -> ()
  func.call @pr(%t1, %fb) : (i64, f64) -> ()
  func.call @pr(%t2, %fc) : (i64, f64) -> ()
  func.call @pr(%t3, %fd) : (i64, f64) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c37 = arith.constant 37 : index
  %i64_init = arith.constant 1234567 : i64
  %i32_init = arith.constant -77 : i32
  %i8_init = arith.constant 90 : i8
  %i1_init = arith.constant true
  %r:4 = xmp.device_loop (%i) = (%c0) to (%c37) step (%c1) on @t [0]
      reduce(xor, xor, xor, xor) init(%i64_init, %i32_init, %i8_init, %i1_init)
      -> (i64, i32, i8, i1) {
    %v = func.call @val(%i) : (index) -> i64
    %v32 = arith.trunci %v : i64 to i32
    %v8 = arith.trunci %v : i64 to i8
    %b = func.call @bit(%i) : (index) -> i1
    xmp.yield %v, %v32, %v8, %b : i64, i32, i8, i1
  }
  %t0 = arith.constant 100 : i64
  func.call @print4(%t0, %r#0, %r#1, %r#2, %r#3) : (i64, i64, i32, i8, i1) -> ()
  %h:4 = xmp.loop (%i) = (%c1) to (%c37) step (%c1) on @b [0]
      reduce(xor, xor, xor, xor) init(%i64_init, %i32_init, %i8_init, %i1_init)
      -> (i64, i32, i8, i1) {
    %v = func.call @val(%i) : (index) -> i64
    %v32 = arith.trunci %v : i64 to i32
    %v8 = arith.trunci %v : i64 to i8
    %b = func.call @bit(%i) : (index) -> i1
    xmp.yield %v, %v32, %v8, %b : i64, i32, i8, i1
  }
  %t1 = arith.constant 200 : i64
  func.call @print4(%t1, %h#0, %h#1, %h#2, %h#3) : (i64, i64, i32, i8, i1) -> ()
  %e:4 = xmp.device_loop (%i) = (%c5) to (%c5) step (%c1) on @t [0]
      reduce(xor, xor, xor, xor) init(%i64_init, %i32_init, %i8_init, %i1_init)
      -> (i64, i32, i8, i1) {
    %v = func.call @val(%i) : (index) -> i64
    %v32 = arith.trunci %v : i64 to i32
    %v8 = arith.trunci %v : i64 to i8
    %b = func.call @bit(%i) : (index) -> i1
    xmp.yield %v, %v32, %v8, %b : i64, i32, i8, i1
  }
  %t2 = arith.constant 300 : i64
  func.call @print4(%t2, %e#0, %e#1, %e#2, %e#3) : (i64, i64, i32, i8, i1) -> ()
  return
}
