/* SPDX-License-Identifier: ISC
 * constmem.c - constant-memory taps read uniformly or per lane.
 * Source: cuda/constmem.cu.
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

/*
 * The model of this family (parameters, launch, arrays, body, lessons) is
 * read from the warpviz: blocks of cuda/constmem.cu; a description keeps
 * what a .cu file cannot say: the live run's CPU reference and inputs.
 */

const struct variant variant_const_uniform = {
	.name = "const-uniform",
	.source = "constmem.cu",
	.live = { .args = "out in n taps", .outputs = "out", .lo = -1,
	    .hi = 1, .reference = ref_const_uniform, .small = "n=512,bs=64" },
};

const struct variant variant_const_divergent = {
	.name = "const-divergent",
	.source = "constmem.cu",
	.live = { .args = "out in n taps", .outputs = "out", .lo = -1,
	    .hi = 1, .reference = ref_const_divergent, .small = "n=512,bs=64" },
};
