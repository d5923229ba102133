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
  // C4: xmpdev-invalid.c:[[# @LINE + 1]]:34: error: a CPU weight other than a variable or a constant in '#pragma xmp device reset_weight' is not supported by xmp-cfront
#pragma xmp device reset_weight ((w) * 2)
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
