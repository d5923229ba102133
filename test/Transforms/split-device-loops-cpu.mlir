// RUN: xmp-opt %s -split-input-file --xmp-split-device-loops=gpu=false | FileCheck %s --check-prefix=CPU

// xmp-split-device-loops without GPU code (gpu=false): every device loop
// still becomes a CPU part over [split, end) of a split, but with weight
// 1.0, no GPU part, no coherence ops and nothing committed; the step is
// reported as a device loop run on the host. One behaviour per split. With
// GPU code: split-device-loops.mlir.

// -----

// The weight is 1.0 (all iterations on the CPU): no xmp.loop_weight, even
// with a weight clause (%w is unused).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CPU-LABEL: func.func @cpu_weight_one(
// CPU-NOT: xmp.loop_weight
// CPU: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CPU-NEXT: xmp.loop_split %[[ONE]], (%{{.*}} to %{{.*}} step %{{.*}}) on @t[0] grain 32
// CPU-NOT: xmp.loop_weight
// CPU: return
func.func @cpu_weight_one(%a: !a, %x: f32, %w: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] weight(%w) {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// No coherence: the arrays are host data only, so nothing is acquired and
// nothing is guarded by the part counts (no scf.if).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CPU-LABEL: func.func @cpu_no_coherence(
// CPU-NOT: scf.if
// CPU-NOT: xmp.host_acquire
// CPU-NOT: xmp.device_acquire
// CPU: xmp.cpu_part_start
// CPU-NOT: scf.if
// CPU-NOT: xmp.host_acquire
// CPU-NOT: xmp.device_acquire
// CPU: return
func.func @cpu_no_coherence(%r: !a, %w: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %x = xmp.load %r[%i] : !a
    xmp.store %x, %w[%i] : !a
  }
  return
}

// -----

// No GPU part: the split's CPU part is the only loop (xmp.loop marked
// xmp.split_part); no device loop, no GPU timer or step.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CPU-LABEL: func.func @cpu_no_gpu_part(
// CPU-NOT: xmp.device_loop
// CPU: %[[S:[^,]+]], %[[E:[^,]+]], %{{.*}} = xmp.loop_split
// CPU: xmp.cpu_part_start %[[S]] to %[[E]] grain
// CPU: xmp.loop {{.*}} on @t [0] attributes {xmp.split_part} {
// CPU-NOT: xmp.device_loop
// CPU-NOT: xmp.gpu_
// CPU: return
func.func @cpu_no_gpu_part(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// Nothing is committed (no device copy to keep coherent), also for
// stores at an offset from the induction variable.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1000)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1000xf32, @t, align [0], shadow [1:2]>
// CPU-LABEL: func.func @cpu_no_commit(
// CPU: xmp.loop_split
// CPU-NOT: xmp.split_commit
// CPU: xmp.loop_report
func.func @cpu_no_commit(%a: !a, %b: !a, %ub: index) {
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

// The report: the CPU time from the wait, a GPU time of 0.0, both counts,
// and on_host (the step is also recorded as a device loop run on the
// host).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CPU-LABEL: func.func @cpu_report_on_host(
// CPU: %{{[^,]+}}, %{{[^,]+}}, %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split
// CPU: %[[JOB:.*]] = xmp.cpu_part_start
// CPU: %[[TG:.*]] = arith.constant 0.000000e+00 : f64
// CPU-NEXT: %[[TC:.*]] = xmp.cpu_part_wait %[[JOB]]
// CPU-NEXT: xmp.loop_report loop 0 cpu %[[TC]], %[[NC]] gpu %[[TG]], %[[NG]] on_host
// CPU-NEXT: return
func.func @cpu_report_on_host(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// A loop on a cyclic template dimension (1) is split along it.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, cyclic]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// CPU-LABEL: func.func @cpu_cyclic_dim(
// CPU: xmp.loop_split %{{.*}} on @t[1] grain 32
// CPU: xmp.cpu_part_start
// CPU: xmp.loop {{.*}} on @t [1] attributes {xmp.split_part}
// CPU: xmp.loop_report {{.*}} on_host
func.func @cpu_cyclic_dim(%v: !m, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [1] {
    xmp.store %x, %v[%c3, %i] : !m
  }
  return
}

// -----

// A nest is split along its outer (block) dimension with grain 1.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, cyclic]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// CPU-LABEL: func.func @cpu_nest(
// CPU: xmp.loop_split %{{.*}} on @t[0] grain 1
// CPU: xmp.cpu_part_start
// CPU: xmp.loop {{.*}} on @t [0, 1] attributes {xmp.split_part}
// CPU: xmp.loop_report {{.*}} on_host
func.func @cpu_nest(%u: !m, %v: !m) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i, %j) = (%c1, %c0) to (%c64, %c64) step (%c1, %c1) on @t [0, 1] weight(auto) {
    %x = xmp.load %v[%i, %j] : !m
    xmp.store %x, %u[%i, %j] : !m
  }
  return
}

// -----

// A reduction: the folded CPU partials alone are the node's result,
// reduced across the nodes directly (no branch, no result slot) and
// combined with init.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [cyclic]
!a = !xmp.darray<?xf64, @t, align [0]>
// CPU-LABEL: func.func @cpu_reduce(
// CPU-SAME: %[[INIT:[^:]+]]: f64) -> f64
// CPU-NOT: xmp.result_slot
// CPU-NOT: scf.if
// CPU: %[[FOLD:.*]] = scf.for {{.*}} -> (f64) {
// CPU: memref.dealloc
// CPU: xmp.loop_report {{.*}} on_host
// CPU-NEXT: %[[ALL:.*]] = xmp.reduction add %[[FOLD]] on @p : f64
// CPU-NEXT: %[[RES:.*]] = arith.addf %[[INIT]], %[[ALL]] : f64
// CPU-NEXT: return %[[RES]] : f64
func.func @cpu_reduce(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(add) init(%init) -> f64 {
    %x = xmp.load %a[%i] : !a
    xmp.yield %x : f64
  }
  return %r : f64
}
