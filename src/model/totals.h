/* SPDX-License-Identifier: ISC
 * totals.h - whole-launch totals per access site and per kind, exact.
 *
 * The fast path uses the structure of the index expressions: when a site's
 * element index is affine in threadIdx, blockIdx and the loop variables and
 * the guard is a conjunction of affine comparisons without loop variables,
 * a warp's pattern depends only on (warp in block, active mask) and its
 * results only on the base address modulo 128 (rules.h).  So the launch
 * reduces to a histogram of residues per (warp, mask) class, convolved with
 * the loops' residues.  Otherwise every warp and step is visited (brute).
 */
#ifndef WV_TOTALS_H
#define WV_TOTALS_H

#include <stdint.h>

#include "arch.h"
#include "launch.h"

struct site_totals {
	int64_t		requests;	/* warp accesses with an active lane */
	int64_t		lanes;		/* active lane accesses */
	int64_t		sectors;	/* global: 32-byte sectors */
	int64_t		ideal;		/* global: ideal sectors */
	int64_t		need;		/* global: sectors a coalesced access needs */
	int64_t		lines;		/* global: 128-byte lines */
	int64_t		transactions;	/* global: segments or lines under
					   an older model, else sectors */
	int64_t		l2_segments;	/* global, cc 2.x: 32-byte segments
					   with L1 bypassed */
	int64_t		bytes_moved;	/* global: sectors*32 or segment bytes */
	int64_t		bytes_used;	/* distinct bytes per request, summed */
	int64_t		wavefronts;	/* shared */
	int64_t		ideal_wavefronts;
	int64_t		serial;		/* constant: serialised reads */
	int64_t		tex_requests;	/* texture: quads (2D) or groups of 8
					   lanes (1D) served, as ncu's
					   requests; sectors and ideal hold
					   its 16- or 32-byte sectors */
	int64_t		classes[5];	/* requests per enum rules_class */
};

enum totals_mode {
	TOTALS_AUTO,		/* fast path where it applies */
	TOTALS_BRUTE		/* visit every warp and step */
};

struct totals {
	enum arch		 arch;
	int			 nsites;
	int			 fast;		/* sites done by the fast path */
	struct site_totals	 site[LAUNCH_MAX_SITES];
	struct site_totals	 global_load, global_store;
	struct site_totals	 global_atomic;	/* read-modify-writes */
	struct site_totals	 shared_load, shared_store;
	struct site_totals	 constant;
	struct site_totals	 local_load, local_store;
	struct site_totals	 texture;
};

/* Add one access's result to a running total. */
void	totals_add(struct site_totals *, enum arch, const struct access_result *,
	    int64_t times);
/* Add b into a. */
void	totals_merge(struct site_totals *a, const struct site_totals *b);
/*
 * Compute the totals of the whole launch.  Returns 0, or -1 with *cause
 * when brute force would be needed and is too large.
 */
int	totals_compute(const struct launch *, enum arch, enum totals_mode,
	    struct totals *, char **cause);
/*
 * A totals_compute_watched that another thread watches: it reads phase,
 * done and work for progress and sets cancel to stop it.  Zero it first.
 */
struct totals_watch {
	_Atomic int		 cancel;	/* set: stop, return -1 soon */
	_Atomic int64_t		 done;		/* units of this phase done */
	_Atomic int64_t		 work;		/* ... of this many */
	const char *_Atomic	 phase;		/* "by residues", "every warp";
						   NULL before the first */
};
/* totals_compute, reporting into wt (NULL: none); -1 with *cause
   "cancelled" when wt->cancel was set. */
int	totals_compute_watched(const struct launch *, enum arch,
	    enum totals_mode, struct totals *, struct totals_watch *wt,
	    char **cause);
/* The kind totals (global load, ..., constant) site s's results go into. */
struct site_totals *totals_kind(struct totals *, const struct launch_site *s);
/*
 * Add `times` times (-1 takes away) warp `warp` of block (bx, by) at steps
 * from..to to t, per site and per kind: the "so far" of one warp.  -1
 * with *cause when a step is outside the launch or wt cancels
 * ("cancelled").
 */
int	totals_warp_add(struct totals *t, const struct launch *, enum arch,
	    int64_t bx, int64_t by, int warp, int64_t from, int64_t to,
	    int64_t times, struct totals_watch *wt, char **cause);
/*
 * Brute force runs on n threads (0, the default: one a core; fewer when
 * the work is small), each over a share of the blocks; the totals and the
 * error reported are those of one thread.
 */
void	totals_set_threads(int n);
/* Work (lane evaluations) brute force would take. */
double	totals_brute_work(const struct launch *);

#endif
