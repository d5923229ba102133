// RUN: xmp-opt --canonicalize --cse --loop-invariant-code-motion %s | FileCheck %s

// Every op that communicates (or allocates collectively) runs on every rank
// of its grid in the same order: none may be erased as unused, merged with
// an identical one, or moved out of a loop, even when its operands are loop
// invariant. None of them is Pure or NoMemoryEffect (they declare no
// effects, i.e. unknown ones), so canonicalization, CSE and loop-invariant
// code motion leave each one where it is, both copies, inside the loop.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
xmp.template @v(shape = ?)
xmp.distribute @v onto @p [block]
!a_t = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>
!v_t = !xmp.darray<?xf64, @v, align [0]>

// CHECK-LABEL: func.func @kept
// CHECK: scf.for
// CHECK-COUNT-2: xmp.template_fix
// CHECK-COUNT-2: xmp.alloc
// CHECK-COUNT-2: xmp.reflect %
// CHECK-COUNT-2: xmp.reflect_init
// CHECK-COUNT-2: xmp.reflect_do
// CHECK-COUNT-2: xmp.reflect_start
// CHECK-COUNT-2: xmp.reflect_wait
// CHECK-COUNT-2: xmp.reduce_shadow
// CHECK-COUNT-2: xmp.reduction add
// CHECK-COUNT-2: xmp.reduction firstmax
// CHECK-COUNT-2: xmp.reduction max
// CHECK-COUNT-2: xmp.reduction_start
// CHECK-COUNT-2: xmp.bcast %
// CHECK-COUNT-2: xmp.bcast_start
// CHECK-COUNT-2: xmp.wait
// CHECK-COUNT-2: xmp.gmove %
// CHECK-COUNT-2: xmp.gmove_start
// CHECK-COUNT-2: xmp.wait
// CHECK-COUNT-2: xmp.barrier
// CHECK-COUNT-2: xmp.replicate_sync
// CHECK-COUNT-2: xmp.dealloc
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @kept(%a: !a_t, %n: index, %x: f64, %i: index, %m: memref<4xf64>,
                %lb: index, %ub: index, %st: index) {
  scf.for %it = %lb to %ub step %st {
    xmp.template_fix @v(%n)
    xmp.template_fix @v(%n)
    %v0 = xmp.alloc(%n) : !v_t
    %v1 = xmp.alloc(%n) : !v_t
    xmp.reflect %a : !a_t
    xmp.reflect %a : !a_t
    %p0 = xmp.reflect_init %a : !a_t -> !xmp.reflect_plan
    %p1 = xmp.reflect_init %a : !a_t -> !xmp.reflect_plan
    xmp.reflect_do %p0
    xmp.reflect_do %p0
    %t0 = xmp.reflect_start %p1
    %t1 = xmp.reflect_start %p1
    xmp.reflect_wait %t0
    xmp.reflect_wait %t1
    xmp.reduce_shadow %a : !a_t
    xmp.reduce_shadow %a : !a_t
    %r0 = xmp.reduction add %x on @p : f64
    %r1 = xmp.reduction add %x on @p : f64
    %f0:2 = xmp.reduction firstmax %x loc(%i : index) on @p : f64
    %f1:2 = xmp.reduction firstmax %x loc(%i : index) on @p : f64
    xmp.reduction max %m on @p : memref<4xf64>
    xmp.reduction max %m on @p : memref<4xf64>
    %q0 = xmp.reduction_start add %m on @p : memref<4xf64>
    %q1 = xmp.reduction_start add %m on @p : memref<4xf64>
    %b0 = xmp.bcast %x from [0] on @p : f64
    %b1 = xmp.bcast %x from [0] on @p : f64
    %s0 = xmp.bcast_start %m from [0] on @p : memref<4xf64>
    %s1 = xmp.bcast_start %m from [0] on @p : memref<4xf64>
    xmp.wait %q0
    xmp.wait %q1
    xmp.wait %s0
    xmp.wait %s1
    xmp.gmove %a[0:4] to %m[0:4] : !a_t to memref<4xf64>
    xmp.gmove %a[0:4] to %m[0:4] : !a_t to memref<4xf64>
    %g0 = xmp.gmove_start %a[0:4] to %m[0:4] : !a_t to memref<4xf64>
    %g1 = xmp.gmove_start %a[0:4] to %m[0:4] : !a_t to memref<4xf64>
    xmp.wait %g0
    xmp.wait %g1
    xmp.barrier on @p
    xmp.barrier
    xmp.replicate_sync in(%a) : !a_t
    xmp.replicate_sync in(%a) : !a_t
    xmp.dealloc %v0 : !v_t
    xmp.dealloc %v1 : !v_t
  }
  return
}

// A reducing xmp.loop combines over the nodes: although nothing in it
// depends on the enclosing loop, it is not moved out of it (a loop is not
// speculatable).
// CHECK-LABEL: func.func @reducing_loop_kept
// CHECK: scf.for
// CHECK-NEXT: xmp.loop
// CHECK: xmp.yield
// CHECK-NEXT: }
// CHECK-NEXT: xmp.store
func.func @reducing_loop_kept(%a: !a_t, %x: f64, %lb: index, %ub: index,
                              %st: index, %k: index) {
  scf.for %it = %lb to %ub step %st {
    %r = xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0]
        reduce(add) init(%x) -> f64 {
      %v = xmp.load %a[%i] : !a_t
      xmp.yield %v : f64
    }
    xmp.store %r, %a[%k] : !a_t
  }
  return
}

// xmp.test of a request started before a polling loop: its operand is loop
// invariant, but each test may answer differently (it progresses the
// communication), so it stays in the loop, twice, and is not erased when
// unused.
// CHECK-LABEL: func.func @test_kept
// CHECK: xmp.reduction_start
// CHECK-NEXT: scf.while
// CHECK-NEXT: xmp.test
// CHECK-NEXT: xmp.test
// CHECK-NEXT: xmp.test
// CHECK: xmp.wait
func.func @test_kept(%m: memref<4xf64>) {
  %r = xmp.reduction_start add %m on @p : memref<4xf64>
  scf.while : () -> () {
    %unused = xmp.test %r
    %d0 = xmp.test %r
    %d1 = xmp.test %r
    %d = arith.andi %d0, %d1 : i1
    %true = arith.constant true
    %go = arith.xori %d, %true : i1
    scf.condition(%go)
  } do {
    scf.yield
  }
  xmp.wait %r
  return
}
