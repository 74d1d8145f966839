/* SPDX-License-Identifier: ISC
 * compiled-totals.c - the whole launch as compiled (compiled.h), from the
 * sites compiled.c matched to their instructions.  Counting reuses the
 * model: a vectorised site is the same site in a launch whose loop steps
 * `iters` times as far, at the wider width; a split site is each part at
 * its width and offset; a reused site each distinct element once; the
 * spills are compiled-spill.c's groups.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "compiled.h"
#include "compiled-int.h"
#include "xmalloc.h"

#define REUSE_LIMIT	4e9	/* lane evaluations to count a reused site */

/* Where the for loop `level` out from body entry idx's innermost (0)
   opens, or -1 (none, or not one stepping by +=). */
static int
enclosing_for(const struct variant *v, int idx, int level)
{
	int	depth = 0, k;

	for (k = idx - 1; k >= 0; k--)
		switch (v->xbody[k].kind) {
		case BODY_END:
			depth++;
			break;
		case BODY_FOR:
		case BODY_LOOP:
		case BODY_IF:
			if (depth > 0) {
				depth--;
				break;
			}
			if (v->xbody[k].kind == BODY_IF)
				break;
			if (level-- > 0)
				break;
			return v->xbody[k].kind == BODY_FOR &&
			    v->xbody[k].step_op == '+' ? k : -1;
		default:
			break;
		}
	return -1;
}

/* Whether a for entry and the launch loop said to be it stand on
   different lines (both known): they are not one loop. */
static int
xb_line_differs(const struct body_def *b, const struct launch_loop *lp)
{
	return b->line > 0 && lp->line > 0 && b->line != lp->line;
}

/* Site si as one instruction per `iters` iterations of its innermost
   loop, at width bytes. */
static int
vector_totals(const struct launch *l, enum arch arch, int si,
    const struct compiled_site *cs, struct site_totals *out, char **cause)
{
	const struct variant	*v = l->v;
	struct variant		 v2;
	struct body_def		*xb;
	struct param_set	 ps;
	struct launch		 l2;
	struct totals		*t;
	char			*step;
	int			 idx, f, rc, level;

	/* The site's place in the body (compared, not subtracted: a
	   catalog body[] is another array). */
	for (idx = 0; v->xbody != NULL && idx < v->nxbody; idx++)
		if (&v->xbody[idx] == l->sites[si].def)
			break;
	for (level = 0; level < l->sites[si].nloops; level++)
		if (l->sites[si].loop[l->sites[si].nloops - 1 - level] ==
		    cs->loop)
			break;
	if (v->xbody == NULL || idx == v->nxbody ||
	    level == l->sites[si].nloops ||
	    (f = enclosing_for(v, idx, level)) < 0 ||
	    (xb_line_differs(&v->xbody[f], &l->loops[cs->loop]))) {
		*cause = cause_printf("%s: the loop around %s cannot be "
		    "stepped %d at a time", v->name, l->sites[si].text,
		    cs->iters);
		return -1;
	}
	xb = xreallocarray(NULL, v->nxbody, sizeof *xb);
	memcpy(xb, v->xbody, v->nxbody * sizeof *xb);
	step = xasprintf("(%s) * %d", xb[f].step, cs->iters);
	xb[f].step = step;
	v2 = *v;
	v2.xbody = xb;
	ps = l->ps;
	ps.v = &v2;
	t = xcalloc(1, sizeof *t);
	if ((rc = launch_init(&l2, &ps, cause)) == 0) {
		l2.sites[si].size = cs->width;
		l2.sites[si].used = l->sites[si].used * cs->iters;
		rc = totals_compute(&l2, arch, TOTALS_AUTO, t, cause);
		launch_free(&l2);
	}
	if (rc == 0)
		*out = t->site[si];
	free(t);
	free(step);
	free(xb);
	return rc;
}

/* Site si as `parts` instructions of width bytes each (WIDE: one
   instruction of width bytes, parts 1). */
static int
split_totals(const struct launch *l, enum arch arch, int si,
    const struct compiled_site *cs, struct site_totals *out, char **cause)
{
	struct launch	 l2;
	struct totals	*t;
	int		 p, rc = 0;

	memset(out, 0, sizeof *out);
	t = xcalloc(1, sizeof *t);
	for (p = 0; p < cs->parts && rc == 0; p++) {
		if ((rc = launch_init(&l2, &l->ps, cause)) != 0)
			break;
		l2.sites[si].size = cs->width;
		l2.sites[si].offset += p * cs->width;
		l2.sites[si].used = cs->width;
		if ((rc = totals_compute(&l2, arch, TOTALS_AUTO, t, cause)) ==
		    0)
			totals_merge(out, &t->site[si]);
		launch_free(&l2);
	}
	free(t);
	return rc;
}

/* The spills' totals into the local loads and stores of t. */
static int
spill_merge(const struct launch *l, enum arch arch, const struct compiled *c,
    struct totals *t, char **cause)
{
	struct site_totals	*per;
	int			 g;

	if (c->nspill == 0)
		return 0;
	per = xcalloc(c->nspill, sizeof *per);
	if (compiled_spill_totals(l, arch, c, per, cause) != 0) {
		free(per);
		return -1;
	}
	for (g = 0; g < c->nspill; g++)
		totals_merge(c->spill[g].store ? &t->local_store :
		    &t->local_load, &per[g]);
	free(per);
	return 0;
}

/* Site si as one instruction per distinct element of its unrolled
   nest: each warp's accesses at the first iteration to read each. */
static int
reused_totals(const struct launch *l, enum arch arch, int si,
    struct site_totals *out, char **cause)
{
	struct totals	*t;
	int64_t		*rel, s0 = compiled_first_step(l, si), bx, by;
	int		 n, all, w, k, rc = 0;

	if ((n = compiled_distinct_steps(l, si, &rel, &all)) <= 0 || s0 < 0) {
		free(rel);
		*cause = cause_printf("%s: the elements %s reads cannot be "
		    "told apart", l->v->name, l->sites[si].text);
		return -1;
	}
	if ((double)l->grid[0] * l->grid[1] * l->warps * n * l->warp_size >
	    REUSE_LIMIT) {
		free(rel);
		*cause = cause_printf("%s: %s as compiled needs every warp "
		    "visited and that is too large here; use smaller "
		    "parameters", l->v->name, l->sites[si].text);
		return -1;
	}
	t = xcalloc(1, sizeof *t);
	for (by = 0; by < l->grid[1] && rc == 0; by++)
		for (bx = 0; bx < l->grid[0] && rc == 0; bx++)
			for (w = 0; w < l->warps && rc == 0; w++)
				for (k = 0; k < n && rc == 0; k++)
					rc = totals_warp_add(t, l, arch, bx, by,
					    w, s0 + rel[k], s0 + rel[k], 1, NULL,
					    cause);
	if (rc == 0)
		*out = t->site[si];
	free(t);
	free(rel);
	return rc;
}

int
compiled_totals(const struct launch *l, enum arch arch,
    const struct compiled *c, struct totals *t, char **cause)
{
	struct site_totals	alt;
	int64_t			written[LAUNCH_MAX_SITES];
	int			i, rc = 0;

	if (totals_compute(l, arch, TOTALS_AUTO, t, cause) != 0)
		return -1;
	for (i = 0; i < l->nsites; i++)
		written[i] = t->site[i].requests;
	for (i = 0; i < l->nsites && i < c->nsites && rc == 0; i++) {
		switch (c->site[i].how) {
		case COMPILED_VECTOR:
			rc = vector_totals(l, arch, i, &c->site[i], &alt, cause);
			break;
		case COMPILED_SPLIT:
		case COMPILED_WIDE:
			rc = split_totals(l, arch, i, &c->site[i], &alt, cause);
			break;
		case COMPILED_REUSED:
			rc = reused_totals(l, arch, i, &alt, cause);
			break;
		case COMPILED_REGISTERS:
			memset(&alt, 0, sizeof alt);
			break;
		case COMPILED_MERGED:
			/* Only where the two run alike (their conditions
			   are not compared): else as written. */
			if (written[i] != written[c->site[i].with])
				continue;
			memset(&alt, 0, sizeof alt);
			break;
		default:
			continue;
		}
		if (rc == 0)
			t->site[i] = alt;
	}
	if (rc != 0)
		return -1;
	memset(&t->global_load, 0, sizeof t->global_load);
	memset(&t->global_store, 0, sizeof t->global_store);
	memset(&t->shared_load, 0, sizeof t->shared_load);
	memset(&t->shared_store, 0, sizeof t->shared_store);
	memset(&t->constant, 0, sizeof t->constant);
	memset(&t->local_load, 0, sizeof t->local_load);
	memset(&t->local_store, 0, sizeof t->local_store);
	for (i = 0; i < l->nsites; i++)
		totals_merge(totals_kind(t, &l->sites[i]), &t->site[i]);
	return spill_merge(l, arch, c, t, cause);
}
