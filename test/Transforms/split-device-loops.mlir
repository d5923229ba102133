// RUN: xmp-opt %s -split-input-file --xmp-split-device-loops | FileCheck %s --implicit-check-not=llvm. --implicit-check-not=xmprt_ --implicit-check-not=unrealized_conversion_cast
// RUN: xmp-opt %s -split-input-file --xmp-split-device-loops=gpu=false | FileCheck %s --check-prefix=CPU
// RUN: xmp-opt %s -split-input-file --xmp-split-device-loops=grain=8 | FileCheck %s --check-prefix=GRAIN
// RUN: not xmp-opt %s -split-input-file --xmp-split-device-loops=grain=-1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: xmp-split-device-loops: grain must be >= 0, got -1{{$}}
// NEG-NOT: xmp.loop_split

// xmp-split-device-loops: every xmp.device_loop becomes a GPU part (the
// device loop over [lb, split)) and a CPU part (an xmp.cpu_part_start
// region running xmp.loop over a chunk [lo, hi) of [split, end)), split by
// the weight. The pass emits xmp ops only: no LLVM ops, no runtime calls. Prefixes: CHECK for gpu=true (default), CPU for gpu=false
// (no GPU code: weight 1, no GPU part, no coherence ops), GRAIN for the
// grain option.

// nbody-like 1-D loop with weight(%w): mode 1 (fixed) with %w forwarded,
// loop id 0, grain 32 (a warp: 1-D loop). The loads of %pos at the inner
// loop's %j do not matter (only stores decide the footprint); the store to
// %acc[%i, c] commits array dimension 0 (aligned with template dimension 0)
// over exactly [lb, split) (GPU) and [split, end) (CPU). %pos is only read:
// acquired on both sides, never committed.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1024)
xmp.distribute @t onto @p [block]
!v = !xmp.darray<1024x3xf64, @t, align [0, *]>
// CHECK-LABEL: func.func @nbody
// CHECK-SAME: (%[[POS:[^:]+]]: !darray, %[[ACC:[^:]+]]: !darray, %[[W:[^:]+]]: f64)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 1024 : index
// CHECK: %[[WT:.*]] = xmp.loop_weight loop 0 fixed %[[W]]
// CHECK-NEXT: %[[S:[^,]+]], %[[E:[^,]+]], %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split %[[WT]], (%[[C0]] to %[[N]] step %[[C1]]) on @t[0] grain 32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[HAVECPU:.*]] = arith.cmpi sgt, %[[NC]], %[[Z]] : index
// CHECK-NEXT: %[[HAVEGPU:.*]] = arith.cmpi sgt, %[[NG]], %[[Z]] : index
// A step without a CPU part runs the loop whole (one kernel, timed
// without waiting, results node-local); the split below is the else branch.
// CHECK-NEXT: %[[NOCPU:.*]] = arith.cmpi eq, %[[NC]], %[[Z]] : index
// CHECK-NEXT: %[[FAST:.*]] = arith.andi %[[NOCPU]], %[[HAVEGPU]] : i1
// CHECK-NEXT: scf.if %[[FAST]] {
// CHECK-NEXT: xmp.gpu_step_begin loop 0
// CHECK-NEXT: xmp.device_loop (%{{[^)]+}}) = (%[[C0]]) to (%[[N]]) step (%[[C1]]) on @t [0] attributes {xmp.kernel_name = "nbody_loop0", xmp.node_local} {
// CHECK: xmp.gpu_step_end loop 0 iterations %[[NG]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[HAVECPU]] {
// CHECK-NEXT: xmp.host_acquire %[[POS]] : !darray
// CHECK-NEXT: xmp.host_acquire %[[ACC]] : !darray
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[HAVEGPU]] {
// CHECK-NEXT: xmp.device_acquire %[[POS]] access(read) : !darray -> memref<?x3xf64>
// CHECK-NEXT: xmp.device_acquire %[[ACC]] access(write) : !darray -> memref<?x3xf64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[G32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[GR:.*]] = arith.muli %[[G32]], %[[C1]] : index
// The CPU part, started first: the first owned iteration at or after lo
// (lb + ceil(max(lo - lb, 0) / step) * step) up to the chunk end hi; it
// uses the values above it (outlining and the context are xmp-to-runtime's).
// CHECK: %[[JOB:.*]] = xmp.cpu_part_start %[[S]] to %[[E]] grain %[[GR]] {
// CHECK-NEXT: ^bb0(%[[LO:[^:]+]]: index, %[[HI:[^:]+]]: index):
// CHECK-NEXT: %[[D:.*]] = arith.subi %[[LO]], %[[C0]] : index
// CHECK-NEXT: %[[DZ:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[DP:.*]] = arith.maxsi %[[D]], %[[DZ]] : index
// CHECK-NEXT: %[[K:.*]] = arith.ceildivsi %[[DP]], %[[C1]] : index
// CHECK-NEXT: %[[KS:.*]] = arith.muli %[[K]], %[[C1]] : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.addi %[[C0]], %[[KS]] : index
// CHECK-NEXT: xmp.loop (%[[J:[^)]+]]) = (%[[FIRST]]) to (%[[HI]]) step (%[[C1]]) on @t [0] attributes {xmp.split_part} {
// CHECK-NEXT: xmp.load %[[POS]][%[[J]], %[[C0]]] : !darray
// CHECK-NEXT: scf.for %{{.*}} = %[[C0]] to %[[N]] step %[[C1]] iter_args(%{{.*}} = %{{.*}}) -> (f64) {
// CHECK: %[[PF:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK-NEXT: xmp.store %[[PF]], %[[ACC]][%[[J]], %[[C0]]] : !darray
// CHECK-NEXT: }
// CHECK-NEXT: }
// The GPU part runs while the CPU chunks run: timed, over [lb, split).
// CHECK: %[[TG:.*]] = scf.if %[[HAVEGPU]] -> (f64) {
// CHECK-NEXT: xmp.gpu_timer_start
// CHECK-NEXT: xmp.device_loop (%[[I:[^)]+]]) = (%[[C0]]) to (%[[S]]) step (%[[C1]]) on @t [0] attributes {xmp.kernel_name = "{{[^"]+}}_part", xmp.split_part} {
// CHECK: xmp.store %{{.*}}, %[[ACC]][%[[I]], %[[C0]]] : !darray
// CHECK-NEXT: }
// CHECK-NEXT: %[[T:.*]] = xmp.gpu_timer_stop
// CHECK-NEXT: scf.yield %[[T]] : f64
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[T0:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: scf.yield %[[T0]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[TC:.*]] = xmp.cpu_part_wait %[[JOB]]
// CHECK-NOT: xmp.split_commit %[[POS]]
// A part that did not run on this rank commits an empty range.
// CHECK-NEXT: %[[G0:.*]] = arith.select %[[HAVEGPU]], %[[C0]], %[[Z]] : index
// CHECK-NEXT: %[[G1:.*]] = arith.select %[[HAVEGPU]], %[[S]], %[[Z]] : index
// CHECK-NEXT: %[[CC0:.*]] = arith.select %[[HAVECPU]], %[[S]], %[[Z]] : index
// CHECK-NEXT: %[[CC1:.*]] = arith.select %[[HAVECPU]], %[[E]], %[[Z]] : index
// CHECK-NEXT: xmp.split_commit %[[ACC]] dim 0 gpu[%[[G0]], %[[G1]]) cpu[%[[CC0]], %[[CC1]]) : !darray
// CHECK-NEXT: xmp.loop_report loop 0 cpu %[[TC]], %[[NC]] gpu %[[TG]], %[[NG]]{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NOT: func.func private @__xmp_cpu_part

// Without GPU code: weight 1.0 (no weight call, %w unused), no coherence
// ops, no GPU part (GPU time 0.0), and the time is also recorded as a
// device loop run on the host.
// CPU-LABEL: func.func @nbody
// CPU-SAME: (%[[POS:[^:]+]]: !darray, %[[ACC:[^:]+]]: !darray, %[[W:[^:]+]]: f64)
// CPU-NOT: xmp.loop_weight
// CPU: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CPU-NEXT: %{{.*}}, %{{.*}}, %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split %[[ONE]], (%{{.*}} to %{{.*}} step %{{.*}}) on @t[0] grain 32
// CPU-NOT: scf.if
// CPU-NOT: xmp.host_acquire
// CPU-NOT: xmp.device_acquire
// CPU: %[[JOB:.*]] = xmp.cpu_part_start
// CPU: xmp.loop (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) on @t [0] attributes {xmp.split_part} {
// CPU-NOT: xmp.gpu_timer
// CPU-NOT: xmp.device_loop
// CPU-NOT: xmp.split_commit
// CPU-NOT: xmp.host_acquire
// CPU: %[[TG:.*]] = arith.constant 0.000000e+00 : f64
// CPU-NEXT: %[[TC:.*]] = xmp.cpu_part_wait %[[JOB]]
// CPU-NEXT: xmp.loop_report loop 0 cpu %[[TC]], %[[NC]] gpu %[[TG]], %[[NG]] on_host
// CPU-NEXT: return

// GRAIN-LABEL: func.func @nbody
// GRAIN: xmp.loop_split %{{.*}}, (%{{.*}} to %{{.*}} step %[[ST:[^)]+]]) on @t[0] grain 8
// GRAIN: %[[G8:.*]] = arith.constant 8 : index
// GRAIN-NEXT: %[[GR:.*]] = arith.muli %[[G8]], %[[ST]] : index
// GRAIN: xmp.cpu_part_start %{{.*}} to %{{.*}} grain %[[GR]] {
func.func @nbody(%pos: !v, %acc: !v, %w: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %g = arith.constant 6.5e-01 : f64
  %zero = arith.constant 0.0 : f64
  xmp.device_loop (%i) = (%c0) to (%c1024) step (%c1) on @t [0] weight(%w) {
    %xi = xmp.load %pos[%i, %c0] : !v
    %sum = scf.for %j = %c0 to %c1024 step %c1 iter_args(%s = %zero) -> f64 {
      %xj = xmp.load %pos[%j, %c0] : !v
      %d = arith.subf %xj, %xi : f64
      %s2 = arith.addf %s, %d : f64
      scf.yield %s2 : f64
    }
    %f = arith.mulf %sum, %g : f64
    xmp.store %f, %acc[%i, %c0] : !v
  }
  return
}

// -----

// Two loops: ids 0 and 1 (weight state, report, outlined function names).
// Loop 0: no weight (mode 0: the current weight, fixed argument 0.0), 1-D
// on the cyclic template dimension 1, grain 32; it stores %v[3, %i], so it
// commits array dimension 1 (the one aligned with template dimension 1).
// Loop 1: weight(auto) (mode 2), a 2-D nest split along its outer
// dimension (template dimension 0, block) with grain 1 (rows); the store
// %u[%i, %j] commits dimension 0 from lb = 1. The inner bounds are the
// original ones in both parts.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, cyclic]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// CHECK-LABEL: func.func @modes
// CHECK-SAME: (%[[U:[^:]+]]: !darray, %[[V:[^:]+]]: !darray)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[F0:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[W0:.*]] = xmp.loop_weight loop 0 current %[[F0]]
// CHECK-NEXT: %[[S0:[^,]+]], %[[E0:[^,]+]], %{{.*}} = xmp.loop_split %[[W0]], (%[[C0]] to %[[C64]] step %[[C1]]) on @t[1] grain 32
// CHECK: xmp.cpu_part_start %[[S0]] to %[[E0]] grain %{{.*}} {
// CHECK: xmp.loop (%{{[^)]+}}) = (%{{[^)]+}}) to (%{{[^)]+}}) step (%{{[^)]+}}) on @t [1] attributes {xmp.split_part}
// CHECK: xmp.device_loop (%[[I0:[^)]+]]) = (%[[C0]]) to (%[[S0]]) step (%[[C1]]) on @t [1] attributes {xmp.kernel_name = "{{[^"]+}}_part", xmp.split_part} {
// CHECK: xmp.store %{{.*}}, %[[V]][%[[C3]], %[[I0]]] : !darray
// CHECK: %[[VG0:.*]] = arith.select %{{.*}}, %[[C0]], %{{.*}} : index
// CHECK-NEXT: %[[VG1:.*]] = arith.select %{{.*}}, %[[S0]], %{{.*}} : index
// CHECK-NEXT: %[[VC0:.*]] = arith.select %{{.*}}, %[[S0]], %{{.*}} : index
// CHECK-NEXT: %[[VC1:.*]] = arith.select %{{.*}}, %[[E0]], %{{.*}} : index
// CHECK-NEXT: xmp.split_commit %[[V]] dim 1 gpu[%[[VG0]], %[[VG1]]) cpu[%[[VC0]], %[[VC1]]) : !darray
// CHECK-NEXT: xmp.loop_report loop 0 cpu
// CHECK-NEXT: }
// CHECK-NEXT: %[[F1:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[W1:.*]] = xmp.loop_weight loop 1 auto %[[F1]]
// CHECK-NEXT: %[[S1:[^,]+]], %[[E1:[^,]+]], %{{.*}} = xmp.loop_split %[[W1]], (%[[C1]] to %[[C64]] step %[[C1]]) on @t[0] grain 1
// Both arrays are accessed (%v read, %u written): acquired in order of first access.
// CHECK: xmp.host_acquire %[[V]] : !darray
// CHECK-NEXT: xmp.host_acquire %[[U]] : !darray
// CHECK: xmp.device_acquire %[[V]] access(read)
// CHECK-NEXT: xmp.device_acquire %[[U]] access(write)
// CHECK: %[[G1:.*]] = arith.constant 1 : index
// CHECK-NEXT: arith.muli %[[G1]], %[[C1]] : index
// The 2-D CPU part: the outer dimension from the aligned first iteration
// (lb = 1) to hi, the inner one over its original bounds.
// CHECK: xmp.cpu_part_start %[[S1]] to %[[E1]] grain %{{.*}} {
// CHECK-NEXT: ^bb0(%[[LO:[^:]+]]: index, %[[HI:[^:]+]]: index):
// CHECK-NEXT: %[[D:.*]] = arith.subi %[[LO]], %[[C1]] : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[DP:.*]] = arith.maxsi %[[D]], %{{.*}} : index
// CHECK-NEXT: %[[K:.*]] = arith.ceildivsi %[[DP]], %[[C1]] : index
// CHECK-NEXT: %[[KS:.*]] = arith.muli %[[K]], %[[C1]] : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.addi %[[C1]], %[[KS]] : index
// CHECK-NEXT: xmp.loop (%{{[^,]+}}, %{{[^)]+}}) = (%[[FIRST]], %[[C0]]) to (%[[HI]], %[[C64]]) step (%[[C1]], %[[C1]]) on @t [0, 1] attributes {xmp.split_part} {
// CHECK: xmp.device_loop (%[[I1:[^,]+]], %[[J1:[^)]+]]) = (%[[C1]], %[[C0]]) to (%[[S1]], %[[C64]]) step (%[[C1]], %[[C1]]) on @t [0, 1] attributes {xmp.kernel_name = "{{[^"]+}}_part", xmp.split_part} {
// CHECK-NEXT: %[[X1:.*]] = xmp.load %[[V]][%[[I1]], %[[J1]]] : !darray
// CHECK-NEXT: xmp.store %[[X1]], %[[U]][%[[I1]], %[[J1]]] : !darray
// CHECK: %[[UG0:.*]] = arith.select %{{.*}}, %[[C1]], %{{.*}} : index
// CHECK-NEXT: %[[UG1:.*]] = arith.select %{{.*}}, %[[S1]], %{{.*}} : index
// CHECK-NEXT: %[[UC0:.*]] = arith.select %{{.*}}, %[[S1]], %{{.*}} : index
// CHECK-NEXT: %[[UC1:.*]] = arith.select %{{.*}}, %[[E1]], %{{.*}} : index
// CHECK-NEXT: xmp.split_commit %[[U]] dim 0 gpu[%[[UG0]], %[[UG1]]) cpu[%[[UC0]], %[[UC1]]) : !darray
// CHECK-NEXT: xmp.loop_report loop 1 cpu
// CHECK-NEXT: }
// CHECK-NEXT: return

// Both loops split without GPU code too (cyclic and block dimensions).
// CPU-LABEL: func.func @modes
// CPU: xmp.loop_split %{{.*}} on @t[1] grain 32
// CPU: xmp.cpu_part_start
// CPU: xmp.loop {{.*}} on @t [1] attributes {xmp.split_part}
// CPU: xmp.loop_report {{.*}} on_host
// CPU: xmp.loop_split %{{.*}} on @t[0] grain 1
// CPU: xmp.cpu_part_start
// CPU: xmp.loop {{.*}} on @t [0, 1] attributes {xmp.split_part}
// CPU: xmp.loop_report {{.*}} on_host

// The grain option replaces both defaults (32 for 1-D, 1 for nests).
// GRAIN-LABEL: func.func @modes
// GRAIN: xmp.loop_split %{{.*}} on @t[1] grain 8
// GRAIN: xmp.loop_split %{{.*}} on @t[0] grain 8
func.func @modes(%u: !m, %v: !m) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [1] {
    %x = xmp.load %u[%c0, %i] : !m
    xmp.store %x, %v[%c3, %i] : !m
  }
  xmp.device_loop (%i, %j) = (%c1, %c0) to (%c64, %c64) step (%c1, %c1) on @t [0, 1] weight(auto) {
    %x = xmp.load %v[%i, %j] : !m
    xmp.store %x, %u[%i, %j] : !m
  }
  return
}

// -----

// A stencil-like loop inside an scf.for (lb 1, step 2, a dynamic ub). Stores
// at iv + c: %a[1 + %i] (c = 1) commits [lb + 1, split + 1) and
// [split + 1, end + 1); %b[%i - 2] (twice, c = -2) commits [lb - 2, split - 2)
// and [split - 2, end - 2); each bound is selected against 0 by whether
// the part ran. The CPU part uses the f32 %tv (defined in the scf.for)
// from above; the chunk grain is 32 * step template indices; the CPU part
// aligns its first iteration to lb + k * step.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 1000)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<1000xf32, @t, align [0], shadow [1:2]>
// CHECK-LABEL: func.func @stencil
// CHECK-SAME: (%[[A:[^:]+]]: !darray, %[[B:[^:]+]]: !darray, %[[NT:[^:]+]]: index, %[[UB:[^:]+]]: index)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: scf.for
// CHECK: %[[TV:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK: %[[S:[^,]+]], %[[E:[^,]+]], %{{.*}} = xmp.loop_split %{{.*}}, (%[[C1]] to %[[UB]] step %[[C2]]) on @t[0] grain 32
// CHECK: xmp.device_acquire %[[A]] access(readwrite)
// CHECK-NEXT: xmp.device_acquire %[[B]] access(write)
// CHECK: %[[G32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[GR:.*]] = arith.muli %[[G32]], %[[C2]] : index
// CHECK: %[[JOB:.*]] = xmp.cpu_part_start %[[S]] to %[[E]] grain %[[GR]] {
// CHECK-NEXT: ^bb0(%[[LO:[^:]+]]: index, %[[HI:[^:]+]]: index):
// CHECK-NEXT: %[[D:.*]] = arith.subi %[[LO]], %[[C1]] : index
// CHECK-NEXT: %[[DZ:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[DP:.*]] = arith.maxsi %[[D]], %[[DZ]] : index
// CHECK-NEXT: %[[K:.*]] = arith.ceildivsi %[[DP]], %[[C2]] : index
// CHECK-NEXT: %[[KS:.*]] = arith.muli %[[K]], %[[C2]] : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.addi %[[C1]], %[[KS]] : index
// CHECK-NEXT: xmp.loop (%{{[^)]+}}) = (%[[FIRST]]) to (%[[HI]]) step (%[[C2]]) on @t [0] attributes {xmp.split_part} {
// CHECK: arith.addf %{{.*}}, %[[TV]] : f32
// CHECK: xmp.device_loop (%{{[^)]+}}) = (%[[C1]]) to (%[[S]]) step (%[[C2]]) on @t [0] attributes {xmp.kernel_name = "{{[^"]+}}_part", xmp.split_part}
// CHECK: xmp.cpu_part_wait %[[JOB]]
// CHECK: %[[K1A:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[AGL:.*]] = arith.addi %[[C1]], %[[K1A]] : index
// CHECK-NEXT: %[[K1B:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[AGH:.*]] = arith.addi %[[S]], %[[K1B]] : index
// CHECK-NEXT: %[[K1C:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ACL:.*]] = arith.addi %[[S]], %[[K1C]] : index
// CHECK-NEXT: %[[K1D:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ACH:.*]] = arith.addi %[[E]], %[[K1D]] : index
// CHECK-NEXT: %[[AG0:.*]] = arith.select %{{.*}}, %[[AGL]], %{{.*}} : index
// CHECK-NEXT: %[[AG1:.*]] = arith.select %{{.*}}, %[[AGH]], %{{.*}} : index
// CHECK-NEXT: %[[AC0:.*]] = arith.select %{{.*}}, %[[ACL]], %{{.*}} : index
// CHECK-NEXT: %[[AC1:.*]] = arith.select %{{.*}}, %[[ACH]], %{{.*}} : index
// CHECK-NEXT: xmp.split_commit %[[A]] dim 0 gpu[%[[AG0]], %[[AG1]]) cpu[%[[AC0]], %[[AC1]]) : !darray
// CHECK-NEXT: %[[KM2A:.*]] = arith.constant -2 : index
// CHECK-NEXT: %[[BGL:.*]] = arith.addi %[[C1]], %[[KM2A]] : index
// CHECK-NEXT: %[[KM2B:.*]] = arith.constant -2 : index
// CHECK-NEXT: %[[BGH:.*]] = arith.addi %[[S]], %[[KM2B]] : index
// CHECK-NEXT: %[[KM2C:.*]] = arith.constant -2 : index
// CHECK-NEXT: %[[BCL:.*]] = arith.addi %[[S]], %[[KM2C]] : index
// CHECK-NEXT: %[[KM2D:.*]] = arith.constant -2 : index
// CHECK-NEXT: %[[BCH:.*]] = arith.addi %[[E]], %[[KM2D]] : index
// CHECK-NEXT: %[[BG0:.*]] = arith.select %{{.*}}, %[[BGL]], %{{.*}} : index
// CHECK-NEXT: %[[BG1:.*]] = arith.select %{{.*}}, %[[BGH]], %{{.*}} : index
// CHECK-NEXT: %[[BC0:.*]] = arith.select %{{.*}}, %[[BCL]], %{{.*}} : index
// CHECK-NEXT: %[[BC1:.*]] = arith.select %{{.*}}, %[[BCH]], %{{.*}} : index
// CHECK-NEXT: xmp.split_commit %[[B]] dim 0 gpu[%[[BG0]], %[[BG1]]) cpu[%[[BC0]], %[[BC1]]) : !darray
// CHECK: xmp.loop_report loop
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return

// CPU-LABEL: func.func @stencil
// CPU: xmp.loop_split
// CPU-NOT: xmp.split_commit
// CPU: xmp.loop_report {{.*}} on_host
func.func @stencil(%a: !a, %b: !a, %nt: index, %ub: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %t = %c0 to %nt step %c1 {
    %tf = arith.index_cast %t : index to i32
    %tv = arith.sitofp %tf : i32 to f32
    xmp.device_loop (%i) = (%c1) to (%ub) step (%c2) on @t [0] {
      %x = xmp.load %a[%i] : !a
      %ip = arith.addi %c1, %i : index
      xmp.store %x, %a[%ip] : !a
      %im = arith.subi %i, %c2 : index
      %y = arith.addf %x, %tv : f32
      xmp.store %y, %b[%im] : !a
      %im2 = arith.subi %i, %c2 : index
      xmp.store %x, %b[%im2] : !a
    }
  }
  return
}

// -----

// An add reduction (f64) over a cyclic dimension: one partial per CPU
// chunk in a buffer of ceil((end - split) / grain) + 1 slots set to the
// identity, used by the CPU part from above; the CPU part stores its
// chunk's result at (lo - split) / grain. The GPU part
// starts from the identity and yields its partial with its time (the
// identity and 0.0 when it is empty). After the wait: the buffer folded in
// chunk order, combined with the GPU partial, reduced across the nodes,
// then combined with init. Nothing is stored: no split_commit.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [cyclic]
!a = !xmp.darray<?xf64, @t, align [0]>
// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[A:[^:]+]]: !darray, %[[N:[^:]+]]: index, %[[INIT:[^:]+]]: f64) -> f64
// CHECK: %[[S:[^,]+]], %[[E:[^,]+]], %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split %{{.*}} on @t[0] grain 32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[HAVECPU:.*]] = arith.cmpi sgt, %[[NC]], %[[Z]] : index
// CHECK-NEXT: %[[HAVEGPU:.*]] = arith.cmpi sgt, %[[NG]], %[[Z]] : index
// CHECK-NEXT: %[[NOCPU:.*]] = arith.cmpi eq, %[[NC]], %[[Z]] : index
// CHECK-NEXT: %[[FAST:.*]] = arith.andi %[[NOCPU]], %[[HAVEGPU]] : i1
// CHECK-NEXT: scf.if %[[FAST]] {
// CHECK-NEXT: xmp.gpu_step_begin loop 0
// CHECK: %[[RW:.*]] = xmp.device_loop {{.*}} attributes {xmp.kernel_name = "reduce_loop0", xmp.node_local} {
// CHECK: xmp.gpu_step_end loop 0 iterations %[[NG]]
// CHECK-NEXT: xmp.result_write %[[RW]], %[[SLOT:[^ ]+]] : memref<1xf64>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[HAVECPU]] {
// CHECK-NEXT: xmp.host_acquire %[[A]] : !darray
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[HAVEGPU]] {
// CHECK-NEXT: xmp.device_acquire %[[A]] access(read) : !darray -> memref<?xf64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[G32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[GR:.*]] = arith.muli %[[G32]], %{{.*}} : index
// CHECK-NEXT: %[[RANGE:.*]] = arith.subi %[[E]], %[[S]] : index
// CHECK-NEXT: %[[NCH:.*]] = arith.ceildivsi %[[RANGE]], %[[GR]] : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[NBUF:.*]] = arith.addi %[[NCH]], %[[ONE]] : index
// CHECK-NEXT: %[[BUF:.*]] = memref.alloc(%[[NBUF]]) : memref<?xf64>
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: scf.for %[[K:.*]] = %[[Z]] to %[[NBUF]] step %{{.*}} {
// CHECK-NEXT: %[[IDB:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: memref.store %[[IDB]], %[[BUF]][%[[K]]] : memref<?xf64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[JOB:.*]] = xmp.cpu_part_start %[[S]] to %[[E]] grain %[[GR]] {
// CHECK-NEXT: ^bb0(%[[LO:[^:]+]]: index, %{{[^:]+}}: index):
// CHECK: %[[PID:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[R:.*]] = xmp.loop (%{{[^)]+}}) = (%{{[^)]+}}) to (%{{[^)]+}}) step (%{{[^)]+}}) on @t [0] reduce(add) init(%[[PID]]) -> f64 attributes {xmp.split_part} {
// CHECK: }
// CHECK-NEXT: %[[OFF:.*]] = arith.subi %[[LO]], %[[S]] : index
// CHECK-NEXT: %[[PSLOT:.*]] = arith.divsi %[[OFF]], %[[GR]] : index
// CHECK-NEXT: memref.store %[[R]], %[[BUF]][%[[PSLOT]]] : memref<?xf64>
// CHECK-NEXT: }
// CHECK: %[[GPU:.*]]:2 = scf.if %[[HAVEGPU]] -> (f64, f64) {
// CHECK-NEXT: xmp.gpu_timer_start
// CHECK-NEXT: %[[IDG:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[GR0:.*]] = xmp.device_loop (%{{[^)]+}}) = (%{{[^)]+}}) to (%[[S]]) step (%{{[^)]+}}) on @t [0] reduce(add) init(%[[IDG]]) -> f64 attributes {xmp.kernel_name = "{{[^"]+}}_part", xmp.split_part} {
// CHECK: %[[T:.*]] = xmp.gpu_timer_stop
// CHECK-NEXT: scf.yield %[[GR0]], %[[T]] : f64, f64
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[EI:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[ET:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: scf.yield %[[EI]], %[[ET]] : f64, f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[TC:.*]] = xmp.cpu_part_wait %[[JOB]]
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[IDF:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[FOLD:.*]] = scf.for %[[K2:[^ ]+]] = %[[Z]] to %[[NBUF]] step %{{[^ ]+}} iter_args(%[[RACC:[^ ]+]] = %[[IDF]]) -> (f64) {
// CHECK-NEXT: %[[X:.*]] = memref.load %[[BUF]][%[[K2]]] : memref<?xf64>
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[RACC]], %[[X]] : f64
// CHECK-NEXT: scf.yield %[[Y]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[LOCAL:.*]] = arith.addf %[[GPU]]#0, %[[FOLD]] : f64
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<?xf64>
// CHECK-NOT: xmp.split_commit
// CHECK-NEXT: xmp.loop_report loop {{[0-9]+}} cpu %[[TC]], %{{.*}} gpu %[[GPU]]#1, %{{.*}}
// Both branches leave the node's result in the slot; it is read after.
// CHECK-NEXT: xmp.result_write %[[LOCAL]], %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[NODE:.*]] = xmp.result_read %[[SLOT]] : memref<1xf64>
// CHECK-NEXT: %[[ALL:.*]] = xmp.reduction add %[[NODE]] on @p : f64
// CHECK-NEXT: %[[RES:.*]] = arith.addf %[[INIT]], %[[ALL]] : f64
// CHECK-NEXT: return %[[RES]] : f64

// Without GPU code the folded CPU partial alone is reduced across nodes.
// CPU-LABEL: func.func @reduce
// CPU-SAME: (%{{[^:]+}}: !darray, %{{[^:]+}}: index, %[[INIT:[^:]+]]: f64) -> f64
// CPU-NOT: scf.if
// CPU: %[[FOLD:.*]] = scf.for {{.*}} -> (f64) {
// CPU: memref.dealloc
// CPU: xmp.loop_report {{.*}} on_host
// CPU-NEXT: %[[ALL:.*]] = xmp.reduction add %[[FOLD]] on @p : f64
// CPU-NEXT: %[[RES:.*]] = arith.addf %[[INIT]], %[[ALL]] : f64
// CPU-NEXT: return %[[RES]] : f64
func.func @reduce(%a: !a, %n: index, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = xmp.device_loop (%i) = (%c0) to (%n) step (%c1) on @t [0] reduce(add) init(%init) -> f64 {
    %x = xmp.load %a[%i] : !a
    xmp.yield %x : f64
  }
  return %r : f64
}
