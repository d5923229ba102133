// OpenACC with --gpu (XcalableACC): data constructs become xmp.replicate
// regions, update a replicate_sync, compute constructs on an xmp loop's
// for-nest device loops, the acc clause of reflect the op's acc form.
// Without --gpu the same constructs run on the host (HOST).
// RUN: xmp-cfront --gpu %s | FileCheck %s
// RUN: xmp-cfront %s | FileCheck %s --check-prefix=HOST

#define N 16
double u[N][N], v[N][N], w[N][N];
float q[N];
#pragma xmp nodes p(*, *)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align u[i][j] with t(j, i)
#pragma xmp align v[i][j] with t(j, i)
#pragma xmp align w[i][j] with t(j, i)
#pragma xmp shadow u[1][1]
#pragma xmp nodes s(2)
#pragma xmp template ts(0:N-1)
#pragma xmp distribute ts(block) onto s
#pragma xmp align q[i] with ts(i)
double scale = 2.0;

// CHECK-LABEL: func.func @main(
// CHECK: %[[U:.*]] = xmp.alloc : !darray
// CHECK: %[[V:.*]] = xmp.alloc : !darray1
// CHECK: %[[W:.*]] = xmp.alloc : !darray1
// CHECK: %[[Q:.*]] = xmp.alloc : !darray2
// HOST-LABEL: func.func @main(
// HOST-NOT: xmp.replicate
// HOST-NOT: xmp.device_loop
// HOST: xmp.reflect %{{.*}} : !darray
// HOST: xmp.loop
int main(void) {
  int i, j, k;
  double sum = 0, mx, tmp, f = 0.5;
  float fs;
  // copy: in and out; copyin: in; copyout: out; create, and scalars: none.
  // CHECK: xmp.replicate (%[[U]], %[[V]], %[[W]]) : !darray, !darray1, !darray1 {
  // CHECK-NEXT: xmp.replicate_sync in(%[[U]], %[[V]]) : !darray, !darray1
#pragma acc data copy(u) copyin(v) copyout(w) create(sum)
  {
    // A data construct of present arrays is no second region.
    // CHECK-NOT: xmp.replicate (
    // CHECK: xmp.reflect %[[U]] acc : !darray
#pragma acc data copy(u, v) present(w)
    {
#pragma xmp reflect (u) acc
      // firstprivate(f) and the implicitly firstprivate global scale: their
      // values before the loop, in the iteration's memory; private(tmp):
      // the iteration's memory. async: nothing (one stream per rank).
      // CHECK: %[[F:.*]] = memref.load %{{.*}}[] : memref<f64>
      // CHECK: %[[SG:.*]] = memref.get_global @scale : memref<f64>
      // CHECK: %[[S:.*]] = memref.load %[[SG]][] : memref<f64>
      // CHECK: xmp.device_loop (%[[I:.*]], %[[J:.*]]) = ({{.*}}) to ({{.*}}) step ({{.*}}) on @t [0, 1] {
      // CHECK-DAG: memref.store %[[F]], %{{.*}}[] : memref<f64>
      // CHECK-DAG: memref.store %[[S]], %{{.*}}[] : memref<f64>
      // CHECK: %[[IM:.*]] = arith.subi %[[I]], %{{.*}} : index
      // CHECK: xmp.load %[[U]][%[[IM]], %[[J]]] : !darray
      // CHECK: xmp.store %{{.*}}, %[[W]][%[[I]], %[[J]]] : !darray1
      // CHECK-NEXT: }
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop collapse(2) gang vector firstprivate(f) private(tmp) async(1)
      for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++) {
          tmp = u[i-1][j] + u[i+1][j];
          w[i][j] = tmp * f * scale + v[i][j];
        }
    }
#pragma acc wait(1)
    // update host of a present array: replicate_sync out; of a scalar:
    // nothing.
    // CHECK-NEXT: xmp.replicate_sync out(%[[W]]) : !darray1
    // CHECK-NOT: xmp.replicate_sync
#pragma acc update host(w)
    sum = 0;
#pragma acc update device(sum)
    // An acc reduction that `#pragma xmp reduction` completes, the variable
    // holding the identity: the device loop's reduce, from the variable,
    // and no xmp.reduction (the loop combines the nodes).
    // CHECK: %[[S0:.*]] = memref.load %[[SUM:.*]][] : memref<f64>
    // CHECK: %[[R:.*]] = xmp.device_loop (%{{.*}}, %{{.*}}) = ({{.*}}) to ({{.*}}) step ({{.*}}) on @t [0, 1] reduce(add) init(%[[S0]]) -> f64 {
    // CHECK: xmp.yield %{{.*}} : f64
    // CHECK: memref.store %[[R]], %[[SUM]][] : memref<f64>
    // CHECK-NOT: xmp.reduction
#pragma xmp loop (j, i) on t(j, i)
#pragma acc kernels loop reduction(+:sum)
    for (i = 0; i < N; i++) {
#pragma acc loop vector
      for (j = 0; j < N; j++) {
        sum += w[i][j];
      }
    }
#pragma xmp reduction(+:sum) acc
    // ... whose variable does not hold the identity: the loop's part from
    // the identity, then at the directive the variable's reduction and the
    // sum of both.
    // CHECK: %[[NEG:.*]] = arith.constant 0xFFF0000000000000 : f64
    // CHECK: %[[R2:.*]] = xmp.device_loop {{.*}} reduce(max) init(%[[NEG]]) -> f64 {
    // CHECK: memref.store %[[R2]], %[[PART:.*]][] : memref<f64>
    // CHECK: %[[MX:.*]] = memref.load %[[MXM:.*]][] : memref<f64>
    // CHECK: %[[ALL:.*]] = xmp.reduction max %[[MX]] on @xmp_all_nodes : f64
    // CHECK: %[[P:.*]] = memref.load %[[PART]][] : memref<f64>
    // CHECK: %[[C:.*]] = arith.maxnumf %[[ALL]], %[[P]] : f64
    // CHECK: memref.store %[[C]], %[[MXM]][] : memref<f64>
    mx = 1.0;
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop reduction(max:mx)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        mx = mx > w[i][j] ? mx : w[i][j];
#pragma xmp reduction(max:mx)
    // The xmp loop's own reduction: the device loop's, from the variable.
    // CHECK: %[[M0:.*]] = memref.load %[[MXM]][] : memref<f64>
    // CHECK: xmp.device_loop {{.*}} reduce(max) init(%[[M0]]) -> f64 {
#pragma xmp loop (j, i) on t(j, i) reduction(max:mx)
#pragma acc parallel loop reduction(max:mx)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        mx = mx > w[i][j] ? mx : w[i][j];
    // A host loop in the region stays one.
    // CHECK: xmp.loop (%{{.*}}, %{{.*}}) = {{.*}} on @t [0, 1] {
#pragma xmp loop (j, i) on t(j, i)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        u[i][j] = mx;
    // CHECK: xmp.replicate_sync out(%[[U]], %[[W]]) : !darray, !darray1
    // CHECK-NEXT: }
  }
  // Outside data constructs: a device loop (coherence is the compiler's),
  // an inner `acc loop seq` runs in each iteration (its variable is
  // private); on a static grid, a reduction over every node gives the
  // nodes outside the grid node 1's value.
  // CHECK: %[[FS:.*]] = xmp.device_loop (%[[X:.*]]) = ({{.*}}) to ({{.*}}) step ({{.*}}) on @ts [0] reduce(mul) init(%{{.*}}) -> f32 {
  // CHECK: scf.for
  // CHECK: xmp.load %[[Q]][%[[X]]] : !darray2
  // CHECK: xmp.yield %{{.*}} : f32
  // CHECK: memref.store %[[FS]], %[[FSM:.*]][] : memref<f32>
  // CHECK: %[[NA:.*]] = xmp.num_nodes @xmp_all_nodes
  // CHECK: %[[NS:.*]] = xmp.num_nodes @s
  // CHECK: %[[NE:.*]] = arith.cmpi ne, %[[NA]], %[[NS]] : index
  // CHECK: scf.if %[[NE]] {
  // CHECK: %[[B:.*]] = xmp.bcast %{{.*}} from [0] on @xmp_all_nodes : f32
  // CHECK: memref.store %[[B]], %[[FSM]][] : memref<f32>
  fs = 1.0f;
#pragma xmp loop (i) on ts(i)
#pragma acc parallel loop reduction(*:fs)
  for (i = 0; i < N; i++) {
    float x = 1.0f;
#pragma acc loop seq
    for (k = 0; k < 2; k++)
      x = x * q[i];
    fs *= x;
  }
#pragma xmp reduction(*:fs)
  return (int)(sum + mx + fs);
}
