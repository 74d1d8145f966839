/* SPDX-License-Identifier: ISC
 * texture.c - row and column walks through a 2D texture and through a
 * row-major global array.  Source: cuda/texture.cu.
 *
 * The texture kernels run live through a CUDA array and a texture object
 * (gpu-cuda.c, cuda_tex_create), verified on the H100 (doc/validation.md).
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

#define TEX_SMALL	"w=64,h=96"

const struct variant variant_tex_row = {
	.name = "tex-row",
	.source = "texture.cu",
	.live = { .args = "out img W H", .outputs = "out", .lo = -1, .hi = 1,
	    .reference = ref_tex_row, .small = TEX_SMALL },
};

const struct variant variant_tex_col = {
	.name = "tex-col",
	.source = "texture.cu",
	.live = { .args = "out img W H", .outputs = "out", .lo = -1, .hi = 1,
	    .reference = ref_tex_col, .small = TEX_SMALL },
};

const struct variant variant_tex_row_global = {
	.name = "tex-row-global",
	.source = "texture.cu",
	.live = { .args = "out in W H", .outputs = "out", .lo = -1, .hi = 1,
	    .reference = ref_tex_row, .small = TEX_SMALL },
};

const struct variant variant_tex_col_global = {
	.name = "tex-col-global",
	.source = "texture.cu",
	.live = { .args = "out in W H", .outputs = "out", .lo = -1, .hi = 1,
	    .reference = ref_tex_col, .small = TEX_SMALL },
};
