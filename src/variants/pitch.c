/* SPDX-License-Identifier: ISC
 * pitch.c - a 2D array with packed rows vs rows padded to a pitch.
 * Source: cuda/pitch.cu.
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

/*
 * The model of this family (parameters, launch, arrays, body, lessons) is
 * read from the warpviz: blocks of cuda/pitch.cu; a description keeps
 * what a .cu file cannot say: the live run's CPU reference and inputs.
 */

const struct variant variant_array2d = {
	.name = "array2d",
	.source = "pitch.cu",
	.live = { .args = "out a width height", .outputs = "out", .lo = -1,
	    .hi = 1, .reference = ref_array2d, .small = "width=35,height=9" },
};

const struct variant variant_array2d_pitch = {
	.name = "array2d-pitch",
	.source = "pitch.cu",
	.live = { .args = "out a width height pitch", .outputs = "out",
	    .lo = -1, .hi = 1, .min_bytes = "8*width*height",
	    .reference = ref_array2d, .small = "width=35,height=9" },
};
