// XMP C features of issue 17 on a block-distributed template of N (odd,
// not a multiple of the rank count) elements: async reflect / reduction /
// bcast completed by wait_async (also in an enclosing block), loops with
// expand / margin (/unbound/) that compute shadows instead of reflecting
// them, and reduce_shadow (+ and max, blocking and async) of values
// deposited on shadows.
// Every element is checked against the formula, and checksums are printed:
// plain clang (which ignores the pragmas) must print the same results.
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif
#ifndef N
#define N 23
#endif
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
double a[N], b[N], c[N], d[N], e[N], g[N];
long h[N];
#pragma xmp align (a, b, c, d, e, g, h)[i] with t(i)
#pragma xmp shadow a[1]
#pragma xmp shadow c[1]
#pragma xmp shadow e[1]
#pragma xmp shadow g[1]
#pragma xmp shadow h[1]

static double f(int i) { return 0.5 * i * i - 3 * i + 7; }
static long w(int i) { return (i * 37) % 11; }

int main(void) {
  int i, me = 1, errors = 0;
  double s = 0, s2 = 0, arr[3], sum;
  long m = 0, cnt = 0;
#ifdef _XCALABLEMP
  me = xmp_node_num();
#endif

  // ---- async: reflect, reduction (scalar and array), bcast --------------
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    a[i] = f(i);
  arr[0] = 1;
  arr[1] = 2;
  arr[2] = 3;
#pragma xmp loop on t(i) reduction(+: s)
  for (i = 0; i < N; i++)
    s += a[i];
  s2 = s;
  m = me == 1 ? 4242 : -1;
#pragma xmp reflect (a) async(1)
#pragma xmp reduction(max: s2) async(2)
  {
#pragma xmp bcast (m) async(3)
#pragma xmp reduction(+: arr) async(2)
  }
  cnt = 1;
#pragma xmp wait_async(1, 3)
#pragma xmp reduction(+: cnt)
#pragma xmp wait_async(2)
#pragma xmp loop on t(i)
  for (i = 1; i < N - 1; i++)
    b[i] = a[i - 1] + a[i + 1];
  // Every node has the results; node 1 prints them.
  if (me == 1) {
    printf("XMP-RESULT asum %.17g\n", s);
    printf("XMP-RESULT amax %.17g\n", s2);
    printf("XMP-RESULT bcast %ld\n", m);
    // arr holds each element times the node count.
    printf("XMP-RESULT arr1 %.17g\n", arr[1] / cnt);
    printf("XMP-RESULT arr2 %.17g\n", arr[2] / arr[0]);
  }
#pragma xmp loop on t(i) reduction(+: errors)
  for (i = 1; i < N - 1; i++)
    if (b[i] != f(i - 1) + f(i + 1))
      errors++;

  // ---- expand / margin: the shadows computed, not reflected -----------
#pragma xmp loop on t(i) expand(1)
  for (i = 0; i < N; i++)
    c[i] = f(i);
#pragma xmp loop on t(i)
  for (i = 1; i < N - 1; i++)
    d[i] = c[i - 1] - 2 * c[i] + c[i + 1];
#pragma xmp loop on t(i) reduction(+: errors)
  for (i = 1; i < N - 1; i++)
    if (d[i] != f(i - 1) - 2 * f(i) + f(i + 1))
      errors++;
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    e[i] = f(i) + 1;
#pragma xmp loop on t(i) margin(1:1)
  for (i = 0; i < N; i++)
    e[i] = f(i) + 1;
#pragma xmp loop on t(i)
  for (i = 1; i < N - 1; i++)
    d[i] = e[i - 1] + e[i + 1];
#pragma xmp loop on t(i) reduction(+: errors)
  for (i = 1; i < N - 1; i++)
    if (d[i] != f(i - 1) + f(i + 1) + 2)
      errors++;
  // /unbound/ on an interior loop: the edge nodes also run i = 0, N - 1.
#pragma xmp loop on t(i) expand(/unbound/ 1 : 1)
  for (i = 1; i < N - 1; i++)
    c[i] = 3 * f(i);
#pragma xmp loop on t(i)
  for (i = 2; i < N - 2; i++)
    d[i] = c[i - 1] + c[i + 1];
#pragma xmp loop on t(i) reduction(+: errors)
  for (i = 2; i < N - 2; i++)
    if (d[i] != 3 * (f(i - 1) + f(i + 1)))
      errors++;

  // ---- reduce_shadow: deposits on the neighbours, added / maxed -------
  // Twice (the second round must give the same values): the async
  // reduce_shadow of g runs its one plan in both rounds, the one of h
  // overlaps it.
  for (int round = 0; round < 2; round++) {
#pragma xmp loop on t(i) expand(1)
    for (i = 0; i < N; i++) {
      g[i] = 0;
      h[i] = -1;
    }
#pragma xmp loop on t(i)
    for (i = 0; i < N; i++) {
      g[i] += f(i);
      if (i > 0)
        g[i - 1] += 2 * f(i);
      if (i < N - 1)
        g[i + 1] += 3 * f(i);
      if (w(i) > h[i])
        h[i] = w(i);
      if (i > 0 && w(i) + 1 > h[i - 1])
        h[i - 1] = w(i) + 1;
      if (i < N - 1 && w(i) + 2 > h[i + 1])
        h[i + 1] = w(i) + 2;
    }
#pragma xmp reduce_shadow (g) async(5)
#pragma xmp reduce_shadow (max: h) width(1:1)
#pragma xmp wait_async(5)
  }
  sum = 0;
  cnt = 0;
#pragma xmp loop on t(i) reduction(+: errors, sum, cnt)
  for (i = 0; i < N; i++) {
    double want = f(i) + (i < N - 1 ? 2 * f(i + 1) : 0) +
                  (i > 0 ? 3 * f(i - 1) : 0);
    long hw = w(i);
    if (i < N - 1 && w(i + 1) + 1 > hw)
      hw = w(i + 1) + 1;
    if (i > 0 && w(i - 1) + 2 > hw)
      hw = w(i - 1) + 2;
    if (g[i] != want || h[i] != hw)
      errors++;
    sum += g[i] * (i + 1);
    cnt += h[i] * (i + 1);
  }
  if (me == 1) {
    printf("XMP-RESULT gsum %.17g\n", sum);
    printf("XMP-RESULT hsum %ld\n", cnt);
    printf("XMP-RESULT errors %d\n", errors);
  }
  return 0;
}
