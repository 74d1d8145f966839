/* SPDX-License-Identifier: ISC
 * totals.c - adding counts up: an access's result n times into a site's
 * totals, totals merged, the kind a site counts under (global load,
 * shared store, ...), one warp's steps (totals_warp_add) and what brute
 * force over a launch would cost.  The whole launch is counted by
 * totals-launch.c.  Must not print or exit.
 */
#include "config.h"

#include <stdint.h>

#include "cause.h"
#include "totals.h"
#include "totals-int.h"
#include "warp.h"

void
totals_add(struct site_totals *t, enum arch arch,
    const struct access_result *r, int64_t n)
{
	if (r->active == 0)
		return;
	t->requests += n;
	t->lanes += n * r->active;
	switch (r->space) {
	case SPACE_GLOBAL:
	case SPACE_LOCAL:
		t->sectors += n * r->g.sectors;
		t->ideal += n * r->g.ideal;
		t->need += n * r->g.need;
		t->lines += n * r->g.lines;
		t->bytes_used += n * r->g.bytes_used;
		t->classes[r->g.class] += n;
		if (arch_transactions(arch)) {
			t->transactions += n * r->l.transactions;
			t->l2_segments += n * r->l.l2_segments;
			t->bytes_moved += n * r->l.bytes_moved;
		} else {
			t->transactions += n * r->g.sectors;
			t->bytes_moved += n * r->g.sectors * RULES_SECTOR;
		}
		break;
	case SPACE_SHARED:
		t->wavefronts += n * r->s.wavefronts;
		t->ideal_wavefronts += n * r->s.ideal;
		break;
	case SPACE_CONSTANT:
		t->serial += n * r->c.serial;
		break;
	case SPACE_TEXTURE:
		t->tex_requests += n * r->t.requests;
		t->sectors += n * r->t.sectors;
		t->ideal += n * r->t.ideal;
		/* Sectors of 32 bytes (16 x 2 rows, or 32 of a 1D fetch);
		   "used" is the ideal's: the fewest whole sectors. */
		t->bytes_moved += n * r->t.sectors * 32;
		t->bytes_used += n * r->t.ideal * 32;
		break;
	}
}

void
totals_merge(struct site_totals *a, const struct site_totals *b)
{
	int64_t		*x = (int64_t *)a;
	const int64_t	*y = (const int64_t *)b;
	size_t		 i;

	for (i = 0; i < sizeof *a / sizeof(int64_t); i++)
		x[i] += y[i];
}

struct site_totals *
totals_kind(struct totals *t, const struct launch_site *s)
{
	if (s->space == SPACE_GLOBAL)
		return s->op == OP_LOAD ? &t->global_load : s->op ==
		    OP_STORE ? &t->global_store : &t->global_atomic;
	if (s->space == SPACE_SHARED)
		return s->op == OP_LOAD ? &t->shared_load : &t->shared_store;
	if (s->space == SPACE_LOCAL)
		return s->op == OP_LOAD ? &t->local_load : &t->local_store;
	if (s->space == SPACE_TEXTURE)
		return &t->texture;
	return &t->constant;
}

int
totals_warp_add(struct totals *t, const struct launch *l, enum arch arch,
    int64_t bx, int64_t by, int warp, int64_t from, int64_t to,
    int64_t times, struct totals_watch *wt, char **cause)
{
	struct access		a;
	struct access_result	r;
	int64_t			s;

	t->arch = arch;
	t->nsites = l->nsites;
	if (wt != NULL)
		totals_watch_phase(wt, "this warp", to - from + 1);
	for (s = from; s <= to; s++) {
		if (totals_watch_stop(wt, 1)) {
			*cause = cause_printf("cancelled");
			return -1;
		}
		if (warp_access(l, bx, by, warp, s, &a, cause) != 0)
			return -1;
		arch_apply(arch, l, &a, &r);
		totals_add(&t->site[a.site], arch, &r, times);
		totals_add(totals_kind(t, &l->sites[a.site]), arch, &r, times);
	}
	return 0;
}

double
totals_brute_work(const struct launch *l)
{
	return (double)l->grid[0] * l->grid[1] * l->warps * l->nsteps *
	    l->warp_size;
}
