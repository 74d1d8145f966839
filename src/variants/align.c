/* SPDX-License-Identifier: ISC
 * align.c - a 12-byte struct read field by field, an __align__(16)
 * struct read whole, and double2.  Source: cuda/align.cu.
 */
#include "config.h"

#include "catalog.h"
#include "params.h"
#include "ref.h"

#define ALIGN_PARAMS \
	{ .name = "n", .min = 1, .max = 1 << 26, .def = 1 << 22, \
	  .unit = "elements", .text = "structs" }, \
	PARAM_BS(256, 1024)

#define ALIGN_COMMON \
	.family = "align", \
	.source = "align.cu", \
	.params = { ALIGN_PARAMS }, \
	.block = { "BS", "1" }, \
	.grid = { "(n+BS-1)/BS", "1" }, \
	.lets = { { "i", "blockIdx.x * blockDim.x + threadIdx.x" } }, \
	.guard = "i < n"

#define VEC_FIELDS { { "x", 0, 4 }, { "y", 4, 4 }, { "z", 8, 4 } }

const struct variant variant_struct12 = {
	.name = "struct12",
	.title = "12-byte struct, read field by field",
	.lesson = "struct vec3 is 12 bytes with 4-byte alignment, so the "
	    "compiler reads it with three 4-byte loads: three requests, each "
	    "spanning 384 bytes (12 sectors) for 128 useful bytes.",
	.kernel = "struct12",
	ALIGN_COMMON,
	.arrays = {
		{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "n" },
		{ .name = "a", .space = SPACE_GLOBAL, .elem_size = 12,
		  .type = "struct vec3", .length = "n",
		  .fields = VEC_FIELDS },
	},
	.body = {
		BODY_LOAD("a[i].x"), BODY_LOAD("a[i].y"), BODY_LOAD("a[i].z"),
		BODY_STORE("out[i]"),
	},
	.compare = "struct16 double2",
	.note = "the three field loads fall in the same 12 sectors, so L1 "
	    "serves two of them and DRAM moves 12 bytes an element against "
	    "struct16's 16: on an H100 struct12 runs 1.16x faster despite "
	    "2.25x the sectors",
	.live = { .args = "out a n", .outputs = "out", .lo = -1, .hi = 1,
	    .reference = ref_struct, .small = "n=512,bs=64" },
};

const struct variant variant_struct16 = {
	.name = "struct16",
	.title = "__align__(16) struct, one 16-byte load",
	.lesson = "Padded and aligned to 16 bytes the struct is read by one "
	    "16-byte instruction: one request of 16 sectors instead of three "
	    "of 12, at the price of 4 padding bytes per element, moved but "
	    "not used (75%).",
	.kernel = "struct16",
	ALIGN_COMMON,
	.arrays = {
		{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "n" },
		{ .name = "a", .space = SPACE_GLOBAL, .elem_size = 16,
		  .type = "struct vec3a", .length = "n",
		  .fields = VEC_FIELDS },
	},
	.body = { BODY_LOAD("a[i]"), BODY_STORE("out[i]") },
	.compare = "struct12 double2",
	.note = "fewer requests, more bytes: DRAM moves 16 bytes an element "
	    "against struct12's 12 (whose three loads L1 merges), so on an "
	    "H100 struct16 is 1.16x slower",
	.live = { .args = "out a n", .outputs = "out", .lo = -1, .hi = 1,
	    .reference = ref_struct, .small = "n=512,bs=64" },
};

const struct variant variant_double2 = {
	.name = "double2",
	.title = "double2, one 16-byte load",
	.lesson = "The built-in double2 is 16 bytes, 16-byte aligned: one "
	    "16-byte load per lane, every byte used.",
	.kernel = "double2_sum",
	ALIGN_COMMON,
	.arrays = {
		{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 8,
		  .type = "double", .length = "n" },
		{ .name = "a", .space = SPACE_GLOBAL, .elem_size = 16,
		  .type = "double2", .length = "n",
		  .fields = { { "x", 0, 8 }, { "y", 8, 8 } } },
	},
	.body = { BODY_LOAD("a[i]"), BODY_STORE("out[i]") },
	.compare = "struct12 struct16",
	.live = { .args = "out a n", .outputs = "out", .lo = -1, .hi = 1,
	    .reference = ref_double2, .small = "n=512,bs=64" },
};
