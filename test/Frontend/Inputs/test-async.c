/* xmp_test_async (XMP 1.4) the way a program uses it: asynchronous
 * reductions, a broadcast and gmoves (collective, and one-sided on one
 * node) are started with async(id), polled with xmp_test_async(id) in a
 * loop doing local work until it returns 1, and completed by
 * wait_async(id). Every value is compared with what plain C computes here;
 * node 1 prints one line per check with the number of wrong values over
 * all nodes (0 expected). Each poll loop must end (the test runs under a
 * timeout); after it, xmp_test_async(id) stays 1 until the wait.
 * Unless ONE_NODE is defined (the run on one node: the node set p(1:2)
 * needs two), node 2 starts a reduction only after node 1 has tested its
 * own and found it incomplete (a broadcast on p(1:2) tells it): there the
 * test must say 0. */
#include <stdio.h>
#include <xmp.h>

#define N 23

double a[N]; /* block */
double b[N]; /* cyclic */
double loc[N], loc2[N];

#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template u(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute u(cyclic) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with u(i)

static double va(int i) { return 1000 + 3 * i; }

/* Local work between two polls. */
static double work(int k) {
  double s = 0;
  int j;
  for (j = 0; j < 50; j++)
    s += (k + j) % 7;
  return s;
}

/* err counted on every node for itself: the sum over the nodes. */
static int sum(int err) {
#pragma xmp reduction(+:err)
  return err;
}

static int total;
#define report(what, err)                                                      \
  do {                                                                         \
    int r_ = (err);                                                            \
    total += r_;                                                               \
    if (xmp_node_num() == 1)                                                   \
      printf("%s: %d wrong\n", what, r_);                                      \
  } while (0)

int main(void) {
  int i, k, me = xmp_node_num(), n = xmp_num_nodes(), polls, err;
  int after;
  long mx;
  double s, arr[3], v[4], acc = 0;

  /* 1. reductions of a scalar and of a local array, and a max, one id */
  s = me;
  arr[0] = 1;
  arr[1] = me;
  arr[2] = me * me;
  mx = 10 * me;
#pragma xmp reduction(+: s) async(1)
#pragma xmp reduction(+: arr) async(1)
#pragma xmp reduction(max: mx) async(1)
  polls = 0;
  while (!xmp_test_async(1)) {
    acc += work(polls);
    polls++;
  }
  after = xmp_test_async(1) + xmp_test_async(1);
#pragma xmp wait_async(1)
  err = (s != n * (n + 1) / 2) + (arr[0] != n) + (arr[1] != n * (n + 1) / 2) +
        (arr[2] != n * (n + 1) * (2 * n + 1) / 6) + (mx != 10 * n) +
        (after != 2);
  report("reduction async(1) s, arr, mx, polled", sum(err));

  /* 2. a broadcast from node 1, polled in a for loop's condition, the
   * start in an enclosing block */
  for (k = 0; k < 4; k++)
    v[k] = 100 * me + k;
#pragma xmp bcast (v) async(2)
  {
    for (polls = 0; !xmp_test_async(2); polls++)
      acc += work(polls);
    after = xmp_test_async(2);
  }
#pragma xmp wait_async(2)
  err = after != 1;
  for (k = 0; k < 4; k++)
    err += v[k] != 100 + k;
  report("bcast async(2) v, polled", sum(err));

  /* 3. collective gmoves: block to cyclic, block to a local array */
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    a[i] = va(i);
#pragma xmp loop on u(i)
  for (i = 0; i < N; i++)
    b[i] = -1;
  for (i = 0; i < N; i++)
    loc[i] = -1;
#pragma xmp gmove async(3)
  b[0:11] = a[12:11];
#pragma xmp gmove async(3)
  loc[:] = a[:];
  polls = 0;
  while (!xmp_test_async(3)) {
    acc += work(polls);
    polls++;
  }
  after = xmp_test_async(3);
#pragma xmp wait_async(3)
  err = after != 1;
#pragma xmp loop on u(i) reduction(+: err)
  for (i = 0; i < N; i++)
    err += b[i] != (i < 11 ? va(12 + i) : -1);
  k = 0;
  for (i = 0; i < N; i++)
    k += loc[i] != va(i);
  report("gmove async(3) b[0:11] = a[12:11], loc[:] = a[:], polled",
         err + sum(k));

  /* 4. one-sided: the last node gets a section (gmove in), polling; the
   * other nodes are passive */
  for (i = 0; i < N; i++)
    loc2[i] = -2;
#pragma xmp barrier
  k = 0;
  if (me == n) {
#pragma xmp gmove in async(4)
    loc2[2:8] = a[13:8];
    while (!xmp_test_async(4))
      acc += work(0);
    after = xmp_test_async(4);
#pragma xmp wait_async(4)
    k = after != 1;
    for (i = 0; i < N; i++)
      k += loc2[i] != (i >= 2 && i < 10 ? va(11 + i) : -2);
  }
#pragma xmp barrier
  report("gmove in async(4) loc2[2:8] = a[13:8] on the last node, polled",
         sum(k));

#ifndef ONE_NODE
  /* 5. the test says 0 while a node has not started: node 2 starts its
   * part of the sum only after node 1 has tested its own (the broadcast
   * on p(1:2) tells it what node 1 saw). The other nodes start at once. */
  {
    double first = -1;
    s = me;
    if (me == 2) {
#pragma xmp task on p(1:2)
      {
#pragma xmp bcast (first)
      }
#pragma xmp reduction(+: s) async(5)
      while (!xmp_test_async(5))
        acc += work(1);
#pragma xmp wait_async(5)
    } else {
#pragma xmp reduction(+: s) async(5)
      if (me == 1)
        first = xmp_test_async(5);
#pragma xmp task on p(1:2)
      {
#pragma xmp bcast (first)
      }
      while (!xmp_test_async(5))
        acc += work(1);
#pragma xmp wait_async(5)
    }
    err = s != n * (n + 1) / 2;
    /* node 1 and 2 saw node 1's first test: 0 */
    if (me <= 2)
      err += first != 0;
    report("reduction async(5), node 2 late: the first test on node 1 is 0",
           sum(err));
  }
#endif

  if (me == 1)
    printf("test_async: %s (%d wrong)\n", total ? "FAILED" : "ok", total);
  return acc < 0;
}
