// The dialect of reduction, bcast and barrier on template references
// whose subscripts on distributed dimensions are indices and sections:
// the node subscripts of the nodes owning them, found at compile time
// from a static distribution, or at run time (xmp.template_owns) for a
// run-time index; owners that are not a triplet mask the whole dimension.
// RUN: xmp-cfront %s | FileCheck %s

// p(2, 3) is `3x2` in the dialect; ta's first dimension (block, 17 indices
// from 1) is on p's first (axis 1), its second (cyclic) on axis 0; tb's
// cyclic(2) and gblock(4, 0, 6) dimensions likewise.
#pragma xmp nodes p(2, 3)
#pragma xmp template ta(1:17, 0:12)
#pragma xmp distribute ta(block, cyclic) onto p
int gb[3] = {4, 0, 6};
#pragma xmp template tb(0:19, 1:10)
#pragma xmp distribute tb(cyclic(2), gblock(gb)) onto p
#pragma xmp nodes q(4)
#pragma xmp template tq(0:15)
#pragma xmp distribute tq(cyclic(2)) onto q
// CHECK-DAG: xmp.nodes @[[ROW1:__xmp_on[0-9]+]](shape = 3x1) = @p [0:3, 0:1]
// CHECK-DAG: xmp.nodes @[[ROW2:__xmp_on[0-9]+]](shape = 3x1) = @p [0:3, 1:2]
// CHECK-DAG: xmp.nodes @[[COL2:__xmp_on[0-9]+]](shape = 1x2) = @p [1:2, 0:2]
// CHECK-DAG: xmp.nodes @[[COL23:__xmp_on[0-9]+]](shape = 2x2) = @p [1:3, 0:2]
// CHECK-DAG: xmp.nodes @[[COL13:__xmp_on[0-9]+]](shape = 2x2) = @p [0:3:2, 0:2]
// CHECK-DAG: xmp.nodes @[[COL3:__xmp_on[0-9]+]](shape = 1x2) = @p [2:3, 0:2]

int main(void) {
  double s = 1;
  int k = 3;
  // Block: indices 3..9 are on p(1, *), 10..17 on p(2, *).
  // CHECK: xmp.reduction add %{{.*}} on @[[ROW1]] [1] : f64
#pragma xmp reduction(+: s) on ta(3:9, *)
  // CHECK: xmp.reduction add %{{.*}} on @[[ROW2]] [1] : f64
#pragma xmp reduction(+: s) on ta(10:17, *)
  // Cyclic over 3: indices 4, 7 and 10 are all on p(*, 2).
  // CHECK: xmp.reduction add %{{.*}} on @[[COL2]] [0] : f64
#pragma xmp reduction(+: s) on ta(*, 4:12:3)
  // One index: its owner's coordinate.
  // CHECK: xmp.reduction max %{{.*}} on @[[ROW1]] : f64
#pragma xmp reduction(max: s) on ta(7, :)
  // A run-time index: the nodes owning it, each its own row.
  // CHECK: %[[G:.*]] = arith.addi %{{.*}}, %c-1{{.*}} : index
  // CHECK: %[[OWNS:.*]] = xmp.template_owns @ta[1] %[[G]]
  // CHECK: scf.if %[[OWNS]] {
  // CHECK: xmp.reduction add %{{.*}} on @p [0] : f64
#pragma xmp reduction(+: s) on ta(k, :)
  // Bracketed (C order, lower:length): indices 1 and 2 of the cyclic
  // dimension, on p(*, 2:3).
  // CHECK: xmp.reduction add %{{.*}} on @[[COL23]] [0] : f64
#pragma xmp reduction(+: s) on ta[1:2][*]
  // gblock(4, 0, 6): the second column of p owns no index.
  // CHECK: xmp.reduction add %{{.*}} on @[[COL13]] [0] : f64
#pragma xmp reduction(+: s) on tb(*, :)
  // CHECK: xmp.bcast %{{.*}} from [0] on @[[COL13]] [0] : f64
#pragma xmp bcast (s) on tb(*, 2:6)
  // Cyclic(2) indices 6..9: both rows; gblock index 5: the third column.
  // CHECK: xmp.barrier on @[[COL3]]{{$}}
#pragma xmp barrier on tb(6:9, 5)
  // Cyclic(2) indices 0, 3 and 6 are on q(1), q(2) and q(4), not a
  // triplet: the reduction runs on all of q, the other node with the
  // identity, keeping its value.
  // CHECK: %[[C:.*]] = xmp.node_index @q[0]
  // CHECK: arith.cmpi eq, %[[C]], %c0{{.*}} : index
  // CHECK: arith.cmpi eq, %[[C]], %c1{{.*}} : index
  // CHECK: arith.cmpi eq, %[[C]], %c3{{.*}} : index
  // CHECK: %[[X:.*]] = arith.select %[[IN:.*]], %[[V:.*]], %cst{{.*}} : f64
  // CHECK: %[[R:.*]] = xmp.reduction add %[[X]] on @q : f64
  // CHECK: arith.select %[[IN]], %[[R]], %[[V]] : f64
#pragma xmp reduction(+: s) on tq(0:6:3)
  return 0;
}
