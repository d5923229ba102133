/*===- testing.h - test hooks of libxmprt ----------------------------------===*
 *
 * Functions that exist so that tests (and diagnostics) can observe or
 * drive the runtime; programs do not need them. The environment's test
 * hook, XMPRT_TEST_ASSUME_GPU=1, is in the settings table
 * (docs/runtime.md).
 *===----------------------------------------------------------------------===*/
#ifndef XMPRT_TESTING_H
#define XMPRT_TESTING_H

#include "xmprt/xmprt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Test hook: bytes this process copied between the host and device
 * instances of darrays so far, dir 0 host->device, 1 device->host (acquire,
 * release, replicate_sync, gmove_acc, host_acquire, split_commit; not
 * reflect traffic). 0 in the host-only build. */
int64_t xmprt_darray_copied_bytes(int32_t dir);
/* Test hook: the number of other ranks this process sent elements to in
 * its last xmprt_gmove, and (bytes != NULL) how many bytes it sent them. */
int64_t xmprt_gmove_last_sends(int64_t *bytes);
/* Test hook: the number of other ranks this process reached with MPI_Get /
 * MPI_Put in its last one-sided gmove (xmprt_gmove_onesided[_start]), the
 * bytes moved to or from them (bytes != NULL) and the number of elements
 * it copied within its own blocks (self != NULL). */
int64_t xmprt_gmove_onesided_last(int64_t *bytes, int64_t *self);
/* Weight trace of world rank 0 (as XMP_WEIGHT_TRACE=path): appends one line
 * per xmprt_loop_report to `path` (CSV with a header line when the file is
 * empty; JSON Lines if path ends in .json or .jsonl); NULL or "" closes. */
void xmprt_weight_trace(const char *path);
/* Test hook: the time (seconds) the channel tuner of reflect plans
 * (XMP_CHANNEL_TUNE) records for a timed reflect of plan p while it tunes
 * dimension dim with candidate channel (XMPRT_CHANNEL_TCA: the rule's
 * build, TCA for the peers it maps; XMPRT_CHANNEL_IB: IB for every peer)
 * is fn(ctx, p, dim, channel, measured) instead of the measured time on
 * this rank. NULL restores the measured time. */
typedef double (*xmprt_reflect_tune_time_fn)(void *ctx,
                                             const xmprt_reflect_plan *p,
                                             int32_t dim, int32_t channel,
                                             double measured);
void xmprt_reflect_tune_hook(xmprt_reflect_tune_time_fn fn, void *ctx);
/* Test hook: the tuning of dimension dim of plan p: 0 none (an explicit
 * channel, XMP_CHANNEL_TUNE=0, nothing to exchange, or no rank maps a peer:
 * one candidate), 1 tuning (the decision is to come), 2 tuned (the channel
 * was chosen by measurement; xmprt_reflect_channel gives it). */
int32_t xmprt_reflect_tune_state(const xmprt_reflect_plan *p, int32_t dim);
/* Test hook: how device collectives run on grid g's communicator (axis <
 * 0) or on that of one of its axes, as decided at its first device
 * collective that could use NCCL: 1 NCCL, 0 staged through host memory,
 * -1 not decided (no such collective yet, or outside the grid). The
 * decision as XMP_VERBOSE prints it ("NCCL 2.28.9 (2 GPUs)", "staged: ranks
 * 0 and 1 share GPU 0 (...)") goes to why (size bytes, NUL-terminated;
 * may be NULL). Local: no communication. */
int32_t xmprt_device_collectives_path(const xmprt_grid *g, int32_t axis,
                                      char *why, int64_t size);
/* Test hook: NCCL operations this process has issued for device
 * collectives so far. */
int64_t xmprt_device_collectives_nccl_ops(void);

#ifdef __cplusplus
}
#endif
#endif
