// RUN: xmp-opt --canonicalize %s | FileCheck %s --check-prefix=DCE
// RUN: xmp-opt --control-flow-sink %s | FileCheck %s --check-prefix=SINK

// A loop that reduces across the nodes, or that waits for an overlapped
// reflect, is collective: every rank of the grid must run it. Its body may
// be pure, yet the loop writes xmp::Collective, so canonicalization does
// not erase it when its result is unused, and control-flow sinking does not
// move it into a branch that some ranks may not take (they would wait for
// the others forever). A loop that does neither stays free to go.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<16xf64, @t, align [0], shadow [1:1]>

// DCE-LABEL: func.func @unused_reduction_kept
// DCE: xmp.loop
// DCE-SAME: reduce(add)
// DCE: xmp.device_loop
// DCE-SAME: reduce(max)
// DCE-NOT: xmp.loop
// DCE: return
func.func @unused_reduction_kept(%a: !a_t, %x: f64, %lb: index, %ub: index,
                                 %st: index) {
  %r = xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0]
      reduce(add) init(%x) -> f64 {
    %v = xmp.load %a[%i] : !a_t
    xmp.yield %v : f64
  }
  %m = xmp.device_loop (%i) = (%lb) to (%ub) step (%st) on @t [0]
      reduce(max) init(%x) -> f64 {
    %v = xmp.load %a[%i] : !a_t
    xmp.yield %v : f64
  }
  // A loop with no reduction, no overlap and a body without effects does
  // nothing: it goes.
  xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0] {
    %v = xmp.load %a[%i] : !a_t
    xmp.yield
  }
  return
}

// DCE-LABEL: func.func @overlap_wait_kept
// DCE: xmp.reflect_start
// DCE: xmp.loop
// DCE-SAME: overlap
func.func @overlap_wait_kept(%a: !a_t, %lb: index, %ub: index, %st: index) {
  %p = xmp.reflect_init %a : !a_t -> !xmp.reflect_plan
  %tok = xmp.reflect_start %p
  xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0]
      overlap(%tok margin [1:1]) {
    %v = xmp.load %a[%i] : !a_t
    xmp.yield
  }
  return
}

// SINK-LABEL: func.func @reduction_not_sunk
// SINK: xmp.loop
// SINK-SAME: reduce(add)
// SINK: scf.if
// SINK-NOT: xmp.loop
// SINK: return
func.func @reduction_not_sunk(%a: !a_t, %x: f64, %lb: index, %ub: index,
                              %st: index, %c: i1, %k: index) {
  %r = xmp.loop (%i) = (%lb) to (%ub) step (%st) on @t [0]
      reduce(add) init(%x) -> f64 {
    %v = xmp.load %a[%i] : !a_t
    xmp.yield %v : f64
  }
  scf.if %c {
    xmp.store %r, %a[%k] : !a_t
  }
  return
}
