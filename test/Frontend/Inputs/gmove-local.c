/* gmove between local arrays (and scalars) in XcalableMP C: each node
 * copies its own arrays, as an assignment of array sections (no
 * communication; also inside a task). Every element of each destination
 * is checked against its expected value on every node; the nodes' wrong
 * counts are summed. Prints one line per case from node 1 (gmove-local.test
 * runs it on 1-5 nodes). */
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif

#define N 24
#define M 6
double x[N], y[N], x2[M][N], y2[M][N];
int ix[N], iy[N];
#pragma xmp nodes p(*)

static int total = 0;

static void init(void) {
  int i, j;
  for (i = 0; i < N; i++) {
    x[i] = 1000 + i;
    y[i] = -1 - i;
    ix[i] = 7 * i;
    iy[i] = -3;
    for (j = 0; j < M; j++) {
      x2[j][i] = 100 * j + i;
      y2[j][i] = -0.5;
    }
  }
}

/* y[i] after `y[lo:len:st] = x[off::sst]`. */
static double expect(int i, int lo, int len, int st, int off, int sst) {
  if (i >= lo && (i - lo) % st == 0 && (i - lo) / st < len)
    return 1000 + off + (i - lo) / st * sst;
  return -1 - i;
}

static int check_y(int lo, int len, int st, int off, int sst) {
  int i, err = 0;
  for (i = 0; i < N; i++)
    if (y[i] != expect(i, lo, len, st, off, sst))
      err++;
  return err;
}

static int sum(int err) {
#pragma xmp reduction(+:err)
  return err;
}

#define report(what, e)                                                        \
  do {                                                                         \
    int r_ = sum(e);                                                           \
    total += r_;                                                               \
    if (xmp_node_num() == 1)                                                   \
      printf("%s: %d wrong\n", what, r_);                                      \
  } while (0)

int main(void) {
  int i, j, err, lo = 3, n = 4;
  double s = 0.0;

  init();
#pragma xmp gmove
  y[2:10] = x[5:10];
  report("y[2:10] = x[5:10]", check_y(2, 10, 1, 5, 1));

  init();
#pragma xmp gmove
  y[1:7:3] = x[N - 14::2];
  report("strided y[1:7:3] = x[10::2]", check_y(1, 7, 3, 10, 2));

  init();
#pragma xmp gmove
  y[:] = x[:];
  report("whole y[:] = x[:]", check_y(0, N, 1, 0, 1));

  init();
#pragma xmp gmove
  y[lo:n:2] = x[lo + 1:n];
  report("run-time bounds y[lo:n:2] = x[lo+1:n]", check_y(3, 4, 2, 4, 1));

  /* 2-D: a column of x2 into a row of y2, then a block. */
  init();
#pragma xmp gmove
  y2[2][0:M] = x2[0:M][5];
  err = 0;
  for (j = 0; j < M; j++)
    for (i = 0; i < N; i++)
      if (y2[j][i] != (j == 2 && i < M ? 100 * i + 5 : -0.5))
        err++;
  report("2-D y2[2][0:M] = x2[0:M][5]", err);

  init();
#pragma xmp gmove
  y2[1:3][4:5] = x2[2:3][0:5];
  err = 0;
  for (j = 0; j < M; j++)
    for (i = 0; i < N; i++)
      if (y2[j][i] != (j >= 1 && j < 4 && i >= 4 && i < 9
                           ? 100 * (j + 1) + (i - 4) : -0.5))
        err++;
  report("2-D y2[1:3][4:5] = x2[2:3][0:5]", err);

  /* Elements and scalars. */
  init();
#pragma xmp gmove
  s = x[7];
#pragma xmp gmove
  y[0] = s;
  report("scalar s = x[7]; y[0] = s", check_y(0, 1, 1, 7, 1));

  init();
#pragma xmp gmove
  iy[0:12:2] = ix[0:12];
  err = 0;
  for (i = 0; i < N; i++)
    if (iy[i] != (i % 2 == 0 && i / 2 < 12 ? 7 * (i / 2) : -3))
      err++;
  report("int iy[0:12:2] = ix[0:12]", err);

  /* Inside a task: node 1 alone copies (the others keep theirs). */
  init();
#pragma xmp task on p(1)
  {
#pragma xmp gmove
    y[0:5] = x[0:5];
  }
  err = xmp_node_num() == 1 ? check_y(0, 5, 1, 0, 1) : check_y(0, 0, 1, 0, 1);
  report("in a task on p(1) y[0:5] = x[0:5]", err);

  /* The same array on both sides, overlapping: an array assignment (the
   * right side is read before the left is written), shifted up and down,
   * a file-scope array and a local one, 2-D. */
  init();
#pragma xmp gmove
  x[2:20] = x[0:20];
  err = 0;
  for (i = 0; i < N; i++)
    if (x[i] != (i < 2 || i >= 22 ? 1000 + i : 1000 + i - 2))
      err++;
  report("overlapping x[2:20] = x[0:20]", err);
  {
    double la[N];
    int j;
    for (i = 0; i < N; i++)
      la[i] = i;
#pragma xmp gmove
    la[0:10:2] = la[1:10:2];
    err = 0;
    for (i = 0; i < N; i++)
      if (la[i] != (i < 20 && i % 2 == 0 ? i + 1 : i))
        err++;
    init();
#pragma xmp gmove
    x2[1:5][0:N] = x2[0:5][0:N];
    for (j = 0; j < M; j++)
      for (i = 0; i < N; i++)
        if (x2[j][i] != 100 * (j == 0 ? 0 : j - 1) + i)
          err++;
  }
  report("overlapping local la[0:10:2] = la[1:10:2], 2-D x2[1:5][:]", err);

  if (xmp_node_num() == 1)
    printf("total: %d wrong\n", total);
  return 0;
}
