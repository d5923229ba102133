// PARITY-REF-NP
// Parity suite: orthogonal reflects and reduce_shadow (XMP's `reflect ...
// orthogonal` and `reduce_shadow`), on host data in the CPU build and on
// device instances (`acc`, outside replicate regions) in the GPU build.
// Every rank writes its whole box -- its owned piece and the shadow around
// it, local indices [0, slo + n + shi) per dimension -- into row `rank` of
// a replicated darray, which is summed over the ranks; rank 0 prints every
// element (key TAG * 10000 + rank * 600 + index in the box, row-major), so
// that every shadow element of every rank is checked against
// shadow_ops_ref.c, which emulates NP ranks (the grids are `?`, `?x?` and
// `?x?x?`: their shapes depend on NP and are printed first, tags
// 9001-9006).
// Arrays (1-D and 2-D ones are viewed as 3-D with leading dimensions of
// one element, as the reference does):
//   !a1 : 10 on @g1, shadow [2:1]        (10 on 3, 6, 7 ranks: uneven and
//                                         empty pieces, a halo spanning two
//                                         owners)
//   !a1n: 10 on @g1, shadow [1:2]
//   !a2 : 9x7 on @g2, shadow [2:1, 1:2]
//   !a2t: 10x11, dimension 0 on grid axis 1, dimension 1 on axis 0 (a 2x3
//         decomposition of the array on 6 ranks), shadow [1:1, 1:1]
//   !a3 : 7x6x5 on @g3, shadow [1:1, 2:1, 1:1]
// Reflects (tags 10-19): owned elements hold 1 + 10000 g0 + 100 g1 + g2 +
// 1000000 round, shadows -1. An orthogonal reflect must fill the faces in
// its widths (periodic or inside the array) exactly as the plain reflect
// of an identical array does, and leave every corner at -1:
//   10 a1 orthogonal (reflect_init + start/wait), periodic; 11 the plain
//   reflect; 12 round 1 through the plan's reflect_do;
//   13/14 a2 orthogonal / plain xmp.reflect, periodic [true, false];
//   15/16 a2t orthogonal (reflect_init + reflect_do) / plain, width
//         [1:0, 1:1], not periodic;
//   17/18 a3 orthogonal (start/wait) / plain, periodic [true, true, false];
//   19 round 1 of 17 through reflect_do.
// reduce_shadow (tags 20-27): shadow elements hold small numbers (rank,
// index and round), which they keep; every owned element becomes its value
// plus those of all its copies in the widths, corners included:
//   20/21 a1 periodic, two rounds of the same op (its cached plan);
//   22 a1n, not periodic (shadow elements outside the array are ignored);
//   23/24 a2 periodic [true, false], two rounds, split
//         (reduce_shadow_init in the loop, reflect_start / reflect_wait);
//   25 a2t width [1:0, 1:1], periodic [false, true];
//   26/27 a3 width [1:1, 1:1, 1:0] (less than the shadow in dimension 1),
//         periodic [true, false, true], two rounds of one
//         reduce_shadow_init's plan through reflect_do.
// reduce_shadow max / min (tags 28-31): the owned elements start at
// 0.5 + 1 + (13 g0 + 7 g1 + 3 g2 + 5 round) mod 97, the range of the
// shadows' values, so that some keep theirs and others take a copy's;
// each owned element becomes the max / min of its value and its copies':
//   28 a2 max, periodic [true, false]; 29 a2 min, round 1;
//   30 a3 max width [1:1, 1:1, 1:0], periodic [true, false, true];
//   31 a1 min, periodic (a halo spanning two owners on 6 and 7 ranks).
xmp.nodes @g1(shape = ?)
xmp.nodes @g2(shape = ?x?)
xmp.nodes @g3(shape = ?x?x?)
xmp.template @t1(shape = 10)
xmp.distribute @t1 onto @g1 [block]
xmp.template @t2(shape = 9x7)
xmp.distribute @t2 onto @g2 [block, block]
xmp.template @t2t(shape = 11x10)
xmp.distribute @t2t onto @g2 [block, block]
xmp.template @t3(shape = 7x6x5)
xmp.distribute @t3 onto @g3 [block, block, block]
xmp.template @td(shape = 8)
xmp.distribute @td onto @g1 [block]

!d_t = !xmp.darray<8x600xf64, @td, align [*, *]>
!a1 = !xmp.darray<10xf64, @t1, align [0], shadow [2:1]>
!a1n = !xmp.darray<10xf64, @t1, align [0], shadow [1:2]>
!a2 = !xmp.darray<9x7xf64, @t2, align [0, 1], shadow [2:1, 1:2]>
!a2t = !xmp.darray<10x11xf64, @t2t, align [1, 0], shadow [1:1, 1:1]>
!a3 = !xmp.darray<7x6x5xf64, @t3, align [0, 1, 2], shadow [1:1, 2:1, 1:1]>
!v3 = memref<?x?x?xf64>
!geo = memref<3x4xindex>

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @f64(%x: index) -> f64 {
  %i = arith.index_cast %x : index to i64
  %f = arith.sitofp %i : i64 to f64
  return %f : f64
}

// 1 + 10000 g0 + 100 g1 + g2 + 1000000 round
func.func @val(%g0: index, %g1: index, %g2: index, %round: index) -> f64 {
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %c10000 = arith.constant 10000 : index
  %c1000000 = arith.constant 1000000 : index
  %a = arith.muli %g0, %c10000 : index
  %b = arith.muli %g1, %c100 : index
  %c = arith.muli %round, %c1000000 : index
  %s0 = arith.addi %a, %b : index
  %s1 = arith.addi %s0, %g2 : index
  %s2 = arith.addi %s1, %c : index
  %s3 = arith.addi %s2, %c1 : index
  %f = func.call @f64(%s3) : (index) -> f64
  return %f : f64
}

// A shadow element's value for reduce_shadow: 1 + (37 r + 11 k + 5 round) mod 97.
func.func @hval(%r: index, %k: index, %round: index) -> f64 {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c11 = arith.constant 11 : index
  %c37 = arith.constant 37 : index
  %c97 = arith.constant 97 : index
  %a = arith.muli %r, %c37 : index
  %b = arith.muli %k, %c11 : index
  %c = arith.muli %round, %c5 : index
  %s0 = arith.addi %a, %b : index
  %s1 = arith.addi %s0, %c : index
  %m = arith.remui %s1, %c97 : index
  %s2 = arith.addi %m, %c1 : index
  %f = func.call @f64(%s2) : (index) -> f64
  return %f : f64
}

// An owned element's value for reduce_shadow max / min:
// 0.5 + 1 + (13 g0 + 7 g1 + 3 g2 + 5 round) mod 97.
func.func @oval(%g0: index, %g1: index, %g2: index, %round: index) -> f64 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c97 = arith.constant 97 : index
  %half = arith.constant 0.5 : f64
  %a = arith.muli %g0, %c13 : index
  %b = arith.muli %g1, %c7 : index
  %c = arith.muli %g2, %c3 : index
  %d = arith.muli %round, %c5 : index
  %s0 = arith.addi %a, %b : index
  %s1 = arith.addi %s0, %c : index
  %s2 = arith.addi %s1, %d : index
  %m = arith.remui %s2, %c97 : index
  %s3 = arith.addi %m, %c1 : index
  %f = func.call @f64(%s3) : (index) -> f64
  %h = arith.addf %f, %half : f64
  return %h : f64
}

// Whether box index i of a dimension is owned: slo <= i < slo + n.
func.func @owned(%geo: !geo, %d: index, %i: index) -> i1 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.load %geo[%d, %c1] : !geo
  %slo = memref.load %geo[%d, %c2] : !geo
  %end = arith.addi %slo, %n : index
  %ge = arith.cmpi sge, %i, %slo : index
  %lt = arith.cmpi slt, %i, %end : index
  %o = arith.andi %ge, %lt : i1
  return %o : i1
}

// Global index of box index i: lo - slo + i.
func.func @global(%geo: !geo, %d: index, %i: index) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %lo = memref.load %geo[%d, %c0] : !geo
  %slo = memref.load %geo[%d, %c2] : !geo
  %a = arith.subi %lo, %slo : index
  %g = arith.addi %a, %i : index
  return %g : index
}

// Fills the box of geometry geo (per dimension: owned lo, owned count n,
// shadow lo, box extent): owned elements their value, the others -1
// (mode 0) or hval (mode 1); mode 2: hval, the owned elements oval.
func.func @fill(%v: !v3, %geo: !geo, %r: index, %round: index, %mode: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1.0 : f64
  %e0 = memref.load %geo[%c0, %c3] : !geo
  %e1 = memref.load %geo[%c1, %c3] : !geo
  %e2 = memref.load %geo[%c2, %c3] : !geo
  %isred = arith.cmpi ne, %mode, %c0 : index
  %isord = arith.cmpi eq, %mode, %c2 : index
  scf.for %i0 = %c0 to %e0 step %c1 {
    scf.for %i1 = %c0 to %e1 step %c1 {
      scf.for %i2 = %c0 to %e2 step %c1 {
        %o0 = func.call @owned(%geo, %c0, %i0) : (!geo, index, index) -> i1
        %o1 = func.call @owned(%geo, %c1, %i1) : (!geo, index, index) -> i1
        %o2 = func.call @owned(%geo, %c2, %i2) : (!geo, index, index) -> i1
        %o01 = arith.andi %o0, %o1 : i1
        %o = arith.andi %o01, %o2 : i1
        %x = scf.if %o -> (f64) {
          %g0 = func.call @global(%geo, %c0, %i0) : (!geo, index, index) -> index
          %g1 = func.call @global(%geo, %c1, %i1) : (!geo, index, index) -> index
          %g2 = func.call @global(%geo, %c2, %i2) : (!geo, index, index) -> index
          %w = scf.if %isord -> (f64) {
            %wo = func.call @oval(%g0, %g1, %g2, %round) : (index, index, index, index) -> f64
            scf.yield %wo : f64
          } else {
            %wv = func.call @val(%g0, %g1, %g2, %round) : (index, index, index, index) -> f64
            scf.yield %wv : f64
          }
          scf.yield %w : f64
        } else {
          %y = scf.if %isred -> (f64) {
            %k0 = arith.muli %i0, %e1 : index
            %k1 = arith.addi %k0, %i1 : index
            %k2 = arith.muli %k1, %e2 : index
            %k = arith.addi %k2, %i2 : index
            %h = func.call @hval(%r, %k, %round) : (index, index, index) -> f64
            scf.yield %h : f64
          } else {
            scf.yield %m1 : f64
          }
          scf.yield %y : f64
        }
        memref.store %x, %v[%i0, %i1, %i2] : !v3
      }
    }
  }
  return
}

// Row r of the dump gets the box, row-major, unless this rank owns nothing
// in some dimension.
func.func @dump(%v: !v3, %geo: !geo, %dv: memref<8x600xf64>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n0 = memref.load %geo[%c0, %c1] : !geo
  %n1 = memref.load %geo[%c1, %c1] : !geo
  %n2 = memref.load %geo[%c2, %c1] : !geo
  %z0 = arith.cmpi eq, %n0, %c0 : index
  %z1 = arith.cmpi eq, %n1, %c0 : index
  %z2 = arith.cmpi eq, %n2, %c0 : index
  %z01 = arith.ori %z0, %z1 : i1
  %z = arith.ori %z01, %z2 : i1
  scf.if %z {
  } else {
    %e0 = memref.load %geo[%c0, %c3] : !geo
    %e1 = memref.load %geo[%c1, %c3] : !geo
    %e2 = memref.load %geo[%c2, %c3] : !geo
    scf.for %i0 = %c0 to %e0 step %c1 {
      scf.for %i1 = %c0 to %e1 step %c1 {
        scf.for %i2 = %c0 to %e2 step %c1 {
          %k0 = arith.muli %i0, %e1 : index
          %k1 = arith.addi %k0, %i1 : index
          %k2 = arith.muli %k1, %e2 : index
          %k = arith.addi %k2, %i2 : index
          %x = memref.load %v[%i0, %i1, %i2] : !v3
          memref.store %x, %dv[%r, %k] : memref<8x600xf64>
        }
      }
    }
  }
  return
}

// Sums the dumps over the ranks, prints every element written (rank 0),
// clears the dump.
func.func @flush(%d: !d_t, %dv: memref<8x600xf64>, %tag: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c600 = arith.constant 600 : index
  %c10000 = arith.constant 10000 : index
  %zero = arith.constant 0.0 : f64
  xmp.reduction add %d on @g1 : !d_t
  %base = arith.muli %tag, %c10000 : index
  scf.for %r = %c0 to %c8 step %c1 {
    scf.for %k = %c0 to %c600 step %c1 {
      %x = memref.load %dv[%r, %k] : memref<8x600xf64>
      %set = arith.cmpf one, %x, %zero : f64
      scf.if %set {
        %rk = arith.muli %r, %c600 : index
        %t0 = arith.addi %base, %rk : index
        %t = arith.addi %t0, %k : index
        %ti = arith.index_cast %t : index to i64
        func.call @xmprt_print_scalar_f64(%ti, %x) : (i64, f64) -> ()
      }
      memref.store %zero, %dv[%r, %k] : memref<8x600xf64>
    }
  }
  return
}

// Geometry row d: owned lo, count, shadow lo, box extent.
func.func @setgeo(%geo: !geo, %d: index, %lo: index, %hi: index, %slo: index, %shi: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = arith.subi %hi, %lo : index
  %e0 = arith.addi %slo, %n : index
  %e = arith.addi %e0, %shi : index
  memref.store %lo, %geo[%d, %c0] : !geo
  memref.store %n, %geo[%d, %c1] : !geo
  memref.store %slo, %geo[%d, %c2] : !geo
  memref.store %e, %geo[%d, %c3] : !geo
  return
}

// A leading dimension of one element.
func.func @unitgeo(%geo: !geo, %d: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  func.call @setgeo(%geo, %d, %c0, %c1, %c0, %c0) : (!geo, index, index, index, index, index) -> ()
  return
}

func.func @prep_a1(%a: !a1, %lv: memref<?xf64>, %geo: !geo) -> !v3 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %lv, %c0 : memref<?xf64>
  %e = memref.expand_shape %lv [[0, 1, 2]] output_shape [1, 1, %n] : memref<?xf64> into memref<1x1x?xf64>
  %v = memref.cast %e : memref<1x1x?xf64> to !v3
  func.call @unitgeo(%geo, %c0) : (!geo, index) -> ()
  func.call @unitgeo(%geo, %c1) : (!geo, index) -> ()
  %lo, %hi = xmp.local_bounds %a[0] : !a1
  func.call @setgeo(%geo, %c2, %lo, %hi, %c2, %c1) : (!geo, index, index, index, index, index) -> ()
  return %v : !v3
}

func.func @prep_a1n(%a: !a1n, %lv: memref<?xf64>, %geo: !geo) -> !v3 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %lv, %c0 : memref<?xf64>
  %e = memref.expand_shape %lv [[0, 1, 2]] output_shape [1, 1, %n] : memref<?xf64> into memref<1x1x?xf64>
  %v = memref.cast %e : memref<1x1x?xf64> to !v3
  func.call @unitgeo(%geo, %c0) : (!geo, index) -> ()
  func.call @unitgeo(%geo, %c1) : (!geo, index) -> ()
  %lo, %hi = xmp.local_bounds %a[0] : !a1n
  func.call @setgeo(%geo, %c2, %lo, %hi, %c1, %c2) : (!geo, index, index, index, index, index) -> ()
  return %v : !v3
}

func.func @prep_a2(%a: !a2, %lv: memref<?x?xf64>, %geo: !geo) -> !v3 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n0 = memref.dim %lv, %c0 : memref<?x?xf64>
  %n1 = memref.dim %lv, %c1 : memref<?x?xf64>
  %e = memref.expand_shape %lv [[0, 1], [2]] output_shape [1, %n0, %n1] : memref<?x?xf64> into memref<1x?x?xf64>
  %v = memref.cast %e : memref<1x?x?xf64> to !v3
  func.call @unitgeo(%geo, %c0) : (!geo, index) -> ()
  %lo0, %hi0 = xmp.local_bounds %a[0] : !a2
  func.call @setgeo(%geo, %c1, %lo0, %hi0, %c2, %c1) : (!geo, index, index, index, index, index) -> ()
  %lo1, %hi1 = xmp.local_bounds %a[1] : !a2
  func.call @setgeo(%geo, %c2, %lo1, %hi1, %c1, %c2) : (!geo, index, index, index, index, index) -> ()
  return %v : !v3
}

func.func @prep_a2t(%a: !a2t, %lv: memref<?x?xf64>, %geo: !geo) -> !v3 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n0 = memref.dim %lv, %c0 : memref<?x?xf64>
  %n1 = memref.dim %lv, %c1 : memref<?x?xf64>
  %e = memref.expand_shape %lv [[0, 1], [2]] output_shape [1, %n0, %n1] : memref<?x?xf64> into memref<1x?x?xf64>
  %v = memref.cast %e : memref<1x?x?xf64> to !v3
  func.call @unitgeo(%geo, %c0) : (!geo, index) -> ()
  %lo0, %hi0 = xmp.local_bounds %a[0] : !a2t
  func.call @setgeo(%geo, %c1, %lo0, %hi0, %c1, %c1) : (!geo, index, index, index, index, index) -> ()
  %lo1, %hi1 = xmp.local_bounds %a[1] : !a2t
  func.call @setgeo(%geo, %c2, %lo1, %hi1, %c1, %c1) : (!geo, index, index, index, index, index) -> ()
  return %v : !v3
}

func.func @prep_a3(%a: !a3, %lv: memref<?x?x?xf64>, %geo: !geo) -> !v3 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = memref.cast %lv : memref<?x?x?xf64> to !v3
  %lo0, %hi0 = xmp.local_bounds %a[0] : !a3
  func.call @setgeo(%geo, %c0, %lo0, %hi0, %c1, %c1) : (!geo, index, index, index, index, index) -> ()
  %lo1, %hi1 = xmp.local_bounds %a[1] : !a3
  func.call @setgeo(%geo, %c1, %lo1, %hi1, %c2, %c1) : (!geo, index, index, index, index, index) -> ()
  %lo2, %hi2 = xmp.local_bounds %a[2] : !a3
  func.call @setgeo(%geo, %c2, %lo2, %hi2, %c1, %c1) : (!geo, index, index, index, index, index) -> ()
  return %v : !v3
}

// Tags 10-19.
func.func @reflects(%d: !d_t, %dv: memref<8x600xf64>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t10 = arith.constant 10 : index
  %t11 = arith.constant 11 : index
  %t12 = arith.constant 12 : index
  %t13 = arith.constant 13 : index
  %t14 = arith.constant 14 : index
  %t15 = arith.constant 15 : index
  %t16 = arith.constant 16 : index
  %t17 = arith.constant 17 : index
  %t18 = arith.constant 18 : index
  %t19 = arith.constant 19 : index
  %geo = memref.alloca() : !geo

  %a1 = xmp.alloc : !a1
  %lv_a1 = xmp.local_view %a1 : !a1 -> memref<?xf64>
  %b1 = xmp.alloc : !a1
  %lv_b1 = xmp.local_view %b1 : !a1 -> memref<?xf64>
  %p1 = xmp.reflect_init %a1 periodic [true] orthogonal acc : !a1 -> !xmp.reflect_plan
  %va1 = func.call @prep_a1(%a1, %lv_a1, %geo) : (!a1, memref<?xf64>, !geo) -> !v3
  func.call @fill(%va1, %geo, %r, %c0, %c0) : (!v3, !geo, index, index, index) -> ()
  %tk1 = xmp.reflect_start %p1
  xmp.reflect_wait %tk1
  func.call @dump(%va1, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t10) : (!d_t, memref<8x600xf64>, index) -> ()
  %vb1 = func.call @prep_a1(%b1, %lv_b1, %geo) : (!a1, memref<?xf64>, !geo) -> !v3
  func.call @fill(%vb1, %geo, %r, %c0, %c0) : (!v3, !geo, index, index, index) -> ()
  xmp.reflect %b1 periodic [true] acc : !a1
  func.call @dump(%vb1, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t11) : (!d_t, memref<8x600xf64>, index) -> ()
  %wa1 = func.call @prep_a1(%a1, %lv_a1, %geo) : (!a1, memref<?xf64>, !geo) -> !v3
  func.call @fill(%wa1, %geo, %r, %c1, %c0) : (!v3, !geo, index, index, index) -> ()
  xmp.reflect_do %p1
  func.call @dump(%wa1, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t12) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %a1 : !a1
  xmp.dealloc %b1 : !a1

  %a2 = xmp.alloc : !a2
  %lv_a2 = xmp.local_view %a2 : !a2 -> memref<?x?xf64>
  %b2 = xmp.alloc : !a2
  %lv_b2 = xmp.local_view %b2 : !a2 -> memref<?x?xf64>
  %va2 = func.call @prep_a2(%a2, %lv_a2, %geo) : (!a2, memref<?x?xf64>, !geo) -> !v3
  func.call @fill(%va2, %geo, %r, %c0, %c0) : (!v3, !geo, index, index, index) -> ()
  xmp.reflect %a2 periodic [true, false] orthogonal acc : !a2
  func.call @dump(%va2, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t13) : (!d_t, memref<8x600xf64>, index) -> ()
  %vb2 = func.call @prep_a2(%b2, %lv_b2, %geo) : (!a2, memref<?x?xf64>, !geo) -> !v3
  func.call @fill(%vb2, %geo, %r, %c0, %c0) : (!v3, !geo, index, index, index) -> ()
  xmp.reflect %b2 periodic [true, false] acc : !a2
  func.call @dump(%vb2, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t14) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %a2 : !a2
  xmp.dealloc %b2 : !a2

  %at = xmp.alloc : !a2t
  %lv_at = xmp.local_view %at : !a2t -> memref<?x?xf64>
  %bt = xmp.alloc : !a2t
  %lv_bt = xmp.local_view %bt : !a2t -> memref<?x?xf64>
  %pt = xmp.reflect_init %at width [1:0, 1:1] orthogonal acc : !a2t -> !xmp.reflect_plan
  %vat = func.call @prep_a2t(%at, %lv_at, %geo) : (!a2t, memref<?x?xf64>, !geo) -> !v3
  func.call @fill(%vat, %geo, %r, %c0, %c0) : (!v3, !geo, index, index, index) -> ()
  xmp.reflect_do %pt
  func.call @dump(%vat, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t15) : (!d_t, memref<8x600xf64>, index) -> ()
  %vbt = func.call @prep_a2t(%bt, %lv_bt, %geo) : (!a2t, memref<?x?xf64>, !geo) -> !v3
  func.call @fill(%vbt, %geo, %r, %c0, %c0) : (!v3, !geo, index, index, index) -> ()
  xmp.reflect %bt width [1:0, 1:1] acc : !a2t
  func.call @dump(%vbt, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t16) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %at : !a2t
  xmp.dealloc %bt : !a2t

  %a3 = xmp.alloc : !a3
  %lv_a3 = xmp.local_view %a3 : !a3 -> memref<?x?x?xf64>
  %b3 = xmp.alloc : !a3
  %lv_b3 = xmp.local_view %b3 : !a3 -> memref<?x?x?xf64>
  %p3 = xmp.reflect_init %a3 periodic [true, true, false] orthogonal acc : !a3 -> !xmp.reflect_plan
  %va3 = func.call @prep_a3(%a3, %lv_a3, %geo) : (!a3, memref<?x?x?xf64>, !geo) -> !v3
  func.call @fill(%va3, %geo, %r, %c0, %c0) : (!v3, !geo, index, index, index) -> ()
  %tk3 = xmp.reflect_start %p3
  xmp.reflect_wait %tk3
  func.call @dump(%va3, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t17) : (!d_t, memref<8x600xf64>, index) -> ()
  %vb3 = func.call @prep_a3(%b3, %lv_b3, %geo) : (!a3, memref<?x?x?xf64>, !geo) -> !v3
  func.call @fill(%vb3, %geo, %r, %c0, %c0) : (!v3, !geo, index, index, index) -> ()
  xmp.reflect %b3 periodic [true, true, false] acc : !a3
  func.call @dump(%vb3, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t18) : (!d_t, memref<8x600xf64>, index) -> ()
  %wa3 = func.call @prep_a3(%a3, %lv_a3, %geo) : (!a3, memref<?x?x?xf64>, !geo) -> !v3
  func.call @fill(%wa3, %geo, %r, %c1, %c0) : (!v3, !geo, index, index, index) -> ()
  xmp.reflect_do %p3
  func.call @dump(%wa3, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t19) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %a3 : !a3
  xmp.dealloc %b3 : !a3
  return
}

// Tags 20-27.
func.func @reductions(%d: !d_t, %dv: memref<8x600xf64>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t20 = arith.constant 20 : index
  %t22 = arith.constant 22 : index
  %t23 = arith.constant 23 : index
  %t25 = arith.constant 25 : index
  %t26 = arith.constant 26 : index
  %geo = memref.alloca() : !geo

  %a1 = xmp.alloc : !a1
  %lv_a1 = xmp.local_view %a1 : !a1 -> memref<?xf64>
  scf.for %round = %c0 to %c2 step %c1 {
    %v = func.call @prep_a1(%a1, %lv_a1, %geo) : (!a1, memref<?xf64>, !geo) -> !v3
    func.call @fill(%v, %geo, %r, %round, %c1) : (!v3, !geo, index, index, index) -> ()
    xmp.reduce_shadow %a1 periodic [true] acc : !a1
    func.call @dump(%v, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
    %t = arith.addi %t20, %round : index
    func.call @flush(%d, %dv, %t) : (!d_t, memref<8x600xf64>, index) -> ()
  }
  xmp.dealloc %a1 : !a1

  %an = xmp.alloc : !a1n
  %lv_an = xmp.local_view %an : !a1n -> memref<?xf64>
  %vn = func.call @prep_a1n(%an, %lv_an, %geo) : (!a1n, memref<?xf64>, !geo) -> !v3
  func.call @fill(%vn, %geo, %r, %c0, %c1) : (!v3, !geo, index, index, index) -> ()
  xmp.reduce_shadow %an width [1:2] acc : !a1n
  func.call @dump(%vn, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t22) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %an : !a1n

  %a2 = xmp.alloc : !a2
  %lv_a2 = xmp.local_view %a2 : !a2 -> memref<?x?xf64>
  scf.for %round = %c0 to %c2 step %c1 {
    %v = func.call @prep_a2(%a2, %lv_a2, %geo) : (!a2, memref<?x?xf64>, !geo) -> !v3
    func.call @fill(%v, %geo, %r, %round, %c1) : (!v3, !geo, index, index, index) -> ()
    // Split (XMP's async): the plan of this op, the same both rounds.
    %p = xmp.reduce_shadow_init %a2 periodic [true, false] acc : !a2 -> !xmp.reflect_plan
    %tk = xmp.reflect_start %p
    xmp.reflect_wait %tk
    func.call @dump(%v, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
    %t = arith.addi %t23, %round : index
    func.call @flush(%d, %dv, %t) : (!d_t, memref<8x600xf64>, index) -> ()
  }
  xmp.dealloc %a2 : !a2

  %at = xmp.alloc : !a2t
  %lv_at = xmp.local_view %at : !a2t -> memref<?x?xf64>
  %vt = func.call @prep_a2t(%at, %lv_at, %geo) : (!a2t, memref<?x?xf64>, !geo) -> !v3
  func.call @fill(%vt, %geo, %r, %c0, %c1) : (!v3, !geo, index, index, index) -> ()
  xmp.reduce_shadow %at width [1:0, 1:1] periodic [false, true] acc : !a2t
  func.call @dump(%vt, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t25) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %at : !a2t

  %a3 = xmp.alloc : !a3
  %lv_a3 = xmp.local_view %a3 : !a3 -> memref<?x?x?xf64>
  %p3 = xmp.reduce_shadow_init %a3 width [1:1, 1:1, 1:0] periodic [true, false, true] acc : !a3 -> !xmp.reflect_plan
  scf.for %round = %c0 to %c2 step %c1 {
    %v = func.call @prep_a3(%a3, %lv_a3, %geo) : (!a3, memref<?x?x?xf64>, !geo) -> !v3
    func.call @fill(%v, %geo, %r, %round, %c1) : (!v3, !geo, index, index, index) -> ()
    xmp.reflect_do %p3
    func.call @dump(%v, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
    %t = arith.addi %t26, %round : index
    func.call @flush(%d, %dv, %t) : (!d_t, memref<8x600xf64>, index) -> ()
  }
  xmp.dealloc %a3 : !a3
  func.call @orders(%d, %dv, %r) : (!d_t, memref<8x600xf64>, index) -> ()
  return
}

// Tags 28-31: reduce_shadow max and min.
func.func @orders(%d: !d_t, %dv: memref<8x600xf64>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t28 = arith.constant 28 : index
  %t29 = arith.constant 29 : index
  %t30 = arith.constant 30 : index
  %t31 = arith.constant 31 : index
  %geo = memref.alloca() : !geo

  %a2 = xmp.alloc : !a2
  %lv_a2 = xmp.local_view %a2 : !a2 -> memref<?x?xf64>
  %v2 = func.call @prep_a2(%a2, %lv_a2, %geo) : (!a2, memref<?x?xf64>, !geo) -> !v3
  func.call @fill(%v2, %geo, %r, %c0, %c2) : (!v3, !geo, index, index, index) -> ()
  xmp.reduce_shadow max %a2 periodic [true, false] acc : !a2
  func.call @dump(%v2, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t28) : (!d_t, memref<8x600xf64>, index) -> ()
  %w2 = func.call @prep_a2(%a2, %lv_a2, %geo) : (!a2, memref<?x?xf64>, !geo) -> !v3
  func.call @fill(%w2, %geo, %r, %c1, %c2) : (!v3, !geo, index, index, index) -> ()
  xmp.reduce_shadow min %a2 periodic [true, false] acc : !a2
  func.call @dump(%w2, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t29) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %a2 : !a2

  %a3 = xmp.alloc : !a3
  %lv_a3 = xmp.local_view %a3 : !a3 -> memref<?x?x?xf64>
  %v3 = func.call @prep_a3(%a3, %lv_a3, %geo) : (!a3, memref<?x?x?xf64>, !geo) -> !v3
  func.call @fill(%v3, %geo, %r, %c0, %c2) : (!v3, !geo, index, index, index) -> ()
  xmp.reduce_shadow max %a3 width [1:1, 1:1, 1:0] periodic [true, false, true] acc : !a3
  func.call @dump(%v3, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t30) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %a3 : !a3

  %a1 = xmp.alloc : !a1
  %lv_a1 = xmp.local_view %a1 : !a1 -> memref<?xf64>
  %v1 = func.call @prep_a1(%a1, %lv_a1, %geo) : (!a1, memref<?xf64>, !geo) -> !v3
  func.call @fill(%v1, %geo, %r, %c0, %c2) : (!v3, !geo, index, index, index) -> ()
  xmp.reduce_shadow min %a1 periodic [true] acc : !a1
  func.call @dump(%v1, %geo, %dv, %r) : (!v3, !geo, memref<8x600xf64>, index) -> ()
  func.call @flush(%d, %dv, %t31) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %a1 : !a1
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %d = xmp.alloc : !d_t
  %dv = xmp.local_view %d : !d_t -> memref<8x600xf64>
  %r = xmp.node_num @g1
  // The grids (the reference computes the same shapes from NP).
  %np = xmp.num_nodes @g1
  %s20 = xmp.node_size @g2 [0]
  %s21 = xmp.node_size @g2 [1]
  %s30 = xmp.node_size @g3 [0]
  %s31 = xmp.node_size @g3 [1]
  %s32 = xmp.node_size @g3 [2]
  %sizes = memref.alloca() : memref<6xindex>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c9001 = arith.constant 9001 : index
  memref.store %np, %sizes[%c0] : memref<6xindex>
  memref.store %s20, %sizes[%c1] : memref<6xindex>
  memref.store %s21, %sizes[%c2] : memref<6xindex>
  memref.store %s30, %sizes[%c3] : memref<6xindex>
  memref.store %s31, %sizes[%c4] : memref<6xindex>
  memref.store %s32, %sizes[%c5] : memref<6xindex>
  scf.for %k = %c0 to %c6 step %c1 {
    %s = memref.load %sizes[%k] : memref<6xindex>
    %f = func.call @f64(%s) : (index) -> f64
    %t = arith.addi %k, %c9001 : index
    %ti = arith.index_cast %t : index to i64
    func.call @xmprt_print_scalar_f64(%ti, %f) : (i64, f64) -> ()
  }
  func.call @reflects(%d, %dv, %r) : (!d_t, memref<8x600xf64>, index) -> ()
  func.call @reductions(%d, %dv, %r) : (!d_t, memref<8x600xf64>, index) -> ()
  xmp.dealloc %d : !d_t
  return
}
