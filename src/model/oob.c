/* SPDX-License-Identifier: ISC
 * oob.c - find the accesses outside their arrays over a whole launch: a
 * site whose affine index provably stays inside over every thread, block
 * and iteration is clean at once; the others are walked lane by lane, as
 * brute force does, within OOB_BUDGET.  Must not print or exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oob.h"
#include "warp.h"

int64_t
oob_distance(int64_t index, int64_t length)
{
	if (index < 0)
		return index;
	if (index >= length)
		return index - length + 1;
	return 0;
}

/* Note the lanes of a that are outside into o. */
static void
note(struct oob_site *o, const struct access *a, int64_t length)
{
	int64_t	d;
	int	lane;

	for (lane = 0; lane < a->nlanes; lane++) {
		if (!(a->oob & (UINT32_C(1) << lane)))
			continue;
		d = oob_distance(a->index[lane], length);
		if (o->lanes == 0) {
			o->block[0] = a->block[0];
			o->block[1] = a->block[1];
			o->warp = a->warp;
			o->step = a->step;
			o->mask = a->oob;
			o->index = a->index[lane];
		}
		o->lanes++;
		if (d < 0 && -d > o->before)
			o->before = -d;
		if (d > 0 && d > o->past)
			o->past = d;
	}
}

/* Sites left to walk: those whose index is not proved inside. */
static int
sites_to_walk(const struct launch *l, struct oob_site *out, int *walk)
{
	struct affine_box	 box;
	int64_t			 lo, hi;
	int			 i, n = 0;

	launch_box(l, &box);
	for (i = 0; i < l->nsites; i++) {
		const struct launch_site *s = &l->sites[i];

		out[i].checked = 1;
		walk[i] = !(s->affine && affine_range(&s->aff, &box, &lo,
		    &hi) == 0 && lo >= 0 && hi < l->arrays[s->array].length);
		n += walk[i];
	}
	return n;
}

/* Mark the sites left to walk as not checked: over the budget. */
static int
give_up(const struct launch *l, struct oob_site *out, const int *walk,
    int64_t *steps)
{
	int	i;

	for (i = 0; i < l->nsites; i++) {
		if (!walk[i])
			continue;
		memset(&out[i], 0, sizeof out[i]);
		out[i].checked = 0;
	}
	free(steps);
	return 0;
}

/* Lane parts of an affine index per warp: the extremes of
   k_tx * threadIdx.x + k_ty * threadIdx.y over the lanes that exist. */
static void
lane_span(const struct launch *l, const struct affine *a, int w,
    int64_t *lo, int64_t *hi)
{
	int64_t	thr, v;
	int	lane;

	*lo = *hi = 0;
	for (lane = 0; lane < l->warp_size; lane++) {
		thr = (int64_t)w * l->warp_size + lane;
		if (thr >= l->threads)
			break;
		v = a->k[VAR_TX] * (thr % l->block[0]) + a->k[VAR_TY] *
		    (thr / l->block[0]);
		if (lane == 0 || v < *lo)
			*lo = v;
		if (lane == 0 || v > *hi)
			*hi = v;
	}
}

/*
 * Can warp w of block (bx, by) at the step at pos be skipped: the site's
 * affine index over all its lanes, guards aside, inside the array?  The
 * fast_fits-like bound of launch setup keeps these sums inside int64
 * only for sites the totals take the fast way, so overflow means no.
 */
static int
inside(const struct launch *l, const struct launch_site *s,
    const struct launch_pos *pos, int64_t bx, int64_t by, int64_t lo,
    int64_t hi)
{
	const struct affine	*a = &s->aff;
	int64_t			 base = a->c, t;
	int			 j;

	if (!s->affine)
		return 0;
	if (__builtin_mul_overflow(a->k[VAR_BX], bx, &t) ||
	    __builtin_add_overflow(base, t, &base) ||
	    __builtin_mul_overflow(a->k[VAR_BY], by, &t) ||
	    __builtin_add_overflow(base, t, &base))
		return 0;
	for (j = 0; j < l->nloops && VAR_LOOP0 + j < AFFINE_MAX_VARS; j++)
		if (a->k[VAR_LOOP0 + j] != 0 &&
		    (__builtin_mul_overflow(a->k[VAR_LOOP0 + j], pos->loop[j],
		    &t) || __builtin_add_overflow(base, t, &base)))
			return 0;
	return !__builtin_add_overflow(base, lo, &lo) &&
	    !__builtin_add_overflow(base, hi, &hi) && lo >= 0 &&
	    hi < l->arrays[s->array].length;
}

int
oob_scan(const struct launch *l, struct oob_site *out, char **cause)
{
	struct launch_pos	 pos;
	struct access		 a;
	int			 walk[LAUNCH_MAX_SITES], w;
	int64_t			 b, step, n = 0, k, visits;
	int64_t			*steps = NULL;
	int64_t			 lo[LAUNCH_MAX_SITES], hi[LAUNCH_MAX_SITES];
	int64_t			 blocks = l->grid[0] * l->grid[1], lanes = 0;
	const struct launch_site *s;

	memset(out, 0, l->nsites * sizeof *out);
	if (sites_to_walk(l, out, walk) == 0)
		return 0;
	/* The steps of the sites to walk, each visited in every warp of
	   every block. */
	if (__builtin_mul_overflow(blocks, (int64_t)l->warps, &visits) ||
	    visits > OOB_VISITS || l->nsteps > OOB_VISITS)
		return give_up(l, out, walk, steps);
	for (step = 0; step < l->nsteps; step++) {
		launch_locate(l, step, &pos);
		if (!walk[pos.site])
			continue;
		if ((n + 1) * visits > OOB_VISITS)
			return give_up(l, out, walk, steps);
		if ((n & (n - 1)) == 0 && (steps = realloc(steps,
		    2 * (n + 1) * sizeof *steps)) == NULL)
			abort();
		steps[n++] = step;
	}
	for (w = 0; w < l->warps; w++) {
		for (k = 0; k < l->nsites; k++)
			lane_span(l, &l->sites[k].aff, w, &lo[k], &hi[k]);
		for (k = 0; k < n; k++) {
			launch_locate(l, steps[k], &pos);
			s = &l->sites[pos.site];
			for (b = 0; b < blocks; b++) {
				if (inside(l, s, &pos, b % l->grid[0],
				    b / l->grid[0], lo[pos.site],
				    hi[pos.site]))
					continue;
				if ((lanes += l->warp_size) > OOB_BUDGET)
					return give_up(l, out, walk, steps);
				if (warp_access(l, b % l->grid[0],
				    b / l->grid[0], w, steps[k], &a,
				    cause) != 0) {
					free(steps);
					return -1;
				}
				if (a.oob != 0)
					note(&out[a.site], &a, l->arrays[
					    s->array].length);
			}
		}
	}
	free(steps);
	return 0;
}

void
oob_lanes_text(uint32_t mask, char *buf, size_t len)
{
	size_t	n = 0;
	int	l, e;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (l = 0; l < 32 && n < len; l++) {
		if (!(mask & (UINT32_C(1) << l)))
			continue;
		for (e = l; e + 1 < 32 && (mask & (UINT32_C(1) << (e + 1)));
		    e++)
			;
		n += snprintf(buf + n, len - n, e > l ? "%s%d-%d" : "%s%d",
		    n ? "," : "", l, e);
		l = e;
	}
}
