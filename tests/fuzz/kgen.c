/* SPDX-License-Identifier: ISC
 * kgen.c - fuzz bytes to kernel and lesson files (see kgen.h).
 *
 * The program: a flags byte, then operations of four bytes each: an
 * opcode, a count c = (b1 | b2 << 8) * (1 + (b3 & 7)) (up to 524,280:
 * how deep, how long or how many) and a variant b = b3 >> 3 (0-31: which
 * operator, how many variables...).  Output stops at max.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kgen.h"

struct out {
	char	*p;
	size_t	 n, max;
};

static void
put(struct out *o, const char *s)
{
	size_t	len = strlen(s);

	if (o->n + len >= o->max)
		len = o->max - 1 - o->n;
	memcpy(o->p + o->n, s, len);
	o->n += len;
	o->p[o->n] = '\0';
}

static void
putf(struct out *o, const char *f, ...)
{
	char	buf[256];
	va_list	ap;

	va_start(ap, f);
	vsnprintf(buf, sizeof buf, f, ap);
	va_end(ap);
	put(o, buf);
}

static int
full(const struct out *o)
{
	return o->n + 1 >= o->max;
}

/* s, c times (until the output is full). */
static void
rep(struct out *o, const char *s, long c)
{
	while (c-- > 0 && !full(o))
		put(o, s);
}

static long
count(const uint8_t *d)
{
	return (long)(d[1] | d[2] << 8) * (1 + (d[3] & 7));
}

/* One operation of the kernel's body: op, count c, its index k. */
static void
body_op(struct out *o, int op, long c, int k, int b)
{
	long	j;

	switch (op) {
	case 0:		/* parentheses around an index */
		put(o, "\ta[");
		rep(o, "(", c);
		put(o, "i");
		rep(o, ")", c);
		put(o, "] = 1;\n");
		break;
	case 1:		/* nested ternaries */
		put(o, "\ta[");
		rep(o, "i ? ", c);
		put(o, "i");
		rep(o, " : i", c);
		put(o, "] = 1;\n");
		break;
	case 2: {	/* a long chain of one operator */
		static const char *ops[] = { " + 0", " - 1", " * 1", " << 0",
		    " && i", " == i", " | 0", " / 1" };

		put(o, "\ta[i");
		rep(o, ops[b & 7], c);
		put(o, "] = 1;\n");
		break;
	}
	case 3:		/* nested braces */
		rep(o, "{", c);
		put(o, "a[i] = 1;");
		rep(o, "}", c);
		put(o, "\n");
		break;
	case 4:		/* #defines that multiply: c levels of b & 7 uses */
		putf(o, "#define M%d_0 i+\n", k);
		for (j = 1; j <= c && j < 64 && !full(o); j++) {
			int	w;

			putf(o, "#define M%d_%ld", k, j);
			for (w = 0; w < 1 + (b & 7); w++)
				putf(o, " M%d_%ld", k, j - 1);
			put(o, "\n");
		}
		putf(o, "\ta[M%d_%ld 0] = 1;\n", k, j - 1);
		break;
	case 5:		/* many ifs over many variables */
		for (j = 0; j < 1 + (b & 15) * 40 && !full(o); j++)
			putf(o, "\t%s v%d_%ld = i;\n", b & 16 ? "float" : "int",
			    k, j);
		for (j = 0; j < c && !full(o); j++)
			putf(o, "\tif (i > %ld) v%d_%ld += 1;\n", j, k,
			    j % (1 + (b & 15) * 40));
		put(o, "\ta[i] = 1;\n");
		break;
	case 6:		/* nested loops */
		for (j = 0; j < c && !full(o); j++)
			putf(o, "for (int j%d_%ld = 0; j%d_%ld < 2; j%d_%ld++)"
			    "%s\n", k, j, k, j, k, j, b & 1 ? " {" : "");
		put(o, "\ta[i] = 1;\n");
		if (b & 1)
			rep(o, "}", c);
		put(o, "\n");
		break;
	case 7:		/* unary operators */
		put(o, "\ta[");
		rep(o, b & 1 ? "-" : "+ ", c);
		put(o, "i] = 1;\n");
		break;
	case 8:		/* casts */
		put(o, "\ta[");
		rep(o, b & 1 ? "(int)" : "(unsigned)(long)", c);
		put(o, "i] = 1;\n");
		break;
	case 9:		/* let chains: a value built on the one before */
		for (j = 0; j < c && !full(o); j++)
			put(o, b & 1 ? "\ti = (i + 1);\n" : "\ti += i;\n");
		put(o, "\ta[i] = 1;\n");
		break;
	case 10:	/* many accesses */
		rep(o, "\ta[i] = a[i + 1];\n", c);
		break;
	case 11:	/* a long line */
		put(o, "\ta[i] = 1;");
		rep(o, b & 1 ? " " : "/**/", c);
		put(o, "\n");
		break;
	case 12:	/* nested ifs */
		rep(o, "if (i < n) ", c);
		put(o, "a[i] = 1;\n");
		break;
	default:	/* what the reader refuses */
		put(o, b & 1 ? "\twhile (i) { }\n" : "\t*a = 1;\n");
		break;
	}
}

size_t
kgen_kernel(const uint8_t *d, size_t n, char *buf, size_t max)
{
	struct out	 o = { buf, 0, max };
	uint8_t		 flags = n > 0 ? d[0] : 0;
	size_t		 i;

	buf[0] = '\0';
	if (flags & 1)
		put(&o, "\xef\xbb\xbf");	/* a UTF-8 BOM */
	put(&o, "// warpviz: param n=4096 range=1..1000000\n");
	if (flags & 2)
		put(&o, "// warpviz: param n=64 range=1..99\n");
	put(&o, "// warpviz: launch kernel=k grid=(n+255)/256 block=256\n");
	put(&o, "// warpviz: array a length=n\n");
	if (flags & 4)
		put(&o, "// warpviz: array a length=n*2\n");
	put(&o, flags & 8 ? "__global__ void k(float *a, int n, int n)\n" :
	    flags & 16 ? "__global__ void k(float *a, int n, int warpSize)\n" :
	    "__global__ void k(float *a, int n)\n");
	put(&o, "{\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n");
	for (i = 1; i + 4 <= n && !full(&o); i += 4)
		body_op(&o, d[i] % 14, count(d + i), (int)i, d[i + 3] >> 3);
	put(&o, "}\n");
	if (flags & 32)
		rep(&o, "\r\n", 3);
	return o.n;
}

size_t
kgen_lesson(const uint8_t *d, size_t n, char *buf, size_t max)
{
	static const char *variants[] = { "stride", "matmul-col",
	    "copy-offset", "twohop-v0", "nosuch", "struct12", "powers-padded",
	    "array2d" };
	struct out	 o = { buf, 0, max };
	uint8_t		 flags = n > 0 ? d[0] : 0;
	size_t		 i;
	long		 c, j;

	buf[0] = '\0';
	if (flags & 1)
		put(&o, "\xef\xbb\xbf");
	put(&o, "title fuzzed\n");
	if (flags & 2)
		put(&o, "title twice\n");
	for (i = 1; i + 4 <= n && !full(&o); i += 4) {
		c = count(d + i);
		switch (d[i] % 10) {
		case 0:		/* many scenes */
			for (j = 0; j < c && !full(&o); j++)
				putf(&o, "scene s%ld\nvariant %s\n", j,
				    variants[(d[i + 3] >> 3) & 7]);
			break;
		case 1:		/* a long say */
			put(&o, "say ");
			rep(&o, "word ", c);
			put(&o, "\n");
			break;
		case 2:		/* many say lines */
			rep(&o, "say more\n", c);
			break;
		case 3:		/* parameters */
			for (j = 0; j < c && !full(&o); j++)
				putf(&o, "param n=%ld\n", j * 7919);
			break;
		case 4:		/* a position far out */
			putf(&o, "step %ld\nblock %ld,%ld\nwarp %ld\n", c * c,
			    c, c, c);
			break;
		case 5:		/* compare partners */
			put(&o, "compare");
			rep(&o, " stride:n=1", c);
			put(&o, "\n");
			break;
		case 6:		/* lanes */
			put(&o, "lanes 0");
			rep(&o, ",1", c);
			put(&o, "\n");
			break;
		case 7:		/* a loop position */
			putf(&o, "loop k=%ld\n", c);
			break;
		case 8:		/* a long line of nothing */
			rep(&o, " ", c);
			put(&o, "\n");
			break;
		default:	/* scene options */
			put(&o, (d[i + 3] >> 3) & 1 ? "optional\n" :
			    "arch legacy\ndram 8,16,256\ntheme light\n");
			break;
		}
	}
	return o.n;
}
