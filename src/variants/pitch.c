/*
 * pitch.c - a 2D array with packed rows vs rows padded to a pitch.
 * Source: cuda/pitch.cu.
 */
#include "config.h"

#include "catalog.h"
#include "params.h"
#include "ref.h"

#define PITCH_PARAMS \
	{ .name = "width", .min = 1, .max = 16384, .def = 3001, \
	  .unit = "elements", .text = "row length in floats" }, \
	{ .name = "height", .min = 1, .max = 16384, .def = 3000, \
	  .unit = "elements", .text = "rows" }, \
	PARAM_BX(32), PARAM_BY(8)

#define PITCH_COMMON \
	.family = "pitch", \
	.source = "pitch.cu", \
	.params = { PITCH_PARAMS }, \
	.block = { "BX", "BY" }, \
	.grid = { "(width+BX-1)/BX", "(height+BY-1)/BY" }, \
	.lets = { { "c", "blockIdx.x * blockDim.x + threadIdx.x" }, \
	    { "r", "blockIdx.y * blockDim.y + threadIdx.y" } }, \
	.guard = "c < width && r < height"

const struct variant variant_array2d = {
	.name = "array2d",
	.title = "2D array, packed rows (width not a multiple of 8)",
	.lesson = "Row r starts at r*width floats.  With width 3001 most rows "
	    "start in the middle of a sector, so a warp reading 32 floats of "
	    "a row touches 5 sectors instead of 4.",
	.kernel = "array2d",
	PITCH_COMMON,
	.arrays = {
		{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "height*width",
		  .dims = { "height", "width" } },
		{ .name = "a", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "height*width",
		  .dims = { "height", "width" } },
	},
	.body = { BODY_LOAD("a[r*width + c]"), BODY_STORE("out[r*width + c]") },
	.compare = "array2d-pitch",
	.live = { .args = "out a width height", .outputs = "out", .lo = -1,
	    .hi = 1, .reference = ref_array2d, .small = "width=35,height=9" },
};

const struct variant variant_array2d_pitch = {
	.name = "array2d-pitch",
	.title = "2D array, rows padded to a pitch (cudaMallocPitch)",
	.lesson = "cudaMallocPitch pads each row to a multiple of 512 bytes "
	    "(pitch = 3072 floats for width 3001), so every row starts "
	    "aligned and a warp's 32 floats take 4 sectors again.",
	.kernel = "array2d_pitch",
	PITCH_COMMON,
	.derived = { { "pitch", "(width*4 + 511) / 512 * 512 / 4" } },
	.arrays = {
		{ .name = "out", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "height*pitch",
		  .dims = { "height", "pitch" } },
		{ .name = "a", .space = SPACE_GLOBAL, .elem_size = 4,
		  .type = "float", .length = "height*pitch",
		  .dims = { "height", "pitch" } },
	},
	.body = { BODY_LOAD("a[r*pitch + c]"), BODY_STORE("out[r*pitch + c]") },
	.compare = "array2d",
	.live = { .args = "out a width height pitch", .outputs = "out",
	    .lo = -1, .hi = 1, .min_bytes = "8*width*height",
	    .reference = ref_array2d, .small = "width=35,height=9" },
};
