// Diagnostics of xmp_test_async: an id that is not a constant, an id with
// nothing in flight (none started, or already completed by wait_async), an
// id with an asynchronous reflect or reduce_shadow, a start that may not have run where the
// test runs.
// RUN: not xmp-cfront -DCASE1 %s 2>&1 | FileCheck %s --check-prefix=C1
// RUN: not xmp-cfront -DCASE2 %s 2>&1 | FileCheck %s --check-prefix=C2
// RUN: not xmp-cfront -DCASE3 %s 2>&1 | FileCheck %s --check-prefix=C3
// RUN: not xmp-cfront -DCASE4 %s 2>&1 | FileCheck %s --check-prefix=C4
// RUN: xmp-cfront -DCASE5 %s 2>&1 | FileCheck %s --check-prefix=C5
// RUN: xmp-cfront -DCASE6 %s 2>&1 | FileCheck %s --check-prefix=C6
// RUN: not xmp-cfront -DCASE7 %s 2>&1 | FileCheck %s --check-prefix=C7
#include <xmp.h>

#define N 16
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double a[N], b[N];
#pragma xmp align (a, b)[i] with t(i)
#pragma xmp shadow a[1]

int main(void) {
  double s = 0;
  int k = 1, done = 0;
#ifdef CASE1
#pragma xmp reduction(+: s) async(1)
  // C1: test-async-invalid.c:[[# @LINE + 1]]:25: error: the id of 'xmp_test_async' must be an integer constant expression, as those of 'async' and 'wait_async' are (the operations it tests are known where it is compiled)
  done = xmp_test_async(k);
#pragma xmp wait_async(1)
#endif
#ifdef CASE2
  // C2: test-async-invalid.c:[[# @LINE + 1]]:10: error: 'xmp_test_async(3)' has no async directive of id 3 ('#pragma xmp gmove', 'reduction' or 'bcast' ... async(3)) in flight before it in its block or an enclosing block of the function (a test comes between the directive and its 'wait_async(3)')
  done = xmp_test_async(3);
#endif
#ifdef CASE3
#pragma xmp reduction(+: s) async(2)
#pragma xmp wait_async(2)
  // C3: test-async-invalid.c:[[# @LINE + 1]]:10: error: 'xmp_test_async(2)' has no async directive of id 2
  done = xmp_test_async(2);
#endif
#ifdef CASE4
#pragma xmp reduction(+: s) async(1)
#pragma xmp reflect (a) async(1)
  // C4: test-async-invalid.c:[[# @LINE + 1]]:10: error: 'xmp_test_async(1)' tests the '#pragma xmp reflect ... async(1)', and an asynchronous reflect cannot be tested: its exchange goes one dimension after another, through handshakes that only its wait advances without blocking. Give the reflect an id of its own, completed by its 'wait_async'
  done = xmp_test_async(1);
  // C4: test-async-invalid.c:[[# @LINE - 3]]:9: note: the asynchronous reflect
#pragma xmp wait_async(1)
#endif
#ifdef CASE7
#pragma xmp reduce_shadow (a) async(4)
  // C7: test-async-invalid.c:[[# @LINE + 1]]:10: error: 'xmp_test_async(4)' tests the '#pragma xmp reduce_shadow ... async(4)', and an asynchronous reduce_shadow cannot be tested
  done = xmp_test_async(4);
#pragma xmp wait_async(4)
#endif
#ifdef CASE5
  if (k > 0) {
#pragma xmp reduction(+: s) async(1)
  }
  // Accepted: the start may not have run, so it is tested through its id.
  // C5: scf.if
  // C5: %[[R:.*]] = xmp.reduction_start add
  // C5-NEXT: %[[ID:.*]] = arith.constant 1 : i64
  // C5-NEXT: xmp.async_register %[[R]], %[[ID]] into %{{.*}} : !xmp.request, memref<f64>
  // C5: xmp.test_async
  // C5: xmp.wait_async
  done = xmp_test_async(1);
#pragma xmp wait_async(1)
#endif
#ifdef CASE6
  // After a possible return the rest of the block runs only when it did
  // not happen; a test after the block may run without the start.
  {
    if (k > 5)
      return 1;
#pragma xmp gmove async(6)
    b[0:4] = a[4:4];
  }
  // Accepted: tested and completed through id 6.
  // C6: %[[G:.*]] = xmp.gmove_start
  // C6-NEXT: %[[ID:.*]] = arith.constant 6 : i64
  // C6-NEXT: xmp.async_register %[[G]], %[[ID]] : !xmp.request
  // C6: xmp.test_async
  // C6: xmp.wait_async
  done = xmp_test_async(6);
#pragma xmp wait_async(6)
#endif
  return done + (int)s;
}
