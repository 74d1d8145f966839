/* SPDX-License-Identifier: ISC
 * cli-counters.c - the counters command: the model's whole-launch totals
 * beside Nsight Compute's counters for one launch of the same kernel at
 * the same parameters (gpu-ncu.h), or beside counters recorded in a
 * results file (--results).  ncu's raw counters are per launch and per
 * space, so the comparison is per space; each space lists the model's
 * sites in it with their source lines and counts, so a mismatch points
 * at the lines it can come from.  A mismatch is printed as one, never
 * rounded away; every word from ncu or a kernel file goes through
 * safestr.
 *
 * Exit status: 0 every measured space agrees with the model, 1 one does
 * not (or ncu failed after it ran), 2 bad usage, 3 nothing can be
 * measured here (no ncu, no permission for the counters, no GPU).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-counters.h"
#include "gpu-ncu.h"
#include "gpu.h"
#include "launch.h"
#include "measured.h"
#include "opts.h"
#include "safestr.h"
#include "totals.h"

#define EXIT_CANNOT	3

/* Whether site i's counts go into kind k (as totals sums them). */
static int
counters_in_kind(const struct launch *l, int i, enum measured_kind k)
{
	struct totals	probe;

	return totals_kind(&probe, &l->sites[i]) == measured_model(&probe, k);
}

/*
 * The model's sites of kind k, one line each: source line and counts.
 * A space's only site is the line the measured numbers are of; with
 * several, the counters are their sum.
 */
static void
counters_sites(const struct launch *l, const struct totals *t,
    enum measured_kind k)
{
	const struct site_totals	*s;
	int				 i, n = 0, shared;

	shared = measured_kind_shared(k);
	for (i = 0; i < l->nsites; i++)
		n += counters_in_kind(l, i, k);
	for (i = 0; i < l->nsites; i++) {
		if (!counters_in_kind(l, i, k))
			continue;
		s = &t->site[i];
		if (l->sites[i].line > 0)
			printf("    line %-4d", l->sites[i].line);
		else
			printf("    %-9s", "");
		safestr_fprintf(stdout, " %-26s model %" PRId64 " req, %"
		    PRId64 " %s%s\n", l->sites[i].text, s->requests, shared ?
		    s->wavefronts : s->sectors, shared ? "wavefronts" :
		    "sectors", n == 1 ? " (the only site: measured is this "
		    "line's)" : "");
	}
}

/* One space: model beside measured, and whether they agree. */
static int
counters_kind(const struct launch *l, const struct totals *t,
    const struct measured *m, enum measured_kind k)
{
	const struct site_totals	*s = measured_model(t, k);
	const struct measured_count	*c = &m->kind[k];
	int				 shared = measured_kind_shared(k);
	int				 agree = measured_agree(t, m, k);

	if (s->requests == 0 && (!c->have || c->requests == 0))
		return 0;
	printf("%-13s requests %12" PRId64, measured_kind_name(k),
	    s->requests);
	if (c->have)
		printf(" %12" PRId64, c->requests);
	else
		printf(" %12s", "-");
	printf("   %-10s %12" PRId64, shared ? "wavefronts" : "sectors",
	    shared ? s->wavefronts : s->sectors);
	if (c->have)
		printf(" %12" PRId64, shared ? c->wavefronts : c->sectors);
	else
		printf(" %12s", "-");
	printf("  %s\n", agree < 0 ? "not measured" : agree ? "agree" :
	    "MISMATCH");
	counters_sites(l, t, k);
	return agree == 0;
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
    const struct totals *t, const struct measured *m, const char *from)
{
	char	params[256];
	int	k, bad = 0;

	param_format(&o->ps, params, sizeof params, 1);
	safestr_fprintf(stdout, "%s %s: kernel %s\n", o->v->name, params,
	    m->kernel[0] != '\0' ? m->kernel : "?");
	safestr_fprintf(stdout, "Nsight Compute's counters, %s\n", from);
	printf("per launch and per space (ncu's counters do not split by "
	    "source line);\nthe lines under a space are the model's sites "
	    "in it.\n");
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
		    "the GPU executed, the model the accesses as the source "
		    "writes them\n");
	return bad;
}

/* Recorded counters (--results) beside the model; the exit status. */
static int
counters_recorded(struct opts *o, const struct launch *l,
    const struct totals *t)
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
	return counters_print(o, l, t, &m, from);
}

/* ncu's counters of one launch beside the model; the exit status. */
static int
counters_live(struct opts *o, const struct launch *l,
    const struct totals *t)
{
	struct measured	 m;
	char		 spec[1024], why[1024];
	enum ncu_status	 st;

	if (gpu_counters_spec(&o->ps, spec, sizeof spec) != 0)
		return opts_error("counters: %s: a kernel file's path with a "
		    "':' cannot be named to bench", o->v->name);
	if ((st = ncu_run(spec, &m, why, sizeof why)) != NCU_OK) {
		safestr_fprintf(stderr, "warpviz: counters: %s\n", why);
		return st == NCU_FAILED ? 1 : EXIT_CANNOT;
	}
	return counters_print(o, l, t, &m, "one launch of 'warpviz bench "
	    "--once', here and now");
}

int
cli_counters(struct opts *o)
{
	struct launch	 l;
	struct totals	 t;
	char		*cause = NULL;
	int		 rc;

	if (launch_init(&l, &o->ps, &cause) != 0) {
		opts_error("-p: %s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	/* ncu counts on a current GPU: the modern rules, whatever --arch. */
	if (totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, &cause) != 0) {
		opts_error("counters: %s", cause);
		free(cause);
		launch_free(&l);
		return EXIT_USAGE;
	}
	if (o->results != NULL)
		rc = counters_recorded(o, &l, &t);
	else
		rc = counters_live(o, &l, &t);
	gpu_shutdown();
	launch_free(&l);
	return rc;
}
