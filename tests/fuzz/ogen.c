/* SPDX-License-Identifier: ISC
 * ogen.c - write the oracle's kernels (see oracle.h): ogen SEED COUNT
 * prints a C file holding COUNT small kernels, each as the text of a .cu
 * kernel file and as a C function over the same statements.
 *
 * The kernels are valid and small, and all they do is integer index
 * arithmetic of the kinds C gets subtle with: int, unsigned, short, char,
 * long long and their casts, shifts, / and % (by literals, never 0 or -1,
 * or by n >= 1, so the C is defined with -fwrapv), ternaries, comparisons,
 * ifs, early returns and loops (grid-stride and per-thread counts among
 * them), variables assigned again, compound-assigned, stepped and carried
 * across a loop's iterations, global and shared arrays, one of them
 * two-dimensional.  A kernel's size stays inside the reader's limits
 * (lets, sites, body), so what is refused is refused for what it says,
 * not for its size.
 * Deterministic: the same SEED gives the same file.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXBUF		16384
#define MAXVARS		16

struct buf {
	char	p[MAXBUF];
	size_t	n;
};

struct var {
	char	name[8];
	int	level;		/* scope depth where declared */
	int	loop;		/* a loop variable: never assigned */
};

struct gen {
	uint64_t	rng;
	struct buf	cu, c;
	int		line;		/* of the end of cu, from 1 */
	size_t		bol;		/* offset of its line's start */
	struct var	vars[MAXVARS];
	int		nvars, nnames;
	int		level, inloop;
	int		lets, sites, stmts, loops, returned;
	int		n;		/* the kernel's int n */
};

static const char *types[] = {
	"int", "unsigned", "unsigned int", "long long", "short",
	"unsigned short", "char", "signed char", "unsigned char",
	"unsigned long long", "long"
};
#define NTYPES	(sizeof types / sizeof types[0])

static const char *leaves[] = {
	"threadIdx.x", "threadIdx.y", "blockIdx.x", "blockIdx.y",
	"blockDim.x", "blockDim.y", "gridDim.x", "n"
};
#define NLEAVES	(sizeof leaves / sizeof leaves[0])

static const char *consts[] = {
	"0", "1", "2", "3", "5", "7", "31", "32", "100", "255", "256", "1000",
	"65535", "65536", "2147483647", "4294967295u", "0x80000000", "3u",
	"1u", "0xffffu", "1000000007LL", "-1", "-3", "-100"
};
#define NCONSTS	(sizeof consts / sizeof consts[0])

static uint64_t
rnd(struct gen *g)
{
	/* xorshift64* */
	g->rng ^= g->rng >> 12;
	g->rng ^= g->rng << 25;
	g->rng ^= g->rng >> 27;
	return g->rng * 2685821657736338717ULL;
}

static int
pick(struct gen *g, int n)
{
	return (int)((rnd(g) >> 33) % (uint64_t)n);
}

static void
bput(struct buf *b, const char *s)
{
	size_t	len = strlen(s);

	if (b->n + len >= MAXBUF) {
		fprintf(stderr, "ogen: kernel too long\n");
		exit(1);
	}
	memcpy(b->p + b->n, s, len + 1);
	b->n += len;
}

/* The same text into both versions; keeps the .cu line count. */
static void
both(struct gen *g, const char *s)
{
	const char	*p;

	bput(&g->cu, s);
	bput(&g->c, s);
	for (p = s; *p != '\0'; p++)
		if (*p == '\n') {
			g->line++;
			g->bol = g->cu.n - strlen(p + 1);
		}
}

static void
bothf(struct gen *g, const char *f, ...)
{
	char	s[MAXBUF];
	va_list	ap;

	va_start(ap, f);
	vsnprintf(s, sizeof s, f, ap);
	va_end(ap);
	both(g, s);
}

static void
indent(struct gen *g)
{
	int	i;

	for (i = 0; i <= g->level; i++)
		both(g, "\t");
}

static void expr(struct gen *, char *, size_t, int);

/* snprintf, through a va_list: the expressions' buffers are sized for
   their depth (at most 3 levels, so a few hundred bytes). */
static void
fmt(char *s, size_t len, const char *f, ...)
{
	va_list	ap;

	va_start(ap, f);
	vsnprintf(s, len, f, ap);
	va_end(ap);
}

/* A leaf: a thread or block index, n, a variable or a literal. */
static void
leaf(struct gen *g, char *s, size_t len)
{
	int	r = pick(g, 10);

	if (r < 4)
		fmt(s, len, "%s", leaves[pick(g, NLEAVES)]);
	else if (r < 7 && g->nvars > 0)
		fmt(s, len, "%s", g->vars[pick(g, g->nvars)].name);
	else
		fmt(s, len, "%s", consts[pick(g, NCONSTS)]);
}

/* A condition: a comparison, a test of bits, a negation or a conjunction. */
static void
cond(struct gen *g, char *s, size_t len, int depth)
{
	static const char *cmp[] = { "<", "<=", ">", ">=", "==", "!=" };
	char	a[2048], b[2048];

	expr(g, a, sizeof a, depth + 1);
	expr(g, b, sizeof b, depth + 1);
	switch (pick(g, 6)) {
	case 0:
		fmt(s, len, "(%s) & 1", a);
		break;
	case 1:
		fmt(s, len, "!(%s)", a);
		break;
	case 2:
		fmt(s, len, "%s < %s && %s != 0", a, b, b);
		break;
	case 3:
		fmt(s, len, "%s > %s || %s == 3", a, b, a);
		break;
	default:
		fmt(s, len, "%s %s %s", a, cmp[pick(g, 6)], b);
		break;
	}
}

/* An integer expression, at most a few levels deep. */
static void
expr(struct gen *g, char *s, size_t len, int depth)
{
	static const char *ops[] = { "+", "-", "*", "&", "|", "^" };
	static const int divs[] = { 1, 2, 3, 4, 5, 7, 8, 16, 32, 33, -2, -3 };
	char	a[2048], b[2048], c[1024];
	int	r;

	if (depth >= 3) {
		leaf(g, s, len);
		return;
	}
	r = pick(g, 16);
	switch (r) {
	case 0: case 1: case 2: case 3:
		leaf(g, s, len);
		break;
	case 4: case 5: case 6:
		expr(g, a, sizeof a, depth + 1);
		expr(g, b, sizeof b, depth + 1);
		fmt(s, len, "(%s %s %s)", a, ops[pick(g, 6)], b);
		break;
	case 7:
		expr(g, a, sizeof a, depth + 1);
		fmt(s, len, "(%s %s %d%s)", a, pick(g, 2) ? "/" : "%",
		    divs[pick(g, 12)], pick(g, 4) == 0 ? "u" : "");
		/* a negative literal with u is a huge unsigned: still not 0 */
		break;
	case 8:
		expr(g, a, sizeof a, depth + 1);
		fmt(s, len, "(%s %s %d)", a, pick(g, 2) ? "<<" : ">>",
		    pick(g, 32));
		break;
	case 9: case 10:
		expr(g, a, sizeof a, depth + 1);
		fmt(s, len, "((%s)%s)", types[pick(g, NTYPES)], a);
		break;
	case 11:
		expr(g, a, sizeof a, depth + 1);
		fmt(s, len, "(%s(%s))", pick(g, 2) ? "-" : "~", a);
		break;
	case 12: case 13:
		cond(g, c, sizeof c, depth + 1);
		expr(g, a, sizeof a, depth + 1);
		expr(g, b, sizeof b, depth + 1);
		fmt(s, len, "(%s ? %s : %s)", c, a, b);
		break;
	case 14:
		expr(g, a, sizeof a, depth + 1);
		fmt(s, len, "(%s %s n)", a, pick(g, 2) ? "/" : "%");
		break;
	default:
		expr(g, a, sizeof a, depth + 1);
		fmt(s, len, "(%s %% %d)", a, 1 + pick(g, 64));
		break;
	}
}

/* An access to the shared float u[8][33] at [e][f]: its element is
   e * 33 + f, each subscript converted to a pointer offset as C does. */
static void
access2(struct gen *g, const char *e, int store, int col)
{
	char	f[4096], c[MAXBUF];

	expr(g, f, sizeof f, 1);
	if (!store)
		bput(&g->cu, "acc += ");
	bput(&g->cu, "u[");
	bput(&g->cu, e);
	bput(&g->cu, "][");
	bput(&g->cu, f);
	bput(&g->cu, store ? "] = acc;\n" : "];\n");
	snprintf(c, sizeof c, "oracle_rec(o, %d, %d, (long long)(%s) * 33 +"
	    " (long long)(%s));\n", g->line, col, e, f);
	bput(&g->c, c);
	g->line++;
	g->bol = g->cu.n;
	g->sites++;
}

/* An access: the array name's line and column go to the C version. */
static void
access(struct gen *g)
{
	static const char *arrays[] = { "a", "b", "s", "t" };
	const char	*arr = arrays[pick(g, 4)];
	char		 e[4096], c[MAXBUF];
	int		 store = pick(g, 2), col;

	expr(g, e, sizeof e, 0);
	indent(g);
	col = (int)(g->cu.n - g->bol) + (store ? 1 : 8);
	if (pick(g, 5) == 0) {
		access2(g, e, store, col);
		return;
	}
	if (store) {
		bput(&g->cu, arr);
		bput(&g->cu, "[");
		bput(&g->cu, e);
		bput(&g->cu, "] = acc;\n");
		snprintf(c, sizeof c, "oracle_rec(o, %d, %d, (long long)(%s));\n",
		    g->line, col, e);
	} else {
		bput(&g->cu, "acc += ");
		bput(&g->cu, arr);
		bput(&g->cu, "[");
		bput(&g->cu, e);
		bput(&g->cu, "];\n");
		snprintf(c, sizeof c, "oracle_rec(o, %d, %d, (long long)(%s));"
		    " acc += 1.0f;\n", g->line, col, e);
	}
	bput(&g->c, c);
	g->line++;
	g->bol = g->cu.n;
	g->sites++;
}

static void block(struct gen *, int);

/* A new value for variable name: assigned, compound-assigned (by e, or by
   a literal where e could divide by zero or shift too far) or stepped. */
static void
update(struct gen *g, const char *name, const char *e)
{
	static const char *ops[] = { "=", "+=", "-=", "*=", "&=", "|=", "^=" };

	switch (pick(g, 6)) {
	case 0:
		bothf(g, "%s%s;\n", name, pick(g, 2) ? "++" : "--");
		break;
	case 1:
		bothf(g, "%s %s %d;\n", name, pick(g, 2) ? "<<=" : ">>=",
		    pick(g, 8));
		break;
	case 2:
		bothf(g, "%s %s %d;\n", name, pick(g, 2) ? "/=" : "%=",
		    2 + pick(g, 6));
		break;
	default:
		bothf(g, "%s %s %s;\n", name, ops[pick(g, 7)], e);
		break;
	}
}

/* A for loop of one of ten forms around a block; its variable ends with
   it. */
static void
loop(struct gen *g)
{
	struct var	*v;
	int		 i;

	i = g->nvars;	/* the loop's variable ends with it */
	g->loops++;
	v = &g->vars[g->nvars++];
	snprintf(v->name, sizeof v->name, "i%d", g->nnames++);
	v->level = g->level + 1;
	v->loop = 1;
	indent(g);
	switch (pick(g, 10)) {
	case 7:
		/* a grid-stride loop: its count differs per thread */
		bothf(g, "for (int %s = blockIdx.x * blockDim.x + "
		    "threadIdx.x; %s < n * 40; %s += blockDim.x * "
		    "gridDim.x) {\n", v->name, v->name, v->name);
		break;
	case 8:
		bothf(g, "for (int %s = 0; %s < (int)threadIdx.y; %s++) {\n",
		    v->name, v->name, v->name);
		break;
	case 4:
		/* ends when i wraps past 0 to 4294967295 */
		bothf(g, "for (unsigned %s = %du; %s < 100u; %s--) {\n",
		    v->name, pick(g, 4), v->name, v->name);
		break;
	case 5:
		bothf(g, "for (int %s = n; %s > 0; %s >>= 1) {\n",
		    v->name, v->name, v->name);
		break;
	case 6:
		bothf(g, "for (int %s = %d; %s < n; %s += 3) {\n",
		    v->name, pick(g, 3) - 1, v->name, v->name);
		break;
	case 0:
		bothf(g, "for (int %s = 0; %s < n; %s++) {\n",
		    v->name, v->name, v->name);
		break;
	case 1:
		bothf(g, "for (int %s = %d; %s >= 0; %s--) {\n",
		    v->name, pick(g, 4), v->name, v->name);
		break;
	case 2:
		bothf(g, "for (unsigned %s = %d; %s < %du; %s += %d) {\n",
		    v->name, pick(g, 2), v->name, 2 + pick(g, 5),
		    v->name, 1 + pick(g, 2));
		break;
	default:
		bothf(g, "for (int %s = 1; %s <= %d; %s <<= 1) {\n",
		    v->name, v->name, 1 << pick(g, 4), v->name);
		break;
	}
	g->inloop++;
	block(g, 1 + pick(g, 3));
	g->inloop--;
	g->nvars = i;
	indent(g);
	both(g, "}\n");
}

static void
stmt(struct gen *g)
{
	char	e[4096], c[1024];
	int	r = pick(g, 12), i, j;
	struct var *v;

	g->stmts++;
	if (r < 4 || g->sites >= 10) {
		if (g->sites < 10) {
			access(g);
			return;
		}
		r = 4;
	}
	if (r < 7 && g->lets < 9 && g->nvars < MAXVARS) {
		/* a new variable, or a new value for one of this level */
		for (i = g->nvars - 1; i >= 0; i--)
			if (g->vars[i].level == g->level && !g->vars[i].loop)
				break;
		expr(g, e, sizeof e, 0);
		indent(g);
		if (r == 6 && i >= 0) {
			update(g, g->vars[i].name, e);
		} else if (r == 5 && g->inloop && g->nvars > 0 &&
		    !g->vars[j = pick(g, g->nvars)].loop) {
			/* a variable carried from one iteration to the next */
			update(g, g->vars[j].name, e);
		} else {
			v = &g->vars[g->nvars++];
			snprintf(v->name, sizeof v->name, "v%d", g->nnames++);
			v->level = g->level;
			v->loop = 0;
			bothf(g, "%s %s = %s;\n", types[pick(g, NTYPES)],
			    v->name, e);
		}
		g->lets++;
		return;
	}
	if (r < 9 && g->level < 2) {
		cond(g, c, sizeof c, 1);
		indent(g);
		bothf(g, "if (%s) {\n", c);
		block(g, 1 + pick(g, 3));
		if (pick(g, 2)) {
			indent(g);
			both(g, "} else {\n");
			block(g, 1 + pick(g, 2));
		}
		indent(g);
		both(g, "}\n");
		return;
	}
	if (r < 11 && g->level < 2 && g->loops < 2 && g->nvars < MAXVARS) {
		loop(g);
		return;
	}
	if (r == 11 && g->level == 0 && !g->returned) {
		g->returned = 1;
		cond(g, c, sizeof c, 1);
		indent(g);
		bothf(g, "if (%s)\n", c);
		indent(g);
		both(g, "\treturn;\n");
		return;
	}
	if (g->level == 0 && !g->inloop) {
		indent(g);
		both(g, "__syncthreads();\n");
		return;
	}
	if (g->sites < 10)
		access(g);
}

/* n statements one level in; the level's variables end with it. */
static void
block(struct gen *g, int n)
{
	int	nv = g->nvars, i;

	g->level++;
	for (i = 0; i < n && g->stmts < 20; i++)
		stmt(g);
	g->level--;
	g->nvars = nv;
}

/* The C string literal of s. */
static void
literal(const char *s)
{
	putchar('"');
	for (; *s != '\0'; s++) {
		if (*s == '\n')
			fputs("\\n\"\n\t\"", stdout);
		else if (*s == '\t')
			fputs("\\t", stdout);
		else if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

static void
kernel(struct gen *g, int k, int grid[2], int blk[2])
{
	static const int bxs[] = { 1, 7, 8, 16, 32, 33, 48, 64 };
	int	i;

	memset(&g->cu, 0, sizeof g->cu);
	memset(&g->c, 0, sizeof g->c);
	g->line = 1;
	g->bol = 0;
	g->nvars = g->nnames = g->level = g->inloop = 0;
	g->lets = g->sites = g->stmts = g->loops = g->returned = 0;
	g->n = 1 + pick(g, 9);
	grid[0] = 1 + pick(g, 3);
	grid[1] = 1 + pick(g, 2);
	blk[0] = bxs[pick(g, 8)];
	blk[1] = 1 + pick(g, 3);

	bput(&g->c, "ORACLE_FN static void\n");
	snprintf(g->c.p + g->c.n, MAXBUF - g->c.n, "c_%d(struct oracle_ctx *o)\n{\n"
	    "\tconst int n = %d;\n\tfloat acc = 0.0f;\n\n", k, g->n);
	g->c.n += strlen(g->c.p + g->c.n);
	snprintf(g->cu.p, MAXBUF,
	    "// warpviz: name=oracle-%d\n"
	    "// warpviz: param n=%d range=1..64\n"
	    "// warpviz: launch kernel=k grid=%d,%d block=%d,%d\n"
	    "// warpviz: array a length=1024\n"
	    "// warpviz: array b length=4096\n"
	    "__global__ void k(float *a, float *b, int n)\n{\n"
	    "\t__shared__ float s[64];\n\t__shared__ int t[256];\n"
	    "\t__shared__ float u[8][33];\n"
	    "\tfloat acc = 0.0f;\n\n",
	    k, g->n, grid[0], grid[1], blk[0], blk[1]);
	g->cu.n = strlen(g->cu.p);
	g->line = 13;
	g->bol = g->cu.n;
	for (i = 0; i < 4 + pick(g, 8) && g->stmts < 20; i++)
		stmt(g);
	if (g->sites == 0)
		access(g);
	both(g, "}\n");
}

int
main(int argc, char **argv)
{
	struct gen	*g;
	int		 count, k, grid[2], blk[2], *dims;

	if (argc != 3) {
		fprintf(stderr, "usage: ogen SEED COUNT\n");
		return 2;
	}
	if ((g = calloc(1, sizeof *g)) == NULL)
		return 1;
	g->rng = strtoull(argv[1], NULL, 10) * 0x9e3779b97f4a7c15ULL + 1;
	count = atoi(argv[2]);
	if (count < 1 || (dims = calloc(count, 4 * sizeof *dims)) == NULL)
		return 1;
	printf("/* SPDX-License-Identifier: ISC\n"
	    " * generated by tests/fuzz/ogen %s %s: do not edit */\n"
	    "#include \"fuzz/oracle.h\"\n\n"
	    "#define threadIdx\t(o->threadIdx)\n#define blockIdx\t(o->blockIdx)\n"
	    "#define blockDim\t(o->blockDim)\n#define gridDim\t(o->gridDim)\n"
	    "#define __syncthreads()\t((void)0)\n\n", argv[1], argv[2]);
	printf("const int oracle_nkernels = %d;\n\n", count);
	for (k = 0; k < count; k++) {
		kernel(g, k, grid, blk);
		printf("%s\n", g->c.p);
		printf("static const char cu_%d[] =\n\t", k);
		literal(g->cu.p);
		printf(";\n\n");
		dims[4 * k] = grid[0];
		dims[4 * k + 1] = grid[1];
		dims[4 * k + 2] = blk[0];
		dims[4 * k + 3] = blk[1];
	}
	printf("const struct oracle_kernel oracle_kernels[] = {\n");
	for (k = 0; k < count; k++)
		printf("\t{ cu_%d, c_%d, { %d, %d }, { %d, %d } },\n", k, k,
		    dims[4 * k], dims[4 * k + 1], dims[4 * k + 2], dims[4 * k + 3]);
	printf("};\n");
	free(dims);
	free(g);
	return 0;
}
