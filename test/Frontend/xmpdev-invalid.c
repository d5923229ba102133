// Diagnostics of xmp-cfront for the XMP-dev directives (device replicate,
// replicate_sync, loop, reset_weight) and xmp_cpu_wtime / xmp_gpu_wtime:
// each case is a program with one error, file:line:col: error: ...
// RUN: not xmp-cfront -DCASE1 %s 2>&1 | FileCheck %s --check-prefix=C1
// RUN: not xmp-cfront -DCASE2 %s 2>&1 | FileCheck %s --check-prefix=C2
// RUN: not xmp-cfront -DCASE3 %s 2>&1 | FileCheck %s --check-prefix=C3
// RUN: not xmp-cfront -DCASE4 %s 2>&1 | FileCheck %s --check-prefix=C4
// RUN: not xmp-cfront -DCASE5 %s 2>&1 | FileCheck %s --check-prefix=C5
// RUN: not xmp-cfront -DCASE6 %s 2>&1 | FileCheck %s --check-prefix=C6
// RUN: not xmp-cfront -DCASE7 %s 2>&1 | FileCheck %s --check-prefix=C7
// RUN: not xmp-cfront -DCASE8 %s 2>&1 | FileCheck %s --check-prefix=C8
// RUN: not xmp-cfront -DCASE9 %s 2>&1 | FileCheck %s --check-prefix=C9
// RUN: not xmp-cfront -DCASE10 %s 2>&1 | FileCheck %s --check-prefix=C10
// RUN: not xmp-cfront -DCASE11 %s 2>&1 | FileCheck %s --check-prefix=C11
// RUN: not xmp-cfront -DCASE12 %s 2>&1 | FileCheck %s --check-prefix=C12
// RUN: not xmp-cfront -DCASE13 %s 2>&1 | FileCheck %s --check-prefix=C13
// The weight clause of a device loop (an xmp-cfront extension):
// RUN: not xmp-cfront -DCASE14 %s 2>&1 | FileCheck %s --check-prefix=C14
// RUN: not xmp-cfront -DCASE15 %s 2>&1 | FileCheck %s --check-prefix=C15
// RUN: not xmp-cfront -DCASE16 %s 2>&1 | FileCheck %s --check-prefix=C16
// RUN: not xmp-cfront -DCASE17 %s 2>&1 | FileCheck %s --check-prefix=C17
// RUN: not xmp-cfront -DCASE18 %s 2>&1 | FileCheck %s --check-prefix=C18
// RUN: not xmp-cfront -DCASE19 %s 2>&1 | FileCheck %s --check-prefix=C19
// RUN: not xmp-cfront -DCASE20 %s 2>&1 | FileCheck %s --check-prefix=C20
// RUN: not xmp-cfront -DCASE21 %s 2>&1 | FileCheck %s --check-prefix=C21
// RUN: not xmp-cfront -DCASE22 %s 2>&1 | FileCheck %s --check-prefix=C22
// RUN: not xmp-cfront -DCASE23 %s 2>&1 | FileCheck %s --check-prefix=C23
// RUN: not xmp-cfront -DCASE24 %s 2>&1 | FileCheck %s --check-prefix=C24
// RUN: not xmp-cfront -DCASE25 %s 2>&1 | FileCheck %s --check-prefix=C25
// RUN: not xmp-cfront -DCASE26 %s 2>&1 | FileCheck %s --check-prefix=C26
// RUN: not xmp-cfront --gpu -DCASE14 %s 2>&1 | FileCheck %s --check-prefix=C14
// The same errors with --gpu (the directives do not depend on it).
// RUN: not xmp-cfront --gpu -DCASE3 %s 2>&1 | FileCheck %s --check-prefix=C3

#include <xmp.h>
#define N 16
double a[N], b[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)

#ifdef CASE1
int main(void) {
  // C1: xmpdev-invalid.c:[[# @LINE + 1]]:39: error: '#pragma xmp device replicate_sync' of 'a' outside a '#pragma xmp device replicate' (or acc data construct) of it in this function: it has no device instance here
#pragma xmp device replicate_sync in (a)
  return 0;
}
#endif

#ifdef CASE2
int main(void) {
  // C2: xmpdev-invalid.c:[[# @LINE + 1]]:31: error: 'b' in '#pragma xmp device replicate' is not a distributed (aligned) array
#pragma xmp device replicate (b)
  { b[0] = 1; }
  return 0;
}
#endif

#ifdef CASE3
int main(void) {
  int i;
  double s = 0;
#pragma xmp device loop on t(i)
  for (i = 0; i < N; i++)
    // C3: xmpdev-invalid.c:[[# @LINE + 1]]:5: error: the device loop assigns to 's', declared outside it: declare it in the loop body, or reduce it with reduction(...) of '#pragma xmp device loop' (a device loop does not write host variables)
    s = a[i];
  return 0;
}
#endif

#ifdef CASE4
int main(void) {
  double w = 0.5;
  // C4: xmpdev-invalid.c:[[# @LINE + 1]]:34: error: the CPU weight 1.5 of '#pragma xmp device reset_weight' is outside [0, 1]
#pragma xmp device reset_weight (0.5 * 3)
  return 0;
}
#endif

#ifdef CASE5
int main(void) {
  int i, j;
#pragma xmp device loop on t(i)
  for (i = 0; i < N; i++) {
    // C5: xmpdev-invalid.c:[[# @LINE + 1]]:9: error: a device loop inside a device loop ('#pragma xmp device loop' in the body of another) is not supported by xmp-cfront
#pragma xmp device loop on t(j)
    for (j = 0; j < N; j++)
      a[j] = 0;
  }
  return 0;
}
#endif

#ifdef CASE6
int main(void) {
  // C6: xmpdev-invalid.c:[[# @LINE + 1]]:30: error: expected '(' and the arrays of '#pragma xmp device replicate'
#pragma xmp device replicate a
  { a[0] = 1; }
  return 0;
}
#endif

#ifdef CASE7
int main(void) {
  // C7: xmpdev-invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp device allocate' is not supported by xmp-cfront
#pragma xmp device allocate (a)
  return 0;
}
#endif

#ifdef CASE8
int main(void) {
  int i;
#pragma xmp device loop on t(i)
  // C8: xmpdev-invalid.c:[[# @LINE + 1]]:13: error: an OpenACC construct on the for-nest of '#pragma xmp device loop' (the nest is already a device loop) is not supported by xmp-cfront
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE9
int main(void) {
  int i;
#pragma xmp device loop on t(i)
  for (i = 0; i < N; i++)
    // C9: xmpdev-invalid.c:[[# @LINE + 1]]:12: error: calling 'xmp_cpu_wtime' in a device loop (its body runs on the GPU: functions defined in this file and the math functions only) is not supported by xmp-cfront
    a[i] = xmp_cpu_wtime();
  return 0;
}
#endif

#ifdef CASE10
int main(void) {
#pragma xmp device replicate (a)
  {
    // C10: xmpdev-invalid.c:[[# @LINE + 1]]:35: error: expected 'in (...)' or 'out (...)' in '#pragma xmp device replicate_sync'
#pragma xmp device replicate_sync inout (a)
  }
  return 0;
}
#endif

#ifdef CASE11
int main(void) {
  int i;
  for (i = 0; i < 4; i++) {
    // C11: xmpdev-invalid.c:[[# @LINE + 1]]:9: error: a return, break or continue leaving the statement of '#pragma xmp device replicate' is not supported by xmp-cfront
#pragma xmp device replicate (a)
    {
      if (i == 2)
        break;
      a[0] = 1;
    }
  }
  return 0;
}
#endif

#ifdef CASE12
int main(void) {
  int i;
  // C12: xmpdev-invalid.c:[[# @LINE + 1]]:33: error: the clause 'acc' of '#pragma xmp device loop' is not supported by xmp-cfront
#pragma xmp device loop on t(i) acc
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE13
int main(void) {
  // C13: xmpdev-invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp device loop' must be followed by a for statement
#pragma xmp device loop on t(i)
}
#endif

#ifdef CASE14
int main(void) {
  int i;
  // C14: xmpdev-invalid.c:[[# @LINE + 2]]:46: error: a second 'weight' clause in '#pragma xmp device loop' (a device loop has one CPU weight)
  // C14: xmpdev-invalid.c:[[# @LINE + 1]]:33: note: the first 'weight' clause
#pragma xmp device loop on t(i) weight(auto) weight(0.5)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE15
int main(void) {
  int i;
  double w = 0.5;
  // C15: xmpdev-invalid.c:[[# @LINE + 2]]:43: error: a second 'weight' clause in '#pragma xmp device loop' (a device loop has one CPU weight)
  // C15: xmpdev-invalid.c:[[# @LINE + 1]]:33: note: the first 'weight' clause
#pragma xmp device loop on t(i) weight(w) weight(w)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE16
int main(void) {
  int i;
  // C16: xmpdev-invalid.c:[[# @LINE + 1]]:40: error: use of undeclared identifier 'dynamic'
#pragma xmp device loop on t(i) weight(dynamic)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE17
int main(void) {
  int i;
  // C17: xmpdev-invalid.c:[[# @LINE + 1]]:40: error: expected 'auto' or the CPU weight (an expression, 0 to 1) in the 'weight' clause of '#pragma xmp device loop'
#pragma xmp device loop on t(i) weight()
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE18
int main(void) {
  int i;
  // C18: xmpdev-invalid.c:[[# @LINE + 1]]:44: error: expected ')' after 'weight(auto' in '#pragma xmp device loop'
#pragma xmp device loop on t(i) weight(auto, 0.5)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE19
int main(void) {
  int i;
  // C19: xmpdev-invalid.c:[[# @LINE + 1]]:40: error: passing 'double[16]' to parameter of incompatible type 'double'
#pragma xmp device loop on t(i) weight(b)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE20
int main(void) {
  int i;
  // C20: xmpdev-invalid.c:[[# @LINE + 1]]:26: error: the 'weight' clause belongs to '#pragma xmp device loop' (the CPU share of its iterations): '#pragma xmp loop' runs on the host
#pragma xmp loop on t(i) weight(0.5)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE21
#pragma xmp shadow a[1]
int main(void) {
  int i;
  // C21: xmpdev-invalid.c:[[# @LINE + 1]]:43: error: 'weight' with 'expand' in '#pragma xmp device loop': a device loop is split between GPU and CPU by its owned iterations, and the expanded ones are not owned (such a loop runs on the GPU)
#pragma xmp device loop on t(i) expand(1) weight(auto)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE22
int main(void) {
  int i, s;
  for (s = 0; s < 2; s++)
  // C22: xmpdev-invalid.c:[[# @LINE + 1]]:33: error: the 'weight' clause of a '#pragma xmp device loop' that is not followed by its for statement in a { } block (or a call of '__xmp_weight') is not supported by xmp-cfront
#pragma xmp device loop on t(i) weight(0.5)
    for (i = 0; i < N; i++)
      a[i] = 0;
  return 0;
}
#endif

#ifdef CASE23
int main(void) {
  int i;
  // C23: xmpdev-invalid.c:[[# @LINE + 1]]:40: error: expected '(' after 'weight' in '#pragma xmp device loop'
#pragma xmp device loop on t(i) weight auto
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE24
int main(void) {
  int i;
  // C24: xmpdev-invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp device loop' must be followed by a for statement, not by another directive
#pragma xmp device loop on t(i) weight(0.5)
#pragma xmp barrier
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE25
int main(void) {
  // C25: xmpdev-invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp device loop' must be followed by a for statement
#pragma xmp device loop on t(i) weight(0.25)
}
#endif

#ifdef CASE26
int main(void) {
  int i;
  // C26: xmpdev-invalid.c:[[# @LINE + 1]]:40: error: the CPU weight 1.5 of the 'weight' clause is outside [0, 1]
#pragma xmp device loop on t(i) weight(3 * 0.5)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif
