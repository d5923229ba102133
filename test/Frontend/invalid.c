// Diagnostics of xmp-cfront: each case is a program with one error,
// reported as file:line:col: error: ... (exit status 1, no output).
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
// A C error is Clang's own.
// RUN: not xmp-cfront -DCASE21 %s 2>&1 | FileCheck %s --check-prefix=C21
// gmove: the statement, the sections, the clauses, async / wait_async.
// RUN: not xmp-cfront -DCASE22 %s 2>&1 | FileCheck %s --check-prefix=C22
// RUN: not xmp-cfront -DCASE23 %s 2>&1 | FileCheck %s --check-prefix=C23
// RUN: not xmp-cfront -DCASE24 %s 2>&1 | FileCheck %s --check-prefix=C24
// RUN: not xmp-cfront -DCASE25 %s 2>&1 | FileCheck %s --check-prefix=C25
// RUN: not xmp-cfront -DCASE26 %s 2>&1 | FileCheck %s --check-prefix=C26
// RUN: not xmp-cfront -DCASE27 %s 2>&1 | FileCheck %s --check-prefix=C27
// RUN: not xmp-cfront -DCASE28 %s 2>&1 | FileCheck %s --check-prefix=C28
// RUN: not xmp-cfront -DCASE29 %s 2>&1 | FileCheck %s --check-prefix=C29
// RUN: not xmp-cfront -DCASE30 %s 2>&1 | FileCheck %s --check-prefix=C30
// RUN: xmp-cfront -DCASE31 %s 2>&1 | FileCheck %s --check-prefix=C31
// RUN: not xmp-cfront -DCASE32 %s 2>&1 | FileCheck %s --check-prefix=C32
// RUN: not xmp-cfront -DCASE33 %s 2>&1 | FileCheck %s --check-prefix=C33
// RUN: not xmp-cfront -DCASE34 %s 2>&1 | FileCheck %s --check-prefix=C34
// RUN: not xmp-cfront -DCASE35 %s 2>&1 | FileCheck %s --check-prefix=C35
// task and tasks.
// RUN: not xmp-cfront -DCASE36 %s 2>&1 | FileCheck %s --check-prefix=C36
// RUN: not xmp-cfront -DCASE37 %s 2>&1 | FileCheck %s --check-prefix=C37
// RUN: not xmp-cfront -DCASE38 %s 2>&1 | FileCheck %s --check-prefix=C38
// RUN: not xmp-cfront -DCASE39 %s 2>&1 | FileCheck %s --check-prefix=C39
// RUN: not xmp-cfront -DCASE40 %s 2>&1 | FileCheck %s --check-prefix=C40
// RUN: not xmp-cfront -DCASE41 %s 2>&1 | FileCheck %s --check-prefix=C41
// task on a node reference with run-time coordinates: no node set, so no
// inquiry of the task's nodes and no collective inside (at any depth);
// its constant parts are checked as in a constant reference.
// RUN: not xmp-cfront -DCASE42 %s 2>&1 | FileCheck %s --check-prefix=C42
// RUN: not xmp-cfront -DCASE43 %s 2>&1 | FileCheck %s --check-prefix=C43
// RUN: not xmp-cfront -DCASE44 %s 2>&1 | FileCheck %s --check-prefix=C44
// RUN: not xmp-cfront -DCASE45 %s 2>&1 | FileCheck %s --check-prefix=C45
// RUN: not xmp-cfront -DCASE46 %s 2>&1 | FileCheck %s --check-prefix=C46
// RUN: not xmp-cfront -DCASE47 %s 2>&1 | FileCheck %s --check-prefix=C47
// RUN: not xmp-cfront -DCASE48 %s 2>&1 | FileCheck %s --check-prefix=C48
// RUN: not xmp-cfront -DCASE49 %s 2>&1 | FileCheck %s --check-prefix=C49
// RUN: not xmp-cfront -DCASE50 %s 2>&1 | FileCheck %s --check-prefix=C50
// A collective gmove (also async) in a task on a run-time node reference,
// at any depth.
// RUN: not xmp-cfront -DCASE51 %s 2>&1 | FileCheck %s --check-prefix=C51
// RUN: not xmp-cfront -DCASE52 %s 2>&1 | FileCheck %s --check-prefix=C52
// RUN: not xmp-cfront -DCASE53 %s 2>&1 | FileCheck %s --check-prefix=C53
// Array parameters: a pointer written as one, a distributed array or a
// row passed for one.
// RUN: not xmp-cfront -DCASE54 %s 2>&1 | FileCheck %s --check-prefix=C54
// RUN: not xmp-cfront -DCASE55 %s 2>&1 | FileCheck %s --check-prefix=C55
// RUN: not xmp-cfront -DCASE56 %s 2>&1 | FileCheck %s --check-prefix=C56
// Node references partly outside their node set, or empty.
// RUN: not xmp-cfront -DCASE57 %s 2>&1 | FileCheck %s --check-prefix=C57
// RUN: not xmp-cfront -DCASE58 %s 2>&1 | FileCheck %s --check-prefix=C58

#define N 16
double a[N], b[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp shadow a[1]

#ifdef CASE1
int f(int x) {
  switch (x) {
  case 0:
    if (x > 0) {
    // C1: invalid.c:[[# @LINE + 1]]:5: error: a case label inside a statement of the switch body (labels must be statements of its { } block) is not supported by xmp-cfront
    case 1:
      return 1;
    }
  }
  return 0;
}
#endif

#ifdef CASE2
int main(void) {
  // C2: invalid.c:[[# @LINE + 1]]:8: error: a pointer variable is not supported by xmp-cfront
  int *q = 0;
  return 0;
}
#endif

#ifdef CASE3
int main(void) {
  int i = 0;
#pragma xmp loop on t(i)
  // C3: invalid.c:[[# @LINE + 2]]:3: error: '#pragma xmp loop' with 1 variables needs 1 nested for loops here
  // C3: invalid.c:[[# @LINE - 2]]:9: note: the loop directive
  i = 1;
  return i;
}
#endif

#ifdef CASE4
// C4: invalid.c:[[# @LINE + 1]]:24: error: '*' is not a template size in '#pragma xmp template' (':' declares a dimension that template_fix gives)
#pragma xmp template s(*)
int main(void) { return 0; }
#endif

#ifdef CASE5
int main(void) {
  int i;
  // C5: invalid.c:[[# @LINE + 1]]:21: error: 'zz' is not a template
#pragma xmp loop on zz(i)
  for (i = 0; i < N; i++)
    a[i] = 0;
  return 0;
}
#endif

#ifdef CASE6
int main(void) {
  // C6: invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp gmove' async between two local arrays or scalars (each node copies its own: there is no other node to get from or put to, and nothing to wait for) is not supported by xmp-cfront
#pragma xmp gmove async(1)
  b[0:4] = b[4:4];
#pragma xmp wait_async(1)
  return 0;
}
#endif

#ifdef CASE7
int main(void) {
  // C7: invalid.c:[[# @LINE + 1]]:22: error: 'b' in '#pragma xmp reflect' is not a distributed (aligned) array
#pragma xmp reflect (b)
  return 0;
}
#endif

#ifdef CASE8
double c[N][N];
// C8: invalid.c:[[# @LINE + 1]]:13: error: align dummy 'j' does not appear in the template subscripts
#pragma xmp align c[i][j] with t(i)
int main(void) { return 0; }
#endif

#ifdef CASE9
int main(void) {
  int i, j;
#pragma xmp template t2(0:N-1, 0:N-1)
  return 0;
}
// C9: invalid.c:[[# @LINE - 3]]:9: error: '#pragma xmp template' inside a function (local node sets, templates and distributed arrays) is not supported by xmp-cfront
#endif

#ifdef CASE10
int main(void) {
  int i;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    if (a[i] > 1)
      // C10: invalid.c:[[# @LINE + 1]]:7: error: a break leaving an xmp loop is not supported by xmp-cfront
      break;
  }
  return 0;
}
#endif

#ifdef CASE11
// C11: invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp barrier' is an executable directive: it must be inside a function
#pragma xmp barrier
int main(void) { return 0; }
#endif

#ifdef CASE12
int main(void) {
  // C12: invalid.c:[[# @LINE + 1]]:25: error: '#pragma xmp reflect_do' of 'a' without a reflect_init of it in an enclosing block
#pragma xmp reflect_do (a)
  return 0;
}
#endif

#ifdef CASE13
int main(void) {
  int i;
#pragma xmp loop on t(i)
  // C13: invalid.c:[[# @LINE + 1]]:3: error: this for loop under '#pragma xmp loop' (the condition must be 'v < ub' or 'v <= ub') is not supported by xmp-cfront
  for (i = N - 1; i >= 0; i--)
    a[i] = i;
  return 0;
}
#endif

#ifdef CASE14
// C14: invalid.c:[[# @LINE + 1]]:32: error: expected ')' in '#pragma xmp distribute'
#pragma xmp distribute t(block onto p)
int main(void) { return 0; }
#endif

#ifdef CASE15
int main(void) {
  double m = 0;
  int i;
  // C15: invalid.c:[[# @LINE + 1]]:36: error: the reduction operator 'avg' is not supported by xmp-cfront
#pragma xmp loop on t(i) reduction(avg:m)
  for (i = 0; i < N; i++)
    m = a[i];
  return 0;
}
#endif

#ifdef CASE16
int main(void) {
  int i;
  for (i = 0; i < 2; i++) {
  }
  // C16: invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp loop' must be followed by a for statement
#pragma xmp loop on t(i)
}
#endif

#ifdef CASE17
struct pt { int x; };
// C17: invalid.c:[[# @LINE + 1]]:11: error: type 'struct pt' is not supported by xmp-cfront
struct pt g;
int main(void) { return 0; }
#endif

#ifdef CASE18
double c2[N][N];
#pragma xmp template t2(0:N-1, 0:N-1)
#pragma xmp distribute t2(block, *) onto p
#pragma xmp align c2[i][j] with t2(j, i)
int main(void) {
  int i, j;
#pragma xmp loop (i, j) on t2(j, i)
  for (i = 0; i < N; i++)
    // C18: invalid.c:[[# @LINE + 1]]:5: error: a non-rectangular nest under '#pragma xmp loop' is not supported by xmp-cfront
    for (j = 0; j < i; j++)
      c2[i][j] = j;
  return 0;
}
#endif

#ifdef CASE19
int main(void) {
  // C19: invalid.c:[[# @LINE + 1]]:23: error: a template reference with '*' or a triplet in 'task on' (one element) is not supported by xmp-cfront
#pragma xmp task on t(*)
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE20
// A verifier error of the dialect, at the array's declaration: the shadow
// is wider than a block of 16 elements over... a static grid of 8 nodes.
double e[N];
#pragma xmp nodes p8(8)
#pragma xmp template t8(0:N-1)
#pragma xmp distribute t8(block) onto p8
#pragma xmp align e[i] with t8(i)
#pragma xmp shadow e[3]
// C20: invalid.c:[[# @LINE - 6]]:8: error: 'xmp.alloc' op
int main(void) { return 0; }
#endif

#ifdef CASE21
int main(void) {
  // C21: invalid.c:[[# @LINE + 1]]:10: error: use of undeclared identifier 'nope'
  return nope;
}
#endif

#ifdef CASE22
int main(void) {
  int x = 0;
#pragma xmp gmove
  // C22: invalid.c:[[# @LINE + 2]]:3: error: '#pragma xmp gmove' must be followed by an assignment 'lhs = rhs;' of array sections, array elements or a scalar
  // C22: invalid.c:[[# @LINE - 2]]:9: note: the gmove directive
  x++;
  return x;
}
#endif

#ifdef CASE23
int main(void) {
#pragma xmp gmove
  // C23: invalid.c:[[# @LINE + 1]]:10: error: the sides of the gmove statement have different shapes: 4 ('b') and 5 ('a')
  b[0:4] = a[1:5];
  return 0;
}
#endif

#ifdef CASE24
int main(void) {
#pragma xmp gmove
  // C24: invalid.c:[[# @LINE + 1]]:10: error: a triplet has at most three parts (lower:length:stride) in the statement of '#pragma xmp gmove'
  b[0:2:1:1] = a[0:2];
  return 0;
}
#endif

#ifdef CASE25
int main(void) {
#pragma xmp gmove
  // C25: invalid.c:[[# @LINE + 1]]:18: error: the stride of a triplet must be positive (here 0)
  b[0:2] = a[0:2:0];
  return 0;
}
#endif

#ifdef CASE26
int main(void) {
#pragma xmp gmove
  // C26: invalid.c:[[# @LINE + 1]]:13: error: the section 10:4:2 leaves dimension 0 of 'a' (16 elements) in a gmove statement
  b[0:4] = a[10:4:2];
  return 0;
}
#endif

#ifdef CASE27
int ib[N];
int main(void) {
#pragma xmp gmove
  // C27: invalid.c:[[# @LINE + 1]]:11: error: '#pragma xmp gmove' between different element types ('double' to 'int') is not supported by xmp-cfront
  ib[0:2] = a[0:2];
  return 0;
}
#endif

#ifdef CASE28
int main(void) {
  if (1) {
#pragma xmp gmove in
    // C28: invalid.c:[[# @LINE + 1]]:14: error: '#pragma xmp gmove in' gets its right-hand side from the nodes that hold it: 'b' must be a distributed array
    a[0:4] = b[0:4];
  }
  return 0;
}
#endif

#ifdef CASE29
int main(void) {
#pragma xmp gmove out
  // C29: invalid.c:[[# @LINE + 1]]:3: error: '#pragma xmp gmove out' puts into the nodes that hold its left-hand side: 'b' must be a distributed array
  b[0:4] = a[0:4];
  return 0;
}
#endif

#ifdef CASE30
int main(void) {
  int k = 1;
  // C30: invalid.c:[[# @LINE + 1]]:25: error: a variable ('k') in this directive expression (a constant is required) is not supported by xmp-cfront
#pragma xmp gmove async(k)
  b[0:4] = a[0:4];
  return 0;
}
#endif

#ifdef CASE31
int main(void) {
  int k = 1;
  if (k) {
#pragma xmp gmove async(1)
    b[0:4] = a[0:4];
  }
  // Accepted (a wait after the if that may have started it): the start is
  // handed to id 1, the wait completes what the id holds.
  // C31: scf.if
  // C31: %[[G:.*]] = xmp.gmove_start
  // C31-NEXT: %[[ID:.*]] = arith.constant 1 : i64
  // C31-NEXT: xmp.async_register %[[G]], %[[ID]] : !xmp.request
  // C31: xmp.wait_async
#pragma xmp wait_async(1)
  return 0;
}
#endif

#ifdef CASE32
int main(void) {
  // C32: invalid.c:[[# @LINE + 1]]:24: error: '#pragma xmp wait_async(2)' has no async directive of id 2 ('#pragma xmp gmove', 'reflect', 'reduce_shadow', 'reduction' or 'bcast' ... async(2)) before it in its block or an enclosing block of the function
#pragma xmp wait_async(2)
  return 0;
}
#endif

#ifdef CASE33
int main(void) {
  int i;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    // C33: invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp gmove' inside an xmp loop is not supported by xmp-cfront
#pragma xmp gmove
    b[i] = a[i];
  }
  return 0;
}
#endif

#ifdef CASE34
int main(void) {
  // C34: invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp gmove' must be followed by an assignment statement, not by another directive
#pragma xmp gmove
#pragma xmp barrier
  b[0:4] = a[0:4];
  return 0;
}
#endif

#ifdef CASE35
int main(void) {
  // C35: invalid.c:[[# @LINE + 1]]:19: error: unexpected 'nowait' in '#pragma xmp gmove'
#pragma xmp gmove nowait
  b[0:4] = a[0:4];
  return 0;
}
#endif

#ifdef CASE36
#pragma xmp nodes p4(4)
int main(void) {
  // C36: invalid.c:[[# @LINE + 1]]:24: error: node 5 of the node reference is outside 'p4' along this dimension, whose nodes along it are 1 to 4
#pragma xmp task on p4(5)
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE37
#include <xmp.h>
int main(void) {
  int n = 0;
#pragma xmp task on t(3)
  // C37: invalid.c:[[# @LINE + 1]]:7: error: 'xmp_node_num()' in a task on a template element (it has no node set: name one with 'on') is not supported by xmp-cfront
  n = xmp_node_num();
  return n;
}
#endif

#ifdef CASE38
int main(void) {
  // A collective gmove in a task on a node set is its nodes' (valid); in a
  // task on a template element, which has no node set, it is diagnosed,
  // also in a task on a node set nested in one.
#pragma xmp task on p(1)
  {
#pragma xmp gmove
    b[0:4] = a[0:4];
  }
#pragma xmp task on t(3)
  {
#pragma xmp task on p(1)
    {
      // C38: invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp gmove' inside a task on a template element: a collective gmove is executed by the task's nodes together, and a task on a template element has no node set; run the task on a node set or a node reference with constant coordinates, or use 'gmove in' / 'gmove out' (one-sided)
#pragma xmp gmove
      b[0:4] = a[0:4];
    }
  }
  return 0;
}
#endif

#ifdef CASE39
int main(void) {
  int n = 0;
#pragma xmp tasks
  // C39: invalid.c:[[# @LINE + 2]]:3: error: '#pragma xmp tasks' must be followed by a { } block of task directives
  // C39: invalid.c:[[# @LINE - 2]]:9: note: the tasks directive
  n = 1;
  return n;
}
#endif

#ifdef CASE40
int main(void) {
  // C40: invalid.c:[[# @LINE + 1]]:21: error: 'zz' is not a node set or a template
#pragma xmp task on zz(1)
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE41
int main(void) {
  // C41: invalid.c:[[# @LINE + 1]]:26: error: unexpected 'async' in '#pragma xmp task'
#pragma xmp task on p(1) async
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE42
#include <xmp.h>
int main(void) {
  int k, n = 0;
  for (k = 1; k <= 4; k++) {
#pragma xmp task on p(k)
    // C42: invalid.c:[[# @LINE + 2]]:9: error: 'xmp_node_num()' inside 'task on p(k)', a node reference with run-time coordinates: the task has no node set (its nodes are known only at run time); use constant coordinates or a task on a node set ('nodes q(...) = p(...)')
    // C42: invalid.c:[[# @LINE - 2]]:9: note: the task directive
    n = xmp_node_num();
  }
  return n;
}
#endif

#ifdef CASE43
int main(void) {
  int k = 2;
#pragma xmp task on p(k + 1)
  {
    // C43: invalid.c:[[# @LINE + 2]]:9: error: '#pragma xmp barrier' inside 'task on p(k+1)', a node reference with run-time coordinates: a collective needs the task's node set, which has no name (its nodes are known only at run time); use constant coordinates or a task on a node set ('nodes q(...) = p(...)')
    // C43: invalid.c:[[# @LINE - 3]]:9: note: the task directive
#pragma xmp barrier
  }
  return 0;
}
#endif

#ifdef CASE44
#pragma xmp nodes p4(4)
#pragma xmp nodes q2(2) = p4(1:2)
int main(void) {
  int k = 1, x = 1;
#pragma xmp task on p4[k:2]
  {
    // C44: invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp reduction' inside 'task on p4[k:2]', a node reference with run-time coordinates: a collective needs the task's node set
#pragma xmp reduction(+:x) on q2
  }
  return x;
}
#endif

#ifdef CASE45
int main(void) {
  int i, k = 1;
  double s = 0;
#pragma xmp task on p(k:k+1)
  {
    // C45: invalid.c:[[# @LINE + 1]]:9: error: the reduction clause of '#pragma xmp loop' inside 'task on p(k:k+1)', a node reference with run-time coordinates: a collective needs
#pragma xmp loop on t(i) reduction(+:s)
    for (i = 0; i < N; i++)
      s += a[i];
  }
  return 0;
}
#endif

#ifdef CASE46
#pragma xmp nodes p4(4)
#pragma xmp nodes q2(2) = p4(1:2)
int main(void) {
  int k = 1;
#pragma xmp task on p4(k)
  {
#pragma xmp task on q2
    {
      // C46: invalid.c:[[# @LINE + 2]]:9: error: '#pragma xmp bcast' inside 'task on p4(k)', a node reference with run-time coordinates: a collective needs
      // C46: invalid.c:[[# @LINE - 5]]:9: note: the task directive
#pragma xmp bcast (k)
    }
  }
  return k;
}
#endif

#ifdef CASE47
#pragma xmp nodes p4(4)
int main(void) {
  int k = 1;
  // C47: invalid.c:[[# @LINE + 1]]:24: error: node 5 of the node reference is outside 'p4' along this dimension, whose nodes along it are 1 to 4
#pragma xmp task on p4(k:5)
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE48
#pragma xmp nodes g(2, 2)
int main(void) {
  int k = 1;
  // C48: invalid.c:[[# @LINE + 1]]:26: error: the stride of a node reference must be positive (here 0)
#pragma xmp task on g[k][0:2:0]
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE49
int main(void) {
  double x = 1;
  // C49: invalid.c:[[# @LINE + 1]]:23: error: 'x' is not an integer variable
#pragma xmp task on p(x)
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE50
#pragma xmp nodes g(2, 2)
int main(void) {
  int k = 1;
  // C50: invalid.c:[[# @LINE + 1]]:21: error: node set 'g' has 2 dimensions, the task gives 1 subscripts
#pragma xmp task on g(k)
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE51
int main(void) {
  int k = 1;
#pragma xmp task on p(k)
  {
    // C51: invalid.c:[[# @LINE + 2]]:9: error: '#pragma xmp gmove' inside 'task on p(k)', a node reference with run-time coordinates: a collective needs the task's node set, which has no name (its nodes are known only at run time); use constant coordinates or a task on a node set ('nodes q(...) = p(...)')
    // C51: invalid.c:[[# @LINE - 3]]:9: note: the task directive
#pragma xmp gmove
    b[0:4] = a[0:4];
  }
  return 0;
}
#endif

#ifdef CASE52
int main(void) {
  int k = 1;
#pragma xmp task on p(k:k+1)
  {
#pragma xmp task on p(2)
    {
      // C52: invalid.c:[[# @LINE + 1]]:9: error: '#pragma xmp gmove' inside 'task on p(k:k+1)', a node reference with run-time coordinates: a collective needs
#pragma xmp gmove async(1)
      a[0:4] = a[4:4];
#pragma xmp wait_async(1)
    }
  }
  return 0;
}
#endif

#ifdef CASE53
int main(void) {
  int i;
  // An unclosed template reference is a syntax error, not an unsupported
  // subscript.
  // C53: invalid.c:[[# @LINE + 1]]:{{[0-9]+}}: error: expected ',' or a closing bracket after 'i' in the template reference of '#pragma xmp loop'
#pragma xmp loop on t(i
  for (i = 0; i < 16; i++)
    a[i] = 1;
  return 0;
}
#endif

#ifdef CASE54
// C54: invalid.c:[[# @LINE + 1]]:22: error: a pointer parameter (declare it as an array, 'double v[]' or 'double m[][M]', pass scalars, or use file-scope arrays) is not supported by xmp-cfront
double first(double *w) { return w[0]; }
int main(void) { return 0; }
#endif

#ifdef CASE55
double first(double v[]) { return v[0]; }
int main(void) {
  // C55: invalid.c:[[# @LINE + 1]]:21: error: passing the distributed array 'a' for the array parameter 'v' (functions use file-scope distributed arrays by name) is not supported by xmp-cfront
  return (int)first(a);
}
#endif

#ifdef CASE56
double first(double v[]) { return v[0]; }
int main(void) {
  double y[2][4];
  y[1][0] = 1;
  // C56: invalid.c:[[# @LINE + 1]]:21: error: this argument for the array parameter 'v' (pass a whole array, or an array parameter) is not supported by xmp-cfront
  return (int)first(y[1]);
}
#endif

#ifdef CASE57
#pragma xmp nodes p4(4)
int main(void) {
  // C57: invalid.c:[[# @LINE + 1]]:24: error: node 4 of the node reference is outside 'p4' along this dimension, whose nodes along it are 0 to 3
#pragma xmp task on p4[3:2]
  a[0] = 1;
  return 0;
}
#endif

#ifdef CASE58
#pragma xmp nodes p4(4)
int main(void) {
  // C58: invalid.c:[[# @LINE + 1]]:24: error: the node reference selects no node of 'p4' along this dimension (an empty range)
#pragma xmp task on p4(3:2)
  a[0] = 1;
  return 0;
}
#endif
