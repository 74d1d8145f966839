/* SPDX-License-Identifier: ISC
 * twohop.c - cheapest 2-hop path (min-plus), V0 (i from threadIdx.x),
 * V1 (j from threadIdx.x), V2 (8 x 8 results per thread, reuse in
 * registers) and V3 (strips through shared memory).  Source:
 * cuda/twohop.cu.
 */
#include "config.h"

#include "catalog.h"
#include "params.h"
#include "ref.h"

/*
 * The model of V0 and V1 (parameters, launch, arrays, body, lessons) is
 * read from the warpviz: blocks of cuda/twohop.cu; a description keeps
 * what a .cu file cannot say: the live run's CPU reference and inputs.
 * V2 and V3 stay described: read from the file, their loop-local i and j
 * are no lets, and the source panel would show other lines.
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

/* V2 and V3: 8 x 8 threads, 8 x 8 results each, over padded d and t. */
#define TWOHOP_BLOCKED \
	.family = "twohop", \
	.source = "twohop.cu", \
	.params = { { .name = "n", .min = 1, .max = 16384, .def = 4000, \
	  .unit = "elements", .text = "matrix size (n x n floats)" } }, \
	.derived = { { "nn", "(n + 63) / 64 * 64" } }, \
	.block = { "8", "8" }, \
	.grid = { "nn / 64", "nn / 64" }

#define TWOHOP_BLOCKED_ARRAYS \
	{ .name = "r", .space = SPACE_GLOBAL, .elem_size = 4, .type = "float", \
	  .length = "n*n", .dims = { "n", "n" } }, \
	{ .name = "d", .space = SPACE_GLOBAL, .elem_size = 4, .type = "float", \
	  .length = "nn*nn", .dims = { "nn", "nn" } }, \
	{ .name = "t", .space = SPACE_GLOBAL, .elem_size = 4, .type = "float", \
	  .length = "nn*nn", .dims = { "nn", "nn" } }

#define TWOHOP_BLOCKED_LETS \
	{ "ia", "threadIdx.x" }, { "ja", "threadIdx.y" }, \
	{ "ic", "blockIdx.x" }, { "jc", "blockIdx.y" }, \
	{ "i", "ic * 64 + ib * 8 + ia" }, { "j", "jc * 64 + jb * 8 + ja" }

#define TWOHOP_BLOCKED_STORE \
	BODY_LOOP("ib", "8"), \
	    BODY_LOOP("jb", "8"), \
		BODY_STORE_IF("r[n*i + j]", "i < n && j < n"), \
	    BODY_END(), \
	BODY_END()

#define TWOHOP_BLOCKED_LIVE(ref) \
	.live = { .args = "r d t n nn", .outputs = "r", .lo = 0, .hi = 100, \
	    .min_bytes = "8*n*n", .fill = ref_fill_twohop_padded, \
	    .reference = (ref), .small = "n=70" }

const struct variant variant_twohop_v2 = {
	.name = "twohop-v2",
	.title = "cheapest 2-hop path V2, 8 x 8 results per thread",
	.lesson = "Each thread keeps an 8 x 8 block of results in registers "
	    "and per k loads 8 values of a column strip (t, the transpose) "
	    "and 8 of a row strip (d): 16 loads for 64 results, where V1 "
	    "needed 128.  In a warp 4 lanes share each t value and 8 each d "
	    "value, so a request touches 1 sector: 8 times fewer requests "
	    "than V1, each smaller.",
	.kernel = "twohop_v2",
	TWOHOP_BLOCKED,
	.arrays = { TWOHOP_BLOCKED_ARRAYS },
	.lets = { TWOHOP_BLOCKED_LETS },
	.body = {
		BODY_LOOP("k", "n"),
		    BODY_LOOP("ib", "8"), BODY_LOAD("t[nn*k + i]"), BODY_END(),
		    BODY_LOOP("jb", "8"), BODY_LOAD("d[nn*k + j]"), BODY_END(),
		BODY_END(),
		TWOHOP_BLOCKED_STORE,
	},
	.compare = "twohop-v1 twohop-v3",
	TWOHOP_BLOCKED_LIVE(ref_twohop_padded),
};

const struct variant variant_twohop_v3 = {
	.name = "twohop-v3",
	.title = "cheapest 2-hop path V3, strips through shared memory",
	.lesson = "Four k at a time, the block's 64 threads load a 4 x 64 "
	    "strip of t and of d with consecutive lanes on consecutive "
	    "floats (4 sectors, coalesced) into xx and yy; then every thread "
	    "reads its 8 + 8 values per k from shared memory, where the "
	    "lanes that share a word are a broadcast: one wavefront each.",
	.kernel = "twohop_v3",
	TWOHOP_BLOCKED,
	.arrays = {
		TWOHOP_BLOCKED_ARRAYS,
		{ .name = "xx", .space = SPACE_SHARED, .elem_size = 4,
		  .type = "float", .length = "4*64", .dims = { "4", "64" } },
		{ .name = "yy", .space = SPACE_SHARED, .elem_size = 4,
		  .type = "float", .length = "4*64", .dims = { "4", "64" } },
	},
	.lets = {
		TWOHOP_BLOCKED_LETS,
		{ "ija", "ja * 8 + ia" },
		{ "il", "ic * 64 + ija" }, { "jl", "jc * 64 + ija" },
		{ "k", "kb * 4 + f" },
	},
	.body = {
		BODY_LOOP("kb", "(n + 3) / 4"),
		    BODY_LOOP("f", "4"),
			BODY_LOAD("t[nn*k + il]"),
			BODY_STORE("xx[f][ija]"),
			BODY_LOAD("d[nn*k + jl]"),
			BODY_STORE("yy[f][ija]"),
		    BODY_END(),
		    BODY_LOOP("f", "4"),
			BODY_LOOP("jb", "8"), BODY_LOAD("yy[f][jb * 8 + ja]"),
			BODY_END(),
			BODY_LOOP("ib", "8"), BODY_LOAD("xx[f][ib * 8 + ia]"),
			BODY_END(),
		    BODY_END(),
		BODY_END(),
		TWOHOP_BLOCKED_STORE,
	},
	.compare = "twohop-v2 twohop-v1",
	TWOHOP_BLOCKED_LIVE(ref_twohop_padded),
};
