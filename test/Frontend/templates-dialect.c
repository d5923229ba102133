// Template lower bounds, template_fix, gblock and xmp_malloc: the dialect
// they become. t(1:N) is the 0-based @t(shape = N): loops run on t's
// indices minus 1 and give the C variable the index plus 1, which the
// subscript a[i] takes back (a's element 0 is a[1]: a[0] lies before the
// template); a task on t(e) runs on @t (e - 1); an access outside a loop
// is checked with the C index base. `t(:)` is `?`, fixed by
// xmp.template_fix; pointers aligned with it are `?` darrays allocated by
// xmp_malloc and freed by xmp_free (or at main's end); gblock(gm) takes
// gm's initial values, gblock(*) a converted copy of template_fix's array.
// RUN: xmp-cfront %s | FileCheck %s

#include <xmp.h>
#define N 10

#pragma xmp nodes p(*)
#pragma xmp nodes g(2)
#pragma xmp template t(1:N)
#pragma xmp distribute t(block) onto p
double a[N + 1];
#pragma xmp align a[i] with t(i)

#pragma xmp template u(:, :)
#pragma xmp distribute u(*, block) onto p
double (*c)[4];
#pragma xmp align c[i][j] with u(j, i)

int gm[2] = {3, 7};
#pragma xmp template s(0:N-1)
#pragma xmp distribute s(gblock(gm)) onto g
#pragma xmp template w(:)
#pragma xmp distribute w(gblock(*)) onto g
int *d;
#pragma xmp align d[i] with w(i)

// CHECK-DAG: ![[A:.*]] = !xmp.darray<10xf64, @t, align [0]>
// CHECK-DAG: ![[C:.*]] = !xmp.darray<?x4xf64, @u, align [0, 1]>
// CHECK-DAG: ![[D:.*]] = !xmp.darray<?xi32, @w, align [0]>
// CHECK: xmp.template @t(shape = 10)
// CHECK: xmp.template @u(shape = ?x?)
// CHECK: xmp.distribute @u onto @p [block, *]
// CHECK: xmp.template @s(shape = 10)
// CHECK: xmp.distribute @s onto @g [gblock([3, 7])]
// CHECK: xmp.template @w(shape = ?)
// CHECK: xmp.distribute @w onto @g [gblock(*)]

int main(void) {
  int i, n = 6, m[2];
  // CHECK: %[[A0:.*]] = xmp.alloc : ![[A]]
  // CHECK: xmp.loop (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) on @t [0] {
  // CHECK:   %[[C1:.*]] = arith.constant 1 : index
  // CHECK:   %[[IP1:.*]] = arith.addi %[[I]], %[[C1]] : index
  // CHECK:   arith.index_cast %[[IP1]] : index to i32
  // CHECK:   xmp.store %{{.*}}, %[[A0]][%[[I]]] : ![[A]]
#pragma xmp loop on t(i)
  for (i = 1; i <= N; i++)
    a[i] = i;
  // CHECK: xmp.task on @t (%[[T:.*]]) {
  // CHECK:   xmp.check_holds %[[A0]][%{{.*}}] name "a" at "{{.*}}templates-dialect.c:[[# @LINE + 3]]:3" {index_base = array<i64: 1>} : ![[A]]
  // CHECK: }
#pragma xmp task on t(N)
  a[N] = 0;
  // CHECK: xmp.template_fix @u(%{{.*}}, %{{.*}})
#pragma xmp template_fix u(0:3, 0:n-1)
  // CHECK: %[[CC:.*]] = xmp.alloc(%{{.*}}) : ![[C]]
  c = xmp_malloc(xmp_desc_of(c), n, 4);
  m[0] = 2;
  m[1] = n - 2;
  // CHECK: scf.for
  // CHECK: arith.extsi %{{.*}} : i32 to i64
  // CHECK: xmp.template_fix @w(%{{.*}}) gblock(%{{.*}} : memref<2xi64>)
#pragma xmp template_fix (gblock(m)) w(n)
  // CHECK: %[[DD:.*]] = xmp.alloc(%{{.*}}) : ![[D]]
  d = (int *)xmp_malloc(xmp_desc_of(d), n);
  // CHECK: xmp.dealloc %[[DD]] : ![[D]]
  xmp_free(d);
  // CHECK: xmp.dealloc %[[CC]] : ![[C]]
  // CHECK: xmp.dealloc %[[A0]] : ![[A]]
  return 0;
}
