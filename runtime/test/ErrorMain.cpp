// Error paths: each scenario must print "xmprt: rank R: <fn>: <reason>" and
// abort the whole job (ctest matches the message; nothing may hang).
#include "xmprt/codegen.h"
#include "xmprt/mgpu.h"
#include "xmprt/xmprt.h"

#include <cstring>

namespace {
// An 8-element template, block-distributed over a 1-D grid of every rank.
xmprt_template *blockTemplate8() {
  int64_t s[] = {XMPRT_DYNAMIC}, n = 8;
  int32_t k = XMPRT_DIST_BLOCK;
  xmprt_grid *g = xmprt_grid_create(1, s);
  xmprt_template *t = xmprt_template_create(1, &n);
  xmprt_template_distribute(t, g, &k, nullptr, nullptr);
  return t;
}
// An f64 array on it (shadow widths lo/hi, nullptr for none).
xmprt_darray *blockArray8(const int64_t *lo = nullptr,
                          const int64_t *hi = nullptr) {
  int64_t n = 8;
  int32_t al = 0;
  return xmprt_darray_create(blockTemplate8(), 1, &n, &al, nullptr, lo, hi,
                             XMPRT_F64);
}
} // namespace

int main(int argc, char **argv) {
  xmprt_init(&argc, &argv);
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "grid")) {
    int64_t shape[] = {xmprt_world_size() + 1, XMPRT_DYNAMIC};
    xmprt_grid_create(2, shape);
  } else if (!strcmp(what, "weightrange")) {
    // A fixed device-loop weight outside [0, 1], as xmprt_reset_weight's.
    xmprt_loop_weight(7, XMPRT_WEIGHT_FIXED, 1.5);
  } else if (!strcmp(what, "width")) {
    int64_t sh = 1, w = 2;
    xmprt_darray *a = blockArray8(&sh, &sh);
    xmprt_reflect_init(a, &w, &w, nullptr, nullptr, 0, 0);
  } else if (!strcmp(what, "reducei1")) {
    // reduce_shadow adds: a boolean array has no addition
    int64_t n = 8, sh = 1;
    int32_t al = 0;
    xmprt_darray *a = xmprt_darray_create(blockTemplate8(), 1, &n, &al,
                                          nullptr, &sh, &sh, XMPRT_I1);
    xmprt_reduce_shadow_init(a, nullptr, nullptr, nullptr, nullptr, 0);
  } else if (!strcmp(what, "orthoflag")) {
    int64_t sh = 1;
    xmprt_reflect_init(blockArray8(&sh, &sh), nullptr, nullptr, nullptr,
                       nullptr, 0, 2);
  } else if (!strcmp(what, "gmove")) {
    xmprt_darray *a = blockArray8();
    int64_t d[3] = {0, 4, 1}, src[3] = {0, 5, 1};
    xmprt_gmove(1, a, d, a, src);
  } else if (!strcmp(what, "device")) {
    // device data without a GPU (or without CUDA in this build)
    xmprt_darray *a = blockArray8();
    xmprt_darray_host_modified(a); // harmless
    if (xmprt_darray_in_replicate(a) == 0 && xmprt_has_gpu() == 0)
      xmprt_replicate_begin(a);
  } else if (!strcmp(what, "kernel")) {
    // a --gpu program on a rank without a GPU: its module constructor gets
    // no module (CUDA build) and the first kernel lookup stops the job
    static const char blob[16] = {0};
    void *mod = mgpuModuleLoad((void *)blob, sizeof blob);
    if (!mod)
      mgpuModuleGetFunction(mod, "xmp_device_loop_0");
  } else if (!strcmp(what, "timer")) {
    xmprt_gpu_timer_start();
  } else if (!strcmp(what, "splitstep")) {
    int64_t out[4];
    xmprt_loop_split(blockTemplate8(), 0, 0, 8, 0, 0.5, 1, out);
  } else if (!strcmp(what, "gridlimit")) {
    xmprt_gpu_check_grid(4, 65535, 1); // fits
    xmprt_gpu_check_grid(4, 75000, 1);
  } else if (!strcmp(what, "commitdim")) {
    xmprt_darray_split_commit(blockArray8(), 2, 0, 4, 4, 8);
  } else if (!strcmp(what, "cyclicround")) {
    // cyclic(2^62) over 2 ranks: one round is 2^63 elements
    int64_t s[] = {XMPRT_DYNAMIC}, n = 8, w = (int64_t)1 << 62;
    int32_t k = XMPRT_DIST_CYCLIC;
    xmprt_template *t = xmprt_template_create(1, &n);
    xmprt_template_distribute(t, xmprt_grid_create(1, s), &k, &w, nullptr);
  } else if (!strcmp(what, "gridhuge")) {
    // static axes whose product leaves 64 bits
    int64_t shape[] = {2, (int64_t)1 << 62, 4};
    xmprt_grid_create(3, shape);
  } else if (!strcmp(what, "blockn")) {
    // block(3) of 10 elements over 2 ranks leaves 4 without an owner
    int64_t sh[1] = {XMPRT_DYNAMIC}, n = 10, w = 3;
    int32_t k = XMPRT_DIST_BLOCKN;
    xmprt_template *t = xmprt_template_create(1, &n);
    xmprt_template_distribute(t, xmprt_grid_create(1, sh), &k, &w, nullptr);
  } else if (!strcmp(what, "gridsubset")) {
    // coordinates 1..3 of a grid of 2 ranks: made (a program may declare
    // it for a larger job and never use it), stops at its first use
    int64_t sh[1] = {XMPRT_DYNAMIC};
    int64_t trip[3] = {1, 4, 1};
    xmprt_grid *q = xmprt_grid_subset(xmprt_grid_create(1, sh), 1, trip);
    xmprt_barrier(nullptr); // every rank got here
    xmprt_grid_rank(q);
  } else if (!strcmp(what, "gridreshape")) {
    // the 2 ranks of a grid laid out as 3
    int64_t sh[1] = {XMPRT_DYNAMIC}, three[1] = {3};
    int64_t trip[3] = {0, -1, 1};
    xmprt_grid_subset_reshape(xmprt_grid_create(1, sh), trip, 1, three);
  } else if (!strcmp(what, "gmovehuge")) {
    // a section from -2^63 to 2^63-1 (its length does not fit in 64 bits)
    xmprt_darray *a = blockArray8();
    int64_t d[3] = {INT64_MIN, INT64_MAX, 1}, src[3] = {0, 8, 1};
    xmprt_gmove(1, a, d, a, src);
  } else if (!strcmp(what, "redloc")) {
    // a location kind through xmprt_reduce (it carries no locations)
    int64_t sh[1] = {XMPRT_DYNAMIC};
    xmprt_grid *g = xmprt_grid_create(1, sh);
    double v = 1;
    xmprt_reduce(g, -1, XMPRT_RED_FIRSTMAX, XMPRT_F64, &v, 1);
  } else if (!strcmp(what, "redloctype")) {
    // a complex location value
    int64_t sh[1] = {XMPRT_DYNAMIC};
    xmprt_grid *g = xmprt_grid_create(1, sh);
    double v = 1, z[2] = {0, 0};
    int32_t t[1] = {XMPRT_C64};
    void *l[1] = {z};
    xmprt_reduce_loc(g, -1, XMPRT_RED_LASTMIN, XMPRT_F64, &v, 1, t, l);
  } else if (!strcmp(what, "null")) {
    xmprt_grid_size(nullptr, 0);
  } else if (!strcmp(what, "gmovewait2")) {
    // a request waited for twice
    xmprt_darray *a = blockArray8(), *b = blockArray8();
    int64_t sec[3] = {0, 8, 1};
    xmprt_request *r = xmprt_gmove_start(7, b, sec, a, sec, 0);
    xmprt_wait(r);
    xmprt_wait(r);
  } else if (!strcmp(what, "gmovenowait")) {
    // a request never waited for (found by xmprt_finalize)
    xmprt_darray *a = blockArray8(), *b = blockArray8();
    int64_t sec[3] = {0, 8, 1};
    xmprt_gmove_start(7, b, sec, a, sec, 0);
  } else if (!strcmp(what, "gmovedestroy")) {
    // the source of a gmove in flight destroyed
    xmprt_darray *a = blockArray8(), *b = blockArray8();
    int64_t sec[3] = {0, 8, 1};
    xmprt_gmove_start(7, b, sec, a, sec, 0);
    xmprt_darray_destroy(a);
  } else if (!strcmp(what, "rmanowin")) {
    // a one-sided gmove from an array nobody exposed
    xmprt_darray *a = blockArray8(), *b = blockArray8();
    int64_t sec[3] = {0, 8, 1};
    if (xmprt_world_rank() == 0)
      xmprt_gmove_onesided(9, XMPRT_GMOVE_IN, 0, b, sec, a, sec);
  } else if (!strcmp(what, "rmadestroy")) {
    // the destination of a gmove out in flight destroyed
    xmprt_darray *a = blockArray8(), *b = blockArray8();
    xmprt_darray_enable_rma(b);
    int64_t sec[3] = {0, 8, 1};
    xmprt_gmove_onesided_start(9, XMPRT_GMOVE_OUT, 0, b, sec, a, sec, 0);
    xmprt_darray_destroy(b);
  } else if (!strcmp(what, "waitvalue")) {
    // the value of an in-place reduction asked for
    double m[2] = {1, 2}, out = 0;
    int64_t s[] = {XMPRT_DYNAMIC};
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_request *r = xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, m, 2);
    xmprt_wait_value(r, XMPRT_F64, &out);
  } else if (!strcmp(what, "waittype")) {
    // a scalar reduction's value asked for as another type
    double x = 1;
    float out = 0;
    int64_t s[] = {XMPRT_DYNAMIC};
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_request *r =
        xmprt_reduce_value_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &x);
    xmprt_wait_value(r, XMPRT_F32, &out);
  } else if (!strcmp(what, "testwaited")) {
    // a request tested after its wait (polling is fine before it)
    double x = 1, out = 0;
    int64_t s[] = {XMPRT_DYNAMIC};
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_request *r =
        xmprt_reduce_value_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &x);
    while (!xmprt_test(r)) {
    }
    xmprt_wait_value(r, XMPRT_F64, &out);
    xmprt_test(r);
  } else if (!strcmp(what, "testgmove")) {
    // the same for a gmove's request, named by its site
    xmprt_darray *a = blockArray8(), *b = blockArray8();
    int64_t sec[3] = {0, 8, 1};
    xmprt_request *r = xmprt_gmove_start(7, b, sec, a, sec, 0);
    xmprt_test(r);
    xmprt_wait(r);
    xmprt_test(r);
  } else if (!strcmp(what, "asyncnowait")) {
    // operations handed to async ids and never completed by wait_async
    // (found by xmprt_finalize, naming the ids); id 4 was completed
    double x = 1, y = 2, v = 0;
    int64_t s[] = {XMPRT_DYNAMIC};
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_async_register(
        3, xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &x, 1), -1,
        nullptr);
    xmprt_async_register(
        3, xmprt_reduce_value_start(g, -1, XMPRT_RED_MAX, XMPRT_F64, &y),
        XMPRT_F64, &v);
    xmprt_async_register(
        4, xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &y, 1), -1,
        nullptr);
    xmprt_async_wait(4);
    int64_t root[1] = {0};
    xmprt_async_register(5, xmprt_bcast_value_start(g, root, &v, XMPRT_F64),
                         XMPRT_F64, &v);
  } else if (!strcmp(what, "asyncinplace")) {
    // an in-place request registered with a place for a value
    double x = 1, v = 0;
    int64_t s[] = {XMPRT_DYNAMIC};
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_async_register(
        2, xmprt_reduce_start(g, -1, XMPRT_RED_SUM, XMPRT_F64, &x, 1),
        XMPRT_F64, &v);
  } else if (!strcmp(what, "checkholds")) {
    // element 7 of a block-distributed 8-element array, checked on every
    // rank (rank 1 of 2 owns it; rank 0 stops)
    xmprt_darray *a = blockArray8();
    int64_t i = 7;
    xmprt_darray_check_holds(a, &i, "a", "prog.c:12:7");
  } else if (!strcmp(what, "checkholdsoob")) {
    // an index past the end, checked on every rank
    xmprt_darray *a = blockArray8();
    int64_t i = 8;
    xmprt_darray_check_holds(a, &i, "b", "prog.c:14:9");
  } else if (!strcmp(what, "checkholdsneg")) {
    // a base below 0 (a run-time template lower bound under the align
    // offset): darray index 8, past the end, is C index 6
    xmprt_darray *a = blockArray8();
    int64_t i = 8, base = -2;
    xmprt_darray_check_holds_based(a, &i, &base, "v", "prog.c:16:3");
  } else if (!strcmp(what, "gmoveon")) {
    // a gmove executed by rank 0 alone (node subset of the grid's first
    // rank) reading elements 0..7 of a block array of 2 ranks: element 4
    // is rank 1's. Rank 0 stops; rank 1, outside, waits in the barrier.
    xmprt_darray *a = blockArray8();
    int64_t s[] = {XMPRT_DYNAMIC}, first[3] = {0, 1, 1};
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_grid *q = xmprt_grid_subset(g, 1, first);
    double loc[8];
    int64_t n = 8, sec[3] = {0, 8, 1};
    xmprt_darray *m = xmprt_darray_wrap_local(a, 1, &n, XMPRT_F64, loc);
    xmprt_gmove_on(q, 3, 0, m, sec, a, sec, "gmove 'loc = a' at t.c:3:5");
    xmprt_barrier(nullptr);
  } else if (!strcmp(what, "gmoveondst")) {
    // the same for a destination element of rank 1, in the started form
    xmprt_darray *a = blockArray8();
    int64_t s[] = {XMPRT_DYNAMIC}, first[3] = {0, 1, 1};
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_grid *q = xmprt_grid_subset(g, 1, first);
    double loc[8] = {0};
    int64_t n = 8, dsec[3] = {3, 6, 1}, ssec[3] = {0, 3, 1};
    xmprt_darray *m = xmprt_darray_wrap_local(a, 1, &n, XMPRT_F64, loc);
    xmprt_wait(xmprt_gmove_on_start(q, 3, 0, a, dsec, m, ssec,
                                    XMPRT_GMOVE_OWN_SRC, nullptr));
    xmprt_barrier(nullptr);
  } else if (!strcmp(what, "rmamode")) {
    xmprt_darray *a = blockArray8();
    int64_t sec[3] = {0, 8, 1};
    xmprt_gmove_onesided(9, 3, 0, a, sec, a, sec);
  }
  xmprt_finalize();
  return 0;
}
