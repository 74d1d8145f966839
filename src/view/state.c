/* SPDX-License-Identifier: ISC
 * state.c - what is on screen and its transitions: choose a variant and
 * its compare partners, rebuild launches, check and clamp the position,
 * evaluate the view models, apply a lesson's scene or a bookmark.  Used
 * by show and by the lecture screen alike.  Where an access is in a
 * launch, which the partners follow, is state-where.c; the whole-launch
 * workers state-whole.c; predict first state-ask.c.
 * No curses, no drawing, no memory rules (those are the model's).
 * Launches live on the heap so a failed change leaves the old one
 * untouched.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "cause.h"
#include "state-whole.h"
#include "state.h"
#include "worker.h"
#include "xmalloc.h"

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
	st->dram_cfg = dram_teaching;
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
	p->l = xcalloc(1, sizeof *p->l);
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

int
state_switch(struct state *st, const struct variant *v, char **cause)
{
	struct state_where	 w;
	struct param_set	 ps;
	const struct launch	*l;
	int64_t			 step = -1, bx = st->block[0], by = st->block[1];
	int			 warp = st->warp, have = st->npanes > 0;

	if (have)
		state_where_of(st->pane[0].l, st->step, &w);
	/* The shared parameters, or v's defaults when they make no launch. */
	if (!have || param_partner(&ps, v->name, strlen(v->name),
	    &st->pane[0].ps, catalog_find, cause) != 0 ||
	    state_set_variant(st, v, &ps, cause) != 0) {
		if (have)
			free(*cause);
		*cause = NULL;
		if (state_set_variant(st, v, NULL, cause) != 0)
			return -1;
	}
	if (!have)
		return 0;
	l = st->pane[0].l;
	step = state_where_find(l, w.text, w.n, w.names, w.vals, w.logical,
	    0, w.site, w.kind);
	st->step = step >= 0 ? step : 0;
	if (bx < l->grid[0] && by < l->grid[1]) {
		st->block[0] = bx;
		st->block[1] = by;
	}
	if (warp < l->warps)
		st->warp = warp;
	return 0;
}

/*
 * One partner entry, "name" or "name:p=v,p=v", either followed by
 * "@MODEL" for a memory model of its own (copy-offset@cc1.0 beside
 * copy-offset: how one access aged): the partner takes pane 0's values for
 * parameters of the same name, then the entry's own.
 */
static int
partner_make(struct state *st, struct state_pane *p, const char *entry,
    size_t len)
{
	struct param_set	 ps;
	char			*cause = NULL, name[256];
	size_t			 n;
	int			 a;

	len = arch_suffix(entry, len, &a);
	n = strcspn(entry, ":");
	/* A kernel file that does not read says its own FILE:LINE:COL. */
	if ((n = n < len ? n : len) < sizeof name) {
		memcpy(name, entry, n);
		name[n] = '\0';
		if (catalog_open(name, &cause) == NULL && cause != NULL) {
			state_status(st, "compare: %s", cause);
			free(cause);
			return -1;
		}
	}
	if (param_partner(&ps, entry, len, &st->pane[0].ps, catalog_find,
	    &cause) != 0 || pane_make(p, ps.v, &ps, &cause) != 0) {
		state_status(st, "compare: %.*s left out: %s", (int)len, entry,
		    cause);
		free(cause);
		return -1;
	}
	p->own_arch = a >= 0;
	p->arch = a >= 0 ? (enum arch)a : ARCH_MODERN;
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
	struct state_where	 w;
	char			*cause = NULL;
	int64_t			 step, bx, by, k;
	int			 i, wp;

	/* Pane 0 holds the position; each partner follows it as far as its
	   own launch goes. */
	st->step = clamp(st->step, 0, state_nsteps(st) - 1);
	if (st->npanes > 1)
		state_where_of(st->pane[0].l, clamp(st->step, 0,
		    st->pane[0].l->nsteps - 1), &w);
	for (i = 0; i < st->npanes; i++) {
		p = &st->pane[i];
		step = clamp(st->step, 0, p->l->nsteps - 1);
		/* A partner shows the same access at the same loop values
		   (the logical iteration for a tiled partner), searched from
		   where it was; failing that, the same step. */
		if (i > 0 && (k = state_where_find(p->l, w.text, w.n,
		    w.names, w.vals, w.logical, p->align_step, w.site,
		    w.kind)) >= 0)
			step = k;
		p->align_step = step;
		bx = clamp(st->block[0], 0, p->l->grid[0] - 1);
		by = clamp(st->block[1], 0, p->l->grid[1] - 1);
		wp = (int)clamp(st->warp, 0, p->l->warps - 1);
		if (i == 0) {
			st->block[0] = bx;
			st->block[1] = by;
			st->warp = wp;
		}
		p->m.so_far_budget = st->background ? STATE_SO_FAR_INLINE : 0;
		p->have_m = view_model_set(&p->m, p->l, state_pane_arch(st, i),
		    step, bx, by, wp, &cause) == 0;
		state_whole_so_far(p);
		if (!p->have_m) {
			state_status(st, "%s: %s", p->v->name, cause);
			free(cause);
			cause = NULL;
			continue;
		}
		p->m.whole = p->have_whole ? &p->whole : NULL;
		p->m.focus = st->focus;
		p->m.compiled = i == 0 && st->as_compiled ? st->compiled : NULL;
		p->m.compiled_whole = p->m.compiled != NULL ?
		    st->compiled_whole : NULL;
		p->m.zoom = st->zoom;
		p->m.motion = st->motion * 32 / (STATE_MOTION_PHASES + 1);
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

int
state_draw(struct canvas *cv, const struct state *st,
    const struct view_opts *o)
{
	const struct view_model	*models[STATE_MAX_PANES];
	int			 n, legend = -1;

	if ((n = state_models(st, models)) == 0)
		return 0;
	if (n == 1)
		legend = view_draw(cv, models[0], o);
	else
		view_draw_compare(cv, models, n, o);
	if (st->focus != 0 && st->focus_box)
		view_draw_focus(cv, models, n, legend);
	if (st->dram)
		view_draw_dram(cv, models[0], &st->dram_cfg, VIEW_DRAM_WARPS);
	return n;
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

int
state_apply(struct state *st, const struct lesson_scene *sc, char **cause)
{
	enum arch	was = st->arch;

	st->arch = sc->arch;
	/* The partners are set once pane 0 holds the scene's variant, from
	   the scene's list: with compare on while the variant is set, a
	   kernel file without a compare= line of its own would turn compare
	   off ("no variant to compare with") before the list is seen. */
	st->compare = 0;
	st->partners = NULL;
	if (state_set_variant(st, sc->v, &sc->ps, cause) != 0) {
		st->arch = was;
		st->compare = sc->compare;
		return -1;
	}
	st->compare = sc->compare;
	if (sc->partners[0] != '\0')
		st->partners = sc->partners;
	state_set_partners(st);
	/* The lesson has checked the position against pane 0. */
	st->step = sc->step;
	st->block[0] = sc->block[0];
	st->block[1] = sc->block[1];
	st->warp = sc->warp;
	if (sc->theme[0] != '\0' && role_theme_parse(sc->theme) >= 0)
		role_theme_set(role_theme_parse(sc->theme));
	st->dram = sc->dram;
	if (sc->dram)
		st->dram_cfg = sc->dram_cfg;
	st->focus = sc->lanes;
	st->focus_box = sc->lanes != 0;
	st->playing = 0;
	st->mode = MODE_FRAME;
	/* The question waits for the scene's frame (state_update). */
	st->ask = sc->ask;
	st->ask_pending = sc->ask != PREDICT_NONE;
	st->predict = 0;
	return 0;
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
	sc->dram_cfg = st->dram_cfg;
	if (role_theme_get() != ROLE_THEME_DARK)
		snprintf(sc->theme, sizeof sc->theme, "%s",
		    role_theme_name(role_theme_get()));
	sc->lanes = st->focus;
	snprintf(sc->say, sizeof sc->say, "Bookmark %d: %s at step %lld.",
	    st->nmarks + 1, p->v->name, (long long)st->step);
	st->mark = st->nmarks;
	return st->nmarks++;
}
