/* SPDX-License-Identifier: ISC
 * twohop.c - cheapest 2-hop path (min-plus), V0 (i from threadIdx.x),
 * V1 (j from threadIdx.x), V2 (8 x 8 results per thread, reuse in
 * registers) and V3 (strips through shared memory).  Source:
 * cuda/twohop.cu.
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

/*
 * The model of this family (parameters, launch, arrays, body, lessons) is
 * read from the warpviz: blocks of cuda/twohop.cu; a description keeps
 * what a .cu file cannot say: the live run's CPU reference and inputs.
 */
#define TWOHOP_LIVE \
	.source = "twohop.cu", \
	.live = { .args = "r d n", .outputs = "r", .lo = 0, .hi = 100, \
	    .reference = ref_twohop, .small = "n=19,bx=8,by=8" }

const struct variant variant_twohop_v0 = {
	.name = "twohop-v0",
	TWOHOP_LIVE,
};

const struct variant variant_twohop_v1 = {
	.name = "twohop-v1",
	TWOHOP_LIVE,
};

/* V2 and V3 read d and its transpose t, both padded to nn x nn with
   +infinity by the host (ref_fill_twohop_padded), as the course's padding
   kernel does. */
#define TWOHOP_BLOCKED_LIVE \
	.source = "twohop.cu", \
	.live = { .args = "r d t n nn", .outputs = "r", .lo = 0, .hi = 100, \
	    .min_bytes = "8*n*n", .fill = ref_fill_twohop_padded, \
	    .reference = ref_twohop_padded, .small = "n=70" }

const struct variant variant_twohop_v2 = {
	.name = "twohop-v2",
	TWOHOP_BLOCKED_LIVE,
};

const struct variant variant_twohop_v3 = {
	.name = "twohop-v3",
	TWOHOP_BLOCKED_LIVE,
};
