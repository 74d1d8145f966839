/*
 * test-occupancy.c - TAP unit tests for src/model/occupancy.c.  Each case
 * is worked out by hand next to it.  Links only the model.
 */

#include <string.h>

#include "occupancy.h"
#include "tap.h"

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

/* Does one of n lines contain s? */
static int
has(char lines[][OCC_TEXT_LEN], int n, const char *s)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strstr(lines[i], s) != NULL)
			return 1;
	return 0;
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
	char			t[OCC_TEXT_LINES][OCC_TEXT_LEN];
	int			n;

	/*
	 * 512-thread blocks, 10 registers: 10 x 512 = 5120 a block, 16384 /
	 * 5120 = 3.2 -> 3 blocks; threads 1536 / 512 = 3: 3 blocks, 1536
	 * threads, all 48 warps.
	 */
	check(&occ_teaching, 512, 10, 0, 3, 48, OCC_THREADS,
	    "seed: 512 threads, 10 registers");
	occupancy_compute(&occ_teaching, 512, 10, 0, &r);
	n = occupancy_text(&occ_teaching, 512, 10, 0, &r, t);
	ok(has(t, n, "48 of 48 warps (100%), 1536 threads"),
	    "seed: 10 registers, 1536 threads (%s)", t[0]);
	/* 11 registers: 5632 a block, 16384 / 5632 = 2.9 -> 2 blocks: 1024
	   threads, 32 of 48 warps = 66.7%, rounded 67%. */
	check(&occ_teaching, 512, 11, 0, 2, 32, OCC_REGISTERS,
	    "seed: 512 threads, 11 registers");
	occupancy_compute(&occ_teaching, 512, 11, 0, &r);
	n = occupancy_text(&occ_teaching, 512, 11, 0, &r, t);
	ok(has(t, n, "32 of 48 warps (67%), 1024 threads; limit: registers"),
	    "seed: 11 registers, 1024 threads, rounded 67%% (%s)", t[0]);
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
	n = occupancy_text(&occ_teaching, 256, 0, 2048, &r, t);
	ok(has(t, n, "6 blocks x 2048 B = 12288 of 16384 B"),
	    "seed: the tile: 12 KB in use");
	ok(has(t, n, "by threads 6, by registers -, by shared memory 8"),
	    "seed: the tile: each limit's blocks");
	/* powers with 128 threads: 16896 B > 16384: not one block. */
	occupancy_compute(&occ_teaching, 128, 16, 16896, &r);
	n = occupancy_text(&occ_teaching, 128, 16, 16896, &r, t);
	ok(has(t, n, "does not fit: a block needs 16896 B of shared memory, "
	    "the SM has 16384"), "does not fit, explained (%s)", t[0]);
	occupancy_compute(&occ_teaching, 2048, 1, 0, &r);
	n = occupancy_text(&occ_teaching, 2048, 1, 0, &r, t);
	ok(has(t, n, "does not fit: a block of 2048 threads is more than the "
	    "SM's 1536"), "too many threads, explained");
}

int
main(void)
{
	struct occ_result	r;

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
