/* OpenACC under XcalableMP (XcalableACC): a program that uses each mapped
 * construct and clause, with integer-valued data (every result exact).
 * Compiled by xmpcc without --gpu (OpenACC on the host), with --gpu (run
 * on the mocked CUDA runtime: openacc-mock.test) and by plain clang (the
 * sequential reference: the pragmas are ignored). Prints from node 1
 *   XMP-RESULT <name> <value>
 * -DNS=k makes the 1-D grid s static (default `*`): with more ranks than
 * k, the ranks outside it must still get the value of `#pragma xmp
 * reduction(+:isum)` (lo and hi are the smallest and largest any rank has).
 */
#include <stdio.h>

#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
#endif

#ifndef N
#define N 24
#endif
#ifndef NS
#define NS *
#endif

double u[N][N], v[N][N], w[N][N];
int cnt[N];
#pragma xmp nodes p(*, *)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align u[i][j] with t(j, i)
#pragma xmp align v[i][j] with t(j, i)
#pragma xmp align w[i][j] with t(j, i)
#pragma xmp shadow u[1][1]
#pragma xmp nodes s(NS)
#pragma xmp template ts(0:N-1)
#pragma xmp distribute ts(block) onto s
#pragma xmp align cnt[i] with ts(i)

double scale = 2.0;

/* Runs on the device too (a function of this file). */
static double clampd(double x, double lo, double hi) {
  return x < lo ? lo : x > hi ? hi : x;
}

int main(void) {
  int i, j, k, step;
  double f = 0.25, tmp, s1, total = 0, mx, mn, sum, acc;
  int isum, lo, hi;

#pragma xmp loop (j, i) on t(j, i)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      u[i][j] = (i * 3 + j * 5) % 7;
      v[i][j] = (i + 2 * j) % 5;
      w[i][j] = 0;
    }

#pragma acc data copy(u, w) copyin(v)
  {
#pragma xmp reflect_init (u) acc
    for (step = 0; step < 3; step++) {
#pragma xmp reflect_do (u) acc
      /* A nested data construct of present arrays moves nothing. */
#pragma acc data copy(u) present(v, w)
      {
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop collapse(2) gang vector firstprivate(f) private(tmp) async(1)
        for (i = 1; i < N - 1; i++)
          for (j = 1; j < N - 1; j++) {
            tmp = u[i-1][j] + u[i+1][j] + u[i][j-1] + u[i][j+1];
            w[i][j] = clampd(tmp * f + v[i][j] + step, 0, 9);
          }
      }
#pragma xmp loop (j, i) on t(j, i)
#pragma acc kernels loop async(1)
      for (i = 1; i < N - 1; i++) {
#pragma acc loop vector
        for (j = 1; j < N - 1; j++)
          u[i][j] = w[i][j];
      }
#pragma acc wait(1)
      /* An acc reduction completed by `#pragma xmp reduction` (s1 holds
       * the identity before the loop). */
      s1 = 0;
#pragma acc update device(s1)
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop reduction(+:s1)
      for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
          s1 += u[i][j] * scale;
#pragma acc wait
#pragma xmp reduction(+:s1) acc
#pragma acc update host(s1)
      total += s1;
    }
#pragma acc update host(u)
    /* ... and one whose variable does not hold the identity. */
    mx = 3.5;
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop reduction(max:mx)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        mx = w[i][j] - 4 > mx ? w[i][j] - 4 : mx;
#pragma xmp reduction(max:mx)
    /* The xmp loop's own reduction, with the acc one. */
    mn = 100;
#pragma xmp loop (j, i) on t(j, i) reduction(min:mn)
#pragma acc parallel loop reduction(min:mn)
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        mn = w[i][j] + i < mn ? w[i][j] + i : mn;
    /* A sequential loop in each iteration (acc loop seq: k is private). */
    acc = 0;
#pragma xmp loop (j, i) on t(j, i) reduction(+:acc)
#pragma acc parallel loop collapse(2)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
        double x = 0;
#pragma acc loop seq
        for (k = 0; k <= i % 3; k++)
          x += u[i][j] + k;
        acc += x;
      }
  }

  /* The arrays after the data construct, on the host. */
  sum = 0;
#pragma xmp loop (j, i) on t(j, i) reduction(+:sum)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      sum += u[i][j] * 1000 + w[i][j];

  /* A 1-D template on grid s: device loops outside data constructs. */
#pragma xmp loop (i) on ts(i)
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    cnt[i] = i % 4;
  isum = 0;
#pragma xmp loop (i) on ts(i)
#pragma acc parallel loop reduction(+:isum)
  for (i = 0; i < N; i++)
    isum += cnt[i] * 2;
#pragma xmp reduction(+:isum)
  lo = isum;
  hi = isum;
#pragma xmp reduction(min:lo)
#pragma xmp reduction(max:hi)

  if (xmp_node_num() == 1) {
    printf("XMP-RESULT total %.17g\n", total);
    printf("XMP-RESULT mx %.17g\n", mx);
    printf("XMP-RESULT mn %.17g\n", mn);
    printf("XMP-RESULT acc %.17g\n", acc);
    printf("XMP-RESULT sum %.17g\n", sum);
    printf("XMP-RESULT isum %d\n", isum);
    printf("XMP-RESULT lo %d\n", lo);
    printf("XMP-RESULT hi %d\n", hi);
  }
  return 0;
}
