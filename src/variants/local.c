/* SPDX-License-Identifier: ISC
 * local.c - a thread's own array in local memory, read at one element by
 * every lane or at a lane's own, of 4 or 16 bytes.  Source: cuda/local.cu.
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

/*
 * The model of this family is read from the warpviz: blocks of
 * cuda/local.cu; a description keeps the live run's CPU reference.
 * small: two blocks of 2 x 32 threads, one warp partly past n.
 */
#define LOCAL_LIVE(ref) { .args = "out in n reps m", .outputs = "out", \
	.lo = -1, .hi = 1, .reference = (ref), \
	.small = "n=100,reps=2,m=5,wpb=2" }

const struct variant variant_local_uniform = {
	.name = "local-uniform",
	.source = "local.cu",
	.live = LOCAL_LIVE(ref_local_uniform),
};

const struct variant variant_local_lane = {
	.name = "local-lane",
	.source = "local.cu",
	.live = LOCAL_LIVE(ref_local_lane),
};

const struct variant variant_local_uniform16 = {
	.name = "local-uniform16",
	.source = "local.cu",
	.live = LOCAL_LIVE(ref_local_uniform16),
};

const struct variant variant_local_lane16 = {
	.name = "local-lane16",
	.source = "local.cu",
	.live = LOCAL_LIVE(ref_local_lane16),
};
