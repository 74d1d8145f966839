/* SPDX-License-Identifier: ISC
 * totals-int.h - what the files of the totals share and nothing else
 * includes: totals-launch.c counts a launch, each site by residues where
 * it can (totals-fast.c), the others by visiting every warp; both report
 * their progress to the watcher and look at its cancel flag.
 */
#ifndef WV_TOTALS_INT_H
#define WV_TOTALS_INT_H

#include <stdatomic.h>
#include <stdint.h>

#include "totals.h"

/* Whether the watcher asked to stop; counts work done. */
static inline int
totals_watch_stop(struct totals_watch *wt, int64_t done)
{
	if (wt == NULL)
		return 0;
	atomic_fetch_add_explicit(&wt->done, done, memory_order_relaxed);
	return atomic_load_explicit(&wt->cancel, memory_order_relaxed);
}

/* A new phase of work units begins. */
static inline void
totals_watch_phase(struct totals_watch *wt, const char *what, int64_t work)
{
	if (wt == NULL)
		return;
	atomic_store(&wt->done, 0);
	atomic_store(&wt->work, work);
	atomic_store(&wt->phase, what);
}

/*
 * Site si by residues into t->site[si] (totals-fast.c, which says how).
 * Returns 0; -1 when the site cannot go that way (t->site[si] zeroed,
 * for brute force); -2 when wt cancels.
 */
int	totals_site_fast(const struct launch *, enum arch, int si,
	    struct totals *, struct totals_watch *);

#endif
