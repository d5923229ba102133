// Entries xmp-specialize-shapes refuses, each with its diagnostic.
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=t" 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: xmp-specialize-shapes: entry 't' is not NAME=SHAPE with SHAPE like 129x129x257
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=t=4xa" 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: xmp-specialize-shapes: entry 't=4xa' is not NAME=SHAPE
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=w=4" 2>&1 | FileCheck %s --check-prefix=NONAME
// NONAME: error: xmp-specialize-shapes: entry 'w=4': the module has no xmp.template or xmp.nodes @w
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=t=4" 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: xmp-specialize-shapes: entry 't=4' gives 1 sizes for a 2-D shape
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=t=40x8" 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: error: xmp-specialize-shapes: entry 't=40x8' gives size 8 to dimension 1, declared 16
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=row=2" 2>&1 | FileCheck %s --check-prefix=SUBSET
// SUBSET: error: xmp-specialize-shapes: @row is a node subset; specialize its parent grid
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=p=0x2" 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: xmp-specialize-shapes: a grid axis of @p cannot have 0 ranks
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=t=50x16" 2>&1 | FileCheck %s --check-prefix=CONST
// CONST: error: xmp-specialize-shapes: this xmp.template_fix gives 40 to dimension 0 of template @t, specialized to 50
// A correct entry passes.
// RUN: xmp-opt %s --xmp-specialize-shapes="shapes=t=40x16,p=2x2" | FileCheck %s --check-prefix=OK
// OK: xmp.nodes @p(shape = 2x2)
// OK: xmp.nodes @row(shape = 2) = @p [0, :]
// OK: xmp.nodes @flat(shape = 4) = reshape @p [:, :]
// OK: xmp.nodes @half(shape = 1x2) = reshape @p [:, 1]
// OK: xmp.template_fix @t(%{{.*}}, %{{.*}})
// A reshaped subset whose `?` the specialized parent cannot fill (3 ranks
// of p = 3x2's column as ?x2): the verifier says so.
// RUN: not xmp-opt %s --xmp-specialize-shapes="shapes=t=40x16,p=3x2" 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RESHAPE: error: 'xmp.nodes' op reshapes the 3 ranks it selects of parent grid @p to [?, 2]: the static axes' product 2 does not divide the count

xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.nodes @flat(shape = ?) = reshape @p [:, :]
xmp.nodes @half(shape = ?x2) = reshape @p [:, 1]
xmp.template @t(shape = ?x16)
xmp.distribute @t onto @p [block, block]

func.func @f() {
  %c40 = arith.constant 40 : index
  xmp.template_fix @t(%c40)
  return
}
