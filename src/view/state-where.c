/* SPDX-License-Identifier: ISC
 * state-where.c - where an access is in a launch, and the step where
 * another launch has the same one: the site by its text (or its place in
 * the kernel, or its kind), its loops by name, a tiled pair of loops
 * against a lone one by the logical iteration.  The compare partners
 * follow pane 0 through it, a variant switch keeps its place, and the
 * lessons, the loop prompt and the iteration keys find their steps.
 * Reads launches only (launch_locate); no state, no drawing.
 */
#include "config.h"

#include <string.h>

#include "state-where.h"

/* Does site s have a loop called name? */
static int
where_has_site(const struct launch *l, const struct launch_site *s,
    const char *name)
{
	int	j;

	for (j = 0; j < s->nloops; j++)
		if (strcmp(l->loops[s->loop[j]].var, name) == 0)
			return 1;
	return 0;
}

/* Is name among names[0..n)? */
static int
where_has(const char *const *names, int n, const char *name)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

void
state_where_of(const struct launch *l, int64_t step, struct state_where *w)
{
	struct launch_pos		 pos;
	const struct launch_site	*s;
	int				 i;

	memset(w, 0, sizeof *w);
	w->site = w->kind = -1;
	w->logical = -1;
	if (l->nsteps <= 0 || l->nsites <= 0)
		return;
	launch_locate(l, step, &pos);
	s = &l->sites[pos.site];
	w->text = s->text;
	w->site = pos.site;
	w->kind = (int)s->space * OP_COUNT + (int)s->op;
	w->n = s->nloops;
	for (i = 0; i < s->nloops; i++) {
		w->names[i] = l->loops[s->loop[i]].var;
		w->vals[i] = pos.loop[s->loop[i]];
	}
	w->logical = s->nloops >= 2 ? w->vals[s->nloops - 2] *
	    l->loops[s->loop[s->nloops - 1]].count + w->vals[s->nloops - 1] :
	    -1;
}

/* Steps scanned at most to find a position (a few milliseconds). */
#define STATE_FIND_MAX	(INT64_C(1) << 21)

/*
 * Does step's position match the loops names[] = vals[]?  A loop of ours
 * may be folded the other way: our k against an (outer, k) pair here
 * matches outer * count + k (naive against tiled); our (outer, k) pair,
 * whose logical value is `logical`, against a lone k here matches k.
 */
static int
where_match(const struct launch *l, const struct launch_pos *pos,
    const struct launch_site *s, int n, const char *const *names,
    const int64_t *vals, int64_t logical)
{
	int	i, j, k, found, outer;
	int64_t	cnt;

	for (i = 0; i < n; i++) {
		found = 0;
		for (j = 0; j < s->nloops; j++) {
			k = s->loop[j];
			if (strcmp(l->loops[k].var, names[i]) != 0)
				continue;
			found = 1;
			outer = j > 0 ? s->loop[j - 1] : -1;
			if (outer >= 0 && !where_has(names, n,
			    l->loops[outer].var)) {
				/* Tiled here: outer * count + inner. */
				cnt = l->loops[k].count;
				if (pos->loop[outer] * cnt + pos->loop[k] !=
				    vals[i])
					return 0;
			} else if (outer < 0 && logical >= 0 && i == n - 1 &&
			    n >= 2 && !where_has_site(l, s, names[n - 2])) {
				/* Tiled there, a lone k here. */
				if (pos->loop[k] != logical)
					return 0;
			} else if (pos->loop[k] != vals[i])
				return 0;
		}
		/* Our outer loop folded into the lone k here. */
		if (!found && !(logical >= 0 && n >= 2 && i == n - 2 &&
		    where_has_site(l, s, names[n - 1])))
			return 0;
	}
	return 1;
}

int64_t
state_where_find(const struct launch *l, const char *text, int n,
    const char *const *names, const int64_t *vals, int64_t logical,
    int64_t from, int site, int kind)
{
	struct launch_pos		 pos;
	const struct launch_site	*s;
	int64_t				 k, i0, lim = l->nsteps;
	int				 pass, ok;

	if (l->nsteps <= 0)
		return -1;
	if (lim > STATE_FIND_MAX)
		lim = STATE_FIND_MAX;
	if (from < 0 || from >= l->nsteps)
		from = 0;
	for (pass = 0; pass < 4; pass++)
		for (i0 = 0; i0 < lim; i0++) {
			k = (from + i0) % l->nsteps;
			launch_locate(l, k, &pos);
			s = &l->sites[pos.site];
			switch (pass) {
			case 0:
				ok = text != NULL && strcmp(s->text, text) == 0;
				break;
			case 1:
				ok = pos.site == site;
				break;
			case 2:
				ok = kind == (int)s->space * OP_COUNT + (int)s->op;
				break;
			default:
				ok = 1;
				break;
			}
			/* An access outside loops matches one outside. */
			if (pass > 0 && (n == 0) != (s->nloops == 0))
				ok = 0;
			if (ok && where_match(l, &pos, s, n, names, vals,
			    logical))
				return k;
		}
	return -1;
}

int64_t
state_find(const struct launch *l, const char *text, int n,
    const char *const *names, const int64_t *vals, int64_t logical)
{
	return state_where_find(l, text, n, names, vals, logical, 0, -1, -1);
}

int64_t
state_iteration(const struct launch *l, int64_t step, int dir)
{
	struct launch_pos	pos;
	int64_t			k, lim = STATE_FIND_MAX;
	int			site;

	if (step < 0 || step >= l->nsteps)
		return -1;
	launch_locate(l, step, &pos);
	site = pos.site;
	for (k = step + dir; k >= 0 && k < l->nsteps && lim-- > 0; k += dir) {
		launch_locate(l, k, &pos);
		if (pos.site == site)
			return k;
	}
	return -1;
}

int64_t
state_loop_value(const struct launch *l, int64_t step, const char *name,
    int64_t val)
{
	struct state_where	w;
	int			i;

	state_where_of(l, step, &w);
	for (i = 0; i < w.n; i++)
		if (strcmp(w.names[i], name) == 0)
			w.vals[i] = val;
	return state_where_find(l, w.text, w.n, w.names, w.vals, -1, 0,
	    w.site, w.kind);
}
