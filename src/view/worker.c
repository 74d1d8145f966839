/* SPDX-License-Identifier: ISC
 * worker.c - whole-launch totals, or one warp's totals so far, on a
 * thread of their own, so that no key waits for them (brute force can take
 * minutes; a warp's so far, a second at the end of a long kernel): start
 * one, poll it for progress or its result, free it.
 *
 * The thread builds its own launch from the parameters and shares nothing
 * with the owner but the worker struct, whose `state` decides who frees
 * it: freeing a running worker asks it to stop and leaves it to free
 * itself, so that freeing never waits for a thread (which, at idle
 * priority on a busy machine, may not run for a while).  Must not print,
 * exit, or know curses.
 */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "worker.h"
#include "xmalloc.h"

enum {
	WORKER_GOING,		/* the thread runs, the owner holds it */
	WORKER_ENDED,		/* the thread has finished (result in) */
	WORKER_LEFT		/* the owner let go: the thread frees it */
};

struct worker {
	pthread_t		 thread;
	struct param_set	 ps;
	const void		*key;		/* the owner's launch: identity
						   only, never read */
	enum arch		 arch;
	int			 one_warp;	/* else the whole launch */
	int64_t			 bx, by, to;
	int			 warp;
	struct totals_watch	 watch;
	struct totals		 t;
	char			*cause;
	int			 ok;		/* valid once ENDED */
	_Atomic int		 state;
};

static void
worker_destroy(struct worker *w)
{
	free(w->cause);
	free(w);
}

static void *
worker_run(void *arg)
{
	struct worker	*w = arg;
	struct launch	 l;
	int		 rc;
#ifdef SCHED_IDLE
	struct sched_param	sp = { 0 };

	/* Below the thread that reads the keys, whatever the cores. */
	pthread_setschedparam(pthread_self(), SCHED_IDLE, &sp);
#endif

	rc = launch_init(&l, &w->ps, &w->cause);
	if (rc == 0) {
		if (w->one_warp)
			rc = totals_warp_add(&w->t, &l, w->arch, w->bx, w->by,
			    w->warp, 0, w->to, 1, &w->watch, &w->cause);
		else
			rc = totals_compute_watched(&l, w->arch, TOTALS_AUTO,
			    &w->t, &w->watch, &w->cause);
		launch_free(&l);
	}
	w->ok = rc == 0;
	if (atomic_exchange(&w->state, WORKER_ENDED) == WORKER_LEFT)
		worker_destroy(w);
	return NULL;
}

static struct worker *
worker_new(const struct launch *l, enum arch arch)
{
	struct worker	*w;

	w = xcalloc(1, sizeof *w);
	w->ps = l->ps;
	w->key = l;
	w->arch = arch;
	atomic_init(&w->state, WORKER_GOING);
	return w;
}

static struct worker *
worker_go(struct worker *w)
{
	if (pthread_create(&w->thread, NULL, worker_run, w) != 0) {
		worker_destroy(w);
		return NULL;
	}
	return w;
}

struct worker *
worker_start(const struct launch *l, enum arch arch)
{
	struct worker	*w;

	if ((w = worker_new(l, arch)) == NULL)
		return NULL;
	return worker_go(w);
}

struct worker *
worker_start_warp(const struct launch *l, enum arch arch, int64_t bx,
    int64_t by, int warp, int64_t to)
{
	struct worker	*w;

	if ((w = worker_new(l, arch)) == NULL)
		return NULL;
	w->one_warp = 1;
	w->bx = bx;
	w->by = by;
	w->warp = warp;
	w->to = to;
	return worker_go(w);
}

int
worker_is_warp(const struct worker *w, const struct launch *l,
    enum arch arch, int64_t bx, int64_t by, int warp)
{
	return w != NULL && w->one_warp && w->key == l && w->arch == arch &&
	    w->bx == bx && w->by == by && w->warp == warp;
}

int64_t
worker_to(const struct worker *w)
{
	return w->to;
}

enum worker_status
worker_poll(struct worker *w, struct totals *t, const char **cause,
    int *percent, const char **phase)
{
	int64_t	done, work;

	if (atomic_load(&w->state) == WORKER_ENDED) {
		if (!w->ok) {
			*cause = w->cause;
			return WORKER_FAILED;
		}
		*t = w->t;
		return WORKER_DONE;
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
	pthread_t	th;

	if (w == NULL)
		return;
	th = w->thread;
	atomic_store(&w->watch.cancel, 1);
	/* Ended: it touches w no more.  Else it frees w when it ends. */
	if (atomic_exchange(&w->state, WORKER_LEFT) == WORKER_ENDED)
		worker_destroy(w);
	pthread_detach(th);
}
