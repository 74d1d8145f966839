/* SPDX-License-Identifier: ISC
 * warp.c - evaluate the lanes of one warp at one step.
 * Lane l of warp w is thread w*warp_size + l of the block, linearised x
 * first.  Lanes past the block's last thread do not exist (partial warp);
 * lanes that fail the kernel's guard or the site's (the ifs and per-thread
 * loop conditions around it in a kernel file) are inactive.  Must not print or exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "warp.h"

/* Is the block, warp and step inside the launch?  0, or -1 with why. */
static int
warp_inside(const struct launch *l, int64_t bx, int64_t by, int warp,
    int64_t step, char **cause)
{
	if (bx < 0 || bx >= l->grid[0] || by < 0 || by >= l->grid[1]) {
		*cause = cause_printf("block %lld,%lld is outside the grid "
		    "(0..%lld, 0..%lld)", (long long)bx, (long long)by,
		    (long long)l->grid[0] - 1, (long long)l->grid[1] - 1);
		return -1;
	}
	if (warp < 0 || warp >= l->warps) {
		*cause = cause_printf("warp %d is outside the block (0..%d)",
		    warp, l->warps - 1);
		return -1;
	}
	if (step < 0 || step >= l->nsteps) {
		*cause = cause_printf("step %lld is outside the kernel "
		    "(0..%lld)", (long long)step, (long long)l->nsteps - 1);
		return -1;
	}
	return 0;
}

/* The error err of lane's thread at a's step, as one line; a kernel
   file's site says where it is in the file. */
static char *
warp_error(const struct launch *l, const struct launch_site *s,
    const struct access *a, int lane, int err)
{
	if (l->v->path != NULL && s->line > 0)
		return cause_printf("%s:%d:%d: %s: %s (block %lld,%lld thread "
		    "%d,%d) at step %lld", l->v->path, s->line, s->col + 1,
		    s->text, expr_err_text(err), (long long)a->block[0],
		    (long long)a->block[1], a->tid[lane][0], a->tid[lane][1],
		    (long long)a->step);
	return cause_printf("%s %s at step %lld", s->text, expr_err_text(err),
	    (long long)a->step);
}

int
warp_access(const struct launch *l, int64_t bx, int64_t by, int warp,
    int64_t step, struct access *a, char **cause)
{
	const struct launch_site	*s;
	const struct launch_array	*arr;
	struct launch_pos		 pos;
	int64_t				 env[EXPR_MAX_SLOTS], t, idx, sub1, byte;
	int				 lane, i, err = 0, pass;

	if (warp_inside(l, bx, by, warp, step, cause) != 0)
		return -1;
	launch_locate(l, step, &pos);
	s = &l->sites[pos.site];
	arr = &l->arrays[s->array];
	memset(a, 0, sizeof *a);
	a->site = pos.site;
	a->step = step;
	a->block[0] = bx;
	a->block[1] = by;
	a->warp = warp;
	a->nlanes = l->warp_size;
	memcpy(env, l->env, sizeof env);
	env[SLOT_BX] = bx;
	env[SLOT_BY] = by;
	for (i = 0; i < l->nloops; i++)
		a->loop[i] = pos.loop[i];
	/* Only the enclosing loops: sequential loops may share a slot. */
	for (i = 0; i < s->nloops; i++) {
		const struct launch_loop *lp = &l->loops[s->loop[i]];

		env[lp->slot] = pos.loop[s->loop[i]];
		if (lp->values != NULL)
			env[lp->val_slot] = lp->values[pos.loop[s->loop[i]]];
	}
	for (lane = 0; lane < l->warp_size; lane++) {
		t = (int64_t)warp * l->warp_size + lane;
		a->addr[lane] = -1;
		a->index[lane] = -1;
		if (t >= l->threads)
			continue;
		a->exists |= 1u << lane;
		a->tid[lane][0] = (int)(t % l->block[0]);
		a->tid[lane][1] = (int)(t / l->block[0]);
		env[SLOT_TX] = a->tid[lane][0];
		env[SLOT_TY] = a->tid[lane][1];
		pass = (l->guard == NULL || expr_eval(l->guard, env, &err)) &&
		    (s->guard == NULL || expr_eval(s->guard, env, &err));
		if (err)
			break;		/* a guard failed to evaluate */
		if (!pass)
			continue;
		idx = expr_eval(s->sub[0], env, &err);
		if (s->nsub == 2) {
			sub1 = expr_eval(s->sub[1], env, &err);
			if ((__builtin_mul_overflow(idx, s->cols, &idx) ||
			    __builtin_add_overflow(idx, sub1, &idx)) && !err)
				err = EXPR_EOVERFLOW;
		}
		/* The byte address, which an index far out of range (a shift
		   by a loop variable) would overflow. */
		if (err || __builtin_mul_overflow(idx,
		    (int64_t)arr->def->elem_size, &byte) ||
		    __builtin_add_overflow(byte, arr->base + s->offset, &byte)) {
			if (err == 0)
				err = EXPR_EOVERFLOW;
			break;
		}
		a->active |= 1u << lane;
		if (idx < 0 || idx >= arr->length)
			a->oob |= 1u << lane;
		a->index[lane] = idx;
		a->addr[lane] = byte;
	}
	if (err) {
		*cause = warp_error(l, s, a, lane, err);
		return -1;
	}
	return 0;
}
