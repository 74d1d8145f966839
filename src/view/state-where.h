/* SPDX-License-Identifier: ISC
 * state-where.h - where an access is in a launch and the step where
 * another launch has the same one (state-where.c): the lesson positions,
 * the loop prompt and the iteration keys through state.h, which includes
 * it; struct state_where and its search for state.c's partners and
 * variant switch.  On the model only.
 */
#ifndef WV_VIEW_STATE_WHERE_H
#define WV_VIEW_STATE_WHERE_H

#include <stdint.h>

#include "launch.h"

/* A lesson position: the site's text and its loops by name. */
struct state_where {
	const char	*text;
	int		 n;
	const char	*names[VARIANT_MAX_LOOPS];
	int64_t		 vals[VARIANT_MAX_LOOPS];
	int64_t		 logical;	/* outer * count + inner of the two
					   innermost loops, or -1 */
	int		 site;		/* its index in the kernel */
	int		 kind;		/* space * OP_COUNT + op */
};

/* The position of step in l (site -1 and n 0 when l has no step). */
void	state_where_of(const struct launch *l, int64_t step,
	    struct state_where *w);
/*
 * state_find, scanning from step `from` on and then from 0.  Sites are
 * tried by how closely they correspond to ours (site index `site` and
 * op/space `kind`, or -1): the same text, then the same place in the
 * kernel, then the same kind of access, then any.  The step, or -1.
 */
int64_t	state_where_find(const struct launch *l, const char *text, int n,
	    const char *const *names, const int64_t *vals, int64_t logical,
	    int64_t from, int site, int kind);
/*
 * Where a lesson position is in launch l: the step of the site written
 * `text` (any site when NULL or absent) whose loops named in names[] have
 * vals[] (an inner loop of count T under an outer loop stands for the
 * logical iteration outer * T + inner, as a tiled kernel's ph and k for a
 * naive k; logical, or -1, is that value of ours when our two innermost
 * loops are such a pair).  Returns the step, or -1 when no step matches.
 */
int64_t	state_find(const struct launch *l, const char *text, int n,
	    const char *const *names, const int64_t *vals, int64_t logical);
/* The step of the same site dir (+1, -1) iterations of its innermost loop
   away, or -1 at the end. */
int64_t	state_iteration(const struct launch *l, int64_t step, int dir);
/* The step of the current site with its loop `name` at val, or -1. */
int64_t	state_loop_value(const struct launch *l, int64_t step,
	    const char *name, int64_t val);

#endif
