/*
 * occupancy.c - resident blocks and warps per SM (see occupancy.h).  The
 * limits are computed separately and the smallest wins; ties go to the
 * first of threads, registers, shared memory, blocks.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stddef.h>

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
	r->max_warps = d->threads_per_sm / d->warp_size;
	r->by_threads = r->max_warps / warps;
	if (regs <= 0)
		r->by_regs = INT_MAX;
	else if (d->reg_unit > 0)
		r->by_regs = d->regs_per_sm /
		    round_up(regs * d->warp_size, d->reg_unit) / warps;
	else
		r->by_regs = d->regs_per_sm / (regs * warps * d->warp_size);
	if (smem <= 0)
		r->by_smem = INT_MAX;
	else
		r->by_smem = d->smem_per_sm /
		    round_up(smem + d->smem_reserved, d->smem_unit);
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
	return 0;
}

/* A limit's block count, "-" when it does not limit at all. */
static void
occ_count(char *buf, size_t len, int n)
{
	if (n == INT_MAX)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%d", n);
}

int
occupancy_text(const struct occ_device *d, int threads, int regs, int smem,
    const struct occ_result *r, char lines[][OCC_TEXT_LEN])
{
	char	bt[16], br[16], bs[16];
	int	n = 0, pct, per;

	occ_count(bt, sizeof bt, r->by_threads);
	occ_count(br, sizeof br, r->by_regs);
	occ_count(bs, sizeof bs, r->by_smem);
	if (r->limit == OCC_NONE) {
		per = smem + d->smem_reserved;
		if (threads > d->threads_per_sm)
			snprintf(lines[n++], OCC_TEXT_LEN, "does not fit: a block of %d "
			    "threads is more than the SM's %d", threads,
			    d->threads_per_sm);
		else if (r->by_smem == 0)
			snprintf(lines[n++], OCC_TEXT_LEN, "does not fit: a block needs "
			    "%d B of shared memory, the SM has %d", per,
			    d->smem_per_sm);
		else
			snprintf(lines[n++], OCC_TEXT_LEN, "does not fit: a block needs "
			    "%d x %d = %d registers, the SM has %d", regs,
			    threads, regs * threads, d->regs_per_sm);
	} else {
		pct = r->max_warps > 0 ? (r->warps * 100 + r->max_warps / 2) /
		    r->max_warps : 0;
		snprintf(lines[n++], OCC_TEXT_LEN, "%d block%s x %d warps = %d "
		    "of %d warps (%d%%), %d threads; limit: %s", r->blocks,
		    r->blocks == 1 ? "" : "s", r->blocks ? r->warps / r->blocks
		    : 0, r->warps, r->max_warps, pct, r->blocks * threads,
		    occupancy_limit_name(r->limit));
	}
	snprintf(lines[n++], OCC_TEXT_LEN, "blocks by threads %s, by registers %s, by "
	    "shared memory %s, at most %d", bt, br, bs, r->by_blocks);
	if (smem > 0 && r->blocks > 0)
		snprintf(lines[n++], OCC_TEXT_LEN, "shared memory in use: %d blocks x %d "
		    "B = %d of %d B", r->blocks, smem, r->blocks * smem,
		    d->smem_per_sm);
	return n;
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
