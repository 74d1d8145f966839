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
 * Units: lines 1-based, columns in cells (tabs expand to PANEL_TAB).
 * Must not print, allocate, or know curses.
 */
#include "config.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "panel.h"

#define PANEL_TAB	4
#define PANEL_GUTTER	6	/* "123 ▶ " */
#define PANEL_SRC_MAX	256	/* lines considered */

/* Line and column of the access in the source; -1 when not found. */
static int
panel_find_site(const struct view_model *m, int *col)
{
	const struct launch	*l = m->l;
	const char		*text = l->sites[m->acc.site].text;
	int			 i, n = 0;

	for (i = 0; i < m->acc.site; i++)
		if (strcmp(l->sites[i].text, text) == 0)
			n++;
	return catalog_find_text(l->v, text, n, col);
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

/* Does line p (its first word after blanks) start with word? */
static int
panel_starts(const char *p, const char *word)
{
	size_t	n = strlen(word);

	while (*p == ' ' || *p == '\t')
		p++;
	return strncmp(p, word, n) == 0 && !isalnum((unsigned char)p[n]) &&
	    p[n] != '_';
}

/* Does the line (up to its end) contain s? */
static int
panel_has(const char *p, const char *s)
{
	const char	*e = strchr(p, '\n');

	/* Inside the line only: a long file stays linear. */
	return memmem(p, e != NULL ? (size_t)(e - p) : strlen(p), s,
	    strlen(s)) != NULL;
}

/* Does line p assign to the name ("int i = ...", "Row = ...")? */
static int
panel_defines(const char *p, const char *name)
{
	const char	*e = strchr(p, '\n'), *q = p;
	size_t		 n = strlen(name);

	if (e == NULL)
		e = p + strlen(p);
	while (q < e && (q = memmem(q, e - q, name, n)) != NULL) {
		if ((q == p || (!isalnum((unsigned char)q[-1]) && q[-1] !=
		    '_')) && !isalnum((unsigned char)q[n]) && q[n] != '_') {
			q += n;
			while (*q == ' ')
				q++;
			if (q[0] == '=' && q[1] != '=')
				return 1;
		}
		q++;
	}
	return 0;
}

/* Indentation of line p in cells, -1 for a blank line. */
static int
panel_indent(const char *p)
{
	int	col = 0;

	for (; *p == ' ' || *p == '\t'; p++)
		col = *p == '\t' ? (col / PANEL_TAB + 1) * PANEL_TAB : col + 1;
	return *p == '\n' || *p == '\0' ? -1 : col;
}

/*
 * Does the loop or condition on line n enclose line cur?  Going back from
 * cur, each line less indented than all after it opens a block around it.
 */
static int
panel_encloses(const char *src, int n, int cur)
{
	int	i, ind, min;

	if (cur <= n)
		return 0;
	min = panel_indent(catalog_line_start(src, cur));
	for (i = cur - 1; i > n; i--) {
		ind = panel_indent(catalog_line_start(src, i));
		if (ind >= 0 && ind < min)
			min = ind;
	}
	ind = panel_indent(catalog_line_start(src, n));
	return ind >= 0 && ind < min;
}

/* Names an access's index depends on (see panel_deps). */
#define PANEL_NAMES_MAX	64
struct panel_names {
	int		 n;
	char		 name[PANEL_NAMES_MAX][32];
	const char	*arr;	/* the array the access reads or writes */
};

/* Add the identifiers of line p to s: all of them, or with brackets only
   those inside [ ] (an access's indices); members (.x, ->f) and number
   suffixes are no names.  A comment ends the scan. */
static void
panel_names_of(struct panel_names *s, const char *p, int brackets)
{
	const char	*start = p, *q;
	size_t		 len;
	int		 depth = 0, i;

	for (; *p != '\0' && *p != '\n'; p++) {
		if (p[0] == '/' && (p[1] == '/' || p[1] == '*'))
			return;
		if (*p == '[')
			depth++;
		else if (*p == ']' && depth > 0)
			depth--;
		if (!isalpha((unsigned char)*p) && *p != '_')
			continue;
		for (q = p; isalnum((unsigned char)*q) || *q == '_'; q++)
			;
		len = (size_t)(q - p);
		if ((!brackets || depth > 0) && len < sizeof s->name[0] &&
		    (p == start || (!isdigit((unsigned char)p[-1]) &&
		    p[-1] != '.' && p[-1] != '>'))) {
			for (i = 0; i < s->n; i++)
				if (strlen(s->name[i]) == len &&
				    memcmp(s->name[i], p, len) == 0)
					break;
			if (i == s->n && s->n < PANEL_NAMES_MAX) {
				memcpy(s->name[s->n], p, len);
				s->name[s->n++][len] = '\0';
			}
		}
		p = q - 1;
	}
}

/* Does line p define one of the names in s? */
static int
panel_defines_any(const char *p, const struct panel_names *s)
{
	int	i;

	for (i = 0; i < s->n; i++)
		if (panel_defines(p, s->name[i]))
			return 1;
	return 0;
}

/* Is line p the __shared__ declaration of array arr? */
static int
panel_shared_decl(const char *p, const char *arr)
{
	const char	*e = strchr(p, '\n'), *b = strchr(p, '['), *a;

	if (arr == NULL || !panel_has(p, "__shared__") || b == NULL ||
	    (e != NULL && b > e))
		return 0;
	for (a = b; a > p && (isalnum((unsigned char)a[-1]) || a[-1] == '_');
	    a--)
		;
	return (size_t)(b - a) == strlen(arr) && memcmp(a, arr, b - a) == 0;
}

/*
 * The data flow into the access on line cur: the names its indices use,
 * then, going back to line first, the names each line that defines one of
 * them uses ("int Row = by * TILE + ty" brings in by and ty).  Works the
 * same for a catalog kernel and for a user's file.
 */
static void
panel_deps(const char *src, int first, int cur, struct panel_names *s)
{
	const char	*p;
	int		 n;

	s->n = 0;
	if (cur < first)
		return;
	panel_names_of(s, catalog_line_start(src, cur), 1);
	for (n = cur - 1; n >= first; n--) {
		p = catalog_line_start(src, n);
		if (!panel_starts(p, "for") && !panel_starts(p, "if") &&
		    !panel_starts(p, "while") && panel_defines_any(p, s))
			panel_names_of(s, p, 0);
	}
}

/*
 * How much line n matters to the lesson: 0 = the access, 1 = a loop or
 * condition around it, a line that computes an index the access uses
 * (deps) or one the variant names, the __shared__ array it uses, 2 =
 * another line reading threadIdx or blockIdx, another __shared__ array,
 * the kernel's name, 3 = anything else.
 */
static int
panel_weight(const struct variant *v, const char *src, int n, int cur,
    const struct panel_names *deps)
{
	const char	*p = catalog_line_start(src, n);
	int		 i;

	if (n == cur)
		return 0;
	/* An early return is the kernel's guard. */
	if (panel_starts(p, "if") && (panel_has(p, "return") ||
	    panel_starts(catalog_line_start(src, n + 1), "return")))
		return n < cur ? 1 : 3;
	if (panel_starts(p, "for") || panel_starts(p, "while") ||
	    panel_starts(p, "if"))
		return panel_encloses(src, n, cur) ? 1 : 3;
	if (panel_shared_decl(p, deps->arr) ||
	    (n < cur && panel_defines_any(p, deps)))
		return 1;
	for (i = 0; i < VARIANT_MAX_LETS && v->lets[i].name != NULL; i++)
		if (panel_defines(p, v->lets[i].name))
			return 1;
	if (panel_has(p, "threadIdx") || panel_has(p, "blockIdx") ||
	    panel_has(p, "__shared__") || panel_has(p, v->kernel))
		return 2;
	if (panel_starts(p, "extern"))
		return 4;
	return 3;
}

/*
 * The struct definitions the kernel's parameters name ("const struct vec3
 * *a"): their lines [*s0, *s1] before the kernel, or 0 when none.
 */
static int
panel_struct_lines(const char *src, int first, int last, int *s0, int *s1)
{
	const char	*p, *q;
	char		 name[64], pat[80];
	size_t		 k;
	int		 n, m;

	for (n = first; n <= last && n < first + 4; n++) {
		p = catalog_line_start(src, n);
		if (p == NULL || (q = strstr(p, "struct ")) == NULL ||
		    (strchr(p, '\n') != NULL && q > strchr(p, '\n')))
			continue;
		q += 7;
		for (k = 0; k + 1 < sizeof name && (isalnum((unsigned char)
		    q[k]) || q[k] == '_'); k++)
			name[k] = q[k];
		name[k] = '\0';
		if (k == 0)
			continue;
		/* "struct NAME {" or "struct __align__(16) NAME {". */
		for (m = 1; m < first; m++) {
			p = catalog_line_start(src, m);
			snprintf(pat, sizeof pat, " %s {", name);
			if (!panel_starts(p, "struct") || !panel_has(p, pat))
				continue;
			*s0 = m;
			for (*s1 = m; *s1 < first; (*s1)++)
				if (panel_starts(catalog_line_start(src, *s1),
				    "};") || panel_starts(catalog_line_start(src,
				    *s1), "}"))
					break;
			return 1;
		}
	}
	return 0;
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
	if (strlen(mine) <= 2 || strstr(mine, v->kernel) != NULL)
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

/* The name of the array m's access uses. */
static const char *
panel_array_name(const struct view_model *m)
{
	return m->l->arrays[m->l->sites[m->acc.site].array].def->name;
}

/*
 * Choose the lines to show in h rows: keep[] gets line numbers in file
 * order and fold[] whether a line that says something was passed over
 * just before.  Lines go in by weight, then by distance from the access;
 * a line that does not fit is passed over.  Returns the count.
 */
static int
panel_fold(const struct variant *v, const char *src, int first, int last,
    int cur, const char *arr, int tw, int h, const struct panel_diff *diff,
    int *keep, int *fold, int *krows)
{
	int	cand[PANEL_SRC_MAX], rows[PANEL_SRC_MAX], wt[PANEL_SRC_MAX];
	char	on[PANEL_SRC_MAX];
	int	nc = 0, used = 0, nk = 0, pass, i, j, d, maxd, s0, s1, n;
	int	skipped;
	struct panel_names deps;

	if (panel_struct_lines(src, first, last, &s0, &s1))
		for (n = s0; n <= s1 && nc < PANEL_SRC_MAX; n++)
			cand[nc++] = n;
	for (n = first; n <= last && nc < PANEL_SRC_MAX; n++)
		cand[nc++] = n;
	if (cur <= 0)
		cur = first;
	panel_deps(src, first, cur, &deps);
	deps.arr = arr;
	maxd = 0;
	for (i = 0; i < nc; i++) {
		const char *p = catalog_line_start(src, cand[i]);

		rows[i] = panel_line_rows(src, cand[i], tw, 1);
		wt[i] = cand[i] < first ? 1 : panel_weight(v, src, cand[i],
		    cur, &deps);
		/* Blank lines and lone braces are only context. */
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || *p == '\0' || ((*p == '{' || *p == '}') &&
		    (p[1] == '\n' || p[1] == '\0' || (p[1] == ';' &&
		    (p[2] == '\n' || p[2] == '\0')))))
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

/* Draw line n from row, wrapped at tw; returns rows used (within h). */
static int
panel_source_line(struct canvas *c, int x, int y, int w, int h,
    const char *src, int n, int cur, int col, int len, int fold, int differs)
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
	if (src == NULL || catalog_kernel_lines(v, &first, &last) != 0) {
		canvas_printf(c, x, y, ROLE_DIM, w, "(no source for %s)",
		    v->source);
		return 1;
	}
	cur = panel_find_site(m, &col);
	len = (int)strlen(m->l->sites[m->acc.site].text);

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
			    src, i, cur, col, len, 0, 0);
		return row;
	}
	nk = panel_fold(v, src, first, last, cur, panel_array_name(m), tw, h,
	    NULL, keep, fold, krows);
	for (row = 0, i = 0; i < nk && row < h; i++)
		row += panel_source_line(c, x, y + row, w, krows[i], src,
		    keep[i], cur, col, len, fold[i], 0);
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

	if (h < 1 || w < 12 || src == NULL ||
	    catalog_kernel_lines(v, &first, &last) != 0)
		return 0;
	memset(&d, 0, sizeof d);
	for (i = 0; i < nothers && d.n < 2; i++) {
		d.src[d.n] = catalog_variant_text(others[i]->l->v);
		if (d.src[d.n] != NULL && catalog_kernel_lines(others[i]->l->v,
		    &d.first[d.n], &d.last[d.n]) == 0)
			d.n++;
	}
	cur = panel_find_site(m, &col);
	len = (int)strlen(m->l->sites[m->acc.site].text);
	memcpy(saved, c->clip, sizeof saved);
	if (x + w < c->clip[2])
		c->clip[2] = x + w;
	if (y + h < c->clip[3])
		c->clip[3] = y + h;
	nk = panel_fold(v, src, first, last, cur, panel_array_name(m),
	    w - PANEL_GUTTER, h, &d, keep, fold, krows);
	for (row = 0, i = 0; i < nk && row < h; i++)
		row += panel_source_line(c, x, y + row, w, krows[i], src,
		    keep[i], cur, col, len, fold[i], panel_differs(v, src,
		    keep[i], &d));
	memcpy(c->clip, saved, sizeof c->clip);
	return row;
}

const struct panel panel_source = {
	.name = "source",
	.draw = panel_source_draw,
};
