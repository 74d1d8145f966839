/* SPDX-License-Identifier: ISC
 * json.c - JSON faces: the catalog, one trace line per access, totals.
 * The trace contract is documented in doc/trace-format.md; keys are only
 * ever added, never renamed.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "json.h"
#include "jsonstr.h"
#include "param.h"
#include "xmalloc.h"

static const char *
space_name(enum mem_space s)
{
	return arch_space_name(s);
}

void
json_print_list(FILE *f)
{
	struct param_set	 ps;
	int			 i, j;

	fputs("[", f);
	for (i = 0; catalog[i] != NULL; i++) {
		const struct variant *v = catalog[i];

		param_defaults(&ps, v);
		fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
		jsonstr_write(f, v->name);
		fputs(", \"family\": ", f);
		jsonstr_write(f, v->family);
		fputs(", \"title\": ", f);
		jsonstr_write(f, v->title);
		fputs(", \"kernel\": ", f);
		jsonstr_write(f, v->kernel);
		fputs(", \"source\": ", f);
		jsonstr_write(f, v->source);
		fputs(", \"compare\": ", f);
		jsonstr_write(f, v->compare);
		fputs(", \"params\": [", f);
		for (j = 0; j < ps.n; j++) {
			fprintf(f, "%s{\"name\": ", j ? ", " : "");
			jsonstr_write(f, ps.def[j]->name);
			fprintf(f, ", \"min\": %" PRId64 ", \"max\": %" PRId64
			    ", \"default\": %" PRId64 ", \"unit\": ",
			    ps.def[j]->min, ps.def[j]->max, ps.def[j]->def);
			jsonstr_write(f, ps.def[j]->unit);
			fputs(", \"text\": ", f);
			jsonstr_write(f, ps.def[j]->text);
			fputs("}", f);
		}
		fputs("]}", f);
	}
	fputs("\n]\n", f);
}

/* ", "instruction": ..., "decided_by": ..." of a site as compiled. */
static void
print_compiled(FILE *f, const struct launch *l, const struct compiled *c,
    int si)
{
	const struct compiled_site	*cs = &c->site[si];
	char				 per[96];

	compiled_per(l, c, si, per, sizeof per);
	fputs(", \"instruction\": ", f);
	if (cs->mnem[0] != '\0')
		jsonstr_write(f, cs->mnem);
	else
		fputs("null", f);
	fprintf(f, ", \"compiled\": \"%s\", \"width\": %d, \"iterations\": "
	    "%d, \"parts\": %d, \"instructions\": %d, \"per\": ",
	    compiled_how_name(cs->how), cs->width, cs->iters, cs->parts,
	    cs->ninsn);
	jsonstr_write(f, per);
	fprintf(f, ", \"decided_by\": \"%s\"", cs->how == COMPILED_WRITTEN ?
	    "written" : isa_kind_name(c->kind));
	if (cs->note[0] != '\0') {
		fputs(", \"note\": ", f);
		jsonstr_write(f, cs->note);
	}
}

void
json_print_access(FILE *f, const struct launch *l, enum arch arch,
    const struct access *a, const struct access_result *r,
    const struct compiled *c)
{
	const struct launch_site	*s = &l->sites[a->site];
	const struct launch_array	*arr = &l->arrays[s->array];
	int				 i, n;

	fputs("{\"variant\": ", f);
	jsonstr_write(f, l->v->name);
	fprintf(f, ", \"step\": %" PRId64 ", \"site\": ", a->step);
	jsonstr_write(f, s->text);
	fputs(", \"array\": ", f);
	jsonstr_write(f, arr->def->name);
	fprintf(f, ", \"base\": %" PRId64 ", \"space\": \"%s\", \"op\": \"%s\""
	    ", \"size\": %d, \"arch\": \"%s\", \"block\": [%" PRId64 ", %"
	    PRId64 "], \"warp\": %d", arr->base, space_name(s->space),
	    arch_op_name(s->op), s->size, arch_name(arch),
	    a->block[0], a->block[1], a->warp);
	/* The loops around this access: two loops may share a name (powers
	   has a store loop and a read loop over k), so only the enclosing
	   ones are named, as show and the TUI do. */
	fputs(", \"loop\": {", f);
	for (i = 0; i < s->nloops; i++)
		fprintf(f, "%s\"%s\": %" PRId64, i ? ", " : "",
		    l->loops[s->loop[i]].var, a->loop[s->loop[i]]);
	fputs("}, \"lanes\": [", f);
	for (i = 0; i < a->nlanes; i++) {
		if (a->active >> i & 1)
			fprintf(f, "%s%" PRId64, i ? ", " : "", a->addr[i]);
		else
			fprintf(f, "%snull", i ? ", " : "");
	}
	fprintf(f, "], \"active\": %d, \"outside\": [", r->active);
	for (i = 0, n = 0; i < a->nlanes; i++)
		if (a->oob >> i & 1)
			fprintf(f, "%s%d", n++ ? ", " : "", i);
	fputs("]", f);
	switch (s->space) {
	case SPACE_GLOBAL:
	case SPACE_LOCAL:
		fprintf(f, ", \"sectors\": %d, \"lines\": %d, "
		    "\"ideal_sectors\": %d, \"bytes_used\": %d, \"need\": "
		    "%d, \"class\": \"%s\"", r->g.sectors, r->g.lines,
		    r->g.ideal, r->g.bytes_used, r->g.need,
		    rules_class_name(r->g.class));
		if (arch_transactions(arch)) {
			fprintf(f, ", \"transactions\": %d, \"bytes_moved\": "
			    "%d, \"parts\": %d, \"l2_segments\": %d, "
			    "\"segments\": [", r->l.transactions,
			    r->l.bytes_moved, r->l.parts, r->l.l2_segments);
			for (i = 0; i < r->l.transactions; i++)
				fprintf(f, "%s{\"addr\": %" PRId64 ", \"size\": "
				    "%d, \"half\": %d}", i ? ", " : "",
				    r->l.seg[i].addr, r->l.seg[i].size,
				    r->l.seg[i].half);
			fputs("]", f);
		}
		break;
	case SPACE_SHARED:
		fprintf(f, ", \"wavefronts\": %d, \"ideal_wavefronts\": %d, "
		    "\"degree\": %d, \"banks\": [", r->s.wavefronts,
		    r->s.ideal, r->s.degree);
		for (i = 0; i < a->nlanes; i++) {
			if (r->s.bank[i] >= 0)
				fprintf(f, "%s%d", i ? ", " : "", r->s.bank[i]);
			else
				fprintf(f, "%snull", i ? ", " : "");
		}
		fputs("]", f);
		break;
	case SPACE_CONSTANT:
		fprintf(f, ", \"serial\": %d", r->c.serial);
		break;
	case SPACE_TEXTURE:
		fprintf(f, ", \"tex_requests\": %d, \"sectors\": %d, "
		    "\"ideal_sectors\": %d", r->t.requests, r->t.sectors,
		    r->t.ideal);
		break;
	}
	if (c != NULL)
		print_compiled(f, l, c, a->site);
	fputs("}\n", f);
}

static void
print_totals(FILE *f, const struct site_totals *t)
{
	enum rules_class	c;

	fprintf(f, "{\"requests\": %" PRId64 ", \"lanes\": %" PRId64
	    ", \"sectors\": %" PRId64 ", \"ideal_sectors\": %" PRId64
	    ", \"lines\": %" PRId64 ", \"transactions\": %" PRId64
	    ", \"bytes_moved\": %" PRId64 ", \"bytes_used\": %" PRId64
	    ", \"wavefronts\": %" PRId64 ", \"ideal_wavefronts\": %" PRId64
	    ", \"l2_segments\": %" PRId64
	    ", \"serial\": %" PRId64 ", \"sectors_per_request\": %.4f"
	    ", \"wavefronts_per_request\": %.4f, \"need\": %" PRId64
	    ", \"tex_requests\": %" PRId64 ", \"classes\": {",
	    t->requests, t->lanes, t->sectors, t->ideal, t->lines,
	    t->transactions, t->bytes_moved, t->bytes_used, t->wavefronts,
	    t->ideal_wavefronts, t->l2_segments, t->serial,
	    t->requests ? (double)t->sectors / t->requests : 0.0,
	    t->requests ? (double)t->wavefronts / t->requests : 0.0, t->need,
	    t->tex_requests);
	for (c = RULES_COALESCED; c <= RULES_BROADCAST; c++)
		fprintf(f, "%s\"%s\": %" PRId64, c == RULES_COALESCED ? "" :
		    ", ", rules_class_name(c), t->classes[c]);
	fputs("}}", f);
}

/* "out_of_bounds" of a site: see doc/warpviz.1, stats --json. */
static void
print_oob(FILE *f, const struct oob_site *o)
{
	int	l, n = 0;

	fprintf(f, ", \"out_of_bounds\": {\"checked\": %s, \"lanes\": %"
	    PRId64 ", \"before\": %" PRId64 ", \"past\": %" PRId64
	    ", \"first\": ", o->checked ? "true" : "false", o->lanes,
	    o->before, o->past);
	if (o->lanes == 0) {
		fputs("null}", f);
		return;
	}
	fprintf(f, "{\"block\": [%" PRId64 ", %" PRId64 "], \"warp\": %d, "
	    "\"step\": %" PRId64 ", \"lanes\": [", o->block[0], o->block[1],
	    o->warp, o->step);
	for (l = 0; l < 32; l++)
		if (o->mask & (UINT32_C(1) << l))
			fprintf(f, "%s%d", n++ ? ", " : "", l);
	fprintf(f, "], \"index\": %" PRId64 "}}", o->index);
}

/* ",\n "spills": {...}": the spill instructions as compiled, by group,
   each with its requests and sectors (or the note saying why none). */
static void
print_spills(FILE *f, const struct launch *l, enum arch arch,
    const struct compiled *c)
{
	const struct compiled_spill	*g;
	struct site_totals		*per;
	char				*cause = NULL;
	int				 i, ok;

	per = xcalloc(c->nspill > 0 ? c->nspill : 1, sizeof *per);
	ok = compiled_spill_totals(l, arch, c, per, &cause) == 0;
	fprintf(f, ",\n \"spills\": {\"instructions\": %d, \"counted\": "
	    "%s, \"note\": ", c->spill_insns, c->nspill > 0 && ok ? "true" :
	    "false");
	if (!ok)
		jsonstr_write(f, cause);
	else if (c->spill_note[0] != '\0')
		jsonstr_write(f, c->spill_note);
	else
		fputs("null", f);
	fputs(", \"groups\": [", f);
	for (i = 0; i < c->nspill && ok; i++) {
		g = &c->spill[i];
		fprintf(f, "%s\n   {\"line\": %d, \"op\": \"%s\", "
		    "\"instruction\": ", i ? "," : "", g->line,
		    g->store ? "store" : "load");
		jsonstr_write(f, g->mnem);
		fprintf(f, ", \"width\": %d, \"instructions\": %d, \"loop\": ",
		    g->width, g->ninsn);
		if (g->loop >= 0)
			fprintf(f, "{\"var\": \"%s\", \"line\": %d}",
			    l->loops[g->loop].var != NULL ?
			    l->loops[g->loop].var : "", l->loops[g->loop].line);
		else
			fputs("null", f);
		fputs(", \"if_loop_runs\": ", f);
		if (g->ahead >= 0)
			fprintf(f, "{\"var\": \"%s\", \"line\": %d}",
			    l->loops[g->ahead].var != NULL ?
			    l->loops[g->ahead].var : "",
			    l->loops[g->ahead].line);
		else
			fputs("null", f);
		fprintf(f, ", \"requests\": %" PRId64 ", \"sectors\": %"
		    PRId64 "}", per[i].requests, per[i].sectors);
	}
	fputs("]}", f);
	free(cause);
	free(per);
}

void
json_print_stats(FILE *f, const struct launch *l, const struct totals *t,
    const struct oob_site *oob, const struct compiled *c)
{
	char	buf[512];
	int	i;

	param_format(&l->ps, buf, sizeof buf, 1);
	fputs("{\"variant\": ", f);
	jsonstr_write(f, l->v->name);
	fputs(", \"params\": ", f);
	jsonstr_write(f, buf);
	fprintf(f, ", \"arch\": \"%s\", \"grid\": [%" PRId64 ", %" PRId64
	    "], \"block\": [%" PRId64 ", %" PRId64 "], \"warps\": %" PRId64
	    ", \"steps_per_warp\": %" PRId64 ", \"fast_sites\": %d, ",
	    arch_name(t->arch), l->grid[0], l->grid[1], l->block[0],
	    l->block[1], launch_total_warps(l), l->nsteps, t->fast);
	if (c != NULL)
		fprintf(f, "\"as\": \"compiled\", \"decided_by\": \"%s\", "
		    "\"sm\": %d, ", isa_kind_name(c->kind), c->arch);
	fputs("\"sites\": [", f);
	for (i = 0; i < l->nsites; i++) {
		fprintf(f, "%s\n  {\"site\": ", i ? "," : "");
		jsonstr_write(f, l->sites[i].text);
		fprintf(f, ", \"space\": \"%s\", \"op\": \"%s\", ",
		    space_name(l->sites[i].space),
		    arch_op_name(l->sites[i].op));
		if (arch_sectored(l->sites[i].space) && t->site[i].requests)
			fprintf(f, "\"class\": \"%s\", ", rules_class_name(
			    rules_grade(t->site[i].sectors, t->site[i].need,
			    t->site[i].bytes_used < t->site[i].lanes *
			    l->sites[i].size)));
		fputs("\"totals\": ", f);
		print_totals(f, &t->site[i]);
		if (c != NULL)
			print_compiled(f, l, c, i);
		if (oob != NULL)
			print_oob(f, &oob[i]);
		fputs("}", f);
	}
	fputs("]", f);
	if (c != NULL && c->kind == ISA_SASS)
		print_spills(f, l, t->arch, c);
	fputs(",\n \"global_load\": ", f);
	print_totals(f, &t->global_load);
	fputs(",\n \"global_store\": ", f);
	print_totals(f, &t->global_store);
	fputs(",\n \"global_atomic\": ", f);
	print_totals(f, &t->global_atomic);
	fputs(",\n \"local_load\": ", f);
	print_totals(f, &t->local_load);
	fputs(",\n \"local_store\": ", f);
	print_totals(f, &t->local_store);
	fputs(",\n \"shared_load\": ", f);
	print_totals(f, &t->shared_load);
	fputs(",\n \"shared_store\": ", f);
	print_totals(f, &t->shared_store);
	fputs(",\n \"constant\": ", f);
	print_totals(f, &t->constant);
	fputs(",\n \"texture\": ", f);
	print_totals(f, &t->texture);
	fputs("}\n", f);
}
