/* SPDX-License-Identifier: ISC
 * gpu-panel.c - the GPU's lines on the lecture screen: where the times
 * come from (live, recorded, or why there are none), this run and its
 * partners against it; and occupancy per device from ptxas's register
 * counts.  Reads the runner's state under its lock; runs nothing.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu-image.h"
#include "gpu-panel.h"
#include "gpu-record.h"
#include "gpu-run.h"
#include "gpu-state.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"

void
fmt_ms(char *buf, size_t len, double ms)
{
	if (ms >= 100)
		snprintf(buf, len, "%.0f ms", ms);
	else if (ms >= 1)
		snprintf(buf, len, "%.2f ms", ms);
	else
		snprintf(buf, len, "%.1f us", ms * 1000);
}

void
fmt_result(char *line, const char *label, const struct gpu_result *r)
{
	char	t[32];

	/* A kernel file has no CPU reference: never "verified". */
	switch (r->status == RESULT_OK && r->file ? RESULT_TIMED : r->status) {
	case RESULT_OK:
		fmt_ms(t, sizeof t, r->ms);
		gpu_lprintf(line, "%s%s (median of %d), %.0f GB/s, "
		    "verified", label, t, r->runs, r->gbps);
		break;
	case RESULT_TIMED:
		fmt_ms(t, sizeof t, r->ms);
		gpu_lprintf(line, "%s%s (median of %d), %.0f GB/s, "
		    "timed, not verified", label, t, r->runs, r->gbps);
		break;
	case RESULT_MISMATCH:
		gpu_lprintf(line, "%sWRONG RESULT: %s", label,
		    r->error);
		break;
	case RESULT_ERROR:
		/* NVRTC's own line says what failed. */
		gpu_lprintf(line, "%s%s%s", label, r->compiled < 0 ? "" :
		    "CUDA error: ",
		    r->error);
		break;
	default:
		gpu_lprintf(line, "%snot run", label);
	}
}

static void
fmt_partner(char *line, const struct param_set *pp, const struct gpu_result *r,
    const struct gpu_result *self)
{
	char	label[224], t[32], pbuf[96];

	param_format(pp, pbuf, sizeof pbuf, 0);
	snprintf(label, sizeof label, "vs %s%s%s: ", pp->v->name,
	    pbuf[0] ? " " : "", pbuf);
	/* !(x > 0) is also true of NaN: no ratio of impossible times. */
	if (r->status != RESULT_OK || self == NULL ||
	    self->status != RESULT_OK || !(self->ms > 0) || !(r->ms > 0)) {
		fmt_result(line, label, r);
		return;
	}
	fmt_ms(t, sizeof t, r->ms);
	if (r->ms >= self->ms)
		gpu_lprintf(line, "%s%s, this is %.2fx faster",
		    label, t, r->ms / self->ms);
	else
		gpu_lprintf(line, "%s%s, this is %.2fx slower",
		    label, t, self->ms / r->ms);
}

int
fmt_partners(struct gpu_record *rec, const struct param_set *ps,
    const struct gpu_result *self, char lines[][GPU_LINE_MAX], int max)
{
	struct param_set	 partners[MAX_PARTNERS];
	struct gpu_result	*r;
	int			 i, n = 0, np;

	np = gpu_partners(ps, partners, MAX_PARTNERS);
	for (i = 0; i < np && n < max; i++)
		if ((r = record_get(rec, &partners[i])) != NULL)
			fmt_partner(lines[n++], &partners[i], r, self);
	return n;
}

int
gpu_panel(const struct param_set *ps, char lines[][GPU_LINE_MAX])
{
	struct gpu_record	*rec;
	struct gpu_result	*self;
	char			 kbuf[48];
	const char		*kwhy;
	int			 n = 0, live;

	pthread_mutex_lock(&gpu_g.lock);
	self = record_get(&gpu_g.live, ps);
	live = self != NULL;
	rec = live ? &gpu_g.live : gpu_g.recorded;
	if (!live)
		self = record_get(gpu_g.recorded, ps);

	/* Line 0: where the numbers come from, or why there are none. */
	if (gpu_g.busy && gpu_g.opening && strcmp(gpu_g.jobs[0].v->name,
	    ps->v->name) == 0)
		gpu_lprintf(lines[n++], "GPU: opening the driver...");
	else if (gpu_g.busy && strcmp(gpu_g.jobs[0].v->name, ps->v->name) == 0)
		gpu_lprintf(lines[n++], "GPU: running %s (%d of %d)"
		    "...", gpu_g.jobs[gpu_g.current].v->name,
		    gpu_g.current + 1, gpu_g.njobs);
	else if (live)
		gpu_lprintf(lines[n++], "GPU: %s, driver CUDA %s "
		    "(g: run again)", gpu_g.dev.name, gpu_g.live.driver);
	else if (self != NULL)
		gpu_lprintf(lines[n++], "recorded on %s %s%s",
		    gpu_g.recorded->gpu, gpu_g.recorded->date,
		    self->source[0] == '\0' ? ", source not checked" : "");
	else if (gpu_g.probed && gpu_g.status != GPU_OK) {
		gpu_no_timing(gpu_g.short_why, sizeof gpu_g.short_why);
		gpu_lprintf(lines[n++], "%s", gpu_g.short_why);
	}
	else if (gpu_run_kernel(ps, kbuf, sizeof kbuf, &kwhy) == NULL)
		gpu_lprintf(lines[n++], "no live timing: %s", kwhy);
	else
		gpu_lprintf(lines[n++], "press g to time it live "
		    "on the GPU");

	if (self != NULL) {
		fmt_result(lines[n++], "this: ", self);
		n += fmt_partners(rec, ps, self, lines + n,
		    GPU_PANEL_LINES - 1 - n);
		if (ps->v->note != NULL && n < GPU_PANEL_LINES)
			gpu_lprintf(lines[n++], "note: %s",
			    ps->v->note);
	}
	pthread_mutex_unlock(&gpu_g.lock);
	return n;
}

/* ptxas's register count for a kernel at an sm, or the nearest below. */
static int
build_regs(const char *kernel, int sm, int *at)
{
	int	i, best = -1, regs = 0;

	for (i = 0; gpu_kernel_res[i].kernel != NULL; i++)
		if (strcmp(gpu_kernel_res[i].kernel, kernel) == 0 &&
		    gpu_kernel_res[i].sm <= sm && gpu_kernel_res[i].sm > best) {
			best = gpu_kernel_res[i].sm;
			regs = gpu_kernel_res[i].regs;
		}
	*at = best;
	return regs;
}

int
gpu_regs(const struct param_set *ps, int sm)
{
	const char	*kernel, *why;
	char		 kbuf[48];
	int		 at;

	kernel = gpu_run_kernel(ps, kbuf, sizeof kbuf, &why);
	return kernel != NULL ? build_regs(kernel, sm, &at) : 0;
}

int
gpu_occupancy(const struct param_set *ps, char lines[][GPU_LINE_MAX])
{
	struct launch		 l;
	struct occ_result	 o;
	struct gpu_result	*r;
	const char		*kernel, *why, *where = NULL;
	char			*cause = NULL, regtext[48], kbuf[48];
	int			 n = 0, i, regs, at;

	if (launch_init(&l, ps, &cause) != 0) {
		gpu_lprintf(lines[n++], "occupancy: %s", cause);
		free(cause);
		return n;
	}
	kernel = gpu_run_kernel(ps, kbuf, sizeof kbuf, &why);
	for (i = 0; occ_devices[i] != NULL; i++) {
		const struct occ_device *d = occ_devices[i];

		regs = kernel != NULL ? build_regs(kernel, d->sm, &at) : 0;
		if (regs > 0)
			snprintf(regtext, sizeof regtext, "%d regs (sm_%d)",
			    regs, at);
		else
			snprintf(regtext, sizeof regtext, "regs unknown");
		occupancy_compute(d, (int)l.threads, regs,
		    (int)l.shared_bytes, &o);
		gpu_lprintf(lines[n++], "%s: %d block%s x %d warps "
		    "= %d/%d warps per SM (%d%%), %s%s; %s", d->name,
		    o.blocks, o.blocks == 1 ? "" : "s",
		    (int)((l.threads + 31) / 32), o.warps,
		    o.max_warps, occupancy_percent(o.warps, o.max_warps),
		    o.limit == OCC_NONE ? "" : "limit ",
		    occupancy_limit_name(o.limit), regtext);
	}
	pthread_mutex_lock(&gpu_g.lock);
	if ((r = record_get(&gpu_g.live, ps)) != NULL)
		where = gpu_g.dev.name;
	else if ((r = record_get(gpu_g.recorded, ps)) != NULL)
		where = gpu_g.recorded->gpu;
	if (r != NULL && r->regs > 0)
		gpu_lprintf(lines[n++], "%s (driver): %d regs, %d "
		    "blocks per SM = %d warps", where, r->regs,
		    r->blocks_per_sm,
		    r->blocks_per_sm * (int)((l.threads + 31) / 32));
	pthread_mutex_unlock(&gpu_g.lock);
	launch_free(&l);
	return n;
}
