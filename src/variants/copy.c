/*
 * copy.c - copy with an offset (alignment) and a strided read.
 * Source: cuda/copy.cu.
 */
#include "config.h"

#include "catalog.h"
#include "params.h"
#include "ref.h"

const struct variant variant_copy_offset = {
	.name = "copy-offset",
	.family = "copy",
	.title = "copy with an offset: out[i] = in[i], i shifted",
	.lesson = "A warp reads 128 consecutive bytes.  Shifted by offset "
	    "elements they straddle one more 32-byte sector unless the shift "
	    "is a multiple of 8 floats: 5 sectors instead of 4, 25% more "
	    "traffic in the model.  Each thread copies four elements a block "
	    "apart (j), so four loads are in flight.",
	.kernel = "copy_offset",
	.source = "copy.cu",
	.params = {
		{ .name = "n", .min = 1, .max = 1 << 28, .def = 1 << 24,
		  .unit = "elements", .text = "array length" },
		{ .name = "offset", .min = 0, .max = 32, .def = 1,
		  .unit = "elements", .text = "shift of i" },
		PARAM_BS(256, 1024),
	},
	.derived = { { "COPY_PER_THREAD", "4" } },
	.block = { "BS", "1" },
	.grid = { "(n + BS*COPY_PER_THREAD - 1) / (BS*COPY_PER_THREAD)", "1" },
	.arrays = {
		{ .name = "in", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "n" },
		{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "n" },
	},
	/* i += blockDim.x each iteration: i as a function of j. */
	.lets = {
		{ "i", "blockIdx.x * blockDim.x * COPY_PER_THREAD + threadIdx.x "
		    "+ offset + j * blockDim.x" },
	},
	.guard = "i < n",
	.body = {
		BODY_LOOP("j", "COPY_PER_THREAD"),
		    BODY_LOAD("in[i]"),
		    BODY_STORE("out[i]"),
		BODY_END(),
	},
	.compare = "copy-offset:offset=0",
	.note = "caches absorb most of a misaligned copy: expect a few "
	    "percent, not the modelled 25%",
	.live = { .args = "out in n offset", .outputs = "out", .lo = -1,
	    .hi = 1, .min_bytes = "8*(n - offset)", .copy_bytes = "4*n",
	    .reference = ref_copy_offset, .small = "n=512,bs=64" },
};

const struct variant variant_stride = {
	.name = "stride",
	.family = "stride",
	.title = "strided read: out[i] = in[i * stride]",
	.lesson = "Each lane reads 4 useful bytes but the sectors it lands in "
	    "spread out with the stride: 4 sectors per request at stride 1, "
	    "8 at 2, 16 at 4, and from stride 8 on every lane has a sector "
	    "of its own (32).",
	.kernel = "read_stride",
	.source = "copy.cu",
	.params = {
		{ .name = "n", .min = 1, .max = 1 << 24, .def = 1 << 22,
		  .unit = "elements", .text = "elements written" },
		{ .name = "stride", .min = 1, .max = 64, .def = 2,
		  .unit = "elements", .text = "distance between lanes' reads" },
		PARAM_BS(256, 1024),
	},
	.block = { "BS", "1" },
	.grid = { "(n+BS-1)/BS", "1" },
	.arrays = {
		{ .name = "in", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "n*stride" },
		{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "n" },
	},
	.lets = {
		{ "i", "blockIdx.x * blockDim.x + threadIdx.x" },
	},
	.guard = "i < n",
	.body = { BODY_LOAD("in[i * stride]"), BODY_STORE("out[i]") },
	.compare = "stride:stride=1",
	.live = { .args = "out in n stride", .outputs = "out", .lo = -1,
	    .hi = 1, .min_bytes = "8*n", .reference = ref_stride,
	    .small = "n=500,stride=5,bs=64" },
};
