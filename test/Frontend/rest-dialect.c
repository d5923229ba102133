// The dialect of issue 17's directives: async reflect / reduction / bcast
// and wait_async, reduce_shadow, loop expand / margin, node subsets.
// RUN: xmp-cfront %s | FileCheck %s
// RUN: xmp-cfront --gpu %s | FileCheck %s --check-prefix=GPU

#define N 16
#pragma xmp nodes p(*)
#pragma xmp nodes g(2, 3)
// CHECK: xmp.nodes @q(shape = 2) = @p [0:2]
#pragma xmp nodes q(2) = p(1:2)
// CHECK: xmp.nodes @row(shape = 2) = @g [1, :]
#pragma xmp nodes row(2) = g(*, 2)
// CHECK: xmp.nodes @ev(shape = 2) = @g [0:3:2, 1]
#pragma xmp nodes ev[2] = g[0:2:2][1]
// CHECK: xmp.nodes @rest(shape = ?) = @p [1:]
#pragma xmp nodes rest(*) = p(2:)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp template tq(0:N-1)
// CHECK: xmp.distribute @tq onto @q [block]
#pragma xmp distribute tq(block) onto q
double a[N], b[N], c[N];
int h[N];
#pragma xmp align (a, b, h)[i] with t(i)
#pragma xmp align c[i] with tq(i)
#pragma xmp shadow a[1]
#pragma xmp shadow h[1:2]

int main(void) {
  double s = 0, v[4];
  long m = 0;
  int i;
  // CHECK: %[[P:.*]] = xmp.reflect_init %{{.*}} width [1:1] periodic [true] : !darray -> !xmp.reflect_plan
  // CHECK: %[[T:.*]] = xmp.reflect_start %[[P]]
  // GPU: xmp.reflect_init %{{.*}} acc : !darray -> !xmp.reflect_plan
#pragma xmp reflect (a) width(/periodic/ 1) async(1) acc
  // CHECK: %[[R:.*]] = xmp.reduction_start add %{{.*}} on @xmp_all_nodes : f64
#pragma xmp reduction(+: s) async(2)
  {
    // CHECK: %[[B:.*]] = xmp.bcast_start %{{.*}} from [1] on @q : memref<4xf64>
#pragma xmp bcast (v) from q(2) on q async(2)
  }
  // CHECK: xmp.reflect_wait %[[T]]
  // CHECK: %[[S:.*]] = xmp.wait %[[R]] : f64
  // CHECK: memref.store %[[S]]
  // CHECK: xmp.wait %[[B]]
#pragma xmp wait_async(1, 2)
  // CHECK: xmp.bcast_start %{{.*}} from [0] on @xmp_all_nodes : i64
  // CHECK: xmp.wait %{{.*}} : i64
#pragma xmp bcast (m) async(3)
#pragma xmp wait_async(3)
  // CHECK: xmp.reduce_shadow %{{.*}} : !darray
#pragma xmp reduce_shadow (a)
  // CHECK: xmp.reduce_shadow max %{{.*}} width [1:2] : !darray{{[0-9]*}}
  // GPU: xmp.reduce_shadow max %{{.*}} width [1:2] acc : !darray{{[0-9]*}}
#pragma xmp reduce_shadow (max: h) width(1:2) acc
  // CHECK: xmp.reduce_shadow min %{{.*}} width [0:1] periodic [true] : !darray
#pragma xmp reduce_shadow (min: a) width(/periodic/ 0:1)
  // CHECK: xmp.loop {{.*}} on @t [0] expand [1:1] {
#pragma xmp loop on t(i) expand(1)
  for (i = 0; i < N; i++)
    a[i] = i;
  // CHECK: xmp.loop {{.*}} on @t [0] expand [unbound 0:1] {
#pragma xmp loop on t(i) expand(/unbound/ 0:1)
  for (i = 1; i < N - 1; i++)
    a[i] = i;
  // CHECK: xmp.loop {{.*}} on @t [0] margin [1:1] reduce(max)
#pragma xmp loop on t(i) margin(1) reduction(max: s)
  for (i = 0; i < N; i++)
    s = a[i] > s ? a[i] : s;
  // GPU: xmp.device_loop {{.*}} on @t [0] expand [1:1] {
#pragma xmp loop on t(i) expand(1)
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    b[i] = i;
  // CHECK: xmp.task on @q
#pragma xmp task on q
  {
#pragma xmp barrier
  }
  return 0;
}
