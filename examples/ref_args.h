/* ref_args.h -- command-line parsing shared by the sequential C references
 * of the examples (each includes it; compile the reference alone as
 * before: the header is found next to it). */
#ifndef XMP_EXAMPLES_REF_ARGS_H
#define XMP_EXAMPLES_REF_ARGS_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* A whole decimal integer in [lo, hi], else a message and exit 1. */
static long parse_long(const char *prog, const char *what, const char *s,
                       long lo, long hi) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (end == s || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
    fprintf(stderr, "%s: bad %s '%s' (want an integer in [%ld, %ld])\n", prog,
            what, s, lo, hi);
    exit(1);
  }
  return v;
}

#endif
