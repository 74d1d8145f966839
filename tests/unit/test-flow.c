/* SPDX-License-Identifier: ISC
 * test-flow.c - what the kernel reader hands the source pane
 * (src/kernel/ksrc-flow.c): each access's flow lines (the lines its
 * indices are computed on, followed back) and the loops and ifs around
 * it, and what each line holds.  The expected lines are read off the
 * numbered kernel below by hand.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ksrc.h"
#include "tap.h"

/* Line numbers in the comments on the right. */
static const char kernel[] =
    "// warpviz: name=flow\n"					/*  1 */
    "// warpviz: param n=256 range=64..4096\n"			/*  2 */
    "// warpviz: launch grid=n/64 block=64\n"			/*  3 */
    "// warpviz: array in length=n+8\n"				/*  4 */
    "// warpviz: array out length=n\n"				/*  5 */
    "// warpviz: array s length=n\n"				/*  6 */
    "struct pair {\n"						/*  7 */
    "	int a, b;\n"						/*  8 */
    "};\n"							/*  9 */
    "extern \"C\" __global__ void\n"				/* 10 */
    "flow(const float *in, float *out, const struct pair *s, int n)\n" /* 11 */
    "{\n"							/* 12 */
    "	__shared__ float tile[64];\n"				/* 13 */
    "	int tx = threadIdx.x;\n"				/* 14 */
    "	int bx = blockIdx.x;\n"					/* 15 */
    "	int noise = bx + 7;\n"					/* 16 */
    "	int base = bx * 64;\n"					/* 17 */
    "	int col = base + tx;\n"					/* 18 */
    "	if (col >= n)\n"					/* 19 */
    "		return;\n"					/* 20 */
    "	tile[tx] = in[col];\n"					/* 21 */
    "	int j = tx;\n"						/* 22 */
    "	if (bx > 2)\n"						/* 23 */
    "		j = tx + 1;\n"					/* 24 */
    "	out[j] = tile[tx];\n"					/* 25 */
    "	for (int i = 0; i < 2; i++) {\n"			/* 26 */
    "		int m = i + noise;\n"				/* 27 */
    "		out[m] = 0;\n"					/* 28 */
    "	}\n"							/* 29 */
    "	for (int i = 0; i < 2; i++) {\n"			/* 30 */
    "#pragma unroll\n"						/* 31 */
    "		for (int k = 0; k < 2; k++) {\n"		/* 32 */
    "			int m = tx + k;\n"			/* 33 */
    "			out[m] = in[col + k] + s[i].a;\n"	/* 34 */
    "		}\n"						/* 35 */
    "	}\n"							/* 36 */
    "}\n";							/* 37 */

/* "14 15 17 18" from a 0-ended list. */
static const char *
lines_text(const int *l, char *buf, size_t len)
{
	size_t	o = 0;

	buf[0] = '\0';
	for (; l != NULL && *l != 0 && o + 12 < len; l++)
		o += snprintf(buf + o, len - o, "%s%d", o ? " " : "", *l);
	return buf;
}

/* The k-th site (from 0) with this text, op and line. */
static const struct body_def *
site(const struct variant *v, const char *text, enum mem_op op, int line)
{
	int	i;

	for (i = 0; i < v->nxbody; i++)
		if (v->xbody[i].kind == BODY_SITE &&
		    strcmp(v->xbody[i].text, text) == 0 &&
		    v->xbody[i].op == op && v->xbody[i].line == line)
			return &v->xbody[i];
	return NULL;
}

static void
check(const struct variant *v, const char *text, enum mem_op op, int line,
    const char *flow, const char *around)
{
	const struct body_def	*b = site(v, text, op, line);
	char			 f[256], a[256];

	if (b == NULL) {
		ok(0, "a site %s on line %d", text, line);
		ok(0, "(no around)");
		return;
	}
	lines_text(b->flow, f, sizeof f);
	lines_text(b->around, a, sizeof a);
	ok(strcmp(f, flow) == 0, "%s %s on line %d flows from %s (got %s)",
	    op == OP_LOAD ? "load" : "store", text, line, flow, f);
	ok(strcmp(a, around) == 0, "%s on line %d is inside %s (got %s)",
	    text, line, around, a);
}

int
main(void)
{
	struct variant	*v;
	char		*cause = NULL;
	int		 i;

	v = ksrc_parse("flow.cu", kernel, &cause);
	ok(v != NULL, "the kernel reads%s%s", cause ? ": " : "",
	    cause ? cause : "");
	if (v == NULL)
		return tap_done();

	/* col <- base (17) <- bx (15), and tx (14); the early return's if
	   (19) guards everything after it. */
	check(v, "in[col]", OP_LOAD, 21, "14 15 17 18", "19");
	/* The store on the same line uses tx alone, not the load's col. */
	check(v, "tile[tx]", OP_STORE, 21, "14", "19");
	check(v, "tile[tx]", OP_LOAD, 25, "14", "19");
	/* j is the if's merge (23) of j = tx (22) and j = tx + 1 (24);
	   the condition brings bx (15). */
	check(v, "out[j]", OP_STORE, 25, "14 15 22 23 24", "19");
	/* m = i + noise: the first loop's i (26), noise (16) <- bx (15). */
	check(v, "out[m]", OP_STORE, 28, "15 16 26 27", "19 26");
	/* The second m (33) and the k loop (32); #pragma at column 0 does
	   not hide the outer loop (30). */
	check(v, "out[m]", OP_STORE, 34, "14 32 33", "19 30 32");
	check(v, "in[col + k]", OP_LOAD, 34, "14 15 17 18 32", "19 30 32");
	/* The second loop's own i (30), not the first one's (26). */
	check(v, "s[i].a", OP_LOAD, 34, "30", "19 30 32");

	ok(v->lines.first == 10 && v->lines.last == 37,
	    "the kernel spans lines 10..37 (got %d..%d)", v->lines.first,
	    v->lines.last);
	ok(v->lines.n >= 38, "a line's facts for each of the 37 lines");
	if (v->lines.n < 38)
		return tap_done();
	ok((v->lines.bits[7] & v->lines.bits[8] & v->lines.bits[9] &
	    SRCL_STRUCT) && !(v->lines.bits[10] & SRCL_STRUCT),
	    "struct pair (7-9), which a parameter names, is marked");
	ok((v->lines.bits[14] & SRCL_THREAD) &&
	    (v->lines.bits[15] & SRCL_THREAD) &&
	    !(v->lines.bits[16] & SRCL_THREAD),
	    "lines 14 and 15 read threadIdx and blockIdx, 16 does not");
	ok((v->lines.bits[13] & SRCL_SHARED) && v->arrays[0].line +
	    v->arrays[1].line + v->arrays[2].line + v->arrays[3].line > 0,
	    "line 13 declares a __shared__ array");
	for (i = 0; i < VARIANT_MAX_ARRAYS && v->arrays[i].name != NULL; i++)
		if (strcmp(v->arrays[i].name, "tile") == 0)
			break;
	ok(i < VARIANT_MAX_ARRAYS && v->arrays[i].name != NULL &&
	    v->arrays[i].line == 13, "tile's declaration is line 13");
	ok((v->lines.bits[11] & SRCL_KERNEL) &&
	    (v->lines.bits[10] & SRCL_EXTERN) &&
	    !(v->lines.bits[11] & SRCL_EXTERN),
	    "line 11 names the kernel, line 10 starts with extern");
	ok((v->lines.bits[19] & v->lines.bits[23] & v->lines.bits[26] &
	    v->lines.bits[30] & v->lines.bits[32] & SRCL_CTL) &&
	    !(v->lines.bits[21] & SRCL_CTL) && !(v->lines.bits[31] & SRCL_CTL),
	    "the ifs and fors start lines 19, 23, 26, 30 and 32");
	ok((v->lines.bits[12] & v->lines.bits[29] & v->lines.bits[37] &
	    SRCL_BRACE) && !(v->lines.bits[26] & SRCL_BRACE) &&
	    !(v->lines.bits[20] & SRCL_BRACE) &&
	    !(v->lines.bits[31] & SRCL_CODE),
	    "lone braces are marked, the pragma holds no code");
	ksrc_free(v);
	return tap_done();
}
