// Diagnostics of the reduction operators && and || and of the location
// reductions firstmax, firstmin, lastmax, lastmin (redkinds.test runs the
// supported forms): each case is a program with one error, reported as
// file:line:col: error: ... at the operator, variable or clause.
// RUN: for c in $(seq 1 15); do not xmp-cfront -DCASE$c %s > %t.$c.out 2>&1 || exit 1; done
// RUN: for c in $(seq 1 15); do FileCheck %s --check-prefix=C$c < %t.$c.out || exit 1; done
// An OpenACC loop with a location reduction: a device loop with --gpu
// (diagnosed), a host loop without (compiled).
// RUN: not xmp-cfront --gpu -DCASE16 %s 2>&1 | FileCheck %s --check-prefix=C16
// RUN: xmp-cfront -DCASE16 %s -o /dev/null

#define N 23
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp template t2(0:N-1)
#pragma xmp distribute t2(cyclic) onto p
int a[N];
double d[N];
#pragma xmp align (a, d)[i] with t(i)

int main(void) {
  int i, j, v = -1, k = -1, arr[4];
  double w = 0;
  unsigned u = 0;
  arr[0] = 0;
  (void)u;
#ifdef CASE1
  // C1: invalid-redkinds.c:[[# @LINE + 1]]:30: error: location variables ('/ ... /' after 'v') belong to the reduction operators firstmax, firstmin, lastmax and lastmin, not to 'max'
#pragma xmp reduction(max: v / k /)
#endif
#ifdef CASE2
  // C2: invalid-redkinds.c:[[# @LINE + 1]]:42: error: async on '#pragma xmp reduction(firstmax: ...)' (the dialect's location reductions firstmax, firstmin, lastmax and lastmin have no asynchronous form: write it without async) is not supported by xmp-cfront
#pragma xmp reduction(firstmax: v / k /) async(1)
#endif
#ifdef CASE3
  // C3: invalid-redkinds.c:[[# @LINE + 1]]:59: error: 'k' is named twice in the reduction clauses of '#pragma xmp loop', once in a location reduction (firstmax, firstmin, lastmax, lastmin)
#pragma xmp loop on t(i) reduction(firstmax: v / k /, w / k /)
  for (i = 0; i < N; i++)
    if (a[i] > v) {
      v = a[i];
      k = i;
    }
#endif
#ifdef CASE4
  // C4: invalid-redkinds.c:[[# @LINE + 1]]:32: error: the 'lastmin' reduction of 'arr': the location reductions reduce integer or floating-point scalars
#pragma xmp reduction(lastmin: arr / k /)
#endif
#ifdef CASE5
  // C5: invalid-redkinds.c:[[# @LINE + 1]]:33: error: the 'firstmax' reduction of the unsigned 'u' (the dialect compares signed) is not supported by xmp-cfront
#pragma xmp reduction(firstmax: u / k /)
#endif
#ifdef CASE6
  // C6: invalid-redkinds.c:[[# @LINE + 1]]:37: error: the location variable 'arr' of 'v' in the 'firstmin' reduction: location variables are integer or floating-point scalars
#pragma xmp reduction(firstmin: v / arr /)
#endif
#ifdef CASE7
  // C7: invalid-redkinds.c:[[# @LINE + 1]]:50: error: the location variable 'i' of 'v' is a variable of the loop: a location variable is assigned in the loop body (e.g. 'k = i' where the value is found)
#pragma xmp loop on t(i) reduction(firstmax: v / i /)
  for (i = 0; i < N; i++)
    if (a[i] > v)
      v = a[i];
#endif
#ifdef CASE8
  // C8: invalid-redkinds.c:[[# @LINE + 1]]:67: error: 'k' is named twice in the reduction clauses of '#pragma xmp loop', once in a location reduction (firstmax, firstmin, lastmax, lastmin)
#pragma xmp loop on t(i) reduction(lastmax: v / k /) reduction(+: k)
  for (i = 0; i < N; i++)
    if (a[i] >= v) {
      v = a[i];
      k = i;
    }
#endif
#ifdef CASE9
  // C9: invalid-redkinds.c:[[# @LINE + 1]]:53: error: the location reduction 'firstmax' of 'v' in a device loop ('#pragma xmp device loop'; its reduce has no location kinds and its iterations run in no fixed order: write a host '#pragma xmp loop') is not supported by xmp-cfront
#pragma xmp device loop on t(i) reduction(firstmax: v / k /)
  for (i = 0; i < N; i++)
    if (a[i] > v) {
      v = a[i];
      k = i;
    }
#endif
#ifdef CASE10
  // C10: invalid-redkinds.c:[[# @LINE + 1]]:36: error: 'q' is not a variable
#pragma xmp reduction(lastmax: v / q /)
#endif
#ifdef CASE11
  // C11: invalid-redkinds.c:[[# @LINE + 1]]:40: error: expected '/' closing the location variables
#pragma xmp reduction(lastmax: v / k, w)
#endif
#ifdef CASE12
  // C12: invalid-redkinds.c:[[# @LINE + 1]]:23: error: the reduction operator 'avg' is not supported by xmp-cfront
#pragma xmp reduction(avg: v)
#endif
#ifdef CASE13
  // A location reduction in a loop nested in another xmp loop: its
  // collective would run once per outer iteration of each node.
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    // C13: invalid-redkinds.c:[[# @LINE + 1]]:37: error: a location reduction (firstmax, firstmin, lastmax, lastmin) in '#pragma xmp loop' inside the body of another xmp loop or device loop (the nodes' results are combined by a collective after the loop) is not supported by xmp-cfront
#pragma xmp loop on t2(j) reduction(firstmax: v / k /)
    for (j = 0; j < N; j++)
      if (j > v) {
        v = j;
        k = j;
      }
  }
#endif
#ifdef CASE14
  // C14: invalid-redkinds.c:[[# @LINE + 1]]:37: error: expected a location variable name
#pragma xmp reduction(firstmin: v / /)
#endif
#ifdef CASE15
  // C15: invalid-redkinds.c:[[# @LINE + 1]]:49: error: the location variable 'arr' of 'w'
#pragma xmp loop on t(i) reduction(lastmin: w / arr /)
  for (i = 0; i < N; i++)
    if (d[i] <= w)
      w = d[i];
#endif
#ifdef CASE16
#pragma xmp loop on t(i) reduction(firstmax: w / k /)
  // C16: invalid-redkinds.c:[[# @LINE - 1]]:46: error: the location reduction 'firstmax' of 'w' in a device loop ('#pragma xmp loop' with an OpenACC compute construct; its reduce has no location kinds and its iterations run in no fixed order: write a host '#pragma xmp loop') is not supported by xmp-cfront
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    if (d[i] > w) {
      w = d[i];
      k = i;
    }
#endif
  return v + k;
}
