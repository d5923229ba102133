// RUN: xmp-opt %s -split-input-file -verify-diagnostics
// One case per verifier rule of the xmp dialect: the message names the rule.

//===----------------------------------------------------------------------===//
// Declarations: nodes, template, distribute, template_fix
//===----------------------------------------------------------------------===//

// expected-error @+1 {{grid sizes must be positive or ?, got 0}}
xmp.nodes @p(shape = 0x2)

// -----

// expected-error @+1 {{template sizes must be positive or ?, got 0}}
xmp.template @t(shape = 0)

// -----

// expected-error @+1 {{grid needs at least one dimension}}
"xmp.nodes"() <{sym_name = "p", shape = array<i64>}> : () -> ()

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
// expected-error @+1 {{needs one distribution format per template dimension}}
xmp.distribute @t onto @p []

// -----

xmp.nodes @p(shape = 2)
// expected-error @+1 {{template @nosuch is not defined}}
xmp.distribute @nosuch onto @p [block]

// -----

xmp.template @t(shape = 64)
// expected-error @+1 {{grid @nosuch is not defined}}
xmp.distribute @t onto @nosuch [block]

// -----

// Distribute onto a template instead of a grid.
xmp.template @t(shape = 64)
xmp.template @u(shape = 4)
// expected-error @+1 {{grid @u does not name an xmp.nodes (it is 'xmp.template')}}
xmp.distribute @t onto @u [block]

// -----

// Distribute a grid instead of a template.
xmp.nodes @p(shape = 2)
xmp.nodes @q(shape = 2)
// expected-error @+1 {{template @q does not name an xmp.template (it is 'xmp.nodes')}}
xmp.distribute @q onto @p [block]

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64x64)
// expected-error @+1 {{has 1 distribution formats but template @t has rank 2}}
xmp.distribute @t onto @p [block]

// -----

xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
// expected-error @+1 {{distributes 1 template dimensions but grid @p has 2 axes}}
xmp.distribute @t onto @p [block, *]

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64x64)
// expected-error @+1 {{distributes 2 template dimensions but grid @p has 1 axes}}
xmp.distribute @t onto @p [block, cyclic]

// -----

xmp.nodes @p(shape = 4)
xmp.template @t(shape = 16)
// expected-error @+1 {{gblock sizes of template dimension 0 sum to 15 but the dimension has 16 elements}}
xmp.distribute @t onto @p [gblock([3, 5, 7, 0])]

// -----

xmp.nodes @p(shape = 2x3)
xmp.template @t(shape = 8x16)
// expected-error @+1 {{gblock of template dimension 1 has 4 sizes but grid axis 1 has 3 ranks}}
xmp.distribute @t onto @p [block, gblock([4, 4, 4, 4])]

// -----

// Fewer sizes than the static axis has ranks (a dynamic axis is checked at
// run time: Integration/gblock-grid.test), also next to a dynamic axis.
xmp.nodes @p(shape = ?x3)
xmp.template @t(shape = 4x17)
// expected-error @+1 {{gblock of template dimension 1 has 2 sizes but grid axis 1 has 3 ranks}}
xmp.distribute @t onto @p [block, gblock([5, 12])]

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
// expected-error @+1 {{template @t is already distributed}}
xmp.distribute @t onto @p [cyclic]

// -----

// expected-error @+1 {{cyclic width must be at least 1, got 0}}
xmp.distribute @t onto @p [cyclic(0)]

// -----

// expected-error @+1 {{gblock sizes must be non-negative, got -1}}
xmp.distribute @t onto @p [gblock([5, -1])]

// -----

// expected-error @+1 {{expected a distribution format: block, block(n), cyclic, cyclic(w), gblock([sizes]), gblock(*) or *; got 'blocked'}}
xmp.distribute @t onto @p [blocked]

// -----

// The standalone attribute form is checked the same way.
// expected-error @+1 {{cyclic width must be at least 1, got 0}}
func.func @f() attributes {d = #xmp.dist<cyclic(0)>} {
  return
}

// -----

// expected-error @+1 {{gblock needs at least one size}}
func.func @f() attributes {d = #xmp.dist<gblock([])>} {
  return
}

// -----

xmp.template @t(shape = ?x64)
func.func @f(%n: index) {
  // expected-error @+1 {{template @t has 1 '?' sizes but 2 values are given}}
  xmp.template_fix @t(%n, %n)
  return
}

// -----

xmp.template @t(shape = 8x64)
func.func @f(%n: index) {
  // expected-error @+1 {{template @t has no '?' sizes: give all 2 sizes (checked at run time) or none, not 1}}
  xmp.template_fix @t(%n)
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%n: index) {
  // expected-error @+1 {{template @p does not name an xmp.template (it is 'xmp.nodes')}}
  xmp.template_fix @p(%n)
  return
}

//===----------------------------------------------------------------------===//
// darray types (checked when the type is built) and their use by xmp.alloc
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{align list has 1 entries but the array has rank 2}}
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0]>) {
  return
}

// -----

// expected-error @+1 {{offset list has 1 entries but the array has rank 2}}
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], offset [1]>) {
  return
}

// -----

// expected-error @+1 {{shadow list has 3 entries but the array has rank 2}}
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1, 1:1]>) {
  return
}

// -----

// Two array dimensions aligned to one template dimension.
// expected-error @+1 {{array dimensions 0 and 1 are both aligned to template dimension 0}}
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 0]>) {
  return
}

// -----

// expected-error @+1 {{align entry -2 of dimension 0 is not a template dimension or *}}
func.func @f(%a: !xmp.darray<8xf64, @t, align [-2]>) {
  return
}

// -----

// expected-error @+1 {{a darray needs at least one dimension}}
func.func @f(%a: !xmp.darray<f64, @t, align []>) {
  return
}

// -----

// expected-error @+1 {{expected a template symbol such as @t}}
func.func @f(%a: !xmp.darray<8xf64, "t", align [0]>) {
  return
}

// -----

// expected-error @+1 {{'shadow' given twice}}
func.func @f(%a: !xmp.darray<8xf64, @t, align [0], shadow [1:1], shadow [1:1]>) {
  return
}

// -----

// expected-error @+1 {{dimension 1 is not aligned but has a non-zero offset}}
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, *], offset [0, 2]>) {
  return
}

// -----

// Negative shadow widths are a parse error of the type.
// expected-error @+1 {{shadow widths must be non-negative}}
func.func @f(%a: !xmp.darray<8xf64, @t, align [0], shadow [-1:1]>) {
  return
}

// -----

// expected-error @+1 {{darray sizes must be positive, got 0}}
func.func @f(%a: !xmp.darray<0xf64, @t, align [0]>) {
  return
}

// -----

// expected-error @+1 {{darray element type must be an integer, float or complex type}}
func.func @f(%a: !xmp.darray<8xindex, @t, align [0]>) {
  return
}

// -----

// expected-error @+1 {{expected 'offset' or 'shadow', got 'shadows'}}
func.func @f(%a: !xmp.darray<8xf64, @t, align [0], shadows [1:1]>) {
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @f() {
  // expected-error @+1 {{darray template @nosuch is not defined}}
  %a = xmp.alloc : !xmp.darray<64xf64, @nosuch, align [0]>
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f() {
  // expected-error @+1 {{darray template @p does not name an xmp.template (it is 'xmp.nodes')}}
  %a = xmp.alloc : !xmp.darray<64xf64, @p, align [0]>
  return
}

// -----

xmp.template @t(shape = 64)
func.func @f() {
  // expected-error @+1 {{template @t has no xmp.distribute}}
  %a = xmp.alloc : !xmp.darray<64xf64, @t, align [0]>
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @f() {
  // expected-error @+1 {{align maps array dimension 1 to template dimension 1, but @t has rank 1}}
  %a = xmp.alloc : !xmp.darray<64x4xf64, @t, align [*, 1]>
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @f() {
  // expected-error @+1 {{offset 8 moves array dimension 0 (size 60) outside template dimension 0 (size 64)}}
  %a = xmp.alloc : !xmp.darray<60xf64, @t, align [0], offset [8]>
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @f() {
  // expected-error @+1 {{offset -1 moves array dimension 0 (size 8) outside template dimension 0 (size 64)}}
  %a = xmp.alloc : !xmp.darray<8xf64, @t, align [0], offset [-1]>
  return
}

// -----

// 64 over 4 ranks by block: blocks of 16.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @f() {
  // expected-error @+1 {{shadow width 17 of dimension 0 is wider than the smallest block (16 elements)}}
  %a = xmp.alloc : !xmp.darray<64xf64, @t, align [0], shadow [1:17]>
  return
}

// -----

// Uneven block: 10 over 4 ranks is 3, 3, 3, 1; the last piece bounds it.
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 10)
xmp.distribute @t onto @p [block]
func.func @f() {
  // expected-error @+1 {{shadow width 2 of dimension 0 is wider than the smallest block (1 elements)}}
  %a = xmp.alloc : !xmp.darray<10xf64, @t, align [0], shadow [2:0]>
  return
}

// -----

// block(3) of 8 over 3 ranks is 3, 3, 2.
xmp.nodes @p(shape = 3)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block(3)]
func.func @f() {
  // expected-error @+1 {{shadow width 3 of dimension 0 is wider than the smallest block (2 elements)}}
  %a = xmp.alloc : !xmp.darray<8xf64, @t, align [0], shadow [0:3]>
  return
}

// -----

// The smallest gblock piece bounds the shadow (empty pieces do not count).
xmp.nodes @p(shape = 2x4)
xmp.template @t(shape = 8x16)
xmp.distribute @t onto @p [block, gblock([8, 5, 0, 3])]
func.func @f() {
  // expected-error @+1 {{shadow width 4 of dimension 1 is wider than the smallest block (3 elements)}}
  %a = xmp.alloc : !xmp.darray<8x16xf64, @t, align [0, 1], shadow [0:0, 4:0]>
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [cyclic(4)]
func.func @f() {
  // expected-error @+1 {{dimension 0 is aligned to a cyclic-distributed template dimension and cannot have a shadow}}
  %a = xmp.alloc : !xmp.darray<64xf64, @t, align [0], shadow [1:1]>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @f(%n: index) {
  // expected-error @+1 {{type has 1 '?' sizes but 2 size operands are given}}
  %a = xmp.alloc(%n, %n) : !xmp.darray<?xf64, @t, align [0]>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, *]
func.func @f() {
  // expected-error @+1 {{type has 1 '?' sizes but 0 size operands are given}}
  %a = xmp.alloc : !xmp.darray<?x64xf64, @t, align [0, 1]>
  return
}

//===----------------------------------------------------------------------===//
// load, store, local_view, local_bounds
//===----------------------------------------------------------------------===//

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>, %i: index) {
  // expected-error @+1 {{expects 2 indices for an array of rank 2, got 1}}
  %v = xmp.load %a[%i] : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>, %i: index, %v: f64) {
  // expected-error @+1 {{expects 2 indices for an array of rank 2, got 3}}
  xmp.store %v, %a[%i, %i, %i] : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>, %i: index) {
  // expected-error @+1 {{'xmp.check_holds' op expects 2 indices for an array of rank 2, got 1}}
  xmp.check_holds %a[%i] name "a" at "p.c:1:1" : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>, %i: index) {
  // expected-error @+1 {{'xmp.check_holds' op has 1 base values but the array has rank 2}}
  xmp.check_holds %a[%i, %i] name "a" at "p.c:1:1" base[%i] : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>, %i: index) {
  // expected-error @+1 {{'xmp.check_holds' op gives index_base both as constants and as values}}
  xmp.check_holds %a[%i, %i] name "a" at "p.c:1:1" base[%i, %i] {index_base = array<i64: 1, 1>} : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{view has rank 1 but the array has rank 2}}
  %v = xmp.local_view %a : !xmp.darray<8x8xf64, @t, align [0, 1]> -> memref<64xf64>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{view element type 'f32' differs from the array's 'f64'}}
  %v = xmp.local_view %a : !xmp.darray<8x8xf64, @t, align [0, 1]> -> memref<8x8xf32>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{dimension 2 is out of range for an array of rank 2}}
  %lo, %hi = xmp.local_bounds %a[2] : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

//===----------------------------------------------------------------------===//
// device_acquire, device_release, host_modified (lowering level, GPU path)
//===----------------------------------------------------------------------===//

// -----

// The device view has the local block's layout: same rank ...
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{'xmp.device_acquire' op view has rank 1 but the array has rank 2}}
  %v = xmp.device_acquire %a access(read) : !xmp.darray<8x8xf64, @t, align [0, 1]> -> memref<64xf64>
  return
}

// -----

// ... and element type as the array.
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{'xmp.device_acquire' op view element type 'f32' differs from the array's 'f64'}}
  %v = xmp.device_acquire %a access(readwrite) : !xmp.darray<8x8xf64, @t, align [0, 1]> -> memref<8x8xf32>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'access' [read, write, readwrite]}}
  %v = xmp.device_acquire %a access(readonly) : !xmp.darray<8x8xf64, @t, align [0, 1]> -> memref<8x8xf64>
  return
}

// -----

// The access is a mode: 0 (neither read nor write) is not one.
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{invalid properties {access = 0 : i32} for op xmp.device_acquire}}
  %v = "xmp.device_acquire"(%a) <{access = 0 : i32}> : (!xmp.darray<8x8xf64, @t, align [0, 1]>) -> memref<8x8xf64>
  return
}

// -----

// The darray type is checked against its template as for every darray use.
func.func @f(%a: !xmp.darray<8x8xf64, @nosuch, align [0, 1]>) {
  // expected-error @+1 {{'xmp.device_acquire' op darray template @nosuch is not defined}}
  %v = xmp.device_acquire %a access(read) : !xmp.darray<8x8xf64, @nosuch, align [0, 1]> -> memref<8x8xf64>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @nosuch, align [0, 1]>) {
  // expected-error @+1 {{'xmp.host_modified' op darray template @nosuch is not defined}}
  xmp.host_modified %a : !xmp.darray<8x8xf64, @nosuch, align [0, 1]>
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @f(%a: !xmp.darray<64xf64, @t, align [0], offset [10]>) {
  // expected-error @+1 {{'xmp.device_release' op offset 10 moves array dimension 0 (size 64) outside template dimension 0 (size 64)}}
  xmp.device_release %a access(write) : !xmp.darray<64xf64, @t, align [0], offset [10]>
  return
}

//===----------------------------------------------------------------------===//
// loop_split, host_acquire, split_commit (lowering level, split device loops)
//===----------------------------------------------------------------------===//

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @f(%w: f64, %lb: index, %ub: index, %st: index) {
  // expected-error @+1 {{'xmp.loop_split' op grain must be at least 1, got 0}}
  %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %st) on @t [0] grain 0
  return
}

// -----

xmp.template @t(shape = 64)
func.func @f(%w: f64, %lb: index, %ub: index, %st: index) {
  // expected-error @+1 {{'xmp.loop_split' op dimension 1 is out of range for template @t of rank 1}}
  %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %st) on @t [1] grain 1
  return
}

// -----

func.func @f(%w: f64, %lb: index, %ub: index, %st: index) {
  // expected-error @+1 {{'xmp.loop_split' op template @nosuch is not defined}}
  %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %st) on @nosuch [0] grain 1
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%w: f64, %lb: index, %ub: index, %st: index) {
  // expected-error @+1 {{'xmp.loop_split' op template @p does not name an xmp.template (it is 'xmp.nodes')}}
  %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %st) on @p [0] grain 1
  return
}

// -----

// The weight is an f64 (the format has no type: it is fixed).
xmp.template @t(shape = 64)
// expected-note @+1 {{prior use here}}
func.func @f(%w: f32, %lb: index, %ub: index, %st: index) {
  // expected-error @+1 {{use of value '%w' expects different type than prior uses: 'f64' vs 'f32'}}
  %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %st) on @t [0] grain 1
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @nosuch, align [0, 1]>) {
  // expected-error @+1 {{'xmp.host_acquire' op darray template @nosuch is not defined}}
  xmp.host_acquire %a : !xmp.darray<8x8xf64, @nosuch, align [0, 1]>
  return
}

// -----

// split_commit: `dim` is an array dimension (not a template one).
xmp.template @t(shape = 8x8x8)
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 2]>, %i: index) {
  // expected-error @+1 {{'xmp.split_commit' op dimension 2 is out of range for an array of rank 2}}
  xmp.split_commit %a dim 2 gpu[%i, %i) cpu[%i, %i) : !xmp.darray<8x8xf64, @t, align [0, 2]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @nosuch, align [0, 1]>, %i: index) {
  // expected-error @+1 {{'xmp.split_commit' op darray template @nosuch is not defined}}
  xmp.split_commit %a dim 0 gpu[%i, %i) cpu[%i, %i) : !xmp.darray<8x8xf64, @nosuch, align [0, 1]>
  return
}

// -----

// The bounds are global indices of type index.
xmp.template @t(shape = 8x8)
// expected-note @+1 {{prior use here}}
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>, %i: i64) {
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i64'}}
  xmp.split_commit %a dim 0 gpu[%i, %i) cpu[%i, %i) : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

// -----

xmp.nodes @p(shape = 2)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{loop template @p does not name an xmp.template (it is 'xmp.nodes')}}
  xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @p [0] {
  }
  return
}

// -----

func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{loop template @nosuch is not defined}}
  xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @nosuch [0] {
  }
  return
}

// -----

xmp.template @t(shape = 8x8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{'on' lists 1 template dimensions but the loop has 2 induction variables}}
  xmp.loop (%i, %j) = (%c0, %c0) to (%c8, %c8) step (%c1, %c1) on @t [0] {
  }
  return
}

// -----

xmp.template @t(shape = 8x8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{'on' names template dimension 0 twice}}
  xmp.loop (%i, %j) = (%c0, %c0) to (%c8, %c8) step (%c1, %c1) on @t [0, 0] {
  }
  return
}

// -----

xmp.template @t(shape = 8x8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{'on' names template dimension 2 but @t has rank 2}}
  xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [2] {
  }
  return
}

// -----

xmp.template @t(shape = 8x8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{'on' names negative template dimension -1}}
  xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [-1] {
  }
  return
}

// -----

xmp.template @t(shape = 8x8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{'on' names template dimension 3 but @t has rank 2}}
  xmp.device_loop (%i) = (%c0) to (%c8) step (%c1) on @t [3] {
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f() {
  // expected-error @+1 {{needs at least one induction variable}}
  xmp.loop () = () to () step () on @t [] {
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{body has 2 arguments but the loop has 1 induction variables}}
  "xmp.loop"(%c0, %c8, %c1) <{tmpl = @t, onDims = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> ({
  ^bb0(%i: index, %j: index):
    xmp.yield
  }) : (index, index, index) -> ()
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{has 2 lower bounds, 1 upper bounds and 1 steps; they must match}}
  xmp.loop (%i) = (%c0, %c0) to (%c8) step (%c1) on @t [0] {
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %w: f64) {
  // weight and block_size are xmp.device_loop operands, not xmp.loop syntax.
  // expected-error @+1 {{expected '{' to begin a region}}
  xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] weight(%w) {
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // weight and block_size are xmp.device_loop operands, not xmp.loop syntax.
  // expected-error @+1 {{expected '{' to begin a region}}
  xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] weight(auto) {
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // weight and block_size are xmp.device_loop operands, not xmp.loop syntax.
  // expected-error @+1 {{expected '{' to begin a region}}
  xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] block_size [128] {
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{block_size needs 1 to 3 entries}}
  xmp.device_loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] block_size [8, 8, 2, 2] {
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{block_size entries must be positive}}
  xmp.device_loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] block_size [0] {
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %w: f64) {
  // expected-error @+1 {{has both a weight value and weight(auto)}}
  "xmp.device_loop"(%c0, %c8, %c1, %w) <{tmpl = @t, onDims = array<i64: 0>, weightAuto, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0>}> ({
  ^bb0(%i: index):
    xmp.yield
  }) : (index, index, index, f64) -> ()
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %z: f64) {
  // expected-error @+1 {{reduction kind 'and' does not apply to element type 'f64'}}
  %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(and) init(%z) -> f64 {
    xmp.yield %z : f64
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %z: f64) {
  // expected-error @+1 {{reduction kind 'xor' does not apply to element type 'f64'}}
  %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(xor) init(%z) -> f64 {
    xmp.yield %z : f64
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %z: complex<f32>) {
  // expected-error @+1 {{reduction kind 'max' does not apply to element type 'complex<f32>'}}
  %s = xmp.device_loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(max) init(%z) -> complex<f32> {
    xmp.yield %z : complex<f32>
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %z: f64) {
  // expected-error @+1 {{yielded value 0 has type 'f32' but the reduction has type 'f64'}}
  %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(add) init(%z) -> f64 {
    %x = arith.constant 1.0 : f32
    xmp.yield %x : f32
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %z: f64) {
  // expected-error @+1 {{body yields 0 values but the loop has 1 reductions}}
  %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(add) init(%z) -> f64 {
    xmp.yield
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %z: f64) {
  // expected-error @+1 {{1 init values but 2 result types}}
  %s:2 = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(add) init(%z) -> (f64, f64) {
    xmp.yield %z : f64
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %z: f64) {
  // expected-error @+1 {{has 2 reduction kinds but 1 init values}}
  %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(add, mul) init(%z) -> f64 {
    xmp.yield %z : f64
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %z: f64) {
  // expected-error @+1 {{init 0 has type 'f64' but result 0 has type 'f32'}}
  %s = "xmp.loop"(%c0, %c8, %c1, %z) <{tmpl = @t, onDims = array<i64: 0>, reduceKinds = [#xmp.reduction<add>], operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    xmp.yield %z : f64
  }) : (index, index, index, f64) -> f32
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{has 1 results but 0 reductions}}
  %s = "xmp.loop"(%c0, %c8, %c1) <{tmpl = @t, onDims = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> ({
  ^bb0(%i: index):
    xmp.yield
  }) : (index, index, index) -> f64
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index, %m: memref<4xf64>) {
  // expected-error @+1 {{reduction 0 must be on an integer, float or complex scalar, got 'memref<4xf64>'}}
  %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(add) init(%m) -> memref<4xf64> {
    xmp.yield %m : memref<4xf64>
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{unknown reduction kind 'sum'}}
  %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(sum) init(%c0) -> index {
    xmp.yield %c0 : index
  }
  return
}

//===----------------------------------------------------------------------===//
// replicate, replicate_sync
//===----------------------------------------------------------------------===//

// -----

func.func @f() {
  // expected-error @+1 {{needs at least one array}}
  "xmp.replicate"() ({
    xmp.yield
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{needs at least one array}}
  "xmp.replicate_sync"() <{direction = #xmp.sync<in>}> : () -> ()
  return
}

// -----

func.func @f(%m: memref<4xf64>, %z: f64) {
  // expected-error @+1 {{region must end in an xmp.yield without values}}
  "xmp.replicate"(%m) ({
    xmp.yield %z : f64
  }) : (memref<4xf64>) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf64>) {
  // expected-error @+1 {{unknown replicate_sync direction 'inout'}}
  xmp.replicate_sync inout(%m) : memref<4xf64>
  return
}

//===----------------------------------------------------------------------===//
// reflect, reflect_init
//===----------------------------------------------------------------------===//

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{array has no shadow to reflect}}
  xmp.reflect %a : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{array has no shadow to reflect}}
  %p = xmp.reflect_init %a : !xmp.darray<8x8xf64, @t, align [0, 1]> -> !xmp.reflect_plan
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{width 2:1 of dimension 0 exceeds the shadow 1:1}}
  xmp.reflect %a width [2:1, 0:0] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{width list must have one lo:hi entry per array dimension (2)}}
  xmp.reflect %a width [1:1] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{width of dimension 1 must be non-negative}}
  xmp.reflect %a width [1:1, 0:-1] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{periodic list has 1 entries, expected one per array dimension (2)}}
  xmp.reflect %a periodic [true] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{channels list has 3 entries, expected one per array dimension (2)}}
  xmp.reflect %a acc channels [tca, ib, none] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{channels list has 1 entries, expected one per array dimension (2)}}
  %p = xmp.reflect_init %a channels [ib] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]> -> !xmp.reflect_plan
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{unknown channel 'nvlink'}}
  xmp.reflect %a channels [nvlink, ib] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

// orthogonal adds no rule of its own (a 1-D or a full-shadow array may be
// reflected orthogonally: the same as a plain reflect, or the faces of the
// full dimension); the other options are checked as usual.
func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{'xmp.reflect' op width 1:2 of dimension 1 exceeds the shadow 1:1}}
  xmp.reflect %a width [1:1, 1:2] orthogonal : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{'xmp.reflect_init' op array has no shadow to reflect}}
  %p = xmp.reflect_init %a orthogonal : !xmp.darray<8x8xf64, @t, align [0, 1]> -> !xmp.reflect_plan
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{expected ':'}}
  xmp.reflect %a acc orthogonal : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

//===----------------------------------------------------------------------===//
// reduce_shadow
//===----------------------------------------------------------------------===//

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op array has no shadow to reduce}}
  xmp.reduce_shadow %a : !xmp.darray<8x8xf64, @t, align [0, 1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [2:1, 0:0]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op width 2:2 of dimension 0 exceeds the shadow 2:1}}
  xmp.reduce_shadow %a width [2:2, 0:0] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [2:1, 0:0]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op width list must have one lo:hi entry per array dimension (2)}}
  xmp.reduce_shadow %a width [1:1] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op width of dimension 0 must be non-negative}}
  xmp.reduce_shadow %a width [-1:1, 1:1] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op periodic list has 3 entries, expected one per array dimension (2)}}
  xmp.reduce_shadow %a periodic [true, false, true] : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8xi1, @t, align [0], shadow [1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op array element type 'i1' has no addition: reduce_shadow adds shadow values into their owners (integers of 8 to 64 bits, f32, f64, complex<f32>, complex<f64>)}}
  xmp.reduce_shadow %a : !xmp.darray<8xi1, @t, align [0], shadow [1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>) {
  // expected-error @+1 {{expected ':'}}
  xmp.reduce_shadow %a orthogonal : !xmp.darray<8x8xf64, @t, align [0, 1], shadow [1:1, 1:1]>
  return
}

// -----

// reduce_shadow combines with add (the default), max or min.
func.func @f(%a: !xmp.darray<8xf64, @t, align [0], shadow [1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op reduce_shadow combines with add, max or min, not 'mul'}}
  xmp.reduce_shadow mul %a : !xmp.darray<8xf64, @t, align [0], shadow [1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8xi32, @t, align [0], shadow [1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op reduce_shadow combines with add, max or min, not 'firstmax'}}
  xmp.reduce_shadow firstmax %a : !xmp.darray<8xi32, @t, align [0], shadow [1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8xcomplex<f64>, @t, align [0], shadow [1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op array element type 'complex<f64>' has no order: reduce_shadow max compares shadow values with their owners (integers of 1 to 64 bits, f32, f64)}}
  xmp.reduce_shadow max %a : !xmp.darray<8xcomplex<f64>, @t, align [0], shadow [1:1]>
  return
}

// -----

func.func @f(%a: !xmp.darray<8xcomplex<f32>, @t, align [0], shadow [1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow' op array element type 'complex<f32>' has no order: reduce_shadow min compares shadow values with their owners (integers of 1 to 64 bits, f32, f64)}}
  xmp.reduce_shadow min %a : !xmp.darray<8xcomplex<f32>, @t, align [0], shadow [1:1]>
  return
}

// -----

// max and min order i1 (unlike add); the other rules hold for them.
func.func @f(%a: !xmp.darray<8xi1, @t, align [0], shadow [1:1]>, %b: !xmp.darray<8xf32, @t, align [0], shadow [1:1]>) {
  xmp.reduce_shadow max %a : !xmp.darray<8xi1, @t, align [0], shadow [1:1]>
  // expected-error @+1 {{'xmp.reduce_shadow' op width 2:0 of dimension 0 exceeds the shadow 1:1}}
  xmp.reduce_shadow min %b width [2:0] : !xmp.darray<8xf32, @t, align [0], shadow [1:1]>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0], shadow [1:1]>
func.func @f(%a: !a) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  xmp.device_loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.reduce_shadow' op is not allowed inside an xmp.device_loop}}
    xmp.reduce_shadow %a : !a
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.nodes @half(shape = 2) = @p [0:2]
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0], shadow [1:1]>
func.func @task_reduce_shadow(%a: !a) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @half {
    // expected-error @+1 {{'xmp.reduce_shadow' op reduce_shadow inside xmp.task on @half involves the ranks of @p, which are not all ranks of @half}}
    xmp.reduce_shadow %a : !a
  }
  return
}

//===----------------------------------------------------------------------===//
// reduction, bcast, barrier
//===----------------------------------------------------------------------===//

// -----

xmp.nodes @p(shape = 2)
func.func @f(%x: f64) {
  // expected-error @+1 {{reduction kind 'and' does not apply to 'f64'}}
  %r = xmp.reduction and %x on @p : f64
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%m: memref<4xf32>) {
  // expected-error @+1 {{reduction kind 'or' does not apply to 'memref<4xf32>'}}
  xmp.reduction or %m on @p : memref<4xf32>
  return
}

// -----

// Reduction on a template instead of a grid.
xmp.template @t(shape = 8)
func.func @f(%x: f64) {
  // expected-error @+1 {{grid @t does not name an xmp.nodes (it is 'xmp.template')}}
  %r = xmp.reduction add %x on @t : f64
  return
}

// -----

func.func @f(%x: f64) {
  // expected-error @+1 {{grid @nosuch is not defined}}
  %r = xmp.reduction add %x on @nosuch : f64
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @f(%x: f64) {
  // expected-error @+1 {{axis 2 is out of range for grid @p of rank 2}}
  %r = xmp.reduction add %x on @p [2] : f64
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @f(%x: f64) {
  // expected-error @+1 {{axis 1 is named twice}}
  %r = xmp.reduction add %x on @p [1, 1] : f64
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%x: vector<4xf64>) {
  // expected-error @+1 {{operand must be an integer, float or complex scalar or a memref of them, got 'vector<4xf64>'}}
  %r = xmp.reduction add %x on @p : vector<4xf64>
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%m: memref<4xf64>) {
  // expected-error @+1 {{works in place on a memref and has no result}}
  %r = "xmp.reduction"(%m) <{kind = #xmp.reduction<add>, nodes = @p, resultSegmentSizes = array<i32: 1, 0>}> : (memref<4xf64>) -> memref<4xf64>
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%x: f64) {
  // expected-error @+1 {{result must have the operand's type 'f64'}}
  %r = "xmp.reduction"(%x) <{kind = #xmp.reduction<add>, nodes = @p, resultSegmentSizes = array<i32: 1, 0>}> : (f64) -> f32
  return
}

// -----

// Location values on a kind that has none.
xmp.nodes @p(shape = 2)
func.func @f(%x: f64, %i: index) {
  // expected-error @+1 {{'xmp.reduction' op location values (loc) are only for firstmax, firstmin, lastmax and lastmin, not 'max'}}
  %r, %l = xmp.reduction max %x loc(%i : index) on @p : f64
  return
}

// -----

// A location kind without location values.
xmp.nodes @p(shape = 2)
func.func @f(%x: f64) {
  // expected-error @+1 {{'xmp.reduction' op location reduction 'firstmax' needs location values: loc(%v, ... : types)}}
  %r = xmp.reduction firstmax %x on @p : f64
  return
}

// -----

// Location kinds reduce scalars, not memrefs.
xmp.nodes @p(shape = 2)
func.func @f(%m: memref<4xf64>, %i: index) {
  // expected-error @+1 {{'xmp.reduction' op location reduction 'lastmin' reduces an integer or float scalar, not 'memref<4xf64>'}}
  %l = xmp.reduction lastmin %m loc(%i : index) on @p : memref<4xf64>
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%x: complex<f64>, %i: index) {
  // expected-error @+1 {{'xmp.reduction' op reduction kind 'firstmin' does not apply to 'complex<f64>'}}
  %r, %l = xmp.reduction firstmin %x loc(%i : index) on @p : complex<f64>
  return
}

// -----

// A location value must be a scalar.
xmp.nodes @p(shape = 2)
func.func @f(%x: i32, %m: memref<2xi32>) {
  // expected-error @+1 {{'xmp.reduction' op location 0 must be an integer, index or float scalar, got 'memref<2xi32>'}}
  %r, %l = xmp.reduction lastmax %x loc(%m : memref<2xi32>) on @p : i32
  return
}

// -----

// Location results have the locations' types.
xmp.nodes @p(shape = 2)
func.func @f(%x: f64, %i: index) {
  // expected-error @+1 {{'xmp.reduction' op location result 0 has type 'i32' but location 0 has type 'index'}}
  %r:2 = "xmp.reduction"(%x, %i) <{kind = #xmp.reduction<firstmax>, nodes = @p, resultSegmentSizes = array<i32: 1, 1>}> : (f64, index) -> (f64, i32)
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%x: f64, %i: index) {
  // expected-error @+1 {{number of operands and types do not match: got 2 operands and 1 types}}
  %r:3 = xmp.reduction firstmax %x loc(%i, %i : index) on @p : f64
  return
}

// -----

// acc on a scalar: it has no device instance (it used to be ignored).
xmp.nodes @p(shape = 2)
func.func @f(%x: f64) {
  // expected-error @+1 {{'xmp.reduction' op acc reduces the device instance of a darray; the operand is a scalar ('f64'), which has none: drop acc (or reduce the darray)}}
  %r = xmp.reduction add %x on @p acc : f64
  return
}

// -----

xmp.nodes @p(shape = 2)
func.func @f(%m: memref<4xf64>) {
  // expected-error @+1 {{'xmp.reduction' op acc reduces the device instance of a darray; the operand is a memref ('memref<4xf64>'), which has none}}
  xmp.reduction add %m on @p acc : memref<4xf64>
  return
}

// -----

// A darray reduced along a grid axis its dimension is distributed over.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 8x8)
xmp.distribute @t onto @p [block, block]
func.func @f() {
  %a = xmp.alloc : !xmp.darray<8x8xf64, @t, align [*, 1]>
  // expected-error @+1 {{'xmp.reduction' op reduces the darray along grid axis 1, over which its dimension 1 is distributed (template dimension 1): those ranks hold different elements; reduce along the axes it is replicated over}}
  xmp.reduction add %a on @p acc : !xmp.darray<8x8xf64, @t, align [*, 1]>
  return
}

// -----

// A darray reduced on another grid than its own.
xmp.nodes @p(shape = 2)
xmp.nodes @q(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @f() {
  %a = xmp.alloc : !xmp.darray<8xf64, @t, align [*]>
  // expected-error @+1 {{'xmp.reduction' op reduces a darray of grid @p on grid @q: a darray reduction runs on its own grid}}
  xmp.reduction add %a on @q : !xmp.darray<8xf64, @t, align [*]>
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @f() {
  %a = xmp.alloc : !xmp.darray<8xf64, @t, align [*]>
  // expected-error @+1 {{'xmp.reduction' op works in place on a darray and has no result}}
  %r = "xmp.reduction"(%a) <{kind = #xmp.reduction<add>, nodes = @p, resultSegmentSizes = array<i32: 1, 0>}> : (!xmp.darray<8xf64, @t, align [*]>) -> f64
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @f() {
  %a = xmp.alloc : !xmp.darray<8xf64, @t, align [*]>
  // expected-error @+1 {{'xmp.reduction' op reduction kind 'xor' does not apply to '!xmp.darray<8xf64, @t, align [*]>'}}
  xmp.reduction xor %a on @p : !xmp.darray<8xf64, @t, align [*]>
  return
}

// -----

// Location kinds are not loop reductions.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @f() -> f64 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  // expected-error @+1 {{'xmp.loop' op reduction 0: location kind 'firstmax' is not a loop reduction (it carries location values): reduce with max/min in the loop and use xmp.reduction firstmax with loc(...)}}
  %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(firstmax) init(%z) -> f64 {
    xmp.yield %z : f64
  }
  return %s : f64
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @f(%x: f64) {
  // expected-error @+1 {{root coordinate has 1 entries but grid @p has rank 2}}
  %b = xmp.bcast %x from [0] on @p : f64
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @f(%x: f64) {
  // expected-error @+1 {{root coordinate 2 is outside axis 1 of grid @p}}
  %b = xmp.bcast %x from [0, 2] on @p : f64
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @f(%x: f64) {
  // expected-error @+1 {{root coordinate -1 is outside axis 0 of grid @p}}
  %b = xmp.bcast %x from [-1] on @p : f64
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f(%x: f64) {
  // expected-error @+1 {{grid @t does not name an xmp.nodes (it is 'xmp.template')}}
  %b = xmp.bcast %x from [0] on @t : f64
  return
}

// -----

xmp.template @t(shape = 8)
func.func @f() {
  // expected-error @+1 {{grid @t does not name an xmp.nodes (it is 'xmp.template')}}
  xmp.barrier on @t
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @f(%x: f64) {
  // expected-error @+1 {{root coordinate has 2 entries but the broadcast runs along 1 axes (one coordinate per listed axis)}}
  %b = xmp.bcast %x from [0, 1] on @p [1] : f64
  return
}

// -----

xmp.nodes @p(shape = 2x3)
func.func @f(%x: f64) {
  // expected-error @+1 {{root coordinate 2 is outside axis 0 of grid @p}}
  %b = xmp.bcast %x from [2] on @p [0] : f64
  return
}

// -----

xmp.nodes @p(shape = 2x3)
func.func @f(%x: f64) {
  // expected-error @+1 {{axis 2 is out of range for grid @p of rank 2}}
  %b = xmp.bcast %x from [0] on @p [2] : f64
  return
}

// -----

xmp.nodes @p(shape = 2x3)
func.func @f(%x: f64) {
  // expected-error @+1 {{lists no grid axis: leave the list out to broadcast over the whole grid}}
  %b = "xmp.bcast"(%x) <{root = array<i64>, nodes = @p, axes = array<i64>}> : (f64) -> f64
  return
}

// -----

xmp.nodes @p(shape = 2x3)
func.func @f(%m: memref<4xf64>) {
  // expected-error @+1 {{broadcasts over the whole grid or along one axis; several axes take one xmp.bcast_start each, the next started after the wait of the one before}}
  %r = xmp.bcast_start %m from [0, 0] on @p [0, 1] : memref<4xf64>
  xmp.wait %r
  return
}

// -----

xmp.nodes @p(shape = 2x3)
func.func @f() {
  // expected-error @+1 {{axis 1 is named twice}}
  xmp.barrier on @p [1, 1]
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{synchronizes along grid axes without naming the grid (on @p [axes])}}
  xmp.barrier [0]
  return
}

//===----------------------------------------------------------------------===//
// Inquiry: node_num, num_nodes, node_index, node_size
//===----------------------------------------------------------------------===//

// -----

xmp.template @t(shape = 8)
func.func @f() {
  // expected-error @+1 {{'xmp.node_num' op grid @t does not name an xmp.nodes (it is 'xmp.template')}}
  %r = xmp.node_num @t
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'xmp.num_nodes' op grid @nowhere is not defined}}
  %n = xmp.num_nodes @nowhere
  return
}

// -----

xmp.nodes @p(shape = 2x?)
func.func @f() {
  // expected-error @+1 {{'xmp.node_index' op axis 2 is outside grid @p of rank 2}}
  %c = xmp.node_index @p [2]
  return
}

// -----

xmp.nodes @p(shape = 2x?)
func.func @f() {
  // expected-error @+1 {{'xmp.node_size' op axis -1 is outside grid @p of rank 2}}
  %s = xmp.node_size @p [-1]
  return
}

//===----------------------------------------------------------------------===//
// gmove
//===----------------------------------------------------------------------===//

// -----

func.func @f(%a: memref<8x8xf64>, %b: memref<8x8xf64>) {
  // expected-error @+1 {{source section has shape [8] but destination section has shape [4]}}
  xmp.gmove %a[0:8, 0] to %b[0:4, 0] : memref<8x8xf64> to memref<8x8xf64>
  return
}

// -----

func.func @f(%a: memref<8x8xf64>, %b: memref<8x8xf64>) {
  // expected-error @+1 {{source section has shape [8, 4] but destination section has shape [8]}}
  xmp.gmove %a[0:8, 0:8:2] to %b[0:8, 0] : memref<8x8xf64> to memref<8x8xf64>
  return
}

// -----

func.func @f(%a: memref<8x8xf64>, %b: memref<8xf64>) {
  // expected-error @+1 {{destination section has 2 subscripts but the array has rank 1}}
  xmp.gmove %a[0:8, 0] to %b[0:8, 0] : memref<8x8xf64> to memref<8xf64>
  return
}

// -----

func.func @f(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>, %b: memref<8xf64>) {
  // expected-error @+1 {{source section has 1 subscripts but the array has rank 2}}
  xmp.gmove %a[0:8] to %b[0:8] : !xmp.darray<8x8xf64, @t, align [0, 1]> to memref<8xf64>
  return
}

// -----

func.func @f(%a: memref<8xf64>, %b: memref<8xf32>) {
  // expected-error @+1 {{source element type 'f64' differs from destination element type 'f32'}}
  xmp.gmove %a[0:8] to %b[0:8] : memref<8xf64> to memref<8xf32>
  return
}

// -----

func.func @f(%a: memref<8xf64>, %b: memref<8xf64>) {
  // expected-error @+1 {{source step of dimension 0 must be positive}}
  xmp.gmove %a[0:8:0] to %b[0:8] : memref<8xf64> to memref<8xf64>
  return
}

// -----

// expected-error @+1 {{dimension 1 is not aligned (*): every node holds it whole, so it cannot have a shadow}}
func.func @shadow_on_unaligned(%a: !xmp.darray<8x8xf64, @t, align [0, *], shadow [1:1, 2:2]>) {
  return
}

// -----

// A darray reaching an op through a function argument is checked too.
func.func @undefined_template_arg(%a: !xmp.darray<64xf64, @nosuch, align [0]>) {
  %c = arith.constant 0 : index
  // expected-error @+1 {{darray template @nosuch is not defined}}
  %v = xmp.load %a[%c] : !xmp.darray<64xf64, @nosuch, align [0]>
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @offset_arg(%a: !xmp.darray<64xf64, @t, align [0], offset [10]>) {
  %c = arith.constant 0 : index
  // expected-error @+1 {{offset 10 moves array dimension 0 (size 64) outside template dimension 0 (size 64)}}
  %v = xmp.load %a[%c] : !xmp.darray<64xf64, @t, align [0], offset [10]>
  return
}

// -----

// Result slots hold one integer or float element.
func.func @slot_two_elements() {
  // expected-error @+1 {{'xmp.result_slot' op result #0 must be memref<1xT> of an integer or float type, but got 'memref<2xf32>'}}
  %s = xmp.result_slot : memref<2xf32>
  return
}

// -----

// Sizes near 2^63: every check is free of 64-bit wrap-around.
xmp.nodes @p(shape = 2)
xmp.template @t(shape = 9223372036854775807)
xmp.distribute @t onto @p [block]
func.func @huge_block() {
  // expected-error @+1 {{local block [4611686018427387904] of 'f64' is larger than 2^63-1 bytes}}
  %a = xmp.alloc : !xmp.darray<9223372036854775807xf64, @t, align [0]>
  return
}

// -----

func.func @slot_index() {
  // expected-error @+1 {{'xmp.result_slot' op result #0 must be memref<1xT> of an integer or float type, but got 'memref<1xindex>'}}
  %s = xmp.result_slot : memref<1xindex>
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 4)
xmp.distribute @t onto @p [block]
func.func @huge_offset() {
  // expected-error @+1 {{offset 9223372036854775807 moves array dimension 0 (size 1) outside template dimension 0 (size 4)}}
  %a = xmp.alloc : !xmp.darray<1xf64, @t, align [0], offset [9223372036854775807]>
  return
}

// -----

func.func @write_type(%s: memref<1xf32>, %x: f64) {
  // expected-error @+1 {{'xmp.result_write' op failed to verify that value type is the slot's element type}}
  "xmp.result_write"(%x, %s) : (f64, memref<1xf32>) -> ()
  return
}

// -----

xmp.nodes @p(shape = 3)
xmp.template @t(shape = 17)
// expected-error @+1 {{cyclic(9223372036854775807) of template dimension 0 over 3 ranks does not fit 64-bit indices (9223372036854775807 x 3 + 17 > 2^63-1)}}
xmp.distribute @t onto @p [cyclic(9223372036854775807)]

// -----

// expected-error @+1 {{grid [9223372036854775807] has more static ranks than MPI can number (2147483647)}}
xmp.nodes @p(shape = 9223372036854775807)

// -----

// expected-error @+1 {{grid [65536, 65536] has more static ranks than MPI can number (2147483647)}}
xmp.nodes @p(shape = 65536x65536)

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 4)
// expected-error @+1 {{gblock sizes of template dimension 0 sum to more than 2^63-1}}
xmp.distribute @t onto @p [gblock([9223372036854775807, 1])]

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
// expected-error @+1 {{dimension 0 of size 9223372036854775807 with shadow 0:1 has more than 2^63-1 elements}}
func.func private @huge_shadow(!xmp.darray<9223372036854775807xf64, @t, align [0], shadow [0:1]>)

// -----

// gmove needs a distributed side; a device-data gmove needs two.
func.func @gmove_local(%a: memref<8xf64>, %b: memref<8xf64>) {
  // expected-error @+1 {{needs a darray on at least one side: a copy between memrefs is local (memref.subview and memref.copy)}}
  xmp.gmove %a[0:8] to %b[0:8] : memref<8xf64> to memref<8xf64>
  return
}

// -----

func.func @read_type(%s: memref<1xf32>) {
  // expected-error @+1 {{'xmp.result_read' op failed to verify that result type is the slot's element type}}
  %v = "xmp.result_read"(%s) : (memref<1xf32>) -> f64
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_acc_memref(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<8xf64>) {
  // expected-error @+1 {{with acc moves device instances, which a memref does not have: use a darray on both sides}}
  xmp.gmove %a[0:8] to %b[0:8] acc : !xmp.darray<8xf64, @t, align [0]> to memref<8xf64>
  return
}

// -----

// Sections that leave an array of static size are compile-time errors.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_bounds(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<10xf64>) {
  // expected-error @+1 {{source dimension 0: section 0:10:1 out of bounds [0, 8)}}
  xmp.gmove %a[0:10] to %b[0:10] : !xmp.darray<8xf64, @t, align [0]> to memref<10xf64>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_bounds_step(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<10xf64>) {
  // expected-error @+1 {{destination dimension 0: section 1:11:3 out of bounds [0, 10)}}
  xmp.gmove %a[0:8:2] to %b[1:11:3] : !xmp.darray<8xf64, @t, align [0]> to memref<10xf64>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8x8)
xmp.distribute @t onto @p [block, *]
func.func @gmove_bounds_index(%a: !xmp.darray<8x8xf64, @t, align [0, 1]>, %b: memref<8xf64>) {
  // expected-error @+1 {{source dimension 1: index 8 out of bounds [0, 8)}}
  xmp.gmove %a[0:8, 8] to %b[0:8] : !xmp.darray<8x8xf64, @t, align [0, 1]> to memref<8xf64>
  return
}

// -----

// xmp.gmove_start shares xmp.gmove's verifier.
func.func @gmove_start_shape(%a: memref<8x8xf64>, %b: !xmp.darray<8xf64, @t, align [0]>) -> !xmp.request {
  // expected-error @+1 {{'xmp.gmove_start' op source section has shape [8] but destination section has shape [4]}}
  %r = xmp.gmove_start %a[0:8, 0] to %b[0:4] : memref<8x8xf64> to !xmp.darray<8xf64, @t, align [0]>
  return %r : !xmp.request
}
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]

// -----

func.func @gmove_start_local(%a: memref<8xf64>, %b: memref<8xf64>) -> !xmp.request {
  // expected-error @+1 {{'xmp.gmove_start' op needs a darray on at least one side: a copy between memrefs is local (memref.subview and memref.copy)}}
  %r = xmp.gmove_start %a[0:8] to %b[0:8] : memref<8xf64> to memref<8xf64>
  return %r : !xmp.request
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_start_acc(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<8xf64>) -> !xmp.request {
  // expected-error @+1 {{'xmp.gmove_start' op with acc moves device instances, which a memref does not have: use a darray on both sides}}
  %r = xmp.gmove_start %a[0:8] to %b[0:8] acc : !xmp.darray<8xf64, @t, align [0]> to memref<8xf64>
  return %r : !xmp.request
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_start_bounds(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<10xf64>) -> !xmp.request {
  // expected-error @+1 {{'xmp.gmove_start' op source dimension 0: section 0:10:1 out of bounds [0, 8)}}
  %r = xmp.gmove_start %a[0:10] to %b[0:10] : !xmp.darray<8xf64, @t, align [0]> to memref<10xf64>
  return %r : !xmp.request
}

// -----

xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = 1) = @p [0:1]
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_start_task(%a: !xmp.darray<8xf64, @t, align [0]>, %b: !xmp.darray<8xf64, @t, align [0]>) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @q {
    // expected-error @+1 {{'xmp.gmove_start' op gmove_start inside xmp.task on @q involves every rank, not only the ranks of @q}}
    %r = xmp.gmove_start %a[0:8] to %b[0:8] : !xmp.darray<8xf64, @t, align [0]> to !xmp.darray<8xf64, @t, align [0]>
    xmp.wait %r
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_start_device(%a: !xmp.darray<8xf64, @t, align [0]>, %b: !xmp.darray<8xf64, @t, align [0]>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  xmp.device_loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] {
    // expected-error @+1 {{'xmp.gmove_start' op is not allowed inside an xmp.device_loop}}
    %r = xmp.gmove_start %a[0:8] to %b[0:8] : !xmp.darray<8xf64, @t, align [0]> to !xmp.darray<8xf64, @t, align [0]>
  }
  return
}

// -----

// Element types the runtime does not move are rejected with the type.
// expected-error @+1 {{darray element type must be an integer, float or complex type the runtime moves (i1, i8, i16, i32, i64, f32, f64, complex<f32>, complex<f64>), got 'f16'}}
func.func @f16(%a: !xmp.darray<8xf16, @t, align [0]>) {
  return
}

// -----

// expected-error @+1 {{got 'complex<bf16>'}}
func.func @cbf16(%a: !xmp.darray<8xcomplex<bf16>, @t, align [0]>) {
  return
}

// -----

// local_bounds on a cyclic dimension is known to be wrong at compile time.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 16x16)
xmp.distribute @t onto @p [*, cyclic(2)]
func.func @cyclic_bounds(%a: !xmp.darray<16x16xf64, @t, align [0, 1]>) {
  // expected-error @+1 {{dimension 1 is aligned to cyclic-distributed template dimension 1 of @t: its owned elements are not a range (iterate with xmp.loop)}}
  %lo, %hi = xmp.local_bounds %a[1] : !xmp.darray<16x16xf64, @t, align [0, 1]>
  return
}

// -----

//===----------------------------------------------------------------------===//
// cpu_part_start
//===----------------------------------------------------------------------===//

func.func @cpu_part_args(%s: index) {
  // expected-error @+1 {{'xmp.cpu_part_start' op body must take two index arguments (the chunk's lo and hi)}}
  %job = xmp.cpu_part_start %s to %s grain %s {
  ^bb0(%lo: index):
    xmp.yield
  }
  return
}

// -----

func.func @cpu_part_arg_type(%s: index) {
  // expected-error @+1 {{'xmp.cpu_part_start' op body must take two index arguments (the chunk's lo and hi)}}
  %job = xmp.cpu_part_start %s to %s grain %s {
  ^bb0(%lo: i64, %hi: i64):
    xmp.yield
  }
  return
}

// -----

func.func @cpu_part_inner_args(%s: index) {
  // expected-error @+1 {{'xmp.cpu_part_start' op with 'inner', the body must take five index arguments (the chunk's lo and hi, the inner iteration numbers p0 and p1, the piece k)}}
  %job = xmp.cpu_part_start %s to %s grain %s inner %s pieces %s {
  ^bb0(%lo: index, %hi: index):
    xmp.yield
  }
  return
}

// -----

func.func @cpu_part_inner_pieces(%s: index) {
  // expected-error @+1 {{'xmp.cpu_part_start' op 'inner' and 'pieces' go together}}
  %job = "xmp.cpu_part_start"(%s, %s, %s, %s) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> ({
  ^bb0(%lo: index, %hi: index, %p0: index, %p1: index, %k: index):
    xmp.yield
  }) : (index, index, index, index) -> !xmp.cpu_job
  return
}

// -----

func.func @cpu_part_yield(%s: index, %x: f64) {
  // expected-error @+1 {{'xmp.cpu_part_start' op body must end in an xmp.yield without values (a CPU part returns results through memory)}}
  %job = xmp.cpu_part_start %s to %s grain %s {
  ^bb0(%lo: index, %hi: index):
    xmp.yield %x : f64
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @cpu_part_wait_type(%s: index) {
  // expected-error @+1 {{use of value '%s' expects different type than prior uses: '!xmp.cpu_job' vs 'index'}}
  %t = xmp.cpu_part_wait %s
  return
}

//===----------------------------------------------------------------------===//
// Node subsets and tasks
//===----------------------------------------------------------------------===//

// -----

xmp.nodes @p(shape = 2x2)
// expected-error @+1 {{the subset keeps 1 axes (triplets) but the node set has rank 2}}
xmp.nodes @q(shape = 2x2) = @p [0, :]

// -----

xmp.nodes @p(shape = ?x?)
// expected-error @+1 {{subset axis 0 selects 2 coordinates but axis 0 of the node set is 3}}
xmp.nodes @q(shape = 3) = @p [0:2, 0]

// -----

xmp.nodes @p(shape = ?x?)
// expected-error @+1 {{subset axis 0: the triplet must select a non-empty range of coordinates >= 0 with a positive step}}
xmp.nodes @q(shape = 1) = @p [2:2, 0]

// -----

// expected-error @+1 {{'xmp.nodes' op parent grid @nope is not defined}}
xmp.nodes @q(shape = 1) = @nope [0:1]

// -----

// expected-error @+1 {{parent grid @p must be declared before the node subset}}
xmp.nodes @q(shape = 1) = @p [0:1]
xmp.nodes @p(shape = 2)

// -----

xmp.nodes @p(shape = 2x2)
// expected-error @+1 {{has 1 subset triplets but parent grid @p has rank 2}}
xmp.nodes @q(shape = 2) = @p [:]

// -----

xmp.nodes @p(shape = 2x2)
// expected-error @+1 {{coordinate 2 is outside axis 1 of parent grid @p (size 2)}}
xmp.nodes @q(shape = 2) = @p [:, 2]

// -----

xmp.nodes @p(shape = 2x2)
// expected-error @+1 {{subset 0:3 is outside axis 0 of parent grid @p (size 2)}}
xmp.nodes @q(shape = 3) = @p [0:3, 0]

// -----

xmp.nodes @p(shape = 2x2)
// expected-error @+1 {{subset axis 0 selects 2 coordinates of parent grid @p but the node set's axis is ?}}
xmp.nodes @q(shape = ?) = @p [:, 0]

// -----

xmp.nodes @p(shape = 2x2)
// expected-error @+1 {{reshapes the 4 ranks it selects of parent grid @p to [3]: the shape holds 3 ranks}}
xmp.nodes @q(shape = 3) = reshape @p [:, :]

// -----

xmp.nodes @p(shape = ?)
// expected-error @+1 {{reshapes the 6 ranks its triplets select to [2, 2]: the shape holds 4 ranks}}
xmp.nodes @q(shape = 2x2) = reshape @p [0:6]

// -----

xmp.nodes @p(shape = 3x2)
// expected-error @+1 {{reshapes the 3 ranks it selects of parent grid @p to [?, 2]: the static axes' product 2 does not divide the count}}
xmp.nodes @q(shape = ?x2) = reshape @p [:, 1]

// -----

xmp.nodes @p(shape = ?)
// expected-error @+1 {{reshapes its selection to [?, ?]: a reshaped node subset has at most one '?' axis}}
xmp.nodes @q(shape = ?x?) = reshape @p [:]

// -----

// expected-error @+1 {{reshape needs a node subset}}
"xmp.nodes"() <{sym_name = "q", shape = array<i64: 4>, reshape}> : () -> ()

// -----

xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
func.func @task_reduction_outside(%x: f64) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @row {
    // expected-error @+1 {{reduction inside xmp.task on @row involves the ranks of @p, which are not all ranks of @row}}
    %s = xmp.reduction add %x on @p : f64
  }
  return
}

// -----

xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
func.func @task_barrier_all() {
  // expected-note @+1 {{the task is here}}
  xmp.task on @row {
    // expected-error @+1 {{barrier inside xmp.task on @row involves every rank, not only the ranks of @row}}
    xmp.barrier
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_ref_collective(%x: f64) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @p [0:2] {
    // expected-error @+1 {{bcast inside xmp.task on @p with a node reference: collectives need a node set; declare one with xmp.nodes @q(...) = @p [...] and run the task on it}}
    %y = xmp.bcast %x from [0] on @p : f64
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.nodes @half(shape = 2) = @p [0:2]
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @task_loop_reduction(%z: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-note @+1 {{the task is here}}
  xmp.task on @half {
    // expected-error @+1 {{loop reduction inside xmp.task on @half involves the ranks of @p, which are not all ranks of @half}}
    %s = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(add) init(%z) -> f64 {
      %f = arith.constant 1.0 : f64
      xmp.yield %f : f64
    }
  }
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @task_ref_rank() {
  // expected-error @+1 {{has 1 node reference triplets but grid @p has rank 2}}
  xmp.task on @p [0] {
  }
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @task_ref_outside() {
  // expected-error @+1 {{node reference axis 1 starts at coordinate 2, outside grid @p (size 2)}}
  xmp.task on @p [0, 2:] {
  }
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @task_ref_empty() {
  // expected-error @+1 {{node reference axis 0: the triplet must select a non-empty range of coordinates >= 0 with a positive step}}
  xmp.task on @p [1:1, 0] {
  }
  return
}

// -----

// Run-time node references: the verifier checks their constant parts and
// how the positions, flags and values fit together.
xmp.nodes @p(shape = ?)
func.func @task_dyn_collective(%k: index, %x: f64) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @p [%k] {
    // expected-error @+1 {{'xmp.reduction' op reduction inside xmp.task on @p with a node reference: collectives need a node set; declare one with xmp.nodes @q(...) = @p [...] and run the task on it}}
    %s = xmp.reduction add %x on @p : f64
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_barrier(%k: index) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @p [%k:] {
    // expected-error @+1 {{'xmp.barrier' op barrier inside xmp.task on @p with a node reference}}
    xmp.barrier
  }
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @task_dyn_rank(%k: index) {
  // expected-error @+1 {{'xmp.task' op has 1 node reference triplets but grid @p has rank 2}}
  xmp.task on @p [%k] {
  }
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @task_dyn_negative(%k: index) {
  // expected-error @+1 {{'xmp.task' op node reference axis 1: the triplet must select a non-empty range of coordinates >= 0 with a positive step}}
  xmp.task on @p [%k, -1:2] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_negative_step(%k: index) {
  // expected-error @+1 {{'xmp.task' op node reference axis 0: the triplet must select a non-empty range of coordinates >= 0 with a positive step}}
  xmp.task on @p [%k:4:-1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_hi_zero(%k: index) {
  // A constant upper bound of 0 leaves no coordinate >= 0 for the run-time
  // lower bound.
  // expected-error @+1 {{'xmp.task' op node reference axis 0: the triplet must select a non-empty range of coordinates >= 0 with a positive step}}
  xmp.task on @p [%k:0] {
  }
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @task_dyn_outside(%k: index) {
  // expected-error @+1 {{'xmp.task' op node reference axis 1 starts at coordinate 2, outside grid @p (size 2)}}
  xmp.task on @p [%k, 2:%k] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_count(%k: index) {
  // expected-error @+1 {{'xmp.task' op node reference has 1 run-time positions but 2 refValues operands}}
  "xmp.task"(%k, %k) <{nodes = @p, operandSegmentSizes = array<i32: 2, 0>, subset = array<i64: 0, 1, 0>, subsetDynamic = array<i1: true, false, false>}> ({
    xmp.yield
  }) : (index, index) -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_flags(%k: index) {
  // expected-error @+1 {{'xmp.task' op subsetDynamic has 2 flags for the 3 positions of the node reference}}
  "xmp.task"(%k) <{nodes = @p, operandSegmentSizes = array<i32: 1, 0>, subset = array<i64: 0, 1, 0>, subsetDynamic = array<i1: true, false>}> ({
    xmp.yield
  }) : (index) -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_no_flag() {
  // expected-error @+1 {{'xmp.task' op subsetDynamic flags no position: leave it out for a node reference of constants}}
  "xmp.task"() <{nodes = @p, operandSegmentSizes = array<i32: 0, 0>, subset = array<i64: 0, 1, 0>, subsetDynamic = array<i1: false, false, false>}> ({
    xmp.yield
  }) : () -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_no_ref(%k: index) {
  // expected-error @+1 {{'xmp.task' op has run-time node reference values (subsetDynamic, refValues) but no node reference (subset)}}
  "xmp.task"(%k) <{nodes = @p, operandSegmentSizes = array<i32: 1, 0>}> ({
    xmp.yield
  }) : (index) -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_single_hi(%k: index) {
  // expected-error @+1 {{'xmp.task' op node reference axis 0: a single coordinate (step 0) has no run-time upper bound}}
  "xmp.task"(%k) <{nodes = @p, operandSegmentSizes = array<i32: 1, 0>, subset = array<i64: 0, 0, 0>, subsetDynamic = array<i1: false, true, false>}> ({
    xmp.yield
  }) : (index) -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_placeholder(%k: index) {
  // expected-error @+1 {{'xmp.task' op node reference axis 0: the run-time lower bound must hold 0 in subset, not 3}}
  "xmp.task"(%k) <{nodes = @p, operandSegmentSizes = array<i32: 1, 0>, subset = array<i64: 3, 5, 1>, subsetDynamic = array<i1: true, false, false>}> ({
    xmp.yield
  }) : (index) -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
func.func @task_dyn_single_placeholder(%k: index) {
  // expected-error @+1 {{'xmp.task' op node reference axis 0: a run-time single coordinate must hold (0, 1, 0) in subset}}
  "xmp.task"(%k) <{nodes = @p, operandSegmentSizes = array<i32: 1, 0>, subset = array<i64: 0, 7, 0>, subsetDynamic = array<i1: true, false, false>}> ({
    xmp.yield
  }) : (index) -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @task_dyn_and_subscripts(%k: index) {
  // expected-error @+1 {{'xmp.task' op takes node triplets or template subscripts, not both}}
  xmp.task on @p [%k] (%k) {
  }
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @array_inquiry_dim(%a: !a_t, %g: index) -> index {
  // expected-error @+1 {{'xmp.array_gtol' op dimension 1 is out of range for an array of rank 1}}
  %l = xmp.array_gtol %a [1] %g : !a_t
  return %l : index
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @array_gsize_dim(%a: !a_t) -> index {
  // expected-error @+1 {{'xmp.array_gsize' op dimension 1 is out of range for an array of rank 1}}
  %n = xmp.array_gsize %a [1] : !a_t
  return %n : index
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8x8)
xmp.distribute @t onto @p [block, *]
func.func @task_template_rank(%i: index) {
  // expected-error @+1 {{has 1 subscripts but template @t has rank 2}}
  xmp.task on @t (%i) {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @task_template_collective(%i: index, %x: f64) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @t (%i) {
    // expected-error @+1 {{reduction inside xmp.task on @t on template subscripts: collectives need a node set; declare one with xmp.nodes @q(...) = @p [...] and run the task on it}}
    %s = xmp.reduction add %x on @p : f64
  }
  return
}

// -----

xmp.template @t(shape = 8)
func.func @task_template_undistributed(%i: index) {
  // expected-error @+1 {{template @t is not distributed}}
  xmp.task on @t (%i) {
  }
  return
}

// -----

func.func @nodes_comm_undefined() -> i32 {
  // expected-error @+1 {{'xmp.nodes_comm' op grid @nope is not defined}}
  %c = xmp.nodes_comm @nope
  return %c : i32
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @reduction_start_axes(%m: memref<4xf64>) {
  // expected-error @+1 {{reduces over the whole grid or one axis; several axes take one xmp.reduction_start each}}
  %r = xmp.reduction_start add %m on @p [0, 1] : memref<4xf64>
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @reduction_start_kind(%m: memref<4xf64>) {
  // expected-error @+1 {{reduction kind 'xor' does not apply to 'memref<4xf64>'}}
  %r = xmp.reduction_start xor %m on @p : memref<4xf64>
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @reduction_start_acc(%m: memref<4xf64>) {
  // expected-error @+1 {{acc reduces the device instance of a darray; the operand is a memref ('memref<4xf64>'), which has none: drop acc (or reduce the darray)}}
  %r = xmp.reduction_start add %m on @p acc : memref<4xf64>
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @reduction_start_acc_scalar(%x: f64) -> f64 {
  // expected-error @+1 {{acc reduces the device instance of a darray; the operand is a scalar ('f64')}}
  %r = xmp.reduction_start add %x on @p acc : f64
  %y = xmp.wait %r : f64
  return %y : f64
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @bcast_acc(%m: memref<4xf64>) {
  // expected-error @+1 {{acc would broadcast a device instance, but the operand is a memref, which has only the host one: drop acc}}
  xmp.bcast %m from [0, 0] on @p acc : memref<4xf64>
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @bcast_start_acc(%m: memref<4xf64>) {
  // expected-error @+1 {{starts a broadcast of host memory: acc is not supported (xmp.bcast moves a scalar or a memref, which has no device instance)}}
  %r = xmp.bcast_start %m from [0, 0] on @p acc : memref<4xf64>
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @bcast_start_root(%m: memref<4xf64>) {
  // expected-error @+1 {{root coordinate 2 is outside axis 1 of grid @p}}
  %r = xmp.bcast_start %m from [0, 2] on @p : memref<4xf64>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.nodes @h(shape = 1) = @p [0:1]
func.func @task_async_outside(%m: memref<4xf64>) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @h {
    // expected-error @+1 {{reduction_start inside xmp.task on @h involves the ranks of @p, which are not all ranks of @h}}
    %r = xmp.reduction_start add %m on @p : memref<4xf64>
    xmp.wait %r
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @task_template_triplets() {
  // expected-error @+1 {{@t is a template: it takes subscripts (%i, ...), not node triplets}}
  xmp.task on @t [0] {
  }
  return
}

// -----

xmp.nodes @p(shape = 3)
xmp.template @t(shape = 10)
// expected-error @+1 {{block(3) of template dimension 0 over 3 ranks covers 9 of its 10 elements}}
xmp.distribute @t onto @p [block(3)]

// -----

xmp.nodes @p(shape = 3)
xmp.template @t(shape = 10)
// expected-error @+1 {{block width must be at least 1, got 0}}
xmp.distribute @t onto @p [block(0)]

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @overlap_margin_count(%tok: !xmp.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{overlap margin lists 2 dimensions but the loop has 1 induction variables}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] overlap(%tok margin [1:1, 0:0]) {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @overlap_margin_negative(%tok: !xmp.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{overlap margin of dimension 0 must not be negative, got -1:1}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] overlap(%tok margin [-1:1]) {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [cyclic]
func.func @overlap_cyclic(%tok: !xmp.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{overlap margin on dimension 0 (template @t dimension 0) needs a block-like distribution, but it is cyclic}}
  xmp.device_loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] overlap(%tok margin [1:0]) {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @expand_count() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expand lists 2 dimensions but the loop has 1 induction variables}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] expand [1:1, 0:0] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @expand_negative() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expand width of dimension 0 must not be negative, got 1:-2}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] expand [1:-2] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @expand_reduce(%x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expand cannot be combined with reduce: the iterations that neighbouring nodes both run would be counted twice}}
  %r = xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] expand [1:1] reduce(add) init(%x) -> f64 {
    xmp.yield %x : f64
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @expand_overlap(%tok: !xmp.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expand cannot be combined with overlap}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] overlap(%tok margin [1:1]) expand [1:1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @expand_weight(%w: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expand cannot be combined with weight: a split loop divides a node's owned iterations between GPU and CPU}}
  xmp.device_loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] weight(%w) expand [1:1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [cyclic]
func.func @expand_cyclic() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expand on dimension 0 (template @t dimension 0) needs a block-like distribution, but it is cyclic}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] expand [0:1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @expand_syntax() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected ':'}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] expand [1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @margin_count() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'xmp.loop' op margin lists 2 dimensions but the loop has 1 induction variables}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] margin [1:1, 0:0] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @margin_negative() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'xmp.loop' op margin width of dimension 0 must not be negative, got -1:2}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] margin [-1:2] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @margin_and_expand() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'xmp.loop' op has both expand and margin, which are mutually exclusive: expand runs the node's iterations and the widened ones, margin only the widened ones (write two loops to run both)}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] expand [1:1] margin [1:1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @margin_and_expand_generic() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'xmp.device_loop' op has both expand and margin, which are mutually exclusive}}
  "xmp.device_loop"(%c0, %c1, %c1) <{expandHi = array<i64: 1>, expandLo = array<i64: 1>, frameHi = array<i64: 0>, frameLo = array<i64: 1>, onDims = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0>, tmpl = @t}> ({
  ^bb0(%i: index):
    xmp.yield
  }) : (index, index, index) -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @margin_twice() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'margin' is given twice}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] margin [1:1] margin [1:1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @margin_overlap(%tok: !xmp.token) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'xmp.loop' op margin cannot be combined with overlap: the margin iterations read the halo the overlapped reflect is still filling}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] overlap(%tok margin [1:1]) margin [1:1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @margin_weight(%w: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'xmp.device_loop' op margin cannot be combined with weight: a split loop divides a node's owned iterations between GPU and CPU, and the margin ones are not owned (such a device loop runs on the GPU)}}
  xmp.device_loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] weight(%w) margin [unbound 1:1] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [cyclic]
func.func @margin_cyclic() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'xmp.loop' op margin on dimension 0 (template @t dimension 0) needs a block-like distribution, but it is cyclic}}
  xmp.loop (%i) = (%c0) to (%c1) step (%c1) on @t [0] margin [unbound 0:0] {
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
func.func @margin_half() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'xmp.loop' op margin needs both lower and upper widths}}
  "xmp.loop"(%c0, %c1, %c1) <{frameLo = array<i64: 1>, onDims = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, tmpl = @t}> ({
  ^bb0(%i: index):
    xmp.yield
  }) : (index, index, index) -> ()
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [gblock(*)]
func.func @f(%n: index) {
  // expected-error @+1 {{template @t has 1 gblock(*) dimension(s) but the op gives 0 gblock size list(s) (one memref<...xi64> per gblock(*) dimension, in order)}}
  xmp.template_fix @t(%n)
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [block]
func.func @f(%n: index, %m: memref<?xi64>) {
  // expected-error @+1 {{template @t has 0 gblock(*) dimension(s) but the op gives 1 gblock size list(s)}}
  xmp.template_fix @t(%n) gblock(%m : memref<?xi64>)
  return
}

// -----

xmp.nodes @p(shape = 4x2)
xmp.template @t(shape = 8x?)
xmp.distribute @t onto @p [block, gblock(*)]
func.func @f(%n: index, %m: memref<4xi64>) {
  // expected-error @+1 {{gblock size list 0 (template dimension 1) has 4 entries but grid axis 1 has 2 ranks}}
  xmp.template_fix @t(%n) gblock(%m : memref<4xi64>)
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [gblock(*)]
func.func @f(%n: index, %m: memref<?xi32>) {
  // expected-error @+1 {{operand #1 must be variadic of 1D memref of 64-bit signless integer values}}
  xmp.template_fix @t(%n) gblock(%m : memref<?xi32>)
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
// expected-error @+1 {{gblock needs at least one size (or gblock(*), sizes given by xmp.template_fix)}}
xmp.distribute @t onto @p [gblock([])]

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = ?)
xmp.distribute @t onto @p [gblock(*)]
func.func @f(%n: index, %m: memref<4xi64, strided<[2]>>) {
  // expected-error @+1 {{gblock size list 0 must be a contiguous memref (identity layout), got 'memref<4xi64, strided<[2]>>'}}
  xmp.template_fix @t(%n) gblock(%m : memref<4xi64, strided<[2]>>)
  return
}

// -----

// One-sided gmove: `in` gets from the source's holders, so the source is a
// darray; `out` puts into the destination's holders, a darray too.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_in_memref_source(%a: memref<8xf64>, %b: !xmp.darray<8xf64, @t, align [0]>) {
  // expected-error @+1 {{'xmp.gmove' op in gets the source from the ranks that hold it: the source must be a darray (a memref source is on this rank already: use memref.copy)}}
  xmp.gmove in %a[0:8] to %b[0:8] : memref<8xf64> to !xmp.darray<8xf64, @t, align [0]>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_out_memref_dest(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<8xf64>) {
  // expected-error @+1 {{'xmp.gmove' op out puts into the ranks that hold the destination: the destination must be a darray (other ranks' memrefs cannot be reached)}}
  xmp.gmove out %a[0:8] to %b[0:8] : !xmp.darray<8xf64, @t, align [0]> to memref<8xf64>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_start_out_memref_dest(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<8xf64>) -> !xmp.request {
  // expected-error @+1 {{'xmp.gmove_start' op out puts into the ranks that hold the destination: the destination must be a darray}}
  %r = xmp.gmove_start out %a[0:8] to %b[0:8] : !xmp.darray<8xf64, @t, align [0]> to memref<8xf64>
  return %r : !xmp.request
}

// -----

// The other rules of gmove hold for the one-sided forms.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_in_shape(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<8xf64>) {
  // expected-error @+1 {{'xmp.gmove' op source section has shape [8] but destination section has shape [4]}}
  xmp.gmove in %a[0:8] to %b[0:4] : !xmp.darray<8xf64, @t, align [0]> to memref<8xf64>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_in_acc_memref(%a: !xmp.darray<8xf64, @t, align [0]>, %b: memref<8xf64>) {
  // expected-error @+1 {{'xmp.gmove' op with acc moves device instances, which a memref does not have: use a darray on both sides}}
  xmp.gmove in %a[0:8] to %b[0:8] acc : !xmp.darray<8xf64, @t, align [0]> to memref<8xf64>
  return
}

// -----

// One-sided gmoves are not collective: allowed in any task, also with a
// node reference (no node set) or template subscripts.
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = 1) = @p [0:1]
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @gmove_onesided_tasks(%a: !xmp.darray<8xf64, @t, align [0]>, %m: memref<8xf64>, %i: index) {
  xmp.task on @q {
    xmp.gmove in %a[0:8] to %m[0:8] : !xmp.darray<8xf64, @t, align [0]> to memref<8xf64>
  }
  xmp.task on @p [0] {
    xmp.gmove out %m[0:8] to %a[0:8] : memref<8xf64> to !xmp.darray<8xf64, @t, align [0]>
  }
  xmp.task on @t (%i) {
    %r = xmp.gmove_start in %a[0:8] to %m[0:8] : !xmp.darray<8xf64, @t, align [0]> to memref<8xf64>
    xmp.wait %r
  }
  return
}

// -----

// The asynchronous reduction of a scalar returns its value at the wait.
xmp.nodes @p(shape = 2x2)
func.func @wait_scalar_no_result(%x: f64) {
  %r = xmp.reduction_start add %x on @p : f64
  // expected-error @+1 {{'xmp.wait' op completes the reduction_start of a scalar: its result is the value (xmp.wait %r : 'f64')}}
  xmp.wait %r
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @wait_scalar_type(%x: f64) -> f32 {
  %r = xmp.reduction_start add %x on @p : f64
  // expected-error @+1 {{'xmp.wait' op result has type 'f32' but the reduction_start moves 'f64'}}
  %y = xmp.wait %r : f32
  return %y : f32
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @wait_in_place_result(%m: memref<4xf64>) -> f64 {
  %r = xmp.reduction_start add %m on @p : memref<4xf64>
  // expected-error @+1 {{'xmp.wait' op has a result, but the request of xmp.reduction_start works in place: only the reduction or broadcast of a scalar returns a value}}
  %y = xmp.wait %r : f64
  return %y : f64
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @wait_result_type(%r: !xmp.request) -> memref<4xf64> {
  // expected-error @+1 {{'xmp.wait' op result must be an integer, float or complex scalar (the value of a scalar reduction), got 'memref<4xf64>'}}
  %y = xmp.wait %r : memref<4xf64>
  return %y : memref<4xf64>
}

// -----

// xmp.test after the wait of its request in the same block: the request is
// always completed there.
xmp.nodes @p(shape = 2x2)
func.func @test_after_wait(%m: memref<4xf64>) -> i1 {
  %r = xmp.reduction_start add %m on @p : memref<4xf64>
  %ok = xmp.test %r
  // expected-note @+1 {{the wait is here}}
  xmp.wait %r
  // expected-error @+1 {{'xmp.test' op tests a request that the xmp.wait before it in the block has completed (test a request between its start and its wait)}}
  %done = xmp.test %r
  return %done : i1
}

// -----

// A reflect's token is not a request: reflects have no test.
func.func @test_token(%t: !xmp.token) -> i1 {
  // expected-error @+1 {{'xmp.test' op operand #0 must be collective request, but got '!xmp.token'}}
  %done = "xmp.test"(%t) : (!xmp.token) -> i1
  return %done : i1
}

// -----

func.func @test_result_type(%r: !xmp.request) -> i32 {
  // expected-error @+1 {{'xmp.test' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %done = "xmp.test"(%r) : (!xmp.request) -> i32
  return %done : i32
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @reduction_start_index(%x: index) {
  // expected-error @+1 {{'xmp.reduction_start' op operand must be an integer, float or complex scalar, a memref or a darray of them, got 'index'}}
  %r = xmp.reduction_start add %x on @p : index
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @reduction_start_scalar_loc(%x: f64) {
  // expected-error @+1 {{'xmp.reduction_start' op location reduction 'firstmax' has no asynchronous form}}
  %r = xmp.reduction_start firstmax %x on @p : f64
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @reduction_start_scalar_kind(%x: f64) {
  // expected-error @+1 {{reduction kind 'and' does not apply to 'f64'}}
  %r = xmp.reduction_start and %x on @p : f64
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @reduction_start_darray_acc(%a: !xmp.darray<8xf64, @t, align [*]>,
                                      %p: !xmp.request) {
  // expected-error @+1 {{'xmp.reduction_start' op with acc: its request must be completed by xmp.wait in the same function (the device instance is released after the wait; xmp.test may come before it), not used by 'func.call'}}
  %r = xmp.reduction_start add %a on @p acc : !xmp.darray<8xf64, @t, align [*]>
  func.call @later(%r) : (!xmp.request) -> ()
  return
}
func.func private @later(!xmp.request)

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @reduce_shadow_init_i1(%a: !xmp.darray<8xi1, @t, align [0], shadow [1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow_init' op array element type 'i1' has no addition}}
  %p = xmp.reduce_shadow_init %a : !xmp.darray<8xi1, @t, align [0], shadow [1:1]> -> !xmp.reflect_plan
  return
}

// -----

xmp.nodes @p(shape = 2)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
func.func @reduce_shadow_init_width(%a: !xmp.darray<8xf64, @t, align [0], shadow [1:1]>) {
  // expected-error @+1 {{'xmp.reduce_shadow_init' op}}
  %p = xmp.reduce_shadow_init %a width [2:0] : !xmp.darray<8xf64, @t, align [0], shadow [1:1]> -> !xmp.reflect_plan
  return
}

// -----

// The asynchronous broadcast of a scalar returns its value at the wait too.
xmp.nodes @p(shape = 2x2)
func.func @wait_bcast_scalar(%x: i64) -> i32 {
  %r = xmp.bcast_start %x from [0, 1] on @p : i64
  // expected-error @+1 {{'xmp.wait' op result has type 'i32' but the bcast_start moves 'i64'}}
  %y = xmp.wait %r : i32
  return %y : i32
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @wait_bcast_scalar_none(%x: f32) {
  %r = xmp.bcast_start %x from [0, 1] on @p : f32
  // expected-error @+1 {{'xmp.wait' op completes the bcast_start of a scalar: its result is the value (xmp.wait %r : 'f32')}}
  xmp.wait %r
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @bcast_start_index(%x: index) {
  // expected-error @+1 {{'xmp.bcast_start' op operand must be an integer, float or complex scalar or a memref of them, got 'index'}}
  %r = xmp.bcast_start %x from [0, 0] on @p : index
  return
}

// -----

// The collective gmove inside a task names the executing node set (issue
// 16): without `on` it would involve every rank.
xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.template @t(shape = 8)
xmp.distribute @t onto @row [block]
!r_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_task_no_on(%a: !r_t, %m: memref<8xf64>) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @row {
    // expected-error @+1 {{'xmp.gmove' op gmove inside xmp.task on @row involves every rank, not only the ranks of @row (name them: on @row)}}
    xmp.gmove %a[0:8] to %m[0:8] : !r_t to memref<8xf64>
  }
  return
}

// -----

// ... and a node set within the task's: not a grid the task is a part of.
xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.template @t(shape = 8)
xmp.distribute @t onto @row [block]
!r_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_task_on_parent(%a: !r_t, %m: memref<8xf64>) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @row {
    // expected-error @+1 {{'xmp.gmove' op gmove inside xmp.task on @row involves the ranks of @p, which are not all ranks of @row}}
    xmp.gmove %a[0:8] to %m[0:8] on @p : !r_t to memref<8xf64>
  }
  return
}

// -----

xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.template @t(shape = 8)
xmp.distribute @t onto @row [block]
!r_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_start_task_on_parent(%a: !r_t, %m: memref<8xf64>) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @row {
    // expected-error @+1 {{'xmp.gmove_start' op gmove_start inside xmp.task on @row involves the ranks of @p, which are not all ranks of @row}}
    %r = xmp.gmove_start %a[0:8] to %m[0:8] on @p : !r_t to memref<8xf64>
    xmp.wait %r
  }
  return
}

// -----

// A task on a node reference (here with a run-time coordinate) has no node
// set: no collective gmove inside, whatever it names.
xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.template @t(shape = 8)
xmp.distribute @t onto @row [block]
!r_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_task_dynamic_ref(%a: !r_t, %m: memref<8xf64>, %k: index) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @p [%k, :] {
    // expected-error @+1 {{'xmp.gmove' op gmove inside xmp.task on @p with a node reference: collectives need a node set; declare one with xmp.nodes @q(...) = @p [...] and run the task on it}}
    xmp.gmove %a[0:8] to %m[0:8] on @row : !r_t to memref<8xf64>
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_start_task_template(%a: !a_t, %m: memref<8xf64>, %i: index) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @t (%i) {
    // expected-error @+1 {{'xmp.gmove_start' op gmove_start inside xmp.task on @t on template subscripts: collectives need a node set}}
    %r = xmp.gmove_start %a[0:8] to %m[0:8] on @p : !a_t to memref<8xf64>
    xmp.wait %r
  }
  return
}

// -----

// One-sided gmoves are executed by each rank alone: no node set.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_in_on(%a: !a_t, %m: memref<8xf64>) {
  // expected-error @+1 {{'xmp.gmove' op is one-sided (in): each rank that meets it executes it alone, so it takes no node set ('on @p' is for the collective gmove)}}
  xmp.gmove in %a[0:8] to %m[0:8] on @p : !a_t to memref<8xf64>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_on_undefined(%a: !a_t, %m: memref<8xf64>) {
  // expected-error @+1 {{'xmp.gmove' op node set @nope is not defined}}
  xmp.gmove %a[0:8] to %m[0:8] on @nope : !a_t to memref<8xf64>
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_on_template(%a: !a_t, %m: memref<8xf64>) {
  // expected-error @+1 {{'xmp.gmove_start' op node set @t does not name an xmp.nodes (it is 'xmp.template')}}
  %r = xmp.gmove_start %a[0:8] to %m[0:8] on @t : !a_t to memref<8xf64>
  xmp.wait %r
  return
}

// -----

// An array on a node set that shares no rank with the executing one (two
// rows of a grid): no executing rank holds an element of it.
xmp.nodes @p(shape = ?x?)
xmp.nodes @row0(shape = ?) = @p [0, :]
xmp.nodes @row1(shape = ?) = @p [1, :]
xmp.template @t(shape = 8)
xmp.distribute @t onto @row1 [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_on_disjoint(%a: !a_t, %m: memref<8xf64>) {
  xmp.task on @row0 {
    // expected-error @+1 {{'xmp.gmove' op on @row0: the source is distributed onto @row1, which shares no rank with @row0: no rank executing the gmove holds an element of its section (inside a task a gmove reads and writes only elements that the task's nodes hold)}}
    xmp.gmove %a[2:6] to %m[0:4] on @row0 : !a_t to memref<8xf64>
  }
  return
}

// -----

// The same through subsets of subsets and steps: every other column of a
// 4 x ? grid against its odd columns' first row.
xmp.nodes @p(shape = 4x?)
xmp.nodes @even(shape = 4x?) = @p [:, 0::2]
xmp.nodes @odd(shape = 4x?) = @p [:, 1::2]
xmp.nodes @odd0(shape = ?) = @odd [0, :]
xmp.template @t(shape = 8)
xmp.distribute @t onto @odd0 [cyclic]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_on_disjoint_steps(%m: memref<8xf64>, %b: !a_t) {
  // expected-error @+1 {{'xmp.gmove_start' op on @even: the destination is distributed onto @odd0, which shares no rank with @even}}
  %r = xmp.gmove_start %m[0:8] to %b[0:8] on @even : memref<8xf64> to !a_t
  xmp.wait %r
  return
}

// -----

// Not diagnosed: sets that may share ranks (a row and a column), an empty
// or run-time section of a disjoint one (the runtime checks what it reads).
xmp.nodes @p(shape = ?x?)
xmp.nodes @row0(shape = ?) = @p [0, :]
xmp.nodes @row1(shape = ?) = @p [1, :]
xmp.nodes @col0(shape = ?) = @p [:, 0]
xmp.template @t(shape = 8)
xmp.distribute @t onto @row1 [block]
xmp.template @u(shape = 8)
xmp.distribute @u onto @col0 [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
!c_t = !xmp.darray<8xf64, @u, align [0]>
func.func @gmove_on_maybe_disjoint(%a: !a_t, %c: !c_t, %m: memref<8xf64>, %n: index) {
  xmp.task on @row0 {
    xmp.gmove %c[0:8] to %m[0:8] on @row0 : !c_t to memref<8xf64>
    xmp.gmove %a[2:2] to %m[0:0] on @row0 : !a_t to memref<8xf64>
    xmp.gmove %a[0:%n] to %m[0:%n] on @row0 : !a_t to memref<8xf64>
  }
  return
}

// -----

// Every rank that starts a collective gmove waits for it: in the same task.
xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.nodes @first(shape = 1) = @row [0:1]
xmp.template @t(shape = 8)
xmp.distribute @t onto @row [block]
!r_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_start_wait_nested(%a: !r_t, %m: memref<8xf64>) {
  xmp.task on @row {
    // expected-note @+1 {{the gmove_start is here}}
    %r = xmp.gmove_start %a[0:8] to %m[0:8] on @row : !r_t to memref<8xf64>
    xmp.task on @first {
      // expected-error @+1 {{'xmp.wait' op completes a collective xmp.gmove_start started inside xmp.task on @row from inside xmp.task on @first: every rank that starts it must wait for it, so the wait must be in the same task}}
      xmp.wait %r
    }
  }
  return
}

// -----

xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = 1) = @p [0:1]
xmp.template @t(shape = 8)
xmp.distribute @t onto @p [block]
!a_t = !xmp.darray<8xf64, @t, align [0]>
func.func @gmove_start_wait_in_task(%a: !a_t, %m: memref<8xf64>) {
  // expected-note @+1 {{the gmove_start is here}}
  %r = xmp.gmove_start %a[0:8] to %m[0:8] : !a_t to memref<8xf64>
  xmp.task on @q {
    // expected-error @+1 {{'xmp.wait' op completes a collective xmp.gmove_start started outside any xmp.task from inside xmp.task on @q}}
    xmp.wait %r
  }
  return
}

// -----

// Nested tasks on subsets of one grid (as the C front end declares them,
// each from @p): a collective on the inner task's node set is within the
// outer task's when its constant coordinates are the outer set's.
xmp.nodes @p(shape = 4x?)
xmp.nodes @rows01(shape = 2x?) = @p [0:2, :]
xmp.nodes @row1(shape = 1x?) = @p [1:2, :]
xmp.nodes @row1ev(shape = ?) = @p [1, 0::2]
xmp.template @t(shape = 4x8)
xmp.distribute @t onto @p [block, block]
!a_t = !xmp.darray<4x8xf64, @t, align [0, 1]>
func.func @nested_within(%a: !a_t, %m: memref<8xf64>, %x: f64) {
  xmp.task on @rows01 {
    xmp.task on @row1 {
      %s = xmp.reduction add %x on @row1 : f64
      xmp.gmove %a[1, 0:8] to %m[0:8] on @row1 : !a_t to memref<8xf64>
    }
    xmp.task on @row1ev {
      xmp.gmove %a[1, 0:8] to %m[0:8] on @row1ev : !a_t to memref<8xf64>
    }
  }
  return
}

// -----

xmp.nodes @p(shape = 4x?)
xmp.nodes @rows01(shape = 2x?) = @p [0:2, :]
xmp.nodes @rows13(shape = 2x?) = @p [1:4:2, :]
xmp.template @t(shape = 4x8)
xmp.distribute @t onto @p [block, block]
!a_t = !xmp.darray<4x8xf64, @t, align [0, 1]>
func.func @nested_not_within(%a: !a_t, %m: memref<8xf64>) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @rows01 {
    xmp.task on @rows13 {
      // expected-error @+1 {{'xmp.gmove' op gmove inside xmp.task on @rows01 involves the ranks of @rows13, which are not all ranks of @rows01}}
      xmp.gmove %a[1, 0:8] to %m[0:8] on @rows13 : !a_t to memref<8xf64>
    }
  }
  return
}

// -----

// A registered request is completed by its id, not by xmp.wait too.
xmp.nodes @p(shape = 2x2)
func.func @register_and_wait(%m: memref<4xf64>, %id: i64) {
  %r = xmp.reduction_start add %m on @p : memref<4xf64>
  // expected-error @+1 {{'xmp.async_register' op registers an operation that 'xmp.wait' also completes (a registered operation is completed by xmp.wait_async of its id, exactly once)}}
  xmp.async_register %r, %id : !xmp.request
  // expected-note @+1 {{the other completion is here}}
  xmp.wait %r
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @register_twice(%m: memref<4xf64>, %id: i64) {
  %r = xmp.reduction_start add %m on @p : memref<4xf64>
  // expected-error @+1 {{'xmp.async_register' op registers an operation that another xmp.async_register registers too (an operation belongs to one id, once)}}
  xmp.async_register %r, %id : !xmp.request
  // expected-note @+1 {{the other registration is here}}
  xmp.async_register %r, %id : !xmp.request
  return
}

// -----

// A scalar's reduction delivers a value: 'into' names where.
xmp.nodes @p(shape = 2x2)
func.func @register_scalar_without_into(%x: f64, %id: i64) {
  %r = xmp.reduction_start add %x on @p : f64
  // expected-error @+1 {{'xmp.async_register' op registers the reduction_start of a scalar ('f64') without 'into': name the memref<f64> that xmp.wait_async stores the value in}}
  xmp.async_register %r, %id : !xmp.request
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @register_into_type(%x: f64, %id: i64, %m: memref<i32>) {
  %r = xmp.bcast_start %x from [0, 0] on @p : f64
  // expected-error @+1 {{'xmp.async_register' op 'into' has element type 'i32' but the bcast_start moves 'f64'}}
  xmp.async_register %r, %id into %m : !xmp.request, memref<i32>
  return
}

// -----

xmp.nodes @p(shape = 2x2)
func.func @register_in_place_into(%m: memref<4xf64>, %id: i64, %v: memref<f64>) {
  %r = xmp.reduction_start add %m on @p : memref<4xf64>
  // expected-error @+1 {{'xmp.async_register' op has 'into', but the request of xmp.reduction_start works in place and delivers no value}}
  xmp.async_register %r, %id into %v : !xmp.request, memref<f64>
  return
}

// -----

func.func @register_into_rank(%r: !xmp.request, %id: i64, %v: memref<2xf64>) {
  // expected-error @+1 {{'xmp.async_register' op 'into' must be a 0-d memref (the scalar the value is stored in), got 'memref<2xf64>'}}
  xmp.async_register %r, %id into %v : !xmp.request, memref<2xf64>
  return
}

// -----

func.func @register_token(%p: !xmp.reflect_plan, %id: i64, %v: memref<f64>) {
  %t = xmp.reflect_start %p
  // expected-error @+1 {{'xmp.async_register' op registers a reflect's token with 'into': a reflect delivers no value}}
  xmp.async_register %t, %id into %v : !xmp.token, memref<f64>
  return
}

// -----

func.func @register_token_and_wait(%p: !xmp.reflect_plan, %id: i64) {
  %t = xmp.reflect_start %p
  // expected-error @+1 {{'xmp.async_register' op registers an operation that 'xmp.reflect_wait' also completes}}
  xmp.async_register %t, %id : !xmp.token
  // expected-note @+1 {{the other completion is here}}
  xmp.reflect_wait %t
  return
}

// -----

// The device instance of an acc reduction is released after its xmp.wait:
// its request cannot go to an id.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 8x8)
xmp.distribute @t onto @p [block, block]
func.func @register_acc(%a: !xmp.darray<8x8xf64, @t, align [*, 1]>, %id: i64) {
  // expected-error @+1 {{'xmp.reduction_start' op with acc: its request must be completed by xmp.wait in the same function (the device instance is released after the wait; xmp.test may come before it), not used by 'xmp.async_register'}}
  %r = xmp.reduction_start add %a on @p [0] acc : !xmp.darray<8x8xf64, @t, align [*, 1]>
  xmp.async_register %r, %id : !xmp.request
  return
}

// -----

// A reshaped subset is the root of its own subsets' coordinates: subsets
// of @q nest by @q's axes (within: @q00 in @q0; not within: @q10).
xmp.nodes @p(shape = ?)
xmp.nodes @q(shape = 2x2) = reshape @p [0:4]
xmp.nodes @q0(shape = 2) = @q [0, :]
xmp.nodes @q00(shape = 1) = @q [0, 0:1]
xmp.nodes @q10(shape = 1) = @q [1, 0:1]
func.func @reshaped_within(%x: f64) {
  // expected-note @+1 {{the task is here}}
  xmp.task on @q0 {
    xmp.task on @q00 {
      %s = xmp.reduction add %x on @q00 : f64
    }
    xmp.task on @q10 {
      // expected-error @+1 {{'xmp.reduction' op reduction inside xmp.task on @q0 involves the ranks of @q10, which are not all ranks of @q0}}
      %s = xmp.reduction add %x on @q10 : f64
    }
  }
  return
}
