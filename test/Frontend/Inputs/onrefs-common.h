// What the programs of the 'on' tests share (onrefs*.c): p's default
// shape NP1 x NP2 (2 x 2), and the counts of checks and of failed checks
// (a failed one prints its line and node) in the program's own
// `static int errors, checks, me` (xmp-cfront compiles the variables and
// functions of the main file: these are macros). Node `me` (1-based)
// prints the counts after the program reduces `errors`; plain clang,
// which ignores the pragmas, runs node 1 alone.
#include <stdio.h>
#ifdef _XCALABLEMP
#include <xmp.h>
#endif
#ifndef NP1
#define NP1 2
#endif
#ifndef NP2
#define NP2 2
#endif

#define check(ok)                                                              \
  do {                                                                         \
    checks++;                                                                  \
    if (!(ok)) {                                                               \
      errors++;                                                                \
      printf("node %d: check at line %d failed\n", me, __LINE__);              \
    }                                                                          \
  } while (0)
#define report()                                                               \
  do {                                                                         \
    if (me == 1) {                                                             \
      printf("XMP-RESULT checks %d\n", checks);                                \
      printf("XMP-RESULT errors %d\n", errors);                                \
    }                                                                          \
  } while (0)
// Node me's place (in the program's `static int p1, p2, i, j, in`): p is
// p1 x p2 (p2 is the job's size over NP1 with -DDYN), `in` whether me is
// one of its nodes, (i, j) its coordinates (1-based, i varying fastest).
#ifdef DYN
#define P2_OF_JOB (xmp_num_nodes() / NP1)
#else
#define P2_OF_JOB NP2
#endif
#ifdef _XCALABLEMP
#define place()                                                                \
  do {                                                                         \
    me = xmp_node_num();                                                       \
    p1 = NP1;                                                                  \
    p2 = P2_OF_JOB;                                                            \
    in = me <= p1 * p2;                                                        \
    i = (me - 1) % p1 + 1;                                                     \
    j = (me - 1) / p1 + 1;                                                     \
  } while (0)
#else
#define place() (void)0
#endif
