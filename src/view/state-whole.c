/* SPDX-License-Identifier: ISC
 * state-whole.c - the whole-launch totals and the warp's so far behind
 * the state: start, poll, wait for and stop their background workers
 * (worker.c), or compute the totals here and now when no thread can be
 * had, and install what they found into the panes' models.  No curses.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "state-whole.h"
#include "state.h"
#include "worker.h"

enum arch
state_pane_arch(const struct state *st, int i)
{
	return st->pane[i].own_arch ? st->pane[i].arch : st->arch;
}

void
state_retotal(struct state *st)
{
	struct totals	t;
	char		*why = NULL;
	int		 i;

	for (i = 0; i < st->npanes; i++) {
		if (!state_needs_whole(st, i))
			continue;
		if (totals_compute(st->pane[i].l, state_pane_arch(st, i),
		    TOTALS_AUTO, &t,
		    &why) == 0)
			state_set_whole(st, i, &t, NULL);
		else
			state_set_whole(st, i, NULL, why);
		free(why);
		why = NULL;
	}
}

void
state_forget_whole(struct state *st)
{
	int	i;

	for (i = 0; i < st->npanes; i++)
		state_set_whole(st, i, NULL, NULL);
}

int
state_start_whole(struct state *st)
{
	struct state_pane	*p;
	int			 i, n = 0;

	for (i = 0; i < st->npanes; i++) {
		p = &st->pane[i];
		if (!state_needs_whole(st, i))
			continue;
		if ((p->job = worker_start(p->l, state_pane_arch(st, i))) ==
		    NULL) {
			state_retotal(st);	/* no thread: here and now */
			return n;
		}
		snprintf(p->why, sizeof p->why, "computing...");
		p->m.whole_why = p->why;
		n++;
	}
	return n;
}

void
state_whole_so_far(struct state_pane *p)
{
	const struct view_model	*m = &p->m;

	if (p->have_m && m->so_far_pending && worker_is_warp(p->so_far_job,
	    p->l, m->arch, m->block[0], m->block[1], m->warp) &&
	    worker_to(p->so_far_job) <= m->step)
		return;
	worker_free(p->so_far_job);
	p->so_far_job = NULL;
	if (p->have_m && m->so_far_pending)
		p->so_far_job = worker_start_warp(p->l, m->arch, m->block[0],
		    m->block[1], m->warp, m->step);
}

/* Install a finished so far and go on from it; 1 when it changed m. */
static int
pane_poll_so_far(struct state_pane *p)
{
	struct view_model	*m = &p->m;
	struct totals		 t;
	const char		*cause, *phase;
	char			*why = NULL;
	int			 pct;

	if (p->so_far_job == NULL)
		return 0;
	switch (worker_poll(p->so_far_job, &t, &cause, &pct, &phase)) {
	case WORKER_RUNNING:
		return 0;
	case WORKER_DONE:
		if (m->so_far_pending) {
			view_model_so_far(m, &t, worker_to(p->so_far_job));
			if (view_model_set(m, p->l, m->arch, m->step,
			    m->block[0], m->block[1], m->warp, &why) != 0)
				p->have_m = 0;
			free(why);
		}
		break;
	case WORKER_FAILED:
		break;
	}
	worker_free(p->so_far_job);
	p->so_far_job = NULL;
	state_whole_so_far(p);
	return 1;
}

int
state_poll_whole(struct state *st)
{
	struct state_pane	*p;
	struct totals		 t;
	const char		*cause, *phase;
	char			 why[STATE_WHY_MAX];
	int			 i, pct, changed = 0;

	for (i = 0; i < st->npanes; i++) {
		p = &st->pane[i];
		changed |= pane_poll_so_far(p);
		if (p->job == NULL)
			continue;
		switch (worker_poll(p->job, &t, &cause, &pct, &phase)) {
		case WORKER_DONE:
			state_set_whole(st, i, &t, NULL);
			changed = 1;
			break;
		case WORKER_FAILED:
			state_set_whole(st, i, NULL, cause);
			changed = 1;
			break;
		case WORKER_RUNNING:
			snprintf(why, sizeof why, "computing, %d%% (%s; Esc "
			    "stops)", pct, phase != NULL ? phase : "starting");
			if (strcmp(why, p->why) != 0) {
				memcpy(p->why, why, sizeof p->why);
				changed = 1;
			}
			break;
		}
	}
	return changed;
}

int
state_wait_whole(struct state *st, int ms)
{
	struct timespec	nap = { 0, 1000000 }, now;
	double		end;
	int		changed;

	clock_gettime(CLOCK_MONOTONIC, &now);
	end = now.tv_sec + now.tv_nsec / 1e9 + ms / 1e3;
	changed = state_poll_whole(st);
	while (state_busy(st)) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec + now.tv_nsec / 1e9 >= end)
			break;
		nanosleep(&nap, NULL);
		changed |= state_poll_whole(st);
	}
	return changed;
}

int
state_busy(const struct state *st)
{
	int	i;

	for (i = 0; i < st->npanes; i++)
		if (st->pane[i].job != NULL || st->pane[i].so_far_job != NULL)
			return 1;
	return 0;
}

int
state_stop_whole(struct state *st)
{
	int	i, n = 0;

	for (i = 0; i < st->npanes; i++) {
		if (st->pane[i].job == NULL)
			continue;
		state_set_whole(st, i, NULL, "stopped (C-l computes them "
		    "again)");
		st->pane[i].stopped = 1;
		n++;
	}
	return n;
}

void
state_restart_whole(struct state *st)
{
	int	i;

	for (i = 0; i < st->npanes; i++)
		if (st->pane[i].stopped)
			state_set_whole(st, i, NULL, NULL);
}

int
state_needs_whole(const struct state *st, int i)
{
	return !st->pane[i].have_whole && st->pane[i].why[0] == '\0';
}

void
state_set_whole(struct state *st, int i, const struct totals *t,
    const char *why)
{
	struct state_pane	*p = &st->pane[i];

	worker_free(p->job);
	p->job = NULL;
	p->stopped = 0;
	p->have_whole = t != NULL;
	if (t != NULL)
		p->whole = *t;
	snprintf(p->why, sizeof p->why, "%s", why != NULL ? why : "");
	p->m.whole = p->have_whole ? &p->whole : NULL;
	p->m.whole_why = p->have_whole || p->why[0] == '\0' ? NULL : p->why;
}
