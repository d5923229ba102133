// The dialect of the reduction operators && and || and of the location
// reductions firstmax / firstmin / lastmax / lastmin: standalone, in place
// (an array, async), in host loops, in device loops (XMP-dev, and OpenACC
// with --gpu). Run: Inputs/redkinds.c (redkinds.test).
// RUN: xmp-cfront %s | FileCheck %s
// RUN: xmp-cfront --gpu %s | FileCheck %s --check-prefix=GPU

#define N 23
#pragma xmp nodes p(*)
#pragma xmp nodes g(2, *)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp template t2(0:N-1, 0:N-1)
#pragma xmp distribute t2(block, cyclic) onto g
int a[N];
double d[N];
#pragma xmp align (a, d)[i] with t(i)

int main(void) {
  int i, j, f = 1, v = -1, k = -1, arr[3];
  double w = 0, x = 0;
  // && on an int: its truth value (i1) reduced with and, back as 0 / 1.
  // CHECK: %[[F:.*]] = memref.load %[[FM:.*]][] : memref<i32>
  // CHECK: %[[B:.*]] = arith.cmpi ne, %[[F]], %{{.*}} : i32
  // CHECK: %[[R:.*]] = xmp.reduction and %[[B]] on @xmp_all_nodes : i1
  // CHECK: %[[E:.*]] = arith.extui %[[R]] : i1 to i32
  // CHECK: memref.store %[[E]], %[[FM]][] : memref<i32>
#pragma xmp reduction(&&: f)
  // || on a double: cmpf une, or, uitofp.
  // CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : f64
  // CHECK: xmp.reduction or %{{.*}} on @p : i1
  // CHECK: arith.uitofp %{{.*}} : i1 to f64
#pragma xmp reduction(||: w) on p
  // In place (an array; async): each element made 0 / 1, then min (&&) or
  // max (||) in the variable's type.
  // CHECK: scf.for
  // CHECK: arith.cmpi ne
  // CHECK: arith.extui
  // CHECK: xmp.reduction min %{{.*}} on @xmp_all_nodes : memref<3xi32>
#pragma xmp reduction(&&: arr)
  // CHECK: arith.cmpi ne
  // CHECK: arith.extui
  // CHECK: %[[Q:.*]] = xmp.reduction_start max %{{.*}} on @xmp_all_nodes : i32
  // CHECK: xmp.wait %[[Q]] : i32
#pragma xmp reduction(||: f) async(1)
#pragma xmp wait_async(1)
  // firstmax standalone: the value and its locations, stored back.
  // CHECK: %[[V:.*]] = memref.load %[[VM:.*]][] : memref<i32>
  // CHECK: %[[K:.*]] = memref.load %[[KM:.*]][] : memref<i32>
  // CHECK: %[[W:.*]] = memref.load %[[WM:.*]][] : memref<f64>
  // CHECK: %[[RV:.*]], %[[RL:.*]]:2 = xmp.reduction firstmax %[[V]] loc(%[[K]], %[[W]] : i32, f64) on @xmp_all_nodes : i32
  // CHECK: memref.store %[[RV]], %[[VM]][] : memref<i32>
  // CHECK: memref.store %[[RL]]#0, %[[KM]][] : memref<i32>
  // CHECK: memref.store %[[RL]]#1, %[[WM]][] : memref<f64>
#pragma xmp reduction(firstmax: v / k, w /)
  // CHECK: xmp.reduction lastmin %{{.*}} loc(%{{.*}} : i32) on @p : f64
#pragma xmp reduction(lastmin: x / k /) on p
  // A loop's && reduces i1: init the variable's truth value, each
  // iteration's private copy (from 1) yields its own.
  // CHECK: %[[I:.*]] = arith.cmpi ne
  // CHECK: %[[L:.*]] = xmp.loop (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) on @t [0] reduce(and) init(%[[I]]) -> i1 {
  // CHECK: %[[T:.*]] = arith.extui %true : i1 to i32
  // CHECK: memref.store %[[T]], %[[P:.*]][] : memref<i32>
  // CHECK: arith.cmpi sgt
  // CHECK: %[[Y:.*]] = memref.load %[[P]][] : memref<i32>
  // CHECK-NEXT: arith.constant 0 : i32
  // CHECK-NEXT: %[[YB:.*]] = arith.cmpi ne, %[[Y]], %{{.*}} : i32
  // CHECK-NEXT: xmp.yield %[[YB]] : i1
  // CHECK: arith.extui %[[L]] : i1 to i32
#pragma xmp loop on t(i) reduction(&&: f)
  for (i = 0; i < N; i++)
    f = f && a[i] > 0;
  // A loop's firstmax: no reduce; the body updates v and k in order on
  // each node, one xmp.reduction over the loop's grid combines the nodes.
  // CHECK: xmp.loop (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) on @t [0] {
  // CHECK: scf.if
  // CHECK: memref.store %{{.*}}, %[[VM]][] : memref<i32>
  // CHECK: memref.store %{{.*}}, %[[KM]][] : memref<i32>
  // CHECK: }
  // CHECK: %[[V2:.*]] = memref.load %[[VM]][] : memref<i32>
  // CHECK: %[[K2:.*]] = memref.load %[[KM]][] : memref<i32>
  // CHECK: xmp.reduction firstmax %[[V2]] loc(%[[K2]] : i32) on @p : i32
#pragma xmp loop on t(i) reduction(firstmax: v / k /)
  for (i = 0; i < N; i++)
    if (a[i] > v) {
      v = a[i];
      k = i;
    }
  // Both axes of a 2-D grid; a location kind without location variables
  // is a plain max in the loop.
  // CHECK: xmp.loop {{.*}} on @t2 [0, 1] reduce(max)
  // CHECK: xmp.reduction lastmax %{{.*}} loc(%{{.*}}, %{{.*}} : i32, i32) on @g : f64
#pragma xmp loop (i, j) on t2(i, j) reduction(lastmax: x / k, f /, w)
  for (j = 0; j < N; j++)
    for (i = 0; i < N; i++)
      if (i + j >= x) {
        x = i + j;
        k = i;
        f = j;
        w = i;
      }
  // One of its axes: the loop runs over one distributed dimension (the
  // nodes along the other axis run the same iterations).
  // CHECK: xmp.loop {{.*}} on @t2 [0] {
  // CHECK: xmp.reduction firstmin %{{.*}} loc(%{{.*}} : i32) on @g [0] : f64
#pragma xmp loop (j) on t2(*, j) reduction(firstmin: x / k /)
  for (j = 0; j < N; j++)
    if (j * 0.5 < x) {
      x = j * 0.5;
      k = j;
    }
  // Device loops reduce i1 too.
  // CHECK: xmp.device_loop {{.*}} on @t [0] reduce(or) init(%{{.*}}) -> i1 {
  // GPU: xmp.device_loop {{.*}} on @t [0] reduce(or) init(%{{.*}}) -> i1 {
#pragma xmp device loop on t(i) reduction(||: w)
  for (i = 0; i < N; i++)
    w = w || d[i] > 1;
  // CHECK: xmp.loop {{.*}} on @t [0] reduce(and, or) init({{.*}}) -> (i1, i1) {
  // GPU: xmp.device_loop {{.*}} on @t [0] reduce(and, or) init({{.*}}) -> (i1, i1) {
#pragma xmp loop on t(i) reduction(&&: f) reduction(||: x)
#pragma acc parallel loop reduction(&&: f) reduction(||: x)
  for (i = 0; i < N; i++) {
    f = f && a[i] < 9;
    x = x || d[i] < 0;
  }
  return f + v + k;
}
