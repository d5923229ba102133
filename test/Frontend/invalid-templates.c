// Diagnostics of template lower bounds, template_fix, gblock and
// xmp_malloc'd arrays: each case is a program with one error, reported as
// file:line:col: error: ... (exit status 1, no output).
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
// RUN: not xmp-cfront -DCASE27 %s 2>&1 | FileCheck %s --check-prefix=C27

#include <xmp.h>
#define N 16
#pragma xmp nodes p(*)
#pragma xmp nodes g(3)
#pragma xmp template t(:)
#pragma xmp distribute t(block) onto p
double *a;
#pragma xmp align a[i] with t(i)

#ifdef CASE1
// A run-time lower bound (a variable) on a template dimension that an
// array's constant dimension is aligned with: the darray's extent there
// would depend on it.
#pragma xmp template u(:, :)
#pragma xmp distribute u(*, block) onto p
double (*c)[4];
// C1: invalid-templates.c:[[# @LINE + 1]]:19: error: dimension 1 of 'c' (C order) has the constant size 4 and is aligned with a dimension of template 'u' whose lower bound is a run-time value (given by a variable in '#pragma xmp template_fix', or different in two of them): only the first, xmp_malloc'd dimension of an array can be aligned with it (give that template dimension a constant lower bound)
#pragma xmp align c[i][j] with u(j, i)
int main(void) {
  int lo = 1;
#pragma xmp template_fix u(lo:lo+3, 0:N-1)
  return 0;
}
#endif

#ifdef CASE2
// The same with two template_fix directives that give different constant
// lower bounds (either may run: the bound is a run-time value).
#pragma xmp template u(:, :)
#pragma xmp distribute u(*, block) onto p
double (*c)[4];
// C2: invalid-templates.c:[[# @LINE + 1]]:19: error: dimension 1 of 'c' (C order) has the constant size 4 and is aligned with a dimension of template 'u' whose lower bound is a run-time value
#pragma xmp align c[i][j] with u(j, i)
int main(void) {
#pragma xmp template_fix u(0:3, 0:N-1)
  return 0;
}
void f(void) {
#pragma xmp template_fix u(1:4, 0:N-1)
}
#endif

#ifdef CASE3
int main(void) {
  // C3: invalid-templates.c:[[# @LINE + 1]]:27: error: '#pragma xmp template_fix' gives 'cyclic' where the distribute directive of template 't' gives 'block' (a template keeps the distribution of its distribute directive; template_fix gives only the sizes of gblock(*))
#pragma xmp template_fix (cyclic) t(N)
  return 0;
}
#endif

#ifdef CASE4
#pragma xmp template s(:)
#pragma xmp distribute s(gblock(*)) onto g
int main(void) {
  // C4: invalid-templates.c:[[# @LINE + 1]]:13: error: template 's' is distributed gblock(*): '#pragma xmp template_fix' must give its block sizes ('template_fix(gblock(m)) s(...)')
#pragma xmp template_fix s(N)
  return 0;
}
#endif

#ifdef CASE5
#pragma xmp template s(0:N-1)
#pragma xmp distribute s(block) onto p
int main(void) {
  // C5: invalid-templates.c:[[# @LINE + 1]]:26: error: template 's' has a fixed shape and no gblock(*) distribution: '#pragma xmp template_fix' has nothing to give it
#pragma xmp template_fix s(N)
  return 0;
}
#endif

#ifdef CASE6
int gm[3] = {5, 5, 5};
#pragma xmp template s(0:N-1)
// C6: invalid-templates.c:[[# @LINE + 1]]:33: error: the gblock sizes of dimension 0 (C order) of template 's' sum to 15, but the dimension has 16 elements
#pragma xmp distribute s(gblock(gm)) onto g
int main(void) { return 0; }
#endif

#ifdef CASE7
int gm[2] = {8, 8};
#pragma xmp template s(0:N-1)
// C7: invalid-templates.c:[[# @LINE + 1]]:33: error: the gblock sizes of dimension 0 (C order) of template 's': 2 sizes for the 3 nodes of its node set dimension (one size per node)
#pragma xmp distribute s(gblock(gm)) onto g
int main(void) { return 0; }
#endif

#ifdef CASE8
int gm[3];
#pragma xmp template s(0:N-1)
// C8: invalid-templates.c:[[# @LINE + 1]]:33: error: gblock(gm) in '#pragma xmp distribute': 'gm' must be a file-scope integer array with an initializer (its initial values are the block sizes; gblock(*) leaves them to template_fix)
#pragma xmp distribute s(gblock(gm)) onto g
int main(void) { return 0; }
#endif

#ifdef CASE9
int gm[3] = {10, 7, -1};
#pragma xmp template s(0:N-1)
// C9: invalid-templates.c:[[# @LINE + 1]]:33: error: the gblock sizes of dimension 0 (C order) of template 's' must not be negative (entry 2 is -1)
#pragma xmp distribute s(gblock(gm)) onto g
int main(void) { return 0; }
#endif

#ifdef CASE10
double z[N];
// C10: invalid-templates.c:[[# @LINE + 1]]:19: error: 'z' is aligned with template 't', which template_fix shapes or distributes at run time: declare 'z' as a pointer and allocate it with xmp_malloc after the template_fix
#pragma xmp align z[i] with t(i)
int main(void) { return 0; }
#endif

#ifdef CASE11
int main(void) {
  int n = N;
#pragma xmp template_fix t(n)
  if (n > 0) {
    // C11: invalid-templates.c:[[# @LINE + 1]]:5: error: xmp_malloc outside main's outermost block (every node allocates the distributed array there, before its uses; not in a nested block or after a return) is not supported by xmp-cfront
    a = xmp_malloc(xmp_desc_of(a), n);
  }
  return 0;
}
#endif

#ifdef CASE12
int main(void) {
#pragma xmp template_fix t(N)
  // C12: invalid-templates.c:[[# @LINE + 1]]:7: error: xmp_malloc of the 1-dimensional 'a' takes xmp_desc_of(a) and 1 sizes, not 2
  a = xmp_malloc(xmp_desc_of(a), N, 2);
  return 0;
}
#endif

#ifdef CASE13
double *q;
#pragma xmp align q[i] with t(i)
int main(void) {
#pragma xmp template_fix t(N)
  // C13: invalid-templates.c:[[# @LINE + 1]]:7: error: the first argument of xmp_malloc must be 'xmp_desc_of(a)'
  a = xmp_malloc(xmp_desc_of(q), N);
  return 0;
}
#endif

#ifdef CASE14
#include <stdio.h>
int main(void) {
#pragma xmp template_fix t(N)
  a = xmp_malloc(xmp_desc_of(a), N);
  // C14: invalid-templates.c:[[# @LINE + 1]]:16: error: using 'a', a distributed array allocated by xmp_malloc, other than by subscripts ('a[i]') or as the statement 'a = xmp_malloc(xmp_desc_of(a), ...)' is not supported by xmp-cfront
  printf("%p", a + 1);
  return 0;
}
#endif

#ifdef CASE15
int main(void) {
#pragma xmp template_fix t(N)
  // C15: invalid-templates.c:[[# @LINE + 1]]:3: error: distributed array 'a' is not allocated here: main allocates it with 'a = xmp_malloc(...)' in its outermost block, and every use (also in a function called here) must come after that statement and before its xmp_free
  a[0] = 1.0;
  a = xmp_malloc(xmp_desc_of(a), N);
  return 0;
}
#endif

#ifdef CASE16
#pragma xmp template s(1:N)
#pragma xmp distribute s(block) onto p
double z[N + 2];
// C16: invalid-templates.c:[[# @LINE + 1]]:19: error: 'z' has 18 elements in dimension 0 of 'z' (C order), aligned with template 's': its last one would be aligned with index 17, after the template's upper bound 16
#pragma xmp align z[i] with s(i)
int main(void) { return 0; }
#endif

#ifdef CASE17
#pragma xmp template s(4:N)
#pragma xmp distribute s(block) onto p
double z[3];
// C17: invalid-templates.c:[[# @LINE + 1]]:19: error: no element of dimension 0 of 'z' (C order), aligned with template 's' is on the template: 'z[k]' is aligned with index k, and the template starts at 4
#pragma xmp align z[i] with s(i)
int main(void) { return 0; }
#endif

#ifdef CASE18
double loc[N];
int main(void) {
#pragma xmp template_fix t(N)
  a = xmp_malloc(xmp_desc_of(a), N);
#pragma xmp gmove
  // C18: invalid-templates.c:[[# @LINE + 1]]:15: error: the section -1:3:1 leaves dimension 0 of 'a' (its elements start at 0) in a gmove statement
  loc[0:3] = a[-1:3];
  return 0;
}
#endif

#ifdef CASE19
#pragma xmp template s(:, :)
#pragma xmp distribute s(block, *) onto p
double (*c)[4];
#pragma xmp align c[i][j] with s(j, i)
int main(void) {
#pragma xmp template_fix s(0:3, 0:N-1)
  // C19: invalid-templates.c:[[# @LINE + 1]]:37: error: dimension 1 of 'c' has 4 elements (its type): xmp_malloc must give that constant here
  c = xmp_malloc(xmp_desc_of(c), N, 5);
  return 0;
}
#endif

#ifdef CASE20
double *q;
#pragma xmp align q[i] with t(i)
int main(void) {
#pragma xmp template_fix t(N)
  a = xmp_malloc(xmp_desc_of(a), N);
  // C20: invalid-templates.c:[[# @LINE + 1]]:3: error: assigning to 'q', a distributed array, anything but 'xmp_malloc(xmp_desc_of(q), ...)' is not supported by xmp-cfront
  q = a;
  return 0;
}
#endif

#ifdef CASE21
#pragma xmp template s(:)
#pragma xmp distribute s(gblock(*)) onto g
int main(void) {
  // C21: invalid-templates.c:[[# @LINE + 1]]:34: error: 'gblock(*)' in '#pragma xmp template_fix': template_fix gives the block sizes, gblock(m) with m an integer array
#pragma xmp template_fix (gblock(*)) s(N)
  return 0;
}
#endif

#ifdef CASE22
int main(void) {
  // C22: invalid-templates.c:[[# @LINE + 1]]:3: error: 'a' is not allocated here (no xmp_malloc of it before this xmp_free)
  xmp_free(a);
  return 0;
}
#endif

#ifdef CASE23
#pragma xmp template s(:)
#pragma xmp distribute s(gblock(*)) onto g
int m2[2];
int main(void) {
  // C23: invalid-templates.c:[[# @LINE + 1]]:27: error: gblock(m2) in '#pragma xmp template_fix' has 2 sizes for the 3 nodes of its node set dimension (one size per node)
#pragma xmp template_fix (gblock(m2)) s(N)
  return 0;
}
#endif

#ifdef CASE24
#pragma xmp template t1(:)
#pragma xmp distribute t1(cyclic) onto p
double *b;
#pragma xmp align b[i] with t1(i)
int main(void) {
  double x;
#pragma xmp template_fix t1(1:N)
  b = xmp_malloc(xmp_desc_of(b), N + 1);
#pragma xmp gmove
  // C24: invalid-templates.c:[[# @LINE + 1]]:9: error: index 0 is outside dimension 0 of 'b' (its distributed elements start at 1: those below are aligned before the template's lower bound) in a gmove statement
  x = b[0];
  return 0;
}
#endif

#ifdef CASE25
double loc[N];
int main(void) {
#pragma xmp template_fix t(N)
  a = xmp_malloc(xmp_desc_of(a), N);
#pragma xmp gmove
  // C25: invalid-templates.c:[[# @LINE + 1]]:20: error: the stride of a triplet must be positive (here 0)
  loc[0:3] = a[0:3:0];
  return 0;
}
#endif

#ifdef CASE26
// block(n) blocks that do not cover a dimension of static size: named in
// C order with the template and the node set (not the dialect's op).
#pragma xmp nodes q(2, 3)
#pragma xmp template v(0:9, 0:19)
// C26: invalid-templates.c:[[# @LINE + 1]]:26: error: block(2) of dimension 1 (C order) of template 'v' over the 2 nodes of 'q' along it covers 4 of its 10 elements (block(n) needs n >= 5)
#pragma xmp distribute v(block(2), block) onto q
int main(void) { return 0; }
#endif

#ifdef CASE27
// The same, bracketed (C order as written).
#pragma xmp nodes q[3][2]
#pragma xmp template v[20][10]
// C27: invalid-templates.c:[[# @LINE + 1]]:26: error: block(4) of dimension 0 (C order) of template 'v' over the 3 nodes of 'q' along it covers 12 of its 20 elements (block(n) needs n >= 7)
#pragma xmp distribute v[block(4)][block] onto q
int main(void) { return 0; }
#endif
