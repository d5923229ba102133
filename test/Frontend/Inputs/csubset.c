/* The C subset of xmp-cfront, without XMP directives: compiled by xmpcc
 * and by plain clang, the outputs must be identical (test/Frontend/
 * csubset.test). Every line printed depends on the construct it names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 7
#define M 5

int gi = 3;
long gl = -12345678901L;
unsigned gu = 4000000000u;
double gd = 2.5;
float gf = 1.25f;
int gtab[4] = {1, 2, 3};
double gtabd[4] = {0.5, 1, 2};
double gm[N][M];
enum color { RED, GREEN = 5, BLUE };

static int square(int x) { return x * x; }

double hyp(double a, double b) { return sqrt(a * a + b * b); }

int collatz(long n) {
  int steps = 0;
  while (n != 1) {
    if (n % 2 == 0)
      n /= 2;
    else
      n = 3 * n + 1;
    steps++;
  }
  return steps;
}

int first_multiple(int k, int limit) {
  int i;
  for (i = 1; i <= limit; i++) {
    if (i % k == 0)
      return i;
  }
  return -1;
}

void fill(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      gm[i][j] = i * 10 + j * 0.5;
}

/* switch: fall-through, a default between cases, a break under an if,
 * return, a nested switch, continue of the enclosing loop. */
int classify(int x) {
  switch (x) {
  case 0:
    return 100;
  case 1:
  case 2:
    x += 10;
  default:
    x += 1000;
  case 3:
    x *= 2;
    break;
  case -4:
    if (x < 0)
      break;
    x = 999;
  }
  return x;
}

long switches(long a, unsigned b) {
  long s = 0;
  for (int i = 0; i < 6; i++) {
    switch (i % 3) {
    case 0:
      if (a > i)
        continue;
      s += 1;
      break;
    case 1:
      switch (b) {
      case 7u:
        s += 70;
        break;
      default:
        s += 5;
      }
    case 2: {
      int t = i * 3;
      s += t;
      if (t > 10)
        break;
      s += 1000;
    }
    }
    s += 100000;
  }
  return s;
}

/* Initializers of local arrays: partial lists (the rest zero), nested
 * lists, designators, a size from the list, run-time values. */
double localInit(int k) {
  double m[5] = {1.5, 2, k};
  int c[3][4] = {{1, 2}, {3}, 4, 5, 6};
  float z[100] = {0};
  long u[] = {7, 8, 9};
  unsigned e[2][3] = {[1][2] = 5, [0] = {1, 2}};
  double s = 0;
  for (int i = 0; i < 5; i++)
    s += m[i] * (i + 1);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      s += c[i][j] * (i * 4 + j + 1);
  for (int i = 0; i < 100; i++)
    s += z[i];
  for (int i = 0; i < 3; i++)
    s += u[i] * 100;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      s += e[i][j] * (1000 + i * 3 + j);
  for (int r = 0; r < 3; r++) {
    int q[3] = {r + k}; /* again at each iteration */
    s += q[0] * 3 + q[1] + q[2];
    q[1] = 50;
  }
  return s;
}

/* Array parameters: the caller's array (1-D and 2-D, a size written or
 * not, passed on to another function, file-scope and local arrays). */
double sumArr(double v[N], int n) {
  double t = 0;
  for (int k = 0; k < n; k++)
    t += v[k];
  return t;
}
double sumTwice(double v[], int n) { return 2 * sumArr(v, n); }
void scaleRows(double m[][M], int rows, double f) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < M; c++)
      m[r][c] *= f;
}
void fillPairs(long k[3][2]) {
  for (int r = 0; r < 3; r++) {
    k[r][0] = r;
    k[r][1] = -r * gl;
  }
}

int main(int argc, char **argv) {
  int i, j, s = 0;
  unsigned u = 7;
  long big = 1;
  double d = 0.0;
  float f = 0.5f;
  int local[3][4];
  char ch = 'A';

  printf("args %d\n", argc);
  if (argc > 1)
    printf("arg1 %d\n", atoi(argv[1]));
  printf("globals %d %ld %u %g %g\n", gi, gl, gu, gd, (double)gf);
  printf("gtab %d %d %d %d\n", gtab[0], gtab[1], gtab[2], gtab[3]);
  printf("enum %d %d %d\n", RED, GREEN, BLUE);
  printf("square %d static %d\n", square(9), square(-4));
  printf("hyp %.17g\n", hyp(3.0, 4.0));
  printf("collatz %d\n", collatz(27));
  printf("first_multiple %d %d\n", first_multiple(7, 30), first_multiple(40, 30));

  /* break / continue in nested loops */
  for (i = 0; i < 10; i++) {
    if (i == 2)
      continue;
    for (j = 0; j < 10; j++) {
      if (j > i)
        break;
      if ((i + j) % 3 == 0)
        continue;
      s += i * j;
    }
    if (s > 200)
      break;
  }
  printf("nested %d %d %d\n", s, i, j);

  /* do-while, while with compound conditions */
  i = 0;
  do {
    i += 3;
  } while (i < 20 && i % 7 != 0);
  printf("do %d\n", i);
  j = 100;
  while (j > 1 || j == 100)
    j = j / 3;
  printf("while %d\n", j);

  /* arithmetic, casts, unsigned, shifts, bit ops */
  u = u * 3000000000u;
  big = big << 40;
  printf("unsigned %u %u %u\n", u, u / 7u, u % 1000u);
  printf("shift %ld %d %d\n", big, -17 >> 2, 1 << 10);
  printf("bits %d %d %d %d\n", 12 & 10, 12 | 10, 12 ^ 10, ~12);
  printf("div %d %d %d %d\n", -7 / 2, -7 % 2, 7 / -2, 7 % -2);
  printf("casts %d %d %ld %g\n", (int)3.99, (int)-3.99, (long)1e12, (double)(float)0.1);
  printf("char %d %c\n", ch + 1, ch + 2);
  printf("ternary %d %g\n", s > 10 ? 1 : 2, i < 0 ? 1.5 : -2.5);
  printf("logic %d %d %d\n", !s, s && 0, 0 || s);

  /* compound assignment on all types */
  d = 1.0;
  d += 2;
  d *= 3.5;
  d -= 0.25;
  d /= 2;
  f *= 3;
  f += d;
  s = 10;
  s -= 3;
  s *= -2;
  s /= 3;
  s %= 5;
  s <<= 3;
  s |= 1;
  s ^= 6;
  s &= 0x3f;
  printf("compound %.17g %.9g %d\n", d, (double)f, s);

  /* pre/post increment */
  i = 5;
  j = i++;
  j += ++i * 10;
  s = i--;
  s += --i * 100;
  printf("incdec %d %d %d\n", i, j, s);

  /* math */
  printf("math %.17g %.17g %.17g %.17g\n", sqrt(2.0), fabs(-3.5), exp(1.0), log(10.0));
  printf("math2 %.17g %.17g %.17g %.17g\n", pow(2.0, 0.5), floor(-2.5), ceil(-2.5), fmax(1.0, 2.0));
  printf("math3 %.17g %.17g %d\n", sin(1.0), cos(1.0), abs(-42));
  printf("libm %.17g\n", atan2(1.0, 2.0));

  /* local and global arrays */
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++)
      local[i][j] = i * 4 + j;
  fill();
  d = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      d += gm[i][j] * local[i % 3][j % 4];
  printf("arrays %.17g %d\n", d, local[2][3]);
  gi += 10;
  gtab[3] = gi;
  printf("global update %d %d\n", gi, gtab[3]);
  for (i = -5; i < 6; i++)
    printf("switch %d %d\n", i, classify(i));
  for (big = 0; big < 4; big++)
    printf("switches %ld %ld %ld\n", big, switches(big, 7), switches(big, 3));
  printf("local init %.17g %.17g\n", localInit(argc), localInit(-3));
  {
    double vx[N], vm[3][M];
    long pairs[3][2];
    for (i = 0; i < N; i++)
      vx[i] = i * 1.5;
    for (i = 0; i < 3; i++)
      for (j = 0; j < M; j++)
        vm[i][j] = i - j;
    scaleRows(vm, 3, 2.5);
    scaleRows(gm, N, 0.5);
    fillPairs(pairs);
    printf("array params %.17g %.17g %.17g %.17g %.17g %ld\n", sumArr(vx, N),
           sumTwice(vx, 3), vm[2][4], gm[6][4], sumArr(gtabd, 4), pairs[2][1]);
  }
  return 3;
}
