/* SPDX-License-Identifier: ISC
 * worker.h - whole-launch totals, or one warp's so far, computed on a
 * thread, off the key path.  The worker builds its own launch from the
 * given launch's parameters, so the given one may be freed at any time;
 * the launch pointer is kept only to recognise the worker.
 */
#ifndef WV_WORKER_H
#define WV_WORKER_H

#include "arch.h"
#include "launch.h"
#include "totals.h"

enum worker_status {
	WORKER_RUNNING,		/* *percent and *phase say how far */
	WORKER_DONE,		/* *t holds the totals */
	WORKER_FAILED		/* *cause says why (the worker owns it) */
};

/* Start computing l's totals under arch; NULL when no thread starts. */
struct worker		*worker_start(const struct launch *, enum arch);
/* Start computing the totals of warp `warp` of block (bx, by) at steps
   0..to (the view model's so far); NULL when no thread starts. */
struct worker		*worker_start_warp(const struct launch *, enum arch,
			     int64_t bx, int64_t by, int warp, int64_t to);
/* Whether w computes that warp's so far (at any step). */
int			 worker_is_warp(const struct worker *,
			     const struct launch *, enum arch, int64_t bx,
			     int64_t by, int warp);
/* The last step a warp worker counts. */
int64_t			 worker_to(const struct worker *);
/* How the worker is doing; never waits. */
enum worker_status	 worker_poll(struct worker *, struct totals *t,
			     const char **cause, int *percent,
			     const char **phase);
/* Let go of the worker: its thread stops within 256 steps of the brute
   force (one block of the fast path) and frees it.  Never waits. */
void			 worker_free(struct worker *);

#endif
