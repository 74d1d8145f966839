/* SPDX-License-Identifier: ISC
 * test-ksrc.c - the kernel-file reader against kernels written for this
 * test (tests/kernels/ and inline), with counts derived by hand from the
 * rules in DESIGN.md; the fast totals against brute force at small sizes,
 * odd ones included.  Links libmodel alone.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "ksrc.h"
#include "oob.h"
#include "launch.h"
#include "param.h"
#include "tap.h"
#include "totals.h"
#include "warp.h"

static char path_buf[4096];

static const char *
kpath(const char *name)
{
	const char	*src = getenv("srcdir");

	snprintf(path_buf, sizeof path_buf, "%s/tests/kernels/%s",
	    src != NULL ? src : ".", name);
	return path_buf;
}

/* Set up a launch of v with "name=value" assignments (NULL-terminated). */
static int
setup(struct launch *l, const struct variant *v, const char *const *p)
{
	struct param_set	 ps;
	char			*cause = NULL;

	param_defaults(&ps, v);
	for (; p != NULL && *p != NULL; p++) {
		if (param_assign(&ps, *p, &cause) != 0) {
			diag("%s: %s", *p, cause);
			free(cause);
			return -1;
		}
	}
	if (launch_init(l, &ps, &cause) != 0) {
		diag("launch: %s", cause);
		free(cause);
		return -1;
	}
	return 0;
}

/* Totals by the fast path and by brute force must agree exactly. */
static int
totals_both(const struct launch *l, struct totals *t, const char *what)
{
	struct totals	 b;
	char		*cause = NULL;
	int		 i, same = 1;

	if (totals_compute(l, ARCH_MODERN, TOTALS_AUTO, t, &cause) != 0 ||
	    totals_compute(l, ARCH_MODERN, TOTALS_BRUTE, &b, &cause) != 0) {
		ok(0, "%s: totals: %s", what, cause);
		free(cause);
		return -1;
	}
	for (i = 0; i < l->nsites; i++)
		same &= memcmp(&t->site[i], &b.site[i],
		    sizeof t->site[i]) == 0;
	ok(same, "%s: fast (%d of %d sites) == brute force", what, t->fast,
	    l->nsites);
	return 0;
}

static struct variant *
load(const char *name)
{
	struct variant	*v;
	char		*cause = NULL;

	if ((v = ksrc_load(kpath(name), &cause)) == NULL) {
		diag("%s", cause);
		free(cause);
	}
	ok(v != NULL, "%s reads", name);
	return v;
}

static struct variant *
parse(const char *src)
{
	struct variant	*v;
	char		*cause = NULL;

	if ((v = ksrc_parse("t.cu", src, &cause)) == NULL) {
		diag("%s", cause);
		free(cause);
	}
	return v;
}

/* The cause must start with "t.cu:LINE:COL: " and contain what. */
static void
refused(const char *src, const char *where, const char *what)
{
	struct variant	*v;
	char		*cause = NULL;

	v = ksrc_parse("t.cu", src, &cause);
	ok(v == NULL && cause != NULL && strncmp(cause, where,
	    strlen(where)) == 0 && strstr(cause, what) != NULL,
	    "refused at %s: %s", where, cause ? cause : "(accepted)");
	ksrc_free(v);
	free(cause);
}

static void
test_transpose_naive(void)
{
	static const char *const n64[] = { "n=64", NULL };
	static const char *const n40[] = { "n=40", NULL };
	struct variant	*v = load("transpose-naive.cu");
	struct launch	 l;
	struct totals	 t;

	if (v == NULL)
		return;
	is_str(v->name, "transpose-naive", "name from the warpviz: line");
	is_str(v->kernel, "transpose_naive", "the kernel named by launch");
	if (setup(&l, v, n64) == 0) {
		is_int(l.nsites, 2, "two access sites");
		ok(l.sites[0].op == OP_LOAD && l.sites[1].op == OP_STORE &&
		    strcmp(l.sites[0].text, "in[(y + j) * n + x]") == 0,
		    "load of in before the store of out, as written");
		is_int(l.sites[0].line, 22, "the load is on line 22");
		is_int(l.loops[0].count, 4, "j = 0, 8, 16, 24: 4 iterations");
		totals_both(&l, &t, "transpose-naive n=64");
		/* 2x2 blocks x 8 warps x 4 rows; a row: 128 bytes aligned. */
		is_int(t.site[0].requests, 128, "n=64: 128 load requests");
		is_int(t.site[0].sectors, 512, "n=64: 4 sectors per load");
		/* Each lane writes its own row of out: 32 sectors. */
		is_int(t.site[1].sectors, 4096, "n=64: 32 sectors per store");
		launch_free(&l);
	}
	if (setup(&l, v, n40) == 0) {
		totals_both(&l, &t, "transpose-naive n=40");
		/*
		 * Blocks (bx, by): rows y+j < 40 leave 32 requests in by=0
		 * and 8 (ty + j < 8: j = 0) in by=1; columns x < 40 leave 32
		 * lanes in bx=0 and 8 in bx=1.  A row is 160 bytes, so each
		 * row starts a sector: 4 sectors for 32 lanes, 1 for 8.
		 */
		is_int(t.site[0].requests, 80, "n=40: 32+32+8+8 requests");
		is_int(t.site[0].sectors, 32 * 4 + 32 * 1 + 8 * 4 + 8 * 1,
		    "n=40: load sectors 200");
		is_int(t.site[1].sectors, 32 * 32 + 32 * 8 + 8 * 32 + 8 * 8,
		    "n=40: a store sector per active lane, 1600");
		launch_free(&l);
	}
	ksrc_free(v);
}

static void
test_transpose_tile(const char *file, int64_t w64, int64_t w40)
{
	static const char *const n64[] = { "n=64", NULL };
	static const char *const n40[] = { "n=40", NULL };
	struct variant	*v = load(file);
	struct launch	 l;
	struct totals	 t;

	if (v == NULL)
		return;
	if (setup(&l, v, n64) == 0) {
		is_int(l.nsites, 4, "%s: four sites", file);
		ok(l.sites[1].space == SPACE_SHARED && l.sites[1].op ==
		    OP_STORE && l.sites[2].space == SPACE_SHARED &&
		    l.sites[2].op == OP_LOAD, "%s: tile stored, then loaded",
		    file);
		totals_both(&l, &t, file);
		is_int(t.global_load.sectors, 512, "%s: loads along rows, 4 "
		    "sectors each", file);
		is_int(t.global_store.sectors, 512, "%s: stores along rows "
		    "too", file);
		is_int(t.site[1].wavefronts, 128, "%s: the tile is written "
		    "along a row: 1 wavefront each", file);
		is_int(t.site[2].wavefronts, w64, "%s: the tile read down a "
		    "column", file);
		launch_free(&l);
	}
	if (setup(&l, v, n40) == 0) {
		totals_both(&l, &t, "n=40");
		is_int(t.site[2].requests, 80, "%s n=40: 80 column reads",
		    file);
		is_int(t.site[2].wavefronts, w40, "%s n=40: wavefronts",
		    file);
		launch_free(&l);
	}
	ksrc_free(v);
}

static void
test_reduce(void)
{
	static const char *const n512[] = { "n=512", NULL };
	static const char *const n768[] = { "n=768", "warp=8", NULL };
	struct variant	*v = load("reduce.cu");
	struct launch	 l;
	struct totals	 t;

	if (v == NULL)
		return;
	if (setup(&l, v, n512) == 0) {
		is_int(l.nloops, 1, "one loop");
		ok(l.loops[0].values != NULL && l.loops[0].count == 8 &&
		    l.loops[0].values[0] == 128 && l.loops[0].values[7] == 1,
		    "stride = 128, 64, ..., 1: 8 iterations");
		totals_both(&l, &t, "reduce n=512");
		is_int(t.fast, l.nsites, "every site by the fast path");
		/* 2 blocks: 4+2+1+1+1+1+1+1 warps have tid < stride. */
		is_int(t.site[3].requests, 24, "s[tid + stride]: 2 x 12 "
		    "requests");
		is_int(t.site[3].wavefronts, 24, "consecutive words: no "
		    "conflict");
		is_int(t.site[3].lanes, 2 * 255, "2 x (128+64+...+1) lanes");
		is_int(t.site[6].requests, 2, "one store of the sum per block");
		is_int(t.site[6].sectors, 2, "one sector each");
		launch_free(&l);
	}
	if (setup(&l, v, n768) == 0) {
		totals_both(&l, &t, "reduce n=768, warps of 8");
		/* 3 blocks of 32 warps of 8: 16+8+4+2+1+1+1+1 warps. */
		is_int(t.site[3].requests, 3 * 34, "warps of 8: 3 x 34 "
		    "requests");
		launch_free(&l);
	}
	ksrc_free(v);
}

static void
test_stencil(void)
{
	static const char *const n100[] = { "n=100", "bs=32", NULL };
	static const char *const n3[] = { "n=3", "bs=32", NULL };
	struct variant	*v = load("stencil.cu");
	struct launch	 l;
	struct totals	 t;

	if (v == NULL)
		return;
	if (setup(&l, v, n100) == 0) {
		totals_both(&l, &t, "stencil n=100");
		/* in[i]: 32+32+32+4 floats from 0: 4+4+4+1 sectors. */
		is_int(t.site[0].sectors, 13, "in[i]: 13 sectors");
		/* in[i-1]: in[0..30] 4, in[31..62] 5, in[63..94] 5, in[95..98]
		   2 (bytes 380..395 cross 384). */
		is_int(t.site[1].sectors, 16, "in[i - 1]: 16 sectors");
		is_int(t.site[1].lanes, 99, "i > 0: 99 lanes");
		is_int(t.site[2].sectors, 16, "in[i + 1]: 5+5+5+1 sectors");
		is_int(t.site[2].lanes, 99, "i < n - 1: 99 lanes");
		is_int(t.site[3].sectors, 13, "out[i]: 13 sectors");
		launch_free(&l);
	}
	if (setup(&l, v, n3) == 0) {
		totals_both(&l, &t, "stencil n=3");
		is_int(t.site[1].lanes, 2, "n=3: lanes 1 and 2 read in[i-1]");
		launch_free(&l);
	}
	ksrc_free(v);
}

static void
test_gather(void)
{
	struct variant	*v;
	char		*cause = NULL, want[4200];

	v = ksrc_load(kpath("gather.cu"), &cause);
	snprintf(want, sizeof want, "%s:16:11: 'idx[i]' is read from "
	    "memory and decides the index of in", kpath("gather.cu"));
	ok(v == NULL && cause != NULL && strncmp(cause, want,
	    strlen(want)) == 0, "gather refused at idx[i]: %s",
	    cause ? cause : "(accepted)");
	ksrc_free(v);
	free(cause);
}

#define HEAD(arrays) \
	"// warpviz: param n=64 range=1..4096\n" \
	"// warpviz: launch grid=(n+31)/32 block=32\n" arrays

static void
test_inline(void)
{
	static const char *const n32[] = { "n=32", NULL };
	static const char *const n100[] = { "n=100", NULL };
	struct variant	*v;
	struct launch	 l;
	struct totals	 t;

	/* Evaluation order inside an expression. */
	v = parse(HEAD("// warpviz: array a length=n\n"
	    "// warpviz: array b length=2*n\n")
	    "__global__ void k(float *a, const float *b, int n)\n"
	    "{ int i = threadIdx.x; a[i] += b[2 * i]; }\n");
	if (v != NULL && setup(&l, v, NULL) == 0) {
		ok(l.nsites == 3 && l.sites[0].op == OP_LOAD &&
		    l.sites[0].array == 0 && l.sites[1].array == 1 &&
		    l.sites[2].op == OP_STORE && l.sites[2].array == 0,
		    "a[i] += b[2*i]: load a, load b, store a");
		totals_both(&l, &t, "order");
		is_int(t.site[1].sectors, 16, "b[2*i] spans 256 bytes: 8 "
		    "sectors, 2 blocks");
		launch_free(&l);
	}
	ksrc_free(v);

	/* Structs, __align__ and vector types. */
	v = parse(HEAD("// warpviz: array a length=n\n"
	    "// warpviz: array b length=n\n"
	    "// warpviz: array c length=4*n\n"
	    "// warpviz: array out length=n\n")
	    "struct vec3 { float x, y, z; };\n"
	    "struct __align__(16) vec3a { float x, y, z; };\n"
	    "__global__ void k(const struct vec3 *a, const vec3a *b,\n"
	    "    const float *c, float *out, int n)\n"
	    "{\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	    "\tif (i < n) {\n\t\tvec3a v = b[i];\n"
	    "\t\tfloat4 w = reinterpret_cast<const float4 *>(c)[i];\n"
	    "\t\tout[i] = a[i].x + a[i].y + a[i].z + v.x + w.y;\n\t}\n}\n");
	if (v != NULL && setup(&l, v, n32) == 0) {
		is_int(v->arrays[0].elem_size, 12, "struct vec3: 12 bytes");
		is_int(v->arrays[1].elem_size, 16, "__align__(16): 16 bytes");
		ok(l.nsites == 6 && l.sites[0].array == 1 &&
		    l.sites[0].size == 16 && l.sites[1].size == 16 &&
		    l.sites[2].offset == 0 && l.sites[3].offset == 4 &&
		    l.sites[4].offset == 8 && l.sites[4].size == 4,
		    "b[i] whole (16 bytes), c as float4, a field by field");
		totals_both(&l, &t, "structs");
		is_int(t.site[0].sectors, 16, "aligned struct: 512 bytes, 16 "
		    "sectors");
		is_int(t.site[1].sectors, 16, "float4 view of c: 16 sectors");
		is_int(t.site[2].sectors, 12, "a[i].x: 12-byte stride over "
		    "384 bytes, 12 sectors");
		launch_free(&l);
	}
	ksrc_free(v);

	/* Constant memory, a loop of taps. */
	v = parse(HEAD("// warpviz: array out length=n\n")
	    "__constant__ float coef[64];\n"
	    "__global__ void k(float *out, int n)\n"
	    "{\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	    "\tfloat s = 0;\n\tfor (int t = 0; t < 4; ++t)\n"
	    "\t\ts += coef[t] * coef[threadIdx.x + t];\n\tout[i] = s;\n}\n");
	if (v != NULL && setup(&l, v, n32) == 0) {
		ok(l.nsites == 3 && l.sites[0].space == SPACE_CONSTANT,
		    "__constant__ array");
		totals_both(&l, &t, "constant");
		is_int(t.site[0].serial, 4, "coef[t]: one read per request");
		is_int(t.site[1].serial, 4 * 32, "coef[threadIdx.x + t]: 32 "
		    "reads per request");
		launch_free(&l);
	}
	ksrc_free(v);

	/* An induction variable stepped in the for (copy-offset). */
	v = parse("// warpviz: param n=64 range=1..4096\n"
	    "// warpviz: param offset=1 range=0..32\n"
	    "// warpviz: param bs=32 range=32..1024\n"
	    "// warpviz: launch grid=(n+bs*4-1)/(bs*4) block=bs\n"
	    "// warpviz: array in length=n\n// warpviz: array out length=n\n"
	    "#define PER 4\n"
	    "__global__ void k(float *out, const float *in, int n, int offset)"
	    "\n{\n\tint i = blockIdx.x * blockDim.x * PER + threadIdx.x + "
	    "offset;\n\tfor (int j = 0; j < PER; ++j, i += blockDim.x)\n"
	    "\t\tif (i < n)\n\t\t\tout[i] = in[i];\n}\n");
	if (v != NULL && setup(&l, v, NULL) == 0) {
		totals_both(&l, &t, "copy with an induction variable");
		/* i = 1..32: 5 sectors; i = 33..63: 4; i >= 65: nothing. */
		is_int(t.global_load.requests, 2, "2 load requests");
		is_int(t.global_load.lanes, 63, "63 lanes");
		is_int(t.global_load.sectors, 9, "5 + 4 sectors");
		launch_free(&l);
	}
	ksrc_free(v);

	/* A grid-stride loop: trip counts differ per thread. */
	v = parse("// warpviz: param n=100 range=1..4096\n"
	    "// warpviz: launch grid=2 block=32\n"
	    "// warpviz: array in length=n\n// warpviz: array out length=n\n"
	    "__global__ void k(const float *in, float *out, int n)\n"
	    "{\n\tfor (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;"
	    "\n\t    i += blockDim.x * gridDim.x)\n\t\tout[i] = in[i];\n}\n");
	if (v != NULL && setup(&l, v, n100) == 0) {
		ok(l.loops[0].count == 2 && l.loops[0].bounded,
		    "grid-stride: at most 2 iterations, bounded per thread");
		totals_both(&l, &t, "grid-stride");
		/* i = 0..63, then 64..95 and 96..99. */
		is_int(t.site[0].requests, 4, "4 load requests");
		is_int(t.site[0].sectors, 4 + 4 + 4 + 1, "13 sectors");
		launch_free(&l);
	}
	ksrc_free(v);

	/* else, and a variable changed under an if. */
	v = parse(HEAD("// warpviz: array a length=n\n"
	    "// warpviz: array b length=n\n")
	    "__global__ void k(float *a, float *b, int n)\n"
	    "{\n\tint j = threadIdx.x;\n\tif (threadIdx.x < 16)\n"
	    "\t\ta[threadIdx.x] = 0;\n\telse\n\t\tb[threadIdx.x] = 0;\n"
	    "\tif (j >= 16)\n\t\tj = j - 16;\n\ta[j] = 1;\n}\n");
	if (v != NULL && setup(&l, v, NULL) == 0) {
		totals_both(&l, &t, "if/else");
		is_int(t.site[0].lanes, 2 * 16, "then: 16 lanes per block");
		is_int(t.site[1].lanes, 2 * 16, "else: the other 16");
		is_int(t.site[0].sectors, 2 * 2, "a[0..15]: 2 sectors");
		is_int(t.site[1].sectors, 2 * 2, "b[16..31]: 2 sectors");
		is_int(t.site[2].sectors, 2 * 2, "a[j], j folded to 0..15: "
		    "2 sectors");
		is_int(t.site[2].bytes_used, 2 * 64, "64 distinct bytes");
		launch_free(&l);
	}
	ksrc_free(v);

	/* A 2D shared tile and __syncthreads. */
	v = parse("// warpviz: launch grid=1 block=32,32\n"
	    "// warpviz: array in length=1024\n"
	    "#define T 32\n"
	    "__global__ void k(const float *in)\n"
	    "{\n\t__shared__ float s[T][T + 1];\n"
	    "\ts[threadIdx.x][threadIdx.y] = in[threadIdx.y * T + "
	    "threadIdx.x];\n\t__syncthreads();\n}\n");
	if (v != NULL && setup(&l, v, NULL) == 0) {
		is_int(l.arrays[1].length, 32 * 33, "s[32][33]");
		totals_both(&l, &t, "padded tile");
		is_int(t.site[1].wavefronts, 32, "column write into a padded "
		    "tile: 1 wavefront x 32 warps");
		launch_free(&l);
	}
	ksrc_free(v);
}

/* C's integer types by size (C11 6.7.2, nvcc on LP64) and the typedefs of
   <stdint.h>, <stddef.h> and CUDA's headers. */
static void
test_types(void)
{
	static const char *const types[][2] = {
		{ "unsigned char", "1" }, { "signed char", "1" },
		{ "short int", "2" }, { "unsigned short", "2" },
		{ "unsigned", "4" }, { "long int", "8" },
		{ "unsigned long long int", "8" }, { "long long", "8" },
		{ "uint", "4" }, { "ushort", "2" }, { "ulong", "8" },
		{ "size_t", "8" }, { "ptrdiff_t", "8" }, { "intptr_t", "8" },
		{ "uintptr_t", "8" }, { "ssize_t", "8" }, { "int8_t", "1" },
		{ "uint16_t", "2" }, { "uint32_t", "4" }, { "int64_t", "8" },
	};
	struct variant	*v;
	char		 src[1024];
	size_t		 i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++) {
		snprintf(src, sizeof src, "%s__global__ void k(%s *a, int n)\n"
		    "{ %s j = threadIdx.x; a[j] = 0; }\n",
		    HEAD("// warpviz: array a length=n\n"), types[i][0],
		    types[i][0]);
		v = parse(src);
		ok(v != NULL && v->arrays[0].elem_size == atoi(types[i][1]),
		    "%s: %s bytes", types[i][0], types[i][1]);
		ksrc_free(v);
	}
	refused(HEAD("// warpviz: array a length=n\n")
	    "__global__ void k(unsigned signed *a, int n) { }\n",
	    "t.cu:4:19:", "not a C integer type");
	refused(HEAD("// warpviz: array a length=n\n")
	    "__global__ void k(short long *a, int n) { }\n",
	    "t.cu:4:19:", "not a C integer type");
}

/* The element lane of warp 0, block 0 touches at the site's first step;
   -2 when the access fails, with the cause in *why. */
static int64_t
lane_index(const char *body, int site, int lane, char **why)
{
	struct variant	*v;
	struct launch	 l;
	struct access	 a;
	char		 src[2048];
	int64_t		 idx = -3, step;

	*why = NULL;
	snprintf(src, sizeof src, "%s__global__ void k(float *a, int n)\n"
	    "{\n%s}\n", HEAD("// warpviz: array a length=n\n"), body);
	if ((v = parse(src)) == NULL)
		return -3;
	if (setup(&l, v, NULL) == 0) {
		for (step = 0; step < l.nsteps; step++) {
			struct launch_pos pos;

			launch_locate(&l, step, &pos);
			if (pos.site == site)
				break;
		}
		if (warp_access(&l, 0, 0, 0, step, &a, why) != 0)
			idx = -2;
		else
			idx = a.index[lane];
		launch_free(&l);
	}
	ksrc_free(v);
	return idx;
}

/* C's arithmetic (C11 6.3.1, 6.5), each value worked out by hand. */
static void
test_arith(void)
{
	char	*why;

	/* threadIdx.x is unsigned int: - 1u wraps to 2^32 - 1 at lane 0. */
	is_int(lane_index("\tunsigned int i = threadIdx.x - 1u;\n"
	    "\ta[i] = 0;\n", 0, 0, &why), 4294967295LL,
	    "unsigned i = threadIdx.x - 1u: lane 0 at element 4294967295");
	is_int(lane_index("\tunsigned int i = threadIdx.x - 1u;\n"
	    "\ta[i] = 0;\n", 0, 5, &why), 4, "... lane 5 at element 4");
	/* Even with an int to hold it: (int)4294967295u is -1. */
	is_int(lane_index("\tint i = threadIdx.x - 1;\n\ta[i] = 0;\n", 0, 0,
	    &why), -1, "int i = threadIdx.x - 1: converted back, -1");
	/* (unsigned char)(7 * 37) = 259 mod 256 = 3; 31 * 37 = 1147: 123. */
	is_int(lane_index("\ta[(unsigned char)(threadIdx.x * 37)] = 0;\n",
	    0, 7, &why), 3, "(unsigned char)(tx*37) at lane 7: 3");
	is_int(lane_index("\ta[(unsigned char)(threadIdx.x * 37)] = 0;\n",
	    0, 31, &why), 123, "... at lane 31: 123");
	/* Truncation toward zero (6.5.5): -7/2 = -3, -7%2 = -1. */
	is_int(lane_index("\tint j = -7 / 2;\n\ta[j + 10] = 0;\n", 0, 0,
	    &why), 7, "-7 / 2 + 10 = 7");
	is_int(lane_index("\ta[-7 % 2 + 10] = 0;\n", 0, 0, &why), 9,
	    "-7 % 2 + 10 = 9");
	is_int(lane_index("\ta[(int)0xffffffffu + 1] = 0;\n", 0, 0, &why), 0,
	    "(int)0xffffffffu is -1");
	/* -1 < 0u is false: -1 becomes 4294967295. */
	is_int(lane_index("\tint m = -1;\n\ta[m < 0u ? 1 : 2] = 0;\n", 0, 0,
	    &why), 2, "-1 < 0u is false");
	is_int(lane_index("\tint m = -1;\n\ta[m < 0 ? 1 : 2] = 0;\n", 0, 0,
	    &why), 1, "-1 < 0 is true");
	/* >> of a negative int: arithmetic, as nvcc does; -3 >> 1 = -2. */
	is_int(lane_index("\tint s = -(int)threadIdx.x;\n"
	    "\ta[(s >> 1) + 40] = 0;\n", 0, 3, &why), 38,
	    "(-3 >> 1) + 40 = 38");
	/* 2 * 3000000000u wraps in unsigned int; in size_t it does not. */
	is_int(lane_index("\ta[threadIdx.x * 3000000000u] = 0;\n", 0, 2,
	    &why), 1705032704LL, "unsigned: 6000000000 mod 2^32");
	is_int(lane_index("\ta[(size_t)threadIdx.x * 3000000000u] = 0;\n",
	    0, 2, &why), 6000000000LL, "size_t: 6000000000");
	is_int(lane_index("\tlong long w = threadIdx.x;\n"
	    "\ta[w * 1073741824] = 0;\n", 0, 3, &why), 3221225472LL,
	    "long long * int: 64-bit, 3 * 2^30");
	/* (2^32 - 2)(2^32 - 5) mod 2^32 = 10, though the product passes
	   2^63. */
	is_int(lane_index("\ta[(threadIdx.x - 2) * (threadIdx.x - 5)] = 0;\n",
	    0, 0, &why), 10, "(tx - 2) * (tx - 5) at lane 0: 10");
	/* A long long product past 2^63 is signed overflow, even when
	   converted to unsigned after. */
	is_int(lane_index("\tlong long w = threadIdx.x + 4611686018427387904;\n"
	    "\ta[(unsigned)(w * 4)] = 0;\n", 0, 0, &why), -2,
	    "(unsigned)(long long 2^62 * 4) is refused");
	free(why);
	/* unsigned char promotes to int: 200 + 100 is 300, no wrap. */
	is_int(lane_index("\tunsigned char c = 200;\n\ta[c + 100] = 0;\n",
	    0, 0, &why), 300, "unsigned char + int: 300");
	is_int(lane_index("\tunsigned char c = 200;\n\tc += 100;\n"
	    "\ta[c] = 0;\n", 0, 0, &why), 44, "c += 100 stored back: 44");
	/* int overflow: undefined in C, refused where it happens. */
	is_int(lane_index("\tint t = threadIdx.x;\n"
	    "\tint p = t * 1073741824;\n\ta[p] = 0;\n", 0, 0, &why), -2,
	    "t * 2^30 overflows int at lane 2");
	ok(why != NULL && strncmp(why, "t.cu:8:2: ", 10) == 0 &&
	    strstr(why, "signed overflow") != NULL, "... with where and "
	    "what: %s", why ? why : "(nothing)");
	free(why);
	/* Overflow in the condition around an access: refused at the lane
	   (2 << 30 = 2^31 passes int). */
	is_int(lane_index("\tint t = threadIdx.x;\n"
	    "\tif ((t << 30) > 0)\n\t\ta[0] = 0;\n", 0, 0, &why), -2,
	    "t << 30 in a guard overflows at lane 2");
	ok(why != NULL && strstr(why, "signed overflow (block 0,0 thread "
	    "2,0)") != NULL, "... named: %s", why ? why : "(nothing)");
	free(why);
	/* 1 << 32 in int: the count is the width. */
	is_int(lane_index("\ta[1 << (threadIdx.x + 32)] = 0;\n", 0, 0, &why),
	    -2, "a shift by 32 of an int is refused");
	ok(why != NULL && strstr(why, "shift count") != NULL, "... as a "
	    "shift count: %s", why ? why : "(nothing)");
	free(why);
	/* int -1 meets unsigned long long: 2^64 - 1, which the model does
	   not hold: refused, not approximated. */
	is_int(lane_index("\tint m = -(int)threadIdx.x;\n"
	    "\ta[m + 2ull] = 0;\n", 0, 1, &why), -2,
	    "-1 + 2ull is refused");
	free(why);
	is_int(lane_index("\tint m = threadIdx.x;\n\ta[m + 2ull] = 0;\n", 0, 1,
	    &why), 3, "1 + 2ull = 3");
	/* An unsigned char loop variable from 250 while < 260: in C it wraps
	   at 256 and never ends; the model refuses rather than count 10. */
	{
		struct param_set	 ps;
		struct launch		 l;
		struct variant		*v;
		char			*cause = NULL;

		v = parse(HEAD("// warpviz: array a length=n\n")
		    "__global__ void k(float *a, int n)\n"
		    "{ for (unsigned char c = 250; c < 260; c++) a[c] = 0; }\n");
		if (v != NULL) {
			param_defaults(&ps, v);
			ok(launch_init(&l, &ps, &cause) != 0 && cause != NULL &&
			    strstr(cause, "leaves its type (u8)") != NULL,
			    "a loop variable leaving its type is refused: %s",
			    cause ? cause : "(accepted)");
			free(cause);
		}
		ksrc_free(v);
		v = parse(HEAD("// warpviz: array a length=n\n")
		    "__global__ void k(float *a, int n)\n"
		    "{ for (unsigned char c = 200; c < 255; c++) a[c] = 0; }\n");
		if (v != NULL && setup(&l, v, NULL) == 0) {
			is_int(l.loops[0].count, 55, "200..254 stays inside "
			    "unsigned char: 55 trips");
			launch_free(&l);
		} else
			ok(0, "200..254 in unsigned char sets up");
		ksrc_free(v);
	}
	refused(HEAD("// warpviz: array a length=n\n")
	    "__global__ void k(float *a, int n)\n{ a[18446744073709551615u] = "
	    "0; }\n", "t.cu:5:5:", "beyond 2^63-1");
}

/* Accesses outside their arrays: which site, which lanes, how far. */
static void
test_oob(void)
{
	static const char *const n128[] = { "n=128", NULL };
	struct oob_site	 o[LAUNCH_MAX_SITES];
	struct variant	*v;
	struct launch	 l;
	char		*cause = NULL;

	v = load("unsigned-wrap.cu");
	if (v != NULL && setup(&l, v, n128) == 0) {
		ok(oob_scan(&l, o, &cause) == 0, "unsigned-wrap: scanned");
		/* Block 0 lane 0 only: i = 0*32 + 0 - 1u = 4294967295. */
		ok(o[0].checked && o[0].lanes == 1 && o[0].mask == 1 &&
		    o[0].block[0] == 0 && o[0].warp == 0 &&
		    o[0].index == 4294967295LL, "a[i]: one lane, lane 0 of "
		    "block 0, element 4294967295");
		is_int(o[0].past, 4294967295LL - 128 + 1, "past the end of a "
		    "(128) by 4294967168");
		is_int(o[0].before, 0, "nothing before a");
		ok(o[1].checked && o[1].lanes == 0, "(unsigned char)(tx*37) "
		    "stays in b's 256");
		ok(o[2].checked && o[2].lanes == 0, "the guarded b[i] stays "
		    "inside");
		launch_free(&l);
	}
	ksrc_free(v);
	free(cause);
	/* int i = tx - 3 in every block: lanes 0..2 before a, by up to 3;
	   n = 64: 2 blocks, 6 lane accesses. */
	v = parse(HEAD("// warpviz: array a length=n\n")
	    "__global__ void k(float *a, int n)\n"
	    "{ int i = threadIdx.x - 3; a[i] = 0; }\n");
	if (v != NULL && setup(&l, v, NULL) == 0) {
		ok(oob_scan(&l, o, &cause) == 0 && o[0].lanes == 6 &&
		    o[0].before == 3 && o[0].past == 0 && o[0].mask == 7 &&
		    o[0].index == -3, "tx - 3: lanes 0-2 of each block, up to "
		    "3 before");
		launch_free(&l);
	}
	ksrc_free(v);
	/* Guarded: i < n - 1 lets i = 61, 62 (block 1, lanes 29, 30) reach
	   a[64] and a[65], 2 past the end; i = 63 is guarded off, block 0
	   stays inside. */
	v = parse(HEAD("// warpviz: array a length=n\n")
	    "__global__ void k(float *a, int n)\n"
	    "{ int i = blockIdx.x * 32 + threadIdx.x;\n"
	    "  if (i < n - 1) a[i + 3] = 0; }\n");
	if (v != NULL && setup(&l, v, NULL) == 0) {
		ok(oob_scan(&l, o, &cause) == 0 && o[0].checked &&
		    o[0].lanes == 2 && o[0].past == 2 && o[0].before == 0 &&
		    o[0].block[0] == 1 && o[0].mask == (3u << 29) &&
		    o[0].index == 64, "guarded i + 3: lanes 29-30 of block 1, "
		    "2 past");
		launch_free(&l);
	}
	ksrc_free(v);
	/* Affine and inside: proved without a walk. */
	v = parse(HEAD("// warpviz: array a length=n\n")
	    "__global__ void k(float *a, int n)\n"
	    "{ int i = blockIdx.x * 32 + threadIdx.x; a[i] = 0; }\n");
	if (v != NULL && setup(&l, v, NULL) == 0) {
		ok(l.sites[0].affine && oob_scan(&l, o, &cause) == 0 &&
		    o[0].checked && o[0].lanes == 0, "bx*32 + tx < 64: none");
		launch_free(&l);
	}
	ksrc_free(v);
}

static void
test_refused(void)
{
	static const char head[] = HEAD("// warpviz: array a length=n\n"
	    "// warpviz: array idx length=n\n");
	char	 src[2048];

#define REFUSE(body, where, what) \
	snprintf(src, sizeof src, "%s__global__ void k(float *a, " \
	    "const int *idx, int n)\n{\n%s}\n", head, body); \
	refused(src, where, what)

	REFUSE("\tint i = 1;\n\twhile (i < n) {\n\t\ta[i] = 0;\n"
	    "\t\ti *= 2;\n\t}\n", "t.cu:8:9:", "a loop condition uses");
	REFUSE("\tint m = idx[0];\n\tfor (int k = 0; k < m; k++)\n"
	    "\t\ta[k] = 0;\n", "t.cu:7:10:", "decides a loop condition");
	REFUSE("\tif (a[threadIdx.x] > 0)\n\t\ta[0] = 1;\n", "t.cu:7:6:",
	    "decides a condition");
	REFUSE("\ta[idx[threadIdx.x] + 1] = 0;\n", "t.cu:7:4:",
	    "decides the index of a");
	REFUSE("\ta[zz] = 0;\n", "t.cu:7:4:", "unknown name 'zz'");
	REFUSE("\tfor (int k = 0; k < n; k++) {\n\t\tif (k > 3)\n"
	    "\t\t\treturn;\n\t\ta[k] = 0;\n\t}\n", "t.cu:9:4:",
	    "return inside a loop");
	REFUSE("\tfor (int k = 0; k < n; k++)\n\t\tk += 2;\n", "t.cu:8:5:",
	    "the loop variable k changes");
	REFUSE("\tint *p = idx + idx[0];\n", "t.cu:7:17:",
	    "read from memory and decides a pointer's offset");

	refused("// warpviz: launch grid=1 block=32\n"
	    "__global__ void k(float *q)\n{ q[0] = 1; }\n", "t.cu:2:26:",
	    "pointer parameter q needs");
	refused("// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array q length=32\n"
	    "__global__ void k(float *q, int m)\n{ q[0] = 1; }\n",
	    "t.cu:3:33:", "integer parameter m needs");
	refused("// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array q length=32\n#define F(x) #x\n"
	    "__global__ void k(float *q)\n{ q[F(1)] = 1; }\n", "t.cu:5:5:",
	    "macro F uses # or ##");
	refused("// warpviz: array q length=32\n"
	    "__global__ void k(float *q)\n{ q[0] = 1; }\n", "t.cu:1:1:",
	    "no '// warpviz: launch");
	refused("// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array q length=32\ntemplate <int T>\n"
	    "__global__ void k(float *q)\n{ q[T] = 1; }\n", "t.cu:3:15:",
	    "integer parameter T needs");
	refused("// warpviz: launch grid=1 block=32\n// warpviz: colour=red\n",
	    "t.cu:2:13:", "unknown warpviz key 'colour'");
	/* Columns of header lines name the word: range= at 23. */
	refused("// warpviz: param n=5 range=10..20\n", "t.cu:1:23:",
	    "needs range=MIN..MAX");
	/* The warp size is built in (fuzz-launch: a "warp" parameter of the
	   description's own with 0 in its range divided by zero). */
	refused("// warpviz: param WARP=4 range=0..32\n", "t.cu:1:19:",
	    "param WARP: the name is taken");
	refused("// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array q length=32\n"
	    "__global__ void k(float *q)\n{ q[0] = 1;\n", "t.cu:4:",
	    "end of file");
	/* The file ends inside __syncthreads( (found by fuzz-ksrc: the
	   reader ran past its tokens), as a statement and in an expression. */
	refused("// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array q length=32\n"
	    "__global__ void k(float *q)\n{\n\t__syncthreads(\n", "t.cu:5:",
	    "expected ')' before the end of the file");
	refused("// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array q length=32\n"
	    "__global__ void k(float *q)\n{\n\tq[0] = __syncthreads(",
	    "t.cu:5:", "expected ')' before the end of the file");
}

/* A file's compare= partner files are relative to its own folder. */
static void
test_compare_paths(void)
{
	static const char src[] = "// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array q length=32\n"
	    "// warpviz: compare=x.cu matmul-col /abs/y.cu z.cu:n=4,bs=8\n"
	    "__global__ void k(float *q)\n{ q[threadIdx.x] = 1; }\n";
	struct variant	*v;
	char		*cause = NULL;

	v = ksrc_parse("some/dir/t.cu", src, &cause);
	ok(v != NULL && strcmp(v->compare, "some/dir/x.cu matmul-col "
	    "/abs/y.cu some/dir/z.cu:n=4,bs=8") == 0,
	    "compare= files taken from the file's folder: '%s'",
	    v != NULL ? v->compare : cause);
	ksrc_free(v);
	free(cause);
	v = ksrc_parse("t.cu", src, &cause);
	ok(v != NULL && strcmp(v->compare, "x.cu matmul-col /abs/y.cu "
	    "z.cu:n=4,bs=8") == 0, "in the current folder: as written");
	ksrc_free(v);
	free(cause);
}

/* Garbage must never crash the reader, nor leak (under ASan). */
static void
test_garbage(void)
{
	static const char *pieces[] = { "int ", "i", " = ", "threadIdx.x",
	    ";", "\n", "for (", "if (", ")", "{", "}", "a[", "]", " + ",
	    "<", "<<=", "return", "#define X ", "// warpviz: ", "launch ",
	    "grid=1 ", "block=32", "array a length=32", "__global__ void k(",
	    "float *a", ", int n", "struct s {", "__shared__ float t[32]",
	    "1.5f", "\"s\"", "/*", "*/", "++", "else", "?", ":", ",",
	    "__constant__ int c[4];", "reinterpret_cast<float4 *>(a)",
	    "const ", "*__restrict__ ", "unsigned ", "template <int T>",
	    "// warpviz: param n=4 range=1..9\n", "extern \"C\" ",
	    "__device__ ", "s >>= 1", "while (", "(float)", "&", "x.y" };
	struct variant	*v;
	char		 src[1024], *cause;
	int		 i, j, n, accepted = 0;

	srand(7);
	for (i = 0; i < 3000; i++) {
		src[0] = '\0';
		snprintf(src, sizeof src, "// warpviz: launch grid=1 block=32\n"
		    "// warpviz: array a length=64\n");
		n = rand() % 40;
		for (j = 0; j < n; j++)
			strncat(src, pieces[rand() % (sizeof pieces /
			    sizeof pieces[0])], sizeof src - strlen(src) - 1);
		cause = NULL;
		v = ksrc_parse("g.cu", src, &cause);
		accepted += v != NULL;
		if (v == NULL && (cause == NULL ||
		    strncmp(cause, "g.cu:", 5) != 0)) {
			ok(0, "garbage %d: a cause naming g.cu: %s", i,
			    cause ? cause : "(none)");
			free(cause);
			return;
		}
		ksrc_free(v);
		free(cause);
	}
	ok(1, "3000 random files: no crash, every refusal names the file "
	    "(%d accepted)", accepted);
}

/* An accepted file at small sizes: set up, and totals both ways. */
static int	mutated_runs, mutated_diff;

static void
run_small(const struct variant *v)
{
	struct param_set	 ps;
	struct launch		 l;
	struct totals		 t, b;
	char			*cause = NULL;
	int			 i;

	param_defaults(&ps, v);
	for (i = 0; i < ps.n; i++)
		ps.val[i] = ps.def[i]->min > 64 ? ps.def[i]->min :
		    ps.def[i]->max < 64 ? ps.def[i]->max : 64;
	if (launch_init(&l, &ps, &cause) != 0) {
		free(cause);
		return;
	}
	if (totals_brute_work(&l) < 1e6) {
		if (totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t,
		    &cause) == 0 && totals_compute(&l, ARCH_MODERN,
		    TOTALS_BRUTE, &b, &cause) == 0) {
			mutated_runs++;
			if (memcmp(t.site, b.site, sizeof t.site) != 0)
				mutated_diff++;
		}
		free(cause);
	}
	launch_free(&l);
}

/* Real kernels cut, doubled and shuffled: no crash, no hang, no leak. */
static void
test_mutations(void)
{
	static const char *files[] = { "transpose-naive.cu",
	    "transpose-tile.cu", "reduce.cu", "stencil.cu", "gather.cu" };
	struct variant	*v;
	FILE		*f;
	char		*text, *buf, *cause;
	size_t		 n, len, a, b, k;
	int		 i, j, bad = 0, accepted = 0;

	srand(11);
	for (i = 0; i < (int)(sizeof files / sizeof files[0]); i++) {
		if ((f = fopen(kpath(files[i]), "r")) == NULL)
			continue;
		text = calloc(1, 65536);
		buf = calloc(1, 3 * 65536);
		if (text == NULL || buf == NULL)
			abort();
		n = fread(text, 1, 65535, f);
		fclose(f);
		for (j = 0; j < 400; j++) {
			a = (size_t)rand() % n;
			b = a + (size_t)rand() % 40;
			if (b > n)
				b = n;
			k = (size_t)rand() % n;
			switch (j % 3) {
			case 0:		/* cut a..b */
				memcpy(buf, text, a);
				memcpy(buf + a, text + b, n - b);
				len = n - (b - a);
				break;
			case 1:		/* a..b again at k */
				memcpy(buf, text, k);
				memcpy(buf + k, text + a, b - a);
				memcpy(buf + k + (b - a), text + k, n - k);
				len = n + (b - a);
				break;
			default:	/* one byte changed */
				memcpy(buf, text, n);
				buf[k] = "(){}[];,+-*/<>=!&|#\"x0 \n"[rand() % 25];
				len = n;
				break;
			}
			buf[len] = '\0';
			cause = NULL;
			v = ksrc_parse("m.cu", buf, &cause);
			accepted += v != NULL;
			if (v == NULL && (cause == NULL ||
			    strncmp(cause, "m.cu:", 5) != 0))
				bad++;
			if (v != NULL)
				run_small(v);
			ksrc_free(v);
			free(cause);
		}
		free(text);
		free(buf);
	}
	ok(bad == 0, "2000 mutated kernels: every refusal names the file "
	    "(%d accepted, %d without a position)", accepted, bad);
	ok(mutated_diff == 0, "mutated kernels that run: fast totals == "
	    "brute force in %d of %d", mutated_runs - mutated_diff,
	    mutated_runs);
}

/* Whether the kernel of body has an array in local memory, and its
   sites: -1 when refused. */
static int
local_sites(const char *body, int *local)
{
	struct variant	*v;
	char		 src[2048];
	int		 i, n = 0;

	snprintf(src, sizeof src, "%s__global__ void k(float *a, int n)\n"
	    "{\n%s}\n", HEAD("// warpviz: array a length=n\n"), body);
	*local = 0;
	if ((v = parse(src)) == NULL)
		return -1;
	for (i = 0; i < VARIANT_MAX_ARRAYS && v->arrays[i].name; i++)
		if (v->arrays[i].space == SPACE_LOCAL)
			*local = 1;
	for (i = 0; i < v->nxbody; i++)
		n += v->xbody[i].kind == BODY_SITE;
	ksrc_free(v);
	return n;
}

/*
 * A thread's own array (ksrc-local.c): registers while every subscript is
 * known when compiling, else local memory for every access, word w of
 * thread tid at w x P + tid (P = 32 here: one warp a block).
 */
static void
test_local(void)
{
	char	*why;
	int	 loc, n;

	/* Unrolled loops and literals: registers, no site of t. */
	n = local_sites("\tfloat t[8];\n\tfor (int j = 0; j < 4; j++) {\n"
	    "\t\tint q = j * 2;\n\t\tt[q] = j;\n\t}\n"
	    "\ta[threadIdx.x] = t[2] + t[6];\n", &loc);
	ok(n == 1 && !loc, "t[j * 2] of an unrolled loop stays in registers "
	    "(%d sites)", n);
	/* A lane's index: local; t[0] too, read after the store. */
	n = local_sites("\tfloat t[32];\n\tt[threadIdx.x] = 1;\n"
	    "\ta[threadIdx.x] = t[0];\n", &loc);
	ok(n == 3 && loc, "t[threadIdx.x] puts t in local memory, t[0] "
	    "with it (%d sites)", n);
	/* A loop whose count is a parameter: local, uniform. */
	n = local_sites("\tfloat t[4];\n\tfor (int j = 0; j < n; j++)\n"
	    "\t\tt[j % 4] = j;\n\ta[threadIdx.x] = t[1];\n", &loc);
	ok(n == 3 && loc, "t[j %% 4], j < n: local memory (%d sites)", n);
	/* Store t[threadIdx.x], lane 5: word 5 at 5 x 32 + 5. */
	ok(lane_index("\tfloat t[32];\n\tt[threadIdx.x] = 1;\n"
	    "\ta[threadIdx.x] = t[0];\n", 0, 5, &why) == 165,
	    "t[5] of lane 5: word 165");
	free(why);
	ok(lane_index("\tfloat t[32];\n\tt[threadIdx.x] = 1;\n"
	    "\ta[threadIdx.x] = t[0];\n", 1, 5, &why) == 5,
	    "t[0] of lane 5: word 5");
	free(why);
	/* t[4][8], t[tx % 4][1], lane 5: element 9, word 9 x 32 + 5. */
	ok(lane_index("\tfloat t[4][8];\n\tt[threadIdx.x % 4][1] = 1;\n"
	    "\ta[threadIdx.x] = 0;\n", 0, 5, &why) == 293,
	    "t[1][1] of lane 5: word 293");
	free(why);
	/* float4 q[4], q[tx % 4].y, lane 6: element 2, word 2 x 4 + 1 = 9,
	   at 9 x 32 + 6; one site.  A whole element: four. */
	ok(lane_index("\tfloat4 q[4];\n\tq[threadIdx.x % 4].y = 1;\n"
	    "\ta[threadIdx.x] = 0;\n", 0, 6, &why) == 294,
	    "q[2].y of lane 6: word 294");
	free(why);
	n = local_sites("\tfloat4 q[4];\n\tq[threadIdx.x % 4].y = 1;\n"
	    "\tfloat4 w = q[threadIdx.x % 2];\n\ta[threadIdx.x] = w.x;\n",
	    &loc);
	ok(n == 6 && loc, "a float4 field is one word, a float4 four (%d "
	    "sites)", n);
	/* The last word of lane 31's q[3]: 15 x 32 + 31 = 511, the end. */
	ok(lane_index("\tfloat4 q[4];\n\tfloat4 w = q[threadIdx.x % 4];\n"
	    "\ta[threadIdx.x] = w.x;\n", 3, 31, &why) == 511,
	    "q[3] word 3 of lane 31: word 511");
	free(why);
	/* An index read from memory: the model cannot follow it. */
	n = local_sites("\tfloat t[4];\n\tfor (int j = 0; j < 4; j++)\n"
	    "\t\tt[j] = j;\n\ta[threadIdx.x] = t[(int)a[0]];\n", &loc);
	ok(n == -1, "t[a[0]] is refused");
}

/* A kernel of one texture fetch; its access result at step 0 or -1. */
static int
tex_at(const char *head, const char *params, const char *body,
    struct access_result *res)
{
	struct variant	*v;
	struct launch	 l;
	struct access	 a;
	char		 src[2048], *why = NULL;
	int		 rc = -1;

	snprintf(src, sizeof src, "// warpviz: param w=64 range=32..4096 "
	    "sym=W\n// warpviz: launch grid=1 block=%s\n%s"
	    "// warpviz: array out length=1024\n__global__ void "
	    "k(float *out, cudaTextureObject_t img, int W)\n{\n%s}\n",
	    params, head, body);
	if ((v = parse(src)) == NULL)
		return -1;
	if (setup(&l, v, NULL) == 0) {
		if (warp_access(&l, 0, 0, 0, 0, &a, &why) == 0) {
			arch_apply(ARCH_MODERN, &l, &a, res);
			rc = 0;
		}
		free(why);
		launch_free(&l);
	}
	ksrc_free(v);
	return rc;
}

/*
 * Texture fetches (doc/rules.md "Texture memory"): a request a quad (2D)
 * or 8 lanes (1D); sectors 16 bytes of a row x 2 rows, or 32 bytes.
 */
static void
test_texture(void)
{
	static const char tex2[] = "// warpviz: texture img width=W "
	    "height=64\n";
	struct access_result	 r;
	char			 src[1024];
	int			 rc;

	memset(&r, 0, sizeof r);
	/* Down a column, y = lane: 8 quads of 2 sectors. */
	rc = tex_at(tex2, "32", "\tint y = threadIdx.x;\n\tout[y] = "
	    "tex2D<float>(img, 3 + 0.5f, y + 0.5f);\n", &r);
	ok(rc == 0 &&
	    r.space == SPACE_TEXTURE && r.t.requests == 8 &&
	    r.t.sectors == 16, "tex2D down a column: 8 requests, 16 sectors "
	    "(%d, %d)", r.t.requests, r.t.sectors);
	/* Along a row, integer coordinates: 8 quads of 1 sector. */
	rc = tex_at(tex2, "32", "\tout[threadIdx.x] = tex2D<float>(img, "
	    "threadIdx.x, 5);\n", &r);
	ok(rc == 0 && r.t.requests == 8 &&
	    r.t.sectors == 8, "tex2D along a row: 8 requests, 8 sectors (%d, "
	    "%d)", r.t.requests, r.t.sectors);
	/* A 4 x 8 block of a warp (x = lane % 4, y = lane / 4): each quad
	   one row of 4 texels, 1 sector: 8, 8. */
	rc = tex_at(tex2, "4,8", "\tout[threadIdx.y * 4 + threadIdx.x] = "
	    "tex2D<float>(img, threadIdx.x + 0.5f, threadIdx.y + 0.5f);\n",
	    &r);
	ok(rc == 0 && r.t.requests == 8 && r.t.sectors == 8,
	    "tex2D of a 4 x 8 block: 8, 8 (%d, %d)", r.t.requests,
	    r.t.sectors);
	/* tex1Dfetch of 32 consecutive floats: 4 groups of 8, 32 bytes
	   each: 4 requests, 4 sectors. */
	rc = tex_at("// warpviz: texture img length=1024\n", "32",
	    "\tout[threadIdx.x] = tex1Dfetch<float>(img, threadIdx.x);\n",
	    &r);
	ok(rc == 0 && r.space == SPACE_TEXTURE && r.t.requests == 4 &&
	    r.t.sectors == 4, "tex1Dfetch of 32 floats: 4 requests, 4 "
	    "sectors (%d, %d)", r.t.requests, r.t.sectors);
	/* Refusals, each with its place. */
	snprintf(src, sizeof src, "// warpviz: param w=64 range=32..4096 "
	    "sym=W\n// warpviz: launch grid=1 block=32\n// warpviz: array "
	    "out length=1024\n__global__ void k(float *out, "
	    "cudaTextureObject_t img, int W)\n{\n\tout[0] = 1;\n}\n");
	refused(src, "t.cu:4:", "needs a '// warpviz: texture img");
	snprintf(src, sizeof src, "// warpviz: param w=64 range=32..4096 "
	    "sym=W\n// warpviz: launch grid=1 block=32\n%s// warpviz: array "
	    "out length=1024\n__global__ void k(float *out, "
	    "cudaTextureObject_t img, int W)\n{\n\tout[0] = "
	    "tex2D<float4>(img, 0, 0).x;\n}\n", tex2);
	refused(src, "t.cu:7:", "img holds float texels, not float4");
	snprintf(src, sizeof src, "// warpviz: param w=64 range=32..4096 "
	    "sym=W\n// warpviz: launch grid=1 block=32\n// warpviz: texture "
	    "img width=W\n// warpviz: array out length=1024\n__global__ "
	    "void k(float *out, cudaTextureObject_t img, int W)\n{\n\t"
	    "out[0] = 1;\n}\n");
	refused(src, "t.cu:3:", "needs width=W height=H");
}

int
main(void)
{
	test_texture();
	test_local();
	test_transpose_naive();
	/* Unpadded: 32 lanes, one bank: wavefronts = active lanes. */
	test_transpose_tile("transpose-tile.cu", 128 * 32,
	    32 * 32 + 32 * 8 + 8 * 32 + 8 * 8);
	/* Padded to 33: every lane its own bank. */
	test_transpose_tile("transpose-padded.cu", 128, 80);
	test_reduce();
	test_stencil();
	test_gather();
	test_inline();
	test_types();
	test_arith();
	test_oob();
	test_refused();
	test_compare_paths();
	test_garbage();
	test_mutations();
	return tap_done();
}
