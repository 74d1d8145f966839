/*
 * constmem.c - constant-memory taps read uniformly or per lane.
 * Source: cuda/constmem.cu.
 */
#include "config.h"

#include "catalog.h"
#include "params.h"
#include "ref.h"

#define CONST_PARAMS \
	{ .name = "n", .min = 1, .max = 1 << 26, .def = 1 << 22, \
	  .unit = "elements", .text = "elements filtered" }, \
	{ .name = "taps", .min = 1, .max = 512, .def = 64, \
	  .unit = "elements", \
	  .text = "filter taps (loop trip count; bs + taps <= 1024 = coef)" }, \
	PARAM_BS(256, 512)

#define CONST_COMMON \
	.family = "constant", \
	.source = "constmem.cu", \
	.params = { CONST_PARAMS }, \
	.block = { "BS", "1" }, \
	.grid = { "(n+BS-1)/BS", "1" }, \
	.arrays = { \
		{ .name = "in", .space = SPACE_GLOBAL, .elem_size = 4, \
		  .type = "float", .length = "n" }, \
		{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 4, \
		  .type = "float", .length = "n" }, \
		{ .name = "coef", .space = SPACE_CONSTANT, .elem_size = 4, \
		  .type = "float", .length = "1024" } }, \
	.lets = { { "i", "blockIdx.x * blockDim.x + threadIdx.x" } }, \
	.guard = "i < n"

const struct variant variant_const_uniform = {
	.name = "const-uniform",
	.title = "constant memory, every lane reads the same tap",
	.lesson = "coef[k] is the same address for the whole warp: the "
	    "constant cache serves it in one read, broadcast to all lanes.",
	.kernel = "const_uniform",
	CONST_COMMON,
	.body = {
		BODY_LOAD("in[i]"),
		BODY_LOOP("k", "taps"), BODY_LOAD("coef[k]"), BODY_END(),
		BODY_STORE("out[i]"),
	},
	.compare = "const-divergent",
	.live = { .args = "out in n taps", .outputs = "out", .lo = -1,
	    .hi = 1, .reference = ref_const_uniform, .small = "n=512,bs=64" },
};

const struct variant variant_const_divergent = {
	.name = "const-divergent",
	.title = "constant memory, each lane reads its own tap",
	.lesson = "coef[threadIdx.x + k] gives each lane a different "
	    "address: constant memory serialises them, 32 reads in turn.  "
	    "Per-lane tables belong in global or shared memory.",
	.kernel = "const_divergent",
	CONST_COMMON,
	.body = {
		BODY_LOAD("in[i]"),
		BODY_LOOP("k", "taps"), BODY_LOAD("coef[threadIdx.x + k]"),
		BODY_END(),
		BODY_STORE("out[i]"),
	},
	.compare = "const-uniform",
	.live = { .args = "out in n taps", .outputs = "out", .lo = -1,
	    .hi = 1, .reference = ref_const_divergent, .small = "n=512,bs=64" },
};
