/*===- xmprt.h - C ABI of the xmp-mlir runtime (libxmprt) ------------------===*
 *
 * Generated code (and any other compiler) calls these functions. Every
 * function checks its arguments; on an error the runtime prints
 *   "xmprt: rank R: <function>: <reason>"
 * to stderr and aborts the whole job (MPI_Abort), so nothing hangs.
 *
 * Conventions: row-major everywhere; index ranges are half-open [lo, hi);
 * arrays of per-dimension values are passed as pointers to int64_t (or
 * int32_t where noted) with `rank` entries.
 *===----------------------------------------------------------------------===*/
#ifndef XMPRT_XMPRT_H
#define XMPRT_XMPRT_H

#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct xmprt_grid xmprt_grid;
typedef struct xmprt_template xmprt_template;
typedef struct xmprt_darray xmprt_darray;
typedef struct xmprt_reflect_plan xmprt_reflect_plan;

/* Distribution kinds of one template dimension. */
/* BLOCKN: XMP's block(n), blocks of params[d] = n elements, the last
 * owning ranks' shorter or empty (n * ranks must cover the dimension). */
enum { XMPRT_DIST_NONE = 0, XMPRT_DIST_BLOCK = 1, XMPRT_DIST_CYCLIC = 2,
       XMPRT_DIST_GBLOCK = 3, XMPRT_DIST_BLOCKN = 4 };
/* Channels of one reflect dimension. */
enum { XMPRT_CHANNEL_AUTO = 0, XMPRT_CHANNEL_IB = 1, XMPRT_CHANNEL_TCA = 2,
       XMPRT_CHANNEL_NONE = 3 };
/* Reduction kinds. */
enum { XMPRT_RED_SUM = 0, XMPRT_RED_PROD = 1, XMPRT_RED_MAX = 2,
       XMPRT_RED_MIN = 3, XMPRT_RED_LAND = 4, XMPRT_RED_LOR = 5,
       XMPRT_RED_BAND = 6, XMPRT_RED_BOR = 7, XMPRT_RED_MAXLOC = 8,
       XMPRT_RED_MINLOC = 9, XMPRT_RED_BXOR = 10,
       /* Location reductions (xmprt_reduce_loc only): the value's max or
        * min, and the location values of the rank holding it; ties go to
        * the lowest (FIRST*) or highest (LAST*) rank of the communicator. */
       XMPRT_RED_FIRSTMAX = 11, XMPRT_RED_FIRSTMIN = 12,
       XMPRT_RED_LASTMAX = 13, XMPRT_RED_LASTMIN = 14 };
/* Element types. */
enum { XMPRT_I8 = 0, XMPRT_I16 = 1, XMPRT_I32 = 2, XMPRT_I64 = 3,
       XMPRT_F32 = 4, XMPRT_F64 = 5, XMPRT_C32 = 6 /* complex<f32> */,
       XMPRT_C64 = 7 /* complex<f64> */, XMPRT_I1 = 8 /* stored as 1 byte */ };
/* A shadow width of this value means "full shadow" for that dimension. */
#define XMPRT_FULL_SHADOW (-1)
/* A grid axis or template size of this value is dynamic ('?'). */
#define XMPRT_DYNAMIC (-1)

/*--- topology -------------------------------------------------------------*/
/* Initializes MPI unless the program already did; idempotent. */
void xmprt_init(int *argc, char ***argv);
/* Finalizes MPI only if xmprt_init initialized it; idempotent. With
 * XMP_REFLECT_STATS=1 it first reports the reflect statistics (collective
 * over MPI_COMM_WORLD; rank 0 prints one line per plan to stderr). */
void xmprt_finalize(void);
int32_t xmprt_world_rank(void);
int32_t xmprt_world_size(void);
double xmprt_wtime(void);
/* Resolution of xmprt_wtime in seconds (MPI_Wtick). */
double xmprt_wtick(void);

/* A process grid; shape[i] == XMPRT_DYNAMIC axes are resolved from the world
 * size (factored evenly like MPI_Dims_create). Ranks in row-major order. */
xmprt_grid *xmprt_grid_create(int32_t ndims, const int64_t *shape);
int32_t xmprt_grid_ndims(const xmprt_grid *g);
int64_t xmprt_grid_size(const xmprt_grid *g, int32_t axis);
/* This rank's coordinate on an axis (-1 if the rank is not in the grid). */
int64_t xmprt_grid_coord(const xmprt_grid *g, int32_t axis);
void xmprt_grid_destroy(xmprt_grid *g);
/* A node subset of `parent` (XMP's `nodes q(...) = p(...)`), collective
 * over all ranks: per parent axis a triplet lo, hi, step of coordinates
 * [lo, hi) every step-th (hi = -1: to the axis' end); step 0 selects the
 * single coordinate lo and drops the axis. The kept axes, in order, are
 * the subset's `ndims` axes; its ranks are the parent's ranks on the
 * selected coordinates, row-major in the subset's coordinates; every other
 * rank is outside it (coordinates and rank -1). */
xmprt_grid *xmprt_grid_subset(const xmprt_grid *parent, int32_t ndims,
                              const int64_t *triplets);

/* Resolves a grid shape for `nprocs` processes without creating anything:
 * dynamic axes get the remaining factor of nprocs / prod(static axes),
 * factored evenly (non-increasing, like MPI_Dims_create). Ranks beyond the
 * product are not in the grid. Returns XMPRT_OK, or XMPRT_ERR_ARG (bad
 * ndims/sizes) or XMPRT_ERR_SHAPE (the static axes need more processes than
 * nprocs) and leaves `resolved` unspecified. Never aborts. */
enum { XMPRT_OK = 0, XMPRT_ERR_ARG = 1, XMPRT_ERR_SHAPE = 2 };
int32_t xmprt_grid_resolve_shape(int32_t nprocs, int32_t ndims,
                                 const int64_t *shape, int64_t *resolved);
/* Linear (row-major) rank of this process in the grid, -1 if not in it. */
int32_t xmprt_grid_rank(const xmprt_grid *g);
/* The grid's communicator as a Fortran handle (MPI_Comm_c2f; MPI_Comm_f2c
 * gives it back): its ranks are the grid ranks; MPI_COMM_NULL's handle on
 * ranks outside the grid. Owned by the runtime. */
int32_t xmprt_grid_comm_f(const xmprt_grid *g);

/* Sub-clusters: ranks sharing a host (MPI_COMM_TYPE_SHARED), cut further into
 * groups of XMP_SUBCLUSTER_SIZE consecutive world ranks when that variable is
 * set. The id is the smallest world rank of the sub-cluster. */
int32_t xmprt_subcluster_id(void);
int32_t xmprt_subcluster_size(void);
int32_t xmprt_subcluster_rank(void);
/* GPU of this process: node-local rank (from the launcher's environment,
 * usable before MPI_Init) modulo the number of visible devices; -1 when
 * there is none or this is a host-only build. Creates no CUDA context. */
int32_t xmprt_device_id(void);

/* A template; sizes[i] == XMPRT_DYNAMIC until fixed by xmprt_template_fix. */
xmprt_template *xmprt_template_create(int32_t ndims, const int64_t *sizes);
void xmprt_template_fix(xmprt_template *t, const int64_t *sizes);
/* Checks that a static template (declared so, or specialized at compile
   time by xmp-specialize-shapes) has the sizes the program gives it in
   xmp.template_fix; stops with an error naming the template otherwise. */
void xmprt_template_check(const xmprt_template *t, const int64_t *sizes);
/* The template's name in the program (e.g. "u" for @u), for messages;
 * generated code sets it when it creates the template. */
void xmprt_template_set_name(xmprt_template *t, const char *name);
/* Frees the descriptor (arrays aligned to it must be destroyed first). */
void xmprt_template_destroy(xmprt_template *t);
/* kinds[i]: XMPRT_DIST_*; params[i]: cyclic width (1 for plain cyclic);
 * gblock_sizes: for every GBLOCK dimension in order, grid-axis-size entries
 * concatenated (may be NULL if there are none). Non-NONE dims are mapped to
 * grid axes in order. */
void xmprt_template_distribute(xmprt_template *t, xmprt_grid *g,
                               const int32_t *kinds, const int64_t *params,
                               const int64_t *gblock_sizes);
/* The same, with gblock_counts[i] = the number of entries given for GBLOCK
 * dimension i (ignored for other kinds; may be NULL: trusted as above): a
 * count that differs from the grid axis size (a dynamic axis sized by the
 * world) is an error instead of a read past the list. Generated code calls
 * this one. */
void xmprt_template_distribute_counted(xmprt_template *t, xmprt_grid *g,
                                       const int32_t *kinds,
                                       const int64_t *params,
                                       const int64_t *gblock_sizes,
                                       const int64_t *gblock_counts);
int64_t xmprt_template_size(const xmprt_template *t, int32_t dim);
/* Owned template range of a BLOCK/GBLOCK/NONE dimension on this rank. */
void xmprt_template_owned(const xmprt_template *t, int32_t dim, int64_t *lo,
                          int64_t *hi);
/* Local loop of `for (i = lb; i < ub; i += step)` on template dim `dim`,
 * restricted to the owned part, in global indices: out[0]=start, out[1]=end
 * (exclusive), out[2]=step. For CYCLIC dims the loop is over *local* template
 * indices instead (out[0..2]) and the caller maps them with
 * xmprt_template_local_to_global. */
void xmprt_template_loop(const xmprt_template *t, int32_t dim, int64_t lb,
                         int64_t ub, int64_t step, int64_t *out);
int64_t xmprt_template_local_to_global(const xmprt_template *t, int32_t dim,
                                       int64_t local);
/* Grid axis a template dimension is distributed over (-1 if none), its size
 * and this rank's coordinate on it. */
int32_t xmprt_template_axis(const xmprt_template *t, int32_t dim);
/* This rank's coordinate on the grid axis of template dim `dim` (0 when the
 * dimension is not distributed, -1 when the rank is not in the grid). */
int64_t xmprt_template_coord(const xmprt_template *t, int32_t dim);
/* 1 if this rank owns template index g of dimension `dim` (any
 * distribution; every grid rank for an undistributed dimension), else 0
 * (also outside the grid and for g outside the dimension). */
int32_t xmprt_template_owns(const xmprt_template *t, int32_t dim, int64_t g);

/*--- distributed arrays ---------------------------------------------------*/
/* align[d]: template dim array dim d follows, or -1 (not aligned);
 * offset[d]: a[i] is aligned with t(i + offset[d]);
 * shadow_lo/hi[d]: widths, or XMPRT_FULL_SHADOW in both for a full shadow.
 * The local block is allocated with the same extents on every rank
 * (max owned size + shadows) so compilers can use static shapes. */
xmprt_darray *xmprt_darray_create(xmprt_template *t, int32_t rank,
                                  const int64_t *gshape, const int32_t *align,
                                  const int64_t *offset,
                                  const int64_t *shadow_lo,
                                  const int64_t *shadow_hi, int32_t elem_type);
void xmprt_darray_destroy(xmprt_darray *a);
/* A descriptor of a local (non-distributed) array at `data`: row-major,
 * `shape` elements of `elem_type`, every rank of `like`'s grid holding its
 * own copy (no dimension aligned, no shadow). xmp.gmove to or from a memref
 * uses it; xmprt_darray_destroy frees the descriptor, not the data. */
xmprt_darray *xmprt_darray_wrap_local(const xmprt_darray *like, int32_t rank,
                                      const int64_t *shape, int32_t elem_type,
                                      void *data);
/* Element size in bytes (I1: 1). */
int32_t xmprt_darray_elem_size(const xmprt_darray *a);
/* Number of elements of array dim `dim` owned by this rank (any kind). */
int64_t xmprt_darray_owned_count(const xmprt_darray *a, int32_t dim);
void *xmprt_darray_data(const xmprt_darray *a);
int64_t xmprt_darray_local_extent(const xmprt_darray *a, int32_t dim);
/* Global owned range [lo, hi) of array dim `dim` on this rank (block-like
 * dims), or the whole dimension when not distributed / full shadow. */
void xmprt_darray_owned(const xmprt_darray *a, int32_t dim, int64_t *lo,
                        int64_t *hi);
/* Local index of global index g (any distribution; includes the shadow). */
int64_t xmprt_darray_global_to_local(const xmprt_darray *a, int32_t dim,
                                     int64_t g);

/*--- reflect --------------------------------------------------------------*/
/* width_lo/hi: per dim (NULL = the whole shadow); periodic: per dim 0/1
 * (NULL = none); channels: per dim XMPRT_CHANNEL_* (NULL = auto); acc: 0 host,
 * 1 device data. The plan is persistent.
 * acc = 1 (CUDA build, a GPU needed at init) acts on the device instance.
 * The plan does not need the instance when it is built: it binds to it at
 * the first start (outside a replicate region the instance is made current
 * first, as by xmprt_darray_device_acquire) and binds again whenever the
 * instance was re-created. IB: pack kernels, pinned host buffers, MPI. TCA
 * (peers in the sub-cluster): CUDA IPC mappings of the peers' instances,
 * copies straight into their halos. A peer whose instance CUDA cannot map
 * is served through IB (both ways); xmprt_reflect_channel then says IB.
 * A host reflect (acc = 0) marks the device instance stale on completion. */
xmprt_reflect_plan *xmprt_reflect_init(xmprt_darray *a, const int64_t *width_lo,
                                       const int64_t *width_hi,
                                       const int32_t *periodic,
                                       const int32_t *channels, int32_t acc);
/* XMP_REFLECT_STATS=1: do, start and wait add their wall time to the
 * plan's record (creation order), reported by xmprt_finalize. */
void xmprt_reflect_do(xmprt_reflect_plan *p);
void xmprt_reflect_start(xmprt_reflect_plan *p);
void xmprt_reflect_wait(xmprt_reflect_plan *p);
/* Channel actually used for (dim, side 0=lo 1=hi) on this rank. For
 * acc = 1 plans before their first start: the channel planned (TCA inside
 * the sub-cluster) before CUDA IPC was tried. */
int32_t xmprt_reflect_channel(const xmprt_reflect_plan *p, int32_t dim,
                              int32_t side);
/* Prints the plan (one line per dimension; "acc=1" for device plans). */
void xmprt_reflect_print(const xmprt_reflect_plan *p);
void xmprt_reflect_destroy(xmprt_reflect_plan *p);
/* Plan cache for plain `reflect`: one plan per (call site key, array). */
xmprt_reflect_plan *xmprt_reflect_cached(int64_t site, xmprt_darray *a,
                                         const int64_t *width_lo,
                                         const int64_t *width_hi,
                                         const int32_t *periodic,
                                         const int32_t *channels, int32_t acc);

/*--- collectives ----------------------------------------------------------*/
/* In-place all-reduce of `count` elements over the whole grid (axis < 0) or
 * one grid axis. MAXLOC/MINLOC: buf holds count pairs laid out as the C
 * struct { T value; int64_t index; } (16 bytes for every T; ties take the
 * smallest index). SUM/PROD: all types; MAX/MIN: not complex;
 * LAND/LOR/BAND/BOR: integer types and I1. The algorithm (plain MPI or
 * hybrid) is chosen by xmprt_set_collectives / XMP_COLLECTIVES. */
void xmprt_reduce(xmprt_grid *g, int32_t axis, int32_t op, int32_t elem_type,
                  void *buf, int64_t count);
/* Location reduction of one scalar over the whole grid (axis < 0) or one
 * grid axis: op is XMPRT_RED_FIRSTMAX, _FIRSTMIN, _LASTMAX or _LASTMIN;
 * `value` (integer type or F32/F64, in host memory) becomes the max/min
 * over the ranks; each of the `nlocs` (0..64) location values locs[k], of
 * element type loc_types[k] (integer or F32/F64), becomes the one of the
 * rank holding that max/min. Among ranks holding it, FIRST* picks the
 * lowest rank of the communicator (grid rank order, row-major; along an
 * axis: coordinate order), LAST* the highest. Floats compare with ==
 * (-0.0 ties with 0.0; a NaN is never the max/min unless every rank has
 * one, and then the values are MPI's and the first/last rank's locations).
 * Several axes: call once per axis, the last axis first, so that the
 * ranks are ordered as in the grid. Plain MPI in every collective mode. */
void xmprt_reduce_loc(xmprt_grid *g, int32_t axis, int32_t op,
                      int32_t elem_type, void *value, int32_t nlocs,
                      const int32_t *loc_types, void *const *locs);
/* Broadcast `bytes` bytes from the rank at grid coordinate `root`. */
void xmprt_bcast(xmprt_grid *g, const int64_t *root, void *buf, int64_t bytes);
/* Asynchronous forms (XMP's `async`): start the same in-place operation and
 * return a request that xmprt_wait completes and frees; the buffer belongs
 * to the operation until then. Plain MPI_Iallreduce / MPI_Ibcast; device
 * buffers, the hybrid collective mode and counts past INT_MAX complete at
 * the start (the result is the same; nothing overlaps). NULL is returned
 * where there is nothing to wait for (outside the grid, count 0); xmprt_wait
 * accepts it. */
typedef struct xmprt_request xmprt_request;
xmprt_request *xmprt_reduce_start(xmprt_grid *g, int32_t axis, int32_t op,
                                  int32_t elem_type, void *buf, int64_t count);
xmprt_request *xmprt_bcast_start(xmprt_grid *g, const int64_t *root, void *buf,
                                 int64_t bytes);
void xmprt_wait(xmprt_request *r);
/* Barrier over the grid, or over every rank of the job when g is NULL. */
void xmprt_barrier(xmprt_grid *g);
/* All-gather of `bytes` bytes per rank over the grid (axis < 0) or one grid
 * axis; recv receives them in rank (coordinate) order. */
void xmprt_allgather(xmprt_grid *g, int32_t axis, const void *send,
                     int64_t bytes, void *recv);
/* Collective algorithms on host data: plain MPI, or the hybrid ones
 * (shared memory inside a sub-cluster, MPI between sub-cluster leaders).
 * The default comes from XMP_COLLECTIVES=plain|hybrid (plain if unset). */
enum { XMPRT_COLL_PLAIN = 0, XMPRT_COLL_HYBRID = 1 };
void xmprt_set_collectives(int32_t mode);
int32_t xmprt_get_collectives(void);

/*--- gmove ----------------------------------------------------------------*/
/* dst[dsec] = src[ssec]; sections as (lb, ub, step) triples per dim (step >
 * 0); shapes must agree after dropping extent-1 dims; the schedule is cached
 * per (site, arrays, sections). Collective over MPI_COMM_WORLD. */
void xmprt_gmove(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
                 xmprt_darray *src, const int64_t *src_sec);
/* gmove of `acc` arrays: correct whatever instances they have. A source or
 * destination whose device instance may hold values the host lacks (inside
 * a replicate region, or after a device reflect) is copied device->host
 * first (whole local block); then the host gmove; then the destination's
 * device instance, if any, is refreshed host->device. Without device
 * instances (and in the host-only build) it is exactly xmprt_gmove. */
void xmprt_gmove_acc(int64_t site, xmprt_darray *dst, const int64_t *dst_sec,
                     xmprt_darray *src, const int64_t *src_sec);

/*--- GPU --------------------------------------------------------------------*/
/* 1 when this libxmprt was built with CUDA and sees at least one device.
 * Creates no CUDA context. XMP_VERBOSE=1 prints the device chosen for each
 * rank (or why there is none) the first time it is asked. */
int32_t xmprt_has_gpu(void);
/* Called by generated code before a 2-D or 3-D device loop launch with its
 * grid (blocks along x, y, z): aborts with a clear message when y or z
 * exceeds CUDA's 65535 (a larger block_size y / z, or more ranks, fits). */
void xmprt_gpu_check_grid(int64_t x, int64_t y, int64_t z);
/* The runtime's one persistent non-blocking CUDA stream (cudaStream_t), the
 * same that mgpuStreamCreate hands to generated code. Every copy and kernel
 * of the runtime is queued on it. Aborts when there is no GPU. */
void *xmprt_gpu_stream(void);
/* Generated device loops are launched asynchronously on that stream; the
 * host waits only where it needs what the GPU produced (runtime calls that
 * move or exchange device data wait themselves, and so do xmprt_wtime and
 * xmprt_finalize). Waits for everything queued on the stream; nothing when
 * this process has not used its GPU (or has none). */
void xmprt_gpu_wait(void);
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

/*--- device data ------------------------------------------------------------*/
/* Each darray may have a device instance: the local block (shadows included,
 * same layout and extents as xmprt_darray_data) in GPU memory. Two models:
 *  - automatic (device loops outside any replicate region): acquire makes
 *    the instance hold the host's latest values, release after a writing
 *    loop copies it back, so host code always sees current data;
 *  - explicit (inside xmprt_replicate_begin/end): the program moves data
 *    with xmprt_replicate_sync; acquire/release copy nothing.
 * Copies are of the whole local block (after a split loop: slices, see
 * xmprt_darray_split_commit). Functions that need a GPU abort with
 * "this libxmprt was built without CUDA" in the host-only build. Ranks not
 * in the array's grid hold nothing: acquire returns NULL there. */
enum { XMPRT_ACCESS_READ = 1, XMPRT_ACCESS_WRITE = 2,
       XMPRT_ACCESS_READWRITE = 3 };
/* Before a device loop: mode = XMPRT_ACCESS_* bits. Creates the instance if
 * there is none (kept until xmprt_darray_destroy). Outside a replicate
 * region, if the host changed since the last host->device copy and mode is
 * not 0, copies the block host->device (also for write-only access: release
 * copies the whole block back, so the parts the loop does not write must
 * be current). Returns the device base pointer. */
void *xmprt_darray_device_acquire(xmprt_darray *a, int32_t mode);
/* After a device loop: outside a replicate region, if mode has
 * XMPRT_ACCESS_WRITE, waits for the stream and copies the block
 * device->host (both instances are then equal). Inside one it copies
 * nothing; with XMPRT_ACCESS_WRITE it marks the host instance stale (the
 * device holds values the host lacks), which xmprt_darray_host_acquire,
 * xmprt_gmove_acc and xmprt_replicate_sync(a, 1) act on. */
void xmprt_darray_device_release(xmprt_darray *a, int32_t mode);
/* The host instance changed: the device instance (if any) is stale. The
 * runtime calls it itself after a host reflect, on a host gmove's
 * destination, and at creation. Harmless in the host-only build. */
void xmprt_darray_host_modified(xmprt_darray *a);
/* Replicate regions (nestable): begin creates the device instance if there
 * is none, without copying (contents undefined until
 * xmprt_replicate_sync(a, 0)); end leaves the region and, at the outermost
 * end, frees an instance that begin created (an older one is kept, and
 * counts as stale: outside the region the host instance is the truth). */
void xmprt_replicate_begin(xmprt_darray *a);
void xmprt_replicate_end(xmprt_darray *a);
/* dir 0 (in): host->device; 1 (out): device->host; whole local block,
 * completed on return; both instances are then equal (clears the stale
 * marks). Error if the array has no device instance. */
void xmprt_replicate_sync(xmprt_darray *a, int32_t dir);
/* Nesting depth of replicate regions of the array (0: outside). */
int32_t xmprt_darray_in_replicate(const xmprt_darray *a);

/*--- entry points of MLIR's gpu-to-llvm lowering -----------------------------*/
/* The runtime calls that `gpu-to-llvm` and the LLVM IR translation of
 * `gpu.binary` emit (the signatures of MLIR's CUDA runtime wrappers), backed
 * by the CUDA runtime API on this process's device. Modules are
 * cubins/fatbins (mgpuModuleLoad) or PTX (mgpuModuleLoadJIT); they may be
 * loaded before main (global constructors), before MPI_Init.
 * mgpuStreamCreate returns the persistent stream of xmprt_gpu_stream and
 * mgpuStreamDestroy ignores it. A launch with an empty grid or block does
 * nothing. mgpuMemAlloc allocates stream-ordered device memory; host-shared
 * (managed) memory is refused. mgpuSetDefaultDevice is recorded and
 * ignored (the device is chosen per rank). Any CUDA error aborts with
 * "xmprt: rank R: <mgpu function>: <CUDA message>". On a rank without a GPU
 * (CUDA build) mgpuModuleLoad/mgpuModuleLoadJIT return NULL (the program's
 * module constructor runs everywhere; its device loops run on the CPU
 * there, see xmprt_loop_weight), mgpuModuleUnload(NULL) does nothing, and
 * mgpuModuleGetFunction / mgpuLaunchKernel with a NULL module / kernel
 * abort with "no GPU on this rank (<why>): a device loop part cannot run on
 * the GPU". In the host-only build every one of them aborts with "this
 * libxmprt was built without CUDA". */
void *mgpuModuleLoad(void *data, uint64_t size);
void *mgpuModuleLoadJIT(void *data, int32_t opt_level);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t grid_x, intptr_t grid_y,
                      intptr_t grid_z, intptr_t block_x, intptr_t block_y,
                      intptr_t block_z, int32_t smem, void *stream,
                      void **params, void **extra, uint64_t params_count);
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool is_host_shared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, uint64_t bytes, void *stream);
void mgpuMemset32(void *dst, uint32_t value, uint64_t count, void *stream);
void mgpuMemset16(void *dst, uint16_t value, uint64_t count, void *stream);
void mgpuSetDefaultDevice(int32_t device);
void mgpuMemHostRegister(void *ptr, uint64_t bytes);
void mgpuMemHostUnregister(void *ptr);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t element_size);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t element_size);


/*--- entry points shaped for generated code (Codegen.cpp) ----------------*/
int64_t xmprt_darray_owned_lo(const xmprt_darray *a, int32_t dim);
int64_t xmprt_darray_owned_hi(const xmprt_darray *a, int32_t dim);
int64_t xmprt_template_owned_lo(const xmprt_template *t, int32_t dim);
int64_t xmprt_template_owned_hi(const xmprt_template *t, int32_t dim);
/* Ranks on the grid axis of template dim `dim` (1 if not distributed). */
int64_t xmprt_template_procs(const xmprt_template *t, int32_t dim);
/* Work sharing: weight for following device loops, last split times. */
void xmprt_reset_weight(double w);
double xmprt_current_weight(void);
double xmprt_cpu_time(void);
double xmprt_gpu_time(void);
void xmprt_record_split_times(double cpu_seconds, double gpu_seconds);
/* A device loop ran entirely on the host (compiled without GPU code): records
 * its time as the CPU part and warns once (unless XMP_QUIET is set). */
void xmprt_device_loop_on_host(double seconds);
/* Program support: integer command-line argument `index` (1-based) or
 * `fallback`; rank 0 prints "XMP-RESULT <name> <value>" (tags 0 checksum,
 * 1 gosa, 2 mflops, 3 time). */
int64_t xmprt_arg_i64(int32_t index, int64_t fallback);
/* The same, for an argument that must lie in [lo, hi] (an iteration count,
 * a weight): anything else stops the job with "argument N ('v') is not an
 * integer in [lo, hi]". The fallback is not checked. */
int64_t xmprt_arg_i64_in(int32_t index, int64_t fallback, int64_t lo,
                         int64_t hi);
void xmprt_print_scalar_f64(int64_t tag, double value);

/*--- work sharing: CPU executor and weights (Executor.cpp, WeightControl.cpp)
 * A split device loop runs [lo, s) on the GPU and [s, hi) on the CPU cores;
 * the CPU share (hi - s) / (hi - lo) is the loop's *weight*. These calls
 * are the runtime side of split loops (xmprt_loop_split, the asynchronous
 * executor, the GPU timer and the coherence calls below are what the split
 * pass emits). */

/* The CPU part of a loop, outlined: runs iterations [lo, hi). */
typedef void (*xmprt_range_fn)(void *ctx, int64_t lo, int64_t hi);
/* Runs fn over [lo, hi) (nothing if hi <= lo), cut into chunks that are
 * each a multiple of `grain` (>= 1) iterations except the last; returns
 * when every chunk is done. Chunks run on the executor's workers, never on
 * the calling thread (it is the core left to drive this rank's GPU), in no
 * particular order, possibly concurrently: fn must be safe for that. Chunk
 * count: XMP_CPU_CHUNKS or xmprt_set_cpu_chunks, else the configured worker
 * count, never more than the granules. Executor: XMP_CPU_EXECUTOR=
 * starpu|threads|serial (default starpu when built with StarPU, else
 * threads) or xmprt_set_cpu_executor. A call from inside a chunk runs
 * serially in place. A C++ exception escaping fn aborts the job
 * ("xmprt: rank R: xmprt_cpu_parallel_for: chunk [a, b) threw: ..."). */
void xmprt_cpu_parallel_for(xmprt_range_fn fn, void *ctx, int64_t lo,
                            int64_t hi, int64_t grain);
/* Chunk boundaries (every executor, both forms): chunk k starts at
 * lo + u_k * grain with 0 = u_0 < u_1 < ... (whole granules), so
 * (a - lo) / grain is a distinct index per chunk [a, b) and no chunk starts
 * inside a granule; only the last chunk may end inside one (at hi). */
/* The same, asynchronous: cuts [lo, hi) exactly as xmprt_cpu_parallel_for
 * (which is start + wait) and hands the chunks to the executor's workers;
 * returns at once while they run (starpu, threads). The serial executor and
 * a call from inside a chunk run every chunk before returning (the job is
 * then complete). hi <= lo: a job that is already complete. Several jobs
 * may be outstanding at once, from any threads: their chunks share the
 * workers (threads: first come, first served). Every job must be waited
 * for exactly once. fn and ctx must stay valid until the wait. */
typedef struct xmprt_cpu_job xmprt_cpu_job;
xmprt_cpu_job *xmprt_cpu_parallel_for_start(xmprt_range_fn fn, void *ctx,
                                            int64_t lo, int64_t hi,
                                            int64_t grain);
/* Waits until every chunk of the job is done and frees it. Returns the
 * seconds from its start until its last chunk finished (0 for an empty
 * job). A C++ exception that escaped fn aborts here
 * ("xmprt: rank R: xmprt_cpu_parallel_for_wait: chunk [a, b) threw: ..."). */
double xmprt_cpu_parallel_for_wait(xmprt_cpu_job *job);
/* Threads that run chunks on the selected executor: the configured count W
 * for threads (StarPU: min(W, STARPU_MAXCPUS)), 1 for serial. W is
 * XMP_CPU_WORKERS, else XMP_STARPU_NCPU, else STARPU_NCPU, else the CPUs of
 * this rank's affinity mask divided by the ranks on its host, minus one if
 * this rank has a GPU; at least 1. */
int32_t xmprt_cpu_workers(void);
/* "starpu", "threads" or "serial". */
const char *xmprt_cpu_executor_name(void);
enum { XMPRT_CPU_EXEC_SERIAL = 0, XMPRT_CPU_EXEC_THREADS = 1,
       XMPRT_CPU_EXEC_STARPU = 2 };
/* 1 if this libxmprt has that executor (StarPU: built with it). */
int32_t xmprt_cpu_executor_available(int32_t kind);
/* Selects the executor for following calls (aborts if unavailable). */
void xmprt_set_cpu_executor(int32_t kind);
int32_t xmprt_get_cpu_executor(void);
/* Chunks per call; 0 restores the default (XMP_CPU_CHUNKS, else W). */
void xmprt_set_cpu_chunks(int32_t chunks);
/* Starts the executor's workers (the thread pool's threads, StarPU's
 * starpu_init) ahead of the first job, which would otherwise pay for it.
 * wait != 0: returns 1 once they are up. wait == 0: starts them on a helper
 * thread if they are not up and returns at once: 1 when they are up, 0
 * while they start (ask again). weight(auto) loops call it before their
 * first CPU probe and keep the incumbent weight while it returns 0. */
int32_t xmprt_cpu_executor_start(int32_t wait);

/* Weight of the next step of loop `loop_id` (any id the compiler chooses,
 * one per loop: each has its own state). mode XMPRT_WEIGHT_CURRENT: the
 * weight of xmprt_reset_weight (initially 0); XMPRT_WEIGHT_FIXED: `fixed`
 * clamped to [0, 1]; XMPRT_WEIGHT_AUTO: the controller's weight (first
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
/* Test hook: bytes this process copied between the host and device
 * instances of darrays so far, dir 0 host->device, 1 device->host (acquire,
 * release, replicate_sync, gmove_acc, host_acquire, split_commit; not
 * reflect traffic). 0 in the host-only build. */
int64_t xmprt_darray_copied_bytes(int32_t dir);
/* Weight trace of world rank 0 (as XMP_WEIGHT_TRACE=path): appends one line
 * per xmprt_loop_report to `path` (CSV with a header line when the file is
 * empty; JSON Lines if path ends in .json or .jsonl); NULL or "" closes. */
void xmprt_weight_trace(const char *path);

#ifdef __cplusplus
}
#endif
#endif
