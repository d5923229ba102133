// RUN: xmp-opt %s -canonicalize | FileCheck %s
// Inquiries about static grid shapes fold to constants (xmp.num_nodes,
// xmp.node_size), as does the size of a static array dimension
// (xmp.array_gsize); `?` axes and sizes and the calling process's number
// and coordinates stay run-time queries.
xmp.nodes @p(shape = 2x3)
xmp.nodes @q(shape = 4x?)

// CHECK-LABEL: func.func @fold
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[NQ:.*]] = xmp.num_nodes @q
// CHECK-DAG: %[[SQ:.*]] = xmp.node_size @q[1]
// CHECK-DAG: %[[R:.*]] = xmp.node_num @p
// CHECK-DAG: %[[I:.*]] = xmp.node_index @p[0]
// CHECK: return %[[C6]], %[[C3]], %[[C4]], %[[NQ]], %[[SQ]], %[[R]], %[[I]]
func.func @fold() -> (index, index, index, index, index, index, index) {
  %n = xmp.num_nodes @p
  %s = xmp.node_size @p [1]
  %s4 = xmp.node_size @q [0]
  %nq = xmp.num_nodes @q
  %sq = xmp.node_size @q[1]
  %r = xmp.node_num @p
  %i = xmp.node_index @p [0]
  return %n, %s, %s4, %nq, %sq, %r, %i : index, index, index, index, index, index, index
}

xmp.template @t(shape = ?x8)
xmp.distribute @t onto @q [block, block]
!d_t = !xmp.darray<?x8xf64, @t, align [0, 1]>

// CHECK-LABEL: func.func @gsize
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[G0:.*]] = xmp.array_gsize %{{.*}}[0] : !darray
// CHECK: return %[[G0]], %[[C8]]
func.func @gsize(%a: !d_t) -> (index, index) {
  %g0 = xmp.array_gsize %a [0] : !d_t
  %g1 = xmp.array_gsize %a [1] : !d_t
  return %g0, %g1 : index, index
}
