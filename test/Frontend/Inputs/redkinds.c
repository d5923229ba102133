// Every XMP C reduction operator beyond + * & | ^ max min: the logical
// && and || (standalone, in place on arrays, async, in host loops, in
// device loops, and in OpenACC loops: an xmp loop's own and one completed
// by '#pragma xmp reduction'), and the location reductions firstmax,
// firstmin, lastmax, lastmin (standalone, and in host loops with one or
// two location variables, int and double values).
// Templates of 23 (block) and 37 (cyclic) elements: uneven on 2..7 ranks.
// Plain clang (which ignores the pragmas) runs the loops sequentially and
// must print the same results. The loops' values repeat their maxima and
// minima on the block template, so that first and last differ: first*
// loops replace on '>' / '<', last* loops on '>=' / '<=', and the
// sequential loop's answer is XMP's (across nodes the first or last node
// holding the extremum, block: in index order). On the cyclic template
// the extrema are unique. The standalone directives reduce node-dependent
// values: the program prints whether the result is the one the node count
// gives (1), and values every node count agrees on.
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif
#define N 23
#define M 37
#pragma xmp nodes p(*)
#pragma xmp template tb(0:N-1)
#pragma xmp distribute tb(block) onto p
#pragma xmp template tc(0:M-1)
#pragma xmp distribute tc(cyclic) onto p
int ai[N];
double ad[N];
#pragma xmp align (ai, ad)[i] with tb(i)
int ci[M];
double cd[M];
#pragma xmp align (ci, cd)[i] with tc(i)

// A reduction's result is C's && / || of the values, 0 or 1; the
// sequential program reduces nothing: its value's truth is the result.
#ifdef _XCALABLEMP
#define TRUTH(x) (x)
#else
#define TRUTH(x) ((x) != 0)
#endif

#define put(k, v) printf("XMP-RESULT " k " %.17g\n", (double)(v))

int main(void) {
  int i, j, me = 1, nn = 1;
#ifdef _XCALABLEMP
  me = xmp_node_num();
  nn = xmp_num_nodes();
#endif
  // Values: ai repeats its max 4 (i = 2, 7, 12, 17, 22) and its min 0
  // (i = 0, 5, ..., 20); ad its max 3 (i = 2, 9, 16) and its min 0
  // (i = 0, 7, 14, 21). ci and cd are permutations (37 is prime).
#pragma xmp loop on tb(i)
  for (i = 0; i < N; i++) {
    ai[i] = i * 7 % 5;
    ad[i] = (i * 3 % 7) * 0.5;
  }
#pragma xmp loop on tc(i)
  for (i = 0; i < M; i++) {
    ci[i] = (i * 11 + 5) % M - 10;
    cd[i] = ((i * 13 + 3) % M) * 0.25 - 2.0;
  }

  // ---- && and || in host loops ---------------------------------------
  int all = 1, all0 = 1, any = 0, none = 0, ainit = 0, oinit = 7;
  double dall = 2.5, dany = 0;
  char cany = 0;
  _Bool ball = 1;
  long lall = -3;
#pragma xmp loop on tb(i) reduction(&&: all, all0, dall, ball, lall, ainit) reduction(||: any, none, dany, cany, oinit)
  for (i = 0; i < N; i++) {
    all = all && ai[i] < 5;
    all0 = all0 && ai[i] != 4;
    dall = dall && ad[i] >= 0;
    ball = ball && ad[i] <= 3;
    lall = lall && i < N;
    ainit = ainit && 1;
    any = any || ai[i] == 3;
    none = none || ai[i] > 10;
    dany = dany || ad[i] > 2.9;
    cany = cany || ai[i] + ad[i] > 6.5;
    oinit = oinit || 0;
  }
  int call = 1, cany2 = 0;
#pragma xmp loop on tc(i) reduction(&&: call) reduction(||: cany2)
  for (i = 0; i < M; i++) {
    call = call && ci[i] >= -10;
    cany2 = cany2 || cd[i] == 7.0;
  }
  if (me == 1) {
    put("loop_all", all);
    put("loop_all0", all0);
    put("loop_dall", dall);
    put("loop_ball", ball);
    put("loop_lall", lall);
    put("loop_ainit", ainit);
    put("loop_any", any);
    put("loop_none", none);
    put("loop_dany", dany);
    put("loop_cany", cany);
    put("loop_oinit", oinit);
    put("loop_call", call);
    put("loop_cany2", cany2);
  }

  // ---- && and || in device loops (XMP-dev; the CPU build runs them on
  // the host) and OpenACC loops (with --gpu: device loops) --------------
  int dvall = 1, dvany = 0, accall = 1, accany = 0, fany = 0, fall;
  double dvd = 1;
#pragma xmp device replicate (ai, ad)
  {
#pragma xmp device replicate_sync in (ai, ad)
#pragma xmp device loop on tb(i) reduction(&&: dvall, dvd) reduction(||: dvany)
    for (i = 0; i < N; i++) {
      dvall = dvall && ai[i] >= 0;
      dvd = dvd && ad[i] < 3;
      dvany = dvany || ai[i] * ad[i] > 5.5;
    }
  }
#pragma xmp loop on tb(i) reduction(&&: accall) reduction(||: accany)
#pragma acc parallel loop reduction(&&: accall) reduction(||: accany)
  for (i = 0; i < N; i++) {
    accall = accall && ad[i] < 3.5;
    accany = accany || ai[i] == ad[i];
  }
  // Each node's || (OpenACC), completed by the directive: fany did not
  // hold the identity before the loop, the directive combines it; fall
  // did (the loop starts from it, the directive does nothing more).
  fany = me == 99;
#pragma xmp loop on tb(i)
#pragma acc parallel loop reduction(||: fany)
  for (i = 0; i < N; i++)
    fany = fany || (ai[i] == 4 && ad[i] == 3);
#pragma xmp reduction(||: fany)
  fall = 1;
#pragma xmp loop on tb(i)
#pragma acc parallel loop reduction(&&: fall)
  for (i = 0; i < N; i++)
    fall = fall && ai[i] <= 4;
#pragma xmp reduction(&&: fall)
  if (me == 1) {
    put("dev_all", dvall);
    put("dev_d", dvd);
    put("dev_any", dvany);
    put("acc_all", accall);
    put("acc_any", accany);
    put("acc_fused_any", fany);
    put("acc_fused_all", fall);
  }

  // ---- && and || standalone (node-dependent values) -------------------
  int f1 = me != 3, f2 = me == 2, fa = me % 2, ga = me <= 4;
  double f3 = me - 1.0;
  _Bool bb = me != 5;
  long la[3];
  la[0] = me != 2;
  la[1] = me == nn;
  la[2] = 5;
  unsigned short us = me > 6 ? 0 : 40000;
#pragma xmp reduction(&&: f1, f3, bb, us)
#pragma xmp reduction(||: f2)
#pragma xmp reduction(&&: la)
#pragma xmp reduction(||: fa) async(1)
#pragma xmp reduction(&&: ga) async(2)
#pragma xmp wait_async(1, 2)
  if (me == 1) {
    put("and_int", f1 == (nn < 3));
    put("and_double", f3 == 0);
    put("and_bool", bb == (nn < 5));
    put("and_ushort", TRUTH(us) == (nn < 7));
    put("or_int", f2 == (nn >= 2));
    put("and_array0", la[0] == (nn < 2));
    put("and_array1", la[1] == (nn == 1));
    put("and_array2", TRUTH(la[2]));
    put("or_async", fa);
    put("and_async", ga == (nn <= 4));
  }

  // ---- location reductions in host loops ------------------------------
  int vmax = -1, imax = -1;
#pragma xmp loop on tb(i) reduction(firstmax: vmax / imax /)
  for (i = 0; i < N; i++)
    if (ai[i] > vmax) {
      vmax = ai[i];
      imax = i;
    }
  int lmax = -1, li = -1;
  double lw = -1;
#pragma xmp loop on tb(i) reduction(lastmax: lmax / li, lw /)
  for (i = 0; i < N; i++)
    if (ai[i] >= lmax) {
      lmax = ai[i];
      li = i;
      lw = ad[i] + 0.25;
    }
  double dmin = 1e30, dlast = 1e30;
  int di = -1, dli = -1;
  long dk = -1;
#pragma xmp loop on tb(i) reduction(firstmin: dmin / di, dk /) reduction(lastmin: dlast / dli /)
  for (i = 0; i < N; i++) {
    if (ad[i] < dmin) {
      dmin = ad[i];
      di = i;
      dk = 100 + i * i;
    }
    if (ad[i] <= dlast) {
      dlast = ad[i];
      dli = i;
    }
  }
  // The variables' values before the loop: each node starts from them.
  int big = 100, bi = -7, sum = 0;
  double fmaxd = -1, plain = -1;
  int fi = -1, fj = -1;
#pragma xmp loop on tb(i) reduction(firstmax: big / bi /, fmaxd / fi, fj /) reduction(+: sum) reduction(lastmax: plain)
  for (i = 0; i < N; i++) {
    if (ai[i] > big) {
      big = ai[i];
      bi = i;
    }
    // a local 2-D search inside each iteration: two index locations
    for (j = 0; j < 4; j++)
      if (ad[i] * (j + 1) - j > fmaxd) {
        fmaxd = ad[i] * (j + 1) - j;
        fi = i;
        fj = j;
      }
    sum += ai[i];
    if (ad[i] >= plain)
      plain = ad[i];
  }
  int cmax = -100, cimax = -1, cmin = 100, cimin = -1;
  double cdmax = -100, cdmin = 100;
  int cdi = -1;
  double cdw = 0;
#pragma xmp loop on tc(i) reduction(firstmax: cmax / cimax /) reduction(lastmin: cmin / cimin /) reduction(lastmax: cdmax / cdi, cdw /) reduction(firstmin: cdmin)
  for (i = 0; i < M; i++) {
    if (ci[i] > cmax) {
      cmax = ci[i];
      cimax = i;
    }
    if (ci[i] <= cmin) {
      cmin = ci[i];
      cimin = i;
    }
    if (cd[i] >= cdmax) {
      cdmax = cd[i];
      cdi = i;
      cdw = i * 0.5;
    }
    if (cd[i] < cdmin)
      cdmin = cd[i];
  }
  if (me == 1) {
    put("firstmax_v", vmax);
    put("firstmax_i", imax);
    put("lastmax_v", lmax);
    put("lastmax_i", li);
    put("lastmax_w", lw);
    put("firstmin_v", dmin);
    put("firstmin_i", di);
    put("firstmin_k", dk);
    put("lastmin_v", dlast);
    put("lastmin_i", dli);
    put("init_v", big);
    put("init_i", bi);
    put("two_v", fmaxd);
    put("two_i", fi);
    put("two_j", fj);
    put("mixed_sum", sum);
    put("noloc_max", plain);
    put("cyc_firstmax_v", cmax);
    put("cyc_firstmax_i", cimax);
    put("cyc_lastmin_v", cmin);
    put("cyc_lastmin_i", cimin);
    put("cyc_lastmax_v", cdmax);
    put("cyc_lastmax_i", cdi);
    put("cyc_lastmax_w", cdw);
    put("cyc_noloc_min", cdmin);
  }

  // ---- location reductions standalone (node-dependent values) ---------
  // sv: 50 on odd nodes, the node number on even ones: firstmax is node
  // 1's, lastmax the last odd node's. sm: -5 on nodes 3 and 6, else twice
  // the node number.
  int sv = me % 2 ? 50 : me, sf = me, sl = me, sm = me % 3 ? 2 * me : -5;
  int svl = sv;
  double sw = me * 0.5, smw = me * 0.25;
  int smf = me, sml = me, sml2 = sm;
#pragma xmp reduction(firstmax: sv / sf, sw /)
#pragma xmp reduction(lastmax: svl / sl /)
  int lastOdd = nn % 2 ? nn : nn - 1;
  int smin = nn >= 3 ? -5 : 2;
  int firstMin = nn >= 3 ? 3 : 1, lastMin = nn >= 6 ? 6 : firstMin;
#pragma xmp reduction(firstmin: sm / smf, smw /)
#pragma xmp reduction(lastmin: sml2 / sml /)
  if (me == 1) {
    put("s_firstmax_v", sv);
    put("s_firstmax_i", sf == 1);
    put("s_firstmax_w", sw == 0.5);
    put("s_lastmax_v", svl);
    put("s_lastmax_i", sl == lastOdd);
    put("s_firstmin_v", sm == smin);
    put("s_firstmin_i", smf == firstMin);
    put("s_firstmin_w", smw == firstMin * 0.25);
    put("s_lastmin_v", sml2 == smin);
    put("s_lastmin_i", sml == lastMin);
  }
  return 0;
}
