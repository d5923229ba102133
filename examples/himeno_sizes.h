/* himeno_sizes.h -- the Himeno grid by macro, as himenoBMTxps.c selects
 * it, for himeno.c and himeno_ref.c: -DLARGE (257 x 257 x 513), -DMIDDLE
 * (129 x 129 x 257), -DSMALL (65 x 65 x 129), otherwise XS (33 x 33 x 65,
 * the size examples/himeno.mlir runs without arguments); or all three of
 * -DMIMAX=.. -DMJMAX=.. -DMKMAX=.. */
#ifndef XMP_EXAMPLES_HIMENO_SIZES_H
#define XMP_EXAMPLES_HIMENO_SIZES_H

#if !defined(MIMAX) || !defined(MJMAX) || !defined(MKMAX)
#undef MIMAX
#undef MJMAX
#undef MKMAX
#if defined(LARGE)
#define MIMAX 257
#define MJMAX 257
#define MKMAX 513
#elif defined(MIDDLE)
#define MIMAX 129
#define MJMAX 129
#define MKMAX 257
#elif defined(SMALL)
#define MIMAX 65
#define MJMAX 65
#define MKMAX 129
#else /* XS (SSMALL) */
#define MIMAX 33
#define MJMAX 33
#define MKMAX 65
#endif
#endif

#endif
