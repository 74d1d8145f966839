/*
 * state.c - what is on screen and its transitions: choose a variant and
 * its compare partners, rebuild launches, check and clamp the position,
 * evaluate the view models.  Used by show and by the lecture screen alike.
 * No curses, no drawing, no memory rules (those are the model's).
 * Launches live on the heap so a failed change leaves the old one
 * untouched.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "cause.h"
#include "state.h"
#include "worker.h"

const double	state_speeds[] = { 0.5, 1, 2, 4, 8, 15, 30, 60 };
const int	state_nspeeds = sizeof state_speeds / sizeof state_speeds[0];

void
state_status(struct state *st, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(st->status, sizeof st->status, fmt, ap);
	va_end(ap);
}

void
state_init(struct state *st, enum arch arch)
{
	memset(st, 0, sizeof *st);
	st->arch = arch;
	st->speed = 2;
}

int
state_max_panes(int cols)
{
	return cols >= STATE_WIDE_COLS ? STATE_MAX_PANES : 2;
}

int
state_set_width(struct state *st, int cols)
{
	int	same = state_max_panes(cols) == state_max_panes(st->cols);

	st->cols = cols;
	if (same)
		return 0;
	if (!st->compare || st->npanes == 0)
		return 0;
	state_set_partners(st);
	return 1;
}

static void
pane_clear(struct state_pane *p)
{
	worker_free(p->job);
	worker_free(p->so_far_job);
	if (p->l != NULL) {
		launch_free(p->l);
		free(p->l);
	}
	memset(p, 0, sizeof *p);
}

/* Build a pane for v at ps; -1 with *cause when the launch is invalid. */
static int
pane_make(struct state_pane *p, const struct variant *v,
    const struct param_set *ps, char **cause)
{
	memset(p, 0, sizeof *p);
	p->v = v;
	p->ps = *ps;
	if ((p->l = calloc(1, sizeof *p->l)) == NULL) {
		*cause = strdup("out of memory");
		return -1;
	}
	if (launch_init(p->l, ps, cause) != 0) {
		free(p->l);
		p->l = NULL;
		return -1;
	}
	return 0;
}

int
state_set_variant(struct state *st, const struct variant *v,
    const struct param_set *ps, char **cause)
{
	struct state_pane	p;
	struct param_set	defs;

	if (ps == NULL) {
		param_defaults(&defs, v);
		ps = &defs;
	}
	if (pane_make(&p, v, ps, cause) != 0)
		return -1;
	pane_clear(&st->pane[0]);
	st->pane[0] = p;
	st->step = 0;
	st->block[0] = st->block[1] = 0;
	st->warp = 0;
	state_set_partners(st);
	return 0;
}

/*
 * One partner entry, "name" or "name:p=v,p=v": the partner takes pane 0's
 * values for parameters of the same name, then the entry's own.
 */
static int
partner_make(struct state *st, struct state_pane *p, const char *entry,
    size_t len)
{
	struct param_set	 ps;
	char			*cause = NULL;

	if (param_partner(&ps, entry, len, &st->pane[0].ps, catalog_find,
	    &cause) != 0 || pane_make(p, ps.v, &ps, &cause) != 0) {
		state_status(st, "compare: %.*s left out: %s", (int)len, entry,
		    cause);
		free(cause);
		return -1;
	}
	return 0;
}

void
state_set_partners(struct state *st)
{
	const char	*s;
	size_t		 len;
	int		 i, max;

	for (i = 1; i < STATE_MAX_PANES; i++)
		pane_clear(&st->pane[i]);
	st->npanes = 1;
	if (!st->compare)
		return;
	max = state_max_panes(st->cols);
	for (s = st->pane[0].v->compare;
	    st->npanes < max && (s = param_partner_next(s, &len)) != NULL;
	    s += len)
		if (partner_make(st, &st->pane[st->npanes], s, len) == 0)
			st->npanes++;
	if (st->npanes == 1) {
		st->compare = 0;
		if (st->status[0] == '\0')
			state_status(st, "%s has no variant to compare with",
			    st->pane[0].v->name);
	}
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
		if (totals_compute(st->pane[i].l, st->arch, TOTALS_AUTO, &t,
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
		if ((p->job = worker_start(p->l, st->arch)) == NULL) {
			state_retotal(st);	/* no thread: here and now */
			return n;
		}
		snprintf(p->why, sizeof p->why, "computing...");
		p->m.whole_why = p->why;
		n++;
	}
	return n;
}

/* Start, keep or drop the worker for the pane's pending so far. */
static void
pane_so_far(struct state_pane *p)
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
	pane_so_far(p);
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

int64_t
state_nsteps(const struct state *st)
{
	int64_t	n = 1;
	int	i;

	for (i = 0; i < st->npanes; i++)
		if (st->pane[i].l->nsteps > n)
			n = st->pane[i].l->nsteps;
	return n;
}

static int64_t
clamp(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : (v > hi ? hi : v);
}

int
state_check(const struct launch *l, int64_t nsteps, int64_t step,
    int64_t bx, int64_t by, int warp, const char **what, char **cause)
{
	if (bx < 0 || by < 0 || bx >= l->grid[0] || by >= l->grid[1]) {
		*what = "block";
		*cause = cause_printf("%lld,%lld is outside the grid (0..%lld, "
		    "0..%lld)", (long long)bx, (long long)by,
		    (long long)l->grid[0] - 1, (long long)l->grid[1] - 1);
		return -1;
	}
	if (warp < 0 || warp >= l->warps) {
		*what = "warp";
		*cause = cause_printf("%d is outside the block (0..%d)", warp,
		    l->warps - 1);
		return -1;
	}
	if (step < 0 || step >= nsteps) {
		*what = "step";
		*cause = cause_printf("%lld is past the end (0..%lld)",
		    (long long)step, (long long)nsteps - 1);
		return -1;
	}
	return 0;
}

int
state_goto(struct state *st, int64_t step, int64_t bx, int64_t by,
    int warp, const char **what, char **cause)
{
	if (state_check(st->pane[0].l, state_nsteps(st), step, bx, by, warp,
	    what, cause) != 0)
		return -1;
	st->step = step;
	st->block[0] = bx;
	st->block[1] = by;
	st->warp = warp;
	return 0;
}

void
state_update(struct state *st)
{
	struct state_pane	*p;
	char			*cause = NULL;
	int64_t			 step, bx, by;
	int			 i, w;

	/* Pane 0 holds the position; each partner follows it as far as its
	   own launch goes. */
	st->step = clamp(st->step, 0, state_nsteps(st) - 1);
	for (i = 0; i < st->npanes; i++) {
		p = &st->pane[i];
		step = clamp(st->step, 0, p->l->nsteps - 1);
		bx = clamp(st->block[0], 0, p->l->grid[0] - 1);
		by = clamp(st->block[1], 0, p->l->grid[1] - 1);
		w = (int)clamp(st->warp, 0, p->l->warps - 1);
		if (i == 0) {
			st->block[0] = bx;
			st->block[1] = by;
			st->warp = w;
		}
		p->m.so_far_budget = st->background ? STATE_SO_FAR_INLINE : 0;
		p->have_m = view_model_set(&p->m, p->l, st->arch, step, bx, by,
		    w, &cause) == 0;
		pane_so_far(p);
		if (!p->have_m) {
			state_status(st, "%s: %s", p->v->name, cause);
			free(cause);
			cause = NULL;
			continue;
		}
		p->m.whole = p->have_whole ? &p->whole : NULL;
		p->m.whole_why = p->have_whole || p->why[0] == '\0' ? NULL :
		    p->why;
	}
}

int
state_models(const struct state *st, const struct view_model **models)
{
	int	i, n = 0;

	for (i = 0; i < st->npanes; i++)
		if (st->pane[i].have_m)
			models[n++] = &st->pane[i].m;
	return n;
}

void
state_free(struct state *st)
{
	int	i;

	for (i = 0; i < STATE_MAX_PANES; i++)
		pane_clear(&st->pane[i]);
}
