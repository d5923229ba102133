/* xmp.h - XcalableMP C library functions known to xmp-cfront.
 *
 * xmp-cfront adds this header's directory to the include path (-isystem)
 * and defines _XCALABLEMP, so a program can be compiled both ways:
 *   #ifdef _XCALABLEMP
 *   #include <xmp.h>
 *   #endif
 * The calls become xmp dialect operations (docs/frontend.md); there is no
 * library behind these declarations. */
#ifndef XMP_CFRONT_XMP_H
#define XMP_CFRONT_XMP_H
/* Number of this node in the executing node set, 1-based (all nodes). */
int xmp_node_num(void);
int xmp_all_node_num(void);
/* Number of nodes in the executing node set (all nodes). */
int xmp_num_nodes(void);
int xmp_all_num_nodes(void);
/* Wall clock (MPI_Wtime) and its resolution, in seconds. */
double xmp_wtime(void);
double xmp_wtick(void);
/* 1 when every asynchronous operation started with async(async_id) and
 * not yet completed by wait_async(async_id) has finished its
 * communication, 0 otherwise; never waits. The wait_async is still
 * required (it then returns at once). async_id is a constant expression. */
int xmp_test_async(int async_id);
/* XMP-dev: seconds the CPU part and the GPU part of the last device loop
 * shared between them took (0 for a part that did not run). */
double xmp_cpu_wtime(void);
double xmp_gpu_wtime(void);
/* Distributed arrays allocated at run time: a pointer aligned with a
 * template (`double *a;` `#pragma xmp align a[i] with t(i)`), allocated
 * by the statement `a = xmp_malloc(xmp_desc_of(a), n);` in main's
 * outermost block (one size per dimension; `double (*a)[M]` gives n, M)
 * and freed by `xmp_free(a);` there or at main's end. */
typedef struct xmp_desc *xmp_desc_t;
xmp_desc_t xmp_desc_of(const void *array);
void *xmp_malloc(xmp_desc_t desc, ...);
void xmp_free(void *array);
#endif
