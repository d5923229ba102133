// RUN: xmp-opt %s | FileCheck %s
// RUN: xmp-opt %s | xmp-opt | FileCheck %s
// RUN: xmp-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// The forms of !xmp.darray and of the xmp attributes, and how they print:
// zero offsets and zero shadows are the defaults and are not printed.

xmp.nodes @p(shape = 2x2)
xmp.nodes @q(shape = ?)
xmp.template @t(shape = 64x64)
xmp.template @u(shape = ?x32)
xmp.template @v(shape = 100)
xmp.distribute @t onto @p [block, block]
xmp.distribute @u onto @p [block, cyclic(1)]
xmp.distribute @v onto @q [cyclic(4)]

// CHECK-DAG: = !xmp.darray<64x64xf64, @t, align [0, 1]>{{$}}
// CHECK-DAG: = !xmp.darray<60x64xf32, @t, align [0, 1], offset [4, 0]>{{$}}
// CHECK-DAG: = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:2, 0:0]>{{$}}
// CHECK-DAG: = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [*, 1:1]>{{$}}
// CHECK-DAG: = !xmp.darray<8x64xi32, @t, align [*, 1]>{{$}}
// CHECK-DAG: = !xmp.darray<64x64xf64, @t, align [1, 0]>{{$}}
// CHECK-DAG: = !xmp.darray<?x32xcomplex<f32>, @u, align [0, 1]>{{$}}
// CHECK-DAG: = !xmp.darray<64xf64, @t, align [1]>{{$}}
// CHECK-DAG: = !xmp.darray<?xi64, @v, align [0], shadow [*]>{{$}}

// CHECK: xmp.nodes @p(shape = 2x2)
// CHECK: xmp.nodes @q(shape = ?)
// CHECK: xmp.template @u(shape = ?x32)
// cyclic(1) prints as cyclic.
// CHECK: xmp.distribute @u onto @p [block, cyclic]
// CHECK: xmp.distribute @v onto @q [cyclic(4)]
// GENERIC: "xmp.distribute"() <{formats = [#xmp.dist<block>, #xmp.dist<cyclic>], nodes = @p, tmpl = @u}>
// GENERIC: "xmp.distribute"() <{formats = [#xmp.dist<cyclic(4)>], nodes = @q, tmpl = @v}>

// Explicit zero offsets and shadows are dropped when printed.
// CHECK-LABEL: func.func @defaults
// CHECK-SAME: (%{{.*}}: !darray{{[0-9]*}})
func.func @defaults(%a: !xmp.darray<64x64xf64, @t, align [0, 1], offset [0, 0], shadow [0:0, 0:0]>) { return }

// a[i][j] sits on t(i + 4, j).
// CHECK-LABEL: func.func @offset
func.func @offset(%a: !xmp.darray<60x64xf32, @t, align [0, 1], offset [4, 0]>) { return }

// CHECK-LABEL: func.func @shadow
func.func @shadow(%a: !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:2, 0:0]>) { return }

// Full shadow on dimension 0: every node holds it whole.
// CHECK-LABEL: func.func @full_shadow
func.func @full_shadow(%a: !xmp.darray<64x64xf64, @t, align [0, 1], shadow [*, 1:1]>) { return }

// Dimension 0 is not aligned: every node holds all 8 rows.
// CHECK-LABEL: func.func @not_aligned
func.func @not_aligned(%a: !xmp.darray<8x64xi32, @t, align [*, 1]>) { return }

// CHECK-LABEL: func.func @transposed
func.func @transposed(%a: !xmp.darray<64x64xf64, @t, align [1, 0]>) { return }

// Only template dimension 1 is followed: replicated along grid axis 0.
// CHECK-LABEL: func.func @replicated
func.func @replicated(%a: !xmp.darray<64xf64, @t, align [1]>) { return }

// Dynamic sizes are given to xmp.alloc in order; a full shadow is allowed on
// a cyclic dimension (it is an all-gather).
// CHECK-LABEL: func.func @dynamic
// CHECK: xmp.template_fix @u(%{{.*}})
// CHECK: xmp.alloc(%{{.*}}) : !darray
// CHECK: xmp.alloc(%{{.*}}) : !darray
func.func @dynamic(%n: index) {
  xmp.template_fix @u(%n)
  %a = xmp.alloc(%n) : !xmp.darray<?x32xcomplex<f32>, @u, align [0, 1]>
  %b = xmp.alloc(%n) : !xmp.darray<?xi64, @v, align [0], shadow [*]>
  return
}

// A shadow as wide as the smallest block is accepted (64 / 2 = 32).
// CHECK-LABEL: func.func @widest_shadow
func.func @widest_shadow() {
  %a = xmp.alloc : !xmp.darray<64x64xf64, @t, align [0, 1], shadow [32:32, 0:0]>
  return
}

// The standalone attributes.
// CHECK-LABEL: func.func @attrs
// CHECK-SAME: b = #xmp.dist<block>
// CHECK-SAME: c = #xmp.dist<cyclic>
// CHECK-SAME: c4 = #xmp.dist<cyclic(4)>
// CHECK-SAME: ch = #xmp.channel<tca>
// CHECK-SAME: g = #xmp.dist<gblock([1, 2])>
// CHECK-SAME: n = #xmp.dist<*>
// CHECK-SAME: r = #xmp.reduction<and>
// CHECK-SAME: s = #xmp.sync<out>
func.func @attrs() attributes {
  c = #xmp.dist<cyclic(1)>, c4 = #xmp.dist<cyclic(4)>, b = #xmp.dist<block>,
  g = #xmp.dist<gblock([1, 2])>, n = #xmp.dist<*>, ch = #xmp.channel<tca>,
  r = #xmp.reduction<and>, s = #xmp.sync<out>} { return }

// The reflect `channels [...]` short form holds #xmp.channel attributes;
// loops keep their template in the `tmpl` attribute.
// CHECK-LABEL: func.func @channels
// CHECK: xmp.reflect %{{.*}} acc channels [tca, none] : !darray
// GENERIC-LABEL: "func.func"
// GENERIC: "xmp.reflect"(%{{.*}}) <{acc, channels = [#xmp.channel<tca>, #xmp.channel<none>]}>
// GENERIC: "xmp.loop"
// GENERIC-SAME: tmpl = @t
func.func @channels(%a: !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 0:0]>, %c0: index) {
  xmp.reflect %a acc channels [tca, none] : !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 0:0]>
  xmp.loop (%i) = (%c0) to (%c0) step (%c0) on @t [0] {
  }
  return
}
