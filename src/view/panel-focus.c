/* SPDX-License-Identifier: ISC
 * panel-focus.c - the lane focus box: the lanes the lecturer picked
 * (say 0 and 16), each with its thread, flat thread index in the block,
 * element, byte address in hexadecimal and the sector or bank it lands
 * in, for every pane on screen.  The addresses are the model's; here only
 * where to draw them.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "panel.h"
#include "view.h"

/* One line for lane l of m into buf. */
static void
view_focus_line(const struct view_model *m, int l, char *buf, size_t len)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const struct launch_array	*arr = &m->l->arrays[s->array];
	struct rules_line		 ln[RULES_MAX_LINES];
	char				 el[64];
	int64_t				 flat, sector;
	int				 k;

	if (!(a->exists & (UINT32_C(1) << l))) {
		snprintf(buf, len, "lane %2d  no thread (the block ends)", l);
		return;
	}
	flat = (int64_t)a->tid[l][1] * m->l->block[0] + a->tid[l][0];
	if (!(a->active & (UINT32_C(1) << l))) {
		snprintf(buf, len, "lane %2d  tid %d,%d  thread %" PRId64
		    "  inactive (the guard is false)", l, a->tid[l][0],
		    a->tid[l][1], flat);
		return;
	}
	panel_element(m, l, el, sizeof el);
	/* The lane's first sector, as the sector rule finds it. */
	sector = 0;
	if (rules_lines(a->addr, UINT32_C(1) << l, a->nlanes, s->size,
	    ln) > 0)
		for (k = 3; k >= 0; k--)
			if (rules_line_sector(&ln[0], k) != 0)
				sector = ln[0].line * RULES_LINE +
				    k * RULES_SECTOR;
	if (s->space == SPACE_SHARED)
		snprintf(buf, len, "lane %2d  tid %d,%d  thread %" PRId64
		    "  %s[%s]  0x%" PRIx64 "  bank %d", l, a->tid[l][0],
		    a->tid[l][1], flat, arr->def->name, el,
		    (uint64_t)a->addr[l], m->res.s.bank[l]);
	else
		snprintf(buf, len, "lane %2d  tid %d,%d  thread %" PRId64
		    "  %s[%s]  0x%" PRIx64 "  sector 0x%" PRIx64, l,
		    a->tid[l][0], a->tid[l][1], flat, arr->def->name, el,
		    (uint64_t)a->addr[l], (uint64_t)sector);
}

void
view_draw_focus(struct canvas *c, const struct view_model *const *m, int n,
    int above)
{
	char	buf[192];
	int	i, l, lines = 0, w, h, x, y, row;

	for (i = 0; i < n; i++)
		lines += (n > 1) + __builtin_popcount(m[i]->focus);
	if (lines == 0)
		return;
	/* Right, over the lower counts (the middle on small screens): clear
	   of the lanes table, the source and the lesson text. */
	w = c->w - 4 < 66 ? c->w - 4 : 66;
	h = lines + 2;
	if (h > c->h - 2)
		h = c->h - 2;
	x = c->w - w - 1;
	y = c->h >= 35 ? c->h - h - 5 : (c->h - h) / 2 + 2;
	/* Inside the boxes, clear of the memory legend. */
	if (above > h)
		y = above - h;
	if (y + h > c->h - 1)
		y = c->h - 1 - h;
	canvas_fill(c, x, y, w, h, ' ', ROLE_NORMAL);
	canvas_box(c, x, y, w, h, "lanes in focus", ROLE_BORDER);
	canvas_clip(c, x + 1, y + 1, w - 2, h - 2);
	row = y + 1;
	for (i = 0; i < n; i++) {
		if (n > 1)
			canvas_text(c, x + 2, row++, m[i]->l->v->name,
			    ROLE_HEADING, w - 4);
		for (l = 0; l < 32; l++) {
			if (!(m[i]->focus & (UINT32_C(1) << l)))
				continue;
			view_focus_line(m[i], l, buf, sizeof buf);
			canvas_text(c, x + 2, row++, buf, ROLE_NORMAL, w - 4);
		}
	}
	canvas_unclip(c);
}
