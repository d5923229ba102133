// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true | FileCheck %s

// xmp-lower-distribution with GPU code: a device loop becomes an
// scf.parallel marked xmp.device over the slots of the iterations this
// node owns, addressing device views (xmp.device_acquire) of the arrays it
// touches; host code that stores to arrays that may be device data marks
// them (xmp.host_modified). One behaviour per split, named in its comment
// and function name. (Calls: lower-distribution-gpu-callee.mlir; nests:
// lower-distribution-gpu-nested.mlir.)

// -----

// Acquire: each array the body touches is acquired once, before the loop,
// with the access the body makes (only loaded: read; only stored: write;
// both: readwrite), as a view of the local block with its shadow (16 + 2).
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0], shadow [1:1]>
// CHECK-LABEL: func.func @ldg_acquire_access(
// CHECK-SAME: %[[U:[^:]+]]: !darray, %[[W:[^:]+]]: !darray, %[[S:[^:]+]]: !darray)
// CHECK: xmp.device_acquire %[[U]] access(read) : !darray -> memref<18xf64>
// CHECK-NEXT: xmp.device_acquire %[[W]] access(write) : !darray -> memref<18xf64>
// CHECK-NEXT: xmp.device_acquire %[[S]] access(readwrite) : !darray -> memref<18xf64>
// CHECK-NOT: xmp.device_acquire
// CHECK: scf.parallel
// CHECK-NOT: xmp.device_acquire
// CHECK: return
func.func @ldg_acquire_access(%u: !a, %w: !a, %s: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %v = xmp.load %u[%i] : !a
    xmp.store %v, %w[%i] : !a
    %x = xmp.load %s[%i] : !a
    %y = arith.addf %v, %x : f64
    xmp.store %y, %s[%i] : !a
  }
  return
}

// -----

// The body addresses the acquired device views, never the host local
// views.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_body_uses_device_views(
// CHECK-SAME: %[[U:[^:]+]]: !darray, %[[W:[^:]+]]: !darray)
// CHECK-DAG: %[[HU:.*]] = xmp.local_view %[[U]] : !darray -> memref<16xf64>
// CHECK-DAG: %[[HW:.*]] = xmp.local_view %[[W]] : !darray -> memref<16xf64>
// CHECK-DAG: %[[DU:.*]] = xmp.device_acquire %[[U]] access(read)
// CHECK-DAG: %[[DW:.*]] = xmp.device_acquire %[[W]] access(write)
// CHECK: scf.parallel
// CHECK-NOT: %[[HU]]
// CHECK-NOT: %[[HW]]
// CHECK: %[[V:.*]] = memref.load %[[DU]][
// CHECK-NOT: %[[HU]]
// CHECK-NOT: %[[HW]]
// CHECK: memref.store %[[V]], %[[DW]][
// CHECK-NOT: %[[HU]]
// CHECK-NOT: %[[HW]]
// CHECK: } {xmp.device}
func.func @ldg_body_uses_device_views(%u: !a, %w: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %v = xmp.load %u[%i] : !a
    xmp.store %v, %w[%i] : !a
  }
  return
}

// -----

// The owned iterations of a block dimension: from the first iteration at
// or after the node's first template index (lb + ceil(max(lo - lb, 0) /
// step) * step) to min(ub, hi), with [lo, hi) from xmp.template_bounds.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 100)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<100xf32, @t, align [0]>
// CHECK-LABEL: func.func @ldg_block_owned_range(
// CHECK: %[[LB:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[ST:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[UB:.*]] = arith.constant 99 : index
// CHECK: %[[TLO:.*]], %[[THI:.*]] = xmp.template_bounds @t[0]
// CHECK-NEXT: %[[D:.*]] = arith.subi %[[TLO]], %[[LB]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[DP:.*]] = arith.maxsi %[[D]], %[[Z]] : index
// CHECK-NEXT: %[[K:.*]] = arith.ceildivsi %[[DP]], %[[ST]] : index
// CHECK-NEXT: %[[KS:.*]] = arith.muli %[[K]], %[[ST]] : index
// CHECK-NEXT: %[[START:.*]] = arith.addi %[[LB]], %[[KS]] : index
// CHECK-NEXT: %[[END:.*]] = arith.minsi %[[UB]], %[[THI]] : index
// CHECK: %[[DIFF:.*]] = arith.subi %[[END]], %[[START]] : index
func.func @ldg_block_owned_range(%a: !a, %x: f32) {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c99 = arith.constant 99 : index
  xmp.device_loop (%i) = (%c3) to (%c99) step (%c2) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// The slots of a block dimension: one per owned iteration, count =
// max(ceil((end - start) / step), 0); the scf.parallel runs from 0 to the
// count with step 1 and is marked xmp.device; no host loop is left and no
// device loop runs on the host.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 100)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<100xf32, @t, align [0]>
// CHECK-LABEL: func.func @ldg_block_slot_count(
// CHECK-DAG: %[[ST:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[UB:.*]] = arith.constant 99 : index
// CHECK: %[[START:.*]] = arith.addi
// CHECK-NEXT: %[[END:.*]] = arith.minsi %[[UB]], %{{.*}} : index
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[DIFF:.*]] = arith.subi %[[END]], %[[START]] : index
// CHECK-NEXT: %[[Q:.*]] = arith.ceildivsi %[[DIFF]], %[[ST]] : index
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[CNT:.*]] = arith.maxsi %[[Q]], %[[Z2]] : index
// CHECK-NEXT: scf.parallel (%{{[^)]+}}) = (%[[Z]]) to (%[[CNT]]) step (%[[ONE]]) {
// CHECK: } {xmp.device}
// CHECK-NOT: scf.for
// CHECK-NOT: device_loop
// CHECK: return
func.func @ldg_block_slot_count(%a: !a, %x: f32) {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c99 = arith.constant 99 : index
  xmp.device_loop (%i) = (%c3) to (%c99) step (%c2) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// A block slot's index: slot s stands for g = start + s * step, always a
// valid iteration (no scf.if), addressed in the device view at its local
// index (g minus the view's offset).
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 100)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<100xf32, @t, align [0]>
// CHECK-LABEL: func.func @ldg_block_slot_index(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %[[X:[^:]+]]: f32)
// CHECK: %[[ST:.*]] = arith.constant 2 : index
// CHECK: %[[START:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[DA:.*]] = xmp.device_acquire %[[A]] access(write)
// CHECK: scf.parallel (%[[SL:[^)]+]]) =
// CHECK-NEXT: %[[SS:.*]] = arith.muli %[[SL]], %[[ST]] : index
// CHECK-NEXT: %[[G:.*]] = arith.addi %[[START]], %[[SS]] : index
// CHECK-NEXT: %[[LI:.*]] = arith.subi %[[G]], %{{.*}} : index
// CHECK-NEXT: memref.store %[[X]], %[[DA]][%[[LI]]] : memref<25xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NOT: scf.if
// CHECK: return
func.func @ldg_block_slot_index(%a: !a, %x: f32) {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c99 = arith.constant 99 : index
  xmp.device_loop (%i) = (%c3) to (%c99) step (%c2) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// A 2-D loop: one slot dimension per loop dimension, each from
// xmp.template_bounds of its own template dimension.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1]>
// CHECK-LABEL: func.func @ldg_block_2d_slots(
// CHECK: xmp.gpu_step_begin
// CHECK: %{{.*}}, %[[HI0:.*]] = xmp.template_bounds @t[0]
// CHECK: %[[END0:.*]] = arith.minsi %{{.*}}, %[[HI0]] : index
// CHECK: %{{.*}}, %[[HI1:.*]] = xmp.template_bounds @t[1]
// CHECK: %[[END1:.*]] = arith.minsi %{{.*}}, %[[HI1]] : index
// CHECK: arith.subi %[[END0]],
// CHECK: %[[CNT0:.*]] = arith.maxsi
// CHECK: arith.subi %[[END1]],
// CHECK: %[[CNT1:.*]] = arith.maxsi
// CHECK: scf.parallel (%{{[^,]+}}, %{{[^)]+}}) = (%{{[^,]+}}, %{{[^)]+}}) to (%[[CNT0]], %[[CNT1]]) step
func.func @ldg_block_2d_slots(%a: !a, %x: f64) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c63, %c63) step (%c1, %c1) on @t [0, 1] {
    xmp.store %x, %a[%i, %j] : !a
  }
  return
}

// -----

// The loop is timed on the GPU stream without waiting: gpu_step_begin /
// gpu_step_end with loop -1 (only xmp.gpu_time is set) and 0 iterations.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_step_timed(
// CHECK: xmp.gpu_step_begin loop -1
// CHECK-NOT: xmp.gpu_step_
// CHECK: scf.parallel
// CHECK: xmp.device_release
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: xmp.gpu_step_end loop -1 iterations %[[Z]]
func.func @ldg_step_timed(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Release: after the loop, only the arrays the body writes are released,
// with their access (%w write, %s readwrite); %u, only read, is not.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_release_written_only(
// CHECK-SAME: %[[U:[^:]+]]: !darray, %[[W:[^:]+]]: !darray, %[[S:[^:]+]]: !darray)
// CHECK: scf.parallel
// CHECK: } {xmp.device}
// CHECK-NOT: xmp.device_release %[[U]]
// CHECK-NEXT: xmp.device_release %[[W]] access(write) : !darray
// CHECK-NEXT: xmp.device_release %[[S]] access(readwrite) : !darray
// CHECK-NOT: xmp.device_release
// CHECK: return
func.func @ldg_release_written_only(%u: !a, %w: !a, %s: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %v = xmp.load %u[%i] : !a
    xmp.store %v, %w[%i] : !a
    %x = xmp.load %s[%i] : !a
    %y = arith.addf %v, %x : f64
    xmp.store %y, %s[%i] : !a
  }
  return
}

// -----

// A reduction: the scf.parallel starts from the identity (1.0 for mul, not
// init), combines in scf.reduce with the kind's op, and carries the kinds
// as xmp.reduce_kinds.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_reduce_identity_combine(
// CHECK: %[[ID:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %{{.*}} = scf.parallel {{.*}} init (%[[ID]]) -> f64 {
// CHECK: %[[V:.*]] = memref.load
// CHECK-NEXT: scf.reduce(%[[V]] : f64) {
// CHECK-NEXT: ^bb0(%[[L:.*]]: f64, %[[R:.*]]: f64):
// CHECK-NEXT: %[[C:.*]] = arith.mulf %[[L]], %[[R]] : f64
// CHECK-NEXT: scf.reduce.return %[[C]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<mul>]}
func.func @ldg_reduce_identity_combine(%a: !a, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %r = xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] reduce(mul) init(%init) -> f64 {
    %v = xmp.load %a[%i] : !a
    xmp.yield %v : f64
  }
  return %r : f64
}

// -----

// A reduction's result: the node's value goes through a result slot
// created at the function entry (written after the loop, read where it is
// needed), then it is reduced across the node grid and combined with init.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_reduce_result_slot(
// CHECK-SAME: %[[INIT:[^:]+]]: f64) -> f64
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// CHECK: %[[P:.*]] = scf.parallel
// CHECK: xmp.gpu_step_end
// CHECK-NEXT: xmp.result_write %[[P]], %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: %[[NODE:.*]] = xmp.result_read %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: %[[ALL:.*]] = xmp.reduction add %[[NODE]] on @p : f64
// CHECK-NEXT: %[[RES:.*]] = arith.addf %[[INIT]], %[[ALL]] : f64
// CHECK-NEXT: return %[[RES]] : f64
func.func @ldg_reduce_result_slot(%a: !a, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %r = xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] reduce(add) init(%init) -> f64 {
    %v = xmp.load %a[%i] : !a
    xmp.yield %v : f64
  }
  return %r : f64
}

// -----

// A loop without reductions has no init, no result and no kinds (an empty
// scf.reduce), and no result slot.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_no_reduction(
// CHECK-NOT: xmp.result_slot
// CHECK: scf.parallel (%{{[^)]+}}) = (%{{[^)]+}}) to (%{{[^)]+}}) step (%{{[^)]+}}) {
// CHECK: scf.reduce{{ *$}}
// CHECK-NEXT: } {xmp.device}
// CHECK-NOT: xmp.result_
func.func @ldg_no_reduction(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// A device loop's block_size is carried over to the scf.parallel as
// xmp.block_size.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_block_size(
// CHECK: scf.parallel
// CHECK: } {xmp.block_size = array<i64: 128>, xmp.device}
func.func @ldg_block_size(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] block_size [128] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// The owned blocks of a cyclic(2) dimension over P ranks: w = 2 indices
// per block, period = w * P, the node's block base = coord * w; blocks k
// in [kStart, kEnd) with kStart = floor((lb - base) / period) and kEnd =
// max(ceil((ub - base) / period), kStart), or kStart on a rank outside the
// grid (coord < 0).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [cyclic(2)]
!a = !xmp.darray<17xi32, @t, align [0]>
// CHECK-LABEL: func.func @ldg_cyclic_owned_blocks(
// CHECK: %[[LB:.*]] = arith.constant 1 : index
// CHECK: %[[UB:.*]] = arith.constant 17 : index
// CHECK: xmp.gpu_step_begin
// CHECK-NEXT: %[[COORD:.*]], %[[PROCS:.*]] = xmp.template_coord @t[0]
// CHECK-NEXT: %[[W:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[PERIOD:.*]] = arith.muli %[[W]], %[[PROCS]] : index
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[COORD]], %[[W]] : index
// CHECK-NEXT: %[[KS0:.*]] = arith.subi %[[LB]], %[[BASE]] : index
// CHECK-NEXT: %[[KSTART:.*]] = arith.floordivsi %[[KS0]], %[[PERIOD]] : index
// CHECK-NEXT: %[[KE0:.*]] = arith.subi %[[UB]], %[[BASE]] : index
// CHECK-NEXT: %[[KE1:.*]] = arith.ceildivsi %[[KE0]], %[[PERIOD]] : index
// CHECK-NEXT: %[[KMAX:.*]] = arith.maxsi %[[KE1]], %[[KSTART]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[OUT:.*]] = arith.cmpi slt, %[[COORD]], %[[Z]] : index
// CHECK-NEXT: %[[KEND:.*]] = arith.select %[[OUT]], %[[KSTART]], %[[KMAX]] : index
func.func @ldg_cyclic_owned_blocks(%a: !a, %x: i32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c17 = arith.constant 17 : index
  xmp.device_loop (%i) = (%c1) to (%c17) step (%c3) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// The slots of a cyclic(2) dimension: w = 2 per owned block, count =
// (kEnd - kStart) * w; slot s stands for g = (kStart + s / w) * period +
// base + s % w.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [cyclic(2)]
!a = !xmp.darray<17xi32, @t, align [0]>
// CHECK-LABEL: func.func @ldg_cyclic_slots(
// CHECK: xmp.gpu_step_begin
// CHECK-NEXT: %{{.*}}, %{{.*}} = xmp.template_coord @t[0]
// CHECK-NEXT: arith.constant 2 : index
// CHECK-NEXT: %[[PERIOD:.*]] = arith.muli
// CHECK-NEXT: %[[BASE:.*]] = arith.muli
// CHECK-NEXT: arith.subi
// CHECK-NEXT: %[[KSTART:.*]] = arith.floordivsi
// CHECK: %[[KEND:.*]] = arith.select
// CHECK: %[[NB:.*]] = arith.subi %[[KEND]], %[[KSTART]] : index
// CHECK-NEXT: %[[W:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[CNT:.*]] = arith.muli %[[NB]], %[[W]] : index
// CHECK-NEXT: scf.parallel (%[[SL:[^)]+]]) = (%{{[^)]+}}) to (%[[CNT]]) step (%{{[^)]+}}) {
// CHECK-NEXT: %[[W2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[KQ:.*]] = arith.divui %[[SL]], %[[W2]] : index
// CHECK-NEXT: %[[K:.*]] = arith.addi %[[KSTART]], %[[KQ]] : index
// CHECK-NEXT: %[[R:.*]] = arith.remui %[[SL]], %[[W2]] : index
// CHECK-NEXT: %[[KP:.*]] = arith.muli %[[K]], %[[PERIOD]] : index
// CHECK-NEXT: %[[BS:.*]] = arith.addi %[[KP]], %[[BASE]] : index
// CHECK-NEXT: %[[G:.*]] = arith.addi %[[BS]], %[[R]] : index
func.func @ldg_cyclic_slots(%a: !a, %x: i32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c17 = arith.constant 17 : index
  xmp.device_loop (%i) = (%c1) to (%c17) step (%c3) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// A cyclic slot is valid when lb <= g < ub and (g - lb) % step == 0; the
// body runs under that test (an scf.if).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [cyclic(2)]
!a = !xmp.darray<17xi32, @t, align [0]>
// CHECK-LABEL: func.func @ldg_cyclic_validity(
// CHECK: %[[LB:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ST:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[UB:.*]] = arith.constant 17 : index
// CHECK: scf.parallel
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[G:[^,]+]], %[[LB]] : index
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[G]], %[[UB]] : index
// CHECK-NEXT: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT: %[[GL:.*]] = arith.subi %[[G]], %[[LB]] : index
// CHECK-NEXT: %[[M:.*]] = arith.remsi %[[GL]], %[[ST]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ON:.*]] = arith.cmpi eq, %[[M]], %[[Z]] : index
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[IN]], %[[ON]] : i1
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK: memref.store
func.func @ldg_cyclic_validity(%a: !a, %x: i32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c17 = arith.constant 17 : index
  xmp.device_loop (%i) = (%c1) to (%c17) step (%c3) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// The body of a cyclic loop addresses the device view at the cyclic local
// index of g: (g / period) * w + g % w, minus the view's offset.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [cyclic(2)]
!a = !xmp.darray<17xi32, @t, align [0]>
// CHECK-LABEL: func.func @ldg_cyclic_local_index(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %[[X:[^:]+]]: i32)
// CHECK: %[[PERIOD0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[DA:.*]] = xmp.device_acquire %[[A]]
// CHECK: arith.cmpi sge, %[[G:[^,]+]],
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[G]], %[[PERIOD0]] : index
// CHECK-NEXT: %[[W:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[QW:.*]] = arith.muli %[[Q]], %[[W]] : index
// CHECK-NEXT: %[[W2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[R:.*]] = arith.remsi %[[G]], %[[W2]] : index
// CHECK-NEXT: %[[L:.*]] = arith.addi %[[QW]], %[[R]] : index
// CHECK-NEXT: %[[LI:.*]] = arith.subi %[[L]], %{{.*}} : index
// CHECK-NEXT: memref.store %[[X]], %[[DA]][%[[LI]]] : memref<?xi32>
func.func @ldg_cyclic_local_index(%a: !a, %x: i32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c17 = arith.constant 17 : index
  xmp.device_loop (%i) = (%c1) to (%c17) step (%c3) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// A cyclic reduction: an invalid slot contributes the identity of the
// kind (INT_MIN for max on i32) from the else branch; the valid one its
// value; scf.reduce combines with maxsi, and the result is reduced across
// the nodes with max. A loop that only reads releases nothing.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [cyclic(2)]
!a = !xmp.darray<17xi32, @t, align [0]>
// CHECK-LABEL: func.func @ldg_cyclic_reduce_identity(
// CHECK: %[[ID:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: scf.parallel {{.*}} init (%[[ID]]) -> i32 {
// CHECK: %[[C:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: %[[V:.*]] = memref.load
// CHECK-NEXT: %[[V2:.*]] = arith.muli %[[V]], %[[V]] : i32
// CHECK-NEXT: scf.yield %[[V2]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ID2:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: scf.yield %[[ID2]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce(%[[C]] : i32) {
// CHECK: arith.maxsi
// CHECK: } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<max>]}
// CHECK-NOT: xmp.device_release
// CHECK: xmp.reduction max %{{.*}} on @p : i32
func.func @ldg_cyclic_reduce_identity(%a: !a, %init: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c17 = arith.constant 17 : index
  %m = xmp.device_loop (%i) = (%c1) to (%c17) step (%c3) on @t [0] reduce(max) init(%init) -> i32 {
    %v = xmp.load %a[%i] : !a
    %v2 = arith.muli %v, %v : i32
    xmp.yield %v2 : i32
  }
  return %m : i32
}

// -----

// Regression test (issue 12, bug 4): a cyclic device loop without a
// reduction. Its validity test is an scf.if without results, whose only
// terminator is the builder's empty scf.yield (once two scf.yields ended
// the block: "'scf.yield' op must be the last operation in the parent
// block"); no else branch. Here the cyclic(2) dimension of a [block,
// cyclic(2)] template, the store in the then branch.
xmp.nodes @p(shape = 2x3)
xmp.template @t(shape = 8x64)
xmp.distribute @t onto @p [block, cyclic(2)]
!m = !xmp.darray<8x64xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @ldg_cyclic_no_reduction_if(
// CHECK: %[[DM:.*]] = xmp.device_acquire %{{.*}} access(readwrite) : !darray -> memref<4x22xf32>
// CHECK: scf.parallel (%{{[^,]+}}, %{{[^)]+}}) = {{.*}} {
// CHECK: scf.if %{{.*}} {
// CHECK: %[[X:.*]] = memref.load %[[DM]]
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[X]], %[[X]] : f32
// CHECK: memref.store %[[Y]], %[[DM]]
// CHECK-NEXT: }
// CHECK-NOT: else
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {xmp.device}
func.func @ldg_cyclic_no_reduction_if(%u: !m) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i, %j) = (%c0, %c1) to (%c8, %c64) step (%c1, %c1) on @t [0, 1] {
    %x = xmp.load %u[%i, %j] : !m
    %y = arith.addf %x, %x : f32
    xmp.store %y, %u[%i, %j] : !m
  }
  return
}

// -----

// Host coherence, host loop: once the module has device loops, a host
// xmp.loop storing to %a and %h is followed (once, after the loop, not
// per iteration) by xmp.host_modified of each.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_host_loop_marks_after(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %[[H:[^:]+]]: !darray, %{{[^:]+}}: f64)
// CHECK: scf.for
// CHECK-NOT: xmp.host_modified
// CHECK: }
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.host_modified %[[H]] : !darray
// CHECK-NOT: xmp.host_modified
// CHECK: return
func.func @ldg_host_loop_marks_after(%a: !a, %h: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
    xmp.store %x, %h[%i] : !a
  }
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    %v = xmp.load %a[%i] : !a
    %w = xmp.load %h[%i] : !a
    %s = arith.addf %v, %w : f64
    xmp.store %s, %a[%i] : !a
  }
  return
}

// -----

// Host coherence, single store: a host xmp.store outside loops is followed
// by xmp.host_modified of its array (here in a function without device
// loops, the module has one).
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_host_store_marks(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %{{[^:]+}}: f64)
// CHECK: memref.store
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: return
func.func @ldg_host_store_marks(%a: !a, %x: f64) {
  %c1 = arith.constant 1 : index
  xmp.store %x, %a[%c1] : !a
  return
}
func.func @device(%a: !a, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Host coherence: an array host code only reads is never marked.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_host_read_not_marked(
// CHECK-SAME: %[[R:[^:]+]]: !darray, %[[A:[^:]+]]: !darray)
// CHECK-NOT: xmp.host_modified %[[R]]
// CHECK: xmp.host_modified %[[A]] : !darray
// CHECK-NOT: xmp.host_modified %[[R]]
// CHECK: return
func.func @ldg_host_read_not_marked(%r: !a, %a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  xmp.loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    %v = xmp.load %r[%i] : !a
    xmp.store %v, %a[%i] : !a
  }
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    %v = xmp.load %a[%i] : !a
    xmp.store %v, %r[%i] : !a
  }
  return
}

// -----

// Host coherence, escaped array: %b has a user local_view (host code may
// write through it at any time), so it is marked right before each device
// loop's acquire of it, read or write-only (the write-only release copies
// the whole block back); %a, without one, is not.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_escaped_marked_before_device_loop(
// CHECK-SAME: %[[A:[^:]+]]: !darray, %[[B:[^:]+]]: !darray, %{{[^:]+}}: f64)
// CHECK-NOT: xmp.host_modified %[[A]]
// CHECK: xmp.host_modified %[[B]] : !darray
// CHECK-NEXT: xmp.device_acquire %[[B]] access(read)
// CHECK-NEXT: xmp.device_acquire %[[A]] access(write)
// CHECK: scf.parallel
// CHECK: xmp.host_modified %[[B]] : !darray
// CHECK-NEXT: xmp.device_acquire %[[B]] access(write)
// CHECK: scf.parallel
// CHECK-NOT: xmp.host_modified
// CHECK: return
func.func @ldg_escaped_marked_before_device_loop(%a: !a, %b: !a, %x: f64) -> memref<8xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %lv = xmp.local_view %b : !a -> memref<8xf64>
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    %w = xmp.load %b[%i] : !a
    xmp.store %w, %a[%i] : !a
  }
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    xmp.store %x, %b[%i] : !a
  }
  return %lv : memref<8xf64>
}

// -----

// An acc reflect uses the device instance as a device loop does (issue 20):
// in a module with acc reflects and no device loop, host stores mark the
// device instance stale too (after the host loop; after a single store),
// so that the reflect copies the host block in first.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
// CHECK-LABEL: func.func @ldg_acc_reflect_only_marks(
// CHECK: %[[A:.*]] = xmp.alloc : !darray
// CHECK: scf.for
// CHECK: }
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.reflect %[[A]] acc : !darray
// CHECK: memref.store
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: %[[P:.*]] = xmp.reflect_init %[[A]] acc
func.func @ldg_acc_reflect_only_marks(%x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = xmp.alloc : !a
  xmp.loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  xmp.reflect %a acc : !a
  xmp.store %x, %a[%c1] : !a
  %p = xmp.reflect_init %a acc : !a -> !xmp.reflect_plan
  xmp.reflect_do %p
  return
}

// -----

// An array with a user local_view is marked before each acc reflect of it
// (also through a plan: reflect_do, reflect_start), as before each device
// loop; a host reflect needs no mark.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
// CHECK-LABEL: func.func @ldg_acc_reflect_escaped(
// CHECK: %[[A:.*]] = xmp.alloc : !darray
// CHECK: %[[P:.*]] = xmp.reflect_init %[[A]] acc
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.reflect %[[A]] acc : !darray
// CHECK-NEXT: xmp.reflect %[[A]] : !darray
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.reflect_do %[[P]]
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: %[[T:.*]] = xmp.reflect_start %[[P]]
// The same before an acc reduce_shadow (it reads the host's latest
// values too), not before a host one.
// CHECK: xmp.reflect_wait %[[T]]
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.reduce_shadow %[[A]] acc : !darray
// CHECK-NEXT: xmp.reduce_shadow %[[A]] : !darray
// CHECK-NEXT: return
func.func @ldg_acc_reflect_escaped() -> memref<10xf64> {
  %a = xmp.alloc : !a
  %lv = xmp.local_view %a : !a -> memref<10xf64>
  %p = xmp.reflect_init %a acc : !a -> !xmp.reflect_plan
  xmp.reflect %a acc : !a
  xmp.reflect %a : !a
  xmp.reflect_do %p
  %t = xmp.reflect_start %p
  xmp.reflect_wait %t
  xmp.reduce_shadow %a acc : !a
  xmp.reduce_shadow %a : !a
  return %lv : memref<10xf64>
}

// -----

// An acc reduce_shadow alone makes the module one with device data: host
// stores mark the device instance stale.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
// CHECK-LABEL: func.func @ldg_acc_reduce_shadow_marks(
// CHECK: xmp.host_modified
// CHECK: xmp.reduce_shadow %{{.*}} acc
func.func @ldg_acc_reduce_shadow_marks(%x: f64) {
  %c1 = arith.constant 1 : index
  %a = xmp.alloc : !a
  xmp.store %x, %a[%c1] : !a
  xmp.reduce_shadow %a acc : !a
  return
}

// -----

// Without device loops or acc reflects nothing is marked: host stores are
// plain stores.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
// CHECK-LABEL: func.func @ldg_host_only_no_marks(
// CHECK: scf.for
// CHECK-NOT: xmp.host_modified
// CHECK-NOT: xmp.device_acquire
// CHECK: return
func.func @ldg_host_only_no_marks(%x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = xmp.alloc : !a
  xmp.loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  xmp.store %x, %a[%c0] : !a
  return
}

// -----

// Narrow reductions, identities: reductions narrower than 32 bits run on
// i32 (the block-wide reduction shuffles 32-bit values), so the identity
// is extended: signed for i8 (max: -128) and i16 (add: 0), unsigned for
// i1, a truth value (min: true).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xi8, @t, align [0]>
// CHECK-LABEL: func.func @ldg_narrow_identity(
// CHECK: %[[M8:.*]] = arith.constant -128 : i8
// CHECK-NEXT: %[[ID0:.*]] = arith.extsi %[[M8]] : i8 to i32
// CHECK-NEXT: %[[Z16:.*]] = arith.constant 0 : i16
// CHECK-NEXT: %[[ID1:.*]] = arith.extsi %[[Z16]] : i16 to i32
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: %[[ID2:.*]] = arith.extui %[[T]] : i1 to i32
// CHECK-NEXT: scf.parallel {{.*}} init (%[[ID0]], %[[ID1]], %[[ID2]]) -> (i32, i32, i32) {
func.func @ldg_narrow_identity(%a: !a, %x: i8, %y: i16, %f: i1) -> (i8, i16, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r:3 = xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] reduce(max, add, min) init(%x, %y, %f) -> (i8, i16, i1) {
    %v = xmp.load %a[%i] : !a
    %w = arith.extsi %v : i8 to i16
    %z = arith.constant 0 : i8
    %b = arith.cmpi sgt, %v, %z : i8
    xmp.yield %v, %w, %b : i8, i16, i1
  }
  return %r#0, %r#1, %r#2 : i8, i16, i1
}

// -----

// Narrow reductions, contributions: each value is extended to i32 the
// same way (extsi for i8 and i16, extui for i1) and the scf.reduce
// regions combine i32.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xi8, @t, align [0]>
// CHECK-LABEL: func.func @ldg_narrow_contributions(
// CHECK: %[[V:.*]] = memref.load
// CHECK: %[[W:.*]] = arith.extsi %[[V]] : i8 to i16
// CHECK: %[[B:.*]] = arith.cmpi sgt, %[[V]],
// CHECK-NEXT: %[[V32:.*]] = arith.extsi %[[V]] : i8 to i32
// CHECK-NEXT: %[[W32:.*]] = arith.extsi %[[W]] : i16 to i32
// CHECK-NEXT: %[[B32:.*]] = arith.extui %[[B]] : i1 to i32
// CHECK-NEXT: scf.reduce(%[[V32]], %[[W32]], %[[B32]] : i32, i32, i32) {
// CHECK: arith.maxsi {{.*}} : i32
// CHECK: arith.addi {{.*}} : i32
// CHECK: arith.minsi {{.*}} : i32
// CHECK: } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<max>, #xmp.reduction<add>, #xmp.reduction<min>]}
func.func @ldg_narrow_contributions(%a: !a, %x: i8, %y: i16, %f: i1) -> (i8, i16, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r:3 = xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] reduce(max, add, min) init(%x, %y, %f) -> (i8, i16, i1) {
    %v = xmp.load %a[%i] : !a
    %w = arith.extsi %v : i8 to i16
    %z = arith.constant 0 : i8
    %b = arith.cmpi sgt, %v, %z : i8
    xmp.yield %v, %w, %b : i8, i16, i1
  }
  return %r#0, %r#1, %r#2 : i8, i16, i1
}

// -----

// Narrow reductions, truncation: after the loop max and min are clamped to
// the narrow range (a thread, block or rank without iterations contributes
// the i32 identity) before arith.trunci; add (like mul, and, or) commutes
// with the truncation and is not clamped.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xi8, @t, align [0]>
// CHECK-LABEL: func.func @ldg_narrow_clamp(
// CHECK: %[[P:.*]]:3 = scf.parallel
// CHECK: } {xmp.device,
// CHECK-NEXT: %[[HI0:.*]] = arith.constant 127 : i32
// CHECK-NEXT: %[[C0:.*]] = arith.minsi %[[P]]#0, %[[HI0]] : i32
// CHECK-NEXT: %[[LO0:.*]] = arith.constant -128 : i32
// CHECK-NEXT: %[[C1:.*]] = arith.maxsi %[[C0]], %[[LO0]] : i32
// CHECK-NEXT: arith.trunci %[[C1]] : i32 to i8
// CHECK-NEXT: arith.trunci %[[P]]#1 : i32 to i16
// CHECK-NEXT: %[[HI2:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C2:.*]] = arith.minsi %[[P]]#2, %[[HI2]] : i32
// CHECK-NEXT: %[[LO2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[C3:.*]] = arith.maxsi %[[C2]], %[[LO2]] : i32
// CHECK-NEXT: arith.trunci %[[C3]] : i32 to i1
func.func @ldg_narrow_clamp(%a: !a, %x: i8, %y: i16, %f: i1) -> (i8, i16, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r:3 = xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] reduce(max, add, min) init(%x, %y, %f) -> (i8, i16, i1) {
    %v = xmp.load %a[%i] : !a
    %w = arith.extsi %v : i8 to i16
    %z = arith.constant 0 : i8
    %b = arith.cmpi sgt, %v, %z : i8
    xmp.yield %v, %w, %b : i8, i16, i1
  }
  return %r#0, %r#1, %r#2 : i8, i16, i1
}

// -----

// Narrow reductions across nodes: the truncated values go through result
// slots of the narrow types, then are reduced across the grid and combined
// with init in those types (min on i1: minui).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xi8, @t, align [0]>
// CHECK-LABEL: func.func @ldg_narrow_across_nodes(
// CHECK-SAME: %{{[^:]+}}: !darray, %[[X:[^:]+]]: i8, %[[Y:[^:]+]]: i16, %[[F:[^:]+]]: i1)
// CHECK: %[[R0:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK: %[[R1:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: %[[R2:.*]] = arith.trunci %{{.*}} : i32 to i1
// CHECK: xmp.result_write %[[R0]], %[[S0:[^ ]+]] : memref<1xi8>
// CHECK-NEXT: %[[N0:.*]] = xmp.result_read %[[S0]] : memref<1xi8>
// CHECK: xmp.result_write %[[R1]], %[[S1:[^ ]+]] : memref<1xi16>
// CHECK-NEXT: %[[N1:.*]] = xmp.result_read %[[S1]] : memref<1xi16>
// CHECK: xmp.result_write %[[R2]], %[[S2:[^ ]+]] : memref<1xi1>
// CHECK-NEXT: %[[N2:.*]] = xmp.result_read %[[S2]] : memref<1xi1>
// CHECK: %[[A0:.*]] = xmp.reduction max %[[N0]] on @p : i8
// CHECK-NEXT: arith.maxsi %[[X]], %[[A0]] : i8
// CHECK-NEXT: %[[A1:.*]] = xmp.reduction add %[[N1]] on @p : i16
// CHECK-NEXT: arith.addi %[[Y]], %[[A1]] : i16
// CHECK-NEXT: %[[A2:.*]] = xmp.reduction min %[[N2]] on @p : i1
// CHECK-NEXT: arith.minui %[[F]], %[[A2]] : i1
func.func @ldg_narrow_across_nodes(%a: !a, %x: i8, %y: i16, %f: i1) -> (i8, i16, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r:3 = xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] reduce(max, add, min) init(%x, %y, %f) -> (i8, i16, i1) {
    %v = xmp.load %a[%i] : !a
    %w = arith.extsi %v : i8 to i16
    %z = arith.constant 0 : i8
    %b = arith.cmpi sgt, %v, %z : i8
    xmp.yield %v, %w, %b : i8, i16, i1
  }
  return %r#0, %r#1, %r#2 : i8, i16, i1
}
