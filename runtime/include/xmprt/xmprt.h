/*===- xmprt.h - public C API of the xmp-mlir runtime (libxmprt) -----------===*
 *
 * What a program (or a tool) that uses libxmprt directly includes: grids,
 * templates, distributed arrays, reflect, collectives, gmove, the GPU and
 * device data, the CPU executor and program support. Every function checks
 * its arguments; on an error the runtime prints
 *   "xmprt: rank R: <function>: <reason>"
 * to stderr and aborts the whole job (MPI_Abort), so nothing hangs.
 *
 * The other parts of the C ABI have headers of their own, which this one
 * does not include:
 *   xmprt/codegen.h  entry points that only generated code calls (scalar
 *                    index getters, plan cache, split loops, result slots);
 *   xmprt/mgpu.h     the mgpu* functions MLIR's gpu-to-llvm lowering calls;
 *   xmprt/testing.h  test hooks.
 * The compiler's table of the functions it calls
 * (include/xmp/Conversion/RuntimeABI.def) is checked against all of them
 * (runtime/test/AbiCheck.cpp).
 *
 * Conventions: row-major everywhere; index ranges are half-open [lo, hi);
 * arrays of per-dimension values are passed as pointers to int64_t (or
 * int32_t where noted) with `rank` entries.
 *===----------------------------------------------------------------------===*/
#ifndef XMPRT_XMPRT_H
#define XMPRT_XMPRT_H

#include <stdint.h>

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
 * rank is outside it (coordinates and rank -1). Coordinates past the
 * parent's axis (a `*` axis on a small job) make a subset without members
 * that stops the job where it is first used (so that a program may declare
 * one for larger jobs); a negative or empty triplet stops it here. */
xmprt_grid *xmprt_grid_subset(const xmprt_grid *parent, int32_t ndims,
                              const int64_t *triplets);
/* A reshaped node subset (XMP's `nodes q(2,2) = p(1:4)`): the ranks the
 * triplets select (as for xmprt_grid_subset), numbered row-major over the
 * kept axes, laid out row-major in `shape` (`ndims` axes, any count). The
 * shape's product must be the selected count; one XMPRT_DYNAMIC axis takes
 * the count divided by the others (which must divide it). Collective over
 * all ranks. */
xmprt_grid *xmprt_grid_subset_reshape(const xmprt_grid *parent,
                                      const int64_t *triplets, int32_t ndims,
                                      const int64_t *shape);

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
/* Frees the descriptor (arrays aligned to it must be destroyed first). */
void xmprt_template_destroy(xmprt_template *t);
/* kinds[i]: XMPRT_DIST_*; params[i]: cyclic width (1 for plain cyclic);
 * gblock_sizes: for every GBLOCK dimension in order, grid-axis-size entries
 * concatenated (may be NULL if there are none). Non-NONE dims are mapped to
 * grid axes in order. */
void xmprt_template_distribute(xmprt_template *t, xmprt_grid *g,
                               const int32_t *kinds, const int64_t *params,
                               const int64_t *gblock_sizes);
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
/* Exposes the array's host block to one-sided gmoves: an MPI window over
 * it on the grid's communicator, in a passive-target epoch (lock_all) until
 * xmprt_darray_destroy frees it. Collective over the array's grid (every
 * grid rank calls it, right after xmprt_darray_create); nothing on ranks
 * outside the grid; a second call does nothing. Needs MPI's unified memory
 * model (an error otherwise). */
void xmprt_darray_enable_rma(xmprt_darray *a);
/* Element size in bytes (I1: 1). */
int32_t xmprt_darray_elem_size(const xmprt_darray *a);
/* Number of elements of array dim `dim` owned by this rank (any kind). */
int64_t xmprt_darray_owned_count(const xmprt_darray *a, int32_t dim);
void *xmprt_darray_data(const xmprt_darray *a);
int64_t xmprt_darray_local_extent(const xmprt_darray *a, int32_t dim);
/* Number of elements of array dim `dim` of the whole array (its global
 * size, the same on every rank; XMP's xmp_array_gsize). */
int64_t xmprt_darray_gsize(const xmprt_darray *a, int32_t dim);
/* Global owned range [lo, hi) of array dim `dim` on this rank (block-like
 * dims), or the whole dimension when not distributed / full shadow. */
void xmprt_darray_owned(const xmprt_darray *a, int32_t dim, int64_t *lo,
                        int64_t *hi);
/* Local index of global index g (any distribution; includes the shadow). */
int64_t xmprt_darray_global_to_local(const xmprt_darray *a, int32_t dim,
                                     int64_t g);
/* 1 if this rank holds element idx (`rank` global indices): owns it or has
 * it in its shadow (a full shadow or an unaligned dimension holds the whole
 * dimension; a rank owning nothing of a dimension holds no shadow of it);
 * 0 otherwise, also outside the array's grid and for an index outside the
 * array. */
int32_t xmprt_darray_holds(const xmprt_darray *a, const int64_t *idx);

/*--- reflect --------------------------------------------------------------*/
/* width_lo/hi: per dim (NULL = the whole shadow); periodic: per dim 0/1
 * (NULL = none); channels: per dim XMPRT_CHANNEL_* (NULL = auto); acc: 0 host,
 * 1 device data. The plan is persistent. AUTO: TCA for the peers the plan
 * can map, IB for the others, until the plan's first reflects have timed
 * that against IB for every peer (XMP_CHANNEL_TUNE, docs/runtime.md
 * "Channel tuning"; collective over the array's grid, whose ranks all
 * start every reflect of the plan).
 * acc = 1 (CUDA build, a GPU needed at init) acts on the device instance.
 * The plan does not need the instance when it is built: it binds to it at
 * the first start (outside a replicate region the instance is made current
 * first, as by xmprt_darray_device_acquire) and binds again whenever the
 * instance was re-created. IB: pack kernels, pinned host buffers, MPI. TCA
 * (peers in the sub-cluster): CUDA IPC mappings of the peers' instances,
 * copies straight into their halos. A peer whose instance CUDA cannot map
 * is served through IB (both ways); xmprt_reflect_channel then says IB.
 * A host reflect (acc = 0) marks the device instance stale on completion.
 * orthogonal = 1 (XMP's `reflect ... orthogonal`): each dimension's halo
 * restricted to the owned range of the other dimensions, no corner written;
 * the dimensions' messages are all started at once (not one dimension
 * after the other). orthogonal = 0: every shadow element in the widths,
 * corners included. */
xmprt_reflect_plan *xmprt_reflect_init(xmprt_darray *a, const int64_t *width_lo,
                                       const int64_t *width_hi,
                                       const int32_t *periodic,
                                       const int32_t *channels, int32_t acc,
                                       int32_t orthogonal);
/* A shadow-reduction plan (XMP's `reduce_shadow`), run and destroyed like a
 * reflect plan (xmprt_reflect_do / _start / _wait / _destroy): every owned
 * element becomes its value plus the values of all its shadow copies on
 * all ranks inside the widths (corner copies included; periodic dims wrap,
 * shadow elements outside the array on other dims are ignored). Shadows
 * are read, never written: they keep their values. The element type must
 * have addition (not I1); integers wrap, the order of the additions is
 * unspecified. Arguments as for xmprt_reflect_init; every shadow box goes
 * straight to its owner, all of them at once (IB messages added on
 * receipt; TCA peers' halo boxes pulled and added by the owner). */
xmprt_reflect_plan *xmprt_reduce_shadow_init(xmprt_darray *a,
                                             const int64_t *width_lo,
                                             const int64_t *width_hi,
                                             const int32_t *periodic,
                                             const int32_t *channels,
                                             int32_t acc);
/* reduce_shadow with another operation: op XMPRT_RED_SUM (the same as
 * xmprt_reduce_shadow_init), XMPRT_RED_MAX or XMPRT_RED_MIN: every owned
 * element becomes the max (min) of its value and the values of all its
 * shadow copies, on integer types (compared signed; I1 as 0 / 1), F32 and
 * F64 (compared with > / <: a NaN copy never replaces a value). */
xmprt_reflect_plan *xmprt_reduce_shadow_op_init(xmprt_darray *a,
                                                const int64_t *width_lo,
                                                const int64_t *width_hi,
                                                const int32_t *periodic,
                                                const int32_t *channels,
                                                int32_t acc, int32_t op);
/* XMP_REFLECT_STATS=1: do, start and wait add their wall time to the
 * plan's record (creation order), reported by xmprt_finalize. */
void xmprt_reflect_do(xmprt_reflect_plan *p);
void xmprt_reflect_start(xmprt_reflect_plan *p);
void xmprt_reflect_wait(xmprt_reflect_plan *p);
/* Channel actually used for (dim, side 0=lo 1=hi) on this rank. For
 * acc = 1 plans before their first start: the channel planned (TCA inside
 * the sub-cluster) before CUDA IPC was tried. An AUTO dimension being
 * tuned: the rule's channel between reflects, the chosen one after. */
int32_t xmprt_reflect_channel(const xmprt_reflect_plan *p, int32_t dim,
                              int32_t side);
/* Prints the plan (one line per dimension; "acc=1" for device plans). */
void xmprt_reflect_print(const xmprt_reflect_plan *p);
void xmprt_reflect_destroy(xmprt_reflect_plan *p);

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
/* Broadcast `bytes` bytes along grid axis `axis`: every rank gets the bytes
 * of the rank whose coordinate on that axis is `root` and whose other
 * coordinates are its own (XMP's `bcast ... on p(:, *)`; several axes: one
 * call per axis, in any order). Ranks outside the grid take no part. */
void xmprt_bcast_axis(xmprt_grid *g, int32_t axis, int64_t root, void *buf,
                      int64_t bytes);
/* Asynchronous forms (XMP's `async`): start the same in-place operation and
 * return a request that xmprt_wait completes and frees; the buffer belongs
 * to the operation until then. Every request is waited for exactly once:
 * a second xmprt_wait, and a request still in flight at xmprt_finalize, stop
 * the job with an error naming the operation (gmoves: xmprt_gmove_start).
 * Plain MPI_Iallreduce / MPI_Ibcast; a device buffer is staged: copied to
 * a host buffer of the request at the start (after the stream's work),
 * the message passing runs on it, and it is copied back at the wait. The
 * hybrid collective mode and counts past INT_MAX complete at the start
 * (the result is the same; nothing overlaps). NULL is returned
 * where there is nothing to wait for (outside the grid, count 0); xmprt_wait
 * accepts it. */
typedef struct xmprt_request xmprt_request;
xmprt_request *xmprt_reduce_start(xmprt_grid *g, int32_t axis, int32_t op,
                                  int32_t elem_type, void *buf, int64_t count);
xmprt_request *xmprt_bcast_start(xmprt_grid *g, const int64_t *root, void *buf,
                                 int64_t bytes);
/* xmprt_bcast_axis, started (one axis). */
xmprt_request *xmprt_bcast_axis_start(xmprt_grid *g, int32_t axis, int64_t root,
                                      void *buf, int64_t bytes);
void xmprt_wait(xmprt_request *r);
/* The asynchronous reduction of one scalar (XMP's `reduction(op: x)
 * async(id)` on a scalar): `value` (one element of elem_type) is copied
 * into the request, reduced there, and handed out by xmprt_wait_value.
 * Never NULL (outside the grid, or on a grid of one rank, the value comes
 * back unchanged). */
xmprt_request *xmprt_reduce_value_start(xmprt_grid *g, int32_t axis,
                                        int32_t op, int32_t elem_type,
                                        const void *value);
/* The asynchronous broadcast of one scalar (XMP's `bcast (x) async(id)`):
 * `value` (one element of elem_type) is copied into the request and
 * replaced there by the root's; xmprt_wait_value hands it out. Never NULL
 * (outside the grid the value comes back unchanged). */
xmprt_request *xmprt_bcast_value_start(xmprt_grid *g, const int64_t *root,
                                       const void *value, int32_t elem_type);
/* xmprt_bcast_value_start along one grid axis, from the rank at coordinate
 * `root` on it (as xmprt_bcast_axis). */
xmprt_request *xmprt_bcast_axis_value_start(xmprt_grid *g, int32_t axis,
                                            int64_t root, const void *value,
                                            int32_t elem_type);
/* xmprt_wait for a request of xmprt_reduce_value_start or
 * xmprt_bcast_value_start, which then stores the value (one element of
 * elem_type, the type it was started with: an error otherwise) at `out`.
 * An error on a request that carries no value (the in-place operations). */
void xmprt_wait_value(xmprt_request *r, int32_t elem_type, void *out);
/* XMP's xmp_test_async for one request (of any _start function here or
 * among the gmoves below): 1 when the operation's communication is
 * complete on this rank, so that the request's xmprt_wait /
 * xmprt_wait_value returns at once with the same result; 0 otherwise. Never
 * blocks (MPI_Test / MPI_Testall, which progress the communication), so
 * polling it ends once every rank the operation waits for has started it.
 * It completes nothing: the request must still be waited for exactly once,
 * and until then its buffer belongs to the operation (in-place results, a
 * scalar's value and a gmove's destination are delivered by the wait).
 * Local to the caller; any number of times. NULL (nothing to wait for):
 * 1. A one-sided gmove (xmprt_gmove_onesided_start): `in`, 1 when every get
 * has arrived; `out`, 1 when every put has left this rank's buffer (MPI
 * shows a put's arrival at its target only to the blocking MPI_Win_flush,
 * which the wait does: there it waits for the targets' acknowledgement
 * alone). A request already waited for, or not in flight, stops the job
 * with an error naming the operation, as a second xmprt_wait does. */
int32_t xmprt_test(xmprt_request *r);
/* XMP's async ids (xmp.async_register / wait_async / test_async): the
 * operations started with `async(id)` whose wait is not in sight of the
 * start (the start inside an if or a loop, the wait after it). A request
 * (any _start function's; NULL is accepted and completes at once) or a
 * started reflect plan (xmprt_reflect_start) is handed to the id; `out`
 * (with its elem_type) is where xmprt_async_wait stores the value of
 * xmprt_reduce_value_start's or xmprt_bcast_value_start's request (NULL,
 * and elem_type -1, for the in-place ones). The id owns the operation: no
 * other xmprt_wait / xmprt_reflect_wait of it. */
void xmprt_async_register(int64_t id, xmprt_request *r, int32_t elem_type,
                          void *out);
void xmprt_async_register_reflect(int64_t id, xmprt_reflect_plan *p);
/* Completes every operation registered with `id` on this rank and not yet
 * completed, in the order they were registered; returns at once with none.
 * Operations registered and never completed stop the job at xmprt_finalize,
 * naming their id. */
void xmprt_async_wait(int64_t id);
/* xmprt_test of every request registered with `id`: 1 when all are
 * complete (or there are none), 0 otherwise; completes nothing. A
 * registered reflect stops the job (a reflect has no test). */
int32_t xmprt_async_test(int64_t id);
/* Barrier over the grid, or over every rank of the job when g is NULL. */
void xmprt_barrier(xmprt_grid *g);
/* Barrier among the ranks of the grid that share this rank's coordinates
 * on every axis but `axis` (XMP's `barrier on p(:, *)`; several axes: one
 * call per axis, which synchronizes the ranks sharing the other
 * coordinates). Ranks outside the grid take no part. */
void xmprt_barrier_axis(xmprt_grid *g, int32_t axis);
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
/* Collectives on device buffers (xmprt_reduce, xmprt_bcast,
 * xmprt_allgather, xmprt_reduce_start, xmprt_bcast_start in the CUDA
 * build): STAGED through host memory around the host algorithms above;
 * NCCL wherever NCCL can do the operation on that communicator (libnccl.so.2
 * loaded at run time, one GPU per rank; otherwise staged); AUTO (the
 * default) NCCL when usable and the message has at least XMP_NCCL_MIN_BYTES
 * bytes. The default comes from XMP_DEVICE_COLLECTIVES=staged|nccl|auto.
 * Every rank of a communicator must use the same mode. */
enum {
  XMPRT_DEVCOLL_STAGED = 0,
  XMPRT_DEVCOLL_NCCL = 1,
  XMPRT_DEVCOLL_AUTO = 2
};
void xmprt_set_device_collectives(int32_t mode);
int32_t xmprt_get_device_collectives(void);

/*--- gmove ----------------------------------------------------------------*/
/* dst[dsec] = src[ssec]; sections as (lb, ub, step) triples per dim (step >
 * 0); shapes must agree after dropping extent-1 dims; the schedule is cached
 * per (site, arrays, sections). Collective over MPI_COMM_WORLD (arrays on
 * any grid, node subsets included). */
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
/* Asynchronous gmove (XMP's `gmove async`): the same assignment, started
 * here (collective over MPI_COMM_WORLD like xmprt_gmove: every rank starts
 * its gmoves in the same order) and complete after xmprt_wait on the
 * request, which is never NULL. The start packs the source section and
 * posts the messages (MPI_Isend / MPI_Irecv); the wait receives and unpacks
 * into the destination. Between the two the source section must not be
 * written and the destination not be read or written; destroying either
 * array is an error. `owned` (XMPRT_GMOVE_OWN_DST/SRC bits): descriptors of
 * xmprt_darray_wrap_local that the request destroys when it completes.
 * Several may be in flight and waited for in any order. The acc form does
 * what xmprt_gmove_acc does before the start and, for the destination's
 * device instance, at the wait. */
enum { XMPRT_GMOVE_OWN_DST = 1, XMPRT_GMOVE_OWN_SRC = 2 };
xmprt_request *xmprt_gmove_start(int64_t site, xmprt_darray *dst,
                                 const int64_t *dst_sec, xmprt_darray *src,
                                 const int64_t *src_sec, int32_t owned);
xmprt_request *xmprt_gmove_acc_start(int64_t site, xmprt_darray *dst,
                                     const int64_t *dst_sec, xmprt_darray *src,
                                     const int64_t *src_sec, int32_t owned);
/* The collective gmove executed by the ranks of node set `nodes` alone
 * (XMP's gmove inside `task on` a node set; the dialect's `xmp.gmove ...
 * on @q`): collective over the node set's communicator; a rank outside it
 * returns at once (the _start form returns NULL, destroying the `owned`
 * descriptors, and xmprt_wait accepts NULL). acc = 1: as xmprt_gmove_acc.
 * A local array (xmprt_darray_wrap_local) is each executing rank's own: a
 * local destination is assigned on every rank of the node set, a local
 * source is read from the reader's copy. Every element read or written
 * must have a holder among the node set's ranks (a source element: its
 * owner or a replica; a destination element: at least one holder, which
 * is written; replicas outside keep their values): otherwise every
 * executing rank stops the job, before any exchange, with an error naming
 * the element, the side, its holders and the node set's ranks. `what`
 * (may be NULL) names the operation in errors ("gmove at prog.c:12:3").
 * The schedule is cached per (site, arrays, sections, node set). The
 * _start form's messages use a duplicate of the node set's communicator:
 * its ranks start their gmoves on it in the same order. */
void xmprt_gmove_on(xmprt_grid *nodes, int64_t site, int32_t acc,
                    xmprt_darray *dst, const int64_t *dst_sec,
                    xmprt_darray *src, const int64_t *src_sec,
                    const char *what);
xmprt_request *xmprt_gmove_on_start(xmprt_grid *nodes, int64_t site,
                                    int32_t acc, xmprt_darray *dst,
                                    const int64_t *dst_sec, xmprt_darray *src,
                                    const int64_t *src_sec, int32_t owned,
                                    const char *what);
/* One-sided gmove (XMP's `gmove in` / `gmove out`): executed by the
 * calling rank alone; the ranks holding the other side call nothing.
 * XMPRT_GMOVE_IN: the caller assigns the elements of dst[dst_sec] it holds
 * (all of a local array's), each got with MPI_Get from one holder of the
 * source element (the caller itself if it holds it; among replicas the one
 * with the caller's coordinates on the replicated grid axes).
 * XMPRT_GMOVE_OUT: the caller puts every element of src[src_sec] it holds
 * (all of a local array's) with MPI_Put into every holder of the
 * destination element. The remote array (src for IN, dst for OUT) must be
 * a darray exposed by xmprt_darray_enable_rma, and the caller a rank of its
 * grid. Complete at return (MPI_Win_flush on every target: the gets have
 * arrived, the puts are in the targets' memory); the passive ranks see the
 * values after synchronizing with the caller (a barrier), and must not
 * access the elements concurrently. acc = 1: the caller's own blocks are
 * staged as in xmprt_gmove_acc (device values the host lacks come out
 * first, the destination's device instance is refreshed after); the
 * passive ranks' host instances are read and written (a passive rank that
 * keeps the array on its device syncs it itself: xmp.replicate_sync). The
 * schedule is cached per (site, mode, arrays, sections), built locally. */
enum { XMPRT_GMOVE_IN = 1, XMPRT_GMOVE_OUT = 2 };
void xmprt_gmove_onesided(int64_t site, int32_t mode, int32_t acc,
                          xmprt_darray *dst, const int64_t *dst_sec,
                          xmprt_darray *src, const int64_t *src_sec);
/* The same, started: the gets or puts are issued here (MPI_Rget /
 * MPI_Rput, which xmprt_test asks about) and completed at xmprt_wait (the
 * IN destination is assigned there), on the caller alone.
 * Until then the source section must not be written and the destination
 * not be accessed. `owned` as for xmprt_gmove_start. */
xmprt_request *xmprt_gmove_onesided_start(int64_t site, int32_t mode,
                                          int32_t acc, xmprt_darray *dst,
                                          const int64_t *dst_sec,
                                          xmprt_darray *src,
                                          const int64_t *src_sec,
                                          int32_t owned);

/*--- GPU --------------------------------------------------------------------*/
/* 1 when this libxmprt was built with CUDA and sees at least one device.
 * Creates no CUDA context. XMP_VERBOSE=1 prints the device chosen for each
 * rank (or why there is none) the first time it is asked. */
int32_t xmprt_has_gpu(void);
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

/*--- the CPU executor (Executor.cpp) ---------------------------------------
 * Runs the CPU part of split device loops (xmprt/codegen.h), and any
 * outlined loop a program hands it, on the CPU cores of this rank. */

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
/* The 2-D form, for loop nests: fn2 runs the rows [lo, hi) of a chunk and,
 * of the inner dimension's n1 iterations, those numbered [p0, p1) (0-based
 * iteration numbers, not values); k is the piece's index within its row
 * chunk. Rows are cut exactly as above. When that gives fewer chunks than
 * the executor's chunk count (a small CPU share: one row would run on one
 * worker), each row chunk is also cut into P = min(max_pieces, n1,
 * ceil(chunks / row chunks)) pieces of [0, n1), sizes differing by at most
 * one (piece k is [k*n1/P, (k+1)*n1/P)); otherwise P = 1 and every call
 * gets [0, n1) with k = 0. So (a - lo) / grain * max_pieces + k is a
 * distinct index per call. n1 >= 0, max_pieces >= 1. Waited for with
 * xmprt_cpu_parallel_for_wait. */
typedef void (*xmprt_range2_fn)(void *ctx, int64_t lo, int64_t hi, int64_t p0,
                                int64_t p1, int64_t k);
xmprt_cpu_job *xmprt_cpu_parallel_for2_start(xmprt_range2_fn fn, void *ctx,
                                             int64_t lo, int64_t hi,
                                             int64_t grain, int64_t n1,
                                             int64_t max_pieces);
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

/*--- program support (Program.cpp) -----------------------------------------*/
/* Program support: integer command-line argument `index` (1-based) or
 * `fallback`; rank 0 prints "XMP-RESULT <name> <value>" (tags 0 checksum,
 * 1 gosa, 2 mflops, 3 time, -1 zeta, -2 rnorm, -3 verified; any other
 * tag N: valueN). */
int64_t xmprt_arg_i64(int32_t index, int64_t fallback);
/* The same, for an argument that must lie in [lo, hi] (an iteration count,
 * a weight): anything else stops the job with "argument N ('v') is not an
 * integer in [lo, hi]". The fallback is not checked. */
int64_t xmprt_arg_i64_in(int32_t index, int64_t fallback, int64_t lo,
                         int64_t hi);
/* A one-letter argument (a class letter: "S", "w"): its upper-cased ASCII
 * code, or `fallback` when absent. `allowed` is a mask of the accepted
 * letters (bit k: 'A' + k; 0: any letter); anything else stops the job
 * with "argument N ('v') is not one of the letters A, B, S, W" ("... is
 * not a letter" when allowed is 0). The fallback is not checked. */
int64_t xmprt_arg_letter(int32_t index, int64_t fallback, int64_t allowed);
void xmprt_print_scalar_f64(int64_t tag, double value);

#ifdef __cplusplus
}
#endif
#endif
