// RUN: xmp-opt %s -split-input-file --xmp-split-device-loops | FileCheck %s --implicit-check-not=llvm. --implicit-check-not=xmprt_ --implicit-check-not=unrealized_conversion_cast

// xmp-split-device-loops with GPU code (gpu=true, the default): every
// xmp.device_loop becomes a GPU part (the device loop over [lb, split)) and
// a CPU part (an xmp.cpu_part_start region running xmp.loop over chunks
// [lo, hi) of [split, end)), split by the weight; a step without CPU
// iterations runs the loop whole. The pass emits xmp ops only: the RUN
// line rejects LLVM ops, runtime calls and conversion casts anywhere.
// One behaviour per split, named in its comment and function name. Without
// GPU code: split-device-loops-cpu.mlir; the grain option:
// split-device-loops-grain.mlir; loops that are not split:
// split-device-loops-warn.mlir.

// -----

// Weight mode fixed: weight(%w) forwards %w to xmp.loop_weight, whose
// result is what the loop is split by.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_weight_fixed(
// CHECK-SAME: %{{[^:]+}}: !darray, %{{[^:]+}}: f32, %[[W:[^:]+]]: f64)
// CHECK: %[[WT:.*]] = xmp.loop_weight loop 0 fixed %[[W]]{{$}}
// CHECK-NEXT: xmp.loop_split %[[WT]], (
func.func @split_weight_fixed(%a: !a, %x: f32, %w: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] weight(%w) {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Weight mode current: a loop without a weight clause keeps the current
// weight (the fixed argument is 0.0).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_weight_current(
// CHECK: %[[F0:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[WT:.*]] = xmp.loop_weight loop 0 current %[[F0]]{{$}}
// CHECK-NEXT: xmp.loop_split %[[WT]], (
func.func @split_weight_current(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Weight mode auto: weight(auto) lets the runtime tune the weight (the
// fixed argument is 0.0).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_weight_auto(
// CHECK: %[[F0:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[WT:.*]] = xmp.loop_weight loop 0 auto %[[F0]]{{$}}
// CHECK-NEXT: xmp.loop_split %[[WT]], (
func.func @split_weight_auto(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] weight(auto) {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Loop ids: the device loops of a function are numbered 0, 1, ... in
// order; the id names the weight state, the GPU step, the report and the
// kernels (<function>_loop<id>, and _part for the GPU part of a split).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_loop_ids(
// CHECK: xmp.loop_weight loop 0 current
// CHECK: xmp.gpu_step_begin loop 0
// CHECK-NEXT: xmp.device_loop {{.*}} attributes {xmp.kernel_name = "split_loop_ids_loop0", xmp.node_local} {
// CHECK: xmp.gpu_step_end loop 0 iterations
// CHECK: xmp.device_loop {{.*}} attributes {xmp.kernel_name = "split_loop_ids_loop0_part", xmp.split_part} {
// CHECK: xmp.loop_report loop 0 cpu
// CHECK: xmp.loop_weight loop 1 current
// CHECK: xmp.gpu_step_begin loop 1
// CHECK-NEXT: xmp.device_loop {{.*}} attributes {xmp.kernel_name = "split_loop_ids_loop1", xmp.node_local} {
// CHECK: xmp.gpu_step_end loop 1 iterations
// CHECK: xmp.device_loop {{.*}} attributes {xmp.kernel_name = "split_loop_ids_loop1_part", xmp.split_part} {
// CHECK: xmp.loop_report loop 1 cpu
// CHECK-NOT: loop 2
func.func @split_loop_ids(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// The split's iteration space: xmp.loop_split takes the loop's bounds and
// step (a dynamic ub too) and its template dimension (here dimension 1,
// cyclic); both parts stay on that dimension.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, cyclic]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @split_bounds_and_dim(
// CHECK-SAME: %{{[^:]+}}: !darray, %{{[^:]+}}: f32, %[[UB:[^:]+]]: index)
// CHECK-NEXT: %[[LB:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ST:.*]] = arith.constant 2 : index
// CHECK: xmp.loop_split %{{[^,]+}}, (%[[LB]] to %[[UB]] step %[[ST]]) on @t[1] grain
// CHECK: xmp.cpu_part_start
// CHECK: xmp.loop {{.*}} step (%[[ST]]) on @t [1] attributes {xmp.split_part} {
// CHECK: xmp.device_loop (%{{[^)]+}}) = (%[[LB]]) to (%{{[^)]+}}) step (%[[ST]]) on @t [1] attributes {{{.*}}xmp.split_part} {
func.func @split_bounds_and_dim(%v: !m, %x: f32, %ub: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  xmp.device_loop (%i) = (%c1) to (%ub) step (%c2) on @t [1] {
    xmp.store %x, %v[%c3, %i] : !m
  }
  return
}

// -----

// Default grain of a 1-D loop: 32 iterations (a warp); the CPU chunks are
// grain * step template indices long.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_grain_1d_warp(
// CHECK: %[[ST:.*]] = arith.constant 2 : index
// CHECK: %[[S:[^,]+]], %[[E:[^,]+]], %{{.*}} = xmp.loop_split %{{[^,]+}}, (%{{[^ ]+}} to %{{[^ ]+}} step %[[ST]]) on @t[0] grain 32{{$}}
// CHECK: %[[G:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[GR:.*]] = arith.muli %[[G]], %[[ST]] : index
// CHECK: xmp.cpu_part_start %[[S]] to %[[E]] grain %[[GR]] {
func.func @split_grain_1d_warp(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c2) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Default grain of a nest: 1 (whole rows of the outer dimension); the CPU
// chunks are grain * (outer step) template indices long.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @split_grain_nest_rows(
// CHECK-DAG: %[[ST0:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[ST1:.*]] = arith.constant 1 : index
// CHECK: %[[S:[^,]+]], %[[E:[^,]+]], %{{.*}} = xmp.loop_split %{{[^,]+}}, (%{{[^ ]+}} to %{{[^ ]+}} step %[[ST0]]) on @t[0] grain 1{{$}}
// CHECK: %[[G:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[GR:.*]] = arith.muli %[[G]], %[[ST0]] : index
// CHECK: xmp.cpu_part_start %[[S]] to %[[E]] grain %[[GR]] inner %{{[^ ]+}} pieces %{{[^ ]+}} {
func.func @split_grain_nest_rows(%u: !m, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c2, %c1) on @t [0, 1] {
    xmp.store %x, %u[%i, %j] : !m
  }
  return
}

// -----

// Part guards: a part runs on this rank only if it has iterations (count
// > 0): the host acquires are guarded by the CPU count, the device
// acquires and the GPU part by the GPU count.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_part_guards(
// CHECK: %{{[^,]+}}, %{{[^,]+}}, %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[HAVECPU:.*]] = arith.cmpi sgt, %[[NC]], %[[Z]] : index
// CHECK-NEXT: %[[HAVEGPU:.*]] = arith.cmpi sgt, %[[NG]], %[[Z]] : index
// CHECK: } else {
// CHECK-NEXT: scf.if %[[HAVECPU]] {
// CHECK-NEXT: xmp.host_acquire
// CHECK: scf.if %[[HAVEGPU]] {
// CHECK-NEXT: xmp.device_acquire
// CHECK: xmp.cpu_part_start
// CHECK: scf.if %[[HAVEGPU]] -> (f64) {
// CHECK-NEXT: xmp.gpu_timer_start
func.func @split_part_guards(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Whole-GPU fast path: a step without CPU iterations (and with GPU ones)
// runs the original loop as one node-local kernel, timed without waiting
// (gpu_step_begin/end), with no acquires and no commit; the split is the
// else branch.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_whole_gpu_fast_path(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %[[X:[^:]+]]: f32)
// CHECK-NEXT: %[[LB:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ST:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[UB:.*]] = arith.constant 64 : index
// CHECK: %{{[^,]+}}, %{{[^,]+}}, %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK: %[[HAVEGPU:.*]] = arith.cmpi sgt, %[[NG]], %[[Z]] : index
// CHECK-NEXT: %[[NOCPU:.*]] = arith.cmpi eq, %[[NC]], %[[Z]] : index
// CHECK-NEXT: %[[FAST:.*]] = arith.andi %[[NOCPU]], %[[HAVEGPU]] : i1
// CHECK-NEXT: scf.if %[[FAST]] {
// CHECK-NEXT: xmp.gpu_step_begin loop 0
// CHECK-NEXT: xmp.device_loop (%[[I:[^)]+]]) = (%[[LB]]) to (%[[UB]]) step (%[[ST]]) on @t [0] attributes {xmp.kernel_name = "split_whole_gpu_fast_path_loop0", xmp.node_local} {
// CHECK-NEXT: xmp.store %[[X]], %[[A]][%[[I]]] : !darray
// CHECK-NEXT: }
// CHECK-NEXT: xmp.gpu_step_end loop 0 iterations %[[NG]]
// CHECK-NEXT: } else {
// CHECK-NOT: xmp.gpu_step_begin
// CHECK: xmp.cpu_part_start
func.func @split_whole_gpu_fast_path(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Coherence before the parts: every array the body accesses is acquired on
// the host and on the device, in order of first access (not argument
// order), on the device with the body's access (read, readwrite, write).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_acquire_order_and_access(
// CHECK-SAME: %[[WO:[^:]+]]: !darray, %[[RW:[^:]+]]: !darray, %[[RO:[^:]+]]: !darray)
// CHECK: } else {
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: xmp.host_acquire %[[RO]] : !darray
// CHECK-NEXT: xmp.host_acquire %[[RW]] : !darray
// CHECK-NEXT: xmp.host_acquire %[[WO]] : !darray
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: xmp.device_acquire %[[RO]] access(read) : !darray -> memref<?xf32>
// CHECK-NEXT: xmp.device_acquire %[[RW]] access(readwrite) : !darray -> memref<?xf32>
// CHECK-NEXT: xmp.device_acquire %[[WO]] access(write) : !darray -> memref<?xf32>
// CHECK-NEXT: }
// CHECK-NOT: xmp.{{(host|device)}}_acquire
// CHECK: return
func.func @split_acquire_order_and_access(%w: !a, %rw: !a, %r: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %x = xmp.load %r[%i] : !a
    %y = xmp.load %rw[%i] : !a
    %s = arith.addf %x, %y : f32
    xmp.store %s, %rw[%i] : !a
    xmp.store %x, %w[%i] : !a
  }
  return
}

// -----

// The CPU part's first iteration: a chunk [lo, hi) starts at the first
// iteration of the loop at or after lo, lb + ceil(max(lo - lb, 0) / step)
// * step, and runs to hi with the loop's step, marked xmp.split_part.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1000)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1000xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_cpu_part_first_iteration(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %[[X:[^:]+]]: f32, %{{[^:]+}}: index)
// CHECK-NEXT: %[[LB:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ST:.*]] = arith.constant 3 : index
// CHECK: xmp.cpu_part_start
// CHECK-NEXT: ^bb0(%[[LO:[^:]+]]: index, %[[HI:[^:]+]]: index):
// CHECK-NEXT: %[[D:.*]] = arith.subi %[[LO]], %[[LB]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[DP:.*]] = arith.maxsi %[[D]], %[[Z]] : index
// CHECK-NEXT: %[[K:.*]] = arith.ceildivsi %[[DP]], %[[ST]] : index
// CHECK-NEXT: %[[KS:.*]] = arith.muli %[[K]], %[[ST]] : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.addi %[[LB]], %[[KS]] : index
// CHECK-NEXT: xmp.loop (%[[J:[^)]+]]) = (%[[FIRST]]) to (%[[HI]]) step (%[[ST]]) on @t [0] attributes {xmp.split_part} {
// CHECK-NEXT: xmp.store %[[X]], %[[A]][%[[J]]] : !darray
func.func @split_cpu_part_first_iteration(%a: !a, %x: f32, %ub: index) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  xmp.device_loop (%i) = (%c1) to (%ub) step (%c3) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// The CPU part stays in place: its region holds the loop body as it is
// (an inner scf.for included) and uses the values defined above it (the
// arrays, %tv defined in the enclosing scf.for) directly; outlining and the
// context are xmp-to-runtime's (cpu-part-outline.mlir).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1000)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1000xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_cpu_part_in_place(
// CHECK-SAME: %[[SRC:[^:]+]]: !darray, %[[DST:[^:]+]]: !darray, %{{[^:]+}}: index)
// CHECK: %[[TV:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK: xmp.cpu_part_start
// CHECK: xmp.loop (%[[I:[^)]+]]) = {{.*}} attributes {xmp.split_part} {
// CHECK-NEXT: %[[S:.*]] = scf.for %[[J:[^ ]+]] = {{.*}} iter_args(%[[ACC:[^ ]+]] = %[[TV]]) -> (f32) {
// CHECK-NEXT: %[[V:.*]] = xmp.load %[[SRC]][%[[J]]] : !darray
// CHECK-NEXT: %[[ACC2:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: scf.yield %[[ACC2]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: xmp.store %[[S]], %[[DST]][%[[I]]] : !darray
// CHECK-NOT: func.func
func.func @split_cpu_part_in_place(%src: !a, %dst: !a, %nt: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1000 = arith.constant 1000 : index
  scf.for %t = %c0 to %nt step %c1 {
    %tf = arith.index_cast %t : index to i32
    %tv = arith.sitofp %tf : i32 to f32
    xmp.device_loop (%i) = (%c0) to (%c1000) step (%c1) on @t [0] {
      %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %tv) -> f32 {
        %v = xmp.load %src[%j] : !a
        %acc2 = arith.addf %acc, %v : f32
        scf.yield %acc2 : f32
      }
      xmp.store %s, %dst[%i] : !a
    }
  }
  return
}

// -----

// A nest is split along its outer dimension: the CPU part's outer
// dimension runs from its aligned first iteration to hi, the GPU part's
// from lb to split. The GPU part keeps the inner dimension's bounds; a CPU
// chunk runs the inner iterations numbered [p0, p1) of the trip count
// (0 to 32 step 3: 11), lb1 + p0 * st1 to min(ub1, lb1 + p1 * st1). A CPU
// part of at most 64 granules of rows may be cut into 64 pieces per row,
// else 1; the partial buffers are (granules + 1) * pieces long.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @split_nest_outer_only(
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[S:[^,]+]], %[[E:[^,]+]], %{{.*}} = xmp.loop_split %{{[^,]+}}, (%[[C2]] to %[[C64]] step %[[C1]]) on @t[0]
// CHECK: %[[GRAN:.*]] = arith.ceildivsi %{{.*}}, %{{.*}} : index
// CHECK: %[[MAXP:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[FEW:.*]] = arith.cmpi sle, %[[GRAN]], %[[MAXP]] : index
// CHECK: %[[PIECES:.*]] = arith.select %[[FEW]], %{{.*}}, %{{.*}} : index
// CHECK: %[[N1:.*]] = arith.ceildivsi
// CHECK: %[[TRIP:.*]] = arith.maxsi %[[N1]], %{{.*}} : index
// CHECK: xmp.cpu_part_start %[[S]] to %[[E]] grain %{{[^ ]+}} inner %[[TRIP]] pieces %[[PIECES]] {
// CHECK-NEXT: ^bb0(%{{[^:]+}}: index, %[[HI:[^:]+]]: index, %[[P0:[^:]+]]: index, %[[P1:[^:]+]]: index, %{{[^:]+}}: index):
// CHECK: %[[FIRST:.*]] = arith.addi %[[C2]], %{{.*}} : index
// CHECK-NEXT: %[[J0:.*]] = arith.muli %[[P0]], %[[C3]] : index
// CHECK-NEXT: %[[LB1:.*]] = arith.addi %[[C0]], %[[J0]] : index
// CHECK-NEXT: %[[J1:.*]] = arith.muli %[[P1]], %[[C3]] : index
// CHECK-NEXT: %[[END1:.*]] = arith.addi %[[C0]], %[[J1]] : index
// CHECK-NEXT: %[[UB1:.*]] = arith.minsi %[[C32]], %[[END1]] : index
// CHECK-NEXT: xmp.loop (%{{[^,]+}}, %{{[^)]+}}) = (%[[FIRST]], %[[LB1]]) to (%[[HI]], %[[UB1]]) step (%[[C1]], %[[C3]]) on @t [0, 1] attributes {xmp.split_part} {
// CHECK: xmp.device_loop (%{{[^,]+}}, %{{[^)]+}}) = (%[[C2]], %[[C0]]) to (%[[S]], %[[C32]]) step (%[[C1]], %[[C3]]) on @t [0, 1] attributes {{{.*}}xmp.split_part} {
func.func @split_nest_outer_only(%u: !m, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i, %j) = (%c2, %c0) to (%c64, %c32) step (%c1, %c3) on @t [0, 1] {
    xmp.store %x, %u[%i, %j] : !m
  }
  return
}

// -----

// The GPU part: if it has iterations, the device loop over [lb, split)
// (kernel <function>_loop0_part, xmp.split_part) between
// gpu_timer_start/stop, yielding its time; else a time of 0.0. It is
// placed after the CPU part starts and before it is waited for.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_gpu_part_timed(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %[[X:[^:]+]]: f32)
// CHECK-NEXT: %[[LB:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ST:.*]] = arith.constant 1 : index
// CHECK: %[[S:[^,]+]], %{{[^,]+}}, %[[NG:[^,]+]], %{{[^ ]+}} = xmp.loop_split
// CHECK: %[[HAVEGPU:.*]] = arith.cmpi sgt, %[[NG]], %{{.*}} : index
// CHECK: %[[JOB:.*]] = xmp.cpu_part_start
// CHECK: scf.if %[[HAVEGPU]] -> (f64) {
// CHECK-NEXT: xmp.gpu_timer_start
// CHECK-NEXT: xmp.device_loop (%[[I:[^)]+]]) = (%[[LB]]) to (%[[S]]) step (%[[ST]]) on @t [0] attributes {xmp.kernel_name = "split_gpu_part_timed_loop0_part", xmp.split_part} {
// CHECK-NEXT: xmp.store %[[X]], %[[A]][%[[I]]] : !darray
// CHECK-NEXT: }
// CHECK-NEXT: %[[T:.*]] = xmp.gpu_timer_stop
// CHECK-NEXT: scf.yield %[[T]] : f64
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[T0:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: scf.yield %[[T0]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: xmp.cpu_part_wait %[[JOB]]
func.func @split_gpu_part_timed(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// The wait and the report: the CPU part is waited for (its time), and the
// step is reported with both times and both counts (not on_host) as the
// last op of the split branch.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_wait_and_report(
// CHECK: %{{[^,]+}}, %{{[^,]+}}, %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split
// CHECK: %[[JOB:.*]] = xmp.cpu_part_start
// CHECK: %[[TG:.*]] = scf.if %{{.*}} -> (f64) {
// CHECK: %[[TC:.*]] = xmp.cpu_part_wait %[[JOB]]
// CHECK: xmp.loop_report loop 0 cpu %[[TC]], %[[NC]] gpu %[[TG]], %[[NG]]{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @split_wait_and_report(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Commit ranges: after the wait, a stored array is committed with the GPU
// part's rows [lb, split) and the CPU part's [split, end); a part that did
// not run on this rank commits an empty range [0, 0).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_commit_ranges(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %{{[^:]+}}: f32)
// CHECK-NEXT: %[[LB:.*]] = arith.constant 1 : index
// CHECK: %[[S:[^,]+]], %[[E:[^,]+]], %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[HAVECPU:.*]] = arith.cmpi sgt, %[[NC]], %[[Z]] : index
// CHECK-NEXT: %[[HAVEGPU:.*]] = arith.cmpi sgt, %[[NG]], %[[Z]] : index
// CHECK: xmp.cpu_part_wait
// CHECK-NEXT: %[[G0:.*]] = arith.select %[[HAVEGPU]], %[[LB]], %[[Z]] : index
// CHECK-NEXT: %[[G1:.*]] = arith.select %[[HAVEGPU]], %[[S]], %[[Z]] : index
// CHECK-NEXT: %[[CC0:.*]] = arith.select %[[HAVECPU]], %[[S]], %[[Z]] : index
// CHECK-NEXT: %[[CC1:.*]] = arith.select %[[HAVECPU]], %[[E]], %[[Z]] : index
// CHECK-NEXT: xmp.split_commit %[[A]] dim 0 gpu[%[[G0]], %[[G1]]) cpu[%[[CC0]], %[[CC1]]) : !darray
func.func @split_commit_ranges(%a: !a, %x: f32) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c1) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Only stores decide what is committed: %pos is only read (also at the
// inner loop's %j, which does not keep the loop from being split), so it
// is not committed; %acc, stored at [%i, 0], is.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!v = !xmp.darray<1024x3xf64, @t, align [0, *]>
// CHECK-LABEL: func.func @split_commit_stored_only(
// CHECK-SAME: %[[POS:[^:]+]]: !darray, %[[ACC:[^:]+]]: !darray)
// CHECK: xmp.loop_split
// CHECK: xmp.cpu_part_wait
// CHECK-NOT: xmp.split_commit %[[POS]]
// CHECK: xmp.split_commit %[[ACC]] dim 0
// CHECK-NOT: xmp.split_commit
// CHECK: xmp.loop_report
func.func @split_commit_stored_only(%pos: !v, %acc: !v) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f64
  xmp.device_loop (%i) = (%c0) to (%c1024) step (%c1) on @t [0] {
    %xi = xmp.load %pos[%i, %c0] : !v
    %sum = scf.for %j = %c0 to %c1024 step %c1 iter_args(%s = %zero) -> f64 {
      %xj = xmp.load %pos[%j, %c0] : !v
      %d = arith.subf %xj, %xi : f64
      %s2 = arith.addf %s, %d : f64
      scf.yield %s2 : f64
    }
    xmp.store %sum, %acc[%i, %c0] : !v
  }
  return
}

// -----

// The committed dimension is the array dimension aligned with the split
// template dimension (here template dimension 1): dimension 1 of %v
// (align [0, 1]), dimension 0 of %u (align [1, 0]).
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, cyclic]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
!n = !xmp.darray<64x64xf32, @t, align [1, 0]>
// CHECK-LABEL: func.func @split_commit_aligned_dim(
// CHECK-SAME: %[[V:[^:]+]]: !darray, %[[U:[^:]+]]: !darray1, %{{[^:]+}}: f32)
// CHECK: xmp.loop_split {{.*}} on @t[1]
// CHECK: xmp.split_commit %[[V]] dim 1 gpu
// CHECK: xmp.split_commit %[[U]] dim 0 gpu
func.func @split_commit_aligned_dim(%v: !m, %u: !n, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [1] {
    xmp.store %x, %v[%c3, %i] : !m
    xmp.store %x, %u[%i, %c3] : !n
  }
  return
}

// -----

// A store at iv + c commits the part ranges shifted by c: %a[1 + %i]
// commits [lb + 1, split + 1) and [split + 1, end + 1), %b[%i - 2]
// [lb - 2, split - 2) and [split - 2, end - 2).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1000)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1000xf32, @t, align [0], shadow [1:2]>
// CHECK-LABEL: func.func @split_commit_iv_offset(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %[[B:[^:]+]]: !darray, %{{[^:]+}}: index)
// CHECK-NEXT: %[[LB:.*]] = arith.constant 1 : index
// CHECK: %[[S:[^,]+]], %[[E:[^,]+]], %{{.*}} = xmp.loop_split
// CHECK: xmp.cpu_part_wait
// CHECK-NEXT: %[[P1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[AGL:.*]] = arith.addi %[[LB]], %[[P1]] : index
// CHECK-NEXT: %[[P2:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[AGH:.*]] = arith.addi %[[S]], %[[P2]] : index
// CHECK-NEXT: %[[P3:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ACL:.*]] = arith.addi %[[S]], %[[P3]] : index
// CHECK-NEXT: %[[P4:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ACH:.*]] = arith.addi %[[E]], %[[P4]] : index
// CHECK-NEXT: %[[AG0:.*]] = arith.select %{{.*}}, %[[AGL]], %{{.*}} : index
// CHECK-NEXT: %[[AG1:.*]] = arith.select %{{.*}}, %[[AGH]], %{{.*}} : index
// CHECK-NEXT: %[[AC0:.*]] = arith.select %{{.*}}, %[[ACL]], %{{.*}} : index
// CHECK-NEXT: %[[AC1:.*]] = arith.select %{{.*}}, %[[ACH]], %{{.*}} : index
// CHECK-NEXT: xmp.split_commit %[[A]] dim 0 gpu[%[[AG0]], %[[AG1]]) cpu[%[[AC0]], %[[AC1]]) : !darray
// CHECK-NEXT: %[[M1:.*]] = arith.constant -2 : index
// CHECK-NEXT: %[[BGL:.*]] = arith.addi %[[LB]], %[[M1]] : index
// CHECK-NEXT: %[[M2:.*]] = arith.constant -2 : index
// CHECK-NEXT: %[[BGH:.*]] = arith.addi %[[S]], %[[M2]] : index
// CHECK-NEXT: %[[M3:.*]] = arith.constant -2 : index
// CHECK-NEXT: %[[BCL:.*]] = arith.addi %[[S]], %[[M3]] : index
// CHECK-NEXT: %[[M4:.*]] = arith.constant -2 : index
// CHECK-NEXT: %[[BCH:.*]] = arith.addi %[[E]], %[[M4]] : index
// CHECK-NEXT: %[[BG0:.*]] = arith.select %{{.*}}, %[[BGL]], %{{.*}} : index
// CHECK-NEXT: %[[BG1:.*]] = arith.select %{{.*}}, %[[BGH]], %{{.*}} : index
// CHECK-NEXT: %[[BC0:.*]] = arith.select %{{.*}}, %[[BCL]], %{{.*}} : index
// CHECK-NEXT: %[[BC1:.*]] = arith.select %{{.*}}, %[[BCH]], %{{.*}} : index
// CHECK-NEXT: xmp.split_commit %[[B]] dim 0 gpu[%[[BG0]], %[[BG1]]) cpu[%[[BC0]], %[[BC1]]) : !darray
func.func @split_commit_iv_offset(%a: !a, %b: !a, %ub: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  xmp.device_loop (%i) = (%c1) to (%ub) step (%c2) on @t [0] {
    %x = xmp.load %a[%i] : !a
    %ip = arith.addi %c1, %i : index
    xmp.store %x, %a[%ip] : !a
    %im = arith.subi %i, %c2 : index
    xmp.store %x, %b[%im] : !a
  }
  return
}

// -----

// An array stored twice at the same rows is committed once.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1000)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1000xf32, @t, align [0], shadow [1:2]>
// CHECK-LABEL: func.func @split_commit_repeated_store_once(
// CHECK-SAME: %{{[^:]+}}: !darray, %[[B:[^:]+]]: !darray, %{{[^:]+}}: index)
// CHECK: xmp.cpu_part_wait
// CHECK-NOT: xmp.split_commit
// CHECK: xmp.split_commit %[[B]] dim 0
// CHECK-NOT: xmp.split_commit
// CHECK: xmp.loop_report
func.func @split_commit_repeated_store_once(%a: !a, %b: !a, %ub: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  xmp.device_loop (%i) = (%c1) to (%ub) step (%c2) on @t [0] {
    %x = xmp.load %a[%i] : !a
    %im = arith.subi %i, %c2 : index
    xmp.store %x, %b[%im] : !a
    %im2 = arith.subi %i, %c2 : index
    xmp.store %x, %b[%im2] : !a
  }
  return
}

// -----

// A device loop inside a host loop (a time step) is split in place: the
// weight, the split and the report all sit in the scf.for body.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1000)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1000xf32, @t, align [0]>
// CHECK-LABEL: func.func @split_inside_host_loop(
// CHECK: scf.for
// CHECK-NOT: }
// CHECK: xmp.loop_weight loop 0
// CHECK-NEXT: xmp.loop_split
// CHECK: xmp.loop_report loop 0
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @split_inside_host_loop(%a: !a, %x: f32, %nt: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  scf.for %t = %c0 to %nt step %c1 {
    xmp.device_loop (%i) = (%c0) to (%c1000) step (%c1) on @t [0] {
      xmp.store %x, %a[%i] : !a
    }
  }
  return
}

// -----

// Reduction, whole-GPU fast path: the loop runs from the identity (1.0
// for mul, not init) and its node-local result goes to a result slot
// created at the function entry.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [cyclic]
!a = !xmp.darray<?xf64, @t, align [0]>
// CHECK-LABEL: func.func @split_reduce_fast_path_slot(
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// CHECK: xmp.gpu_step_begin loop 0
// CHECK-NEXT: %[[ID:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[RW:.*]] = xmp.device_loop {{.*}} reduce(mul) init(%[[ID]]) -> f64 attributes {{{.*}}xmp.node_local} {
// CHECK: xmp.gpu_step_end loop 0
// CHECK-NEXT: xmp.result_write %[[RW]], %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: } else {
func.func @split_reduce_fast_path_slot(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(mul) init(%init) -> f64 {
    %x = xmp.load %a[%i] : !a
    xmp.yield %x : f64
  }
  return %r : f64
}

// -----

// Reduction, partial buffer: one partial per CPU chunk, in a buffer of
// ceil((end - split) / grain) + 1 slots set to the identity (1.0 for mul)
// before the CPU part starts.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [cyclic]
!a = !xmp.darray<?xf64, @t, align [0]>
// CHECK-LABEL: func.func @split_reduce_partial_buffer(
// CHECK: %[[S:[^,]+]], %[[E:[^,]+]], %{{.*}} = xmp.loop_split
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK: %[[GR:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[RANGE:.*]] = arith.subi %[[E]], %[[S]] : index
// CHECK-NEXT: %[[NCH:.*]] = arith.ceildivsi %[[RANGE]], %[[GR]] : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[NBUF:.*]] = arith.addi %[[NCH]], %[[ONE]] : index
// CHECK-NEXT: %[[BUF:.*]] = memref.alloc(%[[NBUF]]) : memref<?xf64>
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %[[K:.*]] = %[[Z]] to %[[NBUF]] step %[[STEP]] {
// CHECK-NEXT: %[[ID:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: memref.store %[[ID]], %[[BUF]][%[[K]]] : memref<?xf64>
// CHECK-NEXT: }
// CHECK-NEXT: xmp.cpu_part_start %[[S]] to %[[E]] grain %[[GR]] {
func.func @split_reduce_partial_buffer(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(mul) init(%init) -> f64 {
    %x = xmp.load %a[%i] : !a
    xmp.yield %x : f64
  }
  return %r : f64
}

// -----

// Reduction, CPU partials: each chunk reduces from the identity and stores
// its result at slot (lo - split) / grain of the buffer (used from above).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [cyclic]
!a = !xmp.darray<?xf64, @t, align [0]>
// CHECK-LABEL: func.func @split_reduce_cpu_partial(
// CHECK: %[[S:[^,]+]], %{{[^,]+}}, %{{.*}} = xmp.loop_split
// CHECK: %[[GR:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[BUF:.*]] = memref.alloc(
// CHECK: xmp.cpu_part_start %[[S]] to %{{[^ ]+}} grain %[[GR]] {
// CHECK-NEXT: ^bb0(%[[LO:[^:]+]]: index, %{{[^:]+}}: index):
// CHECK: %[[ID:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = xmp.loop {{.*}} reduce(mul) init(%[[ID]]) -> f64 attributes {xmp.split_part} {
// CHECK: }
// CHECK-NEXT: %[[OFF:.*]] = arith.subi %[[LO]], %[[S]] : index
// CHECK-NEXT: %[[K:.*]] = arith.divsi %[[OFF]], %[[GR]] : index
// CHECK-NEXT: memref.store %[[R]], %[[BUF]][%[[K]]] : memref<?xf64>
// CHECK-NEXT: }
func.func @split_reduce_cpu_partial(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(mul) init(%init) -> f64 {
    %x = xmp.load %a[%i] : !a
    xmp.yield %x : f64
  }
  return %r : f64
}

// -----

// Reduction, GPU partial: the GPU part reduces [lb, split) from the
// identity and yields its partial with its time; an empty GPU part yields
// the identity (1.0 for mul) and a time of 0.0.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [cyclic]
!a = !xmp.darray<?xf64, @t, align [0]>
// CHECK-LABEL: func.func @split_reduce_gpu_partial(
// CHECK: %[[S:[^,]+]], %{{[^,]+}}, %[[NG:[^,]+]], %{{[^ ]+}} = xmp.loop_split
// CHECK: %[[HAVEGPU:.*]] = arith.cmpi sgt, %[[NG]], %{{.*}} : index
// CHECK: %[[GPU:.*]]:2 = scf.if %[[HAVEGPU]] -> (f64, f64) {
// CHECK-NEXT: xmp.gpu_timer_start
// CHECK-NEXT: %[[ID:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[P:.*]] = xmp.device_loop (%{{[^)]+}}) = (%{{[^)]+}}) to (%[[S]]) step (%{{[^)]+}}) on @t [0] reduce(mul) init(%[[ID]]) -> f64 attributes {{{.*}}xmp.split_part} {
// CHECK: %[[T:.*]] = xmp.gpu_timer_stop
// CHECK-NEXT: scf.yield %[[P]], %[[T]] : f64, f64
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[EI:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ET:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: scf.yield %[[EI]], %[[ET]] : f64, f64
// CHECK-NEXT: }
// CHECK: xmp.loop_report loop 0 cpu %{{[^,]+}}, %{{[^ ]+}} gpu %[[GPU]]#1,
func.func @split_reduce_gpu_partial(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(mul) init(%init) -> f64 {
    %x = xmp.load %a[%i] : !a
    xmp.yield %x : f64
  }
  return %r : f64
}

// -----

// Reduction, the node's result: after the wait the buffer is folded in
// chunk order from the identity, combined with the GPU partial, the buffer
// freed, and the result written to the slot. A loop that stores nothing
// commits nothing.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [cyclic]
!a = !xmp.darray<?xf64, @t, align [0]>
// CHECK-LABEL: func.func @split_reduce_fold(
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// CHECK: %[[NBUF:.*]] = arith.addi
// CHECK-NEXT: %[[BUF:.*]] = memref.alloc(%[[NBUF]]) : memref<?xf64>
// CHECK: %[[GPU:.*]]:2 = scf.if
// CHECK: xmp.cpu_part_wait
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ID:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[FOLD:.*]] = scf.for %[[K:[^ ]+]] = %{{[^ ]+}} to %[[NBUF]] step %[[STEP]] iter_args(%[[ACC:[^ ]+]] = %[[ID]]) -> (f64) {
// CHECK-NEXT: %[[X:.*]] = memref.load %[[BUF]][%[[K]]] : memref<?xf64>
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[ACC]], %[[X]] : f64
// CHECK-NEXT: scf.yield %[[Y]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[LOCAL:.*]] = arith.mulf %[[GPU]]#0, %[[FOLD]] : f64
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<?xf64>
// CHECK-NOT: xmp.split_commit
// CHECK: xmp.loop_report
// CHECK-NEXT: xmp.result_write %[[LOCAL]], %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: }
func.func @split_reduce_fold(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(mul) init(%init) -> f64 {
    %x = xmp.load %a[%i] : !a
    xmp.yield %x : f64
  }
  return %r : f64
}

// -----

// Reduction across nodes: both branches leave the node's result in the
// slot; after them it is read, reduced over the node grid and combined
// with init (add here).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [cyclic]
!a = !xmp.darray<?xf64, @t, align [0]>
// CHECK-LABEL: func.func @split_reduce_across_nodes(
// CHECK-SAME: %[[INIT:[^:]+]]: f64) -> f64
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// CHECK: xmp.result_write %{{.*}}, %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: } else {
// CHECK: xmp.result_write %{{.*}}, %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[NODE:.*]] = xmp.result_read %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: %[[ALL:.*]] = xmp.reduction add %[[NODE]] on @p : f64
// CHECK-NEXT: %[[RES:.*]] = arith.addf %[[INIT]], %[[ALL]] : f64
// CHECK-NEXT: return %[[RES]] : f64
func.func @split_reduce_across_nodes(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(add) init(%init) -> f64 {
    %x = xmp.load %a[%i] : !a
    xmp.yield %x : f64
  }
  return %r : f64
}

// -----

// Not split: device loops with expand or margin run iterations their node
// does not own; they stay whole device loops (run on the GPU).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0], shadow [1:1]>
// CHECK-LABEL: func.func @not_split_widened(
// CHECK-NOT: xmp.loop_split
// CHECK: xmp.device_loop {{.*}} expand [1:1] {
// CHECK-NOT: xmp.loop_split
// CHECK: xmp.device_loop {{.*}} margin [unbound 1:1] {
// CHECK-NOT: xmp.loop_split
// CHECK: return
func.func @not_split_widened(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] expand [1:1] {
    xmp.store %x, %a[%i] : !a
  }
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] margin [unbound 1:1] {
    xmp.store %x, %a[%i] : !a
  }
  return
}
