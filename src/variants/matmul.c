/* SPDX-License-Identifier: ISC
 * matmul.c - naive matrix multiply with the two thread mappings, and the
 * tiled (corner turning) version.  Source: cuda/matmul.cu.
 */
#include "config.h"

#include "catalog.h"
#include "ref.h"

/*
 * The model of this family (parameters, launch, arrays, body, lessons) is
 * read from the warpviz: blocks of cuda/matmul.cu; a description keeps
 * what a .cu file cannot say: the live run's CPU reference and inputs.
 */
#define MATMUL_LIVE(...) \
	.source = "matmul.cu", \
	.live = { .args = "M N P Width", .outputs = "P", .lo = -1, .hi = 1, \
	    .reference = ref_matmul, __VA_ARGS__ }

const struct variant variant_matmul_col = {
	.name = "matmul-col",
	MATMUL_LIVE(.small = "width=21,bx=8,by=8"),
};

const struct variant variant_matmul_row = {
	.name = "matmul-row",
	MATMUL_LIVE(.small = "width=21,bx=8,by=8"),
};

/* Run as matmul_tiled_<tile>, one instance per tile width. */
const struct variant variant_matmul_tiled = {
	.name = "matmul-tiled",
	MATMUL_LIVE(.small = "width=24,tile=8", .instance = "tile",
	    .instances = { 8, 16, 32 }),
};
