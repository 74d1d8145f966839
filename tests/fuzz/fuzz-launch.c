/* SPDX-License-Identifier: ISC
 * fuzz-launch.c - launch parsing (src/model/launch-init.c) from a kernel
 * description made of fuzzed text, and the totals on it: the fast path
 * must agree with brute force wherever brute force is cheap
 * (fuzz-totals.c, shared with fuzz-ksrc.c).
 *
 * Input, one item a line (the shape of struct variant; the kernel-source
 * reader will produce the same from a .cu file):
 *	p NAME MIN MAX DEF	a parameter
 *	d NAME EXPR		a derived constant
 *	b EXPR / g EXPR		blockDim.x then .y / gridDim.x then .y
 *	a NAME S SIZE LEN [ROWS COLS]	an array: S is g, s or c; SIZE 1..16
 *	f NAME OFFSET SIZE	a field of the last array
 *	l NAME EXPR		a per-thread let
 *	G EXPR / r EXPR		the guard / a requirement
 *	L VAR COUNT / E		a loop / its end
 *	R TEXT / W TEXT		a load / a store site
 * Missing block or grid dimensions are "1"; an array without LEN is
 * skipped.  Fields out of their element are dropped, as a compiler would
 * refuse them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "launch.h"
#include "param.h"

static char *
word(char **p)
{
	char	*w;

	while (**p == ' ')
		(*p)++;
	if (**p == '\0')
		return NULL;
	w = *p;
	*p += strcspn(*p, " ");
	if (**p != '\0')
		*(*p)++ = '\0';
	return w;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct variant	 v;
	static struct launch	 l;
	struct param_set	 ps;
	char			*text, *line, *next, *p, *k, *w[6];
	char			*cause = NULL;
	int			 np = 0, nd = 0, nb = 0, ng = 0, na = 0, nf = 0;
	int			 nl = 0, nbody = 0, i, sz;

	text = fuzz_text(data, size, 8192);
	memset(&v, 0, sizeof v);
	v.name = "fuzz";
	v.block[0] = v.block[1] = v.grid[0] = v.grid[1] = "1";
	for (line = text; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		p = line;
		if ((k = word(&p)) == NULL || k[1] != '\0')
			continue;
		while (*p == ' ')
			p++;
		switch (k[0]) {
		case 'p':
			for (i = 0; i < 4; i++)
				w[i] = word(&p);
			if (w[3] == NULL || np == VARIANT_MAX_PARAMS - 1)
				break;
			v.params[np].name = w[0];
			v.params[np].min = strtoll(w[1], NULL, 10);
			v.params[np].max = strtoll(w[2], NULL, 10);
			v.params[np].def = strtoll(w[3], NULL, 10);
			if (v.params[np].min > v.params[np].def ||
			    v.params[np].def > v.params[np].max)
				break;
			v.params[np].unit = "";
			v.params[np].text = "";
			np++;
			break;
		case 'd':
		case 'l':
			if ((w[0] = word(&p)) == NULL || *p == '\0')
				break;
			if (k[0] == 'd' && nd < 4) {
				v.derived[nd].name = w[0];
				v.derived[nd++].expr = p;
			} else if (k[0] == 'l' && nl < VARIANT_MAX_LETS) {
				v.lets[nl].name = w[0];
				v.lets[nl++].expr = p;
			}
			break;
		case 'b':
			if (*p != '\0' && nb < 2)
				v.block[nb++] = p;
			break;
		case 'g':
			if (*p != '\0' && ng < 2)
				v.grid[ng++] = p;
			break;
		case 'a':
			for (i = 0; i < 6; i++)
				w[i] = word(&p);
			if (w[3] == NULL || na == VARIANT_MAX_ARRAYS)
				break;
			sz = atoi(w[2]);
			if (sz < 1 || sz > 16)
				break;
			v.arrays[na].name = w[0];
			v.arrays[na].space = w[1][0] == 's' ? SPACE_SHARED :
			    w[1][0] == 'c' ? SPACE_CONSTANT : SPACE_GLOBAL;
			v.arrays[na].elem_size = sz;
			v.arrays[na].length = w[3];
			if (w[5] != NULL) {
				v.arrays[na].dims[0] = w[4];
				v.arrays[na].dims[1] = w[5];
			}
			v.arrays[na].type = "t";
			na++;
			nf = 0;
			break;
		case 'f':
			for (i = 0; i < 3; i++)
				w[i] = word(&p);
			if (w[2] == NULL || na == 0 || nf == VARIANT_MAX_FIELDS)
				break;
			i = atoi(w[1]);
			sz = atoi(w[2]);
			if (i < 0 || sz < 1 || i > v.arrays[na - 1].elem_size ||
			    sz > v.arrays[na - 1].elem_size - i)
				break;
			v.arrays[na - 1].fields[nf].name = w[0];
			v.arrays[na - 1].fields[nf].offset = i;
			v.arrays[na - 1].fields[nf++].size = sz;
			break;
		case 'G':
			if (*p != '\0')
				v.guard = p;
			break;
		case 'r':
			if (*p != '\0') {
				v.require = p;
				v.require_text = "required";
			}
			break;
		case 'L':
			if ((w[0] = word(&p)) == NULL || *p == '\0' ||
			    nbody == VARIANT_MAX_BODY - 1)
				break;
			v.body[nbody].kind = BODY_LOOP;
			v.body[nbody].text = w[0];
			v.body[nbody++].count = p;
			break;
		case 'E':
			if (nbody < VARIANT_MAX_BODY - 1)
				v.body[nbody++].kind = BODY_END;
			break;
		case 'R':
		case 'W':
			if (*p == '\0' || nbody == VARIANT_MAX_BODY - 1)
				break;
			v.body[nbody].kind = BODY_SITE;
			v.body[nbody].text = p;
			v.body[nbody++].op = k[0] == 'R' ? OP_LOAD : OP_STORE;
			break;
		}
	}
	param_defaults(&ps, &v);
	if (launch_init(&l, &ps, &cause) == 0) {
		fuzz_totals_check("fuzz-launch", &l);
		launch_free(&l);
	} else {
		if (cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
	}
	free(text);
	return 0;
}
