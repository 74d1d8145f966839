/* SPDX-License-Identifier: ISC
 * test-dram.c - TAP unit tests for src/model/dram.c, the teaching model of
 * DRAM channels and banks.  Each expectation is worked out by hand next to
 * it from dram.h's interleaving: chunk = addr / interleave, channel =
 * chunk mod channels, bank = (chunk / channels) mod banks; here 8
 * channels, 16 banks, 256 bytes (dram_teaching).  Links the catalog and
 * the model only.
 */
#include <stdlib.h>

#include "catalog.h"
#include "dram.h"
#include "launch.h"
#include "param.h"
#include "tap.h"

static void
where(int64_t addr, int ch, int bank)
{
	int	c, b;

	dram_locate(&dram_teaching, addr, &c, &b);
	is_int(c, ch, "address %lld: channel", (long long)addr);
	is_int(b, bank, "address %lld: bank", (long long)addr);
}

/* A launch of a catalog variant with assignments ("name=value", NULL
   ends). */
static int
make(struct launch *l, const char *variant, const char *a0, const char *a1)
{
	struct param_set	 ps;
	char			*cause = NULL;

	param_defaults(&ps, catalog_find(variant));
	if ((a0 != NULL && param_assign(&ps, a0, &cause) != 0) ||
	    (a1 != NULL && param_assign(&ps, a1, &cause) != 0) ||
	    launch_init(l, &ps, &cause) != 0) {
		free(cause);
		return -1;
	}
	return 0;
}

int
main(void)
{
	struct dram_config	 bad;
	struct dram_load	 d;
	struct launch		 l;
	int64_t			 addr[32];
	char			*cause = NULL;
	int			 i, n;

	is_int(dram_check(&dram_teaching, &cause), 0, "the teaching device "
	    "is a valid configuration");
	is_int(dram_teaching.channels, 8, "the seed's example: 8 channels");
	bad = dram_teaching;
	bad.interleave = 100;
	is_int(dram_check(&bad, &cause), -1, "interleave 100 is refused "
	    "(not a multiple of 32)");
	free(cause);
	bad = dram_teaching;
	bad.channels = 0;
	is_int(dram_check(&bad, &cause), -1, "0 channels are refused");
	free(cause);

	/* 0..255 is chunk 0: channel 0, bank 0; 256 is chunk 1: channel 1;
	   1792 = 7 x 256: channel 7; 2048 = 8 x 256 wraps to channel 0 in the
	   next row: bank 1; 16 rows later (32768) the banks wrap too. */
	where(0, 0, 0);
	where(255, 0, 0);
	where(256, 1, 0);
	where(1792, 7, 0);
	where(2048, 0, 1);
	where(32768, 0, 0);
	where(32768 + 2048 + 3 * 256, 3, 1);
	/* -256 is chunk -1: row -1, channel 7, bank 15 (floor division). */
	where(-256, 7, 15);

	/* One coalesced warp: 32 floats from 65536 = chunk 256, channel 0,
	   row 32, bank 0: 4 sectors, all in channel 0, bank 0. */
	dram_clear(&d);
	for (i = 0; i < 32; i++)
		addr[i] = 65536 + 4 * i;
	dram_add_request(&dram_teaching, &d, addr, 0xffffffffu, 32, 4);
	is_int(d.sectors, 4, "one coalesced warp: 4 sectors");
	is_int(d.channel[0], 4, "... all in channel 0");
	is_int(d.bank[0][0], 4, "... bank 0");
	is_int(d.channels_used, 1, "... one channel busy");
	/* The same lanes inactive but lane 0: 1 sector. */
	dram_clear(&d);
	dram_add_request(&dram_teaching, &d, addr, 0x1u, 32, 4);
	is_int(d.sectors, 1, "only lane 0 active: 1 sector");
	/* A 16-byte access at 65536 + 24 spans sectors 2048 and 2049. */
	dram_clear(&d);
	addr[0] = 65536 + 24;
	dram_add_request(&dram_teaching, &d, addr, 0x1u, 32, 16);
	is_int(d.sectors, 2, "a 16-byte access across a sector edge: 2");

	/* Lanes 8192 bytes apart (a row of a 2048-float matrix): chunk 256 +
	   32 r, and 32 r mod 8 = 0: every sector in channel 0.  Rows 0-15
	   (lanes 16-31 repeat them): 16 sectors; bank = (32 + 4 r) mod 16 =
	   0, 4, 8, 12, four rows each.  Spread 16 / (8 x 16) = 1/8. */
	dram_clear(&d);
	for (i = 0; i < 32; i++)
		addr[i] = 65536 + (int64_t)(i % 16) * 8192;
	dram_add_request(&dram_teaching, &d, addr, 0xffffffffu, 32, 4);
	is_int(d.sectors, 16, "rows 8 KB apart: 16 sectors");
	is_int(d.channel[0], 16, "... all in channel 0");
	is_int(d.channels_used, 1, "... 1 channel of 8 busy");
	is_int(d.bank[0][0], 4, "... bank 0: rows 0, 4, 8, 12");
	is_int(d.bank[0][4], 4, "... bank 4: rows 1, 5, 9, 13");
	is_int(d.bank[0][1], 0, "... bank 1: none");
	ok(dram_spread(&dram_teaching, &d) == 0.125, "... spread 1/8");

	/*
	 * The stride variant at stride 1, 64 warps in flight from warp 0 of
	 * block 0 (8 warps a block, so blocks 0-7): 64 x 128 bytes
	 * contiguous from the 256-aligned base of in = 32 chunks, 4 in each
	 * channel, 8 sectors each: 32 sectors per channel, 256 in all.
	 */
	if (make(&l, "stride", "stride=1", NULL) == 0) {
		dram_clear(&d);
		n = dram_add_warps(&dram_teaching, &d, &l, 0, 0, 0, 0, 64,
		    &cause);
		is_int(n, 64, "stride 1: 64 warps in flight");
		is_int(d.sectors, 256, "stride 1: 256 sectors");
		is_int(d.channels_used, 8, "stride 1: every channel busy");
		is_int(d.busiest, 32, "stride 1: 32 sectors per channel");
		ok(dram_spread(&dram_teaching, &d) == 1.0,
		    "stride 1: spread 1");
		/* The store (step 1) is a global access too; a step past the
		   end is refused. */
		is_int(dram_add_warps(&dram_teaching, &d, &l, 2, 0, 0, 0, 1,
		    &cause), -1, "a step past the end is refused");
		free(cause);
		cause = NULL;
		launch_free(&l);
	} else
		ok(0, "stride launch");
	/* Stride 64 floats = 256 bytes: lane i in chunk c0 + i, so a warp's
	   32 sectors cycle through the 8 channels, 4 each: spread, but each
	   sector carries 4 useful bytes of 32. */
	if (make(&l, "stride", "stride=64", NULL) == 0) {
		dram_clear(&d);
		dram_add_warps(&dram_teaching, &d, &l, 0, 0, 0, 0, 1, &cause);
		is_int(d.sectors, 32, "stride 64: 32 sectors a warp");
		is_int(d.channels_used, 8, "stride 64: over all 8 channels");
		is_int(d.busiest, 4, "stride 64: 4 on each");
		launch_free(&l);
	} else
		ok(0, "stride 64 launch");
	/*
	 * matmul-row at width 2048 (bx = by = 16): M[Row*Width+k] with Row =
	 * blockIdx.x*16 + threadIdx.x, k = 0 at step 0.  The 8 warps of
	 * block 0 all read rows 0-15, 8192 bytes apart: 8 x 16 = 128
	 * sectors, every one in the same channel (32 chunks a row, a
	 * multiple of 8).  Block 1 (next in launch order) reads rows 16-31:
	 * the same channel again.
	 */
	if (make(&l, "matmul-row", NULL, NULL) == 0) {
		dram_clear(&d);
		n = dram_add_warps(&dram_teaching, &d, &l, 0, 0, 0, 0, 16,
		    &cause);
		is_int(n, 16, "matmul-row: 16 warps (blocks 0 and 1)");
		is_int(d.sectors, 256, "matmul-row: 16 x 16 sectors");
		is_int(d.channels_used, 1, "matmul-row: 1 channel of 8");
		is_int(d.busiest, 256, "matmul-row: all on the busiest");
		launch_free(&l);
	} else
		ok(0, "matmul-row launch");
	if (make(&l, "powers-stride32", NULL, NULL) == 0) {
		is_int(dram_add_warps(&dram_teaching, &d, &l, 1, 0, 0, 0, 1,
		    &cause), -1, "a shared-memory step is refused");
		ok(cause != NULL && strstr(cause, "not a global access") !=
		    NULL, "... as not a global access");
		free(cause);
		launch_free(&l);
	} else
		ok(0, "powers launch");
	return tap_done();
}
