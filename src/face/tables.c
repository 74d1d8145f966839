/* SPDX-License-Identifier: ISC
 * tables.c - plain-text tables for list and stats.  Words from kernel
 * files (names, titles, access texts) go out through safestr.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "param.h"
#include "safestr.h"
#include "tables.h"

void
tables_print_list(FILE *f)
{
	struct param_set	 ps;
	const char		*family = "";
	int			 i, j;

	for (i = 0; catalog[i] != NULL; i++) {
		const struct variant *v = catalog[i];

		if (strcmp(family, v->family) != 0) {
			if (i)
				fputc('\n', f);
			safestr_fprintf(f, "%s\n", v->family);
			family = v->family;
		}
		safestr_fprintf(f, "  %-18s %s\n", v->name, v->title);
		param_defaults(&ps, v);
		for (j = 0; j < ps.n; j++)
			safestr_fprintf(f, "      -p %s=%-10" PRId64 " %" PRId64 "..%"
			    PRId64 " %s: %s\n", ps.def[j]->name,
			    ps.def[j]->def, ps.def[j]->min, ps.def[j]->max,
			    ps.def[j]->unit, ps.def[j]->text);
	}
}

static double
ratio(int64_t a, int64_t b)
{
	return b ? (double)a / b : 0.0;
}

static void
kind_line(FILE *f, const char *name, const struct site_totals *t, int global)
{
	if (t->requests == 0)
		return;
	if (global)
		fprintf(f, "  %-14s %12" PRId64 " requests  %14" PRId64
		    " sectors (%.2f per request, ideal %.2f)  efficiency "
		    "%.1f%%\n", name, t->requests, t->sectors,
		    ratio(t->sectors, t->requests), ratio(t->ideal,
		    t->requests), 100.0 * ratio(t->bytes_used,
		    t->bytes_moved));
	else if (t->wavefronts || t->ideal_wavefronts)
		fprintf(f, "  %-14s %12" PRId64 " requests  %14" PRId64
		    " wavefronts (%.2f per request, ideal %.2f)\n", name,
		    t->requests, t->wavefronts, ratio(t->wavefronts,
		    t->requests), ratio(t->ideal_wavefronts, t->requests));
	else
		fprintf(f, "  %-14s %12" PRId64 " requests  %14" PRId64
		    " serial reads (%.2f per request)\n", name, t->requests,
		    t->serial, ratio(t->serial, t->requests));
}

void
tables_print_stats(FILE *f, const struct launch *l, const struct totals *t)
{
	const struct site_totals	*s;
	char				 buf[512];
	int				 i;

	param_format(&l->ps, buf, sizeof buf, 1);
	safestr_fprintf(f, "%s  %s  arch %s\n", l->v->name, buf,
	    arch_name(t->arch));
	fprintf(f, "grid %" PRId64 "x%" PRId64 " blocks of %" PRId64 "x%"
	    PRId64 " threads, %" PRId64 " warps, %" PRId64 " steps each%s\n\n",
	    l->grid[0], l->grid[1], l->block[0], l->block[1],
	    launch_total_warps(l), l->nsteps,
	    t->fast == l->nsites ? "" : " (brute force)");
	for (i = 0; i < l->nsites; i++) {
		s = &t->site[i];
		/* "atomic" is a letter longer: its text a letter narrower. */
		safestr_fprintf(f, "%-5s %-*s", arch_op_name(l->sites[i].op),
		    l->sites[i].op == OP_ATOMIC ? 35 : 36, l->sites[i].text);
		switch (l->sites[i].space) {
		case SPACE_GLOBAL:
		case SPACE_LOCAL:
			fprintf(f, " %12" PRId64 " req %14" PRId64 " sectors "
			    "%6.2f/req (ideal %.2f)", s->requests, s->sectors,
			    ratio(s->sectors, s->requests), ratio(s->ideal,
			    s->requests));
			if (arch_transactions(t->arch))
				fprintf(f, "  %" PRId64 " transactions, %"
				    PRId64 " bytes", s->transactions,
				    s->bytes_moved);
			break;
		case SPACE_SHARED:
			fprintf(f, " %12" PRId64 " req %14" PRId64 " wavefronts"
			    " %6.2f/req (ideal %.2f)", s->requests,
			    s->wavefronts, ratio(s->wavefronts, s->requests),
			    ratio(s->ideal_wavefronts, s->requests));
			break;
		case SPACE_CONSTANT:
			fprintf(f, " %12" PRId64 " req %14" PRId64 " serial "
			    "%6.2f/req", s->requests, s->serial,
			    ratio(s->serial, s->requests));
			break;
		case SPACE_TEXTURE:
			fprintf(f, " %12" PRId64 " req %14" PRId64 " sectors "
			    "%6.2f/req (ideal %.2f)  %" PRId64 " texture "
			    "requests", s->requests, s->sectors,
			    ratio(s->sectors, s->requests), ratio(s->ideal,
			    s->requests), s->tex_requests);
			break;
		}
		fputc('\n', f);
	}
	fputs("\ntotals\n", f);
	kind_line(f, "global loads", &t->global_load, 1);
	kind_line(f, "global stores", &t->global_store, 1);
	if (t->global_atomic.requests > 0)
		kind_line(f, "global atomics", &t->global_atomic, 1);
	kind_line(f, "shared loads", &t->shared_load, 0);
	kind_line(f, "shared stores", &t->shared_store, 0);
	kind_line(f, "constant", &t->constant, 0);
	if (t->texture.requests > 0)
		fprintf(f, "  %-14s %12" PRId64 " requests  %14" PRId64
		    " sectors (%.2f per request, ideal %.2f), %" PRId64
		    " texture requests\n", "texture", t->texture.requests,
		    t->texture.sectors, ratio(t->texture.sectors,
		    t->texture.requests), ratio(t->texture.ideal,
		    t->texture.requests), t->texture.tex_requests);
	if (t->local_load.requests + t->local_store.requests > 0) {
		kind_line(f, "local loads", &t->local_load, 1);
		kind_line(f, "local stores", &t->local_store, 1);
	}
	if (t->global_load.requests + t->global_store.requests +
	    t->global_atomic.requests > 0)
		fprintf(f, "  global bytes moved %" PRId64 ", used %" PRId64
		    "\n", t->global_load.bytes_moved +
		    t->global_store.bytes_moved + t->global_atomic.bytes_moved,
		    t->global_load.bytes_used + t->global_store.bytes_used +
		    t->global_atomic.bytes_used);
}
