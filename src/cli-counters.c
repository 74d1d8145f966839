/* SPDX-License-Identifier: ISC
 * cli-counters.c - the counters command: the model's whole-launch totals
 * beside Nsight Compute's counters for one launch of the same kernel at
 * the same parameters (gpu-ncu.h), or beside counters recorded in a
 * results file (--results).  ncu's raw counters are per launch and per
 * space; where its source page was read too (a second run), each of the
 * model's source lines is set beside what was measured on it, and the
 * lines with memory instructions the model has no site of are listed.
 * The model is as written, or with --as-compiled the compiler's
 * instructions.  A mismatch is printed as one, never rounded away; every
 * word from ncu or a kernel file goes through safestr.
 *
 * Exit status: 0 every measured space agrees with the model (per launch,
 * or per instruction: measured_agree_per_insn), 1 one does not (or ncu
 * failed after it ran), 2 bad usage, 3 nothing can be measured here (no
 * ncu, no permission for the counters, no GPU).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-compiled.h"
#include "cli-counters.h"
#include "cli-show.h"
#include "gpu-ncu.h"
#include "gpu.h"
#include "launch.h"
#include "measured.h"
#include "opts.h"
#include "safestr.h"
#include "totals.h"
#include "xmalloc.h"

#define EXIT_CANNOT	3

/* Whether site i's counts go into kind k (as totals sums them). */
static int
counters_in_kind(const struct launch *l, int i, enum measured_kind k)
{
	return measured_site_kind(&l->sites[i]) == (int)k;
}

/* One site: its source line, text and the model's counts. */
static void
counters_site(FILE *f, const struct launch *l, const struct totals *t, int i,
    enum measured_kind k, int only)
{
	const struct site_totals	*s = &t->site[i];
	int				 shared = measured_kind_shared(k);

	if (l->sites[i].line > 0)
		fprintf(f, "    line %-4d", l->sites[i].line);
	else
		fprintf(f, "    %-9s", "");
	safestr_fprintf(f, " %-26s model %" PRId64 " req, %" PRId64
	    " %s%s\n", l->sites[i].text, s->requests, shared ? s->wavefronts :
	    s->sectors, shared ? "wavefronts" : "sectors", only ? " (the only "
	    "site: measured is this line's)" : "");
}

/*
 * What ncu's source page measured on line n for kind k, beside the sum
 * of the model's sites there; 1 for a mismatch.  Where more instructions
 * were issued than the model counts, the lanes predicated on say whether
 * the rest had every lane off.
 */
static int
counters_line(FILE *f, const struct launch *l, const struct totals *t,
    const struct measured *m, int n, enum measured_kind k)
{
	const struct measured_line	*e = measured_line_find(m, n, k);
	struct measured_line		 mod;
	const char			*what;
	int				 bad;

	what = measured_kind_shared(k) ? "wavefronts" : "sectors";
	measured_model_line(l, t, n, k, &mod);
	bad = !measured_line_agree(l, t, m, n, k);
	if (e == NULL) {
		fprintf(f, "              measured on line %d: no %s instruction%s"
		    "%s\n", n, measured_kind_name(k), m->lines_cut ? " (or "
		    "past the lines read)" : "", bad ? "  MISMATCH" : "");
		return bad;
	}
	if (e->requests <= mod.requests || !e->has_lanes)
		fprintf(f, "              measured on line %d: %" PRId64 " req",
		    n, e->requests);
	else
		fprintf(f, "              measured on line %d: %" PRId64 " issued,"
		    " %" PRId64 " lanes on (model %" PRId64 " req, %" PRId64
		    " lanes)", n, e->requests, e->lanes, mod.requests,
		    mod.lanes);
	if (e->has_units)
		fprintf(f, ", %" PRId64 " %s", e->units, what);
	fprintf(f, "  %s\n", bad ? "MISMATCH" : "agree");
	return bad;
}

/*
 * Lines where ncu measured kind k and the model has no site of it: the
 * compiler's instructions (spills).  As compiled the model counts those
 * in its space's total beyond its sites' (compiled-spill.c); then the
 * lines are listed as counted there, and the space's total decides.
 */
static int
counters_extra(FILE *f, const struct launch *l, const struct totals *t,
    const struct measured *m, enum measured_kind k)
{
	const struct measured_line	*e;
	int64_t				 sites = 0;
	int				 i, j, bad = 0, counted;

	for (j = 0; j < l->nsites; j++)
		if (counters_in_kind(l, j, k))
			sites += t->site[j].requests;
	counted = measured_model(t, k)->requests > sites;
	for (i = 0; i < m->nlines; i++) {
		e = &m->line[i];
		if (e->kind != (int)k)
			continue;
		for (j = 0; j < l->nsites; j++)
			if (l->sites[j].line == e->line &&
			    counters_in_kind(l, j, k))
				break;
		if (j < l->nsites)
			continue;
		if (measured_line_inlined(l, e, k)) {
			fprintf(f, "    line %-4d the same %s instructions as line "
			    "%d (a call inlined here), counted there\n",
			    e->line, measured_kind_name(k), e->also_line);
			continue;
		}
		if (counted)
			fprintf(f, "    line %-4d no %s in the source, measured %"
			    PRId64 " req: the compiler's, in the model's "
			    "total\n", e->line, measured_kind_name(k),
			    e->requests);
		else
			fprintf(f, "    line %-4d no %s in the source, measured %"
			    PRId64 " req: the compiler's (a spill?)  MISMATCH\n",
			    e->line, measured_kind_name(k), e->requests);
		bad |= !counted;
	}
	for (i = 0; i < m->nlines; i++)
		if (m->line[i].kind == (int)k && !m->line[i].has_units) {
			fprintf(f, "              (ncu's source page gives %s no "
			    "%s per line)\n", measured_kind_name(k),
			    measured_kind_shared(k) ? "wavefronts" :
			    "sectors");
			break;
		}
	return bad;
}

/*
 * The model's sites of kind k, one line each: source line and counts.
 * With ncu's source page read, under each source line what was
 * measured there, and the lines measured where the model has nothing;
 * without it, a space's only site is the line the measured numbers are
 * of, and with several the counters are their sum.  Returns 1 when a
 * line disagrees.
 */
static int
counters_sites(FILE *f, const struct launch *l, const struct totals *t,
    const struct measured *m, enum measured_kind k)
{
	int	done[LAUNCH_MAX_SITES] = { 0 };
	int	i, j, n = 0, bad = 0;

	for (i = 0; i < l->nsites; i++)
		n += counters_in_kind(l, i, k);
	for (i = 0; i < l->nsites; i++) {
		if (done[i] || !counters_in_kind(l, i, k))
			continue;
		for (j = i; j < l->nsites; j++) {
			if (done[j] || !counters_in_kind(l, j, k) ||
			    l->sites[j].line != l->sites[i].line)
				continue;
			done[j] = 1;
			counters_site(f, l, t, j, k, n == 1 && m->nlines == 0);
		}
		if (m->nlines > 0 && l->sites[i].line > 0)
			bad |= counters_line(f, l, t, m, l->sites[i].line, k);
	}
	if (m->nlines > 0)
		bad |= counters_extra(f, l, t, m, k);
	return bad;
}

/* Whether the source page measured kind k on some line. */
static int
counters_has_line(const struct measured *m, enum measured_kind k)
{
	int	i;

	for (i = 0; i < m->nlines; i++)
		if (m->line[i].kind == (int)k)
			return 1;
	return 0;
}

/*
 * One space: model beside measured, whether they agree, and the sites
 * by line below.  Where the launch's counter differs from the model only
 * by what ncu's source page attributes to no instruction (shared-memory
 * wavefronts beyond the instructions', say), and every line agrees, the
 * space agrees per instruction, and the difference is said.
 */
static int
counters_kind(const struct launch *l, const struct totals *t,
    const struct measured *m, enum measured_kind k)
{
	const struct site_totals	*s = measured_model(t, k);
	const struct measured_count	*c = &m->kind[k];
	int				 shared = measured_kind_shared(k);
	int				 agree = measured_agree(t, m, k), bad;
	int64_t				 model, meas;
	char				*buf = NULL;
	size_t				 len = 0;
	FILE				*f;

	if (s->requests == 0 && (!c->have || c->requests == 0) &&
	    !counters_has_line(m, k))
		return 0;
	if ((f = open_memstream(&buf, &len)) == NULL)
		return 1;
	bad = counters_sites(f, l, t, m, k);
	fclose(f);
	model = shared ? s->wavefronts : s->sectors;
	meas = shared ? c->wavefronts : c->sectors;
	printf("%-13s requests %12" PRId64, measured_kind_name(k),
	    s->requests);
	if (c->have)
		printf(" %12" PRId64, c->requests);
	else
		printf(" %12s", "-");
	printf("   %-10s %12" PRId64, shared ? "wavefronts" : "sectors",
	    model);
	if (c->have)
		printf(" %12" PRId64, meas);
	else
		printf(" %12s", "-");
	if (agree == 0 && measured_agree_per_insn(l, t, m, k)) {
		printf("  agree per instruction\n%s", buf);
		printf("              ncu's source page puts %" PRId64 " of the "
		    "launch's %" PRId64 " %s on these instructions;\n"
		    "              %" PRId64 " it puts on no instruction\n",
		    model, meas, shared ? "wavefronts" : "sectors",
		    meas - model);
		free(buf);
		return 0;
	}
	printf("  %s\n%s", agree < 0 ? "not measured" : agree ? "agree" :
	    "MISMATCH", buf);
	free(buf);
	if (agree == 0 && measured_more_instructions(l, t, m, k))
		printf("              the GPU ran the model's lanes on and %s "
		    "in %" PRId64 " instructions\n              for the model's "
		    "%" PRId64 " requests\n", shared ? "wavefronts" : "sectors",
		    c->requests, s->requests);
	return bad | (agree == 0);
}

/* The launch's hit rates and DRAM bytes, where measured. */
static void
counters_launch(const struct measured *m)
{
	if (m->have & (MEASURED_L1 | MEASURED_L2)) {
		printf("cache hit rates (of sectors):");
		if (m->have & MEASURED_L1)
			printf(" L1 %.1f%%", m->l1_hit);
		if (m->have & MEASURED_L2)
			printf("%s L2 %.1f%%", m->have & MEASURED_L1 ? "," : "",
			    m->l2_hit);
		if ((m->have & MEASURED_L1 && m->l1_hit > 100) ||
		    (m->have & MEASURED_L2 && m->l2_hit > 100))
			printf(" (as ncu gives them: above 100%% on this "
			    "launch)");
		printf("\n");
	}
	if (m->have & MEASURED_DRAM)
		printf("DRAM: %.0f bytes read, %.0f bytes written\n",
		    m->dram_read, m->dram_write);
	if (m->have & MEASURED_TIME)
		printf("ncu's duration of the launch: %.3f ms (caches flushed "
		    "and clocks fixed by ncu: not a timing)\n", m->ns / 1e6);
}

/* The whole report; returns 1 when a space disagrees. */
static int
counters_print(const struct opts *o, const struct launch *l,
    const struct totals *t, const struct measured *m, const char *from,
    const char *how)
{
	char	params[256];
	int	k, bad = 0;

	param_format(&o->ps, params, sizeof params, 1);
	safestr_fprintf(stdout, "%s %s: kernel %s\n", o->v->name, params,
	    m->kernel[0] != '\0' ? m->kernel : "?");
	safestr_fprintf(stdout, "Nsight Compute's counters, %s\n", from);
	printf("beside the model %s\n", how);
	if (m->nlines > 0)
		printf("per launch and per space; under each space the model's "
		    "sites by source line,\nand what ncu's source page "
		    "measured on that line.\n");
	else {
		printf("per launch and per space; the lines under a space are "
		    "the model's sites in it.\n");
		if (m->lines_why[0] != '\0')
			safestr_fprintf(stdout, "per line: not read: %s\n",
			    m->lines_why);
	}
	printf("%-13s %-8s %12s %12s   %-10s %12s %12s\n", "space", "",
	    "model", "measured", "", "model", "measured");
	for (k = 0; k < MEASURED_NKINDS; k++)
		bad |= counters_kind(l, t, m, k);
	if (t->constant.requests > 0)
		printf("constant: %" PRId64 " requests in the model; not among "
		    "ncu's counters read here\n", t->constant.requests);
	counters_launch(m);
	if (bad)
		printf("MISMATCH above: the counters count the instructions "
		    "the GPU executed, the model %s\n", strcmp(how,
		    "as written") == 0 ? "the accesses as the source writes "
		    "them (--as-compiled: the compiler's instructions)" :
		    "the instructions it read");
	return bad;
}

/* Recorded counters (--results) beside the model; the exit status. */
static int
counters_recorded(struct opts *o, const struct launch *l,
    const struct totals *t, const char *how)
{
	struct measured	 m;
	char		 from[GPU_LINE_MAX], *cause = NULL;

	if (gpu_load_results(o->results, &cause) != 0) {
		opts_error("%s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	if (gpu_counters_get(&o->ps, &m, from) != GPU_COUNTERS_RECORDED) {
		safestr_fprintf(stderr, "warpviz: counters: %s holds no "
		    "counters for %s at these parameters (record them with "
		    "'warpviz bench --json --counters')\n", o->results,
		    o->v->name);
		return 1;
	}
	return counters_print(o, l, t, &m, from, how);
}

/* ncu's counters of one launch beside the model; the exit status. */
static int
counters_live(struct opts *o, const struct launch *l,
    const struct totals *t, const char *how)
{
	struct measured	 m;
	char		 spec[1024], why[1024];
	enum ncu_status	 st;

	if (gpu_counters_spec(&o->ps, spec, sizeof spec) != 0)
		return opts_error("counters: %s: a kernel file's path with a "
		    "':' cannot be named to bench", o->v->name);
	if ((st = ncu_run(spec, o->v->source, &m, why, sizeof why)) != NCU_OK) {
		safestr_fprintf(stderr, "warpviz: counters: %s\n", why);
		return st == NCU_FAILED ? 1 : EXIT_CANNOT;
	}
	return counters_print(o, l, t, &m, "one launch of 'warpviz bench "
	    "--once', here and now", how);
}

/*
 * The model the counters are set beside: as written (the modern rules,
 * whatever --arch: ncu counts on a current GPU), or with --as-compiled
 * (--ptx, --sass) the compiler's instructions.  0, or an exit status.
 */
static int
counters_model(struct opts *o, struct launch *l, struct totals *t,
    const char **how)
{
	struct compiled	*c;
	char		*cause = NULL;
	int		 rc;

	*how = "as written";
	if (!o->as_compiled) {
		rc = totals_compute(l, ARCH_MODERN, TOTALS_AUTO, t, &cause);
	} else {
		c = xcalloc(1, sizeof *c);
		if ((rc = cli_compiled(o, l, c)) != 0) {
			free(c);
			return rc;
		}
		*how = c->kind == ISA_SASS ? "as compiled (SASS)" :
		    "as compiled (PTX)";
		rc = compiled_totals(l, ARCH_MODERN, c, t, &cause);
		free(c);
	}
	if (rc != 0) {
		opts_error("counters: %s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	return 0;
}

int
cli_counters(struct opts *o)
{
	struct launch	 l;
	struct totals	 t;
	const char	*how;
	char		*cause = NULL;
	int		 rc;

	if (launch_init(&l, &o->ps, &cause) != 0) {
		cli_launch_error(o, cause);
		free(cause);
		return EXIT_USAGE;
	}
	if ((rc = counters_model(o, &l, &t, &how)) != 0) {
		launch_free(&l);
		return rc;
	}
	if (o->results != NULL)
		rc = counters_recorded(o, &l, &t, how);
	else
		rc = counters_live(o, &l, &t, how);
	gpu_shutdown();
	launch_free(&l);
	return rc;
}
