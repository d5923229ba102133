// The dialect of reduction, bcast and barrier with node and template
// references in 'on', and of reductions of distributed arrays.
// RUN: xmp-cfront %s | FileCheck %s
// RUN: xmp-cfront --gpu %s | FileCheck %s --check-prefix=GPU

// p(2, 3) is `3x2` in the dialect: its Fortran-order dimension 1 is axis 1,
// dimension 2 axis 0.
#pragma xmp nodes p(2, 3)
#pragma xmp template t(0:22, 0:8)
#pragma xmp distribute t(block, block) onto p
double a[23];
long c[23];
// Replicated along dimension 2 of p (axis 0).
#pragma xmp align a[i] with t(i, *)
#pragma xmp align c[i] with t(i, *)
// Subsets for the constant coordinates, axes kept (a coordinate's of
// size 1); `1:2` and `:` of a dimension of 2 are one subset.
// CHECK-DAG: xmp.nodes @[[ROW2:__xmp_on[0-9]+]](shape = 3x1) = @p [0:3, 1:2]
// CHECK-DAG: xmp.nodes @[[COL1:__xmp_on[0-9]+]](shape = 1x2) = @p [0:1, 0:2]
// CHECK-DAG: xmp.nodes @[[TASK:__xmp_task[0-9]+]](shape = 3x1) = @p [:, 0:1]

int main(void) {
  double s = 1;
  long arr[3];
  int k = 2;
  // `:` reduces along the dimension, `*` is the node's own coordinate.
  // CHECK: xmp.reduction add %{{.*}} on @p [1] : f64
#pragma xmp reduction(+: s) on p(:, *)
  // CHECK: xmp.reduction max %{{.*}} on @p [0] : f64
#pragma xmp reduction(max: s) on p(*, :)
  // CHECK: xmp.reduction add %{{.*}} on @p [1] : memref<3xi64>
#pragma xmp reduction(+: arr) on p[*][:]
  // Constant coordinates without `*`: the whole subset.
  // CHECK: xmp.reduction add %{{.*}} on @[[ROW2]] : f64
#pragma xmp reduction(+: s) on p(2, :)
  // CHECK: xmp.reduction min %{{.*}} on @[[COL1]] : f64
#pragma xmp reduction(min: s) on p(1:2, 1)
  // A run-time coordinate: the nodes on it, along the other dimension.
  // CHECK: %[[K:.*]] = arith.addi %{{.*}}, %c-1{{.*}} : index
  // CHECK: %[[ME:.*]] = xmp.node_index @p[1]
  // CHECK: %[[ON:.*]] = arith.cmpi eq, %[[ME]], %[[K]] : index
  // CHECK: scf.if %[[ON]] {
  // CHECK: xmp.reduction add %{{.*}} on @p [0] : f64
#pragma xmp reduction(+: s) on p(k, :)
  // Each node alone: nothing.
  // CHECK-NOT: xmp.reduction mul
#pragma xmp reduction(*: s) on p(*, *)
  // The whole node set; a template reference: its nodes.
  // CHECK: xmp.reduction add %{{.*}} on @p : f64
#pragma xmp reduction(+: s) on p
  // CHECK: xmp.reduction add %{{.*}} on @p [1] : f64
#pragma xmp reduction(+: s) on t(:, *)
  // CHECK: xmp.reduction_start add %{{.*}} on @p [1] : f64
#pragma xmp reduction(+: s) on p(:, *) async(1)
#pragma xmp wait_async(1)

  // bcast: the source's coordinates along the axes.
  // CHECK: xmp.bcast %{{.*}} from [1] on @p [1] : f64
#pragma xmp bcast (s) from p(2, *) on p(:, *)
  // CHECK: xmp.bcast %{{.*}} from [0] on @p [0] : memref<3xi64>
#pragma xmp bcast (arr) on p(*, :)
  // CHECK: xmp.bcast %{{.*}} from [0, 1] on @[[COL1]] : f64
#pragma xmp bcast (s) from p(2, 1) on p(:, 1)
  // CHECK: xmp.bcast_start %{{.*}} from [0] on @p [1] : f64
#pragma xmp bcast (s) on p(:, *) async(2)
#pragma xmp wait_async(2)

  // CHECK: xmp.barrier on @p [1]
#pragma xmp barrier on p(:, *)
  // CHECK: xmp.barrier on @[[COL1]]{{$}}
#pragma xmp barrier on p(1:2, 1)
  // CHECK: xmp.barrier on @p [0]
#pragma xmp barrier on t(*, :)

  // Distributed arrays: along the axes they are replicated over.
  // CHECK: xmp.reduction add %[[A:.*]] on @p [0] : !darray
#pragma xmp reduction(+: a) on p(*, :)
  // CHECK: xmp.reduction max %{{.*}} on @p [0] : !darray
#pragma xmp reduction(max: c)
  // CHECK: xmp.reduction_start add %[[A]] on @p [0] : !darray
  // CHECK: xmp.wait
#pragma xmp reduction(+: a) on t(*, :) async(3)
#pragma xmp wait_async(3)
  // A constant coordinate of a darray's node set: a guard.
  // CHECK: %[[ME2:.*]] = xmp.node_index @p[1]
  // CHECK: %[[ON2:.*]] = arith.cmpi eq, %[[ME2]], %c0{{.*}} : index
  // CHECK: scf.if %[[ON2]] {
  // CHECK: xmp.reduction min %[[A]] on @p [0] : !darray
#pragma xmp reduction(min: a) on p(1, :)
  // acc: the device instance with --gpu, dropped without.
  // CHECK: xmp.reduction add %[[A]] on @p [0] : !darray
  // GPU: xmp.reduction add %{{.*}} on @p [0] acc : !darray
  // GPU: xmp.reduction_start add %{{.*}} on @p [0] acc : !darray
#pragma xmp reduction(+: a) on p(*, :) acc
#pragma xmp reduction(+: a) on p(*, :) acc async(4)
#pragma xmp wait_async(4)

  // Inside a task on the first row: `*` is the task's row.
  // CHECK: xmp.task on @[[TASK]] {
  // CHECK: xmp.reduction add %{{.*}} on @[[TASK]] [0] : f64
  // CHECK: xmp.bcast %{{.*}} from [0] on @[[TASK]] [0] : f64
#pragma xmp task on p(1, :)
  {
#pragma xmp reduction(+: s) on p(*, :)
#pragma xmp bcast (s) on p(*, :)
  }
  return 0;
}
