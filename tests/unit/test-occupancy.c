/* SPDX-License-Identifier: ISC
 * test-occupancy.c - TAP unit tests for src/model/occupancy.c.  Each case
 * is worked out by hand next to it.  Links only the model.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "occupancy.h"
#include "tap.h"

/* Whether one of the n explained lines contains want. */
static int
has_line(char lines[][OCC_LINE_MAX], int n, const char *want)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strstr(lines[i], want) != NULL)
			return 1;
	return 0;
}

static void
explained(const struct occ_device *d, int threads, int regs, int smem,
    const char *want)
{
	char	lines[OCC_EXPLAIN_LINES][OCC_LINE_MAX];
	int	n, i;

	n = occupancy_explain(d, threads, regs, smem, lines);
	if (!ok(has_line(lines, n, want), "%s %d thr %d regs %d B says '%s'",
	    d->name, threads, regs, smem, want))
		for (i = 0; i < n; i++)
			diag("%s", lines[i]);
}

static void
parses(enum occ_field f, const char *s, int want)
{
	char	*cause = NULL;
	int	 v = -1;

	is_int(occupancy_parse(f, s, &v, &cause), 0, "%s '%s' parses",
	    occupancy_field_name(f), s);
	is_int(v, want, "%s '%s' is %d", occupancy_field_name(f), s, want);
	free(cause);
}

static void
refused(enum occ_field f, const char *s, const char *want)
{
	char	*cause = NULL;
	int	 v = -1;

	is_int(occupancy_parse(f, s, &v, &cause), -1, "%s '%s' is refused",
	    occupancy_field_name(f), s);
	ok(cause != NULL && strstr(cause, want) != NULL, "... saying '%s' "
	    "(%s)", want, cause != NULL ? cause : "no cause");
	is_int(v, -1, "... and sets nothing");
	free(cause);
}

static void
check(const struct occ_device *d, int threads, int regs, int smem,
    int blocks, int warps, enum occ_limit limit, const char *what)
{
	struct occ_result	r;

	is_int(occupancy_compute(d, threads, regs, smem, &r), 0, "%s: computes",
	    what);
	is_int(r.blocks, blocks, "%s: blocks per SM", what);
	is_int(r.warps, warps, "%s: warps per SM", what);
	is_str(occupancy_limit_name(r.limit), occupancy_limit_name(limit),
	    "%s: limit", what);
}

/*
 * The seed's worked examples on its teaching SM (1536 threads, 16384
 * registers, 16 KB shared memory, 8 blocks), as the o screen's what-if
 * says them.
 */
static void
seed_examples(void)
{
	struct occ_result	r;
	char			t[OCC_EXPLAIN_LINES][OCC_LINE_MAX];
	int			n;

	/*
	 * 512-thread blocks, 10 registers: 10 x 512 = 5120 a block, 16384 /
	 * 5120 = 3.2 -> 3 blocks; threads 1536 / 512 = 3: 3 blocks, 1536
	 * threads, all 48 warps.
	 */
	check(&occ_teaching, 512, 10, 0, 3, 48, OCC_THREADS,
	    "seed: 512 threads, 10 registers");
	n = occupancy_explain(&occ_teaching, 512, 10, 0, t);
	ok(has_line(t, n, "3 blocks, 48 warps, 1536 threads per SM") &&
	    has_line(t, n, "100% (48 of 48 warps)"),
	    "seed: 10 registers, 1536 threads");
	/* 11 registers: 5632 a block, 16384 / 5632 = 2.9 -> 2 blocks: 1024
	   threads, 32 of 48 warps = 66.7%, rounded 67%. */
	check(&occ_teaching, 512, 11, 0, 2, 32, OCC_REGISTERS,
	    "seed: 512 threads, 11 registers");
	n = occupancy_explain(&occ_teaching, 512, 11, 0, t);
	ok(has_line(t, n, "2 blocks, 32 warps, 1024 threads per SM") &&
	    has_line(t, n, "67% (32 of 48 warps), limited by registers"),
	    "seed: 11 registers, 1024 threads, rounded 67%%");
	/* 5 KB of shared memory a block: 16384 / 5120 = 3.2 -> 3 blocks
	   (64-thread blocks: threads would allow 24, blocks 8). */
	check(&occ_teaching, 64, 0, 5120, 3, 6, OCC_SHARED,
	    "seed: 5 KB shared a block");
	/*
	 * A 16x16 tile of floats, 2 KB: shared memory allows 16384 / 2048 =
	 * 8 blocks, threads 1536 / 256 = 6: 6 blocks, 6 x 2 KB = 12 KB in
	 * use.
	 */
	check(&occ_teaching, 256, 0, 2048, 6, 48, OCC_THREADS,
	    "seed: 16x16 tile of 2 KB");
	occupancy_compute(&occ_teaching, 256, 0, 2048, &r);
	is_int(r.by_smem, 8, "seed: the tile: 8 blocks by shared memory");
	is_int(r.by_threads, 6, "seed: the tile: 6 by threads");
	n = occupancy_explain(&occ_teaching, 256, 0, 2048, t);
	ok(has_line(t, n, "12 KB of 16 KB shared (75%)"),
	    "seed: the tile: 12 KB in use");
	ok(has_line(t, n, "threads:       1536 / 256 = 6 blocks") &&
	    has_line(t, n, "registers:     not counted") &&
	    has_line(t, n, "shared memory: 16 KB / 2 KB = 8 blocks"),
	    "seed: the tile: each limit's blocks");
	/* powers with 128 threads: 16896 B > 16384: not one block. */
	n = occupancy_explain(&occ_teaching, 128, 16, 16896, t);
	ok(has_line(t, n, "does not fit: a block needs 16896 B of shared "
	    "memory, the SM has 16 KB"), "does not fit, explained");
	n = occupancy_explain(&occ_teaching, 2048, 1, 0, t);
	ok(has_line(t, n, "does not fit: a block of 2048 threads is more "
	    "than the SM's 1536"), "too many threads, explained");
}

int
main(void)
{
	struct occ_result	r;
	int			i;

	/*
	 * Teaching SM.  16x16 blocks, 10 registers: threads 1536/256 = 6,
	 * registers 16384/(10*256) = 6.4 -> 6, blocks 8: 6 blocks, 48 warps,
	 * threads bind first (the tie goes to threads).
	 */
	check(&occ_teaching, 256, 10, 0, 6, 48, OCC_THREADS,
	    "teaching 256 thr 10 regs");
	/* 11 registers: 16384/(11*256) = 5.8 -> 5 blocks, 40 warps. */
	check(&occ_teaching, 256, 11, 0, 5, 40, OCC_REGISTERS,
	    "teaching 256 thr 11 regs");
	/* 8x8 blocks: 1536/64 = 24 by threads, but at most 8 blocks. */
	check(&occ_teaching, 64, 8, 0, 8, 16, OCC_BLOCKS,
	    "teaching 64 thr");
	/*
	 * Tiled matmul, tile 32: 1024 threads, 2*32*32*4 = 8192 bytes:
	 * threads 1, shared 16384/8192 = 2: one block of 32 warps.
	 */
	check(&occ_teaching, 1024, 16, 8192, 1, 32, OCC_THREADS,
	    "teaching tile 32");
	/*
	 * powers, 128 threads, 128*33*4 = 16896 bytes > 16 KB: nothing fits.
	 */
	check(&occ_teaching, 128, 16, 16896, 0, 0, OCC_NONE,
	    "teaching powers 128");
	/* 48 threads count as 2 warps: 1536/64 = 24 -> 8 blocks, 16 warps. */
	check(&occ_teaching, 48, 0, 0, 8, 16, OCC_BLOCKS,
	    "teaching 48 threads");
	/* Tile 16 with 20 registers: 16384/(20*256) = 3.2 -> 3 blocks. */
	check(&occ_teaching, 256, 20, 2048, 3, 24, OCC_REGISTERS,
	    "teaching tile 16 20 regs");

	/*
	 * The seed's worked examples.  The teaching SM allocates registers
	 * exactly (regs x threads, no granularity: reg_unit 0), as the seed's
	 * arithmetic does.  512-thread blocks (16 warps): threads 1536/512 =
	 * 3.  10 registers: 16384/(10*512) = 16384/5120 = 3.2 -> 3 blocks,
	 * 48 warps, 1536 threads, and the tie goes to threads.
	 */
	is_int(occ_teaching.reg_unit, 0, "teaching: no register granularity");
	check(&occ_teaching, 512, 10, 0, 3, 48, OCC_THREADS,
	    "seed 512 thr 10 regs");
	occupancy_compute(&occ_teaching, 512, 10, 0, &r);
	is_int(r.threads, 1536, "seed 10 regs: 1536 threads");
	is_int(r.by_regs, 3, "seed 10 regs: registers allow 3");
	/* 11 registers: 16384/(11*512) = 16384/5632 = 2.9 -> 2 blocks, 32
	   warps, 1024 threads: registers bind. */
	check(&occ_teaching, 512, 11, 0, 2, 32, OCC_REGISTERS,
	    "seed 512 thr 11 regs");
	occupancy_compute(&occ_teaching, 512, 11, 0, &r);
	is_int(r.threads, 1024, "seed 11 regs: 1024 threads");
	is_int(r.block_regs, 5632, "seed 11 regs: 5632 registers a block");
	/* 32 of 48 warps is 66.7%: 67 when rounded. */
	is_int(occupancy_percent(r.warps, r.max_warps), 67,
	    "seed 11 regs: occupancy 67%%");
	/* 5 KB of shared memory a block: 16384/5120 = 3.2 -> 3 blocks
	   (256 threads: threads would allow 6). */
	check(&occ_teaching, 256, 0, 5 * 1024, 3, 24, OCC_SHARED,
	    "seed 5 KB shared");
	occupancy_compute(&occ_teaching, 256, 0, 5 * 1024, &r);
	is_int(r.by_smem, 3, "seed 5 KB: shared memory allows 3");
	/* A 16x16 tile of 2 KB: shared 16384/2048 = 8, threads 1536/256 =
	   6: 6 blocks, 48 warps, threads bind, 6 x 2 KB = 12 KB in use. */
	check(&occ_teaching, 256, 0, 2048, 6, 48, OCC_THREADS,
	    "seed 16x16 tile 2 KB");
	occupancy_compute(&occ_teaching, 256, 0, 2048, &r);
	is_int(r.by_smem, 8, "seed tile: shared memory allows 8");
	is_int(r.by_threads, 6, "seed tile: threads allow 6");
	is_int(r.blocks * r.block_smem, 12 * 1024, "seed tile: 12 KB in use");

	/* The same in words. */
	explained(&occ_teaching, 512, 10, 0,
	    "registers:     16384 / (10 x 512 = 5120) = 3.2 -> 3 blocks");
	explained(&occ_teaching, 512, 10, 0,
	    "3 blocks, 48 warps, 1536 threads per SM");
	explained(&occ_teaching, 512, 11, 0,
	    "registers:     16384 / (11 x 512 = 5632) = 2.9 -> 2 blocks");
	explained(&occ_teaching, 512, 11, 0,
	    "2 blocks, 32 warps, 1024 threads per SM");
	/* Threads and registers both allow 3: both bind (one register
	   more costs a block). */
	explained(&occ_teaching, 512, 10, 0, "occupancy:     100% (48 of 48 "
	    "warps), limited by threads and registers");
	explained(&occ_teaching, 512, 11, 0, "occupancy:     67% (32 of 48 "
	    "warps), limited by registers");
	explained(&occ_teaching, 512, 11, 0, "11264 of 16384 registers "
	    "(69%)");
	explained(&occ_teaching, 256, 0, 5120,
	    "shared memory: 16 KB / 5 KB = 3.2 -> 3 blocks");
	explained(&occ_teaching, 256, 0, 5120, "limited by shared memory");
	explained(&occ_teaching, 256, 0, 2048,
	    "shared memory: 16 KB / 2 KB = 8 blocks");
	explained(&occ_teaching, 256, 0, 2048, "threads:       1536 / 256 = "
	    "6 blocks");
	/* 12 KB of 16 KB is 75%. */
	explained(&occ_teaching, 256, 0, 2048, "12 KB of 16 KB shared (75%)");
	{
		char	lines[OCC_EXPLAIN_LINES][OCC_LINE_MAX];
		int	n;

		/* Threads 6, shared memory 8: threads alone bind. */
		n = occupancy_explain(&occ_teaching, 256, 0, 2048, lines);
		ok(has_line(lines, n, "(48 of 48 warps), limited by threads") &&
		    !has_line(lines, n, "limited by threads and"),
		    "seed tile: threads alone bind");
	}
	/* 64 threads, 2 KB: threads 24, shared memory 8, blocks 8. */
	explained(&occ_teaching, 64, 0, 2048, "occupancy:     33% (16 of 48 "
	    "warps), limited by shared memory and blocks");
	explained(&occ_teaching, 256, 0, 0, "registers:     not counted");
	explained(&occ_teaching, 256, 0, 0, "registers not counted, no shared "
	    "memory");
	/* 48 threads take 2 warps: 1536/64 = 24 by threads, 8 by blocks;
	   16 of 48 warps is 33.3%: 33. */
	explained(&occ_teaching, 48, 0, 0, "1536 / 64 (48 threads fill 2 "
	    "warps) = 24 blocks");
	explained(&occ_teaching, 48, 0, 0, "occupancy:     33% (16 of 48 "
	    "warps)");

	/*
	 * Does not fit.  1024 threads at 20 registers: 20 x 1024 = 20480
	 * registers, more than 16384; 20 KB of shared memory, more than 16.
	 */
	check(&occ_teaching, 1024, 20, 20 * 1024, 0, 0, OCC_NONE,
	    "teaching 1024 thr 20 regs 20 KB");
	explained(&occ_teaching, 1024, 20, 20 * 1024, "does not fit: a block "
	    "needs 20480 registers, the SM has 16384");
	explained(&occ_teaching, 1024, 20, 20 * 1024, "does not fit: a block "
	    "needs 20 KB of shared memory, the SM has 16 KB");
	explained(&occ_teaching, 1024, 20, 20 * 1024, "0 blocks, occupancy "
	    "0%: the launch fails");
	/* powers at 128 threads: 16896 B > 16 KB, registers fine. */
	explained(&occ_teaching, 128, 16, 16896, "needs 16896 B of shared "
	    "memory, the SM has 16 KB");
	{
		char	lines[OCC_EXPLAIN_LINES][OCC_LINE_MAX];
		int	n;

		n = occupancy_explain(&occ_teaching, 128, 16, 16896, lines);
		ok(!has_line(lines, n, "registers, the SM has"),
		    "powers 128: registers are not blamed");
		is_int(occupancy_explain(&occ_teaching, 0, 0, 0, lines), 0,
		    "no threads: nothing explained");
	}

	/* H100: 33 registers, 128 threads: 33 x 32 = 1056 a warp, in 256s
	   1280, x 4 warps = 5120 a block; 65536/5120 = 12.8 -> 12. */
	explained(&occ_h100, 128, 33, 0, "registers:     65536 / (4 warps x "
	    "1280) = 12.8 -> 12 blocks");
	explained(&occ_h100, 128, 33, 0, "a warp's 33 x 32 = 1056 registers "
	    "round up to 1280 (in 256s)");
	/* 5000 B + 1024 reserved = 6024, in 128s 6144 = 6 KB: 233472/6144 =
	   38. */
	explained(&occ_h100, 128, 33, 5000, "shared memory: 228 KB / 6 KB = "
	    "38 blocks");
	explained(&occ_h100, 128, 33, 5000, "5000 B + 1 KB for the system, "
	    "rounded up to 128 B: 6 KB");
	{
		char	lines[OCC_EXPLAIN_LINES][OCC_LINE_MAX];

		/* Every note and every limit: 10 lines at most. */
		is_int(occupancy_explain(&occ_h100, 128, 33, 5000, lines), 9,
		    "H100 with both notes: 9 lines");
	}
	/* 12 blocks of 48 warps of 64: 75%. */
	explained(&occ_h100, 128, 33, 5000, "occupancy:     75% (48 of 64 "
	    "warps)");

	/* Percentages round to the nearest. */
	is_int(occupancy_percent(2, 3), 67, "2/3 is 67%%");
	is_int(occupancy_percent(1, 3), 33, "1/3 is 33%%");
	is_int(occupancy_percent(1, 2), 50, "1/2 is 50%%");
	is_int(occupancy_percent(1, 0), 0, "of nothing: 0%%");

	/* Values as typed. */
	parses(OCC_FIELD_REGS, "11", 11);
	parses(OCC_FIELD_REGS, "0", 0);
	parses(OCC_FIELD_THREADS, "1024", 1024);
	parses(OCC_FIELD_SHARED, "5K", 5120);
	parses(OCC_FIELD_SHARED, "5kb", 5120);
	parses(OCC_FIELD_SHARED, "2048", 2048);
	parses(OCC_FIELD_SHARED, "1024K", 1024 * 1024);
	refused(OCC_FIELD_REGS, "256", "'256' is not allowed (a whole number "
	    "from 0 to 255");
	refused(OCC_FIELD_REGS, "-1", "registers: '-1' is not allowed");
	refused(OCC_FIELD_REGS, "", "registers: '' is not allowed");
	refused(OCC_FIELD_THREADS, "0", "threads: '0' is not allowed (a whole "
	    "number from 1 to 1024");
	refused(OCC_FIELD_THREADS, "1025", "threads: '1025'");
	refused(OCC_FIELD_THREADS, "5x", "threads: '5x'");
	refused(OCC_FIELD_SHARED, "1025K", "shared: '1025K' is not allowed");
	refused(OCC_FIELD_SHARED, "5M", "shared: '5M'");
	refused(OCC_FIELD_SHARED, "99999999999999999999K", "shared: '9");
	refused(OCC_FIELD_SHARED, "K", "shared: 'K'");

	/* Devices by name, any case. */
	ok(occupancy_device("teaching") == &occ_teaching, "teaching found");
	ok(occupancy_device("h100") == &occ_h100, "h100 found");
	ok(occupancy_device("H100") == &occ_h100, "H100 found");
	ok(occupancy_device("a100") == NULL, "a100 is not a device model");
	/* The refusal names every device model there is. */
	for (i = 0; occ_devices[i] != NULL; i++) {
		char	low[32];
		size_t	j;

		for (j = 0; j + 1 < sizeof low && occ_devices[i]->name[j]; j++)
			low[j] = tolower((unsigned char)occ_devices[i]->name[j]);
		low[j] = '\0';
		ok(strstr(occupancy_device_names(), low) != NULL,
		    "the names list %s", low);
	}

	/*
	 * H100.  256 threads, 32 registers: 32*32 = 1024 registers a warp,
	 * 65536/1024 = 64 warps -> 8 blocks; threads 2048/256 = 8: 8 blocks,
	 * 64 warps, threads first.
	 */
	check(&occ_h100, 256, 32, 0, 8, 64, OCC_THREADS, "H100 256 thr 32 regs");
	/*
	 * 128 threads, 40 registers, 16896 bytes (powers): registers 40*32 =
	 * 1280 a warp, 65536/1280 = 51 warps / 4 = 12 blocks; shared
	 * (16896+1024) = 17920, 233472/17920 = 13; threads 16: 12 blocks,
	 * 48 warps, registers.
	 */
	check(&occ_h100, 128, 40, 16896, 12, 48, OCC_REGISTERS,
	    "H100 powers 128 40 regs");
	/*
	 * 33 registers round up to 40 a thread (1056 -> 1280 a warp): the
	 * same 12 blocks as 40.
	 */
	check(&occ_h100, 128, 33, 0, 12, 48, OCC_REGISTERS,
	    "H100 128 thr 33 regs");
	/* 32 threads, few registers: 2048/32 = 64, but 32 blocks at most. */
	check(&occ_h100, 32, 16, 0, 32, 32, OCC_BLOCKS, "H100 32 thr");
	/*
	 * 100000 bytes of shared memory: (100000+1024) rounded to 128 is
	 * 101120; 233472/101120 = 2 blocks.
	 */
	check(&occ_h100, 256, 16, 100000, 2, 16, OCC_SHARED, "H100 100 KB");
	/* registers not known: no register limit. */
	check(&occ_h100, 1024, 0, 0, 2, 64, OCC_THREADS, "H100 regs unknown");

	is_int(occupancy_compute(&occ_h100, 0, 0, 0, &r), -1,
	    "no threads: an error");

	seed_examples();
	is_int(occ_h100.threads_per_sm / occ_h100.warp_size, 64,
	    "H100: 64 warps per SM");
	return (tap_done());
}
