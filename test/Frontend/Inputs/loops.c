/* Loops and the scalars they carry (Promote.cpp, emitCountedFor): exit
 * values of counted loops, zero-trip loops, steps, `<=`, continue, scalars
 * assigned under ifs and in nested while / do loops. Compiled by xmpcc
 * and by plain clang: the outputs must be identical (loops.test). */
#include <stdio.h>

static int sum_to(int n) {
  int i, s = 0;
  for (i = 0; i < n; i++)
    s += i;
  return s * 1000 + i; /* i after the loop: n, or 0 when n <= 0 */
}

static int stepped(int lo, int hi, int step) {
  int i, c = 0;
  for (i = lo; i <= hi; i += 3) {
    if (i % 2 == 0)
      continue; /* continue in a counted loop */
    c += i;
  }
  (void)step;
  return c * 100 + i;
}

static long nested(int n) {
  long acc = 1;
  int i, j = 0, k = 0; /* nested(0) returns them: they must be set */
  for (i = 0; i < n; i++) {
    j = i;
    while (j > 0) {      /* a while loop carrying j and acc */
      if (j % 3 == 0)
        acc = acc * 2 + j;
      else
        acc -= j;
      j--;
    }
    k = 0;
    do {
      acc += k;
      k += 2;
    } while (k < i);
  }
  return acc * 10 + j + k;
}

static double harmonic(int n) {
  double h = 0;
  int m = n;
  for (int i = 1; i <= m; ++i) {
    h += 1.0 / i;
    if (h > 2.5)
      m = 0; /* the bound changes in the body: not a counted loop */
  }
  return h;
}

int main(void) {
  int n;
  for (n = -2; n < 5; n++)
    printf("sum_to(%d) %d\n", n, sum_to(n));
  printf("stepped %d %d %d\n", stepped(0, 20, 3), stepped(5, 4, 3),
         stepped(-7, 7, 3));
  printf("nested %ld %ld\n", nested(0), nested(7));
  printf("harmonic %.17g %.17g\n", harmonic(3), harmonic(40));
  printf("n %d\n", n);
  return 0;
}
