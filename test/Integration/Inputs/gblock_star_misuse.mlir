// Input of gblock-star.test: gblock(*) misuse, stopped by the runtime with
// the template and the rule named. argv[1] = 0: an array is allocated on
// @s (static shape 12, gblock(*)) before its template_fix; 1: the size list
// has one entry more than the grid has ranks; 2: the sizes (all 1) do not
// sum to 12; 3: a negative size; 4: @s fixed twice.
xmp.nodes @p(shape = ?)
xmp.template @s(shape = 12)
xmp.distribute @s onto @p [gblock(*)]
!c_t = !xmp.darray<12xi64, @s, align [0]>
func.func private @xmprt_arg_i64(i32, i64) -> i64
func.func @main() {
  %i1 = arith.constant 1 : i32
  %d0 = arith.constant 0 : i64
  %mode = func.call @xmprt_arg_i64(%i1, %d0) : (i32, i64) -> i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %P = xmp.num_nodes @p
  %mode1 = arith.cmpi eq, %mode, %one : i64
  %P1 = arith.addi %P, %c1 : index
  %len = arith.select %mode1, %P1, %P : index
  %m = memref.alloc(%len) : memref<?xi64>
  // sizes: 12 on the last rank, 0 elsewhere (mode 2: all 1; mode 3: -1 first)
  %last = arith.subi %P, %c1 : index
  %twelve = arith.constant 12 : i64
  %zero = arith.constant 0 : i64
  %neg = arith.constant -1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %mode2 = arith.cmpi eq, %mode, %two : i64
  %mode3 = arith.cmpi eq, %mode, %three : i64
  scf.for %r = %c0 to %len step %c1 {
    %isLast = arith.cmpi uge, %r, %last : index
    %v0 = arith.select %isLast, %twelve, %zero : i64
    %v1 = arith.select %mode2, %one, %v0 : i64
    %isFirst = arith.cmpi eq, %r, %c0 : index
    %neg3 = arith.andi %isFirst, %mode3 : i1
    %v = arith.select %neg3, %neg, %v1 : i64
    memref.store %v, %m[%r] : memref<?xi64>
  }
  %is0 = arith.cmpi eq, %mode, %d0 : i64
  %four = arith.constant 4 : i64
  %is4 = arith.cmpi eq, %mode, %four : i64
  scf.if %is0 {
    %c = xmp.alloc : !c_t
    xmp.template_fix @s() gblock(%m : memref<?xi64>)
  } else {
    xmp.template_fix @s() gblock(%m : memref<?xi64>)
    scf.if %is4 {
      xmp.template_fix @s() gblock(%m : memref<?xi64>)
    }
  }
  return
}
