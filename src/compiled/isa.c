/* SPDX-License-Identifier: ISC
 * isa.c - PTX and SASS listings read into the memory instructions of one
 * function (isa.h).  Line by line from memory with an end pointer: a
 * listing is text from a compiler or a file a user names, so every field
 * is bounded and whatever is not understood is skipped, never trusted.
 * Lines come from PTX's `.loc FILE LINE COL[, function_name F, inlined_at
 * FILE LINE COL]` and nvdisasm's `//## File "F", line L[ inlined at "F",
 * line L]`; loops from branches back to an earlier label or address.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "isa.h"
#include "xmalloc.h"

#define ISA_MAX_FILES	64
#define ISA_MAX_LABELS	8192
#define ISA_MAX_LOOPS	8192

/* A label or a backward branch: where it is among the instructions. */
struct isa_mark {
	char	name[48];
	int64_t	at;
};

struct isa_state {
	enum isa_kind	 kind;
	const char	*file;		/* the kernel's file name */
	int		 nfiles;
	int		 fileno[ISA_MAX_FILES];	/* PTX .file numbers ... */
	int		 ours[ISA_MAX_FILES];	/* ... that are the kernel's */
	int		 anyours;
	int		 line;		/* current source line */
	int		 nlabels, nbranches, nexits;
	struct isa_mark	*labels, *branches;	/* branches: name = target */
	struct isa_mark	*exits;		/* predicated exits */
	int64_t		*addr;		/* each memory instruction's place */
	int		 ainsn;
	int64_t		*alladdr;	/* each instruction's place */
	int		 aall;
	struct isa_func	*out;
	int		 prefix;	/* the name is a mangled prefix
					   "_Z15transpose_naive": its
					   parameter types may follow */
};

static const char *const space_names[] = {
	[ISA_GLOBAL] = "global", [ISA_SHARED] = "shared",
	[ISA_LOCAL] = "local", [ISA_CONST] = "constant",
	[ISA_TEXTURE] = "texture"
};

const char *
isa_space_name(enum isa_space s)
{
	return space_names[s];
}

const char *
isa_kind_name(enum isa_kind k)
{
	return k == ISA_PTX ? "ptx" : "sass";
}

/* Whether path's last component is file's last component. */
static int
same_file(const char *path, size_t len, const char *file)
{
	const char	*p, *f;
	size_t		 i, flen;

	for (i = len; i > 0 && path[i - 1] != '/'; i--)
		;
	p = path + i;
	len -= i;
	f = strrchr(file, '/') != NULL ? strrchr(file, '/') + 1 : file;
	flen = strlen(f);
	return len == flen && memcmp(p, f, len) == 0;
}

/* The text of one line [p, e) with blanks trimmed at both ends. */
static void
trim(const char **p, const char **e)
{
	while (*p < *e && isspace((unsigned char)**p))
		(*p)++;
	while (*e > *p && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

/* A decimal number at *p (advanced), bounded; -1 if none. */
static long
number(const char **p, const char *e)
{
	long	v = 0;
	int	n = 0;

	while (*p < e && (**p == ' ' || **p == '\t'))
		(*p)++;
	while (*p < e && isdigit((unsigned char)**p) && n < 9) {
		v = v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n > 0 ? v : -1;
}

static void
mark_add(struct isa_mark **v, int *n, const char *name, size_t len,
    int64_t at, int max)
{
	if (*n >= max)
		return;
	if (*n % 256 == 0)
		*v = xreallocarray(*v, *n + 256, sizeof **v);
	if (len >= sizeof (*v)[0].name)
		len = sizeof (*v)[0].name - 1;
	memcpy((*v)[*n].name, name, len);
	(*v)[*n].name[len] = '\0';
	(*v)[*n].at = at;
	(*n)++;
}

/* PTX ".file N "name"...": remember whether N is the kernel's file. */
static void
ptx_file(struct isa_state *st, const char *p, const char *e)
{
	const char	*q;
	long		 n;

	p += 5;
	if ((n = number(&p, e)) < 0 || st->nfiles >= ISA_MAX_FILES)
		return;
	while (p < e && *p != '"')
		p++;
	if (p == e || (q = memchr(p + 1, '"', (size_t)(e - p - 1))) == NULL)
		return;
	st->fileno[st->nfiles] = (int)n;
	st->ours[st->nfiles] = same_file(p + 1, (size_t)(q - p - 1), st->file);
	st->anyours |= st->ours[st->nfiles];
	st->nfiles++;
}

static int
ptx_ours(const struct isa_state *st, long n)
{
	int	i;

	for (i = 0; i < st->nfiles; i++)
		if (st->fileno[i] == n)
			return st->anyours ? st->ours[i] : i == 0;
	return 0;
}

/* ".loc F L C[, function_name X, inlined_at F2 L2 C2]" */
static void
ptx_loc(struct isa_state *st, const char *p, const char *e)
{
	const char	*q;
	long		 f, l;

	p += 4;
	f = number(&p, e);
	l = number(&p, e);
	if (f >= 0 && l > 0 && ptx_ours(st, f)) {
		st->line = (int)l;
		return;
	}
	st->line = 0;
	for (q = p; q + 10 <= e; q++)
		if (memcmp(q, "inlined_at", 10) == 0) {
			q += 10;
			f = number(&q, e);
			l = number(&q, e);
			if (f >= 0 && l > 0 && ptx_ours(st, f))
				st->line = (int)l;
			return;
		}
}

/* "//## File "F", line L[ inlined at "F2", line L2]" */
static void
sass_loc(struct isa_state *st, const char *p, const char *e)
{
	const char	*q, *r;
	long		 l;
	int		 pass;

	st->line = 0;
	for (pass = 0; pass < 2; pass++) {
		if ((q = memchr(p, '"', (size_t)(e - p))) == NULL ||
		    (r = memchr(q + 1, '"', (size_t)(e - q - 1))) == NULL)
			return;
		p = r + 1;
		while (p < e && (*p == ',' || *p == ' '))
			p++;
		if (e - p < 4 || memcmp(p, "line", 4) != 0)
			return;
		p += 4;
		if ((l = number(&p, e)) > 0 && same_file(q + 1,
		    (size_t)(r - q - 1), st->file)) {
			st->line = (int)l;
			return;
		}
		/* Another file: its place in ours, if inlined there. */
		while (p < e && *p == ' ')
			p++;
		if (e - p < 10 || memcmp(p, "inlined at", 10) != 0)
			return;
	}
}

/* The address operand "[base+off]" (the last brackets of the line). */
static void
address(struct isa_insn *in, const char *p, const char *e)
{
	const char	*o = NULL, *c, *q;
	size_t		 n;
	int		 neg = 0;
	int64_t		 v = 0;

	for (q = p; q < e; q++)
		if (*q == '[')
			o = q;
	if (o == NULL || (c = memchr(o, ']', (size_t)(e - o))) == NULL)
		return;
	for (q = o + 1; q < c && *q != '+' && *q != '-' && *q != ' '; q++)
		;
	n = (size_t)(q - o - 1);
	if (n >= sizeof in->base)
		n = sizeof in->base - 1;
	memcpy(in->base, o + 1, n);
	in->base[n] = '\0';
	while (q < c && (*q == ' ' || *q == '+'))
		q++;
	if (q < c && *q == '-') {
		neg = 1;
		q++;
	}
	if (c - q > 2 && q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
		for (q += 2; q < c && isxdigit((unsigned char)*q) &&
		    v < ((int64_t)1 << 40); q++)
			v = v * 16 + (isdigit((unsigned char)*q) ? *q - '0' :
			    (tolower((unsigned char)*q) - 'a' + 10));
	} else
		for (; q < c && isdigit((unsigned char)*q) &&
		    v < ((int64_t)1 << 40); q++)
			v = v * 10 + (*q - '0');
	in->offset = neg ? -v : v;
}

/* Size in bytes of a PTX type part "f32", "b64", "u8"; 0 if not one. */
static int
ptx_type(const char *t, size_t n)
{
	if (n < 2 || strchr("bfus", t[0]) == NULL)
		return 0;
	if (n == 2 && t[1] == '8')
		return 1;
	if (n == 3 && memcmp(t + 1, "16", 2) == 0)
		return 2;
	if (n == 3 && memcmp(t + 1, "32", 2) == 0)
		return 4;
	if (n == 3 && memcmp(t + 1, "64", 2) == 0)
		return 8;
	if (n == 4 && memcmp(t + 1, "128", 3) == 0)
		return 16;
	return 0;
}

/* A PTX memory mnemonic: 1 with in's space, op and width set, else 0. */
static int
ptx_mem(struct isa_insn *in, const char *m)
{
	const char	*p, *q;
	size_t		 n;
	int		 vec = 1, size = 0, space = -1;

	if (strncmp(m, "ld.", 3) == 0 || strncmp(m, "ldu.", 4) == 0)
		in->store = 0;
	else if (strncmp(m, "st.", 3) == 0)
		in->store = 1;
	else if (strncmp(m, "tex.", 4) == 0 || strncmp(m, "tld4.", 5) == 0) {
		in->store = 0;
		space = ISA_TEXTURE;
	} else
		return 0;
	for (p = strchr(m, '.'); p != NULL; p = q) {
		p++;
		q = strchr(p, '.');
		n = q != NULL ? (size_t)(q - p) : strlen(p);
		if (n == 6 && strncmp(p, "global", 6) == 0 && space < 0)
			space = ISA_GLOBAL;
		else if (strncmp(p, "shared", 6) == 0 && space < 0)
			space = ISA_SHARED;
		else if (n == 5 && strncmp(p, "local", 5) == 0 && space < 0)
			space = ISA_LOCAL;
		else if (n == 5 && strncmp(p, "const", 5) == 0 && space < 0)
			space = ISA_CONST;
		else if (n == 5 && strncmp(p, "param", 5) == 0)
			return 0;
		else if (n == 2 && strncmp(p, "nc", 2) == 0)
			in->nc = 1;
		else if (n == 2 && p[0] == 'v' && (p[1] == '2' || p[1] == '4'))
			vec = p[1] - '0';
		else if (size == 0)
			size = ptx_type(p, n);
	}
	in->space = space < 0 ? ISA_GLOBAL : (enum isa_space)space;
	in->width = vec * (size > 0 ? size : 4);
	/* The rules go to 16 bytes a lane; wider (v4.f64, 256-bit loads of
	   newer GPUs) is not read as anything. */
	return in->width <= 16;
}

/* A SASS memory mnemonic ("LDS.128", "LDG.E.64.CONSTANT"), as ptx_mem. */
static int
sass_mem(struct isa_insn *in, const char *m, const char *ops,
    const char *end)
{
	static const struct {
		const char	*op;
		enum isa_space	 space;
		int		 store;
	} ops_table[] = {
		{ "LDG", ISA_GLOBAL, 0 }, { "STG", ISA_GLOBAL, 1 },
		{ "LD", ISA_GLOBAL, 0 }, { "ST", ISA_GLOBAL, 1 },
		{ "LDS", ISA_SHARED, 0 }, { "STS", ISA_SHARED, 1 },
		{ "LDL", ISA_LOCAL, 0 }, { "STL", ISA_LOCAL, 1 },
		{ "LDC", ISA_CONST, 0 }, { "TEX", ISA_TEXTURE, 0 },
		{ "TLD", ISA_TEXTURE, 0 }, { "TLD4", ISA_TEXTURE, 0 },
	};
	const char	*p, *q;
	size_t		 n, i;

	n = strcspn(m, ".");
	for (i = 0; i < sizeof ops_table / sizeof ops_table[0]; i++)
		if (strlen(ops_table[i].op) == n &&
		    strncmp(m, ops_table[i].op, n) == 0)
			break;
	if (i == sizeof ops_table / sizeof ops_table[0])
		return 0;
	/* LDC of bank 0 reads the kernel's parameters, not an array.  The
	   operands end at end, not at a NUL (the listing is not one). */
	if (ops_table[i].space == ISA_CONST) {
		for (p = ops; end - p >= 6; p++)
			if (memcmp(p, "c[0x0]", 6) == 0)
				return 0;
	}
	in->space = ops_table[i].space;
	in->store = ops_table[i].store;
	in->width = 4;
	for (p = m + n; *p == '.'; p = q) {
		p++;
		q = p + strcspn(p, ".");
		n = (size_t)(q - p);
		if ((n == 2 && strncmp(p, "U8", 2) == 0) ||
		    (n == 2 && strncmp(p, "S8", 2) == 0))
			in->width = 1;
		else if (n == 3 && (strncmp(p, "U16", 3) == 0 ||
		    strncmp(p, "S16", 3) == 0))
			in->width = 2;
		else if (n == 2 && strncmp(p, "64", 2) == 0)
			in->width = 8;
		else if (n == 3 && strncmp(p, "128", 3) == 0)
			in->width = 16;
		else if (n == 8 && strncmp(p, "CONSTANT", 8) == 0)
			in->nc = 1;
	}
	return 1;
}

static void
keep(struct isa_state *st, const struct isa_insn *in, int64_t at)
{
	struct isa_func	*f = st->out;

	if (f->ninsn >= ISA_MAX_INSNS)
		return;
	if (f->ninsn == st->ainsn) {
		st->ainsn = st->ainsn ? st->ainsn * 2 : 64;
		f->insn = xreallocarray(f->insn, st->ainsn, sizeof *f->insn);
		st->addr = xreallocarray(st->addr, st->ainsn,
		    sizeof *st->addr);
	}
	f->insn[f->ninsn] = *in;
	st->addr[f->ninsn] = at;
	f->ninsn++;
}

/* Any instruction at place `at`: counted, its line and place kept (the
   number of them is bounded by the listing's size). */
static void
every(struct isa_state *st, int64_t at)
{
	struct isa_func	*f = st->out;

	if (f->total == st->aall) {
		st->aall = st->aall ? st->aall * 2 : 256;
		f->lineat = xreallocarray(f->lineat, st->aall,
		    sizeof *f->lineat);
		st->alladdr = xreallocarray(st->alladdr, st->aall,
		    sizeof *st->alladdr);
	}
	f->lineat[f->total] = st->line;
	st->alladdr[f->total] = at;
	f->total++;
	if (st->line > 0)
		f->lines++;
}

/*
 * One instruction (predicate and label stripped) at place `at`: a branch
 * is remembered, a memory access kept.
 */
static void
insn(struct isa_state *st, const char *p, const char *e, int64_t at)
{
	struct isa_insn	 in;
	const char	*q, *t;
	size_t		 n;
	int		 pred = 0;

	if (p < e && *p == '@') {
		pred = 1;
		while (p < e && !isspace((unsigned char)*p))
			p++;
		trim(&p, &e);
	}
	for (q = p; q < e && !isspace((unsigned char)*q) && *q != ';'; q++)
		;
	n = (size_t)(q - p);
	if (n == 0)
		return;
	every(st, at);
	memset(&in, 0, sizeof in);
	if (n >= sizeof in.mnem)
		n = sizeof in.mnem - 1;
	memcpy(in.mnem, p, n);
	in.mnem[n] = '\0';
	/* "@P0 EXIT", "@%p1 ret;": the lanes that go on are fewer. */
	if (pred && (strcmp(in.mnem, "EXIT") == 0 ||
	    strcmp(in.mnem, "RET") == 0 || strncmp(in.mnem, "RET.", 4) == 0 ||
	    strcmp(in.mnem, "ret") == 0 || strcmp(in.mnem, "exit") == 0)) {
		mark_add(&st->exits, &st->nexits, "", 0, at, ISA_MAX_LOOPS);
		return;
	}
	if (strncmp(in.mnem, "bra", 3) == 0 || strncmp(in.mnem, "BRA", 3) == 0) {
		/* "bra $L__BB0_2;", "BRA `(.L_x_3)", "BRA 0x1e0" */
		while (q < e && (isspace((unsigned char)*q) || *q == '`' ||
		    *q == '('))
			q++;
		for (t = q; t < e && !isspace((unsigned char)*t) && *t != ';' &&
		    *t != ')'; t++)
			;
		mark_add(&st->branches, &st->nbranches, q, (size_t)(t - q), at,
		    ISA_MAX_LOOPS);
		return;
	}
	if (!(st->kind == ISA_PTX ? ptx_mem(&in, in.mnem) :
	    sass_mem(&in, in.mnem, q, e)))
		return;
	in.line = st->line;
	in.pos = st->out->total - 1;
	address(&in, q, e);
	keep(st, &in, at);
}

/* A branch target's place: a label's, or a SASS address "0x1e0". */
static int
target(const struct isa_state *st, const char *name, int64_t *at)
{
	int	i;

	if (name[0] == '0' && name[1] == 'x') {
		*at = strtoll(name, NULL, 16);
		return 0;
	}
	for (i = 0; i < st->nlabels; i++)
		if (strcmp(st->labels[i].name, name) == 0) {
			*at = st->labels[i].at;
			return 0;
		}
	return -1;
}

/* The index of the first instruction at or after place at (total if
   none): places ascend. */
static int
place(const struct isa_state *st, int64_t at)
{
	int	lo = 0, hi = st->out->total, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (st->alladdr[mid] < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Keep [first, last] (a loop: first <= last < total; a skip: first <
   last <= total).  Places out of order in a listing make other ranges,
   which are not kept. */
static void
range_add(struct isa_range **v, int *n, int first, int last, int skip,
    int total)
{
	if (*n >= ISA_MAX_LOOPS || first < 0 || first > last ||
	    (skip ? first == last || last > total : last >= total))
		return;
	if (*n % 64 == 0)
		*v = xreallocarray(*v, *n + 64, sizeof **v);
	(*v)[*n].first = first;
	(*v)[*n].last = last;
	(*n)++;
}

/* Loop depth: backward branches whose range holds each instruction; the
   loops and skips by instruction index. */
static void
depths(struct isa_state *st)
{
	struct isa_func	*f = st->out;
	int64_t		 from;
	int		 b, i;

	for (b = 0; b < st->nbranches; b++) {
		if (target(st, st->branches[b].name, &from) != 0)
			continue;
		if (from > st->branches[b].at) {
			range_add(&f->skips, &f->nskips, place(st,
			    st->branches[b].at), place(st, from), 1, f->total);
			continue;
		}
		range_add(&f->loops, &f->nloops, place(st, from),
		    place(st, st->branches[b].at), 0, f->total);
		for (i = 0; i < f->ninsn; i++)
			if (st->addr[i] >= from &&
			    st->addr[i] <= st->branches[b].at)
				f->insn[i].depth++;
	}
	for (b = 0; b < st->nexits; b++)
		range_add(&f->skips, &f->nskips, place(st, st->exits[b].at),
		    f->total, 1, f->total);
}

/* Whether [p, e) names function `name` after `word` ("NAME(" or "NAME";
   with prefix, NAME followed by the rest of a mangled name). */
static int
names(const char *p, const char *e, const char *word, const char *name,
    int prefix)
{
	const char	*q;
	size_t		 n = strlen(name);

	for (q = p; q + strlen(word) <= e; q++)
		if (memcmp(q, word, strlen(word)) == 0)
			break;
	if (q + strlen(word) > e)
		return 0;
	q += strlen(word);
	while (q < e && (*q == ' ' || *q == '\t'))
		q++;
	if ((size_t)(e - q) < n || memcmp(q, name, n) != 0)
		return 0;
	q += n;
	if (prefix)
		while (q < e && (isalnum((unsigned char)*q) || *q == '_'))
			q++;
	return q == e || *q == '(' || *q == ',' || isspace((unsigned char)*q);
}

/* The PTX of one .entry: 0 when found.  The .file lines come first
   (nvcc and NVRTC write them at the end of the module). */
static int
read_ptx(struct isa_state *st, const char *text, const char *end,
    const char *name)
{
	const char	*p, *e, *nl;
	int		 in = 0, depth = 0, found = 0;

	for (p = text; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		e = nl;
		trim(&p, &e);
		if (e - p > 5 && memcmp(p, ".file", 5) == 0 &&
		    isspace((unsigned char)p[5]))
			ptx_file(st, p, e);
		if (nl == end)
			break;
	}
	for (p = text; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		e = nl;
		trim(&p, &e);
		if (p == e || (e - p >= 2 && p[0] == '/' && p[1] == '/'))
			goto next;
		if (!in) {
			if (!found && names(p, e, ".entry", name, st->prefix))
				found = 1;
			else if (found && *p == '{') {
				in = 1;
				depth = 1;
			}
			goto next;
		}
		if (*p == '{')
			depth++;
		else if (*p == '}') {
			if (--depth == 0)
				break;
		} else if (e - p > 4 && memcmp(p, ".loc", 4) == 0 &&
		    isspace((unsigned char)p[4]))
			ptx_loc(st, p, e);
		else if (*p == '.')
			;	/* .reg, .shared, .pragma: declarations */
		else if (e[-1] == ':' && memchr(p, ' ', (size_t)(e - p)) ==
		    NULL)
			mark_add(&st->labels, &st->nlabels, p,
			    (size_t)(e - p - 1), st->out->total,
			    ISA_MAX_LABELS);
		else
			insn(st, p, e, st->out->total);
next:
		if (nl == end)
			break;
	}
	return found && in ? 0 : -1;
}

/* The place "/ *01f0* /" of a SASS line, or -1. */
static int64_t
sass_addr(const char *p, const char *e, const char **after)
{
	const char	*q;
	int64_t		 v = 0;

	if (e - p < 5 || p[0] != '/' || p[1] != '*')
		return -1;
	for (q = p + 2; q < e && isxdigit((unsigned char)*q) &&
	    v < ((int64_t)1 << 40); q++)
		v = v * 16 + (isdigit((unsigned char)*q) ? *q - '0' :
		    (tolower((unsigned char)*q) - 'a' + 10));
	if (e - q < 2 || q[0] != '*' || q[1] != '/')
		return -1;
	*after = q + 2;
	return v;
}

/* The SASS of one function, nvdisasm's sections or cuobjdump's
   "Function : NAME" blocks: 0 when found. */
static int
read_sass(struct isa_state *st, const char *text, const char *end,
    const char *name)
{
	const char	*p, *e, *nl, *q, *c;
	int64_t		 at, next = 0;
	int		 in = 0, found = 0;

	for (p = text; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		e = nl;
		trim(&p, &e);
		if (p == e)
			goto next;
		if ((e - p > 8 && memcmp(p, ".section", 8) == 0 &&
		    isspace((unsigned char)p[8])) ||
		    (e - p > 8 && memcmp(p, "Function", 8) == 0)) {
			if (in)
				break;
			if (names(p, e, ".text.", name, st->prefix) ||
			    names(p, e, "Function :", name, st->prefix))
				in = found = 1;
			goto next;
		}
		if (!in)
			goto next;
		if (e - p > 4 && memcmp(p, "//##", 4) == 0) {
			sass_loc(st, p, e);
			goto next;
		}
		if (e[-1] == ':' && memchr(p, ' ', (size_t)(e - p)) == NULL) {
			mark_add(&st->labels, &st->nlabels, p,
			    (size_t)(e - p - 1), next, ISA_MAX_LABELS);
			goto next;
		}
		if ((at = sass_addr(p, e, &q)) < 0)
			goto next;
		/* Drop cuobjdump's encoding comment and the ';'. */
		if ((c = memchr(q, ';', (size_t)(e - q))) != NULL)
			e = c;
		trim(&q, &e);
		insn(st, q, e, at);
		next = at + 16;
next:
		if (nl == end)
			break;
	}
	return found ? 0 : -1;
}

/* One reading of the listing for name: 0 when the function was found. */
static int
read_once(enum isa_kind kind, const char *text, size_t len, const char *name,
    int prefix, const char *file, struct isa_func *f)
{
	struct isa_state	st;
	int			rc;

	isa_free(f);
	memset(f, 0, sizeof *f);
	memset(&st, 0, sizeof st);
	f->kind = kind;
	snprintf(f->name, sizeof f->name, "%s", name);
	st.kind = kind;
	st.file = file;
	st.out = f;
	st.prefix = prefix;
	rc = kind == ISA_PTX ? read_ptx(&st, text, text + len, name) :
	    read_sass(&st, text, text + len, name);
	if (rc == 0)
		depths(&st);
	free(st.labels);
	free(st.branches);
	free(st.exits);
	free(st.addr);
	free(st.alladdr);
	return rc;
}

int
isa_read(enum isa_kind kind, const char *text, size_t len, const char *name,
    const char *file, struct isa_func *f, char **cause)
{
	char	mangled[160];
	int	rc;

	memset(f, 0, sizeof *f);
	if (len > ISA_MAX_TEXT) {
		*cause = cause_printf("the %s listing is %zu bytes, more than "
		    "%d", isa_kind_name(kind), len, ISA_MAX_TEXT);
		return -1;
	}
	rc = read_once(kind, text, len, name, 0, file, f);
	/* A kernel without extern "C" has a C++ name: _Z<length><name>. */
	if (rc != 0 && strncmp(name, "_Z", 2) != 0 && strlen(name) < 100) {
		snprintf(mangled, sizeof mangled, "_Z%zu%s", strlen(name),
		    name);
		rc = read_once(kind, text, len, mangled, 1, file, f);
	}
	if (rc != 0) {
		*cause = cause_printf("no function %s in the %s listing", name,
		    isa_kind_name(kind));
		isa_free(f);
		return -1;
	}
	return 0;
}

void
isa_free(struct isa_func *f)
{
	free(f->insn);
	free(f->lineat);
	free(f->loops);
	free(f->skips);
	f->insn = NULL;
	f->lineat = NULL;
	f->loops = f->skips = NULL;
	f->ninsn = f->nloops = f->nskips = 0;
}
