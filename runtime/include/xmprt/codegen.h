/*===- codegen.h - libxmprt entry points for generated code ---------------===*
 *
 * The functions of libxmprt that only generated code calls: scalar forms of
 * the index queries (generated code avoids out-parameters), the template
 * checks and names the lowering emits, the reflect plan cache, the support
 * of device loops (launch grid check, result slots, scratch, sweep chunks),
 * the work-sharing state of XMP's directives, and the protocol of split
 * loops (weights, split points, GPU timing, coherence of the two
 * instances). The compiler declares what it calls itself; this header is
 * the C side of include/xmp/Conversion/RuntimeABI.def, for the runtime's
 * build (runtime/test/AbiCheck.cpp), its tests and code that mimics
 * generated code. Errors as in xmprt.h.
 *===----------------------------------------------------------------------===*/
#ifndef XMPRT_CODEGEN_H
#define XMPRT_CODEGEN_H

#include "xmprt/xmprt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Stops the whole job after a message the program printed itself (the C
 * front end's run-time checks: a gmove section leaving its array, ...):
 * MPI_Abort(MPI_COMM_WORLD, status) when MPI is up, exit(status) otherwise,
 * so that every rank ends as for the runtime's own errors (no signal, no
 * core, exit status `status`). */
void xmprt_stop_job(int32_t status);

/*--- templates (Topology.cpp) ----------------------------------------------*/
/* Checks that a static template (declared so, or specialized at compile
   time by xmp-specialize-shapes) has the sizes the program gives it in
   xmp.template_fix; stops with an error naming the template otherwise. */
void xmprt_template_check(const xmprt_template *t, const int64_t *sizes);
/* xmp.template_fix of a template with a gblock(*) dimension: the block
 * sizes of dimension `dim` (count entries, one per rank of its grid axis;
 * checked at the distribution that follows: count, non-negative, sum). */
void xmprt_template_gblock_fix(xmprt_template *t, int32_t dim,
                               const int64_t *sizes, int64_t count);
/* The template's name in the program (e.g. "u" for @u), for messages;
 * generated code sets it when it creates the template. */
void xmprt_template_set_name(xmprt_template *t, const char *name);
/* The node set's name in the program (e.g. "q" for @q), for messages;
 * generated code sets it when it creates the grid. */
void xmprt_grid_set_name(xmprt_grid *g, const char *name);
/* xmprt_template_distribute, with gblock_counts[i] = the number of entries
 * given for GBLOCK dimension i (ignored for other kinds; may be NULL:
 * trusted as xmprt_template_distribute does): a count that differs from
 * the grid axis size (a dynamic axis sized by the world) is an error
 * instead of a read past the list. Generated code calls this one. */
/* gblock_counts[i] == XMPRT_GBLOCK_FIXED: dimension i is gblock(*), its
 * sizes were given by xmprt_template_gblock_fix (gblock_sizes has no
 * entries for it). */
#define XMPRT_GBLOCK_FIXED (-2)
void xmprt_template_distribute_counted(xmprt_template *t, xmprt_grid *g,
                                       const int32_t *kinds,
                                       const int64_t *params,
                                       const int64_t *gblock_sizes,
                                       const int64_t *gblock_counts);
/* Scalar forms of xmprt_template_owned. */
int64_t xmprt_template_owned_lo(const xmprt_template *t, int32_t dim);
int64_t xmprt_template_owned_hi(const xmprt_template *t, int32_t dim);
/* Ranks on the grid axis of template dim `dim` (1 if not distributed). */
int64_t xmprt_template_procs(const xmprt_template *t, int32_t dim);

/*--- distributed arrays (DArray.cpp) ---------------------------------------*/
/* Scalar forms of xmprt_darray_owned. */
int64_t xmprt_darray_owned_lo(const xmprt_darray *a, int32_t dim);
int64_t xmprt_darray_owned_hi(const xmprt_darray *a, int32_t dim);
/* xmp.check_holds: returns if xmprt_darray_holds(a, idx), else stops the
 * job with "xmprt: rank R: <at>: <name>[i][j] is not on this rank (its
 * owner is rank O) ..." (or says that the index is outside the array, or
 * the rank outside the array's grid). `name` and `at` (a source position)
 * are NUL-terminated and may be NULL. */
void xmprt_darray_check_holds(const xmprt_darray *a, const int64_t *idx,
                              const char *name, const char *at);
/* The same for a source array whose element 0 of dimension d is its index
 * base[d] (its elements below are aligned before the template's lower
 * bound, not part of the darray): the message shows idx[d] + base[d], and
 * an index below a positive base says so. A base may be negative (a
 * template lower bound known at run time only: the darray then starts
 * before the source's element 0). */
void xmprt_darray_check_holds_based(const xmprt_darray *a, const int64_t *idx,
                                    const int64_t *base, const char *name,
                                    const char *at);

/*--- reflect (reflect/Plan.cpp) --------------------------------------------*/
/* Plan cache for plain `reflect`: one plan per (call site key, array,
 * options). */
xmprt_reflect_plan *xmprt_reflect_cached(int64_t site, xmprt_darray *a,
                                         const int64_t *width_lo,
                                         const int64_t *width_hi,
                                         const int32_t *periodic,
                                         const int32_t *channels, int32_t acc,
                                         int32_t orthogonal);
/* The same for `reduce_shadow` (xmprt_reduce_shadow_op_init with `op`,
 * channels auto). */
xmprt_reflect_plan *xmprt_reduce_shadow_cached(int64_t site, xmprt_darray *a,
                                               const int64_t *width_lo,
                                               const int64_t *width_hi,
                                               const int32_t *periodic,
                                               int32_t acc, int32_t op);

/*--- device loops (DeviceLoops.cpp, Gpu.cpp) -------------------------------*/
/* Called by generated code before a 2-D or 3-D device loop launch with its
 * grid (blocks along x, y, z): aborts with a clear message when y or z
 * exceeds CUDA's 65535 (a larger block_size y / z, or more ranks, fits). */
void xmprt_gpu_check_grid(int64_t x, int64_t y, int64_t z);
/* A result slot of `bytes` (1..4096) for the reduction of a device loop,
 * made at the first call and kept in *cell (one cell per call site,
 * initially NULL): zeroed host memory that kernels store to directly
 * (pinned and mapped, same address on the device) when this rank has a
 * GPU, plain host memory otherwise. The host reads it after
 * xmprt_gpu_wait. */
void *xmprt_result_slot(void **cell, int64_t bytes);
/* Device scratch of at least `bytes` for call site *cell (initially NULL;
 * the per-block partials of a reduction, its block counter): kept and grown
 * in stream order, zeroed when (re)made, so a loop in a time step allocates
 * nothing after its first run. */
void *xmprt_gpu_scratch(void **cell, int64_t bytes);
/* A swept device loop (its outermost dimension walked inside each thread)
 * of `planes` iterations of that dimension, each a plane of
 * `blocks_per_plane` blocks of `threads_per_block` threads: the number of
 * chunks the planes are cut into (one grid dimension), for about two waves
 * of blocks on this device at full occupancy; XMP_SWEEP_CHUNK=k fixes k
 * planes per chunk. 0 when there is nothing to do; at most 65535. */
int64_t xmprt_gpu_sweep_chunks(int64_t planes, int64_t blocks_per_plane,
                               int64_t threads_per_block);

/*--- work-sharing state (WorkSharingState.cpp) -----------------------------*/
/* The weight of xmp.reset_weight for following device loops, and the times
 * of the last split loop's parts (xmp.cpu_time / xmp.gpu_time). */
void xmprt_reset_weight(double w);
double xmprt_current_weight(void);
double xmprt_cpu_time(void);
double xmprt_gpu_time(void);
void xmprt_record_split_times(double cpu_seconds, double gpu_seconds);
/* A device loop ran entirely on the host (compiled without GPU code): records
 * its time as the CPU part and warns once (unless XMP_QUIET is set). */
void xmprt_device_loop_on_host(double seconds);

/*--- split loops (WeightControl.cpp, DeviceData.cpp) -----------------------
 * A split device loop runs [lo, s) on the GPU and [s, hi) on the CPU cores;
 * the CPU share (hi - s) / (hi - lo) is the loop's *weight*. These calls
 * are the runtime side of split loops: with the asynchronous CPU executor
 * (xmprt_cpu_parallel_for_start / _wait, xmprt.h) they are what the split
 * pass emits. */

/* Weight of the next step of loop `loop_id` (any id the compiler chooses,
 * one per loop: each has its own state). mode XMPRT_WEIGHT_CURRENT: the
 * weight of xmprt_reset_weight (initially 0); XMPRT_WEIGHT_FIXED: `fixed`
 * (outside [0, 1] or NaN: an error naming the loop, as for
 * xmprt_reset_weight); XMPRT_WEIGHT_AUTO: the controller's weight (first
 * XMP_WEIGHT_INIT, default 0.5). On a rank without a usable GPU (always in
 * the host-only build) it returns 1 in every mode (the arguments are still
 * checked); world rank 0 then warns once per process, "xmprt: warning:
 * rank 0: no GPU on this rank (<why>): device loops run on the CPU cores
 * (weight 1)" (not with XMP_QUIET). Reports are learnt from and traced as
 * usual. Test hook: XMPRT_TEST_ASSUME_GPU=1 hands out the weights as if
 * there were a GPU. */
enum { XMPRT_WEIGHT_CURRENT = 0, XMPRT_WEIGHT_FIXED = 1,
       XMPRT_WEIGHT_AUTO = 2 };
double xmprt_loop_weight(int64_t loop_id, int32_t mode, double fixed);
/* After the step: seconds and iterations of each part (0 iterations: that
 * side did not run). Sets xmprt_cpu_time / xmprt_gpu_time, updates the
 * loop's rate estimates and auto weight, appends to the trace. */
void xmprt_loop_report(int64_t loop_id, double cpu_seconds, int64_t cpu_iters,
                       double gpu_seconds, int64_t gpu_iters);
/* Split point s in [lo, hi]: GPU [lo, s), CPU [s, hi), hi - s about
 * weight * (hi - lo), s - lo a multiple of grain unless s == hi; weight 0
 * gives s = hi, weight 1 gives s = lo; hi <= lo gives lo. XMP_SPLIT_GRAIN
 * overrides grain. */
int64_t xmprt_split_point(int64_t lo, int64_t hi, double weight,
                          int64_t grain);
/* Split of `for (g = lb; g < ub; g += step)` (step >= 1) over template
 * dimension `dim` (any distribution kind; not distributed: every rank runs
 * every iteration) on this rank: of the n iterations g this rank owns
 * (0 <= g < template size), the first c in increasing g go to the GPU,
 * the other n - c to the CPU, c = xmprt_split_point(0, n, weight, grain)
 * (so c is a multiple of grain unless c == n, weight 0 gives c = n, weight
 * 1 gives c = 0, XMP_SPLIT_GRAIN applies). Results, out[4]:
 *   out[0] = s, out[1] = e, out[2] = c, out[3] = n - c,
 * such that the GPU part is exactly the owned iterations with g < s and the
 * CPU part exactly the owned iterations with s <= g < e: s is the first
 * CPU iteration (the c-th owned one, 0-based) when c < n, else s = e;
 * e = last owned iteration + 1. n == 0 (also a rank outside the grid):
 * s = e = lb. Block-like kinds: O(1) (gblock: O(grid axis size)); cyclic:
 * O(log^2 n), no enumeration. */
void xmprt_loop_split(const xmprt_template *t, int32_t dim, int64_t lb,
                      int64_t ub, int64_t step, double weight, int64_t grain,
                      int64_t *out);
/* Time of a split loop's GPU part, with two CUDA events on the runtime's
 * persistent stream: start records the first, stop records the second,
 * waits for it and returns the seconds between the two (the GPU work
 * queued in between, plus any idle time of the stream). Starting again
 * restarts. Without a GPU (no device on this rank, or the host-only build)
 * both abort ("no GPU on this rank (...)", resp. "built without CUDA"): the
 * compiler times only non-empty GPU parts. stop without start aborts. */
void xmprt_gpu_timer_start(void);
double xmprt_gpu_timer_stop(void);
/* A step of loop `loop_id` that runs all on the GPU (no CPU part; what the
 * split pass emits when the CPU part is empty, and every device loop the
 * split pass leaves whole, with a negative id): begin and end record two
 * events on the stream around its kernels and return at once. The time is
 * read when it is needed: the loop's next xmprt_loop_weight in auto mode
 * (the controller learns from it as from xmprt_loop_report: 0 CPU
 * iterations, gpu_iters on the GPU), the weight trace, xmprt_gpu_time /
 * xmprt_cpu_time (the last device loop's times, 0 for the CPU), and
 * MPI_Finalize. Ids < 0 only set those times. Needs a GPU. The events are
 * recorded only when something can read them: the loop is in auto mode,
 * the weight trace or XMP_VERBOSE is on, a module of the program reads
 * xmp.gpu_time / xmp.cpu_time (xmprt_step_times_used), or
 * XMP_STEP_TIMING=always; otherwise begin and end only check their
 * pairing (a step all on the GPU then costs its launches alone). */
void xmprt_loop_gpu_begin(int64_t loop_id);
void xmprt_loop_gpu_end(int64_t loop_id, int64_t gpu_iters);
/* Called by a module's initializer when the module reads xmp.gpu_time or
 * xmp.cpu_time: from then on every GPU-only step is timed. */
void xmprt_step_times_used(void);

/* Split loops and data (DeviceData.cpp). During a split loop the GPU part
 * works on the device instance and the CPU part on the host instance of
 * every array the loop touches; these calls make the two agree again.
 * Before a split loop whose CPU part is not empty, for every array the loop
 * reads or writes: if the array has a device instance holding values the
 * host lacks (a device reflect, or a device write inside a replicate
 * region), waits for the stream and copies the whole local block
 * device->host. No device instance (no GPU, host-only build, a rank outside
 * the grid): nothing. */
void xmprt_darray_host_acquire(xmprt_darray *a);
/* After a split loop, for every array it writes: along *array* dimension
 * `dim` (global array indices, as xmprt_darray_global_to_local: an index
 * of the shadow outside [0, m) names that shadow slot) the GPU part wrote
 * [g0, g1) and the CPU part [c0, c1) (either may be empty or reach beyond
 * this rank's block: each is clipped to the elements this rank stores,
 * owned elements plus the allocated shadow; for a cyclic dimension the
 * stored elements of a range are one run of local indices); all other
 * dimensions: their whole local extent. Copies the local slice of [c0, c1)
 * host->device, then that of [g0, g1) device->host, each as one strided
 * copy on the persistent stream, and waits for them (where the ranges
 * overlap, both instances get the CPU part's values: those of the later
 * iterations, as in the sequential loop). Both instances are then current:
 * the loop must have started from current ones (device_acquire before a
 * non-empty GPU part, host_acquire before a non-empty CPU part), and an
 * instance still marked stale here tells that its part did not run: a
 * stale host (or an empty CPU slice) means no CPU part, a stale device
 * outside a replicate region no GPU part. Without a CPU part: inside a
 * replicate region nothing is copied and the host is marked stale (the
 * device is the reference there: a weight-0 loop costs what a plain device
 * loop does); outside, the GPU slice is copied out (the whole block if the
 * host was stale, e.g. after a device reflect). Without a GPU part outside
 * a region nothing is copied (the device stays stale; its next acquire
 * copies the block). No device instance (no GPU, host-only build) or a
 * rank outside the grid: nothing. The CPU part must be complete (waited
 * for) and the GPU part queued on the persistent stream. */
void xmprt_darray_split_commit(xmprt_darray *a, int32_t dim, int64_t g0,
                               int64_t g1, int64_t c0, int64_t c1);

#ifdef __cplusplus
}
#endif
#endif
