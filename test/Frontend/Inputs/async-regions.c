/* wait_async and xmp_test_async in another control-flow region than the
 * async directives they complete (XMP's async ids are run-time sets of
 * operations): starts inside an if, inside a loop (several operations of
 * one id, one wait after the loop), a software pipeline (a start before
 * the loop and at the end of each iteration, the wait at the top of the
 * next one), a wait inside an if of a start outside it (and a second wait
 * after the if), a start after a possible return, reflects and gmoves
 * started in a loop, and polls of starts that ran in an if. Every value is
 * compared with what plain C computes here; node 1 prints one line per
 * check with the number of wrong values over all nodes (0 expected). */
#include <stdio.h>
#include <xmp.h>

#define N 23
#define K 5

double a[N];    /* block, shadow 1 */
double b[N];    /* cyclic */
double c[K][N]; /* c[k] block along t */

#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp template u(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp distribute u(cyclic) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with u(i)
#pragma xmp align c[*][i] with t(i)
#pragma xmp shadow a[1]

static double va(int i, int s) { return 100 * s + 3 * i + 1; }

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

/* Starts before a possible return: one wait in the if that returns,
 * one after it (in the block of the statements after the return). */
static int early(int stop, int me, int n) {
  double s = me;
  long v[3];
  int k, err;
  for (k = 0; k < 3; k++)
    v[k] = me * (k + 1);
#pragma xmp reduction(+: s) async(7)
#pragma xmp reduction(max: v) async(7)
  if (stop) {
#pragma xmp wait_async(7)
    return 100 * ((s != n * (n + 1) / 2) + (v[2] != 3 * n));
  }
#pragma xmp wait_async(7)
  err = (s != n * (n + 1) / 2) + (v[0] != n) + (v[1] != 2 * n) +
        (v[2] != 3 * n);
  return err;
}

int main(void) {
  int i, k, me = xmp_node_num(), n = xmp_num_nodes(), err, polls;
  double s, m, arr[K], part[K];
  long cnt;

  /* 1. starts inside an if (taken on every node), the wait after it; a
   * scalar (its value stored at the wait through the id), an array */
  s = me;
  for (k = 0; k < K; k++)
    arr[k] = me + k;
  if (n > 0) {
#pragma xmp reduction(+: s) async(1)
#pragma xmp reduction(max: arr) async(1)
  }
#pragma xmp wait_async(1)
  err = s != n * (n + 1) / 2;
  for (k = 0; k < K; k++)
    err += arr[k] != n + k;
  report("if: reduction async(1) s, arr", sum(err));

  /* 2. an if taken on no node: the id has nothing to wait for */
  cnt = 5;
  if (n > 1000) {
#pragma xmp bcast (cnt) async(2)
  }
#pragma xmp wait_async(2)
  err = cnt != 5;
  report("if taken nowhere: bcast async(2), an empty id", sum(err));

  /* 3. a loop of starts, one per iteration (several operations of one
   * id in flight, each storing its value at the wait, in order), completed
   * by one wait after the loop */
  for (k = 0; k < K; k++) {
    part[k] = me * (k + 1);
    m = part[k];
#pragma xmp reduction(+: m) async(3)
  }
#pragma xmp wait_async(3)
  err = m != K * n * (n + 1) / 2;
  report("loop of K reductions async(3), one wait", sum(err));

  /* 4. a software pipeline: reduce row k while the next is computed */
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    c[0][i] = va(i, 0);
  m = 0;
#pragma xmp loop on t(i) reduction(+: m)
  for (i = 0; i < N; i++)
    m += c[0][i];
  s = m;
#pragma xmp reduction(max: s) async(4)
  err = 0;
  for (k = 1; k < K; k++) {
#pragma xmp wait_async(4)
    err += s != m; /* the previous row's */
    m = 0;
#pragma xmp loop on t(i) reduction(+: m)
    for (i = 0; i < N; i++) {
      c[k][i] = va(i, k);
      m += c[k][i];
    }
    s = m;
#pragma xmp reduction(max: s) async(4)
  }
#pragma xmp wait_async(4)
  err += s != m;
  for (k = 0; k < K; k++) {
    double e = 0;
    for (i = 0; i < N; i++)
      e += va(i, k);
    if (k == K - 1)
      err += s != e;
  }
  report("pipeline: reduction async(4), wait in the next iteration",
         sum(err));

  /* 5. a wait inside an if of a start outside it, another after the if */
  s = 2 * me;
#pragma xmp reduction(+: s) async(5)
  if (n >= 1) {
#pragma xmp wait_async(5)
  }
#pragma xmp wait_async(5)
  err = s != n * (n + 1);
  report("wait inside an if, again after it", sum(err));

  /* 6. reflects started in a loop's iterations, waited in the next one
   * (the plan is the directive's: started once per iteration) */
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    a[i] = va(i, 0);
#pragma xmp reflect (a) async(6)
  err = 0;
  for (k = 1; k <= 3; k++) {
#pragma xmp wait_async(6)
#pragma xmp loop on t(i) reduction(+: err)
    for (i = 0; i < N; i++) {
      if (i > 0 && a[i - 1] != va(i - 1, k - 1))
        err++;
      if (i < N - 1 && a[i + 1] != va(i + 1, k - 1))
        err++;
    }
#pragma xmp loop on t(i)
    for (i = 0; i < N; i++)
      a[i] = va(i, k);
#pragma xmp reflect (a) async(6)
  }
#pragma xmp wait_async(6)
#pragma xmp loop on t(i) reduction(+: err)
  for (i = 1; i < N - 1; i++)
    err += (a[i - 1] != va(i - 1, 3)) + (a[i + 1] != va(i + 1, 3));
  report("reflect async(6) pipelined over a loop", err);

  /* 7. gmoves started in a loop, and polls of them outside the loop */
#pragma xmp loop on u(i)
  for (i = 0; i < N; i++)
    b[i] = -1;
  for (k = 0; k < 3; k++) {
#pragma xmp gmove async(8)
    b[k * 7:7] = a[k * 7 + 1:7];
  }
  polls = 0;
  while (!xmp_test_async(8))
    polls++;
  k = xmp_test_async(8);
#pragma xmp wait_async(8)
  err = k != 1;
#pragma xmp loop on u(i) reduction(+: err)
  for (i = 0; i < N; i++)
    err += b[i] != (i < 21 ? va(i + 1, 3) : -1);
  report("loop of gmoves async(8), polled outside the loop", err);

  /* 8. a start after a possible return */
  err = early(0, me, n) + early(1, me, n);
  report("starts before a possible return, a wait on each path", sum(err));

  if (me == 1)
    printf("total: %d wrong\n", total);
  return 0;
}
