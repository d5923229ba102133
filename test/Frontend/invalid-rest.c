// Diagnostics of issue 17's directives: async / wait_async of reflect,
// reduction and bcast, reduce_shadow, loop expand / margin, node subsets.
// RUN: not xmp-cfront -DCASE1 %s 2>&1 | FileCheck %s --check-prefix=C1
// RUN: xmp-cfront -DCASE2 %s 2>&1 | FileCheck %s --check-prefix=C2
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
// The dialect's verifier: no expand on a cyclic dimension.
// RUN: not xmp-cfront -DCASE16 %s 2>&1 | FileCheck %s --check-prefix=C16
// Reshaping node subsets and '= *'.
// RUN: not xmp-cfront -DCASE17 %s 2>&1 | FileCheck %s --check-prefix=C17
// RUN: not xmp-cfront -DCASE18 %s 2>&1 | FileCheck %s --check-prefix=C18
// Collectives in the body of a loop directive (the nodes run different
// numbers of iterations: they would hang).
// RUN: not xmp-cfront -DCASE19 %s 2>&1 | FileCheck %s --check-prefix=C19
// RUN: not xmp-cfront -DCASE20 %s 2>&1 | FileCheck %s --check-prefix=C20
// A function executing a collective called inside a task on part of the
// nodes (only the task's nodes would run it: a hang) or in a loop body;
// a task on the whole node set may call it.
// RUN: not xmp-cfront -DCASE21 %s 2>&1 | FileCheck %s --check-prefix=C21
// RUN: not xmp-cfront -DCASE22 %s 2>&1 | FileCheck %s --check-prefix=C22
// RUN: xmp-cfront -DCASE23 %s -o /dev/null
// RUN: not xmp-cfront -DCASE24 %s 2>&1 | FileCheck %s --check-prefix=C24
// RUN: not xmp-cfront -DCASE25 %s 2>&1 | FileCheck %s --check-prefix=C25

#define N 16
#pragma xmp nodes p(*)
#pragma xmp nodes g(2, 2)
#ifdef CASE12
// C12: invalid-rest.c:[[# @LINE + 1]]:26: error: node set 'q' is declared 3 (C order) (3 nodes), its node reference 'p(...)' selects 2 nodes: a node set declared from a node reference has as many nodes (it may reshape them: XMP assigns them in array element order)
#pragma xmp nodes q(3) = p(1:2)
#endif
#ifdef CASE17
// C17: invalid-rest.c:[[# @LINE + 1]]:29: error: node set 'q' is declared ?x3 (C order), its node reference 'g(...)' selects 4 nodes: the other sizes (3 nodes) do not divide that count
#pragma xmp nodes q(3, *) = g
#endif
#ifdef CASE13
// C13: invalid-rest.c:[[# @LINE + 1]]:26: error: 'z' is not a node set declared before 'q'
#pragma xmp nodes q(2) = z(1:2)
#endif
#ifdef CASE14
// C14: invalid-rest.c:[[# @LINE + 1]]:26: error: node set 'g' has 2 dimensions, the node reference gives 1 subscripts
#pragma xmp nodes q(2) = g(1:2)
#endif
#ifdef CASE15
// C15: invalid-rest.c:[[# @LINE + 1]]:29: error: node set 'q' is declared ?x? (C order), its node reference 'p(...)' selects 4 nodes: a node set that reshapes its node reference may have one '*' (its size is the reference's count divided by the other sizes)
#pragma xmp nodes q(*, *) = p(1:4)
#endif
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp template tc(0:N-1)
#pragma xmp distribute tc(cyclic) onto p
double a[N], c[N];
_Bool f[N];
#pragma xmp align (a, f)[i] with t(i)
#pragma xmp align c[i] with tc(i)
#pragma xmp shadow a[1]
#pragma xmp shadow f[1]

#if defined(CASE21) || defined(CASE22) || defined(CASE23)
double x;
void share(void) {
#pragma xmp bcast (x)
}
double twice(void) {
  share();
  return 2 * x;
}
#endif
int main(void) {
  double s = 0;
  int i, k = 1;
#ifdef CASE18
  // '= *' names the executing nodes: node sets are declared at file scope
  // (where they are all nodes) only.
  // C18: invalid-rest.c:[[# @LINE + 1]]:9: error: '#pragma xmp nodes' inside a function (local node sets, templates and distributed arrays) is not supported by xmp-cfront
#pragma xmp nodes q(2) = *
#endif
#ifdef CASE1
  // C1: invalid-rest.c:[[# @LINE + 1]]:9: error: '#pragma xmp reduction ... async(4)' has no '#pragma xmp wait_async(4)' after it in the function (every asynchronous operation is completed by one)
#pragma xmp reduction(+: s) async(4)
#endif
#ifdef CASE2
  for (i = 0; i < 2; i++) {
#pragma xmp reflect (a) async(1)
  }
  // Accepted: the reflect started in the loop is handed to id 1 (a second
  // start of the plan before a wait stops the program at run time, naming
  // the plan: "already started").
  // C2: scf.for
  // C2: %[[T:.*]] = xmp.reflect_start
  // C2-NEXT: %[[ID:.*]] = arith.constant 1 : i64
  // C2-NEXT: xmp.async_register %[[T]], %[[ID]] : !xmp.token
  // C2: xmp.wait_async
#pragma xmp wait_async(1)
#endif
#ifdef CASE3
#pragma xmp reflect_init (a)
  // C3: invalid-rest.c:[[# @LINE + 1]]:28: error: async on '#pragma xmp reflect_do' (a reflect_init plan is started by '#pragma xmp reflect (a) async(id)') is not supported by xmp-cfront
#pragma xmp reflect_do (a) async(1)
#endif
#ifdef CASE4
  // C4: invalid-rest.c:[[# @LINE + 1]]:9: error: '#pragma xmp reduce_shadow ... async(1)' has no '#pragma xmp wait_async(1)' after it in the function (every asynchronous operation is completed by one)
#pragma xmp reduce_shadow (a) async(1)
#endif
#ifdef CASE5
  // C5: invalid-rest.c:[[# @LINE + 1]]:28: error: this operator of '#pragma xmp reduce_shadow' (+, max or min) is not supported by xmp-cfront
#pragma xmp reduce_shadow (*: a)
#endif
#ifdef CASE6
  // C6: invalid-rest.c:[[# @LINE + 1]]:31: error: width gives 2 widths for the 1-dimensional array 'a'
#pragma xmp reduce_shadow (a) width(1, 1)
#endif
#ifdef CASE7
  // C7: invalid-rest.c:[[# @LINE + 1]]:28: error: 's' in '#pragma xmp reduce_shadow' is not a distributed (aligned) array
#pragma xmp reduce_shadow (s)
#endif
#ifdef CASE8
  // C8: invalid-rest.c:[[# @LINE + 1]]:28: error: '#pragma xmp reduce_shadow' adds: 'f' has no addition
#pragma xmp reduce_shadow (f)
#endif
#ifdef CASE9
  // C9: invalid-rest.c:[[# @LINE + 1]]:26: error: 'expand' with a reduction clause in '#pragma xmp loop': the iterations two nodes both run would count twice (margin allows max and min reductions)
#pragma xmp loop on t(i) expand(1) reduction(+: s)
  for (i = 0; i < N; i++)
    s += a[i];
#endif
#ifdef CASE10
  // C10: invalid-rest.c:[[# @LINE + 1]]:36: error: a second 'expand' clause: a loop takes one expand or one margin clause (they are mutually exclusive)
#pragma xmp loop on t(i) margin(1) expand(1)
  for (i = 0; i < N; i++)
    a[i] = i;
#endif
#ifdef CASE11
  // C11: invalid-rest.c:[[# @LINE + 1]]:26: error: 'expand' gives 2 widths for the 1 subscripts of the template reference of '#pragma xmp loop' (one per subscript, in its order)
#pragma xmp loop on t(i) expand(1, 1)
  for (i = 0; i < N; i++)
    a[i] = i;
#endif
#ifdef CASE16
  // C16: invalid-rest.c:[[# @LINE + 1]]:9: error: 'xmp.loop' op expand on dimension 0 (template @tc dimension 0) needs a block-like distribution, but it is cyclic
#pragma xmp loop on tc(i) expand(1)
  for (i = 0; i < N; i++)
    c[i] = i;
#endif
#ifdef CASE19
#pragma xmp loop on t(i)
  for (i = 1; i < N - 1; i++) {
    a[i] = i;
    // C19: invalid-rest.c:[[# @LINE + 1]]:9: error: '#pragma xmp reflect' inside the body of a loop directive (the nodes run different numbers of its iterations, so they would not all meet this collective the same number of times: put it before or after the loop, or use the loop's reduction clause) is not supported by xmp-cfront
#pragma xmp reflect (a)
  }
#endif
#ifdef CASE20
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    s += a[i];
    // C20: invalid-rest.c:[[# @LINE + 1]]:9: error: '#pragma xmp barrier' inside the body of a loop directive
#pragma xmp barrier
  }
#endif
#ifdef CASE21
#pragma xmp task on p(1:2)
  {
    // C21: invalid-rest.c:[[# @LINE + 1]]:9: error: calling 'twice' inside a task: it executes '#pragma xmp bcast' (through 'share') at {{.*}}invalid-rest.c:{{[0-9]+}}:{{[0-9]+}}, whose nodes would be the task's executing nodes
    s = twice();
  }
#endif
#ifdef CASE22
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    // C22: invalid-rest.c:[[# @LINE + 1]]:5: error: calling 'share' in the body of a loop directive: it executes '#pragma xmp bcast' at
    share();
  }
#endif
#ifdef CASE23
#pragma xmp task on p
  s = twice();
#endif
#ifdef CASE24
  // `*`: each node's task nodes are those of its own column of g.
#pragma xmp task on g(:, *)
  {
    // C24: invalid-rest.c:[[# @LINE + 1]]:9: error: '#pragma xmp reduction' without 'on' inside 'task on g(:, *)', whose '*' is each node's own coordinate (XMP): the task's nodes are a different part of the node set on each node (write ':' for the whole dimension, or give the directive its own 'on' with '*') is not supported by xmp-cfront
#pragma xmp reduction(+: s)
    // C24: note: the task directive
  }
#endif
#ifdef CASE25
#pragma xmp task on g(*, 1)
  {
    // C25: invalid-rest.c:[[# @LINE + 1]]:9: error: '#pragma xmp barrier' without 'on' inside 'task on g(*, 1)', whose '*' is each node's own coordinate
#pragma xmp barrier
  }
#endif
  return k - 1;
}

