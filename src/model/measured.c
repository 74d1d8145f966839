/* SPDX-License-Identifier: ISC
 * measured.c - the kinds of struct measured and their match against the
 * model's totals (see measured.h).  Exact comparison: the counters are
 * whole numbers and the model is exact for accesses as written, so any
 * difference is shown, never rounded away.
 */
#include "config.h"

#include <string.h>

#include "measured.h"

static const struct {
	const char	*name, *key;
	int		 shared;
} measured_kinds[MEASURED_NKINDS] = {
	[MEASURED_GLOBAL_LD] = { "global load", "global_load", 0 },
	[MEASURED_GLOBAL_ST] = { "global store", "global_store", 0 },
	[MEASURED_SHARED_LD] = { "shared load", "shared_load", 1 },
	[MEASURED_SHARED_ST] = { "shared store", "shared_store", 1 },
	[MEASURED_LOCAL_LD] = { "local load", "local_load", 0 },
	[MEASURED_LOCAL_ST] = { "local store", "local_store", 0 },
};

const char *
measured_kind_name(enum measured_kind k)
{
	return k < MEASURED_NKINDS ? measured_kinds[k].name : "?";
}

const char *
measured_kind_key(enum measured_kind k)
{
	return k < MEASURED_NKINDS ? measured_kinds[k].key : "?";
}

int
measured_kind_shared(enum measured_kind k)
{
	return k < MEASURED_NKINDS && measured_kinds[k].shared;
}

const struct site_totals *
measured_model(const struct totals *t, enum measured_kind k)
{
	switch (k) {
	case MEASURED_GLOBAL_LD:
		return &t->global_load;
	case MEASURED_GLOBAL_ST:
		return &t->global_store;
	case MEASURED_SHARED_LD:
		return &t->shared_load;
	case MEASURED_SHARED_ST:
		return &t->shared_store;
	case MEASURED_LOCAL_LD:
		return &t->local_load;
	default:
		return &t->local_store;
	}
}

int
measured_agree(const struct totals *t, const struct measured *m,
    enum measured_kind k)
{
	const struct site_totals	*s = measured_model(t, k);
	const struct measured_count	*c = &m->kind[k];

	if (k >= MEASURED_NKINDS || !c->have)
		return -1;
	if (s->requests != c->requests)
		return 0;
	if (measured_kind_shared(k))
		return s->wavefronts == c->wavefronts;
	return s->sectors == c->sectors;
}

const struct measured_line *
measured_line_find(const struct measured *m, int n, enum measured_kind k)
{
	int	i;

	for (i = 0; i < m->nlines; i++)
		if (m->line[i].line == n && m->line[i].kind == (int)k)
			return &m->line[i];
	return NULL;
}

int
measured_site_kind(const struct launch_site *s)
{
	/* As totals_kind sums them: an atomic on shared or local memory
	   with the stores, on global memory a kind of its own. */
	int	load = s->op == OP_LOAD;

	switch (s->space) {
	case SPACE_GLOBAL:
		return load ? MEASURED_GLOBAL_LD : s->op == OP_STORE ?
		    MEASURED_GLOBAL_ST : -1;
	case SPACE_SHARED:
		return load ? MEASURED_SHARED_LD : MEASURED_SHARED_ST;
	case SPACE_LOCAL:
		return load ? MEASURED_LOCAL_LD : MEASURED_LOCAL_ST;
	default:
		return -1;	/* constant, texture */
	}
}

/* The model's sum over line n's sites of kind k (units: sectors or
   wavefronts). */
void
measured_model_line(const struct launch *l, const struct totals *t, int n,
    enum measured_kind k, struct measured_line *sum)
{
	int	j;

	memset(sum, 0, sizeof *sum);
	sum->line = n;
	sum->kind = k;
	for (j = 0; j < l->nsites; j++)
		if (l->sites[j].line == n &&
		    measured_site_kind(&l->sites[j]) == (int)k) {
			sum->requests += t->site[j].requests;
			sum->lanes += t->site[j].lanes;
			sum->units += measured_kind_shared(k) ?
			    t->site[j].wavefronts : t->site[j].sectors;
		}
}

int
measured_line_agree(const struct launch *l, const struct totals *t,
    const struct measured *m, int n, enum measured_kind k)
{
	const struct measured_line	*e = measured_line_find(m, n, k);
	struct measured_line		 mod;

	measured_model_line(l, t, n, k, &mod);
	if (e == NULL)
		return mod.requests == 0;
	if (e->has_units && e->units != mod.units)
		return 0;
	return e->requests == mod.requests || (e->has_lanes &&
	    e->lanes == mod.lanes && e->requests > mod.requests);
}

int
measured_line_inlined(const struct launch *l, const struct measured_line *e,
    enum measured_kind k)
{
	int	j, here = 0, there = 0;

	if (e->requests == 0 || e->also != e->requests || e->also_line <= 0)
		return 0;
	for (j = 0; j < l->nsites; j++)
		if (measured_site_kind(&l->sites[j]) == (int)k) {
			here |= l->sites[j].line == e->line;
			there |= l->sites[j].line == e->also_line;
		}
	return !here && there;
}

/*
 * Whether every line of kind k agrees, the model's (each site on a line)
 * and the page's (an inlined call's second listing left out); the
 * page's lines' units summed into *units, *units_all and *lanes set
 * where every one of them gives units or lanes.
 */
static int
lines_agree(const struct launch *l, const struct totals *t,
    const struct measured *m, enum measured_kind k, int64_t *units,
    int *units_all, int *lanes)
{
	int	i, j;

	*units = 0;
	*units_all = 1;
	*lanes = 0;
	if (m->nlines == 0 || m->lines_cut)
		return 0;
	for (j = 0; j < l->nsites; j++)
		if (measured_site_kind(&l->sites[j]) == (int)k &&
		    (l->sites[j].line <= 0 ||
		    !measured_line_agree(l, t, m, l->sites[j].line, k)))
			return 0;
	for (i = 0; i < m->nlines; i++) {
		if (m->line[i].kind != (int)k ||
		    measured_line_inlined(l, &m->line[i], k))
			continue;
		if (!measured_line_agree(l, t, m, m->line[i].line, k))
			return 0;
		*units += m->line[i].units;
		*units_all &= m->line[i].has_units;
		*lanes |= m->line[i].has_lanes;
	}
	return 1;
}

int
measured_more_instructions(const struct launch *l, const struct totals *t,
    const struct measured *m, enum measured_kind k)
{
	const struct site_totals	*s = measured_model(t, k);
	const struct measured_count	*c = &m->kind[k];
	int64_t				 units;
	int				 all, lanes;

	if (!c->have || c->requests <= s->requests || (measured_kind_shared(k) ?
	    c->wavefronts != s->wavefronts : c->sectors != s->sectors))
		return 0;
	return lines_agree(l, t, m, k, &units, &all, &lanes) && lanes;
}

int
measured_agree_per_insn(const struct launch *l, const struct totals *t,
    const struct measured *m, enum measured_kind k)
{
	const struct site_totals	*s = measured_model(t, k);
	const struct measured_count	*c = &m->kind[k];
	int64_t				 model, meas, units;
	int				 all, lanes;

	if (!c->have || c->requests != s->requests ||
	    !lines_agree(l, t, m, k, &units, &all, &lanes) || !all)
		return 0;
	model = measured_kind_shared(k) ? s->wavefronts : s->sectors;
	meas = measured_kind_shared(k) ? c->wavefronts : c->sectors;
	return units == model && meas > model;
}
