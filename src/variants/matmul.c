/* SPDX-License-Identifier: ISC
 * matmul.c - naive matrix multiply with the two thread mappings, and the
 * tiled (corner turning) version.  Source: cuda/matmul.cu.
 */
#include "config.h"

#include "catalog.h"
#include "params.h"
#include "ref.h"

#define MATMUL_PARAMS \
	{ .name = "width", .sym = "Width", .min = 1, .max = 16384, \
	  .def = 2048, .unit = "elements", \
	  .text = "matrix width (Width x Width floats each)" }, \
	PARAM_BX(16), PARAM_BY(16)

#define MATMUL_ARRAYS \
	{ .name = "M", .space = SPACE_GLOBAL, .elem_size = 4, .type = "float", \
	  .length = "Width*Width", .dims = { "Width", "Width" } }, \
	{ .name = "N", .space = SPACE_GLOBAL, .elem_size = 4, .type = "float", \
	  .length = "Width*Width", .dims = { "Width", "Width" } }, \
	{ .name = "P", .space = SPACE_GLOBAL, .elem_size = 4, .type = "float", \
	  .length = "Width*Width", .dims = { "Width", "Width" } }

#define MATMUL_BODY { \
	BODY_LOOP("k", "Width"), \
	    BODY_LOAD("M[Row*Width+k]"), \
	    BODY_LOAD("N[k*Width+Col]"), \
	BODY_END(), \
	BODY_STORE("P[Row*Width+Col]") }

const struct variant variant_matmul_col = {
	.name = "matmul-col",
	.family = "matmul",
	.title = "naive matmul, Col from threadIdx.x",
	.lesson = "Coalescing is decided across the lanes of a warp at one "
	    "iteration, not along one thread's loop.  Here the 32 lanes are "
	    "two rows of 16: M[Row*Width+k] is one address per row, a "
	    "broadcast, and N[k*Width+Col] the same 16 floats for both rows, "
	    "a broadcast too (2 sectors where a coalesced warp needs 4); P is "
	    "coalesced.  The textbook's uncoalesced M appears when Row varies "
	    "across the warp (matmul-row).",
	.kernel = "matmul_col",
	.source = "matmul.cu",
	.params = { MATMUL_PARAMS },
	.block = { "BX", "BY" },
	.grid = { "(Width+BX-1)/BX", "(Width+BY-1)/BY" },
	.arrays = { MATMUL_ARRAYS },
	.lets = {
		{ "Row", "blockIdx.y * blockDim.y + threadIdx.y" },
		{ "Col", "blockIdx.x * blockDim.x + threadIdx.x" },
	},
	.guard = "Row < Width && Col < Width",
	.body = MATMUL_BODY,
	.compare = "matmul-row matmul-tiled",
	.live = { .args = "M N P Width", .outputs = "P", .lo = -1, .hi = 1,
	    .reference = ref_matmul, .small = "width=21,bx=8,by=8" },
};

const struct variant variant_matmul_row = {
	.name = "matmul-row",
	.family = "matmul",
	.title = "naive matmul, Row from threadIdx.x",
	.lesson = "Now threadIdx.x drives Row: at one k the 16 lanes of each "
	    "half-warp read M[Row*Width+k] from 16 rows Width floats apart, "
	    "uncoalesced: 16 sectors where a coalesced warp needs 4, and P "
	    "is written down a column.  Same arithmetic, several times the "
	    "sectors: the index that varies fastest inside a warp decides.",
	.kernel = "matmul_row",
	.source = "matmul.cu",
	.params = { MATMUL_PARAMS },
	.block = { "BX", "BY" },
	.grid = { "(Width+BX-1)/BX", "(Width+BY-1)/BY" },
	.arrays = { MATMUL_ARRAYS },
	.lets = {
		{ "Row", "blockIdx.x * blockDim.x + threadIdx.x" },
		{ "Col", "blockIdx.y * blockDim.y + threadIdx.y" },
	},
	.guard = "Row < Width && Col < Width",
	.body = MATMUL_BODY,
	.compare = "matmul-col matmul-tiled",
	.live = { .args = "M N P Width", .outputs = "P", .lo = -1, .hi = 1,
	    .reference = ref_matmul, .small = "width=21,bx=8,by=8" },
};

const struct variant variant_matmul_tiled = {
	.name = "matmul-tiled",
	.family = "matmul",
	.title = "tiled matmul, corner turning through shared memory",
	.lesson = "Each phase loads a TILE_WIDTH x TILE_WIDTH tile of M and of "
	    "N with lanes along rows (coalesced), stores them to shared "
	    "memory, then reads Nds down a column from shared memory, where "
	    "a column costs no extra transactions: Nds[k][tx] puts each lane "
	    "in its own bank and Mds[ty][k] is a broadcast.",
	.kernel = "matmul_tiled",	/* run as matmul_tiled_<tile> */
	.source = "matmul.cu",
	.params = {
		{ .name = "width", .sym = "Width", .min = 1, .max = 16384,
		  .def = 2048, .unit = "elements",
		  .text = "matrix width, a multiple of tile" },
		{ .name = "tile", .sym = "TILE_WIDTH", .min = 2, .max = 32,
		  .def = 16, .flags = PARAM_POW2, .unit = "elements",
		  .text = "tile width = block width and height" },
	},
	.require = "Width % TILE_WIDTH == 0",
	.require_text = "width must be a multiple of tile",
	.block = { "TILE_WIDTH", "TILE_WIDTH" },
	.grid = { "Width/TILE_WIDTH", "Width/TILE_WIDTH" },
	.arrays = {
		MATMUL_ARRAYS,
		{ .name = "Mds", .space = SPACE_SHARED, .elem_size = 4,
		  .type = "float", .length = "TILE_WIDTH*TILE_WIDTH",
		  .dims = { "TILE_WIDTH", "TILE_WIDTH" } },
		{ .name = "Nds", .space = SPACE_SHARED, .elem_size = 4,
		  .type = "float", .length = "TILE_WIDTH*TILE_WIDTH",
		  .dims = { "TILE_WIDTH", "TILE_WIDTH" } },
	},
	.lets = {
		{ "bx", "blockIdx.x" }, { "by", "blockIdx.y" },
		{ "tx", "threadIdx.x" }, { "ty", "threadIdx.y" },
		{ "Row", "by * TILE_WIDTH + ty" },
		{ "Col", "bx * TILE_WIDTH + tx" },
	},
	.body = {
		BODY_LOOP("ph", "Width / TILE_WIDTH"),
		    BODY_LOAD("M[Row*Width + ph*TILE_WIDTH + tx]"),
		    BODY_STORE("Mds[ty][tx]"),
		    BODY_LOAD("N[(ph*TILE_WIDTH + ty)*Width + Col]"),
		    BODY_STORE("Nds[ty][tx]"),
		    BODY_LOOP("k", "TILE_WIDTH"),
			BODY_LOAD("Mds[ty][k]"),
			BODY_LOAD("Nds[k][tx]"),
		    BODY_END(),
		BODY_END(),
		BODY_STORE("P[Row*Width + Col]"),
	},
	.compare = "matmul-col matmul-row",
	.live = { .args = "M N P Width", .outputs = "P", .lo = -1, .hi = 1,
	    .instance = "tile", .instances = { 8, 16, 32 },
	    .reference = ref_matmul, .small = "width=24,tile=8" },
};
