/* XMP-dev device loops with the weight clause (an xmp-cfront extension):
 * weight(auto) (the runtime's controller chooses the CPU share every
 * step), weight(0.5), weight(w) with w from the command line, and a weight
 * that is a C expression changing from step to step, on a device loop
 * with a reduction, and the same expression given by `device reset_weight`
 * to a loop without the clause; STEPS steps of a time loop in a replicate region, on a
 * template of N = 203 elements (uneven on 2 and 3 nodes). Every value is
 * a dyadic rational, so sums are exact in any order. Node 1 prints every
 * element of every array (gathered by a loop directive and a reduction)
 * and the sum; plain C runs the same source.
 * argv[1]: w (default 0.25). argv[2] = 1: for the mocked CUDA runtime,
 * whose kernels do nothing: the arrays of the weight(auto) and weight(0.5)
 * loops are not printed but checked element by element to hold either
 * their value (computed by the CPU part) or their initial value (the GPU
 * part, not run), and the counts printed. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
#endif

#ifndef N
#define N 203
#endif
#define STEPS 16

double a[N], b[N], c[N], d[N], e[N], f[N];
double out[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align b[i] with t(i)
#pragma xmp align c[i] with t(i)
#pragma xmp align d[i] with t(i)
#pragma xmp align e[i] with t(i)
#pragma xmp align f[i] with t(i)

static double fb(double x, int i) { return 0.5 * x + i % 7 - 1.25; }
static double fc(double x, int i) { return x * 0.25 - i % 5; }

static void show(void) {
  int i;
#pragma xmp reduction(+:out)
  if (xmp_node_num() == 1) {
    for (i = 0; i < N; i++)
      printf(" %.17g", out[i]);
    printf("\n");
  }
}

static void dump_b(void) {
  int i;
  for (i = 0; i < N; i++)
    out[i] = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    out[i] = b[i];
  if (xmp_node_num() == 1)
    printf("b (weight(auto)):");
  show();
}

static void dump_c(void) {
  int i;
  for (i = 0; i < N; i++)
    out[i] = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    out[i] = c[i];
  if (xmp_node_num() == 1)
    printf("c (weight(0.5)):");
  show();
}

static void dump_d(void) {
  int i;
  for (i = 0; i < N; i++)
    out[i] = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    out[i] = d[i];
  if (xmp_node_num() == 1)
    printf("d (weight(w)):");
  show();
}

static void dump_e(void) {
  int i;
  for (i = 0; i < N; i++)
    out[i] = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    out[i] = e[i];
  if (xmp_node_num() == 1)
    printf("e (weight(s %% 2 ? w : 0.5 * w + 0.5)):");
  show();
}

static void dump_f(void) {
  int i;
  for (i = 0; i < N; i++)
    out[i] = 0;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    out[i] = f[i];
  if (xmp_node_num() == 1)
    printf("f (reset_weight (s %% 2 ? w : 0.5 * w + 0.5)):");
  show();
}

/* Partial mode: elements of b and c that hold neither their value nor
 * their initial one (0 expected), and how many hold their value. */
static void partial(void) {
  int i, bn = 0, bk = 0, cn = 0, ck = 0;
#pragma xmp loop on t(i) reduction(+:bn, bk, cn, ck)
  for (i = 0; i < N; i++) {
    if (b[i] == fb(a[i], i))
      bk++;
    else if (b[i] != -1)
      bn++;
    if (c[i] == fc(a[i], i))
      ck++;
    else if (c[i] != -2)
      cn++;
  }
  if (xmp_node_num() == 1) {
    printf("b (weight(auto)): %d wrong, %d computed\n", bn, bk);
    printf("c (weight(0.5)): %d wrong, %d computed\n", cn, ck);
  }
}

int main(int argc, char **argv) {
  int i, s;
  double w = argc > 1 ? atof(argv[1]) : 0.25;
  int mock = argc > 2 && atoi(argv[2]) == 1;
  double sum = 0;

#pragma xmp loop on t(i)
  for (i = 0; i < N; i++) {
    a[i] = i * 3 % 11;
    b[i] = -1;
    c[i] = -2;
    d[i] = i % 4;
    e[i] = 0;
    f[i] = 1;
  }
#pragma xmp device replicate (a, b, c, d, e, f)
  {
#pragma xmp device replicate_sync in (a, b, c, d, e, f)
    for (s = 0; s < STEPS; s++) {
      /* the controller's choice: every step computes the same values */
#pragma xmp device loop on t(i) weight(auto)
      for (i = 0; i < N; i++)
        b[i] = fb(a[i], i);
#pragma xmp device loop on t(i) weight(0.5)
      for (i = 0; i < N; i++)
        c[i] = fc(a[i], i);
      /* a weight from the command line; d depends on every step */
#pragma xmp device loop on t(i) weight(w)
      for (i = 0; i < N; i++)
        d[i] = d[i] * 0.5 + a[i] - s % 3;
      /* a weight that is an expression of the step, and a reduction */
#pragma xmp device loop on t(i) weight(s % 2 ? w : 0.5 * w + 0.5) reduction(+:sum)
      for (i = 0; i < N; i++) {
        e[i] = e[i] * 0.5 + a[i] + d[i];
        sum += e[i];
      }
      /* no clause: the weight of reset_weight, an expression of the step */
#pragma xmp device reset_weight (s % 2 ? w : 0.5 * w + 0.5)
#pragma xmp device loop on t(i)
      for (i = 0; i < N; i++)
        f[i] = f[i] * 0.5 + e[i] - a[i];
    }
#pragma xmp device replicate_sync out (b, c, d, e, f)
  }

  if (mock) {
    partial();
  } else {
    dump_b();
    dump_c();
  }
  dump_d();
  dump_e();
  dump_f();
  if (xmp_node_num() == 1)
    printf("sum: %.17g\n", sum);
  return 0;
}
