/*
 * worker.h - whole-launch totals computed on a thread, off the key path.
 * The launch must outlive the worker: worker_free cancels and joins it
 * (within one step of the brute force or one block of the fast path).
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
/* How the worker is doing; never waits. */
enum worker_status	 worker_poll(struct worker *, struct totals *t,
			     const char **cause, int *percent,
			     const char **phase);
/* Cancel the worker, wait for its thread to end and free it. */
void			 worker_free(struct worker *);

#endif
