// Channel tuning end to end (issue 15): four 2-D block x block arrays
// whose halos are exchanged STEPS times with the channels left to the
// runtime (no profile: auto), so that every reflect plan times IB against
// the rule's channels on its first reflects, decides, and runs the chosen
// channel afterwards:
//   a: shadow [1:1][1:1], `reflect` every step (one cached plan), the
//      9-point box read (corners);
//   b: shadow [2:2][2:2], `reflect_init` with width(1:2, 2:1) before the
//      loop and `reflect_do` in it, the box [-1, 2] x [-2, 1] read;
//   c: shadow [1:1][1:1], `reflect ... async(1)`, other work, then
//      `wait_async(1)`, the 9-point box read;
//   d: shadow [1:1][1:1], `reflect ... orthogonal` (no corners), the
//      5-point cross read.
// Every step writes new values (val(i, j, step, array)) into the owned
// elements; every element read in the halos (and owned) is compared with
// its formula (`errors`) and summed with weights; plain clang, which
// ignores the pragmas, computes the same sums from whole arrays.
// -DACC adds `acc` to the reflects: with `xmpcc --gpu` they exchange the
// device instances (outside any replicate region: the host block goes in
// first, the halos come back), the loops stay on the host.
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif
#ifndef NX
#define NX 26
#endif
#ifndef NY
#define NY 22
#endif
#ifndef STEPS
#define STEPS 40
#endif
#pragma xmp nodes p(*, *)
#pragma xmp template t(0:NY-1, 0:NX-1)
#pragma xmp distribute t(block, block) onto p
double a[NX][NY], b[NX][NY], c[NX][NY], d[NX][NY];
#pragma xmp align (a, b, c, d)[i][j] with t(j, i)
#pragma xmp shadow a[1:1][1:1]
#pragma xmp shadow b[2:2][2:2]
#pragma xmp shadow c[1:1][1:1]
#pragma xmp shadow d[1:1][1:1]

static double val(int i, int j, int k, int arr) {
  return (double)((i * 31 + j * 17 + k * 7 + arr * 13) % 101);
}
static double wt(int di, int dj) { return 1 + (di + 2) * 5 + (dj + 2); }

int main(void) {
  int i, j, k, di, dj, me = 1, errors = 0;
  double sa = 0, sb = 0, sc = 0, sd = 0, own = 0;
#ifdef _XCALABLEMP
  me = xmp_node_num();
#endif
#ifdef ACC
#pragma xmp reflect_init (b) width(1:2, 2:1) acc
#else
#pragma xmp reflect_init (b) width(1:2, 2:1)
#endif
  for (k = 0; k < STEPS; k++) {
#pragma xmp loop (j, i) on t(j, i)
    for (i = 0; i < NX; i++)
      for (j = 0; j < NY; j++) {
        a[i][j] = val(i, j, k, 0);
        b[i][j] = val(i, j, k, 1);
        c[i][j] = val(i, j, k, 2);
        d[i][j] = val(i, j, k, 3);
      }
#ifdef ACC
#pragma xmp reflect (a) acc
#pragma xmp reflect_do (b) acc
#pragma xmp reflect (c) async(1) acc
#else
#pragma xmp reflect (a)
#pragma xmp reflect_do (b)
#pragma xmp reflect (c) async(1)
#endif
    // Work between the start and the wait: owned elements only.
#pragma xmp loop (j, i) on t(j, i) reduction(+: own)
    for (i = 0; i < NX; i++)
      for (j = 0; j < NY; j++)
        own += a[i][j];
#pragma xmp wait_async(1)
#ifdef ACC
#pragma xmp reflect (d) orthogonal acc
#else
#pragma xmp reflect (d) orthogonal
#endif
#pragma xmp loop (j, i) on t(j, i) reduction(+: errors, sa, sb, sc, sd)
    for (i = 0; i < NX; i++)
      for (j = 0; j < NY; j++) {
        for (di = -1; di <= 1; di++)
          for (dj = -1; dj <= 1; dj++) {
            if (i + di < 0 || i + di >= NX || j + dj < 0 || j + dj >= NY)
              continue;
            if (a[i + di][j + dj] != val(i + di, j + dj, k, 0))
              errors++;
            if (c[i + di][j + dj] != val(i + di, j + dj, k, 2))
              errors++;
            sa += a[i + di][j + dj] * wt(di, dj);
            sc += c[i + di][j + dj] * wt(di, dj);
            if (di != 0 && dj != 0)
              continue;
            if (d[i + di][j + dj] != val(i + di, j + dj, k, 3))
              errors++;
            sd += d[i + di][j + dj] * wt(di, dj);
          }
        for (di = -1; di <= 2; di++)
          for (dj = -2; dj <= 1; dj++) {
            if (i + di < 0 || i + di >= NX || j + dj < 0 || j + dj >= NY)
              continue;
            if (b[i + di][j + dj] != val(i + di, j + dj, k, 1))
              errors++;
            sb += b[i + di][j + dj] * wt(di, dj);
          }
      }
  }
  if (me == 1) {
    printf("XMP-RESULT errors %d\n", errors);
    printf("XMP-RESULT sum_a %.17g\n", sa);
    printf("XMP-RESULT sum_b %.17g\n", sb);
    printf("XMP-RESULT sum_c %.17g\n", sc);
    printf("XMP-RESULT sum_d %.17g\n", sd);
    printf("XMP-RESULT own %.17g\n", own);
  }
  return 0;
}
