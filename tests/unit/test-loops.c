/* SPDX-License-Identifier: ISC
 * test-loops.c - the model follows VARIANT_MAX_LOOPS (16) loops: every
 * loop is an affine variable after threadIdx.x/y and blockIdx.x/y, so the
 * 16th is variable 19, the last of the box (AFFINE_MAX_VARS 20), and each
 * loop may take two slots of the environment (its count, a table's
 * value).  Each case reaches the top of those arrays, which a sanitizer
 * build checks; the 17th loop is refused.  Counts are worked out by hand
 * from the sector rule (DESIGN.md section 3): 32 lanes reading 32
 * consecutive floats from a 128-byte aligned address make one request of
 * four sectors.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "ksrc.h"
#include "launch.h"
#include "param.h"
#include "tap.h"
#include "totals.h"
#include "warp.h"

#define NEST	(VARIANT_MAX_LOOPS + 1)

static char	names[NEST][2][32];
static char	index_text[1024];
static struct body_def body[2 * NEST + 2];

/*
 * A catalog-style variant of n loops "iK" of two trips each, nested, one
 * warp of 32 threads reading a[threadIdx.x + 32 * (i0 + 2 i1 + 4 i2 ...)]
 * in the innermost: each step a new, aligned run of 32 floats.
 */
static void
nested(struct variant *v, int n)
{
	size_t	used;
	int	i, b = 0;

	memset(v, 0, sizeof *v);
	v->name = "nested";
	v->block[0] = "32";
	v->block[1] = "1";
	v->grid[0] = v->grid[1] = "1";
	v->arrays[0] = (struct array_def){ .name = "a", .space = SPACE_GLOBAL,
	    .elem_size = 4, .length = "32 << 17" };
	used = (size_t)snprintf(index_text, sizeof index_text,
	    "a[threadIdx.x + 32 * (0");
	memset(body, 0, sizeof body);
	for (i = 0; i < n; i++) {
		snprintf(names[i][0], sizeof names[i][0], "i%d", i);
		body[b++] = (struct body_def){ .kind = BODY_LOOP,
		    .text = names[i][0], .count = "2" };
		used += (size_t)snprintf(index_text + used,
		    sizeof index_text - used, " + %d * i%d", 1 << i, i);
	}
	snprintf(index_text + used, sizeof index_text - used, ")]");
	body[b++] = (struct body_def){ .kind = BODY_SITE, .text = index_text,
	    .op = OP_LOAD };
	for (i = 0; i < n; i++)
		body[b++].kind = BODY_END;
	body[b].kind = BODY_END_OF_PROGRAM;
	v->xbody = body;
	v->nxbody = b;
}

static int
launch_of(struct launch *l, const struct variant *v, char **cause)
{
	struct param_set	ps;

	param_defaults(&ps, v);
	return launch_init(l, &ps, cause);
}

static void
test_sixteen_nested(void)
{
	struct variant		 v;
	struct launch		 l;
	struct affine_box	 box;
	struct access		 a;
	struct totals		 fast, brute;
	char			*cause = NULL;
	int			 i, top = VAR_LOOP0 + VARIANT_MAX_LOOPS - 1;

	nested(&v, VARIANT_MAX_LOOPS);
	if (launch_of(&l, &v, &cause) != 0) {
		ok(0, "16 nested loops launch: %s", cause);
		free(cause);
		return;
	}
	is_int(l.nloops, 16, "16 loops");
	/* 2^16 iterations of the innermost, one step each. */
	is_int(l.nsteps, 65536, "2^16 steps");
	ok(l.sites[0].affine && l.sites[0].nloops == 16,
	    "the site in all 16 is affine");
	/* Loop 15 is variable 4 + 15 = 19, coefficient 32 * 2^15. */
	is_int(top, AFFINE_MAX_VARS - 1, "the 16th loop is the box's last "
	    "variable");
	is_int(l.sites[0].aff.k[top], 32 << 15, "its coefficient 32 * 2^15");
	launch_box(&l, &box);
	ok(box.n == AFFINE_MAX_VARS && box.hi[top] == 1,
	    "the box holds all 20 variables, the last over 0..1");
	/* The last step: every loop at 1, m = 2^16 - 1, lane 31's float
	   32 m + 31 at 0x10000 + 4 (32 m + 31). */
	ok(warp_access(&l, 0, 0, 0, 65535, &a, &cause) == 0 &&
	    a.loop[15] == 1 && a.loop[0] == 1 &&
	    a.addr[31] == 0x10000 + 4 * (32 * 65535 + 31),
	    "the last step: every loop at 1, lane 31 at the last float");
	/* Each step one request of 4 sectors: 65536 and 262144. */
	ok(totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &fast, &cause) == 0 &&
	    fast.fast == 1 && fast.global_load.requests == 65536 &&
	    fast.global_load.sectors == 4 * 65536,
	    "by residues over 16 loops: 65536 requests, 262144 sectors");
	ok(totals_compute(&l, ARCH_MODERN, TOTALS_BRUTE, &brute, &cause) ==
	    0 && memcmp(&fast.site[0], &brute.site[0], sizeof fast.site[0]) ==
	    0, "brute force over 16 loops gives the same");
	for (i = 0; i < 16; i++)
		if (l.loops[i].count != 2)
			break;
	is_int(i, 16, "each loop two trips");
	launch_free(&l);
	free(cause);
}

static void
test_seventeen(void)
{
	struct variant	 v;
	struct launch	 l;
	char		*cause = NULL;
	int		 rc;

	nested(&v, VARIANT_MAX_LOOPS + 1);
	rc = launch_of(&l, &v, &cause);
	ok(rc != 0 && cause != NULL && strstr(cause, "more than 16 loops") !=
	    NULL, "a 17th loop is refused: %s", cause ? cause : "(accepted)");
	free(cause);
}

/*
 * Ten parameters and 16 loops stepping by >>= (for (vK = 2; vK > 0;
 * vK >>= 1): 2, 1): each loop takes two slots, its count and its value,
 * so 8 built-ins + 11 parameters (the warp's too) + 32 = 51 slots.
 * a[threadIdx.x + 32 * (v15 - 1)]: v15 is 2 then 1.
 */
static void
test_slots(void)
{
	static const char *pname[10] = { "p0", "p1", "p2", "p3", "p4", "p5",
	    "p6", "p7", "p8", "p9" };
	static char		 cond[VARIANT_MAX_LOOPS][32];
	struct variant	 v;
	struct launch	 l;
	struct access	 a;
	char		*cause = NULL;
	int		 i, b = 0;

	memset(&v, 0, sizeof v);
	v.name = "slots";
	v.block[0] = "32";
	v.block[1] = v.grid[0] = v.grid[1] = "1";
	v.arrays[0] = (struct array_def){ .name = "a", .space = SPACE_GLOBAL,
	    .elem_size = 4, .length = "64" };
	for (i = 0; i < 10; i++)
		v.params[i] = (struct param_def){ .name = pname[i], .min = 1,
		    .max = 9, .def = 1, .unit = "", .text = "" };
	memset(body, 0, sizeof body);
	for (i = 0; i < VARIANT_MAX_LOOPS; i++) {
		snprintf(names[i][0], sizeof names[i][0], "v%d", i);
		snprintf(names[i][1], sizeof names[i][1], "v%d_it", i);
		snprintf(cond[i], sizeof cond[i], "v%d > 0", i);
		body[b++] = (struct body_def){ .kind = BODY_FOR,
		    .text = names[i][0], .name = names[i][0], .expr = cond[i],
		    .init = "2", .step = "1", .step_op = '>',
		    .iter = names[i][1], .line = i + 1 };
	}
	body[b++] = (struct body_def){ .kind = BODY_SITE,
	    .text = "a[threadIdx.x + 32 * (v15 - 1)]", .op = OP_LOAD };
	for (i = 0; i < VARIANT_MAX_LOOPS; i++)
		body[b++].kind = BODY_END;
	body[b].kind = BODY_END_OF_PROGRAM;
	v.xbody = body;
	v.nxbody = b;
	if (launch_of(&l, &v, &cause) != 0) {
		ok(0, "10 parameters and 16 table loops launch: %s", cause);
		free(cause);
		return;
	}
	ok(l.nloops == 16 && l.scope.nslots == 8 + 11 + 32,
	    "10 parameters and 16 table loops: 51 slots");
	/* Step 0: v15 = 2, lane 0 at float 32; step 1: v15 = 1, float 0. */
	ok(warp_access(&l, 0, 0, 0, 0, &a, &cause) == 0 &&
	    a.index[0] == 32 && warp_access(&l, 0, 0, 0, 1, &a, &cause) == 0 &&
	    a.index[0] == 0, "the 16th table loop's values 2, 1");
	launch_free(&l);
	free(cause);
}

/*
 * A kernel file of two nests of 8 loops (the reader nests 8 deep): 16
 * loops, the second nest's innermost the 16th.  Each nest makes 2^8 = 256
 * steps of one aligned run of 32 floats: 256 requests of 4 sectors.
 */
static void
test_kernel_file(void)
{
	struct variant		*v;
	struct launch		 l;
	struct totals		 t, b;
	char			*src, *cause = NULL;
	size_t			 len = 0, sz = 8192;
	int			 i, k;

	src = malloc(sz);
	len += snprintf(src + len, sz - len,
	    "// warpviz: launch kernel=k grid=1 block=32\n"
	    "// warpviz: array a length=32*256\n"
	    "// warpviz: array b length=32*256\n"
	    "__global__ void k(float *a, float *b)\n"
	    "{\n"
	    "\tint i = threadIdx.x;\n");
	for (k = 0; k < 2; k++) {
		for (i = 0; i < 8; i++)
			len += snprintf(src + len, sz - len, "\tfor (int %c%d = 0; "
			    "%c%d < 2; %c%d++)\n", 'j' + k, i, 'j' + k, i,
			    'j' + k, i);
		len += snprintf(src + len, sz - len, "\t%s[i + 32 * (",
		    k == 0 ? "a" : "b");
		for (i = 0; i < 8; i++)
			len += snprintf(src + len, sz - len, "%s%d * %c%d",
			    i ? " + " : "", 1 << i, 'j' + k, i);
		len += snprintf(src + len, sz - len, ")] %s;\n",
		    k == 0 ? "= 1" : "+= 1");
	}
	snprintf(src + len, sz - len, "}\n");
	if ((v = ksrc_parse("t.cu", src, &cause)) == NULL) {
		ok(0, "two nests of 8 loops read: %s", cause);
		free(cause);
		free(src);
		return;
	}
	if (launch_of(&l, v, &cause) != 0) {
		ok(0, "two nests of 8 loops launch: %s", cause);
		goto out;
	}
	is_int(l.nloops, 16, "a kernel file of 16 loops");
	ok(totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, &cause) == 0 &&
	    totals_compute(&l, ARCH_MODERN, TOTALS_BRUTE, &b, &cause) == 0,
	    "its totals");
	/* a: 256 stores; b[...] += 1: 256 loads and 256 stores. */
	ok(t.global_store.requests == 512 && t.global_store.sectors == 2048 &&
	    t.global_load.requests == 256 && t.global_load.sectors == 1024,
	    "256 steps a site, each one request of 4 sectors");
	ok(memcmp(&t.global_load, &b.global_load, sizeof t.global_load) == 0 &&
	    memcmp(&t.global_store, &b.global_store, sizeof t.global_store) ==
	    0, "fast (%d of %d sites) == brute force", t.fast, l.nsites);
	launch_free(&l);
out:
	free(cause);
	ksrc_free(v);
	free(src);
}

int
main(void)
{
	test_sixteen_nested();
	test_seventeen();
	test_slots();
	test_kernel_file();
	return tap_done();
}
