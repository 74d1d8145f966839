/*
 * panel.c - the pieces of a frame: kernel source, lanes, memory, counts
 * and wrapped text, each clipped to its rectangle of the canvas.
 *
 * Units: byte addresses; a word is 4 bytes (one bank), a sector 32 bytes
 * (8 words), a line 128 bytes (4 sectors, 32 words); lanes 0-31.  The
 * counts drawn come from model/ (struct access_result, struct totals);
 * this file only works out which lanes touch which word to place them.
 * Must not print, allocate per frame beyond the stack, or know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "panel.h"

#define PANEL_WORDS	(RULES_LINE / RULES_BANK_WIDTH)	/* 32 a line */
#define PANEL_SWORDS	(RULES_SECTOR / RULES_BANK_WIDTH) /* 8 a sector */
#define PANEL_MAX_LINES	128
#define PANEL_TAB	4

/* One 128-byte line a global access touches. */
struct panel_line {
	int64_t		line;			/* address / 128 */
	uint32_t	word[PANEL_WORDS];	/* lanes per 4-byte word */
};

static int64_t
panel_floordiv(int64_t a, int64_t b)
{
	int64_t	q = a / b;

	if (a % b != 0 && a < 0)
		q--;
	return q;
}

/* Narrow the clip rectangle to x, y, w, h; saved gets the old one. */
static void
panel_enter(struct canvas *c, int x, int y, int w, int h, int *saved)
{
	memcpy(saved, c->clip, sizeof c->clip);
	if (x > c->clip[0])
		c->clip[0] = x;
	if (y > c->clip[1])
		c->clip[1] = y;
	if (x + w < c->clip[2])
		c->clip[2] = x + w;
	if (y + h < c->clip[3])
		c->clip[3] = y + h;
}

/* Restore the clip rectangle panel_enter saved. */
static void
panel_leave(struct canvas *c, const int *saved)
{
	memcpy(c->clip, saved, sizeof c->clip);
}

enum role
panel_class_role(enum rules_class c)
{
	switch (c) {
	case RULES_COALESCED:
		return ROLE_COALESCED;
	case RULES_SPLIT:
		return ROLE_SPLIT;
	case RULES_UNCOALESCED:
		return ROLE_UNCOALESCED;
	case RULES_BROADCAST:
		return ROLE_BROADCAST;
	default:
		return ROLE_DIM;
	}
}

enum role
panel_bank_role(int n)
{
	if (n <= 1)
		return ROLE_BANK_FREE;
	if (n <= 3)
		return ROLE_CONFLICT_LOW;
	if (n <= 15)
		return ROLE_CONFLICT_MID;
	return ROLE_CONFLICT_HIGH;
}

void
panel_lanes_text(uint32_t mask, char *buf, size_t len, int maxw)
{
	size_t	used = 0;
	int	l, e, n = __builtin_popcount(mask);

	buf[0] = '\0';
	if (mask == 0)
		return;
	for (l = 0; l < 32 && used < len; l++) {
		if (!(mask & (UINT32_C(1) << l)))
			continue;
		for (e = l; e + 1 < 32 && (mask & (UINT32_C(1) << (e + 1)));
		    e++)
			/* nothing */;
		if (e == l)
			used += snprintf(buf + used, len - used, "%s%d",
			    used ? "," : "", l);
		else
			used += snprintf(buf + used, len - used, "%s%d-%d",
			    used ? "," : "", l, e);
		l = e;
	}
	if (used > (size_t)maxw) {
		if (n == 1 || maxw < 7)
			snprintf(buf, len, "%d", n);
		else
			snprintf(buf, len, "%d lanes", n);
	}
}

void
panel_element(const struct view_model *m, int lane, char *buf, size_t len)
{
	const struct launch_site	*s = &m->l->sites[m->acc.site];
	const struct launch_array	*a = &m->l->arrays[s->array];
	int64_t				 i = m->acc.index[lane];

	if (a->def->dims[0] != NULL && a->cols > 0)
		snprintf(buf, len, "%" PRId64 ",%" PRId64, i / a->cols,
		    i % a->cols);
	else
		snprintf(buf, len, "%" PRId64, i);
}

void
panel_access_text(const struct view_model *m, char *buf, size_t len)
{
	const struct launch		*l = m->l;
	const struct launch_site	*s = &l->sites[m->acc.site];
	size_t				 used;
	int				 i, j;

	used = snprintf(buf, len, "%s %s", s->op == OP_LOAD ? "load" :
	    "store", s->text);
	for (i = 0; i < s->nloops && used < len; i++) {
		j = s->loop[i];
		used += snprintf(buf + used, len - used, "%s%s=%" PRId64,
		    i ? "," : "  ", l->loops[j].var, m->acc.loop[j]);
	}
}

int
panel_wrap(struct canvas *c, int x, int y, int w, int h, const char *text,
    enum role role)
{
	const char	*p = text, *q, *brk;
	int		 row = 0, cols, n, len;
	char		 buf[512];

	if (text == NULL || w < 4 || h < 1)
		return 0;
	while (*p != '\0' && row < h) {
		while (*p == ' ')
			p++;
		/* Find the longest prefix of whole words within w columns. */
		brk = NULL;
		cols = 0;
		for (q = p; *q != '\0' && cols <= w; q++) {
			if ((*q & 0xc0) == 0x80)
				continue;
			if (*q == ' ' && cols <= w)
				brk = q;
			cols++;
		}
		if (*q == '\0' && cols <= w)
			brk = q;
		if (brk == NULL || brk == p) {
			brk = p;
			for (n = 0; *brk != '\0' && n < w; brk++)
				if ((*brk & 0xc0) != 0x80)
					n++;
		}
		len = (int)(brk - p);
		if (len >= (int)sizeof buf)
			len = sizeof buf - 1;
		memcpy(buf, p, len);
		buf[len] = '\0';
		p = brk;
		while (*p == ' ')
			p++;
		if (row == h - 1 && *p != '\0') {
			/* Cut short: end on an ellipsis. */
			n = canvas_text(c, x, y + row, buf, role, w - 1);
			canvas_put(c, x + n, y + row, 0x2026, role);
		} else
			canvas_text(c, x, y + row, buf, role, w);
		row++;
	}
	return row;
}

/* The bottom line: status message, play state and key hints. */
void
panel_status(struct canvas *c, int y, const struct view_opts *o)
{
	const char	*keys = "warpviz show: --step K  --warp W  --block X,Y"
	    "  --arch legacy  -p name=value  --color";
	int		 n = 0;

	canvas_fill(c, 0, y, c->w, 1, ' ', ROLE_STATUS);
	if (o != NULL && o->keys != NULL)
		keys = o->keys;
	if (o != NULL && o->playing)
		n += canvas_text(c, 1, y, c->ascii ? "> playing " :
		    "\xe2\x96\xb6 playing ", ROLE_STATUS, c->w - 1) + 1;
	if (o != NULL && o->status != NULL && *o->status != '\0') {
		n += canvas_text(c, 1 + n, y, o->status, ROLE_STATUS,
		    c->w - 2 - n);
		n += 3;
	}
	canvas_text(c, 1 + n, y, keys, ROLE_HELP, c->w - 2 - n);
	canvas_role(c, 1 + n, y, c->w - 1 - n, 1, ROLE_STATUS);
}

/* A heading rule across w columns: "── text ─────". */
void
panel_rule(struct canvas *c, int x, int y, int w, const char *text)
{
	int	n;

	canvas_fill(c, x, y, w, 1, 0x2500, ROLE_BORDER);
	if (text == NULL)
		return;
	canvas_put(c, x + 2, y, ' ', ROLE_BORDER);
	n = canvas_text(c, x + 3, y, text, ROLE_HEADING, w - 5);
	canvas_put(c, x + 3 + n, y, ' ', ROLE_BORDER);
}

/* --- source ----------------------------------------------------------- */

/* Start of line n (1-based) of text, or NULL. */
static const char *
panel_line_start(const char *text, int n)
{
	while (--n > 0 && text != NULL)
		if ((text = strchr(text, '\n')) != NULL)
			text++;
	return text;
}

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
 */
static void
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
	buf[o] = '\0';
	*at = found;
}

static int
panel_source_in(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct variant	*v = m->l->v;
	const char		*src = catalog_variant_text(v), *p;
	int			 first, last, cur, col, top, row, n, at, len;
	int			 hoff, k;
	char			 buf[512];

	if (h < 1 || w < 8)
		return 0;
	if (src == NULL || catalog_kernel_lines(v, &first, &last) != 0) {
		canvas_printf(c, x, y, ROLE_DIM, w, "(no source for %s)",
		    v->source);
		return 1;
	}
	cur = panel_find_site(m, &col);
	top = first;
	if (cur > 0)
		top = cur - (h - 1) / 2;
	if (top > last - h + 1)
		top = last - h + 1;
	if (top < first)
		top = first;
	len = (int)strlen(m->l->sites[m->acc.site].text);
	/* Shift every line left when the access would end past the edge. */
	hoff = 0;
	if (cur > 0 && (p = panel_line_start(src, cur)) != NULL) {
		at = col;
		panel_expand(p, buf, sizeof buf, &at);
		if (at >= 0 && at + len > w - 6)
			hoff = at + len - (w - 6) + 1;
		if (hoff > at)
			hoff = at;
	}
	for (row = 0; row < h && top + row <= last; row++) {
		n = top + row;
		p = panel_line_start(src, n);
		if (p == NULL)
			break;
		at = n == cur ? col : -1;
		panel_expand(p, buf, sizeof buf, &at);
		if (hoff > 0) {
			k = (int)strlen(buf);
			memmove(buf, buf + (hoff < k ? hoff : k),
			    (size_t)(k - (hoff < k ? hoff : k)) + 1);
			if (at >= 0)
				at -= hoff;
		}
		if (n == cur) {
			canvas_fill(c, x, y + row, w, 1, ' ',
			    ROLE_SOURCE_CURRENT);
			canvas_printf(c, x, y + row, ROLE_SOURCE_CURRENT, 4,
			    "%3d", n);
			canvas_put(c, x + 4, y + row,
			    canvas_glyph(c, ROLE_SOURCE_CURRENT),
			    ROLE_SOURCE_CURRENT);
			canvas_text(c, x + 6, y + row, buf,
			    ROLE_SOURCE_CURRENT, w - 6);
			if (hoff > 0)
				canvas_put(c, x + 5, y + row, 0x2026,
				    ROLE_SOURCE_CURRENT);
			if (at >= 0 && at < w - 6)
				canvas_role(c, x + 6 + at, y + row,
				    len < w - 6 - at ? len : w - 6 - at, 1,
				    ROLE_SOURCE_ACCESS);
		} else {
			canvas_printf(c, x, y + row, ROLE_DIM, 4, "%3d", n);
			canvas_text(c, x + 6, y + row, buf, ROLE_SOURCE,
			    w - 6);
			if (hoff > 0)
				canvas_put(c, x + 5, y + row, 0x2026, ROLE_DIM);
		}
	}
	return row;
}

/* --- lanes ------------------------------------------------------------ */

/* The role a lane's entry gets: its request's class, or its bank's. */
static enum role
panel_lane_role(const struct view_model *m, int lane, const int *degree)
{
	const struct access_result	*r = &m->res;

	if (!(m->acc.active & (UINT32_C(1) << lane)))
		return ROLE_LANE_INACTIVE;
	switch (r->space) {
	case SPACE_GLOBAL:
		return panel_class_role(r->g.class);
	case SPACE_SHARED:
		return panel_bank_role(degree[r->s.bank[lane] & 31]);
	case SPACE_CONSTANT:
		return r->c.serial <= 1 ? ROLE_BROADCAST : ROLE_UNCOALESCED;
	}
	return ROLE_NORMAL;
}

/* Distinct words per bank among the active lanes (first word of each). */
static void
panel_bank_degree(const struct view_model *m, int *degree)
{
	int64_t	words[RULES_MAX_LANES], w;
	int	n = 0, i, l, seen;

	memset(degree, 0, RULES_BANKS * sizeof *degree);
	for (l = 0; l < m->acc.nlanes; l++) {
		if (!(m->acc.active & (UINT32_C(1) << l)))
			continue;
		w = panel_floordiv(m->acc.addr[l], RULES_BANK_WIDTH);
		for (seen = 0, i = 0; i < n; i++)
			if (words[i] == w)
				seen = 1;
		if (seen)
			continue;
		words[n++] = w;
		degree[((w % RULES_BANKS) + RULES_BANKS) % RULES_BANKS]++;
	}
}

/* Widths of the lanes table's threadIdx and element columns. */
static void
panel_lanes_widths(const struct view_model *m, int *tw, int *elen, char *hdr,
    size_t hlen)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const struct launch_array	*arr = &m->l->arrays[s->array];
	char				 buf[64];
	int				 l, k;

	*tw = 3;
	*elen = 4;
	for (l = 0; l < a->nlanes; l++) {
		if (!(a->exists & (UINT32_C(1) << l)))
			continue;
		k = snprintf(buf, sizeof buf, "%d,%d", a->tid[l][0],
		    a->tid[l][1]);
		if (k > *tw)
			*tw = k;
		if (!(a->active & (UINT32_C(1) << l)))
			continue;
		panel_element(m, l, buf, sizeof buf);
		if ((int)strlen(buf) > *elen)
			*elen = (int)strlen(buf);
	}
	if (arr->def->dims[0] != NULL)
		snprintf(hdr, hlen, "%s[r,c]", arr->def->name);
	else
		snprintf(hdr, hlen, "%s[i]", arr->def->name);
	if ((int)strlen(hdr) > *elen + 2)
		*elen = (int)strlen(hdr) - 2;
}

int
panel_lanes_width(const struct view_model *m, int h)
{
	int	tw, elen, ew, groups;
	char	hdr[64];

	panel_lanes_widths(m, &tw, &elen, hdr, sizeof hdr);
	ew = 2 + 1 + tw + 1 + 2 + elen +
	    (m->l->sites[m->acc.site].space == SPACE_SHARED ? 4 : 0) + 3;
	groups = h > 1 ? (m->acc.nlanes + h - 2) / (h - 1) : 32;
	return groups * ew - 3;
}

static int
panel_lanes_table_in(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	int				 degree[RULES_BANKS];
	int				 elen, tw, ew, groups, rows, g, r;
	int				 l, cx, ex;
	int				 shared = s->space == SPACE_SHARED;
	enum role			 role;
	char				 el[64], hdr[64], tid[32];

	if (h < 2 || w < 20)
		return 0;
	panel_bank_degree(m, degree);
	panel_lanes_widths(m, &tw, &elen, hdr, sizeof hdr);
	/* "31 15,1 ▓ 1999,2047 b31" and a gap */
	ew = 2 + 1 + tw + 1 + 2 + elen + (shared ? 4 : 0) + 3;
	groups = (w + 3) / ew;
	if (groups < 1)
		groups = 1;
	while (groups > 1 && (a->nlanes + groups - 2) / (groups - 1) <= h - 1)
		groups--;
	rows = (a->nlanes + groups - 1) / groups;
	ex = 2 + 1 + tw + 1;
	for (g = 0; g < groups; g++) {
		cx = x + g * ew;
		if (cx + ew - 3 > x + w)
			break;
		canvas_text(c, cx, y, "ln", ROLE_DIM, 2);
		canvas_text(c, cx + 3, y, "tid", ROLE_DIM, tw);
		canvas_text(c, cx + ex, y, hdr, ROLE_DIM, elen + 2);
		if (shared)
			canvas_text(c, cx + ex + 3 + elen, y, "bank",
			    ROLE_DIM, 4);
		for (r = 0; r < rows && r + 1 < h; r++) {
			l = g * rows + r;
			if (l >= a->nlanes)
				break;
			canvas_printf(c, cx, y + 1 + r, ROLE_LANE, 2, "%2d",
			    l);
			if (!(a->exists & (UINT32_C(1) << l))) {
				canvas_text(c, cx + 3, y + 1 + r, "no thread",
				    ROLE_LANE_INACTIVE, ew - 5);
				continue;
			}
			role = panel_lane_role(m, l, degree);
			snprintf(tid, sizeof tid, "%d,%d", a->tid[l][0],
			    a->tid[l][1]);
			canvas_text(c, cx + 3, y + 1 + r, tid,
			    role == ROLE_LANE_INACTIVE ? ROLE_LANE_INACTIVE :
			    ROLE_NORMAL, tw);
			canvas_put(c, cx + ex, y + 1 + r, canvas_glyph(c, role),
			    role);
			if (role == ROLE_LANE_INACTIVE) {
				canvas_text(c, cx + ex + 2, y + 1 + r,
				    "off", ROLE_LANE_INACTIVE, elen + 2);
				continue;
			}
			panel_element(m, l, el, sizeof el);
			canvas_text(c, cx + ex + 2, y + 1 + r, el, ROLE_NORMAL,
			    elen);
			if (shared)
				canvas_printf(c, cx + ex + 3 + elen, y + 1 + r,
				    role, 4, "%4d", m->res.s.bank[l]);
		}
	}
	return rows + 1;
}

/* Describe the step between two lanes' elements. */
static const char *
panel_step_text(const struct launch_array *a, int64_t d, char *buf,
    size_t len)
{
	if (a->def->dims[0] != NULL && a->cols > 0) {
		if (d == 1)
			return "along a row";
		if (d == a->cols)
			return "down a column";
		if (d % a->cols == 0)
			snprintf(buf, len, "every %" PRId64 " rows",
			    d / a->cols);
		else
			snprintf(buf, len, "%" PRId64 " apart", d);
		return buf;
	}
	if (d == 1)
		return "consecutive";
	snprintf(buf, len, "stride %" PRId64, d);
	return buf;
}

static int
panel_lane_runs_in(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const struct launch_array	*arr = &m->l->arrays[s->array];
	const char			*name = arr->def->name;
	uint32_t			 bit;
	int64_t				 d;
	int				 row = 0, l, e, more = 0, n;
	char				 e0[32], e1[32], st[48], buf[160];

	for (l = 0; l < a->nlanes; l = e + 1) {
		bit = UINT32_C(1) << l;
		if (!(a->active & bit)) {
			/* A run of inactive or missing lanes. */
			int gone = !(a->exists & bit);

			for (e = l; e + 1 < a->nlanes; e++) {
				bit = UINT32_C(1) << (e + 1);
				if ((a->active & bit) ||
				    (!(a->exists & bit)) != gone)
					break;
			}
			if (row >= h) {
				more++;
				continue;
			}
			if (e > l)
				snprintf(buf, sizeof buf, "lanes %d-%d", l, e);
			else
				snprintf(buf, sizeof buf, "lane %d", l);
			n = canvas_printf(c, x, y + row, ROLE_LANE, w, "%-12s",
			    buf);
			canvas_text(c, x + n, y + row, gone ?
			    "no thread (the block ends)" :
			    "inactive (the guard is false)",
			    ROLE_LANE_INACTIVE, w - n);
			row++;
			continue;
		}
		e = l;
		d = 0;
		if (l + 1 < a->nlanes && (a->active & (bit << 1))) {
			d = a->index[l + 1] - a->index[l];
			for (e = l + 1; e + 1 < a->nlanes &&
			    (a->active & (UINT32_C(1) << (e + 1))) &&
			    a->index[e + 1] - a->index[e] == d; e++)
				/* nothing */;
		}
		if (row >= h) {
			more++;
			continue;
		}
		panel_element(m, l, e0, sizeof e0);
		panel_element(m, e, e1, sizeof e1);
		if (w < 44)
			snprintf(buf, sizeof buf, e > l ? "%d-%d" : "%d", l,
			    e);
		else if (e > l)
			snprintf(buf, sizeof buf, "lanes %d-%d", l, e);
		else
			snprintf(buf, sizeof buf, "lane %d", l);
		n = canvas_printf(c, x, y + row, ROLE_LANE, w, w < 44 ?
		    "%-6s" : "%-12s", buf);
		if (e == l)
			snprintf(buf, sizeof buf, "%s[%s]", name, e0);
		else if (d == 0)
			snprintf(buf, sizeof buf, w < 44 ? "%s[%s] all %d "
			    "same" : "%s[%s]  all %d the same element", name,
			    e0, e - l + 1);
		else
			snprintf(buf, sizeof buf, "%s[%s] %s %s[%s]  %s", name,
			    e0, c->ascii ? ".." : "\xe2\x80\xa6", name, e1,
			    panel_step_text(arr, d, st, sizeof st));
		canvas_text(c, x + n, y + row, buf, ROLE_NORMAL, w - n);
		row++;
	}
	if (more > 0 && h > 0) {
		canvas_fill(c, x, y + h - 1, w, 1, ' ', ROLE_NORMAL);
		canvas_printf(c, x, y + h - 1, ROLE_DIM, w, "... %d more runs "
		    "of lanes", more + 1);
	}
	return row;
}

/* --- memory: global sectors ------------------------------------------- */

/* Collect the lines the active lanes touch, sorted; returns the count. */
static int
panel_lines(const struct view_model *m, struct panel_line *lines, int max)
{
	const struct access	*a = &m->acc;
	int			 size = m->l->sites[a->site].size, n = 0;
	int			 l, i, j;
	int64_t			 w, ln;
	struct panel_line	 t;

	for (l = 0; l < a->nlanes; l++) {
		if (!(a->active & (UINT32_C(1) << l)))
			continue;
		for (w = panel_floordiv(a->addr[l], 4);
		    w <= panel_floordiv(a->addr[l] + size - 1, 4); w++) {
			ln = panel_floordiv(w, PANEL_WORDS);
			for (i = 0; i < n; i++)
				if (lines[i].line == ln)
					break;
			if (i == n) {
				if (n == max)
					continue;
				memset(&lines[n], 0, sizeof lines[n]);
				lines[n++].line = ln;
			}
			lines[i].word[w - ln * PANEL_WORDS] |=
			    UINT32_C(1) << l;
		}
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && lines[j - 1].line > lines[j].line; j--) {
			t = lines[j];
			lines[j] = lines[j - 1];
			lines[j - 1] = t;
		}
	return n;
}

/* Lanes touching sector s of a line. */
static uint32_t
panel_sector_lanes(const struct panel_line *pl, int s)
{
	uint32_t	mask = 0;
	int		i;

	for (i = 0; i < PANEL_SWORDS; i++)
		mask |= pl->word[s * PANEL_SWORDS + i];
	return mask;
}

/*
 * Draw one line: each sector as sc cells (16: two per word, 8: one per
 * word, 4: one per two words), grouped by sector; used words in the
 * request's class, unused words of a moved sector as waste, sectors not
 * moved dotted.  Lanes go on the row below.
 */
static void
panel_draw_line(struct canvas *c, int x, int y, int sc, int lanes_row,
    const struct panel_line *pl, enum role cls, int hexw)
{
	uint32_t	mask, used;
	int		s, i, k, w0, w1, cx;
	enum role	role;
	uint32_t	ch;
	char		buf[64];

	if (hexw > 0)
		canvas_printf(c, x, y, ROLE_DIM, hexw, "%0*" PRIx64, hexw,
		    pl->line * RULES_LINE);
	cx = x + (hexw > 0 ? hexw + 1 : 0);
	for (s = 0; s < 4; s++) {
		canvas_put(c, cx, y, 0x2502, ROLE_BORDER);
		mask = panel_sector_lanes(pl, s);
		for (i = 0; i < sc; i++) {
			w0 = i * PANEL_SWORDS / sc;
			w1 = (i + 1) * PANEL_SWORDS / sc;
			if (w1 <= w0)
				w1 = w0 + 1;
			for (used = 0, k = w0; k < w1; k++)
				used |= pl->word[s * PANEL_SWORDS + k];
			if (used != 0)
				role = cls;
			else if (mask != 0)
				role = ROLE_WASTE;
			else
				role = ROLE_DIM;
			ch = role == ROLE_DIM ? 0x00b7 : canvas_glyph(c, role);
			if (role == ROLE_DIM && sc > PANEL_SWORDS &&
			    i % 2 == 1)
				ch = ' ';
			canvas_put(c, cx + 1 + i, y, ch, role);
		}
		if (lanes_row && mask != 0) {
			panel_lanes_text(mask, buf, sizeof buf, sc);
			canvas_text(c, cx + 1, y + 1, buf, ROLE_LANE, sc);
		}
		cx += 1 + sc;
	}
	canvas_put(c, cx, y, 0x2502, ROLE_BORDER);
}

/* Width of the hex address label of the lines shown. */
static int
panel_hexw(const struct panel_line *lines, int n)
{
	char	buf[32];
	int	w = 0, i, k;

	for (i = 0; i < n; i++) {
		k = snprintf(buf, sizeof buf, "%" PRIx64,
		    lines[i].line * RULES_LINE);
		if (k > w)
			w = k;
	}
	return w;
}

/*
 * A window of a matrix around the touched elements: touched cells in the
 * request's class, others dotted.  Rows and columns are numbered.
 */
static int
panel_matrix(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, enum role cls)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const struct launch_array	*arr = &m->l->arrays[s->array];
	int64_t				 r0 = INT64_MAX, c0 = INT64_MAX;
	int64_t				 r1 = -1, c1 = -1, r, col, top, left;
	int64_t				 i;
	int				 l, rw, nrows, ncols, yy, xx, hit, cap;
	char				 buf[96];

	if (arr->def->dims[0] == NULL || arr->cols <= 0 || w < 16 || h < 4)
		return 0;
	for (l = 0; l < a->nlanes; l++) {
		if (!(a->active & (UINT32_C(1) << l)))
			continue;
		r = a->index[l] / arr->cols;
		col = a->index[l] % arr->cols;
		if (r < r0)
			r0 = r;
		if (r > r1)
			r1 = r;
		if (col < c0)
			c0 = col;
		if (col > c1)
			c1 = col;
	}
	if (r1 < 0)
		return 0;
	rw = snprintf(buf, sizeof buf, "%" PRId64, r0 + h);
	if (rw < 2)
		rw = 2;
	nrows = h - 2;
	if (r1 - r0 + 2 > nrows)
		nrows--;	/* room for "rows to N below" */
	ncols = w - rw - 1;
	top = r0 > 0 ? r0 - 1 : 0;
	left = c0 > 0 ? c0 - 1 : 0;
	if (c1 - c0 + 3 <= ncols && left + ncols > arr->cols)
		left = arr->cols - ncols > 0 ? arr->cols - ncols : 0;
	if (top + nrows > arr->rows)
		top = arr->rows - nrows > 0 ? arr->rows - nrows : 0;
	snprintf(buf, sizeof buf, "%s is %" PRId64 "x%" PRId64,
	    arr->def->name, arr->rows, arr->cols);
	canvas_text(c, x, y, buf, ROLE_DIM, w);
	/* Column ruler: a number every 8 columns. */
	for (i = 0; i < ncols && left + i < arr->cols; i++)
		if ((left + i) % 8 == 0) {
			cap = canvas_printf(c, x + rw + 1 + (int)i, y + 1,
			    ROLE_DIM, ncols - (int)i, "%" PRId64, left + i);
			i += cap > 0 ? cap - 1 : 0;
		}
	for (yy = 0; yy < nrows && top + yy < arr->rows; yy++) {
		r = top + yy;
		canvas_printf(c, x, y + 2 + yy, ROLE_DIM, rw, "%*" PRId64, rw,
		    r);
		for (xx = 0; xx < ncols && left + xx < arr->cols; xx++) {
			col = left + xx;
			hit = 0;
			for (l = 0; l < a->nlanes && !hit; l++)
				if ((a->active & (UINT32_C(1) << l)) &&
				    a->index[l] == r * arr->cols + col)
					hit = 1;
			if (hit)
				canvas_put(c, x + rw + 1 + xx, y + 2 + yy,
				    canvas_glyph(c, cls), cls);
			else
				canvas_put(c, x + rw + 1 + xx, y + 2 + yy,
				    0x00b7, ROLE_DIM);
		}
	}
	if (r1 >= top + nrows)
		canvas_printf(c, x, y + 2 + nrows, ROLE_DIM, w, "%s down to "
		    "row %" PRId64, c->ascii ? "v" : "\xe2\x86\x93", r1);
	return h;
}

static int
panel_global(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int window)
{
	struct panel_line	 lines[PANEL_MAX_LINES];
	enum role		 cls = panel_class_role(m->res.g.class);
	int			 n, i, sc, hexw, show, yy, sectors, s, mw;

	n = panel_lines(m, lines, PANEL_MAX_LINES);
	hexw = panel_hexw(lines, n);
	mw = window ? 24 : 0;
	if (m->l->arrays[m->l->sites[m->acc.site].array].def->dims[0] == NULL)
		mw = 0;
	/* Sector width: two columns a word, one, or one per two words. */
	if (w >= hexw + 1 + 4 * 17 + 1 + (mw ? mw + 2 : 0))
		sc = 16;
	else if (w >= 4 * 9 + 1)
		sc = 8;
	else
		sc = 4;
	if (w < hexw + 1 + 4 * (sc + 1) + 1 + (mw ? mw + 2 : 0))
		mw = 0;
	else if (mw > 0) {
		/* The window takes what the lines leave, up to 64. */
		mw = w - (hexw + 1 + 4 * (sc + 1) + 1) - 3;
		if (mw > 64)
			mw = 64;
	}
	if (w < hexw + 1 + 4 * (sc + 1) + 1)
		hexw = 0;
	/* Ruler: the byte offset of each sector within its line. */
	canvas_text(c, x, y, "line", ROLE_DIM, hexw);
	for (s = 0; s < 4; s++)
		canvas_printf(c, x + (hexw ? hexw + 1 : 0) + 1 +
		    s * (sc + 1), y, ROLE_DIM, sc, "+%d", s * RULES_SECTOR);
	show = (h - 1) / 2;
	if (show < n && show > 0 && (h - 1) % 2 == 0)
		show--;		/* room for the "more" row */
	for (i = 0, yy = y + 1; i < n && i < show; i++, yy += 2)
		panel_draw_line(c, x, yy, sc, 1, &lines[i], cls, hexw);
	if (i < n) {
		for (sectors = 0; i < n; i++)
			for (s = 0; s < 4; s++)
				sectors += panel_sector_lanes(&lines[i], s) !=
				    0;
		canvas_printf(c, x, yy, ROLE_DIM, w, "... %d more lines, %d "
		    "more sectors", n - show, sectors);
		yy++;
	}
	if (mw > 0) {
		i = x + w - mw;
		panel_matrix(c, i, y, mw, h, m, cls);
	}
	return yy - y;
}

/* --- memory: legacy segments ------------------------------------------ */

static int
panel_legacy(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct rules_legacy	*lg = &m->res.l;
	const struct access		*a = &m->acc;
	int				 size = m->l->sites[a->site].size;
	int				 i, k, l, words, cw, row, half, segs[2];
	int				 act[2], hexw = 0, cx, used;
	int64_t				 wa;
	enum role			 role;
	char				 buf[64];

	segs[0] = segs[1] = act[0] = act[1] = 0;
	for (i = 0; i < lg->transactions && i < RULES_MAX_SEGMENTS; i++) {
		segs[lg->seg[i].half & 1]++;
		k = snprintf(buf, sizeof buf, "%" PRIx64, lg->seg[i].addr);
		if (k > hexw)
			hexw = k;
	}
	for (l = 0; l < a->nlanes; l++)
		if (a->active & (UINT32_C(1) << l))
			act[l >= a->nlanes / 2 && a->nlanes > 1]++;
	cw = w >= 8 + hexw + 6 + 64 + 12 ? 2 : 1;
	canvas_text(c, x, y, "half size address  words of the segment "
	    "(4 B each)", ROLE_DIM, w);
	for (i = 0, row = 1; i < lg->transactions && row < h; i++, row++) {
		if (row == h - 1 && i + 1 < lg->transactions) {
			canvas_printf(c, x, y + row, ROLE_DIM, w, "... %d more "
			    "segments", lg->transactions - i);
			row++;
			break;
		}
		half = lg->seg[i].half & 1;
		if (segs[half] <= 1)
			role = ROLE_COALESCED;
		else if (segs[half] >= act[half])
			role = ROLE_UNCOALESCED;
		else
			role = ROLE_SPLIT;
		cx = x + canvas_printf(c, x, y + row, ROLE_NORMAL, w,
		    " h%d %4dB %0*" PRIx64 " ", half, lg->seg[i].size, hexw,
		    lg->seg[i].addr);
		words = lg->seg[i].size / 4;
		canvas_put(c, cx, y + row, 0x2502, ROLE_BORDER);
		for (k = 0; k < words; k++) {
			wa = lg->seg[i].addr + 4 * k;
			used = 0;
			for (l = 0; l < a->nlanes; l++)
				if ((lg->seg[i].lanes & (UINT32_C(1) << l)) &&
				    a->addr[l] < wa + 4 &&
				    a->addr[l] + size > wa)
					used = 1;
			canvas_put(c, cx + 1 + k * cw, y + row,
			    canvas_glyph(c, used ? role : ROLE_WASTE),
			    used ? role : ROLE_WASTE);
			if (cw == 2)
				canvas_put(c, cx + 2 + k * cw, y + row,
				    canvas_glyph(c, used ? role : ROLE_WASTE),
				    used ? role : ROLE_WASTE);
		}
		canvas_put(c, cx + 1 + words * cw, y + row, 0x2502,
		    ROLE_BORDER);
		panel_lanes_text(lg->seg[i].lanes, buf, sizeof buf, 20);
		canvas_printf(c, cx + 3 + 32 * cw, y + row, ROLE_LANE,
		    w - (cx + 3 + 32 * cw - x), "lanes %s", buf);
	}
	return row;
}

/* --- memory: shared banks --------------------------------------------- */

static int
panel_shared(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access	*a = &m->acc;
	int64_t			 words[RULES_BANKS][RULES_MAX_LANES], wd;
	uint32_t		 lanes[RULES_BANKS][RULES_MAX_LANES];
	int			 n[RULES_BANKS], b, l, i, k, cw, lab, stack;
	int			 bx, more;
	enum role		 role;
	uint32_t		 ch;
	char			 buf[64];

	memset(n, 0, sizeof n);
	for (l = 0; l < a->nlanes; l++) {
		if (!(a->active & (UINT32_C(1) << l)))
			continue;
		wd = panel_floordiv(a->addr[l], RULES_BANK_WIDTH);
		b = (int)(((wd % RULES_BANKS) + RULES_BANKS) % RULES_BANKS);
		for (i = 0; i < n[b]; i++)
			if (words[b][i] == wd)
				break;
		if (i == n[b]) {
			words[b][i] = wd;
			lanes[b][i] = 0;
			n[b]++;
		}
		lanes[b][i] |= UINT32_C(1) << l;
	}
	lab = 6;
	if (w >= lab + 3 * RULES_BANKS)
		cw = 3;
	else if (w >= lab + 2 * RULES_BANKS)
		cw = 2;
	else
		cw = 1;
	if (w < lab + cw * RULES_BANKS)
		lab = 0;
	canvas_text(c, x, y, "bank", ROLE_DIM, lab);
	for (b = 0; b < RULES_BANKS; b += cw == 3 ? 1 : 8 / cw)
		canvas_printf(c, x + lab + b * cw, y, ROLE_DIM, 8, "%*d",
		    cw == 3 ? 2 : 1, b);
	/* Words stacked per bank, one row each; the bottom row counts. */
	for (k = 0, b = 0; b < RULES_BANKS; b++)
		if (n[b] > k)
			k = n[b];
	stack = h - 3;
	if (stack > k)
		stack = k;
	if (stack < 1)
		stack = 1;
	for (k = 0; k < stack; k++) {
		if (lab > 0)
			canvas_text(c, x, y + 1 + k, k == 0 ? "words" : "",
			    ROLE_DIM, lab);
		for (b = 0; b < RULES_BANKS; b++) {
			bx = x + lab + b * cw;
			if (k >= n[b]) {
				if (k == 0)
					canvas_put(c, bx + cw - 1, y + 1,
					    0x00b7, ROLE_DIM);
				continue;
			}
			role = panel_bank_role(n[b]);
			more = n[b] - stack + 1;
			if (k == stack - 1 && more > 1) {
				/* More words than rows: n-way counts them. */
				for (i = 0; i < cw - (cw == 3); i++)
					canvas_put(c, bx + (cw == 3) + i,
					    y + 1 + k, 0x22ee, role);
				continue;
			}
			if (__builtin_popcount(lanes[b][k]) > 1)
				ch = canvas_glyph(c, ROLE_BROADCAST);
			else
				ch = canvas_glyph(c, role);
			for (i = 0; i < cw - (cw == 3); i++)
				canvas_put(c, bx + (cw == 3) + i, y + 1 + k,
				    ch, __builtin_popcount(lanes[b][k]) > 1 ?
				    ROLE_BROADCAST : role);
		}
	}
	if (lab > 0)
		canvas_text(c, x, y + 1 + stack, "n-way", ROLE_DIM, lab);
	for (b = 0; b < RULES_BANKS; b++) {
		if (n[b] == 0)
			continue;
		if (cw == 1 && n[b] > 9 && (b + 1 == RULES_BANKS ||
		    n[b + 1] != 0))
			canvas_put(c, x + lab + b, y + 1 + stack, '+',
			    panel_bank_role(n[b]));
		else if (cw == 1 && n[b] > 9)
			canvas_printf(c, x + lab + b, y + 1 + stack,
			    panel_bank_role(n[b]), 2, "%d", n[b]);
		else
			canvas_printf(c, x + lab + b * cw, y + 1 + stack,
			    panel_bank_role(n[b]), cw, "%*d", cw, n[b]);
	}
	/* Which lanes read the busiest bank's words. */
	for (b = 0, k = 0; k < RULES_BANKS; k++)
		if (n[k] > n[b])
			b = k;
	if (n[b] == 1)
		canvas_text(c, x, y + 2 + stack, "every bank serves at most "
		    "one word: one pass", ROLE_NORMAL, w);
	else if (n[b] > 0) {
		uint32_t all = 0;

		for (i = 0; i < n[b]; i++)
			all |= lanes[b][i];
		panel_lanes_text(all, buf, sizeof buf, 20);
		canvas_printf(c, x, y + 2 + stack, ROLE_NORMAL, w, "busiest:"
		    " bank %d, %d distinct word%s, lanes %s", b, n[b],
		    n[b] == 1 ? "" : "s", buf);
	}
	return stack + 3;
}

/* --- memory: constant ------------------------------------------------- */

static int
panel_constant(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const char			*name;
	int64_t				 addr[RULES_MAX_LANES];
	uint32_t			 lanes[RULES_MAX_LANES];
	int64_t				 idx[RULES_MAX_LANES];
	int				 n = 0, i, l, cols, ew, row, col;
	enum role			 role;
	char				 buf[64], lt[32];

	name = m->l->arrays[s->array].def->name;
	for (l = 0; l < a->nlanes; l++) {
		if (!(a->active & (UINT32_C(1) << l)))
			continue;
		for (i = 0; i < n; i++)
			if (addr[i] == a->addr[l])
				break;
		if (i == n) {
			addr[n] = a->addr[l];
			idx[n] = a->index[l];
			lanes[n++] = 0;
		}
		lanes[i] |= UINT32_C(1) << l;
	}
	if (n == 1)
		canvas_text(c, x, y, "one address: one read, broadcast to "
		    "every lane", ROLE_DIM, w);
	else
		canvas_printf(c, x, y, ROLE_DIM, w, "%d distinct addresses, "
		    "read one after another:", n);
	ew = 24;
	cols = w / ew > 0 ? w / ew : 1;
	for (i = 0; i < n; i++) {
		row = 1 + i % (h - 1 > 0 ? h - 1 : 1);
		col = i / (h - 1 > 0 ? h - 1 : 1);
		if (col >= cols) {
			canvas_printf(c, x + (cols - 1) * ew, y + h - 1,
			    ROLE_DIM, ew, "... %d more", n - i + 1);
			break;
		}
		role = __builtin_popcount(lanes[i]) > 1 ? ROLE_BROADCAST :
		    ROLE_UNCOALESCED;
		panel_lanes_text(lanes[i], lt, sizeof lt, 8);
		snprintf(buf, sizeof buf, "%2d %s[%" PRId64 "]", i + 1, name,
		    idx[i]);
		canvas_put(c, x + col * ew, y + row, canvas_glyph(c, role),
		    role);
		canvas_text(c, x + col * ew + 2, y + row, buf, ROLE_NORMAL,
		    13);
		canvas_printf(c, x + col * ew + 15, y + row, ROLE_LANE, ew - 16,
		    "%s%s", __builtin_popcount(lanes[i]) > 1 ? "" : "ln ", lt);
	}
	return n + 1 < h ? n + 1 : h;
}

static int
panel_memory_in(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int window)
{
	if (h < 2 || w < 10)
		return 0;
	if (m->res.active == 0) {
		canvas_text(c, x, y, "no active lane: this step makes no "
		    "request", ROLE_DIM, w);
		return 1;
	}
	switch (m->res.space) {
	case SPACE_GLOBAL:
		if (m->arch == ARCH_LEGACY)
			return panel_legacy(c, x, y, w, h, m);
		return panel_global(c, x, y, w, h, m, window);
	case SPACE_SHARED:
		return panel_shared(c, x, y, w, h, m);
	case SPACE_CONSTANT:
		return panel_constant(c, x, y, w, h, m);
	}
	return 0;
}

/* Put glyph and words; returns the columns used. */
static int
panel_key(struct canvas *c, int x, int y, int w, enum role role,
    const char *text)
{
	int	n;

	if (w < 4)
		return 0;
	canvas_put(c, x, y, canvas_glyph(c, role), role);
	n = canvas_text(c, x + 2, y, text, ROLE_DIM, w - 2);
	return n + 4;
}

int
panel_legend(struct canvas *c, int x, int y, int w,
    const struct view_model *m)
{
	int	n = 0;

	switch (m->res.space) {
	case SPACE_GLOBAL:
		n += panel_key(c, x + n, y, w - n, ROLE_COALESCED,
		    "coalesced");
		n += panel_key(c, x + n, y, w - n, ROLE_SPLIT, "split");
		n += panel_key(c, x + n, y, w - n, ROLE_UNCOALESCED,
		    "uncoalesced");
		n += panel_key(c, x + n, y, w - n, ROLE_BROADCAST, "broadcast");
		n += panel_key(c, x + n, y, w - n, ROLE_WASTE, "unused");
		canvas_put(c, x + n, y, 0x00b7, ROLE_DIM);
		n += 2 + canvas_text(c, x + n + 2, y, "not moved", ROLE_DIM,
		    w - n - 2);
		break;
	case SPACE_SHARED:
		n += panel_key(c, x + n, y, w - n, ROLE_BANK_FREE,
		    "no conflict");
		n += panel_key(c, x + n, y, w - n, ROLE_CONFLICT_LOW,
		    "2-3 way");
		n += panel_key(c, x + n, y, w - n, ROLE_CONFLICT_MID,
		    "4-15 way");
		n += panel_key(c, x + n, y, w - n, ROLE_CONFLICT_HIGH,
		    "16+ way");
		n += panel_key(c, x + n, y, w - n, ROLE_BROADCAST,
		    "one word, many lanes");
		break;
	case SPACE_CONSTANT:
		n += panel_key(c, x + n, y, w - n, ROLE_BROADCAST,
		    "one read for many lanes");
		n += panel_key(c, x + n, y, w - n, ROLE_UNCOALESCED,
		    "a read for one lane");
		break;
	}
	return 1;
}

/* --- counts ----------------------------------------------------------- */

static int
panel_pct(int64_t part, int64_t whole)
{
	return whole > 0 ? (int)((part * 100 + whole / 2) / whole) : 0;
}

static double
panel_ratio(int64_t a, int64_t b)
{
	return b > 0 ? (double)a / (double)b : 0.0;
}

/*
 * A kind's totals on one or two lines: so far as counts, over the launch
 * per request.  Returns the lines used (at most h).
 */
static int
panel_kind_line(struct canvas *c, int x, int y, int w, int h,
    const char *name, const struct site_totals *t, enum arch arch,
    int per_request)
{
	int	row = 0, n;

	if (t->requests == 0 || h < 1)
		return 0;
	n = canvas_printf(c, x, y, ROLE_DIM, w, "%-7s", name);
	if (t->wavefronts + t->ideal_wavefronts > 0 && t->sectors == 0) {
		if (per_request)
			canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%.2f "
			    "wavefronts/req", panel_ratio(t->wavefronts,
			    t->requests));
		else
			canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%"
			    PRId64 " wavefront%s in %" PRId64 " req",
			    t->wavefronts, t->wavefronts == 1 ? "" : "s",
			    t->requests);
		if (h < 2)
			return 1;
		if (per_request)
			canvas_printf(c, x + n, y + 1, ROLE_DIM, w - n, "ideal "
			    "%.2f", panel_ratio(t->ideal_wavefronts,
			    t->requests));
		else
			canvas_printf(c, x + n, y + 1, ROLE_DIM, w - n, "ideal "
			    "%" PRId64, t->ideal_wavefronts);
		return 2;
	}
	if (t->sectors == 0) {
		if (per_request)
			canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%.2f "
			    "serial reads/req", panel_ratio(t->serial,
			    t->requests));
		else
			canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%"
			    PRId64 " serial read%s in %" PRId64 " req",
			    t->serial, t->serial == 1 ? "" : "s", t->requests);
		return 1;
	}
	if (per_request)
		canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%.2f sectors/"
		    "req", panel_ratio(t->sectors, t->requests));
	else
		canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%" PRId64
		    " sector%s in %" PRId64 " req", t->sectors,
		    t->sectors == 1 ? "" : "s", t->requests);
	row++;
	if (row < h && arch == ARCH_LEGACY) {
		canvas_printf(c, x + n, y + row++, ROLE_NORMAL, w - n,
		    "%.2f segments/req", panel_ratio(t->transactions,
		    t->requests));
	}
	if (row < h) {
		if (per_request)
			canvas_printf(c, x + n, y + row, ROLE_DIM, w - n,
			    "ideal %.2f, %d%% used",
			    panel_ratio(t->ideal, t->requests),
			    panel_pct(t->bytes_used, t->bytes_moved));
		else
			canvas_printf(c, x + n, y + row, ROLE_DIM, w - n,
			    "ideal %" PRId64 ", %d%% used", t->ideal,
			    panel_pct(t->bytes_used, t->bytes_moved));
		row++;
	}
	return row;
}

/* The kinds of a totals struct, each on a line or two. */
static int
panel_kinds(struct canvas *c, int x, int y, int w, int h,
    const struct totals *t, int per_request)
{
	struct site_totals	 g;
	int			 row = 0;

	memset(&g, 0, sizeof g);
	totals_merge(&g, &t->global_load);
	totals_merge(&g, &t->global_store);
	row += panel_kind_line(c, x, y + row, w, h - row, "global", &g,
	    t->arch, per_request);
	memset(&g, 0, sizeof g);
	totals_merge(&g, &t->shared_load);
	totals_merge(&g, &t->shared_store);
	row += panel_kind_line(c, x, y + row, w, h - row, "shared", &g,
	    t->arch, per_request);
	row += panel_kind_line(c, x, y + row, w, h - row, "const",
	    &t->constant, t->arch, per_request);
	return row;
}

static int
panel_counts_in(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int so_far)
{
	const struct access_result	*r = &m->res;
	const struct launch_site	*s = &m->l->sites[m->acc.site];
	enum role			 role;
	int				 row = 0, n, k;
	char				 buf[160];

	if (h < 1 || w < 16)
		return 0;
	if (so_far != 0 || w >= 30)
		canvas_printf(c, x, y + row++, ROLE_HEADING, w, "this step: "
		    "%s %s", s->op == OP_LOAD ? "load" : "store", s->text);
	if (row < h && r->active == 0)
		canvas_text(c, x, y + row++, "no active lane, no request",
		    ROLE_DIM, w);
	else if (row < h && r->space == SPACE_GLOBAL) {
		role = panel_class_role(r->g.class);
		canvas_put(c, x + 1, y + row, canvas_glyph(c, role), role);
		n = 3 + canvas_printf(c, x + 3, y + row, role, w - 3, "%s",
		    rules_class_name(r->g.class));
		k = snprintf(buf, sizeof buf, "  %d sector%s (ideal %d)",
		    r->g.sectors, r->g.sectors == 1 ? "" : "s", r->g.ideal);
		if (n + k > w && row + 1 < h) {
			row++;
			n = 1;
		}
		canvas_text(c, x + n, y + row++, buf, ROLE_NORMAL, w - n);
		if (row < h && m->arch == ARCH_LEGACY)
			canvas_printf(c, x + 3, y + row++, ROLE_NORMAL, w - 3,
			    "%d segment%s: %d B for %d B used",
			    r->l.transactions, r->l.transactions == 1 ? "" :
			    "s", r->l.bytes_moved, r->l.bytes_used);
		else if (row < h)
			canvas_printf(c, x + 3, y + row++, r->g.sectors >
			    r->g.ideal ? ROLE_WARN : ROLE_GOOD, w - 3, "%d B "
			    "moved, %d used: %d%%", r->g.sectors *
			    RULES_SECTOR, r->g.bytes_used,
			    panel_pct(r->g.bytes_used, r->g.sectors *
			    RULES_SECTOR));
	} else if (row < h && r->space == SPACE_SHARED) {
		role = panel_bank_role(r->s.degree);
		canvas_put(c, x + 1, y + row, canvas_glyph(c, role), role);
		if (r->s.degree <= 1)
			n = 3 + canvas_text(c, x + 3, y + row, "no conflict",
			    role, w - 3);
		else
			n = 3 + canvas_printf(c, x + 3, y + row, role, w - 3,
			    "%d-way conflict", r->s.degree);
		k = snprintf(buf, sizeof buf, "  %d wavefront%s (ideal %d)",
		    r->s.wavefronts, r->s.wavefronts == 1 ? "" : "s",
		    r->s.ideal);
		if (n + k > w && row + 1 < h) {
			row++;
			n = 1;
		}
		canvas_text(c, x + n, y + row++, buf, ROLE_NORMAL, w - n);
		if (row < h && s->size > 4)
			canvas_printf(c, x + 3, y + row++, ROLE_DIM, w - 3,
			    "%d-byte access: phases of %d lanes", s->size,
			    s->size == 8 ? 16 : 8);
	} else if (row < h) {
		role = r->c.serial <= 1 ? ROLE_BROADCAST : ROLE_UNCOALESCED;
		canvas_put(c, x + 1, y + row, canvas_glyph(c, role), role);
		canvas_printf(c, x + 3, y + row++, role, w - 3, "%d serial "
		    "read%s for %d lanes", r->c.serial, r->c.serial == 1 ?
		    "" : "s", r->c.active);
	}
	if (so_far && row + 1 < h) {
		canvas_printf(c, x, y + row++, ROLE_HEADING, w, "so far, "
		    "steps 0-%" PRId64 " of this warp", m->step);
		row += panel_kinds(c, x + 1, y + row, w - 1, h - row,
		    &m->so_far, 0);
	}
	if (m->whole != NULL && row + 1 < h) {
		snprintf(buf, sizeof buf, "whole launch, %" PRId64 " warps",
		    launch_total_warps(m->l));
		canvas_text(c, x, y + row++, buf, ROLE_HEADING, w);
		row += panel_kind_line(c, x + 1, y + row, w - 1, h - row,
		    "access", &m->whole->site[m->acc.site], m->arch, 1);
		row += panel_kinds(c, x + 1, y + row, w - 1, h - row,
		    m->whole, 1);
	}
	return row;
}

/* --- clipped entry points --------------------------------------------- */

int
panel_source(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	int	saved[4], n;

	panel_enter(c, x, y, w, h, saved);
	n = panel_source_in(c, x, y, w, h, m);
	panel_leave(c, saved);
	return n;
}

int
panel_lanes_table(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	int	saved[4], n;

	panel_enter(c, x, y, w, h, saved);
	n = panel_lanes_table_in(c, x, y, w, h, m);
	panel_leave(c, saved);
	return n;
}

int
panel_lane_runs(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	int	saved[4], n;

	panel_enter(c, x, y, w, h, saved);
	n = panel_lane_runs_in(c, x, y, w, h, m);
	panel_leave(c, saved);
	return n;
}

int
panel_memory(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int window)
{
	int	saved[4], n;

	panel_enter(c, x, y, w, h, saved);
	n = panel_memory_in(c, x, y, w, h, m, window);
	panel_leave(c, saved);
	return n;
}

int
panel_counts(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int so_far)
{
	int	saved[4], n;

	panel_enter(c, x, y, w, h, saved);
	n = panel_counts_in(c, x, y, w, h, m, so_far);
	panel_leave(c, saved);
	return n;
}
