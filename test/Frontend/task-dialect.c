// task: on a node set, on a node reference (a node subset declared for it,
// whose ranks are the task's: inquiries and collectives without `on`
// inside the task use it; equal references share one), on a template
// element (xmp.task on @t (...)); tasks: its block.
// RUN: xmp-cfront %s | FileCheck %s

#include <xmp.h>
#define N 16
double a[N], loc[N];
#pragma xmp nodes p(4)
#pragma xmp nodes q(2, 3)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(cyclic) onto p
#pragma xmp align a[i] with t(i)

// CHECK-DAG: xmp.nodes @[[P1:__xmp_task[0-9]+]](shape = 1) = @p [0:1]
// q(2, 3) is @q(shape = 3x2). Fortran order, 1-based inclusive triplets:
// q(:, 2:3) is [1:3, :].
// CHECK-DAG: xmp.nodes @[[Q:__xmp_task[0-9]+]](shape = 2x2) = @q [1:3, :]
// Bracketed: C order, 0-based lower:length:stride.
// CHECK-DAG: xmp.nodes @[[QB:__xmp_task[0-9]+]](shape = 2x1) = @q [0:3:2, 1:2]
// `lo::st` (C23 lexes `::` as one token): p(1::2) is [0::2].
// CHECK-DAG: xmp.nodes @[[PS:__xmp_task[0-9]+]](shape = 2) = @p [0::2]
// p(2:3), the task of the gmoves below.
// CHECK-DAG: xmp.nodes @[[PS2:__xmp_task[0-9]+]](shape = 2) = @p [1:3]
// Run-time references declare no subset: only the six of the constant
// references.
// CHECK-NOT: xmp.nodes @__xmp_task6
int main(void) {
  int k = 5, n = 0;
  double s = 0;
  // CHECK-LABEL: func.func @main
  // CHECK: xmp.task on @p {
  // CHECK: xmp.num_nodes @p
#pragma xmp task on p
  n = xmp_num_nodes();
  // CHECK: xmp.task on @[[P1]] {
  // CHECK: xmp.node_num @[[P1]]
#pragma xmp task on p(1)
  {
    n = xmp_node_num();
  }
  // CHECK: xmp.task on @[[Q]] {
  // CHECK: %{{.*}} = xmp.reduction add %{{.*}} on @[[Q]] : i32
  // CHECK: xmp.bcast %{{.*}} from [0, 0] on @[[Q]] : i32
  // CHECK: xmp.barrier on @[[Q]]
#pragma xmp task on q(:, 2:3)
  {
#pragma xmp reduction(+:n)
#pragma xmp bcast (n)
#pragma xmp barrier
  }
  // A collective gmove in a task: executed by the task's nodes (`on`).
  // CHECK: xmp.task on @[[PS2]] {
  // CHECK: xmp.gmove %{{.*}}[2:10] to %{{.*}}[0:8] on @[[PS2]] : !darray to memref<16xf64>
  // CHECK: %[[GR:.*]] = xmp.gmove_start %{{.*}}[0:4] to %{{.*}}[4:8] on @[[PS2]] : memref<16xf64> to !darray
  // CHECK: xmp.wait %[[GR]]
#pragma xmp task on p(2:3)
  {
#pragma xmp gmove
    loc[0:8] = a[2:8];
#pragma xmp gmove async(3)
    a[4:4] = loc[0:4];
#pragma xmp wait_async(3)
  }
  // CHECK: xmp.task on @[[QB]] {
#pragma xmp task on q[0:2:2][1]
  n = 1;
  // The owner of t(k + 1).
  // CHECK: %[[K:.*]] = arith.index_cast %{{.*}} : i32 to index
  // CHECK: %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : index
  // CHECK: xmp.task on @t (%[[K1]]) {
  // CHECK: xmp.load
#pragma xmp task on t(k + 1)
  s = a[k + 1];
  // CHECK: xmp.task on @[[P1]] {
  // CHECK: xmp.task on @{{__xmp_task[0-9]+}} {
#pragma xmp tasks
  {
#pragma xmp task on p(1)
    n = 2;
#pragma xmp task on p(2:4)
    n = 3;
  }
  // CHECK: xmp.task on @[[PS]] {
#pragma xmp task on p(1::2)
  n = 3;
  // Run-time coordinates: the node reference goes on the task (no subset
  // is declared for it). p(k): the 0-based coordinate k - 1, a single one.
  // CHECK: %[[KI:.*]] = arith.index_cast %{{.*}} : i32 to index
  // CHECK: %[[K0:.*]] = arith.addi %[[KI]], %{{.*}} : index
  // CHECK: xmp.task on @p [%[[K0]]] {
#pragma xmp task on p(k)
  n = 4;
  // q(k, *) of q(2, 3) (@q(shape = 3x2)): the axes reversed, `*` is `:`.
  // CHECK: xmp.task on @q [:, %{{.*}}] {
#pragma xmp task on q(k, *)
  n = 5;
  // 1-based inclusive triplets: p(k:4:2) is [k - 1:4:2]; a constant and
  // run-time parts mix.
  // CHECK: xmp.task on @p [%{{.*}}:4:2] {
#pragma xmp task on p(k:4:2)
  n = 6;
  // Bracketed, C order, lower:length:stride: q[k:2][1] is [k:k + 2, 1].
  // CHECK: %[[KB:.*]] = arith.index_cast %{{.*}} : i32 to index
  // CHECK: %[[HI:.*]] = arith.addi %[[KB]], %{{.*}} : index
  // CHECK: xmp.task on @q [%[[KB]]:%[[HI]], 1] {
#pragma xmp task on q[k:2][1]
  n = 7;
  // A run-time stride.
  // CHECK: xmp.task on @p [0:4:%{{.*}}] {
#pragma xmp task on p(1:4:k)
  n = 8;
  return n;
}
