// The dialect of xmp_test_async: one xmp.test per request of the id that
// wait_async would complete there, ANDed, as a C int; the requests stay
// pending (their xmp.wait is at the wait_async). Allowed wherever the start
// dominates the test: in a loop condition or body (with a break), an if, a
// task.
// RUN: xmp-cfront %s | FileCheck %s
#include <xmp.h>

#define N 16
#pragma xmp nodes p(*)
#pragma xmp nodes q(1) = p(1:1)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double a[N], b[N];
#pragma xmp align (a, b)[i] with t(i)

// CHECK-LABEL: func.func @main
int main(void) {
  double s = 0, v[4];
  int k = 0, n = 0, d;
  // CHECK: %[[R:.*]] = xmp.reduction_start add %{{.*}} on @xmp_all_nodes : f64
  // CHECK: %[[B:.*]] = xmp.bcast_start %{{.*}} from [0] on @xmp_all_nodes : memref<4xf64>
  // CHECK: scf.while
  // CHECK-NEXT: %[[T1:.*]] = xmp.test %[[R]]
  // CHECK-NEXT: %[[T2:.*]] = xmp.test %[[B]]
  // CHECK-NEXT: %[[A:.*]] = arith.andi %[[T1]], %[[T2]] : i1
  // CHECK-NEXT: arith.extui %[[A]] : i1 to i32
  // CHECK: } do {
  // CHECK-NOT: xmp.wait
  // CHECK: xmp.task on @q {
  // CHECK-NEXT: xmp.test %[[R]]
  // CHECK-NEXT: xmp.test %[[B]]
  // CHECK: xmp.wait %[[R]] : f64
  // CHECK: xmp.wait %[[B]]{{$}}
#pragma xmp reduction(+: s) async(1)
#pragma xmp bcast (v) async(1)
  while (!xmp_test_async(1))
    n++;
#pragma xmp task on q
  {
    d = xmp_test_async(1);
  }
#pragma xmp wait_async(1)

  // A gmove's request, tested inside an if and in a loop body with a
  // break (both inside the start's block), then waited for.
  // CHECK: %[[G:.*]] = xmp.gmove_start
  // CHECK: scf.if
  // CHECK: xmp.test %[[G]]
  // CHECK: scf.while
  // CHECK: xmp.test %[[G]]
  // CHECK: xmp.wait %[[G]]
#pragma xmp gmove async(2)
  b[0:4] = a[4:4];
  if (n > 3)
    k = xmp_test_async(1 + 1);
  for (n = 0; n < 1000; n++)
    if (xmp_test_async(2))
      break;
#pragma xmp wait_async(2)
  return k + d + (int)s;
}
