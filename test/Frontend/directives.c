// Statement directives: attached to the statement that follows them in a
// { } block, in order; `loop` takes the for-nest after it.
// RUN: xmp-cfront %s | FileCheck %s

#define N 16
double a[N][N], w[N];
#pragma xmp nodes p(2, 2)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align a[i][j] with t(j, i)
#pragma xmp shadow a[2:1][1]

int main(void) {
  int i, j;
  double s = 0, m = 0;
  long k = 3;
  // CHECK: xmp.reflect %[[A:.*]] : !darray
  // CHECK: xmp.reflect %[[A]] width [1:0, 1:1] periodic [false, true] orthogonal : !darray
#pragma xmp reflect (a)
#pragma xmp reflect (a) width(1:0, /periodic/1) orthogonal
  // Without --gpu, `acc` acts on the host instance: no acc on the op.
  // CHECK: %[[P:.*]] = xmp.reflect_init %[[A]] width [2:1, 0:0] : !darray -> !xmp.reflect_plan
#pragma xmp reflect_init (a) width(2:1, 0) acc
  {
    // CHECK: xmp.reflect_do %[[P]]
#pragma xmp reflect_do (a) acc
  }
  // for-nest order (i outer) gives the induction variables; `on t(j, i)`
  // maps i to the template's dialect dimension 0. `<=` and `+= 2`.
  // CHECK: %[[C2:.*]] = arith.constant 2 : index
  // CHECK: xmp.loop (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%[[C2]], %{{.*}}) on @t [0, 1] reduce(add, max) init(%{{.*}}, %{{.*}}) -> (f64, f64) {
  // CHECK: xmp.load %[[A]][
  // CHECK: xmp.yield %{{.*}}, %{{.*}} : f64, f64
#pragma xmp loop (j, i) on t(j, i) reduction(+:s) reduction(max:m)
  for (i = 1; i <= N - 2; i += 2)
    for (j = 0; j < N; j++) {
      s += a[i][j];
      m = a[i][j] > m ? a[i][j] : m;
    }
  // Bracketed (C-order) subscripts: t[i][j] is dialect [0, 1] directly.
  // CHECK: xmp.loop (%{{.*}}, %{{.*}}) = {{.*}} on @t [0, 1] {
#pragma xmp loop on t[i][j]
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      a[i][j] = i + j;
  // A loop over one dimension with an inner sequential loop.
  // CHECK: xmp.loop (%{{.*}}) = {{.*}} on @t [1] {
  // CHECK: scf.for
#pragma xmp loop (j) on t(j, *)
  for (j = 0; j < N; j++)
    for (i = 0; i < N; i++)
      a[i][j] += 1;
  // CHECK: xmp.reduction min %{{.*}} on @p : i64
  // CHECK: xmp.reduction add %{{.*}} on @xmp_all_nodes : f64
  // CHECK: xmp.reduction mul %{{.*}} on @p : memref<16xf64>
#pragma xmp reduction(min:k) on p
#pragma xmp reduction(+:s)
#pragma xmp reduction(*:w) on p
  // bcast from p(2, 1) without on: Fortran order, 1-based -> p's
  // coordinates [0, 1], world rank 1 among the executing nodes (all).
  // CHECK: xmp.bcast %{{.*}} from [1] on @xmp_all_nodes : i64
  // CHECK: xmp.bcast %{{.*}} from [0] on @xmp_all_nodes : f64
#pragma xmp bcast (k) from p(2, 1)
#pragma xmp bcast (m)
  // CHECK: xmp.barrier on @p
  // CHECK: xmp.barrier{{$}}
#pragma xmp barrier on p
  if (k > 0) {
#pragma xmp barrier
  }
  return (int)(s + m + k + w[0]);
}
