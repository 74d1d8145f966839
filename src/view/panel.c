/* SPDX-License-Identifier: ISC
 * panel.c - what the panels share: drawing one clipped to its rectangle,
 * the roles of classes and banks, lane and element text, wrapped text,
 * heading rules and the status line.
 *
 * Each panel lives in its own file (panel-source.c, panel-lanes.c,
 * panel-memory.c, panel-counts.c, panel-gpu.c).  Must not print, allocate
 * per frame beyond the stack, or know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"

/*
 * Narrow the clip rectangle to x, y, w, h for the panel and restore it
 * after: a panel never writes outside its rectangle.
 */
int
panel_draw(const struct panel *p, struct canvas *c, int x, int y, int w,
    int h, const struct view_model *m, int arg)
{
	int	saved[4], n;

	memcpy(saved, c->clip, sizeof saved);
	if (x > c->clip[0])
		c->clip[0] = x;
	if (y > c->clip[1])
		c->clip[1] = y;
	if (x + w < c->clip[2])
		c->clip[2] = x + w;
	if (y + h < c->clip[3])
		c->clip[3] = y + h;
	n = p->draw(c, x, y, w, h, m, arg);
	memcpy(c->clip, saved, sizeof c->clip);
	return n;
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

	used = snprintf(buf, len, "%s %s", arch_op_name(s->op), s->text);
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
	return panel_wrap_hang(c, x, y, w, h, text, role, 0);
}

int
panel_wrap_hang(struct canvas *c, int x, int y, int w, int h,
    const char *text, enum role role, int hang)
{
	const char	*p = text, *q, *brk;
	int		 row = 0, cols, n, len;
	char		 buf[512];

	if (text == NULL || w < 4 + hang || h < 1)
		return 0;
	while (*p != '\0' && row < h) {
		if (row == 1) {
			/* The rows after the first hang under it. */
			x += hang;
			w -= hang;
		}
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
			/* One word wider than w: it is cut (and recorded so). */
			canvas_cut(c, x + w, y + row, "(a word wider than the "
			    "box)", p);
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
			canvas_cut(c, x + n, y + row, "\xe2\x80\xa6", p);
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
	char		 buf[512];

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
	/* Whole hints only: the ones that do not fit are left out. */
	snprintf(buf, sizeof buf, "%s", keys);
	panel_fit(buf, c->w - 2 - n);
	canvas_text(c, 1 + n, y, buf, ROLE_HELP, c->w - 2 - n);
	canvas_role(c, 1 + n, y, c->w - 1 - n, 1, ROLE_STATUS);
}

void
panel_fit(char *buf, int w)
{
	char	*p, *q;
	int	 n;

	for (;;) {
		for (n = 0, p = buf; *p != '\0'; p++)
			if ((*p & 0xc0) != 0x80)
				n++;
		if (n <= w)
			return;
		/* The last ", " or "  " ends the part to leave out. */
		p = NULL;
		for (q = buf; (q = strchr(q + 1, ' ')) != NULL;)
			if (q[-1] == ',' || q[-1] == ':' || q[1] == ' ')
				p = q[-1] == ',' || q[-1] == ':' ? q - 1 : q;
		if (p == NULL || p == buf)
			return;
		*p = '\0';
	}
}

/* A heading rule across w columns: "── text ─────". */
void
panel_rule(struct canvas *c, int x, int y, int w, const char *text)
{
	char	buf[256];
	int	n;

	canvas_fill(c, x, y, w, 1, 0x2500, ROLE_BORDER);
	if (text == NULL)
		return;
	snprintf(buf, sizeof buf, "%s", text);
	panel_fit(buf, w - 5);
	canvas_put(c, x + 2, y, ' ', ROLE_BORDER);
	n = canvas_text(c, x + 3, y, buf, ROLE_HEADING, w - 5);
	canvas_put(c, x + 3 + n, y, ' ', ROLE_BORDER);
}
