/* SPDX-License-Identifier: ISC
 * powers.c - x^2..x^33 into shared memory at stride 32, transposed and
 * padded to 33.  Source: cuda/powers.cu.
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

/*
 * The model of this family (parameters, launch, arrays, body, lessons) is
 * read from the warpviz: blocks of cuda/powers.cu; a description keeps
 * what a .cu file cannot say: the live run's CPU reference and inputs.
 */
#define POWERS_LIVE \
	.source = "powers.cu", \
	.live = { .args = "out in", .outputs = "out", .lo = 0.5f, \
	    .hi = 1, .dynamic = 1, .reference = ref_powers, \
	    .small = "n=512,bs=64" }

const struct variant variant_powers_stride32 = {
	.name = "powers-stride32",
	POWERS_LIVE,
};

const struct variant variant_powers_transposed = {
	.name = "powers-transposed",
	POWERS_LIVE,
};

const struct variant variant_powers_padded = {
	.name = "powers-padded",
	POWERS_LIVE,
};
