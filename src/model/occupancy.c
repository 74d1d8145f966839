/* SPDX-License-Identifier: ISC
 * occupancy.c - resident blocks and warps per SM (see occupancy.h).  The
 * limits are computed separately and the smallest wins; ties go to the
 * first of threads, registers, shared memory, blocks.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cause.h"
#include "occupancy.h"

const struct occ_device occ_teaching = {
	.name = "teaching",
	.text = "teaching SM: 1536 threads, 16384 registers, 16 KB shared, "
	    "8 blocks",
	.threads_per_sm = 1536,
	.regs_per_sm = 16384,
	.smem_per_sm = 16 * 1024,
	.blocks_per_sm = 8,
	.warp_size = 32,
	.sm = 75,
};

const struct occ_device occ_h100 = {
	.name = "H100",
	.text = "H100 SM: 2048 threads, 65536 registers, 228 KB shared, "
	    "32 blocks",
	.threads_per_sm = 2048,
	.regs_per_sm = 65536,
	.smem_per_sm = 228 * 1024,
	.blocks_per_sm = 32,
	.warp_size = 32,
	.reg_unit = 256,
	.smem_unit = 128,
	.smem_reserved = 1024,
	.sm = 90,
};

const struct occ_device *const occ_devices[] = {
	&occ_teaching, &occ_h100, NULL
};

static int
round_up(int v, int unit)
{
	return unit > 0 ? (v + unit - 1) / unit * unit : v;
}

int
occupancy_compute(const struct occ_device *d, int threads, int regs,
    int smem, struct occ_result *r)
{
	int	warps, best;

	if (threads <= 0)
		return -1;
	warps = (threads + d->warp_size - 1) / d->warp_size;
	r->block_warps = warps;
	r->max_warps = d->threads_per_sm / d->warp_size;
	r->by_threads = r->max_warps / warps;
	r->block_regs = 0;
	if (regs <= 0)
		r->by_regs = INT_MAX;
	else if (d->reg_unit > 0) {
		r->by_regs = d->regs_per_sm /
		    round_up(regs * d->warp_size, d->reg_unit) / warps;
		r->block_regs = round_up(regs * d->warp_size, d->reg_unit) *
		    warps;
	} else {
		r->by_regs = d->regs_per_sm / (regs * warps * d->warp_size);
		r->block_regs = regs * warps * d->warp_size;
	}
	r->block_smem = 0;
	if (smem <= 0)
		r->by_smem = INT_MAX;
	else {
		r->block_smem = round_up(smem + d->smem_reserved,
		    d->smem_unit);
		r->by_smem = d->smem_per_sm / r->block_smem;
	}
	r->by_blocks = d->blocks_per_sm;

	best = r->by_threads;
	r->limit = OCC_THREADS;
	if (r->by_regs < best) {
		best = r->by_regs;
		r->limit = OCC_REGISTERS;
	}
	if (r->by_smem < best) {
		best = r->by_smem;
		r->limit = OCC_SHARED;
	}
	if (r->by_blocks < best) {
		best = r->by_blocks;
		r->limit = OCC_BLOCKS;
	}
	if (best <= 0) {
		best = 0;
		r->limit = OCC_NONE;
	}
	r->blocks = best;
	r->warps = best * warps;
	r->threads = best * threads;
	return 0;
}

const char *
occupancy_limit_name(enum occ_limit l)
{
	switch (l) {
	case OCC_THREADS:
		return "threads";
	case OCC_REGISTERS:
		return "registers";
	case OCC_SHARED:
		return "shared memory";
	case OCC_BLOCKS:
		return "blocks";
	default:
		return "does not fit";
	}
}

const struct occ_device *
occupancy_device(const char *name)
{
	int	i;

	for (i = 0; occ_devices[i] != NULL; i++)
		if (strcasecmp(occ_devices[i]->name, name) == 0)
			return occ_devices[i];
	return NULL;
}

const char *
occupancy_device_names(void)
{
	return "teaching or h100";
}

const char *
occupancy_field_name(enum occ_field f)
{
	switch (f) {
	case OCC_FIELD_REGS:
		return "registers";
	case OCC_FIELD_THREADS:
		return "threads";
	default:
		return "shared";
	}
}

int
occupancy_parse(enum occ_field f, const char *s, int *out, char **cause)
{
	const char	*allowed;
	char		*end;
	long		 v, min = 0, max;

	switch (f) {
	case OCC_FIELD_REGS:
		max = OCC_MAX_REGS;
		allowed = "a whole number from 0 to 255 a thread; 0: not "
		    "counted";
		break;
	case OCC_FIELD_THREADS:
		min = 1;
		max = OCC_MAX_THREADS;
		allowed = "a whole number from 1 to 1024 a block";
		break;
	default:
		max = OCC_MAX_SMEM;
		allowed = "bytes a block from 0 to 1048576, or KB as 5K";
		break;
	}
	errno = 0;
	end = (char *)s;
	v = isdigit((unsigned char)*s) ? strtol(s, &end, 10) : -1;
	if (v >= 0 && f == OCC_FIELD_SHARED && (*end == 'K' || *end == 'k')) {
		end++;
		if (*end == 'B' || *end == 'b')
			end++;
		v = v > max ? max + 1 : v * 1024;
	}
	if (v < min || v > max || errno != 0 || *end != '\0') {
		*cause = cause_printf("%s: '%s' is not allowed (%s)",
		    occupancy_field_name(f), s, allowed);
		return -1;
	}
	*out = (int)v;
	return 0;
}

int
occupancy_percent(int part, int whole)
{
	if (whole <= 0)
		return 0;
	return (int)((200LL * part + whole) / (2LL * whole));
}

void
occupancy_bytes(char *buf, int len, int bytes)
{
	if (bytes >= 1024 && bytes % 1024 == 0)
		snprintf(buf, len, "%d KB", bytes / 1024);
	else
		snprintf(buf, len, "%d B", bytes);
}

/* "= 3 blocks" when b divides a, else "= 3.2 -> 3 blocks" (the decimal
   cut, never rounded up). */
static void
quotient(char *buf, int len, long long a, long long b)
{
	long long	q = a / b, tenths = a * 10 / b % 10;

	if (a % b == 0)
		snprintf(buf, len, "= %lld block%s", q, q == 1 ? "" : "s");
	else
		snprintf(buf, len, "= %lld.%lld -> %lld block%s", q, tenths, q,
		    q == 1 ? "" : "s");
}

/* What each limit allows on its own, into lines[]; returns the count. */
static int
explain_limits(const struct occ_device *d, const struct occ_result *rp,
    int threads, int regs, int smem, char lines[][OCC_LINE_MAX])
{
	struct occ_result	r = *rp;
	char			q[64], a[24], b[24], c[24], e[24];
	int			n = 0, ws = d->warp_size, wthreads;

	wthreads = r.block_warps * ws;
	quotient(q, sizeof q, d->threads_per_sm, wthreads);
	if (wthreads != threads)
		snprintf(lines[n++], OCC_LINE_MAX, "threads:       %d / %d "
		    "(%d threads fill %d warps) %s", d->threads_per_sm,
		    wthreads, threads, r.block_warps, q);
	else
		snprintf(lines[n++], OCC_LINE_MAX, "threads:       %d / %d %s",
		    d->threads_per_sm, threads, q);
	if (regs <= 0)
		snprintf(lines[n++], OCC_LINE_MAX, "registers:     not "
		    "counted");
	else {
		quotient(q, sizeof q, d->regs_per_sm, r.block_regs);
		if (r.block_regs != regs * wthreads) {
			snprintf(lines[n++], OCC_LINE_MAX, "registers:     %d "
			    "/ (%d warps x %d) %s", d->regs_per_sm,
			    r.block_warps, r.block_regs / r.block_warps, q);
			snprintf(lines[n++], OCC_LINE_MAX, "               a "
			    "warp's %d x %d = %d registers round up to %d "
			    "(in %ds)", regs, ws, regs * ws, r.block_regs /
			    r.block_warps, d->reg_unit);
		} else
			snprintf(lines[n++], OCC_LINE_MAX, "registers:     %d "
			    "/ (%d x %d = %d) %s", d->regs_per_sm, regs,
			    wthreads, r.block_regs, q);
	}
	if (smem <= 0)
		snprintf(lines[n++], OCC_LINE_MAX, "shared memory: none used");
	else {
		quotient(q, sizeof q, d->smem_per_sm, r.block_smem);
		occupancy_bytes(a, sizeof a, d->smem_per_sm);
		occupancy_bytes(b, sizeof b, smem);
		occupancy_bytes(c, sizeof c, r.block_smem);
		occupancy_bytes(e, sizeof e, d->smem_reserved);
		if (r.block_smem != smem) {
			snprintf(lines[n++], OCC_LINE_MAX, "shared memory: %s "
			    "/ %s %s", a, c, q);
			snprintf(lines[n++], OCC_LINE_MAX, "               %s "
			    "+ %s for the system, rounded up to %d B: %s", b,
			    e, d->smem_unit, c);
		} else
			snprintf(lines[n++], OCC_LINE_MAX, "shared memory: %s "
			    "/ %s %s", a, b, q);
	}
	snprintf(lines[n++], OCC_LINE_MAX, "blocks:        at most %d per SM",
	    d->blocks_per_sm);
	return n;
}

/* Why no block fits, into lines[]; returns the count. */
static int
explain_none(const struct occ_device *d, const struct occ_result *rp,
    int threads, char lines[][OCC_LINE_MAX])
{
	struct occ_result	r = *rp;
	char			a[24], b[24];
	int			n = 0;

	snprintf(lines[n++], OCC_LINE_MAX, "resident:      0 "
	    "blocks, occupancy 0%%: the launch fails");
	if (r.by_threads == 0)
		snprintf(lines[n++], OCC_LINE_MAX, "does not fit: a "
		    "block of %d threads is more than the SM's %d",
		    threads, d->threads_per_sm);
	if (r.by_regs == 0)
		snprintf(lines[n++], OCC_LINE_MAX, "does not fit: a "
		    "block needs %d registers, the SM has %d",
		    r.block_regs, d->regs_per_sm);
	if (r.by_smem == 0) {
		occupancy_bytes(a, sizeof a, r.block_smem);
		occupancy_bytes(b, sizeof b, d->smem_per_sm);
		snprintf(lines[n++], OCC_LINE_MAX, "does not fit: a "
		    "block needs %s of shared memory, the SM has %s",
		    a, b);
	}
	return n;
}

/* What is resident, what binds it and what it uses, into lines[]. */
static int
explain_resident(const struct occ_device *d, const struct occ_result *rp,
    int regs, int smem, char lines[][OCC_LINE_MAX])
{
	struct occ_result	r = *rp;
	char			q[64], a[24], b[24];
	int			n = 0, by[4], i, k;

	snprintf(lines[n++], OCC_LINE_MAX, "resident:      %d block%s, %d "
	    "warps, %d threads per SM", r.blocks, r.blocks == 1 ? "" : "s",
	    r.warps, r.threads);
	/* Every limit that allows no more than the binding one binds too:
	   10 registers at 512 threads are at the edge of 3 blocks. */
	by[0] = r.by_threads;
	by[1] = r.by_regs;
	by[2] = r.by_smem;
	by[3] = r.by_blocks;
	q[0] = '\0';
	for (i = 0, k = 0; i < 4; i++) {
		if (by[i] != r.blocks)
			continue;
		snprintf(a, sizeof a, "%s", occupancy_limit_name(i));
		snprintf(q + strlen(q), sizeof q - strlen(q), "%s%s",
		    k++ == 0 ? "" : " and ", a);
	}
	snprintf(lines[n++], OCC_LINE_MAX, "occupancy:     %d%% (%d of %d "
	    "warps), limited by %s", occupancy_percent(r.warps, r.max_warps),
	    r.warps, r.max_warps, q);
	if (regs > 0)
		snprintf(q, sizeof q, "%d of %d registers (%d%%)",
		    r.blocks * r.block_regs, d->regs_per_sm,
		    occupancy_percent(r.blocks * r.block_regs,
		    d->regs_per_sm));
	else
		snprintf(q, sizeof q, "registers not counted");
	if (smem > 0) {
		occupancy_bytes(a, sizeof a, r.blocks * r.block_smem);
		occupancy_bytes(b, sizeof b, d->smem_per_sm);
		snprintf(lines[n++], OCC_LINE_MAX, "in use:        %s, %s of %s "
		    "shared (%d%%)", q, a, b, occupancy_percent(r.blocks *
		    r.block_smem, d->smem_per_sm));
	} else
		snprintf(lines[n++], OCC_LINE_MAX, "in use:        %s, no "
		    "shared memory", q);
	return n;
}

int
occupancy_explain(const struct occ_device *d, int threads, int regs,
    int smem, char lines[][OCC_LINE_MAX])
{
	struct occ_result	r;
	int			n;

	if (occupancy_compute(d, threads, regs, smem, &r) != 0)
		return 0;
	n = explain_limits(d, &r, threads, regs, smem, lines);
	if (r.limit == OCC_NONE)
		return n + explain_none(d, &r, threads, lines + n);
	return n + explain_resident(d, &r, regs, smem, lines + n);
}
