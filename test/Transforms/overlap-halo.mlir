// RUN: xmp-opt %s -split-input-file --xmp-overlap-halo=remarks=true -verify-diagnostics | FileCheck %s
// RUN: xmp-opt %s -split-input-file --xmp-overlap-halo "--xmp-lower-distribution=gpu=true" 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: xmp-opt %s -split-input-file --xmp-overlap-halo=reductions-on-device=true 2>&1 | FileCheck %s --check-prefix=DEVRED

// xmp-overlap-halo: a reflect followed by a loop that reads the array
// becomes reflect_start + a loop with overlap(...): the margins are the
// reads' reach (with the alignment offset) in each distributed dimension.

xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = 64x32)
xmp.distribute @t onto @p [block, block]
!u_t = !xmp.darray<64x32xf64, @t, align [0, 1], shadow [2:1, 1:1]>

// CHECK-LABEL: func.func @host_stencil
// CHECK: %[[U:.*]] = xmp.alloc
// CHECK-NEXT: %[[PLAN:.*]] = xmp.reflect_init %[[U]] : {{.*}} -> !xmp.reflect_plan
// CHECK: %[[TOK:.*]] = xmp.reflect_start %[[PLAN]]
// CHECK: xmp.loop {{.*}} on @t [0, 1] overlap(%[[TOK]] margin [2:1, 0:1]) reduce(add)
// CHECK-NOT: xmp.reflect %
// LOWER-LABEL: func.func @host_stencil
// LOWER: xmp.reflect_start
// LOWER: scf.for
// LOWER: xmp.reflect_wait
// LOWER-COUNT-4: scf.for {{.*}} iter_args
// LOWER: xmp.reduction add
func.func @host_stencil() -> f64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c31 = arith.constant 31 : index
  %z = arith.constant 0.0 : f64
  %u = xmp.alloc : !u_t
  %v = xmp.alloc : !u_t
  xmp.reflect %u : !u_t
  %i0 = arith.constant 2 : index
  // expected-remark @below {{overlaps the preceding reflect: the interior (margin [2:1, 0:1])}}
  %s = xmp.loop (%i, %j) = (%i0, %c0) to (%c63, %c31) step (%c1, %c1) on @t [0, 1] reduce(add) init(%z) -> f64 {
    %im = arith.subi %i, %c2 : index
    %ip = arith.addi %i, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %a = xmp.load %u[%im, %j] : !u_t
    %b = xmp.load %u[%ip, %jp] : !u_t
    %c = arith.addf %a, %b : f64
    xmp.store %c, %v[%i, %j] : !u_t
    xmp.yield %c : f64
  }
  return %s : f64
}

// -----

// An orthogonal reflect keeps its option in the plan it becomes (the
// interior reads no halo either way; the boundary, after the wait, reads
// the faces, and corners as the program left them).
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = 64x32)
xmp.distribute @t onto @p [block, block]
!u_t = !xmp.darray<64x32xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @orthogonal_stencil
// CHECK: %[[U:.*]] = xmp.alloc
// CHECK-NEXT: %[[PLAN:.*]] = xmp.reflect_init %[[U]] width [1:1, 1:1] orthogonal : {{.*}} -> !xmp.reflect_plan
// CHECK: %[[TOK:.*]] = xmp.reflect_start %[[PLAN]]
// CHECK: xmp.loop {{.*}} on @t [0, 1] overlap(%[[TOK]] margin [1:1, 1:1])
func.func @orthogonal_stencil() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %c31 = arith.constant 31 : index
  %u = xmp.alloc : !u_t
  %v = xmp.alloc : !u_t
  xmp.reflect %u width [1:1, 1:1] orthogonal : !u_t
  // expected-remark @below {{overlaps the preceding reflect: the interior (margin [1:1, 1:1])}}
  xmp.loop (%i, %j) = (%c1, %c1) to (%c63, %c31) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %a = xmp.load %u[%im, %j] : !u_t
    %b = xmp.load %u[%ip, %j] : !u_t
    %c = xmp.load %u[%i, %jm] : !u_t
    %d = xmp.load %u[%i, %jp] : !u_t
    %s1 = arith.addf %a, %b : f64
    %s2 = arith.addf %c, %d : f64
    %s = arith.addf %s1, %s2 : f64
    xmp.store %s, %v[%i, %j] : !u_t
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!u_t = !xmp.darray<63xf64, @t, align [0], offset [1], shadow [1:1]>
!v_t = !xmp.darray<64xf64, @t, align [0]>

// A plan made by reflect_init keeps it; the alignment offset counts (a[i]
// sits on t(i + 1): a[i - 2] is one below the iteration, a[i] one above).
// CHECK-LABEL: func.func @device_plan
// CHECK: %[[TOK:.*]] = xmp.reflect_start %{{.*}}
// CHECK-NEXT: xmp.device_loop {{.*}} overlap(%[[TOK]] margin [1:1])
// LOWER-LABEL: func.func @device_plan
// LOWER: xmp.reflect_start
// LOWER: scf.parallel
// LOWER: xmp.reflect_wait
// LOWER: scf.parallel
// LOWER: scf.parallel
func.func @device_plan(%n: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c63 = arith.constant 63 : index
  %u = xmp.alloc : !u_t
  %v = xmp.alloc : !v_t
  %plan = xmp.reflect_init %u acc : !u_t -> !xmp.reflect_plan
  scf.for %it = %c1 to %n step %c1 {
    xmp.reflect_do %plan
    // expected-remark @below {{overlaps the preceding reflect: the interior (margin [1:1])}}
    xmp.device_loop (%i) = (%c2) to (%c63) step (%c1) on @t [0] {
      %im = arith.subi %i, %c2 : index
      %a = xmp.load %u[%im] : !u_t
      %b = xmp.load %u[%i] : !u_t
      %c = arith.addf %a, %b : f64
      xmp.store %c, %v[%i] : !v_t
    }
  }
  return
}

// -----

// Where it must not apply (remarks say why; the IR stays as it was).
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
xmp.nodes @p2(shape = ?x?)
xmp.template @c(shape = 64x8)
xmp.distribute @c onto @p2 [block, cyclic]
!u_t = !xmp.darray<64xf64, @t, align [0], shadow [1:1]>
!w_t = !xmp.darray<64x8xf64, @c, align [0, 1], shadow [1:1, 0:0]>

// CHECK-LABEL: func.func @not_applied
// CHECK-NOT: reflect_start
// CHECK-NOT: overlap(
// CHECK: return
func.func @not_applied(%k: index, %m: memref<64xf64>, %z: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %u = xmp.alloc : !u_t
  %v = xmp.alloc : !u_t
  %w = xmp.alloc : !w_t
  // expected-remark @below {{not overlapped with the following loop: the loop stores to the array ('xmp.store')}}
  xmp.reflect %u : !u_t
  xmp.loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] {
    %im = arith.subi %i, %c1 : index
    %a = xmp.load %u[%im] : !u_t
    xmp.store %a, %u[%i] : !u_t
  }
  // expected-remark @below {{not overlapped with the following loop: a read's index in array dimension 0 is not the loop's induction variable on template dimension 0 plus a constant}}
  xmp.reflect %u : !u_t
  xmp.loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] {
    %ik = arith.addi %i, %k : index
    %a = xmp.load %u[%ik] : !u_t
    xmp.store %a, %v[%i] : !u_t
  }
  // expected-remark @below {{not overlapped with the following loop: array dimension 1 is aligned with a cyclic template dimension}}
  xmp.reflect %w : !w_t
  xmp.loop (%i, %j) = (%c1, %c0) to (%c63, %c1) step (%c1, %c1) on @c [0, 1] {
    %im = arith.subi %i, %c1 : index
    %a = xmp.load %w[%im, %j] : !w_t
    memref.store %a, %m[%i] : memref<64xf64>
  }
  // expected-remark @below {{not overlapped with the following loop: a device loop reads the device instance, and the reflect is on the host instance (no acc)}}
  xmp.reflect %u : !u_t
  xmp.device_loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] {
    %a = xmp.load %u[%i] : !u_t
    xmp.store %a, %v[%i] : !u_t
  }
  // expected-remark @below {{not overlapped with the following loop: a host loop reads the host instance, and the reflect is on the device instance (acc)}}
  xmp.reflect %u acc : !u_t
  xmp.loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] {
    %a = xmp.load %u[%i] : !u_t
    xmp.store %a, %v[%i] : !u_t
  }
  // DEVRED: xmp.reflect_start
  // DEVRED: xmp.device_loop {{.*}} overlap(
  // expected-remark @below {{not overlapped with the following loop: the device loop reduces}}
  xmp.reflect %u acc : !u_t
  %s = xmp.device_loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] reduce(add) init(%z) -> f64 {
    %a = xmp.load %u[%i] : !u_t
    xmp.yield %a : f64
  }
  // expected-remark @below {{not overlapped with the following loop: the loop is expanded: its extra iterations read the halo the reflect fills}}
  xmp.reflect %u : !u_t
  xmp.loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] expand [1:1] {
    %a = xmp.load %u[%i] : !u_t
    xmp.store %a, %v[%i] : !u_t
  }
  // expected-remark @below {{not overlapped with the following loop: the loop runs a margin: its iterations read the halo the reflect fills}}
  xmp.reflect %u : !u_t
  xmp.loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] margin [1:1] {
    %a = xmp.load %u[%i] : !u_t
    xmp.store %a, %v[%i] : !u_t
  }
  // A barrier between them: nothing to pair (no remark).
  xmp.reflect %u : !u_t
  xmp.barrier
  xmp.loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] {
    %a = xmp.load %u[%i] : !u_t
    xmp.store %a, %v[%i] : !u_t
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!u_t = !xmp.darray<64xf64, @t, align [0], shadow [1:1]>

// An array that escapes through local_view is not overlapped. A function
// argument is: its plan is made at the top of the function (the runtime's
// one plan per site and array, not a new one per call).
// CHECK-LABEL: func.func @escaped
// CHECK-SAME: (%[[ARG:[^:]*]]: !darray
// CHECK-NEXT: %[[PA:.*]] = xmp.reflect_init %[[ARG]]
// CHECK: xmp.reflect %{{.*}} : !darray
// CHECK-NOT: overlap(
// CHECK: %[[TA:.*]] = xmp.reflect_start %[[PA]]
// CHECK: xmp.loop {{.*}} overlap(%[[TA]]
// CHECK: return
func.func @escaped(%arg: !u_t) {
  %c1 = arith.constant 1 : index
  %c63 = arith.constant 63 : index
  %u = xmp.alloc : !u_t
  %v = xmp.alloc : !u_t
  %lv = xmp.local_view %u : !u_t -> memref<?xf64>
  // expected-remark @below {{not overlapped with the following loop: the array escapes through xmp.local_view}}
  xmp.reflect %u : !u_t
  xmp.loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] {
    %a = xmp.load %u[%i] : !u_t
    xmp.store %a, %v[%i] : !u_t
  }
  xmp.reflect %arg : !u_t
  // expected-remark @below {{overlaps the preceding reflect}}
  xmp.loop (%i) = (%c1) to (%c63) step (%c1) on @t [0] {
    %a = xmp.load %arg[%i] : !u_t
    xmp.store %a, %v[%i] : !u_t
  }
  return
}
