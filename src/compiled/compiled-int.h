/* SPDX-License-Identifier: ISC
 * compiled-int.h - what the matcher (compiled.c) hands the counting
 * (compiled-totals.c) about a site's steps.
 */
#ifndef WV_COMPILED_INT_H
#define WV_COMPILED_INT_H

#include <stdint.h>

#include "launch.h"

/* Site si's first step: every loop around it at its first iteration;
   -1 when no node holds it. */
int64_t	compiled_first_step(const struct launch *, int si);
/*
 * The steps, relative to the first, at which site si reads each distinct
 * element of its unrolled nest (*rel, to free; *all the nest's steps):
 * their number, or -1 (see compiled.c).
 */
int	compiled_distinct_steps(const struct launch *, int si, int64_t **rel,
	    int *all);

#endif
