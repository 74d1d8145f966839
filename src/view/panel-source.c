/*
 * panel-source.c - the kernel's source, the access's line highlighted and
 * scrolled into view.
 *
 * Units: lines 1-based, columns in cells (tabs expand to PANEL_TAB).
 * Must not print, allocate, or know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "panel.h"

#define PANEL_TAB	4

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
panel_source_draw(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int arg)
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
	if (cur > 0 && (p = catalog_line_start(src, cur)) != NULL) {
		at = col;
		panel_expand(p, buf, sizeof buf, &at);
		if (at >= 0 && at + len > w - 6)
			hoff = at + len - (w - 6) + 1;
		if (hoff > at)
			hoff = at;
	}
	for (row = 0; row < h && top + row <= last; row++) {
		n = top + row;
		p = catalog_line_start(src, n);
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

const struct panel panel_source = {
	.name = "source",
	.draw = panel_source_draw,
};
