/* SPDX-License-Identifier: ISC
 * align.c - a 12-byte struct read field by field, an __align__(16)
 * struct read whole, and double2.  Source: cuda/align.cu.
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

/*
 * The model of this family (parameters, launch, arrays, body, lessons and
 * notes) is read from the warpviz: blocks of cuda/align.cu; a description
 * keeps what a .cu file cannot say: the live run's CPU reference.
 */
#define ALIGN_LIVE(ref) \
	.source = "align.cu", \
	.live = { .args = "out a n", .outputs = "out", .lo = -1, .hi = 1, \
	    .reference = (ref), .small = "n=512,bs=64" }

const struct variant variant_struct12 = {
	.name = "struct12",
	ALIGN_LIVE(ref_struct),
};

const struct variant variant_struct16 = {
	.name = "struct16",
	ALIGN_LIVE(ref_struct),
};

const struct variant variant_double2 = {
	.name = "double2",
	ALIGN_LIVE(ref_double2),
};
