/* SPDX-License-Identifier: ISC
 * gpu-ncu-src.c - reads Nsight Compute's source page (ncu --page source
 * --csv --print-source cuda,sass --section SourceCounters) into the per
 * line counts of struct measured (see gpu-ncu.h).  The page lists, for
 * each file of the kernel, a "File Path" row, a header row, then each
 * CUDA line (its "Line No" set) followed by its SASS instructions (an
 * "Address" set).  Each memory instruction adds, under its CUDA line and
 * its space and direction, its warp instructions executed and its
 * sectors (global: "L2 Theoretical Sectors Global") or wavefronts
 * (shared: "L1 Wavefronts Shared"); a local instruction counts a
 * request per 32-bit word of its "Access Size".  The CUDA line's own row
 * is not used: it merges loads and stores and all spaces.  An inlined
 * call's instructions are listed under the callee's line and again
 * under the caller's: by their addresses, each line says how many of its
 * requests another line lists too (also, also_line), so that none is
 * taken for the compiler's own.
 *
 * Trusts nothing: fields are cut at a fixed size, numbers bounded, lines
 * kept up to MEASURED_MAX_LINES (then lines_cut).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu-ncu.h"
#include "gpu-ncu-csv.h"
#include "xmalloc.h"

#define SRC_FIELDS	96	/* fields read of a row (the page has ~70) */
#define SRC_FIELD	64	/* bytes kept of a field */
#define SRC_COUNT_MAX	1e15	/* one line's instructions or sectors */
#define SRC_LINE_MAX	10000000
#define SRC_MAX_INSNS	16384	/* memory instructions kept, then cut */

/* One memory instruction of a line, as read. */
struct src_insn {
	unsigned long long	 addr;
	int			 line, kind, has;
	double			 insts, units, lanes;
};

enum src_col {
	C_LINE, C_ADDR, C_INSTS, C_LANES, C_SPACE, C_OP, C_SIZE, C_SECTORS,
	C_WAVES, C_NCOLS
};

static const char *const src_names[C_NCOLS] = {
	"Line No", "Address", "Instructions Executed",
	"Predicated-On Thread Instructions Executed", "Address Space",
	"Access Operation", "Access Size", "L2 Theoretical Sectors Global",
	"L1 Wavefronts Shared"
};

struct src_state {
	int	col[C_NCOLS];	/* -1 where the header has none */
	int	file_ok;	/* this file's lines are the kernel's */
	int	line;		/* the CUDA line the instructions are of */
	struct src_insn	*insn;	/* SRC_MAX_INSNS of them */
	int	ninsn;
	int	cut;		/* more than SRC_MAX_INSNS */
};

/* The field at column c of a row of nf fields, or "" (absent, short). */
static const char *
src_field(const char *f, int nf, const struct src_state *s, enum src_col c)
{
	if (s->col[c] < 0 || s->col[c] >= nf)
		return "";
	return f + s->col[c] * SRC_FIELD;
}

/* Whether path names the file: the same last component. */
static int
src_same_file(const char *path, const char *file)
{
	const char	*a = strrchr(path, '/'), *b = strrchr(file, '/');

	a = a != NULL ? a + 1 : path;
	b = b != NULL ? b + 1 : file;
	return strcmp(a, b) == 0;
}

/* The measured kind of an instruction's space and operation, or -1. */
static int
src_kind(const char *space, const char *op)
{
	int	store;

	if (strcmp(op, "Load") == 0)
		store = 0;
	else if (strcmp(op, "Store") == 0)
		store = 1;
	else
		return -1;	/* atomics, reductions, prefetches */
	if (strcmp(space, "Global") == 0)
		return store ? MEASURED_GLOBAL_ST : MEASURED_GLOBAL_LD;
	if (strcmp(space, "Shared") == 0)
		return store ? MEASURED_SHARED_ST : MEASURED_SHARED_LD;
	if (strcmp(space, "Local") == 0)
		return store ? MEASURED_LOCAL_ST : MEASURED_LOCAL_LD;
	return -1;
}

/* Add one instruction's counts to (line, kind); -1 for a number past
   what a launch can have. */
static int
src_add(struct measured *m, int line, int kind, double insts, double units,
    int has_units, double lanes, int also_line)
{
	struct measured_line	*e = NULL;
	int			 i;

	for (i = 0; i < m->nlines; i++)
		if (m->line[i].line == line && m->line[i].kind == kind)
			e = &m->line[i];
	if (e == NULL) {
		if (m->nlines == MEASURED_MAX_LINES) {
			m->lines_cut = 1;
			return 0;
		}
		e = &m->line[m->nlines++];
		memset(e, 0, sizeof *e);
		e->line = line;
		e->kind = kind;
		e->has_units = has_units;
		e->has_lanes = lanes >= 0;
	}
	if (e->requests + insts > SRC_COUNT_MAX ||
	    e->units + units > SRC_COUNT_MAX ||
	    e->lanes + lanes > SRC_COUNT_MAX)
		return -1;
	e->requests += llround(insts);
	if (also_line > 0) {
		e->also += llround(insts);
		if (e->also_line == 0)
			e->also_line = also_line;
	}
	e->units += llround(units);
	e->has_units &= has_units;
	if (lanes >= 0)
		e->lanes += llround(lanes);
	else
		e->has_lanes = 0;
	return 0;
}

/* One SASS instruction's row, kept in s->insn. */
static void
src_insn(struct src_state *s, const char *f, int nf)
{
	struct src_insn	*n;
	double		 insts, units = 0, size;
	int		 kind, has;

	kind = src_kind(src_field(f, nf, s, C_SPACE), src_field(f, nf, s,
	    C_OP));
	if (kind < 0 || s->line <= 0 || !s->file_ok)
		return;
	if ((insts = ncu_number(src_field(f, nf, s, C_INSTS))) < 0)
		return;
	/* Local memory is interleaved by 32-bit words, and L1 takes a
	   wider access as one request per word (doc/validation.md, local
	   layout: LDL.128 is 4 requests): the requests of the launch's
	   counters and the model's. */
	if ((kind == MEASURED_LOCAL_LD || kind == MEASURED_LOCAL_ST) &&
	    (size = ncu_number(src_field(f, nf, s, C_SIZE))) > 32 &&
	    size <= 128)
		insts *= floor(size / 32);
	has = 0;
	if (kind == MEASURED_GLOBAL_LD || kind == MEASURED_GLOBAL_ST)
		has = (units = ncu_number(src_field(f, nf, s, C_SECTORS))) >= 0;
	else if (kind == MEASURED_SHARED_LD || kind == MEASURED_SHARED_ST)
		has = (units = ncu_number(src_field(f, nf, s, C_WAVES))) >= 0;
	if (!has)
		units = 0;
	if (s->ninsn == SRC_MAX_INSNS) {
		s->cut = 1;
		return;
	}
	n = &s->insn[s->ninsn++];
	n->addr = strtoull(src_field(f, nf, s, C_ADDR), NULL, 16);
	n->line = s->line;
	n->kind = kind;
	n->has = has;
	n->insts = insts;
	n->units = units;
	n->lanes = ncu_number(src_field(f, nf, s, C_LANES));
}

static int
by_addr(const void *a, const void *b)
{
	const struct src_insn	*x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->line - y->line;
}

static int
by_line(const void *a, const void *b)
{
	const struct measured_line	*x = a, *y = b;

	return x->line != y->line ? x->line - y->line : x->kind - y->kind;
}

/* The instructions, summed by line and kind; -1 for a sum out of bounds.
   Sorted by address, an address under several lines is one instruction
   listed again: each line is told of another. */
static int
src_sum(struct measured *m, struct src_state *s)
{
	const struct src_insn	*n;
	int			 g, i, j, k, other;

	qsort(s->insn, s->ninsn, sizeof *s->insn, by_addr);
	for (g = 0; g < s->ninsn; g = j) {
		for (j = g + 1; j < s->ninsn && s->insn[j].addr ==
		    s->insn[g].addr; j++)
			;
		for (i = g; i < j; i++) {	/* [g, j): one address */
			n = &s->insn[i];
			for (other = 0, k = g; k < j && other == 0; k++)
				if (s->insn[k].line != n->line)
					other = s->insn[k].line;
			if (src_add(m, n->line, n->kind, n->insts, n->units,
			    n->has, n->lanes, other) != 0)
				return -1;
		}
	}
	qsort(m->line, m->nlines, sizeof *m->line, by_line);	/* page order */
	return 0;
}

/* One row of the page, split into f. */
static void
src_row(struct src_state *s, const char *f, int nf, const char *file)
{
	const char	*v;
	double		 n;
	int		 i, c;

	if (nf >= 2 && strcmp(f, "File Path") == 0) {
		s->file_ok = file == NULL || src_same_file(f + SRC_FIELD, file);
		s->line = 0;
		return;
	}
	if (strcmp(f, "Line No") == 0 || strcmp(f, "Address") == 0) {
		for (c = 0; c < C_NCOLS; c++)
			for (s->col[c] = -1, i = 0; i < nf; i++)
				if (strcmp(f + i * SRC_FIELD, src_names[c]) ==
				    0 && s->col[c] < 0)
					s->col[c] = i;
		return;
	}
	if (s->col[C_INSTS] < 0)
		return;
	v = src_field(f, nf, s, C_LINE);
	if (v[0] != '\0') {
		n = ncu_number(v);
		s->line = n >= 1 && n <= SRC_LINE_MAX ? (int)n : 0;
		return;
	}
	if (strncmp(src_field(f, nf, s, C_ADDR), "0x", 2) != 0)
		return;
	src_insn(s, f, nf);
}

int
ncu_source_parse(const char *buf, size_t len, const char *file,
    struct measured *m, char *why, size_t whylen)
{
	char			 f[SRC_FIELDS * SRC_FIELD];
	struct src_state	 s;
	const char		*p = buf, *end = buf + len, *eol, *e;
	int			 nf, c;

	m->nlines = m->lines_cut = 0;
	memset(&s, 0, sizeof s);
	for (c = 0; c < C_NCOLS; c++)
		s.col[c] = -1;
	s.file_ok = 1;
	s.insn = xreallocarray(NULL, SRC_MAX_INSNS, sizeof *s.insn);
	for (; p < end; p = eol + 1) {
		if ((eol = memchr(p, '\n', end - p)) == NULL)
			eol = end;
		if (*p != '"')
			continue;
		e = eol > p && eol[-1] == '\r' ? eol - 1 : eol;
		nf = ncu_csv_split(p, e, f, SRC_FIELDS, SRC_FIELD);
		src_row(&s, f, nf, file);
	}
	c = src_sum(m, &s);
	m->lines_cut |= s.cut;
	free(s.insn);
	if (c != 0) {
		snprintf(why, whylen, "ncu's source page has a count past what "
		    "a launch can have");
		m->nlines = 0;
		return -1;
	}
	if (m->nlines == 0) {
		snprintf(why, whylen, "ncu's source page gave no memory "
		    "instruction of the kernel's lines (was it compiled with "
		    "-lineinfo?)");
		return -1;
	}
	return 0;
}
