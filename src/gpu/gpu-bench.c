/* SPDX-License-Identifier: ISC
 * gpu-bench.c - warpviz gpu (the device, the build's kernels, NVRTC and
 * occupancy at the catalog's defaults) and warpviz bench (each variant
 * and its partners run and timed, against cuMemcpyDtoD, as text or as
 * the JSON record; with --counters, once more under Nsight Compute).
 * Runs on the calling thread, not the TUI's worker.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "gpu-image.h"
#include "gpu-ncu.h"
#include "gpu-nvrtc.h"
#include "gpu-panel.h"
#include "gpu-record.h"
#include "gpu-results.h"
#include "gpu-run.h"
#include "gpu-state.h"
#include "gpu.h"
#include "occupancy.h"
#include "safestr.h"

#define MEMCPY_BYTES	((size_t)64 << 20)

/* --- warpviz gpu --- */

static void
print_build(FILE *f)
{
	char	why[256];
	int	i;

	/* The run-time compiler, for a user's kernel file. */
	if (gpu_nvrtc_open(why, sizeof why) == 0) {
		fprintf(f, "nvrtc:  CUDA %d.%d, for kernel files\n",
		    gpu_nvrtc_version() / 1000,
		    gpu_nvrtc_version() % 1000 / 10);
		if (gpu_nvrtc_cache_check(why, sizeof why) != 0) {
			fputs("cache:  ", f);
			safestr_fputs(why, f);
			fputc('\n', f);
		}
	} else
		fprintf(f, "nvrtc:  none, kernel files cannot run live: %s\n",
		    why);

	if (gpu_images[0].data == NULL) {
		fprintf(f, "build:  no GPU kernels (built without nvcc)\n");
		return;
	}
	fprintf(f, "build:  CUDA %s kernels, machine code for",
	    gpu_build_release);
	for (i = 0; gpu_build_sm[i] != 0; i++)
		fprintf(f, " sm_%d", gpu_build_sm[i]);
	fprintf(f, ", PTX for");
	for (i = 0; gpu_build_ptx[i] != 0; i++)
		fprintf(f, " compute_%d", gpu_build_ptx[i]);
	fputc('\n', f);
}

static void
print_device(FILE *f)
{
	fprintf(f, "device: %s (sm_%d%d, %d SMs, %d MB L2)\n", gpu_g.dev.name,
	    gpu_g.dev.cc_major, gpu_g.dev.cc_minor, gpu_g.dev.sms,
	    gpu_g.dev.l2_bytes >> 20);
	fprintf(f, "driver: CUDA %d.%d\n", gpu_g.dev.driver / 1000,
	    gpu_g.dev.driver % 1000 / 10);
}

/* Occupancy of every variant at its defaults. */
static void
print_occupancy(FILE *f)
{
	char			lines[4][GPU_LINE_MAX];
	struct param_set	ps;
	int			i, j, n;

	fprintf(f, "occupancy at the catalog defaults (%s; %s):\n",
	    occ_teaching.text, occ_h100.text);
	for (i = 0; catalog[i] != NULL; i++) {
		param_defaults(&ps, catalog[i]);
		n = gpu_occupancy(&ps, lines);
		for (j = 0; j < n; j++)
			fprintf(f, "  %-18s %s\n",
			    j == 0 ? catalog[i]->name : "", lines[j]);
	}
}

int
gpu_info(void)
{
	int	status;

	status = gpu_probe();
	if (status == GPU_OK || gpu_g.dev.name[0] != '\0')
		print_device(stdout);
	print_build(stdout);
	if (status == GPU_OK)
		printf("status: ready\n");
	else
		printf("status: unavailable: %s\n", gpu_g.why);
	print_occupancy(stdout);
	gpu_shutdown();
	return status == GPU_OK ? 0 : 1;
}

/* --- warpviz bench --- */

/* bench --counters: each run once more under ncu. */
static int	bench_counters;

void
gpu_bench_counters(int on)
{
	bench_counters = on;
}

/* Add ps to list unless there; *more set when there is no room. */
static int
bench_add(struct param_set *list, int n, const struct param_set *ps,
    int *more)
{
	char	a[256], b[256];
	int	i;

	param_format(ps, a, sizeof a, 1);
	for (i = 0; i < n; i++) {
		param_format(&list[i], b, sizeof b, 1);
		if (list[i].v == ps->v && strcmp(a, b) == 0)
			return n;
	}
	if (n < RESULTS_MAX)
		list[n++] = *ps;
	else
		*more = 1;
	return n;
}

/*
 * bench --counters: the run's counters from ncu into r.  A failure is
 * said on stderr; one that will not change (no ncu, no permission, no
 * GPU) stops the rest.  Returns 1 on a failure.
 */
static int
bench_count(const struct param_set *ps, struct gpu_result *r, int *stop)
{
	char		spec[1024], why[512];
	enum ncu_status	st;

	if (*stop)
		return 0;
	if (gpu_counters_spec(ps, spec, sizeof spec) != 0)
		return 0;
	if ((st = ncu_run(spec, NULL, &r->counters, why, sizeof why)) == NCU_OK)
		return 0;
	safestr_fprintf(stderr, "warpviz: bench: counters of %s: %s\n",
	    r->variant, why);
	if (st != NCU_FAILED)
		*stop = 1;
	return 1;
}

/* bench's text line of a run's counters. */
static void
bench_print_counters(const struct measured *m)
{
	if (!m->valid)
		return;
	printf("%18s ncu:", "");
	if (m->have & MEASURED_L1)
		printf(" L1 hit %.1f%%", m->l1_hit);
	if (m->have & MEASURED_L2)
		printf(", L2 hit %.1f%%", m->l2_hit);
	if (m->have & MEASURED_DRAM)
		printf(", DRAM %.0f B read, %.0f B written", m->dram_read,
		    m->dram_write);
	printf("\n");
}

/* bench's text lines of one run. */
static void
bench_print_result(const struct gpu_result *res)
{
	char	line[GPU_LINE_MAX];

	fmt_result(line, "", res);
	/* Names from kernel files: through safestr. */
	safestr_fprintf(stdout, "%-18s %s\n", res->variant, res->params);
	safestr_fprintf(stdout, "%18s %s\n", "", line);
	if (res->status == RESULT_OK)
		printf("%18s %d regs, %d blocks per SM (driver), %ld elements "
		    "checked\n", "", res->regs, res->blocks_per_sm,
		    res->checked);
	bench_print_counters(&res->counters);
	if (res->compiled != 0)
		printf("%18s NVRTC: %s in %.0f ms\n", "", res->compiled == 1 ?
		    "compiled" : "from the cache", res->compile_ms);
	fflush(stdout);
}

/* bench's comparisons: each asked variant against its partners, and the
   copies against cuMemcpyDtoD. */
static void
bench_print_comparisons(struct gpu_record *rec, const struct param_set *asked,
    int nasked, const struct param_set *list, int n)
{
	char			 plines[MAX_PARTNERS][GPU_LINE_MAX];
	struct gpu_result	*self;
	int			 i, j, np;

	printf("\ncomparisons:\n");
	for (i = 0; i < nasked; i++) {
		if ((self = record_get(rec, &asked[i])) == NULL)
			continue;
		np = fmt_partners(rec, &asked[i], self, plines, MAX_PARTNERS);
		for (j = 0; j < np; j++)
			safestr_fprintf(stdout, "  %-18s %s\n",
			    asked[i].v->name, plines[j]);
	}
	for (i = 0; i < n; i++)
		if (list[i].v->live.copy_bytes != NULL &&
		    rec->results[i].status == RESULT_OK &&
		    rec->memcpy_gbps > 0)
			safestr_fprintf(stdout, "  %s %s reaches %.0f%% of "
			    "cuMemcpyDtoD's bandwidth\n",
			    rec->results[i].variant, rec->results[i].params,
			    100 * rec->results[i].gbps / rec->memcpy_gbps);
}

int
gpu_bench(const struct param_set *specs, int nspecs, int json, int once)
{
	static struct param_set	 list[RESULTS_MAX];
	static struct param_set	 asked[RESULTS_MAX];
	struct param_set	 partners[MAX_PARTNERS];
	static struct gpu_record rec;
	double			 memcpy_ms = 0;
	size_t			 memcpy_bytes = MEMCPY_BYTES;
	char			 t[32];
	int			 i, j, n = 0, nasked = 0, bad = 0;
	int			 np, more = 0, noted = 0, nocount = 0;

	if (nspecs > RESULTS_MAX) {
		fprintf(stderr, "warpviz: bench: %d variants is too many (at "
		    "most %d)\n", nspecs, RESULTS_MAX);
		return 2;
	}
	for (i = 0; i < nspecs; i++)
		asked[nasked++] = specs[i];
	/* Everything that runs live (the texture walks too: verified on
	   the H100, doc/validation.md). */
	if (nasked == 0)
		for (i = 0; catalog[i] != NULL && nasked < RESULTS_MAX; i++)
			param_defaults(&asked[nasked++], catalog[i]);
	for (i = 0; i < nasked; i++) {
		n = bench_add(list, n, &asked[i], &more);
		if (once)
			continue;
		np = gpu_partners(&asked[i], partners, MAX_PARTNERS);
		for (j = 0; j < np; j++)
			n = bench_add(list, n, &partners[j], &more);
	}
	if (more) {
		fprintf(stderr, "warpviz: bench: the variants and their "
		    "partners make more than %d runs (name fewer)\n",
		    RESULTS_MAX);
		return 2;
	}

	/* The reference copy moves as many bytes as the first copy kernel. */
	for (i = 0; i < n; i++)
		if (gpu_run_copy_bytes(&list[i], &memcpy_bytes) == 0)
			break;
	if (gpu_probe() != GPU_OK) {
		fprintf(stderr, "warpviz: bench: %s\n", gpu_g.why);
		gpu_shutdown();
		return 3;
	}
	memset(&rec, 0, sizeof rec);
	gpu_results_device(&rec, &gpu_g.dev);
	if (!json) {
		print_device(stdout);
		fflush(stdout);
	}
	gpu_run_set_once(once);
	if (once)
		;
	else if (gpu_run_memcpy(gpu_g.ops, memcpy_bytes, &memcpy_ms,
	    &rec.memcpy_gbps) != 0) {
		fprintf(stderr, "warpviz: bench: memcpy: %s\n",
		    gpu_g.ops->error());
		bad = 1;
	} else if (!json) {
		fmt_ms(t, sizeof t, memcpy_ms);
		printf("memcpy: cuMemcpyDtoD of %zu MiB: %s, %.0f GB/s "
		    "(bytes read + written)\n", memcpy_bytes >> 20, t,
		    rec.memcpy_gbps);
	}
	for (i = 0; i < n; i++) {
		struct gpu_result res;

		if (gpu_run(gpu_g.ops, &list[i], &res) != 0)
			bad = 1;
		if (bench_counters && bench_count(&list[i], &res, &nocount))
			bad = 1;
		if (res.compiled != 0 && *gpu_nvrtc_cache_note() != '\0' &&
		    !noted) {
			fputs("warpviz: bench: ", stderr);
			safestr_fputs(gpu_nvrtc_cache_note(), stderr);
			fputc('\n', stderr);
			noted = 1;
		}
		record_put(&rec, &res);
		if (!json)
			bench_print_result(&res);
	}
	if (json)
		gpu_results_write(stdout, &rec);
	else
		bench_print_comparisons(&rec, asked, nasked, list, n);
	gpu_shutdown();
	return bad ? 1 : 0;
}
