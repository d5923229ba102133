// Parity suite: reductions of every kind on every type a device loop
// reduces: add, mul, max, min on f64 and f32; add, mul, max, min, and, or
// on i64, i32, i16, i8 and i1 (i1 is a truth value: add is xor, mul is
// and, max is or, min is and), in one device loop over a cyclic(2)
// template of 37, with inits that are not identities; narrow integer sums
// and products wrap (the i1 cases in a second loop: a kernel's parameters
// are limited to 4 KiB, about 50 reductions); i1 also over all-true and
// all-false values and with negated inits. A third loop has an empty range (each result is its
// init: f64, i8, i16/i32 max and min, i1). A fourth runs over a block
// template of 3, where on 4 ranks one rank has no iteration, so its
// partial must be the identity (max over negative values, min over
// positive ones: narrow types on the GPU are reduced as i32 and clamped).
// Every result is printed as f64. Reference: reductions_ref.c, which
// prints every combination; the comparison takes the keys printed here.

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 37)
xmp.distribute @t onto @p [cyclic(2)]
xmp.template @s(shape = 3)
xmp.distribute @s onto @p [block]

func.func private @xmprt_print_scalar_f64(i64, f64)
func.func private @xmprt_world_rank() -> i32

func.func @pr(%tag: index, %v: f64) {
  %t = arith.index_cast %tag : index to i64
  func.call @xmprt_print_scalar_f64(%t, %v) : (i64, f64) -> ()
  return
}

func.func @idx2f(%i: index) -> f64 {
  %x = arith.index_cast %i : index to i64
  %f = arith.sitofp %x : i64 to f64
  return %f : f64
}

func.func @pri(%tag: index, %v: i64) {
  %f = arith.sitofp %v : i64 to f64
  func.call @pr(%tag, %f) : (index, f64) -> ()
  return
}

func.func @red_0() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %lb = arith.constant 1 : index
  %ub = arith.constant 36 : index
  %st = arith.constant 1 : index
  %f64_init0 = arith.constant 0.25 : f64
  %f64_init1 = arith.constant 1.5 : f64
  %f64_init2 = arith.constant -100.0 : f64
  %f64_init3 = arith.constant 100.0 : f64
  %f32_init0 = arith.constant 0.25 : f32
  %f32_init1 = arith.constant 1.5 : f32
  %f32_init2 = arith.constant -100.0 : f32
  %f32_init3 = arith.constant 100.0 : f32
  %i64_init0 = arith.constant 5 : i64
  %i64_init1 = arith.constant 3 : i64
  %i64_init2 = arith.constant -1000000 : i64
  %i64_init3 = arith.constant 1000000 : i64
  %i64_init4 = arith.constant -9 : i64
  %i64_init5 = arith.constant 4 : i64
  %i32_init0 = arith.constant 5 : i32
  %i32_init1 = arith.constant 3 : i32
  %i32_init2 = arith.constant -1000000 : i32
  %i32_init3 = arith.constant 1000000 : i32
  %i32_init4 = arith.constant -9 : i32
  %i32_init5 = arith.constant 4 : i32
  %i16_init0 = arith.constant 5 : i16
  %i16_init1 = arith.constant 3 : i16
  %i16_init2 = arith.constant -30000 : i16
  %i16_init3 = arith.constant 30000 : i16
  %i16_init4 = arith.constant -9 : i16
  %i16_init5 = arith.constant 4 : i16
  %i8_init0 = arith.constant 5 : i8
  %i8_init1 = arith.constant 3 : i8
  %i8_init2 = arith.constant -120 : i8
  %i8_init3 = arith.constant 120 : i8
  %i8_init4 = arith.constant -9 : i8
  %i8_init5 = arith.constant 4 : i8
  %f = arith.constant false
  %t = arith.constant true
  %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27, %r28, %r29, %r30, %r31 = xmp.device_loop (%i) = (%lb) to (%ub) step (%st) on @t [0] reduce(add, mul, max, min, add, mul, max, min, add, mul, max, min, and, or, add, mul, max, min, and, or, add, mul, max, min, and, or, add, mul, max, min, and, or) init(%f64_init0, %f64_init1, %f64_init2, %f64_init3, %f32_init0, %f32_init1, %f32_init2, %f32_init3, %i64_init0, %i64_init1, %i64_init2, %i64_init3, %i64_init4, %i64_init5, %i32_init0, %i32_init1, %i32_init2, %i32_init3, %i32_init4, %i32_init5, %i16_init0, %i16_init1, %i16_init2, %i16_init3, %i16_init4, %i16_init5, %i8_init0, %i8_init1, %i8_init2, %i8_init3, %i8_init4, %i8_init5) -> (f64, f64, f64, f64, f32, f32, f32, f32, i64, i64, i64, i64, i64, i64, i32, i32, i32, i32, i32, i32, i16, i16, i16, i16, i16, i16, i8, i8, i8, i8, i8, i8) {
    %f64_ii = arith.index_cast %i : index to i64
    %f64_c3i = arith.constant 3 : index
    %f64_c5i = arith.constant 5 : index
    %f64_c7i = arith.constant 7 : index
    %f64_m3 = arith.remui %i, %f64_c3i : index
    %f64_m5 = arith.remui %i, %f64_c5i : index
    %f64_m7 = arith.remui %i, %f64_c7i : index
    %f64_m3i = arith.index_cast %f64_m3 : index to i64
    %f64_m5i = arith.index_cast %f64_m5 : index to i64
    %f64_m7i = arith.index_cast %f64_m7 : index to i64
    %f64_z5 = arith.cmpi eq, %f64_m5, %c0 : index
    %f64_m7f = arith.sitofp %f64_m7i : i64 to f64
    %f64_m5f = arith.sitofp %f64_m5i : i64 to f64
    %f64_k325 = arith.constant 3.25 : f64
    %f64_va = arith.subf %f64_m7f, %f64_k325 : f64
    %f64_kh = arith.constant 0.5 : f64
    %f64_k1 = arith.constant 1.0 : f64
    %f64_k2 = arith.constant 2.0 : f64
    %f64_e0 = arith.cmpi eq, %f64_m3, %c0 : index
    %f64_e1 = arith.cmpi eq, %f64_m3, %c1 : index
    %f64_p12 = arith.select %f64_e1, %f64_k1, %f64_k2 : f64
    %f64_p = arith.select %f64_e0, %f64_kh, %f64_p12 : f64
    %f64_np = arith.negf %f64_p : f64
    %f64_vm = arith.select %f64_z5, %f64_np, %f64_p : f64
    %f64_k15 = arith.constant 1.5 : f64
    %f64_nm7 = arith.negf %f64_m7f : f64
    %f64_vx = arith.subf %f64_nm7, %f64_k15 : f64
    %f64_k075 = arith.constant 0.75 : f64
    %f64_vn = arith.addf %f64_m5f, %f64_k075 : f64
    %f32_ii = arith.index_cast %i : index to i64
    %f32_c3i = arith.constant 3 : index
    %f32_c5i = arith.constant 5 : index
    %f32_c7i = arith.constant 7 : index
    %f32_m3 = arith.remui %i, %f32_c3i : index
    %f32_m5 = arith.remui %i, %f32_c5i : index
    %f32_m7 = arith.remui %i, %f32_c7i : index
    %f32_m3i = arith.index_cast %f32_m3 : index to i64
    %f32_m5i = arith.index_cast %f32_m5 : index to i64
    %f32_m7i = arith.index_cast %f32_m7 : index to i64
    %f32_z5 = arith.cmpi eq, %f32_m5, %c0 : index
    %f32_m7f = arith.sitofp %f32_m7i : i64 to f32
    %f32_m5f = arith.sitofp %f32_m5i : i64 to f32
    %f32_k325 = arith.constant 3.25 : f32
    %f32_va = arith.subf %f32_m7f, %f32_k325 : f32
    %f32_kh = arith.constant 0.5 : f32
    %f32_k1 = arith.constant 1.0 : f32
    %f32_k2 = arith.constant 2.0 : f32
    %f32_e0 = arith.cmpi eq, %f32_m3, %c0 : index
    %f32_e1 = arith.cmpi eq, %f32_m3, %c1 : index
    %f32_p12 = arith.select %f32_e1, %f32_k1, %f32_k2 : f32
    %f32_p = arith.select %f32_e0, %f32_kh, %f32_p12 : f32
    %f32_np = arith.negf %f32_p : f32
    %f32_vm = arith.select %f32_z5, %f32_np, %f32_p : f32
    %f32_k15 = arith.constant 1.5 : f32
    %f32_nm7 = arith.negf %f32_m7f : f32
    %f32_vx = arith.subf %f32_nm7, %f32_k15 : f32
    %f32_k075 = arith.constant 0.75 : f32
    %f32_vn = arith.addf %f32_m5f, %f32_k075 : f32
    %i64_ii = arith.index_cast %i : index to i64
    %i64_c3i = arith.constant 3 : index
    %i64_c5i = arith.constant 5 : index
    %i64_c7i = arith.constant 7 : index
    %i64_m3 = arith.remui %i, %i64_c3i : index
    %i64_m5 = arith.remui %i, %i64_c5i : index
    %i64_m7 = arith.remui %i, %i64_c7i : index
    %i64_m3i = arith.index_cast %i64_m3 : index to i64
    %i64_m5i = arith.index_cast %i64_m5 : index to i64
    %i64_m7i = arith.index_cast %i64_m7 : index to i64
    %i64_z5 = arith.cmpi eq, %i64_m5, %c0 : index
    %i64_K = arith.constant 1000003 : i64
    %i64_iK = arith.muli %i64_ii, %i64_K : i64
    %i64_k3 = arith.constant 3 : i64
    %i64_a64 = arith.addi %i64_iK, %i64_k3 : i64
    %i64_one = arith.constant 1 : i64
    %i64_two = arith.constant 2 : i64
    %i64_o0 = arith.muli %i64_m3i, %i64_two : i64
    %i64_o = arith.addi %i64_o0, %i64_one : i64
    %i64_zero64 = arith.constant 0 : i64
    %i64_no = arith.subi %i64_zero64, %i64_o : i64
    %i64_m64 = arith.select %i64_z5, %i64_no, %i64_o : i64
    %i64_nm7 = arith.subi %i64_zero64, %i64_m7i : i64
    %i64_x64 = arith.subi %i64_nm7, %i64_one : i64
    %i64_n64 = arith.addi %i64_m5i, %i64_one : i64
    %i64_kB = arith.constant 50 : i64
    %i64_bit = arith.remui %i64_ii, %i64_kB : i64
    %i64_or64 = arith.shli %i64_one, %i64_bit : i64
    %i64_m1 = arith.constant -1 : i64
    %i64_and64 = arith.xori %i64_or64, %i64_m1 : i64
    %i64_va = arith.addi %i64_a64, %i64_zero64 : i64
    %i64_vm = arith.addi %i64_m64, %i64_zero64 : i64
    %i64_vx = arith.addi %i64_x64, %i64_zero64 : i64
    %i64_vn = arith.addi %i64_n64, %i64_zero64 : i64
    %i64_vand = arith.addi %i64_and64, %i64_zero64 : i64
    %i64_vor = arith.addi %i64_or64, %i64_zero64 : i64
    %i32_ii = arith.index_cast %i : index to i64
    %i32_c3i = arith.constant 3 : index
    %i32_c5i = arith.constant 5 : index
    %i32_c7i = arith.constant 7 : index
    %i32_m3 = arith.remui %i, %i32_c3i : index
    %i32_m5 = arith.remui %i, %i32_c5i : index
    %i32_m7 = arith.remui %i, %i32_c7i : index
    %i32_m3i = arith.index_cast %i32_m3 : index to i64
    %i32_m5i = arith.index_cast %i32_m5 : index to i64
    %i32_m7i = arith.index_cast %i32_m7 : index to i64
    %i32_z5 = arith.cmpi eq, %i32_m5, %c0 : index
    %i32_K = arith.constant 100000007 : i64
    %i32_iK = arith.muli %i32_ii, %i32_K : i64
    %i32_k3 = arith.constant 3 : i64
    %i32_a64 = arith.addi %i32_iK, %i32_k3 : i64
    %i32_one = arith.constant 1 : i64
    %i32_two = arith.constant 2 : i64
    %i32_o0 = arith.muli %i32_m3i, %i32_two : i64
    %i32_o = arith.addi %i32_o0, %i32_one : i64
    %i32_zero64 = arith.constant 0 : i64
    %i32_no = arith.subi %i32_zero64, %i32_o : i64
    %i32_m64 = arith.select %i32_z5, %i32_no, %i32_o : i64
    %i32_nm7 = arith.subi %i32_zero64, %i32_m7i : i64
    %i32_x64 = arith.subi %i32_nm7, %i32_one : i64
    %i32_n64 = arith.addi %i32_m5i, %i32_one : i64
    %i32_kB = arith.constant 32 : i64
    %i32_bit = arith.remui %i32_ii, %i32_kB : i64
    %i32_or64 = arith.shli %i32_one, %i32_bit : i64
    %i32_m1 = arith.constant -1 : i64
    %i32_and64 = arith.xori %i32_or64, %i32_m1 : i64
    %i32_va = arith.trunci %i32_a64 : i64 to i32
    %i32_vm = arith.trunci %i32_m64 : i64 to i32
    %i32_vx = arith.trunci %i32_x64 : i64 to i32
    %i32_vn = arith.trunci %i32_n64 : i64 to i32
    %i32_vand = arith.trunci %i32_and64 : i64 to i32
    %i32_vor = arith.trunci %i32_or64 : i64 to i32
    %i16_ii = arith.index_cast %i : index to i64
    %i16_c3i = arith.constant 3 : index
    %i16_c5i = arith.constant 5 : index
    %i16_c7i = arith.constant 7 : index
    %i16_m3 = arith.remui %i, %i16_c3i : index
    %i16_m5 = arith.remui %i, %i16_c5i : index
    %i16_m7 = arith.remui %i, %i16_c7i : index
    %i16_m3i = arith.index_cast %i16_m3 : index to i64
    %i16_m5i = arith.index_cast %i16_m5 : index to i64
    %i16_m7i = arith.index_cast %i16_m7 : index to i64
    %i16_z5 = arith.cmpi eq, %i16_m5, %c0 : index
    %i16_K = arith.constant 3001 : i64
    %i16_iK = arith.muli %i16_ii, %i16_K : i64
    %i16_k3 = arith.constant 3 : i64
    %i16_a64 = arith.addi %i16_iK, %i16_k3 : i64
    %i16_one = arith.constant 1 : i64
    %i16_two = arith.constant 2 : i64
    %i16_o0 = arith.muli %i16_m3i, %i16_two : i64
    %i16_o = arith.addi %i16_o0, %i16_one : i64
    %i16_zero64 = arith.constant 0 : i64
    %i16_no = arith.subi %i16_zero64, %i16_o : i64
    %i16_m64 = arith.select %i16_z5, %i16_no, %i16_o : i64
    %i16_nm7 = arith.subi %i16_zero64, %i16_m7i : i64
    %i16_x64 = arith.subi %i16_nm7, %i16_one : i64
    %i16_n64 = arith.addi %i16_m5i, %i16_one : i64
    %i16_kB = arith.constant 16 : i64
    %i16_bit = arith.remui %i16_ii, %i16_kB : i64
    %i16_or64 = arith.shli %i16_one, %i16_bit : i64
    %i16_m1 = arith.constant -1 : i64
    %i16_and64 = arith.xori %i16_or64, %i16_m1 : i64
    %i16_va = arith.trunci %i16_a64 : i64 to i16
    %i16_vm = arith.trunci %i16_m64 : i64 to i16
    %i16_vx = arith.trunci %i16_x64 : i64 to i16
    %i16_vn = arith.trunci %i16_n64 : i64 to i16
    %i16_vand = arith.trunci %i16_and64 : i64 to i16
    %i16_vor = arith.trunci %i16_or64 : i64 to i16
    %i8_ii = arith.index_cast %i : index to i64
    %i8_c3i = arith.constant 3 : index
    %i8_c5i = arith.constant 5 : index
    %i8_c7i = arith.constant 7 : index
    %i8_m3 = arith.remui %i, %i8_c3i : index
    %i8_m5 = arith.remui %i, %i8_c5i : index
    %i8_m7 = arith.remui %i, %i8_c7i : index
    %i8_m3i = arith.index_cast %i8_m3 : index to i64
    %i8_m5i = arith.index_cast %i8_m5 : index to i64
    %i8_m7i = arith.index_cast %i8_m7 : index to i64
    %i8_z5 = arith.cmpi eq, %i8_m5, %c0 : index
    %i8_K = arith.constant 50 : i64
    %i8_iK = arith.muli %i8_ii, %i8_K : i64
    %i8_k3 = arith.constant 3 : i64
    %i8_a64 = arith.addi %i8_iK, %i8_k3 : i64
    %i8_one = arith.constant 1 : i64
    %i8_two = arith.constant 2 : i64
    %i8_o0 = arith.muli %i8_m3i, %i8_two : i64
    %i8_o = arith.addi %i8_o0, %i8_one : i64
    %i8_zero64 = arith.constant 0 : i64
    %i8_no = arith.subi %i8_zero64, %i8_o : i64
    %i8_m64 = arith.select %i8_z5, %i8_no, %i8_o : i64
    %i8_nm7 = arith.subi %i8_zero64, %i8_m7i : i64
    %i8_x64 = arith.subi %i8_nm7, %i8_one : i64
    %i8_n64 = arith.addi %i8_m5i, %i8_one : i64
    %i8_kB = arith.constant 8 : i64
    %i8_bit = arith.remui %i8_ii, %i8_kB : i64
    %i8_or64 = arith.shli %i8_one, %i8_bit : i64
    %i8_m1 = arith.constant -1 : i64
    %i8_and64 = arith.xori %i8_or64, %i8_m1 : i64
    %i8_va = arith.trunci %i8_a64 : i64 to i8
    %i8_vm = arith.trunci %i8_m64 : i64 to i8
    %i8_vx = arith.trunci %i8_x64 : i64 to i8
    %i8_vn = arith.trunci %i8_n64 : i64 to i8
    %i8_vand = arith.trunci %i8_and64 : i64 to i8
    %i8_vor = arith.trunci %i8_or64 : i64 to i8
    %m = arith.remui %i, %c3 : index
    %v0 = arith.cmpi eq, %m, %c0 : index
    %v1 = arith.cmpi sge, %i, %c0 : index
    %v2 = arith.cmpi slt, %i, %c0 : index
    xmp.yield %f64_va, %f64_vm, %f64_vx, %f64_vn, %f32_va, %f32_vm, %f32_vx, %f32_vn, %i64_va, %i64_vm, %i64_vx, %i64_vn, %i64_vand, %i64_vor, %i32_va, %i32_vm, %i32_vx, %i32_vn, %i32_vand, %i32_vor, %i16_va, %i16_vm, %i16_vx, %i16_vn, %i16_vand, %i16_vor, %i8_va, %i8_vm, %i8_vx, %i8_vn, %i8_vand, %i8_vor : f64, f64, f64, f64, f32, f32, f32, f32, i64, i64, i64, i64, i64, i64, i32, i32, i32, i32, i32, i32, i16, i16, i16, i16, i16, i16, i8, i8, i8, i8, i8, i8
  }
  %tag0 = arith.constant 1000 : index
  func.call @pr(%tag0, %r0) : (index, f64) -> ()
  %tag1 = arith.constant 1001 : index
  func.call @pr(%tag1, %r1) : (index, f64) -> ()
  %tag2 = arith.constant 1002 : index
  func.call @pr(%tag2, %r2) : (index, f64) -> ()
  %tag3 = arith.constant 1003 : index
  func.call @pr(%tag3, %r3) : (index, f64) -> ()
  %tag4 = arith.constant 1100 : index
  %e4 = arith.extf %r4 : f32 to f64
  func.call @pr(%tag4, %e4) : (index, f64) -> ()
  %tag5 = arith.constant 1101 : index
  %e5 = arith.extf %r5 : f32 to f64
  func.call @pr(%tag5, %e5) : (index, f64) -> ()
  %tag6 = arith.constant 1102 : index
  %e6 = arith.extf %r6 : f32 to f64
  func.call @pr(%tag6, %e6) : (index, f64) -> ()
  %tag7 = arith.constant 1103 : index
  %e7 = arith.extf %r7 : f32 to f64
  func.call @pr(%tag7, %e7) : (index, f64) -> ()
  %tag8 = arith.constant 1200 : index
  func.call @pri(%tag8, %r8) : (index, i64) -> ()
  %tag9 = arith.constant 1201 : index
  func.call @pri(%tag9, %r9) : (index, i64) -> ()
  %tag10 = arith.constant 1202 : index
  func.call @pri(%tag10, %r10) : (index, i64) -> ()
  %tag11 = arith.constant 1203 : index
  func.call @pri(%tag11, %r11) : (index, i64) -> ()
  %tag12 = arith.constant 1204 : index
  func.call @pri(%tag12, %r12) : (index, i64) -> ()
  %tag13 = arith.constant 1205 : index
  func.call @pri(%tag13, %r13) : (index, i64) -> ()
  %tag14 = arith.constant 1300 : index
  %e14 = arith.extsi %r14 : i32 to i64
  func.call @pri(%tag14, %e14) : (index, i64) -> ()
  %tag15 = arith.constant 1301 : index
  %e15 = arith.extsi %r15 : i32 to i64
  func.call @pri(%tag15, %e15) : (index, i64) -> ()
  %tag16 = arith.constant 1302 : index
  %e16 = arith.extsi %r16 : i32 to i64
  func.call @pri(%tag16, %e16) : (index, i64) -> ()
  %tag17 = arith.constant 1303 : index
  %e17 = arith.extsi %r17 : i32 to i64
  func.call @pri(%tag17, %e17) : (index, i64) -> ()
  %tag18 = arith.constant 1304 : index
  %e18 = arith.extsi %r18 : i32 to i64
  func.call @pri(%tag18, %e18) : (index, i64) -> ()
  %tag19 = arith.constant 1305 : index
  %e19 = arith.extsi %r19 : i32 to i64
  func.call @pri(%tag19, %e19) : (index, i64) -> ()
  %tag20 = arith.constant 1400 : index
  %e20 = arith.extsi %r20 : i16 to i64
  func.call @pri(%tag20, %e20) : (index, i64) -> ()
  %tag21 = arith.constant 1401 : index
  %e21 = arith.extsi %r21 : i16 to i64
  func.call @pri(%tag21, %e21) : (index, i64) -> ()
  %tag22 = arith.constant 1402 : index
  %e22 = arith.extsi %r22 : i16 to i64
  func.call @pri(%tag22, %e22) : (index, i64) -> ()
  %tag23 = arith.constant 1403 : index
  %e23 = arith.extsi %r23 : i16 to i64
  func.call @pri(%tag23, %e23) : (index, i64) -> ()
  %tag24 = arith.constant 1404 : index
  %e24 = arith.extsi %r24 : i16 to i64
  func.call @pri(%tag24, %e24) : (index, i64) -> ()
  %tag25 = arith.constant 1405 : index
  %e25 = arith.extsi %r25 : i16 to i64
  func.call @pri(%tag25, %e25) : (index, i64) -> ()
  %tag26 = arith.constant 1500 : index
  %e26 = arith.extsi %r26 : i8 to i64
  func.call @pri(%tag26, %e26) : (index, i64) -> ()
  %tag27 = arith.constant 1501 : index
  %e27 = arith.extsi %r27 : i8 to i64
  func.call @pri(%tag27, %e27) : (index, i64) -> ()
  %tag28 = arith.constant 1502 : index
  %e28 = arith.extsi %r28 : i8 to i64
  func.call @pri(%tag28, %e28) : (index, i64) -> ()
  %tag29 = arith.constant 1503 : index
  %e29 = arith.extsi %r29 : i8 to i64
  func.call @pri(%tag29, %e29) : (index, i64) -> ()
  %tag30 = arith.constant 1504 : index
  %e30 = arith.extsi %r30 : i8 to i64
  func.call @pri(%tag30, %e30) : (index, i64) -> ()
  %tag31 = arith.constant 1505 : index
  %e31 = arith.extsi %r31 : i8 to i64
  func.call @pri(%tag31, %e31) : (index, i64) -> ()
  return
}

func.func @red_1() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %lb = arith.constant 1 : index
  %ub = arith.constant 36 : index
  %st = arith.constant 1 : index
  %f = arith.constant false
  %t = arith.constant true
  %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23 = xmp.device_loop (%i) = (%lb) to (%ub) step (%st) on @t [0] reduce(add, mul, max, min, and, or, add, mul, max, min, and, or, add, mul, max, min, and, or, add, mul, max, min, and, or) init(%f, %t, %f, %t, %t, %f, %f, %t, %f, %t, %t, %f, %f, %t, %f, %t, %t, %f, %t, %f, %t, %f, %f, %t) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
    %m = arith.remui %i, %c3 : index
    %v0 = arith.cmpi eq, %m, %c0 : index
    %v1 = arith.cmpi sge, %i, %c0 : index
    %v2 = arith.cmpi slt, %i, %c0 : index
    xmp.yield %v0, %v0, %v0, %v0, %v0, %v0, %v1, %v1, %v1, %v1, %v1, %v1, %v2, %v2, %v2, %v2, %v2, %v2, %v0, %v0, %v0, %v0, %v0, %v0 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  }
  %tag0 = arith.constant 1700 : index
  %e0 = arith.extui %r0 : i1 to i64
  func.call @pri(%tag0, %e0) : (index, i64) -> ()
  %tag1 = arith.constant 1701 : index
  %e1 = arith.extui %r1 : i1 to i64
  func.call @pri(%tag1, %e1) : (index, i64) -> ()
  %tag2 = arith.constant 1702 : index
  %e2 = arith.extui %r2 : i1 to i64
  func.call @pri(%tag2, %e2) : (index, i64) -> ()
  %tag3 = arith.constant 1703 : index
  %e3 = arith.extui %r3 : i1 to i64
  func.call @pri(%tag3, %e3) : (index, i64) -> ()
  %tag4 = arith.constant 1704 : index
  %e4 = arith.extui %r4 : i1 to i64
  func.call @pri(%tag4, %e4) : (index, i64) -> ()
  %tag5 = arith.constant 1705 : index
  %e5 = arith.extui %r5 : i1 to i64
  func.call @pri(%tag5, %e5) : (index, i64) -> ()
  %tag6 = arith.constant 1710 : index
  %e6 = arith.extui %r6 : i1 to i64
  func.call @pri(%tag6, %e6) : (index, i64) -> ()
  %tag7 = arith.constant 1711 : index
  %e7 = arith.extui %r7 : i1 to i64
  func.call @pri(%tag7, %e7) : (index, i64) -> ()
  %tag8 = arith.constant 1712 : index
  %e8 = arith.extui %r8 : i1 to i64
  func.call @pri(%tag8, %e8) : (index, i64) -> ()
  %tag9 = arith.constant 1713 : index
  %e9 = arith.extui %r9 : i1 to i64
  func.call @pri(%tag9, %e9) : (index, i64) -> ()
  %tag10 = arith.constant 1714 : index
  %e10 = arith.extui %r10 : i1 to i64
  func.call @pri(%tag10, %e10) : (index, i64) -> ()
  %tag11 = arith.constant 1715 : index
  %e11 = arith.extui %r11 : i1 to i64
  func.call @pri(%tag11, %e11) : (index, i64) -> ()
  %tag12 = arith.constant 1720 : index
  %e12 = arith.extui %r12 : i1 to i64
  func.call @pri(%tag12, %e12) : (index, i64) -> ()
  %tag13 = arith.constant 1721 : index
  %e13 = arith.extui %r13 : i1 to i64
  func.call @pri(%tag13, %e13) : (index, i64) -> ()
  %tag14 = arith.constant 1722 : index
  %e14 = arith.extui %r14 : i1 to i64
  func.call @pri(%tag14, %e14) : (index, i64) -> ()
  %tag15 = arith.constant 1723 : index
  %e15 = arith.extui %r15 : i1 to i64
  func.call @pri(%tag15, %e15) : (index, i64) -> ()
  %tag16 = arith.constant 1724 : index
  %e16 = arith.extui %r16 : i1 to i64
  func.call @pri(%tag16, %e16) : (index, i64) -> ()
  %tag17 = arith.constant 1725 : index
  %e17 = arith.extui %r17 : i1 to i64
  func.call @pri(%tag17, %e17) : (index, i64) -> ()
  %tag18 = arith.constant 1740 : index
  %e18 = arith.extui %r18 : i1 to i64
  func.call @pri(%tag18, %e18) : (index, i64) -> ()
  %tag19 = arith.constant 1741 : index
  %e19 = arith.extui %r19 : i1 to i64
  func.call @pri(%tag19, %e19) : (index, i64) -> ()
  %tag20 = arith.constant 1742 : index
  %e20 = arith.extui %r20 : i1 to i64
  func.call @pri(%tag20, %e20) : (index, i64) -> ()
  %tag21 = arith.constant 1743 : index
  %e21 = arith.extui %r21 : i1 to i64
  func.call @pri(%tag21, %e21) : (index, i64) -> ()
  %tag22 = arith.constant 1744 : index
  %e22 = arith.extui %r22 : i1 to i64
  func.call @pri(%tag22, %e22) : (index, i64) -> ()
  %tag23 = arith.constant 1745 : index
  %e23 = arith.extui %r23 : i1 to i64
  func.call @pri(%tag23, %e23) : (index, i64) -> ()
  return
}

func.func @red_2() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %lb = arith.constant 5 : index
  %ub = arith.constant 5 : index
  %st = arith.constant 1 : index
  %f64_init0 = arith.constant 0.25 : f64
  %f64_init1 = arith.constant 1.5 : f64
  %f64_init2 = arith.constant -100.0 : f64
  %f64_init3 = arith.constant 100.0 : f64
  %i32_init2 = arith.constant -1000000 : i32
  %i32_init3 = arith.constant 1000000 : i32
  %i16_init2 = arith.constant -30000 : i16
  %i16_init3 = arith.constant 30000 : i16
  %i8_init0 = arith.constant 5 : i8
  %i8_init1 = arith.constant 3 : i8
  %i8_init2 = arith.constant -120 : i8
  %i8_init3 = arith.constant 120 : i8
  %i8_init4 = arith.constant -9 : i8
  %i8_init5 = arith.constant 4 : i8
  %f = arith.constant false
  %t = arith.constant true
  %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19 = xmp.device_loop (%i) = (%lb) to (%ub) step (%st) on @t [0] reduce(add, mul, max, min, max, min, max, min, add, mul, max, min, and, or, add, mul, max, min, and, or) init(%f64_init0, %f64_init1, %f64_init2, %f64_init3, %i32_init2, %i32_init3, %i16_init2, %i16_init3, %i8_init0, %i8_init1, %i8_init2, %i8_init3, %i8_init4, %i8_init5, %f, %t, %f, %t, %t, %f) -> (f64, f64, f64, f64, i32, i32, i16, i16, i8, i8, i8, i8, i8, i8, i1, i1, i1, i1, i1, i1) {
    %f64_ii = arith.index_cast %i : index to i64
    %f64_c3i = arith.constant 3 : index
    %f64_c5i = arith.constant 5 : index
    %f64_c7i = arith.constant 7 : index
    %f64_m3 = arith.remui %i, %f64_c3i : index
    %f64_m5 = arith.remui %i, %f64_c5i : index
    %f64_m7 = arith.remui %i, %f64_c7i : index
    %f64_m3i = arith.index_cast %f64_m3 : index to i64
    %f64_m5i = arith.index_cast %f64_m5 : index to i64
    %f64_m7i = arith.index_cast %f64_m7 : index to i64
    %f64_z5 = arith.cmpi eq, %f64_m5, %c0 : index
    %f64_m7f = arith.sitofp %f64_m7i : i64 to f64
    %f64_m5f = arith.sitofp %f64_m5i : i64 to f64
    %f64_k325 = arith.constant 3.25 : f64
    %f64_va = arith.subf %f64_m7f, %f64_k325 : f64
    %f64_kh = arith.constant 0.5 : f64
    %f64_k1 = arith.constant 1.0 : f64
    %f64_k2 = arith.constant 2.0 : f64
    %f64_e0 = arith.cmpi eq, %f64_m3, %c0 : index
    %f64_e1 = arith.cmpi eq, %f64_m3, %c1 : index
    %f64_p12 = arith.select %f64_e1, %f64_k1, %f64_k2 : f64
    %f64_p = arith.select %f64_e0, %f64_kh, %f64_p12 : f64
    %f64_np = arith.negf %f64_p : f64
    %f64_vm = arith.select %f64_z5, %f64_np, %f64_p : f64
    %f64_k15 = arith.constant 1.5 : f64
    %f64_nm7 = arith.negf %f64_m7f : f64
    %f64_vx = arith.subf %f64_nm7, %f64_k15 : f64
    %f64_k075 = arith.constant 0.75 : f64
    %f64_vn = arith.addf %f64_m5f, %f64_k075 : f64
    %i32_ii = arith.index_cast %i : index to i64
    %i32_c3i = arith.constant 3 : index
    %i32_c5i = arith.constant 5 : index
    %i32_c7i = arith.constant 7 : index
    %i32_m3 = arith.remui %i, %i32_c3i : index
    %i32_m5 = arith.remui %i, %i32_c5i : index
    %i32_m7 = arith.remui %i, %i32_c7i : index
    %i32_m3i = arith.index_cast %i32_m3 : index to i64
    %i32_m5i = arith.index_cast %i32_m5 : index to i64
    %i32_m7i = arith.index_cast %i32_m7 : index to i64
    %i32_z5 = arith.cmpi eq, %i32_m5, %c0 : index
    %i32_K = arith.constant 100000007 : i64
    %i32_iK = arith.muli %i32_ii, %i32_K : i64
    %i32_k3 = arith.constant 3 : i64
    %i32_a64 = arith.addi %i32_iK, %i32_k3 : i64
    %i32_one = arith.constant 1 : i64
    %i32_two = arith.constant 2 : i64
    %i32_o0 = arith.muli %i32_m3i, %i32_two : i64
    %i32_o = arith.addi %i32_o0, %i32_one : i64
    %i32_zero64 = arith.constant 0 : i64
    %i32_no = arith.subi %i32_zero64, %i32_o : i64
    %i32_m64 = arith.select %i32_z5, %i32_no, %i32_o : i64
    %i32_nm7 = arith.subi %i32_zero64, %i32_m7i : i64
    %i32_x64 = arith.subi %i32_nm7, %i32_one : i64
    %i32_n64 = arith.addi %i32_m5i, %i32_one : i64
    %i32_kB = arith.constant 32 : i64
    %i32_bit = arith.remui %i32_ii, %i32_kB : i64
    %i32_or64 = arith.shli %i32_one, %i32_bit : i64
    %i32_m1 = arith.constant -1 : i64
    %i32_and64 = arith.xori %i32_or64, %i32_m1 : i64
    %i32_va = arith.trunci %i32_a64 : i64 to i32
    %i32_vm = arith.trunci %i32_m64 : i64 to i32
    %i32_vx = arith.trunci %i32_x64 : i64 to i32
    %i32_vn = arith.trunci %i32_n64 : i64 to i32
    %i32_vand = arith.trunci %i32_and64 : i64 to i32
    %i32_vor = arith.trunci %i32_or64 : i64 to i32
    %i16_ii = arith.index_cast %i : index to i64
    %i16_c3i = arith.constant 3 : index
    %i16_c5i = arith.constant 5 : index
    %i16_c7i = arith.constant 7 : index
    %i16_m3 = arith.remui %i, %i16_c3i : index
    %i16_m5 = arith.remui %i, %i16_c5i : index
    %i16_m7 = arith.remui %i, %i16_c7i : index
    %i16_m3i = arith.index_cast %i16_m3 : index to i64
    %i16_m5i = arith.index_cast %i16_m5 : index to i64
    %i16_m7i = arith.index_cast %i16_m7 : index to i64
    %i16_z5 = arith.cmpi eq, %i16_m5, %c0 : index
    %i16_K = arith.constant 3001 : i64
    %i16_iK = arith.muli %i16_ii, %i16_K : i64
    %i16_k3 = arith.constant 3 : i64
    %i16_a64 = arith.addi %i16_iK, %i16_k3 : i64
    %i16_one = arith.constant 1 : i64
    %i16_two = arith.constant 2 : i64
    %i16_o0 = arith.muli %i16_m3i, %i16_two : i64
    %i16_o = arith.addi %i16_o0, %i16_one : i64
    %i16_zero64 = arith.constant 0 : i64
    %i16_no = arith.subi %i16_zero64, %i16_o : i64
    %i16_m64 = arith.select %i16_z5, %i16_no, %i16_o : i64
    %i16_nm7 = arith.subi %i16_zero64, %i16_m7i : i64
    %i16_x64 = arith.subi %i16_nm7, %i16_one : i64
    %i16_n64 = arith.addi %i16_m5i, %i16_one : i64
    %i16_kB = arith.constant 16 : i64
    %i16_bit = arith.remui %i16_ii, %i16_kB : i64
    %i16_or64 = arith.shli %i16_one, %i16_bit : i64
    %i16_m1 = arith.constant -1 : i64
    %i16_and64 = arith.xori %i16_or64, %i16_m1 : i64
    %i16_va = arith.trunci %i16_a64 : i64 to i16
    %i16_vm = arith.trunci %i16_m64 : i64 to i16
    %i16_vx = arith.trunci %i16_x64 : i64 to i16
    %i16_vn = arith.trunci %i16_n64 : i64 to i16
    %i16_vand = arith.trunci %i16_and64 : i64 to i16
    %i16_vor = arith.trunci %i16_or64 : i64 to i16
    %i8_ii = arith.index_cast %i : index to i64
    %i8_c3i = arith.constant 3 : index
    %i8_c5i = arith.constant 5 : index
    %i8_c7i = arith.constant 7 : index
    %i8_m3 = arith.remui %i, %i8_c3i : index
    %i8_m5 = arith.remui %i, %i8_c5i : index
    %i8_m7 = arith.remui %i, %i8_c7i : index
    %i8_m3i = arith.index_cast %i8_m3 : index to i64
    %i8_m5i = arith.index_cast %i8_m5 : index to i64
    %i8_m7i = arith.index_cast %i8_m7 : index to i64
    %i8_z5 = arith.cmpi eq, %i8_m5, %c0 : index
    %i8_K = arith.constant 50 : i64
    %i8_iK = arith.muli %i8_ii, %i8_K : i64
    %i8_k3 = arith.constant 3 : i64
    %i8_a64 = arith.addi %i8_iK, %i8_k3 : i64
    %i8_one = arith.constant 1 : i64
    %i8_two = arith.constant 2 : i64
    %i8_o0 = arith.muli %i8_m3i, %i8_two : i64
    %i8_o = arith.addi %i8_o0, %i8_one : i64
    %i8_zero64 = arith.constant 0 : i64
    %i8_no = arith.subi %i8_zero64, %i8_o : i64
    %i8_m64 = arith.select %i8_z5, %i8_no, %i8_o : i64
    %i8_nm7 = arith.subi %i8_zero64, %i8_m7i : i64
    %i8_x64 = arith.subi %i8_nm7, %i8_one : i64
    %i8_n64 = arith.addi %i8_m5i, %i8_one : i64
    %i8_kB = arith.constant 8 : i64
    %i8_bit = arith.remui %i8_ii, %i8_kB : i64
    %i8_or64 = arith.shli %i8_one, %i8_bit : i64
    %i8_m1 = arith.constant -1 : i64
    %i8_and64 = arith.xori %i8_or64, %i8_m1 : i64
    %i8_va = arith.trunci %i8_a64 : i64 to i8
    %i8_vm = arith.trunci %i8_m64 : i64 to i8
    %i8_vx = arith.trunci %i8_x64 : i64 to i8
    %i8_vn = arith.trunci %i8_n64 : i64 to i8
    %i8_vand = arith.trunci %i8_and64 : i64 to i8
    %i8_vor = arith.trunci %i8_or64 : i64 to i8
    %m = arith.remui %i, %c3 : index
    %v0 = arith.cmpi eq, %m, %c0 : index
    %v1 = arith.cmpi sge, %i, %c0 : index
    %v2 = arith.cmpi slt, %i, %c0 : index
    xmp.yield %f64_va, %f64_vm, %f64_vx, %f64_vn, %i32_vx, %i32_vn, %i16_vx, %i16_vn, %i8_va, %i8_vm, %i8_vx, %i8_vn, %i8_vand, %i8_vor, %v0, %v0, %v0, %v0, %v0, %v0 : f64, f64, f64, f64, i32, i32, i16, i16, i8, i8, i8, i8, i8, i8, i1, i1, i1, i1, i1, i1
  }
  %tag0 = arith.constant 1010 : index
  func.call @pr(%tag0, %r0) : (index, f64) -> ()
  %tag1 = arith.constant 1011 : index
  func.call @pr(%tag1, %r1) : (index, f64) -> ()
  %tag2 = arith.constant 1012 : index
  func.call @pr(%tag2, %r2) : (index, f64) -> ()
  %tag3 = arith.constant 1013 : index
  func.call @pr(%tag3, %r3) : (index, f64) -> ()
  %tag4 = arith.constant 1312 : index
  %e4 = arith.extsi %r4 : i32 to i64
  func.call @pri(%tag4, %e4) : (index, i64) -> ()
  %tag5 = arith.constant 1313 : index
  %e5 = arith.extsi %r5 : i32 to i64
  func.call @pri(%tag5, %e5) : (index, i64) -> ()
  %tag6 = arith.constant 1412 : index
  %e6 = arith.extsi %r6 : i16 to i64
  func.call @pri(%tag6, %e6) : (index, i64) -> ()
  %tag7 = arith.constant 1413 : index
  %e7 = arith.extsi %r7 : i16 to i64
  func.call @pri(%tag7, %e7) : (index, i64) -> ()
  %tag8 = arith.constant 1510 : index
  %e8 = arith.extsi %r8 : i8 to i64
  func.call @pri(%tag8, %e8) : (index, i64) -> ()
  %tag9 = arith.constant 1511 : index
  %e9 = arith.extsi %r9 : i8 to i64
  func.call @pri(%tag9, %e9) : (index, i64) -> ()
  %tag10 = arith.constant 1512 : index
  %e10 = arith.extsi %r10 : i8 to i64
  func.call @pri(%tag10, %e10) : (index, i64) -> ()
  %tag11 = arith.constant 1513 : index
  %e11 = arith.extsi %r11 : i8 to i64
  func.call @pri(%tag11, %e11) : (index, i64) -> ()
  %tag12 = arith.constant 1514 : index
  %e12 = arith.extsi %r12 : i8 to i64
  func.call @pri(%tag12, %e12) : (index, i64) -> ()
  %tag13 = arith.constant 1515 : index
  %e13 = arith.extsi %r13 : i8 to i64
  func.call @pri(%tag13, %e13) : (index, i64) -> ()
  %tag14 = arith.constant 1730 : index
  %e14 = arith.extui %r14 : i1 to i64
  func.call @pri(%tag14, %e14) : (index, i64) -> ()
  %tag15 = arith.constant 1731 : index
  %e15 = arith.extui %r15 : i1 to i64
  func.call @pri(%tag15, %e15) : (index, i64) -> ()
  %tag16 = arith.constant 1732 : index
  %e16 = arith.extui %r16 : i1 to i64
  func.call @pri(%tag16, %e16) : (index, i64) -> ()
  %tag17 = arith.constant 1733 : index
  %e17 = arith.extui %r17 : i1 to i64
  func.call @pri(%tag17, %e17) : (index, i64) -> ()
  %tag18 = arith.constant 1734 : index
  %e18 = arith.extui %r18 : i1 to i64
  func.call @pri(%tag18, %e18) : (index, i64) -> ()
  %tag19 = arith.constant 1735 : index
  %e19 = arith.extui %r19 : i1 to i64
  func.call @pri(%tag19, %e19) : (index, i64) -> ()
  return
}

func.func @red_3() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %f64_init0 = arith.constant 0.25 : f64
  %f64_init2 = arith.constant -100.0 : f64
  %i64_init3 = arith.constant 1000000 : i64
  %i32_init2 = arith.constant -1000000 : i32
  %i32_init3 = arith.constant 1000000 : i32
  %i16_init2 = arith.constant -30000 : i16
  %i16_init3 = arith.constant 30000 : i16
  %i8_init2 = arith.constant -120 : i8
  %i8_init3 = arith.constant 120 : i8
  %f = arith.constant false
  %t = arith.constant true
  %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14 = xmp.device_loop (%i) = (%lb) to (%ub) step (%st) on @s [0] reduce(add, max, min, max, min, max, min, max, min, add, max, min, add, max, min) init(%f64_init0, %f64_init2, %i64_init3, %i32_init2, %i32_init3, %i16_init2, %i16_init3, %i8_init2, %i8_init3, %f, %f, %t, %f, %f, %t) -> (f64, f64, i64, i32, i32, i16, i16, i8, i8, i1, i1, i1, i1, i1, i1) {
    %f64_ii = arith.index_cast %i : index to i64
    %f64_c3i = arith.constant 3 : index
    %f64_c5i = arith.constant 5 : index
    %f64_c7i = arith.constant 7 : index
    %f64_m3 = arith.remui %i, %f64_c3i : index
    %f64_m5 = arith.remui %i, %f64_c5i : index
    %f64_m7 = arith.remui %i, %f64_c7i : index
    %f64_m3i = arith.index_cast %f64_m3 : index to i64
    %f64_m5i = arith.index_cast %f64_m5 : index to i64
    %f64_m7i = arith.index_cast %f64_m7 : index to i64
    %f64_z5 = arith.cmpi eq, %f64_m5, %c0 : index
    %f64_m7f = arith.sitofp %f64_m7i : i64 to f64
    %f64_m5f = arith.sitofp %f64_m5i : i64 to f64
    %f64_k325 = arith.constant 3.25 : f64
    %f64_va = arith.subf %f64_m7f, %f64_k325 : f64
    %f64_kh = arith.constant 0.5 : f64
    %f64_k1 = arith.constant 1.0 : f64
    %f64_k2 = arith.constant 2.0 : f64
    %f64_e0 = arith.cmpi eq, %f64_m3, %c0 : index
    %f64_e1 = arith.cmpi eq, %f64_m3, %c1 : index
    %f64_p12 = arith.select %f64_e1, %f64_k1, %f64_k2 : f64
    %f64_p = arith.select %f64_e0, %f64_kh, %f64_p12 : f64
    %f64_np = arith.negf %f64_p : f64
    %f64_vm = arith.select %f64_z5, %f64_np, %f64_p : f64
    %f64_k15 = arith.constant 1.5 : f64
    %f64_nm7 = arith.negf %f64_m7f : f64
    %f64_vx = arith.subf %f64_nm7, %f64_k15 : f64
    %f64_k075 = arith.constant 0.75 : f64
    %f64_vn = arith.addf %f64_m5f, %f64_k075 : f64
    %i64_ii = arith.index_cast %i : index to i64
    %i64_c3i = arith.constant 3 : index
    %i64_c5i = arith.constant 5 : index
    %i64_c7i = arith.constant 7 : index
    %i64_m3 = arith.remui %i, %i64_c3i : index
    %i64_m5 = arith.remui %i, %i64_c5i : index
    %i64_m7 = arith.remui %i, %i64_c7i : index
    %i64_m3i = arith.index_cast %i64_m3 : index to i64
    %i64_m5i = arith.index_cast %i64_m5 : index to i64
    %i64_m7i = arith.index_cast %i64_m7 : index to i64
    %i64_z5 = arith.cmpi eq, %i64_m5, %c0 : index
    %i64_K = arith.constant 1000003 : i64
    %i64_iK = arith.muli %i64_ii, %i64_K : i64
    %i64_k3 = arith.constant 3 : i64
    %i64_a64 = arith.addi %i64_iK, %i64_k3 : i64
    %i64_one = arith.constant 1 : i64
    %i64_two = arith.constant 2 : i64
    %i64_o0 = arith.muli %i64_m3i, %i64_two : i64
    %i64_o = arith.addi %i64_o0, %i64_one : i64
    %i64_zero64 = arith.constant 0 : i64
    %i64_no = arith.subi %i64_zero64, %i64_o : i64
    %i64_m64 = arith.select %i64_z5, %i64_no, %i64_o : i64
    %i64_nm7 = arith.subi %i64_zero64, %i64_m7i : i64
    %i64_x64 = arith.subi %i64_nm7, %i64_one : i64
    %i64_n64 = arith.addi %i64_m5i, %i64_one : i64
    %i64_kB = arith.constant 50 : i64
    %i64_bit = arith.remui %i64_ii, %i64_kB : i64
    %i64_or64 = arith.shli %i64_one, %i64_bit : i64
    %i64_m1 = arith.constant -1 : i64
    %i64_and64 = arith.xori %i64_or64, %i64_m1 : i64
    %i64_va = arith.addi %i64_a64, %i64_zero64 : i64
    %i64_vm = arith.addi %i64_m64, %i64_zero64 : i64
    %i64_vx = arith.addi %i64_x64, %i64_zero64 : i64
    %i64_vn = arith.addi %i64_n64, %i64_zero64 : i64
    %i64_vand = arith.addi %i64_and64, %i64_zero64 : i64
    %i64_vor = arith.addi %i64_or64, %i64_zero64 : i64
    %i32_ii = arith.index_cast %i : index to i64
    %i32_c3i = arith.constant 3 : index
    %i32_c5i = arith.constant 5 : index
    %i32_c7i = arith.constant 7 : index
    %i32_m3 = arith.remui %i, %i32_c3i : index
    %i32_m5 = arith.remui %i, %i32_c5i : index
    %i32_m7 = arith.remui %i, %i32_c7i : index
    %i32_m3i = arith.index_cast %i32_m3 : index to i64
    %i32_m5i = arith.index_cast %i32_m5 : index to i64
    %i32_m7i = arith.index_cast %i32_m7 : index to i64
    %i32_z5 = arith.cmpi eq, %i32_m5, %c0 : index
    %i32_K = arith.constant 100000007 : i64
    %i32_iK = arith.muli %i32_ii, %i32_K : i64
    %i32_k3 = arith.constant 3 : i64
    %i32_a64 = arith.addi %i32_iK, %i32_k3 : i64
    %i32_one = arith.constant 1 : i64
    %i32_two = arith.constant 2 : i64
    %i32_o0 = arith.muli %i32_m3i, %i32_two : i64
    %i32_o = arith.addi %i32_o0, %i32_one : i64
    %i32_zero64 = arith.constant 0 : i64
    %i32_no = arith.subi %i32_zero64, %i32_o : i64
    %i32_m64 = arith.select %i32_z5, %i32_no, %i32_o : i64
    %i32_nm7 = arith.subi %i32_zero64, %i32_m7i : i64
    %i32_x64 = arith.subi %i32_nm7, %i32_one : i64
    %i32_n64 = arith.addi %i32_m5i, %i32_one : i64
    %i32_kB = arith.constant 32 : i64
    %i32_bit = arith.remui %i32_ii, %i32_kB : i64
    %i32_or64 = arith.shli %i32_one, %i32_bit : i64
    %i32_m1 = arith.constant -1 : i64
    %i32_and64 = arith.xori %i32_or64, %i32_m1 : i64
    %i32_va = arith.trunci %i32_a64 : i64 to i32
    %i32_vm = arith.trunci %i32_m64 : i64 to i32
    %i32_vx = arith.trunci %i32_x64 : i64 to i32
    %i32_vn = arith.trunci %i32_n64 : i64 to i32
    %i32_vand = arith.trunci %i32_and64 : i64 to i32
    %i32_vor = arith.trunci %i32_or64 : i64 to i32
    %i16_ii = arith.index_cast %i : index to i64
    %i16_c3i = arith.constant 3 : index
    %i16_c5i = arith.constant 5 : index
    %i16_c7i = arith.constant 7 : index
    %i16_m3 = arith.remui %i, %i16_c3i : index
    %i16_m5 = arith.remui %i, %i16_c5i : index
    %i16_m7 = arith.remui %i, %i16_c7i : index
    %i16_m3i = arith.index_cast %i16_m3 : index to i64
    %i16_m5i = arith.index_cast %i16_m5 : index to i64
    %i16_m7i = arith.index_cast %i16_m7 : index to i64
    %i16_z5 = arith.cmpi eq, %i16_m5, %c0 : index
    %i16_K = arith.constant 3001 : i64
    %i16_iK = arith.muli %i16_ii, %i16_K : i64
    %i16_k3 = arith.constant 3 : i64
    %i16_a64 = arith.addi %i16_iK, %i16_k3 : i64
    %i16_one = arith.constant 1 : i64
    %i16_two = arith.constant 2 : i64
    %i16_o0 = arith.muli %i16_m3i, %i16_two : i64
    %i16_o = arith.addi %i16_o0, %i16_one : i64
    %i16_zero64 = arith.constant 0 : i64
    %i16_no = arith.subi %i16_zero64, %i16_o : i64
    %i16_m64 = arith.select %i16_z5, %i16_no, %i16_o : i64
    %i16_nm7 = arith.subi %i16_zero64, %i16_m7i : i64
    %i16_x64 = arith.subi %i16_nm7, %i16_one : i64
    %i16_n64 = arith.addi %i16_m5i, %i16_one : i64
    %i16_kB = arith.constant 16 : i64
    %i16_bit = arith.remui %i16_ii, %i16_kB : i64
    %i16_or64 = arith.shli %i16_one, %i16_bit : i64
    %i16_m1 = arith.constant -1 : i64
    %i16_and64 = arith.xori %i16_or64, %i16_m1 : i64
    %i16_va = arith.trunci %i16_a64 : i64 to i16
    %i16_vm = arith.trunci %i16_m64 : i64 to i16
    %i16_vx = arith.trunci %i16_x64 : i64 to i16
    %i16_vn = arith.trunci %i16_n64 : i64 to i16
    %i16_vand = arith.trunci %i16_and64 : i64 to i16
    %i16_vor = arith.trunci %i16_or64 : i64 to i16
    %i8_ii = arith.index_cast %i : index to i64
    %i8_c3i = arith.constant 3 : index
    %i8_c5i = arith.constant 5 : index
    %i8_c7i = arith.constant 7 : index
    %i8_m3 = arith.remui %i, %i8_c3i : index
    %i8_m5 = arith.remui %i, %i8_c5i : index
    %i8_m7 = arith.remui %i, %i8_c7i : index
    %i8_m3i = arith.index_cast %i8_m3 : index to i64
    %i8_m5i = arith.index_cast %i8_m5 : index to i64
    %i8_m7i = arith.index_cast %i8_m7 : index to i64
    %i8_z5 = arith.cmpi eq, %i8_m5, %c0 : index
    %i8_K = arith.constant 50 : i64
    %i8_iK = arith.muli %i8_ii, %i8_K : i64
    %i8_k3 = arith.constant 3 : i64
    %i8_a64 = arith.addi %i8_iK, %i8_k3 : i64
    %i8_one = arith.constant 1 : i64
    %i8_two = arith.constant 2 : i64
    %i8_o0 = arith.muli %i8_m3i, %i8_two : i64
    %i8_o = arith.addi %i8_o0, %i8_one : i64
    %i8_zero64 = arith.constant 0 : i64
    %i8_no = arith.subi %i8_zero64, %i8_o : i64
    %i8_m64 = arith.select %i8_z5, %i8_no, %i8_o : i64
    %i8_nm7 = arith.subi %i8_zero64, %i8_m7i : i64
    %i8_x64 = arith.subi %i8_nm7, %i8_one : i64
    %i8_n64 = arith.addi %i8_m5i, %i8_one : i64
    %i8_kB = arith.constant 8 : i64
    %i8_bit = arith.remui %i8_ii, %i8_kB : i64
    %i8_or64 = arith.shli %i8_one, %i8_bit : i64
    %i8_m1 = arith.constant -1 : i64
    %i8_and64 = arith.xori %i8_or64, %i8_m1 : i64
    %i8_va = arith.trunci %i8_a64 : i64 to i8
    %i8_vm = arith.trunci %i8_m64 : i64 to i8
    %i8_vx = arith.trunci %i8_x64 : i64 to i8
    %i8_vn = arith.trunci %i8_n64 : i64 to i8
    %i8_vand = arith.trunci %i8_and64 : i64 to i8
    %i8_vor = arith.trunci %i8_or64 : i64 to i8
    %m = arith.remui %i, %c3 : index
    %v0 = arith.cmpi eq, %m, %c0 : index
    %v1 = arith.cmpi sge, %i, %c0 : index
    %v2 = arith.cmpi slt, %i, %c0 : index
    xmp.yield %f64_va, %f64_vx, %i64_vn, %i32_vx, %i32_vn, %i16_vx, %i16_vn, %i8_vx, %i8_vn, %v0, %v0, %v0, %v1, %v1, %v1 : f64, f64, i64, i32, i32, i16, i16, i8, i8, i1, i1, i1, i1, i1, i1
  }
  %tag0 = arith.constant 2000 : index
  func.call @pr(%tag0, %r0) : (index, f64) -> ()
  %tag1 = arith.constant 2002 : index
  func.call @pr(%tag1, %r1) : (index, f64) -> ()
  %tag2 = arith.constant 2203 : index
  func.call @pri(%tag2, %r2) : (index, i64) -> ()
  %tag3 = arith.constant 2302 : index
  %e3 = arith.extsi %r3 : i32 to i64
  func.call @pri(%tag3, %e3) : (index, i64) -> ()
  %tag4 = arith.constant 2303 : index
  %e4 = arith.extsi %r4 : i32 to i64
  func.call @pri(%tag4, %e4) : (index, i64) -> ()
  %tag5 = arith.constant 2402 : index
  %e5 = arith.extsi %r5 : i16 to i64
  func.call @pri(%tag5, %e5) : (index, i64) -> ()
  %tag6 = arith.constant 2403 : index
  %e6 = arith.extsi %r6 : i16 to i64
  func.call @pri(%tag6, %e6) : (index, i64) -> ()
  %tag7 = arith.constant 2502 : index
  %e7 = arith.extsi %r7 : i8 to i64
  func.call @pri(%tag7, %e7) : (index, i64) -> ()
  %tag8 = arith.constant 2503 : index
  %e8 = arith.extsi %r8 : i8 to i64
  func.call @pri(%tag8, %e8) : (index, i64) -> ()
  %tag9 = arith.constant 2700 : index
  %e9 = arith.extui %r9 : i1 to i64
  func.call @pri(%tag9, %e9) : (index, i64) -> ()
  %tag10 = arith.constant 2702 : index
  %e10 = arith.extui %r10 : i1 to i64
  func.call @pri(%tag10, %e10) : (index, i64) -> ()
  %tag11 = arith.constant 2703 : index
  %e11 = arith.extui %r11 : i1 to i64
  func.call @pri(%tag11, %e11) : (index, i64) -> ()
  %tag12 = arith.constant 2710 : index
  %e12 = arith.extui %r12 : i1 to i64
  func.call @pri(%tag12, %e12) : (index, i64) -> ()
  %tag13 = arith.constant 2712 : index
  %e13 = arith.extui %r13 : i1 to i64
  func.call @pri(%tag13, %e13) : (index, i64) -> ()
  %tag14 = arith.constant 2713 : index
  %e14 = arith.extui %r14 : i1 to i64
  func.call @pri(%tag14, %e14) : (index, i64) -> ()
  return
}

func.func @main() {
  func.call @red_0() : () -> ()
  func.call @red_1() : () -> ()
  func.call @red_2() : () -> ()
  func.call @red_3() : () -> ()
  return
}
