// Input of reduction-async.test: asynchronous reductions of scalars and of
// darrays (xmp.reduction_start ... xmp.wait, the scalar's value coming back
// at the wait), several in flight, waited for in another order than
// started, with work between; two rounds (`it` = 0, 1). With N ranks and
// r = the node number on @p:
//   s1 = add  of (r + 1 + it) as f64 over @p       = N (N + 1) / 2 + N it
//   s2 = max  of (7 r + it) % 5 as i32 over @p
//   s3 = xor  of (3 r + 1 + it) as i64 over @p
//   s4 = min  of 2 c0 + c1 + it as f32 over axis 0 of @q (?x?; c0, c1 the
//        coordinates): c1 + it on every rank
//   s5 = add  of i1 true over @p                   = N % 2
//   s6 = broadcast from [0, 0] of @q of the i64 (11 r + 3 + it) (xmp.bcast_start
//        of a scalar, the value at the wait) = 3 + it on every rank
//   ar: 16 x f64 replicated on every rank of @p (align [*]), ar[i] =
//       i + r + it, reduced with add over @p: N i + N (N - 1) / 2 + N it
//   aq: 29 x i32 on dim 0 of @tq (29x3 by [block, block] over @q),
//       replicated along grid axis 1, aq[i] = i + 10 c1 + it, reduced with
//       add along axis 1: P1 (i + it) + 10 P1 (P1 - 1) / 2 (P1 the size of
//       axis 1)
// Rank 0 prints s1, s2, s3, s5 and every element of its ar as
// value<100 (it + 1) + k> (s1, s2, s3, s5 at k = 0..3, ar at k = 10..25);
// every rank checks s4, s6 and every element of its aq block against the
// closed forms and the number of mismatches, summed over @q, is printed as
// value<100 (it + 1) + 50> (must be 0). Inputs/reduction_async_ref.c N
// computes the printed values sequentially.
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @tr(shape = 16)
xmp.template @tq(shape = 29x3)
xmp.distribute @tr onto @p [block]
xmp.distribute @tq onto @q [block, block]
!r_t = !xmp.darray<16xf64, @tr, align [*]>
!q_t = !xmp.darray<29xi32, @tq, align [0]>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @f(%x: index) -> f64 {
  %i = arith.index_cast %x : index to i64
  %f = arith.sitofp %i : i64 to f64
  return %f : f64
}

func.func @work(%n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> f64 {
    %v = func.call @f(%k) : (index) -> f64
    %a = arith.addf %acc, %v : f64
    scf.yield %a : f64
  }
  return %s : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  %c29 = arith.constant 29 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %true = arith.constant true
  %ar = xmp.alloc : !r_t
  %aq = xmp.alloc : !q_t
  %r = xmp.node_num @p
  %c0q = xmp.node_index @q [0]
  %c1q = xmp.node_index @q [1]
  %p1 = xmp.node_size @q [1]
  %lv = xmp.local_view %ar : !r_t -> memref<16xf64>
  scf.for %it = %c0 to %c2 step %c1 {
    // the operands
    %x1i = arith.addi %r, %c1 : index
    %x1j = arith.addi %x1i, %it : index
    %x1 = func.call @f(%x1j) : (index) -> f64
    %x2a = arith.muli %r, %c7 : index
    %x2b = arith.addi %x2a, %it : index
    %x2c = arith.remui %x2b, %c5 : index
    %x2 = arith.index_cast %x2c : index to i32
    %x3a = arith.muli %r, %c3 : index
    %x3b = arith.addi %x3a, %c1 : index
    %x3c = arith.addi %x3b, %it : index
    %x3 = arith.index_cast %x3c : index to i64
    %x4a = arith.muli %c0q, %c2 : index
    %x4b = arith.addi %x4a, %c1q : index
    %x4c = arith.addi %x4b, %it : index
    %x4i = arith.index_cast %x4c : index to i64
    %x4 = arith.sitofp %x4i : i64 to f32
    scf.for %i = %c0 to %c16 step %c1 {
      %a = arith.addi %i, %r : index
      %b = arith.addi %a, %it : index
      %v = func.call @f(%b) : (index) -> f64
      memref.store %v, %lv[%i] : memref<16xf64>
    }
    xmp.loop (%i) = (%c0) to (%c29) step (%c1) on @tq [0] {
      %k = arith.muli %c1q, %c10 : index
      %a = arith.addi %i, %k : index
      %b = arith.addi %a, %it : index
      %v = arith.index_cast %b : index to i32
      xmp.store %v, %aq[%i] : !q_t
    }
    // started together, waited for in another order
    %q1 = xmp.reduction_start add %x1 on @p : f64
    %q2 = xmp.reduction_start max %x2 on @p : i32
    %qa = xmp.reduction_start add %ar on @p : !r_t
    %q3 = xmp.reduction_start xor %x3 on @p : i64
    %q4 = xmp.reduction_start min %x4 on @q [0] : f32
    %qq = xmp.reduction_start add %aq on @q [1] : !q_t
    %q5 = xmp.reduction_start add %true on @p : i1
    %x6a = arith.muli %r, %c11 : index
    %x6b = arith.addi %x6a, %c3 : index
    %x6c = arith.addi %x6b, %it : index
    %x6 = arith.index_cast %x6c : index to i64
    %q6 = xmp.bcast_start %x6 from [0, 0] on @q : i64
    %w = func.call @work(%c1000) : (index) -> f64
    %s4 = xmp.wait %q4 : f32
    xmp.wait %qq
    %s2 = xmp.wait %q2 : i32
    %s5 = xmp.wait %q5 : i1
    xmp.wait %qa
    %s3 = xmp.wait %q3 : i64
    %s1 = xmp.wait %q1 : f64
    %s6 = xmp.wait %q6 : i64
    // the checks on every rank: s4 and aq
    %e4a = arith.addi %c1q, %it : index
    %e4i = arith.index_cast %e4a : index to i64
    %e4 = arith.sitofp %e4i : i64 to f32
    %ok4 = arith.cmpf oeq, %s4, %e4 : f32
    %bad4 = arith.select %ok4, %zero, %one : f64
    %p1m = arith.subi %p1, %c1 : index
    %tri = arith.muli %p1, %p1m : index
    %tri5 = arith.muli %tri, %c5 : index
    %badq = xmp.loop (%i) = (%c0) to (%c29) step (%c1) on @tq [0]
        reduce(add) init(%zero) -> f64 {
      %v = xmp.load %aq[%i] : !q_t
      %a = arith.addi %i, %it : index
      %b = arith.muli %p1, %a : index
      %e = arith.addi %b, %tri5 : index
      %ei = arith.index_cast %e : index to i32
      %ok = arith.cmpi eq, %v, %ei : i32
      %c = arith.select %ok, %zero, %one : f64
      xmp.yield %c : f64
    }
    // (the loop's reduction runs over the ranks of axis 0 only: every
    // rank of the axis-1 replicas checked its own block; sum them all)
    %e6a = arith.addi %c3, %it : index
    %e6 = arith.index_cast %e6a : index to i64
    %ok6 = arith.cmpi eq, %s6, %e6 : i64
    %bad6 = arith.select %ok6, %zero, %one : f64
    %mine0 = arith.addf %bad4, %badq : f64
    %mine = arith.addf %mine0, %bad6 : f64
    %bad = xmp.reduction add %mine on @q : f64
    %it1 = arith.addi %it, %c1 : index
    %base = arith.muli %it1, %c100 : index
    %b64 = arith.index_cast %base : index to i64
    %k1 = arith.constant 1 : i64
    %k2 = arith.constant 2 : i64
    %k3 = arith.constant 3 : i64
    %k10 = arith.constant 10 : i64
    %k50 = arith.constant 50 : i64
    %t1 = arith.addi %b64, %k1 : i64
    %t2 = arith.addi %b64, %k2 : i64
    %t3 = arith.addi %b64, %k3 : i64
    %t50 = arith.addi %b64, %k50 : i64
    func.call @xmprt_print_scalar_f64(%b64, %s1) : (i64, f64) -> ()
    %s2f = arith.sitofp %s2 : i32 to f64
    func.call @xmprt_print_scalar_f64(%t1, %s2f) : (i64, f64) -> ()
    %s3f = arith.sitofp %s3 : i64 to f64
    func.call @xmprt_print_scalar_f64(%t2, %s3f) : (i64, f64) -> ()
    %s5f = arith.uitofp %s5 : i1 to f64
    func.call @xmprt_print_scalar_f64(%t3, %s5f) : (i64, f64) -> ()
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %lv[%i] : memref<16xf64>
      %ii = arith.index_cast %i : index to i64
      %t = arith.addi %b64, %ii : i64
      %tt = arith.addi %t, %k10 : i64
      func.call @xmprt_print_scalar_f64(%tt, %v) : (i64, f64) -> ()
    }
    func.call @xmprt_print_scalar_f64(%t50, %bad) : (i64, f64) -> ()
  }
  xmp.dealloc %aq : !q_t
  xmp.dealloc %ar : !r_t
  return
}
