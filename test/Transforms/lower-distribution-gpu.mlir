// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true | FileCheck %s

// A 2-D device loop on a 2x2 block grid with an add reduction. Each array
// the body touches is acquired once before the loop with the access the
// body makes (u only loaded: read; w only stored: write; s loaded and
// stored: readwrite), and the body addresses the acquired (device) views,
// not the host local views. The loop becomes an scf.parallel from 0 over
// the owned iteration counts, marked xmp.device with its reduction kinds,
// starting from the identity (0.0) and combining with addf in scf.reduce.
// The loop is timed on the GPU stream without waiting (gpu_step_begin/end,
// loop -1: it only sets xmp.gpu_time). After the loop: release of the
// written arrays only (w, s; not u); the node's result goes through a
// result slot (created at the function entry; the kernel stores it, the
// host reads it where it needs it), then it is reduced across the grid and
// combined with init.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @block_2d
// CHECK-SAME: (%[[U:[^:]+]]: !darray, %[[W:[^:]+]]: !darray, %[[S:[^:]+]]: !darray, %[[INIT:[^:]+]]: f64)
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf64>
// CHECK-DAG: %[[HU:.*]] = xmp.local_view %[[U]] : !darray -> memref<34x34xf64>
// CHECK-DAG: %[[HW:.*]] = xmp.local_view %[[W]] : !darray -> memref<34x34xf64>
// CHECK-DAG: %[[HS:.*]] = xmp.local_view %[[S]] : !darray -> memref<34x34xf64>
// CHECK: xmp.gpu_step_begin loop -1
// CHECK: %[[LO0:.*]], %[[HI0:.*]] = xmp.template_bounds @t[0]
// CHECK: %[[LO1:.*]], %[[HI1:.*]] = xmp.template_bounds @t[1]
// CHECK: %[[DU:.*]] = xmp.device_acquire %[[U]] access(read) : !darray -> memref<34x34xf64>
// CHECK-NEXT: %[[DW:.*]] = xmp.device_acquire %[[W]] access(write) : !darray -> memref<34x34xf64>
// CHECK-NEXT: %[[DS:.*]] = xmp.device_acquire %[[S]] access(readwrite) : !darray -> memref<34x34xf64>
// CHECK: %[[ID:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[P:.*]] = scf.parallel (%[[I:[^,]+]], %[[J:[^)]+]]) = (%[[Z0:[^,]+]], %[[Z1:[^)]+]]) to (%{{[^,]+}}, %{{[^)]+}}) step (%{{[^,]+}}, %{{[^)]+}}) init (%[[ID]]) -> f64 {
// CHECK-NOT: memref.load %[[HU]]
// CHECK-NOT: memref.store {{.*}} %[[HW]]
// CHECK: %[[V:.*]] = memref.load %[[DU]][
// CHECK: memref.store %[[V]], %[[DW]][
// CHECK: %[[X:.*]] = memref.load %[[DS]][
// CHECK: %[[Y:.*]] = arith.addf %[[V]], %[[X]] : f64
// CHECK: memref.store %[[Y]], %[[DS]][
// CHECK: scf.reduce(%[[Y]] : f64) {
// CHECK-NEXT: ^bb0(%[[L:.*]]: f64, %[[R:.*]]: f64):
// CHECK-NEXT: %[[C:.*]] = arith.addf %[[L]], %[[R]] : f64
// CHECK-NEXT: scf.reduce.return %[[C]] : f64
// CHECK: } {xmp.device, xmp.reduce_kinds = [#xmp.reduction<add>]}
// CHECK-NOT: xmp.device_release %[[U]]
// CHECK: xmp.device_release %[[W]] access(write) : !darray
// CHECK-NEXT: xmp.device_release %[[S]] access(readwrite) : !darray
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: xmp.gpu_step_end loop -1 iterations %[[C0]]
// CHECK-NEXT: xmp.result_write %[[P]], %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: %[[NODE:.*]] = xmp.result_read %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: %[[ALL:.*]] = xmp.reduction add %[[NODE]] on @p : f64
// CHECK-NEXT: %[[RES:.*]] = arith.addf %[[INIT]], %[[ALL]] : f64
// CHECK-NEXT: return %[[RES]] : f64
// No host loop is left and no device loop runs on the host.
// CHECK-NOT: scf.for
// CHECK-NOT: device_loop_on_host
func.func @block_2d(%u: !a, %w: !a, %s: !a, %init: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %r = xmp.device_loop (%i, %j) = (%c1, %c1) to (%c63, %c63) step (%c1, %c1) on @t [0, 1] reduce(add) init(%init) -> f64 {
    %v = xmp.load %u[%i, %j] : !a
    xmp.store %v, %w[%i, %j] : !a
    %x = xmp.load %s[%i, %j] : !a
    %y = arith.addf %v, %x : f64
    xmp.store %y, %s[%i, %j] : !a
    xmp.yield %y : f64
  }
  return %r : f64
}

// -----

// Slots of a block dimension: count = max(ceil((end - start) / step), 0)
// with the owned [start, end) of the CPU lowering, and g = start + slot *
// step in the body; no validity test (no scf.if). A loop without
// reductions has no init and no kinds; block_size is carried over as
// xmp.block_size.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 100)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<100xf32, @t, align [0]>
// CHECK-LABEL: func.func @block_slots
// CHECK-SAME: (%[[A:[^:]+]]: !darray, %[[X:[^:]+]]: f32)
// CHECK: %[[LB:.*]] = arith.constant 3 : index
// CHECK: %[[ST:.*]] = arith.constant 2 : index
// CHECK: %[[UB:.*]] = arith.constant 99 : index
// CHECK: %[[TLO:.*]], %[[THI:.*]] = xmp.template_bounds @t[0]
// CHECK: %[[START:.*]] = arith.addi %[[LB]], %{{.*}} : index
// CHECK: %[[END:.*]] = arith.minsi %[[UB]], %[[THI]] : index
// CHECK: %[[DA:.*]] = xmp.device_acquire %[[A]] access(write)
// CHECK: %[[DIFF:.*]] = arith.subi %[[END]], %[[START]] : index
// CHECK: %[[Q:.*]] = arith.ceildivsi %[[DIFF]], %[[ST]] : index
// CHECK: %[[CNT:.*]] = arith.maxsi %[[Q]], %{{.*}} : index
// CHECK: scf.parallel (%[[SL:[^)]+]]) = (%{{[^)]+}}) to (%[[CNT]]) step (%{{[^)]+}}) {
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[SL]], %[[ST]] : index
// CHECK-NEXT: %[[G:.*]] = arith.addi %[[START]], %[[OFF]] : index
// CHECK-NOT: scf.if
// CHECK: %[[LI:.*]] = arith.subi %[[G]], %{{.*}} : index
// CHECK-NEXT: memref.store %[[X]], %[[DA]][%[[LI]]] : memref<25xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {xmp.block_size = array<i64: 128>, xmp.device}
// CHECK: xmp.device_release %[[A]] access(write)
func.func @block_slots(%a: !a, %x: f32) {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c99 = arith.constant 99 : index
  xmp.device_loop (%i) = (%c3) to (%c99) step (%c2) on @t [0] block_size [128] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// cyclic(2) over P ranks: w = 2 slots per owned block, blocks
// k in [kStart, kEnd) (period = 2P, blockBase = coord * 2), so the count
// is (kEnd - kStart) * 2; slot s stands for
//   g = (kStart + s / 2) * period + blockBase + s % 2,
// valid when lb <= g < ub and (g - lb) % step == 0. Invalid slots take
// the else branch and contribute the identity of max (INT_MIN).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 17)
xmp.distribute @t onto @p [cyclic(2)]
!a = !xmp.darray<17xi32, @t, align [0]>
// CHECK-LABEL: func.func @cyclic
// CHECK-SAME: (%[[A:[^:]+]]: !darray, %[[INIT:[^:]+]]: i32)
// CHECK: %[[LB:.*]] = arith.constant 1 : index
// CHECK: %[[ST:.*]] = arith.constant 3 : index
// CHECK: %[[UB:.*]] = arith.constant 17 : index
// CHECK: %[[COORD:.*]], %[[PROCS:.*]] = xmp.template_coord @t[0]
// CHECK: %[[W:.*]] = arith.constant 2 : index
// CHECK: %[[PERIOD:.*]] = arith.muli %[[W]], %[[PROCS]] : index
// CHECK: %[[BBASE:.*]] = arith.muli %[[COORD]], %[[W]] : index
// CHECK: %[[KS0:.*]] = arith.subi %[[LB]], %[[BBASE]] : index
// CHECK: %[[KSTART:.*]] = arith.floordivsi %[[KS0]], %[[PERIOD]] : index
// CHECK: %[[KE0:.*]] = arith.subi %[[UB]], %[[BBASE]] : index
// CHECK: %[[KE1:.*]] = arith.ceildivsi %[[KE0]], %[[PERIOD]] : index
// CHECK: %[[KMAX:.*]] = arith.maxsi %[[KE1]], %[[KSTART]] : index
// CHECK: %[[OUT:.*]] = arith.cmpi slt, %[[COORD]], %{{.*}} : index
// CHECK: %[[KEND:.*]] = arith.select %[[OUT]], %[[KSTART]], %[[KMAX]] : index
// CHECK: %[[DA:.*]] = xmp.device_acquire %[[A]] access(read) : !darray -> memref<?xi32>
// CHECK: %[[NB:.*]] = arith.subi %[[KEND]], %[[KSTART]] : index
// CHECK: %[[CNT:.*]] = arith.muli %[[NB]], %{{.*}} : index
// CHECK: %[[ID:.*]] = arith.constant -2147483648 : i32
// CHECK: scf.parallel (%[[SL:[^)]+]]) = (%{{[^)]+}}) to (%[[CNT]]) step (%{{[^)]+}}) init (%[[ID]]) -> i32 {
// CHECK-NEXT: %[[W2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[KQ:.*]] = arith.divui %[[SL]], %[[W2]] : index
// CHECK-NEXT: %[[K:.*]] = arith.addi %[[KSTART]], %[[KQ]] : index
// CHECK-NEXT: %[[R:.*]] = arith.remui %[[SL]], %[[W2]] : index
// CHECK-NEXT: %[[KP:.*]] = arith.muli %[[K]], %[[PERIOD]] : index
// CHECK-NEXT: %[[BS:.*]] = arith.addi %[[KP]], %[[BBASE]] : index
// CHECK-NEXT: %[[G:.*]] = arith.addi %[[BS]], %[[R]] : index
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi sge, %[[G]], %[[LB]] : index
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[G]], %[[UB]] : index
// CHECK-NEXT: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT: %[[GL:.*]] = arith.subi %[[G]], %[[LB]] : index
// CHECK-NEXT: %[[M:.*]] = arith.remsi %[[GL]], %[[ST]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ON:.*]] = arith.cmpi eq, %[[M]], %[[Z]] : index
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[IN]], %[[ON]] : i1
// CHECK-NEXT: %[[C:.*]] = scf.if %[[OK]] -> (i32) {
// The body indexes the device view with the cyclic local index of g.
// CHECK: arith.divsi %[[G]],
// CHECK: arith.remsi %[[G]],
// CHECK: %[[V:.*]] = memref.load %[[DA]][%{{.*}}] : memref<?xi32>
// CHECK: %[[V2:.*]] = arith.muli %[[V]], %[[V]] : i32
// CHECK-NEXT: scf.yield %[[V2]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ID2:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: scf.yield %[[ID2]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce(%[[C]] : i32) {
// CHECK: arith.maxsi
// CHECK: } {xmp.block_size = array<i64: 64>, xmp.device, xmp.reduce_kinds = [#xmp.reduction<max>]}
// Only read: no release.
// CHECK-NOT: xmp.device_release
// CHECK: xmp.reduction max %{{.*}} on @p : i32
func.func @cyclic(%a: !a, %init: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c17 = arith.constant 17 : index
  %m = xmp.device_loop (%i) = (%c1) to (%c17) step (%c3) on @t [0] block_size [64] reduce(max) init(%init) -> i32 {
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
// block"). The loop over the cyclic(2) dimension of a [block, cyclic(2)]
// template: the block dimension has one slot per iteration, the cyclic one
// w slots per owned block; the store lands in the then branch.
xmp.nodes @p(shape = 2x3)
xmp.template @t(shape = 8x64)
xmp.distribute @t onto @p [block, cyclic(2)]
!m = !xmp.darray<8x64xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @cyclic_no_reduction
// CHECK: %[[DM:.*]] = xmp.device_acquire %{{.*}} access(readwrite) : !darray -> memref<4x22xf32>
// CHECK: scf.parallel (%{{[^,]+}}, %{{[^)]+}}) = {{.*}} {
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: arith.subi
// CHECK: %[[X:.*]] = memref.load %[[DM]]
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[X]], %[[X]] : f32
// CHECK: memref.store %[[Y]], %[[DM]]
// CHECK-NEXT: }
// CHECK-NOT: else
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {xmp.device}
// CHECK: xmp.device_release %{{.*}} access(readwrite)
func.func @cyclic_no_reduction(%u: !m) {
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

// Coherence on the host side. Once the module has device loops, every
// darray stored by host code may be device data (also through a call, see
// lower-distribution-gpu-callee.mlir): a host xmp.loop storing to %a and %h
// is followed (once, after the loop, not per iteration) by
// xmp.host_modified of each; a host xmp.store outside loops is followed by
// one too. Arrays only read by host code are never marked. %b has
// a user local_view (host code may write through it at any time), so it
// is marked before each device loop that uses it, read or write-only
// (the write-only release copies the whole block back).
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
// CHECK-LABEL: func.func @coherence
// CHECK: %[[A:.*]] = xmp.alloc : !darray
// CHECK: %[[B:.*]] = xmp.alloc : !darray
// CHECK: %[[H:.*]] = xmp.alloc : !darray
// CHECK: scf.for
// CHECK: memref.store
// CHECK: memref.store
// CHECK-NOT: xmp.host_modified
// CHECK: }
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.host_modified %[[H]] : !darray
// CHECK-NEXT: arith.subi
// CHECK-NEXT: memref.store
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: arith.subi
// CHECK-NEXT: memref.store
// CHECK-NEXT: xmp.host_modified %[[H]] : !darray
// CHECK-NOT: xmp.host_modified %[[B]]
// CHECK: xmp.device_acquire %[[A]] access(readwrite)
// CHECK-NEXT: xmp.host_modified %[[B]] : !darray
// CHECK-NEXT: xmp.device_acquire %[[B]] access(read)
// CHECK: scf.parallel
// CHECK: xmp.device_release %[[A]] access(readwrite)
// CHECK: xmp.host_modified %[[B]] : !darray
// CHECK-NEXT: xmp.device_acquire %[[B]] access(write)
// CHECK: scf.parallel
// CHECK: xmp.device_release %[[B]] access(write)
// CHECK: memref.store
// CHECK-NEXT: xmp.host_modified %[[H]] : !darray
// CHECK-NEXT: return
func.func @coherence(%x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = xmp.alloc : !a
  %b = xmp.alloc : !a
  %h = xmp.alloc : !a
  %lv = xmp.local_view %b : !a -> memref<8xf64>
  xmp.loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
    xmp.store %x, %h[%i] : !a
  }
  xmp.store %x, %a[%c0] : !a
  xmp.store %x, %h[%c0] : !a
  xmp.device_loop (%i) = (%c0) to (%c16) step (%c1) on @t [0] {
    %v = xmp.load %a[%i] : !a
    %w = xmp.load %b[%i] : !a
    %s = arith.addf %v, %w : f64
    xmp.store %s, %a[%i] : !a
  }
  xmp.device_loop (%i) = (%c1) to (%c16) step (%c1) on @t [0] {
    xmp.store %x, %b[%i] : !a
  }
  xmp.store %x, %h[%c1] : !a
  return
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
// CHECK-LABEL: func.func @acc_reflect_only
// CHECK: %[[A:.*]] = xmp.alloc : !darray
// CHECK: scf.for
// CHECK: memref.store
// CHECK: }
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.reflect %[[A]] acc : !darray
// CHECK: memref.store
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: %[[P:.*]] = xmp.reflect_init %[[A]] acc
// CHECK-NEXT: xmp.reflect_do %[[P]]
func.func @acc_reflect_only(%x: f64) {
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

// An array with a user local_view (host code may write through it at any
// time) is marked before each acc reflect of it (also through a plan), as
// before each device loop; a host reflect needs no mark.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
// CHECK-LABEL: func.func @acc_reflect_escaped
// CHECK: %[[A:.*]] = xmp.alloc : !darray
// CHECK: %[[P:.*]] = xmp.reflect_init %[[A]] acc
// CHECK: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.reflect %[[A]] acc : !darray
// CHECK-NEXT: xmp.reflect %[[A]] : !darray
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: xmp.reflect_do %[[P]]
// CHECK-NEXT: xmp.host_modified %[[A]] : !darray
// CHECK-NEXT: %[[T:.*]] = xmp.reflect_start %[[P]]
func.func @acc_reflect_escaped() -> memref<10xf64> {
  %a = xmp.alloc : !a
  %lv = xmp.local_view %a : !a -> memref<10xf64>
  %p = xmp.reflect_init %a acc : !a -> !xmp.reflect_plan
  xmp.reflect %a acc : !a
  xmp.reflect %a : !a
  xmp.reflect_do %p
  %t = xmp.reflect_start %p
  xmp.reflect_wait %t
  return %lv : memref<10xf64>
}

// -----

// Without device loops or acc reflects nothing is marked: host stores are
// plain stores.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xf64, @t, align [0]>
// CHECK-LABEL: func.func @host_only
// CHECK: scf.for
// CHECK-NOT: xmp.host_modified
// CHECK-NOT: xmp.device_acquire
// CHECK: return
func.func @host_only(%x: f64) {
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

// Reductions narrower than 32 bits run on i32 (the block-wide reduction
// shuffles 32-bit values): the identities and contributions are extended
// (i8, i16 signed; i1 unsigned, a truth value: max is or, min is and), the
// scf.reduce regions combine i32, and after the loop max/min are clamped
// to the narrow range (a thread, block or rank without iterations
// contributes the i32 identity) before the truncation; add (like mul, and,
// or) commutes with it. Across nodes and with init the narrow types again
// (min on i1: minui).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<16xi8, @t, align [0]>
// CHECK-LABEL: func.func @narrow
// CHECK-SAME: (%{{[^:]+}}: !darray, %[[X:[^:]+]]: i8, %[[Y:[^:]+]]: i16, %[[F:[^:]+]]: i1)
// CHECK: %[[M8:.*]] = arith.constant -128 : i8
// CHECK-NEXT: %[[ID0:.*]] = arith.extsi %[[M8]] : i8 to i32
// CHECK-NEXT: %[[Z16:.*]] = arith.constant 0 : i16
// CHECK-NEXT: %[[ID1:.*]] = arith.extsi %[[Z16]] : i16 to i32
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: %[[ID2:.*]] = arith.extui %[[T]] : i1 to i32
// CHECK-NEXT: %[[P:.*]]:3 = scf.parallel {{.*}} init (%[[ID0]], %[[ID1]], %[[ID2]]) -> (i32, i32, i32) {
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
// CHECK-NEXT: %[[HI0:.*]] = arith.constant 127 : i32
// CHECK-NEXT: %[[C0:.*]] = arith.minsi %[[P]]#0, %[[HI0]] : i32
// CHECK-NEXT: %[[LO0:.*]] = arith.constant -128 : i32
// CHECK-NEXT: %[[C1:.*]] = arith.maxsi %[[C0]], %[[LO0]] : i32
// CHECK-NEXT: %[[R0:.*]] = arith.trunci %[[C1]] : i32 to i8
// CHECK-NEXT: %[[R1:.*]] = arith.trunci %[[P]]#1 : i32 to i16
// CHECK-NEXT: %[[HI2:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C2:.*]] = arith.minsi %[[P]]#2, %[[HI2]] : i32
// CHECK-NEXT: %[[LO2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[C3:.*]] = arith.maxsi %[[C2]], %[[LO2]] : i32
// CHECK-NEXT: %[[R2:.*]] = arith.trunci %[[C3]] : i32 to i1
// Through result slots of the narrow types, then across the grid.
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
func.func @narrow(%a: !a, %x: i8, %y: i16, %f: i1) -> (i8, i16, i1) {
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
