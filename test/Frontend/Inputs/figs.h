/* figs.h -- what the thesis figure programs (fig31.c, fig34.c, fig35.c)
 * share: printf, the XMP library under xmp-cfront (_XCALABLEMP) or one
 * node for a plain C compiler, and the figures' 4 nodes (-DNODES='*' for
 * any node count). */
#ifndef XMP_TEST_FIGS_H
#define XMP_TEST_FIGS_H
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#else
static int xmp_node_num(void) { return 1; }
#endif

#ifndef NODES
#define NODES 4
#endif
#endif
