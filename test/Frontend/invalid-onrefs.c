// Diagnostics of the 'on' clause of reduction, bcast and barrier (node and
// template references) and of reductions of distributed arrays: one
// program per case, each error at its file:line:col (exit status 1).
// RUN: for c in $(seq 1 42); do not xmp-cfront -DCASE$c %s > %t.$c.out 2>&1 || exit 1; done
// RUN: for c in $(seq 1 42); do FileCheck %s --check-prefix=C$c < %t.$c.out || exit 1; done
// RUN: not xmp-cfront --gpu -DACC1 %s 2>&1 | FileCheck %s --check-prefix=A1
// RUN: not xmp-cfront --gpu -DACC2 %s 2>&1 | FileCheck %s --check-prefix=A2

#pragma xmp nodes p(2, 3)
#pragma xmp nodes q3(2, 2, 2)
#pragma xmp template t(0:15, 0:8)
#pragma xmp distribute t(block, block) onto p
#pragma xmp template tu(0:15)
#pragma xmp template t3(0:7, 0:7, 0:7)
#pragma xmp distribute t3(block, block, block) onto q3
#pragma xmp nodes q4(4)
#pragma xmp template tc4(0:15)
#pragma xmp distribute tc4(cyclic(2)) onto q4
#pragma xmp template tf(:)
#pragma xmp distribute tf(block) onto q4
double a[16], d[9][16], e[8];
// a and e are replicated along the dimensions of their node sets after the
// first, d along none.
#pragma xmp align a[i] with t(i, *)
#pragma xmp align d[j][i] with t(i, j)
#pragma xmp align e[i] with t3(i, *, *)

int main(void) {
  double s = 0;
  int k = 1;
#ifdef CASE1
  // C1: invalid-onrefs.c:[[# @LINE + 1]]:32: error: 'z' is not a node set or a template
#pragma xmp reduction(+: s) on z(:, *)
#endif
#ifdef CASE2
  // C2: invalid-onrefs.c:[[# @LINE + 1]]:32: error: template 'tu' is not distributed
#pragma xmp reduction(+: s) on tu(:)
#endif
#ifdef CASE3
  // C3: invalid-onrefs.c:[[# @LINE + 1]]:32: error: template 't' has 2 dimensions, 'on' gives 1 subscripts
#pragma xmp reduction(+: s) on t(:)
#endif
#ifdef CASE4
  // C4: invalid-onrefs.c:[[# @LINE + 1]]:34: error: a template triplet with run-time bounds in the 'on' clause of '#pragma xmp reduction' (the nodes owning the section would be known only at run time: use constant bounds on a template of constant size and distribution, a node reference, or one template index) is not supported by xmp-cfront
#pragma xmp reduction(+: s) on t(k:k+1, *)
#endif
#ifdef CASE5
  // C5: invalid-onrefs.c:[[# @LINE + 1]]:32: error: node set 'p' has 2 dimensions, 'on' gives 1 subscripts
#pragma xmp reduction(+: s) on p(:)
#endif
#ifdef CASE6
  // C6: invalid-onrefs.c:[[# @LINE + 1]]:44: error: async on '#pragma xmp reduction' on 'p(k:k+1, *)', whose nodes along a dimension are not a triplet of constants (the reduction runs along the whole dimension, and the nodes outside the reference must keep their values after it, which the wait of an asynchronous reduction does not do: drop async) is not supported by xmp-cfront
#pragma xmp reduction(+: s) on p(k:k+1, *) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE7
  #pragma xmp task on p(1, :)
  {
  // C7: invalid-onrefs.c:[[# @LINE + 1]]:34: error: the 'on' clause 'p(:, *)' of '#pragma xmp reduction' names nodes outside the node set of the enclosing task along this dimension (XMP: the nodes of 'on' must be executing nodes)
#pragma xmp reduction(+: s) on p(:, *)
  }
#endif
#ifdef CASE8
  // C8: invalid-onrefs.c:[[# @LINE + 1]]:40: error: async on '#pragma xmp reduction' on 'p(k, :)', a node reference with run-time coordinates (only the nodes it selects would start the reduction, and wait_async needs its request on every node) is not supported by xmp-cfront
#pragma xmp reduction(+: s) on p(k, :) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE9
  // C9: invalid-onrefs.c:[[# @LINE + 1]]:44: error: async on '#pragma xmp reduction' along 2 dimensions of node set 'q3' ('q3(:, :, *)': an asynchronous reduction runs along one dimension or over a whole node set) is not supported by xmp-cfront
#pragma xmp reduction(+: s) on q3(:, :, *) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE10
  // C10: invalid-onrefs.c:[[# @LINE + 1]]:40: error: async on '#pragma xmp reduction' on 'p(*, *)', which names only the executing node itself on every node (nothing is communicated, there is nothing to wait for: drop async)
#pragma xmp reduction(+: s) on p(*, *) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE11
  #pragma xmp task on p(1, :)
  {
  // C11: invalid-onrefs.c:[[# @LINE + 1]]:26: error: a reduction of the distributed array 'a' inside a task on some nodes of 'p' (the dialect reduces a distributed array on its own node set 'p', and a collective inside a task runs on the task's node set or a subset of it: reduce outside the task, or in a task on 'p') is not supported by xmp-cfront
#pragma xmp reduction(+: a) on p(*, :)
  }
#endif
#ifdef CASE12
  // C12: invalid-onrefs.c:[[# @LINE + 1]]:26: error: 'd' is distributed along every dimension of its node set 'p': no two nodes hold the same elements, so '#pragma xmp reduction' has nothing to combine (XMP: a reduced array must be replicated among the nodes of the reduction)
#pragma xmp reduction(+: d)
#endif
#ifdef CASE13
  // C13: invalid-onrefs.c:[[# @LINE + 1]]:32: error: a reduction of the distributed array 'a' on 'q3(:, *, *)', nodes of node set 'q3' (a distributed array is reduced along whole dimensions of its own node set 'p') is not supported by xmp-cfront
#pragma xmp reduction(+: a) on q3(:, *, *)
#endif
#ifdef CASE14
  // C14: invalid-onrefs.c:[[# @LINE + 1]]:42: error: async on '#pragma xmp reduction' of the distributed array 'a' on 'p(*, 1:2)', part of a dimension of node set 'p' (the reduction runs along the whole dimension, and the nodes outside the part must keep their blocks after it, which the wait of an asynchronous reduction does not do: drop async) is not supported by xmp-cfront
#pragma xmp reduction(+: a) on p(*, 1:2) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE15
  // C15: invalid-onrefs.c:[[# @LINE + 1]]:34: error: '#pragma xmp reduction' of 'a' on 'p(:, *)' combines along this dimension of node set 'p', over which 'a' is distributed: the nodes along it hold different elements (reduce along the dimensions it is replicated over: '*' here)
#pragma xmp reduction(+: a) on p(:, *)
#endif
#ifdef CASE16
  // C16: invalid-onrefs.c:[[# @LINE + 1]]:40: error: async on '#pragma xmp reduction' of the distributed array 'a' on 'p(k, :)', which selects nodes by their coordinates (only they would start the reduction, and wait_async needs its request on every node) is not supported by xmp-cfront
#pragma xmp reduction(+: a) on p(k, :) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE17
  // C17: invalid-onrefs.c:[[# @LINE + 1]]:44: error: async on '#pragma xmp reduction' of the distributed array 'e' along 2 dimensions of node set 'q3' (an asynchronous reduction runs along one dimension or over a whole node set) is not supported by xmp-cfront
#pragma xmp reduction(+: e) on q3(*, :, :) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE18
  // C18: invalid-onrefs.c:[[# @LINE + 1]]:40: error: async on '#pragma xmp reduction' on 'p(*, *)', which names only the executing node itself on every node (nothing is communicated, there is nothing to wait for: drop async)
#pragma xmp reduction(+: a) on p(*, *) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE19
  // C19: invalid-onrefs.c:[[# @LINE + 1]]:28: error: 'from' a template reference in '#pragma xmp bcast' (name the node) is not supported by xmp-cfront
#pragma xmp bcast (s) from t(1, 1) on p
#endif
#ifdef CASE20
  // C20: invalid-onrefs.c:[[# @LINE + 1]]:30: error: the 'from' clause of '#pragma xmp bcast' names one node: a coordinate or '*' per dimension, not a triplet
#pragma xmp bcast (s) from p(1:2, 1) on p
#endif
#ifdef CASE21
  // C21: invalid-onrefs.c:[[# @LINE + 1]]:30: error: a 'from' coordinate with run-time values in '#pragma xmp bcast' (the source is part of the op: use a constant, or '*' for the executing node's own) is not supported by xmp-cfront
#pragma xmp bcast (s) from p(k, 1) on p
#endif
#ifdef CASE22
  // C22: invalid-onrefs.c:[[# @LINE + 1]]:33: error: '*' in the 'from' clause of '#pragma xmp bcast' is the executing node's coordinate: it needs '*' in the same dimension of an 'on' node reference
#pragma xmp bcast (s) from p(1, *)
#endif
#ifdef CASE23
  // C23: invalid-onrefs.c:[[# @LINE + 1]]:33: error: the 'from' node of '#pragma xmp bcast' must be '*' in this dimension: 'p(:, *)' gives each node its own coordinate there (every node's node set has its own source)
#pragma xmp bcast (s) from p(1, 1) on p(:, *)
#endif
#ifdef CASE24
  // C24: invalid-onrefs.c:[[# @LINE + 1]]:30: error: the 'from' node of '#pragma xmp bcast' is not a node of 'p(1, :)' along this dimension (XMP: the source belongs to the node set of 'on')
#pragma xmp bcast (s) from p(2, 1) on p(1, :)
#endif
#ifdef CASE25
  // C25: invalid-onrefs.c:[[# @LINE + 1]]:30: error: the 'from' node of '#pragma xmp bcast' is not a node of 'p(1:2, :)' along this dimension (XMP: the source belongs to the node set of 'on')
#pragma xmp bcast (s) from p(3, 1) on p(1:2, :)
#endif
#ifdef CASE26
  // C26: invalid-onrefs.c:[[# @LINE + 1]]:30: error: the 'from' clause of '#pragma xmp bcast' names one node: '*' here would be a different node for each node along this dimension of 'p(:, :)'
#pragma xmp bcast (s) from p(*, 1) on p(:, :)
#endif
#ifdef CASE27
  // C27: invalid-onrefs.c:[[# @LINE + 1]]:34: error: async on '#pragma xmp bcast' on 'p(k, :)', a node reference with run-time coordinates (only the nodes it selects would start the broadcast, and wait_async needs its request on every node) is not supported by xmp-cfront
#pragma xmp bcast (s) on p(k, :) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE28
  // C28: invalid-onrefs.c:[[# @LINE + 1]]:38: error: async on '#pragma xmp bcast' along 2 dimensions of node set 'q3' ('q3(:, :, *)': an asynchronous broadcast runs along one dimension or over a whole node set) is not supported by xmp-cfront
#pragma xmp bcast (s) on q3(:, :, *) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE29
  // C29: invalid-onrefs.c:[[# @LINE + 1]]:34: error: async on '#pragma xmp bcast' on 'p(*, *)', which names only the executing node itself on every node (nothing is communicated, there is nothing to wait for: drop async)
#pragma xmp bcast (s) on p(*, *) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE30
  #pragma xmp task on p(1, :)
  {
  // C30: invalid-onrefs.c:[[# @LINE + 1]]:26: error: the 'on' clause 'p(1:k, *)' of '#pragma xmp barrier', whose nodes along this dimension of node set 'p' are not a triplet of constants (a triplet with run-time bounds, or the owners of a template section), inside a task that does not run on every node of the dimension (the directive runs along the whole dimension, the other nodes taking part without their values: they must all be executing nodes) is not supported by xmp-cfront
#pragma xmp barrier on p(1:k, *)
  }
#endif
#ifdef CASE31
  // C31: invalid-onrefs.c:[[# @LINE + 1]]:26: error: node 3 of the node reference is outside 'p' along this dimension, whose nodes along it are 1 to 2
#pragma xmp barrier on p(3, *)
#endif
#ifdef CASE32
  #pragma xmp task on p(:, 2)
  {
  // C32: invalid-onrefs.c:[[# @LINE + 1]]:33: error: the 'on' clause 'p(1:2, 1)' of '#pragma xmp bcast' names nodes outside the node set of the enclosing task along this dimension (XMP: the nodes of 'on' must be executing nodes)
#pragma xmp bcast (s) on p(1:2, 1)
  }
#endif
#ifdef CASE33
  #pragma xmp task on q4(1:3)
  {
  // Indices 0, 3 and 6 of a cyclic(2) dimension over 4 nodes: nodes 1, 2
  // and 4, not a triplet: the directive would run on all of q4.
  // C33: invalid-onrefs.c:[[# @LINE + 1]]:36: error: the 'on' clause 'tc4(0:6:3)' of '#pragma xmp reduction', whose nodes along this dimension of node set 'q4' are not a triplet of constants (a triplet with run-time bounds, or the owners of a template section), inside a task that does not run on every node of the dimension (the directive runs along the whole dimension, the other nodes taking part without their values: they must all be executing nodes) is not supported by xmp-cfront
#pragma xmp reduction(+: s) on tc4(0:6:3)
  }
#endif
#ifdef CASE34
  // C34: invalid-onrefs.c:[[# @LINE + 1]]:34: error: the template index 16 is outside dimension 1 of template 't' (its indices 0 to 15)
#pragma xmp reduction(+: s) on t(16, *)
#endif
#ifdef CASE35
  // C35: invalid-onrefs.c:[[# @LINE + 1]]:34: error: the template section leaves dimension 1 of template 't' (its indices 0 to 15)
#pragma xmp reduction(+: s) on t(10:20, *)
#endif
#ifdef CASE36
  // C36: invalid-onrefs.c:[[# @LINE + 1]]:34: error: the template reference selects no index of dimension 1 of template 't'
#pragma xmp reduction(+: s) on t(5:4, *)
#endif
#ifdef CASE37
  // C37: invalid-onrefs.c:[[# @LINE + 1]]:29: error: the stride of a template reference must be positive (here 0)
#pragma xmp barrier on t(*, 1:4:0)
#endif
#ifdef CASE38
  // C38: invalid-onrefs.c:[[# @LINE + 1]]:27: error: a template triplet on a dimension whose size or distribution is known only at run time in the 'on' clause of '#pragma xmp barrier' (the nodes owning the section would be known only at run time: use constant bounds on a template of constant size and distribution, a node reference, or one template index) is not supported by xmp-cfront
#pragma xmp barrier on tf(1:3)
#endif
#ifdef CASE39
  // C39: invalid-onrefs.c:[[# @LINE + 1]]:30: error: the 'from' node of '#pragma xmp bcast' is not a node of 't(1:4, :)' along this dimension (XMP: the source belongs to the node set of 'on')
#pragma xmp bcast (s) from p(2, 1) on t(1:4, :)
#endif
#ifdef CASE40
  #pragma xmp task on p(1, :)
  {
  // Index 9 of t's first dimension is on the second row of p.
  // C40: invalid-onrefs.c:[[# @LINE + 1]]:34: error: the 'on' clause 't(9, *)' of '#pragma xmp reduction' names nodes outside the node set of the enclosing task along this dimension (XMP: the nodes of 'on' must be executing nodes)
#pragma xmp reduction(+: s) on t(9, *)
  }
#endif
#ifdef CASE41
  // C41: invalid-onrefs.c:[[# @LINE + 1]]:35: error: async on '#pragma xmp bcast' on 'p(*, k:)', whose nodes along a dimension are not a triplet of constants (the broadcast runs along the whole dimension, and the nodes outside the reference must keep their values after it, which the wait of an asynchronous broadcast does not do: drop async) is not supported by xmp-cfront
#pragma xmp bcast (s) on p(*, k:) async(1)
#pragma xmp wait_async(1)
#endif
#ifdef CASE42
  #pragma xmp task on q4(1:2)
  {
  // C42: invalid-onrefs.c:[[# @LINE + 1]]:34: error: the 'on' clause 'p(k:2, :)' of '#pragma xmp reduction', whose nodes along this dimension of node set 'p' are not a triplet of constants
#pragma xmp reduction(+: s) on p(k:2, :)
  }
#endif
#ifdef ACC2
  // A2: invalid-onrefs.c:[[# @LINE + 1]]:32: error: 'acc' on '#pragma xmp reduction' of the distributed array 'a' on 'p(*, k:3)', part of a dimension of node set 'p' (the nodes outside it take part with the identity in their host block: reduce the host instance, without 'acc', or along whole dimensions) is not supported by xmp-cfront
#pragma xmp reduction(+: a) on p(*, k:3) acc
#endif
#ifdef ACC1
  // An OpenACC reduction is completed only by a reduction on the loop's
  // whole node set.
  int i, j;
#pragma xmp loop (j, i) on t(i, j)
#pragma acc parallel loop reduction(+: s)
  for (j = 0; j < 9; j++)
    for (i = 0; i < 16; i++)
      s += d[j][i];
  // A1: invalid-onrefs.c:[[# @LINE - 4]]:40: error: the OpenACC reduction of 's' in this device loop gives each node's result
  // A1: invalid-onrefs.c:[[# @LINE + 1]]:9: note: this '#pragma xmp reduction' is on a node or template reference with subscripts ('p(...)'): it completes a device loop's reduction only on the loop's whole node set ('on p', or no 'on')
#pragma xmp reduction(+: s) on p(:, *)
#endif
  return 0;
}
