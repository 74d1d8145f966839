/* SPDX-License-Identifier: ISC
 * copy.c - copy with an offset (alignment) and a strided read.
 * Source: cuda/copy.cu.
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

/*
 * The model of this family (parameters, launch, arrays, body, lessons) is
 * read from the warpviz: blocks of cuda/copy.cu; a description keeps
 * what a .cu file cannot say: the live run's CPU reference and inputs.
 */

const struct variant variant_copy_offset = {
	.name = "copy-offset",
	.source = "copy.cu",
	.live = { .args = "out in n offset", .outputs = "out", .lo = -1,
	    .hi = 1, .min_bytes = "8*(n - offset)", .copy_bytes = "4*n",
	    .reference = ref_copy_offset, .small = "n=512,bs=64" },
};

const struct variant variant_stride = {
	.name = "stride",
	.source = "copy.cu",
	.live = { .args = "out in n stride", .outputs = "out", .lo = -1,
	    .hi = 1, .min_bytes = "8*n", .reference = ref_stride,
	    .small = "n=500,stride=5,bs=64" },
};
