/*
 * powers.c - x^2..x^33 into shared memory at stride 32, transposed and
 * padded to 33.  Source: cuda/powers.cu.
 */
#include "config.h"

#include "catalog.h"
#include "params.h"
#include "ref.h"

#define POWERS_PARAMS \
	{ .name = "n", .min = 32, .max = 1 << 26, .def = 1 << 22, \
	  .unit = "threads", .text = "threads in all, a multiple of bs" }, \
	PARAM_BS(128, 256)

#define POWERS_ARRAYS \
	{ .name = "in", .space = SPACE_GLOBAL, .elem_size = 4, \
	  .type = "float", .length = "n" }, \
	{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 4, \
	  .type = "float", .length = "n" }, \
	{ .name = "s", .space = SPACE_SHARED, .elem_size = 4, \
	  .type = "float", .length = "BS*33" }

#define POWERS_BODY(at) { \
	BODY_LOAD("in[i]"), \
	BODY_LOOP("k", "32"), \
	    BODY_STORE(at), \
	BODY_END(), \
	BODY_LOOP("k", "32"), \
	    BODY_LOAD(at), \
	BODY_END(), \
	BODY_STORE("out[i]") }

#define POWERS_COMMON \
	.family = "powers", \
	.source = "powers.cu", \
	.params = { POWERS_PARAMS }, \
	.require = "n % BS == 0", \
	.require_text = "n must be a multiple of bs", \
	.block = { "BS", "1" }, \
	.grid = { "n/BS", "1" }, \
	.arrays = { POWERS_ARRAYS }, \
	.lets = { { "t", "threadIdx.x" }, \
	    { "i", "blockIdx.x * blockDim.x + t" } }, \
	.live = { .args = "out in", .outputs = "out", .lo = 0.5f, \
	    .hi = 1, .dynamic = 1, .reference = ref_powers, \
	    .small = "n=512,bs=64" }

const struct variant variant_powers_stride32 = {
	.name = "powers-stride32",
	.title = "powers into shared memory at stride 32",
	.lesson = "Lane t keeps its 32 powers in s[t*32 + k]: at one k every "
	    "lane's word is a multiple of 32 words from the others, so all "
	    "32 lanes hit one bank, a 32-way conflict: 32 wavefronts where "
	    "1 would do.",
	.kernel = "powers_stride32",
	POWERS_COMMON,
	.body = POWERS_BODY("s[t*32 + k]"),
	.compare = "powers-transposed powers-padded",
};

const struct variant variant_powers_transposed = {
	.name = "powers-transposed",
	.title = "powers into shared memory, transposed",
	.lesson = "Store power k of lane t at s[k*blockDim.x + t]: at one k "
	    "the lanes write consecutive words, one bank each, no conflict.",
	.kernel = "powers_transposed",
	POWERS_COMMON,
	.body = POWERS_BODY("s[k*blockDim.x + t]"),
	.compare = "powers-stride32 powers-padded",
};

const struct variant variant_powers_padded = {
	.name = "powers-padded",
	.title = "powers into shared memory, padded to 33",
	.lesson = "Keep the per-lane layout but pad each lane's row to 33 "
	    "words: s[t*33 + k] moves one bank per lane, so the 32 lanes "
	    "fall in 32 different banks.  One unused word per row buys it.",
	.kernel = "powers_padded",
	POWERS_COMMON,
	.body = POWERS_BODY("s[t*33 + k]"),
	.compare = "powers-stride32 powers-transposed",
};
