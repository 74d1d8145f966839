/*
 * twohop.c - cheapest 2-hop path (min-plus), V0 (i from threadIdx.x) and
 * V1 (j from threadIdx.x).  Source: cuda/twohop.cu.
 */
#include "config.h"

#include "catalog.h"
#include "params.h"
#include "ref.h"

#define TWOHOP_PARAMS \
	{ .name = "n", .min = 1, .max = 16384, .def = 4000, \
	  .unit = "elements", .text = "matrix size (n x n floats)" }, \
	PARAM_BX(16), PARAM_BY(16)

#define TWOHOP_ARRAYS \
	{ .name = "d", .space = SPACE_GLOBAL, .elem_size = 4, .type = "float", \
	  .length = "n*n", .dims = { "n", "n" } }, \
	{ .name = "r", .space = SPACE_GLOBAL, .elem_size = 4, .type = "float", \
	  .length = "n*n", .dims = { "n", "n" } }

#define TWOHOP_BODY { \
	BODY_LOOP("k", "n"), \
	    BODY_LOAD("d[n*i + k]"), \
	    BODY_LOAD("d[n*k + j]"), \
	BODY_END(), \
	BODY_STORE("r[n*i + j]") }

const struct variant variant_twohop_v0 = {
	.name = "twohop-v0",
	.family = "twohop",
	.title = "cheapest 2-hop path V0, i from threadIdx.x",
	.lesson = "The lanes of a warp have different i: d[n*i + k] puts "
	    "every lane in a different row, its own sector, at every k.  "
	    "The store r[n*i + j] is just as scattered.",
	.kernel = "twohop_v0",
	.source = "twohop.cu",
	.params = { TWOHOP_PARAMS },
	.block = { "BX", "BY" },
	.grid = { "(n+BX-1)/BX", "(n+BY-1)/BY" },
	.arrays = { TWOHOP_ARRAYS },
	.lets = {
		{ "i", "threadIdx.x + blockIdx.x * blockDim.x" },
		{ "j", "threadIdx.y + blockIdx.y * blockDim.y" },
	},
	.guard = "i < n && j < n",
	.body = TWOHOP_BODY,
	.compare = "twohop-v1",
	.live = { .args = "r d n", .outputs = "r", .lo = 0, .hi = 100,
	    .reference = ref_twohop, .small = "n=19,bx=8,by=8" },
};

const struct variant variant_twohop_v1 = {
	.name = "twohop-v1",
	.family = "twohop",
	.title = "cheapest 2-hop path V1, j from threadIdx.x",
	.lesson = "Swap the mapping: now j varies across the warp.  "
	    "d[n*k + j] reads consecutive floats of one row and d[n*i + k] "
	    "is a broadcast per warp row.  Same algorithm, a fraction of "
	    "the sectors.",
	.kernel = "twohop_v1",
	.source = "twohop.cu",
	.params = { TWOHOP_PARAMS },
	.block = { "BX", "BY" },
	.grid = { "(n+BX-1)/BX", "(n+BY-1)/BY" },
	.arrays = { TWOHOP_ARRAYS },
	.lets = {
		{ "i", "threadIdx.y + blockIdx.y * blockDim.y" },
		{ "j", "threadIdx.x + blockIdx.x * blockDim.x" },
	},
	.guard = "i < n && j < n",
	.body = TWOHOP_BODY,
	.compare = "twohop-v0",
	.live = { .args = "r d n", .outputs = "r", .lo = 0, .hi = 100,
	    .reference = ref_twohop, .small = "n=19,bx=8,by=8" },
};
