// Diagnostics of the OpenACC mapping (xmp-cfront --gpu): each case is a
// program with one error, reported as file:line:col: error: ... at the
// construct, clause or variable (exit status 1, no output).
// RUN: for c in $(seq 1 27); do not xmp-cfront --gpu -DCASE$c %s > %t.$c.out 2>&1 || exit 1; done
// RUN: for c in $(seq 1 27); do FileCheck %s --check-prefix=C$c < %t.$c.out || exit 1; done
// Without --gpu the constructs run on the host: every case but the C
// errors compiles (the same file, one case at a time).
// RUN: for c in $(seq 1 27); do xmp-cfront -DCASE$c %s -o /dev/null || exit 1; done

#define N 16
double a[N][N], b[N][N];
double loc[N];
int printf(const char *, ...);
void g(void);
#pragma xmp nodes p(*, *)
#pragma xmp template t(0:N-1, 0:N-1)
#pragma xmp distribute t(block, block) onto p
#pragma xmp align a[i][j] with t(j, i)
#pragma xmp align b[i][j] with t(j, i)
#pragma xmp nodes q(2)
#pragma xmp template tq(0:N-1)
#pragma xmp distribute tq(block) onto q

int main(void) {
  int i, j, k, m = 0;
  double s = 0, x = 0;
  (void)m;
  (void)x;
#ifdef CASE1
  // C1: openacc-invalid.c:[[# @LINE + 1]]:13: error: an OpenACC 'parallel loop' construct without '#pragma xmp loop' (with --gpu a compute construct becomes a device loop, which runs on the distribution of a template: put '#pragma xmp loop ... on t(...)' right before it, on its for-nest) is not supported by xmp-cfront
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    loc[i] = i;
#endif
#ifdef CASE2
#pragma xmp loop (j, i) on t(j, i)
  // C2: openacc-invalid.c:[[# @LINE + 1]]:27: error: the clause 'tile' of '#pragma acc parallel loop' is not supported by xmp-cfront
#pragma acc parallel loop tile(2, 2)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      a[i][j] = 0;
#endif
#ifdef CASE3
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop
  for (i = 0; i < N; i++) {
    // C3: openacc-invalid.c:[[# @LINE + 1]]:18: error: 'seq' on a loop of the '#pragma xmp loop' nest (its iterations run in parallel, on the nodes and in the device loop) is not supported by xmp-cfront
#pragma acc loop seq
    for (j = 0; j < N; j++)
      a[i][j] = 0;
  }
#endif
#ifdef CASE4
#pragma xmp loop (j, i) on t(j, i)
  // C4: openacc-invalid.c:[[# @LINE + 1]]:27: error: collapse(3) on loop 1 of the 2 loops of '#pragma xmp loop' reaches beyond them (the device loop's dimensions are the xmp loop's)
#pragma acc parallel loop collapse(3)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < 2; k++)
        a[i][j] = k;
#endif
#ifdef CASE5
  // An acc reduction that no '#pragma xmp reduction' completes.
#pragma xmp loop (j, i) on t(j, i)
  // C5: openacc-invalid.c:[[# @LINE + 2]]:39: error: the OpenACC reduction of 's' in this device loop gives each node's result, which a device loop does not return (its reduce combines the nodes): add reduction(...:s) to '#pragma xmp loop', or complete it with '#pragma xmp reduction' of 's' later in the same block, 's' unused in between
  // C5: openacc-invalid.c:[[# @LINE + 1]]:39: note: no '#pragma xmp reduction' of 's' follows the loop in its block
#pragma acc parallel loop reduction(+:s)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += a[i][j];
#endif
#ifdef CASE6
#pragma xmp loop (j, i) on t(j, i)
  // C6: openacc-invalid.c:[[# @LINE + 1]]:39: error: the OpenACC reduction of 's' in this device loop
#pragma acc parallel loop reduction(+:s)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += a[i][j];
  // C6: openacc-invalid.c:[[# @LINE + 1]]:7: note: 's' is used here, before the '#pragma xmp reduction' that would complete it
  x = s;
#pragma xmp reduction(+:s)
#endif
#ifdef CASE7
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop reduction(+:s)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += a[i][j];
  // C7: openacc-invalid.c:[[# @LINE + 1]]:9: note: this '#pragma xmp reduction' of 's' has another operator
#pragma xmp reduction(max:s)
#endif
#ifdef CASE8
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop reduction(+:s)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += a[i][j];
  // C8: openacc-invalid.c:[[# @LINE + 1]]:9: note: this '#pragma xmp reduction' is on 'q', the loop's template is distributed onto 'p'
#pragma xmp reduction(+:s) on q
#endif
#ifdef CASE9
  // A loop over one of the two distributed dimensions: the nodes along
  // the other axis run the same iterations.
#pragma xmp loop (i) on t(*, i)
#pragma acc parallel loop reduction(+:s)
  for (i = 0; i < N; i++)
    s += a[i][0];
  // C9: openacc-invalid.c:[[# @LINE + 1]]:9: note: the loop does not run over the distributed dimension 1 of template 't': the nodes along its grid axis run the same iterations, which this directive would count once per node
#pragma xmp reduction(+:s)
#endif
#ifdef CASE10
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      // C10: openacc-invalid.c:[[# @LINE + 1]]:7: error: the device loop assigns to 'x', declared outside it: list it in private, firstprivate or reduction of the OpenACC construct (a device loop does not write host variables)
      x = a[i][j];
      a[i][j] = x + 1;
    }
#endif
#ifdef CASE11
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      // C11: openacc-invalid.c:[[# @LINE + 1]]:17: error: the array 'loc' in a device loop (device loops read distributed arrays and scalars: align it with a template, or list it in private) is not supported by xmp-cfront
      a[i][j] = loc[i];
#endif
#ifdef CASE12
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      // C12: openacc-invalid.c:[[# @LINE + 1]]:7: error: calling 'printf' in a device loop (its body runs on the GPU: functions defined in this file and the math functions only) is not supported by xmp-cfront
      printf("%d\n", i);
#endif
#ifdef CASE13
  // C13: openacc-invalid.c:[[# @LINE + 1]]:25: error: '#pragma acc update' of 'a' outside an acc data construct of it in this function (outside data constructs the compiler keeps the host and device instances coherent itself: leave the update out) is not supported by xmp-cfront
#pragma acc update host(a)
#endif
#ifdef CASE14
  // C14: openacc-invalid.c:[[# @LINE + 1]]:26: error: the clause 'if' of '#pragma acc data' is not supported by xmp-cfront
#pragma acc data copy(a) if(s > 0)
  { s = 1; }
#endif
#ifdef CASE15
  // C15: openacc-invalid.c:[[# @LINE + 1]]:23: error: an array section or part of a variable in the clause 'copy' of '#pragma acc data' (whole variables only) is not supported by xmp-cfront
#pragma acc data copy(a[0:4][0:N])
  { s = 1; }
#endif
#ifdef CASE16
  // C16: openacc-invalid.c:[[# @LINE + 1]]:13: error: the OpenACC 'enter data' construct is not supported by xmp-cfront
#pragma acc enter data copyin(a)
#endif
#ifdef CASE17
#pragma xmp loop (j, i) on t(j, i)
  // C17: openacc-invalid.c:[[# @LINE + 1]]:13: error: '#pragma acc loop' outside a compute construct (put 'parallel loop' on the outermost loop of the '#pragma xmp loop' nest) is not supported by xmp-cfront
#pragma acc loop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      a[i][j] = 0;
#endif
#ifdef CASE18
  // The logical && is not the bitwise &.
#pragma xmp loop (j, i) on t(j, i)
  // C18: openacc-invalid.c:[[# @LINE + 1]]:40: error: the OpenACC reduction of 'm' in this device loop
#pragma acc parallel loop reduction(&&:m)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      m = m && a[i][j] > 0;
  // C18: openacc-invalid.c:[[# @LINE + 1]]:9: note: this '#pragma xmp reduction' of 'm' has another operator
#pragma xmp reduction(&:m)
#endif
#ifdef CASE19
  // C19: openacc-invalid.c:[[# @LINE + 1]]:13: error: a return, break or continue leaving an acc data construct is not supported by xmp-cfront
#pragma acc data copy(a)
  {
    if (s > 0)
      return 1;
  }
#endif
#ifdef CASE20
#pragma xmp loop (j, i) on t(j, i)
  // C20: openacc-invalid.c:[[# @LINE + 1]]:34: error: 'copyin(b)' on a compute construct outside an acc data construct of it (there every device loop copies the arrays it writes back to the host, as 'copy' does: write copy, or put the loop in an acc data construct) is not supported by xmp-cfront
#pragma acc parallel loop copyin(b)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      a[i][j] = b[i][j];
#endif
#ifdef CASE21
#pragma xmp loop (i) on t(*, i)
#pragma acc parallel loop
  for (i = 0; i < N; i++) {
    // C21: openacc-invalid.c:[[# @LINE + 1]]:13: error: an OpenACC 'parallel loop' construct inside a device loop is not supported by xmp-cfront
#pragma acc parallel loop
    for (j = 0; j < N; j++)
      a[i][j] = 0;
  }
#endif
#ifdef CASE22
  // C22: openacc-invalid.c:[[# @LINE + 1]]:18: error: the clause 'if' of '#pragma acc wait' is not supported by xmp-cfront
#pragma acc wait if(s > 0)
#endif
#ifdef CASE23
  // Nested data regions of one array across a call.
#pragma acc data copy(a)
  {
    // C23: openacc-invalid.c:[[# @LINE + 1]]:5: error: calling 'g', which has an acc data construct of 'a', inside an acc data construct of it (nested data regions of an array across calls) is not supported by xmp-cfront
    g();
  }
#endif
#ifdef CASE24
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop
  for (i = 0; i < N; i++) {
    // C24: openacc-invalid.c:[[# @LINE + 1]]:18: error: the clause 'tile' of '#pragma acc loop' is not supported by xmp-cfront
#pragma acc loop tile(2)
    for (j = 0; j < N; j++)
      a[i][j] = 0;
  }
#endif
#ifdef CASE25
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop
  for (i = 0; i < N; i++)
    // C25: openacc-invalid.c:[[# @LINE + 1]]:13: error: a second compute construct ('parallel loop') on the for-nest of one '#pragma xmp loop' is not supported by xmp-cfront
#pragma acc parallel loop
    for (j = 0; j < N; j++)
      a[i][j] = 0;
#endif
#ifdef CASE26
  // C26: openacc-invalid.c:[[# @LINE + 1]]:28: error: the clause 'if' of '#pragma acc update' is not supported by xmp-cfront
#pragma acc update host(s) if(s > 0)
#endif
#ifdef CASE27
#pragma acc data copy(a)
  {
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
        // C27: openacc-invalid.c:[[# @LINE + 1]]:13: error: an OpenACC 'update' construct inside a device loop is not supported by xmp-cfront
#pragma acc update host(a)
        a[i][j] = 1;
      }
  }
#endif
  return 0;
}

#ifdef CASE23
void g(void) {
#pragma acc data copy(a)
  {
#pragma xmp loop (j, i) on t(j, i)
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        a[i][j] += 1;
  }
}
#endif
