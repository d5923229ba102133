// Input of margin.test: loop `margin` (XMP's `margin`) runs only the
// iterations `expand` would add to a node's own ones: the expanded box
// minus the box the plain loop runs there. Every rank records what it
// visits; rank 0 prints, per loop and rank r (of up to 8), the count of
// visits and the sums of h and h*h over them (value<1000 + 100 L + 10 r +
// m>, m = 0, 1, 2), which Inputs/margin_ref.c computes sequentially from
// the set definition (no slabs), given the rank count and the grid shape:
//   L0 1-D, 23 by block over @p, (1) to (22), margin [2:1];
//   L1 1-D, same template, (1) to (22) step 3, margin [unbound 2:3]
//      (lattice points past the loop's bounds, also inside the edge
//      ranks' own blocks);
//   L2 1-D, 4 by block (a fifth rank owns nothing), margin [unbound 1:1];
//   L3 2-D, 9x11 by [block, block] over @q (?x?), (0, 1) to (9, 11) step
//      (1, 2), margin [1:2, unbound 1:1];
//   L4 2-D, (1, 0) to (8, 11), margin [0:0, 2:1] (one dimension without
//      a width: only the other's slabs, over the own rows);
//   L5 2-D device loop, margin [unbound 1:1, 1:0], counting its visits in
//      a darray's local block (shadows included), read back by a host
//      loop over that block (expand [unbound 1:1, unbound 1:1]);
//   L6 1-D, (0) to (5), margin [3:0]: a rank whose block lies above the
//      loop's range runs the iterations just below its block (the plain
//      loop runs nothing there).
// And the reductions over all ranks' margin iterations (one contribution
// per iteration a node runs): value50 = 1000 + sum of h over a host loop's
// margin [1:1, 1:1]; value70/71 = sum of h and max of h over a device
// loop's margin [1:1, 0:1]. value11..13: ranks, grid shape.
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = ?x?)
xmp.template @t1(shape = 23)
xmp.distribute @t1 onto @p [block]
xmp.template @t4(shape = 4)
xmp.distribute @t4 onto @p [block]
xmp.template @t2(shape = 9x11)
xmp.distribute @t2 onto @q [block, block]
!v_t = !xmp.darray<9x11xf64, @t2, align [0, 1], shadow [1:1, 1:1]>

func.func private @xmprt_print_scalar_f64(i64, f64)

// h(i) of the 1-D loops, h(i, j) of the 2-D ones (small integers, exact).
func.func @h1(%i: index) -> f64 {
  %c10 = arith.constant 10 : index
  %c7 = arith.constant 7 : index
  %c1 = arith.constant 1 : index
  %a = arith.addi %i, %c10 : index
  %b = arith.muli %a, %c7 : index
  %c = arith.addi %b, %c1 : index
  %x = arith.index_cast %c : index to i64
  %f = arith.sitofp %x : i64 to f64
  return %f : f64
}
func.func @h2(%i: index, %j: index) -> f64 {
  %c5 = arith.constant 5 : index
  %c37 = arith.constant 37 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %a = arith.addi %i, %c5 : index
  %b = arith.muli %a, %c37 : index
  %d = arith.addi %j, %c3 : index
  %e = arith.muli %d, %c3 : index
  %f = arith.addi %b, %e : index
  %g = arith.addi %f, %c1 : index
  %x = arith.index_cast %g : index to i64
  %r = arith.sitofp %x : i64 to f64
  return %r : f64
}

// sig[base .. base+2] += w, w*h, w*h*h (base = (8 L + rank) * 3).
func.func @rec(%sig: memref<168xf64>, %base: index, %h: f64, %w: f64) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b1 = arith.addi %base, %c1 : index
  %b2 = arith.addi %base, %c2 : index
  %wh = arith.mulf %w, %h : f64
  %whh = arith.mulf %wh, %h : f64
  %s0 = memref.load %sig[%base] : memref<168xf64>
  %s1 = memref.load %sig[%b1] : memref<168xf64>
  %s2 = memref.load %sig[%b2] : memref<168xf64>
  %n0 = arith.addf %s0, %w : f64
  %n1 = arith.addf %s1, %wh : f64
  %n2 = arith.addf %s2, %whh : f64
  memref.store %n0, %sig[%base] : memref<168xf64>
  memref.store %n1, %sig[%b1] : memref<168xf64>
  memref.store %n2, %sig[%b2] : memref<168xf64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c11 = arith.constant 11 : index
  %c22 = arith.constant 22 : index
  %c168 = arith.constant 168 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %thousand = arith.constant 1000.0 : f64
  %sig = memref.alloca() : memref<168xf64>
  scf.for %k = %c0 to %c168 step %c1 {
    memref.store %zero, %sig[%k] : memref<168xf64>
  }
  %me = xmp.node_num @p
  // base of loop L: (8 L + me) * 3
  %b0 = arith.muli %me, %c3 : index
  %c24 = arith.constant 24 : index
  %b1 = arith.addi %b0, %c24 : index
  %b2 = arith.addi %b1, %c24 : index
  %b3 = arith.addi %b2, %c24 : index
  %b4 = arith.addi %b3, %c24 : index
  %b5 = arith.addi %b4, %c24 : index
  %b6 = arith.addi %b5, %c24 : index

  // L0
  xmp.loop (%i) = (%c1) to (%c22) step (%c1) on @t1 [0] margin [2:1] {
    %h = func.call @h1(%i) : (index) -> f64
    func.call @rec(%sig, %b0, %h, %one) : (memref<168xf64>, index, f64, f64) -> ()
  }
  // L1
  xmp.loop (%i) = (%c1) to (%c22) step (%c3) on @t1 [0] margin [unbound 2:3] {
    %h = func.call @h1(%i) : (index) -> f64
    func.call @rec(%sig, %b1, %h, %one) : (memref<168xf64>, index, f64, f64) -> ()
  }
  // L2
  xmp.loop (%i) = (%c0) to (%c4) step (%c1) on @t4 [0] margin [unbound 1:1] {
    %h = func.call @h1(%i) : (index) -> f64
    func.call @rec(%sig, %b2, %h, %one) : (memref<168xf64>, index, f64, f64) -> ()
  }
  // L3
  xmp.loop (%i, %j) = (%c0, %c1) to (%c9, %c11) step (%c1, %c2) on @t2 [0, 1]
      margin [1:2, unbound 1:1] {
    %h = func.call @h2(%i, %j) : (index, index) -> f64
    func.call @rec(%sig, %b3, %h, %one) : (memref<168xf64>, index, f64, f64) -> ()
  }
  // L4
  xmp.loop (%i, %j) = (%c1, %c0) to (%c8, %c11) step (%c1, %c1) on @t2 [0, 1]
      margin [0:0, 2:1] {
    %h = func.call @h2(%i, %j) : (index, index) -> f64
    func.call @rec(%sig, %b4, %h, %one) : (memref<168xf64>, index, f64, f64) -> ()
  }
  // L6
  %cfive = arith.constant 5 : index
  xmp.loop (%i) = (%c0) to (%cfive) step (%c1) on @t1 [0] margin [3:0] {
    %h = func.call @h1(%i) : (index) -> f64
    func.call @rec(%sig, %b6, %h, %one) : (memref<168xf64>, index, f64, f64) -> ()
  }
  // L5: visits counted in %v (zero over the whole local block first).
  %v = xmp.alloc : !v_t
  xmp.loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1) on @t2 [0, 1]
      expand [unbound 1:1, unbound 1:1] {
    xmp.store %zero, %v[%i, %j] : !v_t
  }
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1)
      on @t2 [0, 1] margin [unbound 1:1, 1:0] {
    %x = xmp.load %v[%i, %j] : !v_t
    %one1 = arith.constant 1.0 : f64
    %y = arith.addf %x, %one1 : f64
    xmp.store %y, %v[%i, %j] : !v_t
  }
  xmp.loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1) on @t2 [0, 1]
      expand [unbound 1:1, unbound 1:1] {
    %w = xmp.load %v[%i, %j] : !v_t
    %h = func.call @h2(%i, %j) : (index, index) -> f64
    func.call @rec(%sig, %b5, %h, %w) : (memref<168xf64>, index, f64, f64) -> ()
  }
  // Reductions over the margin iterations of every rank.
  %s50 = xmp.loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1)
      on @t2 [0, 1] margin [1:1, 1:1] reduce(add) init(%thousand) -> f64 {
    %h = func.call @h2(%i, %j) : (index, index) -> f64
    xmp.yield %h : f64
  }
  %s7:2 = xmp.device_loop (%i, %j) = (%c0, %c0) to (%c9, %c11) step (%c1, %c1)
      on @t2 [0, 1] margin [1:1, 0:1] reduce(add, max) init(%zero, %zero)
      -> (f64, f64) {
    %c5 = arith.constant 5 : index
    %c37 = arith.constant 37 : index
    %c3d = arith.constant 3 : index
    %c1d = arith.constant 1 : index
    %a = arith.addi %i, %c5 : index
    %b = arith.muli %a, %c37 : index
    %d = arith.addi %j, %c3d : index
    %e = arith.muli %d, %c3d : index
    %f = arith.addi %b, %e : index
    %g = arith.addi %f, %c1d : index
    %x = arith.index_cast %g : index to i64
    %h = arith.sitofp %x : i64 to f64
    xmp.yield %h, %h : f64, f64
  }
  xmp.reduction add %sig on @p : memref<168xf64>
  %np = xmp.num_nodes @p
  %q0 = xmp.node_size @q [0]
  %q1 = xmp.node_size @q [1]
  %pf = arith.index_cast %np : index to i64
  %pq0 = arith.index_cast %q0 : index to i64
  %pq1 = arith.index_cast %q1 : index to i64
  %fp = arith.sitofp %pf : i64 to f64
  %f0 = arith.sitofp %pq0 : i64 to f64
  %f1 = arith.sitofp %pq1 : i64 to f64
  %t1 = arith.constant 11 : i64
  %t2 = arith.constant 12 : i64
  %t3 = arith.constant 13 : i64
  func.call @xmprt_print_scalar_f64(%t1, %fp) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t2, %f0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t3, %f1) : (i64, f64) -> ()
  %t50 = arith.constant 50 : i64
  %t70 = arith.constant 70 : i64
  %t71 = arith.constant 71 : i64
  func.call @xmprt_print_scalar_f64(%t50, %s50) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t70, %s7#0) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t71, %s7#1) : (i64, f64) -> ()
  // value<1000 + 100 L + 10 r + m> = sig[(8 L + r) * 3 + m]
  %c7 = arith.constant 7 : index
  scf.for %l = %c0 to %c7 step %c1 {
    scf.for %r = %c0 to %c8 step %c1 {
      scf.for %m = %c0 to %c3 step %c1 {
        %l8 = arith.muli %l, %c8 : index
        %lr = arith.addi %l8, %r : index
        %lr3 = arith.muli %lr, %c3 : index
        %k = arith.addi %lr3, %m : index
        %val = memref.load %sig[%k] : memref<168xf64>
        %c100 = arith.constant 100 : index
        %c10 = arith.constant 10 : index
        %c1000 = arith.constant 1000 : index
        %tl = arith.muli %l, %c100 : index
        %tr = arith.muli %r, %c10 : index
        %ta = arith.addi %tl, %tr : index
        %tb = arith.addi %ta, %m : index
        %tc = arith.addi %tb, %c1000 : index
        %tag = arith.index_cast %tc : index to i64
        func.call @xmprt_print_scalar_f64(%tag, %val) : (i64, f64) -> ()
      }
    }
  }
  xmp.dealloc %v : !v_t
  return
}
