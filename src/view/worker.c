/*
 * worker.c - whole-launch totals on a thread of their own, so that no key
 * waits for them (brute force can take minutes): start one, poll it for
 * progress or its result, free it (which cancels it first).
 *
 * The thread only reads the launch (the model is thread-safe for readers)
 * and writes the worker's own totals; finished is its one flag to the
 * owner.  Must not print, exit, or know curses.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "worker.h"

struct worker {
	pthread_t		 thread;
	const struct launch	*l;
	enum arch		 arch;
	struct totals_watch	 watch;
	struct totals		 t;
	char			*cause;
	_Atomic int		 finished;	/* 0 running, 1 done, -1 failed */
};

static void *
worker_run(void *arg)
{
	struct worker	*w = arg;
	int		 rc;

	rc = totals_compute_watched(w->l, w->arch, TOTALS_AUTO, &w->t,
	    &w->watch, &w->cause);
	atomic_store(&w->finished, rc == 0 ? 1 : -1);
	return NULL;
}

struct worker *
worker_start(const struct launch *l, enum arch arch)
{
	struct worker	*w;

	if ((w = calloc(1, sizeof *w)) == NULL)
		return NULL;
	w->l = l;
	w->arch = arch;
	if (pthread_create(&w->thread, NULL, worker_run, w) != 0) {
		free(w);
		return NULL;
	}
	return w;
}

enum worker_status
worker_poll(struct worker *w, struct totals *t, const char **cause,
    int *percent, const char **phase)
{
	int64_t	done, work;

	switch (atomic_load(&w->finished)) {
	case 1:
		*t = w->t;
		return WORKER_DONE;
	case -1:
		*cause = w->cause;
		return WORKER_FAILED;
	}
	done = atomic_load(&w->watch.done);
	work = atomic_load(&w->watch.work);
	*percent = work > 0 ? (int)(done * 100 / work) : 0;
	if (*percent > 99)
		*percent = 99;
	*phase = atomic_load(&w->watch.phase);
	return WORKER_RUNNING;
}

void
worker_free(struct worker *w)
{
	if (w == NULL)
		return;
	atomic_store(&w->watch.cancel, 1);
	pthread_join(w->thread, NULL);
	free(w->cause);
	free(w);
}
