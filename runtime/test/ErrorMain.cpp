// Error paths: each scenario must print "xmprt: rank R: <fn>: <reason>" and
// abort the whole job (ctest matches the message; nothing may hang).
#include "xmprt/xmprt.h"

#include <cstring>

int main(int argc, char **argv) {
  xmprt_init(&argc, &argv);
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "grid")) {
    int64_t shape[] = {xmprt_world_size() + 1, XMPRT_DYNAMIC};
    xmprt_grid_create(2, shape);
  } else if (!strcmp(what, "width")) {
    int64_t s[] = {XMPRT_DYNAMIC}, n = 8, sh = 1, w = 2;
    int32_t k = XMPRT_DIST_BLOCK, al = 0;
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_template *t = xmprt_template_create(1, &n);
    xmprt_template_distribute(t, g, &k, nullptr, nullptr);
    xmprt_darray *a =
        xmprt_darray_create(t, 1, &n, &al, nullptr, &sh, &sh, XMPRT_F64);
    xmprt_reflect_init(a, &w, &w, nullptr, nullptr, 0);
  } else if (!strcmp(what, "gmove")) {
    int64_t s[] = {XMPRT_DYNAMIC}, n = 8;
    int32_t k = XMPRT_DIST_BLOCK, al = 0;
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_template *t = xmprt_template_create(1, &n);
    xmprt_template_distribute(t, g, &k, nullptr, nullptr);
    xmprt_darray *a =
        xmprt_darray_create(t, 1, &n, &al, nullptr, nullptr, nullptr, XMPRT_F64);
    int64_t d[3] = {0, 4, 1}, src[3] = {0, 5, 1};
    xmprt_gmove(1, a, d, a, src);
  } else if (!strcmp(what, "device")) {
    // device data without a GPU (or without CUDA in this build)
    int64_t s[] = {XMPRT_DYNAMIC}, n = 8;
    int32_t k = XMPRT_DIST_BLOCK, al = 0;
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_template *t = xmprt_template_create(1, &n);
    xmprt_template_distribute(t, g, &k, nullptr, nullptr);
    xmprt_darray *a =
        xmprt_darray_create(t, 1, &n, &al, nullptr, nullptr, nullptr, XMPRT_F64);
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
    int64_t s[] = {XMPRT_DYNAMIC}, n = 8, out[4];
    int32_t k = XMPRT_DIST_BLOCK;
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_template *t = xmprt_template_create(1, &n);
    xmprt_template_distribute(t, g, &k, nullptr, nullptr);
    xmprt_loop_split(t, 0, 0, n, 0, 0.5, 1, out);
  } else if (!strcmp(what, "gridlimit")) {
    xmprt_gpu_check_grid(4, 65535, 1); // fits
    xmprt_gpu_check_grid(4, 75000, 1);
  } else if (!strcmp(what, "commitdim")) {
    int64_t s[] = {XMPRT_DYNAMIC}, n = 8;
    int32_t k = XMPRT_DIST_BLOCK, al = 0;
    xmprt_grid *g = xmprt_grid_create(1, s);
    xmprt_template *t = xmprt_template_create(1, &n);
    xmprt_template_distribute(t, g, &k, nullptr, nullptr);
    xmprt_darray *a =
        xmprt_darray_create(t, 1, &n, &al, nullptr, nullptr, nullptr, XMPRT_F64);
    xmprt_darray_split_commit(a, 2, 0, 4, 4, 8);
  } else if (!strcmp(what, "null")) {
    xmprt_grid_size(nullptr, 0);
  }
  xmprt_finalize();
  return 0;
}
