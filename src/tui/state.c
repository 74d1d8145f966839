/*
 * state.c - the TUI's state transitions: choose a variant and its compare
 * partners, rebuild launches and totals, clamp the position and evaluate
 * the view models.  No curses, no drawing, no memory rules (those are the
 * model's).  Launches live on the heap so a failed change leaves the old
 * one untouched.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "state.h"

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

static void
pane_clear(struct state_pane *p)
{
	if (p->l != NULL) {
		launch_free(p->l);
		free(p->l);
	}
	memset(p, 0, sizeof *p);
}

/* Build a pane for v at ps; -1 with *cause when the launch is invalid. */
static int
pane_make(struct state_pane *p, const struct variant *v,
    const struct param_set *ps, enum arch arch, char **cause)
{
	char	*why = NULL;

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
	p->have_whole = totals_compute(p->l, arch, TOTALS_AUTO, &p->whole,
	    &why) == 0;
	free(why);
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
	if (pane_make(&p, v, ps, st->arch, cause) != 0)
		return -1;
	if (v != st->pane[0].v)
		st->partners = NULL;
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
	    &cause) != 0 || pane_make(p, ps.v, &ps, st->arch, &cause) != 0) {
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
	max = st->wide ? STATE_MAX_PANES : 2;
	for (s = st->partners != NULL ? st->partners : st->pane[0].v->compare;
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

int
state_apply_scene(struct state *st, int k, char **cause)
{
	if (state_apply(st, &st->lesson->scenes[k], cause) != 0)
		return -1;
	st->scene = k;
	return 0;
}

int
state_mark(struct state *st)
{
	struct lesson_scene	*sc;
	struct state_pane	*p = &st->pane[0];

	if (st->marks == NULL && (st->marks = calloc(STATE_MAX_MARKS,
	    sizeof *st->marks)) == NULL)
		return -1;
	if (st->nmarks == STATE_MAX_MARKS)
		return -1;
	sc = &st->marks[st->nmarks];
	memset(sc, 0, sizeof *sc);
	snprintf(sc->title, sizeof sc->title, "mark %d", st->nmarks + 1);
	sc->v = p->v;
	sc->ps = p->ps;
	sc->arch = st->arch;
	sc->compare = st->npanes > 1;
	if (sc->compare && st->partners != NULL)
		snprintf(sc->partners, sizeof sc->partners, "%s",
		    st->partners);
	sc->step = st->step;
	sc->block[0] = st->block[0];
	sc->block[1] = st->block[1];
	sc->warp = st->warp;
	sc->dram = st->dram;
	sc->lanes = st->focus;
	snprintf(sc->say, sizeof sc->say, "Bookmark %d: %s at step %lld.",
	    st->nmarks + 1, p->v->name, (long long)st->step);
	st->mark = st->nmarks;
	return st->nmarks++;
}

int
state_apply(struct state *st, const struct lesson_scene *sc, char **cause)
{
	enum arch	was = st->arch;

	st->arch = sc->arch;
	st->compare = sc->compare;
	st->partners = NULL;
	if (state_set_variant(st, sc->v, &sc->ps, cause) != 0) {
		st->arch = was;
		return -1;
	}
	if (sc->partners[0] != '\0') {
		st->partners = sc->partners;
		state_set_partners(st);
	}
	st->step = sc->step;
	st->block[0] = sc->block[0];
	st->block[1] = sc->block[1];
	st->warp = sc->warp;
	st->dram = sc->dram;
	st->focus = sc->lanes;
	st->focus_box = sc->lanes != 0;
	st->playing = 0;
	st->mode = MODE_FRAME;
	return 0;
}

void
state_retotal(struct state *st)
{
	struct state_pane	*p;
	char			*why = NULL;
	int			 i;

	for (i = 0; i < st->npanes; i++) {
		p = &st->pane[i];
		p->have_whole = totals_compute(p->l, st->arch, TOTALS_AUTO,
		    &p->whole, &why) == 0;
		free(why);
		why = NULL;
	}
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

void
state_update(struct state *st)
{
	const struct launch	*l0 = st->pane[0].l;
	struct state_pane	*p;
	char			*cause = NULL;
	int64_t			 step, bx, by;
	int			 i, w;

	st->step = clamp(st->step, 0, state_nsteps(st) - 1);
	st->block[0] = clamp(st->block[0], 0, l0->grid[0] - 1);
	st->block[1] = clamp(st->block[1], 0, l0->grid[1] - 1);
	st->warp = (int)clamp(st->warp, 0, l0->warps - 1);
	for (i = 0; i < st->npanes; i++) {
		p = &st->pane[i];
		step = clamp(st->step, 0, p->l->nsteps - 1);
		bx = clamp(st->block[0], 0, p->l->grid[0] - 1);
		by = clamp(st->block[1], 0, p->l->grid[1] - 1);
		w = (int)clamp(st->warp, 0, p->l->warps - 1);
		p->have_m = view_model_set(&p->m, p->l, st->arch, step, bx, by,
		    w, &cause) == 0;
		if (!p->have_m) {
			state_status(st, "%s: %s", p->v->name, cause);
			free(cause);
			cause = NULL;
			continue;
		}
		p->m.whole = p->have_whole ? &p->whole : NULL;
		p->m.focus = st->focus;
		p->m.zoom = st->zoom;
		p->m.motion = st->motion * 32 / (STATE_MOTION_PHASES + 1);
	}
}

void
state_free(struct state *st)
{
	int	i;

	for (i = 0; i < STATE_MAX_PANES; i++)
		pane_clear(&st->pane[i]);
	free(st->marks);
	st->marks = NULL;
}
