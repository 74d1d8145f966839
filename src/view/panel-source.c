/* SPDX-License-Identifier: ISC
 * panel-source.c - the kernel's source with the access's line highlighted.
 *
 * A kernel rarely fits the pane, so the pane folds: it keeps the lines a
 * lesson turns on (the access, the loops, the lines that compute the
 * indices from threadIdx and blockIdx, the guard, __shared__ arrays, the
 * definition of a struct the kernel reads) and then the lines nearest the
 * access, in file order; a fold is marked ⋮ in the gutter.  Long lines
 * wrap (↳ in the gutter) instead of being cut.  A scroll offset (the
 * panel's arg, in lines; 0 = folded) shows the plain file instead.
 *
 * It reads no C: the kernel reader hands over which lines each access's
 * indices flow from, the loops and ifs around it, its place, and what
 * each line holds (src/kernel/ksrc-flow.c: body_def's flow and around,
 * struct variant's lines), for a catalog kernel and a user's file alike.
 *
 * Units: lines 1-based, columns in cells (tabs expand to PANEL_TAB).
 * Must not print, allocate, or know curses.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "panel.h"

#define PANEL_TAB	4
#define PANEL_GUTTER	6	/* "123 ▶ " */
#define PANEL_SRC_MAX	256	/* lines considered */

/* Where the access is, as the reader found it: its line (-1 unknown),
   byte column and length. */
static void
panel_site(const struct view_model *m, int *line, int *col, int *len)
{
	const struct launch_site	*s = &m->l->sites[m->acc.site];

	*line = s->line > 0 ? s->line : -1;
	*col = s->line > 0 ? s->col : -1;
	*len = (int)strlen(s->text);
}

/*
 * Expand one source line (tabs to PANEL_TAB) into buf; *at is the byte
 * column of the access on input and its display column on output.
 * Returns the display width.
 */
static int
panel_expand(const char *p, char *buf, size_t len, int *at)
{
	size_t	o = 0;
	int	col = 0, in = 0, found = -1;

	for (; *p != '\0' && *p != '\n' && o + 8 < len; p++, in++) {
		if (in == *at)
			found = col;
		if (*p == '\t') {
			do
				buf[o++] = ' ';
			while (++col % PANEL_TAB != 0);
			continue;
		}
		buf[o++] = *p;
		if ((*p & 0xc0) != 0x80)
			col++;
	}
	/* Trailing blanks take no room. */
	while (o > 0 && buf[o - 1] == ' ') {
		o--;
		col--;
	}
	buf[o] = '\0';
	*at = found;
	return col;
}

/*
 * Bytes of p that fill one row of tw cells; when soft and the text goes
 * on, the row ends after the last blank or comma in its second half, or
 * failing one after its last other mark when the row would end inside a
 * name or number.
 */
static int
panel_break(const char *p, int tw, int soft)
{
	int	k, i, b, o;

	for (k = 0, i = 0, b = 0, o = 0; p[i] != '\0' && k < tw; i++) {
		if ((p[i] & 0xc0) != 0x80)
			k++;
		if ((p[i] == ' ' || p[i] == ',') && k > tw / 2)
			b = i + 1;
		/* Failing a blank, after any other mark: never inside a
		   name or a number. */
		if (!isalnum((unsigned char)p[i]) && p[i] != '_' &&
		    p[i] != '.' && (p[i] & 0x80) == 0 && k > tw / 2)
			o = i + 1;
	}
	while ((p[i] & 0xc0) == 0x80)
		i++;
	if (p[i] != '\0' && b > 0 && soft)
		i = b;
	else if (p[i] != '\0' && o > 0 && soft && (isalnum((unsigned char)
	    p[i]) || p[i] == '_'))
		i = o;
	return i;
}

/* Rows line n takes at text width tw (at least 1). */
static int
panel_line_rows(const char *src, int n, int tw, int soft)
{
	char		 buf[512];
	const char	*p = buf;
	int		 at = -1, rows = 0;

	panel_expand(catalog_line_start(src, n), buf, sizeof buf, &at);
	if (tw < 1)
		return 1;
	do {
		p += panel_break(p, tw, soft);
		rows++;
	} while (*p != '\0');
	return rows;
}

/* Is line n in lines (ascending, 0 ends; NULL = none)? */
static int
panel_in(const int *lines, int n)
{
	for (; lines != NULL && *lines != 0 && *lines <= n; lines++)
		if (*lines == n)
			return 1;
	return 0;
}

/* What the reader saw on line n of v's source (SRCL_*). */
static int
panel_bits(const struct variant *v, int n)
{
	return n > 0 && n < v->lines.n ? v->lines.bits[n] : 0;
}

/*
 * How much line n matters to the lesson: 0 = the access, 1 = a loop or
 * condition around it, a line its indices flow from, the __shared__ array
 * it uses, 2 = another line reading threadIdx or blockIdx, another
 * __shared__ array, the kernel's name, 3 = anything else, 4 = only
 * context.  The reader hands over every fact (ksrc-flow.c).
 */
static int
panel_weight(const struct view_model *m, int n, int cur)
{
	const struct launch_site	*s = &m->l->sites[m->acc.site];
	const struct array_def		*a = m->l->arrays[s->array].def;
	int				 bits = panel_bits(m->l->v, n);

	if (n == cur)
		return 0;
	if (s->def != NULL && (panel_in(s->def->around, n) ||
	    panel_in(s->def->flow, n)))
		return 1;
	if (bits & SRCL_CTL)
		return 3;
	if (a->space == SPACE_SHARED && a->line == n)
		return 1;
	if (bits & (SRCL_THREAD | SRCL_SHARED | SRCL_KERNEL))
		return 2;
	if (bits & SRCL_EXTERN)
		return 4;
	return 3;
}

/* Is line n only context: blank, or braces and semicolons alone? */
static int
panel_context(const struct variant *v, const char *src, int n)
{
	const char	*p = catalog_line_start(src, n);

	if (panel_bits(v, n) & SRCL_BRACE)
		return 1;
	if (panel_bits(v, n) & SRCL_CODE)
		return 0;
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	return *p == '\n' || *p == '\0';
}

/* The partners' kernels, for compare mode's differing lines. */
struct panel_diff {
	int		 n;
	const char	*src[2];
	int		 first[2], last[2];
};

/* Line p up to its end without the blanks around it, into buf. */
static void
panel_trim(const char *p, char *buf, size_t len)
{
	size_t	n;

	while (*p == ' ' || *p == '\t')
		p++;
	for (n = 0; p[n] != '\0' && p[n] != '\n' && n + 1 < len; n++)
		buf[n] = p[n];
	while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
		n--;
	buf[n] = '\0';
}

/*
 * Does line n of our kernel differ from the partners': found, blanks
 * aside, in none of their kernels?  Blank lines, lone braces and the
 * kernel's own name (which always differs) do not count.
 */
static int
panel_differs(const struct variant *v, const char *src, int n,
    const struct panel_diff *d)
{
	char	mine[256], theirs[256];
	int	i, k, found;

	panel_trim(catalog_line_start(src, n), mine, sizeof mine);
	if (strlen(mine) <= 2 || (panel_bits(v, n) & SRCL_KERNEL))
		return 0;
	for (i = 0; i < d->n; i++) {
		found = 0;
		for (k = d->first[i]; k <= d->last[i] && !found; k++) {
			panel_trim(catalog_line_start(d->src[i], k), theirs,
			    sizeof theirs);
			found = strcmp(mine, theirs) == 0;
		}
		if (found)
			return 0;
	}
	return d->n > 0;
}

/*
 * Choose the lines to show in h rows: keep[] gets line numbers in file
 * order and fold[] whether a line that says something was passed over
 * just before.  Lines go in by weight, then by distance from the access;
 * a line that does not fit is passed over.  Returns the count.
 */
static int
panel_fold(const struct view_model *m, const char *src, int first,
    int last, int cur, int tw, int h, const struct panel_diff *diff,
    int *keep, int *fold, int *krows)
{
	const struct variant *v = m->l->v;
	int	cand[PANEL_SRC_MAX], rows[PANEL_SRC_MAX], wt[PANEL_SRC_MAX];
	char	on[PANEL_SRC_MAX];
	int	nc = 0, used = 0, nk = 0, pass, i, j, d, maxd, n;
	int	skipped;

	/* The structs the kernel's parameters name, the kernel, and the
	   access should it lie outside (in a function the kernel calls). */
	for (n = 1; n < first && n < v->lines.n && nc < PANEL_SRC_MAX; n++)
		if (panel_bits(v, n) & SRCL_STRUCT)
			cand[nc++] = n;
	if (cur > 0 && cur < first && nc < PANEL_SRC_MAX)
		cand[nc++] = cur;
	for (n = first; n <= last && nc < PANEL_SRC_MAX; n++)
		cand[nc++] = n;
	if (cur > last && nc < PANEL_SRC_MAX)
		cand[nc++] = cur;
	if (cur <= 0)
		cur = first;
	maxd = 0;
	for (i = 0; i < nc; i++) {
		rows[i] = panel_line_rows(src, cand[i], tw, 1);
		wt[i] = cand[i] < first && cand[i] != cur ? 1 :
		    panel_weight(m, cand[i], cur);
		/* Blank lines and lone braces are only context. */
		if (panel_context(v, src, cand[i]))
			wt[i] = 4;
		/* In compare mode the lines that differ come next after the
		   access. */
		else if (diff != NULL && cand[i] != cur && wt[i] > 0 &&
		    panel_differs(v, src, cand[i], diff))
			wt[i] = 0;
		on[i] = 0;
		if (abs(cand[i] - cur) > maxd)
			maxd = abs(cand[i] - cur);
	}
	for (pass = 0; pass <= 4; pass++)
		for (d = 0; d <= maxd; d++)
			for (j = 0; j < nc; j++) {
				if (on[j] || wt[j] != pass ||
				    abs(cand[j] - cur) != d)
					continue;
				/* A loop, guard or index line too long for
				   the rows left shows its first rows. */
				if (used + rows[j] > h && pass <= 1 &&
				    used < h)
					rows[j] = h - used;
				if (used + rows[j] > h)
					continue;
				on[j] = 1;
				used += rows[j];
			}
	skipped = 0;
	for (j = 0; j < nc; j++) {
		if (!on[j]) {
			if (wt[j] < 4 || (j > 0 && cand[j] != cand[j - 1] + 1))
				skipped = 1;
			continue;
		}
		if (j > 0 && cand[j] != cand[j - 1] + 1)
			skipped = 1;
		fold[nk] = nk > 0 && skipped;
		krows[nk] = rows[j];
		keep[nk++] = cand[j];
		skipped = 0;
	}
	return nk;
}

/*
 * What the compiler made of line n, as a gutter mark: 'v' a site read or
 * written several iterations to an instruction (vectorised), 's' a site
 * split into narrower instructions, 'L' local memory instructions where
 * the source has no local array access (moved to local memory, or
 * spilled registers, even on a line with a local array); 0 none.
 */
static int
panel_compiled_mark(const struct view_model *m, int n)
{
	const struct compiled	*c = m->compiled;
	int			 i, mark = 0, spill = 0;

	if (c == NULL || n <= 0)
		return 0;
	for (i = 0; i < c->nlocal; i++)
		if (c->local_line[i] == n)
			mark = 'L';
	/* Spills: registers ptxas keeps in local memory (every line of
	   them, where local_line holds the first few); a local array's
	   site on the line does not explain them away. */
	for (i = 0; i < c->nspill; i++)
		if (c->spill[i].line == n)
			spill = 'L';
	if (spill)
		mark = spill;
	for (i = 0; i < m->l->nsites && i < c->nsites; i++) {
		if (m->l->sites[i].line != n)
			continue;
		if (m->l->sites[i].space == SPACE_LOCAL && mark == 'L' &&
		    !spill)
			mark = 0;
		if (c->site[i].how == COMPILED_VECTOR)
			return 'v';
		if (c->site[i].how == COMPILED_SPLIT)
			mark = 's';
	}
	return mark;
}

/* Draw line n from row, wrapped at tw; returns rows used (within h).
   mark: panel_compiled_mark's, drawn in the gutter. */
static int
panel_source_line(struct canvas *c, int x, int y, int w, int h,
    const char *src, int n, int cur, int col, int len, int fold, int differs,
    int mark)
{
	enum role	 role = n == cur ? ROLE_SOURCE_CURRENT : differs ?
			    ROLE_WARN : ROLE_SOURCE;
	char		 buf[512];
	const char	*p = buf;
	int		 tw = w - PANEL_GUTTER, at, row, i, s, e, done = 0;

	at = n == cur ? col : -1;
	panel_expand(catalog_line_start(src, n), buf, sizeof buf, &at);
	for (row = 0; row < h && (row == 0 || *p != '\0'); row++) {
		if (n == cur)
			canvas_fill(c, x, y + row, w, 1, ' ', role);
		if (row == 0) {
			canvas_printf(c, x, y, n == cur ? role : ROLE_DIM, 3,
			    "%3d", n);
			if (n == cur)
				canvas_put(c, x + 4, y, canvas_glyph(c, role),
				    role);
		} else
			canvas_put(c, x + 4, y + row, c->ascii ? '>' : 0x21b3,
			    n == cur ? role : ROLE_DIM);
		if (row == 0 && fold)
			canvas_put(c, x + 3, y, c->ascii ? ':' : 0x22ee,
			    n == cur ? role : ROLE_DIM);
		/* A line that differs from the partner's: ≠ in the gutter. */
		if (row == 0 && differs && n != cur)
			canvas_put(c, x + 4, y, c->ascii ? '!' : 0x2260,
			    ROLE_WARN);
		else if (row == 0 && mark != 0)
			canvas_put(c, x + 3, y, mark, ROLE_WARN);
		/* Every line breaks after a blank or comma where it can
		   (never inside a name); the access's cells follow. */
		i = panel_break(p, tw, 1);
		{
			char	 one[512];

			memcpy(one, p, (size_t)i);
			one[i] = '\0';
			canvas_text(c, x + PANEL_GUTTER, y + row, one, role,
			    tw);
		}
		/* The access's cells on this row: columns before it were
		   on the rows above (done). */
		if (at >= 0) {
			s = at - done;
			e = s + len;
			if (s < 0)
				s = 0;
			if (e > tw)
				e = tw;
			if (e > s)
				canvas_role(c, x + PANEL_GUTTER + s, y + row,
				    e - s, 1, ROLE_SOURCE_ACCESS);
		}
		for (s = 0; s < i; s++)
			if ((p[s] & 0xc0) != 0x80)
				done++;
		p += i;
	}
	return row;
}

static int
panel_source_draw(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int scroll)
{
	const struct variant	*v = m->l->v;
	const char		*src = catalog_variant_text(v);
	int			 keep[PANEL_SRC_MAX], fold[PANEL_SRC_MAX];
	int			 krows[PANEL_SRC_MAX];
	int			 first, last, cur, col, top, row, nk, i, len;
	int			 tw = w - PANEL_GUTTER, total;

	if (h < 1 || w < 12)
		return 0;
	if (src == NULL || (first = v->lines.first) <= 0) {
		canvas_printf(c, x, y, ROLE_DIM, w, "(no source for %s)",
		    v->source);
		return 1;
	}
	last = v->lines.last;
	panel_site(m, &cur, &col, &len);

	if (scroll != 0) {
		/* The plain file from the access's neighbourhood, scrolled. */
		top = (cur > 0 ? cur - (h - 1) / 2 : first) + scroll;
		for (total = 0; catalog_line_start(src, total + 1) != NULL &&
		    catalog_line_start(src, total + 1)[0] != '\0'; total++)
			/* nothing */;
		if (top > total - h + 1)
			top = total - h + 1;
		if (top < 1)
			top = 1;
		for (row = 0, i = top; row < h && i <= total; i++)
			row += panel_source_line(c, x, y + row, w, h - row,
			    src, i, cur, col, len, 0, 0,
			    panel_compiled_mark(m, i));
		return row;
	}
	nk = panel_fold(m, src, first, last, cur, tw, h, NULL, keep, fold,
	    krows);
	for (row = 0, i = 0; i < nk && row < h; i++)
		row += panel_source_line(c, x, y + row, w, krows[i], src,
		    keep[i], cur, col, len, fold[i], 0,
		    panel_compiled_mark(m, keep[i]));
	return row;
}

int
panel_source_compare(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, const struct view_model *const *others,
    int nothers)
{
	const struct variant	*v = m->l->v;
	const char		*src = catalog_variant_text(v);
	struct panel_diff	 d;
	int			 keep[PANEL_SRC_MAX], fold[PANEL_SRC_MAX];
	int			 krows[PANEL_SRC_MAX];
	int			 first, last, cur, col, row, nk, i, len;
	int			 saved[4];

	if (h < 1 || w < 12 || src == NULL || (first = v->lines.first) <= 0)
		return 0;
	last = v->lines.last;
	memset(&d, 0, sizeof d);
	for (i = 0; i < nothers && d.n < 2; i++) {
		d.src[d.n] = catalog_variant_text(others[i]->l->v);
		d.first[d.n] = others[i]->l->v->lines.first;
		d.last[d.n] = others[i]->l->v->lines.last;
		if (d.src[d.n] != NULL && d.first[d.n] > 0)
			d.n++;
	}
	panel_site(m, &cur, &col, &len);
	memcpy(saved, c->clip, sizeof saved);
	if (x + w < c->clip[2])
		c->clip[2] = x + w;
	if (y + h < c->clip[3])
		c->clip[3] = y + h;
	nk = panel_fold(m, src, first, last, cur, w - PANEL_GUTTER, h, &d,
	    keep, fold, krows);
	for (row = 0, i = 0; i < nk && row < h; i++)
		row += panel_source_line(c, x, y + row, w, krows[i], src,
		    keep[i], cur, col, len, fold[i], panel_differs(v, src,
		    keep[i], &d), 0);
	memcpy(c->clip, saved, sizeof c->clip);
	return row;
}

const struct panel panel_source = {
	.name = "source",
	.draw = panel_source_draw,
};
